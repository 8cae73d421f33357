//! A league's round-robin schedule (issue 13): the circle method, pure and deterministic.
//!
//! Entrants are numbered `0..n` in the order the caller gives (the server passes the league's
//! coaches by account id). Entrant 0 stays put and the others turn around it one place a
//! round, so every pair meets exactly once a leg in `n - 1` rounds (`n` even) or `n` rounds
//! (`n` odd: a phantom entrant is added and whoever meets it has the bye that round). A second
//! leg repeats the first with home and away swapped.
//!
//! §32.1: two teams never meet more than twice running. One leg never repeats a pair; with two
//! legs the same pair can meet at most twice running (only with two entrants: the last round
//! of the first leg and the first round of the second), never three times.
//! [`third_in_a_row`] checks any schedule for it and the generator's tests run it on every
//! size.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

/// The most entrants a schedule is made for (a league of more would be 4,000+ fixtures).
pub const MAX_ENTRANTS: usize = 64;

/// The most legs (each pair meets once a leg). A third leg would make three meetings in a row
/// possible (§32.1), so two is the limit.
pub const MAX_LEGS: u8 = 2;

/// One round: who meets whom (home, away), and who sits out (odd entrant counts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// Why no schedule is made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScheduleError {
    /// Fewer than 2 or more than [`MAX_ENTRANTS`] entrants.
    Entrants(usize),
    /// Legs other than 1 or 2.
    Legs(u8),
}

impl std::fmt::Display for ScheduleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScheduleError::Entrants(n) => write!(
                f,
                "a round robin needs 2 to {MAX_ENTRANTS} coaches, not {n}"
            ),
            ScheduleError::Legs(l) => write!(
                f,
                "a round robin has 1 or {MAX_LEGS} legs, not {l} (§32.1: no pair meets three times in a row)"
            ),
        }
    }
}

/// The rounds of a round robin of `n` entrants over `legs` legs (circle method, a bye for odd
/// counts). The fixed entrant is at home every other round and in every other pair the entrant
/// of the top row of the circle is, so in one leg nobody's home and away games differ by more
/// than one.
pub fn round_robin(n: usize, legs: u8) -> Result<Vec<Round>, ScheduleError> {
    if !(2..=MAX_ENTRANTS).contains(&n) {
        return Err(ScheduleError::Entrants(n));
    }
    if !(1..=MAX_LEGS).contains(&legs) {
        return Err(ScheduleError::Legs(legs));
    }
    // `m` slots; slot value `n` is the phantom (the bye) when `n` is odd.
    let m = n + n % 2;
    let mut ring: Vec<usize> = (0..m).collect();
    let mut first = Vec::with_capacity(m - 1);
    for r in 0..m - 1 {
        let mut pairs = Vec::with_capacity(m / 2);
        let mut bye = None;
        for i in 0..m / 2 {
            let (a, b) = (ring[i], ring[m - 1 - i]);
            if a == n {
                bye = Some(b);
                continue;
            }
            if b == n {
                bye = Some(a);
                continue;
            }
            // The fixed entrant alternates; the others' top row is at home.
            pairs.push(if i == 0 && r % 2 == 1 { (b, a) } else { (a, b) });
        }
        first.push(Round { pairs, bye });
        // Rotate every slot but the first one place.
        ring[1..].rotate_right(1);
    }
    let mut rounds = first.clone();
    if legs == 2 {
        rounds.extend(first.into_iter().map(|r| Round {
            pairs: r.pairs.into_iter().map(|(h, a)| (a, h)).collect(),
            bye: r.bye,
        }));
    }
    Ok(rounds)
}

/// §32.1: the first place where two entrants would meet a third time in a row (each
/// entrant's own sequence of matches, byes skipped): `(a, b, round index)`, or `None`.
pub fn third_in_a_row(rounds: &[Round]) -> Option<(usize, usize, usize)> {
    use std::collections::HashMap;
    // entrant -> (last opponent, how many times running)
    let mut run: HashMap<usize, (usize, u32)> = HashMap::new();
    for (r, round) in rounds.iter().enumerate() {
        for &(h, a) in &round.pairs {
            for (me, them) in [(h, a), (a, h)] {
                let e = run.entry(me).or_insert((them, 0));
                if e.0 == them {
                    e.1 += 1;
                } else {
                    *e = (them, 1);
                }
                if e.1 >= 3 {
                    return Some((h.min(a), h.max(a), r));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

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

    /// Sizes and legs out of range are refused, not clamped.
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

    /// Four entrants, one leg: the rounds exactly (the circle method with entrant 0 fixed).
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
}
