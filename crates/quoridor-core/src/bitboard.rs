//! [`Bitboard`]: a set of squares as one bit per square, and its iterator.

use core::fmt;
use core::iter::FusedIterator;

use crate::square::{STRIDE, Square};

/// The bits of the 121 squares of the largest board (bits 0 to 120).
const SQUARE_BITS: u128 = (1u128 << (STRIDE as u32 * STRIDE as u32)) - 1;

/// A set of squares (or of wall anchors) of the largest (11 x 11) board, one bit per square:
/// bit `row * 11 + col` (see [`Square::index`]).
///
/// A `Bitboard` only ever holds squares: the bits past the 121 squares (121 to 127 of the
/// `u128`) are always clear. [`Bitboard::from_bits`] refuses them, [`Bitboard::from_bits_truncate`]
/// drops them, and every other way of building a set starts from squares. So every square a
/// set yields is a real square, which prints and reads back.
///
/// A set is `Copy` and not itself an iterator: loop over [`Bitboard::iter`], or over the set
/// itself (by value or by reference).
///
/// ```
/// use quoridor_core::{Bitboard, Square};
/// let e1: Square = "e1".parse()?;
/// let e2: Square = "e2".parse()?;
/// let set: Bitboard = [e1, e2].into_iter().collect();
/// assert_eq!(set.len(), 2);
/// assert!(set.contains(e2));
/// let names: Vec<String> = set.iter().map(|sq| sq.to_string()).collect();
/// assert_eq!(names, ["e1", "e2"]);
/// for sq in set {
///     assert_eq!(sq.to_string().parse::<Square>()?, sq);
/// }
/// assert_eq!(Bitboard::from_bits(1 << 127), None); // bit 127 is no square
/// assert!(Bitboard::from_bits_truncate(1 << 127).is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(u128);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// All 121 squares of the largest board.
    pub const ALL: Bitboard = Bitboard(SQUARE_BITS);

    /// The set with the bits `bits` (bit `row * 11 + col` for each square), or `None` when a
    /// bit past the 121 squares (bits 121 to 127) is set.
    #[must_use]
    pub const fn from_bits(bits: u128) -> Option<Bitboard> {
        if bits & !SQUARE_BITS == 0 { Some(Bitboard(bits)) } else { None }
    }

    /// The set of the squares whose bits are set in `bits`; the bits past the 121 squares
    /// (121 to 127), which name no square, are dropped.
    #[must_use]
    pub const fn from_bits_truncate(bits: u128) -> Bitboard {
        Bitboard(bits & SQUARE_BITS)
    }

    /// A set built inside the crate from masks that only ever hold squares: checked in debug
    /// builds, masked in release builds so that the type's promise holds regardless.
    #[inline(always)]
    pub(crate) const fn from_square_bits(bits: u128) -> Bitboard {
        debug_assert!(bits & !SQUARE_BITS == 0);
        Bitboard(bits & SQUARE_BITS)
    }

    /// The bits of the set: bit `row * 11 + col` for each square (bits 121 to 127 are clear).
    #[must_use]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// Whether the set holds `sq`.
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & sq.bit() != 0
    }

    /// Number of squares in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Adds `sq`; returns whether it was new.
    pub const fn insert(&mut self, sq: Square) -> bool {
        let new = !self.contains(sq);
        self.0 |= sq.bit();
        new
    }

    /// Removes `sq`; returns whether it was there.
    pub const fn remove(&mut self, sq: Square) -> bool {
        let had = self.contains(sq);
        self.0 &= !sq.bit();
        had
    }

    /// The square with the lowest index (the first in [`Bitboard::iter`] order), if any.
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 { None } else { Some(Square::from_bit_index(self.0.trailing_zeros())) }
    }

    /// The squares of the set, by index: `a1`, `b1`, ... `k1`, `a2`, ...
    pub const fn iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

/// The squares of a [`Bitboard`], by index (see [`Bitboard::iter`]).
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct BitboardIter(u128);

impl Iterator for BitboardIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_bit_index(self.0.trailing_zeros());
        self.0 &= self.0 - 1;
        Some(sq)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }

    #[inline]
    fn count(self) -> usize {
        self.0.count_ones() as usize
    }
}

impl DoubleEndedIterator for BitboardIter {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.ilog2();
        self.0 &= !(1u128 << i);
        Some(Square::from_bit_index(i))
    }
}

impl ExactSizeIterator for BitboardIter {}

impl FusedIterator for BitboardIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;

    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

impl IntoIterator for &Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;

    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        set.extend(iter);
        set
    }
}

impl Extend<Square> for Bitboard {
    fn extend<I: IntoIterator<Item = Square>>(&mut self, iter: I) {
        for sq in iter {
            self.insert(sq);
        }
    }
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        sq.bb()
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl core::ops::BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl core::ops::BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;
    use std::vec::Vec;

    /// Regression: `Bitboard(1 << 127)` used to yield a square printed `g12`, which does
    /// not read back, and to count 128 squares in a full `u128`.
    #[test]
    fn bits_past_the_board_are_no_squares() {
        assert_eq!(Bitboard::from_bits(1 << 127), None);
        assert_eq!(Bitboard::from_bits(1 << 121), None);
        assert_eq!(Bitboard::from_bits(1 << 120).map(Bitboard::len), Some(1));
        assert!(Bitboard::from_bits_truncate(1 << 127).is_empty());
        assert_eq!(Bitboard::from_bits_truncate(u128::MAX), Bitboard::ALL);
        assert_eq!(Bitboard::ALL.len(), 121);
        assert_eq!(Bitboard::ALL.iter().count(), 121);
        assert_eq!(Bitboard::ALL.iter().rev().count(), 121);
    }

    #[test]
    fn every_square_yielded_reads_back() {
        let all: Vec<Square> = Bitboard::from_bits_truncate(u128::MAX).into_iter().collect();
        assert_eq!(all.len(), 121);
        for (i, sq) in all.iter().enumerate() {
            assert_eq!(usize::from(sq.index()), i);
            assert_eq!(sq.to_string().parse::<Square>(), Ok(*sq));
        }
        let back: Vec<Square> = Bitboard::ALL.iter().rev().collect();
        assert!(back.iter().rev().eq(all.iter()));
        assert_eq!(all.last().map(ToString::to_string).as_deref(), Some("k11"));
    }

    #[test]
    fn set_operations() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let mut a = Bitboard::EMPTY;
        assert!(a.insert(sq("e1")));
        assert!(!a.insert(sq("e1")));
        assert!(a.insert(sq("k11")));
        let b: Bitboard = [sq("e1"), sq("a1")].into_iter().collect();
        assert_eq!((a | b).len(), 3);
        assert_eq!((a & b).iter().collect::<Vec<_>>(), [sq("e1")]);
        assert_eq!(a.first(), Some(sq("e1")));
        assert!(a.remove(sq("e1")));
        assert!(!a.remove(sq("e1")));
        assert_eq!(a.first(), Some(sq("k11")));
        assert_eq!(a.bits(), 1 << 120);
        let mut n = 0;
        for s in &b {
            assert!(b.contains(s));
            n += 1;
        }
        assert_eq!(n, b.len());
        assert_eq!(std::format!("{b:?}"), "{a1, e1}");
    }
}
