// Log in (the existing accounts), answer one's league invitations, and manage leagues: create
// one, invite coaches with their teams (a coach plays for the league once they accept),
// attach and detach matches, remove coaches, delete the league (each removal asks to
// confirm first), set the tie-breakers (and a Blood Bowl league's optional rules), run
// seasons (open, schedule, reschedule, link a fixture's match, record a forfeit, fix a
// result, close; each with a reason where the log wants one), and read the league's log. `?league=ID` manages one league; `?next=PATH` returns there after
// logging in.

import {
  api, h, setMain, errorBox, failureText, renderNav, teamName, token, account,
  saveLogin, clearLogin, query, fmtDate, resultText, editionName,
} from './common.js';
import { GAMES, gameFor, loadAllRules, teamNameOf } from './games.js';

renderNav();
start();

async function start() {
  if (!token()) {
    loginForm();
    return;
  }
  try {
    await api('/api/me', { auth: true });
  } catch (e) {
    clearLogin();
    renderNav();
    loginForm('Your login has expired; log in again.');
    return;
  }
  const q = query();
  if (q.league) manage(q.league);
  else dashboard();
}

function loginForm(note) {
  const out = h('div', { id: 'login-error' });
  const form = h('form', { id: 'login', class: 'card', onsubmit: (ev) => { ev.preventDefault(); submit('/api/login'); } },
    h('h1', {}, 'Log in'),
    note ? h('p', { class: 'muted' }, note) : null,
    h('label', {}, 'Account', h('input', { name: 'name', id: 'login-name', autocomplete: 'username', required: true })),
    h('label', {}, 'Password', h('input', { name: 'password', id: 'login-password', type: 'password', autocomplete: 'current-password', required: true })),
    h('div', { class: 'buttons' },
      h('button', { type: 'submit', id: 'login-submit' }, 'Log in'),
      h('button', { type: 'button', class: 'secondary', id: 'register-submit', onclick: () => submit('/api/register') }, 'Create this account')),
    out);
  async function submit(path) {
    const name = form.elements.name.value.trim();
    const password = form.elements.password.value;
    try {
      const grant = await api(path, { method: 'POST', body: { name, password }, auth: false });
      saveLogin(grant);
      location.assign(safeNext(query().next));
    } catch (e) {
      out.replaceChildren(errorBox(path.endsWith('login') ? 'Login refused' : 'Account refused', failureText(e)));
    }
  }
  setMain(form);
}

async function dashboard() {
  const me = account();
  let mine;
  let invitations;
  try {
    [mine, invitations] = await Promise.all([
      api(`/api/leagues?organiser=${encodeURIComponent(me)}`),
      // Logged out meanwhile (another tab): no invitations to show.
      token() ? api('/api/invitations', { auth: true }) : Promise.resolve([]),
    ]);
  } catch (e) {
    setMain(errorBox('Your leagues cannot be read', failureText(e)));
    return;
  }
  const out = h('div', { id: 'create-error' });
  const form = h('form', { id: 'create-league', class: 'card', onsubmit: async (ev) => {
    ev.preventDefault();
    const f = form.elements;
    try {
      const league = await api('/api/leagues', {
        method: 'POST',
        auth: true,
        body: { name: f.name.value, game: f.game.value, points: { win: Number(f.win.value), draw: Number(f.draw.value), loss: Number(f.loss.value) } },
      });
      location.assign(`/organiser?league=${league.id}`);
    } catch (e) {
      out.replaceChildren(errorBox('The league was not created', failureText(e)));
    }
  } },
  h('h2', {}, 'Create a league'),
  h('label', {}, 'Name', h('input', { name: 'name', id: 'league-name-input', required: true, maxlength: 80 })),
  h('label', {}, 'Game', h('select', { name: 'game', id: 'league-game' },
    Object.entries(GAMES).map(([tag, g]) => h('option', { value: tag }, g.name)))),
  h('label', {}, 'Win', h('input', { name: 'win', type: 'number', value: '3', min: -100, max: 100 })),
  h('label', {}, 'Draw', h('input', { name: 'draw', type: 'number', value: '1', min: -100, max: 100 })),
  h('label', {}, 'Loss', h('input', { name: 'loss', type: 'number', value: '0', min: -100, max: 100 })),
  h('div', { class: 'buttons' }, h('button', { type: 'submit', id: 'create-submit' }, 'Create')),
  out);
  const answerOut = h('div', { id: 'invitation-error' });
  const answer = (i, accept) => async () => {
    try {
      await api(`/api/leagues/${i.league}/invitation`, { method: accept ? 'POST' : 'DELETE', auth: true });
      dashboard();
    } catch (e) {
      answerOut.replaceChildren(errorBox('The invitation was not answered', failureText(e)));
    }
  };
  setMain(
    h('h1', {}, 'Organiser'),
    h('h2', {}, 'Your invitations'),
    answerOut,
    invitations.length
      ? h('ul', { id: 'invitations' }, invitations.map((i) => h('li', { dataset: { league: i.league } },
        h('a', { href: `/leagues/${i.league}` }, i.name), ` · from ${i.organiser} · to play ${teamName(null, i.team)} `,
        h('button', { type: 'button', id: `accept-${i.league}`, onclick: answer(i, true) }, 'Accept'), ' ',
        h('button', { type: 'button', class: 'secondary', id: `decline-${i.league}`, onclick: answer(i, false) }, 'Decline'))))
      : h('p', { class: 'empty', id: 'no-invitations' }, 'No league has invited you.'),
    h('h2', {}, 'Your leagues'),
    mine.length
      ? h('ul', { id: 'my-leagues' }, mine.map((l) => h('li', { dataset: { league: l.id } },
        h('a', { href: `/organiser?league=${l.id}` }, l.name), ' · ', h('a', { href: `/leagues/${l.id}` }, 'public page'))))
      : h('p', { class: 'empty', id: 'no-leagues' }, 'You organise no league yet.'),
    form,
  );
}

async function manage(idText) {
  let league;
  let rules;
  let all; // every game's drawing data: match lists name each game's teams
  let candidates;
  let log = [];
  try {
    [league, all, candidates] = await Promise.all([
      api(`/api/leagues/${encodeURIComponent(idText)}`),
      loadAllRules(),
      api('/api/matches?status=finished&limit=100'),
    ]);
    // The league's game names its teams (a league plays one game).
    rules = all.get(league.game || 'blitz');
    if (league.organiser.toLowerCase() === (account() || '').toLowerCase()) {
      log = await api(`/api/leagues/${league.id}/log`, { auth: true });
    }
  } catch (e) {
    setMain(errorBox('This league cannot be managed', [failureText(e), ' ', h('a', { href: '/organiser' }, 'Back to your leagues')]));
    return;
  }
  const me = account();
  if (league.organiser.toLowerCase() !== (me || '').toLowerCase()) {
    setMain(errorBox('Not your league', [`Only its organiser (${league.organiser}) manages “${league.name}”. `, h('a', { href: `/leagues/${league.id}` }, 'See the league')]));
    return;
  }
  const coachOut = h('div', { id: 'coach-error' });
  const game = gameFor(league.game || 'blitz') || GAMES.blitz;
  const teams = Object.entries((rules && rules.teams) || {}).sort((a, b) => game.teamName(rules, a[0]).localeCompare(game.teamName(rules, b[0])));
  const coachForm = h('form', { id: 'add-coach', class: 'card', onsubmit: async (ev) => {
    ev.preventDefault();
    try {
      await api(`/api/leagues/${league.id}/coaches`, {
        method: 'POST', auth: true, body: { coach: coachForm.elements.coach.value.trim(), team: coachForm.elements.team.value },
      });
      manage(String(league.id));
    } catch (e) {
      coachOut.replaceChildren(errorBox('The coach was not invited', failureText(e)));
    }
  } },
  h('h2', {}, 'Invite a coach'),
  h('p', { class: 'muted' }, 'They play for the league once they accept (on their organiser page, or over the API).'),
  h('label', {}, 'Account', h('input', { name: 'coach', id: 'coach-name', required: true })),
  h('label', {}, `Team (${game.name})`, h('select', { name: 'team', id: 'coach-team' }, teams.map(([tid]) => h('option', { value: tid }, game.teamName(rules, tid))))),
  h('div', { class: 'buttons' }, h('button', { type: 'submit', id: 'coach-submit' }, 'Invite')),
  coachOut);

  const registered = new Set(league.coaches.map((c) => c.coach.toLowerCase()));
  const attachable = candidates.matches.filter((m) => m.league === null || m.league === undefined)
    .filter((m) => m.coaches.every((c) => c && registered.has(c.toLowerCase())));
  const matchOut = h('div', { id: 'attach-error' });
  const attachForm = h('form', { id: 'attach-match', class: 'card', onsubmit: async (ev) => {
    ev.preventDefault();
    const f = attachForm.elements;
    const matchId = f.typed.value.trim() || f.pick.value;
    try {
      await api(`/api/leagues/${league.id}/matches`, { method: 'POST', auth: true, body: { match: matchId } });
      manage(String(league.id));
    } catch (e) {
      matchOut.replaceChildren(errorBox('The match was not attached', failureText(e)));
    }
  } },
  h('h2', {}, 'Attach a match'),
  h('p', { class: 'muted' }, 'Finished matches between registered coaches, not yet in a league:'),
  h('label', {}, 'Match', h('select', { name: 'pick', id: 'attach-pick' },
    h('option', { value: '' }, attachable.length ? 'choose…' : 'none'),
    attachable.map((m) => h('option', { value: m.id }, `${fmtDate(m.created_at_ms)} · ${m.coaches[0]} (${teamNameOf(all, m.game, m.teams[0])}) v ${m.coaches[1]} (${teamNameOf(all, m.game, m.teams[1])}) · ${editionName(m.edition)} · ${resultText(m.result)}`)))),
  h('label', {}, 'or its id', h('input', { name: 'typed', id: 'attach-id', size: 38 })),
  h('div', { class: 'buttons' }, h('button', { type: 'submit', id: 'attach-submit' }, 'Attach')),
  matchOut);

  const actionOut = h('div', { id: 'action-error' });
  // A removal asks first: the button turns into "Confirm" and "Cancel".
  const confirmed = (label, id, question, run) => {
    const box = h('span', { class: 'confirm' });
    const ask = () => box.replaceChildren(
      h('span', { class: 'question' }, question, ' '),
      h('button', { type: 'button', class: 'danger', id: `${id}-confirm`, onclick: act }, 'Confirm'),
      ' ',
      h('button', { type: 'button', class: 'secondary', id: `${id}-cancel`, onclick: reset }, 'Cancel'));
    const reset = () => box.replaceChildren(h('button', { type: 'button', class: 'secondary', id, onclick: ask }, label));
    async function act() {
      try {
        await run();
      } catch (e) {
        actionOut.replaceChildren(errorBox(`${label}: refused`, failureText(e)));
        reset();
      }
    }
    reset();
    return box;
  };
  const side = (m, i) => `${m.coaches[i] || '—'} (${teamNameOf(all, null, m.teams[i])})`;
  const again = () => manage(String(league.id));
  let seasonPart;
  try {
    seasonPart = await seasonTools(league, candidates, again);
  } catch (e) {
    seasonPart = errorBox('The seasons cannot be read', failureText(e));
  }

  setMain(
    h('h1', { id: 'manage-title', dataset: { league: league.id } }, `Manage: ${league.name}`),
    h('p', { class: 'meta' }, h('a', { href: `/leagues/${league.id}`, id: 'public-link' }, 'public page'), ' · ', h('a', { href: '/organiser' }, 'your leagues')),
    actionOut,
    h('h2', {}, 'Coaches'),
    league.coaches.length || (league.invited || []).length
      ? h('table', { class: 'grid', id: 'coaches' }, h('thead', {}, h('tr', {}, h('th', {}, 'Coach'), h('th', {}, 'Team'), h('th', {}, 'Status'), h('th', {}, ''))),
        h('tbody', {}, [
          ...league.coaches.map((c) => ({ ...c, status: 'registered' })),
          ...(league.invited || []).map((c) => ({ ...c, status: 'invited' })),
        ].map((c) => h('tr', { dataset: { coach: c.coach, status: c.status } }, h('td', {}, c.coach), h('td', {}, game.teamName(rules, c.team)),
          h('td', {}, c.status === 'invited' ? 'invited: not accepted yet' : 'registered'),
          h('td', {}, confirmed(c.status === 'invited' ? 'Withdraw' : 'Remove', `remove-${c.coach}`,
            c.status === 'invited' ? `Withdraw the invitation to ${c.coach}?` : `Remove ${c.coach} from the league?`, async () => {
              await api(`/api/leagues/${league.id}/coaches/${encodeURIComponent(c.coach)}`, { method: 'DELETE', auth: true });
              again();
            }))))))
      : h('p', { class: 'empty' }, 'None yet.'),
    h('h2', {}, 'Matches'),
    h('p', {}, `${league.attached.length} match(es) attached.`),
    league.attached.length
      ? h('table', { class: 'grid', id: 'attached' },
        h('thead', {}, h('tr', {}, ['Created', 'Home', 'TD', 'Away', 'Edition', 'Result', ''].map((c) => h('th', {}, c)))),
        h('tbody', {}, league.attached.map((m) => h('tr', { dataset: { matchId: m.id } },
          h('td', {}, h('a', { href: `/matches/${encodeURIComponent(m.id)}` }, fmtDate(m.created_at_ms))),
          h('td', {}, side(m, 0)),
          h('td', { class: 'num' }, m.touchdowns ? `${m.touchdowns[0]}–${m.touchdowns[1]}` : '—'),
          h('td', {}, side(m, 1)),
          h('td', {}, editionName(m.edition)),
          h('td', {}, m.result ? resultText(m.result) : m.status),
          h('td', {}, confirmed('Detach', `detach-${m.id}`, 'Detach this match? It stays in the archive.', async () => {
            await api(`/api/leagues/${league.id}/matches/${encodeURIComponent(m.id)}`, { method: 'DELETE', auth: true });
            again();
          }))))))
      : null,
    h('div', { class: 'forms' }, coachForm, attachForm),
    seasonPart,
    h('h2', {}, 'Log'),
    log.length
      ? h('ul', { id: 'league-log' }, log.map((l) => h('li', { dataset: { what: l.what } }, `${fmtDate(l.at_ms)} · ${l.who} · ${l.what.replace(/_/g, ' ')} · ${l.detail}`)))
      : h('p', { class: 'empty', id: 'league-log-empty' }, 'Nothing detached, removed or deleted yet.'),
    h('h2', {}, 'Delete the league'),
    h('p', { class: 'muted' }, 'Its matches are detached (they stay in the archive) and its coaches unregistered.'),
    confirmed('Delete this league', 'delete-league', `Delete “${league.name}” for good?`, async () => {
      await api(`/api/leagues/${league.id}`, { method: 'DELETE', auth: true });
      location.assign('/organiser');
    }),
  );
}

const TIE_BREAKERS = [
  ['head_to_head', 'head to head'],
  ['touchdown_difference', 'touchdown difference'],
  ['casualty_difference', 'casualty difference'],
  ['touchdowns_for', 'touchdowns scored'],
];

/** A `<input type=date>` value (YYYY-MM-DD, UTC) as Unix ms at 23:59 UTC that day. */
function dayEnd(value) {
  const t = Date.parse(`${value}T23:59:00Z`);
  return Number.isFinite(t) ? t : NaN;
}

function dayOf(ms) {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The settings and the seasons of `league`, with the organiser's forms. */
async function seasonTools(league, candidates, again) {
  const id = league.id;
  const [settings, seasons] = await Promise.all([
    api(`/api/leagues/${id}/settings`),
    api(`/api/leagues/${id}/seasons`),
  ]);
  const current = seasons.length ? seasons[seasons.length - 1] : null;
  const season = current ? await api(`/api/leagues/${id}/seasons/${current.number}`, { auth: true }) : null;
  const open = current && !current.closed_at_ms;
  const out = h('div', { id: 'season-error' });
  const run = (what, path, body) => async (ev) => {
    if (ev) ev.preventDefault();
    try {
      await api(path, { method: 'POST', auth: true, body: body() });
      again();
    } catch (e) {
      out.replaceChildren(errorBox(`${what}: refused`, failureText(e)));
    }
  };

  // Settings: the tie-breakers in order (and §32.17's switches for Blood Bowl).
  const tb = (i) => h('select', { name: `tb${i}`, id: `tie-breaker-${i}` },
    h('option', { value: '' }, '—'),
    TIE_BREAKERS.map(([v, t]) => h('option', { value: v, selected: settings.tie_breakers[i] === v }, t)));
  const bb = league.game === 'blood_bowl';
  const r = settings.rules || {};
  const settingsForm = h('form', { id: 'settings', class: 'card' },
    h('h2', {}, 'Tie-breakers'),
    h('p', { class: 'muted' }, 'Teams level on points are ordered by these, in order, then by name.'),
    [0, 1, 2, 3].map((i) => h('label', {}, `${i + 1}.`, tb(i))),
    bb ? [
      h('h3', {}, 'Optional league rules'),
      h('label', {}, 'MVP', h('select', { name: 'mvp', id: 'rule-mvp' },
        [['random', 'random'], ['coach_chooses', 'each coach chooses'], ['random_living', 'random, not dead']].map(([v, t]) => h('option', { value: v, selected: r.mvp === v }, t)))),
      h('label', {}, 'Expenses from', h('input', { name: 'threshold', id: 'rule-threshold', type: 'number', value: String(r.expenses_threshold), min: 0, step: 10000 })),
      h('label', {}, 'per band of', h('input', { name: 'band', id: 'rule-band', type: 'number', value: String(r.expenses_band), min: 10000, step: 10000 })),
      h('label', {}, h('input', { name: 'freeff', id: 'rule-free-ff', type: 'checkbox', checked: !!r.free_fan_factor }), ' free fan factor'),
      h('label', {}, 'Short seasons', h('select', { name: 'short', id: 'rule-short' },
        [['off', 'no extra'], ['flat', '+10k loss, +20k draw or win'], ['double_fame', 'FAME counts twice']].map(([v, t]) => h('option', { value: v, selected: r.short_season === v }, t)))),
    ] : null,
    h('div', { class: 'buttons' }, h('button', { type: 'submit', id: 'settings-submit' }, 'Save')));
  settingsForm.onsubmit = run('Settings', `/api/leagues/${id}/settings`, () => {
    const f = settingsForm.elements;
    const order = [0, 1, 2, 3].map((i) => f[`tb${i}`].value).filter((v) => v);
    const body = { tie_breakers: order };
    if (bb) {
      body.rules = {
        mvp: f.mvp.value, expenses_threshold: Number(f.threshold.value), expenses_band: Number(f.band.value),
        free_fan_factor: f.freeff.checked, short_season: f.short.value,
      };
    }
    return body;
  });

  const parts = [h('h2', {}, 'Seasons'), out];
  if (!open) {
    const f = h('form', { id: 'open-season', class: 'card' },
      h('h3', {}, current ? `Season ${current.number} is closed: open the next` : 'Open a season'),
      h('label', {}, 'Name', h('input', { name: 'name', id: 'season-name', required: true, maxlength: 64 })),
      h('div', { class: 'buttons' }, h('button', { type: 'submit', id: 'season-open' }, 'Open')));
    f.onsubmit = run('Open a season', `/api/leagues/${id}/seasons`, () => ({ name: f.elements.name.value }));
    parts.push(f);
  }
  if (open && season.fixtures.length === 0) {
    const f = h('form', { id: 'schedule', class: 'card' },
      h('h3', {}, `Schedule season ${current.number} (${current.name})`),
      h('p', { class: 'muted' }, `A round robin of the ${league.coaches.length} registered coaches (a bye a round for an odd count).`),
      h('label', {}, 'First deadline', h('input', { name: 'first', id: 'schedule-first', type: 'date', required: true, value: dayOf(Date.now() + 7 * 86400000) })),
      h('label', {}, 'Days between rounds', h('input', { name: 'days', id: 'schedule-days', type: 'number', value: '7', min: 1, max: 60 })),
      h('label', {}, 'Legs', h('select', { name: 'legs', id: 'schedule-legs' }, h('option', { value: '1' }, 'once'), h('option', { value: '2' }, 'home and away'))),
      h('div', { class: 'buttons' }, h('button', { type: 'submit', id: 'schedule-submit' }, 'Make the fixtures')));
    f.onsubmit = run('Schedule', `/api/leagues/${id}/seasons/${current.number}/schedule`, () => ({
      first_deadline_ms: dayEnd(f.elements.first.value), days_between_rounds: Number(f.elements.days.value), legs: Number(f.elements.legs.value),
    }));
    parts.push(f);
  }
  if (season) {
    parts.push(h('h3', { id: 'manage-season', dataset: { season: current.number } },
      `Season ${current.number}: ${current.name}${open ? '' : ' (closed)'}`));
  }
  const forms = [];
  if (season && season.fixtures.length) {
    parts.push(h('table', { class: 'grid', id: 'manage-fixtures' },
      h('thead', {}, h('tr', {}, ['#', 'Rd', 'Deadline', 'Home', 'Result', 'Away', 'Match'].map((c) => h('th', {}, c)))),
      h('tbody', {}, season.fixtures.map((f) => h('tr', { dataset: { fixture: f.id, source: f.result ? f.result.source : '' } },
        h('td', { class: 'num' }, String(f.id)), h('td', { class: 'num' }, String(f.round)), h('td', {}, fmtDate(f.deadline_ms)),
        h('td', {}, f.coaches[0]),
        h('td', { class: 'num' }, f.result ? `${f.result.touchdowns[0]}–${f.result.touchdowns[1]} ${f.result.source === 'match' ? '' : `(${f.result.source})`}` : '—'),
        h('td', {}, f.coaches[1]),
        h('td', {}, f.match_id ? h('a', { href: `/matches/${encodeURIComponent(f.match_id)}` }, 'match') : ''))))));
  }
  if (open && season.fixtures.length) {
    const label = (f) => `#${f.id} · round ${f.round} · ${f.coaches[0]} v ${f.coaches[1]}`;
    const finished = candidates.matches.filter((m) => m.league === null || m.league === undefined || m.league === id);
    const form = h('form', { id: 'fixture-action', class: 'card' },
      h('h3', {}, 'A fixture'),
      h('label', {}, 'Fixture', h('select', { name: 'fixture', id: 'fixture-pick' }, season.fixtures.map((f) => h('option', { value: f.id }, label(f))))),
      h('label', {}, 'Action', h('select', { name: 'kind', id: 'fixture-kind' },
        h('option', { value: 'match' }, 'link its match'),
        h('option', { value: 'deadline' }, 'reschedule'),
        h('option', { value: 'forfeit' }, 'record a forfeit'),
        h('option', { value: 'result' }, 'fix its result'))),
      h('fieldset', { dataset: { kind: 'match' } },
        h('label', {}, 'Match', h('select', { name: 'match', id: 'fixture-match' },
          h('option', { value: '' }, 'choose…'),
          finished.map((m) => h('option', { value: m.id }, `${fmtDate(m.created_at_ms)} · ${m.coaches[0]} v ${m.coaches[1]} · ${resultText(m.result)}`))))),
      h('fieldset', { dataset: { kind: 'deadline' } },
        h('label', {}, 'New deadline', h('input', { name: 'deadline', id: 'fixture-deadline', type: 'date' }))),
      h('fieldset', { dataset: { kind: 'forfeit' } },
        h('label', {}, 'Did not show', h('select', { name: 'absent', id: 'fixture-absent' }, h('option', { value: 'home' }, 'home coach'), h('option', { value: 'away' }, 'away coach')))),
      h('fieldset', { dataset: { kind: 'result' } },
        h('label', {}, 'TD home', h('input', { name: 'tdh', id: 'fixture-td-home', type: 'number', min: 0, max: 99, value: '0' })),
        h('label', {}, 'TD away', h('input', { name: 'tda', id: 'fixture-td-away', type: 'number', min: 0, max: 99, value: '0' })),
        h('label', {}, 'Injured home', h('input', { name: 'ih', id: 'fixture-inj-home', type: 'number', min: 0, max: 99, value: '0' })),
        h('label', {}, 'Injured away', h('input', { name: 'ia', id: 'fixture-inj-away', type: 'number', min: 0, max: 99, value: '0' })),
        h('label', {}, 'Winner', h('select', { name: 'winner', id: 'fixture-winner' }, ['home', 'away', 'draw'].map((w) => h('option', { value: w }, w))))),
      h('label', { class: 'reason' }, 'Reason (logged)', h('input', { name: 'reason', id: 'fixture-reason', maxlength: 200 })),
      h('div', { class: 'buttons' }, h('button', { type: 'submit', id: 'fixture-submit' }, 'Apply')));
    const show = () => {
      for (const fs of form.querySelectorAll('fieldset')) fs.hidden = fs.dataset.kind !== form.elements.kind.value;
    };
    form.elements.kind.onchange = show;
    show();
    form.onsubmit = async (ev) => {
      ev.preventDefault();
      const f = form.elements;
      const kind = f.kind.value;
      const body = {
        match: () => ({ match: f.match.value }),
        deadline: () => ({ deadline_ms: dayEnd(f.deadline.value), reason: f.reason.value }),
        forfeit: () => ({ absent: f.absent.value, reason: f.reason.value }),
        result: () => ({
          touchdowns: [Number(f.tdh.value), Number(f.tda.value)], injuries: [Number(f.ih.value), Number(f.ia.value)],
          winner: f.winner.value, reason: f.reason.value,
        }),
      }[kind];
      await run('The fixture', `/api/leagues/${id}/fixtures/${f.fixture.value}/${kind}`, body)();
    };
    forms.push(form);
  }
  if (open) {
    const f = h('form', { id: 'close-season', class: 'card' },
      h('h3', {}, `Close season ${current.number}`),
      h('p', { class: 'muted' }, 'Its standings are frozen as they stand and its fixtures change no more.'),
      h('label', {}, 'Reason (logged)', h('input', { name: 'reason', id: 'close-reason', required: true, maxlength: 200 })),
      h('div', { class: 'buttons' }, h('button', { type: 'submit', class: 'danger', id: 'close-submit' }, 'Close the season')));
    f.onsubmit = run('Close the season', `/api/leagues/${id}/seasons/${current.number}/close`, () => ({ reason: f.elements.reason.value }));
    forms.push(f);
  }
  return h('section', { id: 'season-actions' }, ...parts, h('div', { class: 'forms' }, ...forms, settingsForm));
}

/**
 * Where to go after logging in: `next` if it is a path on this site, else the organiser
 * page. Browsers drop tabs and newlines from URLs and read `\` as `/`, so `/\t/evil.host`
 * would become `//evil.host`: the path is resolved as the browser will and must stay on this
 * origin, and control characters and backslashes are refused outright.
 */
export function safeNext(next) {
  const home = '/organiser';
  if (typeof next !== 'string' || !next.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(next)) return home;
  let url;
  try {
    url = new URL(next, location.origin);
  } catch {
    return home;
  }
  if (url.origin !== location.origin) return home;
  return url.pathname + url.search + url.hash;
}
