//! Rust errors as Python exceptions: every message is the core's, which names the rule.

use std::fmt::Display;

use pyo3::PyErr;
use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyMemoryError, PyValueError};

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

/// An action id outside `0..count` (any integer: huge ones are written in full).
pub(crate) fn bad_action(action: impl Display, count: usize, size: u8) -> PyErr {
    PyIndexError::new_err(format!(
        "{action} is not an action id: ids run from 0 to {} on a {size}x{size} board",
        count - 1
    ))
}

/// Memory for `what` could not be had (the caller changed nothing).
pub(crate) fn no_memory(what: impl Display) -> PyErr {
    PyMemoryError::new_err(format!("not enough memory for {what}"))
}
