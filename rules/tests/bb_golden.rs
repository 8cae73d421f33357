#![allow(clippy::unwrap_used)]
//! Blood Bowl's golden match logs (`rules/tests/golden/blood_bowl-v<N>.jsonl.gz`): every
//! stored match replays, under the rules version it was recorded with, to JSON-identical
//! events. The format and the blessing run are in `golden_logs/mod.rs`
//! (`DUGOUT_BLESS_GOLDEN=1 cargo test -p dugout-rules --test bb_golden`).

mod golden_logs;

use dugout_rules::bb;
use dugout_rules::bb::random_play::random_setup;
use dugout_rules::core::ChaChaDice;
use golden_logs::Golden;

const GOLDEN: Golden<bb::Game> = Golden {
    matches: 60,
    max_commands: 200_000,
    random_setup,
};

#[test]
fn bless_the_golden_logs_when_asked() {
    GOLDEN.bless_when_asked();
}

#[test]
fn every_golden_match_replays_to_the_same_events() {
    if std::env::var_os("DUGOUT_BLESS_GOLDEN").is_some() {
        return; // the blessing run writes the file this test reads
    }
    let total = GOLDEN.replay_all();
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
