//! Checkpoints: each solved level in a file of its own, so that a long solve can stop and
//! resume from the last level written.
//!
//! A file `level-KKK.qsc` (KKK: walls on the board, three digits) holds, little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `QSOLVCK1` |
//! | 4 | format version (1) |
//! | 1 + 1 + 1 + 1 | board side, South's and North's walls in hand at the root, 0 |
//! | 16 | the root's wall set (canonical mask) |
//! | 4 | the level (walls on the board) |
//! | 8 | number of wall sets |
//! | 8 | number of value bytes |
//! | 16 per set | the wall sets (canonical masks, sorted) |
//! | 1 per state | the values |
//! | 8 | FNV-1a 64 of every byte before it |
//!
//! A level needs only the level above it, so after level `k` is written the file of level
//! `k + 2` is deleted: at most two files exist (the root level also needs the level above for
//! its best move). A file is written under a temporary name and renamed, so a solve stopped
//! while writing leaves no half file behind.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::SolveError;
use crate::solver::{Level, Plan};

const MAGIC: &[u8; 8] = b"QSOLVCK1";
const VERSION: u32 = 1;
const HEADER: usize = 8 + 4 + 4 + 16 + 4 + 8 + 8;

/// What a checkpoint belongs to: the board and the root (wall set and walls in hand). Pawn
/// squares and side to move are not part of it: the tables cover all of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RootId {
    pub size: u8,
    pub walls: u128,
    pub hands: [u8; 2],
}

fn file(dir: &Path, k: usize) -> PathBuf {
    dir.join(format!("level-{k:03}.qsc"))
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> SolveError + '_ {
    move |source| SolveError::Io { path: path.to_path_buf(), source }
}

/// A writer that hashes what it writes.
struct Hashing<W> {
    inner: W,
    hash: u64,
}

impl<W: Write> Hashing<W> {
    fn put(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.hash =
            bytes.iter().fold(self.hash, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
        self.inner.write_all(bytes)
    }
}

/// Writes a solved level and deletes the one two levels up. The file is streamed, not
/// built in memory: a level can take gigabytes.
pub(crate) fn write(dir: &Path, id: &RootId, level: &Level) -> Result<(), SolveError> {
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let path = file(dir, level.k);
    let tmp = path.with_extension("qsc.tmp");
    let stream = || -> std::io::Result<()> {
        let out = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        let mut w = Hashing { inner: out, hash: fnv1a(&[]) };
        w.put(MAGIC)?;
        w.put(&VERSION.to_le_bytes())?;
        w.put(&[id.size, id.hands[0], id.hands[1], 0])?;
        w.put(&id.walls.to_le_bytes())?;
        w.put(&(level.k as u32).to_le_bytes())?;
        w.put(&(level.sets.len() as u64).to_le_bytes())?;
        w.put(&(level.values.len() as u64).to_le_bytes())?;
        for s in &level.sets {
            w.put(&s.to_le_bytes())?;
        }
        w.put(&level.values)?;
        let sum = w.hash;
        w.inner.write_all(&sum.to_le_bytes())?;
        w.inner.into_inner().map_err(|e| e.into_error())?.sync_all()
    };
    stream().map_err(io(&tmp))?;
    std::fs::rename(&tmp, &path).map_err(io(&path))?;
    let old = file(dir, level.k + 2);
    if old.exists() {
        std::fs::remove_file(&old).map_err(io(&old))?;
    }
    Ok(())
}

/// Reads the level file `k`, checking that it belongs to this solve.
fn read(
    dir: &Path,
    id: &RootId,
    plan: &Plan,
    k: usize,
    sets: &[u128],
) -> Result<Level, SolveError> {
    let path = file(dir, k);
    let mut bytes = std::fs::read(&path).map_err(io(&path))?;
    let bad =
        |reason: &str| SolveError::Checkpoint { path: path.clone(), reason: reason.to_string() };
    if bytes.len() < HEADER + 8 || &bytes[..8] != MAGIC {
        return Err(bad("not a solver checkpoint"));
    }
    let (body, sum) = bytes.split_at(bytes.len() - 8);
    if fnv1a(body).to_le_bytes() != sum {
        return Err(bad("checksum mismatch (the file is corrupt or incomplete)"));
    }
    let u32_at = |i: usize| u32::from_le_bytes(body[i..i + 4].try_into().unwrap_or_default());
    let u64_at = |i: usize| u64::from_le_bytes(body[i..i + 8].try_into().unwrap_or_default());
    if u32_at(8) != VERSION {
        return Err(bad("unknown format version"));
    }
    let root = u128::from_le_bytes(body[16..32].try_into().unwrap_or_default());
    let found = RootId { size: body[12], walls: root, hands: [body[13], body[14]] };
    if found != *id {
        return Err(bad("it belongs to another solve (board, root walls or walls in hand differ)"));
    }
    if u32_at(32) as usize != k {
        return Err(bad("its level does not match its name"));
    }
    let n_sets = u64_at(36) as usize;
    let n_values = u64_at(44) as usize;
    let (_, count) = plan.splits(k);
    if n_sets != sets.len()
        || n_values != n_sets * count * plan.len
        || body.len() != HEADER + n_sets * 16 + n_values
    {
        return Err(bad("its size does not match this solve"));
    }
    let stored = body[HEADER..HEADER + n_sets * 16]
        .chunks_exact(16)
        .map(|c| u128::from_le_bytes(c.try_into().unwrap_or_default()));
    if !stored.eq(sets.iter().copied()) {
        return Err(bad("its wall sets do not match this solve"));
    }
    // The values in place: no second copy of a large level.
    bytes.truncate(bytes.len() - 8);
    bytes.drain(..HEADER + n_sets * 16);
    Ok(Level { k, sets: sets.to_vec(), values: bytes })
}

/// The lowest level saved in `dir` for this solve (and the level above it when that is the
/// root's), or `None` when there is none.
pub(crate) fn resume(
    dir: &Path,
    id: &RootId,
    plan: &Plan,
    sets: &[Vec<u128>],
) -> Result<Option<(Level, Option<Level>)>, SolveError> {
    let k0 = plan.root_level;
    let Some(k) = (k0..k0 + sets.len()).find(|&k| file(dir, k).exists()) else {
        return Ok(None);
    };
    let level = read(dir, id, plan, k, &sets[k - k0])?;
    let upper = if k == k0 && k + 1 < k0 + sets.len() {
        Some(read(dir, id, plan, k + 1, &sets[k + 1 - k0])?)
    } else {
        None
    };
    Ok(Some((level, upper)))
}
