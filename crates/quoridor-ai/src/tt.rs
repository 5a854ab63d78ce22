//! The transposition table: one entry per slot, keyed by the position's Zobrist hash,
//! sized by the caller in MiB.

use crate::params::{WIN, WIN_BOUND};

/// What a stored score tells about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true value is at least the score (fail high).
    Lower = 1,
    /// The true value is at most the score (fail low).
    Upper = 2,
    /// The score is exact.
    Exact = 3,
}

/// One slot: 16 bytes.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    mv: u16,
    depth: u8,
    /// Bound in the low 2 bits (0 = empty), search generation in the high 6.
    flags: u8,
}

/// A probe's answer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub score: i32,
    pub mv: u16,
    pub depth: i32,
    pub bound: Bound,
}

pub(crate) struct Tt {
    slots: Vec<Entry>,
    generation: u8,
}

impl Tt {
    pub(crate) fn new(mb: usize) -> Tt {
        let n = (mb.saturating_mul(1 << 20) / core::mem::size_of::<Entry>()).max(1);
        Tt { slots: vec![Entry::default(); n], generation: 0 }
    }

    pub(crate) fn clear(&mut self) {
        self.slots.fill(Entry::default());
        self.generation = 0;
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub(crate) fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.slots.len() as u128) >> 64) as usize
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let e = self.slots[self.index(key)];
        if e.key != key || e.flags & 3 == 0 {
            return None;
        }
        let bound = match e.flags & 3 {
            1 => Bound::Lower,
            2 => Bound::Upper,
            _ => Bound::Exact,
        };
        Some(Hit { score: from_tt(e.score, ply), mv: e.mv, depth: i32::from(e.depth), bound })
    }

    #[inline]
    pub(crate) fn store(
        &mut self,
        key: u64,
        ply: usize,
        depth: i32,
        score: i32,
        bound: Bound,
        mv: u16,
    ) {
        let i = self.index(key);
        let old = self.slots[i];
        let depth = depth.clamp(0, 255) as u8;
        let old_gen = old.flags >> 2;
        if old.key == key || old.flags & 3 == 0 || old_gen != self.generation || depth >= old.depth
        {
            // Keep the old move when the new entry has none for the same position.
            let mv = if mv == 0 && old.key == key { old.mv } else { mv };
            self.slots[i] = Entry {
                key,
                score: to_tt(score, ply),
                mv,
                depth,
                flags: bound as u8 | self.generation << 2,
            };
        }
    }

    /// Permille of slots filled by the current search.
    pub(crate) fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|e| e.flags & 3 != 0 && e.flags >> 2 == self.generation)
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

/// Win scores are stored relative to the node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN - WIN_BOUND {
        score + ply as i32
    } else if score <= -WIN + WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN - WIN_BOUND {
        score - ply as i32
    } else if score <= -WIN + WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_with_win_scores_relative_to_the_node() {
        let mut tt = Tt::new(1);
        tt.store(42, 3, 5, WIN - 10, Bound::Exact, 300);
        let hit = tt.probe(42, 3).unwrap();
        assert_eq!((hit.score, hit.mv, hit.depth, hit.bound), (WIN - 10, 300, 5, Bound::Exact));
        // Seen two plies nearer the root, the same win is two plies further away.
        assert_eq!(tt.probe(42, 1).unwrap().score, WIN - 8);
        assert!(tt.probe(43, 3).is_none());
        tt.clear();
        assert!(tt.probe(42, 3).is_none());
    }
}
