//! Leagues (REST, JSON): an organiser (any logged-in account that creates one) sets the
//! points scheme, registers coaches and their teams, and attaches matches; anyone may read a
//! league and its standings, computed from the stored results and events.
//!
//! | route | body | answer |
//! | --- | --- | --- |
//! | `GET /api/leagues?organiser=` | | `Vec<LeagueItem>`, newest first |
//! | `POST /api/leagues` | bearer, `NewLeague` | 201 `LeagueBody` |
//! | `GET /api/leagues/{id}` | | `LeagueBody` |
//! | `POST /api/leagues/{id}/coaches` | bearer (organiser), `NewLeagueCoach` | 201 `LeagueBody`: the coach is invited |
//! | `POST /api/leagues/{id}/invitation` | bearer (the invited coach) | 200 `LeagueBody`: accepted |
//! | `DELETE /api/leagues/{id}/invitation` | bearer (the invited coach) | 204: declined |
//! | `GET /api/invitations` | bearer | `Vec<LeagueInvitation>`: one's pending invitations |
//! | `POST /api/leagues/{id}/matches` | bearer (organiser), `AttachMatch` | 200 `LeagueBody` |
//! | `DELETE /api/leagues/{id}/matches/{match}` | bearer (organiser) | 200 `LeagueBody` |
//! | `DELETE /api/leagues/{id}/coaches/{coach}` | bearer (organiser) | 200 `LeagueBody` |
//! | `DELETE /api/leagues/{id}` | bearer (organiser) | 204 |
//! | `GET /api/leagues/{id}/log` | bearer (organiser) | `Vec<LeagueLogLine>`, newest first |
//! | `GET /api/leagues/{id}/standings` | | `Standings`: by points, then the league's tie-breakers |
//!
//! Seasons, schedules, settings (tie-breakers, optional league rules) and the organiser's
//! tools for them are in [`crate::league_schedule`].
//!
//! **Consent.** An organiser does not register other people: registering a coach invites
//! them (the organiser registering themself is registered at once), and the coach accepts
//! or declines with their own token. Until then the invitation counts for nothing: the
//! coach is not in `coaches`, their matches cannot be attached and a league room does not
//! seat them for the league. The organiser may withdraw an invitation as they remove a coach.
//!
//! **Teams.** A match counts for a league only if each of its coaches played the team they
//! are registered with: attaching a match checks it (409 otherwise), and a room created
//! under a league seats a coach only if they are registered with the team of that seat
//! ([`seat_check`], called by the room when a coach takes a seat and again when the match
//! starts), so a room's match never counts for a team its coach is not registered with.
//!
//! **Organiser tools** (detach a match, remove a coach, delete the league) are logged: each
//! writes a `league_log` row in the same transaction as the change, and a `tracing` line.
//! A coach with attached matches is not removed (409): detach their matches first, so a
//! league never counts a match of a coach it no longer lists. Deleting a league detaches
//! its matches (they stay in the archive) and unregisters its coaches; its log is kept.

use axum::extract::rejection::QueryRejection;
use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use dugout_protocol::{
    AttachMatch, CoachEntry, ErrorCode, LeagueBody, LeagueInvitation, LeagueLogLine, LeagueMatch,
    NewLeague, NewLeagueCoach, PointsScheme, RoomStatus, Standings, Winner,
};
use dugout_rules::core::Side;
use dugout_rules::{AnySetup, GameKind};

use crate::AppState;
use crate::api::{Authenticated, Body};
use crate::archive::{Params, PathId, Viewer, summarise};
use crate::error::Failure;
use crate::error::bad;
use crate::store::{
    Account, CoachRemoval, League, LeagueCoach, LeagueId, LogLine, MatchHeader, now_ms,
};

pub use dugout_protocol::input::{LEAGUE_NAME_CHARS, LEAGUE_POINTS};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/leagues", get(list).post(create))
        .route("/api/leagues/{id}", get(show).delete(delete_league))
        .route("/api/leagues/{id}/coaches", post(add_coach))
        .route(
            "/api/leagues/{id}/invitation",
            post(accept_invitation).delete(decline_invitation),
        )
        .route("/api/invitations", get(invitations))
        .route("/api/leagues/{id}/coaches/{coach}", delete(remove_coach))
        .route("/api/leagues/{id}/matches", post(attach))
        .route("/api/leagues/{id}/matches/{match}", delete(detach))
        .route("/api/leagues/{id}/log", get(log))
        .route("/api/leagues/{id}/standings", get(standings))
}

/// A league id: a positive integer (ids start at 1), digits only.
pub(crate) fn league_id(text: &str) -> Result<LeagueId, Failure> {
    text.bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| text.parse::<LeagueId>().ok())
        .flatten()
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

/// The league as `viewer` may see it: a private match (its id in `matches`, its teams and
/// score in `attached`) only for its coaches and the league's organiser.
async fn body(
    state: &AppState,
    league: League,
    viewer: Option<&Account>,
) -> Result<LeagueBody, Failure> {
    let coaches = state.store().league_coaches(league.id).await?;
    // Only the organiser and the invited see invitations: nobody's, no query.
    let invited = match viewer {
        Some(_) => state.store().league_invitations(league.id).await?,
        None => Vec::new(),
    };
    let invited = invited
        .into_iter()
        .filter(|c| viewer.is_some_and(|a| a.id == league.organiser.id || a.id == c.account.id))
        .map(|c| CoachEntry {
            coach: c.account.name,
            team: c.team,
        })
        .collect();
    let matches = state.store().league_matches(league.id).await?;
    let mut attached = Vec::with_capacity(matches.len());
    let mut ids = Vec::with_capacity(matches.len());
    for m in &matches {
        let may_see = !m.spec.private
            || viewer.is_some_and(|a| a.id == league.organiser.id || m.seats.contains(&Some(a.id)));
        if may_see {
            attached.push(league_match(state, m).await?);
            ids.push(m.id.clone());
        }
    }
    Ok(LeagueBody {
        id: league.id,
        name: league.name,
        organiser: league.organiser.name,
        game: league.game,
        points: league.points,
        coaches: coaches
            .into_iter()
            .map(|c| CoachEntry {
                coach: c.account.name,
                team: c.team,
            })
            .collect(),
        invited,
        matches: ids,
        attached,
    })
}

/// An attached match as the league's page lists it: teams, coaches, result, touchdowns.
async fn league_match(state: &AppState, h: &MatchHeader) -> Result<LeagueMatch, Failure> {
    let names = h.spec.setup.names();
    let touchdowns = if matches!(h.status, RoomStatus::Playing | RoomStatus::Finished) {
        state
            .store()
            .match_log(&h.id)
            .await?
            .map(|log| summarise(&log).touchdowns)
    } else {
        None
    };
    Ok(LeagueMatch {
        id: h.id.clone(),
        edition: names.edition,
        teams: names.teams,
        coaches: h.coaches.clone(),
        status: h.status,
        result: h.result,
        winner: h.result.as_ref().map(Winner::of),
        touchdowns,
        created_at_ms: h.created_at_ms,
    })
}

/// Did the coach in seat `index` (0 home, 1 away) of a match played with `teams` play the
/// team they are registered with in the league? `None`: yes; otherwise why not, in words.
/// Teams compare as registration matches them: regardless of case.
pub fn team_mismatch(
    coaches: &[LeagueCoach],
    account: &Account,
    teams: &[String; 2],
    index: usize,
) -> Option<String> {
    let played = &teams[index.min(1)];
    match coaches.iter().find(|c| c.account.id == account.id) {
        None => Some(format!("{} is not registered in this league", account.name)),
        Some(c) if c.team.eq_ignore_ascii_case(played) => None,
        Some(c) => Some(format!(
            "{} is registered with {} but played {played}",
            account.name, c.team
        )),
    }
}

/// May `account` take seat `index` (0 home, 1 away) of a room created under `league`? The
/// room asks when a coach takes a seat and again when the match starts, so its match never
/// counts for a coach who did not play their registered team. A league that no longer
/// exists (deleted meanwhile) checks nothing: the match counts for no league.
pub async fn seat_check(
    store: &dyn crate::store::Store,
    league: LeagueId,
    account: &Account,
    setup: &AnySetup,
    index: usize,
) -> Result<(), Failure> {
    let Some(found) = store.league(league).await? else {
        return Ok(());
    };
    game_check(&found, setup)?;
    let teams = setup.names().teams;
    let coaches = store.league_coaches(league).await?;
    match team_mismatch(&coaches, account, &teams, index) {
        None => Ok(()),
        Some(why) => Err(Failure::new(
            ErrorCode::Conflict,
            format!("this room's match counts for league {league}: {why}"),
        )),
    }
}

/// A room for `league` must play the league's game: checked when the room is created and
/// whenever a coach takes a seat.
pub fn game_check(league: &League, setup: &AnySetup) -> Result<(), Failure> {
    let played = setup.kind();
    if played == league.game {
        Ok(())
    } else {
        Err(Failure::new(
            ErrorCode::Conflict,
            format!("league {} plays {}, not {played}", league.id, league.game),
        ))
    }
}

/// The `{id}` and the second segment of a path (a match id, a coach's name), or a JSON 400.
pub struct PathPair(pub String, pub String);

impl<S: Send + Sync> FromRequestParts<S> for PathPair {
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Path::<(String, String)>::from_request_parts(parts, state).await {
            Ok(Path((a, b))) => Ok(PathPair(a, b)),
            Err(e) => Err(bad(format!("bad path: {}", e.body_text()))),
        }
    }
}

async fn detach(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    PathPair(id, match_id): PathPair,
) -> Result<Json<LeagueBody>, Failure> {
    let league = load(&state, &id).await?;
    organiser_only(&league, &who)?;
    let header = state
        .store()
        .match_header(&match_id)
        .await?
        .ok_or_else(|| Failure::new(ErrorCode::NotFound, format!("no match {match_id:?}")))?;
    let not_attached = || {
        Failure::new(
            ErrorCode::Conflict,
            format!(
                "match {:?} is not attached to league {}",
                header.id, league.id
            ),
        )
    };
    if header.league != Some(league.id) {
        return Err(not_attached());
    }
    let names = header.spec.setup.names();
    let detail = format!(
        "match {} ({} {} v {} {})",
        header.id,
        header.coaches[0].as_deref().unwrap_or("-"),
        names.teams[0],
        header.coaches[1].as_deref().unwrap_or("-"),
        names.teams[1],
    );
    let line = LogLine {
        who: who.id,
        detail: &detail,
        at_ms: now_ms(),
    };
    if !state
        .store()
        .detach_league_match(league.id, &header.id, line)
        .await?
    {
        return Err(not_attached());
    }
    tracing::info!(league = league.id, organiser = %who.name, %detail, "league: match detached");
    Ok(Json(body(&state, league, Some(&who)).await?))
}

async fn remove_coach(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    PathPair(id, name): PathPair,
) -> Result<Json<LeagueBody>, Failure> {
    let league = load(&state, &id).await?;
    organiser_only(&league, &who)?;
    // A registered coach, or an invitation to withdraw.
    let mut coaches = state.store().league_coaches(league.id).await?;
    coaches.extend(state.store().league_invitations(league.id).await?);
    let coach = coaches
        .iter()
        .find(|c| c.account.name.eq_ignore_ascii_case(&name))
        .ok_or_else(|| {
            Failure::new(
                ErrorCode::NotFound,
                format!("no coach {name:?} is registered in this league"),
            )
        })?;
    let detail = format!("coach {} ({})", coach.account.name, coach.team);
    let line = LogLine {
        who: who.id,
        detail: &detail,
        at_ms: now_ms(),
    };
    match state
        .store()
        .remove_league_coach(league.id, coach.account.id, line)
        .await?
    {
        CoachRemoval::Removed => {}
        CoachRemoval::NotRegistered => {
            return Err(Failure::new(
                ErrorCode::NotFound,
                format!("no coach {name:?} is registered in this league"),
            ));
        }
        CoachRemoval::HasMatches(n) => {
            return Err(Failure::new(
                ErrorCode::Conflict,
                format!(
                    "{} has {n} match(es) attached to this league: detach them first",
                    coach.account.name
                ),
            ));
        }
    }
    tracing::info!(league = league.id, organiser = %who.name, %detail, "league: coach removed");
    Ok(Json(body(&state, league, Some(&who)).await?))
}

/// The caller accepts their invitation to league `{id}`.
async fn accept_invitation(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    PathId(id): PathId,
) -> Result<Json<LeagueBody>, Failure> {
    let league = load(&state, &id).await?;
    if !state
        .store()
        .accept_league_invitation(league.id, who.id, now_ms())
        .await?
    {
        return Err(no_invitation(&league, &who));
    }
    tracing::info!(league = league.id, coach = %who.name, "league: invitation accepted");
    Ok(Json(body(&state, league, Some(&who)).await?))
}

/// The caller declines their invitation to league `{id}` (logged).
async fn decline_invitation(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    PathId(id): PathId,
) -> Result<StatusCode, Failure> {
    let league = load(&state, &id).await?;
    let pending = state.store().league_invitations(league.id).await?;
    let Some(mine) = pending.iter().find(|c| c.account.id == who.id) else {
        return Err(no_invitation(&league, &who));
    };
    let detail = format!("coach {} ({}) declined the invitation", who.name, mine.team);
    let line = LogLine {
        who: who.id,
        detail: &detail,
        at_ms: now_ms(),
    };
    match state
        .store()
        .remove_league_coach(league.id, who.id, line)
        .await?
    {
        CoachRemoval::Removed => Ok(StatusCode::NO_CONTENT),
        CoachRemoval::NotRegistered | CoachRemoval::HasMatches(_) => {
            Err(no_invitation(&league, &who))
        }
    }
}

fn no_invitation(league: &League, who: &Account) -> Failure {
    Failure::new(
        ErrorCode::NotFound,
        format!(
            "{} has no pending invitation to league {}",
            who.name, league.id
        ),
    )
}

/// The caller's pending invitations, newest league first.
async fn invitations(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
) -> Result<Json<Vec<LeagueInvitation>>, Failure> {
    let pending = state.store().invitations_for(who.id).await?;
    Ok(Json(
        pending
            .into_iter()
            .map(|i| LeagueInvitation {
                league: i.league.id,
                name: i.league.name,
                organiser: i.league.organiser.name,
                team: i.team,
            })
            .collect(),
    ))
}

async fn delete_league(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    PathId(id): PathId,
) -> Result<StatusCode, Failure> {
    let league = load(&state, &id).await?;
    organiser_only(&league, &who)?;
    let attached = state.store().league_matches(league.id).await?.len();
    let detail = format!("league {:?} ({attached} match(es) detached)", league.name);
    let line = LogLine {
        who: who.id,
        detail: &detail,
        at_ms: now_ms(),
    };
    if !state.store().delete_league(league.id, line).await? {
        return Err(Failure::new(
            ErrorCode::NotFound,
            format!("no league {}", league.id),
        ));
    }
    tracing::info!(league = league.id, organiser = %who.name, %detail, "league: deleted");
    Ok(StatusCode::NO_CONTENT)
}

async fn log(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    PathId(id): PathId,
) -> Result<Json<Vec<LeagueLogLine>>, Failure> {
    let league = load(&state, &id).await?;
    organiser_only(&league, &who)?;
    let lines = state.store().league_log(league.id).await?;
    Ok(Json(
        lines
            .into_iter()
            .map(|l| LeagueLogLine {
                who: l.who,
                what: l.what,
                detail: l.detail,
                at_ms: l.at_ms,
            })
            .collect(),
    ))
}

async fn create(
    State(state): State<AppState>,
    Authenticated(organiser): Authenticated,
    Body(new): Body<NewLeague>,
) -> Result<Response, Failure> {
    if !dugout_protocol::input::is_league_name(&new.name) {
        return Err(bad(format!(
            "a league name has {} to {} characters, no control character, and not only spaces",
            LEAGUE_NAME_CHARS.start(),
            LEAGUE_NAME_CHARS.end()
        )));
    }
    let name = new.name.trim();
    let points = new.points.unwrap_or_default();
    for (what, p) in [
        ("win", points.win),
        ("draw", points.draw),
        ("loss", points.loss),
    ] {
        if !LEAGUE_POINTS.contains(&p) {
            return Err(bad(format!(
                "points for a {what} must be between {} and {}, not {p}",
                LEAGUE_POINTS.start(),
                LEAGUE_POINTS.end()
            )));
        }
    }
    let game = new.game.unwrap_or_default();
    let league = state
        .store()
        .create_league(name, &organiser, game, points, now_ms())
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(body(&state, league, Some(&organiser)).await?),
    )
        .into_response())
}

/// One line of `GET /api/leagues`.
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
pub struct LeagueItem {
    pub id: LeagueId,
    pub name: String,
    pub organiser: String,
    /// The game the league plays.
    pub game: GameKind,
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
                game: l.game,
                points: l.points,
                created_at_ms: l.created_at_ms,
            })
            .collect(),
    ))
}

async fn show(
    State(state): State<AppState>,
    Viewer(viewer): Viewer,
    PathId(id): PathId,
) -> Result<Json<LeagueBody>, Failure> {
    let league = load(&state, &id).await?;
    Ok(Json(body(&state, league, viewer.as_ref()).await?))
}

async fn add_coach(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    PathId(id): PathId,
    Body(new): Body<NewLeagueCoach>,
) -> Result<Response, Failure> {
    let league = load(&state, &id).await?;
    organiser_only(&league, &who)?;
    let no_account = || Failure::new(ErrorCode::NotFound, format!("no account {:?}", new.coach));
    // A name no account can have is not looked up.
    if !dugout_protocol::input::is_account_name(&new.coach) {
        return Err(no_account());
    }
    let account = state
        .store()
        .account_named(&new.coach)
        .await?
        .ok_or_else(no_account)?;
    // A team of the league's game, in any ASCII case, stored as the game names it (`Orc`).
    // A team no game knows is malformed; another game's team conflicts with the league.
    let team = match dugout_protocol::input::team_of_game(league.game, &new.team) {
        Some(team) => team,
        None => {
            let (code, what) = if dugout_protocol::input::team_named(&new.team).is_some() {
                (ErrorCode::Conflict, "is not a team of")
            } else {
                (ErrorCode::Malformed, "is no team of")
            };
            return Err(Failure::new(
                code,
                format!(
                    "field \"team\": {:?} {what} {} (this league's game): one of {}",
                    new.team,
                    league.game,
                    league.game.catalogue().teams.join(", ")
                ),
            ));
        }
    };
    // Nobody is registered without their consent, but the organiser consents for themself.
    let accepted_at = (account.id == who.id).then(now_ms);
    if !state
        .store()
        .add_league_coach(league.id, account.id, &team, accepted_at)
        .await?
    {
        return Err(Failure::new(
            ErrorCode::Conflict,
            format!(
                "{} is already registered or invited in this league",
                account.name
            ),
        ));
    }
    Ok((
        StatusCode::CREATED,
        Json(body(&state, league, Some(&who)).await?),
    )
        .into_response())
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
    let played = header.spec.setup.kind();
    if played != league.game {
        return Err(Failure::new(
            ErrorCode::Conflict,
            format!(
                "match {:?} is a game of {played}; this league plays {}",
                header.id, league.game
            ),
        ));
    }
    let coaches = state.store().league_coaches(league.id).await?;
    let teams = header.spec.setup.names().teams;
    for (i, (side, seat)) in [Side::Home, Side::Away]
        .into_iter()
        .zip(header.seats)
        .enumerate()
    {
        let Some(coach) = seat.and_then(|a| coaches.iter().find(|c| c.account.id == a)) else {
            return Err(Failure::new(
                ErrorCode::Conflict,
                format!(
                    "the {side:?} coach of match {:?} is not registered in this league",
                    header.id
                ),
            ));
        };
        if let Some(why) = team_mismatch(&coaches, &coach.account, &teams, i) {
            return Err(Failure::new(
                ErrorCode::Conflict,
                format!(
                    "match {:?} does not count for this league: {why}",
                    header.id
                ),
            ));
        }
    }
    state
        .store()
        .set_match_league(&header.id, Some(league.id))
        .await?;
    Ok(Json(body(&state, league, Some(&who)).await?))
}

async fn standings(
    State(state): State<AppState>,
    PathId(id): PathId,
) -> Result<Json<Standings>, Failure> {
    let league = load(&state, &id).await?;
    let coaches = state.store().league_coaches(league.id).await?;
    let entrants: Vec<(i64, String, String)> = coaches
        .iter()
        .map(|c| (c.account.id, c.account.name.clone(), c.team.clone()))
        .collect();
    let mut games = Vec::new();
    for header in state.store().league_matches(league.id).await? {
        let (RoomStatus::Finished, Some(result)) = (header.status, header.result) else {
            continue;
        };
        let Some(log) = state.store().match_log(&header.id).await? else {
            continue;
        };
        let t = summarise(&log);
        // A seat nobody holds counts for nobody (its account id matches no coach).
        let seat = |i: usize| header.seats[i].unwrap_or(0);
        games.push(crate::league_schedule::Counted {
            coaches: [seat(0), seat(1)],
            touchdowns: t.touchdowns,
            injuries: t.injuries,
            winner: Winner::of(&result),
        });
    }
    // Points, then the league's tie-breakers (by default touchdown and injury difference),
    // then name.
    let tie_breakers = state
        .store()
        .league_settings(league.id)
        .await?
        .map(|s| s.tie_breakers)
        .unwrap_or_else(|| crate::league_schedule::DEFAULT_TIE_BREAKERS.to_vec());
    let standings = crate::league_schedule::table(&entrants, &games, league.points, &tie_breakers);
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
