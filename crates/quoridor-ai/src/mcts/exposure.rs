//! A player's exposure to walls at a node: what an expansion needs to find the player's
//! vulnerability ([`crate::eval::vulnerability`]: how far one more wall can lengthen its
//! path) after each wall the mover could place, exactly and for little more than a set
//! lookup per wall.
//!
//! Take a shortest path `P` of the player and the walls that block a step of it (the walls
//! *across* it). A wall can lengthen the player's path only if it blocks a step of every
//! shortest path, so only walls across `P` can: those the mover could place are the
//! *tries*, each kept with the position after it (in [`Afters`], shared by the players of
//! the node) and the walls across the player's new shortest path. After the mover's wall
//! `W`:
//! - if `W` is across `P`, it is one of the tries and the player's path changes: the walls
//!   across its new path are tried in the position after `W` (the same reasoning, one level
//!   down);
//! - otherwise `P` is still a shortest path, and only the tries can lengthen it: a try that
//!   overlaps or crosses `W` is gone, one whose new path `W` is across is measured with both
//!   walls (or gone, if together they would cut the player off), and every other try
//!   lengthens the path as much as it did.
//!
//! So a wall that is across neither `P` nor a try's path, and touches no try, leaves the
//! vulnerability as it was; the walls that do (`touched`) are a few dozen at most. The one
//! thing not followed is the rule that a wall may not cut *another* player off: a try that
//! only together with `W` would close another player's last path still counts.

use quoridor_core::{Move, Orientation, Position, Seat, Square, Variant, Wall, WallSet};

use crate::eval::VUL_NEAR;

/// Players this many steps from the goal or nearer are followed.
pub(super) const EXPOSED: u8 = 8;

/// Most walls that block a step of a path of [`EXPOSED`] steps (two a step).
const MOST_TRIES: usize = 2 * EXPOSED as usize;

/// The walls that block a step of `path`, given by its squares in order.
pub(super) fn walls_across(path: impl Iterator<Item = Square>) -> WallSet {
    let mut cut = WallSet::new();
    let mut prev: Option<Square> = None;
    for sq in path {
        if let Some(p) = prev {
            for w in Wall::blocking(p, sq).into_iter().flatten() {
                cut.insert(w);
            }
        }
        prev = Some(sq);
    }
    cut
}

/// A wall's number, below 256: its anchor's index and its orientation.
fn key(w: Wall) -> u16 {
    u16::from(w.anchor().index()) | u16::from(w.orientation() == Orientation::Vertical) << 7
}

/// Slots of the table of distances after two walls (a power of two).
const PAIR_SLOTS: usize = 2048;

/// Slots a lookup probes before it measures without remembering.
const PAIR_PROBES: usize = 8;

/// Distances after two walls: both walls' numbers, the expansion that wrote it, the seats
/// measured (a bit each) and their distances ([`u8::MAX`] for cut off).
#[derive(Clone, Copy, Default)]
struct Pair {
    key: u16,
    known: u8,
    stamp: u32,
    dist: [u8; 4],
}

/// Positions after walls, shared by the exposures of one node (the players' paths near
/// the goal overlap, and so do the walls across them), and the distances after two walls
/// measured so far: the same two walls come up for each player whose path both cross, and
/// as each other's try. In King of the Hill one flood fill from the crown measures every
/// seat of a pair at once.
#[derive(Default)]
pub(super) struct Afters {
    list: Vec<(Wall, Position)>,
    pairs: Vec<Pair>,
    /// This expansion's stamp: slots with another are empty.
    stamp: u32,
    shared_goal: bool,
}

impl core::fmt::Debug for Afters {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Afters").field("positions", &self.list.len()).finish_non_exhaustive()
    }
}

impl Afters {
    /// Empties the lists for a new node of `pos`.
    pub(super) fn clear(&mut self, pos: &Position) {
        self.list.clear();
        self.shared_goal = pos.variant() == Variant::KingOfTheHill;
        if self.pairs.is_empty() {
            self.pairs = vec![Pair::default(); PAIR_SLOTS];
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.pairs.fill(Pair::default());
            self.stamp = 1;
        }
    }

    /// The index of the position after `wall` (placed by the side to move of `pos`, which
    /// may place it), added if missing.
    fn after(&mut self, pos: &Position, wall: Wall) -> usize {
        if let Some(i) = self.list.iter().position(|x| x.0 == wall) {
            return i;
        }
        let mut p = *pos;
        p.play_unchecked(Move::Wall(wall));
        self.list.push((wall, p));
        self.list.len() - 1
    }

    /// The position at `at`.
    fn get(&self, at: usize) -> &Position {
        &self.list[at].1
    }

    /// The distance of `seat` once the wall of the position at `at` and `other` (not
    /// clashing with it, placeable) both stand; `None` if they cut it off.
    fn distance_with(&mut self, at: usize, other: Wall, seat: Seat) -> Option<u8> {
        let (wall, pos) = &self.list[at];
        let (a, b) = (key(*wall), key(other));
        let k = a.min(b) << 8 | a.max(b);
        let bit = 1u8 << seat.index();
        let home = (u32::from(k).wrapping_mul(0x9E37_79B1) >> 21) as usize;
        let mut free = None;
        for probe in 0..PAIR_PROBES {
            let i = (home + probe) & (PAIR_SLOTS - 1);
            let slot = self.pairs[i];
            if slot.stamp != self.stamp {
                free = Some(i);
                break;
            }
            if slot.key == k {
                if slot.known & bit != 0 {
                    let d = slot.dist[seat.index()];
                    return (d != u8::MAX).then_some(d);
                }
                free = Some(i);
                break;
            }
        }
        let Some(i) = free else {
            return pos.distance_after_wall(seat, other);
        };
        let slot = &mut self.pairs[i];
        if slot.stamp != self.stamp || slot.key != k {
            *slot = Pair { key: k, known: 0, stamp: self.stamp, dist: [u8::MAX; 4] };
        }
        if self.shared_goal {
            let all = pos.distances_after_wall(other);
            for (d, x) in slot.dist.iter_mut().zip(all) {
                *d = x.unwrap_or(u8::MAX);
            }
            slot.known = 0b1111;
        } else {
            slot.dist[seat.index()] = pos.distance_after_wall(seat, other).unwrap_or(u8::MAX);
            slot.known |= bit;
        }
        let d = slot.dist[seat.index()];
        (d != u8::MAX).then_some(d)
    }
}

/// A wall across the player's path that the mover could place, and what it does to the
/// player.
#[derive(Clone, Copy)]
struct Try {
    wall: Wall,
    /// The player's distance after it.
    dist: u8,
    /// The walls across the player's shortest path after it.
    across: WallSet,
    /// The position after it, in the node's [`Afters`].
    at: usize,
}

/// One player's exposure at a node (see the module's docs).
pub(super) struct Exposure {
    seat: Seat,
    dist: u8,
    vul: u8,
    /// The walls across the player's shortest path.
    across: WallSet,
    tries: [Option<Try>; MOST_TRIES],
    /// The walls after which the vulnerability may differ from `vul`.
    touched: WallSet,
}

impl Exposure {
    /// The exposure of `seat` (in the game, at most [`EXPOSED`] steps from its goal) in
    /// `pos`, whose side to move may place the walls of `legal`; the positions after the
    /// walls it tries go to `afters`.
    pub(super) fn new(
        pos: &Position,
        seat: Seat,
        legal: &WallSet,
        afters: &mut Afters,
    ) -> Option<Exposure> {
        let dist = pos.distance(seat)?;
        if dist > EXPOSED {
            return None;
        }
        let across = walls_across(pos.shortest_path(seat));
        let mut e =
            Exposure { seat, dist, vul: 0, across, tries: [None; MOST_TRIES], touched: across };
        let mut n = 0;
        for wall in across.into_iter().filter(|&w| legal.contains(w)) {
            let at = afters.after(pos, wall);
            let child = afters.get(at);
            let Some(d) = child.distance(seat) else { continue };
            let t = Try { wall, dist: d, across: walls_across(child.shortest_path(seat)), at };
            e.vul = e.vul.max(d.saturating_sub(dist).min(VUL_NEAR));
            for w in t.across.into_iter().chain(wall.clashing().into_iter().flatten()) {
                e.touched.insert(w);
            }
            // A path of at most `EXPOSED` steps has at most `MOST_TRIES` walls across it.
            if let Some(slot) = e.tries.get_mut(n) {
                *slot = Some(t);
                n += 1;
            }
        }
        Some(e)
    }

    /// The seat.
    pub(super) fn seat(&self) -> Seat {
        self.seat
    }

    /// The vulnerability at the node.
    #[cfg(test)]
    pub(super) fn vul(&self) -> u8 {
        self.vul
    }

    /// The vulnerability after the mover places `wall`, one of `legal` (the walls the
    /// exposure was made with, and `afters` the positions it was made with).
    pub(super) fn after_wall(&self, wall: Wall, legal: &WallSet, afters: &mut Afters) -> u8 {
        if !self.touched.contains(wall) {
            return self.vul;
        }
        if self.across.contains(wall) {
            // The player's path changes: measured afresh after the wall, which is one of
            // the tries (a legal wall across the path).
            let Some(t) = self.tries.iter().flatten().find(|t| t.wall == wall) else {
                return self.vul;
            };
            let mut most = 0;
            for w in t.across {
                if !legal.contains(w) || w.clashes_with(wall) {
                    continue;
                }
                if let Some(a) = afters.distance_with(t.at, w, self.seat) {
                    most = most.max(a.saturating_sub(t.dist).min(VUL_NEAR));
                    if most >= VUL_NEAR {
                        break;
                    }
                }
            }
            return most;
        }
        // First the tries the wall leaves as they were, then (only if the most is not
        // reached) those it lengthens further, each a flood fill.
        let mut most = 0;
        for t in self.tries.iter().flatten() {
            if !t.wall.clashes_with(wall) && !t.across.contains(wall) {
                most = most.max(t.dist.saturating_sub(self.dist).min(VUL_NEAR));
            }
        }
        for t in self.tries.iter().flatten() {
            if most >= VUL_NEAR {
                break;
            }
            if t.wall.clashes_with(wall) || !t.across.contains(wall) {
                continue;
            }
            if let Some(d) = afters.distance_with(t.at, wall, self.seat) {
                most = most.max(d.saturating_sub(self.dist).min(VUL_NEAR));
            }
        }
        most
    }
}
