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

use quoridor_core::{Move, Position, Seat, Square, Wall, WallSet};

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

/// Whether two walls cannot stand together: the same wall, overlapping, or crossing.
pub(super) fn clash(a: Wall, b: Wall) -> bool {
    a.clashing().contains(&Some(b))
}

/// Positions after walls, shared by the exposures of one node: the players' paths near
/// the goal overlap, and so do the walls across them.
pub(super) type Afters = Vec<(Wall, Position)>;

/// The index in `afters` of the position after `wall` (placed by the side to move of `pos`,
/// which may place it), added if missing.
fn after(afters: &mut Afters, pos: &Position, wall: Wall) -> usize {
    if let Some(i) = afters.iter().position(|x| x.0 == wall) {
        return i;
    }
    let mut p = *pos;
    p.play_unchecked(Move::Wall(wall));
    afters.push((wall, p));
    afters.len() - 1
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
            let at = after(afters, pos, wall);
            let child = &afters[at].1;
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
    pub(super) fn after_wall(&self, wall: Wall, legal: &WallSet, afters: &Afters) -> u8 {
        if !self.touched.contains(wall) {
            return self.vul;
        }
        if self.across.contains(wall) {
            // The player's path changes: measured afresh after the wall, which is one of
            // the tries (a legal wall across the path).
            let Some(t) = self.tries.iter().flatten().find(|t| t.wall == wall) else {
                return self.vul;
            };
            let child = &afters[t.at].1;
            let mut most = 0;
            for w in t.across {
                if !legal.contains(w) || clash(w, wall) {
                    continue;
                }
                if let Some(a) = child.distance_after_wall(self.seat, w) {
                    most = most.max(a.saturating_sub(t.dist).min(VUL_NEAR));
                }
            }
            return most;
        }
        let mut most = 0;
        for t in self.tries.iter().flatten() {
            if clash(t.wall, wall) {
                continue;
            }
            let d = if t.across.contains(wall) {
                afters[t.at].1.distance_after_wall(self.seat, wall)
            } else {
                Some(t.dist)
            };
            if let Some(d) = d {
                most = most.max(d.saturating_sub(self.dist).min(VUL_NEAR));
            }
        }
        most
    }
}
