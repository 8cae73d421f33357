//! Blitz Bowl data: teams, abilities, challenge cards, bonus plays, random events, boards,
//! arenas and special balls.
//!
//! Every entry carries a [`Tag`] saying how sure its value is, as given in the rules reference
//! `docs/rules/blitz-bowl.md` (§0.1): `S24`/`S18` come from the source rulebooks, `Sup` was
//! filled from public data because the source lost it, `Proposal` is a design default.
//! Keep the tags when correcting a value.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use serde::{Deserialize, Serialize};

mod boards;
mod cards;
mod teams;

pub use boards::*;
pub use cards::*;
pub use teams::*;

/// How sure a data value is (§0.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tag {
    /// Blitz Bowl 2018 rulebook (English).
    S18,
    /// Blitz Bowl Ultimate Edition 2024 rulebook (German).
    S24,
    /// Supplementary: not in either source, taken from public transcriptions.
    Sup,
    /// A design decision (a default of the rules reference, §7), not a rule.
    Proposal,
    /// The source text is garbled; best reading.
    Uncertain,
}

/// A player's Move value (§2.6): a number of squares, or a D6 rolled at each Run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum MoveStat {
    Fixed(u8),
    D6,
}

/// The 30 Blitz Bowl abilities (§5.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Ability {
    Bloodlust,
    Bomber,
    CatchersInstincts,
    Defensive,
    DumpOff,
    Elusive,
    Enforcer,
    Ethereal,
    ExpertPasser,
    Frenzied,
    HandlingSkills,
    HeadButt,
    HitAndRun,
    HulkingBrute,
    Insignificant,
    Leap,
    LitheCreature,
    MightyBlow,
    Minion,
    OffensiveSpecialist,
    PickMeUp,
    Regenerate,
    RunningPass,
    SafeHands,
    StandFirm,
    Titchy,
    Violent,
    WarMachine,
    Wardance,
    WoodlandAid,
}

impl Ability {
    pub const ALL: [Ability; 30] = [
        Ability::Bloodlust,
        Ability::Bomber,
        Ability::CatchersInstincts,
        Ability::Defensive,
        Ability::DumpOff,
        Ability::Elusive,
        Ability::Enforcer,
        Ability::Ethereal,
        Ability::ExpertPasser,
        Ability::Frenzied,
        Ability::HandlingSkills,
        Ability::HeadButt,
        Ability::HitAndRun,
        Ability::HulkingBrute,
        Ability::Insignificant,
        Ability::Leap,
        Ability::LitheCreature,
        Ability::MightyBlow,
        Ability::Minion,
        Ability::OffensiveSpecialist,
        Ability::PickMeUp,
        Ability::Regenerate,
        Ability::RunningPass,
        Ability::SafeHands,
        Ability::StandFirm,
        Ability::Titchy,
        Ability::Violent,
        Ability::WarMachine,
        Ability::Wardance,
        Ability::WoodlandAid,
    ];
}

/// One position on a team card (§5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PositionDef {
    /// English position name, e.g. "Troll Slayer".
    pub name: &'static str,
    /// How many players of this position the team fields.
    pub count: u8,
    pub movement: MoveStat,
    /// Number of block dice (2024). 2018 ignores it.
    pub block: u8,
    /// Throw target value (`Some(4)` = 4+); `None` is "–": can never possess a ball.
    pub throw: Option<u8>,
    /// Armour target value; `None` is "–": every Armour check fails.
    pub armour: Option<u8>,
    pub ability: Option<Ability>,
    /// May make the 2024 Throw Team-mate action (Ogre, Troll, Treeman; §6.1.5).
    pub throws_team_mates: bool,
    /// Where the row's values come from; `note` says which cells differ when mixed.
    pub tag: Tag,
    pub note: &'static str,
}

/// The 23 Blitz Bowl teams (§5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum TeamId {
    Amazon,
    BlackOrc,
    ChaosChosen,
    DarkElf,
    Dwarf,
    ElvenUnion,
    Gnome,
    Goblin,
    Halfling,
    Human,
    ImperialNobility,
    Khorne,
    Lizardmen,
    Necromantic,
    Norse,
    Nurgle,
    Ogre,
    Orc,
    ShamblingUndead,
    Skaven,
    Snotling,
    Vampire,
    WoodElf,
}

/// A team card (§5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TeamDef {
    pub id: TeamId,
    pub name: &'static str,
    /// Number of players (sum of the position counts).
    pub size: u8,
    /// Emergency Reserves value (2024, §3.15).
    pub emergency_reserves: u8,
    pub positions: &'static [PositionDef],
    pub tag: Tag,
    pub note: &'static str,
}

/// The 15 distinct challenges on the 2024 deck (§5.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Challenge {
    BreakSomeBones,
    FreeUpTheBall,
    GetMoving,
    GetTheBall,
    GetTogether,
    MakeARiskyThrow,
    MoveTheBall,
    PlayAsATeam,
    ShowNoFear,
    ShowThemHowItsDone,
    ShowUsACompletion,
    ShowboatForTheCrowd,
    SpreadOut,
    TakeThemDown,
    TieThemUp,
}

/// The 20 distinct Bonus Plays (§5.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum BonusPlay {
    AccurateThrow,
    AggressiveMark,
    BladedKnuckleDusters,
    Blitz,
    BlockingPlay,
    DefensivePlay,
    DivingTackle,
    Dodge,
    HailMaryPass,
    Inspiration,
    Intervention,
    JumpUp,
    NervesOfSteel,
    RawTalent,
    Reserves,
    Shadowing,
    Sprint,
    StepAside,
    TheKidsGotMoxy,
    ToughEnough,
}

/// One double-sided challenge card (§5.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CardDef {
    pub challenge: Challenge,
    pub points: u8,
    pub bonus: BonusPlay,
    pub tag: Tag,
}

/// The 10 distinct Random Event cards, 12 copies (§5.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum RandomEvent {
    BananaSkins,
    CrumblingAstrogranitePitch,
    EmptyTheBench,
    GenerousCoaches,
    GetTheRef,
    ImpatientCoaches,
    MultiBall,
    PitchInvasion,
    Reset,
    TrapdoorMonster,
}

/// The 8 arenas of the optional arena rule, in D8 order (§5.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Arena {
    GreatMootBakeOffTent,
    SewerPipeStadium,
    TheBonePit,
    GlitteringColiseum,
    ColiseumOfChaos,
    BadlandsFightingPit,
    MountainSummitStadium,
    OvergrownArena,
}

/// The balls of the optional special-balls rule (§5.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum BallKind {
    Standard,
    DwarfRuneBall,
    ExtraSpikyBall,
    SquigBall,
}

/// Which side of the double-sided board (§2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum BoardSide {
    OneTrapdoor,
    TwoTrapdoors,
}

/// A board layout as data (§2.2, gaps G1, G2). Squares are `(x, y)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BoardDef {
    pub side: BoardSide,
    pub length: u8,
    pub width: u8,
    /// Ordered: in 2018 the first is "left" for the coach defending `x = 0` (G2).
    pub trapdoors: &'static [(u8, u8)],
    pub blocked: &'static [(u8, u8)],
    pub tag: Tag,
    pub note: &'static str,
}
