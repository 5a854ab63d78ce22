//! Zobrist keys, generated at compile time.

use crate::square::STRIDE;

const CELLS: usize = (STRIDE as usize) * (STRIDE as usize);

/// splitmix64, run at compile time. The workspace's generator for everything else is
/// `quoridor_ai::SplitMix64` (the same numbers), which this crate cannot depend on.
pub(crate) const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

pub(crate) struct Keys {
    pub pawn: [[u64; CELLS]; 4],
    pub wall: [[u64; CELLS]; 2],
    pub walls_left: [[u64; 128]; 4],
    pub turn: [u64; 4],
    pub left: [u64; 4],
}

const fn build() -> Keys {
    let mut state = 0x5155_4F52_4944_4F52; // "QUORIDOR"
    let mut keys = Keys {
        pawn: [[0; CELLS]; 4],
        wall: [[0; CELLS]; 2],
        walls_left: [[0; 128]; 4],
        turn: [0; 4],
        left: [0; 4],
    };
    let mut s = 0;
    while s < 4 {
        let mut i = 0;
        while i < CELLS {
            keys.pawn[s][i] = splitmix(&mut state);
            i += 1;
        }
        let mut i = 0;
        while i < 128 {
            keys.walls_left[s][i] = splitmix(&mut state);
            i += 1;
        }
        keys.turn[s] = splitmix(&mut state);
        keys.left[s] = splitmix(&mut state);
        s += 1;
    }
    let mut o = 0;
    while o < 2 {
        let mut i = 0;
        while i < CELLS {
            keys.wall[o][i] = splitmix(&mut state);
            i += 1;
        }
        o += 1;
    }
    keys
}

pub(crate) static KEYS: Keys = build();
