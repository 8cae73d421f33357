//! End-of-season tournaments and the Majors' trophies of Blood Bowl leagues (issue 13,
//! §32.16): what the store keeps for `crate::league_tournaments`. Migration 0011 made the
//! tables; the SQL is in `sql/tournaments.rs`.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use dugout_rules::bb::league::tournament::Major;

use super::{LeagueAction, LeagueId, LogLine, StoreFuture, TeamChange, TeamId};
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

pub trait TournamentStore: Send + Sync + 'static {
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
