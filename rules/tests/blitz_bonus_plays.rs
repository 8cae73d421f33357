//! Bonus Plays (§3.20, §5.6) and the Rookies to Watch card (§5.9). Card indices are
//! those of `CHALLENGE_CARDS`.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.
#![allow(clippy::unwrap_used)]

mod common;
use common::*;

const E24: Edition = Edition::Bb2024;

fn play(card: u8, player: Option<PlayerId>, square: Option<Square>) -> Command {
    Command::PlayBonus {
        card: CardId(card),
        player,
        square,
    }
}

#[test]
fn accurate_throw_makes_the_throw_value_two_plus() {
    // §5.6 Accurate Throw; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let t = s.position(Side::Home, "Lineman"); // T4+
    let m = s.position(Side::Home, "Blitzer");
    s.stand(t, 2, 5).stand(m, 5, 5);
    let b = s.give_ball(t);
    s.hand_card(Side::Home, 9);
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(2)]);
    let ev = go(
        &mut g,
        &mut d,
        action_with(t, ActionChoice::Throw { target: sq(5, 5) }, 9),
    );
    assert_eq!(rolls(&ev, RollPurpose::Throw)[0].target, Some(2));
    assert_eq!(g.ball_held_by(m), Some(b));
    assert!(g.hands[0].is_empty());
    assert!(g.discard.contains(&DeckCard::Challenge(CardId(9))));
}

#[test]
fn aggressive_mark_allows_four_squares() {
    // §5.6 Aggressive Mark; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 1, 5).stand(o, 6, 5);
    s.hand_card(Side::Home, 4);
    let mut g = s.at_action_prompt();
    assert!(!can_mark(&g, p), "out of reach without the card");
    let mut d = no_dice();
    go(&mut g, &mut d, action_with(p, ActionChoice::Mark, 4));
    assert!(matches!(kind(&g), PromptKind::Move { left: 4, .. }));
    for x in 2..=5 {
        go(&mut g, &mut d, move_to(x, 5));
    }
    assert_eq!(at(&g, p), standing(5, 5));
}

#[test]
fn bladed_knuckle_dusters_set_the_armour_to_six_plus() {
    // §5.6 Bladed Knuckle Dusters; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    s.hand_card(Side::Home, 16);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash), d6(5)]);
    go(&mut g, &mut d, action(p, ActionChoice::Block { target: o }));
    // Holding any card, the coach is asked about a re-roll (hidden hands, G28): only Decline.
    assert_eq!(legal_commands(&g), vec![Command::Decline]);
    go(&mut g, &mut d, Command::Decline);
    assert_eq!(
        kind(&g),
        PromptKind::BonusWindow {
            window: Window::BeforeArmour { target: o }
        }
    );
    let ev = go(&mut g, &mut d, play(16, None, None));
    assert_eq!(rolls(&ev, RollPurpose::Armour)[0].target, Some(6));
    assert_eq!(at(&g, o), Place::Reserves);
}

#[test]
fn a_natural_six_passes_armour_even_against_knuckle_dusters_and_kerrunch() {
    // §3.4 natural results, §5.6 Bladed Knuckle Dusters; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    s.hand_card(Side::Home, 16);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Kerrunch), d6(6)]);
    go(&mut g, &mut d, action(p, ActionChoice::Block { target: o }));
    go(&mut g, &mut d, Command::Decline);
    go(&mut g, &mut d, play(16, None, None));
    assert_eq!(at(&g, o), prone(6, 4));
}

#[test]
fn blocking_play_makes_every_block_assisted() {
    // §5.6 Blocking Play; 2024
    let mut s = scen(E24, TeamId::Orc, TeamId::Human);
    let p = s.position(Side::Home, "Big Un Blocker");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    s.hand_card(Side::Home, 22);
    s.loose_ball(12, 10);
    // At the start of the turn, before the Pre-Turn Sequence.
    let (mut g, _) = s.start_turn(&mut no_dice());
    go(&mut g, &mut no_dice(), play(22, None, None));
    if kind(&g) != PromptKind::Action {
        go(&mut g, &mut no_dice(), Command::Decline); // optional Emergency Reserves
    }
    assert_eq!(g.turn.actions_taken, 0);
    let mut d = dice([
        block(BlockFace::Miss),
        block(BlockFace::Miss),
        block(BlockFace::Miss),
    ]);
    go(&mut g, &mut d, action(p, ActionChoice::Block { target: o }));
    assert_eq!(block_faces(&g).len(), 3);
}

#[test]
fn defensive_play_lets_runs_move_next_to_opponents_but_ends_them_there() {
    // §5.6 Defensive Play; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 2, 5).stand(o, 5, 5);
    s.hand_card(Side::Home, 24);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(&mut g, &mut d, play(24, None, None));
    go(&mut g, &mut d, action(p, ActionChoice::Run));
    go(&mut g, &mut d, move_to(3, 5));
    go(&mut g, &mut d, move_to(4, 5));
    assert_eq!(at(&g, p), standing(4, 5));
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn dodge_lets_a_run_pass_opponents_but_it_must_end_open() {
    // §5.6 Dodge; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 2, 5).stand(o, 5, 5);
    s.hand_card(Side::Home, 10);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(&mut g, &mut d, action_with(p, ActionChoice::Run, 10));
    go(&mut g, &mut d, move_to(3, 4));
    go(&mut g, &mut d, move_to(4, 4));
    assert_refused(&mut g, Command::StopMoving);
    go(&mut g, &mut d, move_to(5, 3));
    go(&mut g, &mut d, Command::StopMoving);
    assert_eq!(at(&g, p), standing(5, 3));
}

#[test]
fn hail_mary_pass_reaches_any_team_mate_on_four_plus_without_modifiers() {
    // §5.6 Hail Mary Pass; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let t = s.position(Side::Home, "Thrower");
    let m = s.position(Side::Home, "Lineman");
    s.stand(t, 1, 0).stand(m, 13, 10);
    let b = s.give_ball(t);
    s.hand_card(Side::Home, 20);
    let mut g = s.at_action_prompt();
    assert_refused(
        &mut g,
        action(t, ActionChoice::Throw { target: sq(13, 10) }),
    );
    let mut d = dice([d6(4)]);
    let ev = go(
        &mut g,
        &mut d,
        action_with(t, ActionChoice::Throw { target: sq(13, 10) }, 20),
    );
    let r = &rolls(&ev, RollPurpose::Throw)[0];
    assert_eq!((r.target, r.modifier), (Some(4), 0));
    assert_eq!(g.ball_held_by(m), Some(b));
}

#[test]
fn inspiration_grants_a_fourth_action() {
    // §5.6 Inspiration, §3.6.1; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let ps: Vec<PlayerId> = (0..4).map(|i| s.player(Side::Home, i)).collect();
    for (i, &p) in ps.iter().enumerate() {
        s.stand(p, 1, 2 * i as i8 + 1);
    }
    s.hand_card(Side::Home, 13);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    for &p in &ps[..3] {
        let y = g.player(p).square().unwrap().y;
        go(&mut g, &mut d, action(p, ActionChoice::Run));
        go(&mut g, &mut d, move_to(2, y));
        go(&mut g, &mut d, Command::StopMoving);
    }
    assert_eq!(g.turn.active, Some(Side::Home));
    assert_refused(&mut g, action(ps[3], ActionChoice::Run));
    go(&mut g, &mut d, play(13, None, None));
    go(&mut g, &mut d, action(ps[3], ActionChoice::Run));
    assert!(matches!(kind(&g), PromptKind::Move { .. }));
}

#[test]
fn jump_up_stands_a_prone_player_for_free() {
    // §5.6 Jump Up; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    s.prone(p, 3, 5);
    s.hand_card(Side::Home, 15);
    let mut g = s.at_action_prompt();
    go(&mut g, &mut no_dice(), play(15, Some(p), None));
    assert_eq!(at(&g, p), standing(3, 5));
    assert_eq!(g.turn.actions_taken, 0);
}

#[test]
fn nerves_of_steel_lets_a_marked_player_throw() {
    // §5.6 Nerves of Steel; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let t = s.position(Side::Home, "Thrower");
    let m = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(t, 2, 5).stand(o, 1, 5).stand(m, 5, 5);
    let b = s.give_ball(t);
    s.hand_card(Side::Home, 19);
    let mut g = s.at_action_prompt();
    assert_refused(&mut g, action(t, ActionChoice::Throw { target: sq(5, 5) }));
    let mut d = dice([d6(3)]);
    let ev = go(
        &mut g,
        &mut d,
        action_with(t, ActionChoice::Throw { target: sq(5, 5) }, 19),
    );
    assert_eq!(rolls(&ev, RollPurpose::Throw)[0].modifier, 0);
    assert_eq!(g.ball_held_by(m), Some(b));
}

#[test]
fn raw_talent_rerolls_the_block_dice() {
    // §5.6 Raw Talent, §3.5; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    s.hand_card(Side::Home, 0);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Miss), block(BlockFace::Smash), d6(6)]);
    go(&mut g, &mut d, action(p, ActionChoice::Block { target: o }));
    let cmd = Command::Reroll {
        source: RerollSource::RawTalent(CardId(0)),
    };
    assert!(is_legal_cmd(&g, cmd));
    go(&mut g, &mut d, cmd);
    assert_eq!(at(&g, o), prone(6, 4));
    assert!(g.hands[0].is_empty());
}

#[test]
fn a_reroll_cannot_be_rerolled() {
    // §3.5; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Blitzer");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    s.hand_card(Side::Home, 0);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Miss), block(BlockFace::Miss)]);
    go(&mut g, &mut d, action(p, ActionChoice::Block { target: o }));
    go(
        &mut g,
        &mut d,
        Command::Reroll {
            source: RerollSource::OffensiveSpecialist,
        },
    );
    assert_eq!(kind(&g), PromptKind::Action);
    assert_eq!(at(&g, o), standing(6, 4));
    assert_eq!(g.hands[0], vec![CardId(0)]);
}

#[test]
fn the_reserves_bonus_play_brings_a_player_on_for_free() {
    // §5.6 Reserves; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    s.hand_card(Side::Home, 8);
    let mut g = s.at_action_prompt();
    go(&mut g, &mut no_dice(), play(8, Some(p), Some(sq(0, 3))));
    assert_eq!(at(&g, p), standing(0, 3));
    assert_eq!(g.turn.actions_taken, 0);
}

#[test]
fn sprint_adds_two_to_the_move() {
    // §5.6 Sprint; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman"); // M6
    s.stand(p, 1, 0);
    s.hand_card(Side::Home, 5);
    let mut g = s.at_action_prompt();
    go(&mut g, &mut no_dice(), action_with(p, ActionChoice::Run, 5));
    assert!(matches!(kind(&g), PromptKind::Move { left: 8, .. }));
}

#[test]
fn the_kids_got_moxy_rolls_three_dice_for_an_unassisted_block() {
    // §5.6 The Kid's Got Moxy; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    s.hand_card(Side::Home, 17);
    let mut g = s.at_action_prompt();
    let mut d = dice([
        block(BlockFace::Miss),
        block(BlockFace::Miss),
        block(BlockFace::Smash),
    ]);
    go(
        &mut g,
        &mut d,
        action_with(p, ActionChoice::Block { target: o }, 17),
    );
    assert_eq!(block_faces(&g).len(), 3);
}

#[test]
fn no_two_bonus_plays_of_the_same_name_in_one_turn() {
    // §3.20; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.player(Side::Home, 0);
    let q = s.player(Side::Home, 1);
    s.hand_card(Side::Home, 8).hand_card(Side::Home, 21);
    let mut g = s.at_action_prompt();
    assert!(is_legal_cmd(&g, play(21, Some(q), Some(sq(0, 7)))));
    go(&mut g, &mut no_dice(), play(8, Some(p), Some(sq(0, 3))));
    assert_refused(&mut g, play(21, Some(q), Some(sq(0, 7))));
    assert_eq!(g.hands[0], vec![CardId(21)]);
}

#[test]
fn rookies_to_watch_rerolls_a_failed_throw_once() {
    // §5.9 Rookies to Watch; 2024
    let mut s = Scenario::new(MatchSetup {
        edition: E24,
        teams: [TeamId::Human, TeamId::Orc],
        options: Options {
            rookies_to_watch: Some(Side::Home),
            ..Options::default()
        },
    });
    let t = s.position(Side::Home, "Thrower");
    let m = s.position(Side::Home, "Lineman");
    s.stand(t, 2, 5).stand(m, 5, 5);
    let b = s.give_ball(t);
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(2), d6(5)]);
    go(
        &mut g,
        &mut d,
        action(t, ActionChoice::Throw { target: sq(5, 5) }),
    );
    let cmd = Command::Reroll {
        source: RerollSource::RookiesToWatch,
    };
    assert!(is_legal_cmd(&g, cmd));
    let ev = go(&mut g, &mut d, cmd);
    assert!(has_event(
        &ev,
        &Event::RookiesCardUsed { coach: Side::Home }
    ));
    assert_eq!(g.ball_held_by(m), Some(b));
    assert_eq!(g.rookies_card, None);
    assert!(
        !g.discard.iter().any(|_| true),
        "back to the box, not the discard"
    );
}
