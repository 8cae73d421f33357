//! Special Play Cards (§31): the seven decks of LRB6 (104 cards), the match option that
//! says which random draws each team gets, the draws in the pre-match sequence, the hands
//! (each coach's secret until a card is played), the timing windows at which a coach holding
//! a playable card is asked, the timed grants cards give, and the effects of the cards built.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use serde::{Deserialize, Serialize};

use super::data::{CasualtyResult, Roster, Skill, SkillSet};
use super::flow::{Ctx, Frame, prompt};
use super::state::{Game, LENGTH, Player, WIDTH};
use super::view::PlayerView;
use super::wire::*;
use crate::core::engine::Flow;
use crate::core::{Die, Seat, Side, Square};

/// The seven decks (§31.1), in the book's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Deck {
    MiscellaneousMayhem,
    SpecialTeamPlays,
    MagicItems,
    DirtyTricks,
    GoodKarma,
    RandomEvents,
    DesperateMeasures,
}

impl Deck {
    pub const ALL: [Deck; 7] = [
        Deck::MiscellaneousMayhem,
        Deck::SpecialTeamPlays,
        Deck::MagicItems,
        Deck::DirtyTricks,
        Deck::GoodKarma,
        Deck::RandomEvents,
        Deck::DesperateMeasures,
    ];

    /// §31.1: the price of one random draw from this deck (gp) [S].
    pub fn price(self) -> u32 {
        match self {
            Deck::MiscellaneousMayhem
            | Deck::SpecialTeamPlays
            | Deck::MagicItems
            | Deck::DirtyTricks => 50_000,
            Deck::GoodKarma => 100_000,
            Deck::RandomEvents => 200_000,
            Deck::DesperateMeasures => 400_000,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Deck::MiscellaneousMayhem => "Miscellaneous Mayhem",
            Deck::SpecialTeamPlays => "Special Team Plays",
            Deck::MagicItems => "Magic Items",
            Deck::DirtyTricks => "Dirty Tricks",
            Deck::GoodKarma => "Good Karma",
            Deck::RandomEvents => "Random Events",
            Deck::DesperateMeasures => "Desperate Measures",
        }
    }

    pub fn name_fr(self) -> &'static str {
        match self {
            Deck::MiscellaneousMayhem => "Incidents Mineurs",
            Deck::SpecialTeamPlays => "Actions Spéciales",
            Deck::MagicItems => "Objets Magiques",
            Deck::DirtyTricks => "Coups Bas",
            Deck::GoodKarma => "Bon Karma",
            Deck::RandomEvents => "Événements Aléatoires",
            Deck::DesperateMeasures => "Mesures Désespérées",
        }
    }

    /// The deck's cards, in table order.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        CARDS.iter().filter(move |c| c.deck == self).map(|c| c.card)
    }

    /// The deck's cards not built yet (a deck is usable only when this is empty).
    pub fn unbuilt(self) -> Vec<Card> {
        self.cards().filter(|c| !c.info().built).collect()
    }
}

/// What a coach chooses when he plays a card that asks a choice (§31.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum CardChoice {
    /// Suitable Pitch: dangerous objects added (`true`: +1 to armour rolls of knocked-down
    /// players) or removed (`false`: −1).
    DangerousObjects { added: bool },
    /// Scutt's Scroll of Weather Magic: the weather.
    Weather { weather: super::data::Weather },
    /// Intensive Training: the skill.
    Skill { skill: Skill },
    /// Perfect Kick (§31.11): the edge the throw-in template's centre arrow points at.
    Aim { toward: Toward },
}

/// An edge of the pitch the throw-in template may be pointed at (§31.11 Perfect Kick).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Toward {
    /// The sideline at y 0.
    TopSideline,
    /// The sideline at y 14.
    BottomSideline,
    /// Home's end zone (x 0).
    HomeEndZone,
    /// Away's end zone (x 25).
    AwayEndZone,
}

impl Toward {
    pub const ALL: [Toward; 4] = [
        Toward::TopSideline,
        Toward::BottomSideline,
        Toward::HomeEndZone,
        Toward::AwayEndZone,
    ];

    /// The square step of the template's centre arrow (the 3–4 of its D6).
    pub fn step(self) -> (i8, i8) {
        match self {
            Toward::TopSideline => (0, -1),
            Toward::BottomSideline => (0, 1),
            Toward::HomeEndZone => (-1, 0),
            Toward::AwayEndZone => (1, 0),
        }
    }
}

/// A card's suit (the decks are made of two ordinary packs, §31.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Suit {
    Hearts,
    Diamonds,
    Clubs,
    Spades,
}

/// When a card may be played (§31.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Window {
    /// Before the match, once inducements are bought (before the coin toss).
    PreMatch,
    /// Before the coach's team sets up for a drive.
    BeforeSetup,
    /// After both teams are set up, before the kick-off is placed and rolled.
    AfterSetup,
    /// At a kick-off, the ball placed, before it scatters.
    KickOffBeforeScatter,
    /// The receiving coach, once the kick has scattered, before the kick-off table.
    ReceivingAfterScatter,
    /// The receiving coach, once the ball has landed.
    ReceivingBallLanded,
    /// At the start of the coach's own turn, before any Action.
    StartOfOwnTurn,
    /// At the start of the coach's own turn, before he moves his turn marker (§31.7 Hurry
    /// Up Offense).
    BeforeTurnMarker,
    /// At the end of the coach's own turn, before the opponent's (not after a kick-off).
    EndOfOwnTurn,
    /// At the end of the coach's own turn, or after his team kicked off, before the
    /// opponent's turn.
    EndOfOwnTurnOrAfterKickOff,
    /// After his team kicked off to the opponent (the ball landed), before the opponent's turn.
    AfterKickOffToOpponent,
    /// At the end of a drive, before the KO recovery rolls.
    DriveEndBeforeKoRecovery,
    /// At the end of a drive, after the KO recovery rolls.
    DriveEndAfterKoRecovery,
    /// Just after the opponent scored a touchdown.
    OpponentScored,
}

/// One row of the card table (§31.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardInfo {
    pub card: Card,
    pub deck: Deck,
    pub suit: Suit,
    /// 2–10, then 11 Jack, 12 Queen, 13 King, 14 Ace.
    pub rank: u8,
    /// The English LRB6 name.
    pub name: &'static str,
    /// The French source's name.
    pub name_fr: &'static str,
    pub window: Window,
    /// The effect is built and tested (a deck is usable only when all its cards are).
    pub built: bool,
}

impl Card {
    pub fn info(self) -> &'static CardInfo {
        &CARDS[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Every card, in table order.
    pub fn all() -> impl Iterator<Item = Card> {
        CARDS.iter().map(|c| c.card)
    }

    /// "J♣", "10♥"...
    pub fn code(self) -> String {
        let i = self.info();
        let rank = match i.rank {
            11 => "J".to_string(),
            12 => "Q".to_string(),
            13 => "K".to_string(),
            14 => "A".to_string(),
            r => r.to_string(),
        };
        let suit = match i.suit {
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
            Suit::Spades => '♠',
        };
        format!("{rank}{suit}")
    }
}

/// Every card of the seven decks (§31.2), in deck order: the decks of [`Deck::ALL`], each by suit then rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Card {
    BadyearGit,
    SprinklerMalfunction,
    Eclipse,
    FanaticInvasion,
    FriendlyFans,
    RowdyFans,
    Heckler,
    HometownFans,
    Incoming,
    RogueWizard,
    BallClone,
    JohnnyWaterboy,
    ThatBabesGotTalent,
    ComeToPapa,
    DoggedDefense,
    FleaFlicker,
    Fumblerooski,
    GoingTheExtraMile,
    HeroicLeap,
    NewBlockingScheme,
    PerfectKick,
    OptionPlay,
    Punt,
    SpectacularCatch,
    SuicideBlitz,
    WakeUpCall,
    BeguilingBracers,
    BeltOfInvulnerability,
    FawndoughsHeadband,
    ForceShield,
    GiktasStrengthOfDaBear,
    GlovesOfHolding,
    InertiaDampner,
    LuckyCharm,
    MagicGlovesOfJarkLongarm,
    GoodOldMagicCodpiece,
    RabbitsFoot,
    RingOfTeleportation,
    WandOfSmashing,
    BlatantFoul,
    ChopBlock,
    CustardPie,
    Distract,
    GreasedShoes,
    GromskullsExplodingRunes,
    IllegalSubstitution,
    KickingBoots,
    PitTrap,
    SpikedBall,
    StolenPlaybook,
    TrampolineTrap,
    WitchsBrew,
    AllOutBlitz,
    BananaSkin,
    Butterfingers,
    Chainsaw,
    DazedAndConfused,
    DocBonesaw,
    ExtraTraining,
    FanUproar,
    HurryUpOffense,
    IntensiveTraining,
    UnsportsmanlikeConduct,
    KnuttsSpellOfAwesomeStrength,
    LewdManeuvers,
    LurvePotion,
    MagicHelmet,
    MiracleWorker,
    OneWithTheKicker,
    RazzleDazzle,
    SuitablePitch,
    RuneOfFear,
    ScuttsScrollOfWeatherMagic,
    Stiletto,
    TeamAnthem,
    TheFan,
    TheWall,
    WoofWoof,
    BadHabits,
    Ballista,
    Blackmail,
    Buzzing,
    DuhWhereAmI,
    EgoTrip,
    Zap,
    GimmeThat,
    IronMan,
    KidGloves,
    Knuckledusters,
    MagicSponge,
    Mine,
    NotSoSecretWeapon,
    OrcidasSponsorship,
    RakarthsCurseOfPettySpite,
    TacklingMachine,
    GetEmLads,
    AssassinationAttempt,
    DoomAndGloom,
    DaFreightTrain,
    MorleysRevenge,
    IAmTheGreatest,
    Mindblow,
    ComeOnBoys,
    MysteriousOldMedicineMan,
}

/// The card table (§31.2): one row per [`Card`], in the same order.
pub const CARDS: [CardInfo; 104] = [
    CardInfo {
        card: Card::BadyearGit,
        deck: Deck::MiscellaneousMayhem,
        suit: Suit::Hearts,
        rank: 2,
        name: "Badyear Git",
        name_fr: "Pauv' Gars",
        window: Window::KickOffBeforeScatter,
        built: true,
    },
    CardInfo {
        card: Card::SprinklerMalfunction,
        deck: Deck::MiscellaneousMayhem,
        suit: Suit::Hearts,
        rank: 3,
        name: "Sprinkler Malfunction",
        name_fr: "Arroseurs Déréglés",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::Eclipse,
        deck: Deck::MiscellaneousMayhem,
        suit: Suit::Hearts,
        rank: 4,
        name: "Eclipse",
        name_fr: "Éclipse",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::FanaticInvasion,
        deck: Deck::MiscellaneousMayhem,
        suit: Suit::Hearts,
        rank: 5,
        name: "Fanatic Invasion",
        name_fr: "Lâcher de Fanatique",
        window: Window::EndOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::FriendlyFans,
        deck: Deck::MiscellaneousMayhem,
        suit: Suit::Hearts,
        rank: 6,
        name: "Friendly Fans",
        name_fr: "Foule Amicale",
        window: Window::PreMatch,
        built: true,
    },
    CardInfo {
        card: Card::RowdyFans,
        deck: Deck::MiscellaneousMayhem,
        suit: Suit::Hearts,
        rank: 7,
        name: "Rowdy Fans",
        name_fr: "Supporters Enragés",
        window: Window::PreMatch,
        built: true,
    },
    CardInfo {
        card: Card::Heckler,
        deck: Deck::MiscellaneousMayhem,
        suit: Suit::Hearts,
        rank: 8,
        name: "Heckler",
        name_fr: "Élément Perturbateur",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::HometownFans,
        deck: Deck::MiscellaneousMayhem,
        suit: Suit::Hearts,
        rank: 9,
        name: "Hometown Fans",
        name_fr: "Jeu à Domicile",
        window: Window::PreMatch,
        built: true,
    },
    CardInfo {
        card: Card::Incoming,
        deck: Deck::MiscellaneousMayhem,
        suit: Suit::Hearts,
        rank: 10,
        name: "Incoming!",
        name_fr: "Pluie de Ballons !",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::RogueWizard,
        deck: Deck::MiscellaneousMayhem,
        suit: Suit::Hearts,
        rank: 11,
        name: "Rogue Wizard",
        name_fr: "Sorcier Blagueur",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::BallClone,
        deck: Deck::MiscellaneousMayhem,
        suit: Suit::Hearts,
        rank: 12,
        name: "Ball Clone",
        name_fr: "Ballon Clone",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: false,
    },
    CardInfo {
        card: Card::JohnnyWaterboy,
        deck: Deck::MiscellaneousMayhem,
        suit: Suit::Hearts,
        rank: 13,
        name: "Johnny Waterboy",
        name_fr: "Johnny le Porteur d'Eau",
        window: Window::PreMatch,
        built: true,
    },
    CardInfo {
        card: Card::ThatBabesGotTalent,
        deck: Deck::MiscellaneousMayhem,
        suit: Suit::Hearts,
        rank: 14,
        name: "That Babe's Got Talent!",
        name_fr: "Cette Fille a du Talent !",
        window: Window::PreMatch,
        built: true,
    },
    CardInfo {
        card: Card::ComeToPapa,
        deck: Deck::SpecialTeamPlays,
        suit: Suit::Diamonds,
        rank: 2,
        name: "Come To Papa!",
        name_fr: "Viens Voir Papa !",
        window: Window::ReceivingBallLanded,
        built: true,
    },
    CardInfo {
        card: Card::DoggedDefense,
        deck: Deck::SpecialTeamPlays,
        suit: Suit::Diamonds,
        rank: 3,
        name: "Dogged Defense",
        name_fr: "Défense Obstinée",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::FleaFlicker,
        deck: Deck::SpecialTeamPlays,
        suit: Suit::Diamonds,
        rank: 4,
        name: "Flea Flicker",
        name_fr: "De la Poudre aux Yeux",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::Fumblerooski,
        deck: Deck::SpecialTeamPlays,
        suit: Suit::Diamonds,
        rank: 5,
        name: "Fumblerooski",
        name_fr: "Maladroitosky",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::GoingTheExtraMile,
        deck: Deck::SpecialTeamPlays,
        suit: Suit::Diamonds,
        rank: 6,
        name: "Going the Extra Mile",
        name_fr: "Et Pour Quelques Mètres de Plus",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::HeroicLeap,
        deck: Deck::SpecialTeamPlays,
        suit: Suit::Diamonds,
        rank: 7,
        name: "Heroic Leap",
        name_fr: "Saut Héroïque",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::NewBlockingScheme,
        deck: Deck::SpecialTeamPlays,
        suit: Suit::Diamonds,
        rank: 8,
        name: "New Blocking Scheme",
        name_fr: "Nouveau Schéma de Blocage",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::PerfectKick,
        deck: Deck::SpecialTeamPlays,
        suit: Suit::Diamonds,
        rank: 9,
        name: "Perfect Kick",
        name_fr: "Coup de Pied Parfait",
        window: Window::AfterSetup,
        built: true,
    },
    CardInfo {
        card: Card::OptionPlay,
        deck: Deck::SpecialTeamPlays,
        suit: Suit::Diamonds,
        rank: 10,
        name: "Option Play",
        name_fr: "Option de Jeu",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::Punt,
        deck: Deck::SpecialTeamPlays,
        suit: Suit::Diamonds,
        rank: 11,
        name: "Punt",
        name_fr: "Dégagement",
        window: Window::EndOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::SpectacularCatch,
        deck: Deck::SpecialTeamPlays,
        suit: Suit::Diamonds,
        rank: 12,
        name: "Spectacular Catch",
        name_fr: "Réception Spectaculaire",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::SuicideBlitz,
        deck: Deck::SpecialTeamPlays,
        suit: Suit::Diamonds,
        rank: 13,
        name: "Suicide Blitz",
        name_fr: "Blitz Suicidaire",
        window: Window::AfterKickOffToOpponent,
        built: true,
    },
    CardInfo {
        card: Card::WakeUpCall,
        deck: Deck::SpecialTeamPlays,
        suit: Suit::Diamonds,
        rank: 14,
        name: "Wake Up Call",
        name_fr: "Tous Ensemble",
        window: Window::DriveEndBeforeKoRecovery,
        built: true,
    },
    CardInfo {
        card: Card::BeguilingBracers,
        deck: Deck::MagicItems,
        suit: Suit::Clubs,
        rank: 2,
        name: "Beguiling Bracers",
        name_fr: "Bracelets Étincelants",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::BeltOfInvulnerability,
        deck: Deck::MagicItems,
        suit: Suit::Clubs,
        rank: 3,
        name: "Belt of Invulnerability",
        name_fr: "Ceinture d'Invulnérabilité",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::FawndoughsHeadband,
        deck: Deck::MagicItems,
        suit: Suit::Clubs,
        rank: 4,
        name: "Fawndough's Headband",
        name_fr: "Bandeau de Patefauve",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::ForceShield,
        deck: Deck::MagicItems,
        suit: Suit::Clubs,
        rank: 5,
        name: "Force Shield",
        name_fr: "Champ de Force",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::GiktasStrengthOfDaBear,
        deck: Deck::MagicItems,
        suit: Suit::Clubs,
        rank: 6,
        name: "Gikta's Strength of Da Bear",
        name_fr: "Force de l'Ours de Gikta",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::GlovesOfHolding,
        deck: Deck::MagicItems,
        suit: Suit::Clubs,
        rank: 7,
        name: "Gloves of Holding",
        name_fr: "Gants de Colle",
        window: Window::KickOffBeforeScatter,
        built: true,
    },
    CardInfo {
        card: Card::InertiaDampner,
        deck: Deck::MagicItems,
        suit: Suit::Clubs,
        rank: 8,
        name: "Inertia Dampner",
        name_fr: "Fétiche d'Inertie",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::LuckyCharm,
        deck: Deck::MagicItems,
        suit: Suit::Clubs,
        rank: 9,
        name: "Lucky Charm",
        name_fr: "Porte-Bonheur",
        window: Window::PreMatch,
        built: true,
    },
    CardInfo {
        card: Card::MagicGlovesOfJarkLongarm,
        deck: Deck::MagicItems,
        suit: Suit::Clubs,
        rank: 10,
        name: "Magic Gloves of Jark Longarm",
        name_fr: "Gants Magiques de Jack Lombras",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::GoodOldMagicCodpiece,
        deck: Deck::MagicItems,
        suit: Suit::Clubs,
        rank: 11,
        name: "Good Old Magic Codpiece",
        name_fr: "Huile de Foie de Morue",
        window: Window::PreMatch,
        built: true,
    },
    CardInfo {
        card: Card::RabbitsFoot,
        deck: Deck::MagicItems,
        suit: Suit::Clubs,
        rank: 12,
        name: "Rabbit's Foot",
        name_fr: "Patte de Lapin",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::RingOfTeleportation,
        deck: Deck::MagicItems,
        suit: Suit::Clubs,
        rank: 13,
        name: "Ring of Teleportation",
        name_fr: "Anneau de Téléportation",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::WandOfSmashing,
        deck: Deck::MagicItems,
        suit: Suit::Clubs,
        rank: 14,
        name: "Wand of Smashing",
        name_fr: "Baguette de Destruction",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::BlatantFoul,
        deck: Deck::DirtyTricks,
        suit: Suit::Spades,
        rank: 2,
        name: "Blatant Foul",
        name_fr: "Faute Flagrante",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::ChopBlock,
        deck: Deck::DirtyTricks,
        suit: Suit::Spades,
        rank: 3,
        name: "Chop Block",
        name_fr: "Blocage Viril",
        window: Window::EndOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::CustardPie,
        deck: Deck::DirtyTricks,
        suit: Suit::Spades,
        rank: 4,
        name: "Custard Pie",
        name_fr: "Tarte à la Crème",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::Distract,
        deck: Deck::DirtyTricks,
        suit: Suit::Spades,
        rank: 5,
        name: "Distract",
        name_fr: "Distraction",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::GreasedShoes,
        deck: Deck::DirtyTricks,
        suit: Suit::Spades,
        rank: 6,
        name: "Greased Shoes",
        name_fr: "Chaussures Graissées",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::GromskullsExplodingRunes,
        deck: Deck::DirtyTricks,
        suit: Suit::Spades,
        rank: 7,
        name: "Gromskull's Exploding Runes",
        name_fr: "Runes Explosives de Gromskull",
        window: Window::BeforeSetup,
        built: true,
    },
    CardInfo {
        card: Card::IllegalSubstitution,
        deck: Deck::DirtyTricks,
        suit: Suit::Spades,
        rank: 8,
        name: "Illegal Substitution",
        name_fr: "Substitution Illégale",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::KickingBoots,
        deck: Deck::DirtyTricks,
        suit: Suit::Spades,
        rank: 9,
        name: "Kicking Boots",
        name_fr: "Bottes de Frappe",
        window: Window::AfterSetup,
        built: true,
    },
    CardInfo {
        card: Card::PitTrap,
        deck: Deck::DirtyTricks,
        suit: Suit::Spades,
        rank: 10,
        name: "Pit Trap",
        name_fr: "Trappe Traîtresse",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::SpikedBall,
        deck: Deck::DirtyTricks,
        suit: Suit::Spades,
        rank: 11,
        name: "Spiked Ball",
        name_fr: "Ballon à Pointes",
        window: Window::AfterSetup,
        built: true,
    },
    CardInfo {
        card: Card::StolenPlaybook,
        deck: Deck::DirtyTricks,
        suit: Suit::Spades,
        rank: 12,
        name: "Stolen Playbook",
        name_fr: "Vol de Livre",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::TrampolineTrap,
        deck: Deck::DirtyTricks,
        suit: Suit::Spades,
        rank: 13,
        name: "Trampoline Trap",
        name_fr: "Trappe Trampoline",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::WitchsBrew,
        deck: Deck::DirtyTricks,
        suit: Suit::Spades,
        rank: 14,
        name: "Witch's Brew",
        name_fr: "Potion de Sorcière",
        window: Window::AfterSetup,
        built: true,
    },
    CardInfo {
        card: Card::AllOutBlitz,
        deck: Deck::GoodKarma,
        suit: Suit::Hearts,
        rank: 2,
        name: "All Out Blitz",
        name_fr: "La Solution est dans le Blitz",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::BananaSkin,
        deck: Deck::GoodKarma,
        suit: Suit::Hearts,
        rank: 3,
        name: "Banana Skin",
        name_fr: "Peau de Banane",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::Butterfingers,
        deck: Deck::GoodKarma,
        suit: Suit::Hearts,
        rank: 4,
        name: "Butterfingers",
        name_fr: "Mains Poisseuses",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::Chainsaw,
        deck: Deck::GoodKarma,
        suit: Suit::Hearts,
        rank: 5,
        name: "Chainsaw",
        name_fr: "Tronçonneuse",
        window: Window::BeforeSetup,
        built: true,
    },
    CardInfo {
        card: Card::DazedAndConfused,
        deck: Deck::GoodKarma,
        suit: Suit::Hearts,
        rank: 6,
        name: "Dazed and Confused",
        name_fr: "Sonné et Confus",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::DocBonesaw,
        deck: Deck::GoodKarma,
        suit: Suit::Hearts,
        rank: 7,
        name: "Doc Bonesaw",
        name_fr: "Docteur Scidoss",
        window: Window::DriveEndAfterKoRecovery,
        built: true,
    },
    CardInfo {
        card: Card::ExtraTraining,
        deck: Deck::GoodKarma,
        suit: Suit::Hearts,
        rank: 8,
        name: "Extra Training",
        name_fr: "Sur-Entraînement",
        window: Window::PreMatch,
        built: true,
    },
    CardInfo {
        card: Card::FanUproar,
        deck: Deck::GoodKarma,
        suit: Suit::Hearts,
        rank: 9,
        name: "Fan Uproar",
        name_fr: "Rugissement de la Foule",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::HurryUpOffense,
        deck: Deck::GoodKarma,
        suit: Suit::Hearts,
        rank: 10,
        name: "Hurry Up Offense",
        name_fr: "À l'Attaque !",
        window: Window::BeforeTurnMarker,
        built: true,
    },
    CardInfo {
        card: Card::IntensiveTraining,
        deck: Deck::GoodKarma,
        suit: Suit::Hearts,
        rank: 11,
        name: "Intensive Training",
        name_fr: "Entraînement Intensif",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::UnsportsmanlikeConduct,
        deck: Deck::GoodKarma,
        suit: Suit::Hearts,
        rank: 12,
        name: "Unsportsmanlike Conduct",
        name_fr: "Conduite Anti-sportive",
        window: Window::OpponentScored,
        built: true,
    },
    CardInfo {
        card: Card::KnuttsSpellOfAwesomeStrength,
        deck: Deck::GoodKarma,
        suit: Suit::Hearts,
        rank: 13,
        name: "Knutt's Spell of Awesome Strength",
        name_fr: "Sort de Knutt de Force Démoniaque",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::LewdManeuvers,
        deck: Deck::GoodKarma,
        suit: Suit::Hearts,
        rank: 14,
        name: "Lewd Maneuvers",
        name_fr: "Manœuvres Lubriques",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::LurvePotion,
        deck: Deck::GoodKarma,
        suit: Suit::Diamonds,
        rank: 2,
        name: "Lurve Potion",
        name_fr: "Philtre d'Amour",
        window: Window::AfterKickOffToOpponent,
        built: true,
    },
    CardInfo {
        card: Card::MagicHelmet,
        deck: Deck::GoodKarma,
        suit: Suit::Diamonds,
        rank: 3,
        name: "Magic Helmet",
        name_fr: "Casque Magique",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::MiracleWorker,
        deck: Deck::GoodKarma,
        suit: Suit::Diamonds,
        rank: 4,
        name: "Miracle Worker",
        name_fr: "Doigts de Fée",
        window: Window::DriveEndBeforeKoRecovery,
        built: true,
    },
    CardInfo {
        card: Card::OneWithTheKicker,
        deck: Deck::GoodKarma,
        suit: Suit::Diamonds,
        rank: 5,
        name: "One with the Kicker",
        name_fr: "Celui avec le Botteur",
        window: Window::ReceivingAfterScatter,
        built: true,
    },
    CardInfo {
        card: Card::RazzleDazzle,
        deck: Deck::GoodKarma,
        suit: Suit::Diamonds,
        rank: 6,
        name: "Razzle Dazzle",
        name_fr: "Brillant !",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::SuitablePitch,
        deck: Deck::GoodKarma,
        suit: Suit::Diamonds,
        rank: 7,
        name: "Suitable Pitch",
        name_fr: "Terrain Favorable",
        window: Window::AfterSetup,
        built: true,
    },
    CardInfo {
        card: Card::RuneOfFear,
        deck: Deck::GoodKarma,
        suit: Suit::Diamonds,
        rank: 8,
        name: "Rune of Fear",
        name_fr: "Rune de Peur",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::ScuttsScrollOfWeatherMagic,
        deck: Deck::GoodKarma,
        suit: Suit::Diamonds,
        rank: 9,
        name: "Scutt's Scroll of Weather Magic",
        name_fr: "Parchemin de Météo Magique de Scutt",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::Stiletto,
        deck: Deck::GoodKarma,
        suit: Suit::Diamonds,
        rank: 10,
        name: "Stiletto",
        name_fr: "Stilet",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::TeamAnthem,
        deck: Deck::GoodKarma,
        suit: Suit::Diamonds,
        rank: 11,
        name: "Team Anthem",
        name_fr: "Hymne de l'Équipe",
        window: Window::PreMatch,
        built: true,
    },
    CardInfo {
        card: Card::TheFan,
        deck: Deck::GoodKarma,
        suit: Suit::Diamonds,
        rank: 12,
        name: "The Fan",
        name_fr: "Le Supporter",
        window: Window::PreMatch,
        built: true,
    },
    CardInfo {
        card: Card::TheWall,
        deck: Deck::GoodKarma,
        suit: Suit::Diamonds,
        rank: 13,
        name: "The Wall",
        name_fr: "Le Mur",
        window: Window::EndOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::WoofWoof,
        deck: Deck::GoodKarma,
        suit: Suit::Diamonds,
        rank: 14,
        name: "Woof Woof!",
        name_fr: "Wouf Wouf !",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::BadHabits,
        deck: Deck::RandomEvents,
        suit: Suit::Clubs,
        rank: 2,
        name: "Bad Habits",
        name_fr: "Mauvaises Habitudes",
        window: Window::PreMatch,
        built: true,
    },
    CardInfo {
        card: Card::Ballista,
        deck: Deck::RandomEvents,
        suit: Suit::Clubs,
        rank: 3,
        name: "Ballista",
        name_fr: "Baliste",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::Blackmail,
        deck: Deck::RandomEvents,
        suit: Suit::Clubs,
        rank: 4,
        name: "Blackmail",
        name_fr: "Chantage",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::Buzzing,
        deck: Deck::RandomEvents,
        suit: Suit::Clubs,
        rank: 5,
        name: "Buzzing",
        name_fr: "Dopé",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::DuhWhereAmI,
        deck: Deck::RandomEvents,
        suit: Suit::Clubs,
        rank: 6,
        name: "Duh, Where Am I?",
        name_fr: "Euh, Où Suis-je ?",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::EgoTrip,
        deck: Deck::RandomEvents,
        suit: Suit::Clubs,
        rank: 7,
        name: "Ego Trip",
        name_fr: "Égo Démesuré",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::Zap,
        deck: Deck::RandomEvents,
        suit: Suit::Clubs,
        rank: 8,
        name: "Zap!",
        name_fr: "Zap !",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::GimmeThat,
        deck: Deck::RandomEvents,
        suit: Suit::Clubs,
        rank: 9,
        name: "Gimme That!",
        name_fr: "Donne-moi Ça !",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::IronMan,
        deck: Deck::RandomEvents,
        suit: Suit::Clubs,
        rank: 10,
        name: "Iron Man",
        name_fr: "Homme de Fer",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::KidGloves,
        deck: Deck::RandomEvents,
        suit: Suit::Spades,
        rank: 2,
        name: "Kid Gloves",
        name_fr: "Gants de Velours",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::Knuckledusters,
        deck: Deck::RandomEvents,
        suit: Suit::Spades,
        rank: 3,
        name: "Knuckledusters",
        name_fr: "Poing Armoricain",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::MagicSponge,
        deck: Deck::RandomEvents,
        suit: Suit::Spades,
        rank: 4,
        name: "Magic Sponge",
        name_fr: "Éponge Magique",
        window: Window::DriveEndBeforeKoRecovery,
        built: true,
    },
    CardInfo {
        card: Card::Mine,
        deck: Deck::RandomEvents,
        suit: Suit::Spades,
        rank: 5,
        name: "Mine",
        name_fr: "Mine",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::NotSoSecretWeapon,
        deck: Deck::RandomEvents,
        suit: Suit::Spades,
        rank: 6,
        name: "Not-So-Secret Weapon",
        name_fr: "Arme Pas Si Secrète",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::OrcidasSponsorship,
        deck: Deck::RandomEvents,
        suit: Suit::Spades,
        rank: 7,
        name: "Orcidas Sponsorship",
        name_fr: "Sponsorisé par Orcidas",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::RakarthsCurseOfPettySpite,
        deck: Deck::RandomEvents,
        suit: Suit::Spades,
        rank: 8,
        name: "Rakarth's Curse of Petty Spite",
        name_fr: "Parchemin de Malédiction de Rakarth",
        window: Window::EndOfOwnTurnOrAfterKickOff,
        built: true,
    },
    CardInfo {
        card: Card::TacklingMachine,
        deck: Deck::RandomEvents,
        suit: Suit::Spades,
        rank: 9,
        name: "Tackling Machine",
        name_fr: "Machine à Tacles",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::GetEmLads,
        deck: Deck::RandomEvents,
        suit: Suit::Spades,
        rank: 10,
        name: "Get 'Em Lads!",
        name_fr: "On va s'les Faire !",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::AssassinationAttempt,
        deck: Deck::DesperateMeasures,
        suit: Suit::Clubs,
        rank: 11,
        name: "Assassination Attempt",
        name_fr: "Assassin",
        window: Window::PreMatch,
        built: true,
    },
    CardInfo {
        card: Card::DoomAndGloom,
        deck: Deck::DesperateMeasures,
        suit: Suit::Clubs,
        rank: 12,
        name: "Doom and Gloom",
        name_fr: "Sombre Destinée",
        window: Window::PreMatch,
        built: true,
    },
    CardInfo {
        card: Card::DaFreightTrain,
        deck: Deck::DesperateMeasures,
        suit: Suit::Clubs,
        rank: 13,
        name: "Da Freight Train",
        name_fr: "Le TGV",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::MorleysRevenge,
        deck: Deck::DesperateMeasures,
        suit: Suit::Clubs,
        rank: 14,
        name: "Morley's Revenge",
        name_fr: "La Revanche de Morley",
        window: Window::PreMatch,
        built: true,
    },
    CardInfo {
        card: Card::IAmTheGreatest,
        deck: Deck::DesperateMeasures,
        suit: Suit::Spades,
        rank: 11,
        name: "I am the Greatest",
        name_fr: "Je Suis le Meilleur",
        window: Window::PreMatch,
        built: true,
    },
    CardInfo {
        card: Card::Mindblow,
        deck: Deck::DesperateMeasures,
        suit: Suit::Spades,
        rank: 12,
        name: "Mindblow",
        name_fr: "Cri Psychique",
        window: Window::StartOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::ComeOnBoys,
        deck: Deck::DesperateMeasures,
        suit: Suit::Spades,
        rank: 13,
        name: "Come On Boys!",
        name_fr: "Allez les Gars !",
        window: Window::EndOfOwnTurn,
        built: true,
    },
    CardInfo {
        card: Card::MysteriousOldMedicineMan,
        deck: Deck::DesperateMeasures,
        suit: Suit::Spades,
        rank: 14,
        name: "Mysterious Old Medicine Man",
        name_fr: "Vieux Médecin Mystérieux",
        window: Window::PreMatch,
        built: true,
    },
];

/// One team's random draws (§31.1): how many cards from each deck. On the wire a list of
/// decks, one entry per draw (`["desperate_measures", "good_karma", "good_karma"]`); the
/// draws are made in deck order ([`Deck::ALL`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(from = "Vec<Deck>", into = "Vec<Deck>")]
#[cfg_attr(feature = "schema", schemars(with = "Vec<Deck>"))]
pub struct DeckDraws {
    /// Draws per deck, indexed as [`Deck::ALL`].
    pub counts: [u8; 7],
}

impl From<Vec<Deck>> for DeckDraws {
    fn from(decks: Vec<Deck>) -> DeckDraws {
        let mut counts = [0u8; 7];
        for d in decks {
            counts[d as usize] = counts[d as usize].saturating_add(1);
        }
        DeckDraws { counts }
    }
}

impl From<DeckDraws> for Vec<Deck> {
    fn from(d: DeckDraws) -> Vec<Deck> {
        d.decks()
    }
}

impl DeckDraws {
    /// One entry per draw, in deck order.
    pub fn decks(&self) -> Vec<Deck> {
        Deck::ALL
            .iter()
            .flat_map(|&d| std::iter::repeat_n(d, usize::from(self.counts[d as usize])))
            .collect()
    }

    pub fn count(&self, deck: Deck) -> u8 {
        self.counts[deck as usize]
    }

    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|&c| c == 0)
    }

    /// What the draws cost (§31.1), for the inducement money.
    pub fn price(&self) -> u32 {
        Deck::ALL
            .iter()
            .map(|&d| u32::from(self.count(d)) * d.price())
            .sum()
    }
}

/// The Special Play Cards option (§31.1): which random draws each team gets before the
/// match. Default: none (the cards are off).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default)]
pub struct SpecialPlayCards {
    pub home: DeckDraws,
    pub away: DeckDraws,
}

impl SpecialPlayCards {
    pub fn of(&self, side: Side) -> &DeckDraws {
        match side {
            Side::Home => &self.home,
            Side::Away => &self.away,
        }
    }

    /// No draws at all: the cards are off.
    pub fn is_off(&self) -> bool {
        self.home.is_empty() && self.away.is_empty()
    }

    /// §31.1: each deck is usable only when every card of it is built, and a team draws at
    /// most the whole deck (draws are without replacement, §31.4).
    pub fn validate(&self) -> Result<(), crate::core::SetupError> {
        self.validate_with(|c| c.info().built)
    }

    /// [`SpecialPlayCards::validate`] with `built` telling which cards are built (the card
    /// table's `built` for a match): the refusal's test once every card is built.
    pub fn validate_with(
        &self,
        built: impl Fn(Card) -> bool,
    ) -> Result<(), crate::core::SetupError> {
        for side in Side::BOTH {
            let draws = self.of(side);
            for deck in Deck::ALL {
                let n = draws.count(deck);
                if n == 0 {
                    continue;
                }
                let size = deck.cards().count();
                if usize::from(n) > size {
                    return Err(crate::core::SetupError::NotImplemented {
                        what: format!(
                            "{n} draws from the {} deck of {size} cards (§31.4: no card twice)",
                            deck.name()
                        ),
                    });
                }
                let unbuilt: Vec<Card> = deck.cards().filter(|&c| !built(c)).collect();
                if !unbuilt.is_empty() {
                    let names: Vec<String> = unbuilt
                        .iter()
                        .map(|c| format!("{} {}", c.code(), c.name()))
                        .collect();
                    return Err(crate::core::SetupError::NotImplemented {
                        what: format!(
                            "the {} deck of Special Play Cards (§31): cards not built: {}",
                            deck.name(),
                            names.join(", ")
                        ),
                    });
                }
            }
        }
        Ok(())
    }
}

// ----- the match state of the cards -----

/// How long a grant lasts (§31.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Until {
    /// To the end of the next turn of this side (the one under way, if it is this side's).
    EndOfTurn(Side),
    EndOfDrive,
    EndOfHalf,
    /// For the rest of the match (never taken back).
    EndOfMatch,
    /// While the player holds the ball (§31.6 Force Shield), and at the latest to the end of
    /// the drive.
    WhileHolding,
}

/// A timed grant (§31.5): characteristic changes and skills a card gave a player. They are
/// applied to the player at once (so every rule reading his profile sees them) and taken
/// back when the grant ends: only the skills he did not already have are removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grant {
    pub player: PlayerId,
    pub card: Card,
    pub until: Until,
    /// The changes actually made (after the 1–10 limits).
    pub ma: i8,
    pub st: i8,
    pub ag: i8,
    pub av: i8,
    /// The skills added (not those he had already).
    pub skills: SkillSet,
    /// The skills taken away for the while (Heckler, §31.10), given back at its end.
    #[serde(default)]
    pub removed: SkillSet,
    /// What the grant does to the profile it is applied to (absent in a grant recorded
    /// before it was kept: its recorded changes are applied again).
    #[serde(default)]
    pub op: Option<GrantOp>,
}

/// What a grant does to a profile (§31.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GrantOp {
    /// Characteristic changes (MA, ST, AG, AV; kept within 1–10, ST 1–20) and skills added.
    Add { stats: [i8; 4], skills: SkillSet },
    /// §31.10 Heckler: only the compulsory skills ([`COMPULSORY`]) are kept.
    Suppress,
    /// §31.8 Zap!: this profile in place of his own.
    Become { stats: [u8; 4], skills: SkillSet },
}

/// A player's characteristics and skills.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    pub ma: u8,
    pub st: u8,
    pub ag: u8,
    pub av: u8,
    pub skills: SkillSet,
}

impl Profile {
    fn of(p: &Player) -> Profile {
        Profile {
            ma: p.ma,
            st: p.st,
            ag: p.ag,
            av: p.av,
            skills: p.skills,
        }
    }
}

impl Grant {
    /// Apply the grant to `prof`, recording the changes it makes there.
    fn apply(&mut self, prof: Profile) -> Profile {
        let mut out = prof;
        match self.op {
            Some(GrantOp::Add { stats, skills }) => {
                let change = |v: u8, d: i8, max: i16| -> u8 {
                    (i16::from(v) + i16::from(d)).clamp(1, max) as u8
                };
                out.ma = change(prof.ma, stats[0], 10);
                out.st = change(prof.st, stats[1], 20);
                out.ag = change(prof.ag, stats[2], 10);
                out.av = change(prof.av, stats[3], 10);
                out.skills = SkillSet(prof.skills.0 | skills.0);
            }
            Some(GrantOp::Suppress) => {
                out.skills = SkillSet(prof.skills.0 & SkillSet::of(COMPULSORY).0);
            }
            Some(GrantOp::Become { stats, skills }) => {
                out.ma = stats[0];
                out.st = stats[1];
                out.ag = stats[2];
                out.av = stats[3];
                out.skills = skills;
            }
            None => {
                let change = |v: u8, d: i8| (i16::from(v) + i16::from(d)).clamp(1, 20) as u8;
                out.ma = change(prof.ma, self.ma);
                out.st = change(prof.st, self.st);
                out.ag = change(prof.ag, self.ag);
                out.av = change(prof.av, self.av);
                out.skills = SkillSet((prof.skills.0 | self.skills.0) & !self.removed.0);
                return out;
            }
        }
        let diff = |a: u8, b: u8| (i16::from(b) - i16::from(a)) as i8;
        self.ma = diff(prof.ma, out.ma);
        self.st = diff(prof.st, out.st);
        self.ag = diff(prof.ag, out.ag);
        self.av = diff(prof.av, out.av);
        self.skills = SkillSet(out.skills.0 & !prof.skills.0);
        self.removed = SkillSet(prof.skills.0 & !out.skills.0);
        out
    }
}

/// The player's own profile under the grants holding on him: kept aside when the first was
/// made, or (a game recorded before it was kept) found by taking back the recorded changes
/// of his grants, the last first.
fn base_profile(g: &Game, player: PlayerId) -> Profile {
    if let Some((_, base)) = g.cards.bases.iter().find(|(id, _)| *id == player) {
        return *base;
    }
    let mut prof = Profile::of(g.player(player));
    for gr in g.cards.grants.iter().rev().filter(|gr| gr.player == player) {
        let back = |v: u8, d: i8| (i16::from(v) - i16::from(d)).clamp(1, 20) as u8;
        prof.ma = back(prof.ma, gr.ma);
        prof.st = back(prof.st, gr.st);
        prof.ag = back(prof.ag, gr.ag);
        prof.av = back(prof.av, gr.av);
        prof.skills = SkillSet((prof.skills.0 & !gr.skills.0) | gr.removed.0);
    }
    prof
}

/// The cards of a match: the hands (each coach's secret, §31.4), the cards played, and
/// what the played cards left behind.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CardState {
    /// Home's hand, then Away's.
    pub hands: [Vec<Card>; 2],
    /// The cards each side has played (public).
    pub played: [Vec<Card>; 2],
    pub grants: Vec<Grant>,
    /// The own profiles of the players a grant holds on, as they were before the first
    /// (§31.5): their profile is made again from it when a grant ends.
    pub bases: Vec<(PlayerId, Profile)>,
    /// Mindblow (§31.9): opponents who lost their tackle zones until the end of this turn.
    pub mindblown: Vec<PlayerId>,
    /// Morley's Revenge (§31.9): the players who roll before every kick-off.
    pub morley: Vec<PlayerId>,
    /// Mysterious Old Medicine Man (§31.9): this side's players get −1 on injury rolls.
    pub medicine_man: [bool; 2],
    /// A player of this side was injured (Stunned included) in the opponent's turn under
    /// way or just over (Get 'Em Lads!, §31.8).
    pub hurt_in_opponent_turn: [bool; 2],
    /// Johnny Waterboy (§31.10): +1 to this side's KO recovery rolls.
    pub waterboy: [bool; 2],
    /// Iron Man (§31.8): injury rolls against these players are Stunned, unrolled.
    pub iron_men: Vec<PlayerId>,
    /// Kid Gloves (§31.8): (the protected side, the opponent whose armour breaks only stun).
    pub kid_gloves: Vec<(Side, PlayerId)>,
    /// Rakarth's Curse of Petty Spite (§31.8): these players may re-roll nothing.
    pub cursed: Vec<PlayerId>,
    /// Greased Shoes (§31.12): this side's GFIs need 5+ until the end of its next turn.
    pub greased: [bool; 2],
    /// I am the Greatest (§31.9): this side fields only one of its two most valuable
    /// available players each drive.
    pub greatest: [bool; 2],
    /// I am the Greatest: this drive's pair of the side (only one may be set up).
    pub greatest_pair: [Option<(PlayerId, PlayerId)>; 2],
    /// Come On Boys! (§31.9): this side's turn just ended in a turnover.
    pub turnover_ended: [bool; 2],
    /// Come On Boys!: the turn of this side goes on, its turnovers only end the Action.
    pub come_on_boys: Option<Side>,
    /// Come On Boys!: the players stunned in the turn that ended (they stay stunned if it
    /// goes on).
    pub stunned_kept: Vec<PlayerId>,
    /// Players a card brought into the match (§31.5), and when they leave it.
    pub joined: Vec<(PlayerId, Until)>,
    /// The player who scored the touchdown that ended this drive (Unsportsmanlike Conduct).
    pub scorer: Option<PlayerId>,
    /// Unsportsmanlike Conduct (§31.7): KO'd players who do not roll at the next KO recovery.
    pub no_recovery: Vec<PlayerId>,
    /// Badyear Git (§31.10): this kick-off's kick scatters 2D6 squares.
    pub badyear: bool,
    /// Friendly Fans (§31.10): this side's players pushed into the crowd are not injured.
    pub friendly_fans: [bool; 2],
    /// Team Anthem (§31.7): this side wins the coin toss, +2 FAME at kick-offs.
    pub anthem: [bool; 2],
    /// That Babe's Got Talent! (§31.10): this side wins Cheering Fans and Brilliant
    /// Coaching, +1 FAME on the other kick-off results.
    pub babe: [bool; 2],
    /// Fan Uproar (§31.7): this side's turns left without team re-rolls this drive.
    pub uproar: [u8; 2],
    /// All Out Blitz (§31.7): a second Blitz this turn.
    pub extra_blitz: [bool; 2],
    /// Razzle Dazzle (§31.7): a second Pass or Hand-off this turn.
    pub extra_pass: [bool; 2],
    /// Blatant Foul (§31.12): this side's fouls break armour this turn, never on a double.
    pub blatant: [bool; 2],
    /// Knuckledusters (§31.8): these players' block dice are Defender Down this turn.
    pub knuckles: Vec<PlayerId>,
    /// Heroic Leap (§31.11): these players leap this turn, landing on 3+.
    pub heroic: Vec<PlayerId>,
    /// Belt of Invulnerability (§31.6): armour rolls against these are never modified.
    pub belts: Vec<PlayerId>,
    /// Lucky Charm (§31.6): the first armour roll that breaks these players' armour is
    /// ignored.
    pub lucky: Vec<PlayerId>,
    /// Good Old Magic Codpiece (§31.6): never fouled; injury rolls never modified.
    pub codpieces: Vec<PlayerId>,
    /// Gloves of Holding (§31.6): these players may not pass or hand off.
    pub gloves: Vec<PlayerId>,
    /// Ego Trip (§31.8): these players act first in their team's turn or not at all.
    pub ego: Vec<PlayerId>,
    /// Sprinkler Malfunction (§31.10): −1 on passes, catches and pick-ups this drive.
    pub sprinkler: bool,
    /// Rowdy Fans (§31.10): this side's fans work the pitch's edge.
    pub rowdy: [bool; 2],
    /// Incoming! (§31.10): this side's players dodge out of the squares near the edges
    /// until the end of its next turn.
    pub incoming: [bool; 2],
    /// Lewd Maneuvers (§31.7): no player in this wide zone acts, until the end of the
    /// named side's turn.
    pub lewd: Option<(usize, Side)>,
    /// Going the Extra Mile (§31.11): this player goes for it without limit this turn;
    /// whether his Sprint +1 is spent.
    pub extra_mile: Option<(PlayerId, bool)>,
    /// Fawndough's Headband (§31.6): interceptions of these players' passes get +1, this
    /// turn.
    pub headband: Vec<PlayerId>,
    /// Magic Gloves of Jark Longarm (§31.6): these players get +1 to intercept, to the end
    /// of the drive.
    pub jark: Vec<PlayerId>,
    /// Spiked Ball (§31.12): to the end of the drive a failed catch or pick-up is a stab.
    pub spiked: bool,
    /// Distract (§31.12): opponents starting an Action within 3 squares of these players
    /// count as having Bone-head, to the end of the turn.
    pub distract: Vec<PlayerId>,
    /// Inertia Dampner (§31.6): a blitzer who moved before blocking these players is at
    /// −1 ST.
    pub dampners: Vec<PlayerId>,
    /// Inertia Dampner: the acting player has moved a square in this Action.
    pub moved: Option<PlayerId>,
    /// Gromskull's Exploding Runes (§31.12): these players' bomb throws are at −1.
    pub runes: Vec<PlayerId>,
    /// Illegal Substitution (§31.12): this player may only Move this turn.
    pub substitute: Option<PlayerId>,
    /// Illegal Substitution: this side may have 12 players on the pitch to the drive's end.
    pub substituted: [bool; 2],
    /// New Blocking Scheme (§31.11): this side may swap players at the start of this turn.
    pub scheme: [bool; 2],
    /// New Blocking Scheme: the players who have swapped (once each).
    pub swapped: Vec<PlayerId>,
    /// Wake Up Call (§31.11): this side's KO'd players skip the next KO recovery and may be
    /// set up stunned.
    pub wake: [bool; 2],
    /// Wake Up Call: the players woken for this drive's set-up.
    pub woken: Vec<PlayerId>,
    /// Flea Flicker (§31.11): 1 played this turn (the first pass must be Quick), 2 the
    /// first pass thrown (a second Pass Action allowed), 3 that one declared.
    pub flea: [u8; 2],
    /// Suicide Blitz (§31.11): the player blitzing out of turn.
    pub suicide: Option<PlayerId>,
    /// Fanatic Invasion (§31.10): the turn (side, half, turn number) at whose end the
    /// neutral Fanatic was last offered to move: once a turn, even one Come On Boys! resumes.
    pub fanatic_turn: Option<(Side, u8, u8)>,
    /// Dogged Defense (§31.11): this side's prone players exert tackle zones, to the end of
    /// the opponent's turn.
    pub dogged: [bool; 2],
    /// Suitable Pitch (§31.7): the modifier to armour rolls of knocked-down players (both
    /// teams) to the drive's end.
    pub pitch: i8,
    /// Perfect Kick (§31.11): the kick placed by the card, and the template's aim, for the
    /// kick-off under way.
    pub perfect_kick: Option<(Square, Toward)>,
    /// Hometown Fans (§31.10): the side whose coach aims the first half's throw-ins.
    pub hometown: Option<Side>,
    /// Fumblerooski (§31.11): this side's failed pick-ups, catches and passes are no
    /// turnover this turn, and may be failed on purpose.
    pub fumblerooski: Option<Side>,
    /// Hurry Up Offense (§31.7): the free turns under way.
    pub hurry: Option<Hurry>,
    /// Blackmail (§31.8): the opponent played as the blackmailer's this turn (his `side`
    /// is the blackmailer's), and his own team.
    pub blackmail: Option<(PlayerId, Side)>,
}

/// §31.7 Hurry Up Offense: the free turns of the coach who played it, then of his opponent,
/// outside the turn markers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hurry {
    /// The side that played the card.
    pub side: Side,
    /// The opponent's free turn is under way (else the card player's).
    pub opponent: bool,
    /// The free turn under way has ended (a 1 after an Action, or a touchdown held).
    pub over: bool,
    /// The card player's touchdown scored in his free turn, held to the end of the
    /// opponent's: the scorer.
    pub pending: Option<PlayerId>,
}

impl Hurry {
    /// The side whose free turn it is.
    pub fn free_side(&self) -> Side {
        if self.opponent {
            self.side.other()
        } else {
            self.side
        }
    }
}

/// Does the moment `moment` open the cards whose moment is `card` (§31.3)? The end of a turn
/// also opens the cards of "end of own turn, or after kicking off", and so does the moment
/// after a kick-off.
fn opens(moment: Window, card: Window) -> bool {
    card == moment
        || matches!(
            (moment, card),
            (Window::EndOfOwnTurn, Window::EndOfOwnTurnOrAfterKickOff)
                | (
                    Window::AfterKickOffToOpponent,
                    Window::EndOfOwnTurnOrAfterKickOff
                )
                // §31.11 Come To Papa! [Proposal]: "the ball has landed" is the scatter's
                // landing square, known before the kick-off table.
                | (Window::ReceivingAfterScatter, Window::ReceivingBallLanded)
        )
}

/// The `play_card` commands `side` may give at `moment` (its own cards, with every target).
/// Unbuilt cards are never playable.
pub fn plays(g: &Game, side: Side, moment: Window) -> Vec<Command> {
    let mut out = Vec::new();
    let mut seen = Vec::new();
    for &card in &g.cards.hands[side.index()] {
        let info = card.info();
        if !info.built || !opens(moment, info.window) || seen.contains(&card) {
            continue;
        }
        seen.push(card);
        for player in targets(g, side, card) {
            out.push(Command::PlayCard {
                card,
                player,
                square: None,
                choice: None,
            });
        }
        if card == Card::ChopBlock {
            out.extend(chop_blocks(g, side));
        }
        if card == Card::RingOfTeleportation {
            out.extend(ring_plays(g, side));
        }
        if card == Card::IllegalSubstitution {
            out.extend(substitutions(g, side));
        }
        out.extend(choices(g, side, card));
        for square in square_targets(g, side, card) {
            out.push(Command::PlayCard {
                card,
                player: None,
                square: Some(square),
                choice: None,
            });
        }
    }
    if g.cards.scheme[side.index()] && moment == Window::StartOfOwnTurn {
        out.extend(swaps(g, side));
    }
    // §31.10 Fanatic Invasion [Proposal]: the neutral Fanatic is nobody's player: no card
    // names him, nor swaps or chop-blocks him by his square.
    let neutral = |id: PlayerId| g.player(id).neutral;
    out.retain(|c| match c {
        Command::PlayCard {
            card,
            player,
            square,
            ..
        } => {
            let by_square = matches!(card, Card::NewBlockingScheme | Card::ChopBlock)
                && square.and_then(|sq| g.at(sq)).is_some_and(neutral);
            !(player.is_some_and(neutral) || by_square)
        }
        _ => true,
    });
    out
}

/// The legal answers to a card prompt: the plays, then `no_card`.
pub fn legal(g: &Game, side: Side, moment: Window) -> Vec<Command> {
    let mut out = plays(g, side, moment);
    out.push(Command::NoCard);
    out
}

/// The squares a card may be played on (§31.8 Not-So-Secret Weapon, §31.9 Da Freight Train:
/// an empty square beside a sideline, not in an end zone).
fn square_targets(g: &Game, side: Side, card: Card) -> Vec<Square> {
    match card {
        // §31.7 Lewd Maneuvers, Lurve Potion: a wide zone, named by its corner square on
        // the coach's own end (y 0 for the top zone, 14 for the bottom one).
        Card::LewdManeuvers => vec![Square::new(0, 0), Square::new(0, WIDTH - 1)],
        Card::LurvePotion => [Square::new(0, 0), Square::new(0, WIDTH - 1)]
            .into_iter()
            .filter(|&z| {
                g.on_pitch(side.other()).any(|p| {
                    p.square().and_then(super::state::wide_zone) == super::state::wide_zone(z)
                })
            })
            .collect(),
        // §31.10 Rogue Wizard: the marker goes on any square.
        Card::RogueWizard => (0..WIDTH)
            .flat_map(|y| (0..LENGTH).map(move |x| Square::new(x, y)))
            .collect(),
        // §31.11 Punt: any square, when one of his players holds the ball.
        Card::Punt if g.carrier().is_some_and(|c| g.player(c).side == side) => (0..WIDTH)
            .flat_map(|y| (0..LENGTH).map(move |x| Square::new(x, y)))
            .collect(),
        // §31.10 Fanatic Invasion: any empty square.
        Card::FanaticInvasion => super::fanatic::invasion_squares(g),
        Card::NotSoSecretWeapon | Card::DaFreightTrain => {
            let mut out = Vec::new();
            for y in [0, WIDTH - 1] {
                for x in 1..LENGTH - 1 {
                    let sq = Square::new(x, y);
                    if g.at(sq).is_none() {
                        out.push(sq);
                    }
                }
            }
            out
        }
        _ => Vec::new(),
    }
}

/// The plays of the cards that ask a choice (§31.7): Suitable Pitch (add or remove), Scutt's
/// Scroll (any weather), Intensive Training (a player and a skill of his normal categories,
/// built, that he lacks); Woof Woof! (the direction, as the square beside the ball).
fn choices(g: &Game, side: Side, card: Card) -> Vec<Command> {
    let play = |player, square, choice| Command::PlayCard {
        card,
        player,
        square,
        choice,
    };
    match card {
        Card::SuitablePitch => [true, false]
            .into_iter()
            .map(|added| play(None, None, Some(CardChoice::DangerousObjects { added })))
            .collect(),
        Card::ScuttsScrollOfWeatherMagic => {
            use super::data::Weather::*;
            [SwelteringHeat, VerySunny, Nice, PouringRain, Blizzard]
                .into_iter()
                .map(|weather| play(None, None, Some(CardChoice::Weather { weather })))
                .collect()
        }
        Card::IntensiveTraining => {
            let roster = g.team(side).roster;
            let mut out = Vec::new();
            for p in g.on_pitch(side) {
                let Some(i) = super::setup::position_index(roster, &p.position) else {
                    continue;
                };
                let normal = roster.data().positions[i].normal;
                for info in super::data::SKILLS {
                    if info.built && normal.contains(&info.category) && !p.has(info.skill) {
                        out.push(play(
                            Some(p.id),
                            None,
                            Some(CardChoice::Skill { skill: info.skill }),
                        ));
                    }
                }
            }
            out
        }
        // §31.11 Perfect Kick (G132): the kicking coach, once a kick-off: one of the
        // receiving team's 7 line-of-scrimmage squares or an end-zone square of his, and the
        // template's aim at any edge.
        Card::PerfectKick if side == g.kicking && g.cards.perfect_kick.is_none() => {
            let receiving = side.other();
            let los = (4..=10).map(|y| Square::new(super::state::los_x(receiving), y));
            let end = (0..WIDTH).map(|y| Square::new(super::state::own_end_zone(receiving), y));
            los.chain(end)
                .flat_map(|sq| {
                    Toward::ALL
                        .into_iter()
                        .map(move |toward| play(None, Some(sq), Some(CardChoice::Aim { toward })))
                })
                .collect()
        }
        Card::WoofWoof => match g.ball {
            Ball::Ground { square } => square
                .neighbours()
                .map(|n| play(None, Some(n), None))
                .collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// §31.11 New Blocking Scheme: a standing player of his in no opposing tackle zone (named
/// as `player`) and a standing team-mate beside him (by his square), neither holding the
/// ball, neither swapped yet [Proposal: each player swaps once].
fn swaps(g: &Game, side: Side) -> Vec<Command> {
    let free =
        |p: &Player| p.standing() && g.carrier() != Some(p.id) && !g.cards.swapped.contains(&p.id);
    let mut out = Vec::new();
    for p in g.on_pitch(side).filter(|p| free(p)) {
        let Some(sq) = p.square() else { continue };
        if g.tackle_zones(side, sq, None) > 0 {
            continue;
        }
        for n in sq.neighbours() {
            if let Some(t) = g.at(n)
                && g.player(t).side == side
                && free(g.player(t))
            {
                out.push(Command::PlayCard {
                    card: Card::NewBlockingScheme,
                    player: Some(p.id),
                    square: Some(n),
                    choice: None,
                });
            }
        }
    }
    out
}

/// §31.6 Ring of Teleportation: a standing player of his and a direction, named by the
/// square next to him that way (on the pitch or not).
fn ring_plays(g: &Game, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    for p in g.on_pitch(side).filter(|p| p.standing()) {
        let Some(sq) = p.square() else { continue };
        for n in sq.neighbours() {
            out.push(Command::PlayCard {
                card: Card::RingOfTeleportation,
                player: Some(p.id),
                square: Some(n),
                choice: None,
            });
        }
    }
    out
}

/// §31.12 Illegal Substitution: a player of his Reserves and an empty square of his own end
/// zone.
fn substitutions(g: &Game, side: Side) -> Vec<Command> {
    let x = super::state::own_end_zone(side);
    let free: Vec<Square> = (0..WIDTH)
        .map(|y| Square::new(x, y))
        .filter(|&sq| g.at(sq).is_none())
        .collect();
    let mut out = Vec::new();
    for p in g
        .players
        .iter()
        .filter(|p| p.side == side && p.state == PlayerState::Reserve && !p.neutral)
    {
        for &sq in &free {
            out.push(Command::PlayCard {
                card: Card::IllegalSubstitution,
                player: Some(p.id),
                square: Some(sq),
                choice: None,
            });
        }
    }
    out
}

/// §31.12 Chop Block: a standing player of his who took no Action in the turn just over
/// (named by his square) and a standing opponent next to him.
fn chop_blocks(g: &Game, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    for p in g.on_pitch(side).filter(|p| p.standing() && !p.acted) {
        let Some(sq) = p.square() else { continue };
        for o in g.on_pitch(side.other()).filter(|o| o.standing()) {
            if o.square().is_some_and(|os| os.is_adjacent(sq)) {
                out.push(Command::PlayCard {
                    card: Card::ChopBlock,
                    player: Some(o.id),
                    square: Some(sq),
                    choice: None,
                });
            }
        }
    }
    out
}

/// The players a card may be played on (`None`: a card without a target). Empty: the card
/// cannot be played now.
fn targets(g: &Game, side: Side, card: Card) -> Vec<Option<PlayerId>> {
    let own_on_pitch = || {
        g.players
            .iter()
            .filter(|p| p.side == side && p.square().is_some())
            .map(|p| Some(p.id))
            .collect::<Vec<_>>()
    };
    match card {
        // §31.9: any opposing player who could play the match.
        Card::AssassinationAttempt => g
            .players
            .iter()
            .filter(|p| p.side != side && p.state == PlayerState::Reserve)
            .map(|p| Some(p.id))
            .collect(),
        Card::DoomAndGloom | Card::BadHabits => {
            if g.team(side.other()).rerolls_start > 0 {
                vec![None]
            } else {
                Vec::new()
            }
        }
        Card::MorleysRevenge => {
            if g.players
                .iter()
                .any(|p| p.side != side && p.state != PlayerState::Absent)
            {
                vec![None]
            } else {
                Vec::new()
            }
        }
        Card::MysteriousOldMedicineMan | Card::ExtraTraining | Card::IAmTheGreatest => {
            vec![None]
        }
        Card::Mindblow => {
            if g.on_pitch(side.other()).next().is_some() {
                vec![None]
            } else {
                Vec::new()
            }
        }
        Card::GetEmLads => {
            if g.cards.hurt_in_opponent_turn[side.index()] && g.on_pitch(side).next().is_some() {
                vec![None]
            } else {
                Vec::new()
            }
        }
        Card::KnuttsSpellOfAwesomeStrength
        | Card::WandOfSmashing
        | Card::MagicHelmet
        | Card::GiktasStrengthOfDaBear => own_on_pitch(),
        Card::RabbitsFoot => g
            .on_pitch(side)
            .filter(|p| !p.has(Skill::Loner))
            .map(|p| Some(p.id))
            .collect(),
        Card::TheWall => {
            if g.on_pitch(side).next().is_some() {
                vec![None]
            } else {
                Vec::new()
            }
        }
        Card::JohnnyWaterboy
        | Card::GreasedShoes
        | Card::TheFan
        | Card::FriendlyFans
        | Card::TeamAnthem
        | Card::ThatBabesGotTalent
        | Card::FanUproar
        | Card::AllOutBlitz
        | Card::RazzleDazzle
        | Card::BlatantFoul
        | Card::SprinklerMalfunction
        | Card::RowdyFans
        | Card::Incoming
        | Card::Fumblerooski => vec![None],
        // §31.8: an opponent on the pitch, not the ball carrier (one at a time).
        Card::Blackmail => {
            if g.cards.blackmail.is_some() {
                return Vec::new();
            }
            g.on_pitch(side.other())
                .filter(|p| g.carrier() != Some(p.id))
                .map(|p| Some(p.id))
                .collect()
        }
        // §31.7: before his turn marker moves (not in a free turn: no turn marker there).
        Card::HurryUpOffense => {
            if g.cards.hurry.is_none() {
                vec![None]
            } else {
                Vec::new()
            }
        }
        // §31.10 Hometown Fans [Proposal]: one crowd aims the throw-ins; once one side has
        // played it, the other's copy has nothing left to do and stays in his hand.
        Card::HometownFans => {
            if g.cards.hometown.is_none() {
                vec![None]
            } else {
                Vec::new()
            }
        }
        Card::Knuckledusters
        | Card::BeltOfInvulnerability
        | Card::GlovesOfHolding
        | Card::GoingTheExtraMile
        | Card::BeguilingBracers
        | Card::FawndoughsHeadband
        | Card::MagicGlovesOfJarkLongarm
        | Card::Stiletto
        | Card::GimmeThat
        | Card::OrcidasSponsorship
        | Card::TacklingMachine
        | Card::OptionPlay
        | Card::SpectacularCatch
        | Card::Distract
        | Card::KickingBoots
        | Card::StolenPlaybook => own_on_pitch(),
        // §31.8 Buzzing: one of his players not holding the ball.
        Card::Buzzing => g
            .on_pitch(side)
            .filter(|p| g.carrier() != Some(p.id))
            .map(|p| Some(p.id))
            .collect(),
        // §31.6 Force Shield: his player holding the ball.
        Card::ForceShield => g
            .carrier()
            .filter(|&c| g.player(c).side == side && g.player(c).square().is_some())
            .map(|c| vec![Some(c)])
            .unwrap_or_default(),
        // §31.7 Rune of Fear: all his players (on the pitch).
        Card::RuneOfFear => {
            if g.on_pitch(side).next().is_some() {
                vec![None]
            } else {
                Vec::new()
            }
        }
        // §31.8 Zap!, §31.12 Witch's Brew: an opponent on the pitch [Proposal].
        Card::Zap | Card::WitchsBrew => g.on_pitch(side.other()).map(|p| Some(p.id)).collect(),
        // §31.8 Ballista: a Lightning Bolt, on any standing player (as the Wizard's, §30.10).
        Card::Ballista => g
            .players
            .iter()
            .filter(|p| p.standing() && p.square().is_some())
            .map(|p| Some(p.id))
            .collect(),
        // §31.8 Mine: a Fireball centred on an opponent (named as the target).
        Card::Mine => g.on_pitch(side.other()).map(|p| Some(p.id)).collect(),
        // §31.7 One with the Kicker: one of his players on the pitch.
        Card::OneWithTheKicker => own_on_pitch(),
        // §31.11 Come To Papa!: one of his standing players off the line of scrimmage, to
        // the empty square of his half where the kick will land.
        Card::ComeToPapa => match g.ball {
            Ball::InAir { square }
                if !g.kick_out
                    && super::state::on_pitch(square)
                    && super::state::in_half(side, square)
                    && g.at(square).is_none() =>
            {
                g.on_pitch(side)
                    .filter(|p| {
                        p.standing()
                            && p.square()
                                .is_some_and(|sq| sq.x != super::state::los_x(side))
                    })
                    .map(|p| Some(p.id))
                    .collect()
            }
            _ => Vec::new(),
        },
        // §31.7 Miracle Worker: one of his casualties of 41 or more (not Badly Hurt).
        Card::MiracleWorker => g
            .players
            .iter()
            .filter(|p| {
                p.side == side
                    && matches!(p.state, PlayerState::Casualty { result } if result != CasualtyResult::BadlyHurt)
            })
            .map(|p| Some(p.id))
            .collect(),
        // §31.8 Magic Sponge: one of his players in the Dead & Injured box.
        Card::MagicSponge => g
            .players
            .iter()
            .filter(|p| p.side == side && matches!(p.state, PlayerState::Casualty { .. }))
            .map(|p| Some(p.id))
            .collect(),
        // §31.10 Eclipse: everyone on the pitch.
        Card::Eclipse => {
            if g.players.iter().any(|p| p.square().is_some()) {
                vec![None]
            } else {
                Vec::new()
            }
        }
        // §31.11 Wake Up Call: with a KO'd player of his (who may recover now).
        Card::WakeUpCall => {
            if g.players.iter().any(|p| {
                p.side == side
                    && p.state == PlayerState::KnockedOut
                    && !g.cards.no_recovery.contains(&p.id)
            }) {
                vec![None]
            } else {
                Vec::new()
            }
        }
        // §31.11 New Blocking Scheme: when a swap can be made.
        Card::NewBlockingScheme => {
            if swaps(g, side).is_empty() {
                Vec::new()
            } else {
                vec![None]
            }
        }
        // §31.11 Flea Flicker: no target.
        Card::FleaFlicker => vec![None],
        // §31.11 Suicide Blitz: a standing player of his not holding the ball.
        Card::SuicideBlitz => g
            .on_pitch(side)
            .filter(|p| p.standing() && g.carrier() != Some(p.id))
            .map(|p| Some(p.id))
            .collect(),
        // §31.11 Dogged Defense: with one of his players prone.
        Card::DoggedDefense => {
            if g.on_pitch(side).any(|p| matches!(p.state, PlayerState::Prone { .. })) {
                vec![None]
            } else {
                Vec::new()
            }
        }
        // §31.6 Inertia Dampner: one of his players on the pitch.
        Card::InertiaDampner => own_on_pitch(),
        // §31.12 Gromskull's Exploding Runes: before his set-up, a player in Reserves.
        Card::GromskullsExplodingRunes => g
            .players
            .iter()
            .filter(|p| p.side == side && p.state == PlayerState::Reserve)
            .map(|p| Some(p.id))
            .collect(),
        // §31.12 Trampoline Trap: a standing opponent [Proposal].
        Card::TrampolineTrap => g
            .on_pitch(side.other())
            .filter(|p| p.standing())
            .map(|p| Some(p.id))
            .collect(),
        // §31.12 Spiked Ball: no target.
        Card::SpikedBall => {
            if g.cards.spiked {
                Vec::new()
            } else {
                vec![None]
            }
        }
        Card::LuckyCharm | Card::GoodOldMagicCodpiece => g
            .players
            .iter()
            .filter(|p| p.side == side && p.state == PlayerState::Reserve)
            .map(|p| Some(p.id))
            .collect(),
        Card::HeroicLeap => g
            .on_pitch(side)
            .filter(|p| p.st <= 4)
            .map(|p| Some(p.id))
            .collect(),
        Card::CustardPie => g
            .on_pitch(side.other())
            .filter(|o| {
                o.square().is_some_and(|sq| {
                    g.on_pitch(side).any(|p| {
                        !matches!(p.state, PlayerState::Stunned { .. })
                            && p.square().is_some_and(|ps| ps.is_adjacent(sq))
                    })
                })
            })
            .map(|o| Some(o.id))
            .collect(),
        // §31.10: with a Perfect Kick under way there is no scatter to lengthen.
        Card::BadyearGit => {
            if g.cards.badyear || g.cards.perfect_kick.is_some() {
                Vec::new()
            } else {
                vec![None]
            }
        }
        Card::UnsportsmanlikeConduct => {
            if g.cards.scorer.is_some_and(|id| g.player(id).side != side) {
                vec![None]
            } else {
                Vec::new()
            }
        }
        Card::DocBonesaw => g
            .players
            .iter()
            .filter(|p| {
                p.side == side
                    && matches!(
                        p.state,
                        PlayerState::KnockedOut
                            | PlayerState::Casualty {
                                result: CasualtyResult::BadlyHurt
                            }
                    )
            })
            .map(|p| Some(p.id))
            .collect(),
        Card::ComeOnBoys => {
            if g.cards.turnover_ended[side.index()] && !g.touchdown && !g.is_over() {
                vec![None]
            } else {
                Vec::new()
            }
        }
        Card::DazedAndConfused => g
            .on_pitch(side.other())
            .filter(|p| !p.standing())
            .map(|p| Some(p.id))
            .collect(),
        Card::DuhWhereAmI | Card::EgoTrip | Card::Heckler => {
            g.on_pitch(side.other()).map(|p| Some(p.id)).collect()
        }
        Card::Butterfingers => g
            .on_pitch(side.other())
            .filter(|p| g.carrier() != Some(p.id))
            .map(|p| Some(p.id))
            .collect(),
        Card::Chainsaw => g
            .players
            .iter()
            .filter(|p| p.side == side && p.state == PlayerState::Reserve)
            .map(|p| Some(p.id))
            .collect(),
        Card::PitTrap => g
            .players
            .iter()
            .filter(|p| p.standing())
            .map(|p| Some(p.id))
            .collect(),
        Card::BananaSkin => g
            .on_pitch(side.other())
            .filter(|p| {
                p.standing()
                    && p.square()
                        .is_some_and(|sq| g.tackle_zones(p.side, sq, None) > 0)
            })
            .map(|p| Some(p.id))
            .collect(),
        Card::IronMan => g
            .players
            .iter()
            .filter(|p| p.side == side && (p.square().is_some() || p.state == PlayerState::Reserve))
            .map(|p| Some(p.id))
            .collect(),
        Card::KidGloves | Card::RakarthsCurseOfPettySpite => g
            .players
            .iter()
            .filter(|p| p.side != side && (p.square().is_some() || p.state == PlayerState::Reserve))
            .map(|p| Some(p.id))
            .collect(),
        _ => Vec::new(),
    }
}

impl Ctx<'_> {
    /// Are the cards in play in this match (a hand not empty)?
    pub(crate) fn cards_held(&self, side: Side) -> bool {
        !self.g.cards.hands[side.index()].is_empty()
    }

    /// §31.4: the draws of the pre-match sequence, Home's then Away's, each in deck order: a
    /// random card among those of the deck this team has not drawn yet. The die and the
    /// card are the drawer's secret ([`project`]).
    pub(crate) fn draw_cards(&mut self) {
        let option = self.g.setup.options.special_play_cards;
        for side in Side::BOTH {
            for deck in option.of(side).decks() {
                self.draw_card(side, deck);
            }
        }
    }

    /// §31.4: one draw for `side` from `deck`: a random card among those of the deck it has
    /// not drawn yet (the option's draws, or one bought as an inducement, §31.1).
    pub(crate) fn draw_card(&mut self, side: Side, deck: Deck) {
        let left: Vec<Card> = deck
            .cards()
            .filter(|c| !self.g.cards.hands[side.index()].contains(c))
            .collect();
        if left.is_empty() {
            return;
        }
        let i = if left.len() == 1 {
            0
        } else {
            usize::from(self.roll(
                RollPurpose::CardDraw,
                Some(side),
                Die::Range(left.len() as u16),
            ))
        };
        let card = left[i.min(left.len() - 1)];
        self.g.cards.hands[side.index()].push(card);
        self.emit(Event::CardDrawn {
            side,
            deck,
            card: Some(card),
        });
    }

    /// Open a card moment for `sides` (the first in the list is asked first): only the
    /// coaches holding cards get a frame, so a match without cards never stops here.
    pub(crate) fn card_moment(&mut self, moment: Window, sides: &[Side]) {
        for &side in sides.iter().rev() {
            if self.cards_held(side) {
                self.push(Frame::CardWindow {
                    side,
                    window: moment,
                });
            }
        }
    }

    /// A card moment: ask the coach when he holds a card playable now.
    pub(crate) fn card_window(&mut self, side: Side, window: Window) -> Flow<Prompt, Command> {
        if self.g.is_over() || plays(self.g, side, window).is_empty() {
            return Flow::Continue;
        }
        self.push(Frame::CardWindow { side, window });
        Flow::Wait(prompt(side, PromptKind::PlayCard { window }))
    }

    /// The answer to a card prompt: play the card (then the coach is asked again, for
    /// another card), or none.
    pub(crate) fn card_answer(&mut self, side: Side, window: Window, cmd: Command) {
        let Command::PlayCard {
            card,
            player,
            square,
            choice,
        } = cmd
        else {
            return;
        };
        if card == Card::NewBlockingScheme && self.g.cards.scheme[side.index()] {
            // §31.11: a swap of the card played; the coach is asked again.
            if let (Some(a), Some(to)) = (player, square) {
                self.swap_players(a, to);
            }
            self.push(Frame::CardWindow { side, window });
            return;
        }
        let hand = &mut self.g.cards.hands[side.index()];
        let Some(at) = hand.iter().position(|&c| c == card) else {
            return;
        };
        hand.remove(at);
        self.g.cards.played[side.index()].push(card);
        self.emit(Event::CardPlayed { side, card, player });
        self.push(Frame::CardWindow { side, window });
        self.play_card(side, card, player);
        if let Some(choice) = choice {
            self.play_choice(card, player, square, choice);
        }
        if let Some(square) = square {
            self.play_on_square(side, card, player, square);
        }
    }

    /// §31.11 New Blocking Scheme: `a` and the team-mate on `to` swap squares.
    fn swap_players(&mut self, a: PlayerId, to: Square) {
        let (Some(b), Some(from)) = (self.g.at(to), self.g.player(a).square()) else {
            return;
        };
        self.g.set_state(a, PlayerState::Reserve);
        self.g.set_state(b, PlayerState::Standing { square: from });
        self.g.set_state(a, PlayerState::Standing { square: to });
        self.emit(Event::Moved {
            player: b,
            from: to,
            to: from,
        });
        self.emit(Event::Moved {
            player: a,
            from,
            to,
        });
        self.g.cards.swapped.extend([a, b]);
    }

    /// A card played with a choice (§31.7).
    fn play_choice(
        &mut self,
        card: Card,
        player: Option<PlayerId>,
        square: Option<Square>,
        choice: CardChoice,
    ) {
        match (card, choice) {
            // §31.11 Perfect Kick: the kick goes there; the coach is not asked to place it.
            (Card::PerfectKick, CardChoice::Aim { toward }) => {
                if let Some(square) = square {
                    self.g.cards.perfect_kick = Some((square, toward));
                }
            }
            // §31.7 Suitable Pitch: both teams, to the drive's end.
            (Card::SuitablePitch, CardChoice::DangerousObjects { added }) => {
                self.g.cards.pitch = if added { 1 } else { -1 };
            }
            // §31.7 Scutt's Scroll: the weather now, until a Changing Weather.
            (Card::ScuttsScrollOfWeatherMagic, CardChoice::Weather { weather }) => {
                self.g.weather = weather;
                self.emit(Event::Weather { weather });
            }
            // §31.7 Intensive Training: the skill for the match.
            (Card::IntensiveTraining, CardChoice::Skill { skill }) => {
                if let Some(id) = player {
                    self.grant(id, card, Until::EndOfMatch, [0; 4], &[skill]);
                }
            }
            _ => {}
        }
    }

    /// A card played on a square: a player joins the team there (§31.5); Chop Block's own
    /// player.
    fn play_on_square(&mut self, side: Side, card: Card, player: Option<PlayerId>, square: Square) {
        match card {
            Card::LewdManeuvers => {
                if let Some(zone) = super::state::wide_zone(square) {
                    self.g.cards.lewd = Some((zone, side.other()));
                }
            }
            Card::LurvePotion => {
                // §31.7: a random opponent in the zone goes to Reserves; his ball bounces once.
                let zone = super::state::wide_zone(square);
                let in_zone: Vec<PlayerId> = self
                    .g
                    .on_pitch(side.other())
                    .filter(|p| p.square().and_then(super::state::wide_zone) == zone)
                    .map(|p| p.id)
                    .collect();
                if in_zone.is_empty() {
                    return;
                }
                let i = self.pick(in_zone.len());
                let id = in_zone[i.min(in_zone.len() - 1)];
                self.emit(Event::CardTarget { card, player: id });
                let carrier = self.g.carrier() == Some(id);
                let from = self.g.player(id).square();
                self.set_state(id, PlayerState::Reserve);
                if carrier && let Some(from) = from {
                    self.set_ball(Ball::Ground { square: from });
                    self.push(Frame::Bounce { from, kick: false });
                }
            }
            Card::WoofWoof => {
                // §31.7: the dog carries the loose ball D6 squares that way and drops it (no
                // bounce); on a player, one square more; at the pitch's edge, the crowd
                // throws it in from the last square.
                let Ball::Ground { square: from } = self.g.ball else {
                    return;
                };
                let (dx, dy) = (square.x - from.x, square.y - from.y);
                let n = self.roll(RollPurpose::CardEffect, Some(side), Die::D6);
                let mut at = from;
                let mut left = n;
                while left > 0 || self.g.at(at).is_some() {
                    let next = at.offset(dx, dy);
                    if !super::state::on_pitch(next) {
                        self.set_ball(Ball::Ground { square: at });
                        self.push(Frame::ThrowIn { from: at });
                        return;
                    }
                    at = next;
                    left = left.saturating_sub(1);
                }
                self.set_ball(Ball::Ground { square: at });
            }
            Card::RingOfTeleportation => {
                // §31.6: D6 squares straight that way, landing as a thrown player who
                // always lands (but on another player).
                let Some(id) = player else { return };
                let Some(from) = self.g.player(id).square() else {
                    return;
                };
                let (dx, dy) = (square.x - from.x, square.y - from.y);
                let n = self.roll(RollPurpose::CardEffect, Some(side), Die::D6);
                let mut at = from;
                for _ in 0..n {
                    let next = at.offset(dx, dy);
                    if !super::state::on_pitch(next) {
                        self.thrown_into_crowd(id, at);
                        return;
                    }
                    at = next;
                }
                self.come_down(id, at, true);
            }
            Card::IllegalSubstitution => {
                // §31.12: from Reserves to his end zone; only a Move this turn.
                let Some(id) = player else { return };
                if self.g.player(id).state != PlayerState::Reserve || self.g.at(square).is_some() {
                    return;
                }
                self.place_joined(id, square);
                self.g.cards.substitute = Some(id);
                self.g.cards.substituted[side.index()] = true;
            }
            Card::RogueWizard => {
                // §31.10: the marker scatters 5 times; off the pitch it is gone (the rest
                // unrolled) [Proposal]; still on it, a Fireball (§30.10) goes off there.
                let mut at = square;
                for _ in 0..5 {
                    let dir = self.roll(RollPurpose::Scatter, Some(side), Die::D8);
                    let (dx, dy) = super::data::SCATTER[usize::from(dir - 1)];
                    at = at.offset(dx, dy);
                    if !super::state::on_pitch(at) {
                        return;
                    }
                }
                super::spells::fireball(self, side, at);
            }
            Card::Punt => {
                // §31.11: the ball goes to the square, scatters 3 times, then lands (caught
                // or bouncing); off the pitch, the crowd throws it in.
                self.set_ball(Ball::InAir { square });
                self.scatter_three_and_land(square);
            }
            Card::ChopBlock => {
                // §31.12: both placed prone (a ball held bounces), the opponent then stunned.
                let Some(own) = self.g.at(square) else { return };
                let Some(opp) = player else { return };
                for (id, stun) in [(own, false), (opp, true)] {
                    let Some(sq) = self.g.player(id).square() else {
                        continue;
                    };
                    let carrier = self.g.carrier() == Some(id);
                    self.set_state(id, PlayerState::Prone { square: sq });
                    self.emit(Event::PlacedProne { player: id });
                    if stun {
                        self.set_state(id, PlayerState::Stunned { square: sq });
                    }
                    if carrier {
                        self.set_ball(Ball::Ground { square: sq });
                        self.push(Frame::Bounce {
                            from: sq,
                            kick: false,
                        });
                    }
                }
            }
            Card::FanaticInvasion => self.fanatic_invade(side, square),
            Card::NotSoSecretWeapon => {
                // §31.8: a rookie Dwarf Deathroller, for this drive.
                let data = Roster::Dwarf.data();
                if let Some(pos) = data.positions.iter().find(|p| p.name == "Deathroller") {
                    let profile = (pos.ma, pos.st, pos.ag, pos.av, SkillSet::of(pos.skills));
                    let id =
                        self.card_join(side, "Groundskeeper", pos.name, profile, Until::EndOfDrive);
                    self.place_joined(id, square);
                }
            }
            Card::DaFreightTrain => {
                // §31.9: Borg "TGV" Gorthag, to the end of the half.
                let skills = SkillSet::of(&[
                    Skill::Loner,
                    Skill::MightyBlow,
                    Skill::ThickSkull,
                    Skill::BreakTackle,
                    Skill::Juggernaut,
                    Skill::StripBall,
                ]);
                let id = self.card_join(
                    side,
                    "Borg \"TGV\" Gorthag",
                    "Star",
                    (6, 5, 2, 9, skills),
                    Until::EndOfHalf,
                );
                self.place_joined(id, square);
            }
            _ => {}
        }
    }

    fn place_joined(&mut self, id: PlayerId, square: Square) {
        self.set_state(id, PlayerState::Standing { square });
        let p = &mut self.g.players[id.index()];
        p.in_drive = true;
        // He has not acted this turn: he may.
        p.acted = false;
    }

    /// A player joins `side` for a while (§31.5): a new player (number 0), in Reserves.
    pub(crate) fn card_join(
        &mut self,
        side: Side,
        name: &str,
        position: &str,
        (ma, st, ag, av, skills): (u8, u8, u8, u8, SkillSet),
        until: Until,
    ) -> PlayerId {
        let id = PlayerId(self.g.players.len() as u8);
        self.g.players.push(Player {
            id,
            side,
            number: 0,
            name: name.to_string(),
            position: position.to_string(),
            ma,
            st,
            ag,
            av,
            skills,
            niggling: 0,
            state: PlayerState::Reserve,
            ..super::state::Player::joining()
        });
        self.g.cards.joined.push((id, until));
        let p = self.g.player(id);
        self.emit(Event::PlayerJoined {
            player: Box::new(PlayerView {
                id,
                side,
                number: 0,
                name: p.name.clone(),
                position: p.position.clone(),
                ma,
                st,
                ag,
                av,
                skills: skills.list(),
                state: PlayerState::Reserve,
                acted: false,
                confused: false,
                rooted: false,
                neutral: false,
            }),
        });
        id
    }

    /// The players who joined for a while leave when it ends (§31.5): Absent for the rest.
    fn leave_joined(&mut self, ends: impl Fn(Until) -> bool) {
        let (gone, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.g.cards.joined)
            .into_iter()
            .partition(|&(_, u)| ends(u));
        self.g.cards.joined = kept;
        for (id, _) in gone {
            if self.g.carrier() == Some(id) {
                // Only at a drive's or half's end, when the ball is already off the pitch.
                self.set_ball(Ball::None);
            }
            self.set_state(id, PlayerState::Absent);
        }
    }

    /// A grant (§31.5): change the player's profile now; it is taken back when `until` ends.
    pub(crate) fn grant(
        &mut self,
        player: PlayerId,
        card: Card,
        until: Until,
        stats: [i8; 4],
        skills: &[Skill],
    ) {
        let op = GrantOp::Add {
            stats,
            skills: SkillSet::of(skills),
        };
        self.push_grant(player, card, until, op);
    }

    /// §31.10 Heckler: the player keeps only his compulsory skills ([`COMPULSORY`]) until
    /// `until` ends; the others come back then.
    pub(crate) fn suppress_skills(&mut self, player: PlayerId, card: Card, until: Until) {
        self.push_grant(player, card, until, GrantOp::Suppress);
    }

    /// §31.8 Zap!: the player takes this profile (characteristics and skills, his own skills
    /// gone) until `until` ends; then his own comes back.
    pub(crate) fn transform(
        &mut self,
        player: PlayerId,
        card: Card,
        until: Until,
        stats: [u8; 4],
        skills: &[Skill],
    ) {
        let op = GrantOp::Become {
            stats,
            skills: SkillSet::of(skills),
        };
        self.push_grant(player, card, until, op);
    }

    /// Record a grant (§31.5), noting the player's own profile first if no grant holds on
    /// him yet, and give him his profile with it.
    fn push_grant(&mut self, player: PlayerId, card: Card, until: Until, op: GrantOp) {
        if !self.g.cards.bases.iter().any(|(id, _)| *id == player) {
            let base = base_profile(self.g, player);
            self.g.cards.bases.push((player, base));
        }
        self.g.cards.grants.push(Grant {
            player,
            card,
            until,
            ma: 0,
            st: 0,
            ag: 0,
            av: 0,
            skills: SkillSet::default(),
            removed: SkillSet::default(),
            op: Some(op),
        });
        self.recompute_profile(player);
        self.emit_profile(player);
    }

    /// §31.5: the player's profile is his own with the grants still holding on him applied
    /// in the order they were made (each grant's changes recorded as made); with none left,
    /// his own profile, and it is no longer kept aside.
    fn recompute_profile(&mut self, player: PlayerId) {
        let Some(pos) = self.g.cards.bases.iter().position(|(id, _)| *id == player) else {
            return;
        };
        let mut prof = self.g.cards.bases[pos].1;
        let mut any = false;
        // A silencing (Heckler) holds on whatever profile he has while it lasts: it comes
        // last.
        for silencing in [false, true] {
            for gr in self.g.cards.grants.iter_mut() {
                if gr.player == player && (gr.op == Some(GrantOp::Suppress)) == silencing {
                    prof = gr.apply(prof);
                    any = true;
                }
            }
        }
        if !any {
            self.g.cards.bases.remove(pos);
        }
        let p = &mut self.g.players[player.index()];
        p.ma = prof.ma;
        p.st = prof.st;
        p.ag = prof.ag;
        p.av = prof.av;
        p.skills = prof.skills;
    }

    /// §31.6 Force Shield: the ball moved; a grant "while holding the ball" ends for a player
    /// who no longer holds it.
    pub(crate) fn cards_ball_moved(&mut self) {
        if !self
            .g
            .cards
            .grants
            .iter()
            .any(|gr| gr.until == Until::WhileHolding)
        {
            return;
        }
        // A while-holding grant is only made to the carrier, and the ball leaving him ends
        // it: there is at most one at a time.
        let carrier = self.g.carrier();
        if self
            .g
            .cards
            .grants
            .iter()
            .any(|gr| gr.until == Until::WhileHolding && Some(gr.player) != carrier)
        {
            self.end_grants(|u| u == Until::WhileHolding);
        }
    }

    fn emit_profile(&mut self, player: PlayerId) {
        let p = self.g.player(player);
        self.emit(Event::Profile {
            player,
            ma: p.ma,
            st: p.st,
            ag: p.ag,
            av: p.av,
            skills: p.skills.list(),
        });
    }

    /// Take back the grants that end now (§31.5): each player's profile is made again from
    /// his own and the grants still holding, whatever order they were made and end in (a
    /// Zap! ending under a Heckler, a grant ending under a Zap!...). The last grant made
    /// is taken back first, his profile reported after each.
    pub(crate) fn end_grants(&mut self, ends: impl Fn(Until) -> bool) {
        let gone: Vec<Grant> = self
            .g
            .cards
            .grants
            .iter()
            .filter(|gr| ends(gr.until))
            .copied()
            .collect();
        for gr in gone.iter().rev() {
            if let Some(i) = self.g.cards.grants.iter().rposition(|x| x == gr) {
                self.g.cards.grants.remove(i);
            }
            self.recompute_profile(gr.player);
            self.emit_profile(gr.player);
            if gr.card == Card::GiktasStrengthOfDaBear && gr.until == Until::EndOfDrive {
                // §31.6: the drive's +1 ST is paid for with −1 ST for the rest of the match.
                self.grant(gr.player, gr.card, Until::EndOfMatch, [0, -1, 0, 0], &[]);
            }
        }
    }

    /// The end of a drive (§31.3): note the scorer, before the pitch is cleared.
    pub(crate) fn cards_drive_ending(&mut self) {
        self.g.cards.scorer = if self.g.touchdown {
            self.g.carrier()
        } else {
            None
        };
    }

    /// The card moments at the end of a drive (§31.3), once the pitch is cleared (not when
    /// the match is over): just after the opponent scored.
    pub(crate) fn cards_drive_end_moments(&mut self) {
        if let Some(id) = self.g.cards.scorer {
            let side = self.g.player(id).side.other();
            self.card_moment(Window::OpponentScored, &[side]);
        }
    }

    /// §31.7 Unsportsmanlike Conduct: may this KO'd player roll for recovery now? (The
    /// list is spent by this drive's recovery.)
    pub(crate) fn cards_may_recover(&self, id: PlayerId) -> bool {
        !self.g.cards.no_recovery.contains(&id)
    }

    /// §31.9 Come On Boys!: as `side`'s turn is about to end, note a turnover and the
    /// players stunned in it (only when the coach holds the card).
    pub(crate) fn cards_turn_ending(&mut self, side: Side) {
        if !self.g.cards.hands[side.index()].contains(&Card::ComeOnBoys) {
            return;
        }
        self.g.cards.turnover_ended[side.index()] =
            self.g.turnover.is_some_and(|t| t != Turnover::Touchdown);
        self.g.cards.stunned_kept = self
            .g
            .players
            .iter()
            .filter(|p| p.side == side && p.stunned_this_turn)
            .map(|p| p.id)
            .collect();
    }

    /// §31.9 Come On Boys!: in the rest of the turn a turnover (not a touchdown) only ends
    /// the acting player's Action. True when the turnover is so softened.
    pub(crate) fn cards_soften_turnover(&mut self, reason: Turnover) -> bool {
        if self.g.cards.fumblerooski.is_some()
            && self.g.cards.fumblerooski == self.g.active
            && matches!(
                reason,
                Turnover::FailedPickUp | Turnover::BallNotCaught | Turnover::Fumble
            )
        {
            // §31.11 Fumblerooski: no turnover; the player's Action still ends.
            if let Some(a) = self.g.acting.as_mut() {
                a.ended = true;
            }
            return true;
        }
        if reason == Turnover::Touchdown
            || self.g.cards.come_on_boys.is_none()
            || self.g.cards.come_on_boys != self.g.active
        {
            return false;
        }
        if let Some(a) = self.g.acting.as_mut() {
            a.ended = true;
        }
        true
    }

    /// §31.11 Fumblerooski: the side whose coach may fail `check` on purpose (a pick-up,
    /// catch or pass of his player in his turn, not rolled yet, not already chosen to roll).
    pub(crate) fn cards_may_fail(&self, check: &super::checks::BbCheck) -> Option<Side> {
        let f = &check.kind;
        let side = self.g.player(f.player).side;
        let kind = matches!(f.kind, CheckKind::PickUp | CheckKind::Catch)
            || (f.kind == CheckKind::Pass && !f.flag);
        (kind
            && !f.rolled_by_choice
            && check.faces.is_empty()
            && self.g.cards.fumblerooski == Some(side)
            && self.g.active == Some(side))
        .then_some(side)
    }

    /// §31.11 Fumblerooski: `check` failed on purpose, unrolled: a pick-up or catch as
    /// failed (the ball bounces), a pass as fumbled from the thrower's square.
    pub(crate) fn fail_on_purpose(&mut self, check: super::checks::BbCheck) {
        let (id, kind) = (check.kind.player, check.kind.kind);
        self.emit(Event::FailedOnPurpose {
            player: id,
            check: kind,
        });
        if kind != CheckKind::Pass {
            self.check_done(check, false);
            return;
        }
        let Some(from) = self.g.player(id).square() else {
            return;
        };
        self.emit(Event::Fumbled { player: id });
        self.turnover(Turnover::Fumble);
        self.set_ball(Ball::Ground { square: from });
        self.push(Frame::Bounce { from, kick: false });
    }

    /// §31.11 Fumblerooski: a player of the card's side who fails a catch in its turn has
    /// taken his Action this turn.
    pub(crate) fn cards_failed_catch(&mut self, id: PlayerId) {
        let side = self.g.player(id).side;
        if self.g.cards.fumblerooski == Some(side)
            && self.g.active == Some(side)
            && !self.g.players[id.index()].acted
        {
            self.g.players[id.index()].acted = true;
            self.emit(Event::CountsAsActed { player: id });
        }
    }

    /// The end of `side`'s team turn for the cards: grants "this turn" end, Mindblow ends.
    pub(crate) fn cards_end_turn(&mut self, side: Side) {
        if self.g.cards == CardState::default() {
            return;
        }
        self.g.cards.greased[side.index()] = false;
        self.g.cards.incoming[side.index()] = false;
        self.g.cards.extra_mile = None;
        if self.g.cards.lewd.is_some_and(|(_, s)| s == side) {
            self.g.cards.lewd = None;
        }
        self.g.cards.come_on_boys = None;
        self.g.cards.fumblerooski = None;
        self.g.cards.extra_blitz[side.index()] = false;
        self.g.cards.extra_pass[side.index()] = false;
        self.g.cards.blatant[side.index()] = false;
        self.g.cards.knuckles.clear();
        self.g.cards.heroic.clear();
        self.g.cards.headband.clear();
        self.g.cards.distract.clear();
        self.g.cards.substitute = None;
        self.g.cards.dogged = [false; 2];
        self.g.cards.suicide = None;
        self.g.cards.flea[side.index()] = 0;
        self.g.cards.scheme[side.index()] = false;
        self.g.cards.swapped.clear();
        let u = &mut self.g.cards.uproar[side.index()];
        *u = u.saturating_sub(1);
        self.end_grants(|u| u == Until::EndOfTurn(side));
        for id in std::mem::take(&mut self.g.cards.mindblown) {
            if self.g.players[id.index()].confused {
                self.g.players[id.index()].confused = false;
                self.emit(Event::Confused {
                    player: id,
                    confused: false,
                });
            }
        }
    }

    /// The start of `side`'s team turn for the cards: the opponent's "hurt in your turn"
    /// starts afresh.
    pub(crate) fn cards_begin_turn(&mut self, side: Side) {
        self.g.cards.hurt_in_opponent_turn[side.other().index()] = false;
        self.g.cards.turnover_ended = [false; 2];
        self.g.cards.come_on_boys = None;
    }

    /// An injury roll against `side`'s player (§31.8 Get 'Em Lads!): note it.
    pub(crate) fn cards_note_injury(&mut self, side: Side) {
        if self.g.active == Some(side.other()) {
            self.g.cards.hurt_in_opponent_turn[side.index()] = true;
        }
    }

    /// §31.9 Mysterious Old Medicine Man: the modifier to an injury roll against `side`.
    pub(crate) fn cards_injury_modifier(&self, side: Side) -> i32 {
        if self.g.cards.medicine_man[side.index()] {
            -1
        } else {
            0
        }
    }

    /// §31.10 Johnny Waterboy: the modifier to `side`'s KO recovery rolls (a 1 still fails).
    pub(crate) fn cards_ko_recovery_modifier(&self, side: Side) -> u16 {
        u16::from(self.g.cards.waterboy[side.index()])
    }

    /// §31.11 Going the Extra Mile: the GFIs `player` may make in an Action this turn.
    pub(crate) fn cards_gfi_allowance(&self, player: PlayerId, normal: u8) -> u8 {
        match self.g.cards.extra_mile {
            Some((id, _)) if id == player => EXTRA_MILE,
            _ => normal,
        }
    }

    /// §31.11 Going the Extra Mile: the modifier to the GFI `player` is about to roll (its
    /// allowance already counted down): −1 for the third, −2 for the fourth...; his Sprint
    /// gives +1 to the first of those, once [Proposal].
    pub(crate) fn cards_gfi_modifier(&mut self, player: PlayerId) -> i8 {
        let Some((id, sprint_spent)) = self.g.cards.extra_mile else {
            return 0;
        };
        let Some(a) = self.g.acting.filter(|a| a.player == id && id == player) else {
            return 0;
        };
        let n = i16::from(EXTRA_MILE - a.gfi_left);
        if n <= 2 {
            return 0;
        }
        let mut m = -(n - 2).min(100) as i8;
        if !sprint_spent && self.g.player(id).has(Skill::Sprint) {
            self.g.cards.extra_mile = Some((id, true));
            m += 1;
        }
        m
    }

    /// §31.12 Greased Shoes: the GFI target for `player` (5+ instead of the weather's).
    pub(crate) fn cards_gfi_target(&self, player: PlayerId, target: u8) -> u8 {
        if self.g.cards.greased[self.g.player(player).side.index()] {
            target.max(5)
        } else {
            target
        }
    }

    /// §31.12 Spiked Ball: a failed catch or pick-up (the ball already bouncing away) is a
    /// stab: an unmodified armour roll; broken, he falls and rolls an injury unmodified
    /// (§26.68), before the ball bounces [Proposal].
    pub(crate) fn cards_spiked_ball(&mut self, victim: PlayerId) {
        if !self.g.cards.spiked {
            return;
        }
        let v = self.g.player(victim);
        let Some(square) = v.square() else { return };
        if !v.standing() {
            return;
        }
        let av = v.av;
        let [a, b] = self.roll2(RollPurpose::Armour, Some(v.side.other()));
        let broken = a + b > u16::from(av);
        self.emit(Event::Armour {
            player: victim,
            broken,
        });
        if !broken {
            return;
        }
        self.set_state(victim, PlayerState::Prone { square });
        self.emit(Event::KnockedDown {
            player: victim,
            cause: Cause::Stab,
            by: None,
        });
        self.push(Frame::Injury {
            player: victim,
            hurt: super::flow::Hurt::plain(Cause::Stab, None),
            crowd: false,
            square: Some(square),
        });
    }

    /// §31.11 Wake Up Call: instead of KO recovery, the KO'd players of a side that played it
    /// go to Reserves for the set-up (noted).
    pub(crate) fn cards_wake_ko(&mut self) {
        for side in Side::BOTH {
            if !std::mem::take(&mut self.g.cards.wake[side.index()]) {
                continue;
            }
            let ids: Vec<PlayerId> = self
                .g
                .players
                .iter()
                .filter(|p| {
                    p.side == side
                        && p.state == PlayerState::KnockedOut
                        && !self.g.cards.no_recovery.contains(&p.id)
                })
                .map(|p| p.id)
                .collect();
            for id in ids {
                self.set_state(id, PlayerState::Reserve);
                self.g.cards.woken.push(id);
            }
        }
    }

    /// §31.11 Wake Up Call: after the set-ups, each woken player set up is Stunned, and a D6
    /// of 4+ turns him face up (Prone); one not set up goes back to the KO'd box.
    pub(crate) fn cards_wake_up(&mut self) {
        for id in std::mem::take(&mut self.g.cards.woken) {
            let p = self.g.player(id);
            let side = p.side;
            match p.square() {
                Some(square) => {
                    self.set_state(id, PlayerState::Stunned { square });
                    if self.roll(RollPurpose::CardEffect, Some(side), Die::D6) >= 4 {
                        self.set_state(id, PlayerState::Prone { square });
                    }
                }
                None => {
                    if p.state == PlayerState::Reserve {
                        self.set_state(id, PlayerState::KnockedOut);
                    }
                }
            }
        }
    }

    /// §31.10 Friendly Fans: `side`'s player pushed into the crowd is not injured.
    pub(crate) fn cards_friendly_crowd(&self, side: Side) -> bool {
        self.g.cards.friendly_fans[side.index()]
    }

    /// §31.7 Team Anthem: the winner of the match's first coin toss, when one coach (only)
    /// played it.
    pub(crate) fn cards_toss_winner(&self) -> Option<Side> {
        match self.g.cards.anthem {
            [true, false] if self.g.half == 0 => Some(Side::Home),
            [false, true] if self.g.half == 0 => Some(Side::Away),
            _ => None,
        }
    }

    /// §31.7 Team Anthem (+2), §31.10 That Babe's Got Talent! (+1, not on Cheering Fans and
    /// Brilliant Coaching, which she wins): `side`'s FAME on a kick-off result.
    pub(crate) fn cards_kick_off_fame(&self, side: Side, fans_or_coaching: bool) -> u8 {
        let c = &self.g.cards;
        // §26.47 Fan Favourite's FAME first (the same on every kick-off roll).
        super::skill_hooks::kick_off_fame(self.g, side)
            + 2 * u8::from(c.anthem[side.index()])
            + u8::from(c.babe[side.index()] && !fans_or_coaching)
    }

    /// §31.10 That Babe's Got Talent!: `side` wins Cheering Fans and Brilliant Coaching.
    pub(crate) fn cards_babe(&self, side: Side) -> bool {
        self.g.cards.babe[side.index()]
    }

    /// §31.7 Fan Uproar: may `side` use a team re-roll now?
    pub(crate) fn cards_team_rerolls_ok(&self, side: Side) -> bool {
        self.g.cards.uproar[side.index()] == 0
    }

    /// §31.10 Sprinkler Malfunction: the modifier to passes, catches and pick-ups.
    pub(crate) fn cards_handling_modifier(&self) -> i8 {
        -i8::from(self.g.cards.sprinkler)
    }

    /// §31.12 Blatant Foul: `side`'s foul this turn breaks armour without a roll.
    pub(crate) fn cards_blatant_foul(&self, side: Side) -> bool {
        self.g.cards.blatant[side.index()]
    }

    /// §31.8 Knuckledusters: the block dice `attacker` rolled, each turned to Defender
    /// Down (face 6) when he holds them.
    pub(crate) fn cards_block_faces(&self, attacker: PlayerId, faces: Vec<u16>) -> Vec<u16> {
        if self.g.cards.knuckles.contains(&attacker) {
            vec![6; faces.len()]
        } else {
            faces
        }
    }

    /// §31.11 Heroic Leap: the leap's target and modifier (3+, nothing else, for him).
    pub(crate) fn cards_leap_roll(&self, player: PlayerId, target: u8, modifier: i8) -> (u8, i8) {
        if self.g.cards.heroic.contains(&player) {
            (3, 0)
        } else {
            (target, modifier)
        }
    }

    /// §31.6 Belt of Invulnerability: may an armour roll against `player` be modified?
    pub(crate) fn cards_armour_modifiable(&self, player: PlayerId) -> bool {
        !self.g.cards.belts.contains(&player)
    }

    /// §31.6 Lucky Charm: does this armour roll break `player`'s armour? The charm takes the
    /// first that would (it is spent).
    pub(crate) fn cards_armour_breaks(&mut self, player: PlayerId, broken: bool) -> bool {
        if broken && let Some(at) = self.g.cards.lucky.iter().position(|&p| p == player) {
            self.g.cards.lucky.remove(at);
            return false;
        }
        broken
    }

    /// §31.6 Good Old Magic Codpiece: may an injury roll against `player` be modified?
    pub(crate) fn cards_injury_modifiable(&self, player: PlayerId) -> bool {
        !self.g.cards.codpieces.contains(&player)
    }

    /// §31.8 Rakarth's Curse: this player may re-roll nothing.
    pub(crate) fn cards_cursed(&self, player: PlayerId) -> bool {
        self.g.cards.cursed.contains(&player)
    }

    /// §31.8 Iron Man and Kid Gloves: an injury to `player` that is only Stunned, without
    /// rolling.
    pub(crate) fn cards_only_stunned(&self, player: PlayerId, hurt: &super::flow::Hurt) -> bool {
        if self.g.cards.iron_men.contains(&player) {
            return true;
        }
        let side = self.g.player(player).side;
        matches!(hurt.cause, Cause::Blocked | Cause::Blocking | Cause::Foul)
            && hurt
                .by
                .is_some_and(|by| self.g.cards.kid_gloves.contains(&(side, by)))
    }

    /// The end of a drive for the cards: grants "to the end of the drive" end.
    pub(crate) fn cards_end_drive(&mut self) {
        self.g.cards.hurry = None;
        self.cards_control_back();
        self.g.cards.greased = [false; 2];
        self.g.cards.lewd = None;
        self.g.cards.incoming = [false; 2];
        self.g.cards.sprinkler = false;
        self.g.cards.uproar = [0; 2];
        self.g.cards.jark.clear();
        self.g.cards.substituted = [false; 2];
        self.g.cards.pitch = 0;
        self.g.cards.dogged = [false; 2];
        self.g.cards.spiked = false;
        self.g.cards.distract.clear();
        self.g.cards.headband.clear();
        if !self.g.cards.joined.is_empty() {
            self.leave_joined(|u| u == Until::EndOfDrive);
        }
        if self.g.cards.grants.is_empty() {
            return;
        }
        self.end_grants(|u| {
            matches!(
                u,
                Until::EndOfDrive | Until::EndOfTurn(_) | Until::WhileHolding
            )
        });
    }

    /// The end of a half for the cards.
    pub(crate) fn cards_end_half(&mut self) {
        if !self.g.cards.joined.is_empty() {
            self.leave_joined(|u| !matches!(u, Until::EndOfMatch));
        }
        if self.g.cards.grants.is_empty() {
            return;
        }
        self.end_grants(|u| !matches!(u, Until::EndOfMatch));
    }

    /// §31.9 Morley's Revenge: before every kick-off, each of the chosen players rolls a D6;
    /// on 1–3 he sits this drive out (in the dugout, back at the drive's end, like a player
    /// who fainted, G18).
    pub(crate) fn cards_before_kick_off(&mut self) {
        for id in self.g.cards.morley.clone() {
            let p = self.g.player(id);
            if p.state != PlayerState::Reserve {
                continue;
            }
            let side = p.side;
            let face = self.roll(RollPurpose::CardEffect, Some(side), Die::D6);
            if face <= 3 {
                self.set_state(id, PlayerState::Fainted);
            }
        }
    }

    /// §31.9 I am the Greatest: before each drive's set-up, the side's two most valuable
    /// players in Reserves ([`player_value`]); only one of them may be set up.
    pub(crate) fn cards_greatest_pairs(&mut self) {
        for side in Side::BOTH {
            self.g.cards.greatest_pair[side.index()] = None;
            if !self.g.cards.greatest[side.index()] {
                continue;
            }
            let mut avail: Vec<(u32, PlayerId)> = self
                .g
                .players
                .iter()
                .filter(|p| p.side == side && p.state == PlayerState::Reserve)
                .map(|p| (player_value(self.g, p.id), p.id))
                .collect();
            // The highest value first; between equals, the first on the sheet.
            avail.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.0.cmp(&b.1.0)));
            if let [(_, a), (_, b), ..] = avail[..] {
                self.g.cards.greatest_pair[side.index()] = Some((a, b));
                self.emit(Event::CardTarget {
                    card: Card::IAmTheGreatest,
                    player: a,
                });
                self.emit(Event::CardTarget {
                    card: Card::IAmTheGreatest,
                    player: b,
                });
            }
        }
    }

    /// Lose re-rolls for the match (Doom and Gloom, Bad Habits).
    fn lose_rerolls(&mut self, side: Side, n: u8) {
        let t = &mut self.g.teams[side.index()];
        let n = n.min(t.rerolls_start);
        t.rerolls_start -= n;
        t.rerolls = t.rerolls.saturating_sub(n);
        let (rerolls, rerolls_start) = (t.rerolls, t.rerolls_start);
        self.emit(Event::TeamRerolls {
            side,
            rerolls,
            rerolls_start,
        });
    }

    /// The effect of a card just played (§31.6–§31.9).
    fn play_card(&mut self, side: Side, card: Card, player: Option<PlayerId>) {
        let other = side.other();
        match card {
            Card::AssassinationAttempt => {
                if let Some(id) = player {
                    self.set_state(id, PlayerState::Absent);
                }
            }
            Card::DoomAndGloom => {
                let mut lost = 0;
                for _ in 0..self.g.team(other).rerolls_start {
                    if self.roll(RollPurpose::CardEffect, Some(side), Die::D6) != 1 {
                        lost += 1;
                    }
                }
                self.lose_rerolls(other, lost);
            }
            Card::BadHabits => {
                let n = self.d3(RollPurpose::CardEffect, Some(side));
                self.lose_rerolls(other, n);
            }
            Card::ExtraTraining => {
                let t = &mut self.g.teams[side.index()];
                t.rerolls_start = t.rerolls_start.saturating_add(1);
                t.rerolls = t.rerolls.saturating_add(1);
                let (rerolls, rerolls_start) = (t.rerolls, t.rerolls_start);
                self.emit(Event::TeamRerolls {
                    side,
                    rerolls,
                    rerolls_start,
                });
            }
            Card::MorleysRevenge => {
                let mut pool: Vec<PlayerId> = self
                    .g
                    .players
                    .iter()
                    .filter(|p| p.side == other && p.state != PlayerState::Absent)
                    .map(|p| p.id)
                    .collect();
                for _ in 0..3 {
                    if pool.is_empty() {
                        break;
                    }
                    let i = self.pick(pool.len());
                    let id = pool.remove(i.min(pool.len() - 1));
                    self.g.cards.morley.push(id);
                    self.emit(Event::CardTarget { card, player: id });
                }
            }
            Card::MysteriousOldMedicineMan => {
                self.g.cards.medicine_man[side.index()] = true;
            }
            Card::Mindblow => {
                let ids: Vec<PlayerId> = self.g.on_pitch(other).map(|p| p.id).collect();
                for id in ids {
                    let face = self.roll(RollPurpose::CardEffect, Some(side), Die::D6);
                    if face >= 2 && !self.g.player(id).confused {
                        self.g.players[id.index()].confused = true;
                        self.g.cards.mindblown.push(id);
                        self.emit(Event::Confused {
                            player: id,
                            confused: true,
                        });
                    }
                }
            }
            Card::GetEmLads => {
                let ids: Vec<PlayerId> = self.g.on_pitch(side).map(|p| p.id).collect();
                for id in ids {
                    self.grant(id, card, Until::EndOfTurn(side), [0, 1, 0, 0], &[]);
                }
            }
            Card::KnuttsSpellOfAwesomeStrength => {
                if let Some(id) = player {
                    let st = self.g.player(id).st as i8;
                    self.grant(id, card, Until::EndOfTurn(side), [0, st, 0, 0], &[]);
                }
            }
            Card::WandOfSmashing => {
                if let Some(id) = player {
                    self.grant(
                        id,
                        card,
                        Until::EndOfTurn(side),
                        [0, 1, 0, 0],
                        &[Skill::MightyBlow],
                    );
                }
            }
            Card::MagicHelmet => {
                if let Some(id) = player {
                    self.grant(
                        id,
                        card,
                        Until::EndOfMatch,
                        [0, 0, 0, 1],
                        &[Skill::ThickSkull],
                    );
                }
            }
            Card::GiktasStrengthOfDaBear => {
                if let Some(id) = player {
                    self.grant(id, card, Until::EndOfDrive, [0, 1, 0, 0], &[]);
                }
            }
            Card::RabbitsFoot => {
                if let Some(id) = player {
                    self.grant(id, card, Until::EndOfMatch, [0; 4], &[Skill::Pro]);
                }
            }
            Card::TheWall => {
                let ids: Vec<PlayerId> = self.g.on_pitch(side).map(|p| p.id).collect();
                for id in ids {
                    self.grant(
                        id,
                        card,
                        Until::EndOfTurn(other),
                        [0; 4],
                        &[Skill::StandFirm],
                    );
                }
            }
            Card::DazedAndConfused => {
                if let Some(id) = player {
                    self.grant(id, card, Until::EndOfMatch, [0; 4], &[Skill::BoneHead]);
                }
            }
            Card::DuhWhereAmI => {
                if let Some(id) = player {
                    self.grant(id, card, Until::EndOfMatch, [0; 4], &[Skill::ReallyStupid]);
                }
            }
            Card::Butterfingers => {
                if let Some(id) = player {
                    self.grant(id, card, Until::EndOfDrive, [0; 4], &[Skill::NoHands]);
                }
            }
            Card::Chainsaw => {
                if let Some(id) = player {
                    self.grant(
                        id,
                        card,
                        Until::EndOfMatch,
                        [0; 4],
                        &[Skill::Chainsaw, Skill::SecretWeapon, Skill::NoHands],
                    );
                }
            }
            Card::PitTrap => {
                if let Some(id) = player
                    && let Some(square) = self.g.player(id).square()
                {
                    let carrier = self.g.carrier() == Some(id);
                    self.set_state(id, PlayerState::Prone { square });
                    self.emit(Event::PlacedProne { player: id });
                    if carrier {
                        self.set_ball(Ball::Ground { square });
                        self.push(Frame::Bounce {
                            from: square,
                            kick: false,
                        });
                    }
                }
            }
            Card::BananaSkin => {
                if let Some(id) = player {
                    self.push(Frame::KnockDown {
                        player: id,
                        hurt: super::flow::Hurt::plain(Cause::Card, None),
                    });
                }
            }
            Card::JohnnyWaterboy => self.g.cards.waterboy[side.index()] = true,
            Card::HometownFans => self.g.cards.hometown = Some(side),
            Card::Fumblerooski => self.g.cards.fumblerooski = Some(side),
            Card::IAmTheGreatest => self.g.cards.greatest[other.index()] = true,
            Card::BadyearGit => self.g.cards.badyear = true,
            Card::FriendlyFans => self.g.cards.friendly_fans[side.index()] = true,
            Card::TeamAnthem => self.g.cards.anthem[side.index()] = true,
            Card::ThatBabesGotTalent => self.g.cards.babe[side.index()] = true,
            // The opponent's next two turns, unless the drive ends first.
            Card::FanUproar => self.g.cards.uproar[other.index()] = 2,
            Card::AllOutBlitz => self.g.cards.extra_blitz[side.index()] = true,
            Card::RazzleDazzle => self.g.cards.extra_pass[side.index()] = true,
            Card::BlatantFoul => self.g.cards.blatant[side.index()] = true,
            Card::SprinklerMalfunction => self.g.cards.sprinkler = true,
            Card::RowdyFans => self.g.cards.rowdy[side.index()] = true,
            Card::Incoming => self.g.cards.incoming[other.index()] = true,
            Card::BeltOfInvulnerability => {
                if let Some(id) = player {
                    self.g.cards.belts.push(id);
                }
            }
            Card::GoingTheExtraMile => {
                if let Some(id) = player {
                    self.g.cards.extra_mile = Some((id, false));
                }
            }
            Card::Heckler => {
                if let Some(id) = player {
                    self.suppress_skills(id, card, Until::EndOfTurn(other));
                }
            }
            Card::EgoTrip => {
                if let Some(id) = player {
                    self.g.cards.ego.push(id);
                }
            }
            Card::LuckyCharm => {
                if let Some(id) = player {
                    self.g.cards.lucky.push(id);
                }
            }
            Card::GoodOldMagicCodpiece => {
                if let Some(id) = player {
                    self.g.cards.codpieces.push(id);
                }
            }
            Card::GlovesOfHolding => {
                if let Some(id) = player {
                    self.g.cards.gloves.push(id);
                    self.grant(
                        id,
                        card,
                        Until::EndOfMatch,
                        [0; 4],
                        &[Skill::Catch, Skill::SureHands],
                    );
                }
            }
            Card::Knuckledusters => {
                if let Some(id) = player {
                    self.g.cards.knuckles.push(id);
                }
            }
            Card::HeroicLeap => {
                if let Some(id) = player {
                    self.g.cards.heroic.push(id);
                    self.grant(id, card, Until::EndOfTurn(side), [0; 4], &[Skill::Leap]);
                }
            }
            Card::CustardPie => {
                // §31.12: no tackle zone to the end of the turn (as Mindblow's, §31.9).
                if let Some(id) = player
                    && !self.g.player(id).confused
                {
                    self.g.players[id.index()].confused = true;
                    self.g.cards.mindblown.push(id);
                    self.emit(Event::Confused {
                        player: id,
                        confused: true,
                    });
                }
            }
            Card::UnsportsmanlikeConduct => {
                if let Some(id) = self.g.cards.scorer.take() {
                    self.set_state(id, PlayerState::KnockedOut);
                    self.g.cards.no_recovery.push(id);
                }
            }
            Card::DocBonesaw => {
                if let Some(id) = player {
                    self.set_state(id, PlayerState::Reserve);
                }
            }
            Card::TheFan => {
                // §31.7: the Fan, to the end of the half.
                let skills = SkillSet::of(&[Skill::Loner, Skill::Frenzy]);
                self.card_join(
                    side,
                    "The Fan",
                    "Fan",
                    (6, 4, 2, 7, skills),
                    Until::EndOfHalf,
                );
            }
            Card::ComeOnBoys => {
                // The turn goes on: the next turn and this card moment are dropped.
                if matches!(self.g.frames.last(), Some(Frame::CardWindow { .. })) {
                    self.g.frames.pop();
                }
                if matches!(self.g.frames.last(), Some(Frame::NextTurn)) {
                    self.g.frames.pop();
                }
                self.g.cards.turnover_ended[side.index()] = false;
                self.g.cards.come_on_boys = Some(side);
                for id in std::mem::take(&mut self.g.cards.stunned_kept) {
                    self.g.players[id.index()].stunned_this_turn = true;
                }
                self.g.active = Some(side);
                self.g.acting = None;
                self.g.turnover = None;
                self.emit(Event::TurnResumed { side });
                self.push(Frame::TeamTurn { side, bonus: false });
            }
            Card::IronMan => {
                if let Some(id) = player {
                    self.g.cards.iron_men.push(id);
                }
            }
            Card::KidGloves => {
                if let Some(id) = player {
                    self.g.cards.kid_gloves.push((side, id));
                }
            }
            Card::RakarthsCurseOfPettySpite => {
                if let Some(id) = player {
                    self.g.cards.cursed.push(id);
                }
            }
            Card::GreasedShoes => self.g.cards.greased[other.index()] = true,
            Card::BeguilingBracers
            | Card::Stiletto
            | Card::GimmeThat
            | Card::TacklingMachine
            | Card::OptionPlay
            | Card::SpectacularCatch
            | Card::StolenPlaybook
            | Card::OrcidasSponsorship
            | Card::Buzzing
            | Card::KickingBoots
            | Card::FawndoughsHeadband
            | Card::MagicGlovesOfJarkLongarm
            | Card::ForceShield => {
                let Some(id) = player else { return };
                let (until, stats, skills) = simple_grant(card, side);
                self.grant(id, card, until, stats, skills);
                match card {
                    Card::FawndoughsHeadband => self.g.cards.headband.push(id),
                    Card::MagicGlovesOfJarkLongarm => self.g.cards.jark.push(id),
                    _ => {}
                }
            }
            Card::RuneOfFear => {
                // §31.7: all his players, through the opponent's next turn.
                let ids: Vec<PlayerId> = self.g.on_pitch(side).map(|p| p.id).collect();
                for id in ids {
                    self.grant(
                        id,
                        card,
                        Until::EndOfTurn(other),
                        [0; 4],
                        &[Skill::FoulAppearance, Skill::DisturbingPresence],
                    );
                }
            }
            Card::Distract => {
                // §31.12: Disturbing Presence through the opponent's next turn, and the
                // Bone-head aura ([`distracted`]).
                if let Some(id) = player {
                    self.grant(
                        id,
                        card,
                        Until::EndOfTurn(other),
                        [0; 4],
                        &[Skill::DisturbingPresence],
                    );
                    self.g.cards.distract.push(id);
                }
            }
            Card::SpikedBall => self.g.cards.spiked = true,
            Card::DoggedDefense => self.g.cards.dogged[side.index()] = true,
            Card::FleaFlicker => self.g.cards.flea[side.index()] = 1,
            Card::NewBlockingScheme => self.g.cards.scheme[side.index()] = true,
            Card::WakeUpCall => self.g.cards.wake[side.index()] = true,
            Card::SuicideBlitz => {
                // §31.11: a Blitz at once, out of turn, as a bonus turn of his team (as the
                // kick-off's Blitz!, but for this one player, wherever he stands), with No
                // Hands for it.
                let Some(id) = player else { return };
                self.grant(id, card, Until::EndOfTurn(side), [0; 4], &[Skill::NoHands]);
                self.begin_turn(side, true);
                self.g.cards.suicide = Some(id);
            }
            Card::Eclipse => {
                // §31.10: a rookie Goblin's profile for everyone on the pitch, this turn and
                // the opponent's next.
                let goblin = &Roster::Goblin.data().positions[0];
                let stats = [goblin.ma, goblin.st, goblin.ag, goblin.av];
                let ids: Vec<PlayerId> = self
                    .g
                    .players
                    .iter()
                    // [Proposal] Not the neutral Fanatic (§31.10): no team's player.
                    .filter(|p| p.square().is_some() && !p.neutral)
                    .map(|p| p.id)
                    .collect();
                for id in ids {
                    self.transform(id, card, Until::EndOfTurn(other), stats, goblin.skills);
                }
            }
            Card::InertiaDampner => {
                if let Some(id) = player {
                    self.g.cards.dampners.push(id);
                }
            }
            Card::GromskullsExplodingRunes => {
                if let Some(id) = player {
                    self.grant(
                        id,
                        card,
                        Until::EndOfMatch,
                        [0; 4],
                        &[Skill::Bombardier, Skill::NoHands, Skill::SecretWeapon],
                    );
                    self.g.cards.runes.push(id);
                }
            }
            Card::TrampolineTrap => {
                // §31.12: thrown without a roll D6 squares in a random (D8) direction; he
                // lands there as a thrown player, the landing rolled [Proposal: no further
                // scatter].
                let Some(id) = player else { return };
                let Some(from) = self.g.player(id).square() else {
                    return;
                };
                let dir = self.roll(RollPurpose::Scatter, Some(side), Die::D8);
                let n = self.roll(RollPurpose::CardEffect, Some(side), Die::D6);
                let (dx, dy) = super::data::SCATTER[usize::from(dir - 1)];
                let mut at = from;
                for _ in 0..n {
                    let next = at.offset(dx, dy);
                    if !super::state::on_pitch(next) {
                        self.thrown_into_crowd(id, at);
                        return;
                    }
                    at = next;
                }
                self.come_down(id, at, false);
            }
            Card::OneWithTheKicker => {
                if let Some(id) = player {
                    self.grant(
                        id,
                        card,
                        Until::EndOfMatch,
                        [0; 4],
                        &[Skill::KickOffReturn, Skill::DivingCatch],
                    );
                }
            }
            Card::ComeToPapa => {
                if let (Some(id), Ball::InAir { square }) = (player, self.g.ball) {
                    self.move_player(id, square);
                }
            }
            Card::MiracleWorker => {
                // §31.7: the casualty is treated as KO'd (he rolls KO recovery next).
                if let Some(id) = player {
                    self.emit(Event::CasualtyUndone { player: id, card });
                    self.set_state(id, PlayerState::KnockedOut);
                }
            }
            Card::MagicSponge => {
                // §31.8: D6, 1 nothing; 2+ the player goes back to Reserves.
                if let Some(id) = player
                    && self.roll(RollPurpose::CardEffect, Some(side), Die::D6) >= 2
                {
                    self.emit(Event::CasualtyUndone { player: id, card });
                    self.set_state(id, PlayerState::Reserve);
                }
            }
            // §31.8 Ballista: exactly a Lightning Bolt (§30.10).
            Card::Ballista => {
                if let Some(id) = player {
                    super::spells::lightning_bolt(self, side, id);
                }
            }
            // §31.8 Mine: a Fireball (§30.10) centred on the opponent's square.
            Card::Mine => {
                if let Some(sq) = player.and_then(|id| self.g.player(id).square()) {
                    super::spells::fireball(self, side, sq);
                }
            }
            Card::Zap => {
                // §31.8: D6, 1 nothing; 2+ a frog to the end of the drive.
                let Some(id) = player else { return };
                if self.roll(RollPurpose::CardEffect, Some(side), Die::D6) < 2 {
                    return;
                }
                self.transform(id, card, Until::EndOfDrive, FROG, FROG_SKILLS);
                if self.g.carrier() == Some(id)
                    && let Some(sq) = self.g.player(id).square()
                {
                    self.set_ball(Ball::Ground { square: sq });
                    self.push(Frame::Bounce {
                        from: sq,
                        kick: false,
                    });
                }
            }
            Card::WitchsBrew => {
                // §31.12: D6, 1 Mad Cap (Jump Up, No Hands), 2 nothing, 3–6 Really Stupid;
                // to the end of the drive.
                let Some(id) = player else { return };
                let face = self.roll(RollPurpose::CardEffect, Some(side), Die::D6);
                let skills: &[Skill] = match face {
                    1 => &[Skill::JumpUp, Skill::NoHands],
                    2 => &[],
                    _ => &[Skill::ReallyStupid],
                };
                if !skills.is_empty() {
                    self.grant(id, card, Until::EndOfDrive, [0; 4], skills);
                }
            }
            Card::Blackmail => {
                // §31.8: this turn he plays for the blackmailer, fresh for an Action.
                let Some(id) = player else { return };
                let own = self.g.player(id).side;
                self.g.cards.blackmail = Some((id, own));
                let p = &mut self.g.players[id.index()];
                p.side = side;
                p.acted = false;
                p.used_dodge = false;
                p.used_pro = false;
                p.used_break_tackle = false;
                p.used_leap = false;
                p.used_skills = SkillSet::default();
                self.emit(Event::ControlledBy { player: id, side });
            }
            Card::HurryUpOffense => {
                // §31.7: a free turn at once, then the opponent's.
                self.g.cards.hurry = Some(Hurry {
                    side,
                    opponent: false,
                    over: false,
                    pending: None,
                });
                self.emit(Event::FreeTurn { side });
                self.begin_free_turn(side);
            }
            // Unbuilt cards are never offered ([`plays`]).
            _ => {}
        }
    }

    /// §31.8 Blackmail: the turn is over: the blackmailed player plays for his own team
    /// again (before the turn's end is worked out: his own stunned state is his team's).
    pub(crate) fn cards_control_back(&mut self) {
        let Some((id, own)) = self.g.cards.blackmail.take() else {
            return;
        };
        let p = &mut self.g.players[id.index()];
        p.side = own;
        p.acted = false;
        self.emit(Event::ControlledBy {
            player: id,
            side: own,
        });
    }

    /// §31.8 Blackmail: may `fouler` be sent off? Not the blackmailed player: the referee
    /// does not send a player off for fouling his own team-mates.
    pub(crate) fn cards_may_send_off(&self, fouler: PlayerId) -> bool {
        self.g.owner(fouler) == self.g.player(fouler).side
    }

    /// §31.7 Hurry Up Offense: the free turn under way has ended (a 1 after an Action, a
    /// touchdown held).
    pub(crate) fn cards_free_turn_over(&self) -> bool {
        self.g.cards.hurry.is_some_and(|h| h.over)
    }

    /// §31.7 Hurry Up Offense: after each Action of a free turn (not one a turnover or
    /// touchdown already ends) a D6, not re-rollable: on a 1 the free turn ends.
    pub(crate) fn cards_after_action(&mut self) {
        let Some(h) = self.g.cards.hurry else { return };
        let side = h.free_side();
        if h.over
            || self.g.active != Some(side)
            || self.g.turnover.is_some()
            || self.g.touchdown
            || self.g.is_over()
        {
            return;
        }
        if self.roll(RollPurpose::CardEffect, Some(side), Die::D6) == 1
            && let Some(h) = self.g.cards.hurry.as_mut()
        {
            h.over = true;
        }
    }

    /// §31.7 Hurry Up Offense: is `side`'s touchdown by `player` held? In the card player's
    /// free turn it is held (and ends that turn); in the opponent's free turn a held one
    /// stays held to its end.
    pub(crate) fn cards_touchdown_held(&mut self, side: Side, player: PlayerId) -> bool {
        let Some(h) = self.g.cards.hurry else {
            return false;
        };
        if h.side != side {
            return false;
        }
        if h.opponent {
            return h.pending.is_some();
        }
        if h.pending.is_none() {
            self.g.cards.hurry = Some(Hurry {
                over: true,
                pending: Some(player),
                ..h
            });
            self.emit(Event::TouchdownPending { side, player });
            if let Some(a) = self.g.acting.as_mut() {
                a.ended = true;
            }
        }
        true
    }

    /// §31.7 Hurry Up Offense: `side`'s turn has ended; was it a free turn? The card
    /// player's is followed by the opponent's; at the end of the opponent's the held
    /// touchdown counts if a player of the card player's team holds the ball standing in
    /// the end zone (the source's words; the digest says "the scorer"), and the turns go on
    /// with the card player's own turn, his marker moving then.
    pub(crate) fn cards_free_turn_end(&mut self, side: Side) -> bool {
        let Some(h) = self.g.cards.hurry else {
            return false;
        };
        if h.free_side() != side {
            return false;
        }
        if self.g.touchdown || self.g.is_over() {
            self.g.cards.hurry = None;
            return true;
        }
        if !h.opponent {
            self.g.cards.hurry = Some(Hurry {
                opponent: true,
                over: false,
                ..h
            });
            self.emit(Event::FreeTurn { side: side.other() });
            self.begin_free_turn(side.other());
            return true;
        }
        self.g.cards.hurry = None;
        if h.pending.is_some() {
            let scorer = self.g.carrier().filter(|&c| {
                let p = self.g.player(c);
                p.side == h.side
                    && p.standing()
                    && p.square()
                        .is_some_and(|s| s.x == super::state::scoring_end_zone(h.side))
            });
            match scorer {
                Some(id) => self.score_touchdown(h.side, Some(id)),
                None => self.emit(Event::TouchdownDisallowed { side: h.side }),
            }
        }
        true
    }
}

/// An event as `seat` sees it (§31.4): a card drawn is known to its drawer only (the others
/// see that a card was drawn from that deck), and so is the die that drew it.
pub fn project(event: &Event, seat: Seat) -> Option<Event> {
    match event {
        Event::CardDrawn { side, deck, card } if !seat.sees_secrets_of(*side) => {
            let _ = card;
            Some(Event::CardDrawn {
                side: *side,
                deck: *deck,
                card: None,
            })
        }
        Event::Rolled { roll }
            if roll.purpose == RollPurpose::CardDraw
                && !roll.coach.is_some_and(|c| seat.sees_secrets_of(c)) =>
        {
            None
        }
        other => Some(other.clone()),
    }
}

/// A hand as `seat` sees it: the count always, the cards only for their owner (§31.4).
pub fn hand_view(g: &Game, side: Side, seat: Seat) -> HandView {
    let hand = &g.cards.hands[side.index()];
    HandView {
        count: hand.len() as u8,
        cards: if seat.sees_secrets_of(side) {
            hand.clone()
        } else {
            Vec::new()
        },
        played: g.cards.played[side.index()].clone(),
    }
}

/// A hand as a client draws it (§31.4).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct HandView {
    /// Cards in hand (public).
    pub count: u8,
    /// The cards in hand, for their owner only.
    pub cards: Vec<Card>,
    /// The cards played (public).
    pub played: Vec<Card>,
}

/// §31.9 I am the Greatest: a player's value [Proposal]: his position's cost, plus 20,000 a
/// skill beyond the position's and 30,000 (MA, AV), 40,000 (AG) or 50,000 (ST) a
/// characteristic point gained (the league rules' value increases; a double's extra 10,000
/// is not counted: the sheet does not say which skills were doubles).
pub fn player_value(g: &Game, id: PlayerId) -> u32 {
    let p = g.player(id);
    let sheet = g.setup.teams[p.side.index()].sheet();
    let Some(sp) = sheet.players.iter().find(|sp| sp.number == p.number) else {
        return 0;
    };
    let Some(i) = super::setup::position_index(sheet.roster, &sp.position) else {
        return 0;
    };
    let s = sp.stat_changes;
    let up = |d: i8, each: u32| u32::from(d.max(0) as u8) * each;
    sheet.roster.data().positions[i].cost
        + 20_000 * sp.extra_skills.len() as u32
        + up(s.ma, 30_000)
        + up(s.av, 30_000)
        + up(s.ag, 40_000)
        + up(s.st, 50_000)
}

/// §31.9 I am the Greatest: may `side` set up `player` now (his pair-mate is not on the
/// pitch)?
pub fn may_set_up(g: &Game, side: Side, player: PlayerId) -> bool {
    match g.cards.greatest_pair[side.index()] {
        Some((a, b)) if player == a => g.player(b).square().is_none(),
        Some((a, b)) if player == b => g.player(a).square().is_none(),
        _ => true,
    }
}

/// §31.9 I am the Greatest: how many of `side`'s Reserves cannot be set up this drive: one
/// of the pair while both are in Reserves, or the one left in Reserves while the other is
/// on the pitch.
pub fn held_back(g: &Game, side: Side) -> usize {
    let Some((a, b)) = g.cards.greatest_pair[side.index()] else {
        return 0;
    };
    let reserve = |id: PlayerId| g.player(id).state == PlayerState::Reserve;
    let fielded = |id: PlayerId| g.player(id).square().is_some();
    usize::from((reserve(a) && (reserve(b) || fielded(b))) || (reserve(b) && fielded(a)))
}

/// §31.7 All Out Blitz, Razzle Dazzle: may `side` declare `action` although this turn's is
/// used?
pub fn extra_action(g: &Game, side: Side, action: ActionKind) -> bool {
    match action {
        ActionKind::Blitz => g.cards.extra_blitz[side.index()],
        ActionKind::Pass => g.cards.extra_pass[side.index()] || g.cards.flea[side.index()] == 2,
        ActionKind::HandOff => g.cards.extra_pass[side.index()],
        _ => false,
    }
}

/// §31.6 Good Old Magic Codpiece: may `player` be fouled?
pub fn may_be_fouled(g: &Game, player: PlayerId) -> bool {
    !g.cards.codpieces.contains(&player)
}

/// §31.6 Gloves of Holding: may `player` pass or hand off?
pub fn may_pass(g: &Game, player: PlayerId) -> bool {
    !g.cards.gloves.contains(&player)
}

/// §31.8 Ego Trip: may `player` declare an Action now (first in his team's turn, or never)?
/// §31.7 Lewd Maneuvers: not in the zone.
pub fn may_act(g: &Game, player: PlayerId) -> bool {
    let lewd = g.cards.lewd.is_some_and(|(zone, _)| {
        g.player(player).square().and_then(super::state::wide_zone) == Some(zone)
    });
    let ego_late = g.acted_this_turn && g.cards.ego.contains(&player);
    !(lewd || ego_late)
}

/// §31.10 Rowdy Fans: is `sq` beside the pitch's outer edge (its outermost rows and
/// columns)?
pub fn on_edge(sq: Square) -> bool {
    sq.x == 0 || sq.x == LENGTH - 1 || sq.y == 0 || sq.y == WIDTH - 1
}

/// §31.10 Rowdy Fans: may a player of `side` on `sq` give an assist on a block or foul (not
/// beside the edge when the other side's fans are rowdy)?
pub fn may_assist(g: &Game, side: Side, sq: Square) -> bool {
    !(g.cards.rowdy[side.other().index()] && on_edge(sq))
}

/// §31.10 Rowdy Fans: the extra assist `side` gets on a block or foul between `a` (of `side`)
/// and `b` (an opponent): one when `side`'s fans are rowdy and `b` is beside the edge.
pub fn rowdy_assist(g: &Game, side: Side, b: PlayerId) -> u8 {
    u8::from(g.cards.rowdy[side.index()] && g.player(b).square().is_some_and(on_edge))
}

/// §31.10 Incoming!: must a player of `side` leaving `from` dodge although no tackle zone is
/// on it (within 2 squares of a sideline or an end zone)?
pub fn incoming_dodge(g: &Game, side: Side, from: Square) -> bool {
    g.cards.incoming[side.index()]
        && (from.y <= 1 || from.y >= WIDTH - 2 || from.x <= 2 || from.x >= LENGTH - 3)
}

/// §31.10 Heckler: the compulsory skills a heckled player keeps [Proposal]: those our
/// reference marks mandatory (§26), and the mandatory ones not built yet (Animosity, Blood
/// Lust, Decay, Nurgle's Rot, Titchy).
pub const COMPULSORY: &[Skill] = &[
    Skill::AlwaysHungry,
    Skill::BallAndChain,
    Skill::BoneHead,
    Skill::Frenzy,
    Skill::Loner,
    Skill::NoHands,
    Skill::ReallyStupid,
    Skill::Regeneration,
    Skill::SecretWeapon,
    Skill::Stunty,
    Skill::TakeRoot,
    Skill::WildAnimal,
    Skill::Animosity,
    Skill::BloodLust,
    Skill::Decay,
    Skill::NurglesRot,
    Skill::Titchy,
];

/// §31.11 Going the Extra Mile: "as many times as you like" (the pitch is 26 squares long).
pub const EXTRA_MILE: u8 = 40;

/// The grants of the cards that only give a player characteristics and skills for a while
/// (§31.5): how long, the changes (MA, ST, AG, AV) and the skills.
fn simple_grant(card: Card, side: Side) -> (Until, [i8; 4], &'static [Skill]) {
    use Skill::*;
    match card {
        // §31.6 Beguiling Bracers: for the match.
        Card::BeguilingBracers => (
            Until::EndOfMatch,
            [0; 4],
            &[HypnoticGaze, SideStep, BoneHead],
        ),
        // §31.6 Fawndough's Headband: this turn (and +1 to intercept his passes).
        Card::FawndoughsHeadband => (Until::EndOfTurn(side), [0; 4], &[Pass, Accurate]),
        // §31.6 Force Shield: while he holds the ball.
        Card::ForceShield => (Until::WhileHolding, [0; 4], &[SureHands, Fend]),
        // §31.6 Magic Gloves of Jark Longarm: the drive (and +1 to his interceptions).
        Card::MagicGlovesOfJarkLongarm => (Until::EndOfDrive, [0; 4], &[PassBlock]),
        // §31.7 Stiletto: the French text's Dirty Player and Stab, for the match.
        Card::Stiletto => (Until::EndOfMatch, [0; 4], &[DirtyPlayer, Stab]),
        // §31.8 Buzzing: +1 AG, No Hands, Jump Up and Frenzy for the match.
        Card::Buzzing => (Until::EndOfMatch, [0, 0, 1, 0], &[NoHands, JumpUp, Frenzy]),
        // §31.8 Gimme That!: for the match.
        Card::GimmeThat => (
            Until::EndOfMatch,
            [0; 4],
            &[Dauntless, Juggernaut, StripBall],
        ),
        // §31.8 Orcidas Sponsorship: +1 MA, Sprint and Sure Feet for the match.
        Card::OrcidasSponsorship => (Until::EndOfMatch, [1, 0, 0, 0], &[Sprint, SureFeet]),
        // §31.8 Tackling Machine: for the match.
        Card::TacklingMachine => (
            Until::EndOfMatch,
            [0; 4],
            &[DivingTackle, JumpUp, Tackle, Wrestle],
        ),
        // §31.11 Option Play: to the end of the drive.
        Card::OptionPlay => (Until::EndOfDrive, [0; 4], &[DumpOff, Pass]),
        // §31.11 Spectacular Catch: this turn.
        Card::SpectacularCatch => (Until::EndOfTurn(side), [0; 4], &[Catch, DivingCatch]),
        // §31.12 Stolen Playbook: to the end of the drive.
        Card::StolenPlaybook => (Until::EndOfDrive, [0; 4], &[PassBlock, Shadowing]),
        // §31.12 Kicking Boots: Kick, Dirty Player and −1 MA for the match.
        Card::KickingBoots => (Until::EndOfMatch, [-1, 0, 0, 0], &[Kick, DirtyPlayer]),
        _ => (Until::EndOfTurn(side), [0; 4], &[]),
    }
}

/// §31.8 Zap!: the frog's characteristics (MA, ST, AG, AV).
pub const FROG: [u8; 4] = [4, 1, 4, 4];

/// §31.8 Zap!: the frog's skills (his own are gone for the while).
pub const FROG_SKILLS: &[Skill] = &[
    Skill::Dodge,
    Skill::Leap,
    Skill::NoHands,
    Skill::Stunty,
    Skill::Titchy,
];

/// §31.12 Distract: does `player` start his Action within 3 squares of a distracting
/// opponent (so he counts as having Bone-head)?
pub fn distracted(g: &Game, player: PlayerId) -> bool {
    if g.cards.distract.is_empty() {
        return false;
    }
    let p = g.player(player);
    let Some(sq) = p.square() else { return false };
    g.cards.distract.iter().any(|&d| {
        let d = g.player(d);
        d.side != p.side && d.square().is_some_and(|ds| ds.distance(sq) <= 3)
    })
}

/// §31.11 Flea Flicker: must `side`'s pass now be a Quick pass (its first, the card
/// played)?
pub fn quick_only(g: &Game, side: Side) -> bool {
    g.cards.flea[side.index()] == 1
}

/// §31.12 Illegal Substitution: may `player` declare only a Move this turn?
pub fn move_only(g: &Game, player: PlayerId) -> bool {
    g.cards.substitute == Some(player)
}

/// §31.12 Gromskull's Exploding Runes: the modifier to `thrower`'s bomb throws.
pub fn runes_modifier(g: &Game, thrower: PlayerId) -> i8 {
    -i8::from(g.cards.runes.contains(&thrower))
}

/// §31.6 Inertia Dampner: the change to the ST of `attacker` blitzing `defender`: −1 when
/// he has moved in this Blitz (never below 1, [`Ctx::block_roll`]).
pub fn dampner(g: &Game, attacker: PlayerId, defender: PlayerId) -> bool {
    g.cards.dampners.contains(&defender)
        && g.cards.moved == Some(attacker)
        && g.acting
            .is_some_and(|a| a.player == attacker && a.action == ActionKind::Blitz)
}

/// §31.6 Fawndough's Headband, Magic Gloves of Jark Longarm: the modifier to an interception
/// by `interceptor` of a pass by `passer`.
pub fn intercept_modifier(g: &Game, passer: Option<PlayerId>, interceptor: PlayerId) -> i8 {
    let headband = passer.is_some_and(|p| g.cards.headband.contains(&p));
    i8::from(headband) + i8::from(g.cards.jark.contains(&interceptor))
}
