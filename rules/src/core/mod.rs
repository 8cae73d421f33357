//! What every game shares; each game (`blitz`, later `bloodbowl` and `dungeon`) composes it.
//!
//! * [`contract`]: the [`Ruleset`] every game implements, and the errors, summary and turn
//!   marker the rest of Dugout sees.
//! * [`engine`]: the frame stack and run loop ([`Engine`], [`Flow`]) and the cache of legal
//!   commands ([`LegalCache`]).
//! * [`check`]: the check with re-roll (target, modifiers, re-roll sources with gates, what
//!   follows a success or a failure) and its named hooks.
//! * [`dice`] and [`roll`]: the injected dice with our own face mapping, and the roll record
//!   events carry.
//! * [`geometry`] and [`board`]: squares, adjacency, square sets; boards with blocked squares
//!   and walls between squares.
//! * [`Side`], [`Seat`] and [`mod@sides`]: who plays, who looks, per-side values.
//! * [`random_play`]: uniform random play of any game.
//!
//! Nothing here names a game's pieces (block-die faces, bounce charts, skills): those live in
//! the game's module. See `docs/design.md`, "Growing into Blood Bowl and Dungeon Bowl".

pub mod board;
pub mod check;
pub mod contract;
pub mod dice;
pub mod engine;
pub mod geometry;
pub mod random_play;
pub mod roll;
pub mod sides;

pub use board::{Board, EdgeSet};
pub use contract::*;
pub use dice::*;
pub use engine::{Engine, Flow, LegalCache};
pub use geometry::*;
pub use sides::{Sides, SidesExt, sides};

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
