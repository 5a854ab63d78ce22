//! The always-legal [`Position`]: its state, its start from a [`Config`], and its getters.
//!
//! The rest of what a position does lives in the files beside this one, one job each:
//! - `setup`: the plain-data [`Setup`] and [`SetupError`];
//! - `validate`: turning a [`Setup`] into a [`Position`], rule by rule;
//! - `maze`: the walls on the board and the masks kept from them;
//! - `movegen`: legal moves, legality checks and [`PlayError`];
//! - `count`: perft's bulk counting of the last two plies;
//! - `play`: playing moves and keeping the cached shortest paths;
//! - `distance`: distances and shortest paths, read from that cache;
//! - `outcome`: the end of the game, resignation, elimination and [`Ranking`].

mod count;
mod distance;
mod maze;
mod movegen;
mod outcome;
mod play;
mod setup;
mod threat;
mod validate;

use core::fmt;

use crate::bitboard::Bitboard;
use crate::board_size::BoardSize;
use crate::config::{Config, ConfigError, Variant};
use crate::geometry::{Geometry, geometry};
use crate::paths::PathCache;
use crate::players::Players;
use crate::square::{Direction, Seat, Square};
use crate::wall::WallSet;
use crate::zobrist::KEYS;

pub use distance::DistanceMap;
use maze::Maze;
pub use movegen::PlayError;
pub use outcome::{Outcome, Ranking, ResignError};
pub use setup::{SeatSetup, SeatState, Setup, SetupError};

/// A legal position of any variant: the board, the pawns, the walls, walls in hand, who is
/// still playing and who is to move.
///
/// It also keeps a shortest path for every player, so that wall legality and distances are
/// cheap, and an incrementally updated Zobrist hash.
///
/// ```
/// use quoridor_core::{Move, Position, Seat};
/// let mut pos = Position::default(); // 9x9, two players, South to move
/// assert_eq!(pos.legal_moves().len(), 131);
/// pos.play("e2".parse().unwrap()).unwrap();
/// assert_eq!(pos.turn(), Seat::North);
/// assert_eq!(pos.distance(Seat::South), Some(7));
/// let err = pos.play("e3h".parse().unwrap()).and_then(|_| pos.play("e3v".parse().unwrap()));
/// assert_eq!(err.unwrap_err().to_string(), "wall e3v crosses the placed wall e3h");
/// ```
#[derive(Clone, Copy)]
pub struct Position {
    size: BoardSize,
    variant: Variant,
    seats: u8,
    active: u8,
    leave_order: [u8; 4],
    turn: Seat,
    pawns: [Square; 4],
    walls_in_hand: [u8; 4],
    maze: Maze,
    occupied: u128,
    ply: u32,
    ply_limit: Option<u32>,
    outcome: Option<Outcome>,
    zobrist: u64,
    paths: [PathCache; 4],
    /// Seats whose cached path is stale (see [`Position::play_to_count`]).
    stale: u8,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        // The cached paths are a by-product: two equal positions may cache different ones.
        self.to_setup() == other.to_setup()
    }
}

impl Eq for Position {}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.to_setup().hash(state);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

impl Default for Position {
    /// The classic two-player 9x9 start, South to move.
    fn default() -> Position {
        // The default configuration is valid (a unit test of `config.rs` checks it).
        Position::start(&Config::default()).unwrap_or_else(|_| unreachable!())
    }
}

#[inline(always)]
const fn seat_bit(s: Seat) -> u8 {
    1 << s.index()
}

impl Position {
    /// The start position of a configuration.
    ///
    /// # Errors
    /// When the configuration breaks a rule ([`ConfigError`]).
    pub fn start(config: &Config) -> Result<Position, ConfigError> {
        config.validate()?;
        let g = geometry(config.size);
        let mut seats = [None; 4];
        for &s in config.seats() {
            seats[s.index()] = Some(SeatSetup {
                state: SeatState::Playing(g.start(s)),
                walls: config.starting_walls(s),
            });
        }
        let setup = Setup {
            size: config.size,
            variant: config.variant,
            seats: seats.into(),
            walls: WallSet::new(),
            turn: config.first,
            ply: 0,
            ply_limit: config.ply_limit,
        };
        // A start position of a valid configuration is always legal; were it not, the error
        // says which rule it breaks.
        Position::try_from(setup).map_err(ConfigError::Start)
    }

    #[inline(always)]
    fn geo(&self) -> &'static Geometry {
        geometry(self.size)
    }

    /// Board side.
    #[must_use]
    pub const fn size(&self) -> BoardSize {
        self.size
    }

    /// Classic or King of the Hill.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The seats that play (or played) in this game, in turn order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().filter(move |s| self.seats & seat_bit(*s) != 0)
    }

    /// The seats still in the game, in turn order.
    pub fn active_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().filter(move |s| self.active & seat_bit(*s) != 0)
    }

    /// The seats still in the game in the order they move from now on, the side to move
    /// first.
    ///
    /// ```
    /// use quoridor_core::{Config, Players, Position, Seat};
    /// let mut pos = Position::start(&Config::default().with_players(Players::Four)).unwrap();
    /// pos.play("e2".parse().unwrap()).unwrap();
    /// let order: Vec<Seat> = pos.turn_order().collect();
    /// assert_eq!(order, [Seat::West, Seat::North, Seat::East, Seat::South]);
    /// ```
    pub fn turn_order(&self) -> impl Iterator<Item = Seat> + '_ {
        let first = self.turn.index();
        (0..4).map(move |k| Seat::ALL[(first + k) % 4]).filter(move |&s| self.is_active(s))
    }

    /// Number of players the game started with.
    #[must_use]
    pub const fn players(&self) -> Players {
        // A position has two to four seats (checked when it is made).
        match Players::new(self.seats.count_ones() as u8) {
            Some(p) => p,
            None => Players::Two,
        }
    }

    /// Whether `seat` is still in the game.
    #[must_use]
    pub fn is_active(&self, seat: Seat) -> bool {
        self.active & seat_bit(seat) != 0
    }

    /// When `seat` left the game: `Some(1)` for the first to leave, ...; `None` if it did not.
    #[must_use]
    pub const fn leave_order(&self, seat: Seat) -> Option<u8> {
        match self.leave_order[seat.index()] {
            0 => None,
            k => Some(k),
        }
    }

    /// The seat to move.
    #[must_use]
    pub const fn turn(&self) -> Seat {
        self.turn
    }

    /// Where the pawn of `seat` stands (`None` when the seat is not in the game).
    #[must_use]
    pub fn pawn(&self, seat: Seat) -> Option<Square> {
        self.is_active(seat).then(|| self.pawns[seat.index()])
    }

    /// Walls `seat` holds.
    #[must_use]
    pub const fn walls_in_hand(&self, seat: Seat) -> u8 {
        self.walls_in_hand[seat.index()]
    }

    /// The walls on the board.
    #[must_use]
    pub const fn walls(&self) -> WallSet {
        self.maze.walls
    }

    /// Plies played since the start of the game.
    #[must_use]
    pub const fn ply(&self) -> u32 {
        self.ply
    }

    /// The ply limit, if any.
    #[must_use]
    pub const fn ply_limit(&self) -> Option<u32> {
        self.ply_limit
    }

    /// The Zobrist key: a 64-bit hash of the pawns, walls, walls in hand, who left, and the
    /// side to move, kept up to date move by move (for transposition tables). Equal positions
    /// have equal keys, however they were reached.
    ///
    /// Not to be confused with the [`Hash`](core::hash::Hash) implementation, which feeds a
    /// `Hasher` (for `HashMap` keys) and agrees with `Eq`.
    ///
    /// ```
    /// use quoridor_core::Position;
    /// let mut a = Position::default();
    /// let mut b = Position::default();
    /// for m in ["e2", "e8", "e3"] {
    ///     a.play(m.parse()?)?;
    /// }
    /// for m in ["e2", "e8", "e3"] {
    ///     b.play(m.parse()?)?;
    /// }
    /// assert_eq!(a.zobrist(), b.zobrist());
    /// assert_ne!(a.zobrist(), Position::default().zobrist());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn zobrist(&self) -> u64 {
        self.zobrist
    }

    /// The goal squares of `seat`.
    #[must_use]
    pub fn goal(&self, seat: Seat) -> Bitboard {
        Bitboard::from_square_bits(self.goal_bits(seat))
    }

    #[inline(always)]
    fn goal_bits(&self, seat: Seat) -> u128 {
        match self.variant {
            Variant::Classic => self.geo().goals[seat.index()],
            Variant::KingOfTheHill => self.geo().centre.bit(),
        }
    }

    /// Whether a step from `sq` in `dir` is free of walls and stays on the board.
    #[must_use]
    pub const fn can_step(&self, sq: Square, dir: Direction) -> bool {
        sq.on_board(self.size) && self.maze.open[dir as usize] >> sq.index() & 1 != 0
    }

    /// The squares holding a pawn.
    #[must_use]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard::from_square_bits(self.occupied)
    }

    /// How the game ended, or `None` while it goes on.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    #[must_use]
    pub const fn is_game_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The Zobrist key computed from scratch (what [`Position::zobrist`] keeps up to date).
    fn zobrist_from_scratch(&self) -> u64 {
        let mut h = KEYS.turn[self.turn.index()];
        for s in self.seats() {
            let i = s.index();
            h ^= KEYS.walls_left[i][self.walls_in_hand[i] as usize & 127];
            h ^= if self.is_active(s) {
                KEYS.pawn[i][self.pawns[i].index() as usize]
            } else {
                KEYS.left[i]
            };
        }
        for w in self.maze.walls {
            h ^= KEYS.wall[w.orientation() as usize][w.anchor().index() as usize];
        }
        h
    }
}
