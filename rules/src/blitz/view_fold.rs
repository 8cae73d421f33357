//! Following a match from events alone: [`GameView::apply`] folds one event, as a seat
//! receives it ([`Event::project`]), into that seat's view, so a client updates its view from
//! the event stream instead of asking for a new snapshot after every batch.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.
//!
//! The reducer reads only the projected event, the view itself and the static tables
//! (`CardId::def()` for a card id the seat was sent, [`ACTIONS_PER_TURN`]): it never sees
//! more than the seat may (G28). The prompt is not derived from events: the server
//! sends the current decision with every batch, and the client sets `view.prompt` from it.
//! The property test `rules/tests/blitz_view_reducer.rs` checks that folding every event of
//! random matches gives exactly `view(&game, seat)` after every command, for both coaches and
//! a spectator. See `docs/design.md`, "Following a match from events".

use super::data::{BonusPlay, RandomEvent};
use super::event::Event;
use super::rules::ACTIONS_PER_TURN;
use super::state::{Ball, BallAt, BallId, CardId, Place, Player, PlayerId};
use super::view::{ActiveCardView, GameView, HandView};
use crate::core::Side;

impl GameView {
    /// Fold one event, already projected for this view's seat, into the view. Everything
    /// but [`GameView::prompt`] follows from the events; the prompt comes with the decision.
    pub fn apply(&mut self, event: &Event) {
        match *event {
            Event::CoinToss { .. }
            | Event::Rolled(_)
            | Event::BlockDieChosen { .. }
            | Event::FinishedForTurn { .. }
            | Event::Touchdown { .. }
            | Event::RerollUsed { .. } => {}
            Event::ArenaRolled { arena } => self.arena = Some(arena),
            Event::BoardChosen { side } => self.board = Some(side),
            Event::CoachA { coach } => self.coach_a = Some(coach),
            Event::CardDealt {
                slot,
                challenge,
                points,
            } => {
                let card = ActiveCardView {
                    slot,
                    challenge,
                    points,
                };
                // Kept in slot order, as `view` lists them.
                match self.active_cards.binary_search_by_key(&slot, |c| c.slot) {
                    Ok(i) => self.active_cards[i] = card,
                    Err(i) => self.active_cards.insert(i, card),
                }
            }
            Event::DeckTop {
                challenge,
                event_back,
                remaining,
            } => {
                self.deck_top = challenge;
                self.deck_top_is_event = event_back;
                self.deck_remaining = remaining;
                // §3.21, G21: the deck losing its last card during a turn (a card dealt or a
                // Random Event drawn) starts the final turns: this one and the opponent's.
                if remaining == 0 && self.turn_active.is_some() && self.final_turns_left.is_none() {
                    self.final_turns_left = Some(2);
                }
            }
            Event::ActiveDiscarded { slot, card, bonus } => {
                self.active_cards.retain(|c| c.slot != slot);
                self.discard.push((card, bonus));
            }
            // §3.19.4 (2018): the refresh shifts the remaining cards down, one event per card
            // (rules version 2 on; in slot order, so the list stays sorted).
            Event::ActiveCardMoved { from, to } => {
                if let Some(c) = self.active_cards.iter_mut().find(|c| c.slot == from) {
                    c.slot = to;
                }
            }
            Event::PlayerPlaced { player, square } => {
                if let Some(p) = self.player_mut(player) {
                    p.place = Place::Standing(square);
                }
            }
            Event::BallEntered { ball, kind, square } => self.balls.push(Ball {
                id: ball,
                kind,
                at: BallAt::Loose(square),
            }),
            Event::TurnStarted { coach, turn } => {
                // §3.2, §3.6.1: a new turn of three actions.
                self.turn_active = Some(coach);
                self.turns_started[coach.index()] = turn;
                self.actions_taken = 0;
                self.action_limit = ACTIONS_PER_TURN;
            }
            Event::ActionStarted { player, free, .. } => {
                // §3.6.3: free actions do not count; actions of the other team (Interrupts)
                // are always free.
                let side = self.player(player).map(|p| p.side);
                if !free && side.is_some() && side == self.turn_active {
                    self.actions_taken = self.actions_taken.saturating_add(1);
                }
            }
            // A move keeps the player Standing or Prone (§3.11 push of a Prone player).
            Event::PlayerMoved { player, to, .. } | Event::Pushed { player, to, .. } => {
                if let Some(p) = self.player_mut(player) {
                    p.place = match p.place {
                        Place::Prone(_) => Place::Prone(to),
                        _ => Place::Standing(to),
                    };
                }
            }
            // §6.1.5 step 4: the thrown player lands standing; what follows (Prone, Injured)
            // comes as its own events.
            Event::TeamMateThrown { player, to, .. } => {
                if let Some(p) = self.player_mut(player) {
                    p.place = Place::Standing(to);
                }
            }
            // §3.16.3: the ball is loose where it bounced to until it lands, is caught or
            // bounces on (a ball with nowhere to go stays there, G25).
            Event::BallBounced { ball, to, .. } | Event::BallLanded { ball, square: to } => {
                self.set_ball(ball, BallAt::Loose(to));
            }
            Event::BallPossessed { ball, player } => self.set_ball(ball, BallAt::Held(player)),
            Event::BallRemoved { ball } => self.balls.retain(|b| b.id != ball),
            Event::KnockedDown { player } | Event::PlacedProne { player } => {
                if let Some(p) = self.player_mut(player)
                    && let Some(sq) = p.square()
                {
                    p.place = Place::Prone(sq);
                    // §3.3: a Prone player holds no ball; it bounces from the square (its own
                    // events), or waits there for the Safe Hands choice (§5.4).
                    for b in &mut self.balls {
                        if b.at == BallAt::Held(player) {
                            b.at = BallAt::Loose(sq);
                        }
                    }
                }
            }
            Event::StoodUp { player } => {
                if let Some(p) = self.player_mut(player)
                    && let Place::Prone(sq) = p.place
                {
                    p.place = Place::Standing(sq);
                }
            }
            // To the dugout (§1.2). A ball the player held has already left it, or bounces
            // away next (§3.16.3): its own events.
            Event::Injured { player }
            | Event::Ejected { player }
            | Event::ToReserves { player } => {
                if let Some(p) = self.player_mut(player) {
                    p.place = Place::Reserves;
                }
            }
            Event::Scored { coach, total, .. } => self.score[coach.index()] = total,
            Event::Claimed {
                coach, slot, card, ..
            } => {
                // §3.19.2: the card goes to the claiming coach's hand; only its owner is sent
                // the card id (and so its Bonus Play side).
                self.active_cards.retain(|c| c.slot != slot);
                let hand = &mut self.hands[coach.index()];
                hand.count = hand.count.saturating_add(1);
                if let (Some(cards), Some(card)) = (hand.cards.as_mut(), card) {
                    cards.push((card, card.def().bonus));
                }
            }
            Event::BonusPlayed { coach, card, bonus } => {
                self.card_left_hand(coach, card, bonus);
                // §5.6 Inspiration: one more action this turn.
                if bonus == BonusPlay::Inspiration {
                    self.action_limit = self.action_limit.saturating_add(1);
                }
            }
            Event::HandDiscarded { coach, card, bonus } => {
                // §3.20: discarded down to the hand limit, Bonus Play side up.
                self.card_left_hand(coach, card, bonus);
            }
            // §6.1.1 step 2: drawn and public (G28); the persistent ones take effect at once.
            Event::RandomEvent { event, .. } => match event {
                RandomEvent::CrumblingAstrogranitePitch => self.persistent.crumbling_pitch = true,
                RandomEvent::GenerousCoaches => self.persistent.generous_coaches = true,
                RandomEvent::GetTheRef => self.persistent.get_the_ref = true,
                _ => {}
            },
            // §6.1.1 step 3: resolved and discarded face up (rules version 2 on).
            Event::RandomEventResolved { event } => self.events_resolved.push(event),
            Event::RookiesCardUsed { .. } => self.rookies_card = None,
            Event::TurnEnded { .. } => {
                // §3.21, G21: one final turn fewer; the last one ends the match (GameOver
                // follows).
                if let Some(left) = self.final_turns_left {
                    self.final_turns_left = Some(left.saturating_sub(1));
                }
                // §3.19.4 (2018): the refresh that follows is its own events (discard,
                // shift, deal).
            }
            Event::GameOver { outcome, score } => {
                self.outcome = Some(outcome);
                self.score = score;
            }
        }
    }

    fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players
            .get(id.index())
            .filter(|p| p.id == id)
            .or_else(|| self.players.iter().find(|p| p.id == id))
    }

    fn player_mut(&mut self, id: PlayerId) -> Option<&mut Player> {
        // Players are listed in id order (`new_game`); the search is only a fallback.
        let i = match self.players.get(id.index()) {
            Some(p) if p.id == id => id.index(),
            _ => self.players.iter().position(|p| p.id == id)?,
        };
        self.players.get_mut(i)
    }

    fn set_ball(&mut self, id: BallId, at: BallAt) {
        if let Some(b) = self.balls.iter_mut().find(|b| b.id == id) {
            b.at = at;
        }
    }

    /// A card left `coach`'s hand face up (played or discarded): one card fewer, the owner
    /// loses that card, and it tops the discard pile.
    fn card_left_hand(&mut self, coach: Side, card: CardId, bonus: BonusPlay) {
        let hand: &mut HandView = &mut self.hands[coach.index()];
        hand.count = hand.count.saturating_sub(1);
        if let Some(cards) = hand.cards.as_mut()
            && let Some(i) = cards.iter().position(|(c, _)| *c == card)
        {
            cards.remove(i);
        }
        self.discard.push((card, bonus));
    }
}
