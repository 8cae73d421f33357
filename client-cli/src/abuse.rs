//! `dugout abuse`: the attacks of issue 15 ("safe on the open internet"), each at a stated
//! size, against a running server, with what the server answered. `bench/abuse.sh` runs
//! each one while `dugout load` plays legitimate matches, samples the server's memory and
//! open files, and prints the figures against their targets (see SECURITY.md).
//!
//! Plain `http://` only: the attacks speak raw HTTP/1.1 and WebSocket over TCP sockets bound
//! to `--from` (say `127.0.0.2`: on Linux every 127.x.y.z is the loopback), so the server
//! sees the attacker at another address than the legitimate coaches (`127.0.0.1`), as it
//! would on the internet. A login flood from the coaches' own address would, by design,
//! slow their logins too (the per-address back-off).
//!
//! | attack | what it does, `--size N` |
//! | --- | --- |
//! | `logins` | N wrong-password logins in flight at once, for `--seconds`; meanwhile a real account logs in from the default address every 250 ms |
//! | `idle-tcp` | N TCP connections that send nothing |
//! | `silent-ws` | N WebSocket upgrades that never say `hello` (pings answered) |
//! | `rooms` | one account asks for N rooms, as fast as it can |
//! | `messages` | one account sends N pings over 10 connections, as fast as it can |
//! | `spectators` | one account tries N spectator connections into one room |
//! | `replays` | N `GET /api/matches/{id}/state?seq=` in flight at once (random seqs of a finished public match `--target`), for `--seconds` |

use std::collections::BTreeMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use dugout_protocol::{ClientMessage, PROTOCOL_VERSION, RoomSpec, ServerMessage, TimerPolicy};
use dugout_rules::blitz::{Edition, MatchSetup};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::Mutex;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

use crate::http::{Scheme, ServerUrl};
use crate::load::Samples;

/// Which attack (`dugout abuse ATTACK`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Attack {
    Logins,
    IdleTcp,
    SilentWs,
    Rooms,
    Messages,
    Spectators,
    Replays,
}

impl Attack {
    pub fn name(self) -> &'static str {
        match self {
            Attack::Logins => "logins",
            Attack::IdleTcp => "idle-tcp",
            Attack::SilentWs => "silent-ws",
            Attack::Rooms => "rooms",
            Attack::Messages => "messages",
            Attack::Spectators => "spectators",
            Attack::Replays => "replays",
        }
    }
}

/// What to run.
#[derive(Clone, Debug)]
pub struct AbuseConfig {
    pub server: ServerUrl,
    pub attack: Attack,
    pub size: usize,
    /// How long the timed attacks run, and how long connections are held.
    pub seconds: f64,
    /// The attacker's source address (`None`: the system's choice).
    pub from: Option<IpAddr>,
    /// The match the `replays` attack asks about.
    pub target: Option<String>,
}

/// Why the attack could not run (the server is unreachable, the setup failed).
#[derive(Debug)]
pub struct AbuseError(pub String);

impl std::fmt::Display for AbuseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for AbuseError {}

fn err(e: impl std::fmt::Display) -> AbuseError {
    AbuseError(e.to_string())
}

/// Counts by label (`"200"`, `"429"`, `"rate_limited"`, `"closed 1008"`...).
#[derive(Debug, Default)]
struct Tally(std::sync::Mutex<BTreeMap<String, u64>>);

impl Tally {
    fn add(&self, label: impl Into<String>) {
        let mut map = self.0.lock().unwrap_or_else(|p| p.into_inner());
        *map.entry(label.into()).or_default() += 1;
    }

    fn json(&self) -> Value {
        json!(*self.0.lock().unwrap_or_else(|p| p.into_inner()))
    }
}

/// Run one attack; its report as JSON.
pub async fn run(config: AbuseConfig) -> Result<Value, AbuseError> {
    if config.server.scheme != Scheme::Http {
        return Err(err("dugout abuse speaks plain http:// only"));
    }
    let started = Instant::now();
    let mut report = match config.attack {
        Attack::Logins => logins(&config).await?,
        Attack::IdleTcp => idle_tcp(&config).await?,
        Attack::SilentWs => silent_ws(&config).await?,
        Attack::Rooms => rooms(&config).await?,
        Attack::Messages => messages(&config).await?,
        Attack::Spectators => spectators(&config).await?,
        Attack::Replays => replays(&config).await?,
    };
    report["attack"] = json!(config.attack.name());
    report["size"] = json!(config.size);
    report["from"] = json!(config.from.map(|a| a.to_string()));
    report["elapsed_seconds"] = json!(round(started.elapsed().as_secs_f64()));
    Ok(report)
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

fn deadline(config: &AbuseConfig) -> Instant {
    Instant::now() + Duration::from_secs_f64(config.seconds.max(0.0))
}

// ----- raw sockets -----------------------------------------------------------------------

/// A TCP connection to the server from `from`.
async fn connect(server: &ServerUrl, from: Option<IpAddr>) -> std::io::Result<TcpStream> {
    let addr: SocketAddr = tokio::net::lookup_host(&server.authority)
        .await?
        .next()
        .ok_or_else(|| std::io::Error::other("the server's name does not resolve"))?;
    let socket = if addr.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    if let Some(ip) = from {
        socket.bind(SocketAddr::new(ip, 0))?;
    }
    socket.connect(addr).await
}

/// One HTTP/1.1 request on a fresh connection: the status and the body.
async fn http(
    server: &ServerUrl,
    from: Option<IpAddr>,
    method: &str,
    path: &str,
    body: Option<&Value>,
    token: Option<&str>,
) -> std::io::Result<(u16, Value)> {
    let mut stream = connect(server, from).await?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    let request = format!(
        "{method} {} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n{auth}\r\n{body}",
        server.target(path),
        server.authority,
        body.len()
    );
    stream.write_all(request.as_bytes()).await?;
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut raw))
        .await
        .map_err(|_| std::io::Error::other("no answer within 30 s"))??;
    let text = String::from_utf8_lossy(&raw);
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse::<u16>().ok())
        .ok_or_else(|| std::io::Error::other("no HTTP status line"))?;
    let json = text
        .split_once("\r\n\r\n")
        .and_then(|(_, b)| serde_json::from_str(b).ok())
        .unwrap_or(Value::Null);
    Ok((status, json))
}

/// A fresh account (a name with a random suffix); its session token.
async fn account(server: &ServerUrl, prefix: &str) -> Result<(String, String), AbuseError> {
    let mut suffix = [0u8; 4];
    getrandom::fill(&mut suffix).map_err(err)?;
    let name = format!("{prefix}-{}", u32::from_le_bytes(suffix));
    let password = password_of(&name);
    let (status, body) = http(
        server,
        None,
        "POST",
        "/api/register",
        Some(&json!({"name": name, "password": password})),
        None,
    )
    .await
    .map_err(err)?;
    let token = body["token"]
        .as_str()
        .filter(|_| status == 201)
        .ok_or_else(|| err(format!("cannot register {name}: {status} {body}")))?;
    Ok((name, token.to_owned()))
}

/// The password [`account`] gives `name` (long, and without the name in it).
fn password_of(name: &str) -> String {
    let digits: String = name.chars().filter(char::is_ascii_digit).collect();
    format!("passphrase number {digits} of the abuse bench")
}

type Ws = tokio_tungstenite::WebSocketStream<TcpStream>;

/// A WebSocket from `from`, not yet authenticated.
async fn websocket(server: &ServerUrl, from: Option<IpAddr>) -> Result<Ws, String> {
    let stream = connect(server, from)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    match tokio_tungstenite::client_async(server.websocket(), stream).await {
        Ok((ws, _)) => Ok(ws),
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            Err(format!("upgrade {}", r.status()))
        }
        Err(e) => Err(format!("upgrade failed: {e}")),
    }
}

async fn send(ws: &mut Ws, msg: &ClientMessage) -> bool {
    match serde_json::to_string(msg) {
        Ok(text) => ws.send(Message::text(text)).await.is_ok(),
        Err(_) => false,
    }
}

/// The next server message, or how the socket ended (`closed CODE`, `gone`).
async fn next(ws: &mut Ws, wait: Duration) -> Result<ServerMessage, String> {
    loop {
        match tokio::time::timeout(wait, ws.next()).await {
            Err(_) => return Err("silent".into()),
            Ok(None) | Ok(Some(Err(_))) => return Err("gone".into()),
            Ok(Some(Ok(Message::Text(t)))) => {
                if let Ok(m) = serde_json::from_str(t.as_str()) {
                    return Ok(m);
                }
            }
            Ok(Some(Ok(Message::Close(frame)))) => {
                return Err(format!(
                    "closed {}",
                    frame.map_or(1005, |f| u16::from(f.code))
                ));
            }
            Ok(Some(Ok(_))) => {}
        }
    }
}

/// A WebSocket that said `hello` with `token`.
async fn authenticated(server: &ServerUrl, token: &str) -> Result<Ws, String> {
    let mut ws = websocket(server, None).await?;
    let hello = ClientMessage::Hello {
        protocol_version: PROTOCOL_VERSION,
        client: "dugout-abuse".into(),
        token: token.into(),
    };
    if !send(&mut ws, &hello).await {
        return Err("hello not sent".into());
    }
    match next(&mut ws, Duration::from_secs(10)).await? {
        ServerMessage::Welcome { .. } => Ok(ws),
        ServerMessage::Error { code, .. } => Err(format!("hello refused: {code:?}")),
        other => Err(format!("no welcome: {other:?}")),
    }
}

/// How a request over the socket was answered: `ok` or the error code.
fn label(msg: &Result<ServerMessage, String>) -> String {
    match msg {
        Ok(ServerMessage::Ack { .. } | ServerMessage::Pong { .. }) => "ok".into(),
        Ok(ServerMessage::Error { code, .. }) => serde_json::to_value(code)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_else(|| format!("{code:?}")),
        Ok(_) => "other".into(),
        Err(e) => e.clone(),
    }
}

/// The next answer to a request (skipping lobby and room pushes).
async fn answer(ws: &mut Ws) -> Result<ServerMessage, String> {
    loop {
        let m = next(ws, Duration::from_secs(10)).await?;
        if matches!(
            m,
            ServerMessage::Ack { .. } | ServerMessage::Pong { .. } | ServerMessage::Error { .. }
        ) {
            return Ok(m);
        }
    }
}

fn room_spec() -> RoomSpec {
    let teams = dugout_rules::blitz::teams_for(Edition::Bb2024);
    RoomSpec {
        setup: crate::game::blitz::setup(MatchSetup {
            edition: Edition::Bb2024,
            teams: [teams[0], teams[teams.len() - 1]],
            options: Default::default(),
        }),
        timer: TimerPolicy::None,
        private: false,
        league: None,
    }
}

// ----- the attacks -----------------------------------------------------------------------

async fn logins(config: &AbuseConfig) -> Result<Value, AbuseError> {
    let (legit_name, _) = account(&config.server, "legit").await?;
    let legit_password = password_of(&legit_name);
    let (victim, _) = account(&config.server, "victim").await?;
    let until = deadline(config);
    let answers = Arc::new(Tally::default());
    let sent = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    for i in 0..config.size {
        let (server, from, answers, sent) = (
            config.server.clone(),
            config.from,
            answers.clone(),
            sent.clone(),
        );
        // A third at the real victim account, the rest at names that do not exist.
        let name = if i % 3 == 0 {
            victim.clone()
        } else {
            format!("ghost-{i}")
        };
        tasks.push(tokio::spawn(async move {
            let mut k = 0u64;
            while Instant::now() < until {
                k += 1;
                sent.fetch_add(1, Ordering::Relaxed);
                let body = json!({"name": name, "password": format!("guess number {k}")});
                match http(&server, from, "POST", "/api/login", Some(&body), None).await {
                    Ok((status, _)) => answers.add(status.to_string()),
                    Err(e) => {
                        answers.add(format!("io: {}", e.kind()));
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                }
            }
        }));
    }
    // The legitimate coach, from the default address.
    let legit = Tally::default();
    let mut latencies = Samples::default();
    while Instant::now() < until {
        let t = Instant::now();
        let body = json!({"name": legit_name, "password": legit_password});
        match http(
            &config.server,
            None,
            "POST",
            "/api/login",
            Some(&body),
            None,
        )
        .await
        {
            Ok((status, _)) => legit.add(status.to_string()),
            Err(e) => legit.add(format!("io: {}", e.kind())),
        }
        latencies.record(t.elapsed());
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    for t in tasks {
        let _ = t.await;
    }
    Ok(json!({
        "sent": sent.load(Ordering::Relaxed),
        "answers": answers.json(),
        "legit_logins": {"answers": legit.json(), "latency_ms": latencies.summary()},
    }))
}

/// Hold `size` connections (made by `open`); when each one ends, by whom, and how long after
/// it opened.
async fn hold<F, Fut>(config: &AbuseConfig, open: F) -> Result<Value, AbuseError>
where
    F: Fn(ServerUrl, Option<IpAddr>) -> Fut,
    Fut: std::future::Future<Output = Result<(String, Instant), String>> + Send + 'static,
{
    let outcomes = Arc::new(Tally::default());
    let lifetimes = Arc::new(Mutex::new(Samples::default()));
    let mut tasks = Vec::new();
    for _ in 0..config.size {
        let fut = open(config.server.clone(), config.from);
        let (outcomes, lifetimes) = (outcomes.clone(), lifetimes.clone());
        tasks.push(tokio::spawn(async move {
            match fut.await {
                Ok((end, opened)) => {
                    if end != "held" {
                        lifetimes.lock().await.record(opened.elapsed());
                    }
                    outcomes.add(end);
                }
                Err(e) => outcomes.add(e),
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let closed_after = lifetimes.lock().await.summary();
    Ok(json!({
        "outcomes": outcomes.json(),
        "closed_after_ms": closed_after,
        "held_seconds": config.seconds,
    }))
}

async fn idle_tcp(config: &AbuseConfig) -> Result<Value, AbuseError> {
    let hold_for = Duration::from_secs_f64(config.seconds.max(0.0));
    hold(config, move |server, from| async move {
        let mut stream = connect(&server, from)
            .await
            .map_err(|e| format!("connect: {}", e.kind()))?;
        let opened = Instant::now();
        let mut buf = [0u8; 64];
        let end = match tokio::time::timeout(hold_for, stream.read(&mut buf)).await {
            Err(_) => "held".to_owned(),
            Ok(Ok(0)) => "closed by the server".to_owned(),
            Ok(Ok(_)) => "answered".to_owned(),
            Ok(Err(e)) => format!("reset: {}", e.kind()),
        };
        Ok((end, opened))
    })
    .await
}

async fn silent_ws(config: &AbuseConfig) -> Result<Value, AbuseError> {
    let hold_for = Duration::from_secs_f64(config.seconds.max(0.0));
    hold(config, move |server, from| async move {
        let mut ws = websocket(&server, from).await?;
        let opened = Instant::now();
        // Reading answers the server's pings (tungstenite queues the pong and flushes it
        // on the next read).
        let end = match next(&mut ws, hold_for).await {
            Err(e) if e == "silent" => "held".to_owned(),
            Err(e) => e,
            Ok(ServerMessage::Error { .. }) => match next(&mut ws, hold_for).await {
                Err(e) if e == "silent" => "held after an error".to_owned(),
                Err(e) => format!("error, then {e}"),
                Ok(_) => "error, then more".to_owned(),
            },
            Ok(_) => "a message".to_owned(),
        };
        Ok((end, opened))
    })
    .await
}

async fn rooms(config: &AbuseConfig) -> Result<Value, AbuseError> {
    let (_, token) = account(&config.server, "hoarder").await?;
    let mut ws = authenticated(&config.server, &token).await.map_err(err)?;
    let answers = Tally::default();
    for id in 1..=config.size as u64 {
        let create = ClientMessage::CreateRoom {
            id,
            room: room_spec(),
        };
        if !send(&mut ws, &create).await {
            answers.add("not sent");
            break;
        }
        let a = answer(&mut ws).await;
        answers.add(label(&a));
        if a.is_err() {
            break;
        }
    }
    Ok(json!({"answers": answers.json()}))
}

async fn messages(config: &AbuseConfig) -> Result<Value, AbuseError> {
    const CONNECTIONS: usize = 10;
    let (_, token) = account(&config.server, "chatty").await?;
    let answers = Arc::new(Tally::default());
    let mut sockets = Vec::new();
    for _ in 0..CONNECTIONS {
        sockets.push(authenticated(&config.server, &token).await.map_err(err)?);
    }
    let per = config.size.div_ceil(CONNECTIONS);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for mut ws in sockets {
        let answers = answers.clone();
        tasks.push(tokio::spawn(async move {
            // Everything at once, then read every answer.
            for id in 1..=per as u64 {
                if !send(&mut ws, &ClientMessage::Ping { id }).await {
                    answers.add("not sent");
                    return;
                }
            }
            for _ in 0..per {
                let a = answer(&mut ws).await;
                answers.add(label(&a));
                if a.is_err() {
                    return;
                }
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    Ok(json!({
        "connections": CONNECTIONS,
        "answers": answers.json(),
        "seconds": round(started.elapsed().as_secs_f64()),
    }))
}

async fn spectators(config: &AbuseConfig) -> Result<Value, AbuseError> {
    let (_, owner) = account(&config.server, "host").await?;
    let mut host = authenticated(&config.server, &owner).await.map_err(err)?;
    let create = ClientMessage::CreateRoom {
        id: 1,
        room: room_spec(),
    };
    send(&mut host, &create).await;
    let room = match answer(&mut host).await {
        Ok(ServerMessage::Ack { room: Some(r), .. }) => r,
        other => return Err(err(format!("no room for the spectators: {other:?}"))),
    };
    let (_, token) = account(&config.server, "crowd").await?;
    let answers = Tally::default();
    let mut held = Vec::new();
    for _ in 0..config.size {
        match authenticated(&config.server, &token).await {
            Ok(mut ws) => {
                let spectate = ClientMessage::Spectate {
                    id: 1,
                    room: room.clone(),
                };
                send(&mut ws, &spectate).await;
                answers.add(label(&answer(&mut ws).await));
                held.push(ws);
            }
            Err(e) => answers.add(e),
        }
    }
    Ok(json!({"answers": answers.json()}))
}

async fn replays(config: &AbuseConfig) -> Result<Value, AbuseError> {
    let id = config
        .target
        .clone()
        .ok_or_else(|| err("replays needs --target MATCH (a finished public match)"))?;
    let (status, page) = http(
        &config.server,
        None,
        "GET",
        &format!("/api/matches/{id}/events?limit=1"),
        None,
        None,
    )
    .await
    .map_err(err)?;
    let last = page["last_seq"]
        .as_u64()
        .filter(|_| status == 200)
        .ok_or_else(|| err(format!("no such match {id}: {status} {page}")))?;
    let until = deadline(config);
    let answers = Arc::new(Tally::default());
    let sent = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    for i in 0..config.size as u64 {
        let (server, from, answers, sent, id) = (
            config.server.clone(),
            config.from,
            answers.clone(),
            sent.clone(),
            id.clone(),
        );
        tasks.push(tokio::spawn(async move {
            // A different seq each time (a cache does not make the flood free).
            let mut seq = 1 + (i * 7919) % last;
            while Instant::now() < until {
                sent.fetch_add(1, Ordering::Relaxed);
                let path = format!("/api/matches/{id}/state?seq={seq}");
                match http(&server, from, "GET", &path, None, None).await {
                    Ok((status, _)) => answers.add(status.to_string()),
                    Err(e) => {
                        answers.add(format!("io: {}", e.kind()));
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                }
                seq = 1 + (seq + 104_729) % last;
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    Ok(json!({
        "match": id,
        "last_seq": last,
        "sent": sent.load(Ordering::Relaxed),
        "answers": answers.json(),
    }))
}
