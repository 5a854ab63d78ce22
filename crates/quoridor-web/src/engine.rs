//! The engine for the page's Web Worker: [`Engine`] (analysis, any limits), [`LevelBot`]
//! (a playing level), their [`SearchInfo`], and the [`bench()`].

use std::time::Duration;

use quoridor_ai::{EngineBot, EngineOptions, Level, Limits, Score, Verdict};
use quoridor_core::{Position, Seat};
use wasm_bindgen::prelude::*;

use crate::js_error;

/// What a search found after one iteration, with the score in words for the side to move.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct SearchInfo {
    side: Seat,
    info: quoridor_ai::SearchInfo,
    /// The side to move's chance to win (`quoridor_ai::chance::win_chance`).
    chance: f64,
}

impl SearchInfo {
    fn of(pos: &Position, info: quoridor_ai::SearchInfo) -> SearchInfo {
        let chance = quoridor_ai::chance::win_chance(pos, info.score);
        SearchInfo { side: pos.turn(), info, chance }
    }
}

#[wasm_bindgen]
impl SearchInfo {
    /// Depth of the iteration, in plies.
    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u32 {
        self.info.depth
    }

    /// The score as the engine prints it: `"+1.30"`, `"win in 5"`, `"loss in 4"`.
    #[wasm_bindgen(getter, js_name = scoreText)]
    pub fn score_text(&self) -> String {
        self.info.score.to_string()
    }

    /// `"eval"`, `"win"` or `"loss"`, for the side to move.
    #[wasm_bindgen(getter, js_name = scoreKind)]
    pub fn score_kind(&self) -> String {
        match self.info.score {
            Score::Eval(_) => "eval",
            Score::Win(_) => "win",
            Score::Loss(_) => "loss",
        }
        .to_string()
    }

    /// The evaluation in centi-steps (100 = one step of path length), or the plies to the
    /// win or loss.
    #[wasm_bindgen(getter, js_name = scoreValue)]
    pub fn score_value(&self) -> f64 {
        match self.info.score {
            Score::Eval(v) => f64::from(v),
            Score::Win(n) | Score::Loss(n) => f64::from(n),
        }
    }

    /// The side to move's chance to win, 0 to 1, from the score (`docs/ai.md`, "Winning
    /// chances").
    #[wasm_bindgen(getter)]
    pub fn chance(&self) -> f64 {
        self.chance
    }

    /// The score in words, as `quoridor analyse` prints it: `"North is better (+1.30)"`.
    #[wasm_bindgen(getter)]
    pub fn verdict(&self) -> String {
        Verdict { side: self.side, score: self.info.score }.to_string()
    }

    /// The seat to move in the searched position, whose view the score takes.
    #[wasm_bindgen(getter)]
    pub fn side(&self) -> String {
        self.side.letter().to_string()
    }

    /// The principal variation, best move first: `["e2", "e8", "e3h"]`.
    #[wasm_bindgen(getter)]
    pub fn pv(&self) -> Vec<String> {
        self.info.pv.iter().map(|m| m.to_string()).collect()
    }

    /// Nodes searched so far.
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.info.nodes as f64
    }

    /// Nodes per second.
    #[wasm_bindgen(getter)]
    pub fn nps(&self) -> f64 {
        self.info.nps as f64
    }

    /// Milliseconds spent so far.
    #[wasm_bindgen(getter, js_name = timeMs)]
    pub fn time_ms(&self) -> f64 {
        self.info.time.as_secs_f64() * 1000.0
    }
}

/// Calls `on_info` with each iteration's information; an exception thrown by the
/// callback is ignored (the search goes on).
fn reporter<'a>(
    pos: &'a Position,
    on_info: &'a js_sys::Function,
) -> impl FnMut(&quoridor_ai::SearchInfo) + 'a {
    move |info| {
        let info = SearchInfo::of(pos, info.clone());
        let _ = on_info.call1(&JsValue::NULL, &JsValue::from(info));
    }
}

fn position(text: &str) -> Result<Position, JsError> {
    text.parse().map_err(js_error)
}

/// The engine at full strength, on one thread, keeping its transposition table from one
/// search to the next.
#[wasm_bindgen]
pub struct Engine {
    pub(crate) inner: quoridor_ai::Engine,
}

#[wasm_bindgen]
impl Engine {
    /// An engine with a transposition table of `hash_mb` MiB (smaller when the memory cannot
    /// be had).
    #[wasm_bindgen(constructor)]
    pub fn new(hash_mb: usize) -> Engine {
        let options = EngineOptions::default().with_hash_mb(hash_mb);
        Engine { inner: quoridor_ai::Engine::new(options) }
    }

    /// Forgets what earlier searches learnt.
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&mut self) {
        self.inner.new_game();
    }

    /// Searches `position` (in the position format) to `depth` plies, `nodes` nodes or for
    /// `movetime_ms` milliseconds, whichever comes first; with none of them it searches
    /// until the worker running it is terminated (or to depth 100). `on_info` gets a
    /// [`SearchInfo`] after every iteration. Returns the last one, `undefined` when the game
    /// is over.
    ///
    /// # Errors
    /// When the position does not read.
    pub fn search(
        &mut self,
        position: &str,
        depth: Option<u32>,
        nodes: Option<f64>,
        movetime_ms: Option<u32>,
        on_info: &js_sys::Function,
    ) -> Result<Option<SearchInfo>, JsError> {
        let pos = self::position(position)?;
        let limits = limits_of(depth, nodes, movetime_ms);
        let result = self.inner.search(&pos, &limits, &mut reporter(&pos, on_info));
        Ok(result.map(|r| SearchInfo::of(&pos, r.info)))
    }

    /// [`Engine::search`] of the current position of the game of `record` (a game record,
    /// see `docs/notation.md`), knowing the positions the game went through: in three and
    /// four players a move back to one of them is a repetition, as when an engine seat
    /// plays the game (the page's analysis of a game searches with it).
    ///
    /// # Errors
    /// What is wrong with the record, naming the line, tag or ply and the rule.
    #[wasm_bindgen(js_name = searchGame)]
    pub fn search_game(
        &mut self,
        record: &str,
        depth: Option<u32>,
        nodes: Option<f64>,
        movetime_ms: Option<u32>,
        on_info: &js_sys::Function,
    ) -> Result<Option<SearchInfo>, JsError> {
        let game: quoridor_core::Game = record.parse().map_err(js_error)?;
        let pos = *game.position();
        let limits = limits_of(depth, nodes, movetime_ms);
        let result = self.inner.search_game(&game, &limits, &mut reporter(&pos, on_info));
        Ok(result.map(|r| SearchInfo::of(&pos, r.info)))
    }
}

/// The limits of a search: a depth, a node count (at least 1; NaN as 1, huge as the
/// most), a time in milliseconds, each when given.
fn limits_of(depth: Option<u32>, nodes: Option<f64>, movetime_ms: Option<u32>) -> Limits {
    let mut limits = Limits::default();
    limits.depth = depth;
    limits.nodes = nodes.map(|n| n.max(1.0) as u64);
    limits.movetime = movetime_ms.map(|ms| Duration::from_millis(u64::from(ms)));
    limits
}

/// The engine at a playing level, 1 (beginner) to 10 (full strength): the level's time or
/// depth per move, evaluation noise and random moves (see `quoridor_ai::Level`).
#[wasm_bindgen]
pub struct LevelBot {
    inner: EngineBot,
    level: Level,
}

#[wasm_bindgen]
impl LevelBot {
    /// The engine at `level`, with `seed` for its randomness (another seed, another game).
    ///
    /// # Errors
    /// When `level` is not from 1 to 10.
    #[wasm_bindgen(constructor)]
    pub fn new(level: u8, seed: u32) -> Result<LevelBot, JsError> {
        let level = Level::new(level).ok_or_else(|| {
            JsError::new(&format!("level {level} does not exist: levels run from 1 to 10"))
        })?;
        Ok(LevelBot { inner: EngineBot::with_level(level, u64::from(seed)), level })
    }

    /// The level's move for the side to move in `position` (in the position format), in
    /// notation; `undefined` when the game is over. `on_info` gets a [`SearchInfo`] after
    /// every iteration of the search, then once more the search's final one, whose line
    /// starts with the move chosen (it can say more than the last iteration's); not at all
    /// when the move is one of the level's random ones ([`LevelBot::last_move_random`]).
    ///
    /// # Errors
    /// When the position does not read.
    pub fn choose(
        &mut self,
        position: &str,
        on_info: &js_sys::Function,
    ) -> Result<Option<String>, JsError> {
        let pos = self::position(position)?;
        let mut report = reporter(&pos, on_info);
        let m = self.inner.choose_with_info(&pos, &mut report);
        if let Some(info) = self.inner.last_search() {
            report(info);
        }
        Ok(m.map(|m| m.to_string()))
    }

    /// The level's move for the side to move in the game of `record` (a game record, see
    /// `docs/notation.md`), as [`LevelBot::choose`], knowing the positions the game went
    /// through: in three and four players a move back to one of them is a repetition,
    /// which the search counts as a draw (in King of the Hill as the leader's win), so
    /// that engines do not shuffle back and forth.
    ///
    /// # Errors
    /// What is wrong with the record, naming the line, tag or ply and the rule.
    #[wasm_bindgen(js_name = chooseInGame)]
    pub fn choose_in_game(
        &mut self,
        record: &str,
        on_info: &js_sys::Function,
    ) -> Result<Option<String>, JsError> {
        let game: quoridor_core::Game = record.parse().map_err(js_error)?;
        let pos = *game.position();
        let mut report = reporter(&pos, on_info);
        let m = self.inner.choose_in_game_with_info(&game, &mut report);
        if let Some(info) = self.inner.last_search() {
            report(info);
        }
        Ok(m.map(|m| m.to_string()))
    }

    /// Thinks about `position` (in the position format: a person to move) for `ms`
    /// milliseconds, at most 1000, without playing: pondering while a person thinks, a
    /// slice at a time so that the worker reads its messages in between. What it finds
    /// carries over to the next [`LevelBot::choose`] of a position that follows (the
    /// two-player table, the tree of three and four players). Only the timed levels (8 to
    /// 10) ponder: the others search a fixed depth or number of playouts, and a tree
    /// grown beforehand would make them play above their level. Returns whether it
    /// searched (false for those levels and when the game is over).
    ///
    /// # Errors
    /// When the position does not read.
    pub fn ponder(&mut self, position: &str, ms: u32) -> Result<bool, JsError> {
        let pos = self::position(position)?;
        Ok(self.ponder_game(&quoridor_core::Game::from_position(pos), ms))
    }

    /// [`LevelBot::ponder`] of the current position of the game of `record` (a game record,
    /// see `docs/notation.md`), knowing the positions the game went through, as
    /// [`LevelBot::choose_in_game`]: the tree it grows for three and four players, which the
    /// next move keeps, counts a move back to one of them as a repetition.
    ///
    /// # Errors
    /// What is wrong with the record, naming the line, tag or ply and the rule.
    #[wasm_bindgen(js_name = ponderInGame)]
    pub fn ponder_in_game(&mut self, record: &str, ms: u32) -> Result<bool, JsError> {
        let game: quoridor_core::Game = record.parse().map_err(js_error)?;
        Ok(self.ponder_game(&game, ms))
    }

    /// Whether the last move [`LevelBot::choose`] gave was one of the level's random pawn
    /// moves (no search ran, so `on_info` was not called): the page says so instead of
    /// showing no reasoning.
    #[wasm_bindgen(getter, js_name = lastMoveRandom)]
    pub fn last_move_random(&self) -> bool {
        self.inner.last_move_random()
    }

    /// The share of its moves the level plays at random, in percent (0 from level 5 on).
    #[wasm_bindgen(getter, js_name = randomMovePercent)]
    pub fn random_move_percent(&self) -> u32 {
        self.level.random_move_percent()
    }
}

impl LevelBot {
    /// [`LevelBot::ponder`] of `game` (a position alone is a game without a past).
    fn ponder_game(&mut self, game: &quoridor_core::Game, ms: u32) -> bool {
        if self.level.get() < 8 || game.position().is_game_over() {
            return false;
        }
        let limits = Limits::movetime(Duration::from_millis(u64::from(ms.clamp(1, 1000))));
        self.inner.engine().search_game(game, &limits, &mut |_| {});
        true
    }
}

/// Totals of a [`bench()`] run.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub struct BenchReport {
    /// Positions searched.
    pub positions: u32,
    /// Total nodes: the search's signature for the depth.
    pub nodes: f64,
    /// Total time in milliseconds.
    #[wasm_bindgen(js_name = timeMs)]
    pub time_ms: f64,
    /// Nodes per second.
    pub nps: f64,
}

/// Searches the engine's fixed bench positions to `depth` (as `quoridor bench --depth`).
#[wasm_bindgen]
pub fn bench(depth: u32) -> BenchReport {
    let r = quoridor_ai::bench(depth);
    BenchReport {
        positions: r.positions as u32,
        nodes: r.nodes as f64,
        time_ms: r.time.as_secs_f64() * 1000.0,
        nps: r.nps as f64,
    }
}
