//! Uniform random play over the legal commands: used by the property tests, the benchmark
//! and the random bot.

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
    let teams = [
        TeamId::ALL[usize::from(d.roll(Die::Range(23)))],
        TeamId::ALL[usize::from(d.roll(Die::Range(23)))],
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
    // 2024 advanced (BB digest §6.1.4, §6.1.5): Foul and Throw Team-mate.
    if edition == Edition::Bb2024 {
        options.special_actions = d.roll(Die::Range(2)) == 0;
    }
    MatchSetup {
        edition,
        teams,
        options,
    }
}

/// Play a whole match choosing uniformly among the legal commands with `picker`, rolling
/// with `dice`. Returns the game, the commands chosen and the number of events.
pub fn play_random(
    setup: MatchSetup,
    dice: &mut dyn DiceSource,
    picker: &mut ChaChaDice,
    max_commands: usize,
) -> Result<(Game, Vec<Command>), String> {
    let (mut g, _) = new_game(setup, dice).map_err(|e| e.to_string())?;
    let mut commands = Vec::new();
    while !g.is_over() {
        if commands.len() >= max_commands {
            return Err(format!("no end after {max_commands} commands"));
        }
        let legal = legal_commands(&g);
        if legal.is_empty() {
            return Err(format!("no legal command at {:?}", g.prompt));
        }
        let cmd = legal[usize::from(picker.roll(Die::Range(legal.len() as u16)))];
        apply(&mut g, cmd, dice).map_err(|e| e.to_string())?;
        commands.push(cmd);
    }
    Ok((g, commands))
}
