//! Every tunable constant of the search and the evaluation, in one place.

/// Score of a win at the root (a win in `n` plies scores `WIN - n`).
pub const WIN: i32 = 1_000_000;
/// Scores at or beyond `WIN - WIN_BOUND` (in absolute value) are wins or losses.
pub const WIN_BOUND: i32 = 10_000;
/// Largest search depth in plies.
pub const MAX_PLY: usize = 128;

/// Number of features of the two-player evaluation (see [`crate::eval::features_two`]).
pub const FEATURES: usize = 20;

/// Number of features of a player in the three- and four-player evaluation (see
/// [`crate::eval::features_multi`]).
pub const MULTI_FEATURES: usize = 12;

/// Two-player evaluation weights, one per feature of [`crate::eval::features_two`], in
/// 1/[`crate::eval::WEIGHT_UNIT`] centi-steps: fitted on self-play games by `quoridor-train`
/// (see `docs/ai.md`), which writes `weights.rs`.
pub const TWO_PLAYER: [i32; FEATURES] = crate::weights::TWO_PLAYER;

/// Two-player weights of the walls' threats ([`quoridor_core::Position::wall_threat`]: the
/// most steps one wall placed now could add to a player's path) when they are switched on
/// ([`EvalParams::with_threats`]; the shipped evaluation has them off), in
/// 1/[`crate::eval::WEIGHT_UNIT`] centi-steps per step: the difference (the opponent's
/// threat minus one's own) and the sum signed by the turn. A threat counts only while the
/// other side holds a wall. See [`crate::eval::threat_term`]. Fitted on self-play at
/// 10,000 nodes a move (-60 centi-steps a step of the side to move's threat, +67 of the
/// other's); worth a gain at equal nodes but not the flood fills they cost at 500 ms a
/// move (`docs/strength.md`), so they are off.
pub const THREATS: [i32; 2] = [16256, 896];

/// Three- and four-player evaluation weights, one table per [`crate::eval::MultiGame`], one
/// weight per feature of [`crate::eval::features_multi`], in thousandths of a logit: fitted
/// on self-play games by `quoridor-train --multi` (see `docs/ai.md`), which writes
/// `weights_multi.rs`.
pub const MULTI: [[i32; MULTI_FEATURES]; 3] = crate::weights_multi::MULTI;

/// The multi-player evaluation's weights of walls in hand (the features `walls`, `walls^2`,
/// `walls*dist` and `unanswered`), in percent of the fitted ones, per
/// [`crate::eval::MultiGame`], in the alpha-beta searches of three and four players
/// ([`MultiSearch::Rival`] and the others; the tree search has [`MCTS_WALLS_SCALE`]):
/// set by matches. A selective alpha-beta search that weighs walls kept as little as the fit
/// does spends them for a step or two and has none left when they decide the race (three
/// players: 300% scored 39-0-21 against the previous engine where 100% scored 29-0-31;
/// `docs/strength.md`). See [`EvalParams::with_scaled_walls`].
pub const MULTI_WALLS_SCALE: [i32; 3] = [300, 500, 100];

/// The same scale of the walls' weights for the tree search ([`MultiSearch::Mcts`]), per
/// [`crate::eval::MultiGame`]: set by matches against the previous engine at 100 ms a move
/// (three players: 300% scored 70-30 where 100% scored 48-52; King of the Hill: 500% 66-34
/// where 100% 45-55; four players: 300% no better, and 68-132 head to head against 100%
/// at 3,000 playouts although depth pays more with it; `docs/strength.md`).
pub const MCTS_WALLS_SCALE: [i32; 3] = [300, 100, 500];

/// Centi-steps per logit of the multi-player evaluation, per [`crate::eval::MultiGame`]:
/// one step of a player's own path is worth about 100, as in two-player games (fitted with
/// [`MULTI`]).
pub const MULTI_SCALE: [i32; 3] = crate::weights_multi::MULTI_SCALE;

/// The evaluation weights as one value, so that tuning runs can compare settings in one
/// program; [`EvalParams::default`] holds the constants above. Start from it and set the
/// fields to change (a weight added later breaks no caller):
///
/// ```
/// use quoridor_ai::params::EvalParams;
/// let mut p = EvalParams::default();
/// p.two_player[13] = 0; // no tempo
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct EvalParams {
    /// See [`TWO_PLAYER`].
    pub two_player: [i32; FEATURES],
    /// See [`MULTI`].
    pub multi: [[i32; MULTI_FEATURES]; 3],
    /// See [`MULTI_SCALE`].
    pub multi_scale: [i32; 3],
    /// See [`THREATS`]; zero (as shipped) skips measuring the threats.
    pub threats: [i32; 2],
    /// The smallest threat counted (smaller ones count as 0; see
    /// [`EvalParams::with_threats`]).
    pub threat_least: u8,
    /// The threats are weighed only while the two players' walls in hand total at most
    /// this many (`u8::MAX`: always; see [`EvalParams::weighs_threats`]).
    pub threat_walls: u8,
}

impl Default for EvalParams {
    fn default() -> EvalParams {
        EvalParams {
            two_player: TWO_PLAYER,
            multi: MULTI,
            multi_scale: MULTI_SCALE,
            threats: [0, 0],
            threat_least: 0,
            threat_walls: u8::MAX,
        }
    }
}

impl EvalParams {
    /// Whether the two-player evaluation weighs the walls' threats ([`THREATS`]): they cost
    /// flood fills, skipped when both weights are zero.
    #[must_use]
    pub fn measures_threats(&self) -> bool {
        self.threats != [0, 0]
    }

    /// These weights with the walls' threats switched on ([`THREATS`]), counted from
    /// `least` steps up (smaller threats count as 0): from 3 up they cost a fraction of
    /// measuring them whole ([`quoridor_core::Position::wall_threat_at_least`]).
    ///
    /// ```
    /// use quoridor_ai::params::{EvalParams, THREATS};
    /// let p = EvalParams::default();
    /// assert!(!p.measures_threats()); // off as shipped
    /// let on = p.with_threats(0);
    /// assert_eq!(on.threats, THREATS);
    /// assert_eq!(on.two_player, p.two_player);
    /// ```
    #[must_use]
    pub fn with_threats(&self, least: u8) -> EvalParams {
        EvalParams { threats: THREATS, threat_least: least, ..self.clone() }
    }

    /// Whether a two-player position whose players hold `walls_in_hand` walls between
    /// them has its walls' threats weighed: the threats are on, and the walls are at most
    /// [`EvalParams::threat_walls`]. Late in the game the threats matter most (walls in
    /// hand that cannot lengthen the other's path are worth little) and cost the fewest
    /// nodes (`docs/ai.md`).
    ///
    /// ```
    /// use quoridor_ai::params::EvalParams;
    /// let mut p = EvalParams::default().with_threats(0);
    /// assert!(p.weighs_threats(20));
    /// p.threat_walls = 6;
    /// assert!(p.weighs_threats(6) && !p.weighs_threats(7));
    /// assert!(!EvalParams::default().weighs_threats(0)); // off as shipped
    /// ```
    #[must_use]
    #[inline]
    pub fn weighs_threats(&self, walls_in_hand: u32) -> bool {
        self.measures_threats() && walls_in_hand <= u32::from(self.threat_walls)
    }

    /// Whether the multi-player evaluation of `kind` weighs the players' vulnerability
    /// (the features `vul` and `near-safe` of [`crate::eval::features_multi`]): it costs a
    /// pass over the walls, skipped when both weights are zero.
    #[must_use]
    pub fn measures_vulnerability(&self, kind: crate::eval::MultiGame) -> bool {
        let w = &self.multi[kind.index()];
        w[crate::eval::VUL] != 0 || w[crate::eval::NEAR_SAFE] != 0
    }

    /// These weights with the multi-player walls' weights (the features `walls`, `walls^2`,
    /// `walls*dist`, `unanswered`) scaled by `scale` percent per [`crate::eval::MultiGame`]:
    /// what the alpha-beta searches of three and four players evaluate with
    /// ([`MULTI_WALLS_SCALE`]).
    ///
    /// ```
    /// use quoridor_ai::params::{EvalParams, MULTI_WALLS_SCALE};
    /// let p = EvalParams::default();
    /// let scaled = p.with_scaled_walls(MULTI_WALLS_SCALE);
    /// assert_eq!(scaled.multi[0][4], p.multi[0][4] * MULTI_WALLS_SCALE[0] / 100);
    /// assert_eq!(scaled.multi[0][0], p.multi[0][0]); // distance untouched
    /// assert_eq!(scaled.two_player, p.two_player);
    /// ```
    #[must_use]
    pub fn with_scaled_walls(&self, scale: [i32; 3]) -> EvalParams {
        let mut p = self.clone();
        for (table, scale) in p.multi.iter_mut().zip(scale) {
            for w in &mut table[4..=7] {
                *w = (i64::from(*w) * i64::from(scale) / 100).clamp(-(1 << 20), 1 << 20) as i32;
            }
        }
        p
    }
}

/// Aspiration window half-width at the first try (centi-steps).
pub const ASPIRATION: i32 = 60;
/// Iterations before aspiration windows start.
pub const ASPIRATION_FROM_DEPTH: u32 = 4;
/// An aspiration window that has widened past this half-width (centi-steps) is opened
/// fully.
pub const ASPIRATION_OPEN: i32 = 32 * ASPIRATION;

/// Deepest iteration of a search without a depth limit.
pub const MAX_DEPTH: u32 = 100;

/// A search limited by time or nodes ends after this many iterations in a row find a win
/// or a loss (deeper ones would only confirm it).
pub const PROVEN_ITERATIONS: u32 = 4;

/// Longest principal variation given out, in plies (a solved race's goes on with the
/// table's play up to it).
pub const PV_MAX: usize = 64;

/// A race table is built inside the search only with more than this many milliseconds
/// left on the clock (a table takes one or two).
pub const RACE_BUILD_TIME: u64 = 30;

/// A race table is built inside the search only at a node with at least this many plies
/// left to search; below, the race is searched as any position is (pawn moves only, a few
/// nodes a ply), and a table already built still scores it. A table costs a millisecond
/// or so, the time of thousands of nodes: at every race node two or more plies from the
/// horizon, as before, a search whose walls in hand could all be placed in many ways
/// (two against none: a new maze for every pair of walls) spent most of its time building
/// tables (`docs/strength.md`, 2026-12-07, ninth session).
pub const RACE_BUILD_DEPTH: i32 = 12;

/// The exact table of "one wall in hand against none" ([`crate::one_wall`]) is built at the
/// root only when the search may take at least this many milliseconds, or has no time limit
/// (a 9x9 table takes 40 to 220 ms; it serves every move until the wall is placed).
pub const ONE_WALL_BUILD_TIME: u64 = 500;

/// Late move reductions: a move this late in the list (or later) may be reduced...
pub const LMR_MOVE: usize = 4;
/// ... when this much depth remains.
pub const LMR_DEPTH: i32 = 3;

/// History bonus per depth squared, and the cap that keeps history below killers.
pub const HISTORY_MAX: i32 = 1 << 14;
/// The history bonus of a cut-off at depth d is d², at most this much ...
pub const HISTORY_BONUS_MAX: i32 = 400;
/// ... times this factor (with gravity towards [`HISTORY_MAX`]).
pub const HISTORY_SCALE: i32 = 32;
/// History is divided by this between two searches (older cut-offs count less).
pub const HISTORY_AGING: i32 = 4;

/// Ordering key of a move per step that it gains (its own path shortened, the opponents'
/// lengthened), before history: gains come before history.
pub const GAIN_KEY: i32 = 100_000;
/// The gain, in steps, of a pawn move that reaches the goal.
pub const GOAL_GAIN: i32 = 100;
/// The gain, in steps, of a wall that leaves an opponent without a path (it is eliminated).
pub const ELIMINATION_GAIN: i32 = 20;
/// A move that gains at most this many steps is quiet: it may be reduced late in the
/// order.
pub const QUIET_GAIN: i32 = 1;

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

/// Time under a clock: after an iteration, no new one starts once this share (percent) of
/// the move's hard limit is spent; an unfinished iteration still returns its best move so
/// far. A two-player search under a time per move alone (no clock) spends all of it: what
/// it saves is not banked.
pub const TIME_NEW_ITERATION: u32 = 60;
/// ... or once this share is spent when the best move has stayed the same for
/// [`STABLE_ITERATIONS`] iterations from depth [`STABLE_FROM_DEPTH`] on.
pub const TIME_STABLE: u32 = 30;
/// [`TIME_NEW_ITERATION`] in three- and four-player games searched by alpha-beta
/// ([`MultiSearch::Rival`]), under a time per move too: that selective paranoid search
/// scored worse with a larger share.
pub const TIME_NEW_ITERATION_MULTI: u32 = 40;
/// See [`TIME_STABLE`].
pub const STABLE_ITERATIONS: u32 = 3;
/// See [`TIME_STABLE`].
pub const STABLE_FROM_DEPTH: u32 = 9;

/// How the search treats the opponents of the root player in three- and four-player games
/// (see `docs/ai.md`, "Three and four players").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MultiSearch {
    /// Every opponent plays against the root player, one after another, as one team.
    Paranoid,
    /// Best-reply search (Schadd and Winands): between two moves of the root player, only
    /// the strongest reply of any one opponent is searched; the others pass.
    BestReply,
    /// BRS+ (Esser et al.): as [`MultiSearch::BestReply`], but the opponents that do not
    /// give the best reply make their likely move (a step along their shortest path), so
    /// that every searched position can occur in the game.
    BestReplyPlus,
    /// As [`MultiSearch::BestReplyPlus`], but only the opponent nearest its goal (the race
    /// leader among them) replies; the others walk.
    Rival,
    /// Max^n: every player plays the move best for itself, by its own chance to win.
    MaxN,
    /// Monte Carlo tree search with max^n values (`docs/ai.md`): every player picks the
    /// move best for its own chance to win, the moves searched most where they matter.
    Mcts,
}

/// The multi-player search of [`SearchParams::default`].
pub const MULTI_SEARCH: MultiSearch = MultiSearch::Mcts;

/// Score of a root move that brings back a position the game went through, in three- and
/// four-player games searched with [`crate::Engine::search_game`] (centi-steps, for the
/// root player): as bad as a draw at the ply limit, which nobody wins. Without it engines
/// that hold their walls wait for each other, to and fro, until the ply limit.
pub const REPETITION: i32 = -5000;

/// The tree search ([`MultiSearch::Mcts`]): the exploration constant of PUCT, in
/// hundredths (values are chances, 0 to 1).
pub const MCTS_C_PUCT: u32 = 50;
/// ... the temperature of the priors, in thousandths of a logit of the mover's chance after
/// the move (the priors are a softmax of it) ...
pub const MCTS_PRIOR_TEMP: i32 = 300;
/// ... the walls kept at a node below the root (the best for the mover by the evaluation),
/// besides every pawn move ...
pub const MCTS_WALLS: usize = 16;
/// ... at the root ...
pub const MCTS_ROOT_WALLS: usize = 64;
/// ... among them, at most this many walls that change no distance (they all evaluate
/// alike) ...
pub const MCTS_NULL_WALLS: usize = 2;
/// ... and the weight, in percent, of a child's max^n value from the evaluations of its
/// subtree against the mean of its playouts in the selection (implicit minimax backups,
/// Lanctot et al. 2014).
pub const MCTS_IMPLICIT: u32 = 0;

/// The tree search's leader aversion, in thousandths, per [`crate::eval::MultiGame`]: the
/// mover of a node picks its move by its own chance minus this share of the best chance
/// among the others, so that every seat (and the tree's model of every opponent) blocks
/// the race leader instead of waiting for another to do it. Set by matches against the
/// previous engine (King of the Hill at 500 ms; `docs/strength.md`); three and four players
/// keep 0.
pub const MCTS_LEADER_AVERSION: [u32; 3] = [0, 0, 800];

/// Noise on the priors of a helper thread's tree search, in thousandths of a logit either
/// way, so that the threads' trees differ (their root moves' visits are added up).
pub const MCTS_HELPER_NOISE: i32 = 150;

/// Least memory of a tree search's tree, in MiB (the engine's table size when larger). A
/// three-player tree takes about 480 bytes a playout (its kept positions included): 256 MiB
/// hold about 560,000 playouts, several seconds of one thread (64 MiB filled within level
/// 10's 1.3 s a move and ended its searches early).
pub const MCTS_MIN_TREE_MB: usize = 256;

/// Walls searched at a node of the max^n search (the best by their ordering key), besides
/// every pawn move.
pub const MAXN_WALLS: usize = 6;

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
    /// See [`MULTI_SEARCH`].
    pub multi: MultiSearch,
    /// See [`MAXN_WALLS`].
    pub maxn_walls: usize,
    /// See [`MCTS_C_PUCT`].
    pub mcts_c_puct: u32,
    /// See [`MCTS_PRIOR_TEMP`].
    pub mcts_prior_temp: i32,
    /// See [`MCTS_WALLS`].
    pub mcts_walls: usize,
    /// See [`MCTS_ROOT_WALLS`].
    pub mcts_root_walls: usize,
    /// See [`MCTS_NULL_WALLS`].
    pub mcts_null_walls: usize,
    /// See [`MCTS_IMPLICIT`].
    pub mcts_implicit: u32,
    /// See [`MCTS_LEADER_AVERSION`].
    pub mcts_leader_aversion: [u32; 3],
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
            multi: MULTI_SEARCH,
            maxn_walls: MAXN_WALLS,
            mcts_c_puct: MCTS_C_PUCT,
            mcts_prior_temp: MCTS_PRIOR_TEMP,
            mcts_walls: MCTS_WALLS,
            mcts_root_walls: MCTS_ROOT_WALLS,
            mcts_null_walls: MCTS_NULL_WALLS,
            mcts_implicit: MCTS_IMPLICIT,
            mcts_leader_aversion: MCTS_LEADER_AVERSION,
        }
    }
}
