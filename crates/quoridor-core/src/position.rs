//! Positions: the always-legal [`Position`], its unchecked [`Setup`], move generation,
//! legality, playing moves, and the end of the game.

use core::fmt;

use crate::config::{Config, ConfigError, MAX_WALLS_PER_PLAYER, Variant, seats_for};
use crate::geometry::{E, Geometry, N, S, W, geometry, is_valid_size};
use crate::moves::{Move, MoveList};
use crate::paths::{self, Detours, PathCache};
use crate::square::{Bitboard, Direction, STRIDE, Seat, Square};
use crate::wall::{Orientation, Wall, WallSet};
use crate::zobrist::KEYS;

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
    pub fn rank(&self, seat: Seat) -> Option<u8> {
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
    pub size: u8,
    /// Classic or King of the Hill.
    pub variant: Variant,
    /// Each seat (in turn order South, West, North, East); `None` for a seat not in the game.
    pub seats: [Option<SeatSetup>; 4],
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
    /// The size is not supported.
    #[error("board size {0} is not supported: the side must be odd, from 5 to 11")]
    Size(u8),
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
        size: u8,
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

/// Why a move cannot be played. Each variant names the rule it breaks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game is over.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
    /// The destination is not on the board.
    #[error("{0} is not on the board")]
    OffBoard(Square),
    /// The destination holds a pawn.
    #[error("{0} is occupied by a pawn")]
    Occupied(Square),
    /// A wall stands between the pawn and the adjacent destination.
    #[error("a wall stands between {from} and {to}")]
    BlockedByWall {
        /// The pawn's square.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// The destination is neither a step, a straight jump nor a side-step away.
    #[error(
        "the pawn on {from} cannot reach {to}: not a free step, a straight jump over a pawn, or a side-step around one whose jump is blocked"
    )]
    Unreachable {
        /// The pawn's square.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// The player has no wall in hand.
    #[error("{0} has no walls left")]
    NoWallsLeft(Seat),
    /// The wall is not wholly on the board.
    #[error("wall {0} is not wholly on the board")]
    WallOffBoard(Wall),
    /// The wall overlaps a placed wall.
    #[error("wall {wall} overlaps the placed wall {placed}")]
    WallOverlaps {
        /// The wall tried.
        wall: Wall,
        /// The wall in the way.
        placed: Wall,
    },
    /// The wall crosses a placed wall at its centre.
    #[error("wall {wall} crosses the placed wall {placed}")]
    WallCrosses {
        /// The wall tried.
        wall: Wall,
        /// The wall it crosses.
        placed: Wall,
    },
    /// The wall would leave a player with no path to the goal.
    #[error("wall {wall} would cut {seat} off from its goal")]
    WallCutsOff {
        /// The wall tried.
        wall: Wall,
        /// The player cut off.
        seat: Seat,
    },
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
    size: u8,
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
    hash: u64,
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
        Position::start(&Config::default()).unwrap_or_else(|_| unreachable!())
    }
}

#[inline(always)]
fn shift(bb: u128, d: Direction) -> u128 {
    match d {
        Direction::North => bb << STRIDE,
        Direction::South => bb >> STRIDE,
        Direction::East => bb << 1,
        Direction::West => bb >> 1,
    }
}

#[inline(always)]
fn seat_bit(s: Seat) -> u8 {
    1 << s.index()
}

/// For each seat index, (horizontal, vertical) wall anchors (see [`Position::threats`]).
type Threats = [(u128, u128); 4];

/// The points joined to the points `set` along the segments of the walls `h` and `v`.
#[inline]
fn wall_group(g: &Geometry, h: u128, v: u128, mut set: u128) -> u128 {
    let inner = g.anchors;
    // Wall segments between neighbouring points: east of point p, north of point p.
    let seg_e = (h | h >> 1) & inner;
    let seg_n = (v | v >> STRIDE) & inner;
    loop {
        let grown = set
            | ((set & seg_e) << 1
                | (set >> 1) & seg_e
                | (set & seg_n) << STRIDE
                | (set >> STRIDE) & seg_n)
                & inner;
        if grown == set {
            return set;
        }
        set = grown;
    }
}

/// The anchors of the (horizontal, vertical) walls that touch the group of points `group`
/// at two or more of their three points, the board edge counting as part of the group when
/// `edge` is set.
#[inline]
fn group_risky(g: &Geometry, group: u128, edge: bool) -> [u128; 2] {
    let two_of = |a: u128, b: u128, c: u128| a & b | a & c | b & c;
    let (fc, lc, fr, lr) = if edge {
        (g.anchor_first_col, g.anchor_last_col, g.anchor_first_row, g.anchor_last_row)
    } else {
        (0, 0, 0, 0)
    };
    [
        two_of(group << 1 | fc, group >> 1 | lc, group),
        two_of(group << STRIDE | fr, group >> STRIDE | lr, group),
    ]
}

/// The open-step masks `open` after adding the wall `o` at anchor `a`.
#[inline(always)]
fn open_with(open: &[u128; 4], o: Orientation, a: u8) -> [u128; 4] {
    let mut open = *open;
    let bit = 1u128 << a;
    match o {
        Orientation::Horizontal => {
            let two = bit | bit << 1;
            open[N] &= !two;
            open[S] &= !(two << STRIDE);
        }
        Orientation::Vertical => {
            let two = bit | bit << STRIDE;
            open[E] &= !two;
            open[W] &= !(two << 1);
        }
    }
    open
}

/// A wall's footprint: its points inside the board (grid corners, indexed like anchors),
/// whether it touches the edge, and the anchors of the (horizontal, vertical) walls that it
/// leaves no room for (itself, its two neighbours in line, the one crossing it).
#[inline(always)]
fn footprint(g: &Geometry, o: Orientation, a: u8) -> (u128, bool, [u128; 2]) {
    let bit = 1u128 << a;
    match o {
        Orientation::Horizontal => {
            let line = bit | bit << 1 | bit >> 1;
            (line & g.anchors, bit & (g.anchor_first_col | g.anchor_last_col) != 0, [line, bit])
        }
        Orientation::Vertical => {
            let line = bit | bit << STRIDE | bit >> STRIDE;
            (line & g.anchors, bit & (g.anchor_first_row | g.anchor_last_row) != 0, [bit, line])
        }
    }
}

/// How many of the (horizontal, vertical) anchors `set` the wall `o` at anchor `a` leaves no
/// room for ([`footprint`]), bit by bit: cheaper than a popcount where there is no popcount
/// instruction.
#[inline(always)]
fn taken_count(set: [u128; 2], o: Orientation, a: u8) -> u32 {
    let bit = 1u128 << a;
    let (same, other, step) = match o {
        Orientation::Horizontal => (set[0], set[1], 1),
        Orientation::Vertical => (set[1], set[0], STRIDE),
    };
    u32::from(same & bit >> step != 0)
        + u32::from(same & bit != 0)
        + u32::from(same & bit << step != 0)
        + u32::from(other & bit != 0)
}

/// The walls on the board and the masks that move generation keeps from them. They are
/// updated as walls go down, because counting legal walls reads them far more often than
/// walls are placed.
#[derive(Clone, Copy)]
struct Maze {
    walls: WallSet,
    /// Open steps, indexed N, E, S, W (see [`paths`]).
    open: [u128; 4],
    /// Anchors where a wall still fits (horizontal, vertical): on the board, overlapping and
    /// crossing nothing.
    free: [u128; 2],
    /// The number of anchors in `free`, both orientations together.
    free_count: u32,
    /// Anchors of the walls that could close a loop (see [`Maze::add`]).
    risky: [u128; 2],
    /// Points (grid corners inside the board, indexed like anchors) that some wall touches.
    touched: u128,
    /// The points of the walls joined to the edge of the board.
    edge: u128,
}

impl Maze {
    /// The empty board.
    fn empty(g: &Geometry) -> Maze {
        Maze {
            walls: WallSet::new(),
            open: g.open,
            free: [g.anchors; 2],
            free_count: 2 * g.anchors.count_ones(),
            risky: [0; 2],
            touched: 0,
            edge: 0,
        }
    }

    /// Puts a wall on the board: the open steps, the wall set, and the masks of where walls
    /// fit and which ones could close a loop.
    ///
    /// A wall is risky, that is it could close a loop and so cut a region off, when it touches
    /// one connected group of walls (the board edge counts as one group with every wall
    /// joined to it) at two or more of its three points. A wall that touches each group at
    /// most once closes no loop, so it cannot cut any path off. Groups only ever merge, and a
    /// bigger group makes more walls risky, so the risky set only grows: adding a wall only
    /// has to add what the group it joins now makes risky. A wall on its own, off the edge,
    /// makes nothing placeable risky (its three points lie in a line, and a wall touching two
    /// of them overlaps it), so it costs nothing more.
    ///
    /// Points are the grid corners inside the board, indexed like anchors (point `a` is the
    /// north-east corner of square `a`).
    #[inline(always)]
    fn add(&mut self, g: &Geometry, w: Wall) {
        *self = self.with(g, w);
        #[cfg(debug_assertions)]
        {
            // Lone walls are left out, so the two differ only where no wall fits.
            let [sh, sv] = self.risky_from_scratch(g);
            let [fh, fv] = self.free;
            assert_eq!([self.risky[0] & fh, self.risky[1] & fv], [sh & fh, sv & fv]);
            assert_eq!(self.free_count, fh.count_ones() + fv.count_ones());
        }
    }

    /// This maze with the wall `w` added (see [`Maze::add`]). Built field by field rather
    /// than copied and changed, so that a caller reading only some fields pays for no more.
    #[inline(always)]
    fn with(&self, g: &Geometry, w: Wall) -> Maze {
        let o = w.orientation();
        let a = w.anchor().index();
        let mut walls = self.walls;
        walls.insert(w);
        let [fh, fv] = self.free;
        let (points, touches_edge, [gone_h, gone_v]) = footprint(g, o, a);
        let gone = taken_count(self.free, o, a);
        let alone = points & self.touched == 0 && !touches_edge;
        let (mut risky, mut edge) = (self.risky, self.edge);
        if !alone {
            let group = wall_group(g, walls.h, walls.v, points);
            // Walls joined to the edge all form one group, through the edge.
            let [rh, rv] = if touches_edge || group & edge != 0 {
                edge |= group;
                group_risky(g, edge, true)
            } else {
                group_risky(g, group, false)
            };
            risky[0] |= rh;
            risky[1] |= rv;
        }
        Maze {
            walls,
            open: open_with(&self.open, o, a),
            free: [fh & !gone_h, fv & !gone_v],
            free_count: self.free_count - gone,
            risky,
            touched: self.touched | points,
            edge,
        }
    }

    /// The risky walls of [`Maze::add`] found from scratch, group by group.
    #[cfg(debug_assertions)]
    fn risky_from_scratch(&self, g: &Geometry) -> [u128; 2] {
        let (h, v) = (self.walls.h, self.walls.v);
        let edge_seeds = (h & (g.anchor_first_col | g.anchor_last_col))
            | (v & (g.anchor_first_row | g.anchor_last_row));
        let mut risky = group_risky(g, wall_group(g, h, v, edge_seeds), true);
        let mut rest = self.touched & !wall_group(g, h, v, edge_seeds);
        while rest != 0 {
            let group = wall_group(g, h, v, rest & rest.wrapping_neg());
            rest &= !group;
            let [rh, rv] = group_risky(g, group, false);
            risky[0] |= rh;
            risky[1] |= rv;
        }
        risky
    }
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
            seats,
            walls: WallSet::new(),
            turn: config.first,
            ply: 0,
            ply_limit: config.ply_limit,
        };
        // A start position is always legal; the error cannot happen for a valid config.
        Position::try_from(setup).map_err(|_| ConfigError::Size(config.size))
    }

    #[inline(always)]
    fn geo(&self) -> &'static Geometry {
        geometry(self.size)
    }

    /// Board side.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Classic or King of the Hill.
    pub fn variant(&self) -> Variant {
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

    /// Number of players the game started with.
    pub fn players(&self) -> u8 {
        self.seats.count_ones() as u8
    }

    /// Whether `seat` is still in the game.
    pub fn is_active(&self, seat: Seat) -> bool {
        self.active & seat_bit(seat) != 0
    }

    /// When `seat` left the game: `Some(1)` for the first to leave, ...; `None` if it did not.
    pub fn leave_order(&self, seat: Seat) -> Option<u8> {
        match self.leave_order[seat.index()] {
            0 => None,
            k => Some(k),
        }
    }

    /// The seat to move.
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// Where the pawn of `seat` stands (`None` when the seat is not in the game).
    pub fn pawn(&self, seat: Seat) -> Option<Square> {
        self.is_active(seat).then(|| self.pawns[seat.index()])
    }

    /// Walls `seat` holds.
    pub fn walls_in_hand(&self, seat: Seat) -> u8 {
        self.walls_in_hand[seat.index()]
    }

    /// The walls on the board.
    pub fn walls(&self) -> WallSet {
        self.maze.walls
    }

    /// Plies played since the start of the game.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The ply limit, if any.
    pub fn ply_limit(&self) -> Option<u32> {
        self.ply_limit
    }

    /// The Zobrist hash: pawns, walls, walls in hand, who left, and the side to move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The goal squares of `seat`.
    pub fn goal(&self, seat: Seat) -> Bitboard {
        Bitboard(self.goal_bits(seat))
    }

    #[inline(always)]
    fn goal_bits(&self, seat: Seat) -> u128 {
        match self.variant {
            Variant::Classic => self.geo().goals[seat.index()],
            Variant::KingOfTheHill => self.geo().centre.bb().0,
        }
    }

    /// Whether a step from `sq` in `dir` is free of walls and stays on the board.
    pub fn can_step(&self, sq: Square, dir: Direction) -> bool {
        sq.on_board(self.size) && self.maze.open[dir as usize] >> sq.index() & 1 != 0
    }

    /// The squares holding a pawn.
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.occupied)
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    pub fn is_game_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Shortest distance of `seat` to its goal (pawns do not block), `None` when the seat
    /// is not in the game.
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
    pub fn distance_from(&self, seat: Seat, from: Square) -> Option<u8> {
        if !self.is_active(seat) || !from.on_board(self.size) {
            return None;
        }
        paths::distance(&self.maze.open, from.bb().0, self.goal_bits(seat))
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
    /// assert_eq!(pos.distance_after_wall("e8h".parse().unwrap(), Seat::North), Some(9));
    /// assert_eq!(pos.distance_after_wall("e8h".parse().unwrap(), Seat::South), Some(9));
    /// assert_eq!(pos.distance_after_wall("a3h".parse().unwrap(), Seat::South), Some(8));
    /// ```
    pub fn distance_after_wall(&self, w: Wall, seat: Seat) -> Option<u8> {
        if !self.is_active(seat) {
            return None;
        }
        let i = seat.index();
        let (o, a) = (w.orientation(), w.anchor().index());
        if self.stale & 1 << i == 0 && !self.paths[i].is_cut_by(o, a) {
            return Some(self.paths[i].len);
        }
        let open = open_with(&self.maze.open, o, a);
        paths::distance(&open, self.pawns[i].bb().0, self.goal_bits(seat))
    }

    /// Shortest distance of `seat` computed afresh by a flood fill, ignoring the cached path
    /// that [`Position::distance`] reads. Same answer, for checks and benchmarks.
    pub fn search_distance(&self, seat: Seat) -> Option<u8> {
        if !self.is_active(seat) {
            return None;
        }
        paths::distance(&self.maze.open, self.pawns[seat.index()].bb().0, self.goal_bits(seat))
    }

    /// Distance to the goal of `seat` from every square of the board (pawns do not block),
    /// indexed by [`Square::index`]; `u8::MAX` where the goal cannot be reached.
    pub fn distance_map(&self, seat: Seat) -> [u8; 121] {
        paths::distance_map(&self.maze.open, self.goal_bits(seat), self.geo().squares)
    }

    /// Where the pawn of the side to move can go: steps, straight jumps and side-steps.
    /// Empty when the game is over.
    pub fn pawn_moves(&self) -> Bitboard {
        if self.is_game_over() {
            return Bitboard::EMPTY;
        }
        Bitboard(self.pawn_targets(self.turn))
    }

    #[inline(always)]
    fn pawn_targets(&self, seat: Seat) -> u128 {
        self.pawn_targets_in(&self.maze.open, seat)
    }

    /// The squares the pawn of `seat` can go to, with the open steps `open`.
    #[inline(always)]
    fn pawn_targets_in(&self, open: &[u128; 4], seat: Seat) -> u128 {
        let from = self.pawns[seat.index()].bb().0;
        // Usually no pawn stands next to this one: then the moves are the open steps.
        let steps = paths::expand(from, open);
        if steps & self.occupied == 0 { steps } else { self.pawn_targets_by_pawns(open, from) }
    }

    /// The squares the pawn on `from` can go to when some of its steps lead onto pawns.
    #[cold]
    #[inline(never)]
    fn pawn_targets_by_pawns(&self, open: &[u128; 4], from: u128) -> u128 {
        let occ = self.occupied;
        let mut out = 0u128;
        for d in Direction::ALL {
            if from & open[d as usize] == 0 {
                continue;
            }
            let t = shift(from, d);
            if t & occ == 0 {
                out |= t;
                continue;
            }
            if t & open[d as usize] != 0 {
                let t2 = shift(t, d);
                if t2 & occ == 0 {
                    out |= t2;
                    continue;
                }
            }
            for p in d.sides() {
                if t & open[p as usize] != 0 {
                    out |= shift(t, p) & !occ;
                }
            }
        }
        out
    }

    /// For each seat index, the (horizontal, vertical) anchors of the walls that cut the
    /// seat's path in `paths` where no detour in `open` goes round them
    /// ([`PathCache::threats`]); zero for seats out of the game. Only these walls can cut a
    /// player off.
    #[inline(always)]
    fn threats_in(&self, open: &[u128; 4], paths: &[PathCache; 4]) -> Threats {
        let detours = Detours::new(open);
        let mut out = [(0, 0); 4];
        let mut act = self.active;
        while act != 0 {
            let i = act.trailing_zeros() as usize;
            act &= act - 1;
            out[i] = paths[i].threats(&detours);
        }
        out
    }

    /// The threats of this position's own maze and paths.
    #[inline(always)]
    fn threats(&self) -> Threats {
        self.threats_in(&self.maze.open, &self.paths)
    }

    /// The placeable walls of `maze` split into those surely legal and those to check with a
    /// flood fill, as `((sure_h, sure_v), (check_h, check_v), threats)`. A wall needs
    /// checking only when it could close a loop ([`Maze::add`]) and threatens some player's
    /// path. The loop test is a kept mask and usually empty, so it goes first; then whether
    /// the wall blocks a step of some path at all, and only then the detours round it
    /// ([`Position::threats_in`]). The paths (from `paths`) are only asked for when needed.
    #[inline(always)]
    fn wall_candidates(
        &self,
        maze: &Maze,
        paths: impl FnOnce() -> [PathCache; 4],
    ) -> ((u128, u128), (u128, u128), Threats) {
        let [ph, pv] = maze.free;
        let (mut ch, mut cv) = (ph & maze.risky[0], pv & maze.risky[1]);
        if ch | cv == 0 {
            return ((ph, pv), (0, 0), [(0, 0); 4]);
        }
        let paths = paths();
        let (mut sh, mut sv) = (0, 0);
        let mut act = self.active;
        while act != 0 {
            let p = &paths[act.trailing_zeros() as usize];
            act &= act - 1;
            sh |= p.north | p.north >> 1;
            sv |= p.east | p.east >> STRIDE;
        }
        ch &= sh;
        cv &= sv;
        if ch | cv == 0 {
            return ((ph, pv), (0, 0), [(0, 0); 4]);
        }
        let threats = self.threats_in(&maze.open, &paths);
        let (mut th, mut tv) = (0, 0);
        for t in &threats {
            th |= t.0;
            tv |= t.1;
        }
        ch &= th;
        cv &= tv;
        ((ph & !ch, pv & !cv), (ch, cv), threats)
    }

    /// The first active seat that the wall `o` at anchor `a`, placeable in the open steps
    /// `open`, would cut off, if any, given the [`Position::threats_in`] of `open`.
    #[inline]
    fn cut_off_by(
        &self,
        open: &[u128; 4],
        o: Orientation,
        a: u8,
        threats: &Threats,
    ) -> Option<Seat> {
        let open = open_with(open, o, a);
        let bit = 1u128 << a;
        let mut act = self.active;
        while act != 0 {
            let i = act.trailing_zeros() as usize;
            act &= act - 1;
            let threat = match o {
                Orientation::Horizontal => threats[i].0,
                Orientation::Vertical => threats[i].1,
            };
            if threat & bit != 0 {
                let seat = Seat::ALL[i];
                if !paths::reaches(&open, self.pawns[i].bb().0, self.goal_bits(seat)) {
                    return Some(seat);
                }
            }
        }
        None
    }

    /// Legal wall anchors of the side to move as (horizontal, vertical) bitboards, ignoring
    /// whether it has walls in hand.
    fn legal_wall_bits(&self) -> (u128, u128) {
        let maze = &self.maze;
        let ((mut lh, mut lv), (ch, cv), threats) = self.wall_candidates(maze, || self.paths);
        for a in Bitboard(ch) {
            if self.cut_off_by(&maze.open, Orientation::Horizontal, a.index(), &threats).is_none() {
                lh |= a.bb().0;
            }
        }
        for a in Bitboard(cv) {
            if self.cut_off_by(&maze.open, Orientation::Vertical, a.index(), &threats).is_none() {
                lv |= a.bb().0;
            }
        }
        (lh, lv)
    }

    /// The legal walls of the side to move (empty when it has none in hand or the game is
    /// over), as anchors of (horizontal, vertical) walls.
    pub fn legal_walls(&self) -> (Bitboard, Bitboard) {
        if self.is_game_over() || self.walls_in_hand[self.turn.index()] == 0 {
            return (Bitboard::EMPTY, Bitboard::EMPTY);
        }
        let (h, v) = self.legal_wall_bits();
        (Bitboard(h), Bitboard(v))
    }

    /// The number of walls legal in `maze`, with the pawns of this position. The placeable
    /// walls are counted from [`Maze::free_count`]; only the candidates are checked.
    #[inline(always)]
    fn count_legal_walls_in(&self, maze: &Maze, paths: impl FnOnce() -> [PathCache; 4]) -> usize {
        let (_, (ch, cv), threats) = self.wall_candidates(maze, paths);
        if ch | cv == 0 {
            return maze.free_count as usize;
        }
        let mut n = maze.free_count;
        for a in Bitboard(ch) {
            n -= self.cut_off_by(&maze.open, Orientation::Horizontal, a.index(), &threats).is_some()
                as u32;
        }
        for a in Bitboard(cv) {
            n -= self.cut_off_by(&maze.open, Orientation::Vertical, a.index(), &threats).is_some()
                as u32;
        }
        n as usize
    }

    fn has_legal_wall(&self) -> bool {
        let maze = &self.maze;
        let ((sh, sv), (ch, cv), threats) = self.wall_candidates(maze, || self.paths);
        sh | sv != 0
            || Bitboard(ch).any(|a| {
                self.cut_off_by(&maze.open, Orientation::Horizontal, a.index(), &threats).is_none()
            })
            || Bitboard(cv).any(|a| {
                self.cut_off_by(&maze.open, Orientation::Vertical, a.index(), &threats).is_none()
            })
    }

    /// Number of legal moves, counted without building the list.
    pub fn count_legal_moves(&self) -> usize {
        if self.is_game_over() {
            return 0;
        }
        let pawn = self.pawn_targets(self.turn).count_ones() as usize;
        if self.walls_in_hand[self.turn.index()] == 0 {
            pawn
        } else {
            pawn + self.count_legal_walls_in(&self.maze, || self.paths)
        }
    }

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
    /// [`Maze::add`]) if `x` touches one of the other points of `w` and something else; and
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
        let from = self.pawns[next.index()].bb().0;
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
            for a in Bitboard(bits) {
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
                    let w =
                        Wall::on_anchor(Square::from_index(a).unwrap_or_else(|| unreachable!()), o);
                    n += self.count_after_wall(w).unwrap_or_else(|| unreachable!()) as u64;
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
                        for x in Bitboard(d) {
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
            if !paths::reaches(open, self.pawns[i].bb().0, self.goal_bits(Seat::ALL[i])) {
                return true;
            }
        }
        false
    }

    /// Every legal move of the side to move: pawn moves first, then horizontal walls, then
    /// vertical walls, each group by square index. Empty when the game is over.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_legal_move(|m| list.push(m));
        list
    }

    /// Calls `f` with every legal move, in the order of [`Position::legal_moves`], without
    /// building the list.
    #[inline]
    pub(crate) fn for_each_legal_move(&self, mut f: impl FnMut(Move)) {
        for sq in self.pawn_moves() {
            f(Move::Pawn(sq));
        }
        let (h, v) = self.legal_walls();
        for (bits, o) in [(h, Orientation::Horizontal), (v, Orientation::Vertical)] {
            for a in bits {
                f(Move::Wall(Wall::on_anchor(a, o)));
            }
        }
    }

    /// Whether `m` is legal for the side to move.
    pub fn is_legal(&self, m: Move) -> bool {
        self.check(m).is_ok()
    }

    /// Checks `m` for the side to move.
    ///
    /// # Errors
    /// The rule `m` breaks ([`PlayError`]).
    pub fn check(&self, m: Move) -> Result<(), PlayError> {
        if let Some(o) = self.outcome {
            return Err(PlayError::GameOver(o));
        }
        match m {
            Move::Pawn(to) => {
                if !to.on_board(self.size) {
                    return Err(PlayError::OffBoard(to));
                }
                if self.pawn_targets(self.turn) & to.bb().0 != 0 {
                    return Ok(());
                }
                let from = self.pawns[self.turn.index()];
                if self.occupied & to.bb().0 != 0 {
                    return Err(PlayError::Occupied(to));
                }
                for d in Direction::ALL {
                    if from.step(d, self.size) == Some(to) && !self.can_step(from, d) {
                        return Err(PlayError::BlockedByWall { from, to });
                    }
                }
                Err(PlayError::Unreachable { from, to })
            }
            Move::Wall(w) => {
                if self.walls_in_hand[self.turn.index()] == 0 {
                    return Err(PlayError::NoWallsLeft(self.turn));
                }
                if !w.on_board(self.size) {
                    return Err(PlayError::WallOffBoard(w));
                }
                if let Some(placed) = self
                    .maze
                    .walls
                    .conflict_with(w)
                    .or_else(|| self.maze.walls.contains(w).then_some(w))
                {
                    return Err(if placed.orientation() == w.orientation() {
                        PlayError::WallOverlaps { wall: w, placed }
                    } else {
                        PlayError::WallCrosses { wall: w, placed }
                    });
                }
                match self.cut_off_by(
                    &self.maze.open,
                    w.orientation(),
                    w.anchor().index(),
                    &self.threats(),
                ) {
                    Some(seat) => Err(PlayError::WallCutsOff { wall: w, seat }),
                    None => Ok(()),
                }
            }
        }
    }

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
                self.hash ^=
                    KEYS.pawn[i][from.index() as usize] ^ KEYS.pawn[i][to.index() as usize];
                self.occupied ^= from.bb().0 | to.bb().0;
                self.pawns[i] = to;
                if !self.follow_path(i, from, to) {
                    self.recompute_path(seat);
                }
            }
            Move::Wall(w) => {
                let a = w.anchor().index();
                let o = w.orientation();
                self.maze.add(self.geo(), w);
                self.hash ^= KEYS.wall[o as usize][a as usize];
                let left = self.walls_in_hand[i];
                self.hash ^= KEYS.walls_left[i][left as usize & 127]
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
        let won = matches!(m, Move::Pawn(to) if to.bb().0 & self.goal_bits(seat) != 0);
        self.outcome = if won { Some(Outcome::Winner(seat)) } else { self.draw() };
        self.eliminate();
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
    fn exact_path(&self, i: usize) -> PathCache {
        if self.stale & 1 << i == 0 {
            return self.paths[i];
        }
        let seat = Seat::ALL[i];
        paths::shortest_path(&self.maze.open, self.pawns[i], self.goal_bits(seat))
            .unwrap_or_default()
    }

    fn recompute_path(&mut self, seat: Seat) {
        let i = seat.index();
        // A legal position always leaves every active player a path.
        self.paths[i] = paths::shortest_path(&self.maze.open, self.pawns[i], self.goal_bits(seat))
            .unwrap_or_default();
    }

    fn next_active(&self, seat: Seat) -> Seat {
        // Bit k of `after` is the seat k + 1 places after `seat`, round the table.
        let i = seat.index();
        let after = (u32::from(self.active) * 0x11) >> (i + 1) & 0xF;
        if after == 0 { seat } else { Seat::ALL[(i + 1 + after.trailing_zeros() as usize) % 4] }
    }

    fn set_turn(&mut self, seat: Seat) {
        self.hash ^= KEYS.turn[self.turn.index()] ^ KEYS.turn[seat.index()];
        self.turn = seat;
    }

    fn compute_outcome(&self) -> Option<Outcome> {
        if self.active.count_ones() == 1 {
            return Some(Outcome::Winner(Seat::ALL[self.active.trailing_zeros() as usize]));
        }
        let mut act = self.active;
        while act != 0 {
            let i = act.trailing_zeros() as usize;
            act &= act - 1;
            let seat = Seat::ALL[i];
            if self.pawns[i].bb().0 & self.goal_bits(seat) != 0 {
                return Some(Outcome::Winner(seat));
            }
        }
        self.draw()
    }

    /// A draw when the ply limit is reached.
    #[inline]
    fn draw(&self) -> Option<Outcome> {
        match self.ply_limit {
            Some(limit) if self.ply >= limit => Some(Outcome::Draw),
            _ => None,
        }
    }

    fn has_legal_action(&self) -> bool {
        self.pawn_targets(self.turn) != 0
            || (self.walls_in_hand[self.turn.index()] > 0 && self.has_legal_wall())
    }

    /// Updates the outcome and eliminates side(s) to move that have no legal action.
    fn settle(&mut self) {
        self.outcome = self.compute_outcome();
        self.eliminate();
    }

    /// Eliminates side(s) to move that have no legal action, given an up-to-date outcome.
    #[inline]
    fn eliminate(&mut self) {
        // With two players nobody can be left without a legal action (RULES.md: the first
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
        self.occupied &= !self.pawns[i].bb().0;
        self.hash ^= KEYS.pawn[i][self.pawns[i].index() as usize] ^ KEYS.left[i];
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

    /// The plain data of this position.
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
            seats,
            walls: self.maze.walls,
            turn: self.turn,
            ply: self.ply,
            ply_limit: self.ply_limit,
        }
    }

    /// The hash computed from scratch (equals [`Position::hash`]; for tests and checks).
    pub fn fresh_hash(&self) -> u64 {
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
        for w in self.maze.walls.iter() {
            h ^= KEYS.wall[w.orientation() as usize][w.anchor().index() as usize];
        }
        h
    }
}

impl TryFrom<Setup> for Position {
    type Error = SetupError;

    fn try_from(setup: Setup) -> Result<Position, SetupError> {
        if !is_valid_size(setup.size) {
            return Err(SetupError::Size(setup.size));
        }
        let g = geometry(setup.size);
        let mut seats = 0u8;
        for s in Seat::ALL {
            if setup.seats[s.index()].is_some() {
                seats |= seat_bit(s);
            }
        }
        let players = seats.count_ones() as u8;
        match seats_for(players) {
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
            pawns: [Square::new(0, 0).unwrap_or_else(|| unreachable!()); 4],
            walls_in_hand: [0; 4],
            maze: Maze::empty(g),
            occupied: 0,
            ply: setup.ply,
            ply_limit: setup.ply_limit,
            outcome: None,
            hash: 0,
            paths: [PathCache::default(); 4],
            stale: 0,
        };
        let mut left_mask = 0u8;
        for s in Seat::ALL {
            let i = s.index();
            let Some(st) = setup.seats[i] else { continue };
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
                    pos.occupied |= sq.bb().0;
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
        for w in setup.walls.iter() {
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
                pos.active_seats().filter(|&s| pos.pawns[s.index()].bb().0 & pos.goal_bits(s) != 0);
            if let (Some(a), Some(b)) = (on_goal.next(), on_goal.next()) {
                return Err(SetupError::TwoWinners(a, b));
            }
        }
        if let Some(limit) = setup.ply_limit {
            if limit == 0 || setup.ply > limit {
                return Err(SetupError::PlyLimit { ply: setup.ply, limit });
            }
        }
        pos.hash = pos.fresh_hash();
        pos.outcome = pos.compute_outcome();
        if pos.outcome.is_none() && !pos.has_legal_action() {
            return Err(SetupError::NoLegalAction(pos.turn));
        }
        Ok(pos)
    }
}

impl From<Position> for Setup {
    fn from(pos: Position) -> Setup {
        pos.to_setup()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    /// splitmix64, so that the playouts are the same on every run.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) % n as u64) as usize
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
        paths::reaches(&open, pos.pawns[i].bb().0, pos.goal_bits(Seat::ALL[i]))
    }

    /// A position after `play_to_count` answers every query as after `play_unchecked`, and
    /// one move later keeps the very same paths.
    #[test]
    fn play_to_count_answers_like_play_unchecked() {
        let mut rng = Rng(7);
        let mut stale_seen = 0;
        for size in [5u8, 7, 9, 11] {
            for (players, variant) in [
                (2, Variant::Classic),
                (3, Variant::Classic),
                (4, Variant::Classic),
                (4, Variant::KingOfTheHill),
            ] {
                let walls = Some(((size - 1) * (size - 1) / 2 / players).max(6));
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
                            assert_eq!(exact.hash(), mended.hash(), "{pos} {m}");
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
