//! A Blood Bowl league match between two league teams, made over REST and played by two
//! `dugout bot` processes: shared by the league end-to-end tests.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.
#![allow(dead_code)]

use std::time::Duration;

use dugout_client::http::{self, ServerUrl};
use dugout_rules::bb::data::Roster;
use dugout_rules::bb::setup::starter_team;
use serde_json::{Value, json};
use tokio::process::Command;

use super::{DUGOUT, Server, text};

pub async fn post(url: &ServerUrl, path: &str, body: Value, token: &str) -> (u16, Value) {
    let r = http::post_json(url, path, &body.to_string(), Some(token))
        .await
        .unwrap();
    let v = serde_json::from_slice(&r.body).unwrap_or(Value::Null);
    (r.status, v)
}

pub async fn get(url: &ServerUrl, path: &str) -> Value {
    let r = http::get(url, path).await.unwrap();
    assert_eq!(r.status, 200, "{}", text(&r.body));
    serde_json::from_slice(&r.body).unwrap()
}

pub fn dugout(args: &[&str]) -> tokio::process::Child {
    Command::new(DUGOUT)
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap()
}

/// A league (§32) with `orc-bot`'s Orcs and `human-bot`'s Humans, both approved, and a league
/// match between them (Orcs at home) made but not played.
pub struct LeagueMatch {
    pub url: ServerUrl,
    pub org: String,
    pub home: String,
    pub away: String,
    pub id: i64,
    pub base: String,
    pub teams: Vec<i64>,
    pub room: String,
}

pub async fn league_match(server: &Server) -> LeagueMatch {
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

    LeagueMatch {
        url,
        org,
        home,
        away,
        id,
        base,
        teams,
        room,
    }
}

/// The two coaches' `dugout bot` processes, seated home then away; they play the match.
pub async fn start_bots(
    server: &Server,
    m: &LeagueMatch,
) -> (tokio::process::Child, tokio::process::Child) {
    let (url, room, home, away) = (&m.url, &m.room, &m.home, &m.away);
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
    let args: Vec<String> = bot_args(home);
    let home_bot = dugout(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let mut seated = false;
    for _ in 0..200 {
        let rooms = get(url, "/api/rooms").await;
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
    let args: Vec<String> = bot_args(away);
    let away_bot = dugout(&args.iter().map(String::as_str).collect::<Vec<_>>());
    (home_bot, away_bot)
}
