//! Per-seat views of the state: a coach sees their own hand; the opponent and spectators see
//! only counts and face-up information (§3.19.1, G28).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use serde::{Deserialize, Serialize};

use super::data::*;
use super::prompt::Prompt;
use super::state::*;
use crate::core::{Seat, Side};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ActiveCardView {
    pub slot: u8,
    pub challenge: Challenge,
    pub points: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct HandView {
    pub count: u8,
    /// Only for the owner.
    pub cards: Option<Vec<(CardId, BonusPlay)>>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct GameView {
    pub edition: Edition,
    pub teams: [TeamId; 2],
    pub board: Option<BoardSide>,
    /// The arena and its regional rule (option `arenas`, §6.2.1): public.
    pub arena: Option<Arena>,
    pub coach_a: Option<Side>,
    pub players: Vec<Player>,
    pub balls: Vec<Ball>,
    pub score: [u16; 2],
    pub active_cards: Vec<ActiveCardView>,
    pub deck_remaining: u8,
    /// The top card's Challenge side is public; an event back shows as `None` with
    /// `deck_top_is_event`. Face-down events deeper in the deck are not shown (G28); they
    /// count in `deck_remaining`, as the physical deck's height would show.
    pub deck_top: Option<Challenge>,
    pub deck_top_is_event: bool,
    /// Discards are Bonus Play side up: public.
    pub discard: Vec<(CardId, BonusPlay)>,
    /// Random Events resolved so far, in order (public once drawn, §6.1.1; G28).
    pub events_resolved: Vec<RandomEvent>,
    /// Persistent Random Event effects in force (public, G28).
    pub persistent: Persistent,
    pub hands: [HandView; 2],
    pub rookies_card: Option<Side>,
    pub turn_active: Option<Side>,
    pub turns_started: [u16; 2],
    pub actions_taken: u8,
    pub action_limit: u8,
    pub final_turns_left: Option<u8>,
    pub outcome: Option<Outcome>,
    pub prompt: Prompt,
}

pub fn view(g: &Game, seat: Seat) -> GameView {
    let hand = |side: Side| HandView {
        count: g.hands[side.index()].len() as u8,
        cards: seat.sees_secrets_of(side).then(|| {
            g.hands[side.index()]
                .iter()
                .map(|c| (*c, c.def().bonus))
                .collect()
        }),
    };
    let (deck_top, deck_top_is_event) = match g.deck.last() {
        Some(DeckCard::Challenge(c)) => (Some(c.def().challenge), false),
        Some(DeckCard::Event(_)) => (None, true),
        None => (None, false),
    };
    GameView {
        edition: g.setup.edition,
        teams: g.setup.teams,
        board: g.board,
        arena: g.arena,
        coach_a: g.coach_a,
        players: g.players.clone(),
        balls: g.balls.clone(),
        score: g.score,
        active_cards: g
            .active_cards
            .iter()
            .enumerate()
            .filter_map(|(i, c)| {
                c.map(|c| ActiveCardView {
                    slot: i as u8,
                    challenge: c.def().challenge,
                    points: c.def().points,
                })
            })
            .collect(),
        deck_remaining: g.deck.len() as u8,
        deck_top,
        deck_top_is_event,
        discard: g
            .discard
            .iter()
            .filter_map(|d| match d {
                DeckCard::Challenge(c) => Some((*c, c.def().bonus)),
                DeckCard::Event(_) => None,
            })
            .collect(),
        events_resolved: g
            .discard
            .iter()
            .filter_map(|d| match d {
                DeckCard::Event(e) => Some(*e),
                DeckCard::Challenge(_) => None,
            })
            .collect(),
        persistent: g.persistent,
        hands: [hand(Side::Home), hand(Side::Away)],
        rookies_card: g.rookies_card,
        turn_active: g.turn.active,
        turns_started: g.turn.started,
        actions_taken: g.turn.actions_taken,
        action_limit: g.turn.action_limit,
        final_turns_left: g.final_turns_left,
        outcome: g.outcome,
        prompt: g.prompt.clone(),
    }
}
