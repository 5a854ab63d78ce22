//! Replays every committed fuzz corpus file of the rules-crate targets through the same
//! checks the fuzzers run, so that a stable `cargo test --workspace` covers what the fuzzers
//! found without building libFuzzer. The checks are the fuzz crate's own source file.

#[path = "../../../fuzz/src/checks_core.rs"]
mod checks;

use std::fs;
use std::path::PathBuf;

fn corpus(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus").join(target);
    let mut files: Vec<(PathBuf, Vec<u8>)> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.expect("corpus entry").path();
            let data = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path, data)
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no corpus files in {}", dir.display());
    files
}

fn replay(target: &str, check: fn(&[u8])) {
    for (path, data) in corpus(target) {
        let result = std::panic::catch_unwind(|| check(&data));
        assert!(result.is_ok(), "corpus file {} fails the {target} checks", path.display());
    }
}

#[test]
fn parse_move_corpus() {
    replay("parse_move", checks::parse_move);
}

#[test]
fn parse_position_corpus() {
    replay("parse_position", checks::parse_position);
}

#[test]
fn parse_game_record_corpus() {
    replay("parse_game_record", checks::parse_game_record);
}

#[test]
fn play_sequence_corpus() {
    replay("play_sequence", checks::play_sequence);
}

/// Found by `parse_move`: the row of a square was read with `u8::from_str`, which takes a
/// leading `+`, so `a+1` read as `a1` (and `e+3h` as the wall `e3h`).
#[test]
fn regression_square_row_with_plus_sign() {
    use quoridor_core::{Move, Square, Wall};
    assert!("a+1".parse::<Square>().is_err());
    assert!("e+3h".parse::<Wall>().is_err());
    assert!("e+2".parse::<Move>().is_err());
    assert!("a1".parse::<Square>().is_ok());
    checks::parse_move(b"a+1");
    checks::parse_move(b"e+3h");
}
