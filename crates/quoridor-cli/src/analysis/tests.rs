//! Tests of the analysis protocol: a game query, multipv, malformed queries, an illegal
//! move, and the session going on after each.

use quoridor_ai::{Engine, EngineOptions};
use serde_json::Value;

use super::answer;

fn answers(engine: &mut Engine, line: &str) -> Vec<Value> {
    let mut out = Vec::new();
    answer(engine, line, &mut |v| out.push(v));
    out
}

fn engine() -> Engine {
    Engine::new(EngineOptions::default().with_hash_mb(8))
}

#[test]
fn a_game_query_answers_every_turn_asked_in_order() {
    let mut e = engine();
    let a = answers(
        &mut e,
        r#"{"id": "g", "moves": ["e2", "e8", "e3"], "turns": [0, 3, 1], "depth": 3}"#,
    );
    assert_eq!(a.len(), 3);
    let turns: Vec<u64> = a.iter().map(|v| v["turn"].as_u64().unwrap()).collect();
    assert_eq!(turns, [0, 3, 1]);
    for v in &a {
        assert_eq!(v["id"], "g");
        assert_eq!(v["depth"], 3);
        assert_eq!(v["status"], "playing");
        assert_eq!(v["candidates"].as_array().unwrap().len(), 1);
        let p = v["chance"].as_f64().unwrap();
        assert!(p > 0.0 && p < 1.0, "{v}");
    }
    assert_eq!(a[0]["position"], "9 S:e1:10,N:e9:10 - S 0");
    assert_eq!(a[1]["to_move"], "N");
    // Without turns: every position, the start and after each move.
    assert_eq!(answers(&mut e, r#"{"moves": "e2 e8", "depth": 2}"#).len(), 3);
    // A finished game's last turn has no candidates.
    let over =
        answers(&mut e, r#"{"position": "5 S:c4:0,N:a2:0 - S 20", "moves": ["c5"], "turns": [1]}"#);
    assert_eq!((over[0]["status"].as_str(), over[0]["winner"].as_str()), (Some("won"), Some("S")));
}

#[test]
fn multipv_gives_ordered_candidates_the_first_the_single_best() {
    let mut e = engine();
    let one = answers(
        &mut e,
        r#"{"position": "9 S:e4:8,N:e6:9 e3h,d4v,f6v N 6", "turns": [0], "depth": 4}"#,
    );
    let mut e = engine();
    let three = answers(
        &mut e,
        r#"{"position": "9 S:e4:8,N:e6:9 e3h,d4v,f6v N 6", "depth": 4, "multipv": 3}"#,
    );
    let c = three[0]["candidates"].as_array().unwrap();
    assert_eq!(c.len(), 3);
    assert_eq!(c[0], one[0]["candidates"][0]);
    let evals: Vec<i64> = c.iter().map(|l| l["score"]["eval"].as_i64().unwrap()).collect();
    assert!(evals.windows(2).all(|w| w[0] >= w[1]), "{evals:?}");
}

#[test]
fn malformed_queries_get_an_error_naming_the_field_and_the_session_goes_on() {
    let mut e = engine();
    for (line, field, text) in [
        ("not json", None, "the query is not JSON"),
        ("[1, 2]", None, "not a JSON object"),
        (r#"{"id": 7, "depht": 3}"#, Some("depht"), "unknown field"),
        (r#"{"id": 7, "depth": 0}"#, Some("depth"), "`0` is not a whole number from 1 to 64"),
        (r#"{"depth": "six"}"#, Some("depth"), "is not a whole number"),
        (r#"{"multipv": 0}"#, Some("multipv"), "`0` is not a number of lines"),
        (r#"{"position": "9 S:e1"}"#, Some("position"), "bad position"),
        (r#"{"moves": 5}"#, Some("moves"), "is not a list of moves"),
        (
            r#"{"moves": ["e2"], "turns": [2]}"#,
            Some("turns"),
            "`2` is not a turn: a ply from 0 to 1",
        ),
        (r#"{"moves": ["e2", "zz"]}"#, Some("moves"), "move 2"),
    ] {
        let a = answers(&mut e, line);
        assert_eq!(a.len(), 1, "{line}");
        assert_eq!(a[0]["field"].as_str(), field, "{line}: {}", a[0]);
        assert!(a[0]["error"].as_str().unwrap().contains(text), "{line}: {}", a[0]);
        if line.contains("\"id\"") {
            assert_eq!(a[0]["id"], 7, "{line}");
        }
    }
    let after = answers(&mut e, r#"{"depth": 1}"#);
    assert_eq!(after[0]["status"], "playing", "the session goes on");
}

#[test]
fn an_illegal_move_in_a_query_names_it_and_the_rule() {
    let mut e = engine();
    let a = answers(&mut e, r#"{"id": "x", "moves": ["e2", "e8", "e3h", "e3v"]}"#);
    assert_eq!(a.len(), 1);
    assert_eq!(a[0]["id"], "x");
    assert_eq!(a[0]["field"], "moves");
    let msg = a[0]["error"].as_str().unwrap();
    assert!(msg.contains("move 4 `e3v` (North) is illegal"), "{msg}");
    assert!(msg.contains("e3h"), "the rule names the wall it crosses: {msg}");
}
