//! Replays every committed fuzz corpus file of the rules-crate targets through the same
//! checks the fuzzers run, so that a stable `cargo test --workspace` covers what the fuzzers
//! found without building libFuzzer. The checks are the fuzz crate's own source file; the
//! reference and the position check it calls are this crate's `tests/common`.

mod common;

#[path = "../../../fuzz/src/checks_core.rs"]
mod checks;

// What `checks_core.rs` finds at the root of every crate that compiles it.
use common::{invariants, reference};

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

/// Hardening: the largest board with the most walls allowed, played until every wall is down
/// or the game ends, keeps every invariant (no counter or index overflows).
#[test]
fn largest_board_with_127_walls_each_keeps_its_invariants() {
    use quoridor_core::{Config, Move, Players, Position, Variant};
    for variant in [Variant::Classic, Variant::KingOfTheHill] {
        let config = Config::default()
            .with_size(quoridor_core::BoardSize::MAX)
            .with_players(Players::Four)
            .with_variant(variant)
            .with_walls(Some(127));
        let mut pos = Position::start(&config).expect("11x11 with 127 walls is a legal game");
        let mut plies = 0;
        while !pos.is_game_over() && plies < 400 {
            let moves = pos.legal_moves();
            // Walls first, spread over the board, so that the board fills up.
            let walls: Vec<Move> =
                moves.iter().copied().filter(|m| matches!(m, Move::Wall(_))).collect();
            let m = if walls.is_empty() {
                moves[plies % moves.len()]
            } else {
                walls[plies * 7 % walls.len()]
            };
            pos.play(m).expect("a listed move is legal");
            plies += 1;
            if plies % 25 == 0 {
                invariants::check_position(&pos);
            }
        }
        invariants::check_position(&pos);
        assert!(pos.walls().len() > 40, "{pos}");
    }
}

/// Hardening: the ply counter saturates instead of wrapping, with and without a ply limit.
#[test]
fn ply_counter_saturates() {
    use quoridor_core::{Move, Position};
    let mut pos: Position = "11 S:f1:127,N:f11:127 - S 4294967295".parse().expect("legal");
    for m in ["f2", "f10", "a1h"] {
        pos.play(m.parse::<Move>().expect("move")).expect("legal");
        assert_eq!(pos.ply(), u32::MAX);
        invariants::check_position(&pos);
    }
    let mut pos: Position = "9 S:e1:10,N:e9:10 - S 4294967294/4294967295".parse().expect("legal");
    pos.play("e2".parse().expect("move")).expect("legal");
    assert_eq!(pos.ply(), u32::MAX);
    assert!(pos.is_game_over());
    invariants::check_position(&pos);
}
