//! `Engine` (analysis with limits, on threads, without the GIL) and `Bot` (a player that
//! chooses moves: random, greedy, or the engine at a level).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use quoridor_ai::chance::win_chance;
use quoridor_ai::params::MAX_THREADS;
use quoridor_ai::{
    Bot, Engine, EngineBot, EngineOptions, GreedyBot, Level, Limits, MultiPv, RandomBot, Score,
};
use quoridor_core::{Game, Position};

use crate::convert::{self, given, int_at_least, int_in, integer};
use crate::errors::value_error;
use crate::game::PyGame;
use crate::position::PyPosition;
use crate::types::PyMove;

/// The largest transposition table, in MiB (64 GiB), as the command line's `--hash`.
const MAX_HASH_MB: usize = 65_536;

fn lock<T>(m: &Mutex<T>) -> PyResult<MutexGuard<'_, T>> {
    m.lock().map_err(|_| PyRuntimeError::new_err("an earlier search failed; make a new engine"))
}

/// `threads`: 1 to 256.
fn threads(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    int_in(obj, "threads", 1, MAX_THREADS as i128)
}

/// `hash_mb`: 1 to 65536.
fn hash_mb(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    int_in(obj, "hash_mb", 1, MAX_HASH_MB as i128)
}

/// What `analyse` and `choose` are given, as a game: a `Game` (its current position, knowing
/// the positions the game went through: in three and four players a move back to one of
/// them is a repetition, scored as a draw, as when the engine plays the game), or a
/// `Position` alone (a game that starts there: nothing repeats).
fn game_of(obj: &Bound<'_, PyAny>) -> PyResult<Game> {
    if let Ok(p) = obj.cast::<PyPosition>() {
        return Ok(Game::from_position(p.borrow().0));
    }
    if let Ok(g) = obj.cast::<PyGame>() {
        return Ok(g.borrow().0.clone());
    }
    let ty = obj.get_type().name().map_or_else(|_| "?".to_owned(), |n| n.to_string());
    Err(PyTypeError::new_err(format!("expected a Position or a Game, got {ty}")))
}

fn game_not_over(pos: &Position) -> PyResult<()> {
    match pos.outcome() {
        Some(o) => Err(value_error(format!("the game is over ({o}): there is no move to choose"))),
        None => Ok(()),
    }
}

/// What a search found.
#[pyclass(name = "Analysis", module = "quoridor", frozen, get_all)]
pub struct PyAnalysis {
    /// The move to play.
    best: PyMove,
    /// The principal variation, starting with `best`.
    pv: Vec<PyMove>,
    /// The score for the side to move as text: `"+1.25"` (steps ahead), `"win in 5"`,
    /// `"loss in 4"`.
    score: String,
    /// The evaluation in centi-steps for the side to move (100 = one step of path length),
    /// or `None` when the search found a forced win or loss.
    eval: Option<i32>,
    /// Plies to a forced win (positive) or loss (negative), or `None`.
    mate: Option<i32>,
    /// Depth of the last completed iteration, in plies.
    depth: u32,
    /// Nodes searched.
    nodes: u64,
    /// Nodes per second.
    nps: u64,
    /// Seconds spent.
    time: f64,
    /// The candidate moves, best first (one unless `multipv` asked for more); the first is
    /// `best`.
    lines: Vec<PyCandidate>,
    /// Whether every line asked for was searched (false when a limit cut the second pass
    /// short).
    complete: bool,
    /// The side to move's chance to win, 0 to 1 (from the score; 1 or 0 for a forced
    /// result).
    chance: f64,
}

/// One candidate move of an analysis: its score and line at the analysis's depth.
#[pyclass(name = "Candidate", module = "quoridor", frozen, get_all)]
#[derive(Clone)]
pub struct PyCandidate {
    /// The move.
    #[pyo3(name = "move")]
    mv: PyMove,
    /// The score for the side to move as text (as `Analysis.score`).
    score: String,
    /// Centi-steps for the side to move, or `None` for a forced win or loss.
    eval: Option<i32>,
    /// Plies to a forced win (positive) or loss (negative), or `None`.
    mate: Option<i32>,
    /// The principal variation, starting with the move.
    pv: Vec<PyMove>,
    /// The side to move's chance to win after this move, 0 to 1.
    chance: f64,
}

#[pymethods]
impl PyCandidate {
    fn __repr__(&self) -> String {
        let pv: Vec<String> = self.pv.iter().map(|m| m.0.to_string()).collect();
        format!(
            "Candidate(move='{}', score='{}', chance={:.3}, pv='{}')",
            self.mv.0,
            self.score,
            self.chance,
            pv.join(" ")
        )
    }
}

/// The evaluation and the plies to a forced result of a score.
fn eval_mate(score: Score) -> (Option<i32>, Option<i32>) {
    match score {
        Score::Eval(v) => (Some(v), None),
        Score::Win(n) => (None, Some(n as i32)),
        Score::Loss(n) => (None, Some(-(n as i32))),
    }
}

/// `multipv`: at least 1 (the rule and message of the command line's `--multipv`); more
/// than a machine word saturates (every move).
fn multipv(obj: &Bound<'_, PyAny>) -> PyResult<MultiPv> {
    let v = integer(obj, "multipv")?;
    if v < 1 {
        let e = v.to_string().parse::<MultiPv>().expect_err("below 1");
        return Err(value_error(e));
    }
    Ok(MultiPv::new(usize::try_from(v).unwrap_or(usize::MAX)).unwrap_or(MultiPv::ONE))
}

#[pymethods]
impl PyAnalysis {
    fn __repr__(&self) -> String {
        let pv: Vec<String> = self.pv.iter().map(|m| m.0.to_string()).collect();
        format!(
            "Analysis(best='{}', score='{}', depth={}, nodes={}, pv='{}')",
            self.best.0,
            self.score,
            self.depth,
            self.nodes,
            pv.join(" ")
        )
    }
}

struct EngineState {
    engine: Engine,
    noise: i32,
}

/// The alpha-beta engine. `Engine(threads=1, hash_mb=64, seed=0)`: 1 to 256 threads, a table
/// of 1 to 65536 MiB. `analyse` searches a position within limits and releases the GIL while
/// it searches, so other Python threads run meanwhile (and may call `stop`).
#[pyclass(name = "Engine", module = "quoridor", frozen)]
pub struct PyEngine {
    state: Mutex<EngineState>,
    stop: Arc<AtomicBool>,
}

#[pymethods]
impl PyEngine {
    #[new]
    #[pyo3(signature = (threads = 1, hash_mb = 64, seed = 0))]
    fn new(
        #[pyo3(from_py_with = self::threads)] threads: usize,
        #[pyo3(from_py_with = self::hash_mb)] hash_mb: usize,
        #[pyo3(from_py_with = convert::seed)] seed: u64,
    ) -> PyResult<PyEngine> {
        let engine = Engine::new(
            EngineOptions::default().with_hash_mb(hash_mb).with_seed(seed).with_threads(threads),
        );
        Ok(PyEngine {
            state: Mutex::new(EngineState { engine, noise: 0 }),
            stop: Arc::new(AtomicBool::new(false)),
        })
    }

    /// Search threads (1 is deterministic; more share the table, Lazy SMP).
    #[getter]
    fn threads(&self) -> PyResult<usize> {
        Ok(lock(&self.state)?.engine.options().threads)
    }

    #[setter]
    fn set_threads(&self, threads: &Bound<'_, PyAny>) -> PyResult<()> {
        let threads = self::threads(threads)?;
        lock(&self.state)?.engine.set_threads(threads);
        Ok(())
    }

    /// Size of the transposition table in MiB.
    #[getter]
    fn hash_mb(&self) -> PyResult<usize> {
        Ok(lock(&self.state)?.engine.options().hash_mb)
    }

    /// Searches `position` (a `Position`, or a `Game`: its current position, knowing the
    /// positions the game went through, so that in three and four players a move back to one
    /// of them counts as a repetition, a draw, as when the engine plays) and returns an
    /// `Analysis`. Give at least one limit: `depth`
    /// (plies, at least 1; the engine goes to 100 at most), `movetime` (seconds, more than
    /// 0), `nodes` (at least 1), or `level` (1 to 10: that level's limits and evaluation
    /// noise; explicit limits given with it replace the level's). The first limit reached
    /// ends the search. Raises `ValueError` when no limit is given, a limit breaks its rule
    /// or the game is over, `TypeError` for a limit that is no number or a `position` that is
    /// neither a `Position` nor a `Game`.
    ///
    /// `multipv` (at least 1; more than the legal moves gives them all) asks for the best
    /// moves each with its own score and line at the same depth, in `Analysis.lines`.
    #[pyo3(signature = (position, *, depth = None, movetime = None, nodes = None, level = None, multipv = None))]
    #[allow(clippy::too_many_arguments)]
    fn analyse(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        depth: Option<&Bound<'_, PyAny>>,
        movetime: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
        level: Option<&Bound<'_, PyAny>>,
        multipv: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyAnalysis> {
        let game = game_of(position)?;
        let pos = *game.position();
        let multipv = given(multipv).map(self::multipv).transpose()?.unwrap_or(MultiPv::ONE);
        let level = given(level).map(convert::level).transpose()?;
        let depth = given(depth).map(|d| int_at_least(d, "depth", 1, u32::MAX)).transpose()?;
        let movetime = given(movetime).map(convert::movetime).transpose()?;
        let nodes = given(nodes).map(|n| int_at_least(n, "nodes", 1, u64::MAX)).transpose()?;
        game_not_over(&pos)?;
        if depth.is_none() && movetime.is_none() && nodes.is_none() && level.is_none() {
            return Err(value_error("give a limit: depth, movetime, nodes or level"));
        }
        let mut limits = level.map_or_else(Limits::default, |l| l.limits_at(&pos));
        if let Some(d) = depth {
            limits.depth = Some(d);
        }
        if let Some(t) = movetime {
            limits.movetime = Some(t);
        }
        if let Some(n) = nodes {
            limits.nodes = Some(n);
        }
        self.stop.store(false, Ordering::Relaxed);
        limits.stop = Some(Arc::clone(&self.stop));
        let noise = level.map_or(0, Level::noise);
        let result = py.detach(|| {
            let mut state = lock(&self.state)?;
            if state.noise != noise {
                state.engine.set_noise(noise);
                state.noise = noise;
            }
            Ok::<_, PyErr>(state.engine.analyse_game(&game, &limits, multipv, &mut |_| {}))
        })?;
        let a =
            result.ok_or_else(|| value_error("the game is over: there is no move to choose"))?;
        let lines: Vec<PyCandidate> = a
            .lines
            .iter()
            .map(|c| {
                let (eval, mate) = eval_mate(c.score);
                PyCandidate {
                    mv: PyMove(c.mv),
                    score: c.score.to_string(),
                    eval,
                    mate,
                    pv: c.pv.iter().map(|&m| PyMove(m)).collect(),
                    chance: win_chance(&pos, c.score),
                }
            })
            .collect();
        let best = lines[0].clone();
        let secs = a.time.as_secs_f64();
        Ok(PyAnalysis {
            best: best.mv,
            pv: best.pv,
            score: best.score,
            eval: best.eval,
            mate: best.mate,
            depth: a.depth,
            nodes: a.nodes,
            nps: if secs > 0.0 { (a.nodes as f64 / secs) as u64 } else { 0 },
            time: secs,
            chance: best.chance,
            lines,
            complete: a.complete,
        })
    }

    /// Asks a search running in another thread to stop: it returns its best move so far.
    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Forgets what earlier searches learnt (the transposition table, history).
    fn new_game(&self) -> PyResult<()> {
        lock(&self.state)?.engine.new_game();
        Ok(())
    }

    fn __repr__(&self) -> PyResult<String> {
        let s = lock(&self.state)?;
        let o = s.engine.options();
        Ok(format!("Engine(threads={}, hash_mb={}, seed={})", o.threads, o.hash_mb, o.seed))
    }
}

/// What a `Bot` is: `"random"`, `"greedy"` or an engine level 1 to 10.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BotKind {
    Random,
    Greedy,
    Level(Level),
}

impl BotKind {
    pub(crate) fn from_arg(obj: &Bound<'_, PyAny>) -> PyResult<BotKind> {
        if let Ok(s) = obj.extract::<String>() {
            return match s.as_str() {
                "random" => Ok(BotKind::Random),
                "greedy" => Ok(BotKind::Greedy),
                _ => Err(value_error(format!(
                    "`{s}` is not an opponent: \"random\", \"greedy\" or an engine level 1 to 10"
                ))),
            };
        }
        match integer(obj, "level") {
            Ok(_) => convert::level(obj).map(BotKind::Level),
            Err(_) => {
                Err(value_error("an opponent is \"random\", \"greedy\" or an engine level 1 to 10"))
            }
        }
    }

    pub(crate) fn make(self, seed: u64) -> Box<dyn Bot + Send + Sync> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Greedy => Box::new(GreedyBot::new()),
            BotKind::Level(l) => Box::new(EngineBot::with_level(l, seed)),
        }
    }

    pub(crate) fn name(self) -> String {
        match self {
            BotKind::Random => "random".into(),
            BotKind::Greedy => "greedy".into(),
            BotKind::Level(l) => l.get().to_string(),
        }
    }
}

/// A player: `Bot("random", seed=0)` plays uniformly random legal moves, `Bot("greedy")`
/// follows a shortest path and walls the leader, `Bot(5, seed=0)` is the engine at level 5
/// (1 beginner to 10 full strength). `choose` releases the GIL.
#[pyclass(name = "Bot", module = "quoridor", frozen)]
pub struct PyBot {
    kind: BotKind,
    seed: u64,
    bot: Mutex<Box<dyn Bot + Send + Sync>>,
}

#[pymethods]
impl PyBot {
    #[new]
    #[pyo3(signature = (kind, seed = 0))]
    fn new(
        kind: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = convert::seed)] seed: u64,
    ) -> PyResult<PyBot> {
        let kind = BotKind::from_arg(kind)?;
        Ok(PyBot { kind, seed, bot: Mutex::new(kind.make(seed)) })
    }

    /// A legal move for the side to move of `position`: a `Position`, or a `Game` (an
    /// engine level then knows the positions the game went through and, in three and four
    /// players, does not bring one back unless it wants a draw). Raises `ValueError` when
    /// the game is over, `TypeError` for anything else.
    fn choose(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let game = game_of(position)?;
        game_not_over(game.position())?;
        let m = py.detach(|| lock(&self.bot).map(|mut b| b.choose_in_game(&game)))?;
        m.map(PyMove).ok_or_else(|| value_error("the game is over: there is no move to choose"))
    }

    fn __repr__(&self) -> String {
        match self.kind {
            BotKind::Level(_) => format!("Bot({}, seed={})", self.kind.name(), self.seed),
            _ => format!("Bot('{}', seed={})", self.kind.name(), self.seed),
        }
    }
}
