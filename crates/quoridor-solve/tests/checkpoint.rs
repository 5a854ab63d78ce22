//! Checkpoints resume a solve with the same result, and refuse files of another solve or a
//! corrupt one; the memory limit stops a solve before it starts.

use std::path::PathBuf;

use quoridor_core::BoardSize;
use quoridor_solve::{SolveError, SolveOptions, Value, solve_start};

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("quoridor-solve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn run(walls: u8, options: &SolveOptions) -> Result<quoridor_solve::Solution, SolveError> {
    solve_start(BoardSize::MIN, walls, options, &mut |_| {})
}

#[test]
fn a_solve_resumes_from_its_checkpoints() {
    let dir = scratch_dir("resume");
    let options = SolveOptions::default().with_checkpoint(Some(dir.clone()));
    let first = run(2, &options).unwrap();
    assert_eq!(first.value, Value::Loss(18));
    assert_eq!(first.stats.resumed_from, None);
    // Only the last two levels are kept.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["level-000.qsc", "level-001.qsc"]);

    let again = run(2, &options).unwrap();
    assert_eq!(again.stats.resumed_from, Some(0));
    assert_eq!((again.value, again.best), (first.value, first.best));

    // Stopped after level 1: resumes there and solves level 0 again.
    std::fs::remove_file(dir.join("level-000.qsc")).unwrap();
    let resumed = run(2, &options).unwrap();
    assert_eq!(resumed.stats.resumed_from, Some(1));
    assert_eq!((resumed.value, resumed.best), (first.value, first.best));

    // Another solve's files are refused, not used.
    let err = run(1, &options).unwrap_err();
    assert!(err.to_string().contains("another solve"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_corrupt_checkpoint_is_refused() {
    let dir = scratch_dir("corrupt");
    let options = SolveOptions::default().with_checkpoint(Some(dir.clone()));
    run(1, &options).unwrap();
    let path = dir.join("level-000.qsc");
    let mut bytes = std::fs::read(&path).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let err = run(1, &options).unwrap_err();
    assert!(matches!(err, SolveError::Checkpoint { .. }), "{err}");
    assert!(err.to_string().contains("checksum"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_memory_limit_stops_a_solve_before_it_starts() {
    let err = run(2, &SolveOptions::default().with_memory_limit(Some(1 << 20))).unwrap_err();
    let SolveError::MemoryLimit { needed, limit } = err else { panic!("{err}") };
    assert!(needed > limit);
    let ok = run(2, &SolveOptions::default().with_memory_limit(Some(needed))).unwrap();
    assert_eq!(ok.stats.table_bytes, needed);
}
