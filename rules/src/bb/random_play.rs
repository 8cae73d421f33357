//! Random setups and random play for property tests, benchmarks and the random bot.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use super::cards::{Deck, SpecialPlayCards};
use super::data::{BUDGET, Roster};
use super::setup::{
    MatchSetup, Options, Overtime, SheetPlayer, StatChanges, TeamChoice, TeamSheet, starter_team,
};
use super::state::Game;
use super::teambuild::random_team;
use super::wire::Command;
use crate::core::{ChaChaDice, DiceSource, Die, Ruleset};

/// The rosters whose every position is built (§27): the ones a random team may come from.
pub fn playable_rosters() -> Vec<Roster> {
    Roster::ALL
        .into_iter()
        .filter(|r| {
            r.data()
                .positions
                .iter()
                .all(|p| p.skills.iter().all(|s| s.info().built))
        })
        .collect()
}

/// A random setup: a pair of the playable rosters ([`playable_rosters`], every ordered pair,
/// mirrors included), each a random legal team of the default budget
/// ([`random_team`], three times in four) or the roster's starter team, and random options,
/// from `seed`. Unofficial rosters are allowed (the option is on) when one is drawn.
pub fn random_setup(seed: u64) -> MatchSetup {
    let mut d = ChaChaDice::from_u64(seed ^ 0x5EED_B100D);
    let rosters = playable_rosters();
    let n = rosters.len() as u16;
    let home = rosters[usize::from(d.roll(Die::Range(n)))];
    let away = rosters[usize::from(d.roll(Die::Range(n)))];
    let team = |r: Roster, d: &mut ChaChaDice| {
        if d.roll(Die::Range(4)) != 0 {
            match random_team(r, BUDGET, d) {
                Ok(sheet) => TeamChoice::Sheet(Box::new(sheet)),
                Err(_) => TeamChoice::Roster(r),
            }
        } else {
            TeamChoice::Roster(r)
        }
    };
    let unofficial = home.data().unofficial || away.data().unofficial;
    let teams = [team(home, &mut d), team(away, &mut d)];
    let mut flag = || d.roll(Die::Range(2)) == 1;
    MatchSetup {
        teams,
        options: Options {
            throw_in_counts_start_square: flag(),
            strict_touchdown_timing: flag(),
            overtime: if flag() {
                Overtime::SuddenDeath
            } else {
                Overtime::None
            },
            penalty_shootout: flag(),
            budget: BUDGET,
            unofficial_rosters: unofficial,
            league_teams: false,
            inducements: false,
            special_play_cards: random_cards(seed, true),
            card_inducements: false,
            free_fan_factor: false,
            excluded_inducements: Default::default(),
            cards_only: false,
            card_gold: 0,
            tournament_stage: false,
            trophies: Default::default(),
        },
        pre_match: Box::default(),
    }
}

/// [`random_setup`] with the inducement phase on (§30.1) and random petty cash (0 to
/// 500,000 a side, in 50,000 steps), from `seed`: random play then buys random inducements.
/// For a third of the seeds those amounts are treasuries (§32.4): random play declares.
pub fn random_setup_with_inducements(seed: u64) -> MatchSetup {
    let mut setup = random_setup(seed);
    let mut d = ChaChaDice::from_u64(seed ^ 0x1ADC_CA54);
    setup.options.inducements = true;
    setup.pre_match.petty_cash = [0, 1].map(|_| u32::from(d.roll(Die::Range(11))) * 50_000);
    // §31.1: Special Play Card draws on the inducement list, for half the seeds.
    setup.options.card_inducements = d.roll(Die::Range(2)) == 1;
    // §32.4: for a third of the seeds the amounts are treasuries the coaches declare from.
    if d.roll(Die::Range(3)) == 0 {
        setup.pre_match.treasury = Some(setup.pre_match.petty_cash);
        setup.pre_match.petty_cash = [0, 0];
    }
    setup
}

/// §31.1: random Special Play Card draws for a third of the seeds (its own dice, so the
/// rest of a seed's setup is unchanged): one to three draws per team from the decks
/// `usable` allows (with `built_only`, the decks whose cards are all built; without, every
/// deck, for the tools that bypass the check).
pub fn random_cards(seed: u64, built_only: bool) -> SpecialPlayCards {
    let mut d = ChaChaDice::from_u64(seed ^ 0xCA4D_5EED);
    let decks: Vec<Deck> = Deck::ALL
        .into_iter()
        .filter(|deck| !built_only || deck.unbuilt().is_empty())
        .collect();
    let mut out = SpecialPlayCards::default();
    if decks.is_empty() || d.roll(Die::Range(3)) != 0 {
        return out;
    }
    for draws in [&mut out.home, &mut out.away] {
        let n = d.roll(Die::Range(4));
        for _ in 0..n {
            let deck = decks[usize::from(d.roll(Die::Range(decks.len() as u16)))];
            let c = &mut draws.counts[deck as usize];
            if usize::from(*c) < deck.cards().count() {
                *c += 1;
            }
        }
    }
    out
}

/// The starter team of `r` with one of each built position it lacks (the big guys and
/// specialists) first in the list, up to 16 players: so random games (whose formations
/// field the first players) meet every built skill.
pub fn with_specialists(r: Roster) -> TeamSheet {
    let mut sheet = starter_team(r);
    let mut extra = Vec::new();
    for pos in r.data().positions {
        let built = pos.skills.iter().all(|s| s.info().built);
        if !built || sheet.players.iter().any(|p| p.position == pos.name) {
            continue;
        }
        extra.push(SheetPlayer {
            number: 0,
            name: pos.name.to_string(),
            position: pos.name.to_string(),
            extra_skills: Vec::new(),
            stat_changes: StatChanges::default(),
            niggling: 0,
            missing_next_game: false,
        });
    }
    extra.append(&mut sheet.players);
    extra.truncate(16);
    for (i, p) in extra.iter_mut().enumerate() {
        p.number = i as u8 + 1;
    }
    sheet.players = extra;
    spread_skills_a(&mut sheet);
    sheet
}

/// The General, Agility and Passing skills of §26.36–§26.75 built so far, no roster
/// position has them yet: spread one a player over the sheet (the first players take the
/// field) so random games meet them and their decisions.
fn spread_skills_a(sheet: &mut TeamSheet) {
    use super::data::Skill::*;
    const SKILLS_A: [super::data::Skill; 19] = [
        PassBlock,
        DivingTackle,
        Shadowing,
        DumpOff,
        KickOffReturn,
        Wrestle,
        SideStep,
        Fend,
        StripBall,
        JumpUp,
        DivingCatch,
        Leader,
        Kick,
        SureFeet,
        NervesOfSteel,
        Accurate,
        SafeThrow,
        HailMaryPass,
        SneakyGit,
    ];
    for (p, skill) in sheet.players.iter_mut().zip(SKILLS_A) {
        p.extra_skills.push(skill);
    }
}

/// Play a whole random match (uniform among the legal commands).
pub fn play_random(
    setup: MatchSetup,
    dice: &mut dyn DiceSource,
    picker: &mut ChaChaDice,
    max_commands: usize,
) -> Result<(Game, Vec<Command>), String> {
    crate::core::random_play::play_random::<Game>(
        setup,
        super::RULES_VERSION,
        dice,
        picker,
        max_commands,
    )
}

/// [`play_random`] through the contract, for callers holding a [`Ruleset`].
pub fn rules_name() -> &'static str {
    <Game as Ruleset>::NAME
}
