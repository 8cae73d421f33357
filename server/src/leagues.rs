//! Leagues (REST, JSON): an organiser (any logged-in account that creates one) sets the
//! points scheme, registers coaches and their teams, and attaches matches; anyone may read a
//! league and its standings, computed from the stored results and events.
//!
//! | route | body | answer |
//! | --- | --- | --- |
//! | `GET /api/leagues?organiser=` | | `Vec<LeagueItem>`, newest first |
//! | `POST /api/leagues` | bearer, `NewLeague` | 201 `LeagueBody` |
//! | `GET /api/leagues/{id}` | | `LeagueBody` |
//! | `POST /api/leagues/{id}/coaches` | bearer (organiser), `NewLeagueCoach` | 201 `LeagueBody` |
//! | `POST /api/leagues/{id}/matches` | bearer (organiser), `AttachMatch` | 200 `LeagueBody` |
//! | `GET /api/leagues/{id}/standings` | | `Standings` |

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use dugout_protocol::{
    AttachMatch, CoachEntry, ErrorCode, LeagueBody, NewLeague, NewLeagueCoach, PointsScheme,
    RoomStatus, Standing, Standings,
};
use dugout_rules::core::Side;

use crate::AppState;
use crate::api::{Authenticated, Body};
use crate::archive::{Params, PathId, summarise};
use crate::error::Failure;
use crate::store::{Account, League, LeagueId, now_ms};

/// Longest league name, in characters.
pub const MAX_LEAGUE_NAME: usize = 80;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/leagues", get(list).post(create))
        .route("/api/leagues/{id}", get(show))
        .route("/api/leagues/{id}/coaches", post(add_coach))
        .route("/api/leagues/{id}/matches", post(attach))
        .route("/api/leagues/{id}/standings", get(standings))
}

fn bad(message: impl Into<String>) -> Failure {
    Failure::new(ErrorCode::Malformed, message)
}

fn league_id(text: &str) -> Result<LeagueId, Failure> {
    text.parse::<LeagueId>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| bad(format!("league id {text:?} is not a positive integer")))
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

async fn body(state: &AppState, league: League) -> Result<LeagueBody, Failure> {
    let coaches = state.store().league_coaches(league.id).await?;
    let matches = state.store().league_matches(league.id).await?;
    Ok(LeagueBody {
        id: league.id,
        name: league.name,
        organiser: league.organiser.name,
        points: league.points,
        coaches: coaches
            .into_iter()
            .map(|c| CoachEntry {
                coach: c.account.name,
                team: c.team,
            })
            .collect(),
        matches: matches.into_iter().map(|m| m.id).collect(),
    })
}

async fn create(
    State(state): State<AppState>,
    Authenticated(organiser): Authenticated,
    Body(new): Body<NewLeague>,
) -> Result<Response, Failure> {
    let name = new.name.trim();
    if name.is_empty() || name.chars().count() > MAX_LEAGUE_NAME {
        return Err(bad(format!(
            "a league name has 1 to {MAX_LEAGUE_NAME} characters"
        )));
    }
    let points = new.points.unwrap_or_default();
    for (what, p) in [
        ("win", points.win),
        ("draw", points.draw),
        ("loss", points.loss),
    ] {
        if !(-100..=100).contains(&p) {
            return Err(bad(format!(
                "points for a {what} must be between -100 and 100, not {p}"
            )));
        }
    }
    let league = state
        .store()
        .create_league(name, &organiser, points, now_ms())
        .await?;
    Ok((StatusCode::CREATED, Json(body(&state, league).await?)).into_response())
}

/// One line of `GET /api/leagues`.
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
pub struct LeagueItem {
    pub id: LeagueId,
    pub name: String,
    pub organiser: String,
    pub points: PointsScheme,
    /// Unix milliseconds.
    pub created_at_ms: i64,
}

async fn list(
    State(state): State<AppState>,
    q: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Json<Vec<LeagueItem>>, Failure> {
    let p = Params::new(q, &["organiser"])?;
    let organiser = p.get("organiser")?.map(str::to_lowercase);
    let leagues = state.store().leagues().await?;
    Ok(Json(
        leagues
            .into_iter()
            .filter(|l| {
                organiser
                    .as_ref()
                    .is_none_or(|o| l.organiser.name.to_lowercase() == *o)
            })
            .map(|l| LeagueItem {
                id: l.id,
                name: l.name,
                organiser: l.organiser.name,
                points: l.points,
                created_at_ms: l.created_at_ms,
            })
            .collect(),
    ))
}

async fn show(
    State(state): State<AppState>,
    PathId(id): PathId,
) -> Result<Json<LeagueBody>, Failure> {
    let league = load(&state, &id).await?;
    Ok(Json(body(&state, league).await?))
}

async fn add_coach(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    PathId(id): PathId,
    Body(new): Body<NewLeagueCoach>,
) -> Result<Response, Failure> {
    let league = load(&state, &id).await?;
    organiser_only(&league, &who)?;
    let account = state
        .store()
        .account_named(&new.coach)
        .await?
        .ok_or_else(|| Failure::new(ErrorCode::NotFound, format!("no account {:?}", new.coach)))?;
    // A team some game knows, in any case, stored as the game names it (`Orc`).
    let team = dugout_rules::GameKind::ALL
        .iter()
        .flat_map(|g| g.catalogue().teams)
        .find(|t| t.eq_ignore_ascii_case(new.team.trim()))
        .ok_or_else(|| {
            Failure::new(
                ErrorCode::Malformed,
                format!("field \"team\": unknown team {:?}", new.team),
            )
        })?;
    if !state
        .store()
        .add_league_coach(league.id, account.id, &team)
        .await?
    {
        return Err(Failure::new(
            ErrorCode::Conflict,
            format!("{} is already registered in this league", account.name),
        ));
    }
    Ok((StatusCode::CREATED, Json(body(&state, league).await?)).into_response())
}

async fn attach(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    PathId(id): PathId,
    Body(req): Body<AttachMatch>,
) -> Result<Json<LeagueBody>, Failure> {
    let league = load(&state, &id).await?;
    organiser_only(&league, &who)?;
    let header = state
        .store()
        .match_header(&req.match_id)
        .await?
        .ok_or_else(|| Failure::new(ErrorCode::NotFound, format!("no match {:?}", req.match_id)))?;
    if let Some(other) = header.league
        && other != league.id
    {
        return Err(Failure::new(
            ErrorCode::Conflict,
            format!("match {:?} counts for league {other} already", header.id),
        ));
    }
    let coaches = state.store().league_coaches(league.id).await?;
    for (side, seat) in [Side::Home, Side::Away].into_iter().zip(header.seats) {
        let registered = seat.is_some_and(|a| coaches.iter().any(|c| c.account.id == a));
        if !registered {
            return Err(Failure::new(
                ErrorCode::Conflict,
                format!(
                    "the {side:?} coach of match {:?} is not registered in this league",
                    header.id
                ),
            ));
        }
    }
    state
        .store()
        .set_match_league(&header.id, Some(league.id))
        .await?;
    Ok(Json(body(&state, league).await?))
}

async fn standings(
    State(state): State<AppState>,
    PathId(id): PathId,
) -> Result<Json<Standings>, Failure> {
    let league = load(&state, &id).await?;
    let coaches = state.store().league_coaches(league.id).await?;
    let mut rows: Vec<(i64, Standing)> = coaches
        .iter()
        .map(|c| {
            (
                c.account.id,
                Standing {
                    coach: c.account.name.clone(),
                    team: c.team.clone(),
                    ..Standing::default()
                },
            )
        })
        .collect();
    let p = league.points;
    for header in state.store().league_matches(league.id).await? {
        let (RoomStatus::Finished, Some(result)) = (header.status, header.result) else {
            continue;
        };
        let Some(log) = state.store().match_log(&header.id).await? else {
            continue;
        };
        let t = summarise(&log);
        for side in [Side::Home, Side::Away] {
            let i = side.index();
            let Some(account) = header.seats[i] else {
                continue;
            };
            let Some((_, row)) = rows.iter_mut().find(|(id, _)| *id == account) else {
                continue;
            };
            row.played += 1;
            match result.winner() {
                None => {
                    row.drawn += 1;
                    row.points += i64::from(p.draw);
                }
                Some(w) if w == side => {
                    row.won += 1;
                    row.points += i64::from(p.win);
                }
                Some(_) => {
                    row.lost += 1;
                    row.points += i64::from(p.loss);
                }
            }
            row.touchdowns_for += t.touchdowns[i];
            row.touchdowns_against += t.touchdowns[1 - i];
            row.injuries_inflicted += t.injuries[1 - i];
            row.injuries_suffered += t.injuries[i];
        }
    }
    let mut standings: Vec<Standing> = rows
        .into_iter()
        .map(|(_, mut s)| {
            s.touchdown_difference = i64::from(s.touchdowns_for) - i64::from(s.touchdowns_against);
            s.injury_difference = i64::from(s.injuries_inflicted) - i64::from(s.injuries_suffered);
            s
        })
        .collect();
    standings.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(b.touchdown_difference.cmp(&a.touchdown_difference))
            .then(b.injury_difference.cmp(&a.injury_difference))
            .then_with(|| a.coach.to_lowercase().cmp(&b.coach.to_lowercase()))
    });
    Ok(Json(Standings {
        league: league.id,
        points: league.points,
        standings,
    }))
}

/// May `who` create a room whose matches count for `league`? Its organiser and its
/// registered coaches may.
pub async fn may_create_in(
    state: &AppState,
    league: LeagueId,
    who: &Account,
) -> Result<(), Failure> {
    let Some(l) = state.store().league(league).await? else {
        return Err(Failure::new(
            ErrorCode::InvalidSetup,
            format!("no league {league}"),
        ));
    };
    if l.organiser.id == who.id {
        return Ok(());
    }
    let coaches = state.store().league_coaches(league).await?;
    if coaches.iter().any(|c| c.account.id == who.id) {
        Ok(())
    } else {
        Err(Failure::new(
            ErrorCode::Forbidden,
            format!("{} is not registered in league {league}", who.name),
        ))
    }
}
