//! Dice: an injected source of die faces.
//!
//! The engine never draws randomness itself: every roll goes through a [`DiceSource`]. Real
//! matches use [`ChaChaDice`] (a seeded ChaCha20 stream), tests use [`ScriptedDice`] ("the next
//! rolls are 6, 1, block die face 5").
//!
//! # Face mapping (ours, stable)
//!
//! A die with `n` faces takes 32-bit words `w` from the ChaCha20 stream (little-endian, as
//! `rand_core` yields them) and uses the first one with `w < 2^32 - (2^32 mod n)`; the face is
//! `w mod n` (0-based). Rejection makes the mapping unbiased, and it depends only on the
//! ChaCha20 key stream, never on `rand`'s distributions.
//!
//! # Game-independent dice only
//!
//! A block die is six faces numbered 1-6 here; which face means what is each game's own
//! table (Blitz Bowl: `blitz::BlockFace`; Blood Bowl's faces differ). A D3 is a D6 halved
//! rounding up, a 2D6 two D6s, a D68 a D6 (tens) then a D8 (units): games build them from
//! these dice, so the mapping above, and with it every stored match, never changes. A new
//! [`Die`] kind is a wire change (events name the die).
//!
//! `docs/protocol.md` ("Provably fair dice") specifies all of this byte by byte for third
//! parties, with test vectors that `rules/tests/dice_vectors.rs` asserts.

use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// What kind of die is rolled. `Range(n)` is a uniform pick of `0..n` (shuffles, random
/// trapdoors, random cards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Die {
    D6,
    D8,
    // A block die: six faces, 1-6, named by each game (the doc comments here are the wire
    // schema's descriptions, so this note is a plain comment).
    Block,
    Range(u16),
}

impl Die {
    pub fn faces(self) -> u32 {
        match self {
            Die::D6 | Die::Block => 6,
            Die::D8 => 8,
            Die::Range(n) => u32::from(n.max(1)),
        }
    }
}

/// Blitz Bowl's block-die faces, kept at their old path for the clients that import them
/// from here; the table belongs to Blitz Bowl (`blitz::block_die`).
pub use crate::blitz::BlockFace;

/// A source of die faces. `roll` returns `1..=faces` for D6/D8/Block and `0..n` for `Range(n)`.
pub trait DiceSource {
    fn roll(&mut self, die: Die) -> u16;
}

/// Seeded ChaCha20 dice for real matches. Same seed, same rolls, on every platform.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ChaChaDice {
    rng: ChaCha20Rng,
}

impl ChaChaDice {
    pub fn from_seed(seed: [u8; 32]) -> ChaChaDice {
        ChaChaDice {
            rng: ChaCha20Rng::from_seed(seed),
        }
    }

    pub fn from_u64(seed: u64) -> ChaChaDice {
        ChaChaDice {
            rng: ChaCha20Rng::seed_from_u64(seed),
        }
    }

    /// A uniform value in `0..n` by rejection sampling (module docs).
    pub fn below(&mut self, n: u32) -> u32 {
        let n = n.max(1);
        let zone = u32::MAX - (u32::MAX % n + 1) % n;
        loop {
            let w = self.rng.next_u32();
            if w <= zone {
                return w % n;
            }
        }
    }
}

impl DiceSource for ChaChaDice {
    fn roll(&mut self, die: Die) -> u16 {
        let v = self.below(die.faces()) as u16;
        match die {
            Die::Range(_) => v,
            _ => v + 1,
        }
    }
}

/// Dice that return a fixed script, for exact rule tests. Each scripted value names its die
/// kind, and a roll of another kind panics with both, so a test that drifts out of step with
/// the rules fails loudly. Running out of script also panics. Test use only: never give a
/// client's input a way to reach these panics.
#[derive(Clone, Debug, Default)]
pub struct ScriptedDice {
    script: std::collections::VecDeque<(Die, u16)>,
}

/// A D6 face for a script.
pub fn d6(face: u16) -> (Die, u16) {
    (Die::D6, face)
}

/// A D8 face for a script.
pub fn d8(face: u16) -> (Die, u16) {
    (Die::D8, face)
}

/// A `Range(n)` pick for a script.
pub fn pick(n: u16, value: u16) -> (Die, u16) {
    (Die::Range(n), value)
}

impl ScriptedDice {
    pub fn new(script: impl IntoIterator<Item = (Die, u16)>) -> ScriptedDice {
        ScriptedDice {
            script: script.into_iter().collect(),
        }
    }

    pub fn push(&mut self, entries: impl IntoIterator<Item = (Die, u16)>) {
        self.script.extend(entries);
    }

    pub fn remaining(&self) -> usize {
        self.script.len()
    }
}

impl DiceSource for ScriptedDice {
    #[allow(clippy::panic)]
    fn roll(&mut self, die: Die) -> u16 {
        match self.script.pop_front() {
            Some((d, v)) if d == die => v,
            Some((d, v)) => {
                panic!("scripted dice: the rules rolled {die:?}, the script has {d:?}={v}")
            }
            None => panic!("scripted dice: the script ran out when the rules rolled {die:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chacha_dice_are_reproducible_and_in_range() {
        let mut a = ChaChaDice::from_u64(7);
        let mut b = ChaChaDice::from_u64(7);
        for _ in 0..1000 {
            let x = a.roll(Die::D6);
            assert_eq!(x, b.roll(Die::D6));
            assert!((1..=6).contains(&x));
            let r = a.roll(Die::Range(5));
            assert_eq!(r, b.roll(Die::Range(5)));
            assert!(r < 5);
        }
    }

    #[test]
    fn chacha_d6_is_roughly_uniform() {
        let mut dice = ChaChaDice::from_u64(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[usize::from(dice.roll(Die::D6) - 1)] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn the_face_mapping_is_pinned() {
        // Golden values: if rand_chacha or our mapping ever changes, stored matches would
        // no longer verify, so this must fail.
        let mut dice = ChaChaDice::from_u64(42);
        let rolls: Vec<u16> = (0..10).map(|_| dice.roll(Die::D6)).collect();
        assert_eq!(rolls, GOLDEN_SEED_42);
    }

    const GOLDEN_SEED_42: [u16; 10] = [1, 6, 4, 6, 4, 6, 5, 3, 4, 6];

    #[test]
    #[should_panic(expected = "the rules rolled D8")]
    fn scripted_dice_refuse_a_roll_of_the_wrong_kind() {
        let mut dice = ScriptedDice::new([d6(3)]);
        dice.roll(Die::D8);
    }
}
