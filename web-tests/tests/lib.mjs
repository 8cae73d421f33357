// Test helpers: the fixture written by harness.mjs, headless Chromium via playwright-core,
// pages that fail the test on any console error or page error, screenshots, the API.

import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

export const fixture = JSON.parse(readFileSync(process.env.DUGOUT_FIXTURE, 'utf8'));
export const base = fixture.base;

const CHROMIUM = process.env.DUGOUT_CHROMIUM || '/usr/bin/chromium';

/** A browser for one test file; close it in `after`. */
export async function launch() {
  const userDataDir = mkdtempSync(join(tmpdir(), 'dugout-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh page that records console errors and page errors; `check()` asserts there were
 * none (call it at the end of each test). `allow`: regexps of console errors the test
 * provokes on purpose (say, a 404 the page reports).
 */
export async function openPage(browser, { allow = [] } = {}) {
  const page = await browser.context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !allow.some((re) => re.test(m.text()))) {
      problems.push(`console: ${m.text()} (${m.location().url})`);
      console.error(`console error: ${m.text()}`);
    }
  });
  page.on('pageerror', (e) => { problems.push(`page error: ${e.message}`); console.error(`page error: ${e.message}`); });
  page.on('requestfailed', (r) => {
    // A navigation away aborts pending requests; that is not a failure of the page.
    const f = r.failure();
    if (f && !/ERR_ABORTED/.test(f.errorText)) problems.push(`request failed: ${r.url()} ${f.errorText}`);
  });
  page.check = () => assert.deepEqual(problems, [], 'the page had errors');
  return page;
}

export async function screenshot(page, name) {
  await page.screenshot({ path: join(fixture.screenshots, `${name}.png`), fullPage: true });
}

export async function get(path, token) {
  const r = await fetch(base + path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const body = await r.json();
  if (!r.ok) throw new Error(`GET ${path}: ${r.status} ${JSON.stringify(body)}`);
  return body;
}

/** POST JSON (with a bearer token if given); the answer's JSON, or an error naming the path. */
export async function post(path, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = await r.json();
  if (!r.ok) throw new Error(`POST ${path}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

/** Register `person` and make their bot `bot`; the bot's token. */
export async function botToken(person, bot) {
  const p = await post('/api/register', { name: person, password: fixture.password });
  return (await post('/api/bots', { name: bot }, p.token)).token;
}

/** Log the browser in as `name` (sets the token the pages keep in localStorage). */
export async function loginAs(page, name, password = fixture.password) {
  await page.goto(`${base}/organiser`);
  // The browser keeps its login between pages: start from none.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${base}/organiser`);
  await page.fill('#login-name', name);
  await page.fill('#login-password', password);
  await page.click('#login-submit');
  // The page reloads logged in: the bar names the account.
  await page.waitForSelector(`#who [data-account="${name}"]`);
}

/** Players and balls as drawn: read from the pitch's data attributes. */
export async function readPitch(page) {
  return page.evaluate(() => {
    const wrap = document.querySelector('.pitch-wrap');
    if (!wrap) return null;
    const players = [];
    for (const el of wrap.querySelectorAll('[data-player]')) {
      players.push({
        player: Number(el.dataset.player),
        side: el.dataset.side,
        position: Number(el.dataset.position),
        place: el.dataset.place,
        x: el.dataset.x === undefined ? null : Number(el.dataset.x),
        y: el.dataset.y === undefined ? null : Number(el.dataset.y),
      });
    }
    players.sort((a, b) => a.player - b.player);
    const balls = [];
    for (const el of wrap.querySelectorAll('circle.ball.loose')) {
      balls.push({ ball: Number(el.dataset.ball), loose: { x: Number(el.dataset.x), y: Number(el.dataset.y) } });
    }
    for (const el of wrap.querySelectorAll('[data-held-by]')) {
      balls.push({ ball: Number(el.dataset.ball), held: Number(el.dataset.heldBy) });
    }
    balls.sort((a, b) => a.ball - b.ball);
    const score = wrap.querySelector('[data-score]').dataset.score;
    const status = document.getElementById('live-status');
    return { seq: Number(wrap.dataset.seq), statusSeq: status ? Number(status.dataset.seq) : null, board: wrap.querySelector('svg.pitch').dataset.board, players, balls, score };
  });
}

/** The same facts from a GameView (the API's). */
export function expectedPitch(view) {
  const players = view.players.map((p) => {
    let place = 'reserves';
    let sq = null;
    if (p.place && p.place.Standing) { place = 'standing'; sq = p.place.Standing; }
    if (p.place && p.place.Prone) { place = 'prone'; sq = p.place.Prone; }
    return { player: p.id, side: p.side, position: p.position, place, x: sq ? sq.x : null, y: sq ? sq.y : null };
  }).sort((a, b) => a.player - b.player);
  const balls = view.balls.map((b) => (b.at.Loose ? { ball: b.id, loose: { x: b.at.Loose.x, y: b.at.Loose.y } } : { ball: b.id, held: b.at.Held }))
    .sort((a, b) => a.ball - b.ball);
  return { players, balls, score: `${view.score[0]}-${view.score[1]}`, board: view.board || 'OneTrapdoor' };
}

/** Start `dugout bot` processes; returns them (kill with `.kill()`). */
export function startBot(args) {
  const env = { ...process.env };
  delete env.DUGOUT_SERVER;
  delete env.DUGOUT_TOKEN;
  const child = spawn(fixture.clientBin, ['bot', '--server', base, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.output = '';
  child.stdout.on('data', (d) => { child.output += d; });
  child.stderr.on('data', (d) => { child.output += d; });
  return child;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
