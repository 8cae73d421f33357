#![allow(clippy::unwrap_used)]
//! The view reducer (`GameView::apply`) against the engine's own views, over random matches.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.
//!
//! * `folding_the_events_gives_every_seat_the_engine_view_after_every_command`: 2,000 seeded
//!   random matches (both editions, random teams and options, `random_setup`). Each of the
//!   three seats (both coaches and a spectator) starts from the snapshot `view(&game, seat)`
//!   taken after `new_game`; after every `apply` it folds each event's projection for that
//!   seat into its running view, takes the prompt from the game (the server sends it with the
//!   decision) and must equal `view(&game, seat)` exactly.
//! * `the_set_up_events_carry_every_set_up_fact`: the `new_game` events, folded into a view
//!   holding only what the match setup says (board, arena, Coach A, cards and deck unknown),
//!   give the snapshot. Clients start from the snapshot; this checks the events are complete.
//! * `golden_matches_fold_to_the_engine_view`: the same check over the stored golden matches
//!   of the current rules version.
//! * Scenario tests of the 2018 refresh's shift of the active cards (§3.19.4), which version
//!   2 reports card by card (`active_card_moved`) and the reducer follows.
//!
//! A failure names the seed, the step, the seat, the step's events (as that seat received
//! them) and each field that differs. To reproduce one seed alone, run
//! `BLITZ_SEEDS=1234 cargo test -p dugout-rules --test blitz_view_reducer` (a single seed,
//! or a range `1200..1300`).

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

mod seeds;
use seeds::{for_all_seeds, seeds};

mod common;
use common::{field, go, no_dice, scen};

use dugout_rules::blitz::data::TeamId;
use dugout_rules::blitz::random_play::random_setup;
use dugout_rules::blitz::*;
use dugout_rules::core::*;
use serde_json::Value;

const GAMES: u64 = 2_000;
const MAX_COMMANDS: usize = 20_000;
const PICKER_SALT: u64 = 0xABCD;
const MAX_FAILURES: usize = 10;
const SEATS: [Seat; 3] = [
    Seat::Coach(Side::Home),
    Seat::Coach(Side::Away),
    Seat::Spectator,
];

/// Commands checked and events folded (all seats) by the random-match test.
static STEPS: AtomicUsize = AtomicUsize::new(0);
static EVENTS: AtomicUsize = AtomicUsize::new(0);

/// Every path where two JSON values differ, with both values (`players[3].place: ...`).
fn differences(path: &str, want: &Value, got: &Value, out: &mut Vec<String>) {
    match (want, got) {
        (Value::Object(w), Value::Object(g)) => {
            for (k, wv) in w {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                differences(&p, wv, g.get(k).unwrap_or(&Value::Null), out);
            }
            for k in g.keys().filter(|k| !w.contains_key(*k)) {
                out.push(format!("{path}.{k}: not in the engine view"));
            }
        }
        (Value::Array(w), Value::Array(g)) if w.len() == g.len() => {
            for (i, (wv, gv)) in w.iter().zip(g).enumerate() {
                differences(&format!("{path}[{i}]"), wv, gv, out);
            }
        }
        _ if want != got => out.push(format!("{path}: engine {want}, folded {got}")),
        _ => {}
    }
}

/// The report for a folded view that is not the engine's.
fn mismatch(
    context: &str,
    seat: Seat,
    events: &[Event],
    want: &GameView,
    got: &GameView,
) -> String {
    let mut diffs = Vec::new();
    differences(
        "",
        &serde_json::to_value(want).unwrap(),
        &serde_json::to_value(got).unwrap(),
        &mut diffs,
    );
    let events: Vec<String> = events
        .iter()
        .enumerate()
        .map(|(i, e)| format!("  event {i}: {}", serde_json::to_string(e).unwrap()))
        .collect();
    format!(
        "{context}, seat {seat:?}: the folded view differs from view(&game, seat)\n\
         fields that differ:\n  {}\nthe events this seat received in the step:\n{}",
        diffs.join("\n  "),
        events.join("\n")
    )
}

/// Fold one command's events into each seat's view and compare with the engine's views.
/// Returns the number of events folded (all seats).
fn fold_and_check(
    g: &Game,
    views: &mut [GameView; 3],
    events: &[Event],
    context: &dyn Fn() -> String,
) -> Result<usize, String> {
    let mut folded = 0;
    for (seat, v) in SEATS.into_iter().zip(views.iter_mut()) {
        let received: Vec<Event> = events.iter().filter_map(|e| e.project(seat)).collect();
        for e in &received {
            v.apply(e);
        }
        folded += received.len();
        // The prompt is not derived from events: it comes with the decision.
        v.prompt = prompt(g).clone();
        let want = view(g, seat);
        if *v != want {
            return Err(mismatch(&context(), seat, &received, &want, v));
        }
    }
    Ok(folded)
}

fn check_seed(seed: u64) -> Result<(), String> {
    let mut dice = ChaChaDice::from_u64(seed);
    let mut picker = ChaChaDice::from_u64(seed ^ PICKER_SALT);
    let (mut g, _) = new_game(random_setup(seed), &mut dice).map_err(|e| e.to_string())?;
    let mut views = SEATS.map(|seat| view(&g, seat));
    let mut step = 0;
    while !g.is_over() {
        if step >= MAX_COMMANDS {
            return Err(format!("seed {seed}: no end after {MAX_COMMANDS} commands"));
        }
        let legal = legal_commands(&g);
        let cmd = legal[usize::from(picker.roll(Die::Range(legal.len() as u16)))];
        let events = apply(&mut g, cmd, &mut dice).map_err(|e| format!("step {step}: {e}"))?;
        let folded = fold_and_check(&g, &mut views, &events, &|| {
            format!("seed {seed}, step {step} ({cmd:?})")
        })?;
        STEPS.fetch_add(1, Ordering::Relaxed);
        EVENTS.fetch_add(folded, Ordering::Relaxed);
        step += 1;
    }
    Ok(())
}

/// A view of the freshly set-up match holding only what the match setup itself says: every
/// fact the set-up events report (Coach A, arena, board side, the deal) is blanked. The
/// shuffled deck's top card and height stay: while the toss winner still chooses the board
/// side nothing is dealt yet, and the events report the deck (`DeckTop`) only as cards are
/// dealt, so a client takes them from its first snapshot.
fn before_the_set_up_events(v: &GameView) -> GameView {
    let mut blank = v.clone();
    blank.board = None;
    blank.arena = None;
    blank.coach_a = None;
    blank.balls.clear();
    blank.active_cards.clear();
    for p in &mut blank.players {
        p.place = Place::Reserves;
    }
    blank
}

fn check_set_up(seed: u64) -> Result<(), String> {
    let setup = random_setup(seed);
    let (g, start) = new_game(setup, &mut ChaChaDice::from_u64(seed)).map_err(|e| e.to_string())?;
    for seat in SEATS {
        let want = view(&g, seat);
        let mut v = before_the_set_up_events(&want);
        let received: Vec<Event> = start.iter().filter_map(|e| e.project(seat)).collect();
        for e in &received {
            v.apply(e);
        }
        if v != want {
            return Err(mismatch(
                &format!("seed {seed}, new_game"),
                seat,
                &received,
                &want,
                &v,
            ));
        }
    }
    Ok(())
}

#[test]
fn folding_the_events_gives_every_seat_the_engine_view_after_every_command() {
    let range = seeds(0..GAMES);
    let started = std::time::Instant::now();
    for_all_seeds(
        "blitz_view_reducer",
        MAX_FAILURES,
        range.clone(),
        check_seed,
    );
    let steps = STEPS.load(Ordering::Relaxed);
    println!(
        "{} matches, {steps} commands, {} events folded, 3 seats compared after every \
         command: {:.1?}",
        range.end - range.start,
        EVENTS.load(Ordering::Relaxed),
        started.elapsed()
    );
    if std::env::var("BLITZ_SEEDS").is_err() {
        assert!(steps > 100_000, "only {steps} commands checked");
    }
}

#[test]
fn the_set_up_events_carry_every_set_up_fact() {
    for_all_seeds(
        "blitz_view_reducer",
        MAX_FAILURES,
        seeds(0..GAMES),
        check_set_up,
    );
}

/// The stored golden matches of the current rules version (`rules/tests/golden.rs`), folded
/// seat by seat as above.
#[test]
fn golden_matches_fold_to_the_engine_view() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("tests/golden/blitz-v{RULES_VERSION}.jsonl.gz"));
    let file = std::fs::File::open(&path).unwrap();
    let mut lines = BufReader::new(flate2::read::GzDecoder::new(file)).lines();
    let header: Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
    assert_eq!(header["rules_version"], Value::from(RULES_VERSION));
    let narrow = seeds(0..u64::MAX);
    let mut matches = 0;
    for line in lines {
        let m: Value = serde_json::from_str(&line.unwrap()).unwrap();
        let seed = m["seed"].as_u64().unwrap();
        if !narrow.contains(&seed) {
            continue;
        }
        let setup: MatchSetup = serde_json::from_value(m["setup"].clone()).unwrap();
        let mut dice = ChaChaDice::from_u64(seed);
        let (mut g, _) = new_game_versioned(setup, RULES_VERSION, &mut dice).unwrap();
        let mut views = SEATS.map(|seat| view(&g, seat));
        for (step, s) in m["steps"].as_array().unwrap().iter().enumerate() {
            let cmd: Command = serde_json::from_value(s["command"].clone()).unwrap();
            let events = apply(&mut g, cmd, &mut dice).unwrap();
            let context = || format!("golden seed {seed}, step {step} ({cmd:?})");
            if let Err(e) = fold_and_check(&g, &mut views, &events, &context) {
                panic!("{}: {e}", path.display());
            }
        }
        assert!(g.is_over(), "golden seed {seed}: the match did not end");
        matches += 1;
    }
    assert!(matches > 0, "no golden match checked");
}

/// Each seat's snapshot of `g`, folded through the events of `cmd`, checked against the
/// engine's views after it.
fn follow(g: &mut Game, cmd: Command) -> [GameView; 3] {
    let mut views = SEATS.map(|seat| view(g, seat));
    let events = go(g, &mut no_dice(), cmd);
    if let Err(e) = fold_and_check(g, &mut views, &events, &|| format!("{cmd:?}")) {
        panic!("{e}");
    }
    views
}

fn slots(v: &GameView) -> Vec<(u8, data::Challenge)> {
    v.active_cards
        .iter()
        .map(|c| (c.slot, c.challenge))
        .collect()
}

fn challenge(card: u8) -> data::Challenge {
    CardId(card).def().challenge
}

/// A 2018 match at Home's second-turn Action prompt with active cards in spaces 1 and 3 only.
fn refresh_2018() -> common::Scenario {
    let mut s = scen(Edition::Bb2018, TeamId::Human, TeamId::Orc);
    field(&mut s, Side::Away, 3);
    s.loose_ball(7, 1);
    s.active_card(0, 0).active_card(2, 2);
    s
}

#[test]
fn the_2018_refresh_shift_at_the_end_of_the_turn_is_followed_from_its_events() {
    // BB digest §3.19.4 (2018): the remaining cards shift down, the empty space is dealt
    let mut g = refresh_2018().at_action_prompt();
    let top = g.deck.last().copied();
    let views = follow(&mut g, Command::EndTurn);
    let Some(DeckCard::Challenge(top)) = top else {
        panic!("a challenge card on top")
    };
    for v in &views {
        assert_eq!(
            slots(v),
            [(0, challenge(0)), (1, challenge(2)), (2, challenge(top.0))]
        );
    }
}

#[test]
fn the_2018_refresh_shift_without_a_card_to_deal_is_followed_from_its_events() {
    // BB digest §3.19.4 (2018), §3.21 final turns (G21): an empty deck deals nothing, so no
    // event follows the shift
    let mut s = refresh_2018();
    s.deck(&[]);
    s.game.final_turns_left = Some(2);
    let mut g = s.at_action_prompt();
    let views = follow(&mut g, Command::EndTurn);
    assert_eq!(g.final_turns_left, Some(1));
    for v in &views {
        assert_eq!(slots(v), [(0, challenge(0)), (1, challenge(2))]);
    }
}

#[test]
fn no_2018_refresh_shift_when_the_last_turn_ends_the_match() {
    // BB digest §3.21 (the match ends after the final turns, G21), §3.19.4 (2018)
    let mut s = refresh_2018();
    s.deck(&[]);
    s.game.final_turns_left = Some(1);
    let mut g = s.at_action_prompt();
    let views = follow(&mut g, Command::EndTurn);
    assert!(g.is_over());
    for v in &views {
        assert_eq!(slots(v), [(0, challenge(0)), (2, challenge(2))]);
    }
}
