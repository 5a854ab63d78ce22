//! Arguments as Python passes them: integers checked against their rule, whatever their size;
//! seats as `Seat`, letters, names or indices; moves as `Move` or notation; configurations.
//!
//! Every integer argument goes through [`integer`]: a number of any size that breaks the
//! argument's rule raises `ValueError` naming the argument and the rule (never a bare
//! `OverflowError`, never a panic), a `bool`, `float` or anything else that is no integer
//! `TypeError`.

use std::fmt::{self, Display};
use std::time::Duration;

use numpy::prelude::*;
use numpy::{PyArrayDyn, PyUntypedArray};
use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyBool;
use quoridor_ai::Level;
use quoridor_core::{BoardSize, Config, MAX_WALLS_PER_PLAYER, Move, Players, Seat, Variant};

use crate::errors::value_error;
use crate::types::{PyMove, PySeat};

/// An integer argument as Python passes it: an `int`, a numpy integer or anything else with
/// `__index__`, but not a `bool` (`True` is no count) and not a `float` (3.7 is no id). A number
/// past the `i128` range saturates: every rule checked here lies far inside it.
///
/// # Errors
/// `TypeError` naming `name` when `obj` is no integer.
pub(crate) fn integer(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<i128> {
    if obj.is_instance_of::<PyBool>() {
        return Err(not_an_integer(obj, name));
    }
    match obj.extract::<i128>() {
        Ok(v) => Ok(v),
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
            Ok(if obj.lt(0)? { i128::MIN } else { i128::MAX })
        }
        Err(_) => Err(not_an_integer(obj, name)),
    }
}

fn not_an_integer(obj: &Bound<'_, PyAny>, name: &str) -> PyErr {
    let kind = obj.get_type().name().map_or_else(|_| "?".to_string(), |n| n.to_string());
    PyTypeError::new_err(format!("{name} must be an integer, not {kind} {}", shown(obj)))
}

/// `obj` as Python prints it (integers in full, however large).
pub(crate) fn shown(obj: &Bound<'_, PyAny>) -> String {
    obj.str().map_or_else(|_| "?".to_string(), |s| s.to_string())
}

/// An integer argument from `lo` to `hi`.
///
/// # Errors
/// `ValueError` naming `name` and the bound it passes (`TypeError` for no integer).
pub(crate) fn int_in<T: TryFrom<i128>>(
    obj: &Bound<'_, PyAny>,
    name: &str,
    lo: i128,
    hi: i128,
) -> PyResult<T> {
    let v = integer(obj, name)?;
    let bound = if v < lo { format!("at least {lo}") } else { format!("at most {hi}") };
    (lo..=hi)
        .contains(&v)
        .then(|| T::try_from(v).ok())
        .flatten()
        .ok_or_else(|| value_error(format!("{name} must be {bound}, not {}", shown(obj))))
}

/// An integer argument of at least `lo`; above `T`'s range it saturates at `max` (a limit
/// larger than any search reaches is as good as the largest).
///
/// # Errors
/// `ValueError` naming `name` below `lo` (`TypeError` for no integer).
pub(crate) fn int_at_least<T: TryFrom<i128>>(
    obj: &Bound<'_, PyAny>,
    name: &str,
    lo: i128,
    max: T,
) -> PyResult<T> {
    let v = integer(obj, name)?;
    if v < lo {
        return Err(value_error(format!("{name} must be at least {lo}, not {}", shown(obj))));
    }
    Ok(T::try_from(v).unwrap_or(max))
}

/// The integers of a numpy array, flattened: of an integer dtype, or of Python integers (an
/// object array, as `np.asarray([2**70])` makes), each past the `i128` range saturating. A
/// float, bool, string or other element raises `TypeError` naming `what`.
pub(crate) fn int_elements(arr: &Bound<'_, PyUntypedArray>, what: &str) -> PyResult<Vec<i128>> {
    let not_ints = || {
        PyTypeError::new_err(format!("{what} must be integers (action ids), not {}", arr.dtype()))
    };
    let flat = arr.call_method1("reshape", (-1,))?;
    match arr.dtype().kind() {
        b'u' => {
            let a = flat.call_method1("astype", ("uint64",))?;
            let a = a.cast::<PyArrayDyn<u64>>().map_err(|_| not_ints())?;
            Ok(a.readonly().as_array().iter().map(|&a| i128::from(a)).collect())
        }
        b'i' => {
            let a = flat.call_method1("astype", ("int64",))?;
            let a = a.cast::<PyArrayDyn<i64>>().map_err(|_| not_ints())?;
            Ok(a.readonly().as_array().iter().map(|&a| i128::from(a)).collect())
        }
        b'O' => flat
            .call_method0("tolist")?
            .try_iter()?
            .map(|item| {
                let item = item?;
                integer(&item, what).map_err(|_| {
                    let kind =
                        item.get_type().name().map_or_else(|_| "?".to_string(), |n| n.to_string());
                    PyTypeError::new_err(format!(
                        "{what} must be integers (action ids), not {kind} {}",
                        shown(&item)
                    ))
                })
            })
            .collect(),
        _ => Err(not_ints()),
    }
}

/// Element `i` of the array-like `obj`, as Python writes it (a huge id in a message).
pub(crate) fn element_text(obj: &Bound<'_, PyAny>, i: usize) -> String {
    let py = obj.py();
    py.import("numpy")
        .and_then(|np| np.call_method1("asarray", (obj,)))
        .and_then(|a| a.call_method1("reshape", (-1,)))
        .and_then(|a| a.get_item(i))
        .map_or_else(|_| "?".to_string(), |x| shown(&x))
}

/// `size`: a board side, with the core's message for any integer that is none.
pub(crate) fn size(obj: &Bound<'_, PyAny>) -> PyResult<u8> {
    let v = integer(obj, "size")?;
    u8::try_from(v).ok().and_then(BoardSize::new).map(BoardSize::get).ok_or_else(|| {
        match shown(obj).parse::<BoardSize>() {
            Err(e) => value_error(e),
            Ok(_) => value_error(format!("`{}` is not a board size", shown(obj))),
        }
    })
}

/// `players`: 2, 3 or 4, with the core's message for any other integer.
pub(crate) fn players(obj: &Bound<'_, PyAny>) -> PyResult<Players> {
    // Core's rule and message, also for a number past `u8`.
    integer(obj, "players")?;
    shown(obj).parse::<Players>().map_err(value_error)
}

/// `seed`: any 64-bit unsigned integer.
pub(crate) fn seed(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    int_in(obj, "seed", 0, u64::MAX.into())
}

/// An optional `seed` (`None` keeps the current one).
pub(crate) fn opt_seed(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    given(obj).map(seed).transpose()
}

/// An optional argument that was given, and not as `None`.
pub(crate) fn given<'a, 'py>(obj: Option<&'a Bound<'py, PyAny>>) -> Option<&'a Bound<'py, PyAny>> {
    obj.filter(|o| !o.is_none())
}

/// `level`: an engine level, 1 to 10.
pub(crate) fn level(obj: &Bound<'_, PyAny>) -> PyResult<Level> {
    let l = integer(obj, "level")?;
    u8::try_from(l).ok().and_then(Level::new).ok_or_else(|| {
        value_error(format!("{} is not a level: levels run from 1 to 10", shown(obj)))
    })
}

/// `movetime`: a positive number of seconds. A time too long for a `Duration` saturates (no
/// time limit in practice), one too short for a nanosecond is one nanosecond.
pub(crate) fn movetime(obj: &Bound<'_, PyAny>) -> PyResult<Duration> {
    let bad =
        |t: &dyn Display| value_error(format!("movetime {t} is not a positive number of seconds"));
    if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "movetime must be a number of seconds, not bool {}",
            shown(obj)
        )));
    }
    let t = match obj.extract::<f64>() {
        Ok(t) => t,
        // An integer too large for a float: a positive one is a very long time.
        Err(e) => match integer(obj, "movetime") {
            Ok(v) if v > 0 => return Ok(Duration::MAX),
            Ok(_) => return Err(bad(&shown(obj))),
            Err(_) => {
                return Err(PyTypeError::new_err(format!(
                    "movetime must be a number of seconds: {}",
                    e.value(obj.py())
                )));
            }
        },
    };
    if t.is_nan() || t <= 0.0 {
        return Err(bad(&t));
    }
    Ok(Duration::try_from_secs_f64(t).unwrap_or(Duration::MAX).max(Duration::from_nanos(1)))
}

/// An action id argument: the id, or the integer it was when no id can be that large (or
/// negative), kept as text for the message.
pub(crate) enum ActionId {
    /// A number that may be an id (checked against the board where it is used).
    Id(usize),
    /// A negative or huge integer, as Python writes it.
    Never(String),
}

impl ActionId {
    /// The id, when it can be one.
    pub(crate) fn get(&self) -> Option<usize> {
        match *self {
            ActionId::Id(id) => Some(id),
            ActionId::Never(_) => None,
        }
    }
}

impl Display for ActionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionId::Id(id) => write!(f, "{id}"),
            ActionId::Never(text) => f.write_str(text),
        }
    }
}

/// `action`: an integer action id (its range is checked where it is used).
pub(crate) fn action(obj: &Bound<'_, PyAny>) -> PyResult<ActionId> {
    let v = integer(obj, "action")?;
    Ok(usize::try_from(v).map_or_else(|_| ActionId::Never(shown(obj)), ActionId::Id))
}

/// A seat given as `Seat`, `"S"`/`"south"`, or an index 0 (South) to 3 (East).
pub(crate) fn seat_arg(obj: &Bound<'_, PyAny>) -> PyResult<Seat> {
    if let Ok(s) = obj.cast::<PySeat>() {
        return Ok(s.get().seat());
    }
    if let Ok(text) = obj.extract::<String>() {
        return text.parse::<_>().map_err(value_error);
    }
    if let Ok(i) = integer(obj, "seat") {
        return usize::try_from(i).ok().and_then(Seat::from_index).ok_or_else(|| {
            let i = shown(obj);
            value_error(format!("{i} is not a seat index: 0 South, 1 West, 2 North, 3 East"))
        });
    }
    Err(PyTypeError::new_err(
        "a seat is a Seat, a letter or name like \"S\" or \"south\", or an index 0-3",
    ))
}

/// A seat argument that may be left out.
pub(crate) fn opt_seat(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Seat>> {
    obj.filter(|o| !o.is_none()).map(seat_arg).transpose()
}

/// A move given as `Move` or in notation (`"e2"`, `"e3h"`).
pub(crate) fn move_arg(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(m) = obj.cast::<PyMove>() {
        return Ok(m.get().0);
    }
    if let Ok(text) = obj.extract::<String>() {
        return text.parse::<_>().map_err(value_error);
    }
    Err(PyTypeError::new_err("a move is a Move or a string in notation like \"e2\" or \"e3h\""))
}

/// The configuration from the Python arguments (`walls` and `ply_limit` as given, `None`
/// for the default), checked.
pub(crate) fn make_config(
    size: u8,
    players: Players,
    variant: &str,
    walls: Option<&Bound<'_, PyAny>>,
    first: Option<Seat>,
    ply_limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<Config> {
    let size = BoardSize::try_from(size).map_err(value_error)?;
    let variant: Variant = variant.parse().map_err(value_error)?;
    let max_walls = i128::from(MAX_WALLS_PER_PLAYER);
    let walls = given(walls).map(|w| int_in(w, "walls", 0, max_walls)).transpose()?;
    let ply_limit =
        given(ply_limit).map(|l| int_in(l, "ply_limit", 1, u32::MAX.into())).transpose()?;
    let config = Config::default()
        .with_size(size)
        .with_players(players)
        .with_variant(variant)
        .with_walls(walls)
        .with_first(first.unwrap_or(Seat::South))
        .with_ply_limit(ply_limit);
    config.validate().map_err(value_error)?;
    Ok(config)
}
