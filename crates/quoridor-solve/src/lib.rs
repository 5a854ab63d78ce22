// The crate docs are the README, so that crates.io and docs.rs show the same text and its
// example runs as a doc test. The README's item links point to this version's items.
//! [`solve`]: solve
//! [`solve_start`]: solve_start
//! [`SolveOptions`]: SolveOptions
//! [`SolveOptions::with_tablebase`]: SolveOptions::with_tablebase
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

mod checkpoint;
mod geometry;
mod layer;
mod solver;
mod tablebase;
mod value;

use std::path::PathBuf;

pub use geometry::MAX_SIDE;
pub use solver::{Progress, Solution, SolveOptions, Stats, solve, solve_start};
pub use value::Value;

/// Why a solve failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The solver takes two-player games only.
    #[error("the solver takes two-player games only (South and North)")]
    Players,
    /// The solver takes the classic game only.
    #[error("the solver takes the classic game only, not King of the Hill")]
    Variant,
    /// The board is too large.
    #[error("the solver takes boards up to {MAX_SIDE}x{MAX_SIDE}, not {0}x{0}")]
    Size(u8),
    /// A ply limit would make draws depend on the ply; the solver works without one.
    #[error("the solver does not take a ply limit (the game has no draws but endless play)")]
    PlyLimit,
    /// The board configuration is not valid.
    #[error("{0}")]
    Config(String),
    /// The tables would need more memory than allowed.
    #[error("the solve needs {needed} bytes of tables, more than the limit of {limit} bytes")]
    MemoryLimit {
        /// Bytes the solve needs.
        needed: u64,
        /// The limit.
        limit: u64,
    },
    /// A result is longer than the tables hold.
    #[error("a result is longer than the tables hold (254 plies)")]
    TooLong,
    /// A checkpoint file is corrupt or belongs to another solve.
    #[error("checkpoint `{}`: {reason}", path.display())]
    Checkpoint {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// A checkpoint file could not be read or written.
    #[error("checkpoint `{}`: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// A tablebase file could not be written.
    #[error("tablebase `{}`: {source}", path.display())]
    Tablebase {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// A broken invariant of the solver (a bug).
    #[error("internal error: {0}")]
    Internal(&'static str),
}
