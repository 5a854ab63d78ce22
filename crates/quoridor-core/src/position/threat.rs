//! How far one wall could lengthen a seat's shortest path ([`Position::wall_threat`]), and
//! the same counted only from a size up ([`Position::wall_threat_at_least`]), which a
//! bound on what most walls can add makes much cheaper.

use crate::paths::{self, PathCache};
use crate::square::{STRIDE, Seat};
use crate::wall::Orientation;

use super::Position;
use super::maze::open_with;
use super::movegen::Threats;

/// A bound on the steps the wall `o` at `a` (in `open` already) adds to the shortest path
/// `path`, one of whose steps it blocks: when every blocked step can go round the wall's
/// near end, in three steps instead of one, the wall adds at most two per blocked step.
/// `None` when some such detour is closed (by another wall or the edge of the board): then
/// it may add any number.
#[inline(always)]
fn bound(path: &PathCache, o: Orientation, a: u8, open: &[u128; 4]) -> Option<u8> {
    let mut p = *path;
    if !p.reroute(o, a, open) {
        return None;
    }
    let bit = 1u128 << a;
    let blocked = match o {
        Orientation::Horizontal => path.north & (bit | bit << 1),
        Orientation::Vertical => path.east & (bit | bit << STRIDE),
    };
    Some(2 * blocked.count_ones() as u8)
}

impl Position {
    /// The most steps that one wall placed now could add to `seat`'s shortest path: the
    /// largest `distance_after_wall(seat, w) - distance(seat)` over the walls a player
    /// holding one could place ([`Position::placeable_walls`]: every rule kept, a path left
    /// to every player), 0 when none lengthens it. Whose turn it is and who holds walls do
    /// not matter. `None` when the seat is not in the game; `Some(0)` once the game is over.
    ///
    /// Only the walls that block a step of one shortest path are measured (a wall that
    /// leaves some shortest path open adds nothing), each with a flood fill.
    ///
    /// ```
    /// use quoridor_core::{Position, Seat};
    /// let pos = Position::default();
    /// // A wall in front of a pawn on an open board costs it one step.
    /// assert_eq!(pos.wall_threat(Seat::South), Some(1));
    /// // Behind a barrier with a door at the far side, the best wall adds two steps.
    /// let pos: Position = "9 S:a1:10,N:e9:10 a3h,c3h,e3h,g3h S 0".parse()?;
    /// assert_eq!(pos.distance(Seat::South), Some(16));
    /// assert_eq!(pos.wall_threat(Seat::South), Some(2));
    /// // What it measures, wall by wall:
    /// let d = pos.distance(Seat::South).unwrap();
    /// let most = pos.placeable_walls().into_iter()
    ///     .filter_map(|w| pos.distance_after_wall(Seat::South, w))
    ///     .map(|after| after - d)
    ///     .max();
    /// assert_eq!(most, Some(2));
    /// # Ok::<(), quoridor_core::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn wall_threat(&self, seat: Seat) -> Option<u8> {
        self.wall_threat_at_least(seat, 0)
    }

    /// [`Position::wall_threat`] when it is at least `least` steps, 0 when it is less: the
    /// walls that could cost `seat` a long detour, the ones next to another wall or the
    /// edge of the board. Much cheaper than the whole threat from 3 up: a wall that blocks
    /// one step of the seat's shortest path adds at most two steps when the way round its
    /// near end is open, so only the walls whose way round is closed (or that block two
    /// steps) are measured. `None` when the seat is not in the game; `Some(0)` once the game
    /// is over.
    ///
    /// ```
    /// use quoridor_core::{Position, Seat};
    /// // Behind a barrier with a door at the far side, the best wall adds two steps ...
    /// let pos: Position = "9 S:a1:10,N:e9:10 a3h,c3h,e3h,g3h S 0".parse()?;
    /// assert_eq!(pos.wall_threat_at_least(Seat::South, 2), Some(2));
    /// assert_eq!(pos.wall_threat_at_least(Seat::South, 3), Some(0));
    /// // A pawn in a corner of two walls: one wall on its way out sends it round both.
    /// let pos: Position = "9 S:e3:10,N:e9:10 d3h,d2v S 0".parse()?;
    /// assert_eq!(pos.wall_threat(Seat::South), Some(4));
    /// assert_eq!(pos.wall_threat_at_least(Seat::South, 3), Some(4));
    /// assert_eq!(pos.wall_threat_at_least(Seat::North, 3), Some(0)); // its threat is 1
    /// # Ok::<(), quoridor_core::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn wall_threat_at_least(&self, seat: Seat, least: u8) -> Option<u8> {
        if !self.is_active(seat) {
            return None;
        }
        if self.is_game_over() {
            return Some(0);
        }
        let i = seat.index();
        let path = self.exact_path(i);
        let (pawn, goal) = (self.pawns[i].bit(), self.goal_bits(seat));
        let mut best = 0;
        // The walls that could cut a player off, found once if a gain needs the path rule.
        let mut threats = None;
        for (o, mut bits) in self.walls_across(&path) {
            while bits != 0 {
                let a = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                let open = open_with(&self.maze.open, o, a);
                // Bounds cost a few bit operations, a flood fill several times more: they
                // pay when they can rule walls out, from 3 up.
                if least >= 3 && bound(&path, o, a, &open).is_some_and(|most| most < least) {
                    continue;
                }
                // `None`: the wall would cut the seat off, which the rules forbid.
                let Some(d) = paths::distance(&open, pawn, goal) else { continue };
                let gain = d.saturating_sub(path.len);
                if gain > best && self.keeps_every_path(seat, o, a, &mut threats) {
                    best = gain;
                }
            }
        }
        Some(if best >= least { best } else { 0 })
    }

    /// The free wall anchors, by orientation, that block a step of `path`.
    #[inline(always)]
    fn walls_across(&self, path: &PathCache) -> [(Orientation, u128); 2] {
        let [free_h, free_v] = self.maze.free;
        [
            (Orientation::Horizontal, free_h & (path.north | path.north >> 1)),
            (Orientation::Vertical, free_v & (path.east | path.east >> STRIDE)),
        ]
    }

    /// Whether the free wall `o` at `a`, which leaves `seat` a path, leaves every other
    /// player one too (the path rule), with the walls that could cut someone off found once
    /// into `threats`.
    #[inline]
    fn keeps_every_path(
        &self,
        seat: Seat,
        o: Orientation,
        a: u8,
        threats: &mut Option<Threats>,
    ) -> bool {
        let others = self.active & !(1 << seat.index());
        if others == 0 {
            return true;
        }
        let threats = threats.get_or_insert_with(|| self.threats());
        self.cut_off_among(&self.maze.open, o, a, threats, others).is_none()
    }
}
