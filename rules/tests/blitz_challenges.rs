//! Each of the 15 challenges (§5.5): build the position, make the action, and claim.
//! Card indices are those of `CHALLENGE_CARDS`.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.
#![allow(clippy::unwrap_used)]

mod common;
use common::*;

const E24: Edition = Edition::Bb2024;

fn base() -> Scenario {
    scen(E24, TeamId::Human, TeamId::Orc)
}

/// The Claim prompt offers slot 0; claiming scores `pts` and puts the card in the hand.
fn claim_slot0(g: &mut Game, card: u8, challenge: Challenge, pts: u16) {
    assert_eq!(kind(g), PromptKind::Claim, "no Claim prompt");
    assert!(is_legal_cmd(g, Command::Claim { slot: 0 }));
    assert_eq!(g.active_cards[0].unwrap().def().challenge, challenge);
    let before = points(g, Side::Home);
    go(g, &mut no_dice(), Command::Claim { slot: 0 });
    assert_eq!(points(g, Side::Home), before + pts);
    assert!(g.hands[0].contains(&CardId(card)));
    assert_ne!(g.active_cards[0], Some(CardId(card)));
}

fn run_path(g: &mut Game, p: PlayerId, path: &[(i8, i8)]) {
    let mut d = no_dice();
    go(g, &mut d, action(p, ActionChoice::Run));
    for &(x, y) in path {
        go(g, &mut d, move_to(x, y));
    }
    if matches!(kind(g), PromptKind::Move { .. }) {
        go(g, &mut d, Command::StopMoving);
    }
}

#[test]
fn break_some_bones_is_claimed_when_a_block_injures_its_target() {
    // §5.5 Break Some Bones!; 2024
    let mut s = base();
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    s.active_card(0, 0);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash), d6(2)]);
    go(&mut g, &mut d, action(p, ActionChoice::Block { target: o }));
    claim_slot0(&mut g, 0, Challenge::BreakSomeBones, 3);
}

#[test]
fn break_some_bones_is_not_met_when_the_target_passes_armour() {
    // §5.5 Break Some Bones!; 2024
    let mut s = base();
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    s.active_card(0, 0);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash), d6(5)]);
    go(&mut g, &mut d, action(p, ActionChoice::Block { target: o }));
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn free_up_the_ball_is_claimed_when_the_opponents_lose_a_ball() {
    // §5.5 Free Up the Ball!; 2024
    let mut s = base();
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    s.give_ball(o);
    s.active_card(0, 2);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash), d8(4), d6(6)]);
    go(&mut g, &mut d, action(p, ActionChoice::Block { target: o }));
    claim_slot0(&mut g, 2, Challenge::FreeUpTheBall, 2);
}

#[test]
fn get_moving_is_claimed_after_the_third_run_of_the_turn() {
    // §5.5 Get Moving!; 2024
    let mut s = base();
    let ps: Vec<PlayerId> = (0..3).map(|i| s.player(Side::Home, i)).collect();
    for (i, &p) in ps.iter().enumerate() {
        s.stand(p, 1, 2 * i as i8 + 4);
    }
    s.loose_ball(12, 10);
    s.active_card(0, 4);
    let mut g = s.at_action_prompt();
    run_path(&mut g, ps[0], &[(2, 4)]);
    assert_eq!(kind(&g), PromptKind::Action);
    run_path(&mut g, ps[1], &[(2, 6)]);
    assert_eq!(kind(&g), PromptKind::Action);
    run_path(&mut g, ps[2], &[(2, 8)]);
    claim_slot0(&mut g, 4, Challenge::GetMoving, 2);
}

#[test]
fn get_the_ball_is_claimed_on_picking_up_a_loose_ball() {
    // §5.5 Get the Ball!; 2024
    let mut s = base();
    let p = s.position(Side::Home, "Lineman");
    s.stand(p, 2, 1);
    s.loose_ball(3, 1);
    s.active_card(0, 6);
    let mut g = s.at_action_prompt();
    run_path(&mut g, p, &[(3, 1)]);
    claim_slot0(&mut g, 6, Challenge::GetTheBall, 1);
}

#[test]
fn get_the_ball_is_not_met_by_a_ball_held_at_the_start_of_the_turn() {
    // §5.5 Get the Ball!; 2024
    let mut s = base();
    let t = s.position(Side::Home, "Thrower");
    let m = s.position(Side::Home, "Lineman");
    s.stand(t, 2, 1).stand(m, 3, 1);
    s.give_ball(t);
    s.active_card(0, 6);
    let mut g = s.at_action_prompt();
    go(
        &mut g,
        &mut no_dice(),
        action(t, ActionChoice::Throw { target: sq(3, 1) }),
    );
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn get_together_is_claimed_when_a_mover_ends_next_to_two_team_mates() {
    // §5.5 Get Together!; 2024
    let mut s = base();
    let p = s.player(Side::Home, 0);
    let a = s.player(Side::Home, 1);
    let b = s.player(Side::Home, 2);
    s.stand(p, 1, 5).stand(a, 3, 4).stand(b, 3, 6);
    s.active_card(0, 8);
    let mut g = s.at_action_prompt();
    run_path(&mut g, p, &[(2, 5)]);
    claim_slot0(&mut g, 8, Challenge::GetTogether, 1);
}

#[test]
fn make_a_risky_throw_is_claimed_for_a_completed_long_throw() {
    // §5.5 Make a Risky Throw!; 2024
    let mut s = base();
    let t = s.position(Side::Home, "Thrower");
    let m = s.position(Side::Home, "Lineman");
    s.stand(t, 2, 5).stand(m, 9, 5);
    s.give_ball(t);
    s.active_card(0, 9);
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(5)]);
    go(
        &mut g,
        &mut d,
        action(t, ActionChoice::Throw { target: sq(9, 5) }),
    );
    claim_slot0(&mut g, 9, Challenge::MakeARiskyThrow, 2);
}

#[test]
fn move_the_ball_is_claimed_when_a_carrier_runs_four_squares_forward() {
    // §5.5 Move the Ball!; 2024
    let mut s = base();
    let p = s.position(Side::Home, "Lineman");
    s.stand(p, 2, 0);
    s.give_ball(p);
    s.active_card(0, 10);
    let mut g = s.at_action_prompt();
    run_path(&mut g, p, &[(3, 0), (4, 0), (5, 0), (6, 0)]);
    claim_slot0(&mut g, 10, Challenge::MoveTheBall, 1);
}

#[test]
fn move_the_ball_is_not_met_by_three_squares() {
    // §5.5 Move the Ball!; 2024
    let mut s = base();
    let p = s.position(Side::Home, "Lineman");
    s.stand(p, 2, 0);
    s.give_ball(p);
    s.active_card(0, 10);
    let mut g = s.at_action_prompt();
    run_path(&mut g, p, &[(3, 0), (4, 0), (5, 0)]);
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn play_as_a_team_is_claimed_after_three_actions_by_three_players() {
    // §5.5 Play as a Team!; 2024
    let mut s = base();
    let a = s.player(Side::Home, 0);
    let b = s.player(Side::Home, 1);
    let c = s.player(Side::Home, 2);
    let o = s.position(Side::Away, "Lineman");
    s.prone(a, 1, 1)
        .stand(b, 1, 9)
        .stand(c, 5, 5)
        .stand(o, 7, 5);
    s.loose_ball(12, 10);
    s.active_card(0, 12);
    let mut g = s.at_action_prompt();
    go(&mut g, &mut no_dice(), action(a, ActionChoice::StandUp));
    run_path(&mut g, b, &[(2, 9)]);
    assert_eq!(kind(&g), PromptKind::Action);
    go(&mut g, &mut no_dice(), action(c, ActionChoice::Mark));
    go(&mut g, &mut no_dice(), move_to(6, 5));
    claim_slot0(&mut g, 12, Challenge::PlayAsATeam, 2);
}

#[test]
fn show_no_fear_is_claimed_ending_on_a_trapdoor_while_an_opponent_has_a_ball() {
    // §5.5 Show No Fear!; 2024
    let mut s = base();
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 5).stand(o, 12, 10);
    s.give_ball(o);
    s.active_card(0, 15);
    let mut g = s.at_action_prompt();
    run_path(&mut g, p, &[(6, 5), (7, 5)]);
    claim_slot0(&mut g, 15, Challenge::ShowNoFear, 2);
}

#[test]
fn show_them_how_its_done_is_claimed_on_a_players_third_different_action() {
    // §5.5 Show Them How It's Done!; 2024
    let mut s = base();
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.prone(p, 2, 5).stand(o, 6, 5);
    s.loose_ball(12, 10);
    s.active_card(0, 16);
    let mut g = s.at_action_prompt();
    go(&mut g, &mut no_dice(), action(p, ActionChoice::StandUp));
    run_path(&mut g, p, &[(3, 5)]);
    assert_eq!(kind(&g), PromptKind::Action);
    go(&mut g, &mut no_dice(), action(p, ActionChoice::Mark));
    go(&mut g, &mut no_dice(), move_to(4, 5));
    go(&mut g, &mut no_dice(), move_to(5, 5));
    claim_slot0(&mut g, 16, Challenge::ShowThemHowItsDone, 2);
}

#[test]
fn show_us_a_completion_is_claimed_for_a_completed_throw_but_not_a_hand_off() {
    // §5.5 Show Us a Completion!; 2024
    let mut s = base();
    let t = s.position(Side::Home, "Thrower");
    let m = s.position(Side::Home, "Lineman");
    let c = s.position(Side::Home, "Catcher");
    s.stand(t, 2, 5).stand(m, 3, 5).stand(c, 6, 5);
    s.give_ball(t);
    s.active_card(0, 18);
    let mut g = s.at_action_prompt();
    go(
        &mut g,
        &mut no_dice(),
        action(t, ActionChoice::Throw { target: sq(3, 5) }),
    );
    assert_eq!(kind(&g), PromptKind::Action, "a hand-off does not count");
    let mut d = dice([d6(4)]);
    go(
        &mut g,
        &mut d,
        action(m, ActionChoice::Throw { target: sq(6, 5) }),
    );
    claim_slot0(&mut g, 18, Challenge::ShowUsACompletion, 1);
}

#[test]
fn showboat_for_the_crowd_is_claimed_after_a_touchdown() {
    // §5.5 Showboat for the Crowd!; 2024
    let mut s = base();
    let p = s.position(Side::Home, "Lineman");
    s.stand(p, 13, 0);
    s.give_ball(p);
    s.active_card(0, 20);
    let mut g = s.at_action_prompt();
    run_path(&mut g, p, &[(14, 0)]);
    claim_slot0(&mut g, 20, Challenge::ShowboatForTheCrowd, 1);
    assert_eq!(points(&g, Side::Home), 5);
}

#[test]
fn spread_out_is_not_met_while_two_team_mates_are_adjacent() {
    // §5.5 Spread Out!; 2024
    let mut s = base();
    let p = s.player(Side::Home, 0);
    let a = s.player(Side::Home, 1);
    let b = s.player(Side::Home, 2);
    s.stand(p, 1, 5).stand(a, 8, 8).prone(b, 8, 9);
    s.active_card(0, 21);
    let mut g = s.at_action_prompt();
    run_path(&mut g, p, &[(2, 5)]);
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn spread_out_is_claimed_when_no_team_mates_are_adjacent() {
    // §5.5 Spread Out!; 2024
    let mut s = base();
    let p = s.player(Side::Home, 0);
    let a = s.player(Side::Home, 1);
    s.stand(p, 1, 5).stand(a, 3, 5);
    s.active_card(0, 21);
    let mut g = s.at_action_prompt();
    run_path(&mut g, p, &[(1, 4), (1, 3)]);
    claim_slot0(&mut g, 21, Challenge::SpreadOut, 1);
}

#[test]
fn take_them_down_is_claimed_when_a_block_knocks_the_target_down() {
    // §5.5 Take Them Down!; 2024
    let mut s = base();
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 1).stand(o, 5, 0);
    s.active_card(0, 22);
    let mut g = s.at_action_prompt();
    // An impossible Shove knocks down too.
    let mut d = dice([block(BlockFace::Shove), d6(6)]);
    go(&mut g, &mut d, action(p, ActionChoice::Block { target: o }));
    claim_slot0(&mut g, 22, Challenge::TakeThemDown, 2);
}

#[test]
fn tie_them_up_is_claimed_by_a_mark_on_two_unmarked_opponents() {
    // §5.5 Tie Them Up!; 2024
    let mut s = base();
    let p = s.position(Side::Home, "Lineman");
    let o1 = s.player(Side::Away, 0);
    let o2 = s.player(Side::Away, 1);
    s.stand(p, 2, 5).stand(o1, 5, 4).stand(o2, 5, 6);
    s.active_card(0, 24);
    let mut g = s.at_action_prompt();
    go(&mut g, &mut no_dice(), action(p, ActionChoice::Mark));
    go(&mut g, &mut no_dice(), move_to(3, 5));
    go(&mut g, &mut no_dice(), move_to(4, 5));
    claim_slot0(&mut g, 24, Challenge::TieThemUp, 2);
}

#[test]
fn tie_them_up_is_not_met_when_a_team_mate_already_marks_one_of_them() {
    // §5.5 Tie Them Up!; 2024
    let mut s = base();
    let p = s.position(Side::Home, "Lineman");
    let m = s.position(Side::Home, "Blitzer");
    let o1 = s.player(Side::Away, 0);
    let o2 = s.player(Side::Away, 1);
    s.stand(p, 2, 5)
        .stand(o1, 5, 4)
        .stand(o2, 5, 6)
        .stand(m, 6, 7);
    s.active_card(0, 24);
    let mut g = s.at_action_prompt();
    go(&mut g, &mut no_dice(), action(p, ActionChoice::Mark));
    go(&mut g, &mut no_dice(), move_to(3, 5));
    go(&mut g, &mut no_dice(), move_to(4, 5));
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn a_prone_player_cannot_satisfy_a_challenge() {
    // §3.19.2 (Prone players), §4 row 30; 2024
    let mut s = base();
    let p = s.position(Side::Home, "Lineman");
    let a = s.player(Side::Home, 1);
    let b = s.player(Side::Home, 2);
    s.prone(p, 2, 5).stand(a, 1, 4).stand(b, 1, 6);
    s.active_card(0, 8);
    let mut g = s.at_action_prompt();
    // Standing up next to two team-mates is not a Run, Mark or Sidestep, and a Prone
    // player's square never counts either.
    go(&mut g, &mut no_dice(), action(p, ActionChoice::StandUp));
    assert_eq!(kind(&g), PromptKind::Action);
}
