//! The winning chances' tables (see `crate::chance`), written by `quoridor fit --chance`
//! (see `docs/ai.md`): do not edit by hand.
//!
//! Two players: 124235 positions of 2100 games.

/// Two players: (score in centi-steps, chance of the side to move in 1/10000), by score.
#[rustfmt::skip]
pub const TWO_PLAYER_TABLE: [(i32, u16); 49] = [
    (-3000, 0),
    (-2500, 0),
    (-2000, 0),
    (-1500, 0),
    (-1250, 0),
    (-1000, 0),
    (-900, 42),
    (-800, 42),
    (-700, 109),
    (-600, 209),
    (-500, 378),
    (-450, 576),
    (-400, 772),
    (-350, 1032),
    (-300, 2000),
    (-250, 2805),
    (-200, 3657),
    (-175, 3657),
    (-150, 3657),
    (-125, 3657),
    (-100, 3744),
    (-75, 4047),
    (-50, 4047),
    (-25, 4835),
    (0, 4835),
    (25, 4835),
    (50, 5529),
    (75, 6228),
    (100, 6228),
    (125, 6307),
    (150, 6307),
    (175, 6307),
    (200, 6307),
    (250, 6675),
    (300, 8243),
    (350, 8771),
    (400, 9232),
    (450, 9503),
    (500, 9565),
    (600, 9721),
    (700, 9887),
    (800, 9957),
    (900, 9978),
    (1000, 10000),
    (1250, 10000),
    (1500, 10000),
    (2000, 10000),
    (2500, 10000),
    (3000, 10000),
];

/// Three players, four players, King of the Hill (`crate::eval::MultiGame::ALL`'s order):
/// the side to move's chance by its search score, as [`TWO_PLAYER_TABLE`]; empty when not
/// fitted (the evaluation's own logit then).
#[rustfmt::skip]
pub const MULTI_TABLES: [&[(i32, u16)]; 3] = [
    &[],
    &[],
    &[],
];

/// The same kinds: every seat's chance by its share of the evaluation's model (both in
/// 1/10000), by share; empty when not fitted (the model's shares then).
#[rustfmt::skip]
pub const SEAT_TABLES: [&[(i32, u16)]; 3] = [
    &[],
    &[],
    &[],
];
