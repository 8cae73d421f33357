//! Blood Bowl bot strategies: given what one seat may see, pick one of the legal commands.
//!
//! A bot is fed exactly what the server sends a coach: its own seat's [`GameView`], the legal
//! commands of the prompt it must answer and, through [`Strategy::observe`], the events
//! projected for its seat. It never sees the engine's `Game`.
//!
//! * [`RandomStrategy`]: a uniform pick among the legal commands, from seeded dice.
//! * [`GreedyStrategy`]: a priority-ordered heuristic with the dice odds (see its module
//!   docs).

mod greedy;

pub use greedy::GreedyStrategy;

use dugout_rules::bb::{Command, Event, GameView};
use dugout_rules::core::{ChaChaDice, DiceSource, Die};

/// A Blood Bowl bot: answers the prompt of its own seat.
pub trait Strategy {
    /// Choose one of `legal` (the commands the server offers for the prompt in `view`).
    /// `legal` is never empty when the game waits for this seat; if it is anyway, the bot
    /// answers `EndTurn`, which the server will refuse.
    fn choose(&mut self, view: &GameView, legal: &[Command]) -> Command;

    /// The events of the last command, as projected for this bot's seat. Optional.
    fn observe(&mut self, _events: &[Event]) {}

    /// Whether `choose` reads the view (see `crate::strategy::Strategy::needs_view`).
    /// Default `true`.
    fn needs_view(&self) -> bool {
        true
    }
}

/// Uniform random play over the legal commands, reproducible from its seed.
#[derive(Clone, Debug)]
pub struct RandomStrategy {
    dice: ChaChaDice,
}

impl RandomStrategy {
    pub fn new(seed: u64) -> RandomStrategy {
        RandomStrategy {
            dice: ChaChaDice::from_u64(seed),
        }
    }
}

impl Strategy for RandomStrategy {
    fn choose(&mut self, _view: &GameView, legal: &[Command]) -> Command {
        if legal.is_empty() {
            return Command::EndTurn;
        }
        let n = u16::try_from(legal.len()).unwrap_or(u16::MAX);
        let i = usize::from(self.dice.roll(Die::Range(n)));
        legal.get(i).copied().unwrap_or(Command::EndTurn)
    }

    fn needs_view(&self) -> bool {
        false
    }
}
