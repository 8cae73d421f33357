//! The game contract: what every game engine offers the rest of Dugout.
//!
//! The server, the protocol, the clients and the bots never name a game's internals: they
//! speak to a match through [`Ruleset`], and to "any game" through the enums of
//! [`crate::games`] (one variant per game, like shakmaty's `VariantPosition`). A new game is
//! a sibling module of `blitz/` that implements this trait, plus one line in
//! `rules/src/games.rs`.
//!
//! The shape every game shares:
//!
//! * a match is a value, changed only by [`Ruleset::apply`] with dice injected;
//! * it always waits for exactly one decision ([`Ruleset::prompt`]) from one coach
//!   ([`Ruleset::deciding`]), whose legal answers are enumerable
//!   ([`Ruleset::legal_commands`]); `legal_commands`, `is_legal` and `apply` agree;
//! * `apply` returns events, the facts the server stores and streams; each seat sees them
//!   through [`Ruleset::project`], and folds them into its view with [`Ruleset::fold`];
//! * a match records the rules version that made it and replays under it
//!   (`docs/design.md`, "Rules versions").

use std::borrow::Cow;
use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::{DiceSource, Seat, Side};

/// Why a match cannot be set up (the same reasons for every game).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SetupError {
    /// A rule or option that is not built yet; see the game's coverage table.
    NotImplemented { what: String },
    /// An option that does not exist in the chosen edition.
    WrongEdition { option: String },
    /// The option needs data no source has.
    NoData { option: String },
    /// The option only means something together with another option that is off.
    NeedsOption { option: String, needs: String },
    /// A rules version this engine does not know (a match stored by a newer server).
    UnknownRulesVersion { version: u32, newest: u32 },
    /// The setup names one game and the match another.
    WrongGame { expected: String, got: String },
    /// A team breaks the game's team-building rules (what is wrong, in words).
    IllegalTeam { what: String },
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::NotImplemented { what } => write!(f, "not implemented yet: {what}"),
            SetupError::WrongEdition { option } => {
                write!(f, "option {option} does not exist in this edition")
            }
            SetupError::NoData { option } => {
                write!(f, "option {option} has no card data in any source")
            }
            SetupError::NeedsOption { option, needs } => {
                write!(f, "option {option} needs option {needs}")
            }
            SetupError::UnknownRulesVersion { version, newest } => write!(
                f,
                "rules version {version} is unknown to this engine (the newest is {newest})"
            ),
            SetupError::IllegalTeam { what } => write!(f, "illegal team: {what}"),
            SetupError::WrongGame { expected, got } => {
                write!(f, "a {got} setup given to a {expected} match")
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// Why a command was refused through the contract. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RefusedCommand {
    /// The match is over.
    GameOver,
    /// Not a legal answer to the current prompt; `reason` says why, in words.
    Illegal { reason: String },
    /// A command of another game.
    WrongGame { expected: String, got: String },
}

impl std::fmt::Display for RefusedCommand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RefusedCommand::GameOver => write!(f, "the match is over"),
            RefusedCommand::Illegal { reason } => write!(f, "illegal command: {reason}"),
            RefusedCommand::WrongGame { expected, got } => {
                write!(f, "a {got} command sent to a {expected} match")
            }
        }
    }
}

impl std::error::Error for RefusedCommand {}

/// Which turn a per-turn clock is timing: the coach whose turn (or set-up) it is, and a key
/// that changes whenever a new turn or set-up begins (the game's own turn counters, packed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurnMarker {
    pub coach: Side,
    pub key: u64,
}

/// What archives and league standings need to know of a match, counted from its events by
/// the game itself (the server knows no game's events).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// The score as the events last gave it, home then away.
    pub score: [u16; 2],
    /// Touchdowns scored by each side.
    pub touchdowns: [u32; 2],
    /// Players of each side taken out by injury (Blitz Bowl's Injured, Blood Bowl's
    /// casualties): the "injuries" column of the standings counts the opponent's.
    pub injuries: [u32; 2],
    /// Further per-side counts the game keeps, by name (Blitz Bowl: `challenge_points`).
    pub counts: Vec<(String, [u32; 2])>,
}

impl Summary {
    /// A named count, zero when the game does not keep it.
    pub fn count(&self, name: &str) -> [u32; 2] {
        self.counts
            .iter()
            .find(|(n, _)| n == name)
            .map_or([0, 0], |(_, c)| *c)
    }
}

/// The names a setup goes by in lists and filters: its edition and its teams, as the
/// game's serde names (`"Bb2024"`, `"Orc"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupNames {
    pub edition: String,
    pub teams: [String; 2],
}

/// Every edition and team name a game's setups may carry (what list filters accept).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupCatalogue {
    pub editions: Vec<String>,
    pub teams: Vec<String>,
}

/// Plain data of a game's wire types: cloneable, comparable, serde.
pub trait Wire: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync {}
impl<T: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync> Wire for T {}

/// One game's rules, implemented by its match state (`blitz::Game`).
pub trait Ruleset: Clone + Debug + Send + Sync + Sized + 'static {
    /// The game's name on the wire and in the store (`"blitz"`).
    const NAME: &'static str;
    /// The version new matches are played under.
    const RULES_VERSION: u32;
    /// The oldest version this engine still replays.
    const OLDEST_RULES_VERSION: u32;
    /// The first rules version whose events carry everything the view reducer
    /// ([`Ruleset::fold`]) needs; a client following an older match asks for snapshots.
    const FOLDS_FROM_VERSION: u32;

    type Setup: Wire;
    type Command: Wire;
    type Prompt: Wire;
    type Event: Wire;
    type View: Wire;
    type Outcome: Wire + Copy + Eq;

    /// Refuse a setup that does not exist or is not built yet.
    fn validate(setup: &Self::Setup) -> Result<(), SetupError>;

    /// Start a match under rules `version` and run to its first decision.
    fn new_game(
        setup: Self::Setup,
        version: u32,
        dice: &mut dyn DiceSource,
    ) -> Result<(Self, Vec<Self::Event>), SetupError>;

    fn setup(&self) -> &Self::Setup;

    /// The rules version this match is played under.
    fn rules_version(&self) -> u32;

    /// The decision the match waits for.
    fn prompt(&self) -> &Self::Prompt;

    /// The prompt of a match that is over: also shown after a concession or a forfeit, which
    /// end a match outside the rules.
    fn over_prompt() -> Self::Prompt;

    /// The coach who must answer the prompt (`None` once the match is over).
    fn deciding(&self) -> Option<Side> {
        Self::prompt_coach(self.prompt())
    }

    /// The coach a prompt waits for (`None`: the match is over).
    fn prompt_coach(prompt: &Self::Prompt) -> Option<Side>;

    /// Every legal answer to the prompt.
    fn legal_commands(&self) -> Cow<'_, [Self::Command]>;

    /// `legal_commands().contains(cmd)`, possibly faster.
    fn is_legal(&self, cmd: &Self::Command) -> bool;

    /// Carry out a legal command with `dice`; refuse anything else with the match unchanged.
    fn apply(
        &mut self,
        cmd: Self::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Self::Event>, RefusedCommand>;

    /// The whole match as `seat` may see it.
    fn view(&self, seat: Seat) -> Self::View;

    /// An event as `seat` may see it (`None`: not at all).
    fn project(event: &Self::Event, seat: Seat) -> Option<Self::Event>;

    /// The view reducer: bring a seat's view up to date with one event as that seat
    /// received it (already projected). The prompt is not an event: a client sets it with
    /// [`Ruleset::set_view_prompt`] from the decision the server sends with the events.
    fn fold(view: &mut Self::View, event: &Self::Event);

    /// Put the current prompt into a view (see [`Ruleset::fold`]).
    fn set_view_prompt(view: &mut Self::View, prompt: &Self::Prompt);

    /// How the match ended, once it has.
    fn outcome(&self) -> Option<Self::Outcome>;

    /// The winner of an outcome (`None`: a draw).
    fn winner(outcome: &Self::Outcome) -> Option<Side>;

    /// The final score, home then away.
    fn score(&self) -> [u16; 2];

    /// The turn a per-turn clock times (`None` once the match is over).
    fn turn_marker(&self) -> Option<TurnMarker>;

    /// What a timer plays for a coach whose time ran out (ends the turn as fast as the
    /// rules allow). `None` when no command is legal (the match is over).
    fn timeout_command(&self) -> Option<Self::Command>;

    /// The archive's and standings' numbers, counted from a match's events (unprojected).
    fn summarise<'a>(
        setup: &Self::Setup,
        events: impl IntoIterator<Item = &'a Self::Event>,
    ) -> Summary
    where
        Self::Event: 'a;

    /// The edition and team names of a setup, for lists and filters.
    fn setup_names(setup: &Self::Setup) -> SetupNames;

    /// Every edition and team name [`Ruleset::setup_names`] can give.
    fn catalogue() -> SetupCatalogue;
}
