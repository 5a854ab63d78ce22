//! `quoridor engine`: the text protocol on standard input and output (see [`crate::protocol`]).

use std::io::{BufRead, Write};
use std::time::Duration;

use crate::protocol::Session;

/// Arguments of `quoridor engine`.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Think time of `genmove` in milliseconds [default: 1000]
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=crate::options::MOVETIME_MS_MAX))]
    pub movetime: Option<u64>,
    /// Search depth of `genmove` (instead of a think time)
    #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::options::DEPTH_MAX)))]
    pub depth: Option<u32>,
    /// Nodes searched by `genmove` (instead of a think time: machine-independent play)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Playing level of `genmove`, 1 to 10 (its limits and evaluation noise)
    #[arg(long, value_name = "1-10", value_parser = crate::options::parse_level)]
    pub level: Option<quoridor_ai::Level>,
    /// Search threads of `genmove` (more than one shares the table; only one is deterministic)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = crate::options::parse_threads)]
    pub threads: usize,
    /// Transposition table size in MiB [default: 16]
    #[arg(long, value_name = "MB", value_parser = crate::options::parse_hash)]
    pub hash: Option<usize>,
    /// Think on the opponents' time: after `genmove` and `play`, until the next command that is not a query
    #[arg(long)]
    pub ponder: bool,
    /// An exact table written by `quoridor solve --tablebase` (repeatable)
    #[arg(long, value_name = "FILE")]
    pub tablebase: Vec<std::path::PathBuf>,
}

/// Reads commands until `quit` or the end of the input, answering each.
///
/// # Errors
/// A tablebase that cannot be read, or a failed read or write (a closed output pipe ends the
/// session quietly).
pub fn run(args: &Args, input: &mut dyn BufRead, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut session = Session::new();
    for t in crate::options::load_tablebases(&args.tablebase)? {
        session.add_tablebase(t);
    }
    session.set_threads(args.threads);
    if let Some(mb) = args.hash {
        session.set_hash(mb);
    }
    if let Some(level) = args.level {
        session.set_level(level);
    }
    if args.depth.is_some() || args.movetime.is_some() || args.nodes.is_some() {
        let mut limits = quoridor_ai::Limits::default();
        limits.depth = args.depth;
        limits.nodes = args.nodes;
        limits.movetime = args.movetime.map(Duration::from_millis);
        session.set_limits(limits);
    }
    session.set_ponder(args.ponder);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            return Ok(());
        }
        let line = String::from_utf8_lossy(&buf);
        if let Some(reply) = session.handle_line(&line) {
            out.write_all(reply.as_bytes())?;
            out.flush()?;
        }
        if session.wants_quit() {
            return Ok(());
        }
    }
}
