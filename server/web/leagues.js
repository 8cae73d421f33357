// The leagues index.

import { api, h, setMain, showError, failureText, renderNav, fmtDate } from './common.js';

renderNav();
start();

async function start() {
  let leagues;
  try {
    leagues = await api('/api/leagues');
  } catch (e) {
    showError('The leagues cannot be read', failureText(e));
    return;
  }
  const rows = leagues.map((l) => h('tr', { dataset: { league: l.id } },
    h('td', {}, h('a', { href: `/leagues/${l.id}` }, l.name)),
    h('td', {}, l.organiser),
    h('td', {}, `${l.points.win}/${l.points.draw}/${l.points.loss}`),
    h('td', {}, fmtDate(l.created_at_ms))));
  setMain(
    h('h1', {}, 'Leagues'),
    leagues.length
      ? h('table', { class: 'grid', id: 'leagues' },
        h('thead', {}, h('tr', {}, ['League', 'Organiser', 'Points (win/draw/loss)', 'Created'].map((c) => h('th', {}, c)))),
        h('tbody', {}, rows))
      : h('p', { class: 'empty', id: 'no-leagues' }, 'No league yet.'),
    h('p', {}, h('a', { href: '/organiser' }, 'Organise a league'), ' (log in first).'),
  );
}
