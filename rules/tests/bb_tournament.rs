//! Blood Bowl end-of-season tournaments, Majors' trophies, minor prizes and challenges
//! (§32.16), with scripted dice.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.
#![allow(clippy::unwrap_used)]

mod bbcommon;

use dugout_rules::bb::data::{Roster, Skill};
use dugout_rules::bb::inducements::{InducementItem, list_price};
use dugout_rules::bb::league::tournament::{
    self as t, Answer, BracketError, DAY, Entrant, Major, Method, Payment, REFUSED_SCORE, Stage,
    TournamentError, WEEK,
};
use dugout_rules::bb::stars::Star;
use dugout_rules::core::{ScriptedDice, d6, pick};

fn e(team: u32, tv: u32, won: u16, played: u16, table_place: u32) -> Entrant {
    Entrant {
        team,
        tv,
        played,
        won,
        table_place,
    }
}

/// Six teams whose order differs by each method.
fn league() -> Vec<Entrant> {
    vec![
        // team, TV, won, played, table place
        e(1, 1_800_000, 5, 10, 3), // ratio 0.5, TV×ratio 900,000
        e(2, 1_500_000, 8, 10, 1), // 0.8, 1,200,000
        e(3, 1_200_000, 9, 10, 2), // 0.9, 1,080,000
        e(4, 1_900_000, 2, 10, 6), // 0.2, 380,000
        e(5, 1_000_000, 7, 10, 4), // 0.7, 700,000
        e(6, 1_700_000, 6, 10, 5), // 0.6, 1,020,000
    ]
}

fn no_dice() -> ScriptedDice {
    ScriptedDice::new([])
}

/// §32.16: the top 4 by team value, by win ratio, by TV × win ratio and by the league table
/// are each a different four, with no dice when no tie crosses fourth place.
#[test]
fn each_method_picks_its_own_four() {
    let l = league();
    let mut d = no_dice();
    assert_eq!(
        t::semi_finalists(Method::TopTv, &l, &mut d).unwrap(),
        [4, 1, 6, 2]
    );
    assert_eq!(
        t::semi_finalists(Method::TopWinRatio, &l, &mut d).unwrap(),
        [3, 2, 5, 6]
    );
    assert_eq!(
        t::semi_finalists(Method::TopTvTimesWinRatio, &l, &mut d).unwrap(),
        [2, 3, 6, 1]
    );
    assert_eq!(
        t::semi_finalists(Method::LeagueTable, &l, &mut d).unwrap(),
        [2, 3, 1, 5]
    );
    assert_eq!(d.remaining(), 0);
}

/// §32.16: the source's example: 1,800,000 with 5 wins in 10 is 900,000; no matches is 0.
#[test]
fn tv_times_win_ratio_matches_the_example() {
    assert_eq!(t::tv_times_win_ratio(1_800_000, 5, 10), 900_000);
    assert_eq!(t::tv_times_win_ratio(1_800_000, 0, 0), 0);
    assert_eq!(t::tv_times_win_ratio(1_000_000, 1, 3), 333_333);
}

/// §32.16: the win ratio compares exactly: 2 of 3 beats 3 of 5, 1 of 2 equals 5 of 10, and a
/// team with no matches counts 0.
#[test]
fn win_ratio_is_exact() {
    let l = vec![
        e(1, 0, 3, 5, 1), // 0.6
        e(2, 0, 2, 3, 2), // 0.667
        e(3, 0, 0, 0, 3), // no matches: 0
        e(4, 0, 1, 4, 4), // 0.25
        e(5, 0, 1, 2, 5), // 0.5
    ];
    assert_eq!(
        t::semi_finalists(Method::TopWinRatio, &l, &mut no_dice()).unwrap(),
        [2, 1, 5, 4]
    );
}

/// §32.16 (ties are the commissioner's; the draw is the way built): teams level across fourth
/// place are drawn at random: three teams
/// level for the last two places take two picks (among 3, then among 2).
#[test]
fn a_tie_across_fourth_place_is_drawn() {
    let l = vec![
        e(1, 2_000_000, 0, 0, 1),
        e(2, 1_900_000, 0, 0, 2),
        e(3, 1_500_000, 0, 0, 3), // 3, 4, 5 level for places 3 and 4
        e(4, 1_500_000, 0, 0, 4),
        e(5, 1_500_000, 0, 0, 5),
        e(6, 1_000_000, 0, 0, 6),
    ];
    // Level teams in id order [3, 4, 5]: pick index 2 (team 5), then of [3, 4] index 0.
    let mut d = ScriptedDice::new([pick(3, 2), pick(2, 0)]);
    assert_eq!(
        t::semi_finalists(Method::TopTv, &l, &mut d).unwrap(),
        [1, 2, 5, 3]
    );
    assert_eq!(d.remaining(), 0);
    // A tie inside the four needs no draw.
    let l2 = vec![
        e(1, 2_000_000, 0, 0, 1),
        e(2, 2_000_000, 0, 0, 2),
        e(3, 1_500_000, 0, 0, 3),
        e(4, 1_400_000, 0, 0, 4),
        e(5, 1_000_000, 0, 0, 5),
    ];
    assert_eq!(
        t::semi_finalists(Method::TopTv, &l2, &mut no_dice()).unwrap(),
        [1, 2, 3, 4]
    );
}

/// §32.16: fewer than four teams, a team listed twice, and play-offs (format not built) are
/// refused.
#[test]
fn semi_finalists_refusals() {
    let l = league();
    assert_eq!(
        t::semi_finalists(Method::TopTv, &l[..3], &mut no_dice()),
        Err(TournamentError::TooFewTeams { teams: 3 })
    );
    let mut dup = l.clone();
    dup[5].team = 1;
    assert_eq!(
        t::semi_finalists(Method::TopTv, &dup, &mut no_dice()),
        Err(TournamentError::DuplicateTeam { team: 1 })
    );
    assert_eq!(
        t::semi_finalists(Method::PlayOffs, &l, &mut no_dice()),
        Err(TournamentError::PlayOffsNotBuilt)
    );
}

/// §32.16: the four are drawn into two semi-finals: one pick among three names the first
/// qualifier's opponent; the winners play the final.
#[test]
fn the_semi_final_draw_and_the_final() {
    let q = [10, 20, 30, 40];
    let cases = [
        (0, [(10, 20), (30, 40)]),
        (1, [(10, 30), (20, 40)]),
        (2, [(10, 40), (20, 30)]),
    ];
    for (p, want) in cases {
        let mut d = ScriptedDice::new([pick(3, p)]);
        assert_eq!(t::draw_semi_finals(q, &mut d), want, "pick {p}");
        assert_eq!(d.remaining(), 0);
    }
    assert_eq!(t::final_pairing(30, 20), (30, 20));
}

/// §32.16: in semi-finals and finals the gate and winnings are doubled and there is no
/// inducement money; in the season nothing changes.
#[test]
fn stage_doubles_gate_and_winnings_and_gives_no_inducement_money() {
    for s in [Stage::SemiFinal, Stage::Final] {
        assert_eq!(s.gate(34), 68);
        assert_eq!(s.winnings(60_000), 120_000);
        assert_eq!(s.inducement_money(150_000), 0);
    }
    assert_eq!(Stage::Season.gate(34), 34);
    assert_eq!(Stage::Season.winnings(60_000), 60_000);
    assert_eq!(Stage::Season.inducement_money(150_000), 150_000);
}

/// §32.16, §29.0: no Star Player or Mercenary in a semi-final or final, from inducement money, the
/// treasury or petty cash (treasury gold, §30.1); inducement money buys nothing; other
/// inducements paid from treasury or petty cash pass (the organiser's call). In the season
/// all pass.
#[test]
fn stage_refuses_stars_mercenaries_and_inducement_money() {
    let star = InducementItem::StarPlayer {
        star: Star::GriffOberwald,
    };
    let merc = InducementItem::Mercenary {
        position: 0,
        skill: None,
    };
    for s in [Stage::SemiFinal, Stage::Final] {
        for item in [star, merc] {
            for payment in [Payment::Treasury, Payment::PettyCash] {
                assert_eq!(
                    s.check_inducement(item, payment),
                    Err(TournamentError::NoStarsOrMercenaries)
                );
            }
            assert_eq!(
                s.check_inducement(item, Payment::InducementMoney),
                Err(TournamentError::NoInducementMoney)
            );
        }
        assert_eq!(
            s.check_inducement(InducementItem::Bribe, Payment::InducementMoney),
            Err(TournamentError::NoInducementMoney)
        );
        assert_eq!(
            s.check_inducement(InducementItem::Bribe, Payment::PettyCash),
            Ok(())
        );
        assert_eq!(
            s.check_inducement(InducementItem::Wizard, Payment::Treasury),
            Ok(())
        );
    }
    assert_eq!(
        Stage::Season.check_inducement(star, Payment::InducementMoney),
        Ok(())
    );
}

/// §32.16, §32.2: each Major's trophy held gives a team re-roll counted in TV at the roster's
/// single re-roll price; none without a trophy.
#[test]
fn trophy_rerolls_count_in_team_value() {
    assert_eq!(t::trophy_rerolls(&[]), 0);
    assert_eq!(t::trophy_rerolls(&[Major::ChaosCup]), 1);
    assert_eq!(t::trophy_rerolls(&[Major::ChaosCup, Major::BloodBowl]), 2);
    assert_eq!(t::trophy_rerolls(&[Major::ChaosCup, Major::ChaosCup]), 1);
    let human = Roster::Human.data().reroll_cost;
    assert_eq!(t::trophy_tv(Roster::Human, &[Major::Dungeonbowl]), human);
    assert_eq!(t::trophy_tv(Roster::Human, &[]), 0);
}

/// §32.16: Spike! gives +2 to the gate roll, Blood Bowl +20,000 winnings a match, and
/// Dungeonbowl the Wizard at 50,000 (§30.2: 150,000 otherwise); each only to its holder.
#[test]
fn each_trophy_gives_its_benefit() {
    assert_eq!(t::gate_roll_bonus(&[Major::SpikeMagazine]), 2);
    assert_eq!(t::gate_roll_bonus(&[Major::BloodBowl]), 0);
    assert_eq!(t::winnings_bonus(&[Major::BloodBowl]), 20_000);
    assert_eq!(t::winnings_bonus(&[Major::SpikeMagazine]), 0);
    assert_eq!(t::wizard_price(&[Major::Dungeonbowl]), 50_000);
    assert_eq!(t::wizard_price(&[Major::ChaosCup]), 150_000);
    assert_eq!(
        list_price("human", true, InducementItem::Wizard),
        Some(t::wizard_price(&[]))
    );
}

/// §32.16: every player of both teams who played the Blood Bowl final gains an extra MVP:
/// 5 SPP each.
#[test]
fn blood_bowl_final_extra_mvp_for_everyone() {
    let got = t::blood_bowl_final_mvps(&[(1, 7), (1, 8), (2, 3)]);
    assert_eq!(got, vec![(1, 7, 5), (1, 8, 5), (2, 3, 5)]);
}

/// §32.16: the Spike! Player of the Year is the league's player with most SPP (several when
/// level); he gains Fan Favourite at +30,000 unless he has it.
#[test]
fn spike_player_of_the_year() {
    let players = [(1, 1, 40), (2, 5, 55), (3, 9, 12)];
    assert_eq!(t::player_of_the_year(&players), vec![(2, 5)]);
    let level = [(1, 1, 55), (2, 5, 55)];
    assert_eq!(t::player_of_the_year(&level), vec![(1, 1), (2, 5)]);
    assert!(t::player_of_the_year(&[]).is_empty());
    assert_eq!(
        t::player_of_the_year_award(&[Skill::Block]),
        Ok((Skill::FanFavourite, 30_000))
    );
    assert_eq!(
        t::player_of_the_year_award(&[Skill::FanFavourite]),
        Err(TournamentError::AlreadyHas {
            skill: Skill::FanFavourite
        })
    );
}

/// §32.16: the Chaos Cup's D3 players are drawn at random, each once: a D6 of 5 is 3 players
/// (picks among 5, 4, 3); a D6 of 1 is one; a roster smaller than the D3 gives all.
#[test]
fn chaos_cup_draws_d3_players() {
    let players = [11, 12, 13, 14, 15];
    let mut d = ScriptedDice::new([d6(5), pick(5, 4), pick(4, 0), pick(3, 1)]);
    assert_eq!(t::chaos_cup_players(&players, &mut d), vec![15, 11, 13]);
    assert_eq!(d.remaining(), 0);
    let mut d = ScriptedDice::new([d6(1), pick(5, 2)]);
    assert_eq!(t::chaos_cup_players(&players, &mut d), vec![13]);
    let mut d = ScriptedDice::new([d6(6), pick(2, 1)]);
    assert_eq!(t::chaos_cup_players(&[1, 2], &mut d), vec![2, 1]);
    assert_eq!(d.remaining(), 0);
}

/// §32.16, §32.8: a Chaos Cup gift is a Mutation (+20,000 with Normal Mutation access,
/// +30,000 without) or Hypnotic Gaze, Stab or Regeneration (+30,000); nothing else, and not
/// a skill he has.
#[test]
fn chaos_cup_gift_values() {
    let beastman = Roster::Chaos
        .data()
        .positions
        .iter()
        .find(|p| p.name == "Beastman")
        .unwrap();
    let lineman = Roster::Human
        .data()
        .positions
        .iter()
        .find(|p| p.name == "Lineman")
        .unwrap();
    assert_eq!(t::chaos_cup_gift(beastman, &[], Skill::Claw), Ok(20_000));
    assert_eq!(t::chaos_cup_gift(lineman, &[], Skill::Claw), Ok(30_000));
    for s in [Skill::HypnoticGaze, Skill::Stab, Skill::Regeneration] {
        assert_eq!(t::chaos_cup_gift(beastman, &[], s), Ok(30_000));
        assert_eq!(t::chaos_cup_gift(lineman, &[], s), Ok(30_000));
    }
    assert_eq!(
        t::chaos_cup_gift(lineman, &[], Skill::Block),
        Err(TournamentError::NotAChaosCupGift {
            skill: Skill::Block
        })
    );
    assert_eq!(
        t::chaos_cup_gift(lineman, &[], Skill::Loner),
        Err(TournamentError::NotAChaosCupGift {
            skill: Skill::Loner
        })
    );
    // The Beastman starts with Horns; a skill he already has is refused.
    assert_eq!(
        t::chaos_cup_gift(beastman, &[], Skill::Horns),
        Err(TournamentError::AlreadyHas {
            skill: Skill::Horns
        })
    );
    assert_eq!(
        t::chaos_cup_gift(lineman, &[Skill::Claw], Skill::Claw),
        Err(TournamentError::AlreadyHas { skill: Skill::Claw })
    );
}

/// §32.16: a trophy passes to the next edition's winner; a minor tournament's prize is at most
/// 1.5× the normal winnings.
#[test]
fn trophy_holder_and_minor_prize_cap() {
    assert_eq!(t::holder_after_edition(Some(3), 7), 7);
    assert_eq!(t::holder_after_edition(None, 7), 7);
    assert_eq!(t::minor_prize_cap(80_000), 120_000);
    assert_eq!(t::check_minor_prize(80_000, 120_000), Ok(()));
    assert_eq!(
        t::check_minor_prize(80_000, 120_001),
        Err(TournamentError::PrizeTooHigh {
            prize: 120_001,
            cap: 120_000
        })
    );
}

/// §32.16: one challenge a week per coach, answered within a day; a refusal is a 2–0 win for
/// the challenger; no answer by the deadline counts as a refusal (our rule).
#[test]
fn challenges_once_a_week_answered_within_a_day() {
    let now = 1_000_000;
    assert_eq!(
        t::issue_challenge(1, 1, now, None),
        Err(TournamentError::SelfChallenge)
    );
    assert_eq!(
        t::issue_challenge(1, 2, now, Some(now - WEEK + 1)),
        Err(TournamentError::ChallengeTooSoon {
            next_allowed: now + 1
        })
    );
    let mut c = t::issue_challenge(1, 2, now, Some(now - WEEK)).unwrap();
    assert_eq!(c.deadline, now + DAY);
    assert_eq!(c.standing_answer(now + DAY), None);
    assert_eq!(c.standing_answer(now + DAY + 1), Some(Answer::Refuse));
    assert_eq!(
        c.answer(Answer::Accept, now + DAY + 1, &[], &[]),
        Err(TournamentError::AnswerTooLate {
            deadline: now + DAY
        })
    );
    c.answer(Answer::Refuse, now + DAY, &[], &[]).unwrap();
    assert_eq!(c.standing_answer(now), Some(Answer::Refuse));
    assert_eq!(
        c.answer(Answer::Accept, now, &[], &[]),
        Err(TournamentError::AlreadyAnswered)
    );
    assert_eq!(REFUSED_SCORE, (2, 0));
}

/// §32.16: a substitute must be another coach of the tournament who has not yet played the
/// challenger.
#[test]
fn challenge_substitutes() {
    let tournament = [1, 2, 3, 4];
    let played = [3];
    let mut c = t::issue_challenge(1, 2, 0, None).unwrap();
    for coach in [1, 2, 3, 9] {
        assert_eq!(
            c.answer(Answer::Substitute { coach }, 10, &tournament, &played),
            Err(TournamentError::BadSubstitute { coach }),
            "coach {coach}"
        );
    }
    c.answer(Answer::Substitute { coach: 4 }, 10, &tournament, &played)
        .unwrap();
    assert_eq!(c.standing_answer(10), Some(Answer::Substitute { coach: 4 }));
}

/// §32.16: a bracket: the four chosen and drawn with one set of dice, the semi-finals'
/// winners make the final, the final's winner is the tournament's; results of teams that did
/// not play, twice, or before the final is ready are refused.
#[test]
fn the_bracket_runs_from_the_draw_to_the_winner() {
    let l = league();
    let mut d = ScriptedDice::new([pick(3, 1)]);
    let mut b = t::draw_bracket(Method::TopTv, &l, &mut d).unwrap();
    assert_eq!(d.remaining(), 0);
    assert_eq!(b.qualifiers, [4, 1, 6, 2]);
    assert_eq!(b.semi_finals, [(4, 6), (1, 2)]);
    assert_eq!(b.record_final(4), Err(BracketError::FinalNotReady));
    assert_eq!(
        b.record_semi_final(2, 4),
        Err(BracketError::NoSuchSemiFinal { semi: 2 })
    );
    assert_eq!(
        b.record_semi_final(0, 1),
        Err(BracketError::NotInMatch { team: 1 })
    );
    assert_eq!(b.record_semi_final(0, 6), Ok(None));
    assert_eq!(b.record_semi_final(0, 4), Err(BracketError::AlreadyDecided));
    assert_eq!(b.record_semi_final(1, 2), Ok(Some((6, 2))));
    assert_eq!(b.final_pairing(), Some((6, 2)));
    assert_eq!(b.record_final(4), Err(BracketError::NotInMatch { team: 4 }));
    assert_eq!(b.record_final(2), Ok(2));
    assert_eq!(b.record_final(6), Err(BracketError::AlreadyDecided));
    assert_eq!(
        t::draw_bracket(Method::PlayOffs, &l, &mut ScriptedDice::new([])),
        Err(TournamentError::PlayOffsNotBuilt)
    );
}

/// The match options of a league tournament's stage and of the trophies, played by the engine.
mod wired {
    use crate::bbcommon::*;
    use dugout_rules::bb::inducements::{InducementItem, can_buy};
    use dugout_rules::bb::league::tournament::{Held, Major};

    fn setup(petty_cash: [u32; 2], stage: bool, trophies: [Held; 2]) -> MatchSetup {
        let mut s = MatchSetup {
            teams: [
                TeamChoice::Roster(Roster::Human),
                TeamChoice::Roster(Roster::Orc),
            ],
            options: Options {
                inducements: true,
                tournament_stage: stage,
                trophies,
                ..Options::default()
            },
            pre_match: Box::default(),
        };
        s.pre_match.petty_cash = petty_cash;
        s
    }

    fn fans(ev: &[Event]) -> [u32; 2] {
        ev.iter()
            .find_map(|e| match e {
                Event::Gate { fans, .. } => Some(*fans),
                _ => None,
            })
            .unwrap()
    }

    fn money_given(ev: &[Event]) -> [u32; 2] {
        ev.iter()
            .find_map(|e| match e {
                Event::InducementMoney { money, .. } => Some(*money),
                _ => None,
            })
            .unwrap()
    }

    /// Play the pre-match to the kick-off choice with nothing bought: the weather, each coach
    /// done buying, the gate (3+3 and 4+4) and the coin toss.
    fn pre_match(s: MatchSetup) -> (Game, Vec<Event>) {
        let mut d = dice([d6(3), d6(4)]);
        let (mut g, mut ev) = new_game(s, &mut d).unwrap();
        let mut d = dice([d6(3), d6(3), d6(4), d6(4), pick(2, 0)]);
        while matches!(kind(&g), PromptKind::Inducements { .. }) {
            ev.extend(go(&mut g, &mut d, Command::DoneInducing));
        }
        assert_eq!(d.remaining(), 0);
        assert_eq!(*kind(&g), PromptKind::ChooseKicking);
        (g, ev)
    }

    /// §32.16: a semi-final or final gives no inducement money (the Orcs' team value gap is
    /// not paid to the Humans) and doubles the gate; FAME is compared as before.
    #[test]
    fn a_tournament_stage_gives_no_inducement_money_and_doubles_the_gate() {
        // Equal rosters' values; Home's 100,000 of petty cash makes the gap.
        let (_, season) = pre_match(setup([100_000, 0], false, Default::default()));
        assert_eq!(money_given(&season), [100_000, 100_000]);
        let (g, ev) = pre_match(setup([100_000, 0], true, Default::default()));
        assert_eq!(money_given(&ev), [100_000, 0]);
        let (a, b) = (fans(&season), fans(&ev));
        assert_eq!(b, [a[0] * 2, a[1] * 2]);
        assert_eq!(g.teams[0].fans, b[0]);
    }

    /// §32.16, §29.0: in a semi-final or final no Star Player or Mercenary is hired, even with petty
    /// cash; other inducements may be bought with petty cash.
    #[test]
    fn a_tournament_stage_refuses_stars_and_mercenaries() {
        let merc = InducementItem::Mercenary {
            position: 0,
            skill: None,
        };
        let mut d = dice([d6(3), d6(4)]);
        let (g, _) = new_game(setup([500_000, 0], true, Default::default()), &mut d).unwrap();
        let why = can_buy(&g, Side::Home, 500_000, merc).unwrap_err();
        assert!(why.contains("§32.16"), "{why}");
        let legal = legal_commands(&g);
        assert!(!legal.iter().any(|c| matches!(
            c,
            Command::Induce {
                item: InducementItem::StarPlayer { .. } | InducementItem::Mercenary { .. }
            }
        )));
        assert!(legal.contains(&Command::Induce {
            item: InducementItem::Bribe
        }));
        // The same match in the season offers them.
        let mut d = dice([d6(3), d6(4)]);
        let (g, _) = new_game(setup([500_000, 0], false, Default::default()), &mut d).unwrap();
        assert!(can_buy(&g, Side::Home, 500_000, merc).is_ok());
    }

    /// §32.16: the Spike! Magazine trophy's holder adds 2 to its gate roll (2,000 fans more).
    #[test]
    fn the_spike_trophy_adds_two_to_the_gate_roll() {
        let (_, season) = pre_match(setup([100_000, 0], false, Default::default()));
        let held = [Held::of(&[Major::SpikeMagazine]), Held::default()];
        let (_, ev) = pre_match(setup([100_000, 0], false, held));
        let (a, b) = (fans(&season), fans(&ev));
        assert_eq!(b, [a[0] + 2_000, a[1]]);
        // Another Major's trophy does not.
        let held = [
            Held::of(&[Major::BloodBowl, Major::Dungeonbowl]),
            Held::default(),
        ];
        let (_, ev) = pre_match(setup([100_000, 0], false, held));
        assert_eq!(fans(&ev), a);
    }

    /// §32.16: a trophy's team re-roll is on the sheet for the match, over the 8 re-rolls a
    /// team may buy (§27.0): a sheet of 9 is taken with one trophy, refused without.
    #[test]
    fn a_trophy_reroll_may_take_a_sheet_past_eight() {
        let mut s = setup(
            [0, 0],
            false,
            [Held::of(&[Major::ChaosCup]), Held::default()],
        );
        s.options.league_teams = true;
        let mut sheet = dugout_rules::bb::setup::starter_team(Roster::Human);
        sheet.rerolls = 9;
        s.teams[0] = TeamChoice::Sheet(Box::new(sheet));
        assert!(validate(&s).is_ok());
        s.options.trophies = Default::default();
        let refused = validate(&s).unwrap_err();
        assert!(
            format!("{refused:?}").contains("re-rolls (at most 8"),
            "{refused:?}"
        );
    }

    /// §32.16, §30.2: the Dungeonbowl trophy's holder buys the Wizard for 50,000; the other
    /// team pays 150,000.
    #[test]
    fn the_dungeonbowl_holder_buys_the_wizard_for_fifty_thousand() {
        let held = [Held::of(&[Major::Dungeonbowl]), Held::default()];
        let mut d = dice([d6(3), d6(4), pick(2, 0)]);
        let (g, _) = new_game(setup([200_000, 200_000], false, held), &mut d).unwrap();
        assert_eq!(
            can_buy(&g, Side::Home, 200_000, InducementItem::Wizard),
            Ok(50_000)
        );
        assert_eq!(
            can_buy(&g, Side::Away, 200_000, InducementItem::Wizard),
            Ok(150_000)
        );
        // 60,000 buys it for the holder only.
        assert!(can_buy(&g, Side::Home, 60_000, InducementItem::Wizard).is_ok());
        assert!(can_buy(&g, Side::Away, 60_000, InducementItem::Wizard).is_err());
    }
}
