//! End to end: a real server (the `dugout-server` library's `run` on 127.0.0.1:0, SQLite in a
//! temp dir, default limits) and real `dugout` processes: `register-bot` gets the tokens,
//! two `dugout bot` processes play complete games against each other, and a bot whose
//! connection is cut mid-match reconnects, resumes and finishes it.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;
use std::time::Duration;

use dugout_protocol::{MatchResult, RoomStatus};
use dugout_server::Limits;
use tokio::net::{TcpListener, TcpStream};
use tokio::process::Command;
use tokio::sync::watch;

mod common;
use common::{DUGOUT, GAMES_DEADLINE, Server, finish, result_lines, text};

/// Start `dugout bot` against `url` with `args` after the token.
fn bot(url: &str, token: &str, args: &[&str]) -> tokio::process::Child {
    Command::new(DUGOUT)
        .args(["bot", "--server", url, "--token", token])
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap()
}

/// `key=value` from a result line.
fn field<'a>(line: &'a str, key: &str) -> &'a str {
    line.split(' ')
        .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
        .unwrap_or_else(|| panic!("no {key} in {line:?}"))
}

/// The stored match is over, and its result is the one the bots printed.
async fn check_stored(server: &Server, line: &str) {
    let log = server.match_log(field(line, "room")).await;
    assert_eq!(log.status, RoomStatus::Finished, "{line}");
    let result = log.result.expect("a finished match has a result");
    let winner = result
        .winner()
        .map_or("draw".to_owned(), |s| format!("{s:?}"));
    assert_eq!(field(line, "winner"), winner, "{line}");
    if let MatchResult::Game { score, .. } = result {
        assert_eq!(
            field(line, "score"),
            format!("{}-{}", score[0], score[1]),
            "{line}"
        );
    }
    assert!(!log.commands.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bot_processes_play_complete_games_against_each_other() {
    let mut server = Server::start().await;
    let home = server.bot_token("home-bot").await;
    let away = server.bot_token("away-bot").await;
    // The joiner starts first: it waits for a room to open.
    let joiner = bot(
        &server.url,
        &away,
        &[
            "--join",
            "--strategy",
            "random",
            "--seed",
            "2",
            "--games",
            "2",
        ],
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let creator = bot(
        &server.url,
        &home,
        &[
            "--create",
            "--team",
            "human",
            "--opponent-team",
            "orc",
            "--seed",
            "1",
            "--games",
            "2",
        ],
    );
    let (creator, joiner) = tokio::join!(finish(creator, "creator"), finish(joiner, "joiner"));

    let (a, b) = (result_lines(&creator), result_lines(&joiner));
    assert_eq!(a.len(), 2, "{}", text(&creator.stdout));
    assert_eq!(a, b, "both bots report the same results");
    assert_ne!(
        field(&a[0], "room"),
        field(&a[1], "room"),
        "a new room each game"
    );
    for line in &a {
        // Who sits where depends on who joins first.
        let mut coaches = [field(line, "home"), field(line, "away")];
        coaches.sort();
        assert_eq!(coaches, ["away-bot", "home-bot"]);
        assert_eq!(field(line, "by"), "game");
        check_stored(&server, line).await;
    }
    for out in [&creator, &joiner] {
        let stdout = text(&out.stdout);
        assert!(stdout.contains("summary: 2 games"), "{stdout}");
        assert!(stdout.contains(" 0 refused, 0 reconnects"), "{stdout}");
        // The creator plays the greedy strategy, which reads the whole view at every
        // decision: it follows the match from the events (the view reducer), so it never
        // asks for a snapshot.
        assert!(stdout.contains(", 0 snapshots asked"), "{stdout}");
    }
    server.stop().await;
}

/// A TCP proxy whose connections can all be cut at once (new ones still get through).
struct Proxy {
    url: String,
    cut: Arc<watch::Sender<u64>>,
}

impl Proxy {
    async fn start(target: String) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let cut = Arc::new(watch::channel(0u64).0);
        let cuts = cut.clone();
        tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                let Ok(mut upstream) = TcpStream::connect(&target).await else {
                    continue;
                };
                let mut cut_rx = cuts.subscribe();
                tokio::spawn(async move {
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut client, &mut upstream) => {}
                        _ = cut_rx.changed() => {}
                    }
                    // Both sockets drop here: the client sees its connection die.
                });
            }
        });
        Proxy { url, cut }
    }

    fn cut_all(&self) {
        self.cut.send_modify(|n| *n += 1);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_whose_connection_drops_reconnects_resumes_and_finishes_the_match() {
    let mut server = Server::start().await;
    let home = server.bot_token("home-bot").await;
    let away = server.bot_token("away-bot").await;
    let proxy = Proxy::start(server.url.trim_start_matches("http://").to_owned()).await;

    // The creator talks through the proxy, and traces its messages; the joiner directly.
    let trace_dir = tempfile::tempdir().unwrap();
    let trace = trace_dir.path().join("creator.trace");
    let creator = bot(
        &proxy.url,
        &home,
        &[
            "--create",
            "--team",
            "human",
            "--opponent-team",
            "orc",
            "--seed",
            "3",
            "--trace",
            trace.to_str().unwrap(),
        ],
    );
    let joiner = bot(
        &server.url,
        &away,
        &["--join", "--strategy", "random", "--seed", "4"],
    );

    // Cut once the match is well under way (and far from over: a game is hundreds of seq).
    let give_up = tokio::time::Instant::now() + GAMES_DEADLINE;
    let room = loop {
        let playing = server
            .state
            .lobby()
            .list_public()
            .into_iter()
            .find(|r| r.status == RoomStatus::Playing);
        if let Some(r) = playing
            && server.match_log(&r.room).await.events.len() >= 20
        {
            break r;
        }
        assert!(
            tokio::time::Instant::now() < give_up,
            "the match never got going"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    proxy.cut_all();

    let (creator, joiner) = tokio::join!(finish(creator, "creator"), finish(joiner, "joiner"));
    let (a, b) = (result_lines(&creator), result_lines(&joiner));
    assert_eq!(a.len(), 1, "{}", text(&creator.stdout));
    assert_eq!(a, b, "both bots report the same result");
    assert_eq!(field(&a[0], "room"), room.room);
    check_stored(&server, &a[0]).await;

    let stderr = text(&creator.stderr);
    eprintln!("the creator's log:\n{stderr}");
    assert!(stderr.contains("reconnected"), "{stderr}");
    let stdout = text(&creator.stdout);
    assert!(stdout.contains(" 1 reconnects"), "{stdout}");
    // The cut cost the bot nothing: no command was refused, none applied twice.
    assert!(stdout.contains(" 0 refused,"), "{stdout}");
    // After the cut: hello again, resume from the last seq seen (well into the match), and
    // request ids that only go up (a message sent again keeps its id, nothing else reuses
    // one).
    let trace = std::fs::read_to_string(&trace).unwrap();
    let sent: Vec<serde_json::Value> = trace
        .lines()
        .filter_map(|l| l.strip_prefix("> "))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(sent.iter().filter(|m| m["type"] == "hello").count(), 2);
    let resume = sent
        .iter()
        .find(|m| m["type"] == "resume")
        .expect("a resume after the reconnect");
    assert!(resume["last_seq"].as_u64().unwrap() >= 20, "{resume}");
    let mut by_id = std::collections::HashMap::new();
    let mut max = 0;
    for m in sent.iter().filter(|m| m.get("id").is_some()) {
        let id = m["id"].as_u64().unwrap();
        match by_id.get(&id) {
            Some(first) => assert_eq!(first, m, "id {id} reused for another message"),
            None => {
                assert!(id > max, "id {id} after {max}: {m}");
                max = id;
                by_id.insert(id, m.clone());
            }
        }
    }
    assert!(
        trace.contains(r#""token":"<token>""#),
        "the token is masked"
    );
    assert!(!trace.contains(&home), "the token never reaches the trace");

    let log = server.match_log(&room.room).await;
    let applied: std::collections::HashSet<_> = log
        .commands
        .iter()
        .filter_map(|c| c.client_id.map(|id| (c.coach, id)))
        .collect();
    let with_ids = log
        .commands
        .iter()
        .filter(|c| c.client_id.is_some())
        .count();
    assert_eq!(applied.len(), with_ids, "a client id applied twice");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_killed_mid_match_and_started_again_on_its_room_finishes_the_match() {
    let mut server = Server::start().await;
    let home = server.bot_token("home-bot").await;
    let away = server.bot_token("away-bot").await;
    let mut creator = bot(
        &server.url,
        &home,
        &[
            "--create",
            "--team",
            "orc",
            "--opponent-team",
            "human",
            "--seed",
            "5",
        ],
    );
    let joiner = bot(
        &server.url,
        &away,
        &["--join", "--strategy", "random", "--seed", "6"],
    );
    let give_up = tokio::time::Instant::now() + GAMES_DEADLINE;
    let room = loop {
        let playing = server
            .state
            .lobby()
            .list_public()
            .into_iter()
            .find(|r| r.status == RoomStatus::Playing);
        if let Some(r) = playing
            && server.match_log(&r.room).await.events.len() >= 20
        {
            break r.room;
        }
        assert!(
            tokio::time::Instant::now() < give_up,
            "the match never got going"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    creator.start_kill().unwrap();
    let _ = creator.wait().await;

    // The same account, a new process: it takes its seat over and plays on. Its request
    // ids start from the clock, above every id the killed process used.
    let again = bot(&server.url, &home, &["--join", &room, "--seed", "7"]);
    let (again, joiner) = tokio::join!(finish(again, "restarted"), finish(joiner, "joiner"));
    let (a, b) = (result_lines(&again), result_lines(&joiner));
    assert_eq!(a.len(), 1, "{}", text(&again.stdout));
    assert_eq!(a, b, "both bots report the same result");
    assert_eq!(field(&a[0], "room"), room);
    check_stored(&server, &a[0]).await;
    assert!(
        text(&again.stdout).contains(" 0 refused,"),
        "{}",
        text(&again.stdout)
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_sending_faster_than_the_server_allows_are_slowed_down_not_stopped() {
    // The server takes 30 messages a second (bursts of 10); the bots are told 1,000.
    let mut server = Server::start_with(Limits {
        messages_per_second: 30.0,
        message_burst: 10.0,
        ..Limits::default()
    })
    .await;
    let home = server.bot_token("home-bot").await;
    let away = server.bot_token("away-bot").await;
    let fast = ["--strategy", "random", "--rate", "1000"];
    let trace_dir = tempfile::tempdir().unwrap();
    let trace = trace_dir.path().join("creator.trace");
    let trace_arg = trace.to_str().unwrap();
    let creator = bot(
        &server.url,
        &home,
        &[
            &["--create", "--seed", "8", "--trace", trace_arg][..],
            &fast[..],
        ]
        .concat(),
    );
    let joiner = bot(
        &server.url,
        &away,
        &[&["--join", "--seed", "9"][..], &fast[..]].concat(),
    );
    let (creator, joiner) = tokio::join!(finish(creator, "creator"), finish(joiner, "joiner"));
    let (a, b) = (result_lines(&creator), result_lines(&joiner));
    assert_eq!(a.len(), 1, "{}", text(&creator.stdout));
    assert_eq!(a, b);
    check_stored(&server, &a[0]).await;
    let trace = std::fs::read_to_string(&trace).unwrap();
    assert!(
        trace.contains(r#""code":"rate_limited""#),
        "the server did slow the bot down"
    );
    for out in [&creator, &joiner] {
        // `rate_limited` answers are waited out and the same message sent again: no
        // command refused, no connection closed for it.
        let stdout = text(&out.stdout);
        assert!(stdout.contains(" 0 refused, 0 reconnects"), "{stdout}");
    }
    server.stop().await;
}
