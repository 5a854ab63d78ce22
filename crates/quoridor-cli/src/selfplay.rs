//! `quoridor selfplay`: the engine against itself over many games from varied openings,
//! writing every searched position with its search score and the game's result: the data
//! `quoridor fit` fits the evaluation on.

use std::fs::File;
use std::io::{BufWriter, IsTerminal as _, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use quoridor_ai::arena::random_opening;
use quoridor_ai::{Engine, EngineOptions, Limits, Score, SplitMix64};
use quoridor_core::{Outcome, Position, Seat};

use crate::matches::start_game;
use crate::options::PositionOptions;
use crate::util::clock_seed;

/// Arguments of `quoridor selfplay`.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Number of games
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    pub games: u32,
    /// Nodes per move (the default limit: machine-independent games)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Depth per move, in plies
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::options::DEPTH_MAX)))]
    pub depth: Option<u32>,
    /// Milliseconds per move
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=crate::options::MOVETIME_MS_MAX))]
    pub movetime: Option<u64>,
    /// Random moves played at the start of each game (varied by --seed)
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(0..=60))]
    pub opening_plies: u32,
    /// Percent of the random opening moves that are walls (the rest are pawn moves)
    #[arg(long, default_value_t = 25, value_parser = clap::value_parser!(u32).range(0..=100))]
    pub opening_walls: u32,
    /// Transposition table per engine, in MiB
    #[arg(long, value_name = "MB", default_value_t = 16, value_parser = crate::options::parse_hash)]
    pub hash: usize,
    /// Where the positions go (`-` for standard output)
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Add to the file instead of replacing it
    #[arg(long)]
    pub append: bool,
    /// The position options: the board and the start position (ply limit 300 by default).
    #[command(flatten)]
    pub position: PositionOptions,
}

/// The line that opens every file `selfplay` writes.
pub const HEADER: &str = "# quoridor selfplay: position<TAB>score<TAB>result<TAB>game";

/// A search score as a whole number of centi-steps for the data files: evaluations as they
/// are (within ±29,999), a win in `n` plies as `30000 - n`, a loss as `-30000 + n`.
pub fn score_number(s: Score) -> i32 {
    match s {
        Score::Win(n) => 30_000 - n.min(999) as i32,
        Score::Loss(n) => -30_000 + n.min(999) as i32,
        Score::Eval(v) => v.clamp(-29_000, 29_000),
    }
}

/// Plays the games and writes the positions.
///
/// # Errors
/// A bad option, or a file that cannot be written.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let start = start_game(&args.position)?;
    let seed = args.position.seed.unwrap_or_else(clock_seed);
    let mut limits = Limits::default();
    limits.nodes = args.nodes.or(if args.depth.is_none() && args.movetime.is_none() {
        Some(20_000)
    } else {
        None
    });
    limits.depth = args.depth;
    limits.movetime = args.movetime.map(Duration::from_millis);
    let mut file: Box<dyn Write> = if args.out.as_os_str() == "-" {
        Box::new(BufWriter::new(out))
    } else {
        let f = File::options()
            .create(true)
            .write(true)
            .append(args.append)
            .truncate(!args.append)
            .open(&args.out)
            .with_context(|| format!("cannot write `{}`", args.out.display()))?;
        Box::new(BufWriter::new(f))
    };
    if !args.append {
        writeln!(file, "{HEADER}")?;
    }
    let seats: Vec<Seat> = start.position().seats().collect();
    let mut engines: Vec<Engine> = seats
        .iter()
        .enumerate()
        .map(|(i, _)| {
            Engine::new(
                EngineOptions::default()
                    .with_hash_mb(args.hash)
                    .with_seed(seed.wrapping_add(i as u64)),
            )
        })
        .collect();
    let bar = std::io::stderr().is_terminal();
    let began = Instant::now();
    let (mut positions, mut first_wins, mut draws) = (0u64, 0u32, 0u32);
    for g in 0..args.games {
        let mut rng =
            SplitMix64::new(seed.wrapping_mul(0x2545_f491_4f6c_dd1d).wrapping_add(u64::from(g)));
        let mut game = start.clone();
        for m in random_opening(game.position(), args.opening_plies, args.opening_walls, &mut rng) {
            if game.play(m).is_err() {
                break;
            }
        }
        let first_mover = game.position().turn();
        for e in &mut engines {
            e.new_game();
        }
        let mut rows: Vec<(Position, i32)> = Vec::new();
        while !game.position().is_game_over() {
            let pos = *game.position();
            let i = seats.iter().position(|&s| s == pos.turn()).unwrap_or(0);
            let Some(r) = engines[i].search_game(&game, &limits, &mut |_| {}) else { break };
            rows.push((pos, score_number(r.info.score)));
            game.play(r.best).map_err(|e| anyhow::anyhow!("the engine chose {}: {e}", r.best))?;
        }
        let outcome = game.outcome();
        for (pos, score) in &rows {
            let result = match outcome {
                Some(Outcome::Winner(s)) if s == pos.turn() => "1",
                Some(Outcome::Winner(_)) => "0",
                _ => "0.5",
            };
            writeln!(file, "{pos}\t{score}\t{result}\t{g}")?;
        }
        positions += rows.len() as u64;
        match outcome {
            Some(Outcome::Winner(s)) if s == first_mover => first_wins += 1,
            Some(Outcome::Winner(_)) => {}
            _ => draws += 1,
        }
        let done = g + 1;
        let per_game = began.elapsed().as_secs_f64() / f64::from(done);
        let line = format!(
            "games {done}/{}, {positions} positions, first mover won {first_wins}, drawn {draws}, {per_game:.2} s a game",
            args.games
        );
        if bar {
            eprint!("\r\x1b[2K{line}");
        } else if done % 10 == 0 || done == args.games {
            eprintln!("{line}");
        }
    }
    if bar {
        eprintln!();
    }
    file.flush()?;
    Ok(())
}
