//! `quoridor analyse`: the board, the players' distances and paths, the status, and the
//! engine's verdict with live per-depth lines.

use std::io::Write;
use std::time::Duration;

use quoridor_ai::chance::{percent, seat_chances, win_chance};
use quoridor_ai::tablebase::Value as Exact;
use quoridor_ai::{Analysis, AnalysisInfo, Candidate, Engine, Limits, MultiPv, Score, Verdict};
use quoridor_core::{Game, Outcome, Position, Seat};
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
    /// Show the N best moves, each with its own score and line at the same depth (more
    /// than the legal moves shows them all)
    #[arg(long, value_name = "N", default_value = "1", value_parser = parse_multipv, help_heading = "Engine")]
    pub multipv: MultiPv,
}

fn parse_multipv(s: &str) -> Result<MultiPv, String> {
    s.parse::<MultiPv>().map_err(|e| e.to_string())
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
    let mut engine = args.search.engine(DEFAULT_HASH_MB)?;
    let proven = engine.tablebase_value(&pos);
    if args.json {
        let mut lines = Vec::new();
        let result = if search {
            analyse_position(&mut engine, &game, &limits, args.multipv, &mut |i| {
                lines.extend(info_json(i));
            })
        } else {
            None
        };
        let mut obj = position_json(&pos);
        obj["search"] = match result {
            Some(a) => {
                let best = a.best();
                let mut s = json!({
                    "depth": a.depth,
                    "score": score_json(best.score),
                    "nodes": a.nodes,
                    "nps": nps(a.nodes, a.time),
                    "time_ms": a.time.as_millis() as u64,
                    "pv": moves_json(&best.pv),
                });
                s["best"] = json!(best.mv.to_string());
                s["lines"] = Value::Array(lines);
                s["multipv"] = json!(args.multipv.get());
                s["complete"] = json!(a.complete);
                s["chance"] = chance_json(win_chance(&pos, best.score));
                s["proven"] = json!(proven.is_some());
                s["exact"] = proven.map_or(Value::Null, exact_json);
                s["candidates"] =
                    Value::Array(a.lines.iter().map(|c| candidate_json(&pos, c)).collect());
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
    let several = args.multipv.get() > 1;
    writeln!(out, "{}", info_header(several))?;
    let mut write_err = Ok(());
    let result = analyse_position(&mut engine, &game, &limits, args.multipv, &mut |info| {
        if write_err.is_ok() {
            write_err = write!(out, "{}", info_lines(info, several)).and_then(|()| out.flush());
        }
    });
    write_err?;
    match result {
        Some(a) => {
            let best = a.best();
            let score = match proven {
                Some(v) => proven_text(v),
                None => with_chance(&pos, best.score),
            };
            writeln!(out, "best      {}, {score}, depth {}", best.mv, a.depth)?;
            writeln!(out, "verdict   {}", Verdict { side: pos.turn(), score: best.score })?;
            if let Some(chances) = seat_chances(&pos) {
                let parts: Vec<String> = chances
                    .iter()
                    .map(|&(s, p)| format!("{} {}", s.letter(), percent(p, Score::Eval(0))))
                    .collect();
                writeln!(
                    out,
                    "chances   {} (each seat: the evaluation's model, calibrated)",
                    parts.join("  ")
                )?;
            }
            if args.multipv.get() > 1 {
                write!(out, "{}", candidates_text(&pos, &a))?;
            }
        }
        None => writeln!(out, "best      - (no search result)")?,
    }
    Ok(())
}

/// A score with the mover's winning chance in `pos`: `+1.25 (71%)`.
#[must_use]
pub fn with_chance(pos: &Position, score: Score) -> String {
    format!("{score} ({})", percent(win_chance(pos, score), score))
}

/// The candidate moves as a table: rank, move, score with the winning chance, line.
#[must_use]
pub fn candidates_text(pos: &Position, a: &Analysis) -> String {
    let mut s = format!(
        "\ncandidates {} at depth {}{}\n",
        a.lines.len(),
        a.depth,
        if a.complete { "" } else { " (cut short by the limit)" }
    );
    for (i, c) in a.lines.iter().enumerate() {
        // A line of a shallower pass (the limit cut the deeper one short) says its depth.
        let depth =
            if c.depth == a.depth { String::new() } else { format!("  (depth {})", c.depth) };
        s.push_str(&format!(
            "{:>5}  {:<6} {:>16}  {}{depth}\n",
            i + 1,
            c.mv,
            with_chance(pos, c.score),
            moves_text(&c.pv)
        ));
    }
    s
}

/// Moves separated by spaces.
fn moves_text(moves: &[quoridor_core::Move]) -> String {
    moves.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

/// Moves as a JSON array of strings.
fn moves_json(moves: &[quoridor_core::Move]) -> Value {
    json!(moves.iter().map(ToString::to_string).collect::<Vec<_>>())
}

/// One candidate move as JSON:
/// `{"move": "e2", "score": {...}, "chance": 0.57, "pv": [...], "depth": 8}`.
#[must_use]
pub fn candidate_json(pos: &Position, c: &Candidate) -> Value {
    json!({
        "move": c.mv.to_string(),
        "score": score_json(c.score),
        "chance": chance_json(win_chance(pos, c.score)),
        "pv": moves_json(&c.pv),
        "depth": c.depth,
    })
}

/// A chance rounded to four decimals.
fn chance_json(p: f64) -> Value {
    json!((p * 10_000.0).round() / 10_000.0)
}

/// Nodes per second.
fn nps(nodes: u64, time: Duration) -> u64 {
    (u128::from(nodes) * 1_000_000_000 / time.as_nanos().max(1)).min(u128::from(u64::MAX)) as u64
}

/// The table size of `analyse` when `--hash` is not given, in MiB.
const DEFAULT_HASH_MB: usize = 32;

/// The analysis of the game's current position, knowing the positions the game went
/// through (a move back to one of them is a repetition, as when the engine plays).
fn analyse_position(
    engine: &mut Engine,
    game: &Game,
    limits: &Limits,
    multipv: MultiPv,
    each: &mut dyn FnMut(&AnalysisInfo),
) -> Option<Analysis> {
    engine.analyse_game_by_depth(game, limits, multipv, each)
}

/// An exact value from a tablebase in words: `win in 25 (proven)`, `draw (proven)`.
#[must_use]
pub fn proven_text(v: Exact) -> String {
    match v {
        Exact::Draw => "draw (proven)".to_string(),
        v => format!("{} (proven)", v.score()),
    }
}

/// An exact value from a tablebase as JSON: `{"result": "win", "plies": 25}`.
fn exact_json(v: Exact) -> Value {
    let (result, plies) = match v {
        Exact::Win(n) => ("win", Some(n)),
        Exact::Loss(n) => ("loss", Some(n)),
        Exact::Draw => ("draw", None),
    };
    json!({ "result": result, "plies": plies })
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

/// The head of the per-depth lines (with a `line` column for several lines).
#[must_use]
pub fn info_header(several: bool) -> String {
    let line = if several { format!("  {:>4}", "line") } else { String::new() };
    format!(
        "{:>5}{line}  {:>10}  {:>10}  {:>10}  {:>8}  pv",
        "depth", "score", "nodes", "nps", "time"
    )
}

/// The lines of one depth, one a line: depth, (line number,) score, nodes, nps, time and
/// principal variation; every line of a depth shows the nodes and time at which the depth
/// was done.
#[must_use]
pub fn info_lines(info: &AnalysisInfo, several: bool) -> String {
    let mut s = String::new();
    for (k, c) in info.lines.iter().enumerate() {
        let line = if several { format!("  {:>4}", k + 1) } else { String::new() };
        s.push_str(&format!(
            "{:>5}{line}  {:>10}  {:>10}  {:>10}  {:>8}  {}\n",
            info.depth,
            c.score.to_string(),
            info.nodes,
            info.nps(),
            secs(info.time),
            moves_text(&c.pv)
        ));
    }
    s
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

/// The lines of one depth as JSON objects, one per line (`multipv`: its number, from 1).
fn info_json(info: &AnalysisInfo) -> Vec<Value> {
    let time_ms = info.time.as_millis() as u64;
    info.lines
        .iter()
        .enumerate()
        .map(|(k, c)| {
            json!({
                "depth": info.depth,
                "multipv": k + 1,
                "score": score_json(c.score),
                "nodes": info.nodes,
                "nps": info.nps(),
                "time_ms": time_ms,
                "pv": moves_json(&c.pv),
            })
        })
        .collect()
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
                "threat": pos.wall_threat(s),
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
        "seat_chances": seat_chances(pos).map(|c| {
            c.iter().map(|&(s, p)| json!({ "seat": s.letter().to_string(), "chance": chance_json(p) })).collect::<Vec<_>>()
        }),
    })
}
