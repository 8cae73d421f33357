//! End-of-season tournaments and the Majors' trophies of Blood Bowl leagues (issue 13,
//! §32.16): what the store keeps for `crate::league_tournaments`. Migration 0011 made the
//! tables; the SQL is in `sql/tournaments.rs`.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use dugout_rules::bb::league::tournament::Major;

use super::{AccountId, LeagueAction, LeagueId, LogLine, StoreFuture, TeamChange, TeamId};
use crate::league_challenges::Reply;
use crate::league_schedule::Outcome;
use crate::league_tournaments::TournamentState;

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentRow {
    pub id: i64,
    pub league: LeagueId,
    /// The season's row id.
    pub season: i64,
    pub state: TournamentState,
    /// Bumped by every change.
    pub rev: i64,
    pub created_at_ms: i64,
}

/// A Major's trophy won: one row an edition (§32.16).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrophyRow {
    pub tournament: i64,
    pub league: LeagueId,
    pub major: Major,
    pub team: TeamId,
    pub won_at_ms: i64,
}

/// One change to a tournament, in one transaction with its log line.
#[derive(Clone, Debug)]
pub struct TournamentChange<'a> {
    /// The rev the caller read: nothing is stored if the row has moved on.
    pub expected_rev: i64,
    pub state: &'a TournamentState,
    /// The final decided: the Major's trophy won by this team (§32.16).
    pub trophy: Option<(Major, TeamId)>,
    /// Team events to append: `(team, the last seq the caller folded, events)`; nothing is
    /// stored if a team's history has moved on.
    pub appends: Vec<(TeamId, u64, Vec<TeamChange>)>,
    pub what: LeagueAction,
    pub log: LogLine<'a>,
}

/// A league challenge as stored (§32.16).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    pub id: i64,
    pub league: LeagueId,
    /// The season's row id.
    pub season: i64,
    pub challenger: AccountId,
    pub challenged: AccountId,
    pub issued_at_ms: i64,
    pub deadline_ms: i64,
    pub reply: Option<Reply>,
    pub answered_at_ms: Option<i64>,
    /// The season's fixture it made (accepted: to play; refused: a 2-0 forfeit).
    pub fixture: Option<i64>,
}

/// A challenge to record.
#[derive(Clone, Copy, Debug)]
pub struct NewChallenge {
    pub league: LeagueId,
    pub season: i64,
    pub challenger: AccountId,
    pub challenged: AccountId,
    pub issued_at_ms: i64,
    pub deadline_ms: i64,
    /// The challenger's last challenge must be before this (one a week).
    pub none_since_ms: i64,
}

pub trait TournamentStore: Send + Sync + 'static {
    /// Record a challenge in an open season, logged; `None` (nothing changed) if the season
    /// is not open or the challenger has issued one in this league since `none_since_ms`.
    fn create_challenge<'a>(
        &'a self,
        new: &'a NewChallenge,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, Option<ChallengeRow>>;

    /// A league's challenges, oldest first.
    fn challenges(&self, league: LeagueId) -> StoreFuture<'_, Vec<ChallengeRow>>;

    /// Answer a challenge not answered yet: its reply and a fixture of its season (round 0,
    /// the challenger at home, with `outcome` if any), logged; `None` (nothing changed) if it
    /// is answered already or its season is closed. Answers the fixture's id.
    fn answer_challenge<'a>(
        &'a self,
        league: LeagueId,
        id: i64,
        reply: Reply,
        fixture_deadline_ms: i64,
        outcome: Option<&'a Outcome>,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, Option<i64>>;

    /// A new tournament of a season, logged; `None` (nothing changed) if the season has one.
    fn create_tournament<'a>(
        &'a self,
        league: LeagueId,
        season: i64,
        state: &'a TournamentState,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, Option<TournamentRow>>;

    /// A league's tournaments, oldest first.
    fn tournaments(&self, league: LeagueId) -> StoreFuture<'_, Vec<TournamentRow>>;

    /// One tournament of a league.
    fn tournament(&self, league: LeagueId, id: i64) -> StoreFuture<'_, Option<TournamentRow>>;

    /// Apply a change; `false` (nothing stored) if the row or a team's history moved on.
    fn update_tournament<'a>(
        &'a self,
        league: LeagueId,
        id: i64,
        change: &'a TournamentChange<'a>,
    ) -> StoreFuture<'a, bool>;

    /// A league's trophies won, oldest first (the holder of a Major: its last row).
    fn trophies(&self, league: LeagueId) -> StoreFuture<'_, Vec<TrophyRow>>;
}
