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

/// Two-player evaluation weights, one per feature of [`crate::eval::features_two`], in
/// 1/[`crate::eval::WEIGHT_UNIT`] centi-steps: fitted on self-play games by `quoridor fit`
/// (see `docs/ai.md`), which writes `weights.rs`.
pub const TWO_PLAYER: [i32; crate::eval::FEATURES] = crate::weights::TWO_PLAYER;

/// The evaluation weights as one value, so that tuning runs can compare settings in one
/// program; [`EvalParams::default`] holds the constants above. Start from it and set the
/// fields to change (a weight added later breaks no caller):
///
/// ```
/// use quoridor_ai::params::EvalParams;
/// let mut p = EvalParams::default();
/// p.tempo = 0;
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
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
    /// See [`TWO_PLAYER`].
    pub two_player: [i32; crate::eval::FEATURES],
}

impl Default for EvalParams {
    fn default() -> EvalParams {
        EvalParams {
            step: STEP,
            walls_in_hand: WALLS_IN_HAND,
            tempo: TEMPO,
            leader_weight: LEADER_WEIGHT,
            unanswered_walls: UNANSWERED_WALLS,
            two_player: TWO_PLAYER,
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

/// Late move reductions of walls (two players, full-width search): the number of walls
/// searched at a node from which a quiet wall is reduced by 1, 2 and 3 plies.
pub const LMR_WALLS: [usize; 3] = [4, 12, 24];
/// Least remaining depth for a reduction of 1, 2 and 3 plies.
pub const LMR_WALL_DEPTH: [i32; 3] = [3, 4, 6];

/// Late move pruning (two players, full-width search): at this remaining depth or less, in
/// a node off the principal variation, walls with a history below zero are skipped once
/// this many walls (per ply of depth) have been searched.
pub const LMP_DEPTH: i32 = 2;
/// See [`LMP_DEPTH`].
pub const LMP_WALLS_PER_PLY: usize = 8;

/// Reverse futility pruning (two players): a node off the principal variation with this much
/// depth or less returns its static evaluation when that beats beta by
/// [`RFP_MARGIN`] per ply of depth.
pub const RFP_DEPTH: i32 = 4;
/// See [`RFP_DEPTH`].
pub const RFP_MARGIN: i32 = 90;

/// Null move pruning (two players): least remaining depth (0 switches it off) ...
pub const NULL_MIN_DEPTH: i32 = 3;
/// ... and the reduction of the search after the pass, besides its ply.
pub const NULL_REDUCTION: i32 = 3;

/// Time per move: after an iteration, no new one starts once this share (percent) of the
/// move's time is spent; an unfinished iteration still returns its best move so far.
pub const TIME_NEW_ITERATION: u32 = 60;
/// ... or once this share is spent when the best move has stayed the same for
/// [`STABLE_ITERATIONS`] iterations from depth [`STABLE_FROM_DEPTH`] on.
pub const TIME_STABLE: u32 = 30;
/// [`TIME_NEW_ITERATION`] in three- and four-player games, whose selective paranoid search
/// has not been measured to gain from the two-player share.
pub const TIME_NEW_ITERATION_MULTI: u32 = 40;
/// See [`TIME_STABLE`].
pub const STABLE_ITERATIONS: u32 = 3;
/// See [`TIME_STABLE`].
pub const STABLE_FROM_DEPTH: u32 = 9;

/// The search's tunable switches as one value (for tuning runs);
/// [`SearchParams::default`] holds the constants above. Start from it and set the fields
/// to change (a switch added later breaks no caller):
///
/// ```
/// use quoridor_ai::params::SearchParams;
/// let mut p = SearchParams::default();
/// p.lmr_move = usize::MAX; // no late move reductions
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchParams {
    /// See [`LMR_MOVE`] (`usize::MAX` switches reductions off).
    pub lmr_move: usize,
    /// See [`LMR_DEPTH`].
    pub lmr_depth: i32,
    /// See [`MIN_WALL_GAIN`].
    pub min_wall_gain: i32,
    /// Two players: search every legal wall below the root (pruned and reduced by the
    /// rules below) instead of only the walls that gain at least [`MIN_WALL_GAIN`].
    pub full_width: bool,
    /// See [`LMR_WALLS`].
    pub lmr_walls: [usize; 3],
    /// See [`LMR_WALL_DEPTH`].
    pub lmr_wall_depth: [i32; 3],
    /// See [`LMP_DEPTH`] (0 switches it off).
    pub lmp_depth: i32,
    /// See [`LMP_WALLS_PER_PLY`].
    pub lmp_walls_per_ply: usize,
    /// See [`RFP_DEPTH`] (0 switches it off).
    pub rfp_depth: i32,
    /// See [`RFP_MARGIN`].
    pub rfp_margin: i32,
    /// See [`NULL_MIN_DEPTH`].
    pub null_min_depth: i32,
    /// See [`NULL_REDUCTION`].
    pub null_reduction: i32,
    /// See [`TIME_NEW_ITERATION`].
    pub time_new_iteration: u32,
    /// See [`TIME_NEW_ITERATION_MULTI`].
    pub time_new_iteration_multi: u32,
    /// See [`TIME_STABLE`].
    pub time_stable: u32,
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams {
            lmr_move: LMR_MOVE,
            lmr_depth: LMR_DEPTH,
            min_wall_gain: MIN_WALL_GAIN,
            full_width: true,
            lmr_walls: LMR_WALLS,
            lmr_wall_depth: LMR_WALL_DEPTH,
            lmp_depth: LMP_DEPTH,
            lmp_walls_per_ply: LMP_WALLS_PER_PLY,
            rfp_depth: RFP_DEPTH,
            rfp_margin: RFP_MARGIN,
            null_min_depth: NULL_MIN_DEPTH,
            null_reduction: NULL_REDUCTION,
            time_new_iteration: TIME_NEW_ITERATION,
            time_new_iteration_multi: TIME_NEW_ITERATION_MULTI,
            time_stable: TIME_STABLE,
        }
    }
}
