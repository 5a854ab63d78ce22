//! Fuzz target `parse_move`: see `quoridor_fuzz::checks_core::parse_move` for what it checks.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    quoridor_fuzz::checks_core::parse_move(data);
});
