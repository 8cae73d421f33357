//! Movement (§10): moving, tackle zones, dodging, Going For It, standing up, picking up;
//! and the movement skills (Dodge, Tackle, Stunty, Prehensile Tail, Break Tackle, Sprint,
//! Leap, Very Long Legs) and the re-roll sources (team, Loner, Pro).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.
#![allow(clippy::unwrap_used)]

mod bbcommon;
use bbcommon::*;

fn step(x: i8, y: i8) -> Command {
    Command::Step { to: sq(x, y) }
}

fn mv(p: PlayerId) -> Command {
    Command::Declare {
        player: p,
        action: ActionKind::Move,
    }
}

/// §10.1, §10.4, §9.5: a player moves up to his MA for free, then Goes For It with a 2+ roll per
/// extra square, at most two; a failed GFI knocks him down in the square he entered
/// (armour roll) and is a turnover.
#[test]
fn a_player_moves_his_ma_then_goes_for_it_and_a_failed_gfi_is_a_turnover() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    s.put(p, 2, 7).rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    let mut cmds = vec![mv(p)];
    for x in 3..=8 {
        cmds.push(step(x, 7));
    }
    let ev = play(&mut g, [], &cmds);
    assert!(rolls(&ev, RollPurpose::Gfi).is_empty());
    assert_eq!(state(&g, p), standing(8, 7));
    assert!(matches!(
        kind(&g),
        PromptKind::Acting {
            ma_left: 0,
            gfi_left: 2,
            ..
        }
    ));
    // The first GFI passes on a 2, the second fails on a 1: down in (10,7), armour 2+3.
    let ev = play(
        &mut g,
        [d6(2), d6(1), d6(2), d6(3)],
        &[step(9, 7), step(10, 7)],
    );
    assert_eq!(rolls(&ev, RollPurpose::Gfi).len(), 2);
    assert_eq!(state(&g, p), prone(10, 7));
    assert_eq!(turnover_of(&ev), Some(Turnover::KnockedDown));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::KnockedDown {
            cause: Cause::Gfi,
            ..
        }
    )));
    assert_eq!(g.prompt.coach, Some(AWAY), "the turn passed to Away");
}

/// §8, §10.4: in a Blizzard a GFI fails on a 2 as well.
#[test]
fn a_blizzard_gfi_fails_on_a_two() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    s.put(p, 2, 7).rerolls(HOME, 0).weather(Weather::Blizzard);
    let mut g = s.turn(HOME, 1);
    let mut cmds = vec![mv(p)];
    for x in 3..=9 {
        cmds.push(step(x, 7));
    }
    let ev = play(&mut g, [d6(2), d6(1), d6(1)], &cmds);
    assert_eq!(rolls(&ev, RollPurpose::Gfi)[0].target, Some(3));
    assert_eq!(state(&g, p), prone(9, 7));
}

/// §10.3: leaving an opposing tackle zone needs a dodge: AG table, +1, −1 per opposing
/// tackle zone on the destination; success moves on, failure knocks him down in the
/// destination (turnover).
#[test]
fn a_dodge_counts_tackle_zones_on_the_destination_and_a_failure_is_a_turnover() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let o1 = s.player(AWAY, 0);
    let o2 = s.player(AWAY, 1);
    s.put(p, 10, 7)
        .put(o1, 11, 7)
        .put(o2, 11, 9)
        .rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    // Into (10,8): o1 and o2 both mark it: 4+ with +1 −2.
    let ev = play(&mut g, [d6(5)], &[mv(p), step(10, 8)]);
    let r = &rolls(&ev, RollPurpose::Dodge)[0];
    assert_eq!((r.target, r.modifier, r.success), (Some(4), -1, Some(true)));
    assert_eq!(state(&g, p), standing(10, 8));
    // On to (10,9), in o2's zone only: +1 −1 = 0; a 3 fails.
    let ev = play(&mut g, [d6(3), d6(1), d6(1)], &[step(10, 9)]);
    assert_eq!(rolls(&ev, RollPurpose::Dodge)[0].modifier, 0);
    assert_eq!(state(&g, p), prone(10, 9));
    assert_eq!(turnover_of(&ev), Some(Turnover::KnockedDown));
}

/// §10.2: prone and stunned players exert no tackle zone: leaving them needs no dodge.
#[test]
fn prone_and_stunned_players_have_no_tackle_zone() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let (o1, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.put(p, 10, 7).prone(o1, 11, 7).stunned(o2, 11, 8);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [], &[mv(p), step(9, 7)]);
    assert!(rolls(&ev, RollPurpose::Dodge).is_empty());
    assert!(matches!(
        kind(&g),
        PromptKind::Acting {
            must_dodge: false,
            ..
        }
    ));
}

/// §10.5: standing up costs 3 squares of movement, no dodge even in tackle zones.
#[test]
fn standing_up_costs_three_squares() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.prone(p, 10, 7).put(o, 11, 7);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [], &[mv(p)]);
    assert!(ev.iter().any(|e| matches!(e, Event::StoodUp { .. })));
    assert_eq!(state(&g, p), standing(10, 7));
    assert!(matches!(
        kind(&g),
        PromptKind::Acting {
            ma_left: 3,
            must_dodge: true,
            ..
        }
    ));
}

/// §10.5: with MA below 3 standing up needs a 4+; success leaves only GFI squares; a
/// failure is no turnover.
#[test]
fn a_player_with_ma_below_three_rolls_to_stand_up() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let q = s.player(HOME, 1);
    s.prone(p, 10, 7).prone(q, 5, 5).rerolls(HOME, 0);
    s.stats(p, 2, 3, 3, 8).stats(q, 2, 3, 3, 8);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(4)], &[mv(p)]);
    assert_eq!(rolls(&ev, RollPurpose::StandUp)[0].target, Some(4));
    assert!(matches!(
        kind(&g),
        PromptKind::Acting {
            ma_left: 0,
            gfi_left: 2,
            ..
        }
    ));
    let ev = play(&mut g, [d6(3)], &[Command::EndAction, mv(q)]);
    assert_eq!(state(&g, q), prone(5, 5));
    assert_eq!(turnover_of(&ev), None);
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
}

/// §10.6: moving into the ball's square is a pick-up: +1, −1 per opposing tackle zone.
#[test]
fn a_player_picks_up_the_ball_with_an_agility_roll() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(p, 5, 7)
        .put(o, 7, 7)
        .ball(Ball::Ground { square: sq(6, 7) });
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(4)], &[mv(p), step(6, 7)]);
    let r = &rolls(&ev, RollPurpose::PickUp)[0];
    assert_eq!((r.target, r.modifier), (Some(4), 0));
    assert_eq!(g.ball, Ball::Held { player: p });
}

/// §10.6, §15.8: a failed pick-up bounces the ball one square and is a turnover.
#[test]
fn a_failed_pick_up_bounces_and_is_a_turnover() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    s.put(p, 5, 7)
        .ball(Ball::Ground { square: sq(6, 7) })
        .rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    // 2 fails (3+ needed); the bounce D8 5 goes to (7,7).
    let ev = play(&mut g, [d6(2), d8(5)], &[mv(p), step(6, 7)]);
    assert_eq!(g.ball, Ball::Ground { square: sq(7, 7) });
    assert_eq!(turnover_of(&ev), Some(Turnover::FailedPickUp));
}

/// §8: Pouring Rain gives −1 to pick-ups.
#[test]
fn pouring_rain_hampers_pick_ups() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    s.put(p, 5, 7)
        .ball(Ball::Ground { square: sq(6, 7) })
        .weather(Weather::PouringRain);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(4)], &[mv(p), step(6, 7)]);
    assert_eq!(rolls(&ev, RollPurpose::PickUp)[0].modifier, 0);
}

/// §26.11 Dodge, §19.3: a failed dodge may be re-rolled by the skill once per turn; the
/// prompt lists the sources on offer (the skill and the team re-roll).
#[test]
fn dodge_rerolls_one_failed_dodge_per_turn() {
    let mut s = scen();
    let c = s.player(HOME, 6); // Catcher: Catch, Dodge
    let o = s.player(AWAY, 0);
    s.put(c, 10, 7).put(o, 11, 7);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [d6(1)], &[mv(c), step(9, 7)]);
    let PromptKind::Reroll { check, sources, .. } = kind(&g).clone() else {
        panic!("{:?}", g.prompt)
    };
    assert_eq!(check, CheckKind::Dodge);
    assert_eq!(
        sources,
        vec![RerollSource::Skill(Skill::Dodge), RerollSource::Team]
    );
    let ev = play(
        &mut g,
        [d6(4)],
        &[Command::Reroll {
            source: RerollSource::Skill(Skill::Dodge),
        }],
    );
    assert!(rolls(&ev, RollPurpose::Dodge)[0].reroll);
    assert_eq!(state(&g, c), standing(9, 7));
    assert_eq!(g.teams[0].rerolls, 3, "no team re-roll spent");
    // Back into the zone and out again: the skill is used this turn.
    play(&mut g, [d6(1)], &[step(10, 6), step(9, 5)]);
    if let PromptKind::Reroll { sources, .. } = kind(&g) {
        assert_eq!(sources, &vec![RerollSource::Team]);
    }
}

/// §26.30 Tackle: a player dodging out of a Tackle player's zone cannot use Dodge.
#[test]
fn tackle_cancels_the_dodge_skill() {
    let mut s = scen();
    let c = s.player(HOME, 6);
    let o = s.player(AWAY, 0);
    s.put(c, 10, 7).put(o, 11, 7).skill(o, Skill::Tackle);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [d6(1)], &[mv(c), step(9, 7)]);
    let PromptKind::Reroll { sources, .. } = kind(&g) else {
        panic!()
    };
    assert_eq!(sources, &vec![RerollSource::Team]);
}

/// §19.1, §19.2: a team re-roll may be used once per turn, removes a token, and the new result
/// stands.
#[test]
fn one_team_reroll_per_turn() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(p, 10, 7).put(o, 11, 7);
    let mut g = s.turn(HOME, 1);
    let team = Command::Reroll {
        source: RerollSource::Team,
    };
    let ev = play(&mut g, [d6(1), d6(6)], &[mv(p), step(9, 7), team]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Rerolls {
            side: Side::Home,
            rerolls: 2
        }
    )));
    assert!(g.teams[0].used.reroll);
    // Another failed dodge this turn: no re-roll is offered, he falls.
    let ev = play(&mut g, [d6(1), d6(1), d6(1)], &[step(10, 8), step(9, 9)]);
    assert_eq!(turnover_of(&ev), Some(Turnover::KnockedDown));
}

/// §26.15 Loner: a team re-roll needs a 4+ first; on 1–3 it is lost and the result stands.
#[test]
fn a_loner_rolls_before_using_a_team_reroll() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(p, 10, 7).put(o, 11, 7).skill(p, Skill::Loner);
    let mut g = s.turn(HOME, 1);
    let team = Command::Reroll {
        source: RerollSource::Team,
    };
    // Dodge 1; Loner roll 3: the re-roll is lost, the dodge fails; armour 1+1.
    let ev = play(
        &mut g,
        [d6(1), d6(3), d6(1), d6(1)],
        &[mv(p), step(9, 7), team],
    );
    let loner = &rolls(&ev, RollPurpose::Loner)[0];
    assert_eq!(loner.success, Some(false));
    assert_eq!(g.teams[0].rerolls, 2, "the re-roll counts as used");
    assert_eq!(state(&g, p), prone(9, 7));
}

/// §26.20 Pro: once per turn, 4+ then re-roll his own roll.
#[test]
fn pro_rerolls_on_a_four_plus() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(p, 10, 7)
        .put(o, 11, 7)
        .skill(p, Skill::Pro)
        .rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [d6(2)], &[mv(p), step(9, 7)]);
    let PromptKind::Reroll { sources, .. } = kind(&g) else {
        panic!()
    };
    assert_eq!(sources, &vec![RerollSource::Pro]);
    let ev = play(
        &mut g,
        [d6(4), d6(5)],
        &[Command::Reroll {
            source: RerollSource::Pro,
        }],
    );
    assert_eq!(rolls(&ev, RollPurpose::Pro)[0].success, Some(true));
    assert_eq!(state(&g, p), standing(9, 7));
    assert!(g.players[p.index()].used_pro);
}

/// §26.28 Stunty: a Stunty dodger ignores the tackle zones on the destination.
#[test]
fn stunty_ignores_tackle_zones_where_he_dodges_to() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let (o1, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.put(p, 10, 7)
        .put(o1, 11, 7)
        .put(o2, 11, 9)
        .skill(p, Skill::Stunty);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(3)], &[mv(p), step(10, 8)]);
    assert_eq!(rolls(&ev, RollPurpose::Dodge)[0].modifier, 1);
}

/// §26.19 Prehensile Tail: −1 to dodge out of the tail's tackle zone.
#[test]
fn prehensile_tail_hampers_dodges_out_of_its_zone() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(p, 10, 7)
        .put(o, 11, 7)
        .skill(o, Skill::PrehensileTail);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(4)], &[mv(p), step(9, 7)]);
    assert_eq!(rolls(&ev, RollPurpose::Dodge)[0].modifier, 0);
}

/// §26.6 Break Tackle: the dodge uses ST instead of AG, once per turn.
#[test]
fn break_tackle_dodges_with_strength() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(p, 10, 7)
        .put(o, 11, 7)
        .stats(p, 6, 5, 1, 8)
        .skill(p, Skill::BreakTackle);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(2)], &[mv(p), step(9, 7)]);
    assert_eq!(rolls(&ev, RollPurpose::Dodge)[0].target, Some(2));
    assert_eq!(state(&g, p), standing(9, 7));
}

/// §26.25 Sprint: three GFI squares instead of two.
#[test]
fn sprint_allows_a_third_gfi() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    s.put(p, 2, 7).skill(p, Skill::Sprint);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[mv(p)]);
    assert!(matches!(
        kind(&g),
        PromptKind::Acting {
            ma_left: 6,
            gfi_left: 3,
            ..
        }
    ));
}

/// §26.14 Leap, §26.34 Very Long Legs: leap over players to a square 2 away for two
/// squares of movement, an Agility roll (+1 with Very Long Legs), no dodge.
#[test]
fn leap_jumps_two_squares_with_an_agility_roll() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let (o1, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.put(p, 10, 7)
        .put(o1, 11, 7)
        .put(o2, 11, 6)
        .skill(p, Skill::Leap);
    s.skill(p, Skill::VeryLongLegs);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(3)], &[mv(p), Command::Leap { to: sq(12, 7) }]);
    assert!(rolls(&ev, RollPurpose::Dodge).is_empty());
    let r = &rolls(&ev, RollPurpose::Leap)[0];
    assert_eq!((r.target, r.modifier), (Some(4), 1));
    assert_eq!(state(&g, p), standing(12, 7));
    assert!(matches!(kind(&g), PromptKind::Acting { ma_left: 4, .. }));
    assert!(
        !legal_commands(&g)
            .iter()
            .any(|c| matches!(c, Command::Leap { .. })),
        "once a turn"
    );
}

/// §26.28 Stunty, §26.24: a Stunty player with Secret Weapon gets no dodge benefit.
#[test]
fn stunty_with_a_secret_weapon_dodges_as_usual() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let (o1, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.put(p, 10, 7).put(o1, 11, 7).put(o2, 11, 9);
    s.skill(p, Skill::Stunty).skill(p, Skill::SecretWeapon);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(5)], &[mv(p), step(10, 8)]);
    assert_eq!(rolls(&ev, RollPurpose::Dodge)[0].modifier, -1);
}
