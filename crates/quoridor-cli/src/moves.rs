//! `quoridor moves`: the legal moves of a position.

use std::io::Write;

use crate::options::{FirstSeat, PositionOptions};

/// Arguments of `quoridor moves`.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// The position options.
    #[command(flatten)]
    pub position: PositionOptions,
    /// Print a JSON list of strings instead of one move a line
    #[arg(long)]
    pub json: bool,
}

/// Prints the legal moves of the side to move, one a line in standard notation (pawn moves
/// first, then horizontal walls, then vertical walls).
///
/// # Errors
/// A bad position option, or a failed write.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = args.position.game(FirstSeat::Seat(quoridor_core::Seat::South))?;
    let moves: Vec<String> = game.position().legal_moves().iter().map(|m| m.to_string()).collect();
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&moves)?)?;
    } else {
        for m in &moves {
            writeln!(out, "{m}")?;
        }
    }
    Ok(())
}
