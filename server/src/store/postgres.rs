//! The Postgres store: the production backend, chosen with `--database-url postgres://...`.
//!
//! Concurrency: a connection pool (sqlx's `PgPool`), and **group commit** for appends. Each
//! room task awaits its own appends one at a time (so one match's log is written in order),
//! and the appends of all rooms go to a few writer tasks ([`group_writer`]) that commit
//! whatever is queued in one statement: many rooms share one commit and one WAL flush. Every
//! method is atomic and returns only after its `COMMIT` has returned, so what a room
//! publishes afterwards is durable (Postgres's default `synchronous_commit = on` has flushed
//! the WAL).
//!
//! The pool has timers of its own (an acquire timeout, idle and lifetime reaping), all on
//! tokio's clock: tests that pause tokio's time keep running on SQLite, whose store has none
//! (see `sqlite.rs` and docs/server.md).
//!
//! The schema is `migrations/postgres/`, embedded by `build.rs` and applied on start by sqlx's
//! migrator, which holds a Postgres advisory lock meanwhile: two servers starting on one
//! database at once do not both apply a migration.

use std::str::FromStr;
use std::time::Duration;

use dugout_protocol::{MatchResult, RoomSpec, RoomStatus};
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions, PgRow};
use sqlx::{ConnectOptions, Connection, FromRow, Row};
use tokio::sync::{mpsc, oneshot};

use super::*;

/// The migrations under `migrations/postgres`, embedded by `build.rs`.
const MIGRATIONS: &[(i64, &str, &str)] =
    include!(concat!(env!("OUT_DIR"), "/postgres_migrations.rs"));

/// Connections the pool opens at most. Each is a Postgres backend process; a room holds one
/// only for the length of one transaction (a few milliseconds), so a handful serves many
/// rooms: requests beyond it wait their turn in the pool's queue.
pub const POOL_SIZE: u32 = 16;

/// How long a statement waits for a free connection before it fails (and the room refuses
/// the command, untouched).
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(10);

/// Appends waiting for a group-commit writer at most; a room beyond it waits to queue.
const APPEND_QUEUE: usize = 4096;

/// Appends one group commit takes at most.
const MAX_BATCH: usize = 1024;

/// Group-commit writers: each takes what is queued and commits it on its own connection,
/// so one batch fills while another commits.
const WRITERS: usize = 3;

/// The Postgres implementation of [`Store`].
#[derive(Debug, Clone)]
pub struct PostgresStore {
    pool: PgPool,
    /// The group-commit writers' queue (see [`group_writer`]).
    appends: mpsc::Sender<AppendJob>,
}

/// A command row, encoded.
#[derive(Debug)]
struct NewCommandRow {
    n: i64,
    source: &'static str,
    coach: &'static str,
    account: Option<i64>,
    client_id: Option<i64>,
    command: String,
    seq_before: i64,
    seq_after: i64,
}

/// One room's append, queued for a group commit.
#[derive(Debug)]
struct AppendJob {
    match_id: String,
    command: Option<NewCommandRow>,
    /// `(seq, event JSON)`.
    events: Vec<(i64, String)>,
    reply: oneshot::Sender<Result<(), StoreError>>,
}

/// A group-commit writer: it takes every append queued (up to [`MAX_BATCH`]), writes them
/// in **one transaction** (one multi-row insert per table), and answers each only after the
/// `COMMIT` returned. Every room awaits its own append, so a room has at most one in a
/// batch and its log is still written in order; many rooms share one commit (one WAL flush)
/// instead of one each. If a batch fails, each of its appends is tried again alone, so one
/// bad append (a seq conflict) fails only its own room.
async fn group_writer(pool: PgPool, queue: Arc<tokio::sync::Mutex<mpsc::Receiver<AppendJob>>>) {
    loop {
        let mut batch = {
            // Only one writer collects at a time; it lets go before writing, so the other
            // collects the next batch meanwhile.
            let mut rx = queue.lock().await;
            let Some(first) = rx.recv().await else {
                return;
            };
            let mut batch = vec![first];
            while batch.len() < MAX_BATCH {
                match rx.try_recv() {
                    Ok(job) => batch.push(job),
                    Err(_) => break,
                }
            }
            batch
        };
        match write_batch(&pool, &batch).await {
            Ok(()) => {
                for job in batch {
                    let _ = job.reply.send(Ok(()));
                }
            }
            Err(e) if batch.len() == 1 => {
                if let Some(job) = batch.pop() {
                    let _ = job.reply.send(Err(e));
                }
            }
            Err(_) => {
                for job in batch {
                    let r = write_batch(&pool, std::slice::from_ref(&job)).await;
                    let _ = job.reply.send(r);
                }
            }
        }
    }
}

/// Write appends in one transaction: **one statement** (a data-modifying CTE inserts the
/// commands, the outer insert the events), so one round trip and one commit. A statement
/// is atomic: if any row is refused, none is kept.
async fn write_batch(pool: &PgPool, jobs: &[AppendJob]) -> Result<(), StoreError> {
    let commands: Vec<(&str, &NewCommandRow)> = jobs
        .iter()
        .filter_map(|j| j.command.as_ref().map(|c| (j.match_id.as_str(), c)))
        .collect();
    let events: Vec<(&str, i64, &str)> = jobs
        .iter()
        .flat_map(|j| {
            j.events
                .iter()
                .map(|(seq, e)| (j.match_id.as_str(), *seq, e.as_str()))
        })
        .collect();
    sqlx::query(
        "WITH c AS (INSERT INTO match_commands (match_id, n, source, coach, account_id, \
         client_id, command, seq_before, seq_after) \
         SELECT t.match_id, t.n, t.source, t.coach, t.account_id, t.client_id, \
         t.command::jsonb, t.seq_before, t.seq_after \
         FROM UNNEST($1::text[], $2::bigint[], $3::text[], $4::text[], $5::bigint[], \
         $6::bigint[], $7::text[], $8::bigint[], $9::bigint[]) \
         AS t(match_id, n, source, coach, account_id, client_id, command, seq_before, seq_after)) \
         INSERT INTO match_events (match_id, seq, event) \
         SELECT e.match_id, e.seq, e.event::jsonb \
         FROM UNNEST($10::text[], $11::bigint[], $12::text[]) AS e(match_id, seq, event)",
    )
    .bind(commands.iter().map(|(m, _)| *m).collect::<Vec<&str>>())
    .bind(commands.iter().map(|(_, c)| c.n).collect::<Vec<i64>>())
    .bind(
        commands
            .iter()
            .map(|(_, c)| c.source)
            .collect::<Vec<&str>>(),
    )
    .bind(commands.iter().map(|(_, c)| c.coach).collect::<Vec<&str>>())
    .bind(
        commands
            .iter()
            .map(|(_, c)| c.account)
            .collect::<Vec<Option<i64>>>(),
    )
    .bind(
        commands
            .iter()
            .map(|(_, c)| c.client_id)
            .collect::<Vec<Option<i64>>>(),
    )
    .bind(
        commands
            .iter()
            .map(|(_, c)| c.command.as_str())
            .collect::<Vec<&str>>(),
    )
    .bind(
        commands
            .iter()
            .map(|(_, c)| c.seq_before)
            .collect::<Vec<i64>>(),
    )
    .bind(
        commands
            .iter()
            .map(|(_, c)| c.seq_after)
            .collect::<Vec<i64>>(),
    )
    .bind(events.iter().map(|e| e.0).collect::<Vec<&str>>())
    .bind(events.iter().map(|e| e.1).collect::<Vec<i64>>())
    .bind(events.iter().map(|e| e.2).collect::<Vec<&str>>())
    .execute(pool)
    .await
    .map_err(db)?;
    Ok(())
}

fn db(e: sqlx::Error) -> StoreError {
    StoreError::Database(e.to_string())
}

impl PostgresStore {
    /// Connect to the database `url` names (it must exist) and apply the migrations.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        let options = PgConnectOptions::from_str(url)
            .map_err(|e| StoreError::Database(format!("{}: {e}", redact(url))))?
            .application_name("dugout-server");
        Self::connect_with(options).await
    }

    /// Connect with ready-made options and apply the migrations.
    pub async fn connect_with(options: PgConnectOptions) -> Result<Self, StoreError> {
        // One plain connection first: if the server is unreachable or refuses us, that says
        // why (the pool would only report that it timed out waiting for a connection).
        let probe = options.connect().await.map_err(|e| {
            StoreError::Database(format!(
                "cannot connect to Postgres at {}:{}/{}: {e}",
                options.get_host(),
                options.get_port(),
                options.get_database().unwrap_or("")
            ))
        })?;
        let _ = probe.close().await;
        let pool = PgPoolOptions::new()
            .max_connections(POOL_SIZE)
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .connect_with(options)
            .await
            .map_err(db)?;
        migrator(MIGRATIONS)
            .run(&pool)
            .await
            .map_err(|e| StoreError::Database(e.to_string()))?;
        let (appends, queue) = mpsc::channel(APPEND_QUEUE);
        let queue = Arc::new(tokio::sync::Mutex::new(queue));
        for _ in 0..WRITERS {
            tokio::spawn(group_writer(pool.clone(), queue.clone()));
        }
        Ok(PostgresStore { pool, appends })
    }

    /// Close every connection (waits for the ones in use to come back).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    async fn insert_events(
        tx: &mut sqlx::PgConnection,
        id: &str,
        events: &[StoredEvent],
    ) -> Result<(), StoreError> {
        if events.is_empty() {
            return Ok(());
        }
        // One statement for all of a step's events: two arrays, unnested into rows.
        let seqs: Vec<i64> = events.iter().map(|e| seq_i64(e.seq)).collect();
        let jsons = events
            .iter()
            .map(|e| to_json(&e.event))
            .collect::<Result<Vec<String>, _>>()?;
        sqlx::query(
            "INSERT INTO match_events (match_id, seq, event) \
             SELECT $1, t.seq, t.event::jsonb FROM UNNEST($2::bigint[], $3::text[]) AS t(seq, event)",
        )
        .bind(id)
        .bind(seqs)
        .bind(jsons)
        .execute(&mut *tx)
        .await
        .map_err(db)?;
        Ok(())
    }
}

struct AccountRow(Account);

impl<'r> FromRow<'r, PgRow> for AccountRow {
    fn from_row(row: &'r PgRow) -> Result<Self, sqlx::Error> {
        Ok(AccountRow(Account {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            bot: row.try_get("is_bot")?,
        }))
    }
}

struct CredentialRow(Credential);

impl<'r> FromRow<'r, PgRow> for CredentialRow {
    fn from_row(row: &'r PgRow) -> Result<Self, sqlx::Error> {
        let AccountRow(account) = AccountRow::from_row(row)?;
        Ok(CredentialRow(Credential {
            account,
            password_hash: row.try_get("password_hash")?,
        }))
    }
}

impl<'r> FromRow<'r, PgRow> for MatchRow {
    fn from_row(row: &'r PgRow) -> Result<Self, sqlx::Error> {
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

impl<'r> FromRow<'r, PgRow> for HeaderRow {
    fn from_row(row: &'r PgRow) -> Result<Self, sqlx::Error> {
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
        "SELECT m.id, m.spec::text AS spec, m.status, m.home_account, m.away_account, \
     h.name AS home_name, a.name AS away_name, m.result::text AS result, m.created_at, \
     m.started_at, m.finished_at, m.league_id FROM matches m \
     LEFT JOIN accounts h ON h.id = m.home_account \
     LEFT JOIN accounts a ON a.id = m.away_account"
    };
}

impl<'r> FromRow<'r, PgRow> for LeagueRow {
    fn from_row(row: &'r PgRow) -> Result<Self, sqlx::Error> {
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

impl<'r> FromRow<'r, PgRow> for CommandRow {
    fn from_row(row: &'r PgRow) -> Result<Self, sqlx::Error> {
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

impl<'r> FromRow<'r, PgRow> for EventRow {
    fn from_row(row: &'r PgRow) -> Result<Self, sqlx::Error> {
        Ok(EventRow {
            seq: row.try_get("seq")?,
            event: row.try_get("event")?,
        })
    }
}

impl Store for PostgresStore {
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
                 VALUES ($1, $2, $3, $4, $5) RETURNING id, name, is_bot",
            )
            .bind(name)
            .bind(password_hash)
            .bind(bot)
            .bind(owner)
            .bind(now_ms)
            .fetch_one(&self.pool)
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
            // `lower(name)` is what the unique index covers: the lookup uses it.
            let row: Option<CredentialRow> = sqlx::query_as(
                "SELECT id, name, is_bot, password_hash FROM accounts \
                 WHERE lower(name) = lower($1)",
            )
            .bind(name)
            .fetch_optional(&self.pool)
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
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(token_hash)
            .bind(account)
            .bind(kind.as_str())
            .bind(now_ms)
            .bind(expires_at_ms)
            .execute(&self.pool)
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
                 WHERE s.token_hash = $1 AND (s.expires_at IS NULL OR s.expires_at > $2)",
            )
            .bind(token_hash)
            .bind(now_ms)
            .fetch_optional(&self.pool)
            .await
            .map_err(db)?;
            Ok(row.map(|AccountRow(a)| a))
        })
    }

    fn delete_token<'a>(&'a self, token_hash: &'a str) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let done = sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
                .bind(token_hash)
                .execute(&self.pool)
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
            sqlx::query(
                "INSERT INTO matches (id, game, spec, status, created_at) \
                 VALUES ($1, $2, $3::jsonb, $4, $5)",
            )
            .bind(id)
            .bind(game_str(spec)?)
            .bind(to_json(spec)?)
            .bind(status_str(RoomStatus::Open))
            .bind(now_ms)
            .execute(&self.pool)
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
            let mut tx = self.pool.begin().await.map_err(db)?;
            sqlx::query(
                "UPDATE matches SET status = $1, home_account = $2, away_account = $3, \
                 dice_seed = $4, started_at = $5 WHERE id = $6",
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
            // Encoded here, in the room's task (in parallel across rooms); the writer only
            // sends rows.
            let command = command
                .map(|(n, c)| {
                    Ok::<_, StoreError>(NewCommandRow {
                        n: seq_i64(n),
                        source: source_str(c),
                        coach: side_str(c.coach),
                        account: c.account,
                        // Bit for bit: a u64 id above i64::MAX is stored negative.
                        client_id: c.client_id.map(|v| v as i64),
                        command: to_json(&c.command)?,
                        seq_before: seq_i64(c.seq_before),
                        seq_after: seq_i64(c.seq_after),
                    })
                })
                .transpose()?;
            let events = events
                .iter()
                .map(|e| Ok((seq_i64(e.seq), to_json(&e.event)?)))
                .collect::<Result<Vec<_>, StoreError>>()?;
            if command.is_none() && events.is_empty() {
                return Ok(());
            }
            let (reply, answer) = oneshot::channel();
            let job = AppendJob {
                match_id: id.to_owned(),
                command,
                events,
                reply,
            };
            let stopped = || StoreError::Database("the store's writer has stopped".into());
            self.appends.send(job).await.map_err(|_| stopped())?;
            // Answered only after the COMMIT of the batch holding this append returned.
            answer.await.map_err(|_| stopped())?
        })
    }

    fn finish_match<'a>(
        &'a self,
        id: &'a str,
        result: &'a MatchResult,
        now_ms: i64,
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            sqlx::query(
                "UPDATE matches SET status = $1, result = $2::jsonb, finished_at = $3 \
                 WHERE id = $4",
            )
            .bind(status_str(RoomStatus::Finished))
            .bind(to_json(result)?)
            .bind(now_ms)
            .bind(id)
            .execute(&self.pool)
            .await
            .map_err(db)?;
            Ok(())
        })
    }

    fn close_match<'a>(&'a self, id: &'a str) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            sqlx::query("UPDATE matches SET status = $1 WHERE id = $2 AND status = $3")
                .bind(status_str(RoomStatus::Closed))
                .bind(id)
                .bind(status_str(RoomStatus::Open))
                .execute(&self.pool)
                .await
                .map_err(db)?;
            Ok(())
        })
    }

    fn match_log<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<MatchLog>> {
        Box::pin(async move {
            // One snapshot for the three reads (REPEATABLE READ): a consistent picture of
            // the match even while its room appends.
            let mut tx = self
                .pool
                .begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                .await
                .map_err(db)?;
            let row: Option<MatchRow> = sqlx::query_as(
                "SELECT id, spec::text AS spec, status, home_account, away_account, dice_seed, \
                 result::text AS result FROM matches WHERE id = $1",
            )
            .bind(id)
            .fetch_optional(&mut *tx)
            .await
            .map_err(db)?;
            let Some(m) = row else {
                return Ok(None);
            };
            let commands: Vec<CommandRow> = sqlx::query_as(
                "SELECT source, coach, account_id, client_id, command::text AS command, \
                 seq_before, seq_after FROM match_commands WHERE match_id = $1 ORDER BY n",
            )
            .bind(id)
            .fetch_all(&mut *tx)
            .await
            .map_err(db)?;
            let events: Vec<EventRow> = sqlx::query_as(
                "SELECT seq, event::text AS event FROM match_events WHERE match_id = $1 \
                 ORDER BY seq",
            )
            .bind(id)
            .fetch_all(&mut *tx)
            .await
            .map_err(db)?;
            tx.commit().await.map_err(db)?;
            m.decode(commands, events).map(Some)
        })
    }

    fn unfinished_matches(&self) -> StoreFuture<'_, Vec<String>> {
        Box::pin(async move {
            sqlx::query_scalar(
                "SELECT id FROM matches WHERE status IN ($1, $2) ORDER BY created_at, id",
            )
            .bind(status_str(RoomStatus::Open))
            .bind(status_str(RoomStatus::Playing))
            .fetch_all(&self.pool)
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
            .fetch_all(&self.pool)
            .await
            .map_err(db)?;
            rows.into_iter().map(HeaderRow::decode).collect()
        })
    }

    fn match_header<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<MatchHeader>> {
        Box::pin(async move {
            let row: Option<HeaderRow> =
                sqlx::query_as(concat!(header_select!(), " WHERE m.id = $1"))
                    .bind(id)
                    .fetch_optional(&self.pool)
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
                 created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
            )
            .bind(name)
            .bind(organiser.id)
            .bind(points.win)
            .bind(points.draw)
            .bind(points.loss)
            .bind(now_ms)
            .fetch_one(&self.pool)
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
                 WHERE l.id = $1",
            )
            .bind(id)
            .fetch_optional(&self.pool)
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
            .fetch_all(&self.pool)
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
                 VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
            )
            .bind(league)
            .bind(account)
            .bind(team)
            .execute(&self.pool)
            .await
            .map_err(db)?;
            Ok(done.rows_affected() > 0)
        })
    }

    fn league_coaches(&self, league: LeagueId) -> StoreFuture<'_, Vec<LeagueCoach>> {
        Box::pin(async move {
            let rows: Vec<(i64, String, bool, String)> = sqlx::query_as(
                "SELECT a.id, a.name, a.is_bot, c.team FROM league_coaches c \
                 JOIN accounts a ON a.id = c.account_id WHERE c.league_id = $1 ORDER BY a.id",
            )
            .bind(league)
            .fetch_all(&self.pool)
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
            let done = sqlx::query("UPDATE matches SET league_id = $1 WHERE id = $2")
                .bind(league)
                .bind(id)
                .execute(&self.pool)
                .await
                .map_err(db)?;
            Ok(done.rows_affected() > 0)
        })
    }

    fn league_matches(&self, league: LeagueId) -> StoreFuture<'_, Vec<MatchHeader>> {
        Box::pin(async move {
            let rows: Vec<HeaderRow> = sqlx::query_as(concat!(
                header_select!(),
                " WHERE m.league_id = $1 ORDER BY m.created_at DESC, m.id DESC"
            ))
            .bind(league)
            .fetch_all(&self.pool)
            .await
            .map_err(db)?;
            rows.into_iter().map(HeaderRow::decode).collect()
        })
    }
}
