//! The interactive terminal client (`dugout play`, `dugout replay`): a pure model
//! ([`model::App`]: keys, mouse clicks and server messages in, [`model::Effect`]s out), its
//! screens ([`render::render_app`]) and the runtime that connects them to a terminal and a
//! server ([`run`]).

pub mod choices;
pub mod config;
pub mod forms;
pub mod model;
pub mod render;
pub mod route;
pub mod run;
pub mod words;

pub use model::{App, Effect, Input, Link, Play, Replay, Request, Screen};

#[cfg(test)]
mod tests;
