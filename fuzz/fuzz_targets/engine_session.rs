//! Fuzz target `engine_session`: see `quoridor_fuzz::checks_engine::engine_session` for what it checks.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    quoridor_fuzz::checks_engine::engine_session(data);
});
