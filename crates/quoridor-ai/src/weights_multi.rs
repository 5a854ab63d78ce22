//! The three- and four-player evaluation's weights (see `crate::eval::features_multi`),
//! written by `quoridor-train --multi` (see `docs/ai.md`): do not edit by hand.
//!
//! King of the Hill: 800 games, 61551 positions; loss 0.77826 on the kept-aside games; l2 0.0001.
//! three players: 1792 games, 147697 positions; loss 0.86448 on the kept-aside games; l2 0.0001.
//! four players: 1800 games, 155283 positions; loss 1.14087 on the kept-aside games; l2 0.0001.
//! Data: 1 file(s), SHA-256 070281437b1263d050ef8b5d072c8b7feefb7c0d6cd64b7e413e0c6f94f4911b (of the files' SHA-256 digests, sorted).
//! Played by: quoridor-ai 0.2.0 commit 10bd66404424bb92c2ff8bf9e473ffa8a8de9333.
//! Self-play settings: nodes=1000 depth=- movetime=- opening-plies=4 opening-walls=25 hash=16 seed=2701.
//! Trained by quoridor-train (commit 10bd66404424bb92c2ff8bf9e473ffa8a8de9333) with: --multi, lambda 0, l2 0.0001, max-score 5000, keep-walls, fit-only vul,near-safe.

/// One table per `crate::eval::MultiGame`, one weight per feature, in thousandths of a logit.
#[rustfmt::skip]
pub const MULTI: [[i32; 12]; 3] = [
    // three players
    [-217, -57, 10, 38, 483, -24, -15, -16, 593, 217, 0, 0],
    // four players
    [-318, -72, 0, 0, 356, -20, 5, -34, 544, 102, 0, 0],
    // King of the Hill
    [-348, -84, 31, 0, 52, -4, 5, 30, 855, 69, -212, 1727],
];

/// Centi-steps per logit, per `crate::eval::MultiGame`.
pub const MULTI_SCALE: [i32; 3] = [351, 273, 216];
