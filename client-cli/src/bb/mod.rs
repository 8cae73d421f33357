//! Blood Bowl in this client: the bots' strategies and offline duels on the real engine.
//!
//! * [`strategy`]: the Blood Bowl [`strategy::Strategy`] trait, a uniform random bot and a
//!   greedy bot. A bot sees only its own seat's [`dugout_rules::bb::GameView`], the legal
//!   commands and (optionally) the events projected for its seat, exactly what a server
//!   sends.
//! * [`duel`]: Blood Bowl bots playing whole matches against each other offline with the
//!   real engine.

pub mod duel;
pub mod strategy;
