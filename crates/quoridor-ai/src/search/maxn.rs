//! Max^n (Luckhardt and Irani): the three- and four-player search in which every player
//! picks the move that is best for itself. A node's value is a vector: each player's chance
//! to win, in millionths, from the conditional-logit evaluation at the leaves
//! (`crate::eval::multi_chances`). Shallow pruning (Korf) cuts a node once its mover is sure
//! of more than the parent's mover leaves for the others.

use quoridor_core::{Move, Outcome, Position, Seat};

use super::Worker;
use crate::movepick::{Buf, Child, Gen, pick_next};

/// A chance of one, in the units of max^n values.
pub(crate) const ONE: i32 = 1_000_000;
/// Evaluated chances stay within `[FLOOR, ONE - FLOOR]`: below are proven losses (the plies
/// to it), above proven wins (`ONE` minus the plies to it).
pub(crate) const FLOOR: i32 = 1000;

/// Each seat's value, indexed by seat index.
pub(crate) type Values = [i32; 4];

impl Worker {
    /// The values of `pos` searched `depth` plies deep. `bound`: the node is of no use to
    /// its parent once its mover is sure of at least this much.
    pub(crate) fn maxn(&mut self, pos: &Position, depth: i32, ply: usize, bound: i32) -> Values {
        if self.count_node() {
            return [0; 4];
        }
        self.line.pv_len[ply] = 0;
        let dist = self.dist(pos);
        if let Some(o) = pos.outcome() {
            return terminal(pos, o, dist);
        }
        if depth <= 0 || ply >= crate::params::MAX_PLY {
            return self.chances(pos);
        }
        let me = pos.turn();
        let mut buf = std::mem::take(&mut self.line.bufs[ply]);
        let mode = if depth >= 2 { Gen::Gains } else { Gen::Lazy };
        self.movegen().generate(pos, ply, 0, &mut buf, mode);
        self.keep_best_walls(&mut buf);
        let mut best: Option<Values> = None;
        let mut best_code = 0;
        let mut scratch = *pos;
        for i in 0..buf.cands.len() {
            pick_next(&mut buf.cands, i);
            let c = buf.cands[i];
            let child =
                buf.child_of(&c, pos, &mut scratch, self.root.seat, self.settings.sparams.multi);
            let child = *child;
            let floor = best.map_or(0, |b| b[me.index()]);
            let v = self.maxn(&child, depth - 1, ply + 1, ONE - floor);
            if self.budget.aborted {
                self.line.bufs[ply] = buf;
                return [0; 4];
            }
            if best.is_none_or(|b| v[me.index()] > b[me.index()]) {
                best = Some(v);
                best_code = c.code;
                self.set_pv(ply, c.code);
                if v[me.index()] >= bound {
                    break;
                }
            }
        }
        self.line.bufs[ply] = buf;
        let Some(best) = best else { return self.chances(pos) };
        if best_code != 0 {
            self.heur.cutoff(me.index(), ply, depth, best_code, &[]);
        }
        best
    }

    /// Root of a max^n iteration: every root move searched; the best for the root player
    /// moves to the front. Returns its values and index (`None` when aborted before any).
    pub(crate) fn maxn_root(
        &mut self,
        root: &mut Buf,
        depth: i32,
    ) -> (Option<Values>, Option<usize>) {
        let me = self.root.seat.index();
        self.line.pv_len[0] = 0;
        let mut best: Option<(Values, usize)> = None;
        for i in 0..root.cands.len() {
            let c = root.cands[i];
            let Child::Kept(k) = c.child else { continue };
            let child = root.kids[usize::from(k)];
            let v = self.maxn(&child, depth - 1, 1, ONE + 1);
            if self.budget.aborted {
                break;
            }
            if best.is_none_or(|(b, _)| v[me] > b[me]) {
                best = Some((v, i));
                self.set_pv(0, c.code);
            }
        }
        if let Some((_, i)) = best {
            root.cands[..=i].rotate_right(1);
        }
        (best.map(|b| b.0), best.map(|b| b.1))
    }

    /// Every seat's chance to win by the evaluation, within `[FLOOR, ONE - FLOOR]`.
    pub(crate) fn chances(&self, pos: &Position) -> Values {
        let mut v = [0; 4];
        for s in pos.active_seats() {
            let logit = crate::eval::multi_logit(&self.settings.ab_params, pos, s).unwrap_or(0);
            let others = pos.active_seats().count().saturating_sub(1).max(1) as i32;
            v[s.index()] = crate::eval::chance_of_logit(logit, others).clamp(FLOOR, ONE - FLOOR);
        }
        v
    }

    /// Pawn moves and the best few walls (by their ordering key) of a max^n node.
    fn keep_best_walls(&self, buf: &mut Buf) {
        let keep = self.settings.sparams.maxn_walls;
        buf.cands.sort_by_key(|c| std::cmp::Reverse(c.key));
        let mut walls = 0;
        buf.cands.retain(|c| {
            if matches!(c.mv, Move::Pawn(_)) {
                return true;
            }
            walls += 1;
            walls <= keep
        });
    }
}

/// Values of a finished game: the winner `ONE` less the plies to it (a faster win is
/// better), the others the plies to it (a slower loss is better); a draw leaves every
/// player `FLOOR`: no chance to win.
fn terminal(pos: &Position, o: Outcome, dist: i32) -> Values {
    let mut v = [0; 4];
    match o {
        Outcome::Winner(w) => {
            for s in pos.seats() {
                v[s.index()] = dist.clamp(1, FLOOR - 1);
            }
            v[w.index()] = ONE - dist.clamp(1, FLOOR - 1);
        }
        Outcome::Draw => {
            for s in pos.seats() {
                v[s.index()] = FLOOR;
            }
        }
    }
    let _ = Seat::ALL;
    v
}
