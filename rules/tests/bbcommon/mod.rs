//! Shared helpers for the Blood Bowl rule tests.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.
#![allow(dead_code, unused_imports, clippy::unwrap_used)]

pub use dugout_rules::bb::data::{self, Roster, Skill, Weather};
pub use dugout_rules::bb::scenario::Scenario;
pub use dugout_rules::bb::*;
pub use dugout_rules::bb::{BlockFace, Roll, RollPurpose};
pub use dugout_rules::core::*;

pub const HOME: Side = Side::Home;
pub const AWAY: Side = Side::Away;

pub fn sq(x: i8, y: i8) -> Square {
    Square::new(x, y)
}

pub fn dice(script: impl IntoIterator<Item = (Die, u16)>) -> ScriptedDice {
    ScriptedDice::new(script)
}

/// A block die face for a script.
pub fn bd(face: u16) -> (Die, u16) {
    (Die::Block, face)
}

/// Apply a legal command; panics with the prompt if refused.
pub fn go(g: &mut Game, d: &mut ScriptedDice, cmd: Command) -> Vec<Event> {
    match apply(g, cmd, d) {
        Ok(ev) => ev,
        Err(e) => panic!(
            "{cmd:?} refused: {e:?} at {:?}\nlegal: {:?}",
            g.prompt,
            legal_commands(g)
        ),
    }
}

/// Apply commands in order, returning all their events; the script must be used up.
pub fn play(
    g: &mut Game,
    script: impl IntoIterator<Item = (Die, u16)>,
    cmds: &[Command],
) -> Vec<Event> {
    let mut d = dice(script);
    let mut out = Vec::new();
    for c in cmds {
        out.extend(go(g, &mut d, *c));
    }
    assert_eq!(d.remaining(), 0, "dice left over");
    out
}

pub fn state(g: &Game, id: PlayerId) -> PlayerState {
    g.players[id.index()].state
}

pub fn standing(x: i8, y: i8) -> PlayerState {
    PlayerState::Standing { square: sq(x, y) }
}

pub fn prone(x: i8, y: i8) -> PlayerState {
    PlayerState::Prone { square: sq(x, y) }
}

pub fn stunned(x: i8, y: i8) -> PlayerState {
    PlayerState::Stunned { square: sq(x, y) }
}

pub fn turnover_of(events: &[Event]) -> Option<Turnover> {
    events.iter().find_map(|e| match e {
        Event::TurnoverCaused { reason, .. } => Some(*reason),
        _ => None,
    })
}

pub fn rolls(events: &[Event], purpose: RollPurpose) -> Vec<Roll> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { roll } if roll.purpose == purpose => Some(roll.clone()),
            _ => None,
        })
        .collect()
}

pub fn kind(g: &Game) -> &PromptKind {
    &g.prompt.kind
}

/// Home (Human) against Away (Orc) by default.
pub fn scen() -> Scenario {
    Scenario::new(Roster::Human, Roster::Orc)
}
