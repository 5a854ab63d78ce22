//! The transposition table: one entry per slot, keyed by the position's Zobrist hash,
//! sized by the caller in MiB.

use core::sync::atomic::Ordering::Relaxed;
use core::sync::atomic::{AtomicU8, AtomicU64};

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

/// One slot's contents: 16 bytes, kept as two atomic words so that search threads can
/// share the table without locks. The first word holds `key ^ data`: a slot torn by two
/// threads writing at once no longer matches its key and reads as empty ("lockless
/// hashing", as chess engines do it).
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    mv: u16,
    depth: u8,
    /// Bound in the low 2 bits (0 = empty), search generation in the high 6.
    flags: u8,
}

impl Entry {
    #[inline]
    fn data(self) -> u64 {
        u64::from(self.score as u32)
            | u64::from(self.mv) << 32
            | u64::from(self.depth) << 48
            | u64::from(self.flags) << 56
    }

    #[inline]
    fn from_words(check: u64, data: u64) -> Entry {
        Entry {
            key: check ^ data,
            score: data as u32 as i32,
            mv: (data >> 32) as u16,
            depth: (data >> 48) as u8,
            flags: (data >> 56) as u8,
        }
    }
}

/// A probe's answer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub score: i32,
    pub mv: u16,
    pub depth: i32,
    pub bound: Bound,
}

/// The table, shared by every search thread of an engine.
pub(crate) struct Tt {
    /// Two words per slot: `key ^ data`, then `data`.
    words: Vec<AtomicU64>,
    generation: AtomicU8,
}

impl Tt {
    /// A table of `mb` MiB (at least one slot), or of half as many, and so on, when the
    /// memory cannot be had. [`Tt::mb`] tells the size obtained.
    pub(crate) fn new(mb: usize) -> Tt {
        let mut n = (mb.saturating_mul(1 << 20) / core::mem::size_of::<Entry>()).max(1);
        let mut words = Vec::new();
        while words.try_reserve_exact(2 * n).is_err() && n > 1 {
            n /= 2;
        }
        words.extend((0..2 * n).map(|_| AtomicU64::new(0)));
        Tt { words, generation: AtomicU8::new(0) }
    }

    /// The table's size in MiB (rounded down; 0 for a table under one MiB).
    pub(crate) fn mb(&self) -> usize {
        (self.words.len() * core::mem::size_of::<AtomicU64>()) >> 20
    }

    pub(crate) fn clear(&self) {
        for w in &self.words {
            w.store(0, Relaxed);
        }
        self.generation.store(0, Relaxed);
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub(crate) fn new_search(&self) {
        let g = (self.generation.load(Relaxed) + 1) & 63;
        self.generation.store(g, Relaxed);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        2 * ((u128::from(key) * (self.words.len() / 2) as u128) >> 64) as usize
    }

    #[inline]
    fn load(&self, i: usize) -> Entry {
        Entry::from_words(self.words[i].load(Relaxed), self.words[i + 1].load(Relaxed))
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let e = self.load(self.index(key));
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
        &self,
        key: u64,
        ply: usize,
        depth: i32,
        score: i32,
        bound: Bound,
        mv: u16,
    ) {
        let i = self.index(key);
        let old = self.load(i);
        let depth = depth.clamp(0, 255) as u8;
        let generation = self.generation.load(Relaxed);
        let old_gen = old.flags >> 2;
        if old.key == key || old.flags & 3 == 0 || old_gen != generation || depth >= old.depth {
            // Keep the old move when the new entry has none for the same position.
            let mv = if mv == 0 && old.key == key { old.mv } else { mv };
            let e = Entry {
                key,
                score: to_tt(score, ply),
                mv,
                depth,
                flags: bound as u8 | generation << 2,
            };
            let data = e.data();
            self.words[i].store(key ^ data, Relaxed);
            self.words[i + 1].store(data, Relaxed);
        }
    }

    /// Permille of slots filled by the current search.
    pub(crate) fn hashfull(&self) -> u32 {
        let n = (self.words.len() / 2).min(1000);
        let generation = self.generation.load(Relaxed);
        let used = (0..n)
            .map(|k| self.load(2 * k))
            .filter(|e| e.flags & 3 != 0 && e.flags >> 2 == generation)
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
        let tt = Tt::new(1);
        tt.store(42, 3, 5, WIN - 10, Bound::Exact, 300);
        let hit = tt.probe(42, 3).unwrap();
        assert_eq!((hit.score, hit.mv, hit.depth, hit.bound), (WIN - 10, 300, 5, Bound::Exact));
        // Seen two plies nearer the root, the same win is two plies further away.
        assert_eq!(tt.probe(42, 1).unwrap().score, WIN - 8);
        assert!(tt.probe(43, 3).is_none());
        tt.clear();
        assert!(tt.probe(42, 3).is_none());
    }

    #[test]
    fn a_torn_slot_reads_as_empty() {
        let tt = Tt::new(1);
        tt.store(42, 0, 5, 17, Bound::Lower, 300);
        let i = tt.index(42);
        // Another thread's half-written entry: the data word of a different store.
        let other = Entry { key: 42, score: -3, mv: 9, depth: 2, flags: 3 }.data();
        tt.words[i + 1].store(other, Relaxed);
        assert!(tt.probe(42, 0).is_none());
        // Written back whole, it is found again.
        let data = Entry { key: 42, score: 17, mv: 300, depth: 5, flags: 1 }.data();
        tt.words[i + 1].store(data, Relaxed);
        assert_eq!(tt.probe(42, 0).map(|h| (h.score, h.mv, h.depth)), Some((17, 300, 5)));
    }
}
