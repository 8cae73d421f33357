//! Uniform random play over the legal commands of any game ([`Ruleset`]): the property tests,
//! the benchmarks and the random bot play whole matches with it. Each game keeps its own
//! random *setups* (`blitz::random_play::random_setup`); the play itself knows no game.

use super::{ChaChaDice, DiceSource, Die, Ruleset};

/// The command `picker` chooses uniformly among `legal` (`None` if there is none). The pick
/// is one `Range(len)` roll, so a seeded picker replays the same choices.
pub fn pick<C: Clone>(legal: &[C], picker: &mut ChaChaDice) -> Option<C> {
    if legal.is_empty() {
        return None;
    }
    legal
        .get(usize::from(picker.roll(Die::Range(legal.len() as u16))))
        .cloned()
}

/// Play a whole match of `G` under rules `version`, choosing uniformly among the legal
/// commands with `picker` and rolling with `dice`. Returns the finished game and the commands
/// chosen; an error if a command is refused, no command is legal, or the match has not ended
/// after `max_commands`.
pub fn play_random<G: Ruleset>(
    setup: G::Setup,
    version: u32,
    dice: &mut dyn DiceSource,
    picker: &mut ChaChaDice,
    max_commands: usize,
) -> Result<(G, Vec<G::Command>), String> {
    let (mut g, _) = G::new_game(setup, version, dice).map_err(|e| e.to_string())?;
    let mut commands = Vec::new();
    while g.outcome().is_none() {
        if commands.len() >= max_commands {
            return Err(format!("no end after {max_commands} commands"));
        }
        let Some(cmd) = pick(&g.legal_commands(), picker) else {
            return Err(format!("no legal command at {:?}", g.prompt()));
        };
        g.apply(cmd.clone(), dice).map_err(|e| e.to_string())?;
        commands.push(cmd);
    }
    Ok((g, commands))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blitz::{self, Game};

    /// The driver Blitz Bowl had before it went through the contract, step for step.
    fn blitz_by_hand(seed: u64) -> (Game, Vec<blitz::Command>) {
        let mut dice = ChaChaDice::from_u64(seed);
        let mut picker = ChaChaDice::from_u64(seed ^ 0xABCD);
        let setup = blitz::random_play::random_setup(seed);
        let Ok((mut g, _)) = blitz::new_game(setup, &mut dice) else {
            panic!("seed {seed}: setup refused");
        };
        let mut commands = Vec::new();
        while !g.is_over() {
            let legal = blitz::legal_commands(&g);
            let cmd = legal[usize::from(picker.roll(Die::Range(legal.len() as u16)))];
            assert!(blitz::apply(&mut g, cmd, &mut dice).is_ok());
            commands.push(cmd);
        }
        (g, commands)
    }

    #[test]
    fn random_play_through_the_contract_plays_as_the_game_s_own_calls() {
        for seed in 0..8 {
            let mut dice = ChaChaDice::from_u64(seed);
            let mut picker = ChaChaDice::from_u64(seed ^ 0xABCD);
            let setup = blitz::random_play::random_setup(seed);
            let played =
                play_random::<Game>(setup, blitz::RULES_VERSION, &mut dice, &mut picker, 20_000);
            assert_eq!(played, Ok(blitz_by_hand(seed)), "seed {seed}");
        }
    }

    #[test]
    fn picking_from_nothing_picks_nothing() {
        assert_eq!(pick::<u8>(&[], &mut ChaChaDice::from_u64(1)), None);
    }
}
