//! A WebSocket session with a Dugout server (see `docs/protocol.md`): connect and say
//! `hello`, number requests, wait for their `ack` or `error`, keep what each followed room
//! last said (seq, decision, the last snapshot's view, the result), and survive a dropped
//! connection: reconnect with backoff, `hello` again, `resume` every followed room from the
//! last seq it saw, and send again the requests that had no answer yet.
//!
//! The session is driven by its owner: [`Session::request`] sends one request and reads until
//! its answer; [`Session::next_update`] returns the next pushed message (room events,
//! snapshots, lobby changes, chat). Whatever a request reads before its answer is kept for
//! `next_update`, in order, so nothing is lost.
//!
//! Request ids come from one counter that never goes back, across reconnects: a command sent
//! again after a reconnect keeps its id, so the room acknowledges it again instead of
//! applying it twice (its retry key), and a new command never reuses an old id. The counter
//! starts from the clock in microseconds, so a bot restarted on the same account keeps
//! counting upwards too.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::fmt;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use dugout_protocol::{
    ClientMessage, ErrorCode, MatchResult, PROTOCOL_VERSION, RequestId, RoomEvent, RoomId,
    RoomSummary, SeqEvent, ServerMessage,
};

use dugout_rules::core::Seat;
use futures_util::{SinkExt, StreamExt};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

use crate::http::ServerUrl;
use crate::tls::{self, Socket, Trust};

/// A request refused with `rate_limited` is sent again (same id) after this pause...
const RATE_LIMITED_PAUSE: Duration = Duration::from_millis(500);
/// ...at most this many times.
const RATE_LIMITED_RETRIES: u32 = 20;

/// How a session connects and behaves.
#[derive(Clone, Debug)]
pub struct SessionConfig {
    /// The WebSocket URL, `ws://host:port/ws` or `wss://host:port/ws` (see
    /// [`crate::http::ServerUrl::websocket`]).
    pub url: String,
    /// The certificates trusted for `wss://`; `None`: the process's default
    /// ([`crate::tls::default_trust`]).
    pub trust: Option<Trust>,
    /// A session token or a bot's API token.
    pub token: String,
    /// Sent in `hello` (`client`): who is talking, for the server's logs.
    pub client: String,
    /// The first request id; later ones count up from it. `None`: the clock in microseconds
    /// (see the module docs).
    pub first_id: Option<RequestId>,
    /// Messages per second this session sends at most, on average (the server's default
    /// limit is 50), and how many it may send at once. `None`: no pacing.
    pub rate: Option<(f64, f64)>,
    /// Silence after which the session pings the server; after twice this long without a
    /// word the connection counts as dropped.
    pub keepalive: Duration,
    /// How long to keep trying to reconnect after a drop before giving up.
    pub reconnect_for: Duration,
    /// Time allowed to open a connection and get `welcome`.
    pub connect_timeout: Duration,
}

impl SessionConfig {
    /// Defaults for `url` and `token`: the clock as first id, 45 messages a second (bursts
    /// of 45), keepalive 30 s, reconnecting for two minutes.
    pub fn new(url: impl Into<String>, token: impl Into<String>) -> SessionConfig {
        SessionConfig {
            url: url.into(),
            trust: None,
            token: token.into(),
            client: format!("dugout {}", env!("CARGO_PKG_VERSION")),
            first_id: None,
            rate: Some((45.0, 45.0)),
            keepalive: Duration::from_secs(30),
            reconnect_for: Duration::from_secs(120),
            connect_timeout: Duration::from_secs(10),
        }
    }
}

impl SessionConfig {
    /// [`SessionConfig::new`] for `server`'s WebSocket, with the server's trust.
    pub fn for_server(server: &ServerUrl, token: impl Into<String>) -> SessionConfig {
        let mut config = SessionConfig::new(server.websocket(), token);
        config.trust = server.trust.clone();
        config
    }
}

/// Why a session stopped working.
#[derive(Debug)]
pub enum Error {
    /// The server refused `hello` (wrong token, other protocol version): retrying will not
    /// help.
    Refused { code: ErrorCode, message: String },
    /// No connection could be (re)established within `reconnect_for`; the last failure.
    Unreachable(String),
    /// The trace file could not be written.
    Trace(std::io::Error),
    /// TLS failed (a certificate this client does not trust, a server that does not speak
    /// TLS): retrying will not help.
    Tls(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Refused { code, message } => {
                write!(f, "the server refused the hello: {code:?}: {message}")
            }
            Error::Unreachable(why) => write!(f, "cannot reach the server: {why}"),
            Error::Trace(e) => write!(f, "cannot write the trace: {e}"),
            Error::Tls(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for Error {}

/// A refused request: the server's error code and message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: ErrorCode,
    pub message: String,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {}", self.code, self.message)
    }
}

/// A successful request: the room's seq after it and the room it concerned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ack {
    pub seq: Option<u64>,
    pub room: Option<RoomId>,
}

/// The answer to one request. `Interrupted`: the connection dropped before the answer and
/// the request is not safe to send twice (`create_room`, `chat`); whether it happened is
/// unknown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Ack(Ack),
    Refused(Refusal),
    Interrupted,
}

/// Something the server pushed, in the order it arrived.
// Nearly every update is a server message (a Blood Bowl view makes it large): boxing it would
// cost an allocation per message to save space in the rare small variants.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Update {
    /// A server message other than an answer: `events`, `snapshot`, `room_changed`, `rooms`,
    /// `chat`, or an `error` naming no request of ours.
    Server(ServerMessage),
    /// A text frame that is not a message this client knows (a newer server?), and why.
    Unreadable { text: String, why: String },
    /// The connection dropped and a new one is up (`hello` done, `resume` sent for every
    /// followed room; their missed events come as ordinary updates).
    Reconnected { attempts: u32 },
}

/// What the session knows of one room, from the messages it received.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RoomState {
    /// The room's seq after the last `events` or `snapshot` message (0: nothing yet).
    pub seq: u64,
    /// This connection's seat, from the last snapshot.
    pub seat: Option<Seat>,
    /// The view of the last snapshot, brought up to date with every event since by the
    /// rules' view reducer when the match's rules version allows it ([`RoomState::folds`]);
    /// else it stays the snapshot's: see [`RoomState::view_is_current`].
    pub view: Option<Box<dugout_rules::AnyView>>,
    /// Whether events keep `view` current (the match's rules version, from the snapshot).
    pub folds: bool,
    /// The decision pending after the last `events` or `snapshot` message: the prompt and,
    /// for the deciding coach only, the legal commands (of the room's game: see
    /// [`crate::game`] for its own types).
    pub decision: Option<dugout_protocol::Decision>,
    /// Set once the match is over (from `match_ended` or a snapshot).
    pub result: Option<MatchResult>,
    /// `events` and `snapshot` messages received for this room: each one is a new state
    /// (a command may change only the prompt, not the seq).
    pub updates: u64,
    /// The value of `updates` when `view` was received.
    pub view_update: u64,
    /// Whether this session follows the room (acked join, spectate or resume): such rooms
    /// are resumed after a reconnect.
    pub following: bool,
}

impl RoomState {
    /// Whether `view` is the state after the last message (no events came after the
    /// snapshot it is from).
    pub fn view_is_current(&self) -> bool {
        self.view.is_some() && self.view_update == self.updates
    }
}

/// A request sent and not answered yet.
struct Pending {
    msg: ClientMessage,
    answer: Option<Answer>,
    /// Sent by the session itself (a `resume` after a reconnect): its answer is not
    /// waited for; a refusal becomes an [`Update`].
    internal: bool,
}

/// Spends one credit per message sent, refilled at a steady rate.
struct Pacer {
    rate: f64,
    burst: f64,
    credits: f64,
    at: Instant,
}

impl Pacer {
    fn new(rate: f64, burst: f64) -> Pacer {
        let rate = if rate.is_finite() && rate > 0.0 {
            rate
        } else {
            1.0
        };
        let burst = if burst.is_finite() && burst >= 1.0 {
            burst
        } else {
            1.0
        };
        Pacer {
            rate,
            burst,
            credits: burst,
            at: Instant::now(),
        }
    }

    /// How long to wait before the next message may go (and spend its credit).
    fn take(&mut self) -> Duration {
        let now = Instant::now();
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.credits = (self.credits + elapsed * self.rate).min(self.burst);
        self.at = now;
        self.credits -= 1.0;
        if self.credits >= 0.0 {
            Duration::ZERO
        } else {
            Duration::from_secs_f64(-self.credits / self.rate)
        }
    }
}

/// One WebSocket session (see the module docs).
pub struct Session {
    config: SessionConfig,
    ws: Option<Socket>,
    account: String,
    bot: bool,
    next_id: RequestId,
    pending: BTreeMap<RequestId, Pending>,
    updates: VecDeque<Update>,
    rooms: HashMap<RoomId, RoomState>,
    pacer: Option<Pacer>,
    trace: Option<Box<dyn Write + Send>>,
    reconnects: u32,
    /// Instant of the last frame from the server, and whether we pinged since.
    heard: Instant,
    pinged: bool,
    /// Whether a connection is up (false while reconnecting); shared with whoever asked for
    /// it with [`Session::link_flag`].
    link: Arc<AtomicBool>,
}

impl fmt::Debug for Session {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session")
            .field("url", &self.config.url)
            .field("account", &self.account)
            .field("next_id", &self.next_id)
            .field("connected", &self.ws.is_some())
            .finish_non_exhaustive()
    }
}

/// What [`Session::next_frame`] got.
enum Frame {
    Text(String),
    /// The connection is gone (closed, failed, or silent too long).
    Gone,
    /// The caller's deadline came first.
    TimedOut,
}

/// What went wrong on one connection attempt.
enum ConnectFailure {
    /// Worth another try (network, server busy, shutting down).
    Retry(String),
    /// Not worth another try.
    Fatal(Error),
}

impl Session {
    /// Connect and authenticate. The first connection is tried for `reconnect_for` too,
    /// so a bot may be started before its server.
    pub async fn connect(config: SessionConfig) -> Result<Session, Error> {
        Self::connect_traced(config, None).await
    }

    /// [`Session::connect`], writing every frame sent (`> `) and received (`< `) as a line
    /// to `trace` (the token in `hello` is masked).
    pub async fn connect_traced(
        config: SessionConfig,
        trace: Option<Box<dyn Write + Send>>,
    ) -> Result<Session, Error> {
        let first_id = config.first_id.unwrap_or_else(clock_id);
        let pacer = config.rate.map(|(rate, burst)| Pacer::new(rate, burst));
        let mut session = Session {
            config,
            ws: None,
            account: String::new(),
            bot: false,
            next_id: first_id.max(1),
            pending: BTreeMap::new(),
            updates: VecDeque::new(),
            rooms: HashMap::new(),
            pacer,
            trace,
            reconnects: 0,
            heard: Instant::now(),
            pinged: false,
            link: Arc::new(AtomicBool::new(false)),
        };
        session.establish().await?;
        session.link.store(true, Ordering::SeqCst);
        Ok(session)
    }

    /// The account the server said we are (`welcome`).
    pub fn account(&self) -> &str {
        &self.account
    }

    /// Whether the account is a bot account.
    pub fn is_bot(&self) -> bool {
        self.bot
    }

    /// How many times the connection dropped and was re-established.
    pub fn reconnects(&self) -> u32 {
        self.reconnects
    }

    /// A flag that is `true` while the session has a connection and `false` while it is
    /// reconnecting after a drop (for a user interface to show).
    pub fn link_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.link)
    }

    /// The id the next request will get.
    pub fn peek_id(&self) -> RequestId {
        self.next_id
    }

    /// What the session knows of `room`.
    pub fn room(&self, room: &str) -> Option<&RoomState> {
        self.rooms.get(room)
    }

    /// Forget a room (after leaving it): it is no longer resumed.
    pub fn forget(&mut self, room: &str) {
        self.rooms.remove(room);
    }

    /// Whether updates are waiting to be taken by [`Session::next_update`].
    pub fn has_updates(&self) -> bool {
        !self.updates.is_empty()
    }

    /// Send the request `make` builds with a fresh id and read until its answer. Messages
    /// read meanwhile are kept for [`Session::next_update`]. After a reconnect the request
    /// is sent again with the same id, unless it is `create_room` or `chat` (then
    /// [`Answer::Interrupted`]); so is one refused with `rate_limited`, after a pause.
    ///
    /// Not cancel-safe: a request whose future is dropped stays pending (and is sent again
    /// after a reconnect). [`Session::next_update_within`] is the way to wait with a limit.
    pub async fn request(
        &mut self,
        make: impl FnOnce(RequestId) -> ClientMessage,
    ) -> Result<Answer, Error> {
        let id = self.next_id;
        self.next_id += 1;
        let msg = make(id);
        self.pending.insert(
            id,
            Pending {
                msg: msg.clone(),
                answer: None,
                internal: false,
            },
        );
        if !self.send(&msg).await? {
            self.reconnect().await?;
        }
        let mut slowed = 0;
        loop {
            if let Some(answer) = self.pending.get(&id).and_then(|p| p.answer.clone()) {
                if let Answer::Refused(Refusal {
                    code: ErrorCode::RateLimited,
                    ..
                }) = answer
                    && slowed < RATE_LIMITED_RETRIES
                {
                    // Dropped unread by the server: wait, then the same message, same id.
                    slowed += 1;
                    tokio::time::sleep(RATE_LIMITED_PAUSE).await;
                    if let Some(p) = self.pending.get_mut(&id) {
                        p.answer = None;
                    }
                    if !self.send(&msg).await? {
                        self.reconnect().await?;
                    }
                    continue;
                }
                self.pending.remove(&id);
                return Ok(answer);
            }
            if !self.pending.contains_key(&id) {
                // Cannot happen: only the line above removes an entry for a caller.
                return Ok(Answer::Interrupted);
            }
            self.read_one(None).await?;
        }
    }

    /// The next pushed message, waiting for it as long as it takes (keepalive and
    /// reconnects included).
    pub async fn next_update(&mut self) -> Result<Update, Error> {
        loop {
            if let Some(update) = self.updates.pop_front() {
                return Ok(update);
            }
            self.read_one(None).await?;
        }
    }

    /// [`Session::next_update`], but `None` after `wait` without one.
    pub async fn next_update_within(&mut self, wait: Duration) -> Result<Option<Update>, Error> {
        let deadline = Instant::now() + wait;
        loop {
            if let Some(update) = self.updates.pop_front() {
                return Ok(Some(update));
            }
            if !self.read_one(Some(deadline)).await? {
                return Ok(None);
            }
        }
    }

    /// Close the connection politely. The session cannot be used afterwards.
    pub async fn close(mut self) {
        if let Some(mut ws) = self.ws.take() {
            let _ = tokio::time::timeout(Duration::from_secs(2), ws.close(None)).await;
        }
        if let Some(t) = self.trace.as_mut() {
            let _ = t.flush();
        }
    }

    // ----- the connection ----------------------------------------------------------------

    /// Connect, retrying with backoff for `reconnect_for`.
    async fn establish(&mut self) -> Result<u32, Error> {
        let started = Instant::now();
        let mut delay = Duration::from_millis(100);
        let mut attempts = 0u32;
        loop {
            attempts += 1;
            match self.open().await {
                Ok(()) => return Ok(attempts),
                Err(ConnectFailure::Fatal(e)) => return Err(e),
                Err(ConnectFailure::Retry(why)) => {
                    if started.elapsed() + delay > self.config.reconnect_for {
                        return Err(Error::Unreachable(why));
                    }
                    tokio::time::sleep(jitter(delay)).await;
                    delay = (delay * 2).min(Duration::from_secs(5));
                }
            }
        }
    }

    /// One connection attempt: the WebSocket handshake, then `hello` until `welcome`.
    async fn open(&mut self) -> Result<(), ConnectFailure> {
        let url = self.config.url.clone();
        let trust = tls::trust_or_default(self.config.trust.as_ref())
            .map_err(|e| ConnectFailure::Fatal(Error::Tls(e.to_string())))?;
        let ws = match tokio::time::timeout(
            self.config.connect_timeout,
            tls::connect_websocket(&url, &trust, None, false),
        )
        .await
        {
            Err(_) => return Err(ConnectFailure::Retry(format!("{url}: no answer in time"))),
            Ok(Err(e)) => {
                // A certificate we do not trust stays untrusted: say so at once.
                if let Some(why) = tls::tls_failure(&e) {
                    return Err(ConnectFailure::Fatal(Error::Tls(format!("{url}: {why}"))));
                }
                return Err(ConnectFailure::Retry(format!("{url}: {e}")));
            }
            Ok(Ok(ws)) => ws,
        };
        self.ws = Some(ws);
        self.heard = Instant::now();
        self.pinged = false;
        let hello = ClientMessage::Hello {
            protocol_version: PROTOCOL_VERSION,
            client: self.config.client.clone(),
            token: self.config.token.clone(),
        };
        match self.send(&hello).await {
            Ok(true) => {}
            Ok(false) => return Err(ConnectFailure::Retry("closed before hello".into())),
            Err(e) => return Err(ConnectFailure::Fatal(e)),
        }
        let deadline = Instant::now() + self.config.connect_timeout;
        loop {
            let text = match self.next_frame(Some(deadline)).await {
                Err(e) => return Err(ConnectFailure::Fatal(e)),
                Ok(Frame::Text(text)) => text,
                Ok(Frame::TimedOut) => {
                    self.ws = None;
                    return Err(ConnectFailure::Retry("no welcome in time".into()));
                }
                Ok(Frame::Gone) => {
                    return Err(ConnectFailure::Retry("closed during hello".into()));
                }
            };
            match serde_json::from_str::<ServerMessage>(&text) {
                Ok(welcome @ ServerMessage::Welcome { .. }) => {
                    if let ServerMessage::Welcome { account, bot, .. } = &welcome {
                        self.account = account.clone();
                        self.bot = *bot;
                    }
                    // The server's limits it announces (e.g. how long a coach may be gone
                    // before the other may claim the win) reach the application too.
                    self.updates.push_back(Update::Server(welcome));
                    return Ok(());
                }
                Ok(ServerMessage::Error { code, message, .. }) => {
                    self.ws = None;
                    return Err(match code {
                        ErrorCode::ShuttingDown
                        | ErrorCode::ServerFull
                        | ErrorCode::RateLimited
                        | ErrorCode::Internal => {
                            ConnectFailure::Retry(format!("{code:?}: {message}"))
                        }
                        _ => ConnectFailure::Fatal(Error::Refused { code, message }),
                    });
                }
                // Lobby pushes cannot come before welcome; anything else is ignored.
                _ => {}
            }
        }
    }

    /// After a drop: reconnect, resume every followed room, send unanswered requests again.
    async fn reconnect(&mut self) -> Result<(), Error> {
        self.ws = None;
        self.link.store(false, Ordering::SeqCst);
        let attempts = self.establish().await?;
        self.link.store(true, Ordering::SeqCst);
        self.reconnects += 1;
        // Resume first: a command is only accepted from a connection that follows the room.
        let mut follow: Vec<(RoomId, u64)> = self
            .rooms
            .iter()
            .filter(|(_, r)| r.following)
            .map(|(id, r)| (id.clone(), r.seq))
            .collect();
        follow.sort();
        // Requests still waiting for an answer, oldest first: sent again with their ids.
        let mut again = Vec::new();
        for (id, p) in self.pending.iter_mut() {
            if p.answer.is_some() {
                continue;
            }
            if p.internal {
                // An earlier resume: superseded by the ones below.
                p.answer = Some(Answer::Interrupted);
                continue;
            }
            match p.msg {
                ClientMessage::CreateRoom { .. } | ClientMessage::Chat { .. } => {
                    p.answer = Some(Answer::Interrupted);
                }
                _ => again.push((*id, p.msg.clone())),
            }
        }
        self.pending
            .retain(|_, p| !(p.internal && p.answer.is_some()));
        self.updates.push_back(Update::Reconnected { attempts });
        for (room, last_seq) in follow {
            let id = self.next_id;
            self.next_id += 1;
            let msg = ClientMessage::Resume { id, room, last_seq };
            self.pending.insert(
                id,
                Pending {
                    msg: msg.clone(),
                    answer: None,
                    internal: true,
                },
            );
            if !self.send(&msg).await? {
                // Dropped again at once: the next read reconnects.
                return Ok(());
            }
        }
        for (_, msg) in again {
            if !self.send(&msg).await? {
                return Ok(());
            }
        }
        Ok(())
    }

    /// Send one message, pacing it. `false`: the connection is gone (the caller reconnects).
    async fn send(&mut self, msg: &ClientMessage) -> Result<bool, Error> {
        let text = match serde_json::to_string(msg) {
            Ok(text) => text,
            // Our own types always serialise; treat a failure like a dead connection.
            Err(_) => return Ok(false),
        };
        if let Some(pacer) = self.pacer.as_mut() {
            let wait = pacer.take();
            if !wait.is_zero() {
                tokio::time::sleep(wait).await;
            }
        }
        if let Some(t) = self.trace.as_mut() {
            let shown = match msg {
                ClientMessage::Hello { .. } => mask_token(&text, &self.config.token),
                _ => text.clone(),
            };
            writeln!(t, "> {shown}").map_err(Error::Trace)?;
        }
        let Some(ws) = self.ws.as_mut() else {
            return Ok(false);
        };
        match ws.send(Message::text(text)).await {
            Ok(()) => Ok(true),
            Err(_) => {
                self.ws = None;
                Ok(false)
            }
        }
    }

    /// The next text frame. Keeps the connection alive: pings after `keepalive` of
    /// silence, counts it as gone after twice that. Stops waiting at `until`.
    async fn next_frame(&mut self, until: Option<Instant>) -> Result<Frame, Error> {
        loop {
            let Some(ws) = self.ws.as_mut() else {
                return Ok(Frame::Gone);
            };
            let quiet_until = self.heard + self.config.keepalive;
            let wake = until.map_or(quiet_until, |u| u.min(quiet_until));
            // Only the wait for a frame is ever cut short: `next` loses nothing when
            // dropped (tungstenite keeps partial frames in its buffer).
            let frame = match tokio::time::timeout_at(wake, ws.next()).await {
                Ok(frame) => frame,
                Err(_) if Instant::now() < quiet_until => return Ok(Frame::TimedOut),
                Err(_) => {
                    if self.pinged {
                        self.ws = None;
                        return Ok(Frame::Gone);
                    }
                    self.pinged = true;
                    self.heard = Instant::now();
                    if ws.send(Message::Ping(Vec::new().into())).await.is_err() {
                        self.ws = None;
                        return Ok(Frame::Gone);
                    }
                    continue;
                }
            };
            self.heard = Instant::now();
            self.pinged = false;
            match frame {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => {
                    self.ws = None;
                    return Ok(Frame::Gone);
                }
                Some(Ok(Message::Text(t))) => {
                    let text = t.as_str().to_owned();
                    if let Some(trace) = self.trace.as_mut() {
                        writeln!(trace, "< {text}").map_err(Error::Trace)?;
                    }
                    return Ok(Frame::Text(text));
                }
                // Pings are answered by tungstenite; pongs and binary frames carry nothing.
                Some(Ok(_)) => {}
            }
        }
    }

    /// Read one message and file it (an answer, or an update); reconnect if the connection
    /// is gone. `false`: `until` came first.
    async fn read_one(&mut self, until: Option<Instant>) -> Result<bool, Error> {
        let text = match self.next_frame(until).await? {
            Frame::Text(text) => text,
            Frame::TimedOut => return Ok(false),
            Frame::Gone => {
                self.reconnect().await?;
                return Ok(true);
            }
        };
        match serde_json::from_str::<ServerMessage>(&text) {
            Ok(msg) => self.file(msg),
            Err(e) => self.updates.push_back(Update::Unreadable {
                text,
                why: e.to_string(),
            }),
        }
        Ok(true)
    }

    fn file(&mut self, msg: ServerMessage) {
        match msg {
            ServerMessage::Ack { id, seq, room } => {
                let Some(p) = self.pending.get_mut(&id) else {
                    return;
                };
                // Following starts and ends with the ack.
                match (&p.msg, &room) {
                    (
                        ClientMessage::JoinRoom { .. }
                        | ClientMessage::Spectate { .. }
                        | ClientMessage::Resume { .. },
                        Some(room),
                    ) => {
                        self.rooms.entry(room.clone()).or_default().following = true;
                    }
                    (ClientMessage::Leave { .. }, Some(room)) => {
                        if let Some(r) = self.rooms.get_mut(room) {
                            r.following = false;
                        }
                    }
                    _ => {}
                }
                if p.internal {
                    self.pending.remove(&id);
                } else {
                    p.answer = Some(Answer::Ack(Ack { seq, room }));
                }
            }
            ServerMessage::Error {
                id: Some(id),
                code,
                message,
            } if self.pending.contains_key(&id) => {
                let Some(p) = self.pending.get_mut(&id) else {
                    return;
                };
                if p.internal {
                    // A resume refused (the room closed, say): stop following it and tell.
                    if let ClientMessage::Resume { room, .. } = &p.msg
                        && let Some(r) = self.rooms.get_mut(room)
                    {
                        r.following = false;
                    }
                    self.pending.remove(&id);
                    self.updates.push_back(Update::Server(ServerMessage::Error {
                        id: Some(id),
                        code,
                        message,
                    }));
                } else {
                    p.answer = Some(Answer::Refused(Refusal { code, message }));
                }
            }
            ServerMessage::Events {
                room,
                seq,
                events,
                decision,
            } => {
                let state = self.rooms.entry(room.clone()).or_default();
                // Events this session has already seen (cannot happen on one ordered
                // connection; cheap to be sure of) are dropped.
                let events: Vec<SeqEvent> =
                    events.into_iter().filter(|e| e.seq > state.seq).collect();
                state.seq = state.seq.max(seq);
                state.updates += 1;
                for e in &events {
                    if let RoomEvent::MatchEnded { result, .. } = &e.event {
                        state.result = Some(*result);
                    }
                }
                state.decision = Some(decision.clone());
                // Follow the match from its events: no snapshot needed after them.
                if state.folds
                    && state.view_update + 1 == state.updates
                    && let Some(view) = state.view.as_mut()
                {
                    for e in &events {
                        if let RoomEvent::Game { event } = &e.event {
                            view.apply(event);
                        }
                    }
                    view.set_prompt(&decision.pending);
                    state.view_update = state.updates;
                }
                self.updates
                    .push_back(Update::Server(ServerMessage::Events {
                        room,
                        seq,
                        events,
                        decision,
                    }));
            }
            ServerMessage::Snapshot {
                room,
                seq,
                seat,
                view,
                decision,
                result,
                rules_version,
            } => {
                let state = self.rooms.entry(room.clone()).or_default();
                state.folds = crate::game::view_folds(&view, rules_version);
                state.seq = seq;
                state.seat = Some(seat);
                state.updates += 1;
                state.view = Some(view.clone());
                state.view_update = state.updates;
                state.decision = Some(decision.clone());
                state.result = result;
                self.updates
                    .push_back(Update::Server(ServerMessage::Snapshot {
                        room,
                        seq,
                        seat,
                        view,
                        decision,
                        result,
                        rules_version,
                    }));
            }
            ServerMessage::Welcome { .. } | ServerMessage::Pong { .. } => {}
            other => self.updates.push_back(Update::Server(other)),
        }
    }
}

/// Whether `room` is one a coach can join now: open, public, with a coach waiting in one
/// seat (not `me`, and connected: a room whose creator is gone is never offered) and the
/// other seat free. (A room nobody sits in yet is left to its creator, who joins it next.)
pub fn joinable(room: &RoomSummary, me: &str) -> bool {
    room.status == dugout_protocol::RoomStatus::Open
        && !room.private
        && room.seats.iter().any(Option::is_none)
        && room.seats.iter().any(Option::is_some)
        && room
            .seats
            .iter()
            .zip(room.connected)
            .all(|(seat, connected)| seat.is_none() || connected)
        && !room
            .seats
            .iter()
            .flatten()
            .any(|name| name.eq_ignore_ascii_case(me))
}

/// Microseconds since the Unix epoch: a first request id that a restarted client on the same
/// account will not have used.
fn clock_id() -> RequestId {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_micros()).unwrap_or(u64::MAX / 2))
        .unwrap_or(1)
}

/// `delay` plus up to a quarter of it, so that many clients dropped at once do not all come
/// back at the same instant.
fn jitter(delay: Duration) -> Duration {
    let mut byte = [0u8; 1];
    let spread = match getrandom::fill(&mut byte) {
        Ok(()) => f64::from(byte[0]) / 255.0,
        Err(_) => 0.5,
    };
    delay + delay.mul_f64(spread / 4.0)
}

fn mask_token(text: &str, token: &str) -> String {
    if token.is_empty() {
        text.to_owned()
    } else {
        text.replace(token, "<token>")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pacer_allows_a_burst_then_spaces_messages() {
        let mut p = Pacer::new(10.0, 3.0);
        for _ in 0..3 {
            assert_eq!(p.take(), Duration::ZERO);
        }
        let wait = p.take();
        assert!(
            wait > Duration::from_millis(90) && wait <= Duration::from_millis(100),
            "{wait:?}"
        );
    }

    #[test]
    fn a_bad_pacer_setting_still_paces() {
        let mut p = Pacer::new(f64::NAN, 0.0);
        assert_eq!(p.take(), Duration::ZERO);
        assert!(p.take() > Duration::ZERO);
    }

    #[test]
    fn the_first_id_comes_from_the_clock_and_grows() {
        let a = clock_id();
        std::thread::sleep(Duration::from_millis(2));
        assert!(clock_id() > a);
        assert!(a > 1_600_000_000_000_000, "microseconds since 1970: {a}");
    }

    #[test]
    fn the_token_is_masked_in_traces() {
        assert_eq!(
            mask_token(r#"{"type":"hello","token":"abc123"}"#, "abc123"),
            r#"{"type":"hello","token":"<token>"}"#
        );
    }

    #[test]
    fn jitter_adds_at_most_a_quarter() {
        for _ in 0..50 {
            let d = jitter(Duration::from_millis(400));
            assert!(d >= Duration::from_millis(400) && d <= Duration::from_millis(500));
        }
    }

    #[test]
    fn only_open_public_rooms_with_a_free_seat_of_someone_else_are_joinable() {
        use dugout_protocol::{RoomStatus, TimerPolicy};
        use dugout_rules::blitz::{MatchSetup, data::TeamId};
        let mut r = RoomSummary {
            room: "r".into(),
            setup: crate::game::blitz::setup(MatchSetup {
                edition: Default::default(),
                teams: [TeamId::ALL[0], TeamId::ALL[1]],
                options: Default::default(),
            }),
            timer: TimerPolicy::None,
            private: false,
            seats: [Some("Ada".into()), None],
            ready: [false, false],
            connected: [true, false],
            status: RoomStatus::Open,
            spectators: 0,
            seq: 0,
            dice_commitment: None,
        };
        assert!(joinable(&r, "bob"));
        assert!(!joinable(&r, "ada"), "my own seat: never join myself");
        r.connected = [false, false];
        assert!(!joinable(&r, "bob"), "the creator is gone: never offered");
        r.connected = [true, false];
        r.seats = [Some("ada".into()), Some("bob".into())];
        assert!(!joinable(&r, "cyd"));
        r.seats = [None, None];
        assert!(!joinable(&r, "cyd"), "nobody waits there (yet)");
        r.seats = [None, Some("ada".into())];
        r.connected = [false, true];
        assert!(joinable(&r, "cyd"));
        r.status = RoomStatus::Playing;
        assert!(!joinable(&r, "cyd"));
        r.status = RoomStatus::Open;
        r.private = true;
        assert!(!joinable(&r, "cyd"));
    }
}
