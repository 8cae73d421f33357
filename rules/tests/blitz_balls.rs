//! Special balls (2024 optional rule): who chooses which ball enters play, and the Dwarf Rune
//! Ball, Extra Spiky Ball and Squig Ball (§6.2.2, §5.10, G36).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.
#![allow(clippy::unwrap_used)]

mod common;
use common::*;
use data::{BallKind, BoardSide, RandomEvent};

const E24: Edition = Edition::Bb2024;

fn balls_setup(home: TeamId, away: TeamId) -> MatchSetup {
    let mut st = setup(E24, home, away);
    st.options.special_balls = true;
    st
}

/// Home's second 2024 turn with special balls, Human against Orc.
fn balls_scen() -> Scenario {
    Scenario::new(balls_setup(TeamId::Human, TeamId::Orc))
}

fn offered_balls(g: &Game) -> Vec<BallKind> {
    legal_commands(g)
        .into_iter()
        .map(|c| match c {
            Command::ChooseBall { ball } => ball,
            other => panic!("expected only ball choices, got {other:?}"),
        })
        .collect()
}

fn entered(ev: &[Event]) -> Vec<(BallKind, Square)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::BallEntered { kind, square, .. } => Some((*kind, *square)),
            _ => None,
        })
        .collect()
}

fn kind_of(g: &Game, ball: BallId) -> BallKind {
    g.ball(ball).unwrap().kind
}

#[test]
fn coach_b_chooses_the_starting_ball() {
    // §6.2.2 step 1, §3.1.2 steps 5 and 7; 2024
    let mut st = balls_setup(TeamId::Human, TeamId::Orc);
    st.options.board_side = Some(BoardSide::OneTrapdoor);
    let mut d = dice([pick(2, 0)]); // Home wins the toss: Away is Coach A, Home Coach B
    d.push((1..26u16).rev().map(|i| pick(i + 1, i)));
    let (mut g, _) = new_game(st, &mut d).unwrap();
    while kind(&g) == PromptKind::SetUp {
        let cmd = legal_commands(&g)[0];
        go(&mut g, &mut d, cmd);
    }
    assert_eq!(kind(&g), PromptKind::ChooseBall);
    assert_eq!(prompt(&g).coach, Some(Side::Home));
    assert_eq!(offered_balls(&g), BallKind::ALL.to_vec());
    // The Standard ball: on the trapdoor, no bounce, Coach A's first turn begins.
    let ev = go(
        &mut g,
        &mut d,
        Command::ChooseBall {
            ball: BallKind::Standard,
        },
    );
    assert_eq!(entered(&ev), vec![(BallKind::Standard, sq(7, 5))]);
    assert!(g.ball_at(sq(7, 5)).is_some());
    assert_eq!(kind(&g), PromptKind::Action);
    assert_eq!(g.turn.active, Some(Side::Away));
}

#[test]
fn the_coach_placing_a_new_ball_in_no_ball_in_play_chooses_it() {
    // §6.2.2 step 2, §3.16.5 (2024) step B; 2024
    let mut s = balls_scen();
    field(&mut s, Side::Home, 4);
    field(&mut s, Side::Away, 4);
    let (mut g, _) = s.start_turn(&mut no_dice());
    assert_eq!(kind(&g), PromptKind::ChooseBall);
    assert_eq!(prompt(&g).coach, Some(Side::Home));
    assert_eq!(offered_balls(&g).len(), 4);
    // Then the New Ball! procedure: the trapdoor opens and the ball bounces right.
    let mut d = dice([d8(4)]);
    let ev = go(
        &mut g,
        &mut d,
        Command::ChooseBall {
            ball: BallKind::DwarfRuneBall,
        },
    );
    assert_eq!(entered(&ev), vec![(BallKind::DwarfRuneBall, sq(7, 5))]);
    let b = g.ball_at(sq(8, 5)).unwrap();
    assert_eq!(kind_of(&g, b), BallKind::DwarfRuneBall);
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn a_ball_already_in_play_cannot_be_chosen_again() {
    // §6.2.2 (each ball is one object in the box); 2024
    let mut s = balls_scen();
    field(&mut s, Side::Home, 4);
    field(&mut s, Side::Away, 4);
    s.active_card(0, 10).active_card(1, 16);
    let b = s.loose_ball(7, 1);
    s.ball_kind(b, BallKind::ExtraSpikyBall);
    s.game.setup.options.random_events = true;
    s.events_under_top(&[RandomEvent::MultiBall]);
    let (mut g, _) = s.start_turn(&mut no_dice());
    assert_eq!(kind(&g), PromptKind::ChooseBall);
    assert_eq!(
        offered_balls(&g),
        vec![
            BallKind::Standard,
            BallKind::DwarfRuneBall,
            BallKind::SquigBall
        ]
    );
    assert_refused(
        &mut g,
        Command::ChooseBall {
            ball: BallKind::ExtraSpikyBall,
        },
    );
}

#[test]
fn multi_ball_lets_each_coach_choose_a_ball_starting_with_the_drawer() {
    // §6.2.2 step 3, §5.8 Multi-Ball; 2024
    let mut s = balls_scen();
    field(&mut s, Side::Home, 4);
    field(&mut s, Side::Away, 4);
    s.active_card(0, 10).active_card(1, 16);
    s.game.setup.options.random_events = true;
    s.events_under_top(&[RandomEvent::MultiBall]);
    // No ball in play: two balls enter, Home (who drew the card) chooses the first.
    let (mut g, ev) = s.start_turn(&mut no_dice());
    assert!(has_event(
        &ev,
        &Event::RandomEvent {
            coach: Side::Home,
            event: RandomEvent::MultiBall
        }
    ));
    assert_eq!(kind(&g), PromptKind::ChooseBall);
    assert_eq!(prompt(&g).coach, Some(Side::Home));
    let mut d = dice([d8(4)]);
    go(
        &mut g,
        &mut d,
        Command::ChooseBall {
            ball: BallKind::SquigBall,
        },
    );
    assert_eq!(kind(&g), PromptKind::ChooseBall);
    assert_eq!(prompt(&g).coach, Some(Side::Away));
    assert!(!offered_balls(&g).contains(&BallKind::SquigBall));
    let mut d = dice([d8(8)]);
    go(
        &mut g,
        &mut d,
        Command::ChooseBall {
            ball: BallKind::DwarfRuneBall,
        },
    );
    assert_eq!(
        kind_of(&g, g.ball_at(sq(8, 5)).unwrap()),
        BallKind::SquigBall
    );
    assert_eq!(
        kind_of(&g, g.ball_at(sq(6, 5)).unwrap()),
        BallKind::DwarfRuneBall
    );
    assert_eq!(g.balls.len(), 2);
    assert_eq!(kind(&g), PromptKind::Action);
}

/// `thrower` (holding a ball of `kind` at (3,5)) throws Short to `catcher` at (6,5): no
/// modifier. Returns the game after the first Throw check with `face`.
fn throw_with(
    team: TeamId,
    thrower_pos: &str,
    catcher_pos: &str,
    kind: BallKind,
    face: u16,
) -> (Game, ScriptedDice) {
    let mut s = Scenario::new(balls_setup(team, TeamId::Orc));
    let t = s.position(Side::Home, thrower_pos);
    let c = s.position(Side::Home, catcher_pos);
    s.stand(t, 3, 5).stand(c, 6, 5);
    let b = s.give_ball(t);
    s.ball_kind(b, kind);
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(face)]);
    go(
        &mut g,
        &mut d,
        action(t, ActionChoice::Throw { target: sq(6, 5) }),
    );
    (g, d)
}

#[test]
fn the_dwarf_rune_ball_rerolls_a_natural_one_on_a_throw_check() {
    // §5.10 Dwarf Rune Ball; 2024 (Human Thrower, 3+)
    let (mut g, mut d) = throw_with(
        TeamId::Human,
        "Thrower",
        "Catcher",
        BallKind::DwarfRuneBall,
        1,
    );
    assert_eq!(
        kind(&g),
        PromptKind::Reroll {
            kind: RollKind::Throw
        }
    );
    assert_eq!(
        legal_commands(&g),
        vec![
            Command::Reroll {
                source: RerollSource::DwarfRuneBall
            },
            Command::Decline
        ]
    );
    d.push([d6(5)]);
    let ev = go(
        &mut g,
        &mut d,
        Command::Reroll {
            source: RerollSource::DwarfRuneBall,
        },
    );
    assert!(has_event(
        &ev,
        &Event::RerollUsed {
            coach: Side::Home,
            source: RerollSource::DwarfRuneBall
        }
    ));
    let catcher = g.player_at(sq(6, 5)).unwrap().id;
    assert!(g.ball_held_by(catcher).is_some());
}

#[test]
fn the_dwarf_rune_ball_does_not_reroll_other_failures_for_a_non_dwarf() {
    // §5.10 Dwarf Rune Ball; 2024 (Human Thrower 3+, a 2 fails, no fumble)
    let mut s = Scenario::new(balls_setup(TeamId::Human, TeamId::Orc));
    let t = s.position(Side::Home, "Thrower");
    let c = s.position(Side::Home, "Catcher");
    s.stand(t, 3, 5).stand(c, 6, 5);
    let b = s.give_ball(t);
    s.ball_kind(b, BallKind::DwarfRuneBall);
    let mut g = s.at_action_prompt();
    // No offer: the ball bounces from the target at once (D8 4: right, to (7,5)).
    let mut d = dice([d6(2), d8(4)]);
    go(
        &mut g,
        &mut d,
        action(t, ActionChoice::Throw { target: sq(6, 5) }),
    );
    assert_eq!(d.remaining(), 0);
    assert_eq!(g.ball_at(sq(7, 5)), Some(b));
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn a_dwarf_holding_the_rune_ball_may_reroll_any_failed_throw_check() {
    // §5.10 Dwarf Rune Ball; 2024 (Dwarf Runner, Throw 4+, rolls 3)
    let (mut g, mut d) = throw_with(
        TeamId::Dwarf,
        "Runner",
        "Lineman",
        BallKind::DwarfRuneBall,
        3,
    );
    assert_eq!(
        kind(&g),
        PromptKind::Reroll {
            kind: RollKind::Throw
        }
    );
    d.push([d6(4)]);
    go(
        &mut g,
        &mut d,
        Command::Reroll {
            source: RerollSource::DwarfRuneBall,
        },
    );
    assert_eq!(d.remaining(), 0);
    let catcher = g.player_at(sq(6, 5)).unwrap().id;
    assert!(g.ball_held_by(catcher).is_some());
}

#[test]
fn a_standard_ball_gives_no_throw_reroll() {
    // §5.10 (the standard ball has no special rules); 2024
    let mut s = Scenario::new(balls_setup(TeamId::Dwarf, TeamId::Orc));
    let t = s.position(Side::Home, "Runner");
    let c = s.position(Side::Home, "Lineman");
    s.stand(t, 3, 5).stand(c, 6, 5);
    let b = s.give_ball(t);
    let mut g = s.at_action_prompt();
    // A 3 fails 4+ and is no fumble: the ball bounces from the target at once.
    let mut d = dice([d6(3), d8(4)]);
    go(
        &mut g,
        &mut d,
        action(t, ActionChoice::Throw { target: sq(6, 5) }),
    );
    assert_eq!(d.remaining(), 0);
    assert_eq!(g.ball_at(sq(7, 5)), Some(b));
}

/// A Home Lineman at (3,5) holding a ball of `kind` blocks the Orc Lineman at (4,5);
/// `assist` adds a second Home Lineman next to the target (two dice).
fn block_with(kind: BallKind, assist: bool, faces: &[BlockFace]) -> (Game, PlayerId) {
    let mut s = balls_scen();
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 3, 5).stand(o, 4, 5);
    if assist {
        let m = s.player(Side::Home, 1);
        s.stand(m, 4, 4);
    }
    let b = s.give_ball(p);
    s.ball_kind(b, kind);
    let mut g = s.at_action_prompt();
    let mut d = dice(faces.iter().map(|&f| block(f)));
    go(&mut g, &mut d, action(p, ActionChoice::Block { target: o }));
    assert_eq!(d.remaining(), 0);
    (g, o)
}

#[test]
fn the_extra_spiky_ball_rerolls_block_dice_showing_a_miss() {
    // §5.10 Extra Spiky Ball; 2024
    let (mut g, o) = block_with(BallKind::ExtraSpikyBall, false, &[BlockFace::Miss]);
    assert_eq!(
        kind(&g),
        PromptKind::Reroll {
            kind: RollKind::Block
        }
    );
    assert_eq!(
        legal_commands(&g),
        vec![
            Command::Reroll {
                source: RerollSource::ExtraSpikyBall
            },
            Command::Decline
        ]
    );
    let mut d = dice([block(BlockFace::Smash), d6(5)]);
    go(
        &mut g,
        &mut d,
        Command::Reroll {
            source: RerollSource::ExtraSpikyBall,
        },
    );
    assert_eq!(d.remaining(), 0);
    assert_eq!(at(&g, o), prone(4, 5));
}

#[test]
fn the_extra_spiky_ball_rerolls_all_dice_when_any_shows_a_miss_but_only_once() {
    // §6.2.2 [PROPOSAL] G36 (any Miss: re-roll all the dice, one re-roll); 2024
    let (mut g, _) = block_with(
        BallKind::ExtraSpikyBall,
        true,
        &[BlockFace::Smash, BlockFace::Miss],
    );
    assert_eq!(
        kind(&g),
        PromptKind::Reroll {
            kind: RollKind::Block
        }
    );
    let mut d = dice([block(BlockFace::Miss), block(BlockFace::Shove)]);
    go(
        &mut g,
        &mut d,
        Command::Reroll {
            source: RerollSource::ExtraSpikyBall,
        },
    );
    // The new Miss is not re-rolled again: the coach picks between the new dice.
    assert_eq!(block_faces(&g), vec![BlockFace::Miss, BlockFace::Shove]);
}

#[test]
fn the_extra_spiky_ball_gives_nothing_without_a_miss_or_in_other_hands() {
    // §5.10 Extra Spiky Ball; 2024
    let (g, _) = block_with(BallKind::ExtraSpikyBall, false, &[BlockFace::Shove]);
    assert!(
        matches!(kind(&g), PromptKind::FollowUp { .. }),
        "{:?}",
        kind(&g)
    );
    let (g, _) = block_with(BallKind::Standard, false, &[BlockFace::Miss]);
    assert_eq!(kind(&g), PromptKind::Action, "the Miss stands");
}

#[test]
fn a_loose_squig_ball_bounces_at_the_start_of_a_turn_before_the_pre_turn_sequence() {
    // §5.10 Squig Ball, §6.2.2 [PROPOSAL] G36; 2024
    let mut s = balls_scen();
    field(&mut s, Side::Home, 4);
    field(&mut s, Side::Away, 4);
    let b = s.loose_ball(3, 5);
    s.ball_kind(b, BallKind::SquigBall);
    let mut d = dice([d8(4)]);
    let (g, ev) = s.start_turn(&mut d);
    assert_eq!(d.remaining(), 0);
    assert_eq!(g.ball_at(sq(4, 5)), Some(b));
    // Before step A (the refresh deals the empty spaces).
    let bounced = ev
        .iter()
        .position(|e| matches!(e, Event::BallBounced { .. }))
        .unwrap();
    let dealt = ev
        .iter()
        .position(|e| matches!(e, Event::CardDealt { .. }))
        .unwrap();
    assert!(bounced < dealt);
}

#[test]
fn the_squig_ball_also_hops_in_a_coachs_first_turn() {
    // §6.2.2 [PROPOSAL] G36 (not part of the Pre-Turn Sequence); 2024
    let mut s = balls_scen();
    field(&mut s, Side::Home, 4);
    let b = s.loose_ball(3, 5);
    s.ball_kind(b, BallKind::SquigBall);
    s.turn_of(Side::Home, 1);
    let mut d = dice([d8(4)]);
    let (g, _) = s.start_turn(&mut d);
    assert_eq!(d.remaining(), 0);
    assert_eq!(g.turn.started[Side::Home.index()], 1);
    assert_eq!(g.ball_at(sq(4, 5)), Some(b));
}

#[test]
fn a_squig_ball_held_by_the_active_team_bites_on_a_one() {
    // §5.10 Squig Ball; 2024
    for (face, bites) in [(1, true), (2, false)] {
        let mut s = balls_scen();
        field(&mut s, Side::Home, 4);
        let h = s.player(Side::Home, 4);
        s.stand(h, 3, 5);
        let b = s.give_ball(h);
        s.ball_kind(b, BallKind::SquigBall);
        let mut d = dice([d6(face)]);
        if bites {
            d.push([d8(4)]);
        }
        let (g, ev) = s.start_turn(&mut d);
        assert_eq!(d.remaining(), 0);
        let r = rolls(&ev, RollPurpose::SquigBall);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].coach, Some(Side::Home));
        if bites {
            assert_eq!(g.ball_at(sq(4, 5)), Some(b));
            assert_eq!(g.ball_held_by(h), None);
        } else {
            assert_eq!(g.ball_held_by(h), Some(b));
        }
    }
}

#[test]
fn a_squig_ball_held_by_the_other_team_is_not_rolled_for() {
    // §5.10 Squig Ball ("if one of their players holds it"); 2024
    let mut s = balls_scen();
    field(&mut s, Side::Home, 4);
    let a = s.player(Side::Away, 4);
    s.stand(a, 3, 5);
    let b = s.give_ball(a);
    s.ball_kind(b, BallKind::SquigBall);
    let (g, ev) = s.start_turn(&mut no_dice());
    assert!(rolls(&ev, RollPurpose::SquigBall).is_empty());
    assert_eq!(g.ball_held_by(a), Some(b));
}

#[test]
fn sudden_death_comes_before_the_squig_ball() {
    // §3.21 (2024), §6.2.2 [PROPOSAL] G36; 2024
    let mut s = balls_scen();
    let b = s.loose_ball(3, 5);
    s.ball_kind(b, BallKind::SquigBall);
    s.game.score = [12, 2];
    let (g, ev) = s.start_turn(&mut no_dice());
    assert_eq!(g.outcome, Some(Outcome::SuddenDeath { winner: Side::Home }));
    assert!(!ev.iter().any(|e| matches!(e, Event::BallBounced { .. })));
    assert_eq!(g.ball_at(sq(3, 5)), Some(b));
}
