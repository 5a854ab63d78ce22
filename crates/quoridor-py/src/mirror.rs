//! The board's left-right mirror for learning programs (`quoridor_core::action::mirror_action`
//! and `quoridor_core::observation::mirror_observation`) over numpy arrays of any batch shape:
//! action ids, anything indexed by action id along its last axis (masks, policies, visit
//! counts), and two-player observations.

use numpy::prelude::*;
use numpy::{PyArray1, PyArrayDyn, PyUntypedArray};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use quoridor_core::action::{action_count, mirror_action};
use quoridor_core::observation::{mirror_observation as mirror_obs, planes};
use quoridor_core::{BoardSize, Players};

use crate::convert;

/// `obj` as a numpy array, or a `TypeError` naming `name`.
fn array<'py>(obj: &Bound<'py, PyAny>, name: &str) -> PyResult<Bound<'py, PyUntypedArray>> {
    let np = obj.py().import("numpy")?;
    let arr = np
        .call_method1("asarray", (obj,))
        .map_err(|e| PyTypeError::new_err(format!("{name} must be an array: {e}")))?;
    arr.cast_into::<PyUntypedArray>()
        .map_err(|_| PyTypeError::new_err(format!("{name} must be an array")))
}

/// The board of `len` action ids, or an error naming `name`.
fn size_of_actions(len: usize, name: &str) -> PyResult<BoardSize> {
    BoardSize::ALL.into_iter().find(|&s| action_count(s) == len).ok_or_else(|| {
        PyValueError::new_err(format!(
            "{name} has {len} entries along its last axis: a board has 57 (5x5), 121 (7x7), 209 (9x9) or 321 (11x11) action ids"
        ))
    })
}

/// Each action id in `actions` (any integer array) replaced by the id of the same move
/// mirrored left to right, on a board of side `size`; the result has the input's shape.
/// Raises `IndexError` for an id out of range.
#[pyfunction]
#[pyo3(signature = (actions, size = 9))]
pub fn mirror_actions<'py>(
    actions: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = convert::size)] size: u8,
) -> PyResult<Bound<'py, PyAny>> {
    let py = actions.py();
    let size = BoardSize::try_from(size).map_err(crate::errors::value_error)?;
    let arr = array(actions, "actions")?;
    let shape = arr.shape().to_vec();
    let ids = convert::int_elements(&arr, "actions")?;
    let mut out = Vec::with_capacity(ids.len());
    for (k, id) in ids.into_iter().enumerate() {
        let m = usize::try_from(id).ok().and_then(|a| mirror_action(size, a)).ok_or_else(|| {
            PyIndexError::new_err(format!(
                "{} is not an action id: ids run from 0 to {} on a {size}x{size} board",
                convert::element_text(actions, k),
                action_count(size) - 1
            ))
        })?;
        out.push(m as i64);
    }
    PyArray1::from_vec(py, out).into_any().call_method1("reshape", (shape,))
}

/// `values` (masks, policies, visit counts: anything indexed by action id along its last
/// axis, of any dtype and batch shape) with each entry moved to the id of its move mirrored
/// left to right. The board is read from the last axis's length (57, 121, 209 or 321).
#[pyfunction]
pub fn mirror_policy<'py>(values: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let py = values.py();
    let arr = array(values, "values")?;
    let Some(&len) = arr.shape().last() else {
        return Err(PyValueError::new_err("values must have at least one axis (the action ids)"));
    };
    let size = size_of_actions(len, "values")?;
    let perm: Vec<i64> = (0..len).map(|a| mirror_action(size, a).map_or(0, |m| m as i64)).collect();
    let perm = PyArray1::from_vec(py, perm);
    arr.call_method1("take", (perm, -1))
}

/// The observation(s) `obs` of a two-player game mirrored left to right: the observations of
/// the mirrored positions, seen from the same seats. `obs` is float32 (or converts to it),
/// of shape `(8, N, N)` or a batch `(..., 8, N, N)`; a new array comes back. Three- and
/// four-player observations (14 planes) are refused: the mirror reverses their turn order.
#[pyfunction]
pub fn mirror_observation<'py>(obs: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let py = obs.py();
    let np = py.import("numpy")?;
    let not_numbers = |e| PyTypeError::new_err(format!("obs must be an array of numbers: {e}"));
    // The shape is checked before the values are made float32, so that a value that is no
    // observation at all (a huge scalar) is refused for its shape, without numpy's warning
    // of a float32 overflow on the way.
    let given = np.call_method1("asarray", (obs,)).map_err(not_numbers)?;
    let shape: Vec<usize> = given.getattr("shape")?.extract()?;
    let bad = || {
        PyValueError::new_err(format!(
            "obs has shape {shape:?}: expected (8, N, N) or (..., 8, N, N), two-player observations of a board of side 5, 7, 9 or 11"
        ))
    };
    let [.., p, rows, cols] = shape[..] else { return Err(bad()) };
    let size = u8::try_from(rows).ok().and_then(BoardSize::new).filter(|_| rows == cols);
    let Some(size) = size else { return Err(bad()) };
    if p == planes(Players::Four) {
        return Err(PyValueError::new_err(
            "obs has 14 planes, a game of three or four players: the mirror reverses their turn order, so it is no symmetry of those games",
        ));
    }
    if p != planes(Players::Two) {
        return Err(bad());
    }
    // A copy in C order (astype always copies): the planes are read as rows of a slice.
    let order = pyo3::types::PyDict::new(py);
    order.set_item("order", "C")?;
    let arr = given.call_method("astype", ("float32",), Some(&order)).map_err(not_numbers)?;
    let arr = arr.cast_into::<PyArrayDyn<f32>>()?;
    {
        let mut view = arr.readwrite();
        let data = view.as_slice_mut().map_err(|_| bad())?;
        for one in data.chunks_exact_mut(p * rows * cols) {
            mirror_obs(size, one).map_err(crate::errors::value_error)?;
        }
    }
    Ok(arr.into_any())
}
