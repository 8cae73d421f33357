//! End to end (issue 13): a real server and real `dugout` processes run a Blood Bowl league
//! match between two league teams: two `dugout bot --join ROOM` processes play it, then a
//! `dugout post-match` process for each coach answers its team's post-match decisions (one
//! with the rules' defaults, one greedy) until the sequence is over.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.
#![allow(clippy::unwrap_used)]

mod common;
use common::league::{LeagueMatch, dugout, get, league_match, start_bots};
use common::{Server, finish, text};

/// §32.3, §32.5: the league's bots play the match and manage their teams after it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_play_a_league_match_and_answer_its_post_match_sequence() {
    let mut server = Server::start().await;
    let m = league_match(&server).await;
    let (home_bot, away_bot) = start_bots(&server, &m).await;
    let LeagueMatch {
        url,
        id,
        base,
        room,
        home,
        away,
        ..
    } = m;
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
