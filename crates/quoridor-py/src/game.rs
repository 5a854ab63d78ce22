//! `Game`: a mutable game with its history (undo), resignations, tags and game records.

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use quoridor_core::{Event, Game};

use crate::convert::{self, ActionId, move_arg, opt_seat, seat_arg};
use crate::errors::{illegal, value_error};
use crate::position::{PyPosition, action_move, winner};
use crate::types::{PyConfig, PyMove, PySeat};

/// A game: a start position, the moves and resignations since, and tags. Unlike `Position`
/// it changes in place: `play`, `play_action`, `resign` and `undo`. `str(game)` writes the
/// game record, `Game.parse(record)` reads one; games compare and pickle by their record.
#[pyclass(name = "Game", module = "quoridor", eq)]
#[derive(Clone, PartialEq)]
pub struct PyGame(pub(crate) Game);

#[pymethods]
impl PyGame {
    /// A new game from the start of `config` (the classic two-player game when `None`).
    #[new]
    #[pyo3(signature = (config = None))]
    fn new(config: Option<PyRef<'_, PyConfig>>) -> PyResult<PyGame> {
        let config = config.map(|c| c.0).unwrap_or_default();
        Game::new(&config).map(PyGame).map_err(value_error)
    }

    /// A new game from any legal position.
    #[staticmethod]
    fn from_position(position: PyRef<'_, PyPosition>) -> PyGame {
        PyGame(Game::from_position(position.0))
    }

    /// Reads a game record. Raises `ValueError` naming the line, tag or ply and the rule.
    #[staticmethod]
    fn parse(record: &str) -> PyResult<PyGame> {
        record.parse().map(PyGame).map_err(value_error)
    }

    /// The current position.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition(*self.0.position())
    }

    /// The start position.
    #[getter]
    fn start(&self) -> PyPosition {
        PyPosition(*self.0.start())
    }

    /// The moves played so far (resignations left out).
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        self.0.moves().map(PyMove).collect()
    }

    /// Whether the game is over.
    #[getter]
    fn is_game_over(&self) -> bool {
        self.0.position().is_game_over()
    }

    /// The winner, or `None`.
    #[getter]
    fn winner(&self) -> Option<PySeat> {
        winner(self.0.position())
    }

    /// The result: `"S+"` (that seat won), `"="` (drawn) or `"*"` (going on).
    #[getter]
    fn result(&self) -> String {
        self.0.result_token()
    }

    /// Plays `move` (a `Move` or notation) for the side to move. Raises
    /// `IllegalMoveError` naming the rule; the game does not change then.
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        self.0.play(move_arg(r#move)?).map_err(illegal)
    }

    /// Plays the move with id `action` seen from `seat` (the side to move when `None`).
    #[pyo3(signature = (action, seat = None))]
    fn play_action(
        &mut self,
        #[pyo3(from_py_with = convert::action)] action: ActionId,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let m = action_move(self.0.position(), &action, opt_seat(seat)?)?;
        self.0.play(m).map_err(|e| illegal(format!("action {action} ({m}): {e}")))
    }

    /// `seat` resigns: it leaves the game at once.
    fn resign(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        self.0.resign(seat_arg(seat)?).map_err(illegal)
    }

    /// Takes back the last move or resignation. Returns the move taken back, the seat whose
    /// resignation was taken back, or `None` at the start.
    fn undo(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        Ok(match self.0.undo() {
            None => None,
            Some(Event::Move { mv, .. }) => Some(PyMove(mv).into_pyobject(py)?.into_any().unbind()),
            Some(Event::Resign(s)) => Some(PySeat::from(s).into_pyobject(py)?.into_any().unbind()),
        })
    }

    /// The value of a free tag (`"Event"`, `"South"`, ...), or `None`.
    fn tag(&self, name: &str) -> Option<String> {
        self.0.tag(name).map(str::to_string)
    }

    /// Sets a free tag. Raises `ValueError` for a tag the record computes itself (`Size`,
    /// `Result`, ...), a bad name or a value with a line break.
    fn set_tag(&mut self, name: &str, value: &str) -> PyResult<()> {
        self.0.set_tag(name, value).map_err(value_error)
    }

    /// A copy of the game.
    fn copy(&self) -> PyGame {
        self.clone()
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    fn __len__(&self) -> usize {
        self.0.events().len()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<Game {} events, position '{}'>", self.0.events().len(), self.0.position())
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let parse = py.get_type::<PyGame>().getattr("parse")?;
        (parse, (self.0.to_string(),)).into_pyobject(py)
    }
}
