//! The Dugout server: an axum app plus the plumbing to serve it.
//!
//! The shape follows mini-redis and axum's examples: [`app`] builds a [`Router`] that tests
//! can call without a socket, and [`run`] serves it on a listener the caller bound (so tests
//! can bind port 0) until a caller-supplied shutdown future resolves.
//!
//! * [`accounts`]: register, login, logout, bots with API tokens.
//! * [`store`]: the [`store::Store`] trait and its SQLite and Postgres implementations.
//! * [`recovery`]: on start, every unfinished match is rebuilt from the store.
//! * [`lobby`]: the rooms that exist, and lobby changes pushed to every client.
//! * [`room`]: one task per match owning the game, the dice, the subscribers and the log.
//! * [`fair`]: provably fair dice: the commitment, the dice seed's derivation, verification.
//! * [`ws`]: one WebSocket connection: hello, rate limits, dispatch, bounded outbound queue.
//! * [`api`]: the HTTP routes.
//! * [`web`]: the web pages (archive, match replay, live view, leagues, organiser).
//! * [`tls`]: TLS served by the server itself (`--tls-cert`, `--tls-key`), see [`run_tls`].

pub mod accounts;
pub mod api;
pub mod archive;
pub mod cluster;
pub mod conn;
pub mod error;
pub mod fair;
pub mod league_challenges;
pub mod league_matches;
pub mod league_schedule;
pub mod league_teams;
pub mod league_tournaments;
pub mod leagues;
pub mod lobby;
pub mod openapi;
pub mod ratelimit;
pub mod recovery;
pub mod replay;
pub mod replays;
pub mod room;
pub mod store;
pub mod throttle;
pub mod tls;
pub mod web;
pub mod ws;

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::Router;
use tokio::sync::{Semaphore, watch};

use crate::accounts::Accounts;
use crate::lobby::Lobby;
use crate::store::{Store, StoreError};

/// Version of this crate, reported by `GET /version`.
pub const SERVER_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Default address the server listens on.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:8080";

/// Default directory for the server's data (the SQLite file).
pub const DEFAULT_DATA_DIR: &str = "./data";

/// Everything the server needs to start.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Address to bind the HTTP listener to.
    pub listen: SocketAddr,
    /// Directory for persistent data; created on start if missing. The SQLite database is
    /// `dugout.sqlite3` in it unless `database_url` names another.
    pub data_dir: PathBuf,
    /// `sqlite://path` (or `sqlite::memory:`) or `postgres://user@host/db`; `None`: the
    /// SQLite file in `data_dir`.
    pub database_url: Option<String>,
    /// Serve HTTPS and `wss://` with this certificate and key instead of plain HTTP
    /// ([`run_tls`]); `None`: plain HTTP (behind a TLS proxy, or on localhost).
    pub tls: Option<tls::TlsFiles>,
    pub limits: Limits,
    /// Several nodes (issue 14): NATS, this node's id, the lease length.
    pub cluster: cluster::ClusterConfig,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: PathBuf::from(DEFAULT_DATA_DIR),
            database_url: None,
            tls: None,
            limits: Limits::default(),
            cluster: cluster::ClusterConfig::default(),
        }
    }
}

/// Limits that protect the server from clients, and timings.
#[derive(Debug, Clone, PartialEq)]
pub struct Limits {
    /// WebSocket connections at once; more are refused with 503.
    pub max_connections: usize,
    /// Rooms at once (open, playing, or finished and not yet retired).
    pub max_rooms: usize,
    /// Spectators per room.
    pub max_spectators: usize,
    /// Sustained WebSocket messages per second per connection.
    pub messages_per_second: f64,
    /// Messages a connection may send in a burst above the sustained rate.
    pub message_burst: f64,
    /// Sustained WebSocket messages per second for all of one account's connections together
    /// (so more connections do not buy a higher rate).
    pub account_messages_per_second: f64,
    /// The account's burst above its sustained rate.
    pub account_message_burst: f64,
    /// Rate-limited messages in a row after which the connection is closed (code 1008).
    pub max_strikes: u32,
    /// Sustained chat lines per minute per connection (burst: 5).
    pub chat_per_minute: f64,
    /// Messages queued for one connection; a room that finds the queue full stops sending
    /// events to it and sends a snapshot once it has drained.
    pub outbound_queue: usize,
    /// Requests queued for one room.
    pub room_inbox: usize,
    /// A resume that missed more events than this gets a snapshot instead; a room keeps
    /// this many of its latest events in memory to serve resumes from.
    pub resume_max_events: usize,
    /// How often the server pings a connection (zero: never, and no idle timeout).
    pub ping_interval: Duration,
    /// A connection silent for this long (no message, no pong) is closed (code 1001).
    pub idle_timeout: Duration,
    /// How long an open room with nobody in it, or a finished room nobody follows, stays
    /// (zero: rooms are never retired, which keeps their timers out of tests with paused
    /// time).
    pub room_linger: Duration,
    /// Absent coaches: an open room frees the seat of a coach who has had no connection
    /// following it for this long (zero: never).
    pub seat_grace: Duration,
    /// Absent coaches: in a match, once a coach has had no connection for this long, the
    /// other may claim the win (`claim_win`, a recorded forfeit), timer or not.
    pub forfeit_after: Duration,
    /// TCP connections from one IP address at once (plain HTTP; more are closed at once).
    pub max_connections_per_address: usize,
    /// Rooms one account may have open or being played at once (it made them).
    pub max_rooms_per_account: usize,
    /// Authenticated WebSocket connections one account may have at once.
    pub max_connections_per_account: usize,
    /// Spectator connections one account may have in one room.
    pub max_spectators_per_account: usize,
    /// A TCP connection that sends nothing for this long after it opens is closed (zero:
    /// never).
    pub first_byte_timeout: Duration,
    /// A WebSocket that has not said a good `hello` within this long is closed (1008): an
    /// unauthenticated socket does not hold a connection slot (zero: no limit).
    pub hello_timeout: Duration,
    /// How long a login session lasts.
    pub session_ttl: Duration,
    /// How long `run` waits for sockets and rooms to finish after shutdown.
    pub shutdown_grace: Duration,
}

impl Limits {
    /// A TCP connection that has sent nothing for this long is closed: longer than a
    /// WebSocket's ping interval plus its idle timeout (a live client answers pings), and at
    /// least a minute for HTTP keep-alive. `None` when keepalive is off (zero ping interval:
    /// a quiet client cannot be told from a dead one).
    pub fn tcp_idle_timeout(&self) -> Option<Duration> {
        (!self.ping_interval.is_zero()).then(|| {
            (self.ping_interval + self.idle_timeout + Duration::from_secs(10))
                .max(Duration::from_secs(60))
        })
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_connections: 1024,
            max_rooms: 1000,
            max_spectators: 100,
            messages_per_second: 50.0,
            message_burst: 100.0,
            account_messages_per_second: 100.0,
            account_message_burst: 200.0,
            max_strikes: 50,
            chat_per_minute: 20.0,
            outbound_queue: 256,
            room_inbox: 64,
            resume_max_events: 128,
            ping_interval: Duration::from_secs(20),
            idle_timeout: Duration::from_secs(60),
            room_linger: Duration::from_secs(600),
            seat_grace: Duration::from_secs(60),
            forfeit_after: Duration::from_secs(120),
            hello_timeout: Duration::from_secs(10),
            max_connections_per_address: 256,
            max_rooms_per_account: 10,
            max_connections_per_account: 16,
            max_spectators_per_account: 2,
            first_byte_timeout: Duration::from_secs(10),
            session_ttl: Duration::from_secs(30 * 24 * 3600),
            shutdown_grace: Duration::from_secs(10),
        }
    }
}

/// The shutdown signal every socket and room watches (axum #3003: `axum::serve`'s graceful
/// shutdown does not reach upgraded WebSockets, so they get their own signal), and the
/// number of socket and room tasks still running, so `run` can wait for them.
///
/// Both are `watch` channels: any number of tasks read the latest value without a
/// receiver per message, and `send_modify` works with no receiver at all.
#[derive(Debug, Clone)]
pub struct Shutdown {
    signal: Arc<watch::Sender<bool>>,
    tasks: Arc<watch::Sender<usize>>,
}

/// Held by a running socket or room task; dropping it tells `run` the task is done.
#[derive(Debug)]
pub struct TaskGuard {
    tasks: Arc<watch::Sender<usize>>,
}

impl Drop for TaskGuard {
    fn drop(&mut self) {
        self.tasks.send_modify(|n| *n = n.saturating_sub(1));
    }
}

impl Shutdown {
    fn new() -> Shutdown {
        Shutdown {
            signal: Arc::new(watch::channel(false).0),
            tasks: Arc::new(watch::channel(0).0),
        }
    }

    /// Ask every socket and room to finish.
    pub fn trigger(&self) {
        self.signal.send_replace(true);
    }

    pub fn is_triggered(&self) -> bool {
        *self.signal.borrow()
    }

    /// A receiver that changes to `true` on shutdown.
    pub fn subscribe(&self) -> watch::Receiver<bool> {
        self.signal.subscribe()
    }

    /// Register a running task.
    pub fn guard(&self) -> TaskGuard {
        self.tasks.send_modify(|n| *n += 1);
        TaskGuard {
            tasks: self.tasks.clone(),
        }
    }

    /// Sockets and rooms still running.
    pub fn running_tasks(&self) -> usize {
        *self.tasks.borrow()
    }

    /// Wait until no socket or room task is running, at most `grace`; `false` on timeout.
    pub async fn wait_for_tasks(&self, grace: Duration) -> bool {
        let mut rx = self.tasks.subscribe();
        tokio::time::timeout(grace, rx.wait_for(|n| *n == 0))
            .await
            .is_ok()
    }
}

/// Resolves once `rx` reads `true` (or its sender is gone).
pub async fn shutdown_requested(rx: &mut watch::Receiver<bool>) {
    // `wait_for` only fails when the sender is dropped, which also means "stop".
    let _ = rx.wait_for(|stop| *stop).await;
}

/// State shared by every request handler, socket and room.
///
/// Cheap to clone: axum clones it per request, so everything inside sits behind one `Arc`.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Shared>,
}

struct Shared {
    config: Config,
    store: Arc<dyn Store>,
    accounts: Accounts,
    lobby: Lobby,
    shutdown: Shutdown,
    /// One permit per WebSocket connection: the connection cap. A semaphore rather than a
    /// counter so a permit is returned however the connection task ends.
    connections: Arc<Semaphore>,
    next_conn: AtomicU64,
    /// Authenticated WebSocket connections per account (`max_connections_per_account`).
    account_conns: AccountConns,
    /// The sockets each token opened (by the token's hash): logging out closes them.
    token_sockets: TokenSockets,
    /// Replays on demand (`/state`, `/verification`): bounded and cached.
    replays: replays::ReplayGate<dugout_protocol::StateAt>,
    /// On Postgres: this node's leases (issue 14); with NATS, its link to the other nodes.
    node: std::sync::OnceLock<cluster::Node>,
}

/// Per account: its authenticated connections and the message credits they share.
type AccountConns =
    Arc<std::sync::Mutex<std::collections::HashMap<store::AccountId, AccountEntry>>>;

struct AccountEntry {
    connections: usize,
    credits: Arc<std::sync::Mutex<ratelimit::Credits>>,
}

type TokenSockets = Arc<
    std::sync::Mutex<
        std::collections::HashMap<String, std::collections::HashMap<u64, Arc<tokio::sync::Notify>>>,
    >,
>;

/// A socket's entry under its token, removed when dropped (the socket closed).
pub struct TokenSocket {
    token_hash: String,
    conn: u64,
    sockets: TokenSockets,
}

impl Drop for TokenSocket {
    fn drop(&mut self) {
        let mut map = self.sockets.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(conns) = map.get_mut(&self.token_hash) {
            conns.remove(&self.conn);
            if conns.is_empty() {
                map.remove(&self.token_hash);
            }
        }
    }
}

/// One of an account's WebSocket connection slots, given back when dropped.
pub struct AccountConn {
    account: store::AccountId,
    counts: AccountConns,
    credits: Arc<std::sync::Mutex<ratelimit::Credits>>,
}

impl AccountConn {
    /// Spend one of the account's message credits (shared by all its connections).
    pub(crate) fn take_credit(&self) -> bool {
        self.credits
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
    }
}

impl Drop for AccountConn {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(entry) = counts.get_mut(&self.account) {
            entry.connections = entry.connections.saturating_sub(1);
            if entry.connections == 0 {
                counts.remove(&self.account);
            }
        }
    }
}

impl std::fmt::Debug for AppState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppState")
            .field("config", &self.inner.config)
            .finish_non_exhaustive()
    }
}

impl AppState {
    /// Open the store named by `config` (SQLite under the data dir by default, created and
    /// migrated; Postgres for a `postgres://` URL, migrated), build the state, and bring back
    /// every unfinished match's room ([`AppState::recover`]).
    pub async fn open(config: Config) -> Result<Self, StoreError> {
        let store = store::open(config.database_url.as_deref(), &config.data_dir).await?;
        let state = Self::with_store(config, store);
        if state.join_nodes().await? {
            return Ok(state);
        }
        let report = state.recover().await?;
        if report != recovery::Report::default() {
            tracing::info!(
                playing = report.playing.len(),
                open = report.open.len(),
                finished = report.finished.len(),
                failed = report.failed.len(),
                "rooms restored from the store"
            );
        }
        Ok(state)
    }

    /// Several nodes (issue 14). On Postgres the node takes leases on its rooms (a single node
    /// too); with `--nats-url` it joins the others through NATS. `Ok(true)`: done, rooms
    /// included (this node's own back at once, the orphans as placement gives them);
    /// `Ok(false)`: SQLite, one node, recover as always.
    async fn join_nodes(&self) -> Result<bool, StoreError> {
        let config = &self.inner.config;
        let Some(leases) = self.store().leases() else {
            if config.cluster.nats_url.is_some() {
                return Err(StoreError::NodeConflict(
                    "several nodes (--nats-url) need a shared Postgres database \
                     (--database-url postgres://...); SQLite serves one node only"
                        .into(),
                ));
            }
            return Ok(false);
        };
        let node_id = &config.cluster.node_id;
        cluster::check_node_id(node_id).map_err(StoreError::NodeConflict)?;
        cluster::check_node_id(&config.cluster.prefix)
            .map_err(|e| StoreError::NodeConflict(format!("--nats-prefix: {e}")))?;
        leases.enable(node_id, config.cluster.lease);
        leases
            .register(config.cluster.nats_url.is_some(), config.limits.max_rooms)
            .await?;
        let cluster = match &config.cluster.nats_url {
            Some(url) => Some(
                cluster::Cluster::connect(
                    &config.cluster,
                    url,
                    self.lobby().clone(),
                    leases.clone(),
                    config.limits.outbound_queue,
                )
                .await
                .map_err(StoreError::NodeConflict)?,
            ),
            None => None,
        };
        let node = cluster::Node {
            leases,
            store: self.store().clone(),
            lobby: self.lobby().clone(),
            cluster,
            lease: config.cluster.lease,
            capacity: config.limits.max_rooms,
        };
        let report = node.start().await?;
        tracing::info!(node = %node_id, nats = node.cluster.is_some(), "node joined: leases on");
        if report != recovery::Report::default() {
            tracing::info!(
                playing = report.playing.len(),
                open = report.open.len(),
                finished = report.finished.len(),
                failed = report.failed.len(),
                "rooms restored from the store"
            );
        }
        tokio::spawn(node.clone().run(self.shutdown().subscribe()));
        let _ = self.inner.node.set(node);
        Ok(true)
    }

    /// This node's link to the others (with `--nats-url`).
    pub fn cluster(&self) -> Option<&cluster::Cluster> {
        self.inner.node.get().and_then(|n| n.cluster.as_ref())
    }

    /// After a graceful shutdown (rooms stopped): hand this node's rooms to the others at
    /// once (their leases expire now) instead of making them wait for the leases to run out.
    pub async fn leave_nodes(&self) {
        let Some(node) = self.inner.node.get() else {
            return;
        };
        match node.leases.release_all().await {
            Ok(n) => tracing::info!(rooms = n, "leases released for the other nodes"),
            Err(e) => tracing::warn!("cannot release the leases: {e}"),
        }
        if let Some(cluster) = &node.cluster {
            cluster.announce_released().await;
        }
    }

    /// Rebuild a room for every unfinished match in the store (see [`recovery`]), so coaches
    /// can resume where they were. [`AppState::open`] does this; call it yourself (once,
    /// before serving) on a state made with [`AppState::with_store`].
    pub async fn recover(&self) -> Result<recovery::Report, StoreError> {
        recovery::recover(self.lobby(), self.store().as_ref()).await
    }

    /// State over an already opened store.
    pub fn with_store(config: Config, store: Arc<dyn Store>) -> Self {
        let shutdown = Shutdown::new();
        let accounts = Accounts::new(store.clone(), config.limits.session_ttl);
        let lobby = Lobby::new(store.clone(), config.limits.clone(), shutdown.clone());
        let connections = Arc::new(Semaphore::new(config.limits.max_connections));
        Self {
            inner: Arc::new(Shared {
                config,
                store,
                accounts,
                lobby,
                shutdown,
                connections,
                next_conn: AtomicU64::new(1),
                account_conns: Arc::default(),
                token_sockets: Arc::default(),
                replays: replays::ReplayGate::per_machine(),
                node: std::sync::OnceLock::new(),
            }),
        }
    }

    /// The configuration the server was started with.
    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    pub fn limits(&self) -> &Limits {
        &self.inner.config.limits
    }

    pub fn store(&self) -> &Arc<dyn Store> {
        &self.inner.store
    }

    pub fn accounts(&self) -> &Accounts {
        &self.inner.accounts
    }

    pub fn lobby(&self) -> &Lobby {
        &self.inner.lobby
    }

    /// The replay slots and cache of the archive (`replays`).
    pub fn replays(&self) -> &replays::ReplayGate<dugout_protocol::StateAt> {
        &self.inner.replays
    }

    pub fn shutdown(&self) -> &Shutdown {
        &self.inner.shutdown
    }

    pub(crate) fn connection_permits(&self) -> Arc<Semaphore> {
        self.inner.connections.clone()
    }

    /// One of `account`'s connection slots, or `None` if it has `max_connections_per_account`.
    pub(crate) fn account_conn(&self, account: store::AccountId) -> Option<AccountConn> {
        let counts = self.inner.account_conns.clone();
        let mut map = counts.lock().unwrap_or_else(|p| p.into_inner());
        let limits = self.limits();
        let entry = map.entry(account).or_insert_with(|| AccountEntry {
            connections: 0,
            credits: Arc::new(std::sync::Mutex::new(ratelimit::Credits::new(
                limits.account_messages_per_second,
                limits.account_message_burst,
            ))),
        });
        if entry.connections >= limits.max_connections_per_account {
            return None;
        }
        entry.connections += 1;
        let credits = entry.credits.clone();
        drop(map);
        Some(AccountConn {
            account,
            counts,
            credits,
        })
    }

    /// Remember that socket `conn` was opened with `token`; `revoked` is notified when the
    /// token is logged out. The entry goes when the returned value is dropped.
    pub(crate) fn track_token(
        &self,
        token: &str,
        conn: u64,
        revoked: Arc<tokio::sync::Notify>,
    ) -> TokenSocket {
        let token_hash = accounts::token_hash(token);
        self.inner
            .token_sockets
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(token_hash.clone())
            .or_default()
            .insert(conn, revoked);
        TokenSocket {
            token_hash,
            conn,
            sockets: self.inner.token_sockets.clone(),
        }
    }

    /// `token` was logged out: tell every socket it opened (each closes itself).
    pub(crate) fn revoke_token_sockets(&self, token: &str) {
        self.revoke_hashed_token_sockets(&accounts::token_hash(token));
    }

    /// The token with this hash was revoked: tell every socket it opened.
    pub(crate) fn revoke_hashed_token_sockets(&self, token_hash: &str) {
        let map = self
            .inner
            .token_sockets
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if let Some(conns) = map.get(token_hash) {
            for revoked in conns.values() {
                revoked.notify_one();
            }
        }
    }

    pub(crate) fn next_conn_id(&self) -> u64 {
        // Relaxed: only uniqueness matters, not ordering with other memory.
        self.inner.next_conn.fetch_add(1, Ordering::Relaxed)
    }
}

/// The HTTP routes, ready to serve or to call directly in tests.
pub fn app(state: AppState) -> Router {
    api::routes().with_state(state)
}

/// Serve [`app`] on `listener` until `shutdown` resolves.
///
/// Then: stop accepting, tell every socket and room to finish (sockets get a close frame),
/// wait for in-flight HTTP requests, and wait (at most `limits.shutdown_grace`) for the
/// sockets and rooms.
pub async fn run(
    listener: tokio::net::TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let listener = guarded(listener, state.limits());
    serve(listener, state, shutdown).await
}

/// The listener with the per-address cap and the read timeouts of `limits` (`conn`).
fn guarded(listener: tokio::net::TcpListener, limits: &Limits) -> conn::GuardedListener {
    conn::GuardedListener::new(
        listener,
        conn::ConnLimits {
            per_address: limits.max_connections_per_address.max(1),
            first_byte: (!limits.first_byte_timeout.is_zero()).then_some(limits.first_byte_timeout),
            idle: limits.tcp_idle_timeout(),
        },
    )
}

/// [`run`] over TLS: every connection on `listener` is a TLS handshake with `tls` (see
/// [`tls::server_config`]) first; then the same app, limits and graceful shutdown.
pub async fn run_tls(
    listener: tokio::net::TcpListener,
    tls: Arc<rustls::ServerConfig>,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    // The same per-address cap and timeouts as plain TCP, under the TLS layer: a client
    // that opens connections and never sends a ClientHello is closed as one that never
    // sends a request.
    let listener = tls::TlsListener::new(guarded(listener, state.limits()), tls)?;
    serve(listener, state, shutdown).await
}

async fn serve<L>(
    listener: L,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()>
where
    L: axum::serve::Listener<Addr = std::net::SocketAddr>,
    api::PeerAddr:
        for<'a> axum::extract::connect_info::Connected<axum::serve::IncomingStream<'a, L>>,
{
    let signal = state.shutdown().clone();
    // Post-match deadlines (blood-bowl.md §32.5) pass whether or not anybody reads the match.
    tokio::spawn(league_matches::sweeper(
        state.store().clone(),
        state.shutdown().subscribe(),
    ));
    // Each request knows its peer's address (`api::ClientAddr`): failed logins are
    // throttled per address.
    let served = axum::serve(
        listener,
        app(state.clone()).into_make_service_with_connect_info::<api::PeerAddr>(),
    )
    .with_graceful_shutdown(async move {
        shutdown.await;
        signal.trigger();
    })
    .await;
    state.shutdown().trigger();
    if !state
        .shutdown()
        .wait_for_tasks(state.limits().shutdown_grace)
        .await
    {
        tracing::warn!("some sockets or rooms did not finish within the shutdown grace");
    }
    served
}

/// Resolves on Ctrl-C (SIGINT) or, on Unix, SIGTERM.
///
/// The handlers are installed when this is called, not when the future is first polled: a
/// signal that arrives while the server is already answering requests, before the graceful
/// shutdown future got its first poll, is still a graceful stop (it used to be the signal's
/// default action, a kill). Call it before serving. If a handler cannot be installed the
/// failure is logged and that signal is simply never observed; the other one still works.
pub fn shutdown_signal() -> impl Future<Output = ()> + Send + 'static {
    /// One signal, or never if its handler could not be installed.
    #[cfg(unix)]
    async fn wait_for(s: Option<&mut tokio::signal::unix::Signal>) {
        match s {
            Some(s) => {
                s.recv().await;
            }
            None => std::future::pending::<()>().await,
        }
    }

    #[cfg(unix)]
    {
        use tokio::signal::unix::{Signal, SignalKind, signal};
        let install = |kind: SignalKind, name: &str| -> Option<Signal> {
            signal(kind)
                .map_err(|err| eprintln!("dugout-server: cannot listen for {name}: {err}"))
                .ok()
        };
        let mut interrupt = install(SignalKind::interrupt(), "Ctrl-C");
        let mut terminate = install(SignalKind::terminate(), "SIGTERM");
        async move {
            tokio::select! {
                () = wait_for(interrupt.as_mut()) => {}
                () = wait_for(terminate.as_mut()) => {}
            }
        }
    }
    #[cfg(not(unix))]
    {
        async {
            if let Err(err) = tokio::signal::ctrl_c().await {
                eprintln!("dugout-server: cannot listen for Ctrl-C: {err}");
                std::future::pending::<()>().await;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_config_listens_on_localhost_8080_with_data_in_dot_data() {
        let config = Config::default();
        assert_eq!(config.listen.to_string(), DEFAULT_LISTEN);
        assert_eq!(config.data_dir, PathBuf::from(DEFAULT_DATA_DIR));
    }
}
