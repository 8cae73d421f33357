#![allow(clippy::unwrap_used)]
//! Golden match logs: seeded random Blood Bowl matches whose commands and events are kept in
//! the repository (`rules/tests/golden/blood_bowl-v<N>.jsonl.gz`, one file per rules
//! version), exactly as `golden.rs` keeps Blitz Bowl's.
//!
//! Every CI run replays each stored match through today's engine *with the rules version the
//! match was recorded under*, and requires every event to be JSON-identical to the stored
//! one. An engine change that alters an old match fails here unless it is gated behind a new
//! rules version (see `docs/design.md`, "Rules versions"), which is what keeps stored matches
//! replaying and verifying forever.
//!
//! The file for the current version is written by
//! `DUGOUT_BLESS_GOLDEN=1 cargo test -p dugout-rules --test bb_golden`, which refuses to
//! overwrite a file that exists: a released version's log is never rewritten.
//!
//! Format: gzip of JSON lines. Line 1 is a header `{"game", "rules_version", "matches"}`;
//! every other line is one match: `seed` (the setup is `random_setup(seed)`, the dice
//! `ChaChaDice::from_u64(seed)`, the picker `ChaChaDice::from_u64(seed ^ 0xABCD)`), `setup`
//! (the `MatchSetup` as JSON, so a changed `random_setup` cannot silently change the test),
//! `start` (the events of `new_game`) and `steps` (each command with its events).

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;

use dugout_rules::bb::random_play::random_setup;
use dugout_rules::bb::{self, Command, MatchSetup, legal_commands};
use dugout_rules::core::{ChaChaDice, DiceSource, Die};
use serde_json::{Value, json};

const PICKER_SALT: u64 = 0xABCD;
const MAX_COMMANDS: usize = 200_000;
/// Matches recorded per rules version.
const MATCHES: u64 = 60;
/// The rules version the blessing run records: the engine's current version.
const RECORD_VERSION: u32 = bb::RULES_VERSION;

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn golden_file(version: u32) -> PathBuf {
    golden_dir().join(format!("blood_bowl-v{version}.jsonl.gz"))
}

/// Play match `seed` as the random driver does, recording every command and its events.
fn record(seed: u64) -> Value {
    let setup = random_setup(seed);
    let mut dice = ChaChaDice::from_u64(seed);
    let mut picker = ChaChaDice::from_u64(seed ^ PICKER_SALT);
    let (mut g, start) = bb::new_game(setup.clone(), &mut dice).unwrap();
    let mut steps = Vec::new();
    while !g.is_over() {
        assert!(steps.len() < MAX_COMMANDS, "seed {seed}: no end");
        let legal = legal_commands(&g);
        let cmd = legal[usize::from(picker.roll(Die::Range(legal.len() as u16)))];
        let events = bb::apply(&mut g, cmd, &mut dice).unwrap();
        steps.push(json!({ "command": cmd, "events": events }));
    }
    json!({ "seed": seed, "setup": setup, "start": start, "steps": steps })
}

#[test]
fn bless_the_golden_logs_when_asked() {
    if std::env::var_os("DUGOUT_BLESS_GOLDEN").is_none() {
        return;
    }
    let path = golden_file(RECORD_VERSION);
    assert!(
        !path.exists(),
        "{} exists: a released rules version's log is never rewritten",
        path.display()
    );
    std::fs::create_dir_all(golden_dir()).unwrap();
    let file = std::fs::File::create(&path).unwrap();
    let mut gz = flate2::write::GzEncoder::new(file, flate2::Compression::best());
    let header =
        json!({ "game": "blood_bowl", "rules_version": RECORD_VERSION, "matches": MATCHES });
    writeln!(gz, "{header}").unwrap();
    for seed in 0..MATCHES {
        writeln!(gz, "{}", record(seed)).unwrap();
    }
    gz.finish().unwrap();
}

/// Replay one stored match; the first difference is the error.
fn replay(version: u32, m: &Value) -> Result<usize, String> {
    let seed = m["seed"].as_u64().ok_or("no seed")?;
    let setup: MatchSetup =
        serde_json::from_value(m["setup"].clone()).map_err(|e| format!("setup: {e}"))?;
    let mut dice = ChaChaDice::from_u64(seed);
    let (mut g, start) =
        bb::new_game_versioned(setup, version, &mut dice).map_err(|e| e.to_string())?;
    if serde_json::to_value(&start).unwrap() != m["start"] {
        return Err(format!("seed {seed}: the set-up events differ"));
    }
    let steps = m["steps"].as_array().ok_or("no steps")?;
    for (i, step) in steps.iter().enumerate() {
        let cmd: Command = serde_json::from_value(step["command"].clone())
            .map_err(|e| format!("seed {seed} step {i}: command: {e}"))?;
        let events = bb::apply(&mut g, cmd, &mut dice)
            .map_err(|e| format!("seed {seed} step {i}: refused: {e}"))?;
        let got = serde_json::to_value(&events).unwrap();
        if got != step["events"] {
            return Err(format!(
                "seed {seed} step {i} ({cmd:?}): events differ\n stored: {}\n now:    {}",
                step["events"], got
            ));
        }
    }
    if !g.is_over() {
        return Err(format!(
            "seed {seed}: the stored match ended, the replay did not"
        ));
    }
    Ok(steps.len())
}

#[test]
fn every_golden_match_replays_to_the_same_events() {
    if std::env::var_os("DUGOUT_BLESS_GOLDEN").is_some() {
        return; // the blessing run writes the file this test reads
    }
    let mut files = 0;
    let mut total = 0;
    for version in bb::OLDEST_RULES_VERSION..=RECORD_VERSION {
        let path = golden_file(version);
        let file = std::fs::File::open(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (every rules version keeps its log)",
                path.display()
            )
        });
        let mut lines = BufReader::new(flate2::read::GzDecoder::new(file)).lines();
        let header: Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
        assert_eq!(header["rules_version"], json!(version));
        let mut matches = 0;
        for line in lines {
            let m: Value = serde_json::from_str(&line.unwrap()).unwrap();
            match replay(version, &m) {
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
        (RECORD_VERSION - bb::OLDEST_RULES_VERSION + 1) as usize
    );
    assert!(total > 5_000, "the golden logs hold {total} commands");
}

#[test]
fn an_unknown_rules_version_is_refused() {
    let mut dice = ChaChaDice::from_u64(1);
    for version in [0, bb::RULES_VERSION + 1] {
        let err = bb::new_game_versioned(random_setup(1), version, &mut dice).unwrap_err();
        assert_eq!(
            err,
            dugout_rules::core::SetupError::UnknownRulesVersion {
                version,
                newest: bb::RULES_VERSION
            }
        );
    }
}
