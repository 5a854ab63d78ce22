//! `quoridor review`: every position of a game analysed, each move judged by the winning
//! chance it lost (inaccuracy, mistake, blunder), each player's accuracy; as a table,
//! `--json`, an annotated game record (`--annotate`) and an evaluation graph (`--graph`).
//!
//! - `mod.rs`: the arguments, the analysis of every position, the verdicts;
//! - `report`: the table and the JSON;
//! - `annotate`: the game record with the verdicts as comments;
//! - `graph`: the SVG picture of the winning chance over the plies.

mod annotate;
mod graph;
mod report;

use std::io::{IsTerminal as _, Write};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context as _, bail};
pub(crate) use quoridor_ai::chance::{BLUNDER, INACCURACY, Judgement, MISTAKE, win_chance};
use quoridor_ai::{Engine, Limits, MultiPv, Score};
use quoridor_core::{Event, Game, Move, Position, Seat};

use crate::options::{FirstSeat, PositionOptions, SearchOptions};

/// The search per position when no limit is given: machine-independent and quick.
pub const DEFAULT_DEPTH: u32 = 8;

/// The table size of `review` when `--hash` is not given, in MiB.
const DEFAULT_HASH_MB: usize = 32;

/// Arguments of `quoridor review`.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// The game: `--game FILE` (a game record) or `--moves "..."` from a start position.
    #[command(flatten)]
    pub position: PositionOptions,
    /// The engine's limits for each position (default: depth 8).
    #[command(flatten)]
    pub search: SearchOptions,
    /// Print one JSON object instead of the table
    #[arg(long)]
    pub json: bool,
    /// Write the game record with the verdicts and best moves as comments to FILE
    #[arg(long, value_name = "FILE")]
    pub annotate: Option<PathBuf>,
    /// Write the winning chance over the plies, mistakes marked, as an SVG picture to FILE
    #[arg(long, value_name = "FILE.svg")]
    pub graph: Option<PathBuf>,
}

/// The review of one move.
#[derive(Clone, Debug)]
pub struct MoveReview {
    /// The ply of the position before the move (0 for the first move of a game).
    pub ply: u32,
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

/// A whole review.
#[derive(Clone, Debug)]
pub struct Review {
    /// The game reviewed.
    pub game: Game,
    /// The limits per position, in words.
    pub limits: String,
    /// One per move played (resignations are not reviewed).
    pub moves: Vec<MoveReview>,
    /// South's winning chance at every position, from the start to the end (one more than
    /// the moves).
    pub south: Vec<f64>,
}

/// One player's figures.
#[derive(Clone, Debug, PartialEq)]
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

impl Review {
    /// Each player's accuracy and counts, in seat order.
    #[must_use]
    pub fn players(&self) -> Vec<PlayerSummary> {
        self.game
            .start()
            .seats()
            .map(|seat| {
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

/// Analyses every position of `game` within `limits` and judges every move; `progress` is
/// told each position done (and how many there are).
///
/// # Errors
/// A game of more than two players.
pub fn review(
    game: &Game,
    engine: &mut Engine,
    limits: &Limits,
    progress: &mut dyn FnMut(usize, usize),
) -> anyhow::Result<Vec<MoveReview>> {
    let players = game.start().players();
    if players.get() != 2 {
        bail!(
            "review judges two-player games (winning chances of 3 and 4 players are not \
             calibrated): this game has {players} players"
        );
    }
    let positions: Vec<Position> = game.positions().copied().collect();
    let total = positions.len();
    // (best move, line, score for the mover) of every position still playing.
    let mut analysed: Vec<Option<(Move, Vec<Move>, Score)>> = Vec::with_capacity(total);
    for (i, pos) in positions.iter().enumerate() {
        let a = engine.analyse(pos, limits, MultiPv::ONE, &mut |_| {});
        analysed.push(a.map(|a| {
            let best = a.best();
            (best.mv, best.pv.clone(), best.score)
        }));
        progress(i + 1, total);
    }
    let mut out = Vec::new();
    for (i, event) in game.events().iter().enumerate() {
        let Event::Move { seat, mv } = *event else { continue };
        let pos = &positions[i];
        let Some((best, line, before)) = analysed[i].clone() else { continue };
        let is_best = mv == best;
        let after = match &analysed[i + 1] {
            // The engine's move keeps the position's score.
            _ if is_best => before,
            // At a fixed depth the move gets its own search to the same depth from the
            // position before (the next position's own search would count one ply more,
            // and scores swing with the parity of the depth).
            Some(_) if limits.depth.is_some_and(|d| d >= 2) => {
                let mut child = limits.clone();
                child.depth = limits.depth.map(|d| d - 1);
                let a = engine.analyse(&positions[i + 1], &child, MultiPv::ONE, &mut |_| {});
                a.map_or(before, |a| for_parent(a.best().score))
            }
            Some((_, _, s)) => for_parent(*s),
            // The game ended with this move: the mover reached its goal (or the ply limit
            // drew the game).
            None => match positions[i + 1].outcome() {
                Some(quoridor_core::Outcome::Winner(w)) if w == seat => Score::Win(1),
                Some(quoridor_core::Outcome::Winner(_)) => Score::Loss(1),
                _ => Score::Eval(0),
            },
        };
        let chance_before = win_chance(pos, before);
        let chance_after = win_chance(pos, after);
        let lost = if is_best { 0.0 } else { (100.0 * (chance_before - chance_after)).max(0.0) };
        out.push(MoveReview {
            ply: pos.ply(),
            seat,
            played: mv,
            best,
            line,
            before,
            after,
            chance_before,
            chance_after,
            lost,
            judgement: Judgement::of(is_best, lost),
        });
    }
    Ok(out)
}

/// South's winning chance at every position of the game, from the reviews (the last from
/// the game's end).
fn south_chances(game: &Game, moves: &[MoveReview]) -> Vec<f64> {
    let mut out: Vec<f64> = moves
        .iter()
        .map(|m| if m.seat == Seat::South { m.chance_before } else { 1.0 - m.chance_before })
        .collect();
    let last = match game.outcome() {
        Some(quoridor_core::Outcome::Winner(Seat::South)) => 1.0,
        Some(quoridor_core::Outcome::Winner(_)) => 0.0,
        Some(quoridor_core::Outcome::Draw) => 0.5,
        None => moves.last().map_or(0.5, |m| {
            if m.seat == Seat::South { m.chance_after } else { 1.0 - m.chance_after }
        }),
    };
    out.push(last);
    out
}

/// Reviews the game and prints the table (or the JSON); writes the annotated record and the
/// graph when asked.
///
/// # Errors
/// A bad game or option, a game of more than two players, a file that cannot be written.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = args.position.game(FirstSeat::Seat(Seat::South))?;
    if game.moves().next().is_none() {
        bail!("the game has no move to review (give --game FILE or --moves \"...\")");
    }
    let limits = args.search.limits(Limits::depth(DEFAULT_DEPTH));
    let mut engine = Engine::new(args.search.engine_options(DEFAULT_HASH_MB));
    let start = Instant::now();
    let stderr = std::io::stderr();
    let terminal = stderr.is_terminal();
    let moves = review(&game, &mut engine, &limits, &mut |done, total| {
        if terminal {
            let width = 30;
            let filled = done * width / total.max(1);
            let bar = format!("{}{}", "#".repeat(filled), "-".repeat(width - filled));
            let _ = write!(stderr.lock(), "\rreview [{bar}] {done}/{total} positions");
        }
    })?;
    let _ = writeln!(
        stderr.lock(),
        "{}review: {} positions in {:.1} s",
        if terminal { "\r" } else { "" },
        game.positions().count(),
        start.elapsed().as_secs_f64()
    );
    let south = south_chances(&game, &moves);
    let review = Review { game, limits: crate::analyse::describe(&limits), moves, south };
    if let Some(path) = &args.annotate {
        std::fs::write(path, annotate::record(&review))
            .with_context(|| format!("cannot write `{}`", path.display()))?;
    }
    if let Some(path) = &args.graph {
        std::fs::write(path, graph::svg(&review))
            .with_context(|| format!("cannot write `{}`", path.display()))?;
    }
    if args.json {
        writeln!(out, "{}", report::json(&review))?;
    } else {
        write!(out, "{}", report::text(&review))?;
    }
    Ok(())
}
