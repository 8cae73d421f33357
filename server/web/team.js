// Blood Bowl league teams (issue 13): /leagues/{id}/teams lists a league's teams;
// /leagues/{id}/teams/{team} shows one: its roster (characteristics, skills, SPP, value,
// injuries, who misses the next match), the players who left, its value, treasury, re-rolls,
// staff and fan factor, its record, and every change of its history with who made it, why,
// and the match it came from. A logged-in coach creates his team on the list page and
// manages it on its page (team_manage.js).

import {
  api, h, setMain, showError, failureText, renderNav, fmtDate, ApiFailure, loadRulesFrom, main,
} from './common.js';
import { createTeamCard, manageSection, postMatchSection } from './team_manage.js';
import {
  words, gold, kgold, DEPARTURE, eventText, playerNames, level,
} from './team_words.js';

renderNav();
start();

function parsePath() {
  const m = location.pathname.match(/^\/leagues\/([^/]+)\/teams(?:\/([^/]+))?\/?$/);
  if (!m) return null;
  return { league: decodeURIComponent(m[1]), team: m[2] ? decodeURIComponent(m[2]) : null };
}

async function start() {
  const path = parsePath();
  if (!path) {
    showError('No team named', 'The address should be /leagues/<league id>/teams/<team id>.');
    return;
  }
  if (path.team === null) {
    await listTeams(path.league);
  } else {
    await showTeam(path.league, path.team);
  }
}

function unknown(e, what, back) {
  if (e instanceof ApiFailure && (e.status === 404 || e.status === 400 || e.status === 409)) {
    showError(`Unknown ${what}`, [`${failureText(e)} `, h('a', { href: back }, 'Back'), '.']);
  } else {
    showError(`This ${what} cannot be shown`, failureText(e));
  }
}

async function listTeams(league) {
  const base = `/api/leagues/${encodeURIComponent(league)}`;
  let info;
  let teams;
  let rules;
  try {
    [info, teams, rules] = await Promise.all([api(base), api(`${base}/teams`), loadRulesFrom('/api/rules/blood_bowl')]);
  } catch (e) {
    unknown(e, 'league', '/leagues');
    return;
  }
  document.title = `${info.name}: teams · Dugout`;
  const rows = teams.map((t) => h('tr', { dataset: { team: t.id } },
    h('td', {}, h('a', { href: `/leagues/${info.id}/teams/${t.id}` }, t.name)),
    h('td', {}, t.coach),
    h('td', { class: 'wide' }, words(t.roster)),
    h('td', { class: 'num' }, kgold(t.team_value)),
    h('td', { class: 'num' }, `${t.record.won}/${t.record.drawn}/${t.record.lost}`),
    h('td', {}, t.approved ? h('span', { class: 'badge ok' }, 'approved') : h('span', { class: 'badge wait' }, 'being created'))));
  setMain(
    h('h1', { id: 'league-name' }, `${info.name}: teams`),
    h('p', { class: 'meta' }, h('a', { href: `/leagues/${info.id}` }, 'Back to the league')),
    rows.length
      ? h('div', { class: 'table-scroll' }, h('table', { class: 'grid', id: 'teams' },
        h('thead', {}, h('tr', {}, ['Team', 'Coach', 'Roster', 'TV', 'W/D/L', ''].map((c) => h('th', { class: c === 'Roster' ? 'wide' : null }, c)))),
        h('tbody', {}, rows)))
      : h('p', { class: 'empty' }, 'No team has been created in this league yet.'),
    createTeamCard(info, teams, rules),
  );
}

async function showTeam(league, teamId) {
  const base = `/api/leagues/${encodeURIComponent(league)}/teams/${encodeURIComponent(teamId)}`;
  let team;
  let history;
  let rules;
  try {
    [team, history, rules] = await Promise.all([api(base), api(`${base}/history`), loadRulesFrom('/api/rules/blood_bowl')]);
  } catch (e) {
    unknown(e, 'team', `/leagues/${encodeURIComponent(league)}/teams`);
    return;
  }
  document.title = `${team.name} · Dugout`;
  const name = playerNames(team, history);
  const playerHref = (id) => `/leagues/${team.league}/teams/${team.id}/players/${id}`;
  const injuries = injuriesByPlayer(history);
  const num = (v) => h('td', { class: 'num' }, String(v));
  const wide = (v) => h('td', { class: 'num wide' }, String(v));

  const players = [...team.players].sort((a, b) => a.number - b.number);
  const rosterRows = players.map((p) => h('tr', {
    dataset: { player: p.id, spp: p.spp, value: p.value, missNext: p.miss_next_game ? 'yes' : 'no' },
    class: p.miss_next_game ? 'missing' : null,
  },
  num(p.number),
  h('td', {}, h('a', { href: playerHref(p.id) }, p.name),
    p.journeyman ? [' ', h('span', { class: 'badge wait' }, 'journeyman')] : null,
    p.miss_next_game ? [' ', h('span', { class: 'badge bad', dataset: { miss: p.id } }, 'misses next match')] : null,
    p.pending_advancement ? [' ', h('span', { class: 'badge wait' }, `advancement ${p.pending_advancement.join('+')} to choose`)] : null,
    h('div', { class: 'muted small' }, p.position),
    injuryLine(injuries.get(p.id), p.niggling)),
  h('td', { class: 'stats' }, `${p.ma}/${p.st}/${p.ag}/${p.av}`),
  h('td', { class: 'skills' }, p.skills.map(words).join(', ') || '—'),
  num(p.spp), h('td', { class: 'level wide' }, level(p.spp)),
  wide(`${p.stats.played}/${p.stats.touchdowns}/${p.stats.casualties}`),
  num(kgold(p.value))));

  const formerRows = team.former.map((p) => h('tr', { dataset: { player: p.id, why: p.why } },
    h('td', {}, h('a', { href: playerHref(p.id) }, p.name), h('div', { class: 'muted small' }, p.position)),
    num(p.spp),
    h('td', {}, DEPARTURE[p.why] || p.why)));

  const r = team.record;
  const staff = [
    `${team.assistant_coaches} assistant coach${team.assistant_coaches === 1 ? '' : 'es'}`,
    `${team.cheerleaders} cheerleader${team.cheerleaders === 1 ? '' : 's'}`,
    team.apothecary ? 'an apothecary' : 'no apothecary',
  ].join(', ');

  const historyRows = history.map((l) => h('tr', { dataset: { seq: l.seq, type: l.event.type, match: l.match || null } },
    num(l.seq),
    h('td', {}, eventText(l.event, name), h('div', { class: 'muted small why' }, l.reason)),
    h('td', {}, l.actor || h('span', { class: 'muted' }, 'server')),
    h('td', {}, l.match ? h('a', { href: `/matches/${encodeURIComponent(l.match)}` }, 'match') : '—'),
    h('td', { class: 'wide' }, fmtDate(l.at_ms))));

  setMain(
    h('h1', { id: 'team-name', dataset: { team: team.id, league: team.league } }, team.name),
    h('p', { class: 'meta' }, `${words(team.roster)} · coach ${team.coach} · `,
      team.approved ? h('span', { class: 'badge ok' }, 'approved') : h('span', { class: 'badge wait' }, 'being created'),
      ' · ', h('a', { href: `/leagues/${team.league}` }, 'the league'),
      ' · ', h('a', { href: `/leagues/${team.league}/teams` }, 'its teams')),
    h('table', { class: 'grid summary', id: 'team-summary' }, h('tbody', {},
      row('Team value', kgold(team.team_value), 'tv', team.team_value),
      row('Treasury', gold(team.treasury), 'treasury', team.treasury),
      row('Team re-rolls', String(team.rerolls), 'rerolls', team.rerolls),
      row('Fan factor', String(team.fan_factor), 'fan-factor', team.fan_factor),
      row('Staff', staff, 'staff', null),
      row('Record (W/D/L)', `${r.won}/${r.drawn}/${r.lost} in ${r.played}`, 'record', `${r.won}/${r.drawn}/${r.lost}`),
      row('Touchdowns', `${r.touchdowns_for} for, ${r.touchdowns_against} against`, 'touchdowns', null),
      row('Casualties', `${r.casualties_for} caused, ${r.casualties_against} suffered`, 'casualties', null),
    )),
    h('h2', {}, 'Roster'),
    h('div', { class: 'table-scroll' }, h('table', { class: 'grid team-table', id: 'roster' },
      h('thead', {}, h('tr', {}, ['#', 'Player', 'MA/ST/AG/AV', 'Skills', 'SPP', 'Level', 'P/TD/Cas', 'Value']
        .map((c) => h('th', { class: ['Level', 'P/TD/Cas'].includes(c) ? 'wide' : null }, c)))),
      h('tbody', {}, rosterRows))),
    h('h2', {}, 'Players who left'),
    formerRows.length
      ? h('table', { class: 'grid', id: 'former' },
        h('thead', {}, h('tr', {}, ['Player', 'SPP', 'Why'].map((c) => h('th', {}, c)))),
        h('tbody', {}, formerRows))
      : h('p', { class: 'empty', id: 'former' }, 'Nobody has left this team.'),
    h('h2', {}, 'History'),
    h('div', { class: 'table-scroll' }, h('table', { class: 'grid team-table', id: 'history', dataset: { total: history.length } },
      h('thead', {}, h('tr', {}, ['#', 'Change (and why)', 'By', 'Match', 'When'].map((c) => h('th', { class: c === 'When' ? 'wide' : null }, c)))),
      h('tbody', {}, historyRows))),
  );
  // The coach's own controls and his post-match decisions, between the summary and the roster.
  const reload = () => showTeam(league, teamId);
  const roster = main().querySelector('h2');
  const manage = manageSection(team, rules, reload);
  const post = await postMatchSection(team, name, reload);
  for (const part of [post, manage]) {
    if (part) roster.before(part);
  }
}

/** A player's lasting injuries under his name (none: nothing). */
function injuryLine(list, niggling) {
  const all = [...(list || [])];
  if (niggling && !all.length) all.push(`${niggling} niggling`);
  return all.length ? h('div', { class: 'team-injuries small', dataset: { injuries: all.length } }, `Injuries: ${all.join(', ')}`) : null;
}

function row(label, text, key, value) {
  return h('tr', { dataset: { key, value: value === null ? null : value } }, h('th', {}, label), h('td', {}, text));
}

/** Lasting injuries by player (id -> words), from the history. */
function injuriesByPlayer(history) {
  const out = new Map();
  for (const l of history) {
    const e = l.event;
    if (e.type === 'injury' && e.result !== 'badly_hurt' && e.result !== 'dead') {
      const list = out.get(e.player) || [];
      list.push(words(e.result) + (e.ignored ? ' (no effect)' : ''));
      out.set(e.player, list);
    }
  }
  return out;
}
