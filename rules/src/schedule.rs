//! A league's round-robin schedule (issue 13): the circle method, pure and deterministic, for
//! every game's leagues (the server makes a season's fixtures with it). Tests:
//! `rules/tests/league_schedule.rs`.
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
