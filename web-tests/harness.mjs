// Starts a real dugout-server on a free port with a fresh SQLite database, seeds it through
// the real API (accounts, bots, a league, complete matches played by `dugout bot`
// processes, attached to the league), writes the fixture for the tests, runs them with
// `node --test`, and stops the server. Exit status: the tests'.

import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync, readdirSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const serverBin = process.env.DUGOUT_SERVER_BIN;
const clientBin = process.env.DUGOUT_CLIENT_BIN;
if (!serverBin || !clientBin) {
  console.error('set DUGOUT_SERVER_BIN and DUGOUT_CLIENT_BIN (web-tests/run does)');
  process.exit(2);
}

const PASSWORD = 'correct horse battery';
const children = new Set();

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function cleanEnv() {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DUGOUT_DATABASE_URL;
  delete env.DUGOUT_LISTEN;
  delete env.DUGOUT_DATA_DIR;
  delete env.DUGOUT_SERVER;
  delete env.DUGOUT_TOKEN;
  return env;
}

function start(cmd, args, name, logDir) {
  const child = spawn(cmd, args, { env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  child.stderr.on('data', (d) => { out += d; });
  const done = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (logDir) writeFileSync(join(logDir, `${name}.log`), out);
      resolve({ code, signal, out });
    });
  });
  return { child, done, output: () => out };
}

async function http(base, method, path, { token, body } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const r = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  if (!r.ok) throw new Error(`${method} ${path}: HTTP ${r.status} ${text}`);
  return json;
}

/** Register a person and a bot they own; the bot's token. */
async function botAccount(base, person, bot) {
  const p = await http(base, 'POST', '/api/register', { body: { name: person, password: PASSWORD } });
  const b = await http(base, 'POST', '/api/bots', { token: p.token, body: { name: bot } });
  return b.token;
}

/**
 * Play one match between two bots: `home` creates the room (its team v `away`'s team), then
 * `away` joins that room. `rate`: messages per second each. Resolves to the match id once
 * both exit (when `wait`), else returns the processes.
 */
async function playMatch(base, logDir, home, away, { rate = 45, seed = 1, wait = true } = {}) {
  const common = ['bot', '--server', base, '--strategy', 'greedy', '--rate', String(rate), '--games', '1'];
  const creator = start(clientBin, [...common, '--token', home.token, '--create', '--team', home.team, '--opponent-team', away.team, '--seed', String(seed)], `bot-${home.name}-${seed}`, logDir);
  let room = null;
  for (let i = 0; i < 300 && !room; i++) {
    const rooms = await http(base, 'GET', '/api/rooms');
    const r = rooms.find((x) => x.seats[0] && x.seats[0].toLowerCase() === home.name.toLowerCase() && x.status === 'open');
    if (r) room = r.room;
    else await sleep(100);
  }
  if (!room) throw new Error(`${home.name} made no room:\n${creator.output()}`);
  const joiner = start(clientBin, [...common, '--token', away.token, '--join', room, '--seed', String(seed + 1000)], `bot-${away.name}-${seed}`, logDir);
  if (!wait) return { room, processes: [creator, joiner] };
  const [a, b] = await Promise.all([creator.done, joiner.done]);
  if (a.code !== 0 || b.code !== 0) {
    throw new Error(`bots failed (${a.code}, ${b.code}):\n${a.out}\n${b.out}`);
  }
  return { room };
}

/**
 * A complete Blood Bowl match between two bots (`dugout bot --game blood_bowl`): `home`
 * creates the room (its team v `away`'s), `away` joins it. Resolves to the match id.
 */
async function playBloodBowl(base, logDir, home, away, { rate = 45, seed = 1, strategy = 'random' } = {}) {
  const common = ['bot', '--server', base, '--game', 'blood_bowl', '--strategy', strategy, '--rate', String(rate), '--games', '1'];
  const creator = start(clientBin, [...common, '--token', home.token, '--create', '--team', home.team, '--opponent-team', away.team, '--seed', String(seed)], `bot-${home.name}-bb-${seed}`, logDir);
  let room = null;
  for (let i = 0; i < 300 && !room; i++) {
    const rooms = await http(base, 'GET', '/api/rooms');
    const r = rooms.find((x) => x.game === 'blood_bowl' && x.seats[0] && x.seats[0].toLowerCase() === home.name.toLowerCase() && x.status === 'open');
    if (r) room = r.room;
    else await sleep(100);
  }
  if (!room) throw new Error(`${home.name} made no Blood Bowl room:\n${creator.output()}`);
  const joiner = start(clientBin, [...common, '--token', away.token, '--join', room, '--seed', String(seed + 1000)], `bot-${away.name}-bb-${seed}`, logDir);
  const [a, b] = await Promise.all([creator.done, joiner.done]);
  if (a.code !== 0 || b.code !== 0) throw new Error(`Blood Bowl bots failed (${a.code}, ${b.code}):\n${a.out}\n${b.out}`);
  return { room };
}

async function main() {
  const tmp = mkdtempSync(join(tmpdir(), 'dugout-web-tests-'));
  const logDir = join(tmp, 'logs');
  mkdirSync(logDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`== server on ${base}, data in ${tmp}`);
  const server = start(serverBin, ['--listen', `127.0.0.1:${port}`, '--data-dir', join(tmp, 'data')], 'server', logDir);
  let up = false;
  for (let i = 0; i < 200 && !up; i++) {
    try {
      await http(base, 'GET', '/health');
      up = true;
    } catch {
      await sleep(100);
    }
  }
  if (!up) throw new Error(`the server did not start:\n${server.output()}`);

  console.log('== seeding: accounts, bots, a league, matches');
  const organiser = await http(base, 'POST', '/api/register', { body: { name: 'org-ada', password: PASSWORD } });
  const bots = {
    'bea-bot': { name: 'bea-bot', team: 'Human', token: await botAccount(base, 'bea', 'bea-bot') },
    'cal-bot': { name: 'cal-bot', team: 'Orc', token: await botAccount(base, 'cal', 'cal-bot') },
    'dan-bot': { name: 'dan-bot', team: 'Amazon', token: await botAccount(base, 'dan', 'dan-bot') },
    'eve-bot': { name: 'eve-bot', team: 'Skaven', token: await botAccount(base, 'eve', 'eve-bot') },
    'fay-bot': { name: 'fay-bot', team: 'Dwarf', token: await botAccount(base, 'fay', 'fay-bot') },
    'uma-bot': { name: 'uma-bot', team: 'human', token: await botAccount(base, 'uma', 'uma-bot') },
    'vic-bot': { name: 'vic-bot', team: 'orc', token: await botAccount(base, 'vic', 'vic-bot') },
  };
  const league = await http(base, 'POST', '/api/leagues', { token: organiser.token, body: { name: 'Web Test League' } });
  for (const b of ['bea-bot', 'cal-bot', 'dan-bot']) {
    await http(base, 'POST', `/api/leagues/${league.id}/coaches`, { token: organiser.token, body: { coach: b, team: bots[b].team } });
    // The coach accepts the invitation (with its own token): only then it plays for the league.
    await http(base, 'POST', `/api/leagues/${league.id}/invitation`, { token: bots[b].token, body: {} });
  }
  // A Blood Bowl league: its two coaches accept, then their bots' match is attached.
  const bbLeague = await http(base, 'POST', '/api/leagues', { token: organiser.token, body: { name: 'Blood Bowl League', game: 'blood_bowl' } });
  for (const b of ['uma-bot', 'vic-bot']) {
    await http(base, 'POST', `/api/leagues/${bbLeague.id}/coaches`, { token: organiser.token, body: { coach: b, team: bots[b].team } });
    await http(base, 'POST', `/api/leagues/${bbLeague.id}/invitation`, { token: bots[b].token, body: {} });
  }
  const B = bots;
  const played = await Promise.all([
    playMatch(base, logDir, B['bea-bot'], B['cal-bot'], { seed: 11 }),
    playMatch(base, logDir, B['cal-bot'], B['dan-bot'], { seed: 22 }),
    playMatch(base, logDir, B['dan-bot'], B['bea-bot'], { seed: 33 }),
    playMatch(base, logDir, B['eve-bot'], B['fay-bot'], { seed: 44 }),
    playBloodBowl(base, logDir, B['uma-bot'], B['vic-bot'], { seed: 55 }),
  ]);
  const leagueMatches = played.slice(0, 3).map((p) => p.room);
  for (const m of leagueMatches) {
    await http(base, 'POST', `/api/leagues/${league.id}/matches`, { token: organiser.token, body: { match: m } });
  }
  await http(base, 'POST', `/api/leagues/${bbLeague.id}/matches`, { token: organiser.token, body: { match: played[4].room } });
  console.log(`   league ${league.id}; matches ${played.map((p) => p.room).join(', ')}`);

  const fixture = {
    base,
    password: PASSWORD,
    organiser: { name: 'org-ada', token: organiser.token },
    league: league.id,
    leagueMatches,
    otherMatch: played[3].room,
    // A complete Blood Bowl match (Humans v Orcs), random bots.
    bbMatch: played[4].room,
    bbLeague: bbLeague.id,
    // The engine's Blood Bowl fixtures (web-tests/run writes them: bb_view_fixture.rs).
    bbFixtures: process.env.DUGOUT_BB_FIXTURES || null,
    bots,
    clientBin,
    screenshots: join(here, '..', 'docs', 'screenshots'),
    tmp,
  };
  const fixturePath = join(tmp, 'fixture.json');
  writeFileSync(fixturePath, JSON.stringify(fixture, null, 2));
  mkdirSync(fixture.screenshots, { recursive: true });

  const files = process.argv.slice(2).length
    ? process.argv.slice(2)
    : readdirSync(join(here, 'tests')).filter((f) => f.endsWith('.test.mjs')).sort().map((f) => join('tests', f));
  console.log(`== node --test ${files.join(' ')}`);
  const tests = spawn(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=spec', ...files], {
    cwd: here,
    env: { ...process.env, DUGOUT_FIXTURE: fixturePath },
    stdio: 'inherit',
  });
  const code = await new Promise((resolve) => tests.on('exit', (c, s) => resolve(c === null ? (s ? 1 : 0) : c)));

  server.child.kill('SIGTERM');
  await Promise.race([server.done, sleep(15000)]);
  if (code !== 0) {
    console.error(`== tests failed; server and bot logs kept in ${logDir}`);
  } else {
    rmSync(tmp, { recursive: true, force: true });
  }
  return code;
}

function stopAll() {
  for (const c of children) c.kill('SIGKILL');
}
process.on('SIGINT', () => { stopAll(); process.exit(130); });
process.on('SIGTERM', () => { stopAll(); process.exit(143); });

main().then((code) => {
  stopAll();
  process.exit(code);
}, (e) => {
  console.error(e);
  stopAll();
  process.exit(1);
});
