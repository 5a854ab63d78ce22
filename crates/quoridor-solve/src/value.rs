//! The exact value of a position (the type of the tablebase reader, quoridor-ai's, so that
//! a solve and a table probe give the same values) and its one-byte encoding.

pub use quoridor_ai::tablebase::{MAX_PLIES, Value};

/// A table byte: 0 for a draw (or a state that cannot occur), otherwise plies + 1 (see
/// [`Value::from_byte`]).
#[inline]
pub(crate) const fn decode(byte: u8) -> Value {
    Value::from_byte(byte)
}
