//! The match archive (REST, JSON): list and filter stored matches, one match's summary, its
//! event log, and its state at any sequence number (replayed from the stored commands with
//! the derived dice, server-side).
//!
//! | route | answer |
//! | --- | --- |
//! | `GET /api/matches?game=&edition=&coach=&team=&status=&from=&to=&result=&league=&limit=&offset=` | `MatchPage`, newest first |
//! | `GET /api/matches/{id}` | `MatchSummary` |
//! | `GET /api/matches/{id}/events?from=&limit=` | `EventPage` |
//! | `GET /api/matches/{id}/state?seq=&as=` | `StateAt` |
//! | `GET /api/matches/{id}/verification` | `Verification`: the provably fair dice checked |
//! | `GET /api/matches/{id}/commands` | `MatchCommands`: setup, dice and every command (finished matches only) |
//!
//! Who sees what: a public match is seen by anyone; a private one only by its two coaches
//! (to anyone else it does not exist: 404). While a match is live (its log has no
//! `match_ended`) its events and states are projected for the requester's seat: a coach sees
//! their own hand, everyone else the spectator view; the server seed is never shown. Once
//! the log has `match_ended`, everything is public (the seed is revealed then anyway). The
//! stored commands are served only then (409 `wrong_phase` before): while the match is on they
//! would show a coach's cards and, with the seed, every roll to come.
//!
//! Every bad parameter is a 4xx with an `ApiError` body naming the parameter.

use axum::extract::rejection::QueryRejection;
use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::routing::get;
use axum::{Json, Router};
use dugout_protocol::input::same_name;
use dugout_protocol::{
    DiceCommitment, DiceInfo, ErrorCode, EventPage, GameKind, LogEntry, MatchCommands, MatchItem,
    MatchPage, MatchResult, MatchSummary, RoomEvent, RoomStatus, SeatName, StateAt, StoredCommand,
    Winner,
};
use dugout_rules::AnyGame;
use dugout_rules::core::Side;
use serde::de::DeserializeOwned;

use crate::AppState;
use crate::api::Bearer;
use crate::error::Failure;
use crate::error::bad;
use crate::replays::{StateKey, off_the_workers};
use crate::store::{Account, CommandSource, MatchHeader, MatchLog, StoredEvent, now_ms};

/// Most matches one page lists.
pub const MAX_PAGE: usize = 100;
/// Matches a page lists unless `limit` says otherwise.
pub const DEFAULT_PAGE: usize = 20;
/// Most events one page of a log holds.
pub const MAX_EVENTS_PAGE: usize = 1000;
/// Events a page holds unless `limit` says otherwise.
pub const DEFAULT_EVENTS_PAGE: usize = 200;

/// The archive's routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/matches", get(list))
        .route("/api/matches/{id}", get(summary))
        .route("/api/matches/{id}/events", get(events))
        .route("/api/matches/{id}/state", get(state_at))
        .route("/api/matches/{id}/verification", get(verification))
        .route("/api/matches/{id}/commands", get(commands))
}

// ----- bodies ----------------------------------------------------------------------------

/// A header as the archive lists it.
fn item(h: &MatchHeader) -> MatchItem {
    let names = h.spec.setup.names();
    MatchItem {
        id: h.id.clone(),
        game: h.spec.setup.kind(),
        edition: names.edition,
        teams: names.teams,
        private: h.spec.private,
        status: h.status,
        coaches: h.coaches.clone(),
        result: h.result,
        winner: h.result.as_ref().map(Winner::of),
        created_at_ms: h.created_at_ms,
        started_at_ms: h.started_at_ms,
        finished_at_ms: h.finished_at_ms,
        league: h.league,
    }
}

// ----- extractors and parameters ---------------------------------------------------------

/// The requester's account, if the request carries a bearer token (a bad token is a 401).
pub struct Viewer(pub Option<Account>);

impl FromRequestParts<AppState> for Viewer {
    type Rejection = Failure;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        if !parts
            .headers
            .contains_key(axum::http::header::AUTHORIZATION)
        {
            return Ok(Viewer(None));
        }
        let Bearer(token) = Bearer::from_request_parts(parts, state).await?;
        Ok(Viewer(Some(state.accounts().authenticate(&token).await?)))
    }
}

/// The `{id}` of a path, or a JSON 400 (say, an id that is not UTF-8 once decoded).
pub struct PathId(pub String);

impl<S: Send + Sync> FromRequestParts<S> for PathId {
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(id)) => Ok(PathId(id)),
            Err(e) => Err(bad(format!("bad id in the path: {}", e.body_text()))),
        }
    }
}

/// Any other route: a JSON 404.
pub async fn no_route(uri: axum::http::Uri) -> Failure {
    Failure::new(ErrorCode::NotFound, format!("no route {}", uri.path()))
}

/// The query string as pairs; unknown parameters are refused.
pub(crate) struct Params(Vec<(String, String)>);

impl Params {
    pub(crate) fn new(
        q: Result<Query<Vec<(String, String)>>, QueryRejection>,
        known: &[&str],
    ) -> Result<Params, Failure> {
        let Query(pairs) = q.map_err(|e| bad(format!("bad query string: {}", e.body_text())))?;
        for (k, _) in &pairs {
            if !known.contains(&k.as_str()) {
                return Err(bad(format!(
                    "unknown parameter {k:?}; known: {}",
                    known.join(", ")
                )));
            }
        }
        Ok(Params(pairs))
    }

    pub(crate) fn get(&self, key: &str) -> Result<Option<&str>, Failure> {
        let mut found = self.0.iter().filter(|(k, _)| k == key);
        let first = found.next().map(|(_, v)| v.as_str());
        if found.next().is_some() {
            return Err(bad(format!("parameter {key:?} is given twice")));
        }
        Ok(first)
    }

    fn number(&self, key: &str) -> Result<Option<u64>, Failure> {
        self.get(key)?
            .map(|v| {
                v.parse::<u64>().map_err(|_| {
                    bad(format!(
                        "parameter {key:?} must be a non-negative integer, not {v:?}"
                    ))
                })
            })
            .transpose()
    }

    fn limit(&self, default: usize, max: usize) -> Result<usize, Failure> {
        match self.number("limit")? {
            None => Ok(default),
            Some(0) => Err(bad("parameter \"limit\" must be at least 1")),
            Some(n) if n > max as u64 => Err(bad(format!(
                "parameter \"limit\" is {n}; the most is {max}"
            ))),
            Some(n) => Ok(n as usize),
        }
    }

    /// A value named by its serde name (`status=finished`, `team=...`).
    fn named<T: DeserializeOwned>(&self, key: &str, what: &str) -> Result<Option<T>, Failure> {
        self.get(key)?
            .map(|v| {
                // Values are snake_case words: accepted in any case (`Finished`, `BLITZ`).
                serde_json::from_value(serde_json::Value::String(v.to_ascii_lowercase()))
                    .map_err(|_| bad(format!("parameter {key:?}: {v:?} is not a known {what}")))
            })
            .transpose()
    }
}

fn unknown_match(id: &str) -> Failure {
    Failure::new(ErrorCode::UnknownRoom, format!("no match {id:?}"))
}

/// A date: `YYYY-MM-DD` (UTC midnight) or Unix milliseconds.
pub(crate) fn parse_date(key: &str, v: &str) -> Result<i64, Failure> {
    let err = || {
        bad(format!(
            "parameter {key:?}: {v:?} is not a date (YYYY-MM-DD, UTC) or Unix milliseconds"
        ))
    };
    if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) {
        return v.parse::<i64>().map_err(|_| err());
    }
    let parts: Vec<&str> = v.split('-').collect();
    let [y, m, d] = parts.as_slice() else {
        return Err(err());
    };
    if y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return Err(err());
    }
    // Digits only (`parse` would also take a sign: `+123-+1-+1`).
    let number = |part: &str| {
        part.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| part.parse::<i64>().ok())
            .flatten()
    };
    let (Some(y), Some(m), Some(d)) = (number(y), number(m), number(d)) else {
        return Err(err());
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days_in_month = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return Err(err()),
    };
    if d < 1 || d > days_in_month {
        return Err(err());
    }
    Ok(days_from_civil(y, m, d) * 86_400_000)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// May `viewer` see this match at all?
fn visible(seats: &[Option<i64>; 2], private: bool, viewer: &Option<Account>) -> bool {
    !private || viewer.as_ref().is_some_and(|a| seats.contains(&Some(a.id)))
}

/// The requester's side in this match, if they coach in it.
fn own_side(seats: &[Option<i64>; 2], viewer: &Option<Account>) -> Option<Side> {
    let a = viewer.as_ref()?;
    if seats[0] == Some(a.id) {
        Some(Side::Home)
    } else if seats[1] == Some(a.id) {
        Some(Side::Away)
    } else {
        None
    }
}

fn side_seat(side: Option<Side>) -> SeatName {
    match side {
        Some(Side::Home) => SeatName::Home,
        Some(Side::Away) => SeatName::Away,
        None => SeatName::Spectator,
    }
}

/// Whether the log has `match_ended`: only then is the match's secret public.
fn ended(log: &MatchLog) -> bool {
    log.events
        .iter()
        .any(|e| matches!(e.event, RoomEvent::MatchEnded { .. }))
}

async fn load(state: &AppState, id: &str, viewer: &Option<Account>) -> Result<MatchLog, Failure> {
    let log = state
        .store()
        .match_log(id)
        .await?
        .ok_or_else(|| unknown_match(id))?;
    if !visible(&log.seats, log.spec.private, viewer) {
        return Err(unknown_match(id));
    }
    Ok(log)
}

// ----- handlers --------------------------------------------------------------------------

async fn list(
    State(state): State<AppState>,
    Viewer(viewer): Viewer,
    q: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Json<MatchPage>, Failure> {
    let p = Params::new(
        q,
        &[
            "game", "edition", "coach", "team", "status", "from", "to", "result", "league",
            "limit", "offset",
        ],
    )?;
    let game: Option<GameKind> = p.named("game", "game")?;
    let edition = p
        .get("edition")?
        .map(|v| known_name("edition", v, |c| &c.editions))
        .transpose()?;
    let team = p
        .get("team")?
        .map(|v| known_name("team", v, |c| &c.teams))
        .transpose()?;
    let status: Option<RoomStatus> =
        p.named("status", "status (open, playing, finished, closed)")?;
    let result: Option<Winner> = match p.get("result")?.map(str::to_ascii_lowercase).as_deref() {
        None => None,
        Some("home") => Some(Winner::Home),
        Some("away") => Some(Winner::Away),
        Some("draw") => Some(Winner::Draw),
        Some(other) => {
            return Err(bad(format!(
                "parameter \"result\": {other:?} is not home, away or draw"
            )));
        }
    };
    let coach = p.get("coach")?.map(str::to_lowercase);
    let league = p
        .get("league")?
        .map(|v| {
            crate::leagues::league_id(v)
                .map_err(|e| bad(format!("parameter \"league\": {}", e.message)))
        })
        .transpose()?;
    let from = p.get("from")?.map(|v| parse_date("from", v)).transpose()?;
    // `to` is inclusive: a date means the whole day.
    let to = match p.get("to")? {
        None => None,
        Some(v) => {
            let t = parse_date("to", v)?;
            let whole_day = v.contains('-');
            // Saturating: `to=9223372036854775807` means "no end", not an overflow.
            Some(if whole_day {
                t.saturating_add(86_400_000)
            } else {
                t.saturating_add(1)
            })
        }
    };
    // `from` after `to` selects nothing: an empty page, not an error (a schema cannot say
    // how two parameters compare, so the OpenAPI document could not call it a bad request).
    let limit = p.limit(DEFAULT_PAGE, MAX_PAGE)?;
    let offset = usize::try_from(p.number("offset")?.unwrap_or(0))
        .map_err(|_| bad("parameter \"offset\" is too large"))?;

    let headers = state.store().match_headers().await?;
    let selected: Vec<MatchItem> = headers
        .iter()
        .filter(|h| visible(&h.seats, h.spec.private, &viewer))
        .filter(|h| game.is_none_or(|g| h.spec.setup.kind() == g))
        .filter(|h| {
            edition
                .as_ref()
                .is_none_or(|e| same_name(&h.spec.setup.names().edition, e))
        })
        .filter(|h| {
            team.as_ref()
                .is_none_or(|t| h.spec.setup.names().teams.iter().any(|n| same_name(n, t)))
        })
        .filter(|h| status.is_none_or(|s| h.status == s))
        .filter(|h| league.is_none_or(|l| h.league == Some(l)))
        .filter(|h| from.is_none_or(|f| h.created_at_ms >= f))
        .filter(|h| to.is_none_or(|t| h.created_at_ms < t))
        .filter(|h| result.is_none_or(|r| h.result.as_ref().map(Winner::of) == Some(r)))
        .filter(|h| {
            coach.as_ref().is_none_or(|c| {
                h.coaches
                    .iter()
                    .any(|n| n.as_ref().is_some_and(|n| n.to_lowercase() == *c))
            })
        })
        .map(item)
        .collect();
    let total = selected.len();
    let matches: Vec<MatchItem> = selected.into_iter().skip(offset).take(limit).collect();
    let next_offset = (offset.saturating_add(limit) < total).then(|| offset + limit);
    Ok(Json(MatchPage {
        matches,
        total,
        offset,
        limit,
        next_offset,
    }))
}

/// An edition or team name some game knows (as people type it: [`same_name`]), or a 400
/// naming the parameter.
fn known_name(
    param: &str,
    value: &str,
    names: impl Fn(&dugout_rules::core::SetupCatalogue) -> &Vec<String>,
) -> Result<String, Failure> {
    let known = GameKind::ALL
        .iter()
        .any(|g| names(&g.catalogue()).iter().any(|n| same_name(n, value)));
    if known {
        Ok(value.to_owned())
    } else {
        Err(bad(format!(
            "parameter \"{param}\": unknown {param} {value:?}"
        )))
    }
}

/// The archive's numbers of a stored log, counted by the match's game from its events.
pub fn summarise(log: &MatchLog) -> dugout_rules::core::Summary {
    log.spec
        .setup
        .summarise(log.events.iter().filter_map(|e| match &e.event {
            RoomEvent::Game { event } => Some(event),
            _ => None,
        }))
}

async fn summary(
    State(state): State<AppState>,
    Viewer(viewer): Viewer,
    PathId(id): PathId,
) -> Result<Json<MatchSummary>, Failure> {
    let log = load(&state, &id, &viewer).await?;
    let header = state
        .store()
        .match_header(&id)
        .await?
        .ok_or_else(|| unknown_match(&id))?;
    let mut t = summarise(&log);
    if let Some(MatchResult::Game { score, .. }) = log.result {
        t.score = score;
    }
    let duration_ms = header.started_at_ms.map(|s| {
        header
            .finished_at_ms
            .unwrap_or_else(|| {
                if header.status == RoomStatus::Playing {
                    now_ms()
                } else {
                    s
                }
            })
            .saturating_sub(s)
    });
    Ok(Json(MatchSummary {
        item: item(&header),
        score: t.score,
        touchdowns: t.touchdowns,
        injuries: t.injuries,
        challenge_points: t.count("challenge_points"),
        counts: t.counts.iter().cloned().collect(),
        duration_ms,
        last_seq: log.events.last().map_or(0, |e| e.seq),
        dice: dice_info(&log),
    }))
}

/// The dice of a stored log as the archive shows them: the commitment and entropy from
/// `match_started`, and the seed only as the log's `match_ended` reveals it (never the
/// stored secret).
fn dice_info(log: &MatchLog) -> DiceInfo {
    let commitment: Option<DiceCommitment> = match log.events.first().map(|e| &e.event) {
        Some(RoomEvent::MatchStarted { dice, .. }) => dice.clone(),
        _ => None,
    };
    let revealed = log.events.iter().find_map(|e| match &e.event {
        RoomEvent::MatchEnded { server_seed, .. } => Some(server_seed.clone()),
        _ => None,
    });
    DiceInfo {
        commitment: commitment.as_ref().map(|c| c.commitment.clone()),
        entropy: commitment.map_or([None, None], |c| c.entropy),
        revealed: revealed.is_some(),
        server_seed: revealed.flatten(),
    }
}

async fn events(
    State(state): State<AppState>,
    Viewer(viewer): Viewer,
    PathId(id): PathId,
    q: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Json<EventPage>, Failure> {
    let p = Params::new(q, &["from", "limit"])?;
    let from = p.number("from")?.unwrap_or(1);
    let limit = p.limit(DEFAULT_EVENTS_PAGE, MAX_EVENTS_PAGE)?;
    let log = load(&state, &id, &viewer).await?;
    let last_seq = log.events.last().map_or(0, |e| e.seq);
    // Past the end of the log the page is empty, as it is just past the last event: only the
    // log knows where it ends, and a document cannot say.
    if from == 0 {
        return Err(bad(
            "parameter \"from\" is 0; the log's sequence numbers start at 1",
        ));
    }
    let projected_for = (!ended(&log)).then(|| side_seat(own_side(&log.seats, &viewer)));
    let page: Vec<&StoredEvent> = log
        .events
        .iter()
        .filter(|e| e.seq >= from)
        .take(limit)
        .collect();
    let next_from = page
        .last()
        .map(|e| e.seq + 1)
        .filter(|next| *next <= last_seq);
    let events = page
        .into_iter()
        .filter_map(|e| {
            let event = match (projected_for, &e.event) {
                (Some(seat), RoomEvent::Game { event }) => RoomEvent::Game {
                    event: event.project(seat.seat())?,
                },
                (_, other) => other.clone(),
            };
            Some(LogEntry { seq: e.seq, event })
        })
        .collect();
    Ok(Json(EventPage {
        events,
        last_seq,
        next_from,
        projected_for,
    }))
}

async fn state_at(
    State(state): State<AppState>,
    Viewer(viewer): Viewer,
    PathId(id): PathId,
    q: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Json<StateAt>, Failure> {
    let p = Params::new(q, &["seq", "as"])?;
    let seq = p.number("seq")?;
    let asked: Option<SeatName> = match p.get("as")?.map(str::to_ascii_lowercase).as_deref() {
        None => None,
        Some("home") => Some(SeatName::Home),
        Some("away") => Some(SeatName::Away),
        Some("spectator") => Some(SeatName::Spectator),
        Some(other) => {
            return Err(bad(format!(
                "parameter \"as\": {other:?} is not home, away or spectator"
            )));
        }
    };
    // The slot covers the store read and the replay (`crate::replays`).
    let permit = state.replays().permit().await?;
    let log = load(&state, &id, &viewer).await?;
    let last_seq = log.events.last().map_or(0, |e| e.seq);
    if last_seq == 0 {
        return Err(Failure::new(
            ErrorCode::WrongPhase,
            format!("match {id:?} has not started: it has no state yet"),
        ));
    }
    let seq = seq.unwrap_or(last_seq);
    if seq == 0 {
        return Err(bad(
            "parameter \"seq\" is 0; the log's sequence numbers start at 1",
        ));
    }
    // A seq past the end names a state that does not exist (yet): 404, like an unknown match.
    if seq > last_seq {
        return Err(Failure::new(
            ErrorCode::NotFound,
            format!("parameter \"seq\" is {seq}; the log of match {id:?} ends at {last_seq}"),
        ));
    }
    let mine = side_seat(own_side(&log.seats, &viewer));
    let seat = if ended(&log) {
        asked.unwrap_or(mine)
    } else {
        match asked {
            None => mine,
            Some(SeatName::Spectator) => SeatName::Spectator,
            Some(s) if s == mine => s,
            Some(_) => {
                return Err(Failure::new(
                    ErrorCode::Forbidden,
                    "while the match is live only its coach sees a coach's view",
                ));
            }
        }
    };
    let key = StateKey {
        id,
        seq,
        seat,
        ended: ended(&log),
    };
    if let Some(hit) = state.replays().cached(&key) {
        return Ok(Json(StateAt::clone(&hit)));
    }
    let answer = off_the_workers(permit, move || {
        let (game, at_seq) = replay_to(&log, seq)?;
        Ok(StateAt {
            seq,
            at_seq,
            seat,
            view: game.view(seat.seat()),
        })
    })
    .await?;
    state
        .replays()
        .remember(key, std::sync::Arc::new(answer.clone()));
    Ok(Json(answer))
}

/// Replay a stored match to `seq` (`crate::replay::replay_to`). The dice seed never leaves
/// the server.
pub fn replay_to(log: &MatchLog, seq: u64) -> Result<(AnyGame, u64), Failure> {
    let seed = log
        .dice_seed()?
        .ok_or_else(|| Failure::new(ErrorCode::WrongPhase, "the match has not started"))?;
    crate::replay::replay_to(log, seed, seq)
        .map_err(|e| Failure::internal(format!("stored match {}: {e}", log.id)))
}

/// How the dice of a stored match check out (`GET /api/matches/{id}/verification`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum VerificationStatus {
    /// The revealed seed matches the commitment and the replay gives every stored event.
    Verified,
    /// The match is not over: its server seed is not revealed yet.
    NotRevealed,
    /// The match never started: no dice were rolled.
    NotStarted,
    /// The match does not verify (the message says where).
    Failed,
}

/// Body of `GET /api/matches/{id}/verification`: the server runs the same check as
/// `dugout-server verify` (`fair::verify_log`) on the stored log.
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
pub struct Verification {
    pub id: String,
    pub status: VerificationStatus,
    /// What was checked, or the first mismatch, in words.
    pub message: String,
    /// SHA-256 of the server seed, published at the start (hex).
    pub commitment: Option<String>,
    /// The revealed server seed (hex); only once the match is over.
    pub server_seed: Option<String>,
    /// The ChaCha20 seed derived from the server seed and the coaches' entropy (hex); only
    /// when verified.
    pub dice_seed: Option<String>,
    /// Commands replayed and events compared, when verified.
    pub commands: Option<usize>,
    pub events: Option<usize>,
}

async fn verification(
    State(state): State<AppState>,
    Viewer(viewer): Viewer,
    PathId(id): PathId,
) -> Result<Json<Verification>, Failure> {
    use crate::fair::{Report, Verdict, verify_log};
    let permit = state.replays().permit().await?;
    let log = load(&state, &id, &viewer).await?;
    let commitment = match log.events.first().map(|e| &e.event) {
        Some(RoomEvent::MatchStarted { dice: Some(d), .. }) => Some(d.commitment.clone()),
        _ => None,
    };
    let verdict = off_the_workers(permit, move || Ok(verify_log(&log))).await?;
    let mut body = Verification {
        id: id.clone(),
        status: VerificationStatus::Failed,
        message: String::new(),
        commitment,
        server_seed: None,
        dice_seed: None,
        commands: None,
        events: None,
    };
    body.status = match &verdict {
        Verdict::Verified(v) => {
            body.server_seed = Some(v.server_seed.clone());
            body.dice_seed = Some(v.dice_seed.clone());
            body.commands = Some(v.commands);
            body.events = Some(v.events);
            VerificationStatus::Verified
        }
        Verdict::NotRevealed { .. } => VerificationStatus::NotRevealed,
        Verdict::NotStarted { .. } => VerificationStatus::NotStarted,
        Verdict::Failed(_) => VerificationStatus::Failed,
    };
    // The same words as `dugout-server verify`; a live match's verdict holds no secret.
    body.message = Report {
        id,
        verdict: Some(verdict),
    }
    .to_string();
    Ok(Json(body))
}

/// `GET /api/matches/{id}/commands`: what a third party needs to replay a finished match
/// without our server (`examples/verifier`): the setup, the rules version, the dice and every
/// stored command. Refused (409 `wrong_phase`) until the log has `match_ended`.
async fn commands(
    State(state): State<AppState>,
    Viewer(viewer): Viewer,
    PathId(id): PathId,
) -> Result<Json<MatchCommands>, Failure> {
    let log = load(&state, &id, &viewer).await?;
    if !ended(&log) {
        let why = if log.events.is_empty() {
            "has not started"
        } else {
            "is not over"
        };
        return Err(Failure::new(
            ErrorCode::WrongPhase,
            format!(
                "match {id:?} {why}: its commands are served once it has ended and its \
                 server seed is revealed"
            ),
        ));
    }
    let commands = log
        .commands
        .iter()
        .map(|c| StoredCommand {
            seat: c.coach,
            source: match c.source {
                CommandSource::Coach => dugout_protocol::CommandSource::Coach,
                CommandSource::Timer => dugout_protocol::CommandSource::Timer,
            },
            command: c.command.clone(),
            seq_before: c.seq_before,
            seq_after: c.seq_after,
        })
        .collect();
    Ok(Json(MatchCommands {
        id,
        setup: log.spec.setup.clone(),
        rules_version: log.rules_version,
        dice: dice_info(&log),
        last_seq: log.events.last().map_or(0, |e| e.seq),
        commands,
    }))
}
