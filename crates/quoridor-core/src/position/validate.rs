//! Setup validation: `Position::try_from(setup)` checks a [`Setup`] rule by rule and builds
//! the [`Position`], with its masks, cached paths and hash.

use crate::config::{MAX_WALLS_PER_PLAYER, Variant};
use crate::geometry::geometry;
use crate::paths::{self, PathCache};
use crate::players::Players;
use crate::square::{Seat, Square};

use super::maze::Maze;
use super::{Position, SeatState, Setup, SetupError, seat_bit};

impl TryFrom<Setup> for Position {
    type Error = SetupError;

    fn try_from(setup: Setup) -> Result<Position, SetupError> {
        let g = geometry(setup.size);
        let mut seats = 0u8;
        for s in Seat::ALL {
            if setup.seats[s].is_some() {
                seats |= seat_bit(s);
            }
        }
        let players = seats.count_ones() as u8;
        match Players::new(players).map(Players::seats) {
            Some(list) if list.iter().all(|&s| seats & seat_bit(s) != 0) => {}
            _ => return Err(SetupError::Seats),
        }
        if setup.variant == Variant::KingOfTheHill && players != 4 {
            return Err(SetupError::KingOfTheHillPlayers);
        }
        let mut pos = Position {
            size: setup.size,
            variant: setup.variant,
            seats,
            active: 0,
            leave_order: [0; 4],
            turn: setup.turn,
            pawns: [Square::from_bit_index(0); 4],
            walls_in_hand: [0; 4],
            maze: Maze::empty(g),
            occupied: 0,
            ply: setup.ply,
            ply_limit: setup.ply_limit,
            outcome: None,
            zobrist: 0,
            paths: [PathCache::default(); 4],
            stale: 0,
        };
        let mut left_mask = 0u8;
        for s in Seat::ALL {
            let i = s.index();
            let Some(st) = setup.seats[s] else { continue };
            if st.walls > MAX_WALLS_PER_PLAYER {
                return Err(SetupError::TooManyWalls { seat: s, walls: st.walls });
            }
            pos.walls_in_hand[i] = st.walls;
            match st.state {
                SeatState::Playing(sq) => {
                    if !sq.on_board(setup.size) {
                        return Err(SetupError::PawnOffBoard {
                            seat: s,
                            square: sq,
                            size: setup.size,
                        });
                    }
                    if let Some(other) = pos.active_seats().find(|o| pos.pawns[o.index()] == sq) {
                        return Err(SetupError::PawnsOverlap {
                            first: other,
                            second: s,
                            square: sq,
                        });
                    }
                    pos.pawns[i] = sq;
                    pos.active |= seat_bit(s);
                    pos.occupied |= sq.bit();
                }
                SeatState::Left(k) => {
                    if k == 0 || k > 3 || left_mask & (1 << k) != 0 {
                        return Err(SetupError::LeaveOrder);
                    }
                    left_mask |= 1 << k;
                    pos.leave_order[i] = k;
                }
            }
        }
        let leavers = left_mask.count_ones();
        if left_mask != ((1u8 << (leavers + 1)) - 2) {
            return Err(SetupError::LeaveOrder);
        }
        if pos.active == 0 {
            return Err(SetupError::NoPlayers);
        }
        for w in setup.walls {
            if !w.on_board(setup.size) {
                return Err(SetupError::WallOffBoard(w));
            }
            if let Some(other) = setup.walls.conflict_with(w) {
                return Err(SetupError::WallsConflict(other.min(w), other.max(w)));
            }
            pos.maze.add(g, w);
        }
        if !pos.is_active(setup.turn) {
            return Err(SetupError::TurnNotInGame(setup.turn));
        }
        for s in Seat::ALL {
            if !pos.is_active(s) {
                continue;
            }
            let i = s.index();
            pos.paths[i] = paths::shortest_path(&pos.maze.open, pos.pawns[i], pos.goal_bits(s))
                .ok_or(SetupError::NoPath(s))?;
        }
        {
            let mut on_goal =
                pos.active_seats().filter(|&s| pos.pawns[s.index()].bit() & pos.goal_bits(s) != 0);
            if let (Some(a), Some(b)) = (on_goal.next(), on_goal.next()) {
                return Err(SetupError::TwoWinners(a, b));
            }
        }
        if let Some(limit) = setup.ply_limit {
            if limit == 0 || setup.ply > limit {
                return Err(SetupError::PlyLimit { ply: setup.ply, limit });
            }
        }
        pos.zobrist = pos.zobrist_from_scratch();
        pos.outcome = pos.compute_outcome();
        if pos.outcome.is_none() && !pos.has_legal_action() {
            return Err(SetupError::NoLegalAction(pos.turn));
        }
        Ok(pos)
    }
}
