//! Search limits: depth, nodes, time per move, a game clock, and a stop flag.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use quoridor_core::Move;

/// Time left on a player's clock, with the increment added after each move. Made with
/// [`Clock::new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Clock {
    /// Time left for the rest of the game (before this move's increment).
    pub time_left: Duration,
    /// Time added after every move.
    pub increment: Duration,
}

impl Clock {
    /// A clock with `time_left` for the rest of the game and `increment` added after every
    /// move.
    #[must_use]
    pub const fn new(time_left: Duration, increment: Duration) -> Clock {
        Clock { time_left, increment }
    }
}

/// When a search stops. Every limit that is set applies; the first one reached ends the
/// search. With no limit at all (the [`Default`]) the search runs until the stop flag is
/// raised (or to its deepest iteration, 100 plies; a solved wall-less race returns at
/// once).
///
/// Every value is accepted, and the extremes saturate: a depth of 0 searches one ply and one
/// past 100 searches 100; a node limit of 0 stops at the first node (the search still
/// returns a legal move); a move time or clock too long for the machine's clock (years, up
/// to [`Duration::MAX`]) is no time limit, and a zero one returns at once.
///
/// Build them from [`Limits::default`] or one of the one-limit constructors with the
/// `with_*` methods (a limit added later breaks no caller):
///
/// ```
/// use quoridor_ai::{Clock, Limits};
/// use std::time::Duration;
/// let l = Limits::depth(6);
/// assert_eq!(l.depth, Some(6));
/// let l = Limits::movetime(Duration::from_millis(50)).with_nodes(10_000);
/// assert!(l.movetime.is_some() && l.nodes.is_some());
/// let clock = Clock::new(Duration::from_secs(60), Duration::from_secs(1));
/// let l = Limits::default().with_clock(clock);
/// assert!(l.is_timed());
/// ```
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
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
    /// Only these root moves are searched (UCI's `go searchmoves`); those that are not
    /// legal are left out, and when none is legal every move is searched.
    pub searchmoves: Option<Vec<Move>>,
}

impl Limits {
    /// Search to a fixed depth.
    #[must_use]
    pub fn depth(d: u32) -> Limits {
        Limits::default().with_depth(d)
    }

    /// Search a fixed number of nodes.
    #[must_use]
    pub fn nodes(n: u64) -> Limits {
        Limits::default().with_nodes(n)
    }

    /// Search for a fixed time.
    #[must_use]
    pub fn movetime(d: Duration) -> Limits {
        Limits::default().with_movetime(d)
    }

    /// These limits with the deepest iteration set to `d` plies.
    #[must_use]
    pub fn with_depth(mut self, d: u32) -> Limits {
        self.depth = Some(d);
        self
    }

    /// These limits with at most `n` nodes.
    #[must_use]
    pub fn with_nodes(mut self, n: u64) -> Limits {
        self.nodes = Some(n);
        self
    }

    /// These limits with `d` of wall-clock time for the move.
    #[must_use]
    pub fn with_movetime(mut self, d: Duration) -> Limits {
        self.movetime = Some(d);
        self
    }

    /// These limits with the game clock of the side to move.
    #[must_use]
    pub fn with_clock(mut self, clock: Clock) -> Limits {
        self.clock = Some(clock);
        self
    }

    /// These limits with a stop flag: raising it (from another thread) ends the search.
    #[must_use]
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Limits {
        self.stop = Some(stop);
        self
    }

    /// These limits searching only `moves` at the root ([`Limits::searchmoves`]).
    ///
    /// ```
    /// use quoridor_ai::{Engine, EngineOptions, Limits};
    /// use quoridor_core::Position;
    /// let wall = "e8h".parse().unwrap();
    /// let limits = Limits::depth(3).with_searchmoves(vec![wall]);
    /// let mut engine = Engine::new(EngineOptions::default());
    /// let r = engine.search(&Position::default(), &limits, &mut |_| {}).unwrap();
    /// assert_eq!(r.best, wall);
    /// ```
    #[must_use]
    pub fn with_searchmoves(mut self, moves: Vec<Move>) -> Limits {
        self.searchmoves = Some(moves);
        self
    }

    /// Whether the limits depend on wall-clock time (results may then differ run to run).
    #[must_use]
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
            // Saturating: a clock of years is as good as no clock, never an overflow.
            let share = c.time_left / crate::params::CLOCK_MOVES_TO_GO;
            let soft = share.saturating_add(c.increment.saturating_mul(3) / 4).min(usable / 2);
            let hard = soft.saturating_mul(3).min(usable / 2).max(soft);
            take(soft, hard);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_of_extreme_clocks_saturate() {
        let (zero, max) = (Duration::ZERO, Duration::MAX);
        for clock in [
            Clock::new(max, max),
            Clock::new(max, zero),
            Clock::new(zero, max),
            Clock::new(zero, zero),
            Clock::new(Duration::from_secs(60), max),
        ] {
            let (soft, hard) = Limits::default().with_clock(clock).budget().expect("timed");
            assert!(soft <= hard && hard <= clock.time_left / 2, "{clock:?}: {soft:?} {hard:?}");
        }
        // No time left: nothing to spend, whatever the increment.
        let none = Limits::default().with_clock(Clock::new(zero, max)).budget();
        assert_eq!(none, Some((zero, zero)));
        // A huge increment: half the clock, as with any increment larger than it.
        let minute = Clock::new(Duration::from_secs(60), max);
        let half = (Duration::from_secs(60) - Duration::from_millis(30)) / 2;
        assert_eq!(Limits::default().with_clock(minute).budget(), Some((half, half)));
        for t in [zero, Duration::from_nanos(1), max] {
            let (soft, hard) = Limits::movetime(t).budget().expect("timed");
            assert!(soft == hard && hard <= t);
        }
        assert_eq!(Limits::default().budget(), None);
    }
}
