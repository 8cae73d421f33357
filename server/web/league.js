// One league: its coaches and teams, the standings, its matches (fixtures and results), and
// its seasons: the season's fixtures with deadlines and results, its standings with the
// league's tie-breakers, and its leaders (`?season=N` shows another season than the latest).

import {
  api, h, setMain, showError, failureText, renderNav, pathId, fmtDate,
  resultText, winnerText, editionName, ApiFailure, query,
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
  let seasons;
  try {
    [league, standings, rules, seasons] = await Promise.all([
      api(`/api/leagues/${encodeURIComponent(id)}`),
      api(`/api/leagues/${encodeURIComponent(id)}/standings`),
      loadAllRules(),
      api(`/api/leagues/${encodeURIComponent(id)}/seasons`),
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

  let seasonPart = null;
  try {
    seasonPart = await seasonSection(league, seasons, rules, game);
  } catch (e) {
    seasonPart = h('p', { class: 'error' }, `The season cannot be shown: ${failureText(e)}`);
  }

  setMain(
    h('h1', { id: 'league-name', dataset: { league: league.id } }, league.name),
    h('p', { class: 'meta' }, `${(GAMES[game] && GAMES[game].name) || game} · organised by ${league.organiser} · points: win ${p.win}, draw ${p.draw}, loss ${p.loss} · `,
      h('a', { href: `/matches?league=${league.id}` }, 'search its matches'),
      game === 'blood_bowl' ? [' · ', h('a', { href: `/leagues/${league.id}/teams`, id: 'league-teams' }, 'league teams')] : null),
    seasonPart,
    h('h2', {}, seasons.length ? 'All matches: standings' : 'Standings'),
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

const TIE_BREAKERS = {
  head_to_head: 'head to head',
  touchdown_difference: 'touchdown difference',
  casualty_difference: 'casualty difference',
  touchdowns_for: 'touchdowns scored',
};

/** The season shown (`?season=N`, else the latest): fixtures, standings, leaders. */
async function seasonSection(league, seasons, rules, game) {
  if (!seasons.length) return null;
  const wanted = Number(query().season);
  const chosen = seasons.find((s) => s.number === wanted) || seasons[seasons.length - 1];
  const base = `/api/leagues/${league.id}/seasons/${chosen.number}`;
  const [season, table, leaders] = await Promise.all([api(base), api(`${base}/standings`), api(`${base}/leaders`)]);
  const num = (v) => h('td', { class: 'num' }, String(v));
  const wide = (v) => h('td', { class: 'num wide' }, String(v));
  const team = (t) => (t === '-' ? '—' : teamNameOf(rules, game, t));
  const rows = table.standings.map((s, i) => h('tr', {
    dataset: {
      coach: s.coach, played: s.played, won: s.won, drawn: s.drawn, lost: s.lost,
      points: s.points, tdDiff: s.touchdown_difference, injDiff: s.injury_difference, tdFor: s.touchdowns_for,
    },
  },
  num(i + 1), h('td', {}, s.coach), h('td', { class: 'wide' }, team(s.team)), num(s.played), num(s.won), num(s.drawn), num(s.lost),
  wide(`${s.touchdowns_for}:${s.touchdowns_against}`), num(signed(s.touchdown_difference)),
  num(signed(s.injury_difference)), h('td', { class: 'num strong' }, String(s.points))));
  const now = Date.now();
  // The result links to the match that played it, when there is one to see.
  const resultCell = (f) => {
    if (!f.result) return f.deadline_ms < now && !season.closed_at_ms ? h('span', { class: 'overdue' }, 'overdue') : '—';
    const r = f.result;
    const note = r.source === 'forfeit' ? ' (forfeit)' : r.source === 'fixed' ? ' (fixed)' : '';
    const text = `${r.touchdowns[0]}–${r.touchdowns[1]}${note}`;
    return f.match_id ? h('a', { href: `/matches/${encodeURIComponent(f.match_id)}` }, text) : text;
  };
  const day = (ms) => new Date(ms).toISOString().slice(0, 10);
  const fixtureRows = season.fixtures.map((f) => h('tr', {
    dataset: { fixture: f.id, round: f.round, deadline: f.deadline_ms, result: f.result ? f.result.winner : '', source: f.result ? f.result.source : '' },
  },
  num(f.round), h('td', { title: fmtDate(f.deadline_ms) }, day(f.deadline_ms)),
  h('td', { class: 'home' }, f.coaches[0]), h('td', { class: 'score num' }, resultCell(f)), h('td', { class: 'away' }, f.coaches[1]),
  h('td', { class: 'wide' }, f.outcome ? f.outcome.reason : '')));
  const leaderTable = (key, title) => {
    const list = leaders[key];
    if (list === null || list === undefined) return h('p', { class: 'muted', id: `leaders-${key}` }, `${title}: this game's events record none.`);
    return h('div', { class: 'leaders' }, h('h3', {}, title), list.length
      ? h('table', { class: 'grid', id: `leaders-${key}` }, h('tbody', {}, list.map((l) => h('tr', { dataset: { coach: l.coach, count: l.count } },
        h('td', {}, l.player || team(l.team)), h('td', {}, l.coach), num(l.count)))))
      : h('p', { class: 'empty', id: `leaders-${key}` }, 'None yet.'));
  };
  const others = seasons.filter((s) => s.number !== chosen.number);
  return h('section', { id: 'season', dataset: { season: chosen.number, closed: chosen.closed_at_ms ? 'yes' : 'no' } },
    h('h2', {}, `Season ${chosen.number}: ${chosen.name}`),
    h('p', { class: 'meta' }, chosen.closed_at_ms ? `closed ${fmtDate(chosen.closed_at_ms)} (standings frozen)` : `open since ${fmtDate(chosen.opened_at_ms)}`,
      others.length ? [' · other seasons: ', others.map((s, i) => [i ? ', ' : '', h('a', { href: `?season=${s.number}` }, String(s.number))])] : null),
    h('h3', {}, 'Standings'),
    h('p', { class: 'muted', id: 'tie-breakers' }, `Points (win ${league.points.win}, draw ${league.points.draw}, loss ${league.points.loss}), then ${table.tie_breakers.map((t) => TIE_BREAKERS[t] || t).concat(['name']).join(', then ')}.`),
    rows.length
      ? h('table', { class: 'grid', id: 'season-standings', dataset: { frozen: table.frozen ? 'yes' : 'no' } },
        h('thead', {}, h('tr', {}, ['#', 'Coach', 'Team', 'P', 'W', 'D', 'L', 'TD', '±TD', '±Cas', 'Pts'].map((c) => h('th', { class: c === 'TD' || c === 'Team' ? 'wide' : null }, c)))),
        h('tbody', {}, rows))
      : h('p', { class: 'empty' }, 'No coach yet.'),
    h('h3', {}, 'Fixtures'),
    fixtureRows.length
      ? h('table', { class: 'grid', id: 'season-fixtures' },
        h('thead', {}, h('tr', {}, ['#', 'Deadline', 'Home', 'Result', 'Away', 'Note'].map((c) => h('th', { class: c === 'Note' ? 'wide' : null }, c)))),
        h('tbody', {}, fixtureRows))
      : h('p', { class: 'empty', id: 'season-unscheduled' }, 'Not scheduled yet.'),
    h('h3', {}, 'Leaders'),
    h('div', { class: 'leader-tables' }, leaderTable('touchdowns', 'Touchdowns'), leaderTable('casualties', 'Casualties'), leaderTable('completions', 'Completions')),
  );
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}
