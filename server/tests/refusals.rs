//! Bad input is expected input: each refusal is a typed error, and the room's state and
//! sequence number do not change.

mod common;

use common::*;
use dugout_protocol::{
    ClientMessage, ErrorCode, MAX_CHAT_CHARS, MAX_MESSAGE_BYTES, MatchResult, PROTOCOL_VERSION,
    RoomEvent, TimerPolicy,
};
use dugout_rules::AnyCommand;
use dugout_rules::blitz::{Command, GameView};
use dugout_rules::core::Side;
use dugout_server::Limits;
use serde_json::json;

/// A started match with a spectator and a stranger.
struct Fixture {
    server: TestServer,
    a: Client,
    b: Client,
    spectator: Client,
    stranger: Client,
    room: String,
}

/// What must not change.
#[derive(Debug, PartialEq)]
struct RoomState {
    seq: u64,
    view: GameView,
    events: usize,
    commands: usize,
}

impl Fixture {
    async fn new() -> Fixture {
        let server = TestServer::start().await;
        let (a, b, room) = seated_match(&server, plain_setup(), TimerPolicy::None).await;
        let ts = server.register("watcher").await;
        let mut spectator = server.client(&ts).await;
        assert!(spectator.spectate(&room).await.is_ok());
        let td = server.register("stranger").await;
        let stranger = server.client(&td).await;
        Fixture {
            server,
            a,
            b,
            spectator,
            stranger,
            room,
        }
    }

    async fn state(&mut self) -> RoomState {
        let (seq, view) = self.a.snapshot(&self.room).await;
        let log = self.server.match_log(&self.room).await;
        RoomState {
            seq,
            view,
            events: log.events.len(),
            commands: log.commands.len(),
        }
    }

    fn deciding(&self) -> Side {
        self.a.deciding().expect("someone decides")
    }

    /// The coach who decides now and the one who waits.
    fn coaches(&mut self) -> (&mut Client, &mut Client) {
        match self.deciding() {
            Side::Home => (&mut self.a, &mut self.b),
            Side::Away => (&mut self.b, &mut self.a),
        }
    }

    /// The deciding coach's first legal command.
    fn a_legal_command(&mut self) -> Command {
        let (decider, _) = self.coaches();
        decider.legal()[0]
    }
}

/// A command no prompt ever accepts.
const NEVER_LEGAL: Command = Command::Claim { slot: 99 };

#[tokio::test]
async fn malformed_json_gets_a_typed_error_and_changes_nothing() {
    let mut f = Fixture::new().await;
    let before = f.state().await;
    f.a.send_text("{\"type\": \"command\", \"id\": 1,".into())
        .await;
    assert_eq!(f.a.error().await, (ErrorCode::Malformed, None));
    // Right JSON, wrong shape: a command with no command.
    f.a.send_text(json!({ "type": "command", "id": 5, "room": f.room }).to_string())
        .await;
    assert_eq!(f.a.error().await, (ErrorCode::Malformed, Some(5)));
    f.a.send_text(
        json!({ "type": "command", "id": 6, "room": f.room, "command": { "type": "fly" } })
            .to_string(),
    )
    .await;
    assert_eq!(f.a.error().await, (ErrorCode::Malformed, Some(6)));
    assert_eq!(f.state().await, before);
}

#[tokio::test]
async fn an_unknown_message_type_gets_a_typed_error_and_changes_nothing() {
    let mut f = Fixture::new().await;
    let before = f.state().await;
    f.a.send_text(json!({ "type": "teleport", "id": 77 }).to_string())
        .await;
    assert_eq!(f.a.error().await, (ErrorCode::UnknownMessage, Some(77)));
    assert_eq!(f.state().await, before);
}

#[tokio::test]
async fn a_binary_frame_is_malformed() {
    let mut f = Fixture::new().await;
    let before = f.state().await;
    f.a.send_binary(vec![1, 2, 3]).await;
    assert_eq!(f.a.error().await, (ErrorCode::Malformed, None));
    assert_eq!(f.state().await, before);
}

#[tokio::test]
async fn an_oversized_frame_gets_too_large_and_a_close_and_changes_nothing() {
    let mut f = Fixture::new().await;
    let before = f.state().await;
    let token = f
        .server
        .post(
            "/api/login",
            json!({ "name": "coach_a", "password": "correct horse battery" }),
            None,
        )
        .await
        .1["token"]
        .as_str()
        .expect("token")
        .to_owned();
    let mut big = f.server.client(&token).await;
    let padding = "x".repeat(MAX_MESSAGE_BYTES + 1000);
    big.send_text(json!({ "type": "chat", "id": 1, "room": f.room, "text": padding }).to_string())
        .await;
    assert_eq!(big.error().await, (ErrorCode::TooLarge, None));
    assert!(
        big.recv().await.is_none(),
        "the server closes the connection"
    );
    assert_eq!(big.closed, Some(1009));
    assert_eq!(f.state().await, before);
}

#[tokio::test]
async fn a_command_for_the_other_seats_decision_is_not_your_seat_and_changes_nothing() {
    let mut f = Fixture::new().await;
    let before = f.state().await;
    let cmd = f.a_legal_command();
    let room = f.room.clone();
    let (_, waiter) = f.coaches();
    let r = waiter.command(&room, cmd).await;
    assert_eq!(r.map_err(|e| e.0), Err(ErrorCode::NotYourSeat));
    assert_eq!(f.state().await, before);
}

#[tokio::test]
async fn a_command_out_of_turn_is_not_your_turn_and_changes_nothing() {
    let mut f = Fixture::new().await;
    let before = f.state().await;
    let room = f.room.clone();
    let (_, waiter) = f.coaches();
    let r = waiter.command(&room, NEVER_LEGAL).await;
    assert_eq!(r.map_err(|e| e.0), Err(ErrorCode::NotYourTurn));
    assert_eq!(f.state().await, before);
}

#[tokio::test]
async fn an_illegal_command_is_refused_with_the_reason_and_changes_nothing() {
    let mut f = Fixture::new().await;
    let before = f.state().await;
    let room = f.room.clone();
    let (decider, _) = f.coaches();
    let r = decider.command(&room, NEVER_LEGAL).await;
    let (code, reason) = r.expect_err("refused");
    assert_eq!(code, ErrorCode::IllegalCommand);
    assert!(
        reason.contains("Claim"),
        "the reason names the command: {reason}"
    );
    assert_eq!(f.state().await, before);
}

#[tokio::test]
async fn a_spectator_or_a_stranger_sending_a_command_is_not_seated_and_changes_nothing() {
    let mut f = Fixture::new().await;
    let before = f.state().await;
    let cmd = f.a_legal_command();
    let room = f.room.clone();
    let r = f.spectator.command(&room, cmd).await;
    assert_eq!(r.map_err(|e| e.0), Err(ErrorCode::NotSeated));
    let r = f.stranger.command(&room, cmd).await;
    assert_eq!(r.map_err(|e| e.0), Err(ErrorCode::NotSeated));
    assert_eq!(f.state().await, before);
}

#[tokio::test]
async fn a_retried_command_id_is_acknowledged_again_and_not_applied_twice() {
    let mut f = Fixture::new().await;
    let cmd = f.a_legal_command();
    let side = f.deciding();
    let room = f.room.clone();
    let id = 4242;
    let send = |c: Command| ClientMessage::Command {
        id,
        room: room.clone(),
        command: AnyCommand::Blitz(c),
    };
    f.coach(side).send(&send(cmd)).await;
    let first = f.coach(side).answer(id).await.expect("applied");
    let after_first = f.state().await;
    assert_eq!(Some(after_first.seq), first);

    f.coach(side).send(&send(cmd)).await;
    assert_eq!(
        f.coach(side).answer(id).await,
        Ok(first),
        "same ack, same seq"
    );
    // The same id for another command is refused.
    f.coach(side).send(&send(Command::EndTurn)).await;
    assert_eq!(
        f.coach(side).answer(id).await.map_err(|e| e.0),
        Err(ErrorCode::DuplicateId)
    );
    assert_eq!(f.state().await, after_first);
}

#[tokio::test]
async fn a_command_id_below_the_last_ones_is_refused_as_stale_and_changes_nothing() {
    let mut f = Fixture::new().await;
    let room = f.room.clone();
    let first = f.deciding();
    // Ids increase per coach and room (protocol 2). Play with high ids until the first
    // coach to act decides again...
    let mut id = 1_000_000;
    let mut acted = false;
    for _ in 0..60 {
        let side = f.deciding();
        if side == first && acted {
            break;
        }
        let cmd = f.a_legal_command();
        id += 1;
        // Each command gives both coaches one events message; wait for both, so the next
        // round reads the decision that follows this command (not the one before it).
        let targets = [f.a.events_messages + 1, f.b.events_messages + 1];
        f.coach(side)
            .send(&ClientMessage::Command {
                id,
                room: room.clone(),
                command: AnyCommand::Blitz(cmd),
            })
            .await;
        f.coach(side).answer(id).await.expect("applied");
        f.a.wait_events_messages(targets[0]).await;
        f.b.wait_events_messages(targets[1]).await;
        acted |= side == first;
    }
    assert_eq!(f.deciding(), first, "the first coach decides again");
    let before = f.state().await;
    // ...then a lower id, which the room cannot tell from a retry of an old command.
    let cmd = f.a_legal_command();
    f.coach(first)
        .send(&ClientMessage::Command {
            id: 3,
            room: room.clone(),
            command: AnyCommand::Blitz(cmd),
        })
        .await;
    assert_eq!(
        f.coach(first).answer(3).await.map_err(|e| e.0),
        Err(ErrorCode::StaleId)
    );
    assert_eq!(f.state().await, before);
}

impl Fixture {
    fn coach(&mut self, side: Side) -> &mut Client {
        match side {
            Side::Home => &mut self.a,
            Side::Away => &mut self.b,
        }
    }
}

#[tokio::test]
async fn a_stale_or_forged_token_is_unauthenticated_and_changes_nothing() {
    let mut f = Fixture::new().await;
    let before = f.state().await;
    let (status, grant) = f
        .server
        .post(
            "/api/login",
            json!({ "name": "coach_a", "password": "correct horse battery" }),
            None,
        )
        .await;
    assert!(status.is_success());
    let token = grant["token"].as_str().expect("token").to_owned();
    let (status, _) = f.server.post("/api/logout", json!({}), Some(&token)).await;
    assert_eq!(status.as_u16(), 204);

    let mut stale = f.server.connect().await;
    assert_eq!(
        stale.try_hello(&token).await.err(),
        Some(ErrorCode::Unauthenticated)
    );
    // Still in the hello phase: nothing else is allowed.
    let room = f.room.clone();
    let r = stale
        .request(|id| ClientMessage::JoinRoom {
            id,
            room: room.clone(),
            seat: Some(Side::Home),
            entropy: None,
        })
        .await;
    assert_eq!(r.map_err(|e| e.0), Err(ErrorCode::WrongPhase));
    let r = stale
        .request(|id| ClientMessage::Command {
            id,
            room: room.clone(),
            command: AnyCommand::Blitz(Command::EndTurn),
        })
        .await;
    assert_eq!(r.map_err(|e| e.0), Err(ErrorCode::WrongPhase));

    let mut forged = f.server.connect().await;
    assert_eq!(
        forged.try_hello(&"ab".repeat(32)).await.err(),
        Some(ErrorCode::Unauthenticated)
    );
    assert_eq!(
        forged.try_hello("").await.err(),
        Some(ErrorCode::Unauthenticated)
    );
    // An old protocol version is refused before the token is looked at.
    forged
        .send(&ClientMessage::Hello {
            protocol_version: PROTOCOL_VERSION + 1,
            client: "old".into(),
            token: "x".into(),
        })
        .await;
    assert_eq!(forged.error().await.0, ErrorCode::VersionMismatch);
    assert_eq!(f.state().await, before);
}

#[tokio::test]
async fn joining_a_full_room_is_refused_and_changes_nothing() {
    let mut f = Fixture::new().await;
    let before = f.state().await;
    let room = f.room.clone();
    assert_eq!(
        f.stranger.join(&room, None).await.map_err(|e| e.0),
        Err(ErrorCode::RoomFull)
    );
    // A seat may only be taken over by its own account.
    assert_eq!(
        f.stranger
            .join(&room, Some(Side::Home))
            .await
            .map_err(|e| e.0),
        Err(ErrorCode::SeatTaken)
    );
    assert_eq!(f.state().await, before);

    // Before the match starts, too.
    let open =
        f.a.create_room(spec(plain_setup(), TimerPolicy::None))
            .await;
    assert!(f.a.join(&open, None).await.is_ok());
    assert!(f.b.join(&open, None).await.is_ok());
    assert_eq!(
        f.stranger.join(&open, None).await.map_err(|e| e.0),
        Err(ErrorCode::RoomFull)
    );
}

#[tokio::test]
async fn an_unknown_room_and_a_refused_setup_get_typed_errors() {
    let mut f = Fixture::new().await;
    let r = f.a.join("no-such-room", None).await;
    assert_eq!(r.map_err(|e| e.0), Err(ErrorCode::UnknownRoom));
    let mut setup = plain_setup();
    setup.options.endgame = true;
    let r =
        f.a.request(|id| ClientMessage::CreateRoom {
            id,
            room: spec(setup, TimerPolicy::None),
        })
        .await;
    assert_eq!(r.map_err(|e| e.0), Err(ErrorCode::InvalidSetup));
    let r =
        f.a.request(|id| ClientMessage::CreateRoom {
            id,
            room: spec(plain_setup(), TimerPolicy::PerTurn { seconds: 0 }),
        })
        .await;
    assert_eq!(r.map_err(|e| e.0), Err(ErrorCode::InvalidSetup));
}

#[tokio::test]
async fn chat_reaches_coaches_and_spectators_within_its_limits() {
    let mut f = Fixture::new().await;
    let before = f.state().await;
    let room = f.room.clone();
    let say = |text: String| {
        let room = room.clone();
        move |id| ClientMessage::Chat { id, room, text }
    };
    assert!(f.spectator.request(say("good luck".into())).await.is_ok());
    for c in [&mut f.a, &mut f.b] {
        while c.chat.is_empty() {
            c.recv().await;
        }
        assert_eq!(c.chat[0], ("watcher".to_owned(), "good luck".to_owned()));
    }
    // Bidi controls (a right-to-left override could make a line read as another) are
    // stripped; a line of nothing else is empty.
    assert!(
        f.spectator
            .request(say("gg \u{202E}won I\u{2066}".into()))
            .await
            .is_ok()
    );
    for c in [&mut f.a, &mut f.b] {
        while c.chat.len() < 2 {
            c.recv().await;
        }
        assert_eq!(c.chat[1], ("watcher".to_owned(), "gg won I".to_owned()));
    }
    let r = f.a.request(say("\u{202E}\u{200F}".into())).await;
    assert_eq!(r.map_err(|e| e.0), Err(ErrorCode::InvalidChat));
    let r = f.a.request(say("   ".into())).await;
    assert_eq!(r.map_err(|e| e.0), Err(ErrorCode::InvalidChat));
    let r = f.a.request(say("y".repeat(MAX_CHAT_CHARS + 1))).await;
    assert_eq!(r.map_err(|e| e.0), Err(ErrorCode::InvalidChat));
    let r = f.stranger.request(say("hi".into())).await;
    assert_eq!(r.map_err(|e| e.0), Err(ErrorCode::NotSeated));
    assert_eq!(f.state().await, before);
}

#[tokio::test]
async fn a_concession_ends_the_match_for_everyone_and_later_commands_are_refused() {
    let mut f = Fixture::new().await;
    let room = f.room.clone();
    let r =
        f.a.request(|id| ClientMessage::Concede {
            id,
            room: room.clone(),
        })
        .await;
    assert!(r.is_ok());
    let expected = MatchResult::Concession { loser: Side::Home };
    for c in [&mut f.a, &mut f.b, &mut f.spectator] {
        while c.result.is_none() {
            assert!(c.recv().await.is_some());
        }
        assert_eq!(c.result, Some(expected));
        assert!(matches!(
            c.events.last().map(|e| &e.event),
            Some(RoomEvent::MatchEnded { .. })
        ));
        assert!(c.legal().is_empty());
    }
    let before = f.state().await;
    let r = f.b.command(&room, Command::EndTurn).await;
    assert_eq!(r.map_err(|e| e.0), Err(ErrorCode::NotPlaying));
    assert_eq!(f.state().await, before);
    let log = f.server.match_log(&room).await;
    assert_eq!(log.result, Some(expected));
}

#[tokio::test]
async fn a_client_over_its_message_rate_is_refused_then_closed() {
    let limits = Limits {
        messages_per_second: 0.001,
        message_burst: 3.0,
        max_strikes: 5,
        ..Limits::default()
    };
    let server = TestServer::start_with(limits).await;
    let token = server.register("hasty").await;
    let mut c = server.client(&token).await;
    // The hello spent one credit; two more pings pass.
    for _ in 0..2 {
        assert!(c.request(|id| ClientMessage::Ping { id }).await.is_ok());
    }
    let r = c.request(|id| ClientMessage::Ping { id }).await;
    assert_eq!(r.map_err(|e| e.0), Err(ErrorCode::RateLimited));
    for _ in 0..10 {
        let id = c.id();
        c.send(&ClientMessage::Ping { id }).await;
    }
    while c.recv().await.is_some() {}
    assert_eq!(
        c.closed,
        Some(1008),
        "closed for policy after too many strikes"
    );
}

#[tokio::test]
async fn commands_naming_players_cards_and_squares_that_do_not_exist_are_refused() {
    use dugout_rules::blitz::{ActionChoice, CardId, PlayerId, RerollSource};
    use dugout_rules::core::Square;

    let mut f = Fixture::new().await;
    let before = f.state().await;
    let room = f.room.clone();
    let nowhere = Square::new(-3, 120);
    let weird = [
        Command::Action {
            player: PlayerId(250),
            choice: ActionChoice::Block {
                target: PlayerId(251),
            },
            bonus: Some(CardId(252)),
        },
        Command::Action {
            player: PlayerId(0),
            choice: ActionChoice::Throw { target: nowhere },
            bonus: None,
        },
        Command::PlacePlayer {
            player: PlayerId(255),
            square: nowhere,
        },
        Command::MoveTo { square: nowhere },
        Command::ChooseBlockDie { index: 200 },
        Command::DiscardCard { card: CardId(255) },
        Command::PlayBonus {
            card: CardId(255),
            player: Some(PlayerId(255)),
            square: Some(nowhere),
        },
        Command::Reroll {
            source: RerollSource::RawTalent(CardId(255)),
        },
        Command::Wardance {
            player: PlayerId(255),
            to: nowhere,
        },
    ];
    let (decider, waiter) = f.coaches();
    for cmd in weird {
        let r = decider.command(&room, cmd).await;
        assert_eq!(
            r.map_err(|e| e.0),
            Err(ErrorCode::IllegalCommand),
            "{cmd:?}"
        );
        let r = waiter.command(&room, cmd).await;
        assert_eq!(r.map_err(|e| e.0), Err(ErrorCode::NotYourTurn), "{cmd:?}");
    }
    assert_eq!(f.state().await, before);
}

#[tokio::test]
async fn nobody_but_its_coaches_watches_a_private_match() {
    let server = TestServer::start().await;
    let ta = server.register("coach_a").await;
    let tb = server.register("coach_b").await;
    let mut a = server.client(&ta).await;
    let mut b = server.client(&tb).await;
    let mut private = spec(plain_setup(), TimerPolicy::None);
    private.private = true;
    let room = a.create_room(private).await;
    assert!(a.join(&room, Some(Side::Home)).await.is_ok());
    assert!(b.join(&room, Some(Side::Away)).await.is_ok());
    start(&mut a, &mut b, &room).await;
    let before = server.match_log(&room).await.events.len();

    let ts = server.register("snoop").await;
    let mut snoop = server.client(&ts).await;
    assert_eq!(
        snoop.spectate(&room).await.map_err(|e| e.0),
        Err(ErrorCode::Forbidden)
    );
    let resumed = snoop
        .request(|id| ClientMessage::Resume {
            id,
            room: room.clone(),
            last_seq: 0,
        })
        .await;
    assert_eq!(resumed.map_err(|e| e.0), Err(ErrorCode::Forbidden));
    let chat = snoop
        .request(|id| ClientMessage::Chat {
            id,
            room: room.clone(),
            text: "hello".into(),
        })
        .await;
    assert_eq!(chat.map_err(|e| e.0), Err(ErrorCode::NotSeated));
    assert!(snoop.view.is_none(), "no snapshot reached the stranger");
    assert_eq!(server.match_log(&room).await.events.len(), before);
    // Its own coach may still follow it as a spectator from another connection.
    let mut a2 = server.client(&ta).await;
    assert!(a2.spectate(&room).await.is_ok());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flooding_client_still_gets_its_last_errors_and_the_1008_close() {
    // Before issue 15 the server dropped the socket with the flood unread in it; the kernel
    // then reset the connection and the client saw 1006, losing the error and close frame.
    let limits = Limits {
        messages_per_second: 0.001,
        message_burst: 3.0,
        max_strikes: 5,
        ..Limits::default()
    };
    let server = TestServer::start_with(limits).await;
    let token = server.register("flood").await;
    let mut c = server.client(&token).await;
    for _ in 0..3000 {
        let id = c.id();
        c.send(&ClientMessage::Ping { id }).await;
    }
    let mut limited = 0;
    while let Some(msg) = c.recv().await {
        if let dugout_protocol::ServerMessage::Error {
            code: ErrorCode::RateLimited,
            ..
        } = msg
        {
            limited += 1;
        }
    }
    assert_eq!(limited, 5, "every strike was answered");
    assert_eq!(c.closed, Some(1008), "closed for policy, not reset");
}
