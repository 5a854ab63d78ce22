//! `quoridor bench`: the AI's fixed bench and quick rules figures.

use std::io::Write;
use std::time::Instant;

use quoridor_core::{Position, perft};

use crate::util::{per_second, secs};

/// Arguments of `quoridor bench`.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Search depth of the AI bench
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=12))]
    pub depth: u32,
    /// Perft depth of the rules figure (from the 9x9 start)
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=5))]
    pub perft_depth: u32,
    /// Print one JSON object
    #[arg(long)]
    pub json: bool,
}

/// Runs the bench and prints its figures; the last line is `NODES nodes NPS nps`.
///
/// # Errors
/// A failed write.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let report = quoridor_ai::bench(args.depth);

    let start_pos = Position::default();
    let t = Instant::now();
    let perft_nodes = perft(&start_pos, args.perft_depth);
    let perft_time = t.elapsed();

    // Shortest-distance maps over the bench positions, for every seat in play.
    let positions = quoridor_ai::bench_positions();
    let rounds = 2000u64;
    let mut calls = 0u64;
    let mut checksum = 0u64;
    let t = Instant::now();
    for _ in 0..rounds {
        for pos in &positions {
            for seat in pos.active_seats() {
                let map = pos.distance_map(seat);
                let d = pos.pawn(seat).and_then(|sq| map.get(sq));
                checksum = checksum.wrapping_add(u64::from(d.unwrap_or(u8::MAX)));
                calls += 1;
            }
        }
    }
    let dist_time = t.elapsed();
    let dist_ns = dist_time.as_nanos() as f64 / calls.max(1) as f64;
    std::hint::black_box(checksum);

    if args.json {
        let obj = serde_json::json!({
            "depth": args.depth,
            "positions": report.positions,
            "nodes": report.nodes,
            "two_player_nodes": report.two_player_nodes,
            "time_ms": report.time.as_millis() as u64,
            "nps": report.nps,
            "perft": { "depth": args.perft_depth, "nodes": perft_nodes, "time_ms": perft_time.as_secs_f64() * 1000.0, "nps": per_second(perft_nodes, perft_time) },
            "distance": { "calls": calls, "ns_per_call": dist_ns },
        });
        writeln!(out, "{obj}")?;
        return Ok(());
    }
    writeln!(out, "search bench: {} positions, depth {}", report.positions, args.depth)?;
    writeln!(out, "  nodes {}  time {} s  nps {}", report.nodes, secs(report.time), report.nps)?;
    writeln!(out, "  two-player positions: {} nodes", report.two_player_nodes)?;
    writeln!(
        out,
        "perft {} (9x9 start): {perft_nodes} in {:.3} ms, {} nodes/s (the last ply counted in bulk)",
        args.perft_depth,
        perft_time.as_secs_f64() * 1000.0,
        per_second(perft_nodes, perft_time)
    )?;
    writeln!(out, "distance map: {dist_ns:.0} ns per call ({calls} calls)")?;
    writeln!(out, "{} nodes {} nps", report.nodes, report.nps)?;
    Ok(())
}
