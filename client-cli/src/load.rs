//! `dugout load`: a load generator. It keeps N matches between pairs of bot accounts live
//! against a running server for a number of seconds and/or games, and reports what it saw:
//! matches started and finished, commands, the durable command rate, command-to-ack and
//! command-to-event latency percentiles, every error and disconnect by kind, lost events,
//! and optionally the server's memory (`/proc/PID/status`, `VmRSS`).
//!
//! Built to hold thousands of WebSocket connections from one process: one tokio runtime,
//! **one task per match** driving both coaches' sockets (no reader/writer task pair per
//! connection), no snapshots requested, small socket buffers. Each coach plays uniformly at
//! random among the `legal` commands the server sends with each decision, after an optional
//! think time (`think`, jittered uniformly within ±50%).
//!
//! What is checked per connection ("lost events"):
//!
//! * every `events` message's seq is at least the last one seen, and its events are in
//!   `(last seq, message seq]`, strictly increasing;
//! * the `ack` of a command comes after the `events` message it caused (its seq is the
//!   connection's last seq);
//! * at the end of a match both coaches saw the same event seqs (same count, same hash: the
//!   only events a coach's projection drops, shuffle rolls, are dropped for both) and the
//!   same number of `events` messages, and the last event is `match_ended` at the final seq.
//!
//! A snapshot that arrives after the match started (the server resynced a connection that
//! fell behind) is counted as a resync, and the seqs it skipped as lost events.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use dugout_protocol::{
    ClientMessage, ErrorCode, PROTOCOL_VERSION, RoomEvent, RoomId, RoomSpec, ServerMessage,
    TimerPolicy,
};
use dugout_rules::blitz::{Edition, MatchSetup};
use dugout_rules::core::Side;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::sync::{Mutex, Semaphore};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use crate::http::{self, ServerUrl};
use crate::tls::{self, Socket, Trust};

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    pub server: ServerUrl,
    /// Several nodes (issue 14): the away coaches connect here instead of `server` (the home
    /// coach makes the room on `server`, so the away coach plays across nodes).
    pub away_server: Option<ServerUrl>,
    /// Matches kept live at once.
    pub matches: usize,
    /// Stop starting matches after this long (matches under way then are abandoned).
    pub seconds: Option<f64>,
    /// Stop after this many matches have been started (and let them finish).
    pub games: Option<u64>,
    /// Mean pause before each command (uniform within ±50%); zero: answer at once.
    pub think: Duration,
    /// Seed for the teams and the random choices.
    pub seed: u64,
    /// Sample this process's memory (the server's pid).
    pub pid: Option<u32>,
    /// Public rooms (announced to every connection) instead of private ones.
    pub public: bool,
    /// Spread the first matches' starts over this long.
    pub ramp: Duration,
    /// Prefix of the account names it creates (a fresh one per run by default).
    pub prefix: String,
    /// A match with no message for this long counts as stalled (an error) and is abandoned.
    pub stall: Duration,
    /// Print progress lines to stderr every this often (zero: never).
    pub progress: Duration,
    /// How each coach keeps a view of the match, as a real client must (the random
    /// choices themselves need none).
    pub follow: Follow,
}

/// How a load coach follows the state of its match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Follow {
    /// Keeps no view (the server's cost of play alone).
    #[default]
    None,
    /// Asks for a snapshot before each decision it answers, as clients did before the
    /// view reducer.
    Snapshot,
    /// Folds the events into the view of the first snapshot (the view reducer), as the
    /// clients do now.
    Fold,
}

impl LoadConfig {
    pub fn new(server: ServerUrl, matches: usize) -> LoadConfig {
        LoadConfig {
            server,
            away_server: None,
            matches,
            seconds: None,
            games: None,
            think: Duration::ZERO,
            seed: 0,
            pid: None,
            public: false,
            ramp: Duration::ZERO,
            prefix: "load".into(),
            stall: Duration::from_secs(30),
            progress: Duration::ZERO,
            follow: Follow::None,
        }
    }
}

/// Why the load could not run at all (accounts could not be made).
#[derive(Debug)]
pub struct SetupError(pub String);

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}

/// Latency samples in microseconds; percentiles from the sorted samples (exact).
#[derive(Clone, Debug, Default)]
pub struct Samples(Vec<u32>);

impl Samples {
    pub fn record(&mut self, d: Duration) {
        self.0
            .push(u32::try_from(d.as_micros()).unwrap_or(u32::MAX));
    }

    fn merge(&mut self, other: Samples) {
        self.0.extend(other.0);
    }

    /// `{count, mean, p50, p90, p99, max}` in milliseconds.
    pub fn summary(&mut self) -> Value {
        self.0.sort_unstable();
        let n = self.0.len();
        let at = |q: f64| -> Value {
            if n == 0 {
                return Value::Null;
            }
            // Nearest rank.
            let rank = ((q * n as f64).ceil() as usize).clamp(1, n);
            ms(self.0[rank - 1])
        };
        let mean = if n == 0 {
            Value::Null
        } else {
            let sum: u64 = self.0.iter().map(|&v| u64::from(v)).sum();
            json!((sum as f64 / n as f64 / 1000.0 * 1000.0).round() / 1000.0)
        };
        json!({
            "count": n,
            "mean": mean,
            "p50": at(0.50),
            "p90": at(0.90),
            "p99": at(0.99),
            "max": self.0.last().map_or(Value::Null, |&v| ms(v)),
        })
    }
}

fn ms(us: u32) -> Value {
    json!(f64::from(us) / 1000.0)
}

/// What one match task saw (merged into the report).
#[derive(Debug, Default)]
struct Tally {
    started: u64,
    finished: u64,
    abandoned: u64,
    commands_sent: u64,
    commands_acked: u64,
    events_messages: u64,
    events: u64,
    lost_events: u64,
    resyncs: u64,
    /// Bytes of the text frames the coaches received, and the snapshots they asked for.
    bytes_received: u64,
    snapshots_asked: u64,
    errors: BTreeMap<String, u64>,
    ack: Samples,
    event: Samples,
    /// The same after the ramp and a warm-up (see [`WARM_UP`]).
    steady_acked: u64,
    steady_ack: Samples,
    steady_event: Samples,
}

impl Tally {
    fn error(&mut self, kind: impl Into<String>) {
        *self.errors.entry(kind.into()).or_default() += 1;
    }

    fn merge(&mut self, o: Tally) {
        self.started += o.started;
        self.finished += o.finished;
        self.abandoned += o.abandoned;
        self.commands_sent += o.commands_sent;
        self.commands_acked += o.commands_acked;
        self.events_messages += o.events_messages;
        self.events += o.events;
        self.lost_events += o.lost_events;
        self.resyncs += o.resyncs;
        self.bytes_received += o.bytes_received;
        self.snapshots_asked += o.snapshots_asked;
        for (k, v) in o.errors {
            *self.errors.entry(k).or_default() += v;
        }
        self.ack.merge(o.ack);
        self.event.merge(o.event);
        self.steady_acked += o.steady_acked;
        self.steady_ack.merge(o.steady_ack);
        self.steady_event.merge(o.steady_event);
    }
}

/// Steady-state figures start this long after the ramp (connections, rooms and the
/// server's first allocations are made by then).
pub const WARM_UP: Duration = Duration::from_secs(5);

/// Counters shared by every match task, read by the progress printer and the memory sampler.
#[derive(Debug, Default)]
struct Live {
    started: AtomicU64,
    finished: AtomicU64,
    live: AtomicU64,
    /// The most matches live at once.
    peak_live: AtomicU64,
    acked: AtomicU64,
    errors: AtomicU64,
    stop: AtomicBool,
}

/// A small fast PRNG (splitmix64): the load needs speed, not quality.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// The server's resident memory in KiB (`VmRSS` of `/proc/PID/status`).
pub fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn loadavg() -> Option<String> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
}

/// Run the load and return the report (JSON; [`render`] makes it human-readable).
pub async fn run(mut config: LoadConfig) -> Result<Value, SetupError> {
    // One trust (and its certificates read once) for every connection.
    let trust = config
        .server
        .trust()
        .map_err(|e| SetupError(e.to_string()))?;
    config.server.trust = Some(trust);
    let tokens = create_accounts(&config).await?;
    let live = Arc::new(Live::default());
    let load_before = loadavg();
    let baseline = config.pid.and_then(rss_kib);
    let memory = Arc::new(std::sync::Mutex::new((baseline.unwrap_or(0), 0u64)));
    let start = Instant::now();
    let deadline = config
        .seconds
        .map(|s| start + Duration::from_secs_f64(s.max(0.0)));

    let sampler = config.pid.map(|pid| {
        let live = live.clone();
        let memory = memory.clone();
        tokio::spawn(async move {
            while !live.stop.load(Ordering::Relaxed) {
                if let Some(kib) = rss_kib(pid) {
                    let rooms = live.live.load(Ordering::Relaxed);
                    let mut m = memory.lock().unwrap_or_else(|p| p.into_inner());
                    if kib > m.0 {
                        *m = (kib, rooms);
                    }
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        })
    });
    let progress = (!config.progress.is_zero()).then(|| {
        let live = live.clone();
        let every = config.progress;
        tokio::spawn(async move {
            let mut last = 0;
            let mut at = Instant::now();
            loop {
                tokio::time::sleep(every).await;
                if live.stop.load(Ordering::Relaxed) {
                    break;
                }
                let acked = live.acked.load(Ordering::Relaxed);
                let now = Instant::now();
                let rate = (acked - last) as f64 / now.duration_since(at).as_secs_f64();
                (last, at) = (acked, now);
                eprintln!(
                    "load: {:>6.1}s live {} started {} finished {} commands {} ({:.0}/s) errors {}",
                    start.elapsed().as_secs_f64(),
                    live.live.load(Ordering::Relaxed),
                    live.started.load(Ordering::Relaxed),
                    live.finished.load(Ordering::Relaxed),
                    acked,
                    rate,
                    live.errors.load(Ordering::Relaxed),
                );
            }
        })
    });

    let total = Arc::new(Mutex::new(Tally::default()));
    let mut tasks = Vec::with_capacity(config.matches);
    for (slot, pair) in tokens.into_iter().enumerate() {
        let config = config.clone();
        let live = live.clone();
        let total = total.clone();
        let delay = if config.matches > 1 {
            config.ramp.mul_f64(slot as f64 / config.matches as f64)
        } else {
            Duration::ZERO
        };
        tasks.push(tokio::spawn(async move {
            tokio::time::sleep(delay).await;
            let steady_from = start + config.ramp + WARM_UP;
            let tally = Slot::new(slot, pair, &config, live, deadline, steady_from)
                .run()
                .await;
            total.lock().await.merge(tally);
        }));
    }
    for task in tasks {
        if let Err(e) = task.await {
            total
                .lock()
                .await
                .error(format!("internal: a match task failed: {e}"));
        }
    }
    let elapsed = start.elapsed();
    live.stop.store(true, Ordering::Relaxed);
    if let Some(s) = sampler {
        let _ = s.await;
    }
    if let Some(p) = progress {
        p.abort();
    }
    let mut t = std::mem::take(&mut *total.lock().await);
    let secs = elapsed.as_secs_f64().max(1e-9);
    let errors_total: u64 = t.errors.values().sum();
    let steady_secs = (config.ramp + WARM_UP).as_secs_f64();
    let memory_report = match (config.pid, baseline) {
        (Some(pid), Some(baseline)) => {
            let (peak, at_peak) = *memory.lock().unwrap_or_else(|p| p.into_inner());
            let peak = peak.max(baseline);
            let rooms = live.peak_live.load(Ordering::Relaxed);
            json!({
                "pid": pid,
                "baseline_kib": baseline,
                "peak_kib": peak,
                "live_rooms_at_peak": at_peak,
                "peak_live_rooms": rooms,
                "per_live_room_kib": if rooms > 0 {
                    json!(((peak - baseline) as f64 / rooms as f64 * 10.0).round() / 10.0)
                } else {
                    Value::Null
                },
            })
        }
        (Some(pid), None) => json!({ "pid": pid, "error": "cannot read /proc/PID/status" }),
        (None, _) => Value::Null,
    };
    Ok(json!({
        "config": {
            "server": config.server.base(),
            "matches": config.matches,
            "seconds": config.seconds,
            "games": config.games,
            "think_ms": config.think.as_millis() as u64,
            "ramp_seconds": config.ramp.as_secs_f64(),
            "seed": config.seed,
            "rooms": if config.public { "public" } else { "private" },
        },
        "elapsed_seconds": (secs * 1000.0).round() / 1000.0,
        "connections": config.matches * 2,
        "matches_started": t.started,
        "matches_finished": t.finished,
        "matches_abandoned": t.abandoned,
        "peak_live_matches": live.peak_live.load(Ordering::Relaxed),
        "commands_sent": t.commands_sent,
        "commands_acked": t.commands_acked,
        "commands_per_second": (t.commands_acked as f64 / secs * 10.0).round() / 10.0,
        "events_messages": t.events_messages,
        "events": t.events,
        "ack_latency_ms": t.ack.summary(),
        "event_latency_ms": t.event.summary(),
        "steady": {
            "from_seconds": steady_secs,
            "seconds": ((secs - steady_secs).max(0.0) * 1000.0).round() / 1000.0,
            "commands_acked": t.steady_acked,
            "commands_per_second": if secs > steady_secs {
                json!((t.steady_acked as f64 / (secs - steady_secs) * 10.0).round() / 10.0)
            } else {
                Value::Null
            },
            "ack_latency_ms": t.steady_ack.summary(),
            "event_latency_ms": t.steady_event.summary(),
        },
        "errors": { "total": errors_total, "by_kind": t.errors },
        "lost_events": t.lost_events,
        "resyncs": t.resyncs,
        "follow": format!("{:?}", config.follow).to_lowercase(),
        "snapshots_asked": t.snapshots_asked,
        "bytes_received": t.bytes_received,
        "bytes_received_per_command": if t.commands_acked > 0 {
            json!((t.bytes_received as f64 / t.commands_acked as f64).round())
        } else {
            Value::Null
        },
        "memory": memory_report,
        "load_average": { "before": load_before, "after": loadavg() },
    }))
}

/// The report in words, one figure a line.
pub fn render(r: &Value) -> String {
    let mut out = String::new();
    let g = |path: &[&str]| -> String {
        let mut v = r;
        for p in path {
            v = &v[*p];
        }
        match v {
            Value::Null => "-".into(),
            Value::String(s) => s.clone(),
            other => other.to_string(),
        }
    };
    let lat = |name: &str| {
        format!(
            "p50 {} ms, p90 {} ms, p99 {} ms, max {} ms ({} samples)",
            g(&[name, "p50"]),
            g(&[name, "p90"]),
            g(&[name, "p99"]),
            g(&[name, "max"]),
            g(&[name, "count"])
        )
    };
    out.push_str(&format!(
        "load: {} matches ({} rooms, think {} ms) against {} for {} s\n",
        g(&["config", "matches"]),
        g(&["config", "rooms"]),
        g(&["config", "think_ms"]),
        g(&["config", "server"]),
        g(&["elapsed_seconds"]),
    ));
    out.push_str(&format!(
        "matches: {} started, {} finished, {} abandoned at the end\n",
        g(&["matches_started"]),
        g(&["matches_finished"]),
        g(&["matches_abandoned"]),
    ));
    out.push_str(&format!(
        "commands: {} sent, {} acked (durable), {} per second\n",
        g(&["commands_sent"]),
        g(&["commands_acked"]),
        g(&["commands_per_second"]),
    ));
    out.push_str(&format!("command-to-ack:   {}\n", lat("ack_latency_ms")));
    out.push_str(&format!("command-to-event: {}\n", lat("event_latency_ms")));
    out.push_str(&format!(
        "steady state (from {} s, {} s): {} commands per second\n",
        g(&["steady", "from_seconds"]),
        g(&["steady", "seconds"]),
        g(&["steady", "commands_per_second"]),
    ));
    let steady = |name: &str| {
        format!(
            "p50 {} ms, p90 {} ms, p99 {} ms, max {} ms",
            g(&["steady", name, "p50"]),
            g(&["steady", name, "p90"]),
            g(&["steady", name, "p99"]),
            g(&["steady", name, "max"]),
        )
    };
    out.push_str(&format!(
        "  command-to-ack:   {}\n",
        steady("ack_latency_ms")
    ));
    out.push_str(&format!(
        "  command-to-event: {}\n",
        steady("event_latency_ms")
    ));
    out.push_str(&format!("errors: {}", g(&["errors", "total"])));
    if let Some(kinds) = r["errors"]["by_kind"].as_object() {
        for (k, v) in kinds {
            out.push_str(&format!("\n  {k}: {v}"));
        }
    }
    out.push('\n');
    out.push_str(&format!(
        "lost events: {}, resyncs: {}\n",
        g(&["lost_events"]),
        g(&["resyncs"])
    ));
    out.push_str(&format!(
        "views: {}; snapshots asked: {}; bytes received per command: {}\n",
        r["follow"].as_str().unwrap_or("none"),
        g(&["snapshots_asked"]),
        g(&["bytes_received_per_command"])
    ));
    if r["memory"].is_object() {
        out.push_str(&format!(
            "server memory (pid {}): baseline {} KiB, peak {} KiB, {} live rooms at most ({} at the peak), {} KiB per live room\n",
            g(&["memory", "pid"]),
            g(&["memory", "baseline_kib"]),
            g(&["memory", "peak_kib"]),
            g(&["memory", "peak_live_rooms"]),
            g(&["memory", "live_rooms_at_peak"]),
            g(&["memory", "per_live_room_kib"]),
        ));
    }
    out.push_str(&format!(
        "load average: before {}, after {}\n",
        g(&["load_average", "before"]),
        g(&["load_average", "after"])
    ));
    out
}

/// Register an owner and two bot accounts per match slot; their tokens.
async fn create_accounts(config: &LoadConfig) -> Result<Vec<[String; 2]>, SetupError> {
    let mut pw = [0u8; 16];
    getrandom::fill(&mut pw).map_err(|e| SetupError(format!("no randomness: {e}")))?;
    let password: String = pw.iter().map(|b| format!("{b:02x}")).collect();
    let owner = format!("{}-owner", config.prefix);
    let session = http::session_token(&config.server, &owner, &password, true)
        .await
        .map_err(|e| SetupError(format!("cannot register {owner}: {e}")))?
        .token;
    let names: Vec<String> = (0..config.matches)
        .flat_map(|i| {
            [
                format!("{}-{i}h", config.prefix),
                format!("{}-{i}a", config.prefix),
            ]
        })
        .collect();
    let results = Arc::new(Mutex::new(vec![None; names.len()]));
    let limit = Arc::new(Semaphore::new(32));
    let mut tasks = Vec::with_capacity(names.len());
    for (i, name) in names.into_iter().enumerate() {
        let (server, session, results, limit) = (
            config.server.clone(),
            session.clone(),
            results.clone(),
            limit.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let _permit = limit.acquire().await;
            let grant = http::create_bot(&server, &session, &name).await;
            results.lock().await[i] =
                Some(grant.map(|g| g.token).map_err(|e| format!("{name}: {e}")));
        }));
    }
    for t in tasks {
        t.await
            .map_err(|e| SetupError(format!("account task failed: {e}")))?;
    }
    let results = std::mem::take(&mut *results.lock().await);
    let mut tokens = Vec::with_capacity(results.len());
    for r in results {
        match r {
            Some(Ok(token)) => tokens.push(token),
            Some(Err(e)) => return Err(SetupError(format!("cannot create bot {e}"))),
            None => return Err(SetupError("a bot account was not created".into())),
        }
    }
    let mut pairs = Vec::with_capacity(config.matches);
    let mut it = tokens.into_iter();
    while let (Some(h), Some(a)) = (it.next(), it.next()) {
        pairs.push([h, a]);
    }
    Ok(pairs)
}

/// A command in flight.
#[derive(Clone, Copy, Debug)]
struct InFlight {
    id: u64,
    at: Instant,
    command: bool,
}

/// One coach's connection.
struct Coach {
    token: String,
    ws: Option<Socket>,
    next_id: u64,
    pending: Option<InFlight>,
    /// The legal commands of the last decision, if it is this coach's and not answered yet.
    legal: Vec<dugout_rules::AnyCommand>,
    /// When to answer `legal`.
    act_at: Option<Instant>,
    last_seq: u64,
    seen: u64,
    hash: u64,
    messages: u64,
    ended_at: Option<u64>,
    /// Text bytes received.
    bytes: u64,
    /// `Follow::Snapshot`: a snapshot is to be asked for before answering; one was asked.
    snapshot_due: bool,
    snapshot_asked: bool,
    /// `Follow::Fold`: the view, from the first snapshot and the events since.
    view: Option<Box<dugout_rules::AnyView>>,
}

/// What woke the match task.
// Nearly every wake is a message (a Blood Bowl view makes it large): boxing it would cost an
// allocation per message to save space in the rare small variants.
#[allow(clippy::large_enum_variant)]
enum Wake {
    Msg(usize, Result<ServerMessage, String>),
    Act,
    Deadline,
    Stall,
}

/// Why a match stops early.
enum Abort {
    /// The connection of this side dropped (counted already).
    Dropped,
    /// An error was counted; the match is given up.
    Failed,
    /// The run is over.
    Stopped,
}

impl Coach {
    fn new(token: String) -> Coach {
        Coach {
            token,
            ws: None,
            next_id: 1,
            pending: None,
            legal: Vec::new(),
            act_at: None,
            last_seq: 0,
            seen: 0,
            hash: 0,
            messages: 0,
            ended_at: None,
            bytes: 0,
            snapshot_due: false,
            snapshot_asked: false,
            view: None,
        }
    }

    fn reset_match(&mut self) {
        self.pending = None;
        self.legal.clear();
        self.act_at = None;
        self.last_seq = 0;
        self.seen = 0;
        self.hash = 0;
        self.messages = 0;
        self.ended_at = None;
        self.snapshot_due = false;
        self.snapshot_asked = false;
        self.view = None;
    }

    fn id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    async fn send(&mut self, msg: &ClientMessage) -> Result<(), String> {
        let text = serde_json::to_string(msg).map_err(|e| format!("encode: {e}"))?;
        let ws = self.ws.as_mut().ok_or("not connected")?;
        ws.send(Message::text(text))
            .await
            .map_err(|e| format!("send: {e}"))
    }

    /// The next server message (pings are answered by tungstenite on the next write or
    /// flush; we flush when idle so they go out).
    async fn recv(&mut self) -> Result<ServerMessage, String> {
        let ws = self.ws.as_mut().ok_or("not connected")?;
        loop {
            match ws.next().await {
                None => return Err("disconnect: closed by the server".into()),
                Some(Err(e)) => return Err(format!("disconnect: {e}")),
                Some(Ok(Message::Text(text))) => {
                    self.bytes += text.len() as u64;
                    return serde_json::from_str(text.as_str())
                        .map_err(|e| format!("unreadable message: {e}"));
                }
                Some(Ok(Message::Close(frame))) => {
                    return Err(format!(
                        "disconnect: close {}",
                        frame.map_or("without a code".into(), |f| format!(
                            "{} {}",
                            f.code, f.reason
                        ))
                    ));
                }
                Some(Ok(Message::Ping(_))) => {
                    let _ = ws.flush().await;
                }
                Some(Ok(_)) => {}
            }
        }
    }

    async fn connect(&mut self, url: &str, trust: Option<&Trust>) -> Result<(), String> {
        let trust = tls::trust_or_default(trust).map_err(|e| format!("connect: {e}"))?;
        self.ws = None;
        let config = WebSocketConfig::default()
            .read_buffer_size(8 * 1024)
            .write_buffer_size(0);
        let mut ws = tls::connect_websocket(url, &trust, Some(config), true)
            .await
            .map_err(|e| match tls::tls_failure(&e) {
                Some(why) => format!("connect: {why}"),
                None => format!("connect: {e}"),
            })?;
        let hello = ClientMessage::Hello {
            protocol_version: PROTOCOL_VERSION,
            client: format!("dugout-load {}", env!("CARGO_PKG_VERSION")),
            token: self.token.clone(),
        };
        let text = serde_json::to_string(&hello).map_err(|e| format!("encode: {e}"))?;
        ws.send(Message::text(text))
            .await
            .map_err(|e| format!("connect: {e}"))?;
        self.ws = Some(ws);
        loop {
            match self.recv().await? {
                ServerMessage::Welcome { .. } => return Ok(()),
                ServerMessage::Error { code, .. } => {
                    return Err(format!("hello: {}", code_name(code)));
                }
                _ => {}
            }
        }
    }
}

fn code_name(code: ErrorCode) -> String {
    serde_json::to_value(code)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_else(|| format!("{code:?}"))
}

fn mix(hash: u64, seq: u64) -> u64 {
    (hash ^ seq).wrapping_mul(0x100_0000_01B3).rotate_left(17)
}

/// One match slot: two coaches playing match after match.
struct Slot {
    /// When the steady state starts.
    steady_from: Instant,
    /// The WebSocket URL of each coach (home, away).
    urls: [String; 2],
    /// When each command of the match was sent, and by which coach.
    sent: Vec<(Instant, usize)>,
    coaches: [Coach; 2],
    config: LoadConfig,
    live: Arc<Live>,
    deadline: Option<Instant>,
    rng: Rng,
    tally: Tally,
}

impl Slot {
    fn new(
        slot: usize,
        [home, away]: [String; 2],
        config: &LoadConfig,
        live: Arc<Live>,
        deadline: Option<Instant>,
        steady_from: Instant,
    ) -> Slot {
        Slot {
            steady_from,
            sent: Vec::new(),
            urls: [
                config.server.websocket(),
                config
                    .away_server
                    .as_ref()
                    .unwrap_or(&config.server)
                    .websocket(),
            ],
            coaches: [Coach::new(home), Coach::new(away)],
            config: config.clone(),
            live,
            deadline,
            rng: Rng(config.seed ^ (slot as u64).wrapping_mul(0xA076_1D64_78BD_642F)),
            tally: Tally::default(),
        }
    }

    fn over(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn error(&mut self, kind: impl Into<String>) {
        self.tally.error(kind);
        self.live.errors.fetch_add(1, Ordering::Relaxed);
    }

    async fn run(mut self) -> Tally {
        loop {
            if self.over() {
                break;
            }
            let games = self.config.games.unwrap_or(u64::MAX);
            let allowed = self
                .live
                .started
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                    (n < games).then_some(n + 1)
                })
                .is_ok();
            if !allowed {
                break;
            }
            // (Re)connect whichever coach has no connection.
            let mut connected = true;
            for i in 0..2 {
                if self.coaches[i].ws.is_none() {
                    let url = self.urls[i].clone();
                    let trust = self.config.server.trust.clone();
                    if let Err(e) = self.coaches[i].connect(&url, trust.as_ref()).await {
                        self.error(e);
                        connected = false;
                    }
                }
            }
            if !connected {
                // Do not spin against a server that refuses connections.
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
            self.tally.started += 1;
            let now_live = self.live.live.fetch_add(1, Ordering::Relaxed) + 1;
            self.live.peak_live.fetch_max(now_live, Ordering::Relaxed);
            let outcome = self.play_one().await;
            self.live.live.fetch_sub(1, Ordering::Relaxed);
            match outcome {
                Ok(()) => {
                    self.tally.finished += 1;
                    self.live.finished.fetch_add(1, Ordering::Relaxed);
                }
                Err(Abort::Stopped) => {
                    self.tally.abandoned += 1;
                    break;
                }
                Err(Abort::Dropped | Abort::Failed) => {
                    self.tally.abandoned += 1;
                    // Start afresh on new connections: the old room may hold either coach.
                    for c in &mut self.coaches {
                        if let Some(mut ws) = c.ws.take() {
                            let _ = ws.close(None).await;
                        }
                    }
                }
            }
        }
        for c in &mut self.coaches {
            if let Some(mut ws) = c.ws.take() {
                let _ = ws.close(None).await;
            }
        }
        self.flush_bytes();
        self.tally
    }

    /// Move the coaches' received bytes into the tally.
    fn flush_bytes(&mut self) {
        let bytes: u64 = self
            .coaches
            .iter_mut()
            .map(|c| std::mem::take(&mut c.bytes))
            .sum();
        self.tally.bytes_received += bytes;
    }

    /// A request from coach `i` answered with an ack; pushed messages meanwhile are handled.
    async fn request(
        &mut self,
        i: usize,
        make: impl FnOnce(u64) -> ClientMessage,
        what: &str,
    ) -> Result<Option<RoomId>, Abort> {
        let id = self.coaches[i].id();
        if let Err(e) = self.coaches[i].send(&make(id)).await {
            self.error(format!("disconnect: {what}: {e}"));
            return Err(Abort::Dropped);
        }
        self.coaches[i].pending = Some(InFlight {
            id,
            at: Instant::now(),
            command: false,
        });
        loop {
            let msg = match tokio::time::timeout(self.config.stall, self.coaches[i].recv()).await {
                Err(_) => {
                    self.error(format!("stalled: no answer to {what}"));
                    return Err(Abort::Failed);
                }
                Ok(Err(e)) => {
                    self.error(e);
                    return Err(Abort::Dropped);
                }
                Ok(Ok(msg)) => msg,
            };
            match msg {
                ServerMessage::Ack { id: got, room, .. } if got == id => {
                    self.coaches[i].pending = None;
                    self.schedule(i);
                    return Ok(room);
                }
                ServerMessage::Error {
                    id: Some(got),
                    code,
                    ..
                } if got == id => {
                    self.coaches[i].pending = None;
                    self.error(format!("{what}: {}", code_name(code)));
                    return Err(Abort::Failed);
                }
                other => self.handle(i, other)?,
            }
        }
    }

    async fn play_one(&mut self) -> Result<(), Abort> {
        for c in &mut self.coaches {
            c.reset_match();
        }
        self.flush_bytes();
        self.sent.clear();
        let edition = if self.rng.below(2) == 0 {
            Edition::Bb2024
        } else {
            Edition::Bb2018
        };
        // Only teams the edition fields (a 2018 team has six players).
        let allowed = dugout_rules::blitz::teams_for(edition);
        let teams = [
            allowed[self.rng.below(allowed.len())],
            allowed[self.rng.below(allowed.len())],
        ];
        let spec = RoomSpec {
            setup: crate::game::blitz::setup(MatchSetup {
                edition,
                teams,
                options: Default::default(),
            }),
            timer: TimerPolicy::None,
            private: !self.config.public,
            league: None,
        };
        let room = self
            .request(
                0,
                |id| ClientMessage::CreateRoom { id, room: spec },
                "create_room",
            )
            .await?
            .ok_or_else(|| {
                self.error("create_room acked without a room");
                Abort::Failed
            })?;
        for (i, side) in [(0, Side::Home), (1, Side::Away)] {
            let r = room.clone();
            self.request(
                i,
                |id| ClientMessage::JoinRoom {
                    id,
                    room: r,
                    seat: Some(side),
                    entropy: None,
                },
                "join_room",
            )
            .await?;
        }
        for i in 0..2 {
            let r = room.clone();
            self.request(i, |id| ClientMessage::Ready { id, room: r }, "ready")
                .await?;
        }
        let played = self.play(&room).await;
        if matches!(played, Err(Abort::Stopped)) {
            return played;
        }
        played?;
        self.check_end();
        for i in 0..2 {
            let r = room.clone();
            self.request(i, |id| ClientMessage::Leave { id, room: r }, "leave")
                .await?;
        }
        Ok(())
    }

    /// Compare what both coaches saw of the finished match.
    fn check_end(&mut self) {
        let [h, a] = &self.coaches;
        if h.seen != a.seen || h.hash != a.hash || h.messages != a.messages {
            let lost = h.seen.abs_diff(a.seen).max(1);
            self.tally.lost_events += lost;
        }
        for i in 0..2 {
            let c = &self.coaches[i];
            if c.ended_at != Some(c.last_seq) {
                self.tally.lost_events += 1;
                self.error("lost events: match_ended is not the last event");
            }
        }
    }

    /// Play until both coaches saw `match_ended` and nothing is in flight.
    async fn play(&mut self, room: &RoomId) -> Result<(), Abort> {
        loop {
            let done = self
                .coaches
                .iter()
                .all(|c| c.ended_at.is_some() && c.pending.is_none());
            if done {
                return Ok(());
            }
            if self.over() {
                return Err(Abort::Stopped);
            }
            // Ask for a snapshot before answering (`Follow::Snapshot`).
            for i in 0..2 {
                let c = &mut self.coaches[i];
                if c.snapshot_due && c.pending.is_none() && c.ended_at.is_none() {
                    c.snapshot_due = false;
                    c.snapshot_asked = true;
                    let id = c.id();
                    let msg = ClientMessage::Snapshot {
                        id,
                        room: room.clone(),
                    };
                    if let Err(e) = c.send(&msg).await {
                        self.error(format!("disconnect: {e}"));
                        return Err(Abort::Dropped);
                    }
                    c.pending = Some(InFlight {
                        id,
                        at: Instant::now(),
                        command: false,
                    });
                    self.tally.snapshots_asked += 1;
                }
            }
            // Answer a decision that is due.
            let now = Instant::now();
            for i in 0..2 {
                let c = &self.coaches[i];
                if c.pending.is_none()
                    && c.ended_at.is_none()
                    && !c.legal.is_empty()
                    && c.act_at.is_some_and(|t| t <= now)
                {
                    self.act(i, room).await?;
                }
            }
            let wake = self.coaches.iter().filter_map(|c| c.act_at).min();
            let deadline = self.deadline;
            let stall = self.config.stall;
            let woke = {
                let [h, a] = &mut self.coaches;
                tokio::select! {
                    m = h.recv() => Wake::Msg(0, m),
                    m = a.recv() => Wake::Msg(1, m),
                    () = sleep_until(wake) => Wake::Act,
                    () = sleep_until(deadline) => Wake::Deadline,
                    () = tokio::time::sleep(stall) => Wake::Stall,
                }
            };
            let (i, msg) = match woke {
                Wake::Act => continue,
                Wake::Deadline => return Err(Abort::Stopped),
                Wake::Stall => {
                    self.error("stalled: no message for the stall timeout");
                    return Err(Abort::Failed);
                }
                Wake::Msg(i, Ok(msg)) => (i, msg),
                Wake::Msg(_, Err(e)) => {
                    self.error(e);
                    return Err(Abort::Dropped);
                }
            };
            match msg {
                ServerMessage::Ack { id, seq, .. } => {
                    let c = &mut self.coaches[i];
                    match c.pending {
                        Some(p) if p.id == id => {
                            c.pending = None;
                            if p.command {
                                self.tally.ack.record(p.at.elapsed());
                                if p.at >= self.steady_from {
                                    self.tally.steady_ack.record(p.at.elapsed());
                                    self.tally.steady_acked += 1;
                                }
                                self.tally.commands_acked += 1;
                                self.live.acked.fetch_add(1, Ordering::Relaxed);
                                if seq != Some(c.last_seq) {
                                    // The events of this command should have come first.
                                    self.tally.lost_events += 1;
                                    self.error("lost events: ack before its events");
                                }
                            }
                            self.schedule(i);
                        }
                        _ => self.error("protocol: ack for no request"),
                    }
                }
                ServerMessage::Error { id, code, .. } => {
                    let c = &mut self.coaches[i];
                    if id.is_some() && c.pending.is_some_and(|p| Some(p.id) == id) {
                        c.pending = None;
                    }
                    self.error(format!("command: {}", code_name(code)));
                    return Err(Abort::Failed);
                }
                other => self.handle(i, other)?,
            }
        }
    }

    /// Schedule coach `i`'s answer to its decision, if it has one and nothing in flight.
    fn schedule(&mut self, i: usize) {
        let think = self.config.think;
        let jitter = if think.is_zero() {
            Duration::ZERO
        } else {
            think.mul_f64(0.5 + (self.rng.next() % 1000) as f64 / 1000.0)
        };
        let c = &mut self.coaches[i];
        if c.pending.is_none()
            && !c.snapshot_due
            && !c.legal.is_empty()
            && c.act_at.is_none()
            && c.ended_at.is_none()
        {
            c.act_at = Some(Instant::now() + jitter);
        }
    }

    async fn act(&mut self, i: usize, room: &RoomId) -> Result<(), Abort> {
        let pick = self.rng.below(self.coaches[i].legal.len());
        let c = &mut self.coaches[i];
        let command = c.legal.swap_remove(pick);
        c.legal.clear();
        c.act_at = None;
        let id = c.id();
        let msg = ClientMessage::Command {
            id,
            room: room.clone(),
            command,
        };
        let at = Instant::now();
        if let Err(e) = c.send(&msg).await {
            self.error(format!("disconnect: {e}"));
            return Err(Abort::Dropped);
        }
        c.pending = Some(InFlight {
            id,
            at,
            command: true,
        });
        self.sent.push((at, i));
        self.tally.commands_sent += 1;
        Ok(())
    }

    /// A pushed message for coach `i`: events, snapshots, lobby news.
    fn handle(&mut self, i: usize, msg: ServerMessage) -> Result<(), Abort> {
        match msg {
            ServerMessage::Events {
                seq,
                events,
                decision,
                ..
            } => {
                let c = &mut self.coaches[i];
                let mut lost = 0;
                if seq < c.last_seq {
                    lost += 1;
                }
                let mut prev = c.last_seq;
                for e in &events {
                    if e.seq <= prev || e.seq > seq {
                        lost += 1;
                    }
                    prev = e.seq;
                    c.seen += 1;
                    c.hash = mix(c.hash, e.seq);
                    if matches!(e.event, RoomEvent::MatchEnded { .. }) {
                        c.ended_at = Some(e.seq);
                    }
                }
                c.last_seq = c.last_seq.max(seq);
                c.messages += 1;
                self.tally.events_messages += 1;
                self.tally.events += events.len() as u64;
                // Each command makes exactly one `events` message for each follower, and the
                // first is the start: message m (from 1) is command m - 1's. Its latency is
                // measured where it matters, at the coach who did not send it.
                if let Some(&(at, sender)) = (c.messages as usize)
                    .checked_sub(2)
                    .and_then(|n| self.sent.get(n))
                    && sender != i
                {
                    self.tally.event.record(at.elapsed());
                    if at >= self.steady_from {
                        self.tally.steady_event.record(at.elapsed());
                    }
                }
                c.legal = decision.pending.legal();
                c.act_at = None;
                match self.config.follow {
                    Follow::None => {}
                    // The old clients: a fresh state before every answer.
                    Follow::Snapshot => c.snapshot_due = !c.legal.is_empty(),
                    Follow::Fold => {
                        if let Some(view) = c.view.as_mut() {
                            for e in &events {
                                if let RoomEvent::Game { event } = &e.event {
                                    view.apply(event);
                                }
                            }
                            view.set_prompt(&decision.pending);
                        }
                    }
                }
                if lost > 0 {
                    self.tally.lost_events += lost;
                    self.error("lost events: out of order or out of range");
                }
                self.schedule(i);
            }
            ServerMessage::Snapshot {
                seq,
                decision,
                result,
                view,
                ..
            } => {
                let c = &mut self.coaches[i];
                if self.config.follow == Follow::Fold {
                    c.view = Some(view);
                }
                // The snapshot that follows `match_started` (same seq), or one asked for, is
                // expected; any other is the server resyncing a connection that fell behind.
                let asked = std::mem::take(&mut c.snapshot_asked);
                let resync = !asked && (seq != c.last_seq || c.messages > 1);
                let skipped = seq.saturating_sub(c.last_seq);
                c.last_seq = c.last_seq.max(seq);
                if result.is_some() && c.ended_at.is_none() {
                    c.ended_at = Some(seq);
                }
                c.legal = decision.pending.legal();
                c.act_at = None;
                if resync {
                    self.tally.resyncs += 1;
                    self.tally.lost_events += skipped;
                    self.error("resync: the server sent a snapshot");
                }
                self.schedule(i);
            }
            ServerMessage::Error { code, .. } => {
                self.error(format!("unsolicited error: {}", code_name(code)));
                return Err(Abort::Failed);
            }
            // Lobby news, chat, pongs: nothing to do.
            _ => {}
        }
        Ok(())
    }
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}
