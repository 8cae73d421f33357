//! The match flow on the shared frame stack ([`crate::core::engine`]): pre-match, drives,
//! set-up, kick-off, team turns, end of drive, half-time and the end of the match. The
//! Actions, blocks, injuries and the ball live in their own files, as methods of [`Ctx`].
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use serde::{Deserialize, Serialize};

use super::checks::BbCheck;
use super::data::*;
use super::setup::*;
use super::state::*;
use super::view::TurnUse;
use super::wire::*;
use crate::core::engine::{self, Engine, Flow};
use crate::core::{DiceSource, Die, LegalCache, Side, Square};

/// How a ball arrives in a square (§15.6: the catch modifier; §15.8: what an empty square
/// does).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Arrival {
    /// The kick-off (§6.2): out of the receiving half is a touchback.
    Kick,
    Accurate,
    Inaccurate,
    HandOff,
    ThrowIn,
    Bounce,
    /// A bounce of the kick (§6.2, G34: out of the receiving half is a touchback).
    KickBounce,
}

/// A knock-down's or injury's origin, with what modifies its rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hurt {
    pub cause: Cause,
    pub by: Option<PlayerId>,
    /// Mighty Blow may add +1 (to armour or injury, §26.16).
    pub mighty_blow: bool,
    /// Dirty Player's +1 is left for the injury roll (§26.10).
    pub dirty_player: bool,
    /// The fouler, whose sending-off a double on the injury roll brings (§14).
    pub foul: Option<PlayerId>,
    /// §26.40 Claw: an armour roll of 8 or more breaks the armour.
    #[serde(default)]
    pub claw: bool,
    /// §26.63 Piling On: `by` may still re-roll the armour or injury roll.
    #[serde(default)]
    pub piling_on: bool,
    /// §31.9 Mysterious Old Medicine Man: the injury roll came out below 2, so a Stunned
    /// result only places him prone.
    #[serde(default)]
    pub prone_only: bool,
}

impl Hurt {
    pub fn plain(cause: Cause, by: Option<PlayerId>) -> Hurt {
        Hurt {
            cause,
            by,
            mighty_blow: false,
            dirty_player: false,
            foul: None,
            claw: false,
            piling_on: false,
            prone_only: false,
        }
    }
}

/// A step of the match: the frames of the stack. A frame that waits for a coach stays on
/// top of the stack while it waits; the answer pops it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Frame {
    /// §4.2: weather, gate and FAME, coin toss.
    PreMatch,
    /// §4.4: the toss winner chooses (waits).
    ChooseKicking {
        winner: Side,
    },
    /// §18.3, §5.1: KO recovery, no players to field, then set-up and kick-off.
    StartDrive,
    /// §5.2: a coach sets up (waits).
    Setup {
        side: Side,
        perfect_defence: bool,
        picked: Option<PlayerId>,
    },
    /// §6.1: the kicking coach aims the kick (waits).
    PlaceKick,
    /// §7 High Kick (waits).
    HighKick {
        square: Square,
    },
    /// §31.11 Fumblerooski: the coach rolls `check` or fails it on purpose (waits).
    FailOnPurpose {
        check: Box<BbCheck>,
    },
    /// §31.10 Hometown Fans: the coach of `side` aims the throw-in from `from` (waits).
    ThrowInAim {
        side: Side,
        from: Square,
    },
    /// §7 Quick Snap (waits); `moved`: a bit per player id (hired players take the match
    /// past 32, §29).
    QuickSnap {
        moved: u64,
    },
    /// §6.2: the kick lands.
    LandKick,
    /// §6.2: the receiving coach gives the touchback (waits).
    Touchback,
    /// §9.3: the next team turn begins (`bonus`: the kick-off Blitz!).
    NextTurn,
    BonusTurn,
    /// §9.3: `side`'s own team turn begins, its marker moving (after the card moment
    /// before the marker moves, §31.7).
    BeginTurn {
        side: Side,
    },
    /// §9.2: the active coach declares (waits).
    TeamTurn {
        side: Side,
        bonus: bool,
    },
    /// §9.4: the team turn ends.
    EndTurn {
        side: Side,
        bonus: bool,
    },
    /// An Action under way (waits for the next step).
    Acting,
    /// The Action's player stands up (§10.5).
    StandUp,
    /// End the Action under way.
    FinishAction,
    /// A check being rolled or waiting for a re-roll decision.
    Check(Box<BbCheck>),
    /// After a step: pick-up, touchdown (§10.6, §18.1).
    AfterStep {
        player: PlayerId,
    },
    /// §11: a block.
    BlockStart {
        attacker: PlayerId,
        defender: PlayerId,
        frenzy: bool,
    },
    /// §11.2: the chooser picks a die (waits when there is a choice).
    BlockChoose {
        attacker: PlayerId,
        defender: PlayerId,
        faces: Vec<u16>,
        chooser: Side,
        frenzy: bool,
    },
    /// §26.26: the defender may stand firm (waits).
    StandFirm {
        attacker: PlayerId,
        defender: PlayerId,
        face: BlockFace,
        frenzy: bool,
    },
    /// §11.5: a push-back, possibly a chain (waits when there is a choice).
    Push(Box<PushState>),
    /// §11.6: the attacker may follow up (waits).
    FollowUp {
        attacker: PlayerId,
        defender: PlayerId,
        square: Square,
        down: bool,
        face: BlockFace,
        frenzy: bool,
    },
    /// §11.7: the defender's fall, then Frenzy's second block (§26.12).
    AfterPush {
        attacker: PlayerId,
        defender: PlayerId,
        down: bool,
        face: BlockFace,
        frenzy: bool,
    },
    /// §12: a knock-down with its armour roll.
    KnockDown {
        player: PlayerId,
        hurt: Hurt,
    },
    /// §12.3: an injury roll.
    Injury {
        player: PlayerId,
        hurt: Hurt,
        crowd: bool,
        square: Option<Square>,
    },
    /// §12.6: the apothecary (waits).
    Apothecary {
        player: PlayerId,
        hurt: Hurt,
        outcome: InjuryOutcome,
        result: Option<CasualtyResult>,
        crowd: bool,
        square: Option<Square>,
    },
    /// §12.5: a casualty stands (Regeneration first, §26.22).
    Casualty {
        player: PlayerId,
        hurt: Hurt,
        result: CasualtyResult,
        /// §26.41 Decay: the second casualty result.
        #[serde(default)]
        decay: Option<CasualtyResult>,
    },
    /// §15.8: the ball bounces from a square.
    Bounce {
        from: Square,
        kick: bool,
    },
    /// §15.9: a throw-in from the last square on the pitch.
    ThrowIn {
        from: Square,
    },
    /// The ball arrives in a square (catch or bounce).
    Land {
        square: Square,
        arrival: Arrival,
    },
    /// §15.7, §16: a pass or hand-off is over once the ball is at rest.
    BallRest,
    /// §15.4: the opposing coach may intercept (waits).
    Intercept {
        candidates: Vec<PlayerId>,
    },
    /// §15.3: the accuracy roll.
    PassRoll {
        range: PassRange,
    },
    /// §14: a foul.
    Foul {
        fouler: PlayerId,
        victim: PlayerId,
    },
    /// §14, §26.24: a sending-off, with a bribe if the team has one (waits).
    SendOff {
        player: PlayerId,
        turnover: bool,
    },
    /// §26.4: the accuracy roll of a bomb.
    BombRoll {
        range: PassRange,
    },
    /// §26.4: a bomb landed on a player: catch or not (waits).
    CatchBomb {
        player: PlayerId,
        square: Square,
    },
    /// §26.4: a player holding a bomb throws it at once (waits).
    ThrowBomb {
        player: PlayerId,
    },
    /// §26.2: the rolled square of a Ball & Chain step.
    ChainMove {
        player: PlayerId,
        face: (i8, i8),
    },
    /// §26.2: the armour roll of a player down pushed by a Ball & Chain player.
    ChainArmour {
        player: PlayerId,
        by: PlayerId,
    },
    /// §31.10 Fanatic Invasion: `side`'s coach may move the neutral Fanatic at his turn's
    /// end: the facing asked (`None`), then the MA squares rolled, then each go-for-it
    /// asked (waits).
    Fanatic {
        side: Side,
        player: PlayerId,
        facing: Option<(i8, i8)>,
        ma_left: u8,
        gfi_left: u8,
    },
    /// §26.8: the wielder may use the chainsaw on a block or foul (waits).
    Chainsaw {
        attacker: PlayerId,
        victim: PlayerId,
        foul: bool,
    },
    /// §18.1–§18.2: a touchdown check once a block's knock-downs are resolved.
    TouchdownCheck,
    /// §18.4: the end of a drive.
    EndDrive,
    /// §18.5: the end of a half.
    EndHalf,
    /// §26.75 Wrestle: `wrestler`'s coach may lay both players down (waits).
    Wrestle {
        attacker: PlayerId,
        defender: PlayerId,
        wrestler: PlayerId,
    },
    /// §26.70 Strip Ball: the attacker's coach may make the pushed carrier drop the ball
    /// (waits).
    StripBall {
        attacker: PlayerId,
        defender: PlayerId,
        face: BlockFace,
        frenzy: bool,
    },
    /// §26.55 Jump Up: the Agility roll of a prone player who declared a Block.
    JumpUp {
        player: PlayerId,
    },
    /// §26.56 Kick: the kicking coach may halve the kick's distance (waits).
    KickSkill {
        kicker: PlayerId,
        aimed: Square,
        dir: u16,
        dist: u16,
    },
    /// §26.43 Diving Catch: a ball coming down in an empty square beside `player` (waits).
    DivingCatch {
        player: PlayerId,
        square: Square,
        arrival: Arrival,
    },
    /// §26.44 Diving Tackle: the opposing coach may use it on a dodge or leap that passed
    /// (waits; `candidates[0]` is asked).
    DivingTackle {
        check: Box<BbCheck>,
        candidates: Vec<PlayerId>,
    },
    /// §26.65 Shadowing: `mover` left `from` (and the tackle zones of `candidates`) for `to`;
    /// the shadowers' coach may try with `candidates[0]` (waits).
    Shadow {
        mover: PlayerId,
        from: Square,
        to: Square,
        candidates: Vec<PlayerId>,
    },
    /// §26.45 Dump-Off: the blocked carrier's coach may throw a Quick pass (waits).
    DumpOff {
        attacker: PlayerId,
        defender: PlayerId,
        frenzy: bool,
    },
    /// §26.45: the block goes ahead once the Dump-Off is resolved.
    BlockAfterDumpOff {
        attacker: PlayerId,
        defender: PlayerId,
        frenzy: bool,
    },
    /// §26.57 Kick-Off Return: the receiving coach may move one player up to 3 squares
    /// before the kick-off table (waits); `lands`: where the kick will come down.
    KickOffReturn {
        lands: Square,
        player: Option<PlayerId>,
        left: u8,
    },
    /// §26.62 Pass Block: the opponents of `passer` may move their Pass Block players, one at
    /// a time (`moved`: a bit per player id who has moved), each up to 3 squares (waits).
    PassBlock {
        passer: PlayerId,
        target: Square,
        player: Option<PlayerId>,
        left: u8,
        moved: u32,
    },
    /// §26.62, §15.4: the interceptors, once the Pass Block moves are made.
    InterceptAfterPassBlock {
        passer: PlayerId,
        target: Square,
    },
    /// §26.63: the blocker may pile on to re-roll the armour or injury roll (waits).
    PilingOn {
        player: PlayerId,
        hurt: Hurt,
        square: Option<Square>,
        stage: super::skill_hooks::PileOn,
    },
    /// §26.68: the attacker may stab instead of blocking (waits).
    Stab {
        attacker: PlayerId,
        victim: PlayerId,
    },
    /// §26.39: a hungry Vampire who declared a Block may take a Move Action instead (waits).
    BloodLustMove {
        player: PlayerId,
    },
    /// §26.39: a hungry Vampire's coach picks the Thrall he bites (waits); `then`: the pass,
    /// hand-off or throw that waits for the bite.
    Feed {
        player: PlayerId,
        thralls: Vec<PlayerId>,
        then: Option<Command>,
    },
    /// §32.4: `side` declares its petty cash (waits); `then`: the side that declares next.
    PettyCash {
        side: Side,
        then: Option<Side>,
    },
    /// §30.1: the petty cash is declared: work out the inducement money and start buying.
    StartInducements,
    /// §4.2 step 3, §30.1: `side` buys inducements with `money` left (waits); `then`: the
    /// side that buys next and its money.
    Inducements {
        side: Side,
        money: u32,
        then: Option<(Side, u32)>,
    },
    /// §32.17 (5) method 4: `side` spends `money` of card gold on card draws (waits);
    /// `then`: the side that spends next and its gold.
    CardGold {
        side: Side,
        money: u32,
        then: Option<(Side, u32)>,
    },
    /// §30.1: the buying is over: hires join, bribes and re-rolls are added.
    EndInducements,
    /// §4.2: gate and FAME, then the coin toss (after the inducements).
    Gate,
    /// §30.7: after Igor's re-roll, a death stands unless he regenerated.
    CasualtyStands {
        player: PlayerId,
        hurt: Hurt,
        dead: bool,
    },
    /// §30.7: Igor may re-roll `player`'s failed Regeneration (waits).
    Igor {
        player: PlayerId,
    },
    /// §30.10: after `side`'s turn its Wizard may cast (waits).
    WizardWindow {
        side: Side,
    },
    /// §31.3: a moment when `side` may play a card (waits when he holds one playable).
    CardWindow {
        side: Side,
        window: super::cards::Window,
    },
    /// §4.4: the coin toss (after the pre-match card moment, §31.3).
    CoinToss,
    /// §6.1: the kick placed at `aimed` scatters (after the card moment, §31.3).
    Kick {
        aimed: Square,
    },
    /// §6.1, §7: the kick has scattered to `lands`: Kick-Off Return, then the kick-off
    /// table (after the receiving coach's card moment, §31.3).
    KickScattered {
        lands: Square,
    },
    /// §18.3: the KO recovery rolls and the rest of the drive's start (after the card
    /// moment before them, §31.3).
    KoRecovery,
    /// §31.11 Wake Up Call: after the set-ups, the woken players set up stand stunned (4+:
    /// prone); those left in Reserves go back to the KO'd box.
    WakeUp,
}

/// A push-back under way: the moves chosen so far (player, from, to; `to` off the pitch for
/// the crowd) and the player being pushed now, away from `pusher`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushState {
    pub attacker: PlayerId,
    pub defender: PlayerId,
    pub face: BlockFace,
    pub down: bool,
    pub frenzy: bool,
    pub moves: Vec<(PlayerId, Square, Square)>,
    pub pushed: PlayerId,
    pub pusher: Square,
}

/// The working context of one `apply`: the game, the dice, the events.
pub struct Ctx<'a> {
    pub g: &'a mut Game,
    pub dice: &'a mut dyn DiceSource,
    pub events: Vec<Event>,
}

impl Engine for Ctx<'_> {
    type Frame = Frame;
    type Prompt = Prompt;
    type Command = Command;

    fn frames(&mut self) -> &mut Vec<Frame> {
        &mut self.g.frames
    }

    fn is_over(&self) -> bool {
        self.g.is_over()
    }

    fn game_over(&mut self) {
        self.g.prompt = Prompt {
            coach: None,
            kind: PromptKind::GameOver,
        };
        self.g.legal.set(Vec::new());
    }

    fn idle(&self) -> Frame {
        Frame::NextTurn
    }

    fn step(&mut self, frame: Frame) -> Flow<Prompt, Command> {
        self.run_frame(frame)
    }

    fn legal_for(&self, prompt: &Prompt) -> Vec<Command> {
        super::legal::legal_for(self.g, prompt)
    }

    fn wait(&mut self, prompt: Prompt, legal: Vec<Command>) {
        self.g.prompt = prompt;
        self.g.legal.set(legal);
    }
}

/// Run the match to its first prompt.
pub fn start(g: &mut Game, dice: &mut dyn DiceSource) -> Vec<Event> {
    let mut c = Ctx {
        g,
        dice,
        events: Vec::new(),
    };
    engine::run(&mut c);
    c.events
}

/// Run the frames on the stack to the next prompt (a game built by hand).
pub fn resume(g: &mut Game, dice: &mut dyn DiceSource) -> Vec<Event> {
    start(g, dice)
}

/// Answer the prompt with a legal command (checked by the caller), then run on.
pub fn answer(g: &mut Game, cmd: Command, dice: &mut dyn DiceSource) -> Vec<Event> {
    g.legal.clear();
    let mut c = Ctx {
        g,
        dice,
        events: Vec::new(),
    };
    if let Some(frame) = c.g.frames.pop() {
        c.answer(frame, cmd);
    }
    engine::run(&mut c);
    c.events
}

pub fn prompt(coach: Side, kind: PromptKind) -> Prompt {
    Prompt {
        coach: Some(coach),
        kind,
    }
}

impl Ctx<'_> {
    pub fn emit(&mut self, e: Event) {
        self.events.push(e);
    }

    pub fn push(&mut self, f: Frame) {
        self.g.frames.push(f);
    }

    /// Roll one die for `purpose` and report it.
    pub fn roll(&mut self, purpose: RollPurpose, coach: Option<Side>, die: Die) -> u16 {
        let face = self.dice.roll(die);
        self.emit(Event::Rolled {
            roll: Roll::plain(purpose, coach, die, face),
        });
        face
    }

    /// Roll 2D6 for `purpose` and report both faces.
    pub fn roll2(&mut self, purpose: RollPurpose, coach: Option<Side>) -> [u16; 2] {
        let a = self.dice.roll(Die::D6);
        let b = self.dice.roll(Die::D6);
        let mut roll = Roll::plain(purpose, coach, Die::D6, a);
        roll.faces.push(b);
        self.emit(Event::Rolled { roll });
        [a, b]
    }

    /// A D3 (§2.1: a D6 halved, rounding up).
    pub fn d3(&mut self, purpose: RollPurpose, coach: Option<Side>) -> u8 {
        (self.roll(purpose, coach, Die::D6) as u8).div_ceil(2)
    }

    /// §2.2: a uniform pick among `n`.
    pub fn pick(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        usize::from(self.roll(RollPurpose::RandomPlayer, None, Die::Range(n as u16)))
    }

    pub fn set_state(&mut self, id: PlayerId, state: PlayerState) {
        self.g.set_state(id, state);
        if state.square().is_none() {
            let p = &mut self.g.players[id.index()];
            p.confused = false;
            p.rooted = false;
        }
        self.emit(Event::PlayerState { player: id, state });
        // §26.31: rooting ends when the player goes to the ground in any way (« Mis à
        // Terre », p.47): knocked down, placed prone, stunned by a pitch invasion.
        if matches!(
            state,
            PlayerState::Prone { .. } | PlayerState::Stunned { .. }
        ) && self.g.players[id.index()].rooted
        {
            self.g.players[id.index()].rooted = false;
            self.emit(Event::Rooted {
                player: id,
                rooted: false,
            });
        }
    }

    pub fn set_ball(&mut self, ball: Ball) {
        self.g.ball = ball;
        self.emit(Event::Ball { ball });
        if !self.g.cards.grants.is_empty() {
            // §31.6 Force Shield: a grant while holding the ball.
            self.cards_ball_moved();
        }
    }

    /// Move a standing player (a step, push, follow-up, Quick Snap, High Kick).
    pub fn move_player(&mut self, id: PlayerId, to: Square) {
        let p = self.g.player(id);
        let Some(from) = p.square() else { return };
        let state = match p.state {
            PlayerState::Prone { .. } => PlayerState::Prone { square: to },
            PlayerState::Stunned { .. } => PlayerState::Stunned { square: to },
            _ => PlayerState::Standing { square: to },
        };
        self.g.set_state(id, state);
        self.emit(Event::Moved {
            player: id,
            from,
            to,
        });
    }

    /// §9.5: a turnover (the first cause counts).
    pub fn turnover(&mut self, reason: Turnover) {
        if self.cards_soften_turnover(reason) {
            return;
        }
        if self.g.turnover.is_none() {
            self.g.turnover = Some(reason);
            if let Some(side) = self.g.active {
                self.emit(Event::TurnoverCaused { side, reason });
            }
        }
    }

    /// §18.1, §18.2: a standing player holding the ball in the end zone he attacks scores.
    /// `acting_ok`: an active-team carrier taking his Action scores now (not under strict
    /// timing, G9).
    pub fn check_touchdown(&mut self, acting_ok: bool) {
        if self.g.touchdown || self.g.is_over() {
            return;
        }
        let Some(id) = self.g.carrier() else { return };
        let p = self.g.player(id);
        // §31.8 Blackmail: he scores for his own team only.
        let (side, sq) = (self.g.owner(id), p.square());
        let Some(sq) = sq else { return };
        if !p.standing() || sq.x != scoring_end_zone(side) {
            return;
        }
        if !acting_ok && self.g.acting.is_some_and(|a| a.player == id && !a.ended) {
            return;
        }
        if self.g.acting.is_some_and(|a| a.player == id && a.hungry) {
            // §26.39: a hungry Vampire feeds before he may score.
            return;
        }
        if self.cards_touchdown_held(side, id) {
            // §31.7 Hurry Up Offense: a touchdown in the card player's free turn is held.
            return;
        }
        self.score_touchdown(side, Some(id));
    }

    /// §18.1–§18.2: a touchdown: score, turnover, end of drive; scoring in the opponent's
    /// turn moves the scorer's turn marker (§18.2).
    pub fn score_touchdown(&mut self, side: Side, player: Option<PlayerId>) {
        self.g.score[side.index()] += 1;
        self.g.touchdown = true;
        self.g.scorer = Some(side);
        self.emit(Event::Touchdown {
            side,
            player,
            score: self.g.score,
        });
        if player.is_some() && self.g.active.is_some_and(|a| a != side) {
            let t = &mut self.g.teams[side.index()];
            t.turns = (t.turns + 1).min(8);
            self.emit_markers();
        }
        if self.g.active.is_some() {
            self.turnover(Turnover::Touchdown);
        }
        if let Some(a) = self.g.acting.as_mut() {
            a.ended = true;
        }
    }

    pub fn emit_markers(&mut self) {
        let turns = [self.g.teams[0].turns, self.g.teams[1].turns];
        self.emit(Event::TurnMarkers { turns });
    }

    pub fn emit_rerolls(&mut self, side: Side) {
        let rerolls = self.g.team(side).rerolls;
        self.emit(Event::Rerolls { side, rerolls });
    }

    fn run_frame(&mut self, frame: Frame) -> Flow<Prompt, Command> {
        match frame {
            Frame::PreMatch => self.pre_match(),
            Frame::ChooseKicking { winner } => {
                self.push(Frame::ChooseKicking { winner });
                Flow::Wait(prompt(winner, PromptKind::ChooseKicking))
            }
            Frame::StartDrive => self.start_drive(),
            Frame::Setup {
                side,
                perfect_defence,
                picked,
            } => {
                let placed = self.g.on_pitch(side).count() as u8;
                let needed = self.setup_needed(side, perfect_defence);
                self.push(Frame::Setup {
                    side,
                    perfect_defence,
                    picked,
                });
                Flow::Wait(prompt(
                    side,
                    PromptKind::Setup {
                        placed,
                        needed,
                        picked,
                        perfect_defence,
                    },
                ))
            }
            Frame::PlaceKick => {
                if let Some((square, _)) = self.g.cards.perfect_kick {
                    // §31.11 Perfect Kick: the card placed the kick.
                    self.place_kick(square);
                    return Flow::Continue;
                }
                self.push(Frame::PlaceKick);
                Flow::Wait(prompt(self.g.kicking, PromptKind::PlaceKick))
            }
            Frame::FailOnPurpose { check } => {
                let side = self.g.player(check.kind.player).side;
                let p = prompt(
                    side,
                    PromptKind::FailOnPurpose {
                        player: check.kind.player,
                        check: check.kind.kind,
                    },
                );
                self.push(Frame::FailOnPurpose { check });
                Flow::Wait(p)
            }
            Frame::ThrowInAim { side, from } => {
                self.push(Frame::ThrowInAim { side, from });
                Flow::Wait(prompt(side, PromptKind::ThrowInAim { from }))
            }
            Frame::HighKick { square } => {
                self.push(Frame::HighKick { square });
                Flow::Wait(prompt(
                    self.g.kicking.other(),
                    PromptKind::HighKick { square },
                ))
            }
            Frame::QuickSnap { moved } => {
                self.push(Frame::QuickSnap { moved });
                Flow::Wait(prompt(self.g.kicking.other(), PromptKind::QuickSnap))
            }
            Frame::LandKick => self.land_kick(),
            Frame::Touchback => {
                self.push(Frame::Touchback);
                Flow::Wait(prompt(self.g.kicking.other(), PromptKind::Touchback))
            }
            Frame::NextTurn => self.next_turn(),
            Frame::BonusTurn => {
                let side = self.g.kicking;
                self.begin_turn(side, true);
                Flow::Continue
            }
            Frame::BeginTurn { side } => {
                self.begin_turn(side, false);
                Flow::Continue
            }
            Frame::TeamTurn { side, bonus } => {
                if self.g.turnover.is_some() || self.g.touchdown || self.cards_free_turn_over() {
                    self.push(Frame::EndTurn { side, bonus });
                    return Flow::Continue;
                }
                self.push(Frame::TeamTurn { side, bonus });
                Flow::Wait(prompt(side, PromptKind::Action { blitz_bonus: bonus }))
            }
            Frame::EndTurn { side, bonus } => self.end_turn(side, bonus),
            Frame::Acting => self.acting(),
            Frame::StandUp => self.stand_up(),
            Frame::FinishAction => {
                self.finish_action();
                Flow::Continue
            }
            Frame::Check(check) => {
                if let Some(side) = self.cards_may_fail(&check) {
                    // §31.11 Fumblerooski: roll it or fail it on purpose.
                    let p = prompt(
                        side,
                        PromptKind::FailOnPurpose {
                            player: check.kind.player,
                            check: check.kind.kind,
                        },
                    );
                    self.push(Frame::FailOnPurpose { check });
                    return Flow::Wait(p);
                }
                self.run_check(*check)
            }
            Frame::AfterStep { player } => {
                self.after_step(player);
                Flow::Continue
            }
            Frame::BlockStart {
                attacker,
                defender,
                frenzy,
            } => {
                self.block_start(attacker, defender, frenzy);
                Flow::Continue
            }
            Frame::BlockChoose {
                attacker,
                defender,
                faces,
                chooser,
                frenzy,
            } => self.block_choose(attacker, defender, faces, chooser, frenzy),
            Frame::StandFirm {
                attacker,
                defender,
                face,
                frenzy,
            } => {
                let coach = self.g.player(defender).side;
                self.push(Frame::StandFirm {
                    attacker,
                    defender,
                    face,
                    frenzy,
                });
                Flow::Wait(prompt(
                    coach,
                    PromptKind::UseSkill {
                        player: defender,
                        skill: Skill::StandFirm,
                    },
                ))
            }
            Frame::Push(state) => self.push_step(*state),
            Frame::FollowUp {
                attacker,
                defender,
                square,
                down,
                face,
                frenzy,
            } => {
                let coach = self.g.player(attacker).side;
                self.push(Frame::FollowUp {
                    attacker,
                    defender,
                    square,
                    down,
                    face,
                    frenzy,
                });
                Flow::Wait(prompt(
                    coach,
                    PromptKind::FollowUp {
                        player: attacker,
                        square,
                    },
                ))
            }
            Frame::AfterPush {
                attacker,
                defender,
                down,
                face,
                frenzy,
            } => {
                self.after_push(attacker, defender, down, face, frenzy);
                Flow::Continue
            }
            Frame::KnockDown { player, hurt } => {
                self.knock_down(player, hurt);
                Flow::Continue
            }
            Frame::Injury {
                player,
                hurt,
                crowd,
                square,
            } => {
                self.injury(player, hurt, crowd, square);
                Flow::Continue
            }
            Frame::Apothecary {
                player,
                hurt,
                outcome,
                result,
                crowd,
                square,
            } => {
                let coach = self.g.owner(player);
                self.push(Frame::Apothecary {
                    player,
                    hurt,
                    outcome,
                    result,
                    crowd,
                    square,
                });
                Flow::Wait(prompt(
                    coach,
                    PromptKind::Apothecary {
                        player,
                        injury: outcome,
                    },
                ))
            }
            Frame::Casualty {
                player,
                hurt,
                result,
                decay,
            } => {
                self.casualty(player, hurt, result, decay);
                Flow::Continue
            }
            Frame::Bounce { from, kick } => {
                self.bounce(from, kick);
                Flow::Continue
            }
            Frame::ThrowIn { from } => {
                self.throw_in(from);
                Flow::Continue
            }
            Frame::Land { square, arrival } => {
                self.land(square, arrival);
                Flow::Continue
            }
            Frame::BallRest => {
                self.ball_rest();
                Flow::Continue
            }
            Frame::Intercept { candidates } => {
                // The interceptors' coach (the active one against a Dump-Off, §26.45).
                let coach = match candidates.first() {
                    Some(&c) => self.g.player(c).side,
                    None => self.g.active.map_or(Side::Home, Side::other),
                };
                self.push(Frame::Intercept {
                    candidates: candidates.clone(),
                });
                Flow::Wait(prompt(coach, PromptKind::Intercept { candidates }))
            }
            Frame::PassRoll { range } => {
                self.pass_roll(range);
                Flow::Continue
            }
            Frame::Foul { fouler, victim } => {
                self.foul(fouler, victim);
                Flow::Continue
            }
            Frame::SendOff { player, turnover } => {
                let side = self.g.owner(player);
                if self.g.team(side).bribes > 0 {
                    self.push(Frame::SendOff { player, turnover });
                    return Flow::Wait(prompt(side, PromptKind::Bribe { player }));
                }
                self.send_off(player, turnover);
                Flow::Continue
            }
            Frame::Chainsaw {
                attacker,
                victim,
                foul,
            } => {
                let coach = self.g.player(attacker).side;
                self.push(Frame::Chainsaw {
                    attacker,
                    victim,
                    foul,
                });
                Flow::Wait(prompt(
                    coach,
                    PromptKind::UseSkill {
                        player: attacker,
                        skill: Skill::Chainsaw,
                    },
                ))
            }
            Frame::BombRoll { range } => {
                self.bomb_roll(range);
                Flow::Continue
            }
            Frame::CatchBomb { player, square } => {
                let coach = self.g.player(player).side;
                self.push(Frame::CatchBomb { player, square });
                Flow::Wait(prompt(coach, PromptKind::CatchBomb { player }))
            }
            Frame::ThrowBomb { player } => {
                if self.g.player(player).square().is_none() {
                    return Flow::Continue;
                }
                let coach = self.g.player(player).side;
                self.push(Frame::ThrowBomb { player });
                Flow::Wait(prompt(coach, PromptKind::ThrowBomb { player }))
            }
            Frame::ChainMove { player, face } => {
                self.chain_move(player, face);
                Flow::Continue
            }
            Frame::ChainArmour { player, by } => {
                self.chain_armour(player, by);
                Flow::Continue
            }
            Frame::Fanatic {
                side,
                player,
                facing,
                ma_left,
                gfi_left,
            } => self.fanatic_frame(side, player, facing, ma_left, gfi_left),
            Frame::TouchdownCheck => {
                let strict = self.g.setup.options.strict_touchdown_timing;
                self.check_touchdown(!strict);
                Flow::Continue
            }
            Frame::EndDrive => self.end_drive(),
            Frame::EndHalf => self.end_half(),
            f @ (Frame::Wrestle { .. }
            | Frame::StripBall { .. }
            | Frame::JumpUp { .. }
            | Frame::KickSkill { .. }
            | Frame::DivingCatch { .. }
            | Frame::DivingTackle { .. }
            | Frame::Shadow { .. }
            | Frame::DumpOff { .. }
            | Frame::BlockAfterDumpOff { .. }
            | Frame::KickOffReturn { .. }
            | Frame::PassBlock { .. }
            | Frame::InterceptAfterPassBlock { .. }) => self.skill_frame(f),
            Frame::PilingOn {
                player,
                hurt,
                square,
                stage,
            } => self.pile_on_prompt(player, hurt, square, stage),
            Frame::BloodLustMove { player } => {
                let coach = self.g.player(player).side;
                self.push(Frame::BloodLustMove { player });
                Flow::Wait(prompt(
                    coach,
                    PromptKind::UseSkill {
                        player,
                        skill: Skill::BloodLust,
                    },
                ))
            }
            Frame::Feed {
                player,
                thralls,
                then,
            } => {
                let coach = self.g.player(player).side;
                self.push(Frame::Feed {
                    player,
                    thralls: thralls.clone(),
                    then,
                });
                Flow::Wait(prompt(coach, PromptKind::Feed { player, thralls }))
            }
            Frame::Stab { attacker, victim } => {
                let coach = self.g.player(attacker).side;
                self.push(Frame::Stab { attacker, victim });
                Flow::Wait(prompt(
                    coach,
                    PromptKind::UseSkill {
                        player: attacker,
                        skill: Skill::Stab,
                    },
                ))
            }
            Frame::PettyCash { side, then } => self.petty_cash_frame(side, then),
            Frame::StartInducements => {
                self.start_inducements();
                Flow::Continue
            }
            Frame::Inducements { side, money, then } => self.inducements_frame(side, money, then),
            Frame::CardGold { side, money, then } => self.card_gold_frame(side, money, then),
            Frame::EndInducements => {
                self.end_inducements();
                Flow::Continue
            }
            Frame::Gate => {
                self.gate_and_toss();
                Flow::Continue
            }
            Frame::CasualtyStands { player, hurt, dead } => {
                if dead && self.g.player(player).state != PlayerState::Reserve {
                    self.death(player, hurt);
                }
                Flow::Continue
            }
            Frame::Igor { player } => {
                let coach = self.g.owner(player);
                self.push(Frame::Igor { player });
                Flow::Wait(prompt(coach, PromptKind::Igor { player }))
            }
            Frame::WizardWindow { side } => {
                if !self.g.induced[side.index()].wizard() || self.g.is_over() {
                    return Flow::Continue;
                }
                self.push(Frame::WizardWindow { side });
                Flow::Wait(prompt(side, PromptKind::Wizard))
            }
            Frame::CardWindow { side, window } => self.card_window(side, window),
            Frame::CoinToss => {
                self.coin_toss();
                Flow::Continue
            }
            Frame::Kick { aimed } => {
                self.kick(aimed);
                Flow::Continue
            }
            Frame::KickScattered { lands } => {
                self.kick_scattered(lands);
                Flow::Continue
            }
            Frame::KoRecovery => self.ko_recovery(),
            Frame::WakeUp => {
                self.cards_wake_up();
                Flow::Continue
            }
        }
    }

    /// §6.1: the kick placed on `square`.
    fn place_kick(&mut self, square: Square) {
        if self.cards_held(Side::Home) || self.cards_held(Side::Away) {
            // §31.3: the ball placed, a card moment before the scatter.
            self.push(Frame::Kick { aimed: square });
            let kicking = self.g.kicking;
            self.card_moment(
                super::cards::Window::KickOffBeforeScatter,
                &[kicking, kicking.other()],
            );
        } else {
            self.kick(square);
        }
    }

    /// A command answering the frame that waited for it (checked legal by the caller).
    fn answer(&mut self, frame: Frame, cmd: Command) {
        match (frame, cmd) {
            (Frame::ChooseKicking { winner }, Command::ChooseKicking { kick }) => {
                let kicking = if kick { winner } else { winner.other() };
                self.g.kicking = kicking;
                if self.g.half <= 1 {
                    self.g.first_kicker = kicking;
                }
                self.emit(Event::Kicking { side: kicking });
                self.push(Frame::StartDrive);
            }
            (
                Frame::Setup {
                    side,
                    perfect_defence,
                    picked,
                },
                cmd,
            ) => self.setup_answer(side, perfect_defence, picked, cmd),
            (Frame::PlaceKick, Command::PlaceKick { square }) => self.place_kick(square),
            (Frame::HighKick { square }, cmd) => {
                if let Command::HighKick { player } = cmd {
                    self.move_player(player, square);
                }
            }
            (Frame::QuickSnap { moved }, cmd) => {
                if let Command::QuickSnap { player, to } = cmd {
                    self.move_player(player, to);
                    self.push(Frame::QuickSnap {
                        moved: moved | 1u64 << player.0,
                    });
                }
            }
            (Frame::Touchback, Command::Touchback { player }) => self.touchback(player),
            (Frame::FailOnPurpose { mut check }, cmd) => {
                if cmd == (Command::FailOnPurpose { fail: true }) {
                    self.fail_on_purpose(*check);
                } else {
                    check.kind.rolled_by_choice = true;
                    self.push(Frame::Check(check));
                }
            }
            (Frame::ThrowInAim { from, .. }, Command::ThrowInAim { to }) => {
                self.throw_in_along(from, (to.x - from.x, to.y - from.y));
            }
            (Frame::TeamTurn { side, bonus }, cmd) => self.turn_answer(side, bonus, cmd),
            (Frame::Acting, cmd) => self.acting_answer(cmd),
            (Frame::Check(check), cmd) => {
                let choice = match cmd {
                    Command::Reroll { source } => Some(source),
                    _ => None,
                };
                crate::core::check::decide(self, *check, choice);
            }
            (
                Frame::BlockChoose {
                    attacker,
                    defender,
                    faces,
                    frenzy,
                    ..
                },
                Command::BlockDie { index },
            ) => {
                let face = BlockFace::of(faces[usize::from(index)]);
                self.block_result(attacker, defender, face, frenzy);
            }
            (
                Frame::StandFirm {
                    attacker,
                    defender,
                    face,
                    frenzy,
                },
                Command::UseSkill { use_it, .. },
            ) => self.stand_firm_answer(attacker, defender, face, frenzy, use_it),
            (Frame::Push(state), Command::Push { square }) => self.push_to(*state, square),
            (
                Frame::FollowUp {
                    attacker,
                    defender,
                    square,
                    down,
                    face,
                    frenzy,
                },
                Command::FollowUp { follow },
            ) => {
                if follow {
                    self.move_player(attacker, square);
                }
                self.push(Frame::AfterPush {
                    attacker,
                    defender,
                    down,
                    face,
                    frenzy,
                });
            }
            (
                Frame::Apothecary {
                    player,
                    hurt,
                    outcome,
                    result,
                    crowd,
                    square,
                },
                Command::Apothecary { use_it },
            ) => self.apothecary_answer(player, hurt, outcome, result, crowd, square, use_it),
            (
                Frame::Chainsaw {
                    attacker,
                    victim,
                    foul,
                },
                Command::UseSkill { use_it, .. },
            ) => {
                if use_it {
                    self.chainsaw(attacker, victim, foul);
                } else if foul {
                    self.foul_with(attacker, victim, 0);
                } else {
                    self.block_roll(attacker, victim, false);
                }
            }
            (
                Frame::PilingOn {
                    player,
                    hurt,
                    square,
                    stage,
                },
                Command::UseSkill { use_it, .. },
            ) => self.pile_on_answer(player, hurt, square, stage, use_it),
            (Frame::Feed { player, then, .. }, Command::Bite { thrall }) => {
                self.feed_answer(player, thrall, then);
            }
            (Frame::BloodLustMove { player }, Command::UseSkill { use_it, .. }) => {
                if use_it {
                    self.blood_lust_move(player);
                }
            }
            (Frame::Stab { attacker, victim }, Command::UseSkill { use_it, .. }) => {
                if use_it {
                    self.stab(attacker, victim);
                } else {
                    self.block_roll(attacker, victim, false);
                }
            }
            (Frame::CatchBomb { player, square }, Command::CatchBomb { catch }) => {
                self.catch_bomb(player, square, catch);
            }
            (Frame::ThrowBomb { player }, Command::Pass { target }) => {
                self.throw_bomb(player, target);
            }
            (Frame::Intercept { .. }, cmd) => {
                if let Command::Intercept { player } = cmd {
                    self.intercept(player);
                }
            }
            (Frame::SendOff { player, turnover }, Command::Bribe { use_it }) => {
                let side = self.g.owner(player);
                if use_it {
                    self.g.teams[side.index()].bribes -= 1;
                    let bribes = self.g.team(side).bribes;
                    self.emit(Event::Bribes { side, bribes });
                    let face = self.roll(RollPurpose::Bribe, Some(side), Die::D6);
                    let worked = face >= 2;
                    self.emit(Event::BribeUsed {
                        side,
                        player,
                        worked,
                    });
                    if worked {
                        return;
                    }
                }
                self.send_off(player, turnover);
            }
            (
                f @ (Frame::Wrestle { .. }
                | Frame::StripBall { .. }
                | Frame::KickSkill { .. }
                | Frame::DivingCatch { .. }
                | Frame::DivingTackle { .. }
                | Frame::Shadow { .. }),
                Command::UseSkill { use_it, .. },
            ) => self.skill_answer(f, use_it),
            (
                f @ (Frame::DumpOff { .. } | Frame::KickOffReturn { .. } | Frame::PassBlock { .. }),
                cmd,
            ) => self.skill_command(f, cmd),
            (Frame::PettyCash { side, then }, Command::PettyCash { amount }) => {
                self.petty_cash_answer(side, then, amount);
            }
            (Frame::Inducements { side, money, then }, cmd) => {
                self.inducements_answer(side, money, then, cmd);
            }
            (Frame::CardGold { side, money, then }, cmd) => {
                self.card_gold_answer(side, money, then, cmd);
            }
            (Frame::Igor { player }, Command::Igor { use_it }) => {
                self.igor_answer(player, use_it);
            }
            (Frame::WizardWindow { side }, cmd) => {
                if let Command::CastSpell { spell } = cmd {
                    self.cast_wizard_spell(side, spell);
                }
            }
            (Frame::CardWindow { side, window }, cmd) => self.card_answer(side, window, cmd),
            (
                Frame::Fanatic {
                    side,
                    player,
                    facing,
                    gfi_left,
                    ..
                },
                cmd,
            ) => self.fanatic_answer(side, player, facing, gfi_left, cmd),
            (frame, _) => {
                // Unreachable for legal commands: keep the frame so the match stays whole.
                self.push(frame);
            }
        }
    }

    // ----- pre-match, drives, halves -----

    /// §4.2: weather (§8), the inducements when the option is on (§30.1), gate and FAME
    /// (§4.3), coin toss (§4.4).
    fn pre_match(&mut self) -> Flow<Prompt, Command> {
        let [a, b] = self.roll2(RollPurpose::Weather, None);
        self.g.weather = weather(a + b);
        self.emit(Event::Weather {
            weather: self.g.weather,
        });
        if self.g.setup.options.inducements {
            self.push(Frame::Gate);
            if self.g.setup.pre_match.treasury.is_some() {
                // §32.4: petty cash is declared first, then the inducements.
                self.push(Frame::StartInducements);
                self.start_petty_cash();
            } else {
                self.start_inducements();
            }
            return Flow::Continue;
        }
        self.gate_and_toss();
        Flow::Continue
    }

    /// §4.3 gate and FAME, §4.4 the coin toss.
    fn gate_and_toss(&mut self) {
        let mut fans = [0u32; 2];
        for side in Side::BOTH {
            let [a, b] = self.roll2(RollPurpose::Gate, Some(side));
            // §32.16: the Spike! Magazine trophy's holder adds 2 to its gate roll.
            let bonus = super::league::tournament::gate_roll_bonus(
                &self.g.setup.options.trophies[side.index()].majors(),
            );
            fans[side.index()] =
                (u32::from(a + b) + u32::from(bonus) + u32::from(self.g.team(side).fan_factor))
                    * 1000;
        }
        let mut fame = [0u8; 2];
        for side in Side::BOTH {
            let (own, other) = (fans[side.index()], fans[side.other().index()]);
            fame[side.index()] = if own >= 2 * other {
                2
            } else if own > other {
                1
            } else {
                0
            };
            self.g.teams[side.index()].fans = own;
            self.g.teams[side.index()].fame = fame[side.index()];
        }
        // §32.16: a tournament's semi-final or final doubles the gate (FAME, compared above,
        // is the same either way).
        if self.g.setup.options.tournament_stage {
            fans = fans.map(|f| f * 2);
            for side in Side::BOTH {
                self.g.teams[side.index()].fans = fans[side.index()];
            }
        }
        self.emit(Event::Gate { fans, fame });
        if !self.g.setup.options.special_play_cards.is_off() {
            // §31.4: the cards are drawn with the inducements, then either coach may play
            // his pre-match cards (Home first, [Proposal]), then the coin toss.
            self.draw_cards();
            self.push(Frame::CoinToss);
            self.card_moment(super::cards::Window::PreMatch, &[Side::Home, Side::Away]);
            return;
        }
        self.coin_toss();
    }

    /// §30.10: the Wizard's spell, once per match.
    pub(crate) fn cast_wizard_spell(&mut self, side: Side, spell: super::spells::Spell) {
        self.g.induced[side.index()].wizard_used = true;
        self.emit_induced(side);
        super::spells::cast(self, side, spell);
    }

    fn coin_toss(&mut self) {
        let winner = match self.cards_toss_winner() {
            // §31.7 Team Anthem: no toss.
            Some(side) => side,
            None => {
                let face = self.roll(RollPurpose::CoinToss, None, Die::Range(2));
                if face == 0 { Side::Home } else { Side::Away }
            }
        };
        self.emit(Event::CoinToss { winner });
        if self.g.half == 0 {
            self.g.half = 1;
            self.emit(Event::HalfStarted { half: 1 });
            // §30.6, §26.58: the Chef's roll first, then the Leader re-roll.
            self.master_chef();
            self.grant_leader_rerolls();
        }
        self.push(Frame::ChooseKicking { winner });
    }

    /// §18.3, §5.1, §18.6: KO recovery (not before the first drive), no players to field,
    /// then the kicking team sets up, the receiving team, the kick.
    fn start_drive(&mut self) -> Flow<Prompt, Command> {
        if self.g.drives > 0 && (self.cards_held(Side::Home) || self.cards_held(Side::Away)) {
            // §31.3: the drive's end, before the KO recovery rolls.
            self.push(Frame::KoRecovery);
            self.card_moment(
                super::cards::Window::DriveEndBeforeKoRecovery,
                &[self.g.kicking, self.g.kicking.other()],
            );
            return Flow::Continue;
        }
        self.ko_recovery()
    }

    /// §18.3: KO recovery, then the drive's set-ups.
    fn ko_recovery(&mut self) -> Flow<Prompt, Command> {
        if self.g.drives > 0 {
            // §31.11 Wake Up Call: the woken skip the roll.
            self.cards_wake_ko();
            for i in 0..self.g.players.len() {
                if self.g.players[i].state == PlayerState::KnockedOut
                    && self.cards_may_recover(PlayerId(i as u8))
                {
                    let side = self.g.players[i].side;
                    let face = self.roll(RollPurpose::KoRecovery, Some(side), Die::D6);
                    // §30.3: +1 a Bloodweiser Babe; §31.10 Johnny Waterboy: +1, but a 1 always
                    // fails with it.
                    let babes = self.babes(side);
                    let water = self.cards_ko_recovery_modifier(side);
                    if face + babes >= 4 || (face > 1 && face + babes + water >= 4) {
                        self.set_state(PlayerId(i as u8), PlayerState::Reserve);
                    }
                }
            }
        }
        self.g.cards.no_recovery.clear();
        self.g.drives += 1;
        self.cards_before_kick_off();
        self.cards_greatest_pairs();
        let available = |g: &Game, side: Side| {
            g.players
                .iter()
                .filter(|p| p.side == side && p.state == PlayerState::Reserve)
                .count()
        };
        let fields = [
            available(self.g, Side::Home) > 0,
            available(self.g, Side::Away) > 0,
        ];
        if !fields[0] || !fields[1] {
            // §18.6: both markers forward two; a touchdown to a team that can field.
            for side in Side::BOTH {
                if !fields[side.index()] {
                    self.emit(Event::NoPlayers { side });
                }
                let t = &mut self.g.teams[side.index()];
                t.turns = (t.turns + 2).min(8);
            }
            self.emit_markers();
            if fields[0] != fields[1] {
                let side = if fields[0] { Side::Home } else { Side::Away };
                self.g.score[side.index()] += 1;
                self.emit(Event::Touchdown {
                    side,
                    player: None,
                    score: self.g.score,
                });
                // G24: the team awarded the touchdown kicks.
                self.g.kicking = side;
                self.emit(Event::Kicking { side });
                if self.g.half == 3 {
                    self.push(Frame::EndHalf);
                    return Flow::Continue;
                }
            }
            if self.g.teams.iter().all(|t| t.turns >= 8) {
                self.push(Frame::EndHalf);
            } else {
                self.push(Frame::StartDrive);
            }
            return Flow::Continue;
        }
        let kicking = self.g.kicking;
        self.g.next = kicking.other();
        self.push(Frame::NextTurn);
        // §31.3: after the kick-off to the opponent, before his turn.
        self.card_moment(super::cards::Window::AfterKickOffToOpponent, &[kicking]);
        self.push(Frame::LandKick);
        self.push(Frame::PlaceKick);
        // §31.3: after set-up, before the kick-off (the kicking coach first, [Proposal]).
        self.card_moment(
            super::cards::Window::AfterSetup,
            &[kicking, kicking.other()],
        );
        if !self.g.cards.woken.is_empty() {
            self.push(Frame::WakeUp);
        }
        self.push(Frame::Setup {
            side: kicking.other(),
            perfect_defence: false,
            picked: None,
        });
        self.card_moment(super::cards::Window::BeforeSetup, &[kicking.other()]);
        self.push(Frame::Setup {
            side: kicking,
            perfect_defence: false,
            picked: None,
        });
        self.card_moment(super::cards::Window::BeforeSetup, &[kicking]);
        if self.g.drives > 1 {
            // §31.3: the drive's end, after the KO recovery rolls.
            self.card_moment(
                super::cards::Window::DriveEndAfterKoRecovery,
                &[kicking, kicking.other()],
            );
        }
        Flow::Continue
    }

    /// §9.3, §18.5 (G7): the next team with turns left plays; none: the half is over.
    fn next_turn(&mut self) -> Flow<Prompt, Command> {
        if self.g.touchdown {
            self.push(Frame::EndDrive);
            return Flow::Continue;
        }
        let mut side = self.g.next;
        if self.g.team(side).turns >= 8 {
            side = side.other();
        }
        if self.g.team(side).turns >= 8 {
            self.push(Frame::EndDrive);
            return Flow::Continue;
        }
        if self.cards_held(side) {
            // §31.3, §31.7: the card moment before the coach moves his turn marker.
            self.push(Frame::BeginTurn { side });
            self.card_moment(super::cards::Window::BeforeTurnMarker, &[side]);
            return Flow::Continue;
        }
        self.begin_turn(side, false);
        Flow::Continue
    }

    /// §9.3: a team turn starts: the marker moves (not for the Blitz! bonus turn, G8),
    /// per-turn state resets.
    pub(crate) fn begin_turn(&mut self, side: Side, bonus: bool) {
        if !bonus {
            let t = &mut self.g.teams[side.index()];
            t.turns += 1;
        }
        self.open_turn(side, bonus);
        if !bonus {
            // §31.3: the start of the coach's own turn, before any Action.
            self.card_moment(super::cards::Window::StartOfOwnTurn, &[side]);
        }
    }

    /// §31.7 Hurry Up Offense: a free turn of `side`: a team turn outside the turn markers
    /// (no marker moves, no card moments).
    pub(crate) fn begin_free_turn(&mut self, side: Side) {
        self.open_turn(side, false);
    }

    /// A team turn opens: per-turn state resets, the Action prompt is on the stack.
    fn open_turn(&mut self, side: Side, bonus: bool) {
        self.g.teams[side.index()].used = TurnUse::default();
        self.g.active = Some(side);
        self.g.blitz_bonus = bonus;
        self.g.turnover = None;
        self.g.acted_this_turn = false;
        self.cards_begin_turn(side);
        for i in 0..self.g.players.len() {
            let p = &mut self.g.players[i];
            if p.side == side {
                p.acted = false;
                p.used_dodge = false;
                p.used_pro = false;
                p.used_break_tackle = false;
                p.used_leap = false;
                p.used_skills = SkillSet::default();
            }
        }
        if bonus {
            // §7 Blitz!: players in an opposing tackle zone at the start may not act.
            for i in 0..self.g.players.len() {
                let p = &self.g.players[i];
                if p.side == side
                    && let Some(sq) = p.square()
                    && self.g.tackle_zones(side, sq, None) > 0
                {
                    self.g.players[i].acted = true;
                }
            }
        }
        self.emit(Event::TurnStarted {
            side,
            turn: self.g.team(side).turns,
            blitz_bonus: bonus,
        });
        self.push(Frame::TeamTurn { side, bonus });
    }

    /// The Action prompt's answers: declare, block, end the turn, concede.
    fn turn_answer(&mut self, side: Side, bonus: bool, cmd: Command) {
        match cmd {
            Command::EndTurn => self.push(Frame::EndTurn { side, bonus }),
            Command::Concede => {
                self.emit(Event::Conceded { side });
                self.game_over(Outcome::Conceded {
                    winner: side.other(),
                });
            }
            Command::Declare { player, action } => {
                self.push(Frame::TeamTurn { side, bonus });
                self.declare(player, action, None);
            }
            Command::Block { player, target } => {
                self.push(Frame::TeamTurn { side, bonus });
                self.declare(player, ActionKind::Block, Some(target));
            }
            Command::MultipleBlock {
                player,
                first,
                second,
            } => {
                self.push(Frame::TeamTurn { side, bonus });
                self.declare_multiple(player, first, second);
            }
            Command::CastSpell { spell } => {
                // §30.10: at the start of the turn, before any player acts.
                self.push(Frame::TeamTurn { side, bonus });
                self.cast_wizard_spell(side, spell);
            }
            _ => self.push(Frame::TeamTurn { side, bonus }),
        }
    }

    /// §9.4: the team turn ends: own stunned players not stunned this turn turn face up;
    /// the half or drive may end; else the other team plays.
    fn end_turn(&mut self, side: Side, bonus: bool) -> Flow<Prompt, Command> {
        self.cards_control_back();
        self.cards_turn_ending(side);
        for i in 0..self.g.players.len() {
            let p = &self.g.players[i];
            if p.side == side
                && let PlayerState::Stunned { square } = p.state
            {
                if p.stunned_this_turn {
                    self.g.players[i].stunned_this_turn = false;
                } else {
                    self.set_state(PlayerId(i as u8), PlayerState::Prone { square });
                }
            }
        }
        for p in self.g.players.iter_mut() {
            if p.side == side {
                p.stunned_this_turn = false;
            }
        }
        let turnover = self.g.turnover.take();
        self.g.active = None;
        self.g.blitz_bonus = false;
        self.g.acting = None;
        self.emit(Event::TurnEnded { side, turnover });
        self.cards_end_turn(side);
        let free = self.cards_free_turn_end(side);
        if self.g.touchdown {
            self.g.frames.clear();
            self.push(Frame::EndDrive);
            return Flow::Continue;
        }
        if free {
            // §31.7: the opponent's free turn is on the stack, or the card player's own
            // turn (below) comes now.
            return Flow::Continue;
        }
        if bonus {
            // The kick lands after the Blitz! turn (G8): the frames below carry on.
            return Flow::Continue;
        }
        self.g.next = side.other();
        self.push(Frame::NextTurn);
        // §30.10: the Wizard may cast straight after his team's turn.
        if self.g.induced[side.index()].wizard() {
            self.push(Frame::WizardWindow { side });
        }
        // §31.3: the end of the coach's own turn, before the opponent's.
        self.card_moment(super::cards::Window::EndOfOwnTurn, &[side]);
        // §31.10 Fanatic Invasion: he may move the neutral Fanatic first.
        self.fanatic_window(side);
        Flow::Continue
    }

    /// §18.4: the end of a drive: Sweltering Heat, secret weapons, clear the pitch; then
    /// half-time or the end, or the next drive.
    fn end_drive(&mut self) -> Flow<Prompt, Command> {
        self.cards_drive_ending();
        // Players who fainted at the previous drive's end are back (G18).
        for i in 0..self.g.players.len() {
            if self.g.players[i].state == PlayerState::Fainted {
                self.set_state(PlayerId(i as u8), PlayerState::Reserve);
            }
        }
        let half_over = self.g.teams.iter().all(|t| t.turns >= 8);
        let match_over = (self.g.half == 3 && self.g.touchdown)
            || (half_over && self.g.half >= 2 && self.g.score[0] != self.g.score[1])
            || (half_over && self.g.half == 3);
        if self.g.weather == Weather::SwelteringHeat && !match_over {
            for i in 0..self.g.players.len() {
                let p = &self.g.players[i];
                if p.square().is_some() {
                    let side = p.side;
                    if self.roll(RollPurpose::Heat, Some(side), Die::D6) == 1 {
                        self.set_state(PlayerId(i as u8), PlayerState::Fainted);
                    }
                }
            }
        }
        if self.g.ball != Ball::None {
            self.set_ball(Ball::None);
        }
        self.cards_end_drive();
        for i in 0..self.g.players.len() {
            let p = &self.g.players[i];
            if p.square().is_some() {
                self.set_state(PlayerId(i as u8), PlayerState::Reserve);
            }
            let p = &mut self.g.players[i];
            p.confused = false;
            p.rooted = false;
        }
        if let Some(scorer) = self.g.scorer.take() {
            // §18.3: the scorers kick.
            self.g.kicking = scorer;
            self.emit(Event::Kicking { side: scorer });
        }
        self.g.touchdown = false;
        self.g.turnover = None;
        self.g.pass = None;
        // The next frame: the half's end, or the next drive.
        if half_over || match_over {
            self.push(Frame::EndHalf);
        } else {
            self.push(Frame::StartDrive);
        }
        // §26.24: secret weapons who took part are sent off (before the next frame).
        for i in 0..self.g.players.len() {
            let p = &self.g.players[i];
            if p.in_drive
                && p.has(Skill::SecretWeapon)
                && matches!(
                    p.state,
                    PlayerState::Reserve | PlayerState::KnockedOut | PlayerState::Fainted
                )
            {
                self.push(Frame::SendOff {
                    player: PlayerId(i as u8),
                    turnover: false,
                });
            }
            self.g.players[i].in_drive = false;
        }
        if !match_over {
            self.cards_drive_end_moments();
        }
        Flow::Continue
    }

    /// §18.5, §18.7: half-time, or the end of regulation (overtime, penalties), or the end.
    fn end_half(&mut self) -> Flow<Prompt, Command> {
        let [h, a] = self.g.score;
        let opts = self.g.setup.options;
        self.cards_end_half();
        match self.g.half {
            1 => {
                self.g.half = 2;
                self.emit(Event::HalfStarted { half: 2 });
                for side in Side::BOTH {
                    let rerolls = self.half_rerolls(side);
                    let t = &mut self.g.teams[side.index()];
                    t.turns = 0;
                    t.rerolls = rerolls;
                    self.emit_rerolls(side);
                }
                self.master_chef();
                self.grant_leader_rerolls();
                self.emit_markers();
                let kicking = self.g.first_kicker.other();
                self.g.kicking = kicking;
                self.emit(Event::Kicking { side: kicking });
                self.push(Frame::StartDrive);
            }
            2 if h == a && opts.overtime == Overtime::SuddenDeath => {
                self.g.half = 3;
                self.emit(Event::HalfStarted { half: 3 });
                for t in self.g.teams.iter_mut() {
                    t.turns = 0;
                }
                self.emit_markers();
                self.coin_toss();
            }
            _ if h == a && opts.penalty_shootout => {
                let mut guard = 0;
                loop {
                    let mut totals = [0u8; 2];
                    for side in Side::BOTH {
                        let face = self.roll(RollPurpose::PenaltyShootout, Some(side), Die::D6);
                        totals[side.index()] = face as u8 + self.g.team(side).rerolls;
                    }
                    self.emit(Event::Shootout { totals });
                    guard += 1;
                    if totals[0] != totals[1] || guard > 100 {
                        let winner = if totals[0] >= totals[1] {
                            Side::Home
                        } else {
                            Side::Away
                        };
                        self.game_over(Outcome::Penalties { winner });
                        break;
                    }
                }
            }
            _ => {
                let winner = match h.cmp(&a) {
                    std::cmp::Ordering::Greater => Some(Side::Home),
                    std::cmp::Ordering::Less => Some(Side::Away),
                    std::cmp::Ordering::Equal => None,
                };
                self.game_over(Outcome::Score { winner });
            }
        }
        Flow::Continue
    }

    /// §26.58 Leader: at the start of the match and at half-time a team with a Leader
    /// takes its one Leader re-roll (never two; none new for overtime).
    fn grant_leader_rerolls(&mut self) {
        for side in Side::BOTH {
            if super::checks::has_leader(self.g, side) && !self.g.team(side).leader_reroll {
                self.g.teams[side.index()].leader_reroll = true;
                self.emit(Event::LeaderReroll {
                    side,
                    available: true,
                });
            }
        }
    }

    pub fn game_over(&mut self, outcome: Outcome) {
        self.g.outcome = Some(outcome);
        self.g.active = None;
        self.g.acting = None;
        self.emit(Event::GameOver {
            outcome,
            score: self.g.score,
        });
    }
}
/// Build the match from the setup: players from the sheets, in order (Home, then Away).
pub fn build(setup: MatchSetup, version: u32) -> Game {
    let mut players = Vec::new();
    let team_of = |side: Side, players: &mut Vec<Player>| {
        let sheet = setup.teams[side.index()].sheet();
        let data = sheet.roster.data();
        for sp in &sheet.players {
            let pos = &data.positions[position_index(sheet.roster, &sp.position).unwrap_or(0)];
            let mut skills = SkillSet::of(pos.skills);
            for s in &sp.extra_skills {
                skills.insert(*s);
            }
            let stat =
                |base: u8, change: i8| (i16::from(base) + i16::from(change)).clamp(1, 10) as u8;
            players.push(Player {
                id: PlayerId(players.len() as u8),
                side,
                number: sp.number,
                name: sp.name.clone(),
                position: pos.name.to_string(),
                ma: stat(pos.ma, sp.stat_changes.ma),
                st: stat(pos.st, sp.stat_changes.st),
                ag: stat(pos.ag, sp.stat_changes.ag),
                av: stat(pos.av, sp.stat_changes.av),
                skills,
                niggling: sp.niggling,
                state: if sp.missing_next_game {
                    PlayerState::Absent
                } else {
                    PlayerState::Reserve
                },
                ..super::state::Player::joining()
            });
        }
        Team {
            name: sheet.name.clone(),
            roster: sheet.roster,
            rerolls: sheet.rerolls,
            rerolls_start: sheet.rerolls,
            bribes: 0,
            apothecary: sheet.apothecary,
            fan_factor: sheet.fan_factor,
            fans: 0,
            fame: 0,
            assistant_coaches: sheet.assistant_coaches,
            cheerleaders: sheet.cheerleaders,
            necromancer: data.necromancer,
            turns: 0,
            used: TurnUse::default(),
            leader_reroll: false,
        }
    };
    let home = team_of(Side::Home, &mut players);
    let away = team_of(Side::Away, &mut players);
    Game {
        setup,
        rules_version: version,
        players,
        teams: Box::new([home, away]),
        ball: Ball::None,
        weather: Weather::Nice,
        half: 0,
        score: [0, 0],
        kicking: Side::Home,
        first_kicker: Side::Home,
        active: None,
        blitz_bonus: false,
        acting: None,
        pass: None,
        bomb: None,
        turnover: None,
        touchdown: false,
        scorer: None,
        next: Side::Home,
        drives: 0,
        acted_this_turn: false,
        induced: Box::default(),
        inducement_gift: [0, 0],
        petty_cash: [0, 0],
        kick_out: false,
        frames: vec![Frame::PreMatch],
        prompt: Prompt {
            coach: None,
            kind: PromptKind::GameOver,
        },
        outcome: None,
        cards: Default::default(),
        grid: empty_grid(),
        legal: LegalCache::default(),
    }
}
