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

/// An Orc lineman given Throw Team-Mate and Always Hungry at (10,7) next to a team-mate
/// with Right Stuff at (10,8); Home is Orc, no team re-rolls.
fn troll_and_goblin() -> (Scenario, PlayerId, PlayerId) {
    let mut s = Scenario::new(Roster::Orc, Roster::Human);
    let t = s.player(HOME, 0);
    let g = s.player(HOME, 1);
    s.put(t, 10, 7).put(g, 10, 8).rerolls(HOME, 0);
    for k in [Skill::ThrowTeamMate, Skill::AlwaysHungry] {
        s.skill(t, k);
    }
    s.skill(g, Skill::RightStuff);
    (s, t, g)
}

fn pass(p: PlayerId) -> Command {
    Command::Declare {
        player: p,
        action: ActionKind::Pass,
    }
}

/// §26.33 Throw Team-Mate, §26.23 Right Stuff: the team's Pass Action throws an adjacent
/// Right Stuff team-mate (Quick or Short only): the throw at −1, three scatters from the
/// target even when accurate, then a landing roll at −1 per opposing tackle zone.
#[test]
fn throw_team_mate_scatters_the_thrown_player_who_lands_on_his_feet() {
    let (mut s, t, g) = troll_and_goblin();
    let mut game = s.turn(HOME, 1);
    // Always Hungry 2 (no hunger), throw 6 (target (14,7), Short), scatters 5,5,4: (15,7),
    // landing 4.
    play(&mut game, [], &[pass(t)]);
    let legal = legal_commands(&game);
    assert!(legal.contains(&Command::ThrowTeamMate {
        thrown: g,
        target: sq(14, 7)
    }));
    assert!(
        !legal.contains(&Command::ThrowTeamMate {
            thrown: g,
            target: sq(18, 7)
        }),
        "no Long throw"
    );
    let ev = play(
        &mut game,
        [d6(2), d6(6), d8(5), d8(5), d8(4), d6(4)],
        &[Command::ThrowTeamMate {
            thrown: g,
            target: sq(14, 7),
        }],
    );
    let r = &rolls(&ev, RollPurpose::ThrowTeamMate)[0];
    assert_eq!(
        (r.target, r.modifier),
        (Some(4), -1),
        "AG 3: 4+; Short +0, −1 for the throw"
    );
    assert_eq!(rolls(&ev, RollPurpose::Scatter).len(), 3);
    assert_eq!(state(&game, g), standing(15, 7));
    assert_eq!(turnover_of(&ev), None);
    assert!(
        !game.players[g.index()].acted,
        "the thrown player may still act"
    );
}

/// §26.23: a failed landing is placed prone with an armour roll, no turnover without the
/// ball.
#[test]
fn a_failed_landing_is_placed_prone_without_a_turnover() {
    let (mut s, t, g) = troll_and_goblin();
    let mut game = s.turn(HOME, 1);
    let ev = play(
        &mut game,
        [d6(2), d6(6), d8(5), d8(5), d8(4), d6(1), d6(1), d6(1)],
        &[
            pass(t),
            Command::ThrowTeamMate {
                thrown: g,
                target: sq(14, 7),
            },
        ],
    );
    assert_eq!(state(&game, g), prone(15, 7));
    assert_eq!(turnover_of(&ev), None);
}

/// §26.33: a fumbled throw is no turnover: he lands in his own square.
#[test]
fn a_fumbled_throw_lands_him_where_he_stood() {
    let (mut s, t, g) = troll_and_goblin();
    let mut game = s.turn(HOME, 1);
    let ev = play(
        &mut game,
        [d6(2), d6(1), d6(5)],
        &[
            pass(t),
            Command::ThrowTeamMate {
                thrown: g,
                target: sq(14, 7),
            },
        ],
    );
    assert_eq!(state(&game, g), standing(10, 8));
    assert_eq!(turnover_of(&ev), None);
}

/// §26.1 Always Hungry, §12.5: a 1 then a 1: the team-mate is eaten (Dead, nothing saves
/// him).
#[test]
fn always_hungry_may_eat_the_team_mate() {
    let (mut s, t, g) = troll_and_goblin();
    let mut game = s.turn(HOME, 1);
    let ev = play(
        &mut game,
        [d6(1), d6(1)],
        &[
            pass(t),
            Command::ThrowTeamMate {
                thrown: g,
                target: sq(14, 7),
            },
        ],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Casualty {
            cause: Cause::Eaten,
            result: CasualtyResult::Dead,
            ..
        }
    )));
    assert_eq!(
        state(&game, g),
        PlayerState::Casualty {
            result: CasualtyResult::Dead
        }
    );
}

/// §26.33: landing on a player knocks him down; the thrown player scatters on and his
/// landing fails.
#[test]
fn landing_on_a_player_knocks_him_down() {
    let (mut s, t, g) = troll_and_goblin();
    let o = s.player(AWAY, 0);
    s.put(o, 15, 7);
    let mut game = s.turn(HOME, 1);
    let ev = play(
        &mut game,
        [
            d6(2),
            d6(6),
            d8(5),
            d8(5),
            d8(4),
            d8(7),
            d6(1),
            d6(1),
            d6(1),
            d6(1),
        ],
        &[
            pass(t),
            Command::ThrowTeamMate {
                thrown: g,
                target: sq(14, 7),
            },
        ],
    );
    assert_eq!(state(&game, o), prone(15, 7));
    assert_eq!(state(&game, g), prone(15, 8));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::KnockedDown {
            cause: Cause::Thrown,
            ..
        }
    )));
}

/// A Human lineman with a chainsaw at (10,7) against an Orc lineman at (11,7).
fn saw() -> (Game, PlayerId, PlayerId) {
    let mut s = scen();
    let a = s.player(HOME, 0);
    let d = s.player(AWAY, 0);
    s.put(a, 10, 7)
        .put(d, 11, 7)
        .skill(a, Skill::Chainsaw)
        .rerolls(HOME, 0);
    (s.turn(HOME, 1), a, d)
}

fn use_saw(use_it: bool) -> Command {
    Command::UseSkill {
        skill: Skill::Chainsaw,
        use_it,
    }
}

/// §26.8 Chainsaw: instead of the block dice a D6: 2+ hits; armour at +3; broken: knocked
/// down and injured.
#[test]
fn a_chainsaw_hit_rolls_armour_at_plus_three() {
    let (mut g, a, d) = saw();
    play(
        &mut g,
        [],
        &[Command::Block {
            player: a,
            target: d,
        }],
    );
    assert!(matches!(
        kind(&g),
        PromptKind::UseSkill {
            skill: Skill::Chainsaw,
            ..
        }
    ));
    let ev = play(
        &mut g,
        [d6(5), d6(3), d6(4), d6(1), d6(1)],
        &[use_saw(true)],
    );
    assert!(rolls(&ev, RollPurpose::Block).is_empty());
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::KnockedDown {
            cause: Cause::Chainsaw,
            ..
        }
    )));
    assert_eq!(state(&g, d), stunned(11, 7));
    assert_eq!(turnover_of(&ev), None);
}

/// §26.8: a 1 kicks back: the armour roll (+3) is against the wielder; felled, a turnover.
#[test]
fn a_chainsaw_kick_back_hits_the_wielder() {
    let (mut g, a, d) = saw();
    let ev = play(
        &mut g,
        [d6(1), d6(3), d6(3), d6(1), d6(1)],
        &[
            Command::Block {
                player: a,
                target: d,
            },
            use_saw(true),
        ],
    );
    assert_eq!(state(&g, a), stunned(10, 7));
    assert_eq!(turnover_of(&ev), Some(Turnover::KnockedDown));
}

/// §20 (a skill is never compulsory), §26.8: declining the chainsaw blocks with the dice as usual.
#[test]
fn the_chainsaw_may_be_left_aside() {
    let (mut g, a, d) = saw();
    let ev = play(
        &mut g,
        [bd(3)],
        &[
            Command::Block {
                player: a,
                target: d,
            },
            use_saw(false),
        ],
    );
    assert_eq!(rolls(&ev, RollPurpose::Block).len(), 1);
}

/// §26.31: a knock-down frees a rooted player.
#[test]
fn a_knock_down_frees_a_rooted_player() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(p, 10, 7)
        .put(o, 11, 7)
        .skill(p, Skill::TakeRoot)
        .rerolls(AWAY, 0);
    s.game.players[p.index()].rooted = true;
    let mut g = s.turn(AWAY, 1);
    let ev = play(
        &mut g,
        [bd(6), d6(1), d6(1)],
        &[Command::Block {
            player: o,
            target: p,
        }],
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Rooted { rooted: false, .. }))
    );
    assert_eq!(
        state(&g, p),
        prone(10, 7),
        "never pushed, knocked down where he stood"
    );
}

/// A Human lineman with Ball & Chain and No Hands (MA 3) at (10,7).
fn fanatic() -> (Scenario, PlayerId) {
    let mut s = scen();
    let f = s.player(HOME, 0);
    s.put(f, 10, 7).stats(f, 3, 7, 3, 7).rerolls(HOME, 0);
    s.skill(f, Skill::BallAndChain).skill(f, Skill::NoHands);
    (s, f)
}

/// §26.2 Ball & Chain: Move Actions only; each square the coach names a facing and the
/// throw-in template's D6 picks the square; all the MA must be used.
#[test]
fn ball_and_chain_moves_where_the_dice_say() {
    let (mut s, f) = fanatic();
    let mut g = s.turn(HOME, 1);
    let mine: Vec<Command> = legal_commands(&g)
        .into_iter()
        .filter(|c| matches!(c, Command::Declare { player, .. } | Command::Block { player, .. } if *player == f))
        .collect();
    assert_eq!(
        mine,
        vec![Command::Declare {
            player: f,
            action: ActionKind::Move
        }]
    );
    play(
        &mut g,
        [],
        &[Command::Declare {
            player: f,
            action: ActionKind::Move,
        }],
    );
    assert!(
        !legal_commands(&g).contains(&Command::EndAction),
        "the MA must be used"
    );
    // Facing +x: 3 straight to (11,7); 1 the left diagonal (12,6); 6 the right one (13,7).
    let ev = play(
        &mut g,
        [d6(3), d6(1), d6(6)],
        &[
            Command::Step { to: sq(11, 7) },
            Command::Step { to: sq(12, 7) },
            Command::Step { to: sq(13, 6) },
        ],
    );
    assert!(rolls(&ev, RollPurpose::Dodge).is_empty());
    assert_eq!(state(&g, f), standing(13, 7));
    assert!(legal_commands(&g).contains(&Command::EndAction));
}

/// §26.2: a standing player in the rolled square is blocked (friend or foe) and followed
/// up.
#[test]
fn ball_and_chain_blocks_whoever_is_in_the_way() {
    let (mut s, f) = fanatic();
    let o = s.player(AWAY, 0);
    s.put(o, 11, 7).rerolls(AWAY, 0);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(3), bd(3), bd(3), bd(3)],
        &[
            Command::Declare {
                player: f,
                action: ActionKind::Move,
            },
            Command::Step { to: sq(11, 7) },
            Command::Push { square: sq(12, 7) },
        ],
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::BlockDeclared { attacker, dice: 3, .. } if *attacker == f))
    );
    assert_eq!(state(&g, o), standing(12, 7));
    assert_eq!(state(&g, f), standing(11, 7), "followed up");
}

/// §26.2: a Ball & Chain player who falls rolls injury at once with no armour roll, and
/// Stunned counts as KO.
#[test]
fn a_falling_ball_and_chain_player_is_injured_at_once() {
    let (mut s, f) = fanatic();
    s.apothecary(HOME, false);
    s.stats(f, 0, 7, 3, 7);
    let mut g = s.turn(HOME, 1);
    // No MA: a GFI, failed; injury 2+3 = 5: Stunned, so KO.
    let ev = play(
        &mut g,
        [d6(1), d6(2), d6(3)],
        &[
            Command::Declare {
                player: f,
                action: ActionKind::Move,
            },
            Command::Step { to: sq(11, 7) },
        ],
    );
    assert!(rolls(&ev, RollPurpose::Armour).is_empty());
    assert_eq!(state(&g, f), PlayerState::KnockedOut);
    assert_eq!(turnover_of(&ev), Some(Turnover::KnockedDown));
}

/// A Human lineman with Bombardier at (10,7), Home to act, no re-rolls.
fn bomber() -> (Scenario, PlayerId) {
    let mut s = scen();
    let b = s.player(HOME, 0);
    s.put(b, 10, 7).skill(b, Skill::Bombardier).rerolls(HOME, 0);
    (s, b)
}

fn bomb(p: PlayerId) -> Command {
    Command::Declare {
        player: p,
        action: ActionKind::Bomb,
    }
}

/// §26.4 Bombardier: a bomb instead of an Action, no move, not the team's Pass; it is thrown
/// by the passing rules and explodes where it lands: adjacent players are knocked down on
/// 4+.
#[test]
fn a_bomb_explodes_where_it_lands() {
    let (mut s, b) = bomber();
    let o = s.player(AWAY, 0);
    let q = s.player(AWAY, 1);
    s.put(o, 15, 7).put(q, 15, 8);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[bomb(b)]);
    assert!(
        !legal_commands(&g)
            .iter()
            .any(|c| matches!(c, Command::Step { .. })),
        "no move"
    );
    // Accurate (4), lands on the empty (14,7): o is hit on a 4, q not on a 3; o's armour 1+1.
    let ev = play(
        &mut g,
        [d6(4), d6(4), d6(3), d6(1), d6(1)],
        &[Command::Pass { target: sq(14, 7) }],
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Exploded { square: Some(s) } if *s == sq(14, 7)))
    );
    assert_eq!(state(&g, o), prone(15, 7));
    assert_eq!(state(&g, q), standing(15, 8));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::KnockedDown {
            cause: Cause::Bomb,
            ..
        }
    )));
    assert!(!g.teams[0].used.pass, "not the team's Pass Action");
}

/// §26.4: a bomb landing on a standing player may be caught (then thrown on at once) or let
/// explode.
#[test]
fn a_bomb_may_be_caught_or_let_explode() {
    let (mut s, b) = bomber();
    let o = s.player(AWAY, 0);
    s.put(o, 14, 7);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [d6(4)],
        &[bomb(b), Command::Pass { target: sq(14, 7) }],
    );
    assert!(matches!(kind(&g), PromptKind::CatchBomb { player } if *player == o));
    assert_eq!(g.prompt.coach, Some(AWAY));
    let mut h = g.clone();
    play(
        &mut h,
        [d6(1), d6(1)],
        &[Command::CatchBomb { catch: false }],
    );
    assert_eq!(state(&h, o), prone(14, 7));
    play(&mut g, [d6(5)], &[Command::CatchBomb { catch: true }]);
    assert!(matches!(kind(&g), PromptKind::ThrowBomb { player } if *player == o));
    assert!(
        !legal_commands(&g).contains(&Command::Decline),
        "it must be thrown on"
    );
}

/// §26.4: a fumbled bomb explodes in the bomber's square: he falls, a turnover.
#[test]
fn a_fumbled_bomb_explodes_on_the_bomber() {
    let (mut s, b) = bomber();
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(1), d6(1), d6(1)],
        &[bomb(b), Command::Pass { target: sq(14, 7) }],
    );
    assert_eq!(state(&g, b), prone(10, 7));
    assert_eq!(turnover_of(&ev), Some(Turnover::KnockedDown));
}
