// A league season through the pages (issue 13, part B): the organiser opens a season of the
// seeded league, schedules a round robin, links each fixture's match, fixes one result with
// a reason and closes the season; the league's page shows the season's fixtures with
// deadlines and results, the standings with the tie-breakers (row for row what the API says,
// and the points the fixtures' results give), and the leaders, on a desktop and on a phone.
// Screenshots: docs/screenshots/season-standings.png, phone-season.png, organiser-season.png.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { base, fixture, launch, openPage, screenshot, get, loginAs } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

const org = () => fixture.organiser.token;

test('the organiser runs a season and the league page shows its fixtures, standings and leaders', async () => {
  const id = fixture.league;
  const page = await openPage(browser);
  await loginAs(page, fixture.organiser.name);
  await page.goto(`${base}/organiser?league=${id}`);

  // Open and schedule.
  await page.waitForSelector('#open-season');
  await page.fill('#season-name', 'Autumn 2026');
  await page.click('#season-open');
  await page.waitForSelector('#schedule');
  await page.fill('#schedule-days', '7');
  await page.click('#schedule-submit');
  await page.waitForSelector('#fixture-action');
  const season = await get(`/api/leagues/${id}/seasons/1`, org());
  assert.equal(season.fixtures.length, 3, JSON.stringify(season));
  const deadlines = season.fixtures.map((f) => f.deadline_ms);
  assert.equal(deadlines[1] - deadlines[0], 7 * 86400000);

  // Link each league match to its fixture (the fixture of its two coaches).
  for (const m of fixture.leagueMatches) {
    const summary = await get(`/api/matches/${m}`);
    const f = season.fixtures.find((x) => [...x.coaches].sort().join() === [...summary.coaches].sort().join());
    assert.ok(f, `a fixture for ${summary.coaches}`);
    await page.selectOption('#fixture-pick', String(f.id));
    await page.selectOption('#fixture-kind', 'match');
    await page.selectOption('#fixture-match', m);
    await page.click('#fixture-submit');
    await page.waitForSelector(`#manage-fixtures tr[data-fixture="${f.id}"][data-source="match"]`);
  }

  // Fix one result with a reason.
  const fixed = season.fixtures[0];
  await page.selectOption('#fixture-pick', String(fixed.id));
  await page.selectOption('#fixture-kind', 'result');
  await page.fill('#fixture-td-home', '3');
  await page.fill('#fixture-td-away', '0');
  await page.selectOption('#fixture-winner', 'home');
  await page.fill('#fixture-reason', 'the away coach conceded by mistake; both agreed 3-0');
  await page.click('#fixture-submit');
  await page.waitForSelector(`#manage-fixtures tr[data-fixture="${fixed.id}"][data-source="fixed"]`);
  await screenshot(page, 'organiser-season');

  // The league's page: the season, as the API has it.
  await page.goto(`${base}/leagues/${id}`);
  await page.waitForSelector('#season-standings tbody tr');
  const api = await get(`/api/leagues/${id}/seasons/1/standings`);
  const rows = await page.$$eval('#season-standings tbody tr', (trs) => trs.map((r) => ({ ...r.dataset })));
  assert.deepEqual(rows.map((r) => [r.coach, Number(r.played), Number(r.points), Number(r.tdDiff)]),
    api.standings.map((s) => [s.coach, s.played, s.points, s.touchdown_difference]));
  // Independently: the points from the fixtures' counted results.
  const after = await get(`/api/leagues/${id}/seasons/1`);
  const league = await get(`/api/leagues/${id}`);
  const points = new Map();
  const add = (c, p) => points.set(c, (points.get(c) || 0) + p);
  for (const f of after.fixtures) {
    assert.ok(f.result, `fixture ${f.id} has a result`);
    const [home, away] = f.coaches;
    const { win, draw, loss } = league.points;
    if (f.result.winner === 'home') { add(home, win); add(away, loss); }
    if (f.result.winner === 'away') { add(away, win); add(home, loss); }
    if (f.result.winner === 'draw') { add(home, draw); add(away, draw); }
  }
  for (const r of rows) assert.equal(Number(r.points), points.get(r.coach), r.coach);
  assert.equal(after.fixtures.find((f) => f.id === fixed.id).result.source, 'fixed');
  // The fixtures with deadlines and results; the fixed one says so, with its reason.
  const shown = await page.$$eval('#season-fixtures tbody tr', (trs) => trs.map((r) => ({ ...r.dataset, text: r.textContent })));
  assert.equal(shown.length, 3);
  const fixedRow = shown.find((r) => Number(r.fixture) === fixed.id);
  assert.equal(fixedRow.source, 'fixed');
  assert.match(fixedRow.text, /3–0 \(fixed\)/);
  assert.match(fixedRow.text, /conceded by mistake/);
  // The tie-breakers are named; Blitz Bowl has touchdown and casualty leaders, no completions.
  assert.match(await page.textContent('#tie-breakers'), /touchdown difference, then casualty difference, then name/);
  assert.ok(await page.isVisible('#leaders-touchdowns'));
  assert.match(await page.textContent('#leaders-completions'), /record none/);
  await screenshot(page, 'season-standings');

  // On a phone: nothing scrolls sideways, the points stay in sight.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.waitForSelector('#season-standings tbody tr');
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.scrollingElement.scrollWidth, inner: window.innerWidth }));
  assert.ok(scroll <= inner, `the page is ${scroll} px wide on a ${inner} px screen`);
  const right = await page.$eval('#season-standings tbody tr td:last-child', (td) => td.getBoundingClientRect().right);
  assert.ok(right <= 390, `the points column ends at ${right} px`);
  await screenshot(page, 'phone-season');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Close the season: the standings are frozen, and every action is in the log.
  await page.goto(`${base}/organiser?league=${id}`);
  await page.waitForSelector('#close-season');
  await page.fill('#close-reason', 'the autumn is over');
  await page.click('#close-submit');
  await page.waitForSelector('#open-season');
  const frozen = await get(`/api/leagues/${id}/seasons/1/standings`);
  assert.equal(frozen.frozen, true);
  assert.deepEqual(frozen.standings, api.standings);
  const log = await get(`/api/leagues/${id}/log`, org());
  const whats = log.map((l) => l.what).reverse();
  assert.deepEqual(whats, ['open_season', 'schedule', 'link_match', 'link_match', 'link_match', 'fix_result', 'close_season']);
  assert.ok(log.some((l) => l.detail.includes('conceded by mistake')));
  await page.waitForSelector('#league-log li[data-what="fix_result"]');
  page.check();
});
