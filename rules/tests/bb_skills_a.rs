//! The General, Agility and Passing skills of the later table (§26.36–§26.75) built by
//! the skills-a helper, each with scripted dice, and the interactions the spec names.
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

fn declare(p: PlayerId, action: ActionKind) -> Command {
    Command::Declare { player: p, action }
}

fn push(x: i8, y: i8) -> Command {
    Command::Push { square: sq(x, y) }
}

fn use_skill(skill: Skill, use_it: bool) -> Command {
    Command::UseSkill { skill, use_it }
}

fn step(x: i8, y: i8) -> Command {
    Command::Step { to: sq(x, y) }
}

fn target(x: i8, y: i8) -> Command {
    Command::Pass { target: sq(x, y) }
}

fn used(ev: &[Event], skill: Skill) -> bool {
    ev.iter()
        .any(|e| matches!(e, Event::SkillUsed { skill: s, .. } if *s == skill))
}

fn asks(g: &Game, skill: Skill) -> bool {
    matches!(kind(g), PromptKind::UseSkill { skill: s, .. } if *s == skill)
}

/// A Human lineman at (10,7) against an Orc lineman at (11,7), Home to act, no re-rolls.
fn duel() -> (Scenario, PlayerId, PlayerId) {
    let mut s = scen();
    let a = s.player(HOME, 0);
    let d = s.player(AWAY, 0);
    s.put(a, 10, 7)
        .put(d, 11, 7)
        .rerolls(HOME, 0)
        .rerolls(AWAY, 0);
    (s, a, d)
}

/// The Human thrower (Sure Hands, Pass) at (5,7) with the ball, the catcher at (9,7), no
/// team re-rolls.
fn passing() -> (Scenario, PlayerId, PlayerId) {
    let mut s = scen();
    let t = s.player(HOME, 8);
    let c = s.player(HOME, 6);
    s.put(t, 5, 7)
        .put(c, 9, 7)
        .ball(Ball::Held { player: t })
        .rerolls(HOME, 0)
        .rerolls(AWAY, 0);
    (s, t, c)
}

// ----- §26.36 Accurate -----

/// §26.36 Accurate: +1 to the pass roll: a 3 on a Short pass (4+) is accurate.
#[test]
fn accurate_adds_one_to_the_pass_roll() {
    let (mut s, t, c) = passing();
    s.skill(t, Skill::Accurate);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(3), d6(3)],
        &[declare(t, ActionKind::Pass), target(9, 7)],
    );
    let r = &rolls(&ev, RollPurpose::Pass)[0];
    assert_eq!((r.modifier, r.success), (1, Some(true)));
    assert_eq!(g.ball, Ball::Held { player: c });
}

// ----- §26.60 Nerves of Steel -----

/// §26.60 Nerves of Steel: the opposing tackle zones on the thrower and on the catcher do
/// not count.
#[test]
fn nerves_of_steel_ignores_tackle_zones_to_pass_and_catch() {
    let (mut s, t, c) = passing();
    let o1 = s.player(AWAY, 0);
    let o2 = s.player(AWAY, 1);
    s.put(o1, 5, 8)
        .put(o2, 10, 7)
        .skill(t, Skill::NervesOfSteel)
        .skill(c, Skill::NervesOfSteel);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(4), d6(3)],
        &[declare(t, ActionKind::Pass), target(9, 7)],
    );
    assert_eq!(rolls(&ev, RollPurpose::Pass)[0].modifier, 0);
    assert_eq!(rolls(&ev, RollPurpose::Catch)[0].modifier, 1);
    assert_eq!(g.ball, Ball::Held { player: c });
}

/// §26.60, §15.4: an interceptor with Nerves of Steel ignores the tackle zone on him (−2
/// only).
#[test]
fn nerves_of_steel_ignores_tackle_zones_to_intercept() {
    let (mut s, t, _) = passing();
    let o = s.player(AWAY, 0);
    let h = s.player(HOME, 1);
    s.put(o, 7, 7).put(h, 7, 8).skill(o, Skill::NervesOfSteel);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(6)],
        &[
            declare(t, ActionKind::Pass),
            target(9, 7),
            Command::Intercept { player: o },
        ],
    );
    assert_eq!(rolls(&ev, RollPurpose::Interception)[0].modifier, -2);
    assert_eq!(g.ball, Ball::Held { player: o });
}

// ----- §26.71 Sure Feet -----

/// §26.71 Sure Feet: one failed GFI re-rolled per turn; the second failure has no re-roll.
#[test]
fn sure_feet_rerolls_one_failed_gfi_a_turn() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    s.put(p, 5, 5)
        .stats(p, 1, 3, 3, 8)
        .skill(p, Skill::SureFeet)
        .rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [d6(1)],
        &[declare(p, ActionKind::Move), step(6, 5), step(7, 5)],
    );
    assert!(matches!(
        kind(&g),
        PromptKind::Reroll { sources, check: CheckKind::Gfi, .. }
            if sources == &vec![RerollSource::Skill(Skill::SureFeet)]
    ));
    play(
        &mut g,
        [d6(2)],
        &[Command::Reroll {
            source: RerollSource::Skill(Skill::SureFeet),
        }],
    );
    assert_eq!(state(&g, p), standing(7, 5));
    let ev = play(&mut g, [d6(1), d6(1), d6(1)], &[step(8, 5)]);
    assert_eq!(turnover_of(&ev), Some(Turnover::KnockedDown));
    assert_eq!(state(&g, p), prone(8, 5));
}

// ----- §26.67 Sneaky Git -----

fn foul_scene() -> (Game, PlayerId, PlayerId) {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let v = s.player(AWAY, 0);
    s.put(p, 10, 7)
        .prone(v, 11, 7)
        .skill(p, Skill::SneakyGit)
        .rerolls(HOME, 0);
    (s.turn(HOME, 1), p, v)
}

/// §26.67 Sneaky Git, §14: a double on an armour roll that holds does not send him off; a
/// double that breaks the armour still does.
#[test]
fn sneaky_git_is_sent_off_only_when_the_double_breaks_armour() {
    let (mut g, p, v) = foul_scene();
    let ev = play(
        &mut g,
        [d6(2), d6(2)],
        &[declare(p, ActionKind::Foul), Command::Foul { target: v }],
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::SentOff { .. })));
    assert_eq!(turnover_of(&ev), None);
    assert_eq!(state(&g, p), standing(10, 7));
    let (mut g, p, v) = foul_scene();
    let ev = play(
        &mut g,
        [d6(5), d6(5), d6(1), d6(2)],
        &[declare(p, ActionKind::Foul), Command::Foul { target: v }],
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::SentOff { player } if *player == p))
    );
    assert_eq!(turnover_of(&ev), Some(Turnover::SentOff));
}

// ----- §26.48 Fend -----

/// §26.48 Fend: the attacker may not follow up.
#[test]
fn fend_stops_the_follow_up() {
    let (mut s, a, d) = duel();
    s.skill(d, Skill::Fend);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [bd(3)], &[block(a, d), push(12, 7)]);
    assert_eq!(state(&g, d), standing(12, 7));
    assert_eq!(state(&g, a), standing(10, 7));
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
}

/// §26.48, §26.13: a Juggernaut on a Blitz may follow up a Fend player; on a plain Block
/// Fend still stops him.
#[test]
fn juggernaut_on_a_blitz_cancels_fend() {
    let (mut s, a, d) = duel();
    s.skill(d, Skill::Fend).skill(a, Skill::Juggernaut);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [bd(3)], &[block(a, d), push(12, 7)]);
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [bd(3)],
        &[
            declare(a, ActionKind::Blitz),
            Command::BlitzBlock { target: d },
            push(12, 7),
        ],
    );
    assert!(matches!(kind(&g), PromptKind::FollowUp { .. }));
}

// ----- §26.75 Wrestle -----

/// §26.75 Wrestle: on Both Down both players are Placed Prone, no armour roll, no turnover.
#[test]
fn wrestle_places_both_players_prone() {
    let (mut s, a, d) = duel();
    s.skill(a, Skill::Wrestle);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [bd(2)], &[block(a, d)]);
    assert!(asks(&g, Skill::Wrestle));
    assert_eq!(g.prompt.coach, Some(HOME));
    let ev = play(&mut g, [], &[use_skill(Skill::Wrestle, true)]);
    assert_eq!(state(&g, a), prone(10, 7));
    assert_eq!(state(&g, d), prone(11, 7));
    assert!(rolls(&ev, RollPurpose::Armour).is_empty());
    assert_eq!(turnover_of(&ev), None);
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
}

/// §26.75: the active carrier wrestled to the ground is a turnover; declining, Both Down
/// applies (both knocked down, armour rolled).
#[test]
fn wrestle_with_the_ball_is_a_turnover_and_may_be_declined() {
    let (mut s, a, d) = duel();
    s.skill(d, Skill::Wrestle).ball(Ball::Held { player: a });
    let mut g = s.turn(HOME, 1);
    play(&mut g, [bd(2)], &[block(a, d)]);
    assert!(asks(&g, Skill::Wrestle));
    assert_eq!(g.prompt.coach, Some(AWAY));
    let ev = play(&mut g, [d8(3)], &[use_skill(Skill::Wrestle, true)]);
    assert_eq!(turnover_of(&ev), Some(Turnover::BallCarrierDown));
    assert!(rolls(&ev, RollPurpose::Armour).is_empty());
    let (mut s, a, d) = duel();
    s.skill(d, Skill::Wrestle);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [bd(2), d6(1), d6(1), d6(1), d6(1)],
        &[block(a, d), use_skill(Skill::Wrestle, false)],
    );
    assert_eq!(rolls(&ev, RollPurpose::Armour).len(), 2);
    assert_eq!(turnover_of(&ev), Some(Turnover::KnockedDown));
}

/// §26.75, §26.13: a Juggernaut on a Blitz cancels the defender's Wrestle (Both Down is
/// Pushed); on a plain Block the defender may wrestle.
#[test]
fn juggernaut_on_a_blitz_cancels_wrestle() {
    let (mut s, a, d) = duel();
    s.skill(d, Skill::Wrestle).skill(a, Skill::Juggernaut);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [bd(2)],
        &[
            declare(a, ActionKind::Blitz),
            Command::BlitzBlock { target: d },
        ],
    );
    assert!(matches!(kind(&g), PromptKind::Push { .. }));
    let mut g = s.turn(HOME, 1);
    play(&mut g, [bd(2)], &[block(a, d)]);
    assert!(asks(&g, Skill::Wrestle));
}

// ----- §26.70 Strip Ball -----

/// §26.70 Strip Ball: a pushed carrier drops the ball in the square he is pushed to; it
/// bounces.
#[test]
fn strip_ball_makes_a_pushed_carrier_drop_the_ball() {
    let (mut s, a, d) = duel();
    s.skill(a, Skill::StripBall).ball(Ball::Held { player: d });
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [bd(3)],
        &[
            block(a, d),
            push(12, 7),
            Command::FollowUp { follow: false },
        ],
    );
    assert!(asks(&g, Skill::StripBall));
    let ev = play(&mut g, [d8(5)], &[use_skill(Skill::StripBall, true)]);
    assert!(used(&ev, Skill::StripBall));
    assert_eq!(g.ball, Ball::Ground { square: sq(13, 7) });
    assert_eq!(turnover_of(&ev), None);
}

/// §26.70, §26.29: Sure Hands keeps the ball against Strip Ball.
#[test]
fn sure_hands_blocks_strip_ball() {
    let (mut s, a, d) = duel();
    s.skill(a, Skill::StripBall)
        .skill(d, Skill::SureHands)
        .ball(Ball::Held { player: d });
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [bd(3)],
        &[
            block(a, d),
            push(12, 7),
            Command::FollowUp { follow: false },
        ],
    );
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
    assert_eq!(g.ball, Ball::Held { player: d });
}

// ----- §26.66 Side Step -----

fn push_squares(g: &Game) -> Vec<Square> {
    legal_commands(g)
        .iter()
        .filter_map(|c| match c {
            Command::Push { square } => Some(*square),
            _ => None,
        })
        .collect()
}

/// §26.66 Side Step: his own coach picks the square, any free square beside him.
#[test]
fn side_step_lets_the_defenders_coach_pick_any_free_square() {
    let (mut s, a, d) = duel();
    s.skill(d, Skill::SideStep);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [bd(3)], &[block(a, d)]);
    assert_eq!(g.prompt.coach, Some(AWAY));
    let squares = push_squares(&g);
    assert_eq!(squares.len(), 7);
    assert!(squares.contains(&sq(11, 6)));
    play(&mut g, [], &[push(10, 6)]);
    assert_eq!(state(&g, d), standing(10, 6));
}

/// §26.66: with no free square beside him Side Step cannot be used: the usual push (a
/// chain, chosen by the active coach).
#[test]
fn side_step_needs_a_free_square() {
    let (mut s, a, d) = duel();
    s.skill(d, Skill::SideStep);
    let around = [
        (10, 6),
        (11, 6),
        (12, 6),
        (10, 8),
        (11, 8),
        (12, 8),
        (12, 7),
    ];
    for (i, (x, y)) in around.iter().enumerate() {
        let p = if i < 4 {
            s.player(AWAY, i + 1)
        } else {
            s.player(HOME, i)
        };
        s.put(p, *x, *y);
    }
    let mut g = s.turn(HOME, 1);
    play(&mut g, [bd(3)], &[block(a, d)]);
    assert_eq!(g.prompt.coach, Some(HOME));
    assert_eq!(push_squares(&g), vec![sq(12, 6), sq(12, 7), sq(12, 8)]);
}

/// §26.66, §26.50: Grab cancels Side Step on a block: the usual three squares.
#[test]
fn grab_cancels_side_step() {
    let (mut s, a, d) = duel();
    s.skill(d, Skill::SideStep).skill(a, Skill::Grab);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [bd(3)], &[block(a, d)]);
    assert_eq!(g.prompt.coach, Some(HOME));
    assert_eq!(push_squares(&g).len(), 3);
}

// ----- §26.55 Jump Up -----

/// §26.55 Jump Up: standing up costs no movement.
#[test]
fn jump_up_stands_up_for_free() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    s.prone(p, 5, 5).skill(p, Skill::JumpUp);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[declare(p, ActionKind::Move)]);
    assert_eq!(state(&g, p), standing(5, 5));
    assert!(matches!(kind(&g), PromptKind::Acting { ma_left: 6, .. }));
}

/// §26.55: a prone Jump Up player may declare a Block: an Agility roll at +2 first; a pass
/// stands him up to block, a failure loses the block (no turnover).
#[test]
fn jump_up_blocks_from_prone_after_an_agility_roll() {
    let (mut s, a, d) = duel();
    s.prone(a, 10, 7).skill(a, Skill::JumpUp);
    let mut g = s.turn(HOME, 1);
    assert!(legal_commands(&g).contains(&block(a, d)));
    let ev = play(&mut g, [d6(2), bd(3)], &[block(a, d)]);
    let r = &rolls(&ev, RollPurpose::JumpUp)[0];
    assert_eq!((r.target, r.modifier, r.success), (Some(4), 2, Some(true)));
    assert!(ev.iter().any(|e| matches!(e, Event::BlockDeclared { .. })));
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(1)], &[block(a, d)]);
    assert!(!ev.iter().any(|e| matches!(e, Event::BlockDeclared { .. })));
    assert_eq!(state(&g, a), prone(10, 7));
    assert_eq!(turnover_of(&ev), None);
    assert!(g.players[a.index()].acted);
}

// ----- §26.43 Diving Catch -----

/// §26.43 Diving Catch: +1 more to catch an accurate pass aimed at his square.
#[test]
fn diving_catch_adds_one_to_an_accurate_pass_to_him() {
    let (mut s, t, c) = passing();
    s.skill(c, Skill::DivingCatch);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(4), d6(2)],
        &[declare(t, ActionKind::Pass), target(9, 7)],
    );
    assert_eq!(rolls(&ev, RollPurpose::Catch)[0].modifier, 2);
    assert_eq!(g.ball, Ball::Held { player: c });
}

/// §26.43: a pass coming down in an empty square beside him may be caught as if it had come
/// to his square.
#[test]
fn diving_catch_dives_for_a_ball_beside_him() {
    let (mut s, t, c) = passing();
    s.skill(c, Skill::DivingCatch);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [d6(4)],
        &[declare(t, ActionKind::Pass), target(9, 8)],
    );
    assert!(asks(&g, Skill::DivingCatch));
    let ev = play(&mut g, [d6(3)], &[use_skill(Skill::DivingCatch, true)]);
    assert!(used(&ev, Skill::DivingCatch));
    assert_eq!(g.ball, Ball::Held { player: c });
    assert_eq!(turnover_of(&ev), None);
}

/// §26.43: two players able to dive for the same ball get in each other's way: none dives.
#[test]
fn two_diving_catchers_get_in_each_others_way() {
    let (mut s, t, c) = passing();
    let o = s.player(AWAY, 0);
    s.put(o, 10, 8)
        .skill(c, Skill::DivingCatch)
        .skill(o, Skill::DivingCatch);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(4), d8(7)],
        &[declare(t, ActionKind::Pass), target(9, 8)],
    );
    assert!(!used(&ev, Skill::DivingCatch));
    assert_eq!(turnover_of(&ev), Some(Turnover::BallNotCaught));
}

// ----- §26.44 Diving Tackle -----

fn dodger() -> (Scenario, PlayerId, PlayerId) {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let t = s.player(AWAY, 0);
    s.put(p, 10, 7)
        .put(t, 11, 7)
        .skill(t, Skill::DivingTackle)
        .rerolls(HOME, 0);
    (s, p, t)
}

/// §26.44 Diving Tackle: decided after the dodge roll: −2 turns a 4 (+1 = 5) into a
/// failure; the tackler is Placed Prone in the square the dodger left.
#[test]
fn diving_tackle_makes_a_dodge_fail_and_lies_down() {
    let (mut s, p, t) = dodger();
    let mut g = s.turn(HOME, 1);
    play(&mut g, [d6(4)], &[declare(p, ActionKind::Move), step(9, 7)]);
    assert!(asks(&g, Skill::DivingTackle));
    assert_eq!(g.prompt.coach, Some(AWAY));
    let ev = play(
        &mut g,
        [d6(1), d6(1)],
        &[use_skill(Skill::DivingTackle, true)],
    );
    assert_eq!(state(&g, t), prone(10, 7));
    assert_eq!(state(&g, p), prone(9, 7));
    assert_eq!(turnover_of(&ev), Some(Turnover::KnockedDown));
}

/// §26.44, §26.0 (rule 5): not asked when −2 would not change the result; declined, the
/// dodge stands.
#[test]
fn diving_tackle_is_asked_only_when_it_matters() {
    let (mut s, p, t) = dodger();
    let mut g = s.turn(HOME, 1);
    play(&mut g, [d6(5)], &[declare(p, ActionKind::Move), step(9, 7)]);
    assert!(matches!(kind(&g), PromptKind::Acting { .. }));
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [d6(4)],
        &[
            declare(p, ActionKind::Move),
            step(9, 7),
            use_skill(Skill::DivingTackle, false),
        ],
    );
    assert_eq!(state(&g, t), standing(11, 7));
    assert_eq!(state(&g, p), standing(9, 7));
}

// ----- §26.58 Leader -----

/// §26.58 Leader: a team with a Leader takes one Leader re-roll at the start of the match.
#[test]
fn a_team_with_a_leader_takes_a_leader_reroll() {
    let mut home = starter_team(Roster::Human);
    home.players[0].extra_skills.push(Skill::Leader);
    let setup = MatchSetup {
        teams: [
            TeamChoice::Sheet(Box::new(home)),
            TeamChoice::Roster(Roster::Orc),
        ],
        options: Options::default(),
        pre_match: Box::default(),
    };
    let mut d = dice(vec![d6(3), d6(4), d6(3), d6(3), d6(4), d6(4), pick(2, 0)]);
    let (g, ev) = new_game(setup, &mut d).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::LeaderReroll {
            side: Side::Home,
            available: true
        }
    )));
    assert!(g.teams[0].leader_reroll && !g.teams[1].leader_reroll);
    assert!(view(&g).teams[0].leader_reroll);
}

/// A Human lineman at (10,7) marked by an Orc at (11,7), the Leader at (5,5) on the pitch,
/// the Leader re-roll in hand, no team re-rolls.
fn leader_scene() -> (Scenario, PlayerId, PlayerId) {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let l = s.player(HOME, 1);
    let o = s.player(AWAY, 0);
    s.put(p, 10, 7)
        .put(o, 11, 7)
        .put(l, 5, 5)
        .skill(l, Skill::Leader)
        .rerolls(HOME, 0);
    s.game.teams[0].leader_reroll = true;
    (s, p, l)
}

/// §26.58: the Leader re-roll is used like a team re-roll, once, while a Leader is on the
/// pitch.
#[test]
fn the_leader_reroll_rerolls_like_a_team_reroll() {
    let (mut s, p, _) = leader_scene();
    let mut g = s.turn(HOME, 1);
    play(&mut g, [d6(1)], &[declare(p, ActionKind::Move), step(9, 7)]);
    assert!(matches!(
        kind(&g),
        PromptKind::Reroll { sources, .. } if sources == &vec![RerollSource::Leader]
    ));
    let ev = play(
        &mut g,
        [d6(4)],
        &[Command::Reroll {
            source: RerollSource::Leader,
        }],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::LeaderReroll {
            available: false,
            ..
        }
    )));
    assert!(!g.teams[0].leader_reroll);
    assert!(g.teams[0].used.reroll);
    assert_eq!(state(&g, p), standing(9, 7));
}

/// §26.58: no Leader on the pitch, no Leader re-roll.
#[test]
fn the_leader_reroll_needs_a_leader_on_the_pitch() {
    let (mut s, p, l) = leader_scene();
    s.state(l, PlayerState::Reserve);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(1), d6(1), d6(1)],
        &[declare(p, ActionKind::Move), step(9, 7)],
    );
    assert_eq!(turnover_of(&ev), Some(Turnover::KnockedDown));
    assert!(g.teams[0].leader_reroll);
}

/// §26.58, §26.15: a Loner must roll 4+ before the Leader re-roll; on a 1–3 it is spent
/// and the failure stands.
#[test]
fn loner_rolls_before_the_leader_reroll() {
    let (mut s, p, _) = leader_scene();
    s.skill(p, Skill::Loner);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [d6(1)], &[declare(p, ActionKind::Move), step(9, 7)]);
    let ev = play(
        &mut g,
        [d6(3), d6(1), d6(1)],
        &[Command::Reroll {
            source: RerollSource::Leader,
        }],
    );
    assert_eq!(rolls(&ev, RollPurpose::Loner)[0].success, Some(false));
    assert!(!g.teams[0].leader_reroll);
    assert_eq!(turnover_of(&ev), Some(Turnover::KnockedDown));
}

// ----- §26.56 Kick -----

/// §26.56 Kick: a kicker off the line and out of the wide zones may halve the kick's
/// distance (5 → 2).
#[test]
fn kick_halves_the_scatter_distance() {
    let mut d = dice(vec![d6(3), d6(4), d6(3), d6(3), d6(4), d6(4), pick(2, 0)]);
    let setup = MatchSetup {
        teams: [
            TeamChoice::Roster(Roster::Human),
            TeamChoice::Roster(Roster::Orc),
        ],
        options: Options::default(),
        pre_match: Box::default(),
    };
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
    let kicker = g
        .players
        .iter()
        .find(|p| {
            p.side == AWAY
                && p.square()
                    .is_some_and(|s| s.x != 13 && (4..=10).contains(&s.y))
        })
        .unwrap()
        .id;
    g.players[kicker.index()].skills.insert(Skill::Kick);
    play(
        &mut g,
        [d8(5), d6(5)],
        &[Command::PlaceKick { square: sq(6, 7) }],
    );
    assert!(asks(&g, Skill::Kick));
    assert_eq!(g.prompt.coach, Some(AWAY));
    let ev = play(&mut g, [d6(4), d6(5)], &[use_skill(Skill::Kick, true)]);
    assert!(ev.iter().any(
        |e| matches!(e, Event::Kick { aimed, lands } if *aimed == sq(6, 7) && *lands == sq(8, 7))
    ));
}

// ----- §26.64 Safe Throw -----

/// §26.64 Safe Throw: an interception is cancelled by an unmodified Agility roll; the pass
/// goes on.
#[test]
fn safe_throw_cancels_an_interception() {
    let (mut s, t, c) = passing();
    let o = s.player(AWAY, 0);
    s.put(o, 7, 7).skill(t, Skill::SafeThrow);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(6), d6(4), d6(4), d6(3)],
        &[
            declare(t, ActionKind::Pass),
            target(9, 7),
            Command::Intercept { player: o },
        ],
    );
    let r = &rolls(&ev, RollPurpose::SafeThrow)[0];
    assert_eq!((r.target, r.modifier, r.success), (Some(4), 0, Some(true)));
    assert!(!ev.iter().any(|e| matches!(e, Event::Intercepted { .. })));
    assert_eq!(g.ball, Ball::Held { player: c });
}

/// §26.64, §26.34: an interceptor with Very Long Legs is not stopped by Safe Throw.
#[test]
fn safe_throw_cannot_cancel_a_very_long_legs_interception() {
    let (mut s, t, _) = passing();
    let o = s.player(AWAY, 0);
    s.put(o, 7, 7)
        .skill(t, Skill::SafeThrow)
        .skill(o, Skill::VeryLongLegs);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(6)],
        &[
            declare(t, ActionKind::Pass),
            target(9, 7),
            Command::Intercept { player: o },
        ],
    );
    assert!(rolls(&ev, RollPurpose::SafeThrow).is_empty());
    assert_eq!(g.ball, Ball::Held { player: o });
}

/// §26.64: a fumble that is not a natural 1 keeps the ball and is no turnover; a natural 1
/// still fumbles.
#[test]
fn safe_throw_keeps_a_fumble_that_is_not_a_natural_one() {
    let (mut s, t, _) = passing();
    let o1 = s.player(AWAY, 0);
    let o2 = s.player(AWAY, 1);
    s.put(o1, 5, 6).put(o2, 5, 8).skill(t, Skill::SafeThrow);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(2)],
        &[declare(t, ActionKind::Pass), target(9, 7), Command::Decline],
    );
    assert!(used(&ev, Skill::SafeThrow));
    assert_eq!(g.ball, Ball::Held { player: t });
    assert_eq!(turnover_of(&ev), None);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(1), d8(1)],
        &[declare(t, ActionKind::Pass), target(9, 7), Command::Decline],
    );
    assert_eq!(turnover_of(&ev), Some(Turnover::Fumble));
}

// ----- §26.52 Hail Mary Pass -----

/// §26.52 Hail Mary Pass: any square, no interception, never accurate: 2+ throws it and it
/// scatters three times from the target.
#[test]
fn hail_mary_pass_goes_anywhere_and_scatters() {
    let (mut s, t, _) = passing();
    let o = s.player(AWAY, 0);
    s.put(o, 10, 7).skill(t, Skill::HailMaryPass);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[declare(t, ActionKind::Pass)]);
    let far = Command::HailMaryPass { target: sq(20, 7) };
    assert!(legal_commands(&g).contains(&far));
    assert!(!legal_commands(&g).contains(&target(20, 7)));
    let ev = play(&mut g, [d6(2), d8(5), d8(5), d8(5), d8(5)], &[far]);
    assert!(!ev.iter().any(|e| matches!(e, Event::Intercepted { .. })));
    assert_eq!(g.ball, Ball::Ground { square: sq(24, 7) });
    assert_eq!(turnover_of(&ev), Some(Turnover::BallNotCaught));
}

/// §26.52: a 1 fumbles; no Hail Mary in a Blizzard.
#[test]
fn hail_mary_pass_fumbles_on_a_one_and_not_in_a_blizzard() {
    let (mut s, t, _) = passing();
    s.skill(t, Skill::HailMaryPass);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(1), d8(5)],
        &[
            declare(t, ActionKind::Pass),
            Command::HailMaryPass { target: sq(20, 7) },
            Command::Decline,
        ],
    );
    assert_eq!(turnover_of(&ev), Some(Turnover::Fumble));
    s.weather(Weather::Blizzard);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[declare(t, ActionKind::Pass)]);
    assert!(
        !legal_commands(&g)
            .iter()
            .any(|c| matches!(c, Command::HailMaryPass { .. }))
    );
}

// ----- §26.65 Shadowing -----

/// A Human lineman (MA 6) at (10,7) beside an Orc lineman (MA 5) with Shadowing at (11,7);
/// he steps away to (9,7) (dodge 4 + 1: passed).
fn shadowed() -> (Game, PlayerId, PlayerId) {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(p, 10, 7)
        .put(o, 11, 7)
        .skill(o, Skill::Shadowing)
        .rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [d6(4)], &[declare(p, ActionKind::Move), step(9, 7)]);
    (g, p, o)
}

/// §26.65 Shadowing: the mover's coach rolls 2D6 + his MA − the shadower's MA; 7 or less,
/// the shadower steps into the square left, with no dodge.
#[test]
fn shadowing_follows_a_player_leaving_his_tackle_zone() {
    let (mut g, _, o) = shadowed();
    assert!(asks(&g, Skill::Shadowing));
    assert_eq!(g.prompt.coach, Some(AWAY));
    let ev = play(&mut g, [d6(2), d6(2)], &[use_skill(Skill::Shadowing, true)]);
    let r = &rolls(&ev, RollPurpose::Shadowing)[0];
    assert_eq!(r.coach, Some(HOME));
    assert_eq!(state(&g, o), standing(10, 7));
    assert!(rolls(&ev, RollPurpose::Dodge).is_empty());
    assert!(matches!(kind(&g), PromptKind::Acting { .. }));
}

/// §26.65: 8 or more and the mover gets away.
#[test]
fn shadowing_fails_on_eight_or_more() {
    let (mut g, _, o) = shadowed();
    // 3 + 3 + 6 − 5 = 7: follows; 4 + 3 + 6 − 5 = 8: gets away.
    let mut h = g.clone();
    play(&mut h, [d6(3), d6(3)], &[use_skill(Skill::Shadowing, true)]);
    assert_eq!(state(&h, o), standing(10, 7));
    play(&mut g, [d6(4), d6(3)], &[use_skill(Skill::Shadowing, true)]);
    assert_eq!(state(&g, o), standing(11, 7));
}

// ----- §26.45 Dump-Off -----

/// A Human lineman at (10,7) blocks an Orc carrier with Dump-Off at (11,7); an Orc
/// team-mate at (14,7) (a Quick pass away).
fn dump_off_scene() -> (Scenario, PlayerId, PlayerId, PlayerId) {
    let (mut s, a, d) = duel();
    let c = s.player(AWAY, 1);
    s.put(c, 14, 7)
        .skill(d, Skill::DumpOff)
        .ball(Ball::Held { player: d });
    (s, a, d, c)
}

/// §26.45 Dump-Off: before the block the carrier's coach may throw a Quick pass by the
/// normal rules; then the block goes ahead.
#[test]
fn dump_off_throws_a_quick_pass_before_the_block() {
    let (mut s, a, d, c) = dump_off_scene();
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[block(a, d)]);
    assert!(matches!(kind(&g), PromptKind::DumpOff { player } if *player == d));
    assert_eq!(g.prompt.coach, Some(AWAY));
    assert!(!legal_commands(&g).contains(&target(16, 7)), "Quick only");
    let ev = play(&mut g, [d6(4), d6(3), bd(3)], &[target(14, 7)]);
    assert!(used(&ev, Skill::DumpOff));
    assert_eq!(rolls(&ev, RollPurpose::Pass)[0].modifier, 0);
    assert_eq!(g.ball, Ball::Held { player: c });
    assert_eq!(turnover_of(&ev), None);
    assert!(matches!(kind(&g), PromptKind::Push { .. }));
}

/// §26.45: whatever the result, neither team's turn ends: a fumble bounces, no turnover.
#[test]
fn a_fumbled_dump_off_ends_no_turn() {
    let (mut s, a, d, _) = dump_off_scene();
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(1), d8(3), bd(3)], &[block(a, d), target(14, 7)]);
    assert!(ev.iter().any(|e| matches!(e, Event::Fumbled { .. })));
    assert_eq!(turnover_of(&ev), None);
    assert!(g.turnover.is_none());
    assert!(matches!(kind(&g), PromptKind::Push { .. }));
}

/// §26.45, §26.12: no Dump-Off against a Frenzy player's second block.
#[test]
fn no_dump_off_against_a_frenzy_second_block() {
    let (mut s, a, d, _) = dump_off_scene();
    s.skill(a, Skill::Frenzy);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [bd(3), bd(3)],
        &[block(a, d), Command::Decline, push(12, 7)],
    );
    assert!(matches!(kind(&g), PromptKind::Push { .. }));
    assert_eq!(g.ball, Ball::Held { player: d });
}

// ----- §26.57 Kick-Off Return -----

/// §26.57 Kick-Off Return: after the kick scatters and before the kick-off table, one
/// receiving player off the line moves up to 3 squares.
#[test]
fn kick_off_return_moves_a_receiver_before_the_table() {
    let mut d = dice(vec![d6(3), d6(4), d6(3), d6(3), d6(4), d6(4), pick(2, 0)]);
    let setup = MatchSetup {
        teams: [
            TeamChoice::Roster(Roster::Human),
            TeamChoice::Roster(Roster::Orc),
        ],
        options: Options::default(),
        pre_match: Box::default(),
    };
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
    let r = g
        .players
        .iter()
        .find(|p| p.side == HOME && p.square() == Some(sq(9, 7)))
        .unwrap()
        .id;
    let line = g
        .players
        .iter()
        .find(|p| p.side == HOME && p.square() == Some(sq(12, 7)))
        .unwrap()
        .id;
    g.players[r.index()].skills.insert(Skill::KickOffReturn);
    g.players[line.index()].skills.insert(Skill::KickOffReturn);
    let ev = play(
        &mut g,
        [d8(5), d6(2)],
        &[Command::PlaceKick { square: sq(6, 7) }],
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::KickOff { .. })));
    assert!(matches!(
        kind(&g),
        PromptKind::KickOffReturn { player: None, .. }
    ));
    assert_eq!(g.prompt.coach, Some(HOME));
    let legal = legal_commands(&g);
    assert!(
        !legal
            .iter()
            .any(|c| matches!(c, Command::KickOffReturn { player, .. } if *player == line)),
        "not from the line of scrimmage"
    );
    let mv = |x, y| Command::KickOffReturn {
        player: r,
        to: sq(x, y),
    };
    play(&mut g, [], &[mv(8, 7), mv(7, 7)]);
    assert!(matches!(
        kind(&g),
        PromptKind::KickOffReturn {
            player: Some(_),
            squares_left: 1
        }
    ));
    let ev = play(&mut g, [d6(4), d6(5)], &[mv(6, 7)]);
    assert_eq!(state(&g, r), standing(6, 7));
    assert!(ev.iter().any(|e| matches!(e, Event::KickOff { .. })));
}

// ----- §26.62 Pass Block -----

fn pb(p: PlayerId, x: i8, y: i8) -> Command {
    Command::PassBlock {
        player: p,
        to: sq(x, y),
    }
}

/// §26.62 Pass Block: when the pass is announced, after the range and before any
/// interception, a Pass Block player moves up to 3 squares to a legal destination (here the
/// receiver's tackle zone: the catch takes −1); he may not stop short of one.
#[test]
fn pass_block_moves_into_the_receivers_tackle_zone() {
    let (mut s, t, c) = passing();
    let o = s.player(AWAY, 0);
    s.put(o, 9, 3).skill(o, Skill::PassBlock);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[declare(t, ActionKind::Pass), target(9, 7)]);
    assert!(matches!(
        kind(&g),
        PromptKind::PassBlock { player: None, .. }
    ));
    assert_eq!(g.prompt.coach, Some(AWAY));
    assert!(legal_commands(&g).contains(&pb(o, 9, 4)));
    play(&mut g, [], &[pb(o, 9, 4)]);
    assert!(
        !legal_commands(&g).contains(&Command::Done),
        "not on a legal destination yet"
    );
    let ev = play(&mut g, [d6(4), d6(4)], &[pb(o, 9, 5), pb(o, 9, 6)]);
    assert_eq!(state(&g, o), standing(9, 6));
    assert_eq!(rolls(&ev, RollPurpose::Catch)[0].modifier, 0);
    assert_eq!(g.ball, Ball::Held { player: c });
}

/// §26.62, §15.4: a Pass Block player who moved under the pass may then intercept it.
#[test]
fn pass_block_can_reach_an_interception_square() {
    let (mut s, t, _) = passing();
    let o = s.player(AWAY, 0);
    s.put(o, 7, 3).skill(o, Skill::PassBlock);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [],
        &[
            declare(t, ActionKind::Pass),
            target(9, 7),
            pb(o, 7, 4),
            pb(o, 7, 5),
            pb(o, 7, 6),
        ],
    );
    assert!(matches!(kind(&g), PromptKind::Intercept { candidates } if candidates.contains(&o)));
}

/// §26.62: a player who cannot reach a legal destination in 3 squares may not start.
#[test]
fn pass_block_needs_a_reachable_destination() {
    let (mut s, t, c) = passing();
    let o = s.player(AWAY, 0);
    s.put(o, 20, 3).skill(o, Skill::PassBlock);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [d6(4), d6(3)],
        &[declare(t, ActionKind::Pass), target(9, 7)],
    );
    assert_eq!(g.ball, Ball::Held { player: c });
}

/// §26.62: the move follows the normal rules: a failed dodge knocks him down and ends the
/// Pass Block, with no turnover for the passing team.
#[test]
fn a_pass_block_dodge_that_fails_is_no_turnover_for_the_passers() {
    let (mut s, t, c) = passing();
    let o = s.player(AWAY, 0);
    let h = s.player(HOME, 1);
    s.put(o, 9, 3).put(h, 10, 3).skill(o, Skill::PassBlock);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(1), d6(1), d6(1), d6(4), d6(3)],
        &[declare(t, ActionKind::Pass), target(9, 7), pb(o, 9, 4)],
    );
    assert_eq!(rolls(&ev, RollPurpose::Dodge).len(), 1);
    assert_eq!(state(&g, o), prone(9, 4));
    assert_eq!(turnover_of(&ev), None);
    assert_eq!(g.ball, Ball::Held { player: c });
}

/// §26.45, §15.4: a Dump-Off may be intercepted by the active team (its coach decides); the
/// interception ends no turn.
#[test]
fn a_dump_off_may_be_intercepted_by_the_blockers_team() {
    let (mut s, a, d, _) = dump_off_scene();
    let h = s.player(HOME, 1);
    s.put(h, 13, 7);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[block(a, d), target(14, 7)]);
    assert!(matches!(kind(&g), PromptKind::Intercept { .. }));
    assert_eq!(g.prompt.coach, Some(HOME));
    let ev = play(&mut g, [d6(6), bd(3)], &[Command::Intercept { player: h }]);
    assert_eq!(g.ball, Ball::Held { player: h });
    assert_eq!(turnover_of(&ev), None);
    assert!(matches!(kind(&g), PromptKind::Push { .. }));
}

/// §26.58: at half-time a team with a Leader takes its Leader re-roll again (one at most).
#[test]
fn the_leader_reroll_comes_back_at_half_time() {
    let (mut s, _, _) = leader_scene();
    s.game.teams[0].leader_reroll = false;
    s.game.teams[1].turns = 8;
    // Home's 8 turns are played too: the half ends at once.
    let g = s.turn(HOME, 9);
    assert_eq!(g.half, 2);
    assert!(g.teams[0].leader_reroll);
    assert!(!g.teams[1].leader_reroll);
}

/// §26.44, G120 [Proposal]: Diving Tackle works on a leap out of his tackle zone too: a 5
/// (Leap 4+, no modifier) fails at −2.
#[test]
fn diving_tackle_works_on_a_leap() {
    let (mut s, p, t) = dodger();
    s.skill(p, Skill::Leap);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [d6(5)],
        &[declare(p, ActionKind::Move), Command::Leap { to: sq(8, 7) }],
    );
    assert!(asks(&g, Skill::DivingTackle));
    let ev = play(
        &mut g,
        [d6(1), d6(1)],
        &[use_skill(Skill::DivingTackle, true)],
    );
    assert_eq!(state(&g, t), prone(10, 7));
    assert_eq!(state(&g, p), prone(8, 7));
    assert_eq!(turnover_of(&ev), Some(Turnover::KnockedDown));
}

/// §26.52, §26.4: a Bombardier with Hail Mary Pass may throw his bomb anywhere: never
/// accurate, it scatters three times and goes off where it lands.
#[test]
fn a_bomb_may_be_thrown_as_a_hail_mary_pass() {
    let mut s = scen();
    let b = s.player(HOME, 0);
    s.put(b, 10, 7)
        .skill(b, Skill::Bombardier)
        .skill(b, Skill::HailMaryPass)
        .rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(6), d8(5), d8(5), d8(5)],
        &[
            declare(b, ActionKind::Bomb),
            Command::HailMaryPass { target: sq(20, 7) },
        ],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Exploded { square: Some(s) } if *s == sq(23, 7)
    )));
    assert!(g.bomb.is_none());
}
