//! The exact value of a position and its one-byte encoding in the tables.

use core::fmt;

/// The exact value of a position for the side to move, under best play by both sides: the
/// winner plays the fastest win, the loser the slowest loss.
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
        const fn rank(v: Value) -> i64 {
            match v {
                Value::Win(n) => 1_000_000 - n as i64,
                Value::Draw => 0,
                Value::Loss(n) => -1_000_000 + n as i64,
            }
        }
        rank(self) > rank(other)
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

/// The tablebase reader's value (quoridor-ai) is the same: the probe of a table and a solve
/// compare after a conversion.
impl From<quoridor_ai::tablebase::Value> for Value {
    fn from(v: quoridor_ai::tablebase::Value) -> Value {
        match v {
            quoridor_ai::tablebase::Value::Win(n) => Value::Win(n),
            quoridor_ai::tablebase::Value::Loss(n) => Value::Loss(n),
            quoridor_ai::tablebase::Value::Draw => Value::Draw,
        }
    }
}

impl From<Value> for quoridor_ai::tablebase::Value {
    fn from(v: Value) -> quoridor_ai::tablebase::Value {
        match v {
            Value::Win(n) => quoridor_ai::tablebase::Value::Win(n),
            Value::Loss(n) => quoridor_ai::tablebase::Value::Loss(n),
            Value::Draw => quoridor_ai::tablebase::Value::Draw,
        }
    }
}

/// The longest result a table byte holds, in plies.
pub(crate) const MAX_PLIES: u32 = 254;

/// A table byte: 0 for a draw (or a state that cannot occur), otherwise plies + 1. Wins are
/// always an odd number of plies (the winner makes the last one) and losses even, so the
/// parity says which.
#[inline]
pub(crate) const fn decode(byte: u8) -> Value {
    match byte {
        0 => Value::Draw,
        b if (b - 1) % 2 == 1 => Value::Win(b as u32 - 1),
        b => Value::Loss(b as u32 - 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip_with_parity() {
        assert_eq!(decode(0), Value::Draw);
        assert_eq!(decode(1), Value::Loss(0));
        assert_eq!(decode(2), Value::Win(1));
        assert_eq!(decode(14), Value::Win(13));
        assert_eq!(decode(255), Value::Loss(254));
    }

    #[test]
    fn order_prefers_fast_wins_and_slow_losses() {
        assert!(Value::Win(1).is_better_than(Value::Win(3)));
        assert!(Value::Win(99).is_better_than(Value::Draw));
        assert!(Value::Draw.is_better_than(Value::Loss(200)));
        assert!(Value::Loss(8).is_better_than(Value::Loss(2)));
        assert_eq!(Value::Loss(4).parent(), Value::Win(5));
    }
}
