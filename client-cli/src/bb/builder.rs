//! The team builder of the Blood Bowl create-room form (§27.0): a coach picks how many of each
//! position of his roster, the team re-rolls, fan factor, assistant coaches, cheerleaders and
//! the apothecary, and sees the cost against the room's budget and, live, what the rules
//! engine would refuse ([`check_team`]): the same check the server makes when the room is
//! created. `r` builds a random legal team ([`random_team`]).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use dugout_rules::bb::data::STAFF_COST;
use dugout_rules::bb::setup::{
    TeamSheet, check_team, position_index, rookies, sheet_cost, starter_team,
};
use dugout_rules::bb::teambuild::random_team;
use dugout_rules::bb::{Roster, Skill};
use dugout_rules::core::ChaChaDice;

/// Rows after the positions.
const EXTRAS: [&str; 5] = [
    "Team re-rolls",
    "Fan factor",
    "Assistant coaches",
    "Cheerleaders",
    "Apothecary",
];

#[derive(Clone, Debug, PartialEq)]
pub struct TeamBuilder {
    pub roster: Roster,
    /// How many of each position of the roster (its table order).
    pub counts: Vec<u8>,
    pub rerolls: u8,
    pub fan_factor: u8,
    pub assistant_coaches: u8,
    pub cheerleaders: u8,
    pub apothecary: bool,
    pub budget: u32,
    pub focus: usize,
    /// How many random teams were built (the next one's seed).
    rolls: u64,
}

impl TeamBuilder {
    /// Start from a sheet of `roster` (its starter team if `sheet` is none or of another roster).
    pub fn new(roster: Roster, sheet: Option<&TeamSheet>, budget: u32) -> TeamBuilder {
        let start = sheet
            .filter(|s| s.roster == roster)
            .cloned()
            .unwrap_or_else(|| starter_team(roster));
        let mut counts = vec![0u8; roster.data().positions.len()];
        for p in &start.players {
            if let Some(i) = position_index(roster, &p.position) {
                counts[i] += 1;
            }
        }
        TeamBuilder {
            roster,
            counts,
            rerolls: start.rerolls,
            fan_factor: start.fan_factor,
            assistant_coaches: start.assistant_coaches,
            cheerleaders: start.cheerleaders,
            apothecary: start.apothecary,
            budget,
            focus: 0,
            rolls: 0,
        }
    }

    pub fn rows(&self) -> usize {
        self.counts.len() + EXTRAS.len()
    }

    pub fn next(&mut self) {
        self.focus = (self.focus + 1) % self.rows();
    }

    pub fn prev(&mut self) {
        self.focus = (self.focus + self.rows() - 1) % self.rows();
    }

    /// One more (`up`) or one fewer of the focused row, within what a sheet can say (the
    /// rules' limits are checked, and shown, by [`TeamBuilder::problem`]).
    pub fn change(&mut self, up: bool) {
        let step = |v: u8, max: u8| {
            if up {
                v.saturating_add(1).min(max)
            } else {
                v.saturating_sub(1)
            }
        };
        let n = self.counts.len();
        match self.focus {
            i if i < n => {
                let max = self.roster.data().positions[i].max;
                self.counts[i] = step(self.counts[i], max);
            }
            i => match i - n {
                0 => self.rerolls = step(self.rerolls, 8),
                1 => self.fan_factor = step(self.fan_factor, 9),
                2 => self.assistant_coaches = step(self.assistant_coaches, 9),
                3 => self.cheerleaders = step(self.cheerleaders, 9),
                _ => self.apothecary = up && self.roster.data().apothecary,
            },
        }
    }

    /// A random legal team of this roster within the budget.
    pub fn randomise(&mut self) {
        self.rolls += 1;
        let mut dice = ChaChaDice::from_u64(0xB0B_u64 ^ self.rolls.wrapping_mul(0x9E37_79B9));
        if let Ok(sheet) = random_team(self.roster, self.budget, &mut dice) {
            let focus = self.focus;
            let rolls = self.rolls;
            *self = TeamBuilder::new(self.roster, Some(&sheet), self.budget);
            self.focus = focus;
            self.rolls = rolls;
        }
    }

    /// The sheet: players numbered from 1 in the roster's order.
    pub fn sheet(&self) -> TeamSheet {
        let data = self.roster.data();
        let players = rookies(self.roster, self.counts.iter().copied().enumerate());
        TeamSheet {
            roster: self.roster,
            name: format!("{} team", data.name),
            players,
            rerolls: self.rerolls,
            fan_factor: self.fan_factor,
            assistant_coaches: self.assistant_coaches,
            cheerleaders: self.cheerleaders,
            apothecary: self.apothecary,
        }
    }

    pub fn cost(&self) -> u32 {
        sheet_cost(&self.sheet())
    }

    /// Why the server would refuse this team, in the rules' words; `None`: it is legal.
    pub fn problem(&self) -> Option<String> {
        let sheet = self.sheet();
        if let Err(e) = check_team(&sheet, Some(self.budget)) {
            return Some(e.to_string());
        }
        let data = self.roster.data();
        for (i, &count) in self.counts.iter().enumerate() {
            let pos = &data.positions[i];
            if count > 0
                && let Some(s) = pos.skills.iter().find(|s| !s.info().built)
            {
                return Some(format!(
                    "the {} has {}, which this server does not play yet",
                    pos.name,
                    s.name()
                ));
            }
        }
        None
    }

    /// Row `i` as label and value, for the screen.
    pub fn row(&self, i: usize) -> (String, String) {
        let data = self.roster.data();
        let n = self.counts.len();
        if i < n {
            let pos = &data.positions[i];
            let skills: Vec<&str> = pos.skills.iter().map(|s: &Skill| s.name()).collect();
            (
                format!(
                    "{} (0-{}, {}k) {}/{}/{}/{}",
                    pos.name,
                    pos.max,
                    pos.cost / 1000,
                    pos.ma,
                    pos.st,
                    pos.ag,
                    pos.av
                ),
                format!(
                    "{}{}",
                    self.counts[i],
                    if skills.is_empty() {
                        String::new()
                    } else {
                        format!("  {}", skills.join(", "))
                    }
                ),
            )
        } else {
            let v = match i - n {
                0 => format!("{} ({}k each)", self.rerolls, data.reroll_cost / 1000),
                1 => format!("{} ({}k each)", self.fan_factor, STAFF_COST / 1000),
                2 => self.assistant_coaches.to_string(),
                3 => self.cheerleaders.to_string(),
                _ if !data.apothecary => "not for this roster".to_string(),
                _ => if self.apothecary { "yes" } else { "no" }.to_string(),
            };
            (EXTRAS[(i - n).min(EXTRAS.len() - 1)].to_string(), v)
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// §27.0: the builder starts from the starter team, which is legal, and its cost is the
    /// rules' cost.
    #[test]
    fn starts_from_the_starter_team() {
        for r in Roster::ALL {
            let b = TeamBuilder::new(r, None, 1_000_000);
            assert_eq!(b.sheet().players.len(), starter_team(r).players.len());
            assert_eq!(b.cost(), sheet_cost(&starter_team(r)));
        }
        let b = TeamBuilder::new(Roster::Orc, None, 1_000_000);
        assert_eq!(b.problem(), None);
    }

    /// §27.0: the builder shows what the server would refuse: over budget, too few players,
    /// a position over its limit cannot be keyed in at all.
    #[test]
    fn shows_what_the_rules_refuse() {
        let mut b = TeamBuilder::new(Roster::Human, None, 1_000_000);
        b.budget = 500_000;
        assert!(b.problem().unwrap().contains("budget"), "{:?}", b.problem());
        b.budget = 1_000_000;
        b.counts = vec![0; b.counts.len()];
        assert!(b.problem().unwrap().contains("11 to 16"));
        // Throwers are 0-2: a third cannot be added.
        let thrower = Roster::Human
            .data()
            .positions
            .iter()
            .position(|p| p.name == "Thrower")
            .unwrap();
        b.focus = thrower;
        for _ in 0..5 {
            b.change(true);
        }
        assert_eq!(b.counts[thrower], 2);
        b.change(false);
        assert_eq!(b.counts[thrower], 1);
    }

    /// §27.0: a random team is legal and within the budget; the apothecary is only offered
    /// where the roster allows one.
    #[test]
    fn random_teams_are_legal() {
        for r in Roster::ALL {
            if r.data().unofficial {
                continue;
            }
            let mut b = TeamBuilder::new(r, None, 1_000_000);
            for _ in 0..5 {
                b.randomise();
                let problem = b.problem();
                let unbuilt = problem
                    .as_deref()
                    .is_some_and(|p| p.contains("does not play yet"));
                assert!(problem.is_none() || unbuilt, "{r:?}: {problem:?}");
                assert!(b.cost() <= 1_000_000);
            }
            b.focus = b.rows() - 1;
            b.change(true);
            assert_eq!(b.apothecary, r.data().apothecary);
        }
    }
}
