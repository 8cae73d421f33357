// Shared helpers of the Dugout pages: the API client, a DOM builder (never innerHTML with
// data), login state, the navigation bar, error boxes and formatting.

/** An API refusal: the HTTP status and the server's `ApiError` body. */
export class ApiFailure extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const TOKEN_KEY = 'dugout.token';
const ACCOUNT_KEY = 'dugout.account';

export function token() {
  return localStorage.getItem(TOKEN_KEY);
}

export function account() {
  return localStorage.getItem(ACCOUNT_KEY);
}

export function saveLogin(grant) {
  localStorage.setItem(TOKEN_KEY, grant.token);
  localStorage.setItem(ACCOUNT_KEY, grant.account);
}

export function clearLogin() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(ACCOUNT_KEY);
}

/**
 * Call the API. `auth`: true, send the saved token; 'optional' (the default), send it if
 * there is one and retry without it if it is dead; false, never. Resolves to the JSON body (or null for 204);
 * rejects with an ApiFailure carrying the server's error code and message.
 */
export async function api(path, { method = 'GET', body, auth = 'optional' } = {}) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (auth && token()) headers.Authorization = `Bearer ${token()}`;
  if (auth === 'optional' && token()) {
    // Logged in: the archive shows this account's private matches too. A dead token is
    // forgotten and the request made again without it.
    try {
      return await send(path, method, headers, body);
    } catch (e) {
      if (!(e instanceof ApiFailure && e.status === 401)) throw e;
      clearLogin();
      renderNav();
      delete headers.Authorization;
    }
  }
  return send(path, method, headers, body);
}

async function send(path, method, headers, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiFailure(0, 'network', `the server cannot be reached (${e.message})`);
  }
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const code = data && data.code ? data.code : 'http';
    const message = data && data.message ? data.message : `HTTP ${response.status}`;
    throw new ApiFailure(response.status, code, message);
  }
  return data;
}

/** `h('a', {href: '/x', class: 'c', dataset: {seq: 3}}, 'text', child)`. */
export function h(tag, attrs = {}, ...children) {
  const svg = ['svg', 'g', 'rect', 'circle', 'text', 'line', 'title', 'path', 'ellipse'];
  const el = svg.includes(tag)
    ? document.createElementNS('http://www.w3.org/2000/svg', tag)
    : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'dataset') {
      for (const [dk, dv] of Object.entries(v)) {
        if (dv !== undefined && dv !== null) el.dataset[dk] = String(dv);
      }
    } else if (k.startsWith('on') && typeof v === 'function') {
      el.addEventListener(k.slice(2), v);
    } else if (k === 'value' && tag !== 'option') {
      el.value = v;
    } else {
      el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === undefined || c === null || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

export function main() {
  return document.getElementById('main');
}

/** Replace the page's content. */
export function setMain(...nodes) {
  const m = main();
  m.replaceChildren();
  append(m, nodes);
}

/** A clear error box (role alert); replaces the page content unless `into` is given. */
export function errorBox(title, detail) {
  return h(
    'div',
    { class: 'error', role: 'alert', dataset: { error: title } },
    h('strong', {}, title),
    detail ? h('p', {}, detail) : null,
  );
}

export function showError(title, detail) {
  setMain(errorBox(title, detail));
}

/** The words for an API failure. */
export function failureText(e) {
  if (e instanceof ApiFailure) return `${e.message} (${e.code}${e.status ? `, HTTP ${e.status}` : ''})`;
  return String(e && e.message ? e.message : e);
}

export function renderNav() {
  const page = location.pathname.split('/')[1] || 'matches';
  for (const a of document.querySelectorAll('#nav a')) {
    if (a.dataset.nav === page) a.setAttribute('aria-current', 'page');
  }
  const who = document.getElementById('who');
  if (!who) return;
  who.replaceChildren();
  const name = account();
  if (name) {
    who.append(
      h('span', { class: 'muted' }, 'logged in as '),
      h('strong', { dataset: { account: name } }, name),
      ' ',
      h('button', { type: 'button', class: 'link', id: 'logout', onclick: logout }, 'log out'),
    );
  } else {
    who.append(h('a', { href: `/organiser?next=${encodeURIComponent(location.pathname + location.search)}` }, 'log in'));
  }
}

async function logout() {
  try {
    await api('/api/logout', { method: 'POST', auth: true });
  } catch {
    // The token may be dead already; forget it anyway.
  }
  clearLogin();
  location.assign('/organiser');
}

const rulesPromises = new Map();
/** A game's drawing data, from `path` (fetched once per page). */
export function loadRulesFrom(path) {
  if (!rulesPromises.has(path)) rulesPromises.set(path, api(path));
  return rulesPromises.get(path);
}

/** Board layouts and team cards, from `/api/rules/blitz` (fetched once). */
export function loadRules() {
  return loadRulesFrom('/api/rules/blitz');
}

export function teamName(rules, id) {
  return (rules && rules.teams[id] && rules.teams[id].name) || id;
}

/**
 * Each position of a team as a distinct letter and a short name, in position order: the
 * same as the terminal client's (client-cli/src/tui/pitch.rs `position_keys`), so a player
 * is "Home Blitzer #4" with the letter B everywhere. The letter is the first letter of the
 * name's last word, else the first free initial of its other words, else any free letter
 * of the name; the short name is the last word, or the whole name when another position's
 * name ends in the same word.
 */
export function positionKeys(rules, team) {
  const t = rules && rules.teams[team];
  if (!t) return [];
  const used = [];
  const lastWord = (name) => { const w = name.split(/\s+/); return w[w.length - 1]; };
  return t.positions.map((pos) => {
    const words = pos.name.split(/\s+/);
    const last = lastWord(pos.name);
    const initials = [last, ...words.filter((w) => w !== last)].map((w) => w[0] || '');
    const candidates = [...initials, ...pos.name].filter((c) => /[A-Za-z]/.test(c)).map((c) => c.toUpperCase());
    const letter = candidates.find((c) => !used.includes(c)) || '?';
    used.push(letter);
    const shared = t.positions.filter((p) => lastWord(p.name) === last).length > 1;
    return { letter, short: shared ? pos.name : last };
  });
}

/** A position's short name ("Blitzer"), as [`positionKeys`] gives it. */
export function positionName(rules, team, index) {
  const k = positionKeys(rules, team)[index];
  return (k && k.short) || `position ${index}`;
}

/** An edition as people say it: "2024", "2018". */
export function editionName(edition) {
  const m = /^Bb(\d{4})$/i.exec(String(edition || ''));
  if (m) return m[1];
  const lrb = /^Lrb(\d+)$/i.exec(String(edition || ''));
  return lrb ? `LRB${lrb[1]}` : String(edition || '');
}

export function fmtDate(ms) {
  if (ms === null || ms === undefined) return '—';
  const d = new Date(ms);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

export function fmtDuration(ms) {
  if (ms === null || ms === undefined) return '—';
  const s = Math.round(ms / 1000);
  const m = Math.floor(s / 60);
  return m > 0 ? `${m} min ${s % 60} s` : `${s} s`;
}

/** "2–1" from a MatchResult (by game), or how it ended. */
export function resultText(result) {
  if (!result) return '';
  if (result.by === 'game') {
    // A game's outcome may say how it was settled (Blood Bowl: a level score on
    // `penalties`; a coach who `conceded` in the match, §18.8).
    const kind = result.outcome && result.outcome.result;
    const how = kind === 'penalties' ? ' on penalties' : kind === 'conceded' ? ' by concession' : '';
    return `${result.score[0]}–${result.score[1]}${how}`;
  }
  if (result.by === 'concession') return `${result.loser} conceded`;
  if (result.by === 'forfeit') return `${result.loser} forfeited`;
  return JSON.stringify(result);
}

export function winnerText(winner) {
  return { home: 'home won', away: 'away won', draw: 'draw' }[winner] || '';
}

/** The page's query parameters as an object. */
export function query() {
  return Object.fromEntries(new URLSearchParams(location.search));
}

/** The last path segment after `prefix` (`/matches/` -> id), decoded; null if none. */
export function pathId(prefix) {
  const p = location.pathname;
  if (!p.startsWith(prefix)) return null;
  const rest = p.slice(prefix.length);
  if (!rest || rest.includes('/')) return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest;
  }
}
