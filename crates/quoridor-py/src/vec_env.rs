//! `VecEnv`: many games stepped together from one array of action ids, in Rust, without the
//! GIL: observations, legal-action masks, rewards and done flags come back as arrays, and
//! finished games start again at once.

use numpy::prelude::*;
use numpy::{PyArray1, PyArray2, PyArray4, PyArrayDyn, PyReadonlyArray1};
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use quoridor_ai::{Bot, SplitMix64};
use quoridor_core::action::{ActionMap, EncodeError};
use quoridor_core::observation::{observe, planes};
use quoridor_core::{Config, Move, Outcome, PlayError, Position, Seat};

use crate::convert::opt_seat;
use crate::engine::BotKind;
use crate::errors::{IllegalMoveError, value_error};
use crate::position::PyPosition;
use crate::types::PyConfig;

/// An error that the environment's own checks rule out.
fn internal(e: EncodeError) -> PyErr {
    PyRuntimeError::new_err(format!("internal error, please report: {e}"))
}

/// Why a step was refused (nothing changed).
enum StepError {
    OutOfRange {
        game: usize,
        action: i64,
    },
    Illegal {
        game: usize,
        action: i64,
        mv: Move,
        err: PlayError,
    },
    /// Cannot happen: the buffers are made for the games.
    Encode(EncodeError),
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
    fn check(&self, actions: &[i64]) -> Result<Vec<Move>, StepError> {
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
                    out.rewards[i] = if w == me { 1.0 } else { -1.0 };
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

    fn outputs(&self) -> Outputs {
        let b = self.games.len();
        Outputs {
            obs: vec![0.0; b * self.obs_len()],
            mask: vec![false; b * self.action_count()],
            rewards: vec![0.0; b],
            terminated: vec![false; b],
            truncated: vec![false; b],
        }
    }
}

/// `num_envs` games stepped together. `VecEnv(num_envs, config=None, *, opponent=None,
/// agent_seat=None, seed=0)`.
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
#[pyclass(name = "VecEnv", module = "quoridor")]
pub struct PyVecEnv(Games);

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

/// Hands the observations and masks over to numpy (no copy).
fn obs_mask<'py>(
    py: Python<'py>,
    g: &Games,
    obs: Vec<f32>,
    mask: Vec<bool>,
) -> PyResult<ObsMask<'py>> {
    let b = g.games.len();
    let n = usize::from(g.config.size.get());
    let obs = PyArray1::from_vec(py, obs).reshape([b, planes(g.config.players), n, n])?;
    let mask = PyArray1::from_vec(py, mask).reshape([b, g.action_count()])?;
    Ok((obs, mask))
}

/// The actions as one i64 per game, or an error that says what is wrong with the array.
fn actions_arg(py: Python<'_>, obj: &Bound<'_, PyAny>, games: usize) -> PyResult<Vec<i64>> {
    if let Ok(a) = obj.extract::<PyReadonlyArray1<'_, i64>>() {
        if a.len() == games {
            return Ok(a.as_array().iter().copied().collect());
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
    if kind != b'i' && kind != b'u' {
        return Err(PyTypeError::new_err(format!(
            "actions must be integers (action ids), not {}",
            arr.dtype()
        )));
    }
    let a = arr.call_method1("astype", ("int64",))?;
    let a = a
        .cast::<PyArrayDyn<i64>>()
        .map_err(|_| PyTypeError::new_err("actions must be integers"))?;
    Ok(a.readonly().as_array().iter().copied().collect())
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (num_envs, config = None, *, opponent = None, agent_seat = None, seed = 0))]
    fn new(
        num_envs: usize,
        config: Option<PyRef<'_, PyConfig>>,
        opponent: Option<&Bound<'_, PyAny>>,
        agent_seat: Option<&Bound<'_, PyAny>>,
        seed: u64,
    ) -> PyResult<PyVecEnv> {
        if num_envs == 0 {
            return Err(value_error("num_envs must be at least 1"));
        }
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
        let maps = Seat::ALL.map(|s| ActionMap::new(config.size, s));
        let mut games = Games {
            config,
            start,
            games: vec![start; num_envs],
            agents: vec![config.first; num_envs],
            opponent: opponent.map(|k| (k, k.make(seed))),
            agent_seat,
            rng: SplitMix64::new(seed),
            winners: vec![-1; num_envs],
            maps,
        };
        games.reset_all();
        Ok(PyVecEnv(games))
    }

    /// Starts every game again (reseeding the opponent and the seat draws when `seed` is
    /// given) and returns `(obs, mask)`.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<ObsMask<'py>> {
        let g = &mut self.0;
        let mut out = g.outputs();
        py.detach(|| {
            if let Some(s) = seed {
                g.reseed(s);
            }
            g.reset_all();
            g.observe(&mut out)
        })
        .map_err(internal)?;
        obs_mask(py, g, out.obs, out.mask)
    }

    /// Plays one action id per game; see the class docs for what comes back. Raises
    /// `ValueError`/`TypeError` for an array of the wrong shape or type, `IndexError` for an
    /// id out of range, `IllegalMoveError` naming the game and the rule for an illegal
    /// move; no game changes then.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<StepArrays<'py>> {
        let actions = actions_arg(py, actions, self.0.games.len())?;
        let g = &mut self.0;
        let mut out = g.outputs();
        let size = g.config.size;
        let count = g.action_count();
        py.detach(|| {
            let moves = g.check(&actions)?;
            g.step(&moves, &mut out);
            g.observe(&mut out).map_err(StepError::Encode)
        })
        .map_err(|e| match e {
            StepError::OutOfRange { game, action } => PyIndexError::new_err(format!(
                "game {game}: {action} is not an action id: ids run from 0 to {} on a {size}x{size} board",
                count - 1
            )),
            StepError::Illegal { game, action, mv, err } => {
                IllegalMoveError::new_err(format!("game {game}: action {action} ({mv}): {err}"))
            }
            StepError::Encode(e) => internal(e),
        })?;
        let Outputs { obs, mask, rewards, terminated, truncated } = out;
        let (obs, mask) = obs_mask(py, g, obs, mask)?;
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
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let g = &mut self.0;
        let ids = py.detach(|| {
            let mut ids = Vec::with_capacity(g.games.len());
            for i in 0..g.games.len() {
                let moves = g.games[i].legal_moves();
                // A game in the batch is never over (finished games start again at once).
                let pick = g.rng.below(moves.len());
                let id = moves.get(pick).and_then(|&m| g.maps[g.view(i).index()].action(m));
                ids.push(id.map_or(0, |id| id as i64));
            }
            ids
        });
        PyArray1::from_vec(py, ids)
    }

    /// Number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.0.games.len()
    }

    /// The configuration of every game.
    #[getter]
    fn config(&self) -> PyConfig {
        PyConfig(self.0.config)
    }

    /// Number of action ids (the mask's second dimension).
    #[getter]
    fn action_count(&self) -> usize {
        self.0.action_count()
    }

    /// The shape of one game's observation: (planes, size, size).
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let n = usize::from(self.0.config.size.get());
        (planes(self.0.config.players), n, n)
    }

    /// For each game, the seat (index 0-3) whose view the observation, mask and actions
    /// take: the side to move, or the agent when there is an opponent.
    #[getter]
    fn to_play<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let v: Vec<i8> = (0..self.0.games.len()).map(|i| self.0.view(i).index() as i8).collect();
        PyArray1::from_vec(py, v)
    }

    /// For each game, the winner's seat index if the game was won in the last step, else -1.
    #[getter]
    fn winners<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        PyArray1::from_vec(py, self.0.winners.clone())
    }

    /// The current position of every game.
    fn positions(&self) -> Vec<PyPosition> {
        self.0.games.iter().map(|&p| PyPosition(p)).collect()
    }

    fn __len__(&self) -> usize {
        self.0.games.len()
    }

    fn __repr__(&self) -> String {
        let opp =
            self.0.opponent.as_ref().map_or("None".to_string(), |(k, _)| format!("'{}'", k.name()));
        format!(
            "VecEnv({}, {}, opponent={opp})",
            self.0.games.len(),
            PyConfig(self.0.config).repr()
        )
    }

    fn __reduce__<'py>(&self, _py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        Err(PyTypeError::new_err("a VecEnv cannot be pickled: make a new one in the other process"))
    }
}
