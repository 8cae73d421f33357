// A coach manages his Blood Bowl league team from the web (issue 13): create it in a league
// from his roster (POST /api/leagues/{id}/teams), then, on its page, hire and fire players,
// buy re-rolls, staff and fan factor while it is being created, rename players
// (POST .../teams/{team}/purchases), and answer his post-match sequence's prompts
// (GET /api/leagues/{id}/team-matches, POST .../team-matches/{match}/post-match). Every
// refusal is shown as the server words it; the rules are the server's, never this page's.

import { api, h, errorBox, failureText, account } from './common.js';
import { words, gold, advanceText, staffText } from './team_words.js';

const STARTING_TREASURY = 1000000;
const STAFF = ['assistant_coach', 'cheerleader', 'apothecary'];

/** Loose roster name ("Wood Elf", "wood_elf") -> comparable key. */
function key(s) {
  return String(s || '').toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The Blood Bowl rules' roster entry of a roster name, with its key. */
export function rosterData(rules, roster) {
  for (const [k, t] of Object.entries((rules && rules.teams) || {})) {
    if ([k, t.roster, t.name].some((n) => key(n) === key(roster))) return { key: k, ...t };
  }
  return null;
}

/** A box for errors under a form: `show(title, e)` fills it, `clear()` empties it. */
function errorSlot(id) {
  const el = h('div', { id, role: 'status' });
  return {
    el,
    show(title, e) { el.replaceChildren(errorBox(title, failureText(e))); },
    clear() { el.replaceChildren(); },
  };
}

/**
 * The "create your team" card of /leagues/{id}/teams for the logged-in coach registered in
 * `info` (a Blood Bowl league) who has no team there yet; `null` when there is nothing to
 * offer. A team has 11 to 16 players bought from 1,000,000 gp at creation prices (§27.0):
 * the page adds up the cost as you type, the server decides.
 */
export function createTeamCard(info, teams, rules) {
  const me = account();
  if (!me) {
    return h('p', { class: 'meta', id: 'create-team-login' },
      h('a', { href: `/organiser?next=${encodeURIComponent(location.pathname)}` }, 'Log in'),
      ' to create your team in this league.');
  }
  const mine = (info.coaches || []).find((c) => c.coach === me);
  if (!mine || teams.some((t) => t.coach === me)) return null;
  const data = rosterData(rules, mine.team);
  if (!data) return h('p', { class: 'error', id: 'create-team' }, `No Blood Bowl roster called ${mine.team}.`);
  const err = errorSlot('create-error');
  const cost = h('strong', { id: 'create-cost' }, gold(0));
  const counts = data.positions.map((p, i) => h('input', {
    type: 'number', min: 0, max: p.max, value: 0, id: `count-${i}`, dataset: { position: p.name }, oninput: total,
  }));
  const number = (id, max, value = 0) => h('input', { type: 'number', min: 0, max, value, id, oninput: total });
  const rerolls = number('create-rerolls', 8);
  const fanFactor = number('create-fan-factor', 9);
  const coaches = number('create-assistant-coaches', 10);
  const cheer = number('create-cheerleaders', 10);
  const apo = h('input', { type: 'checkbox', id: 'create-apothecary', onchange: total });
  const name = h('input', { id: 'create-name', required: true, maxlength: 60, autocomplete: 'off' });
  function n(el) { return Math.max(0, Math.floor(Number(el.value) || 0)); }
  function total() {
    let sum = 0;
    data.positions.forEach((p, i) => { sum += n(counts[i]) * p.cost; });
    sum += n(rerolls) * data.reroll_cost + n(fanFactor) * 10000
      + (n(coaches) + n(cheer)) * 10000 + (apo.checked ? 50000 : 0);
    const players = counts.reduce((a, c) => a + n(c), 0);
    cost.textContent = `${gold(sum)} of ${gold(STARTING_TREASURY)}, ${players} player${players === 1 ? '' : 's'}`;
    cost.dataset.cost = String(sum);
    cost.className = sum > STARTING_TREASURY || players < 11 || players > 16 ? 'bad' : '';
    return sum;
  }
  const rows = data.positions.map((p, i) => h('tr', { dataset: { position: p.name } },
    h('td', {}, p.name, h('div', { class: 'muted small' }, `${p.ma}/${p.st}/${p.ag}/${p.av} ${p.skills.map(words).join(', ')}`)),
    h('td', { class: 'num' }, `${Math.round(p.cost / 1000)}k`),
    h('td', { class: 'num' }, `0-${p.max}`),
    h('td', {}, counts[i])));
  const form = h('form', { id: 'create-team', class: 'card wide-card', onsubmit: async (ev) => {
    ev.preventDefault();
    err.clear();
    const players = [];
    data.positions.forEach((p, i) => {
      for (let k = 0; k < n(counts[i]); k += 1) {
        players.push({ number: players.length + 1, name: '', position: p.name });
      }
    });
    const sheet = {
      roster: data.key, name: '', players, rerolls: n(rerolls), fan_factor: n(fanFactor),
      assistant_coaches: n(coaches), cheerleaders: n(cheer), apothecary: apo.checked,
    };
    try {
      const team = await api(`/api/leagues/${info.id}/teams`, { method: 'POST', auth: true, body: { name: name.value, sheet } });
      location.assign(`/leagues/${info.id}/teams/${team.id}`);
    } catch (e) {
      err.show('Team refused', e);
    }
  } },
  h('h2', {}, `Create your team (${data.name || words(mine.team)})`),
  h('p', { class: 'muted small' }, '11 to 16 players and whatever else you buy, from 1,000,000 gp (§27.0). You can still hire, fire and buy until the organiser approves the team.'),
  h('label', {}, 'Team name', name),
  h('div', { class: 'table-scroll' }, h('table', { class: 'grid', id: 'create-positions' },
    h('thead', {}, h('tr', {}, ['Position', 'Cost', 'Limit', 'How many'].map((c) => h('th', {}, c)))),
    h('tbody', {}, rows))),
  h('div', { class: 'form-grid' },
    h('label', {}, `Team re-rolls (${Math.round(data.reroll_cost / 1000)}k each)`, rerolls),
    h('label', {}, 'Fan factor (10k each)', fanFactor),
    h('label', {}, 'Assistant coaches (10k)', coaches),
    h('label', {}, 'Cheerleaders (10k)', cheer),
    data.apothecary ? h('label', { class: 'check' }, apo, 'Apothecary (50k)') : null),
  h('p', {}, 'Cost: ', cost),
  h('div', { class: 'buttons' }, h('button', { type: 'submit', id: 'create-submit' }, 'Create the team')),
  err.el);
  total();
  return form;
}

/** POST a purchase; the team as it is now, or a refusal shown in `err`. */
async function purchase(team, body, err, what) {
  err.clear();
  try {
    return await api(`/api/leagues/${team.league}/teams/${team.id}/purchases`, { method: 'POST', auth: true, body });
  } catch (e) {
    err.show(`${what}: refused`, e);
    return null;
  }
}

/** A button that asks once more before it acts (firing: §32.14 gives no refund). */
function confirmButton(attrs, label, act) {
  const extra = attrs.class ? ` ${attrs.class}` : '';
  const b = h('button', {
    ...attrs,
    type: 'button',
    class: `secondary${extra}`,
    onclick: async () => {
      if (b.dataset.armed !== 'yes') {
        b.dataset.armed = 'yes';
        b.textContent = `${label}: sure?`;
        b.className = `danger${extra}`;
        return;
      }
      await act();
    },
  }, label);
  return b;
}

/**
 * The team's coach's own controls on its page: rename any player; while the team is being
 * created (not approved yet) hire, fire and buy at creation prices. `reload()` redraws the
 * page after a change. `null` for anybody else.
 */
export function manageSection(team, rules, reload) {
  if (account() !== team.coach) return null;
  const err = errorSlot('manage-error');
  const creating = !team.approved;
  const data = rosterData(rules, team.roster);
  const act = async (body, what) => {
    if (await purchase(team, body, err, what)) await reload();
  };
  const players = [...team.players].sort((a, b) => a.number - b.number);
  const playerRows = players.map((p) => {
    const input = h('input', { class: 'rename-input', value: p.name, maxlength: 40, 'aria-label': `New name for #${p.number}` });
    return h('tr', { dataset: { player: p.id } },
      h('td', { class: 'num' }, String(p.number)),
      h('td', {}, h('form', { class: 'inline', onsubmit: (ev) => { ev.preventDefault(); act({ do: 'rename_player', player: p.id, name: input.value }, `Renaming ${p.name}`); } },
        input, h('button', { type: 'submit', class: 'secondary rename' }, 'Rename'))),
      h('td', {}, creating ? confirmButton({ class: 'fire' }, 'Fire', () => act({ do: 'fire_player', player: p.id }, `Firing ${p.name}`)) : null));
  });
  const parts = [
    h('h2', { id: 'manage' }, 'Manage your team'),
    err.el,
  ];
  if (creating && data) {
    const pos = h('select', { id: 'hire-position' }, data.positions.map((p) => h('option', { value: p.name }, `${p.name} (${Math.round(p.cost / 1000)}k)`)));
    const name = h('input', { id: 'hire-name', placeholder: 'name (optional)', maxlength: 40 });
    parts.push(
      h('p', { class: 'muted small' }, `Being created: creation prices from the treasury (${gold(team.treasury)} left). Once the organiser approves the team, it buys and fires in the post-match sequence only.`),
      h('form', { id: 'hire', class: 'inline-form', onsubmit: (ev) => { ev.preventDefault(); act({ do: 'hire_player', position: pos.value, name: name.value }, 'Hiring'); } },
        pos, name, h('button', { type: 'submit', id: 'hire-submit' }, 'Hire')),
      h('div', { class: 'buttons wrap', id: 'buy' },
        h('button', { type: 'button', id: 'buy-reroll', onclick: () => act({ do: 'buy_reroll' }, 'Buying a re-roll') }, `Buy a re-roll (${Math.round(data.reroll_cost / 1000)}k)`),
        h('button', { type: 'button', id: 'buy-fan-factor', onclick: () => act({ do: 'buy_fan_factor' }, 'Buying fan factor') }, 'Buy fan factor (10k)'),
        STAFF.map((s) => [
          h('button', { type: 'button', class: 'secondary', id: `hire-${s}`, onclick: () => act({ do: 'hire_staff', staff: s }, `Hiring ${staffText(s)}`) }, `Hire ${staffText(s).toLowerCase()}`),
          confirmButton({ id: `fire-${s}` }, `Let ${staffText(s).toLowerCase()} go`, () => act({ do: 'fire_staff', staff: s }, `Firing ${staffText(s)}`)),
        ])),
    );
  } else {
    parts.push(h('p', { class: 'muted small' }, 'Approved: renaming is open any time; hiring, firing and buying happen in your post-match sequence (below, when a match of yours waits for you).'));
  }
  parts.push(h('div', { class: 'table-scroll' }, h('table', { class: 'grid', id: 'manage-players' },
    h('thead', {}, h('tr', {}, ['#', 'Name', ''].map((c) => h('th', {}, c)))),
    h('tbody', {}, playerRows))));
  return h('section', { class: 'manage' }, parts);
}

/** A post-match command in words. */
function commandText(c, name) {
  switch (c.command) {
    case 'mvp': return `MVP: ${name(c.player)}`;
    case 'advance': return `${name(c.player)}: ${advanceText(c.advance)}`;
    case 'keep_winnings': return 'Keep the winnings roll';
    case 'reroll_winnings': return 'Roll the winnings again';
    case 'done': return 'Done buying';
    case 'sign_journeyman': return 'Sign him';
    case 'release_journeyman': return 'Release him';
    case 'journeyman_position': return c.position;
    case 'buy': return purchaseText(c.purchase, name);
    default: return words(c.command);
  }
}

function purchaseText(p, name) {
  switch (p.do) {
    case 'hire_player': return `Hire a ${p.position}`;
    case 'fire_player': return `Fire ${name(p.player)}`;
    case 'buy_reroll': return 'Buy a re-roll (double price)';
    case 'hire_staff': return `Hire ${staffText(p.staff).toLowerCase()}`;
    case 'fire_staff': return `Let ${staffText(p.staff).toLowerCase()} go`;
    default: return words(p.do);
  }
}

function promptText(p, name) {
  switch (p.kind) {
    case 'choose_mvp': return 'Choose your MVP (§32.6).';
    case 'advancement': return `${name(p.player)} rolled ${p.dice[0]}+${p.dice[1]} for an advancement: choose (§32.7).`;
    case 'winnings_reroll': return `Your winnings roll is ${p.d6}: keep it or roll again once (§32.10).`;
    case 'buy': return 'Buying window (§32.14): hire and fire players, buy re-rolls (at double price) and staff, rename; then Done.';
    case 'journeyman': return `Journeyman ${name(p.player)}: sign him for ${gold(p.cost)} or release him (§32.13).`;
    case 'journeyman_position': return 'Choose the position of your free journeymen (§32.13).';
    default: return words(p.kind);
  }
}

/**
 * The team's league matches whose post-match sequence is under way: the prompt when it is
 * this coach's turn (every legal answer, the buying window as a form), else who decides.
 */
export async function postMatchSection(team, name, reload) {
  let matches;
  try {
    matches = await api(`/api/leagues/${team.league}/team-matches`);
  } catch (e) {
    return errorBox('The league matches cannot be read', failureText(e));
  }
  const mine = matches.filter((m) => m.status === 'deciding' && [m.home.team, m.away.team].includes(team.id));
  if (!mine.length) return null;
  const me = account();
  const out = [h('h2', { id: 'post-match-title' }, 'Post-match sequence')];
  for (const m of mine) {
    const p = m.prompt;
    const opponent = m.home.team === team.id ? m.away : m.home;
    const head = h('p', { class: 'meta' }, `Match v ${opponent.name} (`, h('a', { href: `/matches/${encodeURIComponent(m.match)}` }, 'the match'), ')');
    if (!p) continue;
    const deciding = (p.side === 'Home' ? m.home : m.away).team === team.id;
    if (!deciding || p.coach !== me || me !== team.coach) {
      out.push(h('div', { class: 'card', dataset: { match: m.match, waiting: p.coach } }, head,
        h('p', {}, `Waiting for ${p.coach} to decide (by ${new Date(p.deadline_ms).toLocaleString('en-GB')}).`)));
      continue;
    }
    const err = errorSlot('post-match-error');
    const answer = async (command) => {
      err.clear();
      try {
        await api(`/api/leagues/${team.league}/team-matches/${encodeURIComponent(m.match)}/post-match`, { method: 'POST', auth: true, body: command });
        await reload();
      } catch (e) {
        err.show('Answer refused', e);
      }
    };
    const card = h('div', { class: 'card wide-card', id: 'post-match', dataset: { match: m.match, kind: p.prompt.kind } }, head,
      h('p', { id: 'post-match-prompt' }, promptText(p.prompt, name)),
      h('p', { class: 'muted small' }, `If you do not answer by ${new Date(p.deadline_ms).toLocaleString('en-GB')}, the server answers: ${p.default ? commandText(p.default, name) : 'nothing'}.`));
    if (p.prompt.kind === 'buy') {
      card.append(buyWindow(team, p.legal, name, answer));
    } else {
      card.append(h('div', { class: 'buttons wrap', id: 'post-match-answers' }, p.legal.map((c, i) => h('button', {
        type: 'button', dataset: { answer: i, command: c.command }, onclick: () => answer(c),
      }, commandText(c, name)))));
    }
    card.append(err.el);
    out.push(card);
  }
  return h('section', { id: 'post-match-section' }, out);
}

/** §32.14's window: hire (a position and a name), fire, buy, staff, rename, done. */
function buyWindow(team, legal, name, answer) {
  const hires = legal.filter((c) => c.command === 'buy' && c.purchase.do === 'hire_player');
  const others = legal.filter((c) => c.command === 'buy' && !['hire_player', 'fire_player'].includes(c.purchase.do));
  const fires = legal.filter((c) => c.command === 'buy' && c.purchase.do === 'fire_player');
  const parts = [h('p', {}, `Treasury: ${gold(team.treasury)}.`)];
  if (hires.length) {
    const pos = h('select', { id: 'pm-hire-position' }, hires.map((c) => h('option', { value: c.purchase.position }, c.purchase.position)));
    const nm = h('input', { id: 'pm-hire-name', placeholder: 'name (optional)', maxlength: 40 });
    parts.push(h('form', { id: 'pm-hire', class: 'inline-form', onsubmit: (ev) => { ev.preventDefault(); answer({ command: 'buy', purchase: { do: 'hire_player', position: pos.value, name: nm.value } }); } },
      pos, nm, h('button', { type: 'submit', id: 'pm-hire-submit' }, 'Hire')));
  }
  if (fires.length) {
    const who = h('select', { id: 'pm-fire-player' }, fires.map((c) => h('option', { value: c.purchase.player }, name(c.purchase.player))));
    parts.push(h('div', { class: 'inline-form' }, who,
      confirmButton({ id: 'pm-fire' }, 'Fire', () => answer({ command: 'buy', purchase: { do: 'fire_player', player: Number(who.value) } }))));
  }
  if (others.length) {
    parts.push(h('div', { class: 'buttons wrap', id: 'pm-buy' }, others.map((c) => h('button', {
      type: 'button', class: 'secondary', dataset: { purchase: c.purchase.do, staff: c.purchase.staff || null }, onclick: () => answer(c),
    }, purchaseText(c.purchase, name)))));
  }
  const renameWho = h('select', { id: 'pm-rename-player' }, team.players.map((p) => h('option', { value: p.id }, `#${p.number} ${p.name}`)));
  const renameTo = h('input', { id: 'pm-rename-name', placeholder: 'new name', maxlength: 40 });
  parts.push(h('form', { id: 'pm-rename', class: 'inline-form', onsubmit: (ev) => { ev.preventDefault(); answer({ command: 'buy', purchase: { do: 'rename_player', player: Number(renameWho.value), name: renameTo.value } }); } },
    renameWho, renameTo, h('button', { type: 'submit', class: 'secondary' }, 'Rename')));
  parts.push(h('div', { class: 'buttons' }, h('button', { type: 'button', id: 'pm-done', onclick: () => answer({ command: 'done' }) }, 'Done buying')));
  return h('div', { id: 'pm-buy-window' }, parts);
}
