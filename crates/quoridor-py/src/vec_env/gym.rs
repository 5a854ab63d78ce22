//! The infos of a Gymnasium vector environment, gathered as `gymnasium.vector.SyncVectorEnv`
//! gathers those of `quoridor.gym_env.QuoridorEnv` (`VectorEnv._add_info`): every key with
//! its `_key` mask of the games that report it.

use numpy::prelude::*;
use numpy::{PyArray1, PyArray2};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use quoridor_core::Config;
use quoridor_core::observation::planes;

/// `(value array, mask array)` of one key.
fn entry<'py, T: numpy::Element>(
    py: Python<'py>,
    d: &Bound<'py, PyDict>,
    key: &str,
    values: Vec<T>,
    present: &[bool],
) -> PyResult<()> {
    d.set_item(key, PyArray1::from_vec(py, values))?;
    d.set_item(format!("_{key}"), PyArray1::from_slice(py, present))
}

/// The infos of the games `rows` (all when `None`; the others' entries zero and unmarked):
/// `action_mask` (the masks as int8), `seat` (the view, int64), `winner` (int64, -1 when
/// none) and `illegal_action`.
pub(crate) fn infos<'py>(
    py: Python<'py>,
    mask: &Bound<'py, PyArray2<bool>>,
    views: &[i8],
    winners: &[i8],
    illegal: &[bool],
    rows: Option<&[usize]>,
) -> PyResult<Bound<'py, PyDict>> {
    let n = views.len();
    let present: Vec<bool> = match rows {
        None => vec![true; n],
        Some(r) => {
            let mut p = vec![false; n];
            r.iter().for_each(|&i| p[i] = true);
            p
        }
    };
    let keep = |i: usize| present[i];
    let d = PyDict::new(py);
    let action_mask = mask.call_method1("view", ("int8",))?;
    if rows.is_some() {
        // Only the games reset report; the others' rows are zero, as `SyncVectorEnv` leaves them.
        let np = py.import("numpy")?;
        let absent: Vec<bool> = present.iter().map(|p| !p).collect();
        np.call_method1(
            "copyto",
            (&action_mask, 0, "unsafe", PyArray1::from_vec(py, absent).reshape([n, 1])?),
        )?;
    }
    d.set_item("action_mask", action_mask)?;
    d.set_item("_action_mask", PyArray1::from_slice(py, &present))?;
    let seat = (0..n).map(|i| if keep(i) { i64::from(views[i]) } else { 0 }).collect();
    entry(py, &d, "seat", seat, &present)?;
    let winner = (0..n).map(|i| if keep(i) { i64::from(winners[i]) } else { 0 }).collect();
    entry(py, &d, "winner", winner, &present)?;
    let illegal = (0..n).map(|i| keep(i) && illegal[i]).collect();
    entry(py, &d, "illegal_action", illegal, &present)?;
    Ok(d)
}

/// Same-step autoreset: the games `done` (in order) ended and started again. Their
/// `final_obs` (an object array, `None` elsewhere) and `final_info` (the infos of their last
/// step: no legal action, their seat, winner and illegal flag) join `infos`, whose top-level
/// entries for them are those of the new games (no winner, no illegal action yet).
pub(crate) fn final_infos<'py>(
    py: Python<'py>,
    infos: &Bound<'py, PyDict>,
    n: usize,
    config: Config,
    done: &[usize],
    final_obs: Vec<f32>,
    final_seats: &[i8],
) -> PyResult<()> {
    let np = py.import("numpy")?;
    let size = usize::from(config.size.get());
    let k = done.len();
    let rows =
        PyArray1::from_vec(py, final_obs).reshape([k, planes(config.players), size, size])?;
    let objects = np.call_method1("full", (n, py.None(), "object"))?;
    let mut present = vec![false; n];
    for (j, &i) in done.iter().enumerate() {
        objects.set_item(i, rows.get_item(j)?)?;
        present[i] = true;
    }
    let item = |key: &str| {
        infos.get_item(key)?.ok_or_else(|| {
            pyo3::exceptions::PyRuntimeError::new_err(format!(
                "internal error, please report: no {key}"
            ))
        })
    };
    let winners: Bound<'py, PyArray1<i64>> = item("winner")?.cast_into()?;
    let illegal: Bound<'py, PyArray1<bool>> = item("illegal_action")?.cast_into()?;
    let (mut w, mut l) = (winners.readwrite(), illegal.readwrite());
    let (w, l) = (w.as_slice_mut()?, l.as_slice_mut()?);
    let final_info = PyDict::new(py);
    let actions = quoridor_core::action::action_count(config.size);
    final_info.set_item("action_mask", super::run::numpy_zeros(py, (n, actions), "int8")?)?;
    final_info.set_item("_action_mask", PyArray1::from_slice(py, &present))?;
    let mut seat = vec![0i64; n];
    let mut winner = vec![0i64; n];
    let mut illegal_action = vec![false; n];
    for (j, &i) in done.iter().enumerate() {
        seat[i] = i64::from(final_seats[j]);
        winner[i] = w[i];
        illegal_action[i] = l[i];
        w[i] = -1;
        l[i] = false;
    }
    entry(py, &final_info, "seat", seat, &present)?;
    entry(py, &final_info, "winner", winner, &present)?;
    entry(py, &final_info, "illegal_action", illegal_action, &present)?;
    infos.set_item("final_obs", objects)?;
    infos.set_item("_final_obs", PyArray1::from_slice(py, &present))?;
    infos.set_item("final_info", final_info)?;
    infos.set_item("_final_info", PyArray1::from_slice(py, &present))?;
    Ok(())
}
