//! The network's weights (see `crate::net`), written by `quoridor fit --net` (see
//! `docs/ai.md`): do not edit by hand. No trained network has paid its way in a match yet,
//! so it is off.

use crate::net::{HIDDEN, INPUTS};

/// Whether a trained network is built in.
pub const ENABLED: bool = false;
/// First layer, input by input, in 1/256.
pub static W1: [i16; INPUTS * HIDDEN] = [0; INPUTS * HIDDEN];
/// First layer's biases, in 1/256.
pub const B1: [i16; HIDDEN] = [0; HIDDEN];
/// Output weights, in centi-steps for a unit fully on.
pub const W2: [i32; HIDDEN] = [0; HIDDEN];
