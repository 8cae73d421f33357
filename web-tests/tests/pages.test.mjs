// Routing and headers: unknown pages show a message (HTML 404), unknown /api paths stay
// JSON 404s, pages and assets carry a strict CSP, content types and cache validators.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { base, launch, openPage, screenshot } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

test('an unknown page shows a clear message with a 404', async () => {
  const page = await openPage(browser, { allow: [/status of 404/] });
  const response = await page.goto(`${base}/no/such/page`);
  assert.equal(response.status(), 404);
  await page.waitForSelector('.error');
  assert.match(await page.textContent('.error'), /Page not found/);
  assert.match(await page.textContent('.error'), /\/no\/such\/page/);
  await screenshot(page, 'not-found');
  page.check();
});

test('unknown API paths are JSON 404s, and the API still answers', async () => {
  for (const path of ['/api/nothing', '/api/matches/x/nothing', '/api']) {
    const r = await fetch(base + path);
    assert.equal(r.status, 404, path);
    assert.match(r.headers.get('content-type'), /application\/json/);
    const body = await r.json();
    assert.equal(body.code, 'not_found');
  }
  const r = await fetch(`${base}/api/openapi.json`);
  const doc = await r.json();
  assert.ok(doc.paths['/api/matches/{id}/verification'].get);
  assert.ok(doc.paths['/api/leagues'].get);
  assert.ok(doc.paths['/matches/{id}'].get);
});

test('pages and assets have a strict CSP, content types and ETags', async () => {
  const page = await fetch(`${base}/matches`);
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type'), /^text\/html/);
  const csp = page.headers.get('content-security-policy');
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'self'/);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
  assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(page.headers.get('cache-control'), 'no-cache');

  const js = await fetch(`${base}/assets/match.js`);
  assert.match(js.headers.get('content-type'), /^text\/javascript/);
  const etag = js.headers.get('etag');
  assert.ok(etag);
  const again = await fetch(`${base}/assets/match.js`, { headers: { 'If-None-Match': etag } });
  assert.equal(again.status, 304);
  const css = await fetch(`${base}/assets/app.css`);
  assert.match(css.headers.get('content-type'), /^text\/css/);
  const missing = await fetch(`${base}/assets/nope.js`);
  assert.equal(missing.status, 404);
});

test('a dead login is forgotten and the archive still shows', async () => {
  // The 401 of the first try is expected.
  const page = await openPage(browser, { allow: [/status of 401/] });
  await page.goto(`${base}/matches`);
  await page.evaluate(() => {
    localStorage.setItem('dugout.token', 'f'.repeat(64));
    localStorage.setItem('dugout.account', 'ghost');
  });
  await page.goto(`${base}/matches`);
  await page.waitForSelector('#matches tbody tr');
  await page.waitForSelector('#who a');
  assert.equal(await page.evaluate(() => localStorage.getItem('dugout.token')), null);
  assert.equal(await page.textContent('#who'), 'log in');
  page.check();
});
