//! Absent coaches (issue 17, "ghost rooms"): the lobby shows who is connected; an open room
//! frees the seat of a coach gone past the seat grace (and never starts a match against a
//! coach who is gone); in a match, the present coach may claim the win once the other has
//! been gone past the forfeit time, timer or not. Real server, real WebSockets.

mod common;

use std::time::Duration;

use common::*;
use dugout_protocol::{
    ClientMessage, ErrorCode, MatchResult, RoomEvent, RoomStatus, RoomSummary, ServerMessage,
    TimerPolicy,
};
use dugout_rules::core::Side;
use dugout_server::fair::{self, Verdict};
use dugout_server::recovery::rebuild;
use dugout_server::{Limits, store::MatchLog};

const GRACE: Duration = Duration::from_millis(400);
const FORFEIT: Duration = Duration::from_millis(600);

fn limits() -> Limits {
    Limits {
        seat_grace: GRACE,
        forfeit_after: FORFEIT,
        ..fast_limits()
    }
}

/// Read lobby pushes until one for `room` satisfies `want`.
async fn room_change(
    c: &mut Client,
    room: &str,
    want: impl Fn(&RoomSummary) -> bool,
) -> RoomSummary {
    loop {
        match c.recv().await {
            Some(ServerMessage::RoomChanged { room: r }) if r.room == room && want(&r) => {
                return r;
            }
            Some(_) => {}
            None => panic!("closed while waiting for a room change"),
        }
    }
}

async fn claim(c: &mut Client, room: &str) -> Answer {
    let room = room.to_owned();
    c.request(|id| ClientMessage::ClaimWin { id, room }).await
}

#[tokio::test]
async fn welcome_announces_the_seat_grace_and_the_forfeit_time() {
    let server = TestServer::start_with(Limits {
        seat_grace: Duration::from_secs(45),
        forfeit_after: Duration::from_secs(90),
        ..fast_limits()
    })
    .await;
    let t = server.register("coach_a").await;
    let mut c = server.connect().await;
    match c.try_hello(&t).await {
        Ok(ServerMessage::Welcome {
            seat_grace_seconds,
            forfeit_after_seconds,
            ..
        }) => assert_eq!((seat_grace_seconds, forfeit_after_seconds), (45, 90)),
        other => panic!("no welcome: {other:?}"),
    }
}

#[tokio::test]
async fn a_gone_creator_is_shown_gone_then_their_seat_is_freed_and_no_match_starts_against_them() {
    let server = TestServer::start_with(limits()).await;
    let ta = server.register("creator").await;
    let tb = server.register("joiner").await;
    let tw = server.register("watcher").await;
    let mut a = server.client(&ta).await;
    let mut b = server.client(&tb).await;
    let mut w = server.client(&tw).await;

    let room = a.create_room(spec(plain_setup(), TimerPolicy::None)).await;
    assert!(a.join(&room, Some(Side::Home)).await.is_ok());
    assert!(a.ready(&room).await.is_ok());
    let seated = room_change(&mut w, &room, |r| r.seats[0].is_some()).await;
    assert_eq!(seated.connected, [true, false]);

    // The creator's process dies: the lobby says so at once.
    a.disconnect().await;
    let gone = room_change(&mut w, &room, |r| !r.connected[0]).await;
    assert_eq!(gone.seats[0].as_deref(), Some("creator"), "still seated");
    assert_eq!(gone.status, RoomStatus::Open);

    // A coach who joins within the grace and is ready does not start a match against nobody.
    assert!(b.join(&room, Some(Side::Away)).await.is_ok());
    assert!(b.ready(&room).await.is_ok());
    let waiting = room_change(&mut w, &room, |r| r.ready == [true, true]).await;
    assert_eq!(
        waiting.status,
        RoomStatus::Open,
        "no match against a gone coach"
    );
    assert_eq!(waiting.connected, [false, true]);

    // Past the grace the seat is freed: the room is open with one coach waiting.
    let freed = room_change(&mut w, &room, |r| r.seats[0].is_none()).await;
    assert_eq!(freed.seats, [None, Some("joiner".to_owned())]);
    assert_eq!(freed.ready, [false, false], "both must be ready again");
    assert_eq!(freed.status, RoomStatus::Open);
    let (_, listed) = server.get("/api/rooms").await;
    let listed = listed
        .as_array()
        .expect("a list")
        .iter()
        .find(|r| r["room"] == room.as_str())
        .cloned()
        .expect("the room is listed");
    assert_eq!(listed["seats"], serde_json::json!([null, "joiner"]));
    assert_eq!(listed["connected"], serde_json::json!([false, true]));
    assert_eq!(
        server.match_log(&room).await.events.len(),
        0,
        "never started"
    );
}

#[tokio::test]
async fn a_coach_back_within_the_grace_keeps_the_seat_and_the_match_starts() {
    let server = TestServer::start_with(limits()).await;
    let (mut a, mut b, room) = open_match(&server, plain_setup(), TimerPolicy::None).await;
    assert!(a.ready(&room).await.is_ok());
    // A drops and comes back (a reconnect) before the grace is over.
    a.disconnect().await;
    assert!(b.ready(&room).await.is_ok());
    let mut a2 = server.client(&server.login("coach_a").await).await;
    assert!(a2.join(&room, Some(Side::Home)).await.is_ok());
    // Both were ready: the match starts when A is back (its snapshot came with the join).
    if a2.view.is_none() {
        a2.wait_snapshot().await;
    }
    tokio::time::sleep(GRACE * 2).await;
    let log = server.match_log(&room).await;
    assert_eq!(log.status, RoomStatus::Playing);
    assert!(matches!(
        log.events.first().map(|e| &e.event),
        Some(RoomEvent::MatchStarted { .. })
    ));
}

#[tokio::test]
async fn the_present_coach_may_claim_the_win_once_the_other_has_been_gone_long_enough() {
    let server = TestServer::start_with(limits()).await;
    let (mut a, mut b, room) = seated_match(&server, plain_setup(), TimerPolicy::None).await;

    // Both connected: nothing to claim.
    let refused = claim(&mut a, &room).await;
    assert_eq!(refused.map_err(|e| e.0), Err(ErrorCode::OpponentPresent));

    b.disconnect().await;
    // Gone, but not long enough: refused, with how long is left; nothing changes.
    let before = server.match_log(&room).await.events.len();
    let early = claim(&mut a, &room).await;
    let (code, message) = early.expect_err("too early");
    assert_eq!(code, ErrorCode::TooEarly);
    assert!(message.contains("you may claim the win after"), "{message}");
    assert_eq!(server.match_log(&room).await.events.len(), before);

    // A spectator cannot claim anything.
    let tw = server.register("watcher").await;
    let mut w = server.client(&tw).await;
    assert!(w.spectate(&room).await.is_ok());
    tokio::time::sleep(FORFEIT + Duration::from_millis(100)).await;
    assert_eq!(
        claim(&mut w, &room).await.map_err(|e| e.0),
        Err(ErrorCode::NotSeated)
    );

    // Long enough: the win is A's, recorded as B's forfeit.
    assert!(claim(&mut a, &room).await.is_ok());
    let log = server.match_log(&room).await;
    assert_eq!(log.status, RoomStatus::Finished);
    let tail: Vec<&RoomEvent> = log.events.iter().rev().take(2).map(|e| &e.event).collect();
    match (tail[1], tail[0]) {
        (
            RoomEvent::Abandoned { coach, gone_ms },
            RoomEvent::MatchEnded {
                result: MatchResult::Forfeit { loser },
                ..
            },
        ) => {
            assert_eq!((*coach, *loser), (Side::Away, Side::Away));
            assert!(*gone_ms >= FORFEIT.as_millis() as u64, "{gone_ms}");
        }
        other => panic!("the log ends {other:?}"),
    }
    assert_eq!(a.result, Some(MatchResult::Forfeit { loser: Side::Away }));
    // The stored match verifies and recovers as a finished forfeit.
    assert_finished_forfeit(&log);
    // Over: a second claim is refused.
    assert_eq!(
        claim(&mut a, &room).await.map_err(|e| e.0),
        Err(ErrorCode::NotPlaying)
    );
}

#[tokio::test]
async fn a_coach_back_in_time_cannot_be_claimed_against() {
    let server = TestServer::start_with(limits()).await;
    let (mut a, mut b, room) = seated_match(&server, plain_setup(), TimerPolicy::None).await;
    b.disconnect().await;
    let mut b2 = server.client(&server.login("coach_b").await).await;
    assert!(b2.join(&room, Some(Side::Away)).await.is_ok());
    tokio::time::sleep(FORFEIT + Duration::from_millis(100)).await;
    assert_eq!(
        claim(&mut a, &room).await.map_err(|e| e.0),
        Err(ErrorCode::OpponentPresent)
    );
    assert_eq!(server.match_log(&room).await.status, RoomStatus::Playing);
}

fn assert_finished_forfeit(log: &MatchLog) {
    match fair::verify_log(log) {
        Verdict::Verified(_) => {}
        other => panic!("the match should verify: {other:?}"),
    }
    // Recovery reads a log that ends this way but whose row was not yet marked finished
    // (a crash between the two writes) as the finished forfeit it is.
    let mut unmarked = log.clone();
    unmarked.status = RoomStatus::Playing;
    let restored = rebuild(&unmarked).expect("the log rebuilds");
    assert_eq!(restored.status, RoomStatus::Finished);
    assert_eq!(
        restored.result,
        Some(MatchResult::Forfeit { loser: Side::Away })
    );
}

/// The public room `room` as `GET /api/rooms` lists it.
async fn listed(server: &TestServer, room: &str) -> RoomSummary {
    let (_, rooms) = server.get("/api/rooms").await;
    let rooms: Vec<RoomSummary> = serde_json::from_value(rooms).expect("room list");
    rooms
        .into_iter()
        .find(|r| r.room == room)
        .unwrap_or_else(|| panic!("room {room} is not listed"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_room_comes_back_after_a_restart_with_its_seats_seed_and_readiness() {
    // Before issue 15: a restart (SIGTERM) closed open rooms for good, and recovery brought
    // back only empty ones with a new seed; the reference bot waited in a seatless room.
    let mut server = TestServer::start().await;
    let (ta, tb) = (server.register("ada").await, server.register("bob").await);
    let mut a = server.client(&ta).await;
    let mut b = server.client(&tb).await;
    let room = a.create_room(spec(plain_setup(), TimerPolicy::None)).await;
    assert!(
        a.join_with_entropy(&room, Some(Side::Home), "c0ffee")
            .await
            .is_ok()
    );
    assert!(
        b.join_with_entropy(&room, Some(Side::Away), "beef")
            .await
            .is_ok()
    );
    assert!(a.ready(&room).await.is_ok());
    let before = listed(&server, &room).await;
    assert!(before.dice_commitment.is_some());

    a.close().await;
    b.close().await;
    server.restart().await;

    let after = listed(&server, &room).await;
    assert_eq!(after.status, RoomStatus::Open);
    assert_eq!(after.seats, [Some("ada".into()), Some("bob".into())]);
    assert_eq!(after.ready, [true, false]);
    assert_eq!(after.connected, [false, false], "nobody is back yet");
    assert_eq!(
        after.dice_commitment, before.dice_commitment,
        "the seed committed to before the restart"
    );

    // The coaches come back to their seats; bob's ready starts the match with the entropy
    // both sent before the restart, under the seed committed to when the room was made.
    let mut a = server.client(&ta).await;
    let mut b = server.client(&tb).await;
    assert!(a.resume(&room).await.is_ok());
    assert!(b.resume(&room).await.is_ok());
    assert!(b.ready(&room).await.is_ok());
    let log = server.match_log(&room).await;
    match log.events.first().map(|e| &e.event) {
        Some(RoomEvent::MatchStarted {
            coaches,
            dice: Some(dice),
        }) => {
            assert_eq!(coaches, &["ada".to_owned(), "bob".to_owned()]);
            assert_eq!(Some(&dice.commitment), before.dice_commitment.as_ref());
            assert_eq!(
                dice.entropy,
                [Some("c0ffee".to_owned()), Some("beef".to_owned())]
            );
        }
        other => panic!("no match_started: {other:?}"),
    }
}

/// Run one statement on the server's SQLite file, as an operator (or a failing disk) might.
async fn on_the_database(server: &TestServer, sql: &'static str) {
    use sqlx::{Connection, SqliteConnection};
    let path = server.state.config().data_dir.join("dugout.sqlite3");
    let mut conn = SqliteConnection::connect(&format!("sqlite://{}", path.display()))
        .await
        .expect("open the db");
    sqlx::query(sql).execute(&mut conn).await.expect(sql);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_the_store_could_not_start_starts_by_itself_once_the_store_is_back() {
    // Before issue 15 a database error at the start left the room open with both coaches
    // ready and nothing to make it start.
    let server = TestServer::start().await;
    let (mut a, mut b, room) = open_match(&server, plain_setup(), TimerPolicy::None).await;
    assert!(a.ready(&room).await.is_ok());
    on_the_database(
        &server,
        "ALTER TABLE match_events RENAME TO match_events_gone",
    )
    .await;
    let (code, message) = b.ready(&room).await.expect_err("the store fails");
    assert_eq!(code, ErrorCode::Internal);
    assert!(message.contains("tries again by itself"), "{message}");
    on_the_database(
        &server,
        "ALTER TABLE match_events_gone RENAME TO match_events",
    )
    .await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let log = server.match_log(&room).await;
        if let Some(first) = log.events.first() {
            assert!(matches!(first.event, RoomEvent::MatchStarted { .. }));
            assert_eq!(log.status, RoomStatus::Playing);
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the room did not start the match again"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
