//! [`BoardSize`]: the side of a supported board, checked once when it is made.

use core::fmt;
use core::str::FromStr;

use crate::text::SmallText;

/// The side of a supported board: odd, from 5 to 11 (`docs/rules.md`). 9 is the classic game,
/// 7 the children's edition.
///
/// A `BoardSize` is always one of these four, so code that takes one never has to check it
/// again (or quietly clamp a bad one).
///
/// ```
/// use quoridor_core::BoardSize;
/// let size = BoardSize::try_from(7)?;
/// assert_eq!(size.get(), 7);
/// assert_eq!(size.to_string(), "7");
/// assert_eq!("7".parse::<BoardSize>()?, size);
/// assert!(BoardSize::try_from(8).is_err());
/// assert_eq!(
///     "13".parse::<BoardSize>().unwrap_err().to_string(),
///     "`13` is not a board size: the side must be odd, from 5 to 11"
/// );
/// assert_eq!(BoardSize::default(), BoardSize::CLASSIC);
/// # Ok::<(), quoridor_core::BoardSizeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct BoardSize(u8);

impl BoardSize {
    /// The smallest board, 5 x 5.
    pub const MIN: BoardSize = BoardSize(5);
    /// The largest board, 11 x 11.
    pub const MAX: BoardSize = BoardSize(11);
    /// The classic board, 9 x 9.
    pub const CLASSIC: BoardSize = BoardSize(9);
    /// Every supported size, smallest first.
    pub const ALL: [BoardSize; 4] = [BoardSize(5), BoardSize(7), BoardSize(9), BoardSize(11)];

    /// The board of side `side`, or `None` when the side is not odd or not from 5 to 11.
    #[must_use]
    pub const fn new(side: u8) -> Option<BoardSize> {
        if side >= BoardSize::MIN.0 && side <= BoardSize::MAX.0 && side % 2 == 1 {
            Some(BoardSize(side))
        } else {
            None
        }
    }

    /// The side: 5, 7, 9 or 11.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The position of this size in [`BoardSize::ALL`], for tables kept per size.
    #[inline(always)]
    pub(crate) const fn index(self) -> usize {
        ((self.0 - BoardSize::MIN.0) / 2) as usize
    }
}

impl Default for BoardSize {
    /// The classic board, 9 x 9.
    fn default() -> BoardSize {
        BoardSize::CLASSIC
    }
}

impl From<BoardSize> for u8 {
    fn from(size: BoardSize) -> u8 {
        size.0
    }
}

impl TryFrom<u8> for BoardSize {
    type Error = BoardSizeError;

    fn try_from(side: u8) -> Result<BoardSize, BoardSizeError> {
        BoardSize::new(side).ok_or(BoardSizeError(Bad::Side(side)))
    }
}

impl FromStr for BoardSize {
    type Err = BoardSizeError;

    /// Reads the side in decimal digits, without a sign or leading zeros: `5`, `7`, `9` or
    /// `11`.
    fn from_str(s: &str) -> Result<BoardSize, BoardSizeError> {
        let digits = !s.is_empty()
            && s.len() <= 2
            && !s.starts_with('0')
            && s.bytes().all(|b| b.is_ascii_digit());
        let side = if digits { s.parse::<u8>().ok() } else { None };
        side.and_then(BoardSize::new).ok_or_else(|| BoardSizeError(Bad::Text(SmallText::new(s))))
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// A board size that is not supported: not odd, or not from 5 to 11. Made by
/// `BoardSize::try_from(u8)` and by reading a size from text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardSizeError(Bad);

#[derive(Debug, Clone, PartialEq, Eq)]
enum Bad {
    Side(u8),
    Text(SmallText),
}

impl fmt::Display for BoardSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Bad::Side(n) => write!(f, "`{n}` is not a board size")?,
            Bad::Text(t) => write!(f, "`{t}` is not a board size")?,
        }
        write!(f, ": the side must be odd, from {} to {}", BoardSize::MIN, BoardSize::MAX)
    }
}

impl core::error::Error for BoardSizeError {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn only_odd_sides_from_5_to_11() {
        for n in 0..=u8::MAX {
            let ok = matches!(n, 5 | 7 | 9 | 11);
            assert_eq!(BoardSize::new(n).is_some(), ok, "{n}");
            assert_eq!(BoardSize::try_from(n).is_ok(), ok, "{n}");
            assert_eq!(n.to_string().parse::<BoardSize>().is_ok(), ok, "{n}");
        }
        for (i, size) in BoardSize::ALL.into_iter().enumerate() {
            assert_eq!(size.index(), i);
            assert_eq!(size.to_string().parse::<BoardSize>(), Ok(size));
            assert_eq!(u8::from(size), size.get());
        }
    }

    #[test]
    fn errors_name_the_token_and_the_rule() {
        let e = BoardSize::try_from(8).unwrap_err().to_string();
        assert_eq!(e, "`8` is not a board size: the side must be odd, from 5 to 11");
        for bad in ["", "+9", "09", "9 ", "nine", "111"] {
            let e = bad.parse::<BoardSize>().unwrap_err().to_string();
            assert!(e.starts_with(&std::format!("`{bad}` is not a board size")), "{e}");
            assert!(e.ends_with("odd, from 5 to 11"), "{e}");
        }
    }
}
