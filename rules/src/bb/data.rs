//! Blood Bowl data as tables: the skills, every roster of the book, the casualty, kick-off
//! and weather tables. Code reads these tables; it never spells a roster or a skill's numbers itself.
//!
//! Every roster row is tagged [R] (rebuilt roster data: the source book's team lists were
//! lost, §27.0), every design default [Proposal].
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use serde::{Deserialize, Serialize};

/// A skill (§26). The 35 skills of the six rosters built so far (§27.1–§27.6) plus Pro; the
/// remaining LRB6 skills are added as new variants (the wire names are the snake_case names,
/// so adding a variant never changes an existing one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Skill {
    AlwaysHungry,
    BallAndChain,
    Block,
    Bombardier,
    BoneHead,
    BreakTackle,
    Catch,
    Chainsaw,
    Dauntless,
    DirtyPlayer,
    Dodge,
    Frenzy,
    Juggernaut,
    Leap,
    Loner,
    MightyBlow,
    NoHands,
    Pass,
    PrehensileTail,
    Pro,
    ReallyStupid,
    Regeneration,
    RightStuff,
    SecretWeapon,
    Sprint,
    StandFirm,
    StrongArm,
    Stunty,
    SureHands,
    Tackle,
    TakeRoot,
    ThickSkull,
    ThrowTeamMate,
    VeryLongLegs,
    WildAnimal,
    // LRB6 skills added for the complete game (§26.36–§26.75), in the same order as
    // their rows of `SKILLS`; appended so the bits of the first 35 never move.
    Accurate,
    Animosity,
    BigHand,
    BloodLust,
    Claw,
    Decay,
    DisturbingPresence,
    DivingCatch,
    DivingTackle,
    DumpOff,
    ExtraArms,
    FanFavourite,
    Fend,
    FoulAppearance,
    Grab,
    Guard,
    HailMaryPass,
    Horns,
    HypnoticGaze,
    JumpUp,
    Kick,
    KickOffReturn,
    Leader,
    MultipleBlock,
    NervesOfSteel,
    NurglesRot,
    PassBlock,
    PilingOn,
    SafeThrow,
    Shadowing,
    SideStep,
    SneakyGit,
    Stab,
    Stakes,
    StripBall,
    SureFeet,
    Tentacles,
    Titchy,
    TwoHeads,
    Wrestle,
}

/// A skill category (§26.0; league advancement access, §27.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Category {
    General,
    Agility,
    Passing,
    Strength,
    Mutation,
    Extraordinary,
}

/// One row of the skill table: name, category, section, and whether this engine plays it.
#[derive(Clone, Copy, Debug)]
pub struct SkillInfo {
    pub skill: Skill,
    pub name: &'static str,
    pub category: Category,
    /// The section of docs/rules/blood-bowl.md (`26.N`).
    pub section: &'static str,
    /// Built: the engine plays it. A roster position with a skill not built is refused by
    /// `validate` (`SetupError::NotImplemented` naming the skill).
    pub built: bool,
}

use Category::*;

/// The skill table (§26.1–§26.35).
pub const SKILLS: &[SkillInfo] = &[
    si(
        Skill::AlwaysHungry,
        "Always Hungry",
        Extraordinary,
        "26.1",
        true,
    ),
    si(
        Skill::BallAndChain,
        "Ball & Chain",
        Extraordinary,
        "26.2",
        true,
    ),
    si(Skill::Block, "Block", General, "26.3", true),
    si(Skill::Bombardier, "Bombardier", Extraordinary, "26.4", true),
    si(Skill::BoneHead, "Bone-head", Extraordinary, "26.5", true),
    si(Skill::BreakTackle, "Break Tackle", Strength, "26.6", true),
    si(Skill::Catch, "Catch", Agility, "26.7", true),
    si(Skill::Chainsaw, "Chainsaw", Extraordinary, "26.8", true),
    si(Skill::Dauntless, "Dauntless", General, "26.9", true),
    si(Skill::DirtyPlayer, "Dirty Player", General, "26.10", true),
    si(Skill::Dodge, "Dodge", Agility, "26.11", true),
    si(Skill::Frenzy, "Frenzy", General, "26.12", true),
    si(Skill::Juggernaut, "Juggernaut", Strength, "26.13", true),
    si(Skill::Leap, "Leap", Agility, "26.14", true),
    si(Skill::Loner, "Loner", Extraordinary, "26.15", true),
    si(Skill::MightyBlow, "Mighty Blow", Strength, "26.16", true),
    si(Skill::NoHands, "No Hands", Extraordinary, "26.17", true),
    si(Skill::Pass, "Pass", Passing, "26.18", true),
    si(
        Skill::PrehensileTail,
        "Prehensile Tail",
        Mutation,
        "26.19",
        true,
    ),
    si(Skill::Pro, "Pro", General, "26.20", true),
    si(
        Skill::ReallyStupid,
        "Really Stupid",
        Extraordinary,
        "26.21",
        true,
    ),
    si(
        Skill::Regeneration,
        "Regeneration",
        Extraordinary,
        "26.22",
        true,
    ),
    si(
        Skill::RightStuff,
        "Right Stuff",
        Extraordinary,
        "26.23",
        true,
    ),
    si(
        Skill::SecretWeapon,
        "Secret Weapon",
        Extraordinary,
        "26.24",
        true,
    ),
    si(Skill::Sprint, "Sprint", Agility, "26.25", true),
    si(Skill::StandFirm, "Stand Firm", Strength, "26.26", true),
    si(Skill::StrongArm, "Strong Arm", Strength, "26.27", true),
    si(Skill::Stunty, "Stunty", Extraordinary, "26.28", true),
    si(Skill::SureHands, "Sure Hands", General, "26.29", true),
    si(Skill::Tackle, "Tackle", General, "26.30", true),
    si(Skill::TakeRoot, "Take Root", Extraordinary, "26.31", true),
    si(Skill::ThickSkull, "Thick Skull", Strength, "26.32", true),
    si(
        Skill::ThrowTeamMate,
        "Throw Team-Mate",
        Extraordinary,
        "26.33",
        true,
    ),
    si(
        Skill::VeryLongLegs,
        "Very Long Legs",
        Mutation,
        "26.34",
        true,
    ),
    si(
        Skill::WildAnimal,
        "Wild Animal",
        Extraordinary,
        "26.35",
        true,
    ),
    si(Skill::Accurate, "Accurate", Passing, "26.36", true),
    si(Skill::Animosity, "Animosity", Extraordinary, "26.37", true),
    si(Skill::BigHand, "Big Hand", Mutation, "26.38", true),
    si(Skill::BloodLust, "Blood Lust", Extraordinary, "26.39", true),
    si(Skill::Claw, "Claw", Mutation, "26.40", true),
    si(Skill::Decay, "Decay", Extraordinary, "26.41", true),
    si(
        Skill::DisturbingPresence,
        "Disturbing Presence",
        Mutation,
        "26.42",
        true,
    ),
    si(Skill::DivingCatch, "Diving Catch", Agility, "26.43", true),
    si(Skill::DivingTackle, "Diving Tackle", Agility, "26.44", true),
    si(Skill::DumpOff, "Dump-Off", Passing, "26.45", true),
    si(Skill::ExtraArms, "Extra Arms", Mutation, "26.46", true),
    si(
        Skill::FanFavourite,
        "Fan Favourite",
        Extraordinary,
        "26.47",
        true,
    ),
    si(Skill::Fend, "Fend", General, "26.48", true),
    si(
        Skill::FoulAppearance,
        "Foul Appearance",
        Mutation,
        "26.49",
        true,
    ),
    si(Skill::Grab, "Grab", Strength, "26.50", true),
    si(Skill::Guard, "Guard", Strength, "26.51", true),
    si(
        Skill::HailMaryPass,
        "Hail Mary Pass",
        Passing,
        "26.52",
        true,
    ),
    si(Skill::Horns, "Horns", Mutation, "26.53", true),
    si(
        Skill::HypnoticGaze,
        "Hypnotic Gaze",
        Extraordinary,
        "26.54",
        true,
    ),
    si(Skill::JumpUp, "Jump Up", Agility, "26.55", true),
    si(Skill::Kick, "Kick", General, "26.56", true),
    si(
        Skill::KickOffReturn,
        "Kick-Off Return",
        General,
        "26.57",
        true,
    ),
    si(Skill::Leader, "Leader", Passing, "26.58", true),
    si(
        Skill::MultipleBlock,
        "Multiple Block",
        Strength,
        "26.59",
        true,
    ),
    si(
        Skill::NervesOfSteel,
        "Nerves of Steel",
        Passing,
        "26.60",
        true,
    ),
    si(
        Skill::NurglesRot,
        "Nurgle's Rot",
        Extraordinary,
        "26.61",
        true,
    ),
    si(Skill::PassBlock, "Pass Block", General, "26.62", true),
    si(Skill::PilingOn, "Piling On", Strength, "26.63", true),
    si(Skill::SafeThrow, "Safe Throw", Passing, "26.64", true),
    si(Skill::Shadowing, "Shadowing", General, "26.65", true),
    si(Skill::SideStep, "Side Step", Agility, "26.66", true),
    si(Skill::SneakyGit, "Sneaky Git", Agility, "26.67", true),
    si(Skill::Stab, "Stab", Extraordinary, "26.68", true),
    si(Skill::Stakes, "Stakes", Extraordinary, "26.69", true),
    si(Skill::StripBall, "Strip Ball", General, "26.70", true),
    si(Skill::SureFeet, "Sure Feet", Agility, "26.71", true),
    si(Skill::Tentacles, "Tentacles", Mutation, "26.72", true),
    si(Skill::Titchy, "Titchy", Extraordinary, "26.73", true),
    si(Skill::TwoHeads, "Two Heads", Mutation, "26.74", true),
    si(Skill::Wrestle, "Wrestle", General, "26.75", true),
];

const fn si(
    skill: Skill,
    name: &'static str,
    category: Category,
    section: &'static str,
    built: bool,
) -> SkillInfo {
    SkillInfo {
        skill,
        name,
        category,
        section,
        built,
    }
}

impl Skill {
    /// The skill's row of [`SKILLS`].
    pub fn info(self) -> &'static SkillInfo {
        // The table lists the variants in declaration order.
        &SKILLS[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The bit of this skill in a [`SkillSet`].
    pub fn bit(self) -> u128 {
        1u128 << (self as u32)
    }
}

/// A set of skills as a bitset (room for 128 skills: every LRB6 skill fits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SkillSet(pub u128);

impl SkillSet {
    pub fn of(skills: &[Skill]) -> SkillSet {
        SkillSet(skills.iter().fold(0, |a, s| a | s.bit()))
    }
    pub fn has(self, s: Skill) -> bool {
        self.0 & s.bit() != 0
    }
    pub fn insert(&mut self, s: Skill) {
        self.0 |= s.bit();
    }
    /// The skills in table order.
    pub fn list(self) -> Vec<Skill> {
        SKILLS
            .iter()
            .map(|i| i.skill)
            .filter(|s| self.has(*s))
            .collect()
    }
}

/// The rosters of the book (§27.1–§27.24; the last three unofficial). On the wire a
/// snake_case name; read case-insensitively with spaces, hyphens or underscores ("Wood Elf",
/// "wood_elf", "WOODELF").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Roster {
    Human,
    Orc,
    Dwarf,
    Skaven,
    WoodElf,
    Goblin,
    // The other rosters of the book (§27.7–§27.24), appended in `ALL_ROSTER_KEYS` order so
    // the first six never move.
    Amazon,
    Chaos,
    ChaosDwarf,
    DarkElf,
    Elf,
    Halfling,
    HighElf,
    Khemri,
    Lizardmen,
    Necromantic,
    Norse,
    Nurgle,
    Ogre,
    Undead,
    Vampire,
    Slann,
    ChaosPact,
    Underworld,
}

/// On the wire a roster is its key, one of [`ALL_ROSTER_KEYS`]: the schema lists them, so a
/// client (and the OpenAPI document) knows every other string is refused.
#[cfg(feature = "schema")]
impl schemars::JsonSchema for Roster {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Roster".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A Blood Bowl roster, by its key (docs/rules/blood-bowl.md §27).",
            "type": "string",
            "enum": ALL_ROSTER_KEYS,
        })
    }
}

impl Roster {
    /// Every roster, in declaration order (the first six are those of the first release).
    pub const ALL: [Roster; 24] = [
        Roster::Human,
        Roster::Orc,
        Roster::Dwarf,
        Roster::Skaven,
        Roster::WoodElf,
        Roster::Goblin,
        Roster::Amazon,
        Roster::Chaos,
        Roster::ChaosDwarf,
        Roster::DarkElf,
        Roster::Elf,
        Roster::Halfling,
        Roster::HighElf,
        Roster::Khemri,
        Roster::Lizardmen,
        Roster::Necromantic,
        Roster::Norse,
        Roster::Nurgle,
        Roster::Ogre,
        Roster::Undead,
        Roster::Vampire,
        Roster::Slann,
        Roster::ChaosPact,
        Roster::Underworld,
    ];

    /// The wire name.
    pub fn name(self) -> &'static str {
        self.key()
    }

    /// The wire name (the roster table's key).
    pub fn key(self) -> &'static str {
        ROSTERS[self as usize].key
    }

    /// A roster by name, in any case, ignoring spaces, hyphens and underscores.
    pub fn parse(name: &str) -> Option<Roster> {
        let norm = |s: &str| -> String {
            s.chars()
                .filter(|c| c.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .collect()
        };
        let n = norm(name);
        Roster::ALL.iter().copied().find(|r| norm(r.name()) == n)
    }

    pub fn data(self) -> &'static RosterData {
        &ROSTERS[self as usize]
    }
}

impl TryFrom<String> for Roster {
    type Error = String;
    fn try_from(s: String) -> Result<Roster, String> {
        Roster::parse(&s).ok_or_else(|| {
            format!(
                "unknown Blood Bowl roster {s:?} (rosters: {})",
                Roster::ALL.map(Roster::name).join(", ")
            )
        })
    }
}

impl From<Roster> for String {
    fn from(r: Roster) -> String {
        r.name().to_string()
    }
}

/// Every roster of the book by its wire key: the 21 official LRB6 teams (§27) and the three
/// unofficial ones (marked so in their data); [`Roster::ALL`] has exactly these keys.
pub const ALL_ROSTER_KEYS: [&str; 24] = [
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
    "slann",
    "chaos_pact",
    "underworld",
];

/// One position of a roster (§27.0: "0-N" maximum, cost, MA ST AG AV, skills, access).
#[derive(Clone, Copy, Debug)]
pub struct PositionData {
    pub name: &'static str,
    pub max: u8,
    pub cost: u32,
    pub ma: u8,
    pub st: u8,
    pub ag: u8,
    pub av: u8,
    pub skills: &'static [Skill],
    /// Categories open on a normal advancement roll.
    pub normal: &'static [Category],
    /// Categories open only on a double.
    pub double: &'static [Category],
}

/// A roster: re-roll cost, apothecary, positions (all [R]).
#[derive(Clone, Copy, Debug)]
pub struct RosterData {
    pub key: &'static str,
    pub name: &'static str,
    pub reroll_cost: u32,
    pub apothecary: bool,
    pub positions: &'static [PositionData],
    /// The starter team [`crate::bb::setup::starter_team`] builds: (position index, count),
    /// re-rolls, fan factor [Proposal: a legal 1,000,000 gp team, of positions whose skills
    /// are built where the roster allows].
    pub starter: Starter,
    /// The source tag of the roster table (§0.1): "[R]" for every roster (the team lists,
    /// pp.54–60, are missing from the source); values the data sets dispute are noted in §27.
    pub tag: &'static str,
    /// The values of this table the two public data sets disagree on (G102): the value
    /// chosen, then the other.
    pub disputed: &'static [&'static str],
    /// One of the three unofficial rosters (§27.22–§27.24): refused unless the match option
    /// `unofficial_rosters` is on.
    pub unofficial: bool,
    /// Has a Necromancer (§12.7): Undead and Necromantic.
    pub necromancer: bool,
    /// The race of each position, for Animosity (§26.37), where the roster mixes races
    /// [Proposal]; empty otherwise.
    pub races: &'static [&'static str],
}

#[derive(Clone, Copy, Debug)]
pub struct Starter {
    pub players: &'static [(usize, u8)],
    pub rerolls: u8,
    pub fan_factor: u8,
    pub apothecary: bool,
}

const fn p(
    name: &'static str,
    max: u8,
    cost: u32,
    stats: [u8; 4],
    skills: &'static [Skill],
    normal: &'static [Category],
    double: &'static [Category],
) -> PositionData {
    PositionData {
        name,
        max,
        cost,
        ma: stats[0],
        st: stats[1],
        ag: stats[2],
        av: stats[3],
        skills,
        normal,
        double,
    }
}

use Skill as K;

/// §27.1–§27.24, in [`Roster`] order. [R] every row.
pub const ROSTERS: [RosterData; 24] = [
    // §27.1 Human [R]
    RosterData {
        key: "human",
        name: "Human",
        reroll_cost: 50_000,
        apothecary: true,
        positions: &[
            p(
                "Lineman",
                16,
                50_000,
                [6, 3, 3, 8],
                &[],
                &[General],
                &[Agility, Strength, Passing],
            ),
            p(
                "Catcher",
                4,
                70_000,
                [8, 2, 3, 7],
                &[K::Catch, K::Dodge],
                &[General, Agility],
                &[Strength, Passing],
            ),
            p(
                "Thrower",
                2,
                70_000,
                [6, 3, 3, 8],
                &[K::SureHands, K::Pass],
                &[General, Passing],
                &[Agility, Strength],
            ),
            p(
                "Blitzer",
                4,
                90_000,
                [7, 3, 3, 8],
                &[K::Block],
                &[General, Strength],
                &[Agility, Passing],
            ),
            p(
                "Ogre",
                1,
                140_000,
                [5, 5, 2, 9],
                &[
                    K::Loner,
                    K::BoneHead,
                    K::MightyBlow,
                    K::ThickSkull,
                    K::ThrowTeamMate,
                ],
                &[Strength],
                &[General, Agility, Passing],
            ),
        ],
        // 6 linemen 300k + 2 catchers 140k + 2 throwers 140k + 2 blitzers 180k = 760k,
        // 3 re-rolls 150k, apothecary 50k, FF 4 40k = 1,000,000. [Proposal]
        starter: Starter {
            players: &[(0, 6), (1, 2), (2, 2), (3, 2)],
            rerolls: 3,
            fan_factor: 4,
            apothecary: true,
        },
        tag: "[R]",
        disputed: &[
            "Catcher cost 70,000 (other data set: 80,000)",
            "Ogre cost 140,000 (other data set: 150,000)",
        ],
        unofficial: false,
        necromancer: false,
        races: &[],
    },
    // §27.2 Orc [R]
    RosterData {
        key: "orc",
        name: "Orc",
        reroll_cost: 60_000,
        apothecary: true,
        positions: &[
            p(
                "Lineman",
                16,
                50_000,
                [5, 3, 3, 9],
                &[],
                &[General],
                &[Agility, Strength, Passing],
            ),
            p(
                "Goblin",
                4,
                40_000,
                [6, 2, 3, 7],
                &[K::Dodge, K::RightStuff, K::Stunty],
                &[Agility],
                &[General, Strength, Passing],
            ),
            p(
                "Thrower",
                2,
                70_000,
                [5, 3, 3, 8],
                &[K::SureHands, K::Pass],
                &[General, Passing],
                &[Agility, Strength],
            ),
            p(
                "Black Orc Blocker",
                4,
                80_000,
                [4, 4, 2, 9],
                &[],
                &[General, Strength],
                &[Agility, Passing],
            ),
            p(
                "Blitzer",
                4,
                80_000,
                [6, 3, 3, 9],
                &[K::Block],
                &[General, Strength],
                &[Agility, Passing],
            ),
            p(
                "Troll",
                1,
                110_000,
                [4, 5, 1, 9],
                &[
                    K::Loner,
                    K::AlwaysHungry,
                    K::MightyBlow,
                    K::ReallyStupid,
                    K::Regeneration,
                    K::ThrowTeamMate,
                ],
                &[Strength],
                &[General, Agility, Passing],
            ),
        ],
        // 4 linemen 200k + 1 thrower 70k + 4 BOB 320k + 2 blitzers 160k = 750k (11 players),
        // 3 re-rolls 180k, apothecary 50k, FF 2 20k = 1,000,000. [Proposal]
        starter: Starter {
            players: &[(0, 4), (2, 1), (3, 4), (4, 2)],
            rerolls: 3,
            fan_factor: 2,
            apothecary: true,
        },
        tag: "[R]",
        disputed: &[],
        unofficial: false,
        necromancer: false,
        races: &[],
    },
    // §27.3 Dwarf [R] (re-roll 50,000; G-list: one data set says 40,000)
    RosterData {
        key: "dwarf",
        name: "Dwarf",
        reroll_cost: 50_000,
        apothecary: true,
        positions: &[
            p(
                "Blocker",
                16,
                70_000,
                [4, 3, 2, 9],
                &[K::Block, K::Tackle, K::ThickSkull],
                &[General, Strength],
                &[Agility, Passing],
            ),
            p(
                "Runner",
                2,
                80_000,
                [6, 3, 3, 8],
                &[K::SureHands, K::ThickSkull],
                &[General, Passing],
                &[Agility, Strength],
            ),
            p(
                "Blitzer",
                2,
                80_000,
                [5, 3, 3, 9],
                &[K::Block, K::ThickSkull],
                &[General, Strength],
                &[Agility, Passing],
            ),
            p(
                "Troll Slayer",
                2,
                90_000,
                [5, 3, 2, 8],
                &[K::Block, K::Dauntless, K::Frenzy, K::ThickSkull],
                &[General, Strength],
                &[Agility, Passing],
            ),
            p(
                "Deathroller",
                1,
                160_000,
                [4, 7, 1, 10],
                &[
                    K::Loner,
                    K::BreakTackle,
                    K::DirtyPlayer,
                    K::Juggernaut,
                    K::MightyBlow,
                    K::NoHands,
                    K::SecretWeapon,
                    K::StandFirm,
                ],
                &[Strength],
                &[General, Agility, Passing],
            ),
        ],
        // 5 blockers 350k + 2 runners 160k + 2 blitzers 160k + 2 slayers 180k = 850k,
        // 2 re-rolls 100k, apothecary 50k = 1,000,000. [Proposal]
        starter: Starter {
            players: &[(0, 5), (1, 2), (2, 2), (3, 2)],
            rerolls: 2,
            fan_factor: 0,
            apothecary: true,
        },
        tag: "[R]",
        disputed: &[
            "re-roll 50,000 (other data set: 40,000)",
            "Blocker 0-16 (other data set: 0-12)",
            "Runner AG 3 (other data set: AG 6, a typo)",
        ],
        unofficial: false,
        necromancer: false,
        races: &[],
    },
    // §27.4 Skaven [R]
    RosterData {
        key: "skaven",
        name: "Skaven",
        reroll_cost: 60_000,
        apothecary: true,
        positions: &[
            p(
                "Lineman",
                16,
                50_000,
                [7, 3, 3, 7],
                &[],
                &[General],
                &[Agility, Strength, Passing, Mutation],
            ),
            p(
                "Thrower",
                2,
                70_000,
                [7, 3, 3, 7],
                &[K::Pass, K::SureHands],
                &[General, Passing],
                &[Agility, Strength, Mutation],
            ),
            p(
                "Gutter Runner",
                4,
                80_000,
                [9, 2, 4, 7],
                &[K::Dodge],
                &[General, Agility],
                &[Strength, Passing, Mutation],
            ),
            p(
                "Blitzer",
                2,
                90_000,
                [7, 3, 3, 8],
                &[K::Block],
                &[General, Strength],
                &[Agility, Passing, Mutation],
            ),
            p(
                "Rat Ogre",
                1,
                150_000,
                [6, 5, 2, 8],
                &[
                    K::Loner,
                    K::Frenzy,
                    K::MightyBlow,
                    K::PrehensileTail,
                    K::WildAnimal,
                ],
                &[Strength],
                &[General, Agility, Passing, Mutation],
            ),
        ],
        // 5 linemen 250k + 1 thrower 70k + 3 gutter runners 240k + 2 blitzers 180k = 740k,
        // 3 re-rolls 180k, apothecary 50k, FF 3 30k = 1,000,000. [Proposal]
        starter: Starter {
            players: &[(0, 5), (1, 1), (2, 3), (3, 2)],
            rerolls: 3,
            fan_factor: 3,
            apothecary: true,
        },
        tag: "[R]",
        disputed: &["Rat Ogre cost 150,000 (other data set: 160,000)"],
        unofficial: false,
        necromancer: false,
        races: &[],
    },
    // §27.5 Wood Elf [R]
    RosterData {
        key: "wood_elf",
        name: "Wood Elf",
        reroll_cost: 50_000,
        apothecary: true,
        positions: &[
            p(
                "Lineman",
                16,
                70_000,
                [7, 3, 4, 7],
                &[],
                &[General, Agility],
                &[Strength, Passing],
            ),
            p(
                "Catcher",
                4,
                90_000,
                [8, 2, 4, 7],
                &[K::Catch, K::Dodge, K::Sprint],
                &[General, Agility],
                &[Strength, Passing],
            ),
            p(
                "Thrower",
                2,
                90_000,
                [7, 3, 4, 7],
                &[K::Pass],
                &[General, Agility, Passing],
                &[Strength],
            ),
            p(
                "Wardancer",
                2,
                120_000,
                [8, 3, 4, 7],
                &[K::Block, K::Dodge, K::Leap],
                &[General, Agility],
                &[Strength, Passing],
            ),
            p(
                "Treeman",
                1,
                120_000,
                [2, 6, 1, 10],
                &[
                    K::Loner,
                    K::MightyBlow,
                    K::StandFirm,
                    K::StrongArm,
                    K::TakeRoot,
                    K::ThickSkull,
                    K::ThrowTeamMate,
                ],
                &[Strength],
                &[General, Agility, Passing],
            ),
        ],
        // 6 linemen 420k + 2 catchers 180k + 1 thrower 90k + 2 wardancers 240k = 930k,
        // 1 re-roll 50k, FF 2 20k = 1,000,000 (no apothecary). [Proposal]
        starter: Starter {
            players: &[(0, 6), (1, 2), (2, 1), (3, 2)],
            rerolls: 1,
            fan_factor: 2,
            apothecary: false,
        },
        tag: "[R]",
        disputed: &["Catcher 8/2/4/7 with Sprint (other data set: 9/2/4/7 without Sprint)"],
        unofficial: false,
        necromancer: false,
        races: &[],
    },
    // §27.6 Goblin [R]
    RosterData {
        key: "goblin",
        name: "Goblin",
        reroll_cost: 60_000,
        apothecary: true,
        positions: &[
            p(
                "Goblin",
                16,
                40_000,
                [6, 2, 3, 7],
                &[K::Dodge, K::RightStuff, K::Stunty],
                &[Agility],
                &[General, Strength, Passing],
            ),
            p(
                "Bombardier",
                1,
                40_000,
                [6, 2, 3, 7],
                &[K::Bombardier, K::Dodge, K::SecretWeapon, K::Stunty],
                &[Agility],
                &[General, Strength, Passing],
            ),
            p(
                "Looney",
                1,
                40_000,
                [6, 2, 3, 7],
                &[K::Chainsaw, K::SecretWeapon, K::Stunty],
                &[Agility],
                &[General, Strength, Passing],
            ),
            p(
                "Fanatic",
                1,
                70_000,
                [3, 7, 3, 7],
                &[K::BallAndChain, K::NoHands, K::SecretWeapon, K::Stunty],
                &[Strength],
                &[General, Agility, Passing],
            ),
            p(
                "Pogoer",
                1,
                70_000,
                [7, 2, 3, 7],
                &[K::Dodge, K::Leap, K::Stunty, K::VeryLongLegs],
                &[Agility],
                &[General, Strength, Passing],
            ),
            p(
                "Troll",
                2,
                110_000,
                [4, 5, 1, 9],
                &[
                    K::Loner,
                    K::AlwaysHungry,
                    K::MightyBlow,
                    K::ReallyStupid,
                    K::Regeneration,
                    K::ThrowTeamMate,
                ],
                &[Strength],
                &[General, Agility, Passing],
            ),
        ],
        // 12 goblins 480k + 1 pogoer 70k = 550k, 6 re-rolls 360k, apothecary 50k,
        // FF 4 40k = 1,000,000. [Proposal]
        starter: Starter {
            players: &[(0, 12), (4, 1)],
            rerolls: 6,
            fan_factor: 4,
            apothecary: true,
        },
        tag: "[R]",
        disputed: &[],
        unofficial: false,
        necromancer: false,
        races: &[],
    },
    // §27.7 Amazon [R]
    RosterData {
        key: "amazon",
        name: "Amazon",
        reroll_cost: 50_000,
        apothecary: true,
        positions: &[
            p(
                "Linewoman",
                16,
                50_000,
                [6, 3, 3, 7],
                &[K::Dodge],
                &[General],
                &[Agility, Strength, Passing],
            ),
            p(
                "Thrower",
                2,
                70_000,
                [6, 3, 3, 7],
                &[K::Dodge, K::Pass],
                &[General, Passing],
                &[Agility, Strength],
            ),
            p(
                "Catcher",
                2,
                70_000,
                [6, 3, 3, 7],
                &[K::Dodge, K::Catch],
                &[General, Agility],
                &[Strength, Passing],
            ),
            p(
                "Blitzer",
                4,
                90_000,
                [6, 3, 3, 7],
                &[K::Dodge, K::Block],
                &[General, Strength],
                &[Agility, Passing],
            ),
        ],
        // 5 Linewoman + 2 Thrower + 2 Catcher + 2 Blitzer = 11 players, 4 re-rolls,
        // apothecary, FF 4: 1,000,000 gp. [Proposal]
        starter: Starter {
            players: &[(0, 5), (1, 2), (2, 2), (3, 2)],
            rerolls: 4,
            fan_factor: 4,
            apothecary: true,
        },
        tag: "[R]",
        disputed: &[],
        unofficial: false,
        necromancer: false,
        races: &[],
    },
    // §27.8 Chaos [R]
    RosterData {
        key: "chaos",
        name: "Chaos",
        reroll_cost: 60_000,
        apothecary: true,
        positions: &[
            p(
                "Beastman",
                16,
                60_000,
                [6, 3, 3, 8],
                &[K::Horns],
                &[General, Strength, Mutation],
                &[Agility, Passing],
            ),
            p(
                "Chaos Warrior",
                4,
                100_000,
                [5, 4, 3, 9],
                &[],
                &[General, Strength, Mutation],
                &[Agility, Passing],
            ),
            p(
                "Minotaur",
                1,
                150_000,
                [5, 5, 2, 8],
                &[
                    K::Loner,
                    K::Frenzy,
                    K::Horns,
                    K::MightyBlow,
                    K::ThickSkull,
                    K::WildAnimal,
                ],
                &[Strength, Mutation],
                &[General, Agility, Passing],
            ),
        ],
        // 9 Beastman + 2 Chaos Warrior = 11 players, 3 re-rolls,
        // apothecary, FF 3: 1,000,000 gp. [Proposal]
        starter: Starter {
            players: &[(0, 9), (1, 2)],
            rerolls: 3,
            fan_factor: 3,
            apothecary: true,
        },
        tag: "[R]",
        disputed: &["Beastman 0-16 (other data set: 0-12)"],
        unofficial: false,
        necromancer: false,
        races: &[],
    },
    // §27.9 Chaos Dwarf [R]
    RosterData {
        key: "chaos_dwarf",
        name: "Chaos Dwarf",
        reroll_cost: 70_000,
        apothecary: true,
        positions: &[
            p(
                "Hobgoblin",
                16,
                40_000,
                [6, 3, 3, 7],
                &[],
                &[General],
                &[Agility, Strength, Passing],
            ),
            p(
                "Chaos Dwarf Blocker",
                6,
                70_000,
                [4, 3, 2, 9],
                &[K::Block, K::Tackle, K::ThickSkull],
                &[General, Strength],
                &[Agility, Passing, Mutation],
            ),
            p(
                "Bull Centaur",
                2,
                130_000,
                [6, 4, 2, 9],
                &[K::Sprint, K::SureFeet, K::ThickSkull],
                &[General, Strength],
                &[Agility, Passing],
            ),
            p(
                "Minotaur",
                1,
                150_000,
                [5, 5, 2, 8],
                &[
                    K::Loner,
                    K::Frenzy,
                    K::Horns,
                    K::MightyBlow,
                    K::ThickSkull,
                    K::WildAnimal,
                ],
                &[Strength],
                &[General, Agility, Passing, Mutation],
            ),
        ],
        // 6 Hobgoblin + 6 Chaos Dwarf Blocker = 12 players, 4 re-rolls,
        // apothecary, FF 1: 1,000,000 gp. [Proposal]
        starter: Starter {
            players: &[(0, 6), (1, 6)],
            rerolls: 4,
            fan_factor: 1,
            apothecary: true,
        },
        tag: "[R]",
        disputed: &[],
        unofficial: false,
        necromancer: false,
        races: &[],
    },
    // §27.10 Dark Elf [R]
    RosterData {
        key: "dark_elf",
        name: "Dark Elf",
        reroll_cost: 50_000,
        apothecary: true,
        positions: &[
            p(
                "Lineman",
                16,
                70_000,
                [6, 3, 4, 8],
                &[],
                &[General, Agility],
                &[Strength, Passing],
            ),
            p(
                "Runner",
                2,
                80_000,
                [7, 3, 4, 7],
                &[K::DumpOff],
                &[General, Agility, Passing],
                &[Strength],
            ),
            p(
                "Assassin",
                2,
                90_000,
                [6, 3, 4, 7],
                &[K::Shadowing, K::Stab],
                &[General, Agility],
                &[Strength, Passing],
            ),
            p(
                "Blitzer",
                4,
                100_000,
                [7, 3, 4, 8],
                &[K::Block],
                &[General, Agility],
                &[Strength, Passing],
            ),
            p(
                "Witch Elf",
                2,
                110_000,
                [7, 3, 4, 7],
                &[K::Frenzy, K::Dodge, K::JumpUp],
                &[General, Agility],
                &[Strength, Passing],
            ),
        ],
        // 9 Lineman + 2 Blitzer = 11 players, 2 re-rolls,
        // apothecary, FF 2: 1,000,000 gp. [Proposal]
        starter: Starter {
            players: &[(0, 9), (3, 2)],
            rerolls: 2,
            fan_factor: 2,
            apothecary: true,
        },
        tag: "[R]",
        disputed: &["Blitzer ST 3 (other data set: ST 6, a typo)"],
        unofficial: false,
        necromancer: false,
        races: &[],
    },
    // §27.11 Elf [R]
    RosterData {
        key: "elf",
        name: "Elf",
        reroll_cost: 50_000,
        apothecary: true,
        positions: &[
            p(
                "Lineman",
                16,
                60_000,
                [6, 3, 4, 7],
                &[],
                &[General, Agility],
                &[Strength, Passing],
            ),
            p(
                "Thrower",
                2,
                70_000,
                [6, 3, 4, 7],
                &[K::Pass],
                &[General, Agility, Passing],
                &[Strength],
            ),
            p(
                "Catcher",
                4,
                100_000,
                [8, 3, 4, 7],
                &[K::Catch, K::NervesOfSteel],
                &[General, Agility],
                &[Strength, Passing],
            ),
            p(
                "Blitzer",
                2,
                110_000,
                [7, 3, 4, 8],
                &[K::Block, K::SideStep],
                &[General, Agility],
                &[Strength, Passing],
            ),
        ],
        // 10 Lineman + 2 Thrower = 12 players, 4 re-rolls,
        // apothecary, FF 1: 1,000,000 gp. [Proposal]
        starter: Starter {
            players: &[(0, 10), (1, 2)],
            rerolls: 4,
            fan_factor: 1,
            apothecary: true,
        },
        tag: "[R]",
        disputed: &[],
        unofficial: false,
        necromancer: false,
        races: &[],
    },
    // §27.12 Halfling [R]
    RosterData {
        key: "halfling",
        name: "Halfling",
        reroll_cost: 60_000,
        apothecary: true,
        positions: &[
            p(
                "Halfling",
                16,
                30_000,
                [5, 2, 3, 6],
                &[K::Dodge, K::RightStuff, K::Stunty],
                &[Agility],
                &[General, Strength, Passing],
            ),
            p(
                "Treeman",
                2,
                120_000,
                [2, 6, 1, 10],
                &[
                    K::MightyBlow,
                    K::StandFirm,
                    K::StrongArm,
                    K::TakeRoot,
                    K::ThickSkull,
                    K::ThrowTeamMate,
                ],
                &[Strength],
                &[General, Agility, Passing],
            ),
        ],
        // 14 Halfling + 2 Treeman = 16 players, 4 re-rolls,
        // apothecary, FF 5: 1,000,000 gp. [Proposal]
        starter: Starter {
            players: &[(0, 14), (1, 2)],
            rerolls: 4,
            fan_factor: 5,
            apothecary: true,
        },
        tag: "[R]",
        disputed: &["Treeman without Loner (other data set: with Loner)"],
        unofficial: false,
        necromancer: false,
        races: &[],
    },
    // §27.13 High Elf [R]
    RosterData {
        key: "high_elf",
        name: "High Elf",
        reroll_cost: 50_000,
        apothecary: true,
        positions: &[
            p(
                "Lineman",
                16,
                70_000,
                [6, 3, 4, 8],
                &[],
                &[General, Agility],
                &[Strength, Passing],
            ),
            p(
                "Thrower",
                2,
                90_000,
                [6, 3, 4, 8],
                &[K::Pass, K::SafeThrow],
                &[General, Agility, Passing],
                &[Strength],
            ),
            p(
                "Catcher",
                4,
                90_000,
                [8, 3, 4, 7],
                &[K::Catch],
                &[General, Agility],
                &[Strength, Passing],
            ),
            p(
                "Blitzer",
                2,
                100_000,
                [7, 3, 4, 8],
                &[K::Block],
                &[General, Agility],
                &[Strength, Passing],
            ),
        ],
        // 8 Lineman + 2 Catcher + 1 Blitzer = 11 players, 2 re-rolls,
        // apothecary, FF 1: 1,000,000 gp. [Proposal]
        starter: Starter {
            players: &[(0, 8), (2, 2), (3, 1)],
            rerolls: 2,
            fan_factor: 1,
            apothecary: true,
        },
        tag: "[R]",
        disputed: &[],
        unofficial: false,
        necromancer: false,
        races: &[],
    },
    // §27.14 Khemri [R]
    RosterData {
        key: "khemri",
        name: "Khemri",
        reroll_cost: 70_000,
        apothecary: false,
        positions: &[
            p(
                "Skeleton",
                16,
                40_000,
                [5, 3, 2, 7],
                &[K::Regeneration, K::ThickSkull],
                &[General],
                &[Agility, Strength, Passing],
            ),
            p(
                "Thro-Ra",
                2,
                70_000,
                [6, 3, 2, 7],
                &[K::Pass, K::Regeneration, K::SureHands],
                &[General, Passing],
                &[Agility, Strength],
            ),
            p(
                "Blitz-Ra",
                2,
                90_000,
                [6, 3, 2, 8],
                &[K::Block, K::Regeneration],
                &[General, Strength],
                &[Agility, Passing],
            ),
            p(
                "Tomb Guardian",
                4,
                100_000,
                [4, 5, 1, 9],
                &[K::Decay, K::Regeneration],
                &[Strength],
                &[General, Agility, Passing],
            ),
        ],
        // 10 Skeleton + 2 Thro-Ra + 2 Blitz-Ra = 14 players, 4 re-rolls,
        // FF 0: 1,000,000 gp. [Proposal]
        starter: Starter {
            players: &[(0, 10), (1, 2), (2, 2)],
            rerolls: 4,
            fan_factor: 0,
            apothecary: false,
        },
        tag: "[R]",
        disputed: &["Thro-Ra 0-2 (other data set: 0-4)"],
        unofficial: false,
        necromancer: false,
        races: &[],
    },
    // §27.15 Lizardmen [R]
    RosterData {
        key: "lizardmen",
        name: "Lizardmen",
        reroll_cost: 60_000,
        apothecary: true,
        positions: &[
            p(
                "Skink",
                16,
                60_000,
                [8, 2, 3, 7],
                &[K::Dodge, K::Stunty],
                &[Agility],
                &[General, Strength, Passing],
            ),
            p(
                "Saurus",
                6,
                80_000,
                [6, 4, 1, 9],
                &[],
                &[General, Strength],
                &[Agility, Passing],
            ),
            p(
                "Kroxigor",
                1,
                140_000,
                [6, 5, 1, 9],
                &[
                    K::Loner,
                    K::BoneHead,
                    K::MightyBlow,
                    K::PrehensileTail,
                    K::ThickSkull,
                ],
                &[Strength],
                &[General, Agility, Passing],
            ),
        ],
        // 5 Skink + 6 Saurus = 11 players, 2 re-rolls,
        // apothecary, FF 5: 1,000,000 gp. [Proposal]
        starter: Starter {
            players: &[(0, 5), (1, 6)],
            rerolls: 2,
            fan_factor: 5,
            apothecary: true,
        },
        tag: "[R]",
        disputed: &["Saurus 0-6 (other data set: 0-4)"],
        unofficial: false,
        necromancer: false,
        races: &[],
    },
    // §27.16 Necromantic [R]
    RosterData {
        key: "necromantic",
        name: "Necromantic",
        reroll_cost: 70_000,
        apothecary: false,
        positions: &[
            p(
                "Zombie",
                16,
                40_000,
                [4, 3, 2, 8],
                &[K::Regeneration],
                &[General],
                &[Agility, Strength, Passing],
            ),
            p(
                "Ghoul",
                2,
                70_000,
                [7, 3, 3, 7],
                &[K::Dodge],
                &[General, Agility],
                &[Strength, Passing],
            ),
            p(
                "Wight",
                2,
                90_000,
                [6, 3, 3, 8],
                &[K::Block, K::Regeneration],
                &[General, Strength],
                &[Agility, Passing],
            ),
            p(
                "Flesh Golem",
                2,
                110_000,
                [4, 4, 2, 9],
                &[K::Regeneration, K::StandFirm, K::ThickSkull],
                &[General, Strength],
                &[Agility, Passing],
            ),
            p(
                "Werewolf",
                2,
                120_000,
                [8, 3, 3, 8],
                &[K::Claw, K::Frenzy, K::Regeneration],
                &[General, Agility],
                &[Strength, Passing],
            ),
        ],
        // 6 Zombie + 2 Ghoul + 2 Wight + 2 Flesh Golem = 12 players, 3 re-rolls,
        // FF 1: 1,000,000 gp. [Proposal]
        starter: Starter {
            players: &[(0, 6), (1, 2), (2, 2), (3, 2)],
            rerolls: 3,
            fan_factor: 1,
            apothecary: false,
        },
        tag: "[R]",
        disputed: &[
            "Werewolf 0-2 (other data set: 0-4)",
            "Zombie cost 40,000 (other data set: 30,000)",
        ],
        unofficial: false,
        necromancer: true,
        races: &[],
    },
    // §27.17 Norse [R]
    RosterData {
        key: "norse",
        name: "Norse",
        reroll_cost: 60_000,
        apothecary: true,
        positions: &[
            p(
                "Lineman",
                16,
                50_000,
                [6, 3, 3, 7],
                &[K::Block],
                &[General],
                &[Agility, Strength, Passing],
            ),
            p(
                "Thrower",
                2,
                70_000,
                [6, 3, 3, 7],
                &[K::Block, K::Pass],
                &[General, Passing],
                &[Agility, Strength],
            ),
            p(
                "Runner",
                2,
                90_000,
                [7, 3, 3, 7],
                &[K::Block, K::Dauntless],
                &[General, Agility],
                &[Strength, Passing],
            ),
            p(
                "Berserker",
                2,
                90_000,
                [6, 3, 3, 7],
                &[K::Block, K::Frenzy, K::JumpUp],
                &[General, Strength],
                &[Agility, Passing],
            ),
            p(
                "Ulfwerener",
                2,
                110_000,
                [6, 4, 2, 8],
                &[K::Frenzy],
                &[General, Strength],
                &[Agility, Passing],
            ),
            p(
                "Yhetee",
                1,
                140_000,
                [5, 5, 1, 8],
                &[
                    K::Loner,
                    K::Claw,
                    K::DisturbingPresence,
                    K::Frenzy,
                    K::WildAnimal,
                ],
                &[Strength],
                &[General, Agility, Passing],
            ),
        ],
        // 5 Lineman + 2 Thrower + 2 Runner + 2 Ulfwerener = 11 players, 2 re-rolls,
        // apothecary, FF 4: 1,000,000 gp. [Proposal]
        starter: Starter {
            players: &[(0, 5), (1, 2), (2, 2), (4, 2)],
            rerolls: 2,
            fan_factor: 4,
            apothecary: true,
        },
        tag: "[R]",
        disputed: &[
            "Yhetee 5/5/1/8 with Loner, Claw, Disturbing Presence, Frenzy, Wild Animal (one data set: Snow Troll; the other adds Horns and Mighty Blow)",
        ],
        unofficial: false,
        necromancer: false,
        races: &[],
    },
    // §27.18 Nurgle [R]
    RosterData {
        key: "nurgle",
        name: "Nurgle",
        reroll_cost: 70_000,
        apothecary: false,
        positions: &[
            p(
                "Rotter",
                16,
                40_000,
                [5, 3, 3, 8],
                &[K::Decay, K::NurglesRot],
                &[General, Mutation],
                &[Agility, Strength, Passing],
            ),
            p(
                "Pestigor",
                4,
                80_000,
                [6, 3, 3, 8],
                &[K::Horns, K::NurglesRot, K::Regeneration],
                &[General, Strength, Mutation],
                &[Agility, Passing],
            ),
            p(
                "Nurgle Warrior",
                4,
                110_000,
                [4, 4, 2, 9],
                &[
                    K::DisturbingPresence,
                    K::FoulAppearance,
                    K::NurglesRot,
                    K::Regeneration,
                ],
                &[General, Strength, Mutation],
                &[Agility, Passing],
            ),
            p(
                "Beast of Nurgle",
                1,
                140_000,
                [4, 5, 1, 9],
                &[
                    K::Loner,
                    K::DisturbingPresence,
                    K::FoulAppearance,
                    K::MightyBlow,
                    K::NurglesRot,
                    K::ReallyStupid,
                    K::Regeneration,
                    K::Tentacles,
                ],
                &[Strength],
                &[General, Agility, Passing, Mutation],
            ),
        ],
        // 6 Rotter + 2 Pestigor + 2 Nurgle Warrior + 1 Beast of Nurgle = 11 players, 3 re-rolls,
        // FF 3: 1,000,000 gp. [Proposal]
        starter: Starter {
            players: &[(0, 6), (1, 2), (2, 2), (3, 1)],
            rerolls: 3,
            fan_factor: 3,
            apothecary: false,
        },
        tag: "[R]",
        disputed: &[],
        unofficial: false,
        necromancer: false,
        races: &[],
    },
    // §27.19 Ogre [R]
    RosterData {
        key: "ogre",
        name: "Ogre",
        reroll_cost: 70_000,
        apothecary: true,
        positions: &[
            p(
                "Snotling",
                16,
                20_000,
                [5, 1, 3, 5],
                &[K::Dodge, K::RightStuff, K::SideStep, K::Stunty, K::Titchy],
                &[Agility],
                &[General, Strength, Passing],
            ),
            p(
                "Ogre",
                6,
                140_000,
                [5, 5, 2, 9],
                &[K::BoneHead, K::MightyBlow, K::ThickSkull, K::ThrowTeamMate],
                &[Strength],
                &[General, Agility, Passing],
            ),
        ],
        // 9 Snotling + 4 Ogre = 13 players, 3 re-rolls,
        // apothecary, FF 0: 1,000,000 gp. [Proposal]
        starter: Starter {
            players: &[(0, 9), (1, 4)],
            rerolls: 3,
            fan_factor: 0,
            apothecary: true,
        },
        tag: "[R]",
        disputed: &["Ogre cost 140,000 (other data set: 150,000)"],
        unofficial: false,
        necromancer: false,
        races: &[],
    },
    // §27.20 Undead [R]
    RosterData {
        key: "undead",
        name: "Undead",
        reroll_cost: 70_000,
        apothecary: false,
        positions: &[
            p(
                "Skeleton",
                16,
                40_000,
                [5, 3, 2, 7],
                &[K::Regeneration, K::ThickSkull],
                &[General],
                &[Agility, Strength, Passing],
            ),
            p(
                "Zombie",
                16,
                40_000,
                [4, 3, 2, 8],
                &[K::Regeneration],
                &[General],
                &[Agility, Strength, Passing],
            ),
            p(
                "Ghoul",
                4,
                70_000,
                [7, 3, 3, 7],
                &[K::Dodge],
                &[General, Agility],
                &[Strength, Passing],
            ),
            p(
                "Wight",
                2,
                90_000,
                [6, 3, 3, 8],
                &[K::Block, K::Regeneration],
                &[General, Strength],
                &[Agility, Passing],
            ),
            p(
                "Mummy",
                2,
                120_000,
                [3, 5, 1, 9],
                &[K::MightyBlow, K::Regeneration],
                &[Strength],
                &[General, Agility, Passing],
            ),
        ],
        // 8 Skeleton + 2 Zombie + 2 Ghoul + 2 Wight = 14 players, 4 re-rolls,
        // FF 0: 1,000,000 gp. [Proposal]
        starter: Starter {
            players: &[(0, 8), (1, 2), (2, 2), (3, 2)],
            rerolls: 4,
            fan_factor: 0,
            apothecary: false,
        },
        tag: "[R]",
        disputed: &[
            "Skeleton 40,000 with Thick Skull (other data set: 30,000 without it)",
            "Mummy cost 120,000 (other data set: 110,000)",
        ],
        unofficial: false,
        necromancer: true,
        races: &[],
    },
    // §27.21 Vampire [R]
    RosterData {
        key: "vampire",
        name: "Vampire",
        reroll_cost: 70_000,
        apothecary: true,
        positions: &[
            p(
                "Thrall",
                16,
                40_000,
                [6, 3, 3, 7],
                &[],
                &[General],
                &[Agility, Strength, Passing],
            ),
            p(
                "Vampire",
                6,
                110_000,
                [6, 4, 4, 8],
                &[K::BloodLust, K::HypnoticGaze, K::Regeneration],
                &[General, Agility, Strength],
                &[Passing],
            ),
        ],
        // 6 Thrall + 5 Vampire = 11 players, 2 re-rolls,
        // apothecary, FF 2: 1,000,000 gp. [Proposal]
        starter: Starter {
            players: &[(0, 6), (1, 5)],
            rerolls: 2,
            fan_factor: 2,
            apothecary: true,
        },
        tag: "[R]",
        disputed: &["Vampire 0-6 (other data set: 0-2)"],
        unofficial: false,
        necromancer: false,
        races: &[],
    },
    // §27.22 Slann [R] UNOFFICIAL
    RosterData {
        key: "slann",
        name: "Slann",
        reroll_cost: 50_000,
        apothecary: true,
        positions: &[
            p(
                "Lineman",
                16,
                60_000,
                [6, 3, 3, 8],
                &[K::Leap, K::VeryLongLegs],
                &[General],
                &[Agility, Strength, Passing],
            ),
            p(
                "Catcher",
                4,
                80_000,
                [7, 2, 4, 7],
                &[K::DivingCatch, K::Leap, K::VeryLongLegs],
                &[General, Agility],
                &[Strength, Passing],
            ),
            p(
                "Blitzer",
                4,
                110_000,
                [7, 3, 3, 8],
                &[K::DivingTackle, K::JumpUp, K::Leap, K::VeryLongLegs],
                &[General, Agility, Strength],
                &[Passing],
            ),
            p(
                "Kroxigor",
                1,
                140_000,
                [6, 5, 1, 9],
                &[
                    K::Loner,
                    K::BoneHead,
                    K::MightyBlow,
                    K::PrehensileTail,
                    K::ThickSkull,
                ],
                &[Strength],
                &[General, Agility, Passing],
            ),
        ],
        // 10 Lineman + 1 Kroxigor = 11 players, 4 re-rolls,
        // apothecary, FF 1: 1,000,000 gp. [Proposal]
        starter: Starter {
            players: &[(0, 10), (3, 1)],
            rerolls: 4,
            fan_factor: 1,
            apothecary: true,
        },
        tag: "[R]",
        disputed: &[],
        unofficial: true,
        necromancer: false,
        races: &[],
    },
    // §27.23 Chaos Pact [R] UNOFFICIAL
    RosterData {
        key: "chaos_pact",
        name: "Chaos Pact",
        reroll_cost: 70_000,
        apothecary: true,
        positions: &[
            p(
                "Marauder",
                12,
                50_000,
                [6, 3, 3, 8],
                &[],
                &[General, Strength, Passing, Mutation],
                &[Agility],
            ),
            p(
                "Goblin Renegade",
                1,
                40_000,
                [6, 2, 3, 7],
                &[K::Animosity, K::Dodge, K::RightStuff, K::Stunty],
                &[Agility, Mutation],
                &[General, Strength, Passing],
            ),
            p(
                "Skaven Renegade",
                1,
                50_000,
                [7, 3, 3, 7],
                &[K::Animosity],
                &[General, Mutation],
                &[Agility, Strength, Passing],
            ),
            p(
                "Dark Elf Renegade",
                1,
                70_000,
                [6, 3, 4, 8],
                &[K::Animosity],
                &[General, Agility, Mutation],
                &[Strength, Passing],
            ),
            p(
                "Chaos Troll",
                1,
                110_000,
                [4, 5, 1, 9],
                &[
                    K::Loner,
                    K::AlwaysHungry,
                    K::MightyBlow,
                    K::ReallyStupid,
                    K::Regeneration,
                    K::ThrowTeamMate,
                ],
                &[Strength],
                &[General, Agility, Passing, Mutation],
            ),
            p(
                "Chaos Ogre",
                1,
                140_000,
                [5, 5, 2, 9],
                &[
                    K::Loner,
                    K::BoneHead,
                    K::MightyBlow,
                    K::ThickSkull,
                    K::ThrowTeamMate,
                ],
                &[Strength],
                &[General, Agility, Passing, Mutation],
            ),
            p(
                "Minotaur",
                1,
                150_000,
                [5, 5, 2, 8],
                &[
                    K::Loner,
                    K::Frenzy,
                    K::Horns,
                    K::MightyBlow,
                    K::ThickSkull,
                    K::WildAnimal,
                ],
                &[Strength],
                &[General, Agility, Passing, Mutation],
            ),
        ],
        // 9 Marauder + 1 Chaos Troll + 1 Chaos Ogre = 11 players, 3 re-rolls,
        // apothecary, FF 4: 1,000,000 gp. [Proposal]
        starter: Starter {
            players: &[(0, 9), (4, 1), (5, 1)],
            rerolls: 3,
            fan_factor: 4,
            apothecary: true,
        },
        tag: "[R]",
        disputed: &["Chaos Ogre cost 140,000 (other data set: 150,000)"],
        unofficial: true,
        necromancer: false,
        races: &[
            "Human", "Goblin", "Skaven", "Dark Elf", "Troll", "Ogre", "Minotaur",
        ],
    },
    // §27.24 Underworld [R] UNOFFICIAL
    RosterData {
        key: "underworld",
        name: "Underworld",
        reroll_cost: 70_000,
        apothecary: true,
        positions: &[
            p(
                "Underworld Goblin",
                12,
                40_000,
                [6, 2, 3, 7],
                &[K::Dodge, K::RightStuff, K::Stunty],
                &[Agility, Mutation],
                &[General, Strength, Passing],
            ),
            p(
                "Skaven Lineman",
                2,
                50_000,
                [7, 3, 3, 7],
                &[K::Animosity],
                &[General, Mutation],
                &[Agility, Strength, Passing],
            ),
            p(
                "Skaven Thrower",
                2,
                70_000,
                [7, 3, 3, 7],
                &[K::Animosity, K::Pass, K::SureHands],
                &[General, Passing, Mutation],
                &[Agility, Strength],
            ),
            p(
                "Skaven Blitzer",
                2,
                90_000,
                [7, 3, 3, 8],
                &[K::Animosity, K::Block],
                &[General, Strength, Mutation],
                &[Agility, Passing],
            ),
            p(
                "Warpstone Troll",
                1,
                110_000,
                [4, 5, 1, 9],
                &[
                    K::Loner,
                    K::AlwaysHungry,
                    K::MightyBlow,
                    K::ReallyStupid,
                    K::Regeneration,
                    K::ThrowTeamMate,
                ],
                &[Strength, Mutation],
                &[General, Agility, Passing],
            ),
        ],
        // 12 Underworld Goblin + 1 Warpstone Troll = 13 players, 4 re-rolls,
        // apothecary, FF 8: 1,000,000 gp. [Proposal]
        starter: Starter {
            players: &[(0, 12), (4, 1)],
            rerolls: 4,
            fan_factor: 8,
            apothecary: true,
        },
        tag: "[R]",
        disputed: &[],
        unofficial: true,
        necromancer: false,
        races: &["Goblin", "Skaven", "Skaven", "Skaven", "Troll"],
    },
];

/// §12.7: the position a Necromancer raises (on both Necromancer rosters).
pub const RAISED_POSITION: &str = "Zombie";

/// §2.2: the largest roster.
pub const MAX_PLAYERS: usize = 16;
/// §5.2: the most players a team fields.
pub const MAX_ON_PITCH: usize = 11;
/// §21: the budget of a new team.
pub const BUDGET: u32 = 1_000_000;
/// §21: the price of a fan factor point, an assistant coach, a cheerleader.
pub const STAFF_COST: u32 = 10_000;
/// §12.6: the price of an apothecary.
pub const APOTHECARY_COST: u32 = 50_000;

/// The weather (§8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Weather {
    SwelteringHeat,
    VerySunny,
    #[default]
    Nice,
    PouringRain,
    Blizzard,
}

/// §8: the weather of a 2D6 total.
pub fn weather(total: u16) -> Weather {
    match total {
        2 => Weather::SwelteringHeat,
        3 => Weather::VerySunny,
        11 => Weather::PouringRain,
        12 => Weather::Blizzard,
        _ => Weather::Nice,
    }
}

/// A kick-off table result (§7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum KickOffResult {
    GetTheRef,
    Riot,
    PerfectDefence,
    HighKick,
    CheeringFans,
    ChangingWeather,
    BrilliantCoaching,
    QuickSnap,
    Blitz,
    ThrowARock,
    PitchInvasion,
}

/// §7: the kick-off result of a 2D6 total.
pub fn kick_off_result(total: u16) -> KickOffResult {
    use KickOffResult::*;
    match total {
        2 => GetTheRef,
        3 => Riot,
        4 => PerfectDefence,
        5 => HighKick,
        6 => CheeringFans,
        7 => ChangingWeather,
        8 => BrilliantCoaching,
        9 => QuickSnap,
        10 => Blitz,
        11 => ThrowARock,
        _ => PitchInvasion,
    }
}

/// A casualty table result (§12.5), named.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum CasualtyResult {
    BadlyHurt,
    BrokenRibs,
    GroinStrain,
    GougedEye,
    BrokenJaw,
    FracturedArm,
    FracturedLeg,
    SmashedHand,
    PinchedNerve,
    DamagedBack,
    SmashedKnee,
    SmashedHip,
    SmashedAnkle,
    SeriousConcussion,
    FracturedSkull,
    BrokenNeck,
    SmashedCollarBone,
    Dead,
}

/// What a casualty does to the player's sheet (§12.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum LastingEffect {
    None,
    MissNextGame,
    Niggling,
    MinusMa,
    MinusAv,
    MinusAg,
    MinusSt,
    Dead,
}

impl CasualtyResult {
    /// §12.5: the result of a D68 (tens 1–6, units 1–8).
    pub fn of(tens: u16, units: u16) -> CasualtyResult {
        use CasualtyResult::*;
        match (tens, units) {
            (1..=3, _) => BadlyHurt,
            (4, 1) => BrokenRibs,
            (4, 2) => GroinStrain,
            (4, 3) => GougedEye,
            (4, 4) => BrokenJaw,
            (4, 5) => FracturedArm,
            (4, 6) => FracturedLeg,
            (4, 7) => SmashedHand,
            (4, _) => PinchedNerve,
            (5, 1) => DamagedBack,
            (5, 2) => SmashedKnee,
            (5, 3) => SmashedHip,
            (5, 4) => SmashedAnkle,
            (5, 5) => SeriousConcussion,
            (5, 6) => FracturedSkull,
            (5, 7) => BrokenNeck,
            (5, _) => SmashedCollarBone,
            _ => Dead,
        }
    }

    /// §12.5: the lasting effect.
    pub fn effect(self) -> LastingEffect {
        use CasualtyResult::*;
        match self {
            BadlyHurt => LastingEffect::None,
            BrokenRibs | GroinStrain | GougedEye | BrokenJaw | FracturedArm | FracturedLeg
            | SmashedHand | PinchedNerve => LastingEffect::MissNextGame,
            DamagedBack | SmashedKnee => LastingEffect::Niggling,
            SmashedHip | SmashedAnkle => LastingEffect::MinusMa,
            SeriousConcussion | FracturedSkull => LastingEffect::MinusAv,
            BrokenNeck => LastingEffect::MinusAg,
            SmashedCollarBone => LastingEffect::MinusSt,
            Dead => LastingEffect::Dead,
        }
    }

    /// Severity order (the D68 order): lower is milder. The apothecary keeps the milder of
    /// two results (§12.6) [Proposal: the engine chooses for the coach].
    pub fn severity(self) -> u8 {
        self as u8
    }
}

/// §2.5 [Proposal, G2]: the pass range of a throw `dx`, `dy` squares away (Chebyshev-free
/// lookup; `None`: out of range or the thrower's own square).
pub fn pass_range(dx: u8, dy: u8) -> Option<PassRange> {
    const T: [&[u8; 14]; 14] = [
        b"TQQQSSSLLLLBBB",
        b"QQQQSSSLLLLBBB",
        b"QQQSSSSLLLLBB.",
        b"QQSSSSSLLLBBB.",
        b"SSSSSSLLLLBBB.",
        b"SSSSSLLLLBBB..",
        b"SSSSLLLLLBBB..",
        b"LLLLLLLLBBB...",
        b"LLLLLLLBBBB...",
        b"LLLLLBBBBB....",
        b"LLLBBBBBB.....",
        b"BBBBBBB.......",
        b"BBBBB.........",
        b"BB............",
    ];
    if dx >= 14 || dy >= 14 {
        return None;
    }
    match T[dy as usize][dx as usize] {
        b'Q' => Some(PassRange::Quick),
        b'S' => Some(PassRange::Short),
        b'L' => Some(PassRange::Long),
        b'B' => Some(PassRange::LongBomb),
        _ => None,
    }
}

/// A pass range (§2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum PassRange {
    Quick,
    Short,
    Long,
    LongBomb,
}

impl PassRange {
    /// §2.5: the accuracy modifier.
    pub fn modifier(self) -> i8 {
        match self {
            PassRange::Quick => 1,
            PassRange::Short => 0,
            PassRange::Long => -1,
            PassRange::LongBomb => -2,
        }
    }
}

/// §2.3 [Proposal, G3]: the D8 scatter directions (1 up-left .. 8 down-right).
pub const SCATTER: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// §3: the Agility-table target of an agility.
pub fn agility_target(ag: u8) -> u8 {
    7u8.saturating_sub(ag).max(1)
}
