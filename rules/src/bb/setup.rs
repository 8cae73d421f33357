//! The match setup: two teams (a roster name for a starter team, or a full team sheet), the
//! match options (the cheap [Proposal]s of G1–G34 as named fields), and the pre-match place
//! where inducements and league data will enter.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use serde::{Deserialize, Serialize};

pub use super::cards::SpecialPlayCards;
use super::data::*;
use crate::core::SetupError;

/// A Blood Bowl match setup: `{"teams": ["orc", "human"], "options": {...}}`, or with team
/// sheets in place of the names.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct MatchSetup {
    /// Home's team, then Away's.
    pub teams: [TeamChoice; 2],
    #[serde(default)]
    pub options: Options,
    /// What happens before the match (§4.2 steps 1.2–1.3): inducements and petty cash
    /// (boxed, like the sheets, so a setup stays small where it travels inline).
    #[serde(default)]
    pub pre_match: Box<PreMatch>,
}

/// A team: a roster name (a starter team is built, §27.0 [Proposal]) or a full sheet.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum TeamChoice {
    Roster(Roster),
    Sheet(Box<TeamSheet>),
}

impl TeamChoice {
    pub fn roster(&self) -> Roster {
        match self {
            TeamChoice::Roster(r) => *r,
            TeamChoice::Sheet(s) => s.roster,
        }
    }

    /// The team sheet (a starter team for a roster name).
    pub fn sheet(&self) -> TeamSheet {
        match self {
            TeamChoice::Roster(r) => starter_team(*r),
            TeamChoice::Sheet(s) => (**s).clone(),
        }
    }
}

/// A team sheet (§27.0): what a league passes for a persistent team.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct TeamSheet {
    pub roster: Roster,
    #[serde(default)]
    pub name: String,
    pub players: Vec<SheetPlayer>,
    pub rerolls: u8,
    #[serde(default)]
    pub fan_factor: u8,
    #[serde(default)]
    pub assistant_coaches: u8,
    #[serde(default)]
    pub cheerleaders: u8,
    #[serde(default)]
    pub apothecary: bool,
}

/// One player of a sheet.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SheetPlayer {
    /// 1–16, unique in the team (§2.2: the random-selection tokens).
    pub number: u8,
    #[serde(default)]
    pub name: String,
    /// The position's name in the roster, any case ("Black Orc Blocker").
    pub position: String,
    /// Skills gained beyond the position's.
    #[serde(default)]
    pub extra_skills: Vec<Skill>,
    /// Characteristic changes (advances and lasting injuries).
    #[serde(default)]
    pub stat_changes: StatChanges,
    /// Niggling injuries (+1 to each injury roll against him, §12.5).
    #[serde(default)]
    pub niggling: u8,
    /// Misses this match (§12.5 "miss next game").
    #[serde(default)]
    pub missing_next_game: bool,
}

/// Changes to MA, ST, AG, AV.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct StatChanges {
    #[serde(default)]
    pub ma: i8,
    #[serde(default)]
    pub st: i8,
    #[serde(default)]
    pub ag: i8,
    #[serde(default)]
    pub av: i8,
}

/// Overtime (§18.7, G23).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Overtime {
    /// A tie after the second half is a draw (or goes to penalties).
    #[default]
    None,
    /// A third series of 8 turns each; the first touchdown wins.
    SuddenDeath,
}

/// The match options: the digest's cheap [Proposal]s, with our defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default)]
pub struct Options {
    /// G1: a throw-in counts the ball's square as the first square (2D6 − 1 squares);
    /// `false`: the ball moves 2D6 squares.
    pub throw_in_counts_start_square: bool,
    /// G9: `false` (default): a ball carrier who enters the opposing end zone standing
    /// scores at once; `true`: he may keep acting and scores when his Action ends.
    pub strict_touchdown_timing: bool,
    /// G23: what a tie after regulation leads to.
    pub overtime: Overtime,
    /// G23: a tie after the last half is settled by a penalty shoot-out.
    pub penalty_shootout: bool,
    /// §31.1: the Special Play Cards each team draws before the match (default: none).
    #[serde(skip_serializing_if = "SpecialPlayCards::is_off")]
    pub special_play_cards: SpecialPlayCards,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            throw_in_counts_start_square: true,
            strict_touchdown_timing: false,
            overtime: Overtime::None,
            penalty_shootout: false,
            special_play_cards: SpecialPlayCards::default(),
        }
    }
}

/// The pre-match sequence's league steps (§4.2 1.2–1.3): where petty cash and inducements
/// enter. None is built yet: `validate` refuses any.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PreMatch {
    /// Inducements per side, Home then Away.
    #[serde(default)]
    pub inducements: [Vec<Inducement>; 2],
    /// Petty cash per side (gp).
    #[serde(default)]
    pub petty_cash: [u32; 2],
}

/// An inducement (§4.2; the teams document's §4). Refused until the inducements issue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Inducement {
    BloodweiserBabe,
    Bribe,
    ExtraTraining,
    HalflingMasterChef,
    Igor,
    WanderingApothecary,
    Wizard,
    StarPlayer { name: String },
    Mercenary { position: String },
}

/// §27.0 [Proposal]: the starter team of a roster: a legal 1,000,000 gp team of built
/// positions (the roster table's `starter` row), players numbered from 1 and named.
pub fn starter_team(roster: Roster) -> TeamSheet {
    let data = roster.data();
    let mut players = Vec::new();
    for &(pos, count) in data.starter.players {
        let position = &data.positions[pos];
        for i in 0..count {
            let number = players.len() as u8 + 1;
            players.push(SheetPlayer {
                number,
                name: format!("{} {}", position.name, i + 1),
                position: position.name.to_string(),
                extra_skills: Vec::new(),
                stat_changes: StatChanges::default(),
                niggling: 0,
                missing_next_game: false,
            });
        }
    }
    TeamSheet {
        roster,
        name: format!("{} starter", data.name),
        players,
        rerolls: data.starter.rerolls,
        fan_factor: data.starter.fan_factor,
        assistant_coaches: 0,
        cheerleaders: 0,
        apothecary: data.starter.apothecary,
    }
}

/// The position of a sheet player, by name in any case.
pub fn position_index(roster: Roster, name: &str) -> Option<usize> {
    roster
        .data()
        .positions
        .iter()
        .position(|p| p.name.eq_ignore_ascii_case(name.trim()))
}

/// The cost of a sheet at creation prices (§27.0): players, re-rolls, fan factor, staff.
pub fn sheet_cost(sheet: &TeamSheet) -> u32 {
    let data = sheet.roster.data();
    let players: u32 = sheet
        .players
        .iter()
        .filter_map(|p| position_index(sheet.roster, &p.position))
        .map(|i| data.positions[i].cost)
        .sum();
    players
        + u32::from(sheet.rerolls) * data.reroll_cost
        + (u32::from(sheet.fan_factor)
            + u32::from(sheet.assistant_coaches)
            + u32::from(sheet.cheerleaders))
            * STAFF_COST
        + if sheet.apothecary { APOTHECARY_COST } else { 0 }
}

fn refuse(what: String) -> SetupError {
    SetupError::NotImplemented { what }
}

/// §27.0: check a team sheet: 11–16 players numbered 1–16 without repeats, every position
/// of its roster and within its maximum, an apothecary only where allowed, at most 8
/// re-rolls, fan factor at most 9, characteristics in range; every skill built.
pub fn validate_sheet(sheet: &TeamSheet) -> Result<(), SetupError> {
    let data = sheet.roster.data();
    let name = data.name;
    let n = sheet.players.len();
    if !(11..=MAX_PLAYERS).contains(&n) {
        return Err(refuse(format!(
            "a {name} team of {n} players (a team has 11 to 16, §27.0)"
        )));
    }
    let mut numbers = 0u32;
    let mut counts = vec![0u8; data.positions.len()];
    for p in &sheet.players {
        if !(1..=16).contains(&p.number) || numbers & (1 << p.number) != 0 {
            return Err(refuse(format!(
                "player number {} (numbers are 1-16, each once, §2.2)",
                p.number
            )));
        }
        numbers |= 1 << p.number;
        let Some(i) = position_index(sheet.roster, &p.position) else {
            return Err(refuse(format!(
                "position {:?} is not on the {name} roster (§27.0: one roster only)",
                p.position
            )));
        };
        counts[i] += 1;
        let pos = &data.positions[i];
        for skill in pos.skills.iter().chain(&p.extra_skills) {
            if !skill.info().built {
                return Err(refuse(format!(
                    "skill {} (§{}) of the {name} {}",
                    skill.name(),
                    skill.info().section,
                    pos.name
                )));
            }
        }
        let s = p.stat_changes;
        for (base, change) in [
            (pos.ma, s.ma),
            (pos.st, s.st),
            (pos.ag, s.ag),
            (pos.av, s.av),
        ] {
            let v = i16::from(base) + i16::from(change);
            if !(1..=10).contains(&v) {
                return Err(refuse(format!(
                    "player {} has a characteristic of {v} (1-10)",
                    p.number
                )));
            }
        }
    }
    for (i, &c) in counts.iter().enumerate() {
        let pos = &data.positions[i];
        if c > pos.max {
            return Err(refuse(format!(
                "{c} {} on a {name} team (at most {}, §27.0)",
                pos.name, pos.max
            )));
        }
    }
    if sheet.apothecary && !data.apothecary {
        return Err(refuse(format!("an apothecary for a {name} team (§12.6)")));
    }
    if sheet.rerolls > 8 {
        return Err(refuse(format!(
            "{} re-rolls (at most 8, §27.0 [Proposal])",
            sheet.rerolls
        )));
    }
    if sheet.fan_factor > 9 {
        return Err(refuse(format!(
            "fan factor {} (at most 9, §21)",
            sheet.fan_factor
        )));
    }
    let available = sheet
        .players
        .iter()
        .filter(|p| !p.missing_next_game)
        .count();
    if available == 0 {
        return Err(refuse(format!("a {name} team with no player able to play")));
    }
    Ok(())
}

/// Check a match setup: both teams (§27.0), and nothing of the pre-match league steps
/// (inducements, petty cash: not built, §4.2).
pub fn validate(setup: &MatchSetup) -> Result<(), SetupError> {
    for team in &setup.teams {
        validate_sheet(&team.sheet())?;
    }
    for list in &setup.pre_match.inducements {
        if let Some(i) = list.first() {
            return Err(refuse(format!("inducement {i:?} (§4.2: inducements)")));
        }
    }
    if setup.pre_match.petty_cash.iter().any(|&c| c > 0) {
        return Err(refuse("petty cash (§4.2)".to_string()));
    }
    setup.options.special_play_cards.validate()?;
    Ok(())
}
