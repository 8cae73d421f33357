//! Quick timing of random games: `cargo run --release -p dugout-rules --example time_random`.
use dugout_rules::blitz::random_play::*;
use dugout_rules::core::ChaChaDice;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let t = std::time::Instant::now();
    let mut commands = 0usize;
    for seed in 0..n {
        let mut dice = ChaChaDice::from_u64(seed);
        let mut picker = ChaChaDice::from_u64(seed ^ 77);
        match play_random(random_setup(seed), &mut dice, &mut picker, 50_000) {
            Ok((_, c)) => commands += c.len(),
            Err(e) => eprintln!("seed {seed}: {e}"),
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{n} games in {s:.2}s: {:.0} games/s, {:.0} commands/s, {:.0} commands/game",
        n as f64 / s,
        commands as f64 / s,
        commands as f64 / n as f64
    );
}
