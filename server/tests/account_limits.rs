//! Per-account limits (issue 15): one account used to fill the server's room cap in 23 s,
//! open connections without end and take every spectator slot of a room. Real server, real
//! WebSockets.

mod common;

use std::time::Duration;

use common::*;
use dugout_protocol::{ClientMessage, ErrorCode, ServerMessage, TimerPolicy};
use dugout_server::Limits;

fn limits() -> Limits {
    Limits {
        max_rooms_per_account: 2,
        max_connections_per_account: 3,
        max_spectators_per_account: 2,
        ..fast_limits()
    }
}

async fn try_create(c: &mut Client) -> Answer {
    let room = spec(plain_setup(), TimerPolicy::None);
    c.request(|id| ClientMessage::CreateRoom { id, room }).await
}

#[tokio::test]
async fn one_account_has_a_few_rooms_open_at_once_not_the_servers_whole_cap() {
    let server = TestServer::start_with(limits()).await;
    let ta = server.register("hoarder").await;
    let tb = server.register("someone").await;
    let mut a = server.client(&ta).await;
    let mut b = server.client(&tb).await;
    assert!(try_create(&mut a).await.is_ok());
    assert!(try_create(&mut a).await.is_ok());
    let (code, message) = try_create(&mut a).await.expect_err("a third room");
    assert_eq!(code, ErrorCode::RateLimited);
    assert!(message.contains("as many as one account may"), "{message}");
    assert!(
        try_create(&mut b).await.is_ok(),
        "other accounts are not limited by it"
    );
}

#[tokio::test]
async fn one_account_watches_a_room_from_a_few_connections_at_most() {
    let server = TestServer::start_with(limits()).await;
    let (_a, _b, room) = seated_match(&server, plain_setup(), TimerPolicy::None).await;
    let tw = server.register("crowd").await;
    let mut seats = Vec::new();
    for _ in 0..2 {
        let mut c = server.client(&tw).await;
        assert!(c.spectate(&room).await.is_ok());
        seats.push(c);
    }
    let mut third = server.client(&tw).await;
    assert_eq!(
        third.spectate(&room).await.map_err(|e| e.0),
        Err(ErrorCode::RoomFull)
    );
    let to = server.register("fan").await;
    let mut other = server.client(&to).await;
    assert!(
        other.spectate(&room).await.is_ok(),
        "another account still gets in"
    );
}

#[tokio::test]
async fn one_account_has_a_few_connections_at_once_and_gets_a_slot_back_when_one_closes() {
    let server = TestServer::start_with(limits()).await;
    let t = server.register("many_tabs").await;
    let mut open = Vec::new();
    for _ in 0..3 {
        open.push(server.client(&t).await);
    }
    let mut fourth = server.connect().await;
    assert_eq!(
        fourth.try_hello(&t).await.map(|_| ()),
        Err(ErrorCode::RateLimited)
    );
    // Another account is not affected.
    let other = server.register("one_tab").await;
    let _fine = server.client(&other).await;
    // One closes: its slot comes back (once the server has seen the close).
    open.pop().expect("a connection").disconnect().await;
    let deadline = tokio::time::Instant::now() + DEADLINE;
    loop {
        match fourth.try_hello(&t).await {
            Ok(ServerMessage::Welcome { .. }) => break,
            Err(ErrorCode::RateLimited) if tokio::time::Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            other => panic!("no slot came back: {other:?}"),
        }
    }
}
