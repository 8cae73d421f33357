//! Blood Bowl in the terminal client: its match screen ([`tui`]), the screen's state and keys
//! ([`play`]), moving by destination ([`path`]: the square-by-square path and the rolls it
//! needs) and the game in words ([`words`]). The generic parts (connection, lobby, chat,
//! log scrolling, conceding and claiming the win) are the app's, shared with Blitz Bowl.

pub mod path;
pub mod play;
pub mod tui;
pub mod words;

#[cfg(test)]
mod tests;
