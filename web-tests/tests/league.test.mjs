// The leagues index and a league page: coaches and teams, fixtures and results, and the
// standings table, which must match GET /api/leagues/{id}/standings row for row.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { base, fixture, launch, openPage, screenshot, get } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

test('the leagues index lists the leagues', async () => {
  const page = await openPage(browser);
  await page.goto(`${base}/leagues`);
  await page.waitForSelector('#leagues');
  const api = await get('/api/leagues');
  const ids = await page.$$eval('#leagues tbody tr', (rows) => rows.map((r) => Number(r.dataset.league)));
  assert.deepEqual(ids, api.map((l) => l.id));
  await screenshot(page, 'leagues');
  await page.click(`tr[data-league="${fixture.league}"] a`);
  await page.waitForURL(`${base}/leagues/${fixture.league}`);
  await page.waitForSelector('#standings');
  page.check();
});

test('the standings table matches the stored results', async () => {
  const page = await openPage(browser);
  await page.goto(`${base}/leagues/${fixture.league}`);
  await page.waitForSelector('#standings');
  const api = await get(`/api/leagues/${fixture.league}/standings`);
  const rows = await page.$$eval('#standings tbody tr', (trs) => trs.map((r) => ({ ...r.dataset })));
  assert.equal(rows.length, 3);
  assert.deepEqual(rows.map((r) => ({
    coach: r.coach, team: r.team, played: Number(r.played), won: Number(r.won), drawn: Number(r.drawn), lost: Number(r.lost),
    points: Number(r.points), touchdown_difference: Number(r.tdDiff), injury_difference: Number(r.injDiff),
  })), api.standings.map((s) => ({
    coach: s.coach, team: s.team, played: s.played, won: s.won, drawn: s.drawn, lost: s.lost,
    points: s.points, touchdown_difference: s.touchdown_difference, injury_difference: s.injury_difference,
  })));
  // Every coach played two of the three matches.
  assert.deepEqual(rows.map((r) => Number(r.played)), [2, 2, 2]);
  // The visible points column says the same.
  const shownPoints = await page.$$eval('#standings tbody tr td:last-child', (tds) => tds.map((t) => Number(t.textContent)));
  assert.deepEqual(shownPoints, api.standings.map((s) => s.points));

  // Independently of the standings endpoint: the points from the stored match results.
  const league = await get(`/api/leagues/${fixture.league}`);
  const points = new Map();
  for (const mid of league.matches) {
    const m = (await get(`/api/matches/${mid}`));
    const [home, away] = m.coaches;
    const add = (c, p) => points.set(c, (points.get(c) || 0) + p);
    if (m.winner === 'home') { add(home, league.points.win); add(away, league.points.loss); }
    if (m.winner === 'away') { add(away, league.points.win); add(home, league.points.loss); }
    if (m.winner === 'draw') { add(home, league.points.draw); add(away, league.points.draw); }
  }
  for (const r of rows) assert.equal(Number(r.points), points.get(r.coach), r.coach);

  // Coaches and fixtures.
  const coaches = await page.$$eval('#coaches tbody tr', (trs) => trs.map((r) => r.dataset.coach));
  assert.deepEqual(coaches.sort(), ['bea-bot', 'cal-bot', 'dan-bot']);
  const fixtures = await page.$$eval('#fixtures tbody tr', (trs) => trs.map((r) => r.dataset.matchId));
  assert.deepEqual(fixtures.sort(), [...fixture.leagueMatches].sort());

  // The league's name is the title; each match shows its coaches, teams (by name), score
  // and edition as people say it, and links to its page.
  assert.equal(await page.textContent('h1'), league.name);
  assert.equal(await page.title(), `${league.name} · Dugout`);
  const teamOf = Object.fromEntries(Object.values(fixture.bots).map((b) => [b.name, b.team]));
  for (const m of league.attached) {
    const row = `#fixtures tr[data-match-id="${m.id}"]`;
    const cells = await page.$$eval(`${row} td`, (tds) => tds.map((td) => td.textContent));
    assert.equal(cells[1], `${m.coaches[0]} (${teamOf[m.coaches[0]]})`);
    assert.equal(cells[3], `${m.coaches[1]} (${teamOf[m.coaches[1]]})`);
    assert.equal(cells[2], `${m.touchdowns[0]}–${m.touchdowns[1]}`);
    const summary = await get(`/api/matches/${m.id}`);
    assert.deepEqual(m.touchdowns, summary.touchdowns);
    assert.equal(cells[4], '2024');
    assert.equal(await page.getAttribute(`${row} a[href^="/matches/"]`, 'href'), `/matches/${m.id}`);
  }
  assert.ok(!(await page.textContent('main')).includes('Bb20'));
  await screenshot(page, 'league');
  page.check();
});

test('an unknown or malformed league id shows a clear message', async () => {
  const page = await openPage(browser, { allow: [/status of 40[04]/] });
  for (const bad of ['9999', 'abc']) {
    await page.goto(`${base}/leagues/${bad}`);
    await page.waitForSelector('.error');
    assert.match(await page.textContent('.error'), /Unknown league/);
    assert.ok((await page.textContent('.error')).includes(bad));
  }
  await screenshot(page, 'league-unknown');
  page.check();
});
