//! The terminal UI's screens as pure render functions: each draws a model into a
//! [`ratatui::Frame`] and does nothing else, so the screens are tested with ratatui's
//! `TestBackend` and the interactive loop only has to keep the models up to date.
//!
//! * [`lobby::render_lobby`]: the open rooms, with the selection and the keys.
//! * [`pitch::render_match`]: the pitch, score, turn, prompt, challenges, hands and event log.
//! * [`describe::describe`]: events (and prompts) in words.
//! * [`help::render_help`]: the key help overlay.

pub mod describe;
pub mod help;
pub mod lobby;
pub mod pitch;

pub use describe::{describe, describe_in, describe_prompt};
pub use help::render_help;
pub use lobby::{LobbyModel, render_lobby};
pub use pitch::{MatchModel, render_match};

#[cfg(test)]
mod tests;
