//! Matches between Blood Bowl league teams and their post-match sequences (issue 13), REST.
//!
//! | route | body | answer |
//! | --- | --- | --- |
//! | `POST /api/leagues/{id}/team-matches` | bearer (organiser or a team's coach), `NewTeamMatch` | 201 `TeamMatchBody`: the room is made |
//! | `GET /api/leagues/{id}/team-matches` | | `Vec<TeamMatchBody>`, oldest first |
//! | `GET /api/leagues/{id}/team-matches/{match}` | | `TeamMatchBody`: the post-match prompt, if any |
//! | `POST /api/leagues/{id}/team-matches/{match}/post-match` | bearer (the deciding coach), `PostCommand` | 200 `TeamMatchBody` |
//!
//! **The match** (§32.3). Two approved teams of the league, neither with a league match
//! whose post-match sequence is not over, play a room made from their folds as they stand
//! ([`dugout_rules::bb::league::team::match_setup`]): the players who miss the match are not
//! on the sheets, the options `league_teams` and `inducements` are set, the setup carries each
//! team's treasury (`pre_match.treasury`), and the engine plays the pre-match: weather, petty
//! cash (§32.4: each coach declares in the match how much of the treasury he moves, the
//! higher team value first), the inducements bought with the match TV difference (§30.1,
//! worked out by the engine from the sheets and the petty cash), the gate. The room counts
//! for the league, and each seat takes only its team's coach ([`seat_check`]).
//!
//! **Petty cash** is read from the match's events when the post-match sequence starts: the
//! server records the move from the treasury (`TeamEvent::PettyCash`, reason "pre-match
//! (§32.4)") before the sequence's events, and the sequence gets the match TVs (team value +
//! petty cash: the expenses, §32.12) and what the inducements spent of it (the rest comes back
//! at step 2.3). A team's treasury changes only in its own post-match sequence, and a team has
//! one open league match, so the gold declared cannot be spent twice.
//!
//! §32.1: a match that would be the third in a row between the same two teams (each team's
//! last two league matches, rooms closed before their match left out) is refused with 409.
//!
//! **Raised players** (§12.7, §26.61): a match made now is stored with `raised_join`
//! (published in the body), so its post-match sequence lets the Zombie or Rotter the match
//! raised join his team in step 2.5; a match stored before reads `false` and replays as it ran.
//!
//! **The league's rules** (§32.17) are read from its settings when the match is made and kept
//! with it (`TeamMatchSetup::rules`, published as `rules`): free fan factor leaves fan factor
//! out of the match TVs and of the engine's inducement team values (the match option
//! `free_fan_factor`), the removed inducements and the Special Play Card method are match
//! options (`excluded_inducements`, `card_inducements`, `cards_only`, `card_gold`), and the post-match sequence plays the MVP rule, the expenses, free fan
//! factor and short-season winnings they say.
//!
//! **The post-match sequence** (§32.5) is [`PostMatch`], run by the server when the match
//! has ended (the room starts it; any request about the match starts it too, so a restart
//! loses nothing). Its events go to each team's history with the match's id: the automatic
//! steps as the server's (`actor: null`), each coach's answer as theirs. A coach has
//! `decision_seconds` for each decision; once that has passed, the server applies
//! [`PostMatch::default_command`] (the documented default) for them, recorded as the
//! server's. The deadline is applied whenever the match is read or answered, when the room
//! ends the match, and by the [`sweeper`] task when it passes, whether anybody reads the
//! match or not (after a restart too).
//!
//! **Provably fair post-match dice.** When the match is made the server draws a secret
//! `post_seed` and publishes its SHA-256 (`commitment`) at once. The sequence's ChaCha20
//! seed is `SHA-256("dugout-postmatch-v1" || post_seed || match_dice_seed)`, where
//! `match_dice_seed` is the match's own dice seed (fixed by the server's match seed and both
//! coaches' entropy, see `fair.rs`), so neither the server nor a coach could choose the
//! rolls. When the sequence is over `server_seed` reveals `post_seed`: with the match's
//! commands and the answers listed in `commands`, anyone can replay the whole sequence.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use axum::extract::{FromRequestParts, Path, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use dugout_protocol::{
    ErrorCode, MatchResult, NewTeamMatch, PostAnswer, PostMatchPrompt, RoomEvent, RoomSpec,
    RoomStatus, TeamMatchBody, TeamMatchSide,
};
use dugout_rules::bb::league::postmatch::{PostCommand, PostMatch, PostMatchInput};
use dugout_rules::bb::league::record::MatchFacts;
use dugout_rules::bb::league::team::{LeagueTeam, TeamEvent, match_setup};
use dugout_rules::bb::league::tournament::{Held, Major, Stage, trophy_rerolls, trophy_tv};
use dugout_rules::bb::setup::{MAX_TREASURY, Options};
use dugout_rules::core::{ChaChaDice, Side};
use dugout_rules::{AnyEvent, AnyGame, AnySetup};
use sha2::{Digest, Sha256};

use crate::AppState;
use crate::api::{Authenticated, Body};
use crate::error::Failure;
use crate::error::{bad, conflict};
use crate::league_teams::{LeaguePath, bb_league};
use crate::openapi::{Auth, In, Operation, Param};
use crate::openapi::{LEAGUE_ID as LEAGUE, schema_of as schema};
use crate::store::{
    Account, League, LeagueTeamRow, PostProgress, PostState, PostStep, Store, TeamChange, TeamId,
    TeamMatchRow, TeamMatchSetup, hex, now_ms,
};

/// The domain tag of the post-match dice seed (version 1).
pub const POST_MATCH_SEED_DOMAIN: &[u8] = b"dugout-postmatch-v1";

/// How long a coach has for a post-match decision unless the match says otherwise: two days.
pub const DEFAULT_DECISION_SECONDS: u32 = 2 * 24 * 3600;
/// At most a fortnight.
pub const MAX_DECISION_SECONDS: u32 = 14 * 24 * 3600;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/leagues/{id}/team-matches", get(list).post(create))
        .route("/api/leagues/{id}/team-matches/{match}", get(show))
        .route(
            "/api/leagues/{id}/team-matches/{match}/post-match",
            post(answer),
        )
}

/// A team's history folded to `version` (its last seq then; `u64::MAX`: all of it), and
/// the last seq stored.
async fn fold_at(
    store: &dyn Store,
    team: TeamId,
    version: u64,
) -> Result<(LeagueTeam, u64), Failure> {
    let events = store.team_events(team).await?;
    let last = events.last().map_or(0, |e| e.seq);
    let team_now = LeagueTeam::fold(
        events
            .iter()
            .take_while(|e| e.seq <= version)
            .map(|e| &e.event),
    )
    .ok_or_else(|| Failure::internal(format_args!("team {team}: no Created event")))?;
    Ok((team_now, last))
}

async fn team_row(store: &dyn Store, league: &League, team: i64) -> Result<LeagueTeamRow, Failure> {
    store
        .league_team(team)
        .await?
        .filter(|t| t.league == league.id && t.created_at_ms >= league.created_at_ms)
        .ok_or_else(|| {
            Failure::new(
                ErrorCode::NotFound,
                format!("no team {team} in league {}", league.id),
            )
        })
}

async fn create(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    LeaguePath(id): LeaguePath,
    Body(new): Body<NewTeamMatch>,
) -> Result<Response, Failure> {
    let league = bb_league(&state, &id).await?;
    let row = make_match(&state, &who, &league, &new, Stage::Season, None).await?;
    let body = body(state.store().as_ref(), &row, None).await?;
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// The Majors' trophies team `team` of `league` holds now (§32.16): the Majors whose last
/// edition it won.
pub async fn trophies_held(store: &dyn Store, league: i64, team: TeamId) -> Result<Held, Failure> {
    let mut holder: std::collections::BTreeMap<Major, TeamId> = std::collections::BTreeMap::new();
    for t in store.trophies(league).await? {
        holder.insert(t.major, t.team);
    }
    let held: Vec<Major> = holder
        .into_iter()
        .filter(|(_, t)| *t == team)
        .map(|(m, _)| m)
        .collect();
    Ok(Held::of(&held))
}

/// Make a league match between two teams (checks, sheets, room, row): a season match from
/// [`create`], a tournament's semi-final or final (`stage`, of `major`) from
/// `league_tournaments`. The trophies each team holds are applied (§32.16): a team re-roll
/// each on its sheet, counted in its match TV; the Spike! trophy's gate roll and the
/// Dungeonbowl's Wizard through the match option `trophies`; the Blood Bowl trophy's winnings
/// in the post-match sequence.
pub async fn make_match(
    state: &AppState,
    who: &Account,
    league: &League,
    new: &NewTeamMatch,
    stage: Stage,
    major: Option<Major>,
) -> Result<TeamMatchRow, Failure> {
    let store = state.store().as_ref();
    if new.home == new.away {
        return Err(bad("a team does not play itself"));
    }
    let decision = new.decision_seconds.unwrap_or(DEFAULT_DECISION_SECONDS);
    if !(1..=MAX_DECISION_SECONDS).contains(&decision) {
        return Err(bad(format!(
            "decision_seconds is 1 to {MAX_DECISION_SECONDS}, not {decision}"
        )));
    }
    let rows = [
        team_row(store, league, new.home).await?,
        team_row(store, league, new.away).await?,
    ];
    if who.id != league.organiser.id && rows.iter().all(|r| r.coach.id != who.id) {
        return Err(Failure::new(
            ErrorCode::Forbidden,
            "only the league's organiser or one of the two teams' coaches makes their match",
        ));
    }
    if rows[0].coach.id == rows[1].coach.id {
        return Err(conflict("both teams have the same coach"));
    }
    for r in &rows {
        if r.approved_at_ms.is_none() {
            return Err(conflict(format!(
                "team {} ({}) is not approved by the organiser yet",
                r.id, r.name
            )));
        }
    }
    // A team is in one league match at a time: its sheet is its fold when the match is made,
    // and the post-match sequence of a match must be over before the next one is made.
    // §32.1: the league's matches so far (oldest first), for the third meeting in a row.
    let mut played: Vec<[TeamId; 2]> = Vec::new();
    for m in store.league_team_matches(league.id).await? {
        // A room closed before its match started (nobody came) holds nobody.
        if m.post_state == PostState::Match
            && store
                .match_header(&m.match_id)
                .await?
                .is_some_and(|h| h.status == RoomStatus::Closed)
        {
            continue;
        }
        played.push(m.teams);
        if m.post_state == PostState::Done {
            continue;
        }
        if let Some(r) = rows.iter().find(|r| m.teams.contains(&r.id)) {
            return Err(conflict(format!(
                "team {} ({}) has match {} whose post-match sequence is not over",
                r.id, r.name, m.match_id
            )));
        }
    }
    third_meeting_check(&played, [rows[0].id, rows[1].id]).map_err(|(a, b)| {
        conflict(format!(
            "teams {a} and {b} met in their last two league matches: a third match in a row \
                 between the same pair is refused (§32.1); play another team first"
        ))
    })?;
    let (home, home_v) = fold_at(store, rows[0].id, u64::MAX).await?;
    let (away, away_v) = fold_at(store, rows[1].id, u64::MAX).await?;
    for (r, t) in rows.iter().zip([&home, &away]) {
        if t.available() < 11 {
            return Err(conflict(format!(
                "team {} ({}) has {} players who can play: a team plays with 11 or more \
                 (journeymen are hired in the post-match sequence, §32.13)",
                r.id,
                r.name,
                t.available()
            )));
        }
    }
    // §32.17: the league's switches as they stand now are the match's, kept with it.
    let rules = store
        .league_settings(league.id)
        .await?
        .map(|s| s.rules)
        .unwrap_or_default();
    // §32.4: petty cash and the inducements bought with the match TV difference are the
    // engine's own pre-match steps (§30.1), on team values without fan factor if the league
    // makes it free (§32.17 (6)). Each coach declares from the treasury as it stands now (an
    // approved team's treasury changes only in its post-match sequence, and a team has one
    // open league match at a time, so the gold cannot be spent twice).
    // The league's switches that the engine plays (§32.17 (3), (5), (6)) are match options.
    let trophies = [
        trophies_held(store, league.id, rows[0].id).await?,
        trophies_held(store, league.id, rows[1].id).await?,
    ];
    let (mut setup, ids) = match_setup(
        &home,
        &away,
        rules.match_options(Options {
            inducements: true,
            // §32.16: a semi-final or final: no inducement money, no stars or mercenaries,
            // the gate doubled.
            tournament_stage: stage.is_tournament(),
            trophies,
            // A knockout match needs a winner: sudden-death overtime, then penalties (§18.7).
            overtime: if stage.is_tournament() {
                dugout_rules::bb::setup::Overtime::SuddenDeath
            } else {
                dugout_rules::bb::setup::Overtime::None
            },
            penalty_shootout: stage.is_tournament(),
            ..Options::default()
        }),
    );
    setup.pre_match.treasury = Some([
        home.treasury.min(MAX_TREASURY),
        away.treasury.min(MAX_TREASURY),
    ]);
    // §32.16: a team re-roll for each Major's trophy held, on the sheet (so the engine's
    // inducement team value counts it) and in the match TV.
    for (i, t) in setup.teams.iter_mut().enumerate() {
        if let dugout_rules::bb::setup::TeamChoice::Sheet(sheet) = t {
            sheet.rerolls = sheet
                .rerolls
                .saturating_add(trophy_rerolls(&trophies[i].majors()));
        }
    }
    let match_tv = [
        home.team_value(rules.free_fan_factor) + trophy_tv(home.roster, &trophies[0].majors()),
        away.team_value(rules.free_fan_factor) + trophy_tv(away.roster, &trophies[1].majors()),
    ];
    let spec = RoomSpec {
        setup: AnySetup::BloodBowl(setup),
        timer: new.timer,
        private: new.private,
        league: Some(league.id),
    };
    let post_seed = crate::fair::new_server_seed()
        .map_err(|e| Failure::internal(format_args!("no post-match seed: {e}")))?;
    let match_id = state.lobby().create(spec, who.id).await?;
    let row = TeamMatchRow {
        match_id: match_id.clone(),
        league: league.id,
        teams: [rows[0].id, rows[1].id],
        versions: [home_v, away_v],
        setup: TeamMatchSetup {
            ids,
            match_tv,
            rules,
            raised_join: true,
            stage,
            major,
            trophies,
        },
        post_seed,
        decision_ms: i64::from(decision) * 1000,
        post_state: PostState::Match,
        post_commands: Vec::new(),
        post_at: None,
        created_at_ms: now_ms(),
    };
    store.create_team_match(&row).await?;
    tracing::info!(league = league.id, %match_id, home = rows[0].id, away = rows[1].id, ?stage, "league team match made");
    Ok(row)
}

/// §32.1: would a match between `pair` after the league's `played` matches (oldest first) be
/// a third meeting in a row of the same two teams (in either team's own sequence of
/// matches)? The schedule's own check, [`dugout_rules::schedule::third_in_a_row`], each match
/// a round of one pair, over each team's last two matches (so a run stored before this was
/// checked does not hide a new one). `Err`: the two teams.
fn third_meeting_check(played: &[[TeamId; 2]], pair: [TeamId; 2]) -> Result<(), (TeamId, TeamId)> {
    use dugout_rules::schedule::{Round, third_in_a_row};
    let mut keep = vec![false; played.len()];
    for t in pair {
        for (i, _) in played
            .iter()
            .enumerate()
            .rev()
            .filter(|(_, m)| m.contains(&t))
            .take(2)
        {
            keep[i] = true;
        }
    }
    let played: Vec<[TeamId; 2]> = played
        .iter()
        .zip(keep)
        .filter_map(|(m, k)| k.then_some(*m))
        .collect();
    let mut index: Vec<TeamId> = Vec::new();
    let mut entrant = |t: TeamId| match index.iter().position(|x| *x == t) {
        Some(i) => i,
        None => {
            index.push(t);
            index.len() - 1
        }
    };
    let rounds: Vec<Round> = played
        .iter()
        .chain(std::iter::once(&pair))
        .map(|[h, a]| Round {
            pairs: vec![(entrant(*h), entrant(*a))],
            bye: None,
        })
        .collect();
    match third_in_a_row(&rounds) {
        Some((_, _, r)) if r + 1 == rounds.len() => Err((pair[0], pair[1])),
        _ => Ok(()),
    }
}

/// The `{id}` and `{match}` of a path.
pub struct MatchPath(pub String, pub String);

impl<S: Send + Sync> FromRequestParts<S> for MatchPath {
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Path::<(String, String)>::from_request_parts(parts, state).await {
            Ok(Path((a, b))) => Ok(MatchPath(a, b)),
            Err(e) => Err(bad(format!("bad path: {}", e.body_text()))),
        }
    }
}

async fn list(
    State(state): State<AppState>,
    LeaguePath(id): LeaguePath,
) -> Result<Json<Vec<TeamMatchBody>>, Failure> {
    let league = bb_league(&state, &id).await?;
    let store = state.store().as_ref();
    let mut out = Vec::new();
    for row in store.league_team_matches(league.id).await? {
        let (row, running) = advance(store, row, None).await?;
        out.push(body(store, &row, running.as_ref()).await?);
    }
    Ok(Json(out))
}

async fn load(state: &AppState, id: &str, match_id: &str) -> Result<TeamMatchRow, Failure> {
    let league = bb_league(state, id).await?;
    state
        .store()
        .team_match(match_id)
        .await?
        .filter(|m| m.league == league.id && m.created_at_ms >= league.created_at_ms)
        .ok_or_else(|| {
            Failure::new(
                ErrorCode::NotFound,
                format!("no league team match {match_id:?} in league {}", league.id),
            )
        })
}

async fn show(
    State(state): State<AppState>,
    MatchPath(id, match_id): MatchPath,
) -> Result<Json<TeamMatchBody>, Failure> {
    let row = load(&state, &id, &match_id).await?;
    let store = state.store().as_ref();
    let (row, running) = advance(store, row, None).await?;
    Ok(Json(body(store, &row, running.as_ref()).await?))
}

async fn answer(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    MatchPath(id, match_id): MatchPath,
    Body(command): Body<PostCommand>,
) -> Result<Json<TeamMatchBody>, Failure> {
    let row = load(&state, &id, &match_id).await?;
    let store = state.store().as_ref();
    let (row, running) = advance(store, row, Some((&who, command))).await?;
    Ok(Json(body(store, &row, running.as_ref()).await?))
}

/// The post-match sequence as replayed: the machine, its dice, and its events so far.
pub struct Running {
    pub post: PostMatch,
    dice: ChaChaDice,
    /// §32.4: the petty cash each side declared in the match.
    pub petty_cash: [u32; 2],
}

/// The post-match dice seed (module docs).
pub fn post_dice_seed(post_seed: &[u8; 32], match_dice_seed: &[u8; 32]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(POST_MATCH_SEED_DOMAIN);
    h.update(post_seed);
    h.update(match_dice_seed);
    h.finalize().into()
}

/// What the sequence needs from the match: `None` while it is not over.
/// What the sequence needs from the match, the petty cash moved from the treasuries (team
/// events to record before the sequence's own) and the petty cash declared.
type MatchInput = (PostMatchInput, [u8; 32], Vec<(Side, TeamEvent)>, [u32; 2]);

async fn input(store: &dyn Store, row: &TeamMatchRow) -> Result<Option<MatchInput>, Failure> {
    let Some(log) = store.match_log(&row.match_id).await? else {
        return Err(Failure::internal(format_args!("no match {}", row.match_id)));
    };
    if log.status != RoomStatus::Finished {
        return Ok(None);
    }
    let Some(seed) = log.dice_seed()? else {
        return Err(Failure::internal(format_args!(
            "match {}: no dice seed",
            row.match_id
        )));
    };
    let (game, _) = crate::replay::replay_to(&log, seed, u64::MAX)
        .map_err(|e| Failure::internal(format_args!("match {}: {e}", row.match_id)))?;
    let AnyGame::BloodBowl(game) = game else {
        return Err(Failure::internal(
            "a league team match that is not Blood Bowl",
        ));
    };
    let events: Vec<_> = log
        .events
        .iter()
        .filter_map(|e| match &e.event {
            RoomEvent::Game {
                event: AnyEvent::BloodBowl(e),
            } => Some(e.clone()),
            _ => None,
        })
        .collect();
    // §32.4: the petty cash each coach declared in the pre-match (none in a match made
    // before petty cash was offered), and what of it the inducements spent.
    let mut petty_cash = [0u32; 2];
    for e in &events {
        if let dugout_rules::bb::Event::PettyCash { side, amount, .. } = e {
            petty_cash[side.index()] = *amount;
        }
    }
    let petty_cash_spent = [0, 1].map(|i| game.induced[i].petty_cash_spent);
    let mut facts = MatchFacts::read(&game, &events);
    // §32.15: a concession made to the room (or a forfeit: a clock run out, a coach gone)
    // is a concession for the league, whatever the score.
    if let Some(MatchResult::Concession { loser } | MatchResult::Forfeit { loser }) = log.result
        && facts.conceded.is_none()
    {
        facts.conceded = Some(loser);
        facts.winner = Some(loser.other());
    }
    let (mut home, _) = fold_at(store, row.teams[0], row.versions[0]).await?;
    let (mut away, _) = fold_at(store, row.teams[1], row.versions[1]).await?;
    // §32.4: the gold moves from the treasury to petty cash (recorded with the sequence's
    // first events); the match TV is the team value plus the petty cash.
    let mut moved = Vec::new();
    for (side, team) in Side::BOTH.into_iter().zip([&mut home, &mut away]) {
        let amount = petty_cash[side.index()];
        if amount > team.treasury {
            return Err(Failure::internal(format_args!(
                "match {}: the {} team declared {amount} petty cash from a treasury of {}",
                row.match_id,
                side_name(side),
                team.treasury
            )));
        }
        if amount > 0 {
            let e = TeamEvent::PettyCash { amount };
            team.apply(&e);
            moved.push((side, e));
        }
    }
    let match_tv = [0, 1].map(|i| row.setup.match_tv[i].saturating_add(petty_cash[i]));
    Ok(Some((
        PostMatchInput {
            teams: [home, away],
            ids: row.setup.ids.clone(),
            facts,
            match_tv,
            petty_cash_spent,
            rules: row.setup.rules,
            raised_join: row.setup.raised_join,
            stage: row.setup.stage,
            major: row.setup.major,
            trophies: row.setup.trophies,
        },
        seed,
        moved,
        petty_cash,
    )))
}

/// Replay the sequence: the start and every stored answer. `None` while the match goes on.
async fn replay(
    store: &dyn Store,
    row: &TeamMatchRow,
) -> Result<Option<(Running, Vec<(Side, TeamEvent)>)>, Failure> {
    let Some((input, match_seed, moved, petty_cash)) = input(store, row).await? else {
        return Ok(None);
    };
    let mut dice = ChaChaDice::from_seed(post_dice_seed(&row.post_seed, &match_seed));
    let (mut post, started) = PostMatch::start(input, &mut dice);
    let mut events = moved;
    events.extend(started);
    for step in &row.post_commands {
        let more = post
            .apply(step.side, &step.command, &mut dice)
            .map_err(|e| {
                Failure::internal(format_args!(
                    "match {}: a stored post-match answer is refused on replay: {e}",
                    row.match_id
                ))
            })?;
        events.extend(more);
    }
    Ok(Some((
        Running {
            post,
            dice,
            petty_cash,
        },
        events,
    )))
}

/// Bring the sequence up to date and apply `answer` if given: start it if the match has
/// ended, apply the defaults whose deadlines passed, then the coach's answer. Every change is
/// stored in one transaction (retried if another request stored first). Answers the row as
/// stored and the sequence.
pub async fn advance(
    store: &dyn Store,
    mut row: TeamMatchRow,
    answer: Option<(&Account, PostCommand)>,
) -> Result<(TeamMatchRow, Option<Running>), Failure> {
    for _attempt in 0..5 {
        let Some((mut running, started)) = replay(store, &row).await? else {
            if answer.is_some() {
                return Err(Failure::new(
                    ErrorCode::NotPlaying,
                    "the match is not over: the post-match sequence has not started",
                ));
            }
            return Ok((row, None));
        };
        let now = now_ms();
        let mut new: Vec<(Side, TeamEvent, Option<i64>, String)> = Vec::new();
        let mut commands = row.post_commands.clone();
        let mut post_at = row.post_at;
        if row.post_state == PostState::Match {
            // The sequence starts: its automatic steps are the server's; before them, the
            // petty cash the coach declared in the match's pre-match (§32.4).
            for (side, e) in started {
                let reason = if matches!(e, TeamEvent::PettyCash { .. }) {
                    "pre-match (§32.4): petty cash declared in the match"
                } else {
                    "post-match sequence (§32.5): the server's steps"
                };
                new.push((side, e, None, reason.into()));
            }
            post_at = Some(now);
        }
        // Defaults at the deadlines.
        while let Some((side, _)) = running.post.prompt() {
            let deadline = post_at.unwrap_or(now) + row.decision_ms;
            if deadline > now {
                break;
            }
            let Some(cmd) = running.post.default_command() else {
                break;
            };
            let events = running
                .post
                .apply(side, &cmd, &mut running.dice)
                .map_err(|e| Failure::internal(format_args!("the default is refused: {e}")))?;
            let reason = format!(
                "post-match (§32.5): the deadline passed; the default for the {} team: {}",
                side_name(side),
                command_words(&cmd)
            );
            for (s, e) in events {
                new.push((s, e, None, reason.clone()));
            }
            commands.push(PostStep {
                side,
                command: cmd,
                actor: None,
                at_ms: deadline,
            });
            post_at = Some(deadline);
        }
        if let Some((who, cmd)) = &answer {
            let Some((side, _)) = running.post.prompt() else {
                return Err(conflict("the post-match sequence is over"));
            };
            let deciding = store.league_team(row.teams[side.index()]).await?;
            if deciding.as_ref().map(|t| t.coach.id) != Some(who.id) {
                return Err(Failure::new(
                    ErrorCode::NotYourTurn,
                    format!(
                        "the post-match sequence waits for the {} coach ({})",
                        if side == Side::Home { "home" } else { "away" },
                        deciding.map(|t| t.coach.name).unwrap_or_default()
                    ),
                ));
            }
            let events = running
                .post
                .apply(side, cmd, &mut running.dice)
                .map_err(|e| Failure::new(ErrorCode::IllegalCommand, e.to_string()))?;
            // The answering coach's own team's changes are theirs; the other team's (the
            // sequence's automatic steps that the answer let run) are the server's.
            let reason = format!(
                "post-match (§32.5): {} chose: {}",
                who.name,
                command_words(cmd)
            );
            let after = format!(
                "post-match (§32.5): the server's steps, after the {} coach's answer",
                side_name(side)
            );
            for (s, e) in events {
                if s == side {
                    new.push((s, e, Some(who.id), reason.clone()));
                } else {
                    new.push((s, e, None, after.clone()));
                }
            }
            commands.push(PostStep {
                side,
                command: cmd.clone(),
                actor: Some(who.id),
                at_ms: now,
            });
            post_at = Some(now);
        }
        if new.is_empty() && commands.len() == row.post_commands.len() {
            return Ok((row, Some(running)));
        }
        let state = if running.post.is_done() {
            PostState::Done
        } else {
            PostState::Deciding
        };
        let mut appends = Vec::with_capacity(2);
        for side in Side::BOTH {
            let team = row.teams[side.index()];
            let (_, last) = fold_at(store, team, u64::MAX).await?;
            let mine: Vec<TeamChange> = new
                .iter()
                .filter(|(s, ..)| *s == side)
                .map(|(_, e, actor, reason)| TeamChange {
                    event: e.clone(),
                    actor: *actor,
                    reason: reason.clone(),
                    match_id: Some(row.match_id.clone()),
                })
                .collect();
            appends.push((team, last, mine));
        }
        let [home, away]: [(TeamId, u64, Vec<TeamChange>); 2] = appends
            .try_into()
            .map_err(|_| Failure::internal("two sides"))?;
        let progress = PostProgress {
            expected: row.post_commands.len(),
            expected_state: row.post_state,
            state,
            commands: commands.clone(),
            post_at,
            appends: [home, away],
        };
        if store
            .post_match_progress(&row.match_id, &progress, now)
            .await?
        {
            row.post_state = state;
            row.post_commands = commands;
            row.post_at = post_at;
            // A new deadline (or none): the sweeper looks again.
            SWEEP.notify_waiters();
            if state == PostState::Done {
                tracing::info!(league = row.league, r#match = %row.match_id, "post-match sequence over");
            }
            return Ok((row, Some(running)));
        }
        // Another request stored first: read again and redo.
        row = store
            .team_match(&row.match_id)
            .await?
            .ok_or_else(|| Failure::internal("the league match row went away"))?;
    }
    Err(conflict("the post-match sequence is busy: try again"))
}

/// The room calls this when its match ends: a league team match starts its post-match
/// sequence (in the background; a failure is logged and the next request retries it).
pub fn match_finished(store: std::sync::Arc<dyn Store>, match_id: String) {
    tokio::spawn(async move {
        let row = match store.team_match(&match_id).await {
            Ok(Some(row)) => row,
            Ok(None) => return,
            Err(e) => {
                tracing::warn!(%match_id, "league match: cannot read its row: {e}");
                return;
            }
        };
        if let Err(e) = advance(store.as_ref(), row, None).await {
            tracing::warn!(%match_id, "league match: the post-match sequence did not start: {}", e.message);
        }
    });
}

/// Wakes the deadline sweeper to look again (a sequence started or answered: a new deadline).
static SWEEP: tokio::sync::Notify = tokio::sync::Notify::const_new();

/// The longest the sweeper sleeps without looking at the store (a deadline it has not heard
/// of, such as one stored by another node, is applied at most this late).
pub const SWEEP_MAX_SLEEP: std::time::Duration = std::time::Duration::from_secs(30);

/// The deadline sweeper (§32.5): a server task that applies the post-match defaults when a
/// decision's deadline passes, whether or not anybody reads the match, and starts the
/// sequence of a match that ended while no node could (a restart: it runs at startup). It
/// sleeps until the earliest deadline it knows (at most [`SWEEP_MAX_SLEEP`]) or until a
/// sequence starts or is answered, and ends on shutdown.
pub async fn sweeper(
    store: std::sync::Arc<dyn Store>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    loop {
        if *stop.borrow() {
            return;
        }
        // Registered before looking, so a wake-up while the store is read is not lost.
        let woken = SWEEP.notified();
        tokio::pin!(woken);
        woken.as_mut().enable();
        let next = match sweep(store.as_ref()).await {
            Ok(next) => next,
            Err(e) => {
                tracing::warn!("post-match sweeper: {}", e.message);
                None
            }
        };
        let sleep = next
            .map(|at| std::time::Duration::from_millis(u64::try_from(at - now_ms()).unwrap_or(0)))
            .unwrap_or(SWEEP_MAX_SLEEP)
            .min(SWEEP_MAX_SLEEP);
        tokio::select! {
            _ = tokio::time::sleep(sleep) => {}
            _ = &mut woken => {}
            _ = stop.changed() => return,
        }
    }
}

/// One pass of the sweeper: every league team match whose sequence is due is brought up to
/// date ([`advance`]). Answers the earliest deadline still ahead, if any.
pub async fn sweep(store: &dyn Store) -> Result<Option<i64>, Failure> {
    let mut next: Option<i64> = None;
    for league in store.leagues().await? {
        if league.game != dugout_rules::GameKind::BloodBowl {
            continue;
        }
        for row in store.league_team_matches(league.id).await? {
            // A row of an older league that had the same id is not this league's (as `load`).
            if row.created_at_ms < league.created_at_ms {
                continue;
            }
            let due = match row.post_state {
                PostState::Done => continue,
                // Started only once the room has finished (the room's own call may have
                // been lost to a restart).
                PostState::Match => store
                    .match_header(&row.match_id)
                    .await?
                    .is_some_and(|h| h.status == RoomStatus::Finished),
                PostState::Deciding => {
                    let deadline = row.post_at.unwrap_or(0) + row.decision_ms;
                    if deadline > now_ms() {
                        next = Some(next.map_or(deadline, |n| n.min(deadline)));
                        false
                    } else {
                        true
                    }
                }
            };
            if !due {
                continue;
            }
            let match_id = row.match_id.clone();
            match advance(store, row, None).await {
                Ok((row, _)) if row.post_state == PostState::Deciding => {
                    // A deadline still past here had no default to apply (the rules offered
                    // none): not waited for, or the sweeper would spin; the next pass retries.
                    let deadline = row.post_at.unwrap_or(0) + row.decision_ms;
                    if deadline > now_ms() {
                        next = Some(next.map_or(deadline, |n| n.min(deadline)));
                    }
                }
                Ok(_) => {}
                Err(e) => {
                    tracing::warn!(%match_id, "post-match sweeper: {}", e.message);
                }
            }
        }
    }
    Ok(next)
}

/// A room of a league team match seats only each team's own coach in its seat; a room whose
/// setup claims league teams must be one made by `POST /api/leagues/{id}/team-matches`.
pub async fn seat_check(
    store: &dyn Store,
    match_id: &str,
    setup: &AnySetup,
    account: &Account,
    side: Side,
) -> Result<(), Failure> {
    let row = store.team_match(match_id).await?;
    let claims_teams = matches!(setup, AnySetup::BloodBowl(s) if s.options.league_teams);
    let Some(row) = row else {
        if claims_teams {
            return Err(conflict(
                "a match of league teams is made with POST /api/leagues/{id}/team-matches",
            ));
        }
        return Ok(());
    };
    let team = store.league_team(row.teams[side.index()]).await?;
    match team {
        Some(t) if t.coach.id == account.id => Ok(()),
        Some(t) => Err(conflict(format!(
            "this seat plays {} (team {}): only its coach {} takes it",
            t.name, t.id, t.coach.name
        ))),
        None => Err(Failure::internal("a league match's team went away")),
    }
}

/// A league match's body as served right after it was made.
pub async fn match_body(store: &dyn Store, row: &TeamMatchRow) -> Result<TeamMatchBody, Failure> {
    body(store, row, None).await
}

async fn body(
    store: &dyn Store,
    row: &TeamMatchRow,
    running: Option<&Running>,
) -> Result<TeamMatchBody, Failure> {
    let mut sides = Vec::with_capacity(2);
    let mut coaches = Vec::with_capacity(2);
    for team in row.teams {
        let t = store
            .league_team(team)
            .await?
            .ok_or_else(|| Failure::internal("a league match's team went away"))?;
        let (folded, _) = fold_at(store, team, u64::MAX).await?;
        coaches.push(t.coach.clone());
        sides.push(TeamMatchSide {
            team,
            name: folded.name,
            coach: t.coach.name,
        });
    }
    let prompt = running.and_then(|r| {
        let (side, prompt) = r.post.prompt()?;
        Some(PostMatchPrompt {
            side,
            coach: coaches[side.index()].name.clone(),
            prompt,
            legal: r.post.legal_commands(),
            default: r.post.default_command(),
            deadline_ms: row.post_at.unwrap_or(0) + row.decision_ms,
        })
    });
    let petty_cash = running.map_or([0, 0], |r| r.petty_cash);
    let mut commands = Vec::with_capacity(row.post_commands.len());
    for c in &row.post_commands {
        let by = match c.actor {
            Some(id) => store.account_by_id(id).await?.map(|a| a.name),
            None => None,
        };
        commands.push(PostAnswer {
            side: c.side,
            command: c.command.clone(),
            by,
            at_ms: c.at_ms,
        });
    }
    let [home, away]: [TeamMatchSide; 2] = sides
        .try_into()
        .map_err(|_| Failure::internal("two sides"))?;
    Ok(TeamMatchBody {
        match_id: row.match_id.clone(),
        league: row.league,
        home,
        away,
        status: row.post_state.as_str().to_owned(),
        decision_seconds: row.decision_ms / 1000,
        prompt,
        commands,
        commitment: hex(&crate::fair::commitment(&row.post_seed)),
        server_seed: (row.post_state == PostState::Done).then(|| hex(&row.post_seed)),
        rules: row.setup.rules,
        match_tv: [0, 1].map(|i| row.setup.match_tv[i].saturating_add(petty_cash[i])),
        raised_join: row.setup.raised_join,
        petty_cash,
        stage: row.setup.stage,
        major: row.setup.major,
        trophies: row.setup.trophies,
    })
}

fn match_id_schema() -> serde_json::Value {
    serde_json::json!({"type": "string", "minLength": 1})
}

const MATCH: Param = Param {
    name: "match",
    location: In::Path,
    description: "the match's id",
    schema: match_id_schema,
};

/// The OpenAPI operations of these routes.
pub const OPERATIONS: &[Operation] = &[
    Operation {
        method: "post",
        path: "/api/leagues/{id}/team-matches",
        summary: "Make a room for two approved league teams, from their rosters as they stand (organiser or a team's coach; §32.3)",
        auth: Auth::Required,
        params: &[LEAGUE],
        body: Some(schema::<NewTeamMatch>),
        ok: (201, Some(schema::<TeamMatchBody>)),
        errors: &[400, 401, 403, 404, 409, 413, 429],
    },
    Operation {
        method: "get",
        path: "/api/leagues/{id}/team-matches",
        summary: "A Blood Bowl league's matches between league teams, oldest first, with their post-match sequences",
        auth: Auth::None,
        params: &[LEAGUE],
        body: None,
        ok: (200, Some(schema::<Vec<TeamMatchBody>>)),
        errors: &[400, 404, 409],
    },
    Operation {
        method: "get",
        path: "/api/leagues/{id}/team-matches/{match}",
        summary: "A league team match: its post-match sequence (§32.5), what it waits for, the answers so far",
        auth: Auth::None,
        params: &[LEAGUE, MATCH],
        body: None,
        ok: (200, Some(schema::<TeamMatchBody>)),
        errors: &[400, 404, 409],
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/team-matches/{match}/post-match",
        summary: "Answer the post-match sequence's decision (the deciding team's coach; checked by the rules)",
        auth: Auth::Required,
        params: &[LEAGUE, MATCH],
        body: Some(schema::<PostCommand>),
        ok: (200, Some(schema::<TeamMatchBody>)),
        errors: &[400, 401, 403, 404, 409, 413],
    },
];

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Home => "home",
        Side::Away => "away",
    }
}

/// A coach's post-match answer in words, for the team's history.
fn command_words(cmd: &PostCommand) -> String {
    use dugout_rules::bb::league::tables::{Advance, Stat};
    use dugout_rules::bb::league::team::{Purchase, Staff};
    let staff = |s: &Staff| match s {
        Staff::AssistantCoach => "an assistant coach",
        Staff::Cheerleader => "a cheerleader",
        Staff::Apothecary => "an apothecary",
    };
    match cmd {
        PostCommand::Mvp { player } => format!("player {player} as MVP"),
        PostCommand::Advance { player, advance } => match advance {
            Advance::Skill { skill } => format!("{} for player {player}", skill.name()),
            Advance::Stat { stat } => {
                let stat = match stat {
                    Stat::Ma => "MA",
                    Stat::St => "ST",
                    Stat::Ag => "AG",
                    Stat::Av => "AV",
                };
                format!("+1 {stat} for player {player}")
            }
        },
        PostCommand::KeepWinnings => "keep the winnings".into(),
        PostCommand::RerollWinnings => "re-roll the winnings".into(),
        PostCommand::Buy { purchase } => match purchase {
            Purchase::HirePlayer { position, name } if name.is_empty() => {
                format!("hire a {position}")
            }
            Purchase::HirePlayer { position, name } => format!("hire {name}, {position}"),
            Purchase::FirePlayer { player } => format!("fire player {player}"),
            Purchase::RenamePlayer { player, name } => format!("rename player {player} {name}"),
            Purchase::BuyReroll => "buy a team re-roll".into(),
            Purchase::BuyFanFactor => "buy fan factor".into(),
            Purchase::HireStaff { staff: s } => format!("hire {}", staff(s)),
            Purchase::FireStaff { staff: s } => format!("let {} go", staff(s)),
        },
        PostCommand::Done => "done buying".into(),
        PostCommand::SignJourneyman => "sign a journeyman".into(),
        PostCommand::ReleaseJourneyman => "release a journeyman".into(),
        PostCommand::JourneymanPosition { position } => format!("a journeyman {position}"),
    }
}
