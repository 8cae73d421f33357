//! Events: the facts `apply` reports, including every die rolled. They are the diffs the
//! server stores and streams; [`Event::project`] hides what a seat may not see.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use serde::{Deserialize, Serialize};

use super::data::{Arena, BallKind, BoardSide, BonusPlay, Challenge, RandomEvent};
use super::state::{ActionKind, BallId, CardId, Outcome, PlayerId};
use crate::core::{BlockFace, Seat, Side, Square};

/// What a roll was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum RollPurpose {
    CoinToss,
    Arena,
    Trapdoor,
    Movement,
    Bounce,
    Throw,
    Block,
    Armour,
    Violent,
    Foul,
    SquigBall,
    Shuffle,
    PitchInvasion,
}

/// A die roll and what it meant: the core roll record ([`crate::core::roll::Roll`]) with Blitz
/// Bowl's purposes.
pub type Roll = crate::core::roll::Roll<RollPurpose>;

/// Why points were scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ScoreReason {
    Touchdown,
    Challenge,
    CleanSweep,
    GenerousCoaches,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    CoinToss {
        winner: Side,
    },
    ArenaRolled {
        arena: Arena,
    },
    BoardChosen {
        side: BoardSide,
    },
    CoachA {
        coach: Side,
    },
    /// A card was dealt to an active slot (its Challenge side is public).
    CardDealt {
        slot: u8,
        challenge: Challenge,
        points: u8,
    },
    /// The card now on top of the deck: a challenge side, an event back, or nothing.
    DeckTop {
        challenge: Option<Challenge>,
        event_back: bool,
        remaining: u8,
    },
    /// An active card was discarded; its Bonus Play side is now face up.
    ActiveDiscarded {
        slot: u8,
        card: CardId,
        bonus: BonusPlay,
    },
    /// §3.19.4 (2018, rules version 2 on): the refresh shifted the active card in space
    /// `from` down to space `to`.
    ActiveCardMoved {
        from: u8,
        to: u8,
    },
    PlayerPlaced {
        player: PlayerId,
        square: Square,
    },
    BallEntered {
        ball: BallId,
        kind: BallKind,
        square: Square,
    },
    TurnStarted {
        coach: Side,
        turn: u16,
    },
    Rolled(Roll),
    ActionStarted {
        player: PlayerId,
        action: ActionKind,
        free: bool,
    },
    PlayerMoved {
        player: PlayerId,
        from: Square,
        to: Square,
    },
    BallBounced {
        ball: BallId,
        from: Square,
        to: Square,
    },
    BallPossessed {
        ball: BallId,
        player: PlayerId,
    },
    BallLanded {
        ball: BallId,
        square: Square,
    },
    BallRemoved {
        ball: BallId,
    },
    BlockDieChosen {
        face: BlockFace,
    },
    Pushed {
        player: PlayerId,
        from: Square,
        to: Square,
    },
    /// Throw Team-mate (§6.1.5): `thrower` threw `player` from `from` towards `to`;
    /// where it lands, and how, follows (moved there, Prone, or Injured).
    TeamMateThrown {
        thrower: PlayerId,
        player: PlayerId,
        from: Square,
        to: Square,
    },
    KnockedDown {
        player: PlayerId,
    },
    PlacedProne {
        player: PlayerId,
    },
    Injured {
        player: PlayerId,
    },
    /// Sent off by a Foul (Spotted!, Take That!).
    Ejected {
        player: PlayerId,
    },
    StoodUp {
        player: PlayerId,
    },
    ToReserves {
        player: PlayerId,
    },
    FinishedForTurn {
        player: PlayerId,
    },
    Touchdown {
        player: PlayerId,
        ball: BallId,
    },
    Scored {
        coach: Side,
        points: u16,
        reason: ScoreReason,
        total: u16,
    },
    /// A card was claimed; `card` (and so its Bonus Play) only reaches its owner.
    Claimed {
        coach: Side,
        slot: u8,
        challenge: Challenge,
        points: u8,
        card: Option<CardId>,
    },
    BonusPlayed {
        coach: Side,
        card: CardId,
        bonus: BonusPlay,
    },
    /// A card left a hand for the discard pile, Bonus Play side up.
    HandDiscarded {
        coach: Side,
        card: CardId,
        bonus: BonusPlay,
    },
    RerollUsed {
        coach: Side,
        source: super::command::RerollSource,
    },
    /// `coach` drew a Random Event from the top of the deck (§6.1.1); it is now public.
    RandomEvent {
        coach: Side,
        event: RandomEvent,
    },
    /// The Random Event `event` is resolved and goes to the discard pile, face up (§6.1.1
    /// step 3). Its effect may take several decisions (Banana Skins, Empty the Bench, Reset,
    /// a Multi-Ball choice) and deal cards that draw other events (Impatient Coaches), so
    /// this is the only way a client following the events knows when it is done. Rules
    /// version 2 on; a version 1 match never reports it.
    RandomEventResolved {
        event: RandomEvent,
    },
    RookiesCardUsed {
        coach: Side,
    },
    TurnEnded {
        coach: Side,
    },
    GameOver {
        outcome: Outcome,
        score: [u16; 2],
    },
}

impl Event {
    /// This event as `seat` may see it, or `None` if `seat` may not see it at all.
    pub fn project(&self, seat: Seat) -> Option<Event> {
        match self {
            Event::Claimed {
                coach,
                slot,
                challenge,
                points,
                card,
            } => Some(Event::Claimed {
                coach: *coach,
                slot: *slot,
                challenge: *challenge,
                points: *points,
                card: if seat.sees_secrets_of(*coach) {
                    *card
                } else {
                    None
                },
            }),
            Event::Rolled(roll) if roll.purpose == RollPurpose::Shuffle => None,
            other => Some(other.clone()),
        }
    }
}
