//! Fuzz target `play_sequence`: see `quoridor_fuzz::checks_core::play_sequence` for what it checks.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    quoridor_fuzz::checks_core::play_sequence(data);
});
