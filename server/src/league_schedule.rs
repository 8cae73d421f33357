//! League seasons, schedules, standings with tie-breakers, leaders, and the organiser's
//! tools for them (issue 13, part B). REST, JSON; every change is the organiser's alone and
//! writes a `league_log` line (who, what, and the reason given) in its own transaction.
//!
//! | route | body | answer |
//! | --- | --- | --- |
//! | `GET /api/leagues/{id}/settings` | | `LeagueSettings` |
//! | `POST /api/leagues/{id}/settings` | bearer (organiser), `LeagueSettings` | 200 `LeagueSettings` |
//! | `GET /api/leagues/{id}/seasons` | | `Vec<SeasonItem>`, by number |
//! | `POST /api/leagues/{id}/seasons` | bearer (organiser), `NewSeason` | 201 `SeasonBody` |
//! | `GET /api/leagues/{id}/seasons/{season}` | | `SeasonBody`: its fixtures |
//! | `POST /api/leagues/{id}/seasons/{season}/schedule` | bearer (organiser), `NewSchedule` | 201 `SeasonBody` |
//! | `POST /api/leagues/{id}/seasons/{season}/close` | bearer (organiser), `Reason` | 200 `SeasonBody` |
//! | `GET /api/leagues/{id}/seasons/{season}/standings` | | `SeasonStandings` |
//! | `GET /api/leagues/{id}/seasons/{season}/leaders` | | `Leaders` |
//! | `POST /api/leagues/{id}/fixtures/{fixture}/deadline` | bearer (organiser), `Reschedule` | 200 `FixtureBody` |
//! | `POST /api/leagues/{id}/fixtures/{fixture}/match` | bearer (organiser), `AttachMatch` | 200 `FixtureBody` |
//! | `POST /api/leagues/{id}/fixtures/{fixture}/forfeit` | bearer (organiser), `NewForfeit` | 200 `FixtureBody` |
//! | `POST /api/leagues/{id}/fixtures/{fixture}/result` | bearer (organiser), `FixedResult` | 200 `FixtureBody` |
//!
//! **Seasons.** A league has seasons numbered from 1; at most one is open. The organiser opens
//! one, schedules it once (a round robin of the league's coaches, [`dugout_rules::schedule`]),
//! and closes it: closing freezes its standings (stored as they were served), and a closed
//! season's fixtures change no more.
//!
//! **Playing a fixture.** The organiser links the match that played it, or, for a room
//! created under the league, the room links its match when it finishes ([`link_finished`]).
//!
//! **Results.** A fixture counts in the season's standings once it has a result: its linked
//! match when that has finished, or the organiser's outcome, which wins over the match. A
//! *forfeit* (a coach did not show) counts as a 2–0 win for the coach who showed, with no
//! casualties: the digest's rule for a refused league challenge (§32.16: "a 2-0 win for the
//! challenger, no SPP, gold or FF change"), the only no-show rule the source has. A *fixed
//! result* (touchdowns, injuries, winner, a reason) replaces what the match gave in the
//! standings only; the match stays as played in the archive.
//!
//! **Tie-breakers.** Teams level on points are ordered by the league's tie-breakers, in order
//! (`LeagueSettings::tie_breakers`), then by coach name. The source sets no tie-breaker
//! (§32.16 only suggests points: 3/1/0 or 5/3/1), so they are the organiser's choice, as
//! §32.1 gives the commissioner every rule. The default, `touchdown_difference` then
//! `casualty_difference`, is the order the league standings have always used.
//! `head_to_head` is the points earned in the matches between the teams level on points (the
//! whole group, not re-counted for smaller groups).
//!
//! **Leaders.** The season's counted matches (not forfeits or fixed results: they have no
//! events). Blood Bowl: per player, from the star player point awards the match events give
//! (`dugout_rules::bb::league::record::MatchFacts`): touchdowns, casualties, completions.
//! Blitz Bowl: per team, touchdowns and injuries inflicted; its events record no completion,
//! so it has no completions table.
//!
//! **Settings.** `rules` are the optional league rules of §32.17 as the rules engine takes
//! them (`dugout_rules::bb::league::postmatch::LeagueRules`), stored with the league for the
//! post-match sequence of Blood Bowl leagues; a Blitz Bowl league may not set them.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use std::collections::{BTreeMap, HashMap};

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use dugout_protocol::{AttachMatch, ErrorCode, PointsScheme, RoomStatus, Standing, Winner};
use dugout_rules::GameKind;
use dugout_rules::bb::league::postmatch::{LeagueRules, MIN_EXPENSES_BAND};
use dugout_rules::core::Side;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::AppState;
use crate::api::{Authenticated, Body};
use crate::archive::{Viewer, summarise};
use crate::error::Failure;
use crate::error::{bad, conflict};
use crate::leagues::{PathPair, league_id, team_mismatch};
use crate::store::{
    Account, AccountId, Fixture, League, LeagueAction, LeagueId, Link, LogLine, MatchHeader,
    NewFixture, Season, now_ms,
};
use dugout_rules::schedule::{self as round_robin, round_robin};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(
            "/api/leagues/{id}/settings",
            get(settings).post(set_settings),
        )
        .route("/api/leagues/{id}/seasons", get(seasons).post(open_season))
        .route("/api/leagues/{id}/seasons/{season}", get(season))
        .route(
            "/api/leagues/{id}/seasons/{season}/schedule",
            post(schedule),
        )
        .route(
            "/api/leagues/{id}/seasons/{season}/close",
            post(close_season),
        )
        .route(
            "/api/leagues/{id}/seasons/{season}/standings",
            get(standings),
        )
        .route("/api/leagues/{id}/seasons/{season}/leaders", get(leaders))
        .route(
            "/api/leagues/{id}/fixtures/{fixture}/deadline",
            post(reschedule),
        )
        .route(
            "/api/leagues/{id}/fixtures/{fixture}/match",
            post(link_match),
        )
        .route(
            "/api/leagues/{id}/fixtures/{fixture}/forfeit",
            post(forfeit),
        )
        .route(
            "/api/leagues/{id}/fixtures/{fixture}/result",
            post(fix_result),
        )
}

// ----- wire types ------------------------------------------------------------------------

/// One way to order teams level on points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TieBreaker {
    /// Points earned in the matches between the teams level on points.
    HeadToHead,
    TouchdownDifference,
    /// Injuries inflicted minus injuries suffered (Blood Bowl's casualties).
    CasualtyDifference,
    TouchdownsFor,
}

/// The default tie-breakers: the order the league standings have always used.
pub const DEFAULT_TIE_BREAKERS: [TieBreaker; 2] = [
    TieBreaker::TouchdownDifference,
    TieBreaker::CasualtyDifference,
];

/// A league's settings beyond its points scheme. Body and answer of
/// `/api/leagues/{id}/settings`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LeagueSettings {
    /// In order, each at most once (at most 4).
    #[schemars(length(max = 4), extend("uniqueItems" = true))]
    pub tie_breakers: Vec<TieBreaker>,
    /// The optional league rules of §32.17 (Blood Bowl leagues only; a Blitz Bowl league
    /// keeps the defaults).
    #[serde(default)]
    pub rules: LeagueRules,
}

impl Default for LeagueSettings {
    fn default() -> Self {
        LeagueSettings {
            tie_breakers: DEFAULT_TIE_BREAKERS.to_vec(),
            rules: LeagueRules::default(),
        }
    }
}

/// Body of `POST /api/leagues/{id}/seasons`.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewSeason {
    /// 1 to 64 characters, no control character, not only white space.
    #[schemars(
        length(min = 1, max = 64),
        pattern(dugout_protocol::input::league_name_pattern())
    )]
    pub name: String,
}

/// Body of `POST /api/leagues/{id}/seasons/{season}/schedule`.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewSchedule {
    /// The first round's deadline, Unix milliseconds (2000 to 2100).
    #[serde(deserialize_with = "integral")]
    #[schemars(range(min = 946_684_800_000i64, max = 4_102_444_800_000i64))]
    pub first_deadline_ms: i64,
    /// Days between one round's deadline and the next (1 to 60).
    #[serde(deserialize_with = "integral_u32")]
    #[schemars(range(min = 1, max = 60))]
    pub days_between_rounds: u32,
    /// 1: each pair meets once; 2: twice, home and away. Default 1.
    #[serde(default = "one_leg", deserialize_with = "integral_u8")]
    #[schemars(range(min = 1, max = 2))]
    pub legs: u8,
}

fn one_leg() -> u8 {
    1
}

/// Any JSON number with an integral value (`3`, and `3.0` too, as JSON Schema's `integer`
/// takes both; serde alone refuses `3.0`).
fn integral<'de, D: serde::Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    struct Integral;
    impl serde::de::Visitor<'_> for Integral {
        type Value = i64;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an integer")
        }
        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<i64, E> {
            Ok(v)
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<i64, E> {
            i64::try_from(v).map_err(|_| E::custom(format!("{v} is out of range")))
        }
        fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<i64, E> {
            // Exactly representable integers only (|v| < 2^53).
            if v.fract() == 0.0 && v.abs() < 9_007_199_254_740_992.0 {
                #[allow(clippy::cast_possible_truncation)]
                Ok(v as i64)
            } else {
                Err(E::custom(format!("{v} is not an integer")))
            }
        }
    }
    d.deserialize_any(Integral)
}

fn integral_u32<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let v = integral(d)?;
    u32::try_from(v).map_err(|_| serde::de::Error::custom(format!("{v} is out of range")))
}

fn integral_u8<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let v = integral(d)?;
    u8::try_from(v).map_err(|_| serde::de::Error::custom(format!("{v} is out of range")))
}

/// Two integers (home, away), each 0 to [`MAX_FIXED`].
fn integral_pair<'de, D: serde::Deserializer<'de>>(d: D) -> Result<[u32; 2], D::Error> {
    struct Int(u32);
    impl<'de> Deserialize<'de> for Int {
        fn deserialize<D2: serde::Deserializer<'de>>(d: D2) -> Result<Int, D2::Error> {
            let v = integral_u32(d)?;
            if v > MAX_FIXED {
                return Err(serde::de::Error::custom(format!("{v} is over {MAX_FIXED}")));
            }
            Ok(Int(v))
        }
    }
    let [a, b] = <[Int; 2]>::deserialize(d)?;
    Ok([a.0, b.0])
}

/// A reason for an organiser's action.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reason {
    /// 1 to 200 characters, no control character, not only white space.
    #[schemars(
        length(min = 1, max = 200),
        pattern(dugout_protocol::input::league_name_pattern())
    )]
    pub reason: String,
}

/// Body of `POST /api/leagues/{id}/fixtures/{fixture}/deadline`.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reschedule {
    /// Unix milliseconds (2000 to 2100).
    #[serde(deserialize_with = "integral")]
    #[schemars(range(min = 946_684_800_000i64, max = 4_102_444_800_000i64))]
    pub deadline_ms: i64,
    /// 1 to 200 characters, no control character, not only white space.
    #[schemars(
        length(min = 1, max = 200),
        pattern(dugout_protocol::input::league_name_pattern())
    )]
    pub reason: String,
}

/// A seat of a fixture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FixtureSide {
    Home,
    Away,
}

impl FixtureSide {
    fn index(self) -> usize {
        match self {
            FixtureSide::Home => 0,
            FixtureSide::Away => 1,
        }
    }
}

/// Body of `POST /api/leagues/{id}/fixtures/{fixture}/forfeit`: the coach who did not show.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewForfeit {
    pub absent: FixtureSide,
    /// 1 to 200 characters, no control character, not only white space.
    #[schemars(
        length(min = 1, max = 200),
        pattern(dugout_protocol::input::league_name_pattern())
    )]
    pub reason: String,
}

/// Body of `POST /api/leagues/{id}/fixtures/{fixture}/result`: the result the standings use
/// instead of what the match (or a forfeit) gave.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FixedResult {
    /// Home, away; 0 to 99 each.
    #[serde(deserialize_with = "integral_pair")]
    #[schemars(inner(range(max = 99)))]
    pub touchdowns: [u32; 2],
    /// Players of each side injured (home, away), as the archive counts them; 0 to 99.
    #[serde(deserialize_with = "integral_pair")]
    #[schemars(inner(range(max = 99)))]
    pub injuries: [u32; 2],
    pub winner: Winner,
    /// 1 to 200 characters, no control character, not only white space.
    #[schemars(
        length(min = 1, max = 200),
        pattern(dugout_protocol::input::league_name_pattern())
    )]
    pub reason: String,
}

/// What the organiser recorded for a fixture (stored as JSON).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Outcome {
    /// A coach did not show: a 2–0 win for the other (§32.16's refused challenge).
    Forfeit { absent: FixtureSide, reason: String },
    /// A result fixed by the organiser.
    Fixed {
        touchdowns: [u32; 2],
        injuries: [u32; 2],
        winner: Winner,
        reason: String,
    },
}

/// Where a fixture's counted result comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ResultSource {
    Match,
    Forfeit,
    Fixed,
}

/// A fixture's result as the standings count it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FixtureResult {
    pub touchdowns: [u32; 2],
    pub injuries: [u32; 2],
    pub winner: Winner,
    pub source: ResultSource,
}

/// A fixture as served.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct FixtureBody {
    pub id: i64,
    /// The season's number.
    pub season: i64,
    pub round: i64,
    /// Coaches, home then away.
    pub coaches: [String; 2],
    /// Their registered teams ("-" for a coach no longer registered).
    pub teams: [String; 2],
    /// Unix milliseconds.
    pub deadline_ms: i64,
    /// The linked match, if the viewer may see it (a private match: its coaches and the
    /// organiser).
    pub match_id: Option<String>,
    /// The linked match's status.
    pub status: Option<RoomStatus>,
    pub outcome: Option<Outcome>,
    /// `None`: not played yet.
    pub result: Option<FixtureResult>,
}

/// One line of `GET /api/leagues/{id}/seasons`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SeasonItem {
    pub number: i64,
    pub name: String,
    pub opened_at_ms: i64,
    /// `None` while open.
    pub closed_at_ms: Option<i64>,
}

/// A season and its fixtures, by round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SeasonBody {
    pub league: LeagueId,
    pub number: i64,
    pub name: String,
    pub opened_at_ms: i64,
    pub closed_at_ms: Option<i64>,
    pub fixtures: Vec<FixtureBody>,
}

/// Body of `GET /api/leagues/{id}/seasons/{season}/standings`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SeasonStandings {
    pub league: LeagueId,
    pub season: i64,
    pub points: PointsScheme,
    pub tie_breakers: Vec<TieBreaker>,
    /// Frozen when the season was closed.
    pub frozen: bool,
    pub standings: Vec<Standing>,
}

/// One line of a leaders table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Leader {
    pub coach: String,
    pub team: String,
    /// The player (Blood Bowl); `None`: the whole team (Blitz Bowl).
    pub player: Option<String>,
    pub count: u32,
}

/// Body of `GET /api/leagues/{id}/seasons/{season}/leaders`: the top 10 of each, most first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Leaders {
    pub league: LeagueId,
    pub season: i64,
    pub game: GameKind,
    pub touchdowns: Vec<Leader>,
    pub casualties: Vec<Leader>,
    /// `None`: the game's events record no completion (Blitz Bowl).
    pub completions: Option<Vec<Leader>>,
}

// ----- pure parts --------------------------------------------------------------------------

/// One counted result between two coaches (home, away).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    pub coaches: [AccountId; 2],
    pub touchdowns: [u32; 2],
    pub injuries: [u32; 2],
    pub winner: Winner,
}

/// The result a fixture counts with: the organiser's outcome if any, else its finished
/// match's (`matched`: touchdowns, injuries, winner).
pub fn counted_result(
    outcome: Option<&Outcome>,
    matched: Option<([u32; 2], [u32; 2], Winner)>,
) -> Option<FixtureResult> {
    match outcome {
        // §32.16: a no-show counts as a 2-0 win for the coach who came.
        Some(Outcome::Forfeit { absent, .. }) => {
            let mut touchdowns = [2, 2];
            touchdowns[absent.index()] = 0;
            Some(FixtureResult {
                touchdowns,
                injuries: [0, 0],
                winner: match absent {
                    FixtureSide::Home => Winner::Away,
                    FixtureSide::Away => Winner::Home,
                },
                source: ResultSource::Forfeit,
            })
        }
        Some(Outcome::Fixed {
            touchdowns,
            injuries,
            winner,
            ..
        }) => Some(FixtureResult {
            touchdowns: *touchdowns,
            injuries: *injuries,
            winner: *winner,
            source: ResultSource::Fixed,
        }),
        None => matched.map(|(touchdowns, injuries, winner)| FixtureResult {
            touchdowns,
            injuries,
            winner,
            source: ResultSource::Match,
        }),
    }
}

/// The standings of `entrants` (account, coach, team) from `games`: points by `scheme`, then
/// the tie-breakers in order, then the coach's name.
pub fn table(
    entrants: &[(AccountId, String, String)],
    games: &[Counted],
    scheme: PointsScheme,
    tie_breakers: &[TieBreaker],
) -> Vec<Standing> {
    let mut rows: Vec<(AccountId, Standing)> = entrants
        .iter()
        .map(|(id, coach, team)| {
            (
                *id,
                Standing {
                    coach: coach.clone(),
                    team: team.clone(),
                    ..Standing::default()
                },
            )
        })
        .collect();
    let points_of = |winner: Winner, i: usize| -> i64 {
        match (winner, i) {
            (Winner::Draw, _) => i64::from(scheme.draw),
            (Winner::Home, 0) | (Winner::Away, 1) => i64::from(scheme.win),
            _ => i64::from(scheme.loss),
        }
    };
    for g in games {
        for i in 0..2 {
            let Some((_, row)) = rows.iter_mut().find(|(id, _)| *id == g.coaches[i]) else {
                continue;
            };
            row.played += 1;
            let p = points_of(g.winner, i);
            match (g.winner, i) {
                (Winner::Draw, _) => row.drawn += 1,
                (Winner::Home, 0) | (Winner::Away, 1) => row.won += 1,
                _ => row.lost += 1,
            }
            row.points += p;
            row.touchdowns_for += g.touchdowns[i];
            row.touchdowns_against += g.touchdowns[1 - i];
            row.injuries_inflicted += g.injuries[1 - i];
            row.injuries_suffered += g.injuries[i];
        }
    }
    for (_, s) in &mut rows {
        s.touchdown_difference = i64::from(s.touchdowns_for) - i64::from(s.touchdowns_against);
        s.injury_difference = i64::from(s.injuries_inflicted) - i64::from(s.injuries_suffered);
    }
    // Head to head: points each earned against the others level with it on points.
    let level: HashMap<AccountId, i64> = rows.iter().map(|(id, s)| (*id, s.points)).collect();
    let mut h2h: HashMap<AccountId, i64> = HashMap::new();
    for g in games {
        let (a, b) = (g.coaches[0], g.coaches[1]);
        match (level.get(&a), level.get(&b)) {
            (Some(pa), Some(pb)) if pa == pb => {
                *h2h.entry(a).or_default() += points_of(g.winner, 0);
                *h2h.entry(b).or_default() += points_of(g.winner, 1);
            }
            _ => {}
        }
    }
    rows.sort_by(|(ia, a), (ib, b)| {
        let mut o = b.points.cmp(&a.points);
        for t in tie_breakers {
            o = o.then_with(|| match t {
                TieBreaker::HeadToHead => {
                    let (x, y) = (
                        h2h.get(ia).copied().unwrap_or(0),
                        h2h.get(ib).copied().unwrap_or(0),
                    );
                    y.cmp(&x)
                }
                TieBreaker::TouchdownDifference => {
                    b.touchdown_difference.cmp(&a.touchdown_difference)
                }
                TieBreaker::CasualtyDifference => b.injury_difference.cmp(&a.injury_difference),
                TieBreaker::TouchdownsFor => b.touchdowns_for.cmp(&a.touchdowns_for),
            });
        }
        o.then_with(|| a.coach.to_lowercase().cmp(&b.coach.to_lowercase()))
    });
    rows.into_iter().map(|(_, s)| s).collect()
}

/// The top `n` of `counts`, most first, then by coach, team and player.
fn top(mut counts: Vec<Leader>, n: usize) -> Vec<Leader> {
    counts.retain(|l| l.count > 0);
    counts.sort_by(|a, b| {
        b.count
            .cmp(&a.count)
            .then_with(|| a.coach.to_lowercase().cmp(&b.coach.to_lowercase()))
            .then_with(|| a.player.cmp(&b.player))
    });
    counts.truncate(n);
    counts
}

// ----- checks ------------------------------------------------------------------------------

/// A season's name: 1 to 64 characters, no control character, not only spaces.
pub const SEASON_NAME_CHARS: std::ops::RangeInclusive<usize> = 1..=64;
/// A reason's length.
pub const REASON_CHARS: std::ops::RangeInclusive<usize> = 1..=200;
/// The most touchdowns or injuries a fixed result gives a side.
pub const MAX_FIXED: u32 = 99;
/// Days between rounds.
pub const ROUND_DAYS: std::ops::RangeInclusive<u32> = 1..=60;
/// Deadlines from 2000-01-01 to 2100-01-01 (Unix ms).
pub const DEADLINES: std::ops::RangeInclusive<i64> = 946_684_800_000..=4_102_444_800_000;

fn text(
    what: &str,
    value: &str,
    chars: std::ops::RangeInclusive<usize>,
) -> Result<String, Failure> {
    let n = value.chars().count();
    if chars.contains(&n) && !value.chars().any(char::is_control) && !value.trim().is_empty() {
        Ok(value.trim().to_owned())
    } else {
        Err(bad(format!(
            "field {what:?}: {} to {} characters, no control character, not only spaces",
            chars.start(),
            chars.end()
        )))
    }
}

fn deadline(ms: i64) -> Result<i64, Failure> {
    if DEADLINES.contains(&ms) {
        Ok(ms)
    } else {
        Err(bad(format!(
            "a deadline is Unix milliseconds from {} to {}, not {ms}",
            DEADLINES.start(),
            DEADLINES.end()
        )))
    }
}

/// A positive integer from the path (a season's number, a fixture's id).
fn positive(what: &str, text: &str) -> Result<i64, Failure> {
    text.bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| text.parse::<i64>().ok())
        .flatten()
        .filter(|n| *n > 0)
        .ok_or_else(|| bad(format!("{what} {text:?} is not a positive integer")))
}

async fn load(state: &AppState, id: &str) -> Result<League, Failure> {
    let id = league_id(id)?;
    state
        .store()
        .league(id)
        .await?
        .ok_or_else(|| Failure::new(ErrorCode::NotFound, format!("no league {id}")))
}

fn organiser_only(league: &League, who: &Account) -> Result<(), Failure> {
    if league.organiser.id == who.id {
        Ok(())
    } else {
        Err(Failure::new(
            ErrorCode::Forbidden,
            format!(
                "only the league's organiser ({}) manages it",
                league.organiser.name
            ),
        ))
    }
}

async fn load_season(state: &AppState, league: &League, number: &str) -> Result<Season, Failure> {
    let n = positive("season", number)?;
    state
        .store()
        .seasons(league.id)
        .await?
        .into_iter()
        .find(|s| s.number == n)
        .ok_or_else(|| {
            Failure::new(
                ErrorCode::NotFound,
                format!("league {} has no season {n}", league.id),
            )
        })
}

async fn load_fixture(state: &AppState, league: &League, id: &str) -> Result<Fixture, Failure> {
    let id = positive("fixture", id)?;
    state.store().fixture(league.id, id).await?.ok_or_else(|| {
        Failure::new(
            ErrorCode::NotFound,
            format!("league {} has no fixture {id}", league.id),
        )
    })
}

fn closed(season: &Season) -> Failure {
    conflict(format!(
        "season {} ({}) is closed: its fixtures change no more",
        season.number, season.name
    ))
}

async fn settings_of(state: &AppState, league: LeagueId) -> Result<LeagueSettings, Failure> {
    Ok(state
        .store()
        .league_settings(league)
        .await?
        .unwrap_or_default())
}

// ----- building answers --------------------------------------------------------------------

/// Names by account id, for the league's coaches and anyone else a fixture names.
struct Names {
    coaches: HashMap<AccountId, (String, String)>,
}

impl Names {
    async fn of(
        state: &AppState,
        league: LeagueId,
        fixtures: &[Fixture],
    ) -> Result<Names, Failure> {
        let mut coaches: HashMap<AccountId, (String, String)> = state
            .store()
            .league_coaches(league)
            .await?
            .into_iter()
            .map(|c| (c.account.id, (c.account.name, c.team)))
            .collect();
        for f in fixtures {
            for id in f.coaches {
                if let std::collections::hash_map::Entry::Vacant(e) = coaches.entry(id) {
                    let name = state
                        .store()
                        .account_by_id(id)
                        .await?
                        .map_or_else(|| format!("#{id}"), |a| a.name);
                    e.insert((name, "-".to_owned()));
                }
            }
        }
        Ok(Names { coaches })
    }

    fn coach(&self, id: AccountId) -> String {
        self.coaches
            .get(&id)
            .map_or_else(|| format!("#{id}"), |c| c.0.clone())
    }

    fn team(&self, id: AccountId) -> String {
        self.coaches
            .get(&id)
            .map_or_else(|| "-".to_owned(), |c| c.1.clone())
    }
}

/// A fixture's linked match: its header and, once finished, (touchdowns, injuries, winner)
/// in the fixture's seats (the match may have seated the away coach at home).
async fn matched(
    state: &AppState,
    f: &Fixture,
) -> Result<(Option<MatchHeader>, Option<([u32; 2], [u32; 2], Winner)>), Failure> {
    let Some(id) = &f.match_id else {
        return Ok((None, None));
    };
    let Some(h) = state.store().match_header(id).await? else {
        return Ok((None, None));
    };
    let (RoomStatus::Finished, Some(result)) = (h.status, h.result) else {
        return Ok((Some(h), None));
    };
    let Some(log) = state.store().match_log(id).await? else {
        return Ok((Some(h), None));
    };
    let t = summarise(&log);
    let mut touchdowns = t.touchdowns;
    let mut injuries = t.injuries;
    let mut winner = Winner::of(&result);
    if h.seats[0] != Some(f.coaches[0]) {
        touchdowns.swap(0, 1);
        injuries.swap(0, 1);
        winner = match winner {
            Winner::Home => Winner::Away,
            Winner::Away => Winner::Home,
            Winner::Draw => Winner::Draw,
        };
    }
    Ok((Some(h), Some((touchdowns, injuries, winner))))
}

async fn fixture_body(
    state: &AppState,
    league: &League,
    season: &Season,
    names: &Names,
    f: &Fixture,
    viewer: Option<&Account>,
) -> Result<FixtureBody, Failure> {
    let (header, played) = matched(state, f).await?;
    let may_see = header.as_ref().is_some_and(|h| {
        !h.spec.private
            || viewer.is_some_and(|a| a.id == league.organiser.id || h.seats.contains(&Some(a.id)))
    });
    Ok(FixtureBody {
        id: f.id,
        season: season.number,
        round: f.round,
        coaches: f.coaches.map(|c| names.coach(c)),
        teams: f.coaches.map(|c| names.team(c)),
        deadline_ms: f.deadline_ms,
        match_id: if may_see { f.match_id.clone() } else { None },
        status: header.map(|h| h.status),
        outcome: f.outcome.clone(),
        result: counted_result(f.outcome.as_ref(), played),
    })
}

async fn season_body(
    state: &AppState,
    league: &League,
    season: &Season,
    viewer: Option<&Account>,
) -> Result<SeasonBody, Failure> {
    let fixtures = state.store().fixtures(season.id).await?;
    let names = Names::of(state, league.id, &fixtures).await?;
    let mut out = Vec::with_capacity(fixtures.len());
    for f in &fixtures {
        out.push(fixture_body(state, league, season, &names, f, viewer).await?);
    }
    Ok(SeasonBody {
        league: league.id,
        number: season.number,
        name: season.name.clone(),
        opened_at_ms: season.opened_at_ms,
        closed_at_ms: season.closed_at_ms,
        fixtures: out,
    })
}

/// A season's standings as computed now (a closed season serves its frozen ones instead).
async fn compute_standings(
    state: &AppState,
    league: &League,
    season: &Season,
    settings: &LeagueSettings,
) -> Result<Vec<Standing>, Failure> {
    // §32.16: league challenges not answered by their deadline count as refused (2-0).
    if league.game == GameKind::BloodBowl {
        crate::league_challenges::settle(state.store().as_ref(), league).await?;
    }
    let fixtures = state.store().fixtures(season.id).await?;
    let names = Names::of(state, league.id, &fixtures).await?;
    let mut entrants: Vec<(AccountId, String, String)> = names
        .coaches
        .iter()
        .map(|(id, (c, t))| (*id, c.clone(), t.clone()))
        .collect();
    entrants.sort_by_key(|e| e.0);
    let mut games = Vec::new();
    for f in &fixtures {
        let (_, played) = matched(state, f).await?;
        if let Some(r) = counted_result(f.outcome.as_ref(), played) {
            games.push(Counted {
                coaches: f.coaches,
                touchdowns: r.touchdowns,
                injuries: r.injuries,
                winner: r.winner,
            });
        }
    }
    Ok(table(
        &entrants,
        &games,
        league.points,
        &settings.tie_breakers,
    ))
}

fn line<'a>(who: &Account, detail: &'a str) -> LogLine<'a> {
    LogLine {
        who: who.id,
        detail,
        at_ms: now_ms(),
    }
}

// ----- handlers ----------------------------------------------------------------------------

async fn settings(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<LeagueSettings>, Failure> {
    let league = load(&state, &id).await?;
    Ok(Json(settings_of(&state, league.id).await?))
}

async fn set_settings(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    Path(id): Path<String>,
    Body(new): Body<LeagueSettings>,
) -> Result<Json<LeagueSettings>, Failure> {
    let league = load(&state, &id).await?;
    organiser_only(&league, &who)?;
    let mut seen = Vec::new();
    for t in &new.tie_breakers {
        if seen.contains(t) {
            return Err(bad(format!(
                "field \"tie_breakers\": {t:?} is listed twice"
            )));
        }
        seen.push(*t);
    }
    // §32.17 (2): a band of 0 would charge no expenses at all, a band of a few gold pieces a
    // sum beyond any treasury (the OpenAPI schema states the same minimum).
    if new.rules.expenses_band < MIN_EXPENSES_BAND {
        return Err(bad(format!(
            "field \"rules.expenses_band\": at least {MIN_EXPENSES_BAND} (§32.12), not {}",
            new.rules.expenses_band
        )));
    }
    new.rules.validate().map_err(bad)?;
    if league.game != GameKind::BloodBowl && new.rules != LeagueRules::default() {
        return Err(conflict(format!(
            "league {} plays {}: the optional league rules (§32.17) are Blood Bowl's",
            league.id, league.game
        )));
    }
    let detail = format!(
        "settings: tie-breakers {:?}, rules {}",
        new.tie_breakers,
        serde_json::to_string(&new.rules).unwrap_or_default()
    );
    state
        .store()
        .set_league_settings(league.id, &new, line(&who, &detail))
        .await?;
    tracing::info!(league = league.id, organiser = %who.name, %detail, "league: settings");
    Ok(Json(new))
}

async fn seasons(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Vec<SeasonItem>>, Failure> {
    let league = load(&state, &id).await?;
    Ok(Json(
        state
            .store()
            .seasons(league.id)
            .await?
            .into_iter()
            .map(|s| SeasonItem {
                number: s.number,
                name: s.name,
                opened_at_ms: s.opened_at_ms,
                closed_at_ms: s.closed_at_ms,
            })
            .collect(),
    ))
}

async fn open_season(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    Path(id): Path<String>,
    Body(new): Body<NewSeason>,
) -> Result<Response, Failure> {
    let league = load(&state, &id).await?;
    organiser_only(&league, &who)?;
    let name = text("name", &new.name, SEASON_NAME_CHARS)?;
    let detail = format!("season {name:?} opened");
    let Some(season) = state
        .store()
        .open_season(league.id, &name, line(&who, &detail))
        .await?
    else {
        return Err(conflict(format!(
            "league {} has a season open: close it first",
            league.id
        )));
    };
    tracing::info!(league = league.id, organiser = %who.name, %detail, "league: season");
    Ok((
        StatusCode::CREATED,
        Json(season_body(&state, &league, &season, Some(&who)).await?),
    )
        .into_response())
}

async fn season(
    State(state): State<AppState>,
    Viewer(viewer): Viewer,
    PathPair(id, number): PathPair,
) -> Result<Json<SeasonBody>, Failure> {
    let league = load(&state, &id).await?;
    let season = load_season(&state, &league, &number).await?;
    Ok(Json(
        season_body(&state, &league, &season, viewer.as_ref()).await?,
    ))
}

async fn schedule(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    PathPair(id, number): PathPair,
    Body(new): Body<NewSchedule>,
) -> Result<Response, Failure> {
    let league = load(&state, &id).await?;
    organiser_only(&league, &who)?;
    let season = load_season(&state, &league, &number).await?;
    let first = deadline(new.first_deadline_ms)?;
    if !ROUND_DAYS.contains(&new.days_between_rounds) {
        return Err(bad(format!(
            "field \"days_between_rounds\": {} to {}, not {}",
            ROUND_DAYS.start(),
            ROUND_DAYS.end(),
            new.days_between_rounds
        )));
    }
    let legs = new.legs;
    if season.closed_at_ms.is_some() {
        return Err(closed(&season));
    }
    let coaches = state.store().league_coaches(league.id).await?;
    let rounds = round_robin(coaches.len(), legs).map_err(|e| match e {
        round_robin::ScheduleError::Entrants(_) => conflict(e.to_string()),
        round_robin::ScheduleError::Legs(_) => bad(format!("field \"legs\": {e}")),
    })?;
    let day = 86_400_000i64 * i64::from(new.days_between_rounds);
    let mut fixtures = Vec::new();
    for (r, round) in rounds.iter().enumerate() {
        let r = i64::try_from(r).unwrap_or(i64::MAX);
        let deadline_ms = deadline(first.saturating_add(day.saturating_mul(r)))?;
        for &(h, a) in &round.pairs {
            fixtures.push(NewFixture {
                round: r + 1,
                coaches: [coaches[h].account.id, coaches[a].account.id],
                deadline_ms,
            });
        }
    }
    let detail = format!(
        "season {}: {} round(s), {} fixture(s), {legs} leg(s), {} coach(es)",
        season.number,
        rounds.len(),
        fixtures.len(),
        coaches.len()
    );
    if state
        .store()
        .add_fixtures(league.id, season.id, &fixtures, line(&who, &detail))
        .await?
        .is_none()
    {
        return Err(conflict(format!(
            "season {} is scheduled already (or closed)",
            season.number
        )));
    }
    tracing::info!(league = league.id, organiser = %who.name, %detail, "league: scheduled");
    Ok((
        StatusCode::CREATED,
        Json(season_body(&state, &league, &season, Some(&who)).await?),
    )
        .into_response())
}

async fn close_season(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    PathPair(id, number): PathPair,
    Body(why): Body<Reason>,
) -> Result<Json<SeasonBody>, Failure> {
    let league = load(&state, &id).await?;
    organiser_only(&league, &who)?;
    let reason = text("reason", &why.reason, REASON_CHARS)?;
    let season = load_season(&state, &league, &number).await?;
    if season.closed_at_ms.is_some() {
        return Err(closed(&season));
    }
    let settings = settings_of(&state, league.id).await?;
    let standings = compute_standings(&state, &league, &season, &settings).await?;
    let detail = format!(
        "season {} ({}) closed: {reason}",
        season.number, season.name
    );
    if !state
        .store()
        .close_season(league.id, season.id, &standings, line(&who, &detail))
        .await?
    {
        return Err(closed(&season));
    }
    tracing::info!(league = league.id, organiser = %who.name, %detail, "league: season closed");
    let season = load_season(&state, &league, &number).await?;
    Ok(Json(
        season_body(&state, &league, &season, Some(&who)).await?,
    ))
}

async fn standings(
    State(state): State<AppState>,
    PathPair(id, number): PathPair,
) -> Result<Json<SeasonStandings>, Failure> {
    let league = load(&state, &id).await?;
    let season = load_season(&state, &league, &number).await?;
    let settings = settings_of(&state, league.id).await?;
    let (frozen, standings) = match &season.standings {
        Some(s) => (true, s.clone()),
        None => (
            false,
            compute_standings(&state, &league, &season, &settings).await?,
        ),
    };
    Ok(Json(SeasonStandings {
        league: league.id,
        season: season.number,
        points: league.points,
        tie_breakers: settings.tie_breakers,
        frozen,
        standings,
    }))
}

/// Counts of one kind: (coach, team, player) -> count.
type Tally = BTreeMap<(String, String, Option<String>), u32>;

fn tally_into(t: &mut Tally, coach: &str, team: &str, player: Option<String>, n: u32) {
    *t.entry((coach.to_owned(), team.to_owned(), player))
        .or_default() += n;
}

fn leaders_of(t: Tally) -> Vec<Leader> {
    top(
        t.into_iter()
            .map(|((coach, team, player), count)| Leader {
                coach,
                team,
                player,
                count,
            })
            .collect(),
        10,
    )
}

async fn leaders(
    State(state): State<AppState>,
    PathPair(id, number): PathPair,
) -> Result<Json<Leaders>, Failure> {
    let league = load(&state, &id).await?;
    let season = load_season(&state, &league, &number).await?;
    let fixtures = state.store().fixtures(season.id).await?;
    let names = Names::of(&state, league.id, &fixtures).await?;
    let (mut tds, mut cas, mut comps) = (Tally::new(), Tally::new(), Tally::new());
    for f in &fixtures {
        let Some(id) = &f.match_id else { continue };
        let Some(h) = state.store().match_header(id).await? else {
            continue;
        };
        if h.status != RoomStatus::Finished {
            continue;
        }
        let Some(log) = state.store().match_log(id).await? else {
            continue;
        };
        // The coach and team of each seat of the match.
        let seat = |i: usize| -> (String, String) {
            h.seats[i].map_or_else(
                || ("-".to_owned(), "-".to_owned()),
                |a| (names.coach(a), names.team(a)),
            )
        };
        match league.game {
            GameKind::Blitz => {
                let t = summarise(&log);
                for i in 0..2 {
                    let (c, team) = seat(i);
                    tally_into(&mut tds, &c, &team, None, t.touchdowns[i]);
                    tally_into(&mut cas, &c, &team, None, t.injuries[1 - i]);
                }
            }
            GameKind::BloodBowl => {
                for (side, player, kind) in bb_awards(&log)? {
                    let (c, team) = seat(side.index());
                    let into = match kind {
                        dugout_rules::bb::league::tables::SppKind::Touchdown => &mut tds,
                        dugout_rules::bb::league::tables::SppKind::Casualty => &mut cas,
                        dugout_rules::bb::league::tables::SppKind::Completion => &mut comps,
                        _ => continue,
                    };
                    tally_into(into, &c, &team, Some(player), 1);
                }
            }
        }
    }
    Ok(Json(Leaders {
        league: league.id,
        season: season.number,
        game: league.game,
        touchdowns: leaders_of(tds),
        casualties: leaders_of(cas),
        completions: match league.game {
            GameKind::BloodBowl => Some(leaders_of(comps)),
            GameKind::Blitz => None,
        },
    }))
}

/// A finished Blood Bowl match's star player point awards (§32.6): (side, player's name,
/// kind), read from the match replayed to its end.
fn bb_awards(
    log: &crate::store::MatchLog,
) -> Result<Vec<(Side, String, dugout_rules::bb::league::tables::SppKind)>, Failure> {
    use dugout_rules::{AnyEvent, AnyGame};
    let corrupt = |why: String| {
        Failure::new(
            ErrorCode::Internal,
            format!("match {} does not replay: {why}", log.id),
        )
    };
    let seed = log
        .dice_seed()
        .map_err(|e| corrupt(e.to_string()))?
        .ok_or_else(|| corrupt("no dice seed".to_owned()))?;
    let last = log.events.last().map_or(0, |e| e.seq);
    let (game, _) =
        crate::replay::replay_to(log, seed, last).map_err(|e| corrupt(format!("{e:?}")))?;
    let AnyGame::BloodBowl(game) = game else {
        return Ok(Vec::new());
    };
    let events: Vec<dugout_rules::bb::Event> = log
        .events
        .iter()
        .filter_map(|e| match &e.event {
            dugout_protocol::RoomEvent::Game {
                event: AnyEvent::BloodBowl(ev),
            } => Some(ev.clone()),
            _ => None,
        })
        .collect();
    let facts = dugout_rules::bb::league::record::MatchFacts::read(&game, &events);
    let mut out = Vec::new();
    for (player, kind) in facts.spp {
        let Some(p) = facts.players.get(player.index()) else {
            continue;
        };
        let name = game
            .players
            .get(player.index())
            .map_or_else(|| format!("#{}", player.index()), |p| p.name.clone());
        out.push((p.side, name, kind));
    }
    Ok(out)
}

/// A match of a room created under `league` has finished: it plays the first fixture (lowest
/// round) of the league's open season between its two coaches that has neither a match nor an
/// outcome, if there is one; the link is logged as the home coach's. `Ok(None)`: no such
/// fixture (or the match is not the league's any more), nothing changed. The room checked
/// that each coach played their registered team.
pub async fn link_finished(
    store: &dyn crate::store::Store,
    league: LeagueId,
    match_id: &str,
) -> Result<Option<i64>, crate::store::StoreError> {
    let Some(header) = store.match_header(match_id).await? else {
        return Ok(None);
    };
    let ([Some(home), Some(away)], Some(l)) = (header.seats, header.league) else {
        return Ok(None);
    };
    if l != league {
        return Ok(None);
    }
    let Some(season) = store
        .seasons(league)
        .await?
        .into_iter()
        .find(|s| s.closed_at_ms.is_none())
    else {
        return Ok(None);
    };
    let mut pair = [home, away];
    pair.sort_unstable();
    let Some(f) = store.fixtures(season.id).await?.into_iter().find(|f| {
        let mut c = f.coaches;
        c.sort_unstable();
        c == pair && f.match_id.is_none() && f.outcome.is_none()
    }) else {
        return Ok(None);
    };
    let detail = format!(
        "fixture {} (round {}): match {match_id} (played in a league room, linked when it finished)",
        f.id, f.round
    );
    let line = LogLine {
        who: home,
        detail: &detail,
        at_ms: now_ms(),
    };
    Ok(
        match store
            .link_fixture_match(league, f.id, match_id, line)
            .await?
        {
            Link::Linked => Some(f.id),
            Link::FixtureTaken | Link::MatchTaken => None,
        },
    )
}

/// [`link_finished`], its outcome logged (a failure is only logged: the match stands).
pub async fn link_logged(store: &dyn crate::store::Store, league: LeagueId, match_id: &str) {
    match link_finished(store, league, match_id).await {
        Ok(Some(fixture)) => {
            tracing::info!(room = %match_id, league, fixture, "league: fixture played");
        }
        Ok(None) => {}
        Err(e) => {
            tracing::warn!(room = %match_id, league, "cannot link the fixture: {e}");
        }
    }
}

async fn reschedule(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    PathPair(id, fixture): PathPair,
    Body(new): Body<Reschedule>,
) -> Result<Json<FixtureBody>, Failure> {
    let league = load(&state, &id).await?;
    organiser_only(&league, &who)?;
    let f = load_fixture(&state, &league, &fixture).await?;
    let to = deadline(new.deadline_ms)?;
    let reason = text("reason", &new.reason, REASON_CHARS)?;
    let detail = format!(
        "fixture {} (round {}): deadline {} -> {to}: {reason}",
        f.id, f.round, f.deadline_ms
    );
    if !state
        .store()
        .reschedule_fixture(league.id, f.id, to, line(&who, &detail))
        .await?
    {
        return Err(closed_fixture(&state, &league, &f).await);
    }
    tracing::info!(league = league.id, organiser = %who.name, %detail, "league: rescheduled");
    answer_fixture(&state, &league, f.id, &who).await
}

/// Why a fixture change did nothing: its season closed meanwhile.
async fn closed_fixture(state: &AppState, league: &League, f: &Fixture) -> Failure {
    match state.store().seasons(league.id).await {
        Ok(seasons) => match seasons.iter().find(|s| s.id == f.season) {
            Some(s) => closed(s),
            None => conflict(format!("fixture {} has no season", f.id)),
        },
        Err(e) => e.into(),
    }
}

async fn answer_fixture(
    state: &AppState,
    league: &League,
    id: i64,
    who: &Account,
) -> Result<Json<FixtureBody>, Failure> {
    let f = load_fixture(state, league, &id.to_string()).await?;
    let season = state
        .store()
        .seasons(league.id)
        .await?
        .into_iter()
        .find(|s| s.id == f.season)
        .ok_or_else(|| conflict(format!("fixture {} has no season", f.id)))?;
    let names = Names::of(state, league.id, std::slice::from_ref(&f)).await?;
    Ok(Json(
        fixture_body(state, league, &season, &names, &f, Some(who)).await?,
    ))
}

async fn link_match(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    PathPair(id, fixture): PathPair,
    Body(req): Body<AttachMatch>,
) -> Result<Json<FixtureBody>, Failure> {
    let league = load(&state, &id).await?;
    organiser_only(&league, &who)?;
    let f = load_fixture(&state, &league, &fixture).await?;
    let header = state
        .store()
        .match_header(&req.match_id)
        .await?
        .ok_or_else(|| Failure::new(ErrorCode::NotFound, format!("no match {:?}", req.match_id)))?;
    if let Some(other) = header.league
        && other != league.id
    {
        return Err(conflict(format!(
            "match {:?} counts for league {other} already",
            header.id
        )));
    }
    if header.spec.setup.kind() != league.game {
        return Err(conflict(format!(
            "match {:?} is a game of {}; this league plays {}",
            header.id,
            header.spec.setup.kind(),
            league.game
        )));
    }
    // The fixture's two coaches, in either seat, each with their registered team.
    let mut seats = header.seats;
    seats.sort();
    let mut want = f.coaches.map(Some);
    want.sort();
    if seats != want {
        return Err(conflict(format!(
            "match {:?} was not played by this fixture's two coaches",
            header.id
        )));
    }
    let coaches = state.store().league_coaches(league.id).await?;
    let teams = header.spec.setup.names().teams;
    for (i, seat) in header.seats.iter().enumerate() {
        let Some(c) = seat.and_then(|a| coaches.iter().find(|c| c.account.id == a)) else {
            return Err(conflict(format!(
                "a coach of match {:?} is not registered in this league",
                header.id
            )));
        };
        if let Some(why) = team_mismatch(&coaches, &c.account, &teams, i) {
            return Err(conflict(format!(
                "match {:?} does not count for this league: {why}",
                header.id
            )));
        }
    }
    let detail = format!("fixture {} (round {}): match {}", f.id, f.round, header.id);
    match state
        .store()
        .link_fixture_match(league.id, f.id, &header.id, line(&who, &detail))
        .await?
    {
        Link::Linked => {}
        Link::MatchTaken => {
            return Err(conflict(format!(
                "match {:?} plays another fixture already",
                header.id
            )));
        }
        Link::FixtureTaken => {
            let season = state
                .store()
                .seasons(league.id)
                .await?
                .into_iter()
                .find(|s| s.id == f.season);
            return Err(match season {
                Some(s) if s.closed_at_ms.is_some() => closed(&s),
                _ => conflict(format!(
                    "fixture {} has a match or an outcome already",
                    f.id
                )),
            });
        }
    }
    tracing::info!(league = league.id, organiser = %who.name, %detail, "league: fixture played");
    answer_fixture(&state, &league, f.id, &who).await
}

async fn forfeit(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    PathPair(id, fixture): PathPair,
    Body(new): Body<NewForfeit>,
) -> Result<Json<FixtureBody>, Failure> {
    let league = load(&state, &id).await?;
    organiser_only(&league, &who)?;
    let f = load_fixture(&state, &league, &fixture).await?;
    let reason = text("reason", &new.reason, REASON_CHARS)?;
    if let Some(m) = &f.match_id {
        return Err(conflict(format!(
            "fixture {} was played (match {m}): fix its result instead",
            f.id
        )));
    }
    if f.outcome.is_some() {
        return Err(conflict(format!(
            "fixture {} has an outcome already: fix its result instead",
            f.id
        )));
    }
    let names = Names::of(&state, league.id, std::slice::from_ref(&f)).await?;
    let detail = format!(
        "fixture {} (round {}): {} did not show, forfeit: {reason}",
        f.id,
        f.round,
        names.coach(f.coaches[new.absent.index()])
    );
    let outcome = Outcome::Forfeit {
        absent: new.absent,
        reason,
    };
    if !state
        .store()
        .set_fixture_outcome(
            league.id,
            f.id,
            Some(&outcome),
            LeagueAction::Forfeit,
            line(&who, &detail),
        )
        .await?
    {
        return Err(closed_fixture(&state, &league, &f).await);
    }
    tracing::info!(league = league.id, organiser = %who.name, %detail, "league: forfeit");
    answer_fixture(&state, &league, f.id, &who).await
}

async fn fix_result(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    PathPair(id, fixture): PathPair,
    Body(new): Body<FixedResult>,
) -> Result<Json<FixtureBody>, Failure> {
    let league = load(&state, &id).await?;
    organiser_only(&league, &who)?;
    let f = load_fixture(&state, &league, &fixture).await?;
    let reason = text("reason", &new.reason, REASON_CHARS)?;
    if new
        .touchdowns
        .iter()
        .chain(new.injuries.iter())
        .any(|n| *n > MAX_FIXED)
    {
        return Err(bad(format!(
            "touchdowns and injuries are 0 to {MAX_FIXED} a side"
        )));
    }
    let (_, played) = matched(&state, &f).await?;
    let Some(before) = counted_result(f.outcome.as_ref(), played) else {
        return Err(conflict(format!(
            "fixture {} has no result to fix: link its finished match or record a forfeit",
            f.id
        )));
    };
    let detail = format!(
        "fixture {} (round {}): result {:?} {}-{} fixed to {:?} {}-{}: {reason}",
        f.id,
        f.round,
        before.winner,
        before.touchdowns[0],
        before.touchdowns[1],
        new.winner,
        new.touchdowns[0],
        new.touchdowns[1],
    );
    let outcome = Outcome::Fixed {
        touchdowns: new.touchdowns,
        injuries: new.injuries,
        winner: new.winner,
        reason,
    };
    if !state
        .store()
        .set_fixture_outcome(
            league.id,
            f.id,
            Some(&outcome),
            LeagueAction::FixResult,
            line(&who, &detail),
        )
        .await?
    {
        return Err(closed_fixture(&state, &league, &f).await);
    }
    tracing::info!(league = league.id, organiser = %who.name, %detail, "league: result fixed");
    answer_fixture(&state, &league, f.id, &who).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrants(n: i64) -> Vec<(AccountId, String, String)> {
        (1..=n)
            .map(|i| (i, format!("c{i}"), "Orc".to_owned()))
            .collect()
    }

    fn game(h: AccountId, a: AccountId, td: [u32; 2], inj: [u32; 2]) -> Counted {
        Counted {
            coaches: [h, a],
            touchdowns: td,
            injuries: inj,
            winner: match td[0].cmp(&td[1]) {
                std::cmp::Ordering::Greater => Winner::Home,
                std::cmp::Ordering::Less => Winner::Away,
                std::cmp::Ordering::Equal => Winner::Draw,
            },
        }
    }

    fn order(s: &[Standing]) -> Vec<&str> {
        s.iter().map(|r| r.coach.as_str()).collect()
    }

    /// §32.16: points by the league's scheme (3/1/0 here); level teams by the tie-breakers
    /// in the order the organiser set them.
    #[test]
    fn tie_breakers_apply_in_order() {
        let scheme = PointsScheme {
            win: 3,
            draw: 1,
            loss: 0,
        };
        // c1 beats c2 1-0; c2 beats c3 3-0; c3 beats c1 1-0: all on 3 points.
        // TD difference: c1 0, c2 +2, c3 -2. Casualties inflicted - suffered: c3 best.
        let games = vec![
            game(1, 2, [1, 0], [0, 0]),
            game(2, 3, [3, 0], [2, 0]),
            game(3, 1, [1, 0], [0, 4]),
        ];
        let e = entrants(3);
        let by_td = table(&e, &games, scheme, &[TieBreaker::TouchdownDifference]);
        assert_eq!(order(&by_td), ["c2", "c1", "c3"]);
        assert!(by_td.iter().all(|s| s.points == 3 && s.played == 2));
        // Casualty difference: c1 +0-... c1 inflicted 0 suffered 4 => -4; c2: inflicted 0
        // (c1 game) + 0 ... count: c2 v c3 injuries [2,0]: c2 suffered 2, c3 suffered 0.
        // c3 v c1 injuries [0,4]: c1 suffered 4. So c1 -4, c2 -2, c3 +6.
        let by_cas = table(&e, &games, scheme, &[TieBreaker::CasualtyDifference]);
        assert_eq!(order(&by_cas), ["c3", "c2", "c1"]);
        let by_for = table(&e, &games, scheme, &[TieBreaker::TouchdownsFor]);
        assert_eq!(order(&by_for), ["c2", "c1", "c3"]);
        // No tie-breaker: by name.
        assert_eq!(order(&table(&e, &games, scheme, &[])), ["c1", "c2", "c3"]);
    }

    /// Head to head counts only the games between the teams level on points.
    #[test]
    fn head_to_head_counts_the_games_between_the_level_teams() {
        let scheme = PointsScheme::default();
        // c1 and c2 both win against c3 and c4; c2 beat c1 by 1, c1 has the better TD
        // difference overall.
        let games = vec![
            game(1, 3, [5, 0], [0, 0]),
            game(1, 4, [5, 0], [0, 0]),
            game(2, 3, [1, 0], [0, 0]),
            game(2, 4, [1, 0], [0, 0]),
            game(2, 1, [1, 0], [0, 0]),
            game(1, 2, [1, 0], [0, 0]),
        ];
        let e = entrants(4);
        let td = table(&e, &games, scheme, &[TieBreaker::TouchdownDifference]);
        assert_eq!(order(&td)[..2], ["c1", "c2"]);
        // One win each against the other: head to head level, then TD difference.
        let h2h = table(
            &e,
            &games,
            scheme,
            &[TieBreaker::HeadToHead, TieBreaker::TouchdownDifference],
        );
        assert_eq!(order(&h2h)[..2], ["c1", "c2"]);
        // Without the return game c2 leads on head to head despite the TD difference.
        let h2h = table(
            &e,
            &games[..5],
            scheme,
            &[TieBreaker::HeadToHead, TieBreaker::TouchdownDifference],
        );
        // c1: 2 wins 1 loss; c2: 3 wins: not level any more, c2 first on points.
        assert_eq!(order(&h2h)[..2], ["c2", "c1"]);
        let level = vec![
            game(1, 3, [5, 0], [0, 0]),
            game(2, 4, [1, 0], [0, 0]),
            game(2, 1, [1, 0], [0, 0]),
            game(3, 4, [0, 0], [0, 0]),
            game(4, 1, [0, 3], [0, 0]),
        ];
        // c1: W W L = 2 wins; c2: 2 wins. TD difference: c1 +7, c2 +2; c2 won their game.
        let by_td = table(&e, &level, scheme, &[TieBreaker::TouchdownDifference]);
        assert_eq!(order(&by_td)[..2], ["c1", "c2"]);
        let by_h2h = table(&e, &level, scheme, &[TieBreaker::HeadToHead]);
        assert_eq!(order(&by_h2h)[..2], ["c2", "c1"]);
    }

    /// §32.16: a forfeit counts as a 2-0 win for the coach who showed, no casualties; a fixed
    /// result wins over the match; otherwise the match's result counts.
    #[test]
    fn a_forfeit_is_a_two_nil_win_and_a_fixed_result_wins_over_the_match() {
        let played = Some(([1, 1], [2, 0], Winner::Draw));
        assert_eq!(
            counted_result(None, played),
            Some(FixtureResult {
                touchdowns: [1, 1],
                injuries: [2, 0],
                winner: Winner::Draw,
                source: ResultSource::Match
            })
        );
        assert_eq!(counted_result(None, None), None);
        let forfeit = Outcome::Forfeit {
            absent: FixtureSide::Home,
            reason: "no show".into(),
        };
        assert_eq!(
            counted_result(Some(&forfeit), None),
            Some(FixtureResult {
                touchdowns: [0, 2],
                injuries: [0, 0],
                winner: Winner::Away,
                source: ResultSource::Forfeit
            })
        );
        let fixed = Outcome::Fixed {
            touchdowns: [0, 1],
            injuries: [0, 0],
            winner: Winner::Away,
            reason: "a misplay".into(),
        };
        assert_eq!(
            counted_result(Some(&fixed), played).map(|r| (r.winner, r.source)),
            Some((Winner::Away, ResultSource::Fixed))
        );
    }
}
