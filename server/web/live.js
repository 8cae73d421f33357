// Live matches: `/live` lists the public rooms being played; `/live/{id}` follows one as a
// spectator over the WebSocket protocol (`hello`, `spectate`), redrawing the pitch from a
// snapshot after each batch of events (one snapshot request in flight at a time).

import {
  api, h, setMain, errorBox, showError, failureText, renderNav, loadRules, teamName, pathId,
  token, clearLogin, resultText,
} from './common.js';
import { drawPitch, playersOf } from './pitch.js';
import { describe, rosterOf } from './describe.js';

renderNav();
const id = pathId('/live/');
if (id) follow(id);
else list();

async function list(again = false) {
  let rooms;
  let rules;
  try {
    [rooms, rules] = await Promise.all([api('/api/rooms'), loadRules()]);
  } catch (e) {
    if (!again) showError('The rooms cannot be read', failureText(e));
    return;
  }
  // The list follows the lobby: read again every few seconds.
  if (!again) setInterval(() => list(true), 5000);
  const rows = rooms.map((r) => h('tr', { dataset: { room: r.room, status: r.status } },
    h('td', {}, h('a', { href: `/live/${encodeURIComponent(r.room)}` }, `${teamName(rules, r.setup.teams[0])} v ${teamName(rules, r.setup.teams[1])}`)),
    h('td', {}, `${r.seats[0] || '—'} v ${r.seats[1] || '—'}`),
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
  let rules;
  try {
    rules = await loadRules();
  } catch (e) {
    showError('The server cannot be read', failureText(e));
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

  const ctx = { rules, teams: null, coaches: [null, null], players: new Map() };
  let nextId = 1;
  let snapshotInFlight = false;
  let snapshotWanted = false;
  let eventsSeq = 0;
  let lastGame = null; // the newest game event: its players are highlighted
  let shownSeq = 0;
  let over = false;
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

  ws.addEventListener('open', () => {
    ws.send(JSON.stringify({ type: 'hello', protocol_version: 2, client: 'dugout-web', token: token() }));
  });
  ws.addEventListener('close', () => {
    if (state.dataset.state !== 'over' && state.dataset.state !== 'error') setState('closed', 'The connection closed. Reload to follow again.');
  });
  ws.addEventListener('message', (m) => {
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
        snapshotInFlight = false;
        draw(msg.view, msg.seq, msg.result);
        if (snapshotWanted) askSnapshot();
        break;
      case 'events':
        eventsSeq = msg.seq;
        for (const e of msg.events) {
          if (e.event.type === 'game') lastGame = e.event;
          if (e.event.type === 'match_started') ctx.coaches = e.event.coaches;
          log.prepend(h('li', { dataset: { seq: e.seq } }, h('span', { class: 'seq' }, String(e.seq)), ' ', ctx.teams ? describe(ctx, e.event) : e.event.type));
          if (e.event.type === 'match_ended') {
            over = true;
            banner.replaceChildren(h('p', { class: 'badge ok', id: 'match-over' }, `Match over: ${resultText(e.event.result)}. `,
              h('a', { href: `/matches/${encodeURIComponent(room)}` }, 'Replay it')));
          }
        }
        // Redraw whenever the room moved on (even when every new event was hidden from
        // spectators: the state still changed).
        if (msg.seq > shownSeq || over) askSnapshot();
        break;
      case 'error':
        if (msg.code === 'unauthenticated') {
          clearLogin();
          setState('error', 'Your login has expired.');
          banner.replaceChildren(errorBox('Log in again to watch live', h('a', { href: `/organiser?next=${encodeURIComponent(location.pathname)}` }, 'Log in')));
          ws.close();
        } else if (msg.code === 'unknown_room') {
          setState('error', 'No such live match.');
          banner.replaceChildren(errorBox('No live match here', [`There is no live match “${room}” (it may be over and retired). `, h('a', { href: `/matches/${encodeURIComponent(room)}` }, 'Look in the archive'), '.']));
          ws.close();
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
  });

  /** The events before we followed, from the archive (the spectator's view), below. */
  async function history(upTo) {
    try {
      const page = await api(`/api/matches/${encodeURIComponent(room)}/events?from=${Math.max(1, upTo - 199)}&limit=200`);
      const shown = new Set([...log.children].map((li) => Number(li.dataset.seq)));
      for (const e of page.events.filter((x) => x.seq <= upTo && !shown.has(x.seq)).reverse()) {
        if (e.event.type === 'match_started') ctx.coaches = e.event.coaches;
        log.appendChild(h('li', { dataset: { seq: e.seq } }, h('span', { class: 'seq' }, String(e.seq)), ' ', describe(ctx, e.event)));
      }
    } catch {
      // The live events still come; the earlier ones are in the archive.
    }
  }

  function draw(view, seq, result) {
    if (!ctx.teams) {
      ctx.teams = view.teams;
      ctx.players = rosterOf(view);
      document.getElementById('live-title').textContent = `Live: ${teamName(rules, view.teams[0])} v ${teamName(rules, view.teams[1])}`;
      history(seq);
    }
    pitch.replaceChildren(drawPitch(view, rules, { seq, atSeq: seq, highlight: playersOf(lastGame) }));
    shownSeq = seq;
    state.dataset.seq = String(seq);
    state.dataset.eventsSeq = String(Math.max(eventsSeq, seq));
    if (result || over) {
      over = true;
      setState('over', `Match over at step ${seq}${result ? `: ${resultText(result)}` : ''}.`);
    } else {
      setState('live', `Live at step ${seq}`);
    }
  }
}

