// A stored match: its summary, the dice verification, and the replay viewer. The pitch at
// step N is the server's state at seq N (`/api/matches/{id}/state?seq=N`), so the drawing
// is exactly what the archive says; the events are described in words from the event log.
// Link to a step with `?step=N` (or `#step=N`). The drawing, the words and the drawing data
// are the match's game's, from the registry in games.js (keyed by the summary's `game`); a
// game these pages cannot draw says so.

import {
  api, h, setMain, errorBox, showError, failureText, renderNav, teamName, fmtDate,
  fmtDuration, resultText, winnerText, pathId, ApiFailure, editionName,
} from './common.js';
import { describe } from './describe.js';
import { gameFor, unknownGame } from './games.js';

renderNav();
start();

function wantedStep() {
  const q = new URLSearchParams(location.search).get('step');
  if (q !== null) return q;
  const m = /(?:^|&)step=([^&]*)/.exec(location.hash.slice(1));
  return m ? decodeURIComponent(m[1]) : null;
}

async function start() {
  const id = pathId('/matches/');
  if (!id) {
    showError('No match named', 'The address should be /matches/<match id>.');
    return;
  }
  let summary;
  let verification;
  let game;
  let rules = null;
  try {
    [summary, verification] = await Promise.all([
      api(`/api/matches/${encodeURIComponent(id)}`),
      api(`/api/matches/${encodeURIComponent(id)}/verification`),
    ]);
    game = gameFor(summary.game);
    if (game) rules = await game.loadRules();
  } catch (e) {
    if (e instanceof ApiFailure && e.status === 404) {
      showError('Unknown match', [`There is no match “${id}” in the archive. `, h('a', { href: '/matches' }, 'Search the archive'), '.']);
    } else {
      showError('This match cannot be shown', failureText(e));
    }
    return;
  }
  const replay = h('section', { id: 'replay' }, h('h2', {}, 'Replay'));
  // The replay above the fold; the dice (three long hashes) folded below it.
  setMain(summaryView(summary, verification, rules, game), replay, diceView(summary, verification));
  if (summary.league) {
    api(`/api/leagues/${summary.league}`).then((l) => {
      const a = document.getElementById('league-link');
      if (a && l && l.name) a.textContent = l.name;
    }, () => {});
  }
  if (!game) {
    replay.appendChild(unknownGame(summary.game));
    return;
  }
  if (summary.last_seq === 0) {
    replay.appendChild(h('p', { class: 'empty' }, 'The match has not started: there is nothing to replay yet.'));
    return;
  }
  let events;
  try {
    events = await allEvents(id);
  } catch (e) {
    replay.appendChild(errorBox('The event log cannot be read', failureText(e)));
    return;
  }
  const raw = wantedStep();
  let step = summary.last_seq;
  if (raw !== null) {
    const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!(n >= 1 && n <= summary.last_seq)) {
      replay.appendChild(errorBox('Bad step', [
        `Step “${raw}” is not in this match: its steps run from 1 to ${summary.last_seq}. `,
        h('a', { href: `/matches/${encodeURIComponent(id)}?step=1`, id: 'first-step-link' }, 'Start at step 1'),
        ' or ',
        h('a', { href: `/matches/${encodeURIComponent(id)}?step=${summary.last_seq}` }, 'see the end'),
        '.',
      ]));
      return;
    }
    step = n;
  }
  new Viewer(replay, id, summary, events, rules, game).go(step);
}

async function allEvents(id) {
  const out = [];
  let from = 1;
  for (;;) {
    const page = await api(`/api/matches/${encodeURIComponent(id)}/events?from=${from}&limit=1000`);
    out.push(...page.events);
    if (page.next_from === null || page.next_from === undefined) return out;
    from = page.next_from;
  }
}

function summaryView(s, v, rules, game) {
  const it = s;
  const team = (i) => (game ? game.teamName(rules, it.teams[i]) : teamName(rules, it.teams[i]));
  const row = (label, home, away, key) => h('tr', { dataset: { row: key } },
    h('th', {}, label), h('td', { dataset: { side: 'home' } }, String(home)), h('td', { dataset: { side: 'away' } }, String(away)));
  return h('section', { id: 'summary', dataset: { matchId: it.id, status: it.status } },
    h('h1', {}, `${team(0)} v ${team(1)}`),
    h('p', { class: 'meta' },
      `${game ? game.name : it.game} ${editionName(it.edition)} · ${it.status}`,
      it.status === 'playing' ? [' · ', h('a', { href: `/live/${encodeURIComponent(it.id)}`, class: 'badge live', id: 'watch-live' }, 'watch live')] : null,
      it.league ? [' · ', h('a', { href: `/leagues/${it.league}`, id: 'league-link' }, 'league')] : null,
      ` · created ${fmtDate(it.created_at_ms)} · duration ${fmtDuration(s.duration_ms)}`),
    h('table', { class: 'grid summary' },
      h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', {}, 'Home'), h('th', {}, 'Away'))),
      h('tbody', {},
        row('Team', team(0), team(1), 'team'),
        row('Coach', it.coaches[0] || '—', it.coaches[1] || '—', 'coach'),
        row('Score', s.score[0], s.score[1], 'score'),
        row('Touchdowns', s.touchdowns[0], s.touchdowns[1], 'touchdowns'),
        row('Injuries suffered', s.injuries[0], s.injuries[1], 'injuries'),
        game ? game.summaryRows(s).map(([label, home, away, key]) => row(label, home, away, key)) : null,
      )),
    h('p', { id: 'result' }, it.result ? `Result: ${resultText(it.result)} (${winnerText(it.winner)})` : 'No result yet.'),
  );
}

function diceView(s, v) {
  const badge = {
    verified: ['ok', 'Verified'],
    not_revealed: ['wait', 'Not yet revealed'],
    not_started: ['wait', 'Not started'],
    failed: ['bad', 'FAILED'],
  }[v.status] || ['bad', v.status];
  return h('section', { class: 'dice', id: 'dice' },
    h('h2', {}, 'Dice ', h('span', { id: 'verification', class: `badge ${badge[0]}`, dataset: { verification: v.status } }, badge[1])),
    h('details', { id: 'dice-hashes' }, h('summary', {}, 'the commitment, the entropy and the seed'),
      h('p', {}, 'Commitment (SHA-256 of the server seed): ', h('code', {}, s.dice.commitment || 'none')),
      h('p', {}, 'Coaches’ entropy: home ', h('code', {}, s.dice.entropy[0] || 'none'), ', away ', h('code', {}, s.dice.entropy[1] || 'none')),
      (v.server_seed || s.dice.server_seed) ? h('p', {}, 'Revealed server seed: ', h('code', {}, v.server_seed || s.dice.server_seed)) : null),
    h('details', {}, h('summary', {}, 'what the server checked'), h('pre', {}, v.message)),
  );
}

class Viewer {
  constructor(root, id, summary, events, rules, game) {
    this.id = id;
    this.game = game;
    this.summary = summary;
    this.events = events;
    this.rules = rules;
    this.last = summary.last_seq;
    this.cache = new Map();
    this.request = 0;
    this.ctx = { game, rules, teams: summary.teams, coaches: summary.coaches, players: new Map() };
    this.bySeq = new Map(events.map((e) => [e.seq, e]));
    const turns = events.filter((e) => e.event.type === 'game' && e.event.event.type === 'turn_started');

    this.range = h('input', { type: 'range', min: 1, max: this.last, id: 'step-range', 'aria-label': 'step', oninput: () => this.go(Number(this.range.value)) });
    this.number = h('input', { type: 'number', min: 1, max: this.last, id: 'step-input', 'aria-label': 'step number', onchange: () => this.goChecked(this.number.value) });
    this.turn = h('select', { id: 'turn-select', 'aria-label': 'jump to a turn', onchange: () => { if (this.turn.value) this.go(Number(this.turn.value)); } },
      h('option', { value: '' }, 'jump to a turn…'),
      turns.map((e) => h('option', { value: e.seq }, `Turn ${e.event.event.turn} · ${e.event.event.coach || e.event.event.side} (step ${e.seq})`)));
    const btn = (label, id, f, title) => h('button', { type: 'button', id, title, onclick: f }, label);
    this.status = h('p', { id: 'step-status', class: 'step-status' });
    this.message = h('div', { id: 'step-message' });
    this.link = h('a', { id: 'step-link' }, 'link to this step');
    this.pitch = h('div', { id: 'pitch' }, h('p', { class: 'loading' }, 'Loading the state…'));
    this.log = h('ol', { id: 'event-log', class: 'event-log' });
    this.now = h('p', { id: 'event-now', class: 'event-now' });
    for (const e of events) {
      this.log.appendChild(h('li', { dataset: { seq: e.seq }, onclick: () => this.go(e.seq) },
        h('span', { class: 'seq' }, String(e.seq)), ' ', h('span', { class: 'text' }, '')));
    }
    root.append(
      h('div', { class: 'controls' },
        btn('« first', 'first', () => this.go(1), 'first step'),
        btn('‹ back', 'back', () => this.go(this.step - 1), 'step back (←)'),
        btn('forward ›', 'forward', () => this.go(this.step + 1), 'step forward (→)'),
        btn('last »', 'last', () => this.go(this.last), 'last step'),
        this.range, this.number, this.turn, this.link),
      this.status, this.now, this.message,
      h('div', { class: 'replay-body' }, this.pitch, h('div', { class: 'log-panel' }, h('h3', {}, 'Events'), this.log)),
    );
    document.addEventListener('keydown', (ev) => {
      if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement) return;
      if (ev.key === 'ArrowLeft') this.go(this.step - 1);
      if (ev.key === 'ArrowRight') this.go(this.step + 1);
    });
    window.addEventListener('hashchange', () => {
      const m = /(?:^|&)step=(\d+)/.exec(location.hash.slice(1));
      if (m) this.goChecked(m[1]);
    });
  }

  goChecked(raw) {
    const n = Number(raw);
    if (Number.isInteger(n) && n >= 1 && n <= this.last) {
      this.message.replaceChildren();
      this.go(n);
    } else {
      this.message.replaceChildren(errorBox('Bad step', `Step “${raw}” is not in this match: its steps run from 1 to ${this.last}.`));
    }
  }

  async go(n) {
    if (!Number.isInteger(n)) return;
    n = Math.min(this.last, Math.max(1, n));
    this.step = n;
    this.range.value = String(n);
    this.number.value = String(n);
    const url = `/matches/${encodeURIComponent(this.id)}?step=${n}`;
    this.link.href = url;
    if (location.pathname + location.search !== url) history.replaceState(null, '', url);
    this.status.textContent = `Step ${n} of ${this.last}`;
    this.status.dataset.step = String(n);
    this.status.dataset.last = String(this.last);
    for (const li of this.log.querySelectorAll('li.current')) li.classList.remove('current');
    const li = this.log.querySelector(`li[data-seq="${n}"]`);
    if (li) li.classList.add('current');
    this.scrollLog();
    const mine = ++this.request;
    let state = this.cache.get(n);
    if (!state) {
      try {
        state = await api(`/api/matches/${encodeURIComponent(this.id)}/state?seq=${n}`);
      } catch (e) {
        if (mine === this.request) this.pitch.replaceChildren(errorBox('The state cannot be read', failureText(e)));
        return;
      }
      this.cache.set(n, state);
    }
    if (mine !== this.request) return;
    if (this.ctx.players.size === 0) {
      this.ctx.players = this.game.rosterOf(state.view);
      // Players who join during the match (§29 stars, §30.8 mercenaries, §12.7 a raised
      // Zombie) are named from their events when the state drawn is from before they joined.
      for (const ev of this.events) {
        const g = ev.event.type === 'game' ? ev.event.event : null;
        const p = g && (g.type === 'player_joined' || g.type === 'zombie_raised') ? g.player : null;
        if (p && Number.isInteger(p.id) && !this.ctx.players.has(p.id)) {
          this.ctx.players.set(p.id, { side: p.side, number: p.number, position: p.position, name: p.name, av: p.av });
        }
      }
      for (const item of this.log.querySelectorAll('li')) {
        const e = this.bySeq.get(Number(item.dataset.seq));
        const prev = this.bySeq.get(e.seq - 1);
        item.querySelector('.text').textContent = describe(this.ctx, e.event, prev && prev.event);
      }
    }
    const e = this.bySeq.get(n);
    const before = this.bySeq.get(n - 1);
    this.now.textContent = e ? `${n}: ${describe(this.ctx, e.event, before && before.event)}` : `${n}: (no event visible at this step)`;
    // A state of another game than the summary's cannot be drawn with its code.
    if (state.view.game !== this.summary.game) {
      this.pitch.replaceChildren(unknownGame(state.view.game));
      return;
    }
    this.pitch.replaceChildren(this.game.drawPitch(state.view, this.rules, { seq: n, atSeq: state.at_seq, highlight: this.game.playersOf(e && e.event), log: this.events }));
    this.scrollLog();
  }

  /** Scroll the event list (not the page) so the current event is in its middle. */
  scrollLog() {
    const li = this.log.querySelector('li.current');
    if (li) this.log.scrollTop = Math.max(0, li.offsetTop - this.log.clientHeight / 2);
  }
}
