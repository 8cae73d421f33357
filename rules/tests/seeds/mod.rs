//! Seed-range helpers shared by the random-game property tests (`blitz_properties`,
//! `blitz_view_reducer`): which seeds to run, and running a check for each on all cores.
#![allow(dead_code, clippy::unwrap_used)]

use std::ops::Range;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// `BLITZ_SEEDS=n` or `BLITZ_SEEDS=a..b` narrows a test to those seeds (reproduction).
pub fn seeds(default: Range<u64>) -> Range<u64> {
    let Ok(spec) = std::env::var("BLITZ_SEEDS") else {
        return default;
    };
    match spec.split_once("..") {
        Some((a, b)) => a.trim().parse().unwrap()..b.trim().parse().unwrap(),
        None => {
            let s: u64 = spec.trim().parse().unwrap();
            s..s + 1
        }
    }
}

/// A panic's message.
pub fn message(panic: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "(non-string panic)".to_string()
    }
}

/// Run `check` for every seed on all cores; panic listing the failures (the first
/// `max_failures` in full, with the command that reproduces each, and how many seeds failed
/// in all). `test` is the test target's name, for that command.
pub fn for_all_seeds(
    test: &str,
    max_failures: usize,
    seeds: Range<u64>,
    check: fn(u64) -> Result<(), String>,
) {
    let total = seeds.end.saturating_sub(seeds.start);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut failures: Vec<(u64, String)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let seeds = seeds.clone();
                scope.spawn(move || {
                    let mut failures = Vec::new();
                    for seed in seeds.skip(t).step_by(threads) {
                        let outcome = catch_unwind(AssertUnwindSafe(|| check(seed)))
                            .unwrap_or_else(|panic| Err(format!("panicked: {}", message(&panic))));
                        if let Err(e) = outcome {
                            failures.push((seed, e));
                        }
                    }
                    failures
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    failures.sort_by_key(|(seed, _)| *seed);
    if !failures.is_empty() {
        let seeds: Vec<String> = failures.iter().map(|(s, _)| s.to_string()).collect();
        let mut report = format!(
            "{} of {total} seeds failed: {}\n",
            failures.len(),
            seeds.join(" ")
        );
        for (seed, e) in failures.iter().take(max_failures) {
            report.push_str(&format!(
                "--- seed {seed} (reproduce: BLITZ_SEEDS={seed} cargo test -p dugout-rules \
                 --test {test})\n{e}\n"
            ));
        }
        panic!("{report}");
    }
}
