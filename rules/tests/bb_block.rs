//! Blocks (§11), Blitz (§13), knock-downs, armour, injuries and casualties (§12), fouls
//! (§14), and the block and injury skills.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.
#![allow(clippy::unwrap_used)]

mod bbcommon;
use bbcommon::*;

fn block(p: PlayerId, t: PlayerId) -> Command {
    Command::Block {
        player: p,
        target: t,
    }
}

fn push(x: i8, y: i8) -> Command {
    Command::Push { square: sq(x, y) }
}

fn declared(ev: &[Event]) -> (u8, Side) {
    ev.iter()
        .find_map(|e| match e {
            Event::BlockDeclared { dice, chooser, .. } => Some((*dice, *chooser)),
            _ => None,
        })
        .unwrap()
}

/// A Human lineman at (10,7) against an Orc player at (11,7), Home to act, no re-rolls.
fn duel(defender: usize) -> (Scenario, PlayerId, PlayerId) {
    let mut s = scen();
    let a = s.player(HOME, 0);
    let d = s.player(AWAY, defender);
    s.put(a, 10, 7)
        .put(d, 11, 7)
        .rerolls(HOME, 0)
        .rerolls(AWAY, 0);
    (s, a, d)
}

/// §11.2: a stronger defender means two dice and the defender's coach chooses.
#[test]
fn the_stronger_players_coach_chooses_the_block_die() {
    let (mut s, a, d) = duel(5); // Black Orc Blocker, ST 4
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [bd(6), bd(1)], &[block(a, d)]);
    assert_eq!(declared(&ev), (2, AWAY));
    assert_eq!(g.prompt.coach, Some(AWAY));
    assert!(
        matches!(kind(&g), PromptKind::BlockDice { dice, .. } if dice == &vec![BlockFace::DefenderDown, BlockFace::AttackerDown])
    );
    // Attacker Down: the attacker falls (armour 4+4 holds), a turnover.
    let ev = play(&mut g, [d6(4), d6(4)], &[Command::BlockDie { index: 1 }]);
    assert_eq!(state(&g, a), prone(10, 7));
    assert_eq!(turnover_of(&ev), Some(Turnover::KnockedDown));
    assert_eq!(rolls(&ev, RollPurpose::Armour)[0].coach, Some(AWAY));
}

/// §11.2: more than twice as strong is three dice (strictly: 6 against 3 is two).
#[test]
fn block_dice_follow_the_strength_comparison() {
    use dugout_rules::bb::data::Skill as _S;
    let _ = _S::Block;
    for (ast, dst, dice) in [(3, 3, 1), (4, 3, 2), (6, 3, 2), (7, 3, 3), (3, 7, 3)] {
        let (mut s, a, d) = duel(0);
        s.stats(a, 6, ast, 3, 8).stats(d, 5, dst, 3, 9);
        let mut g = s.turn(HOME, 1);
        let script: Vec<_> = (0..dice).map(|_| bd(3)).collect();
        let ev = play(&mut g, script, &[block(a, d)]);
        assert_eq!(declared(&ev).0, dice, "{ast} v {dst}");
    }
}

/// §11.3: a team-mate next to the defender assists unless another opponent marks him.
#[test]
fn assists_need_a_free_team_mate_next_to_the_opponent() {
    let (mut s, a, d) = duel(0);
    let h = s.player(HOME, 1);
    s.put(h, 12, 8);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [bd(3), bd(3)], &[block(a, d)]);
    assert_eq!(declared(&ev), (2, HOME));
    let (mut s, a, d) = duel(0);
    let h = s.player(HOME, 1);
    let o = s.player(AWAY, 1);
    s.put(h, 12, 8).put(o, 13, 9);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [bd(3)], &[block(a, d)]);
    assert_eq!(declared(&ev), (1, HOME));
}

/// §11.4, §11.5, §11.6: Pushed: the active coach picks one of the three squares behind,
/// then the attacker may follow up.
#[test]
fn pushed_moves_the_defender_and_the_attacker_may_follow_up() {
    let (mut s, a, d) = duel(0);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [bd(3)], &[block(a, d)]);
    assert_eq!(g.prompt.coach, Some(HOME));
    let legal = legal_commands(&g);
    assert_eq!(legal, vec![push(12, 6), push(12, 7), push(12, 8)]);
    play(&mut g, [], &[push(12, 8)]);
    assert!(matches!(kind(&g), PromptKind::FollowUp { square, .. } if *square == sq(11, 7)));
    play(&mut g, [], &[Command::FollowUp { follow: true }]);
    assert_eq!(state(&g, d), standing(12, 8));
    assert_eq!(state(&g, a), standing(11, 7));
}

/// §11.4, §11.7, §12.2, §12.3, §12.6: Defender Down: pushed and knocked down; armour broken, a KO;
/// the apothecary leaves him Stunned on the pitch.
#[test]
fn defender_down_armour_injury_and_the_apothecary_on_a_ko() {
    let (mut s, a, d) = duel(0);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [bd(6)], &[block(a, d), push(12, 7)]);
    let ev = play(
        &mut g,
        [d6(5), d6(5), d6(4), d6(4)],
        &[Command::FollowUp { follow: false }],
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Armour { broken: true, .. }))
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Injured {
            outcome: InjuryOutcome::KnockedOut,
            cause: Cause::Blocked,
            ..
        }
    )));
    assert!(matches!(
        kind(&g),
        PromptKind::Apothecary {
            injury: InjuryOutcome::KnockedOut,
            ..
        }
    ));
    assert_eq!(g.prompt.coach, Some(AWAY));
    play(&mut g, [], &[Command::Apothecary { use_it: true }]);
    assert_eq!(state(&g, d), stunned(12, 7));
    assert!(!g.teams[1].apothecary);
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
}

/// §12.2: armour holds unless the 2D6 beats AV.
#[test]
fn armour_breaks_only_above_the_armour_value() {
    let (mut s, a, d) = duel(0); // AV 9
    let mut g = s.turn(HOME, 1);
    play(&mut g, [bd(6)], &[block(a, d), push(12, 7)]);
    let ev = play(
        &mut g,
        [d6(4), d6(5)],
        &[Command::FollowUp { follow: false }],
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Armour { broken: false, .. }))
    );
    assert_eq!(state(&g, d), prone(12, 7));
}

/// §12.3, §12.5: injury 10+ is a casualty, rolled on the D68 table (4,6 = Fractured Leg).
#[test]
fn a_casualty_rolls_the_d68_table() {
    let (mut s, a, d) = duel(0);
    s.apothecary(AWAY, false);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [bd(6)], &[block(a, d), push(12, 7)]);
    let ev = play(
        &mut g,
        [d6(6), d6(6), d6(5), d6(5), d6(4), d8(6)],
        &[Command::FollowUp { follow: false }],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Casualty {
            result: CasualtyResult::FracturedLeg,
            cause: Cause::Blocked,
            by: Some(_),
            ..
        }
    )));
    assert_eq!(
        state(&g, d),
        PlayerState::Casualty {
            result: CasualtyResult::FracturedLeg
        }
    );
}

/// §12.6, §12.5: on a casualty the apothecary rolls again and keeps the milder; Badly Hurt goes
/// to Reserves.
#[test]
fn the_apothecary_rerolls_a_casualty_and_badly_hurt_returns_to_reserves() {
    let (mut s, a, d) = duel(0);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [bd(6)], &[block(a, d), push(12, 7)]);
    play(
        &mut g,
        [d6(6), d6(6), d6(5), d6(5), d6(6), d8(1)],
        &[Command::FollowUp { follow: false }],
    );
    assert!(matches!(
        kind(&g),
        PromptKind::Apothecary {
            injury: InjuryOutcome::Casualty,
            ..
        }
    ));
    let ev = play(
        &mut g,
        [d6(2), d8(3)],
        &[Command::Apothecary { use_it: true }],
    );
    assert_eq!(state(&g, d), PlayerState::Reserve);
    assert!(!ev.iter().any(|e| matches!(e, Event::Casualty { .. })));
}

/// §11.4, §26.3 Block: Both Down knocks down only the player without Block.
#[test]
fn both_down_spares_a_player_with_block() {
    let (mut s, a, d) = duel(0);
    s.skill(a, Skill::Block);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [bd(2), d6(1), d6(2)], &[block(a, d)]);
    assert_eq!(state(&g, a), standing(10, 7));
    assert_eq!(state(&g, d), prone(11, 7));
    assert_eq!(turnover_of(&ev), None);
}

/// §11.4, G15: Both Down without Block: both fall, the defender's armour first, turnover.
#[test]
fn both_down_without_block_knocks_both_down_defender_first() {
    let (mut s, a, d) = duel(0);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [bd(2), d6(1), d6(2), d6(1), d6(3)], &[block(a, d)]);
    let downs: Vec<PlayerId> = ev
        .iter()
        .filter_map(|e| match e {
            Event::KnockedDown { player, .. } => Some(*player),
            _ => None,
        })
        .collect();
    assert_eq!(downs, vec![d, a]);
    assert_eq!(turnover_of(&ev), Some(Turnover::KnockedDown));
}

/// §11.4, §26.11, §26.30: Defender Stumbles only pushes a Dodge player, unless the
/// attacker has Tackle.
#[test]
fn defender_stumbles_dodge_and_tackle() {
    let (mut s, a, d) = duel(0);
    s.skill(d, Skill::Dodge);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [bd(5)],
        &[
            block(a, d),
            push(12, 7),
            Command::FollowUp { follow: false },
        ],
    );
    assert_eq!(state(&g, d), standing(12, 7));
    let (mut s, a, d) = duel(0);
    s.skill(d, Skill::Dodge).skill(a, Skill::Tackle);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [bd(5), d6(1), d6(1)],
        &[
            block(a, d),
            push(12, 7),
            Command::FollowUp { follow: false },
        ],
    );
    assert_eq!(state(&g, d), prone(12, 7));
}

/// §11.5: with every square behind occupied the push chains into the player there.
#[test]
fn a_chain_push_moves_the_player_behind() {
    let (mut s, a, d) = duel(0);
    let (x1, x2, x3) = (s.player(AWAY, 1), s.player(AWAY, 2), s.player(HOME, 1));
    s.put(x1, 12, 6).put(x2, 12, 7).put(x3, 12, 8);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [bd(3)], &[block(a, d)]);
    assert_eq!(
        legal_commands(&g),
        vec![push(12, 6), push(12, 7), push(12, 8)]
    );
    play(&mut g, [], &[push(12, 7)]);
    assert!(matches!(kind(&g), PromptKind::Push { player } if *player == x2));
    play(
        &mut g,
        [],
        &[push(13, 7), Command::FollowUp { follow: false }],
    );
    assert_eq!(state(&g, x2), standing(13, 7));
    assert_eq!(state(&g, d), standing(12, 7));
}

/// §11.5, G6: a player pushed off the pitch is hurt by the crowd: an injury roll with no
/// armour roll; Stunned goes to Reserves; the follow-up is decided first.
#[test]
fn a_crowd_push_rolls_injury_without_armour() {
    let mut s = scen();
    let a = s.player(HOME, 0);
    let d = s.player(AWAY, 0);
    s.put(a, 11, 1).put(d, 11, 0).rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [bd(3)], &[block(a, d)]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::PushedIntoCrowd { .. }))
    );
    assert!(matches!(kind(&g), PromptKind::FollowUp { .. }));
    let ev = play(
        &mut g,
        [d6(2), d6(3)],
        &[Command::FollowUp { follow: true }],
    );
    assert!(rolls(&ev, RollPurpose::Armour).is_empty());
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Injured {
            cause: Cause::Crowd,
            outcome: InjuryOutcome::Stunned,
            ..
        }
    )));
    assert_eq!(state(&g, d), PlayerState::Reserve);
    assert_eq!(state(&g, a), standing(11, 0));
}

/// §19.2, §11.2: a team re-roll re-rolls all the block dice.
#[test]
fn a_team_reroll_rerolls_every_block_die() {
    let (mut s, a, d) = duel(0);
    let h = s.player(HOME, 1);
    s.put(h, 12, 8).rerolls(HOME, 1);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [bd(1), bd(2)], &[block(a, d)]);
    assert!(matches!(
        kind(&g),
        PromptKind::Reroll {
            check: CheckKind::Block,
            ..
        }
    ));
    let ev = play(
        &mut g,
        [bd(3), bd(4)],
        &[Command::Reroll {
            source: RerollSource::Team,
        }],
    );
    let r = rolls(&ev, RollPurpose::Block);
    assert_eq!((r[0].faces.clone(), r[0].reroll), (vec![3, 4], true));
    // Both faces are Pushed: no choice to make.
    assert!(matches!(kind(&g), PromptKind::Push { .. }));
}

/// §26.16 Mighty Blow: +1 to the armour roll when that breaks it, else to the injury.
#[test]
fn mighty_blow_adds_one_to_armour_or_injury() {
    let (mut s, a, d) = duel(0);
    s.skill(a, Skill::MightyBlow);
    let mut g = s.turn(HOME, 1);
    // Armour 4+5 = 9 against AV 9: Mighty Blow makes it 10; injury 4+3 = 7 stays Stunned.
    let ev = play(
        &mut g,
        [bd(6), d6(4), d6(5), d6(4), d6(3)],
        &[
            block(a, d),
            push(12, 7),
            Command::FollowUp { follow: false },
        ],
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Armour { broken: true, .. }))
    );
    assert_eq!(state(&g, d), stunned(12, 7));
    // Armour 6+5 breaks anyway: the +1 goes to the injury: 4+3+1 = 8, KO.
    let (mut s, a, d) = duel(0);
    s.skill(a, Skill::MightyBlow).apothecary(AWAY, false);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [bd(6), d6(6), d6(5), d6(4), d6(3)],
        &[
            block(a, d),
            push(12, 7),
            Command::FollowUp { follow: false },
        ],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Injured {
            outcome: InjuryOutcome::KnockedOut,
            ..
        }
    )));
}

/// §26.32 Thick Skull: an injury of 8 is Stunned.
#[test]
fn thick_skull_turns_an_eight_into_stunned() {
    let (mut s, a, d) = duel(0);
    s.skill(d, Skill::ThickSkull);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [bd(6), d6(6), d6(5), d6(4), d6(4)],
        &[
            block(a, d),
            push(12, 7),
            Command::FollowUp { follow: false },
        ],
    );
    assert_eq!(state(&g, d), stunned(12, 7));
}

/// §26.28 Stunty: an injury of 7 is a KO, 9 is Badly Hurt (no casualty roll).
#[test]
fn stunty_players_are_hurt_more_easily() {
    let (mut s, a, d) = duel(0);
    s.skill(d, Skill::Stunty).apothecary(AWAY, false);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [bd(6), d6(6), d6(5), d6(4), d6(5)],
        &[
            block(a, d),
            push(12, 7),
            Command::FollowUp { follow: false },
        ],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Casualty {
            result: CasualtyResult::BadlyHurt,
            ..
        }
    )));
    assert!(rolls(&ev, RollPurpose::Casualty).is_empty());
}

/// §26.22 Regeneration: after a casualty, 4+ and he goes to Reserves.
#[test]
fn regeneration_saves_a_casualty_on_four_plus() {
    let (mut s, a, d) = duel(0);
    s.skill(d, Skill::Regeneration).apothecary(AWAY, false);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [bd(6), d6(6), d6(5), d6(5), d6(5), d6(6), d8(2), d6(4)],
        &[
            block(a, d),
            push(12, 7),
            Command::FollowUp { follow: false },
        ],
    );
    assert!(ev.iter().any(|e| matches!(e, Event::Regenerated { .. })));
    assert_eq!(state(&g, d), PlayerState::Reserve);
}

/// §26.9 Dauntless: D6 + ST above the stronger opponent's ST blocks at equal strength.
#[test]
fn dauntless_matches_a_stronger_opponent() {
    let (mut s, a, d) = duel(5); // ST 4
    s.skill(a, Skill::Dauntless);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(2), bd(3)], &[block(a, d)]);
    assert_eq!(declared(&ev), (1, HOME));
    let (mut s, a, d) = duel(5);
    s.skill(a, Skill::Dauntless);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(1), bd(3), bd(3)], &[block(a, d)]);
    assert_eq!(declared(&ev), (2, AWAY));
}

/// §26.12 Frenzy: always follows up and blocks again after a push that left both standing.
#[test]
fn frenzy_follows_up_and_blocks_again() {
    let (mut s, a, d) = duel(0);
    s.skill(a, Skill::Frenzy);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [bd(3), bd(3)], &[block(a, d), push(12, 7)]);
    assert_eq!(
        state(&g, a),
        standing(11, 7),
        "followed up without being asked"
    );
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::BlockDeclared { .. }))
            .count(),
        2,
        "the second block is declared and rolled at once"
    );
    assert!(
        matches!(kind(&g), PromptKind::Push { .. }),
        "the second block pushes again"
    );
}

/// §26.26 Stand Firm: the defender may refuse to be pushed.
#[test]
fn stand_firm_stays_put() {
    let (mut s, a, d) = duel(0);
    s.skill(d, Skill::StandFirm);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [bd(3)], &[block(a, d)]);
    assert_eq!(g.prompt.coach, Some(AWAY));
    play(
        &mut g,
        [],
        &[Command::UseSkill {
            skill: Skill::StandFirm,
            use_it: true,
        }],
    );
    assert_eq!(state(&g, d), standing(11, 7));
}

/// §13, §26.13 Juggernaut: a Blitz moves, blocks for one square, may move on; Juggernaut
/// turns Both Down into Pushed and cancels Stand Firm.
#[test]
fn a_blitz_moves_and_blocks_and_juggernaut_pushes_through() {
    let mut s = scen();
    let a = s.player(HOME, 10); // Blitzer MA 7
    let d = s.player(AWAY, 0);
    s.put(a, 8, 7)
        .put(d, 11, 7)
        .skill(a, Skill::Juggernaut)
        .skill(d, Skill::StandFirm);
    s.rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    let blitz = Command::Declare {
        player: a,
        action: ActionKind::Blitz,
    };
    play(
        &mut g,
        [],
        &[
            blitz,
            Command::Step { to: sq(9, 7) },
            Command::Step { to: sq(10, 7) },
        ],
    );
    // Block has no Both Down effect here: Blitzer has Block, the lineman not, so Both Down
    // knocks the defender down; give the defender Block to see Juggernaut's Pushed.
    g.players[d.index()].skills.insert(Skill::Block);
    play(&mut g, [bd(2)], &[Command::BlitzBlock { target: d }]);
    assert!(
        matches!(kind(&g), PromptKind::Push { .. }),
        "Pushed, no Stand Firm offer"
    );
    play(
        &mut g,
        [],
        &[push(12, 7), Command::FollowUp { follow: true }],
    );
    assert!(matches!(kind(&g), PromptKind::Acting { ma_left: 4, .. }));
    assert!(g.teams[0].used.blitz);
    play(&mut g, [], &[Command::EndAction]);
    assert!(!legal_commands(&g).iter().any(|c| matches!(
        c,
        Command::Declare {
            action: ActionKind::Blitz,
            ..
        }
    )));
}

/// §14: a foul: armour roll with +1 per free team-mate next to the victim; a double sends
/// the fouler off (turnover) after the injury.
#[test]
fn a_foul_with_an_assist_and_a_double_sends_off_the_fouler() {
    let mut s = scen();
    let f = s.player(HOME, 0);
    let h = s.player(HOME, 1);
    let v = s.player(AWAY, 0);
    s.put(f, 10, 7)
        .put(h, 12, 8)
        .prone(v, 11, 7)
        .apothecary(AWAY, false);
    let mut g = s.turn(HOME, 1);
    let foul = Command::Declare {
        player: f,
        action: ActionKind::Foul,
    };
    // Armour 4+4+1 = 9 against AV 9: holds; a double: sent off.
    let ev = play(&mut g, [d6(4), d6(4)], &[foul, Command::Foul { target: v }]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Armour { broken: false, .. }))
    );
    assert_eq!(state(&g, f), PlayerState::SentOff);
    assert_eq!(turnover_of(&ev), Some(Turnover::SentOff));
}

/// §14, §26.10 Dirty Player: +1 to armour when it breaks it; a broken foul rolls injury.
#[test]
fn dirty_player_breaks_armour_on_a_foul() {
    let mut s = scen();
    let f = s.player(HOME, 0);
    let v = s.player(AWAY, 0);
    s.put(f, 10, 7).prone(v, 11, 7).skill(f, Skill::DirtyPlayer);
    let mut g = s.turn(HOME, 1);
    let foul = Command::Declare {
        player: f,
        action: ActionKind::Foul,
    };
    let ev = play(
        &mut g,
        [d6(4), d6(5), d6(2), d6(3)],
        &[foul, Command::Foul { target: v }],
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Armour { broken: true, .. }))
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Injured {
            cause: Cause::Foul,
            outcome: InjuryOutcome::Stunned,
            ..
        }
    )));
    assert_eq!(state(&g, f), standing(10, 7));
    assert_eq!(turnover_of(&ev), None);
}

/// §7 Get the Ref, §14: a bribe (2+) cancels the sending-off and its turnover.
#[test]
fn a_bribe_cancels_a_sending_off() {
    let mut s = scen();
    let f = s.player(HOME, 0);
    let v = s.player(AWAY, 0);
    s.put(f, 10, 7).prone(v, 11, 7);
    s.game.teams[0].bribes = 1;
    let mut g = s.turn(HOME, 1);
    let foul = Command::Declare {
        player: f,
        action: ActionKind::Foul,
    };
    play(&mut g, [d6(2), d6(2)], &[foul, Command::Foul { target: v }]);
    assert!(matches!(kind(&g), PromptKind::Bribe { .. }));
    let ev = play(&mut g, [d6(2)], &[Command::Bribe { use_it: true }]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::BribeUsed { worked: true, .. }))
    );
    assert_eq!(state(&g, f), standing(10, 7));
    assert_eq!(turnover_of(&ev), None);
}

/// §11.1: only an adjacent standing opponent may be blocked, by a standing player.
#[test]
fn only_adjacent_standing_opponents_can_be_blocked() {
    let (mut s, a, d) = duel(0);
    let (o2, o3) = (s.player(AWAY, 1), s.player(AWAY, 2));
    s.prone(d, 11, 7).put(o2, 11, 8).put(o3, 12, 9);
    let g = s.turn(HOME, 1);
    let blocks: Vec<Command> = legal_commands(&g)
        .into_iter()
        .filter(|c| matches!(c, Command::Block { .. }))
        .collect();
    assert_eq!(blocks, vec![block(a, o2)]);
}
