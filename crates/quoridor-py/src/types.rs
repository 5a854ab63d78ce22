//! Small value types: `Seat`, `Move` and `Config`.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyTuple;
use quoridor_core::{Config, Move, Orientation, Players, Seat, Square, Wall};

use crate::convert::{self, make_config, opt_seat, seat_arg};
use crate::errors::value_error;

/// A seat at the table. Turns run South, West, North, East. Wherever a seat is expected, a
/// letter (`"S"`), a name (`"south"`) or an index (0 South to 3 East) will do.
#[pyclass(name = "Seat", module = "quoridor", eq, eq_int, hash, frozen, ord)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PySeat {
    /// Starts in the middle of row 1, races to the top row.
    #[pyo3(name = "SOUTH")]
    South = 0,
    /// Starts in the middle of column a, races to the right-hand column.
    #[pyo3(name = "WEST")]
    West = 1,
    /// Starts in the middle of the top row, races to row 1.
    #[pyo3(name = "NORTH")]
    North = 2,
    /// Starts in the middle of the last column, races to column a.
    #[pyo3(name = "EAST")]
    East = 3,
}

impl PySeat {
    pub(crate) fn seat(self) -> Seat {
        match self {
            PySeat::South => Seat::South,
            PySeat::West => Seat::West,
            PySeat::North => Seat::North,
            PySeat::East => Seat::East,
        }
    }
}

impl From<Seat> for PySeat {
    fn from(s: Seat) -> PySeat {
        match s {
            Seat::South => PySeat::South,
            Seat::West => PySeat::West,
            Seat::North => PySeat::North,
            Seat::East => PySeat::East,
        }
    }
}

#[pymethods]
impl PySeat {
    /// `Seat(x)` for a seat, a letter (`"S"`), a name (`"south"`) or an index (0-3).
    #[new]
    fn new(seat: &Bound<'_, PyAny>) -> PyResult<PySeat> {
        seat_arg(seat).map(PySeat::from)
    }

    /// The one-letter name: `"S"`, `"W"`, `"N"` or `"E"`.
    #[getter]
    fn letter(&self) -> char {
        self.seat().letter()
    }

    /// The index in turn order: 0 South, 1 West, 2 North, 3 East.
    #[getter]
    fn index(&self) -> usize {
        self.seat().index()
    }

    fn __str__(&self) -> String {
        self.seat().to_string()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let getattr = py.import("builtins")?.getattr("getattr")?;
        let name = self.seat().name().to_uppercase();
        (getattr, (py.get_type::<PySeat>(), name)).into_pyobject(py)
    }
}

/// One ply: a pawn move, written as its destination square (`"e2"`), or a wall, written as
/// its anchor and orientation (`"e3h"`, `"a1v"`). `Move("e2")` reads the notation and
/// raises `ValueError` saying what is wrong with bad text.
#[pyclass(name = "Move", module = "quoridor", eq, hash, ord, frozen)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PyMove(pub(crate) Move);

/// One `Move` object for every move that can be named (moves are immutable), so that
/// listing legal moves allocates nothing but the list: 121 squares, then 121 anchors for each
/// orientation (anchors in the last row or column are never read).
static MOVES: PyOnceLock<Vec<Py<PyMove>>> = PyOnceLock::new();

fn move_slot(m: Move) -> usize {
    match m {
        Move::Pawn(sq) => usize::from(sq.index()),
        Move::Wall(w) => 121 * (1 + w.orientation() as usize) + usize::from(w.anchor().index()),
    }
}

fn slot_move(slot: usize) -> Move {
    let a1 = Move::Pawn(Square::new(0, 0).unwrap_or_else(|| unreachable!()));
    let square = |i: usize| u8::try_from(i).ok().and_then(Square::from_index);
    if slot < 121 {
        return square(slot).map_or(a1, Move::Pawn);
    }
    let o = if slot < 242 { Orientation::Horizontal } else { Orientation::Vertical };
    square(slot % 121).and_then(|sq| Wall::new(sq, o)).map_or(a1, Move::Wall)
}

/// The shared `Move` object of `m`.
pub(crate) fn move_object<'py>(py: Python<'py>, m: Move) -> PyResult<Bound<'py, PyMove>> {
    let table = MOVES.get_or_try_init(py, || {
        (0..363).map(|slot| Py::new(py, PyMove(slot_move(slot)))).collect::<PyResult<Vec<_>>>()
    })?;
    Ok(table[move_slot(m)].bind(py).clone())
}

#[pymethods]
impl PyMove {
    #[new]
    fn new(text: &str) -> PyResult<PyMove> {
        text.parse().map(PyMove).map_err(value_error)
    }

    /// Whether the move places a wall.
    #[getter]
    fn is_wall(&self) -> bool {
        matches!(self.0, Move::Wall(_))
    }

    /// Whether the move moves the pawn.
    #[getter]
    fn is_pawn(&self) -> bool {
        matches!(self.0, Move::Pawn(_))
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.0)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        (py.get_type::<PyMove>(), (self.0.to_string(),)).into_pyobject(py)
    }
}

/// How a game is set up: board size (odd, 5 to 11), players (2, 3 or 4), variant
/// (`"classic"` or `"koth"`, King of the Hill, four players), walls per player (`None`: the
/// default for the size and players), the seat that moves first (`None`: South) and an
/// optional ply limit after which the game is drawn. Checked when made: a bad combination
/// raises `ValueError` naming the rule.
#[pyclass(name = "Config", module = "quoridor", eq, hash, frozen)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyConfig(pub(crate) Config);

#[pymethods]
impl PyConfig {
    #[new]
    #[pyo3(
        signature = (size = 9, players = Players::Two, variant = "classic", walls = None, first = None, ply_limit = None),
        text_signature = "(size=9, players=2, variant='classic', walls=None, first=None, ply_limit=None)"
    )]
    fn new(
        #[pyo3(from_py_with = convert::size)] size: u8,
        #[pyo3(from_py_with = convert::players)] players: Players,
        variant: &str,
        walls: Option<&Bound<'_, PyAny>>,
        first: Option<&Bound<'_, PyAny>>,
        ply_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyConfig> {
        make_config(size, players, variant, walls, opt_seat(first)?, ply_limit).map(PyConfig)
    }

    /// Board side.
    #[getter]
    fn size(&self) -> u8 {
        self.0.size.get()
    }

    /// Number of players.
    #[getter]
    fn players(&self) -> u8 {
        self.0.players.get()
    }

    /// `"classic"` or `"koth"`.
    #[getter]
    fn variant(&self) -> &'static str {
        self.0.variant.name()
    }

    /// Walls each player starts with (in King of the Hill the first player gets one fewer).
    #[getter]
    fn walls(&self) -> u8 {
        self.0.walls_per_player()
    }

    /// The seat that moves first.
    #[getter]
    fn first(&self) -> PySeat {
        self.0.first.into()
    }

    /// The ply limit, or `None`.
    #[getter]
    fn ply_limit(&self) -> Option<u32> {
        self.0.ply_limit
    }

    /// The seats in the game, in turn order.
    #[getter]
    fn seats(&self) -> Vec<PySeat> {
        self.0.seats().iter().map(|&s| s.into()).collect()
    }

    fn __repr__(&self) -> String {
        self.repr()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let c = &self.0;
        let args = (
            c.size.get(),
            c.players.get(),
            c.variant.name(),
            c.walls,
            c.first.letter().to_string(),
            c.ply_limit,
        );
        (py.get_type::<PyConfig>(), args).into_pyobject(py)
    }
}

impl PyConfig {
    pub(crate) fn repr(&self) -> String {
        let c = &self.0;
        let walls = c.walls.map_or("None".to_string(), |w| w.to_string());
        let limit = c.ply_limit.map_or("None".to_string(), |l| l.to_string());
        format!(
            "Config(size={}, players={}, variant='{}', walls={walls}, first='{}', ply_limit={limit})",
            c.size,
            c.players,
            c.variant.name(),
            c.first.letter()
        )
    }
}
