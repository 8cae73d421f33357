//! The wire types: commands (every input answers the current prompt), prompts (one decision
//! at a time, its legal answers enumerable) and events (the facts, every die included).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use serde::{Deserialize, Serialize};

use super::cards::{Card, Deck, Window};
use super::data::*;
use super::inducements::{Induced, InducementItem};
use super::spells::Spell;
use super::stars::Star;
use super::view::PlayerView;
use crate::core::{Side, Square};

/// A player of the match: an index into the match's players (Home's first, in sheet
/// order, then Away's; then the hired players, §29 and §30.8, as they join). The player's shirt number (1–16) is in the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(transparent)]
pub struct PlayerId(pub u8);

impl PlayerId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// The Action a player declares (§9.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    Move,
    Block,
    Blitz,
    Pass,
    HandOff,
    Foul,
    /// §26.4 Bombardier: throw a bomb (no move; not the team's Pass).
    Bomb,
}

/// Where a re-roll comes from (§19).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "source", content = "skill", rename_all = "snake_case")]
pub enum RerollSource {
    /// A team re-roll (§19.2); a Loner rolls 4+ first (§26.15).
    Team,
    /// A skill re-roll (§19.3): Dodge, Sure Hands, Catch, Pass.
    Skill(Skill),
    /// Pro (§26.20): 4+ first.
    Pro,
    /// §26.58 Leader: the team's Leader re-roll, used like a team re-roll.
    Leader,
}

/// A named legal formation for set-up (§5.2), placed in one command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Formation {
    /// Three on the line, the rest spread behind in the centre.
    Standard,
    /// As many as possible on the line, the rest close behind it.
    Wall,
    /// Three on the line, two in each wide zone, the rest deep.
    Spread,
}

impl Formation {
    pub const ALL: [Formation; 3] = [Formation::Standard, Formation::Wall, Formation::Spread];
}

/// A block die face (§11.4; the D6 equivalence 1, 2, 3–4, 5, 6 of G30).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum BlockFace {
    AttackerDown,
    BothDown,
    Pushed,
    DefenderStumbles,
    DefenderDown,
}

impl BlockFace {
    /// §11.4, G30: the face of a block die roll 1–6.
    pub fn of(face: u16) -> BlockFace {
        match face {
            1 => BlockFace::AttackerDown,
            2 => BlockFace::BothDown,
            3 | 4 => BlockFace::Pushed,
            5 => BlockFace::DefenderStumbles,
            _ => BlockFace::DefenderDown,
        }
    }
}

/// Every input to the game: each answers the current [`Prompt`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Command {
    /// §4.4: the coin toss winner kicks (`true`) or receives.
    ChooseKicking { kick: bool },
    /// §5.2: pick a player (in Reserves or already placed) to place.
    SetupPick { player: PlayerId },
    /// §5.2: put the picked player on this square.
    SetupPlace { square: Square },
    /// §5.2: send the picked player back to Reserves.
    SetupBench,
    /// §5.2: place the whole team in a named formation.
    SetupFormation { formation: Formation },
    /// §5.2: the formation is complete (offered only when it is legal).
    SetupDone,
    /// §6.1: the kicking coach aims the kick.
    PlaceKick { square: Square },
    /// §6.2: the touchback goes to this player.
    Touchback { player: PlayerId },
    /// §31.10 Hometown Fans: the throw-in goes this way, named by the first square it
    /// crosses (one of the three the template points at, on the pitch).
    ThrowInAim { to: Square },
    /// §7 High Kick: move this player under the ball.
    HighKick { player: PlayerId },
    /// §7 Quick Snap: move this player one square.
    QuickSnap { player: PlayerId, to: Square },
    /// Finish a sequence of optional moves (Quick Snap).
    Done,
    /// §9.2: declare an Action (Move, Blitz, Pass, Hand-off, Foul) for a player.
    Declare {
        player: PlayerId,
        action: ActionKind,
    },
    /// §11: a Block Action against an adjacent standing opponent.
    Block { player: PlayerId, target: PlayerId },
    /// §9.4: end the team turn.
    EndTurn,
    /// §18.8: concede the match (at the start of the coach's own turn).
    Concede,
    /// §10.1: move the acting player one square.
    Step { to: Square },
    /// §26.14 Leap: leap to an empty square within 2.
    Leap { to: Square },
    /// §13: the block of a Blitz.
    BlitzBlock { target: PlayerId },
    /// §15: throw the ball to a square.
    Pass { target: Square },
    /// §16: hand the ball to an adjacent player.
    HandOff { target: PlayerId },
    /// §26.33 Throw Team-Mate: throw an adjacent Right Stuff team-mate to a square (the
    /// team's Pass Action).
    ThrowTeamMate { thrown: PlayerId, target: Square },
    /// §14: foul an adjacent prone or stunned opponent.
    Foul { target: PlayerId },
    /// End the acting player's Action.
    EndAction,
    /// §19: use a re-roll on offer.
    Reroll { source: RerollSource },
    /// Decline what the prompt offers (no re-roll, no interception, no High Kick...).
    Decline,
    /// §11.2: pick the block die at this index.
    BlockDie { index: u8 },
    /// §11.5: push to this square.
    Push { square: Square },
    /// §11.6: follow up or not.
    FollowUp { follow: bool },
    /// §15.4: this player tries to intercept.
    Intercept { player: PlayerId },
    /// §12.6: use the apothecary or not.
    Apothecary { use_it: bool },
    /// §7 Get the Ref, §14: use a bribe or not.
    Bribe { use_it: bool },
    /// An optional skill the prompt offers (Stand Firm): use it or not.
    UseSkill { skill: Skill, use_it: bool },
    /// §31.11 Fumblerooski: fail the pick-up, catch or pass on purpose (`true`) or roll it.
    FailOnPurpose { fail: bool },
    /// §26.4: try to catch the bomb that landed on this player, or let it explode.
    CatchBomb { catch: bool },
    /// §26.52 Hail Mary Pass: throw the ball to any square of the pitch (the team's Pass).
    HailMaryPass { target: Square },
    /// §26.57 Kick-Off Return: move this receiving player one square.
    KickOffReturn { player: PlayerId, to: Square },
    /// §26.62 Pass Block: move this player one square.
    PassBlock { player: PlayerId, to: Square },
    /// §26.59 Multiple Block: a Block Action against two adjacent standing opponents, `first`
    /// then `second`.
    MultipleBlock {
        player: PlayerId,
        first: PlayerId,
        second: PlayerId,
    },
    /// §26.54 Hypnotic Gaze: end the Move Action gazing at this adjacent opponent.
    Gaze { target: PlayerId },
    /// §26.39 Blood Lust: the hungry Vampire bites this Thrall.
    Bite { thrall: PlayerId },
    /// §32.4 (§4.2 step 2): move `amount` gold from the treasury to petty cash for this
    /// match (league matches: the setup's `pre_match.treasury`). The legal amounts are every
    /// multiple of 10,000 up to the treasury, and the whole treasury.
    PettyCash { amount: u32 },
    /// §4.2 step 3, §30: buy one inducement (a Star Player, §29).
    Induce { item: InducementItem },
    /// §30.1: the coach has bought what he wants (the rest of the money is lost).
    DoneInducing,
    /// §30.7: use Igor to re-roll the failed Regeneration roll, or not.
    Igor { use_it: bool },
    /// §30.10: the Wizard casts his spell (at the start of the turn, or in the window after
    /// it; `decline` there lets the chance go).
    CastSpell { spell: Spell },
    /// §31.3: play this card from the hand (on `player` or `square`, for a card with a
    /// target).
    PlayCard {
        card: Card,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<PlayerId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        square: Option<Square>,
        /// The coach's choice, for a card that asks one (§31.7 Suitable Pitch, Scutt's
        /// Scroll, Intensive Training).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        choice: Option<super::cards::CardChoice>,
    },
    /// §31.3: play no card now.
    NoCard,
}

/// What a rolled check is for (the re-roll prompt names it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum CheckKind {
    Dodge,
    Gfi,
    PickUp,
    Catch,
    Pass,
    Interception,
    StandUp,
    Leap,
    BoneHead,
    ReallyStupid,
    WildAnimal,
    TakeRoot,
    Block,
    /// §26.33: the throw of a team-mate.
    ThrowTeamMate,
    /// §26.23: a thrown player's landing.
    Landing,
    /// §26.55 Jump Up: the Agility roll (+2) to stand up and block.
    JumpUp,
    /// §26.64 Safe Throw: the unmodified Agility roll that cancels an interception.
    SafeThrow,
    /// §26.49: the roll to block a player with Foul Appearance.
    FoulAppearance,
    /// §26.54: the Hypnotic Gaze roll.
    HypnoticGaze,
    /// §26.37: the Animosity roll before the ball leaves his hands.
    Animosity,
    /// §26.39: the Blood Lust roll after declaring.
    BloodLust,
}

/// The decision the match waits for, and from whom (`coach: None`: the match is over).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Prompt {
    pub coach: Option<Side>,
    #[serde(flatten)]
    pub kind: PromptKind,
}

/// What is asked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "prompt", rename_all = "snake_case")]
pub enum PromptKind {
    /// §4.4: kick or receive.
    ChooseKicking,
    /// §5.2: set up. `placed`/`needed`: players on the pitch and the number to field;
    /// `picked`: the player being placed (then the answers are squares or bench).
    Setup {
        placed: u8,
        needed: u8,
        picked: Option<PlayerId>,
        perfect_defence: bool,
    },
    /// §6.1: aim the kick.
    PlaceKick,
    /// §6.2: give the touchback to a player.
    Touchback,
    /// §31.10 Hometown Fans: choose the direction of the throw-in from `from`.
    ThrowInAim { from: Square },
    /// §7 High Kick: a player may move under the ball at `square`.
    HighKick { square: Square },
    /// §7 Quick Snap: move players one square each, then done.
    QuickSnap,
    /// §9.2: declare an Action, block, or end the turn.
    Action { blitz_bonus: bool },
    /// An Action under way: step, leap, block, pass, hand off, foul, or end it. `ma_left` is
    /// the normal movement left, `gfi_left` the extra squares; a step needs a GFI roll when
    /// `ma_left` is 0, and a dodge roll when `must_dodge` (the player's square is in an
    /// opposing tackle zone, §10.3). For a Ball & Chain player (§26.2) a step names his
    /// facing (one of the four squares beside him); the square he reaches is rolled.
    Acting {
        player: PlayerId,
        action: ActionKind,
        ma_left: u8,
        gfi_left: u8,
        must_dodge: bool,
    },
    /// §19: re-roll a check or not. `sources` are the re-rolls on offer.
    Reroll {
        player: PlayerId,
        check: CheckKind,
        faces: Vec<u16>,
        target: u8,
        sources: Vec<RerollSource>,
    },
    /// §11.2: the block dice; `coach` is the chooser (the stronger player's coach).
    BlockDice {
        attacker: PlayerId,
        defender: PlayerId,
        dice: Vec<BlockFace>,
    },
    /// §11.5: push `player` to one of the squares offered.
    Push { player: PlayerId },
    /// §11.6: follow up into `square`.
    FollowUp { player: PlayerId, square: Square },
    /// §15.4: choose an interceptor among the eligible.
    Intercept { candidates: Vec<PlayerId> },
    /// §12.6: use the apothecary on `player`.
    Apothecary {
        player: PlayerId,
        injury: InjuryOutcome,
    },
    /// §14, §7: bribe the referee for `player`'s sending-off.
    Bribe { player: PlayerId },
    /// An optional skill: use it or not.
    UseSkill { player: PlayerId, skill: Skill },
    /// §31.11 Fumblerooski: `player` may fail this pick-up, catch or pass on purpose.
    FailOnPurpose { player: PlayerId, check: CheckKind },
    /// §26.4: a bomb landed on `player`: catch it (then throw it on at once) or not.
    CatchBomb { player: PlayerId },
    /// §26.4: `player` holds a bomb and must throw it at once (`pass` to a square).
    ThrowBomb { player: PlayerId },
    /// The match is over.
    GameOver,
    /// §26.45 Dump-Off: `player`, about to be blocked, may throw a Quick pass (`pass` to a
    /// square) or decline.
    DumpOff { player: PlayerId },
    /// §26.57 Kick-Off Return: move one player (`player`, once one has moved) up to
    /// `squares_left` more squares, or `done`.
    KickOffReturn {
        player: Option<PlayerId>,
        squares_left: u8,
    },
    /// §26.62 Pass Block: a pass is announced: move a Pass Block player (`player`, once he
    /// has stepped) up to `squares_left` more squares to a legal destination, or `done`.
    PassBlock {
        player: Option<PlayerId>,
        squares_left: u8,
    },
    /// §26.39 Blood Lust: the hungry `player` bites one of the adjacent `thralls`.
    Feed {
        player: PlayerId,
        thralls: Vec<PlayerId>,
    },
    /// §32.4 (§4.2 step 2): how much of its `treasury` the team moves to petty cash
    /// (`petty_cash`); `declared`: what the other team declared first, if it has.
    PettyCash {
        treasury: u32,
        declared: Option<u32>,
    },
    /// §4.2 step 3, §30: buy inducements (`induce`) with `money` gold left, then
    /// `done_inducing`.
    Inducements { money: u32 },
    /// §32.17 (5) method 4: draw Special Play Cards (`induce` with a `card_draw`) with
    /// `money` of card gold left, then `done_inducing` (the rest is lost).
    CardGold { money: u32 },
    /// §30.7: `player`'s Regeneration failed: use Igor's re-roll?
    Igor { player: PlayerId },
    /// §30.10: the team turn is over: the Wizard may cast his spell now (`cast_spell`) or
    /// not (`decline`).
    Wizard,
    /// §31.3: the coach holds a card playable at this moment: play one (`play_card`) or
    /// none (`no_card`). The cards offered are in the coach's legal commands only.
    PlayCard { window: Window },
    /// §31.10 Fanatic Invasion: the coach's turn is over: he may move the neutral Fanatic
    /// `player` (Ball & Chain, §26.2). First `step` names the facing (one of the four
    /// squares beside him) or `end_action` leaves him where he stands; his MA squares are
    /// then rolled; with `gfi` his MA is used: `step` the same way again to go for it, or
    /// `end_action` to stop.
    FanaticMove { player: PlayerId, gfi: bool },
}

/// How a player was hurt: the cause of a knock-down or an injury, for the archive (§12.5:
/// casualties are recorded with their cause).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// Knocked down by a block, as the defender; `by`: the attacker.
    Blocked,
    /// Knocked down making a block (Attacker Down, Both Down); `by`: the defender.
    Blocking,
    Foul,
    Crowd,
    Dodge,
    Gfi,
    Leap,
    Rock,
    PitchInvasion,
    Bomb,
    Chainsaw,
    Eaten,
    /// Landed on by a thrown team-mate, or a failed landing (§26.33, §26.23).
    Thrown,
    /// §26.68 Stab: an injury from a stab (no SPP).
    Stab,
    /// §26.39 Blood Lust: a Thrall bitten by a Vampire.
    Bitten,
    /// Hit by a spell (§30.10): no player caused it, no SPP.
    Spell,
    /// A Special Play Card (§31: Banana Skin).
    Card,
}

/// An injury roll's result (§12.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum InjuryOutcome {
    Stunned,
    KnockedOut,
    Casualty,
}

/// What a roll was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum RollPurpose {
    Weather,
    Gate,
    CoinToss,
    KickDirection,
    KickDistance,
    KickOffTable,
    Riot,
    CheeringFans,
    BrilliantCoaching,
    ThrowARock,
    PitchInvasion,
    RandomPlayer,
    Bounce,
    Scatter,
    ThrowInDirection,
    ThrowInDistance,
    Dodge,
    Gfi,
    PickUp,
    Catch,
    Pass,
    Interception,
    StandUp,
    Leap,
    Block,
    Armour,
    Injury,
    Casualty,
    KoRecovery,
    Bribe,
    Heat,
    Loner,
    Pro,
    BoneHead,
    ReallyStupid,
    WildAnimal,
    TakeRoot,
    Dauntless,
    Regeneration,
    PenaltyShootout,
    AlwaysHungry,
    ThrowTeamMate,
    Landing,
    Chainsaw,
    /// §26.4: a player next to an explosion is knocked down on 4+.
    Explosion,
    /// §26.55 Jump Up: the Agility roll (+2) to stand up and block.
    JumpUp,
    /// §26.64 Safe Throw: the Agility roll against an interception.
    SafeThrow,
    /// §26.65 Shadowing: 2D6 + the mover's MA − the shadower's MA (7 or less: he follows).
    Shadowing,
    FoulAppearance,
    /// §26.72: D6 + the mover's ST − the Tentacles player's ST; 5 or less: held.
    Tentacles,
    HypnoticGaze,
    Animosity,
    BloodLust,
    /// §30.1, G105: who buys inducements first when the match values are equal.
    InducementOrder,
    /// §32.4, G105: who declares petty cash first when the team values are equal.
    PettyCashOrder,
    /// §30.6: the Halfling Master Chef's 3D6.
    MasterChef,
    /// §30.10: a spell's roll for a player.
    Spell,
    /// §31.4: a random card drawn from a deck (the drawer's secret).
    CardDraw,
    /// §31.6–§31.9: a die a card's effect rolls.
    CardEffect,
}

/// A roll record.
pub type Roll = crate::core::roll::Roll<RollPurpose>;

/// Why a team turn ended early (§9.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Turnover {
    KnockedDown,
    BallNotCaught,
    FailedPickUp,
    Touchdown,
    Fumble,
    Interception,
    SentOff,
    BallCarrierDown,
}

/// Where a player is (§1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum PlayerState {
    Reserve,
    Standing {
        square: Square,
    },
    Prone {
        square: Square,
    },
    Stunned {
        square: Square,
    },
    KnockedOut,
    Casualty {
        result: CasualtyResult,
    },
    SentOff,
    /// Fainted in the heat: misses the next kick-off (§8).
    Fainted,
    /// Not at this match (missing next game).
    Absent,
}

impl PlayerState {
    pub fn square(self) -> Option<Square> {
        match self {
            PlayerState::Standing { square }
            | PlayerState::Prone { square }
            | PlayerState::Stunned { square } => Some(square),
            _ => None,
        }
    }
}

/// Where the ball is (§17).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "ball", rename_all = "snake_case")]
pub enum Ball {
    /// Off the pitch (between drives).
    #[default]
    None,
    Held {
        player: PlayerId,
    },
    Ground {
        square: Square,
    },
    /// In the air over `square` (the kick before it lands).
    InAir {
        square: Square,
    },
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum Outcome {
    /// More touchdowns at the end (after overtime, if played); `None`: a draw.
    Score { winner: Option<Side> },
    /// Won on penalties (§18.7).
    Penalties { winner: Side },
    /// The other coach conceded (§18.8).
    Conceded { winner: Side },
}

/// The facts of a match, in order. Positions and states are given as they are after the
/// event, so a view follows the match from them ([`super::view::GameView::apply`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A die or dice rolled, and what they meant.
    Rolled { roll: Roll },
    /// §8: the weather is now this.
    Weather { weather: Weather },
    /// §4.3: fans and FAME.
    Gate { fans: [u32; 2], fame: [u8; 2] },
    /// §4.4: the toss winner.
    CoinToss { winner: Side },
    /// §4.4, §18.3: who kicks this drive.
    Kicking { side: Side },
    /// §18.5: a half begins (3: overtime).
    HalfStarted { half: u8 },
    /// A player's state and square changed.
    PlayerState {
        player: PlayerId,
        state: PlayerState,
    },
    /// The ball is now here.
    Ball { ball: Ball },
    /// §6.1: the kick is aimed here; it will land at `lands`.
    Kick { aimed: Square, lands: Square },
    /// §7: the kick-off result.
    KickOff { result: KickOffResult },
    /// §9.3: a team turn starts.
    TurnStarted {
        side: Side,
        turn: u8,
        blitz_bonus: bool,
    },
    /// §9.4: a team turn ends (`turnover`: why it ended early).
    TurnEnded {
        side: Side,
        turnover: Option<Turnover>,
    },
    /// Turn markers moved (Riot, an off-turn touchdown, no players to field).
    TurnMarkers { turns: [u8; 2] },
    /// Team re-rolls now.
    Rerolls { side: Side, rerolls: u8 },
    /// Bribes now.
    Bribes { side: Side, bribes: u8 },
    /// §9.2: an Action is declared.
    Declared {
        player: PlayerId,
        action: ActionKind,
    },
    /// A player's Action ended (he has acted this turn).
    ActionEnded { player: PlayerId },
    /// §10.1: a player moved (a step, leap, push, follow-up, Quick Snap, High Kick).
    Moved {
        player: PlayerId,
        from: Square,
        to: Square,
    },
    /// §10.5: a player stood up.
    StoodUp { player: PlayerId },
    /// §19: a re-roll was used.
    RerollUsed {
        side: Side,
        player: Option<PlayerId>,
        source: RerollSource,
    },
    /// §11.2: a block with `dice` dice, chosen by `chooser`'s coach.
    BlockDeclared {
        attacker: PlayerId,
        defender: PlayerId,
        dice: u8,
        chooser: Side,
        attacker_st: u8,
        defender_st: u8,
    },
    /// §11.4: the block die applied.
    BlockResult { face: BlockFace },
    /// §11.5: `player` pushed into the crowd.
    PushedIntoCrowd { player: PlayerId },
    /// §12.1: a player knocked down (armour roll follows), `by` whom.
    KnockedDown {
        player: PlayerId,
        cause: Cause,
        by: Option<PlayerId>,
    },
    /// §12.1: a player placed prone (no armour roll).
    PlacedProne { player: PlayerId },
    /// §12.2: the armour held or broke.
    Armour { player: PlayerId, broken: bool },
    /// §12.3: an injury's result, with its cause.
    Injured {
        player: PlayerId,
        outcome: InjuryOutcome,
        cause: Cause,
        by: Option<PlayerId>,
    },
    /// §12.5: a casualty's result, with its cause (after any apothecary).
    Casualty {
        player: PlayerId,
        result: CasualtyResult,
        cause: Cause,
        by: Option<PlayerId>,
    },
    /// §12.6: the apothecary was used on `player`.
    ApothecaryUsed { side: Side, player: PlayerId },
    /// §26.22: a player regenerated.
    Regenerated { player: PlayerId },
    /// §10.6, §15.6: the ball was picked up or caught.
    BallHeld { player: PlayerId, caught: bool },
    /// §15: a pass thrown to `target` (range).
    Passed {
        player: PlayerId,
        target: Square,
        range: PassRange,
    },
    /// §15.5: a fumble.
    Fumbled { player: PlayerId },
    /// §31.11 Fumblerooski: `player` failed this pick-up, catch or pass on purpose.
    FailedOnPurpose { player: PlayerId, check: CheckKind },
    /// §31.11 Fumblerooski: `player` failed a catch and counts as having taken his Action
    /// this turn.
    CountsAsActed { player: PlayerId },
    /// §15.4: an interception.
    Intercepted { player: PlayerId },
    /// §22: a completion (an accurate pass caught by a team-mate in the target square).
    Completion { passer: PlayerId, catcher: PlayerId },
    /// §16: a hand-off.
    HandedOff { player: PlayerId, target: PlayerId },
    /// §26.4: a bomb thrown by `player` towards `target`.
    BombThrown { player: PlayerId, target: Square },
    /// §26.4: the bomb explodes in `square` (`None`: harmlessly, in the crowd).
    Exploded { square: Option<Square> },
    /// §26.33: a team-mate thrown towards `target`.
    ThrewTeamMate {
        player: PlayerId,
        thrown: PlayerId,
        target: Square,
    },
    /// §15.9: a throw-in from `from`.
    ThrowIn { from: Square },
    /// §6.2: a touchback.
    TouchbackAwarded { side: Side },
    /// §9.5: a turnover.
    TurnoverCaused { side: Side, reason: Turnover },
    /// §18: a touchdown (`player`: the scorer, `None` for §18.6's award).
    Touchdown {
        side: Side,
        player: Option<PlayerId>,
        score: [u16; 2],
    },
    /// §14, §26.24: a player sent off.
    SentOff { player: PlayerId },
    /// A bribe was tried.
    BribeUsed {
        side: Side,
        player: PlayerId,
        worked: bool,
    },
    /// §26.5, §26.21, §26.35, §26.31: a player lost his Action or tackle zone (or got it back).
    Confused { player: PlayerId, confused: bool },
    /// §26.31: rooted (or free again).
    Rooted { player: PlayerId, rooted: bool },
    /// §18.6: a team cannot field a player.
    NoPlayers { side: Side },
    /// §18.7: the penalty shoot-out's totals.
    Shootout { totals: [u8; 2] },
    /// §18.8: a coach conceded.
    Conceded { side: Side },
    /// The match is over.
    GameOver { outcome: Outcome, score: [u16; 2] },
    /// §12.7: the Necromancer raised `victim` as a new Zombie, `player`, in `side`'s
    /// Reserves (the player as he joins the match).
    ZombieRaised {
        side: Side,
        victim: PlayerId,
        player: Box<super::view::PlayerView>,
    },
    /// §26.58 Leader: `side`'s Leader re-roll is there to use (or is gone).
    LeaderReroll { side: Side, available: bool },
    /// §26.52: a Hail Mary Pass thrown by `player` towards `target`.
    HailMaryPass { player: PlayerId, target: Square },
    /// A skill of §26 was used by `player` (Diving Tackle, Wrestle, Strip Ball, Side Step,
    /// Kick, Diving Catch, Jump Up, Safe Throw...); what it did follows in other events.
    SkillUsed { player: PlayerId, skill: Skill },
    /// §26.39 Blood Lust: a Vampire fed: on a Thrall (bitten), or on the crowd (`None`: he
    /// went to the Reserves).
    Fed {
        player: PlayerId,
        thrall: Option<PlayerId>,
    },
    /// §26.61 Nurgle's Rot: `by` killed `victim` in a Block, Blitz or Foul, and the victim
    /// qualifies (ST 4 or less; no Decay, Regeneration or Stunty): the league may make him
    /// a Rotter after the match.
    NurglesRot { victim: PlayerId, by: PlayerId },
    /// §32.4: `side` moved `amount` gold from its treasury (`treasury` before) to petty cash.
    PettyCash {
        side: Side,
        amount: u32,
        treasury: u32,
    },
    /// §30.1: the team values (§30.1), petty cash, the gold each side may spend on
    /// inducements, and who buys first.
    InducementMoney {
        team_value: [u32; 2],
        petty_cash: [u32; 2],
        money: [u32; 2],
        first: Side,
    },
    /// §30: a side's inducements now (bought, spent, used).
    Induced { side: Side, induced: Induced },
    /// §29.0: both teams hired this star: he takes both fees and plays for neither.
    StarPlaysForNeither { star: Star },
    /// §29, §30.8, §31.5: a player joins the match in his team's Reserves: a hired Star
    /// Player or Mercenary, or a card's Fan, groundskeeper or star.
    PlayerJoined { player: Box<PlayerView> },
    /// §30.10: a spell is cast.
    SpellCast { side: Side, spell: Spell },
    /// §31.4: `side` drew a card from `deck`; `card` is known to `side` only (`None` for
    /// the other seats).
    CardDrawn {
        side: Side,
        deck: Deck,
        card: Option<Card>,
    },
    /// §31.3: `side` played `card` (on `player`, for a card with a target).
    CardPlayed {
        side: Side,
        card: Card,
        player: Option<PlayerId>,
    },
    /// §31.9: a card's randomly chosen target (Morley's Revenge).
    CardTarget { card: Card, player: PlayerId },
    /// §31.5: a player's profile after a card's grant began or ended.
    Profile {
        player: PlayerId,
        ma: u8,
        st: u8,
        ag: u8,
        av: u8,
        skills: Vec<Skill>,
    },
    /// §31.8–§31.9: a team's re-rolls changed for the match (left this half, and at the
    /// start of each half).
    TeamRerolls {
        side: Side,
        rerolls: u8,
        rerolls_start: u8,
    },
    /// §31.9 Come On Boys!: `side`'s turn, just ended by a turnover, goes on.
    TurnResumed { side: Side },
    /// §31.7 Miracle Worker, §31.8 Magic Sponge: `card` takes back the player's casualty (it
    /// leaves no lasting effect and is not counted among the match's casualties; his new
    /// state follows).
    CasualtyUndone { player: PlayerId, card: Card },
    /// §31.7 Hurry Up Offense: the turn of `side` that starts now is a free turn, outside
    /// the turn markers (it ends on a 1 on the D6 rolled after each Action).
    FreeTurn { side: Side },
    /// §31.7 Hurry Up Offense: `side`'s touchdown by `player` in its free turn is held: it
    /// counts only if a player of `side` still holds the ball in the end zone at the end of
    /// the opponent's free turn.
    TouchdownPending { side: Side, player: PlayerId },
    /// §31.7 Hurry Up Offense: `side`'s held touchdown does not count.
    TouchdownDisallowed { side: Side },
    /// §31.8 Blackmail: `player` now plays for `side` (the blackmailer's, for this turn;
    /// his own again at its end), not having acted. The referee still counts him as his
    /// own team's.
    ControlledBy { player: PlayerId, side: Side },
    /// §31.10 Fanatic Invasion: `side`'s coach moves the neutral Fanatic `player`, the
    /// throw-in template facing `toward` (a square beside him); for this move his blocks
    /// and rolls are that coach's (his `side` in the view).
    FanaticMove {
        player: PlayerId,
        side: Side,
        toward: Square,
    },
}
