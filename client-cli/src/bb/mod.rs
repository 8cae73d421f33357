//! Blood Bowl in this client: the bots' strategies and offline duels on the real engine, and
//! the terminal match screen.
//!
//! * [`strategy`]: the Blood Bowl [`strategy::Strategy`] trait, a uniform random bot and a
//!   greedy bot. A bot sees only its own seat's [`dugout_rules::bb::GameView`], the legal
//!   commands and (optionally) the events projected for its seat, exactly what a server
//!   sends.
//! * [`duel`]: Blood Bowl bots playing whole matches against each other offline with the
//!   real engine.
//! * [`tui`]: the match screen; [`play`]: the screen's state and keys; [`path`]: moving by
//!   destination (the square-by-square path and the rolls it needs); [`words`]: the game in
//!   words. The generic parts (connection, lobby, chat, log scrolling, conceding and
//!   claiming the win) are the app's, shared with Blitz Bowl.

pub mod builder;
pub mod duel;
pub mod form;
pub mod path;
pub mod play;
pub mod strategy;
pub mod tui;
pub mod words;

#[cfg(test)]
mod tests;

#[cfg(test)]
mod app_tests;
