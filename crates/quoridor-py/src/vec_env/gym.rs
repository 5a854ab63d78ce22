//! The infos of a Gymnasium vector environment, gathered as `gymnasium.vector.SyncVectorEnv`
//! gathers those of `quoridor.gym_env.QuoridorEnv` (`VectorEnv._add_info`): every key with
//! its `_key` mask of the games that report it.

use numpy::prelude::*;
use numpy::{PyArray1, PyArray2};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use quoridor_core::Config;
use quoridor_core::observation::planes;

/// The per-game entries of the infos: each game's seat (its view), winner in the last step
/// (-1 when none) and illegal flag.
pub(crate) struct Entries<'a> {
    pub(crate) views: &'a [i8],
    pub(crate) winners: &'a [i8],
    pub(crate) illegal: &'a [bool],
}

/// Sets `key` to `values` and `_key` to `present`.
fn entry<'py, T: numpy::Element>(
    d: &Bound<'py, PyDict>,
    key: &Bound<'py, PyString>,
    mask_key: &Bound<'py, PyString>,
    values: Vec<T>,
    present: &[bool],
) -> PyResult<()> {
    let py = d.py();
    d.set_item(key, PyArray1::from_vec(py, values))?;
    d.set_item(mask_key, PyArray1::from_slice(py, present))
}

/// The infos of the games `rows` (all when `None`; the others' entries zero and unmarked):
/// `action_mask` (the masks, int8: `mask` itself), `seat` (the view, int64), `winner` (int64, -1 when
/// none) and `illegal_action`. The games `restarted` (same-step autoreset) report the new
/// game's: no winner, no illegal action yet.
pub(crate) fn infos<'py>(
    py: Python<'py>,
    mask: &Bound<'py, PyArray2<i8>>,
    e: &Entries<'_>,
    rows: Option<&[usize]>,
    restarted: &[usize],
) -> PyResult<Bound<'py, PyDict>> {
    let n = e.views.len();
    let present: Vec<bool> = match rows {
        None => vec![true; n],
        Some(r) => {
            let mut p = vec![false; n];
            r.iter().for_each(|&i| p[i] = true);
            p
        }
    };
    let d = PyDict::new(py);
    let action_mask = mask;
    if rows.is_some() {
        // Only the games reset report; the others' rows are zero, as `SyncVectorEnv` leaves them.
        let np = py.import("numpy")?;
        let absent: Vec<bool> = present.iter().map(|p| !p).collect();
        np.call_method1(
            "copyto",
            (action_mask, 0, "unsafe", PyArray1::from_vec(py, absent).reshape([n, 1])?),
        )?;
    }
    d.set_item(intern!(py, "action_mask"), action_mask)?;
    d.set_item(intern!(py, "_action_mask"), PyArray1::from_slice(py, &present))?;
    let mut seat: Vec<i64> = e.views.iter().map(|&v| i64::from(v)).collect();
    let mut winner: Vec<i64> = e.winners.iter().map(|&w| i64::from(w)).collect();
    let mut illegal = e.illegal.to_vec();
    for &i in restarted {
        winner[i] = -1;
        illegal[i] = false;
    }
    for (i, _) in present.iter().enumerate().filter(|(_, p)| !**p) {
        (seat[i], winner[i], illegal[i]) = (0, 0, false);
    }
    entry(&d, intern!(py, "seat"), intern!(py, "_seat"), seat, &present)?;
    entry(&d, intern!(py, "winner"), intern!(py, "_winner"), winner, &present)?;
    let (key, mask_key) = (intern!(py, "illegal_action"), intern!(py, "_illegal_action"));
    entry(&d, key, mask_key, illegal, &present)?;
    Ok(d)
}

/// Same-step autoreset: the games `done` (in order) ended and started again. Their
/// `final_obs` (an object array, `None` elsewhere) and `final_info` (the infos of their last
/// step: no legal action, their seat, winner and illegal flag) join `infos` (whose top-level
/// entries for them are those of the new games: see [`infos`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn final_infos<'py>(
    py: Python<'py>,
    infos: &Bound<'py, PyDict>,
    config: Config,
    e: &Entries<'_>,
    done: &[usize],
    final_obs: &[f32],
    final_seats: &[i8],
) -> PyResult<()> {
    let n = e.views.len();
    let size = usize::from(config.size.get());
    let o = planes(config.players) * size * size;
    let shape = [planes(config.players), size, size];
    let mut objects: Vec<Py<PyAny>> = (0..n).map(|_| py.None()).collect();
    let mut present = vec![false; n];
    let mut seat = vec![0i64; n];
    let mut winner = vec![0i64; n];
    let mut illegal = vec![false; n];
    for (j, &i) in done.iter().enumerate() {
        let row = PyArray1::from_slice(py, &final_obs[j * o..(j + 1) * o]).reshape(shape)?;
        objects[i] = row.into_any().unbind();
        present[i] = true;
        seat[i] = i64::from(final_seats[j]);
        winner[i] = i64::from(e.winners[i]);
        illegal[i] = e.illegal[i];
    }
    let final_info = PyDict::new(py);
    let actions = quoridor_core::action::action_count(config.size);
    final_info
        .set_item(intern!(py, "action_mask"), super::run::numpy_zeros(py, (n, actions), "int8")?)?;
    final_info.set_item(intern!(py, "_action_mask"), PyArray1::from_slice(py, &present))?;
    entry(&final_info, intern!(py, "seat"), intern!(py, "_seat"), seat, &present)?;
    entry(&final_info, intern!(py, "winner"), intern!(py, "_winner"), winner, &present)?;
    let (key, mask_key) = (intern!(py, "illegal_action"), intern!(py, "_illegal_action"));
    entry(&final_info, key, mask_key, illegal, &present)?;
    infos.set_item(intern!(py, "final_obs"), PyArray1::from_vec(py, objects))?;
    infos.set_item(intern!(py, "_final_obs"), PyArray1::from_slice(py, &present))?;
    infos.set_item(intern!(py, "final_info"), final_info)?;
    infos.set_item(intern!(py, "_final_info"), PyArray1::from_slice(py, &present))
}
