//! Random setups and random play for property tests, benchmarks and the random bot.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use super::data::Roster;
use super::setup::{MatchSetup, Options, Overtime, TeamChoice};
use super::state::Game;
use super::wire::Command;
use crate::core::{ChaChaDice, DiceSource, Die, Ruleset};

/// A random setup: a pair of the six rosters (every ordered pair, including mirrors) and
/// random options, from `seed`.
pub fn random_setup(seed: u64) -> MatchSetup {
    let mut d = ChaChaDice::from_u64(seed ^ 0x5EED_B100D);
    let n = Roster::ALL.len() as u16;
    let home = Roster::ALL[usize::from(d.roll(Die::Range(n)))];
    let away = Roster::ALL[usize::from(d.roll(Die::Range(n)))];
    let mut flag = || d.roll(Die::Range(2)) == 1;
    MatchSetup {
        teams: [TeamChoice::Roster(home), TeamChoice::Roster(away)],
        options: Options {
            throw_in_counts_start_square: flag(),
            strict_touchdown_timing: flag(),
            overtime: if flag() {
                Overtime::SuddenDeath
            } else {
                Overtime::None
            },
            penalty_shootout: flag(),
        },
        pre_match: Box::default(),
    }
}

/// Play a whole random match (uniform among the legal commands).
pub fn play_random(
    setup: MatchSetup,
    dice: &mut dyn DiceSource,
    picker: &mut ChaChaDice,
    max_commands: usize,
) -> Result<(Game, Vec<Command>), String> {
    crate::core::random_play::play_random::<Game>(
        setup,
        super::RULES_VERSION,
        dice,
        picker,
        max_commands,
    )
}

/// [`play_random`] through the contract, for callers holding a [`Ruleset`].
pub fn rules_name() -> &'static str {
    <Game as Ruleset>::NAME
}
