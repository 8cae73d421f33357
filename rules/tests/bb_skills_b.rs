//! The Strength, Mutation and Extraordinary skills built for the complete game (§26.37–§26.74,
//! part): each with scripted dice, on positions built with the scenario builder.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.
#![allow(clippy::unwrap_used)]

mod bbcommon;
use bbcommon::*;
use dugout_rules::bb::skill_hooks;

fn mv(p: PlayerId) -> Command {
    Command::Declare {
        player: p,
        action: ActionKind::Move,
    }
}

fn blitz(p: PlayerId) -> Command {
    Command::Declare {
        player: p,
        action: ActionKind::Blitz,
    }
}

fn block(player: PlayerId, target: PlayerId) -> Command {
    Command::Block { player, target }
}

/// A block pushing the defender from (11,7) to (12,7), following up or not.
fn block_push(a: PlayerId, d: PlayerId, follow: bool) -> Vec<Command> {
    vec![
        block(a, d),
        Command::Push { square: sq(12, 7) },
        Command::FollowUp { follow },
    ]
}

fn use_skill(skill: Skill, use_it: bool) -> Command {
    Command::UseSkill { skill, use_it }
}

/// Home (Human) player 0 at (10,7) against Away (Orc) player 0 at (11,7), both MA 6 ST 3
/// AG 3 AV 9; no re-rolls, no apothecaries.
fn duel() -> (Scenario, PlayerId, PlayerId) {
    let mut s = scen();
    let a = s.player(HOME, 0);
    let d = s.player(AWAY, 0);
    s.put(a, 10, 7)
        .put(d, 11, 7)
        .stats(a, 6, 3, 3, 9)
        .stats(d, 6, 3, 3, 9)
        .rerolls(HOME, 0)
        .rerolls(AWAY, 0)
        .apothecary(HOME, false)
        .apothecary(AWAY, false);
    (s, a, d)
}

fn block_declared(ev: &[Event]) -> Vec<(u8, u8, u8)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::BlockDeclared {
                dice,
                attacker_st,
                defender_st,
                ..
            } => Some((*dice, *attacker_st, *defender_st)),
            _ => None,
        })
        .collect()
}

fn armour_broken(ev: &[Event]) -> Vec<bool> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Armour { broken, .. } => Some(*broken),
            _ => None,
        })
        .collect()
}

// ----- modifiers -----

/// §26.38 Big Hand: a pick-up ignores opposing tackle zones and Pouring Rain.
#[test]
fn big_hand_ignores_tackle_zones_and_rain_on_a_pick_up() {
    for big_hand in [false, true] {
        let mut s = scen();
        let p = s.player(HOME, 0);
        let o = s.player(AWAY, 0);
        s.put(p, 5, 5)
            .put(o, 7, 5)
            .stats(p, 6, 3, 3, 8)
            .rerolls(HOME, 0)
            .weather(Weather::PouringRain)
            .ball(Ball::Ground { square: sq(6, 5) });
        if big_hand {
            s.skill(p, Skill::BigHand);
        }
        let mut g = s.turn(HOME, 1);
        let face = if big_hand { 3 } else { 5 };
        let ev = play(&mut g, [d6(face)], &[mv(p), Command::Step { to: sq(6, 5) }]);
        let r = &rolls(&ev, RollPurpose::PickUp)[0];
        assert_eq!(r.modifier, if big_hand { 1 } else { -1 });
        assert_eq!(r.success, Some(true));
        assert_eq!(g.ball, Ball::Held { player: p });
    }
}

/// §26.46 Extra Arms: +1 to pick up, to catch (a hand-off here) and to intercept.
#[test]
fn extra_arms_adds_one_to_pick_ups_catches_and_interceptions() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    s.put(p, 5, 5)
        .skill(p, Skill::ExtraArms)
        .rerolls(HOME, 0)
        .ball(Ball::Ground { square: sq(6, 5) });
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(2)], &[mv(p), Command::Step { to: sq(6, 5) }]);
    let r = &rolls(&ev, RollPurpose::PickUp)[0];
    assert_eq!((r.modifier, r.success), (2, Some(true)), "AG 3: 4+, +1 +1");
    // A hand-off to him: +1 for the hand-off, +1 for Extra Arms.
    let mut s = scen();
    let c = s.player(HOME, 1);
    let p = s.player(HOME, 0);
    s.put(c, 5, 5)
        .put(p, 6, 5)
        .skill(p, Skill::ExtraArms)
        .rerolls(HOME, 0)
        .ball(Ball::Held { player: c });
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(2)],
        &[
            Command::Declare {
                player: c,
                action: ActionKind::HandOff,
            },
            Command::HandOff { target: p },
        ],
    );
    assert_eq!(rolls(&ev, RollPurpose::Catch)[0].modifier, 2);
    assert_eq!(g.ball, Ball::Held { player: p });
    // An interception: −2, +1.
    let mut s = scen();
    let t = s.player(HOME, 0);
    let i = s.player(AWAY, 0);
    s.put(t, 5, 5)
        .put(i, 8, 5)
        .skill(i, Skill::ExtraArms)
        .rerolls(HOME, 0)
        .ball(Ball::Held { player: t });
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(5)],
        &[
            Command::Declare {
                player: t,
                action: ActionKind::Pass,
            },
            Command::Pass { target: sq(11, 5) },
            Command::Intercept { player: i },
        ],
    );
    let r = &rolls(&ev, RollPurpose::Interception)[0];
    assert_eq!((r.modifier, r.success), (-1, Some(true)));
    assert_eq!(g.ball, Ball::Held { player: i });
}

/// A Home player at (5,5) next to an Away player at (6,5) dodges away to (4,5): the dodge
/// roll's modifier.
fn dodge_modifier(mover: Option<Skill>, marker: Option<Skill>, to: Square) -> i8 {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(p, 5, 5).put(o, 6, 5).rerolls(HOME, 0);
    if let Some(k) = mover {
        s.skill(p, k);
    }
    if let Some(k) = marker {
        s.skill(o, k);
    }
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(6)], &[mv(p), Command::Step { to }]);
    rolls(&ev, RollPurpose::Dodge)[0].modifier
}

/// §26.74 Two Heads: +1 to every dodge roll.
#[test]
fn two_heads_adds_one_to_dodges() {
    assert_eq!(dodge_modifier(None, None, sq(4, 5)), 1);
    assert_eq!(dodge_modifier(Some(Skill::TwoHeads), None, sq(4, 5)), 2);
}

/// §26.73 Titchy: +1 to his dodges, and an opponent dodging into his tackle zone takes no −1
/// for it.
#[test]
fn titchy_dodges_better_and_its_zone_costs_nothing_to_dodge_into() {
    assert_eq!(dodge_modifier(Some(Skill::Titchy), None, sq(4, 5)), 2);
    // (5,6) is in the marker's tackle zone.
    assert_eq!(dodge_modifier(None, None, sq(5, 6)), 0);
    assert_eq!(dodge_modifier(None, Some(Skill::Titchy), sq(5, 6)), 1);
}

/// §26.53 Horns: +1 ST on a Blitz's block, not on a Block Action.
#[test]
fn horns_add_one_strength_when_blitzing() {
    let (mut s, a, d) = duel();
    s.skill(a, Skill::Horns);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [bd(3), bd(3)],
        &[blitz(a), Command::BlitzBlock { target: d }],
    );
    assert_eq!(block_declared(&ev), vec![(2, 4, 3)]);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [bd(3)], &[block(a, d)]);
    assert_eq!(block_declared(&ev), vec![(1, 3, 3)]);
}

/// §26.51 Guard: a team-mate in an opposing tackle zone still assists a block.
#[test]
fn guard_assists_a_block_from_an_opposing_tackle_zone() {
    for guard in [false, true] {
        let (mut s, a, d) = duel();
        let h = s.player(HOME, 1);
        let m = s.player(AWAY, 1);
        s.put(h, 11, 8).put(m, 12, 9);
        if guard {
            s.skill(h, Skill::Guard);
        }
        let mut g = s.turn(HOME, 1);
        let script = if guard {
            vec![bd(3), bd(3)]
        } else {
            vec![bd(3)]
        };
        let ev = play(&mut g, script, &[block(a, d)]);
        let st = if guard { 4 } else { 3 };
        assert_eq!(block_declared(&ev)[0].1, st);
    }
}

/// §26.51: Guard does not help a foul: a Guard team-mate in an opposing tackle zone gives no
/// assist to the armour roll (9 against AV 9 holds); out of the zone he assists (10 breaks).
#[test]
fn guard_does_not_assist_a_foul() {
    for marked in [true, false] {
        let mut s = scen();
        let f = s.player(HOME, 0);
        let v = s.player(AWAY, 0);
        let h = s.player(HOME, 1);
        let m = s.player(AWAY, 1);
        s.put(f, 10, 7)
            .prone(v, 11, 7)
            .put(h, 11, 8)
            .stats(v, 5, 3, 3, 9)
            .skill(h, Skill::Guard)
            .rerolls(HOME, 0)
            .apothecary(AWAY, false);
        if marked {
            s.put(m, 12, 9);
        }
        let mut g = s.turn(HOME, 1);
        let mut script = vec![d6(5), d6(4)];
        if !marked {
            script.extend([d6(1), d6(2)]);
        }
        let ev = play(
            &mut g,
            script,
            &[
                Command::Declare {
                    player: f,
                    action: ActionKind::Foul,
                },
                Command::Foul { target: v },
            ],
        );
        assert_eq!(armour_broken(&ev), vec![!marked]);
    }
}

/// §26.40 Claw: an armour roll of 8 or more breaks any armour when he knocks a player down
/// in a block.
#[test]
fn claw_breaks_armour_on_an_eight() {
    for claw in [false, true] {
        let (mut s, a, d) = duel();
        if claw {
            s.skill(a, Skill::Claw);
        }
        let mut g = s.turn(HOME, 1);
        let mut script = vec![bd(6), d6(5), d6(3)];
        if claw {
            script.extend([d6(1), d6(2)]);
        }
        let ev = play(&mut g, script, &block_push(a, d, false));
        assert_eq!(armour_broken(&ev), vec![claw]);
        let st = if claw { stunned(12, 7) } else { prone(12, 7) };
        assert_eq!(state(&g, d), st);
    }
}

/// §26.42 Disturbing Presence: −1 to catch, pass and intercept for each opponent with it
/// within 3 squares, even lying down.
#[test]
fn disturbing_presence_hinders_catches_and_passes_within_three_squares() {
    let mut s = scen();
    let c = s.player(HOME, 0);
    let r = s.player(HOME, 1);
    let dp = s.player(AWAY, 0);
    let far = s.player(AWAY, 1);
    s.put(c, 5, 5)
        .put(r, 6, 5)
        .prone(dp, 8, 7)
        .prone(far, 10, 5)
        .skill(dp, Skill::DisturbingPresence)
        .skill(far, Skill::DisturbingPresence)
        .rerolls(HOME, 0)
        .ball(Ball::Held { player: c });
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(6)],
        &[
            Command::Declare {
                player: c,
                action: ActionKind::HandOff,
            },
            Command::HandOff { target: r },
        ],
    );
    // The hand-off's +1, −1 for the one within 3 squares of (6,5) ((10,5) is 4 away).
    assert_eq!(rolls(&ev, RollPurpose::Catch)[0].modifier, 0);
    // A pass from (6,5): Quick +1, −1 for the one within 3.
    let ev = play(
        &mut g,
        [d6(6), d6(6)],
        &[
            Command::Declare {
                player: r,
                action: ActionKind::Pass,
            },
            Command::Pass { target: sq(5, 5) },
        ],
    );
    assert_eq!(rolls(&ev, RollPurpose::Pass)[0].modifier, 0);
}

/// §26.47 Fan Favourite: +1 FAME on the kick-off table for each one on the pitch (not in the
/// Reserves).
#[test]
fn fan_favourite_adds_fame_on_the_kick_off_table() {
    let mut s = scen();
    let a = s.player(HOME, 0);
    let b = s.player(HOME, 1);
    let c = s.player(HOME, 2);
    s.put(a, 5, 5)
        .put(b, 5, 6)
        .skill(a, Skill::FanFavourite)
        .skill(b, Skill::FanFavourite)
        .skill(c, Skill::FanFavourite);
    s.game.teams[0].fame = 1;
    let g = s.turn(HOME, 1);
    assert_eq!(skill_hooks::kick_off_fame(&g, HOME), 3);
    assert_eq!(skill_hooks::kick_off_fame(&g, AWAY), 0);
}

/// §26.47 with §7 Cheering Fans: a Fan Favourite on the pitch wins the tie of the D3 rolls,
/// so only his team gains a re-roll.
#[test]
fn a_fan_favourite_wins_cheering_fans() {
    let mut sheet = starter_team(Roster::Human);
    sheet.players[0].extra_skills.push(Skill::FanFavourite);
    let setup = MatchSetup {
        teams: [
            TeamChoice::Sheet(Box::new(sheet)),
            TeamChoice::Roster(Roster::Orc),
        ],
        options: Options::default(),
        pre_match: Box::default(),
    };
    let mut d = dice([d6(3), d6(4), d6(3), d6(3), d6(4), d6(4), pick(2, 0)]);
    let (mut g, _) = new_game(setup, &mut d).unwrap();
    let f = Command::SetupFormation {
        formation: Formation::Standard,
    };
    play(
        &mut g,
        [],
        &[
            Command::ChooseKicking { kick: false },
            f,
            Command::SetupDone,
            f,
            Command::SetupDone,
        ],
    );
    assert!(g.players[0].state.square().is_some(), "he is on the pitch");
    let before = [g.teams[0].rerolls, g.teams[1].rerolls];
    let ev = play(
        &mut g,
        [d8(5), d6(2), d6(3), d6(3), d6(1), d6(1), d8(2)],
        &[Command::PlaceKick { square: sq(6, 7) }],
    );
    assert!(
        ev.iter().any(
            |e| matches!(e, Event::KickOff { result } if *result == KickOffResult::CheeringFans)
        )
    );
    assert_eq!(
        [g.teams[0].rerolls, g.teams[1].rerolls],
        [before[0] + 1, before[1]]
    );
}

// ----- blocks -----

/// §26.49 Foul Appearance: the blocker needs 2+ first; on a 1 the block is lost, no turnover.
#[test]
fn foul_appearance_may_cost_the_block() {
    let (mut s, a, d) = duel();
    s.skill(d, Skill::FoulAppearance);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(1)], &[block(a, d)]);
    let r = &rolls(&ev, RollPurpose::FoulAppearance)[0];
    assert_eq!((r.target, r.success), (Some(2), Some(false)));
    assert!(block_declared(&ev).is_empty());
    assert_eq!(turnover_of(&ev), None);
    assert!(g.players[a.index()].acted);
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(2), bd(3)], &[block(a, d)]);
    assert_eq!(block_declared(&ev).len(), 1);
}

/// §26.49 [Proposal]: on a Blitz only the block is lost; he may keep moving.
#[test]
fn foul_appearance_on_a_blitz_loses_only_the_block() {
    let (mut s, a, d) = duel();
    s.skill(d, Skill::FoulAppearance);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [d6(1)],
        &[blitz(a), Command::BlitzBlock { target: d }],
    );
    let legal = legal_commands(&g);
    assert!(legal.contains(&Command::Step { to: sq(9, 7) }));
    assert!(
        !legal
            .iter()
            .any(|c| matches!(c, Command::BlitzBlock { .. }))
    );
}

/// §26.50 Grab: on a Block Action he may push the defender into any empty square next to
/// him; not on a Blitz.
#[test]
fn grab_pushes_into_any_empty_adjacent_square_on_a_block_action() {
    let (mut s, a, d) = duel();
    s.skill(a, Skill::Grab);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [bd(3)], &[block(a, d)]);
    let legal = legal_commands(&g);
    assert_eq!(legal.len(), 7, "(11,7)'s empty neighbours: {legal:?}");
    assert!(legal.contains(&Command::Push { square: sq(11, 6) }));
    play(
        &mut g,
        [],
        &[
            Command::Push { square: sq(11, 6) },
            Command::FollowUp { follow: false },
        ],
    );
    assert_eq!(state(&g, d), standing(11, 6));
    // A Blitz: the normal three squares.
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [bd(3)],
        &[blitz(a), Command::BlitzBlock { target: d }],
    );
    assert_eq!(legal_commands(&g).len(), 3);
}

/// §26.50 with §26.66 Side Step: Grab and Side Step cancel out: the normal push squares.
#[test]
fn grab_and_side_step_cancel_out() {
    let (mut s, a, d) = duel();
    s.skill(a, Skill::Grab).skill(d, Skill::SideStep);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [bd(3)], &[block(a, d)]);
    let mut legal = legal_commands(&g);
    legal.sort_by_key(|c| format!("{c:?}"));
    assert_eq!(
        legal,
        vec![
            Command::Push { square: sq(12, 6) },
            Command::Push { square: sq(12, 7) },
            Command::Push { square: sq(12, 8) },
        ]
    );
}

/// §26.63 Piling On: after knocking the defender down he may re-roll a held armour roll; he
/// is then Placed Prone, with no turnover.
#[test]
fn piling_on_re_rolls_the_armour_and_leaves_the_blocker_prone() {
    let (mut s, a, d) = duel();
    s.skill(a, Skill::PilingOn);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [bd(6), d6(2), d6(3)], &block_push(a, d, true));
    assert_eq!(
        g.prompt.kind,
        PromptKind::UseSkill {
            player: a,
            skill: Skill::PilingOn
        }
    );
    let ev = play(
        &mut g,
        [d6(6), d6(5), d6(1), d6(2)],
        &[use_skill(Skill::PilingOn, true)],
    );
    assert_eq!(armour_broken(&ev), vec![true]);
    assert_eq!(state(&g, d), stunned(12, 7));
    assert_eq!(state(&g, a), prone(11, 7));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::PlacedProne { player } if *player == a))
    );
    assert_eq!(turnover_of(&ev), None);
}

/// §26.63: or the injury roll (Stunned here, re-rolled to KO); declined, the result stands.
#[test]
fn piling_on_may_re_roll_the_injury_or_be_declined() {
    let (mut s, a, d) = duel();
    s.skill(a, Skill::PilingOn);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [bd(6), d6(6), d6(5), d6(2), d6(3)],
        &block_push(a, d, true),
    );
    assert!(matches!(
        kind(&g),
        PromptKind::UseSkill {
            skill: Skill::PilingOn,
            ..
        }
    ));
    play(&mut g, [d6(4), d6(5)], &[use_skill(Skill::PilingOn, true)]);
    assert_eq!(state(&g, d), PlayerState::KnockedOut);
    assert_eq!(state(&g, a), prone(11, 7));
    let mut g = s.turn(HOME, 1);
    let mut cmds = block_push(a, d, true);
    cmds.push(use_skill(Skill::PilingOn, false));
    play(&mut g, [bd(6), d6(6), d6(5), d6(2), d6(3)], &cmds);
    assert_eq!(state(&g, d), stunned(12, 7));
    assert_eq!(state(&g, a), standing(11, 7));
}

/// §26.68 Stab: instead of the block dice an unmodified armour roll; above AV an injury roll
/// unmodified by anything, Niggling Injuries included (7 with a niggle is still Stunned).
#[test]
fn stab_rolls_armour_and_an_unmodified_injury() {
    let (mut s, a, d) = duel();
    s.skill(a, Skill::Stab);
    s.game.players[d.index()].niggling = 1;
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[block(a, d)]);
    assert_eq!(
        g.prompt.kind,
        PromptKind::UseSkill {
            player: a,
            skill: Skill::Stab
        }
    );
    let ev = play(
        &mut g,
        [d6(6), d6(4), d6(3), d6(4)],
        &[use_skill(Skill::Stab, true)],
    );
    assert!(rolls(&ev, RollPurpose::Block).is_empty());
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::KnockedDown {
            cause: Cause::Stab,
            ..
        }
    )));
    assert_eq!(state(&g, d), stunned(11, 7));
    assert_eq!(turnover_of(&ev), None);
    // Armour held: nothing happens.
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(5), d6(4)],
        &[block(a, d), use_skill(Skill::Stab, true)],
    );
    assert_eq!(armour_broken(&ev), vec![false]);
    assert_eq!(state(&g, d), standing(11, 7));
}

/// §26.68: a stab in a Blitz ends his movement.
#[test]
fn a_stab_in_a_blitz_ends_his_movement() {
    let (mut s, a, d) = duel();
    s.skill(a, Skill::Stab);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [d6(1), d6(2)],
        &[
            blitz(a),
            Command::BlitzBlock { target: d },
            use_skill(Skill::Stab, true),
        ],
    );
    assert_eq!(legal_commands(&g), vec![Command::EndAction]);
}

/// §26.68, §26.69 Stakes: the +1 applies only against Khemri, Necromantic, Undead and Vampire
/// players; against an Orc the stab's armour roll stays unmodified (9 holds against AV 9).
#[test]
fn stakes_add_nothing_against_other_teams() {
    let (mut s, a, d) = duel();
    s.skill(a, Skill::Stab).skill(a, Skill::Stakes);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(5), d6(4)],
        &[block(a, d), use_skill(Skill::Stab, true)],
    );
    assert_eq!(armour_broken(&ev), vec![false]);
    for r in Roster::ALL {
        let undead = matches!(r.key(), "khemri" | "necromantic" | "undead" | "vampire");
        assert_eq!(skill_hooks::staked_roster(r), undead, "{r:?}");
    }
}

/// §26.16, §26.63 with §26.68 Stab and §26.8 Chainsaw: Mighty Blow and Piling On never join
/// a stab or a chainsaw attack: 9 against AV 9 holds (Mighty Blow would break it) and no
/// Piling On is offered.
#[test]
fn mighty_blow_and_piling_on_never_join_a_stab_or_a_chainsaw() {
    for weapon in [Skill::Stab, Skill::Chainsaw] {
        let (mut s, a, d) = duel();
        s.skill(a, weapon)
            .skill(a, Skill::MightyBlow)
            .skill(a, Skill::PilingOn);
        let mut g = s.turn(HOME, 1);
        let script = if weapon == Skill::Stab {
            vec![d6(5), d6(4)]
        } else {
            vec![d6(6), d6(3), d6(3)]
        };
        let ev = play(&mut g, script, &[block(a, d), use_skill(weapon, true)]);
        assert_eq!(armour_broken(&ev), vec![false], "{weapon:?}");
        assert!(matches!(kind(&g), PromptKind::Action { .. }), "{weapon:?}");
    }
}

/// §26.59 Multiple Block: two adjacent opponents, one after the other, each at +2 ST, and
/// no follow-up.
#[test]
fn multiple_block_blocks_two_opponents_at_plus_two_strength() {
    let (mut s, a, d) = duel();
    let e = s.player(AWAY, 1);
    s.put(e, 11, 8)
        .stats(e, 6, 3, 3, 9)
        .skill(a, Skill::MultipleBlock);
    let mut g = s.turn(HOME, 1);
    let cmd = Command::MultipleBlock {
        player: a,
        first: d,
        second: e,
    };
    assert!(legal_commands(&g).contains(&cmd));
    let ev = play(
        &mut g,
        [bd(3), bd(4), bd(3), bd(4)],
        &[
            cmd,
            Command::Push { square: sq(12, 7) },
            Command::Push { square: sq(12, 9) },
        ],
    );
    // The first defender has the second's assist.
    assert_eq!(block_declared(&ev), vec![(2, 3, 6), (2, 3, 5)]);
    assert_eq!(state(&g, d), standing(12, 7));
    assert_eq!(state(&g, e), standing(12, 9));
    assert_eq!(state(&g, a), standing(10, 7), "no follow-up");
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
}

/// §26.59: never with Frenzy: no forced follow-up and no second Frenzy block.
#[test]
fn multiple_block_never_with_frenzy() {
    let (mut s, a, d) = duel();
    let e = s.player(AWAY, 1);
    s.put(e, 11, 8)
        .stats(e, 6, 3, 3, 9)
        .skill(a, Skill::MultipleBlock)
        .skill(a, Skill::Frenzy);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [bd(3), bd(4), bd(3), bd(4)],
        &[
            Command::MultipleBlock {
                player: a,
                first: d,
                second: e,
            },
            Command::Push { square: sq(12, 7) },
            Command::Push { square: sq(12, 9) },
        ],
    );
    assert_eq!(block_declared(&ev).len(), 2);
    assert_eq!(state(&g, a), standing(10, 7));
}

// ----- movement -----

/// §26.72 Tentacles: leaving his zone by a dodge, D6 + own ST − his ST: 5 or less holds the
/// mover where he is and ends his Action, no turnover; 6+ and he goes (then dodges).
#[test]
fn tentacles_may_hold_a_dodging_player() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(p, 5, 5)
        .put(o, 6, 5)
        .stats(p, 6, 3, 3, 8)
        .stats(o, 6, 3, 3, 9)
        .skill(o, Skill::Tentacles)
        .rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(5)], &[mv(p), Command::Step { to: sq(4, 5) }]);
    let r = &rolls(&ev, RollPurpose::Tentacles)[0];
    assert_eq!((r.modifier, r.success), (0, Some(false)));
    assert!(rolls(&ev, RollPurpose::Dodge).is_empty());
    assert_eq!(state(&g, p), standing(5, 5));
    assert_eq!(turnover_of(&ev), None);
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(6), d6(6)],
        &[mv(p), Command::Step { to: sq(4, 5) }],
    );
    assert_eq!(rolls(&ev, RollPurpose::Dodge).len(), 1);
    assert_eq!(state(&g, p), standing(4, 5));
}

/// §26.54 Hypnotic Gaze: at the end of his Move, an Agility roll at −1 per other opposing
/// tackle zone; on success the victim has no tackle zone until his next Action starts.
#[test]
fn hypnotic_gaze_takes_away_the_victims_tackle_zone() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let v = s.player(AWAY, 0);
    let o = s.player(AWAY, 1);
    s.put(p, 5, 5)
        .put(v, 6, 5)
        .put(o, 5, 6)
        .stats(p, 6, 3, 3, 8)
        .skill(p, Skill::HypnoticGaze)
        .rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(5)], &[mv(p), Command::Gaze { target: v }]);
    let r = &rolls(&ev, RollPurpose::HypnoticGaze)[0];
    assert_eq!((r.target, r.modifier, r.success), (Some(4), -1, Some(true)));
    assert!(!g.players[v.index()].has_tz());
    assert!(g.players[o.index()].has_tz());
    // Away's turn: his Action starts, he wakes.
    play(&mut g, [], &[Command::EndTurn]);
    let ev = play(&mut g, [], &[mv(v)]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Confused {
            confused: false,
            ..
        }
    )));
    assert!(g.players[v.index()].has_tz());
    // A failed gaze does nothing (no turnover).
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(4)], &[mv(p), Command::Gaze { target: v }]);
    assert!(g.players[v.index()].has_tz());
    assert_eq!(turnover_of(&ev), None);
}

// ----- Extraordinary -----

/// §26.37: a player's race for Animosity: from his position's name, else his team's.
#[test]
fn a_players_race_comes_from_his_position_or_his_team() {
    assert_eq!(skill_hooks::race(Roster::Orc, "Goblin"), "goblin");
    assert_eq!(skill_hooks::race(Roster::Orc, "Black Orc Blocker"), "orc");
    assert_eq!(skill_hooks::race(Roster::Orc, "Lineman"), "orc");
    assert_eq!(skill_hooks::race(Roster::Skaven, "Gutter Runner"), "skaven");
    assert_eq!(
        skill_hooks::race(Roster::Human, "Skaven Renegade"),
        "skaven"
    );
    assert_eq!(
        skill_hooks::race(Roster::Human, "Dark Elf Renegade"),
        "dark_elf"
    );
    assert_eq!(skill_hooks::race(Roster::Human, "Marauder"), "human");
}

/// §26.37 Animosity: a Goblin of an Orc team handing off to an Orc rolls a D6 first; on a 1
/// he refuses and may only hand off to a fellow Goblin (or end the Action), without moving.
#[test]
fn animosity_refuses_a_team_mate_of_another_race() {
    let mut s = Scenario::new(Roster::Orc, Roster::Human);
    let gob = s.player(HOME, 0);
    let orc = s.player(HOME, 1);
    let pal = s.player(HOME, 2);
    for (id, pos) in [(gob, "Goblin"), (orc, "Lineman"), (pal, "Goblin")] {
        s.game.players[id.index()].position = pos.to_string();
    }
    s.put(gob, 5, 5)
        .put(orc, 6, 5)
        .put(pal, 5, 6)
        .skill(gob, Skill::Animosity)
        .rerolls(HOME, 0)
        .ball(Ball::Held { player: gob });
    let mut g = s.turn(HOME, 1);
    let ho = Command::Declare {
        player: gob,
        action: ActionKind::HandOff,
    };
    let ev = play(&mut g, [d6(1)], &[ho, Command::HandOff { target: orc }]);
    let r = &rolls(&ev, RollPurpose::Animosity)[0];
    assert_eq!((r.target, r.success), (Some(2), Some(false)));
    assert_eq!(g.ball, Ball::Held { player: gob });
    let mut legal = legal_commands(&g);
    legal.sort_by_key(|c| format!("{c:?}"));
    assert_eq!(
        legal,
        vec![Command::EndAction, Command::HandOff { target: pal }]
    );
    // A fellow Goblin: no roll.
    play(&mut g, [d6(6)], &[Command::HandOff { target: pal }]);
    assert_eq!(g.ball, Ball::Held { player: pal });
    // 2+: all is normal.
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(2), d6(6)],
        &[ho, Command::HandOff { target: orc }],
    );
    assert_eq!(rolls(&ev, RollPurpose::Animosity).len(), 1);
    assert_eq!(g.ball, Ball::Held { player: orc });
}

/// A Vampire (Blood Lust) at (10,7), with a Thrall at (10,8) when `thrall`.
fn vampire(thrall: bool) -> (Scenario, PlayerId, PlayerId) {
    let mut s = scen();
    let v = s.player(HOME, 0);
    let t = s.player(HOME, 1);
    s.game.players[t.index()].position = "Thrall".to_string();
    s.put(v, 10, 7)
        .skill(v, Skill::BloodLust)
        .rerolls(HOME, 0)
        .apothecary(HOME, false);
    if thrall {
        s.put(t, 10, 8);
    }
    (s, v, t)
}

/// §26.39 Blood Lust: a 1 after declaring: at the end of the Action he bites an adjacent
/// Thrall (an injury roll, a casualty read as Badly Hurt), no turnover.
#[test]
fn blood_lust_bites_an_adjacent_thrall() {
    let (mut s, v, t) = vampire(true);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(1)], &[mv(v)]);
    assert_eq!(rolls(&ev, RollPurpose::BloodLust)[0].success, Some(false));
    let ev = play(&mut g, [d6(6), d6(6)], &[Command::EndAction]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Fed {
            thrall: Some(x),
            ..
        } if *x == t
    )));
    assert_eq!(
        state(&g, t),
        PlayerState::Casualty {
            result: CasualtyResult::BadlyHurt
        }
    );
    assert!(rolls(&ev, RollPurpose::Casualty).is_empty());
    assert_eq!(state(&g, v), standing(10, 7));
    assert_eq!(turnover_of(&ev), None);
    // 2+: no feeding.
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(2)], &[mv(v), Command::EndAction]);
    assert!(!ev.iter().any(|e| matches!(e, Event::Fed { .. })));
}

/// §26.39: no Thrall beside him: he feeds on the crowd: Reserves and a turnover; a ball he
/// held bounces and no touchdown is scored, even in the end zone.
#[test]
fn blood_lust_without_a_thrall_feeds_on_the_crowd() {
    let (mut s, v, _) = vampire(false);
    s.put(v, 24, 7).ball(Ball::Held { player: v });
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(1)], &[mv(v), Command::Step { to: sq(25, 7) }]);
    assert!(!ev.iter().any(|e| matches!(e, Event::Touchdown { .. })));
    let ev = play(&mut g, [d8(2)], &[Command::EndAction]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Fed { thrall: None, .. }))
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::Touchdown { .. })));
    assert_eq!(state(&g, v), PlayerState::Reserve);
    assert_eq!(g.ball, Ball::Ground { square: sq(25, 6) });
    assert_eq!(turnover_of(&ev), Some(Turnover::KnockedDown));
}

/// §26.39: he feeds before a hand-off leaves his hands.
#[test]
fn blood_lust_feeds_before_a_hand_off() {
    let (mut s, v, t) = vampire(true);
    let r = s.player(HOME, 2);
    s.put(r, 11, 7).ball(Ball::Held { player: v });
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(1), d6(1), d6(2), d6(6)],
        &[
            Command::Declare {
                player: v,
                action: ActionKind::HandOff,
            },
            Command::HandOff { target: r },
        ],
    );
    let fed = ev
        .iter()
        .position(|e| matches!(e, Event::Fed { .. }))
        .unwrap();
    let handed = ev
        .iter()
        .position(|e| matches!(e, Event::HandedOff { .. }))
        .unwrap();
    assert!(fed < handed);
    assert_eq!(state(&g, t), stunned(10, 8));
    assert_eq!(g.ball, Ball::Held { player: r });
}

/// §26.41 Decay: a casualty is rolled twice on the table and both results are recorded; the
/// player's state shows the worse.
#[test]
fn decay_rolls_two_casualties() {
    let (mut s, a, d) = duel();
    s.skill(d, Skill::Decay);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [
            bd(6),
            d6(6),
            d6(5),
            d6(6),
            d6(5),
            d6(1),
            d8(1),
            d6(4),
            d8(1),
        ],
        &block_push(a, d, false),
    );
    let cas: Vec<CasualtyResult> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Casualty { result, .. } => Some(*result),
            _ => None,
        })
        .collect();
    assert_eq!(
        cas,
        vec![CasualtyResult::BadlyHurt, CasualtyResult::BrokenRibs]
    );
    assert_eq!(
        state(&g, d),
        PlayerState::Casualty {
            result: CasualtyResult::BrokenRibs
        }
    );
}

/// §26.41 with §26.22: one successful Regeneration roll cures both.
#[test]
fn decay_and_regeneration_one_roll_cures_both() {
    let (mut s, a, d) = duel();
    s.skill(d, Skill::Decay).skill(d, Skill::Regeneration);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [
            bd(6),
            d6(6),
            d6(5),
            d6(6),
            d6(5),
            d6(5),
            d8(1),
            d6(4),
            d8(1),
            d6(4),
        ],
        &block_push(a, d, false),
    );
    assert_eq!(rolls(&ev, RollPurpose::Regeneration).len(), 1);
    assert_eq!(state(&g, d), PlayerState::Reserve);
}

/// §26.61 Nurgle's Rot: a kill in a block by a player with it is recorded for the league when
/// the victim qualifies (ST 4 or less, no Decay, Regeneration or Stunty); not otherwise.
#[test]
fn nurgles_rot_records_a_qualifying_kill() {
    for (st, recorded) in [(3, true), (5, false)] {
        let (mut s, a, d) = duel();
        s.skill(a, Skill::NurglesRot).stats(d, 6, st, 3, 9);
        s.stats(a, 6, st, 3, 9);
        let mut g = s.turn(HOME, 1);
        let ev = play(
            &mut g,
            [bd(6), d6(6), d6(5), d6(6), d6(5), d6(6), d8(1)],
            &block_push(a, d, false),
        );
        assert_eq!(
            state(&g, d),
            PlayerState::Casualty {
                result: CasualtyResult::Dead
            }
        );
        let rot = ev
            .iter()
            .any(|e| matches!(e, Event::NurglesRot { victim, by } if *victim == d && *by == a));
        assert_eq!(rot, recorded, "ST {st}");
    }
}

/// The skills of this file, handed out round the two teams for random play.
const BUILT_HERE: [Skill; 21] = [
    Skill::Animosity,
    Skill::BigHand,
    Skill::BloodLust,
    Skill::Claw,
    Skill::Decay,
    Skill::DisturbingPresence,
    Skill::ExtraArms,
    Skill::FanFavourite,
    Skill::FoulAppearance,
    Skill::Grab,
    Skill::Guard,
    Skill::Horns,
    Skill::HypnoticGaze,
    Skill::MultipleBlock,
    Skill::NurglesRot,
    Skill::PilingOn,
    Skill::Stab,
    Skill::Stakes,
    Skill::Tentacles,
    Skill::Titchy,
    Skill::TwoHeads,
];

/// §26.37–§26.74 (the skills built here), §23: random matches where every player carries
/// three of these skills end, and at every step the listed commands are legal, the view
/// reducer equals the view, and the same dice replay the same match.
#[test]
fn random_matches_with_these_skills_play_to_the_end() {
    for seed in 0..120u64 {
        let mut teams = Vec::new();
        for (t, r) in [Roster::Human, Roster::Orc, Roster::Skaven, Roster::Goblin]
            .into_iter()
            .enumerate()
            .skip((seed % 3) as usize)
            .take(2)
        {
            let mut sheet = starter_team(r);
            for (i, p) in sheet.players.iter_mut().enumerate() {
                for k in 0..3 {
                    let s = BUILT_HERE[(i * 3 + k + t * 7 + seed as usize) % BUILT_HERE.len()];
                    if !p.extra_skills.contains(&s) {
                        p.extra_skills.push(s);
                    }
                }
            }
            teams.push(TeamChoice::Sheet(Box::new(sheet)));
        }
        let away = teams.pop().unwrap();
        let home = teams.pop().unwrap();
        let setup = MatchSetup {
            teams: [home, away],
            options: Options::default(),
            pre_match: Box::default(),
        };
        let mut dice = ChaChaDice::from_u64(seed);
        let mut picker = ChaChaDice::from_u64(seed ^ 0x5EED);
        let (mut g, _) = new_game(setup.clone(), &mut dice).unwrap();
        // Some Thralls for the Vampires to feed on (§26.39).
        let thralls = |g: &mut Game| {
            for p in g.players.iter_mut().step_by(3) {
                p.position = "Thrall".to_string();
            }
            // And Goblins among them, for Animosity (§26.37).
            for p in g.players.iter_mut().skip(1).step_by(3) {
                p.position = "Goblin".to_string();
            }
        };
        thralls(&mut g);
        let mut view = dugout_rules::bb::view(&g);
        let mut cmds = Vec::new();
        while !g.is_over() {
            assert!(cmds.len() < 20_000, "seed {seed}: no end");
            let legal = legal_commands(&g);
            assert!(
                !legal.is_empty(),
                "seed {seed}: nothing legal at {:?}",
                g.prompt
            );
            for c in &legal {
                assert!(is_legal(&g, c), "seed {seed}: {c:?}");
            }
            let cmd = legal[usize::from(picker.roll(Die::Range(legal.len() as u16)))];
            let events = apply(&mut g, cmd, &mut dice).unwrap();
            for e in &events {
                view.apply(e);
            }
            view.prompt = g.prompt.clone();
            assert_eq!(
                view,
                dugout_rules::bb::view(&g),
                "seed {seed}: after {cmd:?}"
            );
            cmds.push(cmd);
        }
        let mut dice = ChaChaDice::from_u64(seed);
        let (mut g2, _) = new_game(setup, &mut dice).unwrap();
        thralls(&mut g2);
        for c in cmds {
            apply(&mut g2, c, &mut dice).unwrap();
        }
        assert_eq!(g, g2, "seed {seed}");
    }
}

/// §26.39: a hungry Vampire who declared a Block may take a Move Action instead (he still
/// feeds at its end); or keep his Block.
#[test]
fn a_hungry_vampire_may_move_instead_of_blocking() {
    let (mut s, v, t) = vampire(true);
    let o = s.player(AWAY, 0);
    s.put(o, 11, 7).stats(v, 6, 3, 3, 8).stats(o, 6, 3, 3, 9);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [d6(1)], &[block(v, o)]);
    assert_eq!(
        g.prompt.kind,
        PromptKind::UseSkill {
            player: v,
            skill: Skill::BloodLust
        }
    );
    let ev = play(
        &mut g,
        [d6(6)],
        &[
            use_skill(Skill::BloodLust, true),
            Command::Step { to: sq(9, 7) },
        ],
    );
    assert!(block_declared(&ev).is_empty());
    assert_eq!(state(&g, v), standing(9, 7));
    // (9,7) is still next to the Thrall at (10,8).
    let ev = play(&mut g, [d6(1), d6(2)], &[Command::EndAction]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Fed { thrall: Some(x), .. } if *x == t))
    );
    // Keeping the Block.
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(1), bd(3), bd(3)],
        &[block(v, o), use_skill(Skill::BloodLust, false)],
    );
    assert_eq!(block_declared(&ev).len(), 1);
}

/// §26.42 with §26.4: a bomb is thrown as a pass: Disturbing Presence within 3 squares of the
/// bomber costs −1 (Short range 0, so −1 in all).
#[test]
fn disturbing_presence_hinders_a_bomb_throw() {
    let mut s = scen();
    let b = s.player(HOME, 0);
    let dp = s.player(AWAY, 0);
    s.put(b, 10, 7)
        .prone(dp, 12, 9)
        .skill(b, Skill::Bombardier)
        .skill(dp, Skill::DisturbingPresence)
        .rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(6)],
        &[
            Command::Declare {
                player: b,
                action: ActionKind::Bomb,
            },
            Command::Pass { target: sq(16, 7) },
        ],
    );
    assert_eq!(rolls(&ev, RollPurpose::Pass)[0].modifier, -1);
}

/// §26.39: with two Thralls beside him his coach picks the one he bites, at the end of the
/// Action or before the hand-off, which then goes on.
#[test]
fn a_hungry_vampire_bites_the_thrall_his_coach_picks() {
    let (mut s, v, t) = vampire(true);
    let t2 = s.player(HOME, 2);
    s.game.players[t2.index()].position = "Thrall".to_string();
    s.put(t2, 9, 7);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [d6(1)], &[mv(v), Command::EndAction]);
    assert_eq!(
        g.prompt.kind,
        PromptKind::Feed {
            player: v,
            thralls: vec![t, t2],
        }
    );
    let ev = play(&mut g, [d6(1), d6(2)], &[Command::Bite { thrall: t2 }]);
    assert_eq!(state(&g, t2), stunned(9, 7));
    assert_eq!(state(&g, t), standing(10, 8));
    assert!(g.players[v.index()].acted);
    assert_eq!(turnover_of(&ev), None);
    // Before a hand-off: the bite, then the hand-off.
    let r = s.player(HOME, 3);
    s.put(r, 11, 7).ball(Ball::Held { player: v });
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [d6(1)],
        &[
            Command::Declare {
                player: v,
                action: ActionKind::HandOff,
            },
            Command::HandOff { target: r },
        ],
    );
    assert!(matches!(kind(&g), PromptKind::Feed { .. }));
    let ev = play(
        &mut g,
        [d6(1), d6(2), d6(6)],
        &[Command::Bite { thrall: t }],
    );
    assert_eq!(state(&g, t), stunned(10, 8));
    assert!(ev.iter().any(|e| matches!(e, Event::HandedOff { .. })));
    assert_eq!(g.ball, Ball::Held { player: r });
}

/// §26.72: a leap out of the Tentacles player's zone may be held too (no Leap roll then).
#[test]
fn tentacles_may_hold_a_leaping_player() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(p, 5, 5)
        .put(o, 6, 5)
        .stats(p, 6, 3, 3, 8)
        .stats(o, 6, 4, 3, 9)
        .skill(p, Skill::Leap)
        .skill(o, Skill::Tentacles)
        .rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    // 6 + 3 − 4 = 5: held.
    let ev = play(&mut g, [d6(6)], &[mv(p), Command::Leap { to: sq(3, 5) }]);
    assert_eq!(rolls(&ev, RollPurpose::Tentacles)[0].modifier, -1);
    assert!(rolls(&ev, RollPurpose::Leap).is_empty());
    assert_eq!(state(&g, p), standing(5, 5));
    assert_eq!(turnover_of(&ev), None);
}

/// §26.49 [Proposal] with §26.59: a Foul Appearance 1 on a Multiple Block's first block loses
/// that block only; the second is made.
#[test]
fn foul_appearance_costs_one_block_of_a_multiple_block() {
    let (mut s, a, d) = duel();
    let e = s.player(AWAY, 1);
    s.put(e, 11, 8)
        .stats(e, 6, 3, 3, 9)
        .skill(a, Skill::MultipleBlock)
        .skill(d, Skill::FoulAppearance);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(1), bd(3), bd(4)],
        &[
            Command::MultipleBlock {
                player: a,
                first: d,
                second: e,
            },
            Command::Push { square: sq(12, 9) },
        ],
    );
    // Only the block on the second defender, who has the first's assist (ST 3+2+1).
    assert_eq!(block_declared(&ev), vec![(2, 3, 6)]);
    assert_eq!(state(&g, d), standing(11, 7));
    assert_eq!(state(&g, e), standing(12, 9));
}
