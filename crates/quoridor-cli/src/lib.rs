//! The `quoridor` command line: analyse positions, play games in the terminal, count perft,
//! run engine matches, benchmark, and speak a GTP-style text protocol.
//!
//! The binary (`main.rs`) only parses the arguments and maps errors to exit codes; every
//! subcommand lives in its own module here, so tests and fuzz targets can drive them without
//! a process. The engine protocol is [`protocol::Session`]:
//!
//! ```
//! use quoridor_cli::protocol::Session;
//!
//! let mut session = Session::new();
//! assert_eq!(session.handle_line("1 play e2").as_deref(), Some("=1\n\n"));
//! assert_eq!(session.handle_line("play e3h e4").as_deref().map(|r| r.starts_with('?')), Some(true));
//! assert_eq!(session.handle_line("# a comment"), None);
//! assert_eq!(session.handle_line("position").as_deref(), Some("= 9 S:e2:10,N:e9:10 - N 1\n\n"));
//! session.handle_line("quit");
//! assert!(session.wants_quit());
//! ```

pub mod analyse;
pub mod bench;
pub mod board;
pub mod engine;
pub mod external;
pub mod fit;
pub mod matches;
pub mod moves;
pub mod options;
pub mod perft;
pub mod play;
pub mod protocol;
pub mod selfplay;
pub mod util;
pub mod validate;

use std::io::Write;

use clap::{Parser, Subcommand};

pub use util::ColorChoice;

/// The `quoridor` command line.
#[derive(Debug, Parser)]
#[command(
    name = "quoridor",
    version,
    about = "Quoridor: analyse, play, perft, match, engine protocol"
)]
pub struct Cli {
    /// Colour the output: auto (on a terminal), always, never
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,
    /// The subcommand.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Draw the board, distances, paths and status, and the engine's verdict
    #[command(visible_alias = "analyze")]
    Analyse(analyse::Args),
    /// Play a game in the terminal: against the engine, another person, or engine vs engine
    Play(play::Args),
    /// Engine vs engine over many games: wins, draws, losses and an Elo estimate
    Match(matches::Args),
    /// The AI's fixed bench (nodes, nodes per second) and quick rules figures
    Bench(bench::Args),
    /// Count move paths to a depth (the count on stdout, time on stderr)
    Perft(perft::Args),
    /// List the legal moves, one per line
    Moves(moves::Args),
    /// Check a game record; report the first illegal move and the rule it breaks
    Validate(validate::Args),
    /// Speak the text protocol (GTP framing) on stdin/stdout, for GUIs and bot arenas
    Engine(engine::Args),
    /// The engine against itself: write positions, search scores and results for fitting
    Selfplay(selfplay::Args),
    /// Fit the two-player evaluation's weights to self-play positions
    Fit(fit::Args),
}

/// Runs a parsed command line, writing to `out`.
///
/// # Errors
/// Bad input (reported with exit code 2 by the binary) or a failed write.
pub fn run(cli: &Cli, out: &mut dyn Write) -> anyhow::Result<()> {
    let color = cli.color.stdout();
    match &cli.command {
        Command::Analyse(a) => analyse::run(a, color, out),
        Command::Play(a) => {
            use std::io::IsTerminal as _;
            let stdin = std::io::stdin();
            let echo = !stdin.is_terminal();
            play::run(a, color, echo, &mut stdin.lock(), out)
        }
        Command::Match(a) => matches::run(a, out),
        Command::Bench(a) => bench::run(a, out),
        Command::Perft(a) => perft::run(a, out),
        Command::Moves(a) => moves::run(a, out),
        Command::Validate(a) => validate::run(a, out),
        Command::Engine(a) => engine::run(a, &mut std::io::stdin().lock(), out),
        Command::Selfplay(a) => selfplay::run(a, out),
        Command::Fit(a) => fit::run(a, out),
    }
}

/// Whether an error comes from writing to a closed pipe (the reader went away: not an error
/// worth reporting).
#[must_use]
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
