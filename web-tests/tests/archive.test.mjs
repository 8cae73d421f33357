// The match archive page: filters narrow the table to exactly what the API answers, the
// filter state lives in the URL, a refused filter shows a clear message.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { base, fixture, launch, openPage, screenshot, get } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

/** The match ids the table shows, in order. */
async function shown(page) {
  // The results answer the URL's query (not the previous one's).
  await page.waitForFunction(() => {
    const r = document.getElementById('results');
    return r && r.dataset.query === location.search;
  });
  return page.$$eval('#matches tbody tr', (rows) => rows.map((r) => r.dataset.matchId));
}

test('the archive lists every stored match, newest first, as the API does', async () => {
  const page = await openPage(browser);
  await page.goto(`${base}/matches`);
  const api = await get('/api/matches?limit=20');
  // Four Blitz Bowl matches and one Blood Bowl match (harness.mjs).
  assert.equal(api.total, 5);
  assert.deepEqual(await shown(page), api.matches.map((m) => m.id));
  assert.equal(await page.getAttribute('#count', 'data-total'), '5');
  await screenshot(page, 'archive');
  page.check();
});

test('filtering by coach, team and status narrows the table to what the API says', async () => {
  const page = await openPage(browser);
  await page.goto(`${base}/matches`);
  await shown(page);

  // Coach: typed in the form, submitted; the URL carries it.
  await page.fill('#f-coach', 'eve-bot');
  await page.click('#search');
  await page.waitForURL(/coach=eve-bot/);
  const byCoach = await get('/api/matches?coach=eve-bot');
  assert.equal(byCoach.total, 1);
  assert.deepEqual(await shown(page), byCoach.matches.map((m) => m.id));
  assert.deepEqual(await shown(page), [fixture.otherMatch]);

  // Team, chosen from the list, together with the coach cleared.
  await page.fill('#f-coach', '');
  await page.selectOption('#f-team', 'Orc');
  await page.click('#search');
  await page.waitForURL(/team=Orc/);
  const byTeam = await get('/api/matches?team=Orc');
  // Two Blitz Bowl matches, and the Blood Bowl Humans v Orcs (the API's team filter reads
  // names in any case, in every game: Blood Bowl's `orc`).
  assert.equal(byTeam.total, 3);
  assert.ok(byTeam.matches.some((m) => m.id === fixture.bbMatch));
  assert.deepEqual((await shown(page)).sort(), byTeam.matches.map((m) => m.id).sort());
  assert.ok(!page.url().includes('coach='));

  // Status: everything stored is finished; no match is open.
  await page.selectOption('#f-team', '');
  await page.selectOption('#f-status', 'finished');
  await page.click('#search');
  await page.waitForURL(/status=finished/);
  assert.equal((await shown(page)).length, (await get('/api/matches?status=finished')).total);
  await page.selectOption('#f-status', 'open');
  await page.click('#search');
  await page.waitForURL(/status=open/);
  assert.deepEqual(await shown(page), []);
  assert.ok(await page.isVisible('#no-matches'));

  // League.
  await page.selectOption('#f-status', '');
  await page.selectOption('#f-league', String(fixture.league));
  await page.click('#search');
  await page.waitForURL(new RegExp(`league=${fixture.league}`));
  assert.deepEqual((await shown(page)).sort(), [...fixture.leagueMatches].sort());

  // Result, with the league kept.
  for (const result of ['home', 'away', 'draw']) {
    await page.selectOption('#f-result', result);
    await page.click('#search');
    await page.waitForURL(new RegExp(`result=${result}`));
    const api = await get(`/api/matches?league=${fixture.league}&result=${result}`);
    assert.deepEqual((await shown(page)).sort(), api.matches.map((m) => m.id).sort(), result);
  }
  await page.selectOption('#f-result', '');
  await page.click('#search');
  await page.waitForURL((u) => !u.search.includes('result='));
  await page.selectOption('#f-status', 'open');
  await page.selectOption('#f-league', '');
  await page.click('#search');
  await page.waitForURL(/status=open/);

  // Back restores the previous filters from the URL.
  await page.goBack();
  await page.waitForURL((u) => u.search === `?league=${fixture.league}`);
  assert.deepEqual((await shown(page)).sort(), [...fixture.leagueMatches].sort());
  assert.equal(await page.inputValue('#f-league'), String(fixture.league));
  page.check();
});

test('the filter state in the URL is applied on load, with paging', async () => {
  const page = await openPage(browser);
  await page.goto(`${base}/matches?team=Human&coach=BEA-BOT`);
  const api = await get('/api/matches?team=Human&coach=BEA-BOT');
  assert.equal(api.total, 2);
  assert.deepEqual((await shown(page)).sort(), api.matches.map((m) => m.id).sort());
  assert.equal(await page.inputValue('#f-coach'), 'BEA-BOT');
  assert.equal(await page.inputValue('#f-team'), 'Human');

  // Dates: today (UTC) holds every match; a day long ago holds none.
  const today = new Date().toISOString().slice(0, 10);
  await page.goto(`${base}/matches?from=${today}&to=${today}`);
  assert.equal((await shown(page)).length, 5);
  await page.goto(`${base}/matches?to=2001-01-01`);
  assert.deepEqual(await shown(page), []);

  // Paging: 20 a page; with 4 matches there is no next page; an offset skips.
  await page.goto(`${base}/matches?offset=2`);
  const all = await get('/api/matches');
  assert.deepEqual(await shown(page), all.matches.slice(2).map((m) => m.id));
  assert.ok(await page.isVisible('#prev'));
  await page.click('#prev');
  await page.waitForURL(`${base}/matches?`);
  assert.deepEqual(await shown(page), all.matches.map((m) => m.id));
  page.check();
});

test('a refused filter shows the server\'s reason, not a blank page', async () => {
  const page = await openPage(browser, { allow: [/status of 400/] });
  await page.goto(`${base}/matches?status=bogus`);
  await page.waitForSelector('#results .error');
  const text = await page.textContent('.error');
  assert.match(text, /refused/);
  assert.match(text, /status/);
  await screenshot(page, 'archive-bad-filter');
  page.check();
});
