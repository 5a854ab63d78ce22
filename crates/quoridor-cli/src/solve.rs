//! `quoridor solve`: the exact value of a two-player position on a small board, and a best
//! move (quoridor-solve), with progress on standard error.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use quoridor_core::Seat;
use quoridor_solve::{Progress, SolveOptions, Value};
use serde_json::json;

use crate::options::{FirstSeat, PositionOptions};
use crate::util::secs;

/// Arguments of `quoridor solve`.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// The position options (two players, boards up to 7x7).
    #[command(flatten)]
    pub position: PositionOptions,
    /// Refuse to start a solve whose tables need more than this many MiB
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..))]
    pub memory: Option<u64>,
    /// Write every solved level to this directory, and resume from it
    #[arg(long, value_name = "DIR", conflicts_with = "tablebase")]
    pub checkpoint: Option<PathBuf>,
    /// Write every position that follows the root (all pawn placements, either side to
    /// move) with its exact value to this tablebase file, for `analyse --tablebase`
    #[arg(long, value_name = "FILE")]
    pub tablebase: Option<PathBuf>,
    /// No progress lines on standard error
    #[arg(long, short)]
    pub quiet: bool,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
}

/// Solves the position and prints its value, a best move and the figures of the solve.
///
/// # Errors
/// A bad position option, a position the solver does not take, the memory limit, a bad
/// checkpoint, or a failed write.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = args.position.game(FirstSeat::Seat(Seat::South))?;
    let pos = *game.position();
    let options = SolveOptions::default()
        .with_memory_limit(args.memory.map(|mb| mb << 20))
        .with_checkpoint(args.checkpoint.clone())
        .with_tablebase(args.tablebase.clone());
    let mut last = Instant::now();
    let mut report = |p: &Progress| {
        if args.quiet || (p.layers_done < p.layers && last.elapsed() < Duration::from_secs(1)) {
            return;
        }
        last = Instant::now();
        let _ = writeln!(
            std::io::stderr(),
            "solve: level {} (down to {}): {}/{} layers, {} s",
            p.level,
            p.root_level,
            p.layers_done,
            p.layers,
            secs(p.elapsed)
        );
    };
    let s = quoridor_solve::solve(&pos, &options, &mut report)?;
    let best = s.best.map(|m| m.to_string());
    let st = &s.stats;
    if args.json {
        let (result, plies) = match s.value {
            Value::Win(n) => ("win", Some(n)),
            Value::Loss(n) => ("loss", Some(n)),
            Value::Draw => ("draw", None),
        };
        let obj = json!({
            "position": pos.to_string(),
            "turn": s.turn.letter().to_string(),
            "result": result,
            "plies": plies,
            "best": best,
            "time_ms": st.time.as_millis() as u64,
            "wall_sets": st.wall_sets,
            "layers": st.layers,
            "positions": st.states,
            "table_bytes": st.table_bytes,
            "resumed_from": st.resumed_from,
            "tablebase": args.tablebase.as_ref().map(|p| p.display().to_string()),
            "tablebase_bytes": st.tablebase_bytes,
        });
        writeln!(out, "{obj}")?;
        return Ok(());
    }
    let verdict = match s.value {
        Value::Win(n) => format!("{} wins in {n} plies", s.turn),
        Value::Loss(n) => format!("{} loses in {n} plies", s.turn),
        Value::Draw => "draw: neither side can force a win".to_string(),
    };
    match best {
        Some(m) => writeln!(out, "{verdict}, best move {m}")?,
        None => writeln!(out, "{verdict} (the game is over)")?,
    }
    let resumed = st.resumed_from.map_or(String::new(), |k| format!(", resumed at level {k}"));
    writeln!(
        out,
        "time {} s, {} wall sets, {} layers, {} positions, tables {:.1} MiB{resumed}",
        secs(st.time),
        st.wall_sets,
        st.layers,
        st.states,
        st.table_bytes as f64 / f64::from(1u32 << 20)
    )?;
    if let (Some(path), Some(bytes)) = (&args.tablebase, st.tablebase_bytes) {
        writeln!(
            out,
            "tablebase {}: {bytes} bytes ({:.1} MiB)",
            path.display(),
            bytes as f64 / f64::from(1u32 << 20)
        )?;
    }
    Ok(())
}
