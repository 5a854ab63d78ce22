//! Perft figures from the data files `tests/data/*.perft`: the published ones for the classic
//! game and the project's own for the variants (checked against the reference model in
//! `tests/reference.rs`). Rows marked `slow` run with
//! `cargo test --release -p quoridor-core --test perft -- --ignored`.

mod common;

use quoridor_core::{perft, perft_divide};

/// Checks every row whose `slow` mark equals `slow`; returns how many it checked.
fn check_rows(slow: bool) -> usize {
    let mut checked = 0;
    let mut failures = Vec::new();
    for (file, cases) in common::perft_files() {
        for case in &cases {
            for &(depth, expected, row_slow) in &case.rows {
                if row_slow != slow {
                    continue;
                }
                let got = perft(&case.position, depth);
                if got != expected {
                    failures.push(format!(
                        "{file} {}: perft {depth} = {got}, expected {expected} ({})",
                        case.id, case.position
                    ));
                }
                checked += 1;
            }
        }
    }
    assert!(failures.is_empty(), "perft mismatches:\n{}", failures.join("\n"));
    checked
}

#[test]
fn perft_rows() {
    let checked = check_rows(false);
    // Both files are read: the classic figures and the variants' figures.
    assert!(checked >= 40, "only {checked} rows checked");
}

#[test]
#[ignore]
fn perft_rows_slow() {
    let checked = check_rows(true);
    assert!(checked >= 3, "only {checked} rows checked");
}

/// `perft_divide` splits the same total over the legal moves, in their order.
#[test]
fn perft_divide_sums_to_perft() {
    for (_, cases) in common::perft_files() {
        for case in cases.iter().take(4) {
            let pos = &case.position;
            let mut seen = Vec::new();
            let total = perft_divide(pos, 2, |m, n| {
                let mut next = *pos;
                next.play(m).expect("divide lists legal moves");
                assert_eq!(n, perft(&next, 1), "{} after {m}", case.id);
                seen.push(m);
            });
            assert_eq!(total, perft(pos, 2), "{}", case.id);
            assert_eq!(seen, pos.legal_moves().to_vec(), "{}", case.id);
        }
    }
}

/// perft counts 1 at depth 0 everywhere, and a finished game has no plies.
#[test]
fn perft_of_finished_games() {
    let pos = common::play_from_start(
        &common::config(5, 2, quoridor_core::Variant::Classic, None),
        "c2 c4 c3 b4 c4 b3 c5",
    );
    assert!(pos.is_game_over());
    assert_eq!((perft(&pos, 0), perft(&pos, 1), perft(&pos, 2)), (1, 0, 0));
    assert_eq!(perft_divide(&pos, 2, |_, _| panic!("no moves")), 0);
    assert_eq!(perft(&quoridor_core::Position::default(), 0), 1);
}
