//! Iterative deepening: one iteration per depth, each in an aspiration window around the
//! last score, and the rules that decide when to start another (`docs/ai.md`, "Limits and
//! time").

use std::sync::atomic::Ordering;
use std::time::Duration;

use quoridor_core::{Move, Position};

use super::{INF, Worker};
use crate::movepick::{Buf, Gen};
use crate::net::{self, Accumulators, Network};
use crate::params::{
    ASPIRATION, ASPIRATION_FROM_DEPTH, ASPIRATION_OPEN, MAX_DEPTH, MultiSearch, PROVEN_ITERATIONS,
    STABLE_FROM_DEPTH, STABLE_ITERATIONS, WIN, WIN_BOUND,
};
use crate::rng::mix;
use crate::time::Instant;
use crate::{Limits, Score, SearchInfo, SearchResult};

/// What the iterations so far leave: the move to play, and what to report.
struct Progress {
    best: Move,
    result: SearchInfo,
    /// The last completed iteration's score (internal units; max^n: the root's chance).
    prev: i32,
    /// Iterations in a row that found a win or a loss.
    proven: u32,
    /// Iterations in a row with the same best move.
    stable: u32,
}

/// The clock of one search.
struct Clock {
    start: Instant,
    /// No new iteration after this.
    soft: Option<Instant>,
    /// The budget's hard limit, for the share of it spent.
    hard: Option<Duration>,
}

impl Worker {
    /// This thread's search of `pos` (see [`crate::Engine::search`]). Helpers (`id > 0`)
    /// stop when the main thread halts them, and those with an odd id search the even depths
    /// only (ahead of the main thread: its next iterations then find their results in the
    /// table).
    pub(crate) fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        on_iteration: &mut dyn FnMut(&SearchInfo),
    ) -> Option<SearchResult> {
        if pos.is_game_over() {
            return None;
        }
        let clock = self.begin(pos, limits);
        if self.uses_mcts(pos) {
            return self.mcts_search(pos, limits, clock.start, on_iteration);
        }
        let exact = self.tablebase_root(pos, limits.searchmoves.as_deref()).or_else(|| {
            self.race_root(pos)
                .or_else(|| self.one_wall_root(pos))
                .filter(|_| limits.searchmoves.is_none())
        });
        if let Some((best, score, pv)) = exact {
            let info = self.info(&clock, 1, pv.len() as u32, score, pv);
            on_iteration(&info);
            return Some(SearchResult { best, info });
        }
        let mut root = Buf::default();
        self.movegen().generate(pos, 0, 0, &mut root, Gen::All);
        root.cands.sort_by_key(|c| std::cmp::Reverse(c.key));
        root.cands.retain(|c| limits.searchmoves.as_ref().is_none_or(|m| m.contains(&c.mv)));
        let Some(first) = root.cands.first() else {
            // Unreachable for a legal position; keep a move anyway.
            let m = *pos.legal_moves().first()?;
            let info = self.info(&clock, 0, 0, Score::Eval(0), vec![m]);
            return Some(SearchResult { best: m, info });
        };
        let best = first.mv;
        let start_score = Score::from_internal(self.eval(pos));
        let result = self.info(&clock, 0, 0, start_score, vec![best]);
        let mut progress = Progress { best, result, prev: 0, proven: 0, stable: 0 };
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let maxn = self.settings.sparams.multi == MultiSearch::MaxN && pos.players() > 2;
        for depth in 1..=max_depth {
            if self.id % 2 == 1 && depth % 2 == 1 && depth > 1 && depth < max_depth {
                continue;
            }
            let score = if maxn {
                self.maxn_iteration(pos, &mut root, depth, &mut progress)
            } else {
                self.aspiration(pos, &mut root, depth, &mut progress)
            };
            let Some(score) = score else { break };
            let last_best = progress.best;
            progress.best = root.cands[0].mv;
            let pv = self.pv_moves(pos);
            progress.result = self.info(&clock, self.budget.nodes, depth, score, pv);
            on_iteration(&progress.result);
            progress.stable = if progress.best == last_best { progress.stable + 1 } else { 0 };
            if self.done(pos, limits, &clock, &mut progress, depth, root.cands.len() == 1) {
                break;
            }
        }
        let mut result = progress.result;
        result.nodes = self.budget.nodes;
        result.time = clock.start.elapsed();
        result.nps = nps(self.budget.nodes, result.time);
        if result.pv.first() != Some(&progress.best) {
            result.pv = vec![progress.best];
        }
        Some(SearchResult { best: progress.best, info: result })
    }

    /// Resets this search's budget, root and line; the clock.
    fn begin(&mut self, pos: &Position, limits: &Limits) -> Clock {
        let start = Instant::now();
        let budget = limits.budget();
        // A time too long for the clock (years) is no deadline at all.
        let b = &mut self.budget;
        b.deadline = budget.and_then(|(_, hard)| start.checked_add(hard));
        b.nodes = 0;
        b.published = 0;
        b.node_limit = limits.nodes.unwrap_or(u64::MAX);
        b.stop = limits.stop.clone();
        b.aborted = false;
        let r = &mut self.root;
        r.seat = pos.turn();
        r.ply = pos.ply();
        r.key = if pos.players() > 2 { mix(0xA5A5 + r.seat.index() as u64) } else { 0 };
        self.heur.age();
        self.line.net_on = net::applies(pos);
        if self.line.net_on {
            self.line.nets[0] = Accumulators::new(&Network::SHIPPED, pos);
        }
        Clock {
            start,
            soft: budget.and_then(|(soft, _)| start.checked_add(soft)),
            hard: budget.map(|(_, hard)| hard),
        }
    }

    /// What to report of an iteration, with every thread's nodes.
    fn info(
        &self,
        clock: &Clock,
        nodes: u64,
        depth: u32,
        score: Score,
        pv: Vec<Move>,
    ) -> SearchInfo {
        let nodes = nodes.saturating_add(self.shared.helper_nodes.load(Ordering::Relaxed));
        let time = clock.start.elapsed();
        SearchInfo { depth, score, pv, nodes, nps: nps(nodes, time), time }
    }

    /// One iteration of alpha-beta in aspiration windows: from depth
    /// [`ASPIRATION_FROM_DEPTH`], ±[`ASPIRATION`] around the last score, widened (doubling)
    /// on a fail, fully open past [`ASPIRATION_OPEN`]. `None` when the search was stopped
    /// (an unfinished iteration's move is kept when it beat the last one's).
    fn aspiration(
        &mut self,
        pos: &Position,
        root: &mut Buf,
        depth: u32,
        progress: &mut Progress,
    ) -> Option<Score> {
        let prev = progress.prev;
        let mut delta = ASPIRATION;
        let (mut alpha, mut beta) =
            if depth >= ASPIRATION_FROM_DEPTH && prev.abs() < WIN - WIN_BOUND {
                (prev - delta, prev + delta)
            } else {
                (-INF, INF)
            };
        loop {
            let (v, idx) = self.root_search(pos, root, depth as i32, alpha, beta);
            if self.budget.aborted {
                // A move that beat the previous best in this iteration is trusted.
                if idx.is_some() && v > alpha {
                    progress.best = root.cands[0].mv;
                    progress.result.pv = self.pv_moves(pos);
                    progress.result.score = Score::from_internal(v);
                }
                return None;
            }
            if v <= alpha && alpha > -INF {
                beta = (alpha + beta) / 2;
                alpha = (v - delta).max(-INF);
                delta *= 2;
            } else if v >= beta && beta < INF {
                beta = (v + delta).min(INF);
                delta *= 2;
            } else {
                progress.prev = v;
                progress.proven = if v.abs() >= WIN - WIN_BOUND { progress.proven + 1 } else { 0 };
                return Some(Score::from_internal(v));
            }
            if delta > ASPIRATION_OPEN {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    /// One iteration of max^n. `None` when the search was stopped (an unfinished
    /// iteration's move is kept when it beat the last one's).
    fn maxn_iteration(
        &mut self,
        pos: &Position,
        root: &mut Buf,
        depth: u32,
        progress: &mut Progress,
    ) -> Option<Score> {
        let (v, idx) = self.maxn_root(root, depth as i32);
        let me = self.root.seat.index();
        let v = v?;
        if self.budget.aborted {
            if idx.is_some() && v[me] > progress.prev {
                progress.best = root.cands[0].mv;
                progress.result.pv = self.pv_moves(pos);
                progress.result.score = self.maxn_score(pos, v[me]);
            }
            return None;
        }
        progress.prev = v[me];
        Some(self.maxn_score(pos, v[me]))
    }

    /// Whether the search ends after a completed iteration at `depth`: a single legal move
    /// under a time limit, proven results, the soft time limit, or (under a clock) too much
    /// of the hard one spent to finish another iteration. A two-player search spends a time
    /// per move alone whole: time saved is not banked, and an unfinished iteration still
    /// returns its best move. Helpers go on until the main thread stops them.
    fn done(
        &self,
        pos: &Position,
        limits: &Limits,
        clock: &Clock,
        progress: &mut Progress,
        depth: u32,
        single: bool,
    ) -> bool {
        if single && limits.is_timed() {
            return true;
        }
        if progress.proven >= PROVEN_ITERATIONS && (limits.is_timed() || limits.nodes.is_some()) {
            return true;
        }
        if self.id > 0 {
            return false;
        }
        if clock.soft.is_some_and(|s| Instant::now() >= s) {
            return true;
        }
        // Time per move without a clock: what is not spent is lost, so search to the end
        // (not the selective paranoid search of more players, which lost with more time).
        if limits.clock.is_none() && pos.players().get() == 2 {
            return false;
        }
        let Some(hard) = clock.hard else { return false };
        // An unfinished iteration still returns its best move, so a new one is worth
        // starting until late; less so when the best move has settled.
        let spent = clock.start.elapsed().as_secs_f64() / hard.as_secs_f64().max(1e-9);
        let settled = depth >= STABLE_FROM_DEPTH && progress.stable >= STABLE_ITERATIONS;
        let p = &self.settings.sparams;
        let share = if settled {
            p.time_stable
        } else if pos.players() > 2 {
            p.time_new_iteration_multi
        } else {
            p.time_new_iteration
        };
        spent * 100.0 >= f64::from(share)
    }
}

/// Nodes per second.
fn nps(nodes: u64, time: Duration) -> u64 {
    (u128::from(nodes) * 1_000_000_000 / time.as_nanos().max(1)).min(u128::from(u64::MAX)) as u64
}
