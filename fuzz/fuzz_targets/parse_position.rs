//! Fuzz target `parse_position`: see `quoridor_fuzz::checks_core::parse_position` for what it checks.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    quoridor_fuzz::checks_core::parse_position(data);
});
