//! End-of-season tournaments of Blood Bowl leagues and the Majors' trophies (issue 13,
//! §32.16), REST. The rules are `dugout_rules::bb::league::tournament`'s functions; this
//! module stores them and applies them.
//!
//! | route | body | answer |
//! | --- | --- | --- |
//! | `POST /api/leagues/{id}/seasons/{season}/tournament` | bearer (organiser), `NewTournament` | 201 `TournamentBody` |
//! | `GET /api/leagues/{id}/tournaments` | | `Vec<TournamentBody>`, oldest first |
//! | `GET /api/leagues/{id}/tournaments/{tournament}` | | `TournamentBody` |
//! | `POST /api/leagues/{id}/tournaments/{tournament}/matches` | bearer (organiser), `NewTournamentMatch` | 201 `TeamMatchBody` |
//! | `POST /api/leagues/{id}/tournaments/{tournament}/winner` | bearer (organiser), `NewWinner` | 200 `TournamentBody` |
//! | `POST /api/leagues/{id}/tournaments/{tournament}/awards` | bearer (organiser; a Chaos Cup gift: the winner's coach too), `NewAward` | 200 `TournamentBody` |
//! | `GET /api/leagues/{id}/trophies` | | `Trophies` |
//!
//! **Starting it.** Once the organiser has closed the regular season (its standings frozen),
//! he starts its tournament (one a season), naming the method that chooses the four
//! semi-finalists (§32.16: top 4 by team value, by win ratio, by team value × win ratio, or
//! by the league table; play-offs in a format of his own are refused, `PlayOffsNotBuilt`)
//! and, if it is one, the Major it is an edition of. The entrants are the coaches of the
//! frozen standings who have an approved league team: their place in the table, their
//! matches played and won, and their team's value now (with the re-rolls of the trophies it
//! holds, §32.16). A tie across fourth place and the semi-finals' pairing are drawn by
//! [`dugout_rules::bb::league::tournament::draw_bracket`].
//!
//! **Provably fair draw.** The draw's dice are ChaCha20 from a published seed:
//! `SHA-256("dugout-tournament-v1" || entrants JSON || league id || season number)` (the
//! ids as 8 bytes little-endian; the entrants exactly as the body lists them). Nobody
//! chooses it: it follows from the frozen season and the teams, so anyone can redo the draw
//! from the body. The Chaos Cup's D3 players are drawn the same way from
//! `SHA-256("dugout-chaos-cup-v1" || seed || winner's team id)`.
//!
//! **Its matches.** The organiser makes each semi-final, then the final once both
//! semi-finals have winners, as league team matches
//! ([`crate::league_matches::make_match`]) with their stage: the engine gives no inducement
//! money and refuses Star Players and Mercenaries (the match option `tournament_stage`),
//! doubles the gate, and plays sudden-death overtime then penalties so the match has a
//! winner; the post-match sequence doubles the winnings and, in the Blood Bowl's final,
//! gives every player who played an extra MVP (+5 SPP).
//!
//! **Winners.** A match's winner is recorded when its match has finished with one (looked at
//! whenever the tournament is read or changed); the organiser records it himself (with a
//! reason) for a match that could not be played or ended without a winner. The final's
//! winner wins the tournament; if it is a Major's edition, the trophy passes to him
//! ([`dugout_rules::bb::league::tournament::holder_after_edition`]): `league_trophies` keeps a
//! row an edition and the holder is the last one.
//!
//! **Trophies in play.** Every league team match made while a team holds Majors' trophies
//! gives it a team re-roll each (on its sheet, counted in its match TV), the Spike!
//! Magazine trophy's +2 on the gate roll and the Dungeonbowl's Wizard at 50,000 (the match
//! option `trophies`), and the Blood Bowl trophy's +20,000 winnings (the post-match
//! sequence). The league team's own value (its page) does not show the trophy re-rolls.
//!
//! **Awards** (our decision: made by hand, after the final, so the organiser can choose
//! between players level on SPP as the source lets him). The Spike! Magazine trophy's
//! edition lets the organiser name the Spike! Player of the Year: a player with the most SPP
//! of the league's approved teams now; he gains Fan Favourite (+30,000). The Chaos Cup's
//! winner has D3 players drawn when the final is decided; each may be given one gift (a
//! Mutation, or Hypnotic Gaze, Stab or Regeneration; +20,000 or +30,000), by the winning
//! team's coach or the organiser. Each award is a team event (`Advanced`, a skill and its
//! value) with the reason in the team's history.
//!
//! Every organiser action writes a `league_log` line in the transaction that makes it.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use std::collections::BTreeMap;

use axum::extract::{FromRequestParts, Path, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use dugout_protocol::{ErrorCode, NewTeamMatch, RoomStatus, TeamMatchBody, TimerPolicy};
use dugout_rules::bb::data::Skill;
use dugout_rules::bb::league::tables::Advance;
use dugout_rules::bb::league::team::{LeagueTeam, TeamEvent};
use dugout_rules::bb::league::tournament::{
    self as rules, Bracket, Entrant, Major, Method, Stage, TournamentError,
};
use dugout_rules::core::ChaChaDice;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::AppState;
use crate::api::{Authenticated, Body};
use crate::error::Failure;
use crate::error::{bad, conflict};
use crate::league_teams::{LeaguePath, bb_league};
use crate::openapi::{Auth, In, Operation, Param, positive_id};
use crate::openapi::{LEAGUE_ID as LEAGUE, schema_of as schema};
use crate::store::{
    Account, League, LeagueAction, LeagueTeamRow, LogLine, Store, TeamChange, TeamId,
    TournamentChange, TournamentRow, hex, now_ms,
};

/// The domain tag of the draw's seed (version 1).
pub const DRAW_SEED_DOMAIN: &[u8] = b"dugout-tournament-v1";
/// The domain tag of the Chaos Cup's draw (version 1).
pub const CHAOS_CUP_SEED_DOMAIN: &[u8] = b"dugout-chaos-cup-v1";

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/leagues/{id}/seasons/{season}/tournament", post(start))
        .route("/api/leagues/{id}/tournaments", get(list))
        .route("/api/leagues/{id}/tournaments/{tournament}", get(show))
        .route(
            "/api/leagues/{id}/tournaments/{tournament}/matches",
            post(make_match),
        )
        .route(
            "/api/leagues/{id}/tournaments/{tournament}/winner",
            post(record_winner),
        )
        .route(
            "/api/leagues/{id}/tournaments/{tournament}/awards",
            post(award),
        )
        .route("/api/leagues/{id}/trophies", get(trophies))
}

// ----- wire types ------------------------------------------------------------------------

/// Body of `POST /api/leagues/{id}/seasons/{season}/tournament`.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    /// How the four semi-finalists are chosen (§32.16); `play_offs` is refused.
    pub method: Method,
    /// The Major this is an edition of (its trophy passes to the winner); none: the league's
    /// own tournament, no trophy.
    #[serde(default)]
    pub major: Option<Major>,
    /// 1 to 200 characters, no control character, not only white space.
    #[schemars(
        length(min = 1, max = 200),
        pattern(dugout_protocol::input::league_name_pattern())
    )]
    pub reason: String,
}

/// A match of the bracket.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    FirstSemiFinal,
    SecondSemiFinal,
    Final,
}

impl Slot {
    fn index(self) -> usize {
        match self {
            Slot::FirstSemiFinal => 0,
            Slot::SecondSemiFinal => 1,
            Slot::Final => 2,
        }
    }

    fn stage(self) -> Stage {
        match self {
            Slot::Final => Stage::Final,
            _ => Stage::SemiFinal,
        }
    }

    const ALL: [Slot; 3] = [Slot::FirstSemiFinal, Slot::SecondSemiFinal, Slot::Final];
}

/// Body of `POST /api/leagues/{id}/tournaments/{tournament}/matches`.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTournamentMatch {
    pub slot: Slot,
    /// The room's timer (default none).
    #[serde(default)]
    pub timer: TimerPolicy,
    /// Not listed in the lobby (default false).
    #[serde(default)]
    pub private: bool,
    /// How long each coach has for each post-match decision (1 to 1,209,600; default two
    /// days).
    #[serde(default)]
    #[schemars(range(min = 1, max = 1_209_600))]
    pub decision_seconds: Option<u32>,
}

/// Body of `POST /api/leagues/{id}/tournaments/{tournament}/winner`: the organiser records a
/// match's winner (not played, or no winner).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewWinner {
    pub slot: Slot,
    /// The winning team's id: one of the match's two.
    #[schemars(range(min = 1))]
    pub team: i64,
    /// 1 to 200 characters, no control character, not only white space.
    #[schemars(
        length(min = 1, max = 200),
        pattern(dugout_protocol::input::league_name_pattern())
    )]
    pub reason: String,
}

/// Body of `POST /api/leagues/{id}/tournaments/{tournament}/awards`.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "award", rename_all = "snake_case", deny_unknown_fields)]
pub enum NewAward {
    /// §32.16: the Spike! Player of the Year (a Spike! Magazine trophy's edition, after its
    /// final; the organiser only): a player with the most SPP of the league's teams.
    PlayerOfTheYear {
        #[schemars(range(min = 1))]
        team: i64,
        /// The player's id in his team.
        player: u32,
        /// 1 to 200 characters, no control character, not only white space.
        #[schemars(
            length(min = 1, max = 200),
            pattern(dugout_protocol::input::league_name_pattern())
        )]
        reason: String,
    },
    /// §32.16: a Chaos Cup gift to one of the players drawn (a Chaos Cup's edition, after
    /// its final; the winning team's coach or the organiser).
    ChaosCupGift {
        player: u32,
        skill: Skill,
        /// 1 to 200 characters, no control character, not only white space.
        #[schemars(
            length(min = 1, max = 200),
            pattern(dugout_protocol::input::league_name_pattern())
        )]
        reason: String,
    },
}

/// One entrant of the draw, as the rules read it (`team`: the league team's id).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TournamentEntrant {
    pub team: u32,
    pub team_name: String,
    pub coach: String,
    pub tv: u32,
    pub played: u16,
    pub won: u16,
    pub table_place: u32,
}

/// How a match's winner was recorded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Decided {
    /// The match's own result.
    Match { match_id: String },
    /// The organiser's, with his reason.
    Organiser { reason: String },
}

/// A gift given (§32.16).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Gift {
    pub player: u32,
    pub skill: Skill,
    /// What it added to the player's value.
    pub value: u32,
}

/// The Chaos Cup's draw and gifts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ChaosCup {
    /// The winning team's players drawn (D3), each may take one gift.
    pub players: Vec<u32>,
    pub gifts: Vec<Gift>,
}

/// The Spike! Player of the Year given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PlayerOfTheYear {
    pub team: i64,
    pub player: u32,
    pub spp: u16,
}

/// A tournament as stored (JSON).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TournamentState {
    /// The season's number.
    pub season: i64,
    pub major: Option<Major>,
    pub entrants: Vec<TournamentEntrant>,
    /// The draw's seed (hex), see the module docs.
    pub seed: String,
    /// The method, qualifiers, semi-finals and winners (team ids).
    pub bracket: Bracket,
    /// The match of each slot: first semi-final, second semi-final, final.
    pub matches: [Option<String>; 3],
    /// How each slot's winner was recorded.
    pub decided: [Option<Decided>; 3],
    #[serde(default)]
    pub chaos_cup: Option<ChaosCup>,
    #[serde(default)]
    pub player_of_the_year: Option<PlayerOfTheYear>,
}

/// A tournament as served.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TournamentBody {
    pub id: i64,
    pub league: i64,
    pub created_at_ms: i64,
    pub state: TournamentState,
    /// The final's pairing once both semi-finals have winners (home, away).
    pub final_pairing: Option<(u32, u32)>,
}

/// A Major's trophy won.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TrophyItem {
    pub major: Major,
    pub team: i64,
    pub team_name: String,
    pub tournament: i64,
    pub won_at_ms: i64,
}

/// Body of `GET /api/leagues/{id}/trophies`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Trophies {
    pub league: i64,
    /// Each Major's holder now (the last edition's winner), in the Majors' order.
    pub holders: Vec<TrophyItem>,
    /// Every edition won, oldest first.
    pub history: Vec<TrophyItem>,
}

// ----- checks ------------------------------------------------------------------------------

/// A league rule refused (409), in the rules' own words.
pub(crate) fn refused(e: &TournamentError) -> Failure {
    conflict(format!(
        "§32.16: {}",
        serde_json::to_string(e).unwrap_or_default()
    ))
}

fn reason(value: &str) -> Result<String, Failure> {
    let n = value.chars().count();
    if (1..=200).contains(&n) && !value.chars().any(char::is_control) && !value.trim().is_empty() {
        Ok(value.trim().to_owned())
    } else {
        Err(bad(
            "field \"reason\": 1 to 200 characters, no control character, not only spaces",
        ))
    }
}

fn positive(what: &str, text: &str) -> Result<i64, Failure> {
    text.bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| text.parse::<i64>().ok())
        .flatten()
        .filter(|n| *n > 0)
        .ok_or_else(|| bad(format!("{what} {text:?} is not a positive integer")))
}

fn organiser_only(league: &League, who: &Account) -> Result<(), Failure> {
    if league.organiser.id == who.id {
        Ok(())
    } else {
        Err(Failure::new(
            ErrorCode::Forbidden,
            format!(
                "only the league's organiser ({}) runs its tournaments",
                league.organiser.name
            ),
        ))
    }
}

fn line<'a>(who: &Account, detail: &'a str) -> LogLine<'a> {
    LogLine {
        who: who.id,
        detail,
        at_ms: now_ms(),
    }
}

/// The `{id}` and `{tournament}` (or `{season}`) of a path.
pub struct TwoIds(pub String, pub String);

impl<S: Send + Sync> FromRequestParts<S> for TwoIds {
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Path::<(String, String)>::from_request_parts(parts, state).await {
            Ok(Path((a, b))) => Ok(TwoIds(a, b)),
            Err(e) => Err(bad(format!("bad path: {}", e.body_text()))),
        }
    }
}

async fn fold(store: &dyn Store, team: TeamId) -> Result<(LeagueTeam, u64), Failure> {
    let events = store.team_events(team).await?;
    let last = events.last().map_or(0, |e| e.seq);
    let t = LeagueTeam::fold(events.iter().map(|e| &e.event))
        .ok_or_else(|| Failure::internal(format_args!("team {team}: no Created event")))?;
    Ok((t, last))
}

fn team_u32(id: TeamId) -> Result<u32, Failure> {
    u32::try_from(id).map_err(|_| Failure::internal(format_args!("team id {id} over u32")))
}

/// The draw's seed (module docs).
pub fn draw_seed(entrants: &[TournamentEntrant], league: i64, season: i64) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(DRAW_SEED_DOMAIN);
    h.update(serde_json::to_vec(entrants).unwrap_or_default());
    h.update(league.to_le_bytes());
    h.update(season.to_le_bytes());
    h.finalize().into()
}

/// The Chaos Cup draw's seed (module docs).
pub fn chaos_cup_seed(draw_seed: &[u8; 32], winner: u32) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(CHAOS_CUP_SEED_DOMAIN);
    h.update(draw_seed);
    h.update(i64::from(winner).to_le_bytes());
    h.finalize().into()
}

fn seed_bytes(hex_seed: &str) -> Result<[u8; 32], Failure> {
    crate::fair::unhex_seed(hex_seed)
        .ok_or_else(|| Failure::internal("a stored tournament seed is not 32 bytes of hex"))
}

// ----- handlers ----------------------------------------------------------------------------

async fn start(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    TwoIds(id, number): TwoIds,
    Body(new): Body<NewTournament>,
) -> Result<Response, Failure> {
    let league = bb_league(&state, &id).await?;
    organiser_only(&league, &who)?;
    let why = reason(&new.reason)?;
    let number = positive("season", &number)?;
    let store = state.store().as_ref();
    let season = store
        .seasons(league.id)
        .await?
        .into_iter()
        .find(|s| s.number == number)
        .ok_or_else(|| {
            Failure::new(
                ErrorCode::NotFound,
                format!("league {} has no season {number}", league.id),
            )
        })?;
    let Some(standings) = &season.standings else {
        return Err(conflict(format!(
            "season {number} is open: close the regular season first (its standings are frozen then)"
        )));
    };
    if new.method == Method::PlayOffs {
        return Err(refused(&TournamentError::PlayOffsNotBuilt));
    }
    // The entrants: the frozen table's coaches with an approved team, in table order.
    let teams: Vec<LeagueTeamRow> = store
        .league_teams(league.id)
        .await?
        .into_iter()
        .filter(|t| t.approved_at_ms.is_some() && t.created_at_ms >= league.created_at_ms)
        .collect();
    let mut entrants = Vec::new();
    for (place, s) in standings.iter().enumerate() {
        let Some(t) = teams.iter().find(|t| t.coach.name == s.coach) else {
            continue;
        };
        let (team, _) = fold(store, t.id).await?;
        let held = crate::league_matches::trophies_held(store, league.id, t.id).await?;
        entrants.push(TournamentEntrant {
            team: team_u32(t.id)?,
            team_name: t.name.clone(),
            coach: t.coach.name.clone(),
            tv: team.team_value(false) + rules::trophy_tv(team.roster, &held.majors()),
            played: u16::try_from(s.played).unwrap_or(u16::MAX),
            won: u16::try_from(s.won).unwrap_or(u16::MAX),
            table_place: u32::try_from(place + 1).unwrap_or(u32::MAX),
        });
    }
    let seed = draw_seed(&entrants, league.id, number);
    let mut dice = ChaChaDice::from_seed(seed);
    let for_rules: Vec<Entrant> = entrants
        .iter()
        .map(|e| Entrant {
            team: e.team,
            tv: e.tv,
            played: e.played,
            won: e.won,
            table_place: e.table_place,
        })
        .collect();
    let bracket =
        rules::draw_bracket(new.method, &for_rules, &mut dice).map_err(|e| refused(&e))?;
    let t = TournamentState {
        season: number,
        major: new.major,
        entrants,
        seed: hex(&seed),
        bracket,
        matches: [None, None, None],
        decided: [None, None, None],
        chaos_cup: None,
        player_of_the_year: None,
    };
    let detail = format!(
        "season {number} tournament ({}) by {:?}: semi-finals {:?}: {why}",
        new.major.map_or("the league's own", |m| m.name()),
        new.method,
        t.bracket.semi_finals
    );
    let Some(row) = store
        .create_tournament(league.id, season.id, &t, line(&who, &detail))
        .await?
    else {
        return Err(conflict(format!(
            "season {number} has its tournament already"
        )));
    };
    tracing::info!(league = league.id, organiser = %who.name, %detail, "league: tournament");
    Ok((StatusCode::CREATED, Json(body(&row))).into_response())
}

fn body(row: &TournamentRow) -> TournamentBody {
    TournamentBody {
        id: row.id,
        league: row.league,
        created_at_ms: row.created_at_ms,
        state: row.state.clone(),
        final_pairing: row.state.bracket.final_pairing(),
    }
}

async fn load(state: &AppState, id: &str, t: &str) -> Result<(League, TournamentRow), Failure> {
    let league = bb_league(state, id).await?;
    let n = positive("tournament", t)?;
    let row = state
        .store()
        .tournament(league.id, n)
        .await?
        .ok_or_else(|| {
            Failure::new(
                ErrorCode::NotFound,
                format!("league {} has no tournament {n}", league.id),
            )
        })?;
    Ok((league, row))
}

/// What recording `winner` for `slot` changes: the bracket, the trophy and the Chaos Cup's
/// draw when it is the final. Refused (typed) when the bracket refuses.
async fn decide(
    store: &dyn Store,
    t: &mut TournamentState,
    slot: Slot,
    winner: u32,
    how: Decided,
) -> Result<Option<(Major, TeamId)>, Failure> {
    let bracket_refused = |e: rules::BracketError| {
        conflict(format!(
            "§32.16: {}",
            serde_json::to_string(&e).unwrap_or_default()
        ))
    };
    let mut trophy = None;
    match slot {
        Slot::FirstSemiFinal | Slot::SecondSemiFinal => {
            t.bracket
                .record_semi_final(slot.index(), winner)
                .map_err(bracket_refused)?;
        }
        Slot::Final => {
            let w = t.bracket.record_final(winner).map_err(bracket_refused)?;
            if let Some(major) = t.major {
                trophy = Some((major, i64::from(w)));
                if major == Major::ChaosCup {
                    let (team, _) = fold(store, i64::from(w)).await?;
                    let ids: Vec<u32> = team.players.iter().map(|p| p.id).collect();
                    let mut dice = ChaChaDice::from_seed(chaos_cup_seed(&seed_bytes(&t.seed)?, w));
                    t.chaos_cup = Some(ChaosCup {
                        players: rules::chaos_cup_players(&ids, &mut dice),
                        gifts: Vec::new(),
                    });
                }
            }
        }
    }
    t.decided[slot.index()] = Some(how);
    Ok(trophy)
}

/// Record the winners of the tournament's matches that have finished with one (logged as
/// the organiser's league's, by the server's account: the organiser's id).
async fn sync(
    store: &dyn Store,
    league: &League,
    mut row: TournamentRow,
) -> Result<TournamentRow, Failure> {
    for _attempt in 0..5 {
        let mut t = row.state.clone();
        let mut trophy = None;
        let mut words = Vec::new();
        for slot in Slot::ALL {
            let (Some(m), None) = (t.matches[slot.index()].clone(), &t.decided[slot.index()])
            else {
                continue;
            };
            let Some(h) = store.match_header(&m).await? else {
                continue;
            };
            let (RoomStatus::Finished, Some(result)) = (h.status, h.result) else {
                continue;
            };
            let Some(side) = result.winner() else {
                continue;
            };
            let Some(tm) = store.team_match(&m).await? else {
                continue;
            };
            let winner = team_u32(tm.teams[side.index()])?;
            let how = Decided::Match {
                match_id: m.clone(),
            };
            if let Some(tr) = decide(store, &mut t, slot, winner, how).await? {
                trophy = Some(tr);
            }
            words.push(format!("{slot:?}: team {winner} won match {m}"));
        }
        if words.is_empty() {
            return Ok(row);
        }
        let detail = format!(
            "tournament {} (season {}): {}",
            row.id,
            t.season,
            words.join("; ")
        );
        let change = TournamentChange {
            expected_rev: row.rev,
            state: &t,
            trophy,
            appends: Vec::new(),
            what: LeagueAction::TournamentWinner,
            log: LogLine {
                who: league.organiser.id,
                detail: &detail,
                at_ms: now_ms(),
            },
        };
        if store.update_tournament(league.id, row.id, &change).await? {
            tracing::info!(league = league.id, %detail, "league: tournament winner");
            row.state = t;
            row.rev += 1;
            return Ok(row);
        }
        row = store
            .tournament(league.id, row.id)
            .await?
            .ok_or_else(|| Failure::internal("the tournament went away"))?;
    }
    Err(conflict("the tournament is busy: try again"))
}

async fn list(
    State(state): State<AppState>,
    LeaguePath(id): LeaguePath,
) -> Result<Json<Vec<TournamentBody>>, Failure> {
    let league = bb_league(&state, &id).await?;
    let store = state.store().as_ref();
    let mut out = Vec::new();
    for row in store.tournaments(league.id).await? {
        let row = sync(store, &league, row).await?;
        out.push(body(&row));
    }
    Ok(Json(out))
}

async fn show(
    State(state): State<AppState>,
    TwoIds(id, t): TwoIds,
) -> Result<Json<TournamentBody>, Failure> {
    let (league, row) = load(&state, &id, &t).await?;
    let row = sync(state.store().as_ref(), &league, row).await?;
    Ok(Json(body(&row)))
}

async fn make_match(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    TwoIds(id, t): TwoIds,
    Body(new): Body<NewTournamentMatch>,
) -> Result<Response, Failure> {
    let (league, row) = load(&state, &id, &t).await?;
    organiser_only(&league, &who)?;
    let store = state.store().as_ref();
    let row = sync(store, &league, row).await?;
    let s = &row.state;
    let i = new.slot.index();
    if let Some(m) = &s.matches[i] {
        return Err(conflict(format!(
            "{:?} has its match already: {m}",
            new.slot
        )));
    }
    if s.decided[i].is_some() {
        return Err(conflict(format!("{:?} is decided already", new.slot)));
    }
    let (home, away) = match new.slot {
        Slot::FirstSemiFinal | Slot::SecondSemiFinal => s.bracket.semi_finals[i],
        Slot::Final => s
            .bracket
            .final_pairing()
            .ok_or_else(|| refused_bracket(rules::BracketError::FinalNotReady))?,
    };
    let request = NewTeamMatch {
        home: i64::from(home),
        away: i64::from(away),
        timer: new.timer,
        private: new.private,
        decision_seconds: new.decision_seconds,
    };
    let made = crate::league_matches::make_match(
        &state,
        &who,
        &league,
        &request,
        new.slot.stage(),
        s.major,
    )
    .await?;
    let mut t2 = s.clone();
    t2.matches[i] = Some(made.match_id.clone());
    let detail = format!(
        "tournament {} (season {}): {:?} made, team {home} v team {away}, match {}",
        row.id, s.season, new.slot, made.match_id
    );
    let change = TournamentChange {
        expected_rev: row.rev,
        state: &t2,
        trophy: None,
        appends: Vec::new(),
        what: LeagueAction::TournamentMatch,
        log: line(&who, &detail),
    };
    if !store.update_tournament(league.id, row.id, &change).await? {
        // Another organiser request changed the tournament between the read and this write
        // (two at once): the room is made but is not the slot's match; say which.
        return Err(conflict(format!(
            "the tournament changed meanwhile: match {} was made but is not {:?}'s; read the \
             tournament and try again",
            made.match_id, new.slot
        )));
    }
    tracing::info!(league = league.id, organiser = %who.name, %detail, "league: tournament match");
    let body = crate::league_matches::match_body(store, &made).await?;
    Ok((StatusCode::CREATED, Json::<TeamMatchBody>(body)).into_response())
}

fn refused_bracket(e: rules::BracketError) -> Failure {
    conflict(format!(
        "§32.16: {}",
        serde_json::to_string(&e).unwrap_or_default()
    ))
}

async fn record_winner(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    TwoIds(id, t): TwoIds,
    Body(new): Body<NewWinner>,
) -> Result<Json<TournamentBody>, Failure> {
    let (league, row) = load(&state, &id, &t).await?;
    organiser_only(&league, &who)?;
    let why = reason(&new.reason)?;
    let store = state.store().as_ref();
    let row = sync(store, &league, row).await?;
    let winner = u32::try_from(new.team)
        .map_err(|_| bad(format!("field \"team\": no team {}", new.team)))?;
    let mut t = row.state.clone();
    let trophy = decide(
        store,
        &mut t,
        new.slot,
        winner,
        Decided::Organiser {
            reason: why.clone(),
        },
    )
    .await?;
    let detail = format!(
        "tournament {} (season {}): {:?} won by team {winner} (the organiser's): {why}",
        row.id, t.season, new.slot
    );
    let change = TournamentChange {
        expected_rev: row.rev,
        state: &t,
        trophy,
        appends: Vec::new(),
        what: LeagueAction::TournamentWinner,
        log: line(&who, &detail),
    };
    if !store.update_tournament(league.id, row.id, &change).await? {
        return Err(conflict("the tournament changed meanwhile: try again"));
    }
    tracing::info!(league = league.id, organiser = %who.name, %detail, "league: tournament winner");
    let row = store
        .tournament(league.id, row.id)
        .await?
        .ok_or_else(|| Failure::internal("the tournament went away"))?;
    Ok(Json(body(&row)))
}

async fn award(
    State(state): State<AppState>,
    Authenticated(who): Authenticated,
    TwoIds(id, t): TwoIds,
    Body(new): Body<NewAward>,
) -> Result<Json<TournamentBody>, Failure> {
    let (league, row) = load(&state, &id, &t).await?;
    let store = state.store().as_ref();
    let row = sync(store, &league, row).await?;
    let mut s = row.state.clone();
    let Some(winner) = s.bracket.winner else {
        return Err(conflict(
            "§32.16: the awards are given after the final: it has no winner yet",
        ));
    };
    let (team_id, player, skill, value, why, words) = match &new {
        NewAward::PlayerOfTheYear {
            team,
            player,
            reason: r,
        } => {
            organiser_only(&league, &who)?;
            let why = reason(r)?;
            if s.major != Some(Major::SpikeMagazine) {
                return Err(conflict(
                    "§32.16: the Spike! Player of the Year is the Spike! Magazine trophy's award",
                ));
            }
            if s.player_of_the_year.is_some() {
                return Err(conflict("the Spike! Player of the Year is given already"));
            }
            // The league's players with the most SPP, whether or not their teams played.
            let mut all = Vec::new();
            let mut folds = BTreeMap::new();
            for r in store.league_teams(league.id).await? {
                if r.approved_at_ms.is_none() || r.created_at_ms < league.created_at_ms {
                    continue;
                }
                let (f, last) = fold(store, r.id).await?;
                let tid = team_u32(r.id)?;
                all.extend(f.players.iter().map(|p| (tid, p.id, p.spp)));
                folds.insert(r.id, (f, last));
            }
            let best = rules::player_of_the_year(&all);
            let t32 = u32::try_from(*team).unwrap_or(0);
            if !best.contains(&(t32, *player)) {
                return Err(conflict(format!(
                    "§32.16: team {team}'s player {player} does not have the most SPP in the league \
                     (the players who do, as (team, player): {best:?})"
                )));
            }
            let Some((f, _)) = folds.get(team) else {
                return Err(Failure::internal("the team went away"));
            };
            let Some(p) = f.player(*player) else {
                return Err(Failure::internal("the player went away"));
            };
            let (skill, value) =
                rules::player_of_the_year_award(&p.skills(f.roster)).map_err(|e| refused(&e))?;
            s.player_of_the_year = Some(PlayerOfTheYear {
                team: *team,
                player: *player,
                spp: p.spp,
            });
            (
                *team,
                *player,
                skill,
                value,
                why,
                "Spike! Player of the Year (§32.16)",
            )
        }
        NewAward::ChaosCupGift {
            player,
            skill,
            reason: r,
        } => {
            let why = reason(r)?;
            let team = i64::from(winner);
            let coach = store.league_team(team).await?.map(|t| t.coach.id);
            if who.id != league.organiser.id && coach != Some(who.id) {
                return Err(Failure::new(
                    ErrorCode::Forbidden,
                    "a Chaos Cup gift is chosen by the winning team's coach or the organiser",
                ));
            }
            let Some(cup) = s.chaos_cup.as_mut() else {
                return Err(conflict(
                    "§32.16: this tournament is not a Chaos Cup edition",
                ));
            };
            if !cup.players.contains(player) {
                return Err(conflict(format!(
                    "§32.16: player {player} was not drawn for a gift (drawn: {:?})",
                    cup.players
                )));
            }
            if cup.gifts.iter().any(|g| g.player == *player) {
                return Err(conflict(format!(
                    "§32.16: player {player} has had his gift"
                )));
            }
            if !skill.info().built {
                return Err(conflict(format!(
                    "{} (§{}) is not built yet: choose another gift",
                    skill.name(),
                    skill.info().section
                )));
            }
            let (f, _) = fold(store, team).await?;
            let Some(p) = f.player(*player) else {
                return Err(conflict(format!(
                    "player {player} is no longer on the team"
                )));
            };
            let value = rules::chaos_cup_gift(p.position_data(f.roster), &p.extra_skills, *skill)
                .map_err(|e| refused(&e))?;
            cup.gifts.push(Gift {
                player: *player,
                skill: *skill,
                value,
            });
            (
                team,
                *player,
                *skill,
                value,
                why,
                "a Chaos Cup gift (§32.16)",
            )
        }
    };
    let (f, last) = fold(store, team_id).await?;
    if f.player(player).is_some_and(|p| p.pending.is_some()) {
        return Err(conflict(format!(
            "player {player} has an advancement to choose in a post-match sequence: give the award after it"
        )));
    }
    let detail = format!(
        "tournament {} (season {}): {words}: team {team_id}'s player {player} gains {} (+{value}): {why}",
        row.id,
        s.season,
        skill.name()
    );
    let change = TournamentChange {
        expected_rev: row.rev,
        state: &s,
        trophy: None,
        appends: vec![(
            team_id,
            last,
            vec![TeamChange {
                event: TeamEvent::Advanced {
                    player,
                    advance: Advance::Skill { skill },
                    value,
                },
                actor: Some(who.id),
                reason: format!("{words}: {why}"),
                match_id: None,
            }],
        )],
        what: LeagueAction::TournamentAward,
        log: line(&who, &detail),
    };
    if !store.update_tournament(league.id, row.id, &change).await? {
        return Err(conflict(
            "the tournament or the team changed meanwhile: try again",
        ));
    }
    tracing::info!(league = league.id, who = %who.name, %detail, "league: tournament award");
    let row = store
        .tournament(league.id, row.id)
        .await?
        .ok_or_else(|| Failure::internal("the tournament went away"))?;
    Ok(Json(body(&row)))
}

async fn trophies(
    State(state): State<AppState>,
    LeaguePath(id): LeaguePath,
) -> Result<Json<Trophies>, Failure> {
    let league = bb_league(&state, &id).await?;
    let store = state.store().as_ref();
    let mut history = Vec::new();
    for t in store.trophies(league.id).await? {
        let team_name = store
            .league_team(t.team)
            .await?
            .map_or_else(|| "-".to_owned(), |r| r.name);
        history.push(TrophyItem {
            major: t.major,
            team: t.team,
            team_name,
            tournament: t.tournament,
            won_at_ms: t.won_at_ms,
        });
    }
    let holders = Major::ALL
        .into_iter()
        .filter_map(|m| history.iter().rev().find(|t| t.major == m).cloned())
        .collect();
    Ok(Json(Trophies {
        league: league.id,
        holders,
        history,
    }))
}

// ----- OpenAPI -----------------------------------------------------------------------------

const SEASON: Param = Param {
    name: "season",
    location: In::Path,
    description: "the season's number in the league (from 1)",
    schema: positive_id,
};

const TOURNAMENT: Param = Param {
    name: "tournament",
    location: In::Path,
    description: "the tournament's id (from 1)",
    schema: positive_id,
};

/// The OpenAPI operations of these routes.
pub const OPERATIONS: &[Operation] = &[
    Operation {
        method: "post",
        path: "/api/leagues/{id}/seasons/{season}/tournament",
        summary: "Start a closed season's end-of-season tournament: choose the four semi-finalists by the method and draw the semi-finals (organiser; §32.16)",
        auth: Auth::Required,
        params: &[LEAGUE, SEASON],
        body: Some(schema::<NewTournament>),
        ok: (201, Some(schema::<TournamentBody>)),
        errors: &[400, 401, 403, 404, 409, 413, 429],
    },
    Operation {
        method: "get",
        path: "/api/leagues/{id}/tournaments",
        summary: "A Blood Bowl league's tournaments, oldest first",
        auth: Auth::None,
        params: &[LEAGUE],
        body: None,
        ok: (200, Some(schema::<Vec<TournamentBody>>)),
        errors: &[400, 404, 409],
    },
    Operation {
        method: "get",
        path: "/api/leagues/{id}/tournaments/{tournament}",
        summary: "A tournament: its entrants, draw seed, bracket, matches, winners and awards (§32.16)",
        auth: Auth::None,
        params: &[LEAGUE, TOURNAMENT],
        body: None,
        ok: (200, Some(schema::<TournamentBody>)),
        errors: &[400, 404, 409],
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/tournaments/{tournament}/matches",
        summary: "Make a semi-final or the final as a league team match with its stage (organiser; §32.16)",
        auth: Auth::Required,
        params: &[LEAGUE, TOURNAMENT],
        body: Some(schema::<NewTournamentMatch>),
        ok: (201, Some(schema::<TeamMatchBody>)),
        errors: &[400, 401, 403, 404, 409, 413, 429],
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/tournaments/{tournament}/winner",
        summary: "Record a tournament match's winner by hand, with a reason (organiser; §32.16)",
        auth: Auth::Required,
        params: &[LEAGUE, TOURNAMENT],
        body: Some(schema::<NewWinner>),
        ok: (200, Some(schema::<TournamentBody>)),
        errors: &[400, 401, 403, 404, 409, 413, 429],
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/tournaments/{tournament}/awards",
        summary: "Give the Spike! Player of the Year (organiser) or a Chaos Cup gift (the winner's coach or the organiser) after the final (§32.16)",
        auth: Auth::Required,
        params: &[LEAGUE, TOURNAMENT],
        body: Some(schema::<NewAward>),
        ok: (200, Some(schema::<TournamentBody>)),
        errors: &[400, 401, 403, 404, 409, 413, 429],
    },
    Operation {
        method: "get",
        path: "/api/leagues/{id}/trophies",
        summary: "A Blood Bowl league's Majors' trophies: each holder now and every edition won (§32.16)",
        auth: Auth::None,
        params: &[LEAGUE],
        body: None,
        ok: (200, Some(schema::<Trophies>)),
        errors: &[400, 404, 409],
    },
];
