//! The league tables (§32.6–§32.14): star player points, experience levels, the
//! advancement table, value increases, winnings, fan factor, spiralling expenses.
//!
//! Pure functions of their inputs; the dice are rolled by the post-match sequence
//! ([`super::postmatch`]), which passes the faces here.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use serde::{Deserialize, Serialize};

use crate::bb::data::{Category, PositionData, SKILLS, Skill};
use crate::bb::setup::StatChanges;

/// §32.6: what a player earns star player points for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum SppKind {
    Completion,
    Casualty,
    Interception,
    Touchdown,
    Mvp,
}

impl SppKind {
    /// §32.6: COMP 1, CAS 2, INT 2, TD 3, MVP 5.
    pub fn points(self) -> u16 {
        match self {
            SppKind::Completion => 1,
            SppKind::Casualty | SppKind::Interception => 2,
            SppKind::Touchdown => 3,
            SppKind::Mvp => 5,
        }
    }
}

/// §32.7: the lowest SPP of each level above Rookie (Experienced, Veteran, Emerging Star,
/// Star, Super Star, Legend).
pub const LEVELS: [u16; 6] = [6, 16, 31, 51, 76, 176];

/// §32.7: the level titles, Rookie first.
pub const TITLES: [&str; 7] = [
    "Rookie",
    "Experienced",
    "Veteran",
    "Emerging Star",
    "Star",
    "Super Star",
    "Legend",
];

/// §32.7: how many advancement rolls a player with `spp` has earned in all (one per level
/// reached; crossing several levels in one match gives one roll for each [Proposal]).
pub fn rolls_earned(spp: u16) -> u8 {
    LEVELS.iter().filter(|&&l| spp >= l).count() as u8
}

/// §32.7: the title of a player with `spp`.
pub fn title(spp: u16) -> &'static str {
    TITLES[usize::from(rolls_earned(spp))]
}

/// A characteristic an advancement can raise or an injury lower.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Stat {
    Ma,
    St,
    Ag,
    Av,
}

/// What a coach takes for an advancement roll (§32.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Advance {
    Skill { skill: Skill },
    Stat { stat: Stat },
}

/// Changes to the four characteristics (a player's gains, or his losses): the sheet's own
/// [`StatChanges`].
pub type StatLine = StatChanges;

/// One characteristic of a [`StatLine`].
pub fn stat_of(line: &StatLine, s: Stat) -> i8 {
    match s {
        Stat::Ma => line.ma,
        Stat::St => line.st,
        Stat::Ag => line.ag,
        Stat::Av => line.av,
    }
}

/// Add `d` to one characteristic of a [`StatLine`].
pub fn add_stat(line: &mut StatLine, s: Stat, d: i8) {
    match s {
        Stat::Ma => line.ma += d,
        Stat::St => line.st += d,
        Stat::Ag => line.ag += d,
        Stat::Av => line.av += d,
    }
}

/// The base value of `stat` for a position.
pub fn base(pos: &PositionData, stat: Stat) -> u8 {
    match stat {
        Stat::Ma => pos.ma,
        Stat::St => pos.st,
        Stat::Ag => pos.ag,
        Stat::Av => pos.av,
    }
}

/// §32.7: may `stat` rise by one? Never more than 2 above the starting value, never above 10.
pub fn may_raise(pos: &PositionData, gains: &StatLine, losses: &StatLine, stat: Stat) -> bool {
    let now = i16::from(base(pos, stat)) + i16::from(stat_of(gains, stat))
        - i16::from(stat_of(losses, stat));
    stat_of(gains, stat) < 2 && now < 10
}

/// §32.9: may an injury lower `stat` by one? Never more than 2 below the starting value, never
/// below 1; a further loss is ignored.
pub fn may_lower(pos: &PositionData, gains: &StatLine, losses: &StatLine, stat: Stat) -> bool {
    let now = i16::from(base(pos, stat)) + i16::from(stat_of(gains, stat))
        - i16::from(stat_of(losses, stat));
    stat_of(losses, stat) < 2 && now > 1
}

/// §26.0, §32.7: skills that exclude each other on one player (Frenzy and Grab).
fn excluded(skill: Skill, has: &[Skill]) -> bool {
    match skill {
        Skill::Frenzy => has.contains(&Skill::Grab),
        Skill::Grab => has.contains(&Skill::Frenzy),
        _ => false,
    }
}

/// §32.7: the skills a player may take from `categories`: never Extraordinary, never one he
/// has, never Frenzy with Grab, and only skills this engine plays (a skill not built would
/// make the team unplayable). Table order.
pub fn skill_choices(categories: &[Category], has: &[Skill]) -> Vec<Skill> {
    SKILLS
        .iter()
        .filter(|i| i.built)
        .filter(|i| i.category != Category::Extraordinary && categories.contains(&i.category))
        .map(|i| i.skill)
        .filter(|s| !has.contains(s) && !excluded(*s, has))
        .collect()
}

/// §32.7: every choice an advancement roll of `dice` offers a player of `pos` who has the
/// skills `has` and the changes `gains`/`losses`. A skill from the Normal categories always;
/// on a double, a skill from Normal or Double; on 10 +MA or +AV, 11 +AG, 12 +ST, each only if
/// the cap allows (if not, a skill must be taken).
pub fn advance_choices(
    pos: &PositionData,
    has: &[Skill],
    gains: &StatLine,
    losses: &StatLine,
    dice: [u8; 2],
) -> Vec<Advance> {
    let mut cats: Vec<Category> = pos.normal.to_vec();
    if dice[0] == dice[1] {
        cats.extend_from_slice(pos.double);
    }
    let mut out: Vec<Advance> = Vec::new();
    let stats: &[Stat] = match dice[0] + dice[1] {
        10 => &[Stat::Ma, Stat::Av],
        11 => &[Stat::Ag],
        12 => &[Stat::St],
        _ => &[],
    };
    for &stat in stats {
        if may_raise(pos, gains, losses, stat) {
            out.push(Advance::Stat { stat });
        }
    }
    out.extend(
        skill_choices(&cats, has)
            .into_iter()
            .map(|skill| Advance::Skill { skill }),
    );
    out
}

/// §32.8: what an advancement adds to the player's value: a Normal skill 20,000, a skill of a
/// category open only on a double 30,000, +MA or +AV 30,000, +AG 40,000, +ST 50,000. The
/// category of the skill taken decides, not the dice.
pub fn value_increase(pos: &PositionData, advance: Advance) -> u32 {
    match advance {
        Advance::Skill { skill } => {
            if pos.normal.contains(&skill.info().category) {
                20_000
            } else {
                30_000
            }
        }
        Advance::Stat { stat } => match stat {
            Stat::Ma | Stat::Av => 30_000,
            Stat::Ag => 40_000,
            Stat::St => 50_000,
        },
    }
}

/// How a match ended for one team.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum MatchResult {
    Win,
    Draw,
    Loss,
}

/// §32.17 (7): extra winnings for short seasons, the commissioner's choice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ShortSeasonWinnings {
    #[default]
    Off,
    /// +10,000 for a loss, +20,000 for a draw or a win.
    Flat,
    /// FAME counts double in the winnings roll.
    DoubleFame,
}

/// §32.10: the winnings of a team: (D6 + FAME) × 10,000, +10,000 for a win or a draw; nothing
/// for a team that conceded. `extra`: §32.17 (7).
pub fn winnings(
    d6: u8,
    fame: u8,
    result: MatchResult,
    conceded: bool,
    extra: ShortSeasonWinnings,
) -> u32 {
    if conceded {
        return 0;
    }
    let fame = if extra == ShortSeasonWinnings::DoubleFame {
        fame * 2
    } else {
        fame
    };
    let mut w = (u32::from(d6) + u32::from(fame)) * 10_000;
    if result != MatchResult::Loss {
        w += 10_000;
    }
    if extra == ShortSeasonWinnings::Flat {
        w += if result == MatchResult::Loss {
            10_000
        } else {
            20_000
        };
    }
    w
}

/// §32.11: how many D6 the fan factor roll uses: 3 for a win, 2 otherwise.
pub fn fan_factor_dice(result: MatchResult) -> usize {
    if result == MatchResult::Win { 3 } else { 2 }
}

/// §32.11: the fan factor change for a roll totalling `total`: a win goes up when the roll
/// beats FF, a loss goes down when it is under FF, a draw either; equal changes nothing. FF
/// never goes below 0 [Proposal].
pub fn fan_factor_change(result: MatchResult, total: u16, ff: u8) -> i8 {
    let ff16 = u16::from(ff);
    match result {
        MatchResult::Win if total > ff16 => 1,
        MatchResult::Draw if total > ff16 => 1,
        MatchResult::Draw | MatchResult::Loss if total < ff16 && ff > 0 => -1,
        _ => 0,
    }
}

/// §32.12: spiralling expenses for a team value: nothing under `threshold`, then 10,000 for
/// each `band` started (1,750,000 and 150,000 by default; §32.17 (2) lets a league change them).
pub fn spiralling_expenses(tv: u32, threshold: u32, band: u32) -> u32 {
    if tv < threshold || band == 0 {
        return 0;
    }
    10_000u32.saturating_mul(1 + (tv - threshold) / band)
}
