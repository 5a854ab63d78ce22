//! Squares, seats and directions.

use core::fmt;
use core::str::FromStr;

use crate::bitboard::Bitboard;
use crate::board_size::BoardSize;
use crate::text::SmallText;

/// Side of the largest board: squares are numbered on an 11 x 11 grid whatever the board.
pub(crate) const MAX_SIZE: u8 = 11;
/// Distance in bit index between two vertically adjacent squares. Every board size uses the
/// same stride, so one bitboard layout serves all sizes.
pub(crate) const STRIDE: u8 = 11;

/// A square of the board, `a1` (bottom left, seen from South) to `k11`.
///
/// A `Square` only knows that it lies on the largest (11 x 11) board; whether it lies on a
/// smaller board is a question for the position ([`Square::on_board`]).
///
/// ```
/// use quoridor_core::Square;
/// let e1: Square = "e1".parse().unwrap();
/// assert_eq!((e1.col(), e1.row()), (4, 0));
/// assert_eq!(e1.to_string(), "e1");
/// assert!(Square::new(11, 0).is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square in column `col` and row `row` (both from 0), or `None` past the 11 x 11 board.
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Option<Square> {
        if col < MAX_SIZE && row < MAX_SIZE { Some(Square(row * STRIDE + col)) } else { None }
    }

    /// The square with bit index `index` (`row * 11 + col`), or `None` when no square has it.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < STRIDE * MAX_SIZE { Some(Square(index)) } else { None }
    }

    /// The bit index of the square: `row * 11 + col`.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Column, from 0 (`a`).
    #[must_use]
    pub const fn col(self) -> u8 {
        self.0 % STRIDE
    }

    /// Row, from 0 (row `1`).
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / STRIDE
    }

    /// Whether the square lies on a board of side `size`.
    #[must_use]
    pub const fn on_board(self, size: BoardSize) -> bool {
        self.col() < size.get() && self.row() < size.get()
    }

    /// The one-square set of this square.
    #[must_use]
    pub const fn bb(self) -> Bitboard {
        Bitboard::from_square_bits(self.bit())
    }

    /// The bit of this square in a bitboard's `u128`.
    #[inline(always)]
    pub(crate) const fn bit(self) -> u128 {
        1u128 << self.0
    }

    /// The square of bit `i` of a bitboard, which only ever holds squares (so `i < 121`).
    #[inline(always)]
    pub(crate) const fn from_bit_index(i: u32) -> Square {
        debug_assert!(i < (STRIDE * MAX_SIZE) as u32);
        Square(i as u8)
    }

    /// The neighbouring square in `dir` on a board of side `size`, if any.
    #[must_use]
    pub const fn step(self, dir: Direction, size: BoardSize) -> Option<Square> {
        let (c, r, size) = (self.col(), self.row(), size.get());
        if c >= size || r >= size {
            return None;
        }
        match dir {
            Direction::North if r + 1 < size => Some(Square(self.0 + STRIDE)),
            Direction::South if r > 0 => Some(Square(self.0 - STRIDE)),
            Direction::East if c + 1 < size => Some(Square(self.0 + 1)),
            Direction::West if c > 0 => Some(Square(self.0 - 1)),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col()) as char, self.row() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a square could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseSquareError {
    /// The text is empty.
    #[error("empty square: expected a column letter a-k and a row number 1-11, like `e1`")]
    Empty,
    /// The first character is not a column letter.
    #[error("`{0}` is not a column: columns are the lower-case letters a to k")]
    BadColumn(char),
    /// The row part is missing or not a number from 1 to 11.
    #[error("bad row in square: rows are the numbers 1 to 11")]
    BadRow,
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        let c = chars.next().ok_or(ParseSquareError::Empty)?;
        if !('a'..='k').contains(&c) {
            return Err(ParseSquareError::BadColumn(c));
        }
        let rest = chars.as_str();
        // Digits only: `u8::from_str` would also take a sign (`a+1`).
        if rest.is_empty()
            || rest.len() > 2
            || rest.starts_with('0')
            || !rest.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(ParseSquareError::BadRow);
        }
        let row: u8 = rest.parse().map_err(|_| ParseSquareError::BadRow)?;
        if !(1..=MAX_SIZE).contains(&row) {
            return Err(ParseSquareError::BadRow);
        }
        Ok(Square((row - 1) * STRIDE + (c as u8 - b'a')))
    }
}

/// One of the four directions a pawn moves in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards higher rows.
    North = 0,
    /// Towards higher columns.
    East = 1,
    /// Towards lower rows.
    South = 2,
    /// Towards lower columns.
    West = 3,
}

impl Direction {
    /// All four directions.
    pub const ALL: [Direction; 4] =
        [Direction::North, Direction::East, Direction::South, Direction::West];

    /// Bit index offset of one step in this direction.
    #[must_use]
    pub const fn offset(self) -> i8 {
        match self {
            Direction::North => STRIDE as i8,
            Direction::South => -(STRIDE as i8),
            Direction::East => 1,
            Direction::West => -1,
        }
    }

    /// The opposite direction.
    #[must_use]
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::South => Direction::North,
            Direction::East => Direction::West,
            Direction::West => Direction::East,
        }
    }

    /// The two directions at right angles to this one.
    #[must_use]
    pub const fn sides(self) -> [Direction; 2] {
        match self {
            Direction::North | Direction::South => [Direction::West, Direction::East],
            Direction::East | Direction::West => [Direction::South, Direction::North],
        }
    }
}

/// A player's seat at the table. Turns run South, West, North, East.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Seat {
    /// Starts in the middle of row 1, races to the top row.
    South = 0,
    /// Starts in the middle of column a, races to the right-hand column.
    West = 1,
    /// Starts in the middle of the top row, races to row 1.
    North = 2,
    /// Starts in the middle of the last column, races to column a.
    East = 3,
}

impl Seat {
    /// The four seats in turn order.
    pub const ALL: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

    /// The seat with index `i` (0 South, 1 West, 2 North, 3 East).
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Seat> {
        match i {
            0 => Some(Seat::South),
            1 => Some(Seat::West),
            2 => Some(Seat::North),
            3 => Some(Seat::East),
            _ => None,
        }
    }

    /// Index in turn order, 0 to 3.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The one-letter name: `S`, `W`, `N` or `E`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Seat::South => 'S',
            Seat::West => 'W',
            Seat::North => 'N',
            Seat::East => 'E',
        }
    }

    /// The seat named by a letter (either case).
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Seat> {
        match c {
            'S' | 's' => Some(Seat::South),
            'W' | 'w' => Some(Seat::West),
            'N' | 'n' => Some(Seat::North),
            'E' | 'e' => Some(Seat::East),
            _ => None,
        }
    }

    /// The full lower-case name, `south` ...
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Seat::South => "south",
            Seat::West => "west",
            Seat::North => "north",
            Seat::East => "east",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::South => "South",
            Seat::West => "West",
            Seat::North => "North",
            Seat::East => "East",
        })
    }
}

/// Why a seat name could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a seat: expected S, W, N, E or south, west, north, east")]
pub struct ParseSeatError(pub(crate) SmallText);

impl FromStr for Seat {
    type Err = ParseSeatError;

    fn from_str(s: &str) -> Result<Seat, ParseSeatError> {
        let mut cs = s.chars();
        if let (Some(c), None) = (cs.next(), cs.next()) {
            if let Some(seat) = Seat::from_letter(c) {
                return Ok(seat);
            }
        }
        for seat in Seat::ALL {
            if s.eq_ignore_ascii_case(seat.name()) {
                return Ok(seat);
            }
        }
        Err(ParseSeatError(SmallText::new(s)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn square_parse_round_trip() {
        for col in 0..MAX_SIZE {
            for row in 0..MAX_SIZE {
                let sq = Square::new(col, row).unwrap();
                assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            }
        }
        for bad in ["", "l1", "a0", "a12", "a01", "A1", "e", "e1x", "é1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn step_respects_edges() {
        let (five, nine) = (BoardSize::MIN, BoardSize::CLASSIC);
        let a1 = Square::new(0, 0).unwrap();
        assert_eq!(a1.step(Direction::West, nine), None);
        assert_eq!(a1.step(Direction::South, nine), None);
        assert_eq!(a1.step(Direction::North, nine), Square::new(0, 1));
        assert_eq!(a1.step(Direction::East, nine), Square::new(1, 0));
        let e5 = Square::new(4, 4).unwrap();
        assert_eq!(e5.step(Direction::North, five), None);
        assert_eq!(e5.step(Direction::East, five), None);
        assert_eq!(e5.step(Direction::South, five), Square::new(4, 3));
        assert_eq!(e5.step(Direction::West, five), Square::new(3, 4));
        // Off the board, no step leads anywhere.
        let f6 = Square::new(5, 5).unwrap();
        assert!(Direction::ALL.iter().all(|&d| f6.step(d, five).is_none()));
    }
}
