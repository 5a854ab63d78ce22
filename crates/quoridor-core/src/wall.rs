//! Walls, their notation, and sets of walls.

use core::fmt;
use core::str::FromStr;

use crate::bitboard::{Bitboard, BitboardIter};
use crate::board_size::BoardSize;
use crate::square::{MAX_SIZE, ParseSquareError, STRIDE, Square};

/// Which way a wall lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Orientation {
    /// Lies between two rows (`h`): blocks north-south steps.
    Horizontal = 0,
    /// Lies between two columns (`v`): blocks east-west steps.
    Vertical = 1,
}

impl Orientation {
    /// The notation letter, `h` or `v`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Orientation::Horizontal => 'h',
            Orientation::Vertical => 'v',
        }
    }
}

/// A wall, named by its anchor: the square south-west of the wall's centre point.
///
/// `e3h` lies between rows 3 and 4 across columns e and f; `e3v` lies between columns e and f
/// across rows 3 and 4. On the largest board (11 x 11) anchors run from `a1` to `j10`.
///
/// ```
/// use quoridor_core::{Orientation, Wall};
/// let w: Wall = "e3h".parse().unwrap();
/// assert_eq!(w.orientation(), Orientation::Horizontal);
/// assert_eq!(w.anchor().to_string(), "e3");
/// assert_eq!(w.to_string(), "e3h");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Wall {
    anchor: Square,
    orientation: Orientation,
}

impl Wall {
    /// The wall with this anchor and orientation, or `None` when the anchor is in the last
    /// column or row of the largest board (no wall fits there on any board).
    #[must_use]
    pub const fn new(anchor: Square, orientation: Orientation) -> Option<Wall> {
        if anchor.col() + 1 < MAX_SIZE && anchor.row() + 1 < MAX_SIZE {
            Some(Wall { anchor, orientation })
        } else {
            None
        }
    }

    /// The wall at an anchor taken from a board's anchor mask, which is always in range:
    /// move generation builds many walls, and the range test divides by 11.
    #[inline]
    pub(crate) const fn on_anchor(anchor: Square, orientation: Orientation) -> Wall {
        debug_assert!(anchor.col() + 1 < MAX_SIZE && anchor.row() + 1 < MAX_SIZE);
        Wall { anchor, orientation }
    }

    /// The anchor square.
    #[must_use]
    pub const fn anchor(self) -> Square {
        self.anchor
    }

    /// The orientation.
    #[must_use]
    pub const fn orientation(self) -> Orientation {
        self.orientation
    }

    /// Whether the wall lies wholly on a board of side `size`.
    #[must_use]
    pub const fn on_board(self, size: BoardSize) -> bool {
        self.anchor.col() + 1 < size.get() && self.anchor.row() + 1 < size.get()
    }

    /// The walls that cannot stand together with this one (overlapping or crossing), as
    /// (horizontal anchors, vertical anchors).
    pub(crate) const fn conflicts(self) -> (u128, u128) {
        let a = 1u128 << self.anchor.index();
        match self.orientation {
            Orientation::Horizontal => (a | a << 1 | a >> 1, a),
            Orientation::Vertical => (a, a | a << STRIDE | a >> STRIDE),
        }
    }

    /// The wall at `anchor`, if there is one ([`Wall::new`]).
    const fn at(anchor: Option<Square>, orientation: Orientation) -> Option<Wall> {
        match anchor {
            Some(sq) => Wall::new(sq, orientation),
            None => None,
        }
    }

    /// Whether `other` cannot stand together with this wall: one of [`Wall::clashing`],
    /// found by arithmetic on the anchors (no walls built).
    ///
    /// ```
    /// use quoridor_core::Wall;
    /// let w = |s: &str| s.parse::<Wall>().unwrap();
    /// assert!(w("e3h").clashes_with(w("f3h")) && w("e3h").clashes_with(w("e3v")));
    /// assert!(!w("e3h").clashes_with(w("g3h")) && !w("e3h").clashes_with(w("e4v")));
    /// ```
    #[must_use]
    pub const fn clashes_with(self, other: Wall) -> bool {
        let (x, y) = (self.anchor, other.anchor);
        if x.index() == y.index() {
            return true;
        }
        match (self.orientation, other.orientation) {
            (Orientation::Horizontal, Orientation::Horizontal) => {
                x.row() == y.row() && x.col().abs_diff(y.col()) == 1
            }
            (Orientation::Vertical, Orientation::Vertical) => {
                x.col() == y.col() && x.row().abs_diff(y.row()) == 1
            }
            _ => false,
        }
    }

    /// The walls that cannot stand together with this one: itself, the wall that crosses
    /// it (the same anchor, the other orientation) and the two it overlaps (one anchor
    /// before and after it along its length); fewer at the edge of the largest board. The
    /// walls [`WallSet::conflict_with`] finds.
    ///
    /// ```
    /// use quoridor_core::Wall;
    /// let w = |s: &str| s.parse::<Wall>().unwrap();
    /// assert_eq!(w("e3h").clashing(), [Some(w("e3h")), Some(w("e3v")), Some(w("d3h")), Some(w("f3h"))]);
    /// assert_eq!(w("a1v").clashing(), [Some(w("a1v")), Some(w("a1h")), None, Some(w("a2v"))]);
    /// ```
    #[must_use]
    pub const fn clashing(self) -> [Option<Wall>; 4] {
        let (c, r) = (self.anchor.col(), self.anchor.row());
        let o = self.orientation;
        let (crossing, before, after) = match o {
            Orientation::Horizontal => (
                Orientation::Vertical,
                if c > 0 { Square::new(c - 1, r) } else { None },
                Square::new(c + 1, r),
            ),
            Orientation::Vertical => (
                Orientation::Horizontal,
                if r > 0 { Square::new(c, r - 1) } else { None },
                Square::new(c, r + 1),
            ),
        };
        [
            Some(self),
            Some(Wall { anchor: self.anchor, orientation: crossing }),
            Wall::at(before, o),
            Wall::at(after, o),
        ]
    }

    /// The walls that block the pawn step between `a` and `b` (either way), the inverse of
    /// [`Wall::blocked_steps`]: two walls cover every edge between neighbouring squares,
    /// the one anchored at the lower square and the one beside it (west of it for a step
    /// north, south of it for a step east); fewer at the edge of the largest board, none
    /// when the squares are not orthogonal neighbours. A wall may be off a smaller board:
    /// [`Wall::on_board`] tells.
    ///
    /// ```
    /// use quoridor_core::{Square, Wall};
    /// let sq = |s: &str| s.parse::<Square>().unwrap();
    /// let w = |s: &str| s.parse::<Wall>().unwrap();
    /// // e3-e4 is blocked by d3h and e3h; e3-f3 by e2v and e3v.
    /// assert_eq!(Wall::blocking(sq("e4"), sq("e3")), [Some(w("e3h")), Some(w("d3h"))]);
    /// assert_eq!(Wall::blocking(sq("e3"), sq("f3")), [Some(w("e3v")), Some(w("e2v"))]);
    /// assert_eq!(Wall::blocking(sq("a1"), sq("a2")), [Some(w("a1h")), None]);
    /// assert_eq!(Wall::blocking(sq("e3"), sq("f4")), [None, None]);
    /// ```
    #[must_use]
    pub const fn blocking(a: Square, b: Square) -> [Option<Wall>; 2] {
        let (lo, hi) = if a.index() <= b.index() { (a, b) } else { (b, a) };
        let (c, r) = (lo.col(), lo.row());
        let (orientation, beside) = if hi.col() == c && hi.row() == r + 1 {
            (Orientation::Horizontal, if c > 0 { Square::new(c - 1, r) } else { None })
        } else if hi.row() == r && hi.col() == c + 1 {
            (Orientation::Vertical, if r > 0 { Square::new(c, r - 1) } else { None })
        } else {
            return [None, None];
        };
        [Wall::new(lo, orientation), Wall::at(beside, orientation)]
    }

    /// The two pawn steps this wall blocks, each as (square, direction north or east).
    #[must_use]
    pub const fn blocked_steps(self) -> [(Square, crate::Direction); 2] {
        // An anchor is at most `j10`, so the squares east and north of it are on the grid.
        let a = self.anchor.index() as u32;
        match self.orientation {
            Orientation::Horizontal => [
                (self.anchor, crate::Direction::North),
                (Square::from_bit_index(a + 1), crate::Direction::North),
            ],
            Orientation::Vertical => [
                (self.anchor, crate::Direction::East),
                (Square::from_bit_index(a + STRIDE as u32), crate::Direction::East),
            ],
        }
    }
}

impl fmt::Display for Wall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.anchor, self.orientation.letter())
    }
}

impl fmt::Debug for Wall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a wall could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseWallError {
    /// The anchor is not a square.
    #[error("bad wall anchor: {0}")]
    Anchor(ParseSquareError),
    /// The last character is not `h` or `v`.
    #[error("a wall ends in `h` (horizontal) or `v` (vertical)")]
    Orientation,
    /// The anchor is in the last column or row, where no wall fits.
    #[error("no wall fits with its anchor in the last column or row")]
    OffBoard,
}

impl FromStr for Wall {
    type Err = ParseWallError;

    fn from_str(s: &str) -> Result<Wall, ParseWallError> {
        let orientation = match s.as_bytes().last() {
            Some(b'h') => Orientation::Horizontal,
            Some(b'v') => Orientation::Vertical,
            _ => return Err(ParseWallError::Orientation),
        };
        let anchor: Square = s[..s.len() - 1].parse().map_err(ParseWallError::Anchor)?;
        Wall::new(anchor, orientation).ok_or(ParseWallError::OffBoard)
    }
}

/// A set of walls: one bit per anchor for each orientation.
///
/// ```
/// use quoridor_core::{Wall, WallSet};
/// let mut set = WallSet::new();
/// set.insert("e3h".parse().unwrap());
/// assert!(set.contains("e3h".parse().unwrap()));
/// assert_eq!(set.len(), 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct WallSet {
    pub(crate) h: u128,
    pub(crate) v: u128,
}

impl WallSet {
    /// The empty set.
    #[must_use]
    pub const fn new() -> WallSet {
        WallSet { h: 0, v: 0 }
    }

    /// Anchors of the horizontal walls.
    #[must_use]
    pub const fn horizontal(self) -> Bitboard {
        Bitboard::from_square_bits(self.h)
    }

    /// Anchors of the vertical walls.
    #[must_use]
    pub const fn vertical(self) -> Bitboard {
        Bitboard::from_square_bits(self.v)
    }

    /// The walls of the set whose anchors are in `horizontal` (horizontal walls) and
    /// `vertical` (vertical walls): a subset, so its walls need no range check when
    /// iterated (move generation keeps the legal walls that cut a path this way).
    ///
    /// ```
    /// use quoridor_core::{Bitboard, Position, Square};
    /// let legal = Position::default().legal_walls();
    /// let e3: Square = "e3".parse()?;
    /// let only = legal.restricted_to(Bitboard::from(e3), Bitboard::EMPTY);
    /// assert_eq!(only.iter().map(|w| w.to_string()).collect::<Vec<_>>(), ["e3h"]);
    /// # Ok::<(), quoridor_core::ParseSquareError>(())
    /// ```
    #[must_use]
    pub const fn restricted_to(self, horizontal: Bitboard, vertical: Bitboard) -> WallSet {
        WallSet { h: self.h & horizontal.bits(), v: self.v & vertical.bits() }
    }

    /// Adds a wall; returns whether it was new.
    pub const fn insert(&mut self, w: Wall) -> bool {
        let had = self.contains(w);
        let bit = 1u128 << w.anchor().index();
        match w.orientation() {
            Orientation::Horizontal => self.h |= bit,
            Orientation::Vertical => self.v |= bit,
        }
        !had
    }

    /// Removes a wall; returns whether it was there.
    pub const fn remove(&mut self, w: Wall) -> bool {
        let had = self.contains(w);
        let bit = 1u128 << w.anchor().index();
        match w.orientation() {
            Orientation::Horizontal => self.h &= !bit,
            Orientation::Vertical => self.v &= !bit,
        }
        had
    }

    /// Whether the set holds `w`.
    #[must_use]
    pub const fn contains(self, w: Wall) -> bool {
        let bits = match w.orientation() {
            Orientation::Horizontal => self.h,
            Orientation::Vertical => self.v,
        };
        bits >> w.anchor().index() & 1 != 0
    }

    /// Number of walls.
    #[must_use]
    pub const fn len(self) -> usize {
        (self.h.count_ones() + self.v.count_ones()) as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.h == 0 && self.v == 0
    }

    /// The walls, horizontal ones first, each group by anchor index.
    pub const fn iter(self) -> WallSetIter {
        WallSetIter { h: self.horizontal().iter(), v: self.vertical().iter() }
    }

    /// A wall of the set that overlaps or crosses `w` (other than `w` itself), if any.
    #[must_use]
    pub fn conflict_with(self, w: Wall) -> Option<Wall> {
        let (ch, cv) = w.conflicts();
        let mut other = WallSet { h: self.h & ch, v: self.v & cv };
        other.remove(w);
        other.iter().next()
    }
}

/// The walls of a [`WallSet`], horizontal ones first, each group by anchor index (see
/// [`WallSet::iter`]).
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WallSetIter {
    h: BitboardIter,
    v: BitboardIter,
}

impl Iterator for WallSetIter {
    type Item = Wall;

    #[inline]
    fn next(&mut self) -> Option<Wall> {
        // A set only ever holds walls, so every anchor in it is in range.
        match self.h.next() {
            Some(a) => Some(Wall::on_anchor(a, Orientation::Horizontal)),
            None => self.v.next().map(|a| Wall::on_anchor(a, Orientation::Vertical)),
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.h.len() + self.v.len();
        (n, Some(n))
    }
}

impl DoubleEndedIterator for WallSetIter {
    #[inline]
    fn next_back(&mut self) -> Option<Wall> {
        match self.v.next_back() {
            Some(a) => Some(Wall::on_anchor(a, Orientation::Vertical)),
            None => self.h.next_back().map(|a| Wall::on_anchor(a, Orientation::Horizontal)),
        }
    }
}

impl ExactSizeIterator for WallSetIter {}

impl core::iter::FusedIterator for WallSetIter {}

impl IntoIterator for WallSet {
    type Item = Wall;
    type IntoIter = WallSetIter;
    fn into_iter(self) -> WallSetIter {
        self.iter()
    }
}

impl IntoIterator for &WallSet {
    type Item = Wall;
    type IntoIter = WallSetIter;
    fn into_iter(self) -> WallSetIter {
        self.iter()
    }
}

impl fmt::Debug for WallSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Wall> for WallSet {
    fn from_iter<I: IntoIterator<Item = Wall>>(iter: I) -> WallSet {
        let mut set = WallSet::new();
        for w in iter {
            set.insert(w);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;
    use std::vec::Vec;

    #[test]
    fn wall_parse_round_trip() {
        for col in 0..MAX_SIZE - 1 {
            for row in 0..MAX_SIZE - 1 {
                for o in [Orientation::Horizontal, Orientation::Vertical] {
                    let w = Wall::new(Square::new(col, row).unwrap(), o).unwrap();
                    assert_eq!(w.to_string().parse::<Wall>(), Ok(w));
                }
            }
        }
        assert_eq!("k1h".parse::<Wall>(), Err(ParseWallError::OffBoard));
        assert_eq!("a11v".parse::<Wall>(), Err(ParseWallError::OffBoard));
        assert_eq!("e3x".parse::<Wall>(), Err(ParseWallError::Orientation));
        assert!("h".parse::<Wall>().is_err());
        assert!("".parse::<Wall>().is_err());
    }

    #[test]
    fn blocked_steps_follow_the_rules() {
        use crate::Direction::{East, North};
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let w = |s: &str| s.parse::<Wall>().unwrap();
        // e3h blocks e3-e4 and f3-f4; e3v blocks e3-f3 and e4-f4.
        assert_eq!(w("e3h").blocked_steps(), [(sq("e3"), North), (sq("f3"), North)]);
        assert_eq!(w("e3v").blocked_steps(), [(sq("e3"), East), (sq("e4"), East)]);
        assert_eq!(w("j10h").blocked_steps(), [(sq("j10"), North), (sq("k10"), North)]);
        assert_eq!(w("j10v").blocked_steps(), [(sq("j10"), East), (sq("j11"), East)]);
    }

    /// Every square of the largest board.
    fn grid_squares() -> impl Iterator<Item = Square> + Clone {
        (0..MAX_SIZE).flat_map(|r| (0..MAX_SIZE).filter_map(move |c| Square::new(c, r)))
    }

    /// Every wall of the largest board.
    fn grid_walls() -> impl Iterator<Item = Wall> + Clone {
        grid_squares()
            .flat_map(|sq| {
                [Orientation::Horizontal, Orientation::Vertical].map(|o| Wall::new(sq, o))
            })
            .flatten()
    }

    #[test]
    fn blocking_is_the_inverse_of_blocked_steps() {
        let step = |s: Square, d: crate::Direction, to: Square| {
            i32::from(s.index()) + i32::from(d.offset()) == i32::from(to.index())
        };
        let walls: Vec<Wall> = grid_walls().collect();
        let mut blocked = 0;
        for a in grid_squares() {
            for b in grid_squares() {
                let mut want: Vec<Wall> = walls
                    .iter()
                    .copied()
                    .filter(|w| {
                        w.blocked_steps()
                            .iter()
                            .any(|&(s, d)| (s == a && step(s, d, b)) || (s == b && step(s, d, a)))
                    })
                    .collect();
                let mut got: Vec<Wall> = Wall::blocking(a, b).into_iter().flatten().collect();
                got.sort();
                want.sort();
                assert_eq!(got, want, "{a}-{b}");
                blocked += usize::from(!got.is_empty());
            }
        }
        // The 220 edges between neighbours of the largest board, each both ways.
        assert_eq!(blocked, 2 * 2 * 11 * 10);
    }

    #[test]
    fn clashing_is_what_conflict_with_finds() {
        let mut clashes = 0;
        for a in grid_walls() {
            let set: WallSet = [a].into_iter().collect();
            for b in grid_walls() {
                let clash = a == b || set.conflict_with(b).is_some();
                assert_eq!(a.clashing().contains(&Some(b)), clash, "{a} {b}");
                assert_eq!(a.clashes_with(b), clash, "{a} {b}");
                clashes += usize::from(clash);
            }
        }
        // Each of the 200 walls clashes with itself and its crossing wall, and each of the
        // 2 * 10 * 9 pairs of overlapping walls both ways.
        assert_eq!(clashes, 2 * 200 + 2 * 2 * 10 * 9);
    }

    #[test]
    fn conflicts_follow_the_rules() {
        let w = |s: &str| s.parse::<Wall>().unwrap();
        let set: WallSet = [w("e3h")].into_iter().collect();
        assert_eq!(set.conflict_with(w("d3h")), Some(w("e3h")));
        assert_eq!(set.conflict_with(w("f3h")), Some(w("e3h")));
        assert_eq!(set.conflict_with(w("e3v")), Some(w("e3h")));
        assert_eq!(set.conflict_with(w("c3h")), None);
        assert_eq!(set.conflict_with(w("e4h")), None);
        assert_eq!(set.conflict_with(w("e2v")), None);
        assert_eq!(set.conflict_with(w("e4v")), None);
        let set: WallSet = [w("e3v")].into_iter().collect();
        assert_eq!(set.conflict_with(w("e2v")), Some(w("e3v")));
        assert_eq!(set.conflict_with(w("e4v")), Some(w("e3v")));
        assert_eq!(set.conflict_with(w("e3h")), Some(w("e3v")));
        assert_eq!(set.conflict_with(w("d3v")), None);
        assert_eq!(set.conflict_with(w("d3h")), None);
    }
}
