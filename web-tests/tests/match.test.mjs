// The match page: the summary as the API gives it, the dice verified by the server, and the
// replay viewer: it reaches the final state, its drawing matches /state at each step shown,
// steps back and forward, jumps to a turn, links to a step; bad URLs say what is wrong.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { base, fixture, launch, openPage, screenshot, get, readPitch, expectedPitch } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

const id = fixture.leagueMatches[0];

/** Wait until the pitch shows `seq`, then read it. */
async function pitchAt(page, seq) {
  await page.waitForSelector(`.pitch-wrap[data-seq="${seq}"]`);
  return readPitch(page);
}

async function assertMatchesApi(page, seq) {
  const drawn = await pitchAt(page, seq);
  const state = await get(`/api/matches/${id}/state?seq=${seq}`);
  const want = expectedPitch(state.view);
  assert.equal(drawn.seq, seq);
  // Every player of both teams is drawn (on the pitch or in the reserves).
  assert.equal(drawn.players.length, state.view.players.length);
  assert.ok(drawn.players.length >= 10);
  assert.deepEqual(drawn.players, want.players, `players at step ${seq}`);
  assert.deepEqual(drawn.balls, want.balls, `balls at step ${seq}`);
  assert.equal(drawn.score, want.score, `score at step ${seq}`);
  assert.equal(drawn.board, want.board);
  return drawn;
}

test('the summary and the dice verification are shown as the API gives them', async () => {
  const page = await openPage(browser);
  await page.goto(`${base}/matches/${id}`);
  const summary = await get(`/api/matches/${id}`);
  const verification = await get(`/api/matches/${id}/verification`);
  assert.equal(verification.status, 'verified');
  await page.waitForSelector('#summary');
  const cell = (row, side) => page.textContent(`tr[data-row="${row}"] td[data-side="${side}"]`);
  assert.equal(await cell('coach', 'home'), summary.coaches[0]);
  assert.equal(await cell('coach', 'away'), summary.coaches[1]);
  assert.equal(await cell('score', 'home'), String(summary.score[0]));
  assert.equal(await cell('score', 'away'), String(summary.score[1]));
  assert.equal(await cell('touchdowns', 'home'), String(summary.touchdowns[0]));
  assert.equal(await cell('injuries', 'away'), String(summary.injuries[1]));
  assert.equal(await cell('challenge', 'home'), String(summary.challenge_points[0]));
  assert.equal(await page.getAttribute('#verification', 'data-verification'), 'verified');
  assert.equal(await page.textContent('#verification'), 'Verified');
  assert.ok((await page.textContent('#dice')).includes(summary.dice.commitment));
  page.check();
});

test('the replay opens at the final state, which matches /state at the last seq', async () => {
  const page = await openPage(browser);
  await page.goto(`${base}/matches/${id}`);
  const summary = await get(`/api/matches/${id}`);
  const last = summary.last_seq;
  const drawn = await assertMatchesApi(page, last);
  assert.equal(await page.getAttribute('#step-status', 'data-step'), String(last));
  assert.equal(drawn.score, `${summary.score[0]}-${summary.score[1]}`);
  // The last event is the end of the match, in words.
  assert.match(await page.textContent('#event-now'), /Match ended/);
  await page.waitForSelector('#event-log li.current');
  assert.equal(await page.getAttribute('#event-log li.current', 'data-seq'), String(last));
  // The event list is scrolled to the current event.
  const inView = await page.evaluate(() => {
    const log = document.getElementById('event-log').getBoundingClientRect();
    const li = document.querySelector('#event-log li.current').getBoundingClientRect();
    return li.top >= log.top - 1 && li.bottom <= log.bottom + 1;
  });
  assert.ok(inView, 'the current event is visible in the list');
  await screenshot(page, 'match');
  page.check();
});

test('stepping back and forward, the range and a turn jump all redraw to /state', async () => {
  const page = await openPage(browser);
  const summary = await get(`/api/matches/${id}`);
  const last = summary.last_seq;
  await page.goto(`${base}/matches/${id}`);
  await pitchAt(page, last);
  await page.click('#back');
  await assertMatchesApi(page, last - 1);
  await page.click('#back');
  await assertMatchesApi(page, last - 2);
  await page.click('#forward');
  await assertMatchesApi(page, last - 1);
  await page.keyboard.press('ArrowLeft');
  await assertMatchesApi(page, last - 2);
  await page.click('#first');
  await assertMatchesApi(page, 1);
  assert.match(await page.textContent('#event-now'), /Match started/);
  assert.equal(new URL(page.url()).searchParams.get('step'), '1');

  // Jump to the third turn that starts in the log.
  const events = (await get(`/api/matches/${id}/events?limit=1000`)).events;
  const turns = events.filter((e) => e.event.type === 'game' && e.event.event.type === 'turn_started');
  assert.ok(turns.length >= 3, 'the match has turns');
  const target = turns[2].seq;
  await page.selectOption('#turn-select', String(target));
  await assertMatchesApi(page, target);
  assert.match(await page.textContent('#event-now'), /Turn \d+ of (Home|Away)/);

  // Typing a step.
  const mid = Math.floor(last / 2);
  await page.fill('#step-input', String(mid));
  await page.press('#step-input', 'Enter');
  await assertMatchesApi(page, mid);
  await screenshot(page, 'match-mid-replay');
  page.check();
});

test('a link to a step opens the replay at that step (query or fragment)', async () => {
  const page = await openPage(browser);
  const events = (await get(`/api/matches/${id}/events?limit=1000`)).events;
  // A step where a player moved, so the pitch differs from the start.
  const moved = events.find((e) => e.event.type === 'game' && e.event.event.type === 'player_moved');
  assert.ok(moved);
  await page.goto(`${base}/matches/${id}?step=${moved.seq}`);
  await assertMatchesApi(page, moved.seq);
  assert.match(await page.textContent('#event-now'), /moves/);
  assert.equal(await page.getAttribute('#step-link', 'href'), `/matches/${id}?step=${moved.seq}`);

  await page.goto(`${base}/matches/${id}#step=7`);
  await assertMatchesApi(page, 7);
  page.check();
});

test('bad URLs show a clear message: unknown match, bad step', async () => {
  const page = await openPage(browser, { allow: [/status of 404/] });
  await page.goto(`${base}/matches/no-such-match`);
  await page.waitForSelector('.error');
  assert.match(await page.textContent('.error'), /Unknown match/);
  assert.match(await page.textContent('.error'), /no-such-match/);
  await screenshot(page, 'match-unknown');

  const summary = await get(`/api/matches/${id}`);
  for (const bad of ['0', String(summary.last_seq + 1), 'abc', '-3']) {
    await page.goto(`${base}/matches/${id}?step=${bad}`);
    await page.waitForSelector('#replay .error');
    const text = await page.textContent('#replay .error');
    assert.match(text, /Bad step/);
    assert.ok(text.includes(`from 1 to ${summary.last_seq}`), text);
    // The summary is still there.
    assert.ok(await page.isVisible('#summary'));
  }
  await screenshot(page, 'match-bad-step');
  await page.click('#first-step-link');
  await assertMatchesApi(page, 1);
  page.check();
});

test('the replay numbers the discs, highlights the players of the step, labels the edges and folds the dice', async () => {
  const page = await openPage(browser);
  const match = fixture.leagueMatches[0];
  const events = await get(`/api/matches/${match}/events?from=1&limit=1000`);
  // A step where a player moves: its player is highlighted, and only the players it names.
  const moved = events.events.find((e) => e.event.type === 'game' && e.event.event.type === 'player_moved');
  assert.ok(moved, 'the match has a move');
  await page.goto(`${base}/matches/${match}?step=${moved.seq}`);
  await page.waitForSelector(`.pitch-wrap[data-seq="${moved.seq}"]`);
  const lit = await page.$$eval('g.player.highlight', (gs) => gs.map((g) => Number(g.dataset.player)));
  assert.deepEqual(lit, [moved.event.event.player]);
  // Every disc carries the player's number, as the events write it ("#7").
  const numbers = await page.$$eval('g.player', (gs) => gs.map((g) => [Number(g.dataset.player), g.querySelector('text.num').textContent]));
  assert.ok(numbers.length > 0);
  for (const [id, text] of numbers) assert.equal(text, String(id));
  // Coordinates along the edges: columns 0..14 and rows 0..10.
  const xs = await page.$$eval('svg.pitch text[data-coord-x]', (ts) => ts.map((t) => t.textContent));
  const ys = await page.$$eval('svg.pitch text[data-coord-y]', (ts) => ts.map((t) => t.textContent));
  assert.deepEqual(xs, Array.from({ length: 15 }, (_, i) => String(i)));
  assert.deepEqual(ys, Array.from({ length: 11 }, (_, i) => String(i)));
  // The replay comes before the dice, whose hashes are folded away.
  const order = await page.evaluate(() => {
    const r = document.getElementById('replay').getBoundingClientRect().top;
    const d = document.getElementById('dice').getBoundingClientRect().top;
    return r < d;
  });
  assert.ok(order, 'the replay is above the dice');
  assert.equal(await page.isVisible('#dice-hashes code'), false, 'the hashes are folded');
  assert.equal(await page.textContent('#verification'), 'Verified');
  // The edition as people say it and the league by its name.
  const meta = await page.textContent('#summary .meta');
  assert.match(meta, /Blitz Bowl 2024/);
  assert.doesNotMatch(meta, /Bb2024/);
  await page.waitForFunction(() => document.getElementById('league-link').textContent === 'Web Test League');
  // The legend names positions as the terminal does (a letter and the short name).
  const legend = await page.textContent('.legend.side-home');
  assert.doesNotMatch(legend, /\b[A-Z]{2} /, 'one letter per position');
  page.check();
});
