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

use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::{ConnectOptions, Connection, Postgres};
use tokio::sync::{mpsc, oneshot};

use super::sql::{Backend, CommandColumns, db, dialect};
use super::*;

/// The migrations under `migrations/postgres`, embedded by `build.rs`.
const MIGRATIONS: &[(i64, &str, &str)] =
    include!(concat!(env!("OUT_DIR"), "/postgres_migrations.rs"));

dialect!(
    Postgres,
    // One snapshot for the whole read even while the match's room appends.
    begin_snapshot: "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY",
    // `lower(name)` is what the unique index covers: the lookup uses it.
    credential: "SELECT id, name, is_bot, password_hash FROM accounts \
                 WHERE lower(name) = lower($1)",
);

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
    /// Room ownership when several nodes share the database (issue 14): every append is
    /// fenced by this node's lease on its room once they are enabled ([`super::leases`]).
    leases: super::leases::Leases,
}

/// One room's append, queued for a group commit.
#[derive(Debug)]
struct AppendJob {
    match_id: String,
    /// The command's columns and its JSON.
    command: Option<(CommandColumns, String)>,
    /// `(seq, event JSON)`.
    events: Vec<(i64, String)>,
    /// The node and epoch this node holds the room's lease under (`None`: leases are off).
    fence: Option<(String, i64)>,
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
    let b = BatchArrays::of(jobs);
    // The fence (issue 14, see `leases.rs`): `f` locks the lease rows of the batch's rooms
    // (`FOR SHARE`, in room order, as renewals do; after waiting for a takeover in progress
    // it reads the row as that takeover left it), `g` is 0 when every room's row still names
    // this node and the epoch the append carries, and otherwise fails the statement with an
    // error naming "dugout fenced" (a cast that cannot succeed; inside a subquery, so the
    // planner never evaluates it early). Both inserts are gated on `g`, so a fenced batch
    // stores nothing. With leases off the fence arrays are empty and `g` is 0.
    sqlx::query(
        "WITH f AS (SELECT l.room_id, l.node_id, l.epoch FROM room_leases l \
         WHERE l.room_id = ANY($13::text[]) ORDER BY l.room_id FOR SHARE), \
         g AS (SELECT CASE WHEN (SELECT count(*) FROM UNNEST($13::text[], $14::bigint[]) \
         AS x(room_id, epoch) JOIN f ON f.room_id = x.room_id AND f.epoch = x.epoch \
         AND f.node_id = $15) = cardinality($13::text[]) THEN 0 \
         ELSE (SELECT ('dugout fenced: ' || count(*))::int FROM f) END AS v), \
         c AS (INSERT INTO match_commands (match_id, n, source, coach, account_id, \
         client_id, command, seq_before, seq_after) \
         SELECT t.match_id, t.n, t.source, t.coach, t.account_id, t.client_id, \
         t.command::jsonb, t.seq_before, t.seq_after \
         FROM UNNEST($1::text[], $2::bigint[], $3::text[], $4::text[], $5::bigint[], \
         $6::bigint[], $7::text[], $8::bigint[], $9::bigint[]) \
         AS t(match_id, n, source, coach, account_id, client_id, command, seq_before, seq_after) \
         WHERE (SELECT v FROM g) = 0) \
         INSERT INTO match_events (match_id, seq, event, epoch) \
         SELECT e.match_id, e.seq, e.event::jsonb, e.epoch \
         FROM UNNEST($10::text[], $11::bigint[], $12::text[], $16::bigint[]) \
         AS e(match_id, seq, event, epoch) WHERE (SELECT v FROM g) = 0",
    )
    .bind(b.command_match)
    .bind(b.n)
    .bind(b.source)
    .bind(b.coach)
    .bind(b.account)
    .bind(b.client_id)
    .bind(b.command)
    .bind(b.seq_before)
    .bind(b.seq_after)
    .bind(b.event_match)
    .bind(b.seq)
    .bind(b.event)
    .bind(b.fence_room)
    .bind(b.fence_epoch)
    .bind(b.fence_node.unwrap_or_default())
    .bind(b.event_epoch)
    .execute(pool)
    .await
    .map_err(fenced_or_db)?;
    Ok(())
}

/// A batch of appends as [`write_batch`]'s arrays: one per column, `UNNEST`ed into rows.
#[derive(Default)]
struct BatchArrays<'a> {
    command_match: Vec<&'a str>,
    n: Vec<i64>,
    source: Vec<&'a str>,
    coach: Vec<&'a str>,
    account: Vec<Option<i64>>,
    client_id: Vec<Option<i64>>,
    command: Vec<&'a str>,
    seq_before: Vec<i64>,
    seq_after: Vec<i64>,
    event_match: Vec<&'a str>,
    seq: Vec<i64>,
    event: Vec<&'a str>,
    event_epoch: Vec<Option<i64>>,
    fence_room: Vec<&'a str>,
    fence_epoch: Vec<i64>,
    fence_node: Option<&'a str>,
}

impl<'a> BatchArrays<'a> {
    fn of(jobs: &'a [AppendJob]) -> Self {
        let mut b = BatchArrays::default();
        for job in jobs {
            if let Some((c, json)) = &job.command {
                b.command_match.push(&job.match_id);
                b.n.push(c.n);
                b.source.push(c.source);
                b.coach.push(c.coach);
                b.account.push(c.account);
                b.client_id.push(c.client_id);
                b.command.push(json);
                b.seq_before.push(c.seq_before);
                b.seq_after.push(c.seq_after);
            }
            for (seq, json) in &job.events {
                b.event_match.push(&job.match_id);
                b.seq.push(*seq);
                b.event.push(json);
                b.event_epoch
                    .push(job.fence.as_ref().map(|(_, epoch)| *epoch));
            }
            if let Some((node, epoch)) = &job.fence {
                b.fence_room.push(&job.match_id);
                b.fence_epoch.push(*epoch);
                b.fence_node = Some(node);
            }
        }
        b
    }
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
        let leases = super::leases::Leases::new(pool.clone());
        Ok(PostgresStore {
            pool,
            appends,
            leases,
        })
    }

    /// Close every connection (waits for the ones in use to come back).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// A database error, or [`StoreError::Fenced`] when the append's fence refused it.
fn fenced_or_db(e: sqlx::Error) -> StoreError {
    let text = e.to_string();
    if text.contains("dugout fenced") {
        StoreError::Fenced("the room's lease names another node or epoch".into())
    } else {
        db(e)
    }
}

impl Backend for PostgresStore {
    type Db = Postgres;
    type Conn<'a> = PoolConnection<Postgres>;

    fn leases(&self) -> Option<super::leases::Leases> {
        Some(self.leases.clone())
    }

    fn fence(&self, id: &str) -> Result<Option<(String, i64)>, StoreError> {
        self.leases.fence(id)
    }

    /// A connection from the pool, back in it when dropped.
    async fn conn(&self) -> Result<Self::Conn<'_>, StoreError> {
        self.pool.acquire().await.map_err(db)
    }

    /// Group commit: queued for a [`group_writer`], answered after its batch's `COMMIT`.
    async fn write_append<'a>(
        &'a self,
        id: &'a str,
        command: Option<(u64, &'a CommandRecord)>,
        events: &'a [StoredEvent],
    ) -> Result<(), StoreError> {
        // Encoded here, in the room's task (in parallel across rooms); the writer only
        // sends rows.
        let command = command
            .map(|(n, c)| Ok::<_, StoreError>((CommandColumns::new(n, c), to_json(&c.command)?)))
            .transpose()?;
        let events = events
            .iter()
            .map(|e| Ok((seq_i64(e.seq), to_json(&e.event)?)))
            .collect::<Result<Vec<_>, StoreError>>()?;
        if command.is_none() && events.is_empty() {
            return Ok(());
        }
        // A room this node holds no lease on is refused here, before any row is sent.
        let fence = self.leases.fence(id)?;
        let (reply, answer) = oneshot::channel();
        let job = AppendJob {
            match_id: id.to_owned(),
            command,
            events,
            fence,
            reply,
        };
        let stopped = || StoreError::Database("the store's writer has stopped".into());
        self.appends.send(job).await.map_err(|_| stopped())?;
        // Answered only after the COMMIT of the batch holding this append returned.
        answer.await.map_err(|_| stopped())?
    }
}
