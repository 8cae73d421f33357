// The Blood Bowl view reducer in JavaScript: `fold(view, event)` folds one game event into a
// view (a GameView as the server sends it, `{"game": "blood_bowl", ...}`), in place. A port of
// `GameView::apply` (rules/src/bb/view.rs, the reducer of `Ruleset::fold` for Blood Bowl):
// keep the two in step. Each seat folds the events as projected for it: a Special Play Card in
// a hand is named to its owner only (§31.4), everything else is the same for every seat.
//
// Everything but `view.prompt` follows from the events: the prompt comes with the decision of
// each `events` message, and the caller sets it.
//
// Two folds need more than the event's own fields, as in the engine: a `moved` puts the
// player on `to` keeping his state (the set-up moves a placed player with `moved` alone), and
// a Blitz! free `turn_started` (`blitz_bonus`) marks the side's players in an opposing tackle
// zone as having acted (§7).
//
// `fold` returns true when it folded the event exactly, false when it cannot (another game's
// event, an event type it does not know, a malformed event): the caller then takes a
// snapshot instead.
//
// JSON shapes (serde): players are ids (numbers, the index into `view.players`); sides are
// "Home"/"Away" (index 0/1); a player's state is `{"state": "standing", "square": {x, y}}`
// (also "prone", "stunned"; without a square: "reserve", "knocked_out",
// `{"state": "casualty", "result": ...}`, "sent_off", "fainted", "absent"); the ball is
// `{"ball": "held", "player": id}`, `{"ball": "ground"|"in_air", "square": {x, y}}` or
// `{"ball": "none"}`; a re-roll source is `{"source": "team"}`, `{"source": "skill", "skill":
// ...}` or `{"source": "pro"}`.

/** The first rules version whose events suffice to follow a match (`FOLDS_FROM_VERSION`). */
export const FOLDS_FROM_VERSION = 1;

const sideIndex = (side) => (side === 'Home' ? 0 : side === 'Away' ? 1 : -1);
const clone = (v) => (v === null || v === undefined ? v : JSON.parse(JSON.stringify(v)));

/** `PlayerState::square`: the square of a player on the pitch, else null. */
export function squareOfState(state) {
  if (!state || typeof state !== 'object') return null;
  return ['standing', 'prone', 'stunned'].includes(state.state) && state.square ? state.square : null;
}

/** A side's hand of Special Play Cards (§31.4), made when a view has none yet. */
function hand(view, side) {
  const i = sideIndex(side);
  if (i < 0) return null;
  if (!Array.isArray(view.hands) || view.hands.length !== 2) {
    view.hands = [0, 1].map(() => ({ count: 0, cards: [], played: [] }));
  }
  return view.hands[i];
}

const freshUse = () => ({ blitz: false, pass: false, hand_off: false, foul: false, reroll: false });

// The events that change nothing in the view (`GameView::apply`'s first arm): their facts
// are in the events that follow them (a `player_state`, a `ball`, a `touchdown`...).
const NO_CHANGE = new Set([
  'rolled', 'coin_toss', 'kick', 'kick_off', 'block_declared', 'block_result',
  'pushed_into_crowd', 'knocked_down', 'placed_prone', 'armour', 'injured', 'casualty',
  'regenerated', 'casualty_undone', 'ball_held', 'passed', 'threw_team_mate', 'fumbled', 'failed_on_purpose', 'intercepted', 'completion', 'handed_off',
  'bomb_thrown', 'exploded',
  'throw_in', 'touchback_awarded', 'turnover_caused', 'sent_off', 'bribe_used', 'no_players',
  'shootout', 'conceded', 'stood_up', 'skill_used', 'hail_mary_pass',
  'inducement_money', 'petty_cash', 'star_plays_for_neither', 'spell_cast', 'fed', 'nurgles_rot',
  'free_turn', 'touchdown_pending', 'touchdown_disallowed',
]);

/** An opponent of `side` exerting a tackle zone on `sq` (standing, not confused). */
function inTackleZone(view, side, sq) {
  return view.players.some((o) => {
    if (o.side === side || o.confused || !o.state || o.state.state !== 'standing') return false;
    const q = o.state.square;
    const dx = Math.abs(q.x - sq.x);
    const dy = Math.abs(q.y - sq.y);
    return dx <= 1 && dy <= 1 && dx + dy > 0;
  });
}

/** Fold one Blood Bowl event into `view`, in place; false if it cannot. */
export function fold(view, e) {
  if (!view || !e || typeof e !== 'object') return false;
  if (e.game !== undefined && e.game !== 'blood_bowl') return false;
  if (NO_CHANGE.has(e.type)) return true;
  const team = (side) => view.teams[sideIndex(side)];
  const player = (id) => (Number.isInteger(id) ? view.players[id] : undefined);
  switch (e.type) {
    case 'weather':
      view.weather = e.weather;
      return true;
    case 'gate':
      for (let i = 0; i < 2; i++) {
        view.teams[i].fans = e.fans[i];
        view.teams[i].fame = e.fame[i];
      }
      return true;
    case 'kicking':
      view.kicking = e.side;
      return true;
    case 'half_started':
      view.half = e.half;
      return true;
    case 'induced': {
      const t = team(e.side);
      if (!t) return false;
      t.induced = clone(e.induced);
      return true;
    }
    // §31: Special Play Cards. A hand is `{count, cards, played}`: `cards` only for its owner
    // (the others' `card_drawn` comes without the card).
    case 'card_target':
      return true;
    case 'turn_resumed':
      if (sideIndex(e.side) < 0) return false;
      view.active = e.side;
      return true;
    case 'card_drawn': {
      const h = hand(view, e.side);
      if (!h) return false;
      h.count += 1;
      if (e.card !== null && e.card !== undefined) h.cards.push(e.card);
      return true;
    }
    case 'card_played': {
      const h = hand(view, e.side);
      if (!h) return false;
      h.count = Math.max(0, h.count - 1);
      const at = h.cards.indexOf(e.card);
      if (at >= 0) h.cards.splice(at, 1);
      h.played.push(e.card);
      return true;
    }
    // §31.8 Blackmail: the player plays for `side` (this turn, then his own again).
    case 'controlled_by': {
      const p = player(e.player);
      if (!p || sideIndex(e.side) < 0) return false;
      p.side = e.side;
      p.acted = false;
      return true;
    }
    case 'profile': {
      const p = player(e.player);
      if (p) {
        p.ma = e.ma;
        p.st = e.st;
        p.ag = e.ag;
        p.av = e.av;
        p.skills = clone(e.skills);
      }
      return true;
    }
    case 'team_rerolls': {
      const t = team(e.side);
      if (!t) return false;
      t.rerolls = e.rerolls;
      t.rerolls_start = e.rerolls_start;
      return true;
    }
    // §12.7: the Necromancer's one raise: a new Zombie joins the Reserves.
    case 'zombie_raised': {
      const t = team(e.side);
      if (!t || !e.player || e.player.id !== view.players.length) return false;
      t.necromancer = false;
      view.players.push(clone(e.player));
      return true;
    }
    // §31.10 Fanatic Invasion: the coach moving the neutral Fanatic plays him for the move.
    case 'fanatic_move': {
      const p = player(e.player);
      if (!p) return false;
      p.side = e.side;
      return true;
    }
    case 'player_joined':
      if (!e.player || e.player.id !== view.players.length) return false;
      view.players.push(clone(e.player));
      return true;
    case 'player_state': {
      const p = player(e.player);
      if (p) {
        p.state = clone(e.state);
        if (!squareOfState(e.state)) {
          p.confused = false;
          p.rooted = false;
        }
      }
      return true;
    }
    case 'ball':
      view.ball = clone(e.ball);
      return true;
    case 'moved': {
      const p = player(e.player);
      if (p && squareOfState(p.state) && e.to) p.state = { ...p.state, square: { x: e.to.x, y: e.to.y } };
      else if (p && e.to) p.state = { state: 'standing', square: { x: e.to.x, y: e.to.y } };
      return true;
    }
    case 'turn_started': {
      const t = team(e.side);
      if (!t) return false;
      view.active = e.side;
      view.acting = null;
      t.turns = e.turn;
      t.used = freshUse();
      for (const p of view.players) if (p.side === e.side) p.acted = false;
      if (e.blitz_bonus) {
        // §7 Blitz!: decided on the squares before anyone acts.
        const marked = view.players.filter((p) => p.side === e.side && squareOfState(p.state) && inTackleZone(view, e.side, squareOfState(p.state)));
        for (const p of marked) p.acted = true;
      }
      return true;
    }
    case 'turn_ended':
      view.active = null;
      view.acting = null;
      return true;
    case 'turn_markers':
      for (let i = 0; i < 2; i++) view.teams[i].turns = e.turns[i];
      return true;
    case 'rerolls': {
      const t = team(e.side);
      if (!t) return false;
      t.rerolls = e.rerolls;
      return true;
    }
    case 'bribes': {
      const t = team(e.side);
      if (!t) return false;
      t.bribes = e.bribes;
      return true;
    }
    case 'declared': {
      view.acting = e.player;
      const p = player(e.player);
      if (p) {
        const used = view.teams[sideIndex(p.side)].used;
        if (e.action === 'blitz') used.blitz = true;
        else if (e.action === 'pass') used.pass = true;
        else if (e.action === 'hand_off') used.hand_off = true;
        else if (e.action === 'foul') used.foul = true;
      }
      return true;
    }
    case 'counts_as_acted': {
      // §31.11 Fumblerooski: a failed catch counts as the player's Action.
      const p = player(e.player);
      if (p) p.acted = true;
      return true;
    }
    case 'action_ended': {
      view.acting = null;
      const p = player(e.player);
      if (p) p.acted = true;
      return true;
    }
    case 'reroll_used': {
      const t = team(e.side);
      if (!t) return false;
      if (e.source && (e.source.source === 'team' || e.source.source === 'leader')) t.used.reroll = true;
      return true;
    }
    case 'apothecary_used': {
      const t = team(e.side);
      if (!t) return false;
      t.apothecary = false;
      return true;
    }
    case 'touchdown':
      view.score = [e.score[0], e.score[1]];
      return true;
    case 'confused': {
      const p = player(e.player);
      if (p) p.confused = e.confused;
      return true;
    }
    case 'rooted': {
      const p = player(e.player);
      if (p) p.rooted = e.rooted;
      return true;
    }
    case 'leader_reroll': {
      const t = team(e.side);
      if (!t) return false;
      t.leader_reroll = e.available;
      return true;
    }
    case 'game_over':
      view.outcome = clone(e.outcome);
      view.score = [e.score[0], e.score[1]];
      view.active = null;
      view.acting = null;
      return true;
    default:
      return false;
  }
}

