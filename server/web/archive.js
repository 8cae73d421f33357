// The match archive: filters in the URL's query string, the table of matches, paging.

import {
  api, h, setMain, errorBox, failureText, renderNav, fmtDate, resultText, winnerText,
} from './common.js';
import { GAMES, loadAllRules, teamNameOf } from './games.js';

const FILTERS = ['game', 'edition', 'coach', 'team', 'status', 'league', 'result', 'from', 'to', 'unstarted'];
const PAGE = 20;

renderNav();
render();
window.addEventListener('popstate', render);

function current() {
  const q = new URLSearchParams(location.search);
  const f = {};
  for (const k of FILTERS) {
    const v = q.get(k);
    if (v) f[k] = v;
  }
  f.offset = q.get('offset') || '0';
  return f;
}

function select(name, label, options, value) {
  return h('label', {}, label,
    h('select', { name, id: `f-${name}` },
      h('option', { value: '' }, 'any'),
      options.map(([v, text]) => h('option', { value: v, selected: v === value }, text))));
}

async function render() {
  const search = location.search;
  const f = current();
  let rules;
  let leagues = [];
  try {
    [rules, leagues] = await Promise.all([loadAllRules(), api('/api/leagues')]);
  } catch (e) {
    setMain(errorBox('The server cannot be read', failureText(e)));
    return;
  }
  // Every game's teams (a game other than the first says which it is).
  const teams = Object.entries(GAMES).flatMap(([tag, g], i) => {
    const r = rules.get(tag);
    return Object.keys((r && r.teams) || {}).map((id) => [id, `${g.teamName(r, id)}${i > 0 ? ` (${g.name})` : ''}`]);
  }).sort((a, b) => a[1].localeCompare(b[1]));
  const form = h('form', { id: 'filters', class: 'filters', onsubmit: (ev) => { ev.preventDefault(); apply(form); } },
    select('game', 'Game', Object.entries(GAMES).map(([tag, g]) => [tag, g.name]), f.game),
    select('edition', 'Edition', [['Bb2024', '2024'], ['Bb2018', '2018'], ['Lrb6', 'LRB6 (Blood Bowl)']], f.edition),
    h('label', {}, 'Coach', h('input', { name: 'coach', id: 'f-coach', value: f.coach || '', placeholder: 'account name', size: 12 })),
    select('team', 'Team', teams, f.team),
    select('status', 'Status', [['finished', 'finished'], ['playing', 'playing'], ['open', 'open'], ['closed', 'closed']], f.status),
    select('league', 'League', leagues.map((l) => [String(l.id), l.name]), f.league),
    select('result', 'Result', [['home', 'home won'], ['away', 'away won'], ['draw', 'draw']], f.result),
    h('label', {}, 'From', h('input', { type: 'date', name: 'from', id: 'f-from', value: f.from || '' })),
    h('label', {}, 'To', h('input', { type: 'date', name: 'to', id: 'f-to', value: f.to || '' })),
    h('label', { class: 'check' }, 'Rooms never started',
      h('select', { name: 'unstarted', id: 'f-unstarted' },
        h('option', { value: '' }, 'hidden'),
        h('option', { value: 'shown', selected: f.unstarted === 'shown' }, 'shown'))),
    h('div', { class: 'buttons' },
      h('button', { type: 'submit', id: 'search' }, 'Search'),
      h('button', { type: 'button', class: 'secondary', onclick: () => go({}) }, 'Clear')),
  );
  const results = h('section', { id: 'results' }, h('p', { class: 'loading' }, 'Loading…'));
  setMain(h('h1', {}, 'Match archive'), form, results);

  const params = new URLSearchParams();
  for (const k of FILTERS) if (f[k] && k !== 'unstarted') params.set(k, f[k]);
  params.set('limit', String(PAGE));
  params.set('offset', f.offset);
  let page;
  try {
    page = await api(`/api/matches?${params}`);
  } catch (e) {
    results.replaceChildren(errorBox('These filters are refused', failureText(e)));
    results.dataset.query = search;
    return;
  }
  const leagueName = new Map(leagues.map((l) => [l.id, l.name]));
  // Rooms that never started are not results: hidden unless asked for (or a status is).
  const show = f.unstarted === 'shown' || f.status;
  const hidden = show ? [] : page.matches.filter((m) => m.started_at_ms === null || m.started_at_ms === undefined);
  const shownPage = { ...page, matches: page.matches.filter((m) => !hidden.includes(m)) };
  const note = hidden.length
    ? h('p', { class: 'muted', id: 'unstarted-note', dataset: { hidden: hidden.length } },
      `${hidden.length} room${hidden.length === 1 ? '' : 's'} that never started hidden on this page (Rooms never started: shown).`)
    : null;
  results.replaceChildren(table(shownPage, rules, leagueName), note, pager(page, f));
  // The query these results answer (readers wait for it to match the URL).
  results.dataset.query = search;
}

function apply(form) {
  const f = {};
  for (const k of FILTERS) {
    const el = form.elements[k];
    if (el && el.value.trim()) f[k] = el.value.trim();
  }
  go(f);
}

function go(f) {
  const q = new URLSearchParams(f);
  const url = q.toString() ? `/matches?${q}` : '/matches';
  history.pushState(null, '', url);
  render();
}

function table(page, rules, leagueName) {
  if (page.matches.length === 0) {
    return h('p', { class: 'empty', id: 'no-matches' }, 'No stored match fits these filters.');
  }
  const rows = page.matches.map((m) => h('tr', { dataset: { matchId: m.id, status: m.status } },
    h('td', {}, fmtDate(m.created_at_ms)),
    h('td', {}, h('a', { href: `/matches/${encodeURIComponent(m.id)}` }, `${teamNameOf(rules, m.game, m.teams[0])} v ${teamNameOf(rules, m.game, m.teams[1])}`)),
    h('td', { class: 'coaches' }, `${m.coaches[0] || '—'} v ${m.coaches[1] || '—'}`),
    h('td', {}, m.status, m.status === 'playing' ? [' ', h('a', { href: `/live/${encodeURIComponent(m.id)}`, class: 'badge live' }, 'watch')] : null),
    h('td', {}, resultText(m.result), m.winner ? h('span', { class: 'muted' }, ` (${winnerText(m.winner)})`) : null),
    h('td', {}, m.league ? h('a', { href: `/leagues/${m.league}` }, leagueName.get(m.league) || `league ${m.league}`) : '—'),
  ));
  return h('table', { id: 'matches', class: 'grid', dataset: { total: page.total } },
    h('thead', {}, h('tr', {}, ['Created', 'Teams', 'Coaches', 'Status', 'Result', 'League'].map((c) => h('th', {}, c)))),
    h('tbody', {}, rows));
}

function pager(page, f) {
  const from = page.total === 0 ? 0 : page.offset + 1;
  const to = page.offset + page.matches.length;
  const link = (offset, text, id) => {
    const q = new URLSearchParams();
    for (const k of FILTERS) if (f[k]) q.set(k, f[k]);
    if (offset > 0) q.set('offset', String(offset));
    return h('a', {
      href: `/matches?${q}`,
      id,
      onclick: (ev) => { ev.preventDefault(); history.pushState(null, '', `/matches?${q}`); render(); },
    }, text);
  };
  return h('p', { class: 'pager' },
    page.offset > 0 ? link(Math.max(0, page.offset - PAGE), '← newer', 'prev') : null,
    h('span', { id: 'count', dataset: { total: page.total } }, ` ${from}–${to} of ${page.total} `),
    page.next_offset !== null && page.next_offset !== undefined ? link(page.next_offset, 'older →', 'next') : null);
}
