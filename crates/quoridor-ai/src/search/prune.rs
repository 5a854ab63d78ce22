//! The pruning and reduction decisions: reverse futility and the null move before a node's
//! moves, late move pruning and reductions among them (`docs/ai.md`, "Search").

use quoridor_core::{Position, Seat};

use super::Worker;
use crate::movepick::Cand;
use crate::net::Network;
use crate::ordering::KEY_KILLER_1;
use crate::params::{WIN, WIN_BOUND};

impl Worker {
    /// Reverse futility and the null move, at a node that allows them (`allowed`: two
    /// players with walls in hand, off the principal variation): the node's value when
    /// either says it is not worth searching.
    pub(super) fn prune(
        &mut self,
        pos: &Position,
        depth: i32,
        ply: usize,
        beta: i32,
        allowed: bool,
    ) -> Option<i32> {
        // Away from wins and losses, and without the levels' noise.
        if !allowed || beta.abs() >= WIN - WIN_BOUND || self.settings.noise != 0 {
            return None;
        }
        let p = &self.settings.sparams;
        let (rfp_depth, rfp_margin) = (p.rfp_depth, p.rfp_margin);
        let (null_depth, null_reduction) = (p.null_min_depth, p.null_reduction);
        let stat = self.eval_at(pos, ply);
        // Reverse futility pruning: far enough above beta, a shallow node is not searched.
        if depth <= rfp_depth && stat - rfp_margin * depth >= beta {
            return Some(stat);
        }
        // Null move: when passing still leaves the side above beta after a shallower search,
        // the node is not worth searching. Not twice in a row.
        if depth < null_depth || null_depth == 0 || self.line.null_at[ply - 1] || stat < beta {
            return None;
        }
        let passed = null_child(pos)?;
        self.line.null_at[ply] = true;
        if self.line.net_on {
            self.line.nets[ply + 1] = self.line.nets[ply].after_pass(&Network::SHIPPED, pos);
        }
        let v = -self.negamax(&passed, depth - 1 - null_reduction, ply + 1, -beta, -beta + 1);
        self.line.null_at[ply] = false;
        if self.budget.aborted {
            return Some(0);
        }
        (v >= beta).then(|| v.min(WIN - WIN_BOUND - 1))
    }

    /// Late move pruning: the number of walls searched at a node after which walls with a
    /// bad history are skipped (none off the full-width search, at principal-variation
    /// nodes, or deeper than `lmp_depth`).
    pub(super) fn late_move_limit(&self, full: bool, pv_node: bool, depth: i32) -> usize {
        let p = &self.settings.sparams;
        if full && !pv_node && depth <= p.lmp_depth {
            p.lmp_walls_per_ply * depth as usize
        } else {
            usize::MAX
        }
    }

    /// Whether the `walls_searched`-th wall `c` is skipped by late move pruning: past the
    /// limit, once a move that is no loss was found, for a wall ordered by history alone
    /// whose history is below zero.
    #[inline]
    pub(super) fn skips_late_wall(
        &self,
        c: &Cand,
        me: Seat,
        walls_searched: usize,
        limit: usize,
        best: i32,
    ) -> bool {
        walls_searched > limit
            && best > -(WIN - WIN_BOUND)
            && c.key < KEY_KILLER_1
            && self.heur.history[me.index()][usize::from(c.code)] < 0
    }

    /// Late move reductions of the `i`-th move `c` (not the first) of a node: full width,
    /// quiet walls only (never pawn moves, the hash move or killers), by the walls searched
    /// so far; otherwise one ply for a quiet move late enough and deep enough.
    #[inline]
    pub(super) fn reduction(
        &self,
        c: &Cand,
        node_full: bool,
        pv_node: bool,
        depth: i32,
        i: usize,
        walls_searched: usize,
    ) -> i32 {
        let p = &self.settings.sparams;
        if node_full {
            let is_wall = matches!(c.mv, quoridor_core::Move::Wall(_));
            if is_wall && c.quiet && c.key < KEY_KILLER_1 {
                self.wall_reduction(walls_searched, depth, pv_node)
            } else {
                0
            }
        } else {
            i32::from(depth >= p.lmr_depth && i >= p.lmr_move && c.quiet)
        }
    }

    /// Plies by which the `n`-th wall searched at a node with `depth` to go is reduced (the
    /// full-width search's late move reductions); one less at a principal-variation node,
    /// and the child keeps at least one ply.
    #[inline]
    pub(super) fn wall_reduction(&self, n: usize, depth: i32, pv_node: bool) -> i32 {
        let p = &self.settings.sparams;
        let mut r = 0;
        for k in 0..3 {
            if n >= p.lmr_walls[k] && depth >= p.lmr_wall_depth[k] {
                r = k as i32 + 1;
            }
        }
        if pv_node {
            r -= 1;
        }
        r.clamp(0, (depth - 2).max(0))
    }
}

/// `pos` with the next player to move, as if the side to move had passed: the null move of
/// the search, which the rules do not allow ([`Position::pass_to`]: no revalidation of the
/// position, its cached paths kept).
fn null_child(pos: &Position) -> Option<Position> {
    pos.pass_to(pos.turn_order().nth(1)?)
}
