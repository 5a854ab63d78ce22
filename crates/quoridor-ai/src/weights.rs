//! The two-player evaluation's weights (see `crate::eval::features_two`), written by
//! `quoridor fit` (see `docs/ai.md`). Hand-set from the previous evaluation: 1 step = 100,
//! the walls-in-hand table, tempo 20, unanswered walls about 150%.

/// One weight per feature, in 1/256 centi-steps.
pub const TWO_PLAYER: [i32; 20] = [
    25600,  // path
    0,      // path*walls
    43520,  // walls=1
    84480,  // walls=2
    122880, // walls=3
    158720, // walls=4
    192000, // walls=5
    222720, // walls=6
    250880, // walls=7
    276480, // walls=8
    299520, // walls=9
    320000, // walls=10
    0,      // walls*dist
    5120,   // tempo
    0,      // tempo-no-walls
    15360,  // unanswered
    0,      // lead-unanswered
    0,      // race-won-unanswered
    0,      // race-won-no-walls
    0,      // path-squared
];
