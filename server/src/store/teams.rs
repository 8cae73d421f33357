//! Blood Bowl league teams (issue 13) in the store: a team's row and its history.
//!
//! A team is the fold of its events (docs/rules/blood-bowl.md §32.5): the store keeps every
//! [`TeamEvent`] in order with who made it, why, and the match it came from
//! (`league_team_events`, migration 0009), and never changes one. `league_teams` holds the
//! team's identity (league, coach, name, roster) and whether the organiser approved it.
//! Appends are optimistic: the caller names the last `seq` it folded, and an append made
//! on a stale fold is refused whole ([`TeamAppend::Stale`]), so two writers can never both
//! spend the same gold.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use dugout_rules::bb::league::postmatch::{LeagueRules, PostCommand};
use dugout_rules::bb::league::team::TeamEvent;
use dugout_rules::bb::league::tournament::{Held, Major, Stage};
use dugout_rules::core::Side;

use super::{Account, AccountId, LeagueId, LogLine, StoreFuture};

/// A league team's row id.
pub type TeamId = i64;

/// A league team's row: who owns it and where it plays (its state is the fold of its
/// events, [`TeamStore::team_events`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeagueTeamRow {
    pub id: TeamId,
    pub league: LeagueId,
    pub coach: Account,
    pub name: String,
    /// The roster's serde name.
    pub roster: String,
    /// When the organiser approved it (Unix milliseconds); `None`: not yet.
    pub approved_at_ms: Option<i64>,
    pub created_at_ms: i64,
}

/// A change to append to a team's history.
#[derive(Clone, Debug, PartialEq)]
pub struct TeamChange {
    pub event: TeamEvent,
    /// Who made it: `None` for the server (a post-match roll, a deadline's default).
    pub actor: Option<AccountId>,
    /// Why, in words.
    pub reason: String,
    /// The match it came from.
    pub match_id: Option<String>,
}

/// One entry of a team's history as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredTeamEvent {
    /// 1, 2, 3, ... in the team's order.
    pub seq: u64,
    pub event: TeamEvent,
    /// Who made it (their account name); `None`: the server.
    pub actor: Option<String>,
    pub reason: String,
    pub match_id: Option<String>,
    /// Unix milliseconds.
    pub at_ms: i64,
}

/// What [`TeamStore::append_team_events`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamAppend {
    /// Stored; the team's last seq now.
    Appended(u64),
    /// The team's history has moved past the seq the caller folded: nothing stored.
    Stale,
    /// No such team.
    NoTeam,
}

/// League teams and their histories.
pub trait TeamStore: Send + Sync + 'static {
    /// A new team of `account` in `league`, with the events of its creation (seq 1, 2, ...),
    /// in one transaction; `None` (nothing stored) if the coach has a team in that league.
    fn create_league_team<'a>(
        &'a self,
        league: LeagueId,
        account: AccountId,
        name: &'a str,
        roster: &'a str,
        events: &'a [TeamChange],
        now_ms: i64,
    ) -> StoreFuture<'a, Option<TeamId>>;

    /// One team's row.
    fn league_team(&self, id: TeamId) -> StoreFuture<'_, Option<LeagueTeamRow>>;

    /// A league's teams, oldest first.
    fn league_teams(&self, league: LeagueId) -> StoreFuture<'_, Vec<LeagueTeamRow>>;

    /// A team's history, in order.
    fn team_events(&self, id: TeamId) -> StoreFuture<'_, Vec<StoredTeamEvent>>;

    /// Append `events` after the team's event `after` (the last seq the caller folded), in
    /// one transaction: all or nothing.
    fn append_team_events<'a>(
        &'a self,
        id: TeamId,
        after: u64,
        events: &'a [TeamChange],
        now_ms: i64,
    ) -> StoreFuture<'a, TeamAppend>;

    /// The organiser approves team `id` of `league`, logged in the league's log in the same
    /// transaction; `false` (nothing changed, nothing logged) if there is no such team in the
    /// league or it is approved already.
    fn approve_league_team<'a>(
        &'a self,
        league: LeagueId,
        id: TeamId,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, bool>;
}

/// What a league match keeps of its pre-match (§32.3, §32.4): which league player each sheet
/// place is (`ids[side][i]`), each team's match TV (the expenses of §32.12 are on it) and
/// the league's rules (§32.17).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TeamMatchSetup {
    pub ids: [Vec<u32>; 2],
    pub match_tv: [u32; 2],
    /// The league's §32.17 switches when the match was made: the pre-match and the
    /// post-match sequence play by them even if the organiser changes the settings later.
    /// A row stored before they were kept reads the defaults, which it was played with.
    #[serde(default)]
    pub rules: LeagueRules,
    /// §12.7, §26.61: the players the match raises join in the post-match sequence
    /// (`PostMatchInput::raised_join`). A row stored before they did reads `false`.
    #[serde(default)]
    pub raised_join: bool,
    /// §32.16: the fixture's stage (a tournament's semi-final or final) and the Major it
    /// is of; a row stored before tournaments reads a season match, which it was.
    #[serde(default, skip_serializing_if = "is_season")]
    pub stage: Stage,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub major: Option<Major>,
    /// §32.16: the Majors' trophies each team held when the match was made.
    #[serde(default, skip_serializing_if = "no_trophies")]
    pub trophies: [Held; 2],
}

fn is_season(s: &Stage) -> bool {
    *s == Stage::Season
}

fn no_trophies(t: &[Held; 2]) -> bool {
    t.iter().all(|h| h.majors().is_empty())
}

/// One answer in a post-match sequence (§32.5), in order.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PostStep {
    pub side: Side,
    pub command: PostCommand,
    /// The coach who sent it; `None`: the server, at the deadline (`default_command`).
    pub actor: Option<AccountId>,
    pub at_ms: i64,
}

/// Where a league match's post-match sequence is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PostState {
    /// The match is not over.
    Match,
    /// The sequence runs: a coach decides.
    Deciding,
    Done,
}

impl PostState {
    pub fn as_str(self) -> &'static str {
        match self {
            PostState::Match => "match",
            PostState::Deciding => "deciding",
            PostState::Done => "done",
        }
    }

    pub fn parse(s: &str) -> Option<PostState> {
        match s {
            "match" => Some(PostState::Match),
            "deciding" => Some(PostState::Deciding),
            "done" => Some(PostState::Done),
            _ => None,
        }
    }
}

/// A match between two league teams (`league_team_matches`).
#[derive(Clone, Debug, PartialEq)]
pub struct TeamMatchRow {
    pub match_id: String,
    pub league: LeagueId,
    /// Home, away.
    pub teams: [TeamId; 2],
    /// The last seq of each team's history when the sheets were made.
    pub versions: [u64; 2],
    pub setup: TeamMatchSetup,
    /// The post-match server seed: secret until the sequence is done.
    pub post_seed: [u8; 32],
    pub decision_ms: i64,
    pub post_state: PostState,
    pub post_commands: Vec<PostStep>,
    /// When the decision now waited for came up.
    pub post_at: Option<i64>,
    pub created_at_ms: i64,
}

/// A step of a post-match sequence to store: the row's new state and each team's events.
#[derive(Clone, Debug, PartialEq)]
pub struct PostProgress {
    /// How many answers the caller replayed and the state it read (the write is refused if
    /// the row has moved on).
    pub expected: usize,
    pub expected_state: PostState,
    pub state: PostState,
    pub commands: Vec<PostStep>,
    pub post_at: Option<i64>,
    /// Home, away: `(team, the last seq the caller folded, its new events)`.
    pub appends: [(TeamId, u64, Vec<TeamChange>); 2],
}

/// League matches between league teams and their post-match sequences.
pub trait TeamMatchStore: Send + Sync + 'static {
    /// Record a match between two league teams (its `matches` row exists).
    fn create_team_match<'a>(&'a self, row: &'a TeamMatchRow) -> StoreFuture<'a, ()>;

    /// One league match's row.
    fn team_match<'a>(&'a self, match_id: &'a str) -> StoreFuture<'a, Option<TeamMatchRow>>;

    /// A league's matches between league teams, oldest first.
    fn league_team_matches(&self, league: LeagueId) -> StoreFuture<'_, Vec<TeamMatchRow>>;

    /// Store a step of the post-match sequence and its events for both teams, in one
    /// transaction; `false` (nothing stored) if the row or a team's history moved on since
    /// the caller read them.
    fn post_match_progress<'a>(
        &'a self,
        match_id: &'a str,
        progress: &'a PostProgress,
        now_ms: i64,
    ) -> StoreFuture<'a, bool>;
}
