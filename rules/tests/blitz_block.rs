//! Block: faces, pushes, assists, dice counts, knock-downs and Armour checks (§3.4,
//! §3.11, §4 rows 3, 26).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.
#![allow(clippy::unwrap_used)]

mod common;
use common::*;

const E24: Edition = Edition::Bb2024;
const E18: Edition = Edition::Bb2018;

/// Human Lineman (B1) at (5,4) next to an Orc Lineman (A3+) at (6,4).
fn lineman_vs_lineman(ed: Edition) -> (Scenario, PlayerId, PlayerId) {
    let mut s = scen(ed, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    (s, p, o)
}

fn blk(p: PlayerId, target: PlayerId) -> Command {
    action(p, ActionChoice::Block { target })
}

#[test]
fn a_miss_leaves_the_target_standing_and_finishes_the_blocker() {
    // §3.11 Miss; both editions
    for ed in [E24, E18] {
        let (mut s, p, o) = lineman_vs_lineman(ed);
        let mut g = s.at_action_prompt();
        let mut d = dice([block(BlockFace::Miss)]);
        let ev = go(&mut g, &mut d, blk(p, o));
        assert_eq!(at(&g, o), standing(6, 4));
        assert!(has_event(&ev, &Event::FinishedForTurn { player: p }));
        assert!(choices(&g, p).is_empty(), "{ed:?}");
    }
}

#[test]
fn a_tackle_knocks_the_target_down_and_finishes_the_blocker() {
    // §3.11 Tackle; 2024
    let (mut s, p, o) = lineman_vs_lineman(E24);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Tackle), d6(4)]);
    let ev = go(&mut g, &mut d, blk(p, o));
    assert_eq!(at(&g, o), prone(6, 4));
    assert!(has_event(&ev, &Event::KnockedDown { player: o }));
    assert!(choices(&g, p).is_empty());
}

#[test]
fn a_shove_pushes_the_target_directly_away_and_the_blocker_may_follow_up() {
    // §3.11 Shove; 2024
    let (mut s, p, o) = lineman_vs_lineman(E24);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Shove)]);
    go(&mut g, &mut d, blk(p, o));
    assert_eq!(at(&g, o), standing(7, 4));
    assert_eq!(
        kind(&g),
        PromptKind::FollowUp {
            blocker: p,
            square: sq(6, 4)
        }
    );
    go(&mut g, &mut d, Command::FollowUp { follow: true });
    assert_eq!(at(&g, p), standing(6, 4));
    assert_eq!(kind(&g), PromptKind::Action);
    assert!(
        !choices(&g, p).is_empty(),
        "a Shove does not finish the blocker"
    );
}

#[test]
fn a_diagonal_shove_pushes_diagonally_and_following_up_is_optional() {
    // §3.11 push geometry; 2018
    let mut s = scen(E18, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 5);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Shove)]);
    go(&mut g, &mut d, blk(p, o));
    assert_eq!(at(&g, o), standing(7, 6));
    go(&mut g, &mut d, Command::FollowUp { follow: false });
    assert_eq!(at(&g, p), standing(5, 4));
}

#[test]
fn a_shove_off_the_pitch_knocks_the_target_down_instead() {
    // §3.11 Shove (impossible push); 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 1).stand(o, 5, 0);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Shove), d6(5)]);
    go(&mut g, &mut d, blk(p, o));
    assert_eq!(at(&g, o), prone(5, 0));
    assert_eq!(at(&g, p), standing(5, 1));
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn a_shove_into_an_occupied_or_blocked_square_knocks_the_target_down() {
    // §3.11 Shove (impossible push); 2018
    for (ox, oy, bx, by) in [(6, 4, 7, 4), (9, 3, 10, 3)] {
        let mut s = scen(E18, TeamId::Human, TeamId::Orc);
        let p = s.position(Side::Home, "Lineman");
        let o = s.position(Side::Away, "Lineman");
        let o2 = s.position(Side::Away, "Blitzer");
        s.stand(p, ox - 1, oy).stand(o, ox, oy);
        if (bx, by) == (7, 4) {
            s.stand(o2, bx, by);
        }
        let mut g = s.at_action_prompt();
        let mut d = dice([block(BlockFace::Shove), d6(5)]);
        go(&mut g, &mut d, blk(p, o));
        assert_eq!(at(&g, o), prone(ox, oy));
    }
}

#[test]
fn a_pushed_player_landing_on_a_loose_ball_makes_it_bounce() {
    // §3.11 push geometry, §3.16.2; 2024
    let (mut s, p, o) = lineman_vs_lineman(E24);
    let b = s.loose_ball(7, 4);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Shove), d8(3)]); // up-right: (8,3)
    go(&mut g, &mut d, blk(p, o));
    assert_eq!(at(&g, o), standing(7, 4));
    assert_eq!(g.ball_held_by(o), None);
    assert_eq!(g.ball_at(sq(8, 3)), Some(b));
}

#[test]
fn a_smash_knocks_down_and_a_failed_armour_check_injures() {
    // §3.11 Smash, Knocked Down; 2024
    let (mut s, p, o) = lineman_vs_lineman(E24);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash), d6(2)]);
    let ev = go(&mut g, &mut d, blk(p, o));
    assert_eq!(at(&g, o), Place::Reserves);
    assert!(has_event(&ev, &Event::Injured { player: o }));
    assert!(
        !choices(&g, p).is_empty(),
        "a Smash does not finish the blocker"
    );
}

#[test]
fn a_passed_armour_check_leaves_the_target_prone() {
    // §3.11 Knocked Down step 4; 2018
    let (mut s, p, o) = lineman_vs_lineman(E18);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash), d6(3)]);
    go(&mut g, &mut d, blk(p, o));
    assert_eq!(at(&g, o), prone(6, 4));
}

#[test]
fn kerrunch_gives_minus_one_on_the_armour_check() {
    // §3.11 Kerrunch!, §4 row 26; both editions
    for ed in [E24, E18] {
        let (mut s, p, o) = lineman_vs_lineman(ed);
        let mut g = s.at_action_prompt();
        let mut d = dice([block(BlockFace::Kerrunch), d6(3)]);
        let ev = go(&mut g, &mut d, blk(p, o));
        let r = &rolls(&ev, RollPurpose::Armour)[0];
        assert_eq!(r.modifier, -1);
        assert_eq!(r.success, Some(false));
        assert_eq!(at(&g, o), Place::Reserves, "{ed:?}");

        let (mut s, p, o) = lineman_vs_lineman(ed);
        let mut g = s.at_action_prompt();
        let mut d = dice([block(BlockFace::Kerrunch), d6(4)]);
        go(&mut g, &mut d, blk(p, o));
        assert_eq!(at(&g, o), prone(6, 4), "{ed:?}");
    }
}

#[test]
fn a_natural_one_always_fails_an_armour_check() {
    // §3.4 natural results; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::BlackOrc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Black Orc"); // A2+
    s.stand(p, 5, 4).stand(o, 6, 4);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash), d6(1)]);
    go(&mut g, &mut d, blk(p, o));
    assert_eq!(at(&g, o), Place::Reserves);
}

#[test]
fn armour_dash_fails_automatically_without_a_roll() {
    // §3.4 dash values, §2.6; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Snotling);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Stilty Runna"); // Armour –
    s.stand(p, 5, 4).stand(o, 6, 4);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash)]);
    let ev = go(&mut g, &mut d, blk(p, o));
    assert_eq!(at(&g, o), Place::Reserves);
    assert!(rolls(&ev, RollPurpose::Armour).is_empty());
}

#[test]
fn a_knocked_down_ball_carrier_drops_the_ball_before_the_armour_check() {
    // §3.11 Knocked Down steps 1-3; 2024
    let (mut s, p, o) = lineman_vs_lineman(E24);
    let b = s.give_ball(o);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash), d8(4), d6(5)]);
    let ev = go(&mut g, &mut d, blk(p, o));
    assert_eq!(g.ball_at(sq(7, 4)), Some(b));
    let bounce = ev
        .iter()
        .position(|e| matches!(e, Event::BallBounced { .. }))
        .unwrap();
    let armour = ev
        .iter()
        .position(|e| matches!(e, Event::Rolled(r) if r.purpose == RollPurpose::Armour))
        .unwrap();
    assert!(bounce < armour);
}

/// Orc Big Un Blocker (B2) at (5,4) blocking a Human Lineman at (6,4).
fn big_un(ed: Edition) -> (Scenario, PlayerId, PlayerId) {
    let mut s = scen(ed, TeamId::Orc, TeamId::Human);
    let p = s.position(Side::Home, "Big Un Blocker");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    (s, p, o)
}

#[test]
fn a_2024_block_rolls_the_block_value_and_the_coach_chooses_a_die() {
    // §3.11 number of dice; 2024
    let (mut s, p, o) = big_un(E24);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Miss), block(BlockFace::Smash), d6(6)]);
    go(&mut g, &mut d, blk(p, o));
    assert_eq!(block_faces(&g), vec![BlockFace::Miss, BlockFace::Smash]);
    let ev = go(&mut g, &mut d, Command::ChooseBlockDie { index: 1 });
    assert!(has_event(
        &ev,
        &Event::BlockDieChosen {
            face: BlockFace::Smash
        }
    ));
    assert_eq!(at(&g, o), prone(6, 4));
}

#[test]
fn an_assist_adds_one_die_in_2024_however_many_team_mates_help() {
    // §3.11 assists, §4 row 3; 2024
    let (mut s, p, o) = big_un(E24);
    let a1 = s.player(Side::Home, 0);
    let a2 = s.player(Side::Home, 1);
    s.stand(a1, 7, 5).stand(a2, 7, 3);
    let mut g = s.at_action_prompt();
    let mut d = dice([
        block(BlockFace::Miss),
        block(BlockFace::Miss),
        block(BlockFace::Shove),
    ]);
    go(&mut g, &mut d, blk(p, o));
    assert_eq!(block_faces(&g).len(), 3);
}

#[test]
fn a_2018_block_rolls_one_die_or_two_if_assisted() {
    // §3.11 number of dice, §4 row 3; 2018
    let (mut s, p, o) = big_un(E18);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash), d6(6)]);
    let ev = go(&mut g, &mut d, blk(p, o));
    assert_eq!(rolls(&ev, RollPurpose::Block)[0].faces.len(), 1);
    assert_eq!(at(&g, o), prone(6, 4));

    let (mut s, p, o) = big_un(E18);
    let a1 = s.player(Side::Home, 0);
    let a2 = s.player(Side::Home, 1);
    s.stand(a1, 7, 5).stand(a2, 7, 3);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Miss), block(BlockFace::Miss)]);
    go(&mut g, &mut d, blk(p, o));
    assert_eq!(block_faces(&g).len(), 2, "never more than 2 in 2018");
}

#[test]
fn a_prone_team_mate_does_not_assist() {
    // §3.11 assists ([PROPOSAL] standing only); 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let m = s.position(Side::Home, "Blitzer");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4).prone(m, 7, 4);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash), d6(6)]);
    let ev = go(&mut g, &mut d, blk(p, o));
    assert_eq!(rolls(&ev, RollPurpose::Block)[0].faces.len(), 1);
}

#[test]
fn only_a_marked_player_may_block_an_adjacent_standing_opponent() {
    // §3.11 who and target; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    let far = s.position(Side::Away, "Blitzer");
    s.stand(p, 5, 4).prone(o, 6, 4).stand(far, 9, 9);
    let mut g = s.at_action_prompt();
    assert_refused(&mut g, blk(p, o));
    assert_refused(&mut g, blk(p, far));
}
