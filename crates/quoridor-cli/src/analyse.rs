//! `quoridor analyse`: the board, the players' distances and paths, the status, and the
//! engine's verdict with live per-depth lines.

use std::io::Write;
use std::time::Duration;

use quoridor_ai::{Engine, Limits, Score, SearchInfo, Verdict};
use quoridor_core::{Outcome, Position, Seat};
use serde_json::{Value, json};

use crate::board;
use crate::options::{FirstSeat, PositionOptions, SearchOptions};
use crate::util::secs;

/// The think time when no limit is given.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);

/// Arguments of `quoridor analyse`.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// The position options.
    #[command(flatten)]
    pub position: PositionOptions,
    /// The engine's limits.
    #[command(flatten)]
    pub search: SearchOptions,
    /// Do not search: only the board, distances and status
    #[arg(long, conflicts_with_all = ["depth", "nodes", "movetime", "level"])]
    pub no_search: bool,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
}

/// Prints the analysis of the position (text, or one JSON object with `--json`).
///
/// # Errors
/// A bad position option, or a failed write.
pub fn run(args: &Args, color: bool, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = args.position.game(FirstSeat::Seat(Seat::South))?;
    let pos = *game.position();
    let limits = args.search.limits(Limits::movetime(DEFAULT_MOVETIME));
    let search = !args.no_search && !pos.is_game_over();
    if args.json {
        let mut lines = Vec::new();
        let result = if search {
            search_position(&pos, &limits, &args.search, &mut |i| lines.push(info_json(i)))
        } else {
            None
        };
        let mut obj = position_json(&pos);
        obj["search"] = match result {
            Some(r) => {
                let mut s = info_json(&r.info);
                s["best"] = json!(r.best.to_string());
                s["lines"] = Value::Array(lines);
                s
            }
            None => Value::Null,
        };
        writeln!(out, "{obj}")?;
        return Ok(());
    }

    write!(out, "{}", pos.diagram().colored(color))?;
    writeln!(out)?;
    writeln!(out, "position  {pos}")?;
    writeln!(
        out,
        "game      {}x{} {}, {} players, ply {}{}",
        pos.size(),
        pos.size(),
        pos.variant(),
        pos.players(),
        pos.ply(),
        pos.ply_limit().map_or(String::new(), |l| format!(" of {l}"))
    )?;
    writeln!(out, "status    {}", board::status(&pos))?;
    writeln!(out, "ranking   {}", board::ranking(&pos))?;
    if !pos.is_game_over() {
        let pawn = pos.pawn_moves().len();
        let total = pos.count_legal_moves();
        writeln!(
            out,
            "moves     {total} legal ({pawn} pawn moves, {} walls)",
            total.saturating_sub(pawn)
        )?;
    }
    writeln!(out)?;
    write!(out, "{}", board::seat_table(&pos, color))?;
    if !search {
        return Ok(());
    }
    writeln!(out)?;
    let threads = match args.search.threads {
        1 => String::new(),
        n => format!(", {n} threads"),
    };
    writeln!(out, "engine    {}{threads}, {} to move", describe(&limits), pos.turn())?;
    writeln!(
        out,
        "{:>5}  {:>10}  {:>10}  {:>10}  {:>8}  pv",
        "depth", "score", "nodes", "nps", "time"
    )?;
    let mut write_err = Ok(());
    let result = search_position(&pos, &limits, &args.search, &mut |info| {
        if write_err.is_ok() {
            write_err = writeln!(out, "{}", info_line(info)).and_then(|()| out.flush());
        }
    });
    write_err?;
    match result {
        Some(r) => {
            writeln!(out, "best      {} ({}, depth {})", r.best, r.info.score, r.info.depth)?;
            writeln!(out, "verdict   {}", Verdict { side: pos.turn(), score: r.info.score })?;
        }
        None => writeln!(out, "best      - (no search result)")?,
    }
    Ok(())
}

/// The table size of `analyse` when `--hash` is not given, in MiB.
const DEFAULT_HASH_MB: usize = 32;

fn search_position(
    pos: &Position,
    limits: &Limits,
    options: &SearchOptions,
    each: &mut dyn FnMut(&SearchInfo),
) -> Option<quoridor_ai::SearchResult> {
    let mut engine = Engine::new(options.engine_options(DEFAULT_HASH_MB));
    engine.search(pos, limits, each)
}

/// The limits in words: `depth 6`, `1000 ms`, ...
#[must_use]
pub fn describe(limits: &Limits) -> String {
    let mut parts = Vec::new();
    if let Some(d) = limits.depth {
        parts.push(format!("depth {d}"));
    }
    if let Some(n) = limits.nodes {
        parts.push(format!("{n} nodes"));
    }
    if let Some(t) = limits.movetime {
        parts.push(format!("{} ms", t.as_millis()));
    }
    if parts.is_empty() { "no limit".to_string() } else { parts.join(", ") }
}

/// One per-depth line: depth, score, nodes, nps, time, principal variation.
#[must_use]
pub fn info_line(info: &SearchInfo) -> String {
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "{:>5}  {:>10}  {:>10}  {:>10}  {:>8}  {}",
        info.depth,
        info.score.to_string(),
        info.nodes,
        info.nps,
        secs(info.time),
        pv.join(" ")
    )
}

/// A score as JSON: `{"text": "+1.25", "eval": 125}`, `{"text": "win in 5", "win": 5}`,
/// `{"text": "loss in 4", "loss": 4}`.
#[must_use]
pub fn score_json(score: Score) -> Value {
    match score {
        Score::Eval(v) => json!({ "text": score.to_string(), "eval": v }),
        Score::Win(n) => json!({ "text": score.to_string(), "win": n }),
        Score::Loss(n) => json!({ "text": score.to_string(), "loss": n }),
    }
}

fn info_json(info: &SearchInfo) -> Value {
    json!({
        "depth": info.depth,
        "score": score_json(info.score),
        "nodes": info.nodes,
        "nps": info.nps,
        "time_ms": info.time.as_millis() as u64,
        "pv": info.pv.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
    })
}

/// Everything about a position but the search, as JSON.
#[must_use]
pub fn position_json(pos: &Position) -> Value {
    let seats: Vec<Value> = pos
        .seats()
        .map(|s| {
            json!({
                "seat": s.letter().to_string(),
                "name": s.to_string(),
                "active": pos.is_active(s),
                "pawn": pos.pawn(s).map(|q| q.to_string()),
                "walls": pos.walls_in_hand(s),
                "distance": pos.distance(s),
                "path": pos.shortest_path(s).skip(1).map(|q| q.to_string()).collect::<Vec<_>>(),
                "rank": pos.ranking().rank(s),
            })
        })
        .collect();
    let (status, winner) = match pos.outcome() {
        None => ("playing", None),
        Some(Outcome::Winner(s)) => ("won", Some(s.letter().to_string())),
        Some(Outcome::Draw) => ("draw", None),
    };
    json!({
        "position": pos.to_string(),
        "size": pos.size().get(),
        "players": pos.players().get(),
        "variant": pos.variant().name(),
        "turn": pos.turn().letter().to_string(),
        "ply": pos.ply(),
        "ply_limit": pos.ply_limit(),
        "status": status,
        "winner": winner,
        "ranking": pos.ranking().iter().map(|(s, r)| json!({ "seat": s.letter().to_string(), "rank": r })).collect::<Vec<_>>(),
        "seats": seats,
        "walls": pos.walls().iter().map(|w| w.to_string()).collect::<Vec<_>>(),
        "legal_moves": pos.count_legal_moves(),
    })
}
