//! The embedded SQLite store: one file under the data dir, created and migrated on start.
//!
//! SQLite has one writer at a time, so every statement goes through one connection behind
//! a `tokio::sync::Mutex` (held across the statement's `.await`, hence tokio's mutex): they
//! queue in order instead of contending for the file lock. Reads are rare here (a token at
//! hello, a log for audits) and share it. Unlike a pool, the connection has no acquire
//! timeout and no ping on release, so nothing here sleeps on tokio's clock: tests that pause
//! time see only the room's own timers. Postgres, for scale, uses a pool.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use dugout_protocol::{MatchResult, RoomSpec, RoomStatus};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqliteRow, SqliteSynchronous,
};
use sqlx::{ConnectOptions, Connection, FromRow, Row};
use tokio::sync::Mutex;

use super::*;

/// The migrations under `migrations/sqlite`, embedded by `build.rs`.
const MIGRATIONS: &[(i64, &str, &str)] =
    include!(concat!(env!("OUT_DIR"), "/sqlite_migrations.rs"));

/// The database file's name inside the data dir.
pub const DB_FILE: &str = "dugout.sqlite3";

/// The SQLite implementation of [`Store`].
#[derive(Debug)]
pub struct SqliteStore {
    conn: Mutex<SqliteConnection>,
}

fn db(e: sqlx::Error) -> StoreError {
    StoreError::Database(e.to_string())
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

struct AccountRow(Account);

impl<'r> FromRow<'r, SqliteRow> for AccountRow {
    fn from_row(row: &'r SqliteRow) -> Result<Self, sqlx::Error> {
        Ok(AccountRow(Account {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            bot: row.try_get("is_bot")?,
        }))
    }
}

struct CredentialRow(Credential);

impl<'r> FromRow<'r, SqliteRow> for CredentialRow {
    fn from_row(row: &'r SqliteRow) -> Result<Self, sqlx::Error> {
        let AccountRow(account) = AccountRow::from_row(row)?;
        Ok(CredentialRow(Credential {
            account,
            password_hash: row.try_get("password_hash")?,
        }))
    }
}

impl<'r> FromRow<'r, SqliteRow> for MatchRow {
    fn from_row(row: &'r SqliteRow) -> Result<Self, sqlx::Error> {
        Ok(MatchRow {
            id: row.try_get("id")?,
            spec: row.try_get("spec")?,
            status: row.try_get("status")?,
            home: row.try_get("home_account")?,
            away: row.try_get("away_account")?,
            seed: row.try_get("dice_seed")?,
            result: row.try_get("result")?,
        })
    }
}

impl<'r> FromRow<'r, SqliteRow> for HeaderRow {
    fn from_row(row: &'r SqliteRow) -> Result<Self, sqlx::Error> {
        Ok(HeaderRow {
            id: row.try_get("id")?,
            spec: row.try_get("spec")?,
            status: row.try_get("status")?,
            home: row.try_get("home_account")?,
            away: row.try_get("away_account")?,
            home_name: row.try_get("home_name")?,
            away_name: row.try_get("away_name")?,
            result: row.try_get("result")?,
            created_at: row.try_get("created_at")?,
            started_at: row.try_get("started_at")?,
            finished_at: row.try_get("finished_at")?,
            league: row.try_get("league_id")?,
        })
    }
}

/// The header columns, joined with the coaches' names.
macro_rules! header_select {
    () => {
        "SELECT m.id, m.spec AS spec, m.status, m.home_account, m.away_account, \
     h.name AS home_name, a.name AS away_name, m.result AS result, m.created_at, \
     m.started_at, m.finished_at, m.league_id FROM matches m \
     LEFT JOIN accounts h ON h.id = m.home_account \
     LEFT JOIN accounts a ON a.id = m.away_account"
    };
}

impl<'r> FromRow<'r, SqliteRow> for LeagueRow {
    fn from_row(row: &'r SqliteRow) -> Result<Self, sqlx::Error> {
        Ok(LeagueRow {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            organiser_id: row.try_get("organiser_id")?,
            organiser_name: row.try_get("organiser_name")?,
            organiser_bot: row.try_get("organiser_bot")?,
            win: row.try_get("win_points")?,
            draw: row.try_get("draw_points")?,
            loss: row.try_get("loss_points")?,
            created_at: row.try_get("created_at")?,
        })
    }
}

impl<'r> FromRow<'r, SqliteRow> for CommandRow {
    fn from_row(row: &'r SqliteRow) -> Result<Self, sqlx::Error> {
        Ok(CommandRow {
            source: row.try_get("source")?,
            coach: row.try_get("coach")?,
            account: row.try_get("account_id")?,
            client_id: row.try_get("client_id")?,
            command: row.try_get("command")?,
            seq_before: row.try_get("seq_before")?,
            seq_after: row.try_get("seq_after")?,
        })
    }
}

impl<'r> FromRow<'r, SqliteRow> for EventRow {
    fn from_row(row: &'r SqliteRow) -> Result<Self, sqlx::Error> {
        Ok(EventRow {
            seq: row.try_get("seq")?,
            event: row.try_get("event")?,
        })
    }
}

impl SqliteStore {
    async fn insert_events(
        tx: &mut sqlx::SqliteConnection,
        id: &str,
        events: &[StoredEvent],
    ) -> Result<(), StoreError> {
        for e in events {
            let json = to_json(&e.event)?;
            sqlx::query("INSERT INTO match_events (match_id, seq, event) VALUES (?, ?, ?)")
                .bind(id)
                .bind(seq_i64(e.seq))
                .bind(json)
                .execute(&mut *tx)
                .await
                .map_err(db)?;
        }
        Ok(())
    }
}

impl Store for SqliteStore {
    fn create_account<'a>(
        &'a self,
        name: &'a str,
        password_hash: Option<&'a str>,
        bot: bool,
        owner: Option<AccountId>,
        now_ms: i64,
    ) -> StoreFuture<'a, Account> {
        Box::pin(async move {
            let row: Result<AccountRow, sqlx::Error> = sqlx::query_as(
                "INSERT INTO accounts (name, password_hash, is_bot, owner_id, created_at) \
                 VALUES (?, ?, ?, ?, ?) RETURNING id, name, is_bot",
            )
            .bind(name)
            .bind(password_hash)
            .bind(bot)
            .bind(owner)
            .bind(now_ms)
            .fetch_one(&mut *self.conn.lock().await)
            .await;
            match row {
                Ok(AccountRow(account)) => Ok(account),
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                    Err(StoreError::NameTaken)
                }
                Err(e) => Err(db(e)),
            }
        })
    }

    fn credential<'a>(&'a self, name: &'a str) -> StoreFuture<'a, Option<Credential>> {
        Box::pin(async move {
            let row: Option<CredentialRow> = sqlx::query_as(
                "SELECT id, name, is_bot, password_hash FROM accounts WHERE name = ?",
            )
            .bind(name)
            .fetch_optional(&mut *self.conn.lock().await)
            .await
            .map_err(db)?;
            Ok(row.map(|CredentialRow(c)| c))
        })
    }

    fn create_token<'a>(
        &'a self,
        token_hash: &'a str,
        account: AccountId,
        kind: TokenKind,
        now_ms: i64,
        expires_at_ms: Option<i64>,
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            sqlx::query(
                "INSERT INTO sessions (token_hash, account_id, kind, created_at, expires_at) \
                 VALUES (?, ?, ?, ?, ?)",
            )
            .bind(token_hash)
            .bind(account)
            .bind(kind.as_str())
            .bind(now_ms)
            .bind(expires_at_ms)
            .execute(&mut *self.conn.lock().await)
            .await
            .map_err(db)?;
            Ok(())
        })
    }

    fn token_account<'a>(
        &'a self,
        token_hash: &'a str,
        now_ms: i64,
    ) -> StoreFuture<'a, Option<Account>> {
        Box::pin(async move {
            let row: Option<AccountRow> = sqlx::query_as(
                "SELECT a.id, a.name, a.is_bot FROM sessions s \
                 JOIN accounts a ON a.id = s.account_id \
                 WHERE s.token_hash = ? AND (s.expires_at IS NULL OR s.expires_at > ?)",
            )
            .bind(token_hash)
            .bind(now_ms)
            .fetch_optional(&mut *self.conn.lock().await)
            .await
            .map_err(db)?;
            Ok(row.map(|AccountRow(a)| a))
        })
    }

    fn delete_token<'a>(&'a self, token_hash: &'a str) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let done = sqlx::query("DELETE FROM sessions WHERE token_hash = ?")
                .bind(token_hash)
                .execute(&mut *self.conn.lock().await)
                .await
                .map_err(db)?;
            Ok(done.rows_affected() > 0)
        })
    }

    fn create_match<'a>(
        &'a self,
        id: &'a str,
        spec: &'a RoomSpec,
        now_ms: i64,
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let spec_json = to_json(spec)?;
            let game = game_str(spec)?;
            sqlx::query(
                "INSERT INTO matches (id, game, spec, status, created_at) VALUES (?, ?, ?, ?, ?)",
            )
            .bind(id)
            .bind(game)
            .bind(spec_json)
            .bind(status_str(RoomStatus::Open))
            .bind(now_ms)
            .execute(&mut *self.conn.lock().await)
            .await
            .map_err(db)?;
            Ok(())
        })
    }

    fn start_match<'a>(
        &'a self,
        id: &'a str,
        seats: [AccountId; 2],
        server_seed: [u8; 32],
        events: &'a [StoredEvent],
        now_ms: i64,
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let mut conn = self.conn.lock().await;
            let mut tx = conn.begin().await.map_err(db)?;
            // The `dice_seed` column holds the server's secret seed: the dice seed is
            // derived from it and the entropy in `match_started` (`crate::fair`). In
            // matches stored before the commitment it is the dice seed itself.
            sqlx::query(
                "UPDATE matches SET status = ?, home_account = ?, away_account = ?, \
                 dice_seed = ?, started_at = ? WHERE id = ?",
            )
            .bind(status_str(RoomStatus::Playing))
            .bind(seats[0])
            .bind(seats[1])
            .bind(hex(&server_seed))
            .bind(now_ms)
            .bind(id)
            .execute(&mut *tx)
            .await
            .map_err(db)?;
            Self::insert_events(&mut tx, id, events).await?;
            tx.commit().await.map_err(db)
        })
    }

    fn append<'a>(
        &'a self,
        id: &'a str,
        command: Option<(u64, &'a CommandRecord)>,
        events: &'a [StoredEvent],
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let mut conn = self.conn.lock().await;
            let mut tx = conn.begin().await.map_err(db)?;
            if let Some((n, c)) = command {
                let source = source_str(c);
                sqlx::query(
                    "INSERT INTO match_commands (match_id, n, source, coach, account_id, \
                     client_id, command, seq_before, seq_after) \
                     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                )
                .bind(id)
                .bind(seq_i64(n))
                .bind(source)
                .bind(side_str(c.coach))
                .bind(c.account)
                // Bit for bit: a u64 id above i64::MAX is stored negative.
                .bind(c.client_id.map(|v| v as i64))
                .bind(to_json(&c.command)?)
                .bind(seq_i64(c.seq_before))
                .bind(seq_i64(c.seq_after))
                .execute(&mut *tx)
                .await
                .map_err(db)?;
            }
            Self::insert_events(&mut tx, id, events).await?;
            tx.commit().await.map_err(db)
        })
    }

    fn finish_match<'a>(
        &'a self,
        id: &'a str,
        result: &'a MatchResult,
        now_ms: i64,
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            sqlx::query("UPDATE matches SET status = ?, result = ?, finished_at = ? WHERE id = ?")
                .bind(status_str(RoomStatus::Finished))
                .bind(to_json(result)?)
                .bind(now_ms)
                .bind(id)
                .execute(&mut *self.conn.lock().await)
                .await
                .map_err(db)?;
            Ok(())
        })
    }

    fn close_match<'a>(&'a self, id: &'a str) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            sqlx::query("UPDATE matches SET status = ? WHERE id = ? AND status = ?")
                .bind(status_str(RoomStatus::Closed))
                .bind(id)
                .bind(status_str(RoomStatus::Open))
                .execute(&mut *self.conn.lock().await)
                .await
                .map_err(db)?;
            Ok(())
        })
    }

    fn match_log<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<MatchLog>> {
        Box::pin(async move {
            // One lock for the three reads: a consistent picture of the match.
            let mut conn = self.conn.lock().await;
            let row: Option<MatchRow> = sqlx::query_as(
                "SELECT id, spec, status, home_account, away_account, dice_seed, result \
                 FROM matches WHERE id = ?",
            )
            .bind(id)
            .fetch_optional(&mut *conn)
            .await
            .map_err(db)?;
            let Some(m) = row else {
                return Ok(None);
            };
            let commands: Vec<CommandRow> = sqlx::query_as(
                "SELECT source, coach, account_id, client_id, command, seq_before, seq_after \
                 FROM match_commands WHERE match_id = ? ORDER BY n",
            )
            .bind(id)
            .fetch_all(&mut *conn)
            .await
            .map_err(db)?;
            let events: Vec<EventRow> = sqlx::query_as(
                "SELECT seq, event FROM match_events WHERE match_id = ? ORDER BY seq",
            )
            .bind(id)
            .fetch_all(&mut *conn)
            .await
            .map_err(db)?;
            m.decode(commands, events).map(Some)
        })
    }

    fn unfinished_matches(&self) -> StoreFuture<'_, Vec<String>> {
        Box::pin(async move {
            sqlx::query_scalar(
                "SELECT id FROM matches WHERE status IN (?, ?) ORDER BY created_at, id",
            )
            .bind(status_str(RoomStatus::Open))
            .bind(status_str(RoomStatus::Playing))
            .fetch_all(&mut *self.conn.lock().await)
            .await
            .map_err(db)
        })
    }

    fn match_headers(&self) -> StoreFuture<'_, Vec<MatchHeader>> {
        Box::pin(async move {
            let rows: Vec<HeaderRow> = sqlx::query_as(concat!(
                header_select!(),
                " ORDER BY m.created_at DESC, m.id DESC"
            ))
            .fetch_all(&mut *self.conn.lock().await)
            .await
            .map_err(db)?;
            rows.into_iter().map(HeaderRow::decode).collect()
        })
    }

    fn match_header<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<MatchHeader>> {
        Box::pin(async move {
            let row: Option<HeaderRow> =
                sqlx::query_as(concat!(header_select!(), " WHERE m.id = ?"))
                    .bind(id)
                    .fetch_optional(&mut *self.conn.lock().await)
                    .await
                    .map_err(db)?;
            row.map(HeaderRow::decode).transpose()
        })
    }

    fn create_league<'a>(
        &'a self,
        name: &'a str,
        organiser: &'a Account,
        points: PointsScheme,
        now_ms: i64,
    ) -> StoreFuture<'a, League> {
        Box::pin(async move {
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO leagues (name, organiser_id, win_points, draw_points, loss_points, \
                 created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            )
            .bind(name)
            .bind(organiser.id)
            .bind(points.win)
            .bind(points.draw)
            .bind(points.loss)
            .bind(now_ms)
            .fetch_one(&mut *self.conn.lock().await)
            .await
            .map_err(db)?;
            Ok(League {
                id,
                name: name.to_owned(),
                organiser: organiser.clone(),
                points,
                created_at_ms: now_ms,
            })
        })
    }

    fn league(&self, id: LeagueId) -> StoreFuture<'_, Option<League>> {
        Box::pin(async move {
            let row: Option<LeagueRow> = sqlx::query_as(
                "SELECT l.id, l.name, l.organiser_id, a.name AS organiser_name, \
                 a.is_bot AS organiser_bot, l.win_points, l.draw_points, l.loss_points, \
                 l.created_at FROM leagues l JOIN accounts a ON a.id = l.organiser_id \
                 WHERE l.id = ?",
            )
            .bind(id)
            .fetch_optional(&mut *self.conn.lock().await)
            .await
            .map_err(db)?;
            Ok(row.map(LeagueRow::decode))
        })
    }

    fn leagues(&self) -> StoreFuture<'_, Vec<League>> {
        Box::pin(async move {
            let rows: Vec<LeagueRow> = sqlx::query_as(
                "SELECT l.id, l.name, l.organiser_id, a.name AS organiser_name, \
                 a.is_bot AS organiser_bot, l.win_points, l.draw_points, l.loss_points, \
                 l.created_at FROM leagues l JOIN accounts a ON a.id = l.organiser_id \
                 ORDER BY l.created_at DESC, l.id DESC",
            )
            .fetch_all(&mut *self.conn.lock().await)
            .await
            .map_err(db)?;
            Ok(rows.into_iter().map(LeagueRow::decode).collect())
        })
    }

    fn add_league_coach<'a>(
        &'a self,
        league: LeagueId,
        account: AccountId,
        team: &'a str,
    ) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let done = sqlx::query(
                "INSERT INTO league_coaches (league_id, account_id, team) \
                 VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            )
            .bind(league)
            .bind(account)
            .bind(team)
            .execute(&mut *self.conn.lock().await)
            .await
            .map_err(db)?;
            Ok(done.rows_affected() > 0)
        })
    }

    fn league_coaches(&self, league: LeagueId) -> StoreFuture<'_, Vec<LeagueCoach>> {
        Box::pin(async move {
            let rows: Vec<(i64, String, bool, String)> = sqlx::query_as(
                "SELECT a.id, a.name, a.is_bot, c.team FROM league_coaches c \
                 JOIN accounts a ON a.id = c.account_id WHERE c.league_id = ? ORDER BY a.id",
            )
            .bind(league)
            .fetch_all(&mut *self.conn.lock().await)
            .await
            .map_err(db)?;
            Ok(rows
                .into_iter()
                .map(|(id, name, bot, team)| LeagueCoach {
                    account: Account { id, name, bot },
                    team,
                })
                .collect())
        })
    }

    fn set_match_league<'a>(
        &'a self,
        id: &'a str,
        league: Option<LeagueId>,
    ) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let done = sqlx::query("UPDATE matches SET league_id = ? WHERE id = ?")
                .bind(league)
                .bind(id)
                .execute(&mut *self.conn.lock().await)
                .await
                .map_err(db)?;
            Ok(done.rows_affected() > 0)
        })
    }

    fn league_matches(&self, league: LeagueId) -> StoreFuture<'_, Vec<MatchHeader>> {
        Box::pin(async move {
            let rows: Vec<HeaderRow> = sqlx::query_as(concat!(
                header_select!(),
                " WHERE m.league_id = ? ORDER BY m.created_at DESC, m.id DESC"
            ))
            .bind(league)
            .fetch_all(&mut *self.conn.lock().await)
            .await
            .map_err(db)?;
            rows.into_iter().map(HeaderRow::decode).collect()
        })
    }
}
