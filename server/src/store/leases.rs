//! Room ownership on a shared Postgres (issue 14): leases and fencing epochs.
//!
//! Every live room is owned by one node, recorded in `room_leases` (migration 0008): the
//! owner's node id, an **epoch** (the fencing token) and when the lease expires, in
//! milliseconds of the **database's** clock (so the nodes' clocks never matter). The owner
//! renews its leases every third of their length. Any node may take a lease that has expired
//! (one conditional `UPDATE`, so one winner), and a takeover adds one to the epoch.
//!
//! The store fences every write of a room's log with it: [`Leases::epoch`] gives the epoch
//! this node holds the room under, and the append (Postgres's group commit,
//! `postgres.rs`) locks the room's lease row (`FOR SHARE`) and stores nothing unless the row
//! still names this node and this epoch. A node that was paused or cut off past its lease
//! therefore cannot write to the room again, whatever it believes: its append fails with
//! [`StoreError::Fenced`] and the room stops. The lock also orders the append against a
//! takeover: either the append commits first (and the new owner, which reads the log after
//! its takeover committed, sees it) or the takeover does (and the append is refused).
//!
//! The `cluster_nodes` table lists the nodes alive (a row renewed with the leases): it lets a
//! node without NATS refuse to start beside another live node, and it drives placement.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use sqlx::postgres::PgPool;
use sqlx::{AssertSqlSafe, Postgres, Row};

use super::StoreError;
use super::sql::db;

/// The database's clock in Unix milliseconds, as SQL.
const NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/// This node's identity and lease length, set once by [`Leases::enable`].
#[derive(Debug, Clone)]
struct Node {
    id: String,
    lease_ms: i64,
}

/// A node alive, as `cluster_nodes` has it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveNode {
    pub node: String,
    pub rooms: i64,
    pub capacity: i64,
}

/// A room no node holds a live lease on: it waits for a node to take it over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Orphan {
    pub room: String,
    /// How long ago its lease ran out (milliseconds; `i64::MAX` for a room never leased).
    pub expired_for_ms: i64,
}

/// The leases of one node on a Postgres store. Cheap to clone.
#[derive(Debug, Clone)]
pub struct Leases {
    pool: PgPool,
    node: Arc<OnceLock<Node>>,
    /// The rooms this node holds, with their epochs. A room missing here while leases are
    /// enabled is not ours: its appends are refused.
    held: Arc<Mutex<HashMap<String, i64>>>,
}

impl Leases {
    pub(super) fn new(pool: PgPool) -> Leases {
        Leases {
            pool,
            node: Arc::new(OnceLock::new()),
            held: Arc::default(),
        }
    }

    fn held(&self) -> std::sync::MutexGuard<'_, HashMap<String, i64>> {
        self.held.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Turn leases on for node `node` (once; later calls are ignored): from now on every
    /// append is fenced.
    pub fn enable(&self, node: &str, lease: Duration) {
        let lease_ms = i64::try_from(lease.as_millis()).unwrap_or(i64::MAX).max(1);
        let _ = self.node.set(Node {
            id: node.to_owned(),
            lease_ms,
        });
    }

    /// This node's id, once enabled.
    pub fn node_id(&self) -> Option<&str> {
        self.node.get().map(|n| n.id.as_str())
    }

    fn me(&self) -> Result<&Node, StoreError> {
        self.node
            .get()
            .ok_or_else(|| StoreError::Database("leases are not enabled".into()))
    }

    /// The fence of an append to `room`: `Ok(None)` while leases are off; the node and epoch
    /// this node holds it under; [`StoreError::Fenced`] if it holds no lease on it.
    pub fn fence(&self, room: &str) -> Result<Option<(String, i64)>, StoreError> {
        let Some(node) = self.node.get() else {
            return Ok(None);
        };
        match self.held().get(room) {
            Some(epoch) => Ok(Some((node.id.clone(), *epoch))),
            None => Err(StoreError::Fenced(format!(
                "node {} holds no lease on room {room}",
                node.id
            ))),
        }
    }

    /// The epoch this node holds `room` under.
    pub fn epoch(&self, room: &str) -> Option<i64> {
        self.held().get(room).copied()
    }

    /// The rooms this node holds.
    pub fn held_rooms(&self) -> Vec<String> {
        self.held().keys().cloned().collect()
    }

    /// Register this node as alive. `nats`: it runs with a message bus. Without one, it
    /// refuses to start while another node is alive or holds a live lease (two nodes that
    /// cannot route to each other would each serve their own rooms behind one address, and
    /// coaches would be told rooms do not exist).
    pub async fn register(&self, nats: bool, capacity: usize) -> Result<(), StoreError> {
        let me = self.me()?;
        if !nats {
            let row = sqlx::query(AssertSqlSafe(format!(
                "SELECT (SELECT string_agg(node_id, ', ') FROM cluster_nodes \
                   WHERE node_id <> $1 AND expires_at > {NOW_MS}), \
                 (SELECT string_agg(DISTINCT node_id, ', ') FROM room_leases \
                   WHERE node_id <> $1 AND expires_at > {NOW_MS})"
            )))
            .bind(&me.id)
            .fetch_one(&self.pool)
            .await
            .map_err(db)?;
            let nodes: Option<String> = row.try_get(0).map_err(db)?;
            let leased: Option<String> = row.try_get(1).map_err(db)?;
            if let Some(others) = nodes.or(leased) {
                return Err(StoreError::NodeConflict(format!(
                    "another server node is alive on this database ({others}); several \
                     nodes need a message bus between them: start every node with \
                     --nats-url (or NATS_URL), or stop the other node first"
                )));
            }
        }
        self.heartbeat(nats, 0, capacity).await
    }

    /// Renew this node's row (alive for one more lease) with its room count.
    pub async fn heartbeat(
        &self,
        nats: bool,
        rooms: usize,
        capacity: usize,
    ) -> Result<(), StoreError> {
        let me = self.me()?;
        sqlx::query(AssertSqlSafe(format!(
            "INSERT INTO cluster_nodes (node_id, expires_at, rooms, capacity, nats) \
             VALUES ($1, {NOW_MS} + $2, $3, $4, $5) \
             ON CONFLICT (node_id) DO UPDATE SET expires_at = EXCLUDED.expires_at, \
             rooms = EXCLUDED.rooms, capacity = EXCLUDED.capacity, nats = EXCLUDED.nats"
        )))
        .bind(&me.id)
        .bind(me.lease_ms)
        .bind(i64::try_from(rooms).unwrap_or(i64::MAX))
        .bind(i64::try_from(capacity).unwrap_or(i64::MAX))
        .bind(nats)
        .execute(&self.pool)
        .await
        .map_err(db)?;
        Ok(())
    }

    /// The nodes alive, fewest rooms first, then by id: the placement order.
    pub async fn live_nodes(&self) -> Result<Vec<LiveNode>, StoreError> {
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT node_id, rooms, capacity FROM cluster_nodes WHERE expires_at > {NOW_MS} \
             ORDER BY rooms, node_id"
        )))
        .fetch_all(&self.pool)
        .await
        .map_err(db)?;
        rows.iter()
            .map(|r| {
                Ok(LiveNode {
                    node: r.try_get(0).map_err(db)?,
                    rooms: r.try_get(1).map_err(db)?,
                    capacity: r.try_get(2).map_err(db)?,
                })
            })
            .collect()
    }

    /// A lease on a room being made now (no one else can know of it yet): epoch 1.
    pub async fn take_new(&self, room: &str) -> Result<i64, StoreError> {
        let me = self.me()?;
        let row = sqlx::query(AssertSqlSafe(format!(
            "INSERT INTO room_leases (room_id, node_id, epoch, expires_at) \
             VALUES ($1, $2, 1, {NOW_MS} + $3) ON CONFLICT (room_id) DO NOTHING RETURNING epoch"
        )))
        .bind(room)
        .bind(&me.id)
        .bind(me.lease_ms)
        .fetch_optional(&self.pool)
        .await
        .map_err(db)?;
        let Some(row) = row else {
            return Err(StoreError::Fenced(format!(
                "room {room} already has a lease"
            )));
        };
        let epoch: i64 = row.try_get(0).map_err(db)?;
        self.held().insert(room.to_owned(), epoch);
        Ok(epoch)
    }

    /// Take over `room` if its lease has run out (or it has none; `mine_too`: or it is held
    /// by this node's id, which a node restarting under the same id does for its own rooms).
    /// The epoch grows by one. `None`: another node holds it.
    pub async fn take_over(&self, room: &str, mine_too: bool) -> Result<Option<i64>, StoreError> {
        let me = self.me()?;
        let row = sqlx::query(AssertSqlSafe(format!(
            "UPDATE room_leases SET node_id = $2, epoch = epoch + 1, expires_at = {NOW_MS} + $3 \
             WHERE room_id = $1 AND (expires_at <= {NOW_MS} OR ($4 AND node_id = $2)) \
             RETURNING epoch"
        )))
        .bind(room)
        .bind(&me.id)
        .bind(me.lease_ms)
        .bind(mine_too)
        .fetch_optional(&self.pool)
        .await
        .map_err(db)?;
        let epoch = match row {
            Some(row) => Some(row.try_get::<i64, _>(0).map_err(db)?),
            // No row at all: a match from before leases (or a room whose lease was
            // released as it retired while its match stayed unfinished).
            None => sqlx::query(AssertSqlSafe(format!(
                "INSERT INTO room_leases (room_id, node_id, epoch, expires_at) \
                 VALUES ($1, $2, 1, {NOW_MS} + $3) ON CONFLICT (room_id) DO NOTHING \
                 RETURNING epoch"
            )))
            .bind(room)
            .bind(&me.id)
            .bind(me.lease_ms)
            .fetch_optional(&self.pool)
            .await
            .map_err(db)?
            .map(|row| row.try_get::<i64, _>(0))
            .transpose()
            .map_err(db)?,
        };
        if let Some(epoch) = epoch {
            self.held().insert(room.to_owned(), epoch);
        }
        Ok(epoch)
    }

    /// Renew every lease this node holds (one statement). Returns the rooms whose lease is
    /// no longer ours (taken over after it ran out while this node was paused or cut off):
    /// they are dropped from [`Leases::held`], so their appends are refused from now on.
    pub async fn renew(&self) -> Result<Vec<String>, StoreError> {
        let me = self.me()?;
        let (rooms, epochs): (Vec<String>, Vec<i64>) =
            self.held().iter().map(|(r, e)| (r.clone(), *e)).unzip();
        if rooms.is_empty() {
            return Ok(Vec::new());
        }
        // In room order, as the appends lock them: no deadlock between the two.
        let rows = sqlx::query(AssertSqlSafe(format!(
            "UPDATE room_leases l SET expires_at = {NOW_MS} + $4 \
             FROM (SELECT x.room_id FROM UNNEST($1::text[], $2::bigint[]) AS x(room_id, epoch) \
                   JOIN room_leases k ON k.room_id = x.room_id AND k.epoch = x.epoch \
                   AND k.node_id = $3 ORDER BY x.room_id FOR UPDATE OF k) AS mine \
             WHERE l.room_id = mine.room_id RETURNING l.room_id"
        )))
        .bind(&rooms)
        .bind(&epochs)
        .bind(&me.id)
        .bind(me.lease_ms)
        .fetch_all(&self.pool)
        .await
        .map_err(db)?;
        let renewed: std::collections::HashSet<String> = rows
            .iter()
            .filter_map(|r| r.try_get::<String, _>(0).ok())
            .collect();
        let mut held = self.held();
        let lost: Vec<String> = rooms.into_iter().filter(|r| !renewed.contains(r)).collect();
        for room in &lost {
            held.remove(room);
        }
        Ok(lost)
    }

    /// Let go of a room that retired (its match is over or was closed): its row goes.
    pub async fn release(&self, room: &str) -> Result<(), StoreError> {
        let me = self.me()?;
        let Some(epoch) = self.held().remove(room) else {
            return Ok(());
        };
        sqlx::query("DELETE FROM room_leases WHERE room_id = $1 AND node_id = $2 AND epoch = $3")
            .bind(room)
            .bind(&me.id)
            .bind(epoch)
            .execute(&self.pool)
            .await
            .map_err(db)?;
        Ok(())
    }

    /// Stop holding a room whose task stopped without retiring (its lease lost, or the room
    /// fenced): its appends are refused from now on; the row stays for its new owner.
    pub fn forget(&self, room: &str) {
        self.held().remove(room);
    }

    /// Hand every room over at once (graceful shutdown, after the rooms stopped): the leases
    /// expire now, so other nodes take them over without waiting, and this node's row goes.
    pub async fn release_all(&self) -> Result<usize, StoreError> {
        let me = self.me()?;
        let (rooms, epochs): (Vec<String>, Vec<i64>) = self.held().drain().unzip();
        let done = sqlx::query(AssertSqlSafe(format!(
            "UPDATE room_leases l SET expires_at = {NOW_MS} \
             FROM UNNEST($1::text[], $2::bigint[]) AS x(room_id, epoch) \
             WHERE l.room_id = x.room_id AND l.epoch = x.epoch AND l.node_id = $3"
        )))
        .bind(&rooms)
        .bind(&epochs)
        .bind(&me.id)
        .execute(&self.pool)
        .await
        .map_err(db)?;
        sqlx::query("DELETE FROM cluster_nodes WHERE node_id = $1")
            .bind(&me.id)
            .execute(&self.pool)
            .await
            .map_err(db)?;
        Ok(usize::try_from(done.rows_affected()).unwrap_or(usize::MAX))
    }

    /// Unfinished matches (open or playing) that no node holds a live lease on, oldest
    /// first.
    pub async fn orphans(&self) -> Result<Vec<Orphan>, StoreError> {
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT m.id, CASE WHEN l.room_id IS NULL THEN 9223372036854775807 \
                    ELSE {NOW_MS} - l.expires_at END \
             FROM matches m LEFT JOIN room_leases l ON l.room_id = m.id \
             WHERE m.status IN ('open', 'playing') \
               AND (l.room_id IS NULL OR l.expires_at <= {NOW_MS}) \
             ORDER BY m.created_at, m.id"
        )))
        .fetch_all(&self.pool)
        .await
        .map_err(db)?;
        rows.iter()
            .map(|r| {
                Ok(Orphan {
                    room: r.try_get(0).map_err(db)?,
                    expired_for_ms: r.try_get(1).map_err(db)?,
                })
            })
            .collect()
    }

    /// Unfinished matches whose lease names this node's id (a node restarting under its id
    /// takes its own rooms back at once, without waiting for their leases to run out).
    pub async fn mine(&self) -> Result<Vec<String>, StoreError> {
        let me = self.me()?;
        let rows = sqlx::query(
            "SELECT m.id FROM matches m JOIN room_leases l ON l.room_id = m.id \
             WHERE m.status IN ('open', 'playing') AND l.node_id = $1 \
             ORDER BY m.created_at, m.id",
        )
        .bind(&me.id)
        .fetch_all(&self.pool)
        .await
        .map_err(db)?;
        rows.iter().map(|r| r.try_get(0).map_err(db)).collect()
    }

    /// Who serves `room` now, as the leases say (see [`Owner`]).
    pub async fn owner(&self, room: &str) -> Result<Owner, StoreError> {
        let row = sqlx::query(AssertSqlSafe(format!(
            "SELECT node_id, expires_at > {NOW_MS} FROM room_leases WHERE room_id = $1"
        )))
        .bind(room)
        .fetch_optional(&self.pool)
        .await
        .map_err(db)?;
        let Some(row) = row else {
            // No lease: either no such room or an unfinished match nobody took yet.
            let unfinished = sqlx::query::<Postgres>(
                "SELECT 1 FROM matches WHERE id = $1 AND status IN ('open', 'playing')",
            )
            .bind(room)
            .fetch_optional(&self.pool)
            .await
            .map_err(db)?;
            return Ok(if unfinished.is_some() {
                Owner::Moving
            } else {
                Owner::None
            });
        };
        let node: String = row.try_get(0).map_err(db)?;
        let live: bool = row.try_get(1).map_err(db)?;
        Ok(if live {
            Owner::Node(node)
        } else {
            Owner::Moving
        })
    }
}

/// Who serves a room, as the leases say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Owner {
    /// This node holds a live lease on it.
    Node(String),
    /// Its lease ran out (or it has none yet): a node is about to take it over.
    Moving,
    /// No such live room.
    None,
}
