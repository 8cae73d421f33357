//! Mechanics shared by every game: square geometry, dice, and the seat/side vocabulary.
//!
//! Blood Bowl (26x15) and Dungeon Bowl (arbitrary grids with walls and portals) are meant to
//! reuse these pieces; see `docs/design.md`.

pub mod dice;
pub mod geometry;

pub use dice::*;
pub use geometry::*;

use serde::{Deserialize, Serialize};

/// One of the two coaches' seats in a match. `Home` is the seat that created the match,
/// `Away` the one that joined; who becomes Coach A is decided by the coin toss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Side {
    Home,
    Away,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Home, Side::Away];

    pub fn other(self) -> Side {
        match self {
            Side::Home => Side::Away,
            Side::Away => Side::Home,
        }
    }

    pub fn index(self) -> usize {
        match self {
            Side::Home => 0,
            Side::Away => 1,
        }
    }
}

/// Who is looking at the game: one of the coaches, or a spectator (sees only public facts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Seat {
    Coach(Side),
    Spectator,
}

impl Seat {
    /// May this seat see what `side` keeps secret?
    pub fn sees_secrets_of(self, side: Side) -> bool {
        self == Seat::Coach(side)
    }
}
