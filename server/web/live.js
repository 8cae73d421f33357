// Live matches: `/live` lists the public rooms being played; `/live/{id}` follows one as a
// spectator over the WebSocket protocol (`hello`, `spectate`).
//
// The view is followed from events, as the terminal client and the bots do: the snapshot the
// room sends on `spectate` (or, for a room followed before its start, when the match starts)
// is the starting view, and each `events` message is folded into it with the game's view
// reducer (games.js; Blitz Bowl's is blitz_fold.js, a port of `GameView::apply`), its decision
// setting `view.prompt`. A snapshot is asked for only
//   * on a gap: an events message whose first new event is not the seq after the view's;
//   * when the reducer cannot fold an event (an unknown event type, another game's event);
//   * for every batch of a match whose `rules_version` (in the snapshot) is below the one the
//     game folds from (Blitz Bowl: 2): its events do not suffice, so it is redrawn from a
//     snapshot after each batch, as before.
// One snapshot request is in flight at a time. The folded state is `window.dugoutLive`
// (`{view, seq}`), updated after each drawing; the browser tests compare it with the
// server's spectator view at the same seq. The events are described in words as they come;
// the earlier ones are read from the archive.

import {
  api, h, setMain, errorBox, showError, failureText, renderNav, pathId, token, clearLogin,
  resultText,
} from './common.js';
import { describe } from './describe.js';
import { gameFor, unknownGame } from './games.js';

renderNav();
const id = pathId('/live/');
if (id) follow(id);
else list();

/** A seat in the room list: the coach, "(gone)" when no connection of theirs follows the room. */
function seatText(r, i) {
  const name = r.seats[i];
  if (!name) return '—';
  return r.connected && r.connected[i] === false ? `${name} (gone)` : name;
}

async function list(again = false) {
  let rooms;
  const rulesOf = new Map(); // game tag -> its drawing data (team names)
  try {
    rooms = await api('/api/rooms');
    const tags = [...new Set(rooms.map((r) => r.game))].filter((t) => gameFor(t));
    await Promise.all(tags.map(async (t) => rulesOf.set(t, await gameFor(t).loadRules())));
  } catch (e) {
    if (!again) showError('The rooms cannot be read', failureText(e));
    return;
  }
  // The list follows the lobby: read again every few seconds.
  if (!again) setInterval(() => list(true), 5000);
  const title = (r) => {
    const g = gameFor(r.game);
    return g ? g.matchTitle(rulesOf.get(r.game), r.setup.teams) : `${r.game}: ${(r.setup && r.setup.teams || []).join(' v ')}`;
  };
  const rows = rooms.map((r) => h('tr', { dataset: { room: r.room, status: r.status } },
    h('td', {}, h('a', { href: `/live/${encodeURIComponent(r.room)}` }, title(r))),
    h('td', {}, `${seatText(r, 0)} v ${seatText(r, 1)}`),
    h('td', {}, r.status),
    h('td', {}, String(r.seq)),
    h('td', {}, String(r.spectators))));
  setMain(
    h('h1', {}, 'Live matches'),
    h('p', { class: 'meta' }, 'Public rooms, open or being played (updated every 5 seconds). Watching needs a login.'),
    rooms.length
      ? h('table', { class: 'grid', id: 'rooms' },
        h('thead', {}, h('tr', {}, ['Teams', 'Coaches', 'Status', 'Step', 'Spectators'].map((c) => h('th', {}, c)))),
        h('tbody', {}, rows))
      : h('p', { class: 'empty', id: 'no-rooms' }, 'Nobody is playing a public match right now.'),
  );
}

async function follow(room) {
  if (!token()) {
    showError('Log in to watch live', [
      'Spectating goes over the WebSocket, which needs an account. ',
      h('a', { href: `/organiser?next=${encodeURIComponent(location.pathname)}`, id: 'login-link' }, 'Log in'),
      ', or see the match in the ',
      h('a', { href: `/matches/${encodeURIComponent(room)}` }, 'archive'),
      '.',
    ]);
    return;
  }
  const state = h('p', { id: 'live-status', class: 'step-status', dataset: { state: 'connecting' } }, 'Connecting…');
  const pitch = h('div', { id: 'pitch' }, h('p', { class: 'muted' }, 'Waiting for the match state…'));
  const log = h('ol', { id: 'event-log', class: 'event-log' });
  const banner = h('div', { id: 'live-banner' });
  setMain(
    h('h1', { id: 'live-title' }, 'Live match'),
    h('p', { class: 'meta' }, 'Watching as a spectator. ', h('a', { href: `/matches/${encodeURIComponent(room)}` }, 'Archive page')),
    state, banner,
    h('div', { class: 'replay-body' }, pitch, h('div', { class: 'log-panel' }, h('h3', {}, 'Events'), log)),
  );

  // The game (its registry entry) and its drawing data: from the first snapshot's view.
  const ctx = { game: null, rules: null, teams: null, coaches: [null, null], players: new Map() };
  let nextId = 1;
  let snapshotInFlight = false;
  let snapshotWanted = false;
  let view = null; // the view, folded up to `viewSeq`
  let viewSeq = 0;
  let folds = false; // the match's rules version lets its events be folded
  let stale = false; // a gap or an event the reducer cannot fold: waiting for a snapshot
  let eventsSeq = 0;
  let lastGame = null; // the newest game event: its players are highlighted
  let lastRoomEvent = null; // the newest event received ({seq, event}), for the next one's words
  let shownSeq = 0;
  let over = false;
  let result = null; // from `match_ended` or a snapshot
  let dead = false; // a game these pages cannot draw: stop
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(`${proto}//${location.host}/ws`);
  const send = (msg) => ws.send(JSON.stringify({ ...msg, id: nextId++ }));
  const setState = (s, text) => {
    state.dataset.state = s;
    state.textContent = text;
  };
  const askSnapshot = () => {
    if (snapshotInFlight) {
      snapshotWanted = true;
      return;
    }
    snapshotInFlight = true;
    snapshotWanted = false;
    send({ type: 'snapshot', room });
  };
  const stop = (node, text) => {
    dead = true;
    setState('error', text);
    banner.replaceChildren(node);
    ws.close();
  };

  ws.addEventListener('open', () => {
    ws.send(JSON.stringify({ type: 'hello', protocol_version: 2, client: 'dugout-web', token: token() }));
  });
  ws.addEventListener('close', () => {
    if (!['over', 'error'].includes(state.dataset.state)) setState('closed', 'The connection closed. Reload to follow again.');
  });
  // Messages are handled one at a time, in order (the first snapshot waits for the game's
  // drawing data).
  let queue = Promise.resolve();
  ws.addEventListener('message', (m) => {
    queue = queue.then(() => (dead ? null : onMessage(m))).catch((e) => {
      banner.replaceChildren(errorBox('The live view failed', String(e && e.message ? e.message : e)));
    });
  });

  async function onMessage(m) {
    let msg;
    try {
      msg = JSON.parse(m.data);
    } catch {
      return;
    }
    switch (msg.type) {
      case 'welcome':
        send({ type: 'spectate', room });
        setState('waiting', 'Following the room; waiting for the match state…');
        break;
      case 'snapshot':
        await onSnapshot(msg);
        break;
      case 'events':
        onEvents(msg);
        break;
      case 'error':
        if (msg.code === 'unauthenticated') {
          clearLogin();
          stop(errorBox('Log in again to watch live', h('a', { href: `/organiser?next=${encodeURIComponent(location.pathname)}` }, 'Log in')), 'Your login has expired.');
        } else if (msg.code === 'unknown_room') {
          stop(errorBox('No live match here', [`There is no live match “${room}” (it may be over and retired). `, h('a', { href: `/matches/${encodeURIComponent(room)}` }, 'Look in the archive'), '.']), 'No such live match.');
        } else if (msg.code === 'rate_limited') {
          snapshotInFlight = false;
          setTimeout(askSnapshot, 500);
        } else {
          banner.replaceChildren(errorBox('The server refused a request', `${msg.message} (${msg.code})`));
        }
        break;
      case 'room_changed':
        if (msg.room.room === room && msg.room.status === 'closed' && !over) {
          setState('closed', 'The room closed.');
        }
        break;
      default:
        break;
    }
  }

  async function onSnapshot(msg) {
    snapshotInFlight = false;
    const game = gameFor(msg.view && msg.view.game);
    if (!game) {
      stop(unknownGame(msg.view && msg.view.game), 'This match cannot be drawn here.');
      return;
    }
    if (!ctx.game) {
      try {
        ctx.rules = await game.loadRules();
      } catch (e) {
        stop(errorBox('The server cannot be read', failureText(e)), 'The drawing data cannot be read.');
        return;
      }
      ctx.game = game;
    }
    view = msg.view;
    viewSeq = msg.seq;
    folds = (msg.rules_version ?? 1) >= game.foldsFrom;
    stale = false;
    if (msg.result) result = msg.result;
    draw();
    // Events that came while this snapshot was on its way are in it (one ordered queue);
    // an old rules version redraws from a snapshot after every batch.
    if (snapshotWanted && !folds) askSnapshot();
    snapshotWanted = false;
  }

  function onEvents(msg) {
    eventsSeq = msg.seq;
    for (const [i, e] of msg.events.entries()) {
      if (e.event.type === 'game') lastGame = e.event;
      if (e.event.type === 'match_started') ctx.coaches = e.event.coaches;
      if (!log.querySelector(`li[data-seq="${e.seq}"]`)) {
        const prev = i > 0 ? msg.events[i - 1].event : lastRoomEvent && lastRoomEvent.seq === e.seq - 1 ? lastRoomEvent.event : null;
        log.prepend(h('li', { dataset: { seq: e.seq } }, h('span', { class: 'seq' }, String(e.seq)), ' ', ctx.teams ? describe(ctx, e.event, prev) : e.event.type));
      }
      lastRoomEvent = e;
      if (e.event.type === 'match_ended') {
        over = true;
        result = e.event.result;
        banner.replaceChildren(h('p', { class: 'badge ok', id: 'match-over' }, `Match over: ${resultText(e.event.result)}. `,
          h('a', { href: `/matches/${encodeURIComponent(room)}` }, 'Replay it')));
      }
    }
    // Before the first snapshot (a match just starting sends its events, then the snapshot).
    if (!view) return;
    if (!folds) {
      // Redraw whenever the room moved on (even when every new event was hidden from
      // spectators: the state still changed).
      if (msg.seq > shownSeq || over) askSnapshot();
      return;
    }
    if (stale) {
      askSnapshot();
      return;
    }
    if (msg.seq < viewSeq) return; // already in the view
    const fresh = msg.events.filter((e) => e.seq > viewSeq);
    if (fresh.length && fresh[0].seq !== viewSeq + 1) {
      // A gap: events we never received.
      stale = true;
      askSnapshot();
      return;
    }
    for (const e of fresh) {
      if (e.event.type !== 'game') continue; // the room's own events leave the view alone
      const ev = e.event.event;
      if (!ev || ev.game !== view.game || !ctx.game.fold(view, ev, ctx.rules)) {
        stale = true;
        askSnapshot();
        return;
      }
    }
    if (msg.decision && msg.decision.prompt !== undefined) view.prompt = msg.decision.prompt;
    viewSeq = msg.seq;
    draw();
  }

  /** The events before we followed, from the archive (the spectator's view), below. */
  async function history(upTo) {
    try {
      const page = await api(`/api/matches/${encodeURIComponent(room)}/events?from=${Math.max(1, upTo - 199)}&limit=200`);
      const shown = new Set([...log.children].map((li) => Number(li.dataset.seq)));
      const bySeq = new Map(page.events.map((x) => [x.seq, x]));
      for (const e of page.events.filter((x) => x.seq <= upTo && !shown.has(x.seq)).reverse()) {
        if (e.event.type === 'match_started') ctx.coaches = e.event.coaches;
        const prev = bySeq.get(e.seq - 1);
        log.appendChild(h('li', { dataset: { seq: e.seq } }, h('span', { class: 'seq' }, String(e.seq)), ' ', describe(ctx, e.event, prev && prev.event)));
      }
    } catch {
      // The live events still come; the earlier ones are in the archive.
    }
  }

  function draw() {
    const game = ctx.game;
    if (!ctx.teams) {
      ctx.teams = game.teamsOf(view);
      ctx.players = game.rosterOf(view);
      document.getElementById('live-title').textContent = `Live: ${game.matchTitle(ctx.rules, ctx.teams)}`;
      history(viewSeq);
    }
    pitch.replaceChildren(game.drawPitch(view, ctx.rules, { seq: viewSeq, atSeq: viewSeq, highlight: game.playersOf(lastGame) }));
    shownSeq = viewSeq;
    state.dataset.seq = String(viewSeq);
    state.dataset.eventsSeq = String(Math.max(eventsSeq, viewSeq));
    if (result || over) {
      over = true;
      setState('over', `Match over at step ${viewSeq}${result ? `: ${resultText(result)}` : ''}.`);
    } else {
      setState('live', `Live at step ${viewSeq}`);
    }
    window.dugoutLive = { view, seq: viewSeq };
  }
}
