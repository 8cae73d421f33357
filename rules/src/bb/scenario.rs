//! Building positions directly, for rule tests and tools: skip the pre-match, set-up and
//! kick-off and put players and the ball where a test needs them, then hand the game to
//! the normal engine.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use super::cards::Card;
use super::data::{Roster, Skill, Weather};
use super::flow::{self, Frame};
use super::setup::{MatchSetup, Options, TeamChoice};
use super::state::Game;
use super::wire::*;
use crate::core::{Side, Square};

/// A match in progress built by hand. Defaults: the starter teams of the two rosters,
/// every player in Reserves, no ball, Nice weather, first half, Away kicked, and it is
/// Home's turn 1 (Away has played none), Home attacking `x = 25`.
pub struct Scenario {
    pub game: Game,
}

impl Scenario {
    pub fn new(home: Roster, away: Roster) -> Scenario {
        Scenario::with_options(home, away, Options::default())
    }

    pub fn with_options(home: Roster, away: Roster, options: Options) -> Scenario {
        let setup = MatchSetup {
            teams: [TeamChoice::Roster(home), TeamChoice::Roster(away)],
            options,
            pre_match: Box::default(),
        };
        let mut game = flow::build(setup, super::RULES_VERSION);
        game.frames.clear();
        game.half = 1;
        game.kicking = Side::Away;
        game.first_kicker = Side::Away;
        game.drives = 1;
        game.weather = Weather::Nice;
        Scenario { game }
    }

    /// The `n`th player (0-based, sheet order) of `side`.
    pub fn player(&self, side: Side, n: usize) -> PlayerId {
        let ids: Vec<PlayerId> = self
            .game
            .players
            .iter()
            .filter(|p| p.side == side)
            .map(|p| p.id)
            .collect();
        ids[n]
    }

    /// The `k`th player of `side` at `position` (by name, any case).
    pub fn find(&self, side: Side, position: &str, k: usize) -> PlayerId {
        let ids: Vec<PlayerId> = self
            .game
            .players
            .iter()
            .filter(|p| p.side == side && p.position.eq_ignore_ascii_case(position))
            .map(|p| p.id)
            .collect();
        ids[k]
    }

    /// Put a player standing on `(x, y)`.
    pub fn put(&mut self, id: PlayerId, x: i8, y: i8) -> &mut Scenario {
        self.state(
            id,
            PlayerState::Standing {
                square: Square::new(x, y),
            },
        )
    }

    pub fn prone(&mut self, id: PlayerId, x: i8, y: i8) -> &mut Scenario {
        self.state(
            id,
            PlayerState::Prone {
                square: Square::new(x, y),
            },
        )
    }

    pub fn stunned(&mut self, id: PlayerId, x: i8, y: i8) -> &mut Scenario {
        self.state(
            id,
            PlayerState::Stunned {
                square: Square::new(x, y),
            },
        )
    }

    pub fn state(&mut self, id: PlayerId, state: PlayerState) -> &mut Scenario {
        self.game.set_state(id, state);
        self.game.players[id.index()].in_drive = true;
        self
    }

    /// Give a player a skill.
    pub fn skill(&mut self, id: PlayerId, skill: Skill) -> &mut Scenario {
        self.game.players[id.index()].skills.insert(skill);
        self
    }

    /// Set a player's MA, ST, AG, AV.
    pub fn stats(&mut self, id: PlayerId, ma: u8, st: u8, ag: u8, av: u8) -> &mut Scenario {
        let p = &mut self.game.players[id.index()];
        (p.ma, p.st, p.ag, p.av) = (ma, st, ag, av);
        self
    }

    pub fn ball(&mut self, ball: Ball) -> &mut Scenario {
        self.game.ball = ball;
        self
    }

    pub fn weather(&mut self, weather: Weather) -> &mut Scenario {
        self.game.weather = weather;
        self
    }

    pub fn rerolls(&mut self, side: Side, n: u8) -> &mut Scenario {
        self.game.teams[side.index()].rerolls = n;
        self
    }

    pub fn apothecary(&mut self, side: Side, has: bool) -> &mut Scenario {
        self.game.teams[side.index()].apothecary = has;
        self
    }

    /// Give `side` an inducement as if bought (§30; no price or roster check: the buying is
    /// tested through the pre-match phase). Stars and mercenaries are not added as players.
    pub fn induce(
        &mut self,
        side: Side,
        item: super::inducements::InducementItem,
    ) -> &mut Scenario {
        self.game.induced[side.index()].bought.push(item);
        self
    }

    /// Run from the start of a drive (§18.3: KO recovery, then set-up) with `dice`, to the
    /// first prompt: the game and the events.
    pub fn start_drive(&self, dice: &mut dyn crate::core::DiceSource) -> (Game, Vec<Event>) {
        let mut g = self.game.clone();
        g.frames.push(Frame::StartDrive);
        let ev = flow::resume(&mut g, dice);
        (g, ev)
    }

    /// Run the end of the first half (§18.5: half-time) with `dice`, to the first prompt.
    pub fn half_time(&self, dice: &mut dyn crate::core::DiceSource) -> (Game, Vec<Event>) {
        let mut g = self.game.clone();
        g.teams[0].turns = 8;
        g.teams[1].turns = 8;
        g.frames.push(Frame::EndHalf);
        let ev = flow::resume(&mut g, dice);
        (g, ev)
    }

    /// Put these Special Play Cards in `side`'s hand (§31.4), whatever their deck.
    pub fn hand(&mut self, side: Side, cards: &[Card]) -> &mut Scenario {
        self.game.cards.hands[side.index()] = cards.to_vec();
        self
    }

    /// The moment after `kicking` kicked off and the kick is resolved, before the receiving
    /// team's first turn (§31.3): the game at its first prompt.
    pub fn after_kick_off(&mut self, kicking: Side) -> Game {
        let mut g = self.game.clone();
        g.kicking = kicking;
        g.next = kicking.other();
        g.frames.push(Frame::NextTurn);
        if !g.cards.hands[kicking.index()].is_empty() {
            g.frames.push(Frame::CardWindow {
                side: kicking,
                window: super::cards::Window::AfterKickOffToOpponent,
            });
        }
        let mut none = crate::core::ScriptedDice::default();
        flow::resume(&mut g, &mut none);
        g
    }

    /// Start `side`'s team turn `turn` (its Action prompt) and return the game.
    pub fn turn(&mut self, side: Side, turn: u8) -> Game {
        let mut g = self.game.clone();
        g.teams[side.index()].turns = turn - 1;
        g.next = side;
        g.frames.push(Frame::NextTurn);
        let mut none = crate::core::ScriptedDice::default();
        flow::resume(&mut g, &mut none);
        g
    }
}

/// Start a match like [`super::new_game`], but with draws from any deck of Special Play
/// Cards, built or not (§31.1 refuses a deck with unbuilt cards): for the tests of the
/// draws and of their secrecy over whole games. A card not built is never playable, so it
/// stays in the hand. Everything else is checked as usual.
pub fn start_with_any_cards(
    setup: MatchSetup,
    dice: &mut dyn crate::core::DiceSource,
) -> Result<(Game, Vec<Event>), crate::core::SetupError> {
    let mut checked = setup.clone();
    checked.options.special_play_cards = Default::default();
    super::setup::validate(&checked)?;
    for side in Side::BOTH {
        for deck in super::cards::Deck::ALL {
            let n = usize::from(setup.options.special_play_cards.of(side).count(deck));
            if n > deck.cards().count() {
                return Err(crate::core::SetupError::NotImplemented {
                    what: format!("{n} draws from the {} deck", deck.name()),
                });
            }
        }
    }
    let mut g = flow::build(setup, super::RULES_VERSION);
    let events = flow::start(&mut g, dice);
    Ok((g, events))
}
