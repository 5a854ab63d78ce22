//! A small neural network that corrects the two-player evaluation on the 9x9 board: what
//! the distances and walls in hand cannot see (which grooves are still open, how the walls
//! already placed shape each path, where the pawns stand).
//!
//! # The network
//! Each player sees the board turned so that it runs up (North's view is the board rotated
//! half a turn). From one player's view, [`INPUTS`] inputs are 0 or 1: its own pawn's
//! square (81), the other pawn's square (81), each horizontal and vertical wall anchor (64 +
//! 64), its walls in hand (11, 0 to 10), the other's (11), and whether it is to move (1).
//! They feed [`HIDDEN`] units (a weighted sum plus a bias, clipped to 0..1), which feed one
//! output `g`. The correction for `me` is `g(me's view) - g(opponent's view)`: it changes
//! sign when the players swap places, so the evaluation stays antisymmetric.
//!
//! # Numbers
//! Weights are integers, so that a sum kept up to date move by move is exactly the sum
//! computed afresh: the first layer's weights and biases in 1/[`Q`], the hidden units
//! clipped to `0..=Q`, the output weights in centi-steps for a unit fully on, so a view's
//! output is `(Σ h w) / Q` centi-steps. The sums are 16-bit (two vector registers a view):
//! `quoridor-train --net` keeps every first-layer weight within ±[`MAX_W1`], so a unit's sum
//! of at most 25 active inputs and its bias stays inside `i16`; the arithmetic wraps rather
//! than panics on weights that break that bound.
//!
//! # Cost
//! A leaf one ply above the horizon is evaluated without playing its move: its two sums are
//! the parent's plus the inputs the move turns on and off ([`Accumulators::after`]). Any
//! other node sums its active inputs afresh (about 25 of them).

use quoridor_core::{Move, Orientation, Position, Seat, Square, Variant, Wall};

use crate::net_weights::{B1, ENABLED, W1, W2};

/// Board side the network knows.
pub const SIDE: u8 = 9;
/// Inputs of one view (see the module docs).
pub const INPUTS: usize = 81 + 81 + 64 + 64 + 11 + 11 + 1;
/// Hidden units.
pub const HIDDEN: usize = 16;
/// Fixed-point unit of the first layer (1.0).
pub const Q: i32 = 256;
/// Largest first-layer weight or bias (in 1/[`Q`]): 26 of them fit in `i16`.
pub const MAX_W1: i16 = 1200;

/// Squares of the board the network knows.
const SQUARES: usize = 81;
/// Wall anchors of one orientation on that board.
const ANCHORS: usize = 64;

const OWN_PAWN: usize = 0;
const OTHER_PAWN: usize = 81;
const H_WALL: usize = 162;
const V_WALL: usize = 226;
const OWN_WALLS: usize = 290;
const OTHER_WALLS: usize = 301;
const TO_MOVE: usize = 312;

/// The first layer's sums of one view.
pub type Accumulator = [i16; HIDDEN];

/// A network's weights (the shipped ones are [`Network::SHIPPED`]).
#[derive(Clone, Copy, Debug)]
pub struct Network<'a> {
    /// First layer, input by input ([`HIDDEN`] weights per input), in 1/[`Q`].
    pub w1: &'a [i16; INPUTS * HIDDEN],
    /// First layer's biases, in 1/[`Q`].
    pub b1: &'a [i16; HIDDEN],
    /// Output weights, in centi-steps for a unit fully on.
    pub w2: &'a [i32; HIDDEN],
}

impl Network<'static> {
    /// The network the engine is built with (`net_weights.rs`).
    pub const SHIPPED: Network<'static> = Network { w1: &W1, b1: &B1, w2: &W2 };
}

/// Whether the network applies to `pos`: two players (South and North) on the 9x9 board,
/// classic rules, and a trained network built in.
#[must_use]
pub fn applies(pos: &Position) -> bool {
    ENABLED && pos.size().get() == SIDE && pos.players() == 2 && pos.variant() == Variant::Classic
}

/// `sq` seen by `seat` (the core's view of the action ids: North's is the board turned
/// half a turn), as an input index: `row * 9 + col` of the square as `seat` sees it, which
/// for North is `80` less South's.
#[inline(always)]
fn view_square(sq: Square, seat: Seat) -> usize {
    let south = usize::from(sq.row()) * usize::from(SIDE) + usize::from(sq.col());
    if seat == Seat::North { (SQUARES - 1).saturating_sub(south) } else { south }
}

/// The input of wall `w` seen by `seat`: its anchor's `row * 8 + col` as `seat` sees it
/// (for North, `63` less South's: a half turn keeps the orientation) past the
/// orientation's first input.
#[inline(always)]
fn view_wall(w: Wall, seat: Seat) -> usize {
    let a = w.anchor();
    let south = usize::from(a.row()) * usize::from(SIDE - 1) + usize::from(a.col());
    let index = if seat == Seat::North { (ANCHORS - 1).saturating_sub(south) } else { south };
    let base = match w.orientation() {
        Orientation::Horizontal => H_WALL,
        Orientation::Vertical => V_WALL,
    };
    base + index
}

/// The active inputs of `seat`'s view of `pos` (which the network applies to), into `out`;
/// returns how many. A position of a real game has at most 25 (20 walls on the board); one
/// set up with more walls than that has more inputs than `out` holds, and only the first
/// 32 are written (the sums the engine keeps count them all).
pub fn active_inputs(pos: &Position, seat: Seat, out: &mut [u16; 32]) -> usize {
    let mut n = 0;
    for_each_input(pos, seat, |i| {
        if n < out.len() {
            out[n] = i as u16;
            n += 1;
        }
    });
    n
}

/// Calls `f` with each active input of `seat`'s view of `pos`: the pawns, every wall on
/// the board, the walls in hand of each player, and whether `seat` is to move.
#[inline]
fn for_each_input(pos: &Position, seat: Seat, mut f: impl FnMut(usize)) {
    let other = if seat == Seat::South { Seat::North } else { Seat::South };
    if let Some(sq) = pos.pawn(seat) {
        f(OWN_PAWN + view_square(sq, seat));
    }
    if let Some(sq) = pos.pawn(other) {
        f(OTHER_PAWN + view_square(sq, seat));
    }
    let walls = pos.walls();
    for a in walls.horizontal() {
        if let Some(w) = Wall::new(a, Orientation::Horizontal) {
            f(view_wall(w, seat));
        }
    }
    for a in walls.vertical() {
        if let Some(w) = Wall::new(a, Orientation::Vertical) {
            f(view_wall(w, seat));
        }
    }
    f(OWN_WALLS + usize::from(pos.walls_in_hand(seat).min(10)));
    f(OTHER_WALLS + usize::from(pos.walls_in_hand(other).min(10)));
    if pos.turn() == seat {
        f(TO_MOVE);
    }
}

impl Network<'_> {
    /// The first layer's sums of `seat`'s view of `pos`.
    #[must_use]
    pub fn accumulate(&self, pos: &Position, seat: Seat) -> Accumulator {
        let mut acc = *self.b1;
        for_each_input(pos, seat, |i| self.add(&mut acc, i, 1));
        acc
    }

    /// The first-layer weights of `input` (an index below [`INPUTS`]).
    #[inline(always)]
    fn row(&self, input: usize) -> &[i16; HIDDEN] {
        let at = input.min(INPUTS - 1) * HIDDEN;
        self.w1[at..at + HIDDEN].try_into().unwrap_or(&[0; HIDDEN])
    }

    #[inline(always)]
    fn add(&self, acc: &mut Accumulator, input: usize, sign: i32) {
        let row = self.row(input);
        if sign > 0 {
            for (a, &w) in acc.iter_mut().zip(row) {
                *a = a.wrapping_add(w);
            }
        } else {
            for (a, &w) in acc.iter_mut().zip(row) {
                *a = a.wrapping_sub(w);
            }
        }
    }

    /// The output of one view, in 1/[`Q`] centi-steps.
    #[inline]
    #[must_use]
    pub fn output(&self, acc: &Accumulator) -> i64 {
        // Each product is at most 256 x 2^15 and there are 16 of them: `i32` holds the sum,
        // and 16 x 16 -> 32-bit products vectorise.
        let mut sum = 0i32;
        for (&a, &w) in acc.iter().zip(self.w2) {
            let h = i32::from(a).clamp(0, Q);
            sum = sum.wrapping_add(h.wrapping_mul(w.clamp(-32_768, 32_767)));
        }
        i64::from(sum)
    }
}

/// Both views' sums of a position: South's and North's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Accumulators {
    /// South's view.
    pub south: Accumulator,
    /// North's view.
    pub north: Accumulator,
}

impl Accumulators {
    /// The sums of `pos` under `net`, computed afresh.
    #[must_use]
    pub fn new(net: &Network<'_>, pos: &Position) -> Accumulators {
        Accumulators {
            south: net.accumulate(pos, Seat::South),
            north: net.accumulate(pos, Seat::North),
        }
    }

    /// The correction for `me` under `net`, in centi-steps.
    #[must_use]
    pub fn correction(&self, net: &Network<'_>, me: Seat) -> i32 {
        let (mine, theirs) =
            if me == Seat::South { (&self.south, &self.north) } else { (&self.north, &self.south) };
        // Division truncates towards zero: the difference's antisymmetry survives it.
        ((net.output(mine) - net.output(theirs)) / i64::from(Q)) as i32
    }

    /// The sums under `net` after the side to move of `pos` plays `m` (legal, not ending the
    /// game), from this position's sums: the inputs `m` turns on and off.
    #[must_use]
    pub fn after(&self, net: &Network<'_>, pos: &Position, m: Move) -> Accumulators {
        let add = |acc: &mut Accumulator, input: usize, sign: i32| net.add(acc, input, sign);
        let mut next = *self;
        let me = pos.turn();
        let opp = if me == Seat::South { Seat::North } else { Seat::South };
        let (mine, theirs) = if me == Seat::South {
            (&mut next.south, &mut next.north)
        } else {
            (&mut next.north, &mut next.south)
        };
        add(mine, TO_MOVE, -1);
        add(theirs, TO_MOVE, 1);
        match m {
            Move::Pawn(to) => {
                if let Some(from) = pos.pawn(me) {
                    add(mine, OWN_PAWN + view_square(from, me), -1);
                    add(mine, OWN_PAWN + view_square(to, me), 1);
                    add(theirs, OTHER_PAWN + view_square(from, opp), -1);
                    add(theirs, OTHER_PAWN + view_square(to, opp), 1);
                }
            }
            Move::Wall(w) => {
                add(mine, view_wall(w, me), 1);
                add(theirs, view_wall(w, opp), 1);
                let x = usize::from(pos.walls_in_hand(me).min(10));
                let left = usize::from(pos.walls_in_hand(me).saturating_sub(1).min(10));
                add(mine, OWN_WALLS + x, -1);
                add(mine, OWN_WALLS + left, 1);
                add(theirs, OTHER_WALLS + x, -1);
                add(theirs, OTHER_WALLS + left, 1);
            }
        }
        next
    }

    /// The sums under `net` after the side to move passes (the search's null move).
    #[must_use]
    pub fn after_pass(&self, net: &Network<'_>, pos: &Position) -> Accumulators {
        let mut next = *self;
        let (mine, theirs) = if pos.turn() == Seat::South {
            (&mut next.south, &mut next.north)
        } else {
            (&mut next.north, &mut next.south)
        };
        net.add(mine, TO_MOVE, -1);
        net.add(theirs, TO_MOVE, 1);
        next
    }
}

/// The shipped network's correction to the evaluation of `pos` for `me`, in centi-steps; 0
/// where the network does not apply.
#[must_use]
pub fn correction(pos: &Position, me: Seat) -> i32 {
    let net = Network::SHIPPED;
    if applies(pos) { Accumulators::new(&net, pos).correction(&net, me) } else { 0 }
}

#[cfg(test)]
mod tests {
    use quoridor_core::BoardSize;
    use quoridor_core::action::ActionMap;

    use super::*;

    /// The input indices by arithmetic are the core's views (`ActionMap`) of every square
    /// and wall, for both players.
    #[test]
    fn views_by_arithmetic_match_the_action_maps() {
        let size = BoardSize::CLASSIC;
        for seat in [Seat::South, Seat::North] {
            let map = ActionMap::new(size, seat);
            for sq in (0..SIDE).flat_map(|r| (0..SIDE).filter_map(move |c| Square::new(c, r))) {
                let seen = map.view_square(sq).expect("on the board");
                let index = usize::from(seen.row()) * usize::from(SIDE) + usize::from(seen.col());
                assert_eq!(view_square(sq, seat), index, "{sq} seen by {seat}");
            }
            let anchors =
                (0..SIDE - 1).flat_map(|r| (0..SIDE - 1).filter_map(move |c| Square::new(c, r)));
            let walls = anchors.flat_map(|a| {
                [Orientation::Horizontal, Orientation::Vertical]
                    .into_iter()
                    .filter_map(move |o| Wall::new(a, o))
            });
            for w in walls {
                let seen = map.view_wall(w).expect("on the board");
                let a = seen.anchor();
                let base = match seen.orientation() {
                    Orientation::Horizontal => H_WALL,
                    Orientation::Vertical => V_WALL,
                };
                let index =
                    base + usize::from(a.row()) * usize::from(SIDE - 1) + usize::from(a.col());
                assert_eq!(view_wall(w, seat), index, "{w} seen by {seat}");
            }
        }
    }
}
