//! A tree search within limits: iterations until the time, the node count, the depth or the
//! stop flag says enough, progress reported as the mean depth of the playouts grows, and the
//! root's statistics for the threads' vote.

use std::sync::atomic::Ordering;

use quoridor_core::{Move, Position};

use super::{Ctx, Tree};
use crate::eval::MultiGame;
use crate::params::{EvalParams, MCTS_HELPER_NOISE, MCTS_MIN_TREE_MB, PV_MAX, SearchParams};
use crate::search::Worker;
use crate::time::Instant;
use crate::{Limits, Score, SearchInfo, SearchResult};

/// Iterations between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 16;

/// A search ends after this many iterations in a row without a new node (each reached the
/// end of a game already in the tree).
const MCTS_STALE: u64 = 4096;

/// The root's moves after a search: each with its visits and the root player's mean value,
/// most visited first (for the vote of several threads).
#[derive(Clone, Debug, Default)]
pub(crate) struct RootStats {
    pub(crate) moves: Vec<(Move, u32, f32)>,
}

impl Worker {
    /// Whether the tree search plays `pos`: three or four players still in the game, and the
    /// search switched to it.
    pub(crate) fn uses_mcts(&self, pos: &Position) -> bool {
        self.settings.sparams.multi == crate::params::MultiSearch::Mcts
            && pos.active_seats().count() > 2
    }

    /// This thread's tree search of `pos` (not over) within `limits`, started at `start`
    /// (the budget is set). A depth limit `d` ends the search once its playouts reach `d`
    /// on average, counted as the alpha-beta search counts (two a round: the root player's
    /// move, then the others'), from a new tree; other searches keep the subtree of the last
    /// search that leads to `pos`.
    pub(crate) fn mcts_search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        start: Instant,
        on_iteration: &mut dyn FnMut(&SearchInfo),
    ) -> Option<SearchResult> {
        let history = std::mem::take(&mut self.root.history);
        let helper = self.id > 0;
        let only = limits.searchmoves.as_deref().filter(|m| m.iter().any(|&x| pos.is_legal(x)));
        let ctx = Ctx {
            params: &self.settings.params,
            sp: &self.settings.sparams,
            history: &history,
            noise: logit_noise(pos, self.settings.noise).max(if helper {
                MCTS_HELPER_NOISE
            } else {
                0
            }),
            seed: self.settings.seed ^ (self.id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            only,
            aversion: leader_aversion(pos, &self.settings.sparams),
        };
        let mut tree = std::mem::take(&mut self.tree);
        let capacity = self.tt.mb().max(MCTS_MIN_TREE_MB).saturating_mul(1 << 20);
        tree.start(&ctx, pos, limits.depth.is_none(), capacity);
        let stop_at = limits.budget().and_then(|(soft, _)| start.checked_add(soft));
        let single = limits.is_timed() && pos.count_legal_moves() == 1;
        // A win in one is played without a search (one iteration finds it).
        let wins = only.is_none() && !(pos.pawn_moves() & pos.goal(pos.turn())).is_empty();
        let max_depth = limits.depth.map(|d| u64::from(d.max(1)));
        let players = pos.active_seats().count() as u64;
        let (mut iterations, mut depth_sum, mut reported) = (0u64, 0u64, 0u64);
        // Iterations in a row that reached a finished game: the tree may have no more to
        // find (every line ends the game), whatever the limits.
        let mut stale = 0u64;
        let budget = &mut self.budget;
        while !(single || wins && iterations > 0) {
            if budget.nodes >= budget.node_limit {
                break;
            }
            if budget.nodes % CHECK_EVERY == 0
                && (stop_at.is_some_and(|t| Instant::now() >= t)
                    || budget.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
                    || (helper && self.shared.halt.load(Ordering::Relaxed)))
            {
                break;
            }
            let playout = tree.iterate(&ctx, pos);
            if !playout.grew {
                break;
            }
            stale = if playout.new_node { 0 } else { stale + 1 };
            if stale > MCTS_STALE {
                break;
            }
            budget.nodes += 1;
            iterations += 1;
            depth_sum += u64::from(playout.depth);
            let mean = layers(depth_sum, iterations, players);
            if mean > reported {
                reported = mean;
                if !helper {
                    on_iteration(&info(&tree, pos, mean, budget.nodes, start));
                }
            }
            if max_depth.is_some_and(|d| mean >= d) {
                break;
            }
        }
        let mean = layers(depth_sum, iterations, players).max(1);
        let result = info(&tree, pos, mean, self.budget.nodes, start);
        if !helper && mean > reported {
            on_iteration(&result);
        }
        self.root.history = history;
        self.tree = tree;
        let best = *result.pv.first()?;
        Some(SearchResult { best, info: result })
    }

    /// The root's moves of this thread's last tree search.
    pub(crate) fn root_stats(&self) -> RootStats {
        RootStats { moves: self.tree.root_moves() }
    }

    /// The line of this thread's last tree from the root move `mv`.
    pub(crate) fn tree_line(&self, mv: Move) -> Vec<Move> {
        self.tree.line_from(mv, PV_MAX)
    }
}

/// The mean depth of `iterations` playouts of `depth_sum` plies in all, in the depths of
/// the alpha-beta search: two a round of `players` plies (the root player's move and the
/// others' replies), rounded down.
fn layers(depth_sum: u64, iterations: u64, players: u64) -> u64 {
    (2 * depth_sum).checked_div(iterations.saturating_mul(players)).unwrap_or(0)
}

/// What to report of the tree: the most visited move, its line and value, the mean depth of
/// the playouts as the depth.
fn info(tree: &Tree, pos: &Position, depth: u64, nodes: u64, start: Instant) -> SearchInfo {
    let moves = tree.root_moves();
    let (pv, score) = match moves.first() {
        Some(&(mv, _, q)) => (tree.line_from(mv, PV_MAX), score_of(pos, mv, q)),
        None => (Vec::new(), Score::Eval(0)),
    };
    let time = start.elapsed();
    let nps =
        (u128::from(nodes) * 1_000_000_000 / time.as_nanos().max(1)).min(u128::from(u64::MAX));
    SearchInfo {
        depth: depth.min(u64::from(u32::MAX)) as u32,
        score,
        pv,
        nodes,
        nps: nps as u64,
        time,
    }
}

/// The root player's chance `q` after its move `mv` as a score: a win when the move
/// reaches the goal, else the chance's logit against the fair share in centi-steps (the
/// scale of the evaluation).
pub(crate) fn score_of(pos: &Position, mv: Move, q: f32) -> Score {
    if let Move::Pawn(sq) = mv {
        if pos.goal(pos.turn()).contains(sq) {
            return Score::Win(1);
        }
    }
    let p = f64::from(q).clamp(1e-4, 1.0 - 1e-4);
    let others = (pos.active_seats().count().max(2) - 1) as f64;
    let scale = MultiGame::of(pos).map_or(190, |k| EvalParams::default().multi_scale[k.index()]);
    let logit = (p / (1.0 - p)).ln() + others.ln();
    Score::Eval((logit * f64::from(scale)).round() as i32)
}

/// The leader aversion of `pos`'s kind of game under `sp`, as a share (1.0 for 1000;
/// larger settings weigh the leader more than the mover's own chance, and stay finite).
fn leader_aversion(pos: &Position, sp: &SearchParams) -> f32 {
    MultiGame::of(pos).map_or(0.0, |k| sp.mcts_leader_aversion[k.index()] as f32 / 1000.0)
}

/// The evaluation noise of a level, in centi-steps, as thousandths of a logit of the
/// position's kind of game.
fn logit_noise(pos: &Position, centi_steps: i32) -> i32 {
    let scale = MultiGame::of(pos).map_or(190, |k| EvalParams::default().multi_scale[k.index()]);
    (i64::from(centi_steps) * 1000 / i64::from(scale.max(1))).clamp(0, 1 << 20) as i32
}
