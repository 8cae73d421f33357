//! Dugout rules engines: pure state machines with no I/O, no clock and no global randomness.
//!
//! * [`core`]: geometry, dice and seats shared by every game.
//! * [`blitz`]: Blitz Bowl (2018 and Ultimate 2024 editions).

pub mod blitz;
pub mod core;
