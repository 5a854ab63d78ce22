//! `quoridor analysis`: a JSON-lines analysis protocol for GUIs and scripts, after KataGo's
//! analysis engine. One query a line on standard input; one answer a line on standard
//! output for every turn the query asks about, as each finishes; a malformed query gets one
//! error object naming the field, and the session goes on.
//!
//! A query (every field but the moves optional):
//! `{"id": "q1", "position": "9 S:e1:10,N:e9:10 - S 0", "moves": ["e2", "e8"],
//!   "turns": [0, 2], "depth": 6, "multipv": 3}`; `movetime` (ms) and `nodes` are the other
//! limits (depth 8 when none is given). `turns` are plies into `moves` (0: the position
//! before them); without it, the position after every move.

mod query;

use std::io::{BufRead, Write};

use quoridor_ai::chance::win_chance;
use quoridor_ai::{Engine, EngineOptions, MultiPv};
use quoridor_core::{Game, Outcome};
use serde_json::{Value, json};

use query::Query;

use crate::analyse::{candidate_json, score_json};

/// Arguments of `quoridor analysis`.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Search threads (more than one shares the table; only one is deterministic)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = crate::options::parse_threads)]
    pub threads: usize,
    /// Transposition table size in MiB [default: 32]
    #[arg(long, value_name = "MB", value_parser = crate::options::parse_hash)]
    pub hash: Option<usize>,
    /// An exact table written by `quoridor solve --tablebase` (repeatable)
    #[arg(long, value_name = "FILE")]
    pub tablebase: Vec<std::path::PathBuf>,
}

/// The answers to one query line: one JSON object per turn, or one error object.
pub fn answer(engine: &mut Engine, line: &str, each: &mut dyn FnMut(Value)) {
    let query = match Query::parse(line) {
        Ok(q) => q,
        Err(e) => {
            each(e.to_json());
            return;
        }
    };
    let mut game = Game::from_position(query.start);
    let mut games = vec![game.clone()];
    for mv in &query.moves {
        // Checked legal by `Query::parse`.
        let _ = game.play(*mv);
        games.push(game.clone());
    }
    for &turn in &query.turns {
        let g = &games[turn];
        let pos = g.position();
        let mut obj = json!({ "turn": turn, "position": pos.to_string() });
        if let Some(id) = &query.id {
            obj["id"] = id.clone();
        }
        match pos.outcome() {
            Some(o) => {
                obj["status"] = json!(match o {
                    Outcome::Winner(_) => "won",
                    Outcome::Draw => "draw",
                });
                if let Outcome::Winner(s) = o {
                    obj["winner"] = json!(s.letter().to_string());
                }
                obj["candidates"] = json!([]);
            }
            None => {
                let a = engine
                    .analyse_game(g, &query.limits, query.multipv, &mut |_| {})
                    .expect("the game goes on");
                let best = a.best();
                obj["status"] = json!("playing");
                obj["to_move"] = json!(pos.turn().letter().to_string());
                obj["depth"] = json!(a.depth);
                obj["nodes"] = json!(a.nodes);
                obj["score"] = score_json(best.score);
                obj["chance"] = json!((win_chance(pos, best.score) * 10_000.0).round() / 10_000.0);
                obj["complete"] = json!(a.complete);
                obj["candidates"] =
                    Value::Array(a.lines.iter().map(|c| candidate_json(pos, c)).collect());
            }
        }
        each(obj);
    }
}

/// Reads queries until the end of the input, answering each turn as it finishes.
///
/// # Errors
/// A tablebase that cannot be read, or a failed read or write.
pub fn run(args: &Args, input: &mut dyn BufRead, out: &mut dyn Write) -> anyhow::Result<()> {
    let tables = crate::options::load_tablebases(&args.tablebase)?;
    let options =
        EngineOptions::default().with_hash_mb(args.hash.unwrap_or(32)).with_threads(args.threads);
    let mut engine = Engine::new(options);
    for t in tables {
        engine.add_tablebase(t);
    }
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(());
        }
        if line.trim().is_empty() {
            continue;
        }
        let mut result = Ok(());
        answer(&mut engine, &line, &mut |v| {
            if result.is_ok() {
                result = writeln!(out, "{v}").and_then(|()| out.flush());
            }
        });
        result?;
    }
}

/// What `multipv` is when a query does not say.
pub(crate) const DEFAULT_MULTIPV: MultiPv = MultiPv::ONE;

#[cfg(test)]
mod tests;
