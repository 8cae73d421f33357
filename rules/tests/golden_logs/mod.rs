//! Golden match logs, for any game on the contract ([`Ruleset`]): seeded random matches whose
//! commands and events are kept in the repository (`rules/tests/golden/<game>-v<N>.jsonl.gz`,
//! one file per rules version). `golden.rs` keeps Blitz Bowl's, `bb_golden.rs` Blood Bowl's.
//!
//! Every CI run replays each stored match through today's engine *with the rules version the
//! match was recorded under*, and requires every event to be JSON-identical to the stored
//! one. An engine change that alters an old match fails here unless it is gated behind a new
//! rules version (see `docs/design.md`, "Rules versions"), which is what keeps stored matches
//! replaying and verifying forever.
//!
//! The file for the current version is written by `DUGOUT_BLESS_GOLDEN=1 cargo test -p
//! dugout-rules --test <golden test>`, which refuses to overwrite a file that exists: a
//! released version's log is never rewritten.
//!
//! Format: gzip of JSON lines. Line 1 is a header `{"game", "rules_version", "matches"}`;
//! every other line is one match: `seed` (the setup is the game's `random_setup(seed)`, the
//! dice `ChaChaDice::from_u64(seed)`, the picker `ChaChaDice::from_u64(seed ^ 0xABCD)`),
//! `setup` (the setup as JSON, so a changed `random_setup` cannot silently change the test),
//! `start` (the events of `new_game`) and `steps` (each command with its events).
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;

use dugout_rules::core::{ChaChaDice, DiceSource, Die, Ruleset};
use serde_json::{Value, json};

const PICKER_SALT: u64 = 0xABCD;

/// One game's golden logs.
pub struct Golden<G: Ruleset> {
    /// The game's name, the files' stem (`Ruleset::NAME`).
    pub matches: u64,
    /// Commands after which a recorded match is taken never to end.
    pub max_commands: usize,
    /// The game's random setup for a seed.
    pub random_setup: fn(u64) -> G::Setup,
}

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

impl<G: Ruleset> Golden<G> {
    fn file(&self, version: u32) -> PathBuf {
        golden_dir().join(format!("{}-v{version}.jsonl.gz", G::NAME))
    }

    /// Play match `seed` as the random driver does, recording every command and its events.
    fn record(&self, seed: u64) -> Value {
        let setup = (self.random_setup)(seed);
        let mut dice = ChaChaDice::from_u64(seed);
        let mut picker = ChaChaDice::from_u64(seed ^ PICKER_SALT);
        let (mut g, start) = G::new_game(setup.clone(), G::RULES_VERSION, &mut dice).unwrap();
        let mut steps = Vec::new();
        while g.outcome().is_none() {
            assert!(steps.len() < self.max_commands, "seed {seed}: no end");
            let legal = g.legal_commands().into_owned();
            let cmd = legal[usize::from(picker.roll(Die::Range(legal.len() as u16)))].clone();
            let events = g.apply(cmd.clone(), &mut dice).unwrap();
            steps.push(json!({ "command": cmd, "events": events }));
        }
        json!({ "seed": seed, "setup": setup, "start": start, "steps": steps })
    }

    /// With `DUGOUT_BLESS_GOLDEN` set: write the current version's file (never over one).
    pub fn bless_when_asked(&self) {
        if std::env::var_os("DUGOUT_BLESS_GOLDEN").is_none() {
            return;
        }
        let path = self.file(G::RULES_VERSION);
        assert!(
            !path.exists(),
            "{} exists: a released rules version's log is never rewritten",
            path.display()
        );
        std::fs::create_dir_all(golden_dir()).unwrap();
        let file = std::fs::File::create(&path).unwrap();
        let mut gz = flate2::write::GzEncoder::new(file, flate2::Compression::best());
        let header =
            json!({ "game": G::NAME, "rules_version": G::RULES_VERSION, "matches": self.matches });
        writeln!(gz, "{header}").unwrap();
        for seed in 0..self.matches {
            writeln!(gz, "{}", self.record(seed)).unwrap();
        }
        gz.finish().unwrap();
    }

    /// Replay one stored match; the first difference is the error.
    fn replay(&self, version: u32, m: &Value) -> Result<usize, String> {
        let seed = m["seed"].as_u64().ok_or("no seed")?;
        let setup: G::Setup =
            serde_json::from_value(m["setup"].clone()).map_err(|e| format!("setup: {e}"))?;
        let mut dice = ChaChaDice::from_u64(seed);
        let (mut g, start) = G::new_game(setup, version, &mut dice).map_err(|e| e.to_string())?;
        if serde_json::to_value(&start).unwrap() != m["start"] {
            return Err(format!("seed {seed}: the set-up events differ"));
        }
        let steps = m["steps"].as_array().ok_or("no steps")?;
        for (i, step) in steps.iter().enumerate() {
            let cmd: G::Command = serde_json::from_value(step["command"].clone())
                .map_err(|e| format!("seed {seed} step {i}: command: {e}"))?;
            let events = g
                .apply(cmd.clone(), &mut dice)
                .map_err(|e| format!("seed {seed} step {i}: refused: {e}"))?;
            let got = serde_json::to_value(&events).unwrap();
            if got != step["events"] {
                return Err(format!(
                    "seed {seed} step {i} ({cmd:?}): events differ\n stored: {}\n now:    {}",
                    step["events"], got
                ));
            }
        }
        if g.outcome().is_none() {
            return Err(format!(
                "seed {seed}: the stored match ended, the replay did not"
            ));
        }
        Ok(steps.len())
    }

    /// Replay every stored match of every rules version from the oldest the engine replays
    /// to the current one; the number of commands replayed.
    pub fn replay_all(&self) -> usize {
        let mut files = 0;
        let mut total = 0;
        for version in G::OLDEST_RULES_VERSION..=G::RULES_VERSION {
            let path = self.file(version);
            let file = std::fs::File::open(&path).unwrap_or_else(|e| {
                panic!(
                    "{}: {e} (every rules version keeps its log)",
                    path.display()
                )
            });
            let mut lines = BufReader::new(flate2::read::GzDecoder::new(file)).lines();
            let header: Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
            assert_eq!(header["rules_version"], json!(version));
            assert_eq!(header["game"], json!(G::NAME));
            let mut matches = 0;
            for line in lines {
                let m: Value = serde_json::from_str(&line.unwrap()).unwrap();
                match self.replay(version, &m) {
                    Ok(steps) => total += steps,
                    Err(e) => panic!("{} (rules version {version}): {e}", path.display()),
                }
                matches += 1;
            }
            assert_eq!(json!(matches), header["matches"], "{}", path.display());
            files += 1;
        }
        assert_eq!(
            files,
            (G::RULES_VERSION - G::OLDEST_RULES_VERSION + 1) as usize
        );
        total
    }
}
