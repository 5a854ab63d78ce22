// The crate docs are the README, so that crates.io and docs.rs show the same tour and its
// examples run as doc tests. The README's item links point to docs.rs for crates.io; these
// definitions come first, so rustdoc takes them instead (checked links to this version).
//! [`Engine`]: Engine
//! [`Analysis`]: Analysis
//! [`Engine::analyse`]: Engine::analyse
//! [`Candidate`]: Candidate
//! [`MultiPv`]: MultiPv
//! [`Limits`]: Limits
//! [`SearchResult`]: SearchResult
//! [`Score`]: Score
//! [`SearchInfo`]: SearchInfo
//! [`EngineOptions`]: EngineOptions
//! [`race`]: race
//! [`MultiSearch`]: params::MultiSearch
//! [`Engine::ponder`]: Engine::ponder
//! [`Ponder`]: Ponder
//! [`Level`]: Level
//! [`Bot`]: Bot
//! [`EngineBot`]: EngineBot
//! [`GreedyBot`]: GreedyBot
//! [`RandomBot`]: RandomBot
//! [`Verdict`]: Verdict
//! [`bench()`]: bench()
//! [`SplitMix64`]: SplitMix64
//! [`Clock`]: Clock
//! [`params`]: params
//! [`chance`]: chance
//! [`arena`]: arena
//! [`selfplay`]: selfplay
//! [`review`]: review
//! [`tablebase`]: tablebase
//! [`one_wall`]: one_wall
#![warn(missing_debug_implementations)]
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod analysis;
pub mod arena;
pub mod bench;
pub mod bots;
pub mod chance;
mod chance_table;
mod engine;
pub mod eval;
pub mod level;
pub mod limits;
mod mcts;
mod movepick;
pub mod net;
mod net_weights;
pub mod one_wall;
mod ordering;
pub mod params;
mod ponder;
pub mod race;
mod replies;
pub mod review;
mod rng;
mod search;
pub mod selfplay;
pub mod tablebase;
mod time;
mod tt;
mod verdict;
mod weights;
mod weights_multi;

use core::fmt;
use std::time::Duration;

use quoridor_core::Move;

pub use analysis::{Analysis, AnalysisInfo, Candidate, MultiPv, ParseMultiPvError};
pub use bench::{BenchReport, bench, bench_positions};
pub use bots::{Bot, EngineBot, GreedyBot, RandomBot};
pub use engine::Engine;
pub use level::Level;
pub use limits::{Clock, Limits};
pub use ponder::Ponder;
pub use rng::SplitMix64;
pub use verdict::Verdict;

/// A search score, from the point of view of the side to move.
///
/// Ordered from worst to best: every loss is below every evaluation, which is below every
/// win; a slower loss is better than a faster one, a faster win better than a slower one.
///
/// ```
/// use quoridor_ai::Score;
/// assert!(Score::Loss(2) < Score::Loss(6));
/// assert!(Score::Loss(6) < Score::Eval(-5000));
/// assert!(Score::Eval(3000) < Score::Win(9));
/// assert!(Score::Win(9) < Score::Win(3));
/// assert_eq!(Score::Eval(125).to_string(), "+1.25");
/// assert_eq!(Score::Eval(-50).to_string(), "-0.50");
/// assert_eq!(Score::Win(5).to_string(), "win in 5");
/// assert_eq!(Score::Loss(4).to_string(), "loss in 4");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// The side to move loses in this many plies (against best defence... and best attack).
    Loss(u32),
    /// An evaluation in centi-steps (100 = one step of path length).
    Eval(i32),
    /// The side to move wins in this many plies.
    Win(u32),
}

impl Score {
    /// The score as one number, higher is better: wins near `+1_000_000`, losses near
    /// `-1_000_000`.
    #[must_use]
    pub fn to_internal(self) -> i32 {
        match self {
            Score::Loss(n) => -params::WIN + n.min(params::WIN_BOUND as u32) as i32,
            Score::Eval(v) => {
                v.clamp(-params::WIN + params::WIN_BOUND + 1, params::WIN - params::WIN_BOUND - 1)
            }
            Score::Win(n) => params::WIN - n.min(params::WIN_BOUND as u32) as i32,
        }
    }

    /// The score of an internal number (the inverse of [`Score::to_internal`]). Numbers past
    /// `±1_000_000` are wins and losses in 0 plies.
    ///
    /// ```
    /// use quoridor_ai::Score;
    /// assert_eq!(Score::from_internal(Score::Win(7).to_internal()), Score::Win(7));
    /// assert_eq!(Score::from_internal(i32::MAX), Score::Win(0));
    /// assert_eq!(Score::from_internal(i32::MIN), Score::Loss(0));
    /// ```
    #[must_use]
    pub fn from_internal(v: i32) -> Score {
        if v >= params::WIN - params::WIN_BOUND {
            Score::Win((params::WIN - v).max(0) as u32)
        } else if v <= -params::WIN + params::WIN_BOUND {
            Score::Loss((v + params::WIN).max(0) as u32)
        } else {
            Score::Eval(v)
        }
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Score) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Score {
    fn cmp(&self, other: &Score) -> core::cmp::Ordering {
        fn key(s: &Score) -> (i8, i64) {
            match *s {
                Score::Loss(n) => (0, i64::from(n)),
                Score::Eval(v) => (1, i64::from(v)),
                Score::Win(n) => (2, -i64::from(n)),
            }
        }
        key(self).cmp(&key(other))
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Loss(n) => write!(f, "loss in {n}"),
            Score::Win(n) => write!(f, "win in {n}"),
            Score::Eval(v) => {
                let sign = if v < 0 { '-' } else { '+' };
                let a = v.unsigned_abs();
                write!(f, "{sign}{}.{:02}", a / 100, a % 100)
            }
        }
    }
}

/// What a search found so far: given to the callback after every iteration, and part of
/// the final [`SearchResult`]. Made by the engine only; it may tell more in later versions.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct SearchInfo {
    /// Depth of the last completed iteration, in plies.
    pub depth: u32,
    /// Score of the best move for the side to move.
    pub score: Score,
    /// Principal variation, starting with the best move.
    pub pv: Vec<Move>,
    /// Nodes searched so far (one per alpha-beta call, leaves included).
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time spent so far.
    pub time: Duration,
}

/// The outcome of a search. Made by the engine only; it may tell more in later versions.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct SearchResult {
    /// The move to play (always legal in the searched position).
    pub best: Move,
    /// The last iteration's information.
    pub info: SearchInfo,
}

/// Engine settings that outlive a single search.
///
/// Built from [`EngineOptions::default`] (a 64 MiB table, seed 0, one thread) with the
/// `with_*` methods, so that a setting added later breaks no caller:
///
/// ```
/// use quoridor_ai::{Engine, EngineOptions};
///
/// let options = EngineOptions::default().with_hash_mb(16).with_threads(2);
/// assert_eq!((options.hash_mb, options.seed, options.threads), (16, 0, 2));
/// let engine = Engine::new(options);
/// assert_eq!(engine.options().threads, 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct EngineOptions {
    /// Size of the transposition table in MiB (at least one table entry is kept).
    pub hash_mb: usize,
    /// Seed for the engine's randomness (only used when randomness is switched on).
    pub seed: u64,
    /// Search threads (clamped to 1..=256). One thread searches deterministically; more
    /// share the transposition table (Lazy SMP) and usually play better in the same time.
    pub threads: usize,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions { hash_mb: 64, seed: 0, threads: 1 }
    }
}

impl EngineOptions {
    /// These options with a transposition table of `hash_mb` MiB.
    #[must_use]
    pub const fn with_hash_mb(mut self, hash_mb: usize) -> EngineOptions {
        self.hash_mb = hash_mb;
        self
    }

    /// These options with the seed of the engine's randomness.
    #[must_use]
    pub const fn with_seed(mut self, seed: u64) -> EngineOptions {
        self.seed = seed;
        self
    }

    /// These options with `threads` search threads (clamped to 1..=256 by the engine).
    #[must_use]
    pub const fn with_threads(mut self, threads: usize) -> EngineOptions {
        self.threads = threads;
        self
    }
}
