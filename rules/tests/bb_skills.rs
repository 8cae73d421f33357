//! The skills rolled when an Action is declared (Bone-head, Really Stupid, Wild Animal,
//! Take Root), Right Stuff, and the skills not built yet, refused by name.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.
#![allow(clippy::unwrap_used)]

mod bbcommon;
use bbcommon::*;

fn mv(p: PlayerId) -> Command {
    Command::Declare {
        player: p,
        action: ActionKind::Move,
    }
}

/// §26.5 Bone-head: a 1 after declaring loses the Action and the tackle zone until a later
/// 2+.
#[test]
fn bone_head_loses_the_action_and_the_tackle_zone_on_a_one() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    s.put(p, 5, 5).skill(p, Skill::BoneHead).rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(1)], &[mv(p)]);
    assert_eq!(rolls(&ev, RollPurpose::BoneHead)[0].target, Some(2));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Confused { confused: true, .. }))
    );
    assert!(g.players[p.index()].acted);
    assert!(!g.players[p.index()].has_tz());
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
    // Next turn a 2 clears it.
    let mut s = scen();
    let p = s.player(HOME, 0);
    s.put(p, 5, 5).skill(p, Skill::BoneHead);
    s.game.players[p.index()].confused = true;
    let mut g = s.turn(HOME, 2);
    let ev = play(&mut g, [d6(2)], &[mv(p)]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Confused {
            confused: false,
            ..
        }
    )));
    assert!(matches!(kind(&g), PromptKind::Acting { .. }));
}

/// §26.21 Really Stupid: 4+, +2 with a standing team-mate beside him who is not Really
/// Stupid.
#[test]
fn really_stupid_needs_a_four_with_help_from_a_team_mate() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let h = s.player(HOME, 1);
    s.put(p, 5, 5)
        .put(h, 5, 6)
        .skill(p, Skill::ReallyStupid)
        .rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(2)], &[mv(p)]);
    let r = &rolls(&ev, RollPurpose::ReallyStupid)[0];
    assert_eq!((r.target, r.modifier, r.success), (Some(4), 2, Some(true)));
    let mut s = scen();
    let p = s.player(HOME, 0);
    s.put(p, 5, 5)
        .skill(p, Skill::ReallyStupid)
        .rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(3)], &[mv(p)]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Confused { confused: true, .. }))
    );
}

/// §26.35 Wild Animal: 4+, +2 on a Block or Blitz; a failure loses the Action (no block).
#[test]
fn wild_animal_may_lose_the_action() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(p, 10, 7)
        .put(o, 11, 7)
        .skill(p, Skill::WildAnimal)
        .rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(1)],
        &[Command::Block {
            player: p,
            target: o,
        }],
    );
    assert_eq!(rolls(&ev, RollPurpose::WildAnimal)[0].modifier, 2);
    assert!(!ev.iter().any(|e| matches!(e, Event::BlockDeclared { .. })));
    assert!(g.players[p.index()].acted);
    let mut h = s.turn(HOME, 1);
    let ev = play(&mut h, [d6(3)], &[mv(p)]);
    assert_eq!(rolls(&ev, RollPurpose::WildAnimal)[0].modifier, 0);
    assert!(
        matches!(kind(&h), PromptKind::Action { .. }),
        "3 fails on a Move"
    );
}

/// §26.31 Take Root: a 1 roots him: MA 0, no GFI, never pushed.
#[test]
fn take_root_roots_the_player() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(p, 10, 7)
        .put(o, 11, 7)
        .skill(p, Skill::TakeRoot)
        .rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(1)], &[mv(p)]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Rooted { rooted: true, .. }))
    );
    assert_eq!(legal_commands(&g), vec![Command::EndAction]);
    play(&mut g, [], &[Command::EndAction, Command::EndTurn]);
    // Away blocks him: Pushed does not move a rooted player.
    let ev = play(
        &mut g,
        [bd(3)],
        &[Command::Block {
            player: o,
            target: p,
        }],
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::Moved { .. })));
    assert_eq!(state(&g, p), standing(10, 7));
}

/// §26.23 Right Stuff: only a team-mate's Throw Team-Mate acts on it; with Throw Team-Mate
/// not built (§26.33) a Right Stuff goblin plays as he is and his roster is accepted.
#[test]
fn right_stuff_players_are_accepted_and_throw_team_mate_is_refused() {
    let goblins = dugout_rules::bb::starter_team(Roster::Goblin);
    assert!(dugout_rules::bb::setup::validate_sheet(&goblins).is_ok());
    let mut troll = goblins.clone();
    troll.players.pop();
    troll.players.push(SheetPlayer {
        number: 16,
        name: "Troll".into(),
        position: "Troll".into(),
        extra_skills: vec![],
        stat_changes: StatChanges::default(),
        niggling: 0,
        missing_next_game: false,
    });
    let err = dugout_rules::bb::setup::validate_sheet(&troll).unwrap_err();
    assert!(
        matches!(&err, SetupError::NotImplemented { what } if what.contains("Always Hungry") || what.contains("Throw Team-Mate")),
        "{err:?}"
    );
}

/// §26.1 Always Hungry, §26.2 Ball & Chain, §26.4 Bombardier, §26.8 Chainsaw, §26.33 Throw
/// Team-Mate: not built; a sheet with them is refused naming the skill.
#[test]
fn unbuilt_skills_are_refused_by_name() {
    for (skill, name) in [
        (Skill::AlwaysHungry, "Always Hungry"),
        (Skill::BallAndChain, "Ball & Chain"),
        (Skill::Bombardier, "Bombardier"),
        (Skill::Chainsaw, "Chainsaw"),
        (Skill::ThrowTeamMate, "Throw Team-Mate"),
    ] {
        let mut sheet = dugout_rules::bb::starter_team(Roster::Human);
        sheet.players[0].extra_skills.push(skill);
        let err = dugout_rules::bb::setup::validate_sheet(&sheet).unwrap_err();
        assert!(
            matches!(&err, SetupError::NotImplemented { what } if what.contains(name)),
            "{err:?}"
        );
    }
}
