//! League challenges (issue 13, §32.16), REST. The rules are
//! `dugout_rules::bb::league::tournament`'s `issue_challenge` and `Challenge`; this module
//! stores them and puts their results in the season's standings.
//!
//! | route | body | answer |
//! | --- | --- | --- |
//! | `GET /api/leagues/{id}/challenges` | | `Vec<ChallengeBody>`, oldest first |
//! | `POST /api/leagues/{id}/challenges` | bearer (a coach of the league), `NewChallenge` | 201 `ChallengeBody` |
//! | `POST /api/leagues/{id}/challenges/{challenge}/answer` | bearer (the challenged coach), `ChallengeAnswer` | 200 `ChallengeBody` |
//!
//! **Issuing.** During an open season a coach of the league challenges another, through the
//! organiser: the server is his channel, and the challenge is written to the league's log.
//! A coach issues one challenge a week in a league (7 days after his last).
//!
//! **Answering.** The challenged coach answers within a day. *Accept*: a fixture of the
//! season between them (round 0, the challenger at home, to play within a week; a league
//! room between them links to it first). *Refuse*: a fixture with a forfeit outcome, a 2–0
//! win for the challenger, no match, so no SPP, gold or fan factor for either. A challenge
//! not answered by its deadline counts as refused (our rule: the source names no other
//! outcome); it is recorded the next time the league's challenges or the season's standings
//! are read or changed, logged as the server's (the organiser's account). *Substitute*
//! (another coach who agrees plays instead) is refused: not built (`SubstituteNotBuilt`).
//! Game: Blood Bowl leagues only.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use axum::extract::{FromRequestParts, Path, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use dugout_protocol::ErrorCode;
use dugout_rules::bb::league::tournament::{self as rules, Answer, Challenge};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::AppState;
use crate::api::{Authenticated, Body};
use crate::error::Failure;
use crate::error::{bad, conflict};
use crate::league_schedule::{FixtureSide, Outcome};
use crate::league_teams::{LeaguePath, bb_league};
use crate::league_tournaments::refused;
use crate::openapi::{Auth, In, Operation, Param, positive_id};
use crate::openapi::{LEAGUE_ID as LEAGUE, schema_of as schema};
use crate::store::{Account, ChallengeRow, League, LogLine, NewChallenge, Store, now_ms};

/// How long an accepted challenge's match has to be played: a week (our choice; the source
/// sets none), the fixture's deadline.
pub const PLAY_WITHIN_MS: i64 = 7 * 86_400_000;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/leagues/{id}/challenges", get(list).post(issue))
        .route(
            "/api/leagues/{id}/challenges/{challenge}/answer",
            post(answer),
        )
}

/// How a challenge was answered (stored as JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Reply {
    Accepted,
    Refused,
    /// No answer by the deadline: counted as refused.
    Unanswered,
}

/// Body of `POST /api/leagues/{id}/challenges`.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewChallengeBody {
    /// The challenged coach's account name (a coach of the league).
    #[schemars(length(min = 1, max = 64))]
    pub challenged: String,
}

/// Body of `POST /api/leagues/{id}/challenges/{challenge}/answer`.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "answer", rename_all = "snake_case", deny_unknown_fields)]
pub enum ChallengeAnswer {
    Accept,
    Refuse,
    /// Refused: not built.
    Substitute {
        #[schemars(length(min = 1, max = 64))]
        coach: String,
    },
}

/// A challenge as served.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ChallengeBody {
    pub id: i64,
    pub league: i64,
    /// The season's number.
    pub season: i64,
    pub challenger: String,
    pub challenged: String,
    /// Unix milliseconds.
    pub issued_at_ms: i64,
    /// The answer is due by then (a day after).
    pub deadline_ms: i64,
    pub reply: Option<Reply>,
    pub answered_at_ms: Option<i64>,
    /// The season's fixture it made.
    pub fixture: Option<i64>,
}

fn secs(ms: i64) -> u64 {
    u64::try_from(ms / 1000).unwrap_or(0)
}

/// The rules' view of a stored challenge (times in seconds).
fn of(row: &ChallengeRow) -> Challenge {
    Challenge {
        challenger: 0,
        challenged: 1,
        issued_at: secs(row.issued_at_ms),
        deadline: secs(row.deadline_ms),
        answer: row.reply.map(|r| match r {
            Reply::Accepted => Answer::Accept,
            Reply::Refused | Reply::Unanswered => Answer::Refuse,
        }),
    }
}

fn forfeit(why: &str) -> Outcome {
    Outcome::Forfeit {
        absent: FixtureSide::Away,
        reason: why.to_owned(),
    }
}

/// Record every challenge of `league` whose day has passed without an answer as refused
/// (§32.16, our rule): a 2–0 fixture for the challenger, logged as the organiser's
/// account's, the server acting.
pub async fn settle(store: &dyn Store, league: &League) -> Result<(), Failure> {
    let now = now_ms();
    for c in store.challenges(league.id).await? {
        if c.reply.is_some() || of(&c).standing_answer(secs(now)).is_none() {
            continue;
        }
        let detail = format!(
            "challenge {}: not answered by its deadline ({} ms): counted as refused, a 2-0 win \
             for the challenger (§32.16)",
            c.id, c.deadline_ms
        );
        let outcome = forfeit("the challenge was not answered within a day (§32.16)");
        // `None`: answered meanwhile, or the season closed first: nothing to record.
        store
            .answer_challenge(
                league.id,
                c.id,
                Reply::Unanswered,
                c.deadline_ms,
                Some(&outcome),
                LogLine {
                    who: league.organiser.id,
                    detail: &detail,
                    at_ms: now,
                },
            )
            .await?;
    }
    Ok(())
}

async fn name_of(store: &dyn Store, id: i64) -> Result<String, Failure> {
    Ok(store
        .account_by_id(id)
        .await?
        .map_or_else(|| format!("#{id}"), |a| a.name))
}

async fn body(store: &dyn Store, row: &ChallengeRow) -> Result<ChallengeBody, Failure> {
    let season = store
        .seasons(row.league)
        .await?
        .into_iter()
        .find(|s| s.id == row.season)
        .map_or(0, |s| s.number);
    Ok(ChallengeBody {
        id: row.id,
        league: row.league,
        season,
        challenger: name_of(store, row.challenger).await?,
        challenged: name_of(store, row.challenged).await?,
        issued_at_ms: row.issued_at_ms,
        deadline_ms: row.deadline_ms,
        reply: row.reply,
        answered_at_ms: row.answered_at_ms,
        fixture: row.fixture,
    })
}

async fn list(
    State(state): State<AppState>,
    LeaguePath(id): LeaguePath,
) -> Result<Json<Vec<ChallengeBody>>, Failure> {
    let league = bb_league(&state, &id).await?;
    let store = state.store().as_ref();
    settle(store, &league).await?;
    let mut out = Vec::new();
    for c in store.challenges(league.id).await? {
        out.push(body(store, &c).await?);
    }
    Ok(Json(out))
}

async fn coach_of(store: &dyn Store, league: &League, who: &Account) -> Result<bool, Failure> {
    Ok(store
        .league_coaches(league.id)
        .await?
        .iter()
        .any(|c| c.account.id == who.id))
}

async fn issue(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    LeaguePath(id): LeaguePath,
    Body(new): Body<NewChallengeBody>,
) -> Result<Response, Failure> {
    let league = bb_league(&state, &id).await?;
    let store = state.store().as_ref();
    settle(store, &league).await?;
    if !coach_of(store, &league, &who).await? {
        return Err(Failure::new(
            ErrorCode::Forbidden,
            "only a coach of the league issues a challenge",
        ));
    }
    let coaches = store.league_coaches(league.id).await?;
    let Some(other) = coaches
        .iter()
        .find(|c| c.account.name.eq_ignore_ascii_case(new.challenged.trim()))
    else {
        return Err(bad(format!(
            "field \"challenged\": {:?} is not a coach of the league",
            new.challenged
        )));
    };
    let Some(season) = store
        .seasons(league.id)
        .await?
        .into_iter()
        .find(|s| s.closed_at_ms.is_none())
    else {
        return Err(conflict("challenges are issued during an open season"));
    };
    let now = now_ms();
    let last = store
        .challenges(league.id)
        .await?
        .into_iter()
        .filter(|c| c.challenger == who.id)
        .map(|c| secs(c.issued_at_ms))
        .max();
    let c = rules::issue_challenge(0, u32::from(other.account.id != who.id), secs(now), last)
        .map_err(|e| refused(&e))?;
    let deadline_ms = now + (i64::try_from(c.deadline - c.issued_at).unwrap_or(0) * 1000);
    let new_row = NewChallenge {
        league: league.id,
        season: season.id,
        challenger: who.id,
        challenged: other.account.id,
        issued_at_ms: now,
        deadline_ms,
        none_since_ms: now - i64::try_from(rules::WEEK).unwrap_or(0) * 1000,
    };
    let detail = format!(
        "{} challenges {} (season {}): to be answered within a day (§32.16)",
        who.name, other.account.name, season.number
    );
    let line = LogLine {
        who: who.id,
        detail: &detail,
        at_ms: now,
    };
    let Some(row) = store.create_challenge(&new_row, line).await? else {
        return Err(conflict(
            "the season closed or another challenge of yours came first: one a week (§32.16)",
        ));
    };
    tracing::info!(league = league.id, %detail, "league: challenge");
    Ok((StatusCode::CREATED, Json(body(store, &row).await?)).into_response())
}

/// The `{id}` and `{challenge}` of a path.
pub struct ChallengePath(pub String, pub String);

impl<S: Send + Sync> FromRequestParts<S> for ChallengePath {
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Path::<(String, String)>::from_request_parts(parts, state).await {
            Ok(Path((a, b))) => Ok(ChallengePath(a, b)),
            Err(e) => Err(bad(format!("bad path: {}", e.body_text()))),
        }
    }
}

async fn answer(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    ChallengePath(id, c): ChallengePath,
    Body(reply): Body<ChallengeAnswer>,
) -> Result<Json<ChallengeBody>, Failure> {
    let league = bb_league(&state, &id).await?;
    let store = state.store().as_ref();
    let n = c
        .parse::<i64>()
        .ok()
        .filter(|n| *n > 0 && c.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| bad(format!("challenge {c:?} is not a positive integer")))?;
    let Some(row) = store
        .challenges(league.id)
        .await?
        .into_iter()
        .find(|r| r.id == n)
    else {
        return Err(Failure::new(
            ErrorCode::NotFound,
            format!("league {} has no challenge {n}", league.id),
        ));
    };
    if row.challenged != who.id {
        return Err(Failure::new(
            ErrorCode::Forbidden,
            "only the challenged coach answers a challenge",
        ));
    }
    let now = now_ms();
    let answer = match &reply {
        ChallengeAnswer::Accept => Answer::Accept,
        ChallengeAnswer::Refuse => Answer::Refuse,
        ChallengeAnswer::Substitute { .. } => {
            return Err(conflict(
                "§32.16: {\"error\":\"substitute_not_built\"}: a substitute is not built: \
                 accept or refuse",
            ));
        }
    };
    // The rules check the deadline and a second answer.
    let mut ch = of(&row);
    ch.answer(answer, secs(now), &[], &[])
        .map_err(|e| refused(&e))?;
    let (r, outcome, deadline, words) = match answer {
        Answer::Accept => (
            Reply::Accepted,
            None,
            now + PLAY_WITHIN_MS,
            "accepted: a fixture to play within a week",
        ),
        _ => (
            Reply::Refused,
            Some(forfeit("the challenge was refused (§32.16)")),
            now,
            "refused: a 2-0 win for the challenger (§32.16)",
        ),
    };
    let detail = format!("challenge {}: {} {words}", row.id, who.name);
    let line = LogLine {
        who: who.id,
        detail: &detail,
        at_ms: now,
    };
    if store
        .answer_challenge(league.id, row.id, r, deadline, outcome.as_ref(), line)
        .await?
        .is_none()
    {
        return Err(conflict(
            "the challenge is answered already, or its season is closed",
        ));
    }
    tracing::info!(league = league.id, %detail, "league: challenge answered");
    let row = store
        .challenges(league.id)
        .await?
        .into_iter()
        .find(|r| r.id == n)
        .ok_or_else(|| Failure::internal("the challenge went away"))?;
    Ok(Json(body(store, &row).await?))
}

// ----- OpenAPI -----------------------------------------------------------------------------

const CHALLENGE: Param = Param {
    name: "challenge",
    location: In::Path,
    description: "the challenge's id (from 1)",
    schema: positive_id,
};

/// The OpenAPI operations of these routes.
pub const OPERATIONS: &[Operation] = &[
    Operation {
        method: "get",
        path: "/api/leagues/{id}/challenges",
        summary: "A Blood Bowl league's challenges, oldest first (unanswered past their day: counted as refused, §32.16)",
        auth: Auth::None,
        params: &[LEAGUE],
        body: None,
        ok: (200, Some(schema::<Vec<ChallengeBody>>)),
        errors: &[400, 404, 409],
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/challenges",
        summary: "Challenge another coach of the league during an open season, once a week (a coach of the league; §32.16)",
        auth: Auth::Required,
        params: &[LEAGUE],
        body: Some(schema::<NewChallengeBody>),
        ok: (201, Some(schema::<ChallengeBody>)),
        errors: &[400, 401, 403, 404, 409, 413, 429],
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/challenges/{challenge}/answer",
        summary: "Accept or refuse a challenge within a day (the challenged coach; a refusal is a 2-0 win for the challenger; a substitute is refused, not built; §32.16)",
        auth: Auth::Required,
        params: &[LEAGUE, CHALLENGE],
        body: Some(schema::<ChallengeAnswer>),
        ok: (200, Some(schema::<ChallengeBody>)),
        errors: &[400, 401, 403, 404, 409, 413, 429],
    },
];
