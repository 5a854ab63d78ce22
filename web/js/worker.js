// The engine's thread. It runs one search at a time and cannot be interrupted: the page
// stops a search by terminating this worker and starting a new one. Pondering is the
// exception: it searches in slices and ends when any other message arrives.

import init, { Engine, LevelBot, bench } from '../pkg/quoridor_web.js';

const ready = init();
const bots = new Map();   // level -> LevelBot, kept for the game (their tables carry over)
let engine = null;        // the analysis engine
let seed = 1;
// Raised by every message: a ponder in progress ends at its next slice.
let ponderToken = 0;

function botFor(level) {
  let bot = bots.get(level);
  if (!bot) {
    bot = new LevelBot(level, (seed + level) >>> 0);
    bots.set(level, bot);
  }
  return bot;
}

function plain(info) {
  const p = {
    depth: info.depth, scoreText: info.scoreText, scoreKind: info.scoreKind,
    scoreValue: info.scoreValue, verdict: info.verdict, side: info.side, pv: info.pv,
    nodes: info.nodes, nps: info.nps, timeMs: info.timeMs, chance: info.chance,
  };
  info.free();
  return p;
}

self.onmessage = async (event) => {
  await ready;
  const msg = event.data;
  const { id } = msg;
  ponderToken += 1;
  const onInfo = (info) => self.postMessage({ id, type: 'info', info: plain(info) });
  try {
    switch (msg.kind) {
      case 'new-game':
        for (const b of bots.values()) b.free();
        bots.clear();
        engine?.newGame();
        seed = msg.seed >>> 0;
        break;
      case 'play': {
        const bot = botFor(msg.level);
        // With the game's record, the search knows the positions the game went through
        // (a move back to one is a repetition, no gain to it): engines do not shuffle.
        const move = msg.record !== undefined ? bot.chooseInGame(msg.record, onInfo) : bot.choose(msg.position, onInfo);
        // A level's random pawn move comes without a search: the page says so.
        const random = move !== undefined && bot.lastMoveRandom;
        self.postMessage({ id, type: 'done', move, random, randomPercent: bot.randomMovePercent });
        break;
      }
      case 'idle':
        // Only raises the ponder token (above).
        break;
      case 'ponder': {
        // While a person thinks: slices of 100 ms until another message comes (nobody
        // waits for an answer). The bot keeps what it found for its next move.
        const token = ponderToken;
        const bot = botFor(msg.level);
        let slices = 0;
        // With the game's record, as for a move: the tree it grows knows the repetitions.
        const slice = () => (msg.record !== undefined ? bot.ponderInGame(msg.record, 100) : bot.ponder(msg.position, 100));
        while (token === ponderToken && slice()) {
          slices += 1;
          self.postMessage({ id, type: 'pondered', slices });
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
        break;
      }
      case 'analyse':
      case 'quick': {
        engine ??= new Engine(32);
        if (msg.candidates) {
          // The candidate moves first, at a small fixed depth, then the open-ended search.
          // With the game's record: a move back to a position of its past is a repetition.
          const lines = msg.record !== undefined
            ? engine.analyseGame(msg.record, msg.candidates.multipv, msg.candidates.depth)
            : engine.analyse(msg.position, msg.candidates.multipv, msg.candidates.depth);
          const candidates = lines.map((c) => {
            const p = { move: c.move, score: c.score, chance: c.chance, line: c.line };
            c.free();
            return p;
          });
          self.postMessage({ id, type: 'candidates', candidates });
        }
        const depth = msg.kind === 'quick' ? 1 : undefined;
        const last = msg.record !== undefined
          ? engine.searchGame(msg.record, depth, undefined, undefined, onInfo)
          : engine.search(msg.position, depth, undefined, undefined, onInfo);
        self.postMessage({ id, type: 'done', info: last ? plain(last) : null });
        break;
      }
      case 'review': {
        engine ??= new Engine(32);
        const onProgress = (done, total) => self.postMessage({ id, type: 'progress', done, total });
        const r = engine.review(msg.record, msg.depth, onProgress);
        const moves = r.moves.map((m) => {
          const p = { ply: m.ply, at: m.at, seat: m.seat, played: m.played, best: m.best, line: m.line, lost: m.lost, judgement: m.judgement };
          m.free();
          return p;
        });
        const seats = r.seats;
        const chances = Object.fromEntries(seats.map((s) => [s, Array.from(r.chances(s))]));
        r.free();
        self.postMessage({ id, type: 'done', review: { moves, seats, chances } });
        break;
      }
      case 'search': {
        // A fresh engine to a fixed depth: for speed measurements (tests/nps.mjs).
        const fresh = new Engine(32);
        const last = fresh.search(msg.position, msg.depth, undefined, undefined, (i) => i.free());
        fresh.free();
        self.postMessage({ id, type: 'done', info: last ? plain(last) : null });
        break;
      }
      case 'bench': {
        const r = bench(msg.depth);
        self.postMessage({ id, type: 'done', bench: { positions: r.positions, nodes: r.nodes, timeMs: r.timeMs, nps: r.nps } });
        r.free();
        break;
      }
      default:
        throw new Error(`unknown request ${msg.kind}`);
    }
  } catch (err) {
    self.postMessage({ id, type: 'error', message: String(err?.message ?? err) });
  }
};

ready.then(() => self.postMessage({ type: 'ready' }));
