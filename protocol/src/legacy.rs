//! Stored JSON written before protocol 2, when Blitz Bowl was the only game and game payloads
//! carried no `"game"` tag. Stored matches are forever: the store passes a game payload that
//! does not read as it is through these functions, which add the tag where it is missing
//! (such a payload can only be Blitz Bowl's) and leave tagged values alone.

use serde_json::Value;

use crate::GameKind;

/// The one game of protocol 1.
const PROTOCOL_1_GAME: GameKind = GameKind::Blitz;

/// Tag a bare game payload object (a command, an event, an outcome) with its game.
fn tag(game: GameKind, v: &mut Value) {
    if let Value::Object(map) = v
        && !map.contains_key("game")
    {
        map.insert("game".into(), Value::String(game.name().into()));
    }
}

/// A stored command (`match_commands.command`).
pub fn upgrade_command(v: &mut Value) {
    tag(PROTOCOL_1_GAME, v);
}

/// A stored room event (`match_events.event`): a `game` entry's `event`.
pub fn upgrade_room_event(v: &mut Value) {
    match v.get("type").and_then(Value::as_str) {
        Some("game") => {
            if let Some(event) = v.get_mut("event") {
                tag(PROTOCOL_1_GAME, event);
            }
        }
        Some("match_ended") => {
            if let Some(result) = v.get_mut("result") {
                upgrade_result(result);
            }
        }
        _ => {}
    }
}

/// A stored match result (`matches.result`, or inside `match_ended`): a `game` result's
/// `outcome`.
pub fn upgrade_result(v: &mut Value) {
    if v.get("by").and_then(Value::as_str) == Some("game")
        && let Some(outcome) = v.get_mut("outcome")
    {
        tag(PROTOCOL_1_GAME, outcome);
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::{AnyCommand, AnyEvent, MatchResult, RoomEvent};
    use dugout_rules::blitz;
    use serde_json::json;

    #[test]
    fn untagged_blitz_payloads_from_protocol_1_read_as_blitz() {
        let mut cmd = json!({"type": "end_turn"});
        upgrade_command(&mut cmd);
        assert_eq!(
            serde_json::from_value::<AnyCommand>(cmd).unwrap(),
            AnyCommand::Blitz(blitz::Command::EndTurn)
        );
        let mut event = json!({"type": "game", "event": {"type": "coach_a", "coach": "Away"}});
        upgrade_room_event(&mut event);
        assert_eq!(
            serde_json::from_value::<RoomEvent>(event).unwrap(),
            RoomEvent::Game {
                event: AnyEvent::Blitz(blitz::Event::CoachA {
                    coach: dugout_rules::core::Side::Away
                })
            }
        );
        let mut ended = json!({"type": "match_ended", "result":
            {"by": "game", "outcome": {"Points": {"winner": "Home"}}, "score": [3, 1]}});
        upgrade_room_event(&mut ended);
        let RoomEvent::MatchEnded { result, .. } = serde_json::from_value(ended).unwrap() else {
            panic!("not an end");
        };
        assert_eq!(result.winner(), Some(dugout_rules::core::Side::Home));
        let mut result = json!({"by": "game", "outcome": {"SuddenDeath": {"winner": "Away"}},
            "score": [0, 1]});
        upgrade_result(&mut result);
        let result: MatchResult = serde_json::from_value(result).unwrap();
        assert_eq!(result.winner(), Some(dugout_rules::core::Side::Away));
    }

    #[test]
    fn tagged_payloads_are_left_alone() {
        let tagged = json!({"game": "blitz", "type": "end_turn"});
        let mut v = tagged.clone();
        upgrade_command(&mut v);
        assert_eq!(v, tagged);
        let other = json!({"type": "chat"});
        let mut v = other.clone();
        upgrade_room_event(&mut v);
        assert_eq!(v, other);
    }
}
