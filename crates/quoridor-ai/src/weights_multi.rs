//! The three- and four-player evaluation's weights (see `crate::eval::features_multi`),
//! written by `quoridor fit --multi` (see `docs/ai.md`): do not edit by hand.
//!
//! three players: 1792 games, 147697 positions; loss 0.86448 on the kept-aside games; l2 0.0001.
//! four players: 1800 games, 155283 positions; loss 1.14087 on the kept-aside games; l2 0.0001.
//! King of the Hill: 1800 games, 126454 positions; loss 0.78938 on the kept-aside games; l2 0.0001.

/// One table per `crate::eval::MultiGame`, one weight per feature, in thousandths of a logit.
#[rustfmt::skip]
pub const MULTI: [[i32; 10]; 3] = [
    // three players
    [-217, -57, 10, 38, 483, -24, -15, -16, 593, 217],
    // four players
    [-318, -72, 0, 0, 356, -20, 5, -34, 544, 102],
    // King of the Hill
    [-348, -84, 31, 0, 52, -4, 5, 30, 855, 69],
];

/// Centi-steps per logit, per `crate::eval::MultiGame`.
pub const MULTI_SCALE: [i32; 3] = [351, 273, 210];
