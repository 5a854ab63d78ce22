//! Fuzz target `parse_game_record`: see `quoridor_fuzz::checks_core::parse_game_record` for what it checks.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    quoridor_fuzz::checks_core::parse_game_record(data);
});
