//! Persistence: accounts, sessions, the match log and leagues behind one [`Store`] trait
//! (made of [`AccountStore`], [`MatchStore`] and [`LeagueStore`]).
//!
//! [`SqliteStore`] is the zero-setup default (a file under the data dir); [`PostgresStore`]
//! is the production store (`--database-url postgres://...`). Both pass the same contract
//! tests (`server/tests/store.rs`) and run the same SQL (`sql.rs`): only opening, migrating
//! and Postgres's group commit are per dialect. The traits speak the protocol's types and
//! store them as their serde JSON, so both dialects share one encoding.
//!
//! The traits return boxed futures rather than using `async fn` so that they stay
//! object-safe: the server holds an `Arc<dyn Store>` chosen at start-up ([`open`]).
//!
//! The event log, keyed by `(match_id, seq)`, is the source of truth: every method is one
//! transaction and returns only once it is committed, and the room publishes nothing before
//! that (see `room`).

pub mod leases;
mod postgres;
mod schedule;
mod sql;
mod sqlite;
pub mod teams;
mod tournaments;

pub use postgres::PostgresStore;
pub use schedule::{Fixture, Link, NewFixture, ScheduleStore, Season};
pub use sqlite::{DB_FILE as SQLITE_FILE, SqliteStore};
pub use teams::{
    LeagueTeamRow, PostProgress, PostState, PostStep, StoredTeamEvent, TeamAppend, TeamChange,
    TeamId, TeamMatchRow, TeamMatchSetup, TeamMatchStore, TeamStore,
};
pub use tournaments::{
    ChallengeRow, NewChallenge, TournamentChange, TournamentRow, TournamentStore, TrophyRow,
};

use std::borrow::Cow;
use std::future::Future;
use std::path::Path;
use std::pin::Pin;
use std::sync::Arc;

use sqlx::SqlSafeStr;
use sqlx::migrate::{Migration, MigrationType, Migrator};

use dugout_protocol::{MatchResult, RoomEvent, RoomSpec, RoomStatus};
use dugout_rules::core::Side;
use dugout_rules::{AnyCommand, GameKind};

/// A boxed, sendable future: what every store method returns.
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// An account's row id.
pub type AccountId = i64;

/// Why a store operation failed.
#[derive(Debug)]
pub enum StoreError {
    /// `create_account` with a name that exists (names compare case-insensitively).
    NameTaken,
    /// The database refused or is unreachable.
    Database(String),
    /// A stored value does not decode (a JSON column, a seed).
    Corrupt(String),
    /// Several nodes (issue 14): this node does not hold the room's lease (any more), so the
    /// write was refused ([`leases`]).
    Fenced(String),
    /// Several nodes: this node cannot start beside the others (see [`leases::Leases::register`]).
    NodeConflict(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::NameTaken => write!(f, "the name is taken"),
            StoreError::Database(e) => write!(f, "database error: {e}"),
            StoreError::Corrupt(e) => write!(f, "corrupt stored value: {e}"),
            StoreError::Fenced(e) => write!(f, "refused: this node lost the room ({e})"),
            StoreError::NodeConflict(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for StoreError {}

/// An account as the server uses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    pub id: AccountId,
    pub name: String,
    pub bot: bool,
}

/// An account with its password hash, for login.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Credential {
    pub account: Account,
    /// argon2 PHC string; `None` for bots.
    pub password_hash: Option<String>,
}

/// What kind of token a session row holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// A login session; expires.
    Session,
    /// A bot's API token; does not expire.
    Bot,
}

impl TokenKind {
    pub fn as_str(self) -> &'static str {
        match self {
            TokenKind::Session => "session",
            TokenKind::Bot => "bot",
        }
    }
}

/// Who made a stored command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandSource {
    /// The coach in this seat sent it.
    Coach,
    /// The turn timer made it for the coach.
    Timer,
}

/// One applied command and the events it produced: seq in `(seq_before, seq_after]`.
#[derive(Clone, Debug, PartialEq)]
pub struct CommandRecord {
    pub coach: Side,
    pub source: CommandSource,
    pub account: Option<AccountId>,
    pub client_id: Option<u64>,
    pub command: AnyCommand,
    pub seq_before: u64,
    pub seq_after: u64,
}

/// One entry of the event log, unprojected.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredEvent {
    pub seq: u64,
    pub event: RoomEvent,
}

/// Everything stored about a match.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchLog {
    pub id: String,
    pub spec: RoomSpec,
    pub status: RoomStatus,
    pub seats: [Option<AccountId>; 2],
    /// The version of the rules that made the match: its log replays through that engine.
    pub rules_version: u32,
    /// The server's secret seed (the `dice_seed` column), whose SHA-256 the room published
    /// in `match_started`. The ChaCha20 dice seed is derived from it and the coaches'
    /// entropy: [`MatchLog::dice_seed`]. **Secret until the match ends** (it predicts every
    /// roll): never show it for a match whose log has no `match_ended`.
    pub server_seed: Option<[u8; 32]>,
    pub result: Option<MatchResult>,
    pub commands: Vec<CommandRecord>,
    pub events: Vec<StoredEvent>,
    /// An open room's seed and seats, kept so a restart brings the room back as it was
    /// (`None` for a match stored before, or a room that never saved them).
    pub open_room: Option<OpenRoom>,
}

/// An open room as a restart needs it (the `open_room` column): the server seed it committed
/// to when it was made (secret like `dice_seed`: the commitment must survive a restart, and
/// a new seed drawn after the coaches' entropy is known would let the server grind), and
/// who sits where.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct OpenRoom {
    /// Hex.
    pub server_seed: Option<String>,
    pub seats: [Option<OpenSeat>; 2],
}

/// A coach seated in an open room.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct OpenSeat {
    pub account: AccountId,
    /// The entropy they sent with `join_room` (hex).
    pub entropy: Option<String>,
    pub ready: bool,
}

impl MatchLog {
    /// The match's ChaCha20 dice seed: with the commands it replays the match exactly.
    /// Derived from [`MatchLog::server_seed`] and the entropy in `match_started`
    /// ([`crate::fair::match_dice_seed`]); `None` before the match started.
    pub fn dice_seed(&self) -> Result<Option<[u8; 32]>, StoreError> {
        crate::fair::match_dice_seed(self)
    }
}

/// A match as the archive lists it: the `matches` row with its coaches' names, no log.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchHeader {
    pub id: String,
    pub spec: RoomSpec,
    pub status: RoomStatus,
    pub seats: [Option<AccountId>; 2],
    /// The coaches' account names, home then away.
    pub coaches: [Option<String>; 2],
    /// The version of the rules that made the match.
    pub rules_version: u32,
    pub result: Option<MatchResult>,
    /// Unix milliseconds.
    pub created_at_ms: i64,
    pub started_at_ms: Option<i64>,
    pub finished_at_ms: Option<i64>,
    /// The league the match counts for.
    pub league: Option<LeagueId>,
}

/// A league's row id.
pub type LeagueId = i64;

pub use dugout_protocol::PointsScheme;

/// A league as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct League {
    pub id: LeagueId,
    pub name: String,
    pub organiser: Account,
    /// The game it plays.
    pub game: GameKind,
    pub points: PointsScheme,
    pub created_at_ms: i64,
}

/// A coach registered in a league, with their team (its serde name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeagueCoach {
    pub account: Account,
    pub team: String,
}

/// An invitation to a league, as the invited coach sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitation {
    pub league: League,
    pub team: String,
}

/// One line of a league's audit log: what its organiser did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeagueLogEntry {
    pub league: LeagueId,
    /// Who did it (their account name when read back).
    pub who: String,
    /// What was done: [`LeagueAction::as_str`].
    pub what: String,
    /// What it was done to, in words.
    pub detail: String,
    /// Unix milliseconds.
    pub at_ms: i64,
}

/// An organiser's action a league's log records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeagueAction {
    DetachMatch,
    RemoveCoach,
    DeleteLeague,
    /// Issue 13, part B: seasons, schedules and settings (`league_schedule`).
    SetSettings,
    OpenSeason,
    CloseSeason,
    Schedule,
    Reschedule,
    LinkMatch,
    Forfeit,
    FixResult,
    /// A Blood Bowl league team approved (issue 13).
    ApproveTeam,
    /// An end-of-season tournament (issue 13) drawn, a match of it made, a winner recorded, an
    /// award given (`league_tournaments`).
    StartTournament,
    TournamentMatch,
    TournamentWinner,
    TournamentAward,
    /// A league challenge (issue 13) issued, answered (or not by its deadline).
    Challenge,
    ChallengeAnswer,
}

impl LeagueAction {
    pub fn as_str(self) -> &'static str {
        match self {
            LeagueAction::DetachMatch => "detach_match",
            LeagueAction::RemoveCoach => "remove_coach",
            LeagueAction::DeleteLeague => "delete_league",
            LeagueAction::SetSettings => "set_settings",
            LeagueAction::OpenSeason => "open_season",
            LeagueAction::CloseSeason => "close_season",
            LeagueAction::Schedule => "schedule",
            LeagueAction::Reschedule => "reschedule",
            LeagueAction::LinkMatch => "link_match",
            LeagueAction::Forfeit => "forfeit",
            LeagueAction::FixResult => "fix_result",
            LeagueAction::ApproveTeam => "approve_team",
            LeagueAction::StartTournament => "start_tournament",
            LeagueAction::TournamentMatch => "tournament_match",
            LeagueAction::TournamentWinner => "tournament_winner",
            LeagueAction::TournamentAward => "tournament_award",
            LeagueAction::Challenge => "challenge",
            LeagueAction::ChallengeAnswer => "challenge_answer",
        }
    }
}

/// Who does a logged change, when, and how the log says what it was done to.
#[derive(Clone, Copy, Debug)]
pub struct LogLine<'a> {
    pub who: AccountId,
    pub detail: &'a str,
    pub at_ms: i64,
}

/// What [`LeagueStore::remove_league_coach`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoachRemoval {
    Removed,
    /// The account is not registered in the league.
    NotRegistered,
    /// Matches this coach played are attached to the league (how many): nothing changed.
    HasMatches(u64),
}

/// The persistence a server needs: accounts and sessions, matches and their logs, leagues.
/// Every method is atomic (one transaction; Postgres may commit several rooms' appends in
/// one, see `postgres::group_writer`) and returns only once it is committed.
///
/// Implemented for every type that implements the three parts; a caller holds it as
/// `Arc<dyn Store>` and calls any part's methods on it.
pub trait Store:
    AccountStore
    + MatchStore
    + LeagueStore
    + ScheduleStore
    + TeamStore
    + TeamMatchStore
    + TournamentStore
{
}

impl<T> Store for T where
    T: AccountStore
        + MatchStore
        + LeagueStore
        + ScheduleStore
        + TeamStore
        + TeamMatchStore
        + TournamentStore
        + TournamentStore
{
}

/// Accounts (coaches and their bots) and the tokens that log them in.
pub trait AccountStore: Send + Sync + 'static {
    /// A new account; [`StoreError::NameTaken`] if the name exists.
    fn create_account<'a>(
        &'a self,
        name: &'a str,
        password_hash: Option<&'a str>,
        bot: bool,
        owner: Option<AccountId>,
        now_ms: i64,
    ) -> StoreFuture<'a, Account>;

    /// The account called `name` (case-insensitive), with its password hash.
    fn credential<'a>(&'a self, name: &'a str) -> StoreFuture<'a, Option<Credential>>;

    /// The account called `name` (case-insensitive).
    fn account_named<'a>(&'a self, name: &'a str) -> StoreFuture<'a, Option<Account>> {
        Box::pin(async move { Ok(self.credential(name).await?.map(|c| c.account)) })
    }

    /// The account with this id.
    fn account_by_id(&self, id: AccountId) -> StoreFuture<'_, Option<Account>>;

    /// Remember a token by its hash.
    fn create_token<'a>(
        &'a self,
        token_hash: &'a str,
        account: AccountId,
        kind: TokenKind,
        now_ms: i64,
        expires_at_ms: Option<i64>,
    ) -> StoreFuture<'a, ()>;

    /// The account a token hash belongs to, if the token exists and has not expired.
    fn token_account<'a>(
        &'a self,
        token_hash: &'a str,
        now_ms: i64,
    ) -> StoreFuture<'a, Option<Account>>;

    /// Forget a token; `false` if there was none.
    fn delete_token<'a>(&'a self, token_hash: &'a str) -> StoreFuture<'a, bool>;

    /// The bots `owner` made, by name, with how many tokens each has.
    fn bots_of<'a>(&'a self, owner: AccountId) -> StoreFuture<'a, Vec<OwnedBot>>;

    /// Forget every token of `account`; the hashes of those forgotten.
    fn delete_tokens_of<'a>(&'a self, account: AccountId) -> StoreFuture<'a, Vec<String>>;
}

/// A bot and its tokens, as its owner sees them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnedBot {
    pub account: Account,
    pub created_at_ms: i64,
    pub tokens: i64,
}

/// Matches: their rows (spec, seats, status, result) and their logs (commands and events).
pub trait MatchStore: Send + Sync + 'static {
    /// Room ownership when several nodes share the store (issue 14): Postgres's leases;
    /// `None` for a store that serves one node only (SQLite).
    fn leases(&self) -> Option<leases::Leases> {
        None
    }

    /// A new match row for a room that was just created, played by rules version
    /// `rules_version` (kept with the match: its log replays only through that version).
    fn create_match<'a>(
        &'a self,
        id: &'a str,
        spec: &'a RoomSpec,
        rules_version: u32,
        now_ms: i64,
    ) -> StoreFuture<'a, ()>;

    /// The match starts: who sits where, the server's secret seed (kept in the `dice_seed`
    /// column; see [`MatchLog::server_seed`]), and the first events.
    fn start_match<'a>(
        &'a self,
        id: &'a str,
        seats: [AccountId; 2],
        server_seed: [u8; 32],
        events: &'a [StoredEvent],
        now_ms: i64,
    ) -> StoreFuture<'a, ()>;

    /// Append events (and the command that produced them, if any), atomically.
    /// `n` numbers the command within the match.
    fn append<'a>(
        &'a self,
        id: &'a str,
        command: Option<(u64, &'a CommandRecord)>,
        events: &'a [StoredEvent],
    ) -> StoreFuture<'a, ()>;

    /// Record the result (after the events that led to it were appended).
    fn finish_match<'a>(
        &'a self,
        id: &'a str,
        result: &'a MatchResult,
        now_ms: i64,
    ) -> StoreFuture<'a, ()>;

    /// An open room was closed before its match started.
    fn close_match<'a>(&'a self, id: &'a str) -> StoreFuture<'a, ()>;

    /// Everything stored about a match.
    fn match_log<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<MatchLog>>;

    /// The ids of the matches that are not over (status open or playing), oldest first:
    /// what a server restores when it starts.
    fn unfinished_matches(&self) -> StoreFuture<'_, Vec<String>>;

    /// Every match's header, newest first (by creation time, then id descending).
    fn match_headers(&self) -> StoreFuture<'_, Vec<MatchHeader>>;

    /// Save an open room's seed and seats (nothing happens once the match has started).
    fn save_open_room<'a>(&'a self, id: &'a str, room: &'a OpenRoom) -> StoreFuture<'a, ()>;

    /// One match's header.
    fn match_header<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<MatchHeader>>;
}

/// Leagues: their schemes, registered coaches and attached matches.
pub trait LeagueStore: Send + Sync + 'static {
    /// A new league run by `organiser`.
    fn create_league<'a>(
        &'a self,
        name: &'a str,
        organiser: &'a Account,
        game: GameKind,
        points: PointsScheme,
        now_ms: i64,
    ) -> StoreFuture<'a, League>;

    /// One league.
    fn league(&self, id: LeagueId) -> StoreFuture<'_, Option<League>>;

    /// Every league, newest first (by creation time, then id descending).
    fn leagues(&self) -> StoreFuture<'_, Vec<League>>;

    /// Invite a coach with their team to a league (`accepted_at: None`), or register them
    /// at once (`Some(time)`: the organiser themself); `false` if the coach is registered or
    /// invited already.
    fn add_league_coach<'a>(
        &'a self,
        league: LeagueId,
        account: AccountId,
        team: &'a str,
        accepted_at: Option<i64>,
    ) -> StoreFuture<'a, bool>;

    /// A league's coaches (those who accepted), by account id.
    fn league_coaches(&self, league: LeagueId) -> StoreFuture<'_, Vec<LeagueCoach>>;

    /// A league's invitations not accepted yet, by account id.
    fn league_invitations(&self, league: LeagueId) -> StoreFuture<'_, Vec<LeagueCoach>>;

    /// The invitations `account` has not accepted yet, newest league first.
    fn invitations_for(&self, account: AccountId) -> StoreFuture<'_, Vec<Invitation>>;

    /// `account` accepts its invitation to `league`; `false` if there is none pending.
    fn accept_league_invitation(
        &self,
        league: LeagueId,
        account: AccountId,
        now_ms: i64,
    ) -> StoreFuture<'_, bool>;

    /// Attach a match to a league (or detach it: `None`); `false` if there is no such match.
    fn set_match_league<'a>(
        &'a self,
        id: &'a str,
        league: Option<LeagueId>,
    ) -> StoreFuture<'a, bool>;

    /// The headers of a league's matches, newest first.
    fn league_matches(&self, league: LeagueId) -> StoreFuture<'_, Vec<MatchHeader>>;

    /// Detach match `id` from `league` and log it, in one transaction; `false` (nothing
    /// changed, nothing logged) if the match is not attached to that league.
    fn detach_league_match<'a>(
        &'a self,
        league: LeagueId,
        id: &'a str,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, bool>;

    /// Unregister a coach and log it, in one transaction; refused (nothing changes) while
    /// matches the coach played are attached to the league.
    fn remove_league_coach<'a>(
        &'a self,
        league: LeagueId,
        account: AccountId,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, CoachRemoval>;

    /// Delete a league in one transaction: its matches are detached (they stay in the
    /// archive), its coaches unregistered, the league removed, and the deletion logged (the
    /// log outlives the league). `false` if there is no such league.
    fn delete_league<'a>(&'a self, league: LeagueId, log: LogLine<'a>) -> StoreFuture<'a, bool>;

    /// A league's audit log, newest first.
    fn league_log(&self, league: LeagueId) -> StoreFuture<'_, Vec<LeagueLogEntry>>;
}

/// Open the store a database URL names: `sqlite:...` or `postgres://...`
/// (`postgresql://` too); `None`: the SQLite file in `data_dir`. Either is created or
/// migrated as needed (a Postgres database must exist; its tables are made).
pub async fn open(url: Option<&str>, data_dir: &Path) -> Result<Arc<dyn Store>, StoreError> {
    Ok(match url {
        None => Arc::new(SqliteStore::open(data_dir).await?),
        Some(url) if url.starts_with("sqlite:") => Arc::new(SqliteStore::open_url(url).await?),
        Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
            Arc::new(PostgresStore::connect(url).await?)
        }
        Some(url) => {
            return Err(StoreError::Database(format!(
                "unsupported database URL {:?}: use sqlite:... or postgres://...",
                redact(url)
            )));
        }
    })
}

/// A URL with any password replaced by `***`, for messages and logs.
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    match authority.rsplit_once('@') {
        Some((userinfo, host)) => match userinfo.split_once(':') {
            Some((user, _password)) => format!("{scheme}://{user}:***@{host}{path}"),
            None => url.to_owned(),
        },
        None => url.to_owned(),
    }
}

/// A migrator over migrations embedded by `build.rs`: `(version, description, sql)`.
fn migrator(migrations: &'static [(i64, &'static str, &'static str)]) -> Migrator {
    Migrator::with_migrations(
        migrations
            .iter()
            .map(|(version, description, sql)| {
                Migration::new(
                    *version,
                    Cow::Borrowed(*description),
                    MigrationType::Simple,
                    sql.into_sql_str(),
                    false,
                )
            })
            .collect(),
    )
}

/// Sequence numbers and client ids are `u64` on the wire and 64-bit signed integers in both
/// databases. Sequence numbers never come near 2^63; client ids are stored bit for bit.
fn seq_i64(seq: u64) -> i64 {
    i64::try_from(seq).unwrap_or(i64::MAX)
}

fn seq_u64(seq: i64) -> Result<u64, StoreError> {
    u64::try_from(seq).map_err(|_| StoreError::Corrupt(format!("seq {seq}")))
}

/// The `game` column: the game's serde name (`"blitz"`).
fn game_str(spec: &RoomSpec) -> Result<String, StoreError> {
    Ok(spec.setup.kind().name().to_owned())
}

/// Milliseconds since the Unix epoch, for the rows' timestamps (wall clock, never used
/// for timers: those run on tokio's clock).
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

fn side_str(side: Side) -> &'static str {
    match side {
        Side::Home => "home",
        Side::Away => "away",
    }
}

fn parse_side(s: &str) -> Result<Side, StoreError> {
    match s {
        "home" => Ok(Side::Home),
        "away" => Ok(Side::Away),
        other => Err(StoreError::Corrupt(format!("side {other:?}"))),
    }
}

fn status_str(status: RoomStatus) -> &'static str {
    match status {
        RoomStatus::Open => "open",
        RoomStatus::Playing => "playing",
        RoomStatus::Finished => "finished",
        RoomStatus::Closed => "closed",
    }
}

fn parse_status(s: &str) -> Result<RoomStatus, StoreError> {
    match s {
        "open" => Ok(RoomStatus::Open),
        "playing" => Ok(RoomStatus::Playing),
        "finished" => Ok(RoomStatus::Finished),
        "closed" => Ok(RoomStatus::Closed),
        other => Err(StoreError::Corrupt(format!("status {other:?}"))),
    }
}

/// Lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(char::from(DIGITS[usize::from(b >> 4)]));
        s.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    s
}

pub(crate) fn unhex_seed(s: &str) -> Result<[u8; 32], StoreError> {
    let bad = || StoreError::Corrupt(format!("dice seed {s:?}"));
    let bytes = s.as_bytes();
    if bytes.len() != 64 {
        return Err(bad());
    }
    let mut seed = [0u8; 32];
    for (i, pair) in bytes.chunks(2).enumerate() {
        let text = std::str::from_utf8(pair).map_err(|_| bad())?;
        seed[i] = u8::from_str_radix(text, 16).map_err(|_| bad())?;
    }
    Ok(seed)
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|e| StoreError::Corrupt(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_in_a_database_url_is_never_shown() {
        assert_eq!(
            redact("postgres://dugout:s3cret@db:5432/dugout"),
            "postgres://dugout:***@db:5432/dugout"
        );
        assert_eq!(
            redact("postgres://postgres@127.0.0.1/x"),
            "postgres://postgres@127.0.0.1/x"
        );
        assert_eq!(redact("sqlite://data/x.db"), "sqlite://data/x.db");
    }

    #[test]
    fn a_seed_survives_hex() {
        let seed: [u8; 32] = std::array::from_fn(|i| (i * 37 % 256) as u8);
        assert_eq!(unhex_seed(&hex(&seed)).ok(), Some(seed));
        assert!(unhex_seed("zz").is_err());
    }
}
