//! Search limits: depth, nodes, time per move, a game clock, and a stop flag.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Time left on a player's clock, with the increment added after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left for the rest of the game (before this move's increment).
    pub time_left: Duration,
    /// Time added after every move.
    pub increment: Duration,
}

/// When a search stops. Every limit that is set applies; the first one reached ends the
/// search. With no limit at all (the [`Default`]) the search runs until the stop flag is
/// raised (or to its deepest iteration, 100 plies; a solved wall-less race returns at
/// once).
///
/// ```
/// use quoridor_ai::Limits;
/// use std::time::Duration;
/// let l = Limits::depth(6);
/// assert_eq!(l.depth, Some(6));
/// let l = Limits { nodes: Some(10_000), ..Limits::movetime(Duration::from_millis(50)) };
/// assert!(l.movetime.is_some() && l.nodes.is_some());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration (in plies) of iterative deepening.
    pub depth: Option<u32>,
    /// Most nodes searched (the search stops soon after, keeping the last result).
    pub nodes: Option<u64>,
    /// Wall-clock time for this move.
    pub movetime: Option<Duration>,
    /// The game clock of the side to move; the engine budgets its own time from it.
    pub clock: Option<Clock>,
    /// Raised by another thread to stop the search; the best move found so far is returned.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// Search to a fixed depth.
    pub fn depth(d: u32) -> Limits {
        Limits { depth: Some(d), ..Limits::default() }
    }

    /// Search a fixed number of nodes.
    pub fn nodes(n: u64) -> Limits {
        Limits { nodes: Some(n), ..Limits::default() }
    }

    /// Search for a fixed time.
    pub fn movetime(d: Duration) -> Limits {
        Limits { movetime: Some(d), ..Limits::default() }
    }

    /// Whether the limits depend on wall-clock time (results may then differ run to run).
    pub fn is_timed(&self) -> bool {
        self.movetime.is_some() || self.clock.is_some()
    }

    /// The time budget: (soft, hard). The search starts no new iteration after `soft` and
    /// stops outright at `hard`. `None` when no time limit applies.
    pub(crate) fn budget(&self) -> Option<(Duration, Duration)> {
        let mut best: Option<(Duration, Duration)> = None;
        let mut take = |soft: Duration, hard: Duration| {
            best = Some(match best {
                Some((s, h)) => (s.min(soft), h.min(hard)),
                None => (soft, hard),
            });
        };
        if let Some(t) = self.movetime {
            // Leave room for the return path and for a busy machine's scheduling delays.
            let hard = t.saturating_sub(t / 20 + Duration::from_millis(1));
            take(hard, hard);
        }
        if let Some(c) = self.clock {
            let reserve = Duration::from_millis(30).min(c.time_left / 4);
            let usable = c.time_left.saturating_sub(reserve);
            let soft = (c.time_left / crate::params::CLOCK_MOVES_TO_GO + c.increment * 3 / 4)
                .min(usable / 2);
            let hard = (soft * 3).min(usable / 2).max(soft);
            take(soft, hard);
        }
        best
    }
}
