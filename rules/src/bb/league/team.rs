//! A team that lives across matches (§32.2): its players with their experience, advances and
//! injuries, its treasury, staff and fan factor, and its history.
//!
//! The history is the truth: every change is a [`TeamEvent`], and the team is the fold of its
//! events ([`LeagueTeam::fold`]). Commands ([`Purchase`]) are checked against the team and the
//! phase (creation or the post-match window) and answer with the events to append, or a typed
//! [`LeagueError`] and no change.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use serde::{Deserialize, Serialize};

use super::tables::{self, Advance, MatchResult, SppKind, Stat, StatLine};
use crate::bb::data::{
    APOTHECARY_COST, CasualtyResult, LastingEffect, PositionData, Roster, STAFF_COST, Skill,
};
use crate::bb::setup::{
    MatchSetup, Options, SheetPlayer, StatChanges, TeamChoice, TeamSheet, position_index,
};

/// §32.2: the starting treasury of a new team (the one-off budget too).
pub const STARTING_TREASURY: u32 = 1_000_000;
/// §32.14 [Proposal]: at most 8 team re-rolls.
pub const MAX_REROLLS: u8 = 8;
/// §27.0: at most 9 fan factor bought at creation.
pub const MAX_FAN_FACTOR_AT_CREATION: u8 = 9;
/// §27.0: a roster holds at most 16 players (journeymen excepted, §32.13).
pub const MAX_ROSTER: usize = 16;

/// A staff member a team can hire (§27.0, §32.14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Staff {
    AssistantCoach,
    Cheerleader,
    Apothecary,
}

impl Staff {
    pub fn cost(self) -> u32 {
        match self {
            Staff::AssistantCoach | Staff::Cheerleader => STAFF_COST,
            Staff::Apothecary => APOTHECARY_COST,
        }
    }
}

/// Why a player left the roster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Departure {
    /// Fired by his coach (§32.14: no refund).
    Fired,
    /// Killed in a match (§32.5 step 2.1).
    Dead,
    /// A veteran who walked out after his team conceded (§32.15).
    Walked,
    /// A journeyman not signed (§32.13).
    Released,
}

/// A change to a team: the league's log (§32.5). Each carries what it changed; the store adds
/// who made it and when.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TeamEvent {
    /// §32.2: a new team with its treasury.
    Created {
        roster: Roster,
        name: String,
        treasury: u32,
    },
    /// A player joins: bought (`cost` from the treasury), a free journeyman (§32.13) or a free
    /// raised player (§27.0 Necromancer, §26 Nurgle's Rot).
    PlayerJoined {
        player: u32,
        number: u8,
        name: String,
        position: String,
        cost: u32,
        journeyman: bool,
    },
    PlayerLeft {
        player: u32,
        why: Departure,
    },
    PlayerRenamed {
        player: u32,
        name: String,
    },
    /// §32.13: a journeyman signed for good at his rookie cost: he loses Loner.
    JourneymanSigned {
        player: u32,
        cost: u32,
    },
    /// §27.0, §32.14: a team re-roll (twice the list price after creation).
    RerollBought {
        cost: u32,
    },
    /// §27.0: fan factor bought at creation.
    FanFactorBought {
        cost: u32,
    },
    StaffHired {
        staff: Staff,
        cost: u32,
    },
    StaffFired {
        staff: Staff,
    },
    /// §32.4: gold moved from the treasury to petty cash for a match.
    PettyCash {
        amount: u32,
    },
    /// §32.5 step 2.3: unspent petty cash back into the treasury.
    PettyCashReturned {
        amount: u32,
    },
    /// The match itself, for the record (§32.2).
    MatchPlayed {
        result: MatchResult,
        score: [u16; 2],
        casualties: [u16; 2],
        fame: u8,
        conceded: bool,
        opponent: String,
    },
    /// A player took part in a match (or missed it, serving a "miss next game").
    Played {
        player: u32,
    },
    /// §32.9: a "miss next game" served: cleared at the end of the match he missed.
    MissedMatchServed {
        player: u32,
    },
    /// §32.6: star player points earned.
    Spp {
        player: u32,
        kind: SppKind,
        spp: u16,
    },
    /// §32.7: an advancement roll.
    AdvancementRolled {
        player: u32,
        dice: [u8; 2],
    },
    /// §32.7, §32.8: what the coach took for it, and what it added to the player's value.
    Advanced {
        player: u32,
        advance: Advance,
        value: u32,
    },
    /// §32.9: a casualty's lasting effect on the roster (`ignored`: a loss past the cap).
    Injury {
        player: u32,
        result: CasualtyResult,
        ignored: bool,
    },
    /// §32.10: the winnings roll (`rerolled`: the winner's second roll) and the gold.
    Winnings {
        d6: u8,
        rerolled: Option<u8>,
        amount: u32,
    },
    /// §32.15: winnings handed over by a conceding opponent.
    WinningsFromConcession {
        amount: u32,
    },
    /// §32.12: spiralling expenses due for the match TV, and what the treasury could pay.
    Expenses {
        tv: u32,
        due: u32,
        paid: u32,
    },
    /// §32.11: the fan factor roll and its change (`dice` empty: the concession's automatic −1).
    FanFactor {
        dice: Vec<u8>,
        change: i8,
    },
    /// §32.15: a veteran's roll after his team conceded.
    VeteranRoll {
        player: u32,
        d6: u8,
        leaves: bool,
    },
    /// §12.7, §26.61: a player raised in the match could not join the roster (`why`: full,
    /// his position's limit reached, or his victim not removed as dead).
    RaisedTurnedAway {
        position: String,
        why: String,
    },
    /// §32.5 step 2.8: the team value now.
    TeamValue {
        tv: u32,
    },
}

/// A player of a league team.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LeaguePlayer {
    /// Stable within the team, never reused.
    pub id: u32,
    pub number: u8,
    pub name: String,
    pub position: String,
    pub spp: u16,
    /// Advancement rolls made (§32.7).
    pub rolls: u8,
    /// An advancement rolled and not chosen yet.
    pub pending: Option<[u8; 2]>,
    pub extra_skills: Vec<Skill>,
    pub gains: StatLine,
    pub losses: StatLine,
    pub niggling: u8,
    pub miss_next_game: bool,
    pub journeyman: bool,
    /// §32.8: the position's cost plus the advancements' increases.
    pub value: u32,
    pub stats: PlayerStats,
}

/// A player's career figures (§32.6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PlayerStats {
    pub played: u16,
    pub touchdowns: u16,
    pub completions: u16,
    pub interceptions: u16,
    pub casualties: u16,
    pub mvps: u16,
}

/// A team's record (§32.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct TeamRecord {
    pub played: u16,
    pub won: u16,
    pub drawn: u16,
    pub lost: u16,
    pub touchdowns_for: u16,
    pub touchdowns_against: u16,
    pub casualties_for: u16,
    pub casualties_against: u16,
}

/// A league team: the fold of its [`TeamEvent`]s.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LeagueTeam {
    pub roster: Roster,
    pub name: String,
    pub treasury: u32,
    pub petty_cash: u32,
    pub rerolls: u8,
    pub fan_factor: u8,
    pub assistant_coaches: u8,
    pub cheerleaders: u8,
    pub apothecary: bool,
    pub players: Vec<LeaguePlayer>,
    /// Players who left (dead, fired, walked), for the team's history pages.
    pub former: Vec<(LeaguePlayer, Departure)>,
    pub next_id: u32,
    pub record: TeamRecord,
    /// The last value worked out at step 2.8 (§32.5).
    pub tv: u32,
}

/// A refused league command: nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum LeagueError {
    /// Not enough gold in the treasury.
    Gold { cost: u32, treasury: u32 },
    /// Against a rule (the message names it).
    Illegal { why: String },
    /// No such player on the team.
    NoPlayer { player: u32 },
    /// Not in this window or step.
    NotNow { why: String },
}

impl std::fmt::Display for LeagueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LeagueError::Gold { cost, treasury } => {
                write!(
                    f,
                    "not enough gold: {cost} needed, {treasury} in the treasury"
                )
            }
            LeagueError::Illegal { why } => write!(f, "{why}"),
            LeagueError::NoPlayer { player } => write!(f, "no player {player} on this team"),
            LeagueError::NotNow { why } => write!(f, "not now: {why}"),
        }
    }
}

impl std::error::Error for LeagueError {}

fn illegal(why: impl Into<String>) -> LeagueError {
    LeagueError::Illegal { why: why.into() }
}

/// When a purchase is made: at creation (creation prices, fan factor for sale) or in the
/// post-match window (§32.14: re-rolls at double price, no fan factor).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Window {
    Creation,
    PostMatch,
}

/// What a coach may do to his team in a buying window (§27.0, §32.14).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum Purchase {
    HirePlayer {
        position: String,
        #[serde(default)]
        name: String,
    },
    FirePlayer {
        player: u32,
    },
    RenamePlayer {
        player: u32,
        name: String,
    },
    BuyReroll,
    BuyFanFactor,
    HireStaff {
        staff: Staff,
    },
    FireStaff {
        staff: Staff,
    },
}

impl LeaguePlayer {
    /// The player's position data.
    pub fn position_data(&self, roster: Roster) -> &'static PositionData {
        let data = roster.data();
        &data.positions[position_index(roster, &self.position).unwrap_or(0)]
    }

    /// Every skill he has: his position's and those he gained.
    pub fn skills(&self, roster: Roster) -> Vec<Skill> {
        let mut all: Vec<Skill> = self.position_data(roster).skills.to_vec();
        all.extend(self.extra_skills.iter().copied());
        all
    }

    /// §32.13: may he play the next match?
    pub fn available(&self) -> bool {
        !self.miss_next_game
    }
}

impl LeagueTeam {
    /// The team the events describe (§32.5: the current state is the fold of the history).
    pub fn fold<'a>(events: impl IntoIterator<Item = &'a TeamEvent>) -> Option<LeagueTeam> {
        let mut team: Option<LeagueTeam> = None;
        for e in events {
            match (&mut team, e) {
                (
                    None,
                    TeamEvent::Created {
                        roster,
                        name,
                        treasury,
                    },
                ) => {
                    team = Some(LeagueTeam {
                        roster: *roster,
                        name: name.clone(),
                        treasury: *treasury,
                        petty_cash: 0,
                        rerolls: 0,
                        fan_factor: 0,
                        assistant_coaches: 0,
                        cheerleaders: 0,
                        apothecary: false,
                        players: Vec::new(),
                        former: Vec::new(),
                        next_id: 1,
                        record: TeamRecord::default(),
                        tv: 0,
                    });
                }
                (Some(t), e) => t.apply(e),
                (None, _) => {}
            }
        }
        team
    }

    fn player_mut(&mut self, id: u32) -> Option<&mut LeaguePlayer> {
        self.players.iter_mut().find(|p| p.id == id)
    }

    pub fn player(&self, id: u32) -> Option<&LeaguePlayer> {
        self.players.iter().find(|p| p.id == id)
    }

    /// Apply one event (the fold's step). Gold never goes below zero: the commands that
    /// spend check first, and expenses pay only what there is.
    pub fn apply(&mut self, e: &TeamEvent) {
        let spend = |t: &mut LeagueTeam, c: u32| t.treasury = t.treasury.saturating_sub(c);
        match e {
            TeamEvent::Created { .. } => {}
            TeamEvent::PlayerJoined {
                player,
                number,
                name,
                position,
                cost,
                journeyman,
            } => {
                spend(self, *cost);
                let roster = self.roster;
                let value = position_index(roster, position)
                    .map(|i| roster.data().positions[i].cost)
                    .unwrap_or(0);
                self.players.push(LeaguePlayer {
                    id: *player,
                    number: *number,
                    name: name.clone(),
                    position: position.clone(),
                    spp: 0,
                    rolls: 0,
                    pending: None,
                    extra_skills: if *journeyman {
                        vec![Skill::Loner]
                    } else {
                        Vec::new()
                    },
                    gains: StatLine::default(),
                    losses: StatLine::default(),
                    niggling: 0,
                    miss_next_game: false,
                    journeyman: *journeyman,
                    value,
                    stats: PlayerStats::default(),
                });
                self.next_id = self.next_id.max(player + 1);
            }
            TeamEvent::PlayerLeft { player, why } => {
                if let Some(i) = self.players.iter().position(|p| p.id == *player) {
                    let p = self.players.remove(i);
                    self.former.push((p, *why));
                }
            }
            TeamEvent::PlayerRenamed { player, name } => {
                if let Some(p) = self.player_mut(*player) {
                    p.name = name.clone();
                }
            }
            TeamEvent::JourneymanSigned { player, cost } => {
                spend(self, *cost);
                if let Some(p) = self.player_mut(*player) {
                    p.journeyman = false;
                    if let Some(i) = p.extra_skills.iter().position(|s| *s == Skill::Loner) {
                        p.extra_skills.remove(i);
                    }
                }
            }
            TeamEvent::RerollBought { cost } => {
                spend(self, *cost);
                self.rerolls += 1;
            }
            TeamEvent::FanFactorBought { cost } => {
                spend(self, *cost);
                self.fan_factor += 1;
            }
            TeamEvent::StaffHired { staff, cost } => {
                spend(self, *cost);
                match staff {
                    Staff::AssistantCoach => self.assistant_coaches += 1,
                    Staff::Cheerleader => self.cheerleaders += 1,
                    Staff::Apothecary => self.apothecary = true,
                }
            }
            TeamEvent::StaffFired { staff } => match staff {
                Staff::AssistantCoach => {
                    self.assistant_coaches = self.assistant_coaches.saturating_sub(1)
                }
                Staff::Cheerleader => self.cheerleaders = self.cheerleaders.saturating_sub(1),
                Staff::Apothecary => self.apothecary = false,
            },
            TeamEvent::PettyCash { amount } => {
                spend(self, *amount);
                self.petty_cash += amount;
            }
            TeamEvent::PettyCashReturned { amount } => {
                self.treasury += amount;
                self.petty_cash = 0;
            }
            TeamEvent::MatchPlayed {
                result,
                score,
                casualties,
                ..
            } => {
                let r = &mut self.record;
                r.played += 1;
                match result {
                    MatchResult::Win => r.won += 1,
                    MatchResult::Draw => r.drawn += 1,
                    MatchResult::Loss => r.lost += 1,
                }
                r.touchdowns_for += score[0];
                r.touchdowns_against += score[1];
                r.casualties_for += casualties[0];
                r.casualties_against += casualties[1];
            }
            TeamEvent::Played { player } => {
                if let Some(p) = self.player_mut(*player) {
                    p.stats.played += 1;
                }
            }
            TeamEvent::MissedMatchServed { player } => {
                if let Some(p) = self.player_mut(*player) {
                    p.miss_next_game = false;
                }
            }
            TeamEvent::Spp { player, kind, spp } => {
                if let Some(p) = self.player_mut(*player) {
                    p.spp += spp;
                    let s = &mut p.stats;
                    match kind {
                        SppKind::Completion => s.completions += 1,
                        SppKind::Casualty => s.casualties += 1,
                        SppKind::Interception => s.interceptions += 1,
                        SppKind::Touchdown => s.touchdowns += 1,
                        SppKind::Mvp => s.mvps += 1,
                    }
                }
            }
            TeamEvent::AdvancementRolled { player, dice } => {
                if let Some(p) = self.player_mut(*player) {
                    p.rolls += 1;
                    p.pending = Some(*dice);
                }
            }
            TeamEvent::Advanced {
                player,
                advance,
                value,
            } => {
                if let Some(p) = self.player_mut(*player) {
                    p.pending = None;
                    p.value += value;
                    match advance {
                        Advance::Skill { skill } => p.extra_skills.push(*skill),
                        Advance::Stat { stat } => tables::add_stat(&mut p.gains, *stat, 1),
                    }
                }
            }
            TeamEvent::Injury {
                player,
                result,
                ignored,
            } => {
                if let Some(p) = self.player_mut(*player) {
                    let effect = result.effect();
                    if effect != LastingEffect::None && effect != LastingEffect::Dead {
                        p.miss_next_game = true;
                    }
                    if !ignored {
                        match effect {
                            LastingEffect::Niggling => p.niggling += 1,
                            LastingEffect::MinusMa => tables::add_stat(&mut p.losses, Stat::Ma, 1),
                            LastingEffect::MinusSt => tables::add_stat(&mut p.losses, Stat::St, 1),
                            LastingEffect::MinusAg => tables::add_stat(&mut p.losses, Stat::Ag, 1),
                            LastingEffect::MinusAv => tables::add_stat(&mut p.losses, Stat::Av, 1),
                            _ => {}
                        }
                    }
                }
            }
            TeamEvent::Winnings { amount, .. } | TeamEvent::WinningsFromConcession { amount } => {
                self.treasury += amount;
            }
            TeamEvent::Expenses { paid, .. } => spend(self, *paid),
            TeamEvent::FanFactor { change, .. } => {
                self.fan_factor = (i16::from(self.fan_factor) + i16::from(*change)).max(0) as u8;
            }
            TeamEvent::VeteranRoll { .. } | TeamEvent::RaisedTurnedAway { .. } => {}
            TeamEvent::TeamValue { tv } => self.tv = *tv,
        }
    }

    /// §32.2: the team value: the players who can play the next match at their values, the
    /// team re-rolls at the list's single price, staff, and fan factor at 10,000 a point (left
    /// out under "free fan factor", §32.17 (6)). Treasury, petty cash and inducements never count.
    pub fn team_value(&self, free_fan_factor: bool) -> u32 {
        let players: u32 = self
            .players
            .iter()
            .filter(|p| p.available())
            .map(|p| p.value)
            .sum();
        players
            + u32::from(self.rerolls) * self.roster.data().reroll_cost
            + (u32::from(self.assistant_coaches) + u32::from(self.cheerleaders)) * STAFF_COST
            + if self.apothecary { APOTHECARY_COST } else { 0 }
            + if free_fan_factor {
                0
            } else {
                u32::from(self.fan_factor) * STAFF_COST
            }
    }

    /// The players counted against the 16-player limit (journeymen excepted, §32.13).
    pub fn roster_count(&self) -> usize {
        self.players.iter().filter(|p| !p.journeyman).count()
    }

    /// Players who can play the next match (§32.13).
    pub fn available(&self) -> usize {
        self.players.iter().filter(|p| p.available()).count()
    }

    /// The smallest number no player of the roster wears.
    pub fn free_number(&self) -> u8 {
        (1..=99u8)
            .find(|n| self.players.iter().all(|p| p.number != *n))
            .unwrap_or(99)
    }

    /// The sheet a match plays with: the players who can play, in roster order (`ids[i]` is
    /// the league id of the sheet's player `i`). A number above 16 (a roster swollen by
    /// journeymen) is given the smallest number free among the players who play.
    pub fn sheet(&self) -> (TeamSheet, Vec<u32>) {
        let mut players = Vec::new();
        let mut ids = Vec::new();
        let playing: Vec<&LeaguePlayer> = self.players.iter().filter(|p| p.available()).collect();
        for p in &playing {
            let mut number = p.number;
            if number > 16 {
                number = (1..=16u8)
                    .find(|n| {
                        playing.iter().all(|q| q.number != *n)
                            && players.iter().all(|s: &SheetPlayer| s.number != *n)
                    })
                    .unwrap_or(16);
            }
            let d = StatChanges {
                ma: p.gains.ma - p.losses.ma,
                st: p.gains.st - p.losses.st,
                ag: p.gains.ag - p.losses.ag,
                av: p.gains.av - p.losses.av,
            };
            players.push(SheetPlayer {
                number,
                name: p.name.clone(),
                position: p.position.clone(),
                extra_skills: p.extra_skills.clone(),
                stat_changes: d,
                niggling: p.niggling,
                missing_next_game: false,
            });
            ids.push(p.id);
        }
        (
            TeamSheet {
                roster: self.roster,
                name: self.name.clone(),
                players,
                rerolls: self.rerolls,
                fan_factor: self.fan_factor,
                assistant_coaches: self.assistant_coaches,
                cheerleaders: self.cheerleaders,
                apothecary: self.apothecary,
            },
            ids,
        )
    }

    /// Check a purchase in a window and answer with its events (§27.0, §32.14).
    pub fn purchase(&self, window: Window, p: &Purchase) -> Result<Vec<TeamEvent>, LeagueError> {
        let data = self.roster.data();
        let pay = |cost: u32| -> Result<(), LeagueError> {
            if cost > self.treasury {
                Err(LeagueError::Gold {
                    cost,
                    treasury: self.treasury,
                })
            } else {
                Ok(())
            }
        };
        match p {
            Purchase::HirePlayer { position, name } => {
                let Some(i) = position_index(self.roster, position) else {
                    return Err(illegal(format!(
                        "no position {position:?} on the {} roster (§27.0: one roster only)",
                        data.name
                    )));
                };
                let pos = &data.positions[i];
                if !pos.skills.iter().all(|s| s.info().built) {
                    return Err(illegal(format!(
                        "the {} has a skill the engine does not play yet",
                        pos.name
                    )));
                }
                if self.roster_count() >= MAX_ROSTER {
                    return Err(illegal("the roster already has 16 players (§27.0)"));
                }
                let same = self
                    .players
                    .iter()
                    .filter(|q| !q.journeyman && q.position.eq_ignore_ascii_case(pos.name))
                    .count();
                if same >= usize::from(pos.max) {
                    return Err(illegal(format!(
                        "already {same} {} (at most {}, §27.0)",
                        pos.name, pos.max
                    )));
                }
                pay(pos.cost)?;
                let number = self.free_number();
                let name = if name.trim().is_empty() {
                    format!("{} #{number}", pos.name)
                } else {
                    name.trim().chars().take(40).collect()
                };
                Ok(vec![TeamEvent::PlayerJoined {
                    player: self.next_id,
                    number,
                    name,
                    position: pos.name.to_string(),
                    cost: pos.cost,
                    journeyman: false,
                }])
            }
            Purchase::FirePlayer { player } => {
                self.player(*player)
                    .ok_or(LeagueError::NoPlayer { player: *player })?;
                Ok(vec![TeamEvent::PlayerLeft {
                    player: *player,
                    why: Departure::Fired,
                }])
            }
            Purchase::RenamePlayer { player, name } => {
                self.player(*player)
                    .ok_or(LeagueError::NoPlayer { player: *player })?;
                let name: String = name.trim().chars().take(40).collect();
                if name.is_empty() {
                    return Err(illegal("a player's name may not be empty"));
                }
                Ok(vec![TeamEvent::PlayerRenamed {
                    player: *player,
                    name,
                }])
            }
            Purchase::BuyReroll => {
                if self.rerolls >= MAX_REROLLS {
                    return Err(illegal(format!(
                        "already {MAX_REROLLS} team re-rolls (§27.0 [Proposal])"
                    )));
                }
                let cost = match window {
                    Window::Creation => data.reroll_cost,
                    Window::PostMatch => 2 * data.reroll_cost,
                };
                pay(cost)?;
                Ok(vec![TeamEvent::RerollBought { cost }])
            }
            Purchase::BuyFanFactor => {
                if window != Window::Creation {
                    return Err(LeagueError::NotNow {
                        why:
                            "fan factor is bought only when the team is created (§32.14 [Proposal])"
                                .into(),
                    });
                }
                if self.fan_factor >= MAX_FAN_FACTOR_AT_CREATION {
                    return Err(illegal("fan factor 9 is the most a new team buys (§27.0)"));
                }
                pay(STAFF_COST)?;
                Ok(vec![TeamEvent::FanFactorBought { cost: STAFF_COST }])
            }
            Purchase::HireStaff { staff } => {
                if *staff == Staff::Apothecary {
                    if !data.apothecary {
                        return Err(illegal(format!(
                            "a {} team may not hire an apothecary (§27.0)",
                            data.name
                        )));
                    }
                    if self.apothecary {
                        return Err(illegal("the team already has its apothecary (§27.0)"));
                    }
                }
                pay(staff.cost())?;
                Ok(vec![TeamEvent::StaffHired {
                    staff: *staff,
                    cost: staff.cost(),
                }])
            }
            Purchase::FireStaff { staff } => {
                let has = match staff {
                    Staff::AssistantCoach => self.assistant_coaches > 0,
                    Staff::Cheerleader => self.cheerleaders > 0,
                    Staff::Apothecary => self.apothecary,
                };
                if !has {
                    return Err(illegal(format!("no {staff:?} to fire")));
                }
                Ok(vec![TeamEvent::StaffFired { staff: *staff }])
            }
        }
    }

    /// §27.0, §32.2: create a team from a sheet bought with the starting treasury: the events
    /// of its creation (each purchase checked like any other), what is left stays in the treasury.
    pub fn create(
        sheet: &TeamSheet,
        name: &str,
        treasury: u32,
    ) -> Result<Vec<TeamEvent>, LeagueError> {
        let name: String = name.trim().chars().take(60).collect();
        if name.is_empty() {
            return Err(illegal("a team needs a name"));
        }
        let mut events = vec![TeamEvent::Created {
            roster: sheet.roster,
            name,
            treasury,
        }];
        let mut team = LeagueTeam::fold(&events).ok_or_else(|| illegal("no team"))?;
        let mut buy = |team: &mut LeagueTeam, p: Purchase| -> Result<(), LeagueError> {
            for e in team.purchase(Window::Creation, &p)? {
                team.apply(&e);
                events.push(e);
            }
            Ok(())
        };
        if !(11..=MAX_ROSTER).contains(&sheet.players.len()) {
            return Err(illegal(format!(
                "a new team has 11 to 16 players, not {} (§27.0)",
                sheet.players.len()
            )));
        }
        for p in &sheet.players {
            buy(
                &mut team,
                Purchase::HirePlayer {
                    position: p.position.clone(),
                    name: p.name.clone(),
                },
            )?;
        }
        for _ in 0..sheet.rerolls {
            buy(&mut team, Purchase::BuyReroll)?;
        }
        for _ in 0..sheet.fan_factor {
            buy(&mut team, Purchase::BuyFanFactor)?;
        }
        for _ in 0..sheet.assistant_coaches {
            buy(
                &mut team,
                Purchase::HireStaff {
                    staff: Staff::AssistantCoach,
                },
            )?;
        }
        for _ in 0..sheet.cheerleaders {
            buy(
                &mut team,
                Purchase::HireStaff {
                    staff: Staff::Cheerleader,
                },
            )?;
        }
        if sheet.apothecary {
            buy(
                &mut team,
                Purchase::HireStaff {
                    staff: Staff::Apothecary,
                },
            )?;
        }
        let tv = team.team_value(false);
        events.push(TeamEvent::TeamValue { tv });
        Ok(events)
    }
}

/// The setup of a league match between two teams (§32.3): their sheets as they stand, with
/// the `league_teams` option (no creation budget), and which league player each sheet place
/// is (`ids[side][i]`).
pub fn match_setup(
    home: &LeagueTeam,
    away: &LeagueTeam,
    options: Options,
) -> (MatchSetup, [Vec<u32>; 2]) {
    let (hs, hids) = home.sheet();
    let (aws, aids) = away.sheet();
    let setup = MatchSetup {
        teams: [
            TeamChoice::Sheet(Box::new(hs)),
            TeamChoice::Sheet(Box::new(aws)),
        ],
        options: Options {
            league_teams: true,
            ..options
        },
        pre_match: Box::default(),
    };
    (setup, [hids, aids])
}

/// §32.9: would this casualty's characteristic loss be ignored (already −2, or at 1)?
pub fn injury_ignored(p: &LeaguePlayer, roster: Roster, result: CasualtyResult) -> bool {
    let pos = p.position_data(roster);
    let stat = match result.effect() {
        LastingEffect::MinusMa => Stat::Ma,
        LastingEffect::MinusSt => Stat::St,
        LastingEffect::MinusAg => Stat::Ag,
        LastingEffect::MinusAv => Stat::Av,
        _ => return false,
    };
    !tables::may_lower(pos, &p.gains, &p.losses, stat)
}
