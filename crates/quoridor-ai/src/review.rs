//! A game's review: every position analysed, every move judged by the winning chance its
//! mover lost ([`Judgement`]: inaccuracy, mistake, blunder), each player's accuracy, and
//! every seat's chance at every position. Two, three and four players, and King of the
//! Hill. `quoridor review` prints it (a table, JSON, an annotated record, a graph), and the
//! page draws it.
//!
//! ```
//! use quoridor_ai::chance::Judgement;
//! use quoridor_ai::review::review;
//! use quoridor_ai::{Engine, EngineOptions, Limits};
//! use quoridor_core::Game;
//! let game: Game = "[Size \"5\"]\n\n1. c2 c4 2. a1h c3".parse().unwrap();
//! let mut engine = Engine::new(EngineOptions::default().with_hash_mb(4));
//! let r = review(&mut engine, &game, &Limits::depth(3), &mut |_, _| {});
//! assert_eq!(r.moves.len(), 4);
//! assert_eq!(r.chances.len(), 5);
//! for m in &r.moves {
//!     assert_eq!(m.played == m.best, m.judgement == Judgement::Best);
//!     assert!((0.0..=100.0).contains(&m.lost));
//! }
//! ```

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::ScopedJoinHandle;
use std::time::Duration;

use quoridor_core::{Event, Game, Move, Outcome, Position, Seat};

use crate::chance::{Judgement, seat_chances_with, win_chance};
use crate::engine::join_all;
use crate::{Engine, EngineOptions, Limits, MultiPv, Score};

/// The review of one move.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct MoveReview {
    /// The ply of the position before the move (0 for the first move of a game).
    pub ply: u32,
    /// The index of the position before the move among the game's positions (and in
    /// [`GameReview::chances`]).
    pub at: usize,
    /// Who moved.
    pub seat: Seat,
    /// The move played.
    pub played: Move,
    /// The engine's move and line in the position before.
    pub best: Move,
    /// Its line, starting with `best`.
    pub line: Vec<Move>,
    /// The position's score before the move, for the mover.
    pub before: Score,
    /// The position's score after the move, for the mover.
    pub after: Score,
    /// Winning chances of the mover before and after, 0 to 1.
    pub chance_before: f64,
    /// See `chance_before`.
    pub chance_after: f64,
    /// Points of winning chance lost, 0 to 100 (0 for the engine's move).
    pub lost: f64,
    /// The verdict.
    pub judgement: Judgement,
}

impl MoveReview {
    /// lichess's accuracy of a move from the points of winning chance it lost:
    /// `103.1668 · exp(-0.04354 · lost) - 3.1669`, within 0 to 100.
    #[must_use]
    pub fn accuracy(&self) -> f64 {
        (103.1668 * (-0.04354 * self.lost).exp() - 3.1669).clamp(0.0, 100.0)
    }
}

/// A game's review ([`review`]). Made by [`review`] only; it may tell more in later
/// versions.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct GameReview {
    /// One per move played (resignations are not judged).
    pub moves: Vec<MoveReview>,
    /// Every seat's winning chance at every position, from the start to the end (one more
    /// than the game's events), seats in seat order (a seat out of the game has 0).
    pub chances: Vec<Vec<(Seat, f64)>>,
    /// The seats of the game, in seat order.
    pub seats: Vec<Seat>,
}

/// One player's figures.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct PlayerSummary {
    /// The seat.
    pub seat: Seat,
    /// Moves reviewed.
    pub moves: usize,
    /// The mean accuracy of its moves (0 to 100).
    pub accuracy: f64,
    /// Inaccuracies, mistakes, blunders.
    pub counts: [usize; 3],
}

impl GameReview {
    /// Each player's accuracy and counts, in seat order.
    #[must_use]
    pub fn players(&self) -> Vec<PlayerSummary> {
        self.seats
            .iter()
            .map(|&seat| {
                let mine: Vec<&MoveReview> = self.moves.iter().filter(|m| m.seat == seat).collect();
                let accuracy = if mine.is_empty() {
                    100.0
                } else {
                    mine.iter().map(|m| m.accuracy()).sum::<f64>() / mine.len() as f64
                };
                let count = |j: Judgement| mine.iter().filter(|m| m.judgement == j).count();
                PlayerSummary {
                    seat,
                    moves: mine.len(),
                    accuracy,
                    counts: [
                        count(Judgement::Inaccuracy),
                        count(Judgement::Mistake),
                        count(Judgement::Blunder),
                    ],
                }
            })
            .collect()
    }

    /// `seat`'s chance at the position of index `at` (0 when out of the game or past the
    /// end).
    #[must_use]
    pub fn chance(&self, at: usize, seat: Seat) -> f64 {
        self.chances.get(at).and_then(|c| c.iter().find(|x| x.0 == seat)).map_or(0.0, |x| x.1)
    }
}

/// The score for the mover of a position whose child (after its move) scores `child` for
/// the child's mover: the opponent's win in n plies is the mover's loss in n + 1.
fn for_parent(child: Score) -> Score {
    match child {
        Score::Eval(v) => Score::Eval(-v),
        Score::Win(n) => Score::Loss(n + 1),
        Score::Loss(n) => Score::Win(n + 1),
    }
}

/// What the analysis of one position gives: the engine's move, its line and score for the
/// mover, and the score of the move played when it had its own search.
struct Analysed {
    best: Move,
    line: Vec<Move>,
    score: Score,
    played: Option<Score>,
}

/// Analyses every position of `game` within `limits` and judges every move; `progress` is
/// told the positions done (and how many there are) as they are done. Returns the moves'
/// reviews and every seat's chance at every position.
///
/// The mover's chance before a move is its chance with the engine's move; after it, its
/// chance with the move played, searched within the same limits from the position before
/// (with the mover as the root player: [`Limits::searchmoves`]). In two-player games the
/// position after the move searched one ply less gives the same tree; under a time or node
/// limit there, the next position's own analysis stands for it (its score is the
/// opponent's, turned around), which saves a search a move.
///
/// With several threads ([`crate::EngineOptions::threads`]) the game is cut into as many
/// runs of consecutive positions, each reviewed on its own thread by its own engine (the
/// first by `engine`, the others by engines of `engine`'s options, one thread each): no
/// search is shared, so the work divides, and the review is the same from run to run for a
/// given number of threads (one engine per run of positions keeps its table from one
/// position to the next). A finished game has nothing to search at its last position.
///
/// # Panics
/// Only on a bug in the search (a panic on another thread is raised again here).
pub fn review(
    engine: &mut Engine,
    game: &Game,
    limits: &Limits,
    progress: &mut dyn FnMut(usize, usize),
) -> GameReview {
    let two = game.start().players().get() == 2;
    let fixed_depth =
        limits.depth.is_some_and(|d| d >= 2) && limits.nodes.is_none() && !limits.is_timed();
    let positions: Vec<Position> = game.positions().copied().collect();
    let total = positions.len();
    let job = Job { game, positions: &positions, limits, two, fixed_depth };
    let had = engine.options().threads;
    let threads = had.clamp(1, total.max(1));
    let done = AtomicUsize::new(0);
    let analysed = if threads == 1 {
        job.run(engine, 0..total, &done, &mut |n| progress(n, total))
    } else {
        let per = total.div_ceil(threads);
        let runs: Vec<Range<usize>> = (0..threads)
            .map(|k| k * per..((k + 1) * per).min(total))
            .filter(|r| !r.is_empty())
            .collect();
        let options = EngineOptions { threads: 1, ..engine.options().clone() };
        engine.set_threads(1);
        let parts = std::thread::scope(|s| {
            let handles: Vec<_> = runs[1..]
                .iter()
                .map(|r| {
                    let (job, done, options) = (&job, &done, options.clone());
                    s.spawn(move || {
                        job.run(&mut Engine::new(options), r.clone(), done, &mut |_| {})
                    })
                })
                .collect();
            let mut first = job.run(engine, runs[0].clone(), &done, &mut |n| progress(n, total));
            // Keep telling the progress while the other runs finish.
            while !handles.iter().all(ScopedJoinHandle::is_finished) {
                std::thread::sleep(Duration::from_millis(50));
                progress(done.load(Ordering::Relaxed), total);
            }
            for part in join_all(handles) {
                first.extend(part);
            }
            progress(total, total);
            first
        });
        engine.set_threads(had);
        parts
    };
    let mut out = Vec::new();
    for (i, event) in game.events().iter().enumerate() {
        let Event::Move { seat, mv } = *event else { continue };
        let pos = &positions[i];
        let Some(a) = &analysed[i] else { continue };
        let (before, is_best) = (a.score, mv == a.best);
        let after = match (a.played, &analysed[i + 1]) {
            // The engine's move keeps the position's score.
            _ if is_best => before,
            (Some(s), _) => s,
            (None, Some(next)) => for_parent(next.score),
            // The game ended with this move: the mover reached its goal (or the ply limit
            // drew the game).
            (None, None) => match positions[i + 1].outcome() {
                Some(Outcome::Winner(w)) if w == seat => Score::Win(1),
                Some(Outcome::Winner(_)) => Score::Loss(1),
                _ => Score::Eval(0),
            },
        };
        let chance_before = win_chance(pos, before);
        let chance_after = win_chance(pos, after);
        let lost = if is_best { 0.0 } else { (100.0 * (chance_before - chance_after)).max(0.0) };
        out.push(MoveReview {
            ply: pos.ply(),
            at: i,
            seat,
            played: mv,
            best: a.best,
            line: a.line.clone(),
            before,
            after,
            chance_before,
            chance_after,
            lost,
            judgement: Judgement::of(is_best, lost),
        });
    }
    let chances = positions
        .iter()
        .zip(&analysed)
        .map(|(pos, a)| seat_chances_at(pos, a.as_ref().map(|a| a.score)))
        .collect();
    GameReview { moves: out, chances, seats: game.start().seats().collect() }
}

/// What every thread of a review shares: the game, its positions, the limits.
struct Job<'a> {
    game: &'a Game,
    positions: &'a [Position],
    limits: &'a Limits,
    two: bool,
    /// A fixed depth (no time or node limit): the move played gets its own search.
    fixed_depth: bool,
}

impl Job<'_> {
    /// Analyses the positions of `run` (indices into the game's positions) with `engine`,
    /// counting each in `done` and telling `tick` the count.
    fn run(
        &self,
        engine: &mut Engine,
        run: Range<usize>,
        done: &AtomicUsize,
        tick: &mut dyn FnMut(usize),
    ) -> Vec<Option<Analysed>> {
        let events = self.game.events();
        // The game so far: the engine knows the positions it went through (repetitions in
        // three- and four-player games). The events of a game replay without fault.
        let mut so_far = Game::from_position(*self.game.start());
        let replay = |g: &mut Game, event: Option<&Event>| match event {
            Some(&Event::Move { mv, .. }) => g.play(mv).is_ok(),
            Some(&Event::Resign(seat)) => g.resign(seat).is_ok(),
            None => true,
        };
        for e in &events[..run.start.min(events.len())] {
            replay(&mut so_far, Some(e));
        }
        let mut out = Vec::with_capacity(run.len());
        for i in run {
            let event = events.get(i);
            let a = engine.analyse_game(&so_far, self.limits, MultiPv::ONE, &mut |_| {}).map(|a| {
                let best = a.best();
                Analysed { best: best.mv, line: best.pv.clone(), score: best.score, played: None }
            });
            let a = a.map(|mut a| {
                if let Some(&Event::Move { mv, .. }) = event {
                    let over = self.positions.get(i + 1).is_none_or(Position::is_game_over);
                    if mv != a.best && !over && (!self.two || self.fixed_depth) {
                        a.played = Some(played_score(engine, &so_far, mv, self.limits, self.two));
                    }
                }
                a
            });
            out.push(a);
            tick(done.fetch_add(1, Ordering::Relaxed) + 1);
            replay(&mut so_far, event);
        }
        out
    }
}

/// The mover's score of `mv` in the current position of `so_far`: searched within `limits`
/// with only that move at the root; in two-player games at a fixed depth, the position
/// after it searched one ply less (the same tree, the opponent's view turned around).
fn played_score(engine: &mut Engine, so_far: &Game, mv: Move, limits: &Limits, two: bool) -> Score {
    if two {
        let mut child = *so_far.position();
        child.play_unchecked(mv);
        let mut l = limits.clone();
        l.depth = limits.depth.map(|d| d - 1);
        let a = engine.analyse(&child, &l, MultiPv::ONE, &mut |_| {});
        return a.map_or(Score::Eval(0), |a| for_parent(a.best().score));
    }
    let only = limits.clone().with_searchmoves(vec![mv]);
    let a = engine.analyse_game(so_far, &only, MultiPv::ONE, &mut |_| {});
    a.map_or(Score::Eval(0), |a| a.best().score)
}

/// Every seat's chance in `pos`, in seat order: the mover's from its search `score`, the
/// others' (three or four players) their share of the rest by the evaluation's model; a
/// finished game's from its result (a draw, or no search, even).
fn seat_chances_at(pos: &Position, score: Option<Score>) -> Vec<(Seat, f64)> {
    let active: Vec<Seat> = pos.active_seats().collect();
    let even = 1.0 / active.len().max(1) as f64;
    let chances: Vec<(Seat, f64)> = match (score, pos.outcome()) {
        (_, Some(Outcome::Winner(w))) => {
            active.iter().map(|&s| (s, f64::from(u8::from(s == w)))).collect()
        }
        (Some(score), None) => {
            let p = win_chance(pos, score);
            seat_chances_with(pos, p).unwrap_or_else(|| {
                active.iter().map(|&s| (s, if s == pos.turn() { p } else { 1.0 - p })).collect()
            })
        }
        _ => active.iter().map(|&s| (s, even)).collect(),
    };
    pos.seats().map(|s| (s, chances.iter().find(|c| c.0 == s).map_or(0.0, |c| c.1))).collect()
}
