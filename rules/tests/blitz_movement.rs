//! Movement rules: Run, Mark, Sidestep, Stand Up, Reserves, Open/Marked (§3.3,
//! §3.6-§3.9, §3.12-§3.14).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.
#![allow(clippy::unwrap_used)]

mod common;
use common::*;

const E24: Edition = Edition::Bb2024;
const E18: Edition = Edition::Bb2018;

#[test]
fn a_run_moves_at_most_the_move_value() {
    // §3.8; both editions
    for ed in [E24, E18] {
        let mut s = scen(ed, TeamId::Human, TeamId::Orc);
        let p = s.position(Side::Home, "Lineman"); // M6
        s.stand(p, 1, 0);
        let mut g = s.at_action_prompt();
        let mut d = no_dice();
        go(&mut g, &mut d, action(p, ActionChoice::Run));
        assert!(matches!(kind(&g), PromptKind::Move { left: 6, .. }));
        for x in 2..=7 {
            go(&mut g, &mut d, move_to(x, 0));
        }
        assert_eq!(at(&g, p), standing(7, 0));
        assert_eq!(kind(&g), PromptKind::Action, "{ed:?}");
        assert_refused(&mut g, move_to(8, 0));
    }
}

#[test]
fn a_player_cannot_run_adjacent_to_a_standing_opponent() {
    // §3.8; both editions
    for ed in [E24, E18] {
        let mut s = scen(ed, TeamId::Human, TeamId::Orc);
        let p = s.position(Side::Home, "Lineman");
        let o = s.position(Side::Away, "Lineman");
        s.stand(p, 2, 5).stand(o, 5, 5);
        let mut g = s.at_action_prompt();
        let mut d = no_dice();
        go(&mut g, &mut d, action(p, ActionChoice::Run));
        go(&mut g, &mut d, move_to(3, 5));
        for y in 4..=6 {
            assert_refused(&mut g, move_to(4, y));
        }
        assert!(is_legal_cmd(&g, move_to(3, 6)));
    }
}

#[test]
fn a_player_may_run_next_to_a_prone_opponent() {
    // §3.8 (2024; 2018 [PROPOSAL] G9 the same)
    for ed in [E24, E18] {
        let mut s = scen(ed, TeamId::Human, TeamId::Orc);
        let p = s.position(Side::Home, "Lineman");
        let o = s.position(Side::Away, "Lineman");
        s.stand(p, 2, 5).prone(o, 5, 5);
        let mut g = s.at_action_prompt();
        let mut d = no_dice();
        go(&mut g, &mut d, action(p, ActionChoice::Run));
        go(&mut g, &mut d, move_to(3, 5));
        go(&mut g, &mut d, move_to(4, 5));
        assert_eq!(at(&g, p), standing(4, 5));
    }
}

#[test]
fn a_player_cannot_enter_a_blocked_or_occupied_square() {
    // §3.7; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let m = s.position(Side::Home, "Blitzer");
    s.stand(p, 2, 2).stand(m, 1, 2);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::Run));
    assert_refused(&mut g, move_to(3, 2));
    assert_refused(&mut g, move_to(3, 3));
    assert_refused(&mut g, move_to(1, 2));
    assert!(is_legal_cmd(&g, move_to(2, 1)));
}

#[test]
fn a_marked_player_cannot_run_or_mark_but_can_block_and_sidestep() {
    // §3.6.2; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 2, 5).stand(o, 3, 5);
    let g = s.at_action_prompt();
    let c = choices(&g, p);
    assert!(!c.contains(&ActionChoice::Run));
    assert!(!c.contains(&ActionChoice::Mark));
    assert!(c.contains(&ActionChoice::Block { target: o }));
    assert!(c.contains(&ActionChoice::Sidestep { to: sq(1, 5) }));
}

#[test]
fn a_player_next_to_only_a_prone_opponent_is_open() {
    // §3.3 (2024 definition, G8 in both editions)
    for ed in [E24, E18] {
        let mut s = scen(ed, TeamId::Human, TeamId::Orc);
        let p = s.position(Side::Home, "Lineman");
        let o = s.position(Side::Away, "Lineman");
        s.stand(p, 2, 5).prone(o, 3, 5);
        let g = s.at_action_prompt();
        assert!(g.is_open(p));
        let c = choices(&g, p);
        assert!(c.contains(&ActionChoice::Run));
        assert!(!c.contains(&ActionChoice::Block { target: o }));
        assert!(!c.iter().any(|c| matches!(c, ActionChoice::Sidestep { .. })));
    }
}

#[test]
fn the_same_player_cannot_make_the_same_action_twice_in_a_turn() {
    // §3.6.1; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    s.stand(p, 1, 0);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::Run));
    go(&mut g, &mut d, move_to(2, 0));
    go(&mut g, &mut d, Command::StopMoving);
    assert_eq!(kind(&g), PromptKind::Action);
    assert_refused(&mut g, action(p, ActionChoice::Run));
}

#[test]
fn a_turn_has_three_actions() {
    // §3.6.1; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let ps: Vec<PlayerId> = (0..4).map(|i| s.player(Side::Home, i)).collect();
    for (i, &p) in ps.iter().enumerate() {
        s.stand(p, 1, 2 * i as i8);
    }
    s.loose_ball(12, 10);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    for &p in &ps[..3] {
        go(&mut g, &mut d, action(p, ActionChoice::Run));
        let y = g.player(p).square().unwrap().y;
        go(&mut g, &mut d, move_to(2, y));
        go(&mut g, &mut d, Command::StopMoving);
    }
    // Three actions spent: the turn ended and it is now Away's turn.
    assert_eq!(g.turn.active, Some(Side::Away));
    assert_eq!(prompt(&g).coach, Some(Side::Away));
}

#[test]
fn mark_stops_on_becoming_adjacent_in_2024() {
    // §3.9; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 2, 5).stand(o, 4, 5);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::Mark));
    assert!(matches!(kind(&g), PromptKind::Move { left: 2, .. }));
    go(&mut g, &mut d, move_to(3, 4));
    assert_eq!(at(&g, p), standing(3, 4));
    assert_eq!(kind(&g), PromptKind::Action);
    assert!(g.is_marked(p));
}

#[test]
fn mark_may_continue_through_adjacent_squares_in_2018() {
    // §3.9; 2018 (G10)
    let mut s = scen(E18, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 2, 5).stand(o, 4, 5);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::Mark));
    go(&mut g, &mut d, move_to(3, 4));
    assert!(matches!(kind(&g), PromptKind::Move { left: 1, .. }));
    go(&mut g, &mut d, move_to(3, 5));
    assert_eq!(at(&g, p), standing(3, 5));
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn mark_moves_at_most_two_squares_and_must_end_marking() {
    // §3.9; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 1, 5).stand(o, 4, 5);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::Mark));
    go(&mut g, &mut d, move_to(2, 5));
    // Stopping at (2,5) would not be adjacent to the opponent.
    assert_refused(&mut g, Command::StopMoving);
    go(&mut g, &mut d, move_to(3, 5));
    assert_eq!(at(&g, p), standing(3, 5));
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn a_mark_is_illegal_when_no_opponent_can_be_reached() {
    // §3.9; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 1, 0).stand(o, 9, 9);
    let mut g = s.at_action_prompt();
    assert!(!can_mark(&g, p));
    assert_refused(&mut g, action(p, ActionChoice::Mark));
}

#[test]
fn a_mark_onto_a_loose_ball_makes_it_bounce() {
    // §3.9, §3.16.2; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 1, 5).stand(o, 4, 5);
    let b = s.loose_ball(2, 5);
    let mut g = s.at_action_prompt();
    let mut d = dice([d8(2)]); // up: (2,4)
    go(&mut g, &mut d, action(p, ActionChoice::Mark));
    go(&mut g, &mut d, move_to(2, 5));
    assert_eq!(g.ball_held_by(p), None);
    assert_eq!(g.ball_at(sq(2, 4)), Some(b));
}

#[test]
fn a_run_picks_up_a_loose_ball() {
    // §3.8, §3.16.2; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    s.stand(p, 1, 0);
    let b = s.loose_ball(2, 0);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::Run));
    go(&mut g, &mut d, move_to(2, 0));
    go(&mut g, &mut d, move_to(3, 0));
    assert_eq!(g.ball_held_by(p), Some(b));
}

#[test]
fn sidestep_moves_one_square_to_an_open_square() {
    // §3.12; both editions
    for ed in [E24, E18] {
        let mut s = scen(ed, TeamId::Human, TeamId::Orc);
        let p = s.position(Side::Home, "Lineman");
        let o = s.position(Side::Away, "Lineman");
        s.stand(p, 2, 5).stand(o, 3, 5);
        let mut g = s.at_action_prompt();
        assert_refused(&mut g, action(p, ActionChoice::Sidestep { to: sq(2, 4) }));
        assert_refused(&mut g, action(p, ActionChoice::Sidestep { to: sq(0, 5) }));
        let mut d = no_dice();
        go(
            &mut g,
            &mut d,
            action(p, ActionChoice::Sidestep { to: sq(1, 5) }),
        );
        assert_eq!(at(&g, p), standing(1, 5));
        assert!(g.is_open(p));
    }
}

#[test]
fn an_open_player_cannot_sidestep() {
    // §3.12; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    s.stand(p, 2, 5);
    let mut g = s.at_action_prompt();
    assert_refused(&mut g, action(p, ActionChoice::Sidestep { to: sq(1, 5) }));
}

#[test]
fn a_prone_player_can_only_stand_up_and_may_act_again_afterwards() {
    // §3.13; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    s.prone(p, 2, 5);
    let mut g = s.at_action_prompt();
    assert_eq!(choices(&g, p), vec![ActionChoice::StandUp]);
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::StandUp));
    assert_eq!(at(&g, p), standing(2, 5));
    assert!(can_run(&g, p));
}

#[test]
fn reserves_are_placed_in_the_own_end_zone_away_from_standing_opponents_and_balls() {
    // §3.14 priority 1; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    let o2 = s.position(Side::Away, "Blitzer");
    s.stand(o, 1, 5).prone(o2, 1, 9);
    s.loose_ball(0, 0);
    let g = s.at_action_prompt();
    let squares: Vec<Square> = choices(&g, p)
        .into_iter()
        .filter_map(|c| match c {
            ActionChoice::Reserves { square } => Some(square),
            _ => None,
        })
        .collect();
    let want: Vec<Square> = [1, 2, 3, 7, 8, 9, 10].iter().map(|&y| sq(0, y)).collect();
    let mut got = squares.clone();
    got.sort();
    assert_eq!(got, want);
}

#[test]
fn reserves_go_next_to_opponents_only_when_nothing_else_is_free() {
    // §3.14 priority 2; both editions
    for ed in [E24, E18] {
        let mut s = scen(ed, TeamId::Human, TeamId::Orc);
        let p = s.position(Side::Home, "Lineman");
        // Away players at x = 1 cover the whole end zone.
        for (i, y) in [0, 3, 6, 9].into_iter().enumerate() {
            let o = s.player(Side::Away, i);
            s.stand(o, 1, y);
        }
        let g = s.at_action_prompt();
        let n = choices(&g, p)
            .into_iter()
            .filter(|c| matches!(c, ActionChoice::Reserves { .. }))
            .count();
        assert_eq!(n, 11, "{ed:?}");
    }
}

/// Fill the home end zone but (0,0), which holds the ball.
fn full_end_zone(ed: Edition) -> (Game, PlayerId) {
    let mut s = scen(ed, TeamId::Human, TeamId::Orc);
    let mut y = 1;
    for side in [Side::Home, Side::Away] {
        for i in 0..5 {
            let p = s.player(side, i);
            s.stand(p, 0, y);
            y += 1;
        }
    }
    s.loose_ball(0, 0);
    let p = s.player(Side::Home, 5);
    (s.at_action_prompt(), p)
}

#[test]
fn a_reserves_placement_onto_the_ball_is_allowed_only_in_2024_and_bounces_it() {
    // §3.14 (table and priority 3); 2024
    let (mut g, p) = full_end_zone(E24);
    assert_eq!(
        choices(&g, p),
        vec![ActionChoice::Reserves { square: sq(0, 0) }]
    );
    let mut d = dice([d8(4)]); // right: (1,0)
    go(
        &mut g,
        &mut d,
        action(p, ActionChoice::Reserves { square: sq(0, 0) }),
    );
    assert_eq!(at(&g, p), standing(0, 0));
    assert!(g.ball_at(sq(0, 0)).is_none());
    assert!(g.ball_at(sq(1, 0)).is_some());
}

#[test]
fn a_reserves_player_is_never_placed_on_the_ball_in_2018() {
    // §3.14; 2018
    let (mut g, p) = full_end_zone(E18);
    assert!(choices(&g, p).is_empty());
    assert_refused(
        &mut g,
        action(p, ActionChoice::Reserves { square: sq(0, 0) }),
    );
}
