//! Wire types shared by the Dugout server and its clients.
//!
//! Everything here is plain data with serde derives: no tokio, no axum. The JSON shape of
//! these types *is* the protocol (see `docs/protocol.md`), so changing a field name is a
//! protocol change and must bump [`PROTOCOL_VERSION`].

mod messages;

pub use messages::*;

/// Version of the client/server protocol. Bumped on every incompatible change.
pub const PROTOCOL_VERSION: u32 = 1;

/// Largest WebSocket message the server accepts, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// Longest chat line, in characters.
pub const MAX_CHAT_CHARS: usize = 500;

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
            command: Command::Action {
                player: PlayerId(3),
                choice: ActionChoice::Run,
                bonus: None,
            },
        });
    }

    #[test]
    fn a_command_has_the_documented_json_shape() {
        let msg = ClientMessage::Command {
            id: 7,
            room: "r".into(),
            command: Command::MoveTo {
                square: dugout_rules::core::Square::new(3, 4),
            },
        };
        assert_eq!(
            serde_json::to_value(&msg).expect("serialize"),
            serde_json::json!({
                "type": "command", "id": 7, "room": "r",
                "command": { "type": "move_to", "square": { "x": 3, "y": 4 } }
            })
        );
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
    fn an_unknown_message_type_does_not_parse() {
        let r: Result<ClientMessage, _> = serde_json::from_str(r#"{"type":"fly","id":1}"#);
        assert!(r.is_err());
    }
}
