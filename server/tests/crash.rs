//! Crash recovery with real processes: the `dugout-server` binary plays several matches with
//! real WebSocket clients, is killed with SIGKILL in the middle of them (each match with a
//! command in flight), and is started again on the same database. The clients reconnect,
//! resume from the last seq they saw, retry the command whose answer the crash swallowed,
//! and finish their matches. Then:
//!
//! * every event any client received, before or after the crash, is in the store, as that
//!   seat sees it, and no client received one twice;
//! * every acknowledged command is stored once, with the seq its ack named; the command in
//!   flight at the crash is stored exactly once, whether or not it was applied before it;
//! * each match's log runs 1, 2, 3, ... with no gap and no duplicate, its commands' seq
//!   ranges tile it, and a fresh replay of its seed and commands makes the same events and the
//!   same final game each coach sees.
//!
//! Once on SQLite (a data dir) and once on Postgres (a fresh database; see `common/pg.rs`);
//! each time with Blitz Bowl and Blood Bowl matches side by side.

#![cfg(unix)]

mod common;

use std::path::Path;
use std::sync::{Arc, Mutex};

use common::*;
use dugout_protocol::{
    ClientMessage, RoomEvent, RoomStatus, SeqEvent, ServerMessage, TimerPolicy, TokenGrant,
};
use dugout_rules::core::{Seat, Side};
use dugout_rules::{AnyCommand, AnyEvent, AnySetup};
use dugout_server::store::{CommandSource, MatchLog, Store};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, Command as Process};

/// Matches played at once: Blitz Bowl in even slots, Blood Bowl in odd ones.
const MATCHES: usize = 6;
/// Commands each match plays before the crash.
const BEFORE_CRASH: usize = 60;

/// A running `dugout-server` process.
struct ServerProcess {
    child: Child,
    addr: String,
    /// Everything it logged (stderr), for failure messages.
    log: Arc<Mutex<Vec<String>>>,
}

impl ServerProcess {
    /// Start the binary on `data_dir` and `database_url` (none: SQLite in the data dir),
    /// listening on a free port; wait until it says where.
    async fn start(data_dir: &Path, database_url: Option<&str>) -> ServerProcess {
        let mut cmd = Process::new(env!("CARGO_BIN_EXE_dugout-server"));
        cmd.arg("--listen")
            .arg("127.0.0.1:0")
            .arg("--data-dir")
            .arg(data_dir)
            .args(["--messages-per-second", "1000000"])
            .args(["--message-burst", "1000000"])
            .args(["--account-messages-per-second", "1000000"])
            .args(["--account-message-burst", "1000000"])
            .args(["--log", "info"]);
        if let Some(url) = database_url {
            cmd.arg("--database-url").arg(url);
        }
        for var in [
            "DATABASE_URL",
            "DUGOUT_DATABASE_URL",
            "DUGOUT_DATA_DIR",
            "DUGOUT_LISTEN",
            "DUGOUT_LOG",
        ] {
            cmd.env_remove(var);
        }
        let mut child = cmd
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("start the server binary");
        let stderr = child.stderr.take().expect("stderr");
        let log = Arc::new(Mutex::new(Vec::new()));
        let (addr_tx, addr_rx) = tokio::sync::oneshot::channel();
        // Read stderr for the whole life of the process: a full pipe would block its logging.
        let lines = log.clone();
        tokio::spawn(async move {
            let mut addr_tx = Some(addr_tx);
            let mut reader = BufReader::new(stderr).lines();
            while let Ok(Some(line)) = reader.next_line().await {
                if let Some(addr) = line
                    .split("listening on http://")
                    .nth(1)
                    .and_then(|rest| rest.split_whitespace().next())
                    && let Some(tx) = addr_tx.take()
                {
                    let _ = tx.send(addr.to_owned());
                }
                lines.lock().expect("log lock").push(line);
            }
        });
        let addr = match tokio::time::timeout(DEADLINE, addr_rx).await {
            Ok(Ok(addr)) => addr,
            _ => panic!(
                "the server did not start; it logged:\n{}",
                log.lock().expect("log lock").join("\n")
            ),
        };
        ServerProcess { child, addr, log }
    }

    fn logged(&self, text: &str) -> bool {
        self.log
            .lock()
            .expect("log lock")
            .iter()
            .any(|l| l.contains(text))
    }

    /// SIGKILL: no shutdown, no flush, nothing.
    async fn kill(mut self) {
        self.child.start_kill().expect("SIGKILL");
        let status = self.child.wait().await.expect("the server exits");
        assert!(!status.success(), "killed, not exited: {status:?}");
    }

    /// SIGTERM, and the graceful stop it asks for.
    async fn stop(mut self) {
        let pid = self.child.id().expect("running").to_string();
        let sent = std::process::Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .expect("send SIGTERM");
        assert!(sent.success());
        let status = tokio::time::timeout(DEADLINE, self.child.wait())
            .await
            .expect("the server stops in time")
            .expect("exit status");
        assert!(status.success(), "{status:?}");
    }

    /// `POST path` with a JSON body over a real socket: the status code and the JSON body.
    async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let body = body.to_string();
        let request = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        let mut stream = tokio::net::TcpStream::connect(&self.addr)
            .await
            .expect("connect");
        stream.write_all(request.as_bytes()).await.expect("send");
        let mut response = String::new();
        tokio::time::timeout(DEADLINE, stream.read_to_string(&mut response))
            .await
            .expect("an answer in time")
            .expect("read");
        let status = response
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("a status line");
        let (_, body) = response.split_once("\r\n\r\n").expect("head and body");
        (status, serde_json::from_str(body).unwrap_or(Value::Null))
    }

    async fn register(&self, name: &str) -> String {
        let (status, body) = self
            .post(
                "/api/register",
                json!({ "name": name, "password": "correct horse battery" }),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        let grant: TokenGrant = serde_json::from_value(body).expect("a token grant");
        grant.token
    }
}

/// A command a coach sent, and the seq its ack named.
#[derive(Clone, Debug)]
struct Acked {
    coach: Side,
    id: u64,
    command: AnyCommand,
    seq: u64,
}

/// A command sent just before the crash, answered or not.
#[derive(Clone, Debug)]
struct InFlight {
    coach: Side,
    id: u64,
    command: AnyCommand,
    /// The ack, if it arrived before the server died.
    acked: Option<u64>,
}

struct Match {
    room: String,
    coaches: [Client; 2],
    tokens: [String; 2],
    picker: Picker,
    acked: Vec<Acked>,
    in_flight: Option<InFlight>,
    commands: usize,
    /// The coach whose connection is closed, if one is.
    away: Option<usize>,
}

impl Match {
    fn over(&self) -> bool {
        self.coaches[0].result.is_some()
    }

    /// Whose decision it is, as a connected coach last heard.
    fn deciding(&self) -> Side {
        let here = if self.away == Some(0) { 1 } else { 0 };
        self.coaches[here]
            .deciding()
            .expect("a coach decides while the match is on")
    }

    /// The deciding coach plays a random legal command and waits for its ack; the other
    /// coach reads the `events` message it causes (every command gives every follower
    /// exactly one, even when it holds no event that seat may see, or none at all).
    async fn step(&mut self) {
        let side = self.deciding();
        let i = side.index();
        let other_target = self.coaches[1 - i].events_messages + 1;
        let command = self.picker.pick_any(&self.coaches[i].legal_any());
        let id = self.coaches[i].id();
        let room = self.room.clone();
        self.coaches[i]
            .send(&ClientMessage::Command {
                id,
                room,
                command: command.clone(),
            })
            .await;
        let seq = match self.coaches[i].answer(id).await {
            Ok(Some(seq)) => seq,
            other => panic!("a legal command was refused: {command:?} -> {other:?}"),
        };
        self.acked.push(Acked {
            coach: side,
            id,
            command,
            seq,
        });
        self.commands += 1;
        if self.away != Some(1 - i) {
            self.coaches[1 - i].wait_events_messages(other_target).await;
        }
    }

    /// The deciding coach sends a command and does not wait for the answer.
    async fn send_without_waiting(&mut self) {
        let side = self.deciding();
        let i = side.index();
        let command = self.picker.pick_any(&self.coaches[i].legal_any());
        let id = self.coaches[i].id();
        let room = self.room.clone();
        self.coaches[i]
            .send(&ClientMessage::Command {
                id,
                room,
                command: command.clone(),
            })
            .await;
        self.in_flight = Some(InFlight {
            coach: side,
            id,
            command,
            acked: None,
        });
    }
}

/// Read what a dead server's socket still holds, noting the ack of the command in flight.
async fn drain(client: &mut Client, in_flight: &mut Option<InFlight>) {
    loop {
        match client.recv().await {
            None => return,
            Some(ServerMessage::Ack { id, seq, .. }) => {
                if let Some(f) = in_flight.as_mut().filter(|f| f.id == id) {
                    f.acked = Some(seq.expect("a command's ack names the seq"));
                }
            }
            Some(_) => {}
        }
    }
}

/// Where the server keeps its matches.
enum Backend {
    /// The default: `dugout.sqlite3` in the data dir.
    Sqlite,
    /// This Postgres database URL.
    Postgres(String),
}

impl Backend {
    fn url(&self) -> Option<&str> {
        match self {
            Backend::Sqlite => None,
            Backend::Postgres(url) => Some(url),
        }
    }

    /// The store the server used, opened by the test itself.
    async fn open(&self, data_dir: &Path) -> Box<dyn Store> {
        match self {
            Backend::Sqlite => Box::new(
                dugout_server::store::SqliteStore::open(data_dir)
                    .await
                    .expect("open the store"),
            ),
            Backend::Postgres(url) => Box::new(
                dugout_server::store::PostgresStore::connect(url)
                    .await
                    .expect("open the store"),
            ),
        }
    }
}

async fn crash_and_recover(data_dir: &Path, backend: Backend) {
    let database_url = backend.url();
    // ----- first life: matches to the middle, a command in flight in each, SIGKILL -----
    let server = ServerProcess::start(data_dir, database_url).await;
    let mut matches = Vec::new();
    for m in 0..MATCHES {
        let tokens = [
            server.register(&format!("home_{m}")).await,
            server.register(&format!("away_{m}")).await,
        ];
        let mut home = Client::connect_to(&server.addr, Some(DEADLINE)).await;
        home.hello(&tokens[0]).await;
        let mut away = Client::connect_to(&server.addr, Some(DEADLINE)).await;
        away.hello(&tokens[1]).await;
        let seed = 100 + m as u64;
        let setup = if m % 2 == 0 {
            AnySetup::Blitz(dugout_rules::blitz::random_play::random_setup(seed))
        } else {
            AnySetup::BloodBowl(dugout_rules::bb::random_play::random_setup(seed))
        };
        let room = home
            .create_room(dugout_protocol::RoomSpec {
                setup,
                timer: TimerPolicy::None,
                private: false,
                league: None,
            })
            .await;
        assert!(home.join(&room, Some(Side::Home)).await.is_ok());
        assert!(away.join(&room, Some(Side::Away)).await.is_ok());
        start(&mut home, &mut away, &room).await;
        matches.push(Match {
            room,
            coaches: [home, away],
            tokens,
            picker: Picker::new(7 + m as u64),
            acked: Vec::new(),
            in_flight: None,
            commands: 0,
            away: None,
        });
    }
    // Round robin, so every match is under way at once.
    for _ in 0..BEFORE_CRASH {
        for m in matches.iter_mut() {
            m.step().await;
        }
    }
    // Each match meets the crash differently.
    for (n, m) in matches.iter_mut().enumerate() {
        assert!(!m.over(), "the match is still in the middle");
        match n % 3 {
            // The command is applied and published (the other coach has its events), but its
            // sender has not read the ack yet: it reads it from the dead socket, or never.
            0 => {
                let i = m.deciding().index();
                let target = m.coaches[1 - i].events_messages + 1;
                m.send_without_waiting().await;
                m.coaches[1 - i].wait_events_messages(target).await;
            }
            // The coach who does not decide drops out; the other plays on alone for a few
            // commands (events the absent coach only gets from the restarted server), then
            // sends one more at the moment of the crash, if it is still theirs to decide.
            1 => {
                let i = m.deciding().index();
                m.coaches[1 - i].disconnect().await;
                m.away = Some(1 - i);
                for _ in 0..5 {
                    if m.deciding().index() != i {
                        break;
                    }
                    m.step().await;
                }
                if m.deciding().index() == i {
                    m.send_without_waiting().await;
                }
            }
            // Sent at the moment of the crash: applied or not, nobody knows.
            _ => m.send_without_waiting().await,
        }
    }
    server.kill().await;
    for m in matches.iter_mut() {
        let mut in_flight = m.in_flight.clone();
        for c in m.coaches.iter_mut() {
            drain(c, &mut in_flight).await;
        }
        m.in_flight = in_flight;
    }
    let seen_at_crash: Vec<[u64; 2]> = matches
        .iter()
        .map(|m| [m.coaches[0].seq, m.coaches[1].seq])
        .collect();

    // ----- second life: same database; reconnect, resume, retry, finish -----
    let server = ServerProcess::start(data_dir, database_url).await;
    assert!(
        server.logged(&format!("playing={MATCHES}")),
        "the restart restores every match: {:?}",
        server.log.lock().expect("log lock")
    );
    for m in matches.iter_mut() {
        for (c, token) in m.coaches.iter_mut().zip(&m.tokens) {
            c.reconnect(&server.addr, token).await;
            let seq = c.resume(&m.room).await.expect("resume").expect("a seq");
            assert_eq!(c.seq, seq, "resume brings the client up to the room's seq");
        }
        m.away = None;
        // The answer the crash swallowed: the same id and command again. Applied before the
        // crash: acknowledged with the original seq. Not applied: applied now, once.
        let Some(f) = m.in_flight.clone() else {
            continue;
        };
        let i = f.coach.index();
        let room = m.room.clone();
        m.coaches[i]
            .send(&ClientMessage::Command {
                id: f.id,
                room,
                command: f.command.clone(),
            })
            .await;
        let seq = m.coaches[i]
            .answer(f.id)
            .await
            .expect("the retry is accepted")
            .expect("a seq");
        eprintln!(
            "{}: in flight at the crash: {:?}; acknowledged before it: {:?}; retry acked at {seq}",
            m.room, f.command, f.acked
        );
        if let Some(before) = f.acked {
            assert_eq!(
                seq, before,
                "a retry of an acknowledged command changes nothing"
            );
        }
        m.acked.push(Acked {
            coach: f.coach,
            id: f.id,
            command: f.command,
            seq,
        });
        m.commands += 1;
        // The other coach may or may not get an `events` message for it (none if it was
        // applied before the crash): a snapshot request brings its decision up to date
        // either way, after reading whatever the room sent before.
        let (now, _) = m.coaches[1 - i].snapshot_any(&m.room).await;
        assert!(now >= seq);
    }
    while matches.iter().any(|m| !m.over()) {
        for m in matches.iter_mut().filter(|m| !m.over()) {
            m.step().await;
            assert!(m.commands < MAX_COMMANDS, "no result after {MAX_COMMANDS}");
        }
    }

    // ----- what the store holds -----
    let store = backend.open(data_dir).await;
    for (m, seen) in matches.iter_mut().zip(seen_at_crash) {
        let log = store
            .match_log(&m.room)
            .await
            .expect("the store answers")
            .expect("the match is stored");
        check_match(m, &log, seen).await;
    }
    drop(store);
    server.stop().await;
}

/// Everything the module comment promises, for one match.
async fn check_match(m: &mut Match, log: &MatchLog, seen_at_crash: [u64; 2]) {
    let room = m.room.clone();
    // The log: 1, 2, 3, ... to the end, the result recorded.
    let seqs: Vec<u64> = log.events.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, (1..=seqs.len() as u64).collect::<Vec<_>>());
    assert_eq!(log.status, RoomStatus::Finished);
    assert_eq!(log.result, m.coaches[0].result);
    assert!(matches!(
        log.events.last().map(|e| &e.event),
        Some(RoomEvent::MatchEnded { .. })
    ));
    // Commands tile the log after the opening events, one command per acked id.
    let mut seq = log.commands.first().map_or(0, |c| c.seq_before);
    for c in &log.commands {
        assert_eq!(c.seq_before, seq, "command seq ranges are contiguous");
        seq = c.seq_after;
    }
    assert_eq!(Some(seq), log.events.last().map(|e| e.seq));
    assert_eq!(
        log.commands.len(),
        m.acked.len(),
        "every command stored once"
    );
    for a in &m.acked {
        let stored: Vec<_> = log
            .commands
            .iter()
            .filter(|c| c.source == CommandSource::Coach)
            .filter(|c| c.coach == a.coach && c.client_id == Some(a.id))
            .collect();
        assert_eq!(stored.len(), 1, "{a:?} is stored exactly once");
        assert_eq!(stored[0].command, a.command);
        assert_eq!(
            stored[0].seq_after, a.seq,
            "{a:?} was acknowledged at its seq"
        );
    }
    // Every event each coach received is stored, as that seat sees it, received once; with
    // the resume, each received all of them.
    for (i, side) in Side::BOTH.into_iter().enumerate() {
        let c = &m.coaches[i];
        let got: Vec<u64> = c.events.iter().map(|e| e.seq).collect();
        assert!(
            got.windows(2).all(|w| w[0] < w[1]),
            "{side:?} received an event twice"
        );
        assert!(got.iter().any(|&s| s > seen_at_crash[i]), "and more after");
        let expected: Vec<SeqEvent> = log
            .events
            .iter()
            .filter_map(|e| {
                e.event
                    .project(Seat::Coach(side))
                    .map(|event| SeqEvent { seq: e.seq, event })
            })
            .collect();
        assert_eq!(c.events, expected, "{side:?}'s events are the stored ones");
    }
    // A fresh replay makes the stored events and the game each coach now sees.
    let (game, events) = replay_any(log);
    let stored: Vec<AnyEvent> = log
        .events
        .iter()
        .filter_map(|e| match &e.event {
            RoomEvent::Game { event } => Some(event.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(stored, events, "the log replays from seed and commands");
    // The finished match passes the provably-fair verification (commitment, reveal, replay).
    let verdict = dugout_server::fair::verify_log(log);
    assert!(
        matches!(verdict, dugout_server::fair::Verdict::Verified(_)),
        "the recovered and finished match verifies: {verdict:?}"
    );
    for (i, side) in Side::BOTH.into_iter().enumerate() {
        let (seq, view) = m.coaches[i].snapshot_any(&room).await;
        assert_eq!(Some(seq), log.events.last().map(|e| e.seq));
        assert_eq!(view, game.view(Seat::Coach(side)));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_matches_survive_a_sigkill_and_finish_after_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    crash_and_recover(&dir.path().join("data"), Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_matches_survive_a_sigkill_and_finish_after_a_restart() {
    let Some(db) =
        common::pg::TestDb::create("postgres_matches_survive_a_sigkill_and_finish_after_a_restart")
            .await
    else {
        return;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    crash_and_recover(&dir.path().join("data"), Backend::Postgres(db.url.clone())).await;
    // The SQLite file was never made: the server used Postgres.
    assert!(!dir.path().join("data").join("dugout.sqlite3").exists());
}
