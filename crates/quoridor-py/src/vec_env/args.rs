//! The arguments of `VecEnv` as Python passes them: arrays of actions, seeds, game masks,
//! start positions, opponents and modes, each checked with a message that names it.

use numpy::prelude::*;
use numpy::{PyArrayDyn, PyReadonlyArray1};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};
use quoridor_core::{Config, Position, Seat};

use super::games::{Autoreset, Illegal};
use crate::convert::{self, shown};
use crate::engine::BotKind;
use crate::errors::value_error;
use crate::position::PyPosition;

/// Most games in one `VecEnv` (their positions take about 0.3 GB; every step's arrays up to
/// 7 GB on 11 x 11 with four players).
pub(crate) const MAX_ENVS: usize = 1 << 20;

/// The ply limit of an environment's games when the configuration gives none: 300, the
/// field's custom for matches between programs (as `quoridor match`).
pub(crate) const DEFAULT_PLY_LIMIT: u32 = 300;

/// `num_envs`: 1 to `MAX_ENVS`.
pub(crate) fn num_envs(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    convert::int_in(obj, "num_envs", 1, MAX_ENVS as i128)
}

/// A shape as Python writes it: `(3,)`, `(4, 1)`.
fn shape_text(shape: &[usize]) -> String {
    let dims: Vec<String> = shape.iter().map(ToString::to_string).collect();
    if dims.len() == 1 { format!("({},)", dims[0]) } else { format!("({})", dims.join(", ")) }
}

/// An array of `n` integers (action ids), or an error that says what is wrong with it;
/// `what` names it (`"actions"`, `"the opponent's actions"`). A single integer will do for
/// `n == 1`. Unsigned ids read as such: 2**64 - 1 is that number, not -1.
pub(crate) fn int_array(
    py: Python<'_>,
    obj: &Bound<'_, PyAny>,
    n: usize,
    what: &str,
) -> PyResult<Vec<i128>> {
    if let Ok(a) = obj.extract::<PyReadonlyArray1<'_, i64>>() {
        if a.len() == n {
            return Ok(a.as_array().iter().map(|&a| i128::from(a)).collect());
        }
    }
    let np = py.import("numpy")?;
    let arr = np
        .call_method1("asarray", (obj,))
        .map_err(|e| PyTypeError::new_err(format!("{what} must be an array of integers: {e}")))?;
    let arr = arr
        .cast::<numpy::PyUntypedArray>()
        .map_err(|_| PyTypeError::new_err(format!("{what} must be an array of integers")))?;
    let mut shape = arr.shape().to_vec();
    if shape.is_empty() && n == 1 {
        shape = vec![1];
    }
    if shape != [n] {
        return Err(PyValueError::new_err(format!(
            "{what} has shape {}: expected ({n},), one action id per game",
            shape_text(arr.shape())
        )));
    }
    convert::int_elements(arr, what)
}

/// The seeds of a reset: `None` (keep every generator), an integer (game `i` gets
/// `seed + i`, modulo 2^64, as Gymnasium's vector environments do) or one seed or `None`
/// per game.
pub(crate) fn seeds(obj: Option<&Bound<'_, PyAny>>, n: usize) -> PyResult<Vec<Option<u64>>> {
    let Some(obj) = convert::given(obj) else { return Ok(vec![None; n]) };
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "seed must be an integer, a list of integers (one per game) or None, not str {}",
            shown(obj)
        )));
    }
    if convert::integer(obj, "seed").is_ok() {
        let s = convert::seed(obj)?;
        return Ok((0..n).map(|i| Some(s.wrapping_add(i as u64))).collect());
    }
    let items: Vec<Bound<'_, PyAny>> = obj
        .try_iter()
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "seed must be an integer, a list of integers (one per game) or None, not {} {}",
                type_name(obj),
                shown(obj)
            ))
        })?
        .collect::<PyResult<_>>()?;
    if items.len() != n {
        return Err(PyValueError::new_err(format!(
            "seed has {} entries: expected {n}, one per game",
            items.len()
        )));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, s)| {
            convert::opt_seed(Some(s)).map_err(|e| {
                PyErr::from_type(e.get_type(s.py()), format!("seed[{i}]: {}", e.value(s.py())))
            })
        })
        .collect()
}

/// The type name of `obj`, for messages.
pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map_or_else(|_| "?".to_string(), |n| n.to_string())
}

/// The games a reset applies to: every game (`None`) or a bool array of `n` with at least
/// one true.
pub(crate) fn game_mask(
    py: Python<'_>,
    obj: Option<&Bound<'_, PyAny>>,
    n: usize,
) -> PyResult<Vec<usize>> {
    let Some(obj) = convert::given(obj) else { return Ok((0..n).collect()) };
    let arr = py.import("numpy")?.call_method1("asarray", (obj,))?;
    let arr = arr
        .cast::<numpy::PyUntypedArray>()
        .map_err(|_| PyTypeError::new_err("games must be a bool array, one entry per game"))?;
    if arr.dtype().kind() != b'b' {
        return Err(PyTypeError::new_err(format!(
            "games must be a bool array (which games to reset), not {}",
            arr.dtype()
        )));
    }
    if arr.shape() != [n] {
        return Err(PyValueError::new_err(format!(
            "games has shape {}: expected ({n},), one entry per game",
            shape_text(arr.shape())
        )));
    }
    let a =
        arr.cast::<PyArrayDyn<bool>>().map_err(|_| PyTypeError::new_err("games must be bool"))?;
    let picked: Vec<usize> =
        a.readonly().as_array().iter().enumerate().filter(|(_, b)| **b).map(|(i, _)| i).collect();
    if picked.is_empty() {
        return Err(PyValueError::new_err("games selects no game: give at least one true entry"));
    }
    Ok(picked)
}

/// A start position for games of `config` with the environment's ply limit, or an error
/// naming `name` that says why it cannot be one.
pub(crate) fn start_position(
    obj: &Bound<'_, PyAny>,
    name: &str,
    config: &Config,
    agent_seat: Option<Seat>,
) -> PyResult<Position> {
    let pos = obj.cast::<PyPosition>().map_err(|_| {
        PyTypeError::new_err(format!("{name} must be a Position, not {}", type_name(obj)))
    })?;
    let pos = pos.get().0;
    let (c, p) = (config, &pos);
    if p.size() != c.size || p.players() != c.players || p.variant() != c.variant {
        return Err(value_error(format!(
            "{name} is a {}x{} game of {} players ({}), not one of this environment's ({}x{}, {} players, {})",
            p.size(),
            p.size(),
            p.players(),
            p.variant().name(),
            c.size,
            c.size,
            c.players,
            c.variant.name()
        )));
    }
    let limit = c.ply_limit.unwrap_or(DEFAULT_PLY_LIMIT);
    if p.ply() >= limit {
        return Err(value_error(format!(
            "{name} is at ply {}: the games of this environment end drawn at ply {limit}",
            p.ply()
        )));
    }
    let mut setup = pos.to_setup();
    setup.ply_limit = Some(limit);
    let pos = Position::try_from(setup).map_err(value_error)?;
    if pos.is_game_over() {
        return Err(value_error(format!("{name} is a finished game: `{pos}`")));
    }
    if let Some(s) = agent_seat {
        if !pos.is_active(s) {
            return Err(value_error(format!("{name}: the agent's seat, {s}, is not in the game")));
        }
    }
    Ok(pos)
}

/// Start positions: one `Position`, or a sequence of them (`expected` of them when given),
/// each checked by [`start_position`].
pub(crate) fn start_positions(
    obj: &Bound<'_, PyAny>,
    name: &str,
    expected: Option<usize>,
    config: &Config,
    agent_seat: Option<Seat>,
) -> PyResult<Vec<Position>> {
    if obj.cast::<PyPosition>().is_ok() {
        let p = start_position(obj, name, config, agent_seat)?;
        return Ok(vec![p; expected.unwrap_or(1)]);
    }
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "{name} must be a Position or a list of them, not str: read it with Position(text)"
        )));
    }
    let items: Vec<Bound<'_, PyAny>> = obj
        .try_iter()
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "{name} must be a Position or a list of them, not {}",
                type_name(obj)
            ))
        })?
        .collect::<PyResult<_>>()?;
    if let Some(n) = expected {
        if items.len() != n {
            return Err(PyValueError::new_err(format!(
                "{name} holds {} positions: expected {n}, one per game reset",
                items.len()
            )));
        }
    } else if items.is_empty() {
        return Err(PyValueError::new_err(format!("{name} is empty: give at least one position")));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, p)| start_position(p, &format!("{name}[{i}]"), config, agent_seat))
        .collect()
}

/// What an opponent argument names: self-play (`None` or `"self"`), a built-in bot, or a
/// Python callable.
pub(crate) enum OpponentArg {
    SelfPlay,
    Bot(BotKind),
    Python(Py<PyAny>),
}

pub(crate) fn opponent(obj: Option<&Bound<'_, PyAny>>) -> PyResult<OpponentArg> {
    let Some(obj) = convert::given(obj) else { return Ok(OpponentArg::SelfPlay) };
    if let Ok(s) = obj.extract::<String>() {
        if s == "self" {
            return Ok(OpponentArg::SelfPlay);
        }
    }
    let is_int = !obj.is_instance_of::<PyBool>() && convert::integer(obj, "opponent").is_ok();
    if obj.is_callable() && !is_int && !obj.is_instance_of::<PyString>() {
        return Ok(OpponentArg::Python(obj.clone().unbind()));
    }
    BotKind::from_arg(obj).map(OpponentArg::Bot).map_err(|_| {
        value_error(format!(
            "{} is not an opponent: \"random\", \"greedy\", an engine level 1 to 10, \"self\" (or None) for self-play, or a callable (obs, mask) -> actions",
            obj.repr().map_or_else(|_| "?".to_string(), |r| r.to_string())
        ))
    })
}

/// `autoreset`: `"same_step"`, `"next_step"` or `"disabled"`.
pub(crate) fn autoreset(obj: &str) -> PyResult<Autoreset> {
    Autoreset::ALL.iter().find(|(n, _)| *n == obj).map(|(_, a)| *a).ok_or_else(|| {
        value_error(format!(
            "autoreset must be \"same_step\", \"next_step\" or \"disabled\", not {obj:?}"
        ))
    })
}

/// `illegal_action`: `"raise"` or `"lose"`.
pub(crate) fn illegal(obj: &str) -> PyResult<Illegal> {
    match obj {
        "raise" => Ok(Illegal::Raise),
        "lose" => Ok(Illegal::Lose),
        _ => Err(value_error(format!("illegal_action must be \"raise\" or \"lose\", not {obj:?}"))),
    }
}
