//! The network's weights (see `crate::net`), written by `quoridor fit --net` (see
//! `docs/ai.md`): do not edit by hand. No trained network has paid its way in a match yet,
//! so it is off. The sizes are the network's (`crate::net::INPUTS` times
//! `crate::net::HIDDEN`, and `HIDDEN`): a file of another shape does not build.

/// Whether a trained network is built in.
pub const ENABLED: bool = false;
/// First layer, input by input, in 1/256.
pub static W1: [i16; 5008] = [0; 5008];
/// First layer's biases, in 1/256.
pub const B1: [i16; 16] = [0; 16];
/// Output weights, in centi-steps for a unit fully on.
pub const W2: [i32; 16] = [0; 16];
