// A coach manages his Blood Bowl league team from the web (issue 13), logged in through the
// pages: he creates it in the league from his roster (a refusal shown first), hires, renames
// and fires players, buys a re-roll, fan factor and a cheerleader, and sees a purchase he
// cannot afford refused with the server's words; every change is checked against
// GET /api/leagues/{id}/teams/{team}. Then his team plays a league match (bots play it with
// the coaches' tokens) and he answers his whole post-match sequence on the team page while
// the other coach answers with `dugout post-match`. The pages fit a 390 px phone.
// Screenshots: docs/screenshots/league-team-manage.png, league-team-post-match.png,
// phone-league-team-manage.png.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import {
  base, fixture, launch, openPage, screenshot, get, post, botToken, startBot, sleep, loginAs,
} from './lib.mjs';

let browser;
let setup;
// The pages report refused requests (4xx) in the console: those are provoked on purpose.
const allow = [/status of 4\d\d/];

before(async () => {
  browser = await launch();
  const org = (await post('/api/register', { name: 'ltm-commissioner', password: fixture.password })).token;
  const coach = await post('/api/register', { name: 'ltm-cara', password: fixture.password });
  const rival = { name: 'ltm-rival-bot', token: await botToken('ltm-dave', 'ltm-rival-bot') };
  const league = await post('/api/leagues', { name: 'Managed League', game: 'blood_bowl' }, org);
  const api = `/api/leagues/${league.id}`;
  await post(`${api}/coaches`, { coach: 'ltm-cara', team: 'Orc' }, org);
  await post(`${api}/invitation`, {}, coach.token);
  await post(`${api}/coaches`, { coach: rival.name, team: 'Human' }, org);
  await post(`${api}/invitation`, {}, rival.token);
  const players = [];
  for (let i = 1; i <= 11; i += 1) players.push({ number: i, name: `Lineman ${i}`, position: 'Lineman' });
  const rivalTeam = await post(`${api}/teams`, { name: 'Nuln Ninnies', sheet: { roster: 'Human', players, rerolls: 2 } }, rival.token);
  await post(`${api}/teams/${rivalTeam.id}/approval`, {}, org);
  rival.team = rivalTeam.id;
  setup = { league: league.id, api, org, coach, rival };
});
after(async () => { await browser.close(); });

async function team() {
  return get(`${setup.api}/teams/${setup.team}`);
}

async function until(what, check) {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return;
    await sleep(50);
  }
  assert.fail(`waited in vain: ${what}`);
}

test('a coach creates his team from his roster and hires, renames, fires and buys on the web', async () => {
  const page = await openPage(browser, { allow });
  await loginAs(page, 'ltm-cara');
  await page.goto(`${base}/leagues/${setup.league}/teams`);
  await page.waitForSelector('#create-team');
  const positions = await page.$$eval('#create-positions tbody tr', (rows) => rows.map((r) => r.dataset.position));
  const at = (name) => positions.indexOf(name);
  assert.ok(at('Lineman') >= 0 && at('Blitzer') >= 0 && at('Black Orc Blocker') >= 0, positions.join(', '));

  // Too few players: the server refuses, the page says why and stays.
  await page.fill('#create-name', 'Grimgor Grinders');
  await page.fill(`#count-${at('Lineman')}`, '5');
  await page.click('#create-submit');
  await page.waitForSelector('#create-error .error');
  assert.match(await page.textContent('#create-error'), /11 to 16 players/);
  assert.deepEqual((await get(`${setup.api}/teams`)).filter((t) => t.coach === 'ltm-cara'), [], 'nothing was made');

  // 9 Linemen, 2 Blitzers, 2 re-rolls: 450k + 160k + 120k.
  await page.fill(`#count-${at('Lineman')}`, '9');
  await page.fill(`#count-${at('Blitzer')}`, '2');
  await page.fill('#create-rerolls', '2');
  assert.equal(await page.getAttribute('#create-cost', 'data-cost'), '730000', 'the page adds up the cost');
  await page.click('#create-submit');
  await page.waitForURL(/\/leagues\/\d+\/teams\/\d+$/);
  await page.waitForSelector('#manage');
  setup.team = Number(page.url().split('/').pop());
  let t = await team();
  assert.equal(t.name, 'Grimgor Grinders');
  assert.equal(t.coach, 'ltm-cara');
  assert.equal(t.players.length, 11);
  assert.equal(t.rerolls, 2);
  assert.equal(t.treasury, 270000);

  // Hire a named Black Orc Blocker.
  await page.selectOption('#hire-position', 'Black Orc Blocker');
  await page.fill('#hire-name', 'Ugroth');
  await page.click('#hire-submit');
  await page.waitForFunction(() => document.querySelectorAll('#manage-players tbody tr').length === 12);
  t = await team();
  const ugroth = t.players.find((p) => p.name === 'Ugroth');
  assert.ok(ugroth && ugroth.position === 'Black Orc Blocker', JSON.stringify(t.players));
  assert.equal(t.treasury, 190000);

  // Rename him.
  await page.fill(`#manage-players tr[data-player="${ugroth.id}"] .rename-input`, 'Ugroth Bad-Head');
  await page.click(`#manage-players tr[data-player="${ugroth.id}"] .rename`);
  await until('the new name', async () => (await team()).players.some((p) => p.name === 'Ugroth Bad-Head'));
  await page.waitForSelector(`#manage-players tr[data-player="${ugroth.id}"]`);

  // Fire a Lineman: the first click asks, the second fires.
  const lineman = t.players.find((p) => p.position === 'Lineman');
  await page.click(`#manage-players tr[data-player="${lineman.id}"] .fire`);
  assert.equal(await page.getAttribute(`#manage-players tr[data-player="${lineman.id}"] button.danger`, 'data-armed'), 'yes');
  assert.equal((await team()).players.length, 12, 'one click does not fire');
  await page.click(`#manage-players tr[data-player="${lineman.id}"] .danger`);
  await page.waitForFunction(() => document.querySelectorAll('#manage-players tbody tr').length === 11);
  t = await team();
  assert.ok(!t.players.some((p) => p.id === lineman.id));
  assert.ok(t.former.some((p) => p.id === lineman.id && p.why === 'fired'));

  // Fan factor, a cheerleader, a re-roll (60k).
  await page.click('#buy-fan-factor');
  await until('fan factor', async () => (await team()).fan_factor === t.fan_factor + 1);
  await page.waitForSelector('#hire-cheerleader');
  await page.click('#hire-cheerleader');
  await until('a cheerleader', async () => (await team()).cheerleaders === 1);
  await page.waitForSelector('#buy-reroll');
  await page.click('#buy-reroll');
  await until('a third re-roll', async () => (await team()).rerolls === 3);
  t = await team();
  assert.equal(t.treasury, 190000 - 10000 - 10000 - 60000);
  // 110k left: a second re-roll fits, a third does not: refused, said, nothing changed.
  await page.waitForSelector('#buy-reroll');
  await page.click('#buy-reroll');
  await until('a fourth re-roll', async () => (await team()).rerolls === 4);
  await page.waitForSelector('#buy-reroll');
  await page.click('#buy-reroll');
  await page.waitForSelector('#manage-error .error');
  assert.match(await page.textContent('#manage-error'), /refused/i);
  assert.match(await page.textContent('#manage-error'), /50,000|50000/);
  assert.equal((await team()).rerolls, 4);
  assert.equal((await team()).treasury, 50000);
  await screenshot(page, 'league-team-manage');

  // Somebody else's team: no controls.
  await page.goto(`${base}/leagues/${setup.league}/teams/${setup.rival.team}`);
  await page.waitForSelector('#history');
  assert.equal(await page.$('#manage'), null);
  page.check();
});

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

test('the coach answers his post-match sequence on the team page', async () => {
  assert.ok(setup.team, 'the team was created');
  await post(`${setup.api}/teams/${setup.team}/approval`, {}, setup.org);
  const m = await post(`${setup.api}/team-matches`, { home: setup.team, away: setup.rival.team, decision_seconds: 900 }, setup.coach.token);
  const room = m.match;
  const botArgs = (token, seed) => ['--token', token, '--join', room, '--game', 'blood_bowl', '--seed', String(seed)];
  const home = startBot(botArgs(setup.coach.token, 7));
  for (let i = 0; i < 200; i += 1) {
    const rooms = await get('/api/rooms');
    if (rooms.some((r) => r.room === room && r.seats[0])) break;
    await sleep(50);
  }
  const away = startBot(botArgs(setup.rival.token, 8));
  const rival = run(['post-match', '--server', base, '--token', setup.rival.token, '--league', String(setup.league),
    '--match', room, '--strategy', 'default', '--wait', '900']);
  for (const [what, child] of [['home bot', home], ['away bot', away]]) {
    const code = await new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', resolve)));
    assert.equal(code, 0, `${what}: ${child.output}`);
  }

  const page = await openPage(browser, { allow });
  await loginAs(page, 'ltm-cara');
  const answered = [];
  let shot = false;
  for (let i = 0; i < 200; i += 1) {
    const now = await get(`${setup.api}/team-matches/${room}`);
    if (now.status === 'done') break;
    if (now.status !== 'deciding' || !now.prompt || now.prompt.coach !== 'ltm-cara') {
      await sleep(200);
      continue;
    }
    await page.goto(`${base}/leagues/${setup.league}/teams/${setup.team}`);
    await page.waitForSelector('#post-match');
    const kind = await page.getAttribute('#post-match', 'data-kind');
    assert.equal(kind, now.prompt.prompt.kind, 'the page shows the server\'s prompt');
    const before = now.commands.length;
    if (kind === 'buy') {
      if (!shot) {
        await screenshot(page, 'league-team-post-match');
        shot = true;
      }
      if (!answered.includes('rename')) {
        // Rename in the window (answered as a purchase), then end it.
        const id = (await team()).players[0].id;
        await page.selectOption('#pm-rename-player', String(id));
        await page.fill('#pm-rename-name', 'Renamed After The Match');
        await page.click('#pm-rename button');
        answered.push('rename');
      } else {
        await page.click('#pm-done');
        answered.push('done');
      }
    } else {
      await page.click('#post-match-answers button');
      answered.push(kind);
    }
    await until('the answer stored', async () => (await get(`${setup.api}/team-matches/${room}`)).commands.length > before);
  }
  assert.equal(await rival.done, 0, rival.output);
  const done = await get(`${setup.api}/team-matches/${room}`);
  assert.equal(done.status, 'done', JSON.stringify(done));
  assert.ok(answered.includes('done'), `the buying window was answered on the page: ${answered}`);
  const mine = done.commands.filter((c) => c.by === 'ltm-cara');
  assert.equal(mine.length, answered.length, 'every answer the page sent is the coach\'s');
  assert.ok((await team()).players.some((p) => p.name === 'Renamed After The Match'));
  const history = await get(`${setup.api}/teams/${setup.team}/history`);
  assert.ok(history.some((l) => l.actor === 'ltm-cara' && l.match === room && l.event.type === 'player_renamed'));

  // After the sequence the page offers nothing more to answer.
  await page.goto(`${base}/leagues/${setup.league}/teams/${setup.team}`);
  await page.waitForSelector('#manage');
  assert.equal(await page.$('#post-match'), null);

  // A phone: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.waitForSelector('#manage');
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.scrollingElement.scrollWidth, inner: window.innerWidth }));
  assert.ok(scroll <= inner, `the page is ${scroll} px wide on a ${inner} px phone`);
  await screenshot(page, 'phone-league-team-manage');
  page.check();
});
