// Draw a Blood Bowl GameView (`{"game": "blood_bowl", ...}`): the 26x15 pitch from
// `GET /api/rules/blood_bowl` (end zones, wide zones, the lines of scrimmage and the half-way
// line between them, coordinates), the players as numbered discs in their side's colour
// (prone: pale and dashed; stunned: pale with a cross), the ball (held, on the ground, in the
// air), the acting player ringed, the dugouts (reserves, knocked out, casualties, sent off),
// and the match bar (score, half, turn counters, re-rolls, weather, who kicks, whose turn).
// Every drawn player and the ball carry their facts in data attributes, so tests (and anyone)
// can read the position back from the DOM.

import { h } from './common.js';
import { squareOfState } from './bb_fold.js';
import { drawBbTeamPanels, knownHands } from './bb_panel.js';

const CELL = 30;
const SIDES = ['Home', 'Away'];
const sideIndex = (side) => (side === 'Home' ? 0 : 1);

/**
 * How people call a Blood Bowl team ("Humans"), from its roster key (or a setup's team sheet,
 * `{roster, name, ...}`, which names its roster).
 */
export function bbTeamName(rules, roster) {
  if (roster && typeof roster === 'object') roster = roster.roster;
  const t = rules && rules.teams && rules.teams[roster];
  return (t && t.name) || String(roster || '?');
}

/** "Humans v Orcs". */
export function bbMatchTitle(rules, teams) {
  return `${bbTeamName(rules, teams[0])} v ${bbTeamName(rules, teams[1])}`;
}

/** A weather as people say it ("Pouring Rain"). */
export function weatherName(rules, w) {
  return (rules && rules.weather && rules.weather[w]) || String(w || '').replace(/_/g, ' ');
}

/** A skill's name ("Sure Hands"). */
export function skillName(rules, s) {
  const k = rules && rules.skills && rules.skills[s];
  return (k && k.name) || String(s).replace(/_/g, ' ');
}

/** The dugout box a player off the pitch is in, or null on the pitch. */
export function dugoutOf(state) {
  switch (state && state.state) {
    case 'reserve': return 'reserves';
    case 'knocked_out': return 'ko';
    case 'casualty': return 'casualties';
    case 'sent_off': return 'sent_off';
    case 'fainted': return 'reserves';
    case 'absent': return 'absent';
    default: return null;
  }
}

const BOXES = [
  ['reserves', 'Reserves'],
  ['ko', 'Knocked out'],
  ['casualties', 'Casualties'],
  ['sent_off', 'Sent off'],
];

/** Words for a player: "Orcs #7 Blitzer (Blitzer 2)". */
export function bbPlayerLabel(rules, view, p) {
  // §31.10 Fanatic Invasion: the neutral Fanatic is nobody's player.
  if (p.neutral) return `the neutral ${p.name || p.position}`;
  const team = bbTeamName(rules, view.teams[sideIndex(p.side)].roster);
  return `${team} #${p.number} ${p.position}${p.name ? ` (${p.name})` : ''}`;
}

/**
 * The drawing of `view`. `seq`: the step it shows (a data attribute of the wrapper);
 * `highlight`: the player ids the step's event is about; `log`: the archive's events (the
 * replay), whose named cards the team panels may show (bb_panel.js). Returns a
 * `<div class="pitch-wrap">`.
 */
export function drawBbPitch(view, rules, { seq, atSeq, highlight = [], log = null } = {}) {
  const pitch = rules.pitch;
  const W = pitch.length;
  const H = pitch.width;
  const wide = new Set([...pitch.wide_zones[0], ...pitch.wide_zones[1]]);
  const ends = new Set([pitch.home.end_zone, pitch.away.end_zone]);
  const los = new Set([pitch.home.line_of_scrimmage, pitch.away.line_of_scrimmage]);
  const EDGE = 18;
  const svg = h('svg', {
    class: 'pitch bb-pitch',
    viewBox: `${-EDGE} ${-EDGE} ${W * CELL + EDGE} ${H * CELL + EDGE}`,
    role: 'img',
    'aria-label': `Blood Bowl pitch, ${W} by ${H} squares`,
    dataset: { game: 'blood_bowl', length: W, width: H },
  });
  for (let x = 0; x < W; x++) {
    for (let y = 0; y < H; y++) {
      // What the square is (endzone, los, wide), and one tone to paint it.
      let cls = 'bsq';
      let tone = (x + y) % 2 ? 'alt' : 'plain';
      if (wide.has(y)) { cls += ' wide'; tone = `wide-${tone}`; }
      if (ends.has(x)) {
        const end = x === pitch.home.end_zone ? 'home' : 'away';
        cls += ` endzone endzone-${end}`;
        tone = `endzone-${end}`;
      } else if (los.has(x)) {
        cls += ' los';
        tone = 'los';
      }
      cls += ` tone-${tone}`;
      svg.appendChild(h('rect', { class: cls, x: x * CELL, y: y * CELL, width: CELL, height: CELL, dataset: { x, y } }));
    }
  }
  // The lines: the end zones' goal lines, the wide zones' edges, the half-way line (between
  // the two lines of scrimmage).
  const line = (cls, x1, y1, x2, y2, data) => svg.appendChild(h('line', { class: cls, x1, y1, x2, y2, dataset: data }));
  line('goal-line', CELL, 0, CELL, H * CELL, { line: 'goal-home' });
  line('goal-line', (W - 1) * CELL, 0, (W - 1) * CELL, H * CELL, { line: 'goal-away' });
  const wideTop = Math.max(...pitch.wide_zones[0]) + 1;
  const wideBottom = Math.min(...pitch.wide_zones[1]);
  line('wide-line', CELL, wideTop * CELL, (W - 1) * CELL, wideTop * CELL, { line: 'wide-top' });
  line('wide-line', CELL, wideBottom * CELL, (W - 1) * CELL, wideBottom * CELL, { line: 'wide-bottom' });
  const half = Math.max(pitch.home.line_of_scrimmage, pitch.away.line_of_scrimmage);
  line('halfway-line', half * CELL, 0, half * CELL, H * CELL, { line: 'halfway' });
  for (const x of los) {
    line('los-line', (x === pitch.home.line_of_scrimmage ? x : x + 1) * CELL, 0, (x === pitch.home.line_of_scrimmage ? x : x + 1) * CELL, H * CELL, { line: 'scrimmage' });
  }
  // Coordinates on the edges, as the events write squares: (x,y).
  for (let x = 0; x < W; x++) {
    svg.appendChild(h('text', { class: 'coord', x: x * CELL + CELL / 2, y: -5, 'text-anchor': 'middle', dataset: { coordX: x } }, String(x)));
  }
  for (let y = 0; y < H; y++) {
    svg.appendChild(h('text', { class: 'coord', x: -EDGE / 2, y: y * CELL + CELL / 2 + 4, 'text-anchor': 'middle', dataset: { coordY: y } }, String(y)));
  }

  const ball = view.ball || { ball: 'none' };
  const carrier = ball.ball === 'held' ? ball.player : null;
  const boxes = [{}, {}];
  for (const p of view.players) {
    const si = sideIndex(p.side);
    const square = squareOfState(p.state);
    const state = (p.state && p.state.state) || 'unknown';
    const label = bbPlayerLabel(rules, view, p);
    const data = {
      player: p.id,
      number: p.number,
      side: p.side,
      position: p.position,
      state,
      x: square ? square.x : undefined,
      y: square ? square.y : undefined,
      ball: carrier === p.id ? 'held' : undefined,
      acting: view.acting === p.id ? 'true' : undefined,
      acted: p.acted ? 'true' : undefined,
      neutral: p.neutral ? 'true' : undefined,
    };
    // §31.10: the neutral Fanatic sits in no team's dugout.
    if (!square && p.neutral) continue;
    if (!square) {
      const box = dugoutOf(p.state) || 'reserves';
      const extra = p.state && p.state.result ? `: ${String(p.state.result).replace(/_/g, ' ')}`
        : state === 'fainted' ? ': fainted in the heat (misses the next kick-off)' : '';
      (boxes[si][box] ||= []).push(h('li', { class: `chip side-${p.side.toLowerCase()}`, title: `${label}${extra}`, dataset: data }, String(p.number)));
      continue;
    }
    const cx = square.x * CELL + CELL / 2;
    const cy = square.y * CELL + CELL / 2;
    const cls = ['player', p.neutral ? 'side-neutral' : `side-${p.side.toLowerCase()}`, state];
    if (highlight.includes(p.id)) cls.push('highlight');
    if (view.acting === p.id) cls.push('acting');
    if (p.acted) cls.push('acted');
    if (p.confused) cls.push('confused');
    const status = state === 'standing' ? '' : ` (${state})`;
    const g = h('g', { class: cls.join(' '), dataset: data },
      h('title', {}, `${label}${status}${carrier === p.id ? ' with the ball' : ''}${p.confused ? ', lost his tackle zone' : ''}${p.rooted ? ', rooted' : ''} at (${square.x},${square.y})`),
      view.acting === p.id ? h('circle', { class: 'acting-ring', cx, cy, r: CELL * 0.49 }) : null,
      h('circle', { class: 'token', cx, cy, r: CELL * 0.4 }),
      h('text', { x: cx, y: cy + 4.5, 'text-anchor': 'middle', class: 'label' }, p.neutral ? 'F' : String(p.number)),
    );
    if (state === 'stunned') {
      g.appendChild(h('path', { class: 'stun-mark', d: `M${cx - 8} ${cy - 8} L${cx + 8} ${cy + 8} M${cx + 8} ${cy - 8} L${cx - 8} ${cy + 8}` }));
    }
    if (carrier === p.id) {
      g.appendChild(h('circle', { class: 'ball held', cx: cx + CELL * 0.3, cy: cy - CELL * 0.3, r: CELL * 0.14 }));
    }
    svg.appendChild(g);
  }
  if ((ball.ball === 'ground' || ball.ball === 'in_air') && ball.square) {
    const s = ball.square;
    svg.appendChild(h('circle', {
      class: `ball ${ball.ball === 'in_air' ? 'in-air' : 'loose'}`,
      cx: s.x * CELL + CELL / 2,
      cy: s.y * CELL + CELL / 2,
      r: CELL * 0.18,
      dataset: { ball: ball.ball, x: s.x, y: s.y },
    }));
  }
  // The ball, as data for readers (where it is, who holds it).
  const ballData = h('p', { class: 'bb-ball', hidden: true, dataset: { ball: ball.ball, heldBy: carrier ?? undefined, x: ball.square ? ball.square.x : undefined, y: ball.square ? ball.square.y : undefined } });

  const dugouts = [0, 1].map((si) => {
    const t = view.teams[si];
    const side = SIDES[si];
    return h('div', { class: `legend bb-dugout side-${side.toLowerCase()}`, dataset: { side } },
      h('strong', { class: `side-${side.toLowerCase()}-text` }, `${side}: ${bbTeamName(rules, t.roster)}`),
      t.name ? h('span', { class: 'muted' }, ` (${t.name})`) : null,
      BOXES.map(([key, title]) => h('div', { class: 'dugout', dataset: { box: key } },
        h('span', { class: 'muted' }, `${title}: `),
        boxes[si][key] && boxes[si][key].length ? h('ul', { class: 'chips' }, boxes[si][key]) : h('span', { class: 'muted' }, 'none'))),
    );
  });

  const turnText = (si) => {
    const t = view.teams[si];
    return `${SIDES[si]} turn ${t.turns}`;
  };
  const info = h('div', { class: 'bb-info' },
    h('span', { dataset: { half: view.half } }, view.half === 0 ? 'Before kick-off' : view.half === 3 ? 'Overtime' : `Half ${view.half}`),
    [0, 1].map((si) => h('span', { dataset: { turns: SIDES[si], turn: view.teams[si].turns } }, turnText(si))),
    [0, 1].map((si) => h('span', { dataset: { rerolls: SIDES[si], count: view.teams[si].rerolls } },
      `${SIDES[si]} re-rolls ${view.teams[si].rerolls}/${view.teams[si].rerolls_start}${view.teams[si].used && view.teams[si].used.reroll ? ' (one used this turn)' : ''}`)),
    h('span', { dataset: { weather: view.weather } }, `Weather: ${weatherName(rules, view.weather)}`),
    view.kicking ? h('span', { dataset: { kicking: view.kicking } }, `${view.kicking} kicks`) : null,
  );

  const home = bbTeamName(rules, view.teams[0].roster);
  const away = bbTeamName(rules, view.teams[1].roster);
  return h('div', { class: 'pitch-wrap bb', dataset: { seq, atSeq, game: 'blood_bowl' } },
    h('div', { class: 'scoreline' },
      h('span', { class: 'side-home-text' }, home),
      h('span', { class: 'score', dataset: { score: `${view.score[0]}-${view.score[1]}` } }, ` ${view.score[0]} – ${view.score[1]} `),
      h('span', { class: 'side-away-text' }, away),
      view.outcome
        ? h('span', { class: 'muted turn', dataset: { over: 'true' } }, ' · game over')
        : view.active ? h('span', { class: 'muted turn', dataset: { active: view.active } }, ` · ${view.active} (${view.active === 'Home' ? home : away}) to act, turn ${view.teams[sideIndex(view.active)].turns}`) : null,
    ),
    info,
    svg,
    ballData,
    dugouts,
    drawBbTeamPanels(view, rules, { known: log ? knownHands(log, atSeq ?? seq) : null }),
  );
}

/** The players an event is about (the acting one first), to highlight on the pitch. */
export function bbPlayersOf(event) {
  const e = event && event.type === 'game' ? event.event : null;
  if (!e) return [];
  const out = [];
  for (const k of ['player', 'thrown', 'attacker', 'passer', 'defender', 'catcher', 'target', 'by']) {
    if (typeof e[k] === 'number' && !out.includes(e[k])) out.push(e[k]);
  }
  return out;
}

/** Map player id -> {side, number, position, name, av}, for the words. */
export function bbRosterOf(view) {
  const m = new Map();
  for (const p of view.players) {
    m.set(p.id, { side: p.side, number: p.number, position: p.position, name: p.name, av: p.av, roster: view.teams[sideIndex(p.side)].roster, neutral: !!p.neutral });
  }
  return m;
}
