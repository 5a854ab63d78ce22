//! The solver's own compact board: squares as cell numbers `row * n + col`, walls as bit
//! numbers in a `u128` (horizontal anchors first, then vertical), and the two-player pawn
//! moves and goal reachability on that representation. The tests check it against
//! quoridor-core, whose types are used only at the edges (input positions, output moves).

use quoridor_core::{Orientation, Square, Wall, WallSet};

/// Largest board side the solver takes: 7 x 7 has 49 cells (a `u64`) and 72 walls (a `u128`).
pub const MAX_SIDE: u8 = 7;

/// Up, down, left, right.
const DIRS: [(i8, i8); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];
/// The two directions beside each of [`DIRS`].
const SIDES: [[usize; 2]; 4] = [[2, 3], [2, 3], [0, 1], [0, 1]];
const NONE: u8 = u8::MAX;

/// Board tables for one size.
#[derive(Debug, Clone)]
pub(crate) struct Geometry {
    pub n: u8,
    pub cells: usize,
    pub walls: usize,
    /// Neighbour of each cell in each direction, or `NONE` off the board.
    neighbour: Vec<[u8; 4]>,
    /// The walls that block the step from each cell in each direction.
    block: Vec<[u128; 4]>,
    /// Per wall: itself and every wall it overlaps or crosses.
    pub conflict: Vec<u128>,
    mirror_wall: Vec<u8>,
    pub mirror_cell: Vec<u8>,
    /// South's goal (the top row) and North's (the bottom row).
    pub goal: [u64; 2],
}

impl Geometry {
    pub fn new(n: u8) -> Geometry {
        debug_assert!((5..=MAX_SIDE).contains(&n));
        let cells = usize::from(n) * usize::from(n);
        let a = usize::from(n - 1);
        let walls = 2 * a * a;
        let cell = |c: i8, r: i8| -> Option<usize> {
            let n = n as i8;
            ((0..n).contains(&c) && (0..n).contains(&r)).then(|| (r * n + c) as usize)
        };
        let h = |c: usize, r: usize| r * a + c;
        let v = |c: usize, r: usize| a * a + r * a + c;
        let mut neighbour = vec![[NONE; 4]; cells];
        let mut block = vec![[0u128; 4]; cells];
        for r in 0..n as i8 {
            for c in 0..n as i8 {
                let here = cell(c, r).unwrap_or(0);
                for (d, &(dc, dr)) in DIRS.iter().enumerate() {
                    let Some(there) = cell(c + dc, r + dr) else { continue };
                    neighbour[here][d] = there as u8;
                    // The edge between `here` and `there`: the two walls that may lie on it.
                    let mut mask = 0u128;
                    if dr != 0 {
                        let row = usize::try_from(r.min(r + dr)).unwrap_or(0);
                        for col in [c - 1, c] {
                            if (0..n as i8 - 1).contains(&col) {
                                mask |= 1 << h(col as usize, row);
                            }
                        }
                    } else {
                        let col = usize::try_from(c.min(c + dc)).unwrap_or(0);
                        for row in [r - 1, r] {
                            if (0..n as i8 - 1).contains(&row) {
                                mask |= 1 << v(col, row as usize);
                            }
                        }
                    }
                    block[here][d] = mask;
                }
            }
        }
        let mut conflict = vec![0u128; walls];
        let mut mirror_wall = vec![0u8; walls];
        for r in 0..a {
            for c in 0..a {
                let mut hm = (1u128 << h(c, r)) | (1 << v(c, r));
                let mut vm = hm;
                if c > 0 {
                    hm |= 1 << h(c - 1, r);
                }
                if c + 1 < a {
                    hm |= 1 << h(c + 1, r);
                }
                if r > 0 {
                    vm |= 1 << v(c, r - 1);
                }
                if r + 1 < a {
                    vm |= 1 << v(c, r + 1);
                }
                conflict[h(c, r)] = hm;
                conflict[v(c, r)] = vm;
                mirror_wall[h(c, r)] = h(a - 1 - c, r) as u8;
                mirror_wall[v(c, r)] = v(a - 1 - c, r) as u8;
            }
        }
        let nn = usize::from(n);
        let mirror_cell = (0..cells).map(|i| ((i / nn) * nn + (nn - 1 - i % nn)) as u8).collect();
        let row_mask = |r: usize| ((1u64 << nn) - 1) << (r * nn);
        Geometry {
            n,
            cells,
            walls,
            neighbour,
            block,
            conflict,
            mirror_wall,
            mirror_cell,
            goal: [row_mask(nn - 1), row_mask(0)],
        }
    }

    /// The neighbour of `from` in direction `d` when no wall or edge is in between.
    #[inline]
    fn step(&self, walls: u128, from: usize, d: usize) -> Option<usize> {
        let to = self.neighbour[from][d];
        (to != NONE && walls & self.block[from][d] == 0).then_some(usize::from(to))
    }

    /// Pawn moves of the pawn on `me` with the other pawn on `other` (steps, straight jumps
    /// and side-steps, as in the rules), written to `out`; returns how many.
    pub fn pawn_moves(&self, walls: u128, me: usize, other: usize, out: &mut [u8; 8]) -> usize {
        let mut k = 0;
        for (d, sides) in SIDES.iter().enumerate() {
            let Some(to) = self.step(walls, me, d) else { continue };
            if to != other {
                out[k] = to as u8;
                k += 1;
            } else if let Some(behind) = self.step(walls, other, d) {
                out[k] = behind as u8;
                k += 1;
            } else {
                for &side in sides {
                    if let Some(beside) = self.step(walls, other, side) {
                        out[k] = beside as u8;
                        k += 1;
                    }
                }
            }
        }
        k
    }

    /// The cells from which `goal` can be reached through `walls` (pawns ignored).
    pub fn reach(&self, walls: u128, goal: u64) -> u64 {
        let mut seen = goal;
        let mut stack = [0u8; 64];
        let mut top = 0;
        let mut g = goal;
        while g != 0 {
            stack[top] = g.trailing_zeros() as u8;
            top += 1;
            g &= g - 1;
        }
        while top > 0 {
            top -= 1;
            let at = usize::from(stack[top]);
            for d in 0..4 {
                if let Some(to) = self.step(walls, at, d) {
                    if seen & (1 << to) == 0 {
                        seen |= 1 << to;
                        stack[top] = to as u8;
                        top += 1;
                    }
                }
            }
        }
        seen
    }

    /// The left-right mirror image of a wall set.
    pub fn mirror(&self, walls: u128) -> u128 {
        let mut out = 0;
        let mut w = walls;
        while w != 0 {
            out |= 1 << self.mirror_wall[w.trailing_zeros() as usize];
            w &= w - 1;
        }
        out
    }

    /// A wall set and its mirror image share one representative, the smaller mask; returns
    /// it and whether it is the mirror image.
    #[inline]
    pub fn canonical(&self, walls: u128) -> (u128, bool) {
        let m = self.mirror(walls);
        if m < walls { (m, true) } else { (walls, false) }
    }

    /// The bit number of a quoridor-core wall (on this board).
    pub fn wall_index(&self, w: Wall) -> usize {
        let a = usize::from(self.n - 1);
        let j = usize::from(w.anchor().row()) * a + usize::from(w.anchor().col());
        match w.orientation() {
            Orientation::Horizontal => j,
            Orientation::Vertical => a * a + j,
        }
    }

    /// A quoridor-core wall set as a mask.
    pub fn mask(&self, set: WallSet) -> u128 {
        set.iter().fold(0, |m, w| m | 1 << self.wall_index(w))
    }

    /// The cell number of a square.
    pub fn cell(&self, sq: Square) -> usize {
        usize::from(sq.row()) * usize::from(self.n) + usize::from(sq.col())
    }
}
