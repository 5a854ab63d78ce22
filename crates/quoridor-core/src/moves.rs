//! Moves and their standard notation.

use core::fmt;
use core::str::FromStr;

use crate::square::{ParseSquareError, Square};
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

/// Why a move could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// Not a square (pawn move).
    #[error(
        "`{token}` is not a move: {source} (a pawn move is a square like `e2`, a wall is an anchor and h or v like `e3h`)"
    )]
    Square {
        /// The bad token.
        token: crate::SmallText,
        /// What is wrong with it.
        source: ParseSquareError,
    },
    /// Not a wall.
    #[error("`{token}` is not a wall: {source}")]
    Wall {
        /// The bad token.
        token: crate::SmallText,
        /// What is wrong with it.
        source: ParseWallError,
    },
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let token = crate::SmallText::new(s);
        match s.as_bytes().last() {
            Some(b'h' | b'v') => {
                s.parse().map(Move::Wall).map_err(|source| ParseMoveError::Wall { token, source })
            }
            _ => {
                s.parse().map(Move::Pawn).map_err(|source| ParseMoveError::Square { token, source })
            }
        }
    }
}

/// Maximum number of legal moves in any position (200 walls on 11 x 11 plus pawn moves).
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack, with room for every legal move of any position.
///
/// A fixed array rather than `smallvec`: the bound is known, so nothing ever spills, and the
/// crate stays usable without an allocator.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    pub const fn new() -> MoveList {
        MoveList { moves: [Move::Pawn(Square::new(0, 0).unwrap()); MAX_MOVES], len: 0 }
    }

    /// Appends a move. Moves past the capacity are dropped (no position has that many).
    #[inline]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES);
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// Keeps only the moves for which `f` is true.
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
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
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

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
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
        assert!(matches!("z1".parse::<Move>(), Err(ParseMoveError::Square { .. })));
        assert!(matches!("e9x".parse::<Move>(), Err(ParseMoveError::Square { .. })));
        assert!(matches!("k5h".parse::<Move>(), Err(ParseMoveError::Wall { .. })));
        let e = "qq".parse::<Move>().unwrap_err().to_string();
        assert!(e.contains("`qq`"), "{e}");
    }
}
