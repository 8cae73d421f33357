//! Dugout rules engines: pure state machines with no I/O, no clock and no global randomness.
//!
//! * [`core`]: geometry, dice and seats shared by every game.
//! * [`blitz`]: Blitz Bowl (2018 and Ultimate 2024 editions).
//! * [`bb`]: Blood Bowl (LRB6, the 2014 competition rules).
//! * [`games`]: every game as one set of enums, what the server and clients use.
//! * [`schedule`]: a league season's round robin.

pub mod bb;
pub mod blitz;
pub mod core;
pub mod games;
pub mod schedule;

pub use games::{
    AnyCommand, AnyDecision, AnyEvent, AnyGame, AnyOutcome, AnyPrompt, AnySetup, AnyView, GameKind,
};
