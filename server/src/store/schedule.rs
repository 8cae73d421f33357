//! Seasons, fixtures and settings of leagues (issue 13, part B): what the store keeps for
//! `crate::league_schedule`. Migration 0010 made the tables; the SQL is in `sql/schedule.rs`.

use dugout_protocol::Standing;

use super::{AccountId, LeagueId, LogLine, StoreFuture};
use crate::league_schedule::{LeagueSettings, Outcome};

/// A season as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct Season {
    pub id: i64,
    pub league: LeagueId,
    /// 1, 2, ... within its league.
    pub number: i64,
    pub name: String,
    pub opened_at_ms: i64,
    pub closed_at_ms: Option<i64>,
    /// The standings frozen when it was closed.
    pub standings: Option<Vec<Standing>>,
}

/// A fixture as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct Fixture {
    pub id: i64,
    pub season: i64,
    pub round: i64,
    /// The coaches: home, away.
    pub coaches: [AccountId; 2],
    pub deadline_ms: i64,
    /// The match that played it, once linked.
    pub match_id: Option<String>,
    /// A forfeit or a fixed result the organiser recorded.
    pub outcome: Option<Outcome>,
}

/// A fixture to make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewFixture {
    pub round: i64,
    pub coaches: [AccountId; 2],
    pub deadline_ms: i64,
}

/// What [`ScheduleStore::link_fixture_match`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    Linked,
    /// The fixture is of a closed season, has a match already, has an outcome, or is not
    /// this league's.
    FixtureTaken,
    /// The match plays another fixture already.
    MatchTaken,
}

/// Every change below is one transaction with its `league_log` line.
pub trait ScheduleStore: Send + Sync + 'static {
    /// A league's settings; `None`: never set (the defaults apply).
    fn league_settings(&self, league: LeagueId) -> StoreFuture<'_, Option<LeagueSettings>>;

    /// Set a league's settings and log it.
    fn set_league_settings<'a>(
        &'a self,
        league: LeagueId,
        settings: &'a LeagueSettings,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, ()>;

    /// Open the league's next season (numbered one past its last) and log it; `None`
    /// (nothing changed) while another season of the league is open.
    fn open_season<'a>(
        &'a self,
        league: LeagueId,
        name: &'a str,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, Option<Season>>;

    /// A league's seasons, by number.
    fn seasons(&self, league: LeagueId) -> StoreFuture<'_, Vec<Season>>;

    /// Close an open season, freezing `standings`, and log it; `false` if it is not open
    /// (or not this league's).
    fn close_season<'a>(
        &'a self,
        league: LeagueId,
        season: i64,
        standings: &'a [Standing],
        log: LogLine<'a>,
    ) -> StoreFuture<'a, bool>;

    /// Add a schedule's fixtures to an open season that has none, and log it; `None`
    /// (nothing changed) if the season is closed, not this league's, or has fixtures.
    fn add_fixtures<'a>(
        &'a self,
        league: LeagueId,
        season: i64,
        fixtures: &'a [NewFixture],
        log: LogLine<'a>,
    ) -> StoreFuture<'a, Option<Vec<Fixture>>>;

    /// A season's fixtures, by round then id.
    fn fixtures(&self, season: i64) -> StoreFuture<'_, Vec<Fixture>>;

    /// One fixture of a league (with its season's id).
    fn fixture(&self, league: LeagueId, id: i64) -> StoreFuture<'_, Option<Fixture>>;

    /// A new deadline for a fixture of an open season, logged; `false` otherwise.
    fn reschedule_fixture<'a>(
        &'a self,
        league: LeagueId,
        id: i64,
        deadline_ms: i64,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, bool>;

    /// Link a match to a fixture of an open season that has neither a match nor an outcome,
    /// attach the match to the league, and log it.
    fn link_fixture_match<'a>(
        &'a self,
        league: LeagueId,
        id: i64,
        match_id: &'a str,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, Link>;

    /// Record (or clear: `None`) the organiser's outcome of a fixture of an open season,
    /// logged as `what`; `false` otherwise.
    fn set_fixture_outcome<'a>(
        &'a self,
        league: LeagueId,
        id: i64,
        outcome: Option<&'a Outcome>,
        what: super::LeagueAction,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, bool>;
}
