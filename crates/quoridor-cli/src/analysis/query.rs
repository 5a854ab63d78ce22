//! Reading one query of the analysis protocol: every field checked, an error naming the
//! field and the rule.

use std::fmt;
use std::time::Duration;

use quoridor_ai::{Limits, MultiPv};
use quoridor_core::{Move, Position};
use serde_json::{Map, Value, json};

use crate::options::{DEPTH_MAX, MOVETIME_MS_MAX};

/// The fields a query may have.
const FIELDS: [&str; 8] =
    ["id", "position", "moves", "turns", "depth", "movetime", "nodes", "multipv"];

/// The depth when a query gives no limit.
const DEFAULT_DEPTH: u32 = 8;

/// One query, read and checked.
#[derive(Debug, Clone)]
pub struct Query {
    /// Echoed in every answer.
    pub id: Option<Value>,
    /// The position before the moves.
    pub start: Position,
    /// The moves, each legal.
    pub moves: Vec<Move>,
    /// The turns to analyse, plies into the moves (0 to their count).
    pub turns: Vec<usize>,
    /// The search limits of each turn.
    pub limits: Limits,
    /// The candidate moves per turn.
    pub multipv: MultiPv,
}

/// Why a line is not a query: the field (none for a line that is no JSON object) and what
/// is wrong; the query's id when it could be read.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryError {
    /// The query's id, if read.
    pub id: Option<Value>,
    /// The field at fault.
    pub field: Option<String>,
    /// What is wrong, naming the bad token and the rule.
    pub message: String,
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.field {
            Some(field) => write!(f, "`{field}`: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl QueryError {
    /// The error object: `{"id": ..., "error": "...", "field": "moves"}`.
    #[must_use]
    pub fn to_json(&self) -> Value {
        let mut obj = json!({ "error": self.to_string(), "field": self.field });
        if let Some(id) = &self.id {
            obj["id"] = id.clone();
        }
        obj
    }
}

/// A whole number within `lo..=hi` from a field.
fn number(obj: &Map<String, Value>, field: &str, lo: u64, hi: u64) -> Result<Option<u64>, String> {
    match obj.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => match v.as_u64() {
            Some(n) if (lo..=hi).contains(&n) => Ok(Some(n)),
            _ => Err(format!("`{v}` is not a whole number from {lo} to {hi}")),
        },
    }
}

impl Query {
    /// Reads a query line.
    ///
    /// # Errors
    /// A line that is no JSON object, an unknown field, a field of the wrong type or out of
    /// range, a bad position, an illegal move (with its index and the rule), a turn past the
    /// moves.
    pub fn parse(line: &str) -> Result<Query, QueryError> {
        let err = |id: &Option<Value>, field: Option<&str>, message: String| QueryError {
            id: id.clone(),
            field: field.map(str::to_string),
            message,
        };
        let value: Value = serde_json::from_str(line.trim())
            .map_err(|e| err(&None, None, format!("the query is not JSON: {e}")))?;
        let Value::Object(obj) = value else {
            return Err(err(&None, None, "the query is not a JSON object".to_string()));
        };
        let id = obj.get("id").cloned();
        if let Some(k) = obj.keys().find(|k| !FIELDS.contains(&k.as_str())) {
            let known = FIELDS.join(", ");
            return Err(err(&id, Some(k), format!("unknown field (the fields are {known})")));
        }
        let start = match obj.get("position") {
            None | Some(Value::Null) => Position::default(),
            Some(Value::String(s)) => s
                .parse::<Position>()
                .map_err(|e| err(&id, Some("position"), format!("bad position `{s}`: {e}")))?,
            Some(v) => {
                return Err(err(&id, Some("position"), format!("`{v}` is not a position string")));
            }
        };
        let words: Vec<String> = match obj.get("moves") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::String(s)) => s.split_whitespace().map(str::to_string).collect(),
            Some(Value::Array(a)) => a
                .iter()
                .map(|m| m.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| err(&id, Some("moves"), "every move is a string".to_string()))?,
            Some(v) => {
                return Err(err(&id, Some("moves"), format!("`{v}` is not a list of moves")));
            }
        };
        let mut pos = start;
        let mut moves = Vec::with_capacity(words.len());
        for (i, w) in words.iter().enumerate() {
            let m: Move =
                w.parse().map_err(|e| err(&id, Some("moves"), format!("move {}: {e}", i + 1)))?;
            let seat = pos.turn();
            pos.play(m).map_err(|e| {
                err(&id, Some("moves"), format!("move {} `{w}` ({seat}) is illegal: {e}", i + 1))
            })?;
            moves.push(m);
        }
        let turns = match obj.get("turns") {
            None | Some(Value::Null) => (0..=moves.len()).collect(),
            Some(Value::Array(a)) => a
                .iter()
                .map(|t| match t.as_u64() {
                    Some(n) if n as usize <= moves.len() => Ok(n as usize),
                    _ => Err(err(
                        &id,
                        Some("turns"),
                        format!(
                            "`{t}` is not a turn: a ply from 0 to {} (the moves given)",
                            moves.len()
                        ),
                    )),
                })
                .collect::<Result<Vec<_>, _>>()?,
            Some(v) => {
                return Err(err(&id, Some("turns"), format!("`{v}` is not a list of turns")));
            }
        };
        let depth = number(&obj, "depth", 1, u64::from(DEPTH_MAX))
            .map_err(|e| err(&id, Some("depth"), e))?;
        let movetime = number(&obj, "movetime", 1, MOVETIME_MS_MAX)
            .map_err(|e| err(&id, Some("movetime"), e))?;
        let nodes = number(&obj, "nodes", 1, u64::MAX).map_err(|e| err(&id, Some("nodes"), e))?;
        let mut limits = Limits::default();
        limits.depth = depth.map(|d| d as u32);
        limits.movetime = movetime.map(Duration::from_millis);
        limits.nodes = nodes;
        if depth.is_none() && movetime.is_none() && nodes.is_none() {
            limits.depth = Some(DEFAULT_DEPTH);
        }
        let multipv = match obj.get("multipv") {
            None | Some(Value::Null) => super::DEFAULT_MULTIPV,
            Some(v) => {
                let text = match v {
                    Value::Number(n) => n.to_string(),
                    other => other.to_string(),
                };
                text.parse::<MultiPv>().map_err(|e| err(&id, Some("multipv"), e.to_string()))?
            }
        };
        Ok(Query { id, start, moves, turns, limits, multipv })
    }
}
