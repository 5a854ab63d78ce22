//! Arguments as Python passes them: seats as `Seat`, letters, names or indices; moves as
//! `Move` or notation; configurations.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use quoridor_core::{BoardSize, Config, Move, Seat, Variant};

use crate::errors::value_error;
use crate::types::{PyMove, PySeat};

/// A seat given as `Seat`, `"S"`/`"south"`, or an index 0 (South) to 3 (East).
pub(crate) fn seat_arg(obj: &Bound<'_, PyAny>) -> PyResult<Seat> {
    if let Ok(s) = obj.cast::<PySeat>() {
        return Ok(s.get().seat());
    }
    if let Ok(text) = obj.extract::<String>() {
        return text.parse::<_>().map_err(value_error);
    }
    if let Ok(i) = obj.extract::<i64>() {
        return usize::try_from(i).ok().and_then(Seat::from_index).ok_or_else(|| {
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

/// The configuration from the Python arguments, checked.
pub(crate) fn make_config(
    size: u8,
    players: u8,
    variant: &str,
    walls: Option<u8>,
    first: Option<Seat>,
    ply_limit: Option<u32>,
) -> PyResult<Config> {
    let size = BoardSize::try_from(size).map_err(value_error)?;
    let variant: Variant = variant.parse().map_err(value_error)?;
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
