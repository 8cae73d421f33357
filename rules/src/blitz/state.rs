//! The state of a Blitz Bowl match: set-up options, players, balls, cards and the turn.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use serde::{Deserialize, Serialize};

use super::data::*;
use super::flow::Frame;
use super::prompt::Prompt;
use crate::core::{Grid, Side, Sides, Square};

/// Which rulebook (§0.3). 2024 Ultimate is the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Edition {
    /// First edition, 2018 (English rulebook).
    Bb2018,
    /// Ultimate Edition, 2024 (German rulebook).
    #[default]
    Bb2024,
}

/// Match options (§0.3, §6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default)]
pub struct Options {
    /// 2024 advanced: Random Event cards (§6.1.1).
    pub random_events: bool,
    /// 2024 advanced: Foul and Throw Team-mate (§6.1.4, §6.1.5).
    pub special_actions: bool,
    /// 2024 advanced: which coach gets the Rookies to Watch card (§5.9).
    pub rookies_to_watch: Option<Side>,
    /// 2024 optional: roll a D8 for the arena and its regional rule (§6.2.1, §5.11).
    pub arenas: bool,
    /// With `arenas`: use this arena instead of rolling the D8 (tests and tools; a match
    /// between coaches should roll). Refused without `arenas` (`SetupError::NeedsOption`).
    pub arena: Option<Arena>,
    /// 2024 optional: the special balls (§6.2.2).
    pub special_balls: bool,
    /// 2018 optional Endgame (§6.3). No card data exists: always refused.
    pub endgame: bool,
    /// Fix the board side instead of letting the toss winner choose.
    pub board_side: Option<BoardSide>,
    /// Gap G14: give the Orc Big Un Blocker Mighty Blow ([SUP] card) instead of no ability.
    pub orc_big_un_mighty_blow: bool,
    /// Gap G22: allow a Run of zero squares (default: a Run moves at least 1 square).
    pub allow_zero_run: bool,
}

/// Everything needed to start a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct MatchSetup {
    #[serde(default)]
    pub edition: Edition,
    /// The home seat's team, then the away seat's.
    pub teams: [TeamId; 2],
    #[serde(default)]
    pub options: Options,
}

/// A player's index in [`Game::players`]; stable for the whole match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PlayerId(pub u8);

impl PlayerId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A challenge card's index in [`CHALLENGE_CARDS`]. Secret whenever its Bonus Play side is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct CardId(pub u8);

impl CardId {
    pub fn def(self) -> &'static CardDef {
        &CHALLENGE_CARDS[usize::from(self.0) % CHALLENGE_CARDS.len()]
    }
}

/// A card of the challenge deck: a challenge card or (2024 advanced) a face-down Random Event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DeckCard {
    Challenge(CardId),
    Event(RandomEvent),
}

/// A player's stats as played in this match (team card, edition and options applied).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Stats {
    pub movement: MoveStat,
    pub block: u8,
    pub throw: Option<u8>,
    pub armour: Option<u8>,
    pub ability: Option<Ability>,
    pub throws_team_mates: bool,
}

/// Where a player is (§3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Place {
    /// In the dugout: Reserves.
    Reserves,
    /// On the pitch and standing (Open or Marked).
    Standing(Square),
    /// On the pitch, lying down.
    Prone(Square),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Player {
    pub id: PlayerId,
    pub side: Side,
    /// Index of the position on the team card.
    pub position: u8,
    pub stats: Stats,
    pub place: Place,
}

impl Player {
    pub fn square(&self) -> Option<Square> {
        match self.place {
            Place::Reserves => None,
            Place::Standing(s) | Place::Prone(s) => Some(s),
        }
    }

    pub fn is_standing(&self) -> bool {
        matches!(self.place, Place::Standing(_))
    }

    pub fn has(&self, ability: Ability) -> bool {
        self.stats.ability == Some(ability)
    }

    /// Throw "–": can never possess a ball (§2.6).
    pub fn can_hold_ball(&self) -> bool {
        self.stats.throw.is_some()
    }
}

/// A ball's identity, kept for its whole life so challenges can follow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct BallId(pub u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum BallAt {
    Loose(Square),
    Held(PlayerId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Ball {
    pub id: BallId,
    pub kind: BallKind,
    pub at: BallAt,
}

/// The kinds of player action (§3.6.2). Throw Team-mate counts as a Throw for the
/// once-per-turn rule (§6.1.5 [PROPOSAL]) but is its own kind for Play as a Team!.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum ActionKind {
    Run,
    Mark,
    Throw,
    Block,
    Sidestep,
    StandUp,
    Reserves,
    Foul,
    ThrowTeamMate,
}

impl ActionKind {
    pub fn bit(self) -> u16 {
        let i = match self {
            ActionKind::Run => 0,
            ActionKind::Mark => 1,
            ActionKind::Throw | ActionKind::ThrowTeamMate => 2,
            ActionKind::Block => 3,
            ActionKind::Sidestep => 4,
            ActionKind::StandUp => 5,
            ActionKind::Reserves => 6,
            ActionKind::Foul => 7,
        };
        1 << i
    }
}

/// Effects that last for the rest of the match (Random Events, §5.8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Persistent {
    pub crumbling_pitch: bool,
    pub generous_coaches: bool,
    pub get_the_ref: bool,
}

/// Per-player bookkeeping for the current turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerTurn {
    /// Action kinds this player may not make again this turn (once-per-turn rule, §3.6.1).
    pub used: u16,
    /// Distinct regular (not free) action kinds made, for Show Them How It's Done!.
    pub regular_kinds: u16,
    /// Miss, Tackle or Slipped!: no more actions this turn, free ones included (§3.11).
    pub finished: bool,
    /// Has made a Run this turn (Head-butt, Blitz!).
    pub ran: bool,
    /// Wardance's free Sidestep used (G40).
    pub wardanced: bool,
}

/// The current turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub active: Option<Side>,
    /// Turns started by each side so far (the current one included).
    pub started: Sides<u16>,
    pub actions_taken: u8,
    pub action_limit: u8,
    pub players: Vec<PlayerTurn>,
    /// Every (player, action) made this turn, free ones included (Play as a Team!).
    pub made: Vec<(PlayerId, ActionKind)>,
    /// Run actions this turn, free ones included (Get Moving!).
    pub runs: u8,
    pub claims: u8,
    /// Balls the active team possessed when the turn started (Get the Ball!).
    pub held_at_start: Vec<BallId>,
    /// Bonus Play names each coach has played this turn (no duplicates, §3.20).
    pub bonus_played: Sides<Vec<BonusPlay>>,
    pub blocking_play: bool,
    pub defensive_play: bool,
}

/// How the match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Outcome {
    SuddenDeath { winner: Side },
    Points { winner: Option<Side> },
}

/// The whole match. Mutated only by [`super::apply`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    pub setup: MatchSetup,
    /// The rules version this match is played under ([`super::RULES_VERSION`] for a new
    /// match; an older one when a stored match is replayed). A behaviour change is gated on
    /// it, so every stored match replays as it was played (`docs/design.md`, "Rules
    /// versions").
    #[serde(default = "super::first_rules_version")]
    pub rules_version: u32,
    /// The edition and rules version as the rules ask about them: every edition or version
    /// difference is a named question of the profile ([`super::Profile`]).
    pub profile: super::Profile,
    pub grid: Grid,
    pub board: Option<BoardSide>,
    /// The arena whose regional rule applies (option `arenas`, §6.2.1); `None`
    /// without the option.
    pub arena: Option<Arena>,
    pub toss_winner: Option<Side>,
    /// Coach A: sets up first and takes the first turn.
    pub coach_a: Option<Side>,
    pub players: Vec<Player>,
    pub balls: Vec<Ball>,
    pub next_ball: u8,
    pub score: Sides<u16>,
    /// Top of the deck is the last element.
    pub deck: Vec<DeckCard>,
    pub active_cards: [Option<CardId>; 3],
    /// Discarded cards, Bonus Play side up (public).
    pub discard: Vec<DeckCard>,
    pub hands: Sides<Vec<CardId>>,
    pub rookies_card: Option<Side>,
    pub persistent: Persistent,
    pub turn: Turn,
    /// Turns left to play once the last challenge card was dealt (§3.21, G21).
    pub final_turns_left: Option<u8>,
    pub outcome: Option<Outcome>,
    pub(crate) stack: Vec<Frame>,
    pub(crate) prompt: Prompt,
    pub(crate) record: super::flow::ActionRecord,
    /// The legal answers to `prompt`, worked out once when the prompt was set. A cache: not
    /// serialised, ignored by `==`, recomputed when missing (see [`LegalCache`]).
    #[serde(skip)]
    pub(crate) legal: LegalCache,
}

/// The legal commands of the current prompt, cached because bots, clients, the server and
/// `apply` all ask for them after every command (see [`crate::core::LegalCache`]): never
/// serialised, ignored by `==`; a game built or edited by hand has none until
/// [`super::refresh`] or the next `apply`.
pub(crate) type LegalCache = crate::core::LegalCache<super::command::Command>;

impl Game {
    pub fn edition(&self) -> Edition {
        self.setup.edition
    }

    /// Played under the 2024 Ultimate Edition. The rules ask the [`Game::profile`] instead,
    /// naming the rule.
    pub fn is_2024(&self) -> bool {
        self.setup.edition == Edition::Bb2024
    }

    pub fn player(&self, id: PlayerId) -> &Player {
        &self.players[id.index()]
    }

    pub fn player_mut(&mut self, id: PlayerId) -> &mut Player {
        &mut self.players[id.index()]
    }

    pub fn player_at(&self, sq: Square) -> Option<&Player> {
        self.players.iter().find(|p| p.square() == Some(sq))
    }

    pub fn ball_at(&self, sq: Square) -> Option<BallId> {
        self.balls
            .iter()
            .find(|b| b.at == BallAt::Loose(sq))
            .map(|b| b.id)
    }

    pub fn ball_held_by(&self, id: PlayerId) -> Option<BallId> {
        self.balls
            .iter()
            .find(|b| b.at == BallAt::Held(id))
            .map(|b| b.id)
    }

    pub fn ball(&self, id: BallId) -> Option<&Ball> {
        self.balls.iter().find(|b| b.id == id)
    }

    pub fn ball_square(&self, ball: &Ball) -> Option<Square> {
        match ball.at {
            BallAt::Loose(s) => Some(s),
            BallAt::Held(p) => self.player(p).square(),
        }
    }

    pub fn board_def(&self) -> &'static BoardDef {
        board(self.board.unwrap_or(BoardSide::OneTrapdoor))
    }

    /// The board as the core sees it: the grid and the blocked squares (Blitz Bowl boards have
    /// no walls).
    pub fn board_layout(&self) -> &'static crate::core::Board {
        &super::legal::board_sets(self).0
    }

    pub fn is_blocked(&self, sq: Square) -> bool {
        self.board_layout().is_blocked(sq)
    }

    pub fn trapdoors(&self) -> impl Iterator<Item = Square> + '_ {
        self.board_def()
            .trapdoors
            .iter()
            .map(|&(x, y)| Square::new(x as i8, y as i8))
    }

    pub fn is_trapdoor(&self, sq: Square) -> bool {
        self.trapdoors().any(|t| t == sq)
    }

    /// On the pitch and not blocked.
    pub fn is_playable(&self, sq: Square) -> bool {
        self.board_layout().is_playable(sq)
    }

    /// The end-zone column a side defends: Coach A defends `x = 0` (gap G44).
    pub fn own_end_zone_x(&self, side: Side) -> i8 {
        if Some(side) == self.coach_a || self.coach_a.is_none() && side == Side::Home {
            0
        } else {
            self.grid.length as i8 - 1
        }
    }

    pub fn scoring_end_zone_x(&self, side: Side) -> i8 {
        self.own_end_zone_x(side.other())
    }

    /// `marks(a, b)`: standing opponents adjacent to each other (§3.3).
    pub fn marks(&self, a: &Player, b: &Player) -> bool {
        match (a.place, b.place) {
            (Place::Standing(sa), Place::Standing(sb)) => a.side != b.side && sa.is_adjacent(sb),
            _ => false,
        }
    }

    /// Standing opponents of `side` adjacent to `sq`.
    pub fn standing_opponents_adjacent(
        &self,
        side: Side,
        sq: Square,
    ) -> impl Iterator<Item = &Player> + '_ {
        self.players.iter().filter(move |p| {
            p.side != side && matches!(p.place, Place::Standing(s) if s.is_adjacent(sq))
        })
    }

    /// Marked: standing and adjacent to a standing opponent (2024 definition in both
    /// editions, gap G8).
    pub fn is_marked(&self, id: PlayerId) -> bool {
        let p = self.player(id);
        match p.place {
            Place::Standing(s) => self.standing_opponents_adjacent(p.side, s).next().is_some(),
            _ => false,
        }
    }

    pub fn is_open(&self, id: PlayerId) -> bool {
        self.player(id).is_standing() && !self.is_marked(id)
    }

    pub fn team_def(&self, side: Side) -> &'static TeamDef {
        team(self.setup.teams[side])
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    pub fn pt(&self, id: PlayerId) -> &PlayerTurn {
        &self.turn.players[id.index()]
    }

    pub fn pt_mut(&mut self, id: PlayerId) -> &mut PlayerTurn {
        &mut self.turn.players[id.index()]
    }
}
