//! Exact play of the two-player race: once neither player holds a wall, the maze is fixed
//! and the game is a pure race over pawn squares. [`RaceTable::solve`] solves it exactly by
//! retrograde analysis over every (pawn, pawn, side to move) state, at most N² x N² x 2.
//!
//! "The side with the shorter distance wins" is wrong in many positions: a pawn may jump
//! over the other, or stand in its way so that it must go round; the table knows.
//!
//! ```
//! use quoridor_ai::race::{RaceTable, RaceValue};
//! use quoridor_core::Position;
//! // No walls in hand: South (to move) is one step closer, yet North jumps over it and wins.
//! let pos: Position = "5 S:c2:0,N:c4:0 - S 0".parse()?;
//! let table = RaceTable::solve(&pos).expect("two players");
//! println!("{:?}", table.probe(&pos));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use quoridor_core::{Bitboard, BoardSize, Move, Position, Seat, Square, WallSet};

/// The exact value of a race state for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RaceValue {
    /// The side to move wins in this many plies (its own and the opponent's).
    Win(u32),
    /// The side to move loses in this many plies.
    Loss(u32),
    /// Neither side can force a win: with best play the race never ends.
    Draw,
}

/// The solved race on one fixed maze (board size and walls), for South against North.
#[derive(Clone, Debug)]
pub struct RaceTable {
    size: u8,
    walls: WallSet,
    /// South's goal and North's.
    goals: [Bitboard; 2],
    /// Per state: 0 draw, `n + 1` win in `n`, `-(n + 1)` loss in `n`.
    values: Vec<i16>,
}

/// Compact cell number of a square: `row * size + col`.
#[inline]
fn cell(sq: Square, size: u8) -> usize {
    usize::from(sq.row()) * usize::from(size) + usize::from(sq.col())
}

/// Pawn moves of a pawn on `me` with the other pawn on `other`, on the maze of `pos` (its
/// walls and board; its pawns and turn are ignored).
pub(crate) fn race_moves(pos: &Position, me: Square, other: Square, out: &mut Vec<Square>) {
    out.clear();
    out.extend(pos.pawn_moves_from(me, Bitboard::from_iter([other])));
}

impl RaceTable {
    /// Solves the race on the maze of `pos` (its size and walls; walls in hand are ignored).
    /// `None` unless the game has two players, South and North, on the classic board.
    #[must_use]
    pub fn solve(pos: &Position) -> Option<RaceTable> {
        if pos.players() != 2 || pos.variant() != quoridor_core::Variant::Classic {
            return None;
        }
        let board = pos.size();
        let size = board.get();
        let n = usize::from(size) * usize::from(size);
        let states = n * n * 2;
        let squares: Vec<Square> =
            (0..size).flat_map(|r| (0..size).filter_map(move |c| Square::new(c, r))).collect();
        let goal = [pos.goal(Seat::South), pos.goal(Seat::North)];
        let idx = |mover: usize, other: usize, side: usize| (mover * n + other) * 2 + side;

        let goal_cell: Vec<[bool; 2]> =
            squares.iter().map(|&sq| [goal[0].contains(sq), goal[1].contains(sq)]).collect();

        let mut values = vec![0i16; states];
        let mut pending = vec![0u8; states];
        // Children of every live state, in CSR form, then inverted into predecessors.
        let mut child_start = vec![0u32; states + 1];
        let mut children: Vec<u32> = Vec::with_capacity(states * 3);
        let mut queue: Vec<u32> = Vec::with_capacity(states);
        for a in 0..n {
            for b in 0..n {
                for side in 0..2 {
                    let s = idx(a, b, side);
                    child_start[s] = children.len() as u32;
                    if a == b {
                        continue;
                    }
                    let other_side = 1 - side;
                    if goal_cell[b][other_side] {
                        values[s] = -1; // the other pawn has arrived: lost now
                        queue.push(s as u32);
                        continue;
                    }
                    if goal_cell[a][side] {
                        continue; // unreachable: the game ended before
                    }
                    let first = children.len();
                    let moves = pos.pawn_moves_from(squares[a], Bitboard::from_iter([squares[b]]));
                    for t in moves {
                        children.push(idx(b, cell(t, size), other_side) as u32);
                    }
                    let count = children.len() - first;
                    pending[s] = count as u8;
                    if count == 0 {
                        values[s] = -1;
                        queue.push(s as u32);
                    }
                }
            }
        }
        child_start[states] = children.len() as u32;
        let (pred_start, preds) = predecessors(&children, &child_start);
        retrograde(&mut values, &mut pending, queue, &pred_start, &preds);
        Some(RaceTable { size, walls: pos.walls(), goals: goal, values })
    }

    /// Whether this table belongs to the maze of `pos`.
    #[must_use]
    pub fn matches(&self, pos: &Position) -> bool {
        pos.size().get() == self.size && pos.walls() == self.walls && pos.players() == 2
    }

    /// The value for `mover_seat` to move with its pawn on `mover` and the other pawn on
    /// `other`, or `None` when that is no state of a race on this table's board: a square
    /// off the board, both pawns on one square, a seat other than South and North, or the
    /// mover already on its goal (the game ended before its turn).
    ///
    /// ```
    /// use quoridor_ai::race::{RaceTable, RaceValue};
    /// use quoridor_core::{Position, Seat, Square};
    /// let table = RaceTable::solve(&"5 S:c1:0,N:c5:0 - S 0".parse()?).expect("two players");
    /// let sq = |s: &str| s.parse::<Square>();
    /// // Equal distances and South to move, yet South loses (in 8 plies).
    /// assert_eq!(table.value(Seat::South, sq("c1")?, sq("c5")?), Some(RaceValue::Loss(8)));
    /// assert_eq!(table.value(Seat::South, sq("f1")?, sq("c5")?), None); // off the 5x5 board
    /// assert_eq!(table.value(Seat::West, sq("c1")?, sq("c5")?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn value(&self, mover_seat: Seat, mover: Square, other: Square) -> Option<RaceValue> {
        let side = match mover_seat {
            Seat::South => 0,
            Seat::North => 1,
            _ => return None,
        };
        let size = BoardSize::new(self.size)?;
        if !mover.on_board(size)
            || !other.on_board(size)
            || mover == other
            || self.goals[side].contains(mover)
        {
            return None;
        }
        let n = usize::from(self.size) * usize::from(self.size);
        let v =
            self.values.get((cell(mover, self.size) * n + cell(other, self.size)) * 2 + side)?;
        Some(decode(*v))
    }

    /// The value of `pos` for the side to move (walls in hand are ignored), or `None` when
    /// the position is not a race on this table's maze or the game is over.
    #[must_use]
    pub fn probe(&self, pos: &Position) -> Option<RaceValue> {
        if !self.matches(pos) || pos.is_game_over() {
            return None;
        }
        let me = pos.turn();
        let other = pos.active_seats().find(|&s| s != me)?;
        self.value(me, pos.pawn(me)?, pos.pawn(other)?)
    }

    /// A perfect move in `pos`: the fastest win, else a draw, else the slowest loss; with
    /// its value for the side to move.
    #[must_use]
    pub fn best_move(&self, pos: &Position) -> Option<(Move, RaceValue)> {
        let me = pos.turn();
        let other = pos.active_seats().find(|&s| s != me)?;
        let (a, b) = (pos.pawn(me)?, pos.pawn(other)?);
        if !self.matches(pos) || pos.is_game_over() {
            return None;
        }
        let mut buf = Vec::with_capacity(8);
        race_moves(pos, a, b, &mut buf);
        let mut best: Option<(Move, i64)> = None;
        for &t in &buf {
            // Value for me after moving to t: the negation of the opponent's.
            let Some(after) = self.value(other, b, t) else { continue };
            let key = match after {
                RaceValue::Loss(n) => 1_000_000 - i64::from(n),
                RaceValue::Draw => 0,
                RaceValue::Win(n) => -1_000_000 + i64::from(n),
            };
            if best.is_none_or(|(_, k)| key > k) {
                best = Some((Move::Pawn(t), key));
            }
        }
        let (m, _) = best?;
        Some((m, self.value(me, a, b)?))
    }
}

fn decode(v: i16) -> RaceValue {
    match v {
        0 => RaceValue::Draw,
        v if v > 0 => RaceValue::Win(v as u32 - 1),
        v => RaceValue::Loss((-v) as u32 - 1),
    }
}

/// The predecessors of every state, in CSR form (`preds[pred_start[s]..pred_start[s + 1]]`),
/// from the children of every state in the same form.
fn predecessors(children: &[u32], child_start: &[u32]) -> (Vec<u32>, Vec<u32>) {
    let states = child_start.len() - 1;
    let mut pred_start = vec![0u32; states + 1];
    for &c in children {
        pred_start[c as usize + 1] += 1;
    }
    for i in 0..states {
        pred_start[i + 1] += pred_start[i];
    }
    let mut fill = pred_start.clone();
    let mut preds = vec![0u32; children.len()];
    for s in 0..states {
        for &c in &children[child_start[s] as usize..child_start[s + 1] as usize] {
            preds[fill[c as usize] as usize] = s as u32;
            fill[c as usize] += 1;
        }
    }
    (pred_start, preds)
}

/// Retrograde analysis from the decided states in `queue`, breadth-first by plies: a state
/// is won as soon as one child is lost, and lost when its last child (`pending` counts
/// them) turns out won (that child has the longest win).
fn retrograde(
    values: &mut [i16],
    pending: &mut [u8],
    mut queue: Vec<u32>,
    pred_start: &[u32],
    preds: &[u32],
) {
    let mut head = 0;
    while head < queue.len() {
        let s = queue[head] as usize;
        head += 1;
        let v = values[s];
        for &p in &preds[pred_start[s] as usize..pred_start[s + 1] as usize] {
            let p = p as usize;
            if values[p] != 0 {
                continue;
            }
            if v < 0 {
                values[p] = -v + 1; // lost in k-1 plies there: won in k here
                queue.push(p as u32);
            } else {
                pending[p] -= 1;
                if pending[p] == 0 {
                    values[p] = -(v + 1);
                    queue.push(p as u32);
                }
            }
        }
    }
}
