//! Checks shared by the fuzz targets (`fuzz_targets/*.rs`) and by the workspace tests that
//! replay the committed corpora on the stable toolchain.
//!
//! Each `check` function takes the raw bytes of one input and panics when a property fails.
//! The rules-crate checks live in `checks_core.rs`, which the workspace test
//! `crates/quoridor-core/tests/fuzz_corpus.rs` includes by path, so it depends on nothing but
//! `quoridor_core` and `std`. The engine checks (`checks_engine.rs`, feature `engine`) also
//! use `quoridor-ai` and `quoridor-cli`.

#![forbid(unsafe_code)]

pub mod checks_core;
#[cfg(feature = "engine")]
pub mod checks_engine;
