//! What [`crate::Engine::analyse`] answers: the best root moves (multi-PV), each with its
//! own score and principal variation at the same depth.
//!
//! How the lines are found (`docs/ai.md`, "Candidate moves"): the first is the search's
//! own result, exactly what [`crate::Engine::search`] returns under the same limits; then a
//! pass over the other root moves at every depth that search completed gives each of the
//! next best its exact score at that depth: a move is tested with a window whose lower
//! bound is the score of the worst line kept so far, so a move that cannot enter the list
//! costs a null-window search only.

use core::fmt;
use core::str::FromStr;
use std::num::NonZeroUsize;
use std::time::Duration;

use quoridor_core::Move;

use crate::Score;

/// How many lines an analysis gives: at least one; more than the root has moves gives
/// every move.
///
/// ```
/// use quoridor_ai::MultiPv;
/// assert_eq!(MultiPv::new(3).map(MultiPv::get), Some(3));
/// assert_eq!(MultiPv::new(0), None);
/// assert_eq!(MultiPv::ONE.get(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MultiPv(NonZeroUsize);

impl MultiPv {
    /// One line: the search's own result.
    pub const ONE: MultiPv = MultiPv(NonZeroUsize::MIN);

    /// `n` lines, or `None` for zero.
    #[must_use]
    pub const fn new(n: usize) -> Option<MultiPv> {
        match NonZeroUsize::new(n) {
            Some(n) => Some(MultiPv(n)),
            None => None,
        }
    }

    /// The number of lines asked for.
    #[must_use]
    pub const fn get(self) -> usize {
        self.0.get()
    }
}

/// Reads a number of lines: a whole number, at least 1; one too large for the machine
/// means every move.
///
/// ```
/// use quoridor_ai::MultiPv;
/// assert_eq!("3".parse::<MultiPv>().unwrap().get(), 3);
/// assert_eq!("99999999999999999999999".parse::<MultiPv>().unwrap().get(), usize::MAX);
/// assert_eq!(
///     "0".parse::<MultiPv>().unwrap_err().to_string(),
///     "`0` is not a number of lines: multipv is a whole number, at least 1"
/// );
/// assert!("-2".parse::<MultiPv>().is_err() && "two".parse::<MultiPv>().is_err());
/// ```
impl FromStr for MultiPv {
    type Err = ParseMultiPvError;

    fn from_str(s: &str) -> Result<MultiPv, ParseMultiPvError> {
        let t = s.trim();
        let err = || ParseMultiPvError(t.to_string());
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        // Only digits: a parse failure is an overflow, which means every move.
        let n = t.parse::<usize>().unwrap_or(usize::MAX);
        MultiPv::new(n).ok_or_else(err)
    }
}

/// A number of lines that is not a whole number of at least 1 ([`MultiPv`]'s `FromStr`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMultiPvError(String);

impl fmt::Display for ParseMultiPvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a number of lines: multipv is a whole number, at least 1", self.0)
    }
}

impl core::error::Error for ParseMultiPvError {}

impl Default for MultiPv {
    fn default() -> MultiPv {
        MultiPv::ONE
    }
}

/// One candidate move: its score for the side to move and its principal variation (which
/// starts with the move), searched to the analysis's depth.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Candidate {
    /// The root move.
    pub mv: Move,
    /// Its score for the side to move at the root.
    pub score: Score,
    /// The principal variation, starting with [`Candidate::mv`].
    pub pv: Vec<Move>,
    /// The depth it was searched to, in plies: the analysis's, unless a limit cut the
    /// analysis short (then the deepest depth at which it was done).
    pub depth: u32,
}

/// Sorts lines best first; stable: among equal scores the order stays (the search's own
/// move first). One function for every sort of lines, which keeps one copy of the sort in
/// the program (the page's WebAssembly module among others).
pub(crate) fn sort_lines(lines: &mut [Candidate]) {
    lines.sort_by_key(|c| core::cmp::Reverse(c.score));
}

/// One depth of an analysis ([`crate::Engine::analyse_by_depth`]): every line at that
/// depth, best first. Made by the engine only; it may tell more in later versions.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct AnalysisInfo {
    /// The depth, in plies.
    pub depth: u32,
    /// The lines, best first (as [`Analysis::lines`]).
    pub lines: Vec<Candidate>,
    /// Nodes searched so far, every thread and pass.
    pub nodes: u64,
    /// Time spent so far.
    pub time: Duration,
}

impl AnalysisInfo {
    pub(crate) fn new(depth: u32, lines: Vec<Candidate>, nodes: u64, time: Duration) -> Self {
        AnalysisInfo { depth, lines, nodes, time }
    }

    /// One line: an iteration of the search (none if it has no move).
    pub(crate) fn of_iteration(info: &crate::SearchInfo) -> Self {
        let line = info.pv.first().map(|&mv| Candidate {
            mv,
            score: info.score,
            pv: info.pv.clone(),
            depth: info.depth,
        });
        AnalysisInfo::new(info.depth, line.into_iter().collect(), info.nodes, info.time)
    }

    /// Nodes per second.
    #[must_use]
    pub fn nps(&self) -> u64 {
        (u128::from(self.nodes) * 1_000_000_000 / self.time.as_nanos().max(1))
            .min(u128::from(u64::MAX)) as u64
    }
}

/// The result of [`crate::Engine::analyse`]. Made by the engine only; it may tell more in
/// later versions.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Analysis {
    /// The candidate moves, best first (scores never increase down the list). The first is
    /// the move [`crate::Engine::search`] plays under the same limits, unless the exact
    /// search of another move found it better than the first search (whose reductions
    /// searched that move less deep): that move then comes first.
    pub lines: Vec<Candidate>,
    /// The depth of the search's line (the first search's), in plies; every line is
    /// searched to it unless a limit cut the analysis short ([`Candidate::depth`]).
    pub depth: u32,
    /// Whether every line asked for was searched to [`Analysis::depth`]: false when a time
    /// or node limit, or the stop flag, cut the passes after the search short (the lines
    /// after the first are then those of the deepest pass that finished, exact at its
    /// depth), and when the search cannot give more lines (max^n,
    /// [`crate::params::MultiSearch::MaxN`], gives one).
    pub complete: bool,
    /// Nodes searched, the search and the passes.
    pub nodes: u64,
    /// Time spent, the search and the passes.
    pub time: Duration,
}

impl Analysis {
    /// The best line.
    ///
    /// # Panics
    /// Never: an analysis always holds at least one line.
    #[must_use]
    pub fn best(&self) -> &Candidate {
        &self.lines[0]
    }
}
