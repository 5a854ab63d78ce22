// The page's side of the engine worker: requests with ids, live information, and a stop
// that terminates the worker (a search in WebAssembly cannot be interrupted otherwise).

export class EngineClient {
  constructor() {
    this.nextId = 1;
    this.pending = null;   // { id, resolve, reject, onInfo, onCandidates, onProgress, lastInfo }
    this.seed = 1;
    this.pondered = 0;     // slices of the last ponder (see ponder)
    this.onPondered = null;  // told the slices of a ponder, at the first and once a second
    this.spawn();
  }

  spawn() {
    this.pondered = 0;
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e) => this.receive(e.data);
    this.worker.onerror = (e) => {
      e.preventDefault();
      const p = this.pending;
      this.pending = null;
      p?.reject(new Error(`the engine failed: ${e.message || 'worker error'}`));
    };
    this.worker.postMessage({ id: 0, kind: 'new-game', seed: this.seed });
  }

  receive(msg) {
    if (msg.type === 'pondered') {
      this.pondered = msg.slices;
      // The first slice, then once a second.
      if (msg.slices % 10 === 1) this.onPondered?.(msg.slices);
      return;
    }
    const p = this.pending;
    if (!p || msg.id !== p.id) return;   // a stale answer of a stopped search
    if (msg.type === 'candidates') {
      p.onCandidates?.(msg.candidates);
    } else if (msg.type === 'progress') {
      p.onProgress?.(msg.done, msg.total);
    } else if (msg.type === 'info') {
      p.lastInfo = msg.info;
      p.onInfo?.(msg.info);
    } else if (msg.type === 'done') {
      this.pending = null;
      p.resolve({ ...msg, stopped: false, lastInfo: p.lastInfo });
    } else if (msg.type === 'error') {
      this.pending = null;
      p.reject(new Error(msg.message));
    }
  }

  get busy() {
    return this.pending !== null;
  }

  request(body, onInfo, onCandidates, onProgress) {
    if (this.pending) this.stop();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject, onInfo, onCandidates, onProgress, lastInfo: null };
      this.worker.postMessage({ ...body, id });
    });
  }

  // The level's move for the side to move in `position`: resolves { move, lastInfo, random,
  // randomPercent } (random: one of the level's random pawn moves, played without a search).
  // With the game's `record` (whose current position is `position`) the search knows the
  // positions the game went through and counts a move back to one of them as a repetition.
  play(position, level, onInfo, record) {
    return this.request({ kind: 'play', position, level, record }, onInfo);
  }

  // Analyses `position` until stopped: resolves when stopped (or at depth 100). With
  // `candidates` ({ multipv, depth }) the worker first sends that many candidate moves,
  // each with its score, chance and line, to `onCandidates`. With the game's `record`
  // (whose current position is `position`) a move back to a position of the game's past
  // is a repetition, as when an engine seat plays.
  analyse(position, onInfo, candidates, onCandidates, record) {
    return this.request({ kind: 'analyse', position, candidates, record }, onInfo, onCandidates);
  }

  // Reviews the game of `record` at `depth` plies per position: resolves { review }
  // (review: { moves, seats, chances: { S: [...], ... } }); `onProgress(done, total)` is
  // told each position done.
  review(record, depth, onProgress) {
    return this.request({ kind: 'review', record, depth }, undefined, undefined, onProgress);
  }

  // While a person thinks: the bot of `level` thinks about `position` (levels 8 to 10;
  // the others search a fixed depth or playouts) until the next request, which it then
  // answers from what it found. No answer; `pondered` counts the worker's slices.
  ponder(position, level, record) {
    if (this.pending) return;
    this.pondered = 0;
    this.worker.postMessage({ id: 0, kind: 'ponder', position, level, record });
  }

  // Ends a ponder without asking anything else.
  endPonder() {
    this.worker.postMessage({ id: 0, kind: 'idle' });
  }

  // A one-ply search, for a move at once.
  quick(position) {
    return this.request({ kind: 'quick', position });
  }

  bench(depth) {
    return this.request({ kind: 'bench', depth });
  }

  // Forgets the bots' tables and draws their randomness anew.
  newGame() {
    this.stop();
    this.seed = (Math.random() * 2 ** 32) >>> 0;
    this.worker.postMessage({ id: 0, kind: 'new-game', seed: this.seed });
  }

  // Ends the running search at once; its promise resolves with { stopped: true, lastInfo }.
  stop() {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    this.worker.terminate();
    this.spawn();
    p.resolve({ stopped: true, lastInfo: p.lastInfo });
  }
}
