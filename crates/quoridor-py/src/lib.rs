//! The `quoridor` Python package's native module, `quoridor._quoridor`: a thin layer over
//! `quoridor-core` and `quoridor-ai` that converts types and errors and nothing else.
//!
//! - `types`: `Seat`, `Move`, `Config`.
//! - `position`: `Position` (immutable), with action ids and observations as numpy arrays.
//! - `game`: `Game` (history, undo, records).
//! - `engine`: `Engine` (analysis without the GIL) and `Bot` (random, greedy, levels).
//! - `vec_env`: `VecEnv`, many games stepped together from one array of actions, against a
//!   built-in bot, a Python callable or in self-play.
//! - `mcts`: `MCTS`, batched tree search over many games with a Python evaluator.
//! - `mirror`: the board's left-right symmetry over arrays of ids, policies and observations.
//! - `rng`: the package's random numbers (splitmix64 with its state, gamma, Dirichlet).
//! - `arena`: `elo`, the Elo estimate of a match result (`EloEstimate`).
//! - `selfplay`: `SelfPlay`, the engine's self-play games (`SelfPlayGame`), for the
//!   Ray-driven `quoridor.selfplay`.
//!
//! Exceptions carry the core's messages: `IllegalMoveError` (a `ValueError`) for a move,
//! action or resignation that breaks a rule, `ValueError` for text that does not read or a
//! bad configuration, `IndexError` for an action id out of range. The Gymnasium and
//! PettingZoo environments are written in Python on top of this module
//! (`python/quoridor/`).

mod arena;
mod convert;
mod engine;
mod errors;
mod game;
mod mcts;
mod mirror;
mod position;
mod rng;
mod selfplay;
mod types;
mod vec_env;

use pyo3::prelude::*;
use quoridor_core::action::{ActionMap, action_count as count};
use quoridor_core::observation::planes;
use quoridor_core::{BoardSize, Players};

use crate::convert::{ActionId, move_arg, seat_arg};
use crate::errors::{bad_action, value_error};
use crate::types::PyMove;

fn size_arg(size: u8) -> PyResult<BoardSize> {
    BoardSize::try_from(size).map_err(value_error)
}

fn map_arg(size: u8, seat: Option<&Bound<'_, PyAny>>) -> PyResult<ActionMap> {
    let view = seat.map(seat_arg).transpose()?.unwrap_or(quoridor_core::Seat::South);
    Ok(ActionMap::new(size_arg(size)?, view))
}

/// The number of action ids of a board of side `size`: size² + 2 (size - 1)² (209 on 9x9).
#[pyfunction]
#[pyo3(signature = (size = 9))]
fn action_count(#[pyo3(from_py_with = convert::size)] size: u8) -> PyResult<usize> {
    Ok(count(size_arg(size)?))
}

/// The move with id `action` on a board of side `size`, seen from `seat` (South: the board
/// as written).
#[pyfunction]
#[pyo3(signature = (action, size = 9, seat = None))]
fn action_to_move(
    #[pyo3(from_py_with = convert::action)] action: ActionId,
    #[pyo3(from_py_with = convert::size)] size: u8,
    seat: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyMove> {
    let map = map_arg(size, seat)?;
    action
        .get()
        .and_then(|a| map.to_move(a))
        .map(PyMove)
        .ok_or_else(|| bad_action(&action, map.len(), size))
}

/// The id of `move` on a board of side `size`, seen from `seat` (South: the board as
/// written). Raises `ValueError` when the move is not on the board.
#[pyfunction]
#[pyo3(signature = (r#move, size = 9, seat = None))]
fn move_to_action(
    r#move: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = convert::size)] size: u8,
    seat: Option<&Bound<'_, PyAny>>,
) -> PyResult<usize> {
    let m = move_arg(r#move)?;
    map_arg(size, seat)?
        .action(m)
        .ok_or_else(|| value_error(format!("{m} is not on the {size}x{size} board")))
}

/// The shape of an observation: (planes, size, size), 8 planes for two players and 14 for
/// three or four.
#[pyfunction]
#[pyo3(signature = (size = 9, players = Players::Two), text_signature = "(size=9, players=2)")]
fn observation_shape(
    #[pyo3(from_py_with = convert::size)] size: u8,
    #[pyo3(from_py_with = convert::players)] players: Players,
) -> (usize, usize, usize) {
    (planes(players), usize::from(size), usize::from(size))
}

/// The default number of walls per player for a board size and number of players (2, 3 or
/// 4).
#[pyfunction]
fn default_walls(
    #[pyo3(from_py_with = convert::size)] size: u8,
    #[pyo3(from_py_with = convert::players)] players: Players,
) -> PyResult<u8> {
    Ok(quoridor_core::default_walls(size_arg(size)?, players))
}

/// Every active seat's chance to win a position of three or four players, from the
/// evaluation's model without search (summing to 1); `None` for two players or a finished
/// game.
#[pyfunction]
fn seat_chances(position: PyRef<'_, position::PyPosition>) -> Option<Vec<(types::PySeat, f64)>> {
    quoridor_ai::chance::seat_chances(&position.0)
        .map(|c| c.into_iter().map(|(s, p)| (types::PySeat::from(s), p)).collect())
}

/// The side to move's chance to win a position when a search scores it `score`: centi-steps
/// (an `int`, as `Analysis.eval`), or plies to a forced result with `mate` (positive a win,
/// negative a loss). Integers past the engine's range saturate (a larger lead, a longer
/// mate, changes nothing).
#[pyfunction]
#[pyo3(signature = (position, *, eval = None, mate = None))]
fn win_chance(
    position: PyRef<'_, position::PyPosition>,
    eval: Option<&Bound<'_, PyAny>>,
    mate: Option<&Bound<'_, PyAny>>,
) -> PyResult<f64> {
    let clamp = |v: i128| v.clamp(i128::from(i32::MIN) + 1, i128::from(i32::MAX)) as i32;
    let eval = convert::given(eval).map(|e| convert::integer(e, "eval").map(clamp)).transpose()?;
    let mate = convert::given(mate).map(|m| convert::integer(m, "mate").map(clamp)).transpose()?;
    let score = match (eval, mate) {
        (Some(v), None) => quoridor_ai::Score::Eval(v),
        (None, Some(n)) if n > 0 => quoridor_ai::Score::Win(n.unsigned_abs()),
        (None, Some(n)) if n < 0 => quoridor_ai::Score::Loss(n.unsigned_abs()),
        _ => {
            return Err(errors::value_error(
                "give eval (centi-steps) or mate (plies, not 0), not both",
            ));
        }
    };
    Ok(quoridor_ai::chance::win_chance(&position.0, score))
}

/// Quoridor: exact rules for 2, 3 and 4 players, King of the Hill and boards 5 to 11, the
/// alpha-beta engine, and fast environments for reinforcement learning.
#[pymodule]
fn _quoridor(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<types::PySeat>()?;
    m.add_class::<types::PyMove>()?;
    m.add_class::<types::PyConfig>()?;
    m.add_class::<position::PyPosition>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<engine::PyEngine>()?;
    m.add_class::<engine::PyAnalysis>()?;
    m.add_class::<engine::PyCandidate>()?;
    m.add_class::<engine::PyBot>()?;
    m.add_class::<vec_env::PyVecEnv>()?;
    m.add_class::<mcts::PyMcts>()?;
    m.add_class::<mcts::PySearchResult>()?;
    m.add_class::<arena::PyEloEstimate>()?;
    m.add_class::<selfplay::PySelfPlay>()?;
    m.add_class::<selfplay::PySelfPlayGame>()?;
    m.add("IllegalMoveError", m.py().get_type::<errors::IllegalMoveError>())?;
    m.add_function(wrap_pyfunction!(action_count, m)?)?;
    m.add_function(wrap_pyfunction!(action_to_move, m)?)?;
    m.add_function(wrap_pyfunction!(move_to_action, m)?)?;
    m.add_function(wrap_pyfunction!(observation_shape, m)?)?;
    m.add_function(wrap_pyfunction!(default_walls, m)?)?;
    m.add_function(wrap_pyfunction!(arena::elo, m)?)?;
    m.add_function(wrap_pyfunction!(seat_chances, m)?)?;
    m.add_function(wrap_pyfunction!(win_chance, m)?)?;
    m.add_function(wrap_pyfunction!(mirror::mirror_actions, m)?)?;
    m.add_function(wrap_pyfunction!(mirror::mirror_policy, m)?)?;
    m.add_function(wrap_pyfunction!(mirror::mirror_observation, m)?)?;
    m.add("DEFAULT_PLY_LIMIT", vec_env::DEFAULT_PLY_LIMIT)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("ENGINE", quoridor_ai::selfplay::ENGINE)?;
    m.add("COMMIT", selfplay::COMMIT)?;
    m.add("SELFPLAY_COLUMNS", quoridor_ai::selfplay::COLUMNS.to_vec())?;
    Ok(())
}
