// Draw a Blitz Bowl GameView: the pitch (squares, end zones, blocked squares, trapdoors),
// the players (team colour, position letter, standing or prone), the balls, the dugouts.
// Every drawn player and ball carries its facts in data attributes, so tests (and anyone)
// can read the position back from the DOM.

import { h, teamName, positionName, positionKeys } from './common.js';

const CELL = 40;

/** Where a player is: {place: 'standing'|'prone'|'reserves', square}. */
export function placeOf(player) {
  const p = player.place;
  if (p === 'Reserves') return { place: 'reserves', square: null };
  if (p && p.Standing) return { place: 'standing', square: p.Standing };
  if (p && p.Prone) return { place: 'prone', square: p.Prone };
  return { place: 'unknown', square: null };
}

/** One letter per position of a team, distinct within the team (as the terminal's). */
export function positionLetters(rules, team) {
  return positionKeys(rules, team).map((k) => k.letter);
}

/**
 * The drawing of `view` (a GameView). `seq`: the step it shows (a data attribute of the
 * wrapper). Returns a `<div class="pitch-wrap">`.
 */
export function drawPitch(view, rules, { seq, atSeq, highlight = [] } = {}) {
  const boardName = view.board || rules.default_board;
  const board = rules.boards[boardName] || rules.boards[rules.default_board];
  const W = board.length;
  const H = board.width;
  const blocked = new Set(board.blocked.map(([x, y]) => `${x},${y}`));
  const traps = new Set(board.trapdoors.map(([x, y]) => `${x},${y}`));
  const letters = [positionLetters(rules, view.teams[0]), positionLetters(rules, view.teams[1])];
  const sideIndex = (side) => (side === 'Home' ? 0 : 1);

  const EDGE = 22; // room for the coordinates left of and above the squares
  const svg = h('svg', {
    class: 'pitch',
    viewBox: `${-EDGE} ${-EDGE} ${W * CELL + EDGE} ${H * CELL + EDGE}`,
    role: 'img',
    'aria-label': `pitch, ${W} by ${H} squares`,
    dataset: { board: boardName, length: W, width: H },
  });
  for (let x = 0; x < W; x++) {
    for (let y = 0; y < H; y++) {
      const k = `${x},${y}`;
      let cls = 'sq';
      if (x === 0 || x === W - 1) cls += ' endzone';
      if (blocked.has(k)) cls += ' blocked';
      if (traps.has(k)) cls += ' trapdoor';
      const sq = h('rect', {
        class: cls,
        x: x * CELL,
        y: y * CELL,
        width: CELL,
        height: CELL,
        dataset: { x, y },
      });
      svg.appendChild(sq);
      if (traps.has(k)) {
        svg.appendChild(h('circle', { class: 'trap-mark', cx: x * CELL + CELL / 2, cy: y * CELL + CELL / 2, r: CELL * 0.32 }));
      }
    }
  }

  // Coordinates on the edges, as the events write squares: (x,y).
  for (let x = 0; x < W; x++) {
    svg.appendChild(h('text', { class: 'coord', x: x * CELL + CELL / 2, y: -7, 'text-anchor': 'middle', dataset: { coordX: x } }, String(x)));
  }
  for (let y = 0; y < H; y++) {
    svg.appendChild(h('text', { class: 'coord', x: -EDGE / 2, y: y * CELL + CELL / 2 + 4, 'text-anchor': 'middle', dataset: { coordY: y } }, String(y)));
  }

  const held = new Map(); // player id -> ball
  const loose = [];
  for (const b of view.balls || []) {
    if (b.at && b.at.Held !== undefined) held.set(b.at.Held, b);
    else if (b.at && b.at.Loose) loose.push(b);
  }

  const dugouts = [[], []];
  for (const p of view.players) {
    const { place, square } = placeOf(p);
    const si = sideIndex(p.side);
    const letter = letters[si][p.position] || String(p.position);
    const name = `${p.side} ${positionName(rules, view.teams[si], p.position)} #${p.id} (${teamName(rules, view.teams[si])})`;
    const data = {
      player: p.id,
      side: p.side,
      position: p.position,
      place,
      x: square ? square.x : undefined,
      y: square ? square.y : undefined,
      ball: held.has(p.id) ? held.get(p.id).id : undefined,
    };
    if (!square) {
      dugouts[si].push(h('li', { class: `chip side-${p.side.toLowerCase()}`, title: name, dataset: data }, letter));
      continue;
    }
    const cx = square.x * CELL + CELL / 2;
    const cy = square.y * CELL + CELL / 2;
    const lit = highlight.includes(p.id);
    const g = h('g', { class: `player side-${p.side.toLowerCase()} ${place}${lit ? ' highlight' : ''}`, dataset: data },
      h('title', {}, `${name}${place === 'prone' ? ' (prone)' : ''}${held.has(p.id) ? ' with the ball' : ''}`),
      h('circle', { class: 'token', cx, cy, r: CELL * 0.38 }),
      h('text', { x: cx, y: cy + 1, 'text-anchor': 'middle', class: 'label' }, letter),
      // The number the events use ("#7"), on the disc under the letter.
      h('text', { x: cx, y: cy + 12, 'text-anchor': 'middle', class: 'num' }, String(p.id)),
    );
    if (held.has(p.id)) {
      g.appendChild(h('circle', { class: 'ball held', cx: cx + CELL * 0.28, cy: cy - CELL * 0.28, r: CELL * 0.13 }));
    }
    svg.appendChild(g);
  }
  for (const b of loose) {
    const s = b.at.Loose;
    svg.appendChild(h('circle', {
      class: 'ball loose',
      cx: s.x * CELL + CELL / 2,
      cy: s.y * CELL + CELL / 2,
      r: CELL * 0.16,
      dataset: { ball: b.id, x: s.x, y: s.y, kind: b.kind },
    }));
  }
  // Held balls, as data for readers (drawn on their carrier above).
  const heldList = h('ul', { class: 'held-balls', hidden: true });
  for (const [pid, b] of held) heldList.appendChild(h('li', { dataset: { ball: b.id, heldBy: pid, kind: b.kind } }));

  const legend = [0, 1].map((si) => {
    const team = view.teams[si];
    const t = rules.teams[team];
    return h('div', { class: `legend side-${si === 0 ? 'home' : 'away'}` },
      h('strong', {}, `${si === 0 ? 'Home' : 'Away'}: ${teamName(rules, team)} `),
      t ? positionKeys(rules, team).map((k) => h('span', { class: 'legend-item' }, h('b', {}, k.letter), ` ${k.short}`)) : null,
      h('div', { class: 'dugout' }, h('span', { class: 'muted' }, 'Reserves: '),
        dugouts[si].length ? h('ul', { class: 'chips' }, dugouts[si]) : h('span', { class: 'muted' }, 'none')),
    );
  });

  return h('div', { class: 'pitch-wrap', dataset: { seq, atSeq } },
    h('div', { class: 'scoreline' },
      h('span', { class: 'side-home-text' }, teamName(rules, view.teams[0])),
      h('span', { class: 'score', dataset: { score: `${view.score[0]}-${view.score[1]}` } }, ` ${view.score[0]} – ${view.score[1]} `),
      h('span', { class: 'side-away-text' }, teamName(rules, view.teams[1])),
      view.outcome
        ? h('span', { class: 'muted turn', dataset: { over: 'true' } }, ' · game over')
        : view.turn_active ? h('span', { class: 'muted turn' }, ` · ${view.turn_active} to act, turn ${view.turns_started[sideIndex(view.turn_active)]}`) : null,
    ),
    svg,
    heldList,
    legend,
  );
}

/** The players an event is about (the acting one first), to highlight on the pitch. */
export function playersOf(event) {
  const e = event && event.type === 'game' ? event.event : null;
  if (!e) return [];
  const out = [];
  for (const k of ['player', 'thrower', 'attacker', 'defender', 'target', 'by', 'victim']) {
    if (typeof e[k] === 'number') out.push(e[k]);
  }
  return out;
}
