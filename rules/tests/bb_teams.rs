//! Teams (§27): the rosters as data, starter teams, team sheets and their checks, and the
//! match setup on the wire.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.
#![allow(clippy::unwrap_used)]

mod bbcommon;
use bbcommon::*;

use dugout_rules::bb::inducements::InducementItem;
use dugout_rules::bb::random_play::play_random;
use dugout_rules::bb::setup::{check_built, check_team, sheet_cost, validate_sheet};
use dugout_rules::bb::teambuild::random_team;

fn position(r: Roster, name: &str) -> &'static data::PositionData {
    r.data().positions.iter().find(|p| p.name == name).unwrap()
}

/// The starter team of `r` plays a whole random match against the Human starter team when
/// every skill it fields is built; otherwise the set-up refuses it, naming a skill.
fn starter_plays_or_is_refused(r: Roster) {
    let sheet = starter_team(r);
    check_team(&sheet, Some(1_000_000)).unwrap();
    let options = Options {
        unofficial_rosters: r.data().unofficial,
        ..Options::default()
    };
    let setup = MatchSetup {
        teams: [TeamChoice::Roster(r), TeamChoice::Roster(Roster::Human)],
        options,
        pre_match: Box::default(),
    };
    match check_built(&sheet) {
        Ok(()) => {
            validate(&setup).unwrap();
            let seed = r as u64;
            let mut dice = ChaChaDice::from_u64(seed);
            let mut picker = ChaChaDice::from_u64(seed ^ 0xABCD);
            let (g, _) = play_random(setup, &mut dice, &mut picker, 200_000).unwrap();
            assert!(g.is_over(), "{r:?}");
        }
        Err(_) => assert!(
            matches!(validate(&setup), Err(SetupError::NotImplemented { what }) if what.contains("skill")),
            "{r:?}"
        ),
    }
}

/// §27.0: every starter team, of every roster, is a legal 1,000,000 gp team of 11–16
/// players numbered from 1, with an apothecary only where allowed, whatever the engine
/// builds (the team-building rules, not the built skills).
#[test]
fn every_starter_team_is_legal_and_within_budget() {
    for r in Roster::ALL {
        let sheet = starter_team(r);
        check_team(&sheet, Some(1_000_000)).unwrap_or_else(|e| panic!("{r:?}: {e}"));
        assert!(
            sheet_cost(&sheet) <= 1_000_000,
            "{r:?}: {}",
            sheet_cost(&sheet)
        );
        assert!((11..=16).contains(&sheet.players.len()));
        assert_eq!(sheet.players[0].number, 1);
        assert!(!sheet.apothecary || r.data().apothecary, "{r:?}");
    }
}

/// §27.0: the rosters are the book's 24 (the 21 official lists and the three unofficial
/// ones), by the keys of `ALL_ROSTER_KEYS`; each key reads back as its roster; the disputed
/// values (G102) are kept with the data.
#[test]
fn the_rosters_are_every_roster_of_the_book() {
    let mut keys: Vec<&str> = Roster::ALL.iter().map(|r| r.key()).collect();
    let mut book = data::ALL_ROSTER_KEYS.to_vec();
    keys.sort_unstable();
    book.sort_unstable();
    assert_eq!(keys, book);
    for r in Roster::ALL {
        assert_eq!(Roster::parse(r.key()), Some(r));
        assert_eq!(Roster::parse(r.data().name), Some(r));
        assert_eq!(r.data().tag, "[R]");
        let races = r.data().races;
        assert!(
            races.is_empty() || races.len() == r.data().positions.len(),
            "{r:?}"
        );
    }
    // The two mixed rosters name each position's race (for Animosity, §26.37).
    assert_eq!(Roster::ChaosPact.data().races[3], "Dark Elf");
    assert_eq!(Roster::Underworld.data().races[0], "Goblin");
    // G102: the values the two data sets dispute are recorded with the roster.
    assert!(Roster::Dwarf.data().disputed[0].starts_with("re-roll 50,000"));
    assert!(Roster::Lizardmen.data().disputed[0].contains("Saurus 0-6"));
    assert!(Roster::Orc.data().disputed.is_empty());
    let unofficial: Vec<Roster> = Roster::ALL
        .into_iter()
        .filter(|r| r.data().unofficial)
        .collect();
    assert_eq!(
        unofficial,
        [Roster::Slann, Roster::ChaosPact, Roster::Underworld]
    );
    let necromancers: Vec<Roster> = Roster::ALL
        .into_iter()
        .filter(|r| r.data().necromancer)
        .collect();
    assert_eq!(necromancers, [Roster::Necromantic, Roster::Undead]);
    let no_apothecary: Vec<Roster> = Roster::ALL
        .into_iter()
        .filter(|r| !r.data().apothecary)
        .collect();
    assert_eq!(
        no_apothecary,
        [
            Roster::Khemri,
            Roster::Necromantic,
            Roster::Nurgle,
            Roster::Undead
        ]
    );
}

/// §27.1 Human [R]: the roster table.
#[test]
fn the_human_roster() {
    let r = Roster::Human.data();
    assert_eq!((r.reroll_cost, r.apothecary), (50_000, true));
    let t = position(Roster::Human, "Thrower");
    assert_eq!(
        (t.max, t.cost, t.ma, t.st, t.ag, t.av),
        (2, 70_000, 6, 3, 3, 8)
    );
    assert_eq!(t.skills, &[Skill::SureHands, Skill::Pass]);
    assert_eq!(
        position(Roster::Human, "Catcher").normal,
        &[data::Category::General, data::Category::Agility]
    );
}

/// §27.2 Orc [R].
#[test]
fn the_orc_roster() {
    assert_eq!(Roster::Orc.data().reroll_cost, 60_000);
    let b = position(Roster::Orc, "Black Orc Blocker");
    assert_eq!(
        (b.max, b.cost, b.ma, b.st, b.ag, b.av),
        (4, 80_000, 4, 4, 2, 9)
    );
}

/// §27.3 Dwarf [R].
#[test]
fn the_dwarf_roster() {
    let d = position(Roster::Dwarf, "Deathroller");
    assert_eq!((d.max, d.cost, d.st, d.av), (1, 160_000, 7, 10));
    assert!(d.skills.contains(&Skill::SecretWeapon));
    assert_eq!(
        position(Roster::Dwarf, "Blocker").skills,
        &[Skill::Block, Skill::Tackle, Skill::ThickSkull]
    );
}

/// §27.4 Skaven [R].
#[test]
fn the_skaven_roster() {
    let g = position(Roster::Skaven, "Gutter Runner");
    assert_eq!(
        (g.max, g.cost, g.ma, g.st, g.ag, g.av),
        (4, 80_000, 9, 2, 4, 7)
    );
    assert!(
        position(Roster::Skaven, "Rat Ogre")
            .skills
            .contains(&Skill::WildAnimal)
    );
}

/// §27.5 Wood Elf [R].
#[test]
fn the_wood_elf_roster() {
    assert_eq!(Roster::WoodElf.data().reroll_cost, 50_000);
    let w = position(Roster::WoodElf, "Wardancer");
    assert_eq!((w.max, w.cost, w.ma), (2, 120_000, 8));
    assert_eq!(w.skills, &[Skill::Block, Skill::Dodge, Skill::Leap]);
}

/// §27.6 Goblin [R].
#[test]
fn the_goblin_roster() {
    assert_eq!(Roster::Goblin.data().reroll_cost, 60_000);
    assert_eq!(position(Roster::Goblin, "Troll").max, 2);
    assert!(
        position(Roster::Goblin, "Pogoer")
            .skills
            .contains(&Skill::VeryLongLegs)
    );
}

/// §27.0: a match setup from two roster names, in any spelling; JSON round trip.
#[test]
fn a_setup_from_two_roster_names_in_any_spelling() {
    let s: MatchSetup = serde_json::from_str(
        r#"{"teams": ["orc", "Wood Elf"], "options": {"overtime": "sudden_death"}}"#,
    )
    .unwrap();
    assert_eq!(s.teams[0].roster(), Roster::Orc);
    assert_eq!(s.teams[1].roster(), Roster::WoodElf);
    assert_eq!(s.options.overtime, Overtime::SuddenDeath);
    assert!(s.options.throw_in_counts_start_square);
    for name in ["wood_elf", "WOODELF", "wood-elf"] {
        assert_eq!(Roster::parse(name), Some(Roster::WoodElf));
    }
    let json = serde_json::to_value(&s).unwrap();
    assert_eq!(json["teams"][1], "wood_elf");
    assert_eq!(serde_json::from_value::<MatchSetup>(json).unwrap(), s);
    assert!(serde_json::from_str::<MatchSetup>(r#"{"teams": ["orc", "elves"]}"#).is_err());
}

/// §27.0: a sheet is refused with more than 16 or fewer than 11 players, a position over
/// its maximum, a position of another roster, a repeated number.
#[test]
fn a_team_sheet_is_checked() {
    let base = starter_team(Roster::Human);
    let mut many = base.clone();
    for n in 13..=17 {
        let mut p = many.players[0].clone();
        p.number = n;
        many.players.push(p);
    }
    assert!(validate_sheet(&many).is_err());
    let mut few = base.clone();
    few.players.truncate(10);
    assert!(validate_sheet(&few).is_err());
    let mut throwers = base.clone();
    throwers.players[0].position = "Thrower".into();
    assert!(validate_sheet(&throwers).is_err(), "three throwers");
    let mut orc = base.clone();
    orc.players[0].position = "Black Orc Blocker".into();
    assert!(validate_sheet(&orc).is_err());
    let mut twice = base.clone();
    twice.players[1].number = 1;
    assert!(validate_sheet(&twice).is_err());
}

/// §27.0, §12.5: a full sheet carries extra skills, stat changes, niggling injuries (+1
/// to injury rolls) and players missing the match.
#[test]
fn a_full_team_sheet_plays_with_its_changes() {
    let mut sheet = starter_team(Roster::Human);
    sheet.players[0].extra_skills.push(Skill::Block);
    sheet.players[0].stat_changes = StatChanges {
        ma: -1,
        st: 1,
        ag: 0,
        av: 0,
    };
    sheet.players[1].niggling = 1;
    sheet.players[2].missing_next_game = true;
    let setup = MatchSetup {
        teams: [
            TeamChoice::Sheet(Box::new(sheet)),
            TeamChoice::Roster(Roster::Orc),
        ],
        options: Options::default(),
        pre_match: Box::default(),
    };
    validate(&setup).unwrap();
    let mut d = dice([d6(3), d6(4), d6(3), d6(3), d6(4), d6(4), pick(2, 0)]);
    let (g, _) = new_game(setup, &mut d).unwrap();
    let p = &g.players[0];
    assert_eq!((p.ma, p.st), (5, 4));
    assert!(p.has(Skill::Block));
    assert_eq!(g.players[1].niggling, 1);
    assert_eq!(g.players[2].state, PlayerState::Absent);
}

/// §4.2: inducements listed in the setup are refused, naming them (they are bought in the
/// pre-match phase, §30.1).
#[test]
fn inducements_are_refused() {
    let mut setup: MatchSetup = serde_json::from_str(r#"{"teams": ["human", "orc"]}"#).unwrap();
    setup.pre_match.inducements[0].push(InducementItem::Bribe);
    assert!(
        matches!(validate(&setup), Err(SetupError::NotImplemented { what }) if what.contains("inducement"))
    );
}

/// §26.36–§26.75: a skill the engine does not play yet is refused at set-up, by name and
/// section, never carried silently into a match; every built skill is accepted.
#[test]
fn a_skill_not_built_is_refused_at_set_up() {
    for info in data::SKILLS {
        let mut sheet = starter_team(Roster::Human);
        sheet.players[0].extra_skills.push(info.skill);
        let got = validate_sheet(&sheet);
        if info.built {
            assert!(got.is_ok(), "{} is built: {got:?}", info.name);
        } else {
            let err = format!("{:?}", got.expect_err(info.name));
            assert!(err.contains("NotImplemented"), "{}: {err}", info.name);
            assert!(
                err.contains(info.name) && err.contains(info.section),
                "{err}"
            );
        }
    }
}

/// §27.7 Amazon [R]: re-roll 50,000, the Linewoman and the Blitzer; its starter team.
#[test]
fn the_amazon_roster() {
    let r = Roster::Amazon.data();
    assert_eq!(
        (
            r.key,
            r.reroll_cost,
            r.apothecary,
            r.necromancer,
            r.unofficial
        ),
        ("amazon", 50_000, true, false, false)
    );
    assert_eq!(r.positions.len(), 4);
    let l = position(Roster::Amazon, "Linewoman");
    assert_eq!((l.max, l.cost), (16, 50_000));
    let b = position(Roster::Amazon, "Blitzer");
    assert_eq!(
        (b.max, b.cost, b.ma, b.st, b.ag, b.av),
        (4, 90_000, 6, 3, 3, 7)
    );
    assert_eq!(b.skills, &[Skill::Dodge, Skill::Block]);
    starter_plays_or_is_refused(Roster::Amazon);
}

/// §27.8 Chaos [R]: re-roll 60,000, the Beastman and the Minotaur; its starter team.
#[test]
fn the_chaos_roster() {
    let r = Roster::Chaos.data();
    assert_eq!(
        (
            r.key,
            r.reroll_cost,
            r.apothecary,
            r.necromancer,
            r.unofficial
        ),
        ("chaos", 60_000, true, false, false)
    );
    assert_eq!(r.positions.len(), 3);
    let l = position(Roster::Chaos, "Beastman");
    assert_eq!((l.max, l.cost), (16, 60_000));
    let b = position(Roster::Chaos, "Minotaur");
    assert_eq!(
        (b.max, b.cost, b.ma, b.st, b.ag, b.av),
        (1, 150_000, 5, 5, 2, 8)
    );
    assert_eq!(
        b.skills,
        &[
            Skill::Loner,
            Skill::Frenzy,
            Skill::Horns,
            Skill::MightyBlow,
            Skill::ThickSkull,
            Skill::WildAnimal
        ]
    );
    starter_plays_or_is_refused(Roster::Chaos);
}

/// §27.9 Chaos Dwarf [R]: re-roll 70,000, the Hobgoblin and the Minotaur; its starter team.
#[test]
fn the_chaos_dwarf_roster() {
    let r = Roster::ChaosDwarf.data();
    assert_eq!(
        (
            r.key,
            r.reroll_cost,
            r.apothecary,
            r.necromancer,
            r.unofficial
        ),
        ("chaos_dwarf", 70_000, true, false, false)
    );
    assert_eq!(r.positions.len(), 4);
    let l = position(Roster::ChaosDwarf, "Hobgoblin");
    assert_eq!((l.max, l.cost), (16, 40_000));
    let b = position(Roster::ChaosDwarf, "Minotaur");
    assert_eq!(
        (b.max, b.cost, b.ma, b.st, b.ag, b.av),
        (1, 150_000, 5, 5, 2, 8)
    );
    assert_eq!(
        b.skills,
        &[
            Skill::Loner,
            Skill::Frenzy,
            Skill::Horns,
            Skill::MightyBlow,
            Skill::ThickSkull,
            Skill::WildAnimal
        ]
    );
    starter_plays_or_is_refused(Roster::ChaosDwarf);
}

/// §27.10 Dark Elf [R]: re-roll 50,000, the Lineman and the Witch Elf; its starter team.
#[test]
fn the_dark_elf_roster() {
    let r = Roster::DarkElf.data();
    assert_eq!(
        (
            r.key,
            r.reroll_cost,
            r.apothecary,
            r.necromancer,
            r.unofficial
        ),
        ("dark_elf", 50_000, true, false, false)
    );
    assert_eq!(r.positions.len(), 5);
    let l = position(Roster::DarkElf, "Lineman");
    assert_eq!((l.max, l.cost), (16, 70_000));
    let b = position(Roster::DarkElf, "Witch Elf");
    assert_eq!(
        (b.max, b.cost, b.ma, b.st, b.ag, b.av),
        (2, 110_000, 7, 3, 4, 7)
    );
    assert_eq!(b.skills, &[Skill::Frenzy, Skill::Dodge, Skill::JumpUp]);
    starter_plays_or_is_refused(Roster::DarkElf);
}

/// §27.11 Elf [R]: re-roll 50,000, the Lineman and the Blitzer; its starter team.
#[test]
fn the_elf_roster() {
    let r = Roster::Elf.data();
    assert_eq!(
        (
            r.key,
            r.reroll_cost,
            r.apothecary,
            r.necromancer,
            r.unofficial
        ),
        ("elf", 50_000, true, false, false)
    );
    assert_eq!(r.positions.len(), 4);
    let l = position(Roster::Elf, "Lineman");
    assert_eq!((l.max, l.cost), (16, 60_000));
    let b = position(Roster::Elf, "Blitzer");
    assert_eq!(
        (b.max, b.cost, b.ma, b.st, b.ag, b.av),
        (2, 110_000, 7, 3, 4, 8)
    );
    assert_eq!(b.skills, &[Skill::Block, Skill::SideStep]);
    starter_plays_or_is_refused(Roster::Elf);
}

/// §27.12 Halfling [R]: re-roll 60,000, the Halfling and the Treeman; its starter team.
#[test]
fn the_halfling_roster() {
    let r = Roster::Halfling.data();
    assert_eq!(
        (
            r.key,
            r.reroll_cost,
            r.apothecary,
            r.necromancer,
            r.unofficial
        ),
        ("halfling", 60_000, true, false, false)
    );
    assert_eq!(r.positions.len(), 2);
    let l = position(Roster::Halfling, "Halfling");
    assert_eq!((l.max, l.cost), (16, 30_000));
    let b = position(Roster::Halfling, "Treeman");
    assert_eq!(
        (b.max, b.cost, b.ma, b.st, b.ag, b.av),
        (2, 120_000, 2, 6, 1, 10)
    );
    assert_eq!(
        b.skills,
        &[
            Skill::MightyBlow,
            Skill::StandFirm,
            Skill::StrongArm,
            Skill::TakeRoot,
            Skill::ThickSkull,
            Skill::ThrowTeamMate
        ]
    );
    starter_plays_or_is_refused(Roster::Halfling);
}

/// §27.13 High Elf [R]: re-roll 50,000, the Lineman and the Blitzer; its starter team.
#[test]
fn the_high_elf_roster() {
    let r = Roster::HighElf.data();
    assert_eq!(
        (
            r.key,
            r.reroll_cost,
            r.apothecary,
            r.necromancer,
            r.unofficial
        ),
        ("high_elf", 50_000, true, false, false)
    );
    assert_eq!(r.positions.len(), 4);
    let l = position(Roster::HighElf, "Lineman");
    assert_eq!((l.max, l.cost), (16, 70_000));
    let b = position(Roster::HighElf, "Blitzer");
    assert_eq!(
        (b.max, b.cost, b.ma, b.st, b.ag, b.av),
        (2, 100_000, 7, 3, 4, 8)
    );
    assert_eq!(b.skills, &[Skill::Block]);
    starter_plays_or_is_refused(Roster::HighElf);
}

/// §27.14 Khemri [R]: re-roll 70,000, the Skeleton and the Tomb Guardian; its starter team.
#[test]
fn the_khemri_roster() {
    let r = Roster::Khemri.data();
    assert_eq!(
        (
            r.key,
            r.reroll_cost,
            r.apothecary,
            r.necromancer,
            r.unofficial
        ),
        ("khemri", 70_000, false, false, false)
    );
    assert_eq!(r.positions.len(), 4);
    let l = position(Roster::Khemri, "Skeleton");
    assert_eq!((l.max, l.cost), (16, 40_000));
    let b = position(Roster::Khemri, "Tomb Guardian");
    assert_eq!(
        (b.max, b.cost, b.ma, b.st, b.ag, b.av),
        (4, 100_000, 4, 5, 1, 9)
    );
    assert_eq!(b.skills, &[Skill::Decay, Skill::Regeneration]);
    starter_plays_or_is_refused(Roster::Khemri);
}

/// §27.15 Lizardmen [R]: re-roll 60,000, the Skink and the Kroxigor; its starter team.
#[test]
fn the_lizardmen_roster() {
    let r = Roster::Lizardmen.data();
    assert_eq!(
        (
            r.key,
            r.reroll_cost,
            r.apothecary,
            r.necromancer,
            r.unofficial
        ),
        ("lizardmen", 60_000, true, false, false)
    );
    assert_eq!(r.positions.len(), 3);
    let l = position(Roster::Lizardmen, "Skink");
    assert_eq!((l.max, l.cost), (16, 60_000));
    let b = position(Roster::Lizardmen, "Kroxigor");
    assert_eq!(
        (b.max, b.cost, b.ma, b.st, b.ag, b.av),
        (1, 140_000, 6, 5, 1, 9)
    );
    assert_eq!(
        b.skills,
        &[
            Skill::Loner,
            Skill::BoneHead,
            Skill::MightyBlow,
            Skill::PrehensileTail,
            Skill::ThickSkull
        ]
    );
    starter_plays_or_is_refused(Roster::Lizardmen);
}

/// §27.16 Necromantic [R]: re-roll 70,000, the Zombie and the Werewolf; its starter team.
#[test]
fn the_necromantic_roster() {
    let r = Roster::Necromantic.data();
    assert_eq!(
        (
            r.key,
            r.reroll_cost,
            r.apothecary,
            r.necromancer,
            r.unofficial
        ),
        ("necromantic", 70_000, false, true, false)
    );
    assert_eq!(r.positions.len(), 5);
    let l = position(Roster::Necromantic, "Zombie");
    assert_eq!((l.max, l.cost), (16, 40_000));
    let b = position(Roster::Necromantic, "Werewolf");
    assert_eq!(
        (b.max, b.cost, b.ma, b.st, b.ag, b.av),
        (2, 120_000, 8, 3, 3, 8)
    );
    assert_eq!(b.skills, &[Skill::Claw, Skill::Frenzy, Skill::Regeneration]);
    starter_plays_or_is_refused(Roster::Necromantic);
}

/// §27.17 Norse [R]: re-roll 60,000, the Lineman and the Yhetee; its starter team.
#[test]
fn the_norse_roster() {
    let r = Roster::Norse.data();
    assert_eq!(
        (
            r.key,
            r.reroll_cost,
            r.apothecary,
            r.necromancer,
            r.unofficial
        ),
        ("norse", 60_000, true, false, false)
    );
    assert_eq!(r.positions.len(), 6);
    let l = position(Roster::Norse, "Lineman");
    assert_eq!((l.max, l.cost), (16, 50_000));
    let b = position(Roster::Norse, "Yhetee");
    assert_eq!(
        (b.max, b.cost, b.ma, b.st, b.ag, b.av),
        (1, 140_000, 5, 5, 1, 8)
    );
    assert_eq!(
        b.skills,
        &[
            Skill::Loner,
            Skill::Claw,
            Skill::DisturbingPresence,
            Skill::Frenzy,
            Skill::WildAnimal
        ]
    );
    starter_plays_or_is_refused(Roster::Norse);
}

/// §27.18 Nurgle [R]: re-roll 70,000, the Rotter and the Beast of Nurgle; its starter team.
#[test]
fn the_nurgle_roster() {
    let r = Roster::Nurgle.data();
    assert_eq!(
        (
            r.key,
            r.reroll_cost,
            r.apothecary,
            r.necromancer,
            r.unofficial
        ),
        ("nurgle", 70_000, false, false, false)
    );
    assert_eq!(r.positions.len(), 4);
    let l = position(Roster::Nurgle, "Rotter");
    assert_eq!((l.max, l.cost), (16, 40_000));
    let b = position(Roster::Nurgle, "Beast of Nurgle");
    assert_eq!(
        (b.max, b.cost, b.ma, b.st, b.ag, b.av),
        (1, 140_000, 4, 5, 1, 9)
    );
    assert_eq!(
        b.skills,
        &[
            Skill::Loner,
            Skill::DisturbingPresence,
            Skill::FoulAppearance,
            Skill::MightyBlow,
            Skill::NurglesRot,
            Skill::ReallyStupid,
            Skill::Regeneration,
            Skill::Tentacles
        ]
    );
    starter_plays_or_is_refused(Roster::Nurgle);
}

/// §27.19 Ogre [R]: re-roll 70,000, the Snotling and the Ogre; its starter team.
#[test]
fn the_ogre_roster() {
    let r = Roster::Ogre.data();
    assert_eq!(
        (
            r.key,
            r.reroll_cost,
            r.apothecary,
            r.necromancer,
            r.unofficial
        ),
        ("ogre", 70_000, true, false, false)
    );
    assert_eq!(r.positions.len(), 2);
    let l = position(Roster::Ogre, "Snotling");
    assert_eq!((l.max, l.cost), (16, 20_000));
    let b = position(Roster::Ogre, "Ogre");
    assert_eq!(
        (b.max, b.cost, b.ma, b.st, b.ag, b.av),
        (6, 140_000, 5, 5, 2, 9)
    );
    assert_eq!(
        b.skills,
        &[
            Skill::BoneHead,
            Skill::MightyBlow,
            Skill::ThickSkull,
            Skill::ThrowTeamMate
        ]
    );
    starter_plays_or_is_refused(Roster::Ogre);
}

/// §27.20 Undead [R]: re-roll 70,000, the Skeleton and the Mummy; its starter team.
#[test]
fn the_undead_roster() {
    let r = Roster::Undead.data();
    assert_eq!(
        (
            r.key,
            r.reroll_cost,
            r.apothecary,
            r.necromancer,
            r.unofficial
        ),
        ("undead", 70_000, false, true, false)
    );
    assert_eq!(r.positions.len(), 5);
    let l = position(Roster::Undead, "Skeleton");
    assert_eq!((l.max, l.cost), (16, 40_000));
    let b = position(Roster::Undead, "Mummy");
    assert_eq!(
        (b.max, b.cost, b.ma, b.st, b.ag, b.av),
        (2, 120_000, 3, 5, 1, 9)
    );
    assert_eq!(b.skills, &[Skill::MightyBlow, Skill::Regeneration]);
    starter_plays_or_is_refused(Roster::Undead);
}

/// §27.21 Vampire [R]: re-roll 70,000, the Thrall and the Vampire; its starter team.
#[test]
fn the_vampire_roster() {
    let r = Roster::Vampire.data();
    assert_eq!(
        (
            r.key,
            r.reroll_cost,
            r.apothecary,
            r.necromancer,
            r.unofficial
        ),
        ("vampire", 70_000, true, false, false)
    );
    assert_eq!(r.positions.len(), 2);
    let l = position(Roster::Vampire, "Thrall");
    assert_eq!((l.max, l.cost), (16, 40_000));
    let b = position(Roster::Vampire, "Vampire");
    assert_eq!(
        (b.max, b.cost, b.ma, b.st, b.ag, b.av),
        (6, 110_000, 6, 4, 4, 8)
    );
    assert_eq!(
        b.skills,
        &[Skill::BloodLust, Skill::HypnoticGaze, Skill::Regeneration]
    );
    starter_plays_or_is_refused(Roster::Vampire);
}

/// §27.22 Slann [R] (unofficial): re-roll 50,000, the Lineman and the Kroxigor; its starter team.
#[test]
fn the_slann_roster() {
    let r = Roster::Slann.data();
    assert_eq!(
        (
            r.key,
            r.reroll_cost,
            r.apothecary,
            r.necromancer,
            r.unofficial
        ),
        ("slann", 50_000, true, false, true)
    );
    assert_eq!(r.positions.len(), 4);
    let l = position(Roster::Slann, "Lineman");
    assert_eq!((l.max, l.cost), (16, 60_000));
    let b = position(Roster::Slann, "Kroxigor");
    assert_eq!(
        (b.max, b.cost, b.ma, b.st, b.ag, b.av),
        (1, 140_000, 6, 5, 1, 9)
    );
    assert_eq!(
        b.skills,
        &[
            Skill::Loner,
            Skill::BoneHead,
            Skill::MightyBlow,
            Skill::PrehensileTail,
            Skill::ThickSkull
        ]
    );
    starter_plays_or_is_refused(Roster::Slann);
}

/// §27.23 Chaos Pact [R] (unofficial): re-roll 70,000, the Marauder and the Minotaur; its starter team.
#[test]
fn the_chaos_pact_roster() {
    let r = Roster::ChaosPact.data();
    assert_eq!(
        (
            r.key,
            r.reroll_cost,
            r.apothecary,
            r.necromancer,
            r.unofficial
        ),
        ("chaos_pact", 70_000, true, false, true)
    );
    assert_eq!(r.positions.len(), 7);
    let l = position(Roster::ChaosPact, "Marauder");
    assert_eq!((l.max, l.cost), (12, 50_000));
    let b = position(Roster::ChaosPact, "Minotaur");
    assert_eq!(
        (b.max, b.cost, b.ma, b.st, b.ag, b.av),
        (1, 150_000, 5, 5, 2, 8)
    );
    assert_eq!(
        b.skills,
        &[
            Skill::Loner,
            Skill::Frenzy,
            Skill::Horns,
            Skill::MightyBlow,
            Skill::ThickSkull,
            Skill::WildAnimal
        ]
    );
    starter_plays_or_is_refused(Roster::ChaosPact);
}

/// §27.24 Underworld [R] (unofficial): re-roll 70,000, the Underworld Goblin and the Warpstone Troll; its starter team.
#[test]
fn the_underworld_roster() {
    let r = Roster::Underworld.data();
    assert_eq!(
        (
            r.key,
            r.reroll_cost,
            r.apothecary,
            r.necromancer,
            r.unofficial
        ),
        ("underworld", 70_000, true, false, true)
    );
    assert_eq!(r.positions.len(), 5);
    let l = position(Roster::Underworld, "Underworld Goblin");
    assert_eq!((l.max, l.cost), (12, 40_000));
    let b = position(Roster::Underworld, "Warpstone Troll");
    assert_eq!(
        (b.max, b.cost, b.ma, b.st, b.ag, b.av),
        (1, 110_000, 4, 5, 1, 9)
    );
    assert_eq!(
        b.skills,
        &[
            Skill::Loner,
            Skill::AlwaysHungry,
            Skill::MightyBlow,
            Skill::ReallyStupid,
            Skill::Regeneration,
            Skill::ThrowTeamMate
        ]
    );
    starter_plays_or_is_refused(Roster::Underworld);
}

/// §27.0: team building for a one-off match: each broken rule is refused with its own
/// typed error naming it; the cost counts players, re-rolls at the roster's price, fan
/// factor, assistant coaches and cheerleaders at 10,000, the apothecary at 50,000.
#[test]
fn team_building_refuses_each_broken_rule_by_name() {
    let base = starter_team(Roster::Human);
    assert_eq!(sheet_cost(&base), 1_000_000);
    check_team(&base, Some(1_000_000)).unwrap();
    let mut staff = base.clone();
    staff.cheerleaders = 1;
    staff.assistant_coaches = 2;
    assert_eq!(sheet_cost(&staff), 1_030_000);
    assert_eq!(
        check_team(&staff, Some(1_000_000)),
        Err(TeamError::OverBudget {
            cost: 1_030_000,
            budget: 1_000_000
        })
    );
    check_team(&staff, Some(1_030_000)).unwrap();
    check_team(&staff, None).unwrap();
    let mut rr = base.clone();
    rr.rerolls = 9;
    assert_eq!(
        check_team(&rr, None),
        Err(TeamError::TooManyRerolls { rerolls: 9 })
    );
    rr.rerolls = 8;
    check_team(&rr, None).unwrap();
    assert_eq!(sheet_cost(&rr), 1_000_000 + 5 * 50_000);
    let mut ff = base.clone();
    ff.fan_factor = 10;
    assert_eq!(
        check_team(&ff, Some(u32::MAX)),
        Err(TeamError::FanFactor { fan_factor: 10 })
    );
    // §32.11: a league team's fan factor grows past 9 (no creation budget: no cap).
    assert_eq!(check_team(&ff, None), Ok(()));
    let mut khemri = starter_team(Roster::Khemri);
    check_team(&khemri, Some(1_000_000)).unwrap();
    khemri.apothecary = true;
    assert_eq!(
        check_team(&khemri, None),
        Err(TeamError::ApothecaryNotAllowed {
            roster: Roster::Khemri
        })
    );
    let mut throwers = base.clone();
    throwers.players[0].position = "thrower".into();
    assert_eq!(
        check_team(&throwers, None),
        Err(TeamError::OverMaximum {
            roster: Roster::Human,
            position: "Thrower",
            count: 3,
            max: 2
        })
    );
    let mut elf = base.clone();
    elf.players[0].position = "Wardancer".into();
    assert!(matches!(
        check_team(&elf, None),
        Err(TeamError::UnknownPosition { position, .. }) if position == "Wardancer"
    ));
    let mut few = base.clone();
    few.players.truncate(10);
    assert_eq!(
        check_team(&few, None),
        Err(TeamError::PlayerCount {
            roster: Roster::Human,
            players: 10
        })
    );
    // In a setup: the budget option, refused as an illegal team naming the cost.
    let setup = |sheet: &TeamSheet, budget: u32| MatchSetup {
        teams: [
            TeamChoice::Sheet(Box::new(sheet.clone())),
            TeamChoice::Roster(Roster::Orc),
        ],
        options: Options {
            budget,
            ..Options::default()
        },
        pre_match: Box::default(),
    };
    assert!(matches!(
        validate(&setup(&staff, 1_000_000)),
        Err(SetupError::IllegalTeam { what }) if what.contains("1030000 gp") && what.contains("budget")
    ));
    validate(&setup(&staff, 1_030_000)).unwrap();
    let mut d = ChaChaDice::from_u64(3);
    assert!(new_game(setup(&staff, 1_000_000), &mut d).is_err());
    // A setup stored without a budget reads with the default 1,000,000.
    let s: MatchSetup =
        serde_json::from_str(r#"{"teams": ["human", "orc"], "options": {"overtime": "none"}}"#)
            .unwrap();
    assert_eq!(s.options.budget, 1_000_000);
    assert!(!s.options.unofficial_rosters);
}

/// §27.22–§27.24: an unofficial roster is refused unless the match option
/// `unofficial_rosters` is on.
#[test]
fn unofficial_rosters_need_their_option() {
    let mut s: MatchSetup = serde_json::from_str(r#"{"teams": ["slann", "human"]}"#).unwrap();
    assert!(matches!(
        validate(&s),
        Err(SetupError::NeedsOption { needs, .. }) if needs == "unofficial_rosters"
    ));
    s.options.unofficial_rosters = true;
    validate(&s).unwrap();
    let s: MatchSetup = serde_json::from_str(
        r#"{"teams": ["human", "chaos pact"], "options": {"unofficial_rosters": false}}"#,
    )
    .unwrap();
    assert!(matches!(validate(&s), Err(SetupError::NeedsOption { .. })));
}

/// §27.0: 1,000 random teams over every roster and budgets from 800,000 to 2,000,000 are
/// all legal (the building rules and the budget), have 11 players or more, and leave less
/// than 10,000 unspent; a budget below the cheapest eleven is refused.
#[test]
fn a_thousand_random_teams_are_legal() {
    let mut d = ChaChaDice::from_u64(2026);
    for i in 0..1_000u32 {
        let r = Roster::ALL[(i as usize) % Roster::ALL.len()];
        let budget = 800_000 + 10_000 * u32::from(d.roll(Die::Range(121)));
        let sheet = random_team(r, budget, &mut d).unwrap_or_else(|e| panic!("{r:?}: {e}"));
        check_team(&sheet, Some(budget)).unwrap_or_else(|e| panic!("{r:?} {budget}: {e}"));
        assert!(sheet.players.len() >= 11);
        assert!(
            budget - sheet_cost(&sheet) < 10_000,
            "{r:?}: {} of {budget} spent",
            sheet_cost(&sheet)
        );
    }
    assert!(matches!(
        random_team(Roster::Human, 500_000, &mut d),
        Err(TeamError::OverBudget {
            cost: 550_000,
            budget: 500_000
        })
    ));
}

/// An Undead (Home, Necromancer) skeleton at (10,7) blocks `victim`'s player 0 at (11,7):
/// Defender Down, armour 6+5, injury 5+5 (a casualty), casualty 6-2 (Dead); then `more`
/// dice (a Regeneration roll). A second pair stands at (10,10) and (11,10). Returns the
/// game, the events, and the view folded from the events.
fn kill(
    victim: Roster,
    tweak: impl Fn(&mut Scenario, PlayerId),
    more: &[(Die, u16)],
) -> (Game, Vec<Event>, GameView) {
    let mut s = Scenario::new(Roster::Undead, victim);
    let a = s.player(HOME, 0);
    let d = s.player(AWAY, 0);
    let (a2, d2) = (s.player(HOME, 1), s.player(AWAY, 1));
    s.put(a, 10, 7)
        .put(d, 11, 7)
        .put(a2, 10, 10)
        .put(d2, 11, 10)
        .rerolls(HOME, 0)
        .rerolls(AWAY, 0)
        .apothecary(AWAY, false);
    tweak(&mut s, d);
    let mut g = s.turn(HOME, 1);
    let mut v = view(&g);
    let mut script = vec![bd(6), d6(6), d6(5), d6(5), d6(5), d6(6), d8(2)];
    script.extend_from_slice(more);
    let ev = play(
        &mut g,
        script,
        &[
            Command::Block {
                player: a,
                target: d,
            },
            Command::Push { square: sq(12, 7) },
            Command::FollowUp { follow: false },
        ],
    );
    for e in &ev {
        v.apply(e);
    }
    v.prompt = g.prompt.clone();
    (g, ev, v)
}

fn raised(ev: &[Event]) -> usize {
    ev.iter()
        .filter(|e| matches!(e, Event::ZombieRaised { .. }))
        .count()
}

/// §12.7 Raise the Dead: an opposing ST 3 lineman killed by the Undead team becomes a new
/// Zombie (4/3/2/8, Regeneration) in the Undead Reserves, the 15th player of a team of 14;
/// the Necromancer is then used (a second kill in the same turn raises nothing), and the
/// view reducer follows the new player.
#[test]
fn the_necromancer_raises_a_killed_opponent_as_a_zombie() {
    let (mut g, ev, v) = kill(Roster::Human, |_, _| {}, &[]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Casualty {
            result: CasualtyResult::Dead,
            ..
        }
    )));
    assert_eq!(raised(&ev), 1);
    assert_eq!(v, view(&g), "the view reducer adds the Zombie");
    let home: Vec<&dugout_rules::bb::state::Player> =
        g.players.iter().filter(|p| p.side == HOME).collect();
    assert_eq!(home.len(), 15);
    let z = home[14];
    assert_eq!(
        (z.position.as_str(), z.ma, z.st, z.ag, z.av, z.number),
        ("Zombie", 4, 3, 2, 8, 15)
    );
    assert!(z.has(Skill::Regeneration));
    assert_eq!(z.state, PlayerState::Reserve);
    assert!(!g.teams[0].necromancer);
    // A second kill in the same turn: the Necromancer is used.
    let a = g
        .players
        .iter()
        .find(|p| p.side == HOME && p.number == 2)
        .unwrap()
        .id;
    let d = g
        .players
        .iter()
        .find(|p| p.side == AWAY && p.number == 2)
        .unwrap()
        .id;
    let ev = play(
        &mut g,
        [bd(6), d6(6), d6(5), d6(5), d6(5), d6(6), d8(2)],
        &[
            Command::Block {
                player: a,
                target: d,
            },
            Command::Push { square: sq(12, 10) },
            Command::FollowUp { follow: false },
        ],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Casualty {
            result: CasualtyResult::Dead,
            ..
        }
    )));
    assert_eq!(raised(&ev), 0);
    assert_eq!(g.players.iter().filter(|p| p.side == HOME).count(), 15);
}

/// §12.7: no Zombie from a dead opponent with ST 5, with Stunty, or with Regeneration
/// (which failed its roll), nor for a team without a Necromancer.
#[test]
fn the_necromancer_raises_only_st_4_or_less_without_regeneration_or_stunty() {
    let (_, ev, _) = kill(
        Roster::Human,
        |s, d| {
            s.stats(d, 6, 5, 3, 8);
            let a = s.player(HOME, 0);
            s.stats(a, 5, 5, 2, 7);
        },
        &[],
    );
    assert_eq!(raised(&ev), 0, "ST 5");
    let (_, ev, _) = kill(
        Roster::Human,
        |s, d| {
            s.skill(d, Skill::Stunty);
        },
        &[],
    );
    assert_eq!(raised(&ev), 0, "Stunty");
    let (_, ev, _) = kill(
        Roster::Human,
        |s, d| {
            s.skill(d, Skill::Regeneration);
        },
        &[d6(1)],
    );
    assert_eq!(raised(&ev), 0, "Regeneration");
    // ST 4 is still raised.
    let (_, ev, _) = kill(
        Roster::Human,
        |s, d| {
            s.stats(d, 6, 4, 3, 8);
            let a = s.player(HOME, 0);
            s.stats(a, 5, 4, 2, 7);
        },
        &[],
    );
    assert_eq!(raised(&ev), 1, "ST 4");
    // Undead against Undead: the victim has Regeneration; a Human team has no Necromancer.
    let mut s = Scenario::new(Roster::Orc, Roster::Human);
    s.apothecary(AWAY, false);
    assert!(!s.game.teams[0].necromancer);
    assert!(Scenario::new(Roster::Necromantic, Roster::Human).game.teams[0].necromancer);
}

/// §12.7 (G112: any cause of death), §26.1: a team-mate eaten by an Always Hungry thrower
/// dies, and the opposing Necromancer raises him (an ST 3 lineman without Stunty).
#[test]
fn the_necromancer_raises_an_eaten_opponent() {
    let mut s = Scenario::new(Roster::Orc, Roster::Undead);
    let t = s.player(HOME, 0);
    let g = s.player(HOME, 1);
    s.put(t, 10, 7).put(g, 10, 8).rerolls(HOME, 0);
    for k in [Skill::ThrowTeamMate, Skill::AlwaysHungry, Skill::RightStuff] {
        s.skill(if k == Skill::RightStuff { g } else { t }, k);
    }
    let mut game = s.turn(HOME, 1);
    let ev = play(
        &mut game,
        [d6(1), d6(1)],
        &[
            Command::Declare {
                player: t,
                action: ActionKind::Pass,
            },
            Command::ThrowTeamMate {
                thrown: g,
                target: sq(14, 7),
            },
        ],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ZombieRaised { side: Side::Away, victim, .. } if *victim == g
    )));
    assert!(!game.teams[1].necromancer);
    assert_eq!(game.players.last().unwrap().side, AWAY);
}
