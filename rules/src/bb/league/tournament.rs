//! End-of-season tournaments, the trophies of the four Majors, minor tournaments' prizes and
//! league challenges (§32.16). Pure functions with the dice injected: the server rolls them
//! with provably fair dice, a test scripts them.
//!
//! What is here is the rule as data and functions. Applying a stage's or a trophy's effect
//! inside a match's pre-match and post-match sequences is the caller's job (see the coverage
//! rows of §32.16 for what is wired).
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use crate::bb::data::{Category, PositionData, Roster, Skill};
use crate::bb::inducements::InducementItem;
use crate::core::{DiceSource, Die};

/// A refused tournament, trophy or challenge command: nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum TournamentError {
    /// Fewer than four teams to choose semi-finalists from (§32.16).
    TooFewTeams { teams: usize },
    /// The same team listed twice.
    DuplicateTeam { team: u32 },
    /// Play-offs in a format the organiser sets are not built: pick another method.
    PlayOffsNotBuilt,
    /// Semi-finals and finals give no inducement money (§32.16).
    NoInducementMoney,
    /// No Star Player or Mercenary in a semi-final or final, whatever pays (§32.16).
    NoStarsOrMercenaries,
    /// A minor tournament's prize above 1.5× the normal winnings (§32.16).
    PrizeTooHigh { prize: u32, cap: u32 },
    /// A Chaos Cup gift must be a Mutation, Hypnotic Gaze, Stab or Regeneration (§32.16).
    NotAChaosCupGift { skill: Skill },
    /// The player already has the skill.
    AlreadyHas { skill: Skill },
    /// A coach may issue one challenge a week (§32.16).
    ChallengeTooSoon { next_allowed: u64 },
    /// A coach may not challenge himself.
    SelfChallenge,
    /// The challenge was already answered.
    AlreadyAnswered,
    /// The answer came after the one-day deadline (§32.16).
    AnswerTooLate { deadline: u64 },
    /// A substitute must be another coach of the tournament who has not yet played the
    /// challenger (§32.16).
    BadSubstitute { coach: u32 },
}

// ---------------------------------------------------------------------------------------
// Choosing the semi-finalists
// ---------------------------------------------------------------------------------------

/// §32.16: how the organiser chooses the four semi-finalists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// The top 4 by team value.
    TopTv,
    /// The top 4 by matches won ÷ matches played.
    TopWinRatio,
    /// The top 4 by team value × win ratio.
    TopTvTimesWinRatio,
    /// The top 4 of the league table (its points and tie-breakers, §32.16 as built in the
    /// server's standings).
    LeagueTable,
    /// Play-offs in a format the organiser sets: refused ([`TournamentError::PlayOffsNotBuilt`]).
    PlayOffs,
}

/// One team in the running: what the methods read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Entrant {
    /// The caller's id for the team (the server: the coach's account id).
    pub team: u32,
    pub tv: u32,
    pub played: u16,
    pub won: u16,
    /// Place in the league table, 1 first, with the league's tie-breakers already applied
    /// (only [`Method::LeagueTable`] reads it).
    pub table_place: u32,
}

/// A team's ranking key under a method, compared exactly (no floating point): a fraction
/// `num / den` (`den` 0 means 0).
#[derive(Clone, Copy, Debug)]
struct Key {
    num: u128,
    den: u128,
}

impl Key {
    fn cmp(self, other: Key) -> Ordering {
        let (a, b) = (
            if self.den == 0 { 0 } else { self.num },
            if other.den == 0 { 0 } else { other.num },
        );
        let (da, db) = (self.den.max(1), other.den.max(1));
        (a * db).cmp(&(b * da))
    }
}

fn key(method: Method, e: &Entrant) -> Key {
    let (tv, won, played) = (u128::from(e.tv), u128::from(e.won), u128::from(e.played));
    match method {
        Method::TopTv => Key { num: tv, den: 1 },
        Method::TopWinRatio => Key {
            num: won,
            den: played,
        },
        Method::TopTvTimesWinRatio => Key {
            num: tv * won,
            den: played,
        },
        // A lower place is better: rank by u32::MAX minus the place.
        Method::LeagueTable | Method::PlayOffs => Key {
            num: u128::from(u32::MAX - e.table_place),
            den: 1,
        },
    }
}

/// §32.16: team value × win ratio, the figure [`Method::TopTvTimesWinRatio`] ranks by
/// (1,800,000 with 5 wins in 10 → 900,000), rounded down; 0 for a team that has not played.
pub fn tv_times_win_ratio(tv: u32, won: u16, played: u16) -> u32 {
    if played == 0 {
        return 0;
    }
    (u64::from(tv) * u64::from(won) / u64::from(played)) as u32
}

/// §32.16: the four semi-finalists by `method`, best first. Teams level on the method's
/// figure across the fourth place are split by a random draw among them (`Die::Range`, one
/// pick per place left). The source leaves how ties are resolved to the commissioner; this
/// draw is the one way built (no other is offered yet). Under
/// [`Method::LeagueTable`] the table's own tie-breakers already ordered the places, so equal
/// places only happen if the caller gives them.
pub fn semi_finalists(
    method: Method,
    entrants: &[Entrant],
    dice: &mut dyn DiceSource,
) -> Result<[u32; 4], TournamentError> {
    if method == Method::PlayOffs {
        return Err(TournamentError::PlayOffsNotBuilt);
    }
    if entrants.len() < 4 {
        return Err(TournamentError::TooFewTeams {
            teams: entrants.len(),
        });
    }
    for (i, e) in entrants.iter().enumerate() {
        if entrants[..i].iter().any(|o| o.team == e.team) {
            return Err(TournamentError::DuplicateTeam { team: e.team });
        }
    }
    let mut sorted: Vec<&Entrant> = entrants.iter().collect();
    // Best first; equal keys keep a fixed order (by team id) so the draw below is replayable.
    sorted.sort_by(|a, b| key(method, b).cmp(key(method, a)).then(a.team.cmp(&b.team)));
    let mut out: Vec<u32> = Vec::with_capacity(4);
    let mut i = 0;
    while out.len() < 4 {
        // The group level with sorted[i].
        let k = key(method, sorted[i]);
        let mut j = i;
        while j < sorted.len() && key(method, sorted[j]).cmp(k) == Ordering::Equal {
            j += 1;
        }
        let mut group: Vec<u32> = sorted[i..j].iter().map(|e| e.team).collect();
        if out.len() + group.len() <= 4 {
            out.extend(group);
        } else {
            while out.len() < 4 {
                let n = group.len();
                let p = usize::from(dice.roll(Die::Range(n as u16))).min(n - 1);
                out.push(group.remove(p));
            }
        }
        i = j;
    }
    Ok([out[0], out[1], out[2], out[3]])
}

/// §32.16: the four qualifiers drawn at random into two semi-finals: one pick among three
/// (`Die::Range(3)`) names the first qualifier's opponent, the other two meet. Each of the
/// three pairings is equally likely. The first-named team of a pair is at home.
pub fn draw_semi_finals(qualifiers: [u32; 4], dice: &mut dyn DiceSource) -> [(u32, u32); 2] {
    let p = usize::from(dice.roll(Die::Range(3))).min(2) + 1;
    let others: Vec<u32> = (1..4).filter(|&i| i != p).map(|i| qualifiers[i]).collect();
    [(qualifiers[0], qualifiers[p]), (others[0], others[1])]
}

/// §32.16: the final is played by the two semi-finals' winners (the first semi-final's winner
/// at home).
pub fn final_pairing(first_semi_winner: u32, second_semi_winner: u32) -> (u32, u32) {
    (first_semi_winner, second_semi_winner)
}

/// §32.16: an end-of-season tournament's bracket: the method, the four qualifiers, the two
/// semi-finals as drawn, and the winners as the organiser records them. The caller stores it;
/// a knockout match needs a winner (a match played with sudden-death overtime and penalties,
/// §18.7, or the organiser's fixed result), so a draw cannot be recorded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Bracket {
    pub method: Method,
    pub qualifiers: [u32; 4],
    pub semi_finals: [(u32, u32); 2],
    pub semi_winners: [Option<u32>; 2],
    pub winner: Option<u32>,
}

/// A refused bracket result: nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum BracketError {
    /// No such semi-final (0 or 1).
    NoSuchSemiFinal { semi: usize },
    /// The team did not play that match.
    NotInMatch { team: u32 },
    /// That match's winner is recorded already.
    AlreadyDecided,
    /// The final waits for both semi-finals.
    FinalNotReady,
}

/// §32.16: choose the four semi-finalists by `method` and draw them into two semi-finals
/// ([`semi_finalists`], then [`draw_semi_finals`], with the same dice).
pub fn draw_bracket(
    method: Method,
    entrants: &[Entrant],
    dice: &mut dyn DiceSource,
) -> Result<Bracket, TournamentError> {
    let qualifiers = semi_finalists(method, entrants, dice)?;
    let semi_finals = draw_semi_finals(qualifiers, dice);
    Ok(Bracket {
        method,
        qualifiers,
        semi_finals,
        semi_winners: [None, None],
        winner: None,
    })
}

impl Bracket {
    /// §32.16: the final's pairing once both semi-finals have winners.
    pub fn final_pairing(&self) -> Option<(u32, u32)> {
        match self.semi_winners {
            [Some(a), Some(b)] => Some(final_pairing(a, b)),
            _ => None,
        }
    }

    /// §32.16: record semi-final `semi`'s winner; returns the final's pairing when this
    /// completes the semi-finals.
    pub fn record_semi_final(
        &mut self,
        semi: usize,
        winner: u32,
    ) -> Result<Option<(u32, u32)>, BracketError> {
        let Some(&(home, away)) = self.semi_finals.get(semi) else {
            return Err(BracketError::NoSuchSemiFinal { semi });
        };
        if winner != home && winner != away {
            return Err(BracketError::NotInMatch { team: winner });
        }
        if self.semi_winners[semi].is_some() {
            return Err(BracketError::AlreadyDecided);
        }
        self.semi_winners[semi] = Some(winner);
        Ok(self.final_pairing())
    }

    /// §32.16: record the final's winner: the tournament's winner (the trophy holder of a
    /// Major, [`holder_after_edition`]).
    pub fn record_final(&mut self, winner: u32) -> Result<u32, BracketError> {
        let Some((home, away)) = self.final_pairing() else {
            return Err(BracketError::FinalNotReady);
        };
        if winner != home && winner != away {
            return Err(BracketError::NotInMatch { team: winner });
        }
        if self.winner.is_some() {
            return Err(BracketError::AlreadyDecided);
        }
        self.winner = Some(winner);
        Ok(winner)
    }
}

// ---------------------------------------------------------------------------------------
// The stage of a fixture and what it changes
// ---------------------------------------------------------------------------------------

/// §32.16: the stage of a league fixture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    #[default]
    Season,
    SemiFinal,
    Final,
}

/// How an inducement would be paid for (§30.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Payment {
    /// The inducement money from the team-value gap.
    InducementMoney,
    /// Gold from the treasury.
    Treasury,
    /// Petty cash.
    PettyCash,
}

impl Stage {
    /// A semi-final or a final.
    pub fn is_tournament(self) -> bool {
        self != Stage::Season
    }

    /// §32.16: the gate doubled in semi-finals and finals.
    pub fn gate(self, gate: u32) -> u32 {
        if self.is_tournament() { gate * 2 } else { gate }
    }

    /// §32.16: the winnings doubled in semi-finals and finals.
    pub fn winnings(self, winnings: u32) -> u32 {
        if self.is_tournament() {
            winnings * 2
        } else {
            winnings
        }
    }

    /// §32.16: the inducement money a team gets for the team-value gap: none in semi-finals
    /// and finals.
    pub fn inducement_money(self, gap: u32) -> u32 {
        if self.is_tournament() { 0 } else { gap }
    }

    /// §32.16: may `item` be bought with `payment` at this stage? In semi-finals and finals no
    /// inducement money exists, and no Star Player or Mercenary may be hired with inducement
    /// money or treasury gold; petty cash is treasury gold moved for the match (§30.1), so it
    /// hires none either. Other inducements paid from the treasury or petty cash stay the
    /// organiser's call (the source leaves it to him), so they pass here.
    pub fn check_inducement(
        self,
        item: InducementItem,
        payment: Payment,
    ) -> Result<(), TournamentError> {
        if !self.is_tournament() {
            return Ok(());
        }
        let hired = matches!(
            item,
            InducementItem::StarPlayer { .. } | InducementItem::Mercenary { .. }
        );
        match payment {
            Payment::InducementMoney => Err(TournamentError::NoInducementMoney),
            Payment::Treasury | Payment::PettyCash if hired => {
                Err(TournamentError::NoStarsOrMercenaries)
            }
            Payment::Treasury | Payment::PettyCash => Ok(()),
        }
    }
}

// ---------------------------------------------------------------------------------------
// The trophies of the four Majors
// ---------------------------------------------------------------------------------------

/// §32.16: the four Majors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Major {
    SpikeMagazine,
    ChaosCup,
    Dungeonbowl,
    BloodBowl,
}

impl Major {
    pub const ALL: [Major; 4] = [
        Major::SpikeMagazine,
        Major::ChaosCup,
        Major::Dungeonbowl,
        Major::BloodBowl,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Major::SpikeMagazine => "Spike! Magazine trophy",
            Major::ChaosCup => "Chaos Cup",
            Major::Dungeonbowl => "Dungeonbowl",
            Major::BloodBowl => "Blood Bowl",
        }
    }
}

/// §32.16: the Majors' trophies a team holds, as a match option carries them
/// (`Options::trophies`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default)]
pub struct Held {
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub spike_magazine: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub chaos_cup: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub dungeonbowl: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub blood_bowl: bool,
}

impl Held {
    pub fn of(majors: &[Major]) -> Held {
        Held {
            spike_magazine: majors.contains(&Major::SpikeMagazine),
            chaos_cup: majors.contains(&Major::ChaosCup),
            dungeonbowl: majors.contains(&Major::Dungeonbowl),
            blood_bowl: majors.contains(&Major::BloodBowl),
        }
    }

    /// The trophies held, in [`Major::ALL`]'s order.
    pub fn majors(self) -> Vec<Major> {
        let has = [
            self.spike_magazine,
            self.chaos_cup,
            self.dungeonbowl,
            self.blood_bowl,
        ];
        Major::ALL
            .into_iter()
            .zip(has)
            .filter(|(_, h)| *h)
            .map(|(m, _)| m)
            .collect()
    }
}

/// §32.16: the extra team re-rolls a team has while it holds Majors' trophies: one for each
/// trophy held (our reading: each Major's trophy carries its own re-roll).
pub fn trophy_rerolls(held: &[Major]) -> u8 {
    let mut seen: Vec<Major> = held.to_vec();
    seen.sort();
    seen.dedup();
    seen.len() as u8
}

/// §32.16, §32.2: what the trophy re-rolls add to team value: each at the roster's single
/// re-roll price.
pub fn trophy_tv(roster: Roster, held: &[Major]) -> u32 {
    u32::from(trophy_rerolls(held)) * roster.data().reroll_cost
}

/// §32.16: the Spike! Magazine trophy's holder adds 2 to its gate roll.
pub fn gate_roll_bonus(held: &[Major]) -> u8 {
    if held.contains(&Major::SpikeMagazine) {
        2
    } else {
        0
    }
}

/// §32.16: the Blood Bowl trophy's holder gets 20,000 more winnings every match.
pub fn winnings_bonus(held: &[Major]) -> u32 {
    if held.contains(&Major::BloodBowl) {
        20_000
    } else {
        0
    }
}

/// §32.16, §30.2: the Wizard costs 50,000 to the Dungeonbowl trophy's holder, 150,000
/// otherwise.
pub fn wizard_price(held: &[Major]) -> u32 {
    if held.contains(&Major::Dungeonbowl) {
        50_000
    } else {
        150_000
    }
}

/// §32.16: the SPP each player of both teams who played in the Blood Bowl final gains from the
/// extra MVP award (on top of the normal MVPs): 5.
pub const BLOOD_BOWL_FINAL_EXTRA_MVP_SPP: u16 = 5;

/// §32.16: the Blood Bowl final's extra MVP: every player who played in it, of both teams,
/// gains 5 SPP. `played`: (team, player) pairs; returns (team, player, SPP) for each.
pub fn blood_bowl_final_mvps(played: &[(u32, u32)]) -> Vec<(u32, u32, u16)> {
    played
        .iter()
        .map(|&(t, p)| (t, p, BLOOD_BOWL_FINAL_EXTRA_MVP_SPP))
        .collect()
}

/// §32.16: the Spike! Player of the Year: the league's players with the most SPP, whether or
/// not their teams played the tournament. `players`: (team, player, SPP). Several when level
/// (the organiser names one); none for an empty league.
pub fn player_of_the_year(players: &[(u32, u32, u16)]) -> Vec<(u32, u32)> {
    let Some(best) = players.iter().map(|p| p.2).max() else {
        return Vec::new();
    };
    players
        .iter()
        .filter(|p| p.2 == best)
        .map(|p| (p.0, p.1))
        .collect()
}

/// §32.16, §32.8: the Spike! Player of the Year gains Fan Favourite for good, valued as a
/// double skill: +30,000. Refused if he already has it.
pub fn player_of_the_year_award(has: &[Skill]) -> Result<(Skill, u32), TournamentError> {
    if has.contains(&Skill::FanFavourite) {
        return Err(TournamentError::AlreadyHas {
            skill: Skill::FanFavourite,
        });
    }
    Ok((Skill::FanFavourite, 30_000))
}

/// §32.16: the Chaos Cup's winner: D3 (a D6 halved, rounded up) players chosen at random
/// among `players`, each drawn once (`Die::Range` per pick); all of them if fewer.
pub fn chaos_cup_players(players: &[u32], dice: &mut dyn DiceSource) -> Vec<u32> {
    let d3 = usize::from((dice.roll(Die::D6) as u8).div_ceil(2));
    let mut pool = players.to_vec();
    let mut out = Vec::new();
    while out.len() < d3 && !pool.is_empty() {
        let n = pool.len();
        let p = if n == 1 {
            0
        } else {
            usize::from(dice.roll(Die::Range(n as u16))).min(n - 1)
        };
        out.push(pool.remove(p));
    }
    out
}

/// §32.16, §32.8: a Chaos Cup gift for a player of position `pos` who has `has`: any
/// Mutation, or Hypnotic Gaze, Stab or Regeneration, not one he has. Returns the value it
/// adds: a Mutation 20,000 if his Normal categories include Mutation, else 30,000; the
/// other three (Extraordinary skills) 30,000.
pub fn chaos_cup_gift(
    pos: &PositionData,
    has: &[Skill],
    skill: Skill,
) -> Result<u32, TournamentError> {
    let category = skill.info().category;
    let extraordinary = matches!(
        skill,
        Skill::HypnoticGaze | Skill::Stab | Skill::Regeneration
    );
    if category != Category::Mutation && !extraordinary {
        return Err(TournamentError::NotAChaosCupGift { skill });
    }
    if has.contains(&skill) || pos.skills.contains(&skill) {
        return Err(TournamentError::AlreadyHas { skill });
    }
    Ok(
        if category == Category::Mutation && pos.normal.contains(&Category::Mutation) {
            20_000
        } else {
            30_000
        },
    )
}

/// §32.16: a trophy passes to the winner of the next edition of the same Major: the holder
/// after an edition is its winner, whoever held it before.
pub fn holder_after_edition(_previous: Option<u32>, winner: u32) -> u32 {
    winner
}

// ---------------------------------------------------------------------------------------
// Minor tournaments
// ---------------------------------------------------------------------------------------

/// §32.16: a minor tournament's winner's or runner-up's winnings are at most 1.5× the normal
/// winnings (rounded down). Minor trophies give no re-roll.
pub fn minor_prize_cap(normal_winnings: u32) -> u32 {
    normal_winnings + normal_winnings / 2
}

/// §32.16: refuses a minor tournament prize above [`minor_prize_cap`].
pub fn check_minor_prize(normal_winnings: u32, prize: u32) -> Result<(), TournamentError> {
    let cap = minor_prize_cap(normal_winnings);
    if prize > cap {
        return Err(TournamentError::PrizeTooHigh { prize, cap });
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// League challenges
// ---------------------------------------------------------------------------------------

/// Seconds in a day and a week (challenge times are Unix seconds).
pub const DAY: u64 = 86_400;
pub const WEEK: u64 = 7 * DAY;

/// §32.16: a challenge issued through the organiser.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Challenge {
    pub challenger: u32,
    pub challenged: u32,
    pub issued_at: u64,
    /// One day after it was issued.
    pub deadline: u64,
    pub answer: Option<Answer>,
}

/// §32.16: the challenged coach's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "answer", rename_all = "snake_case")]
pub enum Answer {
    /// The match is played normally.
    Accept,
    /// A 2–0 win for the challenger, no SPP, gold or fan factor for either.
    Refuse,
    /// Another coach of the tournament who agrees, and has not yet played the challenger,
    /// plays instead; the challenger must play him or lose 2–0.
    Substitute { coach: u32 },
}

/// §32.16: the result a refused challenge counts as: (challenger's score, challenged's
/// score), counted in the standings only; no SPP, gold or fan factor change.
pub const REFUSED_SCORE: (u8, u8) = (2, 0);

/// §32.16: issue a challenge at `now`. `last_issued`: when `challenger` last issued one; one a
/// week (a challenge at least 7 days after the last).
pub fn issue_challenge(
    challenger: u32,
    challenged: u32,
    now: u64,
    last_issued: Option<u64>,
) -> Result<Challenge, TournamentError> {
    if challenger == challenged {
        return Err(TournamentError::SelfChallenge);
    }
    if let Some(last) = last_issued {
        let next_allowed = last.saturating_add(WEEK);
        if now < next_allowed {
            return Err(TournamentError::ChallengeTooSoon { next_allowed });
        }
    }
    Ok(Challenge {
        challenger,
        challenged,
        issued_at: now,
        deadline: now.saturating_add(DAY),
        answer: None,
    })
}

impl Challenge {
    /// §32.16: the challenged coach answers at `now`, within a day. A substitute must be in
    /// `tournament` (the coaches taking part), neither of the two, and not in
    /// `played_challenger` (coaches who have already played the challenger).
    pub fn answer(
        &mut self,
        answer: Answer,
        now: u64,
        tournament: &[u32],
        played_challenger: &[u32],
    ) -> Result<(), TournamentError> {
        if self.answer.is_some() {
            return Err(TournamentError::AlreadyAnswered);
        }
        if now > self.deadline {
            return Err(TournamentError::AnswerTooLate {
                deadline: self.deadline,
            });
        }
        if let Answer::Substitute { coach } = answer
            && (coach == self.challenger
                || coach == self.challenged
                || !tournament.contains(&coach)
                || played_challenger.contains(&coach))
        {
            return Err(TournamentError::BadSubstitute { coach });
        }
        self.answer = Some(answer);
        Ok(())
    }

    /// §32.16: the answer that counts at `now`: the coach's, or, once the one-day deadline has
    /// passed with none, a refusal (our rule: the source says he must answer within a day
    /// and names no other outcome). `None` while the day runs.
    pub fn standing_answer(&self, now: u64) -> Option<Answer> {
        match self.answer {
            Some(a) => Some(a),
            None if now > self.deadline => Some(Answer::Refuse),
            None => None,
        }
    }
}
