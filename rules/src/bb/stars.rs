//! Star Players (§29): the 56 hires of LRB6 as data (Brick Far'th and Grotty are one hire of
//! two players), and who may hire them. Every row is [R]: the source's star pages were lost
//! (§0.2), the table is rebuilt from the English LRB6 (§29.1). Code reads this table; it never
//! spells a star's numbers itself.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use serde::{Deserialize, Serialize};

use super::data::Skill;
use super::data::Skill as K;

/// A Star Player (§29.1), on the wire by his snake_case name. Appended only: the order is the
/// order of [`STARS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Star {
    BarikFarblast,
    BerthaBigfist,
    BomberDribblesnot,
    BoomerEziasson,
    BrickAndGrotty,
    CountLuthorVonDrakenborg,
    CrazyIgor,
    DeeprootStrongbranch,
    DolfarLongstride,
    EldrilSidewinder,
    Fezglitch,
    FlintChurnblade,
    FungusTheLoon,
    GlartSmashripJr,
    GrashnakBlackhoof,
    GriffOberwald,
    GrimIronjaw,
    HackEnslash,
    HakflemSkuttlespike,
    Headsplitter,
    HelmutWulf,
    Hemlock,
    HorkonHeartripper,
    HtharkTheUnstoppable,
    HubrisRakarth,
    HumerusCarpal,
    IcepeltHammerblow,
    IthacaBenoin,
    JEarlice,
    JordellFreshbreeze,
    LewdgripWhiparm,
    LordBorakTheDespoiler,
    Lottabottol,
    MaxSpleenripper,
    MightyZug,
    MorgNThorg,
    NobblaBlackwart,
    PrinceMoranion,
    PuggyBaconbreath,
    QuetzalLeap,
    RamtutIii,
    RashnakBackstabber,
    Ripper,
    RoxannaDarknail,
    ScrappaSorehead,
    Setekh,
    Sinnedbad,
    SkitterStabStab,
    Slibli,
    SoarenHightower,
    UgrothBolgrot,
    VaragGhoulChewer,
    WilhelmChaney,
    WillowRosebark,
    ZaraTheSlayer,
    ZzhargMadeye,
}

/// One player of a hire: name, MA ST AG AV, skills (Loner included, §29.0).
#[derive(Clone, Copy, Debug)]
pub struct StarBody {
    pub name: &'static str,
    pub ma: u8,
    pub st: u8,
    pub ag: u8,
    pub av: u8,
    pub skills: &'static [Skill],
}

/// One row of the star table (§29.1) [R].
#[derive(Clone, Copy, Debug)]
pub struct StarData {
    pub star: Star,
    pub name: &'static str,
    /// The fee for the hire (gp).
    pub cost: u32,
    /// The players the hire brings: one, or two for Brick Far'th and Grotty (§29.0).
    pub players: &'static [StarBody],
    /// The official teams he plays for (roster keys of `data::ALL_ROSTER_KEYS`).
    pub plays_for: &'static [&'static str],
    /// The unofficial teams (Slann, Chaos Pact, Underworld) he also plays for.
    pub unofficial: &'static [&'static str],
}

const fn body(name: &'static str, s: [u8; 4], skills: &'static [Skill]) -> StarBody {
    StarBody {
        name,
        ma: s[0],
        st: s[1],
        ag: s[2],
        av: s[3],
        skills,
    }
}

/// §29.1: the 56 Star Players, in [`Star`] order. [R] every row.
pub const STARS: [StarData; 56] = [
    StarData {
        star: Star::BarikFarblast,
        name: "Barik Farblast",
        cost: 60_000,
        players: &[body(
            "Barik Farblast",
            [6, 3, 3, 8],
            &[
                K::Loner,
                K::HailMaryPass,
                K::Pass,
                K::SecretWeapon,
                K::StrongArm,
                K::SureHands,
                K::ThickSkull,
            ],
        )],
        plays_for: &["dwarf"],
        unofficial: &[],
    },
    StarData {
        star: Star::BerthaBigfist,
        name: "Bertha Bigfist",
        cost: 290_000,
        players: &[body(
            "Bertha Bigfist",
            [6, 5, 2, 9],
            &[
                K::Loner,
                K::BoneHead,
                K::BreakTackle,
                K::Dodge,
                K::MightyBlow,
                K::ThickSkull,
                K::ThrowTeamMate,
            ],
        )],
        plays_for: &["amazon", "halfling", "ogre"],
        unofficial: &[],
    },
    StarData {
        star: Star::BomberDribblesnot,
        name: "Bomber Dribblesnot",
        cost: 60_000,
        players: &[body(
            "Bomber Dribblesnot",
            [6, 2, 3, 7],
            &[
                K::Loner,
                K::Accurate,
                K::Bombardier,
                K::Dodge,
                K::RightStuff,
                K::SecretWeapon,
                K::Stunty,
            ],
        )],
        plays_for: &["goblin", "ogre", "orc"],
        unofficial: &["chaos_pact", "underworld"],
    },
    StarData {
        star: Star::BoomerEziasson,
        name: "Boomer Eziasson",
        cost: 60_000,
        players: &[body(
            "Boomer Eziasson",
            [4, 3, 2, 9],
            &[
                K::Loner,
                K::Accurate,
                K::Block,
                K::Bombardier,
                K::SecretWeapon,
                K::ThickSkull,
            ],
        )],
        plays_for: &["dwarf", "norse"],
        unofficial: &[],
    },
    StarData {
        star: Star::BrickAndGrotty,
        name: "Brick Far'th and Grotty",
        cost: 290_000,
        players: &[
            body(
                "Brick Far'th",
                [5, 5, 2, 9],
                &[
                    K::Loner,
                    K::BoneHead,
                    K::MightyBlow,
                    K::NervesOfSteel,
                    K::StrongArm,
                    K::ThickSkull,
                    K::ThrowTeamMate,
                ],
            ),
            body(
                "Grotty",
                [6, 2, 4, 7],
                &[K::Loner, K::Dodge, K::RightStuff, K::Stunty],
            ),
        ],
        plays_for: &["chaos", "nurgle", "ogre"],
        unofficial: &[],
    },
    StarData {
        star: Star::CountLuthorVonDrakenborg,
        name: "Count Luthor von Drakenborg",
        cost: 390_000,
        players: &[body(
            "Count Luthor von Drakenborg",
            [6, 5, 4, 9],
            &[
                K::Loner,
                K::Block,
                K::HypnoticGaze,
                K::Regeneration,
                K::SideStep,
            ],
        )],
        plays_for: &["necromantic", "undead", "vampire"],
        unofficial: &[],
    },
    StarData {
        star: Star::CrazyIgor,
        name: "Crazy Igor",
        cost: 120_000,
        players: &[body(
            "Crazy Igor",
            [6, 3, 3, 8],
            &[K::Loner, K::Dauntless, K::Regeneration, K::ThickSkull],
        )],
        plays_for: &["vampire"],
        unofficial: &["chaos_pact"],
    },
    StarData {
        star: Star::DeeprootStrongbranch,
        name: "Deeproot Strongbranch",
        cost: 300_000,
        players: &[body(
            "Deeproot Strongbranch",
            [2, 7, 1, 10],
            &[
                K::Loner,
                K::Block,
                K::MightyBlow,
                K::StandFirm,
                K::StrongArm,
                K::ThickSkull,
                K::ThrowTeamMate,
            ],
        )],
        plays_for: &["halfling"],
        unofficial: &[],
    },
    StarData {
        star: Star::DolfarLongstride,
        name: "Dolfar Longstride",
        cost: 150_000,
        players: &[body(
            "Dolfar Longstride",
            [7, 3, 4, 7],
            &[
                K::Loner,
                K::DivingCatch,
                K::HailMaryPass,
                K::Kick,
                K::KickOffReturn,
                K::PassBlock,
            ],
        )],
        plays_for: &["elf", "high_elf", "wood_elf"],
        unofficial: &[],
    },
    StarData {
        star: Star::EldrilSidewinder,
        name: "Eldril Sidewinder",
        cost: 200_000,
        players: &[body(
            "Eldril Sidewinder",
            [8, 3, 4, 7],
            &[
                K::Loner,
                K::Catch,
                K::Dodge,
                K::HypnoticGaze,
                K::NervesOfSteel,
                K::PassBlock,
            ],
        )],
        plays_for: &["dark_elf", "elf", "high_elf", "wood_elf"],
        unofficial: &[],
    },
    StarData {
        star: Star::Fezglitch,
        name: "Fezglitch",
        cost: 100_000,
        players: &[body(
            "Fezglitch",
            [4, 7, 3, 7],
            &[
                K::Loner,
                K::BallAndChain,
                K::DisturbingPresence,
                K::FoulAppearance,
                K::NoHands,
                K::SecretWeapon,
            ],
        )],
        plays_for: &["skaven"],
        unofficial: &["underworld"],
    },
    StarData {
        star: Star::FlintChurnblade,
        name: "Flint Churnblade",
        cost: 130_000,
        players: &[body(
            "Flint Churnblade",
            [5, 3, 2, 8],
            &[
                K::Loner,
                K::Block,
                K::Chainsaw,
                K::SecretWeapon,
                K::ThickSkull,
            ],
        )],
        plays_for: &["dwarf"],
        unofficial: &[],
    },
    StarData {
        star: Star::FungusTheLoon,
        name: "Fungus the Loon",
        cost: 80_000,
        players: &[body(
            "Fungus the Loon",
            [4, 7, 3, 7],
            &[
                K::Loner,
                K::BallAndChain,
                K::MightyBlow,
                K::NoHands,
                K::SecretWeapon,
                K::Stunty,
            ],
        )],
        plays_for: &["goblin"],
        unofficial: &[],
    },
    StarData {
        star: Star::GlartSmashripJr,
        name: "Glart Smashrip Jr.",
        cost: 210_000,
        players: &[body(
            "Glart Smashrip Jr.",
            [7, 4, 3, 8],
            &[K::Loner, K::Block, K::Claw, K::Juggernaut],
        )],
        plays_for: &["skaven"],
        unofficial: &["underworld"],
    },
    StarData {
        star: Star::GrashnakBlackhoof,
        name: "Grashnak Blackhoof",
        cost: 310_000,
        players: &[body(
            "Grashnak Blackhoof",
            [6, 6, 2, 8],
            &[K::Loner, K::Frenzy, K::Horns, K::MightyBlow, K::ThickSkull],
        )],
        plays_for: &["chaos", "chaos_dwarf", "nurgle"],
        unofficial: &[],
    },
    StarData {
        star: Star::GriffOberwald,
        name: "Griff Oberwald",
        cost: 320_000,
        players: &[body(
            "Griff Oberwald",
            [7, 4, 4, 8],
            &[
                K::Loner,
                K::Block,
                K::Dodge,
                K::Fend,
                K::Sprint,
                K::SureFeet,
            ],
        )],
        plays_for: &["human"],
        unofficial: &[],
    },
    StarData {
        star: Star::GrimIronjaw,
        name: "Grim Ironjaw",
        cost: 220_000,
        players: &[body(
            "Grim Ironjaw",
            [5, 4, 3, 8],
            &[
                K::Loner,
                K::Block,
                K::Dauntless,
                K::Frenzy,
                K::MultipleBlock,
                K::ThickSkull,
            ],
        )],
        plays_for: &["dwarf"],
        unofficial: &[],
    },
    StarData {
        star: Star::HackEnslash,
        name: "Hack Enslash",
        cost: 120_000,
        players: &[body(
            "Hack Enslash",
            [6, 3, 2, 7],
            &[
                K::Loner,
                K::Chainsaw,
                K::Regeneration,
                K::SecretWeapon,
                K::SideStep,
            ],
        )],
        plays_for: &["khemri", "necromantic", "undead"],
        unofficial: &[],
    },
    StarData {
        star: Star::HakflemSkuttlespike,
        name: "Hakflem Skuttlespike",
        cost: 200_000,
        players: &[body(
            "Hakflem Skuttlespike",
            [9, 3, 4, 7],
            &[
                K::Loner,
                K::Dodge,
                K::ExtraArms,
                K::PrehensileTail,
                K::TwoHeads,
            ],
        )],
        plays_for: &["skaven"],
        unofficial: &[],
    },
    StarData {
        star: Star::Headsplitter,
        name: "Headsplitter",
        cost: 340_000,
        players: &[body(
            "Headsplitter",
            [6, 6, 3, 8],
            &[K::Loner, K::Frenzy, K::MightyBlow, K::PrehensileTail],
        )],
        plays_for: &["skaven"],
        unofficial: &[],
    },
    StarData {
        star: Star::HelmutWulf,
        name: "Helmut Wulf",
        cost: 110_000,
        players: &[body(
            "Helmut Wulf",
            [6, 3, 3, 8],
            &[K::Loner, K::Chainsaw, K::SecretWeapon, K::StandFirm],
        )],
        plays_for: &["amazon", "human", "lizardmen", "norse", "vampire"],
        unofficial: &["slann"],
    },
    StarData {
        star: Star::Hemlock,
        name: "Hemlock",
        cost: 170_000,
        players: &[body(
            "Hemlock",
            [8, 2, 3, 7],
            &[
                K::Loner,
                K::Block,
                K::Dodge,
                K::SideStep,
                K::JumpUp,
                K::Stab,
                K::Stunty,
            ],
        )],
        plays_for: &["lizardmen"],
        unofficial: &["slann"],
    },
    StarData {
        star: Star::HorkonHeartripper,
        name: "Horkon Heartripper",
        cost: 210_000,
        players: &[body(
            "Horkon Heartripper",
            [7, 3, 4, 7],
            &[
                K::Loner,
                K::Dodge,
                K::Leap,
                K::MultipleBlock,
                K::Shadowing,
                K::Stab,
            ],
        )],
        plays_for: &["dark_elf"],
        unofficial: &[],
    },
    StarData {
        star: Star::HtharkTheUnstoppable,
        name: "Hthark the Unstoppable",
        cost: 330_000,
        players: &[body(
            "Hthark the Unstoppable",
            [6, 5, 2, 9],
            &[
                K::Loner,
                K::Block,
                K::BreakTackle,
                K::Juggernaut,
                K::Sprint,
                K::SureFeet,
                K::ThickSkull,
            ],
        )],
        plays_for: &["chaos_dwarf"],
        unofficial: &[],
    },
    StarData {
        star: Star::HubrisRakarth,
        name: "Hubris Rakarth",
        cost: 260_000,
        players: &[body(
            "Hubris Rakarth",
            [7, 4, 4, 8],
            &[
                K::Loner,
                K::Block,
                K::DirtyPlayer,
                K::JumpUp,
                K::MightyBlow,
                K::StripBall,
            ],
        )],
        plays_for: &["dark_elf", "elf"],
        unofficial: &[],
    },
    StarData {
        star: Star::HumerusCarpal,
        name: "Humerus Carpal",
        cost: 130_000,
        players: &[body(
            "Humerus Carpal",
            [7, 2, 3, 7],
            &[
                K::Loner,
                K::Catch,
                K::Dodge,
                K::NervesOfSteel,
                K::Regeneration,
            ],
        )],
        plays_for: &["khemri"],
        unofficial: &[],
    },
    StarData {
        star: Star::IcepeltHammerblow,
        name: "Icepelt Hammerblow",
        cost: 330_000,
        players: &[body(
            "Icepelt Hammerblow",
            [5, 6, 1, 8],
            &[
                K::Loner,
                K::Claw,
                K::DisturbingPresence,
                K::Frenzy,
                K::Regeneration,
                K::ThickSkull,
            ],
        )],
        plays_for: &["norse"],
        unofficial: &[],
    },
    StarData {
        star: Star::IthacaBenoin,
        name: "Ithaca Benoin",
        cost: 220_000,
        players: &[body(
            "Ithaca Benoin",
            [7, 3, 3, 7],
            &[
                K::Loner,
                K::Accurate,
                K::DumpOff,
                K::NervesOfSteel,
                K::Pass,
                K::Regeneration,
                K::SureHands,
            ],
        )],
        plays_for: &["dark_elf", "khemri"],
        unofficial: &[],
    },
    StarData {
        star: Star::JEarlice,
        name: "J Earlice",
        cost: 180_000,
        players: &[body(
            "J Earlice",
            [8, 3, 3, 7],
            &[K::Loner, K::Catch, K::DivingCatch, K::Dodge, K::Sprint],
        )],
        plays_for: &["necromantic", "undead", "vampire"],
        unofficial: &[],
    },
    StarData {
        star: Star::JordellFreshbreeze,
        name: "Jordell Freshbreeze",
        cost: 260_000,
        players: &[body(
            "Jordell Freshbreeze",
            [8, 3, 5, 7],
            &[
                K::Loner,
                K::Block,
                K::DivingCatch,
                K::Dodge,
                K::Leap,
                K::SideStep,
            ],
        )],
        plays_for: &["elf", "wood_elf"],
        unofficial: &[],
    },
    StarData {
        star: Star::LewdgripWhiparm,
        name: "Lewdgrip Whiparm",
        cost: 150_000,
        players: &[body(
            "Lewdgrip Whiparm",
            [6, 3, 3, 9],
            &[K::Loner, K::Pass, K::StrongArm, K::SureHands, K::Tentacles],
        )],
        plays_for: &["chaos", "nurgle"],
        unofficial: &[],
    },
    StarData {
        star: Star::LordBorakTheDespoiler,
        name: "Lord Borak the Despoiler",
        cost: 300_000,
        players: &[body(
            "Lord Borak the Despoiler",
            [5, 5, 3, 9],
            &[K::Loner, K::Block, K::DirtyPlayer, K::MightyBlow],
        )],
        plays_for: &["chaos", "nurgle"],
        unofficial: &[],
    },
    StarData {
        star: Star::Lottabottol,
        name: "Lottabottol",
        cost: 220_000,
        players: &[body(
            "Lottabottol",
            [8, 3, 3, 8],
            &[
                K::Loner,
                K::Catch,
                K::DivingTackle,
                K::JumpUp,
                K::Leap,
                K::PassBlock,
                K::Shadowing,
                K::VeryLongLegs,
            ],
        )],
        plays_for: &["lizardmen"],
        unofficial: &["slann"],
    },
    StarData {
        star: Star::MaxSpleenripper,
        name: "Max Spleenripper",
        cost: 130_000,
        players: &[body(
            "Max Spleenripper",
            [5, 4, 3, 8],
            &[K::Loner, K::Chainsaw, K::SecretWeapon],
        )],
        plays_for: &["chaos", "nurgle"],
        unofficial: &[],
    },
    StarData {
        star: Star::MightyZug,
        name: "Mighty Zug",
        cost: 260_000,
        players: &[body(
            "Mighty Zug",
            [4, 5, 2, 9],
            &[K::Loner, K::Block, K::MightyBlow],
        )],
        plays_for: &["human"],
        unofficial: &[],
    },
    StarData {
        star: Star::MorgNThorg,
        name: "Morg 'n' Thorg",
        cost: 430_000,
        players: &[body(
            "Morg 'n' Thorg",
            [6, 6, 3, 10],
            &[
                K::Loner,
                K::Block,
                K::MightyBlow,
                K::ThickSkull,
                K::ThrowTeamMate,
            ],
        )],
        plays_for: &[
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
            "lizardmen",
            "norse",
            "nurgle",
            "ogre",
            "orc",
            "skaven",
            "vampire",
            "wood_elf",
        ],
        unofficial: &["slann", "chaos_pact", "underworld"],
    },
    StarData {
        star: Star::NobblaBlackwart,
        name: "Nobbla Blackwart",
        cost: 130_000,
        players: &[body(
            "Nobbla Blackwart",
            [6, 2, 3, 7],
            &[
                K::Loner,
                K::Block,
                K::Dodge,
                K::Chainsaw,
                K::SecretWeapon,
                K::Stunty,
            ],
        )],
        plays_for: &["chaos_dwarf", "goblin", "ogre"],
        unofficial: &["underworld"],
    },
    StarData {
        star: Star::PrinceMoranion,
        name: "Prince Moranion",
        cost: 230_000,
        players: &[body(
            "Prince Moranion",
            [7, 4, 4, 8],
            &[K::Loner, K::Block, K::Dauntless, K::Tackle, K::Wrestle],
        )],
        plays_for: &["elf", "high_elf"],
        unofficial: &[],
    },
    StarData {
        star: Star::PuggyBaconbreath,
        name: "Puggy Baconbreath",
        cost: 140_000,
        players: &[body(
            "Puggy Baconbreath",
            [5, 3, 3, 6],
            &[
                K::Loner,
                K::Block,
                K::Dodge,
                K::NervesOfSteel,
                K::RightStuff,
                K::Stunty,
            ],
        )],
        plays_for: &["halfling", "human"],
        unofficial: &[],
    },
    StarData {
        star: Star::QuetzalLeap,
        name: "Quetzal Leap",
        cost: 250_000,
        players: &[body(
            "Quetzal Leap",
            [8, 2, 4, 7],
            &[
                K::Loner,
                K::Catch,
                K::DivingCatch,
                K::Fend,
                K::KickOffReturn,
                K::Leap,
                K::NervesOfSteel,
                K::VeryLongLegs,
            ],
        )],
        plays_for: &["lizardmen"],
        unofficial: &["slann"],
    },
    StarData {
        star: Star::RamtutIii,
        name: "Ramtut III",
        cost: 380_000,
        players: &[body(
            "Ramtut III",
            [5, 6, 1, 9],
            &[
                K::Loner,
                K::BreakTackle,
                K::MightyBlow,
                K::Regeneration,
                K::Wrestle,
            ],
        )],
        plays_for: &["khemri", "necromantic", "undead"],
        unofficial: &[],
    },
    StarData {
        star: Star::RashnakBackstabber,
        name: "Rashnak Backstabber",
        cost: 200_000,
        players: &[body(
            "Rashnak Backstabber",
            [7, 3, 3, 7],
            &[K::Loner, K::Dodge, K::SideStep, K::SneakyGit, K::Stab],
        )],
        plays_for: &["chaos_dwarf"],
        unofficial: &[],
    },
    StarData {
        star: Star::Ripper,
        name: "Ripper",
        cost: 270_000,
        players: &[body(
            "Ripper",
            [4, 6, 1, 9],
            &[
                K::Loner,
                K::Grab,
                K::MightyBlow,
                K::Regeneration,
                K::ThrowTeamMate,
            ],
        )],
        plays_for: &["goblin", "orc"],
        unofficial: &[],
    },
    StarData {
        star: Star::RoxannaDarknail,
        name: "Roxanna Darknail",
        cost: 250_000,
        players: &[body(
            "Roxanna Darknail",
            [8, 3, 5, 7],
            &[
                K::Loner,
                K::Dodge,
                K::Frenzy,
                K::JumpUp,
                K::Juggernaut,
                K::Leap,
            ],
        )],
        plays_for: &["amazon", "dark_elf"],
        unofficial: &[],
    },
    StarData {
        star: Star::ScrappaSorehead,
        name: "Scrappa Sorehead",
        cost: 150_000,
        players: &[body(
            "Scrappa Sorehead",
            [7, 2, 3, 7],
            &[
                K::Loner,
                K::DirtyPlayer,
                K::Dodge,
                K::Leap,
                K::RightStuff,
                K::Sprint,
                K::Stunty,
                K::SureFeet,
                K::VeryLongLegs,
            ],
        )],
        plays_for: &["goblin", "ogre", "orc"],
        unofficial: &[],
    },
    StarData {
        star: Star::Setekh,
        name: "Setekh",
        cost: 220_000,
        players: &[body(
            "Setekh",
            [6, 4, 2, 8],
            &[
                K::Loner,
                K::Block,
                K::BreakTackle,
                K::Juggernaut,
                K::Regeneration,
                K::StripBall,
            ],
        )],
        plays_for: &["khemri", "necromantic", "undead"],
        unofficial: &[],
    },
    StarData {
        star: Star::Sinnedbad,
        name: "Sinnedbad",
        cost: 80_000,
        players: &[body(
            "Sinnedbad",
            [6, 3, 2, 7],
            &[
                K::Loner,
                K::Block,
                K::JumpUp,
                K::PassBlock,
                K::Regeneration,
                K::SecretWeapon,
                K::SideStep,
                K::Stab,
            ],
        )],
        plays_for: &["khemri", "undead"],
        unofficial: &[],
    },
    StarData {
        star: Star::SkitterStabStab,
        name: "Skitter Stab-Stab",
        cost: 160_000,
        players: &[body(
            "Skitter Stab-Stab",
            [9, 2, 4, 7],
            &[K::Loner, K::Dodge, K::PrehensileTail, K::Shadowing, K::Stab],
        )],
        plays_for: &["skaven"],
        unofficial: &["underworld"],
    },
    StarData {
        star: Star::Slibli,
        name: "Slibli",
        cost: 250_000,
        players: &[body(
            "Slibli",
            [7, 4, 1, 9],
            &[K::Loner, K::Block, K::Grab, K::Guard, K::StandFirm],
        )],
        plays_for: &["lizardmen"],
        unofficial: &["slann"],
    },
    StarData {
        star: Star::SoarenHightower,
        name: "Soaren Hightower",
        cost: 180_000,
        players: &[body(
            "Soaren Hightower",
            [6, 3, 4, 8],
            &[
                K::Loner,
                K::Fend,
                K::KickOffReturn,
                K::Pass,
                K::SafeThrow,
                K::SureHands,
                K::StrongArm,
            ],
        )],
        plays_for: &["high_elf"],
        unofficial: &[],
    },
    StarData {
        star: Star::UgrothBolgrot,
        name: "Ugroth Bolgrot",
        cost: 100_000,
        players: &[body(
            "Ugroth Bolgrot",
            [5, 3, 3, 9],
            &[K::Loner, K::Chainsaw, K::SecretWeapon],
        )],
        plays_for: &["orc"],
        unofficial: &["chaos_pact"],
    },
    StarData {
        star: Star::VaragGhoulChewer,
        name: "Varag Ghoul-Chewer",
        cost: 290_000,
        players: &[body(
            "Varag Ghoul-Chewer",
            [6, 4, 3, 9],
            &[K::Loner, K::Block, K::JumpUp, K::MightyBlow, K::ThickSkull],
        )],
        plays_for: &["orc"],
        unofficial: &[],
    },
    StarData {
        star: Star::WilhelmChaney,
        name: "Wilhelm Chaney",
        cost: 240_000,
        players: &[body(
            "Wilhelm Chaney",
            [8, 4, 3, 8],
            &[
                K::Loner,
                K::Catch,
                K::Claw,
                K::Frenzy,
                K::Regeneration,
                K::Wrestle,
            ],
        )],
        plays_for: &["necromantic", "norse", "vampire"],
        unofficial: &[],
    },
    StarData {
        star: Star::WillowRosebark,
        name: "Willow Rosebark",
        cost: 150_000,
        players: &[body(
            "Willow Rosebark",
            [5, 4, 3, 8],
            &[K::Loner, K::Dauntless, K::SideStep, K::ThickSkull],
        )],
        plays_for: &["amazon", "halfling", "wood_elf"],
        unofficial: &[],
    },
    StarData {
        star: Star::ZaraTheSlayer,
        name: "Zara the Slayer",
        cost: 270_000,
        players: &[body(
            "Zara the Slayer",
            [6, 4, 3, 8],
            &[
                K::Loner,
                K::Block,
                K::Dauntless,
                K::Dodge,
                K::JumpUp,
                K::Stab,
                K::Stakes,
            ],
        )],
        plays_for: &[
            "amazon", "dwarf", "halfling", "high_elf", "human", "norse", "wood_elf",
        ],
        unofficial: &[],
    },
    StarData {
        star: Star::ZzhargMadeye,
        name: "Zzharg Madeye",
        cost: 90_000,
        players: &[body(
            "Zzharg Madeye",
            [4, 4, 3, 9],
            &[
                K::Loner,
                K::HailMaryPass,
                K::SecretWeapon,
                K::StrongArm,
                K::SureHands,
                K::Tackle,
                K::ThickSkull,
            ],
        )],
        plays_for: &["chaos_dwarf"],
        unofficial: &["chaos_pact"],
    },
];

impl Star {
    /// The star's row of [`STARS`].
    pub fn data(self) -> &'static StarData {
        &STARS[self as usize]
    }

    /// Every star, in table order.
    pub fn all() -> impl Iterator<Item = Star> {
        STARS.iter().map(|s| s.star)
    }

    /// §29.0: does he play for the team of roster key `key` (official or unofficial)?
    pub fn plays_for(self, key: &str) -> bool {
        let d = self.data();
        d.plays_for.contains(&key) || d.unofficial.contains(&key)
    }

    /// The first skill of his (or Grotty's) not built yet: the hire is refused while one is.
    pub fn unbuilt_skill(self) -> Option<Skill> {
        self.data()
            .players
            .iter()
            .flat_map(|b| b.skills.iter().copied())
            .find(|s| !s.info().built)
    }

    /// The Star Player slots the hire takes (§29.0: Brick and Grotty take both [Proposal]).
    pub fn slots(self) -> u8 {
        self.data().players.len() as u8
    }
}
