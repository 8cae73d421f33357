//! The match setup: two teams (a roster name for a starter team, or a full team sheet), the
//! match options (the cheap [Proposal]s of G1–G34 as named fields), and the pre-match place
//! where inducements and league data will enter.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use serde::{Deserialize, Serialize};

pub use super::cards::SpecialPlayCards;
use super::data::*;
pub use super::inducements::InducementKinds;
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
    /// §27.0: the most a team sheet may cost at creation prices (gp); 1,000,000 by default.
    /// Checked by [`validate`] when a match is set up.
    pub budget: u32,
    /// §27.22–§27.24: allow the three unofficial rosters (Slann, Chaos Pact, Underworld);
    /// off by default, and a team of one of them is refused (`SetupError::NeedsOption`).
    pub unofficial_rosters: bool,
    /// §32: the teams are league teams, worth what they have earned: no creation budget and
    /// none of the creation-only limits (fan factor 9), checked by the league instead.
    pub league_teams: bool,
    /// §30.1: the pre-match inducement phase (league matches): off by default, so a match
    /// without it plays as before.
    pub inducements: bool,
    /// §31.1: the Special Play Cards each team draws before the match (default: none).
    #[serde(skip_serializing_if = "SpecialPlayCards::is_off")]
    pub special_play_cards: SpecialPlayCards,
    /// §31.1 (the commissioner's first method): with `inducements`, Special Play Card draws are on
    /// the inducement list (`{"kind": "card_draw", "deck": ...}`), 5 a coach at
    /// most, each drawn when bought. Off by default.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub card_inducements: bool,
    /// §32.17 (6), a league's switch: fan factor is free and never counts in the team value,
    /// so the inducement money of §30.1 is worked on team values without it. Off by default
    /// (fan factor counts, as before).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub free_fan_factor: bool,
    /// §32.17 (3), a league's switch: the inducement kinds removed from the list (buying one
    /// is refused). Empty by default.
    #[serde(skip_serializing_if = "InducementKinds::is_empty")]
    pub excluded_inducements: InducementKinds,
    /// §32.17 (5) method 3: with `card_inducements`, Special Play Card draws replace the
    /// inducement list: nothing else may be bought (5 draws a coach at most). Off by default.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub cards_only: bool,
    /// §32.17 (5) method 4: with `inducements` (and not `card_inducements`), the gold
    /// (50,000 to 200,000) each coach gets to spend only on card draws after the
    /// inducements; what is left is lost. 0 (the default): none.
    #[serde(skip_serializing_if = "is_zero")]
    pub card_gold: u32,
    /// §32.16, a league tournament's semi-final or final: the gate is doubled, no inducement
    /// money is given (only petty cash buys), and no Star Player or Mercenary may be hired.
    /// Off by default (a match plays as before).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tournament_stage: bool,
    /// §32.16: the Majors' trophies each team (home, away) holds: the Spike! Magazine
    /// trophy's +2 on the gate roll, the Dungeonbowl's Wizard at 50,000. (Their team re-rolls
    /// are on the sheets; the Blood Bowl trophy's winnings are the post-match sequence's.)
    /// None by default.
    #[serde(default, skip_serializing_if = "no_trophies")]
    pub trophies: [crate::bb::league::tournament::Held; 2],
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn no_trophies(t: &[crate::bb::league::tournament::Held; 2]) -> bool {
    t.iter().all(|h| h.majors().is_empty())
}

impl Default for Options {
    fn default() -> Options {
        Options {
            throw_in_counts_start_square: true,
            strict_touchdown_timing: false,
            overtime: Overtime::None,
            penalty_shootout: false,
            budget: BUDGET,
            unofficial_rosters: false,
            league_teams: false,
            inducements: false,
            special_play_cards: SpecialPlayCards::default(),
            card_inducements: false,
            free_fan_factor: false,
            excluded_inducements: InducementKinds::NONE,
            cards_only: false,
            card_gold: 0,
            tournament_stage: false,
            trophies: [crate::bb::league::tournament::Held::default(); 2],
        }
    }
}

/// §32.4: the largest treasury a setup may give (10,000,000 gp), so petty cash and match
/// values stay far from the `u32` limit and a declaration has at most 1,001 legal amounts.
pub const MAX_TREASURY: u32 = 10_000_000;

/// The pre-match sequence's league steps (§4.2 1.2–1.3): petty cash (with the `inducements`
/// option); inducements are bought in the pre-match phase (§30.1), so a list here is refused.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PreMatch {
    /// Inducements per side, Home then Away.
    #[serde(default)]
    pub inducements: [Vec<super::inducements::InducementItem>; 2],
    /// Petty cash per side (gp), fixed by the setup (not with `treasury`).
    #[serde(default)]
    pub petty_cash: [u32; 2],
    /// §32.4 (league matches): each side's treasury (gp), Home then Away. When given (with the
    /// option `inducements`), the pre-match asks each coach how much of it he moves to petty
    /// cash, the team with the higher team value first (equal values: a coin toss, G105),
    /// before the inducements. `None` (the default, and every older setup): no declaration,
    /// the fixed `petty_cash` above.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub treasury: Option<[u32; 2]>,
}

impl SheetPlayer {
    /// A newly hired player: the position's profile, no changes, no injuries.
    pub fn rookie(number: u8, name: String, position: &str) -> SheetPlayer {
        SheetPlayer {
            number,
            name,
            position: position.to_string(),
            extra_skills: Vec::new(),
            stat_changes: StatChanges::default(),
            niggling: 0,
            missing_next_game: false,
        }
    }
}

/// Rookies of `roster`: `(position index, how many)` in order, numbered from 1 and named
/// after their position ("Blitzer 2").
pub fn rookies(roster: Roster, counts: impl IntoIterator<Item = (usize, u8)>) -> Vec<SheetPlayer> {
    let data = roster.data();
    let mut players = Vec::new();
    for (pos, count) in counts {
        let Some(position) = data.positions.get(pos) else {
            continue;
        };
        for i in 0..count {
            let number = players.len() as u8 + 1;
            players.push(SheetPlayer::rookie(
                number,
                format!("{} {}", position.name, i + 1),
                position.name,
            ));
        }
    }
    players
}

/// §27.0 [Proposal]: the starter team of a roster: a legal 1,000,000 gp team of built
/// positions (the roster table's `starter` row), players numbered from 1 and named.
pub fn starter_team(roster: Roster) -> TeamSheet {
    let data = roster.data();
    let players = rookies(roster, data.starter.players.iter().copied());
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

/// Why a team sheet breaks the team-building rules (§27.0). Each names what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TeamError {
    /// §27.0: a team has 11 to 16 players.
    PlayerCount { roster: Roster, players: usize },
    /// §2.2: numbers are 1–16, each once.
    PlayerNumber { number: u8 },
    /// §27.0: one roster only.
    UnknownPosition { roster: Roster, position: String },
    /// §27.0: a position's "0–N" maximum.
    OverMaximum {
        roster: Roster,
        position: &'static str,
        count: usize,
        max: u8,
    },
    /// §12.6: Khemri, Necromantic, Nurgle and Undead hire no apothecary.
    ApothecaryNotAllowed { roster: Roster },
    /// §27.0 [Proposal, G110]: at most 8 team re-rolls.
    TooManyRerolls { rerolls: u8 },
    /// §27.0: at most 9 fan factor at creation.
    FanFactor { fan_factor: u8 },
    /// A characteristic outside 1–10 after the sheet's changes.
    Characteristic { number: u8, value: i16 },
    /// No player of the team can play this match.
    NobodyToPlay { roster: Roster },
    /// §27.0: the sheet costs more than the budget.
    OverBudget { cost: u32, budget: u32 },
}

impl std::fmt::Display for TeamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TeamError::PlayerCount { roster, players } => write!(
                f,
                "a {} team of {players} players (a team has 11 to 16, §27.0)",
                roster.data().name
            ),
            TeamError::PlayerNumber { number } => write!(
                f,
                "player number {number} (numbers are 1-16, each once, §2.2)"
            ),
            TeamError::UnknownPosition { roster, position } => write!(
                f,
                "position {position:?} is not on the {} roster (§27.0: one roster only)",
                roster.data().name
            ),
            TeamError::OverMaximum {
                roster,
                position,
                count,
                max,
            } => write!(
                f,
                "{count} {position} on a {} team (at most {max}, §27.0)",
                roster.data().name
            ),
            TeamError::ApothecaryNotAllowed { roster } => write!(
                f,
                "an apothecary for a {} team (none for Khemri, Necromantic, Nurgle, Undead, §12.6)",
                roster.data().name
            ),
            TeamError::TooManyRerolls { rerolls } => {
                write!(f, "{rerolls} re-rolls (at most 8, §27.0 [Proposal])")
            }
            TeamError::FanFactor { fan_factor } => {
                write!(f, "fan factor {fan_factor} (at most 9 at creation, §27.0)")
            }
            TeamError::Characteristic { number, value } => {
                write!(f, "player {number} has a characteristic of {value} (1-10)")
            }
            TeamError::NobodyToPlay { roster } => write!(
                f,
                "a {} team with no player able to play",
                roster.data().name
            ),
            TeamError::OverBudget { cost, budget } => write!(
                f,
                "the team costs {cost} gp, over the budget of {budget} gp (§27.0)"
            ),
        }
    }
}

impl std::error::Error for TeamError {}

impl From<TeamError> for SetupError {
    fn from(e: TeamError) -> SetupError {
        SetupError::IllegalTeam {
            what: e.to_string(),
        }
    }
}

/// §27.0: the team-building rules, whatever the engine builds: 11–16 players numbered 1–16
/// without repeats, every position of the sheet's roster and within its maximum, an
/// apothecary only where allowed (§12.6), at most 8 re-rolls [Proposal], fan factor at most
/// 9, characteristics 1–10, someone able to play, and (with a `budget`) a creation cost
/// (players, re-rolls at the roster's price, fan factor, assistant coaches and cheerleaders
/// at 10,000, apothecary 50,000: [`sheet_cost`]) within it.
pub fn check_team(sheet: &TeamSheet, budget: Option<u32>) -> Result<(), TeamError> {
    let roster = sheet.roster;
    let data = roster.data();
    let n = sheet.players.len();
    if !(11..=MAX_PLAYERS).contains(&n) {
        return Err(TeamError::PlayerCount { roster, players: n });
    }
    let mut numbers = 0u32;
    let mut counts = vec![0usize; data.positions.len()];
    for p in &sheet.players {
        if !(1..=16).contains(&p.number) || numbers & (1 << p.number) != 0 {
            return Err(TeamError::PlayerNumber { number: p.number });
        }
        numbers |= 1 << p.number;
        let Some(i) = position_index(roster, &p.position) else {
            return Err(TeamError::UnknownPosition {
                roster,
                position: p.position.clone(),
            });
        };
        counts[i] += 1;
        let pos = &data.positions[i];
        let s = p.stat_changes;
        for (base, change) in [
            (pos.ma, s.ma),
            (pos.st, s.st),
            (pos.ag, s.ag),
            (pos.av, s.av),
        ] {
            let value = i16::from(base) + i16::from(change);
            if !(1..=10).contains(&value) {
                return Err(TeamError::Characteristic {
                    number: p.number,
                    value,
                });
            }
        }
    }
    for (i, &count) in counts.iter().enumerate() {
        let pos = &data.positions[i];
        if count > usize::from(pos.max) {
            return Err(TeamError::OverMaximum {
                roster,
                position: pos.name,
                count,
                max: pos.max,
            });
        }
    }
    if sheet.apothecary && !data.apothecary {
        return Err(TeamError::ApothecaryNotAllowed { roster });
    }
    if sheet.rerolls > 8 {
        return Err(TeamError::TooManyRerolls {
            rerolls: sheet.rerolls,
        });
    }
    if sheet.players.iter().all(|p| p.missing_next_game) {
        return Err(TeamError::NobodyToPlay { roster });
    }
    if let Some(budget) = budget {
        // §27.0: fan factor is bought only at creation, 9 at most (a league's grows freely).
        if sheet.fan_factor > 9 {
            return Err(TeamError::FanFactor {
                fan_factor: sheet.fan_factor,
            });
        }
        let cost = sheet_cost(sheet);
        if cost > budget {
            return Err(TeamError::OverBudget { cost, budget });
        }
    }
    Ok(())
}

/// Every skill of the sheet is built (§26): a position or extra skill not built yet is
/// refused (`SetupError::NotImplemented` naming it).
pub fn check_built(sheet: &TeamSheet) -> Result<(), SetupError> {
    let data = sheet.roster.data();
    for p in &sheet.players {
        let Some(i) = position_index(sheet.roster, &p.position) else {
            continue;
        };
        let pos = &data.positions[i];
        for skill in pos.skills.iter().chain(&p.extra_skills) {
            if !skill.info().built {
                return Err(refuse(format!(
                    "skill {} (§{}) of the {} {}",
                    skill.name(),
                    skill.info().section,
                    data.name,
                    pos.name
                )));
            }
        }
    }
    Ok(())
}

/// §27.0: check a team sheet against the team-building rules ([`check_team`], without the
/// budget: a league sheet may be worth more) and that every skill is built
/// ([`check_built`]).
pub fn validate_sheet(sheet: &TeamSheet) -> Result<(), SetupError> {
    check_team(sheet, None)?;
    check_built(sheet)
}

/// §27.22–§27.24: an unofficial roster needs the `unofficial_rosters` option.
fn check_roster_allowed(roster: Roster, options: &Options) -> Result<(), SetupError> {
    if roster.data().unofficial && !options.unofficial_rosters {
        return Err(SetupError::NeedsOption {
            option: format!("roster {} (unofficial, §27.22-§27.24)", roster.key()),
            needs: "unofficial_rosters".to_string(),
        });
    }
    Ok(())
}

/// Check a match setup when it is made (the lobby, [`crate::bb::new_game`]): both teams
/// (§27.0: the building rules, the `budget` option, unofficial rosters only with
/// `unofficial_rosters`, every skill built), and nothing of the pre-match league steps
/// (inducements, petty cash: not built, §4.2).
pub fn validate(setup: &MatchSetup) -> Result<(), SetupError> {
    validate_replay(setup)?;
    let budget = (!setup.options.league_teams).then_some(setup.options.budget);
    for i in 0..2 {
        check_team(&own_sheet(setup, i), budget)?;
    }
    Ok(())
}

/// Team `i`'s sheet without the team re-rolls of the Majors' trophies it holds (§32.16:
/// a trophy's re-roll is on the sheet for the match, over the 8 a team may buy).
fn own_sheet(setup: &MatchSetup, i: usize) -> TeamSheet {
    let mut sheet = setup.teams[i].sheet();
    let held = setup.options.trophies[i].majors();
    sheet.rerolls = sheet
        .rerolls
        .saturating_sub(crate::bb::league::tournament::trophy_rerolls(&held));
    sheet
}

/// [`validate`] without the budget: what a stored match is checked against when it is
/// started again from its setup (rules version 1 matches were recorded before the budget
/// was checked, and their sheets may cost more).
pub fn validate_replay(setup: &MatchSetup) -> Result<(), SetupError> {
    for (i, team) in setup.teams.iter().enumerate() {
        check_roster_allowed(team.roster(), &setup.options)?;
        validate_sheet(&own_sheet(setup, i))?;
    }
    for list in &setup.pre_match.inducements {
        if let Some(i) = list.first() {
            return Err(refuse(format!(
                "inducement {i:?} listed in the setup (§30.1: inducements are bought in the \
                 match's inducement phase: set the option `inducements`)"
            )));
        }
    }
    if !setup.options.inducements && setup.pre_match.petty_cash.iter().any(|&c| c > 0) {
        return Err(refuse(
            "petty cash without the inducement phase (§30.1: set the option `inducements`)"
                .to_string(),
        ));
    }
    if let Some(treasury) = setup.pre_match.treasury {
        if !setup.options.inducements {
            // §32.4: the declaration is the step before the inducements (§30.1).
            return Err(SetupError::NeedsOption {
                option: "pre_match.treasury".to_string(),
                needs: "inducements".to_string(),
            });
        }
        if setup.pre_match.petty_cash.iter().any(|&c| c > 0) {
            return Err(refuse(
                "petty cash fixed in the setup and a treasury to declare it from (§32.4: give \
                 one or the other)"
                    .to_string(),
            ));
        }
        if let Some(t) = treasury.iter().find(|&&t| t > MAX_TREASURY) {
            return Err(refuse(format!(
                "a treasury of {t} (§32.4: at most {MAX_TREASURY} gp)"
            )));
        }
    }
    setup.options.special_play_cards.validate()?;
    if setup.options.card_inducements && !setup.options.inducements {
        // §31.1: card draws on the inducement list need the inducement phase.
        return Err(SetupError::NeedsOption {
            option: "card_inducements".to_string(),
            needs: "inducements".to_string(),
        });
    }
    let o = &setup.options;
    if !o.excluded_inducements.is_empty() && !o.inducements {
        // §32.17 (3): a list to remove from needs the inducement phase.
        return Err(SetupError::NeedsOption {
            option: "excluded_inducements".to_string(),
            needs: "inducements".to_string(),
        });
    }
    if o.cards_only && !o.card_inducements {
        // §32.17 (5) method 3: cards replace the list only when they are on it.
        return Err(SetupError::NeedsOption {
            option: "cards_only".to_string(),
            needs: "card_inducements".to_string(),
        });
    }
    if o.card_gold > 0 {
        if !o.inducements {
            // §32.17 (5) method 4: the card gold is spent in the pre-match's buying.
            return Err(SetupError::NeedsOption {
                option: "card_gold".to_string(),
                needs: "inducements".to_string(),
            });
        }
        if o.card_inducements {
            return Err(refuse(
                "card_gold with card_inducements (§32.17 (5): methods 1 and 4 are exclusive; \
                 with method 4 cards are not inducements)"
                    .to_string(),
            ));
        }
        if !super::inducements::CARD_GOLD.contains(&o.card_gold) {
            return Err(refuse(format!(
                "card_gold {} (§32.17 (5) method 4: 50,000 to 200,000 gp)",
                o.card_gold
            )));
        }
    }
    Ok(())
}
