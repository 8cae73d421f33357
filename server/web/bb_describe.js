// Blood Bowl events in plain English, dice in words: "Dodge 4+ rolled 3: failed",
// "Block: 2 dice, Orcs choose: Pushed, Defender Down", "Armour 9 v AV 8: broken",
// "Injury 8: KO". `ctx`: {rules (GET /api/rules/blood_bowl), teams: [home, away] roster keys,
// coaches: [home, away] names, players: Map id -> {side, number, position, av}} (bbRosterOf).
// `prev`: the game event just before this one, or null: an armour or injury result is worded
// with the roll before it (the roll event carries the dice, the result event the player).

import { bbTeamName, weatherName, skillName } from './bb_pitch.js';
import { cardName, deckName, inducementList, starName } from './bb_panel.js';

const sideIndex = (side) => (side === 'Home' ? 0 : 1);

/** "pouring_rain" -> "Pouring Rain". */
export function titleWords(s) {
  return String(s).split('_').map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w)).join(' ');
}

function team(ctx, side) {
  if (!side) return 'nobody';
  return bbTeamName(ctx.rules, ctx.teams && ctx.teams[sideIndex(side)]);
}

/** "Humans'", "Dwarf's": a team's name as an owner. */
function teams(ctx, side) {
  const name = team(ctx, side);
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

function teamWithCoach(ctx, side) {
  const coach = ctx.coaches && ctx.coaches[sideIndex(side)];
  return `${team(ctx, side)}${coach ? ` (${coach})` : ''}`;
}

function player(ctx, id) {
  const p = ctx.players && ctx.players.get(id);
  if (!p) return `player ${id}`;
  // §31.10 Fanatic Invasion: the neutral Fanatic is nobody's player.
  if (p.neutral) return `the neutral ${p.name || p.position}`;
  return `${team(ctx, p.side)} #${p.number} ${p.position}`;
}

const sq = (s) => (s ? `(${s.x},${s.y})` : '?');

/** A block die face in words (`BlockFace::of`: 1 Attacker Down, 2 Both Down, 3–4 Pushed,
 * 5 Defender Stumbles, 6 Defender Down). */
export function blockFace(n) {
  return ['?', 'Attacker Down', 'Both Down', 'Pushed', 'Pushed', 'Defender Stumbles', 'Defender Down'][n] || `face ${n}`;
}

const CHECKS = {
  dodge: 'Dodge',
  gfi: 'Going for it',
  pick_up: 'Pick-up',
  catch: 'Catch',
  pass: 'Pass',
  interception: 'Interception',
  stand_up: 'Stand up',
  leap: 'Leap',
  bone_head: 'Bone-head',
  really_stupid: 'Really Stupid',
  wild_animal: 'Wild Animal',
  take_root: 'Take Root',
  loner: 'Loner',
  pro: 'Pro',
  bribe: 'Bribe',
  ko_recovery: 'KO recovery',
  regeneration: 'Regeneration',
  dauntless: 'Dauntless',
  heat: 'Heat',
  block: 'Block',
  throw_team_mate: 'Throw Team-Mate',
  landing: 'Landing',
  always_hungry: 'Always Hungry',
  jump_up: 'Jump Up',
  safe_throw: 'Safe Throw',
  foul_appearance: 'Foul Appearance',
  tentacles: 'Tentacles',
  hypnotic_gaze: 'Hypnotic Gaze',
  animosity: 'Animosity',
  blood_lust: 'Blood Lust',
  master_chef: 'Halfling Master Chef',
  spell: 'Spell',
  inducement_order: 'Inducement order',
  card_draw: 'Card draw',
  card_effect: 'Card effect',
};

const INJURY = { stunned: 'Stunned', knocked_out: 'KO', casualty: 'Casualty' };

const CAUSE = {
  blocked: 'blocked',
  blocking: 'while blocking',
  foul: 'fouled',
  crowd: 'by the crowd',
  dodge: 'failing a dodge',
  gfi: 'going for it',
  leap: 'failing a leap',
  rock: 'by a rock',
  pitch_invasion: 'by a pitch invasion',
  bomb: 'by a bomb',
  chainsaw: 'by a chainsaw',
  eaten: 'eaten',
  thrown: 'in a team-mate throw',
  stab: 'by a stab',
  bitten: 'bitten by a Vampire',
  spell: 'by a spell',
  card: 'by a Special Play Card',
};

const ORDINAL = ['', 'first', 'second', 'overtime'];

const faceList = (r) => (r.faces || []).join(' + ');
const total = (r) => (r.faces || []).reduce((a, b) => a + b, 0) + (r.modifier || 0);
const mod = (m) => (m ? ` (${m > 0 ? '+' : '−'}${Math.abs(m)})` : '');

function rolled(ctx, r, prev) {
  const name = CHECKS[r.purpose] || titleWords(r.purpose);
  if (r.purpose === 'block' || r.die === 'Block') {
    const faces = (r.faces || []).map(blockFace).join(', ');
    if (prev && prev.type === 'block_declared') {
      const n = prev.dice;
      return `Block: ${n} ${n === 1 ? 'die' : 'dice'}, ${team(ctx, prev.chooser)} choose: ${faces}${r.reroll ? ' (re-roll)' : ''}`;
    }
    return `Block dice${r.reroll ? ' (re-roll)' : ''}: ${faces}`;
  }
  if (r.target !== null && r.target !== undefined) {
    const result = r.success === true ? 'success' : r.success === false ? 'failed' : 'rolled';
    return `${name} ${r.target}+${mod(r.modifier)} rolled ${faceList(r)}: ${result}${r.reroll ? ' (re-roll)' : ''}`;
  }
  const who = r.coach ? ` (${team(ctx, r.coach)})` : '';
  const dice = (r.faces || []).length > 1 ? `${faceList(r)} = ${total(r)}` : faceList(r);
  const die = r.die && typeof r.die === 'object' ? `D${r.die.Range}` : r.die;
  switch (r.purpose) {
    case 'armour': return `Armour roll${who}: ${dice}`;
    case 'injury': return `Injury roll${who}: ${dice}`;
    case 'casualty': return `Casualty roll${who}: ${die} ${dice}`;
    case 'weather': return `Weather roll: ${dice}`;
    case 'kick_off_table': return `Kick-off roll: ${dice}`;
    case 'coin_toss': return `Coin toss: ${dice}`;
    case 'random_player': return `A random pick: ${(r.faces || []).map((f) => f + 1).join(', ')} of ${r.die && r.die.Range}`;
    default: return `${name} roll${who}: ${die} ${dice}${r.reroll ? ' (re-roll)' : ''}`;
  }
}

function rerollSource(s) {
  if (!s) return 're-roll';
  if (s.source === 'team') return 'a team re-roll';
  if (s.source === 'pro') return 'Pro';
  if (s.source === 'leader') return 'the Leader re-roll';
  if (s.source === 'skill') return `the ${titleWords(s.skill)} skill re-roll`;
  return 're-roll';
}

function outcomeWords(ctx, o) {
  if (!o) return '';
  if (o.result === 'score') return o.winner ? `${team(ctx, o.winner)} win` : 'a draw';
  if (o.result === 'penalties') return `${team(ctx, o.winner)} win on penalties`;
  if (o.result === 'conceded') return `${team(ctx, o.winner)} win by concession`;
  return titleWords(o.result || '');
}

function stateWords(ctx, s) {
  switch (s && s.state) {
    case 'standing': return `stands at ${sq(s.square)}`;
    case 'prone': return `lies prone at ${sq(s.square)}`;
    case 'stunned': return `is stunned at ${sq(s.square)}`;
    case 'reserve': return 'goes to the reserves';
    case 'knocked_out': return 'goes to the KO box';
    case 'casualty': return `goes to the casualty box (${titleWords(s.result)})`;
    case 'sent_off': return 'goes to the sent-off box';
    case 'fainted': return 'faints in the heat';
    case 'absent': return 'is absent';
    default: return `is now ${s && s.state}`;
  }
}

/** §30: a team's inducements now (an `induced` event comes after each purchase and each use). */
function inducedWords(ctx, e) {
  const roster = ctx.teams && ctx.teams[sideIndex(e.side)];
  const key = roster && typeof roster === 'object' ? roster.roster : roster;
  const ind = e.induced || {};
  const list = inducementList(ctx.rules, key, ind).map((b) => b.text);
  const used = [];
  if (ind.igor_used) used.push('Igor used');
  if (ind.wizard_used) used.push('the Wizard has cast');
  if (ind.wandering_used) used.push(`${ind.wandering_used} Wandering Apothecary used`);
  const spent = Number(ind.spent || 0).toLocaleString('en');
  return `${teams(ctx, e.side)} inducements: ${list.length ? list.join(', ') : 'none'} (${spent} gp spent${used.length ? `; ${used.join(', ')}` : ''})`;
}

/** One Blood Bowl game event in words. */
export function describeBbEvent(ctx, e, prev = null) {
  const P = (id) => player(ctx, id);
  switch (e.type) {
    case 'rolled': return rolled(ctx, e.roll || {}, prev);
    case 'weather': return `The weather: ${weatherName(ctx.rules, e.weather)}`;
    case 'gate': return `Gate: ${e.fans[0].toLocaleString('en')} ${team(ctx, 'Home')} fans, ${e.fans[1].toLocaleString('en')} ${team(ctx, 'Away')} fans; FAME ${e.fame[0]}–${e.fame[1]}`;
    case 'coin_toss': return `${teamWithCoach(ctx, e.winner)} win the coin toss`;
    case 'kicking': return `${team(ctx, e.side)} kick off`;
    case 'half_started': return e.half === 3 ? 'Overtime begins' : `The ${ORDINAL[e.half] || e.half} half begins`;
    case 'player_state': return `${P(e.player)} ${stateWords(ctx, e.state)}`;
    case 'ball': {
      const b = e.ball || {};
      if (b.ball === 'held') return `The ball is held by ${P(b.player)}`;
      if (b.ball === 'ground') return `The ball is on the ground at ${sq(b.square)}`;
      if (b.ball === 'in_air') return `The ball is in the air over ${sq(b.square)}`;
      return 'The ball is off the pitch';
    }
    case 'kick': return `The kick, aimed at ${sq(e.aimed)}, will land at ${sq(e.lands)}`;
    case 'kick_off': return `Kick-off: ${titleWords(e.result)}`;
    case 'turn_started': return `${teamWithCoach(ctx, e.side)}: turn ${e.turn} begins${e.blitz_bonus ? ' (Blitz! a free turn)' : ''}`;
    case 'turn_ended': return `${team(ctx, e.side)}: the turn ends${e.turnover ? ` (turnover: ${titleWords(e.turnover).toLowerCase()})` : ''}`;
    case 'turn_markers': return `Turn markers: ${team(ctx, 'Home')} ${e.turns[0]}, ${team(ctx, 'Away')} ${e.turns[1]}`;
    case 'rerolls': return `${team(ctx, e.side)} now have ${e.rerolls} team re-roll${e.rerolls === 1 ? '' : 's'}`;
    case 'bribes': return `${team(ctx, e.side)} now have ${e.bribes} bribe${e.bribes === 1 ? '' : 's'}`;
    case 'declared': return `${P(e.player)} declares a ${titleWords(e.action).replace('Hand Off', 'Hand-off')} Action`;
    case 'action_ended': return `${P(e.player)} ends his Action`;
    case 'moved': return `${P(e.player)} moves ${sq(e.from)} → ${sq(e.to)}`;
    case 'stood_up': return `${P(e.player)} stands up`;
    case 'reroll_used': return `${team(ctx, e.side)} use ${rerollSource(e.source)}${e.player !== null && e.player !== undefined ? ` for ${P(e.player)}` : ''}`;
    case 'block_declared': return `${P(e.attacker)} blocks ${P(e.defender)}: ST ${e.attacker_st} v ${e.defender_st}, ${e.dice} ${e.dice === 1 ? 'die' : 'dice'}, ${team(ctx, e.chooser)} choose`;
    case 'block_result': return `Block result: ${titleWords(e.face)}`;
    case 'pushed_into_crowd': return `${P(e.player)} is pushed into the crowd`;
    case 'knocked_down': {
      const by = e.by !== null && e.by !== undefined ? P(e.by) : null;
      if (e.cause === 'blocking') return `${P(e.player)} is knocked down${by ? ` blocking ${by}` : ' blocking'}`;
      return `${P(e.player)} is knocked down${CAUSE[e.cause] ? ` (${CAUSE[e.cause]}${by ? ` by ${by}` : ''})` : ''}`;
    }
    case 'placed_prone': return `${P(e.player)} is placed prone`;
    case 'armour': {
      const p = ctx.players && ctx.players.get(e.player);
      if (prev && prev.type === 'rolled' && prev.roll && prev.roll.purpose === 'armour' && p) {
        return `Armour ${total(prev.roll)} v AV ${p.av}: ${e.broken ? 'broken' : 'holds'} (${P(e.player)})`;
      }
      return `${P(e.player)}'s armour ${e.broken ? 'is broken' : 'holds'}`;
    }
    case 'injured': {
      const what = INJURY[e.outcome] || titleWords(e.outcome);
      if (prev && prev.type === 'rolled' && prev.roll && prev.roll.purpose === 'injury') {
        return `Injury ${total(prev.roll)}: ${what} (${P(e.player)})`;
      }
      return `Injury: ${what} (${P(e.player)})`;
    }
    case 'casualty': return `Casualty: ${titleWords(e.result)} (${P(e.player)})`;
    case 'apothecary_used': return `${team(ctx, e.side)} use the apothecary on ${P(e.player)}`;
    case 'regenerated': return `${P(e.player)} regenerates`;
    case 'casualty_undone': return `${titleWords(e.card)} takes back ${P(e.player)}'s casualty`;
    case 'ball_held': return e.caught ? `${P(e.player)} catches the ball` : `${P(e.player)} picks up the ball`;
    case 'passed': return `${P(e.player)} throws a ${titleWords(e.range).toLowerCase()} pass to ${sq(e.target)}`;
    case 'threw_team_mate': return `${P(e.player)} throws ${P(e.thrown)} towards ${sq(e.target)}`;
    case 'fumbled': return `${P(e.player)} fumbles`;
    case 'counts_as_acted': return `${P(e.player)} failed a catch: he counts as having acted (Fumblerooski)`;
    case 'failed_on_purpose': return `${P(e.player)} fails the ${String(e.check).split('_').join('-')} on purpose (Fumblerooski)`;
    case 'bomb_thrown': return `${P(e.player)} throws a bomb at ${sq(e.target)}`;
    case 'exploded': return e.square ? `The bomb explodes on ${sq(e.square)}` : 'The bomb lands in the crowd and explodes harmlessly';
    case 'intercepted': return `${P(e.player)} intercepts the pass!`;
    case 'completion': return `Completion: ${P(e.passer)} to ${P(e.catcher)}`;
    case 'handed_off': return `${P(e.player)} hands the ball to ${P(e.target)}`;
    case 'throw_in': return `The crowd throws the ball in from ${sq(e.from)}`;
    case 'touchback_awarded': return `Touchback: ${team(ctx, e.side)} give the ball to a player`;
    case 'turnover_caused': return `Turnover for ${team(ctx, e.side)}: ${titleWords(e.reason).toLowerCase()}`;
    case 'touchdown': return `TOUCHDOWN ${team(ctx, e.side)}${e.player !== null && e.player !== undefined ? ` by ${P(e.player)}` : ' (awarded)'}! ${e.score[0]}–${e.score[1]}`;
    case 'sent_off': return `${P(e.player)} is sent off by the referee`;
    case 'bribe_used': return `${team(ctx, e.side)} bribe the referee for ${P(e.player)}: ${e.worked ? 'it works' : 'it fails'}`;
    case 'confused': return e.confused ? `${P(e.player)} loses his tackle zone` : `${P(e.player)} has his wits again`;
    case 'fed': return e.thrall !== null && e.thrall !== undefined ? `${P(e.player)} feeds on ${P(e.thrall)}` : `${P(e.player)} feeds on the crowd and leaves the pitch`;
    case 'nurgles_rot': return `${P(e.victim)} was killed by ${P(e.by)}'s Nurgle's Rot: he may rise as a Rotter`;
    case 'rooted': return e.rooted ? `${P(e.player)} takes root` : `${P(e.player)} is free to move again`;
    case 'leader_reroll': return e.available ? `${team(ctx, e.side)} take a Leader re-roll` : `${team(ctx, e.side)} have no Leader re-roll left`;
    case 'skill_used': return `${P(e.player)} uses ${titleWords(e.skill)}`;
    case 'hail_mary_pass': return `${P(e.player)} throws a Hail Mary Pass towards ${sq(e.target)}`;
    case 'no_players': return `${team(ctx, e.side)} cannot field a player`;
    case 'shootout': return `Penalty shoot-out: ${e.totals[0]}–${e.totals[1]}`;
    case 'conceded': return `${teamWithCoach(ctx, e.side)} concede`;
    case 'inducement_money': {
      const gp = (n) => `${Number(n || 0).toLocaleString('en')} gp`;
      const petty = (e.petty_cash || [0, 0]).some((n) => n > 0) ? `; petty cash ${gp(e.petty_cash[0])} and ${gp(e.petty_cash[1])}` : '';
      return `Inducements: team values ${gp(e.team_value[0])} and ${gp(e.team_value[1])}${petty}; ${team(ctx, 'Home')} may spend ${gp(e.money[0])}, ${team(ctx, 'Away')} ${gp(e.money[1])}; ${team(ctx, e.first)} buy first`;
    }
    case 'petty_cash': {
      const gp = (n) => `${Number(n || 0).toLocaleString('en')} gp`;
      return `${team(ctx, e.side)} move ${gp(e.amount)} of their ${gp(e.treasury)} treasury to petty cash`;
    }
    case 'induced': return inducedWords(ctx, e);
    case 'star_plays_for_neither': return `Both teams hired ${starName(ctx.rules, e.star)}: he plays for neither`;
    case 'zombie_raised': return `The Necromancer raises ${P(e.victim)} as a Zombie for ${team(ctx, e.side)}${e.player && e.player.number ? ` (#${e.player.number})` : ''}`;
    case 'card_drawn': return e.card !== null && e.card !== undefined
      ? `${team(ctx, e.side)} draw ${cardName(ctx.rules, e.card)} from the ${deckName(ctx.rules, e.deck)} deck`
      : `${team(ctx, e.side)} draw a card from the ${deckName(ctx.rules, e.deck)} deck (secret)`;
    case 'card_played': return `${teamWithCoach(ctx, e.side)} play ${cardName(ctx.rules, e.card)}${e.player !== null && e.player !== undefined ? ` on ${P(e.player)}` : ''}`;
    case 'card_target': return `${cardName(ctx.rules, e.card)} falls on ${P(e.player)}`;
    case 'profile': {
      const skills = (e.skills || []).map((s) => skillName(ctx.rules, s)).join(', ');
      return `${P(e.player)} is now MA ${e.ma} ST ${e.st} AG ${e.ag} AV ${e.av}${skills ? `, ${skills}` : ', no skills'}`;
    }
    case 'team_rerolls': return `${team(ctx, e.side)} now have ${e.rerolls} team re-roll${e.rerolls === 1 ? '' : 's'} (${e.rerolls_start} a half)`;
    case 'turn_resumed': return `${teams(ctx, e.side)} turn goes on (Come On Boys!)`;
    case 'free_turn': return `${team(ctx, e.side)} take a free turn (Hurry Up Offense: no turn marker; a 1 after an Action ends it)`;
    case 'touchdown_pending': return `${P(e.player)} scores for ${team(ctx, e.side)}, held: it counts only if the ball is still in the end zone after the opponent's free turn`;
    case 'controlled_by': return `${P(e.player)} plays for ${team(ctx, e.side)} (Blackmail)`;
    case 'touchdown_disallowed': return `${teams(ctx, e.side)} held touchdown does not count (Hurry Up Offense)`;
    case 'player_joined': return e.player.neutral
      ? `A ${e.player.name}, nobody's player, invades the pitch (Fanatic Invasion)`
      : `${e.player.name} (${e.player.position}) joins ${team(ctx, e.player.side)}`;
    case 'fanatic_move': return `${teamWithCoach(ctx, e.side)} move ${P(e.player)}, the template facing ${sq(e.toward)}`;
    case 'spell_cast': return e.spell.spell === 'fireball' ? `${teams(ctx, e.side)} wizard casts a Fireball at ${sq(e.spell.target)}` : `${teams(ctx, e.side)} wizard casts a Lightning Bolt at ${P(e.spell.target)}`;
    case 'game_over': return `Game over: ${e.score[0]}–${e.score[1]}, ${outcomeWords(ctx, e.outcome)}`;
    default: return `${titleWords(e.type || 'event')}`;
  }
}
