//! The embedded SQLite store: one file under the data dir, created and migrated on start.
//!
//! SQLite has one writer at a time, so every statement goes through one connection behind
//! a `tokio::sync::Mutex` (held across the statement's `.await`, hence tokio's mutex): they
//! queue in order instead of contending for the file lock. Reads are rare here (a token at
//! hello, a log for audits) and share it. Unlike a pool, the connection has no acquire
//! timeout and no ping on release, so nothing here sleeps on tokio's clock: tests that pause
//! time see only the room's own timers. Postgres, for scale, uses a pool.
//!
//! The SQL is the shared one (`sql.rs`); this file only opens the connection and lends it.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqliteSynchronous};
use sqlx::{ConnectOptions, Sqlite};
use tokio::sync::{Mutex, MutexGuard};

use super::sql::{Backend, db, dialect};
use super::*;

/// The migrations under `migrations/sqlite`, embedded by `build.rs`.
const MIGRATIONS: &[(i64, &str, &str)] =
    include!(concat!(env!("OUT_DIR"), "/sqlite_migrations.rs"));

/// The database file's name inside the data dir.
pub const DB_FILE: &str = "dugout.sqlite3";

dialect!(
    Sqlite,
    // A deferred transaction: in WAL mode its first read fixes the snapshot (the one
    // connection is held meanwhile anyway, so no write of ours comes between).
    begin_snapshot: "BEGIN",
    // `name` is `COLLATE NOCASE`: `=` ignores case and uses the unique index.
    credential: "SELECT id, name, is_bot, password_hash FROM accounts WHERE name = $1",
);

/// The SQLite implementation of [`Store`].
#[derive(Debug)]
pub struct SqliteStore {
    conn: Mutex<SqliteConnection>,
}

impl SqliteStore {
    /// Open (creating if needed) `dugout.sqlite3` in `data_dir` and apply the migrations.
    pub async fn open(data_dir: &Path) -> Result<Self, StoreError> {
        std::fs::create_dir_all(data_dir)
            .map_err(|e| StoreError::Database(format!("create {}: {e}", data_dir.display())))?;
        let options = SqliteConnectOptions::new().filename(data_dir.join(DB_FILE));
        Self::open_with(options).await
    }

    /// Open the database a `sqlite:` URL names (created if missing) and migrate it.
    pub async fn open_url(url: &str) -> Result<Self, StoreError> {
        let options = SqliteConnectOptions::from_str(url).map_err(db)?;
        Self::open_with(options).await
    }

    async fn open_with(options: SqliteConnectOptions) -> Result<Self, StoreError> {
        let mut conn = options
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // FULL: a commit returns only after the WAL is on disk, so what the room then
            // publishes survives a power cut too, not only a crash of this process (NORMAL in
            // WAL mode would risk the last commits). It costs an fsync per command, which
            // the whole-game tests barely notice.
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5))
            .connect()
            .await
            .map_err(db)?;
        migrator(MIGRATIONS)
            .run(&mut conn)
            .await
            .map_err(|e| StoreError::Database(e.to_string()))?;
        Ok(SqliteStore {
            conn: Mutex::new(conn),
        })
    }
}

impl Backend for SqliteStore {
    type Db = Sqlite;
    type Conn<'a> = MutexGuard<'a, SqliteConnection>;

    /// The one connection: operations take turns.
    async fn conn(&self) -> Result<Self::Conn<'_>, StoreError> {
        Ok(self.conn.lock().await)
    }
}
