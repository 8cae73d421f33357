//! The post-match sequence (§32.5), as a state machine like a match: it always waits for one
//! coach's decision (or is done), its legal commands can be listed, and every change it makes
//! is a [`TeamEvent`] for one side. The dice are injected, so the server rolls them with the
//! match's provably fair dice and a test scripts them.
//!
//! The steps, in order:
//! 1. MVP (§32.6) and star player points; an advancement roll for each level reached (§32.7),
//!    the coach choosing among what the roll allows.
//! 2. Update the rosters: 2.1 casualties' lasting effects and the dead removed (§32.9);
//!    2.2 winnings (§32.10; the winner may re-roll his D6 once); 2.3 petty cash back and
//!    spiralling expenses (§32.12); 2.4 fan factor (§32.11) and a concession's consequences
//!    (§32.15); 2.5 hiring and firing (§32.14), the players raised in the match joining for
//!    free first (§12.7 Raise the Dead, §26.61 Nurgle's Rot); 2.6 journeymen signed or released; 2.7 new
//!    journeymen up to 11 (§32.13); 2.8 the team value (§32.2).
//!
//! A coach who does not decide within the league's deadline gets [`PostMatch::default_command`].
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use serde::{Deserialize, Serialize};

use super::record::{MatchFacts, RaisedBy};
use super::tables::{self, Advance, MatchResult, ShortSeasonWinnings, SppKind};
use super::team::{
    Departure, LeagueError, LeagueTeam, MAX_ROSTER, Purchase, Staff, TeamEvent, Window,
    injury_ignored,
};
use super::tournament::{
    BLOOD_BOWL_FINAL_EXTRA_MVP_SPP, Held, Major, Stage as TournamentStage, winnings_bonus,
};
use crate::bb::data::{CasualtyResult, LastingEffect, RAISED_POSITION};
use crate::bb::inducements::InducementKinds;
use crate::bb::setup::Options;
use crate::core::{DiceSource, Die, Side};

/// How each team's MVP is chosen (§32.6; §32.17 (1) alternatives).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum MvpRule {
    /// A random player of those eligible for the match, even a dead one or an inducement
    /// (then the award is lost).
    #[default]
    Random,
    /// (a) each coach chooses.
    CoachChooses,
    /// (b) a random player, not dead and not an inducement.
    RandomLiving,
}

/// A league's rule switches (§32.17) that the post-match sequence reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default)]
pub struct LeagueRules {
    pub mvp: MvpRule,
    /// §32.12 / §32.17 (2).
    pub expenses_threshold: u32,
    /// At least 10,000 (`MIN_EXPENSES_BAND`; the server refuses less: a band of 0 would
    /// charge nothing, a band of a few gold pieces an absurd sum).
    #[cfg_attr(feature = "schema", schemars(range(min = 10_000)))]
    pub expenses_band: u32,
    /// §32.17 (6): FF 5 free, never in TV.
    pub free_fan_factor: bool,
    /// §32.17 (7).
    pub short_season: ShortSeasonWinnings,
    /// §32.17 (3): the inducement kinds the league removes from the list (each at most once);
    /// every league match refuses to sell them. Empty by default.
    pub excluded_inducements: InducementKinds,
    /// §32.17 (5): how Special Play Cards enter the league's matches (method 2, none, by
    /// default).
    pub cards: CardMethod,
}

/// §32.17 (5): the commissioner's method for Special Play Cards. On the wire
/// `{"method": "none"}`, `{"method": "inducements"}`, `{"method": "cards_only"}`,
/// `{"method": "gold", "gold": 100000}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "method", rename_all = "snake_case")]
pub enum CardMethod {
    /// Method 2: no cards.
    #[default]
    None,
    /// Method 1: card draws on the inducement list, 5 a coach at most (§31.1).
    Inducements,
    /// Method 3: card draws replace the inducement list: nothing else may be bought, 5 draws
    /// a coach at most.
    CardsOnly,
    /// Method 4: each coach gets `gold` (50,000 to 200,000) each match to spend only on card
    /// draws; what is left is lost.
    Gold {
        #[cfg_attr(feature = "schema", schemars(range(min = 50_000, max = 200_000)))]
        gold: u32,
    },
}

impl LeagueRules {
    /// Why these rules cannot be a league's (a value out of its bounds), in words.
    pub fn validate(&self) -> Result<(), String> {
        if let CardMethod::Gold { gold } = self.cards
            && !crate::bb::inducements::CARD_GOLD.contains(&gold)
        {
            return Err(format!(
                "field \"rules.cards.gold\": {gold} is not 50000 to 200000 (§32.17 (5) method 4)"
            ));
        }
        Ok(())
    }

    /// The match options that carry these rules into a league match: free fan factor
    /// (§32.17 (6)), the removed inducements (§32.17 (3)) and the card method (§32.17 (5)).
    pub fn match_options(&self, options: Options) -> Options {
        let (card_inducements, cards_only, card_gold) = match self.cards {
            CardMethod::None => (false, false, 0),
            CardMethod::Inducements => (true, false, 0),
            CardMethod::CardsOnly => (true, true, 0),
            CardMethod::Gold { gold } => (false, false, gold),
        };
        Options {
            free_fan_factor: self.free_fan_factor,
            excluded_inducements: self.excluded_inducements,
            card_inducements,
            cards_only,
            card_gold,
            ..options
        }
    }
}

impl Default for LeagueRules {
    fn default() -> LeagueRules {
        LeagueRules {
            mvp: MvpRule::Random,
            expenses_threshold: 1_750_000,
            expenses_band: 150_000,
            free_fan_factor: false,
            short_season: ShortSeasonWinnings::Off,
            excluded_inducements: InducementKinds::NONE,
            cards: CardMethod::None,
        }
    }
}

/// What the sequence needs besides the match: the teams as they were, which league player
/// each sheet place was, the match TVs fixed in the pre-match (for expenses) and the petty
/// cash each spent on inducements.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PostMatchInput {
    pub teams: [LeagueTeam; 2],
    /// `ids[side][i]`: the league id of the sheet's player `i`.
    pub ids: [Vec<u32>; 2],
    pub facts: MatchFacts,
    /// §32.5 step 2.3: the TV the expenses are worked on (the match TV of the pre-match).
    pub match_tv: [u32; 2],
    pub petty_cash_spent: [u32; 2],
    pub rules: LeagueRules,
    /// §12.7, §26.61: the players the match raised ([`MatchFacts::raised`]) join in step 2.5.
    /// `false` for a match whose sequence was stored before they did: it replays as it ran.
    #[serde(default)]
    pub raised_join: bool,
    /// §32.16: the fixture's stage: a semi-final or final doubles the winnings. Default: a
    /// season match (as before).
    #[serde(default)]
    pub stage: TournamentStage,
    /// §32.16: the Major this match is a semi-final or final of, if any (the Blood Bowl's
    /// final gives every player who played an extra MVP award).
    #[serde(default)]
    pub major: Option<Major>,
    /// §32.16: the Majors' trophies each team held when the match was made (the Blood Bowl
    /// trophy's +20,000 winnings).
    #[serde(default)]
    pub trophies: [Held; 2],
}

/// §32.12, §32.17 (2): the smallest expenses band a league may set (gold moves in 10,000s).
pub const MIN_EXPENSES_BAND: u32 = 10_000;

/// §26.61: the position a Nurgle's Rot victim joins as.
pub const ROT_POSITION: &str = "Rotter";

/// What the sequence waits for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PostPrompt {
    /// §32.17 (1a): choose the team's MVP among these players.
    ChooseMvp { candidates: Vec<u32> },
    /// §32.7: the roll and what it allows.
    Advancement {
        player: u32,
        dice: [u8; 2],
        choices: Vec<Advance>,
    },
    /// §32.10: the winner may roll his winnings D6 again.
    WinningsReroll { d6: u8 },
    /// §32.14: buy, fire, rename; `done` ends the window.
    Buy,
    /// §32.13: sign this journeyman for his rookie cost, or release him.
    Journeyman { player: u32, cost: u32 },
    /// §32.13: the position of the free journeymen.
    JourneymanPosition { positions: Vec<String> },
}

/// A coach's answer.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum PostCommand {
    Mvp { player: u32 },
    Advance { player: u32, advance: Advance },
    KeepWinnings,
    RerollWinnings,
    Buy { purchase: Purchase },
    Done,
    SignJourneyman,
    ReleaseJourneyman,
    JourneymanPosition { position: String },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum Stage {
    Mvp(Side),
    Advancements,
    Injuries,
    Winnings,
    WinningsReroll { d6: u8 },
    Money,
    FanFactor,
    Raised(Side),
    Buy(Side),
    Journeymen(Side),
    NewJourneymen(Side),
    Done,
}

/// The post-match sequence of one match for both teams.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PostMatch {
    input: PostMatchInput,
    pub teams: [LeagueTeam; 2],
    stage: Stage,
    /// Players killed in the match, by side (league ids).
    dead: [Vec<u32>; 2],
    /// The winnings D6 of each side once rolled.
    winnings_d6: [Option<u8>; 2],
}

fn result_of(facts: &MatchFacts, side: Side) -> MatchResult {
    match facts.winner {
        None => MatchResult::Draw,
        Some(w) if w == side => MatchResult::Win,
        Some(_) => MatchResult::Loss,
    }
}

impl PostMatch {
    /// Start the sequence: the automatic steps run at once, up to the first decision. Answers
    /// the sequence and the events so far, each for its side.
    pub fn start(
        input: PostMatchInput,
        dice: &mut dyn DiceSource,
    ) -> (PostMatch, Vec<(Side, TeamEvent)>) {
        let mut pm = PostMatch {
            teams: input.teams.clone(),
            input,
            stage: Stage::Mvp(Side::Home),
            dead: [Vec::new(), Vec::new()],
            winnings_d6: [None, None],
        };
        let mut out = Vec::new();
        pm.record_match(&mut out);
        pm.run(dice, &mut out);
        (pm, out)
    }

    fn emit(&mut self, side: Side, e: TeamEvent, out: &mut Vec<(Side, TeamEvent)>) {
        self.teams[side.index()].apply(&e);
        out.push((side, e));
    }

    /// The league id of a match player, if he is on a league sheet.
    fn league_id(&self, id: crate::bb::wire::PlayerId) -> Option<(Side, u32)> {
        let mp = self.input.facts.players.get(id.index())?;
        let i = mp.sheet?;
        let lid = *self.input.ids[mp.side.index()].get(i)?;
        Some((mp.side, lid))
    }

    fn record_match(&mut self, out: &mut Vec<(Side, TeamEvent)>) {
        let facts = self.input.facts.clone();
        for side in Side::BOTH {
            let s = side.index();
            let o = side.other().index();
            let opponent = self.input.teams[o].name.clone();
            self.emit(
                side,
                TeamEvent::MatchPlayed {
                    result: result_of(&facts, side),
                    score: [facts.score[s], facts.score[o]],
                    casualties: [facts.casualties_inflicted[s], facts.casualties_inflicted[o]],
                    fame: facts.fame[s],
                    conceded: facts.conceded == Some(side),
                    opponent,
                },
                out,
            );
            for lid in self.input.ids[s].clone() {
                self.emit(side, TeamEvent::Played { player: lid }, out);
            }
            // §32.16: the Blood Bowl final: every player who played it, of both teams, gains
            // an extra MVP award (+5 SPP) on top of the normal MVPs.
            if self.input.stage == TournamentStage::Final
                && self.input.major == Some(Major::BloodBowl)
            {
                for lid in self.input.ids[s].clone() {
                    self.emit(
                        side,
                        TeamEvent::Spp {
                            player: lid,
                            kind: SppKind::Mvp,
                            spp: BLOOD_BOWL_FINAL_EXTRA_MVP_SPP,
                        },
                        out,
                    );
                }
            }
            // §32.9: a "miss next game" is served by missing this match.
            let missed: Vec<u32> = self.input.teams[s]
                .players
                .iter()
                .filter(|p| p.miss_next_game)
                .map(|p| p.id)
                .collect();
            for player in missed {
                self.emit(side, TeamEvent::MissedMatchServed { player }, out);
            }
        }
        for (pid, kind) in facts.spp {
            if let Some((side, lid)) = self.league_id(pid) {
                self.emit(
                    side,
                    TeamEvent::Spp {
                        player: lid,
                        kind,
                        spp: kind.points(),
                    },
                    out,
                );
            }
        }
        for (pid, result) in &facts.casualties {
            if *result == CasualtyResult::Dead
                && let Some((side, lid)) = self.league_id(*pid)
            {
                self.dead[side.index()].push(lid);
            }
        }
    }

    /// The MVP candidates of a side: its match players, as league ids (`None`: an inducement).
    fn mvp_candidates(&self, side: Side) -> Vec<Option<u32>> {
        let living = self.input.rules.mvp == MvpRule::RandomLiving;
        (0..self.input.facts.players.len())
            .filter(|&i| self.input.facts.players[i].side == side)
            .map(|i| {
                self.league_id(crate::bb::wire::PlayerId(i as u8))
                    .map(|(_, l)| l)
            })
            .filter(|l| !living || l.is_some_and(|l| !self.dead[side.index()].contains(&l)))
            .collect()
    }

    /// §32.6, §32.15: how many MVPs a side draws: one each; a concession hands the loser's to
    /// the winner (not when it conceded short-handed, [Proposal]).
    fn mvp_count(&self, side: Side) -> usize {
        let f = &self.input.facts;
        match f.conceded {
            Some(c) if !f.conceded_short_handed => {
                if c == side {
                    0
                } else {
                    2
                }
            }
            _ => 1,
        }
    }

    fn award_mvp(&mut self, side: Side, player: u32, out: &mut Vec<(Side, TeamEvent)>) {
        self.emit(
            side,
            TeamEvent::Spp {
                player,
                kind: SppKind::Mvp,
                spp: SppKind::Mvp.points(),
            },
            out,
        );
    }

    /// The next player of `side` with an advancement roll owed (§32.7), skipping the dead.
    fn owed_roll(&self, side: Side) -> Option<u32> {
        self.teams[side.index()]
            .players
            .iter()
            .filter(|p| !self.dead[side.index()].contains(&p.id))
            .find(|p| p.pending.is_none() && p.rolls < tables::rolls_earned(p.spp))
            .map(|p| p.id)
    }

    fn pending(&self) -> Option<(Side, u32, [u8; 2])> {
        for side in Side::BOTH {
            if let Some(p) = self.teams[side.index()]
                .players
                .iter()
                .find(|p| p.pending.is_some())
            {
                return p.pending.map(|d| (side, p.id, d));
            }
        }
        None
    }

    fn choices(&self, side: Side, player: u32, dice: [u8; 2]) -> Vec<Advance> {
        let team = &self.teams[side.index()];
        let Some(p) = team.player(player) else {
            return Vec::new();
        };
        tables::advance_choices(
            p.position_data(team.roster),
            &p.skills(team.roster),
            &p.gains,
            &p.losses,
            dice,
        )
    }

    /// Run the automatic steps until a decision is needed or the sequence is done.
    fn run(&mut self, dice: &mut dyn DiceSource, out: &mut Vec<(Side, TeamEvent)>) {
        loop {
            match self.stage.clone() {
                Stage::Mvp(side) => {
                    if self.input.rules.mvp == MvpRule::CoachChooses && self.mvp_count(side) > 0 {
                        return;
                    }
                    for _ in 0..self.mvp_count(side) {
                        let c = self.mvp_candidates(side);
                        if c.is_empty() {
                            break;
                        }
                        let i = usize::from(dice.roll(Die::Range(c.len() as u16))).min(c.len() - 1);
                        // An inducement drawn: the award is lost (§32.6).
                        if let Some(player) = c[i] {
                            self.award_mvp(side, player, out);
                        }
                    }
                    self.stage = match side {
                        Side::Home => Stage::Mvp(Side::Away),
                        Side::Away => Stage::Advancements,
                    };
                }
                Stage::Advancements => {
                    if self.pending().is_some() {
                        return;
                    }
                    let next = Side::BOTH
                        .into_iter()
                        .find_map(|s| self.owed_roll(s).map(|p| (s, p)));
                    match next {
                        Some((side, player)) => {
                            let d = [dice.roll(Die::D6) as u8, dice.roll(Die::D6) as u8];
                            self.emit(side, TeamEvent::AdvancementRolled { player, dice: d }, out);
                            if self.choices(side, player, d).is_empty() {
                                // Nothing left to take (every skill held, caps reached): the
                                // roll is spent.
                                if let Some(p) = self.teams[side.index()]
                                    .players
                                    .iter_mut()
                                    .find(|p| p.id == player)
                                {
                                    p.pending = None;
                                }
                            }
                        }
                        None => self.stage = Stage::Injuries,
                    }
                }
                Stage::Injuries => {
                    self.injuries(out);
                    self.stage = Stage::Winnings;
                }
                Stage::Winnings => {
                    let f = self.input.facts.clone();
                    for side in Side::BOTH {
                        self.winnings_d6[side.index()] = Some(dice.roll(Die::D6) as u8);
                    }
                    // §32.10: the winner may roll again (a conceding loser's gold goes to him).
                    if let Some(w) = f.winner
                        && let Some(d6) = self.winnings_d6[w.index()]
                    {
                        self.stage = Stage::WinningsReroll { d6 };
                        return;
                    }
                    self.pay_winnings(None, out);
                    self.stage = Stage::Money;
                }
                Stage::WinningsReroll { .. } => return,
                Stage::Money => {
                    for side in Side::BOTH {
                        let s = side.index();
                        let left = self.teams[s]
                            .petty_cash
                            .saturating_sub(self.input.petty_cash_spent[s]);
                        if self.teams[s].petty_cash > 0 || left > 0 {
                            self.emit(side, TeamEvent::PettyCashReturned { amount: left }, out);
                        }
                        let tv = self.input.match_tv[s];
                        let due = tables::spiralling_expenses(
                            tv,
                            self.input.rules.expenses_threshold,
                            self.input.rules.expenses_band,
                        );
                        if due > 0 {
                            let paid = due.min(self.teams[s].treasury);
                            self.emit(side, TeamEvent::Expenses { tv, due, paid }, out);
                        }
                    }
                    self.stage = Stage::FanFactor;
                }
                Stage::FanFactor => {
                    self.fan_factor(dice, out);
                    self.stage = Stage::Raised(Side::Home);
                }
                Stage::Raised(side) => {
                    self.raised_join(side, out);
                    self.stage = Stage::Buy(side);
                }
                Stage::Buy(_) => return,
                Stage::Journeymen(side) => {
                    if self.teams[side.index()]
                        .players
                        .iter()
                        .any(|p| p.journeyman)
                    {
                        return;
                    }
                    self.stage = Stage::NewJourneymen(side);
                }
                Stage::NewJourneymen(side) => {
                    let team = &self.teams[side.index()];
                    if team.available() >= 11 {
                        self.next_side_or_done(side, out);
                        continue;
                    }
                    let positions = journeyman_positions(team);
                    match positions.len() {
                        0 => self.next_side_or_done(side, out),
                        1 => {
                            self.add_journeymen(side, &positions[0], out);
                            self.next_side_or_done(side, out);
                        }
                        _ => return,
                    }
                }
                Stage::Done => return,
            }
        }
    }

    fn next_side_or_done(&mut self, side: Side, out: &mut Vec<(Side, TeamEvent)>) {
        match side {
            Side::Home => self.stage = Stage::Raised(Side::Away),
            Side::Away => {
                for s in Side::BOTH {
                    let tv = self.teams[s.index()].team_value(self.input.rules.free_fan_factor);
                    self.emit(s, TeamEvent::TeamValue { tv }, out);
                }
                self.stage = Stage::Done;
            }
        }
    }

    /// §32.13: free journeymen of `position` until 11 can play.
    fn add_journeymen(&mut self, side: Side, position: &str, out: &mut Vec<(Side, TeamEvent)>) {
        while self.teams[side.index()].available() < 11 {
            let team = &self.teams[side.index()];
            let number = team.free_number();
            let e = TeamEvent::PlayerJoined {
                player: team.next_id,
                number,
                name: format!("Journeyman #{number}"),
                position: position.to_string(),
                cost: 0,
                journeyman: true,
            };
            self.emit(side, e, out);
        }
    }

    /// §32.5 step 2.5, §12.7, §26.61: each player the match raised for `side` joins its roster
    /// free, counted at his position's cost in the team value, if the roster has fewer than 16
    /// players and his position's limit allows; else he is turned away, for the record. A
    /// Rotter needs a victim removed from a league roster as dead in step 2.1. [Proposal: he
    /// joins at once; a coach who does not want him fires him in the same window, for
    /// nothing, as §32.14 allows.]
    fn raised_join(&mut self, side: Side, out: &mut Vec<(Side, TeamEvent)>) {
        if !self.input.raised_join {
            return;
        }
        for r in self.input.facts.raised.clone() {
            if r.side != side {
                continue;
            }
            let position = match r.by {
                RaisedBy::Necromancer => RAISED_POSITION,
                RaisedBy::NurglesRot => ROT_POSITION,
            };
            let removed = self
                .league_id(r.victim)
                .is_some_and(|(vs, lid)| vs != side && self.dead[vs.index()].contains(&lid));
            let team = &self.teams[side.index()];
            let data = team.roster.data();
            let why = match data.positions.iter().find(|p| p.name == position) {
                _ if r.by == RaisedBy::NurglesRot && !removed => Some(
                    "his victim was not a league player removed as dead in step 2.1 (§26.61)"
                        .to_string(),
                ),
                None => Some(format!("the {} roster has no {position}", data.name)),
                Some(pos) => {
                    let same = team
                        .players
                        .iter()
                        .filter(|q| !q.journeyman && q.position == pos.name)
                        .count();
                    if team.roster_count() >= MAX_ROSTER {
                        Some("the roster already has 16 players".to_string())
                    } else if same >= usize::from(pos.max) {
                        Some(format!("already {same} {position} (at most {})", pos.max))
                    } else if !pos.skills.iter().all(|s| s.info().built) {
                        Some(format!(
                            "the {position} has a skill the engine does not play yet"
                        ))
                    } else {
                        None
                    }
                }
            };
            let e = match why {
                Some(why) => TeamEvent::RaisedTurnedAway {
                    position: position.to_string(),
                    why,
                },
                None => {
                    let number = team.free_number();
                    TeamEvent::PlayerJoined {
                        player: team.next_id,
                        number,
                        name: format!("{position} #{number}"),
                        position: position.to_string(),
                        cost: 0,
                        journeyman: false,
                    }
                }
            };
            self.emit(side, e, out);
        }
    }

    /// §32.5 step 2.1, §32.9: the lasting effects of the match's casualties; the dead leave.
    fn injuries(&mut self, out: &mut Vec<(Side, TeamEvent)>) {
        let cas = self.input.facts.casualties.clone();
        // Decay (§26): both results apply, one match missed (a single flag already).
        for (pid, result) in cas {
            let Some((side, lid)) = self.league_id(pid) else {
                continue;
            };
            if result.effect() == LastingEffect::None {
                continue;
            }
            let team = &self.teams[side.index()];
            let Some(p) = team.player(lid) else {
                continue;
            };
            let ignored = injury_ignored(p, team.roster, result);
            self.emit(
                side,
                TeamEvent::Injury {
                    player: lid,
                    result,
                    ignored,
                },
                out,
            );
        }
        for side in Side::BOTH {
            for lid in self.dead[side.index()].clone() {
                if self.teams[side.index()].player(lid).is_some() {
                    self.emit(
                        side,
                        TeamEvent::PlayerLeft {
                            player: lid,
                            why: Departure::Dead,
                        },
                        out,
                    );
                }
            }
        }
    }

    /// §32.10, §32.15: pay both sides' winnings; `reroll`: the winner's second D6.
    fn pay_winnings(&mut self, reroll: Option<u8>, out: &mut Vec<(Side, TeamEvent)>) {
        let f = self.input.facts.clone();
        let extra = self.input.rules.short_season;
        for side in Side::BOTH {
            let s = side.index();
            let first = self.winnings_d6[s].unwrap_or(1);
            let rerolled = if f.winner == Some(side) { reroll } else { None };
            let d6 = rerolled.unwrap_or(first);
            let conceded = f.conceded == Some(side);
            let result = result_of(&f, side);
            let mut amount = tables::winnings(d6, f.fame[s], result, conceded, extra);
            // §32.16: doubled in a semi-final or final; the Blood Bowl trophy's holder gets
            // 20,000 more every match (not when it conceded: it gets no winnings, §32.15).
            amount = self.input.stage.winnings(amount);
            if !conceded {
                amount += winnings_bonus(&self.input.trophies[s].majors());
            }
            self.emit(
                side,
                TeamEvent::Winnings {
                    d6: first,
                    rerolled,
                    amount,
                },
                out,
            );
            // §32.15: what the conceding team would have won goes to the winner.
            if conceded && !f.conceded_short_handed {
                let would = self.input.stage.winnings(tables::winnings(
                    d6,
                    f.fame[s],
                    MatchResult::Loss,
                    false,
                    extra,
                ));
                self.emit(
                    side.other(),
                    TeamEvent::WinningsFromConcession { amount: would },
                    out,
                );
            }
        }
    }

    /// §32.11 and §32.15: the fan factor rolls; a concession's automatic −1 and its veterans.
    fn fan_factor(&mut self, dice: &mut dyn DiceSource, out: &mut Vec<(Side, TeamEvent)>) {
        let f = self.input.facts.clone();
        for side in Side::BOTH {
            let s = side.index();
            if f.conceded == Some(side) && !f.conceded_short_handed {
                if self.teams[s].fan_factor > 0 {
                    self.emit(
                        side,
                        TeamEvent::FanFactor {
                            dice: Vec::new(),
                            change: -1,
                        },
                        out,
                    );
                }
                let veterans: Vec<u32> = self.teams[s]
                    .players
                    .iter()
                    .filter(|p| p.spp >= 51)
                    .map(|p| p.id)
                    .collect();
                for player in veterans {
                    let d6 = dice.roll(Die::D6) as u8;
                    let leaves = d6 <= 3;
                    self.emit(side, TeamEvent::VeteranRoll { player, d6, leaves }, out);
                    if leaves {
                        self.emit(
                            side,
                            TeamEvent::PlayerLeft {
                                player,
                                why: Departure::Walked,
                            },
                            out,
                        );
                    }
                }
                continue;
            }
            let result = result_of(&f, side);
            let d: Vec<u8> = (0..tables::fan_factor_dice(result))
                .map(|_| dice.roll(Die::D6) as u8)
                .collect();
            let total: u16 = d.iter().map(|&x| u16::from(x)).sum();
            let change = tables::fan_factor_change(result, total, self.teams[s].fan_factor);
            self.emit(side, TeamEvent::FanFactor { dice: d, change }, out);
        }
    }

    /// Who must decide, and what; `None` when the sequence is done.
    pub fn prompt(&self) -> Option<(Side, PostPrompt)> {
        match &self.stage {
            Stage::Mvp(side) => Some((
                *side,
                PostPrompt::ChooseMvp {
                    candidates: self.mvp_candidates(*side).into_iter().flatten().collect(),
                },
            )),
            Stage::Advancements => self.pending().map(|(side, player, dice)| {
                (
                    side,
                    PostPrompt::Advancement {
                        player,
                        dice,
                        choices: self.choices(side, player, dice),
                    },
                )
            }),
            Stage::WinningsReroll { d6 } => self
                .input
                .facts
                .winner
                .map(|w| (w, PostPrompt::WinningsReroll { d6: *d6 })),
            Stage::Buy(side) => Some((*side, PostPrompt::Buy)),
            Stage::Journeymen(side) => {
                let team = &self.teams[side.index()];
                team.players.iter().find(|p| p.journeyman).map(|p| {
                    (
                        *side,
                        PostPrompt::Journeyman {
                            player: p.id,
                            cost: p.position_data(team.roster).cost,
                        },
                    )
                })
            }
            Stage::NewJourneymen(side) => Some((
                *side,
                PostPrompt::JourneymanPosition {
                    positions: journeyman_positions(&self.teams[side.index()]),
                },
            )),
            _ => None,
        }
    }

    pub fn is_done(&self) -> bool {
        self.stage == Stage::Done
    }

    /// The commands the deciding coach may send, listed (renaming, which takes any name, is
    /// legal in the buying window but not listed).
    pub fn legal_commands(&self) -> Vec<PostCommand> {
        let Some((side, prompt)) = self.prompt() else {
            return Vec::new();
        };
        match prompt {
            PostPrompt::ChooseMvp { candidates } => candidates
                .into_iter()
                .map(|player| PostCommand::Mvp { player })
                .collect(),
            PostPrompt::Advancement {
                player, choices, ..
            } => choices
                .into_iter()
                .map(|advance| PostCommand::Advance { player, advance })
                .collect(),
            PostPrompt::WinningsReroll { .. } => {
                vec![PostCommand::KeepWinnings, PostCommand::RerollWinnings]
            }
            PostPrompt::Buy => {
                let team = &self.teams[side.index()];
                let mut all = Vec::new();
                for pos in team.roster.data().positions {
                    all.push(Purchase::HirePlayer {
                        position: pos.name.to_string(),
                        name: String::new(),
                    });
                }
                for p in &team.players {
                    all.push(Purchase::FirePlayer { player: p.id });
                }
                all.push(Purchase::BuyReroll);
                for staff in [Staff::AssistantCoach, Staff::Cheerleader, Staff::Apothecary] {
                    all.push(Purchase::HireStaff { staff });
                    all.push(Purchase::FireStaff { staff });
                }
                let mut out: Vec<PostCommand> = all
                    .into_iter()
                    .filter(|p| team.purchase(Window::PostMatch, p).is_ok())
                    .map(|purchase| PostCommand::Buy { purchase })
                    .collect();
                out.push(PostCommand::Done);
                out
            }
            PostPrompt::Journeyman { player, cost } => {
                let team = &self.teams[side.index()];
                let mut out = vec![PostCommand::ReleaseJourneyman];
                if team.roster_count() < MAX_ROSTER
                    && team.treasury >= cost
                    && journeyman_fits(team, player)
                {
                    out.insert(0, PostCommand::SignJourneyman);
                }
                out
            }
            PostPrompt::JourneymanPosition { positions } => positions
                .into_iter()
                .map(|position| PostCommand::JourneymanPosition { position })
                .collect(),
        }
    }

    /// What a coach who lets the deadline pass gets: the first listed MVP candidate, the first
    /// listed advancement (a characteristic when the roll offers one, else the first skill in
    /// table order), keeping the winnings roll, ending the buying window, releasing a
    /// journeyman, the first journeyman position.
    pub fn default_command(&self) -> Option<PostCommand> {
        let (_, prompt) = self.prompt()?;
        Some(match prompt {
            PostPrompt::WinningsReroll { .. } => PostCommand::KeepWinnings,
            PostPrompt::Buy => PostCommand::Done,
            PostPrompt::Journeyman { .. } => PostCommand::ReleaseJourneyman,
            _ => self.legal_commands().into_iter().next()?,
        })
    }

    /// Apply `side`'s command: the events it causes (and those of the automatic steps that
    /// follow), or a refusal and no change.
    pub fn apply(
        &mut self,
        side: Side,
        cmd: &PostCommand,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<(Side, TeamEvent)>, LeagueError> {
        let Some((deciding, prompt)) = self.prompt() else {
            return Err(LeagueError::NotNow {
                why: "the post-match sequence is over".into(),
            });
        };
        if deciding != side {
            return Err(LeagueError::NotNow {
                why: "the other coach is deciding".into(),
            });
        }
        let wrong = || LeagueError::NotNow {
            why: format!("that does not answer {prompt:?}"),
        };
        let mut out = Vec::new();
        match (&prompt, cmd) {
            (PostPrompt::ChooseMvp { candidates }, PostCommand::Mvp { player }) => {
                if !candidates.contains(player) {
                    return Err(LeagueError::NoPlayer { player: *player });
                }
                for _ in 0..self.mvp_count(side) {
                    self.award_mvp(side, *player, &mut out);
                }
                self.stage = match side {
                    Side::Home => Stage::Mvp(Side::Away),
                    Side::Away => Stage::Advancements,
                };
            }
            (
                PostPrompt::Advancement {
                    player, choices, ..
                },
                PostCommand::Advance { player: p, advance },
            ) => {
                if p != player || !choices.contains(advance) {
                    return Err(LeagueError::Illegal {
                        why: format!("{advance:?} is not one of this roll's choices"),
                    });
                }
                let team = &self.teams[side.index()];
                let value = team
                    .player(*player)
                    .map(|pl| tables::value_increase(pl.position_data(team.roster), *advance))
                    .unwrap_or(0);
                self.emit(
                    side,
                    TeamEvent::Advanced {
                        player: *player,
                        advance: *advance,
                        value,
                    },
                    &mut out,
                );
            }
            (PostPrompt::WinningsReroll { .. }, PostCommand::KeepWinnings) => {
                self.pay_winnings(None, &mut out);
                self.stage = Stage::Money;
            }
            (PostPrompt::WinningsReroll { .. }, PostCommand::RerollWinnings) => {
                let d = dice.roll(Die::D6) as u8;
                self.pay_winnings(Some(d), &mut out);
                self.stage = Stage::Money;
            }
            (PostPrompt::Buy, PostCommand::Buy { purchase }) => {
                let events = self.teams[side.index()].purchase(Window::PostMatch, purchase)?;
                for e in events {
                    self.emit(side, e, &mut out);
                }
            }
            (PostPrompt::Buy, PostCommand::Done) => self.stage = Stage::Journeymen(side),
            (PostPrompt::Journeyman { player, cost }, PostCommand::SignJourneyman) => {
                let team = &self.teams[side.index()];
                if team.roster_count() >= MAX_ROSTER {
                    return Err(LeagueError::Illegal {
                        why: "the roster already has 16 players (§32.13)".into(),
                    });
                }
                if team.treasury < *cost {
                    return Err(LeagueError::Gold {
                        cost: *cost,
                        treasury: team.treasury,
                    });
                }
                if !journeyman_fits(team, *player) {
                    return Err(LeagueError::Illegal {
                        why: "his position is full: a signed journeyman must fit its limit (G109)"
                            .into(),
                    });
                }
                self.emit(
                    side,
                    TeamEvent::JourneymanSigned {
                        player: *player,
                        cost: *cost,
                    },
                    &mut out,
                );
            }
            (PostPrompt::Journeyman { player, .. }, PostCommand::ReleaseJourneyman) => {
                self.emit(
                    side,
                    TeamEvent::PlayerLeft {
                        player: *player,
                        why: Departure::Released,
                    },
                    &mut out,
                );
            }
            (
                PostPrompt::JourneymanPosition { positions },
                PostCommand::JourneymanPosition { position },
            ) => {
                let Some(pos) = positions.iter().find(|p| p.eq_ignore_ascii_case(position)) else {
                    return Err(LeagueError::Illegal {
                        why: format!("{position:?} is not a journeyman position here (§32.13)"),
                    });
                };
                let pos = pos.clone();
                self.add_journeymen(side, &pos, &mut out);
                self.next_side_or_done(side, &mut out);
            }
            _ => return Err(wrong()),
        }
        self.run(dice, &mut out);
        Ok(out)
    }
}

/// §32.13: the positions journeymen come from: those of the roster with a limit of 12 or 16
/// (only positions whose skills the engine plays).
pub fn journeyman_positions(team: &LeagueTeam) -> Vec<String> {
    team.roster
        .data()
        .positions
        .iter()
        .filter(|p| p.max >= 12 && p.skills.iter().all(|s| s.info().built))
        .map(|p| p.name.to_string())
        .collect()
}

/// G109: a journeyman signed for good must fit his position's limit (journeymen do not count
/// against it while they are journeymen).
fn journeyman_fits(team: &LeagueTeam, player: u32) -> bool {
    let Some(p) = team.player(player) else {
        return false;
    };
    let max = usize::from(p.position_data(team.roster).max);
    team.players
        .iter()
        .filter(|q| !q.journeyman && q.position == p.position)
        .count()
        < max
}
