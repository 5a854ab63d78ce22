//! Playing moves: the move itself, the hash, the turn, and keeping each player's cached
//! shortest path (followed, mended round a wall, or searched for again).

use crate::moves::Move;
use crate::paths::{self, PathCache};
use crate::square::{STRIDE, Seat, Square};
use crate::zobrist::KEYS;

use super::{Outcome, PlayError, Position};

impl Position {
    /// Plays `m` for the side to move after checking it. On error nothing changes.
    ///
    /// # Errors
    /// The rule `m` breaks ([`PlayError`]).
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        self.check(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays a legal move without checking it (checked only by `debug_assert!`). Playing an
    /// illegal move leaves the position in an unspecified (but memory-safe) state.
    pub fn play_unchecked(&mut self, m: Move) {
        self.play_inner::<false>(m);
    }

    /// Plays a legal move like [`Position::play_unchecked`], but where the wall cuts a cached
    /// path that a detour round the wall's end mends, mends it and marks it stale instead of
    /// searching for a new shortest path: for positions whose moves are counted and no more
    /// (perft's last ply), as the legality filters need only some path. Every query still
    /// answers exactly: a stale seat's distance and path are searched for on demand, and the
    /// next move played brings the paths back to what `play_unchecked` would have kept.
    pub(crate) fn play_to_count(&mut self, m: Move) {
        self.play_inner::<true>(m);
    }

    #[inline(always)]
    fn play_inner<const MEND: bool>(&mut self, m: Move) {
        debug_assert!(self.is_legal(m), "illegal move {m} in {self}");
        self.refresh_paths();
        let seat = self.turn;
        let i = seat.index();
        match m {
            Move::Pawn(to) => {
                let from = self.pawns[i];
                self.zobrist ^=
                    KEYS.pawn[i][from.index() as usize] ^ KEYS.pawn[i][to.index() as usize];
                self.occupied ^= from.bit() | to.bit();
                self.pawns[i] = to;
                if !self.follow_path(i, from, to) {
                    self.recompute_path(seat);
                }
            }
            Move::Wall(w) => {
                let a = w.anchor().index();
                let o = w.orientation();
                self.maze.add(self.geo(), w);
                self.zobrist ^= KEYS.wall[o as usize][a as usize];
                let left = self.walls_in_hand[i];
                self.zobrist ^= KEYS.walls_left[i][left as usize & 127]
                    ^ KEYS.walls_left[i][left.wrapping_sub(1) as usize & 127];
                self.walls_in_hand[i] = left.saturating_sub(1);
                let mut act = self.active;
                while act != 0 {
                    let j = act.trailing_zeros() as usize;
                    act &= act - 1;
                    let p = &mut self.paths[j];
                    if !p.is_cut_by(o, a) {
                        continue;
                    }
                    if MEND && p.reroute(o, a, &self.maze.open) {
                        self.stale |= 1 << j;
                    } else {
                        self.recompute_path(Seat::ALL[j]);
                    }
                }
            }
        }
        self.ply = self.ply.saturating_add(1);
        self.set_turn(self.next_active(seat));
        // The game went on before this move, and nobody left: only the mover can have won.
        let won = matches!(m, Move::Pawn(to) if to.bit() & self.goal_bits(seat) != 0);
        self.outcome = if won { Some(Outcome::Winner(seat)) } else { self.draw() };
        self.eliminate();
    }

    /// This position with `seat` to move, as if the seats before it had passed: pawns,
    /// walls and walls in hand unchanged, the ply count one more (so a ply limit still
    /// ends the game, drawn). Passing is not a move of the game, which never allows it; a
    /// search uses it to ask what a player could do if another did nothing (a null move,
    /// best-reply search). It costs no revalidation: the cached paths are kept.
    ///
    /// `None` when the game is over, `seat` is not in it, the ply count would overflow, or
    /// `seat` would have no legal action (the rules would eliminate it).
    ///
    /// ```
    /// use quoridor_core::{Position, Seat};
    /// let pos = Position::default();
    /// let passed = pos.pass_to(Seat::North).unwrap();
    /// assert_eq!((passed.turn(), passed.ply()), (Seat::North, 1));
    /// assert_eq!(passed.to_string(), "9 S:e1:10,N:e9:10 - N 1");
    /// assert!(pos.pass_to(Seat::East).is_none()); // not in a two-player game
    /// ```
    #[must_use]
    pub fn pass_to(&self, seat: Seat) -> Option<Position> {
        if self.outcome.is_some() || !self.is_active(seat) {
            return None;
        }
        let mut p = *self;
        p.ply = p.ply.checked_add(1)?;
        p.set_turn(seat);
        p.outcome = p.draw();
        if p.outcome.is_none() && !p.has_legal_action() {
            return None;
        }
        Some(p)
    }

    /// Keeps the cached path of seat `i` when the pawn moved along it; false otherwise.
    #[inline]
    fn follow_path(&mut self, i: usize, from: Square, to: Square) -> bool {
        let (f, t) = (from.index(), to.index());
        let path = &mut self.paths[i];
        let (dc, dr) = (from.col().abs_diff(to.col()), from.row().abs_diff(to.row()));
        match (dc, dr) {
            (0, 1) | (1, 0) => path.take_step(f, t),
            (0, 2) | (2, 0) => {
                let mid = (f + t) / 2;
                let mut p = *path;
                if p.take_step(f, mid) && p.take_step(mid, t) {
                    *path = p;
                    true
                } else {
                    false
                }
            }
            (1, 1) => {
                let mids = [from.row() * STRIDE + to.col(), to.row() * STRIDE + from.col()];
                for mid in mids {
                    let mut p = *path;
                    if p.take_step(f, mid) && p.take_step(mid, t) {
                        *path = p;
                        return true;
                    }
                }
                false
            }
            _ => false,
        }
    }

    /// Replaces the stale paths by shortest ones. The open steps and the pawns have not
    /// changed since the paths went stale, so these are the very paths that
    /// [`Position::play_unchecked`] would have found.
    #[inline(always)]
    fn refresh_paths(&mut self) {
        let mut stale = self.stale;
        while stale != 0 {
            let i = stale.trailing_zeros() as usize;
            stale &= stale - 1;
            self.recompute_path(Seat::ALL[i]);
        }
        self.stale = 0;
    }

    /// The cached path of seat index `i`, or a shortest path found now if it is stale.
    pub(super) fn exact_path(&self, i: usize) -> PathCache {
        if self.stale & 1 << i == 0 {
            return self.paths[i];
        }
        let seat = Seat::ALL[i];
        paths::shortest_path(&self.maze.open, self.pawns[i], self.goal_bits(seat))
            .unwrap_or_default()
    }

    pub(super) fn recompute_path(&mut self, seat: Seat) {
        let i = seat.index();
        // A legal position always leaves every active player a path.
        self.paths[i] = paths::shortest_path(&self.maze.open, self.pawns[i], self.goal_bits(seat))
            .unwrap_or_default();
    }

    pub(super) fn next_active(&self, seat: Seat) -> Seat {
        // Bit k of `after` is the seat k + 1 places after `seat`, round the table.
        let i = seat.index();
        let after = (u32::from(self.active) * 0x11) >> (i + 1) & 0xF;
        if after == 0 { seat } else { Seat::ALL[(i + 1 + after.trailing_zeros() as usize) % 4] }
    }

    pub(super) fn set_turn(&mut self, seat: Seat) {
        self.zobrist ^= KEYS.turn[self.turn.index()] ^ KEYS.turn[seat.index()];
        self.turn = seat;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_size::BoardSize;
    use crate::config::{Config, Variant};
    use crate::geometry::{E, N};
    use crate::players::Players;
    use std::vec::Vec;

    /// The Zobrist keys' generator (splitmix64), so that the playouts are the same on every
    /// run.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            (crate::zobrist::splitmix(&mut self.0) % n as u64) as usize
        }
    }

    /// Whether the steps of seat `i`'s cached path, all open, lead from its pawn to its goal.
    fn path_leads_to_goal(pos: &Position, i: usize) -> bool {
        let p = pos.paths[i];
        let (n, e) = (p.north & pos.maze.open[N], p.east & pos.maze.open[E]);
        if (n, e) != (p.north, p.east) {
            return false;
        }
        let open = [n, e, n << STRIDE, e << 1];
        paths::reaches(&open, pos.pawns[i].bit(), pos.goal_bits(Seat::ALL[i]))
    }

    /// A position after `play_to_count` answers every query as after `play_unchecked`, and
    /// one move later keeps the very same paths.
    #[test]
    fn play_to_count_answers_like_play_unchecked() {
        let mut rng = Rng(7);
        let mut stale_seen = 0;
        for size in BoardSize::ALL {
            for (players, variant) in [
                (Players::Two, Variant::Classic),
                (Players::Three, Variant::Classic),
                (Players::Four, Variant::Classic),
                (Players::Four, Variant::KingOfTheHill),
            ] {
                let side = size.get();
                let walls = Some(((side - 1) * (side - 1) / 2 / players.get()).max(6));
                let config = Config { size, players, variant, walls, ..Config::default() };
                for _game in 0..3 {
                    let mut pos = Position::start(&config).unwrap();
                    while !pos.is_game_over() {
                        let moves = pos.legal_moves();
                        for &m in moves.iter() {
                            let mut exact = pos;
                            exact.play_unchecked(m);
                            let mut mended = pos;
                            mended.play_to_count(m);
                            stale_seen += usize::from(mended.stale != 0);
                            for s in Seat::ALL {
                                let i = s.index();
                                assert_eq!(exact.distance(s), mended.distance(s), "{pos} {m}");
                                assert!(
                                    exact.shortest_path(s).eq(mended.shortest_path(s)),
                                    "{pos} {m}"
                                );
                                if mended.is_active(s) {
                                    assert!(path_leads_to_goal(&mended, i), "{pos} {m} {s}");
                                }
                            }
                            assert_eq!(exact.outcome(), mended.outcome(), "{pos} {m}");
                            assert_eq!(exact.ranking(), mended.ranking(), "{pos} {m}");
                            assert_eq!(exact.zobrist(), mended.zobrist(), "{pos} {m}");
                            assert_eq!(exact.zobrist(), exact.zobrist_from_scratch(), "{pos} {m}");
                            assert_eq!(exact.count_legal_moves(), mended.count_legal_moves());
                            assert_eq!(*exact.legal_moves(), *mended.legal_moves(), "{pos} {m}");
                            if let Some(&next) = exact.legal_moves().first() {
                                exact.play_unchecked(next);
                                mended.play_unchecked(next);
                                assert_eq!(exact.paths, mended.paths, "{pos} {m} {next}");
                                assert_eq!(mended.stale, 0);
                            }
                        }
                        // Walls most of the time, to build mazes.
                        let walls: Vec<Move> =
                            moves.iter().copied().filter(|m| matches!(m, Move::Wall(_))).collect();
                        pos.play_unchecked(if !walls.is_empty() && rng.below(4) != 0 {
                            walls[rng.below(walls.len())]
                        } else {
                            moves[rng.below(moves.len())]
                        });
                    }
                }
            }
        }
        assert!(stale_seen > 1000, "{stale_seen}");
    }
}
