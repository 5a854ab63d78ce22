//! The two-player evaluation's weights (see `crate::eval::features_two`), written by
//! `quoridor fit` (see `docs/ai.md`): do not edit by hand.
//!
//! 103963 positions; cross-entropy on results 0.47074 before, 0.45146 after;
//! lambda 0.5, l2 0.0001.

/// One weight per feature, in 1/256 centi-steps.
#[rustfmt::skip]
pub const TWO_PLAYER: [i32; 20] = [
    34760, // path
    -923, // path*walls
    -71309, // walls=1
    -25444, // walls=2
    6125, // walls=3
    26559, // walls=4
    44327, // walls=5
    59576, // walls=6
    65666, // walls=7
    58207, // walls=8
    67511, // walls=9
    77802, // walls=10
    779, // walls*dist
    10409, // tempo
    1411, // tempo-no-walls
    28228, // unanswered
    -16860, // lead-unanswered
    27939, // race-won-unanswered
    0, // race-won-no-walls
    -423, // path-squared
];
