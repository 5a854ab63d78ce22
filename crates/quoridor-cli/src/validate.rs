//! `quoridor validate`: checks a game record.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context as _;
use quoridor_core::Game;

/// Arguments of `quoridor validate`.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// The game record to check (`-` for standard input)
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Print one JSON object: {"file", "valid", "plies", "result", "position", "error"?}
    #[arg(long)]
    pub json: bool,
}

/// Reads the record and checks every move. A valid record prints a one-line summary; an
/// invalid one fails (exit code 2) with the first problem: the ply, the seat, the token and
/// the rule it breaks.
///
/// # Errors
/// An unreadable file, or an invalid record.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let name = args.file.display().to_string();
    let text = if name == "-" {
        std::io::read_to_string(std::io::stdin()).context("cannot read standard input")?
    } else {
        std::fs::read_to_string(&args.file)
            .with_context(|| format!("cannot read game record `{name}`"))?
    };
    match text.parse::<Game>() {
        Ok(game) => {
            let plies = game.moves().count();
            let pos = game.position();
            if args.json {
                let obj = serde_json::json!({
                    "file": name,
                    "valid": true,
                    "plies": plies,
                    "result": game.result_token(),
                    "position": pos.to_string(),
                });
                writeln!(out, "{obj}")?;
            } else {
                writeln!(
                    out,
                    "{name}: valid, {plies} plies, result {} ({})",
                    game.result_token(),
                    crate::board::status(pos)
                )?;
            }
            Ok(())
        }
        Err(e) => {
            if args.json {
                let obj =
                    serde_json::json!({ "file": name, "valid": false, "error": e.to_string() });
                writeln!(out, "{obj}")?;
            }
            Err(anyhow::anyhow!("{name}: {e}"))
        }
    }
}
