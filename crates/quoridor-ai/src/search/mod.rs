//! The search: iterative deepening negamax with alpha-beta, principal variation search,
//! aspiration windows, a transposition table, killer and history ordering, late move
//! reductions and pruning, a null move, and exact race tables once the walls are gone.
//! `docs/ai.md` describes every rule; this module holds the thread that runs them.
//!
//! One concern per file:
//! - `mod.rs`: [`Worker`], one search thread, its state grouped by lifetime (what it
//!   learns across searches, its settings, this search's budget, root and line), and the
//!   small steps every node takes (counting, the child call, the principal variation);
//! - `driver`: iterative deepening, aspiration windows and the time rules;
//! - `root`: the root's move loop, the exact race and tablebases at the root, the
//!   principal variation;
//! - `node`: a node below the root: its bounds, the table, the move loop;
//! - `prune`: the pruning and reduction decisions (reverse futility, null move, late
//!   moves);
//! - `values`: static values of leaves (the evaluation seen from the root's team, its noise,
//!   the network's sums);
//! - `maxn`: the max^n search of `MultiSearch::MaxN`;
//! - `multipv`: the pass after a search that gives the next best root moves their exact
//!   scores (multi-PV).
//!
//! Move generation and ordering (`crate::movepick`, `crate::replies`, `crate::ordering`)
//! know nothing of the search: the worker hands them its heuristics and settings.
//!
//! # Two players
//! Every legal move is searched at every node (full width), walls that cut no opponent's
//! path after the others; quiet walls are reduced and pruned late in the order.
//!
//! # Three and four players: reply layers
//! Between two moves of the root player, a *reply layer* plays one move of every opponent
//! ([`crate::params::MultiSearch`]): by default the opponent nearest its goal gives its
//! best reply against the root player and the others make their likely move (a step along
//! their shortest path). The tree then has two sides, so alpha-beta, the table and the
//! reductions apply; in negamax form a node's score is from the view of its mover's team
//! (the root player, or its opponents), and the sign flips between the two. `MaxN` runs
//! max^n instead (`maxn`).

mod driver;
mod maxn;
mod multipv;
mod node;
mod prune;
mod root;
mod values;

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use quoridor_core::{Position, Seat, WallSet};

use crate::movepick::{self, Buf, MoveGen};
use crate::net::Accumulators;
use crate::one_wall::OneWallTable;
use crate::ordering::Heuristics;
use crate::params::{CHECK_EVERY, EvalParams, MAX_PLY, SearchParams, WIN, WIN_BOUND};
use crate::race::RaceTable;
use crate::tablebase::Tablebase;
use crate::time::Instant;
use crate::tt::Tt;

pub(crate) use multipv::{PassLimits, more_lines};

/// Beyond every score: the window of a search without bounds.
pub(crate) const INF: i32 = WIN + 1;

/// What the threads of one search share besides the table.
#[derive(Default)]
pub(crate) struct Shared {
    /// Raised when the main thread is done: the helpers stop.
    pub(crate) halt: AtomicBool,
    /// Nodes the helpers have counted so far (published every `CHECK_EVERY` nodes).
    pub(crate) helper_nodes: AtomicU64,
    /// Makes every helper panic as it starts, as a bug would (for the tests).
    #[cfg(test)]
    pub(crate) fail_helpers: AtomicBool,
}

/// One search thread: its own history, killers, race tables and stacks; the table is shared.
pub(crate) struct Worker {
    /// 0 for the main thread.
    pub(crate) id: usize,
    pub(crate) tt: Arc<Tt>,
    pub(crate) shared: Arc<Shared>,
    /// What the thread learns from one search to the next.
    pub(crate) heur: Heuristics,
    pub(crate) races: HashMap<(u8, WallSet), RaceTable>,
    /// The last table of "one wall against none" built at the root (it serves until the
    /// wall is placed).
    pub(crate) one_wall: Option<OneWallTable>,
    /// How it searches and evaluates.
    pub(crate) settings: Settings,
    /// This search's limits and node counts.
    pub(crate) budget: Budget,
    /// This search's root.
    pub(crate) root: Root,
    /// The line being searched, ply by ply.
    pub(crate) line: Line,
    /// The tree of the tree search (three and four players), kept for the next search.
    pub(crate) tree: crate::mcts::Tree,
    /// Walls' threats by a hash of the walls and the pawns (the hash's high bits and the
    /// threat in the low byte; see [`Worker::wall_threat`]).
    /// Made on first use (the threats are off as shipped); atomic only so that the engine
    /// stays `Sync`: each worker reads and writes its own.
    pub(crate) threat_cache: std::sync::OnceLock<Vec<AtomicU64>>,
}

/// A worker's settings, kept from one search to the next.
#[derive(Clone)]
pub(crate) struct Settings {
    /// The seed of the evaluation noise.
    pub(crate) seed: u64,
    /// Evaluation noise, in centi-steps either way (the lower levels).
    pub(crate) noise: i32,
    /// The evaluation's weights with the walls scaled for the tree search
    /// ([`crate::params::MCTS_WALLS_SCALE`]) ...
    pub(crate) params: EvalParams,
    /// ... and with the walls scaled for the alpha-beta searches
    /// ([`crate::params::MULTI_WALLS_SCALE`]; the same for two players).
    pub(crate) ab_params: EvalParams,
    pub(crate) sparams: SearchParams,
    /// Exact tables probed at the root and at the nodes ([`crate::Engine::add_tablebase`]).
    pub(crate) tablebases: Vec<Arc<Tablebase>>,
}

impl Settings {
    /// Replaces the evaluation's weights.
    pub(crate) fn set_params(&mut self, params: EvalParams) {
        self.ab_params = params.with_scaled_walls(crate::params::MULTI_WALLS_SCALE);
        self.params = params.with_scaled_walls(crate::params::MCTS_WALLS_SCALE);
    }
}

/// The limits of one search and the nodes counted against them.
pub(crate) struct Budget {
    pub(crate) nodes: u64,
    /// Nodes already added to `Shared::helper_nodes` (helpers).
    pub(crate) published: u64,
    pub(crate) node_limit: u64,
    pub(crate) deadline: Option<Instant>,
    pub(crate) stop: Option<Arc<AtomicBool>>,
    /// Set when a limit is reached: every node returns at once.
    pub(crate) aborted: bool,
}

/// The root of one search.
pub(crate) struct Root {
    /// The root player.
    pub(crate) seat: Seat,
    /// The root position's ply count: win and loss scores count the plies played from it.
    pub(crate) ply: u32,
    /// Xored into table keys in three- and four-player games, whose scores depend on who
    /// the root player is.
    pub(crate) key: u64,
    /// Keys of the positions the game went through before the root, sorted (set by
    /// [`crate::Engine::search_game`]; empty otherwise).
    pub(crate) history: Vec<u64>,
}

/// The current line, ply by ply: principal variations, null moves, the network's sums and
/// the move buffers (kept so that no search allocates).
pub(crate) struct Line {
    pub(crate) pv: Vec<[u16; MAX_PLY + 1]>,
    pub(crate) pv_len: [usize; MAX_PLY + 1],
    /// Whether the move into each ply was a null move.
    pub(crate) null_at: [bool; MAX_PLY + 2],
    /// Whether the evaluation network applies to this search's positions ...
    pub(crate) net_on: bool,
    /// ... and its sums at each ply of the current line, kept up to date move by move.
    pub(crate) nets: Vec<Accumulators>,
    pub(crate) bufs: Vec<Buf>,
}

impl Worker {
    pub(crate) fn new(id: usize, tt: &Arc<Tt>, shared: &Arc<Shared>, seed: u64) -> Worker {
        Worker {
            id,
            tt: Arc::clone(tt),
            shared: Arc::clone(shared),
            heur: Heuristics::new(),
            races: HashMap::new(),
            one_wall: None,
            threat_cache: std::sync::OnceLock::new(),
            settings: Settings {
                seed,
                noise: 0,
                params: EvalParams::default().with_scaled_walls(crate::params::MCTS_WALLS_SCALE),
                ab_params: EvalParams::default()
                    .with_scaled_walls(crate::params::MULTI_WALLS_SCALE),
                sparams: SearchParams::default(),
                tablebases: Vec::new(),
            },
            budget: Budget {
                nodes: 0,
                published: 0,
                node_limit: u64::MAX,
                deadline: None,
                stop: None,
                aborted: false,
            },
            root: Root { seat: Seat::South, ply: 0, key: 0, history: Vec::new() },
            line: Line {
                pv: vec![[0; MAX_PLY + 1]; MAX_PLY + 1],
                pv_len: [0; MAX_PLY + 1],
                null_at: [false; MAX_PLY + 2],
                net_on: false,
                nets: vec![Accumulators::default(); MAX_PLY + 2],
                bufs: (0..=MAX_PLY + 1).map(|_| Buf::default()).collect(),
            },
            tree: crate::mcts::Tree::default(),
        }
    }

    /// Makes `ply`'s principal variation `code` followed by the next ply's.
    #[inline]
    pub(crate) fn set_pv(&mut self, ply: usize, code: u16) {
        let line = &mut self.line;
        let n = line.pv_len[ply + 1].min(MAX_PLY - ply);
        let (head, tail) = line.pv.split_at_mut(ply + 1);
        head[ply][ply] = code;
        head[ply][ply + 1..ply + 1 + n].copy_from_slice(&tail[0][ply + 1..ply + 1 + n]);
        line.pv_len[ply] = n + 1;
    }

    /// Plies played from the root to `pos` (the unit of win and loss scores).
    #[inline]
    pub(crate) fn dist(&self, pos: &Position) -> i32 {
        pos.ply().saturating_sub(self.root.ply).min(WIN_BOUND as u32 / 2) as i32
    }

    /// Whether `a` and `b` play on the same side of the tree: the root player against its
    /// opponents (every player for itself in max^n).
    #[inline]
    pub(crate) fn same_team(&self, a: Seat, b: Seat) -> bool {
        movepick::same_team(self.settings.sparams.multi, self.root.seat, a, b)
    }

    /// The move generator of this search, lent for one node.
    #[inline]
    pub(crate) fn movegen(&self) -> MoveGen<'_> {
        MoveGen {
            heur: &self.heur,
            root: self.root.seat,
            multi: self.settings.sparams.multi,
            min_wall_gain: self.settings.sparams.min_wall_gain,
        }
    }

    /// The negamax value of `child` for the parent's mover (`same`: whether the child's
    /// mover is on the parent's side).
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

    /// The value of a child searched `depth - 1` plies (principal variation search): the
    /// first move with the full window; the others with a null window and `reduction`
    /// plies less, again at full depth when they beat alpha, and with the full window at a
    /// principal-variation node when they land inside it.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn search_child(
        &mut self,
        child: &Position,
        same: bool,
        depth: i32,
        ply: usize,
        (alpha, beta): (i32, i32),
        first: bool,
        reduction: i32,
        pv_node: bool,
    ) -> i32 {
        if first {
            return self.child(child, same, depth - 1, ply, alpha, beta);
        }
        let mut v = self.child(child, same, depth - 1 - reduction, ply, alpha, alpha + 1);
        if reduction > 0 && v > alpha && !self.budget.aborted {
            v = self.child(child, same, depth - 1, ply, alpha, alpha + 1);
        }
        if pv_node && v > alpha && v < beta && !self.budget.aborted {
            v = self.child(child, same, depth - 1, ply, alpha, beta);
        }
        v
    }

    /// Counts a node and looks at the limits now and then; true when the search must stop.
    #[inline]
    pub(crate) fn count_node(&mut self) -> bool {
        let b = &mut self.budget;
        b.nodes += 1;
        if b.nodes >= b.node_limit {
            b.aborted = true;
        }
        if b.nodes % CHECK_EVERY == 0 {
            self.check_limits();
        }
        self.budget.aborted
    }

    fn check_limits(&mut self) {
        let b = &mut self.budget;
        if self.id > 0 {
            let new = b.nodes - b.published;
            self.shared.helper_nodes.fetch_add(new, Ordering::Relaxed);
            b.published = b.nodes;
            if self.shared.halt.load(Ordering::Relaxed) {
                b.aborted = true;
            }
        }
        if b.deadline.is_some_and(|d| Instant::now() >= d)
            || b.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
        {
            b.aborted = true;
        }
    }
}
