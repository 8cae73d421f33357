//! Wire types shared by the Dugout server and its clients.
//!
//! Everything here is plain data with serde derives: no tokio, no axum. The JSON shape of
//! these types *is* the protocol (see `docs/protocol.md`), so changing a field name is a
//! protocol change and must bump [`PROTOCOL_VERSION`].

mod archive;
pub mod input;
mod league_teams;
pub mod legacy;
mod messages;
mod schema;

pub use archive::*;
pub use league_teams::*;
pub use messages::*;
pub use schema::{SCHEMA_DIR, schemas};

/// Version of the client/server protocol. Bumped on every incompatible change.
pub const PROTOCOL_VERSION: u32 = 2;

/// Largest WebSocket message the server accepts, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// Longest coach entropy a `join_room` may carry, in bytes (twice as many hex digits).
pub const MAX_ENTROPY_BYTES: usize = 64;

/// Longest chat line, in characters.
pub const MAX_CHAT_CHARS: usize = 500;

/// The WebSocket endpoint's path.
pub const WS_PATH: &str = "/ws";

#[cfg(test)]
mod tests {
    use super::*;
    use dugout_rules::blitz::{ActionChoice, Command, PlayerId};

    fn roundtrip<
        T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
    >(
        v: T,
    ) {
        let json = serde_json::to_string(&v).expect("serialize");
        let back: T = serde_json::from_str(&json).expect("deserialize");
        assert_eq!(back, v, "{json}");
    }

    #[test]
    fn client_messages_survive_a_json_roundtrip() {
        roundtrip(ClientMessage::Hello {
            protocol_version: PROTOCOL_VERSION,
            client: "bot".into(),
            token: "t".into(),
        });
        roundtrip(ClientMessage::Command {
            id: 7,
            room: "r".into(),
            command: AnyCommand::Blitz(Command::Action {
                player: PlayerId(3),
                choice: ActionChoice::Run,
                bonus: None,
            }),
        });
    }

    #[test]
    fn a_command_has_the_documented_json_shape() {
        let msg = ClientMessage::Command {
            id: 7,
            room: "r".into(),
            command: AnyCommand::Blitz(Command::MoveTo {
                square: dugout_rules::core::Square::new(3, 4),
            }),
        };
        assert_eq!(
            serde_json::to_value(&msg).expect("serialize"),
            serde_json::json!({
                "type": "command", "id": 7, "room": "r",
                "command": { "game": "blitz", "type": "move_to", "square": { "x": 3, "y": 4 } }
            })
        );
    }

    fn a_spec() -> RoomSpec {
        RoomSpec {
            setup: AnySetup::Blitz(dugout_rules::blitz::MatchSetup {
                edition: Default::default(),
                teams: [
                    dugout_rules::blitz::data::TeamId::ALL[0],
                    dugout_rules::blitz::data::TeamId::ALL[1],
                ],
                options: Default::default(),
            }),
            timer: TimerPolicy::None,
            private: false,
            league: None,
        }
    }

    #[test]
    fn a_room_spec_names_its_game_beside_its_setup() {
        // The shape protocol 1 had, so stored specs read unchanged.
        let v = serde_json::to_value(a_spec()).expect("serialize");
        assert_eq!(v["game"], "blitz");
        assert_eq!(
            v["setup"]["teams"],
            serde_json::json!(["Amazon", "BlackOrc"])
        );
        assert_eq!(v["timer"]["policy"], "none");
        roundtrip(a_spec());
        let bad = serde_json::json!({"game": "chess", "setup": v["setup"].clone()});
        assert!(serde_json::from_value::<RoomSpec>(bad).is_err());
    }

    #[test]
    fn a_decision_carries_one_game_tag_for_its_prompt_and_commands() {
        use dugout_rules::core::{ChaChaDice, Seat};
        let mut dice = ChaChaDice::from_u64(1);
        let (game, _) =
            dugout_rules::AnyGame::new_game(a_spec().setup, 1, &mut dice).expect("a match");
        let coach = game.deciding().expect("someone decides");
        let d = Decision {
            pending: game.decision(Seat::Coach(coach)),
            time_left_ms: Some(5),
        };
        let v = serde_json::to_value(&d).expect("serialize");
        assert_eq!(v["game"], "blitz");
        assert!(v["prompt"]["kind"].is_object() || v["prompt"]["kind"].is_string());
        assert!(!v["legal"].as_array().expect("legal").is_empty());
        assert!(
            v["legal"][0].get("game").is_none(),
            "one tag, not one per command"
        );
        assert_eq!(v["time_left_ms"], 5);
        roundtrip(d);
    }

    #[test]
    fn errors_carry_a_snake_case_code() {
        let msg = ServerMessage::Error {
            id: Some(1),
            code: ErrorCode::NotYourTurn,
            message: "wait".into(),
        };
        let v = serde_json::to_value(&msg).expect("serialize");
        assert_eq!(v["code"], "not_your_turn");
        assert_eq!(v["type"], "error");
    }

    #[test]
    fn every_client_message_type_is_listed_in_types() {
        let samples = [
            ClientMessage::Hello {
                protocol_version: 1,
                client: "c".into(),
                token: "t".into(),
            },
            ClientMessage::ListRooms { id: 1 },
            ClientMessage::CreateRoom {
                id: 1,
                room: a_spec(),
            },
            ClientMessage::JoinRoom {
                id: 1,
                room: "r".into(),
                seat: None,
                entropy: Some("00ff".into()),
            },
            ClientMessage::Spectate {
                id: 1,
                room: "r".into(),
            },
            ClientMessage::Leave {
                id: 1,
                room: "r".into(),
            },
            ClientMessage::Ready {
                id: 1,
                room: "r".into(),
            },
            ClientMessage::Concede {
                id: 1,
                room: "r".into(),
            },
            ClientMessage::ClaimWin {
                id: 1,
                room: "r".into(),
            },
            ClientMessage::Command {
                id: 1,
                room: "r".into(),
                command: AnyCommand::Blitz(Command::EndTurn),
            },
            ClientMessage::Resume {
                id: 1,
                room: "r".into(),
                last_seq: 0,
            },
            ClientMessage::Snapshot {
                id: 1,
                room: "r".into(),
            },
            ClientMessage::Chat {
                id: 1,
                room: "r".into(),
                text: "hi".into(),
            },
            ClientMessage::Ping { id: 1 },
        ];
        assert_eq!(samples.len(), ClientMessage::TYPES.len());
        for (msg, ty) in samples.iter().zip(ClientMessage::TYPES) {
            let v = serde_json::to_value(msg).expect("serialize");
            assert_eq!(v["type"], *ty);
            assert_eq!(msg.id(), v.get("id").and_then(|id| id.as_u64()));
        }
    }

    #[test]
    fn the_fair_dice_fields_are_optional_on_the_wire() {
        // Clients and stored logs from before the dice commitment still parse.
        let join: ClientMessage =
            serde_json::from_str(r#"{"type":"join_room","id":3,"room":"r","seat":"Home"}"#)
                .expect("a join without entropy");
        assert!(matches!(
            join,
            ClientMessage::JoinRoom { entropy: None, .. }
        ));
        let started: RoomEvent =
            serde_json::from_str(r#"{"type":"match_started","coaches":["a","b"]}"#)
                .expect("a start without a commitment");
        assert!(matches!(
            started,
            RoomEvent::MatchStarted { dice: None, .. }
        ));
        let ended: RoomEvent = serde_json::from_str(
            r#"{"type":"match_ended","result":{"by":"concession","loser":"Home"}}"#,
        )
        .expect("an end without a seed");
        assert!(matches!(
            ended,
            RoomEvent::MatchEnded {
                server_seed: None,
                ..
            }
        ));
        roundtrip(RoomEvent::MatchStarted {
            coaches: ["a".into(), "b".into()],
            dice: Some(DiceCommitment {
                commitment: "ab".repeat(32),
                entropy: [Some("00ff".into()), None],
            }),
        });
    }

    #[test]
    fn an_unknown_message_type_does_not_parse() {
        let r: Result<ClientMessage, _> = serde_json::from_str(r#"{"type":"fly","id":1}"#);
        assert!(r.is_err());
    }
}
