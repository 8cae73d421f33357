//! A random legal team for a one-off match (§27.0), for bots and tests: eleven players
//! first, then team re-rolls, an apothecary where allowed, more players, fan factor and
//! staff, until the budget is spent.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use super::data::*;
use super::setup::{SheetPlayer, StatChanges, TeamError, TeamSheet, check_team};
use crate::core::{DiceSource, Die};

/// The fewest players a team has (§27.0).
const MIN_PLAYERS: usize = 11;

/// What a random build buys after its eleven players.
#[derive(Clone, Copy)]
enum Buy {
    Player(usize),
    Reroll,
    Apothecary,
    FanFactor,
    AssistantCoach,
    Cheerleader,
}

/// The cheapest way to add `n` more players to `counts` (the `n` cheapest open places).
fn cheapest_fill(data: &RosterData, counts: &[u8], n: usize) -> Option<u32> {
    let mut places: Vec<u32> = Vec::new();
    for (i, pos) in data.positions.iter().enumerate() {
        let open = usize::from(pos.max.saturating_sub(counts[i])).min(n);
        places.extend(std::iter::repeat_n(pos.cost, open));
    }
    places.sort_unstable();
    (places.len() >= n).then(|| places[..n].iter().sum())
}

/// §27.0: a random legal team of `roster` costing at most `budget` (at creation prices):
/// eleven players drawn among the positions still affordable (always leaving room for the
/// cheapest way to reach eleven), then one to four team re-rolls, an apothecary (one chance
/// in two, where the roster allows one), then players, re-rolls, fan factor, assistant
/// coaches and cheerleaders at random until nothing more is affordable. Every roll comes
/// from `dice` (`Die::Range`). `Err(TeamError::OverBudget)` when even the cheapest eleven
/// players cost more than `budget`.
pub fn random_team(
    roster: Roster,
    budget: u32,
    dice: &mut dyn DiceSource,
) -> Result<TeamSheet, TeamError> {
    let data = roster.data();
    let mut counts = vec![0u8; data.positions.len()];
    let mut order: Vec<usize> = Vec::new();
    let mut spent = 0u32;
    let fill = |counts: &[u8], n: usize| cheapest_fill(data, counts, n).unwrap_or(u32::MAX);
    let least = fill(&counts, MIN_PLAYERS);
    if least > budget {
        return Err(TeamError::OverBudget {
            cost: least,
            budget,
        });
    }
    let pick = |dice: &mut dyn DiceSource, n: usize| usize::from(dice.roll(Die::Range(n as u16)));
    // Eleven players: any position with room whose price still leaves the rest affordable.
    while order.len() < MIN_PLAYERS {
        let left = MIN_PLAYERS - order.len() - 1;
        let options: Vec<usize> = (0..data.positions.len())
            .filter(|&i| {
                let pos = &data.positions[i];
                if counts[i] >= pos.max {
                    return false;
                }
                counts[i] += 1;
                let rest = fill(&counts, left);
                counts[i] -= 1;
                rest != u32::MAX && spent + pos.cost + rest <= budget
            })
            .collect();
        // The cheapest fill always leaves one option (checked above).
        let Some(&i) = options.get(pick(dice, options.len().max(1))) else {
            break;
        };
        counts[i] += 1;
        order.push(i);
        spent += data.positions[i].cost;
    }
    let mut sheet = TeamSheet {
        roster,
        name: format!("{} (random)", data.name),
        players: Vec::new(),
        rerolls: 0,
        fan_factor: 0,
        assistant_coaches: 0,
        cheerleaders: 0,
        apothecary: false,
    };
    // Then one to four re-rolls and an apothecary, while affordable.
    let want = 1 + pick(dice, 4);
    for _ in 0..want {
        if spent + data.reroll_cost <= budget {
            sheet.rerolls += 1;
            spent += data.reroll_cost;
        }
    }
    if data.apothecary && pick(dice, 2) == 1 && spent + APOTHECARY_COST <= budget {
        sheet.apothecary = true;
        spent += APOTHECARY_COST;
    }
    // Then anything affordable, players and re-rolls first in weight, until nothing is.
    loop {
        let mut options: Vec<(Buy, u32)> = Vec::new();
        if order.len() < MAX_PLAYERS {
            for (i, pos) in data.positions.iter().enumerate() {
                if counts[i] < pos.max {
                    options.push((Buy::Player(i), pos.cost));
                }
            }
        }
        if sheet.rerolls < 8 {
            options.push((Buy::Reroll, data.reroll_cost));
            options.push((Buy::Reroll, data.reroll_cost));
        }
        if data.apothecary && !sheet.apothecary {
            options.push((Buy::Apothecary, APOTHECARY_COST));
        }
        if sheet.fan_factor < 9 {
            options.push((Buy::FanFactor, STAFF_COST));
        }
        if sheet.assistant_coaches < u8::MAX {
            options.push((Buy::AssistantCoach, STAFF_COST));
        }
        if sheet.cheerleaders < u8::MAX {
            options.push((Buy::Cheerleader, STAFF_COST));
        }
        options.retain(|&(_, cost)| spent + cost <= budget);
        let Some(&(buy, cost)) = options.get(pick(dice, options.len().max(1))) else {
            break;
        };
        spent += cost;
        match buy {
            Buy::Player(i) => {
                counts[i] += 1;
                order.push(i);
            }
            Buy::Reroll => sheet.rerolls += 1,
            Buy::Apothecary => sheet.apothecary = true,
            Buy::FanFactor => sheet.fan_factor += 1,
            Buy::AssistantCoach => sheet.assistant_coaches += 1,
            Buy::Cheerleader => sheet.cheerleaders += 1,
        }
    }
    // Players numbered from 1, the roster's last positions (its specialists and big guys)
    // first, so a formation that fields the first players meets them.
    order.sort_unstable_by(|a, b| b.cmp(a));
    let mut seen = vec![0u8; data.positions.len()];
    for (n, &i) in order.iter().enumerate() {
        let pos = &data.positions[i];
        seen[i] += 1;
        sheet.players.push(SheetPlayer {
            number: n as u8 + 1,
            name: format!("{} {}", pos.name, seen[i]),
            position: pos.name.to_string(),
            extra_skills: Vec::new(),
            stat_changes: StatChanges::default(),
            niggling: 0,
            missing_next_game: false,
        });
    }
    check_team(&sheet, Some(budget))?;
    Ok(sheet)
}
