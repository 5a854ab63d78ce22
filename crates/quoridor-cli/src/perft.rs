//! `quoridor perft`: counting move paths, with the time taken on standard error.

use std::io::Write;
use std::time::Instant;

use crate::options::{FirstSeat, PositionOptions};
use crate::util::{per_second, secs};

/// Arguments of `quoridor perft`.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Number of plies to count
    #[arg(value_name = "DEPTH", value_parser = clap::value_parser!(u32).range(0..=12))]
    pub depth: u32,
    /// One `MOVE COUNT` line per legal move, then the total
    #[arg(long)]
    pub divide: bool,
    /// Print one JSON object: {"depth", "nodes", "divide"?}
    #[arg(long)]
    pub json: bool,
    /// The position options.
    #[command(flatten)]
    pub position: PositionOptions,
}

/// Prints perft(DEPTH) of the position (split by first move with `--divide`); the time and
/// nodes per second go to standard error.
///
/// # Errors
/// A bad position option, or a failed write.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = args.position.game(FirstSeat::Seat(quoridor_core::Seat::South))?;
    let pos = *game.position();
    let start = Instant::now();
    let mut split: Vec<(String, u64)> = Vec::new();
    let total = if args.divide && args.depth > 0 {
        let mut result = Ok(());
        let total = quoridor_core::perft_divide(&pos, args.depth, |m, n| {
            if !args.json && result.is_ok() {
                result = writeln!(out, "{m} {n}");
            }
            split.push((m.to_string(), n));
        });
        result?;
        total
    } else {
        quoridor_core::perft(&pos, args.depth)
    };
    let elapsed = start.elapsed();
    if args.json {
        let mut obj = serde_json::json!({ "depth": args.depth, "nodes": total });
        if args.divide {
            let map: serde_json::Map<String, serde_json::Value> =
                split.into_iter().map(|(m, n)| (m, serde_json::Value::from(n))).collect();
            obj["divide"] = serde_json::Value::Object(map);
        }
        writeln!(out, "{obj}")?;
    } else {
        writeln!(out, "{total}")?;
    }
    let _ = writeln!(
        std::io::stderr(),
        "perft {} = {total} in {} s ({} nodes/s)",
        args.depth,
        secs(elapsed),
        per_second(total, elapsed)
    );
    Ok(())
}
