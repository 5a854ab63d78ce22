//! `elo` and `EloEstimate`: the Elo difference of a match result, as `quoridor match` reports
//! it (`quoridor_ai::arena::elo`).

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use quoridor_ai::arena;

use crate::convert::int_in;

/// A game count: 0 to 2^32 - 1.
fn count(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<u32> {
    int_in(obj, name, 0, u32::MAX.into())
}

/// The Elo difference of a side and its 95% interval, from its wins, draws and losses.
/// `elo`, `low` and `high` are infinite where the score (or an end of its interval) is 0 or
/// 1. Made by `elo(wins, draws, losses)`; compares and pickles by those counts.
#[pyclass(name = "EloEstimate", module = "quoridor", frozen, eq, get_all)]
#[derive(Clone, Copy, PartialEq)]
pub struct PyEloEstimate {
    /// Games won.
    wins: u32,
    /// Games drawn.
    draws: u32,
    /// Games lost.
    losses: u32,
    /// The side's mean game score, 0 to 1 (win 1, draw 0.5, loss 0).
    score: f64,
    /// The Elo difference: `-400 log10(1/score - 1)`.
    elo: f64,
    /// The lower end of the 95% interval.
    low: f64,
    /// The upper end of the 95% interval.
    high: f64,
}

#[pymethods]
impl PyEloEstimate {
    /// The number of games.
    #[getter]
    fn games(&self) -> u64 {
        u64::from(self.wins) + u64::from(self.draws) + u64::from(self.losses)
    }

    fn __repr__(&self) -> String {
        format!(
            "EloEstimate(wins={}, draws={}, losses={}, score={:.4}, elo={:.1}, low={:.1}, high={:.1})",
            self.wins, self.draws, self.losses, self.score, self.elo, self.low, self.high
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let elo = py.import("quoridor._quoridor")?.getattr("elo")?;
        (elo, (self.wins, self.draws, self.losses)).into_pyobject(py)
    }
}

/// The Elo difference of a side that won `wins`, drew `draws` and lost `losses` games, with
/// its 95% interval (a Wilson score interval that uses the games' own variance), as
/// `quoridor match` reports it; `None` without games. Counts run from 0 to 2^32 - 1.
#[pyfunction]
pub fn elo(
    #[pyo3(from_py_with = wins)] wins: u32,
    #[pyo3(from_py_with = draws)] draws: u32,
    #[pyo3(from_py_with = losses)] losses: u32,
) -> Option<PyEloEstimate> {
    arena::elo(wins, draws, losses).map(|e| PyEloEstimate {
        wins,
        draws,
        losses,
        score: e.score,
        elo: e.elo,
        low: e.low,
        high: e.high,
    })
}

fn wins(obj: &Bound<'_, PyAny>) -> PyResult<u32> {
    count(obj, "wins")
}

fn draws(obj: &Bound<'_, PyAny>) -> PyResult<u32> {
    count(obj, "draws")
}

fn losses(obj: &Bound<'_, PyAny>) -> PyResult<u32> {
    count(obj, "losses")
}
