//! `quoridor solve` through the real binary: the small starts, a position, JSON, and bad
//! input (exit code 2, one line, no panic).

use assert_cmd::Command;
use predicates::prelude::*;

fn quoridor() -> Command {
    let mut cmd = Command::cargo_bin("quoridor").expect("binary built");
    cmd.env("NO_COLOR", "1");
    cmd
}

#[test]
fn solve_gives_the_value_of_the_5x5_start_with_one_wall() {
    quoridor()
        .args(["solve", "--size", "5", "--walls", "1", "--quiet"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("South loses in 12 plies, best move "))
        .stdout(predicate::str::contains("layers"));
}

#[test]
fn solve_takes_moves_and_positions_and_prints_json() {
    let out = quoridor()
        .args(["solve", "--size", "5", "--walls", "1", "--moves", "c2", "--json", "-q"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["turn"], "N");
    assert_eq!(v["result"], "win");
    assert!(v["plies"].as_u64().is_some_and(|p| p % 2 == 1));
    assert!(v["best"].is_string());

    quoridor()
        .args(["solve", "--position", "5 S:c1:1,N:c5:1 c3h,d4h,d1v,b3v S 4", "-q"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("draw"));
}

#[test]
fn solve_refuses_bad_input_with_exit_code_2() {
    for (args, message) in [
        (&["solve", "--size", "9"][..], "boards up to 7x7"),
        (&["solve", "--size", "5", "--players", "4"][..], "two-player"),
        (&["solve", "--position", "nonsense"][..], "bad --position"),
        (&["solve", "--size", "5", "--walls", "3", "--memory", "1"][..], "more than the limit"),
        (&["solve", "--size", "5", "--walls", "1", "--moves", "c3"][..], "illegal"),
        (&["solve", "--size", "5", "--ply-limit", "50"][..], "ply limit"),
    ] {
        quoridor()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message))
            .stderr(predicate::str::contains("panicked").not());
    }
}
