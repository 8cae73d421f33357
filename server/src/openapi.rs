//! The OpenAPI 3.1 document served at `GET /api/openapi.json`.
//!
//! The paths are listed by hand in [`OPERATIONS`], each with its parameters' schemas and
//! every status it answers; every request and response body's schema is generated from the
//! handlers' own types with schemars (the same derives that make the protocol's JSON
//! Schema), so the bodies cannot drift from the code. The constraints the server checks
//! (names' lengths and patterns, ids from 1, page sizes, the values a filter takes) come
//! from the same constants and functions as its checks (`dugout_protocol::input`, the
//! archive's limits, the web assets). Tests check that every route the router declares is in
//! the document, and that each pattern accepts exactly what the server accepts; CI runs
//! schemathesis against a live server (`bench/fuzz-api.sh`).

use axum::Json;
use dugout_protocol::input::{
    ACCOUNT_NAME_CHARS, ACCOUNT_NAME_PATTERN, any_case_pattern, edition_names, same_name_pattern,
    team_names,
};
use dugout_protocol::{
    ApiError, AttachMatch, BotItem, Credentials, EventPage, GameKind, LeagueBody, LeagueInvitation,
    LeagueLogLine, MatchCommands, MatchPage, MatchSummary, NewAccount, NewBot, NewLeague,
    NewLeagueCoach, RoomStatus, RoomSummary, SeatName, Standings, StateAt, TokenGrant, Winner,
};
use schemars::generate::{SchemaGenerator, SchemaSettings};
use serde_json::{Map, Value, json};

use crate::api::{Health, Me, Version};
use crate::archive::{DEFAULT_EVENTS_PAGE, DEFAULT_PAGE, MAX_EVENTS_PAGE, MAX_PAGE, Verification};
use crate::league_schedule::{
    FixedResult, FixtureBody, Leaders, LeagueSettings, NewForfeit, NewSchedule, NewSeason, Reason,
    Reschedule, SeasonBody, SeasonItem, SeasonStandings,
};
use crate::leagues::LeagueItem;

/// Who may call an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Auth {
    None,
    /// A bearer token is optional: it may show more (private matches, a coach's hand).
    Optional,
    Required,
}

/// A schema made by the generator (the types' definitions land in the generator).
type SchemaFn = fn(&mut SchemaGenerator) -> schemars::Schema;

/// Where a parameter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum In {
    Path,
    Query,
}

/// One parameter of an operation: every `{name}` of the path has one; query parameters are
/// optional.
pub struct Param {
    pub name: &'static str,
    pub location: In,
    pub description: &'static str,
    pub schema: fn() -> Value,
}

/// One operation of the document.
pub struct Operation {
    pub method: &'static str,
    pub path: &'static str,
    pub summary: &'static str,
    pub auth: Auth,
    pub params: &'static [Param],
    pub body: Option<SchemaFn>,
    /// The success status and its body.
    pub ok: (u16, Option<SchemaFn>),
    /// Every refusal the operation answers, each with an `ApiError` body.
    pub errors: &'static [u16],
}

fn schema<T: schemars::JsonSchema>(g: &mut SchemaGenerator) -> schemars::Schema {
    g.subschema_for::<T>()
}

/// Any JSON object (a body without a Rust type of its own).
fn object(_: &mut SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({"type": "object"})
}

// ----- parameter schemas -----------------------------------------------------------------

/// The values of a string enum, as serde writes them (from its JSON Schema).
pub fn enum_names<T: schemars::JsonSchema>() -> Vec<String> {
    fn collect(v: &Value, out: &mut Vec<String>) {
        let Value::Object(m) = v else { return };
        if let Some(Value::String(s)) = m.get("const") {
            out.push(s.clone());
        }
        if let Some(Value::Array(values)) = m.get("enum") {
            out.extend(values.iter().filter_map(|v| v.as_str().map(str::to_owned)));
        }
        for key in ["oneOf", "anyOf"] {
            if let Some(Value::Array(parts)) = m.get(key) {
                parts.iter().for_each(|p| collect(p, out));
            }
        }
    }
    let mut out = Vec::new();
    collect(&schemars::schema_for!(T).to_value(), &mut out);
    out
}

/// A string that is one of `words` in any ASCII case (the archive lowercases the values of
/// its filters).
fn any_case(words: Vec<String>) -> Value {
    json!({"type": "string", "pattern": any_case_pattern(&words), "examples": [words.first()]})
}

/// The schema of a body or an answer, for an [`Operation`] (registered once in the document's
/// components).
pub fn schema_of<T: schemars::JsonSchema>(g: &mut SchemaGenerator) -> schemars::Schema {
    g.subschema_for::<T>()
}

/// A positive 64-bit id (leagues).
pub fn positive_id() -> Value {
    json!({"type": "integer", "format": "int64", "minimum": 1, "maximum": i64::MAX})
}

/// A match id: any text, since an unknown one is a 404 (the server makes UUIDs).
fn match_id() -> Value {
    json!({"type": "string", "minLength": 1})
}

/// An account's name.
pub fn account_name() -> Value {
    json!({
        "type": "string",
        "minLength": ACCOUNT_NAME_CHARS.start(),
        "maxLength": ACCOUNT_NAME_CHARS.end(),
        "pattern": ACCOUNT_NAME_PATTERN,
    })
}

fn any_text() -> Value {
    json!({"type": "string"})
}

/// `YYYY-MM-DD` (a date of the calendar), or Unix milliseconds.
pub fn date_or_ms() -> Value {
    json!({"anyOf": [
        {"type": "integer", "format": "int64", "minimum": 0, "maximum": i64::MAX},
        {"type": "string", "pattern": DATE_PATTERN},
    ]})
}

/// A `YYYY-MM-DD` date of the proleptic Gregorian calendar (`archive::parse_date`): months of
/// 31, 30 and 28 days, and the 29th of February in leap years.
pub const DATE_PATTERN: &str = "^(?:[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])\
|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))\
|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[048]|[2468][048]|[13579][26])00)-02-29)$";

fn game() -> Value {
    any_case(enum_names::<GameKind>())
}
fn status() -> Value {
    any_case(enum_names::<RoomStatus>())
}
fn winner() -> Value {
    any_case(enum_names::<Winner>())
}
fn seat() -> Value {
    any_case(enum_names::<SeatName>())
}
/// An edition or team as people type it (`archive::same_name`).
fn edition() -> Value {
    let names = edition_names();
    json!({"type": "string", "pattern": same_name_pattern(&names), "examples": [names.first()]})
}
fn team() -> Value {
    let names = team_names();
    json!({"type": "string", "pattern": same_name_pattern(&names), "examples": [names.first()]})
}
fn page_limit() -> Value {
    json!({"type": "integer", "minimum": 1, "maximum": MAX_PAGE, "default": DEFAULT_PAGE})
}
fn events_limit() -> Value {
    json!({"type": "integer", "minimum": 1, "maximum": MAX_EVENTS_PAGE, "default": DEFAULT_EVENTS_PAGE})
}
fn offset() -> Value {
    json!({"type": "integer", "minimum": 0, "maximum": u64::MAX, "default": 0})
}
/// A sequence number of a match's log (from 1).
fn seq() -> Value {
    json!({"type": "integer", "minimum": 1, "maximum": u64::MAX})
}
/// A file of the web pages.
fn asset() -> Value {
    let names: Vec<&str> = crate::web::ASSETS
        .iter()
        .map(|(name, _, _)| *name)
        .collect();
    json!({"type": "string", "enum": names})
}

const fn path(name: &'static str, description: &'static str, schema: fn() -> Value) -> Param {
    Param {
        name,
        location: In::Path,
        description,
        schema,
    }
}

const fn query(name: &'static str, description: &'static str, schema: fn() -> Value) -> Param {
    Param {
        name,
        location: In::Query,
        description,
        schema,
    }
}

const MATCH_ID: Param = path("id", "the match's id", match_id);
/// The `{id}` path parameter of every league route (the league modules use it too).
pub const LEAGUE_ID: Param = path("id", "the league's id (from 1)", positive_id);
const SEASON: Param = path(
    "season",
    "the season's number in its league (from 1)",
    positive_id,
);
const FIXTURE: Param = path("fixture", "the fixture's id (from 1)", positive_id);

/// Every HTTP operation the server answers, besides the WebSocket upgrade at `GET /ws`.
pub const OPERATIONS: &[Operation] = &[
    Operation {
        method: "get",
        path: "/health",
        summary: "Liveness",
        auth: Auth::None,
        params: &[],
        body: None,
        ok: (200, Some(schema::<Health>)),
        errors: &[],
    },
    Operation {
        method: "get",
        path: "/version",
        summary: "Server and protocol versions",
        auth: Auth::None,
        params: &[],
        body: None,
        ok: (200, Some(schema::<Version>)),
        errors: &[],
    },
    Operation {
        method: "post",
        path: "/api/register",
        summary: "Create an account; a session token",
        auth: Auth::None,
        params: &[],
        body: Some(schema::<NewAccount>),
        ok: (201, Some(schema::<TokenGrant>)),
        errors: &[400, 409, 413, 429],
    },
    Operation {
        method: "get",
        path: "/api/bots",
        summary: "The caller's bots, by name, with how many API tokens each has",
        auth: Auth::Required,
        params: &[],
        body: None,
        ok: (200, Some(schema::<Vec<BotItem>>)),
        errors: &[401],
    },
    Operation {
        method: "post",
        path: "/api/bots/{name}/token",
        summary: "Rotate a bot's token: every old one is revoked (its sockets close), a new one granted (the owner's session only)",
        auth: Auth::Required,
        params: &[path(
            "name",
            "the bot's account name (any case)",
            account_name,
        )],
        body: None,
        ok: (201, Some(schema::<TokenGrant>)),
        errors: &[400, 401, 403, 404],
    },
    Operation {
        method: "delete",
        path: "/api/bots/{name}/tokens",
        summary: "Revoke every token of a bot; its sockets close (the owner's session only)",
        auth: Auth::Required,
        params: &[path(
            "name",
            "the bot's account name (any case)",
            account_name,
        )],
        body: None,
        ok: (204, None),
        errors: &[400, 401, 403, 404],
    },
    Operation {
        method: "post",
        path: "/api/login",
        summary: "Log in; a session token",
        auth: Auth::None,
        params: &[],
        body: Some(schema::<Credentials>),
        ok: (200, Some(schema::<TokenGrant>)),
        errors: &[400, 401, 413, 429],
    },
    Operation {
        method: "post",
        path: "/api/logout",
        summary: "End the session",
        auth: Auth::Required,
        params: &[],
        body: None,
        ok: (204, None),
        errors: &[401],
    },
    Operation {
        method: "get",
        path: "/api/me",
        summary: "The token's account",
        auth: Auth::Required,
        params: &[],
        body: None,
        ok: (200, Some(schema::<Me>)),
        errors: &[401],
    },
    Operation {
        method: "post",
        path: "/api/bots",
        summary: "Create a bot account owned by the caller; its API token",
        auth: Auth::Required,
        params: &[],
        body: Some(schema::<NewBot>),
        ok: (201, Some(schema::<TokenGrant>)),
        errors: &[400, 401, 409, 413],
    },
    Operation {
        method: "get",
        path: "/api/rooms",
        summary: "Public open and playing rooms",
        auth: Auth::None,
        params: &[],
        body: None,
        ok: (200, Some(schema::<Vec<RoomSummary>>)),
        errors: &[],
    },
    Operation {
        method: "get",
        path: "/api/matches",
        summary: "Stored matches, filtered and paged, newest first",
        auth: Auth::Optional,
        params: &[
            query("game", "game kind (blitz), any case", game),
            query(
                "edition",
                "rules edition (Bb2018, Bb2024) as people type it: any case, spaces, - and _ \
                 aside, or the year alone",
                edition,
            ),
            query(
                "coach",
                "a coach's account name (either seat, case-insensitive)",
                any_text,
            ),
            query(
                "team",
                "a team (either seat) as people type it: any case, spaces, - and _ aside",
                team,
            ),
            query(
                "status",
                "open, playing, finished or closed, any case",
                status,
            ),
            query(
                "from",
                "created at or after: YYYY-MM-DD (UTC) or Unix ms (after `to`: no match)",
                date_or_ms,
            ),
            query(
                "to",
                "created at or before: YYYY-MM-DD (the whole day) or Unix ms",
                date_or_ms,
            ),
            query(
                "result",
                "home, away or draw (the winner), any case",
                winner,
            ),
            query("league", "a league id", positive_id),
            query("limit", "page size", page_limit),
            query("offset", "matches to skip", offset),
        ],
        body: None,
        ok: (200, Some(schema::<MatchPage>)),
        errors: &[400, 401],
    },
    Operation {
        method: "get",
        path: "/api/matches/{id}",
        summary: "One match's summary, computed from its events",
        auth: Auth::Optional,
        params: &[MATCH_ID],
        body: None,
        ok: (200, Some(schema::<MatchSummary>)),
        errors: &[400, 401, 404],
    },
    Operation {
        method: "get",
        path: "/api/matches/{id}/events",
        summary: "A page of the match's event log (projected for the caller while live)",
        auth: Auth::Optional,
        params: &[
            MATCH_ID,
            query(
                "from",
                "first sequence number (default 1; past the log's end: an empty page)",
                seq,
            ),
            query("limit", "page size", events_limit),
        ],
        body: None,
        ok: (200, Some(schema::<EventPage>)),
        errors: &[400, 401, 404],
    },
    Operation {
        method: "get",
        path: "/api/matches/{id}/state",
        summary: "The state at a sequence number, replayed by the server",
        auth: Auth::Optional,
        params: &[
            MATCH_ID,
            query(
                "seq",
                "sequence number, 1 to the last (default the last; past it: 404)",
                seq,
            ),
            query(
                "as",
                "home, away or spectator, any case (any once the match is over; while live, \
                 only your own seat: else 403)",
                seat,
            ),
        ],
        body: None,
        ok: (200, Some(schema::<StateAt>)),
        errors: &[400, 401, 403, 404, 409, 429],
    },
    Operation {
        method: "get",
        path: "/api/matches/{id}/verification",
        summary: "The provably fair dice checked by the server: verified, not revealed yet, not started or failed",
        auth: Auth::Optional,
        params: &[MATCH_ID],
        body: None,
        ok: (200, Some(schema::<Verification>)),
        errors: &[400, 401, 404, 429],
    },
    Operation {
        method: "get",
        path: "/api/matches/{id}/commands",
        summary: "A finished match's setup, rules version, dice and every stored command, to replay it without the server (409 wrong_phase until it has ended)",
        auth: Auth::Optional,
        params: &[MATCH_ID],
        body: None,
        ok: (200, Some(schema::<MatchCommands>)),
        errors: &[400, 401, 404, 409],
    },
    Operation {
        method: "get",
        path: "/api/leagues",
        summary: "Every league, newest first",
        auth: Auth::None,
        params: &[query(
            "organiser",
            "only the leagues this account organises (case-insensitive)",
            any_text,
        )],
        body: None,
        ok: (200, Some(schema::<Vec<LeagueItem>>)),
        errors: &[400],
    },
    Operation {
        method: "post",
        path: "/api/leagues",
        summary: "Create a league; the caller organises it",
        auth: Auth::Required,
        params: &[],
        body: Some(schema::<NewLeague>),
        ok: (201, Some(schema::<LeagueBody>)),
        errors: &[400, 401, 413],
    },
    Operation {
        method: "get",
        path: "/api/leagues/{id}",
        summary: "A league: scheme, coaches, matches (a private match only for its coaches and the organiser)",
        auth: Auth::Optional,
        params: &[LEAGUE_ID],
        body: None,
        ok: (200, Some(schema::<LeagueBody>)),
        errors: &[400, 401, 404],
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/coaches",
        summary: "Register a coach and their team (organiser only)",
        auth: Auth::Required,
        params: &[LEAGUE_ID],
        body: Some(schema::<NewLeagueCoach>),
        ok: (201, Some(schema::<LeagueBody>)),
        errors: &[400, 401, 403, 404, 409, 413],
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/matches",
        summary: "Attach a match whose coaches are registered (organiser only)",
        auth: Auth::Required,
        params: &[LEAGUE_ID],
        body: Some(schema::<AttachMatch>),
        ok: (200, Some(schema::<LeagueBody>)),
        errors: &[400, 401, 403, 404, 409, 413],
    },
    Operation {
        method: "delete",
        path: "/api/leagues/{id}/matches/{match}",
        summary: "Detach a match; it stays in the archive (organiser only, logged)",
        auth: Auth::Required,
        params: &[LEAGUE_ID, path("match", "the match's id", match_id)],
        body: None,
        ok: (200, Some(schema::<LeagueBody>)),
        errors: &[400, 401, 403, 404, 409],
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/invitation",
        summary: "Accept the caller's invitation to the league",
        auth: Auth::Required,
        params: &[LEAGUE_ID],
        body: None,
        ok: (200, Some(schema::<LeagueBody>)),
        errors: &[400, 401, 404],
    },
    Operation {
        method: "delete",
        path: "/api/leagues/{id}/invitation",
        summary: "Decline the caller's invitation to the league (logged)",
        auth: Auth::Required,
        params: &[LEAGUE_ID],
        body: None,
        ok: (204, None),
        errors: &[400, 401, 404],
    },
    Operation {
        method: "get",
        path: "/api/invitations",
        summary: "The caller's league invitations not accepted yet, newest league first",
        auth: Auth::Required,
        params: &[],
        body: None,
        ok: (200, Some(schema::<Vec<LeagueInvitation>>)),
        errors: &[401],
    },
    Operation {
        method: "delete",
        path: "/api/leagues/{id}/coaches/{coach}",
        summary: "Unregister a coach with no attached match (organiser only, logged)",
        auth: Auth::Required,
        params: &[
            LEAGUE_ID,
            path("coach", "the coach's account name (any case)", account_name),
        ],
        body: None,
        ok: (200, Some(schema::<LeagueBody>)),
        errors: &[400, 401, 403, 404, 409],
    },
    Operation {
        method: "delete",
        path: "/api/leagues/{id}",
        summary: "Delete a league, detaching its matches (organiser only, logged)",
        auth: Auth::Required,
        params: &[LEAGUE_ID],
        body: None,
        ok: (204, None),
        errors: &[400, 401, 403, 404],
    },
    Operation {
        method: "get",
        path: "/api/leagues/{id}/log",
        summary: "The organiser's actions on the league, newest first (organiser only)",
        auth: Auth::Required,
        params: &[LEAGUE_ID],
        body: None,
        ok: (200, Some(schema::<Vec<LeagueLogLine>>)),
        errors: &[400, 401, 403, 404],
    },
    Operation {
        method: "get",
        path: "/api/leagues/{id}/standings",
        summary: "Standings from the attached finished matches",
        auth: Auth::None,
        params: &[LEAGUE_ID],
        body: None,
        ok: (200, Some(schema::<Standings>)),
        errors: &[400, 404],
    },
    // ----- seasons, schedules, settings (league_schedule.rs) ----------------------------
    Operation {
        method: "get",
        path: "/api/leagues/{id}/settings",
        summary: "The league's tie-breakers and optional league rules",
        auth: Auth::None,
        params: &[LEAGUE_ID],
        body: None,
        ok: (200, Some(schema::<LeagueSettings>)),
        errors: &[400, 404],
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/settings",
        summary: "Set the tie-breakers and optional league rules (organiser only, logged)",
        auth: Auth::Required,
        params: &[LEAGUE_ID],
        body: Some(schema::<LeagueSettings>),
        ok: (200, Some(schema::<LeagueSettings>)),
        errors: &[400, 401, 403, 404, 409, 413],
    },
    Operation {
        method: "get",
        path: "/api/leagues/{id}/seasons",
        summary: "The league's seasons, by number",
        auth: Auth::None,
        params: &[LEAGUE_ID],
        body: None,
        ok: (200, Some(schema::<Vec<SeasonItem>>)),
        errors: &[400, 404],
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/seasons",
        summary: "Open the next season; one at a time (organiser only, logged)",
        auth: Auth::Required,
        params: &[LEAGUE_ID],
        body: Some(schema::<NewSeason>),
        ok: (201, Some(schema::<SeasonBody>)),
        errors: &[400, 401, 403, 404, 409, 413],
    },
    Operation {
        method: "get",
        path: "/api/leagues/{id}/seasons/{season}",
        summary: "A season and its fixtures: rounds, deadlines, results",
        auth: Auth::Optional,
        params: &[LEAGUE_ID, SEASON],
        body: None,
        ok: (200, Some(schema::<SeasonBody>)),
        errors: &[400, 401, 404],
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/seasons/{season}/schedule",
        summary: "Schedule the season: a round robin of the league's coaches (organiser only, logged)",
        auth: Auth::Required,
        params: &[LEAGUE_ID, SEASON],
        body: Some(schema::<NewSchedule>),
        ok: (201, Some(schema::<SeasonBody>)),
        errors: &[400, 401, 403, 404, 409, 413],
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/seasons/{season}/close",
        summary: "Close the season, freezing its standings (organiser only, logged)",
        auth: Auth::Required,
        params: &[LEAGUE_ID, SEASON],
        body: Some(schema::<Reason>),
        ok: (200, Some(schema::<SeasonBody>)),
        errors: &[400, 401, 403, 404, 409, 413],
    },
    Operation {
        method: "get",
        path: "/api/leagues/{id}/seasons/{season}/standings",
        summary: "The season's standings with the league's tie-breakers (frozen once closed)",
        auth: Auth::None,
        params: &[LEAGUE_ID, SEASON],
        body: None,
        ok: (200, Some(schema::<SeasonStandings>)),
        errors: &[400, 404],
    },
    Operation {
        method: "get",
        path: "/api/leagues/{id}/seasons/{season}/leaders",
        summary: "The season's leaders: touchdowns, casualties, completions",
        auth: Auth::None,
        params: &[LEAGUE_ID, SEASON],
        body: None,
        ok: (200, Some(schema::<Leaders>)),
        errors: &[400, 404],
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/fixtures/{fixture}/deadline",
        summary: "Reschedule a fixture with a reason (organiser only, logged)",
        auth: Auth::Required,
        params: &[LEAGUE_ID, FIXTURE],
        body: Some(schema::<Reschedule>),
        ok: (200, Some(schema::<FixtureBody>)),
        errors: &[400, 401, 403, 404, 409, 413],
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/fixtures/{fixture}/match",
        summary: "Link the match that played a fixture; it is attached to the league (organiser only, logged)",
        auth: Auth::Required,
        params: &[LEAGUE_ID, FIXTURE],
        body: Some(schema::<AttachMatch>),
        ok: (200, Some(schema::<FixtureBody>)),
        errors: &[400, 401, 403, 404, 409, 413],
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/fixtures/{fixture}/forfeit",
        summary: "Record a forfeit: a coach did not show (organiser only, logged)",
        auth: Auth::Required,
        params: &[LEAGUE_ID, FIXTURE],
        body: Some(schema::<NewForfeit>),
        ok: (200, Some(schema::<FixtureBody>)),
        errors: &[400, 401, 403, 404, 409, 413],
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/fixtures/{fixture}/result",
        summary: "Fix a fixture's result with a reason; the match stays as played (organiser only, logged)",
        auth: Auth::Required,
        params: &[LEAGUE_ID, FIXTURE],
        body: Some(schema::<FixedResult>),
        ok: (200, Some(schema::<FixtureBody>)),
        errors: &[400, 401, 403, 404, 409, 413],
    },
    Operation {
        method: "get",
        path: "/api/rules/blitz",
        summary: "Board layouts and team cards (names, positions), for drawing a view",
        auth: Auth::None,
        params: &[],
        body: None,
        ok: (200, Some(object)),
        errors: &[],
    },
    Operation {
        method: "get",
        path: "/api/rules/blood_bowl",
        summary: "Blood Bowl's pitch, rosters (positions, stats, skills), skill and weather names, Star Players, Special Play Cards and decks, for drawing a view",
        auth: Auth::None,
        params: &[],
        body: None,
        ok: (200, Some(object)),
        errors: &[],
    },
    Operation {
        method: "get",
        path: "/assets/{file}",
        summary: "The web pages' CSS, JavaScript and icon",
        auth: Auth::None,
        params: &[path("file", "the file's name", asset)],
        body: None,
        // The content types are the assets' own (see `document`).
        ok: (200, None),
        errors: &[400, 404],
    },
    Operation {
        method: "get",
        path: "/api/openapi.json",
        summary: "This document",
        auth: Auth::None,
        params: &[],
        body: None,
        ok: (200, Some(object)),
        errors: &[],
    },
];

/// What each refusal means (every one has an `ApiError` body).
fn error_description(status: u16) -> &'static str {
    match status {
        400 => "a bad parameter or body (`malformed`, `invalid_account`): the message names it",
        401 => {
            "no valid bearer token (`unauthenticated`), or a wrong name or password (`bad_credentials`)"
        }
        403 => "not the caller's to do (`forbidden`)",
        404 => "no such thing, or not one the caller may see (`not_found`, `unknown_room`)",
        409 => "in conflict with what is stored (`name_taken`, `conflict`, `wrong_phase`)",
        413 => "a body over 16 KiB (`too_large`)",
        429 => "too many tries or too busy (`rate_limited`): try again after `Retry-After` seconds",
        _ => "refused",
    }
}

/// Headers a page or an asset answers with, and the 304 they answer a known ETag with.
fn cached(content: Map<String, Value>) -> Value {
    json!({
        "200": {
            "description": "the file (revalidate with If-None-Match: a 304 when unchanged)",
            "headers": {"ETag": {"required": true, "schema": {"type": "string"}}},
            "content": content,
        },
        "304": {"description": "unchanged since the ETag sent in If-None-Match"},
    })
}

/// A parameter as the document lists it.
fn parameter(p: &Param) -> Value {
    let location = match p.location {
        In::Path => "path",
        In::Query => "query",
    };
    json!({
        "name": p.name,
        "in": location,
        "required": p.location == In::Path,
        "description": p.description,
        "schema": (p.schema)(),
    })
}

/// The whole document.
pub fn document() -> Value {
    let mut settings = SchemaSettings::draft2020_12();
    settings.definitions_path = "/components/schemas".into();
    let mut g = settings.into_generator();
    let error = g.subschema_for::<ApiError>().to_value();
    let mut paths: Map<String, Value> = Map::new();
    for op in OPERATIONS
        .iter()
        .chain(crate::league_teams::OPERATIONS)
        .chain(crate::league_matches::OPERATIONS)
        .chain(crate::league_tournaments::OPERATIONS)
        .chain(crate::league_challenges::OPERATIONS)
    {
        let parameters: Vec<Value> = op.params.iter().map(parameter).collect();
        let mut responses = Map::new();
        let ok = if op.path == "/assets/{file}" {
            let mut types = Map::new();
            for (_, content_type, _) in crate::web::ASSETS {
                let media = content_type.split(';').next().unwrap_or_default().trim();
                types.insert(media.to_owned(), json!({}));
            }
            cached(types)
        } else {
            let body = match op.ok.1 {
                Some(f) => json!({
                    "description": "success",
                    "content": {"application/json": {"schema": f(&mut g).to_value()}}
                }),
                None => json!({"description": "success"}),
            };
            json!({op.ok.0.to_string(): body})
        };
        if let Value::Object(ok) = ok {
            responses.extend(ok);
        }
        for status in op.errors {
            let mut response = json!({
                "description": error_description(*status),
                "content": {"application/json": {"schema": error}}
            });
            if *status == 429 {
                response["headers"] = json!({"Retry-After": {
                    "description": "seconds to wait",
                    "required": true,
                    "schema": {"type": "integer", "minimum": 1}
                }});
            }
            responses.insert(status.to_string(), response);
        }
        let mut operation = json!({
            "summary": op.summary,
            "parameters": parameters,
            "responses": responses,
        });
        if let Some(f) = op.body {
            operation["requestBody"] = json!({
                "required": true,
                "content": {"application/json": {"schema": f(&mut g).to_value()}}
            });
        }
        match op.auth {
            Auth::None => {}
            Auth::Optional => operation["security"] = json!([{}, {"bearer": []}]),
            Auth::Required => operation["security"] = json!([{"bearer": []}]),
        }
        let entry = paths.entry(op.path.to_owned()).or_insert_with(|| json!({}));
        entry[op.method] = operation;
    }
    for (path, title, _) in crate::web::PAGES {
        let mut parameters: Vec<Value> = Vec::new();
        for name in ["id", "team", "player"] {
            if path.contains(&format!("{{{name}}}")) {
                parameters.push(json!({
                    "name": name, "in": "path", "required": true,
                    "description": "read by the page's script, not the server",
                    "schema": {"type": "string"}
                }));
            }
        }
        let entry = paths.entry((*path).to_owned()).or_insert_with(|| json!({}));
        let mut html = Map::new();
        html.insert("text/html".into(), json!({}));
        entry["get"] = json!({
            "summary": format!("Web page: {title} (HTML; its script calls the API)"),
            "parameters": parameters,
            "responses": cached(html),
        });
    }
    let mut doc = json!({
        "openapi": "3.1.0",
        "info": {
            "title": "Dugout server",
            "version": crate::SERVER_VERSION,
            "description": "Accounts, rooms, the match archive and leagues. The game itself \
                            is played over the WebSocket at /ws (docs/protocol.md). Every \
                            refusal is an `ApiError` JSON body with the status it names; any \
                            other path under /api, /ws or /assets is a JSON 404."
        },
        "paths": paths,
        "components": {
            "schemas": g.take_definitions(true),
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}
        }
    });
    bound_integers(&mut doc);
    doc
}

/// Every integer schema with a Rust width (`format`: `uint8`, `int32`, ...) gets that width's
/// bounds where it states none: the server refuses a number its field cannot hold, so the
/// document says so (schemars writes the `format`, which validators need not check).
fn bound_integers(v: &mut Value) {
    match v {
        Value::Object(map) => {
            let bounds: Option<(i128, i128)> = match map.get("format").and_then(Value::as_str) {
                Some("uint8") => Some((0, i128::from(u8::MAX))),
                Some("uint16") => Some((0, i128::from(u16::MAX))),
                Some("uint32") => Some((0, i128::from(u32::MAX))),
                Some("uint64" | "uint") => Some((0, i128::from(u64::MAX))),
                Some("int8") => Some((i128::from(i8::MIN), i128::from(i8::MAX))),
                Some("int16") => Some((i128::from(i16::MIN), i128::from(i16::MAX))),
                Some("int32") => Some((i128::from(i32::MIN), i128::from(i32::MAX))),
                Some("int64" | "int") => Some((i128::from(i64::MIN), i128::from(i64::MAX))),
                _ => None,
            };
            if let Some((lo, hi)) = bounds {
                let number = |n: i128| {
                    u64::try_from(n)
                        .map(Value::from)
                        .or_else(|_| i64::try_from(n).map(Value::from))
                        .unwrap_or(Value::Null)
                };
                map.entry("minimum").or_insert_with(|| number(lo));
                map.entry("maximum").or_insert_with(|| number(hi));
            }
            map.values_mut().for_each(bound_integers);
        }
        Value::Array(items) => items.iter_mut().for_each(bound_integers),
        _ => {}
    }
}

/// `GET /api/openapi.json`.
pub async fn serve() -> Json<Value> {
    Json(document())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `(method, path)` of every `.route("...", method(...))` in a source file.
    fn declared(source: &str) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let mut rest = source;
        while let Some(i) = rest.find(".route(\"") {
            rest = &rest[i + 8..];
            let Some(end) = rest.find('"') else { break };
            let path = rest[..end].to_owned();
            let after = rest[end + 1..].trim_start_matches([',', ' ', '\n']);
            let method = after
                .split('(')
                .next()
                .unwrap_or_default()
                .trim()
                .to_owned();
            out.push((method, path));
        }
        out
    }

    #[test]
    fn every_route_is_in_the_document() {
        let doc = document();
        let sources = [
            include_str!("api.rs"),
            include_str!("archive.rs"),
            include_str!("leagues.rs"),
            include_str!("league_schedule.rs"),
            include_str!("league_teams.rs"),
            include_str!("league_matches.rs"),
            include_str!("web.rs"),
        ];
        let routes: Vec<(String, String)> = sources.iter().flat_map(|s| declared(s)).collect();
        assert!(routes.len() >= 15, "{routes:?}");
        for (method, path) in routes {
            assert!(
                doc["paths"][&path][&method].is_object(),
                "{method} {path} is not in the OpenAPI document"
            );
        }
    }

    /// Every `{name}` of a path has a path parameter with a schema, and nothing else is one;
    /// ids (leagues) start at 1.
    #[test]
    fn every_path_parameter_is_declared_and_ids_start_at_1() {
        let doc = document();
        for (path, item) in doc["paths"].as_object().expect("paths") {
            let segments: Vec<&str> = path
                .split('/')
                .filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
                .collect();
            for (method, op) in item.as_object().expect("operations") {
                let declared: Vec<&Value> = op["parameters"]
                    .as_array()
                    .expect("parameters")
                    .iter()
                    .filter(|p| p["in"] == "path")
                    .collect();
                let names: Vec<&str> = declared.iter().filter_map(|p| p["name"].as_str()).collect();
                assert_eq!(names, segments, "{method} {path}");
                for p in declared {
                    assert_eq!(p["required"], true, "{method} {path}");
                    assert!(p["schema"]["type"].is_string(), "{method} {path}: {p}");
                }
            }
        }
        // Leagues are numbered from 1, in the path and in the archive's filter.
        let mut ids = 0;
        for op in OPERATIONS {
            for p in op.params {
                let is_league = (op.path.starts_with("/api/leagues/") && p.name == "id")
                    || (op.path == "/api/matches" && p.name == "league");
                if is_league {
                    let schema = (p.schema)();
                    assert_eq!(schema["type"], "integer", "{} {}", op.path, p.name);
                    assert_eq!(schema["minimum"], 1, "{} {}", op.path, p.name);
                    assert_eq!(crate::leagues::league_id("0").ok(), None);
                    assert_eq!(crate::leagues::league_id("1").ok(), Some(1));
                    ids += 1;
                }
            }
        }
        assert!(ids >= 8, "{ids}");
    }

    /// Every operation lists its refusals with the `ApiError` body, and every body is JSON.
    #[test]
    fn every_refusal_is_a_json_api_error() {
        let doc = document();
        for (path, item) in doc["paths"].as_object().expect("paths") {
            for (method, op) in item.as_object().expect("operations") {
                for (status, response) in op["responses"].as_object().expect("responses") {
                    assert!(status.parse::<u16>().is_ok(), "{method} {path} {status}");
                    if status.starts_with('4') {
                        assert_eq!(
                            response["content"]["application/json"]["schema"]["$ref"],
                            "#/components/schemas/ApiError",
                            "{method} {path} {status}"
                        );
                    }
                }
                if op["security"].is_array() {
                    assert!(op["responses"]["401"].is_object(), "{method} {path}");
                }
                if op["requestBody"].is_object() {
                    for status in ["400", "413"] {
                        assert!(op["responses"][status].is_object(), "{method} {path}");
                    }
                }
            }
        }
        assert!(
            doc["paths"]["/api/login"]["post"]["responses"]["429"]["headers"]["Retry-After"]
                .is_object()
        );
    }

    /// What a string schema of the document accepts: its lengths (in characters), its
    /// `pattern` (matched anywhere, as JSON Schema does) and its `not` pattern.
    struct StringSchema {
        min: Option<u64>,
        max: Option<u64>,
        pattern: Option<regex::Regex>,
        not: Option<regex::Regex>,
        values: Option<Vec<String>>,
    }

    impl StringSchema {
        fn new(schema: &Value) -> StringSchema {
            let re = |p: &Value| {
                p.as_str()
                    .map(|p| regex::Regex::new(p).unwrap_or_else(|e| panic!("{p}: {e}")))
            };
            StringSchema {
                min: schema["minLength"].as_u64(),
                max: schema["maxLength"].as_u64(),
                pattern: re(&schema["pattern"]),
                not: re(&schema["not"]["pattern"]),
                values: schema["enum"].as_array().map(|v| {
                    v.iter()
                        .filter_map(|s| s.as_str().map(str::to_owned))
                        .collect()
                }),
            }
        }

        fn accepts(&self, s: &str) -> bool {
            let n = s.chars().count() as u64;
            self.min.is_none_or(|m| n >= m)
                && self.max.is_none_or(|m| n <= m)
                && self.pattern.as_ref().is_none_or(|p| p.is_match(s))
                && self.not.as_ref().is_none_or(|p| !p.is_match(s))
                && self
                    .values
                    .as_ref()
                    .is_none_or(|v| v.iter().any(|x| x == s))
        }
    }

    /// Strings to try: the given ones, each with spaces, case changes and odd characters
    /// around it, and pseudo-random ones over an alphabet of characters that trip checks up.
    fn samples(seeds: &[String]) -> Vec<String> {
        let odd = [
            "", " ", "\u{a0}", "\u{85}", "\u{feff}", "\u{0}", "\n", "\t", "-", "_", "é",
            "\u{212a}", "\u{130}", "x", "0", "9",
        ];
        let mut out: Vec<String> = Vec::new();
        for seed in seeds {
            for variant in [seed.clone(), seed.to_uppercase(), seed.to_lowercase()] {
                for o in odd {
                    out.push(format!("{o}{variant}"));
                    out.push(format!("{variant}{o}"));
                }
                out.push(
                    variant
                        .replace('a', "a b")
                        .replace('e', "e-")
                        .replace('o', "o_"),
                );
            }
        }
        let alphabet: Vec<char> =
            "aAbkK0179 _-.@\u{a0}\u{85}\u{3000}\u{0}\u{7f}\u{9f}\u{1f}é\u{212a}\u{feff}\n"
                .chars()
                .collect();
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..5000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let len = (state % 40) as usize;
            let s: String = (0..len)
                .map(|i| {
                    let k = (state.rotate_left(i as u32 * 5) as usize) % alphabet.len();
                    alphabet[k]
                })
                .collect();
            out.push(s);
        }
        out.push("x".repeat(80));
        out.push("x".repeat(81));
        out.push("x".repeat(256));
        out.push("x".repeat(257));
        out
    }

    fn component(doc: &Value, name: &str, field: &str) -> StringSchema {
        StringSchema::new(&doc["components"]["schemas"][name]["properties"][field])
    }

    fn parameter_schema(path: &str, name: &str) -> StringSchema {
        let op = OPERATIONS
            .iter()
            .find(|o| o.path == path && o.params.iter().any(|p| p.name == name))
            .expect("operation");
        let p = op
            .params
            .iter()
            .find(|p| p.name == name)
            .expect("parameter");
        StringSchema::new(&(p.schema)())
    }

    fn assert_same(
        what: &str,
        schema: &StringSchema,
        server: impl Fn(&str) -> bool,
        seeds: &[String],
    ) {
        let mut accepted = 0;
        for s in samples(seeds) {
            let ok = server(&s);
            assert_eq!(schema.accepts(&s), ok, "{what}: {s:?} (server: {ok})");
            accepted += usize::from(ok);
        }
        assert!(accepted > 0, "{what}: no sample is valid");
    }

    /// The names, passwords and filters the document describes are exactly those the server
    /// takes: each schema and the server's own check agree on thousands of strings.
    #[test]
    fn the_documents_patterns_are_the_servers_checks() {
        use dugout_protocol::input::{is_account_name, is_league_name, same_name, team_named};
        let doc = document();
        let names: Vec<String> = [
            "coach_1",
            "Ada",
            "abc",
            "x-y",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        ]
        .map(String::from)
        .to_vec();
        for schema in [
            component(&doc, "NewAccount", "name"),
            component(&doc, "NewBot", "name"),
            component(&doc, "NewLeagueCoach", "coach"),
            parameter_schema("/api/leagues/{id}/coaches/{coach}", "coach"),
        ] {
            assert_same("account name", &schema, is_account_name, &names);
        }
        let mut passwords: Vec<String> = dugout_protocol::input::COMMON_PASSWORDS
            .iter()
            .map(|p| p.to_string())
            .collect();
        passwords.extend(
            [
                "correct horse",
                "        ",
                "a\u{a0}\u{a0}\u{a0}\u{a0}\u{a0}\u{a0}\u{a0}",
            ]
            .map(String::from),
        );
        // The name's rule aside (a schema cannot compare two fields): a name in no sample.
        let name = "\u{2603}\u{2603}";
        assert_same(
            "password",
            &component(&doc, "NewAccount", "password"),
            |p| crate::accounts::check_password(name, p).is_ok(),
            &passwords,
        );
        assert_same(
            "league name",
            &component(&doc, "NewLeague", "name"),
            is_league_name,
            &["Spring Cup".to_owned(), "x".repeat(80)],
        );
        let teams = dugout_protocol::input::team_names();
        assert_same(
            "team",
            &component(&doc, "NewLeagueCoach", "team"),
            |t| team_named(t).is_some(),
            &teams,
        );
        assert_same(
            "team filter",
            &parameter_schema("/api/matches", "team"),
            |t| teams.iter().any(|n| same_name(n, t)),
            &teams,
        );
        let editions = dugout_protocol::input::edition_names();
        let mut edition_seeds = editions.clone();
        edition_seeds.extend(["2024", "024", "02024", "2018"].map(String::from));
        assert_same(
            "edition filter",
            &parameter_schema("/api/matches", "edition"),
            |e| editions.iter().any(|n| same_name(n, e)),
            &edition_seeds,
        );
        // The enums the archive reads in any ASCII case.
        for (param, path, words) in [
            ("game", "/api/matches", enum_names::<GameKind>()),
            ("status", "/api/matches", enum_names::<RoomStatus>()),
            ("result", "/api/matches", enum_names::<Winner>()),
            ("as", "/api/matches/{id}/state", enum_names::<SeatName>()),
        ] {
            assert!(!words.is_empty(), "{param}");
            assert_same(
                param,
                &parameter_schema(path, param),
                |v| words.contains(&v.to_ascii_lowercase()),
                &words,
            );
        }
        let assets: Vec<String> = crate::web::ASSETS.iter().map(|a| a.0.to_owned()).collect();
        assert_same(
            "asset",
            &parameter_schema("/assets/{file}", "file"),
            |f| assets.iter().any(|a| a == f),
            &assets,
        );
    }

    /// `from` and `to`: a date of the calendar as `YYYY-MM-DD`, or Unix milliseconds.
    #[test]
    fn the_date_pattern_is_the_calendar() {
        let pattern = regex::Regex::new(DATE_PATTERN).expect("a regex");
        let mut checked = 0;
        let years = (0..=2500).chain([9996, 9999]);
        for y in years {
            for m in 0..=13 {
                for d in [0, 1, 9, 10, 27, 28, 29, 30, 31, 32] {
                    let text = format!("{y:04}-{m:02}-{d:02}");
                    let ok = crate::archive::parse_date("from", &text).is_ok();
                    assert_eq!(pattern.is_match(&text), ok, "{text}");
                    checked += usize::from(ok);
                }
            }
        }
        assert!(checked > 2500 * 12 * 6);
        for text in [
            "+123-01-01",
            "2024-+1-01",
            "2024-1-01",
            "20240-01-01",
            "2024-01-01\n",
            "",
        ] {
            assert!(!pattern.is_match(text), "{text:?}");
            assert!(
                crate::archive::parse_date("from", text).is_err(),
                "{text:?}"
            );
        }
        // Unix milliseconds: 0 to the largest i64.
        assert!(crate::archive::parse_date("to", &i64::MAX.to_string()).is_ok());
        assert!(crate::archive::parse_date("to", "9223372036854775808").is_err());
        assert_eq!(date_or_ms()["anyOf"][0]["maximum"], i64::MAX);
    }

    #[test]
    fn every_sized_integer_states_its_bounds() {
        fn walk(v: &Value, seen: &mut usize) {
            match v {
                Value::Object(map) => {
                    if map.get("format").and_then(Value::as_str) == Some("uint32") {
                        *seen += 1;
                        assert!(
                            map.get("maximum").and_then(Value::as_u64) <= Some(u64::from(u32::MAX))
                                && map.contains_key("maximum"),
                            "{v}"
                        );
                    }
                    map.values().for_each(|v| walk(v, seen));
                }
                Value::Array(items) => items.iter().for_each(|v| walk(v, seen)),
                _ => {}
            }
        }
        let mut seen = 0;
        walk(&document(), &mut seen);
        assert!(seen > 0, "the document has u32 fields");
    }

    #[test]
    fn every_reference_resolves() {
        let doc = document();
        let text = doc.to_string();
        let schemas = &doc["components"]["schemas"];
        let mut rest = text.as_str();
        while let Some(i) = rest.find("#/components/schemas/") {
            rest = &rest[i + 21..];
            let end = rest.find('"').unwrap_or(rest.len());
            let name = &rest[..end];
            assert!(schemas[name].is_object(), "no schema {name}");
        }
    }
}
