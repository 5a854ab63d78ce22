//! `VecEnv`: many games stepped together from one array of action ids, in Rust, without the
//! GIL: observations, legal-action masks, rewards and done flags come back as arrays. The
//! other seats are played by nobody (self-play), a built-in bot, or a Python callable called
//! once per batch of games waiting for it. Finished games start again in the same step, in
//! the next one, or when the caller says (Gymnasium's three autoreset modes).
//!
//! - `games`: the games and their rules of play, in plain Rust.
//! - `args`: the arguments as Python passes them.
//! - `gym`: the infos of a Gymnasium vector environment.
//! - `run`: what may call Python during a step or a reset (a Python opponent, the arrays).

mod args;
mod games;
mod gym;
mod run;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

use numpy::prelude::*;
use numpy::{PyArray1, PyArray2, PyArray4};
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::sync::MutexExt;
use pyo3::types::{PyDict, PyList, PyTuple};
use quoridor_core::action::{ActionMap, action_count};
use quoridor_core::observation::planes;
use quoridor_core::{Config, Move, Position, Seat};

pub(crate) use self::args::DEFAULT_PLY_LIMIT;
use self::args::OpponentArg;
pub(crate) use self::games::filled;
use self::games::{Autoreset, Game, Games, Opponent, Outputs, Past, Refusal};
use self::run::{atomically, observe_arrays, opponent_rounds, out_of_range, refusal, restart};
use crate::convert::{self, opt_seat};
use crate::engine::BotKind;
use crate::errors::{no_memory, value_error};
use crate::position::PyPosition;
use crate::rng::Rng;
use crate::types::PyConfig;

/// An address that is different for every live thread: who holds a `VecEnv`'s lock, so that
/// a call back into it from its own opponent raises instead of waiting for itself forever.
fn thread_token() -> usize {
    thread_local! { static TOKEN: u8 = const { 0 }; }
    TOKEN.with(|t| std::ptr::from_ref(t) as usize)
}

/// The games, locked by this thread.
struct Held<'a> {
    games: MutexGuard<'a, Games>,
    owner: &'a AtomicUsize,
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.owner.store(0, Ordering::Release);
    }
}

/// `num_envs` games stepped together. `VecEnv(num_envs, config=None, *, opponent=None,
/// agent_seat=None, seed=0, autoreset="same_step", illegal_action="raise", start=None)`.
/// See `docs/python.md` for everything; in short:
///
/// - `opponent`: `None` or `"self"` (the caller plays every seat: each action is for the side
///   to move), `"random"`, `"greedy"`, an engine level 1 to 10, or a callable
///   `opponent(obs, mask) -> actions` called with the batch of games waiting for it.
/// - `autoreset`: `"same_step"` (a finished game starts again at once; its final observation
///   is in `final_obs`), `"next_step"` (the step returns the final observation, the next one
///   starts the game again and ignores its action) or `"disabled"` (`reset(games=...)`).
/// - `illegal_action`: `"raise"` (`IllegalMoveError`, nothing changes) or `"lose"` (the player
///   resigns: reward -1).
/// - `start`: where games start: the configuration's start, a `Position`, or a list of them
///   (one drawn for each game).
/// - Games end drawn at the configuration's ply limit, 300 plies when it has none.
///
/// Calls from several threads take turns (each waits, without the GIL, for the one before).
#[pyclass(name = "VecEnv", module = "quoridor", frozen)]
pub struct PyVecEnv {
    games: Mutex<Games>,
    owner: AtomicUsize,
    /// Fixed when made, read without the lock.
    config: Config,
    num_envs: usize,
    opponent: String,
    autoreset: Autoreset,
}

/// Observations (games, planes, size, size) and masks (games, actions): `bool`, or `i8` for
/// Gymnasium's infos.
type ObsMask<'py, M = bool> = (Bound<'py, PyArray4<f32>>, Bound<'py, PyArray2<M>>);

/// What `step` returns: observations, masks, rewards, terminated, truncated.
type StepArrays<'py> = (
    Bound<'py, PyArray4<f32>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<bool>>,
);

impl PyVecEnv {
    /// Locks the games (waiting without the GIL), or raises when this thread holds them
    /// already (an opponent that calls its own environment).
    fn lock(&self, py: Python<'_>) -> PyResult<Held<'_>> {
        if self.owner.load(Ordering::Acquire) == thread_token() {
            return Err(PyRuntimeError::new_err(
                "this VecEnv is in the middle of a call in this thread: its opponent cannot call it",
            ));
        }
        let games = self.games.lock_py_attached(py).map_err(|_| {
            PyRuntimeError::new_err("an earlier call failed inside this VecEnv; make a new one")
        })?;
        self.owner.store(thread_token(), Ordering::Release);
        Ok(Held { games, owner: &self.owner })
    }

    /// Starts games again (see `reset`), returning their observations and what the infos
    /// of a Gymnasium vector environment need.
    fn do_reset<'py, M: numpy::Element + Copy + From<bool>>(
        &self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
        games: Option<&Bound<'py, PyAny>>,
        positions: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Reset<'py, M>> {
        let n = self.num_envs;
        let seeds = args::seeds(seed, n)?;
        let rows = args::game_mask(py, games, n)?;
        let mut held = self.lock(py)?;
        let g = &mut *held.games;
        let starts = match convert::given(positions) {
            None => None,
            Some(p) => Some(args::start_positions(
                p,
                "positions",
                Some(rows.len()),
                &g.config,
                g.agent_seat,
            )?),
        };
        let obs = atomically(g, true, |g| {
            for &i in &rows {
                if let Some(s) = seeds[i] {
                    g.games[i].rng = Rng::new(s);
                }
            }
            if let Some(s) = rows.iter().find_map(|&i| seeds[i]) {
                g.reseed_bot(s);
            }
            g.clear_last_step(&rows);
            restart(py, g, &rows, starts.as_deref())?;
            observe_arrays(py, g, None, false)
        })?;
        let (views, winners, illegal) = g.last_step();
        Ok(Reset { obs, rows, views, winners, illegal })
    }

    /// Plays a step (see `step`), returning its arrays and what the infos of a Gymnasium
    /// vector environment need.
    fn do_step<'py, M: numpy::Element + Copy + From<bool>>(
        &self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
        gym: bool,
    ) -> PyResult<Stepped<'py, M>> {
        let size = self.config.size;
        let given = actions;
        let actions = args::int_array(py, actions, self.num_envs, "actions")?;
        let mut held = self.lock(py)?;
        let g = &mut *held.games;
        let plays = py.detach(|| g.check(&actions)).map_err(|e| match e {
            // An id past the i128 range was saturated: name it as given.
            Refusal::OutOfRange { game, action } if action == i128::MAX || action == i128::MIN => {
                out_of_range(game, convert::element_text(given, game), size)
            }
            e => refusal(e, size),
        })?;
        let needed = matches!(g.opponent, Opponent::Python(_)) || !g.starts.is_empty();
        let (out, obs) = atomically(g, needed, |g| {
            let mut out = g.outputs().map_err(|_| no_memory("the step's arrays"))?;
            let restarted = py.detach(|| g.play(&plays));
            if !restarted.is_empty() {
                restart(py, g, &restarted, None)?;
            }
            opponent_rounds(py, g)?;
            let again = py.detach(|| g.score(&mut out)).map_err(|e| refusal(e, size))?;
            if !again.is_empty() {
                restart(py, g, &again, None)?;
            }
            Ok((out, observe_arrays(py, g, None, false)?))
        })?;
        if !gym {
            return Ok(Stepped { obs, out, infos: None });
        }
        let (views, winners, illegal) = g.last_step();
        let finals = (g.final_games.clone(), g.final_obs.clone(), g.final_seats.clone());
        Ok(Stepped { obs, out, infos: Some(StepInfos { views, winners, illegal, finals }) })
    }
}

/// What a reset leaves: the observations and masks, the games started again, and each game's
/// view, last winner and illegal flag (for the infos).
struct Reset<'py, M> {
    obs: ObsMask<'py, M>,
    rows: Vec<usize>,
    views: Vec<i8>,
    winners: Vec<i8>,
    illegal: Vec<bool>,
}

/// What a step leaves: its arrays, and what the infos of a Gymnasium vector environment need
/// when asked for.
struct Stepped<'py, M> {
    obs: ObsMask<'py, M>,
    out: Outputs,
    infos: Option<StepInfos>,
}

/// Each game's view, last winner and illegal flag, and the games that ended with their
/// final observations and seats.
struct StepInfos {
    views: Vec<i8>,
    winners: Vec<i8>,
    illegal: Vec<bool>,
    finals: (Vec<usize>, Vec<f32>, Vec<i8>),
}

/// What `gymnasium_step` returns: observations, rewards, terminated, truncated, infos.
type GymStep<'py> = (
    Bound<'py, PyArray4<f32>>,
    Bound<'py, PyArray1<f64>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyDict>,
);

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (num_envs, config = None, *, opponent = None, agent_seat = None, seed = 0, autoreset = "same_step", illegal_action = "raise", start = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        #[pyo3(from_py_with = args::num_envs)] num_envs: usize,
        config: Option<PyRef<'_, PyConfig>>,
        opponent: Option<&Bound<'_, PyAny>>,
        agent_seat: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = convert::seed)] seed: u64,
        autoreset: &str,
        illegal_action: &str,
        start: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyVecEnv> {
        let mut config = config.map(|c| c.0).unwrap_or_default();
        config.ply_limit = Some(config.ply_limit.unwrap_or(DEFAULT_PLY_LIMIT));
        Position::start(&config).map_err(value_error)?;
        let opponent = args::opponent(opponent)?;
        let autoreset = args::autoreset(autoreset)?;
        let illegal = args::illegal(illegal_action)?;
        let agent_seat = opt_seat(agent_seat)?;
        if let Some(s) = agent_seat {
            if !config.seats().contains(&s) {
                return Err(value_error(format!(
                    "{s} does not play in a {}-player game",
                    config.players
                )));
            }
            if matches!(opponent, OpponentArg::SelfPlay) {
                return Err(value_error(
                    "agent_seat needs an opponent: without one the caller plays every seat",
                ));
            }
        }
        let starts = match convert::given(start) {
            None => Vec::new(),
            Some(s) => args::start_positions(s, "start", None, &config, agent_seat)?,
        };
        let (name, opponent) = match opponent {
            OpponentArg::SelfPlay => ("None".to_string(), Opponent::SelfPlay),
            OpponentArg::Bot(BotKind::Random) => ("'random'".to_string(), Opponent::Random),
            OpponentArg::Bot(kind) => {
                let name = match kind {
                    BotKind::Level(_) => kind.name(),
                    _ => format!("'{}'", kind.name()),
                };
                (name, Opponent::Bot(kind, seed, kind.make(seed)))
            }
            OpponentArg::Python(f) => {
                let repr = f.bind(py).repr().map_or_else(|_| "?".to_string(), |r| r.to_string());
                (repr, Opponent::Python(f))
            }
        };
        let memory = |_| no_memory(format!("{num_envs} games"));
        let start_pos = Position::start(&config).map_err(value_error)?;
        let game = Game::new(start_pos, config.first, config.first, Rng::new(seed), false);
        let mut games = Games {
            config,
            start: start_pos,
            starts,
            games: filled(num_envs, game).map_err(memory)?,
            pasts: Vec::new(),
            opponent,
            agent_seat,
            autoreset,
            illegal,
            winners: filled(num_envs, -1).map_err(memory)?,
            illegal_played: filled(num_envs, false).map_err(memory)?,
            final_games: Vec::new(),
            final_obs: Vec::new(),
            final_seats: Vec::new(),
            maps: Seat::ALL.map(|s| ActionMap::new(config.size, s)),
        };
        for (i, g) in games.games.iter_mut().enumerate() {
            g.rng = Rng::new(seed.wrapping_add(i as u64));
        }
        if games.keeps_pasts() {
            games.pasts = filled(num_envs, Past::from_position(start_pos)).map_err(memory)?;
        }
        let rows: Vec<usize> = (0..num_envs).collect();
        restart(py, &mut games, &rows, None)?;
        Ok(PyVecEnv {
            games: Mutex::new(games),
            owner: AtomicUsize::new(0),
            config,
            num_envs,
            opponent: name,
            autoreset,
        })
    }

    /// Starts games again and returns `(obs, mask)` of every game.
    ///
    /// - `seed`: `None` keeps each game's generator; an integer gives game `i` the seed
    ///   `seed + i`; a list gives one seed (or `None`) per game. A built-in engine opponent
    ///   is reseeded with the first seed given.
    /// - `games`: a bool array, the games to start again (the others go on); `None`: all.
    /// - `positions`: where they start: a `Position`, or one per game started again, in
    ///   order; `None`: the environment's start.
    ///
    /// Bad arguments raise before any game changes.
    #[pyo3(signature = (seed = None, *, games = None, positions = None))]
    fn reset<'py>(
        &self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
        games: Option<&Bound<'py, PyAny>>,
        positions: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<ObsMask<'py>> {
        Ok(self.do_reset::<bool>(py, seed, games, positions)?.obs)
    }

    /// Plays one action id per game; see the class docs for what comes back. Raises
    /// `ValueError`/`TypeError` for an array of the wrong shape or type, `IndexError` for an
    /// id out of range, `IllegalMoveError` naming the game and the rule for an illegal move
    /// (unless illegal actions lose); no game changes then. An exception from a Python
    /// opponent, or a bad action from it, also leaves every game as it was.
    fn step<'py>(&self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<StepArrays<'py>> {
        let s = self.do_step::<bool>(py, actions, false)?;
        Ok((
            s.obs.0,
            s.obs.1,
            PyArray1::from_vec(py, s.out.rewards),
            PyArray1::from_vec(py, s.out.terminated),
            PyArray1::from_vec(py, s.out.truncated),
        ))
    }

    /// `reset` as a `gymnasium.vector.VectorEnv` returns it: `(obs, infos)`, the infos of
    /// the games started again (see `gymnasium_step`). For
    /// `quoridor.gym_vector.QuoridorVectorEnv`, which is this in Gymnasium's clothes.
    #[pyo3(signature = (seed = None, *, games = None, positions = None))]
    fn gymnasium_reset<'py>(
        &self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
        games: Option<&Bound<'py, PyAny>>,
        positions: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(Bound<'py, PyArray4<f32>>, Bound<'py, PyDict>)> {
        let r = self.do_reset::<i8>(py, seed, games, positions)?;
        let all = r.rows.len() == self.num_envs;
        let rows = (!all).then_some(r.rows.as_slice());
        let e = gym::Entries { views: &r.views, winners: &r.winners, illegal: &r.illegal };
        let infos = gym::infos(py, &r.obs.1, &e, rows, &[])?;
        Ok((r.obs.0, infos))
    }

    /// `step` as a `gymnasium.vector.VectorEnv` returns it: `(obs, rewards, terminated,
    /// truncated, infos)`, rewards as float64 and the infos gathered as `SyncVectorEnv`
    /// gathers those of `QuoridorEnv`: `action_mask` (int8), `seat`, `winner` (-1 when
    /// none), `illegal_action`, each with its `_key` mask, and with same-step autoreset
    /// `final_obs` and `final_info` for the games that ended.
    fn gymnasium_step<'py>(
        &self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<GymStep<'py>> {
        let s = self.do_step::<i8>(py, actions, true)?;
        let i = s
            .infos
            .ok_or_else(|| PyRuntimeError::new_err("internal error, please report: no infos"))?;
        let e = gym::Entries { views: &i.views, winners: &i.winners, illegal: &i.illegal };
        let (games, obs, seats) = &i.finals;
        let same_step = self.autoreset == Autoreset::SameStep;
        let restarted: &[usize] = if same_step { games } else { &[] };
        let infos = gym::infos(py, &s.obs.1, &e, None, restarted)?;
        if same_step && !games.is_empty() {
            gym::final_infos(py, &infos, self.config, &e, games, obs, seats)?;
        }
        let rewards: Vec<f64> = s.out.rewards.iter().map(|&r| f64::from(r)).collect();
        Ok((
            s.obs.0,
            PyArray1::from_vec(py, rewards),
            PyArray1::from_vec(py, s.out.terminated),
            PyArray1::from_vec(py, s.out.truncated),
            infos,
        ))
    }

    /// A uniformly random legal action id for every game, seen as `step` takes them, drawn
    /// from each game's generator: random play and exploration without a Python loop. A game
    /// that waits to start again (or is over, autoreset disabled) gets 0.
    fn sample_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let mut held = self.lock(py)?;
        let g = &mut *held.games;
        let ids: Vec<i64> = py.detach(|| (0..g.games.len()).map(|i| g.sample(i) as i64).collect());
        drop(held);
        Ok(PyArray1::from_vec(py, ids))
    }

    /// Number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.num_envs
    }

    /// The configuration of every game (its ply limit made explicit).
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

    /// `"same_step"`, `"next_step"` or `"disabled"`.
    #[getter]
    fn autoreset(&self, py: Python<'_>) -> PyResult<&'static str> {
        Ok(self.lock(py)?.games.autoreset.name())
    }

    /// `"raise"` or `"lose"`.
    #[getter]
    fn illegal_action(&self, py: Python<'_>) -> PyResult<&'static str> {
        Ok(self.lock(py)?.games.illegal.name())
    }

    /// For each game, the seat (index 0-3) whose view the observation, mask and actions
    /// take: the side to move in self-play, the agent with an opponent; for a game that
    /// ended and waits to start again, the player it ended for.
    #[getter]
    fn to_play<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let held = self.lock(py)?;
        let v: Vec<i8> = held.games.games.iter().map(|g| g.view.index() as i8).collect();
        drop(held);
        Ok(PyArray1::from_vec(py, v))
    }

    /// For each game, the winner's seat index if the game was won in the last step, else -1.
    #[getter]
    fn winners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let v = self.lock(py)?.games.winners.clone();
        Ok(PyArray1::from_vec(py, v))
    }

    /// For each game, whether its action in the last step was illegal (and lost the game:
    /// `illegal_action="lose"`).
    #[getter]
    fn illegal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let v = self.lock(py)?.games.illegal_played.clone();
        Ok(PyArray1::from_vec(py, v))
    }

    /// The indices of the games that ended in the last step, in increasing order
    /// (`np.flatnonzero(terminated | truncated)`).
    #[getter]
    fn final_games<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let v = self.lock(py)?.games.final_games.iter().map(|&i| i as i64).collect();
        Ok(PyArray1::from_vec(py, v))
    }

    /// The final observations of the games that ended in the last step, one row per game of
    /// `final_games`, seen by the player each ended for: with same-step autoreset the step's
    /// observations are already the new games', and a truncated game is bootstrapped from
    /// these.
    #[getter]
    fn final_obs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray4<f32>>> {
        let obs = self.lock(py)?.games.final_obs.clone();
        let c = self.config;
        let n = usize::from(c.size.get());
        let k = obs.len() / (planes(c.players) * n * n);
        PyArray1::from_vec(py, obs).reshape([k, planes(c.players), n, n])
    }

    /// The seat (index) each game of `final_games` ended for: the agent, or in self-play
    /// the player who made the last move.
    #[getter]
    fn final_seats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let v = self.lock(py)?.games.final_seats.clone();
        Ok(PyArray1::from_vec(py, v))
    }

    /// The current position of every game.
    fn positions(&self, py: Python<'_>) -> PyResult<Vec<PyPosition>> {
        Ok(self.lock(py)?.games.games.iter().map(|g| PyPosition(g.pos)).collect())
    }

    fn __len__(&self) -> usize {
        self.num_envs
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let held = self.lock(py)?;
        let g = &held.games;
        Ok(format!(
            "VecEnv({}, {}, opponent={}, autoreset='{}', illegal_action='{}')",
            self.num_envs,
            PyConfig(self.config).repr(),
            self.opponent,
            g.autoreset.name(),
            g.illegal.name()
        ))
    }

    /// Pickles every game as it stands (positions, seats, generators, and the pasts an
    /// engine opponent reads), the settings and the opponent: a Python callable must pickle
    /// itself; a built-in engine opponent starts afresh from its seed (its table is not
    /// kept). The last step's results are not kept.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let held = self.lock(py)?;
        let g = &held.games;
        let opponent: Py<PyAny> = match &g.opponent {
            Opponent::SelfPlay => py.None(),
            Opponent::Random => "random".into_pyobject(py)?.into_any().unbind(),
            Opponent::Bot(BotKind::Greedy, ..) => "greedy".into_pyobject(py)?.into_any().unbind(),
            Opponent::Bot(BotKind::Level(l), ..) => l.get().into_pyobject(py)?.into_any().unbind(),
            Opponent::Bot(BotKind::Random, ..) => "random".into_pyobject(py)?.into_any().unbind(),
            Opponent::Python(f) => f.clone_ref(py),
        };
        let bot_seed = match &g.opponent {
            Opponent::Bot(_, s, _) => *s,
            _ => 0,
        };
        let state = PyDict::new(py);
        state.set_item("num_envs", self.num_envs)?;
        state.set_item("config", PyConfig(self.config))?;
        state.set_item("opponent", opponent)?;
        state.set_item("bot_seed", bot_seed)?;
        state.set_item("agent_seat", g.agent_seat.map(Seat::index))?;
        state.set_item("autoreset", g.autoreset.name())?;
        state.set_item("illegal_action", g.illegal.name())?;
        state.set_item("start", g.starts.iter().map(|p| PyPosition(*p)).collect::<Vec<_>>())?;
        let games = PyList::empty(py);
        for game in &g.games {
            games.append((
                game.pos.to_string(),
                game.agent.index(),
                game.view.index(),
                game.rng.state(),
                game.ended,
            ))?;
        }
        state.set_item("games", games)?;
        // Each game's past (an engine opponent's repetitions): its first position and the
        // moves since.
        let pasts = PyList::empty(py);
        for past in &g.pasts {
            let moves: Vec<String> = past.moves().map(|m| m.to_string()).collect();
            pasts.append((past.start().to_string(), moves))?;
        }
        state.set_item("pasts", pasts)?;
        drop(held);
        let from_state = py.get_type::<PyVecEnv>().getattr("_from_state")?;
        (from_state, (state,)).into_pyobject(py)
    }

    /// Rebuilds a pickled `VecEnv` (from `__reduce__`).
    #[staticmethod]
    fn _from_state<'py>(
        py: Python<'py>,
        state: &Bound<'py, PyDict>,
    ) -> PyResult<Bound<'py, PyVecEnv>> {
        let item = |k: &str| {
            state
                .get_item(k)?
                .ok_or_else(|| PyTypeError::new_err(format!("a pickled VecEnv has no {k}")))
        };
        let kwargs = PyDict::new(py);
        for k in ["opponent", "agent_seat", "autoreset", "illegal_action"] {
            kwargs.set_item(k, item(k)?)?;
        }
        kwargs.set_item("seed", item("bot_seed")?)?;
        let start = item("start")?;
        if start.len()? > 0 {
            kwargs.set_item("start", start)?;
        }
        let env =
            py.get_type::<PyVecEnv>().call((item("num_envs")?, item("config")?), Some(&kwargs))?;
        let env = env.cast_into::<PyVecEnv>()?;
        let saved: Vec<(String, usize, usize, u64, bool)> = item("games")?.extract()?;
        let mut held = env.get().lock(py)?;
        if saved.len() != held.games.games.len() {
            return Err(value_error("a pickled VecEnv whose games do not match its size"));
        }
        let seat = |i: usize| {
            Seat::from_index(i).ok_or_else(|| value_error(format!("{i} is not a seat index")))
        };
        for (game, (pos, agent, view, rng, ended)) in held.games.games.iter_mut().zip(saved) {
            let pos = pos.parse().map_err(value_error)?;
            *game = Game::new(pos, seat(agent)?, seat(view)?, Rng::from_state(rng), ended);
        }
        // The pasts, when kept (a pickle without them starts each from its game's position).
        let saved: Vec<(String, Vec<String>)> = match state.get_item("pasts")? {
            Some(p) => p.extract()?,
            None => Vec::new(),
        };
        let g = &mut held.games;
        if g.keeps_pasts() {
            for i in 0..g.games.len() {
                g.pasts[i] = match saved.get(i) {
                    Some((start, moves)) => past_of(start, moves, &g.games[i].pos)?,
                    None => Past::from_position(g.games[i].pos),
                };
            }
        }
        drop(held);
        Ok(env)
    }
}

/// A game's past from a pickle: its first position and the moves since, which must lead to
/// the game's position `now`.
fn past_of(start: &str, moves: &[String], now: &Position) -> PyResult<Past> {
    let mut past = Past::from_position(start.parse().map_err(value_error)?);
    for m in moves {
        let mv: Move = m.parse().map_err(value_error)?;
        past.play(mv).map_err(|e| value_error(format!("a pickled VecEnv's past: {mv}: {e}")))?;
    }
    if past.position() != now {
        return Err(value_error("a pickled VecEnv's past does not lead to its game's position"));
    }
    Ok(past)
}
