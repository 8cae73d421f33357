//! End to end, Blood Bowl: a real `dugout-server` process (temp SQLite, free port) hosts, two
//! real `dugout bot` processes (tokens from `dugout register-bot`) play two complete Blood
//! Bowl matches in a row over WebSockets, the greedy bot creating a room for each and the
//! random one joining by game; then the REST API must show each match archived with its
//! result and its summary (touchdowns, casualties, completions, interceptions), and
//! `dugout-server verify` must verify each from the store.
//!
//! The server binary is `DUGOUT_SERVER_BIN`, else `dugout-server` next to the `dugout`
//! binary (built by `cargo test --workspace`; if it is missing, this test has cargo build
//! it).
#![allow(clippy::unwrap_used)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::Duration;

use dugout_client::http::{ServerUrl, get};
use dugout_protocol::{GameKind, MatchResult, MatchSummary, RoomStatus};

mod common;
use common::{DUGOUT, bot_token, finish, result_lines, text};

/// The `dugout-server` binary (see the module docs).
fn server_binary() -> PathBuf {
    if let Some(p) = std::env::var_os("DUGOUT_SERVER_BIN") {
        return PathBuf::from(p);
    }
    let sibling = Path::new(DUGOUT)
        .with_file_name("dugout-server")
        .with_extension(std::env::consts::EXE_EXTENSION);
    if !sibling.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = std::process::Command::new(cargo)
            .args(["build", "-p", "dugout-server", "--bin", "dugout-server"])
            .status()
            .expect("run cargo build");
        assert!(status.success(), "cargo build -p dugout-server failed");
    }
    assert!(
        sibling.exists(),
        "no dugout-server binary at {}",
        sibling.display()
    );
    sibling
}

/// A server process, killed if the test ends early.
struct ServerProcess {
    child: std::process::Child,
    url: String,
}

impl ServerProcess {
    fn start(data_dir: &Path) -> ServerProcess {
        let mut child = std::process::Command::new(server_binary())
            .args(["--listen", "127.0.0.1:0", "--log", "info", "--data-dir"])
            .arg(data_dir)
            .env_remove("DATABASE_URL")
            .env_remove("DUGOUT_DATABASE_URL")
            .env_remove("DUGOUT_LISTEN")
            .env_remove("DUGOUT_DATA_DIR")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start dugout-server");
        let stderr = child.stderr.take().expect("stderr");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut tx = Some(tx);
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(addr) = line
                    .split("listening on http://")
                    .nth(1)
                    .and_then(|rest| rest.split_whitespace().next())
                    && let Some(tx) = tx.take()
                {
                    let _ = tx.send(addr.to_string());
                }
            }
        });
        let addr = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("the server says where it listens");
        ServerProcess {
            child,
            url: format!("http://{addr}"),
        }
    }

    /// SIGTERM, and wait for the exit.
    fn stop(&mut self) {
        let _ = std::process::Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        while std::time::Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Start `dugout bot` against `url` with `args` after the token.
fn bot(url: &str, token: &str, args: &[&str]) -> tokio::process::Child {
    tokio::process::Command::new(DUGOUT)
        .args(["bot", "--server", url, "--token", token])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bot_processes_play_blood_bowl_matches_archived_and_verified() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut server = ServerProcess::start(&data);
    let url = server.url.clone();
    let greedy = bot_token(&url, "bb-greedy").await;
    let random = bot_token(&url, "bb-random").await;

    // The joiner starts first and waits for a Blood Bowl room (the game as people type it).
    let joiner = bot(
        &url,
        &random,
        &[
            "--join",
            "--game",
            "Blood Bowl",
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
        &url,
        &greedy,
        &[
            "--create",
            "--game",
            "blood_bowl",
            "--team",
            "orc",
            "--opponent-team",
            "wood elf",
            "--strategy",
            "greedy",
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
        "a room each game"
    );
    for out in [&creator, &joiner] {
        let stdout = text(&out.stdout);
        assert!(stdout.contains("summary: 2 games"), "{stdout}");
        assert!(stdout.contains(" 0 refused"), "{stdout}");
    }

    // The archive over REST: finished, the result the bots printed, the summary's counts.
    let server_url = ServerUrl::parse(&url).unwrap();
    let mut rooms = Vec::new();
    for line in &a {
        let room = field(line, "room").to_owned();
        assert_eq!(field(line, "home"), "bb-greedy", "{line}");
        assert_eq!(field(line, "away"), "bb-random", "{line}");
        let resp = get(&server_url, &format!("/api/matches/{room}"))
            .await
            .unwrap();
        assert_eq!(resp.status, 200, "{}", text(&resp.body));
        let summary: MatchSummary = serde_json::from_slice(&resp.body).unwrap();
        assert_eq!(summary.item.game, GameKind::BloodBowl);
        assert_eq!(summary.item.status, RoomStatus::Finished);
        assert_eq!(
            summary.item.teams,
            ["orc".to_string(), "wood_elf".to_string()]
        );
        let result = summary.item.result.expect("a finished match has a result");
        let winner = result
            .winner()
            .map_or("draw".to_owned(), |s| format!("{s:?}"));
        assert_eq!(field(line, "winner"), winner, "{line}");
        match result {
            MatchResult::Game { score, .. } => {
                assert_eq!(field(line, "score"), format!("{}-{}", score[0], score[1]));
                assert_eq!(summary.score, score);
                // Every point is a touchdown in Blood Bowl.
                assert_eq!(
                    summary.touchdowns,
                    [u32::from(score[0]), u32::from(score[1])]
                );
            }
            MatchResult::Concession { .. } => assert_eq!(field(line, "by"), "concession"),
            MatchResult::Forfeit { .. } => panic!("nobody forfeits between two live bots: {line}"),
        }
        // The Blood Bowl counts are there (casualties are the summary's injuries).
        for name in ["completions", "interceptions"] {
            assert!(
                summary.counts.contains_key(name),
                "no {name} in {:?}",
                summary.counts
            );
        }
        assert!(
            summary.last_seq > 100,
            "a whole match: {}",
            summary.last_seq
        );
        eprintln!(
            "{line}; casualties {:?}; counts {:?}",
            summary.injuries, summary.counts
        );
        rooms.push(room);
    }

    // `dugout-server verify` replays each from the store once the server is stopped.
    server.stop();
    for room in &rooms {
        let out = std::process::Command::new(server_binary())
            .args(["verify", "--match", room, "--data-dir"])
            .arg(&data)
            .env_remove("DATABASE_URL")
            .env_remove("DUGOUT_DATABASE_URL")
            .env_remove("DUGOUT_DATA_DIR")
            .output()
            .unwrap();
        let report = text(&out.stdout);
        assert!(
            out.status.success(),
            "verify failed ({:?}):\n{report}\n{}",
            out.status,
            text(&out.stderr)
        );
        assert!(report.contains(": OK"), "{report}");
        assert!(report.contains("stored events match"), "{report}");
    }
}

/// Words of the wrong game are refused before connecting, with the list of what there is.
#[test]
fn a_team_or_edition_the_game_does_not_have_is_refused() {
    for (args, expect) in [
        (
            &["--game", "blood_bowl", "--team", "black-orc"][..],
            "Blood Bowl has no roster",
        ),
        (
            &["--game", "blood-bowl", "--edition", "2018"][..],
            "Blood Bowl plays LRB6 only",
        ),
        (&["--game", "chess"][..], "unknown game"),
    ] {
        let out = std::process::Command::new(DUGOUT)
            .args([
                "bot",
                "--server",
                "http://127.0.0.1:9",
                "--token",
                "t",
                "--create",
            ])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(expect), "{args:?}: {stderr}");
    }
}
