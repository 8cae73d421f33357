//! The ball: bounces, New Ball!, trapdoors and touchdowns (§2.3, §3.16, §3.17).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.
#![allow(clippy::unwrap_used)]

mod common;
use common::*;

const E24: Edition = Edition::Bb2024;
const E18: Edition = Edition::Bb2018;

/// Home starts its second turn with no ball in play, three players fielded.
fn no_ball_turn(ed: Edition) -> Scenario {
    let mut s = scen(ed, TeamId::Human, TeamId::Orc);
    field(&mut s, Side::Home, 3);
    field(&mut s, Side::Away, 3);
    s
}

#[test]
fn the_bounce_chart_maps_each_d8_face_to_its_direction() {
    // §2.3; 2024
    let want = [
        (6, 4),
        (7, 4),
        (8, 4),
        (8, 5),
        (8, 6),
        (7, 6),
        (6, 6),
        (6, 5),
    ];
    for (face, (x, y)) in (1..=8).zip(want) {
        let mut s = no_ball_turn(E24);
        let mut d = dice([d8(face)]);
        let (g, ev) = s.start_turn(&mut d);
        let b = g.balls[0].id;
        assert!(has_event(
            &ev,
            &Event::BallEntered {
                ball: b,
                kind: data::BallKind::Standard,
                square: sq(7, 5)
            }
        ));
        assert_eq!(g.ball_at(sq(x, y)), Some(b), "face {face}");
    }
}

/// A Home Lineman at `(bx,by)` Smashes an Away Lineman holding the ball at `(cx,cy)`.
fn smash_carrier(bx: i8, by: i8, cx: i8, cy: i8, face: u16) -> Game {
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, bx, by).stand(o, cx, cy);
    s.give_ball(o);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash), d8(face), d6(6)]);
    go(&mut g, &mut d, action(p, ActionChoice::Block { target: o }));
    g
}

#[test]
fn a_bounce_moves_clockwise_past_blocked_squares() {
    // §2.3, §3.16.3; 2024
    // From (2,2): 4 → (3,2) blocked, 5 → (3,3) blocked, 6 → (2,3).
    let g = smash_carrier(1, 2, 2, 2, 4);
    assert!(g.ball_at(sq(2, 3)).is_some());
}

#[test]
fn a_bounce_moves_clockwise_past_off_pitch_squares() {
    // §2.3, §3.16.3; 2024
    // From (5,0): 1, 2 and 3 leave the pitch, 4 → (6,0).
    let g = smash_carrier(5, 1, 5, 0, 1);
    assert!(g.ball_at(sq(6, 0)).is_some());
}

#[test]
fn the_clockwise_search_wraps_from_eight_to_one() {
    // §2.3; 2024
    // From (0,5): 7 → (-1,6) and 8 → (-1,5) are off the pitch, 1 → (-1,4) too, 2 → (0,4).
    let g = smash_carrier(1, 5, 0, 5, 7);
    assert!(g.ball_at(sq(0, 4)).is_some());
}

#[test]
fn a_ball_bouncing_to_an_open_player_of_either_team_is_caught() {
    // §3.16.3; both editions
    for (ed, side) in [(E24, Side::Home), (E18, Side::Away)] {
        let mut s = no_ball_turn(ed);
        let h = s.player(side, 4);
        s.stand(h, 8, 5);
        let mut d = dice([d8(4)]);
        let (g, _) = s.start_turn(&mut d);
        assert_eq!(g.ball_held_by(h), Some(g.balls[0].id), "{ed:?}");
    }
}

#[test]
fn a_ball_bouncing_to_a_marked_player_bounces_again() {
    // §3.16.3; 2024
    let mut s = no_ball_turn(E24);
    let h = s.player(Side::Home, 4);
    let o = s.player(Side::Away, 4);
    s.stand(h, 8, 5).stand(o, 9, 5);
    let mut d = dice([d8(4), d8(2)]);
    let (g, _) = s.start_turn(&mut d);
    assert_eq!(g.ball_held_by(h), None);
    assert!(g.ball_at(sq(8, 4)).is_some());
}

#[test]
fn a_ball_bouncing_to_a_prone_player_bounces_again() {
    // §3.16.3; 2018
    let mut s = no_ball_turn(E18);
    let h = s.player(Side::Home, 4);
    s.prone(h, 8, 5);
    let mut d = dice([d8(4), d8(6)]);
    let (g, _) = s.start_turn(&mut d);
    assert!(g.ball_at(sq(8, 6)).is_some());
}

#[test]
fn a_player_with_throw_dash_never_takes_the_ball() {
    // §2.6, §3.16.3; 2024
    let mut s = scen(E24, TeamId::Snotling, TeamId::Orc);
    field(&mut s, Side::Home, 4);
    field(&mut s, Side::Away, 3);
    let w = s.position(Side::Home, "Pump Wagon"); // Throw –
    s.stand(w, 8, 5);
    let mut d = dice([d8(4), d8(4)]);
    let (g, _) = s.start_turn(&mut d);
    assert_eq!(g.ball_held_by(w), None);
    assert!(g.ball_at(sq(9, 5)).is_some());
}

#[test]
fn a_new_ball_injures_a_player_on_the_trapdoor() {
    // §3.16.5; both editions
    for ed in [E24, E18] {
        let mut s = no_ball_turn(ed);
        let h = s.player(Side::Home, 4);
        s.stand(h, 7, 5);
        let mut d = dice([d8(2)]);
        let (g, ev) = s.start_turn(&mut d);
        assert_eq!(at(&g, h), Place::Reserves, "{ed:?}");
        assert!(has_event(&ev, &Event::Injured { player: h }));
        assert!(g.ball_at(sq(7, 4)).is_some());
    }
}

#[test]
fn no_new_ball_enters_in_a_coachs_first_2024_turn() {
    // §3.16.5, §4 row 40; 2024
    let mut s = no_ball_turn(E24);
    let h = s.player(Side::Home, 4);
    s.stand(h, 7, 5);
    s.turn_of(Side::Home, 1);
    let mut d = no_dice();
    let (g, _) = s.start_turn(&mut d);
    assert!(g.balls.is_empty());
    assert_eq!(at(&g, h), standing(7, 5));
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn a_new_ball_enters_in_a_coachs_first_2018_turn() {
    // §3.16.5, §4 row 40; 2018
    let mut s = no_ball_turn(E18);
    let h = s.player(Side::Home, 4);
    s.stand(h, 7, 5);
    s.turn_of(Side::Home, 1);
    let mut d = dice([d8(2)]);
    let (g, _) = s.start_turn(&mut d);
    assert_eq!(g.balls.len(), 1);
    assert_eq!(at(&g, h), Place::Reserves);
}

/// A Home Lineman with the ball at (13,0) and nothing in the way.
fn carrier_near_end_zone(ed: Edition) -> (Game, PlayerId, BallId) {
    let mut s = scen(ed, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    s.stand(p, 13, 0);
    let b = s.give_ball(p);
    (s.at_action_prompt(), p, b)
}

#[test]
fn a_touchdown_scores_four_points_in_2024_and_the_turn_goes_on() {
    // §3.17, §3.18, §4 row 4; 2024
    let (mut g, p, b) = carrier_near_end_zone(E24);
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::Run));
    go(&mut g, &mut d, move_to(14, 0));
    let ev = go(&mut g, &mut d, Command::StopMoving);
    assert!(has_event(&ev, &Event::Touchdown { player: p, ball: b }));
    assert_eq!(points(&g, Side::Home), 4);
    assert_eq!(at(&g, p), Place::Reserves);
    assert!(g.ball(b).is_none());
    assert_eq!(kind(&g), PromptKind::Action);
    assert_eq!(g.turn.active, Some(Side::Home));
}

#[test]
fn a_touchdown_scores_three_points_in_2018() {
    // §3.17, §3.18, §4 row 4; 2018
    let (mut g, p, _) = carrier_near_end_zone(E18);
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::Run));
    go(&mut g, &mut d, move_to(14, 0));
    go(&mut g, &mut d, Command::StopMoving);
    assert_eq!(points(&g, Side::Home), 3);
    assert_eq!(at(&g, p), Place::Reserves);
}

#[test]
fn a_marked_ball_carrier_in_the_end_zone_does_not_score() {
    // §3.17 criterion 3; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let t = s.position(Side::Home, "Thrower");
    let m = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(t, 13, 4).stand(m, 14, 5).stand(o, 13, 6);
    let b = s.give_ball(t);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(
        &mut g,
        &mut d,
        action(t, ActionChoice::Throw { target: sq(14, 5) }),
    );
    assert_eq!(g.ball_held_by(m), Some(b));
    assert_eq!(points(&g, Side::Home), 0);
}

#[test]
fn a_team_mate_who_catches_in_the_end_zone_scores() {
    // §3.17 (any player of the active team); 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let t = s.position(Side::Home, "Thrower");
    let m = s.position(Side::Home, "Lineman");
    s.stand(t, 13, 4).stand(m, 14, 5);
    s.give_ball(t);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(
        &mut g,
        &mut d,
        action(t, ActionChoice::Throw { target: sq(14, 5) }),
    );
    assert_eq!(points(&g, Side::Home), 4);
    assert_eq!(at(&g, m), Place::Reserves);
}

#[test]
fn a_scorer_returning_from_reserves_counts_as_a_new_player() {
    // §3.6.1 score-and-return exception; 2024
    let (mut g, p, _) = carrier_near_end_zone(E24);
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::Run));
    go(&mut g, &mut d, move_to(14, 0));
    go(&mut g, &mut d, Command::StopMoving);
    go(
        &mut g,
        &mut d,
        action(p, ActionChoice::Reserves { square: sq(0, 0) }),
    );
    assert!(can_run(&g, p));
}

#[test]
fn a_2018_new_ball_on_two_trapdoors_uses_the_active_coachs_left_right_roll() {
    // §3.16.5 (2018), §4 row 7; 2018
    for (face, door) in [(2, sq(7, 3)), (5, sq(7, 7))] {
        let mut s = Scenario::new(MatchSetup {
            edition: E18,
            teams: [TeamId::Human, TeamId::Orc],
            options: Options {
                board_side: Some(data::BoardSide::TwoTrapdoors),
                ..Options::default()
            },
        });
        field(&mut s, Side::Home, 3);
        let mut d = dice([d6(face), d8(4)]);
        let (g, ev) = s.start_turn(&mut d);
        let b = g.balls[0].id;
        assert!(has_event(
            &ev,
            &Event::BallEntered {
                ball: b,
                kind: data::BallKind::Standard,
                square: door
            }
        ));
    }
}
