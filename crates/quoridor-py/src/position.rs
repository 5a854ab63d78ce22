//! `Position`: an always-legal position, immutable on the Python side (`play` returns a new
//! one), with action ids and observations.

use numpy::prelude::*;
use numpy::{PyArray1, PyArray3};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use quoridor_core::action::ActionMap;
use quoridor_core::observation::{observe, planes};
use quoridor_core::{Move, Outcome, Position, Seat};

use crate::convert::{self, ActionId, move_arg, opt_seat, seat_arg};
use crate::errors::{bad_action, illegal, value_error};
use crate::types::{PyConfig, PyMove, PySeat, move_object};

/// A legal position of any variant. Immutable: `play` returns the position after the move.
///
/// `Position()` is the classic two-player start; `Position(text)` reads the position format
/// (`"9 S:e1:10,N:e9:10 - S 0"`), `Position.start(config)` is the start of a configuration.
/// `str(position)` writes the format; positions compare, hash and pickle by it.
///
/// Action ids and observations are seen from a seat (`seat=None`: the side to move): the
/// board is turned so that the seat runs up. See `docs/python.md` for the numbering and the
/// planes.
#[pyclass(name = "Position", module = "quoridor", frozen)]
#[derive(Clone, Copy)]
pub struct PyPosition(pub(crate) Position);

/// The action ids of `pos` seen from `seat` (the side to move when `None`).
pub(crate) fn action_map(pos: &Position, seat: Option<Seat>) -> ActionMap {
    let view = seat.unwrap_or_else(|| pos.turn());
    ActionMap::new(pos.size(), view)
}

/// The move with id `action` seen from `seat`.
pub(crate) fn action_move(pos: &Position, action: &ActionId, seat: Option<Seat>) -> PyResult<Move> {
    let map = action_map(pos, seat);
    action
        .get()
        .and_then(|a| map.to_move(a))
        .ok_or_else(|| bad_action(action, map.len(), pos.size().get()))
}

/// A seat that plays in `pos` (for views), or an error naming it.
pub(crate) fn view_seat(pos: &Position, seat: Option<Seat>) -> PyResult<Seat> {
    let s = seat.unwrap_or_else(|| pos.turn());
    if pos.seats().any(|t| t == s) {
        Ok(s)
    } else {
        Err(value_error(format!("{s} does not play in this game")))
    }
}

/// The observation of `pos` from `seat` as a new array (planes, size, size).
pub(crate) fn observation<'py>(
    py: Python<'py>,
    pos: &Position,
    seat: Option<Seat>,
) -> PyResult<Bound<'py, PyArray3<f32>>> {
    let view = view_seat(pos, seat)?;
    let n = usize::from(pos.size().get());
    let c = planes(pos.players());
    let mut out = vec![0.0f32; c * n * n];
    observe(pos, view, &mut out).map_err(value_error)?;
    PyArray1::from_vec(py, out).reshape([c, n, n])
}

/// The legal-action mask of `pos` from `seat` as a new bool array.
pub(crate) fn legal_mask<'py>(
    py: Python<'py>,
    pos: &Position,
    seat: Option<Seat>,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let map = action_map(pos, Some(view_seat(pos, seat)?));
    let mut mask = vec![false; map.len()];
    map.legal_mask(pos, &mut mask).map_err(value_error)?;
    Ok(PyArray1::from_vec(py, mask))
}

/// The winner, if the game is won.
pub(crate) fn winner(pos: &Position) -> Option<PySeat> {
    match pos.outcome() {
        Some(Outcome::Winner(s)) => Some(s.into()),
        _ => None,
    }
}

#[pymethods]
impl PyPosition {
    #[new]
    #[pyo3(signature = (text = None))]
    fn new(text: Option<&str>) -> PyResult<PyPosition> {
        match text {
            None => Ok(PyPosition(Position::default())),
            Some(t) => t.parse().map(PyPosition).map_err(value_error),
        }
    }

    /// The start position of `config` (the classic two-player game when `None`).
    #[staticmethod]
    #[pyo3(signature = (config = None))]
    fn start(config: Option<PyRef<'_, PyConfig>>) -> PyResult<PyPosition> {
        let config = config.map(|c| c.0).unwrap_or_default();
        Position::start(&config).map(PyPosition).map_err(value_error)
    }

    /// Board side.
    #[getter]
    fn size(&self) -> u8 {
        self.0.size().get()
    }

    /// `"classic"` or `"koth"`.
    #[getter]
    fn variant(&self) -> &'static str {
        self.0.variant().name()
    }

    /// Number of players the game started with.
    #[getter]
    fn players(&self) -> u8 {
        self.0.players().get()
    }

    /// The seats of the game, in turn order (also those who left).
    #[getter]
    fn seats(&self) -> Vec<PySeat> {
        self.0.seats().map(PySeat::from).collect()
    }

    /// The seats still in the game.
    #[getter]
    fn active_seats(&self) -> Vec<PySeat> {
        self.0.active_seats().map(PySeat::from).collect()
    }

    /// The seat to move.
    #[getter]
    fn turn(&self) -> PySeat {
        self.0.turn().into()
    }

    /// Plies played since the start.
    #[getter]
    fn ply(&self) -> u32 {
        self.0.ply()
    }

    /// The ply limit, or `None`.
    #[getter]
    fn ply_limit(&self) -> Option<u32> {
        self.0.ply_limit()
    }

    /// Whether the game is over (won, or drawn by the ply limit).
    #[getter]
    fn is_game_over(&self) -> bool {
        self.0.is_game_over()
    }

    /// The winner, or `None` (game going on, or drawn).
    #[getter]
    fn winner(&self) -> Option<PySeat> {
        winner(&self.0)
    }

    /// Whether the game ended drawn by the ply limit.
    #[getter]
    fn is_draw(&self) -> bool {
        self.0.outcome() == Some(Outcome::Draw)
    }

    /// The Zobrist hash of the position (pawns, walls, walls in hand, who left, side to
    /// move); `hash(position)` is derived from it.
    #[getter]
    fn zobrist(&self) -> u64 {
        self.0.zobrist()
    }

    /// The reward of `seat` here, as every environment of the package gives it: `1.0` once
    /// it has won, `-1.0` once another seat has won or it has left the game (eliminated),
    /// `0.0` otherwise (`quoridor_core::observation::reward`).
    fn reward(&self, seat: &Bound<'_, PyAny>) -> PyResult<f32> {
        Ok(f32::from(quoridor_core::observation::reward(&self.0, seat_arg(seat)?)))
    }

    /// The square of `seat`'s pawn (`"e1"`), or `None` when the seat is not in the game.
    fn pawn(&self, seat: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        Ok(self.0.pawn(seat_arg(seat)?).map(|s| s.to_string()))
    }

    /// Walls `seat` holds.
    fn walls_in_hand(&self, seat: &Bound<'_, PyAny>) -> PyResult<u8> {
        Ok(self.0.walls_in_hand(seat_arg(seat)?))
    }

    /// The walls on the board, in notation (`"e3h"`), horizontal ones first.
    #[getter]
    fn walls(&self) -> Vec<String> {
        self.0.walls().iter().map(|w| w.to_string()).collect()
    }

    /// Shortest distance of `seat` to its goal (pawns do not block), `None` when the seat
    /// is not in the game.
    fn distance(&self, seat: &Bound<'_, PyAny>) -> PyResult<Option<u8>> {
        Ok(self.0.distance(seat_arg(seat)?))
    }

    /// The most steps one wall placed now could add to `seat`'s shortest path (whoever
    /// holds walls), counted from `least` steps up (0 below it; from 3 up it is much
    /// cheaper), `None` when the seat is not in the game. Raises `ValueError` for a
    /// negative `least`.
    #[pyo3(signature = (seat, least = None))]
    fn wall_threat(
        &self,
        seat: &Bound<'_, PyAny>,
        least: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<u8>> {
        let least = least.map(|l| convert::int_at_least(l, "least", 0, u8::MAX)).transpose()?;
        Ok(self.0.wall_threat_at_least(seat_arg(seat)?, least.unwrap_or(0)))
    }

    /// A shortest path of `seat`: the squares from its pawn to its goal.
    fn shortest_path(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        Ok(self.0.shortest_path(seat_arg(seat)?).map(|s| s.to_string()).collect())
    }

    /// The rank of every seat (1 is best, equal ranks shared): the winner first, then the
    /// players still in the game by distance, then those who left.
    fn ranking<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (seat, rank) in self.0.ranking().iter() {
            d.set_item(PySeat::from(seat), rank)?;
        }
        Ok(d)
    }

    /// Every legal move of the side to move: pawn moves, then horizontal walls, then
    /// vertical walls. Empty when the game is over.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves = self.0.legal_moves();
        let objects = moves.iter().map(|&m| move_object(py, m)).collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, objects)
    }

    /// The number of legal moves, counted without listing them.
    fn count_legal_moves(&self) -> usize {
        self.0.count_legal_moves()
    }

    /// Whether `move` (a `Move` or notation) is legal for the side to move. Text that is not
    /// a move raises `ValueError`.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.is_legal(move_arg(r#move)?))
    }

    /// The rule that `move` breaks, or `None` when it is legal.
    fn why_illegal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        Ok(self.0.check(move_arg(r#move)?).err().map(|e| e.to_string()))
    }

    /// The position after `move`. Raises `IllegalMoveError` naming the broken rule.
    fn play(&self, r#move: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let mut pos = self.0;
        pos.play(move_arg(r#move)?).map_err(illegal)?;
        Ok(PyPosition(pos))
    }

    /// The position after `seat` resigns (it leaves the game at once, whoever is to move).
    fn resign(&self, seat: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let mut pos = self.0;
        pos.resign(seat_arg(seat)?).map_err(illegal)?;
        Ok(PyPosition(pos))
    }

    /// The number of action ids of this board size: size² + 2 (size - 1)².
    #[getter]
    fn action_count(&self) -> usize {
        action_map(&self.0, None).len()
    }

    /// The move with id `action`, seen from `seat` (the side to move when `None`).
    #[pyo3(signature = (action, seat = None))]
    fn action_to_move(
        &self,
        #[pyo3(from_py_with = convert::action)] action: ActionId,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyMove> {
        action_move(&self.0, &action, opt_seat(seat)?).map(PyMove)
    }

    /// The id of `move`, seen from `seat` (the side to move when `None`).
    #[pyo3(signature = (r#move, seat = None))]
    fn move_to_action(
        &self,
        r#move: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<usize> {
        let m = move_arg(r#move)?;
        action_map(&self.0, opt_seat(seat)?)
            .action(m)
            .ok_or_else(|| value_error(format!("{m} is not on the {0}x{0} board", self.0.size())))
    }

    /// The ids of the legal moves, seen from `seat` (the side to move when `None`), in
    /// increasing order.
    #[pyo3(signature = (seat = None))]
    fn legal_actions(&self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<usize>> {
        let map = action_map(&self.0, opt_seat(seat)?);
        let mut ids: Vec<usize> =
            self.0.legal_moves().iter().filter_map(|&m| map.action(m)).collect();
        ids.sort_unstable();
        Ok(ids)
    }

    /// A bool array of `action_count` values, true for the ids of the legal moves, seen
    /// from `seat` (the side to move when `None`).
    #[pyo3(signature = (seat = None))]
    fn legal_action_mask<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        legal_mask(py, &self.0, opt_seat(seat)?)
    }

    /// The position after the move with id `action` seen from `seat` (the side to move when
    /// `None`). Raises `IndexError` for an id out of range, `IllegalMoveError` naming the
    /// rule for an illegal move.
    #[pyo3(signature = (action, seat = None))]
    fn play_action(
        &self,
        #[pyo3(from_py_with = convert::action)] action: ActionId,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPosition> {
        let m = action_move(&self.0, &action, opt_seat(seat)?)?;
        let mut pos = self.0;
        pos.play(m).map_err(|e| illegal(format!("action {action} ({m}): {e}")))?;
        Ok(PyPosition(pos))
    }

    /// The observation seen from `seat` (the side to move when `None`): a float32 array of
    /// shape (planes, size, size), 8 planes for two players and 14 for three or four.
    #[pyo3(signature = (seat = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray3<f32>>> {
        observation(py, &self.0, opt_seat(seat)?)
    }

    /// A copy (positions are immutable, so this is only for symmetry with `Game`).
    fn copy(&self) -> PyPosition {
        *self
    }

    fn __copy__(&self) -> PyPosition {
        *self
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyPosition {
        *self
    }

    /// The board as text (Unicode box drawing, row 1 at the bottom; with ``color``, ANSI
    /// terminal colours), as the ``quoridor`` command draws it.
    #[pyo3(signature = (color = false))]
    fn diagram(&self, color: bool) -> String {
        self.0.diagram().colored(color).to_string()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Position('{}')", self.0)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyPosition>().is_ok_and(|o| o.get().0 == self.0)
    }

    fn __hash__(&self) -> u64 {
        // Equal positions have equal Zobrist hashes; Python reserves -1 (u64::MAX here).
        self.0.zobrist() >> 1
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        (py.get_type::<PyPosition>(), (self.0.to_string(),)).into_pyobject(py)
    }
}
