//! Random Blitz Bowl matches: random setups, and uniform random play over the legal commands
//! (the core driver, [`crate::core::random_play`]): used by the property tests, the
//! benchmark and the random bot.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use super::*;
use crate::core::{ChaChaDice, DiceSource, Die};

/// A random match setup for `seed`: edition, teams and the options that are built.
pub fn random_setup(seed: u64) -> MatchSetup {
    let mut d = ChaChaDice::from_u64(seed ^ 0x5eed);
    let edition = if d.roll(Die::Range(2)) == 0 {
        Edition::Bb2018
    } else {
        Edition::Bb2024
    };
    // §5.3, G54: a 2018 match takes only six-player teams.
    let pool: Vec<TeamId> = TeamId::ALL
        .iter()
        .copied()
        .filter(|&t| edition == Edition::Bb2024 || super::card_size(t) == super::TEAM_SIZE_2018)
        .collect();
    let n = pool.len() as u16;
    let teams = [
        pool[usize::from(d.roll(Die::Range(n)))],
        pool[usize::from(d.roll(Die::Range(n)))],
    ];
    let mut options = Options {
        board_side: match d.roll(Die::Range(3)) {
            0 => Some(BoardSide::OneTrapdoor),
            1 => Some(BoardSide::TwoTrapdoors),
            _ => None,
        },
        orc_big_un_mighty_blow: d.roll(Die::Range(2)) == 0,
        allow_zero_run: d.roll(Die::Range(4)) == 0,
        ..Options::default()
    };
    if edition == Edition::Bb2024 && d.roll(Die::Range(2)) == 0 {
        options.rookies_to_watch = Some(if d.roll(Die::Range(2)) == 0 {
            crate::core::Side::Home
        } else {
            crate::core::Side::Away
        });
    }
    if edition == Edition::Bb2024 {
        options.random_events = d.roll(Die::Range(2)) == 0;
        options.special_balls = d.roll(Die::Range(2)) == 0;
    }
    // §6.2.1 arenas: in half the 2024 games; one in four of those fixes the arena instead of
    // rolling it (`Options::arena`).
    if edition == Edition::Bb2024 && d.roll(Die::Range(2)) == 0 {
        options.arenas = true;
        if d.roll(Die::Range(4)) == 0 {
            options.arena = Some(Arena::BY_D8[usize::from(d.roll(Die::Range(8)))]);
        }
    }
    // 2024 advanced (§6.1.4, §6.1.5): Foul and Throw Team-mate.
    if edition == Edition::Bb2024 {
        options.special_actions = d.roll(Die::Range(2)) == 0;
    }
    MatchSetup {
        edition,
        teams,
        options,
    }
}

/// Play a whole match under the current [`RULES_VERSION`], choosing uniformly among the legal
/// commands with `picker` and rolling with `dice`: the game-independent driver
/// [`crate::core::random_play::play_random`]. Returns the game and the commands chosen.
pub fn play_random(
    setup: MatchSetup,
    dice: &mut dyn DiceSource,
    picker: &mut ChaChaDice,
    max_commands: usize,
) -> Result<(Game, Vec<Command>), String> {
    crate::core::random_play::play_random::<Game>(setup, RULES_VERSION, dice, picker, max_commands)
}
