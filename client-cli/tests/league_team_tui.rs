//! End to end (issue 13): `dugout team`'s screen model driven by keys against a real server.
//! Two `dugout bot` processes play a Blood Bowl league match between two league teams; the
//! away coach's decisions are answered by `dugout post-match`, the home coach's by pressing
//! keys on [`dugout_client::team::Screen`] (Down, Enter; in the buying window, down to
//! "Done"), each answer sent over the REST the screen uses. Every answer the keys chose must
//! be the home coach's recorded answer, in order, and the team page must show the result.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

#![allow(clippy::unwrap_used)]

use std::time::Duration;

use dugout_client::http::{self, ServerUrl};
use dugout_client::team::{self, Action, Screen};
use dugout_rules::bb::league::postmatch::{PostCommand, PostPrompt};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;
use dugout_rules::bb::data::Roster;
use dugout_rules::bb::setup::starter_team;
use serde_json::{Value, json};
use tokio::process::Command;

mod common;
use common::{DUGOUT, Server, finish, text};

async fn post(url: &ServerUrl, path: &str, body: Value, token: &str) -> (u16, Value) {
    let r = http::post_json(url, path, &body.to_string(), Some(token))
        .await
        .unwrap();
    let v = serde_json::from_slice(&r.body).unwrap_or(Value::Null);
    (r.status, v)
}

async fn get(url: &ServerUrl, path: &str) -> Value {
    let r = http::get(url, path).await.unwrap();
    assert_eq!(r.status, 200, "{}", text(&r.body));
    serde_json::from_slice(&r.body).unwrap()
}

fn dugout(args: &[&str]) -> tokio::process::Child {
    Command::new(DUGOUT)
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap()
}

/// §32.3, §32.5: the league's bots play the match and manage their teams after it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_coach_makes_the_post_match_choices_with_the_keyboard() {
    let mut server = Server::start().await;
    let url = ServerUrl::parse(&server.url).unwrap();
    let org = server.bot_token("commissioner-bot").await;
    let home = server.bot_token("orc-bot").await;
    let away = server.bot_token("human-bot").await;
    let (status, league) = post(
        &url,
        "/api/leagues",
        json!({"name": "Bot League", "game": "blood_bowl"}),
        &org,
    )
    .await;
    assert_eq!(status, 201, "{league}");
    let id = league["id"].as_i64().unwrap();
    let base = format!("/api/leagues/{id}");
    let mut teams = Vec::new();
    for (name, token, roster) in [
        ("orc-bot", &home, Roster::Orc),
        ("human-bot", &away, Roster::Human),
    ] {
        let (status, body) = post(
            &url,
            &format!("{base}/coaches"),
            json!({"coach": name, "team": roster.name()}),
            &org,
        )
        .await;
        assert_eq!(status, 201, "{body}");
        let (status, body) = post(&url, &format!("{base}/invitation"), json!({}), token).await;
        assert_eq!(status, 200, "{body}");
        let (status, team) = post(
            &url,
            &format!("{base}/teams"),
            json!({"name": name, "sheet": starter_team(roster)}),
            token,
        )
        .await;
        assert_eq!(status, 201, "{team}");
        let t = team["id"].as_i64().unwrap();
        let (status, body) =
            post(&url, &format!("{base}/teams/{t}/approval"), json!({}), &org).await;
        assert_eq!(status, 200, "{body}");
        teams.push(t);
    }
    let (status, m) = post(
        &url,
        &format!("{base}/team-matches"),
        json!({"home": teams[0], "away": teams[1], "decision_seconds": 600}),
        &home,
    )
    .await;
    assert_eq!(status, 201, "{m}");
    let room = m["match"].as_str().unwrap().to_owned();

    // The home coach's bot sits first (a joining bot takes the first free seat).
    let bot_args = |token: &str| {
        vec![
            "bot".to_owned(),
            "--server".into(),
            server.url.clone(),
            "--token".into(),
            token.to_owned(),
            "--join".into(),
            room.clone(),
            "--game".into(),
            "blood_bowl".into(),
            "--seed".into(),
            "5".into(),
        ]
    };
    let args: Vec<String> = bot_args(&home);
    let home_bot = dugout(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let mut seated = false;
    for _ in 0..200 {
        let rooms = get(&url, "/api/rooms").await;
        seated = rooms
            .as_array()
            .into_iter()
            .flatten()
            .any(|r| r["room"] == room.as_str() && !r["seats"][0].is_null());
        if seated {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    if !seated {
        let out = home_bot.wait_with_output().await.unwrap();
        panic!(
            "the home bot did not take its seat: {}\n{}",
            text(&out.stdout),
            text(&out.stderr)
        );
    }
    let args: Vec<String> = bot_args(&away);
    let away_bot = dugout(&args.iter().map(String::as_str).collect::<Vec<_>>());
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
            assert_eq!(a["by"], "orc-bot", "answered by the coach, not the deadline: {a}");
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
