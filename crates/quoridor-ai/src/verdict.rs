//! A search score in words, as `quoridor analyse` and the browser page print it.

use core::fmt;

use quoridor_core::Seat;

use crate::Score;

/// A score in words for the side to move: `North is better (+1.30)`, `about equal
/// (+0.20)`, `South wins in 5 plies`. An evaluation within half a step of zero is
/// "about equal".
///
/// ```
/// use quoridor_ai::{Score, Verdict};
/// use quoridor_core::Seat;
/// let v = |score| Verdict { side: Seat::North, score }.to_string();
/// assert_eq!(v(Score::Eval(130)), "North is better (+1.30)");
/// assert_eq!(v(Score::Eval(-51)), "North is worse (-0.51)");
/// assert_eq!(v(Score::Eval(50)), "about equal (+0.50)");
/// assert_eq!(v(Score::Win(5)), "North wins in 5 plies");
/// assert_eq!(v(Score::Loss(4)), "North loses in 4 plies");
/// assert_eq!(v(Score::Win(1)), "North wins in 1 ply");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The side to move, whose view the score takes.
    pub side: Seat,
    /// The search score.
    pub score: Score,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Verdict { side, score } = *self;
        match score {
            Score::Win(n) => write!(f, "{side} wins in {n} {}", plies(n)),
            Score::Loss(n) => write!(f, "{side} loses in {n} {}", plies(n)),
            Score::Eval(v) if v > 50 => write!(f, "{side} is better ({score})"),
            Score::Eval(v) if v < -50 => write!(f, "{side} is worse ({score})"),
            Score::Eval(_) => write!(f, "about equal ({score})"),
        }
    }
}

/// "ply" or "plies".
fn plies(n: u32) -> &'static str {
    if n == 1 { "ply" } else { "plies" }
}
