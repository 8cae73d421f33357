//! Throughput of the Blitz Bowl engine: complete random games, single thread.
//!
//! `cargo bench -p dugout-rules --bench blitz_games [-- GAMES]` (default 20,000 games).
//! Each game uses `random_setup(seed)` (both editions, random teams and options), dice
//! `ChaChaDice::from_u64(seed)` and a uniform picker over `legal_commands`, exactly as the
//! property tests and the random bot do. The figures include set-up (`new_game`), choosing
//! among the legal commands and `apply`.

use std::time::{Duration, Instant};

use dugout_rules::blitz::random_play::{play_random, random_setup};
use dugout_rules::blitz::{Edition, MatchSetup};
use dugout_rules::core::ChaChaDice;

const DEFAULT_GAMES: u64 = 20_000;
const MAX_COMMANDS: usize = 20_000;

#[derive(Default)]
struct Tally {
    games: u64,
    commands: u64,
    time: Duration,
}

impl Tally {
    fn report(&self, label: &str) {
        let secs = self.time.as_secs_f64().max(f64::EPSILON);
        let games = self.games as f64;
        let commands = self.commands as f64;
        println!(
            "{label:<8} {:>7} games  {:>10} commands  {:>8.3} s  {:>9.0} games/s  {:>11.0} commands/s  {:>7.1} commands/game",
            self.games,
            self.commands,
            secs,
            games / secs,
            commands / secs,
            if self.games == 0 {
                0.0
            } else {
                commands / games
            },
        );
    }
}

fn main() {
    // `cargo bench` passes `--bench` to harness-less benches: take the first numeric argument.
    let games: u64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(DEFAULT_GAMES);
    let setups: Vec<(u64, MatchSetup)> = (0..games).map(|s| (s, random_setup(s))).collect();

    let mut total = Tally::default();
    let mut by_edition = [Tally::default(), Tally::default()];
    let mut failures = 0u64;
    for (seed, setup) in setups {
        let edition = usize::from(setup.edition == Edition::Bb2024);
        let mut dice = ChaChaDice::from_u64(seed);
        let mut picker = ChaChaDice::from_u64(seed ^ 0xABCD);
        let start = Instant::now();
        let result = play_random(setup, &mut dice, &mut picker, MAX_COMMANDS);
        let elapsed = start.elapsed();
        let commands = match result {
            Ok((_, commands)) => commands.len() as u64,
            Err(e) => {
                eprintln!("seed {seed}: {e}");
                failures += 1;
                continue;
            }
        };
        for t in [&mut total, &mut by_edition[edition]] {
            t.games += 1;
            t.commands += commands;
            t.time += elapsed;
        }
    }

    println!("Blitz Bowl random games, single thread ({games} seeds from 0)");
    by_edition[0].report("2018");
    by_edition[1].report("2024");
    total.report("all");
    if failures > 0 {
        // Not counted above: a game that cannot finish is an engine bug for the property
        // tests to catch, not a throughput figure.
        println!("{failures} games failed and are left out of the figures (see stderr)");
    }
}
