// One player of a Blood Bowl league team (issue 13): /leagues/{id}/teams/{team}/players/{player}.
// His profile (position, characteristics, skills, value, level), his SPP by kind, his
// advancements, his injuries and the matches he played: all read from the team
// (GET /api/leagues/{id}/teams/{team}) and its history (.../history).

import {
  api, h, setMain, showError, failureText, renderNav, fmtDate, ApiFailure,
} from './common.js';
import {
  words, gold, kgold, DEPARTURE, advanceText, level,
} from './team_words.js';

renderNav();
start();

async function start() {
  const m = location.pathname.match(/^\/leagues\/([^/]+)\/teams\/([^/]+)\/players\/([^/]+)\/?$/);
  if (!m) {
    showError('No player named', 'The address should be /leagues/<league>/teams/<team>/players/<player>.');
    return;
  }
  const [league, teamId, playerId] = m.slice(1).map(decodeURIComponent);
  const base = `/api/leagues/${encodeURIComponent(league)}/teams/${encodeURIComponent(teamId)}`;
  let team;
  let history;
  try {
    [team, history] = await Promise.all([api(base), api(`${base}/history`)]);
  } catch (e) {
    if (e instanceof ApiFailure && (e.status === 404 || e.status === 400 || e.status === 409)) {
      showError('Unknown team', failureText(e));
    } else {
      showError('This player cannot be shown', failureText(e));
    }
    return;
  }
  const id = Number(playerId);
  const current = team.players.find((p) => p.id === id);
  const former = team.former.find((p) => p.id === id);
  const mine = history.filter((l) => l.event.player === id);
  if (!current && !former && !mine.length) {
    showError('Unknown player', [`${team.name} has no player ${playerId}. `,
      h('a', { href: `/leagues/${team.league}/teams/${team.id}` }, 'Back to the team'), '.']);
    return;
  }
  const joined = mine.find((l) => l.event.type === 'player_joined');
  const name = (current || former || (joined && joined.event) || { name: `player ${id}` }).name;
  document.title = `${name} · ${team.name} · Dugout`;

  const spp = new Map();
  let total = 0;
  for (const l of mine) {
    if (l.event.type === 'spp') {
      spp.set(l.event.kind, (spp.get(l.event.kind) || 0) + l.event.spp);
      total += l.event.spp;
    }
  }
  const kinds = ['completion', 'touchdown', 'interception', 'casualty', 'mvp'];
  const advances = mine.filter((l) => l.event.type === 'advanced' || l.event.type === 'advancement_rolled');
  const injuries = mine.filter((l) => l.event.type === 'injury');
  const matches = mine.filter((l) => (l.event.type === 'played' || l.event.type === 'missed_match_served') && l.match);
  const matchLink = (l) => (l.match ? h('a', { href: `/matches/${encodeURIComponent(l.match)}` }, 'match') : '—');

  const profile = current
    ? [
      ['Number', `#${current.number}`], ['Position', current.position],
      ['MA / ST / AG / AV', `${current.ma} / ${current.st} / ${current.ag} / ${current.av}`],
      ['Skills', current.skills.map(words).join(', ') || '—'],
      ['SPP', `${current.spp} (${level(current.spp)})`], ['Value', gold(current.value)],
      ['Niggling injuries', String(current.niggling)],
      ['Next match', current.miss_next_game ? 'misses it' : 'available'],
      ['Status', current.journeyman ? 'journeyman' : 'on the roster'],
      ['Career (played, TD, comp, int, cas, MVP)', ['played', 'touchdowns', 'completions', 'interceptions', 'casualties', 'mvps'].map((k) => current.stats[k]).join(', ')],
    ]
    : [
      ['Position', former ? former.position : (joined ? joined.event.position : '?')],
      ['SPP', former ? `${former.spp} (${level(former.spp)})` : String(total)],
      ['Status', former ? `left the team: ${DEPARTURE[former.why] || former.why}` : 'left the team'],
    ];

  setMain(
    h('h1', { id: 'player-name', dataset: { player: id, status: current ? 'current' : 'former' } }, name),
    h('p', { class: 'meta' }, h('a', { href: `/leagues/${team.league}/teams/${team.id}` }, team.name), ` · ${words(team.roster)} · coach ${team.coach}`),
    h('table', { class: 'grid summary', id: 'profile' }, h('tbody', {},
      profile.map(([k, v]) => h('tr', {}, h('th', {}, k), h('td', {}, v))))),
    h('h2', {}, 'Star player points'),
    h('table', { class: 'grid summary', id: 'spp' }, h('tbody', {},
      kinds.map((k) => h('tr', { dataset: { kind: k, spp: spp.get(k) || 0 } }, h('th', {}, k === 'mvp' ? 'MVP' : words(k)), h('td', { class: 'num' }, String(spp.get(k) || 0)))),
      h('tr', { dataset: { kind: 'total', spp: total } }, h('th', {}, 'Total'), h('td', { class: 'num strong' }, String(total))))),
    h('h2', {}, 'Advancements'),
    advances.length
      ? h('ul', { id: 'advancements' }, advances.map((l) => h('li', { dataset: { seq: l.seq } },
        l.event.type === 'advanced'
          ? `Took ${advanceText(l.event.advance)} (value +${kgold(l.event.value)})`
          : `Rolled ${l.event.dice[0]}+${l.event.dice[1]}`,
        ' · ', matchLink(l))))
      : h('p', { class: 'empty', id: 'advancements' }, 'No advancement yet.'),
    h('h2', {}, 'Injuries'),
    injuries.length
      ? h('ul', { id: 'injuries' }, injuries.map((l) => h('li', { dataset: { seq: l.seq, result: l.event.result } },
        words(l.event.result), l.event.ignored ? ' (no lasting effect: past the cap)' : '', ' · ', matchLink(l))))
      : h('p', { class: 'empty', id: 'injuries' }, 'No injury.'),
    h('h2', {}, 'Matches'),
    matches.length
      ? h('ul', { id: 'matches' }, matches.map((l) => h('li', { dataset: { match: l.match } },
        l.event.type === 'played' ? 'Played' : 'Missed (serving an injury)', ` · ${fmtDate(l.at_ms)} · `, matchLink(l))))
      : h('p', { class: 'empty', id: 'matches' }, 'No match yet.'),
  );
}
