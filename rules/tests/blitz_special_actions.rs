//! The 2024 special actions (§6.1.4 Foul, §6.1.5 Throw Team-mate, gaps G34/G35),
//! reachable with the `special_actions` option. Card indices are those of `CHALLENGE_CARDS`:
//! 0 Break Some Bones! / Raw Talent, 9 Make a Risky Throw! / Accurate Throw,
//! 18 Show Us a Completion! / Inspiration, 19 Show Us a Completion! / Nerves of Steel.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.
#![allow(clippy::unwrap_used)]

mod common;
use common::*;

const E24: Edition = Edition::Bb2024;

/// A 2024 scenario with the special actions on.
fn sa(home: TeamId, away: TeamId) -> Scenario {
    let mut st = setup(E24, home, away);
    st.options.special_actions = true;
    Scenario::new(st)
}

fn foul(p: PlayerId, target: PlayerId) -> Command {
    action(p, ActionChoice::Foul { target })
}

fn ttm(p: PlayerId, thrown: PlayerId, x: i8, y: i8) -> Command {
    action(
        p,
        ActionChoice::ThrowTeamMate {
            thrown,
            target: sq(x, y),
        },
    )
}

// ---------------------------------------------------------------------------------------
// Set-up
// ---------------------------------------------------------------------------------------

#[test]
fn the_special_actions_option_is_accepted_in_2024_and_refused_in_2018() {
    // §0.3 (specialActions: 2024 advanced), §4 row 34
    let mut st = setup(E24, TeamId::Goblin, TeamId::Orc);
    st.options.special_actions = true;
    assert_eq!(validate(&st), Ok(()));
    assert!(new_game(st, &mut ChaChaDice::from_u64(7)).is_ok());
    st.edition = Edition::Bb2018;
    assert_eq!(
        validate(&st),
        Err(SetupError::WrongEdition {
            option: "special_actions".into()
        })
    );
}

// ---------------------------------------------------------------------------------------
// Foul (§6.1.4)
// ---------------------------------------------------------------------------------------

/// A Human Lineman (Open) at (5,5) next to a Prone Orc Lineman at (6,5).
fn foul_position() -> (Scenario, PlayerId, PlayerId) {
    let mut s = sa(TeamId::Human, TeamId::Orc);
    let f = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(f, 5, 5).prone(o, 6, 5);
    (s, f, o)
}

#[test]
fn a_foul_needs_the_option_an_open_fouler_and_an_adjacent_prone_opponent() {
    // §6.1.4 "Who and target", §3.6.2; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let f = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(f, 5, 5).prone(o, 6, 5);
    let mut g = s.at_action_prompt();
    assert_refused(&mut g, foul(f, o)); // option off

    let (mut s, f, o) = foul_position();
    assert!(is_legal_cmd(&s.at_action_prompt(), foul(f, o)));

    // Not adjacent: refused.
    let (mut s, f, o) = foul_position();
    s.prone(o, 7, 5);
    let mut g = s.at_action_prompt();
    assert_refused(&mut g, foul(f, o));

    // A standing opponent cannot be fouled, and a Marked player cannot foul.
    let (mut s, f, o) = foul_position();
    let o2 = s.player(Side::Away, 1);
    s.stand(o2, 4, 5);
    let mut g = s.at_action_prompt();
    assert_refused(&mut g, foul(f, o));
    assert_refused(&mut g, foul(f, o2));
}

#[test]
fn a_foul_rolls_one_block_die_whatever_the_block_value_and_assists() {
    // §6.1.4 Procedure ("one block die, whatever the Block value and any assists")
    let mut s = sa(TeamId::Orc, TeamId::Human);
    let f = s.position(Side::Home, "Big Un Blocker");
    let mate = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(f, 5, 5).stand(mate, 7, 5).prone(o, 6, 5);
    let mut g = s.at_action_prompt();
    assert_eq!(g.player(f).stats.block, 2);
    let mut d = dice([block(BlockFace::Shove)]);
    let ev = go(&mut g, &mut d, foul(f, o));
    let r = &rolls(&ev, RollPurpose::Foul)[0];
    assert_eq!(r.faces.len(), 1);
    assert!(rolls(&ev, RollPurpose::Block).is_empty());
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn spotted_ejects_the_fouler_and_leaves_the_target() {
    // §6.1.4 Spotted! (Miss), G7 face mapping; 2024
    let (mut s, f, o) = foul_position();
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Miss)]);
    let ev = go(&mut g, &mut d, foul(f, o));
    assert!(has_event(&ev, &Event::Ejected { player: f }));
    assert_eq!(at(&g, f), Place::Reserves);
    assert_eq!(at(&g, o), prone(6, 5));
    assert_eq!(g.turn.actions_taken, 1);
}

#[test]
fn take_that_injures_the_target_and_ejects_the_fouler() {
    // §6.1.4 Take That! (Tackle), G7; 2024
    let (mut s, f, o) = foul_position();
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Tackle)]);
    let ev = go(&mut g, &mut d, foul(f, o));
    assert!(has_event(&ev, &Event::Injured { player: o }));
    assert!(has_event(&ev, &Event::Ejected { player: f }));
    assert_eq!(at(&g, o), Place::Reserves);
    assert_eq!(at(&g, f), Place::Reserves);
}

#[test]
fn slipped_leaves_the_target_and_the_fouler_can_make_no_more_actions() {
    // §6.1.4 Slipped! (Shove), §3.6.3; 2024
    let (mut s, f, o) = foul_position();
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Shove)]);
    let ev = go(&mut g, &mut d, foul(f, o));
    assert!(has_event(&ev, &Event::FinishedForTurn { player: f }));
    assert_eq!(at(&g, f), standing(5, 5));
    assert_eq!(at(&g, o), prone(6, 5));
    assert!(g.pt(f).finished);
    assert!(choices(&g, f).is_empty());
}

#[test]
fn got_them_injures_the_target_on_smash_and_on_kerrunch() {
    // §6.1.4 Got Them! (Smash, Kerrunch!), G7; 2024
    for face in [BlockFace::Smash, BlockFace::Kerrunch] {
        let (mut s, f, o) = foul_position();
        let mut g = s.at_action_prompt();
        let mut d = dice([block(face)]);
        let ev = go(&mut g, &mut d, foul(f, o));
        assert!(has_event(&ev, &Event::Injured { player: o }), "{face:?}");
        assert_eq!(at(&g, o), Place::Reserves);
        // No Armour check is made, and the fouler stays and may act again.
        assert!(rolls(&ev, RollPurpose::Armour).is_empty());
        assert_eq!(at(&g, f), standing(5, 5));
        assert!(!g.pt(f).finished);
        assert!(can_run(&g, f));
    }
}

#[test]
fn an_ejected_fouler_holding_a_ball_drops_it_from_its_square() {
    // §6.1.4 [PROPOSAL], G35: the ball bounces from the fouler's square; 2024
    let (mut s, f, o) = foul_position();
    let b = s.give_ball(f);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Miss), d8(2)]);
    let ev = go(&mut g, &mut d, foul(f, o));
    assert!(has_event(
        &ev,
        &Event::BallBounced {
            ball: b,
            from: sq(5, 5),
            to: sq(5, 4)
        }
    ));
    assert_eq!(at(&g, f), Place::Reserves);
    assert_eq!(g.ball_at(sq(5, 4)), Some(b));
    assert_eq!(g.ball_held_by(f), None);
}

#[test]
fn violent_injures_the_foul_target_on_a_six_without_resolving_the_die() {
    // §6.1.4 ("Violent also applies to Fouls"), §5.4 Violent; 2024
    let mut s = sa(TeamId::Necromantic, TeamId::Orc);
    let f = s.position(Side::Home, "Werewolf");
    let o = s.position(Side::Away, "Lineman");
    s.stand(f, 5, 5).prone(o, 6, 5);
    let mut g = s.at_action_prompt();
    // A Miss would eject the fouler, but the Violent 6 injures the target instead.
    let mut d = dice([block(BlockFace::Miss), d6(6)]);
    let ev = go(&mut g, &mut d, foul(f, o));
    assert_eq!(rolls(&ev, RollPurpose::Violent)[0].faces, vec![6]);
    assert_eq!(at(&g, o), Place::Reserves);
    assert_eq!(at(&g, f), standing(5, 5));
    assert!(!has_event(&ev, &Event::Ejected { player: f }));

    // Below 6 the block die applies as usual.
    let mut s = sa(TeamId::Necromantic, TeamId::Orc);
    let f = s.position(Side::Home, "Werewolf");
    let o = s.position(Side::Away, "Lineman");
    s.stand(f, 5, 5).prone(o, 6, 5);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Miss), d6(5)]);
    go(&mut g, &mut d, foul(f, o));
    assert_eq!(at(&g, f), Place::Reserves);
    assert_eq!(at(&g, o), prone(6, 5));
}

#[test]
fn break_some_bones_is_claimable_after_a_foul_injures_its_target() {
    // §6.1.4 ("A Foul that Injures the target satisfies Break Some Bones!"), §5.5
    let (mut s, f, o) = foul_position();
    s.active_card(0, 0);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash)]);
    go(&mut g, &mut d, foul(f, o));
    assert_eq!(kind(&g), PromptKind::Claim);
    go(&mut g, &mut no_dice(), Command::Claim { slot: 0 });
    assert_eq!(points(&g, Side::Home), 3);

    // A Slipped! foul injures nobody: no claim.
    let (mut s, f, o) = foul_position();
    s.active_card(0, 0);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Shove)]);
    go(&mut g, &mut d, foul(f, o));
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn a_player_cannot_foul_twice_in_a_turn() {
    // §3.6.1 once per turn, §6.1.4; 2024
    let (mut s, f, o) = foul_position();
    let o2 = s.player(Side::Away, 1);
    s.prone(o2, 4, 5);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash)]);
    go(&mut g, &mut d, foul(f, o));
    assert_refused(&mut g, foul(f, o2));
}

// ---------------------------------------------------------------------------------------
// Throw Team-mate (§6.1.5)
// ---------------------------------------------------------------------------------------

/// Goblin team: the Troll (T5+) at (5,5), Open; a Goblin at (5,6).
fn troll_position() -> (Scenario, PlayerId, PlayerId) {
    let mut s = sa(TeamId::Goblin, TeamId::Orc);
    let t = s.position(Side::Home, "Troll");
    let gob = s.position(Side::Home, "Goblin");
    s.stand(t, 5, 5).stand(gob, 5, 6);
    (s, t, gob)
}

#[test]
fn only_an_ogre_troll_or_treeman_may_throw_a_team_mate() {
    // §6.1.5 ("Only an Ogre, Troll or Treeman"), §5.2 notes, §3.6.2; 2024
    for def in data::TEAMS.iter() {
        for pos in def.positions {
            assert_eq!(
                pos.throws_team_mates,
                matches!(pos.name, "Ogre" | "Troll" | "Treeman"),
                "{} {}",
                def.name,
                pos.name
            );
        }
    }
    let (mut s, t, gob) = troll_position();
    let gob2 = s.player(Side::Home, 1);
    s.stand(gob2, 4, 5);
    let mut g = s.at_action_prompt();
    assert!(is_legal_cmd(&g, ttm(t, gob, 9, 5)));
    // A Goblin next to the Troll and to another Goblin cannot throw either.
    assert_refused(&mut g, ttm(gob, t, 9, 5));
    assert_refused(&mut g, ttm(gob2, gob, 9, 5));
    assert!(
        !choices(&g, gob)
            .iter()
            .any(|c| matches!(c, ActionChoice::ThrowTeamMate { .. }))
    );
    for (team, big) in [(TeamId::Halfling, "Treeman"), (TeamId::Ogre, "Ogre")] {
        let mut s = sa(team, TeamId::Orc);
        let b = s.position(Side::Home, big);
        let small = s.player(Side::Home, 0);
        s.stand(b, 5, 5).stand(small, 5, 6);
        let g = s.at_action_prompt();
        assert!(is_legal_cmd(&g, ttm(b, small, 9, 5)), "{big}");
    }
}

#[test]
fn throw_team_mate_needs_the_special_actions_option() {
    // §0.3, §6.1.5; 2024
    let mut s = scen(E24, TeamId::Goblin, TeamId::Orc);
    let t = s.position(Side::Home, "Troll");
    let gob = s.position(Side::Home, "Goblin");
    s.stand(t, 5, 5).stand(gob, 5, 6);
    let mut g = s.at_action_prompt();
    assert_refused(&mut g, ttm(t, gob, 9, 5));
}

#[test]
fn a_thrower_holding_a_ball_cannot_throw_a_team_mate() {
    // §6.1.5 step 1 ("must not hold a ball"), §3.6.2; 2024
    let (mut s, t, gob) = troll_position();
    s.give_ball(t);
    let mut g = s.at_action_prompt();
    assert_refused(&mut g, ttm(t, gob, 9, 5));
}

#[test]
fn a_marked_thrower_needs_nerves_of_steel() {
    // §6.1.5 step 1 ("must be Open"), §5.6 Nerves of Steel ("including a Throw
    // Team-mate"); 2024
    let with_nerves = |t: PlayerId, gob: PlayerId| Command::Action {
        player: t,
        choice: ActionChoice::ThrowTeamMate {
            thrown: gob,
            target: sq(9, 6),
        },
        bonus: Some(CardId(19)),
    };
    // An Open thrower does not need it: the card is not offered.
    let (mut s, t, gob) = troll_position();
    s.hand_card(Side::Home, 19);
    let mut g = s.at_action_prompt();
    assert!(is_legal_cmd(&g, ttm(t, gob, 9, 6)));
    assert_refused(&mut g, with_nerves(t, gob));

    let (mut s, t, gob) = troll_position();
    let o = s.position(Side::Away, "Lineman");
    s.stand(o, 6, 4);
    s.hand_card(Side::Home, 19);
    let mut g = s.at_action_prompt();
    assert_refused(&mut g, ttm(t, gob, 9, 6));
    let mut d = dice([d6(5)]);
    let ev = go(&mut g, &mut d, with_nerves(t, gob));
    // The Marked thrower itself adds no penalty.
    assert_eq!(rolls(&ev, RollPurpose::Throw)[0].modifier, 0);
    assert_eq!(at(&g, gob), standing(9, 6));
}

#[test]
fn the_thrown_player_is_an_adjacent_standing_team_mate_of_another_position() {
    // §6.1.5 step 2 ("an Ogre cannot throw an Ogre"); 2024
    let mut s = sa(TeamId::Ogre, TeamId::Orc);
    let ogre = s.position(Side::Home, "Ogre");
    let other_ogre = s
        .game
        .players
        .iter()
        .find(|p| p.side == Side::Home && p.id != ogre && p.stats.throws_team_mates)
        .unwrap()
        .id;
    let gn = s.player(Side::Home, 0);
    let prone_gn = s.player(Side::Home, 1);
    let far_gn = s.player(Side::Home, 2);
    let opp = s.position(Side::Away, "Lineman");
    s.stand(ogre, 5, 5)
        .stand(other_ogre, 5, 6)
        .stand(gn, 4, 5)
        .prone(prone_gn, 6, 5)
        .stand(far_gn, 8, 5)
        .prone(opp, 4, 4);
    let mut g = s.at_action_prompt();
    assert!(is_legal_cmd(&g, ttm(ogre, gn, 9, 5)));
    assert_refused(&mut g, ttm(ogre, other_ogre, 9, 5));
    assert_refused(&mut g, ttm(ogre, prone_gn, 9, 5));
    assert_refused(&mut g, ttm(ogre, far_gn, 9, 5));
    assert_refused(&mut g, ttm(ogre, opp, 9, 5));
    assert_refused(&mut g, ttm(ogre, ogre, 9, 5));
}

#[test]
fn the_target_is_an_unblocked_square_on_the_pitch_in_range() {
    // §6.1.5 step 3 [PROPOSAL], G34, §2.4 range table; 2024
    let (mut s, t, gob) = troll_position();
    let o = s.position(Side::Away, "Lineman");
    s.stand(o, 9, 9);
    let mut g = s.at_action_prompt();
    assert!(is_legal_cmd(&g, ttm(t, gob, 13, 5))); // Long (8 squares)
    assert!(is_legal_cmd(&g, ttm(t, gob, 6, 4))); // an adjacent square
    assert!(is_legal_cmd(&g, ttm(t, gob, 9, 9))); // occupied by an opponent
    assert_refused(&mut g, ttm(t, gob, 14, 5)); // 9 squares: out of range
    assert_refused(&mut g, ttm(t, gob, 4, 3)); // blocked
    assert_refused(&mut g, ttm(t, gob, 5, 5)); // the thrower's square
    assert_refused(&mut g, ttm(t, gob, 5, 6)); // where the thrown player already is
    assert_refused(&mut g, ttm(t, gob, 5, -1)); // off the pitch
}

#[test]
fn a_successful_throw_lands_the_team_mate_standing_with_its_ball() {
    // §6.1.5 steps 3-4; 2024
    let (mut s, t, gob) = troll_position();
    let b = s.give_ball(gob);
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(5)]);
    let ev = go(&mut g, &mut d, ttm(t, gob, 9, 5));
    let r = &rolls(&ev, RollPurpose::Throw)[0];
    assert_eq!((r.target, r.modifier, r.success), (Some(5), 0, Some(true)));
    assert!(has_event(
        &ev,
        &Event::TeamMateThrown {
            thrower: t,
            player: gob,
            from: sq(5, 6),
            to: sq(9, 5)
        }
    ));
    assert_eq!(at(&g, gob), standing(9, 5));
    assert_eq!(g.ball_held_by(gob), Some(b));
    assert_eq!(at(&g, t), standing(5, 5));
    assert_eq!(g.turn.actions_taken, 1);
    assert_eq!(d.remaining(), 0);
}

#[test]
fn being_thrown_is_not_an_action_of_the_thrown_player() {
    // §6.1.5 [PROPOSAL] ("Being thrown is not an action"), G34; 2024
    let (mut s, t, gob) = troll_position();
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(5)]);
    go(&mut g, &mut d, ttm(t, gob, 9, 5));
    assert_eq!(g.pt(gob).used, 0);
    assert!(can_run(&g, gob));
    assert_eq!(g.turn.made, vec![(t, ActionKind::ThrowTeamMate)]);
}

#[test]
fn a_failed_throw_lands_the_team_mate_prone_and_its_ball_bounces_from_the_target() {
    // §6.1.5 step 5 (no Armour check); 2024
    let (mut s, t, gob) = troll_position();
    let b = s.give_ball(gob);
    let mut g = s.at_action_prompt();
    // Any Armour roll would break the script.
    let mut d = dice([d6(3), d8(4)]);
    let ev = go(&mut g, &mut d, ttm(t, gob, 9, 5));
    assert_eq!(rolls(&ev, RollPurpose::Throw)[0].success, Some(false));
    assert_eq!(at(&g, gob), prone(9, 5));
    assert!(rolls(&ev, RollPurpose::Armour).is_empty());
    assert!(has_event(
        &ev,
        &Event::BallBounced {
            ball: b,
            from: sq(9, 5),
            to: sq(10, 5)
        }
    ));
    assert_eq!(g.ball_at(sq(10, 5)), Some(b));
    assert_eq!(d.remaining(), 0);
}

#[test]
fn a_fumble_injures_the_thrown_player_and_its_ball_bounces_from_the_thrower() {
    // §6.1.5 step 7, §3.10.1 step 4 (fumble on a 1); 2024
    let (mut s, t, gob) = troll_position();
    let b = s.give_ball(gob);
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(1), d8(2)]);
    let ev = go(&mut g, &mut d, ttm(t, gob, 9, 5));
    assert!(has_event(&ev, &Event::Injured { player: gob }));
    assert_eq!(at(&g, gob), Place::Reserves);
    assert!(!ev.iter().any(|e| matches!(e, Event::TeamMateThrown { .. })));
    // From the Troll's square (5,5), not the Goblin's (5,6).
    assert!(has_event(
        &ev,
        &Event::BallBounced {
            ball: b,
            from: sq(5, 5),
            to: sq(5, 4)
        }
    ));
    assert_eq!(g.ball_at(sq(5, 4)), Some(b));
}

#[test]
fn a_long_throw_is_at_minus_one_and_a_natural_two_then_fumbles() {
    // §6.1.5 step 3 [PROPOSAL] (Long/Obstructed -1, capped), G34, §3.10.1 step 4
    let (mut s, t, gob) = troll_position();
    let o = s.position(Side::Away, "Lineman");
    s.stand(o, 9, 5); // an Open opponent under the ruler: Long and Obstructed, still -1
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(2)]);
    let ev = go(&mut g, &mut d, ttm(t, gob, 13, 5));
    let r = &rolls(&ev, RollPurpose::Throw)[0];
    assert_eq!(r.modifier, -1);
    assert_eq!(at(&g, gob), Place::Reserves);
    assert_eq!(at(&g, o), standing(9, 5));
}

/// The Troll throws the Goblin at an Orc Lineman (A3+) standing at (9,5).
fn onto_an_orc() -> (Scenario, PlayerId, PlayerId, PlayerId) {
    let (mut s, t, gob) = troll_position();
    let o = s.position(Side::Away, "Lineman");
    s.stand(o, 9, 5);
    (s, t, gob, o)
}

#[test]
fn a_successful_throw_onto_a_player_knocks_it_down_at_minus_one_and_injures_the_thrown() {
    // §6.1.5 step 6; 2024
    let (mut s, t, gob, o) = onto_an_orc();
    let b = s.give_ball(gob);
    let mut g = s.at_action_prompt();
    // Throw 5 succeeds; the Goblin's ball bounces from the target square; Armour 3 - 1 fails.
    let mut d = dice([d6(5), d8(4), d6(3)]);
    let ev = go(&mut g, &mut d, ttm(t, gob, 9, 5));
    assert!(has_event(&ev, &Event::KnockedDown { player: o }));
    assert!(has_event(&ev, &Event::Injured { player: gob }));
    assert!(has_event(
        &ev,
        &Event::BallBounced {
            ball: b,
            from: sq(9, 5),
            to: sq(10, 5)
        }
    ));
    let armour = &rolls(&ev, RollPurpose::Armour)[0];
    assert_eq!((armour.modifier, armour.success), (-1, Some(false)));
    assert_eq!(at(&g, o), Place::Reserves);
    assert_eq!(at(&g, gob), Place::Reserves);
    assert_eq!(g.ball_at(sq(10, 5)), Some(b));
    assert_eq!(d.remaining(), 0);
}

#[test]
fn a_failed_throw_onto_a_player_knocks_it_down_without_the_minus_one() {
    // §6.1.5 step 6 (-1 only if the check succeeded; the occupant's ball bounces)
    let (mut s, t, gob, o) = onto_an_orc();
    let b = s.give_ball(o);
    let mut g = s.at_action_prompt();
    // Throw 3 fails (not a fumble); the Orc's ball bounces; Armour 3 passes.
    let mut d = dice([d6(3), d8(6), d6(3)]);
    let ev = go(&mut g, &mut d, ttm(t, gob, 9, 5));
    let armour = &rolls(&ev, RollPurpose::Armour)[0];
    assert_eq!((armour.modifier, armour.success), (0, Some(true)));
    assert_eq!(at(&g, o), prone(9, 5));
    assert_eq!(at(&g, gob), Place::Reserves);
    assert_eq!(g.ball_at(sq(9, 6)), Some(b));
    assert_eq!(d.remaining(), 0);
}

#[test]
fn a_fumble_onto_an_occupied_square_leaves_the_occupant_alone() {
    // §6.1.5 steps 6-7 ("unless the Throw Check is a Fumble"); 2024
    let (mut s, t, gob, o) = onto_an_orc();
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(1)]);
    go(&mut g, &mut d, ttm(t, gob, 9, 5));
    assert_eq!(at(&g, o), standing(9, 5));
    assert_eq!(at(&g, gob), Place::Reserves);
}

#[test]
fn a_loose_ball_in_the_target_square_bounces() {
    // §6.1.5 step 8; 2024
    let (mut s, t, gob) = troll_position();
    let b = s.loose_ball(9, 5);
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(5), d8(4)]);
    let ev = go(&mut g, &mut d, ttm(t, gob, 9, 5));
    assert!(has_event(
        &ev,
        &Event::BallBounced {
            ball: b,
            from: sq(9, 5),
            to: sq(10, 5)
        }
    ));
    assert_eq!(at(&g, gob), standing(9, 5));
    assert_eq!(g.ball_held_by(gob), None);
    assert_eq!(g.ball_at(sq(10, 5)), Some(b));
}

#[test]
fn a_thrown_ball_carrier_landing_open_in_the_end_zone_scores() {
    // §6.1.5 [PROPOSAL], G34, §3.17 (touchdown at the end of the action); 2024
    let mut s = sa(TeamId::Goblin, TeamId::Orc);
    let t = s.position(Side::Home, "Troll");
    let gob = s.position(Side::Home, "Goblin");
    s.stand(t, 12, 5).stand(gob, 12, 6);
    let b = s.give_ball(gob);
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(5)]);
    let ev = go(&mut g, &mut d, ttm(t, gob, 14, 5));
    assert!(has_event(
        &ev,
        &Event::Touchdown {
            player: gob,
            ball: b
        }
    ));
    assert_eq!(points(&g, Side::Home), 4);
    assert_eq!(at(&g, gob), Place::Reserves);
    assert!(g.balls.is_empty());
}

#[test]
fn throw_team_mate_counts_as_the_throw_for_the_once_per_turn_rule() {
    // §6.1.5 [PROPOSAL] (counts as a Throw for once per turn), §3.6.1; 2024
    // A Throw (a hand-off) first: no Throw Team-mate afterwards.
    let (mut s, t, gob) = troll_position();
    let gob2 = s.player(Side::Home, 1);
    s.stand(gob2, 4, 5);
    s.give_ball(t);
    let mut g = s.at_action_prompt();
    go(
        &mut g,
        &mut no_dice(),
        action(t, ActionChoice::Throw { target: sq(4, 5) }),
    );
    assert!(g.ball_held_by(gob2).is_some());
    assert_refused(&mut g, ttm(t, gob, 9, 5));

    // A Throw Team-mate first: neither another one nor a Throw afterwards.
    let (mut s, t, gob) = troll_position();
    let gob2 = s.player(Side::Home, 1);
    s.stand(gob2, 4, 5);
    s.loose_ball(6, 5);
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(5)]);
    go(&mut g, &mut d, ttm(t, gob, 9, 5));
    assert_refused(&mut g, ttm(t, gob2, 9, 6));
    // The Troll runs onto the ball, then may not throw it.
    go(&mut g, &mut no_dice(), action(t, ActionChoice::Run));
    go(&mut g, &mut no_dice(), move_to(6, 5));
    go(&mut g, &mut no_dice(), Command::StopMoving);
    assert!(g.ball_held_by(t).is_some());
    assert_refused(&mut g, action(t, ActionChoice::Throw { target: sq(9, 5) }));
}

#[test]
fn show_us_a_completion_is_claimable_after_a_successful_throw_team_mate() {
    // §6.1.5 ("counts as a Throw action ... for Challenge cards"), §5.5 Show Us a
    // Completion! note; 2024
    let (mut s, t, gob) = troll_position();
    s.active_card(0, 18);
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(5)]);
    go(&mut g, &mut d, ttm(t, gob, 9, 5));
    assert_eq!(kind(&g), PromptKind::Claim);
    go(&mut g, &mut no_dice(), Command::Claim { slot: 0 });
    assert_eq!(points(&g, Side::Home), 1);

    // A failed one is not a completion.
    let (mut s, t, gob) = troll_position();
    s.active_card(0, 18);
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(4)]);
    go(&mut g, &mut d, ttm(t, gob, 9, 5));
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn make_a_risky_throw_is_claimable_after_a_long_throw_team_mate() {
    // §6.1.5, §5.5 Make a Risky Throw! (the capped -1 counts); 2024
    let (mut s, t, gob) = troll_position();
    s.active_card(0, 9);
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(6)]);
    go(&mut g, &mut d, ttm(t, gob, 13, 5));
    assert_eq!(at(&g, gob), standing(13, 5));
    assert_eq!(kind(&g), PromptKind::Claim);
    go(&mut g, &mut no_dice(), Command::Claim { slot: 0 });
    assert_eq!(points(&g, Side::Home), 2);
}

#[test]
fn move_the_ball_counts_a_thrown_ball_carrier() {
    // §6.1.5 (counts as a Throw for Challenge cards), §5.5 Move the Ball!; 2024
    let (mut s, t, gob) = troll_position();
    s.give_ball(gob);
    s.active_card(0, 10);
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(5)]);
    go(&mut g, &mut d, ttm(t, gob, 9, 6));
    assert_eq!(kind(&g), PromptKind::Claim);
    go(&mut g, &mut no_dice(), Command::Claim { slot: 0 });
    assert_eq!(points(&g, Side::Home), 1);
}

#[test]
fn a_failed_throw_team_mate_check_may_be_rerolled_like_a_throw_check() {
    // §6.1.5 ("a Throw check for the thrower"), §5.6 Raw Talent, §3.5; 2024
    let (mut s, t, gob) = troll_position();
    s.hand_card(Side::Home, 0);
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(3), d6(5)]);
    go(&mut g, &mut d, ttm(t, gob, 9, 5));
    assert_eq!(
        kind(&g),
        PromptKind::Reroll {
            kind: RollKind::Throw
        }
    );
    go(
        &mut g,
        &mut d,
        Command::Reroll {
            source: RerollSource::RawTalent(CardId(0)),
        },
    );
    assert_eq!(at(&g, gob), standing(9, 5));
}

#[test]
fn accurate_throw_applies_to_a_throw_team_mate() {
    // §5.6 Accurate Throw, §6.1.5 ("considered a Throw action"); 2024
    let (mut s, t, gob) = troll_position();
    s.hand_card(Side::Home, 9);
    let mut g = s.at_action_prompt();
    let cmd = Command::Action {
        player: t,
        choice: ActionChoice::ThrowTeamMate {
            thrown: gob,
            target: sq(9, 5),
        },
        bonus: Some(CardId(9)),
    };
    let mut d = dice([d6(2)]);
    let ev = go(&mut g, &mut d, cmd);
    assert_eq!(rolls(&ev, RollPurpose::Throw)[0].target, Some(2));
    assert_eq!(at(&g, gob), standing(9, 5));
}
