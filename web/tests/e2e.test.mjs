// End-to-end tests of the page in headless Chromium: moves and walls by mouse, the engine's
// answers, refused walls with their reasons, every variant, records in and out, analysis.
// Run `web/build.sh` first, then `npm test` in web/. Screenshots go to web/test-output/.

import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, launch, DIST } from './harness.mjs';

const SHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-output');
let server;
let url;
let browser;
let page;
let problems;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  ({ server, url } = await serve());
  browser = await launch();
});

after(async () => {
  await browser?.close();
  server?.close();
});

beforeEach(async () => {
  problems = [];
  page = await browser.context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  await page.goto(url);
  await page.waitForSelector('body[data-ready=true]');
});

afterEach(async () => {
  // The page keeps its game in the browser's storage: every test starts from a fresh page.
  await page.evaluate(() => localStorage.clear()).catch(() => {});
  await page.close();
  assert.deepEqual(problems, [], 'the browser reported problems');
});

const shot = (name) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
const record = () => page.inputValue('#record');
const movetext = async () => (await record()).split('\n').filter((l) => l && !l.startsWith('[')).join(' ');
const status = () => page.textContent('#status');

// The point of the groove where the wall `name` (e.g. `c3h`) is picked: in the groove
// beside its anchor square, on the anchor's half.
async function wallPoint(name) {
  const anchor = name.slice(0, -1);
  const box = await page.locator(`[data-square=${anchor}]`).boundingBox();
  const groove = box.width * 12 / 44;
  return name.endsWith('h')
    ? { x: box.x + box.width * 0.75, y: box.y - groove / 2 }
    : { x: box.x + box.width + groove / 2, y: box.y + box.height * 0.25 };
}

async function hoverWall(name) {
  const p = await wallPoint(name);
  await page.mouse.move(p.x, p.y);
  await page.waitForSelector(`#wall-preview[data-wall=${name}]`);
}

async function clickWall(name) {
  await hoverWall(name);
  const p = await wallPoint(name);
  await page.mouse.click(p.x, p.y);
}

// Reloads the page and waits until it is ready. An engine worker still loading (its script or
// the engine) when the page goes is reported by the browser as a failed request: only those
// cancelled loads are let pass; anything else the browser reports stays a problem.
async function reload() {
  const before = problems.length;
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  problems = [...problems.slice(0, before),
    ...problems.slice(before).filter((p) => !/^request failed: \S+\/(pkg\/quoridor_web(_bg\.wasm|\.js)|js\/worker\.js)$/.test(p))];
}

async function waitForTurn(seatName) {
  await page.waitForFunction((s) => document.getElementById('status').textContent.startsWith(`${s} to move: click`), seatName, { timeout: 20000 });
}

async function newGame({ size = '9', players = '2', variant = 'classic', seats = {}, screenshot = null }) {
  await page.click('#new-game');
  await page.selectOption('#opt-size', size);
  await page.selectOption('#opt-players', players);
  await page.selectOption('#opt-variant', variant);
  if (variant === 'koth') {
    assert.match(await page.getAttribute('#opt-walls', 'placeholder'), /^default: \d+, the first mover \d+$/);
  }
  for (const [seat, who] of Object.entries(seats)) await page.selectOption(`#opt-seat-${seat}`, who);
  if (screenshot) await shot(screenshot);
  await page.click('#new-start');
}

async function paste(text) {
  await page.click('#paste-box summary');
  await page.fill('#paste', text);
  await page.click('#load-record');
}

test('the WebAssembly module stays under 1 MB', () => {
  assert.ok(statSync(join(DIST, 'pkg', 'quoridor_web_bg.wasm')).size < 1_000_000);
});

test('the start: a game against the engine, every pawn showing its distance', async () => {
  assert.match(await status(), /^South to move: click a highlighted square/);
  assert.equal(await page.locator('[data-distance=S] text').textContent(), '8');
  assert.equal(await page.locator('[data-distance=N] text').textContent(), '8');
  const targets = await page.$$eval('.square.target', (els) => els.map((e) => e.dataset.square).sort());
  assert.deepEqual(targets, ['d1', 'e2', 'f1']);
  await shot('start');
});

test('a pawn move by mouse, and the engine answers', async () => {
  await page.click('[data-square=e2]');
  await waitForTurn('South');
  const moves = (await movetext()).split(' ');
  assert.deepEqual(moves.slice(0, 2), ['1.', 'e2']);
  assert.equal(moves.length, 4, `one engine reply: ${moves.join(' ')}`);
  // South's distance after e2 and the reply (the game's seed is random: the reply may be a
  // wall in South's way), by the rules library.
  const expected = await page.evaluate(async (reply) => {
    const m = await import('./pkg/quoridor_web.js');
    await m.default();
    const g = new m.Game(9, 2, 'classic', undefined, 'S');
    g.play('e2');
    g.play(reply);
    return String(g.distance('S'));
  }, moves[2]);
  assert.equal(await page.locator('[data-distance=S] text').textContent(), expected);
  if (!/[hv]$/.test(moves[2])) assert.equal(expected, '7');
  // The panel keeps the engine's reasoning for its move (level 3 plays 5% of its moves at
  // random, without one: the next test pins that case down).
  const idle = await page.textContent('#engine-idle');
  if (idle.includes('at random')) {
    assert.match(idle, new RegExp(`^North played ${moves[2]} at random, without thinking: level 3 plays 5% `));
  } else {
    assert.equal(idle, `North played ${moves[2]}; its reasoning:`);
    assert.notEqual(await page.textContent('#pv'), '–');
    assert.equal((await page.textContent('#pv')).split(' ')[0], moves[2]);
  }
});

test('an engine move played at random says so in the engine panel instead of going blank', async () => {
  // A seed for which level 1 answers e2 with one of its random pawn moves (20% of them).
  const seed = await page.evaluate(async () => {
    const m = await import('./pkg/quoridor_web.js');
    await m.default();
    const g = new m.Game(9, 2, 'classic', undefined, 'S');
    g.play('e2');
    const position = g.position();
    for (let s = 0; s < 200; s++) {
      // The worker seeds a level's bot with the game's seed plus the level.
      const bot = new m.LevelBot(1, s + 1);
      let infos = 0;
      bot.choose(position, (i) => { infos++; i.free(); });
      const random = bot.lastMoveRandom;
      const percent = bot.randomMovePercent;
      bot.free();
      if (random !== (infos === 0)) throw new Error(`seed ${s}: random ${random} with ${infos} infos`);
      if (random && percent === 20) return s;
    }
    return null;
  });
  assert.notEqual(seed, null);
  // The page draws the game's seed from Math.random.
  await page.evaluate((s) => { Math.random = () => s / 2 ** 32; }, seed);
  await newGame({ seats: { S: 'human', N: '1' } });
  await page.click('[data-square=e2]');
  await waitForTurn('South');
  const reply = (await movetext()).split(' ')[2];
  assert.equal(await page.textContent('#engine-idle'),
    `North played ${reply} at random, without thinking: level 1 plays 20% of its moves so, to be beatable.`);
  assert.equal(await page.textContent('#message'), `North played ${reply} at random.`);
  assert.equal(await page.textContent('#pv'), '–');
});

test('a wall by mouse: previewed while hovering, placed by a click', async () => {
  await hoverWall('c3h');
  assert.equal(await page.getAttribute('#wall-preview', 'class'), 'preview seat-S');
  await shot('wall-preview');
  await clickWall('c3h');
  await waitForTurn('South');
  assert.match(await movetext(), /^1\. c3h /);
  assert.equal(await page.locator('[data-wall=c3h].wall').count(), 1);
  assert.match(await page.textContent('.players tr[data-seat=S] .wall-count'), /^9$/);
});

test('a wall by touch: the first tap shows it and says to tap again, the second places it', async () => {
  await newGame({ seats: { S: 'human', N: 'human' } });
  const tap = async (name) => {
    const p = await wallPoint(name);
    await page.evaluate(({ x, y }) => {
      const target = document.elementFromPoint(x, y);
      target.dispatchEvent(new PointerEvent('click', { pointerType: 'touch', clientX: x, clientY: y, bubbles: true }));
    }, p);
  };
  await tap('c3h');
  assert.equal(await page.getAttribute('#wall-preview', 'data-wall'), 'c3h');
  assert.equal(await page.textContent('#message'), 'Wall c3h: tap it again to place it.');
  assert.doesNotMatch(await movetext(), /c3h/);
  await tap('c3h');
  assert.match(await movetext(), /^1\. c3h /);
});

test('on a touch screen the texts say tap, not click or point', async () => {
  // A touch screen as the page sees one: a coarse pointer.
  await page.addInitScript(() => {
    const real = window.matchMedia.bind(window);
    window.matchMedia = (q) => (q === '(pointer: coarse)'
      ? { matches: true, media: q, addEventListener() {}, removeEventListener() {} } : real(q));
  });
  await page.evaluate(() => localStorage.clear());
  await reload();
  assert.equal(await status(), 'South to move: tap a highlighted square, or tap between two squares, twice, to place a wall (10 left).');
  assert.match(await page.textContent('#message'),
    /To move: tap a highlighted square, or tap between two squares to see a wall and tap again to place it\./);
  const texts = [await status(), await page.textContent('#message'),
    ...await page.$$eval('[aria-label], [title]', (els) => els.flatMap((e) => [e.getAttribute('aria-label'), e.getAttribute('title')]))]
    .filter(Boolean).join(' | ');
  assert.doesNotMatch(texts, /\bclick|\bpoint\b/i, texts);
});

test('an illegal wall is drawn red with its reason and refused', async () => {
  await clickWall('c3h');
  await waitForTurn('South');
  const before = await record();
  await hoverWall('b3h');
  assert.equal(await page.getAttribute('#wall-preview', 'class'), 'preview illegal');
  assert.equal(await page.textContent('#message'), 'Wall b3h is illegal: wall b3h overlaps the placed wall c3h');
  await shot('illegal-wall');
  await page.mouse.click((await wallPoint('b3h')).x, (await wallPoint('b3h')).y);
  assert.equal(await record(), before);
  await hoverWall('c3v');
  assert.equal(await page.textContent('#message'), 'Wall c3v is illegal: wall c3v crosses the placed wall c3h');

  // A wall that would shut a player in names the player.
  await paste('5 S:c1:5,N:c5:5 b1v,c1v S 0');
  await hoverWall('b2h');
  assert.equal(await page.textContent('#message'), 'Wall b2h is illegal: wall b2h would cut South off from its goal');
  await shot('wall-cuts-off');
  const loaded = await record();
  await page.mouse.click((await wallPoint('b2h')).x, (await wallPoint('b2h')).y);
  assert.equal(await record(), loaded);
});

test('moves typed in notation, undo and redo', async () => {
  await newGame({ seats: { S: 'human', N: 'human' } });
  for (const m of ['e2', 'e8', 'e3h']) {
    await page.fill('#move-input', m);
    await page.press('#move-input', 'Enter');
  }
  assert.equal(await movetext(), '1. e2 e8 2. e3h *');
  await page.fill('#move-input', 'e9h');
  await page.press('#move-input', 'Enter');
  assert.equal(await page.textContent('#message'), 'Illegal move e9h: wall e9h is not wholly on the board');
  await page.fill('#move-input', 'e3v');
  await page.press('#move-input', 'Enter');
  assert.match(await page.textContent('#message'), /crosses the placed wall e3h/);
  await page.click('#undo');
  await page.click('#undo');
  assert.equal(await movetext(), '1. e2 *');
  await page.click('#redo');
  assert.equal(await movetext(), '1. e2 e8 *');
  await page.click('#redo');
  assert.equal(await movetext(), '1. e2 e8 2. e3h *');
  assert.equal(await page.isDisabled('#redo'), true);
  // A highlighted square takes the keyboard focus; Enter moves there.
  await page.focus('[data-square=e7]');
  await page.keyboard.press('Enter');
  assert.equal(await movetext(), '1. e2 e8 2. e3h e7 *');
});

test('four players, then King of the Hill, against the engine', async () => {
  await newGame({ players: '4', seats: { S: 'human', W: '1', N: '1', E: '1' } });
  assert.equal(await page.locator('.pawn').count(), 4);
  assert.equal(await page.locator('[data-distance=W] text').textContent(), '8');
  await page.click('[data-square=e2]');
  await waitForTurn('South');
  assert.equal((await movetext()).split(' ').length, 6, 'three engine replies');
  await shot('four-players');

  await newGame({ players: '4', variant: 'koth', seats: { S: 'human', W: '2', N: '2', E: '2' }, screenshot: 'new-game' });
  assert.equal(await page.locator('.crown').count(), 1);
  assert.equal(await page.locator('[data-distance=S] text').textContent(), '4');
  assert.match(await page.textContent('.players tr[data-seat=S] .wall-count'), /^4$/);
  assert.match(await page.textContent('.players tr[data-seat=W] .wall-count'), /^5$/);
  assert.match(await page.textContent('#message'), /In King of the Hill South, moving first, has one wall fewer \(4 against 5\)\.$/);
  await page.click('[data-square=e2]');
  await waitForTurn('South');
  assert.match(await record(), /\[Variant "koth"\]/);
  await page.click('#show-paths');
  assert.equal(await page.locator('.path').count(), 4);
  // Each path drawn aside from the others' (two along one file would hide each other).
  const shifts = await page.$$eval('.path', (ps) => ps.map((p) => p.getAttribute('transform').match(/-?\d+(\.\d+)?/g).map(Number)));
  for (const [i, a] of shifts.entries()) {
    for (const b of shifts.slice(i + 1)) {
      assert.ok(a[0] !== b[0] && a[1] !== b[1], `paths apart in both directions: ${JSON.stringify(shifts)}`);
    }
  }
  await shot('king-of-the-hill');
});

test('"Show paths" in two players: South\'s and North\'s paths drawn apart, not on top of each other', async () => {
  await newGame({ seats: { S: 'human', N: 'human' } });
  await page.click('#show-paths');
  const offsets = await page.$$eval('.path', (ps) => ps.map((p) => [p.getAttribute('class'),
    p.getAttribute('transform').match(/-?\d+(\.\d+)?/g).map(Number)]));
  assert.deepEqual(offsets.map(([c]) => c), ['path seat-S', 'path seat-N']);
  // Both run up and down the e-file: apart across it, and apart along a rank too (around a wall).
  const [[, [sx, sy]], [, [nx, ny]]] = offsets;
  assert.ok(Math.abs(sx - nx) >= 8 && Math.abs(sy - ny) >= 8, JSON.stringify(offsets));
  await shot('paths-two-players');
});

test('on a phone 360 px wide the New game dialog fits and its Start button can be tapped', async () => {
  const before = page.viewportSize() ?? { width: 1280, height: 900 };
  await page.setViewportSize({ width: 360, height: 740 });
  await page.click('#new-game');
  const dialog = await page.locator('#new-dialog').boundingBox();
  const start = await page.locator('#new-start').boundingBox();
  assert.ok(dialog.x >= 0 && dialog.x + dialog.width <= 360, `dialog ${JSON.stringify(dialog)}`);
  assert.ok(start.x >= 0 && start.x + start.width <= 360, `Start ${JSON.stringify(start)}`);
  await page.click('#new-start');
  assert.equal(await page.isVisible('#new-dialog'), false);
  await page.setViewportSize(before);
});

test('a small board played to its end between people, and resigning', async () => {
  await newGame({ size: '5', seats: { S: 'human', N: 'human' } });
  for (const m of ['c2', 'c4', 'c3', 'b4', 'c4', 'b3', 'c5']) {
    await page.fill('#move-input', m);
    await page.press('#move-input', 'Enter');
  }
  assert.match(await status(), /^South wins!/);
  assert.match(await movetext(), / S\+$/);
  await shot('game-over');
  await page.click('#undo');
  // Resign asks first: dismissed, the game goes on; accepted, it ends.
  page.once('dialog', (d) => d.dismiss());
  await page.click('#resign');
  assert.doesNotMatch(await status(), /wins!/);
  assert.doesNotMatch(await movetext(), /resigns/);
  page.once('dialog', (d) => {
    assert.match(d.message(), /^Resign for South\?/);
    d.accept();
  });
  await page.click('#resign');
  assert.match(await status(), /^North wins!/);
  assert.match(await movetext(), /S:resigns N\+$/);
});

test('engines play every seat to the end: three players on 7x7, King of the Hill', async () => {
  for (const options of [
    { size: '7', players: '3', seats: { S: '1', W: '2', N: '1' } },
    { players: '4', variant: 'koth', seats: { S: '1', W: '1', N: '2', E: '1' } },
  ]) {
    await newGame(options);
    await page.waitForFunction(() => document.getElementById('status').classList.contains('over'), null, { timeout: 60000 });
    assert.match(await status(), /^(South|West|North|East) wins!|^Draw/);
    assert.match(await movetext(), / [SWNE]\+$/);
    assert.equal(await page.isVisible('#pause'), false);
  }
});

test('a pasted record is loaded; a broken one shows the rule and changes nothing', async () => {
  await paste('[Size "7"]\n[Players "3"]\n\n1. d2 b4 d6 2. d3 c4 d5 *');
  assert.equal(await page.textContent('#paste-error'), '');
  assert.match(await record(), /\[Size "7"\]\n\[Players "3"\]/);
  assert.equal(await page.locator('.pawn').count(), 3);
  const before = await record();
  await paste('1. e2 e3 *');
  assert.equal(await page.textContent('#paste-error'),
    'Not loaded: ply 2 (round 1, North): `e3` is illegal: the pawn on e9 cannot reach e3: not a free step, a straight jump over a pawn, or a side-step around one whose jump is blocked');
  assert.equal(await record(), before);
  await shot('broken-record');
  // Copied out, the record is the one shown.
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
  await page.click('#copy-record');
  await page.waitForFunction(() => document.getElementById('copy-done').textContent === 'Copied.');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), before);
});

test('analysis: evaluation bar, best line, depth and verdict as the engine thinks; stop', async () => {
  await page.click('#analyse');
  await page.waitForFunction(() => Number(document.getElementById('depth').textContent) >= 4, null, { timeout: 20000 });
  assert.equal(await page.isVisible('#eval-bar'), true);
  assert.equal(await page.isDisabled('#resign'), true, 'nobody resigns in analysis mode');
  assert.match(await page.textContent('#chance'), /^South \d{1,3}% to win$/);
  assert.match(await page.textContent('#verdict'), /^(South is (better|worse)|about equal) \([+-]\d+\.\d\d\)$|^South (wins|loses) in \d+ plies$/);
  assert.ok((await page.textContent('#pv')).split(' ').length >= 2);
  assert.equal(await page.isVisible('#thinking'), true);
  await shot('analysis');
  await page.click('#stop');
  assert.equal(await page.isVisible('#thinking'), false);
  // A move on the board starts a new analysis, from North's view.
  await page.click('[data-square=e2]');
  await page.waitForFunction(() => /^(North|about)/.test(document.getElementById('verdict').textContent), null, { timeout: 20000 });
});

test('analysis: the candidate moves are marked on the board with their scores and chances', async () => {
  await page.click('#analyse');
  await page.waitForFunction(() => document.querySelectorAll('[data-candidate]').length === 3, null, { timeout: 20000 });
  const moves = await page.$$eval('[data-candidate]', (els) => els.map((e) => e.dataset.candidate));
  assert.equal(new Set(moves).size, 3);
  assert.match(await page.textContent('#candidates'), /^1\. \S+ \S+.*\(\d+%\) · 2\. .* · 3\. .*\(\d+%\)$/);
  const title = await page.textContent(`[data-candidate="${moves[0]}"] title`);
  assert.match(title, new RegExp(`^1\\. ${moves[0]}: .+ \\(\\d+% to win\\) ${moves[0]}`));
  await shot('candidates');
  // A move: new candidates for North.
  await page.click('[data-square=e2]');
  await page.waitForFunction(() => document.querySelectorAll('[data-candidate]').length === 3 &&
    [...document.querySelectorAll('[data-candidate]')].every((e) => e.classList.contains('seat-N')), null, { timeout: 20000 });
});

test('the binding refuses bad analysis arguments with errors, not panics', async () => {
  const messages = await page.evaluate(async () => {
    const m = await import('./pkg/quoridor_web.js');
    await m.default();
    const engine = new m.Engine(1);
    const start = new m.Game(9, 2, 'classic', undefined, 'S').position();
    const three = new m.Game(7, 3, 'classic', undefined, 'S');
    for (const mv of ['d2', 'b4', 'd6']) three.play(mv);
    const out = [];
    for (const f of [() => engine.analyse(start, 0, 4), () => engine.analyse(start, 3, 0),
      () => engine.analyse(start, 3, 99), () => engine.analyse('not a position', 3, 4),
      () => engine.review('1. e9 *', 4), () => engine.review(three.record(), 21),
      () => engine.review(three.record(), 2).chances('E')]) {
      try { f(); out.push('no error'); } catch (err) { out.push(`${err.constructor.name}: ${err.message}`); }
    }
    // Still usable after the errors; three players reviewed, seat by seat.
    out.push(engine.analyse(start, 2, 2).length);
    const r = engine.review(three.record(), 2);
    out.push(r.seats.join(' '), r.chances('W').length);
    return out;
  });
  assert.equal(messages.length, 10);
  for (const msg of messages.slice(0, 7)) assert.match(msg, /^Error: /);
  assert.match(messages[0], /multipv 0/);
  assert.match(messages[1], /depth 0/);
  assert.match(messages[2], /depth 99/);
  assert.match(messages[5], /depth 21/);
  assert.match(messages[6], /`E` is not a seat of this game/);
  assert.deepEqual(messages.slice(7), [2, 'S W N', 4]);
});

test('a level bot given the game record knows its repetitions; a broken record is an error', async () => {
  const out = await page.evaluate(async () => {
    const m = await import('./pkg/quoridor_web.js');
    await m.default();
    // Three players step forward and back: South's natural e2 now brings back a position
    // the game went through, which the search counts as a draw.
    const g = new m.Game(9, 3, 'classic', undefined, 'S');
    for (const mv of ['e2', 'b5', 'e8', 'e1', 'a5', 'e9']) g.play(mv);
    const bot = new m.LevelBot(6, 1);
    const res = [];
    for (const record of ['1. e9 *', 'not a record']) {
      try { bot.chooseInGame(record, () => {}); res.push('no error'); } catch (err) { res.push(`${err.constructor.name}: ${err.message}`); }
    }
    let infos = 0;
    const move = bot.chooseInGame(g.record(), () => { infos += 1; });
    res.push(move, infos > 0);
    // The same position alone, without its past: e2 is the best move there.
    res.push(new m.LevelBot(6, 1).choose(g.position(), () => {}));
    // Pondering with the record too: the tree a timed level grows and then keeps for its
    // move counts e2 as the repetition it is.
    const timed = new m.LevelBot(8, 1);
    try { timed.ponderInGame('not a record', 100); res.push('no error'); } catch (err) { res.push(`${err.constructor.name}: ${err.message}`); }
    res.push(bot.ponderInGame(g.record(), 100), timed.ponderInGame(g.record(), 300));
    res.push(timed.chooseInGame(g.record(), () => {}));
    g.play(move);
    res.push(g.position());
    return res;
  });
  assert.match(out[0], /^Error: .*e9/);
  assert.match(out[1], /^Error: /);
  assert.notEqual(out[2], 'e2');
  assert.equal(out[3], true);
  assert.equal(out[4], 'e2');
  assert.match(out[5], /^Error: /);
  assert.deepEqual(out.slice(6, 8), [false, true], 'only the timed levels ponder');
  assert.notEqual(out[8], 'e2');
  assert.match(out[9], /^9 /);
});

test('the analysis of a game knows its repetitions; a broken record is an error', async () => {
  const out = await page.evaluate(async () => {
    const m = await import('./pkg/quoridor_web.js');
    await m.default();
    // As above: back at the start of a three-player game, e2 is best alone and a
    // repetition in the game.
    const g = new m.Game(9, 3, 'classic', undefined, 'S');
    for (const mv of ['e2', 'b5', 'e8', 'e1', 'a5', 'e9']) g.play(mv);
    const engine = new m.Engine(8);
    const first = (lines) => lines.map((c) => c.move)[0];
    const res = [];
    res.push(first(engine.analyse(g.position(), 3, 2)), first(engine.analyseGame(g.record(), 3, 2)));
    res.push(engine.search(g.position(), 2, undefined, undefined, () => {}).pv[0]);
    res.push(engine.searchGame(g.record(), 2, undefined, undefined, () => {}).pv[0]);
    for (const call of [() => engine.analyseGame('not a record', 3, 2), () => engine.searchGame('1. e9 *', 2, undefined, undefined, () => {})]) {
      try { call(); res.push('no error'); } catch (err) { res.push(`${err.constructor.name}: ${err.message}`); }
    }
    return res;
  });
  assert.deepEqual(out.slice(0, 4).map((m) => m === 'e2'), [true, false, true, false], out.join(' '));
  assert.match(out[4], /^Error: /);
  assert.match(out[5], /^Error: .*e9/);
});

test('review: the graph of the game with its mistakes; a click on it or on the move list moves the board', async () => {
  await page.click('#analyse');
  // Two moves the review marks at depth 4 (`quoridor review --depth 4 --moves "e2 e8 e3 e7
  // e4 e6 d4h e5"`: d4h and e5 lose 23.7 and 23.3 points of winning chance).
  await paste('1. e2 e8 2. e3 e7 3. e4 e6 4. d4h e5 *');
  await page.waitForFunction(() => document.querySelectorAll('#move-list button').length === 8);
  assert.equal(await page.isVisible('#review-graph'), false);
  await page.click('#review');
  await page.waitForSelector('#review-graph:not([hidden]) polyline.graph-line', { timeout: 30000 });
  const points = (await page.getAttribute('#review-graph polyline.graph-line', 'points')).split(' ');
  assert.equal(points.length, 9, 'one point per position, the start included');
  assert.match(await page.textContent('#review-status'), /^depth 4 per position: \d+ errors? marked$/);
  await shot('review');
  const current = () => page.getAttribute('#move-list button.current', 'data-ply');
  assert.equal(await current(), '8');
  assert.ok(await page.$$eval('#review-graph .graph-mark', (m) => m.length) >= 1, 'a mistake marked');
  // A click at a quarter of the graph: the position after two plies.
  const box = await page.locator('#review-graph').boundingBox();
  await page.mouse.click(box.x + box.width * 2 / 8, box.y + box.height / 2);
  await page.waitForFunction(() => document.querySelector('#move-list button.current')?.dataset.ply === '2');
  assert.equal(await page.getAttribute('#review-graph .graph-here', 'data-ply'), '2');
  assert.equal(await page.$eval('[data-seat=S] title', (t) => t.textContent.startsWith('South on e2')), true);
  // The move list: the position after five plies, the review kept.
  await page.click('#move-list button[data-ply="5"]');
  assert.equal(await current(), '5');
  assert.equal(await page.$eval('[data-seat=N] title', (t) => t.textContent.startsWith('North on e7')), true);
  assert.equal(await page.isVisible('#review-graph'), true);
  assert.equal(await page.$$eval('#review-graph .graph-mark', (m) => m.every((e) => /inaccuracy|mistake|blunder/.test(e.getAttribute('class')))), true);
  // A reload keeps analysis mode (North's engine does not start playing the studied game),
  // the review and the position looked at.
  const marks = await page.$$eval('#review-graph .graph-mark', (m) => m.map((e) => e.dataset.ply));
  await page.waitForFunction(() => document.getElementById('depth').textContent !== '–', null, { timeout: 20000 });
  // The two quick jumps above each stopped an analysis, that is ended its worker and started
  // another, the first while it was still loading: `reload` lets those cancelled loads pass;
  // the page after the reload must load and analyse (below).
  await reload();
  assert.match(await page.textContent('#message'), /^Your game from the last visit, 5 plies in, in analysis mode/);
  assert.equal(await page.isChecked('#analyse'), true);
  assert.equal(await current(), '5');
  assert.equal(await page.$$eval('#move-list button', (bs) => bs.length), 8);
  assert.equal(await page.isVisible('#review-graph'), true);
  assert.deepEqual(await page.$$eval('#review-graph .graph-mark', (m) => m.map((e) => e.dataset.ply)), marks);
  await page.waitForFunction(() => document.getElementById('depth').textContent !== '–', null, { timeout: 20000 });
  assert.equal(await current(), '5', 'the engine analyses, it does not play');
});

test('review: the player chooses how deep; three players get a curve per seat', async () => {
  const text = await page.evaluate(async () => {
    const m = await import('./pkg/quoridor_web.js');
    await m.default();
    const g = new m.Game(7, 3, 'classic', undefined, 'S');
    for (const mv of ['d2', 'b4', 'd6', 'd3', 'c4', 'c5h']) g.play(mv);
    return g.record();
  });
  await page.click('#analyse');
  await paste(text);
  await page.waitForFunction(() => document.querySelectorAll('#move-list button').length === 6);
  await page.selectOption('#review-depth', 'deep');
  await page.click('#review');
  await page.waitForFunction(() => /^depth \d+ per position/.test(document.getElementById('review-status').textContent), null, { timeout: 60000 });
  assert.match(await page.textContent('#review-status'), /^depth 8 per position: \d+ errors? marked$/);
  const curves = await page.$$eval('#review-graph polyline.graph-line', (ls) => ls.map((l) => [l.dataset.seat, l.getAttribute('points').split(' ').length]));
  assert.deepEqual(curves, [['S', 7], ['W', 7], ['N', 7]]);
  assert.deepEqual(await page.$$eval('#review-graph polyline', (ls) => ls.map((l) => l.getAttribute('class'))),
    ['graph-line seat-S', 'graph-line seat-W', 'graph-line seat-N']);
  await shot('review-three');
  // Quick again: a shallower review of the same game.
  await page.selectOption('#review-depth', 'quick');
  await page.click('#review');
  await page.waitForFunction(() => /^depth 4 per position/.test(document.getElementById('review-status').textContent), null, { timeout: 30000 });
});

test('playing: a click on the move list only shows that position; the engine waits until "Continue from here"', async () => {
  await page.click('[data-square=e2]');
  await waitForTurn('South');
  await page.click('[data-square=e3]');
  await waitForTurn('South');
  const full = await movetext();
  const listed = () => page.$$eval('#move-list button', (bs) => bs.length);
  const current = () => page.getAttribute('#move-list button.current', 'data-ply');
  assert.equal(await listed(), 4);
  // After South's first move North, the engine, is to move: it must not play.
  await page.click('#move-list button[data-ply="1"]');
  assert.equal(await current(), '1');
  assert.equal(await page.isVisible('#browse-bar'), true);
  assert.match(await page.textContent('#browse-text'), /^Viewing the position after move 1 of 4\.$/);
  assert.match(await status(), /^North \(engine, level 3\) to move in this earlier position; the game waits/);
  assert.equal(await page.$eval('[data-seat=S] title', (t) => t.textContent.startsWith('South on e2')), true);
  await page.waitForTimeout(1500);
  assert.equal(await listed(), 4, 'the later moves are kept');
  assert.equal(await current(), '1', 'the engine did not play');
  assert.equal(await page.$$eval('.square.target', (t) => t.length), 0, 'nobody moves while looking');
  await shot('browse');
  // A reload keeps the look back and the whole line.
  await reload();
  assert.equal(await listed(), 4);
  assert.equal(await current(), '1');
  assert.equal(await page.isVisible('#browse-bar'), true);
  // Back to the last move: the game as it was, South to move.
  await page.click('#back-to-game');
  await waitForTurn('South');
  assert.equal(await current(), '4');
  assert.equal(await page.isVisible('#browse-bar'), false);
  assert.equal(await movetext(), full);
  // A position where South is to move is only looked at too; then the game goes on from
  // the position after North's first move: the engine plays, the later moves are dropped.
  await page.click('#move-list button[data-ply="2"]');
  assert.equal(await page.$$eval('.square.target', (t) => t.length), 0);
  await page.click('#move-list button[data-ply="1"]');
  await page.click('#continue-here');
  await page.waitForFunction(() => document.querySelectorAll('#move-list button').length === 2 &&
    document.querySelector('#move-list button.current')?.dataset.ply === '2', null, { timeout: 20000 });
  await waitForTurn('South');
  assert.equal(await page.isVisible('#browse-bar'), false);
  assert.equal((await movetext()).split(' ').length, 4);
});

test('the stop button makes a thinking engine move at once', async () => {
  await newGame({ seats: { S: 'human', N: '10' } });
  await page.click('[data-square=e2]');
  await page.waitForSelector('#stop:not([hidden])');
  assert.match(await status(), /^North \(engine, level 10\) is thinking/);
  await page.waitForFunction(() => document.getElementById('depth').textContent !== '–');
  await page.click('#stop');
  await waitForTurn('South');
  assert.equal((await movetext()).split(' ').length, 4);
});

test('"Think on my time": a timed level thinks while the person does, says so, and answers from there', async () => {
  const thinking = () => page.waitForFunction(() => /North is thinking on your time \(1 s\)\.$/.test(document.getElementById('status').textContent), null, { timeout: 20000 });
  await newGame({ seats: { S: 'human', N: '8' } });
  await page.click('#ponder');
  await page.click('[data-square=e2]');
  await waitForTurn('South');
  await thinking();
  const target = await page.$eval('.square.target', (e) => e.dataset.square);
  await page.click(`[data-square=${target}]`);
  await waitForTurn('South');
  const moves = (await movetext()).split(' ');
  assert.deepEqual([moves.length, moves[3], moves[4]], [7, '2.', target], moves.join(' '));
  await thinking();
  // Switched off, it stops at once; a level searching a fixed depth never thinks ahead.
  await page.click('#ponder');
  assert.doesNotMatch(await status(), /thinking on your time/);
  await newGame({ seats: { S: 'human', N: '3' } });
  await page.click('#ponder');
  await page.click('[data-square=e2]');
  await waitForTurn('South');
  await page.waitForTimeout(1500);
  assert.doesNotMatch(await status(), /thinking on your time/);
});

test('a reload keeps the game: the record and who plays each seat', async () => {
  await newGame({ size: '7', seats: { S: 'human', N: '2' } });
  await page.click('[data-square=d2]');
  await waitForTurn('South');
  const before = await movetext();
  assert.equal(before.split(' ').length, 4);
  await reload();
  assert.equal(await movetext(), before);
  assert.match(await page.textContent('#message'), /^Your game from the last visit, 2 plies in/);
  // Any highlighted square: the engine's reply may have been a wall in front of d2.
  await page.click('.square.target');
  await waitForTurn('South');
  assert.equal((await movetext()).split(' ').length, 7, 'the engine still plays North');
  await page.evaluate(() => localStorage.clear());
});

// Last: it stops the server.
test('offline: once opened, the page and its engine work with the server gone', async () => {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.evaluate(() => localStorage.clear());
  await reload();
  assert.equal(await page.evaluate(() => !!navigator.serviceWorker.controller), true);
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
  server = null;
  // Failed requests are the point here, not problems.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  problems = problems.filter((p) => !p.startsWith('request failed'));
  await page.click('[data-square=e2]');
  await waitForTurn('South');
  assert.equal((await movetext()).split(' ').length, 4);
});
