//! The ball (§15–§17): passes, interceptions, fumbles, catches, bounces, throw-ins,
//! hand-offs; and the ball skills (Catch, Sure Hands, Pass, Strong Arm, No Hands).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.
#![allow(clippy::unwrap_used)]

mod bbcommon;
use bbcommon::*;

/// The Human thrower (Sure Hands, Pass) at (5,7) with the ball, the catcher at (9,7).
fn passing() -> (Scenario, PlayerId, PlayerId) {
    let mut s = scen();
    let t = s.player(HOME, 8);
    let c = s.player(HOME, 6);
    s.put(t, 5, 7).put(c, 9, 7).ball(Ball::Held { player: t });
    (s, t, c)
}

fn pass(t: PlayerId) -> Command {
    Command::Declare {
        player: t,
        action: ActionKind::Pass,
    }
}

fn target(x: i8, y: i8) -> Command {
    Command::Pass { target: sq(x, y) }
}

/// §15.1, §15.3, §15.6, §22: an accurate short pass (4 squares, +0) is caught at +1; a
/// completion; the Pass Action is used for the turn.
#[test]
fn an_accurate_pass_is_caught_and_counts_as_a_completion() {
    let (mut s, t, c) = passing();
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(4), d6(3)], &[pass(t), target(9, 7)]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Passed {
            range: PassRange::Short,
            ..
        }
    )));
    let r = &rolls(&ev, RollPurpose::Pass)[0];
    assert_eq!((r.target, r.modifier), (Some(4), 0));
    assert_eq!(rolls(&ev, RollPurpose::Catch)[0].modifier, 1);
    assert_eq!(g.ball, Ball::Held { player: c });
    assert!(ev.iter().any(
        |e| matches!(e, Event::Completion { passer, catcher } if *passer == t && *catcher == c)
    ));
    assert_eq!(turnover_of(&ev), None);
    assert!(!legal_commands(&g).iter().any(|c| matches!(
        c,
        Command::Declare {
            action: ActionKind::Pass,
            ..
        }
    )));
}

/// §2.5: the range table (G2): 4 squares straight is Short, 3 is Quick, 7 Long, 11 Bomb.
#[test]
fn pass_ranges_follow_the_table() {
    use dugout_rules::bb::data::pass_range;
    assert_eq!(pass_range(3, 0), Some(PassRange::Quick));
    assert_eq!(pass_range(4, 0), Some(PassRange::Short));
    assert_eq!(pass_range(7, 0), Some(PassRange::Long));
    assert_eq!(pass_range(11, 0), Some(PassRange::LongBomb));
    assert_eq!(pass_range(13, 2), None);
    assert_eq!(pass_range(0, 0), None);
}

/// §15.2, §15.4, §9.5: an opponent between thrower and target may intercept (−2) before the accuracy
/// roll; success is a turnover.
#[test]
fn an_interception_ends_the_pass_and_the_turn() {
    let (mut s, t, _) = passing();
    let o = s.player(AWAY, 0);
    s.put(o, 7, 7);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[pass(t), target(9, 7)]);
    assert_eq!(g.prompt.coach, Some(AWAY));
    assert!(matches!(kind(&g), PromptKind::Intercept { candidates } if candidates == &vec![o]));
    let ev = play(&mut g, [d6(6)], &[Command::Intercept { player: o }]);
    assert_eq!(rolls(&ev, RollPurpose::Interception)[0].modifier, -2);
    assert!(rolls(&ev, RollPurpose::Pass).is_empty());
    assert_eq!(g.ball, Ball::Held { player: o });
    assert_eq!(turnover_of(&ev), Some(Turnover::Interception));
}

/// §15.4 (G2): only players strictly between, near the line, may intercept.
#[test]
fn interception_needs_a_square_under_the_ruler_between_the_two() {
    let (mut s, t, _) = passing();
    let (o1, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.put(o1, 7, 10).put(o2, 11, 7);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(4), d6(3)], &[pass(t), target(9, 7)]);
    assert!(ev.iter().any(|e| matches!(e, Event::Completion { .. })));
}

/// §15.5, §9.5, §26.18 Pass: a natural 1 fumbles; Pass offers a re-roll; declined, the ball
/// bounces from the thrower and it is a turnover.
#[test]
fn a_fumble_bounces_from_the_thrower_and_is_a_turnover() {
    let (mut s, t, _) = passing();
    s.rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [d6(1)], &[pass(t), target(9, 7)]);
    assert!(
        matches!(kind(&g), PromptKind::Reroll { sources, .. } if sources == &vec![RerollSource::Skill(Skill::Pass)])
    );
    let ev = play(&mut g, [d8(7)], &[Command::Decline]);
    assert!(ev.iter().any(|e| matches!(e, Event::Fumbled { .. })));
    assert_eq!(g.ball, Ball::Ground { square: sq(5, 8) });
    assert_eq!(turnover_of(&ev), Some(Turnover::Fumble));
}

/// §2.3, §15.3, §15.8: an inaccurate pass scatters three times, lands on an empty square and
/// bounces; not caught by the active team: a turnover (§15.7).
#[test]
fn an_inaccurate_pass_scatters_three_times() {
    let (mut s, t, _) = passing();
    s.rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [d6(2)], &[pass(t), target(9, 7)]);
    let ev = play(&mut g, [d8(5), d8(5), d8(4), d8(2)], &[Command::Decline]);
    assert_eq!(rolls(&ev, RollPurpose::Scatter).len(), 3);
    assert_eq!(g.ball, Ball::Ground { square: sq(10, 6) });
    assert_eq!(turnover_of(&ev), Some(Turnover::BallNotCaught));
}

/// §26.27 Strong Arm: +1 beyond a Quick pass; §26.28 Stunty −1; §8 Very Sunny −1; −1 per
/// opposing tackle zone on the thrower.
#[test]
fn pass_modifiers_stack() {
    let (mut s, t, _) = passing();
    let o = s.player(AWAY, 0);
    s.put(o, 4, 7)
        .skill(t, Skill::StrongArm)
        .weather(Weather::VerySunny);
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [d6(6), d8(1)], &[pass(t), target(12, 7)]);
    // Long (7 squares) −1, Strong Arm +1, Very Sunny −1, one tackle zone −1.
    assert_eq!(rolls(&ev, RollPurpose::Pass)[0].modifier, -2);
}

/// §8: in a Blizzard only Quick and Short passes may be thrown.
#[test]
fn a_blizzard_allows_only_quick_and_short_passes() {
    let (mut s, t, _) = passing();
    s.weather(Weather::Blizzard);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[pass(t)]);
    let legal = legal_commands(&g);
    assert!(legal.contains(&target(9, 7)));
    assert!(!legal.contains(&target(12, 7)));
}

/// §15.6, §26.7 Catch: a failed catch may be re-rolled with Catch.
#[test]
fn catch_rerolls_a_failed_catch() {
    let (mut s, t, c) = passing();
    let mut g = s.turn(HOME, 1);
    play(&mut g, [d6(4), d6(1)], &[pass(t), target(9, 7)]);
    assert!(
        matches!(kind(&g), PromptKind::Reroll { check: CheckKind::Catch, sources, .. } if sources[0] == RerollSource::Skill(Skill::Catch))
    );
    play(
        &mut g,
        [d6(5)],
        &[Command::Reroll {
            source: RerollSource::Skill(Skill::Catch),
        }],
    );
    assert_eq!(g.ball, Ball::Held { player: c });
}

/// §10.6, §26.29 Sure Hands: a failed pick-up may be re-rolled.
#[test]
fn sure_hands_rerolls_a_failed_pick_up() {
    let mut s = scen();
    let t = s.player(HOME, 8);
    s.put(t, 5, 7).ball(Ball::Ground { square: sq(6, 7) });
    let mut g = s.turn(HOME, 1);
    let mv = Command::Declare {
        player: t,
        action: ActionKind::Move,
    };
    play(&mut g, [d6(1)], &[mv, Command::Step { to: sq(6, 7) }]);
    assert!(
        matches!(kind(&g), PromptKind::Reroll { sources, .. } if sources[0] == RerollSource::Skill(Skill::SureHands))
    );
    play(
        &mut g,
        [d6(3)],
        &[Command::Reroll {
            source: RerollSource::Skill(Skill::SureHands),
        }],
    );
    assert_eq!(g.ball, Ball::Held { player: t });
}

/// §26.17 No Hands: moving into the ball's square bounces it (a turnover); he never
/// catches.
#[test]
fn no_hands_cannot_pick_up() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    s.put(p, 5, 7)
        .ball(Ball::Ground { square: sq(6, 7) })
        .skill(p, Skill::NoHands);
    let mut g = s.turn(HOME, 1);
    let mv = Command::Declare {
        player: p,
        action: ActionKind::Move,
    };
    let ev = play(&mut g, [d8(5)], &[mv, Command::Step { to: sq(6, 7) }]);
    assert!(rolls(&ev, RollPurpose::PickUp).is_empty());
    assert_eq!(g.ball, Ball::Ground { square: sq(7, 7) });
    assert_eq!(turnover_of(&ev), Some(Turnover::FailedPickUp));
}

/// §16: a hand-off to an adjacent team-mate needs no throw; the catch is at +1.
#[test]
fn a_hand_off_is_caught_at_plus_one() {
    let (mut s, t, c) = passing();
    s.put(c, 6, 7);
    let mut g = s.turn(HOME, 1);
    let ho = Command::Declare {
        player: t,
        action: ActionKind::HandOff,
    };
    let ev = play(&mut g, [d6(3)], &[ho, Command::HandOff { target: c }]);
    assert!(rolls(&ev, RollPurpose::Pass).is_empty());
    assert_eq!(rolls(&ev, RollPurpose::Catch)[0].modifier, 1);
    assert_eq!(g.ball, Ball::Held { player: c });
}

/// §15.8, §15.9, §2.4 (G1): a ball bouncing off the pitch is thrown in: D6 direction, 2D6
/// squares counting the start square; an empty landing square bounces it once more.
#[test]
fn a_ball_leaving_the_pitch_is_thrown_in() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    s.put(p, 5, 0)
        .ball(Ball::Ground { square: sq(6, 0) })
        .rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    let mv = Command::Declare {
        player: p,
        action: ActionKind::Move,
    };
    let ev = play(
        &mut g,
        [d6(1), d8(2), d6(3), d6(2), d6(2), d8(7)],
        &[mv, Command::Step { to: sq(6, 0) }],
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ThrowIn { from } if *from == sq(6, 0)))
    );
    assert_eq!(g.ball, Ball::Ground { square: sq(6, 4) });
}

/// G1 option off: the throw-in moves the full 2D6.
#[test]
fn the_throw_in_option_moves_the_full_distance() {
    let options = Options {
        throw_in_counts_start_square: false,
        ..Options::default()
    };
    let mut s = Scenario::with_options(Roster::Human, Roster::Orc, options);
    let p = s.player(HOME, 0);
    s.put(p, 5, 0)
        .ball(Ball::Ground { square: sq(6, 0) })
        .rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    let mv = Command::Declare {
        player: p,
        action: ActionKind::Move,
    };
    play(
        &mut g,
        [d6(1), d8(2), d6(3), d6(2), d6(2), d8(7)],
        &[mv, Command::Step { to: sq(6, 0) }],
    );
    assert_eq!(g.ball, Ball::Ground { square: sq(6, 5) });
}

/// §12.1, §15.8, §17: a knocked-down ball carrier drops the ball; it bounces after the armour
/// roll.
#[test]
fn a_knocked_down_carrier_drops_the_ball_after_the_armour_roll() {
    let mut s = scen();
    let a = s.player(HOME, 0);
    let d = s.player(AWAY, 0);
    s.put(a, 10, 7)
        .put(d, 11, 7)
        .ball(Ball::Held { player: d })
        .rerolls(HOME, 0);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [Die::Block]
            .iter()
            .map(|_| bd(6))
            .chain([d6(1), d6(2), d8(5)]),
        &[
            Command::Block {
                player: a,
                target: d,
            },
            Command::Push { square: sq(12, 7) },
            Command::FollowUp { follow: false },
        ],
    );
    let armour_at = ev
        .iter()
        .position(|e| matches!(e, Event::Armour { .. }))
        .unwrap();
    let bounce_at = ev
        .iter()
        .position(|e| matches!(e, Event::Rolled { roll } if roll.purpose == RollPurpose::Bounce))
        .unwrap();
    assert!(armour_at < bounce_at);
    assert_eq!(g.ball, Ball::Ground { square: sq(13, 7) });
}
