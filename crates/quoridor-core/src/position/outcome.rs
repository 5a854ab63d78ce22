//! The end of the game: [`Outcome`], wins, draws by the ply limit, elimination of a player
//! with no legal action, resignation ([`ResignError`]) and the [`Ranking`].

use core::fmt;

use crate::paths::PathCache;
use crate::square::Seat;
use crate::zobrist::KEYS;

use super::{Position, seat_bit};

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// This seat won: its pawn reached its goal, or every other player left.
    Winner(Seat),
    /// The ply limit was reached.
    Draw,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Winner(s) => write!(f, "{s} wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

/// Where each seat stands: rank 1 is best; equal ranks are shared (1, 2, 2, 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ranking {
    ranks: [Option<u8>; 4],
}

impl Ranking {
    /// The rank of `seat`, or `None` when the seat is not in the game.
    #[must_use]
    pub const fn rank(&self, seat: Seat) -> Option<u8> {
        self.ranks[seat.index()]
    }

    /// The seats in the game with their ranks, best first (ties in turn order).
    pub fn iter(&self) -> impl Iterator<Item = (Seat, u8)> + '_ {
        (1..=4u8).flat_map(move |r| {
            Seat::ALL
                .into_iter()
                .filter(move |s| self.ranks[s.index()] == Some(r))
                .map(move |s| (s, r))
        })
    }
}

/// Why a resignation was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ResignError {
    /// The game is over.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
    /// The seat does not play in this game, or already left it.
    #[error("{0} is not in the game")]
    NotInGame(Seat),
}

impl Position {
    pub(super) fn compute_outcome(&self) -> Option<Outcome> {
        if self.active.count_ones() == 1 {
            return Some(Outcome::Winner(Seat::ALL[self.active.trailing_zeros() as usize]));
        }
        let mut act = self.active;
        while act != 0 {
            let i = act.trailing_zeros() as usize;
            act &= act - 1;
            let seat = Seat::ALL[i];
            if self.pawns[i].bit() & self.goal_bits(seat) != 0 {
                return Some(Outcome::Winner(seat));
            }
        }
        self.draw()
    }

    /// A draw when the ply limit is reached.
    #[inline]
    pub(super) const fn draw(&self) -> Option<Outcome> {
        match self.ply_limit {
            Some(limit) if self.ply >= limit => Some(Outcome::Draw),
            _ => None,
        }
    }

    pub(super) fn has_legal_action(&self) -> bool {
        self.pawn_targets(self.turn) != 0
            || (self.walls_in_hand[self.turn.index()] > 0 && self.has_legal_wall())
    }

    /// Updates the outcome and eliminates side(s) to move that have no legal action.
    pub(super) fn settle(&mut self) {
        self.outcome = self.compute_outcome();
        self.eliminate();
    }

    /// Eliminates side(s) to move that have no legal action, given an up-to-date outcome.
    #[inline]
    pub(super) fn eliminate(&mut self) {
        // With two players nobody can be left without a legal action (docs/rules.md: the first
        // step of a shortest path is free, or holds the other pawn, which can then be jumped
        // or side-stepped along that path), so the check is only needed with more.
        if self.active.count_ones() == 2 {
            debug_assert!(self.outcome.is_some() || self.has_legal_action(), "{self}");
            return;
        }
        while self.outcome.is_none() && !self.has_legal_action() {
            self.remove(self.turn);
            self.outcome = self.compute_outcome();
        }
    }

    /// Takes `seat` out of the game; passes the turn on if it was its turn.
    fn remove(&mut self, seat: Seat) {
        let i = seat.index();
        let order = self.leave_order.iter().filter(|&&k| k != 0).count() as u8 + 1;
        self.leave_order[i] = order;
        self.active &= !seat_bit(seat);
        self.occupied &= !self.pawns[i].bit();
        self.zobrist ^= KEYS.pawn[i][self.pawns[i].index() as usize] ^ KEYS.left[i];
        self.paths[i] = PathCache::default();
        self.stale &= !(1 << i);
        if self.turn == seat {
            self.set_turn(self.next_active(seat));
        }
    }

    /// `seat` resigns: it leaves the game at once, whoever is to move.
    ///
    /// # Errors
    /// When the game is over or the seat is not in it.
    pub fn resign(&mut self, seat: Seat) -> Result<(), ResignError> {
        if let Some(o) = self.outcome {
            return Err(ResignError::GameOver(o));
        }
        if !self.is_active(seat) {
            return Err(ResignError::NotInGame(seat));
        }
        self.remove(seat);
        self.settle();
        Ok(())
    }

    /// The standing of every seat: the winner first, then the players still in the game by
    /// shortest distance (equal distances share a rank), then those who left, the later
    /// leaver first. In a draw, every player still in the game shares rank 1. While the game
    /// goes on, the players still in it are ranked by distance.
    #[must_use]
    pub fn ranking(&self) -> Ranking {
        let mut ranks = [None; 4];
        let winner = match self.outcome {
            Some(Outcome::Winner(w)) => Some(w),
            _ => None,
        };
        let draw = self.outcome == Some(Outcome::Draw);
        let active: u8 = self.active.count_ones() as u8;
        for s in self.seats() {
            let i = s.index();
            ranks[i] = Some(if self.is_active(s) {
                if Some(s) == winner || draw {
                    1
                } else {
                    let d = self.distance(s);
                    let better = self
                        .active_seats()
                        .filter(|&t| t != s && Some(t) != winner && self.distance(t) < d)
                        .count() as u8;
                    1 + u8::from(winner.is_some()) + better
                }
            } else {
                let later = self
                    .seats()
                    .filter(|t| self.leave_order[t.index()] > self.leave_order[i])
                    .count() as u8;
                active + 1 + later
            });
        }
        Ranking { ranks }
    }
}
