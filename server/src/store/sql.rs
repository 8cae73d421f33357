//! The SQL both stores run, written once, and the decoding of its rows.
//!
//! Both dialects take the same statements. Placeholders are `$1`, `$2`, ...: Postgres's own,
//! and sqlx's SQLite driver binds `$N` by its number too. JSON columns are bound and read as
//! [`Json`], which sqlx stores as TEXT in SQLite and as JSONB in Postgres, the same serde JSON
//! in both, so no statement needs a cast. The rest is SQL both understand (`RETURNING`,
//! `ON CONFLICT DO NOTHING`). The little that differs between the dialects is named in
//! [`Dialect`]; how a store reaches its database is its [`Backend`]: SQLite's one locked
//! connection, Postgres's pool. Every backend is a [`Store`] through the blanket impls at
//! the end of this file, so both stores run the same code for every method, but Postgres's
//! appends, which go through its group commit (`postgres.rs`).

use std::future::Future;
use std::ops::DerefMut;

use dugout_protocol::legacy;
use dugout_protocol::{MatchResult, RoomSpec, RoomStatus};
use serde::de::DeserializeOwned;
use sqlx::query::Query;
use sqlx::types::Json;
use sqlx::{Connection, Database, Decode, Encode, IntoArguments, Postgres, Sqlite, Type};

use super::*;

mod schedule;
#[path = "teams_sql.rs"]
mod teams_sql;
mod tournaments;

/// Whether a key a client sent can be stored at all: Postgres's `text` holds no NUL (and
/// refuses a statement that binds one), so a name or id with a NUL names nothing stored, in
/// either database. Lookups answer `None` for it instead of an error.
fn storable(key: &str) -> bool {
    !key.contains('\0')
}

/// What the shared code needs of a database beyond sqlx's generic traits.
///
/// sqlx cannot carry "every type we bind encodes for this database" along as a bound on the
/// database: such bounds are on `i64`, `&str`, ... and would have to be repeated on every
/// generic function. So the shared code binds and reads through this trait's methods, whose
/// own bounds ([`Param`], [`Column`]) say once that a type works in both dialects. The impls
/// are written by [`dialect!`]; only the constants differ.
pub(super) trait Dialect: Database<Arguments: IntoArguments<Self>> {
    /// The statement `match_log` opens its transaction with: one consistent snapshot for the
    /// match row, its commands and its events.
    const BEGIN_SNAPSHOT: &'static str;

    /// An account by its name regardless of case, with its password hash: the comparison
    /// each dialect's unique index on names can answer.
    const CREDENTIAL: &'static str;

    /// A statement in this dialect: `sqlx::query`, its database named (the shared code is
    /// generic, so nothing else would name it).
    fn query(sql: &'static str) -> Query<'static, Self, Self::Arguments> {
        sqlx::query(sql)
    }

    /// The connection as the executor sqlx runs a statement on.
    fn executor<'c>(conn: &'c mut Self::Connection) -> impl sqlx::Executor<'c, Database = Self>;

    /// `query` with `value` bound to its next placeholder.
    fn bind<'q, 't, T: Param<'t>>(
        query: Query<'q, Self, Self::Arguments>,
        value: T,
    ) -> Query<'q, Self, Self::Arguments>;

    /// The value of a named column.
    fn get<T: Column>(row: &Self::Row, column: &str) -> Result<T, sqlx::Error>;

    /// How many rows a statement inserted, updated or deleted.
    fn rows_affected(done: &Self::QueryResult) -> u64;
}

/// `impl Dialect for $db`: the methods are the same for every database (sqlx provides them
/// per database, not generically), the constants are the dialect's.
macro_rules! dialect {
    ($db:ty, begin_snapshot: $begin:expr, credential: $credential:expr $(,)?) => {
        impl $crate::store::sql::Dialect for $db {
            const BEGIN_SNAPSHOT: &'static str = $begin;
            const CREDENTIAL: &'static str = $credential;

            fn executor<'c>(
                conn: &'c mut Self::Connection,
            ) -> impl sqlx::Executor<'c, Database = Self> {
                conn
            }

            fn bind<'q, 't, T: $crate::store::sql::Param<'t>>(
                query: sqlx::query::Query<'q, Self, Self::Arguments>,
                value: T,
            ) -> sqlx::query::Query<'q, Self, Self::Arguments> {
                query.bind(value)
            }

            fn get<T: $crate::store::sql::Column>(
                row: &Self::Row,
                column: &str,
            ) -> Result<T, sqlx::Error> {
                sqlx::Row::try_get(row, column)
            }

            fn rows_affected(done: &Self::QueryResult) -> u64 {
                done.rows_affected()
            }
        }
    };
}
pub(super) use dialect;

/// A value both dialects bind: text, integers, booleans, [`Json`], their `Option`s. (`'t`:
/// an `Option<&'t str>` encodes only for as long as its text lives.)
pub(super) trait Param<'t>:
    Encode<'t, Sqlite> + Type<Sqlite> + Encode<'t, Postgres> + Type<Postgres>
{
}

impl<'t, T> Param<'t> for T where
    T: Encode<'t, Sqlite> + Type<Sqlite> + Encode<'t, Postgres> + Type<Postgres>
{
}

/// A value both dialects read from a column.
pub(super) trait Column:
    for<'r> Decode<'r, Sqlite> + Type<Sqlite> + for<'r> Decode<'r, Postgres> + Type<Postgres>
{
}

impl<T> Column for T where
    T: for<'r> Decode<'r, Sqlite> + Type<Sqlite> + for<'r> Decode<'r, Postgres> + Type<Postgres>
{
}

/// `.arg(value)`: [`Dialect::bind`] in a chain, as sqlx's own `.bind` reads.
trait Bind {
    fn arg<'t, T: Param<'t>>(self, value: T) -> Self;
}

impl<DB: Dialect> Bind for Query<'_, DB, DB::Arguments> {
    fn arg<'t, T: Param<'t>>(self, value: T) -> Self {
        DB::bind(self, value)
    }
}

/// How a store reaches its database; with the SQL below it is a [`Store`].
pub(super) trait Backend: Send + Sync + 'static {
    /// The database's dialect.
    type Db: Dialect;

    /// A connection lent for one operation.
    type Conn<'a>: DerefMut<Target = <Self::Db as Database>::Connection> + Send
    where
        Self: 'a;

    /// A connection for one operation (and its transaction, if it opens one). The caller
    /// holds it until the operation ends.
    fn conn(&self) -> impl Future<Output = Result<Self::Conn<'_>, StoreError>> + Send;

    /// Room ownership (issue 14): Postgres's leases; `None` on SQLite (one node only).
    fn leases(&self) -> Option<super::leases::Leases> {
        None
    }

    /// The node and epoch a write to room `id`'s log must carry (`Ok(None)`: no fencing),
    /// or [`StoreError::Fenced`] if this node holds no lease on it.
    fn fence(&self, _id: &str) -> Result<Option<(String, i64)>, StoreError> {
        Ok(None)
    }

    /// [`MatchStore::append`]'s write: returns once it is committed. By default one
    /// transaction on [`Backend::conn`]; Postgres batches appends (group commit).
    fn write_append<'a>(
        &'a self,
        id: &'a str,
        command: Option<(u64, &'a CommandRecord)>,
        events: &'a [StoredEvent],
    ) -> impl Future<Output = Result<(), StoreError>> + Send + 'a {
        async move {
            let mut conn = self.conn().await?;
            let mut tx = conn.begin().await.map_err(db)?;
            if let Some((n, c)) = command {
                insert_command::<Self::Db>(&mut *tx, id, n, c).await?;
            }
            insert_events::<Self::Db>(&mut *tx, id, events).await?;
            tx.commit().await.map_err(db)
        }
    }
}

/// A sqlx error as the store reports it.
pub(super) fn db(e: sqlx::Error) -> StoreError {
    match e {
        // A stored value that does not decode to its type (a JSON column the protocol no
        // longer reads, say): the data is wrong, not the database.
        sqlx::Error::ColumnDecode { .. } | sqlx::Error::Decode(_) => {
            StoreError::Corrupt(e.to_string())
        }
        e => StoreError::Database(e.to_string()),
    }
}

/// Run a statement; how many rows it changed.
async fn execute<DB: Dialect>(
    conn: &mut DB::Connection,
    query: Query<'_, DB, DB::Arguments>,
) -> Result<u64, StoreError> {
    let done = query.execute(DB::executor(conn)).await.map_err(db)?;
    Ok(DB::rows_affected(&done))
}

/// The one row a statement returns.
async fn fetch_one<DB: Dialect, T: FromSqlRow>(
    conn: &mut DB::Connection,
    query: Query<'_, DB, DB::Arguments>,
) -> Result<T, StoreError> {
    let row = query.fetch_one(DB::executor(conn)).await.map_err(db)?;
    T::read(&SqlRow::<DB>(&row))
}

/// The row a query finds, if any.
async fn fetch_optional<DB: Dialect, T: FromSqlRow>(
    conn: &mut DB::Connection,
    query: Query<'_, DB, DB::Arguments>,
) -> Result<Option<T>, StoreError> {
    let row = query.fetch_optional(DB::executor(conn)).await.map_err(db)?;
    row.map(|row| T::read(&SqlRow::<DB>(&row))).transpose()
}

/// Every row a query finds, in its order.
async fn fetch_all<DB: Dialect, T: FromSqlRow>(
    conn: &mut DB::Connection,
    query: Query<'_, DB, DB::Arguments>,
) -> Result<Vec<T>, StoreError> {
    let rows = query.fetch_all(DB::executor(conn)).await.map_err(db)?;
    rows.iter().map(|row| T::read(&SqlRow::<DB>(row))).collect()
}

/// A row being read, with its dialect.
struct SqlRow<'r, DB: Database>(&'r DB::Row);

impl<DB: Dialect> SqlRow<'_, DB> {
    fn get<T: Column>(&self, column: &str) -> Result<T, StoreError> {
        DB::get(self.0, column).map_err(db)
    }

    /// A JSON column: the protocol's serde JSON.
    fn json<T: DeserializeOwned + 'static>(&self, column: &str) -> Result<T, StoreError> {
        Ok(self.get::<Json<T>>(column)?.0)
    }

    /// A JSON column holding a game payload: as stored, or, for a row written before
    /// protocol 2 (no `"game"` tag: Blitz Bowl was the only game), through `upgrade`
    /// ([`dugout_protocol::legacy`]). Stored matches are forever.
    fn game_json<T: DeserializeOwned + 'static>(
        &self,
        column: &str,
        upgrade: fn(&mut serde_json::Value),
    ) -> Result<T, StoreError> {
        match self.get::<Json<T>>(column) {
            Ok(v) => Ok(v.0),
            Err(first) => {
                let mut value = self.get::<Json<serde_json::Value>>(column)?.0;
                upgrade(&mut value);
                serde_json::from_value(value).map_err(|_| first)
            }
        }
    }

    /// A nullable [`SqlRow::game_json`] column.
    fn game_json_opt<T: DeserializeOwned + 'static>(
        &self,
        column: &str,
        upgrade: fn(&mut serde_json::Value),
    ) -> Result<Option<T>, StoreError> {
        if self
            .get::<Option<Json<serde_json::Value>>>(column)?
            .is_none()
        {
            return Ok(None);
        }
        self.game_json(column, upgrade).map(Some)
    }

    /// A sequence number (or command number).
    fn seq(&self, column: &str) -> Result<u64, StoreError> {
        seq_u64(self.get(column)?)
    }

    fn status(&self) -> Result<RoomStatus, StoreError> {
        parse_status(&self.get::<String>("status")?)
    }

    /// `rules_version`: an `INTEGER` in both dialects (32 bits in Postgres).
    fn rules_version(&self) -> Result<u32, StoreError> {
        let v: i32 = self.get("rules_version")?;
        u32::try_from(v).map_err(|_| StoreError::Corrupt(format!("rules version {v}")))
    }
}

/// What one row of a query reads as; each query selects the columns its type reads.
trait FromSqlRow: Sized {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError>;
}

/// `id, name, is_bot`.
impl FromSqlRow for Account {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        Ok(Account {
            id: row.get("id")?,
            name: row.get("name")?,
            bot: row.get("is_bot")?,
        })
    }
}

/// The account's columns, `created_at` and `tokens` (a count).
impl FromSqlRow for OwnedBot {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        Ok(OwnedBot {
            account: Account::read(row)?,
            created_at_ms: row.get("created_at")?,
            tokens: row.get("tokens")?,
        })
    }
}

/// `token_hash`.
struct TokenHash(String);

impl FromSqlRow for TokenHash {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        Ok(TokenHash(row.get("token_hash")?))
    }
}

/// The account's columns and `password_hash`.
impl FromSqlRow for Credential {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        Ok(Credential {
            account: Account::read(row)?,
            password_hash: row.get("password_hash")?,
        })
    }
}

/// An `id` column, alone.
struct Id<T>(T);

/// `node_id, epoch`: a room's lease (issue 14).
struct Pair(String, i64);

impl FromSqlRow for Pair {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        Ok(Pair(row.get("node_id")?, row.get("epoch")?))
    }
}

impl<T: Column> FromSqlRow for Id<T> {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        Ok(Id(row.get("id")?))
    }
}

/// The `matches` row (see [`MATCH_ROW`]); the commands and events are read after it.
impl FromSqlRow for MatchLog {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        let seed: Option<String> = row.get("dice_seed")?;
        Ok(MatchLog {
            id: row.get("id")?,
            spec: row.json("spec")?,
            status: row.status()?,
            seats: [row.get("home_account")?, row.get("away_account")?],
            rules_version: row.rules_version()?,
            server_seed: seed.as_deref().map(unhex_seed).transpose()?,
            result: row.game_json_opt("result", legacy::upgrade_result)?,
            commands: Vec::new(),
            events: Vec::new(),
            open_room: row.get::<Option<Json<OpenRoom>>>("open_room")?.map(|j| j.0),
        })
    }
}

/// A `match_commands` row.
impl FromSqlRow for CommandRecord {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        let source: String = row.get("source")?;
        let client_id: Option<i64> = row.get("client_id")?;
        Ok(CommandRecord {
            coach: parse_side(&row.get::<String>("coach")?)?,
            source: match source.as_str() {
                "timer" => CommandSource::Timer,
                "home" | "away" => CommandSource::Coach,
                other => return Err(StoreError::Corrupt(format!("command source {other:?}"))),
            },
            account: row.get("account_id")?,
            // Bit for bit: a u64 id above i64::MAX was stored negative.
            client_id: client_id.map(|v| v as u64),
            command: row.game_json("command", legacy::upgrade_command)?,
            seq_before: row.seq("seq_before")?,
            seq_after: row.seq("seq_after")?,
        })
    }
}

/// A `match_events` row.
impl FromSqlRow for StoredEvent {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        Ok(StoredEvent {
            seq: row.seq("seq")?,
            event: row.game_json("event", legacy::upgrade_room_event)?,
        })
    }
}

/// The header columns ([`header_select!`]).
impl FromSqlRow for MatchHeader {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        Ok(MatchHeader {
            id: row.get("id")?,
            spec: row.json("spec")?,
            status: row.status()?,
            seats: [row.get("home_account")?, row.get("away_account")?],
            coaches: [row.get("home_name")?, row.get("away_name")?],
            rules_version: row.rules_version()?,
            result: row.game_json_opt("result", legacy::upgrade_result)?,
            created_at_ms: row.get("created_at")?,
            started_at_ms: row.get("started_at")?,
            finished_at_ms: row.get("finished_at")?,
            league: row.get("league_id")?,
        })
    }
}

/// The league columns ([`league_select!`]).
impl FromSqlRow for League {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        Ok(League {
            id: row.get("id")?,
            name: row.get("name")?,
            organiser: Account {
                id: row.get("organiser_id")?,
                name: row.get("organiser_name")?,
                bot: row.get("organiser_bot")?,
            },
            game: {
                let name: String = row.get("game")?;
                GameKind::parse(&name).ok_or_else(|| {
                    StoreError::Corrupt(format!("league of an unknown game {name:?}"))
                })?
            },
            points: PointsScheme {
                win: row.get("win_points")?,
                draw: row.get("draw_points")?,
                loss: row.get("loss_points")?,
            },
            created_at_ms: row.get("created_at")?,
        })
    }
}

/// The league columns ([`league_select!`]) and `team`.
impl FromSqlRow for Invitation {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        Ok(Invitation {
            league: League::read(row)?,
            team: row.get("team")?,
        })
    }
}

/// The account's columns and `team`.
impl FromSqlRow for LeagueCoach {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        Ok(LeagueCoach {
            account: Account::read(row)?,
            team: row.get("team")?,
        })
    }
}

/// A `league_log` row joined with its account: `league_id, who, what, detail, at`.
impl FromSqlRow for LeagueLogEntry {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        Ok(LeagueLogEntry {
            league: row.get("league_id")?,
            who: row.get("who")?,
            what: row.get("what")?,
            detail: row.get("detail")?,
            at_ms: row.get("at")?,
        })
    }
}

/// Log an organiser's action, inside the transaction that makes the change.
async fn insert_log<DB: Dialect>(
    conn: &mut DB::Connection,
    league: LeagueId,
    what: LeagueAction,
    log: &LogLine<'_>,
) -> Result<(), StoreError> {
    let query = DB::query(
        "INSERT INTO league_log (league_id, account_id, what, detail, at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .arg(league)
    .arg(log.who)
    .arg(what.as_str())
    .arg(log.detail)
    .arg(log.at_ms);
    execute(conn, query).await?;
    Ok(())
}

/// A `matches` row as [`MatchLog`] reads it.
const MATCH_ROW: &str = "SELECT id, spec, status, home_account, away_account, rules_version, \
                         dice_seed, result, open_room FROM matches WHERE id = $1";

/// The header columns, joined with the coaches' names.
macro_rules! header_select {
    () => {
        "SELECT m.id, m.spec, m.status, m.home_account, m.away_account, \
         h.name AS home_name, a.name AS away_name, m.result, m.created_at, \
         m.started_at, m.finished_at, m.league_id, m.rules_version FROM matches m \
         LEFT JOIN accounts h ON h.id = m.home_account \
         LEFT JOIN accounts a ON a.id = m.away_account"
    };
}

/// A league's columns, joined with its organiser.
macro_rules! league_select {
    () => {
        "SELECT l.id, l.name, l.organiser_id, a.name AS organiser_name, \
         a.is_bot AS organiser_bot, l.game, l.win_points, l.draw_points, l.loss_points, \
         l.created_at FROM leagues l JOIN accounts a ON a.id = l.organiser_id"
    };
}

/// A command's columns but its JSON, encoded: what the shared insert binds and what
/// Postgres's group commit queues.
#[derive(Clone, Copy, Debug)]
pub(super) struct CommandColumns {
    pub n: i64,
    /// The coach's side, or `timer`.
    pub source: &'static str,
    pub coach: &'static str,
    pub account: Option<i64>,
    /// Bit for bit: a u64 id above i64::MAX is stored negative.
    pub client_id: Option<i64>,
    pub seq_before: i64,
    pub seq_after: i64,
}

impl CommandColumns {
    /// The columns of command number `n`.
    pub(super) fn new(n: u64, c: &CommandRecord) -> Self {
        CommandColumns {
            n: seq_i64(n),
            source: match c.source {
                CommandSource::Coach => side_str(c.coach),
                CommandSource::Timer => "timer",
            },
            coach: side_str(c.coach),
            account: c.account,
            client_id: c.client_id.map(|v| v as i64),
            seq_before: seq_i64(c.seq_before),
            seq_after: seq_i64(c.seq_after),
        }
    }
}

/// Insert command number `n` of match `id`.
async fn insert_command<DB: Dialect>(
    conn: &mut DB::Connection,
    id: &str,
    n: u64,
    c: &CommandRecord,
) -> Result<(), StoreError> {
    let cols = CommandColumns::new(n, c);
    let query = DB::query(
        "INSERT INTO match_commands (match_id, n, source, coach, account_id, client_id, \
         command, seq_before, seq_after) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .arg(id)
    .arg(cols.n)
    .arg(cols.source)
    .arg(cols.coach)
    .arg(cols.account)
    .arg(cols.client_id)
    .arg(Json(&c.command))
    .arg(cols.seq_before)
    .arg(cols.seq_after);
    execute(conn, query).await?;
    Ok(())
}

/// Insert events of match `id`, one statement each (a step has a handful; Postgres's hot
/// path, `append`, batches them in its group commit instead).
async fn insert_events<DB: Dialect>(
    conn: &mut DB::Connection,
    id: &str,
    events: &[StoredEvent],
) -> Result<(), StoreError> {
    for e in events {
        let query =
            DB::query("INSERT INTO match_events (match_id, seq, event) VALUES ($1, $2, $3)")
                .arg(id)
                .arg(seq_i64(e.seq))
                .arg(Json(&e.event));
        execute(conn, query).await?;
    }
    Ok(())
}

impl<B: Backend> AccountStore for B {
    fn create_account<'a>(
        &'a self,
        name: &'a str,
        password_hash: Option<&'a str>,
        bot: bool,
        owner: Option<AccountId>,
        now_ms: i64,
    ) -> StoreFuture<'a, Account> {
        Box::pin(async move {
            let query = B::Db::query(
                "INSERT INTO accounts (name, password_hash, is_bot, owner_id, created_at) \
                 VALUES ($1, $2, $3, $4, $5) RETURNING id, name, is_bot",
            )
            .arg(name)
            .arg(password_hash)
            .arg(bot)
            .arg(owner)
            .arg(now_ms);
            let mut conn = self.conn().await?;
            match query.fetch_one(B::Db::executor(&mut conn)).await {
                Ok(row) => Account::read(&SqlRow::<B::Db>(&row)),
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                    Err(StoreError::NameTaken)
                }
                Err(e) => Err(db(e)),
            }
        })
    }

    fn credential<'a>(&'a self, name: &'a str) -> StoreFuture<'a, Option<Credential>> {
        Box::pin(async move {
            if !storable(name) {
                return Ok(None);
            }
            let query = B::Db::query(B::Db::CREDENTIAL).arg(name);
            fetch_optional(&mut *self.conn().await?, query).await
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
            let query = B::Db::query(
                "INSERT INTO sessions (token_hash, account_id, kind, created_at, expires_at) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .arg(token_hash)
            .arg(account)
            .arg(kind.as_str())
            .arg(now_ms)
            .arg(expires_at_ms);
            execute(&mut *self.conn().await?, query).await?;
            Ok(())
        })
    }

    fn token_account<'a>(
        &'a self,
        token_hash: &'a str,
        now_ms: i64,
    ) -> StoreFuture<'a, Option<Account>> {
        Box::pin(async move {
            let query = B::Db::query(
                "SELECT a.id, a.name, a.is_bot FROM sessions s \
                 JOIN accounts a ON a.id = s.account_id \
                 WHERE s.token_hash = $1 AND (s.expires_at IS NULL OR s.expires_at > $2)",
            )
            .arg(token_hash)
            .arg(now_ms);
            fetch_optional(&mut *self.conn().await?, query).await
        })
    }

    fn delete_token<'a>(&'a self, token_hash: &'a str) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let query = B::Db::query("DELETE FROM sessions WHERE token_hash = $1").arg(token_hash);
            Ok(execute(&mut *self.conn().await?, query).await? > 0)
        })
    }

    fn account_by_id(&self, id: AccountId) -> StoreFuture<'_, Option<Account>> {
        Box::pin(async move {
            let query = B::Db::query("SELECT id, name, is_bot FROM accounts WHERE id = $1").arg(id);
            fetch_optional(&mut *self.conn().await?, query).await
        })
    }

    fn bots_of<'a>(&'a self, owner: AccountId) -> StoreFuture<'a, Vec<OwnedBot>> {
        Box::pin(async move {
            let query = B::Db::query(
                "SELECT a.id, a.name, a.is_bot, a.created_at, COUNT(s.token_hash) AS tokens \
                 FROM accounts a LEFT JOIN sessions s ON s.account_id = a.id \
                 WHERE a.owner_id = $1 AND a.is_bot \
                 GROUP BY a.id, a.name, a.is_bot, a.created_at ORDER BY a.name",
            )
            .arg(owner);
            fetch_all(&mut *self.conn().await?, query).await
        })
    }

    fn delete_tokens_of<'a>(&'a self, account: AccountId) -> StoreFuture<'a, Vec<String>> {
        Box::pin(async move {
            let query =
                B::Db::query("DELETE FROM sessions WHERE account_id = $1 RETURNING token_hash")
                    .arg(account);
            let rows: Vec<TokenHash> = fetch_all(&mut *self.conn().await?, query).await?;
            Ok(rows.into_iter().map(|t| t.0).collect())
        })
    }
}

impl<B: Backend> MatchStore for B {
    fn leases(&self) -> Option<super::leases::Leases> {
        Backend::leases(self)
    }

    fn create_match<'a>(
        &'a self,
        id: &'a str,
        spec: &'a RoomSpec,
        rules_version: u32,
        now_ms: i64,
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            // Postgres's INTEGER is 32-bit signed; rules versions count releases.
            let version = i32::try_from(rules_version).map_err(|_| {
                StoreError::Database(format!("rules version {rules_version} is out of range"))
            })?;
            let query = B::Db::query(
                "INSERT INTO matches (id, game, spec, status, rules_version, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .arg(id)
            .arg(game_str(spec)?)
            .arg(Json(spec))
            .arg(status_str(RoomStatus::Open))
            .arg(version)
            .arg(now_ms);
            execute(&mut *self.conn().await?, query).await?;
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
            // The `dice_seed` column holds the server's secret seed: the dice seed is
            // derived from it and the entropy in `match_started` (`crate::fair`). In
            // matches stored before the commitment it is the dice seed itself.
            let query = B::Db::query(
                "UPDATE matches SET status = $1, home_account = $2, away_account = $3, \
                 dice_seed = $4, started_at = $5 WHERE id = $6",
            )
            .arg(status_str(RoomStatus::Playing))
            .arg(seats[0])
            .arg(seats[1])
            .arg(hex(&server_seed))
            .arg(now_ms)
            .arg(id);
            let fence = self.fence(id)?;
            let mut conn = self.conn().await?;
            let mut tx = conn.begin().await.map_err(db)?;
            if let Some((node, epoch)) = fence.clone() {
                // Fenced like every append (issue 14): the lease row is locked and must
                // still name this node and epoch (Postgres only: SQLite has no fence).
                let lease: Option<(String, i64)> = fetch_optional(
                    &mut *tx,
                    B::Db::query(
                        "SELECT node_id, epoch FROM room_leases WHERE room_id = $1 FOR SHARE",
                    )
                    .arg(id),
                )
                .await?
                .map(|Pair(n, e)| (n, e));
                if lease != Some((node, epoch)) {
                    return Err(StoreError::Fenced(format!(
                        "the lease of room {id} names another node or epoch"
                    )));
                }
            }
            execute(&mut *tx, query).await?;
            insert_events::<B::Db>(&mut *tx, id, events).await?;
            if let Some((_, epoch)) = fence {
                // The first events carry their epoch too, as every fenced append's do.
                let tag = B::Db::query("UPDATE match_events SET epoch = $1 WHERE match_id = $2")
                    .arg(epoch)
                    .arg(id);
                execute(&mut *tx, tag).await?;
            }
            tx.commit().await.map_err(db)
        })
    }

    fn append<'a>(
        &'a self,
        id: &'a str,
        command: Option<(u64, &'a CommandRecord)>,
        events: &'a [StoredEvent],
    ) -> StoreFuture<'a, ()> {
        Box::pin(self.write_append(id, command, events))
    }

    fn finish_match<'a>(
        &'a self,
        id: &'a str,
        result: &'a MatchResult,
        now_ms: i64,
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let query = B::Db::query(
                "UPDATE matches SET status = $1, result = $2, finished_at = $3 WHERE id = $4",
            )
            .arg(status_str(RoomStatus::Finished))
            .arg(Json(result))
            .arg(now_ms)
            .arg(id);
            execute(&mut *self.conn().await?, query).await?;
            Ok(())
        })
    }

    fn save_open_room<'a>(&'a self, id: &'a str, room: &'a OpenRoom) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let query =
                B::Db::query("UPDATE matches SET open_room = $1 WHERE id = $2 AND status = $3")
                    .arg(Json(room))
                    .arg(id)
                    .arg(status_str(RoomStatus::Open));
            execute(&mut *self.conn().await?, query).await?;
            Ok(())
        })
    }

    fn close_match<'a>(&'a self, id: &'a str) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let query =
                B::Db::query("UPDATE matches SET status = $1 WHERE id = $2 AND status = $3")
                    .arg(status_str(RoomStatus::Closed))
                    .arg(id)
                    .arg(status_str(RoomStatus::Open));
            execute(&mut *self.conn().await?, query).await?;
            Ok(())
        })
    }

    fn match_log<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<MatchLog>> {
        Box::pin(async move {
            if !storable(id) {
                return Ok(None);
            }
            // One snapshot for the three reads: a consistent picture of the match even
            // while its room appends.
            let mut conn = self.conn().await?;
            let mut tx = conn.begin_with(B::Db::BEGIN_SNAPSHOT).await.map_err(db)?;
            let row: Option<MatchLog> =
                fetch_optional(&mut *tx, B::Db::query(MATCH_ROW).arg(id)).await?;
            let Some(mut log) = row else {
                return Ok(None);
            };
            let commands = B::Db::query(
                "SELECT source, coach, account_id, client_id, command, seq_before, seq_after \
                 FROM match_commands WHERE match_id = $1 ORDER BY n",
            );
            log.commands = fetch_all(&mut *tx, commands.arg(id)).await?;
            let events = B::Db::query(
                "SELECT seq, event FROM match_events WHERE match_id = $1 ORDER BY seq",
            );
            log.events = fetch_all(&mut *tx, events.arg(id)).await?;
            tx.commit().await.map_err(db)?;
            Ok(Some(log))
        })
    }

    fn unfinished_matches(&self) -> StoreFuture<'_, Vec<String>> {
        Box::pin(async move {
            let query = B::Db::query(
                "SELECT id FROM matches WHERE status IN ($1, $2) ORDER BY created_at, id",
            )
            .arg(status_str(RoomStatus::Open))
            .arg(status_str(RoomStatus::Playing));
            let ids: Vec<Id<String>> = fetch_all(&mut *self.conn().await?, query).await?;
            Ok(ids.into_iter().map(|Id(id)| id).collect())
        })
    }

    fn match_headers(&self) -> StoreFuture<'_, Vec<MatchHeader>> {
        Box::pin(async move {
            let query = B::Db::query(concat!(
                header_select!(),
                " ORDER BY m.created_at DESC, m.id DESC"
            ));
            fetch_all(&mut *self.conn().await?, query).await
        })
    }

    fn match_header<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<MatchHeader>> {
        Box::pin(async move {
            if !storable(id) {
                return Ok(None);
            }
            let query = B::Db::query(concat!(header_select!(), " WHERE m.id = $1")).arg(id);
            fetch_optional(&mut *self.conn().await?, query).await
        })
    }
}

impl<B: Backend> LeagueStore for B {
    fn create_league<'a>(
        &'a self,
        name: &'a str,
        organiser: &'a Account,
        game: GameKind,
        points: PointsScheme,
        now_ms: i64,
    ) -> StoreFuture<'a, League> {
        Box::pin(async move {
            let query = B::Db::query(
                "INSERT INTO leagues (name, organiser_id, game, win_points, draw_points, \
                 loss_points, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
            )
            .arg(name)
            .arg(organiser.id)
            .arg(game.name())
            .arg(points.win)
            .arg(points.draw)
            .arg(points.loss)
            .arg(now_ms);
            let Id(id) = fetch_one(&mut *self.conn().await?, query).await?;
            Ok(League {
                id,
                name: name.to_owned(),
                organiser: organiser.clone(),
                game,
                points,
                created_at_ms: now_ms,
            })
        })
    }

    fn league(&self, id: LeagueId) -> StoreFuture<'_, Option<League>> {
        Box::pin(async move {
            let query = B::Db::query(concat!(league_select!(), " WHERE l.id = $1")).arg(id);
            fetch_optional(&mut *self.conn().await?, query).await
        })
    }

    fn leagues(&self) -> StoreFuture<'_, Vec<League>> {
        Box::pin(async move {
            let query = B::Db::query(concat!(
                league_select!(),
                " ORDER BY l.created_at DESC, l.id DESC"
            ));
            fetch_all(&mut *self.conn().await?, query).await
        })
    }

    fn add_league_coach<'a>(
        &'a self,
        league: LeagueId,
        account: AccountId,
        team: &'a str,
        accepted_at: Option<i64>,
    ) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let query = B::Db::query(
                "INSERT INTO league_coaches (league_id, account_id, team, accepted_at) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
            )
            .arg(league)
            .arg(account)
            .arg(team)
            .arg(accepted_at);
            Ok(execute(&mut *self.conn().await?, query).await? > 0)
        })
    }

    fn league_coaches(&self, league: LeagueId) -> StoreFuture<'_, Vec<LeagueCoach>> {
        Box::pin(async move {
            let query = B::Db::query(
                "SELECT a.id, a.name, a.is_bot, c.team FROM league_coaches c \
                 JOIN accounts a ON a.id = c.account_id \
                 WHERE c.league_id = $1 AND c.accepted_at IS NOT NULL ORDER BY a.id",
            )
            .arg(league);
            fetch_all(&mut *self.conn().await?, query).await
        })
    }

    fn league_invitations(&self, league: LeagueId) -> StoreFuture<'_, Vec<LeagueCoach>> {
        Box::pin(async move {
            let query = B::Db::query(
                "SELECT a.id, a.name, a.is_bot, c.team FROM league_coaches c \
                 JOIN accounts a ON a.id = c.account_id \
                 WHERE c.league_id = $1 AND c.accepted_at IS NULL ORDER BY a.id",
            )
            .arg(league);
            fetch_all(&mut *self.conn().await?, query).await
        })
    }

    fn invitations_for(&self, account: AccountId) -> StoreFuture<'_, Vec<Invitation>> {
        Box::pin(async move {
            let query = B::Db::query(concat!(
                "SELECT i.*, c.team FROM (",
                league_select!(),
                ") i JOIN league_coaches c ON c.league_id = i.id \
                 WHERE c.account_id = $1 AND c.accepted_at IS NULL \
                 ORDER BY i.created_at DESC, i.id DESC"
            ))
            .arg(account);
            fetch_all(&mut *self.conn().await?, query).await
        })
    }

    fn accept_league_invitation(
        &self,
        league: LeagueId,
        account: AccountId,
        now_ms: i64,
    ) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let query = B::Db::query(
                "UPDATE league_coaches SET accepted_at = $3 \
                 WHERE league_id = $1 AND account_id = $2 AND accepted_at IS NULL",
            )
            .arg(league)
            .arg(account)
            .arg(now_ms);
            Ok(execute(&mut *self.conn().await?, query).await? > 0)
        })
    }

    fn set_match_league<'a>(
        &'a self,
        id: &'a str,
        league: Option<LeagueId>,
    ) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let query = B::Db::query("UPDATE matches SET league_id = $1 WHERE id = $2")
                .arg(league)
                .arg(id);
            Ok(execute(&mut *self.conn().await?, query).await? > 0)
        })
    }

    fn league_matches(&self, league: LeagueId) -> StoreFuture<'_, Vec<MatchHeader>> {
        Box::pin(async move {
            let query = B::Db::query(concat!(
                header_select!(),
                " WHERE m.league_id = $1 ORDER BY m.created_at DESC, m.id DESC"
            ))
            .arg(league);
            fetch_all(&mut *self.conn().await?, query).await
        })
    }

    fn detach_league_match<'a>(
        &'a self,
        league: LeagueId,
        id: &'a str,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let query = B::Db::query(
                "UPDATE matches SET league_id = NULL WHERE id = $1 AND league_id = $2",
            )
            .arg(id)
            .arg(league);
            let mut conn = self.conn().await?;
            let mut tx = conn.begin().await.map_err(db)?;
            if execute(&mut *tx, query).await? == 0 {
                return Ok(false);
            }
            insert_log::<B::Db>(&mut *tx, league, LeagueAction::DetachMatch, &log).await?;
            tx.commit().await.map_err(db)?;
            Ok(true)
        })
    }

    fn remove_league_coach<'a>(
        &'a self,
        league: LeagueId,
        account: AccountId,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, CoachRemoval> {
        Box::pin(async move {
            let mut conn = self.conn().await?;
            let mut tx = conn.begin().await.map_err(db)?;
            let count = B::Db::query(
                "SELECT COUNT(*) AS id FROM matches WHERE league_id = $1 \
                 AND (home_account = $2 OR away_account = $2)",
            )
            .arg(league)
            .arg(account);
            let Id(attached): Id<i64> = fetch_one(&mut *tx, count).await?;
            if attached > 0 {
                return Ok(CoachRemoval::HasMatches(
                    u64::try_from(attached).unwrap_or_default(),
                ));
            }
            let delete =
                B::Db::query("DELETE FROM league_coaches WHERE league_id = $1 AND account_id = $2")
                    .arg(league)
                    .arg(account);
            if execute(&mut *tx, delete).await? == 0 {
                return Ok(CoachRemoval::NotRegistered);
            }
            insert_log::<B::Db>(&mut *tx, league, LeagueAction::RemoveCoach, &log).await?;
            tx.commit().await.map_err(db)?;
            Ok(CoachRemoval::Removed)
        })
    }

    fn delete_league<'a>(&'a self, league: LeagueId, log: LogLine<'a>) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let mut conn = self.conn().await?;
            let mut tx = conn.begin().await.map_err(db)?;
            let detach = B::Db::query("UPDATE matches SET league_id = NULL WHERE league_id = $1")
                .arg(league);
            execute(&mut *tx, detach).await?;
            let coaches =
                B::Db::query("DELETE FROM league_coaches WHERE league_id = $1").arg(league);
            execute(&mut *tx, coaches).await?;
            let delete = B::Db::query("DELETE FROM leagues WHERE id = $1").arg(league);
            if execute(&mut *tx, delete).await? == 0 {
                return Ok(false);
            }
            insert_log::<B::Db>(&mut *tx, league, LeagueAction::DeleteLeague, &log).await?;
            tx.commit().await.map_err(db)?;
            Ok(true)
        })
    }

    fn league_log(&self, league: LeagueId) -> StoreFuture<'_, Vec<LeagueLogEntry>> {
        Box::pin(async move {
            let query = B::Db::query(
                "SELECT g.league_id, a.name AS who, g.what, g.detail, g.at FROM league_log g \
                 JOIN accounts a ON a.id = g.account_id WHERE g.league_id = $1 \
                 ORDER BY g.at DESC, g.id DESC",
            )
            .arg(league);
            fetch_all(&mut *self.conn().await?, query).await
        })
    }
}
