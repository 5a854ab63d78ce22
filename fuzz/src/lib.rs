//! Checks shared by the fuzz targets (`fuzz_targets/*.rs`) and by the workspace tests that
//! replay the committed corpora on the stable toolchain.
//!
//! Each `check` function takes the raw bytes of one input and panics when a property fails.
//! The rules-crate checks live in `checks_core.rs`, which the workspace test
//! `crates/quoridor-core/tests/fuzz_corpus.rs` includes by path, so it depends on nothing but
//! `quoridor_core`, `std` and the two modules below. The engine checks (`checks_engine.rs`,
//! feature `engine`) also use `quoridor-ai` and `quoridor-cli`.
//!
//! The slow reference rules model and the check of every invariant of a position against it
//! are not the fuzz crate's own: they are the files the integration tests of `quoridor-core`
//! use, included here by path, so that the fuzzers and the tests compare the engine with one
//! and the same reference.

#![forbid(unsafe_code)]

#[path = "../../crates/quoridor-core/tests/common/reference.rs"]
pub mod reference;

#[path = "../../crates/quoridor-core/tests/common/invariants.rs"]
pub mod invariants;

pub mod checks_core;
#[cfg(feature = "engine")]
pub mod checks_engine;
