//! Every tunable constant of the search and the evaluation, in one place.

/// Score of a win at the root (a win in `n` plies scores `WIN - n`).
pub const WIN: i32 = 1_000_000;
/// Scores at or beyond `WIN - WIN_BOUND` (in absolute value) are wins or losses.
pub const WIN_BOUND: i32 = 10_000;
/// Largest search depth in plies.
pub const MAX_PLY: usize = 128;

/// Value of one step of path length (the unit of the evaluation: centi-steps).
pub const STEP: i32 = 100;
/// Value of walls in hand, by count (0, 1, 2, ... walls); counts past the end use the last.
/// Walls are worth more than the step or two a wall usually costs an opponent at once: a
/// wall kept is a threat, and the side that runs out first gets walled in the endgame.
pub const WALLS_IN_HAND: [i32; 11] = [0, 170, 330, 480, 620, 750, 870, 980, 1080, 1170, 1250];
/// Bonus for the side to move (set by matches: 20 beat 50).
pub const TEMPO: i32 = 20;
/// How much the closest opponent's distance weighs against the mean opponent distance in
/// multi-player evaluation (percent): the leader is the real threat.
pub const LEADER_WEIGHT: i32 = 70;

/// Walls held against an opponent who has none left are worth this much more (percent of
/// [`WALLS_IN_HAND`], two players): nothing can answer them, and the race they will decide
/// cannot be defended with walls.
pub const UNANSWERED_WALLS: i32 = 150;

/// The evaluation weights as one value, so that tuning runs can compare settings in one
/// program; [`EvalParams::default`] holds the constants above.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalParams {
    /// See [`STEP`].
    pub step: i32,
    /// See [`WALLS_IN_HAND`].
    pub walls_in_hand: [i32; 11],
    /// See [`TEMPO`].
    pub tempo: i32,
    /// See [`LEADER_WEIGHT`].
    pub leader_weight: i32,
    /// See [`UNANSWERED_WALLS`].
    pub unanswered_walls: i32,
}

impl Default for EvalParams {
    fn default() -> EvalParams {
        EvalParams {
            step: STEP,
            walls_in_hand: WALLS_IN_HAND,
            tempo: TEMPO,
            leader_weight: LEADER_WEIGHT,
            unanswered_walls: UNANSWERED_WALLS,
        }
    }
}

/// Aspiration window half-width at the first try (centi-steps).
pub const ASPIRATION: i32 = 60;
/// Iterations before aspiration windows start.
pub const ASPIRATION_FROM_DEPTH: u32 = 4;

/// Late move reductions: a move this late in the list (or later) may be reduced...
pub const LMR_MOVE: usize = 4;
/// ... when this much depth remains.
pub const LMR_DEPTH: i32 = 3;

/// History bonus per depth squared, and the cap that keeps history below killers.
pub const HISTORY_MAX: i32 = 1 << 14;

/// Games are planned for this many moves of the clock's time left.
pub const CLOCK_MOVES_TO_GO: u32 = 25;

/// Most search threads an engine runs.
pub const MAX_THREADS: usize = 256;

/// Nodes between two looks at the clock and the stop flag.
pub const CHECK_EVERY: u64 = 256;

/// Below the root, walls that gain less than this (opponents' path growth minus one's own,
/// in steps) are not searched, two plies or more from the horizon.
pub const MIN_WALL_GAIN: i32 = 1;

/// The search's tunable switches as one value (for tuning runs);
/// [`SearchParams::default`] holds the constants above.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchParams {
    /// See [`LMR_MOVE`] (`usize::MAX` switches reductions off).
    pub lmr_move: usize,
    /// See [`LMR_DEPTH`].
    pub lmr_depth: i32,
    /// See [`MIN_WALL_GAIN`].
    pub min_wall_gain: i32,
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams { lmr_move: LMR_MOVE, lmr_depth: LMR_DEPTH, min_wall_gain: MIN_WALL_GAIN }
    }
}
