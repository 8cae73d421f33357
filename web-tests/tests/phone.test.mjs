// Every page on a 390x844 phone (Blitz Bowl's and Blood Bowl's match pages): nothing scrolls sideways (the document is no wider than the
// screen), and the league standings keep their points column in sight. Screenshots of each
// page at that size land in docs/screenshots/phone-*.png.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { base, fixture, launch, openPage, screenshot, loginAs } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

async function fits(page, what) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.scrollingElement.scrollWidth,
    inner: window.innerWidth,
  }));
  assert.ok(scroll <= inner, `${what}: the page is ${scroll} px wide on a ${inner} px screen`);
}

test('every page fits a 390 px phone without scrolling sideways', async () => {
  const page = await openPage(browser, { allow: [/status of 404/] });
  await page.setViewportSize({ width: 390, height: 844 });
  const match = fixture.leagueMatches[0];
  const pages = [
    ['archive', '/matches', '#matches tbody tr'],
    ['match', `/matches/${match}`, '.pitch-wrap'],
    ['match-step', `/matches/${match}?step=40`, '.pitch-wrap'],
    // Blood Bowl's 26x15 pitch, its match bar and its dugouts.
    ['bb-match', `/matches/${fixture.bbMatch}`, '.pitch-wrap svg[data-game="blood_bowl"]'],
    ['bb-match-step', `/matches/${fixture.bbMatch}?step=60`, '.pitch-wrap svg[data-game="blood_bowl"]'],
    ['leagues', '/leagues', '#leagues'],
    ['league', `/leagues/${fixture.league}`, '#standings'],
    ['live-index', '/live', 'main h1'],
    ['not-found', '/no/such/page', '.error'],
  ];
  for (const [name, path, ready] of pages) {
    await page.goto(`${base}${path}`);
    await page.waitForSelector(ready);
    await fits(page, path);
    await screenshot(page, `phone-${name}`);
  }
  // The standings keep the points in sight.
  await page.goto(`${base}/leagues/${fixture.league}`);
  await page.waitForSelector('#standings tbody tr');
  const right = await page.$eval('#standings tbody tr td:last-child', (td) => td.getBoundingClientRect().right);
  assert.ok(right <= 390, `the points column ends at ${right} px`);
  assert.ok(await page.isVisible('#standings tbody tr td:last-child'));

  // The organiser's page, logged in.
  await loginAs(page, fixture.organiser.name);
  await page.goto(`${base}/organiser`);
  await page.waitForSelector('#who [data-account]');
  await fits(page, '/organiser');
  await screenshot(page, 'phone-organiser');
  page.check();
});
