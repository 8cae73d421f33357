// Blood Bowl on the pages: the reducer port (server/web/bb_fold.js) against the engine's own
// fold, the words, the replay page of a complete match played by `dugout bot` (seeded by
// harness.mjs: `fixture.bbMatch`), the live view following a match from its events, and the
// match lists naming Blood Bowl teams.
//
// Two sources of Blood Bowl data, both the engine's:
//   * web-tests/fixtures/bb-scripted.json (server/tests/bb_view_fixture.rs): a match start
//     from `bb::new_game` and a scripted drive of engine events, each with the view the
//     engine's `GameView::apply` leaves. Its events are chosen to meet every drawing case
//     (prone, stunned, KO, casualty, sent off, the ball held, a failed dodge, a 2-dice
//     block) and the words the pages promise;
//   * the matches the bots play on the real server, compared with the server's own views.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  base, fixture, launch, openPage, get, loginAs, startBot, sleep, screenshot, botToken,
} from './lib.mjs';
import { fold } from '../../server/web/bb_fold.js';
import { describeBbEvent, titleWords } from '../../server/web/bb_describe.js';
import { bbRosterOf } from '../../server/web/bb_pitch.js';

if (!fixture.bbFixtures) throw new Error('no Blood Bowl fixtures: run web-tests/run (it writes them with server/tests/bb_view_fixture.rs)');
const scripted = JSON.parse(readFileSync(join(fixture.bbFixtures, 'bb-scripted.json'), 'utf8'));
const random = JSON.parse(readFileSync(join(fixture.bbFixtures, 'bb-random.json'), 'utf8'));

let browser;
let rules;
const bots = [];
before(async () => {
  browser = await launch();
  rules = await get('/api/rules/blood_bowl');
});
after(async () => {
  for (const b of bots) b.kill('SIGKILL');
  await browser.close();
});

const withoutPrompt = (v) => {
  const c = structuredClone(v);
  delete c.prompt;
  return c;
};

async function allEvents(room) {
  const events = [];
  for (let from = 1; ;) {
    const page = await get(`/api/matches/${room}/events?from=${from}&limit=1000`);
    events.push(...page.events);
    if (page.next_from === null || page.next_from === undefined) return events;
    from = page.next_from;
  }
}

/** The words of every game event of a log, each with the game event before it. */
function words(ctx, gameEvents) {
  return gameEvents.map((e, i) => describeBbEvent(ctx, e, i > 0 ? gameEvents[i - 1] : null));
}

test('the reducer port folds the engine\'s scripted drive exactly as the engine does', () => {
  const view = structuredClone(scripted.start);
  assert.equal(view.game, 'blood_bowl');
  for (const [i, s] of scripted.steps.entries()) {
    assert.equal(fold(view, s.event), true, `step ${i}: folds ${s.event.type}`);
    assert.deepStrictEqual(view, s.view, `step ${i} (${s.event.type}): the engine's view`);
  }
  // What it cannot fold, it says so (the page then takes a snapshot).
  assert.equal(fold(structuredClone(scripted.start), { game: 'blood_bowl', type: 'no_such_event' }), false);
  assert.equal(fold(structuredClone(scripted.start), { game: 'blitz', type: 'turn_ended', coach: 'Home' }), false);
});

test('the reducer port follows random complete matches on the engine: its view every ten commands', () => {
  const types = new Set();
  let compared = 0;
  for (const g of random.games) {
    const view = structuredClone(g.start);
    for (const [n, c] of g.commands.entries()) {
      for (const e of c.events) {
        types.add(e.type);
        assert.equal(fold(view, e), true, `seed ${g.seed}, command ${n + 1}: folds ${JSON.stringify(e)}`);
      }
      if (c.view) {
        assert.deepStrictEqual(withoutPrompt(view), withoutPrompt(c.view), `seed ${g.seed}, after command ${n + 1}`);
        compared++;
      }
    }
    assert.equal(view.outcome !== null, true, `seed ${g.seed}: the match ended`);
  }
  assert.ok(compared > 100, `${compared} views compared`);
  // Words for every event type met, none falling back to its type name.
  const ctx = { rules, teams: random.games[0].start.teams.map((t) => t.roster), coaches: [null, null], players: bbRosterOf(random.games[0].start) };
  for (const g of random.games.slice(0, 1)) {
    const events = g.commands.flatMap((c) => c.events);
    for (const [i, line] of words(ctx, events).entries()) {
      assert.notEqual(line, titleWords(events[i].type), `${events[i].type} has its own words`);
      assert.doesNotMatch(line, /undefined|\[object|NaN/, line);
    }
  }
  for (const t of ['block_declared', 'armour', 'injured', 'passed', 'turn_started', 'game_over']) {
    assert.ok(types.has(t), `the random matches meet ${t}: ${[...types].sort().join(' ')}`);
  }
});

test('Blood Bowl events read in plain English, the dice in words', () => {
  const ctx = { rules, teams: ['human', 'orc'], coaches: ['uma-bot', 'vic-bot'], players: bbRosterOf(scripted.start) };
  const lines = words(ctx, scripted.steps.map((s) => s.event));
  for (const want of [
    'Dodge 4+ rolled 3: failed',
    'Dodge 4+ rolled 5: success (re-roll)',
    'Block: 2 dice, Orcs choose: Pushed, Defender Down',
    'Armour 9 v AV 8: broken (Humans #2 Lineman)',
    'Armour 5 v AV 8: holds (Humans #11 Blitzer)',
    'Injury 8: KO (Humans #2 Lineman)',
    'Injury 11: Casualty (Humans #6 Lineman)',
    'Casualty: Groin Strain (Humans #6 Lineman)',
    'Orcs use a team re-roll for Orcs #4 Lineman',
    'The weather: Pouring Rain',
    'Kick-off: Brilliant Coaching',
    'Orcs #3 Lineman is sent off by the referee',
    'TOUCHDOWN Orcs by Orcs #4 Lineman! 0–1',
    'Game over: 0–1, Orcs win',
  ]) {
    assert.ok(lines.includes(want), `“${want}” among the words:\n${lines.join('\n')}`);
  }
  for (const [i, line] of lines.entries()) {
    const e = scripted.steps[i].event;
    assert.notEqual(line, titleWords(e.type), `step ${i}: ${e.type} has its own words`);
    assert.doesNotMatch(line, /undefined|\[object|NaN/, `step ${i}: ${line}`);
  }
});

test('the drawing shows every state of a player, the ball, the dugouts and the counters', async () => {
  const page = await openPage(browser);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${base}/leagues`);
  await page.waitForSelector('main h1');
  // The scripted drive after the casualty (step with the stunned blitzer, the KO'd and the
  // hurt lineman, the fouler sent off, the carrier acting): drawn by the page's own code.
  const at = scripted.steps.findIndex((s) => s.event.type === 'declared' && s.view.players.some((p) => p.state.state === 'casualty'));
  assert.ok(at > 0, 'a step after the casualty');
  const view = scripted.steps[at].view;
  const drawn = await page.evaluate(async (v) => {
    const { GAMES } = await import('/assets/games.js');
    const g = GAMES.blood_bowl;
    const r = await g.loadRules();
    document.getElementById('main').replaceChildren(g.drawPitch(v, r, { seq: 1, atSeq: 1, highlight: [v.acting] }));
    const svg = document.querySelector('svg.pitch');
    const players = [...document.querySelectorAll('.pitch-wrap [data-player]')].map((el) => ({
      id: Number(el.dataset.player),
      state: el.dataset.state,
      x: el.dataset.x === undefined ? null : Number(el.dataset.x),
      y: el.dataset.y === undefined ? null : Number(el.dataset.y),
      number: el.tagName === 'g' ? el.querySelector('text.label').textContent : el.textContent,
      box: el.closest('[data-box]') ? el.closest('[data-box]').dataset.box : null,
      acting: el.dataset.acting === 'true',
      ball: el.dataset.ball || null,
    }));
    return {
      game: svg.dataset.game,
      length: Number(svg.dataset.length),
      width: Number(svg.dataset.width),
      squares: svg.querySelectorAll('rect[data-x]').length,
      endzones: svg.querySelectorAll('rect.endzone').length,
      wide: svg.querySelectorAll('rect.wide').length,
      lines: [...svg.querySelectorAll('line[data-line]')].map((l) => l.dataset.line),
      coords: svg.querySelectorAll('[data-coord-x]').length + svg.querySelectorAll('[data-coord-y]').length,
      players,
      score: document.querySelector('[data-score]').dataset.score,
      half: document.querySelector('[data-half]').textContent,
      turns: [...document.querySelectorAll('[data-turns]')].map((e) => e.textContent),
      rerolls: [...document.querySelectorAll('[data-rerolls]')].map((e) => e.textContent),
      weather: document.querySelector('[data-weather]').textContent,
      stunMarks: svg.querySelectorAll('.stunned .stun-mark').length,
      actingRing: svg.querySelectorAll('.acting .acting-ring').length,
      scoreline: document.querySelector('.scoreline').textContent,
    };
  }, view);
  assert.deepEqual([drawn.game, drawn.length, drawn.width, drawn.squares], ['blood_bowl', 26, 15, 26 * 15]);
  assert.equal(drawn.endzones, 2 * 15, 'two end zones');
  assert.equal(drawn.wide, 2 * 4 * 26, 'two wide zones of four rows');
  assert.deepEqual(drawn.lines.sort(), ['goal-away', 'goal-home', 'halfway', 'scrimmage', 'scrimmage', 'wide-bottom', 'wide-top']);
  assert.equal(drawn.coords, 26 + 15);
  // Every player where the view says, with his shirt number.
  const byId = new Map(drawn.players.map((p) => [p.id, p]));
  assert.equal(byId.size, view.players.length);
  const boxOf = { reserve: 'reserves', knocked_out: 'ko', casualty: 'casualties', sent_off: 'sent_off' };
  for (const p of view.players) {
    const d = byId.get(p.id);
    assert.equal(d.number, String(p.number), `player ${p.id}'s number`);
    assert.equal(d.state, p.state.state, `player ${p.id}'s state`);
    if (p.state.square) {
      assert.deepEqual([d.x, d.y], [p.state.square.x, p.state.square.y], `player ${p.id}'s square`);
    } else {
      assert.equal(d.box, boxOf[p.state.state], `player ${p.id} in the ${boxOf[p.state.state]} box`);
    }
  }
  const states = new Set(drawn.players.map((p) => p.state));
  for (const s of ['standing', 'stunned', 'knocked_out', 'casualty', 'sent_off', 'reserve']) assert.ok(states.has(s), `a ${s} player drawn`);
  assert.equal(drawn.stunMarks, 1, 'the stunned player is marked');
  assert.equal(drawn.actingRing, 1, 'the acting player is ringed');
  assert.ok(byId.get(view.acting).acting);
  assert.equal(byId.get(view.ball.player).ball, 'held', 'the carrier holds the ball');
  assert.equal(drawn.score, '0-0');
  assert.match(drawn.scoreline, /Humans 0 – 0 Orcs · Away \(Orcs\) to act, turn 2/);
  assert.equal(drawn.half, 'Half 1');
  assert.deepEqual(drawn.turns, ['Home turn 1', 'Away turn 2']);
  assert.deepEqual(drawn.rerolls, ['Home re-rolls 3/3', 'Away re-rolls 3/3']);
  assert.equal(drawn.weather, 'Weather: Pouring Rain');
  await screenshot(page, 'bb-drawing');

  // A player lying prone (the blitzer after his Both Down): a pale, dashed disc.
  const down = scripted.steps.find((s) => s.event.type === 'turnover_caused').view;
  const proneIds = down.players.filter((p) => p.state.state === 'prone').map((p) => p.id);
  assert.ok(proneIds.length >= 1);
  const prone = await page.evaluate(async (v) => {
    const { GAMES } = await import('/assets/games.js');
    const g = GAMES.blood_bowl;
    document.getElementById('main').replaceChildren(g.drawPitch(v, await g.loadRules(), { seq: 2, atSeq: 2 }));
    return [...document.querySelectorAll('svg.pitch g.player.prone')].map((el) => ({
      id: Number(el.dataset.player),
      dashed: getComputedStyle(el.querySelector('.token')).strokeDasharray !== 'none',
    }));
  }, down);
  assert.deepEqual(prone.map((p) => p.id), proneIds);
  assert.ok(prone.every((p) => p.dashed), 'prone discs are dashed');
  page.check();
  await page.close();
});

/** The drawn players of the replay or live page: id -> {state, x, y, number}. */
async function drawnPlayers(page) {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.pitch-wrap [data-player]')].map((el) => [el.dataset.player, {
    state: el.dataset.state,
    x: el.dataset.x === undefined ? null : Number(el.dataset.x),
    y: el.dataset.y === undefined ? null : Number(el.dataset.y),
    number: Number(el.dataset.number),
  }])));
}

function expectedPlayers(view) {
  return Object.fromEntries(view.players.map((p) => [String(p.id), {
    state: p.state.state,
    x: p.state.square ? p.state.square.x : null,
    y: p.state.square ? p.state.square.y : null,
    number: p.number,
  }]));
}

test('the replay of a complete Blood Bowl match draws the pitch with numbered discs and steps through the events in words', async () => {
  const room = fixture.bbMatch;
  const summary = await get(`/api/matches/${room}`);
  assert.equal(summary.game, 'blood_bowl');
  assert.equal(summary.status, 'finished');
  const events = await allEvents(room);
  // A step in the middle of a drive: players on the pitch, a game event with a player.
  const onPitch = [];
  for (const e of events) {
    if (e.event.type === 'game' && e.event.event.type === 'turn_started') onPitch.push(e.seq);
  }
  assert.ok(onPitch.length >= 4, `turns were played: ${onPitch.length}`);
  const step = onPitch[Math.floor(onPitch.length / 2)] + 1;

  const page = await openPage(browser);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${base}/matches/${room}?step=${step}`);
  await page.waitForSelector(`.pitch-wrap[data-seq="${step}"] svg[data-game="blood_bowl"]`);
  assert.equal(await page.textContent('#summary h1'), 'Humans v Orcs');
  assert.match(await page.textContent('#summary .meta'), /^Blood Bowl LRB6 · finished/);
  assert.equal(await page.textContent('[data-row="score"] [data-side="home"]'), String(summary.score[0]));
  assert.ok(await page.isVisible('[data-row="casualties"]'), 'the Blood Bowl rows of the summary');
  // The result as it was settled: a level score won on penalties says so, and a match a
  // coach conceded in play.
  const r = summary.result;
  assert.equal(r.by, 'game');
  const how = r.outcome.result === 'penalties' ? ' on penalties' : r.outcome.result === 'conceded' ? ' by concession' : '';
  const won = { home: 'home won', away: 'away won', draw: 'draw' }[summary.winner];
  assert.equal(await page.textContent('#result'), `Result: ${r.score[0]}–${r.score[1]}${how} (${won})`);
  assert.equal(await page.$eval('svg.pitch', (s) => `${s.dataset.length}x${s.dataset.width}`), '26x15');
  // The drawing is the server's state at that step: every player, his number, his square.
  const state = await get(`/api/matches/${room}/state?seq=${step}`);
  assert.deepEqual(await drawnPlayers(page), expectedPlayers(state.view));
  const discs = await page.$$eval('svg.pitch g.player text.label', (ts) => ts.map((t) => t.textContent));
  assert.ok(discs.length >= 6 && discs.every((t) => /^\d+$/.test(t)), `numbered discs: ${discs}`);
  await screenshot(page, 'bb-replay');

  // Step forward through ten events: the step, its words, the drawing follow.
  const gameWords = [];
  for (let i = 1; i <= 10 && step + i <= summary.last_seq; i++) {
    await page.click('#forward');
    await page.waitForSelector(`.pitch-wrap[data-seq="${step + i}"]`);
    const now = await page.textContent('#event-now');
    assert.ok(now.startsWith(`${step + i}: `), now);
    assert.doesNotMatch(now, /undefined|\[object|NaN/);
    gameWords.push(now);
    assert.equal(await page.getAttribute('#step-status', 'data-step'), String(step + i));
  }
  assert.ok(gameWords.length >= 5, gameWords.join('\n'));
  const last = await get(`/api/matches/${room}/state?seq=${step + gameWords.length}`);
  assert.deepEqual(await drawnPlayers(page), expectedPlayers(last.view));

  // Every event of the log is in words: a game event never falls back to its type name.
  const log = await page.$$eval('#event-log li', (lis) => lis.map((li) => [Number(li.dataset.seq), li.querySelector('.text').textContent]));
  assert.equal(log.length, events.length);
  const bySeq = new Map(events.map((e) => [e.seq, e]));
  const kinds = new Set();
  for (const [seq, text] of log) {
    const e = bySeq.get(seq).event;
    assert.ok(text.length > 0, `step ${seq} has words`);
    if (e.type === 'game') {
      kinds.add(e.event.type);
      assert.notEqual(text, titleWords(e.event.type), `step ${seq} (${e.event.type}): ${text}`);
      assert.doesNotMatch(text, /undefined|\[object|NaN/, `step ${seq}: ${text}`);
    }
  }
  assert.ok(log.some(([, t]) => /^Block: \d dic?e?s?, (Humans|Orcs) choose: /.test(t)), 'a block worded with its dice');
  assert.ok(log.some(([, t]) => /^Armour \d+ v AV \d+: (broken|holds) \(/.test(t)), 'an armour roll worded against the AV');
  assert.ok(log.some(([, t]) => /^(Dodge|Going for it|Pick-up|Catch|Pass) \d\+/.test(t)), 'a check worded with its target');
  // The last step: the final score and game over.
  await page.click('#last');
  await page.waitForSelector(`.pitch-wrap[data-seq="${summary.last_seq}"]`);
  assert.equal(await page.getAttribute('[data-score]', 'data-score'), `${summary.score[0]}-${summary.score[1]}`);
  page.check();
  await page.close();
});

test('the archive and the league pages name Blood Bowl teams; the archive filters by game', async () => {
  const page = await openPage(browser);
  await page.goto(`${base}/matches?game=blood_bowl`);
  await page.waitForSelector('#matches tbody tr');
  const rows = await page.$$eval('#matches tbody tr', (trs) => trs.map((tr) => ({ id: tr.dataset.matchId, teams: tr.children[1].textContent, result: tr.children[4].textContent })));
  const row = rows.find((r) => r.id === fixture.bbMatch);
  assert.ok(row, `the Blood Bowl match is listed: ${JSON.stringify(rows)}`);
  assert.equal(row.teams, 'Humans v Orcs');
  const summary = await get(`/api/matches/${fixture.bbMatch}`);
  assert.ok(row.result.startsWith(`${summary.score[0]}–${summary.score[1]}`), `${row.result} for ${summary.score}`);
  assert.ok(rows.every((r) => r.teams !== 'human v orc'));
  // The game filter offers Blood Bowl.
  assert.deepEqual(await page.$$eval('#f-game option', (os) => os.map((o) => o.value)), ['', 'blitz', 'blood_bowl']);

  // A league with the match attached: its fixture names the coaches' Blood Bowl teams and
  // the score (touchdowns) of the summary.
  await page.goto(`${base}/leagues/${fixture.bbLeague}`);
  await page.waitForSelector(`#fixtures tr[data-match-id="${fixture.bbMatch}"]`);
  const fx = await page.$eval(`#fixtures tr[data-match-id="${fixture.bbMatch}"]`, (tr) => ({
    home: tr.querySelector('.home').textContent,
    score: tr.querySelector('.score').textContent,
    away: tr.querySelector('.away').textContent,
    edition: tr.children[4].textContent,
  }));
  assert.deepEqual(fx, { home: 'uma-bot (Humans)', score: `${summary.touchdowns[0]}–${summary.touchdowns[1]}`, away: 'vic-bot (Orcs)', edition: 'LRB6' });
  page.check();
  await page.close();
});

test('the live view follows a Blood Bowl match from its events: the fold agrees with the server at every step it shows', async (t) => {
  const wes = await botToken('wes', 'wes-bot');
  const xia = await botToken('xia', 'xia-bot');
  const page = await openPage(browser);
  await loginAs(page, 'org-ada');
  const room = await page.evaluate(async (tok) => {
    const ws = new WebSocket(`ws://${location.host}/ws`);
    const answer = new Promise((resolve, reject) => {
      ws.onmessage = (m) => {
        const msg = JSON.parse(m.data);
        if (msg.type === 'welcome') {
          ws.send(JSON.stringify({ type: 'create_room', id: 1, room: { game: 'blood_bowl', setup: { teams: ['wood_elf', 'dwarf'] }, timer: { policy: 'none' }, private: false } }));
        } else if (msg.type === 'ack' && msg.id === 1) {
          resolve(msg.room);
        } else if (msg.type === 'error') {
          reject(new Error(`${msg.code}: ${msg.message}`));
        }
      };
    });
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', protocol_version: 2, client: 'bb-test', token: tok }));
    const r = await answer;
    ws.close();
    return r;
  }, fixture.organiser.token);
  assert.ok(room, 'the room was made');

  // The live index names the teams.
  await page.goto(`${base}/live`);
  await page.waitForSelector(`#rooms tr[data-room="${room}"]`);
  assert.equal(await page.textContent(`#rooms tr[data-room="${room}"] td:first-child`), 'Wood Elves v Dwarves');

  const sent = [];
  page.on('websocket', (ws) => ws.on('framesent', (f) => {
    try { sent.push(JSON.parse(f.payload).type); } catch { sent.push('?'); }
  }));
  await page.goto(`${base}/live/${room}`);
  await page.waitForSelector('#live-status[data-state="waiting"]');
  const pace = ['--rate', '25', '--strategy', 'random', '--games', '1', '--join', room];
  bots.push(startBot(['--token', wes, '--seed', '71', ...pace]));
  for (let i = 0; i < 300; i++) {
    const r = (await get('/api/rooms')).find((x) => x.room === room);
    if (r && r.seats.includes('wes-bot')) break;
    await sleep(100);
  }
  bots.push(startBot(['--token', xia, '--seed', '72', ...pace]));

  const compared = [];
  let lastSeq = -1;
  for (;;) {
    const handle = await page.waitForFunction((s) => {
      const live = window.dugoutLive;
      const status = document.getElementById('live-status');
      if (status && ['error', 'closed'].includes(status.dataset.state)) return { failed: status.textContent };
      if (!live || live.seq <= s) return false;
      return { seq: live.seq, view: JSON.parse(JSON.stringify(live.view)), over: status.dataset.state === 'over', drawn: document.querySelector('.pitch-wrap').dataset.seq };
    }, lastSeq, { timeout: 120000, polling: 50 });
    const got = await handle.jsonValue();
    assert.ok(!got.failed, `the live view stopped: ${got.failed}`);
    const state = await get(`/api/matches/${room}/state?seq=${got.seq}&as=spectator`);
    assert.equal(state.at_seq, got.seq);
    assert.equal(got.view.game, 'blood_bowl');
    assert.deepStrictEqual(withoutPrompt(got.view), withoutPrompt(state.view), `the folded view at seq ${got.seq} is the server's`);
    compared.push(got.seq);
    lastSeq = got.seq;
    if (got.over) break;
  }
  const summary = await get(`/api/matches/${room}`);
  assert.equal(summary.status, 'finished');
  assert.equal(compared[compared.length - 1], summary.last_seq, 'the last view compared is the final one');
  assert.ok(compared.length >= 6, `compared at several steps: ${compared}`);
  assert.equal(await page.textContent('#live-title'), 'Live: Wood Elves v Dwarves');
  const liveWords = await page.$$eval('#event-log li', (lis) => lis.map((li) => li.textContent));
  assert.ok(liveWords.length >= 20, `the events in words: ${liveWords.length}`);
  for (const w of liveWords) assert.doesNotMatch(w, /undefined|\[object|NaN/, w);
  assert.ok(liveWords.some((w) => /Wood Elves|Dwarves/.test(w)), 'the teams named in the words');
  assert.equal(sent.filter((x) => x === 'spectate').length, 1, `sent: ${sent}`);
  assert.equal(sent.filter((x) => x === 'snapshot').length, 0, `no snapshot asked for: ${sent}`);
  t.diagnostic(`live: ${compared.length} views compared, seq ${compared[0]} to ${compared[compared.length - 1]}`);
  page.check();
  await page.close();

  // The same reducer on the archive's whole log, from the first state, at steps across it.
  const events = await allEvents(room);
  const start = await get(`/api/matches/${room}/state?seq=1&as=spectator`);
  const view = start.view;
  const at = new Map([[start.at_seq, structuredClone(view)]]);
  const types = new Set();
  for (const e of events) {
    if (e.seq <= start.at_seq) continue;
    if (e.event.type === 'game') {
      types.add(e.event.event.type);
      assert.ok(fold(view, e.event.event), `folds ${JSON.stringify(e.event.event)}`);
    }
    at.set(e.seq, structuredClone(view));
  }
  const last = events[events.length - 1].seq;
  const steps = new Set([last]);
  for (let i = 1; i <= 30; i++) steps.add(Math.max(1, Math.round((last * i) / 31)));
  for (const s of [...steps].sort((a, b) => a - b)) {
    const state = await get(`/api/matches/${room}/state?seq=${s}&as=spectator`);
    assert.deepStrictEqual(withoutPrompt(at.get(state.at_seq)), withoutPrompt(state.view), `at seq ${state.at_seq}`);
  }
  t.diagnostic(`archive: ${steps.size} steps compared; event types ${[...types].sort().join(' ')}`);
});
