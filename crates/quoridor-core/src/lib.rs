// The crate docs are the README, so that crates.io and docs.rs show the same tour and its
// examples run as doc tests. The README's item links point to docs.rs for crates.io; these
// definitions come first, so rustdoc takes them instead (checked links to this version).
//! [`Square`]: Square
//! [`Wall`]: Wall
//! [`Move`]: Move
//! [`Bitboard`]: Bitboard
//! [`WallSet`]: WallSet
//! [`Config`]: Config
//! [`BoardSize`]: BoardSize
//! [`Position`]: Position
//! [`MoveList`]: MoveList
//! [`PlayError`]: PlayError
//! [`Setup`]: Setup
//! [`SetupError`]: SetupError
//! [`fen`]: fen
//! [`perft()`]: perft()
//! [`perft_divide`]: perft_divide
//! [`Game`]: Game
//! [`action::ActionMap`]: action::ActionMap
//! [`observation::observe`]: observation::observe
#![doc = include_str!("../README.md")]
#![no_std]
// docs.rs (nightly) marks the items that need a feature.
#![cfg_attr(docsrs, feature(doc_cfg))]
// Without `alloc` there is no `Game` for the tour above to link to.
#![cfg_attr(not(feature = "alloc"), allow(rustdoc::broken_intra_doc_links))]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![forbid(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

pub mod action;
mod bitboard;
mod board_size;
mod config;
mod diagram;
pub mod fen;
mod geometry;
mod moves;
pub mod observation;
mod paths;
mod per_seat;
mod perft;
mod players;
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
    Config, ConfigError, MAX_WALLS_PER_PLAYER, ParseVariantError, Variant, default_walls,
};
pub use diagram::{Diagram, seat_ansi};
pub use fen::{ParsePositionError, ParsePositionErrorKind};
pub use moves::{
    MAX_MOVES, Move, MoveList, MoveListFullError, MoveListIntoIter, ParseMoveError,
    ParseMoveErrorKind,
};
pub use per_seat::PerSeat;
pub use perft::{perft, perft_divide};
pub use players::{Players, PlayersError};
pub use position::{
    DistanceMap, Outcome, PlayError, Position, Ranking, ResignError, SeatSetup, SeatState, Setup,
    SetupError,
};
#[cfg(feature = "alloc")]
pub use record::{Event, Game, ParseRecordError, TagError};
pub use square::{Direction, ParseSeatError, ParseSquareError, Seat, Square};
pub use wall::{Orientation, ParseWallError, Wall, WallSet, WallSetIter};
