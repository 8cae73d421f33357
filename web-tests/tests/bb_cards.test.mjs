// Blood Bowl's Star Players, inducements and Special Play Cards on the pages (issue 12): the
// team panels (server/web/bb_panel.js) of the live view and the replay, over a real match two
// `dugout bot`s play on the real server with the options `inducements` (petty cash to spend)
// and `special_play_cards` (Desperate Measures draws), asserted against the server's own data
// (the archive's states and events); and the words (bb_describe.js) for every event variant of
// the engine (rules/src/bb/wire.rs).
//
// Secrecy (§31.4 of docs/rules/blood-bowl.md): a spectator of the live match sees each hand's
// count and never a card in it; once the match is over the archive names every card, and the
// replay shows what each hand held at each step. The random coaches may hire no star: the
// engine's fixture `bb-induced.json` (server/tests/bb_view_fixture.rs: each side hires a star
// and a bribe) is drawn for each seat too.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  base, fixture, launch, openPage, get, loginAs, startBot, sleep, screenshot, botToken,
} from './lib.mjs';
import { describeBbEvent, titleWords } from '../../server/web/bb_describe.js';
import { inducementList, knownHands } from '../../server/web/bb_panel.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

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

/** The variants of `pub enum Event` in rules/src/bb/wire.rs, as their wire names. */
function eventVariants() {
  const src = readFileSync(join(root, 'rules/src/bb/wire.rs'), 'utf8');
  const start = src.indexOf('pub enum Event {');
  assert.ok(start > 0, 'wire.rs has pub enum Event');
  let depth = 0;
  let i = src.indexOf('{', start);
  const body = [];
  for (; i < src.length; i++) {
    const c = src[i];
    if (c === '{') depth++;
    else if (c === '}') { depth--; if (depth === 0) break; }
    body.push(depth === 1 ? c : ' ');
  }
  // At depth 1 only the variant names (and doc comments) are left.
  const names = body.join('').split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('//') && !l.startsWith('#'))
    .map((l) => /^([A-Z][A-Za-z]*)/.exec(l))
    .filter(Boolean)
    .map((m) => m[1].replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase());
  return [...new Set(names)];
}

test('every event of the engine has its own words and the reducer port knows it', () => {
  const variants = eventVariants();
  assert.ok(variants.length >= 60, `variants read: ${variants.join(' ')}`);
  for (const v of ['card_drawn', 'card_played', 'card_target', 'induced', 'inducement_money', 'player_joined', 'turn_resumed', 'team_rerolls', 'profile']) {
    assert.ok(variants.includes(v), `${v} in ${variants.join(' ')}`);
  }
  const describe = readFileSync(join(root, 'server/web/bb_describe.js'), 'utf8');
  const fold = readFileSync(join(root, 'server/web/bb_fold.js'), 'utf8');
  for (const v of variants) {
    assert.ok(describe.includes(`case '${v}':`), `bb_describe.js words ${v}`);
    assert.ok(fold.includes(`case '${v}':`) || fold.includes(`'${v}'`), `bb_fold.js folds ${v}`);
  }
});

test('inducement and card events read in plain English; a secret draw names no card', () => {
  const players = new Map([[3, { side: 'Away', number: 4, position: 'Blitzer', av: 9 }], [22, { side: 'Home', number: 12, position: 'Star Player', name: 'Mighty Zug', av: 9 }]]);
  const ctx = { rules, teams: ['human', 'orc'], coaches: ['uma', 'vic'], players };
  const say = (e) => describeBbEvent(ctx, e, null);
  assert.equal(say({ type: 'inducement_money', team_value: [1000000, 1100000], petty_cash: [0, 50000], money: [100000, 50000], first: 'Away' }),
    'Inducements: team values 1,000,000 gp and 1,100,000 gp; petty cash 0 gp and 50,000 gp; Humans may spend 100,000 gp, Orcs 50,000 gp; Orcs buy first');
  assert.equal(say({ type: 'induced', side: 'Home', induced: { bought: [{ kind: 'bribe' }, { kind: 'bribe' }, { kind: 'star_player', star: 'mighty_zug' }, { kind: 'mercenary', position: 3, skill: 'block' }], spent: 430000, petty_cash_spent: 0, igor_used: false, wizard_used: false, wandering_used: 0 } }),
    `Humans' inducements: 2 Bribes, Star Player Mighty Zug, Mercenary ${rules.teams.human.positions[3].name} (+Block) (430,000 gp spent)`);
  assert.equal(say({ type: 'petty_cash', side: 'Away', amount: 40000, treasury: 65000 }), 'Orcs move 40,000 gp of their 65,000 gp treasury to petty cash');
  assert.equal(say({ type: 'card_drawn', side: 'Away', deck: 'desperate_measures', card: null }), 'Orcs draw a card from the Desperate Measures deck (secret)');
  assert.equal(say({ type: 'card_drawn', side: 'Away', deck: 'desperate_measures', card: 'come_on_boys' }), 'Orcs draw Come On Boys! from the Desperate Measures deck');
  assert.equal(say({ type: 'card_played', side: 'Home', card: 'mindblow', player: 3 }), 'Humans (uma) play Mindblow on Orcs #4 Blitzer');
  assert.equal(say({ type: 'card_target', card: 'morleys_revenge', player: 22 }), "Morley's Revenge falls on Humans #12 Star Player");
  assert.equal(say({ type: 'turn_resumed', side: 'Home' }), "Humans' turn goes on (Come On Boys!)");
  assert.equal(say({ type: 'team_rerolls', side: 'Away', rerolls: 2, rerolls_start: 3 }), 'Orcs now have 2 team re-rolls (3 a half)');
  assert.equal(say({ type: 'star_plays_for_neither', star: 'mighty_zug' }), 'Both teams hired Mighty Zug: he plays for neither');
  assert.match(say({ type: 'profile', player: 3, ma: 6, st: 4, ag: 3, av: 9, skills: ['block', 'frenzy'] }), /^Orcs #4 Blitzer is now MA 6 ST 4 AG 3 AV 9, Block, Frenzy$/);
  // The hands the log names: a secret draw makes the hand unknown, a play takes the card out.
  const log = [
    { seq: 1, event: { type: 'game', event: { type: 'card_drawn', side: 'Home', deck: 'desperate_measures', card: 'mindblow' } } },
    { seq: 2, event: { type: 'game', event: { type: 'card_drawn', side: 'Away', deck: 'desperate_measures', card: null } } },
    { seq: 3, event: { type: 'game', event: { type: 'card_drawn', side: 'Home', deck: 'desperate_measures', card: 'come_on_boys' } } },
    { seq: 4, event: { type: 'game', event: { type: 'card_played', side: 'Home', card: 'mindblow', player: 3 } } },
  ];
  assert.deepEqual(knownHands(log, 3), [['mindblow', 'come_on_boys'], null]);
  assert.deepEqual(knownHands(log, 4), [['come_on_boys'], null]);
  assert.deepEqual(inducementList(rules, 'human', { bought: [{ kind: 'wizard' }, { kind: 'bribe' }, { kind: 'bribe' }] }).map((b) => b.text), ['Wizard', '2 Bribes']);
});

test('the panels of each seat\'s view of an engine match with stars, inducements and cards: own hand by name, the other by count', async () => {
  assert.ok(fixture.bbFixtures, 'the engine fixtures (web-tests/run writes them)');
  const induced = JSON.parse(readFileSync(join(fixture.bbFixtures, 'bb-induced.json'), 'utf8'));
  const page = await openPage(browser);
  await page.goto(`${base}/matches`);
  for (const seat of ['home', 'away', 'spectator']) {
    const view = induced[seat];
    await page.evaluate(async (v) => {
      const { GAMES } = await import('/assets/games.js');
      const g = GAMES.blood_bowl;
      document.getElementById('main').replaceChildren(g.drawPitch(v, await g.loadRules(), { seq: 1, atSeq: 1 }));
    }, view);
    const got = await readPanels(page);
    assert.deepEqual(comparable(got), expectedPanels(view, null), `${seat}'s panels`);
    for (const [i, side] of ['Home', 'Away'].entries()) {
      const p = got[side];
      const own = seat === side.toLowerCase();
      // Each side hired a star and bought a bribe (the fixture's purchases).
      assert.ok(p.stars.length >= 1, `${side} shows its star: ${p.text}`);
      for (const s of p.stars) assert.ok(p.text.includes(`★ #`) && p.text.includes(s.name), p.text);
      assert.ok(p.induced.some((b) => b.item.kind === 'star_player' && b.text === `Star Player ${rules.stars[b.item.star].name}`), p.text);
      assert.ok(p.induced.some((b) => b.item.kind === 'bribe' && b.text === 'Bribe'), p.text);
      assert.equal(p.handCount, 2);
      if (own) {
        assert.deepEqual(p.hand, view.hands[i].cards);
        for (const c of p.hand) assert.ok(p.handText.includes(rules.cards[c].name));
      } else {
        assert.deepEqual(p.hand, [], `${seat} sees no card of ${side}`);
        assert.equal(p.handText, 'Cards in hand: 2 (secret)');
      }
    }
  }
  page.check();
  await page.close();
});

/** The team panels as drawn: per side, the stars, inducements, hand and cards played. */
async function readPanels(page) {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('[data-team-panel]')].map((el) => [el.dataset.teamPanel, {
    stars: [...el.querySelectorAll('[data-star]')].map((s) => ({ name: s.dataset.star, player: Number(s.dataset.player) })),
    induced: [...el.querySelectorAll('[data-induced]')].map((i) => ({ item: JSON.parse(i.dataset.induced), count: Number(i.dataset.count), text: i.textContent })),
    spent: Number(el.querySelector('.bb-induced').dataset.spent),
    handCount: Number(el.querySelector('[data-hand-count]').dataset.handCount),
    handKnown: el.querySelector('[data-hand-count]').dataset.handKnown === 'true',
    hand: [...el.querySelectorAll('[data-card]')].map((c) => c.dataset.card),
    handText: el.querySelector('.bb-hand').textContent,
    played: [...el.querySelectorAll('[data-played]')].map((c) => c.dataset.played),
    text: el.textContent,
  }])));
}

/** What the panels must say for a server view (and the cards the log names). */
function expectedPanels(view, known) {
  const out = {};
  for (const [i, side] of ['Home', 'Away'].entries()) {
    const ind = view.teams[i].induced || { bought: [], spent: 0 };
    const groups = [];
    for (const item of ind.bought || []) {
      const g = groups.find((x) => JSON.stringify(x.item) === JSON.stringify(item));
      if (g) g.count++;
      else groups.push({ item, count: 1 });
    }
    const hand = view.hands[i];
    const named = hand.cards.length ? hand.cards : known && known[i] && known[i].length === hand.count ? known[i] : null;
    out[side] = {
      stars: view.players.filter((p) => p.side === side && p.position === 'Star Player').map((p) => ({ name: p.name, player: p.id })),
      induced: groups.map((g) => ({ item: g.item, count: g.count })),
      spent: ind.spent || 0,
      handCount: hand.count,
      hand: hand.count ? named || [] : [],
      played: hand.played,
    };
  }
  return out;
}

const comparable = (panels) => Object.fromEntries(Object.entries(panels).map(([k, p]) => [k, {
  stars: p.stars, induced: p.induced.map(({ item, count }) => ({ item, count })), spent: p.spent, handCount: p.handCount, hand: p.hand, played: p.played,
}]));

async function allEvents(room) {
  const events = [];
  for (let from = 1; ;) {
    const page = await get(`/api/matches/${room}/events?from=${from}&limit=1000`);
    events.push(...page.events);
    if (page.next_from === null || page.next_from === undefined) return events;
    from = page.next_from;
  }
}

test('a match with inducements and Special Play Cards: the live view shows counts only, the replay every star, inducement and card as the server has them', async (t) => {
  const yan = await botToken('yan', 'yan-bot');
  const zoe = await botToken('zoe', 'zoe-bot');
  const page = await openPage(browser);
  await loginAs(page, 'org-ada');
  const setup = {
    teams: ['human', 'orc'],
    options: {
      inducements: true,
      special_play_cards: { home: ['desperate_measures', 'desperate_measures'], away: ['desperate_measures', 'desperate_measures'] },
    },
    pre_match: { petty_cash: [1000000, 1000000] },
  };
  const room = await page.evaluate(async ([tok, s]) => {
    const ws = new WebSocket(`ws://${location.host}/ws`);
    const answer = new Promise((resolve, reject) => {
      ws.onmessage = (m) => {
        const msg = JSON.parse(m.data);
        if (msg.type === 'welcome') {
          ws.send(JSON.stringify({ type: 'create_room', id: 1, room: { game: 'blood_bowl', setup: s, timer: { policy: 'none' }, private: false } }));
        } else if (msg.type === 'ack' && msg.id === 1) {
          resolve(msg.room);
        } else if (msg.type === 'error') {
          reject(new Error(`${msg.code}: ${msg.message}`));
        }
      };
    });
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', protocol_version: 2, client: 'bb-cards-test', token: tok }));
    const r = await answer;
    ws.close();
    return r;
  }, [fixture.organiser.token, setup]);
  assert.ok(room, 'the room was made');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${base}/live/${room}`);
  await page.waitForSelector('#live-status[data-state="waiting"]');
  // Slow enough to watch the live panels, fast enough for the suite.
  const pace = ['--rate', '40', '--strategy', 'random', '--games', '1', '--join', room];
  bots.push(startBot(['--token', yan, '--seed', '91', ...pace]));
  for (let i = 0; i < 300; i++) {
    const r = (await get('/api/rooms')).find((x) => x.room === room);
    if (r && r.seats.includes('yan-bot')) break;
    await sleep(100);
  }
  bots.push(startBot(['--token', zoe, '--seed', '92', ...pace]));

  // Live, as a spectator: every drawing agrees with the folded view; a hand shows its count
  // and never a card; the inducements bought appear as they are bought.
  let sawHand = false;
  let sawInduced = false;
  let lastSeq = -1;
  let liveReplay = 'not tried';
  for (;;) {
    const handle = await page.waitForFunction((s) => {
      const live = window.dugoutLive;
      const status = document.getElementById('live-status');
      if (status && ['error', 'closed'].includes(status.dataset.state)) return { failed: status.textContent };
      if (!live || live.seq <= s) return false;
      return { seq: live.seq, view: JSON.parse(JSON.stringify(live.view)), over: status.dataset.state === 'over' };
    }, lastSeq, { timeout: 180000, polling: 100 });
    const got = await handle.jsonValue();
    assert.ok(!got.failed, `the live view stopped: ${got.failed}`);
    lastSeq = got.seq;
    if (got.over) break;
    const panels = await readPanels(page);
    for (const [i, side] of ['Home', 'Away'].entries()) {
      const p = panels[side];
      assert.ok(p, `a panel for ${side}: ${JSON.stringify(panels)}`);
      // The drawing may be one batch behind the folded view: compare with the view drawn.
      assert.deepEqual(p.hand, [], `no card named to a spectator at seq ${got.seq}: ${p.handText}`);
      assert.equal(p.handKnown, false);
      for (const c of Object.keys(rules.cards)) {
        if (p.handCount > 0) assert.ok(!p.handText.includes(rules.cards[c].name), `${rules.cards[c].name} leaked at seq ${got.seq}`);
      }
      assert.deepEqual(got.view.hands[i].cards, [], 'the spectator fold holds no card');
      if (p.handCount > 0) {
        sawHand = true;
        assert.match(p.handText, new RegExp(`^Cards in hand: ${p.handCount} \\(secret\\)$`));
      }
      if (p.induced.length) sawInduced = true;
    }
    // The archive's replay of the match while it is played, for a spectator (org-ada coaches
    // neither side): the hands by count only, never a card (§31.4).
    if (sawHand && liveReplay === 'not tried') {
      liveReplay = 'finished first';
      const before = await get(`/api/matches/${room}`);
      if (before.status === 'playing') {
        const other = await openPage(browser);
        await other.goto(`${base}/matches/${room}?step=${before.last_seq}`);
        await other.waitForSelector(`.pitch-wrap[data-seq="${before.last_seq}"] [data-team-panel="Away"]`);
        const panels = await readPanels(other);
        const still = (await get(`/api/matches/${room}`)).status === 'playing';
        if (still) {
          for (const side of ['Home', 'Away']) {
            assert.deepEqual(panels[side].hand, [], `the live match's replay names no card of ${side}: ${panels[side].handText}`);
            assert.equal(panels[side].handKnown, false);
          }
          liveReplay = `checked at seq ${before.last_seq} (hands of ${panels.Home.handCount} and ${panels.Away.handCount} cards)`;
        }
        other.check();
        await other.close();
      }
    }
  }
  t.diagnostic(`live: last seq ${lastSeq}, a hand seen ${sawHand}, inducements seen ${sawInduced}; the replay while playing: ${liveReplay}`);
  assert.ok(sawHand, 'a hand of cards was drawn in the live view');
  page.check();
  await page.close();

  const summary = await get(`/api/matches/${room}`);
  assert.equal(summary.status, 'finished');
  const events = await allEvents(room);
  const settled = summary.result.by === 'game' ? summary.result.outcome.result : null;
  const games = events.filter((e) => e.event.type === 'game').map((e) => ({ seq: e.seq, e: e.event.event }));
  const drawn = games.filter((g) => g.e.type === 'card_drawn');
  assert.equal(drawn.length, 4, 'two cards drawn a side');
  assert.ok(drawn.every((g) => typeof g.e.card === 'string'), 'the archive names every card once the match is over');
  const moneyAt = games.find((g) => g.e.type === 'inducement_money');
  assert.ok(moneyAt, 'the inducement phase ran');

  // The replay at the steps that matter: after the last purchase, after each draw and play,
  // and at the end. The panels say exactly what the server's state and log say.
  const steps = new Set([summary.last_seq]);
  for (const g of games) {
    if (['induced', 'player_joined', 'card_drawn', 'card_played'].includes(g.e.type)) steps.add(g.seq);
  }
  const replay = await openPage(browser);
  await replay.setViewportSize({ width: 1280, height: 900 });
  let shot = false;
  let sawStar = false;
  let sawPlayed = false;
  let sawBought = false;
  for (const step of [...steps].sort((a, b) => a - b)) {
    await replay.goto(`${base}/matches/${room}?step=${step}`);
    await replay.waitForSelector(`.pitch-wrap[data-seq="${step}"] [data-team-panel="Away"]`);
    const state = await get(`/api/matches/${room}/state?seq=${step}`);
    const known = knownHands(events, state.at_seq);
    const want = expectedPanels(state.view, known);
    const got = await readPanels(replay);
    assert.deepEqual(comparable(got), want, `the panels at step ${step}`);
    for (const side of ['Home', 'Away']) {
      const p = got[side];
      for (const s of p.stars) assert.ok(p.text.includes(`★`) && p.text.includes(s.name), `${s.name} marked as a star`);
      if (p.stars.length) sawStar = true;
      if (p.played.length) sawPlayed = true;
      if (p.induced.length) sawBought = true;
      for (const b of p.induced) assert.doesNotMatch(b.text, /undefined|\[object|NaN/);
      // Once over, the archive names every hand: the replay shows its cards by name.
      if (p.handCount > 0) {
        assert.equal(p.hand.length, p.handCount, `the cards of ${side} at step ${step}`);
        for (const c of p.hand) assert.ok(p.handText.includes(rules.cards[c].name));
      }
    }
    if (!shot && got.Home.stars.length + got.Away.stars.length > 0 && got.Home.handCount + got.Away.handCount > 0) {
      await screenshot(replay, 'bb-inducements');
      shot = true;
    }
  }
  t.diagnostic(`replay: ${steps.size} steps; a star ${sawStar}, a card played ${sawPlayed}, an inducement ${sawBought}`);

  // On a 390 px phone the panels wrap to one column: nothing scrolls sideways.
  const busiest = [...steps].sort((a, b) => a - b).find((s) => s >= (games.find((g) => g.e.type === 'player_joined') || { seq: summary.last_seq }).seq) || summary.last_seq;
  await replay.setViewportSize({ width: 390, height: 844 });
  await replay.goto(`${base}/matches/${room}?step=${busiest}`);
  await replay.waitForSelector(`.pitch-wrap[data-seq="${busiest}"] [data-team-panel="Away"]`);
  const fit = await replay.evaluate(() => ({ scroll: document.scrollingElement.scrollWidth, inner: window.innerWidth }));
  assert.ok(fit.scroll <= fit.inner, `the page is ${fit.scroll} px wide on a ${fit.inner} px phone`);
  const widths = await replay.$$eval('[data-team-panel]', (els) => els.map((e) => e.getBoundingClientRect().right));
  assert.ok(widths.every((r) => r <= 390), `the panels end at ${widths}`);
  await screenshot(replay, 'phone-bb-inducements');
  await replay.setViewportSize({ width: 1280, height: 900 });
  assert.ok(sawBought, 'the random coaches bought something with 1,000,000 gp of petty cash each');
  if (!shot) await screenshot(replay, 'bb-inducements');

  // The result line says how the match was settled (random coaches often concede in play).
  if (settled === 'conceded') {
    await replay.goto(`${base}/matches/${room}`);
    await replay.waitForSelector('#result');
    assert.match(await replay.textContent('#result'), /^Result: \d+–\d+ by concession \((home|away) won\)$/);
  }

  // The log in words: every inducement and card event with its own words, the cards by name.
  await replay.goto(`${base}/matches/${room}?step=${summary.last_seq}`);
  await replay.waitForSelector(`.pitch-wrap[data-seq="${summary.last_seq}"]`);
  const log = await replay.$$eval('#event-log li', (lis) => lis.map((li) => [Number(li.dataset.seq), li.querySelector('.text').textContent]));
  const bySeq = new Map(games.map((g) => [g.seq, g.e]));
  for (const [seq, text] of log) {
    const e = bySeq.get(seq);
    if (!e) continue;
    assert.notEqual(text, titleWords(e.type), `step ${seq} (${e.type}): ${text}`);
    assert.doesNotMatch(text, /undefined|\[object|NaN/, `step ${seq}: ${text}`);
    if (e.type === 'card_drawn') assert.ok(text.includes(rules.cards[e.card].name), text);
    if (e.type === 'card_played') assert.ok(text.includes(rules.cards[e.card].name), text);
  }
  replay.check();
  await replay.close();
});
