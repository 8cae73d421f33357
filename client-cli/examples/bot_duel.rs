//! Greedy bot against random bot, offline with the real engine.
//!
//! `cargo run --release -p dugout-client --example bot_duel -- [GAMES] [FIRST_SEED]`
//! (defaults: 200 games from seed 0). Game `i` uses seed `FIRST_SEED + i` for
//! `random_setup` (edition, teams, options) and the dice; the greedy bot coaches Home in
//! even games and Away in odd ones. Prints wins/draws/losses of the greedy bot.

use std::process::ExitCode;
use std::time::Instant;

use dugout_client::duel::{Tally, duel};
use dugout_client::strategy::{GreedyStrategy, RandomStrategy};
use dugout_rules::blitz::Edition;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let games: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let seed0: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(0);
    let mut by_edition = [Tally::default(), Tally::default()];
    let start = Instant::now();
    let result = duel(
        games,
        seed0,
        GreedyStrategy::new,
        RandomStrategy::new,
        |_, side, r| {
            let t = &mut by_edition[usize::from(r.setup.edition == Edition::Bb2024)];
            match r.winner() {
                Some(w) if w == side => t.wins += 1,
                Some(_) => t.losses += 1,
                None => t.draws += 1,
            }
            t.points_for += u64::from(r.score[side.index()]);
            t.points_against += u64::from(r.score[side.other().index()]);
        },
    );
    let elapsed = start.elapsed().as_secs_f64();
    let tally = match result {
        Ok(t) => t,
        Err(e) => {
            eprintln!("bot_duel: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("greedy vs random: {games} games from seed {seed0} in {elapsed:.2} s");
    for (name, t) in [
        ("2018", by_edition[0]),
        ("2024", by_edition[1]),
        ("all", tally),
    ] {
        let n = t.games().max(1);
        println!(
            "{name:>4}: {:>5} games  W/D/L {}/{}/{}  win rate {:.1}%  mean score {:.1} - {:.1}",
            t.games(),
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.win_rate(),
            t.points_for as f64 / f64::from(n),
            t.points_against as f64 / f64::from(n),
        );
    }
    println!(
        "{} commands, {:.0} commands/game",
        tally.commands,
        tally.commands as f64 / f64::from(tally.games().max(1))
    );
    ExitCode::SUCCESS
}
