//! One game's search tree, in plain Rust: PUCT selection with virtual loss, expansion from an
//! evaluator's priors and values, backup, and the root's Dirichlet noise.
//!
//! Values are kept per seat (four numbers, the seats not in the game unused), so that the
//! same tree serves two players (zero-sum: the opponent's value is the negation) and three or
//! four (each player maximises its own value, max^n). Every edge holds the sum of the values
//! backed up through it and its visit count; a node's side to move picks the edge that
//! maximises its own mean value plus the exploration term.

use std::collections::TryReserveError;

use quoridor_core::action::ActionMap;
use quoridor_core::observation::reward;
use quoridor_core::{Move, Position, Seat};

use crate::rng::Rng;

/// A value for each seat (index 0-3).
pub(crate) type Values = [f32; 4];

/// No child node yet.
const NONE: u32 = u32::MAX;

/// The search's settings (checked by the Python layer).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Params {
    pub(crate) c_puct: f32,
    pub(crate) virtual_loss: f32,
    pub(crate) fpu_reduction: f32,
    pub(crate) dirichlet_alpha: f64,
    pub(crate) dirichlet_fraction: f32,
}

/// A move from a node.
#[derive(Clone, Copy, Debug)]
struct Edge {
    /// Its id seen from the node's side to move.
    action: u16,
    mv: Move,
    prior: f32,
    /// Visits backed up.
    visits: u32,
    /// Visits on their way (selected, waiting for the evaluator).
    pending: u32,
    /// The sum of the values backed up, per seat.
    value: Values,
    child: u32,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum State {
    /// Not evaluated yet.
    New,
    /// Selected in this round, waiting for the evaluator.
    Waiting,
    /// Evaluated: its edges are `first..first + len`.
    Expanded,
    /// The game is over here: every seat's reward.
    Over(Values),
}

#[derive(Clone, Copy, Debug)]
struct Node {
    pos: Position,
    state: State,
    first: u32,
    len: u32,
    /// The evaluator's values here (the first-play urgency of unvisited edges).
    eval: Values,
}

/// What a selection reached.
pub(crate) enum Leaf {
    /// A node to evaluate (index), reached by the edges in the tree's path.
    New(u32),
    /// A finished game: its values were backed up at once.
    Over,
    /// A node another selection of this round waits for: the path was taken back.
    Collision,
}

/// The tree of one game.
pub(crate) struct Tree {
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    /// The edges of the last selection, root first.
    path: Vec<u32>,
    /// Simulations backed up (the root's evaluation not counted).
    pub(crate) done: u32,
    /// Simulations on their way.
    pub(crate) waiting: u32,
}

/// Every seat's reward in a finished game.
fn outcome_values(pos: &Position) -> Values {
    let mut v = [0.0; 4];
    for s in pos.seats() {
        v[s.index()] = f32::from(reward(pos, s));
    }
    v
}

/// Per-seat values from the evaluator's numbers for a position whose side to move is `turn`:
/// one number (the side to move's value; in two-player games the opponent's is its negation,
/// with more players the others share its opposite) or one per observation slot.
pub(crate) fn leaf_values(pos: &Position, given: &[f32]) -> Values {
    let turn = pos.turn();
    let mut v = [0.0; 4];
    for s in pos.seats() {
        if !pos.is_active(s) {
            v[s.index()] = -1.0;
        }
    }
    if let [x] = given {
        let others = pos.active_seats().filter(|&s| s != turn).count().max(1) as f32;
        for s in pos.active_seats() {
            v[s.index()] = if s == turn { *x } else { -x / others };
        }
    } else {
        let two = given.len() == 2;
        for (slot, &x) in given.iter().enumerate() {
            let offset = if two { 2 * slot } else { slot };
            let seat = Seat::ALL[(turn.index() + offset) % 4];
            if pos.is_active(seat) {
                v[seat.index()] = x;
            }
        }
    }
    v
}

impl Tree {
    /// A tree whose root is `pos` (a game that goes on).
    pub(crate) fn new(pos: Position) -> Tree {
        let root = Node { pos, state: State::New, first: 0, len: 0, eval: [0.0; 4] };
        Tree { nodes: vec![root], edges: Vec::new(), path: Vec::new(), done: 0, waiting: 0 }
    }

    pub(crate) fn position(&self, node: u32) -> &Position {
        &self.nodes[node as usize].pos
    }

    pub(crate) fn root_expanded(&self) -> bool {
        self.nodes[0].state == State::Expanded
    }

    /// The edge to follow from `node` (expanded, with edges): the side to move's mean value
    /// (pending visits counted as losses of `virtual_loss`) plus the PUCT term.
    fn choose(&self, node: &Node, p: &Params) -> u32 {
        let me = node.pos.turn().index();
        let edges = &self.edges[node.first as usize..(node.first + node.len) as usize];
        let total: u32 = edges.iter().map(|e| e.visits + e.pending).sum();
        let sqrt_total = (total.max(1) as f32).sqrt();
        let fpu = node.eval[me] - p.fpu_reduction;
        let mut best = (f32::NEG_INFINITY, 0);
        for (k, e) in edges.iter().enumerate() {
            let n = e.visits + e.pending;
            let q = if n == 0 {
                fpu
            } else {
                (e.value[me] - p.virtual_loss * e.pending as f32) / n as f32
            };
            let score = q + p.c_puct * e.prior * sqrt_total / (1 + n) as f32;
            if score > best.0 {
                best = (score, k as u32);
            }
        }
        node.first + best.1
    }

    /// Walks from the root to a leaf, adding a pending visit to every edge on the way, and
    /// creating the node at the end when it is new.
    pub(crate) fn select(&mut self, p: &Params) -> Result<Leaf, TryReserveError> {
        self.path.clear();
        let mut at = 0u32;
        loop {
            let node = self.nodes[at as usize];
            match node.state {
                State::New => {
                    self.nodes[at as usize].state = State::Waiting;
                    self.waiting += 1;
                    return Ok(Leaf::New(at));
                }
                State::Waiting => {
                    for &e in &self.path {
                        self.edges[e as usize].pending -= 1;
                    }
                    return Ok(Leaf::Collision);
                }
                State::Over(v) => {
                    self.backup(v, false);
                    return Ok(Leaf::Over);
                }
                State::Expanded => {
                    let e = self.choose(&node, p);
                    self.path.push(e);
                    let edge = &mut self.edges[e as usize];
                    edge.pending += 1;
                    if edge.child == NONE {
                        let mut pos = node.pos;
                        pos.play_unchecked(edge.mv);
                        let state = if pos.is_game_over() {
                            State::Over(outcome_values(&pos))
                        } else {
                            State::New
                        };
                        self.nodes.try_reserve(1)?;
                        edge.child = self.nodes.len() as u32;
                        self.nodes.push(Node { pos, state, first: 0, len: 0, eval: [0.0; 4] });
                    }
                    at = edge.child;
                }
            }
        }
    }

    /// Backs `v` up the last path: one more visit on every edge, its pending one taken back;
    /// `waited` when the leaf was waiting for the evaluator.
    fn backup(&mut self, v: Values, waited: bool) {
        for &e in &self.path {
            let edge = &mut self.edges[e as usize];
            edge.pending -= 1;
            edge.visits += 1;
            for (sum, x) in edge.value.iter_mut().zip(v) {
                *sum += x;
            }
        }
        if !self.path.is_empty() {
            self.done += 1;
        }
        if waited {
            self.waiting -= 1;
        }
    }

    /// Expands the leaf `node` with the evaluator's `policy` (one number per action id, seen
    /// from the side to move; non-negative, finite) and `values` (per seat), then backs the
    /// values up along `path` (the edges that led to it in the round's selection).
    pub(crate) fn expand(
        &mut self,
        node: u32,
        path: &[u32],
        policy: &[f32],
        values: Values,
    ) -> Result<(), TryReserveError> {
        let n = &self.nodes[node as usize];
        let pos = n.pos;
        let map = ActionMap::new(pos.size(), pos.turn());
        let moves = pos.legal_moves();
        self.edges.try_reserve(moves.len())?;
        let first = self.edges.len() as u32;
        let mut sum = 0.0f32;
        for &mv in moves.iter() {
            let action = map.action(mv).unwrap_or(0);
            let prior = policy[action];
            sum += prior;
            self.edges.push(Edge {
                action: action as u16,
                mv,
                prior,
                visits: 0,
                pending: 0,
                value: [0.0; 4],
                child: NONE,
            });
        }
        let edges = &mut self.edges[first as usize..];
        if sum > 0.0 && sum.is_finite() {
            edges.iter_mut().for_each(|e| e.prior /= sum);
        } else {
            let uniform = 1.0 / edges.len().max(1) as f32;
            edges.iter_mut().for_each(|e| e.prior = uniform);
        }
        let n = &mut self.nodes[node as usize];
        n.first = first;
        n.len = moves.len() as u32;
        n.state = State::Expanded;
        n.eval = values;
        self.path.clear();
        self.path.extend_from_slice(path);
        self.backup(values, true);
        Ok(())
    }

    /// The path of the last selection (to keep with its leaf until the evaluator answers).
    pub(crate) fn path(&self) -> &[u32] {
        &self.path
    }

    /// Mixes Dirichlet noise into the root's priors: `(1 - fraction) P + fraction Dir(alpha)`.
    pub(crate) fn add_noise(&mut self, p: &Params, rng: &mut Rng) {
        let root = self.nodes[0];
        if root.state != State::Expanded || root.len == 0 || p.dirichlet_fraction == 0.0 {
            return;
        }
        let mut noise = vec![0.0f64; root.len as usize];
        rng.dirichlet(p.dirichlet_alpha, &mut noise);
        let f = p.dirichlet_fraction;
        let edges = &mut self.edges[root.first as usize..(root.first + root.len) as usize];
        for (e, x) in edges.iter_mut().zip(noise) {
            e.prior = (1.0 - f) * e.prior + f * x as f32;
        }
    }

    /// The root's statistics by action id (seen from its side to move): visits, priors and
    /// mean values (NaN where not visited), and the root's mean value for its side to move
    /// (its own evaluation and every simulation's).
    pub(crate) fn root_stats(&self, visits: &mut [i32], prior: &mut [f32], q: &mut [f32]) -> f32 {
        let root = &self.nodes[0];
        let me = root.pos.turn().index();
        let edges = &self.edges[root.first as usize..(root.first + root.len) as usize];
        let (mut sum, mut n) = (root.eval[me], 1u32);
        for e in edges {
            let a = usize::from(e.action);
            visits[a] = e.visits as i32;
            prior[a] = e.prior;
            q[a] = if e.visits > 0 { e.value[me] / e.visits as f32 } else { f32::NAN };
            sum += e.value[me];
            n += e.visits;
        }
        sum / n as f32
    }
}
