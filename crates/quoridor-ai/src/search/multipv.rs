//! Multi-PV: after a search, the next best root moves with their own exact scores and
//! principal variations at the depth the search completed ([`crate::Engine::analyse`]).
//! The search itself is not changed: this pass runs after it, on the main thread, and finds
//! the search's work in the table.

use std::cmp::Reverse;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use quoridor_core::{Move, Position};

use super::{INF, Worker};
use crate::analysis::Candidate;
use crate::movepick::{Buf, Child, Gen};
use crate::params::{PV_MAX, REPETITION};
use crate::race::RaceValue;
use crate::time::Instant;
use crate::{Score, SearchResult};

/// The limits of the second pass.
pub(crate) struct PassLimits {
    pub(crate) deadline: Option<Instant>,
    pub(crate) nodes: u64,
    pub(crate) stop: Option<Arc<AtomicBool>>,
}

impl Worker {
    /// Up to `more` root moves of `pos` other than `first.best`, the best first, each with
    /// its exact score and line searched `depth` plies deep; and whether the pass finished
    /// (no limit cut it short). Call it right after this worker searched `pos` (as the main
    /// thread): the root's settings, the network's sums and the table are that search's.
    pub(crate) fn more_lines(
        &mut self,
        pos: &Position,
        first: &SearchResult,
        more: usize,
        depth: u32,
        limits: &PassLimits,
    ) -> (Vec<Candidate>, bool) {
        if more == 0 {
            return (Vec::new(), true);
        }
        if self.race_root(pos).is_some() {
            return (self.race_lines(pos, first.best, more), true);
        }
        let b = &mut self.budget;
        b.nodes = 0;
        b.node_limit = limits.nodes;
        b.deadline = limits.deadline;
        b.stop.clone_from(&limits.stop);
        b.aborted = b.node_limit == 0;
        let mut root = Buf::default();
        self.movegen().generate(pos, 0, 0, &mut root, Gen::All);
        root.cands.sort_by_key(|c| Reverse(c.key));
        root.cands.retain(|c| c.mv != first.best);
        let more = more.min(root.cands.len());
        // One pass at the search's depth: the table holds the search's work (a pass per
        // depth from 1 cost more in the measures of `docs/performance.md`).
        let kept = self.lines_pass(pos, &mut root, more, depth);
        let complete = !self.budget.aborted;
        let lines = kept
            .into_iter()
            .map(|(v, pv)| Candidate { mv: pv[0], score: Score::from_internal(v), pv })
            .collect();
        (lines, complete)
    }

    /// One pass over the root moves `root` at `depth`: the `more` best, best first, each
    /// with its score (internal units) and line. A move enters only when it beats the
    /// worst of those kept once `more` are.
    fn lines_pass(
        &mut self,
        pos: &Position,
        root: &mut Buf,
        more: usize,
        depth: u32,
    ) -> Vec<(i32, Vec<Move>)> {
        let me = self.root.seat;
        let mut kept: Vec<(i32, Vec<Move>)> = Vec::with_capacity(more + 1);
        // Late quiet walls are searched less deep first, as the search's root does; one
        // that beats the worst line kept is searched again at full depth, so every line
        // kept has its exact score at `depth`.
        let reduce = self.settings.sparams.full_width && pos.players() == 2;
        let mut walls_searched = 0;
        for i in 0..root.cands.len() {
            let c = root.cands[i];
            let Child::Kept(k) = c.child else { continue };
            let child = root.kids[usize::from(k)];
            let is_wall = matches!(c.mv, Move::Wall(_));
            walls_searched += usize::from(is_wall);
            let full = kept.len() < more;
            let alpha = if full { -INF } else { kept[more - 1].0 };
            self.line.pv_len[0] = 0;
            self.net_step(pos, c.mv, 0);
            let v = if child.players() > 2
                && self.root.history.binary_search(&child.zobrist()).is_ok()
            {
                self.line.pv_len[1] = 0;
                REPETITION
            } else {
                let same = self.same_team(child.turn(), me);
                let r = if reduce && is_wall && c.quiet && !full {
                    self.wall_reduction(walls_searched, depth as i32, true)
                } else {
                    0
                };
                self.search_child(&child, same, depth as i32, 1, (alpha, INF), full, r, true)
            };
            if self.budget.aborted {
                break;
            }
            if !full && v <= alpha {
                continue;
            }
            self.set_pv(0, c.code);
            let mut line = self.pv_moves(pos);
            if line.first() != Some(&c.mv) {
                line = vec![c.mv];
            }
            let at = kept.partition_point(|(s, _)| *s >= v);
            kept.insert(at, (v, line));
            kept.truncate(more);
        }
        kept
    }

    /// The next best moves of a solved race at the root, from its table: every move's
    /// exact value, and the table's perfect play after it.
    fn race_lines(&mut self, pos: &Position, best: Move, more: usize) -> Vec<Candidate> {
        let Some(table) = self.race_table(pos, true) else { return Vec::new() };
        let mut lines: Vec<Candidate> = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| m != best)
            .map(|m| {
                let mut p = *pos;
                p.play_unchecked(m);
                let score = if p.is_game_over() {
                    Score::Win(1)
                } else {
                    match table.probe(&p) {
                        Some(RaceValue::Win(n)) => Score::Loss(n + 1),
                        Some(RaceValue::Loss(n)) => Score::Win(n + 1),
                        Some(RaceValue::Draw) | None => Score::Eval(0),
                    }
                };
                let mut pv = vec![m];
                while pv.len() < PV_MAX && !p.is_game_over() {
                    let Some((m2, _)) = table.best_move(&p) else { break };
                    p.play_unchecked(m2);
                    pv.push(m2);
                }
                Candidate { mv: m, score, pv }
            })
            .collect();
        lines.sort_by_key(|c| Reverse(c.score));
        lines.truncate(more);
        lines
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::net::{self, Accumulators, Network};
    use crate::search::Shared;
    use crate::tt::Tt;
    use crate::{Engine, EngineOptions, Limits, MultiPv};

    /// The nodes of `n` separate searches for `n` lines: the k-th finds the best root move
    /// but the k - 1 found before, by iterative deepening from depth 1 to `depth` (a pass
    /// of one line per depth, the best move first at the next), the table cleared before
    /// each.
    fn separate_searches(pos: &Position, depth: u32, n: usize) -> u64 {
        let tt = Arc::new(Tt::new(16));
        let shared = Arc::new(Shared::default());
        let mut excluded: Vec<Move> = Vec::new();
        let mut nodes = 0;
        for _ in 0..n {
            tt.clear();
            let mut w = Worker::new(0, &tt, &shared, 0);
            w.root.seat = pos.turn();
            w.root.ply = pos.ply();
            w.line.net_on = net::applies(pos);
            if w.line.net_on {
                w.line.nets[0] = Accumulators::new(&Network::SHIPPED, pos);
            }
            let mut root = Buf::default();
            w.movegen().generate(pos, 0, 0, &mut root, Gen::All);
            root.cands.sort_by_key(|c| Reverse(c.key));
            root.cands.retain(|c| !excluded.contains(&c.mv));
            let mut best = None;
            for d in 1..=depth {
                let kept = w.lines_pass(pos, &mut root, 1, d);
                let m = kept[0].1[0];
                root.cands.sort_by_key(|c| c.mv != m);
                best = Some(m);
            }
            excluded.push(best.expect("a move"));
            nodes += w.budget.nodes;
        }
        nodes
    }

    /// `docs/performance.md`, "Multi-PV": run with
    /// `cargo test --release -p quoridor-ai multipv_costs -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measure, not a check: prints the nodes of multi-PV and of separate searches"]
    fn multipv_costs_less_than_separate_searches() {
        let depth = 7;
        for fen in [
            "9 S:e1:10,N:e9:10 - S 0",
            "9 S:e4:8,N:e6:9 e3h,d4v,f6v N 6",
            "9 S:d5:6,N:e6:6 c3h,e3h,d4v,f6v,c6h,e7h,g5v,b2v S 15",
        ] {
            let pos: Position = fen.parse().unwrap();
            for n in [1, 3, 5] {
                let mut engine = Engine::new(EngineOptions::default().with_hash_mb(16));
                let multi = MultiPv::new(n).unwrap();
                let a = engine.analyse(&pos, &Limits::depth(depth), multi, &mut |_| {}).unwrap();
                let sep = separate_searches(&pos, depth, n);
                println!(
                    "{fen} | depth {depth} multipv {n}: {} nodes | {n} separate searches: {sep} nodes | {:.2}",
                    a.nodes,
                    a.nodes as f64 / sep as f64
                );
            }
        }
    }
}
