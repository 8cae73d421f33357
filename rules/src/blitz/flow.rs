//! Blitz Bowl's frames: the continuations the core run loop ([`crate::core::engine`]) steps
//! until one needs a decision.
//!
//! Every multi-step rule (a Block with its re-roll, die choice, push, follow-up, armour and
//! injury) is a sequence of frames, and a frame that needs a coach's decision sets the
//! [`Prompt`] and stops the loop. The next command answers that prompt and the loop resumes.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use serde::{Deserialize, Serialize};

use super::block_die::BlockFace;
use super::data::*;
use super::event::*;
use super::prompt::*;
use super::state::*;
use crate::core::{DiceSource, Die, Engine, Side, Square};

/// What happened during the action being resolved; the Claim step reads it (§5.5).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionRecord {
    pub player: Option<PlayerId>,
    pub kind: Option<ActionKind>,
    pub free: bool,
    pub start_square: Option<Square>,
    pub target: Option<PlayerId>,
    pub target_knocked_down: bool,
    pub target_injured: bool,
    /// Balls the opposing team possessed when the action started (Free Up the Ball!).
    pub opponent_balls_at_start: Vec<BallId>,
    /// Balls an active-team player took possession of during the action (Get the Ball!).
    pub possessed: Vec<BallId>,
    /// Column of every ball in play at the start (Move the Ball!).
    pub ball_columns_at_start: Vec<(BallId, i8)>,
    pub throw_completed: bool,
    pub throw_negative_modifier: bool,
    pub touchdown: bool,
    /// The final block dice (Bloodlust).
    pub block_faces: Vec<BlockFace>,
    /// Free actions this action grants, offered after its Claim step.
    pub grants: Vec<(PlayerId, FreeGrant)>,
    /// Bonus Play played for this action.
    pub bonus: Option<BonusPlay>,
}

/// A pending piece of work. The top of [`Game::stack`] runs next.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Frame {
    /// Set-up: the toss winner chooses the board side.
    ChooseBoard,
    /// Set-up: `side` places its players one by one.
    SetUp(Side),
    /// Set-up: place the starting ball once both teams are set up.
    StartingBall,
    /// Start the next turn of `Game::turn.active`'s opponent (or Coach A's first turn).
    StartTurn,
    /// The turn's Pre-Turn Sequence and first-action hooks, after the start-of-turn window.
    PreTurn,
    PreTurnNewBall,
    PreTurnEmergency,
    Regenerate,
    /// Ask the active coach for the next action.
    ActionPrompt,
    /// An action finished: touchdowns, then the Claim step, then granted free actions.
    AfterAction,
    Claim,
    Grants(Vec<(PlayerId, FreeGrant)>),
    /// After the Claim step of a Block: Bloodlust (§5.4).
    Bloodlust(PlayerId),
    EndTurn,
    HandLimit,
    /// Moving square by square.
    Moving {
        player: PlayerId,
        kind: MoveKind,
        left: u8,
        moved: u8,
        /// May move adjacent to opponents but must end Open (Elusive, Dodge...).
        must_end_open: bool,
    },
    /// Finish a Run/Mark: interrupt windows, then `AfterAction`.
    MoveDone {
        player: PlayerId,
        kind: MoveKind,
    },
    Block(Box<BlockState>),
    /// Safe Hands: `coach` chooses the square the ball bounces to.
    SafeHands {
        ball: BallId,
        from: Square,
        coach: Side,
    },
    /// A knocked-down player's Armour check (after its ball bounced): the Bladed Knuckle
    /// Dusters window, then the check.
    Armour(ArmourState),
    /// A check with re-roll (a Throw or an Armour check), rolled or waiting for the coach's
    /// re-roll decision ([`crate::core::check`]).
    Check(Box<super::checks::BlitzCheck>),
    /// Offer a Bonus Play window if its coach may use it now.
    Window(Window),
    /// Refresh the active cards (2024 Pre-Turn step A or 2018 end of turn).
    Refresh,
    /// Deal one card to the lowest empty active space, then run the Random Event check and
    /// come back for the next space (§3.19.4, §6.1.1).
    DealCards,
    /// §6.1.1 step 1: shuffle 6 of the 12 Random Event cards face down into the deck.
    ShuffleInEvents,
    /// §6.1.1 step 2: while the top of the deck is a Random Event, the active coach draws and
    /// resolves it.
    EventCheck,
    /// §6.1.1 step 3: a resolved Random Event goes to the discard pile.
    DiscardEvent(RandomEvent),
    /// Banana Skins (§5.8): `coach` picks one of the opposing team's Open players.
    BananaSkins(Side),
    /// A ball enters play (§3.1.2 step 7, §3.16.5 New Ball!, Multi-Ball §5.8); with special
    /// balls `chooser` picks which ball first (§6.2.2).
    EnterBall {
        chooser: Side,
        entry: BallEntry,
    },
}

/// How a ball enters play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BallEntry {
    /// Set-up: on a trapdoor, without a bounce (§3.1.1 step 6, §3.1.2 step 7, G45).
    Starting,
    /// The New Ball! procedure: the trapdoor opens and the ball bounces (§3.16.5).
    NewBall,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlockState {
    pub blocker: PlayerId,
    pub target: PlayerId,
    pub stage: BlockStage,
    pub dice: u8,
    pub faces: Vec<BlockFace>,
    pub rerolled: bool,
    pub violent: Option<u16>,
    pub unassistable: bool,
    pub tough_enough: bool,
    pub bomber: bool,
    pub foul: bool,
    pub diving_tackle: bool,
    /// Enforcer: faces still to apply.
    pub pending: Vec<BlockFace>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BlockStage {
    /// Dump-off and Tough Enough may interrupt.
    Interrupts,
    Roll,
    RerollOffered,
    Choose,
    Apply,
    FollowUp {
        square: Square,
        from: Square,
    },
    Done,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmourState {
    pub player: PlayerId,
    pub modifier: i8,
    pub by_block: bool,
    /// Bladed Knuckle Dusters: Armour is 6+ for this check.
    pub set_to: Option<u8>,
    pub stage: ArmourStage,
    /// The blocker's coach may play Bladed Knuckle Dusters first.
    pub attacker: Option<Side>,
    pub counts_for_record: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ArmourStage {
    Window,
    Roll,
}

/// A Throw (or Throw Team-mate) under way; its Throw check's target, modifier and dice are
/// the check's ([`super::checks::CheckFor::Throw`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThrowState {
    pub thrower: PlayerId,
    pub target: Square,
    pub thrown: Option<PlayerId>,
    pub no_modifiers: bool,
    pub dump_off: bool,
}

/// The engine's working context for one `apply`: the game, the dice and the event sink.
pub(crate) struct Ctx<'a> {
    pub g: &'a mut Game,
    pub dice: &'a mut dyn DiceSource,
    pub events: Vec<Event>,
}

/// What a frame asks of the run loop ([`crate::core::engine`]).
pub(crate) type Flow = crate::core::Flow<Prompt, super::command::Command>;

pub(crate) fn wait(coach: Side, kind: PromptKind) -> Flow {
    Flow::Wait(Prompt {
        coach: Some(coach),
        kind,
    })
}

impl Ctx<'_> {
    pub fn emit(&mut self, e: Event) {
        self.events.push(e);
    }

    pub fn roll(&mut self, die: Die) -> u16 {
        self.dice.roll(die)
    }

    pub fn active(&self) -> Side {
        self.g.turn.active.unwrap_or(Side::Home)
    }

    pub fn push(&mut self, f: Frame) {
        self.g.stack.push(f);
    }

    /// Run frames until one waits for a decision or the match ends.
    pub fn run(&mut self) {
        crate::core::engine::run(self);
    }

    fn step(&mut self, frame: Frame) -> Flow {
        match frame {
            Frame::ChooseBoard => self.choose_board(),
            Frame::SetUp(side) => self.set_up(side),
            Frame::StartingBall => self.starting_ball(),
            Frame::StartTurn => self.start_turn(),
            Frame::PreTurn => self.pre_turn(),
            Frame::PreTurnNewBall => {
                if self.g.balls.is_empty() {
                    // §6.2.2 step 2: the coach who must place the ball chooses which.
                    let chooser = self.active();
                    self.push(Frame::EnterBall {
                        chooser,
                        entry: BallEntry::NewBall,
                    });
                }
                Flow::Continue
            }
            Frame::PreTurnEmergency => self.emergency_reserves(),
            Frame::Regenerate => self.regenerate(),
            Frame::ActionPrompt => self.action_prompt(),
            Frame::AfterAction => self.after_action(),
            Frame::Claim => self.claim_step(),
            Frame::Grants(grants) => self.offer_grants(grants),
            Frame::Bloodlust(p) => self.bloodlust(p),
            Frame::EndTurn => self.end_turn(),
            Frame::HandLimit => self.hand_limit(),
            Frame::Moving { .. } => self.moving(frame),
            Frame::MoveDone { player, kind } => self.move_done(player, kind),
            Frame::Block(b) => self.block_step(*b),
            Frame::Armour(a) => self.armour_step(a),
            Frame::SafeHands { ball, from, coach } => {
                self.push(Frame::SafeHands { ball, from, coach });
                wait(coach, PromptKind::SafeHandsBounce { from })
            }
            Frame::Check(c) => self.check_step(*c),
            Frame::Window(w) => self.open_window(w),
            Frame::Refresh => self.refresh(),
            Frame::DealCards => self.deal_cards(),
            Frame::ShuffleInEvents => self.shuffle_in_events(),
            Frame::EventCheck => self.event_check(),
            Frame::DiscardEvent(e) => {
                self.g.discard.push(DeckCard::Event(e));
                // §6.1.1 step 3. Rules version 2 on: reported, so the events alone say when
                // the event is resolved (`GameView::apply`).
                if self.g.rules_version >= 2 {
                    self.emit(Event::RandomEventResolved { event: e });
                }
                Flow::Continue
            }
            Frame::BananaSkins(coach) => self.banana_skins(coach),
            Frame::EnterBall { chooser, entry } => self.enter_ball(chooser, entry),
        }
    }
}

/// Blitz Bowl's frames under the core run loop: an empty stack asks for the next action.
impl Engine for Ctx<'_> {
    type Frame = Frame;
    type Prompt = Prompt;
    type Command = super::command::Command;

    fn frames(&mut self) -> &mut Vec<Frame> {
        &mut self.g.stack
    }

    fn is_over(&self) -> bool {
        self.g.outcome.is_some()
    }

    fn game_over(&mut self) {
        self.g.prompt = Prompt {
            coach: None,
            kind: PromptKind::GameOver,
        };
        self.g.legal = LegalCache::of(Vec::new());
    }

    fn idle(&self) -> Frame {
        // Nothing left to do in this turn: ask for the next action.
        Frame::ActionPrompt
    }

    fn step(&mut self, frame: Frame) -> Flow {
        // The inherent `Ctx::step` above: the dispatch over Blitz Bowl's frames.
        Ctx::step(self, frame)
    }

    fn legal_for(&self, prompt: &Prompt) -> Vec<super::command::Command> {
        super::legal::legal_for(self.g, prompt)
    }

    fn wait(&mut self, prompt: Prompt, legal: Vec<super::command::Command>) {
        self.g.prompt = prompt;
        self.g.legal = LegalCache::of(legal);
    }
}
