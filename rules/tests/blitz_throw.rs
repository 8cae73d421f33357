//! Throw and Hand-off (§3.4, §3.10, §4 rows 15-20).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.
#![allow(clippy::unwrap_used)]

mod common;
use common::*;

const E24: Edition = Edition::Bb2024;
const E18: Edition = Edition::Bb2018;

fn throw(p: PlayerId, x: i8, y: i8) -> Command {
    action(p, ActionChoice::Throw { target: sq(x, y) })
}

/// Human Thrower (T3+) at (2,5) with the ball; a Lineman team-mate at (3,5) Marked by an Orc
/// at (4,5).
fn hand_off_to_marked(ed: Edition) -> (Game, PlayerId, PlayerId, BallId) {
    let mut s = scen(ed, TeamId::Human, TeamId::Orc);
    let t = s.position(Side::Home, "Thrower");
    let m = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(t, 2, 5).stand(m, 3, 5).stand(o, 4, 5);
    let b = s.give_ball(t);
    (s.at_action_prompt(), t, m, b)
}

#[test]
fn a_2024_hand_off_to_a_marked_team_mate_is_automatic() {
    // §3.10.1 step 2, §4 row 20; 2024
    let (mut g, t, m, b) = hand_off_to_marked(E24);
    let mut d = no_dice();
    let ev = go(&mut g, &mut d, throw(t, 3, 5));
    assert_eq!(g.ball_held_by(m), Some(b));
    assert!(rolls(&ev, RollPurpose::Throw).is_empty());
}

#[test]
fn a_2018_hand_off_to_a_marked_team_mate_needs_a_throw_check_at_minus_one() {
    // §3.10.2 steps 2-3, §4 row 20; 2018
    let (mut g, t, m, b) = hand_off_to_marked(E18);
    let mut d = dice([d6(4)]);
    let ev = go(&mut g, &mut d, throw(t, 3, 5));
    let r = &rolls(&ev, RollPurpose::Throw)[0];
    assert_eq!(r.modifier, -1);
    assert_eq!(r.target, Some(3));
    assert_eq!(g.ball_held_by(m), Some(b));
}

#[test]
fn a_2018_hand_off_to_an_open_team_mate_is_automatic() {
    // §3.10.2 step 2; 2018
    let mut s = scen(E18, TeamId::Human, TeamId::Orc);
    let t = s.position(Side::Home, "Thrower");
    let m = s.position(Side::Home, "Lineman");
    s.stand(t, 2, 5).stand(m, 3, 6);
    let b = s.give_ball(t);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(&mut g, &mut d, throw(t, 3, 6));
    assert_eq!(g.ball_held_by(m), Some(b));
}

#[test]
fn a_2018_throw_may_target_an_empty_square_and_the_ball_bounces_there() {
    // §3.10.2 steps 1 and 4, §4 row 16; 2018
    let mut s = scen(E18, TeamId::Human, TeamId::Orc);
    let t = s.position(Side::Home, "Thrower");
    s.stand(t, 2, 5);
    let b = s.give_ball(t);
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(5), d8(4)]);
    let ev = go(&mut g, &mut d, throw(t, 5, 5));
    assert!(has_event(
        &ev,
        &Event::BallBounced {
            ball: b,
            from: sq(5, 5),
            to: sq(6, 5)
        }
    ));
    assert_eq!(g.ball_at(sq(6, 5)), Some(b));
}

#[test]
fn a_2024_throw_must_target_a_standing_team_mate() {
    // §3.10.1 step 1, §4 row 16; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let t = s.position(Side::Home, "Thrower");
    let m = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(t, 2, 5).prone(m, 5, 5).stand(o, 5, 8);
    s.give_ball(t);
    let mut g = s.at_action_prompt();
    assert_refused(&mut g, throw(t, 5, 4));
    assert_refused(&mut g, throw(t, 5, 5));
    assert_refused(&mut g, throw(t, 5, 8));
}

#[test]
fn a_marked_player_cannot_throw() {
    // §3.10, §3.6.2; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let t = s.position(Side::Home, "Thrower");
    let m = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(t, 2, 5).stand(m, 5, 5).stand(o, 1, 5);
    s.give_ball(t);
    let mut g = s.at_action_prompt();
    assert_refused(&mut g, throw(t, 5, 5));
}

/// Thrower (T3+) at (2,5) with the ball; target Lineman at (9,5) (Long) Marked by an Orc at
/// (10,5); an Open Orc at (5,5) obstructs the ruler.
fn long_obstructed_marked(ed: Edition) -> (Game, PlayerId, PlayerId, BallId) {
    let mut s = scen(ed, TeamId::Human, TeamId::Orc);
    let t = s.position(Side::Home, "Thrower");
    let m = s.position(Side::Home, "Lineman");
    let o1 = s.player(Side::Away, 0);
    let o2 = s.player(Side::Away, 1);
    s.stand(t, 2, 5)
        .stand(m, 9, 5)
        .stand(o1, 5, 5)
        .stand(o2, 10, 5);
    let b = s.give_ball(t);
    (s.at_action_prompt(), t, m, b)
}

#[test]
fn the_2024_throw_modifier_is_capped_at_minus_one() {
    // §3.4 modifier cap, §3.10.1 step 3, §4 rows 15, 17; 2024
    let (mut g, t, m, b) = long_obstructed_marked(E24);
    let mut d = dice([d6(4)]);
    let ev = go(&mut g, &mut d, throw(t, 9, 5));
    let r = &rolls(&ev, RollPurpose::Throw)[0];
    assert_eq!(r.modifier, -1);
    assert_eq!(r.success, Some(true));
    assert_eq!(g.ball_held_by(m), Some(b));
}

#[test]
fn the_2018_throw_penalties_stack() {
    // §3.10.2 step 3, §4 rows 15, 17; 2018
    let (mut g, t, _, b) = long_obstructed_marked(E18);
    let mut d = dice([d6(4), d8(8)]);
    let ev = go(&mut g, &mut d, throw(t, 9, 5));
    let r = &rolls(&ev, RollPurpose::Throw)[0];
    assert_eq!(r.modifier, -3);
    assert_eq!(r.success, Some(false));
    // 4 - 3 = 1: a fumble, the ball bounces from the thrower's square.
    assert_eq!(g.ball_at(sq(1, 5)), Some(b));
}

#[test]
fn a_natural_two_with_minus_one_fumbles_in_2024() {
    // §3.10.1 step 4, §4 row 18; 2024
    let (mut g, t, _, b) = long_obstructed_marked(E24);
    let mut d = dice([d6(2), d8(8)]);
    let ev = go(&mut g, &mut d, throw(t, 9, 5));
    assert!(has_event(
        &ev,
        &Event::BallBounced {
            ball: b,
            from: sq(2, 5),
            to: sq(1, 5)
        }
    ));
    assert_eq!(g.ball_at(sq(1, 5)), Some(b));
}

#[test]
fn a_failed_2024_throw_that_is_not_a_fumble_bounces_from_the_target() {
    // §3.10.1 step 6, §4 row 18; 2024
    let (mut g, t, m, b) = long_obstructed_marked(E24);
    let mut d = dice([d6(3), d8(2)]);
    let ev = go(&mut g, &mut d, throw(t, 9, 5));
    assert!(has_event(
        &ev,
        &Event::BallBounced {
            ball: b,
            from: sq(9, 5),
            to: sq(9, 4)
        }
    ));
    assert_eq!(g.ball_held_by(m), None);
    assert_eq!(g.ball_at(sq(9, 4)), Some(b));
}

#[test]
fn the_same_roll_fumbles_in_2018_because_penalties_stack() {
    // §3.10.2 step 5, §4 row 18; 2018
    let (mut g, t, _, b) = long_obstructed_marked(E18);
    let mut d = dice([d6(3), d8(8)]);
    go(&mut g, &mut d, throw(t, 9, 5));
    assert_eq!(g.ball_at(sq(1, 5)), Some(b));
}

#[test]
fn a_natural_six_always_completes_a_throw() {
    // §3.4 natural results; 2018
    let (mut g, t, m, b) = long_obstructed_marked(E18);
    let mut d = dice([d6(6)]);
    go(&mut g, &mut d, throw(t, 9, 5));
    assert_eq!(g.ball_held_by(m), Some(b));
}

#[test]
fn a_2018_throw_to_an_opponents_square_is_caught_by_the_opponent() {
    // §3.10.2 step 4, §4 row 19; 2018
    let mut s = scen(E18, TeamId::Human, TeamId::Orc);
    let t = s.position(Side::Home, "Thrower");
    let o = s.position(Side::Away, "Lineman");
    s.stand(t, 2, 5).stand(o, 5, 6);
    let b = s.give_ball(t);
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(5)]);
    go(&mut g, &mut d, throw(t, 5, 6));
    assert_eq!(g.ball_held_by(o), Some(b));
}

#[test]
fn expert_passer_may_reroll_a_failed_throw() {
    // §5.4 Expert Passer, §3.5; 2024
    let mut s = scen(E24, TeamId::ElvenUnion, TeamId::Orc);
    let t = s.position(Side::Home, "Thrower");
    let m = s.position(Side::Home, "Lineman");
    s.stand(t, 2, 5).stand(m, 5, 5);
    let b = s.give_ball(t);
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(1), d6(5)]);
    go(&mut g, &mut d, throw(t, 5, 5));
    assert_eq!(
        kind(&g),
        PromptKind::Reroll {
            kind: RollKind::Throw
        }
    );
    assert!(is_legal_cmd(
        &g,
        Command::Reroll {
            source: RerollSource::ExpertPasser
        }
    ));
    go(
        &mut g,
        &mut d,
        Command::Reroll {
            source: RerollSource::ExpertPasser,
        },
    );
    assert_eq!(g.ball_held_by(m), Some(b));
}

#[test]
fn a_thrower_without_expert_passer_gets_no_reroll() {
    // §3.5; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let t = s.position(Side::Home, "Thrower");
    let m = s.position(Side::Home, "Lineman");
    s.stand(t, 2, 5).stand(m, 5, 5);
    let b = s.give_ball(t);
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(1), d8(8)]);
    go(&mut g, &mut d, throw(t, 5, 5));
    assert_eq!(kind(&g), PromptKind::Action);
    assert_eq!(g.ball_at(sq(1, 5)), Some(b));
}

#[test]
fn a_2018_throw_onto_a_prone_players_square_bounces() {
    // §3.10.2 step 4; 2018
    let mut s = scen(E18, TeamId::Human, TeamId::Orc);
    let t = s.position(Side::Home, "Thrower");
    let m = s.position(Side::Home, "Lineman");
    s.stand(t, 2, 5).prone(m, 5, 6);
    let b = s.give_ball(t);
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(5), d8(6)]);
    go(&mut g, &mut d, throw(t, 5, 6));
    assert_eq!(g.ball_at(sq(5, 7)), Some(b));
}

#[test]
fn a_2024_team_mate_with_throw_dash_is_not_a_throw_target() {
    // §3.10.3 [PROPOSAL], §2.6; 2024
    let mut s = scen(E24, TeamId::Snotling, TeamId::Orc);
    let t = s.position(Side::Home, "Fungus Flinga");
    let w = s.position(Side::Home, "Pump Wagon");
    s.stand(t, 2, 5).stand(w, 5, 5);
    s.give_ball(t);
    let mut g = s.at_action_prompt();
    assert_refused(&mut g, throw(t, 5, 5));
}
