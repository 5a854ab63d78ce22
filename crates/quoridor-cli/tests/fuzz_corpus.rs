//! Replays the committed corpora of the engine fuzz targets (`engine_session`,
//! `search_smoke`) through the same checks the fuzzers run, so that a stable
//! `cargo test --workspace` covers them without building libFuzzer. The checks are the fuzz
//! crate's own source files, included by path (the rules-crate corpora are replayed by
//! `crates/quoridor-core/tests/fuzz_corpus.rs`).

// Only part of the rules checks is used here, and of what they use: the slow reference and
// the position check of `quoridor-core`'s tests.
#[allow(dead_code)]
#[path = "../../../fuzz/src/checks_core.rs"]
mod checks_core;
#[path = "../../../fuzz/src/checks_engine.rs"]
mod checks_engine;
#[allow(dead_code)]
#[path = "../../quoridor-core/tests/common/invariants.rs"]
mod invariants;
#[allow(dead_code)]
#[path = "../../quoridor-core/tests/common/reference.rs"]
mod reference;

use std::fs;
use std::path::PathBuf;

fn replay(target: &str, check: fn(&[u8])) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus").join(target);
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("corpus entry").path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no corpus files in {}", dir.display());
    for path in files {
        let data = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let result = std::panic::catch_unwind(|| check(&data));
        assert!(result.is_ok(), "corpus file {} fails the {target} checks", path.display());
    }
}

#[test]
fn engine_session_corpus() {
    replay("engine_session", checks_engine::engine_session);
}

#[test]
fn search_smoke_corpus() {
    replay("search_smoke", checks_engine::search_smoke);
}
