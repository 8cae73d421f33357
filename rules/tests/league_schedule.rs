//! The round-robin schedule of a league season (`dugout_rules::schedule`): every pair once a
//! leg, byes for odd counts, home and away balanced, never a third meeting in a row.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use std::collections::HashMap;

use dugout_rules::schedule::*;

/// §32.1: every size from 2 to 20, one leg and two: each pair meets once a leg, nobody
/// plays twice in a round, one bye a round exactly when the count is odd, everyone sits
/// out once a leg, and no pair meets three times running.
#[test]
fn every_pair_meets_once_a_leg_with_byes_for_odd_counts() {
    for n in 2..=20 {
        for legs in 1..=2u8 {
            let rounds = round_robin(n, legs).expect("a schedule");
            let per_leg = if n % 2 == 0 { n - 1 } else { n };
            assert_eq!(rounds.len(), per_leg * usize::from(legs), "n={n}");
            let mut met: HashMap<(usize, usize), u32> = HashMap::new();
            let mut byes = vec![0u32; n];
            let mut home = vec![0u32; n];
            for round in &rounds {
                let mut seen = vec![false; n];
                for &(h, a) in &round.pairs {
                    assert!(h < n && a < n && h != a, "n={n}");
                    assert!(!seen[h] && !seen[a], "n={n}: twice in a round");
                    seen[h] = true;
                    seen[a] = true;
                    *met.entry((h.min(a), h.max(a))).or_default() += 1;
                    home[h] += 1;
                }
                assert_eq!(round.bye.is_some(), n % 2 == 1, "n={n}");
                if let Some(b) = round.bye {
                    assert!(!seen[b]);
                    byes[b] += 1;
                }
                assert_eq!(round.pairs.len(), n / 2);
            }
            assert_eq!(met.len(), n * (n - 1) / 2, "n={n}");
            assert!(met.values().all(|&k| k == u32::from(legs)), "n={n}");
            if n % 2 == 1 {
                assert!(
                    byes.iter().all(|&b| b == u32::from(legs)),
                    "n={n}: {byes:?}"
                );
            }
            if legs == 2 {
                // Two legs: home as often as away.
                assert!(home.iter().all(|&h| h as usize == n - 1), "n={n}: {home:?}");
            } else {
                // One leg: home and away games differ by one at most.
                let games = n as i64 - 1;
                assert!(
                    home.iter().all(|&h| (2 * i64::from(h) - games).abs() <= 1),
                    "n={n}: {home:?}"
                );
            }
            assert_eq!(third_in_a_row(&rounds), None, "n={n} legs={legs}");
        }
    }
}

/// §32.1: the checker finds a third meeting in a row, byes and idle rounds skipped, and
/// not a third meeting with another match between.
#[test]
fn a_third_meeting_in_a_row_is_found() {
    let r = |pairs: Vec<(usize, usize)>, bye| Round { pairs, bye };
    let interrupted = vec![
        r(vec![(0, 1), (2, 3)], None),
        r(vec![(1, 0), (3, 2)], None),
        r(vec![(2, 0), (1, 3)], None),
        r(vec![(0, 1), (2, 3)], None),
    ];
    assert_eq!(third_in_a_row(&interrupted), None);
    let idle_between = vec![
        r(vec![(0, 1)], Some(2)),
        r(vec![(1, 0)], Some(2)),
        r(vec![], None),
        r(vec![(0, 1)], Some(2)),
    ];
    assert_eq!(third_in_a_row(&idle_between), Some((0, 1, 3)));
    let three_running = vec![
        r(vec![(2, 3)], None),
        r(vec![(0, 1), (2, 3)], None),
        r(vec![(1, 0)], None),
    ];
    assert_eq!(third_in_a_row(&three_running), None);
    let three_running = vec![
        r(vec![(2, 3)], None),
        r(vec![(3, 2)], None),
        r(vec![(2, 3)], None),
    ];
    assert_eq!(third_in_a_row(&three_running), Some((2, 3, 2)));
}

/// §32.1: sizes and legs out of range are refused, not clamped (a third leg could make a
/// third meeting in a row).
#[test]
fn bad_sizes_and_legs_are_refused() {
    assert_eq!(round_robin(0, 1), Err(ScheduleError::Entrants(0)));
    assert_eq!(round_robin(1, 1), Err(ScheduleError::Entrants(1)));
    assert_eq!(
        round_robin(MAX_ENTRANTS + 1, 1),
        Err(ScheduleError::Entrants(MAX_ENTRANTS + 1))
    );
    assert_eq!(round_robin(4, 0), Err(ScheduleError::Legs(0)));
    assert_eq!(round_robin(4, 3), Err(ScheduleError::Legs(3)));
    assert!(round_robin(MAX_ENTRANTS, 2).is_ok());
}

/// §32.1: four entrants, one leg: the rounds exactly (the circle method with entrant 0 fixed).
#[test]
fn four_entrants_make_three_known_rounds() {
    let rounds = round_robin(4, 1).expect("a schedule");
    let pairs: Vec<Vec<(usize, usize)>> = rounds.into_iter().map(|r| r.pairs).collect();
    assert_eq!(
        pairs,
        vec![
            vec![(0, 3), (1, 2)],
            vec![(2, 0), (3, 1)],
            vec![(0, 1), (2, 3)]
        ]
    );
}
