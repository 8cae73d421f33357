//! Star Players (§29) and inducements (§30): the star table, the buying phase of the
//! pre-match sequence, and each inducement in play, with scripted dice.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.
#![allow(clippy::unwrap_used)]

mod bbcommon;
use bbcommon::*;
use dugout_rules::bb::inducements::{InducementKind, InducementKinds, can_buy, list_price, price};
use dugout_rules::bb::stars::STARS;

const OFFICIAL: [&str; 21] = [
    "amazon",
    "chaos",
    "chaos_dwarf",
    "dark_elf",
    "dwarf",
    "elf",
    "goblin",
    "halfling",
    "high_elf",
    "human",
    "khemri",
    "lizardmen",
    "necromantic",
    "norse",
    "nurgle",
    "ogre",
    "orc",
    "skaven",
    "undead",
    "vampire",
    "wood_elf",
];

fn induce_setup(home: Roster, away: Roster, petty_cash: [u32; 2]) -> MatchSetup {
    let mut setup = MatchSetup {
        teams: [TeamChoice::Roster(home), TeamChoice::Roster(away)],
        options: Options {
            inducements: true,
            // Every roster of the book, the unofficial ones too (§27.22–§27.24).
            unofficial_rosters: true,
            ..Options::default()
        },
        pre_match: Box::default(),
    };
    setup.pre_match.petty_cash = petty_cash;
    setup
}

fn tv(r: Roster) -> u32 {
    team_value(&starter_team(r))
}

fn buy(item: InducementItem) -> Command {
    Command::Induce { item }
}

/// The gate (2D6 each) and the coin toss after the buying.
fn gate() -> Vec<(Die, u16)> {
    vec![d6(3), d6(3), d6(4), d6(4), pick(2, 0)]
}

fn zug() -> InducementItem {
    InducementItem::StarPlayer {
        star: Star::MightyZug,
    }
}

/// Every coach still buying is done; `script`: the dice after (the gate, the toss...).
fn finish(g: &mut Game, script: Vec<(Die, u16)>) -> Vec<Event> {
    let mut d = dice(script);
    let mut ev = Vec::new();
    while matches!(kind(g), PromptKind::Inducements { .. }) {
        ev.extend(go(g, &mut d, Command::DoneInducing));
    }
    assert_eq!(d.remaining(), 0, "dice left over");
    ev
}

fn money(g: &Game) -> Option<u32> {
    match kind(g) {
        PromptKind::Inducements { money } => Some(*money),
        _ => None,
    }
}

/// §29.1, §29.0: 56 hires (57 players with Grotty), every plays-for key a roster key of the book,
/// six stars for every official team (Khemri's without Morg), each star with Loner; Brick
/// Far'th and Grotty are one hire of two players for 290,000.
#[test]
fn the_star_table_has_fifty_six_hires_and_six_for_each_team() {
    assert_eq!(STARS.len(), 56);
    let bodies: usize = STARS.iter().map(|s| s.players.len()).sum();
    assert_eq!(bodies, 57);
    for (i, s) in STARS.iter().enumerate() {
        assert_eq!(s.star as usize, i, "{} out of order", s.name);
        for k in s.plays_for {
            assert!(OFFICIAL.contains(k), "{}: {k}", s.name);
        }
        for k in s.unofficial {
            assert!(
                ["slann", "chaos_pact", "underworld"].contains(k),
                "{}: {k}",
                s.name
            );
        }
        for k in s.plays_for.iter().chain(s.unofficial) {
            assert!(data::ALL_ROSTER_KEYS.contains(k), "{}: {k}", s.name);
        }
        for b in s.players {
            assert!(b.skills.contains(&Skill::Loner), "{}", b.name);
        }
    }
    for key in OFFICIAL {
        let n = Star::all()
            .filter(|s| s.data().plays_for.contains(&key))
            .count();
        assert_eq!(n, 6, "{key}");
    }
    assert!(!Star::MorgNThorg.plays_for("khemri"));
    assert!(Star::MorgNThorg.plays_for("underworld"));
    let brick = Star::BrickAndGrotty.data();
    assert_eq!((brick.cost, brick.players.len()), (290_000, 2));
    assert_eq!(Star::BrickAndGrotty.slots(), 2);
    let zug = Star::MightyZug.data();
    assert_eq!(
        (
            zug.cost,
            zug.players[0].ma,
            zug.players[0].st,
            zug.players[0].av
        ),
        (260_000, 4, 5, 9)
    );
}

/// §29.0, §29.1, §30.1: a Star Player may be hired only by a team he plays for (every built
/// roster is tried), and only once all his skills are built: a star with a skill not built
/// yet is refused by name and section.
#[test]
fn a_star_is_offered_to_his_teams_once_his_skills_are_built() {
    for roster in Roster::ALL {
        let mut d = dice([d6(3), d6(4)]);
        let (g, _) = new_game(induce_setup(roster, Roster::Human, [1_000_000, 0]), &mut d).unwrap();
        assert_eq!(g.prompt.coach, Some(HOME));
        let legal = legal_commands(&g);
        let key = roster.key();
        // §29.0: no room for a star on a team of 16 (the Halflings' starter team).
        let room = starter_team(roster).players.len() < 16;
        for star in Star::all() {
            let item = InducementItem::StarPlayer { star };
            let offered = legal.contains(&buy(item));
            let got = can_buy(&g, HOME, 1_000_000, item);
            let affordable = star.data().cost <= 1_000_000;
            let should =
                star.plays_for(key) && star.unbuilt_skill().is_none() && affordable && room;
            assert_eq!(offered, should, "{key} {star:?}: {got:?}");
            if star.plays_for(key)
                && let Some(s) = star.unbuilt_skill()
            {
                let err = got.unwrap_err();
                assert!(
                    err.contains(s.name()) && err.contains(s.info().section),
                    "{err}"
                );
            }
        }
    }
    // Mighty Zug plays for Humans with skills built today; Headsplitter not for Humans.
    let mut d = dice([d6(3), d6(4)]);
    let (g, _) = new_game(
        induce_setup(Roster::Human, Roster::Orc, [1_000_000, 0]),
        &mut d,
    )
    .unwrap();
    let legal = legal_commands(&g);
    assert!(legal.contains(&buy(zug())));
    assert!(!legal.contains(&buy(InducementItem::StarPlayer {
        star: Star::Headsplitter
    })));
}

/// §4.2 step 3, §30.1: the match values are team value plus petty cash; the stronger team buys first
/// with its petty cash only, then the underdog with the difference plus its petty cash;
/// unspent money is lost.
#[test]
fn the_stronger_team_buys_first_and_the_underdog_gets_the_difference() {
    let (h, o) = (tv(Roster::Human), tv(Roster::Orc));
    // Home adds petty cash enough to be the stronger side.
    let petty = o.abs_diff(h) + 200_000;
    let mut d = dice([d6(3), d6(4)]);
    let (mut g, ev) =
        new_game(induce_setup(Roster::Human, Roster::Orc, [petty, 0]), &mut d).unwrap();
    let gift = h + petty - o;
    assert!(ev.iter().any(|e| matches!(e, Event::InducementMoney {
        team_value, money, first: Side::Home, ..
    } if *team_value == [h, o] && *money == [petty, gift])));
    assert_eq!((g.prompt.coach, money(&g)), (Some(HOME), Some(petty)));
    play(&mut g, [], &[buy(InducementItem::Bribe)]);
    assert_eq!(money(&g), Some(petty - 100_000));
    play(&mut g, [], &[Command::DoneInducing]);
    assert_eq!((g.prompt.coach, money(&g)), (Some(AWAY), Some(gift)));
    // Then the gate and the toss; the Bribe is Home's, the rest of the money gone.
    play(
        &mut g,
        gate(),
        &[buy(InducementItem::BloodweiserBabe), Command::DoneInducing],
    );
    assert_eq!(*kind(&g), PromptKind::ChooseKicking);
    assert_eq!(g.teams[0].bribes, 1);
    assert_eq!(g.induced[0].spent, 100_000);
    assert_eq!(g.induced[0].petty_cash_spent, 100_000);
    assert_eq!(g.induced[1].spent, 50_000);
    assert_eq!(g.induced[1].petty_cash_spent, 0);
    assert_eq!(g.induced[1].count(InducementItem::BloodweiserBabe), 1);
}

/// §30.1 (G105): equal match values: no inducement money, a coin toss for the order; a team
/// with nothing it can afford is not asked.
#[test]
fn equal_values_give_no_money_and_toss_for_the_order() {
    let mut d = dice([d6(3), d6(4), pick(2, 1)]);
    let (mut g, ev) = new_game(
        induce_setup(Roster::Human, Roster::Human, [50_000, 50_000]),
        &mut d,
    )
    .unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::InducementMoney {
            money: [50_000, 50_000],
            first: Side::Away,
            ..
        }
    )));
    // Away (first by the toss) may buy a Babe, then Home.
    assert_eq!((g.prompt.coach, money(&g)), (Some(AWAY), Some(50_000)));
    assert_eq!(
        legal_commands(&g),
        vec![buy(InducementItem::BloodweiserBabe), Command::DoneInducing]
    );
    play(&mut g, [], &[buy(InducementItem::BloodweiserBabe)]);
    // Away has nothing left: Home is asked.
    assert_eq!((g.prompt.coach, money(&g)), (Some(HOME), Some(50_000)));
    play(&mut g, gate(), &[Command::DoneInducing]);
    assert_eq!(*kind(&g), PromptKind::ChooseKicking);
}

/// §30.1: without the option the pre-match is as before (no phase), and petty cash or a
/// listed inducement is refused.
#[test]
fn without_the_option_there_is_no_inducement_phase() {
    let mut setup = induce_setup(Roster::Human, Roster::Orc, [0, 0]);
    setup.options.inducements = false;
    let mut d = dice([d6(3), d6(4), d6(3), d6(3), d6(4), d6(4), pick(2, 0)]);
    let (g, ev) = new_game(setup.clone(), &mut d).unwrap();
    assert_eq!(*kind(&g), PromptKind::ChooseKicking);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::InducementMoney { .. }))
    );
    setup.pre_match.petty_cash = [10_000, 0];
    assert!(
        matches!(validate(&setup), Err(SetupError::NotImplemented { what }) if what.contains("petty cash"))
    );
    // With the option, any petty cash a setup names is taken without overflow.
    setup.options.inducements = true;
    setup.pre_match.petty_cash = [u32::MAX, 0];
    let mut d = dice([d6(3), d6(4)]);
    let (mut g, _) = new_game(setup, &mut d).unwrap();
    assert_eq!(money(&g), Some(u32::MAX));
    play(&mut g, [], &[buy(zug())]);
    assert_eq!(money(&g), Some(u32::MAX - 260_000));
}

/// §30.2: the list prices, the Goblin and Halfling discounts, Igor only for Khemri,
/// Necromantic, Nurgle and Undead, Wandering Apothecaries only where an apothecary is
/// allowed; the limits (two Babes) are kept.
#[test]
fn prices_discounts_and_limits_follow_the_list() {
    use InducementItem as I;
    assert_eq!(list_price("human", true, I::BloodweiserBabe), Some(50_000));
    assert_eq!(list_price("human", true, I::Bribe), Some(100_000));
    assert_eq!(list_price("goblin", true, I::Bribe), Some(50_000));
    assert_eq!(list_price("human", true, I::ExtraTraining), Some(100_000));
    assert_eq!(
        list_price("human", true, I::HalflingMasterChef),
        Some(300_000)
    );
    assert_eq!(
        list_price("halfling", true, I::HalflingMasterChef),
        Some(100_000)
    );
    for key in ["khemri", "necromantic", "nurgle", "undead"] {
        assert_eq!(list_price(key, false, I::Igor), Some(100_000));
    }
    assert_eq!(list_price("human", true, I::Igor), None);
    assert_eq!(
        list_price("human", true, I::WanderingApothecary),
        Some(100_000)
    );
    assert_eq!(list_price("khemri", false, I::WanderingApothecary), None);
    assert_eq!(list_price("human", true, I::Wizard), Some(150_000));
    assert_eq!(price(Roster::Goblin, I::Bribe), Some(50_000));
    // Two Babes at most.
    let mut d = dice([d6(3), d6(4)]);
    let (mut g, _) = new_game(
        induce_setup(Roster::Human, Roster::Orc, [1_000_000, 0]),
        &mut d,
    )
    .unwrap();
    play(
        &mut g,
        [],
        &[
            buy(I::BloodweiserBabe),
            buy(I::BloodweiserBabe),
            buy(I::Wizard),
        ],
    );
    let legal = legal_commands(&g);
    assert!(!legal.contains(&buy(I::BloodweiserBabe)));
    assert!(!legal.contains(&buy(I::Wizard)));
    assert!(!legal.contains(&buy(I::Igor)));
    assert!(legal.contains(&buy(I::WanderingApothecary)));
    assert_eq!(money(&g), Some(1_000_000 - 250_000));
}

/// §30.8: a Mercenary: a position of the team's list at its price + 30,000 (+ 50,000 with one
/// Normal skill), with Loner, within the position's maximum and the 16 players; he joins
/// the Reserves for this match.
#[test]
fn a_mercenary_costs_thirty_thousand_more_and_has_loner() {
    let mut d = dice([d6(3), d6(4)]);
    let (mut g, _) = new_game(
        induce_setup(Roster::Human, Roster::Orc, [1_000_000, 0]),
        &mut d,
    )
    .unwrap();
    // Human: 0 Lineman (50k), 4 Ogre (0-1, 140k, none in the starter team).
    let ogre = InducementItem::Mercenary {
        position: 4,
        skill: None,
    };
    let lineman_block = InducementItem::Mercenary {
        position: 0,
        skill: Some(Skill::Block),
    };
    assert_eq!(price(Roster::Human, ogre), Some(170_000));
    assert_eq!(price(Roster::Human, lineman_block), Some(130_000));
    // Strength skills are not Normal for a Lineman.
    assert!(
        !legal_commands(&g).contains(&buy(InducementItem::Mercenary {
            position: 0,
            skill: Some(Skill::MightyBlow)
        }))
    );
    play(&mut g, [], &[buy(ogre), buy(lineman_block)]);
    assert_eq!(money(&g), Some(1_000_000 - 300_000));
    // One Ogre at most.
    assert!(!legal_commands(&g).contains(&buy(ogre)));
    // The starter team has 12: 2 more mercenaries, then no more room.
    let lineman = InducementItem::Mercenary {
        position: 0,
        skill: None,
    };
    play(&mut g, [], &[buy(lineman), buy(lineman)]);
    assert!(!legal_commands(&g).contains(&buy(lineman)));
    let ev = finish(&mut g, gate());
    let joined: Vec<&PlayerView> = ev
        .iter()
        .filter_map(|e| match e {
            Event::PlayerJoined { player } => Some(&**player),
            _ => None,
        })
        .collect();
    assert_eq!(joined.len(), 4);
    let o = joined[0];
    assert_eq!((o.side, o.position.as_str(), o.st), (HOME, "Ogre", 5));
    assert!(o.skills.contains(&Skill::Loner));
    assert!(joined[1].skills.contains(&Skill::Block) && joined[1].skills.contains(&Skill::Loner));
    assert_eq!(g.players.iter().filter(|p| p.side == HOME).count(), 16);
    assert_eq!(g.player(o.id).state, PlayerState::Reserve);
}

/// §29.0, §29.1: a hired Star Player plays for his team with Loner; at most two; the summary counts
/// him as hired (a random MVP on him is lost to the team).
#[test]
fn a_star_player_joins_with_loner_and_counts_as_hired() {
    let mut d = dice([d6(3), d6(4)]);
    let (mut g, _) = new_game(
        induce_setup(Roster::Human, Roster::Orc, [1_000_000, 0]),
        &mut d,
    )
    .unwrap();
    let morg = InducementItem::StarPlayer {
        star: Star::MorgNThorg,
    };
    play(&mut g, [], &[buy(zug())]);
    // Zug is hired already; Morg fits the second slot and the money.
    assert!(!legal_commands(&g).contains(&buy(zug())));
    play(&mut g, [], &[buy(morg)]);
    // Two stars: no third.
    assert!(!legal_commands(&g).iter().any(|c| matches!(
        c,
        Command::Induce {
            item: InducementItem::StarPlayer { .. }
        }
    )));
    let ev = finish(&mut g, gate());
    let zug_id = g
        .players
        .iter()
        .find(|p| p.name == "Mighty Zug")
        .unwrap()
        .id;
    let p = g.player(zug_id);
    assert_eq!((p.side, p.st, p.state), (HOME, 5, PlayerState::Reserve));
    assert!(p.has(Skill::Loner) && p.has(Skill::MightyBlow));
    let summary = <Game as Ruleset>::summarise(&g.setup, &ev);
    let hired = summary.counts.iter().find(|(k, _)| k == "hired").unwrap().1;
    assert_eq!(hired, [2, 0]);
}

/// §29.0: both teams hire the same Star Player: he takes both fees and plays for neither.
#[test]
fn a_star_hired_by_both_teams_plays_for_neither() {
    let mut d = dice([d6(3), d6(4), pick(2, 0)]);
    let (mut g, _) = new_game(
        induce_setup(Roster::Human, Roster::Human, [500_000, 500_000]),
        &mut d,
    )
    .unwrap();
    let ev = play(
        &mut g,
        gate(),
        &[
            buy(zug()),
            Command::DoneInducing,
            buy(zug()),
            Command::DoneInducing,
        ],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::StarPlaysForNeither {
            star: Star::MightyZug
        }
    )));
    assert!(!ev.iter().any(|e| matches!(e, Event::PlayerJoined { .. })));
    assert!(g.players.iter().all(|p| p.name != "Mighty Zug"));
    assert_eq!([g.induced[0].spent, g.induced[1].spent], [260_000; 2]);
}

/// §30.3: each Bloodweiser Babe adds +1 to the team's KO recovery rolls.
#[test]
fn a_bloodweiser_babe_adds_one_to_ko_recovery() {
    let mut s = scen();
    let p = s.player(AWAY, 0);
    s.state(p, PlayerState::KnockedOut);
    // A 3 fails without a Babe...
    let (g, _) = s.start_drive(&mut dice([d6(3)]));
    assert_eq!(state(&g, p), PlayerState::KnockedOut);
    // ...and comes back with one.
    s.induce(AWAY, InducementItem::BloodweiserBabe);
    let (g, ev) = s.start_drive(&mut dice([d6(3)]));
    assert_eq!(state(&g, p), PlayerState::Reserve);
    assert_eq!(rolls(&ev, RollPurpose::KoRecovery).len(), 1);
}

/// §30.4: bought Bribes join the team's bribes; one cancels a foul's sending-off on 2+ with
/// no turnover, and is used up.
#[test]
fn bribes_bought_cancel_a_sending_off() {
    let mut d = dice([d6(3), d6(4)]);
    let (mut g, _) = new_game(
        induce_setup(Roster::Human, Roster::Orc, [200_000, 0]),
        &mut d,
    )
    .unwrap();
    play(
        &mut g,
        [],
        &[buy(InducementItem::Bribe), buy(InducementItem::Bribe)],
    );
    finish(&mut g, gate());
    assert_eq!(g.teams[0].bribes, 2);
    // In play (the same count, §30.4): a foul's double sends off; the Bribe's 2 cancels it.
    let mut s = scen();
    let f = s.player(HOME, 0);
    let v = s.player(AWAY, 0);
    s.put(f, 10, 7).prone(v, 11, 7);
    s.game.teams[0].bribes = 2;
    let mut g = s.turn(HOME, 1);
    let foul = Command::Declare {
        player: f,
        action: ActionKind::Foul,
    };
    play(&mut g, [d6(2), d6(2)], &[foul, Command::Foul { target: v }]);
    assert!(matches!(kind(&g), PromptKind::Bribe { .. }));
    let ev = play(&mut g, [d6(2)], &[Command::Bribe { use_it: true }]);
    assert_eq!(state(&g, f), standing(10, 7));
    assert_eq!(turnover_of(&ev), None);
    assert_eq!(g.teams[0].bribes, 1);
}

/// §30.4: a Bribe against a secret weapon's sending-off at the end of the drive: 2+ he stays
/// (in Reserves), 1 he goes; each Bribe is spent when tried.
#[test]
fn a_bribe_saves_a_secret_weapon_at_the_end_of_the_drive() {
    for (face, kept) in [(2, true), (1, false)] {
        let mut s = scen();
        let p = s.player(HOME, 0);
        let w = s.player(AWAY, 0);
        s.put(p, 24, 7)
            .put(w, 5, 5)
            .ball(Ball::Held { player: p })
            .skill(w, Skill::SecretWeapon);
        s.game.teams[1].bribes = 1;
        let mut g = s.turn(HOME, 3);
        let step = [
            Command::Declare {
                player: p,
                action: ActionKind::Move,
            },
            Command::Step { to: sq(25, 7) },
        ];
        play(&mut g, [], &step);
        assert_eq!(*kind(&g), PromptKind::Bribe { player: w });
        let ev = play(&mut g, [d6(face)], &[Command::Bribe { use_it: true }]);
        assert_eq!(g.teams[1].bribes, 0);
        if kept {
            assert_eq!(state(&g, w), PlayerState::Reserve);
            assert!(!ev.iter().any(|e| matches!(e, Event::SentOff { .. })));
        } else {
            assert_eq!(state(&g, w), PlayerState::SentOff);
        }
    }
}

/// §30.5: Extra Training adds a team re-roll for the match: at once, and again at
/// half-time.
#[test]
fn extra_training_adds_a_reroll_each_half() {
    let mut d = dice([d6(3), d6(4)]);
    let (mut g, _) = new_game(
        induce_setup(Roster::Human, Roster::Orc, [200_000, 0]),
        &mut d,
    )
    .unwrap();
    let start = g.teams[0].rerolls;
    play(&mut g, [], &[buy(InducementItem::ExtraTraining)]);
    finish(&mut g, gate());
    assert_eq!(g.teams[0].rerolls, start + 1);
    let mut s = scen();
    s.induce(HOME, InducementItem::ExtraTraining);
    s.rerolls(HOME, 0);
    let sheet = s.game.teams[0].rerolls_start;
    let (g, _) = s.half_time(&mut dice([]));
    assert_eq!(g.half, 2);
    assert_eq!(g.teams[0].rerolls, sheet + 1);
    assert_eq!(g.teams[1].rerolls, g.teams[1].rerolls_start);
}

/// §30.6: the Halfling Master Chef: at the start of each half 3D6, each 4+ gives his team a
/// re-roll and takes one from the opponent while it has any.
#[test]
fn the_master_chef_steals_rerolls_at_each_half() {
    let mut s = scen();
    s.induce(HOME, InducementItem::HalflingMasterChef);
    s.game.teams[1].rerolls_start = 1;
    let home = s.game.teams[0].rerolls_start;
    let (g, ev) = s.half_time(&mut dice([d6(4), d6(6), d6(1)]));
    let chef = rolls(&ev, RollPurpose::MasterChef);
    assert_eq!(chef.len(), 1);
    assert_eq!(chef[0].faces, vec![4, 6, 1]);
    assert_eq!(g.teams[0].rerolls, home + 2);
    // Away had one: it loses one, not two.
    assert_eq!(g.teams[1].rerolls, 0);
    // And at the start of the first half, after the toss (bought in the phase).
    let mut d = dice([d6(3), d6(4)]);
    let (mut g, _) = new_game(
        induce_setup(Roster::Human, Roster::Orc, [300_000, 0]),
        &mut d,
    )
    .unwrap();
    let (h0, o0) = (g.teams[0].rerolls, g.teams[1].rerolls);
    assert_eq!(g.prompt.coach, Some(HOME));
    play(&mut g, [], &[buy(InducementItem::HalflingMasterChef)]);
    let mut script = gate();
    script.extend([d6(5), d6(2), d6(3)]);
    finish(&mut g, script);
    assert_eq!(*kind(&g), PromptKind::ChooseKicking);
    assert_eq!(g.teams[0].rerolls, h0 + 1);
    assert_eq!(g.teams[1].rerolls, o0 - 1);
}

/// §30.7: Igor re-rolls one failed Regeneration roll, once per match.
#[test]
fn igor_rerolls_a_failed_regeneration_once() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let w = s.player(AWAY, 0);
    s.put(p, 10, 7)
        .put(w, 20, 7)
        .skill(p, Skill::Regeneration)
        .apothecary(HOME, false)
        .induce(HOME, InducementItem::Igor)
        .induce(AWAY, InducementItem::Wizard);
    let mut g = s.turn(AWAY, 1);
    let bolt = Command::CastSpell {
        spell: Spell::LightningBolt { target: p },
    };
    // Bolt 2: down; armour 12, injury 12: a casualty (Badly Hurt); Regeneration 1 fails.
    play(
        &mut g,
        [
            d6(2),
            d6(6),
            d6(6),
            d6(6),
            d6(6),
            (Die::D6, 1),
            d8(1),
            d6(1),
        ],
        &[bolt],
    );
    assert_eq!(*kind(&g), PromptKind::Igor { player: p });
    assert_eq!(g.prompt.coach, Some(HOME));
    let ev = play(&mut g, [d6(4)], &[Command::Igor { use_it: true }]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Regenerated { player } if *player == p))
    );
    assert_eq!(state(&g, p), PlayerState::Reserve);
    assert!(g.induced[0].igor_used && !g.induced[0].igor());
    assert_eq!(g.prompt.coach, Some(AWAY));
}

/// §30.9: a Wandering Apothecary works as the team's apothecary, once; it may be used beside
/// the team's own, one apothecary an injury.
#[test]
fn wandering_apothecaries_heal_once_each() {
    let mut s = scen();
    let (a, b) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.put(a, 14, 7)
        .put(b, 15, 7)
        .apothecary(AWAY, true)
        .induce(AWAY, InducementItem::WanderingApothecary)
        .induce(HOME, InducementItem::Wizard);
    let mut g = s.turn(HOME, 1);
    let fireball = Command::CastSpell {
        spell: Spell::Fireball { target: sq(14, 7) },
    };
    // Both hit (4, 4); a: armour 12, injury 8 (KO): the apothecary is offered.
    play(
        &mut g,
        [d6(4), d6(4), d6(6), d6(6), d6(4), d6(4)],
        &[fireball],
    );
    assert_eq!(
        *kind(&g),
        PromptKind::Apothecary {
            player: a,
            injury: InjuryOutcome::KnockedOut
        }
    );
    // The team's own first; b: armour 12, injury 8: the Wandering one is still there.
    play(
        &mut g,
        [d6(6), d6(6), d6(4), d6(4)],
        &[Command::Apothecary { use_it: true }],
    );
    assert_eq!(state(&g, a), stunned(14, 7));
    assert!(!g.teams[1].apothecary);
    assert!(matches!(kind(&g), PromptKind::Apothecary { player, .. } if *player == b));
    play(&mut g, [], &[Command::Apothecary { use_it: true }]);
    assert_eq!(state(&g, b), stunned(15, 7));
    assert_eq!(g.induced[1].wandering_used, 1);
    assert_eq!(g.induced[1].wandering_left(), 0);
    assert_eq!(g.prompt.coach, Some(HOME));
}

/// §30.10 Lightning Bolt: at the start of the own turn, on a standing player: 2+ knocks him
/// down; the casualty has cause `spell` and no player (no SPP); once per match.
#[test]
fn the_wizards_lightning_bolt_knocks_down_on_two() {
    let options = Options {
        inducements: true,
        ..Options::default()
    };
    let mut s = Scenario::with_options(Roster::Human, Roster::Orc, options);
    let (h, o) = (s.player(HOME, 0), s.player(AWAY, 0));
    s.put(h, 10, 7)
        .put(o, 14, 7)
        .apothecary(AWAY, false)
        .induce(HOME, InducementItem::Wizard);
    let mut g = s.turn(HOME, 1);
    let bolt = Command::CastSpell {
        spell: Spell::LightningBolt { target: o },
    };
    assert!(legal_commands(&g).contains(&bolt));
    let ev = play(
        &mut g,
        [d6(2), d6(6), d6(6), d6(6), d6(6), d6(1), d8(1)],
        &[bolt],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Casualty {
            cause: Cause::Spell,
            by: None,
            ..
        }
    )));
    assert!(matches!(state(&g, o), PlayerState::Casualty { .. }));
    assert_eq!(turnover_of(&ev), None);
    assert!(g.induced[0].wizard_used);
    assert!(
        !legal_commands(&g)
            .iter()
            .any(|c| matches!(c, Command::CastSpell { .. }))
    );
    let summary = <Game as Ruleset>::summarise(&g.setup, &ev);
    let spell = summary.counts.iter().find(|(k, _)| k == "spell_casualties");
    assert_eq!(spell.unwrap().1, [0, 1]);
    // A 1 misses.
    let mut g = s.turn(HOME, 1);
    play(&mut g, [d6(1)], &[bolt]);
    assert_eq!(state(&g, o), standing(14, 7));
}

/// §30.10 Fireball: every standing player in the 3x3 area is hit on 4+ (own players too);
/// an own player hit causes no turnover, an own ball carrier hit does.
#[test]
fn the_fireball_hits_each_player_around_on_four() {
    let mut s = scen();
    let (h, a, b, far) = (
        s.player(HOME, 0),
        s.player(AWAY, 0),
        s.player(AWAY, 1),
        s.player(AWAY, 2),
    );
    s.put(h, 13, 7)
        .put(a, 14, 7)
        .put(b, 15, 8)
        .put(far, 17, 7)
        .induce(HOME, InducementItem::Wizard);
    let mut g = s.turn(HOME, 1);
    let fireball = Command::CastSpell {
        spell: Spell::Fireball { target: sq(14, 7) },
    };
    // h 6 (hit), a 3, b 4 (hit); armour of h then b: 2 each, held.
    let ev = play(
        &mut g,
        [d6(6), d6(3), d6(4), d6(1), d6(1), d6(1), d6(1)],
        &[fireball],
    );
    assert_eq!(rolls(&ev, RollPurpose::Spell).len(), 3);
    assert_eq!(state(&g, h), prone(13, 7));
    assert_eq!(state(&g, a), standing(14, 7));
    assert_eq!(state(&g, b), prone(15, 8));
    assert_eq!(state(&g, far), standing(17, 7));
    assert_eq!(turnover_of(&ev), None);
    assert_eq!(g.prompt.coach, Some(HOME));
    // The own ball carrier hit: a turnover.
    let mut s2 = scen();
    let c = s2.player(HOME, 0);
    s2.put(c, 14, 7)
        .ball(Ball::Held { player: c })
        .induce(HOME, InducementItem::Wizard);
    let mut g = s2.turn(HOME, 1);
    let bolt = Command::CastSpell {
        spell: Spell::LightningBolt { target: c },
    };
    let ev = play(&mut g, [d6(2), d6(1), d6(1), d8(1)], &[bolt]);
    assert_eq!(turnover_of(&ev), Some(Turnover::BallCarrierDown));
}

/// §30.10: the Wizard may also cast straight after his team's turn ends; declining keeps
/// him for later.
#[test]
fn the_wizard_may_cast_after_the_turn() {
    let mut s = scen();
    let (h, o) = (s.player(HOME, 0), s.player(AWAY, 0));
    s.put(h, 10, 7)
        .put(o, 14, 7)
        .induce(HOME, InducementItem::Wizard);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(*kind(&g), PromptKind::Wizard);
    assert_eq!(g.prompt.coach, Some(HOME));
    play(&mut g, [], &[Command::Decline]);
    assert!(g.induced[0].wizard());
    assert_eq!(g.prompt.coach, Some(AWAY));
    play(&mut g, [], &[Command::EndTurn]);
    // Home's turn 2 starts: the spell is offered again, before any Action.
    let bolt = Command::CastSpell {
        spell: Spell::LightningBolt { target: o },
    };
    assert!(legal_commands(&g).contains(&bolt));
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(*kind(&g), PromptKind::Wizard);
    play(&mut g, [d6(2), d6(1), d6(1)], &[bolt]);
    assert_eq!(state(&g, o), prone(14, 7));
    assert!(!g.induced[0].wizard());
    // Away's turn now; at Home's next end of turn, no window.
    assert_eq!(g.prompt.coach, Some(AWAY));
    play(&mut g, [], &[Command::EndTurn, Command::EndTurn]);
    assert_eq!(g.prompt.coach, Some(AWAY));
}

/// §29.0, §30.8 [Proposal]: hires may not take the team past 16 players; players missing
/// the match do not count.
#[test]
fn hires_stop_at_sixteen_players_who_can_play() {
    let mut sheet = starter_team(Roster::Human);
    while sheet.players.len() < 16 {
        let mut p = sheet.players[0].clone();
        p.number = sheet.players.len() as u8 + 1;
        sheet.players.push(p);
    }
    let hires = |sheet: &TeamSheet| {
        let mut setup = induce_setup(Roster::Human, Roster::Orc, [1_000_000, 0]);
        setup.teams[0] = TeamChoice::Sheet(Box::new(sheet.clone()));
        // A team of 16 costs more than a new team's budget: a league's (§32.3).
        setup.options.league_teams = true;
        let mut d = dice([d6(3), d6(4)]);
        let (g, _) = new_game(setup, &mut d).unwrap();
        assert_eq!(g.prompt.coach, Some(HOME));
        legal_commands(&g)
            .into_iter()
            .filter(|c| {
                matches!(
                    c,
                    Command::Induce {
                        item: InducementItem::StarPlayer { .. } | InducementItem::Mercenary { .. }
                    }
                )
            })
            .count()
    };
    assert_eq!(hires(&sheet), 0);
    sheet.players[15].missing_next_game = true;
    assert!(hires(&sheet) > 0);
}

/// §30.10: the Wizard does not cast in the kick-off's Blitz! turn (not a team turn of his),
/// and a Fireball is offered only where it can hit a standing player.
#[test]
fn the_wizard_waits_for_a_real_turn_and_aims_at_players() {
    let mut s = scen();
    let (h, o) = (s.player(HOME, 0), s.player(AWAY, 0));
    s.put(h, 10, 7)
        .put(o, 14, 7)
        .induce(HOME, InducementItem::Wizard);
    let g = s.turn(HOME, 1);
    let fireballs: Vec<Square> = legal_commands(&g)
        .into_iter()
        .filter_map(|c| match c {
            Command::CastSpell {
                spell: Spell::Fireball { target },
            } => Some(target),
            _ => None,
        })
        .collect();
    assert_eq!(fireballs.len(), 18);
    assert!(fireballs.contains(&sq(9, 6)) && fireballs.contains(&sq(15, 8)));
    assert!(!fireballs.contains(&sq(12, 7)));
    // The Blitz! bonus turn: an Action prompt with `blitz_bonus`, and no spell.
    let mut g = s.game.clone();
    g.kicking = HOME;
    assert!(
        !dugout_rules::bb::legal::legal_for(
            &g,
            &Prompt {
                coach: Some(HOME),
                kind: PromptKind::Action { blitz_bonus: true },
            },
        )
        .iter()
        .any(|c| matches!(c, Command::CastSpell { .. }))
    );
}

/// §32.17 (6), §30.1: a league with free fan factor (the `free_fan_factor` option) works the
/// inducement money on team values without fan factor: two Human teams that differ only in
/// fan factor are level (the toss orders them); without the option the one with more fan
/// factor is the stronger and the other gets the difference.
#[test]
fn free_fan_factor_leaves_fan_factor_out_of_the_inducement_team_values() {
    let setup = |free: bool| {
        let mut home = starter_team(Roster::Human);
        home.fan_factor += 3;
        let away = starter_team(Roster::Human);
        let mut setup = MatchSetup {
            teams: [
                TeamChoice::Sheet(Box::new(home)),
                TeamChoice::Sheet(Box::new(away)),
            ],
            options: Options {
                inducements: true,
                league_teams: true,
                free_fan_factor: free,
                ..Options::default()
            },
            pre_match: Box::default(),
        };
        setup.pre_match.petty_cash = [50_000, 50_000];
        setup
    };
    let base = tv(Roster::Human) - u32::from(starter_team(Roster::Human).fan_factor) * 10_000;
    let mut d = dice([d6(3), d6(4), pick(2, 1)]);
    let (g, ev) = new_game(setup(true), &mut d).unwrap();
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::InducementMoney {
                team_value,
                money: [50_000, 50_000],
                first: Side::Away,
                ..
            } if *team_value == [base, base]
        )),
        "{ev:?}"
    );
    assert_eq!((g.prompt.coach, money(&g)), (Some(AWAY), Some(50_000)));
    let mut d = dice([d6(3), d6(4)]);
    let (_, ev) = new_game(setup(false), &mut d).unwrap();
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::InducementMoney {
                money: [50_000, 80_000],
                first: Side::Home,
                ..
            }
        )),
        "{ev:?}"
    );
}

/// A league setup (§32.4): each side's treasury to declare petty cash from.
fn treasury_setup(home: Roster, away: Roster, treasury: [u32; 2]) -> MatchSetup {
    let mut setup = induce_setup(home, away, [0, 0]);
    setup.pre_match.treasury = Some(treasury);
    setup
}

fn petty(amount: u32) -> Command {
    Command::PettyCash { amount }
}

fn declaring(g: &Game) -> Option<(Side, u32, Option<u32>)> {
    match kind(g) {
        PromptKind::PettyCash { treasury, declared } => {
            Some((g.prompt.coach.unwrap(), *treasury, *declared))
        }
        _ => None,
    }
}

/// §32.4 (§4.2 step 2), G105: with a treasury in the setup the team with the higher team value
/// declares its petty cash first, the other sees that amount and declares; petty cash is added
/// to each match TV, so the underdog's inducement money is the difference of the match TVs, the
/// stronger buys first with its petty cash only, and what each spent of its petty cash is
/// counted.
#[test]
fn the_higher_team_value_declares_petty_cash_first() {
    // Away's sheet has two more points of fan factor: it is the stronger by 20,000.
    let mut orcs = starter_team(Roster::Orc);
    orcs.fan_factor += 2;
    let (h, o) = (tv(Roster::Human), team_value(&orcs));
    assert_eq!(o, h + 20_000);
    let (strong, weak) = (AWAY, HOME);
    let tvs = [h, o];
    let gap = 20_000;
    let mut setup = treasury_setup(Roster::Human, Roster::Orc, [300_000, 300_000]);
    setup.teams[1] = TeamChoice::Sheet(Box::new(orcs));
    setup.options.league_teams = true;
    let mut d = dice([d6(3), d6(4)]);
    let (mut g, ev) = new_game(setup, &mut d).unwrap();
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::InducementMoney { .. }))
    );
    assert_eq!(declaring(&g), Some((strong, 300_000, None)));
    assert_eq!(legal_commands(&g).len(), 31);
    // The stronger moves nothing; the underdog, told so, moves enough to become the stronger.
    let moved = gap + 100_000;
    play(&mut g, [], &[petty(0)]);
    assert_eq!(declaring(&g), Some((weak, 300_000, Some(0))));
    let ev = play(&mut g, [], &[petty(moved)]);
    assert!(ev.contains(&Event::PettyCash {
        side: weak,
        amount: moved,
        treasury: 300_000
    }));
    let mut petty_cash = [0, 0];
    petty_cash[weak.index()] = moved;
    let mut money_each = [0, 0];
    money_each[weak.index()] = moved;
    // The team that declared first is now the underdog by 100,000 of match TV.
    money_each[strong.index()] = 100_000;
    assert!(ev.contains(&Event::InducementMoney {
        team_value: tvs,
        petty_cash,
        money: money_each,
        first: weak,
    }));
    assert_eq!(g.petty_cash, petty_cash);
    // The new stronger buys first, with its petty cash only.
    assert_eq!((g.prompt.coach, money(&g)), (Some(weak), Some(moved)));
    // 20,000 left buys nothing: the other is asked at once.
    play(&mut g, [], &[buy(InducementItem::Bribe)]);
    assert_eq!((g.prompt.coach, money(&g)), (Some(strong), Some(100_000)));
    play(&mut g, gate(), &[buy(InducementItem::ExtraTraining)]);
    assert_eq!(*kind(&g), PromptKind::ChooseKicking);
    assert_eq!(g.induced[weak.index()].petty_cash_spent, 100_000);
    assert_eq!(g.induced[strong.index()].petty_cash_spent, 0);
}

/// §32.4, G105: equal team values: a coin toss (`petty_cash_order`) says who declares first;
/// equal match values after it: no inducement money.
#[test]
fn equal_team_values_toss_for_who_declares_petty_cash_first() {
    let mut d = dice([d6(3), d6(4), pick(2, 1)]);
    let (mut g, ev) = new_game(
        treasury_setup(Roster::Human, Roster::Human, [100_000, 200_000]),
        &mut d,
    )
    .unwrap();
    assert_eq!(rolls(&ev, RollPurpose::PettyCashOrder).len(), 1);
    assert_eq!(declaring(&g), Some((AWAY, 200_000, None)));
    play(&mut g, [], &[petty(50_000)]);
    assert_eq!(declaring(&g), Some((HOME, 100_000, Some(50_000))));
    // Equal match values: the buying order is tossed too.
    let ev = play(&mut g, [pick(2, 0)], &[petty(50_000)]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::InducementMoney {
            petty_cash: [50_000, 50_000],
            money: [50_000, 50_000],
            first: Side::Home,
            ..
        }
    )));
}

/// §32.4: no more than the treasury, in 10,000s or all of it (anything else is refused and
/// changes nothing); an empty treasury declares 0 unasked; the setup is checked (a treasury
/// needs the option `inducements`, not with a fixed petty cash, at most `MAX_TREASURY`).
#[test]
fn petty_cash_beyond_the_treasury_is_refused() {
    let mut d = dice([d6(3), d6(4), pick(2, 0)]);
    let (mut g, ev) = new_game(
        treasury_setup(Roster::Human, Roster::Human, [25_000, 0]),
        &mut d,
    )
    .unwrap();
    assert_eq!(rolls(&ev, RollPurpose::PettyCashOrder).len(), 1);
    assert_eq!(declaring(&g), Some((HOME, 25_000, None)));
    assert_eq!(
        legal_commands(&g),
        vec![petty(0), petty(10_000), petty(20_000), petty(25_000)]
    );
    let before = g.clone();
    for bad in [30_000, 5_000, u32::MAX] {
        let mut d = dice([]);
        assert!(matches!(
            apply(&mut g, petty(bad), &mut d),
            Err(CommandError::Illegal { .. })
        ));
        assert_eq!(g, before);
    }
    // Away's treasury is empty: it declares 0 without being asked; Home is the stronger
    // and may spend its 25,000 only (nothing on the list costs so little).
    let ev = play(&mut g, gate(), &[petty(25_000)]);
    assert!(ev.contains(&Event::PettyCash {
        side: AWAY,
        amount: 0,
        treasury: 0
    }));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::InducementMoney {
            petty_cash: [25_000, 0],
            money: [25_000, 25_000],
            first: Side::Home,
            ..
        }
    )));
    let mut setup = treasury_setup(Roster::Human, Roster::Orc, [10_000, 0]);
    setup.options.inducements = false;
    assert!(matches!(
        validate(&setup),
        Err(SetupError::NeedsOption { needs, .. }) if needs == "inducements"
    ));
    let mut setup = treasury_setup(Roster::Human, Roster::Orc, [10_000, 0]);
    setup.pre_match.petty_cash = [10_000, 0];
    assert!(matches!(
        validate(&setup),
        Err(SetupError::NotImplemented { .. })
    ));
    let setup = treasury_setup(Roster::Human, Roster::Orc, [setup::MAX_TREASURY + 1, 0]);
    assert!(matches!(
        validate(&setup),
        Err(SetupError::NotImplemented { .. })
    ));
    assert!(
        validate(&treasury_setup(
            Roster::Human,
            Roster::Orc,
            [setup::MAX_TREASURY, 0]
        ))
        .is_ok()
    );
}

fn draw(deck: cards::Deck) -> Command {
    buy(InducementItem::CardDraw { deck })
}

/// §32.17 (3): a league removes inducements from the list: they are not offered, buying one
/// is refused with the reason (and changes nothing), the rest is on sale; the option needs
/// the inducement phase, and a kind listed twice is refused.
#[test]
fn a_league_may_remove_inducements_from_the_list() {
    let mut setup = induce_setup(Roster::Human, Roster::Orc, [300_000, 0]);
    setup.options.excluded_inducements =
        InducementKinds::of(&[InducementKind::Wizard, InducementKind::StarPlayer]);
    let mut d = dice([d6(3), d6(4)]);
    let (mut g, _) = new_game(setup.clone(), &mut d).unwrap();
    let legal = legal_commands(&g);
    assert!(legal.contains(&buy(InducementItem::Bribe)));
    assert!(!legal.contains(&buy(InducementItem::Wizard)));
    assert!(!legal.iter().any(|c| matches!(
        c,
        Command::Induce {
            item: InducementItem::StarPlayer { .. }
        }
    )));
    let before = g.clone();
    let mut d = dice([]);
    match apply(&mut g, buy(InducementItem::Wizard), &mut d) {
        Err(CommandError::Illegal { reason }) => assert!(reason.contains("§32.17 (3)"), "{reason}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(g, before);
    // Without the exclusion the Wizard is on sale.
    let mut open = setup.clone();
    open.options.excluded_inducements = InducementKinds::NONE;
    let (g, _) = new_game(open, &mut dice([d6(3), d6(4)])).unwrap();
    assert!(legal_commands(&g).contains(&buy(InducementItem::Wizard)));
    setup.options.inducements = false;
    setup.pre_match.petty_cash = [0, 0];
    assert!(matches!(
        validate(&setup),
        Err(SetupError::NeedsOption { option, .. }) if option == "excluded_inducements"
    ));
    let kinds: InducementKinds = serde_json::from_str(r#"["wizard","star_player"]"#).unwrap();
    assert_eq!(
        serde_json::to_string(&kinds).unwrap(),
        r#"["star_player","wizard"]"#
    );
    assert!(serde_json::from_str::<InducementKinds>(r#"["wizard","wizard"]"#).is_err());
    assert!(serde_json::from_str::<InducementKinds>(r#"["dragon"]"#).is_err());
}

/// §32.17 (5) method 3: card draws replace the inducement list: only draws are offered (and
/// `done_inducing`), anything else is refused with the reason; it needs `card_inducements`.
#[test]
fn with_cards_only_nothing_but_card_draws_is_for_sale() {
    let mut setup = induce_setup(Roster::Human, Roster::Human, [300_000, 300_000]);
    setup.options.card_inducements = true;
    setup.options.cards_only = true;
    let (mut g, _) = new_game(setup.clone(), &mut dice([d6(3), d6(4), pick(2, 0)])).unwrap();
    assert_eq!(money(&g), Some(300_000));
    let legal = legal_commands(&g);
    assert!(legal.contains(&draw(cards::Deck::MagicItems)));
    assert!(legal.iter().all(|c| matches!(
        c,
        Command::DoneInducing
            | Command::Induce {
                item: InducementItem::CardDraw { .. }
            }
    )));
    let mut d = dice([]);
    match apply(&mut g, buy(InducementItem::Bribe), &mut d) {
        Err(CommandError::Illegal { reason }) => assert!(reason.contains("method 3"), "{reason}"),
        other => panic!("{other:?}"),
    }
    setup.options.card_inducements = false;
    assert!(matches!(
        validate(&setup),
        Err(SetupError::NeedsOption { option, .. }) if option == "cards_only"
    ));
}

/// §32.17 (5) method 4: after the inducements each coach spends his card gold on draws only
/// (not inducement money nor petty cash: nothing of it is counted as spent), the rest is
/// lost; the gold is 50,000 to 200,000, needs the inducement phase and excludes method 1.
#[test]
fn card_gold_buys_only_card_draws_and_the_rest_is_lost() {
    let mut setup = induce_setup(Roster::Human, Roster::Human, [0, 0]);
    setup.options.card_gold = 100_000;
    // Equal values, no money: nobody is asked to buy inducements; then the card gold.
    let (mut g, ev) = new_game(setup.clone(), &mut dice([d6(3), d6(4), pick(2, 0)])).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::InducementMoney { money: [0, 0], .. }))
    );
    assert_eq!(g.prompt.coach, Some(HOME));
    assert_eq!(*kind(&g), PromptKind::CardGold { money: 100_000 });
    let legal = legal_commands(&g);
    assert!(legal.contains(&draw(cards::Deck::MagicItems)));
    assert!(!legal.contains(&buy(InducementItem::Bribe)));
    assert!(
        !legal.contains(&draw(cards::Deck::RandomEvents)),
        "200,000: too dear"
    );
    play(
        &mut g,
        [pick(13, 4), pick(12, 0)],
        &[draw(cards::Deck::MagicItems), draw(cards::Deck::MagicItems)],
    );
    assert_eq!(g.cards.hands[0].len(), 2);
    // Home's gold is spent: Away's turn, who keeps none of it.
    assert_eq!(g.prompt.coach, Some(AWAY));
    assert_eq!(*kind(&g), PromptKind::CardGold { money: 100_000 });
    play(&mut g, gate(), &[Command::DoneInducing]);
    assert_eq!(*kind(&g), PromptKind::ChooseKicking);
    assert_eq!(g.induced[0].spent, 0);
    assert_eq!(g.induced[0].petty_cash_spent, 0);
    assert!(g.cards.hands[1].is_empty());
    for bad in [40_000, 250_000] {
        setup.options.card_gold = bad;
        assert!(matches!(
            validate(&setup),
            Err(SetupError::NotImplemented { .. })
        ));
    }
    setup.options.card_gold = 50_000;
    assert!(validate(&setup).is_ok());
    setup.options.card_inducements = true;
    assert!(matches!(
        validate(&setup),
        Err(SetupError::NotImplemented { .. })
    ));
    setup.options.card_inducements = false;
    setup.options.inducements = false;
    assert!(matches!(
        validate(&setup),
        Err(SetupError::NeedsOption { option, .. }) if option == "card_gold"
    ));
}

/// §32.17 (3), (5): a league's rules become the match options of its matches, and card gold
/// out of 50,000–200,000 is refused.
#[test]
fn league_rules_carry_exclusions_and_the_card_method_into_the_match() {
    use dugout_rules::bb::league::postmatch::{CardMethod, LeagueRules};
    let rules: LeagueRules = serde_json::from_str(
        r#"{"excluded_inducements": ["wizard"], "cards": {"method": "gold", "gold": 150000}}"#,
    )
    .unwrap();
    assert!(rules.validate().is_ok());
    let o = rules.match_options(Options {
        inducements: true,
        ..Options::default()
    });
    assert!(o.excluded_inducements.contains(InducementKind::Wizard));
    assert_eq!(
        (o.card_inducements, o.cards_only, o.card_gold),
        (false, false, 150_000)
    );
    for (method, want) in [
        (CardMethod::None, (false, false, 0)),
        (CardMethod::Inducements, (true, false, 0)),
        (CardMethod::CardsOnly, (true, true, 0)),
    ] {
        let o = LeagueRules {
            cards: method,
            ..LeagueRules::default()
        }
        .match_options(Options::default());
        assert_eq!((o.card_inducements, o.cards_only, o.card_gold), want);
    }
    for gold in [0, 49_999, 200_001] {
        let bad = LeagueRules {
            cards: CardMethod::Gold { gold },
            ..LeagueRules::default()
        };
        assert!(bad.validate().unwrap_err().contains("rules.cards.gold"));
    }
}
