//! The wall maze: the walls on the board and the masks that move generation keeps from them
//! (open steps, where walls still fit, which walls could close a loop), updated wall by wall.

use crate::geometry::{E, Geometry, N, S, W};
use crate::square::STRIDE;
use crate::wall::{Orientation, Wall, WallSet};

/// The points joined to the points `set` along the segments of the walls `h` and `v`.
#[inline]
const fn wall_group(g: &Geometry, h: u128, v: u128, mut set: u128) -> u128 {
    let inner = g.anchors;
    // Wall segments between neighbouring points: east of point p, north of point p.
    let seg_e = (h | h >> 1) & inner;
    let seg_n = (v | v >> STRIDE) & inner;
    loop {
        let grown = set
            | ((set & seg_e) << 1
                | (set >> 1) & seg_e
                | (set & seg_n) << STRIDE
                | (set >> STRIDE) & seg_n)
                & inner;
        if grown == set {
            return set;
        }
        set = grown;
    }
}

/// The anchors of the (horizontal, vertical) walls that touch the group of points `group`
/// at two or more of their three points, the board edge counting as part of the group when
/// `edge` is set.
#[inline]
fn group_risky(g: &Geometry, group: u128, edge: bool) -> [u128; 2] {
    let two_of = |a: u128, b: u128, c: u128| a & b | a & c | b & c;
    let (fc, lc, fr, lr) = if edge {
        (g.anchor_first_col, g.anchor_last_col, g.anchor_first_row, g.anchor_last_row)
    } else {
        (0, 0, 0, 0)
    };
    [
        two_of(group << 1 | fc, group >> 1 | lc, group),
        two_of(group << STRIDE | fr, group >> STRIDE | lr, group),
    ]
}

/// The open-step masks `open` after adding the wall `o` at anchor `a`.
#[inline(always)]
pub(super) const fn open_with(open: &[u128; 4], o: Orientation, a: u8) -> [u128; 4] {
    let mut open = *open;
    let bit = 1u128 << a;
    match o {
        Orientation::Horizontal => {
            let two = bit | bit << 1;
            open[N] &= !two;
            open[S] &= !(two << STRIDE);
        }
        Orientation::Vertical => {
            let two = bit | bit << STRIDE;
            open[E] &= !two;
            open[W] &= !(two << 1);
        }
    }
    open
}

/// A wall's footprint: its points inside the board (grid corners, indexed like anchors),
/// whether it touches the edge, and the anchors of the (horizontal, vertical) walls that it
/// leaves no room for (itself, its two neighbours in line, the one crossing it).
#[inline(always)]
pub(super) const fn footprint(g: &Geometry, o: Orientation, a: u8) -> (u128, bool, [u128; 2]) {
    let bit = 1u128 << a;
    match o {
        Orientation::Horizontal => {
            let line = bit | bit << 1 | bit >> 1;
            (line & g.anchors, bit & (g.anchor_first_col | g.anchor_last_col) != 0, [line, bit])
        }
        Orientation::Vertical => {
            let line = bit | bit << STRIDE | bit >> STRIDE;
            (line & g.anchors, bit & (g.anchor_first_row | g.anchor_last_row) != 0, [bit, line])
        }
    }
}

/// How many of the (horizontal, vertical) anchors `set` the wall `o` at anchor `a` leaves no
/// room for ([`footprint`]), bit by bit: cheaper than a popcount where there is no popcount
/// instruction.
#[inline(always)]
pub(super) fn taken_count(set: [u128; 2], o: Orientation, a: u8) -> u32 {
    let bit = 1u128 << a;
    let (same, other, step) = match o {
        Orientation::Horizontal => (set[0], set[1], 1),
        Orientation::Vertical => (set[1], set[0], STRIDE),
    };
    u32::from(same & bit >> step != 0)
        + u32::from(same & bit != 0)
        + u32::from(same & bit << step != 0)
        + u32::from(other & bit != 0)
}

/// The walls on the board and the masks that move generation keeps from them. They are
/// updated as walls go down, because counting legal walls reads them far more often than
/// walls are placed.
#[derive(Clone, Copy)]
pub(super) struct Maze {
    /// The walls on the board.
    pub(super) walls: WallSet,
    /// Open steps, indexed N, E, S, W (see [`crate::paths`]).
    pub(super) open: [u128; 4],
    /// Anchors where a wall still fits (horizontal, vertical): on the board, overlapping and
    /// crossing nothing.
    pub(super) free: [u128; 2],
    /// The number of anchors in `free`, both orientations together.
    pub(super) free_count: u32,
    /// Anchors of the walls that could close a loop (see [`Maze::add`]).
    pub(super) risky: [u128; 2],
    /// Points (grid corners inside the board, indexed like anchors) that some wall touches.
    pub(super) touched: u128,
    /// The points of the walls joined to the edge of the board.
    edge: u128,
}

impl Maze {
    /// The empty board.
    pub(super) const fn empty(g: &Geometry) -> Maze {
        Maze {
            walls: WallSet::new(),
            open: g.open,
            free: [g.anchors; 2],
            free_count: 2 * g.anchors.count_ones(),
            risky: [0; 2],
            touched: 0,
            edge: 0,
        }
    }

    /// Puts a wall on the board: the open steps, the wall set, and the masks of where walls
    /// fit and which ones could close a loop.
    ///
    /// A wall is risky, that is it could close a loop and so cut a region off, when it touches
    /// one connected group of walls (the board edge counts as one group with every wall
    /// joined to it) at two or more of its three points. A wall that touches each group at
    /// most once closes no loop, so it cannot cut any path off. Groups only ever merge, and a
    /// bigger group makes more walls risky, so the risky set only grows: adding a wall only
    /// has to add what the group it joins now makes risky. A wall on its own, off the edge,
    /// makes nothing placeable risky (its three points lie in a line, and a wall touching two
    /// of them overlaps it), so it costs nothing more.
    ///
    /// Points are the grid corners inside the board, indexed like anchors (point `a` is the
    /// north-east corner of square `a`).
    #[inline(always)]
    pub(super) fn add(&mut self, g: &Geometry, w: Wall) {
        *self = self.with(g, w);
        #[cfg(debug_assertions)]
        {
            // Lone walls are left out, so the two differ only where no wall fits.
            let [sh, sv] = self.risky_from_scratch(g);
            let [fh, fv] = self.free;
            assert_eq!([self.risky[0] & fh, self.risky[1] & fv], [sh & fh, sv & fv]);
            assert_eq!(self.free_count, fh.count_ones() + fv.count_ones());
        }
    }

    /// This maze with the wall `w` added (see [`Maze::add`]). Built field by field rather
    /// than copied and changed, so that a caller reading only some fields pays for no more.
    #[inline(always)]
    pub(super) fn with(&self, g: &Geometry, w: Wall) -> Maze {
        let o = w.orientation();
        let a = w.anchor().index();
        let mut walls = self.walls;
        walls.insert(w);
        let [fh, fv] = self.free;
        let (points, touches_edge, [gone_h, gone_v]) = footprint(g, o, a);
        let gone = taken_count(self.free, o, a);
        let alone = points & self.touched == 0 && !touches_edge;
        let (mut risky, mut edge) = (self.risky, self.edge);
        if !alone {
            let group = wall_group(g, walls.h, walls.v, points);
            // Walls joined to the edge all form one group, through the edge.
            let [rh, rv] = if touches_edge || group & edge != 0 {
                edge |= group;
                group_risky(g, edge, true)
            } else {
                group_risky(g, group, false)
            };
            risky[0] |= rh;
            risky[1] |= rv;
        }
        Maze {
            walls,
            open: open_with(&self.open, o, a),
            free: [fh & !gone_h, fv & !gone_v],
            free_count: self.free_count - gone,
            risky,
            touched: self.touched | points,
            edge,
        }
    }

    /// The risky walls of [`Maze::add`] found from scratch, group by group.
    #[cfg(debug_assertions)]
    fn risky_from_scratch(&self, g: &Geometry) -> [u128; 2] {
        let (h, v) = (self.walls.h, self.walls.v);
        let edge_seeds = (h & (g.anchor_first_col | g.anchor_last_col))
            | (v & (g.anchor_first_row | g.anchor_last_row));
        let mut risky = group_risky(g, wall_group(g, h, v, edge_seeds), true);
        let mut rest = self.touched & !wall_group(g, h, v, edge_seeds);
        while rest != 0 {
            let group = wall_group(g, h, v, rest & rest.wrapping_neg());
            rest &= !group;
            let [rh, rv] = group_risky(g, group, false);
            risky[0] |= rh;
            risky[1] |= rv;
        }
        risky
    }
}
