//! Action ids: every move of a board size numbered `0..n`, seen from a seat, for programs that
//! learn to play (a policy's outputs, a mask of the legal moves).
//!
//! **Seen from a seat** means on the board turned so that the seat starts at the bottom and
//! runs up, the way South sees the board as written: North's view is the board turned half a
//! turn, West's a quarter turn anticlockwise (West's goal column, the right-hand one, becomes
//! the top row), East's a quarter turn clockwise. Seen from any seat, its own start square is
//! the middle of the bottom row.
//!
//! On a board of side N, with every square and anchor taken in the view:
//!
//! | ids | moves | id |
//! |---|---|---|
//! | `0 .. N²` | pawn moves, by destination | `row * N + col` |
//! | `N² .. N² + (N-1)²` | horizontal walls, by anchor | `N² + row * (N-1) + col` |
//! | `N² + (N-1)² .. N² + 2(N-1)²` | vertical walls, by anchor | `N² + (N-1)² + row * (N-1) + col` |
//!
//! Rows and columns count from 0 (`a1` is row 0, column 0). A 9 x 9 board has 209 ids: 81
//! pawn destinations and 64 walls of each orientation. 5 x 5 has 57, 7 x 7 121, 11 x 11 321.
//!
//! ```
//! use quoridor_core::action::ActionMap;
//! use quoridor_core::{BoardSize, Move, Seat};
//!
//! let south = ActionMap::new(BoardSize::CLASSIC, Seat::South);
//! assert_eq!(south.len(), 209);
//! let e2: Move = "e2".parse()?;
//! assert_eq!(south.action(e2), Some(13)); // row 1, column 4
//! assert_eq!(south.to_move(81 + 2 * 8 + 4), Some("e3h".parse()?));
//!
//! // North sees the board turned half a turn: its e8 is South's e2.
//! let north = ActionMap::new(BoardSize::CLASSIC, Seat::North);
//! assert_eq!(north.action("e8".parse()?), Some(13));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`mirror_action`] maps an id to the id of the same move mirrored left to right: in a
//! two-player game a symmetry of the game, for data augmentation.

use crate::bitboard::Bitboard;
use crate::board_size::BoardSize;
use crate::geometry::geometry;
use crate::moves::Move;
use crate::position::Position;
use crate::square::{STRIDE, Seat, Square};
use crate::wall::{Orientation, Wall, WallSet};

/// The action ids of one board size seen from one seat (see the [module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ActionMap {
    size: BoardSize,
    view: Seat,
}

/// Why a mask or an observation could not be written: the buffer, the board or the seat does
/// not fit the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EncodeError {
    /// The buffer has the wrong length.
    #[error("the buffer holds {found} values, but {expected} are needed")]
    Length {
        /// The length needed.
        expected: usize,
        /// The buffer's length.
        found: usize,
    },
    /// The position is on a board of another size.
    #[error("the position is on a {found}x{found} board, not {expected}x{expected}")]
    Size {
        /// The board size of the action ids.
        expected: BoardSize,
        /// The position's.
        found: BoardSize,
    },
    /// The seat does not play in the game.
    #[error("{0} does not play in this game")]
    NotInGame(Seat),
}

/// `Ok` when `buf` holds exactly `expected` values.
pub(crate) const fn check_len(expected: usize, found: usize) -> Result<(), EncodeError> {
    if expected == found { Ok(()) } else { Err(EncodeError::Length { expected, found }) }
}

impl ActionMap {
    /// The action ids of a board of side `size` seen from `view`.
    #[must_use]
    pub const fn new(size: BoardSize, view: Seat) -> ActionMap {
        ActionMap { size, view }
    }

    /// The board size.
    #[must_use]
    pub const fn size(self) -> BoardSize {
        self.size
    }

    /// The seat whose view numbers the moves.
    #[must_use]
    pub const fn view(self) -> Seat {
        self.view
    }

    /// The number of action ids: N² + 2(N-1)².
    #[must_use]
    pub const fn len(self) -> usize {
        action_count(self.size)
    }

    /// Always false: every board has moves (for clippy's `len_without_is_empty`).
    #[must_use]
    pub const fn is_empty(self) -> bool {
        false
    }

    /// `sq` as this map's seat sees the board (see the [module](self)), or `None` when `sq`
    /// is not on this board.
    ///
    /// ```
    /// use quoridor_core::action::ActionMap;
    /// use quoridor_core::{BoardSize, Seat};
    /// let west = ActionMap::new(BoardSize::CLASSIC, Seat::West);
    /// // West starts on a5 and runs to the right: it sees a5 as the middle of the bottom row.
    /// assert_eq!(west.view_square("a5".parse()?), Some("e1".parse()?));
    /// assert_eq!(west.view_square("k5".parse()?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn view_square(self, sq: Square) -> Option<Square> {
        if !sq.on_board(self.size) {
            return None;
        }
        let (c, r) = rotate_square(self.size.get(), self.view, sq.col(), sq.row());
        Square::new(c, r)
    }

    /// `w` as this map's seat sees the board (a quarter turn swaps the orientation), or
    /// `None` when `w` is not on this board.
    ///
    /// ```
    /// use quoridor_core::action::ActionMap;
    /// use quoridor_core::{BoardSize, Seat};
    /// let north = ActionMap::new(BoardSize::CLASSIC, Seat::North);
    /// assert_eq!(north.view_wall("e3h".parse()?), Some("d6h".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn view_wall(self, w: Wall) -> Option<Wall> {
        if !w.on_board(self.size) {
            return None;
        }
        let (o, c, r) = rotate_wall(self.size.get(), self.view, w);
        Wall::new(Square::new(c, r)?, o)
    }

    /// The id of `m`, or `None` when the move's square or wall is not on this board.
    #[must_use]
    pub fn action(self, m: Move) -> Option<usize> {
        let n = usize::from(self.size.get());
        match m {
            Move::Pawn(sq) => {
                if !sq.on_board(self.size) {
                    return None;
                }
                let (c, r) = rotate_square(self.size.get(), self.view, sq.col(), sq.row());
                Some(usize::from(r) * n + usize::from(c))
            }
            Move::Wall(w) => {
                if !w.on_board(self.size) {
                    return None;
                }
                let (o, c, r) = rotate_wall(self.size.get(), self.view, w);
                let k = n - 1;
                Some(n * n + o as usize * k * k + usize::from(r) * k + usize::from(c))
            }
        }
    }

    /// The move with id `action`, or `None` when `action >= self.len()`.
    #[must_use]
    pub fn to_move(self, action: usize) -> Option<Move> {
        let size = self.size.get();
        let n = usize::from(size);
        let back = inverse_view(self.view);
        if action < n * n {
            let (c, r) = rotate_square(size, back, (action % n) as u8, (action / n) as u8);
            return Square::new(c, r).map(Move::Pawn);
        }
        let k = n - 1;
        let rest = action - n * n;
        if rest >= 2 * k * k {
            return None;
        }
        let o = if rest < k * k { Orientation::Horizontal } else { Orientation::Vertical };
        let a = rest % (k * k);
        let seen = Wall::new(Square::new((a % k) as u8, (a / k) as u8)?, o)?;
        let (o, c, r) = rotate_wall(size, back, seen);
        Wall::new(Square::new(c, r)?, o).map(Move::Wall)
    }

    /// Writes the legal moves of `pos` into `mask`: `mask[id]` is true exactly when the move
    /// with that id is legal for the side to move. All false when the game is over.
    ///
    /// # Errors
    /// When `mask.len()` is not [`ActionMap::len`] or the position's board has another size;
    /// `mask` is not touched then.
    pub fn legal_mask(self, pos: &Position, mask: &mut [bool]) -> Result<(), EncodeError> {
        check_len(self.len(), mask.len())?;
        if pos.size() != self.size {
            return Err(EncodeError::Size { expected: self.size, found: pos.size() });
        }
        self.moves_mask(pos.pawn_moves(), pos.legal_walls(), mask)
    }

    /// Writes the moves `pawns` (pawn destinations) and `walls` into `mask`: `mask[id]` is
    /// true exactly when the move with that id is among them. [`ActionMap::legal_mask`] for
    /// moves found already, such as `pos.pawn_moves()` and `pos.legal_walls()` kept to check
    /// or draw a move later without working out the walls' path rule again. Squares and walls
    /// off this board are left out.
    ///
    /// # Errors
    /// When `mask.len()` is not [`ActionMap::len`]; `mask` is not touched then.
    ///
    /// ```
    /// use quoridor_core::action::ActionMap;
    /// use quoridor_core::{Bitboard, BoardSize, Position, Seat, WallSet};
    ///
    /// let pos = Position::default();
    /// let map = ActionMap::new(BoardSize::CLASSIC, Seat::South);
    /// let (mut a, mut b) = (vec![false; map.len()], vec![true; map.len()]);
    /// map.legal_mask(&pos, &mut a)?;
    /// map.moves_mask(pos.pawn_moves(), pos.legal_walls(), &mut b)?;
    /// assert_eq!(a, b);
    /// map.moves_mask(Bitboard::EMPTY, WallSet::new(), &mut b)?;
    /// assert!(b.iter().all(|&x| !x));
    /// # Ok::<(), quoridor_core::action::EncodeError>(())
    /// ```
    pub fn moves_mask(
        self,
        pawns: Bitboard,
        walls: WallSet,
        mask: &mut [bool],
    ) -> Result<(), EncodeError> {
        check_len(self.len(), mask.len())?;
        let g = geometry(self.size);
        let n = self.size.get();
        // Each group of ids is a grid seen from the view, written row by row; every entry is
        // written once.
        let (pawns, h, v) = (pawns.bits() & g.squares, walls.h & g.anchors, walls.v & g.anchors);
        // Half a turn (North) reverses the order of the rows and of the cells in each.
        let (pawns, (h, v), flip) = match self.view {
            Seat::South | Seat::North => (pawns, (h, v), self.view == Seat::North),
            Seat::West | Seat::East => {
                (turn_bits(pawns, self.view, n - 1), view_walls(h, v, self.view, n - 2), false)
            }
        };
        match (n, flip) {
            (5, false) => grids_to_bools::<5, 4, false>(pawns, h, v, mask),
            (5, true) => grids_to_bools::<5, 4, true>(pawns, h, v, mask),
            (7, false) => grids_to_bools::<7, 6, false>(pawns, h, v, mask),
            (7, true) => grids_to_bools::<7, 6, true>(pawns, h, v, mask),
            (9, false) => grids_to_bools::<9, 8, false>(pawns, h, v, mask),
            (9, true) => grids_to_bools::<9, 8, true>(pawns, h, v, mask),
            (_, false) => grids_to_bools::<11, 10, false>(pawns, h, v, mask),
            (_, true) => grids_to_bools::<11, 10, true>(pawns, h, v, mask),
        }
        Ok(())
    }
}

/// The cells `bits` (bit `row * 11 + col`) of a square grid whose last row and column are
/// `m` (a board's squares: `size - 1`; its wall anchors: `size - 2`), as `view` sees the grid
/// (see [`rotate_square`]). Cells off the grid must be clear.
#[inline]
pub(crate) fn turn_bits(bits: u128, view: Seat, m: u8) -> u128 {
    match view {
        Seat::South => bits,
        // Half a turn: cell `i` goes to `12 m - i`, the bits reversed and brought down.
        Seat::North => bits.reverse_bits() >> (127 - 12 * u32::from(m)),
        Seat::West | Seat::East => {
            let mut out = 0u128;
            let mut rest = bits;
            while rest != 0 {
                let i = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                let (c, r) = rotate_square(m + 1, view, i % STRIDE, i / STRIDE);
                out |= 1u128 << (r * STRIDE + c);
            }
            out
        }
    }
}

/// The anchors of the horizontal walls `h` and vertical walls `v` (on a board whose last
/// anchor row and column are `m`) as `view` sees the board, as (horizontal, vertical): a
/// quarter turn swaps the orientations (see [`rotate_wall`]).
#[inline]
pub(crate) fn view_walls(h: u128, v: u128, view: Seat, m: u8) -> (u128, u128) {
    match view {
        Seat::South | Seat::North => (turn_bits(h, view, m), turn_bits(v, view, m)),
        Seat::West | Seat::East => (turn_bits(v, view, m), turn_bits(h, view, m)),
    }
}

/// Every byte's eight bits as bools: lowest bit first, or with `REV` highest bit first.
const fn byte_bools<const REV: bool>() -> [[bool; 8]; 256] {
    let mut t = [[false; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut j = 0;
        while j < 8 {
            t[b][j] = b >> (if REV { 7 - j } else { j }) & 1 != 0;
            j += 1;
        }
        b += 1;
    }
    t
}

/// [`byte_bools`], lowest bit first.
const BYTE_BOOLS: [[bool; 8]; 256] = byte_bools::<false>();
/// [`byte_bools`], highest bit first.
const BYTE_BOOLS_REV: [[bool; 8]; 256] = byte_bools::<true>();

/// Writes a mask of the ids of a board of side `N` (`K = N - 1`): the pawn destinations
/// `pawns`, then the horizontal and vertical wall anchors `h` and `v`, as the view sees them,
/// or with `FLIP` turned half a turn (see [`grid_to_bools`]). `mask` holds `N² + 2K²`
/// values.
#[inline]
fn grids_to_bools<const N: usize, const K: usize, const FLIP: bool>(
    pawns: u128,
    h: u128,
    v: u128,
    mask: &mut [bool],
) {
    let (pawn_ids, wall_ids) = mask.split_at_mut(N * N);
    let (h_ids, v_ids) = wall_ids.split_at_mut(K * K);
    grid_to_bools::<N, FLIP>(pawns, pawn_ids);
    grid_to_bools::<K, FLIP>(h, h_ids);
    grid_to_bools::<K, FLIP>(v, v_ids);
}

/// Writes the cells of a grid of side `W` (`bits`: bit `row * 11 + col`) into `out`, row by
/// row: `out[row * W + col]` is whether the cell is set, or with `FLIP` whether the cell
/// half a turn away (`W - 1 - col`, `W - 1 - row`) is. Each value is written once.
#[inline]
fn grid_to_bools<const W: usize, const FLIP: bool>(bits: u128, out: &mut [bool]) {
    let lo = if W < 8 { W } else { 8 };
    let mut rest = bits;
    let mut write = |row: &mut [bool]| {
        // The row's bits (a row has at most 11, past them the next rows').
        let b = rest as u16;
        rest >>= STRIDE;
        if FLIP {
            // The row's cells at the top of 16 bits, the last one at bit 15: read downwards.
            let top = b << (16 - W);
            row[..lo].copy_from_slice(&BYTE_BOOLS_REV[usize::from((top >> 8) as u8)][..lo]);
            if W > 8 {
                row[lo..].copy_from_slice(&BYTE_BOOLS_REV[usize::from(top as u8)][..W - lo]);
            }
        } else {
            row[..lo].copy_from_slice(&BYTE_BOOLS[usize::from(b as u8)][..lo]);
            if W > 8 {
                row[lo..].copy_from_slice(&BYTE_BOOLS[usize::from((b >> 8) as u8)][..W - lo]);
            }
        }
    };
    if FLIP {
        out.chunks_exact_mut(W).rev().for_each(&mut write);
    } else {
        out.chunks_exact_mut(W).for_each(&mut write);
    }
}

/// The number of action ids on a board of side `size`: `size²` pawn destinations and
/// `2 (size - 1)²` walls.
#[must_use]
pub const fn action_count(size: BoardSize) -> usize {
    let n = size.get() as usize;
    n * n + 2 * (n - 1) * (n - 1)
}

/// The id of the move `action` mirrored left to right, or `None` when `action` is not an id
/// of a board of side `size` (it is at least [`action_count`]).
///
/// The mirror swaps the columns of the view that numbers the ids: column `c` of a pawn
/// move becomes `N - 1 - c`, a wall's anchor column `c` becomes `N - 2 - c` (the wall then
/// covers the mirrored columns), and rows and orientations stay. Mirroring twice gives the
/// id back. In a two-player game the mirror is a symmetry of the game, whichever seat's view
/// numbers the ids: a position and its mirror image have mirrored legal moves, mirrored
/// observations ([`crate::observation::mirror_observation`]) and the same value, so a
/// learning program may train on both (data augmentation). With three or four players it is
/// not one: the mirror reverses the turn order.
///
/// ```
/// use quoridor_core::action::{ActionMap, mirror_action};
/// use quoridor_core::{BoardSize, Seat};
///
/// let map = ActionMap::new(BoardSize::CLASSIC, Seat::South);
/// let id = |m: &str| map.action(m.parse().unwrap()).unwrap();
/// assert_eq!(mirror_action(BoardSize::CLASSIC, id("c2")), Some(id("g2")));
/// assert_eq!(mirror_action(BoardSize::CLASSIC, id("a1h")), Some(id("h1h")));
/// assert_eq!(mirror_action(BoardSize::CLASSIC, id("d3v")), Some(id("e3v")));
/// assert_eq!(mirror_action(BoardSize::CLASSIC, 209), None);
/// ```
#[must_use]
pub const fn mirror_action(size: BoardSize, action: usize) -> Option<usize> {
    let n = size.get() as usize;
    if action < n * n {
        let (row, col) = (action / n, action % n);
        return Some(row * n + (n - 1 - col));
    }
    let k = n - 1;
    let rest = action - n * n;
    if rest >= 2 * k * k {
        return None;
    }
    let (plane, a) = (rest / (k * k), rest % (k * k));
    let (row, col) = (a / k, a % k);
    Some(n * n + plane * k * k + row * k + (k - 1 - col))
}

/// The seat whose view turns the board back: West and East undo each other.
pub(crate) const fn inverse_view(view: Seat) -> Seat {
    match view {
        Seat::West => Seat::East,
        Seat::East => Seat::West,
        s => s,
    }
}

/// Column and row of the square (`col`, `row`) of a board of side `size`, seen from `view`.
#[inline]
pub(crate) const fn rotate_square(size: u8, view: Seat, col: u8, row: u8) -> (u8, u8) {
    let m = size - 1;
    match view {
        Seat::South => (col, row),
        Seat::North => (m - col, m - row),
        // A quarter turn anticlockwise: the right-hand column becomes the top row.
        Seat::West => (m - row, col),
        // A quarter turn clockwise: the left-hand column becomes the top row.
        Seat::East => (row, m - col),
    }
}

/// Orientation, anchor column and anchor row of the wall `w`, seen from `view`. A wall is
/// turned about its centre point, which lies at (col + 1, row + 1) of the grid of points
/// between the squares (0 to size on each axis); a quarter turn swaps the orientation.
#[inline]
pub(crate) const fn rotate_wall(size: u8, view: Seat, w: Wall) -> (Orientation, u8, u8) {
    let (x, y) = (w.anchor().col() + 1, w.anchor().row() + 1);
    let o = w.orientation();
    let turned = match o {
        Orientation::Horizontal => Orientation::Vertical,
        Orientation::Vertical => Orientation::Horizontal,
    };
    let (o, x, y) = match view {
        Seat::South => (o, x, y),
        Seat::North => (o, size - x, size - y),
        Seat::West => (turned, size - y, x),
        Seat::East => (turned, y, size - x),
    };
    (o, x - 1, y - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_put_every_start_square_at_the_bottom_middle() {
        for size in [5u8, 7, 9, 11] {
            let mid = size / 2;
            let starts = [(mid, 0), (0, mid), (mid, size - 1), (size - 1, mid)];
            for seat in Seat::ALL {
                let (c, r) = starts[seat.index()];
                assert_eq!(rotate_square(size, seat, c, r), (mid, 0), "{seat} on {size}");
            }
        }
    }

    #[test]
    fn a_turned_wall_blocks_the_turned_steps() {
        // North's view of e3h (blocks e3-e4 and f3-f4) is d6h (blocks e7-e6, d7-d6 turned).
        let w: Wall = "e3h".parse().unwrap();
        assert_eq!(rotate_wall(9, Seat::North, w), (Orientation::Horizontal, 3, 5));
        // West sees the board a quarter turn anticlockwise: e3h becomes a vertical wall.
        // Its squares e3 (4,2), e4 (4,3), f3 (5,2), f4 (5,3) become (6,4), (5,4), (6,5), (5,5):
        // a wall between columns f and g over rows 5 and 6, anchor f5.
        assert_eq!(rotate_wall(9, Seat::West, w), (Orientation::Vertical, 5, 4));
        for (c, r) in [(4, 2), (4, 3), (5, 2), (5, 3)] {
            let (c2, _) = rotate_square(9, Seat::West, c, r);
            assert!(c2 == 5 || c2 == 6);
        }
    }
}
