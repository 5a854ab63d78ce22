//! Move generation and legality: pawn moves, legal walls (with the path-rule filters that
//! spare most walls a flood fill), the move list, and [`PlayError`], the rule a move breaks.

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveList};
use crate::paths::{self, Detours, PathCache};
use crate::square::{Direction, STRIDE, Seat, Square};
use crate::wall::{Orientation, Wall, WallSet};

use super::maze::{Maze, open_with};
use super::{Outcome, Position};

/// Why a move cannot be played. Each variant names the rule it breaks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game is over.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
    /// The destination is not on the board.
    #[error("{0} is not on the board")]
    OffBoard(Square),
    /// The destination holds a pawn.
    #[error("{0} is occupied by a pawn")]
    Occupied(Square),
    /// A wall stands between the pawn and the adjacent destination.
    #[error("a wall stands between {from} and {to}")]
    BlockedByWall {
        /// The pawn's square.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// The destination is neither a step, a straight jump nor a side-step away.
    #[error(
        "the pawn on {from} cannot reach {to}: not a free step, a straight jump over a pawn, or a side-step around one whose jump is blocked"
    )]
    Unreachable {
        /// The pawn's square.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// The player has no wall in hand.
    #[error("{0} has no walls left")]
    NoWallsLeft(Seat),
    /// The wall is not wholly on the board.
    #[error("wall {0} is not wholly on the board")]
    WallOffBoard(Wall),
    /// The wall overlaps a placed wall.
    #[error("wall {wall} overlaps the placed wall {placed}")]
    WallOverlaps {
        /// The wall tried.
        wall: Wall,
        /// The wall in the way.
        placed: Wall,
    },
    /// The wall crosses a placed wall at its centre.
    #[error("wall {wall} crosses the placed wall {placed}")]
    WallCrosses {
        /// The wall tried.
        wall: Wall,
        /// The wall it crosses.
        placed: Wall,
    },
    /// The wall would leave a player with no path to the goal.
    #[error("wall {wall} would cut {seat} off from its goal")]
    WallCutsOff {
        /// The wall tried.
        wall: Wall,
        /// The player cut off.
        seat: Seat,
    },
}

#[inline(always)]
const fn shift(bb: u128, d: Direction) -> u128 {
    match d {
        Direction::North => bb << STRIDE,
        Direction::South => bb >> STRIDE,
        Direction::East => bb << 1,
        Direction::West => bb >> 1,
    }
}

/// For each seat index, (horizontal, vertical) wall anchors (see [`Position::threats`]).
pub(super) type Threats = [(u128, u128); 4];

impl Position {
    /// Where the pawn of the side to move can go: steps, straight jumps and side-steps.
    /// Empty when the game is over.
    #[must_use]
    pub fn pawn_moves(&self) -> Bitboard {
        if self.is_game_over() {
            return Bitboard::EMPTY;
        }
        Bitboard::from_square_bits(self.pawn_targets(self.turn))
    }

    #[inline(always)]
    pub(super) fn pawn_targets(&self, seat: Seat) -> u128 {
        self.pawn_targets_in(&self.maze.open, seat)
    }

    /// The squares the pawn of `seat` can go to, with the open steps `open`.
    #[inline(always)]
    pub(super) fn pawn_targets_in(&self, open: &[u128; 4], seat: Seat) -> u128 {
        let from = self.pawns[seat.index()].bit();
        // Usually no pawn stands next to this one: then the moves are the open steps.
        let steps = paths::expand(from, open);
        if steps & self.occupied == 0 { steps } else { self.pawn_targets_by_pawns(open, from) }
    }

    /// Where a pawn on `from` could go on this position's board and walls if the other
    /// pawns stood on `others` instead of where they stand: the steps, straight jumps and
    /// side-steps of the rules ([`Position::pawn_moves`] for the real pawns). Empty for a
    /// square off the board; `from` itself in `others` is ignored. For analysis that moves
    /// pawns without playing, such as a solver of pawn races.
    ///
    /// ```
    /// use quoridor_core::{Bitboard, Position, Square};
    /// let pos = Position::default();
    /// let sq = |s: &str| s.parse::<Square>().unwrap();
    /// let mut others = Bitboard::EMPTY;
    /// others.insert(sq("e5"));
    /// // From e4, the pawn on e5 is jumped: d4, f4, e3 and e6.
    /// let moves: Vec<String> = pos.pawn_moves_from(sq("e4"), others).iter().map(|s| s.to_string()).collect();
    /// assert_eq!(moves, ["e3", "d4", "f4", "e6"]);
    /// ```
    #[must_use]
    pub fn pawn_moves_from(&self, from: Square, others: Bitboard) -> Bitboard {
        if !from.on_board(self.size) {
            return Bitboard::EMPTY;
        }
        let from = from.bit();
        let occ = others.bits() & !from;
        Bitboard::from_square_bits(targets_with_pawns(&self.maze.open, from, occ))
    }

    /// The squares the pawn on `from` can go to when some of its steps lead onto pawns.
    #[cold]
    #[inline(never)]
    fn pawn_targets_by_pawns(&self, open: &[u128; 4], from: u128) -> u128 {
        targets_with_pawns(open, from, self.occupied)
    }

    /// For each seat index, the (horizontal, vertical) anchors of the walls that cut the
    /// seat's path in `paths` where no detour in `open` goes round them
    /// ([`PathCache::threats`]); zero for seats out of the game. Only these walls can cut a
    /// player off.
    #[inline(always)]
    pub(super) fn threats_in(&self, open: &[u128; 4], paths: &[PathCache; 4]) -> Threats {
        let detours = Detours::new(open);
        let mut out = [(0, 0); 4];
        let mut act = self.active;
        while act != 0 {
            let i = act.trailing_zeros() as usize;
            act &= act - 1;
            out[i] = paths[i].threats(&detours);
        }
        out
    }

    /// The threats of this position's own maze and paths.
    #[inline(always)]
    pub(super) fn threats(&self) -> Threats {
        self.threats_in(&self.maze.open, &self.paths)
    }

    /// The placeable walls of `maze` split into those surely legal and those to check with a
    /// flood fill, as `((sure_h, sure_v), (check_h, check_v), threats)`. A wall needs
    /// checking only when it could close a loop ([`Maze::add`]) and threatens some player's
    /// path. The loop test is a kept mask and usually empty, so it goes first; then whether
    /// the wall blocks a step of some path at all, and only then the detours round it
    /// ([`Position::threats_in`]). The paths (from `paths`) are only asked for when needed.
    #[inline(always)]
    pub(super) fn wall_candidates(
        &self,
        maze: &Maze,
        paths: impl FnOnce() -> [PathCache; 4],
    ) -> ((u128, u128), (u128, u128), Threats) {
        let [ph, pv] = maze.free;
        let (mut ch, mut cv) = (ph & maze.risky[0], pv & maze.risky[1]);
        if ch | cv == 0 {
            return ((ph, pv), (0, 0), [(0, 0); 4]);
        }
        let paths = paths();
        let (mut sh, mut sv) = (0, 0);
        let mut act = self.active;
        while act != 0 {
            let p = &paths[act.trailing_zeros() as usize];
            act &= act - 1;
            sh |= p.north | p.north >> 1;
            sv |= p.east | p.east >> STRIDE;
        }
        ch &= sh;
        cv &= sv;
        if ch | cv == 0 {
            return ((ph, pv), (0, 0), [(0, 0); 4]);
        }
        let threats = self.threats_in(&maze.open, &paths);
        let (mut th, mut tv) = (0, 0);
        for t in &threats {
            th |= t.0;
            tv |= t.1;
        }
        ch &= th;
        cv &= tv;
        ((ph & !ch, pv & !cv), (ch, cv), threats)
    }

    /// The first active seat that the wall `o` at anchor `a`, placeable in the open steps
    /// `open`, would cut off, if any, given the [`Position::threats_in`] of `open`.
    #[inline]
    pub(super) fn cut_off_by(
        &self,
        open: &[u128; 4],
        o: Orientation,
        a: u8,
        threats: &Threats,
    ) -> Option<Seat> {
        self.cut_off_among(open, o, a, threats, self.active)
    }

    /// [`Position::cut_off_by`] among the seats of the mask `seats` (bit `i` for seat index
    /// `i`) only: the caller knows the others keep a path.
    #[inline]
    pub(super) fn cut_off_among(
        &self,
        open: &[u128; 4],
        o: Orientation,
        a: u8,
        threats: &Threats,
        seats: u8,
    ) -> Option<Seat> {
        let open = open_with(open, o, a);
        let bit = 1u128 << a;
        let mut act = self.active & seats;
        while act != 0 {
            let i = act.trailing_zeros() as usize;
            act &= act - 1;
            let threat = match o {
                Orientation::Horizontal => threats[i].0,
                Orientation::Vertical => threats[i].1,
            };
            if threat & bit != 0 {
                let seat = Seat::ALL[i];
                if !paths::reaches(&open, self.pawns[i].bit(), self.goal_bits(seat)) {
                    return Some(seat);
                }
            }
        }
        None
    }

    /// Legal wall anchors of the side to move as (horizontal, vertical) bitboards, ignoring
    /// whether it has walls in hand.
    pub(super) fn legal_wall_bits(&self) -> (u128, u128) {
        let maze = &self.maze;
        let ((mut lh, mut lv), (ch, cv), threats) = self.wall_candidates(maze, || self.paths);
        for a in Bitboard::from_square_bits(ch) {
            if self.cut_off_by(&maze.open, Orientation::Horizontal, a.index(), &threats).is_none() {
                lh |= a.bit();
            }
        }
        for a in Bitboard::from_square_bits(cv) {
            if self.cut_off_by(&maze.open, Orientation::Vertical, a.index(), &threats).is_none() {
                lv |= a.bit();
            }
        }
        (lh, lv)
    }

    /// The legal walls of the side to move: empty when it has none in hand or the game is
    /// over.
    ///
    /// ```
    /// use quoridor_core::{Position, Wall};
    /// let pos = Position::default();
    /// let walls = pos.legal_walls();
    /// assert_eq!(walls.len(), 128);
    /// assert!(walls.contains("e3h".parse::<Wall>()?));
    /// assert_eq!(walls.horizontal().len(), 64);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn legal_walls(&self) -> WallSet {
        if self.walls_in_hand[self.turn.index()] == 0 {
            return WallSet::new();
        }
        self.placeable_walls()
    }

    /// The walls that a player holding one could place now: [`Position::legal_walls`]
    /// without the rule that the side to move must hold a wall (every other rule kept: on
    /// the board, no overlap or crossing, a path left to every player). Empty when the game
    /// is over. What an opponent's walls could do to a player, whoever is to move.
    ///
    /// ```
    /// use quoridor_core::Position;
    /// let pos: Position = "9 S:e1:0,N:e9:10 - S 0".parse()?;
    /// assert!(pos.legal_walls().is_empty()); // South holds no wall
    /// assert_eq!(pos.placeable_walls().len(), 128);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn placeable_walls(&self) -> WallSet {
        if self.is_game_over() {
            return WallSet::new();
        }
        let (h, v) = self.legal_wall_bits();
        WallSet { h, v }
    }

    /// The number of walls legal in `maze`, with the pawns of this position. The placeable
    /// walls are counted from [`Maze::free_count`]; only the candidates are checked.
    #[inline(always)]
    pub(super) fn count_legal_walls_in(
        &self,
        maze: &Maze,
        paths: impl FnOnce() -> [PathCache; 4],
    ) -> usize {
        let (_, (ch, cv), threats) = self.wall_candidates(maze, paths);
        if ch | cv == 0 {
            return maze.free_count as usize;
        }
        let mut n = maze.free_count;
        for a in Bitboard::from_square_bits(ch) {
            n -= u32::from(
                self.cut_off_by(&maze.open, Orientation::Horizontal, a.index(), &threats).is_some(),
            );
        }
        for a in Bitboard::from_square_bits(cv) {
            n -= u32::from(
                self.cut_off_by(&maze.open, Orientation::Vertical, a.index(), &threats).is_some(),
            );
        }
        n as usize
    }

    pub(super) fn has_legal_wall(&self) -> bool {
        let maze = &self.maze;
        let ((sh, sv), (ch, cv), threats) = self.wall_candidates(maze, || self.paths);
        sh | sv != 0
            || Bitboard::from_square_bits(ch).iter().any(|a| {
                self.cut_off_by(&maze.open, Orientation::Horizontal, a.index(), &threats).is_none()
            })
            || Bitboard::from_square_bits(cv).iter().any(|a| {
                self.cut_off_by(&maze.open, Orientation::Vertical, a.index(), &threats).is_none()
            })
    }

    /// Number of legal moves, counted without building the list.
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        if self.is_game_over() {
            return 0;
        }
        let pawn = self.pawn_targets(self.turn).count_ones() as usize;
        if self.walls_in_hand[self.turn.index()] == 0 {
            pawn
        } else {
            pawn + self.count_legal_walls_in(&self.maze, || self.paths)
        }
    }

    /// Every legal move of the side to move: pawn moves first, then horizontal walls, then
    /// vertical walls, each group by square index. Empty when the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_legal_move(|m| {
            // Never fails: a list has room for the legal moves of any position (`MAX_MOVES`).
            let pushed = list.push(m);
            debug_assert!(pushed.is_ok(), "more than MAX_MOVES legal moves in {self}");
        });
        list
    }

    /// Calls `f` with every legal move, in the order of [`Position::legal_moves`], without
    /// building the list.
    #[inline]
    pub(crate) fn for_each_legal_move(&self, mut f: impl FnMut(Move)) {
        for sq in self.pawn_moves() {
            f(Move::Pawn(sq));
        }
        let walls = self.legal_walls();
        for (bits, o) in [
            (walls.horizontal(), Orientation::Horizontal),
            (walls.vertical(), Orientation::Vertical),
        ] {
            for a in bits {
                f(Move::Wall(Wall::on_anchor(a, o)));
            }
        }
    }

    /// Whether `m` is legal for the side to move.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.check(m).is_ok()
    }

    /// Checks `m` for the side to move.
    ///
    /// # Errors
    /// The rule `m` breaks ([`PlayError`]).
    pub fn check(&self, m: Move) -> Result<(), PlayError> {
        if let Some(o) = self.outcome {
            return Err(PlayError::GameOver(o));
        }
        match m {
            Move::Pawn(to) => {
                if !to.on_board(self.size) {
                    return Err(PlayError::OffBoard(to));
                }
                if self.pawn_targets(self.turn) & to.bit() != 0 {
                    return Ok(());
                }
                let from = self.pawns[self.turn.index()];
                if self.occupied & to.bit() != 0 {
                    return Err(PlayError::Occupied(to));
                }
                for d in Direction::ALL {
                    if from.step(d, self.size) == Some(to) && !self.can_step(from, d) {
                        return Err(PlayError::BlockedByWall { from, to });
                    }
                }
                Err(PlayError::Unreachable { from, to })
            }
            Move::Wall(w) => {
                if self.walls_in_hand[self.turn.index()] == 0 {
                    return Err(PlayError::NoWallsLeft(self.turn));
                }
                if !w.on_board(self.size) {
                    return Err(PlayError::WallOffBoard(w));
                }
                if let Some(placed) = self
                    .maze
                    .walls
                    .conflict_with(w)
                    .or_else(|| self.maze.walls.contains(w).then_some(w))
                {
                    return Err(if placed.orientation() == w.orientation() {
                        PlayError::WallOverlaps { wall: w, placed }
                    } else {
                        PlayError::WallCrosses { wall: w, placed }
                    });
                }
                match self.cut_off_by(
                    &self.maze.open,
                    w.orientation(),
                    w.anchor().index(),
                    &self.threats(),
                ) {
                    Some(seat) => Err(PlayError::WallCutsOff { wall: w, seat }),
                    None => Ok(()),
                }
            }
        }
    }
}

/// The squares a pawn on `from` can go to with the open steps `open` and pawns on `occ`.
#[inline]
fn targets_with_pawns(open: &[u128; 4], from: u128, occ: u128) -> u128 {
    let mut out = 0u128;
    for d in Direction::ALL {
        if from & open[d as usize] == 0 {
            continue;
        }
        let t = shift(from, d);
        if t & occ == 0 {
            out |= t;
            continue;
        }
        if t & open[d as usize] != 0 {
            let t2 = shift(t, d);
            if t2 & occ == 0 {
                out |= t2;
                continue;
            }
        }
        for p in d.sides() {
            if t & open[p as usize] != 0 {
                out |= shift(t, p) & !occ;
            }
        }
    }
    out
}
