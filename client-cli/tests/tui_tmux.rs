//! End to end, as a person would: the real `dugout` binary in a tmux pane (160x50, and
//! 80x24, the smallest the match screen is laid out for; TERM=xterm-256color) against a real `dugout-server` process (temp SQLite, free port).
//! Keys go in with `tmux send-keys`, the screen comes out with `tmux capture-pane -p`, and
//! every wait polls the screen with a deadline. The person registers, creates a room, a
//! `dugout bot` process joins it, and the person sets up the team and plays the first turn
//! by keys, the screen following each step.
//!
//! Without tmux, as with the Postgres tests: in CI (`CI=true`) the test fails; elsewhere it
//! says `SKIPPED: no tmux` loudly and returns, so `cargo test --workspace` works on a fresh
//! machine (`DUGOUT_SKIP_TMUX=1` skips it in CI too). The server
//! binary is `DUGOUT_SERVER_BIN`, else `dugout-server` next to the `dugout` binary (built by
//! `cargo test --workspace`; if it is missing, this test has cargo build it).
#![allow(clippy::unwrap_used)]

mod tmux;

use std::process::{Command, Stdio};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use tmux::{DUGOUT, Proc, Tmux, WAIT, line, start_server, tmux_available};

/// The prompt line of the match screen (line 1).
fn prompt(screen: &str) -> String {
    line(screen, 1)
}

/// Whose turn and which, from the status line ("Home's turn 1"), if it shows one.
fn turn(screen: &str) -> Option<String> {
    let top = line(screen, 0);
    let at = top.find("'s turn ")?;
    let side = top[..at].rsplit(' ').next()?;
    let number: String = top[at + "'s turn ".len()..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    Some(format!("{side}'s turn {number}"))
}

/// The seq shown in the match panel ("Room xxxxxxxx seq N").
fn seq(screen: &str) -> Option<u64> {
    let after = screen.split(" seq ").nth(1)?;
    after
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

#[test]
fn a_person_registers_creates_a_room_and_plays_the_first_turn_in_tmux() {
    play_the_first_turn(160, 50);
}

/// The same at 80x24, the smallest terminal the match screen is laid out for: the whole
/// pitch, the choices and the log in sight, set up and the first turn played by keys.
#[test]
fn the_first_turn_is_played_in_an_80x24_terminal() {
    play_the_first_turn(80, 24);
}

fn play_the_first_turn(columns: u16, rows: u16) {
    if !tmux_available() {
        let in_ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
        if in_ci && std::env::var("DUGOUT_SKIP_TMUX").as_deref() != Ok("1") {
            panic!(
                "tmux is required for this end-to-end test in CI (apt-get install tmux); \
                 set DUGOUT_SKIP_TMUX=1 to skip it"
            );
        }
        eprintln!(
            "\n************************************************************\n\
             ** SKIPPED: no tmux: the terminal client's end-to-end test\n\
             ** (apt-get install tmux; in CI this fails)\n\
             ************************************************************\n"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (_server, url) = start_server(dir.path());

    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let tmux = Tmux {
        socket: format!("dugout-e2e-{}-{nanos}", std::process::id()),
        dir: dir.path().to_path_buf(),
    };
    let config = dir.path().join("session.json");
    let client = format!(
        "env TERM=xterm-256color DUGOUT_CONFIG='{}' '{DUGOUT}' play --server '{url}' 2>'{}'",
        config.display(),
        dir.path().join("client.err").display()
    );
    let (columns, rows) = (columns.to_string(), rows.to_string());
    let out = tmux.cmd(&[
        "new-session",
        "-d",
        "-s",
        "tui",
        "-x",
        &columns,
        "-y",
        &rows,
        &client,
    ]);
    assert!(
        out.status.success(),
        "tmux new-session: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // No tmux status bar: the pane is the whole `columns` x `rows`.
    let out = tmux.cmd(&["set-option", "-t", "tui", "status", "off"]);
    assert!(out.status.success(), "tmux set-option status off");

    // Register.
    tmux.wait_for("the login screen", |s| s.contains("Log in, or register"));
    tmux.type_text("ada");
    tmux.keys(&["Tab"]);
    tmux.type_text("correct horse");
    let screen = tmux.wait_for("the masked password", |s| {
        s.contains("Password  *************_")
    });
    assert!(!screen.contains("correct horse"), "{screen}");
    tmux.keys(&["Tab", "Tab", "Enter"]);
    tmux.wait_for("the lobby", |s| s.contains("Lobby: 0 rooms"));
    let saved = std::fs::read_to_string(&config).expect("the session is remembered");
    assert!(saved.contains("\"account\":\"ada\""), "{saved}");

    // Create a room (the defaults: Amazon v Black Orc, my seat Home).
    tmux.keys(&["c"]);
    tmux.wait_for("the create-room form", |s| s.contains("Create a room"));
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("the room", |s| {
        s.contains("waiting for the match to start") && s.contains("Home: ada with Amazon, ready")
    });
    assert!(
        screen.contains("Away: (free seat) with Black Orc"),
        "{screen}"
    );

    // A bot joins the open room.
    let token = Command::new(DUGOUT)
        .args(["register-bot", "--server", &url, "--name", "bobbot"])
        .args([
            "--owner",
            "bob",
            "--password",
            "correct horse",
            "--register",
        ])
        .env_remove("DUGOUT_SESSION")
        .output()
        .expect("register-bot");
    assert!(token.status.success());
    let token = String::from_utf8_lossy(&token.stdout).trim().to_string();
    let _bot = Proc(
        Command::new(DUGOUT)
            .args(["bot", "--server", &url, "--token", &token, "--join"])
            .args(["--strategy", "random", "--seed", "3", "--rate", "20"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the bot"),
    );
    let screen = tmux.wait_for("the match screen", |s| s.contains(" Pitch "));
    // The whole pitch: its last column and the end zone's last square on every row.
    assert!(line(&screen, 3).contains("13 14"), "{screen}");
    assert!(screen.contains("Amazon (ada)"), "{screen}");
    assert!(screen.contains("Black Orc (bobbot)"), "{screen}");

    // Set up: every time it is our set-up, Space places a player on the cursor (which
    // waits on a free square of our end zone); until our first Action prompt.
    let mut placed = 0;
    let start = Instant::now();
    loop {
        assert!(start.elapsed() < WAIT * 2, "set-up did not finish");
        let screen = tmux.wait_for("our decision", |s| prompt(s).starts_with("You:"));
        let asked = prompt(&screen);
        if asked.contains("choose an action") {
            break;
        }
        let before = seq(&screen);
        if asked.contains("set up the next player") {
            assert!(screen.contains("Place "), "the placing choices: {screen}");
            assert!(
                !screen.contains("needs a terminal"),
                "the match screen is drawn: {screen}"
            );
            tmux.keys(&["Space"]);
            placed += 1;
        } else {
            // Any other question of the pre-game (the board side, a ball): the first choice.
            tmux.keys(&["1"]);
        }
        tmux.wait_for("the answer to show", |s| {
            seq(s) != before || !prompt(s).starts_with("You:")
        });
    }
    assert!(placed >= 5, "we placed our team by keys ({placed})");
    // Our players stand on the pitch (Amazon letters L, T, B, J; the Black Orcs are G and
    // O), in our end zone, once the state after the last placement has come.
    let ours_on_pitch = |screen: &str| {
        (4..15)
            .map(|row| {
                line(screen, row)
                    .chars()
                    .skip(3)
                    .take(45)
                    .filter(|c| "LTBJ".contains(*c))
                    .count()
            })
            .sum::<usize>()
    };
    tmux.wait_for("our team on the pitch", |s| ours_on_pitch(s) >= placed);

    // The first turn: Space selects the player under the cursor (it starts on one who can
    // act), Enter starts its first action (a Run), 1 moves one square, s stops, e ends the
    // turn.
    tmux.keys(&["Space"]);
    tmux.wait_for("a selected player", |s| s.contains("Selected player:"));
    let before = seq(&tmux.screen());
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("the move prompt", |s| {
        prompt(s).contains("You: move") && seq(s) != before
    });
    assert!(screen.contains("Move to"), "{screen}");
    let before = seq(&screen);
    tmux.keys(&["1"]);
    let screen = tmux.wait_for("the move", |s| seq(s) != before);
    assert!(
        screen.contains(" moves ("),
        "the log tells the move: {screen}"
    );
    // Then stop (s) and end the turn (e); answer anything else asked meanwhile with its
    // first choice.
    let start = Instant::now();
    // Our turn is over when the log says so or the status line shows another turn (a fast
    // bot's turn can push "Home's turn ends" out of a small log before we look).
    let our_turn = turn(&screen);
    let turn_over = |s: &str| s.contains("Home's turn ends") || turn(s) != our_turn;
    loop {
        assert!(start.elapsed() < WAIT * 2, "the turn did not end");
        let screen = tmux.wait_for("our decision or the end of our turn", |s| {
            prompt(s).starts_with("You:") || turn_over(s)
        });
        if turn_over(&screen) {
            assert!(
                !screen.contains("refused"),
                "no command was refused: {screen}"
            );
            break;
        }
        let asked = prompt(&screen);
        let before = (seq(&screen), asked.clone());
        if asked.contains("You: move") {
            tmux.keys(&["s"]);
        } else if asked.contains("choose an action") {
            tmux.keys(&["e"]);
        } else {
            tmux.keys(&["1"]);
        }
        tmux.wait_for("the answer to show", |s| (seq(s), prompt(s)) != before);
    }
}
