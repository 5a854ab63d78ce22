//! Reading a tablebase file: the layout (documented in `docs/solver.md`, "Tablebase files"),
//! checked field by field before anything is trusted, so that no byte string makes the
//! reader panic or allocate beyond the file's own size.
//!
//! Little-endian throughout:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `QSOLVTB1` |
//! | 4 | format version (1) |
//! | 1 + 1 + 1 + 1 | board side, South's and North's walls in hand at the root, 0 |
//! | 16 | the root's wall set (canonical mask) |
//! | 4 | the root's level (walls on the board) |
//! | 4 | number of levels `L` |
//! | 16 per level | level `k` (u32), walls-in-hand splits (u32), wall sets (u64) |
//! | per level, in the order of the list | its wall sets (u128 each, sorted), then its values (one byte per state, `[wall set][split][state]`) |
//! | 8 | FNV-1a 64 of every byte before it |

use quoridor_core::MAX_WALLS_PER_PLAYER;

/// The first eight bytes of a tablebase file.
pub const MAGIC: &[u8; 8] = b"QSOLVTB1";
/// The format version this crate reads and quoridor-solve writes.
pub const VERSION: u32 = 1;
/// The magic of the solver's checkpoint files, recognised to say what the file is.
const CHECKPOINT_MAGIC: &[u8; 8] = b"QSOLVCK1";
/// Bytes before the level list.
pub(crate) const HEADER: usize = 40;
/// Bytes of one entry of the level list.
pub(crate) const ENTRY: usize = 16;

/// FNV-1a 64 of `bytes`, continuing from `hash` (start with [`FNV_START`]).
#[must_use]
pub fn fnv1a(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// The starting value of [`fnv1a`].
pub const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// The board of a table: walls as bit numbers (horizontal anchors `row * a + col` first,
/// then vertical ones `a * a + row * a + col`, `a = n - 1`), cells as `row * n + col`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Board {
    pub n: usize,
}

impl Board {
    pub fn anchors(self) -> usize {
        self.n - 1
    }

    pub fn walls(self) -> usize {
        2 * self.anchors() * self.anchors()
    }

    pub fn cells(self) -> usize {
        self.n * self.n
    }

    /// States of one layer: side to move x South's cell x North's cell.
    pub fn layer(self) -> usize {
        2 * self.cells() * self.cells()
    }

    /// The left-right mirror image of a wall set.
    pub fn mirror(self, walls: u128) -> u128 {
        let a = self.anchors();
        let mut out = 0;
        let mut w = walls;
        while w != 0 {
            let bit = w.trailing_zeros() as usize;
            w &= w - 1;
            let (base, j) = if bit < a * a { (0, bit) } else { (a * a, bit - a * a) };
            let (row, col) = (j / a, j % a);
            out |= 1 << (base + row * a + (a - 1 - col));
        }
        out
    }

    /// The representative of a wall set and its mirror image (the smaller mask), and
    /// whether it is the mirror image.
    pub fn canonical(self, walls: u128) -> (u128, bool) {
        let m = self.mirror(walls);
        if m < walls { (m, true) } else { (walls, false) }
    }

    pub fn mirror_cell(self, cell: usize) -> usize {
        (cell / self.n) * self.n + (self.n - 1 - cell % self.n)
    }
}

/// One level of a loaded table.
#[derive(Debug)]
pub(crate) struct Level {
    /// South's walls in hand in the first split.
    pub lo: usize,
    pub splits: usize,
    /// Sorted canonical masks.
    pub sets: Vec<u128>,
    /// Where the level's values start in the file's bytes.
    pub values: usize,
}

/// A checked file.
#[derive(Debug)]
pub(crate) struct Parsed {
    pub board: Board,
    pub hands: [u8; 2],
    pub root: u128,
    pub root_level: usize,
    /// Level `root_level + i` at `i`.
    pub levels: Vec<Level>,
    pub bytes: Vec<u8>,
}

/// South's walls in hand in the first split of level `k` and the number of splits, for a
/// root with `hands` at level `k0`; `None` past the last level.
pub(crate) fn splits(hands: [u8; 2], k0: usize, k: usize) -> Option<(usize, usize)> {
    let total = usize::from(hands[0]) + usize::from(hands[1]);
    let t = (total + k0).checked_sub(k)?;
    let lo = t.saturating_sub(usize::from(hands[1]));
    let hi = t.min(usize::from(hands[0]));
    Some((lo, (hi + 1).checked_sub(lo)?))
}

fn u32_at(b: &[u8], i: usize) -> u32 {
    b.get(i..i + 4).and_then(|s| s.try_into().ok()).map_or(0, u32::from_le_bytes)
}

fn u64_at(b: &[u8], i: usize) -> u64 {
    b.get(i..i + 8).and_then(|s| s.try_into().ok()).map_or(0, u64::from_le_bytes)
}

fn u128_at(b: &[u8], i: usize) -> u128 {
    b.get(i..i + 16).and_then(|s| s.try_into().ok()).map_or(0, u128::from_le_bytes)
}

/// Checks a whole file and indexes it; the error says what is wrong.
pub(crate) fn parse(bytes: Vec<u8>) -> Result<Parsed, String> {
    let len = bytes.len();
    if len < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        let head = &bytes[..len.min(MAGIC.len())];
        return Err(if !head.is_empty() && MAGIC.starts_with(head) {
            format!("truncated: {len} bytes, not even a header")
        } else if head == CHECKPOINT_MAGIC {
            "a solver checkpoint, not a tablebase (write one with `quoridor solve --tablebase`)"
                .to_string()
        } else {
            "not a tablebase (no `QSOLVTB1` magic at the start)".to_string()
        });
    }
    let version = u32_at(&bytes, 8);
    if len >= 12 && version != VERSION {
        return Err(format!("format version {version}; this program reads version {VERSION}"));
    }
    if len < HEADER + 8 {
        return Err(format!("truncated: {len} bytes, shorter than the header"));
    }
    let (n, hands, reserved) = (bytes[12], [bytes[13], bytes[14]], bytes[15]);
    if n != 5 && n != 7 {
        return Err(format!("board side {n}: tablebases are 5x5 or 7x7"));
    }
    if hands.iter().any(|&h| h > MAX_WALLS_PER_PLAYER) || reserved != 0 {
        return Err(format!(
            "bad header: walls in hand {} and {} (at most {MAX_WALLS_PER_PLAYER}), reserved byte {reserved}",
            hands[0], hands[1]
        ));
    }
    let board = Board { n: usize::from(n) };
    let root = u128_at(&bytes, 16);
    let k0 = u32_at(&bytes, 32) as usize;
    let count = u32_at(&bytes, 36) as usize;
    let total = usize::from(hands[0]) + usize::from(hands[1]);
    if root >> board.walls() != 0 || root.count_ones() as usize != k0 || board.canonical(root).1 {
        return Err(format!("bad header: the root wall set does not fit a {n}x{n} board"));
    }
    if count == 0 || count > total + 1 || k0 + count - 1 > board.walls() {
        return Err(format!("bad header: {count} levels for {total} walls in hand"));
    }
    let body = len - 8;
    let list_end = HEADER + count * ENTRY;
    if list_end > body {
        return Err(format!("truncated: {len} bytes, the level list alone needs {}", list_end + 8));
    }
    // The levels' shapes, and the size they announce.
    let mut seen = vec![false; count];
    let mut shapes = Vec::with_capacity(count);
    let mut need: u64 = list_end as u64;
    for i in 0..count {
        let at = HEADER + i * ENTRY;
        let k = u32_at(&bytes, at) as usize;
        let splits_found = u32_at(&bytes, at + 4) as usize;
        let sets = u64_at(&bytes, at + 8);
        let Some(slot) = k.checked_sub(k0).filter(|&j| j < count) else {
            return Err(format!("bad level list: level {k} is outside {k0} to {}", k0 + count - 1));
        };
        if std::mem::replace(&mut seen[slot], true) {
            return Err(format!("bad level list: level {k} appears twice"));
        }
        let Some((lo, splits)) = splits(hands, k0, k) else {
            return Err(format!("bad level list: level {k} has no walls in hand left"));
        };
        if splits != splits_found {
            return Err(format!(
                "bad level list: level {k} has {splits_found} walls-in-hand splits, not {splits}"
            ));
        }
        let bytes_of_level = sets
            .checked_mul(16 + (splits * board.layer()) as u64)
            .and_then(|b| need.checked_add(b));
        need = match bytes_of_level {
            Some(b) if b <= body as u64 => b,
            _ => {
                return Err(format!(
                    "truncated: {len} bytes, fewer than its level list announces (level {k}: {sets} wall sets)"
                ));
            }
        };
        shapes.push((k, lo, splits, sets as usize));
    }
    if need != body as u64 {
        return Err(format!(
            "{len} bytes, {} more than its level list announces (trailing bytes)",
            body as u64 - need
        ));
    }
    let stored = u64_at(&bytes, body);
    if fnv1a(FNV_START, &bytes[..body]) != stored {
        return Err("checksum mismatch (the file is corrupt)".to_string());
    }
    let mut levels: Vec<Option<Level>> = (0..count).map(|_| None).collect();
    let mut at = list_end;
    for (k, lo, splits, n_sets) in shapes {
        let mut sets = Vec::with_capacity(n_sets);
        for j in 0..n_sets {
            let s = u128_at(&bytes, at + 16 * j);
            let ok = s >> board.walls() == 0
                && s.count_ones() as usize == k
                && !board.canonical(s).1
                && sets.last().is_none_or(|&p| p < s);
            if !ok {
                return Err(format!(
                    "level {k}: wall set {j} is not a sorted canonical set of {k} walls"
                ));
            }
            sets.push(s);
        }
        at += 16 * n_sets;
        let values = at;
        at += n_sets * splits * board.layer();
        levels[k - k0] = Some(Level { lo, splits, sets, values });
    }
    let levels = levels.into_iter().flatten().collect::<Vec<_>>();
    debug_assert_eq!(levels.len(), count);
    Ok(Parsed { board, hands, root, root_level: k0, levels, bytes })
}
