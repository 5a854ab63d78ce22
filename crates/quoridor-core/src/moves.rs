//! Moves and their standard notation.

use core::fmt;
use core::str::FromStr;

use crate::square::{MAX_SIZE, ParseSquareError, Square};
use crate::text::SmallText;
use crate::wall::{ParseWallError, Wall};

/// One ply: a pawn move (written as its destination square, `e2`) or a wall (`e3h`).
///
/// ```
/// use quoridor_core::Move;
/// let m: Move = "e3h".parse().unwrap();
/// assert!(matches!(m, Move::Wall(_)));
/// let p: Move = "e2".parse().unwrap();
/// assert_eq!(p.to_string(), "e2");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// Move the pawn to this square (a step, a jump or a side-step).
    Pawn(Square),
    /// Place this wall.
    Wall(Wall),
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pawn(sq) => fmt::Display::fmt(sq, f),
            Move::Wall(w) => fmt::Display::fmt(w, f),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a move could not be read: the token, and what is wrong with it ([`ParseMoveError::kind`]).
///
/// ```
/// use quoridor_core::{Move, ParseMoveErrorKind};
/// let e = "k5h".parse::<Move>().unwrap_err();
/// assert_eq!(e.token(), "k5h");
/// assert!(matches!(e.kind(), ParseMoveErrorKind::Wall(_)));
/// assert_eq!(e.to_string(), "`k5h` is not a wall: no wall fits with its anchor in the last column or row");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseMoveError {
    token: SmallText,
    kind: ParseMoveErrorKind,
}

/// What is wrong with a move token (see [`ParseMoveError`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseMoveErrorKind {
    /// Read as a pawn move (it does not end in `h` or `v`), but not a square.
    Square(ParseSquareError),
    /// Read as a wall (it ends in `h` or `v`), but not a wall.
    Wall(ParseWallError),
}

impl ParseMoveError {
    /// The bad token (its first 24 bytes, cut at a character boundary, when it is longer).
    #[must_use]
    pub fn token(&self) -> &str {
        self.token.as_str()
    }

    /// What is wrong with the token.
    #[must_use]
    pub const fn kind(&self) -> &ParseMoveErrorKind {
        &self.kind
    }
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let token = &self.token;
        match &self.kind {
            ParseMoveErrorKind::Square(e) => write!(
                f,
                "`{token}` is not a move: {e} (a pawn move is a square like `e2`, a wall is an anchor and h or v like `e3h`)"
            ),
            ParseMoveErrorKind::Wall(e) => write!(f, "`{token}` is not a wall: {e}"),
        }
    }
}

impl core::error::Error for ParseMoveError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match &self.kind {
            ParseMoveErrorKind::Square(e) => Some(e),
            ParseMoveErrorKind::Wall(e) => Some(e),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = |kind| ParseMoveError { token: SmallText::new(s), kind };
        match s.as_bytes().last() {
            Some(b'h' | b'v') => {
                s.parse().map(Move::Wall).map_err(|e| err(ParseMoveErrorKind::Wall(e)))
            }
            _ => s.parse().map(Move::Pawn).map_err(|e| err(ParseMoveErrorKind::Square(e))),
        }
    }
}

/// The most walls that fit on the largest (11 x 11) board at once, both orientations: an
/// empty board has 10 x 10 anchors for each. Placed walls only take room from others.
const MAX_WALL_MOVES: usize = 2 * (MAX_SIZE as usize - 1) * (MAX_SIZE as usize - 1);

/// The most pawn moves in any position: each of the four directions gives a step, a
/// straight jump, or at most two side-steps.
const MAX_PAWN_MOVES: usize = 8;

/// Room in a [`MoveList`]: more than the legal moves of any position (at most 200 walls on
/// 11 x 11 plus 8 pawn moves).
pub const MAX_MOVES: usize = 256;

// Move generation relies on this: no legal move is ever left out of a list.
const _: () = assert!(MAX_WALL_MOVES + MAX_PAWN_MOVES <= MAX_MOVES);

/// A [`MoveList`] is full: it holds [`MAX_MOVES`] moves already.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the move list is full: it holds at most {MAX_MOVES} moves")]
pub struct MoveListFullError;

/// A list of moves on the stack, with room for every legal move of any position.
///
/// A fixed array rather than `smallvec`: the bound is known, so nothing ever spills, and the
/// crate stays usable without an allocator. It reads as a slice of moves (`len`, `iter`,
/// indexing, sorting), and loops over it go by value or by reference:
///
/// ```
/// use quoridor_core::{Move, Position};
/// let pos = Position::default();
/// let mut walls = 0;
/// for m in pos.legal_moves() {
///     if let Move::Wall(_) = m {
///         walls += 1;
///     }
/// }
/// assert_eq!(walls, 128);
/// let moves = pos.legal_moves();
/// for m in &moves {
///     assert!(pos.is_legal(*m));
/// }
/// assert_eq!(moves.len(), 131);
/// ```
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[must_use]
    pub const fn new() -> MoveList {
        MoveList { moves: [Move::Pawn(Square::from_bit_index(0)); MAX_MOVES], len: 0 }
    }

    /// Appends a move.
    ///
    /// # Errors
    /// [`MoveListFullError`] when the list already holds [`MAX_MOVES`] moves; the list does
    /// not change. The legal moves of a position always fit.
    #[inline]
    pub fn push(&mut self, m: Move) -> Result<(), MoveListFullError> {
        let slot = self.moves.get_mut(self.len).ok_or(MoveListFullError)?;
        *slot = m;
        self.len += 1;
        Ok(())
    }

    /// The moves, as a slice.
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Keeps only the moves for which `f` is true, in their order.
    pub fn retain(&mut self, mut f: impl FnMut(&Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            if f(&self.moves[i]) {
                self.moves[j] = self.moves[i];
                j += 1;
            }
        }
        self.len = j;
    }

    /// Removes all moves.
    pub const fn clear(&mut self) {
        self.len = 0;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for MoveList {}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl core::ops::DerefMut for MoveList {
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The moves of a [`MoveList`], by value (see its `IntoIterator` implementation).
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct MoveListIntoIter {
    moves: [Move; MAX_MOVES],
    next: usize,
    end: usize,
}

impl Iterator for MoveListIntoIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        if self.next == self.end {
            return None;
        }
        let m = self.moves.get(self.next).copied();
        self.next += 1;
        m
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.end - self.next;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for MoveListIntoIter {
    #[inline]
    fn next_back(&mut self) -> Option<Move> {
        if self.next == self.end {
            return None;
        }
        self.end -= 1;
        self.moves.get(self.end).copied()
    }
}

impl ExactSizeIterator for MoveListIntoIter {}

impl core::iter::FusedIterator for MoveListIntoIter {}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = MoveListIntoIter;
    fn into_iter(self) -> MoveListIntoIter {
        MoveListIntoIter { moves: self.moves, next: 0, end: self.len }
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut MoveList {
    type Item = &'a mut Move;
    type IntoIter = core::slice::IterMut<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn move_parse() {
        assert!(matches!("e2".parse::<Move>(), Ok(Move::Pawn(_))));
        assert!(matches!("a1v".parse::<Move>(), Ok(Move::Wall(_))));
        let kind = |s: &str| s.parse::<Move>().unwrap_err().kind().clone();
        assert!(matches!(kind("z1"), ParseMoveErrorKind::Square(_)));
        assert!(matches!(kind("e9x"), ParseMoveErrorKind::Square(_)));
        assert!(matches!(kind("k5h"), ParseMoveErrorKind::Wall(ParseWallError::OffBoard)));
        let long = "e3e3e3e3e3e3e3e3e3e3e3e3e3e3e3";
        assert_eq!(long.parse::<Move>().unwrap_err().token(), &long[..24]);
        let e = "qq".parse::<Move>().unwrap_err().to_string();
        assert!(e.contains("`qq`"), "{e}");
    }

    /// Regression: `push` used to drop moves past the capacity silently in release builds.
    #[test]
    fn a_full_list_refuses_a_move_and_keeps_its_moves() {
        let mut list = MoveList::new();
        let e2: Move = "e2".parse().unwrap();
        let e3h: Move = "e3h".parse().unwrap();
        for _ in 0..MAX_MOVES - 1 {
            assert_eq!(list.push(e2), Ok(()));
        }
        assert_eq!(list.push(e3h), Ok(()));
        assert_eq!(list.push(e2), Err(MoveListFullError));
        assert_eq!(list.len(), MAX_MOVES);
        assert_eq!(list.last(), Some(&e3h));
        list.clear();
        assert!(list.is_empty());
        assert_eq!(list.push(e2), Ok(()));
    }

    #[test]
    fn iteration_by_value_and_by_reference_agree() {
        let mut list = MoveList::new();
        for m in ["e2", "e3h", "a1v", "k11"] {
            list.push(m.parse().unwrap()).unwrap();
        }
        let by_ref: std::vec::Vec<Move> = (&list).into_iter().copied().collect();
        let by_value: std::vec::Vec<Move> = list.clone().into_iter().collect();
        assert_eq!(by_ref, by_value);
        assert_eq!(by_value.len(), 4);
        let mut it = list.clone().into_iter();
        assert_eq!(it.len(), 4);
        assert_eq!(it.next_back().map(|m| m.to_string()).as_deref(), Some("k11"));
        assert_eq!(it.next().map(|m| m.to_string()).as_deref(), Some("e2"));
        assert_eq!(it.len(), 2);
        list.retain(|m| matches!(m, Move::Wall(_)));
        assert_eq!(
            list.iter().map(ToString::to_string).collect::<std::vec::Vec<_>>(),
            ["e3h", "a1v"]
        );
    }
}
