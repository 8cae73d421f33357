//! Blood Bowl leagues (§32): the tables, teams as folds of their events, purchases, the
//! reading of a match, and the post-match sequence, with scripted dice.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.
#![allow(clippy::unwrap_used)]

mod bbcommon;
use bbcommon::*;

use dugout_rules::bb::league::postmatch::{
    LeagueRules, MvpRule, PostCommand, PostMatch, PostMatchInput, PostPrompt,
};
use dugout_rules::bb::league::record::{MatchFacts, RaisedBy};
use dugout_rules::bb::league::tables::{
    self, Advance, MatchResult, ShortSeasonWinnings, SppKind, Stat, StatLine,
};
use dugout_rules::bb::league::team::{
    Departure, LeagueError, LeagueTeam, Purchase, STARTING_TREASURY, Staff, TeamEvent, Window,
    match_setup,
};
use dugout_rules::bb::setup::{sheet_cost, starter_team};

fn pos(r: Roster, name: &str) -> &'static data::PositionData {
    r.data().positions.iter().find(|p| p.name == name).unwrap()
}

fn new_team(r: Roster, name: &str) -> (LeagueTeam, Vec<TeamEvent>) {
    let events = LeagueTeam::create(&starter_team(r), name, STARTING_TREASURY).unwrap();
    (LeagueTeam::fold(&events).unwrap(), events)
}

/// §32.6: COMP 1, CAS 2, INT 2, TD 3, MVP 5. §32.7: the levels at 6, 16, 31, 51, 76 and 176
/// SPP, one advancement roll for each.
#[test]
fn star_player_points_and_levels() {
    use SppKind::*;
    assert_eq!(
        [Completion, Casualty, Interception, Touchdown, Mvp].map(SppKind::points),
        [1, 2, 2, 3, 5]
    );
    let cases = [
        (0, 0),
        (5, 0),
        (6, 1),
        (15, 1),
        (16, 2),
        (30, 2),
        (31, 3),
        (50, 3),
        (51, 4),
        (75, 4),
        (76, 5),
        (175, 5),
        (176, 6),
        (500, 6),
    ];
    for (spp, rolls) in cases {
        assert_eq!(tables::rolls_earned(spp), rolls, "{spp} SPP");
    }
    assert_eq!(tables::title(5), "Rookie");
    assert_eq!(tables::title(51), "Star");
    assert_eq!(tables::title(176), "Legend");
}

/// §32.7: 2–9 a skill of the Normal categories; a double opens the Double categories; 10 +MA
/// or +AV, 11 +AG, 12 +ST, each within +2 of the start and at most 10; never Extraordinary,
/// never a skill he has, never Frenzy with Grab.
#[test]
fn the_advancement_roll_offers_what_the_table_allows() {
    let catcher = pos(Roster::Human, "Catcher"); // Normal G A, Double S P
    let has = [Skill::Catch, Skill::Dodge];
    let none = StatLine::default();
    let plain = tables::advance_choices(catcher, &has, &none, &none, [3, 4]);
    assert!(plain.iter().all(|a| matches!(a, Advance::Skill { .. })));
    assert!(plain.contains(&Advance::Skill {
        skill: Skill::Block
    }));
    assert!(plain.contains(&Advance::Skill {
        skill: Skill::Sprint
    }));
    assert!(
        !plain.contains(&Advance::Skill {
            skill: Skill::Dodge
        }),
        "he has it"
    );
    assert!(
        !plain.contains(&Advance::Skill {
            skill: Skill::MightyBlow
        }),
        "Strength is a double"
    );
    for a in &plain {
        if let Advance::Skill { skill } = a {
            assert_ne!(skill.info().category, data::Category::Extraordinary);
            assert!(skill.info().built);
        }
    }
    let double = tables::advance_choices(catcher, &has, &none, &none, [5, 5]);
    assert_eq!(
        double[..2],
        [
            Advance::Stat { stat: Stat::Ma },
            Advance::Stat { stat: Stat::Av }
        ]
    );
    assert!(double.contains(&Advance::Skill {
        skill: Skill::MightyBlow
    }));
    assert!(double.contains(&Advance::Skill { skill: Skill::Pass }));
    let eleven = tables::advance_choices(catcher, &has, &none, &none, [5, 6]);
    assert_eq!(eleven[0], Advance::Stat { stat: Stat::Ag });
    assert!(
        !eleven.contains(&Advance::Skill {
            skill: Skill::MightyBlow
        }),
        "no double"
    );
    let twelve = tables::advance_choices(catcher, &has, &none, &none, [6, 6]);
    assert_eq!(twelve[0], Advance::Stat { stat: Stat::St });
    // +2 already: no more.
    let twice = StatLine {
        ma: 2,
        ..StatLine::default()
    };
    let capped = tables::advance_choices(catcher, &has, &twice, &none, [4, 6]);
    assert_eq!(capped[0], Advance::Stat { stat: Stat::Av });
    assert!(!capped.contains(&Advance::Stat { stat: Stat::Ma }));
    // Never above 10: a Dwarf-free check with AV 9 + 1 gain = 10.
    let ogre = pos(Roster::Human, "Ogre"); // AV 9
    let one = StatLine {
        av: 1,
        ..StatLine::default()
    };
    let at_ten = tables::advance_choices(ogre, ogre.skills, &one, &none, [4, 6]);
    assert!(!at_ten.contains(&Advance::Stat { stat: Stat::Av }));
    // Frenzy and Grab exclude each other.
    let blitzer = pos(Roster::Human, "Blitzer"); // Normal G S
    let with_frenzy = tables::skill_choices(blitzer.normal, &[Skill::Block, Skill::Frenzy]);
    assert!(!with_frenzy.contains(&Skill::Grab));
}

/// §32.8: a Normal skill 20,000, a Double-only skill 30,000, +MA/+AV 30,000, +AG 40,000, +ST
/// 50,000; the category decides, not the dice.
#[test]
fn advancements_add_to_the_player_value() {
    let catcher = pos(Roster::Human, "Catcher");
    let v = |a| tables::value_increase(catcher, a);
    assert_eq!(
        v(Advance::Skill {
            skill: Skill::Block
        }),
        20_000
    );
    assert_eq!(
        v(Advance::Skill {
            skill: Skill::MightyBlow
        }),
        30_000
    );
    assert_eq!(v(Advance::Stat { stat: Stat::Ma }), 30_000);
    assert_eq!(v(Advance::Stat { stat: Stat::Av }), 30_000);
    assert_eq!(v(Advance::Stat { stat: Stat::Ag }), 40_000);
    assert_eq!(v(Advance::Stat { stat: Stat::St }), 50_000);
}

/// §32.10: (D6 + FAME) × 10,000, +10,000 for a win or a draw, nothing after conceding; §32.17
/// (7) the short-season extras.
#[test]
fn winnings() {
    use MatchResult::*;
    let off = ShortSeasonWinnings::Off;
    assert_eq!(tables::winnings(3, 1, Win, false, off), 50_000);
    assert_eq!(tables::winnings(3, 1, Draw, false, off), 50_000);
    assert_eq!(tables::winnings(3, 1, Loss, false, off), 40_000);
    assert_eq!(tables::winnings(6, 2, Loss, true, off), 0);
    assert_eq!(
        tables::winnings(3, 1, Loss, false, ShortSeasonWinnings::Flat),
        50_000
    );
    assert_eq!(
        tables::winnings(3, 1, Win, false, ShortSeasonWinnings::Flat),
        70_000
    );
    assert_eq!(
        tables::winnings(3, 2, Loss, false, ShortSeasonWinnings::DoubleFame),
        70_000
    );
}

/// §32.11: a win rolls 3D6 and goes up over FF; a draw 2D6, up over, down under; a loss 2D6,
/// down under; equal changes nothing; never below 0.
#[test]
fn fan_factor_rolls() {
    use MatchResult::*;
    assert_eq!(tables::fan_factor_dice(Win), 3);
    assert_eq!(tables::fan_factor_dice(Draw), 2);
    assert_eq!(tables::fan_factor_dice(Loss), 2);
    assert_eq!(tables::fan_factor_change(Win, 8, 7), 1);
    assert_eq!(tables::fan_factor_change(Win, 7, 7), 0);
    assert_eq!(tables::fan_factor_change(Win, 3, 7), 0);
    assert_eq!(tables::fan_factor_change(Draw, 8, 7), 1);
    assert_eq!(tables::fan_factor_change(Draw, 6, 7), -1);
    assert_eq!(tables::fan_factor_change(Loss, 12, 7), 0);
    assert_eq!(tables::fan_factor_change(Loss, 6, 7), -1);
    assert_eq!(tables::fan_factor_change(Loss, 2, 0), 0);
}

/// §32.12: 10,000 for each 150,000 band from 1,750,000; a league may move both (§32.17 (2)).
#[test]
fn spiralling_expenses() {
    let e = |tv| tables::spiralling_expenses(tv, 1_750_000, 150_000);
    assert_eq!(e(1_749_999), 0);
    assert_eq!(e(1_750_000), 10_000);
    assert_eq!(e(1_890_000), 10_000);
    assert_eq!(e(1_900_000), 20_000);
    assert_eq!(e(2_040_000), 20_000);
    assert_eq!(e(2_050_000), 30_000);
    assert_eq!(e(2_640_000), 60_000);
    assert_eq!(e(2_650_000), 70_000);
    assert_eq!(
        tables::spiralling_expenses(1_100_000, 1_000_000, 100_000),
        20_000
    );
}

/// §27.0, §32.2, §32.17: a team is bought from the starting treasury, what is left stays in it, and
/// its value is its players, re-rolls at the list price, staff and fan factor.
#[test]
fn a_new_team_keeps_what_it_did_not_spend() {
    let sheet = starter_team(Roster::Orc);
    let (team, events) = new_team(Roster::Orc, "Da Boyz");
    assert_eq!(team.treasury, STARTING_TREASURY - sheet_cost(&sheet));
    assert_eq!(team.players.len(), sheet.players.len());
    assert_eq!(team.rerolls, sheet.rerolls);
    assert_eq!(team.team_value(false), sheet_cost(&sheet));
    assert_eq!(team.tv, sheet_cost(&sheet));
    assert_eq!(
        team.team_value(true),
        sheet_cost(&sheet) - u32::from(sheet.fan_factor) * 10_000,
        "§32.17 (6): free fan factor leaves FF out"
    );
    // The history is the truth: the fold of the events is the team.
    assert_eq!(LeagueTeam::fold(&events).unwrap(), team);
    assert!(matches!(events[0], TeamEvent::Created { .. }));
    // A team too dear for the treasury is refused.
    let mut rich = starter_team(Roster::Orc);
    rich.rerolls = 8;
    rich.fan_factor = 9;
    assert!(matches!(
        LeagueTeam::create(&rich, "Too rich", STARTING_TREASURY),
        Err(LeagueError::Gold { .. })
    ));
}

/// §32.14: after creation a re-roll costs double and adds the single price to TV; players
/// within the position limit and 16; an apothecary once; fan factor only at creation; firing
/// refunds nothing; every refusal changes nothing.
#[test]
fn purchases_after_a_match_are_checked() {
    let (mut team, _) = new_team(Roster::Human, "Reikland");
    team.treasury = 500_000;
    let tv = team.team_value(false);
    let buy = |team: &mut LeagueTeam, p: Purchase| {
        let ev = team.purchase(Window::PostMatch, &p)?;
        for e in &ev {
            team.apply(e);
        }
        Ok::<_, LeagueError>(ev)
    };
    buy(&mut team, Purchase::BuyReroll).unwrap();
    assert_eq!(team.treasury, 400_000, "2 × 50,000");
    assert_eq!(team.team_value(false), tv + 50_000, "TV: the single price");
    assert!(matches!(
        buy(&mut team, Purchase::BuyFanFactor),
        Err(LeagueError::NotNow { .. })
    ));
    let throwers = team
        .players
        .iter()
        .filter(|p| p.position == "Thrower")
        .count();
    for _ in throwers..2 {
        buy(
            &mut team,
            Purchase::HirePlayer {
                position: "Thrower".into(),
                name: String::new(),
            },
        )
        .unwrap();
    }
    let before = team.clone();
    assert!(matches!(
        buy(
            &mut team,
            Purchase::HirePlayer {
                position: "Thrower".into(),
                name: String::new()
            }
        ),
        Err(LeagueError::Illegal { .. })
    ));
    assert!(matches!(
        buy(
            &mut team,
            Purchase::HirePlayer {
                position: "Troll".into(),
                name: String::new()
            }
        ),
        Err(LeagueError::Illegal { .. })
    ));
    assert_eq!(team, before, "refusals change nothing");
    if !team.apothecary {
        buy(
            &mut team,
            Purchase::HireStaff {
                staff: Staff::Apothecary,
            },
        )
        .unwrap();
    }
    assert!(
        buy(
            &mut team,
            Purchase::HireStaff {
                staff: Staff::Apothecary
            }
        )
        .is_err()
    );
    let gold = team.treasury;
    let id = team.players[0].id;
    buy(&mut team, Purchase::FirePlayer { player: id }).unwrap();
    assert_eq!(team.treasury, gold, "no refund");
    assert!(team.player(id).is_none());
    assert_eq!(team.former.last().unwrap().1, Departure::Fired);
    while team.players.len() < 16 {
        buy(
            &mut team,
            Purchase::HirePlayer {
                position: "Lineman".into(),
                name: String::new(),
            },
        )
        .unwrap();
    }
    assert!(
        buy(
            &mut team,
            Purchase::HirePlayer {
                position: "Lineman".into(),
                name: String::new()
            }
        )
        .is_err()
    );
    team.treasury = 10_000;
    assert_eq!(
        buy(&mut team, Purchase::BuyReroll),
        Err(LeagueError::Gold {
            cost: 100_000,
            treasury: 10_000
        })
    );
}

/// A finished match between two league teams, played at random.
fn random_match(
    home: &LeagueTeam,
    away: &LeagueTeam,
    seed: u64,
) -> (Game, Vec<Event>, [Vec<u32>; 2]) {
    random_match_conceding(home, away, seed, false)
}

/// A random match; with `concede`, a coach concedes at his first chance in the second half.
fn random_match_conceding(
    home: &LeagueTeam,
    away: &LeagueTeam,
    seed: u64,
    concede: bool,
) -> (Game, Vec<Event>, [Vec<u32>; 2]) {
    let (setup, [hids, aids]) = match_setup(home, away, Default::default());
    let mut d = ChaChaDice::from_u64(seed);
    let mut picker = ChaChaDice::from_u64(seed ^ 0xABCD);
    let (mut g, mut events) = new_game(setup, &mut d).unwrap();
    for _ in 0..200_000 {
        if g.is_over() {
            break;
        }
        let legal = legal_commands(&g);
        // Random play, but a coach does not concede unless the test asks for it.
        if concede && g.half >= 2 && legal.contains(&Command::Concede) {
            events.extend(apply(&mut g, Command::Concede, &mut d).unwrap());
            continue;
        }
        let choices: Vec<Command> = legal
            .iter()
            .copied()
            .filter(|c| !matches!(c, Command::Concede))
            .collect();
        let pool = if choices.is_empty() { &legal } else { &choices };
        let i = usize::from(picker.roll(Die::Range(pool.len() as u16)));
        events.extend(apply(&mut g, pool[i], &mut d).unwrap());
    }
    assert!(g.is_over());
    (g, events, [hids, aids])
}

/// §32.6: the record reads the match's own events: a touchdown 3, a completion 1 to the
/// passer, an interception 2, a casualty 2 to the blocker (or to the defender whose block hurt
/// the attacker), nothing for the crowd; a regenerated casualty leaves no lasting injury.
#[test]
fn the_match_record_comes_from_the_events() {
    let (home, _) = new_team(Roster::Human, "H");
    let (away, _) = new_team(Roster::Orc, "O");
    let (g, _, _) = random_match(&home, &away, 7);
    let p = |side: Side, i: usize| {
        PlayerId(
            g.players
                .iter()
                .enumerate()
                .filter(|(_, q)| q.side == side)
                .nth(i)
                .unwrap()
                .0 as u8,
        )
    };
    let (h0, h1, a0, a1) = (p(HOME, 0), p(HOME, 1), p(AWAY, 0), p(AWAY, 1));
    let cas = |player, cause, by| Event::Injured {
        player,
        outcome: InjuryOutcome::Casualty,
        cause,
        by,
    };
    let events = vec![
        Event::Gate {
            fans: [10_000, 30_000],
            fame: [0, 2],
        },
        Event::Touchdown {
            side: HOME,
            player: Some(h0),
            score: [1, 0],
        },
        Event::Completion {
            passer: h1,
            catcher: h0,
        },
        Event::Intercepted { player: a0 },
        cas(a1, Cause::Blocked, Some(h0)),
        Event::Casualty {
            player: a1,
            result: CasualtyResult::SmashedHip,
            cause: Cause::Blocked,
            by: Some(h0),
        },
        cas(h1, Cause::Blocking, Some(a0)),
        Event::Casualty {
            player: h1,
            result: CasualtyResult::Dead,
            cause: Cause::Blocking,
            by: Some(a0),
        },
        Event::Regenerated { player: h1 },
        cas(a0, Cause::Crowd, None),
        Event::Casualty {
            player: a0,
            result: CasualtyResult::BrokenRibs,
            cause: Cause::Crowd,
            by: None,
        },
    ];
    let f = MatchFacts::read(&g, &events);
    assert_eq!(f.fame, [0, 2]);
    assert_eq!(
        f.spp,
        vec![
            (h0, SppKind::Touchdown),
            (h1, SppKind::Completion),
            (a0, SppKind::Interception),
            (h0, SppKind::Casualty),
            (a0, SppKind::Casualty),
        ]
    );
    assert_eq!(
        f.casualties,
        vec![
            (a1, CasualtyResult::SmashedHip),
            (a0, CasualtyResult::BrokenRibs)
        ],
        "the regenerated death is gone"
    );
    assert_eq!(f.casualties_inflicted, [2, 1]);
    assert_eq!(f.players[h1.index()].sheet, Some(1));
}

fn input(
    home: &LeagueTeam,
    away: &LeagueTeam,
    facts: MatchFacts,
    ids: [Vec<u32>; 2],
) -> PostMatchInput {
    PostMatchInput {
        match_tv: [home.team_value(false), away.team_value(false)],
        teams: [home.clone(), away.clone()],
        ids,
        facts,
        petty_cash_spent: [0, 0],
        rules: LeagueRules::default(),
        raised_join: true,
        stage: Default::default(),
        major: None,
        trophies: Default::default(),
    }
}

/// Facts of a match with nothing in it but a score, for exact post-match tests.
fn bare_facts(
    home: &LeagueTeam,
    away: &LeagueTeam,
    winner: Option<Side>,
) -> (MatchFacts, [Vec<u32>; 2]) {
    let (g, _, ids) = random_match(home, away, 3);
    let mut f = MatchFacts::read(&g, &[]);
    f.winner = winner;
    f.score = match winner {
        Some(Side::Home) => [2, 1],
        Some(Side::Away) => [0, 1],
        None => [1, 1],
    };
    f.fame = [1, 0];
    (f, ids)
}

fn events_of(side: Side, ev: &[(Side, TeamEvent)]) -> Vec<TeamEvent> {
    ev.iter()
        .filter(|(s, _)| *s == side)
        .map(|(_, e)| e.clone())
        .collect()
}

/// §32.5: the whole sequence in order with scripted dice: MVPs drawn (§32.6), the player who reaches 6
/// SPP rolls and his coach chooses, the winner may re-roll the winnings (§32.10), fan factor (§32.11), the
/// buying window, the team value; the teams are the folds of their histories.
#[test]
fn the_post_match_sequence_runs_in_order() {
    let (_, mut home_log) = new_team(Roster::Human, "H");
    // Gold from earlier matches, enough for a re-roll at double price.
    home_log.push(TeamEvent::Winnings {
        d6: 6,
        rerolled: None,
        amount: 200_000,
    });
    let home = LeagueTeam::fold(&home_log).unwrap();
    let (away, mut away_log) = new_team(Roster::Orc, "O");
    // FF 5 for the away team (as if earned), so a 2D6 of 2 lowers it.
    let ff = TeamEvent::FanFactor {
        dice: vec![6, 6],
        change: 5 - away.fan_factor as i8,
    };
    away_log.push(ff);
    let away = LeagueTeam::fold(&away_log).unwrap();
    let (mut facts, ids) = bare_facts(&home, &away, Some(HOME));
    let scorer = facts
        .players
        .iter()
        .position(|p| p.side == HOME && p.sheet == Some(2))
        .unwrap();
    facts.spp = vec![(PlayerId(scorer as u8), SppKind::Touchdown)];
    let n_home = facts.players.iter().filter(|p| p.side == HOME).count() as u16;
    let n_away = facts.players.iter().filter(|p| p.side == AWAY).count() as u16;
    let mut d = dice([
        pick(n_home, 2), // home MVP: the scorer again, 3 + 5 = 8 SPP: Experienced
        pick(n_away, 0),
        d6(2),
        d6(3), // his advancement roll: 5, a skill
        d6(2),
        d6(4), // winnings D6: home 2, away 4
    ]);
    let (mut pm, mut log) = PostMatch::start(input(&home, &away, facts, ids.clone()), &mut d);
    let star = ids[0][2];
    assert_eq!(pm.teams[0].player(star).unwrap().spp, 8);
    let Some((
        HOME,
        PostPrompt::Advancement {
            player,
            dice: [2, 3],
            choices,
        },
    )) = pm.prompt()
    else {
        panic!("{:?}", pm.prompt())
    };
    assert_eq!(player, star);
    assert!(choices.iter().all(|c| matches!(c, Advance::Skill { .. })));
    // The other coach may not answer, nor a choice the roll does not allow.
    let wrong = PostCommand::Advance {
        player,
        advance: Advance::Stat { stat: Stat::St },
    };
    assert!(pm.apply(AWAY, &wrong, &mut d).is_err());
    assert!(pm.apply(HOME, &wrong, &mut d).is_err());
    let take = PostCommand::Advance {
        player,
        advance: Advance::Skill {
            skill: Skill::Block,
        },
    };
    log.extend(pm.apply(HOME, &take, &mut d).unwrap());
    let p = pm.teams[0].player(star).unwrap();
    assert!(p.extra_skills.contains(&Skill::Block));
    assert_eq!(p.value, pos(Roster::Human, &p.position).cost + 20_000);
    // The winner re-rolls his 2: a 5.
    assert_eq!(
        pm.prompt(),
        Some((HOME, PostPrompt::WinningsReroll { d6: 2 }))
    );
    d.push([d6(5), d6(3), d6(3), d6(3), d6(1), d6(1)]); // re-roll; home FF 3D6 = 9; away 2D6 = 2
    let gold = [pm.teams[0].treasury, pm.teams[1].treasury];
    log.extend(
        pm.apply(HOME, &PostCommand::RerollWinnings, &mut d)
            .unwrap(),
    );
    assert_eq!(pm.teams[0].treasury, gold[0] + (5 + 1) * 10_000 + 10_000);
    assert_eq!(pm.teams[1].treasury, gold[1] + 4 * 10_000);
    assert_eq!(pm.teams[0].fan_factor, home.fan_factor + 1, "3D6 9 > FF");
    assert_eq!(
        pm.teams[1].fan_factor,
        away.fan_factor.saturating_sub(1),
        "2D6 2 < FF"
    );
    // Buying windows: home then away; the deadline's default ends each.
    assert_eq!(pm.prompt(), Some((HOME, PostPrompt::Buy)));
    assert!(pm.legal_commands().contains(&PostCommand::Buy {
        purchase: Purchase::BuyReroll
    }));
    log.extend(
        pm.apply(
            HOME,
            &PostCommand::Buy {
                purchase: Purchase::BuyReroll,
            },
            &mut d,
        )
        .unwrap(),
    );
    log.extend(pm.apply(HOME, &PostCommand::Done, &mut d).unwrap());
    assert_eq!(pm.prompt(), Some((AWAY, PostPrompt::Buy)));
    assert_eq!(pm.default_command(), Some(PostCommand::Done));
    log.extend(pm.apply(AWAY, &PostCommand::Done, &mut d).unwrap());
    assert!(pm.is_done());
    assert_eq!(d.remaining(), 0);
    // Step 2.8 and the folds.
    for (side, start) in [(HOME, &home_log), (AWAY, &away_log)] {
        let mut all = start.clone();
        all.extend(events_of(side, &log));
        let folded = LeagueTeam::fold(&all).unwrap();
        assert_eq!(folded, pm.teams[side.index()]);
        assert_eq!(folded.tv, folded.team_value(false));
        assert!(matches!(all.last(), Some(TeamEvent::TeamValue { .. })));
    }
    assert_eq!(pm.teams[0].record.won, 1);
    assert_eq!(pm.teams[1].record.lost, 1);
}

/// §32.9: lasting injuries: miss next game (served by missing one match), niggling, a
/// characteristic lost (never more than 2, never below 1), the dead leave; §32.13: journeymen
/// fill the team to 11 when fewer can play, and are signed (losing Loner) or released next time.
#[test]
fn injuries_and_journeymen() {
    let (home, _) = new_team(Roster::Human, "H");
    let (away, _) = new_team(Roster::Orc, "O");
    let (mut facts, ids) = bare_facts(&home, &away, None);
    let hp = |i: usize| {
        PlayerId(
            facts
                .players
                .iter()
                .position(|p| p.side == HOME && p.sheet == Some(i))
                .unwrap() as u8,
        )
    };
    let (p0, p1, p2, p3) = (hp(0), hp(1), hp(2), hp(3));
    facts.casualties = vec![
        (p0, CasualtyResult::DamagedBack),
        (p1, CasualtyResult::SmashedHip),
        (p2, CasualtyResult::Dead),
        (p3, CasualtyResult::BadlyHurt),
    ];
    let mut input = input(&home, &away, facts, ids.clone());
    // Player 1 has lost 2 MA already: a third is ignored.
    input.teams[0].players[1].losses.ma = 2;
    let n_home = input
        .facts
        .players
        .iter()
        .filter(|p| p.side == HOME)
        .count() as u16;
    let n_away = input
        .facts
        .players
        .iter()
        .filter(|p| p.side == AWAY)
        .count() as u16;
    let mut d = dice([
        pick(n_home, 5),
        pick(n_away, 5),
        d6(3),
        d6(3),
        d6(4),
        d6(4),
        d6(4),
        d6(4),
    ]);
    let (mut pm, log) = PostMatch::start(input, &mut d);
    let h = &pm.teams[0];
    let (i0, i1, i2, i3) = (ids[0][0], ids[0][1], ids[0][2], ids[0][3]);
    assert!(h.player(i0).unwrap().miss_next_game);
    assert_eq!(h.player(i0).unwrap().niggling, 1);
    assert!(
        h.player(i1).unwrap().miss_next_game,
        "the missed game stands"
    );
    assert_eq!(h.player(i1).unwrap().losses.ma, 2, "no third point");
    assert!(log.contains(&(
        HOME,
        TeamEvent::Injury {
            player: i1,
            result: CasualtyResult::SmashedHip,
            ignored: true
        }
    )));
    assert!(h.player(i2).is_none(), "the dead leave");
    assert!(
        h.former
            .iter()
            .any(|(p, why)| p.id == i2 && *why == Departure::Dead)
    );
    assert!(
        !h.player(i3).unwrap().miss_next_game,
        "badly hurt: nothing lasting"
    );
    // Buy nothing; 12 - 1 dead - 2 missing = 9 can play: 2 journeymen, Linemen (the one 0-16).
    let available = h.available();
    while !pm.is_done() {
        let (side, _) = pm.prompt().unwrap();
        let cmd = pm.default_command().unwrap();
        pm.apply(side, &cmd, &mut d).unwrap();
    }
    let h = &pm.teams[0];
    assert!(available < 11);
    assert_eq!(h.available(), 11);
    let journeymen: Vec<_> = h.players.iter().filter(|p| p.journeyman).collect();
    assert_eq!(journeymen.len(), 11 - available);
    assert!(
        journeymen
            .iter()
            .all(|p| p.position == "Lineman" && p.extra_skills.contains(&Skill::Loner))
    );
    assert_eq!(h.team_value(false), h.tv);
    // The missing players do not play the next match; journeymen do.
    let (sheet, sheet_ids) = h.sheet();
    assert!(!sheet_ids.contains(&i0) && !sheet_ids.contains(&i1));
    assert_eq!(sheet.players.len(), 11);
    // Next post-match: the journeymen are offered; one is signed (loses Loner, pays his cost),
    // the other released; the missed game is served.
    let home2 = h.clone();
    let away2 = pm.teams[1].clone();
    let (facts2, ids2) = bare_facts(&home2, &away2, None);
    let mut d = ChaChaDice::from_u64(99);
    let (mut pm, _) = PostMatch::start(input_with(&home2, &away2, facts2, ids2), &mut d);
    let mut signed = None;
    while !pm.is_done() {
        let (side, prompt) = pm.prompt().unwrap();
        let cmd = match prompt {
            PostPrompt::Journeyman { player, .. } if signed.is_none() && side == HOME => {
                signed = Some(player);
                PostCommand::SignJourneyman
            }
            _ => pm.default_command().unwrap(),
        };
        pm.apply(side, &cmd, &mut d).unwrap();
    }
    let h = &pm.teams[0];
    let s = h.player(signed.unwrap()).unwrap();
    assert!(!s.journeyman && !s.extra_skills.contains(&Skill::Loner));
    assert!(!h.player(i0).unwrap().miss_next_game, "served");
    assert_eq!(h.players.iter().filter(|p| p.journeyman).count(), 0);
}

fn input_with(
    home: &LeagueTeam,
    away: &LeagueTeam,
    facts: MatchFacts,
    ids: [Vec<u32>; 2],
) -> PostMatchInput {
    input(home, away, facts, ids)
}

/// §32.15: a concession hands the loser's winnings and MVP to the winner; the loser gets no
/// winnings, loses 1 FF without rolling, and each of his 51+ SPP players walks out on 1–3.
#[test]
fn a_concession_costs_the_loser() {
    let (home, _) = new_team(Roster::Human, "H");
    let (mut away, _) = new_team(Roster::Orc, "O");
    away.fan_factor = 3;
    away.players[0].spp = 60;
    away.players[0].rolls = 4;
    away.players[1].spp = 55;
    away.players[1].rolls = 4;
    let (mut facts, ids) = bare_facts(&home, &away, Some(HOME));
    facts.conceded = Some(AWAY);
    facts.conceded_short_handed = false;
    let n_home = facts.players.iter().filter(|p| p.side == HOME).count() as u16;
    let mut d = dice([
        pick(n_home, 0),
        pick(n_home, 1), // two MVPs for home, none for away
        d6(3),
        d6(4), // winnings: home 3, away 4 (paid to home)
        d6(1),
        d6(1),
        d6(1), // home FF 3D6 = 3: not over FF, no change
        d6(2),
        d6(5), // away veterans: the first walks, the second stays
    ]);
    let (mut pm, log) = PostMatch::start(input(&home, &away, facts, ids.clone()), &mut d);
    let mvps = |side: Side| {
        log.iter()
            .filter(|(s, e)| {
                *s == side
                    && matches!(
                        e,
                        TeamEvent::Spp {
                            kind: SppKind::Mvp,
                            ..
                        }
                    )
            })
            .count()
    };
    assert_eq!((mvps(HOME), mvps(AWAY)), (2, 0));
    let gold = pm.teams[0].treasury;
    let mut log = log;
    log.extend(pm.apply(HOME, &PostCommand::KeepWinnings, &mut d).unwrap());
    assert_eq!(
        pm.teams[0].treasury,
        gold + (3 + 1) * 10_000 + 10_000 + 4 * 10_000
    );
    assert!(log.contains(&(
        AWAY,
        TeamEvent::Winnings {
            d6: 4,
            rerolled: None,
            amount: 0
        }
    )));
    assert_eq!(pm.teams[1].fan_factor, 2);
    assert!(pm.teams[1].player(ids[1][0]).is_none(), "walked out on a 2");
    assert!(pm.teams[1].player(ids[1][1]).is_some(), "stayed on a 5");
    assert_eq!(d.remaining(), 0);
}

/// §32.4, §32.12 and §32.5 step 2.3: unspent petty cash goes back; expenses are paid on the match TV
/// and never take the treasury below zero.
#[test]
fn petty_cash_returns_and_expenses_never_overdraw() {
    let (mut home, _) = new_team(Roster::Human, "H");
    home.apply(&TeamEvent::PettyCash { amount: 30_000 });
    let (away, _) = new_team(Roster::Orc, "O");
    let (facts, ids) = bare_facts(&home, &away, None);
    let mut inp = input(&home, &away, facts, ids);
    inp.petty_cash_spent = [10_000, 0];
    inp.match_tv = [2_400_000, 1_000_000];
    inp.teams[0].treasury = 25_000;
    let mut d = ChaChaDice::from_u64(5);
    let (pm, log) = PostMatch::start(inp, &mut d);
    assert!(log.contains(&(HOME, TeamEvent::PettyCashReturned { amount: 20_000 })));
    let paid = log.iter().find_map(|(s, e)| match e {
        TeamEvent::Expenses { due, paid, .. } if *s == HOME => Some((*due, *paid)),
        _ => None,
    });
    let (due, paid) = paid.unwrap();
    assert_eq!(due, 50_000);
    assert!(paid <= due);
    assert!(pm.teams[0].treasury < 1_000_000);
    assert!(
        !log.iter()
            .any(|(s, e)| *s == AWAY && matches!(e, TeamEvent::Expenses { .. }))
    );
}

/// §32.17 (1a): each coach chooses his MVP, from his own players only.
#[test]
fn a_league_may_let_coaches_choose_the_mvp() {
    let (home, _) = new_team(Roster::Human, "H");
    let (away, _) = new_team(Roster::Orc, "O");
    let (facts, ids) = bare_facts(&home, &away, None);
    let mut inp = input(&home, &away, facts, ids.clone());
    inp.rules.mvp = MvpRule::CoachChooses;
    let mut d = ChaChaDice::from_u64(1);
    let (mut pm, _) = PostMatch::start(inp, &mut d);
    assert!(matches!(
        pm.prompt(),
        Some((HOME, PostPrompt::ChooseMvp { .. }))
    ));
    assert!(
        pm.apply(HOME, &PostCommand::Mvp { player: 9999 }, &mut d)
            .is_err()
    );
    pm.apply(HOME, &PostCommand::Mvp { player: ids[0][4] }, &mut d)
        .unwrap();
    assert_eq!(pm.teams[0].player(ids[0][4]).unwrap().spp, 5);
}

/// §32.5 (and the team of §32.2) as a whole, over a season: eight rosters, a double
/// round robin of random matches (some conceded), the post-match decisions made at random
/// among the legal ones. After every match: the treasury pays only what it holds, the team
/// value equals what the rules compute from the roster, each player's SPP equals what his
/// events award and every roll he earned is taken, the dead never come back, nobody plays
/// while missing a game, and each team is the fold of its history.
#[test]
fn a_run_of_league_matches_keeps_its_invariants() {
    // Eight official rosters whose starter teams the engine plays.
    let mut teams: Vec<(LeagueTeam, Vec<TeamEvent>)> = Roster::ALL
        .iter()
        .filter(|r| !r.data().unofficial)
        .filter(|r| {
            starter_team(**r).players.iter().all(|p| {
                let pos = r.data().positions.iter().find(|q| q.name == p.position);
                pos.is_some_and(|q| q.skills.iter().all(|s| s.info().built))
            })
        })
        .take(8)
        .map(|r| new_team(*r, r.data().name))
        .collect();
    assert!(teams.len() >= 6);
    let mut picker = ChaChaDice::from_u64(42);
    let n = teams.len();
    let mut m = 0u64;
    for round in 0..2 {
        for i in 0..n {
            for j in i + 1..n {
                m += 1;
                let (h, a) = if round == 0 { (i, j) } else { (j, i) };
                let (home, away) = (teams[h].0.clone(), teams[a].0.clone());
                let concede = m.is_multiple_of(7);
                let (g, events, ids) = random_match_conceding(&home, &away, 1000 + m, concede);
                for (side, t) in [(HOME, &home), (AWAY, &away)] {
                    for id in &ids[side.index()] {
                        assert!(
                            t.player(*id).unwrap().available(),
                            "a missing player played"
                        );
                    }
                }
                let facts = MatchFacts::read(&g, &events);
                let mut d = ChaChaDice::from_u64(2000 + m);
                let (mut pm, mut log) = PostMatch::start(input(&home, &away, facts, ids), &mut d);
                while let Some((side, _)) = pm.prompt() {
                    let legal = pm.legal_commands();
                    let k = usize::from(picker.roll(Die::Range(legal.len() as u16)));
                    log.extend(pm.apply(side, &legal[k], &mut d).unwrap());
                }
                for (side, t) in [(HOME, h), (AWAY, a)] {
                    let (team, history) = &mut teams[t];
                    history.extend(events_of(side, &log));
                    let folded = LeagueTeam::fold(history.iter()).unwrap();
                    assert_eq!(
                        folded,
                        pm.teams[side.index()],
                        "the team is the fold of its history"
                    );
                    *team = folded;
                    check_team(team, history);
                }
            }
        }
    }
    let played: u16 = teams.iter().map(|(t, _)| t.record.played).sum();
    assert_eq!(usize::from(played), n * (n - 1) * 2);
    let conceded = teams
        .iter()
        .flat_map(|(_, h)| h.iter())
        .filter(|e| matches!(e, TeamEvent::MatchPlayed { conceded: true, .. }))
        .count();
    assert!(conceded > 0, "some matches were conceded");
    let advanced = teams
        .iter()
        .flat_map(|(_, h)| h.iter())
        .filter(|e| matches!(e, TeamEvent::Advanced { .. }))
        .count();
    assert!(advanced > 0, "some players advanced");
}

fn check_team(team: &LeagueTeam, history: &[TeamEvent]) {
    assert_eq!(team.tv, team.team_value(false));
    for e in history {
        if let TeamEvent::Expenses { due, paid, .. } = e {
            assert!(paid <= due);
        }
    }
    for p in &team.players {
        let earned: u16 = history
            .iter()
            .filter_map(|e| match e {
                TeamEvent::Spp { player, spp, .. } if *player == p.id => Some(*spp),
                _ => None,
            })
            .sum();
        assert_eq!(p.spp, earned);
        assert_eq!(p.rolls, tables::rolls_earned(p.spp), "every roll taken");
    }
    for (p, why) in &team.former {
        if *why == Departure::Dead {
            assert!(team.player(p.id).is_none(), "the dead stay dead");
        }
    }
    assert!(team.available() >= 11, "journeymen fill the team");
}

/// Run the sequence with `seed`'s dice, taking every default, up to `side`'s buying window:
/// the events so far.
fn to_buying(pm: &mut PostMatch, side: Side, d: &mut ChaChaDice) -> Vec<(Side, TeamEvent)> {
    let mut out = Vec::new();
    while let Some((s, prompt)) = pm.prompt() {
        if s == side && prompt == PostPrompt::Buy {
            break;
        }
        let cmd = pm.default_command().unwrap();
        out.extend(pm.apply(s, &cmd, d).unwrap());
    }
    out
}

/// Run a post-match sequence to its end with every decision the default, from `seed`.
fn run_to_end(input: PostMatchInput, seed: u64) -> Vec<(Side, TeamEvent)> {
    let mut d = ChaChaDice::from_u64(seed);
    let (mut post, mut all) = PostMatch::start(input, &mut d);
    while let Some((side, _)) = post.prompt() {
        let cmd = post.default_command().unwrap();
        all.extend(post.apply(side, &cmd, &mut d).unwrap());
    }
    all
}

fn winnings_paid(ev: &[(Side, TeamEvent)]) -> [u32; 2] {
    let mut out = [0, 0];
    for (s, e) in ev {
        if let TeamEvent::Winnings { amount, .. } = e {
            out[s.index()] = *amount;
        }
    }
    out
}

/// A real random match in which `home` raises a dead opponent (§12.7 or §26.61): its facts.
fn raising_match(home: &LeagueTeam, seed: u64) -> (MatchFacts, [Vec<u32>; 2], LeagueTeam) {
    let (away, _) = new_team(Roster::Human, "H");
    let (g, ev, ids) = random_match(home, &away, seed);
    let f = MatchFacts::read(&g, &ev);
    assert_eq!(f.raised.len(), 1, "seed {seed} raises one player");
    assert_eq!(f.raised[0].side, HOME);
    (f, ids, away)
}

fn joined(ev: &[(Side, TeamEvent)], side: Side) -> Vec<(String, u32, bool)> {
    events_of(side, ev)
        .into_iter()
        .filter_map(|e| match e {
            TeamEvent::PlayerJoined {
                position,
                cost,
                journeyman,
                ..
            } => Some((position, cost, journeyman)),
            _ => None,
        })
        .collect()
}

/// §12.7 (Raise the Dead), §32.5 step 2.5: the Zombie a Necromancer raised in a real match
/// joins the league team in step 2.5 before the buying window, free (the treasury does not
/// move) but counted at his 40,000 in the team value; the opponent gets nothing.
#[test]
fn a_raised_zombie_joins_the_league_team_free() {
    let (necro, _) = new_team(Roster::Necromantic, "N");
    let (facts, ids, human) = raising_match(&necro, 23);
    assert_eq!(facts.raised[0].by, RaisedBy::Necromancer);
    let mut d = ChaChaDice::from_u64(5);
    let (mut pm, mut ev) = PostMatch::start(input(&necro, &human, facts, ids), &mut d);
    ev.extend(to_buying(&mut pm, HOME, &mut d));
    assert_eq!(joined(&ev, HOME), vec![("Zombie".to_string(), 0, false)]);
    assert!(joined(&ev, AWAY).is_empty());
    let before = pm.teams[0].clone();
    let zombie = before.players.last().unwrap();
    assert_eq!((zombie.position.as_str(), zombie.value), ("Zombie", 40_000));
    // The join moved no gold: the treasury is the start's plus the match's money only.
    let gold: i64 = events_of(HOME, &ev)
        .iter()
        .map(|e| match e {
            TeamEvent::Winnings { amount, .. } => i64::from(*amount),
            TeamEvent::Expenses { paid, .. } => -i64::from(*paid),
            _ => 0,
        })
        .sum();
    assert_eq!(i64::from(before.treasury), i64::from(necro.treasury) + gold);
    while let Some((s, _)) = pm.prompt() {
        let cmd = pm.default_command().unwrap();
        ev.extend(pm.apply(s, &cmd, &mut d).unwrap());
    }
    let tv = pm.teams[0].team_value(false);
    let without: u32 = tv - 40_000;
    let mut t = pm.teams[0].clone();
    t.players
        .retain(|p| p.position != "Zombie" || p.id != zombie.id);
    assert_eq!(
        t.team_value(false),
        without,
        "the Zombie counts 40,000 in TV"
    );
    // The history folds to the same team.
    let mut log =
        LeagueTeam::create(&starter_team(Roster::Necromantic), "N", STARTING_TREASURY).unwrap();
    log.extend(events_of(HOME, &ev));
    assert_eq!(LeagueTeam::fold(&log).unwrap(), pm.teams[0]);
}

/// §26.61 Nurgle's Rot: the league victim of a qualifying kill in a real match, removed as
/// dead in step 2.1, joins the Nurgle team as a free rookie Rotter (40,000 in TV).
#[test]
fn a_nurgles_rot_victim_joins_as_a_free_rotter() {
    let (nurgle, _) = new_team(Roster::Nurgle, "G");
    let (facts, ids, human) = raising_match(&nurgle, 29);
    assert_eq!(facts.raised[0].by, RaisedBy::NurglesRot);
    let victim = facts.raised[0].victim;
    assert!(facts.casualties.contains(&(victim, CasualtyResult::Dead)));
    let mut d = ChaChaDice::from_u64(5);
    let (mut pm, mut ev) =
        PostMatch::start(input(&nurgle, &human, facts.clone(), ids.clone()), &mut d);
    ev.extend(to_buying(&mut pm, HOME, &mut d));
    assert_eq!(joined(&ev, HOME), vec![("Rotter".to_string(), 0, false)]);
    let rotter = pm.teams[0].players.last().unwrap();
    assert_eq!((rotter.position.as_str(), rotter.value), ("Rotter", 40_000));
    // The victim left his own roster dead.
    let lid = ids[1][facts.players[victim.index()].sheet.unwrap()];
    assert!(events_of(AWAY, &ev).contains(&TeamEvent::PlayerLeft {
        player: lid,
        why: Departure::Dead
    }));

    // A victim who was not removed as dead (here: his death undone) is not a Rotter.
    let mut undone = facts;
    undone.casualties.retain(|(p, _)| *p != victim);
    let mut d = ChaChaDice::from_u64(5);
    let (mut pm, mut ev) = PostMatch::start(input(&nurgle, &human, undone, ids), &mut d);
    ev.extend(to_buying(&mut pm, HOME, &mut d));
    assert!(joined(&ev, HOME).is_empty());
    assert!(events_of(HOME, &ev).iter().any(|e| matches!(
        e,
        TeamEvent::RaisedTurnedAway { position, why } if position == "Rotter" && why.contains("step 2.1")
    )));
}

/// §12.7, §26.61: the free Zombie (or Rotter) joins only a roster of fewer than 16 players: a
/// full roster turns him away, for the record. A match made before raised players joined (`raised_join`
/// false) replays as it ran: nobody joins and nothing is recorded.
#[test]
fn a_raised_player_is_turned_away_from_a_full_roster() {
    let (necro, mut log) = new_team(Roster::Necromantic, "N");
    let (facts, ids, human) = raising_match(&necro, 23);
    log.push(TeamEvent::Winnings {
        d6: 6,
        rerolled: None,
        amount: 1_000_000,
    });
    let mut full = LeagueTeam::fold(&log).unwrap();
    while full.roster_count() < 16 {
        let e = full
            .purchase(
                Window::PostMatch,
                &Purchase::HirePlayer {
                    position: "Zombie".into(),
                    name: String::new(),
                },
            )
            .unwrap();
        for e in &e {
            full.apply(e);
        }
    }
    let mut d = ChaChaDice::from_u64(5);
    let (mut pm, mut ev) =
        PostMatch::start(input(&full, &human, facts.clone(), ids.clone()), &mut d);
    ev.extend(to_buying(&mut pm, HOME, &mut d));
    assert!(joined(&ev, HOME).is_empty());
    assert!(events_of(HOME, &ev).iter().any(|e| matches!(
        e,
        TeamEvent::RaisedTurnedAway { position, why } if position == "Zombie" && why.contains("16 players")
    )));
    assert_eq!(pm.teams[0].roster_count(), 16);

    let mut old = input(&necro, &human, facts, ids);
    old.raised_join = false;
    let mut d = ChaChaDice::from_u64(5);
    let (mut pm, mut ev) = PostMatch::start(old, &mut d);
    ev.extend(to_buying(&mut pm, HOME, &mut d));
    assert!(joined(&ev, HOME).is_empty());
    assert!(
        !events_of(HOME, &ev)
            .iter()
            .any(|e| matches!(e, TeamEvent::RaisedTurnedAway { .. }))
    );
}

/// §32.16: a semi-final's or final's winnings are doubled, and the Blood Bowl trophy's holder
/// gets 20,000 more (after the doubling); a season match pays as before.
#[test]
fn tournament_stages_double_winnings_and_the_blood_bowl_trophy_adds_twenty_thousand() {
    use dugout_rules::bb::league::tournament::{Held, Major, Stage};
    let (home, _) = new_team(Roster::Human, "H");
    let (away, _) = new_team(Roster::Orc, "O");
    let (facts, ids) = bare_facts(&home, &away, Some(Side::Home));
    let base = input(&home, &away, facts, ids);
    let season = winnings_paid(&run_to_end(base.clone(), 7));
    assert!(season[0] > 0 && season[1] > 0);
    for stage in [Stage::SemiFinal, Stage::Final] {
        let mut i = base.clone();
        i.stage = stage;
        assert_eq!(
            winnings_paid(&run_to_end(i, 7)),
            [season[0] * 2, season[1] * 2]
        );
    }
    let mut i = base.clone();
    i.trophies = [Held::default(), Held::of(&[Major::BloodBowl])];
    assert_eq!(
        winnings_paid(&run_to_end(i.clone(), 7)),
        [season[0], season[1] + 20_000]
    );
    // The other trophies add nothing to the winnings.
    i.trophies = [
        Held::of(&[Major::SpikeMagazine, Major::ChaosCup, Major::Dungeonbowl]),
        Held::default(),
    ];
    assert_eq!(winnings_paid(&run_to_end(i.clone(), 7)), season);
    i.stage = Stage::SemiFinal;
    i.trophies = [Held::of(&[Major::BloodBowl]), Held::default()];
    assert_eq!(
        winnings_paid(&run_to_end(i, 7)),
        [season[0] * 2 + 20_000, season[1] * 2]
    );
}

/// §32.16: the Blood Bowl final gives every player of both teams who played it an extra MVP
/// award (+5 SPP); another Major's final or a Blood Bowl semi-final does not.
#[test]
fn the_blood_bowl_final_gives_everyone_an_extra_mvp() {
    use dugout_rules::bb::league::tournament::{Major, Stage};
    let (home, _) = new_team(Roster::Human, "H");
    let (away, _) = new_team(Roster::Orc, "O");
    let (facts, ids) = bare_facts(&home, &away, None);
    let extra = |stage: Stage, major: Option<Major>| -> Vec<(Side, u32)> {
        let mut i = input(&home, &away, facts.clone(), ids.clone());
        i.stage = stage;
        i.major = major;
        let mut d = ChaChaDice::from_u64(3);
        let (_, ev) = PostMatch::start(i, &mut d);
        ev.iter()
            .filter_map(|(s, e)| match e {
                TeamEvent::Spp {
                    player,
                    kind: SppKind::Mvp,
                    spp: 5,
                } => Some((*s, *player)),
                _ => None,
            })
            .collect()
    };
    let normal = extra(Stage::Final, Some(Major::ChaosCup)).len();
    assert_eq!(
        normal,
        extra(Stage::SemiFinal, Some(Major::BloodBowl)).len()
    );
    assert_eq!(normal, extra(Stage::Season, None).len());
    let final_mvps = extra(Stage::Final, Some(Major::BloodBowl));
    assert_eq!(final_mvps.len(), normal + ids[0].len() + ids[1].len());
    for side in Side::BOTH {
        for id in &ids[side.index()] {
            assert!(final_mvps.contains(&(side, *id)), "{side:?} {id}");
        }
    }
}
