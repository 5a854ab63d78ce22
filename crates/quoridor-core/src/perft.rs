//! Perft: counting the distinct sequences of legal plies.

use crate::moves::Move;
use crate::position::Position;

/// The number of distinct sequences of `depth` legal plies from `pos`. A finished game counts
/// 1 at depth 0 and 0 deeper. The last ply is counted in bulk, without playing it.
///
/// ```
/// use quoridor_core::{perft, Position};
/// assert_eq!(perft(&Position::default(), 2), 16_677);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        2 => pos.count_children(),
        _ => {
            let mut n = 0;
            pos.for_each_legal_move(|m| {
                let mut next = *pos;
                next.play_unchecked(m);
                n += perft(&next, depth - 1);
            });
            n
        }
    }
}

/// Perft split by first move: calls `each(move, count)` for every legal move, in the order of
/// [`Position::legal_moves`], and returns the total.
///
/// ```
/// use quoridor_core::{perft_divide, Position};
/// let mut lines = 0;
/// let total = perft_divide(&Position::default(), 2, |_m, n| { lines += 1; assert!(n > 0); });
/// assert_eq!((lines, total), (131, 16_677));
/// ```
pub fn perft_divide(pos: &Position, depth: u32, mut each: impl FnMut(Move, u64)) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for m in pos.legal_moves() {
        let mut next = *pos;
        next.play_unchecked(m);
        let n = perft(&next, depth - 1);
        each(m, n);
        total += n;
    }
    total
}
