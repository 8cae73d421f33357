// The dice verification badge: a match played by bots shows "Verified"; after one die face
// is changed in the stored log (straight in the SQLite file, as a dishonest operator
// would), the server's check fails at that seq and the page says FAILED.
// Runs last (it alters the database); needs python3 (its sqlite3 module) to do the edit.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { base, fixture, launch, openPage, screenshot, get, startBot, sleep, post, botToken } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

const EDIT = `
import json, sqlite3, sys
db, match = sys.argv[1], sys.argv[2]
con = sqlite3.connect(db, timeout=30)
for seq, text in con.execute("SELECT seq, event FROM match_events WHERE match_id = ? ORDER BY seq", (match,)):
    e = json.loads(text)
    g = e.get("event") if e.get("type") == "game" else None
    if g and g.get("type") == "rolled" and g.get("faces") and g.get("die") == "D6":
        g["faces"][0] = g["faces"][0] % 6 + 1
        con.execute("UPDATE match_events SET event = ? WHERE match_id = ? AND seq = ?", (json.dumps(e), match, seq))
        con.commit()
        print(seq)
        break
`;

const python = spawnSync('python3', ['-c', 'import sqlite3'], { stdio: 'ignore' }).status === 0;

test('a verified match says so; one die face changed in the store makes it FAILED', { skip: python ? false : 'python3 with sqlite3 is needed to alter the database' }, async () => {
  const kim = await botToken('kim', 'kim-bot');
  const leo = await botToken('leo', 'leo-bot');
  const args = ['--strategy', 'greedy', '--games', '1'];
  const a = startBot(['--token', kim, '--create', '--team', 'Nurgle', '--opponent-team', 'Khorne', '--seed', '3', ...args]);
  let room = null;
  for (let i = 0; i < 200 && !room; i++) {
    const r = (await get('/api/rooms')).find((x) => x.seats[0] === 'kim-bot');
    if (r) room = r.room;
    else await sleep(100);
  }
  assert.ok(room, a.output);
  const b = startBot(['--token', leo, '--join', room, '--seed', '4', ...args]);
  const exits = await Promise.all([a, b].map((c) => new Promise((r) => c.on('exit', r))));
  assert.deepEqual(exits, [0, 0], `${a.output}\n${b.output}`);

  const page = await openPage(browser);
  await page.goto(`${base}/matches/${room}`);
  await page.waitForSelector('#verification');
  assert.equal(await page.getAttribute('#verification', 'data-verification'), 'verified');

  const db = join(fixture.tmp, 'data', 'dugout.sqlite3');
  const seq = Number(execFileSync('python3', ['-c', EDIT, db, room], { encoding: 'utf8' }).trim());
  assert.ok(seq > 1, 'a D6 roll was altered');
  const v = await get(`/api/matches/${room}/verification`);
  assert.equal(v.status, 'failed');

  await page.reload();
  await page.waitForSelector('#verification');
  assert.equal(await page.getAttribute('#verification', 'data-verification'), 'failed');
  assert.equal(await page.textContent('#verification'), 'FAILED');
  await page.click('#dice details summary');
  assert.match(await page.textContent('#dice pre'), new RegExp(`first mismatch at seq ${seq}\\b`));
  await screenshot(page, 'match-verification-failed');
  page.check();
});
