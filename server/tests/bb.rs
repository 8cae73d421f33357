//! Blood Bowl through the real server: rooms, a whole match over real WebSockets with a
//! spectator, the store, the provably-fair verification, the archive's summary and a Blood
//! Bowl league with its standings. The rules are the real engine (`rules/src/bb`); the
//! coaches pick uniformly among the legal commands the server sends them.

mod common;

use common::http::{http_get, http_post};
use common::*;
use dugout_protocol::{RoomEvent, RoomSpec, RoomStatus, SeqEvent, TimerPolicy};
use dugout_rules::bb::{self, Roster, TeamChoice};
use dugout_rules::core::{Ruleset, Seat, Side};
use dugout_rules::{AnyEvent, AnyOutcome, AnySetup, AnyView, GameKind};
use dugout_server::fair::{self, Verdict};
use dugout_server::store::MatchLog;
use serde_json::json;

/// A Blood Bowl setup of two starter teams, default options.
fn setup(home: Roster, away: Roster) -> bb::MatchSetup {
    bb::MatchSetup {
        teams: [TeamChoice::Roster(home), TeamChoice::Roster(away)],
        options: bb::Options::default(),
        pre_match: Box::default(),
    }
}

fn bb_spec(setup: bb::MatchSetup, league: Option<i64>) -> RoomSpec {
    RoomSpec {
        setup: AnySetup::BloodBowl(setup),
        timer: TimerPolicy::None,
        private: false,
        league,
    }
}

/// Two coaches seated in a new room made from `spec` by `home` (tokens), not yet ready.
async fn seat(server: &TestServer, tokens: [&str; 2], spec: RoomSpec) -> (Client, Client, String) {
    let mut a = server.client(tokens[0]).await;
    let mut b = server.client(tokens[1]).await;
    let room = a.create_room(spec).await;
    assert_eq!(a.join(&room, Some(Side::Home)).await, Ok(Some(0)));
    assert_eq!(b.join(&room, Some(Side::Away)).await, Ok(Some(0)));
    (a, b, room)
}

/// The game events of a stored log, unprojected.
fn game_events(log: &MatchLog) -> Vec<AnyEvent> {
    log.events
        .iter()
        .filter_map(|e| match &e.event {
            RoomEvent::Game { event } => Some(event.clone()),
            _ => None,
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_coaches_play_a_complete_blood_bowl_match_that_is_stored_verified_and_summarised() {
    let server = TestServer::start().await;
    let ta = server.register("orc_coach").await;
    let tb = server.register("human_coach").await;
    let (mut a, mut b, room) = seat(
        &server,
        [&ta, &tb],
        bb_spec(setup(Roster::Orc, Roster::Human), None),
    )
    .await;
    let watcher = server.register("watcher").await;
    let mut s = server.client(&watcher).await;
    assert_eq!(s.spectate(&room).await, Ok(Some(0)));
    start(&mut a, &mut b, &room).await;
    s.wait_snapshot().await;
    assert!(
        matches!(a.any_view.as_deref(), Some(AnyView::BloodBowl(_))),
        "the snapshot is a Blood Bowl view"
    );

    let mut picker = Picker::playing_on(11);
    let n = play_to_end(&mut a, &mut b, &mut [&mut s], &room, &mut picker).await;
    assert!(n > 100, "a whole match takes many commands, not {n}");

    // Everyone saw the same result, and the store agrees with the replay of its commands.
    let result = a.result.expect("the coaches saw the result");
    assert_eq!(b.result, Some(result));
    assert_eq!(s.result, Some(result));
    let log = server.match_log(&room).await;
    assert_eq!(log.status, RoomStatus::Finished);
    assert_eq!(log.result, Some(result));
    assert_eq!(log.commands.len(), n, "every command is stored once");
    assert_eq!(log.rules_version, GameKind::BloodBowl.rules_version());
    let (game, events) = replay_any(&log);
    assert_eq!(
        game_events(&log),
        events,
        "the log replays from seed and commands"
    );
    assert!(
        matches!(
            game.outcome(),
            Some(AnyOutcome::BloodBowl(
                bb::Outcome::Score { .. } | bb::Outcome::Penalties { .. }
            ))
        ),
        "the replayed match is over, played to the end: {:?}",
        game.outcome()
    );
    // Each seat received exactly the stored events as it may see them, and its final view is
    // the replayed game's.
    let last = log.events.last().map_or(0, |e| e.seq);
    for (client, seat) in [
        (&mut a, Seat::Coach(Side::Home)),
        (&mut b, Seat::Coach(Side::Away)),
        (&mut s, Seat::Spectator),
    ] {
        let expected: Vec<SeqEvent> = log
            .events
            .iter()
            .filter_map(|e| {
                e.event
                    .project(seat)
                    .map(|event| SeqEvent { seq: e.seq, event })
            })
            .collect();
        assert_eq!(client.events, expected, "{seat:?}'s events");
        let (seq, view) = client.snapshot_any(&room).await;
        assert_eq!(seq, last);
        assert_eq!(view, game.view(seat), "{seat:?}'s final view");
    }
    // Provably fair: the commitment, the revealed seed and the replay hold.
    assert!(
        matches!(fair::verify_log(&log), Verdict::Verified(_)),
        "the match verifies: {:?}",
        fair::verify_log(&log)
    );

    // The archive: the game and the summary the engine counts from the stored events.
    let (status, summary) = http_get(&server, &format!("/api/matches/{room}"), None).await;
    assert_eq!(status, 200, "{summary}");
    let AnySetup::BloodBowl(stored_setup) = &log.spec.setup else {
        panic!("a Blood Bowl match is stored as one")
    };
    let bb_events: Vec<bb::Event> = events
        .iter()
        .filter_map(|e| match e {
            AnyEvent::BloodBowl(e) => Some(e.clone()),
            _ => None,
        })
        .collect();
    let expected = <bb::Game as Ruleset>::summarise(stored_setup, &bb_events);
    assert_eq!(summary["game"], "blood_bowl", "{summary}");
    assert_eq!(summary["score"], json!(game.score()), "{summary}");
    assert_eq!(summary["score"], json!(expected.score), "{summary}");
    assert_eq!(
        summary["touchdowns"],
        json!(expected.touchdowns),
        "{summary}"
    );
    assert_eq!(summary["injuries"], json!(expected.injuries), "{summary}");
    for count in [
        "completions",
        "interceptions",
        "casualties",
        "ko",
        "sent_off",
    ] {
        assert_eq!(
            summary["counts"][count],
            json!(expected.count(count)),
            "{count}: {summary}"
        );
    }
    // The touchdowns are the touchdown events, side by side.
    let mut touchdowns = [0u32; 2];
    for e in &bb_events {
        if let bb::Event::Touchdown { side, .. } = e {
            touchdowns[side.index()] += 1;
        }
    }
    assert_eq!(expected.touchdowns, touchdowns);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_blood_bowl_league_takes_blood_bowl_teams_and_matches_only_and_counts_them() {
    let server = TestServer::start().await;
    let org = server.register("commissioner").await;
    let ta = server.register("dwarf_coach").await;
    let tb = server.register("skaven_coach").await;
    let (status, league) = http_post(
        &server,
        "/api/leagues",
        Some(&org),
        json!({"name": "Old World Cup", "game": "blood_bowl"}),
    )
    .await;
    assert_eq!(status, 201, "{league}");
    assert_eq!(league["game"], "blood_bowl");
    let id = league["id"].as_i64().expect("an id");
    let base = format!("/api/leagues/{id}");
    // A team of the league's game, as people type it; a Blitz Bowl team is not one.
    let (status, body) = http_post(
        &server,
        &format!("{base}/coaches"),
        Some(&org),
        json!({"coach": "dwarf_coach", "team": "BlackOrc"}),
    )
    .await;
    assert_eq!(
        status, 409,
        "another game's team conflicts with the league: {body}"
    );
    assert!(body.to_string().contains("blood_bowl"), "{body}");
    for (coach, team, token) in [
        ("dwarf_coach", "dwarf", &ta),
        ("skaven_coach", "Skaven", &tb),
    ] {
        let (status, body) = http_post(
            &server,
            &format!("{base}/coaches"),
            Some(&org),
            json!({"coach": coach, "team": team}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        let (status, body) = http_post(
            &server,
            &format!("{base}/invitation"),
            Some(token),
            json!({}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    // A Blitz Bowl room cannot count for it.
    let mut c = server.client(&ta).await;
    let refused = c
        .try_create_room(RoomSpec {
            setup: AnySetup::Blitz(plain_setup()),
            timer: TimerPolicy::None,
            private: false,
            league: Some(id),
        })
        .await;
    assert!(
        matches!(&refused, Err((_, m)) if m.contains("plays blood_bowl")),
        "{refused:?}"
    );
    c.close().await;

    // A Blood Bowl match of the two registered coaches, played under the league.
    let (mut a, mut b, room) = seat(
        &server,
        [&ta, &tb],
        bb_spec(setup(Roster::Dwarf, Roster::Skaven), Some(id)),
    )
    .await;
    start(&mut a, &mut b, &room).await;
    let mut picker = Picker::new(5);
    play_to_end(&mut a, &mut b, &mut [], &room, &mut picker).await;
    assert!(a.result.is_some(), "the match ended");

    let (status, standings) = http_get(&server, &format!("{base}/standings"), None).await;
    assert_eq!(status, 200, "{standings}");
    let row = |coach: &str| {
        standings["standings"]
            .as_array()
            .and_then(|rows| rows.iter().find(|r| r["coach"] == coach))
            .cloned()
            .unwrap_or_else(|| panic!("{coach} in the standings: {standings}"))
    };
    let (home, away) = (row("dwarf_coach"), row("skaven_coach"));
    assert_eq!(home["team"], "dwarf", "stored as the game names it");
    assert_eq!(away["team"], "skaven");
    let (game, _) = replay_any(&server.match_log(&room).await);
    let (score, winner) = (game.score(), game.outcome().and_then(|o| o.winner()));
    for (r, side) in [(&home, Side::Home), (&away, Side::Away)] {
        let i = side.index();
        assert_eq!(r["played"], 1, "{standings}");
        assert_eq!(r["touchdowns_for"], score[i], "{standings}");
        assert_eq!(r["touchdowns_against"], score[1 - i], "{standings}");
        // The result decides (a concession wins whatever the score).
        let (won, drawn, lost) = match winner {
            Some(w) if w == side => (1, 0, 0),
            Some(_) => (0, 0, 1),
            None => (0, 1, 0),
        };
        assert_eq!(
            [&r["won"], &r["drawn"], &r["lost"]],
            [&json!(won), &json!(drawn), &json!(lost)],
            "{standings}"
        );
    }

    // A Blitz Bowl match played elsewhere cannot be attached to it.
    let (mut x, mut y, blitz_room) = open_match(&server, plain_setup(), TimerPolicy::None).await;
    start(&mut x, &mut y, &blitz_room).await;
    let (status, body) = http_post(
        &server,
        &format!("{base}/matches"),
        Some(&org),
        json!({"match": blitz_room}),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    assert!(body.to_string().contains("blood_bowl"), "{body}");
}
