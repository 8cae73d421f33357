//! The 23 Blitz Bowl team cards (§5.1, §5.2; gaps G5, G14, G15 in §7.2).
//!
//! Order and values follow the [SUP] team list of §5.2. Where the 2024 German rulebook prints a
//! stat block (§5.1) its cells are used, except where the rules reference overrides a garbled source value
//! with [SUP] (G15) and for the Orc Big Un Blocker's ability, which follows the source (G14).
//!
//! Row tags:
//! - [`Tag::S24`]: every M/B/T/A cell and the ability are printed in the source (possibly under
//!   a garbled ability name that [SUP] confirms). A count taken from [SUP] is named in `note`.
//! - [`Tag::Sup`]: at least one M/B/T/A or ability cell comes from [SUP], because the source
//!   lacks it or the rules reference overrides it (G15); `note` lists which cells came from where (empty when
//!   the whole team is [SUP] data).
//!
//! Changelog of overrides against the source (G15): Amazon Jaguar Warrior Blocker A 4+ → 3+;
//! Elven Union Blitzer A 4+ → 3+; Norse Valkyrie A 3+ → 4+; Norse Ulfwerener A 6+ → 3+ and
//! "Wand" → Frenzied. Cells blank or missing in the source and filled from [SUP]: Amazon
//! Piranha and Jaguar T; Elven Union Blitzer T; Vampire Thrower A; the Vampire Blitzer and
//! Snotling Stilty Runna rows; all Orc M/B/T/A cells except the Big Un's B 2. The Orc Big Un
//! Blocker keeps the source's "no ability" (G14).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use super::*;

/// All 23 teams, in the order of §5.2 (which is also [`TeamId`] order).
pub static TEAMS: [TeamDef; 23] = [
    TeamDef {
        id: TeamId::Amazon,
        name: "Amazon",
        size: 6,
        emergency_reserves: 4,
        positions: &[
            PositionDef {
                name: "Eagle Warrior Linewoman",
                count: 3,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(4),
                armour: Some(4),
                ability: None,
                throws_team_mates: false,
                tag: Tag::S24,
                note: "M/B/T/A from [S24] (agrees with [SUP]); count 3 from [SUP]",
            },
            PositionDef {
                name: "Python Warrior Thrower",
                count: 1,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(3),
                armour: Some(4),
                ability: Some(Ability::HandlingSkills),
                throws_team_mates: false,
                tag: Tag::S24,
                note: "M/B/T/A and Handling Skills from [S24] (printed \"Geschichte Hände\"; \
                      agrees with [SUP]); count 1 from [SUP]",
            },
            PositionDef {
                name: "Piranha Warrior Blitzer",
                count: 1,
                movement: MoveStat::Fixed(7),
                block: 1,
                throw: Some(4),
                armour: Some(4),
                ability: Some(Ability::HitAndRun),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "M/B/A and Hit and Run from [S24]; T 4+ [SUP] (source cell blank); count 1 \
                      from [SUP]",
            },
            PositionDef {
                name: "Jaguar Warrior Blocker",
                count: 1,
                movement: MoveStat::Fixed(6),
                block: 2,
                throw: Some(4),
                armour: Some(3),
                ability: Some(Ability::Defensive),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "A 3+ [SUP]; source prints 4+ (garbled row named \"WERFERIN\", G15); T 4+ \
                      [SUP] (source cell blank); M/B from [S24]; Defensive: source \"Spring\" \
                      garbled, [SUP] says Defensive; count 1 from [SUP]",
            },
        ],
        tag: Tag::Sup,
        note: "positions and size 6 from [S24] §5.1.5 (column alignment of the source table is \
              [uncertain]); counts and ER 4 from [SUP] §5.2",
    },
    TeamDef {
        id: TeamId::BlackOrc,
        name: "Black Orc",
        size: 6,
        emergency_reserves: 4,
        positions: &[
            PositionDef {
                name: "Goblin",
                count: 3,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(4),
                armour: Some(6),
                ability: Some(Ability::Elusive),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Black Orc",
                count: 3,
                movement: MoveStat::Fixed(4),
                block: 2,
                throw: Some(5),
                armour: Some(2),
                ability: None,
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
        ],
        tag: Tag::Sup,
        note: "all stats from [SUP] §5.2; not in the source",
    },
    TeamDef {
        id: TeamId::ChaosChosen,
        name: "Chaos Chosen",
        size: 6,
        emergency_reserves: 4,
        positions: &[
            PositionDef {
                name: "Beastman",
                count: 4,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(4),
                armour: Some(4),
                ability: Some(Ability::HeadButt),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Chosen Blocker",
                count: 2,
                movement: MoveStat::Fixed(5),
                block: 2,
                throw: Some(5),
                armour: Some(2),
                ability: None,
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
        ],
        tag: Tag::Sup,
        note: "all stats from [SUP] §5.2; not in the source",
    },
    TeamDef {
        id: TeamId::DarkElf,
        name: "Dark Elf",
        size: 6,
        emergency_reserves: 4,
        positions: &[
            PositionDef {
                name: "Lineman",
                count: 3,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(4),
                armour: Some(3),
                ability: None,
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Runner",
                count: 1,
                movement: MoveStat::Fixed(7),
                block: 1,
                throw: Some(3),
                armour: Some(4),
                ability: Some(Ability::DumpOff),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Blitzer",
                count: 1,
                movement: MoveStat::Fixed(7),
                block: 1,
                throw: Some(4),
                armour: Some(3),
                ability: Some(Ability::OffensiveSpecialist),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Witch Elf",
                count: 1,
                movement: MoveStat::Fixed(7),
                block: 1,
                throw: Some(5),
                armour: Some(4),
                ability: Some(Ability::Frenzied),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
        ],
        tag: Tag::Sup,
        note: "all stats from [SUP] §5.2; not in the source",
    },
    TeamDef {
        id: TeamId::Dwarf,
        name: "Dwarf",
        size: 6,
        emergency_reserves: 4,
        positions: &[
            PositionDef {
                name: "Lineman",
                count: 3,
                movement: MoveStat::Fixed(4),
                block: 1,
                throw: Some(5),
                armour: Some(2),
                ability: None,
                throws_team_mates: false,
                tag: Tag::S24,
                note: "",
            },
            PositionDef {
                name: "Runner",
                count: 1,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(4),
                armour: Some(3),
                ability: Some(Ability::SafeHands),
                throws_team_mates: false,
                tag: Tag::S24,
                note: "",
            },
            PositionDef {
                name: "Blitzer",
                count: 1,
                movement: MoveStat::Fixed(5),
                block: 1,
                throw: Some(4),
                armour: Some(2),
                ability: Some(Ability::OffensiveSpecialist),
                throws_team_mates: false,
                tag: Tag::S24,
                note: "",
            },
            PositionDef {
                name: "Troll Slayer",
                count: 1,
                movement: MoveStat::Fixed(5),
                block: 1,
                throw: Some(6),
                armour: Some(4),
                ability: Some(Ability::Frenzied),
                throws_team_mates: false,
                tag: Tag::S24,
                note: "",
            },
        ],
        tag: Tag::S24,
        note: "complete in [S24] §5.1.1 (size 6, ER 4); [SUP] agrees",
    },
    TeamDef {
        id: TeamId::ElvenUnion,
        name: "Elven Union",
        size: 6,
        emergency_reserves: 4,
        positions: &[
            PositionDef {
                name: "Lineman",
                count: 3,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(3),
                armour: Some(4),
                ability: None,
                throws_team_mates: false,
                tag: Tag::S24,
                note: "M/B/T/A from [S24] (agrees with [SUP]); count 3 from [SUP]",
            },
            PositionDef {
                name: "Thrower",
                count: 1,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(2),
                armour: Some(4),
                ability: Some(Ability::ExpertPasser),
                throws_team_mates: false,
                tag: Tag::S24,
                note: "M/B/T/A and Expert Passer from [S24] (agrees with [SUP]); count 1 from \
                      [SUP]",
            },
            PositionDef {
                name: "Catcher",
                count: 1,
                movement: MoveStat::Fixed(8),
                block: 1,
                throw: Some(3),
                armour: Some(5),
                ability: Some(Ability::CatchersInstincts),
                throws_team_mates: false,
                tag: Tag::S24,
                note: "M/B/T/A and Catcher's Instincts from [S24] (agrees with [SUP]); count 1 \
                      from [SUP]",
            },
            PositionDef {
                name: "Blitzer",
                count: 1,
                movement: MoveStat::Fixed(7),
                block: 1,
                throw: Some(3),
                armour: Some(3),
                ability: Some(Ability::OffensiveSpecialist),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "A 3+ [SUP]; source prints 4+ (garbled row named \"WERFER\", G15); T 3+ \
                      [SUP] (source cell blank); M/B from [S24]; Offensive Specialist: source \
                      \"Spezialist\" text garbled, [SUP] agrees; count 1 from [SUP]",
            },
        ],
        tag: Tag::Sup,
        note: "positions and size 6 from [S24] §5.1.7; counts and ER 4 from [SUP] §5.2",
    },
    TeamDef {
        id: TeamId::Gnome,
        name: "Gnome",
        size: 8,
        emergency_reserves: 4,
        positions: &[
            PositionDef {
                name: "Lineman",
                count: 4,
                movement: MoveStat::Fixed(5),
                block: 1,
                throw: Some(4),
                armour: Some(6),
                ability: None,
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Illusionist",
                count: 1,
                movement: MoveStat::Fixed(5),
                block: 1,
                throw: Some(3),
                armour: Some(6),
                ability: Some(Ability::DumpOff),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Beastmaster",
                count: 1,
                movement: MoveStat::Fixed(5),
                block: 1,
                throw: Some(4),
                armour: Some(4),
                ability: Some(Ability::WoodlandAid),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Woodland Fox",
                count: 1,
                movement: MoveStat::Fixed(7),
                block: 1,
                throw: Some(6),
                armour: Some(6),
                ability: Some(Ability::LitheCreature),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Treeman",
                count: 1,
                movement: MoveStat::Fixed(2),
                block: 2,
                throw: Some(5),
                armour: Some(2),
                ability: Some(Ability::HulkingBrute),
                throws_team_mates: true,
                tag: Tag::Sup,
                note: "",
            },
        ],
        tag: Tag::Sup,
        note: "all stats from [SUP] §5.2; not in the source",
    },
    TeamDef {
        id: TeamId::Goblin,
        name: "Goblin",
        size: 7,
        emergency_reserves: 4,
        positions: &[
            PositionDef {
                name: "Goblin",
                count: 6,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(4),
                armour: Some(6),
                ability: Some(Ability::Elusive),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Troll",
                count: 1,
                movement: MoveStat::Fixed(4),
                block: 2,
                throw: Some(5),
                armour: Some(2),
                ability: Some(Ability::HulkingBrute),
                throws_team_mates: true,
                tag: Tag::Sup,
                note: "",
            },
        ],
        tag: Tag::Sup,
        note: "all stats from [SUP] §5.2; not in the source",
    },
    TeamDef {
        id: TeamId::Halfling,
        name: "Halfling",
        size: 7,
        emergency_reserves: 2,
        positions: &[
            PositionDef {
                name: "Lineman",
                count: 4,
                movement: MoveStat::Fixed(5),
                block: 1,
                throw: Some(4),
                armour: Some(6),
                ability: None,
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Catcher",
                count: 1,
                movement: MoveStat::Fixed(5),
                block: 1,
                throw: Some(4),
                armour: Some(6),
                ability: Some(Ability::CatchersInstincts),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Hefty",
                count: 1,
                movement: MoveStat::Fixed(5),
                block: 1,
                throw: Some(4),
                armour: Some(4),
                ability: Some(Ability::StandFirm),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Treeman",
                count: 1,
                movement: MoveStat::Fixed(2),
                block: 2,
                throw: Some(5),
                armour: Some(2),
                ability: Some(Ability::HulkingBrute),
                throws_team_mates: true,
                tag: Tag::Sup,
                note: "",
            },
        ],
        tag: Tag::Sup,
        note: "all stats from [SUP] §5.2; not in the source",
    },
    TeamDef {
        id: TeamId::Human,
        name: "Human",
        size: 6,
        emergency_reserves: 4,
        positions: &[
            PositionDef {
                name: "Lineman",
                count: 3,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(4),
                armour: Some(3),
                ability: None,
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Thrower",
                count: 1,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(3),
                armour: Some(3),
                ability: Some(Ability::HandlingSkills),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Catcher",
                count: 1,
                movement: MoveStat::Fixed(8),
                block: 1,
                throw: Some(4),
                armour: Some(5),
                ability: Some(Ability::CatchersInstincts),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Blitzer",
                count: 1,
                movement: MoveStat::Fixed(7),
                block: 1,
                throw: Some(4),
                armour: Some(3),
                ability: Some(Ability::OffensiveSpecialist),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
        ],
        tag: Tag::Sup,
        note: "all stats from [SUP] §5.2; [S18] §5.3 names the positions but prints no stats",
    },
    TeamDef {
        id: TeamId::ImperialNobility,
        name: "Imperial Nobility",
        size: 6,
        emergency_reserves: 3,
        positions: &[
            PositionDef {
                name: "Lineman",
                count: 2,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(4),
                armour: Some(5),
                ability: None,
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Thrower",
                count: 1,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(3),
                armour: Some(4),
                ability: Some(Ability::RunningPass),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Bodyguard",
                count: 2,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(5),
                armour: Some(3),
                ability: Some(Ability::StandFirm),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Blitzer",
                count: 1,
                movement: MoveStat::Fixed(7),
                block: 1,
                throw: Some(4),
                armour: Some(3),
                ability: Some(Ability::OffensiveSpecialist),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
        ],
        tag: Tag::Sup,
        note: "all stats from [SUP] §5.2; not in the source",
    },
    TeamDef {
        id: TeamId::Khorne,
        name: "Khorne",
        size: 6,
        emergency_reserves: 4,
        positions: &[
            PositionDef {
                name: "Marauder",
                count: 3,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(4),
                armour: Some(4),
                ability: None,
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Khorngor",
                count: 1,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(4),
                armour: Some(4),
                ability: Some(Ability::HeadButt),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Bloodseeker",
                count: 2,
                movement: MoveStat::Fixed(5),
                block: 2,
                throw: Some(6),
                armour: Some(3),
                ability: Some(Ability::Enforcer),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
        ],
        tag: Tag::Sup,
        note: "all stats from [SUP] §5.2; not in the source",
    },
    TeamDef {
        id: TeamId::Lizardmen,
        name: "Lizardmen",
        size: 6,
        emergency_reserves: 5,
        positions: &[
            PositionDef {
                name: "Skink",
                count: 2,
                movement: MoveStat::Fixed(8),
                block: 1,
                throw: Some(4),
                armour: Some(6),
                ability: Some(Ability::SafeHands),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Chameleon Skink",
                count: 1,
                movement: MoveStat::Fixed(7),
                block: 1,
                throw: Some(3),
                armour: Some(6),
                ability: Some(Ability::CatchersInstincts),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Saurus Blocker",
                count: 3,
                movement: MoveStat::Fixed(6),
                block: 2,
                throw: Some(6),
                armour: Some(2),
                ability: None,
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
        ],
        tag: Tag::Sup,
        note: "all stats from [SUP] §5.2; not in the source",
    },
    TeamDef {
        id: TeamId::Necromantic,
        name: "Necromantic",
        size: 7,
        emergency_reserves: 5,
        positions: &[
            PositionDef {
                name: "Zombie",
                count: 3,
                movement: MoveStat::Fixed(4),
                block: 1,
                throw: Some(6),
                armour: Some(3),
                ability: None,
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Ghoul",
                count: 1,
                movement: MoveStat::Fixed(7),
                block: 1,
                throw: Some(4),
                armour: Some(4),
                ability: Some(Ability::SafeHands),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Wraith",
                count: 1,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: None,
                armour: Some(3),
                ability: Some(Ability::Ethereal),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Werewolf",
                count: 1,
                movement: MoveStat::Fixed(8),
                block: 1,
                throw: Some(4),
                armour: Some(3),
                ability: Some(Ability::Violent),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Flesh Golem",
                count: 1,
                movement: MoveStat::Fixed(4),
                block: 2,
                throw: Some(6),
                armour: Some(2),
                ability: Some(Ability::StandFirm),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
        ],
        tag: Tag::Sup,
        note: "all stats from [SUP] §5.2; not in the source",
    },
    TeamDef {
        id: TeamId::Norse,
        name: "Norse",
        size: 7,
        emergency_reserves: 3,
        positions: &[
            PositionDef {
                name: "Lineman",
                count: 3,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(4),
                armour: Some(4),
                ability: None,
                throws_team_mates: false,
                tag: Tag::S24,
                note: "M/B/T/A from [S24] (agrees with [SUP]); count 3 from [SUP]",
            },
            PositionDef {
                name: "Beer Boar",
                count: 1,
                movement: MoveStat::Fixed(5),
                block: 1,
                throw: None,
                armour: Some(6),
                ability: Some(Ability::PickMeUp),
                throws_team_mates: false,
                tag: Tag::S24,
                note: "M/B/T/A and Pick-me-up (\"Stärkungsmittel\") from [S24] (agrees with \
                      [SUP]); count 1 from [SUP]",
            },
            PositionDef {
                name: "Berserker",
                count: 1,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(4),
                armour: Some(4),
                ability: Some(Ability::OffensiveSpecialist),
                throws_team_mates: false,
                tag: Tag::S24,
                note: "M/B/T/A from [S24] (agrees with [SUP]); ability printed \
                      \"Offizier-Spezialist\", read as Offensive Specialist as in [SUP]; count 1 \
                      from [SUP]",
            },
            PositionDef {
                name: "Valkyrie",
                count: 1,
                movement: MoveStat::Fixed(7),
                block: 1,
                throw: Some(3),
                armour: Some(4),
                ability: Some(Ability::SafeHands),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "A 4+ [SUP]; source prints 3+ (garbled row named \"WIRTSCHAFTS\", G15); \
                      M/B/T from [S24]; Safe Hands: source \"Griff\" garbled, [SUP] agrees; \
                      count 1 from [SUP]",
            },
            PositionDef {
                name: "Ulfwerener",
                count: 1,
                movement: MoveStat::Fixed(6),
                block: 2,
                throw: Some(6),
                armour: Some(3),
                ability: Some(Ability::Frenzied),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "A 3+ [SUP]; source prints 6+ (garbled row named \"WIRTSCHAFTS\", G15); \
                      ability Frenzied [SUP], source text \"Wand\" is nonsense (G15); M/B/T from \
                      [S24]; count 1 from [SUP]",
            },
        ],
        tag: Tag::Sup,
        note: "garbled [S24] rows (§5.1.3, [uncertain]) used where they agree with [SUP]; counts, \
              size 7, ER 3 and the Valkyrie/Ulfwerener overrides from [SUP] §5.2 (G15)",
    },
    TeamDef {
        id: TeamId::Nurgle,
        name: "Nurgle",
        size: 6,
        emergency_reserves: 4,
        positions: &[
            PositionDef {
                name: "Lineman",
                count: 3,
                movement: MoveStat::Fixed(5),
                block: 1,
                throw: Some(6),
                armour: Some(4),
                ability: None,
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Pestigor",
                count: 1,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(4),
                armour: Some(3),
                ability: Some(Ability::HeadButt),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Bloater",
                count: 2,
                movement: MoveStat::Fixed(4),
                block: 2,
                throw: Some(6),
                armour: Some(3),
                ability: Some(Ability::StandFirm),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
        ],
        tag: Tag::Sup,
        note: "all stats from [SUP] §5.2; not in the source",
    },
    TeamDef {
        id: TeamId::Ogre,
        name: "Ogre",
        size: 8,
        emergency_reserves: 4,
        positions: &[
            PositionDef {
                name: "Gnoblar",
                count: 6,
                movement: MoveStat::Fixed(5),
                block: 1,
                throw: Some(5),
                armour: Some(6),
                ability: Some(Ability::Titchy),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Ogre",
                count: 2,
                movement: MoveStat::Fixed(5),
                block: 2,
                throw: Some(5),
                armour: Some(2),
                ability: Some(Ability::HulkingBrute),
                throws_team_mates: true,
                tag: Tag::Sup,
                note: "",
            },
        ],
        tag: Tag::Sup,
        note: "all stats from [SUP] §5.2; not in the source",
    },
    TeamDef {
        id: TeamId::Orc,
        name: "Orc",
        size: 6,
        emergency_reserves: 4,
        positions: &[
            PositionDef {
                name: "Lineman",
                count: 3,
                movement: MoveStat::Fixed(5),
                block: 1,
                throw: Some(4),
                armour: Some(3),
                ability: None,
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "count 3 and no ability from [S24]; M/B/T/A from [SUP]",
            },
            PositionDef {
                name: "Thrower",
                count: 1,
                movement: MoveStat::Fixed(5),
                block: 1,
                throw: Some(3),
                armour: Some(3),
                ability: Some(Ability::HandlingSkills),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "count 1 and Handling Skills from [S24]; M/B/T/A from [SUP]",
            },
            PositionDef {
                name: "Blitzer",
                count: 1,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(4),
                armour: Some(2),
                ability: Some(Ability::OffensiveSpecialist),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "count 1 and Offensive Specialist from [S24] (an [S24] example is consistent \
                      with M 6); M/B/T/A from [SUP]",
            },
            PositionDef {
                name: "Big Un Blocker",
                count: 1,
                movement: MoveStat::Fixed(5),
                block: 2,
                throw: Some(6),
                armour: Some(2),
                ability: None,
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "count 1, B 2 and no ability from [S24]; M/T/A from [SUP]; [SUP] card says \
                      Mighty Blow; match option orc_big_un_mighty_blow turns it on (G14)",
            },
        ],
        tag: Tag::Sup,
        note: "positions, counts, abilities, size 6 and the Big Un's B 2 from [S24] §5.1.2; all \
              other M/B/T/A cells and ER 4 from [SUP] §5.2",
    },
    TeamDef {
        id: TeamId::ShamblingUndead,
        name: "Shambling Undead",
        size: 7,
        emergency_reserves: 4,
        positions: &[
            PositionDef {
                name: "Zombie",
                count: 2,
                movement: MoveStat::Fixed(4),
                block: 1,
                throw: Some(6),
                armour: Some(3),
                ability: None,
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Skeleton",
                count: 2,
                movement: MoveStat::Fixed(5),
                block: 1,
                throw: Some(6),
                armour: Some(4),
                ability: Some(Ability::Regenerate),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Ghoul",
                count: 1,
                movement: MoveStat::Fixed(7),
                block: 1,
                throw: Some(4),
                armour: Some(4),
                ability: Some(Ability::SafeHands),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Wight",
                count: 1,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(5),
                armour: Some(3),
                ability: Some(Ability::OffensiveSpecialist),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Mummy",
                count: 1,
                movement: MoveStat::Fixed(3),
                block: 2,
                throw: Some(6),
                armour: Some(2),
                ability: Some(Ability::MightyBlow),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
        ],
        tag: Tag::Sup,
        note: "all stats from [SUP] §5.2; not in the source",
    },
    TeamDef {
        id: TeamId::Skaven,
        name: "Skaven",
        size: 6,
        emergency_reserves: 4,
        positions: &[
            PositionDef {
                name: "Lineman",
                count: 3,
                movement: MoveStat::Fixed(7),
                block: 1,
                throw: Some(4),
                armour: Some(4),
                ability: None,
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Thrower",
                count: 1,
                movement: MoveStat::Fixed(7),
                block: 1,
                throw: Some(3),
                armour: Some(4),
                ability: Some(Ability::HandlingSkills),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Blitzer",
                count: 1,
                movement: MoveStat::Fixed(7),
                block: 1,
                throw: Some(5),
                armour: Some(3),
                ability: Some(Ability::OffensiveSpecialist),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Gutter Runner",
                count: 1,
                movement: MoveStat::Fixed(9),
                block: 1,
                throw: Some(4),
                armour: Some(5),
                ability: Some(Ability::SafeHands),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
        ],
        tag: Tag::Sup,
        note: "all stats from [SUP] §5.2; not in the source",
    },
    TeamDef {
        id: TeamId::Snotling,
        name: "Snotling",
        size: 10,
        emergency_reserves: 5,
        positions: &[
            PositionDef {
                name: "Snotling",
                count: 6,
                movement: MoveStat::Fixed(5),
                block: 1,
                throw: Some(5),
                armour: None,
                ability: Some(Ability::Insignificant),
                throws_team_mates: false,
                tag: Tag::S24,
                note: "M/B/T/A and Insignificant from [S24] (agrees with [SUP]); count 6 from \
                      [SUP]",
            },
            PositionDef {
                name: "Fungus Flinga",
                count: 1,
                movement: MoveStat::Fixed(5),
                block: 1,
                throw: Some(4),
                armour: None,
                ability: Some(Ability::Bomber),
                throws_team_mates: false,
                tag: Tag::S24,
                note: "M/B/T/A and Bomber from [S24] (agrees with [SUP]); count 1 from [SUP]",
            },
            PositionDef {
                name: "Fun-Hoppa",
                count: 1,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(5),
                armour: None,
                ability: Some(Ability::Leap),
                throws_team_mates: false,
                tag: Tag::S24,
                note: "M/B/T/A and Leap from [S24] (agrees with [SUP]); count 1 from [SUP]",
            },
            PositionDef {
                name: "Stilty Runna",
                count: 1,
                movement: MoveStat::Fixed(7),
                block: 1,
                throw: Some(5),
                armour: None,
                ability: None,
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "row missing in the source; all cells from [SUP]",
            },
            PositionDef {
                name: "Pump Wagon",
                count: 1,
                movement: MoveStat::D6,
                block: 3,
                throw: None,
                armour: Some(3),
                ability: Some(Ability::WarMachine),
                throws_team_mates: false,
                tag: Tag::S24,
                note: "M/B/T/A and War Machine from [S24] (agrees with [SUP]); count 1 from [SUP]",
            },
        ],
        tag: Tag::Sup,
        note: "positions and size 10 from [S24] §5.1.6; counts, ER 5 and the Stilty Runna row from \
              [SUP] §5.2",
    },
    TeamDef {
        id: TeamId::Vampire,
        name: "Vampire",
        size: 7,
        emergency_reserves: 4,
        positions: &[
            PositionDef {
                name: "Thrall",
                count: 4,
                movement: MoveStat::Fixed(6),
                block: 1,
                throw: Some(5),
                armour: Some(6),
                ability: Some(Ability::Minion),
                throws_team_mates: false,
                tag: Tag::S24,
                note: "M/B/T/A from [S24] (agrees with [SUP]); ability printed \"Lokal\", read as \
                      Minion as in [SUP]; count 4 from [SUP]",
            },
            PositionDef {
                name: "Runner",
                count: 1,
                movement: MoveStat::Fixed(8),
                block: 1,
                throw: Some(4),
                armour: Some(3),
                ability: Some(Ability::Bloodlust),
                throws_team_mates: false,
                tag: Tag::S24,
                note: "M/B/T/A from [S24] (agrees with [SUP]); ability printed \"Blütler\", read \
                      as Bloodlust as in [SUP]; count 1 from [SUP]",
            },
            PositionDef {
                name: "Thrower",
                count: 1,
                movement: MoveStat::Fixed(6),
                block: 2,
                throw: Some(2),
                armour: Some(3),
                ability: Some(Ability::Bloodlust),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "A 3+ [SUP] (source cell missing); M/B/T and Bloodlust from [S24]; count 1 \
                      from [SUP]",
            },
            PositionDef {
                name: "Blitzer",
                count: 1,
                movement: MoveStat::Fixed(6),
                block: 2,
                throw: Some(5),
                armour: Some(3),
                ability: Some(Ability::Bloodlust),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "row missing in the source; all cells from [SUP]",
            },
        ],
        tag: Tag::Sup,
        note: "positions and size 7 from [S24] §5.1.4; counts, ER 4 and the Blitzer row from [SUP] \
              §5.2",
    },
    TeamDef {
        id: TeamId::WoodElf,
        name: "Wood Elf",
        size: 6,
        emergency_reserves: 4,
        positions: &[
            PositionDef {
                name: "Lineman",
                count: 3,
                movement: MoveStat::Fixed(7),
                block: 1,
                throw: Some(4),
                armour: Some(5),
                ability: None,
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Thrower",
                count: 1,
                movement: MoveStat::Fixed(7),
                block: 1,
                throw: Some(2),
                armour: Some(5),
                ability: Some(Ability::HandlingSkills),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Catcher",
                count: 1,
                movement: MoveStat::Fixed(8),
                block: 1,
                throw: Some(4),
                armour: Some(6),
                ability: Some(Ability::CatchersInstincts),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
            PositionDef {
                name: "Wardancer",
                count: 1,
                movement: MoveStat::Fixed(8),
                block: 1,
                throw: Some(4),
                armour: Some(4),
                ability: Some(Ability::Wardance),
                throws_team_mates: false,
                tag: Tag::Sup,
                note: "",
            },
        ],
        tag: Tag::Sup,
        note: "all stats from [SUP] §5.2; not in the source",
    },
];

/// The team card for `id`.
pub fn team(id: TeamId) -> &'static TeamDef {
    // `TEAMS` is in `TeamId` declaration order; the tests check this.
    &TEAMS[id as usize]
}

impl TeamId {
    /// All 23 teams, in §5.2 order.
    pub const ALL: [TeamId; 23] = [
        TeamId::Amazon,
        TeamId::BlackOrc,
        TeamId::ChaosChosen,
        TeamId::DarkElf,
        TeamId::Dwarf,
        TeamId::ElvenUnion,
        TeamId::Gnome,
        TeamId::Goblin,
        TeamId::Halfling,
        TeamId::Human,
        TeamId::ImperialNobility,
        TeamId::Khorne,
        TeamId::Lizardmen,
        TeamId::Necromantic,
        TeamId::Norse,
        TeamId::Nurgle,
        TeamId::Ogre,
        TeamId::Orc,
        TeamId::ShamblingUndead,
        TeamId::Skaven,
        TeamId::Snotling,
        TeamId::Vampire,
        TeamId::WoodElf,
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(id: TeamId, name: &str) -> &'static PositionDef {
        team(id)
            .positions
            .iter()
            .find(|p| p.name == name)
            .unwrap_or_else(|| panic!("{id:?} has no position {name}"))
    }

    #[test]
    fn there_are_23_teams_in_id_order() {
        assert_eq!(TEAMS.len(), 23);
        for (i, id) in TeamId::ALL.iter().enumerate() {
            assert_eq!(TEAMS[i].id, *id);
            assert_eq!(team(*id).id, *id);
        }
    }

    #[test]
    fn team_sizes_match_position_counts() {
        for t in &TEAMS {
            let sum: u32 = t.positions.iter().map(|p| u32::from(p.count)).sum();
            assert_eq!(u32::from(t.size), sum, "{}", t.name);
            assert!((6..=10).contains(&t.size), "{}", t.name);
            assert!(t.positions.iter().all(|p| p.count > 0), "{}", t.name);
        }
    }

    #[test]
    fn stat_values_are_in_range() {
        for t in &TEAMS {
            assert!((1..=5).contains(&t.emergency_reserves), "{}", t.name);
            for p in t.positions {
                assert!((1..=3).contains(&p.block), "{} {}", t.name, p.name);
                for v in [p.throw, p.armour].into_iter().flatten() {
                    assert!((2..=6).contains(&v), "{} {}", t.name, p.name);
                }
                if let MoveStat::Fixed(m) = p.movement {
                    assert!((1..=9).contains(&m), "{} {}", t.name, p.name);
                }
            }
        }
    }

    #[test]
    fn dwarf_team_is_exactly_the_source_card() {
        let dwarf = team(TeamId::Dwarf);
        assert_eq!((dwarf.size, dwarf.emergency_reserves), (6, 4));
        let expected = [
            ("Lineman", 3, 4, 1, 5, 2, None),
            ("Runner", 1, 6, 1, 4, 3, Some(Ability::SafeHands)),
            ("Blitzer", 1, 5, 1, 4, 2, Some(Ability::OffensiveSpecialist)),
            ("Troll Slayer", 1, 5, 1, 6, 4, Some(Ability::Frenzied)),
        ];
        assert_eq!(dwarf.positions.len(), expected.len());
        for (p, (name, count, m, b, t, a, ability)) in dwarf.positions.iter().zip(expected) {
            assert_eq!(p.name, name);
            assert_eq!(p.count, count);
            assert_eq!(p.movement, MoveStat::Fixed(m));
            assert_eq!(p.block, b);
            assert_eq!(p.throw, Some(t));
            assert_eq!(p.armour, Some(a));
            assert_eq!(p.ability, ability);
            assert!(!p.throws_team_mates);
            assert_eq!(p.tag, Tag::S24);
        }
    }

    #[test]
    fn snotling_pump_wagon() {
        let p = position(TeamId::Snotling, "Pump Wagon");
        assert_eq!(p.movement, MoveStat::D6);
        assert_eq!(p.block, 3);
        assert_eq!(p.throw, None);
        assert_eq!(p.armour, Some(3));
        assert_eq!(p.ability, Some(Ability::WarMachine));
    }

    #[test]
    fn only_troll_treemen_and_ogres_throw_team_mates() {
        let mut throwers: Vec<(TeamId, &str)> = TEAMS
            .iter()
            .flat_map(|t| {
                t.positions
                    .iter()
                    .filter(|p| p.throws_team_mates)
                    .map(move |p| (t.id, p.name))
            })
            .collect();
        throwers.sort();
        assert_eq!(
            throwers,
            [
                (TeamId::Gnome, "Treeman"),
                (TeamId::Goblin, "Troll"),
                (TeamId::Halfling, "Treeman"),
                (TeamId::Ogre, "Ogre"),
            ]
        );
    }

    #[test]
    fn throw_dash_and_armour_dash_players() {
        let mut no_throw: Vec<&str> = TEAMS
            .iter()
            .flat_map(|t| t.positions.iter())
            .filter(|p| p.throw.is_none())
            .map(|p| p.name)
            .collect();
        no_throw.sort_unstable();
        assert_eq!(no_throw, ["Beer Boar", "Pump Wagon", "Wraith"]);
        for t in &TEAMS {
            for p in t.positions {
                let expect_dash = t.id == TeamId::Snotling && p.name != "Pump Wagon";
                assert_eq!(p.armour.is_none(), expect_dash, "{} {}", t.name, p.name);
            }
        }
    }

    #[test]
    fn orc_big_un_follows_the_source() {
        let p = position(TeamId::Orc, "Big Un Blocker");
        assert_eq!(p.ability, None);
        assert_eq!(p.block, 2);
        assert!(p.note.contains("orc_big_un_mighty_blow"));
    }

    #[test]
    fn garbled_rows_use_sup_overrides() {
        assert_eq!(position(TeamId::Norse, "Valkyrie").armour, Some(4));
        let ulf = position(TeamId::Norse, "Ulfwerener");
        assert_eq!(
            (ulf.armour, ulf.ability),
            (Some(3), Some(Ability::Frenzied))
        );
        assert_eq!(
            position(TeamId::Amazon, "Jaguar Warrior Blocker").armour,
            Some(3)
        );
        assert_eq!(position(TeamId::ElvenUnion, "Blitzer").armour, Some(3));
        assert_eq!(position(TeamId::Vampire, "Thrower").armour, Some(3));
    }

    #[test]
    fn mixed_rows_explain_themselves() {
        for t in &TEAMS {
            assert!(!t.note.is_empty(), "{}", t.name);
            for p in t.positions {
                let all_sup_team = t.tag == Tag::Sup && t.note.starts_with("all stats from [SUP]");
                if !all_sup_team && t.id != TeamId::Dwarf {
                    assert!(!p.note.is_empty(), "{} {}", t.name, p.name);
                }
            }
        }
    }
}
