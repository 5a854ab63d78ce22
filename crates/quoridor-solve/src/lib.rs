//! Exact play of two-player Quoridor on small boards (5 x 5 and 7 x 7).
//!
//! [`solve`] gives the exact value of a position (a win or a loss for the side to move and
//! in how many plies, or a draw by endless play) and a best move; [`solve_start`] does it for
//! a board's start with a number of walls per player.
//!
//! ## How
//! Walls never leave the board, so the game falls into *layers*: one wall set with fixed
//! walls in hand, holding every placement of the two pawns and either side to move. Pawn
//! moves stay in a layer and make cycles; wall placements go up to a layer with one wall
//! more. The solver enumerates every wall set that can follow the root (each up to its
//! left-right mirror image), then solves the levels from the fullest down: each layer by
//! retrograde analysis, with the wall placements as leaves read from the level above and the
//! path rule checked on a reachability mask computed once per wall set. States that are never
//! settled are draws: neither side can force a win. The layers with no walls in hand are the
//! exact race. Only two levels are in memory at a time; [`SolveOptions`] set a memory limit
//! (checked before the solve starts) and a checkpoint directory (each solved level is
//! written there, and a solve resumes from the last one). See `docs/solver.md` for the
//! figures.
//!
//! ```
//! use quoridor_core::{BoardSize, Seat};
//! use quoridor_solve::{SolveOptions, Value, solve_start};
//! // 5 x 5 with one wall each: South moves first and loses in 12 plies.
//! let solution = solve_start(BoardSize::MIN, 1, &SolveOptions::default(), &mut |_| {})?;
//! assert_eq!(solution.turn, Seat::South);
//! assert_eq!(solution.value, Value::Loss(12));
//! assert!(solution.best.is_some());
//! # Ok::<(), quoridor_solve::SolveError>(())
//! ```

mod checkpoint;
mod geometry;
mod layer;
mod solver;
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
    /// A broken invariant of the solver (a bug).
    #[error("internal error: {0}")]
    Internal(&'static str),
}
