//! The search: iterative deepening negamax with alpha-beta, principal variation search,
//! aspiration windows, a transposition table, killer and history ordering, late move
//! reductions, and exact race tables once the walls are gone.
//!
//! # Candidate moves
//! At the root every legal move is searched. Deeper, a player considers all its pawn moves
//! but only the walls that cut some opponent's current shortest path (a wall that does not
//! cut it cannot lengthen it). Two plies or more from the horizon only the ones that
//! lengthen the opponents' paths more than the mover's own are kept (measured from the
//! distances they leave, without playing them); at the last ply they are ordered by
//! killers and history, and the leaves are evaluated without playing the move. Quiet
//! walls, laid for later, are the pruned moves; wins and losses found below the root assume
//! they do not matter.
//!
//! # Three and four players: paranoid search
//! With more than two players the engine runs a *paranoid* search: it assumes every
//! opponent plays to minimise the root player's score, as one team moving in turn order.
//! The game tree then has two sides again, so alpha-beta, the transposition table and every
//! pruning rule stay sound, and the score is a lower bound against any opponents (over the
//! moves searched).
//! Max^n would need vectors of scores and allows almost no pruning; best-reply search
//! changes the move order and produces positions that cannot occur in the game. Paranoia
//! is pessimistic, but in Quoridor it matches the real danger: every opponent's walls can
//! fall on the leader's path. In negamax form a node's score is from the view of its
//! mover's team; the sign flips only between the root player's moves and the opponents'.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use quoridor_core::{Move, Outcome, Position, Seat, WallSet};

use crate::engine::Shared;
use crate::movepick::{Buf, Child, Gen, other_move};
use crate::net::{self, Accumulators, Network};
use crate::ordering::{Heuristics, decode, replier};
use crate::params::{
    ASPIRATION, ASPIRATION_FROM_DEPTH, CHECK_EVERY, MAX_PLY, REPETITION, STABLE_FROM_DEPTH,
    STABLE_ITERATIONS, WIN, WIN_BOUND,
};
use crate::params::{EvalParams, MultiSearch, SearchParams};
use crate::race::{RaceTable, RaceValue};
use crate::rng::mix;
use crate::time::Instant;
use crate::tt::{Bound, Tt};
use crate::{Limits, Score, SearchInfo, SearchResult};

const INF: i32 = WIN + 1;
/// Deepest iteration of an unlimited search.
const MAX_DEPTH: u32 = 100;

/// One search thread: its own history, killers, race tables and stacks; the table is shared.
pub(crate) struct Worker {
    /// 0 for the main thread.
    pub(crate) id: usize,
    pub(crate) tt: Arc<Tt>,
    pub(crate) shared: Arc<Shared>,
    pub(crate) seed: u64,
    pub(crate) heur: Heuristics,
    pub(crate) races: HashMap<(u8, WallSet), RaceTable>,
    pub(crate) noise: i32,
    pub(crate) params: EvalParams,
    pub(crate) sparams: SearchParams,
    // Per search.
    pub(crate) nodes: u64,
    pub(crate) published: u64,
    pub(crate) node_limit: u64,
    pub(crate) deadline: Option<Instant>,
    pub(crate) stop: Option<Arc<AtomicBool>>,
    pub(crate) aborted: bool,
    pub(crate) root: Seat,
    /// The root position's ply count: win and loss scores count the plies played from it.
    pub(crate) root_ply: u32,
    pub(crate) root_key: u64,
    pub(crate) pv: Vec<[u16; MAX_PLY + 1]>,
    pub(crate) pv_len: [usize; MAX_PLY + 1],
    /// Whether the move into each ply was a null move.
    pub(crate) null_at: [bool; MAX_PLY + 2],
    /// Whether the evaluation network applies to this search's positions ...
    pub(crate) net_on: bool,
    /// ... and its sums at each ply of the current line, kept up to date move by move.
    pub(crate) nets: Vec<Accumulators>,
    pub(crate) bufs: Vec<Buf>,
    /// Keys of the positions the game went through before the root, sorted (set by
    /// [`crate::Engine::search_game`]; empty otherwise).
    pub(crate) history: Vec<u64>,
}

impl Worker {
    pub(crate) fn new(id: usize, tt: &Arc<Tt>, shared: &Arc<Shared>, seed: u64) -> Worker {
        Worker {
            id,
            tt: Arc::clone(tt),
            shared: Arc::clone(shared),
            seed,
            heur: Heuristics::new(),
            races: HashMap::new(),
            noise: 0,
            params: EvalParams::default(),
            sparams: SearchParams::default(),
            nodes: 0,
            published: 0,
            node_limit: u64::MAX,
            deadline: None,
            stop: None,
            aborted: false,
            root: Seat::South,
            root_ply: 0,
            root_key: 0,
            pv: vec![[0; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            null_at: [false; MAX_PLY + 2],
            net_on: false,
            nets: vec![Accumulators::default(); MAX_PLY + 2],
            bufs: (0..=MAX_PLY + 1).map(|_| Buf::default()).collect(),
            history: Vec::new(),
        }
    }

    /// This thread's search of `pos` (see [`crate::Engine::search`]). Helpers (`id > 0`) stop when
    /// the main thread halts them, and those with an odd id search the even depths only
    /// (ahead of the main thread: its next iterations then find their results in the table).
    pub(crate) fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        on_iteration: &mut dyn FnMut(&SearchInfo),
    ) -> Option<SearchResult> {
        if pos.is_game_over() {
            return None;
        }
        let start = Instant::now();
        let budget = limits.budget();
        // A time too long for the clock (years) is no deadline at all.
        self.deadline = budget.and_then(|(_, hard)| start.checked_add(hard));
        let soft = budget.and_then(|(soft, _)| start.checked_add(soft));
        self.nodes = 0;
        self.published = 0;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.stop = limits.stop.clone();
        self.aborted = false;
        self.root = pos.turn();
        self.root_ply = pos.ply();
        self.root_key = if pos.players() > 2 { mix(0xA5A5 + self.root.index() as u64) } else { 0 };
        self.heur.age();
        self.net_on = net::applies(pos);
        if self.net_on {
            self.nets[0] = Accumulators::new(&Network::SHIPPED, pos);
        }
        let helper = self.id > 0;
        let shared = Arc::clone(&self.shared);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let info_at = |nodes: u64, depth: u32, score: Score, pv: Vec<Move>| {
            let nodes = nodes + shared.helper_nodes.load(Ordering::Relaxed);
            let time = start.elapsed();
            let nps = (u128::from(nodes) * 1_000_000_000 / time.as_nanos().max(1)) as u64;
            SearchInfo { depth, score, pv, nodes, nps, time }
        };

        if let Some((best, score, pv)) = self.race_root(pos) {
            let info = info_at(1, pv.len() as u32, score, pv);
            on_iteration(&info);
            return Some(SearchResult { best, info });
        }

        let mut root = Buf::default();
        self.generate(pos, 0, 0, &mut root, Gen::All);
        root.cands.sort_by_key(|c| std::cmp::Reverse(c.key));
        let Some(first) = root.cands.first() else {
            // Unreachable for a legal position; keep a move anyway.
            let m = *pos.legal_moves().first()?;
            let info = info_at(0, 0, Score::Eval(0), vec![m]);
            return Some(SearchResult { best: m, info });
        };
        let mut best = first.mv;
        let mut result = info_at(0, 0, Score::from_internal(self.eval(pos)), vec![best]);
        let single = root.cands.len() == 1;
        let mut prev: i32 = 0;
        let mut proven = 0;
        let (mut stable, mut last_best) = (0, best);
        for depth in 1..=max_depth {
            if helper && self.id % 2 == 1 && depth % 2 == 1 && depth > 1 && depth < max_depth {
                continue;
            }
            let mut delta = ASPIRATION;
            let (mut alpha, mut beta) =
                if depth >= ASPIRATION_FROM_DEPTH && prev.abs() < WIN - WIN_BOUND {
                    (prev - delta, prev + delta)
                } else {
                    (-INF, INF)
                };
            if self.sparams.multi == MultiSearch::MaxN && pos.players() > 2 {
                let (v, idx) = self.maxn_root(&mut root, depth as i32);
                let me = self.root.index();
                if self.aborted {
                    if let (Some(v), Some(_)) = (v, idx) {
                        if v[me] > prev {
                            best = root.cands[0].mv;
                            result.pv = self.pv_moves(pos);
                            result.score = self.maxn_score(pos, v[me]);
                        }
                    }
                    break;
                }
                let Some(v) = v else { break };
                prev = v[me];
                best = root.cands[0].mv;
                let pv = self.pv_moves(pos);
                result = info_at(self.nodes, depth, self.maxn_score(pos, v[me]), pv);
                on_iteration(&result);
                if single && limits.is_timed() {
                    break;
                }
                if soft.is_some_and(|s| Instant::now() >= s) && !helper {
                    break;
                }
                if let Some((_, hard)) = budget {
                    let spent = start.elapsed().as_secs_f64() / hard.as_secs_f64().max(1e-9);
                    if !helper && spent * 100.0 >= f64::from(self.sparams.time_new_iteration_multi) {
                        break;
                    }
                }
                continue;
            }
            let score = loop {
                let (v, idx) = self.root_search(pos, &mut root, depth as i32, alpha, beta);
                if self.aborted {
                    // A move that beat the previous best in this iteration is trusted.
                    if idx.is_some() && v > alpha {
                        best = root.cands[0].mv;
                        result.pv = self.pv_moves(pos);
                        result.score = Score::from_internal(v);
                    }
                    break None;
                }
                if v <= alpha && alpha > -INF {
                    beta = (alpha + beta) / 2;
                    alpha = (v - delta).max(-INF);
                    delta *= 2;
                } else if v >= beta && beta < INF {
                    beta = (v + delta).min(INF);
                    delta *= 2;
                } else {
                    break Some(v);
                }
                if delta > 4 * ASPIRATION * 8 {
                    alpha = -INF;
                    beta = INF;
                }
            };
            let Some(score) = score else { break };
            prev = score;
            best = root.cands[0].mv;
            let pv = self.pv_moves(pos);
            result = info_at(self.nodes, depth, Score::from_internal(score), pv);
            on_iteration(&result);
            if single && limits.is_timed() {
                break;
            }
            if score.abs() >= WIN - WIN_BOUND {
                proven += 1;
                if proven >= 4 && (limits.is_timed() || limits.nodes.is_some()) {
                    break;
                }
            } else {
                proven = 0;
            }
            if helper {
                // The main thread decides when the search ends.
                continue;
            }
            if soft.is_some_and(|s| Instant::now() >= s) {
                break;
            }
            stable = if best == last_best { stable + 1 } else { 0 };
            last_best = best;
            if let Some((_, hard)) = budget {
                // An unfinished iteration still returns its best move, so a new one is
                // worth starting until late; less so when the best move has settled.
                let spent = start.elapsed().as_secs_f64() / hard.as_secs_f64().max(1e-9);
                let settled = depth >= STABLE_FROM_DEPTH && stable >= STABLE_ITERATIONS;
                let p = &self.sparams;
                let share = if settled {
                    p.time_stable
                } else if pos.players() > 2 {
                    p.time_new_iteration_multi
                } else {
                    p.time_new_iteration
                };
                if spent * 100.0 >= f64::from(share) {
                    break;
                }
            }
        }
        result.nodes = self.nodes;
        result.time = start.elapsed();
        result.nps =
            (u128::from(self.nodes) * 1_000_000_000 / result.time.as_nanos().max(1)) as u64;
        if result.pv.first() != Some(&best) {
            result.pv = vec![best];
        }
        Some(SearchResult { best, info: result })
    }

    /// The exact race at the root: the move, the score and the principal variation.
    fn race_root(&mut self, pos: &Position) -> Option<(Move, Score, Vec<Move>)> {
        if !self.is_race(pos) {
            return None;
        }
        let table = self.race_table(pos, true)?;
        let (m, v) = table.best_move(pos)?;
        let n = match v {
            RaceValue::Win(n) | RaceValue::Loss(n) => n,
            RaceValue::Draw => 64,
        };
        if pos.ply_limit().is_some_and(|l| pos.ply() + n >= l) {
            return None;
        }
        let mut pv = vec![m];
        let mut p = *pos;
        p.play_unchecked(m);
        while pv.len() < n.min(64) as usize {
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

    /// Principal variation of the last iteration, checked move by move.
    fn pv_moves(&self, pos: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        let mut p = *pos;
        let multi = self.sparams.multi;
        let pass = multi == MultiSearch::BestReply;
        'line: for &code in &self.pv[0][..self.pv_len[0]] {
            // A best-reply layer's code stands for a move of every opponent: the others'
            // moves before and after the reply (a line with passes stops at the reply).
            let reply = replier(code);
            for _ in 0..reply.unwrap_or(0) {
                match other_move(&p, multi) {
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
                while !p.is_game_over() && p.turn() != self.root && p.is_active(self.root) {
                    let Some(m) = other_move(&p, multi) else { break 'line };
                    p.play_unchecked(m);
                    out.push(m);
                }
            }
        }
        // A line that ends in a solved race goes on with the table's perfect play.
        while out.len() < 64 && !p.is_game_over() && self.is_race(&p) {
            let Some(table) = self.races.get(&(p.size().get(), p.walls())) else { break };
            let Some((m, _)) = table.best_move(&p) else { break };
            p.play_unchecked(m);
            out.push(m);
        }
        out
    }

    /// Searches every root move; moves the best to the front. Returns the best score and
    /// the index (before the move) of the best move, if any move was searched.
    fn root_search(
        &mut self,
        pos: &Position,
        root: &mut Buf,
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<usize>) {
        let me = self.root;
        let mut best = -INF;
        let mut best_idx = None;
        let alpha0 = alpha;
        self.pv_len[0] = 0;
        let full = self.sparams.full_width && root.kids.first().is_some_and(|k| k.players() == 2);
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
            let repeats = child.players() > 2 && self.history.binary_search(&child.zobrist()).is_ok();
            let v = if repeats {
                REPETITION
            } else if i == 0 {
                self.child(child, same, depth - 1, 1, alpha, beta)
            } else {
                let r = if full && is_wall && c.quiet {
                    self.wall_reduction(walls_searched, depth, true)
                } else {
                    0
                };
                let mut v = self.child(child, same, depth - 1 - r, 1, alpha, alpha + 1);
                if r > 0 && v > alpha && !self.aborted {
                    v = self.child(child, same, depth - 1, 1, alpha, alpha + 1);
                }
                if v > alpha && v < beta && !self.aborted {
                    v = self.child(child, same, depth - 1, 1, alpha, beta);
                }
                v
            };
            if self.aborted {
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

    #[inline]
    pub(crate) fn set_pv(&mut self, ply: usize, code: u16) {
        let n = self.pv_len[ply + 1].min(MAX_PLY - ply);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][ply] = code;
        head[ply][ply + 1..ply + 1 + n].copy_from_slice(&tail[0][ply + 1..ply + 1 + n]);
        self.pv_len[ply] = n + 1;
    }

    /// The score of a max^n value (the root player's chance, in millionths).
    fn maxn_score(&self, pos: &Position, v: i32) -> Score {
        use crate::maxn::{FLOOR, ONE};
        if v > ONE - FLOOR {
            return Score::Win((ONE - v) as u32);
        }
        if v < FLOOR {
            return Score::Loss(v as u32);
        }
        let n = pos.active_seats().count().max(2) as f64;
        let p = f64::from(v) / f64::from(ONE);
        let logit = (p / (1.0 - p)).ln() - (1.0 / (n - 1.0)).ln();
        let scale = crate::eval::MultiGame::of(pos).map_or(100, |k| self.params.multi_scale[k.index()]);
        Score::Eval((logit * f64::from(scale)).round() as i32)
    }

    /// Plies played from the root to `pos` (the unit of win and loss scores).
    #[inline]
    pub(crate) fn dist(&self, pos: &Position) -> i32 {
        pos.ply().saturating_sub(self.root_ply).min(WIN_BOUND as u32 / 2) as i32
    }

    #[inline]
    pub(crate) fn same_team(&self, a: Seat, b: Seat) -> bool {
        if self.sparams.multi == MultiSearch::MaxN {
            return a == b;
        }
        (a == self.root) == (b == self.root)
    }

    #[inline]
    pub(crate) fn child(
        &mut self,
        child: &Position,
        same: bool,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if same {
            self.negamax(child, depth, ply, alpha, beta)
        } else {
            -self.negamax(child, depth, ply, -beta, -alpha)
        }
    }

    fn check_limits(&mut self) {
        if self.id > 0 {
            let new = self.nodes - self.published;
            self.shared.helper_nodes.fetch_add(new, Ordering::Relaxed);
            self.published = self.nodes;
            if self.shared.halt.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
        {
            self.aborted = true;
        }
    }

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
        self.pv_len[ply] = 0;
        let me = pos.turn();
        // Plies played since the root: what wins and losses are counted in (more than the
        // search's `ply` in a best-reply layer, which plays a move of every opponent).
        let dist = self.dist(pos);
        if let Some(o) = pos.outcome() {
            return match o {
                Outcome::Winner(s) if self.same_team(s, me) => WIN - dist,
                Outcome::Winner(_) => -(WIN - dist),
                Outcome::Draw => 0,
            };
        }
        if !pos.is_active(self.root) {
            // The root player is out, which is a loss for it.
            let v = -(WIN - dist);
            return if me == self.root { v } else { -v };
        }
        if pos.players() == 2 && self.is_race(pos) {
            // Building a table takes a millisecond or two: not when the clock is short.
            let build = depth >= 2
                && self.deadline.is_none_or(|d| {
                    d.saturating_duration_since(Instant::now()) > Duration::from_millis(30)
                });
            if let Some(v) = self.race_score(pos, dist as usize, build) {
                return v;
            }
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.eval_at(pos, ply);
        }
        // Mate distance pruning: no line from here wins sooner than next ply or loses
        // sooner than this one; a window outside that cannot be met.
        let beta = beta.min(WIN - dist - 1);
        alpha = alpha.max(-(WIN - dist));
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        let key = pos.zobrist() ^ self.root_key;
        let mut hash_move = 0;
        // At the last ply before the horizon a table probe (a cache miss) costs more than
        // it saves: every child is a leaf.
        let use_tt = depth >= 2;
        if let Some(hit) = if use_tt { self.tt.probe(key, dist as usize) } else { None } {
            hash_move = hit.mv;
            if !pv_node && hit.depth >= depth {
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                };
                if cut {
                    return hit.score;
                }
            }
        }

        let two = pos.players() == 2;
        let full = two && self.sparams.full_width && !self.is_race(pos);
        // The static evaluation, for the pruning below (off the principal variation, away from
        // wins and losses, without the levels' noise).
        let prunable = full && !pv_node && beta.abs() < WIN - WIN_BOUND && self.noise == 0;
        let stat = if prunable { self.eval_at(pos, ply) } else { 0 };
        // Reverse futility pruning: far enough above beta, a shallow node is not searched.
        if prunable
            && depth <= self.sparams.rfp_depth
            && stat - self.sparams.rfp_margin * depth >= beta
        {
            return stat;
        }

        // Null move: when passing still leaves the side above beta after a shallower search,
        // the node is not worth searching. Not twice in a row, and not with a window on a
        // win or a loss.
        if prunable
            && depth >= self.sparams.null_min_depth
            && self.sparams.null_min_depth > 0
            && !self.null_at[ply - 1]
            && stat >= beta
        {
            if let Some(passed) = null_child(pos) {
                self.null_at[ply] = true;
                if self.net_on {
                    self.nets[ply + 1] = self.nets[ply].after_pass(&Network::SHIPPED, pos);
                }
                let r = self.sparams.null_reduction;
                let v = -self.negamax(&passed, depth - 1 - r, ply + 1, -beta, -beta + 1);
                self.null_at[ply] = false;
                if self.aborted {
                    return 0;
                }
                if v >= beta {
                    return v.min(WIN - WIN_BOUND - 1);
                }
            }
        }

        let mut buf = std::mem::take(&mut self.bufs[ply]);
        let mode = match (depth >= 2, full) {
            (false, _) => Gen::Lazy,
            (true, true) => Gen::Full,
            (true, false) => Gen::Gains,
        };
        // A best-reply layer: the root player's opponents answer with one reply between
        // them (three and four players).
        let reply = !two && self.sparams.multi != MultiSearch::Paranoid && me != self.root;
        if reply {
            self.generate_replies(pos, ply, hash_move, &mut buf, mode);
        } else {
            self.generate(pos, ply, hash_move, &mut buf, mode);
        }
        let old_alpha = alpha;
        let mut best = -INF;
        let mut best_code = 0u16;
        let mut tried = [0u16; 64];
        let mut n_tried = 0;
        let mut walls_searched = 0usize;
        let mut scratch = *pos;
        // One ply above the horizon with two players, the leaves are evaluated from the
        // distances the move leaves, without playing it (see `quick_leaf`).
        let frontier = depth == 1
            && two
            && self.noise == 0
            && !self.is_race(pos)
            && pos.ply_limit().is_none_or(|l| pos.ply().saturating_add(1) < l);
        // The network's sums of this node, for the leaves evaluated without playing.
        let net = (frontier && self.net_on).then(|| self.nets[ply]);
        let lmp_after = if full && !pv_node && depth <= self.sparams.lmp_depth {
            self.sparams.lmp_walls_per_ply * depth as usize
        } else {
            usize::MAX
        };
        for i in 0..buf.cands.len() {
            // Selection instead of a full sort: a cut-off usually comes after a few moves.
            let mut pick = i;
            for j in i + 1..buf.cands.len() {
                let (a, b) = (&buf.cands[j], &buf.cands[pick]);
                if a.key > b.key || (a.key == b.key && a.code < b.code) {
                    pick = j;
                }
            }
            buf.cands.swap(i, pick);
            let c = &buf.cands[i];
            let is_wall = matches!(c.mv, Move::Wall(_));
            if is_wall {
                walls_searched += 1;
                // Late move pruning: past the first walls, a shallow node skips the walls
                // whose history is bad.
                if walls_searched > lmp_after
                    && best > -(WIN - WIN_BOUND)
                    && c.key < 1 << 28
                    && self.heur.history[me.index()][usize::from(c.code)] < 0
                {
                    continue;
                }
            }
            let quick =
                if frontier { self.quick_leaf(pos, c.mv, dist as usize, net.as_ref()) } else { None };
            let v = if let Some(v) = quick {
                // The leaf counts as a node searched, as if played.
                if self.count_node() {
                    self.bufs[ply] = buf;
                    return 0;
                }
                self.pv_len[ply + 1] = 0;
                #[cfg(debug_assertions)]
                {
                    let child = buf.child_of(c, pos, &mut scratch, self.root, self.sparams.multi);
                    let played = -self.eval_or_end(child, dist as usize + 1);
                    assert_eq!(v, played, "leaf {} of {pos}", c.mv);
                }
                v
            } else if i == 0 {
                let child = buf.child_of(c, pos, &mut scratch, self.root, self.sparams.multi);
                let same = self.same_team(child.turn(), me);
                self.net_step(pos, c.mv, ply);
                self.child(child, same, depth - 1, ply + 1, alpha, beta)
            } else {
                let child = buf.child_of(c, pos, &mut scratch, self.root, self.sparams.multi);
                let same = self.same_team(child.turn(), me);
                self.net_step(pos, c.mv, ply);
                let r = if full {
                    // Walls only, never pawn moves, nor the hash move and killers.
                    if is_wall && c.quiet && c.key < 1 << 28 {
                        self.wall_reduction(walls_searched, depth, pv_node)
                    } else {
                        0
                    }
                } else {
                    i32::from(
                        depth >= self.sparams.lmr_depth && i >= self.sparams.lmr_move && c.quiet,
                    )
                };
                let mut v = self.child(child, same, depth - 1 - r, ply + 1, alpha, alpha + 1);
                if r > 0 && v > alpha && !self.aborted {
                    v = self.child(child, same, depth - 1, ply + 1, alpha, alpha + 1);
                }
                if pv_node && v > alpha && v < beta && !self.aborted {
                    v = self.child(child, same, depth - 1, ply + 1, alpha, beta);
                }
                v
            };
            if self.aborted {
                self.bufs[ply] = buf;
                return 0;
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
        self.bufs[ply] = buf;
        if best == -INF {
            // No candidate (cannot happen: every live position has a pawn move or a wall).
            return self.eval_at(pos, ply);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > old_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if use_tt {
            self.tt.store(key, dist as usize, depth, best, bound, best_code);
        }
        best
    }

    /// Plies by which the `n`-th wall searched at a node with `depth` to go is reduced (the
    /// full-width search's late move reductions); one less at a principal-variation node,
    /// and the child keeps at least one ply.
    #[inline]
    fn wall_reduction(&self, n: usize, depth: i32, pv_node: bool) -> i32 {
        let p = &self.sparams;
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

    /// Counts a node and looks at the limits now and then; true when the search must stop.
    #[inline]
    pub(crate) fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.aborted = true;
        }
        if self.nodes % CHECK_EVERY == 0 {
            self.check_limits();
        }
        self.aborted
    }
}

/// `pos` with the other player to move, as if the side to move had passed (two players):
/// the null move of the search, which the rules do not allow.
fn null_child(pos: &Position) -> Option<Position> {
    let mut setup = pos.to_setup();
    setup.turn = pos.active_seats().find(|&s| s != pos.turn())?;
    setup.ply = setup.ply.checked_add(1)?;
    Position::try_from(setup).ok()
}
