//! Print the number of commands and the final score of random games, one line per seed, to
//! compare engine versions: `cargo run --release -p dugout-rules --example trace_random 200`.
use dugout_rules::blitz::random_play::*;
use dugout_rules::core::ChaChaDice;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    for seed in 0..n {
        let mut dice = ChaChaDice::from_u64(seed);
        let mut picker = ChaChaDice::from_u64(seed ^ 77);
        match play_random(random_setup(seed), &mut dice, &mut picker, 50_000) {
            Ok((g, c)) => println!("{seed} {} {:?}", c.len(), g.score),
            Err(e) => println!("{seed} error {e}"),
        }
    }
}
