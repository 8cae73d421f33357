//! The match flow on the shared frame stack (interim: the pre-match only).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use serde::{Deserialize, Serialize};

use super::data::*;
use super::setup::*;
use super::state::*;
use super::view::TurnUse;
use super::wire::*;
use crate::core::{DiceSource, LegalCache, Side};

/// A step of the match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Frame {
    PreMatch,
}

/// Build the match from the setup: players from the sheets, in order (Home, then Away).
pub fn build(setup: MatchSetup, version: u32) -> Game {
    let mut players = Vec::new();
    let mut teams = Vec::new();
    for side in Side::BOTH {
        let sheet = setup.teams[side.index()].sheet();
        let data = sheet.roster.data();
        for sp in &sheet.players {
            let pos = &data.positions[position_index(sheet.roster, &sp.position).unwrap_or(0)];
            let mut skills = SkillSet::of(pos.skills);
            for s in &sp.extra_skills {
                skills.insert(*s);
            }
            let stat =
                |base: u8, change: i8| (i16::from(base) + i16::from(change)).clamp(1, 10) as u8;
            players.push(Player {
                id: PlayerId(players.len() as u8),
                side,
                number: sp.number,
                name: sp.name.clone(),
                position: pos.name.to_string(),
                ma: stat(pos.ma, sp.stat_changes.ma),
                st: stat(pos.st, sp.stat_changes.st),
                ag: stat(pos.ag, sp.stat_changes.ag),
                av: stat(pos.av, sp.stat_changes.av),
                skills,
                niggling: sp.niggling,
                state: if sp.missing_next_game {
                    PlayerState::Absent
                } else {
                    PlayerState::Reserve
                },
                acted: false,
                stunned_this_turn: false,
                confused: false,
                rooted: false,
                used_dodge: false,
                used_pro: false,
                used_break_tackle: false,
                used_leap: false,
                in_drive: false,
            });
        }
        teams.push(Team {
            name: sheet.name.clone(),
            roster: sheet.roster,
            rerolls: sheet.rerolls,
            rerolls_start: sheet.rerolls,
            bribes: 0,
            apothecary: sheet.apothecary,
            fan_factor: sheet.fan_factor,
            fans: 0,
            fame: 0,
            assistant_coaches: sheet.assistant_coaches,
            cheerleaders: sheet.cheerleaders,
            turns: 0,
            used: TurnUse::default(),
        });
    }
    let away = teams.pop();
    let home = teams.pop();
    let (Some(home), Some(away)) = (home, away) else {
        unreachable!("two sides")
    };
    Game {
        setup,
        rules_version: version,
        players,
        teams: [home, away],
        ball: Ball::None,
        weather: Weather::Nice,
        half: 0,
        score: [0, 0],
        kicking: Side::Home,
        first_kicker: Side::Home,
        active: None,
        blitz_bonus: false,
        acting: None,
        pass: None,
        turnover: None,
        touchdown: false,
        frames: vec![Frame::PreMatch],
        prompt: Prompt {
            coach: None,
            kind: PromptKind::GameOver,
        },
        outcome: None,
        grid: empty_grid(),
        legal: LegalCache::default(),
    }
}

/// Run the match to its first prompt.
pub fn start(_g: &mut Game, _dice: &mut dyn DiceSource) -> Vec<Event> {
    Vec::new()
}

/// Answer the prompt with a legal command.
pub fn answer(_g: &mut Game, _cmd: Command, _dice: &mut dyn DiceSource) -> Vec<Event> {
    Vec::new()
}
