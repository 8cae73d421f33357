//! Persistence: accounts, sessions and the match log behind one [`Store`] trait.
//!
//! [`SqliteStore`] is the zero-setup default (a file under the data dir); a Postgres store
//! comes next and must pass the same contract tests. The trait speaks the protocol's types
//! and stores them as their serde JSON, so both dialects share one encoding.
//!
//! The trait returns boxed futures rather than using `async fn` so that it stays
//! object-safe: the server holds an `Arc<dyn Store>` chosen at start-up.

mod sqlite;

pub use sqlite::SqliteStore;

use std::future::Future;
use std::pin::Pin;

use dugout_protocol::{MatchResult, RoomEvent, RoomSpec, RoomStatus};
use dugout_rules::blitz::Command;
use dugout_rules::core::Side;

/// A boxed, sendable future: what every [`Store`] method returns.
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
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::NameTaken => write!(f, "the name is taken"),
            StoreError::Database(e) => write!(f, "database error: {e}"),
            StoreError::Corrupt(e) => write!(f, "corrupt stored value: {e}"),
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
    pub command: Command,
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
    /// The server's secret seed (the `dice_seed` column), whose SHA-256 the room published
    /// in `match_started`. The ChaCha20 dice seed is derived from it and the coaches'
    /// entropy: [`MatchLog::dice_seed`]. **Secret until the match ends** (it predicts every
    /// roll): never show it for a match whose log has no `match_ended`.
    pub server_seed: Option<[u8; 32]>,
    pub result: Option<MatchResult>,
    pub commands: Vec<CommandRecord>,
    pub events: Vec<StoredEvent>,
}

impl MatchLog {
    /// The match's ChaCha20 dice seed: with the commands it replays the match exactly.
    /// Derived from [`MatchLog::server_seed`] and the entropy in `match_started`
    /// ([`crate::fair::match_dice_seed`]); `None` before the match started.
    pub fn dice_seed(&self) -> Result<Option<[u8; 32]>, StoreError> {
        crate::fair::match_dice_seed(self)
    }
}

/// The persistence a server needs. Every method is one transaction.
pub trait Store: Send + Sync + 'static {
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

    /// A new match row for a room that was just created.
    fn create_match<'a>(
        &'a self,
        id: &'a str,
        spec: &'a RoomSpec,
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

    /// Append events (and the command that produced them, if any) in one transaction.
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

fn unhex_seed(s: &str) -> Result<[u8; 32], StoreError> {
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

fn from_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_survives_hex() {
        let seed: [u8; 32] = std::array::from_fn(|i| (i * 37 % 256) as u8);
        assert_eq!(unhex_seed(&hex(&seed)).ok(), Some(seed));
        assert!(unhex_seed("zz").is_err());
    }
}
