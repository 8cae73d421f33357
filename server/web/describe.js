// Events in words. `ctx`: {game, rules, teams: [home, away] team ids, coaches: [home, away]
// names, players: the game's `rosterOf` (Blitz Bowl: Map id -> {side, position})}. `describe` words the room's own events and
// hands each game event to its game's words (`ctx.game.describeEvent`, from games.js);
// `describeBlitzEvent` below is Blitz Bowl's.

import { teamName, positionName } from './common.js';

/** "OneTrapdoor" -> "one trapdoor"; "snake_case" -> "snake case". */
export function words(s) {
  return String(s)
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

function sideName(ctx, side) {
  if (!side) return 'nobody';
  const i = side === 'Home' ? 0 : 1;
  const coach = ctx.coaches && ctx.coaches[i];
  return `${side}${coach ? ` (${coach})` : ''}`;
}

function playerName(ctx, id) {
  const p = ctx.players && ctx.players.get(id);
  if (!p) return `player #${id}`;
  const i = p.side === 'Home' ? 0 : 1;
  return `${p.side} ${positionName(ctx.rules, ctx.teams[i], p.position)} #${id}`;
}

const sq = (s) => (s ? `(${s.x},${s.y})` : '?');

function roll(ctx, r) {
  const who = r.coach ? `${r.coach} rolls` : 'Roll';
  // The engine's dice: "D6", "D8", "Block" (faces 1..6: Miss, Tackle, Shove, Shove, Smash,
  // Kerrunch!) or {"Range": n} (a pick of 0..n, shown as a Dn counted from 1).
  const range = r.die && typeof r.die === 'object' ? r.die.Range : undefined;
  const blockFaces = ['', 'Miss', 'Tackle', 'Shove', 'Shove', 'Smash', 'Kerrunch!'];
  const face = (f) => (range !== undefined ? f + 1 : r.die === 'Block' ? blockFaces[f] || f : f);
  const faces = (r.faces || []).map(face).join(', ');
  const die = range !== undefined ? `D${range}` : r.die === 'Block' ? 'block dice' : r.die;
  let out = `${who} ${words(r.purpose)}: ${die} → ${faces}`;
  if (r.target !== null && r.target !== undefined) {
    out += ` (needs ${r.target}+${r.modifier ? `, modifier ${r.modifier > 0 ? '+' : ''}${r.modifier}` : ''})`;
  }
  if (r.success === true) out += ', success';
  if (r.success === false) out += ', failure';
  if (r.reroll) out += ' [re-roll]';
  return out;
}

/** One Blitz Bowl game event in words. */
export function describeBlitzEvent(ctx, e) {
  const P = (id) => playerName(ctx, id);
  switch (e.type) {
    case 'coin_toss': return `${sideName(ctx, e.winner)} wins the coin toss`;
    case 'arena_rolled': return `The arena is ${words(e.arena)}`;
    case 'board_chosen': return `Board: ${words(e.side)}`;
    case 'coach_a': return `${sideName(ctx, e.coach)} is Coach A`;
    case 'card_dealt': return `Challenge dealt to slot ${e.slot + 1}: ${words(e.challenge)} (${e.points} pt)`;
    case 'deck_top': return e.event_back ? `Top of the deck: an event (${e.remaining} left)` : `Top of the deck: ${e.challenge ? words(e.challenge) : 'nothing'} (${e.remaining} left)`;
    case 'active_discarded': return `Challenge in slot ${e.slot + 1} discarded`;
    case 'active_card_moved': return `Challenge in slot ${e.from + 1} moves down to slot ${e.to + 1}`;
    case 'player_placed': return `${P(e.player)} is placed at ${sq(e.square)}`;
    case 'ball_entered': return `A ${words(e.kind)} ball enters at ${sq(e.square)}`;
    case 'turn_started': return `Turn ${e.turn} of ${sideName(ctx, e.coach)} begins`;
    case 'rolled': return roll(ctx, e);
    case 'action_started': return `${P(e.player)} takes a ${words(e.action)} action${e.free ? ' (free)' : ''}`;
    case 'player_moved': return `${P(e.player)} moves ${sq(e.from)} → ${sq(e.to)}`;
    case 'ball_bounced': return `The ball bounces ${sq(e.from)} → ${sq(e.to)}`;
    case 'ball_possessed': return `${P(e.player)} has the ball`;
    case 'ball_landed': return `The ball lands at ${sq(e.square)}`;
    case 'ball_removed': return 'The ball leaves play';
    case 'block_die_chosen': return `Block die chosen: ${words(e.face)}`;
    case 'pushed': return `${P(e.player)} is pushed ${sq(e.from)} → ${sq(e.to)}`;
    case 'team_mate_thrown': return `${P(e.thrower)} throws ${P(e.player)} ${sq(e.from)} → ${sq(e.to)}`;
    case 'knocked_down': return `${P(e.player)} is knocked down`;
    case 'placed_prone': return `${P(e.player)} is placed prone`;
    case 'injured': return `${P(e.player)} is injured`;
    case 'ejected': return `${P(e.player)} is ejected`;
    case 'stood_up': return `${P(e.player)} stands up`;
    case 'to_reserves': return `${P(e.player)} goes to the reserves`;
    case 'finished_for_turn': return `${P(e.player)} has finished for the turn`;
    case 'touchdown': return `TOUCHDOWN by ${P(e.player)}!`;
    case 'scored': return `${sideName(ctx, e.coach)} scores ${e.points} (${words(e.reason)}), total ${e.total}`;
    case 'claimed': return `${sideName(ctx, e.coach)} claims ${words(e.challenge)} for ${e.points} pt`;
    case 'bonus_played': return `${sideName(ctx, e.coach)} plays the bonus ${words(e.bonus)}`;
    case 'hand_discarded': return `${sideName(ctx, e.coach)} discards ${words(e.bonus)}`;
    case 'reroll_used': return `${sideName(ctx, e.coach)} uses a re-roll (${words(typeof e.source === 'string' ? e.source : Object.keys(e.source || {})[0] || 'unknown')})`;
    case 'random_event': return `Random event for ${sideName(ctx, e.coach)}: ${words(e.event)}`;
    case 'random_event_resolved': return `Random event resolved: ${words(e.event)}`;
    case 'rookies_card_used': return `${sideName(ctx, e.coach)} uses the Rookies card`;
    case 'turn_ended': return `${sideName(ctx, e.coach)} ends the turn`;
    case 'game_over': return `Game over: ${e.score[0]}–${e.score[1]}`;
    default: return `${words(e.type)} ${JSON.stringify(e)}`;
  }
}

/**
 * One RoomEvent in words. `prev`: the RoomEvent before it, if known (a game's words may read
 * the roll before a result: Blood Bowl's armour and injury).
 */
export function describe(ctx, event, prev = null) {
  switch (event.type) {
    case 'match_started':
      return `Match started: ${event.coaches[0]} (${teamName(ctx.rules, ctx.teams[0])}) v ${event.coaches[1]} (${teamName(ctx.rules, ctx.teams[1])})${event.dice ? '; dice committed' : ''}`;
    case 'game':
      return ctx.game && ctx.game.describeEvent
        ? ctx.game.describeEvent(ctx, event.event, prev && prev.type === 'game' ? prev.event : null)
        : `${event.event.game || 'game'} event: ${words(event.event.type)}`;
    case 'timer_expired': return `The timer ran out for ${sideName(ctx, event.coach)}`;
    case 'conceded': return `${sideName(ctx, event.coach)} concedes`;
    case 'forfeited': return `${sideName(ctx, event.coach)} forfeits (clock ran out)`;
    case 'match_ended': {
      const r = event.result;
      let how = JSON.stringify(r);
      if (r.by === 'game') how = `${r.score[0]}–${r.score[1]}`;
      else if (r.by) how = `${words(r.by)}, ${r.loser} loses`;
      return `Match ended: ${how}${event.server_seed ? '; dice seed revealed' : ''}`;
    }
    default: return `${words(event.type)}`;
  }
}

/** A players map from a view. */
export function rosterOf(view) {
  const m = new Map();
  for (const p of view.players) m.set(p.id, { side: p.side, position: p.position });
  return m;
}
