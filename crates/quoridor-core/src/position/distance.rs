//! Distances and shortest paths to the goal, read from the cached paths where they are
//! exact, found by a flood fill otherwise.

use core::fmt;

use crate::board_size::BoardSize;
use crate::paths;
use crate::square::{STRIDE, Seat, Square};
use crate::wall::Wall;

use super::Position;
use super::maze::open_with;

impl Position {
    /// Shortest distance of `seat` to its goal (pawns do not block), `None` when the seat
    /// is not in the game.
    #[must_use]
    pub fn distance(&self, seat: Seat) -> Option<u8> {
        if !self.is_active(seat) {
            return None;
        }
        let i = seat.index();
        if self.stale & 1 << i == 0 { Some(self.paths[i].len) } else { self.search_distance(seat) }
    }

    /// The squares of a shortest path of `seat`, from the pawn to the goal, in order.
    /// Empty when the seat is not in the game.
    pub fn shortest_path(&self, seat: Seat) -> impl Iterator<Item = Square> + '_ {
        let path = self.exact_path(seat.index());
        let start = self.pawn(seat);
        let len = if start.is_some() { path.len as usize + 1 } else { 0 };
        let mut cur = start;
        let mut north = path.north;
        let mut east = path.east;
        core::iter::from_fn(move || {
            let sq = cur?;
            let i = sq.index();
            let bit = 1u128 << i;
            cur = if north & bit != 0 {
                north &= !bit;
                Square::from_index(i + STRIDE)
            } else if i >= STRIDE && north & (bit >> STRIDE) != 0 {
                north &= !(bit >> STRIDE);
                Square::from_index(i - STRIDE)
            } else if east & bit != 0 {
                east &= !bit;
                Square::from_index(i + 1)
            } else if i >= 1 && east & (bit >> 1) != 0 {
                east &= !(bit >> 1);
                Square::from_index(i - 1)
            } else {
                None
            };
            Some(sq)
        })
        .take(len)
    }

    /// Shortest distance of `seat` to its goal from `from` (pawns do not block): where the
    /// seat's pawn would stand after a move, say. `None` when the seat is not in the game,
    /// `from` is off the board, or no path leads from it.
    ///
    /// ```
    /// use quoridor_core::{Position, Seat};
    /// let pos = Position::default();
    /// assert_eq!(pos.distance_from(Seat::South, "e2".parse().unwrap()), Some(7));
    /// ```
    #[must_use]
    pub fn distance_from(&self, seat: Seat, from: Square) -> Option<u8> {
        if !self.is_active(seat) || !from.on_board(self.size) {
            return None;
        }
        paths::distance(&self.maze.open, from.bit(), self.goal_bits(seat))
    }

    /// Shortest distance of `seat` to its goal if the wall `w` were added, without playing
    /// it: the cached distance when the wall blocks no step of the cached path, a flood fill
    /// otherwise. The wall is not checked: for a wall that is not legal the answer is that
    /// of the open steps with the wall's two blocked steps closed. `None` when the seat is
    /// not in the game or the wall would cut it off.
    ///
    /// ```
    /// use quoridor_core::{Position, Seat};
    /// let pos = Position::default();
    /// assert_eq!(pos.distance_after_wall(Seat::North, "e8h".parse().unwrap()), Some(9));
    /// assert_eq!(pos.distance_after_wall(Seat::South, "e8h".parse().unwrap()), Some(9));
    /// assert_eq!(pos.distance_after_wall(Seat::South, "a3h".parse().unwrap()), Some(8));
    /// ```
    #[must_use]
    pub fn distance_after_wall(&self, seat: Seat, w: Wall) -> Option<u8> {
        if !self.is_active(seat) {
            return None;
        }
        let i = seat.index();
        let (o, a) = (w.orientation(), w.anchor().index());
        if self.stale & 1 << i == 0 && !self.paths[i].is_cut_by(o, a) {
            return Some(self.paths[i].len);
        }
        let open = open_with(&self.maze.open, o, a);
        paths::distance(&open, self.pawns[i].bit(), self.goal_bits(seat))
    }

    /// Every seat's shortest distance to its goal if the wall `w` were added, by seat index
    /// ([`Seat::index`]): what [`Position::distance_after_wall`] answers for each seat, found
    /// together. In King of the Hill, where every goal is the crown, one flood fill from the
    /// crown measures every seat whose cached path the wall cuts; otherwise each such seat
    /// has its own. `None` for a seat not in the game or one the wall would cut off.
    ///
    /// ```
    /// use quoridor_core::{Config, Players, Position, Seat, Variant};
    /// let koth = Config::default().with_players(Players::Four).with_variant(Variant::KingOfTheHill);
    /// let pos = Position::start(&koth)?;
    /// let w = "e4h".parse().unwrap(); // under the crown: South's path is cut
    /// let all = pos.distances_after_wall(w);
    /// for s in Seat::ALL {
    ///     assert_eq!(all[s.index()], pos.distance_after_wall(s, w));
    /// }
    /// assert_eq!(all[Seat::South.index()], Some(6));
    /// # Ok::<(), quoridor_core::ConfigError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn distances_after_wall(&self, w: Wall) -> [Option<u8>; 4] {
        let (o, a) = (w.orientation(), w.anchor().index());
        let mut out = [None; 4];
        // The seats whose cached path the wall cuts, by their pawns' squares.
        let mut cut = [0u128; 4];
        let mut pawns = 0u128;
        let mut active = self.active;
        while active != 0 {
            let i = active.trailing_zeros() as usize;
            active &= active - 1;
            if self.stale & 1 << i == 0 && !self.paths[i].is_cut_by(o, a) {
                out[i] = Some(self.paths[i].len);
            } else {
                cut[i] = self.pawns[i].bit();
                pawns |= cut[i];
            }
        }
        if pawns == 0 {
            return out;
        }
        let open = open_with(&self.maze.open, o, a);
        if self.variant != crate::config::Variant::KingOfTheHill {
            for (i, &from) in cut.iter().enumerate() {
                if from != 0 {
                    out[i] = paths::distance(&open, from, self.goal_bits(Seat::ALL[i]));
                }
            }
            return out;
        }
        let mut seen = self.geo().centre.bit();
        let mut frontier = seen;
        let mut d = 0u8;
        loop {
            if frontier & pawns != 0 {
                for (i, &bit) in cut.iter().enumerate() {
                    if bit & frontier != 0 {
                        out[i] = Some(d);
                    }
                }
                pawns &= !frontier;
                if pawns == 0 {
                    return out;
                }
            }
            frontier = paths::expand(frontier, &open) & !seen;
            if frontier == 0 {
                // The seats not reached are cut off.
                return out;
            }
            seen |= frontier;
            d += 1;
        }
    }

    /// Shortest distance of `seat` computed afresh by a flood fill, for a stale cached path.
    fn search_distance(&self, seat: Seat) -> Option<u8> {
        if !self.is_active(seat) {
            return None;
        }
        paths::distance(&self.maze.open, self.pawns[seat.index()].bit(), self.goal_bits(seat))
    }

    /// Distance to the goal of `seat` from every square of the board (pawns do not block),
    /// found by one flood fill from the goal.
    ///
    /// ```
    /// use quoridor_core::{Position, Seat};
    /// let pos = Position::default();
    /// let map = pos.distance_map(Seat::South);
    /// assert_eq!(map.get("e1".parse()?), Some(8));
    /// assert_eq!(map.get("a9".parse()?), Some(0));
    /// assert_eq!(map.get("k11".parse()?), None); // off the 9 x 9 board
    /// # Ok::<(), quoridor_core::ParseSquareError>(())
    /// ```
    #[must_use]
    pub fn distance_map(&self, seat: Seat) -> DistanceMap {
        DistanceMap {
            steps: paths::distance_map(&self.maze.open, self.goal_bits(seat), self.geo().squares),
            size: self.size,
        }
    }
}

/// The distance to one seat's goal from every square of a board, made by
/// [`Position::distance_map`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct DistanceMap {
    /// Steps by [`Square::index`], `u8::MAX` where the goal cannot be reached.
    steps: [u8; 121],
    size: BoardSize,
}

impl DistanceMap {
    /// The distance from `sq` to the goal, `None` when the goal cannot be reached from it
    /// or `sq` is off the board.
    #[inline]
    #[must_use]
    pub fn get(&self, sq: Square) -> Option<u8> {
        if !sq.on_board(self.size) {
            return None;
        }
        let d = self.steps[usize::from(sq.index())];
        (d != u8::MAX).then_some(d)
    }

    /// Every square of the board with its distance, row by row from `a1`.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Option<u8>)> + '_ {
        let n = self.size.get();
        (0..n)
            .flat_map(move |row| (0..n).filter_map(move |col| Square::new(col, row)))
            .map(|sq| (sq, self.get(sq)))
    }
}

impl fmt::Debug for DistanceMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}
