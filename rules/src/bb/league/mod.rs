//! Blood Bowl leagues (§32): teams that live across matches. Everything here is a pure
//! function of its inputs with the dice injected, so every change to a team is replayable and
//! auditable like a match:
//!
//! - [`tables`]: star player points, levels, the advancement table, value increases,
//!   winnings, fan factor, spiralling expenses (§32.6–§32.12);
//! - [`team`]: the team as the fold of its events, team value, buying and firing (§32.2,
//!   §32.14), creation from a sheet (§27.0);
//! - [`record`]: what a finished match means for the league, read from its events (§32.6);
//! - [`postmatch`]: the post-match sequence as a state machine (§32.5);
//! - [`tournament`]: end-of-season tournaments, trophies, minor prizes, challenges (§32.16).
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

pub mod postmatch;
pub mod record;
pub mod tables;
pub mod team;
pub mod tournament;
