//! End to end, as a person would, for Blood Bowl: the real `dugout` binary in a 120x40 tmux
//! pane against a real `dugout-server` process (temp SQLite, free port). The person
//! registers, creates a Blood Bowl room from the lobby (Orc v Human, with inducements, petty
//! cash and a Special Play Card each), a real
//! `dugout bot --game blood_bowl` process joins it, and the person plays the whole match by
//! keys, reading only the screen: buys a Bloodweiser Babe (the Teams panel shows the money),
//! declines each card prompt (the panel shows our hand; the header counts it), kicks or
//! receives, sets up in a
//! formation, moves a player
//! by choosing a destination (the rolls shown first), ends turns, and answers every other
//! prompt. Then the match is in the archive (`GET /api/matches`), finished.
//!
//! Without tmux: as `tui_tmux.rs` (fails in CI unless `DUGOUT_SKIP_TMUX=1`, else says
//! SKIPPED loudly).
#![allow(clippy::unwrap_used)]

mod tmux;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use tmux::{DUGOUT, Proc, Tmux, WAIT, line, start_server, tmux_available};

/// The match screen's layout at 120x40 (see `dugout_client::bb::tui`): the bottom panes'
/// rows, and the prompt pane's columns.
const PANES: std::ops::Range<usize> = 22..37;
const PROMPT_COLUMNS: std::ops::Range<usize> = 31..79;
const LOG_COLUMNS: std::ops::Range<usize> = 81..119;

fn columns(screen: &str, rows: std::ops::Range<usize>, cols: std::ops::Range<usize>) -> String {
    let mut out = String::new();
    for r in rows {
        let l: String = line(screen, r)
            .chars()
            .skip(cols.start)
            .take(cols.end - cols.start)
            .collect();
        out.push_str(l.trim());
        out.push(' ');
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The prompt pane's text, as one line.
fn prompt_pane(screen: &str) -> String {
    columns(screen, PANES, PROMPT_COLUMNS)
}

fn log_pane(screen: &str) -> String {
    columns(screen, PANES, LOG_COLUMNS)
}

/// Everything but the status line (which says "Sent: ..." at once).
fn body(screen: &str) -> String {
    screen.lines().take(39).collect::<Vec<_>>().join("\n")
}

fn ours(screen: &str) -> bool {
    line(screen, 21).contains(" Your decision ")
}

fn over(screen: &str) -> bool {
    prompt_pane(screen).contains("Match over") || prompt_pane(screen).contains("The match is over")
}

/// The cursor's square from the pitch's title ("cursor F8"): (x, y).
fn cursor(screen: &str) -> Option<(i32, i32)> {
    let title = line(screen, 3);
    let at = title.split("cursor ").nth(1)?;
    let mut chars = at.chars();
    let col = chars.next()?;
    let row: String = chars.take_while(char::is_ascii_digit).collect();
    Some((
        i32::from(col as u8) - i32::from(b'A'),
        row.parse::<i32>().ok()? - 1,
    ))
}

/// The text of pitch square (x, y): 4 characters.
fn cell(screen: &str, x: i32, y: i32) -> String {
    line(screen, (5 + y) as usize)
        .chars()
        .skip((3 + 4 * x) as usize)
        .take(4)
        .collect()
}

/// One of our (Home, `>`) standing players with a free square behind him, furthest back.
fn mover(screen: &str) -> Option<((i32, i32), (i32, i32))> {
    let mut best: Option<((i32, i32), (i32, i32))> = None;
    for y in 0..15 {
        for x in 1..11 {
            let c = cell(screen, x, y);
            let free_behind =
                cell(screen, x - 1, y).trim() == "." || cell(screen, x - 1, y).trim() == ":";
            if c.starts_with('>')
                && c.ends_with(' ')
                && free_behind
                && best.is_none_or(|((bx, _), _)| x < bx)
            {
                best = Some(((x, y), (x - 1, y)));
            }
        }
    }
    best
}

fn cursor_to(tmux: &Tmux, to: (i32, i32)) {
    let screen = tmux.screen();
    let (cx, cy) = cursor(&screen).expect("the pitch shows the cursor");
    let mut keys: Vec<&str> = Vec::new();
    let (dx, dy) = (to.0 - cx, to.1 - cy);
    for _ in 0..dx.abs() {
        keys.push(if dx > 0 { "Right" } else { "Left" });
    }
    for _ in 0..dy.abs() {
        keys.push(if dy > 0 { "Down" } else { "Up" });
    }
    if !keys.is_empty() {
        tmux.keys(&keys);
    }
    tmux.wait_for("the cursor", |s| cursor(s) == Some(to));
}

#[test]
fn a_person_plays_a_whole_blood_bowl_match_against_the_bot_in_tmux() {
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
             ** SKIPPED: no tmux: the Blood Bowl terminal end-to-end test\n\
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
        socket: format!("dugout-bb-e2e-{}-{nanos}", std::process::id()),
        dir: dir.path().to_path_buf(),
    };
    let config = dir.path().join("session.json");
    let client = format!(
        "env TERM=xterm-256color DUGOUT_CONFIG='{}' '{DUGOUT}' play --server '{url}' 2>'{}'",
        config.display(),
        dir.path().join("client.err").display()
    );
    let out = tmux.cmd(&[
        "new-session",
        "-d",
        "-s",
        "tui",
        "-x",
        "120",
        "-y",
        "40",
        &client,
    ]);
    assert!(
        out.status.success(),
        "tmux new-session: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = tmux.cmd(&["set-option", "-t", "tui", "status", "off"]);
    assert!(out.status.success(), "tmux set-option status off");

    // Register.
    tmux.wait_for("the login screen", |s| s.contains("Log in, or register"));
    tmux.type_text("ada");
    tmux.keys(&["Tab"]);
    tmux.type_text("correct horse");
    tmux.wait_for("the masked password", |s| {
        s.contains("Password  *************_")
    });
    tmux.keys(&["Tab", "Tab", "Enter"]);
    tmux.wait_for("the lobby", |s| s.contains("Lobby: 0 rooms"));

    // Create a Blood Bowl room: every roster is offered; Orc (Home, mine) v Human.
    tmux.keys(&["b"]);
    let screen = tmux.wait_for("the Blood Bowl form", |s| {
        s.contains("Create a room (Blood Bowl)")
    });
    assert!(
        screen.contains("< Orc (starter team) >") && screen.contains("< Human (starter team) >"),
        "{screen}"
    );
    // The rosters go round: Orc, Dwarf, Skaven, Wood Elf, Goblin, Amazon (the first of the
    // others), and back to Orc.
    let right = ["Dwarf", "Skaven", "Wood Elf", "Goblin", "Amazon"];
    let left = ["Goblin", "Wood Elf", "Skaven", "Dwarf", "Orc"];
    for (key, name) in right
        .iter()
        .map(|n| ("Right", *n))
        .chain(left.iter().map(|n| ("Left", *n)))
    {
        tmux.keys(&[key]);
        let want = format!("< {name} (starter team) >");
        tmux.wait_for(&format!("the roster {name}"), |s| {
            s.lines()
                .any(|l| l.contains("> Home team") && l.contains(&want))
        });
    }
    // The team builder (§27.0): it opens on the starter team, a legal one, which is taken as
    // a full sheet (the server checks it when the room is created).
    tmux.keys(&["t"]);
    tmux.wait_for("the team builder", |s| {
        s.contains("Build the Home team: Orc") && s.contains("A legal team")
    });
    tmux.keys(&["Enter"]);
    tmux.wait_for("the built team", |s| {
        s.lines()
            .any(|l| l.contains("> Home team") && l.contains("< Orc (built:"))
    });
    // §30, §31: the inducement phase with 100,000 gp of petty cash each, and one Special
    // Play Card each (Up from the first field: the cards, then the petty cash).
    tmux.keys(&["Up"]);
    tmux.wait_for("the cards field", |s| {
        s.lines().any(|l| l.contains("> Special Play Cards"))
    });
    tmux.keys(&["Right"]);
    tmux.wait_for("a card each", |s| {
        s.lines()
            .any(|l| l.contains("> Special Play Cards") && l.contains("card each >"))
    });
    tmux.keys(&["Up", "Right", "Right"]);
    tmux.wait_for("the petty cash", |s| {
        s.lines()
            .any(|l| l.contains("> Petty cash (each)") && l.contains("< 100,000 gp >"))
    });
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("the room", |s| {
        s.contains("waiting for the match to start") && s.contains("Home: ada with Orc")
    });
    assert!(screen.contains("with Human"), "{screen}");

    // The Blood Bowl bot joins.
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
    assert!(
        token.status.success(),
        "{}",
        String::from_utf8_lossy(&token.stderr)
    );
    let token = String::from_utf8_lossy(&token.stdout).trim().to_string();
    let bot_err = dir.path().join("bot.err");
    let _bot = Proc(
        Command::new(DUGOUT)
            .args(["bot", "--server", &url, "--token", &token, "--join"])
            .args([
                "--game",
                "blood_bowl",
                "--strategy",
                "greedy",
                "--seed",
                "3",
            ])
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&bot_err).unwrap())
            .spawn()
            .expect("start the bot"),
    );
    let screen = tmux.wait_for("the match screen", |s| s.contains("BLOOD BOWL"));
    assert!(screen.contains("Home ada"), "{screen}");
    assert!(screen.contains("bobbot Away"), "{screen}");
    assert!(screen.contains(" A   B   C "), "{screen}");
    assert!(screen.contains(" Y   Z "), "{screen}");

    // Play: read the prompt pane, press the keys a person would.
    let start = Instant::now();
    let mut moved = false;
    let mut setups = 0;
    let mut turns = 0;
    let mut last_prompt = String::new();
    let mut same = 0;
    let mut bought = false;
    let mut shopped = false;
    let mut card_prompts = 0;
    loop {
        assert!(
            start.elapsed() < Duration::from_secs(900),
            "the match did not end in 15 minutes; the screen:\n{}\nbot: {}",
            tmux.screen(),
            std::fs::read_to_string(&bot_err).unwrap_or_default()
        );
        let screen = tmux.wait_for("our decision or the end", |s| ours(s) || over(s));
        if over(&screen) {
            break;
        }
        let asked = prompt_pane(&screen);
        if asked == last_prompt {
            same += 1;
            assert!(
                same < 20,
                "the same prompt again and again: {asked}\n{screen}"
            );
        } else {
            same = 0;
            last_prompt = asked.clone();
        }
        let before = body(&screen);
        if asked.starts_with("Buy inducements") {
            // The Teams panel: the gold left and the petty cash; one Bloodweiser Babe, done.
            let panel = columns(&screen, PANES, 0..30);
            assert!(
                panel.contains("gp left") && panel.contains("Petty cash"),
                "the Teams panel: {panel}\n{screen}"
            );
            shopped = true;
            if !bought && asked.contains("1. Buy Bloodweiser Babe") {
                bought = true;
                tmux.keys(&["1"]);
            } else {
                tmux.keys(&["e"]);
            }
        } else if asked.contains("play a Special Play Card now") {
            // Our hand by name in the Teams panel; no card played now.
            let panel = columns(&screen, PANES, 0..30);
            assert!(panel.contains("Hand ("), "our hand: {panel}\n{screen}");
            card_prompts += 1;
            tmux.keys(&["d"]);
        } else if asked.contains("kick or receive") {
            tmux.keys(&["y"]);
        } else if asked.starts_with("Set up") {
            setups += 1;
            if asked.contains("Set-up done") {
                tmux.keys(&["e"]);
            } else {
                tmux.keys(&["f"]);
                tmux.wait_for("the formations", |s| s.contains("Formations in the menu"));
                tmux.keys(&["Enter"]);
            }
        } else if asked.starts_with("Your turn") || asked.starts_with("Blitz! kick-off") {
            if !moved
                && asked.starts_with("Your turn")
                && let Some((from, to)) = mover(&screen)
            {
                // Move a player by choosing his destination: select him, Space on the
                // square, read the plan, confirm.
                cursor_to(&tmux, from);
                tmux.keys(&["Space"]);
                let s = tmux.wait_for("the player selected", |s| s.contains(" selected: "));
                assert!(
                    s.contains("MA ") && s.contains("Skills: "),
                    "the panel: {s}"
                );
                cursor_to(&tmux, to);
                tmux.keys(&["Space"]);
                let s = tmux.wait_for("the plan", |s| prompt_pane(s).contains("Move: 1 square to"));
                assert!(
                    s.contains("Space/Enter/y to go"),
                    "the rolls are shown before confirming: {s}"
                );
                tmux.keys(&["y"]);
                tmux.wait_for("the move in the log", |s| log_pane(s).contains(" moves "));
                moved = true;
                continue;
            }
            turns += 1;
            tmux.keys(&["e"]);
        } else if asked.contains("MA left") {
            tmux.keys(&["e"]);
        } else if asked.starts_with("Aim the kick")
            || asked.starts_with("Touchback")
            || asked.starts_with("Push ")
        {
            tmux.keys(&["Space"]);
        } else if asked.starts_with("Block dice") {
            tmux.keys(&["1"]);
        } else if asked.contains("re-roll")
            || asked.contains("Re-roll")
            || asked.starts_with("Follow up")
            || asked.starts_with("Interception")
            || asked.starts_with("High Kick")
        {
            tmux.keys(&["d"]);
        } else if asked.starts_with("Quick Snap") {
            tmux.keys(&["e"]);
        } else if asked.starts_with("Use the apothecary")
            || asked.starts_with("Bribe")
            || asked.starts_with("Use ")
        {
            tmux.keys(&["y"]);
        } else {
            panic!("a prompt the person does not know: {asked}\n{screen}");
        }
        // The answer shows (the screen changes), or the match ends.
        let deadline = Instant::now() + WAIT;
        loop {
            let s = tmux.screen();
            if body(&s) != before || over(&s) {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "no answer to {asked:?}; the screen:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    let screen = tmux.screen();
    assert!(moved, "the person moved a player by destination");
    assert!(
        shopped && bought,
        "the person bought an inducement from the keys"
    );
    // Our card, never played, is counted in our team's line to the end (a card prompt comes
    // only when the card has a legal play, which a drawn card may never have).
    assert!(
        line(&screen, 1).contains("| cards 1 |"),
        "our hand counted in the header: {screen}"
    );
    eprintln!("card prompts answered: {card_prompts}");
    assert!(
        setups >= 1 && turns >= 8,
        "set-ups {setups}, turns ended {turns}"
    );
    assert!(
        !screen.contains("refused"),
        "no command was refused: {screen}"
    );

    // The match is archived, finished, with both coaches.
    let server = dugout_client::http::ServerUrl::parse(&url).unwrap();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let deadline = Instant::now() + WAIT;
    let page = loop {
        let res = rt
            .block_on(dugout_client::http::get(
                &server,
                "/api/matches?game=blood_bowl&coach=ada",
            ))
            .expect("GET /api/matches");
        assert_eq!(res.status, 200, "{}", String::from_utf8_lossy(&res.body));
        let page: dugout_protocol::MatchPage = serde_json::from_slice(&res.body).unwrap();
        if page
            .matches
            .iter()
            .any(|m| m.status == dugout_protocol::RoomStatus::Finished)
        {
            break page;
        }
        assert!(Instant::now() < deadline, "not archived: {page:?}");
        std::thread::sleep(Duration::from_millis(200));
    };
    let m = &page.matches[0];
    assert_eq!(m.game, dugout_rules::GameKind::BloodBowl);
    assert_eq!(
        m.coaches,
        [Some("ada".to_string()), Some("bobbot".to_string())]
    );
    assert_eq!(m.teams, ["orc".to_string(), "human".to_string()]);
    assert!(m.result.is_some(), "{m:?}");

    // `dugout replay` shows the archived match on the same screen: the end (G) is the
    // game over, the start (g) before any event.
    let replay = format!(
        "env TERM=xterm-256color '{DUGOUT}' replay '{}' --server '{url}' 2>'{}'",
        m.id,
        dir.path().join("replay.err").display()
    );
    // The same pane runs the replay (`respawn-pane -k` ends the client in it): killing the
    // only session would stop the tmux server, and a new session could then race its exit.
    let out = tmux.cmd(&["respawn-pane", "-k", "-t", "tui", &replay]);
    assert!(
        out.status.success(),
        "tmux respawn-pane (replay): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = tmux.cmd(&["set-option", "-t", "tui", "status", "off"]);
    let screen = tmux.wait_for("the replay", |s| {
        s.contains("BLOOD BOWL") && s.contains("Replay ")
    });
    assert!(screen.contains("seq "), "{screen}");
    tmux.keys(&["G"]);
    let screen = tmux.wait_for("the end of the replay, its state", |s| {
        log_pane(s).contains("GAME OVER") && (s.contains("half 2") || s.contains("overtime"))
    });
    assert!(line(&screen, 38).contains("Replay "), "{screen}");
}
