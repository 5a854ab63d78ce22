//! `quoridor selfplay`: the engine against itself over many games from varied openings,
//! writing every searched position with its search score and the game's result: the data
//! the trainer (`quoridor-train`) fits the evaluation on. The games are
//! `quoridor_ai::selfplay`'s, the same as the Python package's `quoridor.selfplay` plays for
//! the same seed and settings; the file is the text form of its shards' columns.

use std::fs::File;
use std::io::{BufWriter, IsTerminal as _, Write};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context as _;
use quoridor_ai::selfplay::{COLUMNS, SelfPlay, SelfPlaySettings};
use quoridor_core::Outcome;

use crate::matches::start_game;
use crate::options::PositionOptions;
use crate::util::clock_seed;

/// The commit the engine was built from (`build.rs`).
pub const COMMIT: &str = env!("QUORIDOR_COMMIT");

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
    /// Add to the file instead of replacing it (no header line)
    #[arg(long)]
    pub append: bool,
    /// The position options: the board and the start position (ply limit 300 by default).
    #[command(flatten)]
    pub position: PositionOptions,
}

/// The line that opens every file `selfplay` writes: the column names, tab-separated.
#[must_use]
pub fn header() -> String {
    COLUMNS.join("\t")
}

/// Plays the games and writes the positions.
///
/// # Errors
/// A bad option, or a file that cannot be written.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let start = start_game(&args.position)?;
    let mut settings = SelfPlaySettings::default();
    settings.nodes = args.nodes;
    settings.depth = args.depth;
    settings.movetime_ms = args.movetime;
    settings.opening_plies = args.opening_plies;
    settings.opening_walls = args.opening_walls;
    settings.hash_mb = args.hash;
    settings.seed = args.position.seed.unwrap_or_else(clock_seed);
    let described = settings.to_string();
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
        writeln!(file, "{}", header())?;
    }
    let run = SelfPlay::new(start, settings);
    let bar = std::io::stderr().is_terminal();
    let began = Instant::now();
    let (mut positions, mut first_wins, mut draws) = (0u64, 0u32, 0u32);
    for g in 0..args.games {
        let game = run.play(u64::from(g));
        let first = game.rows.first().map(|r| r.position.turn());
        file.write_all(game.text_lines(COMMIT, &described).as_bytes())?;
        positions += game.rows.len() as u64;
        match game.outcome {
            Some(Outcome::Winner(s)) if Some(s) == first => first_wins += 1,
            Some(Outcome::Winner(_)) => {}
            _ => draws += 1,
        }
        let done = g + 1;
        let secs = began.elapsed().as_secs_f64();
        let line = format!(
            "games {done}/{}, {positions} positions, first mover won {first_wins}, drawn {draws}, {:.2} games/s",
            args.games,
            f64::from(done) / secs.max(1e-9)
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
