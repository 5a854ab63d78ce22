//! [`Players`]: how many play a game, checked once when it is made.

use core::cmp::Ordering;
use core::fmt;
use core::str::FromStr;

use crate::square::Seat;
use crate::text::SmallText;

/// The number of players of a game: two, three or four (`docs/rules.md`), with the seats
/// that play.
///
/// A `Players` is always one of these three, so code that takes one never checks it again.
/// It compares with plain numbers.
///
/// ```
/// use quoridor_core::{Players, Seat};
/// let three = Players::try_from(3)?;
/// assert_eq!(three.get(), 3);
/// assert_eq!(three.seats(), [Seat::South, Seat::West, Seat::North]);
/// assert!(three > 2 && three == 3);
/// assert_eq!("4".parse::<Players>()?, Players::Four);
/// assert_eq!(
///     Players::try_from(5).unwrap_err().to_string(),
///     "`5` is not a number of players: a game has 2, 3 or 4 players"
/// );
/// # Ok::<(), quoridor_core::PlayersError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub enum Players {
    /// South against North: the classic game.
    #[default]
    Two = 2,
    /// South, West and North.
    Three = 3,
    /// All four seats.
    Four = 4,
}

impl Players {
    /// Every number of players, smallest first.
    pub const ALL: [Players; 3] = [Players::Two, Players::Three, Players::Four];

    /// `n` players, or `None` unless `n` is 2, 3 or 4.
    #[must_use]
    pub const fn new(n: u8) -> Option<Players> {
        match n {
            2 => Some(Players::Two),
            3 => Some(Players::Three),
            4 => Some(Players::Four),
            _ => None,
        }
    }

    /// The number: 2, 3 or 4.
    #[must_use]
    pub const fn get(self) -> u8 {
        self as u8
    }

    /// The seats that play, in turn order from South: South and North; South, West and
    /// North; or all four.
    #[must_use]
    pub const fn seats(self) -> &'static [Seat] {
        match self {
            Players::Two => &[Seat::South, Seat::North],
            Players::Three => &[Seat::South, Seat::West, Seat::North],
            Players::Four => &Seat::ALL,
        }
    }
}

impl From<Players> for u8 {
    fn from(p: Players) -> u8 {
        p.get()
    }
}

impl From<Players> for usize {
    fn from(p: Players) -> usize {
        usize::from(p.get())
    }
}

impl TryFrom<u8> for Players {
    type Error = PlayersError;

    fn try_from(n: u8) -> Result<Players, PlayersError> {
        Players::new(n).ok_or(PlayersError(Bad::Number(n)))
    }
}

impl PartialEq<u8> for Players {
    fn eq(&self, other: &u8) -> bool {
        self.get() == *other
    }
}

impl PartialOrd<u8> for Players {
    fn partial_cmp(&self, other: &u8) -> Option<Ordering> {
        Some(self.get().cmp(other))
    }
}

impl FromStr for Players {
    type Err = PlayersError;

    /// Reads `2`, `3` or `4`.
    fn from_str(s: &str) -> Result<Players, PlayersError> {
        match s {
            "2" => Ok(Players::Two),
            "3" => Ok(Players::Three),
            "4" => Ok(Players::Four),
            _ => Err(PlayersError(Bad::Text(SmallText::new(s)))),
        }
    }
}

impl fmt::Display for Players {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.get(), f)
    }
}

/// A number of players that is not 2, 3 or 4. Made by `Players::try_from(u8)` and by
/// reading it from text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayersError(Bad);

#[derive(Debug, Clone, PartialEq, Eq)]
enum Bad {
    Number(u8),
    Text(SmallText),
}

impl PlayersError {
    /// The number asked for, when it was given as a number.
    #[must_use]
    pub const fn number(&self) -> Option<u8> {
        match self.0 {
            Bad::Number(n) => Some(n),
            Bad::Text(_) => None,
        }
    }
}

impl fmt::Display for PlayersError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Bad::Number(n) => write!(f, "`{n}` is not a number of players")?,
            Bad::Text(t) => write!(f, "`{t}` is not a number of players")?,
        }
        f.write_str(": a game has 2, 3 or 4 players")
    }
}

impl core::error::Error for PlayersError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_two_to_four() {
        for n in 0..=u8::MAX {
            let p = Players::new(n);
            assert_eq!(p.is_some(), (2..=4).contains(&n), "{n}");
            if let Some(p) = p {
                assert_eq!(p.get(), n);
                assert_eq!(usize::from(p), p.seats().len());
                assert_eq!(Players::try_from(n), Ok(p));
            } else {
                assert_eq!(Players::try_from(n).unwrap_err().number(), Some(n));
            }
        }
        for bad in ["", "1", "5", "02", "+2", " 2", "two", "22"] {
            assert!(bad.parse::<Players>().is_err(), "{bad:?}");
        }
    }
}
