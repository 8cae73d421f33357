//! Throughput of the Blood Bowl engine: complete random games, single thread.
//!
//! `cargo bench -p dugout-rules --bench bb_games [-- GAMES]` (default 2,000 games).
//! Each game uses `random_setup(seed)` (a pair of the playable rosters, random legal teams,
//! random options), dice `ChaChaDice::from_u64(seed)` and a uniform picker over the legal commands through the
//! core random-play driver, exactly as the property tests and the random bot do. The
//! figures include set-up (`new_game`), choosing among the legal commands and `apply`.

use std::time::{Duration, Instant};

use dugout_rules::bb::MatchSetup;
use dugout_rules::bb::random_play::{play_random, random_setup};
use dugout_rules::core::ChaChaDice;

const DEFAULT_GAMES: u64 = 2_000;
const MAX_COMMANDS: usize = 200_000;

fn main() {
    // `cargo bench` passes `--bench` to harness-less benches: take the first numeric argument.
    let games: u64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(DEFAULT_GAMES);
    let setups: Vec<(u64, MatchSetup)> = (0..games).map(|s| (s, random_setup(s))).collect();
    let (mut played, mut commands, mut time, mut failures) = (0u64, 0u64, Duration::ZERO, 0u64);
    for (seed, setup) in setups {
        let mut dice = ChaChaDice::from_u64(seed);
        let mut picker = ChaChaDice::from_u64(seed ^ 0xABCD);
        let start = Instant::now();
        let result = play_random(setup, &mut dice, &mut picker, MAX_COMMANDS);
        let elapsed = start.elapsed();
        match result {
            Ok((_, c)) => {
                played += 1;
                commands += c.len() as u64;
                time += elapsed;
            }
            Err(e) => {
                eprintln!("seed {seed}: {e}");
                failures += 1;
            }
        }
    }
    let secs = time.as_secs_f64().max(f64::EPSILON);
    println!("Blood Bowl random games, single thread ({games} seeds from 0)");
    println!(
        "{played:>7} games  {commands:>10} commands  {secs:>8.3} s  {:>9.1} games/s  {:>11.0} commands/s  {:>7.1} commands/game",
        played as f64 / secs,
        commands as f64 / secs,
        commands as f64 / (played.max(1) as f64),
    );
    if failures > 0 {
        println!("{failures} games failed and are left out of the figures (see stderr)");
    }
}
