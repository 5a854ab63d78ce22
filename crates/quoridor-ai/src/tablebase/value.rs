//! The exact value of a position, and its one-byte encoding in tablebases and in the
//! solver's tables.

use core::fmt;

/// The exact value of a position for the side to move, under best play by both sides: the
/// winner plays the fastest win, the loser the slowest loss.
///
/// ```
/// use quoridor_ai::tablebase::Value;
/// assert!(Value::Win(3).is_better_than(Value::Win(5)));
/// assert!(Value::Draw.is_better_than(Value::Loss(40)));
/// assert_eq!(Value::Loss(4).parent(), Value::Win(5));
/// assert_eq!(Value::from_byte(5), Value::Loss(4));
/// assert_eq!(Value::Win(5).to_string(), "win in 5 plies");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins; the last ply (its own) is this many plies from now (odd).
    Win(u32),
    /// The side to move loses; the opponent's winning ply is this many plies from now
    /// (even; `Loss(0)`: the game is already lost).
    Loss(u32),
    /// Neither side can force a win: with best play the game goes on forever.
    Draw,
}

/// The longest result a table byte holds, in plies.
pub const MAX_PLIES: u32 = 254;

impl Value {
    /// The value one ply earlier, for the side that moved into a position of this value.
    #[must_use]
    pub const fn parent(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n + 1),
            Value::Loss(n) => Value::Win(n + 1),
            Value::Draw => Value::Draw,
        }
    }

    /// Whether `self` is better than `other` for the side to move: a win beats a draw beats a
    /// loss; a faster win and a slower loss are better.
    #[must_use]
    pub const fn is_better_than(self, other: Value) -> bool {
        self.rank() > other.rank()
    }

    /// One number, higher is better for the side to move.
    const fn rank(self) -> i64 {
        match self {
            Value::Win(n) => 1_000_000 - n as i64,
            Value::Draw => 0,
            Value::Loss(n) => -1_000_000 + n as i64,
        }
    }

    /// The value of a table byte: 0 for a draw (or a state that cannot occur), otherwise
    /// plies + 1. A win is always an odd number of plies (the winner makes the last one)
    /// and a loss an even one, so the parity says which.
    #[must_use]
    pub const fn from_byte(byte: u8) -> Value {
        match byte {
            0 => Value::Draw,
            b if (b - 1) % 2 == 1 => Value::Win(b as u32 - 1),
            b => Value::Loss(b as u32 - 1),
        }
    }

    /// The search score of this value: a draw is an evaluation of 0.
    #[must_use]
    pub const fn score(self) -> crate::Score {
        match self {
            Value::Win(n) => crate::Score::Win(n),
            Value::Loss(n) => crate::Score::Loss(n),
            Value::Draw => crate::Score::Eval(0),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(n) => write!(f, "win in {n} plies"),
            Value::Loss(n) => write!(f, "loss in {n} plies"),
            Value::Draw => write!(f, "draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_decode_with_parity() {
        assert_eq!(Value::from_byte(0), Value::Draw);
        assert_eq!(Value::from_byte(1), Value::Loss(0));
        assert_eq!(Value::from_byte(2), Value::Win(1));
        assert_eq!(Value::from_byte(14), Value::Win(13));
        assert_eq!(Value::from_byte(255), Value::Loss(254));
    }

    #[test]
    fn order_prefers_fast_wins_and_slow_losses() {
        assert!(Value::Win(1).is_better_than(Value::Win(3)));
        assert!(Value::Win(99).is_better_than(Value::Draw));
        assert!(Value::Draw.is_better_than(Value::Loss(200)));
        assert!(Value::Loss(8).is_better_than(Value::Loss(2)));
        assert!(!Value::Draw.is_better_than(Value::Draw));
    }
}
