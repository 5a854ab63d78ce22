//! `VecEnv`: many games stepped together from one array of action ids, in Rust, without the
//! GIL: observations, legal-action masks, rewards and done flags come back as arrays, and
//! finished games start again at once.

use std::collections::TryReserveError;
use std::sync::Mutex;

use numpy::prelude::*;
use numpy::{PyArray1, PyArray2, PyArray4, PyArrayDyn, PyReadonlyArray1};
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use quoridor_ai::{Bot, SplitMix64};
use quoridor_core::action::{ActionMap, EncodeError, action_count};
use quoridor_core::observation::{observe, planes, reward};
use quoridor_core::{BoardSize, Config, Move, Outcome, PlayError, Position, Seat};

use crate::convert::{self, int_in, opt_seat};
use crate::engine::BotKind;
use crate::errors::{IllegalMoveError, no_memory, value_error};
use crate::position::PyPosition;
use crate::types::PyConfig;

/// Most games in one `VecEnv` (their positions take about 0.3 GB; every step's arrays up to
/// 7 GB on 11 x 11 with four players).
const MAX_ENVS: usize = 1 << 20;

/// An error that the environment's own checks rule out.
fn internal(e: EncodeError) -> PyErr {
    PyRuntimeError::new_err(format!("internal error, please report: {e}"))
}

/// Why a step was refused (nothing changed).
enum StepError {
    OutOfRange {
        game: usize,
        action: i128,
    },
    Illegal {
        game: usize,
        action: i128,
        mv: Move,
        err: PlayError,
    },
    /// No memory for the step's arrays.
    Memory,
    /// Cannot happen: the buffers are made for the games.
    Encode(EncodeError),
}

/// `n` copies of `value`, or the allocator's refusal (rather than an abort).
fn filled<T: Clone>(n: usize, value: T) -> Result<Vec<T>, TryReserveError> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)?;
    v.resize(n, value);
    Ok(v)
}

/// One step's results, one entry (or row) per game.
struct Outputs {
    obs: Vec<f32>,
    mask: Vec<bool>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    truncated: Vec<bool>,
}

/// The games and what plays the other seats; no Python in here.
struct Games {
    config: Config,
    start: Position,
    games: Vec<Position>,
    /// With an opponent: the agent's seat in each game.
    agents: Vec<Seat>,
    opponent: Option<(BotKind, Box<dyn Bot + Send + Sync>)>,
    /// The agent's seat, or `None` to draw it for every game.
    agent_seat: Option<Seat>,
    /// Draws the agent's seats and `sample_actions`.
    rng: SplitMix64,
    /// Winner of each game that ended in the last step (seat index), -1 otherwise.
    winners: Vec<i8>,
    maps: [ActionMap; 4],
}

impl Games {
    fn view(&self, i: usize) -> Seat {
        if self.opponent.is_some() { self.agents[i] } else { self.games[i].turn() }
    }

    fn obs_len(&self) -> usize {
        let n = usize::from(self.config.size.get());
        planes(self.config.players) * n * n
    }

    fn action_count(&self) -> usize {
        self.maps[0].len()
    }

    /// Lets the opponents move in game `i` until the agent is to move or the game is over.
    fn opponents_move(&mut self, i: usize) {
        let Some((_, bot)) = self.opponent.as_mut() else { return };
        let pos = &mut self.games[i];
        while !pos.is_game_over() && pos.turn() != self.agents[i] {
            match bot.choose(pos) {
                Some(m) => pos.play_unchecked(m),
                None => break,
            }
        }
    }

    /// Starts game `i` again (drawing the agent's seat when it is not fixed).
    fn reset_game(&mut self, i: usize) {
        loop {
            self.games[i] = self.start;
            if self.opponent.is_some() {
                let seats = self.config.seats();
                self.agents[i] =
                    self.agent_seat.unwrap_or_else(|| seats[self.rng.below(seats.len())]);
                self.opponents_move(i);
            }
            // No opponent can win before the agent's first move; never hand out a finished game.
            if !self.games[i].is_game_over() {
                break;
            }
        }
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = SplitMix64::new(seed);
        if let Some((kind, bot)) = self.opponent.as_mut() {
            *bot = kind.make(seed);
        }
    }

    fn reset_all(&mut self) {
        for i in 0..self.games.len() {
            self.reset_game(i);
        }
        self.winners.fill(-1);
    }

    /// Checks every action before playing any, so that a bad one changes nothing.
    fn check(&self, actions: &[i128]) -> Result<Vec<Move>, StepError> {
        let mut moves = Vec::with_capacity(actions.len());
        for (game, &action) in actions.iter().enumerate() {
            let map = self.maps[self.view(game).index()];
            let mv = usize::try_from(action)
                .ok()
                .and_then(|a| map.to_move(a))
                .ok_or(StepError::OutOfRange { game, action })?;
            self.games[game].check(mv).map_err(|err| StepError::Illegal {
                game,
                action,
                mv,
                err,
            })?;
            moves.push(mv);
        }
        Ok(moves)
    }

    /// Plays one move in every game, then the opponents' replies; finished games start
    /// again. Rewards are for the player who moved (without an opponent) or the agent.
    fn step(&mut self, moves: &[Move], out: &mut Outputs) {
        for (i, &m) in moves.iter().enumerate() {
            let mover = self.games[i].turn();
            self.games[i].play_unchecked(m);
            self.opponents_move(i);
            let me = if self.opponent.is_some() { self.agents[i] } else { mover };
            self.winners[i] = -1;
            match self.games[i].outcome() {
                None => continue,
                Some(Outcome::Winner(w)) => {
                    out.rewards[i] = f32::from(reward(&self.games[i], me));
                    out.terminated[i] = true;
                    self.winners[i] = w.index() as i8;
                }
                Some(Outcome::Draw) => out.truncated[i] = true,
            }
            self.reset_game(i);
        }
    }

    /// Writes every game's observation and legal-action mask.
    fn observe(&self, out: &mut Outputs) -> Result<(), EncodeError> {
        let (o, a) = (self.obs_len(), self.action_count());
        let chunks = out.obs.chunks_exact_mut(o).zip(out.mask.chunks_exact_mut(a));
        for (i, (obs, mask)) in chunks.enumerate() {
            let view = self.view(i);
            observe(&self.games[i], view, obs)?;
            self.maps[view.index()].legal_mask(&self.games[i], mask)?;
        }
        Ok(())
    }

    fn outputs(&self) -> Result<Outputs, TryReserveError> {
        let b = self.games.len();
        Ok(Outputs {
            obs: filled(b * self.obs_len(), 0.0)?,
            mask: filled(b * self.action_count(), false)?,
            rewards: filled(b, 0.0)?,
            terminated: filled(b, false)?,
            truncated: filled(b, false)?,
        })
    }
}

/// `num_envs` games stepped together. `VecEnv(num_envs, config=None, *, opponent=None,
/// agent_seat=None, seed=0)`, 1 to 1,048,576 games.
///
/// Without an opponent the caller plays every seat (self-play): each step plays one action
/// for the side to move of every game, and observations, masks and action ids are seen from
/// the side to move. With an opponent (`"random"`, `"greedy"` or an engine level 1 to 10)
/// the caller plays one seat per game (`agent_seat`, or drawn for each game) and the
/// opponent the others; everything is seen from the agent.
///
/// `reset()` returns `(obs, mask)`; `step(actions)` takes an int array of shape
/// `(num_envs,)` and returns `(obs, mask, rewards, terminated, truncated)`: obs float32
/// `(num_envs, planes, size, size)`, mask bool `(num_envs, action_count)`, rewards float32
/// (+1 win, -1 loss, 0 otherwise, for the player who moved or the agent), terminated and
/// truncated (ply limit) bool. A finished game starts again at once: its row of obs and mask
/// is the new game's. Bad actions raise before any game changes.
///
/// Calls from several threads take turns (each waits, without the GIL, for the one before to
/// finish).
#[pyclass(name = "VecEnv", module = "quoridor", frozen)]
pub struct PyVecEnv {
    games: Mutex<Games>,
    /// Fixed when made, read without the lock.
    config: Config,
    num_envs: usize,
    opponent: Option<BotKind>,
}

/// Observations (games, planes, size, size) and masks (games, actions).
type ObsMask<'py> = (Bound<'py, PyArray4<f32>>, Bound<'py, PyArray2<bool>>);

/// What `step` returns: observations, masks, rewards, terminated, truncated.
type StepArrays<'py> = (
    Bound<'py, PyArray4<f32>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<bool>>,
);

/// The message of an action id out of range in game `game`.
fn out_of_range(game: usize, action: impl std::fmt::Display, size: BoardSize) -> PyErr {
    PyIndexError::new_err(format!(
        "game {game}: {action} is not an action id: ids run from 0 to {} on a {size}x{size} board",
        action_count(size) - 1
    ))
}

/// The actions as one integer per game, or an error that says what is wrong with the array.
fn actions_arg(py: Python<'_>, obj: &Bound<'_, PyAny>, games: usize) -> PyResult<Vec<i128>> {
    if let Ok(a) = obj.extract::<PyReadonlyArray1<'_, i64>>() {
        if a.len() == games {
            return Ok(a.as_array().iter().map(|&a| i128::from(a)).collect());
        }
    }
    let np = py.import("numpy")?;
    let arr = np.call_method1("asarray", (obj,))?;
    let arr = arr
        .cast::<numpy::PyUntypedArray>()
        .map_err(|_| PyTypeError::new_err("actions must be an array"))?;
    let shape = arr.shape().to_vec();
    if shape != [games] {
        let dims: Vec<String> = shape.iter().map(ToString::to_string).collect();
        let shape = if dims.len() == 1 {
            format!("({},)", dims[0])
        } else {
            format!("({})", dims.join(", "))
        };
        return Err(PyValueError::new_err(format!(
            "actions has shape {shape}: expected ({games},), one action id per game"
        )));
    }
    let kind = arr.dtype().kind();
    let not_ints = || PyTypeError::new_err("actions must be integers");
    match kind {
        // Unsigned ids read as such: 2**64 - 1 is that number, not -1.
        b'u' => {
            let a = arr.call_method1("astype", ("uint64",))?;
            let a = a.cast::<PyArrayDyn<u64>>().map_err(|_| not_ints())?;
            Ok(a.readonly().as_array().iter().map(|&a| i128::from(a)).collect())
        }
        b'i' => {
            let a = arr.call_method1("astype", ("int64",))?;
            let a = a.cast::<PyArrayDyn<i64>>().map_err(|_| not_ints())?;
            Ok(a.readonly().as_array().iter().map(|&a| i128::from(a)).collect())
        }
        _ => Err(PyTypeError::new_err(format!(
            "actions must be integers (action ids), not {}",
            arr.dtype()
        ))),
    }
}

/// `num_envs`: 1 to `MAX_ENVS`.
fn num_envs(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    int_in(obj, "num_envs", 1, MAX_ENVS as i128)
}

impl PyVecEnv {
    /// Runs `f` on the games without the GIL, once any other thread's call is done with them.
    fn with_games<R: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Games) -> R + Send,
    ) -> PyResult<R> {
        py.detach(|| {
            let mut games = self.games.lock().map_err(|_| {
                PyRuntimeError::new_err("an earlier call failed inside this VecEnv; make a new one")
            })?;
            Ok(f(&mut games))
        })
    }

    /// Hands the observations and masks over to numpy (no copy).
    fn obs_mask<'py>(
        &self,
        py: Python<'py>,
        obs: Vec<f32>,
        mask: Vec<bool>,
    ) -> PyResult<ObsMask<'py>> {
        let (b, c) = (self.num_envs, self.config);
        let n = usize::from(c.size.get());
        let obs = PyArray1::from_vec(py, obs).reshape([b, planes(c.players), n, n])?;
        let mask = PyArray1::from_vec(py, mask).reshape([b, action_count(c.size)])?;
        Ok((obs, mask))
    }
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (num_envs, config = None, *, opponent = None, agent_seat = None, seed = 0))]
    fn new(
        #[pyo3(from_py_with = self::num_envs)] num_envs: usize,
        config: Option<PyRef<'_, PyConfig>>,
        opponent: Option<&Bound<'_, PyAny>>,
        agent_seat: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = convert::seed)] seed: u64,
    ) -> PyResult<PyVecEnv> {
        let config = config.map(|c| c.0).unwrap_or_default();
        let start = Position::start(&config).map_err(value_error)?;
        let opponent = opponent.filter(|o| !o.is_none()).map(BotKind::from_arg).transpose()?;
        let agent_seat = opt_seat(agent_seat)?;
        if let Some(s) = agent_seat {
            if !config.seats().contains(&s) {
                return Err(value_error(format!(
                    "{s} does not play in a {}-player game",
                    config.players
                )));
            }
            if opponent.is_none() {
                return Err(value_error(
                    "agent_seat needs an opponent: without one the caller plays every seat",
                ));
            }
        }
        let memory = |_| no_memory(format!("{num_envs} games"));
        let maps = Seat::ALL.map(|s| ActionMap::new(config.size, s));
        let mut games = Games {
            config,
            start,
            games: filled(num_envs, start).map_err(memory)?,
            agents: filled(num_envs, config.first).map_err(memory)?,
            opponent: opponent.map(|k| (k, k.make(seed))),
            agent_seat,
            rng: SplitMix64::new(seed),
            winners: filled(num_envs, -1).map_err(memory)?,
            maps,
        };
        games.reset_all();
        Ok(PyVecEnv { games: Mutex::new(games), config, num_envs, opponent })
    }

    /// Starts every game again (reseeding the opponent and the seat draws when `seed` is
    /// given) and returns `(obs, mask)`.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(
        &self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<ObsMask<'py>> {
        let seed = convert::opt_seed(seed)?;
        let out = self.with_games(py, |g| {
            let mut out = g.outputs().map_err(|_| no_memory("the observations"))?;
            if let Some(s) = seed {
                g.reseed(s);
            }
            g.reset_all();
            g.observe(&mut out).map_err(internal)?;
            Ok::<_, PyErr>(out)
        })??;
        self.obs_mask(py, out.obs, out.mask)
    }

    /// Plays one action id per game; see the class docs for what comes back. Raises
    /// `ValueError`/`TypeError` for an array of the wrong shape or type, `IndexError` for an
    /// id out of range, `IllegalMoveError` naming the game and the rule for an illegal
    /// move; no game changes then.
    fn step<'py>(&self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<StepArrays<'py>> {
        let size = self.config.size;
        let actions = actions_arg(py, actions, self.num_envs)?;
        let out = self
            .with_games(py, |g| {
                let moves = g.check(&actions)?;
                // Allocated before any game changes, so that no memory changes nothing.
                let mut out = g.outputs().map_err(|_| StepError::Memory)?;
                g.step(&moves, &mut out);
                g.observe(&mut out).map_err(StepError::Encode)?;
                Ok(out)
            })?
            .map_err(|e| match e {
                StepError::OutOfRange { game, action } => out_of_range(game, action, size),
                StepError::Illegal { game, action, mv, err } => {
                    IllegalMoveError::new_err(format!("game {game}: action {action} ({mv}): {err}"))
                }
                StepError::Memory => no_memory("the step's arrays"),
                StepError::Encode(e) => internal(e),
            })?;
        let Outputs { obs, mask, rewards, terminated, truncated } = out;
        let (obs, mask) = self.obs_mask(py, obs, mask)?;
        Ok((
            obs,
            mask,
            PyArray1::from_vec(py, rewards),
            PyArray1::from_vec(py, terminated),
            PyArray1::from_vec(py, truncated),
        ))
    }

    /// A uniformly random legal action id for every game, seen as `step` takes them, drawn
    /// from the environment's own generator (seeded with `seed`): random play and
    /// exploration without a Python loop.
    fn sample_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let ids = self.with_games(py, |g| {
            let mut ids = Vec::with_capacity(g.games.len());
            for i in 0..g.games.len() {
                let moves = g.games[i].legal_moves();
                // A game in the batch is never over (finished games start again at once).
                let pick = g.rng.below(moves.len());
                let id = moves.get(pick).and_then(|&m| g.maps[g.view(i).index()].action(m));
                ids.push(id.map_or(0, |id| id as i64));
            }
            ids
        })?;
        Ok(PyArray1::from_vec(py, ids))
    }

    /// Number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.num_envs
    }

    /// The configuration of every game.
    #[getter]
    fn config(&self) -> PyConfig {
        PyConfig(self.config)
    }

    /// Number of action ids (the mask's second dimension).
    #[getter]
    fn action_count(&self) -> usize {
        action_count(self.config.size)
    }

    /// The shape of one game's observation: (planes, size, size).
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let n = usize::from(self.config.size.get());
        (planes(self.config.players), n, n)
    }

    /// For each game, the seat (index 0-3) whose view the observation, mask and actions
    /// take: the side to move, or the agent when there is an opponent.
    #[getter]
    fn to_play<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let v = self.with_games(py, |g| {
            (0..g.games.len()).map(|i| g.view(i).index() as i8).collect::<Vec<_>>()
        })?;
        Ok(PyArray1::from_vec(py, v))
    }

    /// For each game, the winner's seat index if the game was won in the last step, else -1.
    #[getter]
    fn winners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let v = self.with_games(py, |g| g.winners.clone())?;
        Ok(PyArray1::from_vec(py, v))
    }

    /// The current position of every game.
    fn positions(&self, py: Python<'_>) -> PyResult<Vec<PyPosition>> {
        self.with_games(py, |g| g.games.iter().map(|&p| PyPosition(p)).collect())
    }

    fn __len__(&self) -> usize {
        self.num_envs
    }

    fn __repr__(&self) -> String {
        let opp = self.opponent.map_or("None".to_string(), |k| format!("'{}'", k.name()));
        format!("VecEnv({}, {}, opponent={opp})", self.num_envs, PyConfig(self.config).repr())
    }

    fn __reduce__<'py>(&self, _py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        Err(PyTypeError::new_err("a VecEnv cannot be pickled: make a new one in the other process"))
    }
}
