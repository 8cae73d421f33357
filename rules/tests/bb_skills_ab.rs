//! Skills of both halves of §26 meeting each other (the interactions the skill tables name).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.
#![allow(clippy::unwrap_used)]

mod bbcommon;
use bbcommon::*;

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

fn pb(p: PlayerId, x: i8, y: i8) -> Command {
    Command::PassBlock {
        player: p,
        to: sq(x, y),
    }
}

/// §26.62 Pass Block with §26.72 Tentacles: a Pass Block player leaving the zone of a
/// Tentacles player may be held (D6 + his ST − the holder's ST, 5 or less): his move is over
/// where he stands, no dodge is rolled, and the pass goes on.
#[test]
fn tentacles_may_hold_a_pass_block_move() {
    let (mut s, t, c) = passing();
    let o = s.player(AWAY, 0);
    let h = s.player(HOME, 1);
    s.put(o, 9, 3)
        .put(h, 9, 2)
        .stats(o, 6, 3, 3, 8)
        .stats(h, 6, 3, 3, 9)
        .skill(o, Skill::PassBlock)
        .skill(h, Skill::Tentacles);
    let mut g = s.turn(HOME, 1);
    let decl = Command::Declare {
        player: t,
        action: ActionKind::Pass,
    };
    // The pass (4+ Short: a 4), held (a 5: 5 + 3 − 3), then the catch (a 4).
    let ev = play(
        &mut g,
        [d6(5), d6(4), d6(4)],
        &[decl, Command::Pass { target: sq(9, 7) }, pb(o, 9, 4)],
    );
    let r = &rolls(&ev, RollPurpose::Tentacles)[0];
    assert_eq!(r.success, Some(false), "held");
    assert!(rolls(&ev, RollPurpose::Dodge).is_empty());
    assert_eq!(state(&g, o), standing(9, 3));
    assert_eq!(g.ball, Ball::Held { player: c });
}

/// §26.62 Pass Block with §26.74 Two Heads: a Pass Block move dodges like any step, so Two
/// Heads adds its +1 (a 3 passes: 3 + 1 + 1 against 4+ for AG 3).
#[test]
fn a_pass_block_dodge_counts_two_heads() {
    let (mut s, t, _) = passing();
    let o = s.player(AWAY, 0);
    let h = s.player(HOME, 1);
    s.put(o, 9, 3)
        .put(h, 9, 2)
        .stats(o, 6, 3, 3, 8)
        .skill(o, Skill::PassBlock)
        .skill(o, Skill::TwoHeads);
    let mut g = s.turn(HOME, 1);
    let decl = Command::Declare {
        player: t,
        action: ActionKind::Pass,
    };
    let ev = play(
        &mut g,
        [d6(3)],
        &[decl, Command::Pass { target: sq(9, 7) }, pb(o, 9, 4)],
    );
    let r = &rolls(&ev, RollPurpose::Dodge)[0];
    assert_eq!((r.modifier, r.success), (2, Some(true)));
    assert_eq!(state(&g, o), standing(9, 4));
}
