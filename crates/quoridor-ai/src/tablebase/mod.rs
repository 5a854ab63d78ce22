//! Tablebases: exact values of small-board positions, solved by quoridor-solve and read
//! here, so that the engine and the analysis play and report them.
//!
//! A tablebase file holds every position that can follow one root (a board, a wall set and
//! the walls in hand of both sides; every pawn placement and either side to move): for each,
//! whether the side to move wins or loses and in how many plies under best play, or a
//! draw. `quoridor solve --size 5 --walls 2 --tablebase 5x5-w2.qtb` writes one
//! (`docs/solver.md` gives the byte layout and the sizes). Loading checks the magic, the
//! version, every size and the checksum, and refuses a bad file with a
//! [`TablebaseError`] that names it and says what is wrong.
//!
//! [`Tablebase::probe`] answers a position only when it lies in the table: a two-player
//! classic game on the table's board, its wall set (or its mirror image) among the table's,
//! and its walls in hand one of the splits the root leads to. Anything else is `None`,
//! never a guess.
//!
//! ```
//! use quoridor_ai::tablebase::Tablebase;
//! // Any bytes are checked: a bad file is an error that says why, never a panic.
//! let e = Tablebase::from_bytes(b"not a table".to_vec()).unwrap_err();
//! assert_eq!(e.to_string(), "tablebase: not a tablebase (no `QSOLVTB1` magic at the start)");
//! ```
//!
//! With a table written by `quoridor solve --size 5 --walls 1 --tablebase 5x5-w1.qtb`
//! (quoridor-solve's crate documentation has the same as a runnable example, writing the
//! table first):
//!
//! ```no_run
//! use quoridor_ai::tablebase::{Tablebase, Value};
//! use quoridor_core::Position;
//! let table = Tablebase::open("5x5-w1.qtb")?;
//! let start: Position = "5 S:c1:1,N:c5:1 - S 0".parse()?;
//! assert_eq!(table.probe(&start), Some(Value::Loss(12)));
//! let (best, value) = table.best_move(&start).expect("in the table");
//! assert!(start.is_legal(best) && value == Value::Loss(12));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! An [`crate::Engine`] given tables with [`crate::Engine::add_tablebase`] plays a position
//! found in one of them from the table: the fastest win, else a draw, else the slowest loss,
//! with the table's line as its principal variation and a win or loss score.

mod format;
mod value;

use std::fmt;
use std::path::{Path, PathBuf};

use quoridor_core::{
    BoardSize, Move, Orientation, Players, Position, Seat, Square, Variant, Wall, WallSet,
};

pub use format::{FNV_START, MAGIC, VERSION, fnv1a};
pub use value::{MAX_PLIES, Value};

use format::Parsed;

/// Why a tablebase could not be loaded.
#[derive(Debug)]
#[non_exhaustive]
pub enum TablebaseError {
    /// The file could not be read.
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// The bytes are not a valid tablebase: corrupt, truncated, another kind of file, or
    /// another format version.
    Invalid {
        /// The file (`None` for bytes given by [`Tablebase::from_bytes`]).
        path: Option<PathBuf>,
        /// What is wrong.
        reason: String,
    },
}

impl fmt::Display for TablebaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TablebaseError::Io { path, source } => {
                write!(f, "tablebase `{}`: {source}", path.display())
            }
            TablebaseError::Invalid { path: Some(path), reason } => {
                write!(f, "tablebase `{}`: {reason}", path.display())
            }
            TablebaseError::Invalid { path: None, reason } => write!(f, "tablebase: {reason}"),
        }
    }
}

impl std::error::Error for TablebaseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TablebaseError::Io { source, .. } => Some(source),
            TablebaseError::Invalid { .. } => None,
        }
    }
}

/// A loaded, checked tablebase: the exact values of every position that follows its root.
pub struct Tablebase {
    t: Parsed,
    path: Option<PathBuf>,
}

impl fmt::Debug for Tablebase {
    /// The table's root and shape (not its values).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tablebase")
            .field("path", &self.path)
            .field("size", &self.t.board.n)
            .field("walls_in_hand", &self.t.hands)
            .field("levels", &self.levels())
            .field("bytes", &self.t.bytes.len())
            .finish_non_exhaustive()
    }
}

impl Tablebase {
    /// Reads and checks a tablebase file (the whole file is kept in memory).
    ///
    /// # Errors
    /// A file that cannot be read, or whose bytes are not a valid tablebase (see
    /// [`Tablebase::from_bytes`]); the error names the file.
    pub fn open(path: impl AsRef<Path>) -> Result<Tablebase, TablebaseError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path)
            .map_err(|source| TablebaseError::Io { path: path.to_path_buf(), source })?;
        let t = format::parse(bytes)
            .map_err(|reason| TablebaseError::Invalid { path: Some(path.to_path_buf()), reason })?;
        Ok(Tablebase { t, path: Some(path.to_path_buf()) })
    }

    /// Checks the bytes of a tablebase file and keeps them.
    ///
    /// # Errors
    /// Bytes that are not a tablebase (another magic), of another format version, with a
    /// header that does not fit the board, sizes that do not match the file's length
    /// (truncated or trailing bytes), a wrong checksum, or wall sets that are not sorted,
    /// canonical and of their level's size.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Tablebase, TablebaseError> {
        let t = format::parse(bytes)
            .map_err(|reason| TablebaseError::Invalid { path: None, reason })?;
        Ok(Tablebase { t, path: None })
    }

    /// The file the table was read from, if any.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The board size.
    #[must_use]
    pub fn size(&self) -> BoardSize {
        BoardSize::new(self.t.board.n as u8).unwrap_or(BoardSize::MIN)
    }

    /// South's and North's walls in hand at the root.
    #[must_use]
    pub fn root_walls_in_hand(&self) -> [u8; 2] {
        self.t.hands
    }

    /// The root's wall set (of the two mirror images, the one with the smaller mask).
    #[must_use]
    pub fn root_walls(&self) -> WallSet {
        let a = self.t.board.anchors();
        let mut set = WallSet::new();
        let mut m = self.t.root;
        while m != 0 {
            let bit = m.trailing_zeros() as usize;
            m &= m - 1;
            let (o, j) = if bit < a * a {
                (Orientation::Horizontal, bit)
            } else {
                (Orientation::Vertical, bit - a * a)
            };
            if let Some(w) = Square::new((j % a) as u8, (j / a) as u8).and_then(|q| Wall::new(q, o))
            {
                set.insert(w);
            }
        }
        set
    }

    /// The levels held (walls on the board), from the root's.
    #[must_use]
    pub fn levels(&self) -> std::ops::RangeInclusive<usize> {
        self.t.root_level..=self.t.root_level + self.t.levels.len() - 1
    }

    /// Positions held: layers (wall set x walls in hand) x pawn placements x side to move
    /// (placements that cannot occur included).
    #[must_use]
    pub fn states(&self) -> u64 {
        let layer = self.t.board.layer() as u64;
        self.t.levels.iter().map(|l| (l.sets.len() * l.splits) as u64 * layer).sum()
    }

    /// The exact value of `pos` for the side to move, if the table holds it: a two-player
    /// classic game on the table's board, not over, whose wall set (or its mirror image) is
    /// in the table with these walls in hand. A ply limit is ignored (the table knows none;
    /// the engine does not use a value the limit could change).
    #[must_use]
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        let b = self.t.board;
        if pos.players() != Players::Two
            || pos.variant() != Variant::Classic
            || usize::from(pos.size().get()) != b.n
            || pos.is_game_over()
        {
            return None;
        }
        let k = pos.walls().len();
        let level = self.t.levels.get(k.checked_sub(self.t.root_level)?)?;
        let hands = [pos.walls_in_hand(Seat::South), pos.walls_in_hand(Seat::North)];
        if !self.hands_fit(k, hands) {
            return None;
        }
        let split = usize::from(hands[0]).checked_sub(level.lo).filter(|&j| j < level.splits)?;
        let a = b.anchors();
        let mut mask = 0u128;
        for w in pos.walls() {
            let (col, row) = (usize::from(w.anchor().col()), usize::from(w.anchor().row()));
            if col >= a || row >= a {
                return None;
            }
            let base = match w.orientation() {
                Orientation::Horizontal => 0,
                Orientation::Vertical => a * a,
            };
            mask |= 1 << (base + row * a + col);
        }
        let (canon, mirrored) = b.canonical(mask);
        let e = level.sets.binary_search(&canon).ok()?;
        let cell = |s: Seat| -> Option<usize> {
            let q = pos.pawn(s)?;
            let c = usize::from(q.row()) * b.n + usize::from(q.col());
            Some(if mirrored { b.mirror_cell(c) } else { c })
        };
        let (south, north) = (cell(Seat::South)?, cell(Seat::North)?);
        let side = match pos.turn() {
            Seat::South => 0,
            Seat::North => 1,
            _ => return None,
        };
        let state = (side * b.cells() + south) * b.cells() + north;
        let at = level.values + (e * level.splits + split) * b.layer() + state;
        self.t.bytes.get(at).map(|&v| Value::from_byte(v))
    }

    /// Whether walls in hand `hands` are one of the splits of level `k`.
    fn hands_fit(&self, k: usize, hands: [u8; 2]) -> bool {
        let total = usize::from(self.t.hands[0]) + usize::from(self.t.hands[1]);
        let left = (total + self.t.root_level).checked_sub(k);
        left == Some(usize::from(hands[0]) + usize::from(hands[1]))
            && hands[0] <= self.t.hands[0]
            && hands[1] <= self.t.hands[1]
    }

    /// Every legal move of `pos` with its exact value for the side to move (the value of
    /// the position after it, one ply later), in the order of the move generator; `None`
    /// when the table does not hold `pos` or a position after one of its moves.
    #[must_use]
    pub fn move_values(&self, pos: &Position) -> Option<Vec<(Move, Value)>> {
        self.probe(pos)?;
        let me = pos.turn();
        pos.legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = *pos;
                child.play_unchecked(m);
                let v = match child.outcome() {
                    Some(quoridor_core::Outcome::Winner(w)) if w == me => Value::Win(1),
                    Some(quoridor_core::Outcome::Winner(_)) => Value::Loss(1),
                    Some(quoridor_core::Outcome::Draw) => Value::Draw,
                    None => self.probe(&child)?.parent(),
                };
                Some((m, v))
            })
            .collect()
    }

    /// A perfect move of `pos` (the fastest win, else a draw, else the slowest loss; the
    /// first such move of the move generator) and the value of `pos`, if the table holds it.
    #[must_use]
    pub fn best_move(&self, pos: &Position) -> Option<(Move, Value)> {
        let mut best: Option<(Move, Value)> = None;
        for (m, v) in self.move_values(pos)? {
            if best.is_none_or(|(_, b)| v.is_better_than(b)) {
                best = Some((m, v));
            }
        }
        best
    }

    /// Perfect play from `pos` by both sides, up to `max` moves (ending with the game, or
    /// where the table stops).
    #[must_use]
    pub fn line(&self, pos: &Position, max: usize) -> Vec<Move> {
        let mut out = Vec::new();
        let mut p = *pos;
        while out.len() < max {
            let Some((m, _)) = self.best_move(&p) else { break };
            p.play_unchecked(m);
            out.push(m);
        }
        out
    }
}

/// The first value among `tables` for `pos`, with the table that gave it.
pub(crate) fn probe_all<'a>(
    tables: &'a [std::sync::Arc<Tablebase>],
    pos: &Position,
) -> Option<(&'a Tablebase, Value)> {
    tables.iter().find_map(|t| t.probe(pos).map(|v| (&**t, v)))
}

#[cfg(test)]
mod tests;
