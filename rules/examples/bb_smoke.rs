//! Play random Blood Bowl games and report event counts (a smoke run).
use std::collections::BTreeMap;

use dugout_rules::bb;
use dugout_rules::bb::random_play::random_setup;
use dugout_rules::core::{ChaChaDice, DiceSource, Die};

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    let mut commands = 0u64;
    for seed in 0..n {
        let setup = random_setup(seed);
        let mut dice = ChaChaDice::from_u64(seed);
        let mut picker = ChaChaDice::from_u64(seed ^ 0xABCD);
        let Ok((mut g, _)) = bb::new_game(setup, &mut dice) else {
            println!("seed {seed}: refused");
            continue;
        };
        while !g.is_over() {
            let legal = bb::legal_commands(&g);
            let i = usize::from(picker.roll(Die::Range(legal.len() as u16)));
            let cmd = legal[i];
            let tag = format!("cmd {:?}", cmd)
                .split([' ', '{'])
                .take(2)
                .collect::<Vec<_>>()
                .join(" ");
            *counts.entry(tag).or_default() += 1;
            commands += 1;
            match bb::apply(&mut g, cmd, &mut dice) {
                Ok(events) => {
                    for e in events {
                        if let bb::Event::Rolled { roll } = &e {
                            *counts
                                .entry(format!("roll {:?}", roll.purpose))
                                .or_default() += 1;
                        }
                        let name = format!("{e:?}");
                        let name = name.split([' ', '{', '(']).next().unwrap_or("").to_string();
                        *counts.entry(name).or_default() += 1;
                    }
                }
                Err(e) => {
                    println!("seed {seed}: {e:?}");
                    break;
                }
            }
        }
    }
    for (k, v) in counts {
        println!("{k:30} {v}");
    }
    println!("{commands} commands");
}
