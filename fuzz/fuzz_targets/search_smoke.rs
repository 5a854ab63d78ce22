//! Fuzz target `search_smoke`: see `quoridor_fuzz::checks_engine::search_smoke` for what it checks.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    quoridor_fuzz::checks_engine::search_smoke(data);
});
