//! The three- and four-player search: Monte Carlo tree search with max^n values
//! (Nijssen and Winands), priors and first values from the evaluation, and implicit max^n
//! backups (Lanctot et al.). `docs/ai.md`, "Three and four players", describes every rule.
//!
//! A node's value is a vector: each seat's chance to win. The mover of a node picks the
//! child best for itself by PUCT: its own entry of the child's value plus a bonus that
//! shrinks with the child's visits and grows with its prior. A node is expanded when first
//! reached: every legal move gets each seat's chance after it from the evaluation (the
//! distances and walls it leaves, found without playing it), which gives the move its prior
//! (a softmax of the mover's log-chance) and its value until it is visited. The new node's
//! value, backed up the line, is that of its best child for its mover (a one-ply max^n).
//! Each node also keeps the max^n value of its evaluated subtree, which the selection blends
//! in. No random playouts: the evaluation is a fitted model of who wins.
//!
//! One concern per file:
//! - `mod.rs`: the tree (nodes, edges, the arena they live in), one iteration (select,
//!   expand, back up), moving the root down after a move, the principal variation;
//! - `expand`: a node's moves, their values and priors;
//! - `search`: a search within limits (time, nodes, depth, stop), what it reports, threads.

mod expand;
mod exposure;
mod search;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use quoridor_core::{Move, Outcome, Position};

pub(crate) use search::score_of;

use crate::params::{EvalParams, SearchParams};

/// Each seat's value by seat index: its chance to win, 0 to 1.
pub(crate) type Values = [f32; 4];

/// Values kept in 16 bits: a chance times [`Q_ONE`].
type Packed = [u16; 4];

/// A chance of one in [`Packed`] values.
const Q_ONE: f32 = 65535.0;

fn pack(v: Values) -> Packed {
    v.map(|x| (x.clamp(0.0, 1.0) * Q_ONE).round() as u16)
}

fn unpack(p: Packed) -> Values {
    p.map(|x| f32::from(x) / Q_ONE)
}

/// A position of the tree. Its moves are the edges `first..first + len`.
#[derive(Clone, Copy, Debug)]
struct Node {
    first: u32,
    len: u16,
    /// The seat index of the side to move.
    mover: u8,
    /// A finished game, or a repetition (scored as a draw): never expanded.
    terminal: bool,
    visits: u32,
    /// One more than the index of the node's position in the tree's kept positions, 0
    /// when not kept.
    pos: u32,
    /// Sum of the values backed up through this node, per seat.
    sum: [f64; 4],
    /// The max^n value of the evaluated subtree.
    imm: Packed,
    /// The position's key (to find it again after a move).
    key: u64,
}

impl Node {
    const fn new() -> Node {
        Node {
            first: 0,
            len: 0,
            mover: 0,
            terminal: false,
            visits: 0,
            pos: 0,
            sum: [0.0; 4],
            imm: [0; 4],
            key: 0,
        }
    }

    /// The mean value for seat index `s`.
    fn mean(&self, s: usize) -> f32 {
        (self.sum[s] / f64::from(self.visits.max(1))) as f32
    }

    fn edges(&self) -> std::ops::Range<usize> {
        self.first as usize..self.first as usize + usize::from(self.len)
    }
}

/// A move of a node.
#[derive(Clone, Copy, Debug)]
struct Edge {
    mv: Move,
    /// Its share of the exploration, 0 to 1 (the node's priors sum to 1).
    prior: f32,
    /// Every seat's chance after the move by the evaluation (its value until visited).
    q: Packed,
    /// The node after the move, 0 until it is visited (the root is nobody's child).
    child: u32,
}

/// What one search needs besides the tree: the weights, the settings, the positions that
/// count as repetitions, and the perturbation of the priors (levels and helper threads).
pub(crate) struct Ctx<'a> {
    pub(crate) params: &'a EvalParams,
    pub(crate) sp: &'a SearchParams,
    /// Keys of the positions the game went through before the root, sorted.
    pub(crate) history: &'a [u64],
    /// Noise on the mover's log-chance of each move, in thousandths of a logit either way.
    pub(crate) noise: i32,
    /// Seed of that noise.
    pub(crate) seed: u64,
    /// The only root moves to search ([`crate::Limits::searchmoves`]), when set; at least
    /// one of them is legal.
    pub(crate) only: Option<&'a [Move]>,
    /// The share of the best other chance that a mover's selection takes off its own
    /// ([`crate::params::MCTS_LEADER_AVERSION`] of the kind of game, over 1000): 0 skips
    /// it; any setting is finite (from a `u32`), so scores never become NaN.
    pub(crate) aversion: f32,
}

/// The search tree: nodes and edges in two arenas, the root at node 0.
#[derive(Debug, Default)]
pub(crate) struct Tree {
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    /// Most bytes the arenas may hold.
    capacity: usize,
    /// Scratch list of an expansion: (move, mover's log-chance, values).
    scratch: Vec<(Move, i32, Values)>,
    /// Positions after walls of an expansion (see `exposure`).
    afters: exposure::Afters,
    /// Keys of the positions on the current line.
    line: Vec<u64>,
    /// The positions of the nodes visited at least [`KEEP_POSITION_AFTER`] times, so that
    /// an iteration plays only the moves below the deepest of them on its line.
    positions: Vec<Position>,
    /// The moves of the current line since its deepest kept position (or the root).
    since: Vec<Move>,
    /// Whether the root's moves were cut to some of them: the tree is then not kept for
    /// the next search.
    filtered: bool,
    /// The first expanded node of each position below the root and the value its
    /// expansion gave, by key: a position reached again by another order of the same moves
    /// (a transposition) copies its moves, priors and values instead of computing them
    /// again.
    expanded: HashMap<u64, (u32, Values), BuildHasherDefault<KeyHasher>>,
}

/// A hasher of positions' keys, which are random already: the key itself.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// Bytes a slot of [`Tree::expanded`] takes: the key, the node, its value and a control
/// byte.
const EXPANDED_SLOT: usize = size_of::<(u64, (u32, Values))>() + 1;

/// Bytes a table of expansions that holds `entries` takes: a power of two of slots, at most
/// seven eighths of them full (the standard library's table).
fn expanded_bytes(entries: usize) -> usize {
    if entries == 0 {
        return 0;
    }
    entries.saturating_mul(8).div_ceil(7).next_power_of_two().saturating_mul(EXPANDED_SLOT)
}

/// Visits after which a node's position is kept: the iterations through it then start
/// from it instead of playing the moves from the root (a wall played can mean a new
/// shortest path for every player).
const KEEP_POSITION_AFTER: u32 = 8;

/// What one iteration did.
pub(crate) struct Playout {
    /// Plies from the root to the node it added (or the terminal node it reached).
    pub(crate) depth: u32,
    /// False when the tree is full: nothing was done.
    pub(crate) grew: bool,
    /// Whether a node was added (not when the line ended in a finished game of the tree).
    pub(crate) new_node: bool,
}

impl Tree {
    /// Forgets every node.
    pub(crate) fn clear(&mut self) {
        self.nodes.clear();
        self.edges.clear();
        self.positions.clear();
        self.expanded.clear();
    }

    /// Bytes the arenas hold now.
    fn bytes(&self) -> usize {
        self.nodes.len() * size_of::<Node>()
            + self.edges.len() * size_of::<Edge>()
            + self.positions.len() * size_of::<Position>()
            + expanded_bytes(self.expanded.capacity())
    }

    /// Whether a node with `edges` more edges fits: within the capacity, and in memory that
    /// the system gives (a refused allocation counts as a full tree, not an abort: in a
    /// browser's WebAssembly memory the capacity may not be there to have).
    fn fits(&mut self, edges: usize) -> bool {
        self.bytes() + size_of::<Node>() + edges * size_of::<Edge>() <= self.capacity
            && reserve(&mut self.nodes, 1, self.capacity)
            && reserve(&mut self.edges, edges, self.capacity)
    }

    /// Makes `pos` the root: the node of `pos` within `max_plies` of the old root keeps its
    /// subtree (when `reuse`); otherwise a new tree. `capacity` bounds the arenas' bytes.
    pub(crate) fn start(&mut self, ctx: &Ctx<'_>, pos: &Position, reuse: bool, capacity: usize) {
        self.capacity = capacity.max(64 * 1024);
        let max_plies = pos.active_seats().count();
        if reuse && !self.filtered && ctx.only.is_none() && self.reroot(pos.zobrist(), max_plies) {
            return;
        }
        self.clear();
        self.filtered = ctx.only.is_some();
        self.nodes.push(Node::new());
        let v = self.expand(ctx, 0, pos, true);
        let root = &mut self.nodes[0];
        root.key = pos.zobrist();
        root.visits = 1;
        root.sum = v.map(f64::from);
    }

    /// Makes the node of `key` at most `max_plies` below the root the new root, with its
    /// subtree (copied breadth first into new arenas); false when there is none.
    fn reroot(&mut self, key: u64, max_plies: usize) -> bool {
        let Some(root) = self.find(key, max_plies) else { return false };
        let (mut nodes, mut edges) = (Vec::new(), Vec::new());
        if nodes.try_reserve_exact(self.nodes.len()).is_err()
            || edges.try_reserve_exact(self.edges.len()).is_err()
        {
            return false;
        }
        // The kept positions are not carried over: their nodes keep them again when
        // visited.
        self.positions.clear();
        nodes.push(Node { pos: 0, ..self.nodes[root] });
        let mut i = 0;
        while i < nodes.len() {
            let old = nodes[i];
            let first = edges.len() as u32;
            for e in old.edges() {
                let mut edge = self.edges[e];
                if edge.child != 0 {
                    nodes.push(Node { pos: 0, ..self.nodes[edge.child as usize] });
                    edge.child = (nodes.len() - 1) as u32;
                }
                edges.push(edge);
            }
            nodes[i].first = first;
            i += 1;
        }
        self.nodes = nodes;
        self.edges = edges;
        // The table names the nodes of the kept subtree (an expansion's value depends on
        // its position alone).
        let before = std::mem::take(&mut self.expanded);
        for id in 1..self.nodes.len() {
            let n = self.nodes[id];
            if n.terminal || n.len == 0 {
                continue;
            }
            let Some(&(_, value)) = before.get(&n.key) else { continue };
            if !self.remember_expanded(n.key, id, value) {
                break;
            }
        }
        true
    }

    /// Remembers node `id`, whose expansion gave `value`, as the expansion of the position
    /// `key`, unless one is known; false when the table cannot grow (within the capacity,
    /// in memory the system gives).
    fn remember_expanded(&mut self, key: u64, id: usize, value: Values) -> bool {
        if self.expanded.contains_key(&key) {
            return true;
        }
        let had = self.expanded.capacity();
        if self.expanded.len() == had {
            // Doubled, within the capacity.
            let grown = expanded_bytes(had.saturating_mul(2).max(64));
            if self.bytes() - expanded_bytes(had) + grown > self.capacity
                || self.expanded.try_reserve(had.max(64)).is_err()
            {
                return false;
            }
        }
        self.expanded.insert(key, (id as u32, value));
        true
    }

    /// Expands node `id` as a copy of the expanded node `from` of the same position, whose
    /// expansion gave `value` (its moves, priors and values; no children); returns
    /// `value`. The edges' room is reserved ([`Tree::fits`]).
    fn expand_as(&mut self, id: usize, from: usize, value: Values) -> Values {
        let src = self.nodes[from];
        let first = self.edges.len();
        for e in src.edges() {
            let edge = Edge { child: 0, ..self.edges[e] };
            self.edges.push(edge);
        }
        let node = &mut self.nodes[id];
        node.first = first as u32;
        node.len = src.len;
        node.mover = src.mover;
        node.imm = pack(value);
        value
    }

    /// The expanded node of `key` at most `max_plies` below the root, breadth first.
    fn find(&self, key: u64, max_plies: usize) -> Option<usize> {
        if self.nodes.is_empty() {
            return None;
        }
        let mut level = vec![0usize];
        for _ in 0..=max_plies {
            let mut next = Vec::new();
            for &id in &level {
                let n = &self.nodes[id];
                if n.key == key && !n.terminal && n.len > 0 {
                    return Some(id);
                }
                next.extend(
                    self.edges[n.edges()].iter().filter(|e| e.child != 0).map(|e| e.child as usize),
                );
            }
            if next.is_empty() {
                break;
            }
            level = next;
        }
        None
    }

    /// One iteration from the root position `root`: down the tree by PUCT to a move not
    /// yet visited, its node added (expanded, or scored when the game ends there or a
    /// position repeats), and its value backed up the line.
    pub(crate) fn iterate(&mut self, ctx: &Ctx<'_>, root: &Position) -> Playout {
        let mut path: Vec<u32> = Vec::with_capacity(32);
        path.push(0);
        self.line.clear();
        self.line.push(root.zobrist());
        // The line's position is played only where it is needed: from the deepest kept
        // position passed (`base`, or the root), the moves `since`.
        let mut base: Option<usize> = None;
        self.since.clear();
        let mut node = 0usize;
        let value = loop {
            let nd = self.nodes[node];
            if nd.terminal || nd.len == 0 {
                let v = unpack(nd.imm);
                self.back_up(ctx, &path, v);
                return Playout { depth: path.len() as u32 - 1, grew: true, new_node: false };
            }
            let e = self.select(ctx, &nd);
            let edge = self.edges[e];
            if edge.child != 0 {
                node = edge.child as usize;
                path.push(edge.child);
                let child = self.nodes[node];
                self.line.push(child.key);
                if child.pos != 0 {
                    base = Some(child.pos as usize - 1);
                    self.since.clear();
                } else {
                    self.since.push(edge.mv);
                    if child.visits >= KEEP_POSITION_AFTER
                        && !child.terminal
                        && self.fits_position()
                    {
                        let p = self.line_position(root, base);
                        self.positions.push(p);
                        self.nodes[node].pos = self.positions.len() as u32;
                        base = Some(self.positions.len() - 1);
                        self.since.clear();
                    }
                }
                continue;
            }
            // A move not visited yet: its node.
            if !self.fits(expand::most_edges(ctx.sp)) {
                return Playout { depth: path.len() as u32, grew: false, new_node: false };
            }
            let mut pos = self.line_position(root, base);
            pos.play_unchecked(edge.mv);
            let id = self.nodes.len();
            self.nodes.push(Node::new());
            self.edges[e].child = id as u32;
            path.push(id as u32);
            let key = pos.zobrist();
            let of_game = ctx.history.binary_search(&key).is_ok();
            let repeated = of_game || self.line.contains(&key);
            let n = &mut self.nodes[id];
            n.key = key;
            n.mover = pos.turn().index() as u8;
            let v = if let Some(o) = pos.outcome() {
                n.terminal = true;
                outcome_values(o)
            } else if repeated {
                n.terminal = true;
                if ctx.aversion == 0.0 || !of_game {
                    // As a draw at the ply limit: nobody wins.
                    [0.0; 4]
                } else {
                    // With the aversion a draw would be a refuge for a trailing seat:
                    // bringing a position back counts as handing the game to the
                    // leader among the others (by the evaluation after the move).
                    let me = usize::from(nd.mover);
                    let lead = (0..4).filter(|&s| s != me).max_by_key(|&s| edge.q[s]);
                    let mut v = [0.0; 4];
                    if let Some(s) = lead {
                        v[s] = 1.0;
                    }
                    v
                }
            } else if let Some(&(from, value)) = self.expanded.get(&key) {
                self.expand_as(id, from as usize, value)
            } else {
                let v = self.expand(ctx, id, &pos, false);
                self.remember_expanded(key, id, v);
                v
            };
            if self.nodes[id].terminal {
                self.nodes[id].imm = pack(v);
            }
            break v;
        };
        self.back_up(ctx, &path, value);
        Playout { depth: path.len() as u32 - 1, grew: true, new_node: true }
    }

    /// The position of the current line: the kept position `base` (the root when `None`)
    /// with the moves since it played.
    fn line_position(&self, root: &Position, base: Option<usize>) -> Position {
        let mut pos = base.map_or(*root, |b| self.positions[b]);
        for &m in &self.since {
            pos.play_unchecked(m);
        }
        pos
    }

    /// Whether one more kept position fits within the capacity, in memory that the system
    /// gives.
    fn fits_position(&mut self) -> bool {
        self.bytes() + size_of::<Position>() <= self.capacity
            && reserve(&mut self.positions, 1, self.capacity)
    }

    /// The edge of node `nd` that PUCT picks for its mover.
    fn select(&self, ctx: &Ctx<'_>, nd: &Node) -> usize {
        let me = usize::from(nd.mover);
        let c = ctx.sp.mcts_c_puct as f32 / 100.0;
        let imm = ctx.sp.mcts_implicit as f32 / 100.0;
        let explore = c * (nd.visits as f32).sqrt();
        let mut best = nd.first as usize;
        let mut best_score = f32::NEG_INFINITY;
        for e in nd.edges() {
            let edge = &self.edges[e];
            let (q, n) = if edge.child == 0 {
                let q = f32::from(edge.q[me]) / Q_ONE;
                if ctx.aversion == 0.0 {
                    (q, 0)
                } else {
                    let lead = (0..4).filter(|&s| s != me).map(|s| edge.q[s]).max().unwrap_or(0);
                    (q - ctx.aversion * f32::from(lead) / Q_ONE, 0)
                }
            } else {
                let child = &self.nodes[edge.child as usize];
                let mean = child.mean(me);
                let implicit = f32::from(child.imm[me]) / Q_ONE;
                let mut q = mean + imm * (implicit - mean);
                if ctx.aversion != 0.0 {
                    q -= ctx.aversion
                        * (0..4).filter(|&s| s != me).map(|s| child.mean(s)).fold(0.0, f32::max);
                }
                (q, child.visits)
            };
            let score = q + explore * edge.prior / (n as f32 + 1.0);
            if score > best_score {
                best_score = score;
                best = e;
            }
        }
        best
    }

    /// Adds `value` to every node of `path`, and brings their max^n values up to date from
    /// the leaf up.
    fn back_up(&mut self, ctx: &Ctx<'_>, path: &[u32], value: Values) {
        for (k, &id) in path.iter().enumerate().rev() {
            let id = id as usize;
            if ctx.sp.mcts_implicit > 0 && k + 1 < path.len() {
                self.nodes[id].imm = self.best_child_values(id);
            }
            let n = &mut self.nodes[id];
            n.visits = n.visits.saturating_add(1);
            for (s, v) in n.sum.iter_mut().zip(value) {
                *s += f64::from(v);
            }
        }
    }

    /// The max^n value of node `id`: its mover's best child's (visited: its subtree's;
    /// not yet: the evaluation's).
    fn best_child_values(&self, id: usize) -> Packed {
        let nd = &self.nodes[id];
        let me = usize::from(nd.mover);
        let mut best = nd.imm;
        let mut best_q = None;
        for e in nd.edges() {
            let edge = &self.edges[e];
            let v = if edge.child == 0 { edge.q } else { self.nodes[edge.child as usize].imm };
            if best_q.is_none_or(|b| v[me] > b) {
                best_q = Some(v[me]);
                best = v;
            }
        }
        best
    }

    /// The root's moves, most visited first (then by value for the root's mover): each
    /// with its visits and the mover's mean value.
    pub(crate) fn root_moves(&self) -> Vec<(Move, u32, f32)> {
        let Some(root) = self.nodes.first() else { return Vec::new() };
        let me = usize::from(root.mover);
        let mut moves: Vec<(Move, u32, f32)> = self.edges[root.edges()]
            .iter()
            .map(|e| match e.child {
                0 => (e.mv, 0, f32::from(e.q[me]) / Q_ONE),
                c => {
                    let child = &self.nodes[c as usize];
                    (e.mv, child.visits, child.mean(me))
                }
            })
            .collect();
        moves.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
        moves
    }

    /// The line of most visited moves from the root's move `first`, at most `max` moves.
    pub(crate) fn line_from(&self, first: Move, max: usize) -> Vec<Move> {
        let mut line = vec![first];
        let Some(root) = self.nodes.first() else { return line };
        let Some(edge) = self.edges[root.edges()].iter().find(|e| e.mv == first) else {
            return line;
        };
        let mut node = edge.child as usize;
        while node != 0 && line.len() < max {
            let nd = &self.nodes[node];
            let best = self.edges[nd.edges()]
                .iter()
                .filter(|e| e.child != 0)
                .max_by_key(|e| self.nodes[e.child as usize].visits);
            let Some(e) = best else { break };
            line.push(e.mv);
            node = e.child as usize;
        }
        line
    }
}

/// Every seat's value at the end of a game: 1 for the winner; a draw leaves nobody a chance.
fn outcome_values(o: Outcome) -> Values {
    let mut v = [0.0; 4];
    if let Outcome::Winner(s) = o {
        v[s.index()] = 1.0;
    }
    v
}

/// Room for `more` items in `arena`, growing it by doubling but never past `capacity`
/// bytes; false when the allocation is refused.
fn reserve<T>(arena: &mut Vec<T>, more: usize, capacity: usize) -> bool {
    let needed = arena.len().saturating_add(more);
    if needed <= arena.capacity() {
        return true;
    }
    let most = capacity / size_of::<T>().max(1);
    let target = arena.capacity().saturating_mul(2).max(64).min(most).max(needed);
    arena.try_reserve_exact(target - arena.len()).is_ok()
}

#[cfg(test)]
mod tests;
