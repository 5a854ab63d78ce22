//! `SelfPlay`: the engine against itself (`quoridor_ai::selfplay`), game by game, without
//! the GIL: the games `quoridor selfplay` plays for the same seed and settings. The Python
//! module `quoridor.selfplay` plays them on Ray and writes them as Parquet shards.

use pyo3::prelude::*;
use quoridor_ai::selfplay::{SelfPlay, SelfPlayGame, SelfPlaySettings};
use quoridor_core::{Game, Position};

use crate::convert::{given, int_in};
use crate::errors::value_error;
use crate::position::PyPosition;
use crate::types::PyConfig;
use crate::vec_env::DEFAULT_PLY_LIMIT;

/// The commit the module was built from (the build script; `unknown` outside git).
pub(crate) const COMMIT: &str = env!("QUORIDOR_COMMIT");

/// The largest table per engine, in MiB (as the command line's `--hash`).
const MAX_HASH_MB: i128 = 65_536;

/// The start of every game: a configuration (ply limit 300 when it has none, as the
/// command line's) or a position (ply limit 300 plies past it when it has none).
fn start_of(start: &Bound<'_, PyAny>) -> PyResult<Game> {
    if let Ok(c) = start.cast::<PyConfig>() {
        let mut config = c.get().0;
        config.ply_limit = Some(config.ply_limit.unwrap_or(DEFAULT_PLY_LIMIT));
        return Game::new(&config).map_err(value_error);
    }
    if let Ok(p) = start.cast::<PyPosition>() {
        let pos = p.get().0;
        if pos.is_game_over() {
            return Err(value_error("the start position is already finished: no game to play"));
        }
        let mut setup = pos.to_setup();
        if setup.ply_limit.is_none() {
            setup.ply_limit = Some(pos.ply().saturating_add(DEFAULT_PLY_LIMIT));
        }
        return Ok(Game::from_position(Position::try_from(setup).map_err(value_error)?));
    }
    Err(pyo3::exceptions::PyTypeError::new_err("start must be a Config or a Position".to_string()))
}

/// Self-play games from one start with one set of settings: `play(game)` plays game number
/// `game`, which depends only on the start, the settings and that number, so the games of a
/// run can be played in any order and on any worker, and come out as `quoridor selfplay`
/// plays them. Give at most the limits you want: with none, 20,000 nodes a move.
#[pyclass(name = "SelfPlay", module = "quoridor", frozen)]
pub struct PySelfPlay {
    run: SelfPlay,
    settings: String,
}

#[pymethods]
impl PySelfPlay {
    #[new]
    #[pyo3(
        signature = (start, *, seed = None, nodes = None, depth = None, movetime_ms = None, opening_plies = None, opening_walls = None, hash_mb = None),
        text_signature = "(start, *, seed=0, nodes=None, depth=None, movetime_ms=None, opening_plies=4, opening_walls=25, hash_mb=16)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        start: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
        depth: Option<&Bound<'_, PyAny>>,
        movetime_ms: Option<&Bound<'_, PyAny>>,
        opening_plies: Option<&Bound<'_, PyAny>>,
        opening_walls: Option<&Bound<'_, PyAny>>,
        hash_mb: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let game = start_of(start)?;
        let mut s = SelfPlaySettings::default();
        s.seed = given(seed).map(crate::convert::seed).transpose()?.unwrap_or(0);
        s.nodes = given(nodes).map(|n| int_in(n, "nodes", 1, u64::MAX.into())).transpose()?;
        s.depth = given(depth).map(|d| int_in(d, "depth", 1, 64)).transpose()?;
        s.movetime_ms =
            given(movetime_ms).map(|t| int_in(t, "movetime_ms", 1, 86_400_000)).transpose()?;
        if let Some(p) = given(opening_plies) {
            s.opening_plies = int_in(p, "opening_plies", 0, 60)?;
        }
        if let Some(w) = given(opening_walls) {
            s.opening_walls = int_in(w, "opening_walls", 0, 100)?;
        }
        if let Some(h) = given(hash_mb) {
            s.hash_mb = int_in(h, "hash_mb", 1, MAX_HASH_MB)?;
        }
        let settings = s.to_string();
        Ok(PySelfPlay { run: SelfPlay::new(game, s), settings })
    }

    /// The settings as the data's `settings` column writes them, e.g. `"nodes=20000
    /// depth=- movetime=- opening-plies=4 opening-walls=25 hash=16 seed=1"`.
    #[getter]
    fn settings(&self) -> &str {
        &self.settings
    }

    /// The start position of every game (before its random opening), in the position format.
    #[getter]
    fn start(&self) -> String {
        self.run.start().position().to_string()
    }

    /// Plays game number `game` (0 to 2**64 - 1) without the GIL and returns its rows.
    fn play(&self, py: Python<'_>, game: &Bound<'_, PyAny>) -> PyResult<PySelfPlayGame> {
        let number: u64 = int_in(game, "game", 0, u64::MAX.into())?;
        let played = py.detach(|| self.run.play(number));
        Ok(PySelfPlayGame::from_game(&played))
    }

    fn __repr__(&self) -> String {
        format!("SelfPlay(settings='{}')", self.settings)
    }
}

/// One self-play game: its number, every searched position's columns (lists of the same
/// length, in the order played) and every seat's result.
#[pyclass(name = "SelfPlayGame", module = "quoridor", frozen, get_all)]
pub struct PySelfPlayGame {
    /// The game's number in its run.
    game: u64,
    /// Each searched position, in the position format.
    position: Vec<String>,
    /// Each search score from the side to move, in centi-steps (a win in n plies is
    /// 30000 - n, a loss -30000 + n).
    score: Vec<i32>,
    /// The side to move's points: 1, 0.5 or 0.
    result: Vec<f64>,
    /// The side to move's seat letter (S, W, N, E).
    side: Vec<String>,
    /// The position's ply.
    ply: Vec<u32>,
    /// Every seat's points, e.g. `"S:1,N:0"` (turn order from the start).
    results: String,
    /// The winner's seat letter, or `None` (the ply limit).
    winner: Option<String>,
}

impl PySelfPlayGame {
    fn from_game(g: &SelfPlayGame) -> Self {
        let winner = match g.outcome {
            Some(quoridor_core::Outcome::Winner(s)) => Some(s.letter().to_string()),
            _ => None,
        };
        PySelfPlayGame {
            game: g.game,
            position: g.rows.iter().map(|r| r.position.to_string()).collect(),
            score: g.rows.iter().map(|r| r.score).collect(),
            result: g.rows.iter().map(|r| g.points(r.position.turn())).collect(),
            side: g.rows.iter().map(|r| r.position.turn().letter().to_string()).collect(),
            ply: g.rows.iter().map(|r| r.position.ply()).collect(),
            results: g.results(),
            winner,
        }
    }
}

#[pymethods]
impl PySelfPlayGame {
    fn __len__(&self) -> usize {
        self.position.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "SelfPlayGame(game={}, positions={}, results='{}')",
            self.game,
            self.position.len(),
            self.results
        )
    }
}
