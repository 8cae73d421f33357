//! The roll record: "a die was rolled for this purpose, by this coach, with this result".
//!
//! Every game reports every die it rolls (`docs/design.md`, "Dice"); what a roll was *for*
//! is the game's own vocabulary (`P`, Blitz Bowl's `RollPurpose`), the rest is shared. A
//! check ([`super::check`]) fills `target`, `modifier` and `success`; a plain roll (a bounce,
//! a shuffle pick) leaves them empty.

use serde::{Deserialize, Serialize};

use super::{Die, Side};

// The doc comments below are the wire schema's descriptions (`protocol/schema/`): keep them
// as they are, or bless the schema with the change.

/// A die roll and what it meant. `target`/`modifier`/`success` are set for checks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "Roll"))]
pub struct Roll<P> {
    pub purpose: P,
    /// The coach who rolled (`None` for neutral rolls such as shuffles).
    pub coach: Option<Side>,
    pub die: Die,
    pub faces: Vec<u16>,
    pub target: Option<u8>,
    pub modifier: i8,
    pub success: Option<bool>,
    pub reroll: bool,
}

impl<P> Roll<P> {
    /// One die rolled for `purpose`, with no target (a bounce, a pick, a Move D6).
    pub fn plain(purpose: P, coach: Option<Side>, die: Die, face: u16) -> Roll<P> {
        Roll {
            purpose,
            coach,
            die,
            faces: vec![face],
            target: None,
            modifier: 0,
            success: None,
            reroll: false,
        }
    }

    /// The sum of the faces (a 2D6 armour roll; a single die's face).
    pub fn total(&self) -> u32 {
        self.faces.iter().map(|&f| u32::from(f)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_roll_has_no_target_and_serialises_flat() {
        let r = Roll::plain("bounce", None, Die::D8, 3);
        assert_eq!(r.total(), 3);
        assert_eq!(
            serde_json::to_value(&r).unwrap_or_default(),
            serde_json::json!({
                "purpose": "bounce", "coach": null, "die": "D8", "faces": [3],
                "target": null, "modifier": 0, "success": null, "reroll": false
            })
        );
    }
}
