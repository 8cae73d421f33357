//! Card data: the 2024 Challenge deck, Bonus Play names, Random Event cards, arenas and special
//! balls (§5.5, §5.6, §5.8, §5.10, §5.11; gap G5 in §7.2).
//!
//! The Challenge deck, Bonus Plays and Random Events are not in either source rulebook; they are
//! the [SUP] transcription adopted for 2024 (G5). Arena and ball names and rules are [S24].
//! [S24] calls *Multi-Ball* a Bonus Play, [SUP] a Random Event; like §5.5 this file follows
//! [SUP].
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use super::*;

/// The 26 double-sided 2024 Challenge cards, in the order of §5.5 ([SUP]).
pub static CHALLENGE_CARDS: [CardDef; 26] = [
    CardDef {
        challenge: Challenge::BreakSomeBones,
        points: 3,
        bonus: BonusPlay::RawTalent,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::BreakSomeBones,
        points: 3,
        bonus: BonusPlay::StepAside,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::FreeUpTheBall,
        points: 2,
        bonus: BonusPlay::Blitz,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::FreeUpTheBall,
        points: 2,
        bonus: BonusPlay::Intervention,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::GetMoving,
        points: 2,
        bonus: BonusPlay::AggressiveMark,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::GetMoving,
        points: 2,
        bonus: BonusPlay::Sprint,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::GetTheBall,
        points: 1,
        bonus: BonusPlay::Shadowing,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::GetTheBall,
        points: 1,
        bonus: BonusPlay::StepAside,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::GetTogether,
        points: 1,
        bonus: BonusPlay::Reserves,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::MakeARiskyThrow,
        points: 2,
        bonus: BonusPlay::AccurateThrow,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::MoveTheBall,
        points: 1,
        bonus: BonusPlay::Dodge,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::MoveTheBall,
        points: 1,
        bonus: BonusPlay::RawTalent,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::PlayAsATeam,
        points: 2,
        bonus: BonusPlay::AggressiveMark,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::PlayAsATeam,
        points: 2,
        bonus: BonusPlay::Inspiration,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::PlayAsATeam,
        points: 2,
        bonus: BonusPlay::ToughEnough,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::ShowNoFear,
        points: 2,
        bonus: BonusPlay::JumpUp,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::ShowThemHowItsDone,
        points: 2,
        bonus: BonusPlay::BladedKnuckleDusters,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::ShowThemHowItsDone,
        points: 2,
        bonus: BonusPlay::TheKidsGotMoxy,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::ShowUsACompletion,
        points: 1,
        bonus: BonusPlay::Inspiration,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::ShowUsACompletion,
        points: 1,
        bonus: BonusPlay::NervesOfSteel,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::ShowboatForTheCrowd,
        points: 1,
        bonus: BonusPlay::HailMaryPass,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::SpreadOut,
        points: 1,
        bonus: BonusPlay::Reserves,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::TakeThemDown,
        points: 2,
        bonus: BonusPlay::BlockingPlay,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::TakeThemDown,
        points: 2,
        bonus: BonusPlay::DivingTackle,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::TieThemUp,
        points: 2,
        bonus: BonusPlay::DefensivePlay,
        tag: Tag::Sup,
    },
    CardDef {
        challenge: Challenge::TieThemUp,
        points: 2,
        bonus: BonusPlay::RawTalent,
        tag: Tag::Sup,
    },
];

impl Challenge {
    /// All 15 distinct challenges, in declaration order.
    pub const ALL: [Challenge; 15] = [
        Challenge::BreakSomeBones,
        Challenge::FreeUpTheBall,
        Challenge::GetMoving,
        Challenge::GetTheBall,
        Challenge::GetTogether,
        Challenge::MakeARiskyThrow,
        Challenge::MoveTheBall,
        Challenge::PlayAsATeam,
        Challenge::ShowNoFear,
        Challenge::ShowThemHowItsDone,
        Challenge::ShowUsACompletion,
        Challenge::ShowboatForTheCrowd,
        Challenge::SpreadOut,
        Challenge::TakeThemDown,
        Challenge::TieThemUp,
    ];

    /// English card name (§5.5).
    pub fn name(self) -> &'static str {
        match self {
            Challenge::BreakSomeBones => "Break Some Bones!",
            Challenge::FreeUpTheBall => "Free Up the Ball!",
            Challenge::GetMoving => "Get Moving!",
            Challenge::GetTheBall => "Get the Ball!",
            Challenge::GetTogether => "Get Together!",
            Challenge::MakeARiskyThrow => "Make a Risky Throw!",
            Challenge::MoveTheBall => "Move the Ball!",
            Challenge::PlayAsATeam => "Play as a Team!",
            Challenge::ShowNoFear => "Show No Fear!",
            Challenge::ShowThemHowItsDone => "Show Them How It's Done!",
            Challenge::ShowUsACompletion => "Show Us a Completion!",
            Challenge::ShowboatForTheCrowd => "Showboat for the Crowd!",
            Challenge::SpreadOut => "Spread Out!",
            Challenge::TakeThemDown => "Take Them Down!",
            Challenge::TieThemUp => "Tie Them Up!",
        }
    }
}

impl BonusPlay {
    /// All 20 distinct Bonus Plays, in declaration order.
    pub const ALL: [BonusPlay; 20] = [
        BonusPlay::AccurateThrow,
        BonusPlay::AggressiveMark,
        BonusPlay::BladedKnuckleDusters,
        BonusPlay::Blitz,
        BonusPlay::BlockingPlay,
        BonusPlay::DefensivePlay,
        BonusPlay::DivingTackle,
        BonusPlay::Dodge,
        BonusPlay::HailMaryPass,
        BonusPlay::Inspiration,
        BonusPlay::Intervention,
        BonusPlay::JumpUp,
        BonusPlay::NervesOfSteel,
        BonusPlay::RawTalent,
        BonusPlay::Reserves,
        BonusPlay::Shadowing,
        BonusPlay::Sprint,
        BonusPlay::StepAside,
        BonusPlay::TheKidsGotMoxy,
        BonusPlay::ToughEnough,
    ];

    /// English card name (§5.6).
    pub fn name(self) -> &'static str {
        match self {
            BonusPlay::AccurateThrow => "Accurate Throw",
            BonusPlay::AggressiveMark => "Aggressive Mark",
            BonusPlay::BladedKnuckleDusters => "Bladed Knuckle Dusters",
            BonusPlay::Blitz => "Blitz!",
            BonusPlay::BlockingPlay => "Blocking Play",
            BonusPlay::DefensivePlay => "Defensive Play",
            BonusPlay::DivingTackle => "Diving Tackle",
            BonusPlay::Dodge => "Dodge",
            BonusPlay::HailMaryPass => "Hail Mary Pass",
            BonusPlay::Inspiration => "Inspiration",
            BonusPlay::Intervention => "Intervention",
            BonusPlay::JumpUp => "Jump Up",
            BonusPlay::NervesOfSteel => "Nerves of Steel",
            BonusPlay::RawTalent => "Raw Talent",
            BonusPlay::Reserves => "Reserves",
            BonusPlay::Shadowing => "Shadowing",
            BonusPlay::Sprint => "Sprint",
            BonusPlay::StepAside => "Step Aside",
            BonusPlay::TheKidsGotMoxy => "The Kid's Got Moxy",
            BonusPlay::ToughEnough => "Tough Enough",
        }
    }
}

/// The 12 Random Event cards, one entry per copy (§5.8, [SUP]).
pub static RANDOM_EVENT_CARDS: [RandomEvent; 12] = [
    RandomEvent::BananaSkins,
    RandomEvent::CrumblingAstrogranitePitch,
    RandomEvent::EmptyTheBench,
    RandomEvent::GenerousCoaches,
    RandomEvent::GetTheRef,
    RandomEvent::ImpatientCoaches,
    RandomEvent::ImpatientCoaches,
    RandomEvent::MultiBall,
    RandomEvent::MultiBall,
    RandomEvent::PitchInvasion,
    RandomEvent::Reset,
    RandomEvent::TrapdoorMonster,
];

impl RandomEvent {
    /// All 10 distinct Random Events, in declaration order.
    pub const ALL: [RandomEvent; 10] = [
        RandomEvent::BananaSkins,
        RandomEvent::CrumblingAstrogranitePitch,
        RandomEvent::EmptyTheBench,
        RandomEvent::GenerousCoaches,
        RandomEvent::GetTheRef,
        RandomEvent::ImpatientCoaches,
        RandomEvent::MultiBall,
        RandomEvent::PitchInvasion,
        RandomEvent::Reset,
        RandomEvent::TrapdoorMonster,
    ];

    /// English card name (§5.8).
    pub fn name(self) -> &'static str {
        match self {
            RandomEvent::BananaSkins => "Banana Skins",
            RandomEvent::CrumblingAstrogranitePitch => "Crumbling Astrogranite Pitch",
            RandomEvent::EmptyTheBench => "Empty the Bench",
            RandomEvent::GenerousCoaches => "Generous Coaches",
            RandomEvent::GetTheRef => "Get the Ref!",
            RandomEvent::ImpatientCoaches => "Impatient Coaches",
            RandomEvent::MultiBall => "Multi-Ball",
            RandomEvent::PitchInvasion => "Pitch Invasion",
            RandomEvent::Reset => "Reset",
            RandomEvent::TrapdoorMonster => "Trapdoor Monster",
        }
    }
}

impl Arena {
    /// The arenas indexed by D8 result minus one (§5.11).
    pub const BY_D8: [Arena; 8] = [
        Arena::GreatMootBakeOffTent,
        Arena::SewerPipeStadium,
        Arena::TheBonePit,
        Arena::GlitteringColiseum,
        Arena::ColiseumOfChaos,
        Arena::BadlandsFightingPit,
        Arena::MountainSummitStadium,
        Arena::OvergrownArena,
    ];

    /// English arena name (§5.11).
    pub fn name(self) -> &'static str {
        match self {
            Arena::GreatMootBakeOffTent => "Great Moot Bake-off Tent",
            Arena::SewerPipeStadium => "Sewer Pipe Stadium",
            Arena::TheBonePit => "The Bone Pit",
            Arena::GlitteringColiseum => "Glittering Coliseum",
            Arena::ColiseumOfChaos => "Coliseum of Chaos",
            Arena::BadlandsFightingPit => "Badlands Fighting Pit",
            Arena::MountainSummitStadium => "Mountain Summit Stadium",
            Arena::OvergrownArena => "Overgrown Arena",
        }
    }

    /// One-line summary of the regional rule (§5.11, [S24]; pairing confirmed by [SUP]).
    pub fn rule(self) -> &'static str {
        match self {
            Arena::GreatMootBakeOffTent => {
                "-1 to both teams' Emergency Reserves value (e.g. 4 becomes 3)."
            }
            Arena::SewerPipeStadium => {
                "A Reserves action may place the player on a trapdoor instead of in the end zone; \
                 a ball on that trapdoor is removed from the pitch and a player on it is Injured."
            }
            Arena::TheBonePit => {
                "After any Reserves action, including free ones such as Emergency Reserves, the \
                 player may make a free Run."
            }
            Arena::GlitteringColiseum => "No -1 modifier for Long throws.",
            Arena::ColiseumOfChaos => {
                "A Shove that cannot push the target becomes Kerrunch! instead of Smash."
            }
            Arena::BadlandsFightingPit => {
                "Assisted blocks add two block dice instead of one, to a maximum of three."
            }
            Arena::MountainSummitStadium => "Sudden Death at a lead of 8 points instead of 10.",
            Arena::OvergrownArena => {
                "A Block targeting a player adjacent to a trapdoor counts as Assisted."
            }
        }
    }
}

impl BallKind {
    /// All 4 balls, standard first (§5.10).
    pub const ALL: [BallKind; 4] = [
        BallKind::Standard,
        BallKind::DwarfRuneBall,
        BallKind::ExtraSpikyBall,
        BallKind::SquigBall,
    ];

    /// English ball name (§5.10).
    pub fn name(self) -> &'static str {
        match self {
            BallKind::Standard => "Standard spiked ball",
            BallKind::DwarfRuneBall => "Dwarf Rune Ball",
            BallKind::ExtraSpikyBall => "Extra Spiky Ball",
            BallKind::SquigBall => "Squig Ball",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn challenge_deck_has_26_cards_worth_45_points() {
        assert_eq!(CHALLENGE_CARDS.len(), 26);
        let total: u32 = CHALLENGE_CARDS.iter().map(|c| u32::from(c.points)).sum();
        assert_eq!(total, 45);
        assert!(CHALLENGE_CARDS.iter().all(|c| c.tag == Tag::Sup));
    }

    #[test]
    fn every_challenge_and_bonus_play_appears_in_the_deck() {
        let challenges: HashSet<Challenge> = CHALLENGE_CARDS.iter().map(|c| c.challenge).collect();
        let bonuses: HashSet<BonusPlay> = CHALLENGE_CARDS.iter().map(|c| c.bonus).collect();
        assert_eq!(challenges, Challenge::ALL.into_iter().collect());
        assert_eq!(bonuses, BonusPlay::ALL.into_iter().collect());
    }

    #[test]
    fn copies_of_a_challenge_share_points_and_differ_in_bonus() {
        for a in &CHALLENGE_CARDS {
            for b in &CHALLENGE_CARDS {
                if a.challenge == b.challenge {
                    assert_eq!(a.points, b.points, "{}", a.challenge.name());
                }
            }
        }
        let pairs: HashSet<(Challenge, BonusPlay)> = CHALLENGE_CARDS
            .iter()
            .map(|c| (c.challenge, c.bonus))
            .collect();
        assert_eq!(pairs.len(), 26);
    }

    #[test]
    fn random_event_deck_has_12_cards() {
        assert_eq!(RANDOM_EVENT_CARDS.len(), 12);
        for e in RandomEvent::ALL {
            let copies = RANDOM_EVENT_CARDS.iter().filter(|c| **c == e).count();
            let expected = match e {
                RandomEvent::ImpatientCoaches | RandomEvent::MultiBall => 2,
                _ => 1,
            };
            assert_eq!(copies, expected, "{}", e.name());
        }
    }

    #[test]
    fn eight_distinct_arenas() {
        assert_eq!(Arena::BY_D8.len(), 8);
        let set: HashSet<Arena> = Arena::BY_D8.into_iter().collect();
        assert_eq!(set.len(), 8);
        assert_eq!(Arena::BY_D8[0], Arena::GreatMootBakeOffTent);
        assert_eq!(Arena::BY_D8[7], Arena::OvergrownArena);
        assert!(Arena::BY_D8.iter().all(|a| !a.rule().is_empty()));
    }

    #[test]
    fn names_are_distinct() {
        let names: HashSet<&str> = Challenge::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(names.len(), 15);
        let names: HashSet<&str> = BonusPlay::ALL.iter().map(|b| b.name()).collect();
        assert_eq!(names.len(), 20);
        let names: HashSet<&str> = RandomEvent::ALL.iter().map(|e| e.name()).collect();
        assert_eq!(names.len(), 10);
        let names: HashSet<&str> = Arena::BY_D8.iter().map(|a| a.name()).collect();
        assert_eq!(names.len(), 8);
        let names: HashSet<&str> = BallKind::ALL.iter().map(|b| b.name()).collect();
        assert_eq!(names.len(), 4);
    }
}
