//! A complete, fast Quoridor rules engine for 2, 3 and 4 players, King of the Hill and board
//! sizes 5 to 11.
//!
//! # A short tour
//! - [`Square`], [`Wall`] and [`Move`] read and write the standard notation (`e2`, `e3h`).
//!   [`Bitboard`] is a set of squares, [`WallSet`] a set of walls; both loop by value or by
//!   reference.
//! - [`Config`] describes a game: a [`BoardSize`] (odd, 5 to 11), players, variant, walls,
//!   first seat, ply limit. Build it from [`Config::default`] with the `with_*` methods;
//!   [`Position::start`] checks it and sets the pawns out.
//! - A [`Position`] is always legal. [`Position::legal_moves`] (a [`MoveList`] on the stack),
//!   [`Position::legal_walls`], [`Position::count_legal_moves`], [`Position::is_legal`],
//!   [`Position::play`] (whose [`PlayError`] names the broken rule) and
//!   [`Position::play_unchecked`] drive it; it keeps each player's shortest path
//!   ([`Position::distance`], [`Position::shortest_path`]) and a Zobrist key
//!   ([`Position::zobrist`]).
//! - A [`Setup`] is plain, unchecked data; `Position::try_from(setup)` checks it and says what
//!   is wrong ([`SetupError`]). Both write and read the one-line position format (see the
//!   [`fen`] module), and every setup reads back as itself.
//! - [`perft()`] and [`perft_divide`] count move paths.
//! - With the `alloc` feature, [`Game`] keeps the history (`undo`), resignations, and reads
//!   and writes game records.
//! - For programs that learn to play: [`action::ActionMap`] numbers every move of a board
//!   size (seen from a seat) and writes masks of the legal ones; [`observation::observe`]
//!   writes a position as planes of numbers.
//!
//! Errors name the bad token and the rule it breaks; no public function panics.
//!
//! ```
//! use quoridor_core::{perft, Move, Position, Seat};
//!
//! let mut pos = Position::default();
//! for m in ["e2", "e8", "e3h"] {
//!     pos.play(m.parse::<Move>()?)?;
//! }
//! assert_eq!(pos.turn(), Seat::North);
//! assert_eq!(pos.count_legal_moves(), 128);
//! let mut walls = 0;
//! for m in pos.legal_moves() {
//!     walls += usize::from(matches!(m, Move::Wall(_)));
//! }
//! assert_eq!(walls, pos.legal_walls().len());
//! assert_eq!(perft(&pos, 2), 15_918);
//! assert_eq!(pos.to_string(), "9 S:e2:9,N:e8:10 e3h N 3");
//! assert_eq!(pos.to_string().parse::<Position>()?, pos);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A game of another kind:
//!
//! ```
//! use quoridor_core::{BoardSize, Config, Position, Variant};
//!
//! let config = Config::default()
//!     .with_size(BoardSize::try_from(7)?)
//!     .with_players(4)
//!     .with_variant(Variant::KingOfTheHill);
//! let pos = Position::start(&config)?;
//! assert_eq!(pos.to_string(), "7k S:d1:3,W:a4:4,N:d7:4,E:g4:4 - S 0");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//! - `std` (default): implies `alloc`. Without both the crate is `no_std` and allocation-free.
//! - `alloc`: [`Game`] and game records.
//! - `serde`: serialisation of configurations and board sizes, and of squares, walls, moves
//!   and positions as their notation strings.

#![no_std]
// Without `alloc` there is no `Game` for the tour above to link to.
#![cfg_attr(not(feature = "alloc"), allow(rustdoc::broken_intra_doc_links))]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

pub mod action;
mod bitboard;
mod board_size;
mod config;
pub mod fen;
mod geometry;
mod moves;
pub mod observation;
mod paths;
mod perft;
mod position;
#[cfg(feature = "alloc")]
pub mod record;
#[cfg(feature = "serde")]
mod serde_text;
mod square;
mod text;
mod wall;
mod zobrist;

pub use bitboard::{Bitboard, BitboardIter};
pub use board_size::{BoardSize, BoardSizeError};
pub use config::{
    Config, ConfigError, MAX_WALLS_PER_PLAYER, ParseVariantError, Variant, default_walls, seats_for,
};
pub use fen::{ParsePositionError, ParsePositionErrorKind};
pub use moves::{
    MAX_MOVES, Move, MoveList, MoveListFullError, MoveListIntoIter, ParseMoveError,
    ParseMoveErrorKind,
};
pub use perft::{perft, perft_divide};
pub use position::{
    Outcome, PlayError, Position, Ranking, ResignError, SeatSetup, SeatState, Setup, SetupError,
};
#[cfg(feature = "alloc")]
pub use record::{Event, Game, ParseRecordError, TagError};
pub use square::{Direction, ParseSeatError, ParseSquareError, Seat, Square};
pub use wall::{Orientation, ParseWallError, Wall, WallSet, WallSetIter};
