//! Blood Bowl (LRB6, the 2014 competition rules) as a pure state machine.
//!
//! * [`new_game`] validates a [`MatchSetup`], plays the pre-match sequence and runs to the
//!   first prompt.
//! * [`legal_commands`], [`is_legal`] and [`apply`] agree: `apply` accepts exactly the legal
//!   commands and leaves the game untouched otherwise.
//! * Every roll comes from the [`DiceSource`] passed in; `apply` returns the [`Event`]s,
//!   every die included. Same commands, same dice: same events and state.
//! * Blood Bowl has one secret: the Special Play Cards in hand (§31.4), which only their owner
//!   sees ([`view_for`], [`cards::project`]); everything else every seat sees.
//!
//! Data are tables ([`data`]); the rules run on the shared frame stack
//! ([`crate::core::engine`]) and every re-rollable roll on the shared check
//! ([`crate::core::check`]), with skills plugged in at its named hooks ([`checks`]).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

pub mod cards;
pub mod data;
pub mod league;
pub mod setup;
pub(crate) mod spells;
pub mod stars;
pub mod wire;

mod actions;
mod ball;
mod block;
mod bomb;
mod checks;
mod contract;
mod fanatic;
pub(crate) mod flow;
pub mod inducements;
mod injury;
mod kickoff;
pub mod legal;
pub mod random_play;
pub mod scenario;
pub mod skill_hooks;
mod skills_a;
pub mod state;
pub mod teambuild;
mod ttm;
pub mod view;

pub use data::{CasualtyResult, KickOffResult, PassRange, Roster, Skill, Weather};
pub use inducements::{Induced, InducementItem, team_value};
pub use legal::{is_legal, legal_commands};
pub use setup::{
    MatchSetup, Options, Overtime, PreMatch, SheetPlayer, StatChanges, TeamChoice, TeamError,
    TeamSheet, check_team, starter_team, validate,
};
pub use spells::Spell;
pub use stars::Star;
pub use state::Game;
pub use view::{GameView, PlayerView, TeamView, TurnUse};
pub use wire::*;

use crate::core::{DiceSource, SetupError, Side};

/// The Blood Bowl rules version a new match is played under (see `docs/design.md`, "Rules
/// versions").
///
/// * 1: the first recorded version.
pub const RULES_VERSION: u32 = 1;

/// The oldest rules version this engine replays.
pub const OLDEST_RULES_VERSION: u32 = 1;

/// Why a command was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    GameOver,
    Illegal { reason: String },
}

impl std::fmt::Display for CommandError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CommandError::GameOver => write!(f, "the match is over"),
            CommandError::Illegal { reason } => write!(f, "illegal command: {reason}"),
        }
    }
}

impl std::error::Error for CommandError {}

/// Start a new match under the current rules version (the setup fully checked:
/// [`validate`], the team budget included).
pub fn new_game(
    setup: MatchSetup,
    dice: &mut dyn DiceSource,
) -> Result<(Game, Vec<Event>), SetupError> {
    validate(&setup)?;
    new_game_versioned(setup, RULES_VERSION, dice)
}

/// Start a match under rules `version`: build the players from the sheets (a player who
/// misses this match is Absent), then the pre-match sequence (§4.2). This is also how a
/// stored match starts again, so it checks the setup without the team budget
/// ([`setup::validate_replay`]); a new match's setup is checked in full by [`validate`]
/// (the lobby, [`new_game`]).
pub fn new_game_versioned(
    setup: MatchSetup,
    version: u32,
    dice: &mut dyn DiceSource,
) -> Result<(Game, Vec<Event>), SetupError> {
    if !(OLDEST_RULES_VERSION..=RULES_VERSION).contains(&version) {
        return Err(SetupError::UnknownRulesVersion {
            version,
            newest: RULES_VERSION,
        });
    }
    setup::validate_replay(&setup)?;
    let mut g = flow::build(setup, version);
    let events = flow::start(&mut g, dice);
    Ok((g, events))
}

/// Carry out a legal command.
pub fn apply(
    g: &mut Game,
    cmd: Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, CommandError> {
    if g.is_over() {
        return Err(CommandError::GameOver);
    }
    if !is_legal(g, &cmd) {
        // §30.2, §32.17 (3): a refused purchase says why.
        if let (Command::Induce { item }, PromptKind::Inducements { money }, Some(side)) =
            (&cmd, &g.prompt.kind, g.prompt.coach)
            && let Err(why) = inducements::can_buy(g, side, *money, *item)
        {
            return Err(CommandError::Illegal { reason: why });
        }
        return Err(CommandError::Illegal {
            reason: format!("{cmd:?} is not a legal answer to {:?}", g.prompt.kind),
        });
    }
    Ok(flow::answer(g, cmd, dice))
}

/// The whole match as a spectator sees it: everything but the cards in hand (§31.4).
pub fn view(g: &Game) -> GameView {
    view_for(g, crate::core::Seat::Spectator)
}

/// The whole match as `seat` sees it: everything, but the Special Play Cards in hand only
/// for their owner (§31.4).
pub fn view_for(g: &Game, seat: crate::core::Seat) -> GameView {
    let team = |side: Side| {
        let t = g.team(side);
        TeamView {
            name: t.name.clone(),
            roster: t.roster,
            rerolls: t.rerolls,
            rerolls_start: t.rerolls_start,
            bribes: t.bribes,
            apothecary: t.apothecary,
            fan_factor: t.fan_factor,
            fans: t.fans,
            fame: t.fame,
            assistant_coaches: t.assistant_coaches,
            cheerleaders: t.cheerleaders,
            necromancer: t.necromancer,
            turns: t.turns,
            used: t.used,
            leader_reroll: t.leader_reroll,
            induced: g.induced[side.index()].clone(),
        }
    };
    GameView {
        teams: Box::new([team(Side::Home), team(Side::Away)]),
        players: g.players.iter().map(view::player_view).collect(),
        ball: g.ball,
        weather: g.weather,
        half: g.half,
        score: g.score,
        // Known once the toss winner chose (the first drive counted then): a view taken at
        // the pre-match card moment (§31.3) folds to the same as one taken later.
        kicking: (g.drives > 0).then_some(g.kicking),
        active: g.active,
        acting: g.acting.map(|a| a.player),
        prompt: g.prompt.clone(),
        outcome: g.outcome,
        hands: [
            cards::hand_view(g, Side::Home, seat),
            cards::hand_view(g, Side::Away, seat),
        ],
    }
}
