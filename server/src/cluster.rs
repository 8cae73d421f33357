//! Several server nodes, one service (issue 14): room ownership, routing over NATS, failover.
//!
//! Design (docs/server.md, "Several nodes"):
//!
//! * **Ownership.** Postgres is the source of truth: every live room is owned by one node,
//!   which holds its lease ([`crate::store::leases`]); every write of its log is fenced by the
//!   lease's epoch. [`Node`] runs the lease loop of one node (with or without NATS): it renews
//!   the leases and the node's row every third of a lease, stops the rooms whose lease was
//!   lost, and takes over the rooms whose lease ran out ([`Node::scan`], placement below),
//!   recovering each from its log with [`crate::recovery`].
//! * **Routing** ([`Cluster`], only with `--nats-url`). Each node subscribes to one subject,
//!   `dugout.node.<id>`. A connection asking a room this node does not own sends the request
//!   there for the owner (the owner is found in the leases, cached); the owner makes a
//!   **proxy subscriber** for that remote connection (a local queue like a socket's, so the
//!   room's per-seat projection, lag handling and ordering do not change) and a forwarder
//!   publishes what the room queues for it, then the answer, to the asking node's subject, in
//!   order (one publisher, one subject): the data a request causes still precedes its ack.
//!   The asking node hands them to the socket's queue. An answer that does not come (the owner
//!   died, or no longer has the room) is asked again of the owner the leases then name, until
//!   [`Cluster::patience`]; commands are idempotent by their ids, so a retry never applies
//!   one twice.
//! * **Failover.** The new owner announces itself on `dugout.cluster.owner`; every node with a
//!   connection following the room subscribes it again at the new owner with `resume` from the
//!   last seq it relayed to that connection, so the connection goes on with contiguous seqs.
//! * **Lobby.** Each node publishes its public rooms' summaries on `dugout.cluster.lobby`
//!   (every change, and all of them every lease period); every node merges them into its
//!   list and pushes them to its lobby subscribers ([`crate::lobby::Lobby::remote_update`]).
//! * **Placement.** A new room is made on the node the creator is connected to (behind a
//!   load balancer: spread like the connections). A room taken over goes, among the live
//!   nodes with capacity sorted by (rooms, node id), to the node at its index modulo their
//!   number; any node takes a room that stayed orphaned for two leases more (its assignee
//!   died too).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use dugout_protocol::{ErrorCode, RequestId, RoomId, RoomSpec, RoomSummary};
use dugout_rules::AnyCommand;
use dugout_rules::core::Side;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use crate::error::Failure;
use crate::lobby::{Lobby, RoomHandle};
use crate::room::{ConnId, LagFlags, Member, Outgoing, Reply, Request};
use crate::store::leases::{Leases, Owner};
use crate::store::{Account, AccountId, Store};

/// The default lease: long enough that a busy database never makes a live owner lose its
/// rooms, short enough that a dead owner's matches move within seconds.
pub const DEFAULT_LEASE: Duration = Duration::from_secs(10);

/// How this process takes part in a cluster.
#[derive(Debug, Clone, PartialEq)]
pub struct ClusterConfig {
    /// NATS server URL (`--nats-url`, `NATS_URL`); `None`: no message bus (one node).
    pub nats_url: Option<String>,
    /// This node's id (`--node-id`): unique among the nodes; a node restarted under the same
    /// id takes its own rooms back at once.
    pub node_id: String,
    /// How long a lease lasts (renewed every third of it).
    pub lease: Duration,
    /// The first token of every NATS subject (`--nats-prefix`): clusters sharing one NATS
    /// server (tests, staging beside production) keep apart with different prefixes.
    pub prefix: String,
}

impl Default for ClusterConfig {
    fn default() -> Self {
        ClusterConfig {
            nats_url: None,
            node_id: default_node_id(),
            lease: DEFAULT_LEASE,
            prefix: "dugout".into(),
        }
    }
}

/// The host's name, or `dugout`: a node's id when none is given.
pub fn default_node_id() -> String {
    let name = std::env::var("HOSTNAME")
        .ok()
        .or_else(|| std::fs::read_to_string("/etc/hostname").ok())
        .map(|s| s.trim().to_owned())
        .unwrap_or_default();
    let clean: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .take(64)
        .collect();
    if clean.is_empty() {
        "dugout".into()
    } else {
        clean
    }
}

/// A node id must be usable as a NATS subject token.
pub fn check_node_id(id: &str) -> Result<(), String> {
    if id.is_empty()
        || id.len() > 64
        || !id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(format!(
            "node id {id:?}: use 1 to 64 letters, digits, '-' or '_'"
        ));
    }
    Ok(())
}

// ----- the wire between nodes ----------------------------------------------------------

/// An account as a remote room needs it.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct WireAccount {
    id: AccountId,
    name: String,
    bot: bool,
}

impl From<&Account> for WireAccount {
    fn from(a: &Account) -> Self {
        WireAccount {
            id: a.id,
            name: a.name.clone(),
            bot: a.bot,
        }
    }
}

impl From<WireAccount> for Account {
    fn from(a: WireAccount) -> Self {
        Account {
            id: a.id,
            name: a.name,
            bot: a.bot,
        }
    }
}

/// A connection's request to a room on another node ([`Request`] without its channels).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "r", rename_all = "snake_case")]
enum Body {
    Join {
        account: WireAccount,
        seat: Option<Side>,
        entropy: Option<Vec<u8>>,
    },
    Spectate {
        account: WireAccount,
    },
    Resume {
        account: WireAccount,
        last_seq: u64,
    },
    Leave,
    Ready,
    Concede,
    ClaimWin,
    Command {
        id: RequestId,
        command: AnyCommand,
    },
    Snapshot,
    Chat {
        text: String,
    },
    Resync,
    Gone,
}

impl Body {
    /// Does this request subscribe the connection to the room?
    fn subscribes(&self) -> bool {
        matches!(
            self,
            Body::Join { .. } | Body::Spectate { .. } | Body::Resume { .. }
        )
    }

    /// The room request, for connection `conn` (the member: `out` and `lag` of the queue the
    /// room writes to).
    fn into_request(
        self,
        conn: ConnId,
        out: mpsc::Sender<Outgoing>,
        lag: Arc<LagFlags>,
        reply: oneshot::Sender<Reply>,
    ) -> Request {
        let member = |account: WireAccount| Member {
            conn,
            account: account.into(),
            out: out.clone(),
            lag: lag.clone(),
        };
        match self {
            Body::Join {
                account,
                seat,
                entropy,
            } => Request::Join {
                member: member(account),
                seat,
                entropy,
                reply,
            },
            Body::Spectate { account } => Request::Spectate {
                member: member(account),
                reply,
            },
            Body::Resume { account, last_seq } => Request::Resume {
                member: member(account),
                last_seq,
                reply,
            },
            Body::Leave => Request::Leave { conn, reply },
            Body::Ready => Request::Ready { conn, reply },
            Body::Concede => Request::Concede { conn, reply },
            Body::ClaimWin => Request::ClaimWin { conn, reply },
            Body::Command { id, command } => Request::Command {
                conn,
                id,
                command,
                reply,
            },
            Body::Snapshot | Body::Resync => Request::Snapshot { conn, reply },
            Body::Chat { text } => Request::Chat { conn, text, reply },
            Body::Gone => Request::Gone { conn },
        }
    }
}

/// A local request split into what crosses the wire, its answer channel and its member.
fn split(request: Request) -> (Body, Option<oneshot::Sender<Reply>>, Option<Member>) {
    match request {
        Request::Join {
            member,
            seat,
            entropy,
            reply,
        } => (
            Body::Join {
                account: (&member.account).into(),
                seat,
                entropy,
            },
            Some(reply),
            Some(member),
        ),
        Request::Spectate { member, reply } => (
            Body::Spectate {
                account: (&member.account).into(),
            },
            Some(reply),
            Some(member),
        ),
        Request::Resume {
            member,
            last_seq,
            reply,
        } => (
            Body::Resume {
                account: (&member.account).into(),
                last_seq,
            },
            Some(reply),
            Some(member),
        ),
        Request::Leave { reply, .. } => (Body::Leave, Some(reply), None),
        Request::Ready { reply, .. } => (Body::Ready, Some(reply), None),
        Request::Concede { reply, .. } => (Body::Concede, Some(reply), None),
        Request::ClaimWin { reply, .. } => (Body::ClaimWin, Some(reply), None),
        Request::Command {
            id, command, reply, ..
        } => (Body::Command { id, command }, Some(reply), None),
        Request::Snapshot { reply, .. } => (Body::Snapshot, Some(reply), None),
        Request::Chat { text, reply, .. } => (Body::Chat { text }, Some(reply), None),
        Request::Resync { .. } => (Body::Resync, None, None),
        Request::Gone { .. } | Request::Evict => (Body::Gone, None, None),
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct WireFailure {
    code: ErrorCode,
    message: String,
}

/// The header of a message on a node's subject (a JSON line; an `out` message's text to
/// the client follows it, as is).
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
enum Wire {
    /// A connection of node `from` asks room `room` (owned by the receiver).
    Req {
        from: String,
        req: u64,
        conn: ConnId,
        room: RoomId,
        body: Body,
        /// The asking node believes the connection is subscribed here: if this process has
        /// no subscriber for it (it restarted), say so rather than ask the room.
        #[serde(default)]
        follows: bool,
    },
    /// For connection `conn` of the receiver, from room `room`: the text after the header.
    Out { conn: ConnId, room: RoomId },
    /// The answer to request `req`.
    Reply {
        req: u64,
        /// The answering process (see [`Follow::owner`]).
        instance: u64,
        result: Result<u64, WireFailure>,
    },
    /// The connection of request `req` is not subscribed to the room in this process:
    /// subscribe it again (resume), then ask again.
    NotSubscribed { req: u64 },
    /// The receiver does not have the room (any more): ask its owner again.
    NotHere { req: u64 },
    /// Make a room here for `creator` (the asking node is full).
    Create {
        from: String,
        req: u64,
        spec: Box<RoomSpec>,
        creator: AccountId,
    },
    /// The answer to a [`Wire::Create`].
    Created {
        req: u64,
        result: Result<RoomId, WireFailure>,
    },
}

/// Broadcasts between all nodes (`dugout.cluster.*`).
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
enum Broadcast {
    /// A room's summary changed on `node` (its owner).
    Lobby { node: String, room: RoomSummary },
    /// `node` (its process `instance`) owns `room` now (after a takeover).
    Owner {
        node: String,
        instance: u64,
        room: RoomId,
    },
    /// A node starting asks every node for its rooms' summaries.
    Sync { node: String },
    /// `node` let go of its rooms (graceful shutdown): take them over now.
    Released { node: String },
}

fn encode(header: &Wire, text: Option<&str>) -> Bytes {
    let mut buf = serde_json::to_vec(header).unwrap_or_default();
    if let Some(text) = text {
        buf.push(b'\n');
        buf.extend_from_slice(text.as_bytes());
    }
    Bytes::from(buf)
}

fn decode(payload: &[u8]) -> Option<(Wire, &[u8])> {
    let (head, rest) = match payload.iter().position(|b| *b == b'\n') {
        Some(i) => (&payload[..i], &payload[i + 1..]),
        None => (payload, &[][..]),
    };
    serde_json::from_slice(head).ok().map(|w| (w, rest))
}

/// What the asking node waits for.
enum Answer {
    Reply(Reply, u64),
    NotSubscribed,
    Created(Result<RoomId, Failure>),
    NotHere,
}

fn failure(f: WireFailure) -> Failure {
    Failure::new(f.code, f.message)
}

fn wire_failure(f: &Failure) -> WireFailure {
    WireFailure {
        code: f.code,
        message: f.message.clone(),
    }
}

// ----- the asking side: connections following remote rooms ------------------------------

/// A local connection following a room owned by another node.
struct Follow {
    account: Account,
    out: mpsc::Sender<Outgoing>,
    lag: Arc<LagFlags>,
    /// The last seq relayed to it (events or snapshot): where a re-subscription resumes.
    last_seq: AtomicU64,
    /// Its queue was full: drop what comes until the snapshot its resync asks for.
    dropping: AtomicBool,
    /// The node its subscription lives on (`None`: not subscribed yet). Held while
    /// (re)subscribing, so two re-subscriptions never both resume.
    /// The node and its process (an id drawn at each start: a node restarted under the same
    /// id is another process, which knows nothing of the old one's subscribers).
    owner: tokio::sync::Mutex<Option<(String, u64)>>,
    /// Its subscription lives on this node's own copy of the room, which writes to the socket
    /// itself: what other nodes still relay for it is stale (an old owner's last messages,
    /// late) and is dropped. Set with `owner`.
    local: AtomicBool,
}

/// The top-level `type` and `seq` of a message relayed to a client.
#[derive(Deserialize)]
struct Probe {
    #[serde(rename = "type")]
    kind: String,
    seq: Option<u64>,
    /// An events message's events (only their seqs are read).
    events: Option<Vec<ProbeEvent>>,
}

#[derive(Deserialize)]
struct ProbeEvent {
    seq: u64,
}

// ----- the owning side: proxies for remote connections --------------------------------

/// A remote connection as a room on this node sees it.
struct Proxy {
    conn: ConnId,
    out: mpsc::Sender<Outgoing>,
    lag: Arc<LagFlags>,
    replies: mpsc::UnboundedSender<(u64, Reply)>,
}

type ProxyKey = (String, ConnId, RoomId);

struct Inner {
    node: String,
    /// This process, among the processes that ran under this node id.
    instance: u64,
    prefix: String,
    nats: async_nats::Client,
    lobby: Lobby,
    leases: Leases,
    lease: Duration,
    outbound_queue: usize,
    next_req: AtomicU64,
    next_proxy: AtomicU64,
    pending: Mutex<HashMap<u64, oneshot::Sender<Answer>>>,
    owners: Mutex<HashMap<RoomId, String>>,
    follows: Mutex<HashMap<(RoomId, ConnId), Arc<Follow>>>,
    proxies: Mutex<HashMap<ProxyKey, Arc<Proxy>>>,
    /// Woken when a node released its rooms: scan for orphans now.
    scan_now: tokio::sync::Notify,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// This node's part of the cluster's message bus. Cheap to clone.
#[derive(Clone)]
pub struct Cluster {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Cluster {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cluster")
            .field("node", &self.inner.node)
            .finish_non_exhaustive()
    }
}

impl Cluster {
    /// Connect to NATS and start serving this node's subject and the cluster broadcasts.
    pub async fn connect(
        config: &ClusterConfig,
        url: &str,
        lobby: Lobby,
        leases: Leases,
        outbound_queue: usize,
    ) -> Result<Cluster, String> {
        let node = config.node_id.as_str();
        let lease = config.lease;
        let prefix = config.prefix.as_str();
        let nats = async_nats::ConnectOptions::new()
            .name(format!("dugout-server {node}"))
            .connect(url)
            .await
            .map_err(|e| format!("cannot connect to NATS at {url}: {e}"))?;
        let mine = nats
            .subscribe(format!("{prefix}.node.{node}"))
            .await
            .map_err(|e| format!("NATS subscribe: {e}"))?;
        let broadcasts = nats
            .subscribe(format!("{prefix}.cluster.>"))
            .await
            .map_err(|e| format!("NATS subscribe: {e}"))?;
        let cluster = Cluster {
            inner: Arc::new(Inner {
                node: node.to_owned(),
                instance: {
                    let mut b = [0u8; 8];
                    let _ = getrandom::fill(&mut b);
                    u64::from_le_bytes(b) | 1
                },
                prefix: prefix.to_owned(),
                nats,
                lobby: lobby.clone(),
                leases,
                lease,
                // A proxy's queue waits on NATS publishing, not on a socket: deeper than a
                // socket's, so a busy bus does not make the room resync its connections.
                outbound_queue: (outbound_queue * 8).max(1024),
                next_req: AtomicU64::new(1),
                // Far above the connection ids a node hands out (from 1).
                next_proxy: AtomicU64::new(1 << 62),
                pending: Mutex::default(),
                owners: Mutex::default(),
                follows: Mutex::default(),
                proxies: Mutex::default(),
                scan_now: tokio::sync::Notify::new(),
            }),
        };
        tokio::spawn(cluster.clone().serve_node(mine));
        tokio::spawn(cluster.clone().serve_broadcasts(broadcasts));
        let (tx, rx) = mpsc::unbounded_channel();
        lobby.set_cluster(node, tx, lease * 3);
        let (handoffs, handoffs_rx) = mpsc::unbounded_channel();
        lobby.set_handoff(handoffs);
        tokio::spawn(cluster.clone().take_handoffs(handoffs_rx));
        tokio::spawn(cluster.clone().publish_lobby(rx));
        cluster
            .broadcast(&Broadcast::Sync {
                node: node.to_owned(),
            })
            .await;
        Ok(cluster)
    }

    pub fn node(&self) -> &str {
        &self.inner.node
    }

    /// The subject node `node` serves.
    fn node_subject(&self, node: &str) -> String {
        format!("{}.node.{node}", self.inner.prefix)
    }

    /// How long a request to a remote room may wait for its owner (a failover included).
    pub fn patience(&self) -> Duration {
        self.inner.lease * 3 + Duration::from_secs(5)
    }

    async fn publish(&self, subject: String, payload: Bytes) {
        if let Err(e) = self.inner.nats.publish(subject, payload).await {
            tracing::warn!("NATS publish: {e}");
        }
    }

    async fn broadcast(&self, b: &Broadcast) {
        let topic = match b {
            Broadcast::Lobby { .. } => "lobby",
            Broadcast::Owner { .. } => "owner",
            Broadcast::Sync { .. } => "sync",
            Broadcast::Released { .. } => "released",
        };
        let subject = format!("{}.cluster.{topic}", self.inner.prefix);
        let payload = Bytes::from(serde_json::to_vec(b).unwrap_or_default());
        self.publish(subject, payload).await;
    }

    /// Tell every node that this node owns `room` now.
    pub async fn announce_owner(&self, room: &str) {
        self.broadcast(&Broadcast::Owner {
            node: self.inner.node.clone(),
            instance: self.inner.instance,
            room: room.to_owned(),
        })
        .await;
        // This node's own connections that followed the room elsewhere move here too.
        self.owner_changed(room, &self.inner.node.clone(), self.inner.instance);
    }

    /// Tell every node that this node let go of its rooms (graceful shutdown).
    pub async fn announce_released(&self) {
        self.broadcast(&Broadcast::Released {
            node: self.inner.node.clone(),
        })
        .await;
        let _ = self.inner.nats.flush().await;
    }

    /// Resolves when another node released its rooms.
    pub async fn released(&self) {
        self.inner.scan_now.notified().await;
    }

    /// Publish every public room of this node (the periodic refresh of the merged lobby).
    pub async fn refresh_lobby(&self) {
        for room in self.inner.lobby.local_summaries() {
            self.broadcast(&Broadcast::Lobby {
                node: self.inner.node.clone(),
                room,
            })
            .await;
        }
    }

    async fn publish_lobby(self, mut rx: mpsc::UnboundedReceiver<RoomSummary>) {
        while let Some(room) = rx.recv().await {
            self.broadcast(&Broadcast::Lobby {
                node: self.inner.node.clone(),
                room,
            })
            .await;
        }
    }

    async fn serve_broadcasts(self, mut sub: async_nats::Subscriber) {
        while let Some(msg) = sub.next().await {
            let Ok(b) = serde_json::from_slice::<Broadcast>(&msg.payload) else {
                continue;
            };
            match b {
                Broadcast::Lobby { node, room } => {
                    if node != self.inner.node {
                        lock(&self.inner.owners).insert(room.room.clone(), node.clone());
                        self.inner.lobby.remote_update(&node, room);
                    }
                }
                Broadcast::Owner {
                    node,
                    instance,
                    room,
                } => {
                    if node != self.inner.node {
                        lock(&self.inner.owners).insert(room.clone(), node.clone());
                        self.owner_changed(&room, &node, instance);
                    }
                }
                Broadcast::Sync { node } => {
                    if node != self.inner.node {
                        let me = self.clone();
                        tokio::spawn(async move { me.refresh_lobby().await });
                    }
                }
                Broadcast::Released { node } => {
                    if node != self.inner.node {
                        lock(&self.inner.owners).retain(|_, n| *n != node);
                        self.inner.scan_now.notify_one();
                    }
                }
            }
        }
    }

    /// Rooms this node lost: their local connections follow them at their new owners.
    async fn take_handoffs(self, mut rx: mpsc::UnboundedReceiver<crate::lobby::Handoff>) {
        while let Some(handoff) = rx.recv().await {
            let room = handoff.room;
            let mut conns = Vec::new();
            {
                let mut follows = lock(&self.inner.follows);
                for (member, seq, lagging) in handoff.members {
                    // A proxy is another node's connection: that node moves it itself.
                    if member.conn >= 1 << 62 {
                        continue;
                    }
                    if lagging {
                        // It missed events: it gets a snapshot once its queue drained.
                        member.lag.mark(&room);
                    }
                    conns.push(member.conn);
                    follows.insert(
                        (room.clone(), member.conn),
                        Arc::new(Follow {
                            account: member.account,
                            out: member.out,
                            lag: member.lag,
                            last_seq: AtomicU64::new(seq),
                            dropping: AtomicBool::new(lagging),
                            owner: tokio::sync::Mutex::new(None),
                            local: AtomicBool::new(false),
                        }),
                    );
                }
            }
            if conns.is_empty() {
                continue;
            }
            // Follow it at its new owner as soon as the leases name one.
            let me = self.clone();
            tokio::spawn(async move {
                let deadline = Instant::now() + me.patience();
                while Instant::now() < deadline {
                    match me.route(&room).await {
                        Ok(Some(node)) => {
                            let mut pending = false;
                            for conn in &conns {
                                if me
                                    .ensure_subscribed(&room, *conn, &node, None)
                                    .await
                                    .is_err()
                                {
                                    pending = true;
                                }
                            }
                            if !pending {
                                return;
                            }
                        }
                        Ok(None) => {}
                        Err(_) => return,
                    }
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            });
        }
    }

    /// Room `room` moved to `node`: subscribe this node's followers there again.
    ///
    /// A follower subscribed to this node's own copy of the room is left alone: that copy
    /// sends to its socket directly, so only the copy knows what it sent. When the copy stops
    /// (its lease lost: the next write is fenced, or the next renewal finds it gone), it hands
    /// its connections over with the exact seq each was sent (`take_handoffs`), and they
    /// follow the new owner from there: resuming from the follower's own `last_seq` would
    /// send again what the local copy already sent.
    fn owner_changed(&self, room: &str, node: &str, instance: u64) {
        let follows: Vec<(ConnId, Arc<Follow>)> = lock(&self.inner.follows)
            .iter()
            .filter(|((r, _), _)| r == room)
            .map(|((_, c), f)| (*c, f.clone()))
            .collect();
        for (conn, follow) in follows {
            let me = self.clone();
            let room = room.to_owned();
            let node = node.to_owned();
            tokio::spawn(async move {
                if node != me.inner.node {
                    let local = follow
                        .owner
                        .lock()
                        .await
                        .as_ref()
                        .is_some_and(|(n, i)| *n == me.inner.node && *i == me.inner.instance);
                    if local && me.inner.lobby.get(&room).is_some() {
                        return;
                    }
                }
                if let Err(e) = me
                    .ensure_subscribed(&room, conn, &node, Some(instance))
                    .await
                {
                    tracing::info!(%room, conn, "cannot follow the room at its new owner: {}", e.message);
                }
            });
        }
    }

    // ----- this node's subject -------------------------------------------------------

    async fn serve_node(self, mut sub: async_nats::Subscriber) {
        while let Some(msg) = sub.next().await {
            let Some((wire, rest)) = decode(&msg.payload) else {
                tracing::warn!("a malformed message on this node's subject");
                continue;
            };
            match wire {
                Wire::Out { conn, room } => self.deliver(&room, conn, rest),
                Wire::Reply {
                    req,
                    instance,
                    result,
                } => {
                    self.answer(req, Answer::Reply(result.map_err(failure), instance));
                }
                Wire::NotSubscribed { req } => self.answer(req, Answer::NotSubscribed),
                Wire::Created { req, result } => {
                    self.answer(req, Answer::Created(result.map_err(failure)));
                }
                Wire::NotHere { req } => self.answer(req, Answer::NotHere),
                Wire::Req {
                    from,
                    req,
                    conn,
                    room,
                    body,
                    follows,
                } => self.serve_request(from, req, conn, room, body, follows),
                Wire::Create {
                    from,
                    req,
                    spec,
                    creator,
                } => {
                    let me = self.clone();
                    tokio::spawn(async move {
                        let result = me.inner.lobby.create(*spec, creator).await;
                        let header = Wire::Created {
                            req,
                            result: result.map_err(|f| wire_failure(&f)),
                        };
                        me.publish(me.node_subject(&from), encode(&header, None))
                            .await;
                    });
                }
            }
        }
    }

    fn answer(&self, req: u64, answer: Answer) {
        if let Some(tx) = lock(&self.inner.pending).remove(&req) {
            let _ = tx.send(answer);
        }
    }

    /// A message of a remote room for a local connection: into its queue, as a room does
    /// (never waiting; a full queue asks for a resync once drained).
    fn deliver(&self, room: &str, conn: ConnId, text: &[u8]) {
        let Some(follow) = lock(&self.inner.follows)
            .get(&(room.to_owned(), conn))
            .cloned()
        else {
            return;
        };
        let Ok(text) = std::str::from_utf8(text) else {
            return;
        };
        if follow.local.load(Ordering::Acquire) {
            return;
        }
        let probe: Option<Probe> = serde_json::from_str(text).ok();
        let snapshot = probe.as_ref().is_some_and(|p| p.kind == "snapshot");
        if follow.dropping.load(Ordering::Relaxed) && !snapshot {
            return;
        }
        // Events already relayed come again when the room moved while they were on their
        // way: the old owner's copy and the new owner's resume both send them (two
        // publishers, so NATS does not order them). A connection never sees a seq twice.
        // An events message may carry no event (a new decision at the same seq), so it is
        // a repeat when its first event is not new, or when it is older than the last relayed.
        if let Some(Probe {
            kind,
            seq: Some(seq),
            events,
        }) = &probe
            && kind == "events"
        {
            let last = follow.last_seq.load(Ordering::Relaxed);
            let repeat = events
                .as_ref()
                .and_then(|e| e.first())
                .is_some_and(|first| first.seq <= last);
            if repeat || *seq < last {
                return;
            }
        }
        match follow.out.try_send(Outgoing::Text(Arc::from(text))) {
            Ok(()) => {
                follow.dropping.store(false, Ordering::Relaxed);
                if let Some(Probe {
                    kind,
                    seq: Some(seq),
                    ..
                }) = probe
                    && (kind == "events" || kind == "snapshot")
                {
                    follow.last_seq.fetch_max(seq, Ordering::Relaxed);
                }
            }
            Err(mpsc::error::TrySendError::Full(_)) => {
                follow.dropping.store(true, Ordering::Relaxed);
                follow.lag.mark(room);
            }
            Err(mpsc::error::TrySendError::Closed(_)) => {}
        }
    }

    /// A request from a connection on node `from` to a room this node should own.
    fn serve_request(
        &self,
        from: String,
        req: u64,
        conn: ConnId,
        room: RoomId,
        body: Body,
        follows: bool,
    ) {
        let reply_to = self.node_subject(&from);
        let Some(handle) = self.inner.lobby.get(&room) else {
            if !matches!(body, Body::Gone | Body::Resync) {
                let me = self.clone();
                tokio::spawn(async move {
                    me.publish(reply_to, encode(&Wire::NotHere { req }, None))
                        .await;
                });
            }
            return;
        };
        let key = (from, conn, room);
        if matches!(body, Body::Gone) {
            if let Some(proxy) = lock(&self.inner.proxies).remove(&key) {
                tokio::spawn(async move {
                    let _ = handle.send(Request::Gone { conn: proxy.conn }).await;
                });
            }
            return;
        }
        let existing = lock(&self.inner.proxies).get(&key).cloned();
        let proxy = match existing {
            Some(p) => p,
            None if matches!(body, Body::Resync) => return,
            None if follows && !body.subscribes() => {
                tracing::info!(room = %key.2, from = %key.0, conn = key.1, "no subscriber here for a remote connection: it subscribes again");
                let me = self.clone();
                tokio::spawn(async move {
                    me.publish(reply_to, encode(&Wire::NotSubscribed { req }, None))
                        .await;
                });
                return;
            }
            None => self.new_proxy(key.clone(), handle.clone()),
        };
        let leaving = matches!(body, Body::Leave);
        let (tx, rx) = oneshot::channel();
        let request = body.into_request(proxy.conn, proxy.out.clone(), proxy.lag.clone(), tx);
        let me = self.clone();
        tokio::spawn(async move {
            if handle.send(request).await.is_err() {
                me.publish(reply_to, encode(&Wire::NotHere { req }, None))
                    .await;
                return;
            }
            match rx.await {
                Ok(reply) => {
                    if leaving && reply.is_ok() {
                        lock(&me.inner.proxies).remove(&key);
                    }
                    // Through the forwarder: after everything the room queued before it.
                    let _ = proxy.replies.send((req, reply));
                }
                // Resync: no answer is expected; otherwise the room went away meanwhile.
                Err(_) => {
                    me.publish(reply_to, encode(&Wire::NotHere { req }, None))
                        .await;
                }
            }
        });
    }

    fn new_proxy(&self, key: ProxyKey, handle: RoomHandle) -> Arc<Proxy> {
        let (out, out_rx) = mpsc::channel(self.inner.outbound_queue);
        let (replies, replies_rx) = mpsc::unbounded_channel();
        let proxy = Arc::new(Proxy {
            conn: self.inner.next_proxy.fetch_add(1, Ordering::Relaxed),
            out,
            lag: Arc::new(LagFlags::default()),
            replies,
        });
        lock(&self.inner.proxies).insert(key.clone(), proxy.clone());
        tokio::spawn(
            self.clone()
                .forward(key, proxy.clone(), out_rx, replies_rx, handle),
        );
        proxy
    }

    /// The forwarder of one proxy: what the room queues, then each answer, to the asking
    /// node, in the order the room made them.
    async fn forward(
        self,
        key: ProxyKey,
        proxy: Arc<Proxy>,
        mut out: mpsc::Receiver<Outgoing>,
        mut replies: mpsc::UnboundedReceiver<(u64, Reply)>,
        handle: RoomHandle,
    ) {
        let (from, conn, room) = key.clone();
        let subject = self.node_subject(&from);
        let lag = proxy.lag.clone();
        let proxy_conn = proxy.conn;
        // The map and pending answers hold the senders; the forwarder only needs the ids.
        drop(proxy);
        let header = encode(
            &Wire::Out {
                conn,
                room: room.clone(),
            },
            None,
        );
        let mut out_open = true;
        loop {
            tokio::select! {
                biased;
                reply = replies.recv() => {
                    let Some((req, reply)) = reply else {
                        if !out_open { break; }
                        // Every answer sender is gone: only the room's messages remain.
                        while let Some(item) = out.recv().await {
                            self.relay(&subject, &header, item).await;
                        }
                        break;
                    };
                    // Everything the room queued before answering goes first.
                    while let Ok(item) = out.try_recv() {
                        self.relay(&subject, &header, item).await;
                    }
                    let result = reply.map_err(|f| wire_failure(&f));
                    let header = Wire::Reply { req, instance: self.inner.instance, result };
                    self.publish(subject.clone(), encode(&header, None)).await;
                }
                item = out.recv(), if out_open => match item {
                    Some(item) => self.relay(&subject, &header, item).await,
                    None => {
                        out_open = false;
                        // The room dropped this subscriber: nothing more will come from it.
                        let gone = lock(&self.inner.proxies)
                            .get(&key)
                            .is_some_and(|p| p.conn == proxy_conn);
                        if gone {
                            lock(&self.inner.proxies).remove(&key);
                        }
                    }
                },
                () = lag.notify.notified() => {
                    if out.is_empty() && !lag.take().is_empty() {
                        let _ = handle.send(Request::Resync { conn: proxy_conn }).await;
                    }
                }
            }
        }
    }

    async fn relay(&self, subject: &str, header: &Bytes, item: Outgoing) {
        let Outgoing::Text(text) = item else {
            return;
        };
        let mut buf = Vec::with_capacity(header.len() + 1 + text.len());
        buf.extend_from_slice(header);
        buf.push(b'\n');
        buf.extend_from_slice(text.as_bytes());
        self.publish(subject.to_owned(), Bytes::from(buf)).await;
    }

    // ----- asking remote rooms -------------------------------------------------------

    /// Where a room is served now.
    async fn route(&self, room: &str) -> Result<Option<String>, Failure> {
        if self.inner.lobby.get(room).is_some() {
            return Ok(Some(self.inner.node.clone()));
        }
        if let Some(node) = lock(&self.inner.owners).get(room).cloned()
            && node != self.inner.node
        {
            return Ok(Some(node));
        }
        match self.inner.leases.owner(room).await? {
            Owner::Node(node) => {
                if node == self.inner.node {
                    // Ours, but not running yet (being restored): wait a moment.
                    return Ok(None);
                }
                lock(&self.inner.owners).insert(room.to_owned(), node.clone());
                Ok(Some(node))
            }
            Owner::Moving => Ok(None),
            Owner::None => Err(Failure::new(ErrorCode::UnknownRoom, "no such room")),
        }
    }

    fn forget_owner(&self, room: &str, node: &str) {
        let mut owners = lock(&self.inner.owners);
        if owners.get(room).is_some_and(|n| n == node) {
            owners.remove(room);
        }
    }

    /// Send `body` for connection `conn` to room `room` on `node` and wait for the answer
    /// (`None`: no answer in time, or the node does not have the room).
    async fn ask_node(
        &self,
        node: &str,
        room: &str,
        conn: ConnId,
        body: Body,
        follows: bool,
    ) -> Asked {
        let req = self.inner.next_req.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = oneshot::channel();
        lock(&self.inner.pending).insert(req, tx);
        let header = Wire::Req {
            from: self.inner.node.clone(),
            req,
            conn,
            room: room.to_owned(),
            body,
            follows,
        };
        self.publish(self.node_subject(node), encode(&header, None))
            .await;
        let answer = tokio::time::timeout(self.inner.lease.max(Duration::from_secs(2)), rx).await;
        lock(&self.inner.pending).remove(&req);
        match answer {
            Ok(Ok(Answer::Reply(reply, instance))) => Asked::Reply(reply, instance),
            Ok(Ok(Answer::NotSubscribed)) => Asked::NotSubscribed,
            _ => Asked::Nothing,
        }
    }

    /// A request of local connection `conn` to room `room`, which this node does not run:
    /// sent to its owner, answered on the request's own channel.
    pub async fn forward_request(&self, room: &str, conn: ConnId, request: Request) {
        let (body, reply, member) = split(request);
        if matches!(body, Body::Gone) {
            let follow = lock(&self.inner.follows).remove(&(room.to_owned(), conn));
            if let Some(follow) = follow
                && let Some((node, _)) = follow.owner.lock().await.clone()
                && node != self.inner.node
            {
                let header = Wire::Req {
                    from: self.inner.node.clone(),
                    req: 0,
                    conn,
                    room: room.to_owned(),
                    body,
                    follows: false,
                };
                self.publish(self.node_subject(&node), encode(&header, None))
                    .await;
            }
            return;
        }
        if matches!(body, Body::Resync) {
            let follow = lock(&self.inner.follows)
                .get(&(room.to_owned(), conn))
                .cloned();
            if let Some(follow) = follow
                && let Some((node, _)) = follow.owner.lock().await.clone()
            {
                let header = Wire::Req {
                    from: self.inner.node.clone(),
                    req: 0,
                    conn,
                    room: room.to_owned(),
                    body,
                    follows: false,
                };
                self.publish(self.node_subject(&node), encode(&header, None))
                    .await;
            }
            return;
        }
        let result = self.forward_body(room, conn, body, member).await;
        if let Some(reply) = reply {
            let _ = reply.send(result);
        }
    }

    async fn forward_body(
        &self,
        room: &str,
        conn: ConnId,
        body: Body,
        member: Option<Member>,
    ) -> Reply {
        let key = (room.to_owned(), conn);
        let subscribes = body.subscribes();
        let mut fresh = false;
        if let Some(member) = member {
            let mut follows = lock(&self.inner.follows);
            if !follows.contains_key(&key) {
                fresh = true;
                follows.insert(
                    key.clone(),
                    Arc::new(Follow {
                        account: member.account,
                        out: member.out,
                        lag: member.lag,
                        last_seq: AtomicU64::new(match &body {
                            Body::Resume { last_seq, .. } => *last_seq,
                            _ => 0,
                        }),
                        dropping: AtomicBool::new(false),
                        owner: tokio::sync::Mutex::new(None),
                        local: AtomicBool::new(false),
                    }),
                );
            }
        }
        // A subscribing request holds its follow's subscription lock throughout, so an
        // announcement's re-subscription cannot resume it a second time meanwhile.
        let sub_follow = if subscribes {
            lock(&self.inner.follows).get(&key).cloned()
        } else {
            None
        };
        let mut sub_guard = match &sub_follow {
            Some(f) => Some(f.owner.lock().await),
            None => None,
        };
        let deadline = Instant::now() + self.patience();
        let result = loop {
            let node = match self.route(room).await {
                Ok(Some(node)) => node,
                Ok(None) => {
                    if Instant::now() >= deadline {
                        break Err(moving());
                    }
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
                Err(f) => break Err(f),
            };
            let follow = lock(&self.inner.follows).get(&key).cloned();
            if !subscribes
                && follow.is_some()
                && let Err(e) = self.ensure_subscribed(room, conn, &node, None).await
            {
                if Instant::now() >= deadline {
                    break Err(e);
                }
                self.forget_owner(room, &node);
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
            if node == self.inner.node {
                // The room came here (this node took it over): ask it directly.
                let Some(handle) = self.inner.lobby.get(room) else {
                    if Instant::now() >= deadline {
                        break Err(moving());
                    }
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                };
                let Some(follow) = follow else {
                    break Err(Failure::new(
                        ErrorCode::NotSeated,
                        "join (or resume) this room first",
                    ));
                };
                let (tx, rx) = oneshot::channel();
                let request =
                    body.clone()
                        .into_request(conn, follow.out.clone(), follow.lag.clone(), tx);
                // The room's task ended meanwhile (it stopped here: the room moved on):
                // ask again, through the leases, until the patience runs out.
                let sent = handle.send(request).await.is_ok();
                match (sent, rx.await) {
                    (true, Ok(reply)) => {
                        if let Some(owner) = sub_guard.as_mut()
                            && reply.is_ok()
                        {
                            **owner = Some((node, self.inner.instance));
                            if let Some(f) = &sub_follow {
                                f.local.store(true, Ordering::Release);
                            }
                        }
                        break reply;
                    }
                    _ => {
                        if Instant::now() >= deadline {
                            break Err(moving());
                        }
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                }
            }
            let follows = follow.is_some() && !subscribes;
            match self
                .ask_node(&node, room, conn, body.clone(), follows)
                .await
            {
                Asked::Reply(reply, instance) => {
                    if let Some(owner) = sub_guard.as_mut()
                        && reply.is_ok()
                    {
                        **owner = Some((node.clone(), instance));
                        if let Some(f) = &sub_follow {
                            f.local.store(false, Ordering::Release);
                        }
                    }
                    break reply;
                }
                Asked::NotSubscribed => {
                    // The owner restarted under its id: subscribe again there, then ask.
                    if let Some(follow) = &follow {
                        *follow.owner.lock().await = None;
                        follow.local.store(false, Ordering::Release);
                    }
                    if Instant::now() >= deadline {
                        break Err(moving());
                    }
                }
                Asked::Nothing => {
                    self.forget_owner(room, &node);
                    if Instant::now() >= deadline {
                        break Err(moving());
                    }
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        };
        drop(sub_guard);
        match (&body, &result) {
            (Body::Leave, Ok(_)) => {
                lock(&self.inner.follows).remove(&key);
            }
            (_, Err(_)) if fresh => {
                lock(&self.inner.follows).remove(&key);
            }
            _ => {}
        }
        result
    }

    /// Make sure local connection `conn`'s subscription to `room` lives on `node`: if it
    /// lived elsewhere (the room moved), resume there from the last seq relayed to it.
    /// `instance`: the owner's process if known (an announcement); `None`: any process of
    /// `node` the connection is subscribed at will do (a stale one answers `NotSubscribed`).
    async fn ensure_subscribed(
        &self,
        room: &str,
        conn: ConnId,
        node: &str,
        instance: Option<u64>,
    ) -> Result<(), Failure> {
        let Some(follow) = lock(&self.inner.follows)
            .get(&(room.to_owned(), conn))
            .cloned()
        else {
            return Ok(());
        };
        let mut owner = follow.owner.lock().await;
        if let Some((n, i)) = owner.as_ref()
            && n == node
            && instance.is_none_or(|want| want == *i)
        {
            return Ok(());
        }
        let last_seq = follow.last_seq.load(Ordering::Relaxed);
        let body = Body::Resume {
            account: (&follow.account).into(),
            last_seq,
        };
        let (reply, instance) = if node == self.inner.node {
            let Some(handle) = self.inner.lobby.get(room) else {
                return Err(moving());
            };
            let (tx, rx) = oneshot::channel();
            let request = body.into_request(conn, follow.out.clone(), follow.lag.clone(), tx);
            handle.send(request).await?;
            (rx.await.map_err(|_| moving())?, self.inner.instance)
        } else {
            match self.ask_node(node, room, conn, body, false).await {
                Asked::Reply(reply, instance) => (reply, instance),
                Asked::NotSubscribed | Asked::Nothing => return Err(moving()),
            }
        };
        reply?;
        tracing::info!(%room, conn, %node, last_seq, "connection follows the room at its new owner");
        *owner = Some((node.to_owned(), instance));
        follow
            .local
            .store(node == self.inner.node, Ordering::Release);
        Ok(())
    }

    /// Before a local request to a room this node runs: a connection that followed it on
    /// another node (before this node took it over) follows it here first.
    pub async fn before_local(&self, room: &str, conn: ConnId) -> Result<(), Failure> {
        let follows = lock(&self.inner.follows).contains_key(&(room.to_owned(), conn));
        if follows {
            self.ensure_subscribed(
                room,
                conn,
                &self.inner.node.clone(),
                Some(self.inner.instance),
            )
            .await?;
        }
        Ok(())
    }

    /// Make a room on another node with capacity (this one is full).
    pub async fn create_elsewhere(
        &self,
        spec: RoomSpec,
        creator: AccountId,
    ) -> Result<RoomId, Failure> {
        let full = || {
            Failure::new(
                ErrorCode::ServerFull,
                "every server node has as many rooms as it takes; try later",
            )
        };
        let nodes = self.inner.leases.live_nodes().await?;
        let Some(target) = nodes
            .into_iter()
            .find(|n| n.node != self.inner.node && n.rooms < n.capacity)
        else {
            return Err(full());
        };
        let req = self.inner.next_req.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = oneshot::channel();
        lock(&self.inner.pending).insert(req, tx);
        let header = Wire::Create {
            from: self.inner.node.clone(),
            req,
            spec: Box::new(spec),
            creator,
        };
        self.publish(self.node_subject(&target.node), encode(&header, None))
            .await;
        let answer = tokio::time::timeout(self.inner.lease.max(Duration::from_secs(2)), rx).await;
        lock(&self.inner.pending).remove(&req);
        match answer {
            Ok(Ok(Answer::Created(result))) => {
                if let Ok(room) = &result {
                    lock(&self.inner.owners).insert(room.clone(), target.node.clone());
                }
                result
            }
            _ => Err(full()),
        }
    }
}

/// What asking a node gave.
enum Asked {
    Reply(Reply, u64),
    /// The owner's process has no subscriber for the connection (it restarted).
    NotSubscribed,
    /// No answer in time, or the node does not have the room.
    Nothing,
}

fn moving() -> Failure {
    Failure::new(
        ErrorCode::Internal,
        "the room is moving to another server node; send the request again",
    )
}

// ----- the lease loop of one node ----------------------------------------------------

/// One node's leases: renewals, the node's heartbeat, takeovers. Runs on any Postgres
/// server (a single node too: it keeps its leases, so a second node without NATS is refused).
#[derive(Clone)]
pub struct Node {
    pub leases: Leases,
    pub store: Arc<dyn Store>,
    pub lobby: Lobby,
    pub cluster: Option<Cluster>,
    pub lease: Duration,
    pub capacity: usize,
}

impl Node {
    /// Take back this node id's own rooms at once (a restart under the same id), and in a
    /// single node every orphaned room too: the recovery of a node that starts.
    pub async fn start(&self) -> Result<crate::recovery::Report, crate::store::StoreError> {
        let mut report = crate::recovery::Report::default();
        for room in self.leases.mine().await? {
            self.take(&room, true, &mut report).await;
        }
        if self.cluster.is_none() {
            for orphan in self.leases.orphans().await? {
                self.take(&orphan.room, false, &mut report).await;
            }
        }
        Ok(report)
    }

    /// Take over `room` and recover it from its log (see [`crate::recovery`]), noting the
    /// outcome in `report`.
    async fn take(&self, room: &str, mine_too: bool, report: &mut crate::recovery::Report) {
        if self.lobby.get(room).is_some() {
            return;
        }
        match self.leases.take_over(room, mine_too).await {
            Ok(Some(epoch)) => {
                match crate::recovery::restore(self.store.as_ref(), room).await {
                    Ok(restored) => {
                        tracing::info!(%room, epoch, "room taken over");
                        let list = match restored.status {
                            dugout_protocol::RoomStatus::Open => &mut report.open,
                            dugout_protocol::RoomStatus::Finished => &mut report.finished,
                            _ => &mut report.playing,
                        };
                        list.push(room.to_owned());
                        self.lobby.restore(restored);
                        if let Some(cluster) = &self.cluster {
                            cluster.announce_owner(room).await;
                        }
                    }
                    Err(e) => {
                        // Kept leased, as recovery leaves a broken log: never served.
                        tracing::error!(%room, "cannot restore the match: {e}");
                        report.failed.push((room.to_owned(), e.to_string()));
                    }
                }
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(%room, "cannot take the room over: {e}"),
        }
    }

    /// Run until shutdown: renew every third of a lease, take over orphans.
    pub async fn run(self, mut shutdown: tokio::sync::watch::Receiver<bool>) {
        let period = (self.lease / 3).max(Duration::from_millis(50));
        let mut tick = tokio::time::interval(period);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let nats = self.cluster.is_some();
        let scanning = Arc::new(AtomicBool::new(false));
        loop {
            let released = async {
                match &self.cluster {
                    Some(c) => c.released().await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                biased;
                () = crate::shutdown_requested(&mut shutdown) => return,
                _ = tick.tick() => {}
                () = released => {}
            }
            match self.leases.renew().await {
                Ok(lost) => {
                    for room in lost {
                        tracing::warn!(%room, "lease lost (taken over by another node): the room stops here");
                        if let Some(handle) = self.lobby.get(&room) {
                            let _ = handle.send(Request::Evict).await;
                        }
                    }
                }
                Err(e) => tracing::warn!("cannot renew the leases: {e}"),
            }
            if let Err(e) = self
                .leases
                .heartbeat(nats, self.lobby.len(), self.capacity)
                .await
            {
                tracing::warn!("cannot renew this node's row: {e}");
            }
            // Takeovers run beside the loop, one scan at a time: restoring many rooms from
            // their logs takes longer than a lease on a busy machine, and a renewal that
            // waited for them would lose this node's other rooms (and then those it took).
            if !scanning.swap(true, Ordering::AcqRel) {
                let me = self.clone();
                let scanning = scanning.clone();
                let stop = shutdown.clone();
                tokio::spawn(async move {
                    if let Err(e) = me.scan(&stop).await {
                        tracing::warn!("cannot look for rooms to take over: {e}");
                    }
                    scanning.store(false, Ordering::Release);
                });
            }
            if let Some(cluster) = &self.cluster {
                cluster.refresh_lobby().await;
            }
        }
    }

    /// Take over the orphaned rooms placement gives this node (see the module's doc).
    /// Stops taking rooms once the node is shutting down (`stop`).
    async fn scan(
        &self,
        stop: &tokio::sync::watch::Receiver<bool>,
    ) -> Result<(), crate::store::StoreError> {
        let orphans = self.leases.orphans().await?;
        if orphans.is_empty() {
            return Ok(());
        }
        let Some(me) = self.leases.node_id().map(str::to_owned) else {
            return Ok(());
        };
        let nodes: Vec<String> = self
            .leases
            .live_nodes()
            .await?
            .into_iter()
            .filter(|n| n.rooms < n.capacity || n.node == me)
            .map(|n| n.node)
            .collect();
        let late = i64::try_from((self.lease * 2).as_millis()).unwrap_or(i64::MAX);
        for (i, orphan) in orphans.iter().enumerate() {
            if self.lobby.len() >= self.capacity || *stop.borrow() {
                break;
            }
            let assigned = if nodes.is_empty() {
                true
            } else {
                nodes[i % nodes.len()] == me
            };
            if assigned || orphan.expired_for_ms > late {
                let mut report = crate::recovery::Report::default();
                self.take(&orphan.room, false, &mut report).await;
            }
        }
        Ok(())
    }
}
