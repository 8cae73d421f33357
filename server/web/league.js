// One league: its coaches and teams, the standings, its matches (fixtures and results).

import {
  api, h, setMain, showError, failureText, renderNav, pathId, fmtDate,
  resultText, winnerText, editionName, ApiFailure,
} from './common.js';
import { GAMES, loadAllRules, teamNameOf } from './games.js';

renderNav();
start();

async function start() {
  const id = pathId('/leagues/');
  if (!id) {
    showError('No league named', 'The address should be /leagues/<league id>.');
    return;
  }
  let league;
  let standings;
  let rules;
  try {
    [league, standings, rules] = await Promise.all([
      api(`/api/leagues/${encodeURIComponent(id)}`),
      api(`/api/leagues/${encodeURIComponent(id)}/standings`),
      loadAllRules(),
    ]);
  } catch (e) {
    if (e instanceof ApiFailure && (e.status === 404 || e.status === 400)) {
      showError('Unknown league', [`There is no league “${id}”. `, h('a', { href: '/leagues' }, 'See every league'), '.']);
    } else {
      showError('This league cannot be shown', failureText(e));
    }
    return;
  }
  document.title = `${league.name} · Dugout`;
  // A league plays one game: its teams are named by that game.
  const game = league.game || 'blitz';
  const p = league.points;
  const num = (v) => h('td', { class: 'num' }, String(v));
  // Columns a phone leaves out (the differences and the points stay).
  const wide = (v) => h('td', { class: 'num wide' }, String(v));
  const standingRows = standings.standings.map((s, i) => h('tr', {
    dataset: {
      coach: s.coach, team: s.team, played: s.played, won: s.won, drawn: s.drawn, lost: s.lost,
      points: s.points, tdDiff: s.touchdown_difference, injDiff: s.injury_difference,
    },
  },
  num(i + 1), h('td', {}, s.coach), h('td', {}, teamNameOf(rules, game, s.team)), num(s.played), num(s.won), num(s.drawn), num(s.lost),
  wide(`${s.touchdowns_for}:${s.touchdowns_against}`), num(signed(s.touchdown_difference)),
  wide(`${s.injuries_inflicted}:${s.injuries_suffered}`), num(signed(s.injury_difference)), h('td', { class: 'num strong' }, String(s.points))));

  // The attached matches, newest first: who played which team, the score, a link to each.
  const side = (m, i) => `${m.coaches[i] || '—'} (${teamNameOf(rules, game, m.teams[i])})`;
  const matchRows = league.attached.map((m) => h('tr', { dataset: { matchId: m.id, status: m.status } },
    h('td', {}, fmtDate(m.created_at_ms)),
    h('td', { class: 'home' }, side(m, 0)),
    h('td', { class: 'score num' }, m.touchdowns ? `${m.touchdowns[0]}–${m.touchdowns[1]}` : '—'),
    h('td', { class: 'away' }, side(m, 1)),
    h('td', { class: 'wide' }, editionName(m.edition)),
    h('td', {}, m.result ? `${resultText(m.result)} (${winnerText(m.winner)})` : m.status),
    h('td', {}, h('a', { href: `/matches/${encodeURIComponent(m.id)}` }, m.status === 'finished' ? 'replay' : 'see'),
      m.status === 'playing' ? [' · ', h('a', { href: `/live/${encodeURIComponent(m.id)}` }, 'watch')] : null)));

  setMain(
    h('h1', { id: 'league-name', dataset: { league: league.id } }, league.name),
    h('p', { class: 'meta' }, `${(GAMES[game] && GAMES[game].name) || game} · organised by ${league.organiser} · points: win ${p.win}, draw ${p.draw}, loss ${p.loss} · `,
      h('a', { href: `/matches?league=${league.id}` }, 'search its matches'),
      game === 'blood_bowl' ? [' · ', h('a', { href: `/leagues/${league.id}/teams`, id: 'league-teams' }, 'league teams')] : null),
    h('h2', {}, 'Standings'),
    standingRows.length
      ? h('table', { class: 'grid', id: 'standings' },
        h('thead', {}, h('tr', {}, ['#', 'Coach', 'Team', 'P', 'W', 'D', 'L', 'TD', '±TD', 'Inj', '±Inj', 'Pts'].map((c) => h('th', { class: c === 'TD' || c === 'Inj' ? 'wide' : null }, c)))),
        h('tbody', {}, standingRows))
      : h('p', { class: 'empty' }, 'No coach is registered yet.'),
    h('h2', {}, 'Coaches and teams'),
    league.coaches.length
      ? h('table', { class: 'grid', id: 'coaches' },
        h('thead', {}, h('tr', {}, h('th', {}, 'Coach'), h('th', {}, 'Team'))),
        h('tbody', {}, league.coaches.map((c) => h('tr', { dataset: { coach: c.coach } }, h('td', {}, c.coach), h('td', {}, teamNameOf(rules, game, c.team))))))
      : h('p', { class: 'empty' }, 'No coach is registered yet.'),
    h('h2', {}, 'Fixtures and results'),
    matchRows.length
      ? h('table', { class: 'grid', id: 'fixtures', dataset: { total: league.attached.length } },
        h('thead', {}, h('tr', {}, ['Created', 'Home', 'TD', 'Away', 'Edition', 'Result', ''].map((c) => h('th', { class: c === 'Edition' ? 'wide' : null }, c)))),
        h('tbody', {}, matchRows))
      : h('p', { class: 'empty' }, 'No match counts for this league yet.'),
  );
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}
