//! Move ordering: the hash move, killer moves, history, and walls ranked by how much they
//! lengthen the opponents' paths against one's own. Also the compact move codes shared with
//! the transposition table.

use quoridor_core::{Move, Orientation, Square, Wall};

use crate::params::{HISTORY_AGING, HISTORY_BONUS_MAX, HISTORY_MAX, HISTORY_SCALE, MAX_PLY};

/// Ordering key of the hash move: first.
pub(crate) const KEY_HASH_MOVE: i32 = 1 << 30;
/// Ordering key of the first killer: after the hash move, before every move ordered by its
/// gain and history. The late-move rules spare the moves at or above it (the second killer,
/// one below, is ordered before every other move but reduced and pruned like them).
pub(crate) const KEY_KILLER_1: i32 = 1 << 28;
/// Ordering key of the second killer.
pub(crate) const KEY_KILLER_2: i32 = KEY_KILLER_1 - 1;

/// Number of distinct move codes: the codes of [`encode`], and in best-reply layers the same
/// with the replier in bits 9 and 10 (`movepick::reply_tag`).
pub(crate) const CODES: usize = 2048;

/// A move as a small number: pawn moves 1..=121 (square index + 1), walls from 256. 0 means
/// no move.
#[inline]
pub(crate) fn encode(m: Move) -> u16 {
    match m {
        Move::Pawn(sq) => u16::from(sq.index()) + 1,
        Move::Wall(w) => 256 + (w.orientation() as u16) * 128 + u16::from(w.anchor().index()),
    }
}

/// The move of a code, if the code names one (the replier's tag aside: see [`replier`]).
#[inline]
pub(crate) fn decode(code: u16) -> Option<Move> {
    match code & 511 {
        1..=121 => Square::from_index((code - 1) as u8).map(Move::Pawn),
        256..=511 => {
            let o = if code >= 384 { Orientation::Vertical } else { Orientation::Horizontal };
            let a = Square::from_index(((code - 256) % 128) as u8)?;
            Wall::new(a, o).map(Move::Wall)
        }
        _ => None,
    }
}

/// The replier of a best-reply layer's code: its index among the opponents in turn order,
/// or `None` for the code of an ordinary move.
#[inline]
pub(crate) fn replier(code: u16) -> Option<usize> {
    match code >> 9 {
        0 => None,
        t => Some(usize::from(t) - 1),
    }
}

/// Killers and history: what cut off elsewhere in the tree.
pub(crate) struct Heuristics {
    pub killers: [[u16; 2]; MAX_PLY + 1],
    /// Indexed by seat, then move code.
    pub history: Vec<[i32; CODES]>,
}

impl Heuristics {
    pub(crate) fn new() -> Heuristics {
        Heuristics { killers: [[0; 2]; MAX_PLY + 1], history: vec![[0; CODES]; 4] }
    }

    pub(crate) fn clear(&mut self) {
        self.killers = [[0; 2]; MAX_PLY + 1];
        for h in &mut self.history {
            h.fill(0);
        }
    }

    /// Keeps history for the next search, but smaller.
    pub(crate) fn age(&mut self) {
        self.killers = [[0; 2]; MAX_PLY + 1];
        for h in &mut self.history {
            for v in h.iter_mut() {
                *v /= HISTORY_AGING;
            }
        }
    }

    /// Records a move that caused a cut-off, and penalises the moves tried before it.
    pub(crate) fn cutoff(&mut self, seat: usize, ply: usize, depth: i32, mv: u16, tried: &[u16]) {
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != mv {
            k[1] = k[0];
            k[0] = mv;
        }
        let bonus = (depth * depth).min(HISTORY_BONUS_MAX);
        let h = &mut self.history[seat];
        update(&mut h[usize::from(mv)], bonus);
        for &t in tried {
            if t != mv {
                update(&mut h[usize::from(t)], -bonus);
            }
        }
    }
}

/// History update with gravity: values stay within `±HISTORY_MAX`.
#[inline]
fn update(v: &mut i32, bonus: i32) {
    *v += bonus * HISTORY_SCALE - *v * bonus.abs() * HISTORY_SCALE / HISTORY_MAX;
    *v = (*v).clamp(-HISTORY_MAX, HISTORY_MAX);
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_core::Position;

    #[test]
    fn move_codes_round_trip() {
        let big: Position = "11 S:f1:10,N:f11:10 - S 0".parse().unwrap();
        let pos = Position::default();
        for p in [big, pos] {
            for &m in p.legal_moves().iter() {
                let c = encode(m);
                assert!(c != 0 && usize::from(c) < CODES);
                assert_eq!(decode(c), Some(m));
            }
        }
    }
}
