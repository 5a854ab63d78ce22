// The board as SVG: squares, goals, walls, pawns with their distances, paths, and the
// pointer: clicks on highlighted squares, wall previews in the grooves.

// How far each seat's path is drawn from the squares' centres, in board units: every two
// seats differ in both directions, so that no two paths hide each other where they run
// along the same file or the same rank (South's and North's most, the two-player case).
const PATH_OFFSET = { S: [-6, 6], N: [6, -6], W: [-2, -2], E: [2, 2] };

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 44;       // a square's side
const GROOVE = 12;     // the gap between squares, where walls lie
const PITCH = CELL + GROOVE;
const MARGIN = 30;     // room for the coordinates and the goal strips
const SLACK = 5;       // a groove catches the pointer this far into the squares beside it
const COLS = 'abcdefghijk';

export function squareName(col, row) {
  return COLS[col] + (row + 1);
}

export function parseSquare(name) {
  return { col: COLS.indexOf(name[0]), row: Number(name.slice(1)) - 1 };
}

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export class Board {
  // `handlers`: { square(name), wallHover(name | null), wallClick(name) }.
  constructor(container, handlers) {
    this.container = container;
    this.handlers = handlers;
    this.size = 0;
    this.hoverWall = null;
    this.touchWall = null;
    this.svg = el('svg', { class: 'board-svg', role: 'group' });
    container.appendChild(this.svg);
    this.svg.addEventListener('pointermove', (e) => this.onMove(e));
    this.svg.addEventListener('pointerleave', () => this.setHover(null));
    this.svg.addEventListener('click', (e) => this.onClick(e));
    this.svg.addEventListener('keydown', (e) => {
      const target = e.target.closest?.('[data-square]');
      if (target && (e.key === 'Enter' || e.key === ' ')) {
        e.preventDefault();
        this.handlers.square(target.dataset.square);
      }
    });
  }

  x(col) { return MARGIN + col * PITCH; }
  y(row) { return MARGIN + (this.size - 1 - row) * PITCH; }
  centre(name) {
    const { col, row } = parseSquare(name);
    return [this.x(col) + CELL / 2, this.y(row) + CELL / 2];
  }

  wallRect(name) {
    const { col, row } = parseSquare(name.slice(0, -1));
    if (name.endsWith('h')) {
      return { x: this.x(col), y: this.y(row) - GROOVE, width: 2 * CELL + GROOVE, height: GROOVE };
    }
    return { x: this.x(col) + CELL, y: this.y(row + 1), width: GROOVE, height: 2 * CELL + GROOVE };
  }

  // The wall under the point (board coordinates), or null when the point is on a square.
  wallAt(px, py) {
    const n = this.size;
    const lx = px - MARGIN;
    const ly = py - MARGIN;
    const span = n * PITCH - GROOVE;
    if (lx < 0 || ly < 0 || lx > span || ly > span) return null;
    const inGroove = (v) => {
      const i = Math.floor(v / PITCH);
      const rem = v - i * PITCH;
      if (rem >= CELL - SLACK && i < n - 1) return { i, off: Math.abs(rem - CELL - GROOVE / 2) };
      if (rem < SLACK && i > 0) return { i: i - 1, off: Math.abs(rem + GROOVE / 2) };
      return null;
    };
    const v = inGroove(lx);   // between columns v.i and v.i + 1
    const h = inGroove(ly);   // between visual rows h.i and h.i + 1 (from the top)
    if (!v && !h) return null;
    const clamp = (a) => Math.max(0, Math.min(n - 2, a));
    const nearest = (t) => clamp(Math.round((t - CELL - GROOVE / 2) / PITCH));
    if (h && (!v || h.off <= v.off)) {
      return squareName(nearest(lx), n - 2 - h.i) + 'h';
    }
    return squareName(v.i, n - 2 - nearest(ly)) + 'v';
  }

  point(e) {
    const m = this.svg.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  }

  onMove(e) {
    if (e.pointerType === 'touch') return;
    const p = this.point(e);
    this.setHover(p && this.interactive ? this.wallAt(p[0], p[1]) : null);
  }

  setHover(wall) {
    if (wall === this.hoverWall) return;
    this.hoverWall = wall;
    this.handlers.wallHover(wall);
  }

  onClick(e) {
    if (!this.interactive) return;
    const p = this.point(e);
    if (!p) return;
    const wall = this.wallAt(p[0], p[1]);
    if (wall) {
      // A finger cannot hover: the first tap shows the wall, a second tap places it.
      if (e.pointerType === 'touch' && this.touchWall !== wall) {
        this.touchWall = wall;
        this.hoverWall = wall;
        this.handlers.wallHover(wall, { touch: true });
        return;
      }
      this.touchWall = null;
      this.handlers.wallClick(wall);
      return;
    }
    this.touchWall = null;
    const target = e.target.closest('[data-square]');
    if (target) this.handlers.square(target.dataset.square);
  }

  // Draws the whole board from `view` (see app.js: render()).
  draw(view) {
    const n = view.size;
    this.size = n;
    this.interactive = view.interactive;
    const full = 2 * MARGIN + n * PITCH - GROOVE;
    const svg = this.svg;
    svg.setAttribute('viewBox', `0 0 ${full} ${full}`);
    svg.setAttribute('aria-label', view.label);
    svg.replaceChildren();
    el('rect', { x: 0, y: 0, width: full, height: full, rx: 10, class: 'frame' }, svg);

    // Goals: a strip along the side each seat races to, in its colour.
    const edge = MARGIN - 12;
    const long = n * PITCH - GROOVE;
    for (const seat of view.seats) {
      if (!seat.active || view.variant === 'koth') continue;
      // The goal (from the rules) is a row or a column at an edge of the board.
      const goal = seat.goal.map(parseSquare);
      const isRow = goal.every((q) => q.row === goal[0].row);
      const far = (isRow ? goal[0].row : goal[0].col) === n - 1;
      const strip = isRow
        ? { x: MARGIN, y: far ? edge : full - edge - 6, width: long, height: 6 }
        : { x: far ? full - edge - 6 : edge, y: MARGIN, width: 6, height: long };
      el('rect', { ...strip, rx: 3, class: `goal seat-${seat.letter}` }, svg);
    }

    // Coordinates.
    for (let i = 0; i < n; i++) {
      const c = el('text', { x: this.x(i) + CELL / 2, y: full - 4, class: 'coord' }, svg);
      c.textContent = COLS[i];
      const r = el('text', { x: 9, y: this.y(i) + CELL / 2 + 4, class: 'coord' }, svg);
      r.textContent = String(i + 1);
    }

    // Squares.
    const targets = new Set(view.targets);
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) {
        const name = squareName(col, row);
        const cls = ['square'];
        if (view.centre === name) cls.push('centre');
        if (targets.has(name)) cls.push('target', `seat-${view.turn}`);
        if (view.lastSquare === name) cls.push('last');
        const r = el('rect', {
          x: this.x(col), y: this.y(row), width: CELL, height: CELL, rx: 5,
          class: cls.join(' '), 'data-square': name,
        }, svg);
        if (targets.has(name)) {
          // Reachable from the keyboard too: Tab to a highlighted square, Enter to move.
          r.setAttribute('tabindex', '0');
          r.setAttribute('role', 'button');
          r.setAttribute('aria-label', `Move to ${name}`);
        }
        const t = el('title', {}, r);
        t.textContent = targets.has(name) ? `${name}: move here` : name;
      }
    }
    if (view.centre) {
      const [cx, cy] = this.centre(view.centre);
      const crown = el('text', { x: cx, y: cy + 7, class: 'crown' }, svg);
      crown.textContent = '♛';
    }

    // Shortest paths.
    if (view.showPaths) {
      for (const seat of view.seats) {
        if (seat.path.length < 2) continue;
        const pts = seat.path.map((q) => this.centre(q).join(',')).join(' ');
        // Each seat's path a little aside from the squares' centres (PATH_OFFSET), so that
        // two paths along one file (South's and North's up and down the e-file) or one rank
        // (around a wall) do not hide each other.
        const [dx, dy] = PATH_OFFSET[seat.letter] ?? [0, 0];
        el('polyline', {
          points: pts, class: `path seat-${seat.letter}`, transform: `translate(${dx} ${dy})`,
        }, svg);
      }
    }

    // Walls on the board.
    for (const w of view.walls) {
      const cls = ['wall', w.seat ? `seat-${w.seat}` : 'seat-none'];
      if (w.name === view.lastWall) cls.push('last');
      const r = el('rect', { ...this.wallRect(w.name), rx: 3, class: cls.join(' '), 'data-wall': w.name }, svg);
      el('title', {}, r).textContent = w.name;
    }

    // Pawns, each with its distance to goal beside it.
    for (const seat of view.seats) {
      if (!seat.pawn) continue;
      const [cx, cy] = this.centre(seat.pawn);
      const g = el('g', { class: `pawn seat-${seat.letter}${seat.toMove ? ' to-move' : ''}`, 'data-seat': seat.letter }, svg);
      el('circle', { cx, cy, r: CELL * 0.34 }, g);
      el('text', { x: cx, y: cy + 5, class: 'pawn-letter' }, g).textContent = seat.letter;
      const bx = cx + CELL * 0.36;
      const by = cy - CELL * 0.36;
      const badge = el('g', { class: 'distance', 'data-distance': seat.letter }, g);
      el('circle', { cx: bx, cy: by, r: 10 }, badge);
      el('text', { x: bx, y: by + 4 }, badge).textContent = String(seat.distance);
      el('title', {}, g).textContent =
        `${seat.name} on ${seat.pawn}: ${seat.distance} ${seat.distance === 1 ? 'step' : 'steps'} to go`;
    }

    // The analysis's candidate moves: a numbered ring on a pawn move's square, a dashed
    // outline for a wall; the score and winning chance in their titles.
    (view.candidates ?? []).forEach((c, i) => {
      const cls = `candidate seat-${view.turn}`;
      const title = `${i + 1}. ${c.move}: ${c.score} (${Math.round(c.chance * 100)}% to win) ${c.line.join(' ')}`;
      let g;
      if (/[hv]$/.test(c.move)) {
        g = el('g', { class: `${cls} candidate-wall`, 'data-candidate': c.move }, svg);
        const r = this.wallRect(c.move);
        el('rect', { ...r, rx: 3 }, g);
        el('text', { x: r.x + r.width / 2, y: r.y + r.height / 2 + 4 }, g).textContent = String(i + 1);
      } else {
        g = el('g', { class: `${cls} candidate-pawn`, 'data-candidate': c.move }, svg);
        const [cx, cy] = this.centre(c.move);
        el('circle', { cx, cy, r: CELL * 0.3 }, g);
        el('text', { x: cx, y: cy + 5 }, g).textContent = `${i + 1}`;
      }
      el('title', {}, g).textContent = title;
    });

    // The wall under the pointer.
    if (view.preview) {
      const cls = view.preview.legal ? `preview seat-${view.turn}` : 'preview illegal';
      el('rect', { ...this.wallRect(view.preview.name), rx: 3, class: cls, id: 'wall-preview', 'data-wall': view.preview.name }, svg);
    }
  }
}
