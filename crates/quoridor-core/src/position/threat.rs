//! How far one wall could lengthen a seat's shortest path ([`Position::wall_threat`]), and
//! what was measured on the way, kept ([`ThreatLines`]) so that the same question after
//! more walls, or after another player's move, costs a fraction of measuring it again.

use crate::board_size::BoardSize;
use crate::paths::{self, PathCache};
use crate::square::{STRIDE, Seat, Square};
use crate::wall::{Orientation, WallSet};

use super::Position;
use super::maze::open_with;
use super::movegen::Threats;

/// Most walls that a [`ThreatLines`] keeps. Paths are rarely long enough for more walls to
/// cut them (each step is blocked by two walls at most); lines that would need more are
/// marked incomplete and never reused.
const MAX_LINES: usize = 48;

/// One wall that blocks a step of the seat's shortest path: what it adds, and a shortest
/// path round it.
#[derive(Clone, Copy, Debug, Default)]
struct Line {
    anchor: u8,
    vertical: bool,
    gain: u8,
    detour: PathCache,
}

impl Line {
    const fn orientation(&self) -> Orientation {
        if self.vertical { Orientation::Vertical } else { Orientation::Horizontal }
    }
}

/// What [`Position::threat_lines`] measured for one seat: a shortest path, and for every
/// wall that blocks one of its steps, how many steps the wall adds and a shortest path
/// round it. [`Position::wall_threat_from`] reuses it in a later position where the seat's
/// pawn has not moved and walls were only added (the position after a wall, or after
/// another player's pawn move, as a search meets them): a wall that cuts neither the kept
/// path nor the detour round a kept wall changes nothing, so only the rest are measured.
///
/// ```
/// use quoridor_core::{Move, Position, Seat};
/// let pos = Position::default();
/// let lines = pos.threat_lines(Seat::South).unwrap();
/// assert_eq!(lines.threat(), 1);
/// let mut after = pos;
/// after.play(Move::Wall("d5h".parse()?))?;
/// assert_eq!(after.wall_threat_from(&lines), after.wall_threat(Seat::South));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ThreatLines {
    seat: Seat,
    size: BoardSize,
    square: Square,
    goal: u128,
    walls: WallSet,
    path: PathCache,
    threat: u8,
    /// False when more walls cut the path than fit, or the game was over: nothing is reused.
    complete: bool,
    len: u8,
    lines: [Line; MAX_LINES],
}

impl ThreatLines {
    /// The seat measured.
    #[must_use]
    pub const fn seat(&self) -> Seat {
        self.seat
    }

    /// The seat's [`Position::wall_threat`] in the position measured.
    #[must_use]
    pub const fn threat(&self) -> u8 {
        self.threat
    }
}

/// Whether any wall of `(h, v)` (anchors of horizontal and vertical walls) blocks a step
/// of `path`.
#[inline(always)]
const fn cut_by_any(path: &PathCache, h: u128, v: u128) -> bool {
    path.north & (h | h << 1) != 0 || path.east & (v | v << STRIDE) != 0
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
                // `None`: the wall would cut the seat off, which the rules forbid.
                let Some(d) = paths::distance(&open, pawn, goal) else { continue };
                let gain = d.saturating_sub(path.len);
                if gain > best && self.keeps_every_path(o, a, &mut threats) {
                    best = gain;
                }
            }
        }
        Some(best)
    }

    /// [`Position::wall_threat`] of `seat`, with what it measured kept for
    /// [`Position::wall_threat_from`] in later positions. `None` when the seat is not in
    /// the game.
    #[must_use]
    pub fn threat_lines(&self, seat: Seat) -> Option<ThreatLines> {
        if !self.is_active(seat) {
            return None;
        }
        let i = seat.index();
        let path = self.exact_path(i);
        let mut out = ThreatLines {
            seat,
            size: self.size,
            square: self.pawns[i],
            goal: self.goal_bits(seat),
            walls: self.maze.walls,
            path,
            threat: 0,
            complete: !self.is_game_over(),
            len: 0,
            lines: [Line::default(); MAX_LINES],
        };
        if !out.complete {
            return Some(out);
        }
        let mut threats = None;
        for (o, mut bits) in self.walls_across(&path) {
            while bits != 0 {
                let a = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                let open = open_with(&self.maze.open, o, a);
                // A wall that cuts the seat off now does so after any other walls too: it
                // is never placeable, so it is not kept.
                let Some(detour) = paths::shortest_path(&open, out.square, out.goal) else {
                    continue;
                };
                let gain = detour.len.saturating_sub(path.len);
                if usize::from(out.len) < MAX_LINES {
                    let vertical = o == Orientation::Vertical;
                    out.lines[usize::from(out.len)] = Line { anchor: a, vertical, gain, detour };
                    out.len += 1;
                } else {
                    out.complete = false;
                }
                if gain > out.threat && self.keeps_every_path(o, a, &mut threats) {
                    out.threat = gain;
                }
            }
        }
        Some(out)
    }

    /// [`Position::wall_threat`] of `lines.seat()`, found from `lines` (measured in an
    /// earlier position by [`Position::threat_lines`]) where they still apply: same board,
    /// the seat's pawn on the same square, and only walls added since. Then only the walls
    /// whose detour a new wall cuts are measured again; otherwise (or if a new wall cuts
    /// the kept path) everything is. The answer is always the same as `wall_threat`'s.
    #[must_use]
    pub fn wall_threat_from(&self, lines: &ThreatLines) -> Option<u8> {
        let seat = lines.seat;
        if !self.is_active(seat) {
            return None;
        }
        if self.is_game_over() {
            return Some(0);
        }
        let i = seat.index();
        let (h, v) = (self.maze.walls.h, self.maze.walls.v);
        let (old_h, old_v) = (lines.walls.h, lines.walls.v);
        let (new_h, new_v) = (h & !old_h, v & !old_v);
        let applies = lines.complete
            && lines.size == self.size
            && lines.square == self.pawns[i]
            && lines.goal == self.goal_bits(seat)
            && old_h & !h == 0
            && old_v & !v == 0;
        // The kept path is open and no longer than any path now (walls were only added),
        // so it is still a shortest path, and the walls across it are still the ones that
        // can lengthen the seat's path.
        if !applies || cut_by_any(&lines.path, new_h, new_v) {
            return self.wall_threat(seat);
        }
        let [free_h, free_v] = self.maze.free;
        let (pawn, goal) = (self.pawns[i].bit(), lines.goal);
        let mut best = 0;
        let mut threats = None;
        for line in &lines.lines[..usize::from(lines.len)] {
            let free = if line.vertical { free_v } else { free_h };
            if free >> line.anchor & 1 == 0 {
                continue;
            }
            let o = line.orientation();
            // A detour that no new wall cuts is still a shortest path round the wall.
            let gain = if cut_by_any(&line.detour, new_h, new_v) {
                let open = open_with(&self.maze.open, o, line.anchor);
                let Some(d) = paths::distance(&open, pawn, goal) else { continue };
                d.saturating_sub(lines.path.len)
            } else {
                line.gain
            };
            if gain > best && self.keeps_every_path(o, line.anchor, &mut threats) {
                best = gain;
            }
        }
        Some(best)
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

    /// Whether the free wall `o` at `a` leaves every player a path (the path rule), with
    /// the walls that could cut someone off found once into `threats`.
    #[inline]
    fn keeps_every_path(&self, o: Orientation, a: u8, threats: &mut Option<Threats>) -> bool {
        let threats = threats.get_or_insert_with(|| self.threats());
        self.cut_off_by(&self.maze.open, o, a, threats).is_none()
    }
}
