//! [`Setup`]: a position as plain, unchecked data, and [`SetupError`], what can be wrong with
//! one. `validate.rs` checks a setup; `fen.rs` writes and reads it as text.

use crate::board_size::BoardSize;
use crate::config::{MAX_WALLS_PER_PLAYER, Variant};
use crate::per_seat::PerSeat;
use crate::square::{Seat, Square};
use crate::wall::{Wall, WallSet};

use super::Position;

/// What a seat is doing, in a [`Setup`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SeatState {
    /// Still in the game, with its pawn on this square.
    Playing(Square),
    /// Left the game (resigned or eliminated): `Left(1)` left first, `Left(2)` second ...
    Left(u8),
}

/// One seat of a [`Setup`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeatSetup {
    /// Playing (and where) or left (and when).
    pub state: SeatState,
    /// Walls in hand.
    pub walls: u8,
}

/// A position as plain, unchecked data. Turn it into a [`Position`] with `Position::try_from`,
/// which says what is wrong with it, if anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Board side.
    pub size: BoardSize,
    /// Classic or King of the Hill.
    pub variant: Variant,
    /// Each seat (in turn order South, West, North, East); `None` for a seat not in the game.
    pub seats: PerSeat<Option<SeatSetup>>,
    /// Walls on the board.
    pub walls: WallSet,
    /// The seat to move.
    pub turn: Seat,
    /// Plies played so far.
    pub ply: u32,
    /// Ply limit (draw when reached), if any.
    pub ply_limit: Option<u32>,
}

/// What is wrong with a [`Setup`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The seats in the game are not S+N, S+W+N or all four.
    #[error(
        "these seats cannot play together: a game has South and North, South, West and North, or all four"
    )]
    Seats,
    /// King of the Hill needs four players.
    #[error("King of the Hill is played by four players")]
    KingOfTheHillPlayers,
    /// A seat holds more walls than allowed.
    #[error("{seat} holds {walls} walls: at most {MAX_WALLS_PER_PLAYER}")]
    TooManyWalls {
        /// The seat.
        seat: Seat,
        /// Its walls.
        walls: u8,
    },
    /// The players who left are not numbered 1, 2, ... in leaving order.
    #[error("the players who left must be numbered 1, 2, ... in the order they left")]
    LeaveOrder,
    /// Nobody is left playing.
    #[error("at least one player must still be in the game")]
    NoPlayers,
    /// A pawn is off the board.
    #[error("the pawn of {seat} on {square} is off the {size}x{size} board")]
    PawnOffBoard {
        /// The seat.
        seat: Seat,
        /// The square.
        square: Square,
        /// The board side.
        size: BoardSize,
    },
    /// Two pawns share a square.
    #[error("{first} and {second} both stand on {square}")]
    PawnsOverlap {
        /// One seat.
        first: Seat,
        /// The other seat.
        second: Seat,
        /// The square.
        square: Square,
    },
    /// A wall is off the board.
    #[error("wall {0} is not wholly on the board")]
    WallOffBoard(Wall),
    /// Two walls overlap or cross.
    #[error("walls {0} and {1} overlap or cross")]
    WallsConflict(Wall, Wall),
    /// A player has no path to the goal.
    #[error("{0} has no path to its goal")]
    NoPath(Seat),
    /// The side to move is not in the game.
    #[error("{0} is to move but is not in the game")]
    TurnNotInGame(Seat),
    /// More than one pawn stands on its goal.
    #[error("{0} and {1} both stand on their goals: only one player can have won")]
    TwoWinners(Seat, Seat),
    /// The ply limit is zero, or already passed.
    #[error("ply {ply} is past the ply limit {limit}")]
    PlyLimit {
        /// Plies played.
        ply: u32,
        /// The limit.
        limit: u32,
    },
    /// The side to move has no legal action: it would have been eliminated already.
    #[error("{0} is to move but has no legal action (it would have been eliminated)")]
    NoLegalAction(Seat),
}

impl Position {
    /// The plain data of this position.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let mut seats = [None; 4];
        for s in self.seats() {
            let i = s.index();
            seats[i] = Some(SeatSetup {
                state: if self.is_active(s) {
                    SeatState::Playing(self.pawns[i])
                } else {
                    SeatState::Left(self.leave_order[i])
                },
                walls: self.walls_in_hand[i],
            });
        }
        Setup {
            size: self.size,
            variant: self.variant,
            seats: seats.into(),
            walls: self.maze.walls,
            turn: self.turn,
            ply: self.ply,
            ply_limit: self.ply_limit,
        }
    }
}

impl From<Position> for Setup {
    fn from(pos: Position) -> Setup {
        pos.to_setup()
    }
}
