//! Benchmarks live in `benches/`.
//!
//! This unpublished package is also where the workspace README's examples run as doc tests:
//! they use several crates, and a published crate must not reach outside its package.

/// The workspace README's examples, compiled and run as doc tests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
