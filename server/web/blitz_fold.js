// The Blitz Bowl view reducer in JavaScript: `fold(view, event, tables)` folds one game event,
// as the seat received it (already projected), into that seat's view (a GameView as the
// server sends it, `{"game": "blitz", ...}`), in place. A port of `GameView::apply`
// (rules/src/blitz/view_fold.rs); keep the two in step. The rules' property test proves the
// Rust reducer gives exactly the server's `view(&game, seat)` after every command; the browser
// test web-tests/tests/fold.test.mjs compares this port with the server's spectator view
// during live bot matches.
//
// Everything but `view.prompt` follows from the events: the prompt comes with the decision
// of each `events` message, and the caller sets it.
//
// `fold` returns true when it folded the event exactly, false when it cannot (an event type
// it does not know, or a card in the seat's own hand whose Bonus Play it cannot look up
// because `tables.cards` is missing): the caller then takes a snapshot instead.
//
// JSON shapes (serde): players and balls are ids (numbers); a place is "Reserves",
// {"Standing": {x, y}} or {"Prone": {x, y}}; a ball is at {"Loose": {x, y}} or {"Held": id};
// sides are "Home"/"Away" (index 0/1); cards in hands and the discard are [card id, bonus].

/** §3.2: actions per turn (rules/src/blitz/rules.rs `ACTIONS_PER_TURN`). */
export const ACTIONS_PER_TURN = 3;

/** The first rules version whose events suffice to follow a match (`FOLDS_FROM_VERSION`). */
export const FOLDS_FROM_VERSION = 2;

const U8 = 255;
const sideIndex = (side) => (side === 'Home' ? 0 : 1);
const square = (s) => ({ x: s.x, y: s.y });
const addU8 = (n, k) => Math.min(U8, n + k);
const subU8 = (n, k) => Math.max(0, n - k);

/** The player with `id`: players are listed in id order; the search is only a fallback. */
function playerOf(view, id) {
  const p = view.players[id];
  if (p && p.id === id) return p;
  return view.players.find((q) => q.id === id) || null;
}

/** The square a player is on, or null in the reserves. */
function squareOf(player) {
  const p = player.place;
  if (p && p.Standing) return p.Standing;
  if (p && p.Prone) return p.Prone;
  return null;
}

function setBall(view, id, at) {
  const b = view.balls.find((x) => x.id === id);
  if (b) b.at = at;
}

/**
 * The Bonus Play of card `id` from the card table (`CardId::def()`: the challenge deck in
 * its order, `{challenge, points, bonus}` each), or null without one.
 */
function bonusOf(tables, id) {
  const cards = tables && Array.isArray(tables.cards) ? tables.cards : null;
  if (!cards || cards.length === 0) return null;
  const def = cards[id % cards.length];
  return def && def.bonus ? def.bonus : null;
}

/**
 * A card left `coach`'s hand face up (played or discarded): one card fewer, the owner loses
 * that card, and it tops the discard pile.
 */
function cardLeftHand(view, coach, card, bonus) {
  const hand = view.hands[sideIndex(coach)];
  hand.count = subU8(hand.count, 1);
  if (Array.isArray(hand.cards)) {
    const i = hand.cards.findIndex(([c]) => c === card);
    if (i >= 0) hand.cards.splice(i, 1);
  }
  view.discard.push([card, bonus]);
}

/**
 * Fold one Blitz Bowl event (`{"game": "blitz", "type": ..., ...}`, projected for the view's
 * seat) into `view`, in place. `tables.cards`: the card definitions, if the page has them
 * (only needed for a seat that sees its own hand). True if folded, false if it cannot be.
 */
export function fold(view, event, tables = {}) {
  const e = event;
  switch (e.type) {
    case 'coin_toss':
    case 'rolled':
    case 'block_die_chosen':
    case 'finished_for_turn':
    case 'touchdown':
    case 'reroll_used':
      return true;
    case 'arena_rolled':
      view.arena = e.arena;
      return true;
    case 'board_chosen':
      view.board = e.side;
      return true;
    case 'coach_a':
      view.coach_a = e.coach;
      return true;
    case 'card_dealt': {
      const card = { slot: e.slot, challenge: e.challenge, points: e.points };
      // Kept in slot order, as the server's view lists them.
      const i = view.active_cards.findIndex((c) => c.slot >= e.slot);
      if (i < 0) view.active_cards.push(card);
      else if (view.active_cards[i].slot === e.slot) view.active_cards[i] = card;
      else view.active_cards.splice(i, 0, card);
      return true;
    }
    case 'deck_top':
      view.deck_top = e.challenge;
      view.deck_top_is_event = e.event_back;
      view.deck_remaining = e.remaining;
      // §3.21, G21: the deck losing its last card during a turn (a card dealt or a Random
      // Event drawn) starts the final turns: this one and the opponent's.
      if (e.remaining === 0 && view.turn_active !== null && view.final_turns_left === null) {
        view.final_turns_left = 2;
      }
      return true;
    case 'active_discarded':
      view.active_cards = view.active_cards.filter((c) => c.slot !== e.slot);
      view.discard.push([e.card, e.bonus]);
      return true;
    case 'active_card_moved': {
      // §3.19.4 (2018): the refresh shifts the remaining cards down, one event per card, in
      // slot order (so the list stays sorted).
      const c = view.active_cards.find((x) => x.slot === e.from);
      if (c) c.slot = e.to;
      return true;
    }
    case 'player_placed': {
      const p = playerOf(view, e.player);
      if (p) p.place = { Standing: square(e.square) };
      return true;
    }
    case 'ball_entered':
      view.balls.push({ id: e.ball, kind: e.kind, at: { Loose: square(e.square) } });
      return true;
    case 'turn_started':
      // §3.2, §3.6.1: a new turn of three actions.
      view.turn_active = e.coach;
      view.turns_started[sideIndex(e.coach)] = e.turn;
      view.actions_taken = 0;
      view.action_limit = ACTIONS_PER_TURN;
      return true;
    case 'action_started': {
      // §3.6.3: free actions do not count; actions of the other team (Interrupts) are
      // always free.
      const p = playerOf(view, e.player);
      if (!e.free && p && p.side === view.turn_active) {
        view.actions_taken = addU8(view.actions_taken, 1);
      }
      return true;
    }
    case 'player_moved':
    case 'pushed': {
      // A move keeps the player Standing or Prone (§3.11 push of a Prone player).
      const p = playerOf(view, e.player);
      if (p) p.place = p.place && p.place.Prone ? { Prone: square(e.to) } : { Standing: square(e.to) };
      return true;
    }
    case 'team_mate_thrown': {
      // §6.1.5 step 4: the thrown player lands standing; what follows comes as its own events.
      const p = playerOf(view, e.player);
      if (p) p.place = { Standing: square(e.to) };
      return true;
    }
    case 'ball_bounced':
      // §3.16.3: loose where it bounced to until it lands, is caught or bounces on (G25).
      setBall(view, e.ball, { Loose: square(e.to) });
      return true;
    case 'ball_landed':
      setBall(view, e.ball, { Loose: square(e.square) });
      return true;
    case 'ball_possessed':
      setBall(view, e.ball, { Held: e.player });
      return true;
    case 'ball_removed':
      view.balls = view.balls.filter((b) => b.id !== e.ball);
      return true;
    case 'knocked_down':
    case 'placed_prone': {
      const p = playerOf(view, e.player);
      const sq = p && squareOf(p);
      if (sq) {
        p.place = { Prone: square(sq) };
        // §3.3: a Prone player holds no ball; it bounces from the square (its own events),
        // or waits there for the Safe Hands choice (§5.4).
        for (const b of view.balls) {
          if (b.at && b.at.Held === e.player) b.at = { Loose: square(sq) };
        }
      }
      return true;
    }
    case 'stood_up': {
      const p = playerOf(view, e.player);
      if (p && p.place && p.place.Prone) p.place = { Standing: square(p.place.Prone) };
      return true;
    }
    case 'injured':
    case 'ejected':
    case 'to_reserves': {
      // To the dugout (§1.2). A ball the player held has already left it, or bounces away
      // next: its own events.
      const p = playerOf(view, e.player);
      if (p) p.place = 'Reserves';
      return true;
    }
    case 'scored':
      view.score[sideIndex(e.coach)] = e.total;
      return true;
    case 'claimed': {
      // §3.19.2: the card goes to the claiming coach's hand; only its owner is sent the card
      // id (and so its Bonus Play side).
      const hand = view.hands[sideIndex(e.coach)];
      let bonus = null;
      if (Array.isArray(hand.cards) && e.card !== null && e.card !== undefined) {
        bonus = bonusOf(tables, e.card);
        if (bonus === null) return false; // the owner's hand needs the card table
      }
      view.active_cards = view.active_cards.filter((c) => c.slot !== e.slot);
      hand.count = addU8(hand.count, 1);
      if (bonus !== null) hand.cards.push([e.card, bonus]);
      return true;
    }
    case 'bonus_played':
      cardLeftHand(view, e.coach, e.card, e.bonus);
      // §5.6 Inspiration: one more action this turn.
      if (e.bonus === 'Inspiration') view.action_limit = addU8(view.action_limit, 1);
      return true;
    case 'hand_discarded':
      // §3.20: discarded down to the hand limit, Bonus Play side up.
      cardLeftHand(view, e.coach, e.card, e.bonus);
      return true;
    case 'random_event':
      // §6.1.1 step 2: drawn and public (G28); the persistent ones take effect at once.
      if (e.event === 'CrumblingAstrogranitePitch') view.persistent.crumbling_pitch = true;
      else if (e.event === 'GenerousCoaches') view.persistent.generous_coaches = true;
      else if (e.event === 'GetTheRef') view.persistent.get_the_ref = true;
      return true;
    case 'random_event_resolved':
      // §6.1.1 step 3: resolved and discarded face up (rules version 2 on).
      view.events_resolved.push(e.event);
      return true;
    case 'rookies_card_used':
      view.rookies_card = null;
      return true;
    case 'turn_ended':
      // §3.21, G21: one final turn fewer; the last one ends the match (game_over follows).
      // §3.19.4 (2018): the refresh that follows is its own events (discard, shift, deal).
      if (view.final_turns_left !== null && view.final_turns_left !== undefined) {
        view.final_turns_left = subU8(view.final_turns_left, 1);
      }
      return true;
    case 'game_over':
      view.outcome = e.outcome;
      view.score = [e.score[0], e.score[1]];
      return true;
    default:
      // An event this page does not know (a newer server): it cannot follow from events.
      return false;
  }
}
