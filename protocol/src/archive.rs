//! The bodies of the archive and league routes (`GET /api/matches...`, `/api/leagues...`):
//! see `docs/server.md` and the server's `GET /api/openapi.json`.

use dugout_rules::core::{Seat, Side};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::input::{ACCOUNT_NAME_CHARS, ACCOUNT_NAME_PATTERN, LEAGUE_NAME_CHARS, LEAGUE_POINTS};
use crate::{AnyCommand, AnySetup, AnyView, GameKind, MatchResult, RoomEvent, RoomStatus};

/// Who won: `home`, `away` or `draw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Winner {
    Home,
    Away,
    Draw,
}

impl Winner {
    /// The winner of a result.
    pub fn of(result: &MatchResult) -> Winner {
        match result.winner() {
            Some(Side::Home) => Winner::Home,
            Some(Side::Away) => Winner::Away,
            None => Winner::Draw,
        }
    }
}

/// One match in a list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MatchItem {
    pub id: String,
    pub game: GameKind,
    /// The edition as the game names it (Blitz Bowl: `Bb2018`, `Bb2024`).
    pub edition: String,
    /// Home team, then away, as the game names them (`Orc`).
    pub teams: [String; 2],
    pub private: bool,
    pub status: RoomStatus,
    /// Coaches' account names, home then away.
    pub coaches: [Option<String>; 2],
    pub result: Option<MatchResult>,
    pub winner: Option<Winner>,
    /// Unix milliseconds.
    pub created_at_ms: i64,
    pub started_at_ms: Option<i64>,
    pub finished_at_ms: Option<i64>,
    /// The league the match counts for.
    pub league: Option<i64>,
}

/// Body of `GET /api/matches`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MatchPage {
    pub matches: Vec<MatchItem>,
    /// Matches the filter selects in all (visible to the requester).
    pub total: usize,
    pub offset: usize,
    pub limit: usize,
    /// The `offset` of the next page, if there is one.
    pub next_offset: Option<usize>,
}

/// The dice commitment of a match and whether its seed was revealed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DiceInfo {
    /// SHA-256 of the server seed, hex, published at the start.
    pub commitment: Option<String>,
    /// The coaches' entropy, hex.
    pub entropy: [Option<String>; 2],
    /// Whether the log has `match_ended` (which reveals the seed).
    pub revealed: bool,
    /// The revealed server seed; `None` while the match is not over.
    pub server_seed: Option<String>,
}

/// Body of `GET /api/matches/{id}`: the numbers are computed from the stored events.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MatchSummary {
    #[serde(flatten)]
    pub item: MatchItem,
    /// Points, home then away (the last `scored` totals; the result's score if it has one).
    pub score: [u16; 2],
    /// Touchdowns scored by each side.
    pub touchdowns: [u32; 2],
    /// Players of each side injured.
    pub injuries: [u32; 2],
    /// Points each side scored by claiming challenges (Blitz Bowl; 0 in other games).
    pub challenge_points: [u32; 2],
    /// Every further per-side count the game keeps, by name (Blitz Bowl:
    /// `challenge_points`).
    #[serde(default)]
    pub counts: std::collections::BTreeMap<String, [u32; 2]>,
    /// From the start to the end (or to now, while the match is live); `None` before it starts.
    pub duration_ms: Option<i64>,
    /// The last sequence number of the log (0 before the start).
    pub last_seq: u64,
    pub dice: DiceInfo,
}

/// One entry of a log page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LogEntry {
    pub seq: u64,
    pub event: RoomEvent,
}

/// Body of `GET /api/matches/{id}/events`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct EventPage {
    pub events: Vec<LogEntry>,
    pub last_seq: u64,
    /// The `from` of the next page, if there is one.
    pub next_from: Option<u64>,
    /// Whether the events are projected for a seat (a live match): `home`, `away` or
    /// `spectator`; `None`: unprojected (the match is over).
    pub projected_for: Option<SeatName>,
}

/// A seat, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatName {
    Home,
    Away,
    Spectator,
}

impl SeatName {
    /// The rules' seat.
    pub fn seat(self) -> Seat {
        match self {
            SeatName::Home => Seat::Coach(Side::Home),
            SeatName::Away => Seat::Coach(Side::Away),
            SeatName::Spectator => Seat::Spectator,
        }
    }
}

/// Body of `GET /api/matches/{id}/state`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct StateAt {
    /// The sequence number asked for.
    pub seq: u64,
    /// The sequence number the state is at: the end of the last whole command at or before
    /// `seq` (a command's events are applied together; commands that add no event are
    /// applied too, so this is the latest state with at most `seq` events), or the end of
    /// the opening events (which may be after `seq`) if no command ends by then.
    pub at_seq: u64,
    pub seat: SeatName,
    pub view: AnyView,
}

/// Who made a stored command: the coach in its seat, or the turn timer for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CommandSource {
    Coach,
    Timer,
}

/// One stored command of a match, as it was applied.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct StoredCommand {
    /// The seat it was recorded for (`Home` or `Away`): the coach the game waited for.
    pub seat: Side,
    /// `coach`, or `timer` when the turn timer made it for that coach (the log then shows
    /// `timer_expired` for the coach just before the command's events).
    pub source: CommandSource,
    /// The command exactly as the rules' `apply` takes it.
    pub command: AnyCommand,
    /// The log's last sequence number before the command was applied.
    pub seq_before: u64,
    /// The sequence number of the last event it led to (its events are `seq_before + 1` to
    /// `seq_after`; equal to `seq_before` when it led to none).
    pub seq_after: u64,
}

/// Body of `GET /api/matches/{id}/commands` (finished matches only): everything a third
/// party needs to replay the match with the rules crate and check every stored event
/// (`docs/protocol.md`, "Provably fair dice").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MatchCommands {
    pub id: String,
    /// The game (`"game"`) and its setup (`"setup"`: edition, teams and match options),
    /// exactly as the rules' `new_game` takes them.
    #[serde(flatten)]
    pub setup: AnySetup,
    /// The version of the rules the match was played under (`new_game`'s `version`).
    pub rules_version: u32,
    /// The commitment and entropy from `match_started`, and the server seed `match_ended`
    /// revealed.
    pub dice: DiceInfo,
    /// The last sequence number of the log.
    pub last_seq: u64,
    /// Every stored command, in the order it was applied.
    pub commands: Vec<StoredCommand>,
}

/// Points for a win, a draw and a loss.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
pub struct PointsScheme {
    #[schemars(range(min = *LEAGUE_POINTS.start(), max = *LEAGUE_POINTS.end()))]
    #[serde(deserialize_with = "crate::input::integral_i32")]
    pub win: i32,
    #[schemars(range(min = *LEAGUE_POINTS.start(), max = *LEAGUE_POINTS.end()))]
    #[serde(deserialize_with = "crate::input::integral_i32")]
    pub draw: i32,
    #[schemars(range(min = *LEAGUE_POINTS.start(), max = *LEAGUE_POINTS.end()))]
    #[serde(deserialize_with = "crate::input::integral_i32")]
    pub loss: i32,
}

impl Default for PointsScheme {
    fn default() -> Self {
        PointsScheme {
            win: 3,
            draw: 1,
            loss: 0,
        }
    }
}

/// Body of `POST /api/leagues`.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewLeague {
    /// No control character, not only white space; stored without its leading and trailing
    /// white space.
    #[schemars(
        length(min = *LEAGUE_NAME_CHARS.start(), max = *LEAGUE_NAME_CHARS.end()),
        pattern(crate::input::league_name_pattern())
    )]
    pub name: String,
    /// Default 3/1/0.
    #[serde(default)]
    pub points: Option<PointsScheme>,
    /// The game the league plays (default `blitz`): its coaches register teams of that game
    /// and only matches of that game count for it.
    #[serde(default)]
    pub game: Option<GameKind>,
}

/// Body of `POST /api/leagues/{id}/coaches`.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewLeagueCoach {
    /// The coach's account name (any case).
    #[schemars(
        length(min = *ACCOUNT_NAME_CHARS.start(), max = *ACCOUNT_NAME_CHARS.end()),
        pattern(ACCOUNT_NAME_PATTERN)
    )]
    pub coach: String,
    /// A team of the league's game, as the game names it (`Orc`), in any ASCII case.
    #[schemars(pattern(crate::input::team_pattern()))]
    pub team: String,
}

/// Body of `POST /api/leagues/{id}/matches`.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttachMatch {
    #[serde(rename = "match")]
    pub match_id: String,
}

/// A registered coach.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CoachEntry {
    pub coach: String,
    pub team: String,
}

/// An invitation to a league, as `GET /api/invitations` lists it for the invited coach.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LeagueInvitation {
    pub league: i64,
    pub name: String,
    pub organiser: String,
    /// The team the coach would play in the league.
    pub team: String,
}

/// A league as the API shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LeagueBody {
    pub id: i64,
    pub name: String,
    pub organiser: String,
    /// The game the league plays.
    #[serde(default)]
    pub game: GameKind,
    pub points: PointsScheme,
    /// Coaches who accepted their invitation: only they, with these teams, play for the
    /// league.
    pub coaches: Vec<CoachEntry>,
    /// Invitations not accepted yet: all of them for the organiser, one's own for an invited
    /// coach, none for anyone else.
    #[serde(default)]
    pub invited: Vec<CoachEntry>,
    /// Attached matches' ids, newest first.
    pub matches: Vec<String>,
    /// The same matches with their teams, coaches and score, newest first.
    pub attached: Vec<LeagueMatch>,
}

/// A match attached to a league, as its page lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LeagueMatch {
    pub id: String,
    /// The edition as the game names it (Blitz Bowl: `Bb2018`, `Bb2024`).
    pub edition: String,
    /// Home team, then away, as the game names them (`Orc`).
    pub teams: [String; 2],
    /// Coaches' account names, home then away.
    pub coaches: [Option<String>; 2],
    pub status: RoomStatus,
    pub result: Option<MatchResult>,
    pub winner: Option<Winner>,
    /// Touchdowns, home then away, from the match's events (also for a conceded or forfeited
    /// match); `None` before it started.
    pub touchdowns: Option<[u32; 2]>,
    /// Unix milliseconds.
    pub created_at_ms: i64,
}

/// One line of `GET /api/leagues/{id}/log`: what the organiser did, newest first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LeagueLogLine {
    /// The account that did it.
    pub who: String,
    /// `detach_match`, `remove_coach` or `delete_league`.
    pub what: String,
    /// What it was done to, in words.
    pub detail: String,
    /// Unix milliseconds.
    pub at_ms: i64,
}

/// One line of the standings.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Standing {
    pub coach: String,
    pub team: String,
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub points: i64,
    pub touchdowns_for: u32,
    pub touchdowns_against: u32,
    pub touchdown_difference: i64,
    /// Injuries to the opponents' players.
    pub injuries_inflicted: u32,
    /// Injuries to the coach's own players.
    pub injuries_suffered: u32,
    pub injury_difference: i64,
}

/// Body of `GET /api/leagues/{id}/standings`: by points, then the league's tie-breakers
/// (by default touchdown difference, then injury difference), then name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Standings {
    pub league: i64,
    pub points: PointsScheme,
    pub standings: Vec<Standing>,
}
