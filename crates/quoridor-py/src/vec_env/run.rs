//! The parts of a step or a reset that may call Python (a Python opponent) or hand arrays to
//! numpy: the observations, the opponent's rounds, restarts, and putting the games back when
//! one of them fails.

use numpy::prelude::*;
use numpy::{PyArray1, PyArray4};
use pyo3::exceptions::{PyIndexError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use quoridor_core::action::{ActionMap, action_count};
use quoridor_core::observation::planes;
use quoridor_core::{BoardSize, Move, Position};

use super::ObsMask;
use super::args;
use super::games::{Games, Opponent, Refusal, filled};
use crate::errors::{IllegalMoveError, no_memory, value_error};

/// How many times a game whose start ends before the agent's first move is started again
/// (from another of the environment's start positions) before the step gives up.
const RESTART_TRIES: usize = 64;

/// The error of a refused step or reset (nothing changed).
pub(super) fn refusal(e: Refusal, size: BoardSize) -> PyErr {
    match e {
        Refusal::OutOfRange { game, action } => out_of_range(game, action, size),
        Refusal::Illegal { game, action, mv, err } => {
            IllegalMoveError::new_err(format!("game {game}: action {action} ({mv}): {err}"))
        }
        Refusal::Over { game } => value_error(format!(
            "game {game} is over: with autoreset \"disabled\", reset it (reset(games=...)) before stepping it"
        )),
        Refusal::EndsAtOnce { game } => value_error(format!(
            "game {game}: the start position ends before the agent's first move ({RESTART_TRIES} tries)"
        )),
        Refusal::Memory => no_memory("the step's arrays"),
        Refusal::Encode(e) => {
            PyRuntimeError::new_err(format!("internal error, please report: {e}"))
        }
    }
}

/// The message of an action id out of range in game `game`.
pub(super) fn out_of_range(game: usize, action: impl std::fmt::Display, size: BoardSize) -> PyErr {
    PyIndexError::new_err(format!(
        "game {game}: {action} is not an action id: ids run from 0 to {} on a {size}x{size} board",
        action_count(size) - 1
    ))
}

/// The observations `(k, planes, size, size)` and legal-action masks `(k, actions)` (as `M`:
/// `bool`, or `i8` for Gymnasium's infos) of the games `rows` (every game when `None`; see
/// [`Games::observe_into`]). The observations are written straight into a new numpy array's
/// uninitialised memory (`numpy.empty`: every value is written, and a float has no invalid
/// bit pattern), the masks into a vector that numpy then owns: each value is written once.
pub(super) fn observe_arrays<'py, M: numpy::Element + Copy + From<bool>>(
    py: Python<'py>,
    g: &mut Games,
    rows: Option<&[usize]>,
    side_to_move: bool,
) -> PyResult<ObsMask<'py, M>> {
    let c = g.config;
    let n = usize::from(c.size.get());
    let k = rows.map_or(g.games.len(), <[usize]>::len);
    let shape = [k, planes(c.players), n, n];
    let a = action_count(c.size);
    let encode = |e| refusal(Refusal::Encode(e), c.size);
    let memory = |_| no_memory("the observations");
    let mut mask: Vec<M> = Vec::new();
    mask.try_reserve_exact(k * a).map_err(memory)?;
    // A few games: vectors handed over to numpy cost less than calls of numpy.
    if k * g.obs_len() <= SMALL_OBS {
        let mut obs = filled(k * g.obs_len(), 0.0f32).map_err(memory)?;
        py.detach(|| g.observe_into(rows, side_to_move, &mut obs, &mut mask)).map_err(encode)?;
        let obs = PyArray1::from_vec(py, obs).reshape(shape)?;
        return Ok((obs, PyArray1::from_vec(py, mask).reshape([k, a])?));
    }
    // From numpy (not rust-numpy's `zeros`, which panics where numpy has no memory):
    // `MemoryError` then.
    let obs =
        numpy_new(py, &NUMPY_EMPTY, "empty", shape, "float32")?.cast_into::<PyArray4<f32>>()?;
    {
        let mut o = obs.readwrite();
        let o = o.as_slice_mut()?;
        py.detach(|| g.observe_into(rows, side_to_move, o, &mut mask)).map_err(encode)?;
    }
    Ok((obs, PyArray1::from_vec(py, mask).reshape([k, a])?))
}

/// Observations of at most this many values are built in a vector (see `observe_arrays`).
const SMALL_OBS: usize = 1 << 14;

/// `numpy.empty` and `numpy.zeros`, looked up once.
static NUMPY_EMPTY: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static NUMPY_ZEROS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// A new array from `numpy.<name>(shape, dtype)` (`cell` keeps the function): numpy raises
/// `MemoryError` when it cannot have the memory.
fn numpy_new<'py>(
    py: Python<'py>,
    cell: &PyOnceLock<Py<PyAny>>,
    name: &str,
    shape: impl IntoPyObject<'py>,
    dtype: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let f = cell.get_or_try_init(py, || py.import("numpy")?.getattr(name).map(Bound::unbind))?;
    f.bind(py).call1((shape, dtype))
}

/// `numpy.zeros(shape, dtype)`.
pub(super) fn numpy_zeros<'py>(
    py: Python<'py>,
    shape: impl IntoPyObject<'py>,
    dtype: &str,
) -> PyResult<Bound<'py, PyAny>> {
    numpy_new(py, &NUMPY_ZEROS, "zeros", shape, dtype)
}

/// Lets a Python opponent move in every game waiting for it, one batch per round, until none
/// waits. Its actions are checked like the caller's; an error leaves the games halfway (the
/// caller puts them back).
pub(super) fn opponent_rounds(py: Python<'_>, g: &mut Games) -> PyResult<()> {
    let Opponent::Python(f) = &g.opponent else { return Ok(()) };
    let f = f.clone_ref(py);
    let size = g.config.size;
    loop {
        let waiting = g.waiting();
        if waiting.is_empty() {
            return Ok(());
        }
        let (obs, mask) = observe_arrays::<bool>(py, g, Some(&waiting), true)?;
        let out = f.bind(py).call1((obs, mask))?;
        let actions = args::int_array(py, &out, waiting.len(), "the opponent's actions")?;
        let mut moves: Vec<Move> = Vec::with_capacity(waiting.len());
        for (&i, &a) in waiting.iter().zip(&actions) {
            let pos = &g.games[i].pos;
            let map = ActionMap::new(size, pos.turn());
            let Some(mv) = usize::try_from(a).ok().and_then(|a| map.to_move(a)) else {
                return Err(PyIndexError::new_err(format!(
                    "the opponent's action in game {i}: {a} is not an action id: ids run from 0 to {} on a {size}x{size} board",
                    map.len() - 1
                )));
            };
            if let Err(e) = pos.check(mv) {
                return Err(IllegalMoveError::new_err(format!(
                    "the opponent's action in game {i}: action {a} ({mv}): {e}"
                )));
            }
            moves.push(mv);
        }
        for (&i, &mv) in waiting.iter().zip(&moves) {
            g.games[i].pos.play_unchecked(mv);
            g.note(i, Some(mv));
            g.games[i].known = false;
            g.settle_view(i);
        }
    }
}

/// Starts the games `rows` again (from `starts[k]` for the k-th when given), with the
/// opponents' first moves. A game that is over for the agent before its first move is started
/// again from another of the environment's start positions, or refused when its start was
/// given.
pub(super) fn restart(
    py: Python<'_>,
    g: &mut Games,
    rows: &[usize],
    starts: Option<&[Position]>,
) -> PyResult<()> {
    let mut pending: Vec<(usize, Option<Position>)> =
        rows.iter().enumerate().map(|(k, &i)| (i, starts.map(|s| s[k]))).collect();
    for _ in 0..RESTART_TRIES {
        py.detach(|| pending.iter().for_each(|&(i, p)| g.restart(i, p)));
        opponent_rounds(py, g)?;
        pending.retain(|&(i, _)| g.done(i));
        if let Some(&(game, Some(_))) = pending.first() {
            return Err(value_error(format!(
                "game {game}: the start position is over for the agent before its first move (`{}`)",
                g.games[game].pos
            )));
        }
        if pending.is_empty() {
            return Ok(());
        }
    }
    Err(refusal(Refusal::EndsAtOnce { game: pending[0].0 }, g.config.size))
}

/// Runs `f` on the games; when `needed` and it fails, the games are put back as they were.
pub(super) fn atomically<R>(
    g: &mut Games,
    needed: bool,
    f: impl FnOnce(&mut Games) -> PyResult<R>,
) -> PyResult<R> {
    if !needed {
        return f(g);
    }
    let snapshot = g.snapshot().map_err(|_| no_memory("a copy of the games"))?;
    f(g).inspect_err(|_| g.restore(snapshot))
}
