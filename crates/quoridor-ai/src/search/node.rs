//! A node below the root: what ends it at once (the end of the game, a solved race, the
//! horizon, the table), then its moves in order, then what the table keeps of it.

use std::time::Duration;

use quoridor_core::{Move, Outcome, Position};

use super::{INF, Worker};
use crate::movepick::{Gen, pick_next};
use crate::params::{MAX_PLY, MultiSearch, RACE_BUILD_DEPTH, RACE_BUILD_TIME, WIN};
use crate::time::Instant;
use crate::tt::{Bound, Hit};

/// How a node is searched, decided once before its moves.
#[derive(Clone, Copy)]
struct Node {
    depth: i32,
    ply: usize,
    /// Plies from the root (win and loss scores).
    dist: i32,
    pv_node: bool,
    /// Two players, walls in hand: every legal move, with the full-width rules.
    full: bool,
    /// One ply above the horizon with two players: leaves valued without playing.
    frontier: bool,
    /// Walls searched past this many are skipped when their history is bad.
    lmp_after: usize,
}

impl Worker {
    pub(crate) fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.count_node() {
            return 0;
        }
        self.line.pv_len[ply] = 0;
        // Plies played since the root: what wins and losses are counted in (more than the
        // search's `ply` in a reply layer, which plays a move of every opponent).
        let dist = self.dist(pos);
        if let Some(v) = self.end_of_line(pos, depth, ply, dist) {
            return v;
        }
        // Mate distance pruning: no line from here wins sooner than next ply or loses
        // sooner than this one; a window outside that cannot be met.
        let beta = beta.min(WIN - dist - 1);
        alpha = alpha.max(-(WIN - dist));
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        let key = pos.zobrist() ^ self.root.key;
        // At the last ply before the horizon a table probe (a cache miss) costs more than
        // it saves: every child is a leaf.
        let use_tt = depth >= 2;
        let hit = if use_tt { self.tt.probe(key, dist as usize) } else { None };
        if let Some(v) = hit.and_then(|h| table_cut(h, depth, alpha, beta, pv_node)) {
            return v;
        }
        let two = pos.players() == 2;
        let full = two && self.settings.sparams.full_width && !self.is_race(pos);
        if let Some(v) = self.prune(pos, depth, ply, beta, full && !pv_node) {
            return v;
        }
        let node = Node {
            depth,
            ply,
            dist,
            pv_node,
            full,
            frontier: depth == 1
                && two
                && self.settings.noise == 0
                && !self.is_race(pos)
                && pos.ply_limit().is_none_or(|l| pos.ply().saturating_add(1) < l),
            lmp_after: self.late_move_limit(full, pv_node, depth),
        };
        let (best, best_code) = self.moves(pos, &node, hit.map_or(0, |h| h.mv), alpha, beta);
        if self.budget.aborted {
            return 0;
        }
        let Some(best) = best else {
            // No candidate (cannot happen: every live position has a pawn move or a wall).
            return self.eval_at(pos, ply);
        };
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if use_tt {
            self.tt.store(key, dist as usize, depth, best, bound, best_code);
        }
        best
    }

    /// The value of a node that needs no search: a finished game, the root player out, a
    /// position in a tablebase, a solved race, or the horizon.
    fn end_of_line(&mut self, pos: &Position, depth: i32, ply: usize, dist: i32) -> Option<i32> {
        let me = pos.turn();
        if let Some(o) = pos.outcome() {
            return Some(match o {
                Outcome::Winner(s) if self.same_team(s, me) => WIN - dist,
                Outcome::Winner(_) => -(WIN - dist),
                Outcome::Draw => 0,
            });
        }
        if !pos.is_active(self.root.seat) {
            // The root player is out, which is a loss for it.
            let v = -(WIN - dist);
            return Some(if me == self.root.seat { v } else { -v });
        }
        if pos.players() == 2 && !self.settings.tablebases.is_empty() {
            if let Some(v) = self.tablebase_score(pos, dist) {
                return Some(v);
            }
        }
        if pos.players() == 2 && self.is_race(pos) {
            // Building a table takes a millisecond or two: not near the horizon, where
            // the race's own subtree costs less, nor when the clock is short.
            let build = depth >= RACE_BUILD_DEPTH
                && self.budget.deadline.is_none_or(|d| {
                    d.saturating_duration_since(Instant::now())
                        > Duration::from_millis(RACE_BUILD_TIME)
                });
            if let Some(v) = self.race_score(pos, dist as usize, build) {
                return Some(v);
            }
        }
        (depth <= 0 || ply >= MAX_PLY).then(|| self.eval_at(pos, ply))
    }

    /// Searches the moves of `pos` in order until one cuts off: the best score (`None`
    /// when there was no move) and its code. `alpha0` is the node's alpha.
    fn moves(
        &mut self,
        pos: &Position,
        node: &Node,
        hash_move: u16,
        alpha0: i32,
        beta: i32,
    ) -> (Option<i32>, u16) {
        let (depth, ply) = (node.depth, node.ply);
        let me = pos.turn();
        let mut buf = std::mem::take(&mut self.line.bufs[ply]);
        let mode = match (depth >= 2, node.full) {
            (false, _) => Gen::Lazy,
            (true, true) => Gen::Full,
            (true, false) => Gen::Gains,
        };
        // A reply layer: the root player's opponents answer with one reply between them
        // (three and four players).
        let reply = pos.players() > 2
            && self.settings.sparams.multi != MultiSearch::Paranoid
            && me != self.root.seat;
        if reply {
            self.movegen().generate_replies(pos, ply, hash_move, &mut buf, mode);
        } else {
            self.movegen().generate(pos, ply, hash_move, &mut buf, mode);
        }
        let mut alpha = alpha0;
        let mut best = -INF;
        let mut best_code = 0u16;
        let mut tried = [0u16; 64];
        let mut n_tried = 0;
        let mut walls_searched = 0usize;
        let mut scratch = *pos;
        // The network's sums of this node, for the leaves evaluated without playing.
        let net = (node.frontier && self.line.net_on).then(|| self.line.nets[ply]);
        // The walls' threats need the leaves played, when a leaf (one wall fewer at most)
        // has them weighed.
        let p = &self.settings.ab_params;
        let threats = node.frontier && p.measures_threats() && {
            let walls: u32 = pos.active_seats().map(|s| u32::from(pos.walls_in_hand(s))).sum();
            p.weighs_threats(walls.saturating_sub(1))
        };
        for i in 0..buf.cands.len() {
            pick_next(&mut buf.cands, i);
            let c = buf.cands[i];
            if matches!(c.mv, Move::Wall(_)) {
                walls_searched += 1;
                if self.skips_late_wall(&c, me, walls_searched, node.lmp_after, best) {
                    continue;
                }
            }
            let quick = if threats {
                let multi = self.settings.sparams.multi;
                let child = buf.child_of(&c, pos, &mut scratch, self.root.seat, multi);
                self.threat_leaf(child, node.dist as usize)
            } else if node.frontier {
                self.quick_leaf(pos, c.mv, node.dist as usize, net.as_ref())
            } else {
                None
            };
            let v = if let Some(v) = quick {
                // The leaf counts as a node searched, as if played.
                if self.count_node() {
                    break;
                }
                self.line.pv_len[ply + 1] = 0;
                #[cfg(debug_assertions)]
                {
                    let multi = self.settings.sparams.multi;
                    let child = buf.child_of(&c, pos, &mut scratch, self.root.seat, multi);
                    let played = -self.eval_or_end(child, node.dist as usize + 1);
                    assert_eq!(v, played, "leaf {} of {pos}", c.mv);
                }
                v
            } else {
                let multi = self.settings.sparams.multi;
                let child = buf.child_of(&c, pos, &mut scratch, self.root.seat, multi);
                let same = self.same_team(child.turn(), me);
                self.net_step(pos, c.mv, ply);
                let r = if i == 0 {
                    0
                } else {
                    self.reduction(&c, node.full, node.pv_node, depth, i, walls_searched)
                };
                let window = (alpha, beta);
                self.search_child(child, same, depth, ply + 1, window, i == 0, r, node.pv_node)
            };
            if self.budget.aborted {
                break;
            }
            if v > best {
                best = v;
                best_code = c.code;
                if v > alpha {
                    alpha = v;
                    self.set_pv(ply, c.code);
                    if alpha >= beta {
                        self.heur.cutoff(me.index(), ply, depth, c.code, &tried[..n_tried]);
                        break;
                    }
                }
            }
            if n_tried < tried.len() {
                tried[n_tried] = c.code;
                n_tried += 1;
            }
        }
        self.line.bufs[ply] = buf;
        ((best > -INF).then_some(best), best_code)
    }
}

/// The table's score when it settles the node: deep enough, and its bound meets the
/// window (never at a principal-variation node, whose line is wanted).
#[inline]
fn table_cut(hit: Hit, depth: i32, alpha: i32, beta: i32, pv_node: bool) -> Option<i32> {
    if pv_node || hit.depth < depth {
        return None;
    }
    let cut = match hit.bound {
        Bound::Exact => true,
        Bound::Lower => hit.score >= beta,
        Bound::Upper => hit.score <= alpha,
    };
    cut.then_some(hit.score)
}
