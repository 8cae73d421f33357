// The live view: two bots play a paced match; the browser follows it as a spectator over
// the WebSocket. The displayed seq advances, and at each moment read the drawn pitch is the
// API's state at that seq.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  base, fixture, launch, openPage, screenshot, get, loginAs, readPitch, expectedPitch, startBot, sleep, post, botToken,
} from './lib.mjs';

let browser;
const bots = [];
before(async () => { browser = await launch(); });
after(async () => {
  for (const b of bots) b.kill('SIGKILL');
  await browser.close();
});

test('the live view follows a match the bots are playing', async () => {
  const gus = await botToken('gus', 'gus-bot');
  const hal = await botToken('hal', 'hal-bot');
  // Paced: three messages a second each, so the match lasts long enough to watch.
  const pace = ['--rate', '3', '--strategy', 'greedy', '--games', '1'];
  bots.push(startBot(['--token', gus, '--create', '--team', 'Norse', '--opponent-team', 'Lizardmen', '--seed', '5', ...pace]));
  let room = null;
  for (let i = 0; i < 200 && !room; i++) {
    const rooms = await get('/api/rooms');
    const r = rooms.find((x) => x.seats[0] === 'gus-bot');
    if (r) room = r.room;
    else await sleep(100);
  }
  assert.ok(room, `gus-bot made a room: ${bots[0].output}`);
  bots.push(startBot(['--token', hal, '--join', room, '--seed', '6', ...pace]));

  const page = await openPage(browser);
  await loginAs(page, 'org-ada');
  // The live index lists the room once it plays.
  for (let i = 0; i < 50; i++) {
    const rooms = await get('/api/rooms');
    if (rooms.some((r) => r.room === room && r.status === 'playing')) break;
    await sleep(100);
  }
  await page.goto(`${base}/live`);
  await page.waitForSelector(`#rooms tr[data-room="${room}"]`);
  await screenshot(page, 'live-index');
  await Promise.all([page.waitForURL(`${base}/live/${room}`), page.click(`#rooms tr[data-room="${room}"] a`)]);

  await page.waitForSelector('#live-status[data-state="live"]');
  const seen = [];
  for (let round = 0; round < 4; round++) {
    const before = seen.length ? seen[seen.length - 1] : 0;
    // Wait for the view to move on.
    await page.waitForFunction((s) => {
      const w = document.querySelector('.pitch-wrap');
      return w && Number(w.dataset.seq) > s;
    }, before, { timeout: 20000 });
    const drawn = await readPitch(page);
    // The status line names the step drawn (read in the same instant).
    assert.equal(drawn.statusSeq, drawn.seq);
    const state = await get(`/api/matches/${room}/state?seq=${drawn.seq}`);
    assert.equal(state.at_seq, drawn.seq, 'a snapshot is taken between commands');
    const want = expectedPitch(state.view);
    assert.deepEqual(drawn.players, want.players, `players at seq ${drawn.seq}`);
    assert.deepEqual(drawn.balls, want.balls, `balls at seq ${drawn.seq}`);
    assert.equal(drawn.score, want.score);
    seen.push(drawn.seq);
  }
  for (let i = 1; i < seen.length; i++) assert.ok(seen[i] > seen[i - 1], `seq advances: ${seen}`);
  // Events are described in words as they arrive.
  const lines = await page.$$eval('#event-log li', (lis) => lis.map((l) => l.textContent));
  assert.ok(lines.length >= 10, `events shown: ${lines.length}`);
  // Newest first, the earlier ones from the archive below: seq 1 is the start.
  const seqs = await page.$$eval('#event-log li', (lis) => lis.map((l) => Number(l.dataset.seq)));
  assert.deepEqual(seqs, [...seqs].sort((a, b) => b - a));
  assert.equal(seqs[seqs.length - 1], 1);
  assert.ok(lines.some((l) => /placed at|moves|Turn \d+ of/.test(l)), lines.slice(0, 10).join('\n'));
  await screenshot(page, 'live');
  page.check();
});

test('the live view follows a match to its end, whose last state is the archive\'s', async () => {
  const ivy = await botToken('ivy', 'ivy-bot');
  const jon = await botToken('jon', 'jon-bot');
  const pace = ['--rate', '20', '--strategy', 'greedy', '--games', '1'];
  const creator = startBot(['--token', ivy, '--create', '--team', 'Dwarf', '--opponent-team', 'Goblin', '--seed', '8', ...pace]);
  bots.push(creator);
  let room = null;
  for (let i = 0; i < 200 && !room; i++) {
    const rooms = await get('/api/rooms');
    const r = rooms.find((x) => x.seats[0] === 'ivy-bot');
    if (r) room = r.room;
    else await sleep(100);
  }
  assert.ok(room, `ivy-bot made a room: ${creator.output}`);
  const page = await openPage(browser);
  await loginAs(page, 'org-ada');
  // Follow the room before the match starts: the view waits, then plays along.
  await page.goto(`${base}/live/${room}`);
  await page.waitForSelector('#live-status[data-state="waiting"]');
  const joiner = startBot(['--token', jon, '--join', room, '--seed', '9', ...pace]);
  bots.push(joiner);
  await page.waitForSelector('#live-status[data-state="live"]', { timeout: 20000 });
  await page.waitForSelector('#live-status[data-state="over"]', { timeout: 120000 });
  await page.waitForSelector('#match-over');
  const summary = await get(`/api/matches/${room}`);
  assert.equal(summary.status, 'finished');
  const drawn = await readPitch(page);
  assert.equal(drawn.seq, summary.last_seq);
  const state = await get(`/api/matches/${room}/state?seq=${summary.last_seq}`);
  const want = expectedPitch(state.view);
  assert.deepEqual(drawn.players, want.players);
  assert.deepEqual(drawn.balls, want.balls);
  assert.equal(drawn.score, `${summary.score[0]}-${summary.score[1]}`);
  const seqs = await page.$$eval('#event-log li', (lis) => lis.map((l) => Number(l.dataset.seq)));
  assert.equal(seqs[0], summary.last_seq);
  assert.match(await page.textContent('#event-log li:first-child'), /Match ended/);
  await screenshot(page, 'live-over');
  await Promise.all([page.waitForURL(`${base}/matches/${room}`), page.click('#match-over a')]);
  await page.waitForSelector(`.pitch-wrap[data-seq="${summary.last_seq}"]`);
  page.check();
});

test('the live view without a login, or of an unknown room, says so', async () => {
  const page = await openPage(browser);
  await page.goto(`${base}/live/some-room`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${base}/live/some-room`);
  await page.waitForSelector('.error');
  assert.match(await page.textContent('.error'), /Log in to watch live/);

  await loginAs(page, 'org-ada');
  await page.goto(`${base}/live/no-such-room`);
  await page.waitForSelector('#live-banner .error');
  assert.match(await page.textContent('#live-banner .error'), /No live match here/);
  await screenshot(page, 'live-unknown');
  page.check();
});
