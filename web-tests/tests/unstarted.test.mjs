// The archive hides rooms that never started (they are not results) unless asked: a room a
// bot creates and abandons before anyone joins is left out of the list by default, and the
// "Rooms never started: shown" filter brings it back.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { base, fixture, launch, openPage, get, startBot } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

async function shown(page) {
  await page.waitForFunction(() => {
    const r = document.getElementById('results');
    return r && r.dataset.query === location.search;
  });
  return page.$$eval('#matches tbody tr', (rows) => rows.map((r) => r.dataset.matchId));
}

test('rooms that never started are hidden from the archive unless the filter shows them', async () => {
  const before = new Set((await get('/api/matches?limit=100')).matches.map((m) => m.id));
  const bot = startBot(['--token', fixture.bots['fay-bot'].token, '--create', '--games', '1']);
  let room;
  for (let i = 0; i < 200 && !room; i++) {
    room = (await get('/api/matches?limit=100')).matches.find((m) => !before.has(m.id));
    if (!room) await sleep(100);
  }
  bot.kill('SIGKILL');
  assert.ok(room, `the bot made a room: ${bot.output}`);
  assert.equal(room.started_at_ms ?? null, null, 'it never started');

  const page = await openPage(browser);
  await page.goto(`${base}/matches`);
  const ids = await shown(page);
  assert.ok(!ids.includes(room.id), 'hidden by default');
  assert.ok(ids.length > 0, 'the real results are there');
  assert.equal(await page.getAttribute('#unstarted-note', 'data-hidden'), '1');

  await page.selectOption('#f-unstarted', 'shown');
  await page.click('#search');
  await page.waitForURL(/unstarted=shown/);
  assert.ok((await shown(page)).includes(room.id), 'shown when asked for');
  page.check();
});
