//! Perft's bulk counting: the number of legal moves after a wall without placing it, and
//! the moves of the last two plies summed in bulk (see [`crate::perft()`]).

use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::paths::{self, PathCache};
use crate::square::{STRIDE, Seat, Square};
use crate::wall::{Orientation, Wall};

use super::Position;
use super::maze::{footprint, open_with, taken_count};

impl Position {
    /// The number of legal moves after the side to move places the legal wall `w`, without
    /// playing it: perft's last ply, which needs neither the hash nor exact paths of the
    /// position after the wall. `None` with more than two players in the game, where the wall
    /// could leave the next player without a legal action (to be eliminated): then play it.
    #[inline]
    pub(crate) fn count_after_wall(&self, w: Wall) -> Option<usize> {
        debug_assert!(self.is_legal(Move::Wall(w)), "illegal wall {w} in {self}");
        if self.active.count_ones() != 2 {
            return None;
        }
        if matches!(self.ply_limit, Some(limit) if self.ply.saturating_add(1) >= limit) {
            return Some(0);
        }
        let next = self.next_active(self.turn);
        let maze = self.maze.with(self.geo(), w);
        let pawn = self.pawn_targets_in(&maze.open, next).count_ones() as usize;
        if self.walls_in_hand[next.index()] == 0 {
            return Some(pawn);
        }
        let walls = self.count_legal_walls_in(&maze, || {
            // Paths the wall cuts are mended round its end where possible (some walk to the
            // goal is all the threats need), searched for again otherwise.
            let (o, a) = (w.orientation(), w.anchor().index());
            let mut paths = [PathCache::default(); 4];
            let mut act = self.active;
            while act != 0 {
                let j = act.trailing_zeros() as usize;
                act &= act - 1;
                let mut p = self.paths[j];
                if p.is_cut_by(o, a) && !p.reroute(o, a, &maze.open) {
                    let seat = Seat::ALL[j];
                    p = paths::shortest_path(&maze.open, self.pawns[j], self.goal_bits(seat))
                        .unwrap_or_default();
                }
                paths[j] = p;
            }
            paths
        });
        Some(pawn + walls)
    }

    /// The number of legal moves summed over the positions after each legal move: perft's
    /// last two plies, counted in bulk.
    ///
    /// With two players and no ply limit, walls are counted without being placed. The
    /// argument: a wall `x` is legal after the wall `w` exactly when `x` fits and `w` is legal
    /// after `x` (both orders reach the same position). Where `w` touches walls and the edge
    /// at one point at most, `w` can only close a loop after `x` (and so cut a player off,
    /// [`Maze::add`](super::maze::Maze::add)) if `x` touches one of the other points of `w` and something else; and
    /// then only if `w` or `x` blocks a step of some player's path. So:
    ///
    /// - a wall touching nothing, and no step that the next pawn's moves read, leaves the
    ///   moves after it equal to the pawn moves now plus the legal walls now, less those it
    ///   leaves no room for: these walls are summed in one go over bit masks;
    /// - a wall touching one point and blocking no path step is counted the same way, one by
    ///   one, checking the few walls `x` above with a flood fill;
    /// - the rest (walls touching two points or more, or one point and on a path) are
    ///   counted after building what the position after them needs
    ///   ([`Position::count_after_wall`]).
    ///
    /// Pawn moves, and every move with more players or a ply limit, are played and counted.
    pub(crate) fn count_children(&self) -> u64 {
        if self.is_game_over() {
            return 0;
        }
        let mut n = 0u64;
        let quiet = self.active.count_ones() == 2 && self.ply_limit.is_none();
        if !quiet {
            self.for_each_legal_move(|m| {
                let mut next = *self;
                next.play_to_count(m);
                n += next.count_legal_moves() as u64;
            });
            return n;
        }
        for sq in self.pawn_moves() {
            let mut next = *self;
            next.play_to_count(Move::Pawn(sq));
            n += next.count_legal_moves() as u64;
        }
        if self.walls_in_hand[self.turn.index()] == 0 {
            return n;
        }
        let (lh, lv) = self.legal_wall_bits();
        let g = self.geo();
        let maze = &self.maze;
        let next = self.next_active(self.turn);
        let from = self.pawns[next.index()].bit();
        // The squares whose steps the next pawn's moves read: its own and the pawns next to
        // it (for jumps and side-steps); and the walls that block one of those steps.
        let read = from | paths::expand(from, &maze.open) & self.occupied;
        let pawn_near = read | read >> 1 | read >> STRIDE | read >> (STRIDE + 1);
        let t = maze.touched;
        let near_h = t | t << 1 | t >> 1 | g.anchor_first_col | g.anchor_last_col;
        let near_v = t | t << STRIDE | t >> STRIDE | g.anchor_first_row | g.anchor_last_row;
        let bh = lh & !(near_h | pawn_near);
        let bv = lv & !(near_v | pawn_near);
        let batch = u64::from(bh.count_ones() + bv.count_ones());
        let pawn = u64::from(self.pawn_targets_in(&maze.open, next).count_ones());
        n += batch * pawn;
        let has_walls = self.walls_in_hand[next.index()] != 0;
        // The walls that block a step of some player's path.
        let (mut step_h, mut step_v) = (0, 0);
        let mut act = self.active;
        while act != 0 {
            let p = &self.paths[act.trailing_zeros() as usize];
            act &= act - 1;
            step_h |= p.north | p.north >> 1;
            step_v |= p.east | p.east >> STRIDE;
        }
        let legal = u64::from(lh.count_ones() + lv.count_ones());
        if has_walls {
            let taken = (bh & lh << 1).count_ones()
                + (bh & lh >> 1).count_ones()
                + (bh & lv).count_ones()
                + (bv & lv << STRIDE).count_ones()
                + (bv & lv >> STRIDE).count_ones()
                + (bv & lh).count_ones();
            n += batch * legal - batch - u64::from(taken);
        }
        for (bits, o) in [(lh & !bh, Orientation::Horizontal), (lv & !bv, Orientation::Vertical)] {
            for a in Bitboard::from_square_bits(bits) {
                let a = a.index();
                let (points, touches_edge, [th, tv]) = footprint(g, o, a);
                // Whether the wall touches walls or the edge at no point, one, or more.
                let c = points & t;
                let contacts = u32::from(c != 0)
                    + u32::from(c & c.wrapping_sub(1) != 0)
                    + u32::from(touches_edge);
                let on_path = match o {
                    Orientation::Horizontal => step_h,
                    Orientation::Vertical => step_v,
                } & 1 << a
                    != 0;
                if contacts >= 2 || contacts == 1 && on_path {
                    let w = Wall::on_anchor(Square::from_bit_index(u32::from(a)), o);
                    // Two players here, so the count never needs the wall played; were it
                    // needed, playing it gives the same count.
                    n += if let Some(count) = self.count_after_wall(w) {
                        count as u64
                    } else {
                        let mut after = *self;
                        after.play_to_count(Move::Wall(w));
                        after.count_legal_moves() as u64
                    };
                    continue;
                }
                let open = open_with(&maze.open, o, a);
                n += if pawn_near & 1 << a != 0 {
                    u64::from(self.pawn_targets_in(&open, next).count_ones())
                } else {
                    pawn
                };
                if !has_walls {
                    continue;
                }
                n += legal - u64::from(taken_count([lh, lv], o, a));
                if contacts == 1 {
                    // Joined at one point, the wall closes a loop with a wall `x` only if `x`
                    // touches one of its two other points and something else; and as the
                    // wall blocks no step of any player's path, `x` can only cut a player
                    // off if it blocks one. Check those.
                    let q = points & !t;
                    let dh = lh & !th & (q | q << 1 | q >> 1) & near_h & step_h;
                    let dv = lv & !tv & (q | q << STRIDE | q >> STRIDE) & near_v & step_v;
                    for (d, xo) in [(dh, Orientation::Horizontal), (dv, Orientation::Vertical)] {
                        for x in Bitboard::from_square_bits(d) {
                            let open = open_with(&open, xo, x.index());
                            n -= u64::from(self.someone_cut_off(&open));
                        }
                    }
                }
            }
        }
        n
    }

    /// Whether some active seat has no path to its goal in the open steps `open`.
    #[inline]
    fn someone_cut_off(&self, open: &[u128; 4]) -> bool {
        let mut act = self.active;
        while act != 0 {
            let i = act.trailing_zeros() as usize;
            act &= act - 1;
            if !paths::reaches(open, self.pawns[i].bit(), self.goal_bits(Seat::ALL[i])) {
                return true;
            }
        }
        false
    }
}
