//! Writing a tablebase: every level of a solve, streamed to one file as it is solved, in
//! the format quoridor-ai reads (`quoridor_ai::tablebase`; the layout is in
//! `docs/solver.md`, "Tablebase files"). The level list is known before the first level is
//! solved (the wall sets are enumerated first), so the header comes first and the levels
//! follow in the order they are solved, the fullest first; the checksum ends the file.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use quoridor_ai::tablebase::{FNV_START, MAGIC, VERSION, fnv1a};

use crate::SolveError;
use crate::checkpoint::RootId;
use crate::solver::Level;

/// A tablebase being written: the levels still expected, in order.
pub(crate) struct Writer {
    path: PathBuf,
    tmp: PathBuf,
    out: Option<BufWriter<File>>,
    hash: u64,
    bytes: u64,
    /// (level, value bytes, wall sets) of the levels still to come, next first.
    expected: Vec<(usize, usize, usize)>,
}

impl Writer {
    /// Starts the file (under a temporary name) with its header and level list. `shapes`:
    /// (level, walls-in-hand splits, wall sets) in the order the levels will be written.
    pub fn create(
        path: &Path,
        id: &RootId,
        root_level: usize,
        shapes: &[(usize, usize, usize)],
        layer: usize,
    ) -> Result<Writer, SolveError> {
        let name = path.file_name().map_or_else(Default::default, |n| n.to_os_string());
        let tmp = path.with_file_name({
            let mut n = name;
            n.push(".tmp");
            n
        });
        let file = File::create(&tmp).map_err(io(&tmp))?;
        let mut w = Writer {
            path: path.to_path_buf(),
            tmp,
            out: Some(BufWriter::new(file)),
            hash: FNV_START,
            bytes: 0,
            expected: shapes.iter().rev().map(|&(k, s, n)| (k, s * n * layer, n)).collect(),
        };
        let mut head = Vec::with_capacity(40 + 16 * shapes.len());
        head.extend_from_slice(MAGIC);
        head.extend_from_slice(&VERSION.to_le_bytes());
        head.extend_from_slice(&[id.size, id.hands[0], id.hands[1], 0]);
        head.extend_from_slice(&id.walls.to_le_bytes());
        head.extend_from_slice(&(root_level as u32).to_le_bytes());
        head.extend_from_slice(&(shapes.len() as u32).to_le_bytes());
        for &(k, splits, sets) in shapes {
            head.extend_from_slice(&(k as u32).to_le_bytes());
            head.extend_from_slice(&(splits as u32).to_le_bytes());
            head.extend_from_slice(&(sets as u64).to_le_bytes());
        }
        w.put(&head)?;
        Ok(w)
    }

    fn put(&mut self, bytes: &[u8]) -> Result<(), SolveError> {
        self.hash = fnv1a(self.hash, bytes);
        self.bytes += bytes.len() as u64;
        let out = self.out.as_mut().ok_or(SolveError::Internal("tablebase already closed"))?;
        out.write_all(bytes).map_err(io(&self.tmp))
    }

    /// Appends a solved level: it must be the next one of the list, with its size.
    pub fn level(&mut self, level: &Level) -> Result<(), SolveError> {
        match self.expected.pop() {
            Some((k, values, sets))
                if k == level.k && values == level.values.len() && sets == level.sets.len() => {}
            _ => return Err(SolveError::Internal("a level not in the tablebase's list")),
        }
        let mut sets = Vec::with_capacity(16 * level.sets.len());
        for s in &level.sets {
            sets.extend_from_slice(&s.to_le_bytes());
        }
        self.put(&sets)?;
        self.put(&level.values)
    }

    /// Ends the file with its checksum and gives it its name; returns its size in bytes.
    pub fn finish(mut self) -> Result<u64, SolveError> {
        if !self.expected.is_empty() {
            return Err(SolveError::Internal("the tablebase is missing levels"));
        }
        let sum = self.hash.to_le_bytes();
        let mut out = self.out.take().ok_or(SolveError::Internal("tablebase already closed"))?;
        let close = || -> std::io::Result<()> {
            out.write_all(&sum)?;
            out.into_inner().map_err(|e| e.into_error())?.sync_all()
        };
        if let Err(e) = close() {
            let _ = std::fs::remove_file(&self.tmp);
            return Err(io(&self.tmp)(e));
        }
        std::fs::rename(&self.tmp, &self.path).map_err(io(&self.path))?;
        Ok(self.bytes + 8)
    }
}

impl Drop for Writer {
    /// A file left unfinished (an error, a panic) is removed: no half table remains.
    fn drop(&mut self) {
        if self.out.take().is_some() {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> SolveError + '_ {
    move |source| SolveError::Tablebase { path: path.to_path_buf(), source }
}
