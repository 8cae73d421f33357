//! Whole matches over real WebSockets against a real server on 127.0.0.1:0 with SQLite in
//! a temp dir: a complete game, hidden information, and reconnects.

mod common;

use std::collections::{BTreeMap, HashSet};

use common::*;
use dugout_protocol::{ClientMessage, RoomEvent, RoomStatus, SeqEvent, ServerMessage, TimerPolicy};
use dugout_rules::AnyEvent;
use dugout_rules::blitz::{self, Event, RerollSource, random_play::random_setup};
use dugout_rules::core::{Seat, Side};
use dugout_server::Limits;
use dugout_server::fair::{self, Verdict};
use dugout_server::store::MatchLog;
use serde_json::Value;

/// What `seat` should have received: the stored log, projected, from `after` on.
fn projected(log: &MatchLog, seat: Seat, after: u64) -> Vec<SeqEvent> {
    log.events
        .iter()
        .filter(|e| e.seq > after)
        .filter_map(|e| {
            e.event
                .project(seat)
                .map(|event| SeqEvent { seq: e.seq, event })
        })
        .collect()
}

fn game_events(log: &MatchLog) -> Vec<Event> {
    log.events
        .iter()
        .filter_map(|e| match &e.event {
            RoomEvent::Game { event } => Some(blitz_event(event)),
            _ => None,
        })
        .collect()
}

/// The server's log, the replay of its commands, each seat's event stream and each seat's
/// final view all agree.
async fn assert_everyone_agrees(
    server: &TestServer,
    room: &str,
    seats: &mut [(&mut Client, Seat)],
) -> MatchLog {
    let log = server.match_log(room).await;
    let (game, events) = replay(&log);
    assert_eq!(
        game_events(&log),
        events,
        "the log replays from seed and commands"
    );
    let last = log.events.last().map_or(0, |e| e.seq);
    for (client, seat) in seats.iter_mut() {
        assert_eq!(
            client.events,
            projected(&log, *seat, 0),
            "{seat:?}'s events"
        );
        let (seq, view) = client.snapshot(room).await;
        assert_eq!(seq, last);
        assert_eq!(view, blitz::view(&game, *seat), "{seat:?}'s final view");
    }
    log
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_coaches_play_a_complete_blitz_game_and_every_seat_replays_to_the_servers_state() {
    let server = TestServer::start().await;
    let (mut a, mut b, room) = open_match(&server, plain_setup(), TimerPolicy::None).await;
    let watcher = server.register("watcher").await;
    let mut s = server.client(&watcher).await;
    assert_eq!(s.spectate(&room).await, Ok(Some(0)));
    start(&mut a, &mut b, &room).await;
    s.wait_snapshot().await;
    assert_eq!(a.seat, Some(Seat::Coach(Side::Home)));
    assert_eq!(b.seat, Some(Seat::Coach(Side::Away)));
    assert_eq!(s.seat, Some(Seat::Spectator));

    let mut picker = Picker::new(7);
    let n = play_to_end(&mut a, &mut b, &mut [&mut s], &room, &mut picker).await;

    let result = a.result.expect("the coaches saw the result");
    assert_eq!(b.result, Some(result));
    assert_eq!(s.result, Some(result));
    let log = assert_everyone_agrees(
        &server,
        &room,
        &mut [
            (&mut a, Seat::Coach(Side::Home)),
            (&mut b, Seat::Coach(Side::Away)),
            (&mut s, Seat::Spectator),
        ],
    )
    .await;
    assert_eq!(log.status, RoomStatus::Finished);
    assert_eq!(log.result, Some(result));
    assert_eq!(log.commands.len(), n, "every command is stored once");
    assert!(
        matches!(fair::verify_log(&log), Verdict::Verified(_)),
        "the match verifies: {:?}",
        fair::verify_log(&log)
    );
    assert!(log.server_seed.is_some());
    assert!(matches!(log.dice_seed(), Ok(Some(_))));
    // Commands and events line up: each command's seq range holds its events.
    let mut seq = log.commands.first().map_or(0, |c| c.seq_before);
    for c in &log.commands {
        assert_eq!(c.seq_before, seq);
        assert!(c.seq_after >= c.seq_before);
        seq = c.seq_after;
    }
    assert_eq!(Some(seq), log.events.last().map(|e| e.seq));
    assert!(matches!(
        log.events.last().map(|e| &e.event),
        Some(RoomEvent::MatchEnded { .. })
    ));
}

/// For each seq, the cards in `owner`'s hand that nobody else may see yet, from the log.
fn secrets(log: &MatchLog, owner: Side) -> BTreeMap<u64, HashSet<u64>> {
    let mut hand = HashSet::new();
    let mut at = BTreeMap::new();
    at.insert(0, HashSet::new());
    for e in &log.events {
        if let RoomEvent::Game {
            event: AnyEvent::Blitz(event),
        } = &e.event
        {
            match event {
                Event::Claimed {
                    coach,
                    card: Some(card),
                    ..
                } if *coach == owner => {
                    hand.insert(u64::from(card.0));
                }
                Event::BonusPlayed { coach, card, .. }
                | Event::HandDiscarded { coach, card, .. }
                    if *coach == owner =>
                {
                    hand.remove(&u64::from(card.0));
                }
                Event::RerollUsed {
                    coach,
                    source: RerollSource::RawTalent(card),
                } if *coach == owner => {
                    hand.remove(&u64::from(card.0));
                }
                _ => {}
            }
        }
        at.insert(e.seq, hand.clone());
    }
    at
}

fn secret_at(secrets: &BTreeMap<u64, HashSet<u64>>, seq: u64) -> &HashSet<u64> {
    secrets
        .range(..=seq)
        .next_back()
        .map(|(_, s)| s)
        .expect("seq 0 is always there")
}

/// No message in `raw` mentions a card while it is secret.
fn assert_no_leak(raw: &[String], secrets: &BTreeMap<u64, HashSet<u64>>, who: &str) {
    let check = |v: &Value, seq: u64, what: &str| {
        let mut ids = Vec::new();
        card_ids(v, &mut ids);
        let secret = secret_at(secrets, seq);
        for id in ids {
            assert!(
                !secret.contains(&id),
                "{who} saw hidden card {id} at seq {seq} in {what}: {v}"
            );
        }
    };
    let mut last_seq = 0;
    for text in raw {
        let v: Value = serde_json::from_str(text).expect("JSON");
        let seq = v.get("seq").and_then(Value::as_u64).unwrap_or(last_seq);
        last_seq = seq;
        match v.get("type").and_then(Value::as_str) {
            Some("events") => {
                for e in v["events"].as_array().into_iter().flatten() {
                    let s = e.get("seq").and_then(Value::as_u64).unwrap_or(seq);
                    check(e, s, "an event");
                }
                check(&v["decision"], seq, "a decision");
            }
            _ => check(&v, seq, "a message"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_message_to_the_opponent_or_a_spectator_names_a_card_in_a_coachs_hand() {
    let mut claims_seen_by_owner = 0;
    for seed in [11u64, 12] {
        let server = TestServer::start().await;
        let (mut a, mut b, room) = open_match(&server, random_setup(seed), TimerPolicy::None).await;
        let watcher = server.register("watcher").await;
        let mut s = server.client(&watcher).await;
        assert!(s.spectate(&room).await.is_ok());
        start(&mut a, &mut b, &room).await;
        s.wait_snapshot().await;
        // Claim whenever possible: the server's dice are random, and a game without a claim
        // would prove nothing here.
        let mut picker = Picker::claiming(seed);
        play_to_end(&mut a, &mut b, &mut [&mut s], &room, &mut picker).await;
        // Final snapshots too: they carry the hands.
        for c in [&mut a, &mut b, &mut s] {
            c.snapshot(&room).await;
        }
        let log = server.match_log(&room).await;

        // The timeline from the log matches the true hands at each command boundary.
        let (_, _) = replay(&log);
        let home = secrets(&log, Side::Home);
        let away = secrets(&log, Side::Away);
        let seed_bytes = log.dice_seed().expect("derives").expect("seed");
        let mut dice = dugout_rules::core::ChaChaDice::from_seed(seed_bytes);
        let (mut g, _) = blitz::new_game(blitz_setup(&log.spec.setup), &mut dice).expect("setup");
        for c in &log.commands {
            blitz::apply(&mut g, blitz_command(c.command.clone()), &mut dice).expect("replay");
            for (side, timeline) in [(Side::Home, &home), (Side::Away, &away)] {
                let truth: HashSet<u64> = g.hands[side.index()]
                    .iter()
                    .map(|c| u64::from(c.0))
                    .collect();
                assert_eq!(
                    secret_at(timeline, c.seq_after),
                    &truth,
                    "the test's idea of {side:?}'s hand after seq {}",
                    c.seq_after
                );
            }
        }

        assert_no_leak(&b.raw, &home, "the away coach");
        assert_no_leak(&s.raw, &home, "the spectator");
        assert_no_leak(&a.raw, &away, "the home coach");
        assert_no_leak(&s.raw, &away, "the spectator");

        // And the owners did see their cards.
        for (client, side) in [(&a, Side::Home), (&b, Side::Away)] {
            claims_seen_by_owner += client
                .events
                .iter()
                .filter(|e| {
                    matches!(&e.event, RoomEvent::Game { event: AnyEvent::Blitz(Event::Claimed { coach, card: Some(_), .. }) } if *coach == side)
                })
                .count();
        }
        for e in &b.events {
            if let RoomEvent::Game {
                event: AnyEvent::Blitz(Event::Claimed { coach, card, .. }),
            } = &e.event
                && *coach == Side::Home
            {
                assert_eq!(*card, None, "the opponent sees the claim, not the card");
            }
        }
    }
    assert!(
        claims_seen_by_owner > 0,
        "no card was claimed in these games: the test proved nothing"
    );
}

/// Play until `side` decides, at least `min` commands.
async fn play_until_decides(
    a: &mut Client,
    b: &mut Client,
    room: &str,
    picker: &mut Picker,
    side: Side,
    min: usize,
) {
    let mut n = 0;
    loop {
        if a.result.is_some() {
            panic!("the match ended before the test could drop a coach");
        }
        if n >= min && a.deciding() == Some(side) {
            return;
        }
        play_one(&mut [&mut *a, &mut *b], &mut [], room, picker).await;
        n += 1;
        assert!(n < MAX_COMMANDS);
    }
}

/// The away coach plays alone while it decides (at least one command).
async fn away_plays_alone(b: &mut Client, room: &str, picker: &mut Picker) -> usize {
    let mut n = 0;
    while b.result.is_none() && b.deciding() == Some(Side::Away) && n < 200 {
        let cmd = picker.pick(&b.legal());
        assert!(b.command(room, cmd).await.is_ok());
        n += 1;
    }
    n
}

async fn reconnect_case(limits: Limits, expect_snapshot: bool) {
    let server = TestServer::start_with(limits).await;
    let (mut a, mut b, room) = seated_match(&server, plain_setup(), TimerPolicy::None).await;
    let mut picker = Picker::new(3);
    play_until_decides(&mut a, &mut b, &room, &mut picker, Side::Away, 20).await;

    // The home coach drops.
    let kept_events = a.events.clone();
    let last_seq = a.seq;
    // Command ids are unique per coach and room across reconnects: keep counting.
    let next_id = a.next_id;
    a.close().await;

    let alone = away_plays_alone(&mut b, &room, &mut picker).await;
    assert!(alone > 0);
    assert!(b.seq > last_seq, "the opponent went on");

    // The home coach comes back with a new connection and resumes from its last seq.
    let token = server
        .post(
            "/api/login",
            serde_json::json!({ "name": "coach_a", "password": "correct horse battery" }),
            None,
        )
        .await
        .1["token"]
        .as_str()
        .expect("a token")
        .to_owned();
    let mut a2 = server.client(&token).await;
    a2.events = kept_events;
    a2.next_id = next_id;
    a2.seq = last_seq;
    let id = a2.id();
    a2.send(&ClientMessage::Resume {
        id,
        room: room.clone(),
        last_seq,
    })
    .await;
    let mut got_snapshot = false;
    loop {
        match a2.recv().await {
            Some(ServerMessage::Snapshot { .. }) => got_snapshot = true,
            Some(ServerMessage::Ack { id: got, seq, .. }) if got == id => {
                assert_eq!(seq, Some(b.seq));
                break;
            }
            Some(_) => {}
            None => panic!("closed"),
        }
    }
    assert_eq!(got_snapshot, expect_snapshot);
    assert_eq!(a2.seq, b.seq, "caught up");
    let resumed_at = a2.seq;
    assert_eq!(a2.deciding(), b.deciding());

    // Both play on to the end.
    play_to_end(&mut a2, &mut b, &mut [], &room, &mut picker).await;
    let log = server.match_log(&room).await;
    let (game, _) = replay(&log);
    let home = Seat::Coach(Side::Home);
    if expect_snapshot {
        // Everything up to the drop, then the snapshot, then everything after it.
        let before: Vec<SeqEvent> = projected(&log, home, 0)
            .into_iter()
            .filter(|e| e.seq <= last_seq)
            .collect();
        assert_eq!(a2.events[..before.len()], before[..]);
        assert_eq!(
            a2.events[before.len()..],
            projected(&log, home, resumed_at)[..]
        );
    } else {
        assert_eq!(
            a2.events,
            projected(&log, home, 0),
            "exactly the missed events, no gap, no repeat"
        );
    }
    let (_, view) = a2.snapshot(&room).await;
    assert_eq!(view, blitz::view(&game, Seat::Coach(Side::Home)));
    let (_, view) = b.snapshot(&room).await;
    assert_eq!(view, blitz::view(&game, Seat::Coach(Side::Away)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_coach_who_drops_and_resumes_gets_exactly_the_missed_events_and_ends_in_the_same_state() {
    reconnect_case(fast_limits(), false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_coach_who_resumes_from_too_far_back_gets_a_snapshot_and_ends_in_the_same_state() {
    let limits = Limits {
        resume_max_events: 0,
        ..fast_limits()
    };
    reconnect_case(limits, true).await;
}
