//! `quoridor review`: every position of a game analysed, each move judged by the winning
//! chance its mover lost (inaccuracy, mistake, blunder), each player's accuracy; as a
//! table, `--json`, an annotated game record (`--annotate`) and a graph of every seat's
//! winning chance (`--graph`). Two, three and four players, and King of the Hill.
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
use quoridor_ai::Limits;
pub(crate) use quoridor_ai::chance::{BLUNDER, INACCURACY, Judgement, MISTAKE};
use quoridor_ai::review::{GameReview, review};
use quoridor_core::{Game, Seat};

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

/// A whole review: the game, the limits per position in words, and what
/// [`quoridor_ai::review::review`] found.
#[derive(Clone, Debug)]
pub struct Review {
    /// The game reviewed.
    pub game: Game,
    /// The limits per position, in words.
    pub limits: String,
    /// The verdicts and chances.
    pub review: GameReview,
}

/// Reviews the game and prints the table (or the JSON); writes the annotated record and the
/// graph when asked.
///
/// # Errors
/// A bad game or option, a file that cannot be written.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = args.position.game(FirstSeat::Seat(Seat::South))?;
    if game.moves().next().is_none() {
        bail!("the game has no move to review (give --game FILE or --moves \"...\")");
    }
    let limits = args.search.limits(Limits::depth(DEFAULT_DEPTH));
    let mut engine = args.search.engine(DEFAULT_HASH_MB)?;
    let start = Instant::now();
    let stderr = std::io::stderr();
    let terminal = stderr.is_terminal();
    let found = review(&mut engine, &game, &limits, &mut |done, total| {
        if terminal {
            let width = 30;
            let filled = done * width / total.max(1);
            let bar = format!("{}{}", "#".repeat(filled), "-".repeat(width - filled));
            let _ = write!(stderr.lock(), "\rreview [{bar}] {done}/{total} positions");
        }
    });
    let _ = writeln!(
        stderr.lock(),
        "{}review: {} positions in {:.1} s",
        if terminal { "\r" } else { "" },
        game.positions().count(),
        start.elapsed().as_secs_f64()
    );
    let review = Review { game, limits: crate::analyse::describe(&limits), review: found };
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
