// Organiser login and league management through the pages: log in, create a league,
// invite coaches (who accept), attach a match, then detach it, remove a coach and delete the league
// (each after a confirm step); the API then shows the same league and its log.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { base, fixture, launch, openPage, screenshot, get, post, loginAs } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

test('a wrong password is refused with a message', async () => {
  const page = await openPage(browser, { allow: [/status of 401/] });
  await page.goto(`${base}/organiser`);
  await page.fill('#login-name', 'org-ada');
  await page.fill('#login-password', 'not the password');
  await page.click('#login-submit');
  await page.waitForSelector('#login-error .error');
  assert.match(await page.textContent('#login-error .error'), /Login refused/);
  await screenshot(page, 'organiser-login');
  page.check();
});

test('after logging in, next= goes only to a path on this site (no open redirect)', async () => {
  // Each round logs out (clears the login) while the previous page may still be loading
  // the logged-in account's invitations: a 401 then is expected.
  const page = await openPage(browser, { allow: [/status of 401/] });
  const origin = new URL(base).origin;
  for (const [next, want] of [
    ['/%09/evil.example', '/organiser'],
    ['//evil.example', '/organiser'],
    ['/%5Cevil.example', '/organiser'],
    ['https://evil.example/', '/organiser'],
    ['/matches?status=finished', '/matches?status=finished'],
  ]) {
    await page.goto(`${base}/organiser`);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${base}/organiser?next=${next}`);
    await page.fill('#login-name', 'org-ada');
    await page.fill('#login-password', fixture.password);
    await Promise.all([page.waitForNavigation(), page.click('#login-submit')]);
    const landed = new URL(page.url());
    assert.equal(landed.origin, origin, `next=${next} left the site: ${page.url()}`);
    assert.equal(landed.pathname + landed.search, want, `next=${next}`);
  }
  page.check();
});

test('the organiser logs in, creates a league, registers coaches and attaches a match', async () => {
  // The second registration of a coach is refused on purpose (409).
  const page = await openPage(browser, { allow: [/status of 409/] });
  await loginAs(page, 'org-ada');
  assert.equal(await page.getAttribute('#who [data-account]', 'data-account'), 'org-ada');
  // The league made by the seed is listed as theirs.
  await page.waitForSelector(`#my-leagues li[data-league="${fixture.league}"]`);

  await page.fill('#league-name-input', 'Browser Cup');
  await Promise.all([page.waitForURL(/\/organiser\?league=\d+/), page.click('#create-submit')]);
  const leagueId = Number(new URL(page.url()).searchParams.get('league'));
  await page.waitForSelector('#manage-title');
  let league = await get(`/api/leagues/${leagueId}`);
  assert.equal(league.name, 'Browser Cup');
  assert.equal(league.organiser, 'org-ada');
  assert.deepEqual(league.points, { win: 3, draw: 1, loss: 0 });

  // Invite the two coaches of the unattached match: invited, not registered, until they accept.
  for (const [coach, team] of [['eve-bot', 'Skaven'], ['fay-bot', 'Dwarf']]) {
    await page.fill('#coach-name', coach);
    await page.selectOption('#coach-team', team);
    await page.click('#coach-submit');
    await page.waitForSelector(`#coaches tr[data-coach="${coach}"][data-status="invited"]`);
  }
  league = await get(`/api/leagues/${leagueId}`);
  assert.deepEqual(league.coaches, []);
  for (const coach of ['eve-bot', 'fay-bot']) {
    await post(`/api/leagues/${leagueId}/invitation`, {}, fixture.bots[coach].token);
  }
  await page.goto(`${base}/organiser?league=${leagueId}`);
  await page.waitForSelector('#coaches tr[data-coach="fay-bot"][data-status="registered"]');
  league = await get(`/api/leagues/${leagueId}`);
  assert.deepEqual(league.coaches, [{ coach: 'eve-bot', team: 'Skaven' }, { coach: 'fay-bot', team: 'Dwarf' }]);

  // Registering one again is refused, and the page says why.
  await page.fill('#coach-name', 'eve-bot');
  await page.click('#coach-submit');
  await page.waitForSelector('#coach-error .error');
  assert.match(await page.textContent('#coach-error .error'), /already registered/);

  // Their match is offered; attach it.
  await page.selectOption('#attach-pick', fixture.otherMatch);
  await page.click('#attach-submit');
  await page.waitForFunction(() => document.body.textContent.includes('1 match(es) attached'));
  league = await get(`/api/leagues/${leagueId}`);
  assert.deepEqual(league.matches, [fixture.otherMatch]);
  await screenshot(page, 'organiser-manage');

  // The public page shows it.
  await page.click('#public-link');
  await page.waitForSelector('#standings');
  const rows = await page.$$eval('#standings tbody tr', (trs) => trs.map((r) => r.dataset.coach));
  assert.deepEqual(rows.sort(), ['eve-bot', 'fay-bot']);

  // Back to the organiser page: the attached match with its coaches, teams and edition.
  await page.goto(`${base}/organiser?league=${leagueId}`);
  const row = `#attached tr[data-match-id="${fixture.otherMatch}"]`;
  await page.waitForSelector(row);
  const text = await page.textContent(row);
  for (const word of ['eve-bot', 'Skaven', 'fay-bot', 'Dwarf', '2024']) assert.ok(text.includes(word), `${word} in ${text}`);
  assert.ok(!text.includes('Bb2024'), text);

  // Detach: asks first; Cancel keeps the match, Confirm detaches it.
  const detach = `#detach-${fixture.otherMatch}`;
  await page.click(detach);
  await page.click(`${detach}-cancel`);
  await page.waitForSelector(detach);
  assert.deepEqual((await get(`/api/leagues/${leagueId}`)).matches, [fixture.otherMatch]);
  await page.click(detach);
  await page.click(`${detach}-confirm`);
  await page.waitForFunction(() => document.body.textContent.includes('0 match(es) attached'));
  league = await get(`/api/leagues/${leagueId}`);
  assert.deepEqual(league.matches, []);
  assert.equal((await get(`/api/matches/${fixture.otherMatch}`)).league, null);
  await page.waitForSelector('#league-log li[data-what="detach_match"]');

  // Remove a coach, confirmed.
  await page.click('#remove-fay-bot');
  await page.click('#remove-fay-bot-confirm');
  await page.waitForSelector('#coaches tr[data-coach="fay-bot"]', { state: 'detached' });
  league = await get(`/api/leagues/${leagueId}`);
  assert.deepEqual(league.coaches, [{ coach: 'eve-bot', team: 'Skaven' }]);
  const log = await get(`/api/leagues/${leagueId}/log`, fixture.organiser.token);
  assert.deepEqual(log.map((l) => [l.who, l.what]), [['org-ada', 'remove_coach'], ['org-ada', 'detach_match']]);
  const shown = await page.$$eval('#league-log li', (lis) => lis.map((li) => li.dataset.what));
  assert.deepEqual(shown, ['remove_coach', 'detach_match']);
  await screenshot(page, 'organiser-tools');

  // Delete the league, confirmed: back to the organiser's leagues, and it is gone.
  await page.click('#delete-league');
  await Promise.all([page.waitForURL(`${base}/organiser`), page.click('#delete-league-confirm')]);
  await page.waitForSelector('#create-league');
  assert.equal(await page.$(`#my-leagues li[data-league="${leagueId}"]`), null);
  const gone = await fetch(`${base}/api/leagues/${leagueId}`);
  assert.equal(gone.status, 404);
  page.check();
});

test('a coach sees a league invitation on their page, accepts one and declines another', async () => {
  const org = fixture.organiser.token;
  const made = [];
  for (const name of ['Accepted Cup', 'Declined Cup']) {
    const league = await post('/api/leagues', { name }, org);
    await post(`/api/leagues/${league.id}/coaches`, { coach: 'bea', team: 'Human' }, org);
    made.push(league.id);
  }
  const [yes, no] = made;
  const page = await openPage(browser);
  await loginAs(page, 'bea');
  for (const id of made) await page.waitForSelector(`#invitations li[data-league="${id}"]`);
  assert.match(await page.textContent(`#invitations li[data-league="${yes}"]`), /Accepted Cup · from org-ada · to play Human/);
  await page.click(`#accept-${yes}`);
  await page.waitForSelector(`#invitations li[data-league="${yes}"]`, { state: 'detached' });
  await page.click(`#decline-${no}`);
  await page.waitForSelector('#no-invitations');
  assert.deepEqual((await get(`/api/leagues/${yes}`)).coaches, [{ coach: 'bea', team: 'Human' }]);
  assert.deepEqual((await get(`/api/leagues/${no}`)).coaches, []);
  const log = await get(`/api/leagues/${no}/log`, org);
  assert.deepEqual(log.map((l) => [l.who, l.what]), [['bea', 'remove_coach']]);
  page.check();
});

test('another account cannot manage the league', async () => {
  const page = await openPage(browser, { allow: [/status of 401/] });
  // A fresh account, made on the login page.
  await page.goto(`${base}/organiser`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${base}/organiser`);
  await page.fill('#login-name', 'nosy-ned');
  await page.fill('#login-password', fixture.password);
  await page.click('#register-submit');
  await page.waitForSelector('#who [data-account="nosy-ned"]');
  await page.waitForSelector('#no-leagues');
  await page.goto(`${base}/organiser?league=${fixture.league}`);
  await page.waitForSelector('.error');
  assert.match(await page.textContent('.error'), /Not your league/);
  page.check();
});

test('a league plays the game chosen when it is made: a Blood Bowl league invites Blood Bowl teams', async () => {
  const page = await openPage(browser);
  await loginAs(page, 'org-ada');
  await page.fill('#league-name-input', 'Old World Cup');
  await page.selectOption('#league-game', 'blood_bowl');
  await Promise.all([page.waitForURL(/\/organiser\?league=\d+/), page.click('#create-submit')]);
  const leagueId = Number(new URL(page.url()).searchParams.get('league'));
  const league = await get(`/api/leagues/${leagueId}`);
  assert.equal(league.game, 'blood_bowl');
  // The invitation form offers the league's game's teams, by the names people call them.
  await page.waitForSelector('#coach-team');
  const offered = await page.$$eval('#coach-team option', (os) => os.map((o) => [o.value, o.textContent]));
  const values = offered.map(([v]) => v).sort();
  // Every roster of the book (§27), the three unofficial ones included.
  assert.deepEqual(values, [
    'amazon',
    'chaos',
    'chaos_dwarf',
    'chaos_pact',
    'dark_elf',
    'dwarf',
    'elf',
    'goblin',
    'halfling',
    'high_elf',
    'human',
    'khemri',
    'lizardmen',
    'necromantic',
    'norse',
    'nurgle',
    'ogre',
    'orc',
    'skaven',
    'slann',
    'undead',
    'underworld',
    'vampire',
    'wood_elf',
  ]);
  assert.ok(offered.some(([v, t]) => v === 'wood_elf' && /Wood Elves/.test(t)), JSON.stringify(offered));
  await page.fill('#coach-name', 'org-ada');
  await page.selectOption('#coach-team', 'wood_elf');
  await page.click('#coach-submit');
  await page.waitForSelector('#coaches tr[data-coach="org-ada"]');
  assert.match(await page.textContent('#coaches tr[data-coach="org-ada"]'), /Wood Elves/);
  // Its public page says which game it plays.
  await page.goto(`${base}/leagues/${leagueId}`);
  await page.waitForSelector('#league-name');
  assert.match(await page.textContent('.meta'), /^Blood Bowl · organised by org-ada/);
  page.check();
});
