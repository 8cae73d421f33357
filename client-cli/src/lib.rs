//! Dugout terminal client library: the bot strategies and an offline duel harness.
//!
//! * [`strategy`]: the [`strategy::Strategy`] trait, a uniform random bot and a greedy bot.
//!   A bot sees only its own seat's [`dugout_rules::blitz::GameView`], the legal commands
//!   and (optionally) the events projected for its seat, exactly what a server sends.
//! * [`duel`]: bots playing whole matches against each other offline with the real engine.

pub mod duel;
pub mod strategy;
