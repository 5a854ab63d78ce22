//! Helpers shared by the integration tests: a seeded PRNG, configurations of every variant,
//! random legal playouts, and a deliberately slow, obviously correct reference rules model
//! written from docs/rules.md alone.
//!
//! The reference reads a [`Position`] only through its public getters (size, variant, seats,
//! pawns, walls, walls in hand, turn, plies, ply limit, leaving order). It never asks the fast
//! engine which moves are legal, where a pawn may go, or how far a goal is.

#![allow(dead_code)]

use std::collections::{BTreeSet, VecDeque};

use quoridor_core::{
    BoardSize, Config, Move, Orientation, Outcome, Position, Seat, Square, Variant, Wall,
};

// ---------------------------------------------------------------------------------------------
// A seeded PRNG (splitmix64), so every random test is deterministic. A copy of its own rather
// than `quoridor_ai::SplitMix64`: quoridor-ai depends on this crate, and these tests stay
// independent of the crates under test.

/// splitmix64: tiny, fast, and good enough to pick moves.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    pub fn percent(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}

// ---------------------------------------------------------------------------------------------
// Configurations.

/// A configuration of `players` players on a `size` board with `walls` each (`None`: default).
pub fn config(size: u8, players: u8, variant: Variant, walls: Option<u8>) -> Config {
    let size = BoardSize::new(size).expect("a supported board size");
    Config::default().with_size(size).with_players(players).with_variant(variant).with_walls(walls)
}

/// A spread of configurations: every size, 2/3/4 players, King of the Hill, default wall
/// counts and wall counts large enough to build mazes. The bool says whether a random
/// playout from it should favour walls strongly.
pub fn all_configs() -> Vec<Config> {
    let mut out = Vec::new();
    for size in [5u8, 7, 9, 11] {
        for players in [2u8, 3, 4] {
            out.push(config(size, players, Variant::Classic, None));
            // Many walls: up to about a quarter of the board's wall slots per player.
            let many = (((size - 1) * (size - 1)) / 2 / players).max(6);
            out.push(config(size, players, Variant::Classic, Some(many)));
        }
        out.push(config(size, 4, Variant::KingOfTheHill, None));
        let many = (((size - 1) * (size - 1)) / 8).max(6);
        out.push(config(size, 4, Variant::KingOfTheHill, Some(many)));
    }
    out
}

/// Every square of the largest board (so also squares off smaller boards).
pub fn every_square() -> Vec<Square> {
    let mut out = Vec::new();
    for row in 0..11 {
        for col in 0..11 {
            out.push(Square::new(col, row).expect("on the 11x11 board"));
        }
    }
    out
}

/// Every wall that can be named (anchors a1 to j10, both orientations).
pub fn every_wall() -> Vec<Wall> {
    let mut out = Vec::new();
    for sq in every_square() {
        for o in [Orientation::Horizontal, Orientation::Vertical] {
            if let Some(w) = Wall::new(sq, o) {
                out.push(w);
            }
        }
    }
    out
}

/// Every move that can be named: every pawn destination and every wall.
pub fn every_move() -> Vec<Move> {
    let mut out: Vec<Move> = every_square().into_iter().map(Move::Pawn).collect();
    out.extend(every_wall().into_iter().map(Move::Wall));
    out
}

/// The legal moves of `pos`, sorted, so that random choices do not depend on the order in
/// which the engine lists them.
pub fn sorted_moves(pos: &Position) -> Vec<Move> {
    let mut v: Vec<Move> = pos.legal_moves().iter().copied().collect();
    v.sort();
    v
}

/// Picks a random legal move, a wall with probability `wall_percent` when one is legal.
pub fn random_move(pos: &Position, rng: &mut Rng, wall_percent: u64) -> Option<Move> {
    let moves = sorted_moves(pos);
    if moves.is_empty() {
        return None;
    }
    let walls: Vec<Move> = moves.iter().copied().filter(|m| matches!(m, Move::Wall(_))).collect();
    let pawns: Vec<Move> = moves.iter().copied().filter(|m| matches!(m, Move::Pawn(_))).collect();
    if !walls.is_empty() && (pawns.is_empty() || rng.percent(wall_percent)) {
        Some(walls[rng.below(walls.len())])
    } else {
        Some(pawns[rng.below(pawns.len())])
    }
}

/// The Zobrist key of `pos` rebuilt from its plain data (`Position::try_from` computes it
/// from scratch), to compare with the key the position kept up to date move by move.
pub fn rebuilt_zobrist(pos: &Position) -> u64 {
    Position::try_from(pos.to_setup()).expect("the setup of a position is legal").zobrist()
}

/// Plays the moves (written in notation) from the start of `config`.
pub fn play_from_start(config: &Config, moves: &str) -> Position {
    let mut pos = Position::start(config).expect("valid config");
    for m in moves.split_whitespace() {
        let mv: Move = m.parse().unwrap_or_else(|e| panic!("bad move {m}: {e}"));
        pos.play(mv).unwrap_or_else(|e| panic!("illegal move {m} in {pos}: {e}"));
    }
    pos
}

// ---------------------------------------------------------------------------------------------
// The reference model.

/// A square as (column, row), both from 0; `(0, 0)` is `a1`.
pub type Cell = (i32, i32);

/// A wall by its anchor (the square south-west of its centre) and orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RefWall {
    /// Anchor column.
    pub col: i32,
    /// Anchor row.
    pub row: i32,
    /// Horizontal (`h`) or vertical (`v`).
    pub horizontal: bool,
}

impl RefWall {
    /// The two steps the wall blocks. docs/rules.md: `e3h` blocks e3<->e4 and f3<->f4; `e3v`
    /// blocks e3<->f3 and e4<->f4.
    pub fn blocked_steps(self) -> [(Cell, Cell); 2] {
        let (c, r) = (self.col, self.row);
        if self.horizontal {
            [((c, r), (c, r + 1)), ((c + 1, r), (c + 1, r + 1))]
        } else {
            [((c, r), (c + 1, r)), ((c, r + 1), (c + 1, r + 1))]
        }
    }

    /// Anchors run from a1 to the square in column N-1, row N-1.
    pub fn on_board(self, n: i32) -> bool {
        (0..n - 1).contains(&self.col) && (0..n - 1).contains(&self.row)
    }

    /// docs/rules.md: `e3h` overlaps `e3h`, `d3h` and `f3h`; `e3v` overlaps `e3v`, `e2v` and `e4v`.
    pub fn overlaps(self, other: RefWall) -> bool {
        if self.horizontal != other.horizontal {
            return false;
        }
        if self.horizontal {
            self.row == other.row && (self.col - other.col).abs() <= 1
        } else {
            self.col == other.col && (self.row - other.row).abs() <= 1
        }
    }

    /// docs/rules.md: `e3h` and `e3v` cross (they share their centre point).
    pub fn crosses(self, other: RefWall) -> bool {
        self.horizontal != other.horizontal && self.col == other.col && self.row == other.row
    }

    /// The crate's wall of the same name.
    pub fn to_wall(self) -> Wall {
        let o = if self.horizontal { Orientation::Horizontal } else { Orientation::Vertical };
        Wall::new(Square::new(self.col as u8, self.row as u8).expect("anchor in range"), o)
            .expect("anchor in range")
    }

    /// The reference wall of the same name as a crate wall.
    pub fn from_wall(w: Wall) -> RefWall {
        RefWall {
            col: w.anchor().col() as i32,
            row: w.anchor().row() as i32,
            horizontal: w.orientation() == Orientation::Horizontal,
        }
    }
}

/// The four directions, as (column, row) offsets: north, east, south, west.
pub const DIRS: [Cell; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

fn add(a: Cell, d: Cell) -> Cell {
    (a.0 + d.0, a.1 + d.1)
}

/// The cell of a square.
pub fn cell(sq: Square) -> Cell {
    (sq.col() as i32, sq.row() as i32)
}

/// The square of a cell.
pub fn square(c: Cell) -> Square {
    Square::new(c.0 as u8, c.1 as u8).expect("cell on the board")
}

/// The reference rules state. Plain data: equal states are equal positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefState {
    /// Board side N.
    pub size: i32,
    /// King of the Hill.
    pub koth: bool,
    /// Seats that started the game, in turn order.
    pub seats: Vec<Seat>,
    /// Pawn of each seat still in the game (indexed S, W, N, E).
    pub pawns: [Option<Cell>; 4],
    /// Walls in hand of each seat.
    pub hands: [u32; 4],
    /// Walls on the board.
    pub walls: BTreeSet<RefWall>,
    /// Side to move.
    pub turn: Seat,
    /// Plies played.
    pub ply: u32,
    /// Ply limit.
    pub ply_limit: Option<u32>,
    /// Seats that left, in leaving order.
    pub leavers: Vec<Seat>,
    /// Derived from `walls`: blocked[(col * N + row) * 4 + dir] says a wall blocks the step
    /// from that square in that direction (N, E, S, W as in [`DIRS`]).
    blocked: Vec<bool>,
}

fn dir_index(d: Cell) -> usize {
    DIRS.iter().position(|&x| x == d).expect("a unit step")
}

impl RefState {
    /// Reads `pos` through its public getters only.
    pub fn from_position(pos: &Position) -> RefState {
        let mut pawns = [None; 4];
        let mut hands = [0; 4];
        let mut leavers: Vec<(u8, Seat)> = Vec::new();
        for s in pos.seats() {
            pawns[s.index()] = pos.pawn(s).map(cell);
            hands[s.index()] = u32::from(pos.walls_in_hand(s));
            if let Some(k) = pos.leave_order(s) {
                leavers.push((k, s));
            }
        }
        leavers.sort();
        let mut st = RefState {
            size: i32::from(pos.size().get()),
            koth: pos.variant() == Variant::KingOfTheHill,
            seats: pos.seats().collect(),
            pawns,
            hands,
            walls: pos.walls().iter().map(RefWall::from_wall).collect(),
            turn: pos.turn(),
            ply: pos.ply(),
            ply_limit: pos.ply_limit(),
            leavers: leavers.into_iter().map(|(_, s)| s).collect(),
            blocked: Vec::new(),
        };
        st.rebuild_blocked();
        st
    }

    /// The start of a configuration, from docs/rules.md: start squares, the wall table with its
    /// scaling decision, and one wall fewer for the first player in King of the Hill.
    pub fn start(config: &Config) -> RefState {
        let n = i32::from(config.size.get());
        let seats: Vec<Seat> = match config.players {
            2 => vec![Seat::South, Seat::North],
            3 => vec![Seat::South, Seat::West, Seat::North],
            _ => vec![Seat::South, Seat::West, Seat::North, Seat::East],
        };
        let table = match config.players {
            2 => 10.0,
            3 => 7.0,
            _ => 5.0,
        };
        // Scaled by (N-1)/8, halves rounded up, at least 1.
        let scaled = ((table * f64::from(n - 1) / 8.0 + 0.5).floor() as u32).max(1);
        let per_player = config.walls.map_or(scaled, u32::from);
        let mut pawns = [None; 4];
        let mut hands = [0; 4];
        for &s in &seats {
            pawns[s.index()] = Some(start_cell(n, s));
            hands[s.index()] = per_player;
            if config.variant == Variant::KingOfTheHill && s == config.first {
                hands[s.index()] = per_player - 1;
            }
        }
        let mut st = RefState {
            size: n,
            koth: config.variant == Variant::KingOfTheHill,
            seats,
            pawns,
            hands,
            walls: BTreeSet::new(),
            turn: config.first,
            ply: 0,
            ply_limit: config.ply_limit,
            leavers: Vec::new(),
            blocked: Vec::new(),
        };
        st.rebuild_blocked();
        st
    }

    fn rebuild_blocked(&mut self) {
        let n = self.size;
        self.blocked = vec![false; (n * n * 4) as usize];
        let walls: Vec<RefWall> = self.walls.iter().copied().collect();
        for w in walls {
            self.block(w);
        }
    }

    fn block(&mut self, w: RefWall) {
        for (a, b) in w.blocked_steps() {
            let d = (b.0 - a.0, b.1 - a.1);
            let i = self.blocked_index(a, d);
            self.blocked[i] = true;
            let back = (-d.0, -d.1);
            let j = self.blocked_index(b, back);
            self.blocked[j] = true;
        }
    }

    fn blocked_index(&self, c: Cell, d: Cell) -> usize {
        ((c.0 * self.size + c.1) * 4) as usize + dir_index(d)
    }

    /// Whether a cell lies on the board.
    pub fn on_board(&self, c: Cell) -> bool {
        (0..self.size).contains(&c.0) && (0..self.size).contains(&c.1)
    }

    /// Whether one step from `c` in direction `d` stays on the board and crosses no wall.
    pub fn open(&self, c: Cell, d: Cell) -> bool {
        self.open_with(c, d, None)
    }

    /// As [`RefState::open`], with the wall `extra` on the board too.
    fn open_with(&self, c: Cell, d: Cell, extra: Option<RefWall>) -> bool {
        let to = add(c, d);
        let blocked_by_extra = extra.is_some_and(|w| {
            w.blocked_steps().iter().any(|&(a, b)| (a, b) == (c, to) || (a, b) == (to, c))
        });
        self.on_board(c)
            && self.on_board(to)
            && !self.blocked[self.blocked_index(c, d)]
            && !blocked_by_extra
    }

    /// Seats still in the game, in turn order.
    pub fn active(&self) -> Vec<Seat> {
        Seat::ALL.into_iter().filter(|s| self.pawns[s.index()].is_some()).collect()
    }

    /// Whether `c` is a goal square of `seat`.
    pub fn is_goal(&self, seat: Seat, c: Cell) -> bool {
        let n = self.size;
        if self.koth {
            return c == (n / 2, n / 2);
        }
        match seat {
            Seat::South => c.1 == n - 1,
            Seat::West => c.0 == n - 1,
            Seat::North => c.1 == 0,
            Seat::East => c.0 == 0,
        }
    }

    /// Breadth-first search from `from` to the goal of `seat`; pawns do not block.
    pub fn bfs(&self, seat: Seat, from: Cell) -> Option<u32> {
        self.bfs_with(seat, from, None)
    }

    /// As [`RefState::bfs`], with the wall `extra` on the board too.
    pub fn bfs_with(&self, seat: Seat, from: Cell, extra: Option<RefWall>) -> Option<u32> {
        let n = self.size;
        let mut dist = vec![u32::MAX; (n * n) as usize];
        let idx = |c: Cell| (c.0 * n + c.1) as usize;
        let mut queue = VecDeque::new();
        dist[idx(from)] = 0;
        queue.push_back(from);
        while let Some(c) = queue.pop_front() {
            if self.is_goal(seat, c) {
                return Some(dist[idx(c)]);
            }
            for d in DIRS {
                let to = add(c, d);
                if self.open_with(c, d, extra) && dist[idx(to)] == u32::MAX {
                    dist[idx(to)] = dist[idx(c)] + 1;
                    queue.push_back(to);
                }
            }
        }
        None
    }

    /// Shortest distance of `seat` to its goal, `None` when it is not in the game (or, which
    /// never happens in a legal position, has no path).
    pub fn distance(&self, seat: Seat) -> Option<u32> {
        self.bfs(seat, self.pawns[seat.index()]?)
    }

    /// Whether a pawn stands on `c`.
    pub fn occupied(&self, c: Cell) -> bool {
        self.pawns.contains(&Some(c))
    }

    /// How the game stands: one player left wins; a pawn on its goal wins; the ply limit
    /// draws.
    pub fn outcome(&self) -> Option<Outcome> {
        let active = self.active();
        if active.len() == 1 {
            return Some(Outcome::Winner(active[0]));
        }
        for s in active {
            if self.is_goal(s, self.pawns[s.index()].expect("active")) {
                return Some(Outcome::Winner(s));
            }
        }
        match self.ply_limit {
            Some(limit) if self.ply >= limit => Some(Outcome::Draw),
            _ => None,
        }
    }

    /// Pawn destinations of the side to move, by the literal rule text.
    pub fn pawn_moves(&self) -> BTreeSet<Cell> {
        let mut out = BTreeSet::new();
        let Some(me) = self.pawns[self.turn.index()] else { return out };
        for d in DIRS {
            // 1. Step: no wall, no edge in between.
            if !self.open(me, d) {
                continue;
            }
            let next = add(me, d);
            if !self.occupied(next) {
                out.insert(next);
                continue;
            }
            // 2. Straight jump over the pawn on `next`.
            let behind = add(next, d);
            if self.open(next, d) && !self.occupied(behind) {
                out.insert(behind);
                continue;
            }
            // 3. Side-step: the square behind is walled, off the board or occupied.
            //    4. Never two pawns: an occupied side square is not a destination.
            for side in [(d.1, d.0), (-d.1, -d.0)] {
                let beside = add(next, side);
                if self.open(next, side) && !self.occupied(beside) {
                    out.insert(beside);
                }
            }
        }
        out
    }

    /// Whether the side to move may place `w` now.
    pub fn wall_legal(&self, w: RefWall) -> bool {
        if self.hands[self.turn.index()] == 0 || !w.on_board(self.size) {
            return false;
        }
        if self.walls.iter().any(|&p| p == w || p.overlaps(w) || p.crosses(w)) {
            return false;
        }
        // Afterwards every player still in the game keeps a path; pawns are transparent.
        self.active().into_iter().all(|s| {
            let from = self.pawns[s.index()].expect("active");
            self.bfs_with(s, from, Some(w)).is_some()
        })
    }

    /// Every wall the side to move may place.
    pub fn wall_moves(&self) -> BTreeSet<RefWall> {
        let mut out = BTreeSet::new();
        if self.hands[self.turn.index()] == 0 {
            return out;
        }
        for col in 0..self.size - 1 {
            for row in 0..self.size - 1 {
                for horizontal in [true, false] {
                    let w = RefWall { col, row, horizontal };
                    if self.wall_legal(w) {
                        out.insert(w);
                    }
                }
            }
        }
        out
    }

    /// Every legal move, in the crate's notation types.
    pub fn legal_moves(&self) -> BTreeSet<Move> {
        if self.outcome().is_some() {
            return BTreeSet::new();
        }
        let mut out: BTreeSet<Move> =
            self.pawn_moves().into_iter().map(|c| Move::Pawn(square(c))).collect();
        out.extend(self.wall_moves().into_iter().map(|w| Move::Wall(w.to_wall())));
        out
    }

    /// Whether the side to move has any legal action (stops at the first one found).
    pub fn has_action(&self) -> bool {
        if !self.pawn_moves().is_empty() {
            return true;
        }
        if self.hands[self.turn.index()] == 0 {
            return false;
        }
        for col in 0..self.size - 1 {
            for row in 0..self.size - 1 {
                for horizontal in [true, false] {
                    if self.wall_legal(RefWall { col, row, horizontal }) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn next_active_after(&self, seat: Seat) -> Seat {
        let mut i = seat.index();
        for _ in 0..4 {
            i = (i + 1) % 4;
            if self.pawns[i].is_some() {
                return Seat::ALL[i];
            }
        }
        seat
    }

    fn leave(&mut self, seat: Seat) {
        self.pawns[seat.index()] = None;
        self.leavers.push(seat);
        if self.turn == seat {
            self.turn = self.next_active_after(seat);
        }
    }

    /// Eliminates sides to move that have no legal action, while the game goes on.
    fn settle(&mut self) {
        while self.outcome().is_none() && !self.has_action() {
            self.leave(self.turn);
        }
    }

    /// Plays a move the reference found legal.
    pub fn play(&mut self, m: Move) {
        let seat = self.turn;
        match m {
            Move::Pawn(sq) => self.pawns[seat.index()] = Some(cell(sq)),
            Move::Wall(w) => {
                let rw = RefWall::from_wall(w);
                self.walls.insert(rw);
                self.block(rw);
                self.hands[seat.index()] -= 1;
            }
        }
        self.ply += 1;
        self.turn = self.next_active_after(seat);
        self.settle();
    }

    /// `seat` resigns (it must be in the game, and the game not over).
    pub fn resign(&mut self, seat: Seat) {
        self.leave(seat);
        self.settle();
    }

    /// Ranks per docs/rules.md: the winner first; the others still in the game by distance, equal
    /// distances sharing a rank (1, 2, 2, 4); then the leavers, the later leaver first. In a
    /// draw (the crate's documented choice) every player still in the game shares rank 1.
    pub fn ranking(&self) -> [Option<u8>; 4] {
        let mut ranks = [None; 4];
        let outcome = self.outcome();
        let winner = match outcome {
            Some(Outcome::Winner(w)) => Some(w),
            _ => None,
        };
        let active = self.active();
        let others: Vec<(Seat, u32)> = active
            .iter()
            .filter(|&&s| Some(s) != winner)
            .map(|&s| (s, self.distance(s).expect("a legal position leaves a path")))
            .collect();
        if let Some(w) = winner {
            ranks[w.index()] = Some(1);
        }
        let base = u8::from(winner.is_some());
        for &(s, d) in &others {
            ranks[s.index()] = Some(if outcome == Some(Outcome::Draw) {
                1
            } else {
                base + 1 + others.iter().filter(|&&(_, e)| e < d).count() as u8
            });
        }
        for (k, &s) in self.leavers.iter().rev().enumerate() {
            ranks[s.index()] = Some(active.len() as u8 + 1 + k as u8);
        }
        ranks
    }

    /// perft on the reference model alone.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| {
                let mut next = self.clone();
                next.play(m);
                next.perft(depth - 1)
            })
            .sum()
    }
}

/// Start square of `seat` on an N x N board (docs/rules.md).
pub fn start_cell(n: i32, seat: Seat) -> Cell {
    match seat {
        Seat::South => (n / 2, 0),
        Seat::West => (0, n / 2),
        Seat::North => (n / 2, n - 1),
        Seat::East => (n - 1, n / 2),
    }
}

// ---------------------------------------------------------------------------------------------
// Perft data files.

/// One block of a `.perft` file.
#[derive(Clone, Debug)]
pub struct PerftCase {
    /// The `id` line.
    pub id: String,
    /// The position.
    pub position: Position,
    /// (depth, count, slow) rows.
    pub rows: Vec<(u32, u64, bool)>,
}

/// Reads a `.perft` file (format in the header of `tests/data/classic.perft`).
pub fn read_perft_file(text: &str) -> Vec<PerftCase> {
    struct Block {
        id: String,
        moves: Option<String>,
        position: Option<String>,
        config: Config,
        rows: Vec<(u32, u64, bool)>,
    }
    let mut blocks: Vec<Block> = Vec::new();
    for (no, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        let here = || format!("line {}: `{line}`", no + 1);
        if key == "id" {
            blocks.push(Block {
                id: rest.to_string(),
                moves: None,
                position: None,
                config: Config::default(),
                rows: Vec::new(),
            });
            continue;
        }
        let block = blocks.last_mut().unwrap_or_else(|| panic!("{}: no `id` before", here()));
        match key {
            "moves" => block.moves = Some(rest.to_string()),
            "position" => block.position = Some(rest.to_string()),
            "config" => {
                for kv in rest.split_whitespace() {
                    let (k, v) = kv.split_once('=').unwrap_or_else(|| panic!("{}", here()));
                    let c = &mut block.config;
                    match k {
                        "size" => c.size = v.parse().unwrap_or_else(|_| panic!("{}", here())),
                        "players" => c.players = v.parse().unwrap_or_else(|_| panic!("{}", here())),
                        "variant" => c.variant = v.parse().unwrap_or_else(|_| panic!("{}", here())),
                        "walls" => {
                            c.walls = Some(v.parse().unwrap_or_else(|_| panic!("{}", here())))
                        }
                        "first" => c.first = v.parse().unwrap_or_else(|_| panic!("{}", here())),
                        _ => panic!("{}: unknown config key `{k}`", here()),
                    }
                }
            }
            "perft" => {
                let parts: Vec<&str> = rest.split_whitespace().collect();
                let (depth, count, slow) = match parts.as_slice() {
                    [d, c] => (d, c, false),
                    [d, c, "slow"] => (d, c, true),
                    _ => panic!("{}: expected `perft DEPTH COUNT [slow]`", here()),
                };
                block.rows.push((
                    depth.parse().unwrap_or_else(|_| panic!("{}", here())),
                    count.parse().unwrap_or_else(|_| panic!("{}", here())),
                    slow,
                ));
            }
            _ => panic!("{}: unknown key `{key}`", here()),
        }
    }
    blocks
        .into_iter()
        .map(|b| {
            let position = match (&b.position, &b.moves) {
                (Some(p), None) => {
                    p.parse::<Position>().unwrap_or_else(|e| panic!("{}: bad position: {e}", b.id))
                }
                (None, Some(m)) => play_from_start(&b.config, m),
                _ => panic!("{}: give exactly one of `moves` and `position`", b.id),
            };
            assert!(!b.rows.is_empty(), "{}: no perft rows", b.id);
            PerftCase { id: b.id, position, rows: b.rows }
        })
        .collect()
}

/// The perft data files, read and parsed: (file name, cases).
pub fn perft_files() -> Vec<(&'static str, Vec<PerftCase>)> {
    vec![
        ("classic.perft", read_perft_file(include_str!("../data/classic.perft"))),
        ("variants.perft", read_perft_file(include_str!("../data/variants.perft"))),
    ]
}
