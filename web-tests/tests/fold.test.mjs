// The live view follows a match from its events (server/web/blitz_fold.js, the port of the
// rules' `GameView::apply`), asking for no snapshot after the one the room sends on
// `spectate`. While bots play, the folded view the page exposes (`window.dugoutLive`) is
// compared, prompt aside, with the server's own spectator view at the same seq
// (`GET /api/matches/{id}/state?seq=N&as=spectator`): deep-equal, key order ignored. Once
// the match is over, the same reducer, run here in node on the archive's event log, must give
// the server's view of every seat (both coaches, whose hands it folds with the card table,
// and a spectator) at steps across the match.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  base, fixture, launch, openPage, get, loginAs, startBot, sleep, post, botToken,
} from './lib.mjs';
import { fold } from '../../server/web/blitz_fold.js';

let browser;
const bots = [];
before(async () => { browser = await launch(); });
after(async () => {
  for (const b of bots) b.kill('SIGKILL');
  await browser.close();
});

/** The challenge deck in `CardId` order (`CHALLENGE_CARDS`), read from the rules' source. */
function cardTable() {
  const src = readFileSync(fileURLToPath(new URL('../../rules/src/blitz/data/cards.rs', import.meta.url)), 'utf8');
  const deck = src.slice(src.indexOf('pub static CHALLENGE_CARDS'));
  const body = deck.slice(0, deck.indexOf('];'));
  const cards = [...body.matchAll(/challenge:\s*Challenge::(\w+),\s*points:\s*(\d+),\s*bonus:\s*BonusPlay::(\w+)/g)]
    .map((m) => ({ challenge: m[1], points: Number(m[2]), bonus: m[3] }));
  const n = Number(/CHALLENGE_CARDS:\s*\[CardDef;\s*(\d+)\]/.exec(deck)[1]);
  assert.equal(cards.length, n, 'the card table reads whole');
  return cards;
}

const withoutPrompt = (v) => {
  const c = structuredClone(v);
  delete c.prompt;
  return c;
};

/** The spectator's view at `seq`, from the server. */
async function serverView(room, seq, seat = 'spectator') {
  return get(`/api/matches/${room}/state?seq=${seq}&as=${seat}`);
}

/** Wait until `rooms` lists a room for which `pick` is true; the room summary. */
async function waitRoom(pick, what, tries = 300) {
  for (let i = 0; i < tries; i++) {
    const r = (await get('/api/rooms')).find(pick);
    if (r) return r;
    await sleep(100);
  }
  throw new Error(`no room: ${what}`);
}

/**
 * Open the live view of `room` and record every frame the page sends. Returns the page and
 * the sent message types.
 */
async function openLive(room) {
  const page = await openPage(browser);
  await loginAs(page, 'org-ada');
  const sent = [];
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => {
      try {
        sent.push(JSON.parse(f.payload).type);
      } catch {
        sent.push('?');
      }
    });
  });
  await page.goto(`${base}/live/${room}`);
  return { page, sent };
}

/**
 * Follow the page's folded view until the match is over, comparing it with the server's
 * spectator view at every seq it is caught at. Returns the seqs compared.
 */
async function compareUntilOver(page, room) {
  const compared = [];
  let last = -1;
  for (;;) {
    const handle = await page.waitForFunction((s) => {
      const live = window.dugoutLive;
      const status = document.getElementById('live-status');
      if (status && ['error', 'closed'].includes(status.dataset.state)) return { failed: status.textContent };
      if (!live || live.seq <= s) return false;
      // Read the view and its seq in the same instant.
      return { seq: live.seq, view: JSON.parse(JSON.stringify(live.view)), over: status.dataset.state === 'over' };
    }, last, { timeout: 60000, polling: 50 });
    const got = await handle.jsonValue();
    assert.ok(!got.failed, `the live view stopped: ${got.failed}`);
    const state = await serverView(room, got.seq);
    assert.equal(state.at_seq, got.seq, 'the page shows the state after a whole command');
    assert.equal(got.view.game, 'blitz');
    assert.deepStrictEqual(withoutPrompt(got.view), withoutPrompt(state.view), `the folded view at seq ${got.seq} is the server's`);
    compared.push(got.seq);
    last = got.seq;
    if (got.over) return compared;
  }
}

/**
 * Fold the archive's whole event log (the match is over: every event is public) from the
 * server's view of `seat` at the end of the opening events, and compare it with the
 * server's view of that seat at `samples` steps and the last. Returns the steps compared.
 */
async function foldArchive(room, seat, cards, samples = 25) {
  const events = [];
  for (let from = 1; ;) {
    const page = await get(`/api/matches/${room}/events?from=${from}&limit=1000`);
    events.push(...page.events);
    if (page.next_from === null || page.next_from === undefined) break;
    from = page.next_from;
  }
  const lastSeq = events[events.length - 1].seq;
  const start = await serverView(room, 1, seat);
  const view = start.view;
  const at = new Map([[start.at_seq, structuredClone(view)]]);
  for (const e of events) {
    if (e.seq <= start.at_seq || e.event.type !== 'game') {
      if (e.seq > start.at_seq) at.set(e.seq, structuredClone(view));
      continue;
    }
    // Unprojected: a coach folds only their own claimed cards (the other's hand has no
    // card list); shuffles leave a view alone. So this is the seat's own stream's fold.
    assert.ok(fold(view, e.event.event, { cards }), `folds ${JSON.stringify(e.event.event)}`);
    at.set(e.seq, structuredClone(view));
  }
  const steps = new Set([lastSeq]);
  for (let i = 1; i <= samples; i++) steps.add(Math.max(1, Math.round((lastSeq * i) / (samples + 1))));
  const compared = [];
  compared.types = new Set(events.filter((e) => e.event.type === 'game').map((e) => e.event.event.type));
  for (const s of [...steps].sort((a, b) => a - b)) {
    const state = await serverView(room, s, seat);
    assert.ok(at.has(state.at_seq), `a folded view at ${state.at_seq}`);
    assert.deepStrictEqual(withoutPrompt(at.get(state.at_seq)), withoutPrompt(state.view), `${seat} at seq ${state.at_seq} (asked ${s})`);
    compared.push(state.at_seq);
  }
  return compared;
}

test('the live view folds a 2024 match with every option, followed from before its start', async (t) => {
  const kit = await botToken('kit', 'kit-bot');
  const lou = await botToken('lou', 'lou-bot');
  // The room is made by a person (not seated) with every 2024 option, so the reducer meets
  // Random Events, the arenas, the special balls, Rookies to Watch, Fouls and Throw
  // Team-mate; the bots then take its two seats.
  const page = await openPage(browser);
  await loginAs(page, 'org-ada');
  const room = await page.evaluate(async (tok) => {
    const ws = new WebSocket(`ws://${location.host}/ws`);
    const answer = new Promise((resolve, reject) => {
      ws.onmessage = (m) => {
        const msg = JSON.parse(m.data);
        if (msg.type === 'welcome') {
          ws.send(JSON.stringify({
            type: 'create_room',
            id: 1,
            room: {
              game: 'blitz',
              setup: {
                edition: 'Bb2024',
                teams: ['Ogre', 'Goblin'],
                options: { random_events: true, special_actions: true, rookies_to_watch: 'Home', arenas: true, special_balls: true },
              },
              timer: { policy: 'none' },
              private: false,
            },
          }));
        } else if (msg.type === 'ack' && msg.id === 1) {
          resolve(msg.room);
        } else if (msg.type === 'error') {
          reject(new Error(`${msg.code}: ${msg.message}`));
        }
      };
    });
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', protocol_version: 2, client: 'fold-test', token: tok }));
    const r = await answer;
    ws.close();
    return r;
  }, fixture.organiser.token);
  assert.ok(room, 'the room was made');
  page.check();
  await page.close();

  // Follow it before the match starts: the first snapshot comes when it starts.
  const live = await openLive(room);
  await live.page.waitForSelector('#live-status[data-state="waiting"]');
  const pace = ['--rate', '20', '--strategy', 'greedy', '--games', '1'];
  bots.push(startBot(['--token', kit, '--join', room, '--seed', '12', ...pace]));
  await waitRoom((r) => r.room === room && r.seats.includes('kit-bot'), 'kit-bot seated');
  bots.push(startBot(['--token', lou, '--join', room, '--seed', '13', ...pace]));

  const compared = await compareUntilOver(live.page, room);
  const summary = await get(`/api/matches/${room}`);
  assert.equal(summary.status, 'finished');
  assert.equal(compared[compared.length - 1], summary.last_seq, 'the last view compared is the final one');
  assert.ok(compared.length >= 6, `compared at several steps: ${compared}`);
  // One spectate, no snapshot request: the room's own snapshot, then events only.
  assert.equal(live.sent.filter((t) => t === 'spectate').length, 1, `sent: ${live.sent}`);
  assert.equal(live.sent.filter((t) => t === 'snapshot').length, 0, `no snapshot asked for: ${live.sent}`);
  live.page.check();

  // The reducer on the archive's log: every seat, card lists included.
  const cards = cardTable();
  t.diagnostic(`live: ${compared.length} views compared, seq ${compared[0]} to ${compared[compared.length - 1]}`);
  for (const seat of ['home', 'away', 'spectator']) {
    const steps = await foldArchive(room, seat, cards);
    assert.ok(steps.length >= 10, `${seat}: ${steps}`);
    if (seat === 'spectator') t.diagnostic(`archive: ${steps.length} steps per seat; event types ${[...steps.types].sort().join(' ')}`);
  }
});

test('the live view folds a 2018 match joined while it is played', async (t) => {
  const max = await botToken('max', 'max-bot');
  const ned = await botToken('ned', 'ned-bot');
  const pace = ['--rate', '15', '--strategy', 'greedy', '--games', '1'];
  const creator = startBot(['--token', max, '--create', '--edition', '2018', '--seed', '31', ...pace]);
  bots.push(creator);
  const open = await waitRoom((r) => r.seats[0] === 'max-bot', `max-bot made a room: ${creator.output}`);
  assert.equal(open.setup.edition, 'Bb2018');
  const joiner = startBot(['--token', ned, '--join', open.room, '--seed', '32', ...pace]);
  bots.push(joiner);
  // Join in the middle of the match: the snapshot on `spectate` is the starting view.
  // (The archive's summary: the lobby's `seq` is the one of the room's last lobby change.)
  let under = null;
  for (let i = 0; i < 600 && !under; i++) {
    const m = await get(`/api/matches/${open.room}`);
    if (m.status === 'playing' && m.last_seq > 60) under = m;
    else await sleep(50);
  }
  assert.ok(under, `the 2018 match under way:\n${creator.output}\n${joiner.output}`);
  const live = await openLive(open.room);
  const compared = await compareUntilOver(live.page, open.room);
  const summary = await get(`/api/matches/${open.room}`);
  assert.equal(compared[compared.length - 1], summary.last_seq);
  assert.ok(compared[0] > 60, `joined mid-match: ${compared}`);
  assert.ok(compared.length >= 6, `compared at several steps: ${compared}`);
  assert.equal(live.sent.filter((t) => t === 'snapshot').length, 0, `no snapshot asked for: ${live.sent}`);
  live.page.check();

  const cards = cardTable();
  t.diagnostic(`live: ${compared.length} views compared, seq ${compared[0]} to ${compared[compared.length - 1]}`);
  for (const seat of ['home', 'away', 'spectator']) {
    const steps = await foldArchive(open.room, seat, cards);
    if (seat === 'spectator') t.diagnostic(`archive: ${steps.length} steps per seat; event types ${[...steps.types].sort().join(' ')}`);
  }
});
