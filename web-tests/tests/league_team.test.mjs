// Blood Bowl league teams on the web (issue 13): two coaches' bots create and get approved
// their teams through the REST API, play a league match against each other, and answer its
// post-match sequence (`dugout post-match`). Then the team page must show the team exactly as
// GET /api/leagues/{id}/teams/{team} folds it (roster, SPP, value, who misses the next match,
// treasury, re-rolls, staff, record), every line of its history with who made it and a link
// to the match, and the player page the player's SPP, advancements, injuries and matches.
// It fits a 390 px phone. Screenshots: docs/screenshots/league-team.png, league-player.png,
// phone-league-team.png.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import {
  base, fixture, launch, openPage, screenshot, get, post, botToken, startBot, sleep,
} from './lib.mjs';

let browser;
let setup;
before(async () => {
  browser = await launch();
  setup = await playLeagueMatch();
});
after(async () => { await browser.close(); });

function sheet(roster, players, rerolls) {
  let n = 0;
  const list = [];
  for (const [position, count] of players) {
    for (let i = 0; i < count; i += 1) {
      n += 1;
      list.push({ number: n, name: `${position} ${n}`, position });
    }
  }
  return { roster, name: '', players: list, rerolls };
}

function run(args) {
  const env = { ...process.env };
  delete env.DUGOUT_SERVER;
  delete env.DUGOUT_TOKEN;
  const child = spawn(fixture.clientBin, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.output = '';
  child.stdout.on('data', (d) => { child.output += d; });
  child.stderr.on('data', (d) => { child.output += d; });
  child.done = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return child;
}

async function playLeagueMatch() {
  const org = (await post('/api/register', { name: 'lt-commissioner', password: fixture.password })).token;
  const coaches = [
    { bot: 'lt-reavers', token: await botToken('lt-ann', 'lt-reavers'), name: 'Altdorf Reavers', roster: 'Human',
      sheet: sheet('Human', [['Blitzer', 2], ['Thrower', 1], ['Catcher', 2], ['Lineman', 7]], 2) },
    { bot: 'lt-bashers', token: await botToken('lt-bob', 'lt-bashers'), name: 'Middenheim Bashers', roster: 'Human',
      sheet: sheet('Human', [['Lineman', 11]], 3) },
  ];
  const league = await post('/api/leagues', { name: 'Team Page League', game: 'blood_bowl' }, org);
  const api = `/api/leagues/${league.id}`;
  for (const c of coaches) {
    await post(`${api}/coaches`, { coach: c.bot, team: c.roster }, org);
    await post(`${api}/invitation`, {}, c.token);
    const team = await post(`${api}/teams`, { name: c.name, sheet: c.sheet }, c.token);
    await post(`${api}/teams/${team.id}/approval`, {}, org);
    c.team = team.id;
  }
  const m = await post(`${api}/team-matches`, { home: coaches[0].team, away: coaches[1].team, decision_seconds: 600 }, coaches[0].token);
  const room = m.match;
  const botArgs = (c, seed) => ['--token', c.token, '--join', room, '--game', 'blood_bowl', '--seed', String(seed)];
  const home = startBot(botArgs(coaches[0], 5));
  for (let i = 0; i < 200; i += 1) {
    const rooms = await get('/api/rooms');
    if (rooms.some((r) => r.room === room && r.seats[0])) break;
    await sleep(50);
  }
  const away = startBot(botArgs(coaches[1], 6));
  const managers = coaches.map((c, i) => run(['post-match', '--server', base, '--token', c.token, '--league', String(league.id),
    '--match', room, '--strategy', i === 0 ? 'greedy' : 'default', '--wait', '900']));
  for (const [what, child] of [['home bot', home], ['away bot', away]]) {
    const code = await new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', resolve)));
    assert.equal(code, 0, `${what}: ${child.output}`);
  }
  for (const child of managers) {
    assert.equal(await child.done, 0, child.output);
  }
  const done = await get(`${api}/team-matches/${room}`);
  assert.equal(done.status, 'done');
  return { league: league.id, room, coaches };
}

test('the team page shows the team as the server folds it, and its whole history', async () => {
  const page = await openPage(browser);
  const { league, room, coaches } = setup;
  const teamId = coaches[0].team;
  const team = await get(`/api/leagues/${league}/teams/${teamId}`);
  const history = await get(`/api/leagues/${league}/teams/${teamId}/history`);

  // From the league's page, its team list.
  await page.goto(`${base}/leagues/${league}`);
  await page.waitForSelector('#league-teams');
  await page.click('#league-teams');
  await page.waitForURL(`${base}/leagues/${league}/teams`);
  await page.waitForSelector('#teams');
  const listed = await page.$$eval('#teams tbody tr', (rows) => rows.map((r) => Number(r.dataset.team)));
  assert.deepEqual(listed, coaches.map((c) => c.team));
  await page.click(`#teams tr[data-team="${teamId}"] a`);
  await page.waitForURL(`${base}/leagues/${league}/teams/${teamId}`);
  await page.waitForSelector('#history');

  assert.equal(await page.textContent('#team-name'), team.name);
  const summary = Object.fromEntries(await page.$$eval('#team-summary tr', (rows) => rows.map((r) => [r.dataset.key, r.dataset.value])));
  assert.equal(Number(summary.tv), team.team_value);
  assert.equal(Number(summary.treasury), team.treasury);
  assert.equal(Number(summary.rerolls), team.rerolls);
  assert.equal(Number(summary['fan-factor']), team.fan_factor);
  assert.equal(summary.record, `${team.record.won}/${team.record.drawn}/${team.record.lost}`);
  assert.equal(team.record.played, 1, 'the match counts in the record');

  const rows = await page.$$eval('#roster tbody tr', (trs) => trs.map((r) => ({ ...r.dataset })));
  const want = [...team.players].sort((a, b) => a.number - b.number);
  assert.deepEqual(rows.map((r) => Number(r.player)), want.map((p) => p.id));
  assert.deepEqual(rows.map((r) => Number(r.spp)), want.map((p) => p.spp));
  assert.deepEqual(rows.map((r) => Number(r.value)), want.map((p) => p.value));
  assert.deepEqual(rows.map((r) => r.missNext), want.map((p) => (p.miss_next_game ? 'yes' : 'no')));
  // Somebody earned SPP (the MVP at least, §32.6).
  assert.ok(want.some((p) => p.spp > 0), 'the MVP has SPP');
  const former = await page.$$eval('#former tbody tr', (trs) => trs.map((r) => Number(r.dataset.player)));
  assert.deepEqual(former, team.former.map((p) => p.id));

  const lines = await page.$$eval('#history tbody tr', (trs) => trs.map((r) => ({
    seq: Number(r.dataset.seq), type: r.dataset.type, match: r.dataset.match || null,
    by: r.children[2].textContent, why: r.querySelector('.why').textContent, link: r.querySelector('a') ? r.querySelector('a').getAttribute('href') : null,
  })));
  assert.equal(lines.length, history.length);
  for (const [i, l] of history.entries()) {
    assert.equal(lines[i].seq, l.seq);
    assert.equal(lines[i].type, l.event.type);
    assert.equal(lines[i].match, l.match);
    assert.equal(lines[i].by, l.actor || 'server');
    assert.equal(lines[i].why, l.reason);
    assert.equal(lines[i].link, l.match ? `/matches/${l.match}` : null);
  }
  assert.ok(history.some((l) => l.event.type === 'match_played' && l.match === room), 'the match is in the history');
  assert.ok(history.some((l) => l.actor === coaches[0].bot && l.match === room), "the coach's own post-match answers are his");
  assert.ok(history.some((l) => l.actor === null && l.match === room), "the server's automatic steps are the server's");
  await screenshot(page, 'league-team');
  page.check();
});

test('the player page shows his SPP by kind, advancements, injuries and matches', async () => {
  const page = await openPage(browser);
  const { league, room, coaches } = setup;
  const teamId = coaches[0].team;
  const team = await get(`/api/leagues/${league}/teams/${teamId}`);
  const history = await get(`/api/leagues/${league}/teams/${teamId}/history`);
  const star = [...team.players].sort((a, b) => b.spp - a.spp)[0];
  await page.goto(`${base}/leagues/${league}/teams/${teamId}`);
  await page.waitForSelector('#roster');
  await page.click(`#roster tr[data-player="${star.id}"] a`);
  await page.waitForURL(`${base}/leagues/${league}/teams/${teamId}/players/${star.id}`);
  await page.waitForSelector('#spp');
  assert.equal(await page.textContent('#player-name'), star.name);
  const spp = Object.fromEntries(await page.$$eval('#spp tr', (rows) => rows.map((r) => [r.dataset.kind, Number(r.dataset.spp)])));
  assert.equal(spp.total, star.spp);
  const byKind = {};
  for (const l of history) {
    if (l.event.type === 'spp' && l.event.player === star.id) byKind[l.event.kind] = (byKind[l.event.kind] || 0) + l.event.spp;
  }
  for (const kind of ['completion', 'touchdown', 'interception', 'casualty', 'mvp']) assert.equal(spp[kind], byKind[kind] || 0, kind);
  const advanced = history.filter((l) => l.event.player === star.id && (l.event.type === 'advanced' || l.event.type === 'advancement_rolled'));
  assert.equal(await page.$$eval('#advancements li', (li) => li.length), advanced.length);
  const injured = history.filter((l) => l.event.player === star.id && l.event.type === 'injury');
  assert.equal(await page.$$eval('#injuries li', (li) => li.length), injured.length);
  const played = await page.$$eval('#matches li', (lis) => lis.map((li) => li.dataset.match));
  assert.deepEqual(played, [room]);
  await screenshot(page, 'league-player');

  // An unknown player is said so.
  await page.goto(`${base}/leagues/${league}/teams/${teamId}/players/999`);
  await page.waitForSelector('.error');
  assert.match(await page.textContent('.error'), /no player 999/);
  page.check();
});

test('the team and player pages fit a 390 px phone', async () => {
  const page = await openPage(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  const { league, coaches } = setup;
  const teamId = coaches[0].team;
  const team = await get(`/api/leagues/${league}/teams/${teamId}`);
  for (const [name, path, ready] of [
    ['league-team', `/leagues/${league}/teams/${teamId}`, '#history'],
    ['league-player', `/leagues/${league}/teams/${teamId}/players/${team.players[0].id}`, '#spp'],
    ['league-teams', `/leagues/${league}/teams`, '#teams'],
  ]) {
    await page.goto(`${base}${path}`);
    await page.waitForSelector(ready);
    const { scroll, inner } = await page.evaluate(() => ({ scroll: document.scrollingElement.scrollWidth, inner: window.innerWidth }));
    assert.ok(scroll <= inner, `${path}: the page is ${scroll} px wide on a ${inner} px screen`);
    await screenshot(page, `phone-${name}`);
  }
  page.check();
});
