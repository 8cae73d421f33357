//! End to end (issue 13): a real server and real `dugout` processes run a Blood Bowl league
//! match between two league teams: two `dugout bot --join ROOM` processes play it, then a
//! `dugout post-match` process for each coach answers its team's post-match decisions (one
//! with the rules' defaults, one greedy) until the sequence is over.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.
#![allow(clippy::unwrap_used)]

use std::time::Duration;

use dugout_client::http::{self, ServerUrl};
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
async fn bots_play_a_league_match_and_answer_its_post_match_sequence() {
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
    let manager = |token: &str, strategy: &str| {
        dugout(&[
            "post-match",
            "--server",
            &server.url,
            "--token",
            token,
            "--league",
            &id.to_string(),
            "--match",
            &room,
            "--strategy",
            strategy,
            "--wait",
            "240",
        ])
    };
    let home_manager = manager(&home, "default");
    let away_manager = manager(&away, "greedy");
    finish(home_bot, "the home bot").await;
    finish(away_bot, "the away bot").await;
    let out = finish(home_manager, "the home manager").await;
    assert!(
        text(&out.stdout).contains("status=done"),
        "{}",
        text(&out.stdout)
    );
    finish(away_manager, "the away manager").await;

    let m = get(&url, &format!("{base}/team-matches/{room}")).await;
    assert_eq!(m["status"], "done", "{m}");
    let answers = m["commands"].as_array().unwrap();
    assert!(!answers.is_empty());
    // Every answer was a coach's (none waited for its deadline).
    for a in answers {
        let by = a["by"].as_str().unwrap_or("the server");
        let side = a["side"].as_str().unwrap();
        assert_eq!(
            by,
            if side == "Home" {
                "orc-bot"
            } else {
                "human-bot"
            },
            "{a}"
        );
    }
    assert!(m["server_seed"].is_string(), "revealed when over");
    server.stop().await;
}
