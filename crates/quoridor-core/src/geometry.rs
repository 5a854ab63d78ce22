//! Per-size constant masks, built at compile time.

use crate::board_size::BoardSize;
use crate::square::{STRIDE, Seat, Square};

/// Indices into `open`: the squares from which a step in that direction stays on the board.
pub(crate) const N: usize = 0;
pub(crate) const E: usize = 1;
pub(crate) const S: usize = 2;
pub(crate) const W: usize = 3;

#[derive(Debug)]
pub(crate) struct Geometry {
    /// Every square of the board.
    pub squares: u128,
    /// Every wall anchor of the board.
    pub anchors: u128,
    /// Anchors in the first / last anchor column and row: a wall there touches the edge.
    pub anchor_first_col: u128,
    pub anchor_last_col: u128,
    pub anchor_first_row: u128,
    pub anchor_last_row: u128,
    /// Open steps on the empty board, indexed N, E, S, W.
    pub open: [u128; 4],
    /// Goal squares of each seat in the classic game.
    pub goals: [u128; 4],
    /// Start squares of each seat.
    pub starts: [Square; 4],
    /// The centre square (King of the Hill goal).
    pub centre: Square,
    /// For each bit `row * 11 + col` of a square on the board, its index `row * size + col`
    /// in a grid of the board's side, row by row (the cells of an observation plane); 255 off
    /// the board.
    pub cells: [u8; 128],
}

const fn row_mask(size: u8, row: u8) -> u128 {
    let mut m = 0u128;
    let mut c = 0;
    while c < size {
        m |= 1u128 << (row * STRIDE + c);
        c += 1;
    }
    m
}

const fn col_mask(size: u8, col: u8) -> u128 {
    let mut m = 0u128;
    let mut r = 0;
    while r < size {
        m |= 1u128 << (r * STRIDE + col);
        r += 1;
    }
    m
}

const fn cells(size: u8) -> [u8; 128] {
    let mut t = [u8::MAX; 128];
    let mut r = 0;
    while r < size {
        let mut c = 0;
        while c < size {
            t[(r * STRIDE + c) as usize] = r * size + c;
            c += 1;
        }
        r += 1;
    }
    t
}

const fn sq(col: u8, row: u8) -> Square {
    match Square::new(col, row) {
        Some(s) => s,
        None => panic!("square out of range in geometry table"),
    }
}

const fn build(size: u8) -> Geometry {
    let mut squares = 0u128;
    let mut r = 0;
    while r < size {
        squares |= row_mask(size, r);
        r += 1;
    }
    let mut anchors = 0u128;
    let mut r = 0;
    while r + 1 < size {
        anchors |= row_mask(size - 1, r);
        r += 1;
    }
    let top = row_mask(size, size - 1);
    let bottom = row_mask(size, 0);
    let left = col_mask(size, 0);
    let right = col_mask(size, size - 1);
    let mid = size / 2;
    Geometry {
        squares,
        anchors,
        anchor_first_col: col_mask(size - 1, 0),
        anchor_last_col: col_mask(size - 1, size - 2),
        anchor_first_row: row_mask(size - 1, 0),
        anchor_last_row: row_mask(size - 1, size - 2),
        open: [squares & !top, squares & !right, squares & !bottom, squares & !left],
        goals: [top, right, bottom, left],
        starts: [sq(mid, 0), sq(0, mid), sq(mid, size - 1), sq(size - 1, mid)],
        centre: sq(mid, mid),
        cells: cells(size),
    }
}

static GEOMETRIES: [Geometry; 4] = [
    build(BoardSize::ALL[0].get()),
    build(BoardSize::ALL[1].get()),
    build(BoardSize::ALL[2].get()),
    build(BoardSize::ALL[3].get()),
];

/// The geometry of a board size. A [`BoardSize`] is always supported, so nothing is checked
/// or clamped here.
#[inline(always)]
pub(crate) fn geometry(size: BoardSize) -> &'static Geometry {
    &GEOMETRIES[size.index()]
}

impl Geometry {
    pub(crate) const fn start(&self, seat: Seat) -> Square {
        self.starts[seat.index()]
    }
}
