//! Blitz Bowl's block die: which face of the core six-sided block die ([`Die::Block`]) means
//! what (§2.5). Blood Bowl's block die has other faces (Attacker Down, Both Down,
//! Push twice, Defender Stumbles, Defender Down) and names them in its own module.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use serde::{Deserialize, Serialize};

use crate::core::{DiceSource, Die};

// The doc comments below are the wire schema's descriptions (`protocol/schema/`): keep them
// as they are, or bless the schema with the change.

/// The six faces of the Blitz Bowl block die (§2.5; Shove twice).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum BlockFace {
    Miss,
    Tackle,
    Shove,
    Smash,
    Kerrunch,
}

impl BlockFace {
    /// Face numbering of the block die: 1 Miss, 2 Tackle, 3-4 Shove, 5 Smash, 6 Kerrunch!.
    pub fn from_index(face: u16) -> BlockFace {
        match face {
            1 => BlockFace::Miss,
            2 => BlockFace::Tackle,
            3 | 4 => BlockFace::Shove,
            5 => BlockFace::Smash,
            _ => BlockFace::Kerrunch,
        }
    }

    pub fn index(self) -> u16 {
        match self {
            BlockFace::Miss => 1,
            BlockFace::Tackle => 2,
            BlockFace::Shove => 3,
            BlockFace::Smash => 5,
            BlockFace::Kerrunch => 6,
        }
    }

    /// Roll one block die.
    pub fn roll(dice: &mut (impl DiceSource + ?Sized)) -> BlockFace {
        BlockFace::from_index(dice.roll(Die::Block))
    }
}

/// A block-die face for a script ([`crate::core::ScriptedDice`]).
pub fn block(face: BlockFace) -> (Die, u16) {
    (Die::Block, face.index())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ScriptedDice;

    #[test]
    fn block_faces_have_two_shoves() {
        let faces: Vec<BlockFace> = (1..=6).map(BlockFace::from_index).collect();
        assert_eq!(faces.iter().filter(|f| **f == BlockFace::Shove).count(), 2);
        for f in faces {
            assert_eq!(BlockFace::from_index(f.index()), f);
        }
    }

    #[test]
    fn a_scripted_block_face_is_rolled_back() {
        let mut dice = ScriptedDice::new([block(BlockFace::Smash)]);
        assert_eq!(BlockFace::roll(&mut dice), BlockFace::Smash);
    }
}
