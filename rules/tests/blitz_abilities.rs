//! Abilities (§5.4).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.
#![allow(clippy::unwrap_used)]

mod common;
use common::*;

const E24: Edition = Edition::Bb2024;
const E18: Edition = Edition::Bb2018;

fn blk(p: PlayerId, target: PlayerId) -> Command {
    action(p, ActionChoice::Block { target })
}

fn free_grant(g: &Game) -> Option<(PlayerId, FreeGrant)> {
    match kind(g) {
        PromptKind::FreeAction { player, grant } => Some((player, grant)),
        _ => None,
    }
}

#[test]
fn offensive_specialist_may_reroll_the_block_dice() {
    // §5.4 Offensive Specialist; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Blitzer");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Miss), block(BlockFace::Smash), d6(6)]);
    go(&mut g, &mut d, blk(p, o));
    assert_eq!(
        kind(&g),
        PromptKind::Reroll {
            kind: RollKind::Block
        }
    );
    let ev = go(
        &mut g,
        &mut d,
        Command::Reroll {
            source: RerollSource::OffensiveSpecialist,
        },
    );
    assert!(rolls(&ev, RollPurpose::Block)[0].reroll);
    assert_eq!(at(&g, o), prone(6, 4));
}

#[test]
fn safe_hands_lets_the_coach_choose_where_the_ball_bounces() {
    // §5.4 Safe Hands; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Dwarf);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Runner");
    s.stand(p, 5, 4).stand(o, 6, 4);
    let b = s.give_ball(o);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash), d6(6)]);
    go(&mut g, &mut d, blk(p, o));
    assert_eq!(kind(&g), PromptKind::SafeHandsBounce { from: sq(6, 4) });
    assert_eq!(prompt(&g).coach, Some(Side::Away));
    go(&mut g, &mut d, Command::BounceTo { square: sq(6, 3) });
    assert_eq!(g.ball_at(sq(6, 3)), Some(b));
    assert_eq!(at(&g, o), prone(6, 4));
}

#[test]
fn handling_skills_picks_up_a_ball_during_a_mark() {
    // §5.4 Handling Skills; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let t = s.position(Side::Home, "Thrower");
    let o = s.position(Side::Away, "Lineman");
    s.stand(t, 1, 5).stand(o, 4, 5);
    let b = s.loose_ball(2, 5);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(&mut g, &mut d, action(t, ActionChoice::Mark));
    go(&mut g, &mut d, move_to(2, 5));
    assert_eq!(g.ball_held_by(t), Some(b));
}

#[test]
fn frenzied_grants_a_free_block_after_a_mark() {
    // §5.4 Frenzied, §3.6.3; 2024
    let mut s = scen(E24, TeamId::DarkElf, TeamId::Orc);
    let w = s.position(Side::Home, "Witch Elf");
    let o = s.position(Side::Away, "Lineman");
    s.stand(w, 2, 5).stand(o, 4, 5);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash), d6(6)]);
    go(&mut g, &mut d, action(w, ActionChoice::Mark));
    go(&mut g, &mut d, move_to(3, 5));
    assert_eq!(free_grant(&g), Some((w, FreeGrant::Block)));
    go(&mut g, &mut d, blk(w, o));
    assert_eq!(at(&g, o), prone(4, 5));
    assert_eq!(g.turn.actions_taken, 1);
}

#[test]
fn head_butt_grants_a_free_block_only_after_a_run_then_a_mark() {
    // §5.4 Head-butt; 2024
    let mut s = scen(E24, TeamId::ChaosChosen, TeamId::Orc);
    let b = s.position(Side::Home, "Beastman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(b, 2, 5).stand(o, 4, 5);
    let mut g = s.at_action_prompt();
    go(&mut g, &mut no_dice(), action(b, ActionChoice::Mark));
    go(&mut g, &mut no_dice(), move_to(3, 5));
    assert_eq!(kind(&g), PromptKind::Action);

    let mut s = scen(E24, TeamId::ChaosChosen, TeamId::Orc);
    let b = s.position(Side::Home, "Beastman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(b, 1, 5).stand(o, 4, 5);
    let mut g = s.at_action_prompt();
    go(&mut g, &mut no_dice(), action(b, ActionChoice::Run));
    go(&mut g, &mut no_dice(), move_to(1, 6));
    go(&mut g, &mut no_dice(), Command::StopMoving);
    go(&mut g, &mut no_dice(), action(b, ActionChoice::Mark));
    go(&mut g, &mut no_dice(), move_to(2, 6));
    go(&mut g, &mut no_dice(), move_to(3, 6));
    assert_eq!(free_grant(&g), Some((b, FreeGrant::Block)));
}

/// Thrower at (2,5) throws Short to the Catcher at (6,5); the Catcher has or has not run.
fn catcher_caught(ed: Edition, catcher_ran: bool) -> (Game, PlayerId) {
    let mut s = scen(ed, TeamId::Human, TeamId::Orc);
    let t = s.position(Side::Home, "Thrower");
    let c = s.position(Side::Home, "Catcher");
    s.stand(t, 2, 5)
        .stand(c, 6, if catcher_ran { 6 } else { 5 });
    s.give_ball(t);
    let mut g = s.at_action_prompt();
    if catcher_ran {
        go(&mut g, &mut no_dice(), action(c, ActionChoice::Run));
        go(&mut g, &mut no_dice(), move_to(6, 5));
        go(&mut g, &mut no_dice(), Command::StopMoving);
    }
    let mut d = dice([d6(5)]);
    go(
        &mut g,
        &mut d,
        action(t, ActionChoice::Throw { target: sq(6, 5) }),
    );
    (g, c)
}

#[test]
fn catchers_instincts_grants_a_free_run_after_catching_a_throw() {
    // §5.4 Catcher's Instincts; 2024
    let (g, c) = catcher_caught(E24, false);
    assert_eq!(free_grant(&g), Some((c, FreeGrant::Run)));
}

#[test]
fn catchers_instincts_needs_a_player_that_has_not_run_in_2024_but_not_in_2018() {
    // §5.4 Catcher's Instincts, §3.6.3; both editions
    let (g, _) = catcher_caught(E24, true);
    assert_eq!(free_grant(&g), None);
    let (g, c) = catcher_caught(E18, true);
    assert_eq!(free_grant(&g), Some((c, FreeGrant::Run)));
}

#[test]
fn hit_and_run_grants_a_free_run_of_two_squares_after_a_block() {
    // §5.4 Hit and Run; 2024
    let mut s = scen(E24, TeamId::Amazon, TeamId::Orc);
    let p = s.position(Side::Home, "Piranha Warrior Blitzer");
    let o = s.position(Side::Away, "Lineman");
    let o2 = s.position(Side::Away, "Blitzer");
    s.stand(p, 5, 4).stand(o, 6, 4).stand(o2, 6, 5);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash), d6(6)]);
    go(&mut g, &mut d, blk(p, o));
    assert_eq!(free_grant(&g), Some((p, FreeGrant::ShortRun)));
    go(&mut g, &mut d, action(p, ActionChoice::Run));
    assert!(matches!(kind(&g), PromptKind::Move { left: 2, .. }));
}

#[test]
fn running_pass_grants_a_free_short_throw_after_a_run() {
    // §5.4 Running Pass; 2024
    let mut s = scen(E24, TeamId::ImperialNobility, TeamId::Orc);
    let t = s.position(Side::Home, "Thrower");
    let m = s.position(Side::Home, "Lineman");
    s.stand(t, 2, 5).stand(m, 6, 5);
    s.give_ball(t);
    let mut g = s.at_action_prompt();
    go(&mut g, &mut no_dice(), action(t, ActionChoice::Run));
    go(&mut g, &mut no_dice(), move_to(3, 5));
    go(&mut g, &mut no_dice(), Command::StopMoving);
    assert_eq!(free_grant(&g), Some((t, FreeGrant::ShortThrow)));
}

#[test]
fn elusive_may_run_past_opponents_but_must_end_open() {
    // §5.4 Elusive; 2024
    let mut s = scen(E24, TeamId::Goblin, TeamId::Orc);
    let p = s.position(Side::Home, "Goblin");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 2, 5).stand(o, 5, 5);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::Run));
    go(&mut g, &mut d, move_to(3, 4));
    go(&mut g, &mut d, move_to(4, 4));
    assert_refused(&mut g, Command::StopMoving);
    go(&mut g, &mut d, move_to(5, 3));
    go(&mut g, &mut d, Command::StopMoving);
    assert_eq!(at(&g, p), standing(5, 3));
}

#[test]
fn leap_runs_through_players_but_cannot_end_on_one() {
    // §5.4 Leap; 2024
    let mut s = scen(E24, TeamId::Snotling, TeamId::Orc);
    let p = s.position(Side::Home, "Fun-Hoppa");
    let m = s.position(Side::Home, "Snotling");
    s.stand(p, 1, 0).stand(m, 2, 0);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::Run));
    go(&mut g, &mut d, move_to(2, 0));
    assert_refused(&mut g, Command::StopMoving);
    go(&mut g, &mut d, move_to(3, 0));
    go(&mut g, &mut d, Command::StopMoving);
    assert_eq!(at(&g, p), standing(3, 0));
}

#[test]
fn ethereal_runs_through_blocked_squares() {
    // §5.4 Ethereal; 2024
    let mut s = scen(E24, TeamId::Necromantic, TeamId::Orc);
    let p = s.position(Side::Home, "Wraith");
    s.stand(p, 2, 2);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::Run));
    go(&mut g, &mut d, move_to(3, 2));
    assert_refused(&mut g, Command::StopMoving);
    go(&mut g, &mut d, move_to(4, 2));
    go(&mut g, &mut d, move_to(5, 2));
    go(&mut g, &mut d, Command::StopMoving);
    assert_eq!(at(&g, p), standing(5, 2));
}

#[test]
fn war_machine_runs_while_marked_with_a_d6_move() {
    // §5.4 War Machine, §2.6 Move D6; 2024
    let mut s = scen(E24, TeamId::Snotling, TeamId::Orc);
    let p = s.position(Side::Home, "Pump Wagon");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 5).stand(o, 6, 5);
    let mut g = s.at_action_prompt();
    assert!(can_run(&g, p));
    let mut d = dice([d6(3)]);
    go(&mut g, &mut d, action(p, ActionChoice::Run));
    assert!(matches!(kind(&g), PromptKind::Move { left: 3, .. }));
    go(&mut g, &mut d, move_to(6, 6));
    go(&mut g, &mut d, Command::StopMoving);
    assert_eq!(at(&g, p), standing(6, 6));
}

#[test]
fn a_run_that_moves_next_to_a_titchy_opponent_ends_there() {
    // §5.4 Titchy; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Ogre);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Gnoblar");
    s.stand(p, 2, 5).stand(o, 5, 5);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::Run));
    go(&mut g, &mut d, move_to(3, 5));
    go(&mut g, &mut d, move_to(4, 5));
    assert_eq!(at(&g, p), standing(4, 5));
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn opponents_may_run_freely_next_to_an_insignificant_player() {
    // §5.4 Insignificant; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Snotling);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Snotling");
    s.stand(p, 2, 5).stand(o, 5, 5);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::Run));
    go(&mut g, &mut d, move_to(3, 5));
    go(&mut g, &mut d, move_to(4, 5));
    go(&mut g, &mut d, move_to(4, 6));
    go(&mut g, &mut d, Command::StopMoving);
    assert_eq!(at(&g, p), standing(4, 6));
}

#[test]
fn titchy_and_insignificant_blockers_treat_tackle_as_miss() {
    // §5.4 Titchy, Insignificant; 2024
    for (team, pos) in [(TeamId::Ogre, "Gnoblar"), (TeamId::Snotling, "Snotling")] {
        let mut s = scen(E24, team, TeamId::Orc);
        let p = s.position(Side::Home, pos);
        let o = s.position(Side::Away, "Lineman");
        s.stand(p, 5, 4).stand(o, 6, 4);
        let mut g = s.at_action_prompt();
        let mut d = dice([block(BlockFace::Tackle)]);
        let ev = go(&mut g, &mut d, blk(p, o));
        assert_eq!(at(&g, o), standing(6, 4), "{pos}");
        assert!(has_event(&ev, &Event::FinishedForTurn { player: p }));
    }
}

#[test]
fn hulking_brute_turns_tackle_and_smash_into_kerrunch_when_blocking() {
    // §5.4 Hulking Brute; 2024
    let mut s = scen(E24, TeamId::Goblin, TeamId::Orc);
    let p = s.position(Side::Home, "Troll");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Tackle), block(BlockFace::Smash)]);
    go(&mut g, &mut d, blk(p, o));
    assert_eq!(
        block_faces(&g),
        vec![BlockFace::Kerrunch, BlockFace::Kerrunch]
    );
}

#[test]
fn shove_counts_as_miss_against_hulking_brute_and_stand_firm() {
    // §5.4 Hulking Brute, Stand Firm; 2024
    for (team, pos) in [
        (TeamId::Goblin, "Troll"),
        (TeamId::ImperialNobility, "Bodyguard"),
    ] {
        let mut s = scen(E24, TeamId::Human, team);
        let p = s.position(Side::Home, "Lineman");
        let o = s.position(Side::Away, pos);
        s.stand(p, 5, 4).stand(o, 6, 4);
        let mut g = s.at_action_prompt();
        let mut d = dice([block(BlockFace::Shove)]);
        let ev = go(&mut g, &mut d, blk(p, o));
        assert_eq!(at(&g, o), standing(6, 4), "{pos}");
        assert!(has_event(&ev, &Event::FinishedForTurn { player: p }));
    }
}

#[test]
fn mighty_blow_turns_smash_into_kerrunch() {
    // §5.4 Mighty Blow; 2024
    let mut s = scen(E24, TeamId::ShamblingUndead, TeamId::Orc);
    let p = s.position(Side::Home, "Mummy");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash), block(BlockFace::Miss), d6(3)]);
    go(&mut g, &mut d, blk(p, o));
    assert_eq!(block_faces(&g), vec![BlockFace::Kerrunch, BlockFace::Miss]);
    let ev = go(&mut g, &mut d, Command::ChooseBlockDie { index: 0 });
    assert_eq!(rolls(&ev, RollPurpose::Armour)[0].modifier, -1);
    assert_eq!(at(&g, o), Place::Reserves);
}

/// Human Lineman (5,4) blocks `pos` of `team` at (6,4); a Human Blitzer at (7,5) would assist.
fn assisted_block_dice(team: TeamId, pos: &str, defender: Option<(&str, i8, i8)>) -> usize {
    let mut s = scen(E24, TeamId::Human, team);
    let p = s.position(Side::Home, "Lineman");
    let a = s.position(Side::Home, "Blitzer");
    let o = s.position(Side::Away, pos);
    s.stand(p, 5, 4).stand(a, 7, 5).stand(o, 6, 4);
    if let Some((dpos, x, y)) = defender {
        let dp = s.position(Side::Away, dpos);
        s.stand(dp, x, y);
    }
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Miss), block(BlockFace::Miss)]);
    let ev = go(&mut g, &mut d, blk(p, o));
    rolls(&ev, RollPurpose::Block)[0].faces.len()
}

#[test]
fn a_defensive_opponent_next_to_the_assisting_player_cancels_the_assist() {
    // §5.4 Defensive; 2024
    assert_eq!(
        assisted_block_dice(TeamId::Amazon, "Eagle Warrior Linewoman", None),
        2
    );
    assert_eq!(
        assisted_block_dice(
            TeamId::Amazon,
            "Eagle Warrior Linewoman",
            Some(("Jaguar Warrior Blocker", 8, 6))
        ),
        1
    );
}

#[test]
fn blocks_against_woodland_aid_cannot_be_assisted() {
    // §5.4 Woodland Aid; 2024
    assert_eq!(assisted_block_dice(TeamId::Gnome, "Lineman", None), 2);
    assert_eq!(assisted_block_dice(TeamId::Gnome, "Beastmaster", None), 1);
}

#[test]
fn a_bomber_blocks_from_three_squares_while_open_and_shove_counts_as_miss() {
    // §5.4 Bomber; 2024
    let mut s = scen(E24, TeamId::Snotling, TeamId::Orc);
    let p = s.position(Side::Home, "Fungus Flinga");
    let a = s.position(Side::Home, "Snotling");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 2, 5).stand(o, 5, 5).stand(a, 6, 6);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Shove)]);
    let ev = go(&mut g, &mut d, blk(p, o));
    assert_eq!(
        rolls(&ev, RollPurpose::Block)[0].faces.len(),
        1,
        "no assist"
    );
    assert_eq!(at(&g, o), standing(5, 5));
    assert!(has_event(&ev, &Event::FinishedForTurn { player: p }));
}

#[test]
fn violent_injures_the_target_on_a_six() {
    // §5.4 Violent; 2024
    let mut s = scen(E24, TeamId::Necromantic, TeamId::Orc);
    let p = s.position(Side::Home, "Werewolf");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Miss), d6(6)]);
    let ev = go(&mut g, &mut d, blk(p, o));
    assert_eq!(at(&g, o), Place::Reserves);
    assert!(has_event(&ev, &Event::Injured { player: o }));
}

#[test]
fn bloodlust_injures_the_blocker_after_a_miss_unless_a_minion_takes_its_place() {
    // §5.4 Bloodlust, Minion; 2024
    let mut s = scen(E24, TeamId::Vampire, TeamId::Orc);
    let p = s.position(Side::Home, "Runner");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Miss)]);
    go(&mut g, &mut d, blk(p, o));
    assert_eq!(at(&g, p), Place::Reserves);

    let mut s = scen(E24, TeamId::Vampire, TeamId::Orc);
    let p = s.position(Side::Home, "Runner");
    let t = s.position(Side::Home, "Thrall");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4).stand(t, 4, 4);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Miss)]);
    go(&mut g, &mut d, blk(p, o));
    assert_eq!(kind(&g), PromptKind::Minion { bloodlusted: p });
    go(&mut g, &mut d, Command::ChoosePlayer { player: t });
    assert_eq!(at(&g, t), Place::Reserves);
    assert_eq!(at(&g, p), standing(5, 4));
}

#[test]
fn dump_off_lets_the_target_hand_off_before_the_block() {
    // §5.4 Dump-off; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::DarkElf);
    let p = s.position(Side::Home, "Lineman");
    let r = s.position(Side::Away, "Runner");
    let m = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(r, 6, 4).stand(m, 7, 3);
    let b = s.give_ball(r);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash), d6(6)]);
    go(&mut g, &mut d, blk(p, r));
    assert_eq!(free_grant(&g), Some((r, FreeGrant::DumpOff)));
    assert_eq!(prompt(&g).coach, Some(Side::Away));
    go(
        &mut g,
        &mut d,
        action(r, ActionChoice::Throw { target: sq(7, 3) }),
    );
    assert_eq!(g.ball_held_by(m), Some(b));
    assert_eq!(at(&g, r), prone(6, 4));
}

#[test]
fn wardance_gives_a_free_sidestep() {
    // §5.4 Wardance; 2024
    let mut s = scen(E24, TeamId::WoodElf, TeamId::Orc);
    let p = s.position(Side::Home, "Wardancer");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 2, 5).stand(o, 3, 5);
    let mut g = s.at_action_prompt();
    let cmd = Command::Wardance {
        player: p,
        to: sq(1, 5),
    };
    assert!(is_legal_cmd(&g, cmd));
    go(&mut g, &mut no_dice(), cmd);
    assert_eq!(at(&g, p), standing(1, 5));
    assert_eq!(g.turn.actions_taken, 0);
}

#[test]
fn regenerate_offers_a_free_stand_up_at_the_start_of_the_turn() {
    // §5.4 Regenerate; 2024
    let mut s = scen(E24, TeamId::ShamblingUndead, TeamId::Orc);
    field(&mut s, Side::Home, 4);
    let k = s.position(Side::Home, "Skeleton");
    s.prone(k, 5, 5);
    s.loose_ball(7, 1);
    let (mut g, _) = s.start_turn(&mut no_dice());
    assert_eq!(free_grant(&g), Some((k, FreeGrant::StandUp)));
    go(&mut g, &mut no_dice(), action(k, ActionChoice::StandUp));
    assert_eq!(at(&g, k), standing(5, 5));
    assert_eq!(g.turn.actions_taken, 0);
}

#[test]
fn pick_me_up_lets_adjacent_prone_team_mates_stand_up() {
    // §5.4 Pick-me-up; 2024
    let mut s = scen(E24, TeamId::Norse, TeamId::Orc);
    let b = s.position(Side::Home, "Beer Boar");
    let m = s.position(Side::Home, "Lineman");
    s.stand(b, 2, 5).prone(m, 4, 5);
    let mut g = s.at_action_prompt();
    go(&mut g, &mut no_dice(), action(b, ActionChoice::Run));
    go(&mut g, &mut no_dice(), move_to(3, 5));
    go(&mut g, &mut no_dice(), Command::StopMoving);
    assert_eq!(free_grant(&g), Some((m, FreeGrant::StandUp)));
}

#[test]
fn wardance_is_not_offered_after_a_sidestep_in_2024() {
    // §5.4 Wardance, §3.6.3; 2024
    let mut s = scen(E24, TeamId::WoodElf, TeamId::Orc);
    let p = s.position(Side::Home, "Wardancer");
    let o = s.position(Side::Away, "Lineman");
    let o2 = s.position(Side::Away, "Blitzer");
    s.stand(p, 2, 5).stand(o, 3, 5).stand(o2, 0, 3);
    let mut g = s.at_action_prompt();
    go(
        &mut g,
        &mut no_dice(),
        action(p, ActionChoice::Sidestep { to: sq(1, 5) }),
    );
    // (1,5) is not next to (0,3); move the Blitzer in to mark again.
    g.player_mut(o2).place = standing(0, 4);
    refresh(&mut g);
    assert!(g.is_marked(p));
    assert!(
        !legal_commands(&g)
            .iter()
            .any(|c| matches!(c, Command::Wardance { .. }))
    );
}

#[test]
fn hit_and_run_is_not_offered_after_a_tackle() {
    // §5.4 Hit and Run, §3.11 Tackle lockout; 2024
    let mut s = scen(E24, TeamId::Amazon, TeamId::Orc);
    let p = s.position(Side::Home, "Piranha Warrior Blitzer");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Tackle), d6(6)]);
    go(&mut g, &mut d, blk(p, o));
    assert_eq!(free_grant(&g), None);
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn lithe_creature_may_run_past_opponents_but_must_end_open_and_never_throws() {
    // §5.4 Lithe Creature; 2024
    let mut s = scen(E24, TeamId::Gnome, TeamId::Orc);
    let p = s.position(Side::Home, "Woodland Fox");
    let mate = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 2, 5).stand(mate, 2, 8).stand(o, 5, 5);
    s.give_ball(p);
    let mut g = s.at_action_prompt();
    // Holding a ball, Open, a team-mate in range: still no Throw.
    assert!(
        !choices(&g, p)
            .iter()
            .any(|c| matches!(c, ActionChoice::Throw { .. })),
        "{:?}",
        choices(&g, p)
    );
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::Run));
    go(&mut g, &mut d, move_to(3, 4));
    go(&mut g, &mut d, move_to(4, 4));
    // Next to the opponent: allowed to pass, not to stop.
    assert_refused(&mut g, Command::StopMoving);
    go(&mut g, &mut d, move_to(5, 3));
    go(&mut g, &mut d, Command::StopMoving);
    assert_eq!(at(&g, p), standing(5, 3));
}
