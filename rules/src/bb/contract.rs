//! Blood Bowl under the game contract ([`crate::core::Ruleset`]).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use std::borrow::Cow;

use super::*;
use crate::core::{RefusedCommand, Ruleset, Seat, SetupCatalogue, SetupNames, Summary, TurnMarker};

impl Ruleset for Game {
    const NAME: &'static str = "blood_bowl";
    const RULES_VERSION: u32 = RULES_VERSION;
    const OLDEST_RULES_VERSION: u32 = OLDEST_RULES_VERSION;
    const FOLDS_FROM_VERSION: u32 = 1;

    type Setup = MatchSetup;
    type Command = Command;
    type Prompt = Prompt;
    type Event = Event;
    type View = GameView;
    type Outcome = Outcome;

    fn validate(setup: &MatchSetup) -> Result<(), SetupError> {
        validate(setup)
    }

    fn new_game(
        setup: MatchSetup,
        version: u32,
        dice: &mut dyn DiceSource,
    ) -> Result<(Game, Vec<Event>), SetupError> {
        new_game_versioned(setup, version, dice)
    }

    fn setup(&self) -> &MatchSetup {
        &self.setup
    }

    fn rules_version(&self) -> u32 {
        self.rules_version
    }

    fn prompt(&self) -> &Prompt {
        &self.prompt
    }

    fn over_prompt() -> Prompt {
        Prompt {
            coach: None,
            kind: PromptKind::GameOver,
        }
    }

    fn prompt_coach(prompt: &Prompt) -> Option<Side> {
        prompt.coach
    }

    fn legal_commands(&self) -> Cow<'_, [Command]> {
        match self.legal.get() {
            Some(cached) => Cow::Borrowed(cached),
            None => Cow::Owned(legal_commands(self)),
        }
    }

    fn is_legal(&self, cmd: &Command) -> bool {
        is_legal(self, cmd)
    }

    fn apply(
        &mut self,
        cmd: Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RefusedCommand> {
        apply(self, cmd, dice).map_err(|e| match e {
            CommandError::GameOver => RefusedCommand::GameOver,
            CommandError::Illegal { reason } => RefusedCommand::Illegal { reason },
        })
    }

    fn view(&self, seat: Seat) -> GameView {
        view_for(self, seat)
    }

    /// Every seat sees every event but the Special Play Cards drawn by the other side
    /// (§31.4: only the count shows until a card is played).
    fn project(event: &Event, seat: Seat) -> Option<Event> {
        cards::project(event, seat)
    }

    fn fold(view: &mut GameView, event: &Event) {
        view.apply(event);
    }

    fn set_view_prompt(view: &mut GameView, prompt: &Prompt) {
        view.prompt = prompt.clone();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn winner(outcome: &Outcome) -> Option<Side> {
        match outcome {
            Outcome::Score { winner } => *winner,
            Outcome::Penalties { winner } | Outcome::Conceded { winner } => Some(*winner),
        }
    }

    fn score(&self) -> [u16; 2] {
        self.score
    }

    /// Per coach turn (§9.1) and per set-up: the active coach (outside team turns, the coach
    /// deciding), keyed by the drive, the half, both turn counters, whether a team turn is
    /// under way (and whose) and the step of the drive's start, so the key changes at every
    /// new team turn, Blitz! bonus turn, set-up hand-over and kick.
    fn turn_marker(&self) -> Option<TurnMarker> {
        if self.is_over() {
            return None;
        }
        let coach = self.active.or(self.prompt.coach)?;
        let active = match self.active {
            None => 0u64,
            Some(Side::Home) => 1,
            Some(Side::Away) => 2,
        };
        // Outside team turns, the step of the drive's start: set-up, the kick, the kick-off
        // decisions (each hands the clock to a new coach or a new task).
        let phase: u64 = match (self.active, &self.prompt.kind) {
            (Some(_), _) => 0,
            (None, PromptKind::Setup { .. }) => 1,
            (None, PromptKind::PlaceKick) => 2,
            (None, _) => 3,
        };
        Some(TurnMarker {
            coach,
            key: u64::from(self.drives & 0xFFFF) << 44
                | u64::from(self.half) << 40
                | u64::from(self.blitz_bonus) << 36
                | active << 32
                | phase << 28
                | u64::from(self.teams[0].turns) << 16
                | u64::from(self.teams[1].turns) << 8
                | u64::from(coach == Side::Away),
        })
    }

    /// `end_turn` at the Action prompt, `end_action` during an Action; elsewhere `decline`
    /// when legal, else the cheapest legal answer (the first: set-up offers its formations
    /// first, then `done`).
    fn timeout_command(&self) -> Option<Command> {
        let legal = Ruleset::legal_commands(self);
        for c in [
            Command::EndTurn,
            Command::EndAction,
            Command::Decline,
            Command::NoCard,
            Command::SetupDone,
            Command::Done,
            Command::Apothecary { use_it: false },
            Command::Bribe { use_it: false },
            Command::FollowUp { follow: false },
            Command::PettyCash { amount: 0 },
            Command::DoneInducing,
            Command::Igor { use_it: false },
        ] {
            if legal.contains(&c) {
                return Some(c);
            }
        }
        legal.first().copied()
    }

    /// Score, touchdowns, injuries (casualties suffered by each side's players, after the
    /// apothecary and Regeneration), and counts (§22): `casualties` (inflicted by each
    /// side), `ko`, `completions`, `interceptions`, `sent_off`, `fumbles`, casualties
    /// suffered by type (`badly_hurt`, `serious_injuries`, `deaths`), and `mvp_eligible` (the
    /// MVP hook: each side's players able to play the match, §22); with inducements (§30):
    /// `hired` (the Star Players and Mercenaries who joined each side: the league draws the
    /// random MVP among `mvp_eligible + hired`, and a draw on a hired player is lost, §29.0),
    /// `inducements_spent` and `petty_cash_spent` (gold), and `spell_casualties` (casualties
    /// each side suffered from spells: they earn no SPP, §30.10).
    fn summarise<'a>(setup: &MatchSetup, events: impl IntoIterator<Item = &'a Event>) -> Summary {
        let mut sides = player_sides(setup);
        // §31.10 Fanatic Invasion: the neutral Fanatic is nobody's: not hired, his injuries
        // and deeds count for no side.
        let mut neutral: Vec<PlayerId> = Vec::new();
        let side_in = |sides: &[Side], neutral: &[PlayerId], p: &PlayerId| {
            if neutral.contains(p) {
                None
            } else {
                sides.get(p.index()).copied()
            }
        };
        let mut hired = [0u32; 2];
        let mut spent = [0u32; 2];
        let mut petty = [0u32; 2];
        let mut spell_cas = [0u32; 2];
        let mut s = Summary::default();
        let mut inflicted = [0u32; 2];
        let mut ko = [0u32; 2];
        let mut completions = [0u32; 2];
        let mut interceptions = [0u32; 2];
        let mut sent_off = [0u32; 2];
        let mut fumbles = [0u32; 2];
        // Casualties suffered by type: badly hurt, serious (a lasting injury), dead.
        let mut by_type = [[0u32; 2]; 3];
        let mut last_cas: Option<(PlayerId, usize)> = None;
        // Every casualty's type, for a card that takes one back later.
        let mut cas_types: Vec<(PlayerId, usize)> = Vec::new();
        for event in events {
            let side_of = |p: &PlayerId| side_in(&sides, &neutral, p);
            match event {
                Event::PlayerJoined { player } if sides.len() == player.id.index() => {
                    sides.push(player.side);
                    if player.neutral {
                        neutral.push(player.id);
                    } else {
                        hired[player.side.index()] += 1;
                    }
                }
                Event::Induced { side, induced } => {
                    spent[side.index()] = induced.spent;
                    petty[side.index()] = induced.petty_cash_spent;
                }
                Event::Touchdown { side, score, .. } => {
                    s.score = *score;
                    s.touchdowns[side.index()] += 1;
                }
                Event::GameOver { score, .. } => s.score = *score,
                // §12.7: a raised Zombie joins his side (the next player id).
                Event::ZombieRaised { side, .. } => sides.push(*side),
                // A casualty that stands (after the apothecary); Regeneration takes it back.
                Event::Casualty {
                    player,
                    result,
                    cause,
                    ..
                } => {
                    if let Some(side) = side_of(player) {
                        if *cause == Cause::Spell {
                            spell_cas[side.index()] += 1;
                        }
                        s.injuries[side.index()] += 1;
                        inflicted[side.other().index()] += 1;
                        by_type[cas_type(*result)][side.index()] += 1;
                        last_cas = Some((*player, cas_type(*result)));
                        cas_types.push((*player, cas_type(*result)));
                    }
                    continue;
                }
                Event::Regenerated { player } => {
                    if let Some(side) = side_in(&sides, &neutral, player) {
                        s.injuries[side.index()] = s.injuries[side.index()].saturating_sub(1);
                        inflicted[side.other().index()] =
                            inflicted[side.other().index()].saturating_sub(1);
                        if let Some((p, t)) = last_cas
                            && p == *player
                        {
                            by_type[t][side.index()] = by_type[t][side.index()].saturating_sub(1);
                        }
                    }
                }
                // §31.7 Miracle Worker, §31.8 Magic Sponge: the casualty is taken back.
                Event::CasualtyUndone { player, .. } => {
                    if let Some(side) = side_in(&sides, &neutral, player) {
                        s.injuries[side.index()] = s.injuries[side.index()].saturating_sub(1);
                        inflicted[side.other().index()] =
                            inflicted[side.other().index()].saturating_sub(1);
                        if let Some(t) = cas_types
                            .iter()
                            .rev()
                            .find(|(p, _)| p == player)
                            .map(|&(_, t)| t)
                        {
                            by_type[t][side.index()] = by_type[t][side.index()].saturating_sub(1);
                        }
                    }
                }
                Event::Injured {
                    player,
                    outcome: InjuryOutcome::KnockedOut,
                    ..
                } => {
                    if let Some(side) = side_in(&sides, &neutral, player) {
                        ko[side.index()] += 1;
                    }
                }
                Event::Completion { passer, .. } => {
                    if let Some(side) = side_in(&sides, &neutral, passer) {
                        completions[side.index()] += 1;
                    }
                }
                Event::Intercepted { player } => {
                    if let Some(side) = side_in(&sides, &neutral, player) {
                        interceptions[side.index()] += 1;
                    }
                }
                Event::SentOff { player } => {
                    if let Some(side) = side_in(&sides, &neutral, player) {
                        sent_off[side.index()] += 1;
                    }
                }
                Event::Fumbled { player } => {
                    if let Some(side) = side_in(&sides, &neutral, player) {
                        fumbles[side.index()] += 1;
                    }
                }
                _ => {}
            }
        }
        s.counts = vec![
            ("casualties".to_string(), inflicted),
            ("ko".to_string(), ko),
            ("completions".to_string(), completions),
            ("interceptions".to_string(), interceptions),
            ("sent_off".to_string(), sent_off),
            ("fumbles".to_string(), fumbles),
            ("badly_hurt".to_string(), by_type[0]),
            ("serious_injuries".to_string(), by_type[1]),
            ("deaths".to_string(), by_type[2]),
            ("mvp_eligible".to_string(), mvp_eligible(setup)),
        ];
        if setup.options.inducements {
            s.counts.extend([
                ("hired".to_string(), hired),
                ("inducements_spent".to_string(), spent),
                ("petty_cash_spent".to_string(), petty),
                ("spell_casualties".to_string(), spell_cas),
            ]);
        }
        s
    }

    fn setup_names(setup: &MatchSetup) -> SetupNames {
        SetupNames {
            edition: "Lrb6".to_string(),
            teams: [
                setup.teams[0].roster().name().to_string(),
                setup.teams[1].roster().name().to_string(),
            ],
        }
    }

    fn catalogue() -> SetupCatalogue {
        SetupCatalogue {
            editions: vec!["Lrb6".to_string()],
            teams: Roster::ALL.iter().map(|r| r.name().to_string()).collect(),
        }
    }
}

/// The side of every player of a setup, by player id (Home's sheet, then Away's).
pub fn player_sides(setup: &MatchSetup) -> Vec<Side> {
    let mut sides = Vec::new();
    for side in Side::BOTH {
        let n = setup.teams[side.index()].sheet().players.len();
        sides.extend(std::iter::repeat_n(side, n));
    }
    sides
}

/// §12.5: 0 Badly Hurt, 1 a lasting injury (miss next game and worse), 2 dead.
fn cas_type(r: CasualtyResult) -> usize {
    match r.effect() {
        data::LastingEffect::None => 0,
        data::LastingEffect::Dead => 2,
        _ => 1,
    }
}

/// §22: the players of each side who could play (not missing the match).
pub fn mvp_eligible(setup: &MatchSetup) -> [u32; 2] {
    [0, 1].map(|i| {
        setup.teams[i]
            .sheet()
            .players
            .iter()
            .filter(|p| !p.missing_next_game)
            .count() as u32
    })
}
