//! End to end (issue 13): `dugout team`'s screen model driven by keys against a real server.
//! Two `dugout bot` processes play a Blood Bowl league match between two league teams; the
//! away coach's decisions are answered by `dugout post-match`, the home coach's by pressing
//! keys on [`dugout_client::team::Screen`] (Down, Enter; in the buying window, down to
//! "Done"), each answer sent over the REST the screen uses. Every answer the keys chose must
//! be the home coach's recorded answer, in order, and the team page must show the result.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

#![allow(clippy::unwrap_used)]

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use dugout_client::http::ServerUrl;
use dugout_client::team::{self, Action, Screen};
use dugout_rules::bb::league::postmatch::{PostCommand, PostPrompt};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;
use serde_json::Value;

mod common;
mod tmux;
use common::league::{LeagueMatch, dugout, get, league_match, start_bots};
use common::{Server, finish};
use tmux::{Tmux, tmux_available};

/// §32.3, §32.5: the league's bots play the match and manage their teams after it.
/// A played league match between two approved teams (`orc-bot`'s Orcs at home, `human-bot`'s
/// Humans away), its post-match sequence started: the away coach's decisions answered by a
/// `dugout post-match` process still running.
struct Played {
    url: ServerUrl,
    league: i64,
    base: String,
    teams: Vec<i64>,
    room: String,
    home: String,
    away_manager: tokio::process::Child,
}

async fn play_a_league_match(server: &Server) -> Played {
    let m = league_match(server).await;
    let (home_bot, away_bot) = start_bots(server, &m).await;
    let LeagueMatch {
        url,
        id,
        base,
        teams,
        room,
        home,
        away,
        ..
    } = m;
    // The post-match managers start at once: they wait for the match to end.
    let away_manager = dugout(&[
        "post-match",
        "--server",
        &server.url,
        "--token",
        &away,
        "--league",
        &id.to_string(),
        "--match",
        &room,
        "--wait",
        "240",
    ]);
    finish(home_bot, "the home bot").await;
    finish(away_bot, "the away bot").await;
    Played {
        url,
        league: id,
        base,
        teams,
        room,
        home,
        away_manager,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_coach_makes_the_post_match_choices_with_the_keyboard() {
    let mut server = Server::start().await;
    let Played {
        url,
        league: id,
        base,
        teams,
        room,
        home,
        away_manager,
    } = play_a_league_match(&server).await;

    // §32.5: the home coach answers by hand, with keys, among the legal answers only.
    let me = dugout_client::league::whoami(&url, &home).await.unwrap();
    assert_eq!(me, "orc-bot");
    let (team, _, _) = team::load(&url, &home, id, teams[0], &me, Some(&room))
        .await
        .unwrap();
    let mut screen = Screen::new(team, me.clone());
    let mut sent = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(240);
    loop {
        let (team, decision, waiting) = team::load(&url, &home, id, teams[0], &me, Some(&room))
            .await
            .unwrap();
        screen.update(team, decision, waiting);
        let m = get(&url, &format!("{base}/team-matches/{room}")).await;
        if m["status"] == "done" {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "not over: {m}");
        let Some(d) = screen.decision.clone() else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let legal = d.prompt.legal.len();
        let downs = if matches!(d.prompt.prompt, PostPrompt::Buy) {
            // The buying window: down to "Done", the last answer.
            legal - 1
        } else {
            // Anything else: the second answer when there is one.
            usize::from(legal > 1)
        };
        for _ in 0..downs {
            assert_eq!(screen.on_key(KeyCode::Down), Action::None);
        }
        let Action::Send { match_id, command } = screen.on_key(KeyCode::Enter) else {
            panic!("Enter sends the highlighted answer");
        };
        assert_eq!(match_id, room);
        assert_eq!(command, d.prompt.legal[downs]);
        team::send(&url, &home, id, &match_id, &command)
            .await
            .unwrap();
        sent.push(command);
    }
    finish(away_manager, "the away manager").await;
    assert!(!sent.is_empty(), "the home coach had decisions to make");

    let m = get(&url, &format!("{base}/team-matches/{room}")).await;
    let mine: Vec<PostCommand> = m["commands"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["side"] == "Home")
        .map(|a| {
            assert_eq!(
                a["by"], "orc-bot",
                "answered by the coach, not the deadline: {a}"
            );
            serde_json::from_value(a["command"].clone()).unwrap()
        })
        .collect();
    assert_eq!(mine, sent);

    // The screen now shows the team after the match: its record counts it.
    let (team, decision, _) = team::load(&url, &home, id, teams[0], &me, Some(&room))
        .await
        .unwrap();
    assert!(decision.is_none());
    assert_eq!(team.record.played, 1);
    screen.update(team, None, None);
    let mut t = Terminal::new(TestBackend::new(120, 30)).unwrap();
    t.draw(|f| team::render(f, &screen)).unwrap();
    let shown: String = t
        .backend()
        .buffer()
        .content()
        .iter()
        .map(|c| c.symbol())
        .collect();
    assert!(shown.contains("orc-bot"), "{shown}");
    assert!(shown.contains("in 1"), "{shown}");
    server.stop().await;
}

/// The home coach's answers recorded so far.
async fn home_answers(url: &ServerUrl, base: &str, room: &str) -> (usize, bool) {
    let m = get(url, &format!("{base}/team-matches/{room}")).await;
    let n = m["commands"]
        .as_array()
        .map_or(0, |a| a.iter().filter(|c| c["side"] == "Home").count());
    (n, m["status"] == "done")
}

/// As a person would: the real `dugout team` binary in a 120x40 tmux pane, reading only the
/// screen and pressing keys. A decision other than the buying window: `j` then Enter (the
/// second answer, or the only one); the buying window (§32.14): `d` (the default, Done).
/// Each key waits for the server to record the answer before the next. Without tmux the
/// test says SKIPPED (and fails in CI unless `DUGOUT_SKIP_TMUX=1`), as `tui_tmux.rs`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dugout_team_in_a_terminal_answers_the_post_match_sequence_by_keys() {
    if !tmux_available() {
        let in_ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
        assert!(
            !in_ci || std::env::var("DUGOUT_SKIP_TMUX").as_deref() == Ok("1"),
            "tmux is required for this end-to-end test in CI (apt-get install tmux); set DUGOUT_SKIP_TMUX=1 to skip it"
        );
        eprintln!("SKIPPED: tmux is not installed");
        return;
    }
    let mut server = Server::start().await;
    let Played {
        url,
        league,
        base,
        teams,
        room,
        home,
        away_manager,
    } = play_a_league_match(&server).await;
    let dir = tempfile::tempdir().unwrap();
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    let tmux = Tmux {
        socket: format!("dugout-team-{}-{nanos}", std::process::id()),
        dir: dir.path().to_path_buf(),
    };
    let client = format!(
        "env TERM=xterm-256color DUGOUT_CONFIG='{}' '{}' team --server '{}' --token '{home}' --league {league} --team {} 2>'{}'",
        dir.path().join("session.json").display(),
        tmux::DUGOUT,
        server.url,
        teams[0],
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
    let _ = tmux.cmd(&["set-option", "-t", "tui", "status", "off"]);

    let screen = tokio::task::block_in_place(|| {
        tmux.wait_for("the team screen", |s| {
            s.contains("orc-bot · Orc · coach orc-bot")
        })
    });
    assert!(screen.contains("treasury"), "{screen}");
    let mut pressed = 0;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(240);
    loop {
        let (before, done) = home_answers(&url, &base, &room).await;
        if done {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "not over; the screen:\n{}",
            tmux.screen()
        );
        let screen = tmux.screen();
        if !screen.contains("Post-match v human-bot") {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        }
        if screen.contains("the buying window") {
            tmux.keys(&["d"]);
        } else {
            tmux.keys(&["j"]);
            tmux.keys(&["Enter"]);
        }
        pressed += 1;
        // The answer is recorded, then the screen has reloaded (it does at once after an
        // answer) before the next key.
        loop {
            let (after, done) = home_answers(&url, &base, &room).await;
            if after > before || done {
                break;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "the answer was not recorded; the screen:\n{}",
                tmux.screen()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        tokio::time::sleep(Duration::from_millis(800)).await;
    }
    finish(away_manager, "the away manager").await;
    assert!(pressed > 0, "the home coach had decisions to make");
    let m = get(&url, &format!("{base}/team-matches/{room}")).await;
    let answers: Vec<&Value> = m["commands"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["side"] == "Home")
        .collect();
    assert_eq!(answers.len(), pressed, "{m}");
    for a in answers {
        assert_eq!(a["by"], "orc-bot", "{a}");
    }
    // The screen says nothing waits any more, and shows the record with the match.
    let screen = tokio::task::block_in_place(|| {
        tmux.wait_for("the screen after the sequence", |s| {
            s.contains("No post-match decision waits for you.") && s.contains("in 1")
        })
    });
    assert!(screen.contains("sent: "), "{screen}");
    tmux.keys(&["q"]);
    drop(tmux);
    server.stop().await;
}
