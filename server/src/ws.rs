//! One WebSocket connection.
//!
//! Two tasks per connection, so that a slow socket never blocks reading and reading never
//! blocks writing:
//!
//! * the reader (this module's [`serve`]) reads frames, spends rate-limit credit, parses,
//!   checks the connection's phase, dispatches to the lobby or a room and waits for the
//!   answer, then queues the ack or error;
//! * the writer owns the socket's sink and writes whatever is queued on the connection's
//!   bounded outbound queue (rooms `try_send` into it and never wait), pings the client and
//!   closes idle connections, and asks rooms for a resync when they found the queue full.
//!
//! The reader also watches the server's shutdown signal: it queues a `shutting_down` error
//! and a close frame (1012), and the writer sends them.

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::response::{IntoResponse, Response};
use dugout_protocol::{
    ClientMessage, ErrorCode, MAX_MESSAGE_BYTES, PROTOCOL_VERSION, RequestId, RoomId, ServerMessage,
};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{broadcast, mpsc, oneshot};
use tokio::time::Instant;

use crate::error::Failure;
use crate::ratelimit::Credits;
use crate::room::{ConnId, LagFlags, Member, Outgoing, Reply, Request, encode};
use crate::store::Account;
use crate::{AppState, SERVER_VERSION, TaskGuard, fair};

/// WebSocket close codes (RFC 6455 §7.4.1).
pub mod close {
    pub const NORMAL: u16 = 1000;
    pub const GOING_AWAY: u16 = 1001;
    pub const POLICY: u16 = 1008;
    pub const TOO_BIG: u16 = 1009;
    pub const RESTART: u16 = 1012;
}

/// The socket's read buffer. tungstenite's default (128 KiB) is zero-filled on every read
/// and stays resident: 256 KiB of memory per match and a 128 KiB memset per incoming
/// message. Client messages are small (a command is about 100 bytes, the limit 16 KiB; the
/// buffer grows for a larger frame), so 4 KiB is plenty.
const READ_BUFFER_BYTES: usize = 4 * 1024;

/// `GET /ws`: upgrade to a WebSocket, within the connection cap.
pub async fn upgrade(State(state): State<AppState>, ws: WebSocketUpgrade) -> Response {
    if state.shutdown().is_triggered() {
        return Failure::new(ErrorCode::ShuttingDown, "the server is shutting down")
            .into_response();
    }
    let Ok(permit) = state.connection_permits().try_acquire_owned() else {
        return Failure::new(
            ErrorCode::ServerFull,
            "the server has as many connections as it takes; try later",
        )
        .into_response();
    };
    let guard = state.shutdown().guard();
    ws.max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .read_buffer_size(READ_BUFFER_BYTES)
        .on_upgrade(move |socket| async move {
            serve(state, socket, guard).await;
            drop(permit);
        })
}

/// Where a connection is in its life.
enum Phase {
    /// Waiting for `hello`.
    Hello,
    /// Authenticated.
    Ready(Account),
}

struct Conn {
    id: ConnId,
    state: AppState,
    out: mpsc::Sender<Outgoing>,
    lag: Arc<LagFlags>,
    phase: Phase,
    /// One of the account's connection slots once authenticated (given back on drop).
    account_slot: Option<crate::AccountConn>,
    /// This socket under the token it said hello with (logging that token out closes it).
    token_entry: Option<crate::TokenSocket>,
    /// Notified when the token this socket said hello with is logged out.
    revoked: Arc<tokio::sync::Notify>,
    /// Rooms this connection follows (joined, spectating or resumed).
    rooms: HashSet<RoomId>,
    credits: Credits,
    chat: Credits,
    strikes: u32,
    lobby: Option<broadcast::Receiver<dugout_protocol::RoomSummary>>,
    /// Milliseconds since `epoch` when the client was last heard from. The reader stores,
    /// the writer loads: an atomic is enough (`Relaxed`: a single value, no other memory
    /// depends on it, and a stale read only delays an idle close by one ping interval).
    last_heard: Arc<AtomicU64>,
    epoch: Instant,
}

/// Why the reader stops.
enum Stop {
    /// The client closed or the socket failed.
    Gone,
    /// We close, with this code and reason (after an optional error message).
    Close(u16, &'static str),
}

fn millis_since(epoch: Instant) -> u64 {
    u64::try_from(Instant::now().saturating_duration_since(epoch).as_millis()).unwrap_or(u64::MAX)
}

/// How long a socket we close keeps reading for the client's close reply.
const CLOSE_DRAIN: Duration = Duration::from_secs(2);

/// Run one connection until it closes.
pub async fn serve(state: AppState, socket: WebSocket, _guard: TaskGuard) {
    let (sink, mut stream) = socket.split();
    let limits = state.limits().clone();
    // The outbound queue is bounded: rooms `try_send` and resync a client that lets it
    // fill; the reader's own answers wait for room in it (that client's backpressure).
    let (out, out_rx) = mpsc::channel(limits.outbound_queue.max(4));
    let lag = Arc::new(LagFlags::default());
    let epoch = Instant::now();
    let last_heard = Arc::new(AtomicU64::new(0));
    let id = state.next_conn_id();
    let writer = tokio::spawn(write(
        sink,
        out_rx,
        WriterCtx {
            state: state.clone(),
            conn: id,
            lag: lag.clone(),
            last_heard: last_heard.clone(),
            epoch,
        },
    ));
    let mut conn = Conn {
        id,
        state: state.clone(),
        out,
        lag,
        phase: Phase::Hello,
        account_slot: None,
        token_entry: None,
        revoked: Arc::new(tokio::sync::Notify::new()),
        rooms: HashSet::new(),
        credits: Credits::new(limits.messages_per_second, limits.message_burst),
        chat: Credits::new(limits.chat_per_minute / 60.0, 5.0),
        strikes: 0,
        lobby: None,
        last_heard,
        epoch,
    };
    tracing::debug!(conn = id, "connection opened");
    let stop = conn.read(&mut stream).await;
    if let Stop::Close(code, reason) = stop {
        // The writer may be gone already (socket closed); then there is nobody to tell.
        let _ = conn.out.send(Outgoing::Close { code, reason }).await;
        // Read and drop what the client still sends, until its close reply or for a
        // moment: a TCP connection closed with unread data in it is reset by the kernel,
        // and the reset destroys the error and the close frame still on their way (a
        // flooding client saw 1006 instead of 1008).
        let _ = tokio::time::timeout(CLOSE_DRAIN, async {
            while let Some(Ok(frame)) = stream.next().await {
                if matches!(frame, Message::Close(_)) {
                    break;
                }
            }
        })
        .await;
    }
    for room in conn.rooms.drain() {
        if let Some(handle) = state.lobby().get(&room) {
            let _ = handle.send(Request::Gone { conn: id }).await;
        } else if let Some(cluster) = state.cluster() {
            cluster
                .forward_request(&room, id, Request::Gone { conn: id })
                .await;
        }
    }
    drop(conn);
    // The writer ends once every sender of its queue is gone (ours just was; rooms drop
    // theirs on `Gone`) or after the close frame.
    let _ = writer.await;
    tracing::debug!(conn = id, "connection closed");
}

impl Conn {
    async fn read(&mut self, stream: &mut SplitStream<WebSocket>) -> Stop {
        let mut shutdown = self.state.shutdown().subscribe();
        let hello_timeout = self.state.limits().hello_timeout;
        let hello_by =
            (!hello_timeout.is_zero()).then(|| tokio::time::Instant::now() + hello_timeout);
        loop {
            // Until a good `hello`, the socket has `hello_timeout` (frames, pongs included,
            // do not extend it).
            let hello_due = async {
                match hello_by {
                    Some(at) if matches!(self.phase, Phase::Hello) => {
                        tokio::time::sleep_until(at).await;
                    }
                    _ => std::future::pending().await,
                }
            };
            let lobby_change = async {
                match self.lobby.as_mut() {
                    Some(rx) => rx.recv().await,
                    None => std::future::pending().await,
                }
            };
            // `biased`: a shutdown wins over anything queued.
            let frame = tokio::select! {
                biased;
                () = crate::shutdown_requested(&mut shutdown) => {
                    self.send(&ServerMessage::Error {
                        id: None,
                        code: ErrorCode::ShuttingDown,
                        message: "the server is shutting down".into(),
                    })
                    .await;
                    return Stop::Close(close::RESTART, "server shutting down");
                }
                change = lobby_change => {
                    self.lobby_changed(change).await;
                    continue;
                }
                () = self.revoked.notified() => {
                    self.send(&Failure::new(
                        ErrorCode::Unauthenticated,
                        "this token was logged out or revoked",
                    )
                    .to_message(None))
                    .await;
                    return Stop::Close(close::POLICY, "logged out");
                }
                () = hello_due => {
                    self.send(&Failure::new(
                        ErrorCode::Unauthenticated,
                        format!("no hello within {} s", hello_timeout.as_secs_f64()),
                    )
                    .to_message(None))
                    .await;
                    return Stop::Close(close::POLICY, "no hello in time");
                }
                frame = stream.next() => frame,
            };
            self.last_heard
                .store(millis_since(self.epoch), Ordering::Relaxed);
            let text = match frame {
                None => return Stop::Gone,
                Some(Err(e)) => {
                    if is_too_large(&e) {
                        self.send(
                            &Failure::new(
                                ErrorCode::TooLarge,
                                format!("messages are at most {MAX_MESSAGE_BYTES} bytes"),
                            )
                            .to_message(None),
                        )
                        .await;
                        return Stop::Close(close::TOO_BIG, "message too large");
                    }
                    tracing::debug!(conn = self.id, "socket error: {e}");
                    return Stop::Gone;
                }
                Some(Ok(Message::Text(text))) => text,
                Some(Ok(Message::Binary(_))) => {
                    match self.spend(None).await {
                        Ok(()) => {}
                        Err(Some(stop)) => return stop,
                        Err(None) => continue,
                    }
                    self.send(
                        &Failure::new(ErrorCode::Malformed, "send JSON in text frames")
                            .to_message(None),
                    )
                    .await;
                    continue;
                }
                // Pings are answered by the WebSocket layer; pongs only prove liveness.
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                Some(Ok(Message::Close(_))) => return Stop::Gone,
            };
            if let Some(stop) = self.message(text.as_str()).await {
                return stop;
            }
        }
    }

    /// Spend one message's credit. `Err(None)`: over the limit, answered with
    /// `rate_limited` (naming `id`) and dropped; `Err(Some(stop))`: too many strikes, close.
    async fn spend(&mut self, id: Option<RequestId>) -> Result<(), Option<Stop>> {
        // The connection's own credit, then its account's (shared by all its connections;
        // none before `hello`, when the connection's credit is the only bound).
        let account_ok = || self.account_slot.as_ref().is_none_or(|a| a.take_credit());
        if self.credits.take() && account_ok() {
            self.strikes = 0;
            return Ok(());
        }
        self.strikes += 1;
        if self.strikes > self.state.limits().max_strikes {
            return Err(Some(Stop::Close(close::POLICY, "rate limit")));
        }
        self.send(&Failure::new(ErrorCode::RateLimited, "slow down").to_message(id))
            .await;
        Err(None)
    }

    async fn send(&self, msg: &ServerMessage) {
        // Waits while the queue is full: that is this client's own backpressure. Fails
        // only when the writer is gone, and then nobody can be told anything.
        let _ = self.out.send(Outgoing::Text(encode(msg))).await;
    }

    async fn lobby_changed(
        &mut self,
        change: Result<dugout_protocol::RoomSummary, broadcast::error::RecvError>,
    ) {
        match change {
            Ok(room) => self.send(&ServerMessage::RoomChanged { room }).await,
            // Fell behind the lobby's buffer: send the whole list instead.
            Err(broadcast::error::RecvError::Lagged(_)) => {
                let rooms = self.state.lobby().list_public();
                self.send(&ServerMessage::Rooms { rooms }).await;
            }
            Err(broadcast::error::RecvError::Closed) => self.lobby = None,
        }
    }

    /// Handle one text message: parse it (so even a refusal names its id), spend its
    /// credit, then dispatch it.
    async fn message(&mut self, text: &str) -> Option<Stop> {
        let parsed = parse(text);
        let id = match &parsed {
            Ok(msg) => msg.id(),
            Err((id, _)) => *id,
        };
        match self.spend(id).await {
            Ok(()) => {}
            Err(stop) => return stop,
        }
        let msg = match parsed {
            Ok(msg) => msg,
            Err((id, failure)) => {
                self.send(&failure.to_message(id)).await;
                return None;
            }
        };
        let reply = self.dispatch(msg).await;
        match reply {
            Ok(Some(answer)) => self.send(&answer).await,
            Ok(None) => {}
            Err(failure) => self.send(&failure.to_message(id)).await,
        }
        None
    }

    /// The phase check, then the request. `Ok(Some(msg))`: the answer to send.
    async fn dispatch(&mut self, msg: ClientMessage) -> Result<Option<ServerMessage>, Failure> {
        let account = match (&self.phase, &msg) {
            (_, ClientMessage::Ping { id }) => {
                self.send(&ServerMessage::Pong { id: *id }).await;
                return Ok(Some(ack(*id, None, None)));
            }
            (
                Phase::Hello,
                ClientMessage::Hello {
                    protocol_version,
                    token,
                    ..
                },
            ) => {
                if *protocol_version != PROTOCOL_VERSION {
                    return Err(Failure::new(
                        ErrorCode::VersionMismatch,
                        format!("this server speaks protocol version {PROTOCOL_VERSION}"),
                    ));
                }
                let account = self.state.accounts().authenticate(token).await?;
                let welcome = ServerMessage::Welcome {
                    protocol_version: PROTOCOL_VERSION,
                    server: format!("dugout-server {SERVER_VERSION}"),
                    account: account.name.clone(),
                    bot: account.bot,
                    seat_grace_seconds: self.state.limits().seat_grace.as_secs(),
                    forfeit_after_seconds: self.state.limits().forfeit_after.as_secs(),
                };
                self.lobby = Some(self.state.lobby().subscribe());
                tracing::debug!(conn = self.id, account = %account.name, "authenticated");
                let Some(slot) = self.state.account_conn(account.id) else {
                    return Err(Failure::new(
                        ErrorCode::RateLimited,
                        format!(
                            "{} has {} connections open, as many as one account may",
                            account.name,
                            self.state.limits().max_connections_per_account
                        ),
                    ));
                };
                self.account_slot = Some(slot);
                self.token_entry =
                    Some(self.state.track_token(token, self.id, self.revoked.clone()));
                self.phase = Phase::Ready(account);
                return Ok(Some(welcome));
            }
            (Phase::Hello, _) => {
                return Err(Failure::new(
                    ErrorCode::WrongPhase,
                    "send hello with a session or bot token first",
                ));
            }
            (Phase::Ready(_), ClientMessage::Hello { .. }) => {
                return Err(Failure::new(ErrorCode::WrongPhase, "already authenticated"));
            }
            (Phase::Ready(account), _) => account.clone(),
        };
        match msg {
            ClientMessage::Hello { .. } | ClientMessage::Ping { .. } => Ok(None),
            ClientMessage::ListRooms { id } => {
                let rooms = self.state.lobby().list_public();
                self.send(&ServerMessage::Rooms { rooms }).await;
                Ok(Some(ack(id, None, None)))
            }
            ClientMessage::CreateRoom { id, room } => {
                if let Some(league) = room.league {
                    crate::leagues::may_create_in(&self.state, league, &account).await?;
                }
                let room = match self.state.lobby().create(room.clone(), account.id).await {
                    // Several nodes (issue 14): a full node makes the room on another.
                    Err(f) if f.code == ErrorCode::ServerFull && self.state.cluster().is_some() => {
                        match self.state.cluster() {
                            Some(cluster) => cluster.create_elsewhere(room, account.id).await?,
                            None => return Err(f),
                        }
                    }
                    r => r?,
                };
                Ok(Some(ack(id, Some(0), Some(room))))
            }
            ClientMessage::JoinRoom {
                id,
                room,
                seat,
                entropy,
            } => {
                let entropy = entropy
                    .as_deref()
                    .map(fair::parse_entropy)
                    .transpose()
                    .map_err(|e| Failure::new(ErrorCode::Malformed, e))?;
                let member = self.member(&account);
                let seq = self
                    .ask(&room, |reply| Request::Join {
                        member,
                        seat,
                        entropy,
                        reply,
                    })
                    .await?;
                self.rooms.insert(room.clone());
                Ok(Some(ack(id, Some(seq), Some(room))))
            }
            ClientMessage::Spectate { id, room } => {
                let member = self.member(&account);
                let seq = self
                    .ask(&room, |reply| Request::Spectate { member, reply })
                    .await?;
                self.rooms.insert(room.clone());
                Ok(Some(ack(id, Some(seq), Some(room))))
            }
            ClientMessage::Resume { id, room, last_seq } => {
                let member = self.member(&account);
                let seq = self
                    .ask(&room, |reply| Request::Resume {
                        member,
                        last_seq,
                        reply,
                    })
                    .await?;
                self.rooms.insert(room.clone());
                Ok(Some(ack(id, Some(seq), Some(room))))
            }
            ClientMessage::Leave { id, room } => {
                let conn = self.id;
                let seq = self
                    .ask(&room, |reply| Request::Leave { conn, reply })
                    .await?;
                self.rooms.remove(&room);
                Ok(Some(ack(id, Some(seq), Some(room))))
            }
            ClientMessage::Ready { id, room } => {
                let conn = self.id;
                let seq = self
                    .ask(&room, |reply| Request::Ready { conn, reply })
                    .await?;
                Ok(Some(ack(id, Some(seq), Some(room))))
            }
            ClientMessage::Concede { id, room } => {
                let conn = self.id;
                let seq = self
                    .ask(&room, |reply| Request::Concede { conn, reply })
                    .await?;
                Ok(Some(ack(id, Some(seq), Some(room))))
            }
            ClientMessage::ClaimWin { id, room } => {
                let conn = self.id;
                let seq = self
                    .ask(&room, |reply| Request::ClaimWin { conn, reply })
                    .await?;
                Ok(Some(ack(id, Some(seq), Some(room))))
            }
            ClientMessage::Command { id, room, command } => {
                let conn = self.id;
                let seq = self
                    .ask(&room, |reply| Request::Command {
                        conn,
                        id,
                        command,
                        reply,
                    })
                    .await?;
                Ok(Some(ack(id, Some(seq), Some(room))))
            }
            ClientMessage::Snapshot { id, room } => {
                let conn = self.id;
                let seq = self
                    .ask(&room, |reply| Request::Snapshot { conn, reply })
                    .await?;
                Ok(Some(ack(id, Some(seq), Some(room))))
            }
            ClientMessage::Chat { id, room, text } => {
                if !self.chat.take() {
                    return Err(Failure::new(
                        ErrorCode::RateLimited,
                        "too many chat lines; wait a little",
                    ));
                }
                let conn = self.id;
                let seq = self
                    .ask(&room, |reply| Request::Chat { conn, text, reply })
                    .await?;
                Ok(Some(ack(id, Some(seq), Some(room))))
            }
        }
    }

    fn member(&self, account: &Account) -> Member {
        Member {
            conn: self.id,
            account: account.clone(),
            out: self.out.clone(),
            lag: self.lag.clone(),
        }
    }

    /// Send a request to a room and wait for its answer. The reader handles one request at
    /// a time, so a client's requests are answered in order; the answer comes on a oneshot
    /// after the room has queued any events and snapshots, so those precede the ack.
    async fn ask(
        &self,
        room: &str,
        request: impl FnOnce(oneshot::Sender<Reply>) -> Request,
    ) -> Reply {
        // A node that is stopping takes no new request: its rooms stop (and with several
        // nodes another takes them over), so a request forwarded from here would reach the
        // new owner from a connection it never seated. The client connects again elsewhere
        // and resumes.
        if self.state.shutdown().is_triggered() {
            return Err(Failure::new(
                ErrorCode::ShuttingDown,
                "the server is shutting down",
            ));
        }
        let (tx, rx) = oneshot::channel();
        match (self.state.lobby().get(room), self.state.cluster()) {
            (Some(handle), cluster) => {
                if let Some(cluster) = cluster {
                    cluster.before_local(room, self.id).await?;
                }
                handle.send(request(tx)).await?;
            }
            // Several nodes (issue 14): the room runs on another node; its owner answers.
            (None, Some(cluster)) => cluster.forward_request(room, self.id, request(tx)).await,
            (None, None) => return Err(Failure::new(ErrorCode::UnknownRoom, "no such room")),
        }
        rx.await.map_err(|_| {
            if self.state.shutdown().is_triggered() {
                Failure::new(ErrorCode::ShuttingDown, "the server is shutting down")
            } else if self.state.cluster().is_some() {
                // Several nodes: a room that stops under a request lost its lease (it moves
                // to another node); asked again, the request finds it there, or finds it gone.
                Failure::new(
                    ErrorCode::Internal,
                    "the room is moving to another server node; send the request again",
                )
            } else {
                Failure::new(ErrorCode::UnknownRoom, "the room closed")
            }
        })?
    }
}

fn ack(id: RequestId, seq: Option<u64>, room: Option<RoomId>) -> ServerMessage {
    ServerMessage::Ack { id, seq, room }
}

/// Parse a client message, telling malformed JSON from an unknown `type`. On failure,
/// also the request id if one could be read.
pub fn parse(text: &str) -> Result<ClientMessage, (Option<RequestId>, Failure)> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        (
            None,
            Failure::new(ErrorCode::Malformed, format!("not JSON: {e}")),
        )
    })?;
    let id = value.get("id").and_then(serde_json::Value::as_u64);
    let Some(kind) = value
        .get("type")
        .and_then(serde_json::Value::as_str)
        .map(str::to_owned)
    else {
        return Err((
            id,
            Failure::new(
                ErrorCode::Malformed,
                "a message is a JSON object with a string \"type\"",
            ),
        ));
    };
    if !ClientMessage::TYPES.contains(&kind.as_str()) {
        let shown: String = kind.chars().take(40).collect();
        return Err((
            id,
            Failure::new(
                ErrorCode::UnknownMessage,
                format!("unknown message type {shown:?}"),
            ),
        ));
    }
    serde_json::from_value(value).map_err(|e| {
        (
            id,
            Failure::new(ErrorCode::Malformed, format!("bad {kind} message: {e}")),
        )
    })
}

/// Did the WebSocket layer refuse a frame or message for its size?
fn is_too_large(e: &axum::Error) -> bool {
    // axum wraps tungstenite's error; its text is the stable part we can see without
    // depending on tungstenite ourselves ("Space limit exceeded: Message too long: ...").
    let text = e.to_string();
    text.contains("Message too long") || text.contains("Space limit exceeded")
}

struct WriterCtx {
    state: AppState,
    conn: ConnId,
    lag: Arc<LagFlags>,
    last_heard: Arc<AtomicU64>,
    epoch: Instant,
}

/// The writer task: queue to socket, keepalive, resync requests.
async fn write(
    mut sink: SplitSink<WebSocket, Message>,
    mut queue: mpsc::Receiver<Outgoing>,
    ctx: WriterCtx,
) {
    let limits = ctx.state.limits().clone();
    // A zero interval turns keepalive off (tests with paused time want no stray timers).
    let mut ping = (!limits.ping_interval.is_zero()).then(|| {
        let mut ping =
            tokio::time::interval_at(Instant::now() + limits.ping_interval, limits.ping_interval);
        ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        ping
    });
    // The idle close, due `idle_timeout` after the client was last heard from (a message, a
    // ping or a pong): checked when due, not only at the next ping.
    let idle = Box::pin(tokio::time::sleep(limits.idle_timeout));
    let mut idle = ping.is_some().then_some(idle);
    loop {
        tokio::select! {
            item = queue.recv() => {
                let Some(item) = item else { break };
                let done = match item {
                    Outgoing::Text(text) => sink
                        .send(Message::Text(Utf8Bytes::from(text.as_ref())))
                        .await
                        .is_err(),
                    Outgoing::Close { code, reason } => {
                        let _ = sink.send(close_frame(code, reason)).await;
                        true
                    }
                };
                if done {
                    break;
                }
                if queue.is_empty() {
                    request_resyncs(&ctx).await;
                }
            }
            () = ctx.lag.notify.notified() => {
                // If the queue still holds messages, the check after the one that empties
                // it asks for the resync.
                if queue.is_empty() {
                    request_resyncs(&ctx).await;
                }
            }
            () = due(&mut idle) => {
                let heard = ctx.last_heard.load(Ordering::Relaxed);
                let silent_until = ctx.epoch + Duration::from_millis(heard) + limits.idle_timeout;
                if Instant::now() >= silent_until {
                    let _ = sink.send(close_frame(close::GOING_AWAY, "idle timeout")).await;
                    break;
                }
                if let Some(idle) = idle.as_mut() {
                    idle.as_mut().reset(silent_until);
                }
            }
            () = tick(&mut ping) => {
                if sink.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
        }
    }
    let _ = sink.close().await;
    tracing::trace!(conn = ctx.conn, "writer ends");
}

/// The next keepalive tick, or never.
async fn tick(ping: &mut Option<tokio::time::Interval>) {
    match ping {
        Some(ping) => {
            ping.tick().await;
        }
        None => std::future::pending().await,
    }
}

/// When the idle timer is due, or never.
async fn due(idle: &mut Option<std::pin::Pin<Box<tokio::time::Sleep>>>) {
    match idle {
        Some(sleep) => sleep.as_mut().await,
        None => std::future::pending().await,
    }
}

/// Ask each room that found the queue full for a snapshot, now that it is empty.
async fn request_resyncs(ctx: &WriterCtx) {
    for room in ctx.lag.take() {
        if let Some(handle) = ctx.state.lobby().get(&room) {
            // Waiting on the room's inbox is safe: the room never waits on this writer.
            let _ = handle.send(Request::Resync { conn: ctx.conn }).await;
        } else if let Some(cluster) = ctx.state.cluster() {
            cluster
                .forward_request(&room, ctx.conn, Request::Resync { conn: ctx.conn })
                .await;
        }
    }
}

fn close_frame(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame {
        code,
        reason: Utf8Bytes::from_static(reason),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_tells_malformed_from_unknown() {
        let (id, f) = parse("{nope").expect_err("not JSON");
        assert_eq!((id, f.code), (None, ErrorCode::Malformed));
        let (id, f) = parse(r#"{"type":"fly","id":4}"#).expect_err("unknown");
        assert_eq!((id, f.code), (Some(4), ErrorCode::UnknownMessage));
        let (id, f) = parse(r#"{"type":"join_room","id":5}"#).expect_err("missing room");
        assert_eq!((id, f.code), (Some(5), ErrorCode::Malformed));
        let (id, f) = parse(r#"[1,2]"#).expect_err("not an object");
        assert_eq!((id, f.code), (None, ErrorCode::Malformed));
        assert!(matches!(
            parse(r#"{"type":"ping","id":1}"#),
            Ok(ClientMessage::Ping { id: 1 })
        ));
    }
}
