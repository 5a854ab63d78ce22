//! Rust errors as Python exceptions: every message is the core's, which names the rule.

use std::fmt::Display;

use pyo3::PyErr;
use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyValueError};

create_exception!(
    quoridor,
    IllegalMoveError,
    PyValueError,
    "A move, action or resignation that breaks a rule. The message names the rule."
);

/// An illegal move, action or resignation.
pub(crate) fn illegal(e: impl Display) -> PyErr {
    IllegalMoveError::new_err(e.to_string())
}

/// Bad input: text that does not read, a bad configuration, an out-of-range value.
pub(crate) fn value_error(e: impl Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// An action id outside `0..count`.
pub(crate) fn bad_action(action: i64, count: usize, size: u8) -> PyErr {
    PyIndexError::new_err(format!(
        "{action} is not an action id: ids run from 0 to {} on a {size}x{size} board",
        count - 1
    ))
}
