//! The reader on hand-made files: a one-layer 5x5 table (no walls, none in hand) whose
//! bytes are a known pattern, and damaged copies of it. quoridor-solve's tests check the
//! reader against real solves.

use super::*;
use crate::rng::SplitMix64;

/// A 5x5 table of the wall-less race layer whose state `x` holds `pattern(x)`.
fn one_layer(pattern: impl Fn(usize) -> u8) -> Vec<u8> {
    let mut b = Vec::new();
    b.extend_from_slice(MAGIC);
    b.extend_from_slice(&VERSION.to_le_bytes());
    b.extend_from_slice(&[5, 0, 0, 0]);
    b.extend_from_slice(&0u128.to_le_bytes());
    b.extend_from_slice(&0u32.to_le_bytes());
    b.extend_from_slice(&1u32.to_le_bytes());
    b.extend_from_slice(&0u32.to_le_bytes());
    b.extend_from_slice(&1u32.to_le_bytes());
    b.extend_from_slice(&1u64.to_le_bytes());
    b.extend_from_slice(&0u128.to_le_bytes());
    b.extend((0..1250).map(pattern));
    let sum = fnv1a(FNV_START, &b);
    b.extend_from_slice(&sum.to_le_bytes());
    b
}

fn reason(bytes: Vec<u8>) -> String {
    match Tablebase::from_bytes(bytes) {
        Err(TablebaseError::Invalid { reason, .. }) => reason,
        other => panic!("expected an invalid file, got {other:?}"),
    }
}

#[test]
fn a_hand_made_table_reads_back_at_the_documented_state_index() {
    let table = Tablebase::from_bytes(one_layer(|x| (x % 251) as u8)).expect("valid");
    assert_eq!(table.levels(), 0..=0);
    assert_eq!(table.states(), 1250);
    // North to move (side 1), South on b2 (cell 6), North on d4 (cell 18).
    let pos: Position = "5 S:b2:0,N:d4:0 - N 3".parse().unwrap();
    let x = (25 + 6) * 25 + 18;
    assert_eq!(table.probe(&pos), Some(Value::from_byte((x % 251) as u8)));
    // Walls in hand, another board or a wall on the board: not in this table.
    for other in ["5 S:b2:1,N:d4:0 - N 3", "7 S:b2:0,N:d4:0 - N 3", "5 S:b2:0,N:d4:0 a1h N 3"] {
        assert_eq!(table.probe(&other.parse().unwrap()), None, "{other}");
    }
}

#[test]
fn damaged_files_are_refused_with_the_reason() {
    let good = one_layer(|x| (x % 7) as u8);
    assert!(reason(good[..good.len() - 1].to_vec()).contains("truncated"));
    assert!(reason(good[..20].to_vec()).contains("truncated"));
    assert!(reason(good[..3].to_vec()).contains("truncated"));
    let mut longer = good.clone();
    longer.push(0);
    assert!(reason(longer).contains("trailing"));
    let mut flipped = good.clone();
    flipped[100] ^= 4;
    assert!(reason(flipped).contains("checksum"));
    let mut version = good.clone();
    version[8] = 2;
    assert!(reason(version).contains("version 2"));
    let mut checkpoint = good.clone();
    checkpoint[..8].copy_from_slice(b"QSOLVCK1");
    assert!(reason(checkpoint).contains("checkpoint"));
    assert!(reason(b"hello world, this is no table at all......".to_vec()).contains("magic"));
    assert!(reason(Vec::new()).contains("not a tablebase"));
    let mut side = good;
    side[12] = 9;
    assert!(reason(side).contains("board side 9"));
}

#[test]
fn bit_flips_in_every_byte_and_every_truncation_are_refused() {
    let good = one_layer(|x| (x % 5) as u8);
    for i in 0..good.len() {
        for bit in [0, 3, 7] {
            let mut b = good.clone();
            b[i] ^= 1 << bit;
            assert!(Tablebase::from_bytes(b).is_err(), "bit {bit} of byte {i}");
        }
        assert!(Tablebase::from_bytes(good[..i].to_vec()).is_err(), "truncated to {i}");
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = SplitMix64::new(19);
    let good = one_layer(|x| (x % 3) as u8);
    for round in 0..3000 {
        let bytes: Vec<u8> = if round % 2 == 0 {
            let len = rng.below(200);
            (0..len).map(|_| rng.next_u64() as u8).collect()
        } else {
            // A valid header followed by garbage, or a file with random bytes overwritten.
            let mut b = good.clone();
            for _ in 0..1 + rng.below(8) {
                let i = rng.below(b.len());
                b[i] = rng.next_u64() as u8;
            }
            b.truncate(rng.below(b.len() + 1).max(HEADER_MIN));
            b
        };
        let _ = Tablebase::from_bytes(bytes);
    }
}

const HEADER_MIN: usize = 8;
