//! The solve: wall sets enumerated level by level (a level is the number of walls on the
//! board), then solved from the fullest level down to the root's, each layer reading only the
//! level above it.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use quoridor_core::{BoardSize, Config, Move, Outcome, Players, Position, Seat, Variant};

use crate::SolveError;
use crate::checkpoint::{self, RootId};
use crate::geometry::{Geometry, MAX_SIDE};
use crate::layer::{Exit, Graph, Scratch, state};
use crate::tablebase::Writer;
use crate::value::{Value, decode};

/// How a solve runs: a memory limit and a checkpoint directory.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct SolveOptions {
    /// The most bytes the tables may take; a solve that would need more stops before it
    /// starts, with [`SolveError::MemoryLimit`]. `None`: no limit.
    pub memory_limit: Option<u64>,
    /// A directory for checkpoints: every solved level is written there, and a solve of the
    /// same root resumes from the last level found. `None`: no checkpoints.
    pub checkpoint: Option<PathBuf>,
    /// A tablebase file to write: every level of the solve (every position that can
    /// follow the root, whatever the pawns and the side to move), for the engine and the
    /// analysis (`quoridor_ai::tablebase`). `None`: no file. It needs every level solved
    /// in one run, so it does not go with a checkpoint directory.
    pub tablebase: Option<PathBuf>,
}

impl SolveOptions {
    /// These options with a memory limit in bytes.
    #[must_use]
    pub fn with_memory_limit(mut self, bytes: Option<u64>) -> SolveOptions {
        self.memory_limit = bytes;
        self
    }

    /// These options with a tablebase file to write.
    #[must_use]
    pub fn with_tablebase(mut self, file: Option<PathBuf>) -> SolveOptions {
        self.tablebase = file;
        self
    }

    /// These options with a checkpoint directory.
    #[must_use]
    pub fn with_checkpoint(mut self, dir: Option<PathBuf>) -> SolveOptions {
        self.checkpoint = dir;
        self
    }
}

/// Where a solve is, for a progress line.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Progress {
    /// Walls on the board in the level being solved.
    pub level: usize,
    /// The root's level (the solve ends there).
    pub root_level: usize,
    /// Layers (wall set and walls in hand) solved in this level so far.
    pub layers_done: u64,
    /// Layers in this level.
    pub layers: u64,
    /// Time since the solve started.
    pub elapsed: Duration,
}

/// What a solve did.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Stats {
    /// Wall sets over all levels (up to left-right mirror).
    pub wall_sets: u64,
    /// Layers solved: wall set x walls in hand.
    pub layers: u64,
    /// States solved: layers x pawn squares x side to move.
    pub states: u64,
    /// Peak size of the tables in bytes (the two levels kept at a time and the wall sets).
    pub table_bytes: u64,
    /// The level a checkpoint resumed from, if any.
    pub resumed_from: Option<usize>,
    /// Wall-clock time.
    pub time: Duration,
    /// The size of the tablebase file written, in bytes (`None`: none was asked for).
    pub tablebase_bytes: Option<u64>,
}

/// The exact value of a position, a best move, and what the solve cost.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Solution {
    /// The value for the side to move.
    pub value: Value,
    /// A move that keeps the value (the fastest win, the slowest loss, or one that keeps the
    /// draw); `None` when the game is over.
    pub best: Option<Move>,
    /// The side to move.
    pub turn: Seat,
    /// Figures of the solve.
    pub stats: Stats,
}

/// One level: its wall sets (sorted canonical masks) and, once solved, one byte per state
/// of every layer, laid out `[wall set][split of walls in hand][state]`.
#[derive(Debug)]
pub(crate) struct Level {
    pub k: usize,
    pub sets: Vec<u128>,
    pub values: Vec<u8>,
}

/// The shape of a solve: its board, root and levels.
#[derive(Debug)]
pub(crate) struct Plan {
    pub geo: Geometry,
    pub hands: [u8; 2],
    pub root_level: usize,
    pub mirror_state: Vec<u32>,
    pub len: usize,
}

impl Plan {
    fn new(n: u8, hands: [u8; 2], root_level: usize) -> Plan {
        let geo = Geometry::new(n);
        let cells = geo.cells;
        let len = 2 * cells * cells;
        let mut mirror_state = vec![0u32; len];
        for side in 0..2 {
            for s in 0..cells {
                for t in 0..cells {
                    let m = |c: usize| usize::from(geo.mirror_cell[c]);
                    mirror_state[state(cells, side, s, t)] = state(cells, side, m(s), m(t)) as u32;
                }
            }
        }
        Plan { geo, hands, root_level, mirror_state, len }
    }

    /// Walls still in hand (both sides) at level `k`.
    fn in_hand(&self, k: usize) -> usize {
        usize::from(self.hands[0]) + usize::from(self.hands[1]) + self.root_level - k
    }

    /// South's walls in hand in the first split of level `k`, and the number of splits.
    pub fn splits(&self, k: usize) -> (usize, usize) {
        let t = self.in_hand(k);
        let lo = t.saturating_sub(usize::from(self.hands[1]));
        let hi = t.min(usize::from(self.hands[0]));
        (lo, hi + 1 - lo)
    }

    fn level_bytes(&self, k: usize, sets: usize) -> u64 {
        (sets * self.splits(k).1 * self.len) as u64
    }

    /// The byte of a state, if its wall set is in `level`.
    fn probe(
        &self,
        level: &Level,
        walls: u128,
        hands: [u8; 2],
        side: usize,
        s: usize,
        n: usize,
    ) -> Option<Value> {
        let (canon, mirrored) = self.geo.canonical(walls);
        let e = level.sets.binary_search(&canon).ok()?;
        let (lo, count) = self.splits(level.k);
        let j = usize::from(hands[0]).checked_sub(lo).filter(|&j| j < count)?;
        if usize::from(hands[0]) + usize::from(hands[1]) != self.in_hand(level.k) {
            return None;
        }
        let mut x = state(self.geo.cells, side, s, n);
        if mirrored {
            x = self.mirror_state[x] as usize;
        }
        Some(decode(level.values[(e * count + j) * self.len + x]))
    }
}

/// The wall sets of every level from the root's up, each up to mirror image.
fn enumerate(plan: &Plan, root: u128) -> Vec<Vec<u128>> {
    let geo = &plan.geo;
    let mut levels = vec![vec![geo.canonical(root).0]];
    for _ in 0..plan.in_hand(plan.root_level) {
        let prev = levels.last().map_or(&[][..], |l| &l[..]);
        let mut next = Vec::new();
        for &set in prev {
            for w in 0..geo.walls {
                if geo.conflict[w] & set == 0 {
                    next.push(geo.canonical(set | 1 << w).0);
                }
            }
        }
        next.sort_unstable();
        next.dedup();
        if next.is_empty() {
            break;
        }
        levels.push(next);
    }
    levels
}

/// Solves a two-player classic position exactly.
///
/// # Errors
/// A position the solver does not take (more than two players, King of the Hill, a board
/// larger than 7 x 7, a ply limit), a solve that needs more memory than the limit, a result
/// longer than the tables hold, or a checkpoint that cannot be read or written.
pub fn solve(
    pos: &Position,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Solution, SolveError> {
    let start = Instant::now();
    if pos.players() != Players::Two {
        return Err(SolveError::Players);
    }
    if pos.variant() != Variant::Classic {
        return Err(SolveError::Variant);
    }
    let n = pos.size().get();
    if n > MAX_SIDE {
        return Err(SolveError::Size(n));
    }
    if pos.ply_limit().is_some() {
        return Err(SolveError::PlyLimit);
    }
    if options.tablebase.is_some() && options.checkpoint.is_some() {
        return Err(SolveError::Config(
            "a tablebase needs every level solved in one run: it does not go with checkpoints"
                .to_string(),
        ));
    }
    let turn = pos.turn();
    if pos.is_game_over() && options.tablebase.is_some() {
        return Err(SolveError::Config("the game is over: there is no tablebase to write".into()));
    }
    if let Some(outcome) = pos.outcome() {
        let value = match outcome {
            Outcome::Winner(w) if w == turn => Value::Win(0),
            Outcome::Winner(_) => Value::Loss(0),
            Outcome::Draw => Value::Draw,
        };
        return Ok(Solution { value, best: None, turn, stats: Stats::default() });
    }
    if pos.pawn(Seat::South).is_none() || pos.pawn(Seat::North).is_none() {
        return Err(SolveError::Players);
    }
    let hands = [pos.walls_in_hand(Seat::South), pos.walls_in_hand(Seat::North)];
    let geo_walls = Geometry::new(n);
    let root = geo_walls.mask(pos.walls());
    let plan = Plan::new(n, hands, pos.walls().len());
    let sets = enumerate(&plan, root);
    let k0 = plan.root_level;
    let kmax = k0 + sets.len() - 1;

    let mut stats = Stats::default();
    let set_bytes: u64 = sets.iter().map(|s| s.len() as u64 * 16).sum();
    stats.wall_sets = sets.iter().map(|s| s.len() as u64).sum();
    for k in k0..=kmax {
        let here = plan.level_bytes(k, sets[k - k0].len());
        let above = if k < kmax { plan.level_bytes(k + 1, sets[k + 1 - k0].len()) } else { 0 };
        stats.table_bytes = stats.table_bytes.max(here + above + set_bytes);
    }
    if let Some(limit) = options.memory_limit {
        if stats.table_bytes > limit {
            return Err(SolveError::MemoryLimit { needed: stats.table_bytes, limit });
        }
    }

    let id = RootId { size: n, walls: geo_walls.canonical(root).0, hands };
    let mut above: Option<Level> = None;
    let mut top = kmax;
    if let Some(dir) = &options.checkpoint {
        if let Some((level, upper)) = checkpoint::resume(dir, &id, &plan, &sets)? {
            stats.resumed_from = Some(level.k);
            top = level.k;
            if level.k == k0 {
                above = upper;
                let root_level = level;
                return finish(&plan, pos, root_level, above, stats, start);
            }
            above = Some(level);
        }
    }
    let mut writer = match &options.tablebase {
        Some(path) => {
            let shapes: Vec<(usize, usize, usize)> =
                (k0..=kmax).rev().map(|k| (k, plan.splits(k).1, sets[k - k0].len())).collect();
            Some(Writer::create(path, &id, k0, &shapes, plan.len)?)
        }
        None => None,
    };
    let mut scratch = Scratch::default();
    let mut current: Option<Level> = None;
    let first = if stats.resumed_from.is_some() { top - 1 } else { kmax };
    for k in (k0..=first).rev() {
        let level = solve_level(
            &plan,
            k,
            &sets[k - k0],
            above.as_ref(),
            &mut scratch,
            &mut stats,
            start,
            progress,
        )?;
        if let Some(dir) = &options.checkpoint {
            checkpoint::write(dir, &id, &level)?;
        }
        if let Some(w) = writer.as_mut() {
            w.level(&level)?;
        }
        if k > k0 {
            above = Some(level);
        } else {
            current = Some(level);
        }
    }
    let root_level = current.unwrap_or_else(|| unreachable!("the loop ends at the root level"));
    if let Some(w) = writer {
        stats.tablebase_bytes = Some(w.finish()?);
    }
    finish(&plan, pos, root_level, above, stats, start)
}

/// The root's value and a best move, from the root level and the one above.
fn finish(
    plan: &Plan,
    pos: &Position,
    root: Level,
    above: Option<Level>,
    mut stats: Stats,
    start: Instant,
) -> Result<Solution, SolveError> {
    let geo = &plan.geo;
    let turn = pos.turn();
    let side = usize::from(turn != Seat::South);
    let walls = geo.mask(pos.walls());
    let pawns =
        [pos.pawn(Seat::South), pos.pawn(Seat::North)].map(|p| p.map_or(0, |q| geo.cell(q)));
    let hands = plan.hands;
    let value = plan
        .probe(&root, walls, hands, side, pawns[0], pawns[1])
        .ok_or(SolveError::Internal("the root is not in its table"))?;
    let mut best: Option<(Move, Value)> = None;
    for m in pos.legal_moves() {
        let child = match m {
            Move::Pawn(sq) => {
                let mut p = pawns;
                p[side] = geo.cell(sq);
                plan.probe(&root, walls, hands, 1 - side, p[0], p[1])
            }
            Move::Wall(w) => {
                let mut h = hands;
                h[side] -= 1;
                above.as_ref().and_then(|a| {
                    plan.probe(a, walls | 1 << geo.wall_index(w), h, 1 - side, pawns[0], pawns[1])
                })
            }
        };
        let child = child.ok_or(SolveError::Internal("a move leads out of the tables"))?.parent();
        if best.is_none_or(|(_, v)| child.is_better_than(v)) {
            best = Some((m, child));
        }
    }
    if best.is_some_and(|(_, v)| v != value) {
        return Err(SolveError::Internal("the best move does not keep the value"));
    }
    stats.time = start.elapsed();
    Ok(Solution { value, best: best.map(|(m, _)| m), turn, stats })
}

#[allow(clippy::too_many_arguments)]
fn solve_level(
    plan: &Plan,
    k: usize,
    sets: &[u128],
    above: Option<&Level>,
    scratch: &mut Scratch,
    stats: &mut Stats,
    start: Instant,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Level, SolveError> {
    let geo = &plan.geo;
    let len = plan.len;
    let (lo, count) = plan.splits(k);
    let (lo_up, count_up) = if above.is_some() { plan.splits(k + 1) } else { (0, 0) };
    let mut values = vec![0u8; sets.len() * count * len];
    let layers = (sets.len() * count) as u64;
    let mut children: Vec<(usize, bool, [u64; 2])> = Vec::new();
    for (e, &set) in sets.iter().enumerate() {
        let graph = Graph::new(geo, set);
        children.clear();
        if let Some(up) = above {
            for w in 0..geo.walls {
                if geo.conflict[w] & set != 0 {
                    continue;
                }
                let child = set | 1 << w;
                let (canon, mirrored) = geo.canonical(child);
                let Ok(i) = up.sets.binary_search(&canon) else {
                    return Err(SolveError::Internal("a wall set is missing from the level above"));
                };
                let reach = [geo.reach(child, geo.goal[0]), geo.reach(child, geo.goal[1])];
                children.push((i, mirrored, reach));
            }
        }
        for j in 0..count {
            let hs = lo + j;
            let hands = [hs, plan.in_hand(k) - hs];
            let mut exits = Vec::with_capacity(2 * children.len());
            if let Some(up) = above {
                for (side, &hand) in hands.iter().enumerate() {
                    if hand == 0 {
                        continue;
                    }
                    let child_hs = if side == 0 { hs - 1 } else { hs };
                    let jj = child_hs - lo_up;
                    debug_assert!(jj < count_up);
                    for &(i, mirrored, reach) in &children {
                        let at = (i * count_up + jj) * len;
                        exits.push(Exit {
                            side,
                            values: &up.values[at..at + len],
                            mirrored,
                            reach,
                        });
                    }
                }
            }
            let at = (e * count + j) * len;
            graph
                .solve(geo, &exits, &mut values[at..at + len], scratch)
                .map_err(|_| SolveError::TooLong)?;
        }
        stats.layers += count as u64;
        stats.states += (count * len) as u64;
        if e % 1024 == 1023 || e + 1 == sets.len() {
            progress(&Progress {
                level: k,
                root_level: plan.root_level,
                layers_done: ((e + 1) * count) as u64,
                layers,
                elapsed: start.elapsed(),
            });
        }
    }
    Ok(Level { k, sets: sets.to_vec(), values })
}

/// Solves the start of the two-player classic game on a board with `walls` walls per player
/// (South to move).
///
/// # Errors
/// As [`solve`]; also a wall count above [`quoridor_core::MAX_WALLS_PER_PLAYER`].
pub fn solve_start(
    size: BoardSize,
    walls: u8,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Solution, SolveError> {
    let config = Config::default().with_size(size).with_walls(Some(walls));
    let pos = Position::start(&config).map_err(|e| SolveError::Config(e.to_string()))?;
    solve(&pos, options, progress)
}
