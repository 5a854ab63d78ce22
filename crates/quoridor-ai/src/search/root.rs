//! The root: its move loop, the exact race and tablebases at the root, and the principal
//! variation as moves (a reply layer's code stands for a move of every opponent).

use quoridor_core::{Move, Position};

use super::maxn;
use super::{INF, Worker};
use crate::Score;
use crate::movepick::{Buf, Child};
use crate::ordering::{decode, replier};
use crate::params::{MultiSearch, PV_MAX, REPETITION};
use std::time::Duration;

use crate::Limits;
use crate::one_wall::{self, OneWallTable};
use crate::params::ONE_WALL_BUILD_TIME;
use crate::race::RaceValue;
use crate::replies::likely_move;
use crate::tablebase::{Value, probe_all};

impl Worker {
    /// Searches every root move; moves the best to the front. Returns the best score and
    /// the index (before the move) of the best move, if any move was searched.
    pub(super) fn root_search(
        &mut self,
        pos: &Position,
        root: &mut Buf,
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<usize>) {
        let me = self.root.seat;
        let mut best = -INF;
        let mut best_idx = None;
        let alpha0 = alpha;
        self.line.pv_len[0] = 0;
        let full =
            self.settings.sparams.full_width && root.kids.first().is_some_and(|k| k.players() == 2);
        let mut walls_searched = 0;
        for i in 0..root.cands.len() {
            let c = root.cands[i];
            // Every root move is played by the generator (`Gen::All`).
            let Child::Kept(k) = c.child else { continue };
            let child = &root.kids[usize::from(k)];
            let same = self.same_team(child.turn(), me);
            let is_wall = matches!(c.mv, Move::Wall(_));
            walls_searched += usize::from(is_wall);
            self.net_step(pos, c.mv, 0);
            let v = if self.repeats(child) {
                REPETITION
            } else {
                let r = if full && is_wall && c.quiet {
                    self.wall_reduction(walls_searched, depth, true)
                } else {
                    0
                };
                self.search_child(child, same, depth, 1, (alpha, beta), i == 0, r, true)
            };
            if self.budget.aborted {
                break;
            }
            if v > best {
                best = v;
                best_idx = Some(i);
                if v > alpha {
                    alpha = v;
                    self.set_pv(0, c.code);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if let Some(i) = best_idx.filter(|_| best > alpha0) {
            // Keep the order of the others: the best goes first.
            root.cands[..=i].rotate_right(1);
        }
        (best, best_idx)
    }

    /// Whether a root move's `child` brings back a position the game went through (three
    /// and four players: see [`REPETITION`]).
    fn repeats(&self, child: &Position) -> bool {
        child.players() > 2 && self.root.history.binary_search(&child.zobrist()).is_ok()
    }

    /// The exact race at the root: the move, the score and the principal variation.
    pub(super) fn race_root(&mut self, pos: &Position) -> Option<(Move, Score, Vec<Move>)> {
        if !self.is_race(pos) {
            return None;
        }
        let table = self.race_table(pos, true)?;
        let (m, v) = table.best_move(pos)?;
        let n = match v {
            RaceValue::Win(n) | RaceValue::Loss(n) => n,
            RaceValue::Draw => PV_MAX as u32,
        };
        if pos.ply_limit().is_some_and(|l| pos.ply() + n >= l) {
            return None;
        }
        let mut pv = vec![m];
        let mut p = *pos;
        p.play_unchecked(m);
        while pv.len() < (n as usize).min(PV_MAX) {
            let Some((m2, _)) = table.best_move(&p) else { break };
            p.play_unchecked(m2);
            pv.push(m2);
        }
        let score = match v {
            RaceValue::Win(n) => Score::Win(n),
            RaceValue::Loss(n) => Score::Loss(n),
            RaceValue::Draw => Score::Eval(0),
        };
        Some((m, score, pv))
    }

    /// The exact value of `pos` from a tablebase, when one holds it and the ply limit
    /// cannot change it.
    pub(crate) fn tablebase_value(&self, pos: &Position) -> Option<Value> {
        let (_, v) = probe_all(&self.settings.tablebases, pos)?;
        exact_holds(pos, v).then_some(v)
    }

    /// A tablebase's play at the root: the best of the moves allowed (all when `moves` is
    /// `None`) by the table, its score and the table's line after it.
    pub(crate) fn tablebase_root(
        &self,
        pos: &Position,
        moves: Option<&[Move]>,
    ) -> Option<(Move, Score, Vec<Move>)> {
        let (table, _) = probe_all(&self.settings.tablebases, pos)?;
        let mut best: Option<(Move, Value)> = None;
        for (m, v) in table.move_values(pos)? {
            if moves.is_none_or(|ms| ms.contains(&m))
                && best.is_none_or(|(_, b)| v.is_better_than(b))
            {
                best = Some((m, v));
            }
        }
        let (m, v) = best.filter(|&(_, v)| exact_holds(pos, v))?;
        let mut child = *pos;
        child.play_unchecked(m);
        let mut pv = vec![m];
        pv.extend(table.line(&child, PV_MAX - 1));
        Some((m, v.score(), pv))
    }

    /// Builds the table of "one wall against none" for `pos` at the root, unless one is at
    /// hand or `limits` leave too little time ([`ONE_WALL_BUILD_TIME`]); whether a table
    /// for `pos` is then at hand.
    pub(crate) fn prepare_one_wall(&mut self, pos: &Position, limits: &Limits) -> bool {
        if one_wall::holder_of(pos).is_none() || pos.is_game_over() {
            return false;
        }
        if self.one_wall.as_ref().is_some_and(|t| t.matches(pos)) {
            return true;
        }
        let enough = limits
            .budget()
            .is_none_or(|(_, hard)| hard >= Duration::from_millis(ONE_WALL_BUILD_TIME));
        if enough {
            self.one_wall = OneWallTable::solve(pos);
        }
        self.one_wall.as_ref().is_some_and(|t| t.matches(pos))
    }

    /// The exact endgame "one wall against none" at the root, from the table
    /// [`Worker::prepare_one_wall`] built: the move, the score and the principal variation.
    pub(crate) fn one_wall_root(&self, pos: &Position) -> Option<(Move, Score, Vec<Move>)> {
        let table = self.one_wall.as_ref().filter(|t| t.matches(pos))?;
        let (m, v) = table.best_move(pos)?;
        let score = match v {
            RaceValue::Win(n) | RaceValue::Loss(n)
                if pos.ply_limit().is_some_and(|l| pos.ply() + n >= l) =>
            {
                return None;
            }
            RaceValue::Draw if pos.ply_limit().is_some() => return None,
            RaceValue::Win(n) => Score::Win(n),
            RaceValue::Loss(n) => Score::Loss(n),
            RaceValue::Draw => Score::Eval(0),
        };
        Some((m, score, table.line(pos, PV_MAX)))
    }

    /// Principal variation of the last iteration, checked move by move.
    pub(super) fn pv_moves(&self, pos: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        let mut p = *pos;
        let pass = self.settings.sparams.multi == MultiSearch::BestReply;
        'line: for &code in &self.line.pv[0][..self.line.pv_len[0]] {
            // A reply layer's code stands for a move of every opponent: the others' likely
            // moves before and after the reply (a line with passes stops at the reply).
            let reply = replier(code);
            for _ in 0..reply.unwrap_or(0) {
                match likely_move(&p) {
                    Some(m) if !pass && !p.is_game_over() => {
                        p.play_unchecked(m);
                        out.push(m);
                    }
                    _ => break 'line,
                }
            }
            match decode(code) {
                Some(m) if p.is_legal(m) => {
                    p.play_unchecked(m);
                    out.push(m);
                }
                _ => break,
            }
            if reply.is_some() {
                if pass {
                    break;
                }
                let root = self.root.seat;
                while !p.is_game_over() && p.turn() != root && p.is_active(root) {
                    let Some(m) = likely_move(&p) else { break 'line };
                    p.play_unchecked(m);
                    out.push(m);
                }
            }
        }
        // A line that ends in a tablebase or a solved race goes on with its perfect play.
        if let Some((table, _)) = probe_all(&self.settings.tablebases, &p) {
            out.extend(table.line(&p, PV_MAX.saturating_sub(out.len())));
            return out;
        }
        while out.len() < PV_MAX && !p.is_game_over() && self.is_race(&p) {
            let Some(table) = self.races.get(&(p.size().get(), p.walls())) else { break };
            let Some((m, _)) = table.best_move(&p) else { break };
            p.play_unchecked(m);
            out.push(m);
        }
        out
    }

    /// The score of a max^n value (the root player's chance, in millionths).
    pub(super) fn maxn_score(&self, pos: &Position, v: i32) -> Score {
        if v > maxn::ONE - maxn::FLOOR {
            return Score::Win((maxn::ONE - v) as u32);
        }
        if v < maxn::FLOOR {
            return Score::Loss(v as u32);
        }
        let others = pos.active_seats().count().max(2) as f64 - 1.0;
        let p = f64::from(v) / f64::from(maxn::ONE);
        let logit = (p / (1.0 - p)).ln() + others.ln();
        let scale = crate::eval::MultiGame::of(pos)
            .map_or(100, |k| self.settings.ab_params.multi_scale[k.index()]);
        Score::Eval((logit * f64::from(scale)).round() as i32)
    }
}

/// Whether an exact value without a ply limit is still exact under `pos`'s ply limit: a win
/// or loss that ends before the limit (no player can then reach it), or no limit at all.
pub(crate) fn exact_holds(pos: &Position, v: Value) -> bool {
    match v {
        Value::Win(n) | Value::Loss(n) => pos.ply_limit().is_none_or(|l| pos.ply() + n < l),
        Value::Draw => pos.ply_limit().is_none(),
    }
}
