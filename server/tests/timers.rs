//! Turn timers with tokio's clock paused: the room's deadlines hold on that clock, and the
//! test never waits in real time.
//!
//! With paused time tokio jumps the clock to the next timer whenever the runtime is idle,
//! also while SQLite works on its own thread. So these tests open the store before pausing,
//! keep every other timer out of the runtime (no keepalive, no room retirement, clients
//! without read timeouts), and check what happens when the room's deadline is reached, and
//! that it is never reached early.

mod common;

use std::time::Duration;

use common::*;
use dugout_protocol::{ClientMessage, MatchResult, RoomEvent, ServerMessage, TimerPolicy};
use dugout_rules::blitz::data::BoardSide;
use dugout_rules::blitz::{Command, Event};
use dugout_rules::core::Side;
use dugout_rules::{AnyCommand, AnyEvent};
use dugout_server::Limits;
use dugout_server::fair::{self, Verdict};
use dugout_server::store::CommandSource;
use tokio::time::Instant;

fn paused_limits() -> Limits {
    Limits {
        ping_interval: Duration::ZERO,
        room_linger: Duration::ZERO,
        // Paused time jumps to the next timer when everything waits: no connection timers.
        hello_timeout: Duration::ZERO,
        first_byte_timeout: Duration::ZERO,
        ..fast_limits()
    }
}

/// A server whose store is open (in real time: opening a pool waits on SQLite's thread),
/// then tokio's clock paused for the rest of the test.
async fn paused_server() -> TestServer {
    let mut server = TestServer::start_with(paused_limits()).await;
    server.client_deadline = None;
    tokio::time::pause();
    server
}

fn fixed_board() -> dugout_rules::blitz::MatchSetup {
    let mut setup = plain_setup();
    setup.options.board_side = Some(BoardSide::OneTrapdoor);
    setup
}

/// Start the match; the tokio time just before the last `ready`. Every deadline the room
/// sets comes after it, so it is a safe lower bound to measure from. (Upper bounds are not:
/// with paused time the clock may jump to the room's *next* deadline before the test reads
/// a message, so a message can be read later than it was sent.)
async fn start_timed(a: &mut Client, b: &mut Client, room: &str) -> Instant {
    assert!(a.ready(room).await.is_ok());
    let t0 = Instant::now();
    assert!(b.ready(room).await.is_ok());
    if a.view.is_none() {
        a.wait_snapshot().await;
    }
    t0
}

/// Read until an event matching `want` arrives; the tokio time it arrived at.
async fn until_event(c: &mut Client, want: impl Fn(&RoomEvent) -> bool) -> Instant {
    let seen = c.events.len();
    if c.events.iter().any(|e| want(&e.event)) {
        return Instant::now();
    }
    loop {
        match c.recv().await {
            Some(ServerMessage::Events { .. }) => {
                if c.events[seen..].iter().any(|e| want(&e.event)) {
                    return Instant::now();
                }
            }
            Some(_) => {}
            None => panic!("closed while waiting for an event"),
        }
    }
}

#[tokio::test]
async fn when_the_turn_timer_runs_out_the_server_plays_for_the_coach_until_the_turn_changes() {
    let server = paused_server().await;
    let (mut a, mut b, room) =
        open_match(&server, fixed_board(), TimerPolicy::PerTurn { seconds: 30 }).await;
    let t0 = start_timed(&mut a, &mut b, &room).await;
    let first = a.deciding().expect("someone sets up first");
    let left = a.decision.as_ref().and_then(|d| d.time_left_ms);
    assert_eq!(left, Some(30_000), "the decision carries the time left");

    // Nobody moves. After the limit, the timer plays for the coach setting up...
    let fired = until_event(
        &mut a,
        |e| matches!(e, RoomEvent::TimerExpired { coach } if *coach == first),
    )
    .await;
    assert!(fired - t0 >= Duration::from_secs(30), "never early");

    // ...through the whole set-up; then the other coach gets 30 seconds of their own, and
    // so on into the first turn, where the timer ends the turn.
    until_event(&mut a, |e| {
        matches!(
            e,
            RoomEvent::Game {
                event: AnyEvent::Blitz(Event::TurnStarted { .. })
            }
        )
    })
    .await;
    let turn_coach = a
        .events
        .iter()
        .find_map(|e| match &e.event {
            RoomEvent::Game {
                event: AnyEvent::Blitz(Event::TurnStarted { coach, .. }),
            } => Some(*coach),
            _ => None,
        })
        .expect("a turn started");
    let ended = until_event(&mut a, |e| {
        matches!(e, RoomEvent::Game { event: AnyEvent::Blitz(Event::TurnEnded { coach }) } if *coach == turn_coach)
    })
    .await;
    assert!(
        ended - t0 >= Duration::from_secs(90),
        "three limits in a row: two set-ups and a turn"
    );
    // One expiry per turn: A's set-up, B's set-up, the first turn.
    let expiries: Vec<Side> = a
        .events
        .iter()
        .filter_map(|e| match e.event {
            RoomEvent::TimerExpired { coach } => Some(coach),
            _ => None,
        })
        .collect();
    assert_eq!(expiries, vec![first, first.other(), turn_coach]);

    // The log shows what the timer did: the first legal command during set-up, and
    // `end_turn` at the Action prompt; nothing by the coaches.
    let log = server.match_log(&room).await;
    assert!(!log.commands.is_empty());
    assert!(
        log.commands
            .iter()
            .all(|c| c.source == CommandSource::Timer)
    );
    assert!(log.commands.iter().all(|c| c.client_id.is_none()));
    assert!(
        log.commands
            .iter()
            .any(|c| c.coach == turn_coach && c.command == AnyCommand::Blitz(Command::EndTurn)),
        "the turn was ended with end_turn"
    );
    assert!(
        log.commands
            .iter()
            .any(|c| matches!(c.command, AnyCommand::Blitz(Command::PlacePlayer { .. }))),
        "set-up was played with the first legal command"
    );
    // The same game replays from the log.
    let (game, _) = replay(&log);
    assert!(game.turn.started.iter().sum::<u16>() >= 1);

    // Once over, the match verifies: the timer's commands and `timer_expired` included.
    let r = a
        .request(|id| ClientMessage::Concede {
            id,
            room: room.clone(),
        })
        .await;
    assert!(r.is_ok(), "{r:?}");
    let log = server.match_log(&room).await;
    assert!(
        matches!(fair::verify_log(&log), Verdict::Verified(_)),
        "{:?}",
        fair::verify_log(&log)
    );
}

#[tokio::test]
async fn a_coach_whose_chess_clock_runs_out_forfeits() {
    let server = paused_server().await;
    let (mut a, mut b, room) = open_match(
        &server,
        fixed_board(),
        TimerPolicy::ChessClock { seconds: 60 },
    )
    .await;
    let t0 = start_timed(&mut a, &mut b, &room).await;
    let first = a.deciding().expect("someone decides");
    assert_eq!(
        a.decision.as_ref().and_then(|d| d.time_left_ms),
        Some(60_000)
    );

    let over = until_event(&mut b, |e| matches!(e, RoomEvent::MatchEnded { .. })).await;
    assert!(over - t0 >= Duration::from_secs(60), "never early");
    let expected = MatchResult::Forfeit { loser: first };
    assert_eq!(b.result, Some(expected));
    assert!(
        b.events
            .iter()
            .any(|e| e.event == RoomEvent::Forfeited { coach: first })
    );
    let log = server.match_log(&room).await;
    assert_eq!(log.result, Some(expected));
    assert!(log.commands.is_empty());
    assert!(
        matches!(fair::verify_log(&log), Verdict::Verified(_)),
        "a forfeited match verifies: {:?}",
        fair::verify_log(&log)
    );
    // The winner is the other coach.
    assert_eq!(
        expected.winner(),
        Some(if first == Side::Home {
            Side::Away
        } else {
            Side::Home
        })
    );
}

/// A Blood Bowl turn has a time limit too (§9.1, G26: a per-turn timer): when it runs out the
/// server plays the engine's timeout command for the coach until the turn changes, so a
/// coach who walks away loses the turn, not the match.
#[tokio::test]
async fn a_blood_bowl_turn_that_runs_out_of_time_is_ended_for_the_coach() {
    use dugout_rules::bb;
    let server = paused_server().await;
    let ta = server.register("coach_a").await;
    let tb = server.register("coach_b").await;
    let mut a = server.client(&ta).await;
    let mut b = server.client(&tb).await;
    let room = a
        .create_room(dugout_protocol::RoomSpec {
            setup: dugout_rules::AnySetup::BloodBowl(bb::MatchSetup {
                teams: [
                    bb::TeamChoice::Roster(bb::Roster::Human),
                    bb::TeamChoice::Roster(bb::Roster::Goblin),
                ],
                options: bb::Options::default(),
                pre_match: Box::default(),
            }),
            timer: TimerPolicy::PerTurn { seconds: 240 },
            private: false,
            league: None,
        })
        .await;
    assert_eq!(a.join(&room, Some(Side::Home)).await, Ok(Some(0)));
    assert_eq!(b.join(&room, Some(Side::Away)).await, Ok(Some(0)));
    assert!(a.ready(&room).await.is_ok());
    let t0 = Instant::now();
    assert!(b.ready(&room).await.is_ok());
    if a.any_view.is_none() {
        a.wait_snapshot().await;
    }
    // Nobody plays: the timer plays the coin toss choice, both set-ups and the kick, then
    // the first team turn starts and runs out too.
    let started = |e: &RoomEvent| {
        matches!(
            e,
            RoomEvent::Game {
                event: AnyEvent::BloodBowl(bb::Event::TurnStarted { .. })
            }
        )
    };
    until_event(&mut a, started).await;
    let turn_coach = a
        .events
        .iter()
        .find_map(|e| match &e.event {
            RoomEvent::Game {
                event: AnyEvent::BloodBowl(bb::Event::TurnStarted { side, .. }),
            } => Some(*side),
            _ => None,
        })
        .expect("a turn started");
    let ended = until_event(&mut a, |e| {
        matches!(e, RoomEvent::Game { event: AnyEvent::BloodBowl(bb::Event::TurnEnded { side, .. }) } if *side == turn_coach)
    })
    .await;
    assert!(
        ended - t0 >= Duration::from_secs(240),
        "never before the limit"
    );
    let log = server.match_log(&room).await;
    assert!(
        log.commands
            .iter()
            .all(|c| c.source == CommandSource::Timer),
        "only the timer played"
    );
    assert!(
        log.commands
            .iter()
            .any(|c| c.coach == turn_coach
                && c.command == AnyCommand::BloodBowl(bb::Command::EndTurn)),
        "the turn was ended with end_turn"
    );
    let expiries = a
        .events
        .iter()
        .filter(|e| matches!(e.event, RoomEvent::TimerExpired { coach } if coach == turn_coach))
        .count();
    assert!(expiries >= 1);
}
