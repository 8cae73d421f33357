//! `dugout bot`: a [`Strategy`] playing real matches over a [`Session`].
//!
//! For each game the bot creates a room and waits for an opponent, or joins an open room
//! (a given one, or the first it finds, waiting for one to open), says `ready`, and plays:
//! whenever the room's pending decision is this seat's (the server then sends the legal
//! commands), the strategy picks one of them and the bot sends it; the events of every
//! `events` message go to [`Strategy::observe`]. When the match is over the bot leaves the
//! room and starts the next game.

use std::fmt;
use std::io::Write;

use dugout_protocol::{
    ClientMessage, ErrorCode, MatchResult, RoomEvent, RoomId, RoomSpec, RoomStatus, ServerMessage,
};
use dugout_rules::bb::{Roster, TeamChoice};
use dugout_rules::blitz::Edition;
use dugout_rules::blitz::data::TeamId;
use dugout_rules::core::{ChaChaDice, DiceSource, Die, Seat, Side};
use dugout_rules::{AnyCommand, AnyEvent, AnyView, GameKind};

use crate::game::{self, WrongGame};
use crate::net::{self, Answer, Refusal, Session, Update, joinable};
use crate::strategy::{GreedyStrategy, RandomStrategy, Strategy};

/// How long to wait for lobby news before asking for the room list again.
const RELIST: std::time::Duration = std::time::Duration::from_secs(5);

/// Refusals in a row after which a bot gives up on a match (it is confused, not unlucky).
const MAX_REFUSALS_IN_A_ROW: u32 = 20;

/// Times a game is started over (the room closed under us, a join race lost) before the
/// bot gives up.
const MAX_GAME_RESTARTS: u32 = 20;

/// Which strategy plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum StrategyKind {
    /// Uniform over the legal commands.
    Random,
    /// A heuristic: Blitz Bowl's scores each command one step ahead (`strategy::greedy`),
    /// Blood Bowl's takes the first worthwhile Action by priorities with the dice odds
    /// (`bb::strategy::greedy`).
    Greedy,
}

impl StrategyKind {
    /// The Blitz Bowl bot of this kind.
    pub fn build(self, seed: u64) -> Box<dyn Strategy> {
        match self {
            StrategyKind::Random => Box::new(RandomStrategy::new(seed)),
            StrategyKind::Greedy => Box::new(GreedyStrategy::new(seed)),
        }
    }

    /// The Blood Bowl bot of this kind.
    pub fn build_bb(self, seed: u64) -> Result<Box<dyn crate::bb::strategy::Strategy>, String> {
        match self {
            StrategyKind::Random => Ok(Box::new(crate::bb::strategy::RandomStrategy::new(seed))),
            StrategyKind::Greedy => Ok(Box::new(crate::bb::strategy::GreedyStrategy::new(seed))),
        }
    }

    /// The bot of this kind for a match of `game`.
    pub fn player(self, game: GameKind, seed: u64) -> Result<Player, String> {
        match game {
            GameKind::Blitz => Ok(Player::Blitz(self.build(seed))),
            GameKind::BloodBowl => self.build_bb(seed).map(Player::BloodBowl),
        }
    }
}

/// A strategy for the game of the match it plays: the one place the bot goes from the
/// wire's game-tagged payloads to a game's own bot.
pub enum Player {
    Blitz(Box<dyn Strategy>),
    BloodBowl(Box<dyn crate::bb::strategy::Strategy>),
}

/// What a [`Player`] answered.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub command: AnyCommand,
    /// The strategy picked a command that is not legal (this one is the first legal one
    /// instead): what it picked.
    pub illegal: Option<String>,
}

impl Player {
    pub fn kind(&self) -> GameKind {
        match self {
            Player::Blitz(_) => GameKind::Blitz,
            Player::BloodBowl(_) => GameKind::BloodBowl,
        }
    }

    /// Whether the strategy reads the view (see [`Strategy::needs_view`]).
    pub fn needs_view(&self) -> bool {
        match self {
            Player::Blitz(s) => s.needs_view(),
            Player::BloodBowl(s) => s.needs_view(),
        }
    }

    /// The events of the last command, as projected for this seat (events of another game
    /// cannot belong to this match and are skipped).
    pub fn observe(&mut self, events: &[AnyEvent]) {
        match self {
            Player::Blitz(s) => {
                let seen: Vec<_> = events
                    .iter()
                    .filter_map(|e| game::blitz::event(e).ok())
                    .collect();
                if !seen.is_empty() {
                    s.observe(&seen);
                }
            }
            Player::BloodBowl(s) => {
                let seen: Vec<_> = events
                    .iter()
                    .filter_map(|e| game::bb::event(e).ok())
                    .collect();
                if !seen.is_empty() {
                    s.observe(&seen);
                }
            }
        }
    }

    /// One of the decision's legal commands, for the seat that sees `view`.
    pub fn choose(
        &mut self,
        view: &AnyView,
        decision: &dugout_protocol::Decision,
    ) -> Result<Choice, WrongGame> {
        fn pick<C: Copy + PartialEq + fmt::Debug>(
            legal: &[C],
            cmd: C,
            fallback: C,
            wire: fn(C) -> AnyCommand,
        ) -> Choice {
            if legal.contains(&cmd) {
                Choice {
                    command: wire(cmd),
                    illegal: None,
                }
            } else {
                Choice {
                    command: wire(legal.first().copied().unwrap_or(fallback)),
                    illegal: Some(format!("{cmd:?}")),
                }
            }
        }
        match self {
            Player::Blitz(s) => {
                let view = game::blitz::view(view)?;
                let d = game::blitz::Decision::from_wire(decision)?;
                let cmd = s.choose(&view, &d.legal);
                Ok(pick(
                    &d.legal,
                    cmd,
                    dugout_rules::blitz::Command::EndTurn,
                    game::blitz::command,
                ))
            }
            Player::BloodBowl(s) => {
                let view = game::bb::view(view)?;
                let d = game::bb::Decision::from_wire(decision)?;
                let cmd = s.choose(&view, &d.legal);
                Ok(pick(
                    &d.legal,
                    cmd,
                    dugout_rules::bb::Command::EndTurn,
                    game::bb::command,
                ))
            }
        }
    }
}

/// The rooms a bot creates: the game and its setup. Teams left `None` are drawn from the
/// seed for each game.
#[derive(Clone, Debug, PartialEq)]
pub enum RoomPlan {
    Blitz {
        edition: Edition,
        teams: [Option<TeamId>; 2],
    },
    BloodBowl {
        teams: [Option<Roster>; 2],
    },
}

impl RoomPlan {
    /// The plan for `game` from the command line's words: `edition` is Blitz Bowl's alone
    /// (Blood Bowl plays LRB6); each team must be one of `game`'s.
    pub fn new(
        game: GameKind,
        edition: Option<Edition>,
        teams: [Option<&TeamName>; 2],
    ) -> Result<RoomPlan, String> {
        match game {
            GameKind::Blitz => {
                let mut t = [None, None];
                for (slot, name) in t.iter_mut().zip(teams) {
                    *slot = name.map(TeamName::blitz).transpose()?;
                }
                Ok(RoomPlan::Blitz {
                    edition: edition.unwrap_or(Edition::Bb2024),
                    teams: t,
                })
            }
            GameKind::BloodBowl => {
                if let Some(e) = edition {
                    return Err(format!(
                        "--edition {e:?} is a Blitz Bowl option; Blood Bowl plays LRB6 only"
                    ));
                }
                let mut t = [None, None];
                for (slot, name) in t.iter_mut().zip(teams) {
                    *slot = name.map(TeamName::blood_bowl).transpose()?;
                }
                Ok(RoomPlan::BloodBowl { teams: t })
            }
        }
    }

    pub fn game(&self) -> GameKind {
        match self {
            RoomPlan::Blitz { .. } => GameKind::Blitz,
            RoomPlan::BloodBowl { .. } => GameKind::BloodBowl,
        }
    }
}

/// Create rooms or join them.
#[derive(Clone, Debug, PartialEq)]
pub enum Mode {
    /// Create a room of this plan for each game and wait for an opponent.
    Create(RoomPlan),
    /// Join `room` for the first game (`None`: the first open one), then the first open room
    /// for each later game; only rooms of `game` when it is given (a room given by id is
    /// played whatever its game).
    Join {
        room: Option<RoomId>,
        game: Option<GameKind>,
    },
}

/// Everything `dugout bot` needs.
#[derive(Clone, Debug)]
pub struct BotConfig {
    pub session: net::SessionConfig,
    pub strategy: StrategyKind,
    /// Seeds the strategy (game `i`, from 0, uses `seed + i`) and the teams drawn for
    /// created rooms.
    pub seed: u64,
    pub mode: Mode,
    pub games: u32,
}

/// How one game went, from this bot's seat.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// 1-based.
    pub game: u32,
    pub room: RoomId,
    pub side: Side,
    /// Home, Away (from `match_started`; empty if this bot never saw it).
    pub coaches: [String; 2],
    pub result: MatchResult,
    /// Commands this bot sent and the server accepted, and refused.
    pub commands: u64,
    pub refused: u64,
}

impl GameRecord {
    /// `won`, `lost` or `drawn`.
    pub fn verdict(&self) -> &'static str {
        match self.result.winner() {
            Some(w) if w == self.side => "won",
            Some(_) => "lost",
            None => "drawn",
        }
    }

    /// The same line for both coaches of a match: room, coaches, score, winner, how.
    pub fn result_line(&self) -> String {
        let score = match self.result {
            MatchResult::Game { score, .. } => format!("{}-{}", score[0], score[1]),
            _ => "-".into(),
        };
        let winner = match self.result.winner() {
            Some(side) => format!("{side:?}"),
            None => "draw".into(),
        };
        let by = match self.result {
            MatchResult::Game { .. } => "game",
            MatchResult::Concession { .. } => "concession",
            MatchResult::Forfeit { .. } => "forfeit",
        };
        format!(
            "result room={} home={} away={} score={score} winner={winner} by={by}",
            self.room, self.coaches[0], self.coaches[1]
        )
    }
}

/// Totals over the games played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub games: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub points_for: u64,
    pub points_against: u64,
    pub commands: u64,
    pub refused: u64,
    pub reconnects: u32,
    /// Snapshots asked for while playing (not counting the ones the server sends on
    /// joining): a bot follows a match from its events, and asks only when its view is out
    /// of date (a refusal, a match of an older rules version).
    pub snapshots: u64,
}

impl Summary {
    fn add(&mut self, g: &GameRecord) {
        self.games += 1;
        match g.verdict() {
            "won" => self.won += 1,
            "lost" => self.lost += 1,
            _ => self.drawn += 1,
        }
        if let MatchResult::Game { score, .. } = g.result {
            self.points_for += u64::from(score[g.side.index()]);
            self.points_against += u64::from(score[g.side.other().index()]);
        }
        self.commands += g.commands;
        self.refused += g.refused;
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "summary: {} games, {} won, {} drawn, {} lost; points {}-{}; {} commands, {} refused, {} reconnects, {} snapshots asked",
            self.games,
            self.won,
            self.drawn,
            self.lost,
            self.points_for,
            self.points_against,
            self.commands,
            self.refused,
            self.reconnects,
            self.snapshots
        )
    }
}

/// Why a bot stopped before its games were played.
#[derive(Debug)]
pub enum BotError {
    Net(net::Error),
    /// A request the bot cannot do without was refused.
    Refused {
        what: &'static str,
        refusal: Refusal,
    },
    /// The server answered something the bot cannot make sense of.
    Confused(String),
    Output(std::io::Error),
}

impl fmt::Display for BotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotError::Net(e) => write!(f, "{e}"),
            BotError::Refused { what, refusal } => write!(f, "{what} refused: {refusal}"),
            BotError::Confused(why) => write!(f, "{why}"),
            BotError::Output(e) => write!(f, "cannot write the report: {e}"),
        }
    }
}

impl std::error::Error for BotError {}

impl From<net::Error> for BotError {
    fn from(e: net::Error) -> Self {
        BotError::Net(e)
    }
}

impl From<std::io::Error> for BotError {
    fn from(e: std::io::Error) -> Self {
        BotError::Output(e)
    }
}

/// Why one game attempt did not produce a result, when trying again may help.
enum Setback {
    /// The room closed, or a join race was lost: start this game over.
    Again(String),
    Fatal(BotError),
}

impl<E: Into<BotError>> From<E> for Setback {
    fn from(e: E) -> Self {
        Setback::Fatal(e.into())
    }
}

/// A bot on a connected session.
pub struct Bot<'a> {
    session: Session,
    config: BotConfig,
    /// Results and the summary (stdout).
    out: &'a mut dyn Write,
    /// Progress and warnings (stderr).
    log: &'a mut dyn Write,
    /// Snapshots asked for so far.
    snapshots: u64,
}

impl<'a> Bot<'a> {
    pub fn new(
        session: Session,
        config: BotConfig,
        out: &'a mut dyn Write,
        log: &'a mut dyn Write,
    ) -> Bot<'a> {
        Bot {
            session,
            config,
            out,
            log,
            snapshots: 0,
        }
    }

    /// Play the configured number of games; print each result and the summary. Returns the
    /// records and the summary, and the session (to close it).
    pub async fn run(mut self) -> (Result<(Vec<GameRecord>, Summary), BotError>, Session) {
        let r = self.play_all().await;
        (r, self.session)
    }

    async fn play_all(&mut self) -> Result<(Vec<GameRecord>, Summary), BotError> {
        let mut records = Vec::new();
        let mut summary = Summary::default();
        let mut restarts = 0;
        let mut game = 1;
        while game <= self.config.games {
            match self.play_game(game).await {
                Ok(record) => {
                    summary.add(&record);
                    let opponent = &record.coaches[record.side.other().index()];
                    let score = match record.result {
                        MatchResult::Game { score, .. } => format!(
                            " {}-{}",
                            score[record.side.index()],
                            score[record.side.other().index()]
                        ),
                        MatchResult::Concession { .. } => " by concession".into(),
                        MatchResult::Forfeit { .. } => " by forfeit".into(),
                    };
                    writeln!(
                        self.out,
                        "game {game}/{}: {}{score} as {:?} against {opponent} in room {} ({} commands, {} refused)",
                        self.config.games,
                        record.verdict(),
                        record.side,
                        record.room,
                        record.commands,
                        record.refused
                    )?;
                    writeln!(self.out, "{}", record.result_line())?;
                    self.out.flush()?;
                    records.push(record);
                    game += 1;
                }
                Err(Setback::Again(why)) => {
                    restarts += 1;
                    writeln!(self.log, "dugout bot: game {game}: {why}; starting it over")?;
                    if restarts > MAX_GAME_RESTARTS {
                        return Err(BotError::Confused(format!(
                            "gave up after {restarts} restarts: {why}"
                        )));
                    }
                }
                Err(Setback::Fatal(e)) => return Err(e),
            }
        }
        summary.reconnects = self.session.reconnects();
        summary.snapshots = self.snapshots;
        writeln!(self.out, "{summary}")?;
        self.out.flush()?;
        Ok((records, summary))
    }

    /// One game: find or make a room, sit down, be ready, play to the end, leave.
    async fn play_game(&mut self, game: u32) -> Result<GameRecord, Setback> {
        let room = match self.config.mode.clone() {
            Mode::Create(plan) => {
                let room = self.create_room(game, &plan).await?;
                writeln!(
                    self.log,
                    "dugout bot: game {game}: created room {room}; waiting for an opponent"
                )?;
                self.join(&room).await.map_err(|r| {
                    Setback::Fatal(BotError::Refused {
                        what: "joining the room we created",
                        refusal: r,
                    })
                })??;
                room
            }
            Mode::Join {
                room: Some(room), ..
            } if game == 1 => {
                self.join(&room).await.map_err(|r| {
                    Setback::Fatal(BotError::Refused {
                        what: "join_room",
                        refusal: r,
                    })
                })??;
                room
            }
            Mode::Join { game: kind, .. } => self.find_and_join(kind).await?,
        };
        writeln!(self.log, "dugout bot: game {game}: seated in room {room}")?;
        match self
            .session
            .request(|id| ClientMessage::Ready {
                id,
                room: room.clone(),
            })
            .await?
        {
            Answer::Ack(_) => {}
            // Our own seat in a match under way (a restarted bot, `--join ROOM`): play on.
            Answer::Refused(r) if r.code == ErrorCode::NotPlaying => {
                writeln!(
                    self.log,
                    "dugout bot: the match in room {room} has started already; following it"
                )?;
            }
            Answer::Refused(r) if r.code == ErrorCode::UnknownRoom => {
                return Err(Setback::Again(format!("room {room} closed: {r}")));
            }
            Answer::Refused(r) => {
                return Err(Setback::Fatal(BotError::Refused {
                    what: "ready",
                    refusal: r,
                }));
            }
            Answer::Interrupted => return Err(Setback::Again("ready interrupted".into())),
        }
        let seed = self.config.seed.wrapping_add(u64::from(game - 1));
        let record = self.play(game, &room, seed).await;
        // Stop following the room whatever happened; a refusal here changes nothing.
        let _ = self
            .session
            .request(|id| ClientMessage::Leave {
                id,
                room: room.clone(),
            })
            .await;
        self.session.forget(&room);
        record
    }

    async fn create_room(&mut self, game: u32, plan: &RoomPlan) -> Result<RoomId, Setback> {
        let mut dice = ChaChaDice::from_u64(self.config.seed ^ (u64::from(game) << 32));
        let setup = match plan {
            RoomPlan::Blitz { edition, teams } => {
                // Only teams the edition fields (a 2018 team has six players).
                let allowed = dugout_rules::blitz::teams_for(*edition);
                let mut draw = || draw_one(&mut dice, &allowed, TeamId::Human);
                let home = teams[0].unwrap_or_else(&mut draw);
                let away = teams[1].unwrap_or_else(&mut draw);
                game::blitz::setup(dugout_rules::blitz::MatchSetup {
                    edition: *edition,
                    teams: [home, away],
                    options: Default::default(),
                })
            }
            RoomPlan::BloodBowl { teams } => {
                // Only rosters whose every position is built and that need no option.
                let allowed: Vec<Roster> = dugout_rules::bb::random_play::playable_rosters()
                    .into_iter()
                    .filter(|r| !r.data().unofficial)
                    .collect();
                let mut draw = || draw_one(&mut dice, &allowed, Roster::Human);
                let home = teams[0].unwrap_or_else(&mut draw);
                let away = teams[1].unwrap_or_else(&mut draw);
                game::bb::setup(dugout_rules::bb::MatchSetup {
                    teams: [TeamChoice::Roster(home), TeamChoice::Roster(away)],
                    options: Default::default(),
                    pre_match: Default::default(),
                })
            }
        };
        let spec = RoomSpec {
            setup,
            timer: Default::default(),
            private: false,
            league: None,
        };
        match self
            .session
            .request(|id| ClientMessage::CreateRoom {
                id,
                room: spec.clone(),
            })
            .await?
        {
            Answer::Ack(ack) => ack.room.ok_or_else(|| {
                Setback::Fatal(BotError::Confused(
                    "create_room acked without a room".into(),
                ))
            }),
            Answer::Refused(r) => Err(Setback::Fatal(BotError::Refused {
                what: "create_room",
                refusal: r,
            })),
            Answer::Interrupted => Err(Setback::Again(
                "the connection dropped during create_room".into(),
            )),
        }
    }

    /// Take the free seat of `room`, with fresh entropy for the dice. `Err`: refused.
    async fn join(&mut self, room: &str) -> Result<Result<(), Setback>, Refusal> {
        let entropy = entropy();
        let answer = self
            .session
            .request(|id| ClientMessage::JoinRoom {
                id,
                room: room.to_owned(),
                seat: None,
                entropy,
            })
            .await;
        match answer {
            Err(e) => Ok(Err(e.into())),
            Ok(Answer::Ack(_)) => Ok(Ok(())),
            Ok(Answer::Refused(r)) => Err(r),
            Ok(Answer::Interrupted) => Ok(Err(Setback::Again("join interrupted".into()))),
        }
    }

    /// Join the first open room there is (of `game`, if given), waiting for one if need be.
    async fn find_and_join(&mut self, game: Option<GameKind>) -> Result<RoomId, Setback> {
        let wanted = |r: &dugout_protocol::RoomSummary| game.is_none_or(|g| r.setup.kind() == g);
        let me = self.session.account().to_owned();
        let mut said_waiting = false;
        loop {
            // Ask for the list; it comes (as an update) before the ack.
            match self
                .session
                .request(|id| ClientMessage::ListRooms { id })
                .await?
            {
                Answer::Ack(_) => {}
                Answer::Refused(r) => {
                    return Err(Setback::Fatal(BotError::Refused {
                        what: "list_rooms",
                        refusal: r,
                    }));
                }
                Answer::Interrupted => continue,
            }
            let relist_at = tokio::time::Instant::now() + RELIST;
            loop {
                let wait = relist_at.saturating_duration_since(tokio::time::Instant::now());
                let Some(update) = self.session.next_update_within(wait).await? else {
                    break;
                };
                let candidates: Vec<RoomId> = match update {
                    Update::Server(ServerMessage::Rooms { rooms }) => rooms
                        .iter()
                        .filter(|r| joinable(r, &me) && wanted(r))
                        .map(|r| r.room.clone())
                        .collect(),
                    Update::Server(ServerMessage::RoomChanged { room })
                        if joinable(&room, &me) && wanted(&room) =>
                    {
                        vec![room.room]
                    }
                    _ => continue,
                };
                for room in candidates {
                    match self.join(&room).await {
                        Ok(Ok(())) => return Ok(room),
                        Ok(Err(setback)) => return Err(setback),
                        // Someone else was quicker, or the room went: try the next one.
                        Err(r) => {
                            writeln!(self.log, "dugout bot: cannot join room {room}: {r}")?;
                        }
                    }
                }
            }
            if !said_waiting {
                writeln!(self.log, "dugout bot: no open room yet; waiting for one")?;
                said_waiting = true;
            }
        }
    }

    /// Play `room` to its end. The strategy (seeded with `seed`) is made for the room's
    /// game when its first game payload arrives.
    async fn play(&mut self, game: u32, room: &str, seed: u64) -> Result<GameRecord, Setback> {
        let mut strategy: Option<Player> = None;
        let mut coaches = [String::new(), String::new()];
        // The `updates` count of the room state last answered: each decision once.
        let mut answered: Option<u64> = None;
        let mut asked_view: Option<u64> = None;
        let mut commands = 0u64;
        let mut refused = 0u64;
        let mut refused_in_a_row = 0u32;
        // The first time round, look at the state the join left before waiting for news
        // (a bot that rejoins its running match may have all it needs already).
        let mut wait = false;
        loop {
            let update = if wait || self.session.has_updates() {
                Some(self.session.next_update().await?)
            } else {
                None
            };
            wait = true;
            if let Some(update) = update {
                self.absorb(room, update, seed, &mut strategy, &mut coaches)?;
            }
            // Catch up with everything received before deciding anything.
            if self.session.has_updates() {
                continue;
            }
            let Some(state) = self.session.room(room) else {
                continue;
            };
            if let Some(result) = state.result {
                let side = match state.seat {
                    Some(Seat::Coach(side)) => side,
                    _ => {
                        return Err(Setback::Fatal(BotError::Confused(format!(
                            "room {room} ended but this bot had no seat in it"
                        ))));
                    }
                };
                return Ok(GameRecord {
                    game,
                    room: room.to_owned(),
                    side,
                    coaches,
                    result,
                    commands,
                    refused,
                });
            }
            let Some(decision) = &state.decision else {
                continue;
            };
            let strategy = match &mut strategy {
                Some(s) => s,
                None => strategy.insert(
                    self.config
                        .strategy
                        .player(decision.pending.kind(), seed)
                        .map_err(|e| Setback::Fatal(BotError::Confused(e)))?,
                ),
            };
            let mine = match (state.seat, decision.pending.deciding()) {
                (Some(Seat::Coach(me)), Some(coach)) => me == coach,
                // Only the deciding coach is sent legal commands.
                (None, Some(_)) => true,
                _ => false,
            };
            if !mine || decision.pending.legal_len() == 0 || answered == Some(state.updates) {
                continue;
            }
            let now = state.updates;
            let view: AnyView = match &state.view {
                Some(view) if state.view_is_current() || !strategy.needs_view() => {
                    view.as_ref().clone()
                }
                None if state.seat.is_none() && state.updates <= 1 => {
                    // The match has just started: the server sends the whole state right
                    // after its first events; wait for it rather than ask.
                    continue;
                }
                _ => {
                    if asked_view == Some(now) {
                        // Asked already and got no newer state: wait for one.
                        continue;
                    }
                    asked_view = Some(now);
                    self.resync(room).await?;
                    continue;
                }
            };
            let choice = strategy
                .choose(&view, decision)
                .map_err(|e| Setback::Fatal(BotError::Confused(e.to_string())))?;
            if let Some(illegal) = &choice.illegal {
                writeln!(
                    self.log,
                    "dugout bot: the strategy chose {illegal}, not a legal command; playing the first legal one"
                )?;
            }
            let cmd = choice.command;
            answered = Some(now);
            let answer = self
                .session
                .request(|id| ClientMessage::Command {
                    id,
                    room: room.to_owned(),
                    command: cmd.clone(),
                })
                .await?;
            match answer {
                Answer::Ack(_) => {
                    commands += 1;
                    refused_in_a_row = 0;
                }
                Answer::Refused(r) => {
                    refused += 1;
                    refused_in_a_row += 1;
                    writeln!(self.log, "dugout bot: {cmd:?} refused: {r}")?;
                    if refused_in_a_row >= MAX_REFUSALS_IN_A_ROW {
                        return Err(Setback::Fatal(BotError::Refused {
                            what: "command (too many in a row)",
                            refusal: r,
                        }));
                    }
                    // The state we answered is out of date (a timer played for us?): get
                    // the current one. Over: the end comes in the events anyway.
                    if r.code != ErrorCode::NotPlaying {
                        self.resync(room).await?;
                    }
                }
                Answer::Interrupted => {
                    // Not for commands (they are sent again after a reconnect); be safe.
                    self.resync(room).await?;
                }
            }
        }
    }

    /// Take in one update while playing `room`: events go to the strategy, the coaches'
    /// names are noted, news about the room and the connection is logged.
    fn absorb(
        &mut self,
        room: &str,
        update: Update,
        seed: u64,
        strategy: &mut Option<Player>,
        coaches: &mut [String; 2],
    ) -> Result<(), Setback> {
        match update {
            Update::Server(ServerMessage::Events {
                room: r, events, ..
            }) if r == room => {
                let mut seen: Vec<AnyEvent> = Vec::new();
                for e in events {
                    match e.event {
                        RoomEvent::Game { event } => seen.push(event),
                        RoomEvent::MatchStarted { coaches: c, .. } => *coaches = c,
                        _ => {}
                    }
                }
                if let Some(first) = seen.first() {
                    let player = match strategy {
                        Some(p) => p,
                        None => strategy.insert(
                            self.config
                                .strategy
                                .player(first.kind(), seed)
                                .map_err(|e| Setback::Fatal(BotError::Confused(e)))?,
                        ),
                    };
                    player.observe(&seen);
                }
            }
            Update::Server(ServerMessage::RoomChanged { room: summary })
                if summary.room == room && summary.status == RoomStatus::Closed =>
            {
                return Err(Setback::Again(format!("room {room} closed")));
            }
            Update::Server(ServerMessage::RoomChanged { room: summary })
                if summary.room == room =>
            {
                // Names for a match this bot joined after its start (no match_started).
                for (i, name) in summary.seats.iter().enumerate() {
                    if let (Some(name), Some(slot)) = (name, coaches.get_mut(i))
                        && slot.is_empty()
                    {
                        slot.clone_from(name);
                    }
                }
            }
            Update::Server(ServerMessage::Error { id, code, message }) => {
                writeln!(
                    self.log,
                    "dugout bot: server error {code:?} ({id:?}): {message}"
                )?;
                if code == ErrorCode::UnknownRoom
                    && self.session.room(room).is_none_or(|s| !s.following)
                {
                    return Err(Setback::Again(format!("room {room} is gone")));
                }
            }
            Update::Reconnected { attempts } => {
                writeln!(
                    self.log,
                    "dugout bot: reconnected ({attempts} attempts); resuming room {room}"
                )?;
            }
            Update::Unreadable { text, why } => {
                writeln!(self.log, "dugout bot: unreadable message ({why}): {text}")?;
            }
            _ => {}
        }
        Ok(())
    }

    /// Ask for a snapshot of `room` (it comes as an update before the ack).
    async fn resync(&mut self, room: &str) -> Result<(), Setback> {
        self.snapshots += 1;
        match self
            .session
            .request(|id| ClientMessage::Snapshot {
                id,
                room: room.to_owned(),
            })
            .await?
        {
            Answer::Ack(_) | Answer::Interrupted => Ok(()),
            Answer::Refused(r) if r.code == ErrorCode::NotPlaying => Ok(()),
            Answer::Refused(r) if r.code == ErrorCode::UnknownRoom => {
                Err(Setback::Again(format!("room {room} closed: {r}")))
            }
            Answer::Refused(r) => {
                writeln!(self.log, "dugout bot: snapshot refused: {r}")?;
                Ok(())
            }
        }
    }
}

/// 16 random bytes as hex for `join_room`'s `entropy` (`None` if the OS has none to give).
fn entropy() -> Option<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// One of `pool` drawn with `dice` (`fallback` for an empty pool).
fn draw_one<T: Copy>(dice: &mut ChaChaDice, pool: &[T], fallback: T) -> T {
    let n = u16::try_from(pool.len()).unwrap_or(u16::MAX);
    let i = usize::from(dice.roll(Die::Range(n)));
    pool.get(i).copied().unwrap_or(fallback)
}

/// A team as typed on the command line, before the game is known: the Blitz Bowl team and
/// the Blood Bowl roster of that name (at least one of them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamName {
    pub typed: String,
    pub blitz: Option<TeamId>,
    pub blood_bowl: Option<Roster>,
}

impl TeamName {
    /// The Blitz Bowl team of this name.
    pub fn blitz(&self) -> Result<TeamId, String> {
        self.blitz.ok_or_else(|| {
            let all: Vec<String> = TeamId::ALL.iter().map(|t| format!("{t:?}")).collect();
            format!(
                "Blitz Bowl has no team {:?}; one of {}",
                self.typed,
                all.join(", ")
            )
        })
    }

    /// The Blood Bowl roster of this name.
    pub fn blood_bowl(&self) -> Result<Roster, String> {
        self.blood_bowl.ok_or_else(|| {
            let all: Vec<&str> = Roster::ALL.iter().map(|r| r.data().name).collect();
            format!(
                "Blood Bowl has no roster {:?}; one of {}",
                self.typed,
                all.join(", ")
            )
        })
    }
}

/// A name without case, spaces, `-` or `_`.
fn norm(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// A team by name, ignoring case, `-`, `_` and spaces: `orc`, `BlackOrc`, `black-orc`,
/// `Wood Elf`; a team of either game.
pub fn parse_team(name: &str) -> Result<TeamName, String> {
    let wanted = norm(name);
    let blitz = TeamId::ALL
        .iter()
        .copied()
        .find(|t| norm(&format!("{t:?}")) == wanted);
    let blood_bowl = Roster::parse(name);
    if blitz.is_none() && blood_bowl.is_none() {
        let all: Vec<String> = TeamId::ALL.iter().map(|t| format!("{t:?}")).collect();
        let bb: Vec<&str> = Roster::ALL.iter().map(|r| r.data().name).collect();
        return Err(format!(
            "unknown team {name:?}; Blitz Bowl: {}; Blood Bowl: {}",
            all.join(", "),
            bb.join(", ")
        ));
    }
    Ok(TeamName {
        typed: name.to_owned(),
        blitz,
        blood_bowl,
    })
}

/// A game as people type it: `blitz`, `Blitz Bowl`, `blood_bowl`, `blood-bowl`,
/// `BloodBowl` (any case).
pub fn parse_game(name: &str) -> Result<GameKind, String> {
    let wanted = norm(name);
    GameKind::ALL
        .iter()
        .copied()
        .find(|&k| norm(k.name()) == wanted || norm(game::title(k)) == wanted)
        .ok_or_else(|| {
            let all: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
            format!("unknown game {name:?}; one of {}", all.join(", "))
        })
}

/// An edition: `2018`, `2024`, `bb2018`, `bb2024` (any case).
pub fn parse_edition(name: &str) -> Result<Edition, String> {
    match name.to_ascii_lowercase().trim_start_matches("bb") {
        "2018" => Ok(Edition::Bb2018),
        "2024" => Ok(Edition::Bb2024),
        _ => Err(format!("unknown edition {name:?}; 2018 or 2024")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teams_parse_loosely() {
        let t = |name: &str| parse_team(name).map(|t| (t.blitz, t.blood_bowl));
        assert_eq!(t("orc"), Ok((Some(TeamId::Orc), Some(Roster::Orc))));
        assert_eq!(t("black-orc"), Ok((Some(TeamId::BlackOrc), None)));
        assert_eq!(
            t("Wood Elf"),
            Ok((Some(TeamId::WoodElf), Some(Roster::WoodElf)))
        );
        assert_eq!(t("wood_elf"), t("WoodElf"));
        assert!(parse_team("martians").is_err());
        let black_orc = parse_team("black-orc").unwrap_or_else(|e| panic!("{e}"));
        let why = black_orc.blood_bowl().expect_err("not a Blood Bowl roster");
        assert!(why.contains("Blood Bowl has no roster"), "{why}");
    }

    #[test]
    fn games_parse_as_people_type_them() {
        for name in ["blood_bowl", "Blood Bowl", "blood-bowl", "BLOODBOWL"] {
            assert_eq!(parse_game(name), Ok(GameKind::BloodBowl), "{name}");
        }
        for name in ["blitz", "Blitz Bowl", "blitz_bowl"] {
            assert_eq!(parse_game(name), Ok(GameKind::Blitz), "{name}");
        }
        assert!(parse_game("chess").is_err());
    }

    #[test]
    fn a_room_plan_takes_only_its_own_games_words() {
        let orc = parse_team("orc").unwrap_or_else(|e| panic!("{e}"));
        let black_orc = parse_team("black orc").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            RoomPlan::new(GameKind::BloodBowl, None, [Some(&orc), None]),
            Ok(RoomPlan::BloodBowl {
                teams: [Some(Roster::Orc), None]
            })
        );
        assert!(RoomPlan::new(GameKind::BloodBowl, None, [None, Some(&black_orc)]).is_err());
        assert!(RoomPlan::new(GameKind::BloodBowl, Some(Edition::Bb2018), [None, None]).is_err());
        assert_eq!(
            RoomPlan::new(GameKind::Blitz, None, [Some(&black_orc), None]),
            Ok(RoomPlan::Blitz {
                edition: Edition::Bb2024,
                teams: [Some(TeamId::BlackOrc), None]
            })
        );
    }

    #[test]
    fn editions_parse() {
        assert_eq!(parse_edition("2018"), Ok(Edition::Bb2018));
        assert_eq!(parse_edition("Bb2024"), Ok(Edition::Bb2024));
        assert!(parse_edition("1987").is_err());
    }

    #[test]
    fn entropy_is_sixteen_bytes_of_hex() {
        let e = entropy().expect("the OS has randomness");
        assert_eq!(e.len(), 32);
        assert!(e.chars().all(|c| c.is_ascii_hexdigit()));
    }

    #[test]
    fn both_coaches_print_the_same_result_line() {
        let home = GameRecord {
            game: 1,
            room: "r".into(),
            side: Side::Home,
            coaches: ["a".into(), "b".into()],
            result: MatchResult::Game {
                outcome: dugout_rules::AnyOutcome::Blitz(dugout_rules::blitz::Outcome::Points {
                    winner: Some(Side::Away),
                }),
                score: [1, 2],
            },
            commands: 10,
            refused: 0,
        };
        let away = GameRecord {
            side: Side::Away,
            commands: 12,
            ..home.clone()
        };
        assert_eq!(home.result_line(), away.result_line());
        assert_eq!(
            home.result_line(),
            "result room=r home=a away=b score=1-2 winner=Away by=game"
        );
        assert_eq!(home.verdict(), "lost");
        assert_eq!(away.verdict(), "won");
        let mut s = Summary::default();
        s.add(&home);
        s.add(&away);
        assert_eq!(
            (s.won, s.lost, s.points_for, s.points_against),
            (1, 1, 3, 3)
        );
    }
}
