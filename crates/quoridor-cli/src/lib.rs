// The crate docs are the README, so that crates.io and docs.rs show the same text and its
// example runs as a doc test. The README's item link points to docs.rs for crates.io; this
// definition comes first, so rustdoc takes it instead (a checked link to this version).
//! [`protocol::Session`]: protocol::Session
#![doc = include_str!("../README.md")]

mod analyse;
mod analysis;
mod bench;
mod board;
mod engine;
mod external;
mod matches;
mod moves;
mod options;
mod perft;
mod play;
pub mod protocol;
mod review;
#[doc(hidden)]
pub mod selfplay;
mod solve;
mod util;
mod validate;

use std::io::Write;

use clap::{Parser, Subcommand};

// What the binary needs (`main.rs`): hidden, not part of the library's API, which is the
// protocol alone (cargo-semver-checks skips hidden items).
#[doc(hidden)]
pub use util::ColorChoice;

/// The `quoridor` command line.
#[doc(hidden)]
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
#[doc(hidden)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Draw the board, distances, paths and status, and the engine's verdict
    #[command(visible_alias = "analyze")]
    Analyse(analyse::Args),
    /// Play a game in the terminal: against the engine, another person, or engine vs engine
    Play(play::Args),
    /// Engine vs engine over many games: wins, draws, losses and an Elo estimate
    Match(Box<matches::Args>),
    /// The AI's fixed bench (nodes, nodes per second) and quick rules figures
    Bench(bench::Args),
    /// Count move paths to a depth (the count on stdout, time on stderr)
    Perft(perft::Args),
    /// List the legal moves, one per line
    Moves(moves::Args),
    /// Review a game: every move judged by the winning chance it lost, each player's
    /// accuracy; a table, JSON, an annotated record, an SVG graph
    Review(review::Args),
    /// Check a game record; report the first illegal move and the rule it breaks
    Validate(validate::Args),
    /// Answer JSON-lines analysis queries on stdin/stdout (positions, move lists, turns,
    /// limits, multipv), one answer a line per turn
    Analysis(analysis::Args),
    /// Speak the text protocol (GTP framing) on stdin/stdout, for GUIs and bot arenas
    Engine(engine::Args),
    /// The engine against itself: write positions, search scores and results for fitting
    /// (by `quoridor-train`, a tool of the project's repository)
    Selfplay(selfplay::Args),
    /// The exact value of a two-player position on a small board, and a best move
    Solve(solve::Args),
}

/// Runs a parsed command line, writing to `out`.
///
/// # Errors
/// Bad input (reported with exit code 2 by the binary) or a failed write.
#[doc(hidden)]
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
        Command::Review(a) => review::run(a, out),
        Command::Engine(a) => engine::run(a, &mut std::io::stdin().lock(), out),
        Command::Analysis(a) => analysis::run(a, &mut std::io::stdin().lock(), out),
        Command::Selfplay(a) => selfplay::run(a, out),
        Command::Solve(a) => solve::run(a, out),
    }
}

/// Whether an error comes from writing to a closed pipe (the reader went away: not an error
/// worth reporting).
#[must_use]
#[doc(hidden)]
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
