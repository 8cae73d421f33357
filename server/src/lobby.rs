//! The lobby: which rooms exist, their summaries, and lobby changes pushed to clients.
//!
//! The room map sits behind a `std::sync::Mutex`: it is held only for map operations,
//! never across an `.await`, so a blocking mutex is cheaper than tokio's and cannot
//! deadlock. Lobby changes go out on a `broadcast` channel: one buffer shared by every
//! connection; a connection that lags behind it gets the full room list instead.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use dugout_protocol::{ErrorCode, RoomId, RoomSpec, RoomStatus, RoomSummary, TimerPolicy};
use tokio::sync::{broadcast, mpsc};

use crate::error::Failure;
use crate::room::{self, Request};
use crate::store::{AccountId, Store, now_ms};
use crate::{Limits, Shutdown};

/// Lobby changes buffered for slow connections before they must resync.
const CHANGES_BUFFER: usize = 256;

/// A handle to send requests to one room's task.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    pub id: RoomId,
    tx: mpsc::Sender<Request>,
}

impl RoomHandle {
    /// Queue a request for the room. Waits while the room's inbox is full (the room never
    /// waits on a client, so this is short); `Err` if the room is gone.
    pub async fn send(&self, request: Request) -> Result<(), Failure> {
        self.tx
            .send(request)
            .await
            .map_err(|_| Failure::new(ErrorCode::UnknownRoom, "the room is closed"))
    }
}

struct Entry {
    handle: RoomHandle,
    summary: RoomSummary,
    /// The account that made the room (`None`: brought back by recovery).
    creator: Option<AccountId>,
}

struct Inner {
    rooms: Mutex<HashMap<RoomId, Entry>>,
    /// Rooms being made, per creator (locked before `rooms` when both are).
    pending: Mutex<HashMap<AccountId, usize>>,
    changes: broadcast::Sender<RoomSummary>,
    store: Arc<dyn Store>,
    limits: Limits,
    shutdown: Shutdown,
    /// Several nodes (issue 14): where this node's public room changes go for the others,
    /// and the rooms the other nodes announced (see [`Lobby::remote_update`]).
    cluster: std::sync::OnceLock<ClusterLink>,
    /// Several nodes: where a room that lost its lease hands its local connections, so they
    /// follow it at its new owner (see [`Handoff`]).
    handoffs: std::sync::OnceLock<mpsc::UnboundedSender<Handoff>>,
    remote: Mutex<HashMap<RoomId, RemoteEntry>>,
}

/// This lobby's link to the other nodes' lobbies.
struct ClusterLink {
    node: String,
    changes: mpsc::UnboundedSender<RoomSummary>,
    /// A remote room not announced for this long is dropped from the list (its node died
    /// and nobody took it over yet; the new owner announces it again).
    ttl: std::time::Duration,
}

/// Several nodes (issue 14): a room this node lost (another node took its lease over) hands
/// over the local connections that followed it, with the seq each has been sent up to, so
/// they follow the room at its new owner (`cluster.rs`) instead of being left behind.
#[derive(Debug)]
pub struct Handoff {
    pub room: RoomId,
    /// `(member, last seq sent to it, whether it was lagging)`.
    pub members: Vec<(room::Member, u64, bool)>,
}

/// A room of another node, as that node announced it.
struct RemoteEntry {
    summary: RoomSummary,
    seen: std::time::Instant,
}

/// The set of rooms. Cheap to clone.
#[derive(Clone)]
pub struct Lobby {
    inner: Arc<Inner>,
}

/// A room being made, counted against its creator's cap until dropped.
struct Reservation {
    lobby: Lobby,
    creator: AccountId,
}

impl Drop for Reservation {
    fn drop(&mut self) {
        let mut pending = self.lobby.pending();
        if let Some(n) = pending.get_mut(&self.creator) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                pending.remove(&self.creator);
            }
        }
    }
}

impl std::fmt::Debug for Lobby {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lobby").finish_non_exhaustive()
    }
}

/// Check a room spec before a room is made for it.
pub fn check_spec(spec: &RoomSpec) -> Result<(), Failure> {
    spec.setup
        .validate()
        .map_err(|e| Failure::new(ErrorCode::InvalidSetup, e.to_string()))?;
    match spec.timer {
        TimerPolicy::PerTurn { seconds } | TimerPolicy::ChessClock { seconds } if seconds == 0 => {
            Err(Failure::new(
                ErrorCode::InvalidSetup,
                "a timer needs at least one second",
            ))
        }
        _ => Ok(()),
    }
}

impl Lobby {
    pub fn new(store: Arc<dyn Store>, limits: Limits, shutdown: Shutdown) -> Self {
        let (changes, _) = broadcast::channel(CHANGES_BUFFER);
        Lobby {
            inner: Arc::new(Inner {
                rooms: Mutex::new(HashMap::new()),
                pending: Mutex::new(HashMap::new()),
                changes,
                store,
                limits,
                shutdown,
                cluster: std::sync::OnceLock::new(),
                handoffs: std::sync::OnceLock::new(),
                remote: Mutex::new(HashMap::new()),
            }),
        }
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, HashMap<RoomId, Entry>> {
        // A panic while holding the lock cannot leave the map half-updated (every
        // operation is a single insert/remove/assign), so a poisoned lock is still usable.
        self.inner
            .rooms
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Make a room for `creator`: check the spec and the creator's room count, record the
    /// match, start the room's task.
    pub async fn create(&self, spec: RoomSpec, creator: AccountId) -> Result<RoomId, Failure> {
        check_spec(&spec)?;
        if self.inner.shutdown.is_triggered() {
            return Err(Failure::new(
                ErrorCode::ShuttingDown,
                "the server is shutting down",
            ));
        }
        // Held until the room is listed (or the creation fails): creations in flight count.
        let _reservation = self.reserve(creator)?;
        if let Some(league) = spec.league
            && let Some(found) = self.inner.store.league(league).await?
        {
            crate::leagues::game_check(&found, &spec.setup)?;
        }
        let id = uuid::Uuid::now_v7().to_string();
        // Several nodes (issue 14): the room's lease first, so no node can take the new
        // match for an orphan before it runs here.
        if let Some(leases) = self.inner.store.leases()
            && leases.node_id().is_some()
        {
            leases.take_new(&id).await?;
        }
        // The match is played under the newest rules version of its game, recorded now: the
        // room starts the game under the recorded version, and every replay uses it.
        let rules_version = spec.setup.kind().rules_version();
        if let Err(e) = self
            .inner
            .store
            .create_match(&id, &spec, rules_version, now_ms())
            .await
        {
            // No match, no room: let the lease go too.
            if let Some(leases) = self.inner.store.leases()
                && leases.node_id().is_some()
            {
                let _ = leases.release(&id).await;
            }
            return Err(e.into());
        }
        if let Some(league) = spec.league {
            self.inner.store.set_match_league(&id, Some(league)).await?;
        }
        self.launch(
            |ctx| room::Room::new(id.clone(), spec, rules_version, ctx),
            Some(creator),
        );
        Ok(id)
    }

    /// Count a room being made by `creator` against the per-account and server caps, in the
    /// same lock as the check, so two creations at the same instant cannot both pass it.
    fn reserve(&self, creator: AccountId) -> Result<Reservation, Failure> {
        let mut pending = self.pending();
        let rooms = self.rooms();
        let theirs = rooms
            .values()
            .filter(|e| {
                e.creator == Some(creator)
                    && matches!(e.summary.status, RoomStatus::Open | RoomStatus::Playing)
            })
            .count()
            + pending.get(&creator).copied().unwrap_or(0);
        if theirs >= self.inner.limits.max_rooms_per_account {
            return Err(Failure::new(
                ErrorCode::RateLimited,
                format!(
                    "you have {theirs} rooms open or being played, as many as one account may: \
                     finish or leave one first"
                ),
            ));
        }
        if rooms.len() + pending.values().sum::<usize>() >= self.inner.limits.max_rooms {
            return Err(Failure::new(
                ErrorCode::ServerFull,
                "the server has as many rooms as it takes; try later",
            ));
        }
        drop(rooms);
        *pending.entry(creator).or_insert(0) += 1;
        Ok(Reservation {
            lobby: self.clone(),
            creator,
        })
    }

    fn pending(&self) -> std::sync::MutexGuard<'_, HashMap<AccountId, usize>> {
        self.inner
            .pending
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Bring back a room rebuilt from the store after a restart (see [`crate::recovery`]).
    /// Restored rooms do not count against `max_rooms`: every unfinished match comes back.
    pub fn restore(&self, restored: crate::recovery::Restored) {
        self.launch(|ctx| room::Room::restore(restored, ctx), None);
    }

    /// Make a room's task with `make`, list the room, announce it, and start the task.
    fn launch(&self, make: impl FnOnce(room::Context) -> room::Room, creator: Option<AccountId>) {
        // Bounded: a flood of requests waits in the connections that send them (each waits
        // for its answer anyway), never as unbounded memory in the room.
        let (tx, rx) = mpsc::channel(self.inner.limits.room_inbox.max(1));
        let ctx = room::Context {
            store: self.inner.store.clone(),
            lobby: self.clone(),
            limits: self.inner.limits.clone(),
            shutdown: self.inner.shutdown.subscribe(),
            guard: self.inner.shutdown.guard(),
        };
        let room = make(ctx);
        let summary = room.summary();
        let id = summary.room.clone();
        let handle = RoomHandle { id: id.clone(), tx };
        self.rooms().insert(
            id,
            Entry {
                handle,
                summary: summary.clone(),
                creator,
            },
        );
        self.announce(&summary);
        // One task per room: it owns the game, so no lock guards it.
        tokio::spawn(room.run(rx));
    }

    /// The handle of room `id`.
    pub fn get(&self, id: &str) -> Option<RoomHandle> {
        self.rooms().get(id).map(|e| e.handle.clone())
    }

    /// Public rooms that are open or playing, oldest first (with several nodes: every
    /// node's).
    pub fn list_public(&self) -> Vec<RoomSummary> {
        let mut rooms: Vec<RoomSummary> = self
            .rooms()
            .values()
            .filter(|e| {
                !e.summary.private
                    && matches!(e.summary.status, RoomStatus::Open | RoomStatus::Playing)
            })
            .map(|e| e.summary.clone())
            .collect();
        if let Some(link) = self.inner.cluster.get() {
            let local = self.rooms();
            let mut remote = self.remote();
            remote.retain(|_, e| e.seen.elapsed() < link.ttl);
            rooms.extend(
                remote
                    .iter()
                    .filter(|(id, e)| {
                        !local.contains_key(*id)
                            && !e.summary.private
                            && matches!(e.summary.status, RoomStatus::Open | RoomStatus::Playing)
                    })
                    .map(|(_, e)| e.summary.clone()),
            );
        }
        // UUID v7 ids sort by creation time.
        rooms.sort_by(|a, b| a.room.cmp(&b.room));
        rooms
    }

    /// Rooms that exist (any status).
    pub fn len(&self) -> usize {
        self.rooms().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A room's summary changed (called by the room task).
    pub fn update(&self, summary: RoomSummary) {
        if let Some(entry) = self.rooms().get_mut(&summary.room) {
            entry.summary = summary.clone();
        }
        self.announce(&summary);
    }

    /// A public room moved on to `seq` (called by the room task after each step): the list
    /// shows the room's current seq without a lobby push per command.
    pub fn set_seq(&self, id: &str, seq: u64) {
        if let Some(entry) = self.rooms().get_mut(id) {
            entry.summary.seq = seq;
        }
    }

    /// A room's task ended (called by the room task).
    pub fn remove(&self, id: &str, mut last: RoomSummary) {
        self.rooms().remove(id);
        last.status = RoomStatus::Closed;
        self.announce(&last);
    }

    /// A room's task ended because the server is stopping while its match is being played:
    /// drop it without announcing it closed (it is recovered on the next start).
    pub fn forget(&self, id: &str) {
        self.rooms().remove(id);
    }

    /// Lobby changes of public rooms.
    pub fn subscribe(&self) -> broadcast::Receiver<RoomSummary> {
        self.inner.changes.subscribe()
    }

    fn announce(&self, summary: &RoomSummary) {
        if !summary.private {
            // An error only means nobody is listening.
            let _ = self.inner.changes.send(summary.clone());
            if let Some(link) = self.inner.cluster.get() {
                let _ = link.changes.send(summary.clone());
            }
        }
    }

    fn remote(&self) -> std::sync::MutexGuard<'_, HashMap<RoomId, RemoteEntry>> {
        self.inner
            .remote
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Several nodes (issue 14): send this node's public room changes to `changes` (for the
    /// other nodes), and keep the other nodes' rooms for `ttl` after their last announcement.
    pub fn set_cluster(
        &self,
        node: &str,
        changes: mpsc::UnboundedSender<RoomSummary>,
        ttl: std::time::Duration,
    ) {
        let _ = self.inner.cluster.set(ClusterLink {
            node: node.to_owned(),
            changes,
            ttl,
        });
    }

    /// Several nodes: send the connections of rooms this node loses to `tx`.
    pub fn set_handoff(&self, tx: mpsc::UnboundedSender<Handoff>) {
        let _ = self.inner.handoffs.set(tx);
    }

    /// A room lost its lease: its local connections go to the cluster (no-op on one node).
    pub fn hand_off(&self, handoff: Handoff) {
        if let Some(tx) = self.inner.handoffs.get() {
            let _ = tx.send(handoff);
        }
    }

    /// This node's id when it is one of several.
    pub fn node(&self) -> Option<&str> {
        self.inner.cluster.get().map(|l| l.node.as_str())
    }

    /// Another node announced a public room's summary: list it, and push it to this node's
    /// lobby subscribers (a closed room leaves the list).
    pub fn remote_update(&self, _node: &str, summary: RoomSummary) {
        if self.rooms().contains_key(&summary.room) {
            return;
        }
        let known = {
            let mut remote = self.remote();
            if matches!(summary.status, RoomStatus::Closed) {
                remote.remove(&summary.room).is_some()
            } else {
                let before = remote.insert(
                    summary.room.clone(),
                    RemoteEntry {
                        summary: summary.clone(),
                        seen: std::time::Instant::now(),
                    },
                );
                // A periodic refresh that changes nothing is not pushed to clients.
                before.is_some_and(|b| b.summary == summary)
            }
        };
        if !known && !summary.private {
            let _ = self.inner.changes.send(summary);
        }
    }

    /// This node's public open or playing rooms (for the other nodes' lists).
    pub fn local_summaries(&self) -> Vec<RoomSummary> {
        self.rooms()
            .values()
            .filter(|e| !e.summary.private)
            .map(|e| e.summary.clone())
            .collect()
    }
}
