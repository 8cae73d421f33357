//! The worked probabilities of §24, checked by exact enumeration of the dice through the
//! engine (every face or pair of faces, counted).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.
#![allow(clippy::unwrap_used)]

mod bbcommon;
use bbcommon::*;

/// How many of the six faces make an AG `ag` player's dodge into `tz` tackle zones pass.
fn dodges(ag: u8, tz: usize) -> usize {
    (1..=6)
        .filter(|&f| {
            let mut s = scen();
            let p = s.player(HOME, 0);
            let o = s.player(AWAY, 0);
            s.put(p, 10, 7)
                .put(o, 11, 7)
                .stats(p, 6, 3, ag, 8)
                .rerolls(HOME, 0);
            // Opponents marking the destination (9,7) but not (10,7).
            for (i, y) in [5i8, 9].iter().enumerate().take(tz) {
                let m = s.player(AWAY, 1 + i);
                s.put(m, 8, *y + if *y == 5 { 1 } else { -1 });
            }
            let mut g = s.turn(HOME, 1);
            let mut d = dice([d6(f), d6(1), d6(1)]);
            go(
                &mut g,
                &mut d,
                Command::Declare {
                    player: p,
                    action: ActionKind::Move,
                },
            );
            let ev = go(&mut g, &mut d, Command::Step { to: sq(9, 7) });
            rolls(&ev, RollPurpose::Dodge)[0].success == Some(true)
        })
        .count()
}

/// §24, §3: the Agility table: AG 1–6 need 6+, 5+, 4+, 3+, 2+, 2+ (a natural 1 fails).
#[test]
fn agility_table_targets() {
    use dugout_rules::bb::data::agility_target;
    let passes = |ag: u8| {
        (1..=6u8)
            .filter(|&f| f != 1 && (f == 6 || f >= agility_target(ag)))
            .count()
    };
    assert_eq!(
        (1..=6).map(passes).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5, 5]
    );
}

/// §3.1, §24, §10.3: an AG 3 dodge into 0, 1, 2 tackle zones passes on 4, 3, 2 faces of 6.
#[test]
fn dodge_probabilities() {
    assert_eq!(dodges(3, 0), 4);
    assert_eq!(dodges(3, 1), 3);
    assert_eq!(dodges(3, 2), 2);
}

/// §24, §10.4: a GFI passes on 5 faces, 4 in a Blizzard.
#[test]
fn gfi_probabilities() {
    for (weather, expected) in [(Weather::Nice, 5), (Weather::Blizzard, 4)] {
        let n = (1..=6)
            .filter(|&f| {
                let mut s = scen();
                let p = s.player(HOME, 0);
                s.put(p, 5, 7)
                    .stats(p, 1, 3, 3, 8)
                    .weather(weather)
                    .rerolls(HOME, 0);
                let mut g = s.turn(HOME, 1);
                let mut d = dice([d6(f), d6(1), d6(1)]);
                go(
                    &mut g,
                    &mut d,
                    Command::Declare {
                        player: p,
                        action: ActionKind::Move,
                    },
                );
                go(&mut g, &mut d, Command::Step { to: sq(6, 7) });
                let ev = go(&mut g, &mut d, Command::Step { to: sq(7, 7) });
                rolls(&ev, RollPurpose::Gfi)[0].success == Some(true)
            })
            .count();
        assert_eq!(n, expected, "{weather:?}");
    }
}

/// Break armour value `av` with 2D6 from a Defender Down: how many of the 36 rolls break?
fn armour_breaks(av: u8) -> usize {
    let mut n = 0;
    for a in 1..=6 {
        for b in 1..=6 {
            let mut s = scen();
            let p = s.player(HOME, 0);
            let o = s.player(AWAY, 0);
            s.put(p, 10, 7)
                .put(o, 11, 7)
                .stats(o, 5, 3, 3, av)
                .rerolls(HOME, 0);
            s.apothecary(AWAY, false);
            let mut g = s.turn(HOME, 1);
            let mut d = dice([bd(6)]);
            go(
                &mut g,
                &mut d,
                Command::Block {
                    player: p,
                    target: o,
                },
            );
            go(&mut g, &mut d, Command::Push { square: sq(12, 7) });
            let mut d = dice([d6(a), d6(b), d6(1), d6(1)]);
            let ev = go(&mut g, &mut d, Command::FollowUp { follow: false });
            if ev
                .iter()
                .any(|e| matches!(e, Event::Armour { broken: true, .. }))
            {
                n += 1;
            }
        }
    }
    n
}

/// §24, §12.2: AV 8 breaks on 10/36, AV 7 on 15/36, AV 9 on 6/36.
#[test]
fn armour_probabilities() {
    assert_eq!(armour_breaks(8), 10);
    assert_eq!(armour_breaks(7), 15);
    assert_eq!(armour_breaks(9), 6);
}

/// §24, §12.3: injury 2D6: Stunned 21/36, KO 9/36, Casualty 6/36 (enumerated through a
/// Throw a Rock-free path: a crowd push rolls injury alone).
#[test]
fn injury_probabilities() {
    let mut counts = [0usize; 3];
    for a in 1..=6 {
        for b in 1..=6 {
            let mut s = scen();
            let p = s.player(HOME, 0);
            let o = s.player(AWAY, 0);
            s.put(p, 11, 1)
                .put(o, 11, 0)
                .rerolls(HOME, 0)
                .apothecary(AWAY, false);
            let mut g = s.turn(HOME, 1);
            let mut d = dice([bd(3)]);
            go(
                &mut g,
                &mut d,
                Command::Block {
                    player: p,
                    target: o,
                },
            );
            let mut d = dice([d6(a), d6(b), d6(1), d8(1)]);
            let ev = go(&mut g, &mut d, Command::FollowUp { follow: false });
            let outcome = ev
                .iter()
                .find_map(|e| match e {
                    Event::Injured { outcome, .. } => Some(*outcome),
                    _ => None,
                })
                .unwrap();
            counts[outcome as usize] += 1;
        }
    }
    assert_eq!(counts, [21, 9, 6]);
}

/// §2.1 (the D68), §24, §12.5: the D68 casualty table: Badly Hurt 24/48, miss next game 8/48, each of
/// 51–58 1/48, Dead 8/48.
#[test]
fn casualty_table_probabilities() {
    use dugout_rules::bb::data::LastingEffect;
    let mut bh = 0;
    let mut mng = 0;
    let mut dead = 0;
    let mut lasting = 0;
    for t in 1..=6 {
        for u in 1..=8 {
            match CasualtyResult::of(t, u).effect() {
                LastingEffect::None => bh += 1,
                LastingEffect::MissNextGame => mng += 1,
                LastingEffect::Dead => dead += 1,
                _ => lasting += 1,
            }
        }
    }
    assert_eq!((bh, mng, lasting, dead), (24, 8, 8, 8));
}

/// §24, §11.4: block die faces: Attacker Down 1/6, Both Down 1/6, Pushed 2/6, Defender
/// Stumbles 1/6, Defender Down 1/6.
#[test]
fn block_die_probabilities() {
    let faces: Vec<BlockFace> = (1..=6).map(BlockFace::of).collect();
    let count = |f: BlockFace| faces.iter().filter(|x| **x == f).count();
    assert_eq!(
        [
            count(BlockFace::AttackerDown),
            count(BlockFace::BothDown),
            count(BlockFace::Pushed),
            count(BlockFace::DefenderStumbles),
            count(BlockFace::DefenderDown)
        ],
        [1, 1, 2, 1, 1]
    );
}

/// §24, §7, §8: kick-off 2 and 12 are 1/36 each, Changing Weather 6/36; Nice weather 30/36.
#[test]
fn kick_off_and_weather_probabilities() {
    use dugout_rules::bb::data::{kick_off_result, weather};
    let mut two = 0;
    let mut twelve = 0;
    let mut seven = 0;
    let mut nice = 0;
    for a in 1..=6u16 {
        for b in 1..=6u16 {
            match kick_off_result(a + b) {
                KickOffResult::GetTheRef => two += 1,
                KickOffResult::PitchInvasion => twelve += 1,
                KickOffResult::ChangingWeather => seven += 1,
                _ => {}
            }
            if weather(a + b) == Weather::Nice {
                nice += 1;
            }
        }
    }
    assert_eq!((two, twelve, seven, nice), (1, 1, 6, 30));
}
