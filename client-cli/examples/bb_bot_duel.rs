//! Blood Bowl: greedy bot against random bot, offline with the real engine.
//!
//! `cargo run --release -p dugout-client --example bb_bot_duel -- [GAMES] [FIRST_SEED]`
//! (defaults: 200 games from seed 0). Game `i` uses seed `FIRST_SEED + i` for
//! `random_setup` (a random pair of the playable rosters and teams, options) and the dice;
//! the greedy bot coaches Home in even games and Away in odd ones. Prints wins/draws/losses of the greedy
//! bot, mean touchdowns and casualties, and how the games ended.

use std::process::ExitCode;
use std::time::Instant;

use dugout_client::bb::duel::duel;
use dugout_client::bb::strategy::{GreedyStrategy, RandomStrategy};
use dugout_rules::bb::Outcome;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let games: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let seed0: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(0);
    let verbose = std::env::var_os("BB_DUEL_VERBOSE").is_some();
    let mut conceded = [0u32; 2];
    let start = Instant::now();
    let result = duel(
        games,
        seed0,
        GreedyStrategy::new,
        RandomStrategy::new,
        |seed, side, r| {
            if let Outcome::Conceded { winner } = r.outcome {
                conceded[usize::from(winner != side)] += 1;
            }
            if verbose {
                println!(
                    "seed {seed}: greedy {side:?} {:?} v {:?}: {}-{} ({:?}), {} commands",
                    r.setup.teams[0].roster(),
                    r.setup.teams[1].roster(),
                    r.score[0],
                    r.score[1],
                    r.outcome,
                    r.commands
                );
            }
        },
    );
    let elapsed = start.elapsed().as_secs_f64();
    let t = match result {
        Ok(t) => t,
        Err(e) => {
            eprintln!("bb_bot_duel: {e}");
            return ExitCode::FAILURE;
        }
    };
    let n = f64::from(t.games().max(1));
    println!("Blood Bowl greedy vs random: {games} games from seed {seed0} in {elapsed:.2} s");
    println!(
        "W/D/L {}/{}/{}  win rate {:.1}%  mean score {:.2} - {:.2}  mean casualties {:.2} - {:.2}",
        t.wins,
        t.draws,
        t.losses,
        100.0 * t.win_rate(),
        t.points_for as f64 / n,
        t.points_against as f64 / n,
        t.casualties_for as f64 / n,
        t.casualties_against as f64 / n,
    );
    println!(
        "ended by concession: {} by random, {} by greedy; {} commands, {:.0} commands/game",
        conceded[0],
        conceded[1],
        t.commands,
        t.commands as f64 / n
    );
    ExitCode::SUCCESS
}
