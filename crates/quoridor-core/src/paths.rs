//! Shortest paths and reachability by bitboard flood fill.
//!
//! Squares use one bit each (`row * 11 + col`); `open[d]` holds the squares from which a step
//! in direction `d` is neither off the board nor through a wall. One step of a flood fill is
//! four shifts and masks on a `u128`.

use crate::bitboard::Bitboard;
use crate::geometry::{E, N, S, W};
use crate::square::{STRIDE, Square};
use crate::wall::Orientation;

/// Most squares on a path: the 121 squares of the largest board.
const MAX_LAYERS: usize = 121;

/// The squares one step from `set`.
#[inline(always)]
pub(crate) const fn expand(set: u128, open: &[u128; 4]) -> u128 {
    ((set & open[N]) << STRIDE)
        | ((set & open[S]) >> STRIDE)
        | ((set & open[E]) << 1)
        | ((set & open[W]) >> 1)
}

/// Whether some path leads from `from` into `goal`.
#[inline]
pub(crate) fn reaches(open: &[u128; 4], from: u128, goal: u128) -> bool {
    let mut seen = from;
    let mut frontier = from;
    loop {
        if seen & goal != 0 {
            return true;
        }
        frontier = expand(frontier, open) & !seen;
        if frontier == 0 {
            return false;
        }
        seen |= frontier;
    }
}

/// Distance from `from` to the nearest goal square, if reachable.
#[inline]
pub(crate) fn distance(open: &[u128; 4], from: u128, goal: u128) -> Option<u8> {
    let mut seen = from;
    let mut frontier = from;
    let mut d = 0u8;
    while frontier & goal == 0 {
        frontier = expand(frontier, open) & !seen;
        if frontier == 0 {
            return None;
        }
        seen |= frontier;
        d += 1;
    }
    Some(d)
}

/// A shortest path, kept as the set of steps it takes: `north` holds the squares whose
/// northward step it uses (in either direction of travel), `east` those whose eastward step
/// it uses. A wall cuts the path exactly when it blocks one of those steps.
///
/// A path marked stale by the position (after [`PathCache::reroute`]) is weaker: its steps
/// are all open and include some walk from the pawn to the goal, which may be longer than
/// the shortest, and `len` means nothing. That is all the wall legality filters need.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PathCache {
    pub north: u128,
    pub east: u128,
    pub len: u8,
}

impl PathCache {
    /// Horizontal and vertical wall anchors that cut the path where `detours` offers no way
    /// round: only these walls can cut the player off. A horizontal wall at `a` blocks the
    /// northward steps of `a` (passed round its west end) and `a + 1` (round its east end); a
    /// vertical one the eastward steps of `a` (round its south end) and `a + 11` (north end).
    #[inline(always)]
    pub const fn threats(&self, detours: &Detours) -> (u128, u128) {
        (
            (self.north & !detours.h_west) | (self.north >> 1 & !detours.h_east),
            (self.east & !detours.v_south) | (self.east >> STRIDE & !detours.v_north),
        )
    }

    /// Whether the wall `o` at anchor `a` blocks a step of the path.
    #[inline(always)]
    pub const fn is_cut_by(&self, o: Orientation, a: u8) -> bool {
        let bit = 1u128 << a;
        match o {
            Orientation::Horizontal => self.north & (bit | bit << 1) != 0,
            Orientation::Vertical => self.east & (bit | bit << STRIDE) != 0,
        }
    }

    /// Goes round the wall `o` at anchor `a`, now in `open`, where it blocks a step of the
    /// path: each blocked step is replaced by the detour round the wall's near end (see
    /// [`Detours`]). The result is a stale path (see the type's docs). Returns false, leaving
    /// the path alone, when a detour it needs is closed.
    #[inline]
    pub fn reroute(&mut self, o: Orientation, a: u8, open: &[u128; 4]) -> bool {
        const NORTH: bool = true;
        const EAST: bool = false;
        let bit = 1u128 << a;
        let mut p = *self;
        // Each end of the wall: the step it blocks there, and the three steps of the detour
        // (whether each is a northward or an eastward step, and its square's bit). A detour
        // off the board has a step whose bit is shifted out, or clear in `open`.
        let ends = match o {
            Orientation::Horizontal => [
                (bit, [(EAST, bit >> 1), (NORTH, bit >> 1), (EAST, bit << (STRIDE - 1))]),
                (bit << 1, [(EAST, bit << 1), (NORTH, bit << 2), (EAST, bit << (STRIDE + 1))]),
            ],
            Orientation::Vertical => [
                (
                    bit,
                    [(NORTH, bit >> STRIDE), (EAST, bit >> STRIDE), (NORTH, bit >> (STRIDE - 1))],
                ),
                (
                    bit << STRIDE,
                    [
                        (NORTH, bit << STRIDE),
                        (EAST, bit << (2 * STRIDE)),
                        (NORTH, bit << (STRIDE + 1)),
                    ],
                ),
            ],
        };
        for (blocked, detour) in ends {
            let steps = match o {
                Orientation::Horizontal => &mut p.north,
                Orientation::Vertical => &mut p.east,
            };
            if *steps & blocked == 0 {
                continue;
            }
            *steps &= !blocked;
            for (north, step) in detour {
                let (mask, set) =
                    if north { (open[N], &mut p.north) } else { (open[E], &mut p.east) };
                if mask & step == 0 {
                    return false;
                }
                *set |= step;
            }
        }
        *self = p;
        true
    }

    /// Removes the step between adjacent squares `a` and `b` if the path uses it.
    #[inline]
    pub const fn take_step(&mut self, a: u8, b: u8) -> bool {
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        let bit = 1u128 << lo;
        let set = if hi - lo == STRIDE { &mut self.north } else { &mut self.east };
        if *set & bit != 0 {
            *set &= !bit;
            self.len -= 1;
            true
        } else {
            false
        }
    }
}

/// For every wall anchor, whether the three-step detour round each end of the wall is open.
///
/// A wall blocks two steps. A path that used a blocked step can go round the near end of the
/// wall instead, in three steps that the wall itself never blocks: so if every step a wall
/// blocks on a path has its detour open, the player keeps a path after the wall, without any
/// search. Most walls that cut a path pass this test, which spares them a flood fill.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Detours {
    /// Horizontal wall `a`, west end: `a -> a-1 -> a+10 -> a+11`.
    pub h_west: u128,
    /// Horizontal wall `a`, east end: `a+1 -> a+2 -> a+13 -> a+12`.
    pub h_east: u128,
    /// Vertical wall `a`, south end: `a -> a-11 -> a-10 -> a+1`.
    pub v_south: u128,
    /// Vertical wall `a`, north end: `a+11 -> a+22 -> a+23 -> a+12`.
    pub v_north: u128,
}

impl Detours {
    /// The detours open in `open`. A detour round a wall end at the edge of the board takes a
    /// step off it, whose bit is clear in `open` (bits shifted in from past either end of the
    /// `u128` are clear too), so it is never open.
    #[inline(always)]
    pub const fn new(open: &[u128; 4]) -> Detours {
        let (n, e) = (open[N], open[E]);
        Detours {
            h_west: (e << 1) & (n << 1) & (e >> (STRIDE - 1)),
            h_east: (e >> 1) & (n >> 2) & (e >> (STRIDE + 1)),
            v_south: (n << STRIDE) & (e << STRIDE) & (n << (STRIDE - 1)),
            v_north: (n >> STRIDE) & (e >> (2 * STRIDE)) & (n >> (STRIDE + 1)),
        }
    }
}

/// A shortest path from `from` into `goal` with its steps, if any.
pub(crate) fn shortest_path(open: &[u128; 4], from: Square, goal: u128) -> Option<PathCache> {
    // Most paths are short: try with a small layer buffer first (zeroing the full one costs
    // more than the search itself), then with room for the longest possible path.
    match bfs_path::<SHORT_LAYERS>(open, from, goal) {
        Some(found) => found,
        None => bfs_path::<MAX_LAYERS>(open, from, goal).flatten(),
    }
}

/// Layers tried first by [`shortest_path`].
const SHORT_LAYERS: usize = 32;

/// Breadth-first search keeping up to `L` layers: `None` when the buffer is too small,
/// `Some(None)` when no path exists.
#[inline(always)]
fn bfs_path<const L: usize>(
    open: &[u128; 4],
    from: Square,
    goal: u128,
) -> Option<Option<PathCache>> {
    let mut layers = [0u128; L];
    let mut seen = from.bit();
    layers[0] = seen;
    let mut k = 0usize;
    while layers[k] & goal == 0 {
        let next = expand(layers[k], open) & !seen;
        if next == 0 {
            return Some(None);
        }
        if k + 1 >= L {
            return None;
        }
        k += 1;
        layers[k] = next;
        seen |= next;
    }
    // Walk back from the lowest goal square of the last layer. The square is kept as its bit,
    // which moves by constant shifts (cheaper than shifting by a variable index).
    let last = layers[k] & goal;
    let mut c = last & last.wrapping_neg();
    let mut path = PathCache { north: 0, east: 0, len: k as u8 };
    for i in (0..k).rev() {
        let prev = layers[i];
        // A predecessor p reached c by one open step.
        if (c >> STRIDE) & prev & open[N] != 0 {
            c >>= STRIDE;
            path.north |= c;
        } else if (c << STRIDE) & prev & open[S] != 0 {
            path.north |= c;
            c <<= STRIDE;
        } else if (c >> 1) & prev & open[E] != 0 {
            c >>= 1;
            path.east |= c;
        } else {
            debug_assert!((c << 1) & prev & open[W] != 0);
            path.east |= c;
            c <<= 1;
        }
    }
    debug_assert_eq!(c, from.bit());
    Some(Some(path))
}

/// Distance to `goal` from every square, `u8::MAX` where the goal cannot be reached.
/// Indexed by square index (`row * 11 + col`).
pub(crate) fn distance_map(open: &[u128; 4], goal: u128, squares: u128) -> [u8; 121] {
    let mut map = [u8::MAX; 121];
    let mut seen = goal & squares;
    let mut frontier = seen;
    let mut d = 0u8;
    while frontier != 0 {
        for sq in Bitboard::from_square_bits(frontier) {
            map[sq.index() as usize] = d;
        }
        frontier = expand(frontier, open) & !seen & squares;
        seen |= frontier;
        d = d.saturating_add(1);
    }
    map
}
