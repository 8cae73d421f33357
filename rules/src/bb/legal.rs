//! The legal commands of each prompt (interim).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use super::state::Game;
use super::wire::Command;

/// Every legal answer to the current prompt.
pub fn legal_commands(g: &Game) -> Vec<Command> {
    let _ = g;
    Vec::new()
}

/// `legal_commands(g).contains(cmd)`.
pub fn is_legal(g: &Game, cmd: &Command) -> bool {
    legal_commands(g).contains(cmd)
}
