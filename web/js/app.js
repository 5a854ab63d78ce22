// The page: a game (the rules in WebAssembly), who plays each seat, the engine worker, and
// the controls around the board.

import init, { Game } from '../pkg/quoridor_web.js';
import { Board } from './board.js';
import { EngineClient } from './engine.js';

const $ = (id) => document.getElementById(id);
const HUMAN = 'human';

// Touch screens (a finger, no hover) get 'tap' in the instructions, and the two taps a wall needs.
const TOUCH = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
const HOW_TO_MOVE = TOUCH
  ? 'tap a highlighted square, or tap between two squares to see a wall and tap again to place it'
  : 'click a highlighted square, or point between two squares to place a wall';

const state = {
  game: null,
  // Who plays each seat: HUMAN or an engine level 1-10.
  players: { S: HUMAN, W: 5, N: 3, E: 5 },
  redo: [],            // events taken back, the next one last
  analysing: false,    // analysis mode: people play every seat, the engine comments
  paused: false,       // engines only: the game waits
  showPaths: false,
  ponder: false,       // "Think on my time": an engine seat thinks while a person does
  pondered: null,      // the position it was asked to think about
  ponderSeat: null,    // the seat thinking about it
  preview: null,       // { name, legal, reason }
  thinking: null,      // { kind: 'play' | 'analyse', seat, position }
  info: null,          // the engine's latest information
  infoPosition: null,  // the position it is about
  lastThought: null,   // { info, seat, move, events }: why the engine played its last move
  candidates: null,    // { position, lines }: the analysis's candidate moves
  review: null,        // { line, depth, moves, seats, chances }: the review of the game (line: its events)
  browsing: false,     // playing: the board shows an earlier position of the line, the game waits
  message: '',
  messageKind: '',
};

let engine;
let board;

// ---------------------------------------------------------------------------------------
// Who is who

function seats() {
  return state.game.seats();
}

function controller(seat) {
  return state.analysing ? HUMAN : state.players[seat];
}

function isHuman(seat) {
  return controller(seat) === HUMAN;
}

function over() {
  return state.game.result() !== '*';
}

function humansInGame() {
  return seats().filter((s) => state.players[s] === HUMAN);
}

// Playing (not analysing) with the board on an earlier position of the line: the game waits
// until the player continues from there (or goes back to the last move).
function isBrowsing() {
  return state.browsing && !state.analysing && state.redo.length > 0;
}

function describe(seat) {
  const c = controller(seat);
  return c === HUMAN ? Game.seatName(seat) : `${Game.seatName(seat)} (engine, level ${c})`;
}

// ---------------------------------------------------------------------------------------
// Changing the game

function say(text, kind = '') {
  state.message = text;
  state.messageKind = kind;
}

function afterChange() {
  state.preview = null;
  update();
}

// Plays a move for the side to move; a refused move shows its rule and changes nothing.
function tryPlay(mv, source = 'person', info = null, note = '') {
  const why = state.game.whyIllegal(mv);
  if (why) {
    say(`Illegal move ${mv}: ${why}`, 'error');
    update();
    return false;
  }
  const seat = state.game.turn();
  state.game.play(mv);
  state.redo = [];
  const about = note || (info && info.pv[0] === mv ? ` (depth ${info.depth}: ${info.verdict})` : '');
  say(source === 'engine' ? `${Game.seatName(seat)} played ${mv}${about}.` : '');
  afterChange();
  return true;
}

function replay(event) {
  const [seat, what] = event.split(':');
  try {
    if (what === 'resigns') state.game.resign(seat);
    else state.game.play(what);
    return true;
  } catch (err) {
    state.redo = [];
    say(`Cannot redo ${what}: ${err.message}`, 'error');
    return false;
  }
}

function stopEngine() {
  if (engine.busy) engine.stop();
  state.thinking = null;
  state.pondered = null;
}

// While a person thinks, the engine seat that moves next thinks too ("Think on my time";
// levels 8 to 10, the timed ones): its move then starts from what it found.
function ponderIfWanted() {
  if (!state.ponder || state.analysing || state.paused || over() || isBrowsing()) return;
  const position = state.game.position();
  if (state.pondered === position) return;
  const all = seats();
  const at = all.indexOf(state.game.turn());
  for (let k = 1; k < all.length; k++) {
    const level = controller(all[(at + k) % all.length]);
    if (level === HUMAN) continue;
    if (level >= 8) {
      state.pondered = position;
      state.ponderSeat = all[(at + k) % all.length];
      engine.ponder(position, level, state.game.record());
    }
    return;
  }
}

function undo() {
  stopEngine();
  state.lastThought = null;
  const humans = humansInGame();
  let taken = 0;
  for (;;) {
    const ev = state.game.undo();
    if (!ev) break;
    state.redo.push(ev);
    taken++;
    if (state.analysing || humans.length === 0) break;
    // Back to a person's turn (taking back the engines' replies too).
    if (isHuman(state.game.turn()) && state.game.isActive(state.game.turn())) break;
  }
  if (!state.analysing && humans.length === 0) state.paused = true;
  say(taken ? '' : 'Nothing to take back.');
  afterChange();
}

function redo() {
  stopEngine();
  state.lastThought = null;
  const humans = humansInGame();
  say('');
  while (state.redo.length) {
    if (!replay(state.redo.pop())) break;
    if (state.analysing || humans.length === 0 || over()) break;
    if (isHuman(state.game.turn())) break;
  }
  afterChange();
}

function resignSeat() {
  // In analysis mode people play every seat to study the game: nobody resigns there.
  if (!state.game || over() || state.analysing) return null;
  const turn = state.game.turn();
  if (isHuman(turn)) return turn;
  const humans = seats().filter((s) => isHuman(s) && state.game.isActive(s));
  return humans.length === 1 ? humans[0] : null;
}

function resign() {
  const seat = resignSeat();
  if (!seat) return;
  // One click must not end a game by accident.
  if (!window.confirm(`Resign for ${Game.seatName(seat)}? The game ends.`)) return;
  stopEngine();
  state.game.resign(seat);
  state.redo = [];
  say(`${Game.seatName(seat)} resigned.`);
  afterChange();
}

function newGame(options) {
  stopEngine();
  state.lastThought = null;
  const game = new Game(options.size, options.players, options.variant, options.walls, options.first);
  state.game?.free();
  state.game = game;
  state.analysed = null;
  state.redo = [];
  state.browsing = false;
  state.paused = false;
  state.info = null;
  engine.newGame();
  const first = Game.seatName(state.game.turn());
  // King of the Hill gives the first mover one wall fewer (the record's Walls tag is the
  // others' count): say so, or the unequal counts look like a bug.
  const g = state.game;
  const others = seats().filter((s) => s !== g.turn()).map((s) => g.wallsInHand(s));
  const fewer = g.variant() === 'koth' && others.length && g.wallsInHand(g.turn()) < others[0]
    ? ` In King of the Hill ${first}, moving first, has one wall fewer (${g.wallsInHand(g.turn())} against ${others[0]}).`
    : '';
  say((isHuman(state.game.turn())
    ? `New game. ${first} moves first: ${HOW_TO_MOVE}.`
    : `New game. ${first} moves first.`) + fewer);
  afterChange();
}

function loadText(text) {
  const trimmed = text.trim();
  let game;
  try {
    game = Game.fromRecord(trimmed);
  } catch (recordError) {
    try {
      game = Game.fromPosition(trimmed);
    } catch {
      return `Not loaded: ${recordError.message}`;
    }
  }
  stopEngine();
  state.game?.free();
  state.game = game;
  state.analysed = null;
  state.redo = [];
  state.browsing = false;
  state.info = null;
  for (const s of Game.seatsFor(4)) state.players[s] = HUMAN;
  engine.newGame();
  say(`Loaded (${game.ply()} plies). People play every seat: choose an engine for a seat in the players list to play on against it.`);
  afterChange();
  return null;
}

// ---------------------------------------------------------------------------------------
// The engine

// Whether the engine should be thinking now: analysing, or an engine's turn to move.
function wantsEngine() {
  if (over()) return false;
  if (state.analysing) return true;
  if (isBrowsing()) return false;
  return !state.paused && !isHuman(state.game.turn());
}

function runEngine() {
  const game = state.game;
  const position = game.position();
  if (state.thinking && (state.thinking.position !== position || !wantsEngine())) stopEngine();
  if (engine.busy) return;
  if (!wantsEngine()) {
    ponderIfWanted();
    return;
  }
  state.pondered = null;
  const seat = game.turn();
  if (state.analysing) {
    // Once per position: until a move, a stop, or the search's natural end.
    if (state.analysed === position) return;
    const thinking = { kind: 'analyse', seat, position };
    state.thinking = thinking;
    state.analysed = position;
    state.info = null;
    state.infoPosition = position;
    state.candidates = null;
    const onCandidates = (lines) => {
      state.candidates = { position, lines };
      render();
    };
    engine.analyse(position, (info) => showInfo(info, position), CANDIDATES, onCandidates, game.record()).then(() => {
      if (state.thinking === thinking) state.thinking = null;
      update();
    }).catch(engineFailed);
    return;
  }
  const level = controller(seat);
  const thinking = { kind: 'play', seat, position, stopForMove: false };
  state.thinking = thinking;
  state.info = null;
  state.infoPosition = position;
  engine.play(position, level, (info) => showInfo(info, position), game.record()).then(async (answer) => {
    // Another search, a new game or a move took over: nothing to play.
    if (state.thinking !== thinking) return;
    let move = answer.move;
    let info = answer.lastInfo;
    if (answer.stopped) {
      if (!thinking.stopForMove) return;
      // "Stop": the best move of the last completed iteration, or a one-ply search.
      move = info?.pv?.[0];
      if (!move) {
        const quick = await engine.quick(position);
        if (state.thinking !== thinking) return;
        info = quick.info;
        move = info?.pv?.[0];
      }
    }
    state.thinking = null;
    // The lower levels play some pawn moves at random, without a search: no reasoning to
    // show, so the panel says that instead.
    const random = !answer.stopped && answer.random === true
      ? { level, percent: answer.randomPercent } : null;
    // Kept after the move, so that the panel still shows why the engine played it.
    state.lastThought = move && (info || random)
      ? { info: random ? null : info, random, seat, move, events: state.game.events().length + 1 } : null;
    if (move) tryPlay(move, 'engine', random ? null : info, random ? ' at random' : '');
    else update();
  }).catch(engineFailed);
}

// ---------------------------------------------------------------------------------------
// The move list and the review

// The candidate moves shown in analysis mode: small and fixed, so that they come at once.
// The review's depth per position is the player's choice (quick, normal, deep).
const CANDIDATES = { multipv: 3, depth: 4 };
const REVIEW_DEPTHS = { quick: 4, normal: 6, deep: 8 };

// The whole line: the events played, then those taken back (redo's next one last).
function fullLine() {
  return [...state.game.events(), ...[...state.redo].reverse()];
}

// Takes the board to the position after `ply` events of the line, by undo and redo.
function jumpTo(ply) {
  stopEngine();
  state.lastThought = null;
  const line = fullLine();
  const target = Math.max(0, Math.min(ply, line.length));
  while (state.game.events().length > target) {
    const ev = state.game.undo();
    if (!ev) break;
    state.redo.push(ev);
  }
  while (state.game.events().length < target && state.redo.length) {
    if (!replay(state.redo.pop())) break;
  }
  // Playing, a look at an earlier position changes nothing until the player continues.
  state.browsing = !state.analysing && state.game.events().length < line.length;
  say('');
  afterChange();
}

// Browsing: play on from the position on the board (the moves after it are dropped at the
// next move), or go back to the last move.
function continueHere() {
  state.browsing = false;
  say(`The game goes on from move ${state.game.events().length}.`);
  afterChange();
}

async function reviewGame() {
  if (!state.analysing) return;
  const back = state.game.events().length;
  jumpTo(fullLine().length);
  const record = state.game.record();
  const line = fullLine().join(' ');
  jumpTo(back);
  stopEngine();
  const thinking = { kind: 'review', seat: state.game.turn(), position: state.game.position() };
  state.thinking = thinking;
  const depth = REVIEW_DEPTHS[$('review-depth').value] ?? REVIEW_DEPTHS.quick;
  $('review-status').textContent = `reviewing at depth ${depth}…`;
  renderEngine();
  const onProgress = (done, total) => {
    if (state.thinking === thinking) $('review-status').textContent = `reviewing at depth ${depth}: ${done} of ${total} positions`;
  };
  try {
    const answer = await engine.review(record, depth, onProgress);
    if (state.thinking === thinking) state.thinking = null;
    if (answer.stopped) {
      $('review-status').textContent = 'review stopped';
    } else {
      state.review = { line, depth, ...answer.review };
      const errors = answer.review.moves.filter((m) => ['inaccuracy', 'mistake', 'blunder'].includes(m.judgement));
      $('review-status').textContent =
        `depth ${depth} per position: ${errors.length} ${errors.length === 1 ? 'error' : 'errors'} marked`;
    }
  } catch (err) {
    if (state.thinking === thinking) state.thinking = null;
    $('review-status').textContent = err.message;
  }
  state.analysed = null;
  update();
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const GRAPH = { w: 300, h: 100 };

function svgEl(name, attrs, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent.appendChild(e);
  return e;
}

// The move list (each move a button to its position) and the review's graph: with two
// players South's winning chance over the plies, with more every seat's in its colour; the
// inaccuracies, mistakes and blunders marked on the mover's curve.
function renderReview() {
  const line = fullLine();
  const here = state.game.events().length;
  const review = state.review && state.review.line === line.join(' ') ? state.review : null;
  // Keyed by the position after the move (its index in the line, from 1).
  const verdicts = new Map((review?.moves ?? []).map((m) => [m.at + 1, m]));
  const list = $('move-list');
  list.replaceChildren();
  line.forEach((ev, i) => {
    const [seat, what] = ev.split(':');
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.ply = String(i + 1);
    const v = verdicts.get(i + 1);
    b.className = `move seat-${seat}${i + 1 === here ? ' current' : ''}${v ? ` ${v.judgement}` : ''}`;
    b.textContent = `${seat} ${what}`;
    b.title = v ? `${v.judgement}${v.lost > 0 ? `, lost ${v.lost.toFixed(0)} points` : ''}; best ${v.best}` : `${Game.seatName(seat)} ${what}`;
    li.appendChild(b);
    list.appendChild(li);
  });
  const browsing = isBrowsing();
  $('browse-bar').hidden = !browsing;
  if (browsing) $('browse-text').textContent = `Viewing the position after move ${here} of ${line.length}.`;
  $('review').disabled = !state.analysing || line.length === 0 || state.thinking?.kind === 'review';
  const svg = $('review-graph');
  svg.toggleAttribute('hidden', !review);
  svg.replaceChildren();
  if (!review) return;
  const two = review.seats.length === 2;
  const n = Math.max(1, review.chances[review.seats[0]].length - 1);
  const x = (ply) => (ply / n) * GRAPH.w;
  const y = (c) => (1 - c) * GRAPH.h;
  svgEl('rect', { x: 0, y: 0, width: GRAPH.w, height: GRAPH.h, class: 'graph-back' }, svg);
  svgEl('line', { x1: 0, y1: GRAPH.h / 2, x2: GRAPH.w, y2: GRAPH.h / 2, class: 'graph-half' }, svg);
  for (const seat of two ? ['S'] : review.seats) {
    const points = review.chances[seat].map((c, i) => `${x(i)},${y(c)}`).join(' ');
    const curve = svgEl('polyline', { points, class: `graph-line${two ? '' : ` seat-${seat}`}`, 'data-seat': seat }, svg);
    svgEl('title', {}, curve).textContent = `${Game.seatName(seat)}'s winning chance`;
  }
  svgEl('line', { x1: x(here), y1: 0, x2: x(here), y2: GRAPH.h, class: 'graph-here', 'data-ply': here }, svg);
  for (const m of review.moves) {
    if (!['inaccuracy', 'mistake', 'blunder'].includes(m.judgement)) continue;
    const chance = review.chances[m.seat][m.at + 1];
    const c = svgEl('circle', { cx: x(m.at + 1), cy: y(chance), r: 4, class: `graph-mark ${m.judgement}`, 'data-ply': m.at + 1 }, svg);
    svgEl('title', {}, c).textContent = `${m.seat} ${m.played}: ${m.judgement} (best ${m.best})`;
  }
}

function onGraphClick(e) {
  const svg = $('review-graph');
  const review = state.review;
  if (!review) return;
  const box = svg.getBoundingClientRect();
  const n = Math.max(1, review.chances[review.seats[0]].length - 1);
  jumpTo(Math.round(((e.clientX - box.left) / box.width) * n));
}

function engineFailed(err) {
  state.thinking = null;
  say(`The engine failed: ${err.message}`, 'error');
  update();
}

function showInfo(info, position) {
  if (state.game.position() !== position) return;
  state.info = info;
  state.infoPosition = position;
  renderEngine();
}

function stop() {
  if (!state.thinking) return;
  if (state.thinking.kind === 'play') {
    state.thinking.stopForMove = true;
    engine.stop();
  } else {
    engine.stop();
    state.thinking = null;
    update();
  }
}

// ---------------------------------------------------------------------------------------
// Drawing

function seatView(seat) {
  const g = state.game;
  const active = g.isActive(seat);
  return {
    letter: seat,
    name: Game.seatName(seat),
    goal: g.goal(seat),
    active,
    pawn: g.pawn(seat),
    distance: g.distance(seat),
    path: active && state.showPaths ? g.shortestPath(seat) : [],
    walls: g.wallsInHand(seat),
    rank: g.rank(seat),
    toMove: !over() && g.turn() === seat,
  };
}

function wallOwners() {
  const owners = new Map();
  for (const ev of state.game.events()) {
    const [seat, what] = ev.split(':');
    if (what.endsWith('h') || what.endsWith('v')) owners.set(what, seat);
  }
  return owners;
}

function canPlayHere() {
  return !over() && !isBrowsing() && isHuman(state.game.turn()) && !(state.thinking?.kind === 'play');
}

function render() {
  const g = state.game;
  const turn = g.turn();
  const owners = wallOwners();
  const events = g.events();
  const last = events.length ? events[events.length - 1].split(':')[1] : null;
  const interactive = canPlayHere();
  const n = g.size();
  const seatsView = seats().map(seatView);
  board.draw({
    size: n,
    variant: g.variant(),
    turn,
    seats: seatsView,
    targets: interactive ? g.pawnMoves() : [],
    walls: g.walls().map((name) => ({ name, seat: owners.get(name) })),
    lastWall: last && /[hv]$/.test(last) ? last : null,
    lastSquare: last && !/[hv]$/.test(last) && last !== 'resigns' ? last : null,
    centre: g.variant() === 'koth' ? g.goal('S')[0] : null,
    showPaths: state.showPaths,
    candidates: state.analysing && state.candidates?.position === g.position() ? state.candidates.lines : [],
    preview: interactive ? state.preview : null,
    interactive,
    label: `${n} by ${n} board. ` + seatsView.filter((s) => s.active)
      .map((s) => `${Game.seatName(s.letter)} on ${s.pawn}, ${s.distance} to go, ${s.walls} walls`).join('; '),
  });
  renderStatus(interactive);
  renderPlayers(seatsView);
  renderEngine();
  renderButtons();
  renderReview();
  const rec = $('record');
  rec.value = g.record();
  rec.scrollTop = rec.scrollHeight;
}

function renderStatus(interactive) {
  const g = state.game;
  const status = $('status');
  status.className = 'status';
  if (over()) {
    const winner = g.winner();
    const ranking = seats().map((s) => [s, g.rank(s)]).filter(([, r]) => r != null)
      .sort((a, b) => a[1] - b[1]).map(([s, r]) => `${r}. ${Game.seatName(s)}`).join('  ');
    status.textContent = winner ? `${Game.seatName(winner)} wins! Ranking: ${ranking}` : `Draw. Ranking: ${ranking}`;
    status.classList.add('over', winner ? `seat-${winner}` : 'draw');
    return;
  }
  const turn = g.turn();
  status.classList.add(`seat-${turn}`);
  if (isBrowsing()) {
    status.textContent = `${describe(turn)} to move in this earlier position; the game waits: continue from here, or go back to the last move.`;
  } else if (state.thinking?.kind === 'play') {
    status.textContent = `${describe(turn)} is thinking…`;
  } else if (interactive) {
    const walls = g.wallsInHand(turn);
    status.textContent = `${Game.seatName(turn)} to move: ${TOUCH ? 'tap' : 'click'} a highlighted square` +
      (walls > 0 ? `, or ${TOUCH ? 'tap between two squares, twice,' : 'point between two squares'} to place a wall (${walls} left).` : '.') +
      (state.pondered === g.position() && engine.pondered > 0
        ? ` ${Game.seatName(state.ponderSeat)} is thinking on your time${engine.pondered >= 10 ? ` (${Math.floor(engine.pondered / 10)} s)` : ''}.` : '');
  } else if (state.paused) {
    status.textContent = `${describe(turn)} to move. The game is paused.`;
  } else {
    status.textContent = `${describe(turn)} to move.`;
  }
}

function renderPlayers(seatsView) {
  const table = $('players');
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  for (const h of ['', 'Player', 'Walls', 'To go', 'Played by']) {
    const th = document.createElement('th');
    th.textContent = h;
    head.appendChild(th);
  }
  const body = table.createTBody();
  for (const s of seatsView) {
    const row = body.insertRow();
    row.className = `seat-${s.letter}${s.toMove ? ' to-move' : ''}${s.active ? '' : ' left'}`;
    row.dataset.seat = s.letter;
    const swatch = row.insertCell();
    swatch.innerHTML = `<span class="swatch seat-${s.letter}" aria-hidden="true"></span>`;
    const name = row.insertCell();
    name.textContent = Game.seatName(s.letter) + (s.toMove ? ' ◀ to move' : '');
    if (!s.active) name.textContent += ' (left)';
    if (over() && s.rank != null) name.textContent += ` · rank ${s.rank}`;
    const walls = row.insertCell();
    walls.className = 'walls';
    walls.innerHTML = `<span class="wall-count">${s.walls}</span> <span class="wall-pips" aria-hidden="true">${'▮'.repeat(Math.min(s.walls, 20))}</span>`;
    const dist = row.insertCell();
    dist.className = 'dist';
    dist.textContent = s.active ? String(s.distance) : '–';
    const who = row.insertCell();
    const select = document.createElement('select');
    select.setAttribute('aria-label', `Who plays ${Game.seatName(s.letter)}`);
    select.dataset.seat = s.letter;
    select.add(new Option('Person', HUMAN));
    for (let l = 1; l <= 10; l++) select.add(new Option(`Engine ${l}`, String(l)));
    select.value = String(state.players[s.letter]);
    select.disabled = state.analysing;
    select.addEventListener('change', () => {
      const v = select.value;
      state.players[s.letter] = v === HUMAN ? HUMAN : Number(v);
      if (state.thinking?.kind === 'play' && state.thinking.seat === s.letter) stopEngine();
      update();
    });
    who.appendChild(select);
  }
}

function chancePercent(info) {
  const p = Math.round(info.chance * 100);
  return `${info.scoreKind === 'eval' ? Math.min(99, Math.max(1, p)) : p}%`;
}

function renderEngine() {
  const thinking = state.thinking;
  // The last engine move's reasoning, while nothing else happened since.
  const last = !thinking && state.lastThought?.events === state.game.events().length
    ? state.lastThought : null;
  const current = state.info && state.infoPosition === state.game.position() ? state.info : null;
  const info = current ?? last?.info ?? null;
  $('thinking').hidden = !thinking;
  $('engine-idle').hidden = !!thinking;
  $('engine-idle').textContent = !last || current ? 'idle'
    : last.random
      ? `${Game.seatName(last.seat)} played ${last.move} at random, without thinking: level ${last.random.level} plays ${last.random.percent}% of its moves so, to be beatable.`
      : `${Game.seatName(last.seat)} played ${last.move}; its reasoning:`;
  $('stop').hidden = !thinking;
  $('thinking-text').textContent = thinking
    ? ({ analyse: 'analysing', review: 'reviewing the game' }[thinking.kind] ?? `${Game.seatName(thinking.seat)} thinking`) +
      (info ? ` · depth ${info.depth}` : '…')
    : '';
  $('stop').title = thinking?.kind === 'play'
    ? 'Stop thinking and play the best move found so far' : 'Stop the analysis';
  const allEngines = !state.analysing && seats().every((s) => state.players[s] !== HUMAN);
  $('pause').hidden = !allEngines || over();
  $('pause').textContent = state.paused ? 'Continue' : 'Pause';
  $('verdict').textContent = info ? info.verdict : '–';
  // The side to move's chance to win, as `quoridor analyse` shows it: 1-99% for an
  // evaluation, 0% or 100% only for a found result.
  $('chance').textContent = info && Number.isFinite(info.chance)
    ? `${Game.seatName(info.side)} ${chancePercent(info)} to win` : '–';
  $('depth').textContent = info ? String(info.depth) : '–';
  // The candidate moves (analysis mode), as marked on the board: number, move, score, chance.
  const cands = state.analysing && state.candidates?.position === state.game.position() ? state.candidates.lines : [];
  $('candidates').textContent = cands.length
    ? cands.map((c, i) => `${i + 1}. ${c.move} ${c.score} (${Math.round(c.chance * 100)}%)`).join(' · ') : '–';
  $('pv').textContent = info ? info.pv.join(' ') : '–';
  $('speed').textContent = info
    ? `${Math.round(info.nodes).toLocaleString('en')} nodes, ${Math.round(info.nps / 1000).toLocaleString('en')} k nodes/s`
    : '–';
  renderEvalBar(info);
}

// The evaluation bar: with two players South's share (bottom) against North's; with more,
// the side to move's share against the others (the paranoid search's view).
function renderEvalBar(info) {
  const bar = $('eval-bar');
  bar.hidden = !state.analysing;
  if (!state.analysing) return;
  const fill = bar.querySelector('.eval-fill');
  const g = state.game;
  let share = 0.5;
  let seat = g.players() === 2 ? 'S' : g.turn();
  if (over()) {
    const w = g.winner();
    share = w ? 1 : 0.5;
    seat = w ?? seat;
  } else if (info) {
    let v = info.scoreKind === 'win' ? 1 : info.scoreKind === 'loss' ? 0
      : 1 / (1 + Math.exp(-info.scoreValue / 250));
    if (g.players() === 2 && info.side !== 'S') v = 1 - v;
    share = v;
  }
  fill.className = `eval-fill seat-${seat}`;
  bar.style.background = g.players() === 2 ? 'var(--N)' : '#3a3a3a';
  fill.style.height = `${(share * 100).toFixed(1)}%`;
  bar.title = info ? info.verdict : 'analysing…';
  bar.dataset.share = share.toFixed(3);
}

function renderButtons() {
  $('undo').disabled = state.game.events().length === 0;
  $('redo').disabled = state.redo.length === 0;
  const r = resignSeat();
  $('resign').disabled = !r;
  $('resign').textContent = r ? `Resign (${Game.seatName(r)})` : 'Resign';
  const msg = $('message');
  msg.textContent = state.preview && !state.preview.legal
    ? `Wall ${state.preview.name} is illegal: ${state.preview.reason}`
    : state.message;
  msg.className = `message ${state.preview && !state.preview.legal ? 'error' : state.messageKind}`;
}

function update() {
  save();
  runEngine();
  render();
}

// The game is kept in the browser's storage, so that a reload (or a visit later) goes on
// with it: the record, who plays each seat, the moves taken back, analysis mode and the
// game's review.
const SAVE_KEY = 'quoridor-game';

function save() {
  try {
    if (state.game) {
      localStorage.setItem(SAVE_KEY, JSON.stringify({
        record: state.game.record(), players: state.players, redo: state.redo, browsing: state.browsing,
        analysing: state.analysing, review: state.review,
      }));
    }
  } catch {
    // Storage may be off (private windows): the page works without it.
  }
}

function restore() {
  let saved;
  try {
    saved = JSON.parse(localStorage.getItem(SAVE_KEY) ?? 'null');
  } catch {
    return false;
  }
  if (typeof saved?.record !== 'string') return false;
  let game;
  try {
    game = Game.fromRecord(saved.record);
  } catch {
    return false;
  }
  state.game?.free();
  state.game = game;
  for (const s of Game.seatsFor(4)) {
    const who = saved.players?.[s];
    if (who === HUMAN || (Number.isInteger(who) && who >= 1 && who <= 10)) state.players[s] = who;
  }
  // The moves after the position on the board (a look back at an earlier position): each is
  // checked when played again.
  state.redo = Array.isArray(saved.redo) ? saved.redo.filter((e) => typeof e === 'string' && /^[SWNE]:\S+$/.test(e)) : [];
  state.browsing = saved.browsing === true;
  // Analysis mode stays on: otherwise an engine seat would start playing the studied game.
  state.analysing = saved.analysing === true;
  $('analyse').checked = state.analysing;
  state.review = isReview(saved.review) ? saved.review : null;
  engine.newGame();
  return true;
}

// A review as the worker gives it and `save` keeps it (shown only while its line is the
// game's: see renderReview).
function isReview(r) {
  const numbers = (a) => Array.isArray(a) && a.every(Number.isFinite);
  return typeof r?.line === 'string' && Number.isInteger(r.depth) &&
    Array.isArray(r.seats) && r.seats.every((s) => typeof s === 'string' && /^[SWNE]$/.test(s)) &&
    r.seats.every((s) => numbers(r.chances?.[s])) &&
    Array.isArray(r.moves) && r.moves.every((m) => Number.isInteger(m?.at) && typeof m.seat === 'string' &&
      r.seats.includes(m.seat) && typeof m.judgement === 'string' && typeof m.played === 'string' &&
      typeof m.best === 'string' && Number.isFinite(m.lost) && m.at + 1 < r.chances[m.seat].length);
}

// ---------------------------------------------------------------------------------------
// The board's pointer

function onSquare(name) {
  if (!canPlayHere()) return;
  if (state.game.pawnMoves().includes(name)) tryPlay(name);
}

function onWallHover(name, { touch = false } = {}) {
  if (!name || !canPlayHere()) {
    if (state.preview) {
      state.preview = null;
      render();
    }
    return;
  }
  const reason = state.game.whyIllegal(name);
  state.preview = { name, legal: !reason, reason };
  // A finger cannot hover: its first tap only shows the wall, and says so.
  if (touch && !reason) say(`Wall ${name}: tap it again to place it.`);
  render();
}

function onWallClick(name) {
  if (!canPlayHere()) return;
  const reason = state.game.whyIllegal(name);
  if (reason) {
    state.preview = { name, legal: false, reason };
    say(`Wall ${name} is illegal: ${reason}`, 'error');
    render();
    return;
  }
  tryPlay(name);
}

// ---------------------------------------------------------------------------------------
// The new-game dialog

function fillSeatOptions() {
  const players = Number($('opt-players').value);
  const seatsHere = Game.seatsFor(players);
  const first = $('opt-first');
  const keep = first.value;
  first.replaceChildren(...seatsHere.map((s) => new Option(Game.seatName(s), s)));
  first.value = seatsHere.includes(keep) ? keep : 'S';
  const box = $('opt-seats');
  box.replaceChildren();
  for (const s of seatsHere) {
    const label = document.createElement('label');
    label.htmlFor = `opt-seat-${s}`;
    label.innerHTML = `<span class="swatch seat-${s}" aria-hidden="true"></span> ${Game.seatName(s)}`;
    const select = document.createElement('select');
    select.id = `opt-seat-${s}`;
    select.dataset.seat = s;
    select.add(new Option('Person', HUMAN));
    for (let l = 1; l <= 10; l++) select.add(new Option(`Engine, level ${l}`, String(l)));
    select.value = String(state.players[s]);
    box.append(label, select);
  }
  $('opt-variant').querySelector('[value=koth]').disabled = players !== 4;
  if (players !== 4) $('opt-variant').value = 'classic';
  fillWallsPlaceholder();
}

// The default walls, and in King of the Hill the first mover's one fewer.
function fillWallsPlaceholder() {
  const walls = Game.defaultWalls(Number($('opt-size').value), Number($('opt-players').value));
  $('opt-walls').placeholder = $('opt-variant').value === 'koth'
    ? `default: ${walls}, the first mover ${Math.max(walls - 1, 0)}` : `default: ${walls}`;
}

function openNewDialog() {
  const g = state.game;
  $('opt-size').value = String(g.size());
  $('opt-players').value = String(g.players());
  fillSeatOptions();
  $('opt-variant').value = g.variant();
  $('new-error').textContent = '';
  $('new-dialog').showModal();
}

function startFromDialog(e) {
  e.preventDefault();
  const wallsText = $('opt-walls').value.trim();
  const options = {
    size: Number($('opt-size').value),
    players: Number($('opt-players').value),
    variant: $('opt-variant').value,
    walls: wallsText === '' ? undefined : Number(wallsText),
    first: $('opt-first').value,
  };
  if (options.walls !== undefined && !(Number.isInteger(options.walls) && options.walls >= 0 && options.walls <= 127)) {
    $('new-error').textContent = `${wallsText} walls: a player holds 0 to 127 walls`;
    return;
  }
  for (const select of $('opt-seats').querySelectorAll('select')) {
    state.players[select.dataset.seat] = select.value === HUMAN ? HUMAN : Number(select.value);
  }
  try {
    state.analysing = false;
    $('analyse').checked = false;
    newGame(options);
  } catch (err) {
    $('new-error').textContent = err.message;
    return;
  }
  $('new-dialog').close();
}

// ---------------------------------------------------------------------------------------
// Start

async function copyRecord() {
  const text = state.game.record();
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = $('record');
    area.focus();
    area.select();
    document.execCommand('copy');
  }
  $('copy-done').textContent = 'Copied.';
  setTimeout(() => { $('copy-done').textContent = ''; }, 2000);
}

function wire() {
  $('new-game').addEventListener('click', openNewDialog);
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('resign').addEventListener('click', resign);
  $('stop').addEventListener('click', stop);
  $('review').addEventListener('click', reviewGame);
  $('continue-here').addEventListener('click', continueHere);
  $('back-to-game').addEventListener('click', () => jumpTo(fullLine().length));
  $('review-graph').addEventListener('click', onGraphClick);
  $('move-list').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-ply]');
    if (b) jumpTo(Number(b.dataset.ply));
  });
  $('pause').addEventListener('click', () => {
    state.paused = !state.paused;
    if (state.paused) stopEngine();
    update();
  });
  $('analyse').addEventListener('change', (e) => {
    stopEngine();
    state.analysing = e.target.checked;
    // Back to playing on an earlier position of the line: it is only looked at.
    state.browsing = !state.analysing && state.redo.length > 0;
    state.analysed = null;
    state.info = null;
    state.paused = false;
    say(state.analysing
      ? 'Analysis: you play every seat; the engine thinks about the position on the board.'
      : '');
    update();
  });
  $('ponder').addEventListener('change', (e) => {
    state.ponder = e.target.checked;
    if (!state.ponder && state.pondered) engine.endPonder();
    state.pondered = null;
    update();
  });
  $('show-paths').addEventListener('change', (e) => {
    state.showPaths = e.target.checked;
    render();
  });
  $('move-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = $('move-input');
    const mv = input.value.trim();
    if (!mv) return;
    if (!canPlayHere()) {
      say(over() ? 'The game is over.' : `It is ${describe(state.game.turn())}'s turn.`, 'error');
      render();
      return;
    }
    if (tryPlay(mv)) input.value = '';
  });
  $('copy-record').addEventListener('click', copyRecord);
  $('load-record').addEventListener('click', () => {
    const error = loadText($('paste').value);
    $('paste-error').textContent = error ?? '';
    if (!error) $('paste-box').open = false;
  });
  $('opt-players').addEventListener('change', fillSeatOptions);
  $('opt-size').addEventListener('change', fillSeatOptions);
  $('opt-variant').addEventListener('change', () => {
    if ($('opt-variant').value === 'koth' && $('opt-players').value !== '4') {
      $('opt-players').value = '4';
      fillSeatOptions();
      $('opt-variant').value = 'koth';
    }
    fillWallsPlaceholder();
  });
  $('new-form').addEventListener('submit', startFromDialog);
  $('new-cancel').addEventListener('click', () => $('new-dialog').close());
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, textarea, select, dialog')) return;
    if ((e.ctrlKey || e.metaKey) && e.key === 'z') { e.preventDefault(); undo(); }
    if ((e.ctrlKey || e.metaKey) && e.key === 'y') { e.preventDefault(); redo(); }
  });
}

async function main() {
  await init();
  engine = new EngineClient();
  engine.onPondered = () => render();
  board = new Board($('board'), { square: onSquare, wallHover: onWallHover, wallClick: onWallClick });
  wire();
  if (restore()) {
    say(`Your game from the last visit, ${state.game.ply()} plies in${state.analysing ? ', in analysis mode' : ''} (kept in this browser; New game starts another).`);
    update();
  } else {
    newGame({ size: 9, players: 2, variant: 'classic', walls: undefined, first: 'S' });
    say(`You are South (blue), against the engine at level 3. To move: ${HOW_TO_MOVE}. First to the far side wins.`);
    render();
  }
  document.body.dataset.ready = 'true';
  // Offline use: a service worker keeps a copy of the page (where the browser allows one).
  if ('serviceWorker' in navigator && window.isSecureContext) {
    navigator.serviceWorker.register('sw.js').catch(() => {});
  }
}

main().catch((err) => {
  $('status').textContent = `The page could not start: ${err.message}`;
});

