//! Blood Bowl under the game contract: the archive summary (§22), the timeout command and
//! the turn marker (§9.1), projection (no secrets).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.
#![allow(clippy::unwrap_used)]

mod bbcommon;
use bbcommon::*;

use dugout_rules::core::{Ruleset, Seat};

/// §22, §12.5: the summary counts casualties suffered (injuries) and inflicted, KOs,
/// completions, interceptions, sent-offs; the score from the touchdowns.
#[test]
fn the_summary_counts_what_the_league_needs() {
    let mut s = scen();
    let a = s.player(HOME, 0);
    let d = s.player(AWAY, 0);
    s.put(a, 10, 7)
        .put(d, 11, 7)
        .rerolls(HOME, 0)
        .apothecary(AWAY, false);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [bd(6), d6(6), d6(6), d6(5), d6(5), d6(4), d8(6)],
        &[
            Command::Block {
                player: a,
                target: d,
            },
            Command::Push { square: sq(12, 7) },
            Command::FollowUp { follow: false },
        ],
    );
    let summary = <Game as Ruleset>::summarise(&g.setup, &ev);
    assert_eq!(summary.injuries, [0, 1]);
    assert_eq!(summary.count("casualties"), [1, 0]);
    assert_eq!(summary.count("completions"), [0, 0]);
    assert_eq!(summary.count("serious_injuries"), [0, 1], "a Fractured Leg");
    assert_eq!(summary.count("badly_hurt"), [0, 0]);
    assert_eq!(
        summary.count("mvp_eligible"),
        [12, 11],
        "the starter teams' players"
    );
    assert_eq!(summary.score, [0, 0]);
}

/// §9.1: the timeout ends the turn at the Action prompt, the Action during one, and
/// declines a re-roll.
#[test]
fn the_timeout_command_ends_the_turn_fastest() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(p, 10, 7).put(o, 11, 7);
    let mut g = s.turn(HOME, 1);
    assert_eq!(g.timeout_command(), Some(Command::EndTurn));
    play(
        &mut g,
        [],
        &[Command::Declare {
            player: p,
            action: ActionKind::Move,
        }],
    );
    assert_eq!(g.timeout_command(), Some(Command::EndAction));
    play(&mut g, [d6(1)], &[Command::Step { to: sq(9, 7) }]);
    assert_eq!(g.timeout_command(), Some(Command::Decline));
}

/// §9.1: the turn marker names the active coach and changes with every team turn.
#[test]
fn the_turn_marker_follows_the_team_turns() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    s.put(p, 5, 5);
    let mut g = s.turn(HOME, 1);
    let m1 = g.turn_marker().unwrap();
    assert_eq!(m1.coach, HOME);
    play(&mut g, [], &[Command::EndTurn]);
    let m2 = g.turn_marker().unwrap();
    assert_eq!(m2.coach, AWAY);
    assert_ne!(m1.key, m2.key);
}

/// Blood Bowl keeps no secrets: every seat sees every event and the same view.
#[test]
fn every_seat_sees_everything() {
    let g = scen().turn(HOME, 1);
    let e = Event::Weather {
        weather: Weather::Nice,
    };
    for seat in [Seat::Coach(HOME), Seat::Coach(AWAY), Seat::Spectator] {
        assert_eq!(<Game as Ruleset>::project(&e, seat), Some(e.clone()));
        assert_eq!(Ruleset::view(&g, seat), dugout_rules::bb::view(&g));
    }
}

/// A match read back from JSON plays on exactly like the original (the square index is
/// rebuilt; the legal commands are worked out again).
#[test]
fn a_stored_game_plays_on_like_the_original() {
    use dugout_rules::bb::random_play::random_setup;
    // The first seed whose random match is still going after 300 commands (a random coach
    // may concede early).
    let (mut g, mut dice, mut picker) = (0..20u64)
        .map(|seed| {
            let mut dice = ChaChaDice::from_u64(seed);
            let mut picker = ChaChaDice::from_u64(0xABCD ^ seed);
            let (mut g, _) = new_game(random_setup(seed), &mut dice).unwrap();
            for _ in 0..300 {
                if g.is_over() {
                    break;
                }
                let legal = legal_commands(&g);
                let cmd = legal[usize::from(picker.roll(Die::Range(legal.len() as u16)))];
                apply(&mut g, cmd, &mut dice).unwrap();
            }
            (g, dice, picker)
        })
        .find(|(g, _, _)| !g.is_over())
        .unwrap();
    assert!(!g.is_over(), "stored in the middle of the match");
    let json = serde_json::to_string(&g).unwrap();
    let mut back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(legal_commands(&back), legal_commands(&g));
    let mut d2 = dice.clone();
    while !g.is_over() {
        let legal = legal_commands(&g);
        let cmd = legal[usize::from(picker.roll(Die::Range(legal.len() as u16)))];
        assert_eq!(
            apply(&mut back, cmd, &mut d2),
            apply(&mut g, cmd, &mut dice)
        );
    }
}
