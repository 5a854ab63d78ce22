//! One layer: every (South pawn, North pawn, side to move) state on one wall set with fixed
//! walls in hand, solved by retrograde analysis.
//!
//! Pawn moves stay in the layer and form cycles (pawns can move back); wall placements leave
//! it for a layer with one wall more, which is already solved. Those exits are leaves with
//! known values. The in-layer part is solved backwards from the finished games in order of
//! increasing length (a bucket queue by plies): a state is a win in `d` as soon as a move
//! to a loss in `d - 1` is seen (the first seen is the fastest), and a loss in `d` once every
//! move is known to lose, `d` being one more than the slowest. What is never settled is a
//! draw: neither side can force a win, so best play goes on forever.

use crate::geometry::Geometry;
use crate::value::MAX_PLIES;

/// A state that cannot occur (pawns on one square, a pawn cut off from its goal, or the side
/// to move already home).
const INVALID: u8 = 0;
const LIVE: u8 = 1;
/// The side that just moved is home: the side to move has lost.
const OVER: u8 = 2;

/// The index of a state in a layer.
#[inline]
pub(crate) const fn state(cells: usize, side: usize, south: usize, north: usize) -> usize {
    (side * cells + south) * cells + north
}

/// The pawn-move graph of one wall set, shared by all its splits of walls in hand.
#[derive(Debug)]
pub(crate) struct Graph {
    pub kind: Vec<u8>,
    /// Per side to move and South square: the North squares of live states.
    live: Vec<u64>,
    pred_start: Vec<u32>,
    preds: Vec<u16>,
    /// Pawn moves of each state.
    moves: Vec<u8>,
}

/// The wall placements of one side from a layer: the solved layer they lead to.
#[derive(Debug)]
pub(crate) struct Exit<'a> {
    /// 0: South places the wall, 1: North.
    pub side: usize,
    /// The child layer's values, indexed by its states.
    pub values: &'a [u8],
    /// The child layer is stored as its mirror image.
    pub mirrored: bool,
    /// Where each pawn may stand after the wall (its goal still reachable).
    pub reach: [u64; 2],
}

/// Buffers reused from layer to layer.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    exit_win: Vec<u8>,
    exit_loss: Vec<u8>,
    exit_draw: Vec<bool>,
    pending: Vec<u8>,
    buckets: Vec<Vec<u32>>,
}

/// A result longer than the tables hold.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TooLong;

impl Graph {
    pub fn new(geo: &Geometry, walls: u128) -> Graph {
        let cells = geo.cells;
        let len = 2 * cells * cells;
        let reach = [geo.reach(walls, geo.goal[0]), geo.reach(walls, geo.goal[1])];
        let mut kind = vec![INVALID; len];
        let mut child_start = vec![0u32; len + 1];
        let mut children: Vec<u16> = Vec::with_capacity(len * 3);
        let mut buf = [0u8; 8];
        for side in 0..2 {
            for s in 0..cells {
                for n in 0..cells {
                    let x = state(cells, side, s, n);
                    child_start[x] = children.len() as u32;
                    if s == n || reach[0] & (1 << s) == 0 || reach[1] & (1 << n) == 0 {
                        continue;
                    }
                    let home = [geo.goal[0] & (1 << s) != 0, geo.goal[1] & (1 << n) != 0];
                    if home[side] {
                        continue;
                    }
                    if home[1 - side] {
                        kind[x] = OVER;
                        continue;
                    }
                    kind[x] = LIVE;
                    let (me, other) = if side == 0 { (s, n) } else { (n, s) };
                    let k = geo.pawn_moves(walls, me, other, &mut buf);
                    for &to in &buf[..k] {
                        let to = usize::from(to);
                        let y =
                            if side == 0 { state(cells, 1, to, n) } else { state(cells, 0, s, to) };
                        children.push(y as u16);
                    }
                }
            }
        }
        child_start[len] = children.len() as u32;
        // Invert the moves: the predecessors of every state.
        let mut pred_start = vec![0u32; len + 1];
        for &y in &children {
            pred_start[usize::from(y) + 1] += 1;
        }
        for i in 0..len {
            pred_start[i + 1] += pred_start[i];
        }
        let mut fill = pred_start.clone();
        let mut preds = vec![0u16; children.len()];
        let mut moves = vec![0u8; len];
        for x in 0..len {
            let (a, b) = (child_start[x] as usize, child_start[x + 1] as usize);
            moves[x] = (b - a) as u8;
            for &y in &children[a..b] {
                let slot = &mut fill[usize::from(y)];
                preds[*slot as usize] = x as u16;
                *slot += 1;
            }
        }
        let mut live = vec![0u64; 2 * cells];
        for side in 0..2 {
            for s in 0..cells {
                for n in 0..cells {
                    if kind[state(cells, side, s, n)] == LIVE {
                        live[side * cells + s] |= 1 << n;
                    }
                }
            }
        }
        Graph { kind, live, pred_start, preds, moves }
    }

    /// Solves the layer whose wall placements are `exits`, writing one byte per state.
    pub fn solve(
        &self,
        geo: &Geometry,
        exits: &[Exit<'_>],
        out: &mut [u8],
        scratch: &mut Scratch,
    ) -> Result<(), TooLong> {
        let cells = geo.cells;
        let len = self.kind.len();
        let Scratch { exit_win, exit_loss, exit_draw, pending, buckets } = scratch;
        exit_win.clear();
        exit_win.resize(len, u8::MAX);
        exit_loss.clear();
        exit_loss.resize(len, 0);
        exit_draw.clear();
        exit_draw.resize(len, false);
        buckets.resize_with(MAX_PLIES as usize + 2, Vec::new);
        for b in buckets.iter_mut() {
            b.clear();
        }
        out.fill(0);

        for exit in exits {
            let side = exit.side;
            let mut south = exit.reach[0];
            while south != 0 {
                let s = south.trailing_zeros() as usize;
                south &= south - 1;
                let row = state(cells, side, s, 0);
                let child_row = if exit.mirrored {
                    state(cells, 1 - side, usize::from(geo.mirror_cell[s]), 0)
                } else {
                    state(cells, 1 - side, s, 0)
                };
                let mut north = exit.reach[1] & self.live[side * cells + s];
                while north != 0 {
                    let n = north.trailing_zeros() as usize;
                    north &= north - 1;
                    let x = row + n;
                    let child = if exit.mirrored { usize::from(geo.mirror_cell[n]) } else { n };
                    // The child's byte is its plies + 1, and our plies are its plies + 1:
                    // the byte itself, with the parity turned (see `value::decode`).
                    match exit.values[child_row + child] {
                        0 => exit_draw[x] = true,
                        u8::MAX => return Err(TooLong),
                        b if b % 2 == 0 => exit_loss[x] = exit_loss[x].max(b),
                        b => exit_win[x] = exit_win[x].min(b),
                    }
                }
            }
        }

        // Events: state << 1, low bit set for a loss.
        pending.clear();
        pending.extend_from_slice(&self.moves);
        for x in 0..len {
            match self.kind[x] {
                OVER => buckets[0].push((x as u32) << 1 | 1),
                LIVE if exit_win[x] != u8::MAX => {
                    buckets[usize::from(exit_win[x])].push((x as u32) << 1);
                }
                LIVE if self.moves[x] == 0 && !exit_draw[x] => {
                    // No pawn move at all (cannot happen with two players, see the rules),
                    // and every wall loses.
                    buckets[usize::from(exit_loss[x])].push((x as u32) << 1 | 1);
                }
                _ => {}
            }
        }
        let mut d = 0;
        while d < buckets.len() {
            let events = core::mem::take(&mut buckets[d]);
            for &e in &events {
                let x = (e >> 1) as usize;
                if out[x] != 0 {
                    continue;
                }
                out[x] = (d + 1) as u8;
                let preds =
                    &self.preds[self.pred_start[x] as usize..self.pred_start[x + 1] as usize];
                if e & 1 == 1 {
                    // A loss in d: every predecessor wins in d + 1.
                    if d + 1 > MAX_PLIES as usize {
                        return Err(TooLong);
                    }
                    for &y in preds {
                        if out[usize::from(y)] == 0 {
                            buckets[d + 1].push(u32::from(y) << 1);
                        }
                    }
                } else {
                    // A win in d: one more losing move for each predecessor.
                    for &y in preds {
                        let y = usize::from(y);
                        if out[y] != 0 {
                            continue;
                        }
                        pending[y] -= 1;
                        if pending[y] == 0 && exit_win[y] == u8::MAX && !exit_draw[y] {
                            let p = (d + 1).max(usize::from(exit_loss[y]));
                            if p > MAX_PLIES as usize {
                                return Err(TooLong);
                            }
                            buckets[p].push((y as u32) << 1 | 1);
                        }
                    }
                }
            }
            buckets[d] = events;
            d += 1;
        }
        Ok(())
    }
}
