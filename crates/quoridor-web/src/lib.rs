//! The Quoridor rules ([`quoridor_core`]) and engine ([`quoridor_ai`]) for JavaScript, through
//! `wasm-bindgen`: the browser page in `web/` is built on it.
//!
//! The crate only converts: squares, moves, seats and positions cross the boundary as their
//! notation strings (`"e2"`, `"e3h"`, `"S"`, the position format), and every error becomes
//! a JavaScript `Error` carrying the core's message, which names the rule.
//!
//! - [`Game`] is a game with its history: play, check, resign, undo, the game record out and
//!   in, and everything the page draws (pawns, walls, distances, shortest paths, goals).
//! - [`Engine`] searches a position within limits (or until its worker is terminated);
//!   [`LevelBot`] plays at a level from 1 to 10. Both report each completed iteration to a
//!   callback as a [`SearchInfo`]. They run on one thread: the page keeps them in a Web
//!   Worker.
//! - [`Engine::analyse`] gives a position's candidate moves ([`Candidate`]), each with its
//!   score, winning chance and line; [`Engine::review`] judges every move of a game
//!   ([`Review`], [`MoveVerdict`]) with the thresholds of `quoridor review`.
//! - [`bench()`] runs the engine's fixed bench, to compare the speed in the page with the
//!   native build's.
//!
//! ```
//! use quoridor_web::Game;
//!
//! let mut game = Game::new(9, 2, "classic", None, "S").unwrap();
//! assert_eq!(game.why_illegal("e3"), Some(
//!     "the pawn on e1 cannot reach e3: not a free step, a straight jump over a pawn, \
//!      or a side-step around one whose jump is blocked".to_string()));
//! assert_eq!(game.why_illegal("e2"), None);
//! assert_eq!(game.distance("S").unwrap(), Some(8));
//! ```
//!
//! In JavaScript (after `wasm-bindgen --target web`):
//!
//! ```js
//! import init, { Game } from './pkg/quoridor_web.js';
//! await init();
//! const game = new Game(9, 2, 'classic', undefined, 'S');
//! game.play('e2');             // throws an Error naming the rule when illegal
//! console.log(game.record());  // the game record
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod analysis;
mod engine;
mod game;

pub use analysis::{
    BLUNDER, Candidate, INACCURACY, MAX_DEPTH, MISTAKE, MoveVerdict, Review, judge,
};
pub use engine::{BenchReport, Engine, LevelBot, SearchInfo, bench};
pub use game::Game;

use wasm_bindgen::JsError;

/// A JavaScript `Error` with the message of a core error.
fn js_error(e: impl core::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}
