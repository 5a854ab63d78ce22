//! The public engine: its options, its transposition table and its search threads (Lazy
//! SMP). One search runs on every thread at once; [`crate::search`] holds what each thread
//! does.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::ScopedJoinHandle;

use quoridor_core::{Game, Move, Position};

use crate::analysis::{Analysis, AnalysisInfo, Candidate, MultiPv, sort_lines};
use crate::params::MAX_THREADS;
use crate::params::MultiSearch;
use crate::params::{EvalParams, SearchParams};
use crate::search::{PassLimits, Shared, Worker, more_lines};
use crate::tablebase::{Tablebase, Value};
use crate::time::Instant;
use crate::tt::Tt;
use crate::{Clock, EngineOptions, Limits, SearchInfo, SearchResult};

/// Most evaluation noise, in centi-steps either way ([`Engine::set_noise`]).
const MAX_NOISE: i32 = 10_000;

/// The search engine: keeps its transposition table, history and race tables from one
/// search to the next.
///
/// With [`EngineOptions::threads`] above one, a search runs on that many threads that share
/// the transposition table ("Lazy SMP"): the helpers search the same root, some of them one
/// ply deeper, and fill the table with results the main thread then finds. Only searches
/// on one thread are deterministic.
///
/// ```
/// use quoridor_ai::{Engine, EngineOptions, Limits};
/// use quoridor_core::{Game, Move, Position};
/// let mut engine = Engine::new(EngineOptions::default());
/// let pos = Position::default();
/// let r = engine.search(&pos, &Limits::depth(3), &mut |info| {
///     println!("depth {} score {} nodes {}", info.depth, info.score, info.nodes);
/// });
/// assert!(pos.is_legal(r.unwrap().best));
/// ```
pub struct Engine {
    options: EngineOptions,
    tt: Arc<Tt>,
    /// One per thread; the first is the main thread's.
    workers: Vec<Worker>,
}

impl std::fmt::Debug for Engine {
    /// The options and the table's size (the table itself and the threads' state are
    /// not shown).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("options", &self.options)
            .field("threads", &self.workers.len())
            .finish_non_exhaustive()
    }
}

/// Raises the flag when dropped, on unwinding too.
struct HaltOnDrop<'a>(&'a AtomicBool);

impl Drop for HaltOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The helpers' results, once every one has stopped. A helper's panic is raised again here,
/// on the calling thread: dropped, it would hide a bug behind a weaker search.
pub(crate) fn join_all<T>(handles: Vec<ScopedJoinHandle<'_, T>>) -> Vec<T> {
    let mut results = Vec::with_capacity(handles.len());
    let mut panic = None;
    for h in handles {
        match h.join() {
            Ok(r) => results.push(r),
            Err(payload) => {
                panic.get_or_insert(payload);
            }
        }
    }
    if let Some(payload) = panic {
        std::panic::resume_unwind(payload);
    }
    results
}

impl Engine {
    /// A new engine with an empty transposition table of `options.hash_mb` MiB, searching
    /// on `options.threads` threads (at least one). When the memory for the table cannot be
    /// had, the table is halved until it can: [`Engine::options`] tells the size obtained.
    pub fn new(mut options: EngineOptions) -> Engine {
        let tt = Arc::new(Tt::new(options.hash_mb));
        options.hash_mb = options.hash_mb.min(tt.mb());
        options.threads = options.threads.clamp(1, MAX_THREADS);
        let shared = Arc::new(Shared::default());
        let workers =
            (0..options.threads).map(|id| Worker::new(id, &tt, &shared, options.seed)).collect();
        Engine { options, tt, workers }
    }

    /// Forgets everything learnt: the transposition table, history and killers.
    pub fn new_game(&mut self) {
        self.tt.clear();
        for w in &mut self.workers {
            w.heur.clear();
            w.tree.clear();
        }
    }

    /// The options the engine was made with (with the thread count in use).
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Searches on `threads` threads from now on (clamped to 1..=256). The table and the
    /// main thread's history are kept.
    pub fn set_threads(&mut self, threads: usize) {
        let n = threads.clamp(1, MAX_THREADS);
        let main = &self.workers[0];
        let (shared, settings) = (Arc::clone(&main.shared), main.settings.clone());
        self.workers.truncate(n);
        while self.workers.len() < n {
            let mut w = Worker::new(self.workers.len(), &self.tt, &shared, settings.seed);
            w.settings = settings.clone();
            self.workers.push(w);
        }
        self.options.threads = n;
    }

    /// Replaces the transposition table with an empty one of `mb` MiB (or smaller when
    /// the memory cannot be had, as in [`Engine::new`]); returns the size obtained.
    pub fn set_hash(&mut self, mb: usize) -> usize {
        self.tt = Arc::new(Tt::new(mb));
        for w in &mut self.workers {
            w.tt = Arc::clone(&self.tt);
        }
        self.options.hash_mb = mb.min(self.tt.mb());
        self.options.hash_mb
    }

    /// Adds a pseudo-random amount, up to `centi_steps` either way, to every evaluation: a
    /// weaker, less predictable player (used by the lower [`crate::Level`]s). The noise
    /// depends on the position and the engine's seed only, so searches stay deterministic.
    /// Clamped to 0..=10,000 (a hundred steps, more than any path: the evaluations stay
    /// below the win scores). Clears the transposition table.
    pub fn set_noise(&mut self, centi_steps: i32) {
        for w in &mut self.workers {
            w.settings.noise = centi_steps.clamp(0, MAX_NOISE);
        }
        self.tt.clear();
    }

    /// Replaces the evaluation weights (for tuning). The searches of three and four players
    /// scale the walls' weights of `params` as they scale the defaults
    /// ([`crate::params::MULTI_WALLS_SCALE`], [`crate::params::MCTS_WALLS_SCALE`]). Clears
    /// the transposition table.
    pub fn set_eval_params(&mut self, params: EvalParams) {
        for w in &mut self.workers {
            w.settings.set_params(params.clone());
        }
        self.tt.clear();
    }

    /// Replaces the search switches (for tuning). Clears the transposition table.
    pub fn set_search_params(&mut self, params: SearchParams) {
        for w in &mut self.workers {
            w.settings.sparams = params.clone();
        }
        self.tt.clear();
    }

    /// Adds an exact table: from now on a position it holds is played from it (the fastest
    /// win, else a draw, else the slowest loss) with a proven win or loss score and the
    /// table's line, at the root and at the nodes of the search. Tables are probed in the
    /// order they were added. Clears the transposition table (its scores may be estimates
    /// where the table now knows).
    ///
    /// A value is not used where a ply limit could change it (a win or loss that would end
    /// at or after the limit, a draw under a limit): the search decides those.
    ///
    /// ```no_run
    /// use std::sync::Arc;
    /// use quoridor_ai::tablebase::Tablebase;
    /// use quoridor_ai::{Engine, EngineOptions, Limits, Score};
    /// use quoridor_core::Position;
    /// // Written by `quoridor solve --size 5 --walls 2 --tablebase 5x5-w2.qtb`.
    /// let table = Arc::new(Tablebase::open("5x5-w2.qtb")?);
    /// let mut engine = Engine::new(EngineOptions::default());
    /// engine.add_tablebase(table);
    /// let start: Position = "5 S:c1:2,N:c5:2 - S 0".parse()?;
    /// let r = engine.search(&start, &Limits::depth(1), &mut |_| {}).expect("not over");
    /// assert_eq!(r.info.score, Score::Loss(18)); // proven: South loses in 18 plies
    /// assert_eq!(engine.tablebase_value(&start).map(|v| v.score()), Some(Score::Loss(18)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_tablebase(&mut self, table: Arc<Tablebase>) {
        for w in &mut self.workers {
            w.settings.tablebases.push(Arc::clone(&table));
        }
        self.tt.clear();
    }

    /// Forgets every table added with [`Engine::add_tablebase`]. Clears the transposition
    /// table.
    pub fn clear_tablebases(&mut self) {
        for w in &mut self.workers {
            w.settings.tablebases.clear();
        }
        self.tt.clear();
    }

    /// The tables added with [`Engine::add_tablebase`], in probing order.
    pub fn tablebases(&self) -> &[Arc<Tablebase>] {
        &self.workers[0].settings.tablebases
    }

    /// The exact value of `pos` that the engine's tables give and that it would play by
    /// ([`Engine::add_tablebase`]): `None` when no table holds `pos`, or when its ply limit
    /// could change the value. A search of such a position reports this value's score.
    pub fn tablebase_value(&self, pos: &Position) -> Option<Value> {
        self.workers[0].tablebase_value(pos)
    }

    /// Permille of the transposition table used by the last search.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Searches the current position of `game` like [`Engine::search`], knowing the
    /// positions the game went through: in three- and four-player games a root move that
    /// brings back one of them scores as a draw would ([`crate::params::REPETITION`]), so
    /// that engines do not shuffle to and fro until the ply limit ends the game.
    ///
    /// ```
    /// use quoridor_ai::{Engine, EngineOptions, Limits};
    /// use quoridor_core::{Config, Game, Players};
    /// let mut game = Game::new(&Config::default().with_players(Players::Three)).unwrap();
    /// for m in ["e2", "b5", "e8", "e1", "a5", "e9"] {
    ///     game.play(m.parse().unwrap()).unwrap();
    /// }
    /// let mut engine = Engine::new(EngineOptions::default());
    /// let r = engine.search_game(&game, &Limits::depth(3), &mut |_| {}).unwrap();
    /// assert!(game.position().is_legal(r.best));
    /// ```
    pub fn search_game(
        &mut self,
        game: &Game,
        limits: &Limits,
        on_iteration: &mut dyn FnMut(&SearchInfo),
    ) -> Option<SearchResult> {
        self.with_history(game, |e, pos| e.search(pos, limits, on_iteration))
    }

    /// Tells every thread the positions `game` went through before its current one.
    /// Runs `f` on the current position of `game` with the game's past positions known to
    /// every thread (a move back to one is a repetition), and forgets them afterwards.
    fn with_history<T>(&mut self, game: &Game, f: impl FnOnce(&mut Self, &Position) -> T) -> T {
        self.set_history(game);
        let result = f(self, game.position());
        for w in &mut self.workers {
            w.root.history.clear();
        }
        result
    }

    fn set_history(&mut self, game: &Game) {
        let current = game.position();
        let mut keys: Vec<u64> = game
            .positions()
            .filter(|p| p.zobrist() != current.zobrist())
            .map(Position::zobrist)
            .collect();
        keys.sort_unstable();
        keys.dedup();
        for w in &mut self.workers {
            w.root.history.clone_from(&keys);
        }
    }

    /// Searches `pos` within `limits`, calling `on_iteration` after every completed
    /// iteration (of the main thread; its node counts include the helpers'). Returns `None`
    /// only when the game is over.
    ///
    /// With several threads, a node limit is shared among them, and the result is that of
    /// the thread that completed the deepest iteration (the main thread's on a tie).
    ///
    /// # Panics
    /// Only if `on_iteration` panics, or on a bug in the search: a panic on a helper thread
    /// is raised again on the calling thread (with [`std::panic::resume_unwind`], once every
    /// thread has stopped), as it would be were the search on one thread. No limit makes it
    /// panic: they saturate (see [`Limits`]).
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        on_iteration: &mut dyn FnMut(&SearchInfo),
    ) -> Option<SearchResult> {
        if pos.is_game_over() {
            return None;
        }
        let legal_only;
        let limits = match &limits.searchmoves {
            Some(moves) if moves.iter().any(|&m| !pos.is_legal(m)) => {
                let legal: Vec<Move> = moves.iter().copied().filter(|&m| pos.is_legal(m)).collect();
                legal_only =
                    Limits { searchmoves: (!legal.is_empty()).then_some(legal), ..limits.clone() };
                &legal_only
            }
            _ => limits,
        };
        self.tt.new_search();
        let shared = Arc::clone(&self.workers[0].shared);
        shared.halt.store(false, Ordering::Relaxed);
        shared.helper_nodes.store(0, Ordering::Relaxed);
        let threads = self.workers.len();
        let exact = self.workers[0].is_race(pos)
            || self.workers[0].tablebase_value(pos).is_some()
            || self.workers[0].prepare_one_wall(pos, limits);
        if threads == 1 || exact {
            return self.workers[0].search(pos, limits, on_iteration);
        }
        let start = Instant::now();
        let per_thread =
            Limits { nodes: limits.nodes.map(|n| (n / threads as u64).max(1)), ..limits.clone() };
        let (main, helpers) = self.workers.split_first_mut()?;
        let (main_result, helper_results) = std::thread::scope(|s| {
            let handles: Vec<_> = helpers
                .iter_mut()
                .map(|w| {
                    let l = &per_thread;
                    s.spawn(move || {
                        #[cfg(test)]
                        assert!(!w.shared.fail_helpers.load(Ordering::Relaxed), "helper bug");
                        let r = w.search(pos, l, &mut |_| {});
                        (r, w.budget.nodes)
                    })
                })
                .collect();
            // The helpers stop however the main search ends: were `on_iteration` to panic,
            // the scope would otherwise wait for helpers searching without a limit.
            let halt = HaltOnDrop(&shared.halt);
            let r = main.search(pos, &per_thread, on_iteration);
            drop(halt);
            (r, join_all(handles))
        });
        let mut result = main_result?;
        let mut nodes = main.budget.nodes;
        let tree_search = main.uses_mcts(pos);
        for (r, n) in helper_results {
            nodes = nodes.saturating_add(n);
            if tree_search {
                continue;
            }
            if let Some(r) = r.filter(|r| r.info.depth > result.info.depth && pos.is_legal(r.best))
            {
                result = r;
            }
        }
        if tree_search {
            self.vote(pos, &mut result);
        }
        let info = &mut result.info;
        info.nodes = nodes;
        info.time = start.elapsed();
        info.nps = (u128::from(nodes) * 1_000_000_000 / info.time.as_nanos().max(1)) as u64;
        Some(result)
    }
}

impl Engine {
    /// Up to `more` root moves of the last tree search besides `best`, most visited first
    /// (visits added over the threads), each with its value and line.
    fn tree_candidates(
        &self,
        pos: &Position,
        best: quoridor_core::Move,
        more: usize,
        depth: u32,
    ) -> Vec<Candidate> {
        let mut moves: Vec<(quoridor_core::Move, u64, u32, f32, usize)> = Vec::new();
        for (i, w) in self.workers.iter().enumerate() {
            for (mv, n, q) in w.root_stats().moves {
                match moves.iter_mut().find(|m| m.0 == mv) {
                    Some(m) => {
                        m.1 += u64::from(n);
                        if n > m.2 {
                            (m.2, m.3, m.4) = (n, q, i);
                        }
                    }
                    None => moves.push((mv, u64::from(n), n, q, i)),
                }
            }
        }
        moves.retain(|m| m.0 != best);
        // Stable: ties keep the main thread's order.
        moves.sort_by_key(|m| std::cmp::Reverse(m.1));
        moves
            .into_iter()
            .take(more)
            .map(|(mv, _, _, q, i)| Candidate {
                mv,
                score: crate::mcts::score_of(pos, mv, q),
                pv: self.workers[i].tree_line(mv),
                depth,
            })
            .collect()
    }

    /// The tree searches of several threads: the root move with most visits over all the
    /// trees is played (with its line and value from the tree that visited it most).
    fn vote(&self, pos: &Position, result: &mut SearchResult) {
        let mut votes: Vec<(quoridor_core::Move, u64)> = Vec::new();
        for w in &self.workers {
            for (mv, n, _) in w.root_stats().moves {
                match votes.iter_mut().find(|v| v.0 == mv) {
                    Some(v) => v.1 += u64::from(n),
                    None => votes.push((mv, u64::from(n))),
                }
            }
        }
        // The first of the most visited: the main thread's order breaks ties.
        let Some(&(best, _)) = votes.iter().reduce(|a, b| if b.1 > a.1 { b } else { a }) else {
            return;
        };
        if best == result.best || !pos.is_legal(best) {
            return;
        }
        let mut top: Option<(u32, f32, &Worker)> = None;
        for w in &self.workers {
            if let Some(&(_, n, q)) = w.root_stats().moves.iter().find(|m| m.0 == best) {
                if top.is_none_or(|t| n > t.0) {
                    top = Some((n, q, w));
                }
            }
        }
        if let Some((_, q, w)) = top {
            result.best = best;
            result.info.pv = w.tree_line(best);
            result.info.score = crate::mcts::score_of(pos, best, q);
        }
    }
}

/// Multi-PV: the candidate moves of a position.
impl Engine {
    /// The `multipv` best moves of `pos`, each with its own exact score and principal
    /// variation at the same depth (see [`Analysis`]); `on_iteration` is called as by
    /// [`Engine::search`] during the first search. Returns `None` only when the game is over.
    ///
    /// The first line is the result of [`Engine::search`] under `limits`; then a pass at
    /// every depth it completed, from 1, searches the other root moves, each with a window
    /// whose lower bound is the worst line kept so far (so it costs less than one search
    /// per line: `docs/performance.md`). Asking for more lines than the position has legal
    /// moves gives every move. A depth limit applies to both alike; with more than one
    /// line, a node or time limit is shared: the first search gets half of it, the passes
    /// the rest, and when they are cut short the lines come from the deepest pass that
    /// finished ([`Analysis::complete`] is then false, and [`Candidate::depth`] tells).
    /// The passes run on every thread the engine has; with `MultiSearch::MaxN` there is
    /// one line only.
    ///
    /// ```
    /// use quoridor_ai::{Engine, EngineOptions, Limits, MultiPv};
    /// use quoridor_core::Position;
    /// let pos = Position::default();
    /// let mut engine = Engine::new(EngineOptions::default().with_hash_mb(16));
    /// let three = MultiPv::new(3).unwrap();
    /// let a = engine.analyse(&pos, &Limits::depth(3), three, &mut |_| {}).unwrap();
    /// assert_eq!(a.lines.len(), 3);
    /// assert!(a.lines.windows(2).all(|w| w[0].score >= w[1].score));
    /// // The first line is the single search's answer at the same depth.
    /// let mut fresh = Engine::new(EngineOptions::default().with_hash_mb(16));
    /// let r = fresh.search(&pos, &Limits::depth(3), &mut |_| {}).unwrap();
    /// assert_eq!((a.best().mv, a.best().score), (r.best, r.info.score));
    /// ```
    ///
    /// # Panics
    /// As [`Engine::search`]: only if `on_iteration` panics, or on a bug in the search.
    pub fn analyse(
        &mut self,
        pos: &Position,
        limits: &Limits,
        multipv: MultiPv,
        on_iteration: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Analysis> {
        self.analyse_with(pos, limits, multipv, on_iteration, &mut |_| {})
    }

    /// [`Engine::analyse`], telling `on_depth` every line of each depth as that depth is
    /// done (best first, as [`Analysis::lines`]), as Stockfish's MultiPV prints lines 1 to
    /// N per depth. With one line, after each of the search's iterations; with more, the
    /// other lines of a depth are found after the search (see [`Engine::analyse`]), so the
    /// depths come once the search is done.
    ///
    /// ```
    /// use quoridor_ai::{Engine, EngineOptions, Limits, MultiPv};
    /// use quoridor_core::Position;
    /// let mut engine = Engine::new(EngineOptions::default().with_hash_mb(16));
    /// let mut depths = Vec::new();
    /// let three = MultiPv::new(3).unwrap();
    /// let pos = Position::default();
    /// let a = engine
    ///     .analyse_by_depth(&pos, &Limits::depth(4), three, &mut |i| depths.push(i.clone()))
    ///     .unwrap();
    /// assert_eq!(depths.iter().map(|i| i.depth).collect::<Vec<_>>(), [1, 2, 3, 4]);
    /// assert!(depths.iter().all(|i| i.lines.len() == 3));
    /// assert_eq!(depths[3].lines, a.lines);
    /// ```
    ///
    /// # Panics
    /// As [`Engine::search`]: only if `on_depth` panics, or on a bug in the search.
    pub fn analyse_by_depth(
        &mut self,
        pos: &Position,
        limits: &Limits,
        multipv: MultiPv,
        on_depth: &mut dyn FnMut(&AnalysisInfo),
    ) -> Option<Analysis> {
        self.analyse_with(pos, limits, multipv, &mut |_| {}, on_depth)
    }

    fn analyse_with(
        &mut self,
        pos: &Position,
        limits: &Limits,
        multipv: MultiPv,
        on_iteration: &mut dyn FnMut(&SearchInfo),
        on_depth: &mut dyn FnMut(&AnalysisInfo),
    ) -> Option<Analysis> {
        let start = Instant::now();
        if self.workers[0].uses_mcts(pos) {
            // The tree search's candidates are the root's other moves, by visits.
            let first = self.search(pos, limits, &mut |info| {
                on_iteration(info);
                if multipv.get() == 1 {
                    on_depth(&AnalysisInfo::of_iteration(info));
                }
            })?;
            let (depth, nodes) = (first.info.depth, first.info.nodes);
            let mut lines = vec![Candidate {
                mv: first.best,
                score: first.info.score,
                pv: first.info.pv,
                depth,
            }];
            lines.extend(self.tree_candidates(pos, first.best, multipv.get() - 1, depth));
            let time = start.elapsed();
            if multipv.get() > 1 {
                on_depth(&AnalysisInfo::new(depth, lines.clone(), nodes, time));
            }
            return Some(Analysis { lines, depth, complete: true, nodes, time });
        }
        let maxn = self.workers[0].settings.sparams.multi == MultiSearch::MaxN && pos.players() > 2;
        let more = if maxn { 0 } else { multipv.get().saturating_sub(1) };
        let first_limits = if more == 0 { limits.clone() } else { first_share(limits) };
        let mut iterations = Vec::new();
        let first = self.search(pos, &first_limits, &mut |info| {
            on_iteration(info);
            if more == 0 {
                on_depth(&AnalysisInfo::of_iteration(info));
            } else {
                iterations.push(info.clone());
            }
        })?;
        let own = Candidate {
            mv: first.best,
            score: first.info.score,
            pv: first.info.pv.clone(),
            depth: first.info.depth,
        };
        if more == 0 {
            let complete = !maxn || multipv.get() == 1;
            let (nodes, time) = (first.info.nodes, start.elapsed());
            return Some(Analysis {
                lines: vec![own],
                depth: first.info.depth,
                complete,
                nodes,
                time,
            });
        }
        let pass = PassLimits {
            deadline: limits.budget().and_then(|(_, hard)| start.checked_add(hard)),
            nodes: limits.nodes.map_or(u64::MAX, |n| n.saturating_sub(first.info.nodes)),
            stop: limits.stop.clone(),
            moves: limits.searchmoves.clone().filter(|m| m.iter().any(|&x| pos.is_legal(x))),
        };
        let first_nodes = first.info.nodes;
        let others = more_lines(
            &mut self.workers,
            pos,
            &first,
            &iterations,
            more,
            &pass,
            &mut |line, others, nodes| {
                let mut lines = vec![line.clone()];
                lines.extend_from_slice(others);
                // Stable: the search's move stays first unless another proved better.
                sort_lines(&mut lines);
                on_depth(&AnalysisInfo::new(
                    line.depth,
                    lines,
                    first_nodes.saturating_add(nodes),
                    start.elapsed(),
                ));
            },
        );
        let mut lines = vec![own];
        lines.extend(others.lines);
        sort_lines(&mut lines);
        let nodes = self.workers.iter().fold(first_nodes, |n, w| n.saturating_add(w.budget.nodes));
        let (depth, time) = (first.info.depth, start.elapsed());
        Some(Analysis { lines, depth, complete: others.complete, nodes, time })
    }

    /// [`Engine::analyse`] of the current position of `game`, knowing the positions the
    /// game went through (as [`Engine::search_game`] does).
    pub fn analyse_game(
        &mut self,
        game: &Game,
        limits: &Limits,
        multipv: MultiPv,
        on_iteration: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Analysis> {
        self.with_history(game, |e, pos| e.analyse(pos, limits, multipv, on_iteration))
    }

    /// [`Engine::analyse_by_depth`] of the current position of `game`, knowing the
    /// positions the game went through (as [`Engine::search_game`] does): a move back to
    /// one of them is a repetition, as it is when the engine plays the game.
    ///
    /// ```
    /// use quoridor_ai::{Engine, EngineOptions, Limits, MultiPv};
    /// use quoridor_core::Game;
    /// let mut engine = Engine::new(EngineOptions::default().with_hash_mb(16));
    /// let mut game = Game::default();
    /// for mv in ["e2", "e8", "e1", "e9"] {
    ///     game.play(mv.parse()?)?;
    /// }
    /// let mut depths = 0;
    /// let a = engine
    ///     .analyse_game_by_depth(&game, &Limits::depth(3), MultiPv::ONE, &mut |_| depths += 1)
    ///     .unwrap();
    /// assert_eq!(depths, 3);
    /// assert_eq!(a.depth, 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    /// As [`Engine::search`]: only if `on_depth` panics, or on a bug in the search.
    pub fn analyse_game_by_depth(
        &mut self,
        game: &Game,
        limits: &Limits,
        multipv: MultiPv,
        on_depth: &mut dyn FnMut(&AnalysisInfo),
    ) -> Option<Analysis> {
        self.with_history(game, |e, pos| e.analyse_by_depth(pos, limits, multipv, on_depth))
    }
}

/// The first search's share of `limits` when more lines follow: half of a node or time
/// limit (the passes after it get the rest); a depth limit and the stop flag unchanged.
fn first_share(limits: &Limits) -> Limits {
    let mut l = limits.clone();
    l.nodes = limits.nodes.map(|n| n / 2);
    l.movetime = limits.movetime.map(|t| t / 2);
    l.clock = limits.clock.map(|c| Clock::new(c.time_left / 2, c.increment / 2));
    l
}

#[cfg(test)]
mod tests {
    use std::panic::{AssertUnwindSafe, catch_unwind};

    use super::*;

    /// The passes after the search that find the other lines of a multi-PV analysis share
    /// the root moves among all the threads: each thread searches some.
    #[test]
    fn every_thread_searches_in_the_multi_pv_passes() {
        let pos: Position = "9 S:e4:8,N:e6:9 e3h,d4v,f6v N 6".parse().unwrap();
        let mut engine = Engine::new(EngineOptions::default().with_hash_mb(8).with_threads(2));
        let three = MultiPv::new(3).unwrap();
        let a = engine.analyse(&pos, &Limits::depth(6), three, &mut |_| {}).unwrap();
        assert_eq!(a.lines.len(), 3);
        let pass: Vec<u64> = engine.workers.iter().map(|w| w.budget.nodes).collect();
        assert!(pass.iter().all(|&n| n > 1000), "nodes of each thread in the passes: {pass:?}");
        let total: u64 = pass.iter().sum();
        // Neither thread did all but a crumb of it. The share depends on how the system
        // schedules the threads (a loaded machine may run one far more than the other), so
        // the bound is loose: a thread left out of the passes fails it, an uneven split not.
        assert!(pass.iter().all(|&n| n * 50 > total), "{pass:?}");
    }

    #[test]
    fn a_helper_thread_s_panic_is_raised_on_the_calling_thread() {
        let mut engine = Engine::new(EngineOptions::default().with_hash_mb(1).with_threads(3));
        let pos = Position::default();
        engine.workers[0].shared.fail_helpers.store(true, Ordering::Relaxed);
        let caught =
            catch_unwind(AssertUnwindSafe(|| engine.search(&pos, &Limits::depth(2), &mut |_| {})));
        let payload = caught.expect_err("the helpers' panic, not a result");
        assert_eq!(payload.downcast_ref::<&str>(), Some(&"helper bug"));
        // Nothing is left broken: the next search runs on every thread again.
        engine.workers[0].shared.fail_helpers.store(false, Ordering::Relaxed);
        let r = engine.search(&pos, &Limits::depth(2), &mut |_| {}).expect("not over");
        assert!(pos.is_legal(r.best));
        assert_eq!(r.info.depth, 2);
    }
}
