//! `MCTS`: Monte Carlo tree search over many games at once for AlphaZero-style training, the
//! evaluator a Python callable (a network) called once per batch of leaves of every game.
//!
//! Each round selects up to `leaves_per_game` leaves in every game that still needs
//! simulations (PUCT; a virtual loss on the way down keeps one game's selections apart), hands
//! all of them to the evaluator in one call (observations and legal masks seen from each
//! leaf's side to move), expands them with its priors and backs its values up. The roots are
//! evaluated first, and get Dirichlet noise. The search keeps no tree between calls.
//!
//! - `tree`: one game's tree (plain Rust).

mod tree;

use std::sync::Mutex;

use numpy::prelude::*;
use numpy::{PyArray1, PyArray2, PyArrayDyn, PyUntypedArray};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use quoridor_core::action::{ActionMap, action_count};
use quoridor_core::observation::{observe, planes};
use quoridor_core::{Config, Position};

use self::tree::{Leaf, Params, Tree, leaf_values};
use crate::convert::{self, given, shown};
use crate::errors::{no_memory, value_error};
use crate::position::PyPosition;
use crate::rng::Rng;

/// Most simulations per game in one search.
const MAX_SIMULATIONS: i128 = 1 << 20;
/// Most leaves per game and round.
const MAX_LEAVES: i128 = 1 << 12;
/// Most games in one search.
const MAX_GAMES: usize = 1 << 20;

/// A float argument, finite, from `lo` to `hi`; `TypeError` for no number, `ValueError` naming
/// `name` and the bound otherwise.
fn real(obj: &Bound<'_, PyAny>, name: &str, lo: f64, hi: f64, lo_open: bool) -> PyResult<f64> {
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{name} must be a number, not bool {}",
            shown(obj)
        )));
    }
    let v: f64 = obj.extract().map_err(|_| {
        let kind = obj.get_type().name().map_or_else(|_| "?".to_string(), |n| n.to_string());
        PyTypeError::new_err(format!("{name} must be a number, not {kind} {}", shown(obj)))
    })?;
    let ok = v.is_finite() && (if lo_open { v > lo } else { v >= lo }) && v <= hi;
    if !ok {
        let low = if lo_open { format!("more than {lo}") } else { format!("at least {lo}") };
        let range = if hi.is_finite() { format!("{low} and at most {hi}") } else { low };
        return Err(value_error(format!(
            "{name} must be a finite number, {range}, not {}",
            shown(obj)
        )));
    }
    Ok(v)
}

fn simulations(obj: &Bound<'_, PyAny>) -> PyResult<u32> {
    convert::int_in(obj, "simulations", 1, MAX_SIMULATIONS)
}

fn leaves_per_game(obj: &Bound<'_, PyAny>) -> PyResult<u32> {
    convert::int_in(obj, "leaves_per_game", 1, MAX_LEAVES)
}

fn c_puct(obj: &Bound<'_, PyAny>) -> PyResult<f64> {
    real(obj, "c_puct", 0.0, 1e6, false)
}

fn dirichlet_alpha(obj: &Bound<'_, PyAny>) -> PyResult<f64> {
    real(obj, "dirichlet_alpha", 0.0, 1e6, true)
}

fn dirichlet_fraction(obj: &Bound<'_, PyAny>) -> PyResult<f64> {
    real(obj, "dirichlet_fraction", 0.0, 1.0, false)
}

fn virtual_loss(obj: &Bound<'_, PyAny>) -> PyResult<f64> {
    real(obj, "virtual_loss", 0.0, 1e6, false)
}

fn fpu_reduction(obj: &Bound<'_, PyAny>) -> PyResult<f64> {
    real(obj, "fpu_reduction", -2.0, 2.0, false)
}

fn temperature(obj: &Bound<'_, PyAny>) -> PyResult<f64> {
    real(obj, "temperature", 0.0, 1e6, false)
}

/// Monte Carlo tree search with a learned evaluator over many games at once (AlphaZero's
/// PUCT). `MCTS(simulations=100, *, c_puct=1.25, dirichlet_alpha=0.3, dirichlet_fraction=0.25,
/// leaves_per_game=8, virtual_loss=1.0, fpu_reduction=0.0, seed=0)`; `search(positions,
/// evaluator)` returns a `SearchResult`. See `docs/python.md`.
#[pyclass(name = "MCTS", module = "quoridor", frozen)]
pub struct PyMcts {
    simulations: u32,
    leaves_per_game: u32,
    params: Params,
    seed: u64,
    rng: Mutex<Rng>,
}

/// What a search found, one row per position searched; action ids are seen from each
/// position's side to move.
#[pyclass(name = "SearchResult", module = "quoridor", frozen, get_all)]
pub struct PySearchResult {
    /// The root's visit counts by action id, int32 `(k, action_count)`.
    visits: Py<PyArray2<i32>>,
    /// The visit counts as a distribution (each row sums to 1): the training target.
    policy: Py<PyArray2<f32>>,
    /// The root's priors by action id (after the noise), float32 `(k, action_count)`.
    prior: Py<PyArray2<f32>>,
    /// The mean value of each move for the side to move, NaN where not visited.
    q: Py<PyArray2<f32>>,
    /// The root's mean value for its side to move (its evaluation and every simulation's),
    /// float32 `(k,)`.
    values: Py<PyArray1<f32>>,
    /// The move to play in each game, drawn from the visit counts with the search's
    /// temperature (the most visited at temperature 0), int64 `(k,)`.
    actions: Py<PyArray1<i64>>,
    /// Calls of the evaluator.
    evaluations: u64,
    /// Positions evaluated (roots included).
    leaves: u64,
}

#[pymethods]
impl PySearchResult {
    fn __repr__(&self, py: Python<'_>) -> String {
        let k = self.values.bind(py).len();
        format!(
            "SearchResult({k} positions, {} evaluator calls, {} leaves)",
            self.evaluations, self.leaves
        )
    }
}

/// The positions to search: a non-empty sequence of `Position`s of one size and player
/// count, none finished.
fn positions_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Position>> {
    if obj.cast::<PyPosition>().is_ok() || obj.is_instance_of::<pyo3::types::PyString>() {
        return Err(PyTypeError::new_err(
            "positions must be a list of Positions (one per game): wrap a single one in a list",
        ));
    }
    let iter = obj.try_iter().map_err(|_| {
        PyTypeError::new_err("positions must be a list of Positions (one per game)")
    })?;
    let mut out: Vec<Position> = Vec::new();
    for (i, item) in iter.enumerate() {
        let item = item?;
        let p = item.cast::<PyPosition>().map_err(|_| {
            PyTypeError::new_err(format!("positions[{i}] must be a Position, not {}", shown(&item)))
        })?;
        let p = p.get().0;
        if p.is_game_over() {
            return Err(value_error(format!(
                "positions[{i}] is a finished game: there is nothing to search"
            )));
        }
        if let Some(first) = out.first() {
            if p.size() != first.size() || p.players() != first.players() {
                return Err(value_error(format!(
                    "positions[{i}] is a {}x{} game of {} players, positions[0] {}x{} of {}: one search takes one observation shape",
                    p.size(),
                    p.size(),
                    p.players(),
                    first.size(),
                    first.size(),
                    first.players()
                )));
            }
        }
        if out.len() == MAX_GAMES {
            return Err(value_error(format!("positions holds more than {MAX_GAMES} games")));
        }
        out.push(p);
    }
    if out.is_empty() {
        return Err(value_error("positions is empty: give at least one position"));
    }
    Ok(out)
}

/// A float32 array of the evaluator's answer, of `rows` rows of `cols` numbers (`cols` may
/// be one of `allowed` for the values), finite; `what` names it.
fn floats(
    obj: &Bound<'_, PyAny>,
    what: &str,
    rows: usize,
    allowed: &[usize],
) -> PyResult<(Vec<f32>, usize)> {
    let np = obj.py().import("numpy")?;
    let arr = np.call_method1("asarray", (obj, "float32")).map_err(|e| {
        PyTypeError::new_err(format!("the evaluator's {what} must be an array of numbers: {e}"))
    })?;
    let arr = arr.cast_into::<PyUntypedArray>()?;
    let shape = arr.shape().to_vec();
    let cols = match shape[..] {
        [r] if r == rows && allowed.contains(&1) => 1,
        [r, c] if r == rows && allowed.contains(&c) => c,
        _ => {
            let want: Vec<String> = allowed.iter().map(|c| format!("({rows}, {c})")).collect();
            return Err(PyValueError::new_err(format!(
                "the evaluator's {what} has shape {shape:?}: expected {}, one row per observation",
                want.join(" or ")
            )));
        }
    };
    let flat = arr.call_method1("reshape", (-1,))?;
    let flat = flat.cast::<PyArrayDyn<f32>>()?;
    let v: Vec<f32> = flat.readonly().as_array().iter().copied().collect();
    if let Some(i) = v.iter().position(|x| !x.is_finite()) {
        return Err(PyValueError::new_err(format!(
            "the evaluator's {what} is not finite in row {}: {}",
            i / cols,
            v[i]
        )));
    }
    Ok((v, cols))
}

/// The index drawn from `visits` with temperature `t` (the largest at 0, ties at random).
fn pick(visits: &[i32], t: f64, rng: &mut Rng) -> usize {
    let max = visits.iter().copied().max().unwrap_or(0);
    if t == 0.0 || max <= 0 {
        let best: Vec<usize> = (0..visits.len()).filter(|&a| visits[a] == max && max > 0).collect();
        return best.get(rng.below(best.len())).copied().unwrap_or(0);
    }
    let lmax = f64::from(max).ln();
    let w: Vec<f64> = visits
        .iter()
        .map(|&v| if v > 0 { ((f64::from(v).ln() - lmax) / t).exp() } else { 0.0 })
        .collect();
    let total: f64 = w.iter().sum();
    let mut x = rng.uniform() * total;
    for (a, &wa) in w.iter().enumerate() {
        if wa > 0.0 {
            if x < wa {
                return a;
            }
            x -= wa;
        }
    }
    w.iter().rposition(|&wa| wa > 0.0).unwrap_or(0)
}

impl PyMcts {
    /// Evaluates `leaves` (tree index, node, path) with one call of `evaluator` and expands
    /// them.
    fn evaluate(
        &self,
        py: Python<'_>,
        evaluator: &Bound<'_, PyAny>,
        trees: &mut [Tree],
        leaves: &[(usize, u32, Vec<u32>)],
        config: &Config,
    ) -> PyResult<()> {
        let k = leaves.len();
        let n = usize::from(config.size.get());
        let (p, a) = (planes(config.players), action_count(config.size));
        let (obs, mask) = py
            .detach(|| -> Result<(Vec<f32>, Vec<bool>), String> {
                let mut obs =
                    crate::vec_env::filled(k * p * n * n, 0.0f32).map_err(|e| e.to_string())?;
                let mut mask = crate::vec_env::filled(k * a, false).map_err(|e| e.to_string())?;
                for (j, (t, node, _)) in leaves.iter().enumerate() {
                    let pos = trees[*t].position(*node);
                    observe(pos, pos.turn(), &mut obs[j * p * n * n..(j + 1) * p * n * n])
                        .map_err(|e| e.to_string())?;
                    ActionMap::new(config.size, pos.turn())
                        .legal_mask(pos, &mut mask[j * a..(j + 1) * a])
                        .map_err(|e| e.to_string())?;
                }
                Ok((obs, mask))
            })
            .map_err(|e| no_memory(format!("the observations of {k} leaves ({e})")))?;
        let obs = PyArray1::from_vec(py, obs).reshape([k, p, n, n])?;
        let mask = PyArray1::from_vec(py, mask).reshape([k, a])?;
        let out = evaluator.call1((obs, mask))?;
        let pair = out.cast::<PyTuple>().ok().filter(|t| t.len() == 2).ok_or_else(|| {
            PyTypeError::new_err(format!(
                "the evaluator must return a pair (policy, value), not {}",
                shown(&out)
            ))
        })?;
        let (policy, _) = floats(&pair.get_item(0)?, "policy", k, &[a])?;
        let slots = if p == 8 { 2 } else { 4 };
        let (values, cols) = floats(&pair.get_item(1)?, "value", k, &[1, slots])?;
        if let Some(i) = policy.iter().position(|&x| x < 0.0) {
            return Err(PyValueError::new_err(format!(
                "the evaluator's policy is negative in row {}: {} (give probabilities, not logits)",
                i / a,
                policy[i]
            )));
        }
        py.detach(|| {
            for (j, (t, node, path)) in leaves.iter().enumerate() {
                let tree = &mut trees[*t];
                let v = leaf_values(tree.position(*node), &values[j * cols..(j + 1) * cols]);
                tree.expand(*node, path, &policy[j * a..(j + 1) * a], v)?;
            }
            Ok::<_, std::collections::TryReserveError>(())
        })
        .map_err(|_| no_memory("the search trees"))
    }
}

#[pymethods]
impl PyMcts {
    #[new]
    #[pyo3(signature = (simulations = 100, *, c_puct = 1.25, dirichlet_alpha = 0.3, dirichlet_fraction = 0.25, leaves_per_game = 8, virtual_loss = 1.0, fpu_reduction = 0.0, seed = 0))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        #[pyo3(from_py_with = self::simulations)] simulations: u32,
        #[pyo3(from_py_with = self::c_puct)] c_puct: f64,
        #[pyo3(from_py_with = self::dirichlet_alpha)] dirichlet_alpha: f64,
        #[pyo3(from_py_with = self::dirichlet_fraction)] dirichlet_fraction: f64,
        #[pyo3(from_py_with = self::leaves_per_game)] leaves_per_game: u32,
        #[pyo3(from_py_with = self::virtual_loss)] virtual_loss: f64,
        #[pyo3(from_py_with = self::fpu_reduction)] fpu_reduction: f64,
        #[pyo3(from_py_with = convert::seed)] seed: u64,
    ) -> PyResult<PyMcts> {
        let params = Params {
            c_puct: c_puct as f32,
            dirichlet_alpha,
            dirichlet_fraction: dirichlet_fraction as f32,
            virtual_loss: virtual_loss as f32,
            fpu_reduction: fpu_reduction as f32,
        };
        Ok(PyMcts { simulations, leaves_per_game, params, seed, rng: Mutex::new(Rng::new(seed)) })
    }

    /// Searches every position of `positions` (a list of `Position`s of one size and player
    /// count, none finished) with `simulations` simulations each (the search's default when
    /// `None`) and returns a `SearchResult`.
    ///
    /// `evaluator(obs, mask)` gets float32 observations `(k, planes, size, size)` and bool
    /// masks `(k, action_count)`, each seen from its position's side to move, and returns
    /// `(policy, value)`: `policy` `(k, action_count)` non-negative numbers (normalised over
    /// the legal moves; all zero means uniform), `value` `(k,)` the side to move's value in
    /// [-1, 1] (or `(k, slots)`, one per observation slot, for three or four players). With
    /// `noise`, the roots' priors get Dirichlet noise; `temperature` draws
    /// `SearchResult.actions` from the visit counts (0: the most visited).
    ///
    /// Raises `ValueError`/`TypeError` naming the argument for bad positions or settings, and
    /// for an evaluator's answer of the wrong shape or with NaN; its own exceptions pass
    /// through.
    #[pyo3(signature = (positions, evaluator, *, simulations = None, noise = true, temperature = 1.0))]
    fn search(
        &self,
        py: Python<'_>,
        positions: &Bound<'_, PyAny>,
        evaluator: &Bound<'_, PyAny>,
        simulations: Option<&Bound<'_, PyAny>>,
        noise: bool,
        #[pyo3(from_py_with = self::temperature)] temperature: f64,
    ) -> PyResult<PySearchResult> {
        let positions = positions_arg(positions)?;
        if !evaluator.is_callable() {
            return Err(PyTypeError::new_err(format!(
                "evaluator must be a callable (obs, mask) -> (policy, value), not {}",
                shown(evaluator)
            )));
        }
        let sims =
            given(simulations).map(self::simulations).transpose()?.unwrap_or(self.simulations);
        let config =
            Config::default().with_size(positions[0].size()).with_players(positions[0].players());
        let mut rng = *self.rng.lock_py_attached_or_poisoned(py);
        let params = self.params;
        let mut trees: Vec<Tree> = positions.iter().map(|&p| Tree::new(p)).collect();
        let (mut evaluations, mut evaluated) = (0u64, 0u64);
        // The roots first.
        let roots: Vec<(usize, u32, Vec<u32>)> =
            (0..trees.len()).map(|t| (t, 0, Vec::new())).collect();
        for t in &mut trees {
            t.select(&params).map_err(|_| no_memory("the search trees"))?;
        }
        self.evaluate(py, evaluator, &mut trees, &roots, &config)?;
        evaluations += 1;
        evaluated += roots.len() as u64;
        if noise {
            trees.iter_mut().for_each(|t| t.add_noise(&params, &mut rng));
        }
        let per_round = self.leaves_per_game;
        loop {
            let leaves = py
                .detach(|| {
                    let mut leaves = Vec::new();
                    for (i, tree) in trees.iter_mut().enumerate() {
                        let mut tries = 0;
                        while tree.done + tree.waiting < sims && tries < per_round {
                            tries += 1;
                            match tree.select(&params)? {
                                Leaf::New(node) => leaves.push((i, node, tree.path().to_vec())),
                                Leaf::Over => {}
                                Leaf::Collision => break,
                            }
                        }
                    }
                    Ok::<_, std::collections::TryReserveError>(leaves)
                })
                .map_err(|_| no_memory("the search trees"))?;
            if leaves.is_empty() {
                if trees.iter().all(|t| t.done >= sims) {
                    break;
                }
                continue;
            }
            self.evaluate(py, evaluator, &mut trees, &leaves, &config)?;
            evaluations += 1;
            evaluated += leaves.len() as u64;
        }
        debug_assert!(trees.iter().all(Tree::root_expanded));
        let (k, a) = (trees.len(), action_count(config.size));
        let memory = |_| no_memory(format!("the results of {k} searches"));
        let mut visits = crate::vec_env::filled(k * a, 0i32).map_err(memory)?;
        let mut prior = crate::vec_env::filled(k * a, 0.0f32).map_err(memory)?;
        let mut q = crate::vec_env::filled(k * a, f32::NAN).map_err(memory)?;
        let mut values = crate::vec_env::filled(k, 0.0f32).map_err(memory)?;
        let mut actions = crate::vec_env::filled(k, 0i64).map_err(memory)?;
        let mut policy = crate::vec_env::filled(k * a, 0.0f32).map_err(memory)?;
        for (j, tree) in trees.iter().enumerate() {
            let rows = j * a..(j + 1) * a;
            values[j] = tree.root_stats(
                &mut visits[rows.clone()],
                &mut prior[rows.clone()],
                &mut q[rows.clone()],
            );
            let total: i32 = visits[rows.clone()].iter().sum();
            for (p, &v) in policy[rows.clone()].iter_mut().zip(&visits[rows.clone()]) {
                *p = v as f32 / total.max(1) as f32;
            }
            actions[j] = pick(&visits[rows], temperature, &mut rng) as i64;
        }
        *self.rng.lock_py_attached_or_poisoned(py) = rng;
        let arr2 = |v: Vec<f32>| -> PyResult<Py<PyArray2<f32>>> {
            Ok(PyArray1::from_vec(py, v).reshape([k, a])?.unbind())
        };
        Ok(PySearchResult {
            visits: PyArray1::from_vec(py, visits).reshape([k, a])?.unbind(),
            policy: arr2(policy)?,
            prior: arr2(prior)?,
            q: arr2(q)?,
            values: PyArray1::from_vec(py, values).unbind(),
            actions: PyArray1::from_vec(py, actions).unbind(),
            evaluations,
            leaves: evaluated,
        })
    }

    /// Simulations per game of a search (when `search` is not told otherwise).
    #[getter]
    fn simulations(&self) -> u32 {
        self.simulations
    }

    /// The exploration constant of PUCT.
    #[getter]
    fn c_puct(&self) -> f32 {
        self.params.c_puct
    }

    /// The Dirichlet noise's parameter.
    #[getter]
    fn dirichlet_alpha(&self) -> f64 {
        self.params.dirichlet_alpha
    }

    /// The share of the noise in the roots' priors.
    #[getter]
    fn dirichlet_fraction(&self) -> f32 {
        self.params.dirichlet_fraction
    }

    /// Leaves selected per game and round (one evaluator call per round).
    #[getter]
    fn leaves_per_game(&self) -> u32 {
        self.leaves_per_game
    }

    /// The value each pending visit costs its move while the evaluator has not answered.
    #[getter]
    fn virtual_loss(&self) -> f32 {
        self.params.virtual_loss
    }

    /// How much below its node's value an unvisited move is valued.
    #[getter]
    fn fpu_reduction(&self) -> f32 {
        self.params.fpu_reduction
    }

    fn __repr__(&self) -> String {
        let p = &self.params;
        format!(
            "MCTS(simulations={}, c_puct={}, dirichlet_alpha={}, dirichlet_fraction={}, leaves_per_game={}, virtual_loss={}, fpu_reduction={}, seed={})",
            self.simulations,
            p.c_puct,
            p.dirichlet_alpha,
            p.dirichlet_fraction,
            self.leaves_per_game,
            p.virtual_loss,
            p.fpu_reduction,
            self.seed
        )
    }
}

/// Locks a mutex whose data stays valid even if a holder panicked (a generator's state).
trait LockOrPoisoned<T> {
    fn lock_py_attached_or_poisoned(&self, py: Python<'_>) -> std::sync::MutexGuard<'_, T>;
}

impl<T> LockOrPoisoned<T> for Mutex<T> {
    fn lock_py_attached_or_poisoned(&self, py: Python<'_>) -> std::sync::MutexGuard<'_, T> {
        use pyo3::sync::MutexExt;
        self.lock_py_attached(py).unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
