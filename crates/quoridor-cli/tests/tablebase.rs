//! Tablebases through the real binary: `solve --tablebase` writes one, `analyse`, `play`
//! and `engine` read it; bad files end the command with exit code 2 and one line.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

fn quoridor() -> Command {
    let mut cmd = Command::cargo_bin("quoridor").expect("binary built");
    cmd.env("NO_COLOR", "1");
    cmd
}

/// A directory of this test's own, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("qtb-cli-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes the 5x5 one-wall table into `dir`.
fn one_wall_table(dir: &Path) -> PathBuf {
    let path = dir.join("5x5-w1.qtb");
    quoridor()
        .args(["solve", "--size", "5", "--walls", "1", "-q", "--tablebase"])
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("tablebase "))
        .stdout(predicate::str::contains(" bytes"));
    path
}

#[test]
fn analyse_reports_a_proven_value_from_the_table() {
    let dir = TempDir::new("analyse");
    let table = one_wall_table(&dir.0);
    quoridor()
        .args(["analyse", "--size", "5", "--walls", "1", "--depth", "2", "--tablebase"])
        .arg(&table)
        .assert()
        .success()
        .stdout(predicate::str::contains("loss in 12 (proven)"));
    // After c2, North (to move) wins: JSON, three lines from the table.
    let out = quoridor()
        .args(["analyse", "--size", "5", "--walls", "1", "--moves", "c2", "--depth", "1"])
        .args(["--json", "--multipv", "3", "--tablebase"])
        .arg(&table)
        .output()
        .expect("runs");
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let s = &v["search"];
    assert_eq!(s["proven"], true);
    assert_eq!(s["exact"]["result"], "win");
    let plies = s["exact"]["plies"].as_u64().expect("plies");
    assert_eq!(s["score"]["win"].as_u64(), Some(plies));
    assert_eq!(s["pv"].as_array().map(Vec::len), Some(plies as usize));
    assert_eq!(s["candidates"].as_array().map(Vec::len), Some(3));
    // The same position on 7x7 is not in the table: searched as usual, nothing proven.
    let out = quoridor()
        .args(["analyse", "--size", "7", "--walls", "1", "--depth", "2", "--json", "--tablebase"])
        .arg(&table)
        .output()
        .expect("runs");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["search"]["proven"], false);
    assert!(v["search"]["exact"].is_null());
}

#[test]
fn the_engine_protocol_and_play_take_tables() {
    let dir = TempDir::new("engine");
    let table = one_wall_table(&dir.0);
    quoridor()
        .args(["engine", "--depth", "1", "--tablebase"])
        .arg(&table)
        .write_stdin("boardsize 5\nwalls 1\nanalyse\ngenmove\nquit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("score loss 12"));
    quoridor()
        .args(["analysis", "--tablebase"])
        .arg(&table)
        .write_stdin("{\"position\": \"5 S:c1:1,N:c5:1 - S 0\", \"depth\": 1}\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("\"loss\":12"));
    quoridor()
        .args(["play", "--size", "5", "--walls", "1", "--first", "S", "--depth", "1"])
        .args(["--human", "none", "--tablebase"])
        .arg(&table)
        .write_stdin("")
        .assert()
        .success()
        .stdout(predicate::str::contains("North wins"));
}

#[test]
fn bad_tables_end_the_command_with_exit_code_2_and_one_line() {
    let dir = TempDir::new("bad");
    let table = one_wall_table(&dir.0);
    let good = std::fs::read(&table).expect("written");
    let truncated = dir.0.join("truncated.qtb");
    std::fs::write(&truncated, &good[..good.len() / 2]).expect("written");
    let flipped = dir.0.join("flipped.qtb");
    let mut b = good.clone();
    b[good.len() / 3] ^= 0x10;
    std::fs::write(&flipped, &b).expect("written");
    let text = dir.0.join("text.qtb");
    std::fs::write(&text, "hello").expect("written");
    let missing = dir.0.join("missing.qtb");
    for (file, reason) in [
        (&truncated, "truncated"),
        (&flipped, "checksum"),
        (&text, "not a tablebase"),
        (&missing, "missing.qtb"),
    ] {
        for command in
            [&["analyse", "--size", "5", "--depth", "1"][..], &["engine"][..], &["analysis"][..]]
        {
            let out = quoridor()
                .args(command)
                .arg("--tablebase")
                .arg(file)
                .write_stdin("quit\n")
                .output()
                .expect("runs");
            assert_eq!(out.status.code(), Some(2), "{command:?} {}", file.display());
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(err.contains(reason) && err.contains(&*file.display().to_string()), "{err}");
            assert!(!err.contains("panicked"));
            // The cause is said once, although the error also gives it as its source.
            let parts: Vec<&str> = err.trim_end().split(": ").collect();
            let mut unique = parts.clone();
            unique.dedup();
            assert_eq!(parts, unique, "a cause said twice: {err}");
        }
    }
    // A tablebase needs every level of one run: not with checkpoints.
    quoridor()
        .args(["solve", "--size", "5", "--walls", "1", "--checkpoint"])
        .arg(dir.0.join("ck"))
        .arg("--tablebase")
        .arg(dir.0.join("t.qtb"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}
