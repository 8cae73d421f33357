//! Several server nodes, one service (issue 14), with real processes: three `dugout-server`
//! binaries on one Postgres database (a fresh one per test, `common/pg.rs`) and one NATS
//! server (`DUGOUT_TEST_NATS_URL`, default `nats://127.0.0.1:4222`; each test has its own
//! subject prefix), with real WebSocket clients:
//!
//! * coaches on different nodes (and a spectator on the third) play a complete match;
//! * the owner is SIGKILLed mid-match: the match finishes on another node, no acknowledged
//!   event lost or duplicated, contiguous seqs;
//! * an owner is SIGSTOPped past its lease, another takes over, the first is SIGCONTed: its
//!   late writes are refused (no event of the old epoch after the takeover's);
//! * a rolling restart (SIGTERM, start again) of all three nodes during 50 live bot matches
//!   loses nothing, and every match verifies (`dugout-server verify`).
//!
//! Plus the fence itself on the store, deterministically: an append under a lost lease is
//! refused.
//!
//! NATS, like Postgres, is required in CI (the test fails) and skipped with a loud notice
//! elsewhere when absent.

#![cfg(unix)]

mod common;

use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::pg::{TestDb, in_ci};
use common::*;
use dugout_protocol::{ClientMessage, ErrorCode, RoomStatus, ServerMessage, TokenGrant};
use dugout_rules::core::Side;
use dugout_server::store::{MatchStore, Store, StoreError, StoredEvent};
use serde_json::{Value, json};
use sqlx::Row;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, Command as Process};

/// The lease in these tests: short, so failovers take seconds.
const LEASE_MS: u64 = 3000;

/// How long a client waits for any message (a failover included).
const PATIENCE: Duration = Duration::from_secs(60);

fn nats_url() -> String {
    std::env::var("DUGOUT_TEST_NATS_URL")
        .ok()
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| "nats://127.0.0.1:4222".to_owned())
}

/// Is a NATS server answering? Required in CI; elsewhere the test is skipped, loudly.
async fn nats_or_skip(test: &str) -> bool {
    let url = nats_url();
    let hostport = url.trim_start_matches("nats://").to_owned();
    let ok = tokio::time::timeout(
        Duration::from_secs(5),
        tokio::net::TcpStream::connect(&hostport),
    )
    .await
    .is_ok_and(|r| r.is_ok());
    if ok {
        return true;
    }
    let msg = format!("no NATS at {url}; set DUGOUT_TEST_NATS_URL or run `bash .ci/run`");
    if in_ci() {
        panic!("{test}: NATS is required in CI: {msg}");
    }
    eprintln!(
        "\n************************************************************\n\
         ** SKIPPED: no NATS: {test}\n** {msg}\n\
         ************************************************************\n"
    );
    false
}

/// A running `dugout-server` node.
struct Node {
    id: String,
    child: Child,
    addr: String,
    log: Arc<Mutex<Vec<String>>>,
}

/// What every node of a test's cluster shares.
#[derive(Clone)]
struct ClusterSpec {
    db: String,
    prefix: String,
    data_dir: std::path::PathBuf,
}

impl Node {
    async fn start(spec: &ClusterSpec, id: &str) -> Node {
        Self::start_on(spec, id, Some(&nats_url()))
            .await
            .expect("the node starts")
    }

    /// Start node `id` (`nats`: with the bus; `None`: a lone node). `Err`: it exited, with
    /// its log.
    async fn start_on(spec: &ClusterSpec, id: &str, nats: Option<&str>) -> Result<Node, String> {
        let mut cmd = Process::new(env!("CARGO_BIN_EXE_dugout-server"));
        cmd.arg("--listen")
            .arg("127.0.0.1:0")
            .arg("--data-dir")
            .arg(&spec.data_dir)
            .args(["--database-url", &spec.db])
            .args(["--node-id", id])
            .args(["--lease-ms", &LEASE_MS.to_string()])
            .args(["--nats-prefix", &spec.prefix])
            .args(["--messages-per-second", "1000000"])
            .args(["--message-burst", "1000000"])
            .args(["--account-messages-per-second", "1000000"])
            .args(["--account-message-burst", "1000000"])
            .args(["--log", "info"]);
        if let Some(url) = nats {
            cmd.args(["--nats-url", url]);
        }
        for var in [
            "DATABASE_URL",
            "DUGOUT_DATABASE_URL",
            "DUGOUT_DATA_DIR",
            "DUGOUT_LISTEN",
            "DUGOUT_LOG",
            "NATS_URL",
            "DUGOUT_NODE_ID",
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
        let lines = log.clone();
        // DUGOUT_TEST_NODE_LOGS=dir: every node's log also goes to a file there.
        let mut file = std::env::var_os("DUGOUT_TEST_NODE_LOGS").and_then(|dir| {
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(Path::new(&dir).join(format!("{}-{id}.log", spec.prefix)))
                .ok()
        });
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
                if let Some(f) = file.as_mut() {
                    use std::io::Write as _;
                    let _ = writeln!(f, "{line}");
                }
                lines.lock().expect("log lock").push(line);
            }
        });
        match tokio::time::timeout(DEADLINE, addr_rx).await {
            Ok(Ok(addr)) => Ok(Node {
                id: id.to_owned(),
                child,
                addr,
                log,
            }),
            _ => {
                let _ = child.start_kill();
                let _ = child.wait().await;
                Err(log.lock().expect("log lock").join("\n"))
            }
        }
    }

    fn logged(&self, text: &str) -> bool {
        self.log
            .lock()
            .expect("log lock")
            .iter()
            .any(|l| l.contains(text))
    }

    fn signal(&self, sig: &str) {
        let pid = self.child.id().expect("running").to_string();
        let sent = std::process::Command::new("kill")
            .args([sig, &pid])
            .status()
            .expect("send a signal");
        assert!(sent.success(), "kill {sig} {pid}");
    }

    /// SIGKILL: no shutdown, nothing released.
    async fn kill(mut self) {
        self.child.start_kill().expect("SIGKILL");
        let _ = self.child.wait().await;
    }

    /// SIGTERM: the graceful stop, which hands the rooms over.
    async fn stop(mut self) {
        self.signal("-TERM");
        let status = tokio::time::timeout(Duration::from_secs(30), self.child.wait())
            .await
            .expect("the node stops in time")
            .expect("exit status");
        assert!(status.success(), "{status:?}");
    }

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

    async fn client(&self, token: &str) -> Client {
        let mut c = Client::connect_to(&self.addr, Some(PATIENCE)).await;
        c.hello(token).await;
        c
    }
}

/// A fresh database, a data dir and a subject prefix for one test's cluster.
async fn cluster_spec(test: &str) -> Option<(TestDb, tempfile::TempDir, ClusterSpec)> {
    if !nats_or_skip(test).await {
        return None;
    }
    let db = TestDb::create(test).await?;
    let dir = tempfile::tempdir().expect("a temp dir");
    let spec = ClusterSpec {
        db: db.url.clone(),
        prefix: format!("dugout_test_{}", uuid::Uuid::now_v7().simple()),
        data_dir: dir.path().to_owned(),
    };
    Some((db, dir, spec))
}

/// A coach that plays on whatever node answers: when its node goes away it reconnects to
/// the next address, resumes, and sends its command again with the same id.
struct Coach {
    c: Client,
    token: String,
    side: Side,
    /// Node addresses, in the order it tries them.
    addrs: Arc<Mutex<Vec<String>>>,
    at: usize,
    /// Every acknowledged command: (client id, ack seq).
    acked: Vec<(u64, u64)>,
    reconnects: usize,
    /// Another connection of the same coach may play too (the pause test's probe): a
    /// command refused because the game moved on is not an error.
    racing: bool,
}

impl Coach {
    fn addr(&self) -> String {
        let addrs = self.addrs.lock().expect("addrs");
        addrs[self.at % addrs.len()].clone()
    }

    /// The socket closed: connect to the next node that answers, hello, resume.
    async fn failover(&mut self, room: &str) {
        let since = std::time::Instant::now();
        for _ in 0..60 {
            assert!(
                since.elapsed() < Duration::from_secs(120),
                "{room} {:?}: no node took the coach back in 120 s (reconnects {}, seq {})",
                self.side,
                self.reconnects,
                self.c.seq,
            );
            self.at += 1;
            let addr = self.addr();
            let ok = tokio::time::timeout(
                Duration::from_secs(5),
                tokio::net::TcpStream::connect(&addr),
            )
            .await
            .is_ok_and(|r| r.is_ok());
            if !ok {
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            }
            self.c.reconnect(&addr, &self.token).await;
            self.reconnects += 1;
            let id = self.c.id();
            let resume = ClientMessage::Resume {
                id,
                room: room.to_owned(),
                last_seq: self.c.seq,
            };
            if !self.c.try_send(&resume).await {
                continue;
            }
            let Some(answer) = self.c.try_answer(id).await else {
                // That node went away too: the next.
                continue;
            };
            match answer {
                Ok(_) => return,
                // A node stopping (a rolling restart) or a room on the move: another node.
                Err((
                    ErrorCode::ShuttingDown | ErrorCode::UnknownRoom | ErrorCode::Internal,
                    why,
                )) => {
                    tracing_note(&why);
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
                Err(e) => panic!("resume on {addr} refused: {e:?}"),
            }
        }
        panic!("no node took the coach back");
    }

    /// Send a request and get its answer, through failovers; retries the same id (commands
    /// are idempotent by id) on a closed socket or a room on the move.
    async fn ask(&mut self, room: &str, make: impl Fn(u64) -> ClientMessage) -> Answer {
        let id = self.c.id();
        let since = std::time::Instant::now();
        let mut last = String::new();
        for _ in 0..200 {
            // A request not answered in two minutes is a stall: say where, not only that.
            assert!(
                since.elapsed() < Duration::from_secs(120),
                "{room} {:?}: request {id} not answered in 120 s (reconnects {}, at {}, seq {}, last: {last})",
                self.side,
                self.reconnects,
                self.addr(),
                self.c.seq,
            );
            let msg = make(id);
            if !self.c.try_send(&msg).await {
                self.failover(room).await;
                continue;
            }
            match self.c.try_answer(id).await {
                None => self.failover(room).await,
                Some(Err((ErrorCode::Internal | ErrorCode::ShuttingDown, why))) => {
                    // The room moves to another node: ask again.
                    tracing_note(&why);
                    last = why;
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
                Some(answer) => {
                    if let Ok(Some(seq)) = answer
                        && matches!(msg, ClientMessage::Command { .. })
                    {
                        self.acked.push((id, seq));
                    }
                    return answer;
                }
            }
        }
        panic!("request {id} never answered");
    }

    /// Play this coach's side until the match ends (or `stop` says so: then concede if it
    /// is this coach's to do); each command picked by `picker`.
    async fn play(&mut self, room: &str, picker: &mut Picker, concede_after: Option<usize>) {
        let mut played = 0;
        let mut progress = (self.c.seq, std::time::Instant::now());
        loop {
            if self.c.result.is_some() {
                return;
            }
            // A match that does not move for two minutes is stalled: say where.
            if self.c.seq != progress.0 {
                progress = (self.c.seq, std::time::Instant::now());
            }
            assert!(
                progress.1.elapsed() < Duration::from_secs(120),
                "{room} {:?}: no event for 120 s at seq {} (deciding {:?}, reconnects {}, at {}, last messages {:?})",
                self.side,
                self.c.seq,
                self.c.deciding(),
                self.reconnects,
                self.addr(),
                self.c.raw.iter().rev().take(3).collect::<Vec<_>>(),
            );
            if concede_after.is_some_and(|n| played >= n) && self.side == Side::Home {
                let r = self
                    .ask(room, |id| ClientMessage::Concede {
                        id,
                        room: room.to_owned(),
                    })
                    .await;
                match r {
                    Ok(_) => {}
                    // The retry of a concession that was applied: the match is over.
                    Err((ErrorCode::NotPlaying, _)) => {}
                    Err(e) => panic!("concession refused: {e:?}"),
                }
                while self.c.result.is_none() {
                    if self.c.recv().await.is_none() {
                        self.failover(room).await;
                    }
                }
                return;
            }
            if self.c.deciding() == Some(self.side) {
                let legal = self.c.legal_any();
                let command = picker.pick_any(&legal);
                let r = self
                    .ask(room, |id| ClientMessage::Command {
                        id,
                        room: room.to_owned(),
                        command: command.clone(),
                    })
                    .await;
                if matches!(r, Err((ErrorCode::NotPlaying, _))) && self.side == Side::Away {
                    // The home coach conceded meanwhile: the end is on its way.
                    while self.c.result.is_none() {
                        if self.c.recv().await.is_none() {
                            self.failover(room).await;
                        }
                    }
                    return;
                }
                if self.racing
                    && matches!(
                        r,
                        Err((ErrorCode::NotYourTurn | ErrorCode::IllegalCommand, _))
                    )
                {
                    // Another connection of this coach played meanwhile: its events come.
                    if self.c.recv().await.is_none() {
                        self.failover(room).await;
                    }
                    continue;
                }
                assert!(
                    r.is_ok(),
                    "{room} {:?} (reconnects {}, at {}): a legal command was refused: {command:?} -> {r:?}",
                    self.side,
                    self.reconnects,
                    self.addr()
                );
                played += 1;
            } else if self.c.recv().await.is_none() {
                self.failover(room).await;
            }
        }
    }
}

fn tracing_note(why: &str) {
    eprintln!("retrying: {why}");
}

/// Every stored event of `room`, with the epoch it was appended under.
async fn stored_epochs(db: &str, room: &str) -> Vec<(u64, Option<i64>)> {
    let mut conn = <sqlx::PgConnection as sqlx::Connection>::connect(db)
        .await
        .expect("connect");
    let rows = sqlx::query("SELECT seq, epoch FROM match_events WHERE match_id = $1 ORDER BY seq")
        .bind(room)
        .fetch_all(&mut conn)
        .await
        .expect("read the events");
    rows.iter()
        .map(|r| {
            (
                u64::try_from(r.get::<i64, _>(0)).expect("a seq"),
                r.get::<Option<i64>, _>(1),
            )
        })
        .collect()
}

/// Resolves once `room` has at least `n` events stored.
async fn stored_at_least(db: &str, room: &str, n: usize) {
    while stored_epochs(db, room).await.len() < n {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The store's log of `room` is whole: seqs 1, 2, 3, ... and commands tile it; every
/// acknowledged command is stored once with the seq its ack named; every event a client
/// received is the stored one, received once.
async fn check_match(store: &dyn Store, room: &str, coaches: &[&Coach], others: &[&Client]) {
    let log = store
        .match_log(room)
        .await
        .expect("the store answers")
        .expect("the match is stored");
    assert!(
        matches!(log.status, RoomStatus::Finished),
        "{room}: not finished ({:?})",
        log.status
    );
    for (i, e) in log.events.iter().enumerate() {
        assert_eq!(e.seq, i as u64 + 1, "{room}: the log runs 1, 2, 3, ...");
    }
    let by_seq: BTreeMap<u64, &StoredEvent> = log.events.iter().map(|e| (e.seq, e)).collect();
    for pair in log.commands.windows(2) {
        assert_eq!(
            pair[1].seq_before, pair[0].seq_after,
            "{room}: command seq ranges tile the log"
        );
    }
    for coach in coaches {
        for (id, seq) in &coach.acked {
            let stored: Vec<_> = log
                .commands
                .iter()
                .filter(|c| c.client_id == Some(*id) && c.coach == coach.side)
                .collect();
            assert_eq!(stored.len(), 1, "{room}: acked command {id} stored once");
            assert_eq!(
                stored[0].seq_after, *seq,
                "{room}: with the seq its ack named"
            );
        }
    }
    let clients: Vec<&Client> = coaches
        .iter()
        .map(|c| &c.c)
        .chain(others.iter().copied())
        .collect();
    for client in clients {
        let mut seen = HashSet::new();
        for e in &client.events {
            assert!(
                seen.insert(e.seq),
                "{room}: event {} received twice by {:?}",
                e.seq,
                client.seat
            );
            assert!(
                by_seq.contains_key(&e.seq),
                "{room}: event {} is stored",
                e.seq
            );
        }
    }
}

/// `dugout-server verify` on the cluster's database: exit 0.
async fn verify(spec: &ClusterSpec, room: &str) {
    let out = Process::new(env!("CARGO_BIN_EXE_dugout-server"))
        .args(["verify", "--match", room, "--database-url", &spec.db])
        .arg("--data-dir")
        .arg(Path::new(&spec.data_dir))
        .env_remove("NATS_URL")
        .output()
        .await
        .expect("run verify");
    assert!(
        out.status.success(),
        "verify {room}: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn addrs(nodes: &[&Node]) -> Arc<Mutex<Vec<String>>> {
    Arc::new(Mutex::new(nodes.iter().map(|n| n.addr.clone()).collect()))
}

/// Home (connected to `home_at`) makes a room there and sits; away (on `away_at`) sits;
/// both ready. Returns the coaches and the room.
async fn seat(
    nodes: &[&Node],
    home_at: usize,
    away_at: usize,
    names: (&str, &str),
) -> (Coach, Coach, String) {
    let th = nodes[home_at].register(names.0).await;
    let ta = nodes[away_at].register(names.1).await;
    let mut h = nodes[home_at].client(&th).await;
    let mut a = nodes[away_at].client(&ta).await;
    let room = h
        .create_room(spec(plain_setup(), dugout_protocol::TimerPolicy::None))
        .await;
    assert!(h.join(&room, Some(Side::Home)).await.is_ok());
    let joined = a.join(&room, Some(Side::Away)).await;
    assert!(joined.is_ok(), "a coach on another node joins: {joined:?}");
    start(&mut h, &mut a, &room).await;
    let all = addrs(nodes);
    (
        Coach {
            c: h,
            token: th,
            side: Side::Home,
            addrs: all.clone(),
            at: home_at,
            acked: Vec::new(),
            reconnects: 0,
            racing: false,
        },
        Coach {
            c: a,
            token: ta,
            side: Side::Away,
            addrs: all,
            at: away_at,
            acked: Vec::new(),
            reconnects: 0,
            racing: false,
        },
        room,
    )
}

/// Coaches on two nodes and a spectator on the third play a whole match; the third node's
/// lobby lists the room while it is played.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn coaches_on_different_nodes_play_a_complete_match() {
    let Some((db, _dir, spec)) = cluster_spec("coaches_on_different_nodes").await else {
        return;
    };
    let a = Node::start(&spec, "a").await;
    let b = Node::start(&spec, "b").await;
    let c = Node::start(&spec, "c").await;
    let nodes = [&a, &b, &c];
    let (mut home, mut away, room) = seat(&nodes, 0, 1, ("home_one", "away_one")).await;
    // The third node lists the room (the merged lobby) and serves a spectator.
    let ts = c.register("watcher").await;
    let mut watcher = c.client(&ts).await;
    let mut listed = false;
    for _ in 0..50 {
        let id = watcher.id();
        watcher.send(&ClientMessage::ListRooms { id }).await;
        let mut rooms = Vec::new();
        loop {
            match watcher.recv().await {
                Some(ServerMessage::Rooms { rooms: r }) => rooms = r,
                Some(ServerMessage::Ack { id: got, .. }) if got == id => break,
                Some(_) => {}
                None => panic!("closed"),
            }
        }
        if rooms.iter().any(|r| r.room == room) {
            listed = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(listed, "node c's lobby lists the room made on node a");
    assert!(watcher.spectate(&room).await.is_ok());
    let mut ph = Picker::playing_on(1);
    let mut pa = Picker::playing_on(2);
    let watch = async {
        while watcher.result.is_none() {
            assert!(
                watcher.recv().await.is_some(),
                "the spectator's node stays up"
            );
        }
    };
    tokio::join!(
        home.play(&room, &mut ph, None),
        away.play(&room, &mut pa, None),
        watch
    );
    let store = db.store().await;
    check_match(&store, &room, &[&home, &away], &[&watcher]).await;
    assert_eq!(home.c.result, away.c.result);
    assert_eq!(home.c.result, watcher.result);
    assert!(home.c.events.len() > 50, "a whole match was played");
    verify(&spec, &room).await;
    // Owner a, away coach on b: every event reached b over NATS, in order.
    let epochs = stored_epochs(&spec.db, &room).await;
    assert!(
        epochs.iter().all(|(_, e)| *e == Some(1)),
        "one owner, one epoch"
    );
}

/// The owner is SIGKILLed mid-match; another node takes the room over after the lease runs
/// out; the coach whose node died reconnects elsewhere; the match finishes with no
/// acknowledged event lost or duplicated and contiguous seqs.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_owner_killed_mid_match_finishes_on_another_node() {
    let Some((db, _dir, spec)) = cluster_spec("owner_killed").await else {
        return;
    };
    let a = Node::start(&spec, "a").await;
    let b = Node::start(&spec, "b").await;
    let c = Node::start(&spec, "c").await;
    let nodes = [&a, &b, &c];
    let (mut home, mut away, room) = seat(&nodes, 0, 1, ("home_two", "away_two")).await;
    let mut ph = Picker::playing_on(3);
    let mut pa = Picker::playing_on(4);
    // Some commands, then the kill, while both keep playing.
    {
        let play = async {
            tokio::join!(
                home.play(&room, &mut ph, None),
                away.play(&room, &mut pa, None)
            )
        };
        tokio::pin!(play);
        tokio::select! {
            _ = &mut play => panic!("the match ended before the kill"),
            () = stored_at_least(&spec.db, &room, 40) => {}
        }
        a.kill().await;
        play.await;
    }
    let store = db.store().await;
    check_match(&store, &room, &[&home, &away], &[]).await;
    assert!(
        home.reconnects >= 1,
        "the coach on the dead node reconnected"
    );
    assert_eq!(
        away.reconnects, 0,
        "the coach on a live node kept its connection"
    );
    verify(&spec, &room).await;
    let epochs = stored_epochs(&spec.db, &room).await;
    assert!(
        epochs.iter().any(|(_, e)| *e == Some(2)),
        "another node took over (epoch 2): {:?}",
        epochs.last()
    );
    let taker = [&b, &c]
        .into_iter()
        .find(|n| n.logged("room taken over"))
        .map(|n| n.id.clone());
    assert!(taker.is_some(), "b or c logged the takeover");
}

/// An owner paused (SIGSTOP) past its lease loses the room to another node; resumed
/// (SIGCONT), it writes nothing more: no event of its epoch after the takeover's first, and
/// a command sent to it is refused or served by the new owner.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_paused_owner_loses_the_room_and_its_late_writes_are_refused() {
    let Some((db, _dir, spec)) = cluster_spec("paused_owner").await else {
        return;
    };
    let a = Node::start(&spec, "a").await;
    let b = Node::start(&spec, "b").await;
    let c = Node::start(&spec, "c").await;
    let nodes = [&a, &b, &c];
    // The room is made on a by an organiser; the coaches sit from b and c.
    let to = a.register("organiser").await;
    let mut organiser = a.client(&to).await;
    let room = organiser.create_room(spec_of(plain_setup())).await;
    let th = b.register("home_three").await;
    let ta = c.register("away_three").await;
    let mut h = b.client(&th).await;
    let mut w = c.client(&ta).await;
    assert!(h.join(&room, Some(Side::Home)).await.is_ok());
    assert!(w.join(&room, Some(Side::Away)).await.is_ok());
    start(&mut h, &mut w, &room).await;
    // The home coach also follows the room from a second connection on a (local there).
    let mut probe = a.client(&th).await;
    assert!(probe.resume(&room).await.is_ok());
    let all = addrs(&nodes);
    let mut home = Coach {
        c: h,
        token: th.clone(),
        side: Side::Home,
        addrs: all.clone(),
        at: 1,
        acked: Vec::new(),
        reconnects: 0,
        racing: true,
    };
    let mut away = Coach {
        c: w,
        token: ta,
        side: Side::Away,
        addrs: all,
        at: 2,
        acked: Vec::new(),
        reconnects: 0,
        racing: true,
    };
    let mut ph = Picker::playing_on(5);
    let mut pa = Picker::playing_on(6);
    // Play a little, then pause a past its lease.
    let paused_at;
    {
        let play = async {
            tokio::join!(
                home.play(&room, &mut ph, Some(400)),
                away.play(&room, &mut pa, None)
            )
        };
        tokio::pin!(play);
        tokio::select! {
            _ = &mut play => panic!("the match ended before the pause"),
            () = stored_at_least(&spec.db, &room, 40) => {}
        }
        a.signal("-STOP");
        paused_at = stored_epochs(&spec.db, &room).await.len();
        // The coaches play on while a sleeps: b or c takes the room over.
        let mut done = false;
        tokio::select! {
            _ = &mut play => done = true,
            () = tokio::time::sleep(Duration::from_millis(LEASE_MS * 4)) => {}
        }
        let during = stored_epochs(&spec.db, &room).await;
        assert!(
            during.iter().any(|(_, e)| e.is_some_and(|e| e >= 2)),
            "another node took the room over while a was paused"
        );
        // a wakes up and is asked for a command by its local connection at once.
        a.signal("-CONT");
        let legal = probe.legal_any();
        let probe_id = probe.id();
        if let Some(command) = legal.first().cloned() {
            let _ = probe
                .try_send(&ClientMessage::Command {
                    id: probe_id,
                    room: room.clone(),
                    command,
                })
                .await;
        }
        if !done {
            play.await;
        }
    }
    let store = db.store().await;
    check_match(&store, &room, &[&home, &away], &[]).await;
    let epochs = stored_epochs(&spec.db, &room).await;
    let first_new = epochs
        .iter()
        .find(|(_, e)| e.is_some_and(|e| e >= 2))
        .map(|(s, _)| *s)
        .expect("events of the new epoch");
    let old_after: Vec<u64> = epochs
        .iter()
        .filter(|(s, e)| *s > first_new && *e == Some(1))
        .map(|(s, _)| *s)
        .collect();
    assert!(
        old_after.is_empty(),
        "events of the old epoch after the takeover: {old_after:?}"
    );
    assert!(
        paused_at <= first_new as usize,
        "nothing of epoch 1 after the pause moved"
    );
    // a found out: its renewal failed or its write was fenced, and it stopped the room.
    tokio::time::sleep(Duration::from_millis(LEASE_MS)).await;
    assert!(
        a.logged("lease lost") || a.logged("write refused"),
        "node a noticed it lost the room"
    );
    verify(&spec, &room).await;
}

fn spec_of(setup: dugout_rules::blitz::MatchSetup) -> dugout_protocol::RoomSpec {
    spec(setup, dugout_protocol::TimerPolicy::None)
}

/// A rolling restart (SIGTERM, start again under the same id) of all three nodes during 50
/// live bot matches: no match loses anything, every match finishes and verifies.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_rolling_restart_during_50_bot_matches_loses_nothing() {
    const MATCHES: usize = 50;
    const COMMANDS: usize = 150;
    let Some((db, _dir, spec)) = cluster_spec("rolling_restart").await else {
        return;
    };
    let mut nodes = vec![
        Node::start(&spec, "a").await,
        Node::start(&spec, "b").await,
        Node::start(&spec, "c").await,
    ];
    let all = addrs(&nodes.iter().collect::<Vec<_>>());
    let mut tasks = Vec::new();
    // Every match starts playing once all are seated, so the restarts meet them all live.
    let (go_tx, go_rx) = tokio::sync::watch::channel(false);
    for i in 0..MATCHES {
        let refs: Vec<&Node> = nodes.iter().collect();
        let (mut home, mut away, room) = seat(
            &refs,
            i % 3,
            (i + 1) % 3,
            (&format!("bh{i}"), &format!("ba{i}")),
        )
        .await;
        home.addrs = all.clone();
        away.addrs = all.clone();
        let mut go = go_rx.clone();
        tasks.push(tokio::spawn(async move {
            let _ = go.wait_for(|go| *go).await;
            let mut ph = Picker::playing_on(100 + i as u64);
            let mut pa = Picker::playing_on(200 + i as u64);
            tokio::join!(
                home.play(&room, &mut ph, Some(COMMANDS)),
                away.play(&room, &mut pa, None)
            );
            (room, home, away)
        }));
    }
    go_tx.send_replace(true);
    // Restart each node in turn while the matches are played.
    for i in 0..3 {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let old = nodes.remove(i);
        let id = old.id.clone();
        old.stop().await;
        let fresh = Node::start(&spec, &id).await;
        all.lock().expect("addrs")[i] = fresh.addr.clone();
        nodes.insert(i, fresh);
    }
    let store = db.store().await;
    let mut moved = 0;
    for task in tasks {
        let (room, home, away) = tokio::time::timeout(Duration::from_secs(600), task)
            .await
            .expect("every match ends in time")
            .expect("the match task");
        check_match(&store, &room, &[&home, &away], &[]).await;
        verify(&spec, &room).await;
        moved += home.reconnects + away.reconnects;
    }
    assert!(moved > 0, "some coaches were moved by the restarts");
}

/// The fence on the store itself: a node that lost a room's lease (another took it over
/// after it ran out) cannot append to its log, however late it tries; the new owner can.
#[tokio::test]
async fn an_append_under_a_lost_lease_is_refused() {
    let Some(db) = TestDb::create("fence").await else {
        return;
    };
    let old = db.store().await;
    let new = db.store().await;
    let (lo, ln) = (
        old.leases().expect("Postgres has leases"),
        new.leases().expect("Postgres has leases"),
    );
    lo.enable("old", Duration::from_millis(200));
    ln.enable("new", Duration::from_millis(200));
    let room = "fenced-room";
    let setup = spec_of(plain_setup());
    assert_eq!(lo.take_new(room).await.expect("a lease"), 1);
    old.create_match(room, &setup, 1, 0).await.expect("a match");
    // A live lease cannot be taken.
    assert_eq!(ln.take_over(room, false).await.expect("asks"), None);
    let event = |seq| StoredEvent {
        seq,
        event: dugout_protocol::RoomEvent::Conceded { coach: Side::Home },
    };
    old.append(room, None, &[event(1)])
        .await
        .expect("the owner appends");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(ln.take_over(room, false).await.expect("asks"), Some(2));
    // The old node still believes it holds epoch 1: refused, nothing stored.
    let late = old.append(room, None, &[event(2)]).await;
    assert!(matches!(late, Err(StoreError::Fenced(_))), "{late:?}");
    // Its renewal tells it the room is lost, after which it refuses before asking.
    assert_eq!(lo.renew().await.expect("renews"), vec![room.to_owned()]);
    let later = old.append(room, None, &[event(2)]).await;
    assert!(matches!(later, Err(StoreError::Fenced(_))), "{later:?}");
    new.append(room, None, &[event(2)])
        .await
        .expect("the new owner appends");
    let epochs = stored_epochs(&db.url, room).await;
    assert_eq!(epochs, vec![(1, Some(1)), (2, Some(2))]);
}

/// Without NATS a node refuses to start on a database where another node is alive, with a
/// clear error; with NATS it joins.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_without_nats_refuses_to_start_beside_a_live_node() {
    let Some((_db, _dir, spec)) = cluster_spec("lone_node_refused").await else {
        return;
    };
    let a = Node::start(&spec, "a").await;
    let refused = Node::start_on(&spec, "b", None).await;
    let Err(log) = refused else {
        panic!("a second node without NATS started");
    };
    assert!(
        log.contains("another server node is alive") && log.contains("--nats-url"),
        "{log}"
    );
    let b = Node::start(&spec, "b").await;
    drop(b);
    drop(a);
}
