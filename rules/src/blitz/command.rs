//! Commands: every input to the game answers the current [`super::Prompt`].
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use serde::{Deserialize, Serialize};

use super::data::{BallKind, BoardSide};
use super::state::{CardId, PlayerId};
use crate::core::Square;

/// A player action as chosen by a coach (§3.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum ActionChoice {
    /// Start a Run; the squares follow as `MoveTo` commands.
    Run,
    /// Start a Mark; the squares follow as `MoveTo` commands.
    Mark,
    Sidestep {
        to: Square,
    },
    StandUp,
    Reserves {
        square: Square,
    },
    Block {
        target: PlayerId,
    },
    /// 2024: a team-mate's square; 2018: any square in range.
    Throw {
        target: Square,
    },
    /// 2024 advanced (§6.1.4): foul an adjacent Prone opponent.
    Foul {
        target: PlayerId,
    },
    /// 2024 advanced (§6.1.5): an Ogre, Troll or Treeman throws the adjacent
    /// standing team-mate `thrown` to the square `target`.
    ThrowTeamMate {
        thrown: PlayerId,
        target: Square,
    },
}

/// Why a roll is re-rolled (§3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum RerollSource {
    /// Offensive Specialist (block dice).
    OffensiveSpecialist,
    /// Expert Passer (a failed Throw check).
    ExpertPasser,
    /// Dwarf Rune Ball (a natural 1 on a Throw check; any failure for a Dwarf).
    DwarfRuneBall,
    /// Extra Spiky Ball (a Miss among the block dice).
    ExtraSpikyBall,
    /// The Rookies to Watch card.
    RookiesToWatch,
    /// A Raw Talent Bonus Play from the hand.
    RawTalent(CardId),
}

/// One input to the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Command {
    ChooseBoardSide {
        side: BoardSide,
    },
    PlacePlayer {
        player: PlayerId,
        square: Square,
    },
    ChooseBall {
        ball: BallKind,
    },
    /// Refresh: discard the active card in this slot (0-based).
    DiscardActive {
        slot: u8,
    },
    /// Start a player action; `bonus` is a Bonus Play played "before/when" that action.
    Action {
        player: PlayerId,
        #[serde(flatten)]
        choice: ActionChoice,
        bonus: Option<CardId>,
    },
    /// Play a Bonus Play that is not tied to one action (Jump Up, Reserves, Inspiration,
    /// Defensive Play, Blocking Play, and the window cards). `player`/`square` when the card
    /// needs them.
    PlayBonus {
        card: CardId,
        player: Option<PlayerId>,
        square: Option<Square>,
    },
    /// Move one square during a Run or Mark.
    MoveTo {
        square: Square,
    },
    /// End the current Run or Mark here.
    StopMoving,
    Reroll {
        source: RerollSource,
    },
    ChooseBlockDie {
        index: u8,
    },
    FollowUp {
        follow: bool,
    },
    /// Safe Hands: the square the ball bounces to.
    BounceTo {
        square: Square,
    },
    Claim {
        slot: u8,
    },
    /// Discard a card from the hand (hand limit).
    DiscardCard {
        card: CardId,
    },
    /// Banana Skins and similar picks.
    ChoosePlayer {
        player: PlayerId,
    },
    /// Wardance (§5.4, G40): the player's free Sidestep.
    Wardance {
        player: PlayerId,
        to: Square,
    },
    /// Decline whatever optional thing is offered (claim, re-roll, free action, window...).
    Decline,
    EndTurn,
}
