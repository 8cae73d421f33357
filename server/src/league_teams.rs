//! Blood Bowl league teams (issue 13), REST and JSON: teams that live across matches.
//!
//! | route | body | answer |
//! | --- | --- | --- |
//! | `GET /api/leagues/{id}/teams` | | `Vec<LeagueTeamBody>`, oldest first |
//! | `POST /api/leagues/{id}/teams` | bearer (a registered coach), `NewLeagueTeam` | 201 `LeagueTeamBody` |
//! | `GET /api/leagues/{id}/teams/{team}` | | `LeagueTeamBody` |
//! | `GET /api/leagues/{id}/teams/{team}/history` | | `Vec<TeamHistoryLine>`, in order |
//! | `POST /api/leagues/{id}/teams/{team}/purchases` | bearer (the team's coach), `Purchase` | 200 `LeagueTeamBody` |
//! | `POST /api/leagues/{id}/teams/{team}/approval` | bearer (the organiser) | 200 `LeagueTeamBody` (logged) |
//!
//! **The history is the truth** (docs/rules/blood-bowl.md §32.2, §32.5): every change to a
//! team is a [`TeamEvent`] stored with who made it and why (`league_team_events`, migration
//! 0009); what a `GET` shows is [`LeagueTeam::fold`] of it, and the team value is worked
//! out from that fold as §32.2 says ([`LeagueTeam::team_value`]). Nothing here computes a
//! rule: creation is [`LeagueTeam::create`], every purchase is [`LeagueTeam::purchase`]
//! (a refusal changes nothing), so the server and the rules can never disagree.
//!
//! **Who may do what.** A coach registered in a Blood Bowl league (invitation accepted)
//! creates one team there, of the roster they are registered with (so the league's rooms
//! seat them with it, see [`crate::leagues::seat_check`]). Only the team's coach changes it;
//! only the organiser approves it (written to the league's log in the same transaction).
//!
//! **Buying windows** (§27.0, §32.14). Until the organiser approves it the team is being
//! created: it buys at creation prices (fan factor for sale, re-rolls at the list price) from
//! what is left of its 1,000,000 (§32.2), and may fire and rename. Once approved, a team buys
//! and fires only in the post-match sequence's buying window (§32.5 step 5), which this REST
//! route does not open: it answers 409 for everything but renaming a player.
//!
//! **Writes are optimistic**: a purchase folds the stored history, checks the purchase
//! against it and appends its events after the seq it folded; if another write came first
//! nothing is stored and the answer is 409, so two requests can never spend the same gold.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use axum::extract::{FromRequestParts, Path, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use dugout_protocol::{
    ErrorCode, FormerPlayer, LeagueTeamBody, NewLeagueTeam, TeamHistoryLine, TeamPlayer,
};
use dugout_rules::GameKind;
use dugout_rules::bb::league::team::{
    LeagueError, LeagueTeam, Purchase, STARTING_TREASURY, TeamEvent, Window,
};
use dugout_rules::bb::setup::TeamSheet;

use crate::AppState;
use crate::api::{Authenticated, Body};
use crate::error::Failure;
use crate::error::bad;
use crate::openapi::{Auth, In, Operation, Param, positive_id};
use crate::openapi::{LEAGUE_ID as LEAGUE, schema_of as schema};
use crate::store::{
    Account, League, LeagueTeamRow, LogLine, StoredTeamEvent, TeamAppend, TeamChange, now_ms,
};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/leagues/{id}/teams", get(list).post(create))
        .route("/api/leagues/{id}/teams/{team}", get(show))
        .route("/api/leagues/{id}/teams/{team}/history", get(history))
        .route("/api/leagues/{id}/teams/{team}/purchases", post(purchase))
        .route("/api/leagues/{id}/teams/{team}/approval", post(approve))
}

/// A refused league command, typed: not enough gold or against a rule is `illegal_command`
/// (403), the wrong moment `conflict` (409), an unknown player `not_found` (404). The
/// message is the rules' own.
/// §32.17 (6): the fan factor every team of a free-fan-factor league starts with.
pub const FREE_FAN_FACTOR: u8 = 5;

fn refused(e: LeagueError) -> Failure {
    let code = match e {
        LeagueError::Gold { .. } | LeagueError::Illegal { .. } => ErrorCode::IllegalCommand,
        LeagueError::NotNow { .. } => ErrorCode::Conflict,
        LeagueError::NoPlayer { .. } => ErrorCode::NotFound,
    };
    Failure::new(code, e.to_string())
}

/// `{id}` and `{team}` of a path, both positive integers.
pub struct TeamPath(pub String, pub i64);

impl<S: Send + Sync> FromRequestParts<S> for TeamPath {
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Path::<(String, String)>::from_request_parts(parts, state).await {
            Ok(Path((league, team))) => {
                let team = crate::leagues::league_id(&team)
                    .map_err(|_| bad(format!("team id {team:?} is not a positive integer")))?;
                Ok(TeamPath(league, team))
            }
            Err(e) => Err(bad(format!("bad path: {}", e.body_text()))),
        }
    }
}

/// `{id}` of a path.
pub struct LeaguePath(pub String);

impl<S: Send + Sync> FromRequestParts<S> for LeaguePath {
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(id)) => Ok(LeaguePath(id)),
            Err(e) => Err(bad(format!("bad path: {}", e.body_text()))),
        }
    }
}

/// A Blood Bowl league (404 if none, 409 if it plays another game).
pub(crate) async fn bb_league(state: &AppState, id: &str) -> Result<League, Failure> {
    let id = crate::leagues::league_id(id)?;
    let league = state
        .store()
        .league(id)
        .await?
        .ok_or_else(|| Failure::new(ErrorCode::NotFound, format!("no league {id}")))?;
    if league.game != GameKind::BloodBowl {
        return Err(Failure::new(
            ErrorCode::Conflict,
            format!(
                "league {} plays {}: league teams are Blood Bowl's (§32)",
                league.id, league.game
            ),
        ));
    }
    Ok(league)
}

/// Team `team` of `league` (404 otherwise).
async fn team_row(state: &AppState, league: &League, team: i64) -> Result<LeagueTeamRow, Failure> {
    state
        .store()
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

/// A team's history and its fold, with the last seq.
async fn folded(
    state: &AppState,
    row: &LeagueTeamRow,
) -> Result<(LeagueTeam, Vec<StoredTeamEvent>), Failure> {
    let events = state.store().team_events(row.id).await?;
    let team = LeagueTeam::fold(events.iter().map(|e| &e.event)).ok_or_else(|| {
        Failure::internal(format_args!(
            "league team {}: its history does not start with Created",
            row.id
        ))
    })?;
    Ok((team, events))
}

/// The page of a team: the fold, its value, its players as they stand.
/// `free_fan_factor`: the league's §32.17 (6) switch (fan factor not in the team value).
pub fn team_body(
    row: &LeagueTeamRow,
    team: &LeagueTeam,
    version: u64,
    free_fan_factor: bool,
) -> LeagueTeamBody {
    let roster = team.roster;
    let players = team
        .players
        .iter()
        .map(|p| {
            let pos = p.position_data(roster);
            let stat =
                |base: u8, gain: i8, loss: i8| i16::from(base) + i16::from(gain) - i16::from(loss);
            TeamPlayer {
                id: p.id,
                number: p.number,
                name: p.name.clone(),
                position: p.position.clone(),
                ma: stat(pos.ma, p.gains.ma, p.losses.ma),
                st: stat(pos.st, p.gains.st, p.losses.st),
                ag: stat(pos.ag, p.gains.ag, p.losses.ag),
                av: stat(pos.av, p.gains.av, p.losses.av),
                skills: p.skills(roster),
                spp: p.spp,
                pending_advancement: p.pending,
                value: p.value,
                niggling: p.niggling,
                miss_next_game: p.miss_next_game,
                journeyman: p.journeyman,
                stats: p.stats,
            }
        })
        .collect();
    LeagueTeamBody {
        id: row.id,
        league: row.league,
        coach: row.coach.name.clone(),
        name: team.name.clone(),
        roster,
        approved: row.approved_at_ms.is_some(),
        approved_at_ms: row.approved_at_ms,
        created_at_ms: row.created_at_ms,
        version,
        treasury: team.treasury,
        rerolls: team.rerolls,
        fan_factor: team.fan_factor,
        assistant_coaches: team.assistant_coaches,
        cheerleaders: team.cheerleaders,
        apothecary: team.apothecary,
        // §32.2, §32.17 (6): without fan factor if the league makes it free.
        team_value: team.team_value(free_fan_factor),
        players,
        former: team
            .former
            .iter()
            .map(|(p, why)| FormerPlayer {
                id: p.id,
                name: p.name.clone(),
                position: p.position.clone(),
                spp: p.spp,
                why: *why,
            })
            .collect(),
        record: team.record,
    }
}

async fn body_of(state: &AppState, row: &LeagueTeamRow) -> Result<LeagueTeamBody, Failure> {
    let (team, events) = folded(state, row).await?;
    let free_fan_factor = state
        .store()
        .league_settings(row.league)
        .await?
        .is_some_and(|s| s.rules.free_fan_factor);
    Ok(team_body(
        row,
        &team,
        events.last().map_or(0, |e| e.seq),
        free_fan_factor,
    ))
}

async fn list(
    State(state): State<AppState>,
    LeaguePath(id): LeaguePath,
) -> Result<Json<Vec<LeagueTeamBody>>, Failure> {
    let league = bb_league(&state, &id).await?;
    let rows = state.store().league_teams(league.id).await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in &rows {
        out.push(body_of(&state, row).await?);
    }
    Ok(Json(out))
}

async fn show(
    State(state): State<AppState>,
    TeamPath(id, team): TeamPath,
) -> Result<Json<LeagueTeamBody>, Failure> {
    let league = bb_league(&state, &id).await?;
    let row = team_row(&state, &league, team).await?;
    Ok(Json(body_of(&state, &row).await?))
}

async fn history(
    State(state): State<AppState>,
    TeamPath(id, team): TeamPath,
) -> Result<Json<Vec<TeamHistoryLine>>, Failure> {
    let league = bb_league(&state, &id).await?;
    let row = team_row(&state, &league, team).await?;
    let events = state.store().team_events(row.id).await?;
    Ok(Json(
        events
            .into_iter()
            .map(|e| TeamHistoryLine {
                seq: e.seq,
                event: e.event,
                actor: e.actor,
                reason: e.reason,
                match_id: e.match_id,
                at_ms: e.at_ms,
            })
            .collect(),
    ))
}

/// §27.0: a new team is bought from rookies; a sheet that says otherwise is refused rather
/// than quietly bought as rookies.
fn rookies_only(sheet: &TeamSheet) -> Result<(), Failure> {
    for p in &sheet.players {
        let c = &p.stat_changes;
        if !p.extra_skills.is_empty()
            || (c.ma, c.st, c.ag, c.av) != (0, 0, 0, 0)
            || p.niggling > 0
            || p.missing_next_game
        {
            return Err(bad(format!(
                "{} (#{}) is not a rookie: a new league team hires rookies only, without \
                 extra skills, characteristic changes or injuries (§27.0, §32.2)",
                p.name, p.number
            )));
        }
    }
    Ok(())
}

async fn create(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    LeaguePath(id): LeaguePath,
    Body(new): Body<NewLeagueTeam>,
) -> Result<Response, Failure> {
    let league = bb_league(&state, &id).await?;
    let coaches = state.store().league_coaches(league.id).await?;
    let Some(registered) = coaches.iter().find(|c| c.account.id == who.id) else {
        return Err(Failure::new(
            ErrorCode::Forbidden,
            format!(
                "{} is not a registered coach of league {}: only its coaches create teams",
                who.name, league.id
            ),
        ));
    };
    let roster = new.sheet.roster;
    if !registered.team.eq_ignore_ascii_case(roster.name()) {
        return Err(Failure::new(
            ErrorCode::Conflict,
            format!(
                "{} is registered in this league with {}, not {}",
                who.name,
                registered.team,
                roster.name()
            ),
        ));
    }
    rookies_only(&new.sheet)?;
    // §32.17 (6): in a league with free fan factor a team buys none and starts with 5.
    let free_fan_factor = state
        .store()
        .league_settings(league.id)
        .await?
        .is_some_and(|s| s.rules.free_fan_factor);
    if free_fan_factor && new.sheet.fan_factor > 0 {
        return Err(Failure::new(
            ErrorCode::Conflict,
            format!(
                "league {} plays free fan factor (§32.17 (6)): a team buys none and starts \
                 with {FREE_FAN_FACTOR}; send fan_factor 0, not {}",
                league.id, new.sheet.fan_factor
            ),
        ));
    }
    let mut events =
        LeagueTeam::create(&new.sheet, &new.name, STARTING_TREASURY).map_err(refused)?;
    if free_fan_factor {
        events.push(TeamEvent::FanFactor {
            dice: Vec::new(),
            change: FREE_FAN_FACTOR as i8,
        });
    }
    let name = match events.first() {
        Some(TeamEvent::Created { name, .. }) => name.clone(),
        _ => {
            return Err(Failure::internal(
                "a created team's first event is not Created",
            ));
        }
    };
    let changes: Vec<TeamChange> = events
        .into_iter()
        .map(|event| TeamChange {
            event,
            actor: Some(who.id),
            reason: if free_fan_factor {
                "team created by its coach (§27.0, §32.2; fan factor 5 free, §32.17 (6))".into()
            } else {
                "team created by its coach (§27.0, §32.2)".into()
            },
            match_id: None,
        })
        .collect();
    let Some(team) = state
        .store()
        .create_league_team(league.id, who.id, &name, roster.name(), &changes, now_ms())
        .await?
    else {
        return Err(Failure::new(
            ErrorCode::Conflict,
            format!("{} has a team in league {} already", who.name, league.id),
        ));
    };
    tracing::info!(league = league.id, team, coach = %who.name, %name, "league team created");
    let row = team_row(&state, &league, team).await?;
    Ok((StatusCode::CREATED, Json(body_of(&state, &row).await?)).into_response())
}

/// The team's coach only.
fn coach_only(row: &LeagueTeamRow, who: &Account) -> Result<(), Failure> {
    if row.coach.id == who.id {
        Ok(())
    } else {
        Err(Failure::new(
            ErrorCode::Forbidden,
            format!("only the team's coach ({}) changes it", row.coach.name),
        ))
    }
}

/// A purchase in words, for the history's `reason`.
fn describe(p: &Purchase) -> String {
    match p {
        Purchase::HirePlayer { position, .. } => format!("hired a {position}"),
        Purchase::FirePlayer { player } => format!("fired player {player}"),
        Purchase::RenamePlayer { player, .. } => format!("renamed player {player}"),
        Purchase::BuyReroll => "bought a team re-roll".into(),
        Purchase::BuyFanFactor => "bought fan factor".into(),
        Purchase::HireStaff { staff } => format!("hired staff: {staff:?}"),
        Purchase::FireStaff { staff } => format!("fired staff: {staff:?}"),
    }
}

async fn purchase(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    TeamPath(id, team): TeamPath,
    Body(p): Body<Purchase>,
) -> Result<Json<LeagueTeamBody>, Failure> {
    let league = bb_league(&state, &id).await?;
    let row = team_row(&state, &league, team).await?;
    coach_only(&row, &who)?;
    let (folded_team, events) = folded(&state, &row).await?;
    let last = events.last().map_or(0, |e| e.seq);
    let window = if row.approved_at_ms.is_none() {
        Window::Creation
    } else if matches!(p, Purchase::RenamePlayer { .. }) {
        Window::PostMatch
    } else {
        return Err(refused(LeagueError::NotNow {
            why: "an approved team buys and fires only in the post-match sequence's buying \
                  window (§32.5 step 5, §32.14)"
                .into(),
        }));
    };
    let new = folded_team.purchase(window, &p).map_err(refused)?;
    let window_name = match window {
        Window::Creation => "creation",
        Window::PostMatch => "between matches",
    };
    let reason = format!("{} ({window_name})", describe(&p));
    let changes: Vec<TeamChange> = new
        .into_iter()
        .map(|event| TeamChange {
            event,
            actor: Some(who.id),
            reason: reason.clone(),
            match_id: None,
        })
        .collect();
    match state
        .store()
        .append_team_events(row.id, last, &changes, now_ms())
        .await?
    {
        TeamAppend::Appended(_) => {}
        TeamAppend::Stale => {
            return Err(Failure::new(
                ErrorCode::Conflict,
                "the team changed while this purchase was checked: nothing was bought, try again",
            ));
        }
        TeamAppend::NoTeam => return Err(Failure::new(ErrorCode::NotFound, "no such team")),
    }
    tracing::info!(league = league.id, team = row.id, coach = %who.name, %reason, "league team changed");
    Ok(Json(body_of(&state, &row).await?))
}

async fn approve(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    TeamPath(id, team): TeamPath,
) -> Result<Json<LeagueTeamBody>, Failure> {
    let league = bb_league(&state, &id).await?;
    if league.organiser.id != who.id {
        return Err(Failure::new(
            ErrorCode::Forbidden,
            format!(
                "only the league's organiser ({}) approves its teams",
                league.organiser.name
            ),
        ));
    }
    let row = team_row(&state, &league, team).await?;
    let detail = format!(
        "team {} {} ({}, coach {})",
        row.id, row.name, row.roster, row.coach.name
    );
    let line = LogLine {
        who: who.id,
        detail: &detail,
        at_ms: now_ms(),
    };
    if !state
        .store()
        .approve_league_team(league.id, row.id, line)
        .await?
    {
        return Err(Failure::new(
            ErrorCode::Conflict,
            format!("team {} is approved already", row.id),
        ));
    }
    tracing::info!(league = league.id, organiser = %who.name, %detail, "league: team approved");
    let row = team_row(&state, &league, team).await?;
    Ok(Json(body_of(&state, &row).await?))
}

const TEAM: Param = Param {
    name: "team",
    location: In::Path,
    description: "the team's id (from 1)",
    schema: positive_id,
};

/// The OpenAPI operations of these routes (added to [`crate::openapi::OPERATIONS`]'s).
pub const OPERATIONS: &[Operation] = &[
    Operation {
        method: "get",
        path: "/api/leagues/{id}/teams",
        summary: "A Blood Bowl league's teams, oldest first, each the fold of its history",
        auth: Auth::None,
        params: &[LEAGUE],
        body: None,
        ok: (200, Some(schema::<Vec<LeagueTeamBody>>)),
        errors: &[400, 404, 409],
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/teams",
        summary: "Create the caller's team from rookies with the starting treasury (a registered coach, the roster they are registered with; §27.0, §32.2)",
        auth: Auth::Required,
        params: &[LEAGUE],
        body: Some(schema::<NewLeagueTeam>),
        ok: (201, Some(schema::<LeagueTeamBody>)),
        errors: &[400, 401, 403, 404, 409, 413],
    },
    Operation {
        method: "get",
        path: "/api/leagues/{id}/teams/{team}",
        summary: "A league team: roster with characteristics, skills, SPP, injuries, value; treasury; team value (§32.2)",
        auth: Auth::None,
        params: &[LEAGUE, TEAM],
        body: None,
        ok: (200, Some(schema::<LeagueTeamBody>)),
        errors: &[400, 404, 409],
    },
    Operation {
        method: "get",
        path: "/api/leagues/{id}/teams/{team}/history",
        summary: "Every change to a league team, in order, with who made it and why",
        auth: Auth::None,
        params: &[LEAGUE, TEAM],
        body: None,
        ok: (200, Some(schema::<Vec<TeamHistoryLine>>)),
        errors: &[400, 404, 409],
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/teams/{team}/purchases",
        summary: "Hire, fire, rename, buy re-rolls, staff or fan factor (the team's coach; checked by the rules; an approved team only renames here)",
        auth: Auth::Required,
        params: &[LEAGUE, TEAM],
        body: Some(schema::<Purchase>),
        ok: (200, Some(schema::<LeagueTeamBody>)),
        errors: &[400, 401, 403, 404, 409, 413],
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/teams/{team}/approval",
        summary: "Approve a team for the league's matches (organiser only, logged)",
        auth: Auth::Required,
        params: &[LEAGUE, TEAM],
        body: None,
        ok: (200, Some(schema::<LeagueTeamBody>)),
        errors: &[400, 401, 403, 404, 409],
    },
];
