//! A deliberately slow, obviously correct model of the rules, written from docs/rules.md
//! alone: the one reference the fast engine is compared with, by the integration tests
//! (through `invariants.rs` and `tests/reference.rs`) and by the fuzzers
//! (`fuzz/src/lib.rs` includes this file by path, so it uses nothing but `quoridor_core`
//! and `std`).
//!
//! It reads a [`Position`] only through its public getters and a [`Setup`] only through its
//! public fields. It never asks the fast engine which moves are legal, where a pawn may go, or
//! how far a goal is: cells are plain coordinates, walls a set, paths a breadth-first search.

use std::collections::{BTreeSet, VecDeque};

use quoridor_core::{
    Config, Move, Orientation, Outcome, Position, Seat, SeatSetup, SeatState, Setup, Square,
    Variant, Wall, WallSet,
};

/// A square as (column, row), both from 0; `(0, 0)` is `a1`.
pub type Cell = (i32, i32);

/// The four directions, as (column, row) offsets: north, east, south, west.
pub const DIRS: [Cell; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// docs/rules.md: a player holds at most 127 walls.
pub const MAX_WALLS: u8 = 127;

fn add(a: Cell, d: Cell) -> Cell {
    (a.0 + d.0, a.1 + d.1)
}

/// The cell of a square.
pub fn cell(sq: Square) -> Cell {
    (i32::from(sq.col()), i32::from(sq.row()))
}

/// The square of a cell.
pub fn square(c: Cell) -> Square {
    Square::new(c.0 as u8, c.1 as u8).expect("cell on the 11 x 11 board")
}

/// Whether a cell lies on an N x N board.
pub fn on_board(n: i32, c: Cell) -> bool {
    (0..n).contains(&c.0) && (0..n).contains(&c.1)
}

/// The seats of a game of `players` (docs/rules.md): South and North; South, West and North;
/// or all four.
pub fn seats_of(players: u8) -> Vec<Seat> {
    match players {
        2 => vec![Seat::South, Seat::North],
        3 => vec![Seat::South, Seat::West, Seat::North],
        _ => vec![Seat::South, Seat::West, Seat::North, Seat::East],
    }
}

/// Start cell of `seat` on an N x N board (docs/rules.md).
pub fn start_cell(n: i32, seat: Seat) -> Cell {
    match seat {
        Seat::South => (n / 2, 0),
        Seat::West => (0, n / 2),
        Seat::North => (n / 2, n - 1),
        Seat::East => (n - 1, n / 2),
    }
}

fn is_koth(variant: Variant) -> bool {
    match variant {
        Variant::Classic => false,
        Variant::KingOfTheHill => true,
        other => panic!("the reference knows no variant {other}"),
    }
}

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

    /// Whether the wall blocks the step between `a` and `b`, either way.
    pub fn blocks(self, a: Cell, b: Cell) -> bool {
        self.blocked_steps().iter().any(|&step| step == (a, b) || step == (b, a))
    }

    /// Whether the wall blocks a step of `path`.
    pub fn cuts(self, path: &[Cell]) -> bool {
        path.windows(2).any(|step| self.blocks(step[0], step[1]))
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

    /// Whether the two walls cannot both stand: the same wall, overlapping or crossing.
    pub fn conflicts(self, other: RefWall) -> bool {
        self == other || self.overlaps(other) || self.crosses(other)
    }

    /// The crate's wall of the same name.
    pub fn to_wall(self) -> Wall {
        let o = if self.horizontal { Orientation::Horizontal } else { Orientation::Vertical };
        Wall::new(square((self.col, self.row)), o).expect("anchor in range")
    }

    /// The reference wall of the same name as a crate wall.
    pub fn from_wall(w: Wall) -> RefWall {
        let (col, row) = cell(w.anchor());
        RefWall { col, row, horizontal: w.orientation() == Orientation::Horizontal }
    }
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

/// Where `blocked` says whether a wall blocks the step from `c` in direction `d`.
fn blocked_index(n: i32, c: Cell, d: Cell) -> usize {
    ((c.0 * n + c.1) * 4) as usize + dir_index(d)
}

/// Marks the two steps `w` blocks, both ways, in `blocked` (of an N x N board).
fn mark(n: i32, blocked: &mut [bool], w: RefWall) {
    assert!(w.on_board(n), "wall {w:?} is off the {n}x{n} board");
    for (a, b) in w.blocked_steps() {
        let d = (b.0 - a.0, b.1 - a.1);
        blocked[blocked_index(n, a, d)] = true;
        blocked[blocked_index(n, b, (-d.0, -d.1))] = true;
    }
}

/// Whether one step from `c` in direction `d` stays on an N x N board and is not `blocked`.
fn step_open(n: i32, blocked: &[bool], c: Cell, d: Cell) -> bool {
    on_board(n, c) && on_board(n, add(c, d)) && !blocked[blocked_index(n, c, d)]
}

impl RefState {
    /// Reads `pos` through its public getters only (into a [`Setup`] written field by field).
    pub fn from_position(pos: &Position) -> RefState {
        let mut seats = [None; 4];
        for s in pos.seats() {
            let state = match (pos.pawn(s), pos.leave_order(s)) {
                (Some(sq), None) => SeatState::Playing(sq),
                (None, Some(k)) => SeatState::Left(k),
                other => panic!("{s} has (pawn, leave order) {other:?} in {pos}"),
            };
            seats[s.index()] = Some(SeatSetup { state, walls: pos.walls_in_hand(s) });
        }
        RefState::from_setup(&Setup {
            size: pos.size(),
            variant: pos.variant(),
            seats: seats.into(),
            walls: pos.walls(),
            turn: pos.turn(),
            ply: pos.ply(),
            ply_limit: pos.ply_limit(),
        })
    }

    /// Reads the plain data of a setup.
    ///
    /// # Panics
    ///
    /// When a wall is not wholly on the board ([`setup_is_legal`] checks that first).
    pub fn from_setup(setup: &Setup) -> RefState {
        let mut seats = Vec::new();
        let mut pawns = [None; 4];
        let mut hands = [0; 4];
        let mut leavers: Vec<(u8, Seat)> = Vec::new();
        for s in Seat::ALL {
            let Some(st) = setup.seats[s] else { continue };
            seats.push(s);
            hands[s.index()] = u32::from(st.walls);
            match st.state {
                SeatState::Playing(sq) => pawns[s.index()] = Some(cell(sq)),
                SeatState::Left(k) => leavers.push((k, s)),
            }
        }
        leavers.sort();
        let mut st = RefState {
            size: i32::from(setup.size.get()),
            koth: is_koth(setup.variant),
            seats,
            pawns,
            hands,
            walls: setup.walls.iter().map(RefWall::from_wall).collect(),
            turn: setup.turn,
            ply: setup.ply,
            ply_limit: setup.ply_limit,
            leavers: leavers.into_iter().map(|(_, s)| s).collect(),
            blocked: Vec::new(),
        };
        st.blocked = vec![false; (st.size * st.size * 4) as usize];
        for &w in &st.walls {
            mark(st.size, &mut st.blocked, w);
        }
        st
    }

    /// The start of a configuration, from docs/rules.md: start squares, the wall table with its
    /// scaling decision, and one wall fewer for the first player in King of the Hill.
    pub fn start(config: &Config) -> RefState {
        let n = i32::from(config.size.get());
        let table = match config.players.get() {
            2 => 10.0,
            3 => 7.0,
            _ => 5.0,
        };
        // Scaled by (N-1)/8, halves rounded up, at least 1.
        let scaled = ((table * f64::from(n - 1) / 8.0 + 0.5).floor() as u8).max(1);
        let per_player = config.walls.unwrap_or(scaled);
        let mut seats = [None; 4];
        for s in seats_of(config.players.get()) {
            let first_in_koth = config.variant == Variant::KingOfTheHill && s == config.first;
            seats[s.index()] = Some(SeatSetup {
                state: SeatState::Playing(square(start_cell(n, s))),
                walls: if first_in_koth { per_player.saturating_sub(1) } else { per_player },
            });
        }
        RefState::from_setup(&Setup {
            size: config.size,
            variant: config.variant,
            seats: seats.into(),
            walls: WallSet::default(),
            turn: config.first,
            ply: 0,
            ply_limit: config.ply_limit,
        })
    }

    /// Whether a cell lies on the board.
    pub fn on_board(&self, c: Cell) -> bool {
        on_board(self.size, c)
    }

    /// Where a cell's entry stands in a table of every cell of the board (column-major).
    pub fn cell_index(&self, c: Cell) -> usize {
        (c.0 * self.size + c.1) as usize
    }

    /// Every cell of the board.
    pub fn cells(&self) -> impl Iterator<Item = Cell> {
        let n = self.size;
        (0..n).flat_map(move |col| (0..n).map(move |row| (col, row)))
    }

    /// Whether one step from `c` in direction `d` stays on the board and crosses no wall.
    pub fn open(&self, c: Cell, d: Cell) -> bool {
        step_open(self.size, &self.blocked, c, d)
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

    /// A shortest path (breadth-first search) from `from` to the goal of `seat`, both ends
    /// included, with the wall `extra` on the board too; pawns do not block.
    pub fn path_with(&self, seat: Seat, from: Cell, extra: Option<RefWall>) -> Option<Vec<Cell>> {
        let n = self.size;
        let mut blocked = self.blocked.clone();
        if let Some(w) = extra {
            mark(n, &mut blocked, w);
        }
        let idx = |c: Cell| self.cell_index(c);
        let mut seen = vec![false; (n * n) as usize];
        let mut parent: Vec<Option<Cell>> = vec![None; (n * n) as usize];
        seen[idx(from)] = true;
        let mut queue = VecDeque::from([from]);
        while let Some(c) = queue.pop_front() {
            if self.is_goal(seat, c) {
                let mut path = vec![c];
                while let Some(p) = parent[idx(path[path.len() - 1])] {
                    path.push(p);
                }
                path.reverse();
                return Some(path);
            }
            for d in DIRS {
                let to = add(c, d);
                if step_open(n, &blocked, c, d) && !seen[idx(to)] {
                    seen[idx(to)] = true;
                    parent[idx(to)] = Some(c);
                    queue.push_back(to);
                }
            }
        }
        None
    }

    /// Shortest distance from `from` to the goal of `seat`, with the wall `extra` on the board
    /// too; pawns do not block.
    pub fn bfs_with(&self, seat: Seat, from: Cell, extra: Option<RefWall>) -> Option<u32> {
        self.path_with(seat, from, extra).map(|p| p.len() as u32 - 1)
    }

    /// A shortest path of `seat` from its pawn to its goal; `None` when it is not in the game
    /// (or, which never happens in a legal position, has no path).
    pub fn path(&self, seat: Seat) -> Option<Vec<Cell>> {
        self.path_with(seat, self.pawns[seat.index()]?, None)
    }

    /// Shortest distance of `seat` to its goal, `None` when it is not in the game (or, which
    /// never happens in a legal position, has no path).
    pub fn distance(&self, seat: Seat) -> Option<u32> {
        self.bfs_with(seat, self.pawns[seat.index()]?, None)
    }

    /// The distance to the goal of `seat` from every cell (by [`RefState::cell_index`]),
    /// `None` where no path leads there, by one breadth-first search outward from the goal
    /// cells (a step is open both ways or neither).
    pub fn distance_map(&self, seat: Seat) -> Vec<Option<u32>> {
        let mut dist = vec![None; (self.size * self.size) as usize];
        let mut queue = VecDeque::new();
        for c in self.cells().filter(|&c| self.is_goal(seat, c)) {
            dist[self.cell_index(c)] = Some(0);
            queue.push_back(c);
        }
        while let Some(c) = queue.pop_front() {
            let next = dist[self.cell_index(c)].map(|d| d + 1);
            for d in DIRS {
                let to = add(c, d);
                if self.open(c, d) && dist[self.cell_index(to)].is_none() {
                    dist[self.cell_index(to)] = next;
                    queue.push_back(to);
                }
            }
        }
        dist
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

    /// Every wall anchored on this board, in both orientations.
    pub fn every_wall(&self) -> impl Iterator<Item = RefWall> {
        let n = self.size;
        (0..n - 1).flat_map(move |col| {
            (0..n - 1).flat_map(move |row| {
                [true, false].map(|horizontal| RefWall { col, row, horizontal })
            })
        })
    }

    /// Whether `w` lies wholly on the board and neither overlaps nor crosses a placed wall.
    pub fn wall_fits(&self, w: RefWall) -> bool {
        w.on_board(self.size) && !self.walls.iter().any(|&p| p.conflicts(w))
    }

    /// Whether the side to move may place `w` now, by the literal rule text.
    pub fn wall_legal(&self, w: RefWall) -> bool {
        self.hands[self.turn.index()] > 0 && self.wall_placeable(w)
    }

    /// Whether a player holding a wall could place `w` now: it fits, and afterwards every
    /// player still in the game keeps a path (pawns are transparent).
    pub fn wall_placeable(&self, w: RefWall) -> bool {
        if !self.wall_fits(w) {
            return false;
        }
        self.active().into_iter().all(|s| {
            let from = self.pawns[s.index()].expect("active");
            self.bfs_with(s, from, Some(w)).is_some()
        })
    }

    /// Every wall the side to move may place: [`RefState::wall_legal`] with a shortcut, to keep
    /// the fuzzers and the reference perft fast. One path per player is found beforehand; a
    /// wall that blocks no step of a player's path leaves that player a path without a
    /// search, and only the players whose path it blocks are searched for again.
    pub fn wall_moves(&self) -> BTreeSet<RefWall> {
        if self.hands[self.turn.index()] == 0 {
            return BTreeSet::new();
        }
        let paths: Vec<(Seat, Option<Vec<Cell>>)> =
            self.active().into_iter().map(|s| (s, self.path(s))).collect();
        let keeps_a_path = |w: RefWall, (s, path): &(Seat, Option<Vec<Cell>>)| match path {
            Some(path) if !w.cuts(path) => true,
            _ => self.bfs_with(*s, self.pawns[s.index()].expect("active"), Some(w)).is_some(),
        };
        self.every_wall()
            .filter(|&w| self.wall_fits(w) && paths.iter().all(|p| keeps_a_path(w, p)))
            .collect()
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

    /// Whether the side to move may play `m` now, by the literal rule text (one move alone,
    /// without listing the others).
    pub fn is_legal(&self, m: Move) -> bool {
        self.outcome().is_none()
            && match m {
                Move::Pawn(sq) => self.pawn_moves().contains(&cell(sq)),
                Move::Wall(w) => self.wall_legal(RefWall::from_wall(w)),
            }
    }

    /// Whether the side to move has any legal action (stops at the first one found).
    pub fn has_action(&self) -> bool {
        !self.pawn_moves().is_empty() || self.every_wall().any(|w| self.wall_legal(w))
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
                mark(self.size, &mut self.blocked, rw);
                self.hands[seat.index()] -= 1;
            }
        }
        self.ply = self.ply.saturating_add(1);
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

/// Whether `Position::try_from` must accept `setup`: the list "Legal positions" of
/// docs/rules.md, one rule after the other.
pub fn setup_is_legal(setup: &Setup) -> bool {
    // The board size is odd, 5 to 11.
    let n = i32::from(setup.size.get());
    if !(5..=11).contains(&n) || n % 2 == 0 {
        return false;
    }
    // The seats are South and North; South, West and North; or all four. King of the Hill
    // has all four.
    let present: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| setup.seats[s].is_some()).collect();
    if ![2, 3, 4].into_iter().any(|players| seats_of(players) == present) {
        return false;
    }
    if is_koth(setup.variant) && present.len() != 4 {
        return false;
    }
    // Nobody holds more than 127 walls; every pawn is on the board, on its own cell; the
    // players who left are numbered 1, 2, ... and at least one player is still in the game.
    let mut pawns = BTreeSet::new();
    let mut left = Vec::new();
    for st in setup.seats.iter().filter_map(|(_, st)| st.as_ref()) {
        if st.walls > MAX_WALLS {
            return false;
        }
        match st.state {
            SeatState::Left(k) => left.push(k),
            SeatState::Playing(sq) => {
                if !on_board(n, cell(sq)) || !pawns.insert(cell(sq)) {
                    return false;
                }
            }
        }
    }
    left.sort_unstable();
    if pawns.is_empty() || left.iter().zip(1..).any(|(&k, want)| k != want) {
        return false;
    }
    // Every wall is wholly on the board and no two overlap or cross.
    let walls: Vec<RefWall> = setup.walls.iter().map(RefWall::from_wall).collect();
    if walls.iter().any(|w| !w.on_board(n)) {
        return false;
    }
    if walls.iter().enumerate().any(|(i, a)| walls[i + 1..].iter().any(|&b| a.conflicts(b))) {
        return false;
    }
    // The side to move is still in the game.
    let turn = setup.seats[setup.turn];
    if !turn.is_some_and(|st| matches!(st.state, SeatState::Playing(_))) {
        return false;
    }
    // With a ply limit, the limit is at least 1 and the ply count is not past it.
    if setup.ply_limit.is_some_and(|limit| limit == 0 || setup.ply > limit) {
        return false;
    }
    // Every player still in the game has a path; at most one pawn stands on its goal; unless
    // the game is over, the side to move has a legal action.
    let r = RefState::from_setup(setup);
    let active = r.active();
    if active.iter().any(|&s| r.distance(s).is_none()) {
        return false;
    }
    let on_goal = active.iter().filter(|&&s| r.is_goal(s, r.pawns[s.index()].expect("active")));
    if on_goal.count() > 1 {
        return false;
    }
    r.outcome().is_some() || r.has_action()
}
