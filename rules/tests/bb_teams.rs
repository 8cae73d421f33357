//! Teams (§27): the rosters as data, starter teams, team sheets and their checks, and the
//! match setup on the wire.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.
#![allow(clippy::unwrap_used)]

mod bbcommon;
use bbcommon::*;

use dugout_rules::bb::setup::{sheet_cost, validate_sheet};

fn position(r: Roster, name: &str) -> &'static data::PositionData {
    r.data().positions.iter().find(|p| p.name == name).unwrap()
}

/// §27.0: every starter team is a legal 1,000,000 gp team of 11–16 players, numbered from
/// 1, with an apothecary where allowed.
#[test]
fn every_starter_team_is_legal_and_within_budget() {
    for r in Roster::ALL {
        let sheet = starter_team(r);
        validate_sheet(&sheet).unwrap();
        assert!(
            sheet_cost(&sheet) <= 1_000_000,
            "{r:?}: {}",
            sheet_cost(&sheet)
        );
        assert!((11..=16).contains(&sheet.players.len()));
        assert_eq!(sheet.players[0].number, 1);
    }
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
    setup.pre_match.inducements[0].push(Inducement::Bribe);
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
