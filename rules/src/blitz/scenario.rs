//! Building positions directly, for rule tests and tools: skip set-up and put players, balls
//! and cards where a test needs them, then hand the game to the normal engine.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use super::data::*;
use super::flow::{ActionRecord, Ctx};
use super::*;
use crate::core::{ScriptedDice, Side, Square};

/// A match in progress, built by hand. Defaults: the one-trapdoor board, Home is Coach A
/// and defends `x = 0`, every player in Reserves, no ball, no active cards, the deck in
/// card order (card 0 at the bottom), and it is Home's second turn (so both first-turn
/// exceptions are over) with no action taken. With the `arenas` option the arena is
/// `Options::arena` (no D8 is rolled), or none until [`Scenario::arena`] sets one.
pub struct Scenario {
    pub game: Game,
}

impl Scenario {
    pub fn new(setup: MatchSetup) -> Scenario {
        let mut dice = ScriptedDice::new([crate::core::pick(2, 0)]);
        // Built without the Random Event shuffle (§6.1.1), which needs more dice: the deck
        // below is set by hand, and `events_under_top` puts events in it.
        let options = setup.options;
        let setup = MatchSetup {
            options: Options {
                random_events: false,
                ..options
            },
            ..setup
        };
        dice.push(
            (1..CHALLENGE_CARDS.len() as u16)
                .rev()
                .map(|i| crate::core::pick(i + 1, i)),
        );
        let setup = MatchSetup {
            options: Options {
                board_side: Some(setup.options.board_side.unwrap_or(BoardSide::OneTrapdoor)),
                ..setup.options
            },
            ..setup
        };
        if let Err(e) = validate(&setup) {
            panic!("scenario set-up refused: {e}");
        }
        // Built without the arena roll; the arena is set below.
        let built = MatchSetup {
            options: Options {
                arenas: false,
                arena: None,
                ..setup.options
            },
            ..setup
        };
        let (mut g, _) = match new_game(built, &mut dice) {
            Ok(x) => x,
            Err(e) => panic!("scenario set-up refused: {e}"),
        };
        g.setup = setup;
        g.setup.options.random_events = options.random_events;
        g.arena = setup.options.arena;
        for p in &mut g.players {
            p.place = Place::Reserves;
        }
        g.coach_a = Some(Side::Home);
        g.toss_winner = Some(if g.profile.toss_winner_is_coach_a() {
            Side::Home
        } else {
            Side::Away
        });
        g.deck = (0..CHALLENGE_CARDS.len() as u8)
            .map(|i| DeckCard::Challenge(CardId(i)))
            .collect();
        g.active_cards = [None; 3];
        g.balls.clear();
        g.turn = Turn {
            active: Some(Side::Home),
            started: [2, 1],
            action_limit: rules::ACTIONS_PER_TURN,
            players: vec![PlayerTurn::default(); g.players.len()],
            ..Turn::default()
        };
        Scenario { game: g }
    }

    /// The `nth` player (0-based, in team-card order) of `side`.
    pub fn player(&self, side: Side, nth: usize) -> PlayerId {
        self.game
            .players
            .iter()
            .filter(|p| p.side == side)
            .nth(nth)
            .map(|p| p.id)
            .unwrap_or(PlayerId(0))
    }

    /// The first player of `side` whose position is named `position`.
    pub fn position(&self, side: Side, position: &str) -> PlayerId {
        let team = self.game.team_def(side);
        self.game
            .players
            .iter()
            .find(|p| p.side == side && team.positions[usize::from(p.position)].name == position)
            .map(|p| p.id)
            .unwrap_or_else(|| panic!("no {position} in {}", team.name))
    }

    pub fn stand(&mut self, p: PlayerId, x: i8, y: i8) -> &mut Self {
        self.game.player_mut(p).place = Place::Standing(Square::new(x, y));
        self
    }

    pub fn prone(&mut self, p: PlayerId, x: i8, y: i8) -> &mut Self {
        self.game.player_mut(p).place = Place::Prone(Square::new(x, y));
        self
    }

    pub fn loose_ball(&mut self, x: i8, y: i8) -> BallId {
        let id = BallId(self.game.next_ball);
        self.game.next_ball += 1;
        self.game.balls.push(Ball {
            id,
            kind: BallKind::Standard,
            at: BallAt::Loose(Square::new(x, y)),
        });
        id
    }

    pub fn give_ball(&mut self, p: PlayerId) -> BallId {
        let id = BallId(self.game.next_ball);
        self.game.next_ball += 1;
        self.game.balls.push(Ball {
            id,
            kind: BallKind::Standard,
            at: BallAt::Held(p),
        });
        id
    }

    /// Make `ball` a special ball of `kind` (§5.10).
    pub fn ball_kind(&mut self, ball: BallId, kind: BallKind) -> &mut Self {
        if let Some(b) = self.game.balls.iter_mut().find(|b| b.id == ball) {
            b.kind = kind;
        }
        self
    }

    /// Put Random Events into the deck just below its top card: once the top card is dealt,
    /// `events[0]` is on top, then `events[1]`, and so on (§6.1.1).
    pub fn events_under_top(&mut self, events: &[RandomEvent]) -> &mut Self {
        let at = self.game.deck.len().saturating_sub(1);
        for &e in events {
            self.game.deck.insert(at, DeckCard::Event(e));
        }
        self
    }

    /// Replace the deck; the last card is the top (§3.19.1).
    pub fn deck(&mut self, cards: &[DeckCard]) -> &mut Self {
        self.game.deck = cards.to_vec();
        self
    }

    /// Put card `i` of [`CHALLENGE_CARDS`] in an active slot (removing it from the deck).
    pub fn active_card(&mut self, slot: u8, card: u8) -> &mut Self {
        self.game
            .deck
            .retain(|c| *c != DeckCard::Challenge(CardId(card)));
        self.game.active_cards[usize::from(slot)] = Some(CardId(card));
        self
    }

    /// Put card `i` in `side`'s hand (removing it from the deck).
    pub fn hand_card(&mut self, side: Side, card: u8) -> &mut Self {
        self.game
            .deck
            .retain(|c| *c != DeckCard::Challenge(CardId(card)));
        self.game.hands[side].push(CardId(card));
        self
    }

    /// Play in `arena` (§6.2.1, §5.11): turns the `arenas` option on and fixes the
    /// arena, as if the D8 had rolled it. 2024 only.
    pub fn arena(&mut self, arena: Arena) -> &mut Self {
        self.game.setup.options.arenas = true;
        self.game.setup.options.arena = Some(arena);
        self.game.arena = Some(arena);
        self
    }

    /// Make it `side`'s turn, `turn` of theirs, with no action taken yet.
    pub fn turn_of(&mut self, side: Side, turn: u16) -> &mut Self {
        self.game.turn.active = Some(side);
        self.game.turn.started[side] = turn;
        self
    }

    /// Finish building: the active coach is at the Action prompt (no Pre-Turn Sequence).
    pub fn at_action_prompt(&mut self) -> Game {
        let side = self.game.turn.active.unwrap_or(Side::Home);
        self.game.turn.held_at_start = self
            .game
            .balls
            .iter()
            .filter(|b| matches!(b.at, BallAt::Held(p) if self.game.player(p).side == side))
            .map(|b| b.id)
            .collect();
        self.game.record = ActionRecord::default();
        self.game.stack.clear();
        self.game.outcome = None;
        let mut dice = ScriptedDice::default();
        let mut ctx = Ctx {
            g: &mut self.game,
            dice: &mut dice,
            events: Vec::new(),
        };
        ctx.run();
        self.game.clone()
    }

    /// Finish building at the start of `side`'s turn: the Pre-Turn Sequence (or 2018 start of
    /// turn) runs with `dice` when the returned game is stepped. Returns the game and events.
    pub fn start_turn(&mut self, dice: &mut dyn crate::core::DiceSource) -> (Game, Vec<Event>) {
        let side = self.game.turn.active.unwrap_or(Side::Home);
        // StartTurn starts the turn of the side after `turn.active`.
        self.game.turn.active = Some(side.other());
        self.game.turn.started[side] = self.game.turn.started[side].saturating_sub(1);
        self.game.stack.clear();
        self.game.stack.push(flow::Frame::StartTurn);
        self.game.outcome = None;
        let mut ctx = Ctx {
            g: &mut self.game,
            dice,
            events: Vec::new(),
        };
        ctx.run();
        let events = ctx.events;
        (self.game.clone(), events)
    }
}
