//! What the game is waiting for: exactly one coach must decide one thing.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use serde::{Deserialize, Serialize};

use super::block_die::BlockFace;
use super::data::{BonusPlay, RandomEvent};
use super::state::{ActionKind, PlayerId};
use crate::core::{Side, Square};

/// The one decision the game waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Prompt {
    /// The coach who must answer; `None` once the match is over.
    pub coach: Option<Side>,
    pub kind: PromptKind,
}

/// Why a player moves square by square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum MoveKind {
    Run,
    Mark,
    /// Intervention's free Mark: must end adjacent to a given opponent.
    MarkTowards(PlayerId),
}

/// Which roll a re-roll offer is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum RollKind {
    Throw,
    Block,
    Armour,
}

/// An optional, time-limited chance to play a Bonus Play (§5.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Window {
    /// Interrupt after an opponent's Run (Intervention).
    AfterOpponentRun { runner: PlayerId },
    /// Interrupt after an opponent's Mark (Step Aside).
    AfterOpponentMark { marker: PlayerId },
    /// Interrupt of an opponent's Sidestep (Shadowing): who marked it before, and where it was.
    OpponentSidestep { mover: PlayerId, vacated: Square },
    /// Interrupt: your player was chosen as a Block target (Tough Enough).
    BlockTarget { target: PlayerId },
    /// An opponent was Knocked Down by your Block, before its Armour check (Bladed Knuckle
    /// Dusters).
    BeforeArmour { target: PlayerId },
    /// Your player just made a Mark (Blitz!, Diving Tackle).
    AfterMark { marker: PlayerId },
    /// The start of your turn, before the Pre-Turn Sequence (Blocking Play, 2024, rules
    /// version 2 on).
    TurnStart,
}

/// A free action a player is offered (§3.6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum FreeGrant {
    /// Frenzied, Head-butt, Blitz!: a free Block against a player it is Marking.
    Block,
    /// Diving Tackle: a free Block, then the blocker is placed Prone.
    DivingTackleBlock,
    /// Catcher's Instincts, the Bone Pit arena: a free Run.
    Run,
    /// Hit and Run: a free Run of up to 2 squares, even if Marked.
    ShortRun,
    /// Running Pass: a free Short Throw (or hand-off).
    ShortThrow,
    /// Dump-off: a free Short Throw or hand-off with no modifiers, even if Marked.
    DumpOff,
    /// Pick-me-up, Regenerate: a free Stand Up.
    StandUp,
    /// Wardance: a free Sidestep.
    Sidestep,
    /// Reserves Bonus Play: a free Reserves action.
    Reserves,
    /// Emergency Reserves (§3.15): a free Reserves action, mandatory in 2018.
    EmergencyReserves,
    /// Intervention: a free Mark that must end adjacent to the opponent that ran.
    InterventionMark(PlayerId),
    /// After your player's Mark: the Blitz! / Diving Tackle window (not an action).
    MarkBonus,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum PromptKind {
    /// The toss winner picks the board side (§3.1).
    ChooseBoardSide,
    /// Place the next player of your team in your end zone (§3.1; also after the Reset
    /// Random Event, §5.8).
    SetUp,
    /// Special balls (§6.2.2): choose which ball enters play (a kind not already in play).
    ChooseBall,
    /// 2024 refresh with all three cards still active: choose one to discard (§3.19.4).
    RefreshDiscard,
    /// Choose the next player action, play a Bonus Play, or end the turn.
    Action,
    /// Move the player one more square, or stop.
    Move {
        player: PlayerId,
        kind: MoveKind,
        left: u8,
    },
    /// A roll may be re-rolled; choose a source or decline.
    Reroll { kind: RollKind },
    /// Choose which block die to apply (Enforcer: which to apply next).
    BlockDie { faces: Vec<BlockFace> },
    /// Follow up into the square the pushed player left?
    FollowUp { blocker: PlayerId, square: Square },
    /// Safe Hands: choose the square the ball bounces to.
    SafeHandsBounce { from: Square },
    /// Claim one active Challenge card whose condition is met, or decline.
    Claim,
    /// A free action is offered to `player`; take it or decline.
    FreeAction { player: PlayerId, grant: FreeGrant },
    /// A chance to play a Bonus Play; play one or decline.
    BonusWindow { window: Window },
    /// Discard down to the hand limit (§3.20).
    HandLimit { excess: u8 },
    /// A Random Event asks this coach to pick a player (Banana Skins, §5.8).
    EventPlayer { event: RandomEvent },
    /// Minion: an adjacent team-mate would be Injured by its own Bloodlust.
    Minion { bloodlusted: PlayerId },
    /// The match is over; nothing more to decide.
    GameOver,
}

impl PromptKind {
    /// The action kinds a Bonus Play "before your player's X action" applies to.
    pub fn bonus_applies_to(bonus: BonusPlay, action: ActionKind) -> bool {
        matches!(
            (bonus, action),
            (BonusPlay::AccurateThrow, ActionKind::Throw)
                // §6.1.5: a Throw Team-mate "is considered a Throw action"; only Hail Mary
                // Pass excludes it by name.
                | (BonusPlay::AccurateThrow, ActionKind::ThrowTeamMate)
                | (BonusPlay::AggressiveMark, ActionKind::Mark)
                | (BonusPlay::Dodge, ActionKind::Run)
                | (BonusPlay::Sprint, ActionKind::Run)
                | (BonusPlay::HailMaryPass, ActionKind::Throw)
                | (BonusPlay::TheKidsGotMoxy, ActionKind::Block)
                | (BonusPlay::NervesOfSteel, ActionKind::Throw)
                | (BonusPlay::NervesOfSteel, ActionKind::ThrowTeamMate)
        )
    }
}
