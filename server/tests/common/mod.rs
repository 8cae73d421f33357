//! Test harness: a real server on 127.0.0.1:0 over SQLite in a temp dir, and WebSocket
//! clients (tokio-tungstenite) that keep what they received.

#![allow(dead_code)]

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use dugout_protocol::{
    ClientMessage, Decision, ErrorCode, MatchResult, PROTOCOL_VERSION, RoomId, RoomSpec, SeqEvent,
    ServerMessage, TimerPolicy, TokenGrant,
};
use dugout_rules::blitz::{self, Command, GameView, MatchSetup};
use dugout_rules::core::{ChaChaDice, DiceSource, Die, Seat, Side};
use dugout_rules::{AnyCommand, AnySetup, AnyView};
use dugout_server::store::MatchLog;
use dugout_server::{AppState, Config, Limits, app, run};
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tempfile::TempDir;
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use tower::ServiceExt;

pub mod http;
pub mod pg;

/// A store contract: every case `async fn case(store: Arc<dyn Store>)` of the calling test file,
/// run as `sqlite::<case>` (a fresh file in a temp dir) and `postgres::<case>` (a fresh
/// database, see [`pg`]). Used by `store.rs`, `team_store.rs` and `league_seasons_store.rs`.
#[macro_export]
macro_rules! store_contract {
    ($($case:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    let dir = tempfile::tempdir().expect("temp dir");
                    let store = dugout_server::store::SqliteStore::open(dir.path())
                        .await
                        .expect("open");
                    super::$case(std::sync::Arc::new(store)).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    let test = concat!(module_path!(), "::", stringify!($case));
                    let Some(db) = $crate::common::pg::TestDb::create(test).await else {
                        return;
                    };
                    let store = db.store().await;
                    super::$case(std::sync::Arc::new(store.clone())).await;
                    store.close().await;
                }
            )*
        }
    };
}

/// Upper bound for anything that should be quick (a whole game takes longer: see callers).
pub const DEADLINE: Duration = Duration::from_secs(20);

/// Default limits, but a rate limit no test reaches unless it means to.
pub fn fast_limits() -> Limits {
    Limits {
        messages_per_second: 1e6,
        message_burst: 1e6,
        account_messages_per_second: 1e6,
        account_message_burst: 1e6,
        ..Limits::default()
    }
}

pub struct TestServer {
    /// Given to every client this server's `connect` makes (see [`Client::deadline`]).
    pub client_deadline: Option<Duration>,
    pub addr: std::net::SocketAddr,
    pub state: AppState,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<std::io::Result<()>>>,
    config: Config,
    _dir: TempDir,
}

impl TestServer {
    /// A server whose rate limit does not slow a test playing as fast as it can.
    pub async fn start() -> TestServer {
        Self::start_with(fast_limits()).await
    }

    pub async fn start_with(limits: Limits) -> TestServer {
        Self::start_on(limits, None).await
    }

    /// A server on `database_url` (a Postgres URL, see [`pg::TestDb`]; `None`: SQLite in a
    /// temp dir).
    pub async fn start_on(limits: Limits, database_url: Option<String>) -> TestServer {
        if std::env::var_os("DUGOUT_TEST_LOG").is_some() {
            let _ = tracing_subscriber::fmt()
                .with_max_level(tracing::Level::TRACE)
                .with_test_writer()
                .try_init();
        }
        let dir = tempfile::tempdir().expect("temp dir");
        let config = Config {
            listen: "127.0.0.1:0".parse().expect("address"),
            data_dir: dir.path().join("data"),
            database_url,
            tls: None,
            limits,
            cluster: Default::default(),
        };
        let (addr, state, stop, task) = Self::serve(config.clone()).await;
        TestServer {
            client_deadline: Some(DEADLINE),
            addr,
            state,
            stop: Some(stop),
            task: Some(task),
            config,
            _dir: dir,
        }
    }

    #[allow(clippy::type_complexity)]
    async fn serve(
        config: Config,
    ) -> (
        std::net::SocketAddr,
        AppState,
        oneshot::Sender<()>,
        JoinHandle<std::io::Result<()>>,
    ) {
        let state = AppState::open(config).await.expect("open the store");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind port 0");
        let addr = listener.local_addr().expect("bound address");
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(run(listener, state.clone(), async {
            let _ = stopped.await;
        }));
        (addr, state, stop, task)
    }

    /// Shut the server down gracefully (as SIGTERM does) and start it again on the same
    /// data, at a new address: recovery brings its rooms back.
    #[allow(dead_code)]
    pub async fn restart(&mut self) {
        self.stop().await.expect("a clean stop");
        let (addr, state, stop, task) = Self::serve(self.config.clone()).await;
        (self.addr, self.state, self.stop, self.task) = (addr, state, Some(stop), Some(task));
    }

    /// Stop the server and wait for `run` to return.
    pub async fn stop(&mut self) -> std::io::Result<()> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        match self.task.take() {
            Some(task) => tokio::time::timeout(DEADLINE, task)
                .await
                .expect("the server stops in time")
                .expect("the server task did not panic"),
            None => Ok(()),
        }
    }

    /// POST JSON to the app (no socket needed: the same state).
    pub async fn post(&self, path: &str, body: Value, token: Option<&str>) -> (StatusCode, Value) {
        let mut req = Request::post(path).header("content-type", "application/json");
        if let Some(t) = token {
            req = req.header("authorization", format!("Bearer {t}"));
        }
        let req = req
            .body(Body::from(body.to_string()))
            .expect("valid request");
        self.call(req).await
    }

    /// GET from the app.
    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        self.call(Request::get(path).body(Body::empty()).expect("request"))
            .await
    }

    /// GET with a bearer token.
    pub async fn get_auth(&self, path: &str, token: &str) -> (StatusCode, Value) {
        let req = Request::get(path)
            .header("authorization", format!("Bearer {token}"))
            .body(Body::empty())
            .expect("request");
        self.call(req).await
    }

    /// DELETE with a bearer token.
    pub async fn delete_auth(&self, path: &str, token: &str) -> (StatusCode, Value) {
        let req = Request::delete(path)
            .header("authorization", format!("Bearer {token}"))
            .body(Body::empty())
            .expect("request");
        self.call(req).await
    }

    /// POST a raw body as JSON.
    pub async fn post_raw(&self, path: &str, body: &str) -> (StatusCode, Value) {
        let req = Request::post(path)
            .header("content-type", "application/json")
            .body(Body::from(body.to_owned()))
            .expect("request");
        self.call(req).await
    }

    async fn call(&self, req: Request<Body>) -> (StatusCode, Value) {
        let resp = app(self.state.clone())
            .oneshot(req)
            .await
            .expect("router is infallible");
        let status = resp.status();
        let bytes = axum::body::to_bytes(resp.into_body(), 1 << 20)
            .await
            .expect("body");
        let value = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes).expect("JSON body")
        };
        (status, value)
    }

    /// Register an account; its session token.
    pub async fn register(&self, name: &str) -> String {
        let (status, body) = self
            .post(
                "/api/register",
                serde_json::json!({ "name": name, "password": "correct horse battery" }),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let grant: TokenGrant = serde_json::from_value(body).expect("a token grant");
        grant.token
    }

    /// Log in to an account made by [`TestServer::register`]; a new session token.
    #[allow(dead_code)]
    pub async fn login(&self, name: &str) -> String {
        let (status, body) = self
            .post(
                "/api/login",
                serde_json::json!({ "name": name, "password": "correct horse battery" }),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let grant: TokenGrant = serde_json::from_value(body).expect("a token grant");
        grant.token
    }

    /// Connect and say hello with `token`.
    pub async fn client(&self, token: &str) -> Client {
        let mut c = self.connect().await;
        c.hello(token).await;
        c
    }

    /// Connect without saying hello.
    pub async fn connect(&self) -> Client {
        Client::connect_to(&self.addr.to_string(), self.client_deadline).await
    }

    pub async fn match_log(&self, room: &str) -> MatchLog {
        self.state
            .store()
            .match_log(room)
            .await
            .expect("the store answers")
            .expect("the match is stored")
    }
}

/// A WebSocket client that remembers everything it received.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub next_id: u64,
    /// Every text message received, with the room seq it was read at.
    pub raw: Vec<String>,
    /// Every game event received, in order.
    pub events: Vec<SeqEvent>,
    /// `events` messages received.
    pub events_messages: usize,
    pub seq: u64,
    pub decision: Option<Decision>,
    /// The last snapshot's view, of any game.
    pub any_view: Option<Box<AnyView>>,
    /// The same view when the match is Blitz Bowl (what most tests play).
    pub view: Option<Box<GameView>>,
    pub result: Option<MatchResult>,
    pub seat: Option<Seat>,
    /// The close frame's code, once closed.
    pub closed: Option<u16>,
    pub chat: Vec<(String, String)>,
    /// How long `recv` waits for a message; `None` (tests with paused time): forever,
    /// so the client adds no timer of its own to the runtime.
    pub deadline: Option<Duration>,
}

/// The answer to a request: the ack's seq, or the error.
pub type Answer = Result<Option<u64>, (ErrorCode, String)>;

/// Open a WebSocket to the server at `addr` (`host:port`).
async fn open_socket(addr: &str) -> WebSocketStream<MaybeTlsStream<TcpStream>> {
    let url = format!("ws://{addr}/ws");
    let (ws, _) = tokio::time::timeout(
        DEADLINE,
        tokio_tungstenite::connect_async_with_config(url, None, true),
    )
    .await
    .expect("connect in time")
    .expect("WebSocket handshake");
    ws
}

impl Client {
    /// Connect to the server at `addr` (`host:port`) without saying hello.
    pub async fn connect_to(addr: &str, deadline: Option<Duration>) -> Client {
        Client {
            ws: open_socket(addr).await,
            next_id: 1,
            raw: Vec::new(),
            events: Vec::new(),
            events_messages: 0,
            seq: 0,
            decision: None,
            any_view: None,
            view: None,
            result: None,
            seat: None,
            closed: None,
            chat: Vec::new(),
            deadline,
        }
    }

    /// A new connection to the server at `addr` (after the old one dropped), saying hello
    /// with `token`. Everything received so far is kept, and ids go on counting where they
    /// stopped, as the protocol asks of a reconnecting client.
    pub async fn reconnect(&mut self, addr: &str, token: &str) {
        self.ws = open_socket(addr).await;
        self.closed = None;
        self.hello(token).await;
    }

    /// Follow `room` again after a reconnect, from the last seq this client saw.
    pub async fn resume(&mut self, room: &str) -> Answer {
        let room = room.to_owned();
        let last_seq = self.seq;
        self.request(|id| ClientMessage::Resume { id, room, last_seq })
            .await
    }

    /// Read until the socket closes (a dead server's connection); every message read on the
    /// way is kept like any other.
    pub async fn drain(&mut self) {
        while self.recv().await.is_some() {}
    }

    pub fn id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    pub async fn send_text(&mut self, text: String) {
        self.ws
            .send(Message::text(text))
            .await
            .expect("send a frame");
    }

    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        self.ws
            .send(Message::binary(bytes))
            .await
            .expect("send a frame");
    }

    pub async fn send(&mut self, msg: &ClientMessage) {
        self.send_text(serde_json::to_string(msg).expect("serialize"))
            .await;
    }

    /// The next server message (`None` once the socket closed).
    pub async fn recv(&mut self) -> Option<ServerMessage> {
        // One deadline for the message, however many pings come first.
        let deadline = self.deadline.map(|d| tokio::time::Instant::now() + d);
        loop {
            let frame = match deadline {
                Some(at) => tokio::time::timeout_at(at, self.ws.next())
                    .await
                    .expect("a message in time"),
                None => self.ws.next().await,
            };
            match frame {
                None | Some(Err(_)) => return None,
                Some(Ok(Message::Text(t))) => {
                    let text = t.as_str().to_owned();
                    let msg: ServerMessage =
                        serde_json::from_str(&text).expect("server messages parse");
                    self.raw.push(text);
                    self.absorb(&msg);
                    return Some(msg);
                }
                Some(Ok(Message::Close(frame))) => {
                    self.closed = Some(frame.map(|f| u16::from(f.code)).unwrap_or(1005));
                    return None;
                }
                Some(Ok(_)) => continue,
            }
        }
    }

    fn absorb(&mut self, msg: &ServerMessage) {
        match msg {
            ServerMessage::Events {
                seq,
                events,
                decision,
                ..
            } => {
                self.seq = *seq;
                self.events.extend(events.iter().cloned());
                self.events_messages += 1;
                self.decision = Some(decision.clone());
                for e in events {
                    if let dugout_protocol::RoomEvent::MatchEnded { result, .. } = &e.event {
                        self.result = Some(*result);
                    }
                }
            }
            ServerMessage::Snapshot {
                seq,
                view,
                decision,
                result,
                seat,
                ..
            } => {
                self.seq = *seq;
                self.view = match &**view {
                    AnyView::Blitz(v) => Some(Box::new(v.clone())),
                    _ => None,
                };
                self.any_view = Some(view.clone());
                self.decision = Some(decision.clone());
                self.result = *result;
                self.seat = Some(*seat);
            }
            ServerMessage::Chat { from, text, .. } => {
                self.chat.push((from.clone(), text.clone()));
            }
            _ => {}
        }
    }

    /// Read until the answer to request `id` (an ack or an error naming it).
    pub async fn answer(&mut self, id: u64) -> Answer {
        loop {
            match self.recv().await {
                Some(ServerMessage::Ack { id: got, seq, .. }) if got == id => return Ok(seq),
                Some(ServerMessage::Error {
                    id: Some(got),
                    code,
                    message,
                }) if got == id => return Err((code, message)),
                Some(_) => {}
                None => panic!("the connection closed before answering request {id}"),
            }
        }
    }

    /// Send, telling a closed socket (`false`) instead of panicking (several nodes: a node
    /// that stops closes its connections).
    pub async fn try_send(&mut self, msg: &ClientMessage) -> bool {
        let text = serde_json::to_string(msg).expect("serialize");
        self.ws.send(Message::text(text)).await.is_ok()
    }

    /// The answer to request `id`, or `None` if the socket closed first.
    pub async fn try_answer(&mut self, id: u64) -> Option<Answer> {
        loop {
            match self.recv().await {
                Some(ServerMessage::Ack { id: got, seq, .. }) if got == id => return Some(Ok(seq)),
                Some(ServerMessage::Error {
                    id: Some(got),
                    code,
                    message,
                }) if got == id => return Some(Err((code, message))),
                Some(_) => {}
                None => return None,
            }
        }
    }

    /// Read until an `error` message (any id); its code and id.
    pub async fn error(&mut self) -> (ErrorCode, Option<u64>) {
        loop {
            match self.recv().await {
                Some(ServerMessage::Error { id, code, .. }) => return (code, id),
                Some(_) => {}
                None => panic!("the connection closed before an error"),
            }
        }
    }

    pub async fn hello(&mut self, token: &str) {
        let r = self.try_hello(token).await;
        assert!(matches!(r, Ok(ServerMessage::Welcome { .. })), "{r:?}");
    }

    pub async fn try_hello(&mut self, token: &str) -> Result<ServerMessage, ErrorCode> {
        self.send(&ClientMessage::Hello {
            protocol_version: PROTOCOL_VERSION,
            client: "test".into(),
            token: token.into(),
        })
        .await;
        loop {
            match self.recv().await {
                Some(m @ ServerMessage::Welcome { .. }) => return Ok(m),
                Some(ServerMessage::Error { code, .. }) => return Err(code),
                Some(_) => {}
                None => panic!("closed during hello"),
            }
        }
    }

    pub async fn request(&mut self, make: impl FnOnce(u64) -> ClientMessage) -> Answer {
        let id = self.id();
        self.send(&make(id)).await;
        self.answer(id).await
    }

    /// Ask for a room; its id, or the refusal.
    pub async fn try_create_room(&mut self, spec: RoomSpec) -> Result<RoomId, (ErrorCode, String)> {
        let id = self.id();
        self.send(&ClientMessage::CreateRoom { id, room: spec })
            .await;
        loop {
            match self.recv().await {
                Some(ServerMessage::Ack {
                    id: got,
                    room: Some(room),
                    ..
                }) if got == id => return Ok(room),
                Some(ServerMessage::Error {
                    id: Some(got),
                    code,
                    message,
                }) if got == id => return Err((code, message)),
                Some(_) => {}
                None => panic!("closed"),
            }
        }
    }

    pub async fn create_room(&mut self, spec: RoomSpec) -> RoomId {
        match self.try_create_room(spec).await {
            Ok(room) => room,
            Err((code, message)) => panic!("create_room refused: {code:?} {message}"),
        }
    }

    pub async fn join(&mut self, room: &str, seat: Option<Side>) -> Answer {
        let room = room.to_owned();
        self.request(|id| ClientMessage::JoinRoom {
            id,
            room,
            seat,
            entropy: None,
        })
        .await
    }

    /// Join a seat with entropy for the dice seed (hex).
    pub async fn join_with_entropy(
        &mut self,
        room: &str,
        seat: Option<Side>,
        entropy: &str,
    ) -> Answer {
        let room = room.to_owned();
        let entropy = Some(entropy.to_owned());
        self.request(|id| ClientMessage::JoinRoom {
            id,
            room,
            seat,
            entropy,
        })
        .await
    }

    pub async fn spectate(&mut self, room: &str) -> Answer {
        let room = room.to_owned();
        self.request(|id| ClientMessage::Spectate { id, room })
            .await
    }

    pub async fn ready(&mut self, room: &str) -> Answer {
        let room = room.to_owned();
        self.request(|id| ClientMessage::Ready { id, room }).await
    }

    pub async fn command(&mut self, room: &str, command: Command) -> Answer {
        self.command_any(room, AnyCommand::Blitz(command)).await
    }

    /// Send a command of any game.
    pub async fn command_any(&mut self, room: &str, command: AnyCommand) -> Answer {
        let room = room.to_owned();
        self.request(|id| ClientMessage::Command { id, room, command })
            .await
    }

    /// Ask for a snapshot; the room's seq and this seat's view, of any game.
    pub async fn snapshot_any(&mut self, room: &str) -> (u64, AnyView) {
        let room = room.to_owned();
        let id = self.id();
        self.send(&ClientMessage::Snapshot { id, room }).await;
        let mut got = None;
        loop {
            match self.recv().await {
                Some(ServerMessage::Snapshot { seq, view, .. }) => got = Some((seq, *view)),
                Some(ServerMessage::Ack { id: a, .. }) if a == id => break,
                Some(ServerMessage::Error {
                    id: Some(e),
                    code,
                    message,
                }) if e == id => {
                    panic!("snapshot refused: {code:?} {message}")
                }
                Some(_) => {}
                None => panic!("closed"),
            }
        }
        got.expect("a snapshot before the ack")
    }

    /// Ask for a snapshot; the room's seq and this seat's view (a Blitz Bowl match).
    pub async fn snapshot(&mut self, room: &str) -> (u64, GameView) {
        let (seq, view) = self.snapshot_any(room).await;
        (seq, blitz_view(&view))
    }

    /// Read until this client has received `n` events messages in all.
    pub async fn wait_events_messages(&mut self, n: usize) {
        while self.events_messages < n {
            if self.recv().await.is_none() {
                panic!("closed while waiting for events");
            }
        }
    }

    /// Read until a snapshot arrives.
    pub async fn wait_snapshot(&mut self) {
        loop {
            match self.recv().await {
                Some(ServerMessage::Snapshot { .. }) => return,
                Some(_) => {}
                None => panic!("closed while waiting for a snapshot"),
            }
        }
    }

    /// The legal commands this client may send now, of any game.
    pub fn legal_any(&self) -> Vec<AnyCommand> {
        self.decision
            .as_ref()
            .map(|d| d.legal())
            .unwrap_or_default()
    }

    /// The legal commands this client may send now.
    pub fn legal(&self) -> Vec<Command> {
        self.decision
            .as_ref()
            .map(|d| d.legal().into_iter().map(blitz_command).collect())
            .unwrap_or_default()
    }

    pub fn deciding(&self) -> Option<Side> {
        self.decision.as_ref().and_then(|d| d.deciding())
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }

    /// Close the connection but keep the client, to [`Client::reconnect`] later.
    pub async fn disconnect(&mut self) {
        let _ = self.ws.close(None).await;
        while self.recv().await.is_some() {}
    }
}

/// A Blitz room spec with `setup`.
pub fn spec(setup: MatchSetup, timer: TimerPolicy) -> RoomSpec {
    RoomSpec {
        setup: AnySetup::Blitz(setup),
        timer,
        private: false,
        league: None,
    }
}

/// A fixed, plain setup: 2024 edition, two teams, no options.
pub fn plain_setup() -> MatchSetup {
    MatchSetup {
        edition: blitz::Edition::Bb2024,
        teams: [blitz::data::TeamId::ALL[0], blitz::data::TeamId::ALL[1]],
        options: blitz::Options::default(),
    }
}

/// Two coaches (home, away) seated in a new room, not yet ready, plus the room id.
pub async fn open_match(
    server: &TestServer,
    setup: MatchSetup,
    timer: TimerPolicy,
) -> (Client, Client, RoomId) {
    let ta = server.register("coach_a").await;
    let tb = server.register("coach_b").await;
    let mut a = server.client(&ta).await;
    let mut b = server.client(&tb).await;
    let room = a.create_room(spec(setup, timer)).await;
    assert_eq!(a.join(&room, Some(Side::Home)).await, Ok(Some(0)));
    assert_eq!(b.join(&room, Some(Side::Away)).await, Ok(Some(0)));
    (a, b, room)
}

/// Both coaches ready: the match starts; both have read the start (events, snapshot).
pub async fn start(a: &mut Client, b: &mut Client, room: &str) {
    assert!(a.ready(room).await.is_ok());
    assert!(b.ready(room).await.is_ok());
    for c in [a, b] {
        if c.any_view.is_none() {
            c.wait_snapshot().await;
        }
    }
}

/// Two coaches seated and the match started.
pub async fn seated_match(
    server: &TestServer,
    setup: MatchSetup,
    timer: TimerPolicy,
) -> (Client, Client, RoomId) {
    let (mut a, mut b, room) = open_match(server, setup, timer).await;
    start(&mut a, &mut b, &room).await;
    (a, b, room)
}

/// A seeded picker among legal commands.
pub struct Picker(ChaChaDice, bool, bool);

impl Picker {
    pub fn new(seed: u64) -> Self {
        Picker(ChaChaDice::from_u64(seed), false, false)
    }

    /// A picker that never concedes (a Blood Bowl coach may at the start of each turn), so
    /// the match is played to its end.
    pub fn playing_on(seed: u64) -> Self {
        Picker(ChaChaDice::from_u64(seed), false, true)
    }

    /// A picker that always claims a challenge card when it may (otherwise uniform), so a
    /// test that needs cards in hands gets them whatever the server's dice do.
    pub fn claiming(seed: u64) -> Self {
        Picker(ChaChaDice::from_u64(seed), true, false)
    }

    /// One of `legal`, commands of any game (a claiming picker claims Blitz Bowl cards).
    pub fn pick_any(&mut self, legal: &[AnyCommand]) -> AnyCommand {
        assert!(!legal.is_empty(), "nothing legal to pick");
        if self.1
            && let Some(claim) = legal
                .iter()
                .find(|c| matches!(c, AnyCommand::Blitz(Command::Claim { .. })))
        {
            return claim.clone();
        }
        let conceding = |c: &&AnyCommand| {
            matches!(c, AnyCommand::BloodBowl(dugout_rules::bb::Command::Concede))
        };
        if self.2 && legal.iter().any(|c| !conceding(&c)) {
            let on: Vec<&AnyCommand> = legal.iter().filter(|c| !conceding(c)).collect();
            let i = usize::from(self.0.roll(Die::Range(on.len() as u16)));
            return on[i.min(on.len() - 1)].clone();
        }
        let i = usize::from(self.0.roll(Die::Range(legal.len() as u16)));
        legal[i.min(legal.len() - 1)].clone()
    }

    pub fn pick(&mut self, legal: &[Command]) -> Command {
        assert!(!legal.is_empty(), "nothing legal to pick");
        if self.1
            && let Some(claim) = legal.iter().find(|c| matches!(c, Command::Claim { .. }))
        {
            return *claim;
        }
        let i = usize::from(self.0.roll(Die::Range(legal.len() as u16)));
        legal[i.min(legal.len() - 1)]
    }
}

/// Play one command: the deciding coach picks among the legal commands the server sent;
/// every other client then reads until it got that command's events (each command gives
/// every follower exactly one `events` message). Returns the coach who played, or `None`
/// when the match is over.
pub async fn play_one(
    coaches: &mut [&mut Client; 2],
    others: &mut [&mut Client],
    room: &str,
    picker: &mut Picker,
) -> Option<Side> {
    if coaches[0].result.is_some() {
        return None;
    }
    let side = coaches[0]
        .deciding()
        .expect("a coach decides while the match is on");
    let i = side.index();
    let legal = coaches[i].legal_any();
    let cmd = picker.pick_any(&legal);
    let targets: Vec<usize> = coaches.iter().map(|c| c.events_messages + 1).collect();
    let other_targets: Vec<usize> = others.iter().map(|c| c.events_messages + 1).collect();
    let r = coaches[i].command_any(room, cmd.clone()).await;
    assert!(r.is_ok(), "a legal command was refused: {cmd:?} -> {r:?}");
    assert_eq!(
        coaches[i].events_messages, targets[i],
        "events come before the ack"
    );
    coaches[1 - i].wait_events_messages(targets[1 - i]).await;
    for (o, t) in others.iter_mut().zip(other_targets) {
        o.wait_events_messages(t).await;
    }
    Some(side)
}

/// Commands after which [`play_to_end`] gives up on a match ending (a Blood Bowl match of
/// random commands takes a few thousand).
pub const MAX_COMMANDS: usize = 60_000;

/// Play until the match ends, each command picked by `picker` among the legal ones the
/// server sent; the number of commands played.
pub async fn play_to_end(
    a: &mut Client,
    b: &mut Client,
    others: &mut [&mut Client],
    room: &str,
    picker: &mut Picker,
) -> usize {
    let mut n = 0;
    while play_one(&mut [&mut *a, &mut *b], others, room, picker)
        .await
        .is_some()
    {
        n += 1;
        assert!(n < MAX_COMMANDS, "no result after {MAX_COMMANDS} commands");
    }
    n
}

/// Replay a stored match of any game from its seed and commands, under its recorded rules
/// version: the final game and every game event.
pub fn replay_any(log: &MatchLog) -> (dugout_rules::AnyGame, Vec<dugout_rules::AnyEvent>) {
    let seed = log
        .dice_seed()
        .expect("the stored seed derives")
        .expect("a started match has a seed");
    let mut dice = ChaChaDice::from_seed(seed);
    let (mut game, mut events) =
        dugout_rules::AnyGame::new_game(log.spec.setup.clone(), log.rules_version, &mut dice)
            .expect("the setup is valid");
    for c in &log.commands {
        let more = game
            .apply(c.command.clone(), &mut dice)
            .expect("stored commands replay");
        events.extend(more);
    }
    (game, events)
}

/// Replay a stored match from its seed and commands: the final game and every event.
pub fn replay(log: &MatchLog) -> (blitz::Game, Vec<blitz::Event>) {
    let seed = log
        .dice_seed()
        .expect("the stored seed derives")
        .expect("a started match has a seed");
    let mut dice = ChaChaDice::from_seed(seed);
    let (mut game, mut events) =
        blitz::new_game(blitz_setup(&log.spec.setup), &mut dice).expect("the setup is valid");
    for c in &log.commands {
        let more = blitz::apply(&mut game, blitz_command(c.command.clone()), &mut dice)
            .expect("stored commands replay");
        events.extend(more);
    }
    (game, events)
}

/// The card ids a JSON value mentions where card ids live in the protocol.
pub fn card_ids(v: &Value, out: &mut Vec<u64>) {
    match v {
        Value::Object(map) => {
            for (k, val) in map {
                match (k.as_str(), val) {
                    ("card" | "raw_talent" | "bonus", Value::Number(n)) => {
                        out.extend(n.as_u64());
                    }
                    ("cards" | "discard", Value::Array(items)) => {
                        for item in items {
                            if let Some(n) = item.get(0).and_then(Value::as_u64) {
                                out.push(n);
                            }
                        }
                    }
                    _ => card_ids(val, out),
                }
            }
        }
        Value::Array(items) => {
            for item in items {
                card_ids(item, out);
            }
        }
        _ => {}
    }
}

/// These tests play Blitz Bowl: its view out of the game-tagged one.
pub fn blitz_view(view: &AnyView) -> GameView {
    match view {
        AnyView::Blitz(v) => v.clone(),
        other => panic!("these tests play Blitz Bowl, not {}", other.kind()),
    }
}

/// A Blitz Bowl command out of the game-tagged one.
pub fn blitz_command(command: AnyCommand) -> Command {
    match command {
        AnyCommand::Blitz(c) => c,
        other => panic!("these tests play Blitz Bowl, not {}", other.kind()),
    }
}

/// A Blitz Bowl setup out of the game-tagged one.
pub fn blitz_setup(setup: &AnySetup) -> MatchSetup {
    match setup {
        AnySetup::Blitz(s) => *s,
        other => panic!("these tests play Blitz Bowl, not {}", other.kind()),
    }
}

/// A Blitz Bowl event out of the game-tagged one.
pub fn blitz_event(event: &dugout_rules::AnyEvent) -> blitz::Event {
    match event {
        dugout_rules::AnyEvent::Blitz(e) => e.clone(),
        other => panic!("these tests play Blitz Bowl, not {}", other.kind()),
    }
}

/// Blood Bowl league matches (section 32.4 of docs/rules/blood-bowl.md): the seated coaches
/// declare their petty cash (`amounts`, home then away) when the match asks; the sides in
/// the order they were asked.
pub async fn declare(a: &mut Client, b: &mut Client, room: &str, amounts: [u32; 2]) -> Vec<Side> {
    let mut order = Vec::new();
    while let Some(side) = a.deciding() {
        let coach = if side == Side::Home { &mut *a } else { &mut *b };
        let asked = coach.legal_any().iter().any(|c| {
            matches!(
                c,
                AnyCommand::BloodBowl(dugout_rules::bb::Command::PettyCash { .. })
            )
        });
        if !asked {
            break;
        }
        let cmd = AnyCommand::BloodBowl(dugout_rules::bb::Command::PettyCash {
            amount: amounts[side.index()],
        });
        let want = [a.events_messages + 1, b.events_messages + 1];
        let coach = if side == Side::Home { &mut *a } else { &mut *b };
        let r = coach.command_any(room, cmd).await;
        assert!(r.is_ok(), "petty cash refused: {r:?}");
        a.wait_events_messages(want[0]).await;
        b.wait_events_messages(want[1]).await;
        order.push(side);
    }
    order
}

/// A Blood Bowl league over REST: an organiser, and for each roster a coach registered in the
/// league with an approved team made from `sheet(roster)`. Returns the league's id, its base
/// path (`/api/leagues/{id}`), the organiser's token and, per roster, the team's id and its
/// coach's token.
pub async fn bb_league_with_teams(
    server: &TestServer,
    rosters: &[dugout_rules::bb::data::Roster],
    sheet: impl Fn(dugout_rules::bb::data::Roster) -> dugout_rules::bb::setup::TeamSheet,
) -> (i64, String, String, Vec<(i64, String)>) {
    let org = server.register("organiser").await;
    let (status, league) = server
        .post(
            "/api/leagues",
            serde_json::json!({"name": "Old World", "game": "blood_bowl"}),
            Some(&org),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{league}");
    let id = league["id"].as_i64().expect("id");
    let base = format!("/api/leagues/{id}");
    let mut teams = Vec::new();
    for (i, roster) in rosters.iter().enumerate() {
        let name = format!("coach_{i}");
        let token = server.register(&name).await;
        let (status, body) = server
            .post(
                &format!("{base}/coaches"),
                serde_json::json!({"coach": name, "team": roster.name()}),
                Some(&org),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (status, _) = server
            .post(
                &format!("{base}/invitation"),
                serde_json::json!({}),
                Some(&token),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, team) = server
            .post(
                &format!("{base}/teams"),
                serde_json::json!({"name": format!("Team {i}"), "sheet": sheet(*roster)}),
                Some(&token),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{team}");
        let t = team["id"].as_i64().expect("id");
        let (status, body) = server
            .post(
                &format!("{base}/teams/{t}/approval"),
                serde_json::json!({}),
                Some(&org),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        teams.push((t, token));
    }
    (id, base, org, teams)
}
