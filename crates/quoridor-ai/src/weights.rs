//! The two-player evaluation's weights (see `crate::eval::features_two`), written by
//! `quoridor-train` (see `docs/ai.md`): do not edit by hand.
//!
//! 889456 positions; cross-entropy on results 0.51172 before, 0.50465 after;
//! lambda 0.75, l2 0.0001.
//! Data: 2 file(s), SHA-256 a559ad089e74125512a23585ee8ab03d09caca9ba401bb09e7f44c381c45b0c8 (of the files' SHA-256 digests, sorted).
//! Played by: quoridor-ai 0.2.0 commit 9d1b93087a176eb53334218bd78131c2ccde3767.
//! Self-play settings: nodes=20000 depth=- movetime=- opening-plies=4 opening-walls=25 hash=16 seed=931; nodes=20000 depth=- movetime=- opening-plies=4 opening-walls=25 hash=16 seed=932.
//! Trained by quoridor-train (commit 2faa1ed91019f98bb58a9f892fd14196a58246a9) with: linear, lambda 0.75, l2 0.0001, max-score 5000.

/// One weight per feature, in 1/256 centi-steps.
#[rustfmt::skip]
pub const TWO_PLAYER: [i32; 20] = [
    35386, // path
    -1007, // path*walls
    -68205, // walls=1
    -37574, // walls=2
    -6574, // walls=3
    12298, // walls=4
    24074, // walls=5
    28653, // walls=6
    30192, // walls=7
    27587, // walls=8
    22400, // walls=9
    24814, // walls=10
    1016, // walls*dist
    10659, // tempo
    3188, // tempo-no-walls
    28591, // unanswered
    -12494, // lead-unanswered
    45224, // race-won-unanswered
    0, // race-won-no-walls
    -366, // path-squared
];
