//! Static evaluation, built on shortest path lengths: each player's distance to goal, walls
//! in hand, and whose turn it is. Every weight lives in [`crate::params`].
//!
//! Scores are in centi-steps: 100 is worth one step of path length.

use quoridor_core::{Position, Seat};

use crate::params::EvalParams;

/// Value of holding `n` walls (three and four players).
#[inline]
fn walls_value(p: &EvalParams, n: u8) -> i32 {
    p.walls_in_hand[usize::from(n).min(p.walls_in_hand.len() - 1)]
}

/// Number of features of the two-player evaluation (see [`features_two`]).
pub const FEATURES: usize = 20;

/// The features' names, in order (for the fitting tool and its reports).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "path",
    "path*walls",
    "walls=1",
    "walls=2",
    "walls=3",
    "walls=4",
    "walls=5",
    "walls=6",
    "walls=7",
    "walls=8",
    "walls=9",
    "walls=10",
    "walls*dist",
    "tempo",
    "tempo-no-walls",
    "unanswered",
    "lead-unanswered",
    "race-won-unanswered",
    "race-won-no-walls",
    "path-squared",
];

/// Weights of the features are fixed-point numbers: this many units make a centi-step.
pub const WEIGHT_UNIT: i32 = 256;

/// The features of a two-player position seen by a player at distance `my_d` holding
/// `my_walls`, against an opponent at `opp_d` holding `opp_walls`, `my_turn` when that
/// player is to move. Every feature changes sign when the two players swap places (the
/// turn included), so an evaluation that weighs them is antisymmetric: what one player
/// gains, the other loses.
///
/// | feature | value (me: distance a, walls x; opponent: b, y; turn t = +1 if mine, else -1) |
/// |---|---|
/// | path | b - a |
/// | path*walls | (b - a)(x + y) |
/// | walls=k (k = 1..10) | [x = k] - [y = k] (10 and more count as 10) |
/// | walls*dist | (x - y)(a + b) |
/// | tempo | t |
/// | tempo-no-walls | t, when either side has no wall left |
/// | unanswered | x if y = 0, minus y if x = 0 |
/// | lead-unanswered | the race lead L (clamped to ±4) of the only side with walls, signed |
/// | race-won-unanswered | ±1 when the only side with walls also wins the race without them |
/// | race-won-no-walls | ±1 for the side that wins the race when neither has walls |
/// | path-squared | (b - a)·min(abs(b - a), 8) |
///
/// The race lead of a player is its opponent's distance minus its own, plus one when it is
/// to move: at 1 or more it wins a race in which nobody places walls (pawns aside).
#[must_use]
pub fn features_two((a, x): (u8, u8), (b, y): (u8, u8), my_turn: bool) -> [i32; FEATURES] {
    let (a, b) = (i32::from(a), i32::from(b));
    let (xw, yw) = (i32::from(x.min(10)), i32::from(y.min(10)));
    let t = if my_turn { 1 } else { -1 };
    let path = b - a;
    let lead_me = path + i32::from(my_turn);
    let lead_opp = -path + i32::from(!my_turn);
    let only_me = yw == 0 && xw > 0;
    let only_opp = xw == 0 && yw > 0;
    let mut f = [0; FEATURES];
    f[0] = path;
    f[1] = path * (xw + yw);
    for k in 1..=10 {
        f[1 + k as usize] = i32::from(xw == k) - i32::from(yw == k);
    }
    f[12] = (xw - yw) * (a + b);
    f[13] = t;
    f[14] = if xw == 0 || yw == 0 { t } else { 0 };
    f[15] = if yw == 0 { xw } else { 0 } - if xw == 0 { yw } else { 0 };
    f[16] = if only_me { lead_me.clamp(-4, 4) } else { 0 }
        - if only_opp { lead_opp.clamp(-4, 4) } else { 0 };
    f[17] = i32::from(only_me && lead_me >= 1) - i32::from(only_opp && lead_opp >= 1);
    f[18] = if xw == 0 && yw == 0 { i32::from(lead_me >= 1) - i32::from(lead_opp >= 1) } else { 0 };
    f[19] = path * path.abs().min(8);
    f
}

/// The features of a two-player `pos` from `me`'s view ([`features_two`]); `None` unless
/// exactly two players are in the game, `me` among them, both with a path to their goal.
#[must_use]
pub fn features(pos: &Position, me: Seat) -> Option<[i32; FEATURES]> {
    if pos.active_seats().count() != 2 || !pos.is_active(me) {
        return None;
    }
    let opp = pos.active_seats().find(|&s| s != me)?;
    Some(features_two(
        (pos.distance(me)?, pos.walls_in_hand(me)),
        (pos.distance(opp)?, pos.walls_in_hand(opp)),
        pos.turn() == me,
    ))
}

/// The two-player evaluation from the point of view of a player at distance `my_d` holding
/// `my_walls`, against an opponent at `opp_d` holding `opp_walls`: what [`evaluate_with`]
/// computes for two players, from the parts (the search evaluates leaves without playing
/// the move that leads to them).
#[inline]
pub(crate) fn evaluate_two(p: &EvalParams, mine: (u8, u8), theirs: (u8, u8), my_turn: bool) -> i32 {
    let f = features_two(mine, theirs, my_turn);
    let mut sum = 0i64;
    for (w, v) in p.two_player.iter().zip(f) {
        sum += i64::from(*w) * i64::from(v);
    }
    // Division truncates towards zero, so the sum's antisymmetry survives it.
    (sum / i64::from(WEIGHT_UNIT)) as i32
}

/// The evaluation of `pos` from the point of view of `me` (which must be in the game), with
/// the default weights.
///
/// Two players: a weighted sum of [`features_two`] (the difference of shortest distances,
/// walls in hand and how they weigh with the distances, the side to move, and the race when
/// one side or both have no wall left), with weights fitted on self-play games (see
/// `docs/ai.md`); `evaluate(pos, a) == -evaluate(pos, b)`.
///
/// Three and four players (paranoid view: every other player is `me`'s opponent): `me`'s
/// distance against a blend of the closest opponent's and the mean opponent distance,
/// `me`'s walls against the mean of the opponents'. King of the Hill needs nothing special:
/// distances already lead to the centre.
///
/// ```
/// use quoridor_ai::eval::evaluate;
/// use quoridor_core::{Position, Seat};
/// let pos = Position::default();
/// assert!(evaluate(&pos, Seat::South) > 0); // South is to move
/// assert_eq!(evaluate(&pos, Seat::South), -evaluate(&pos, Seat::North));
/// ```
pub fn evaluate(pos: &Position, me: Seat) -> i32 {
    evaluate_with(&EvalParams::default(), pos, me)
}

/// [`evaluate`] with the given weights.
#[inline]
pub fn evaluate_with(p: &EvalParams, pos: &Position, me: Seat) -> i32 {
    evaluate_without_net(p, pos, me) + crate::net::correction(pos, me)
}

/// [`evaluate_with`] without the network's correction (the search adds the correction from
/// the sums it keeps up to date).
#[inline]
pub(crate) fn evaluate_without_net(p: &EvalParams, pos: &Position, me: Seat) -> i32 {
    let (step, tempo_bonus, leader) = (p.step, p.tempo, p.leader_weight);
    let my_d = i32::from(pos.distance(me).unwrap_or(u8::MAX));
    let tempo = if pos.turn() == me { tempo_bonus } else { -tempo_bonus };
    let mine = walls_value(p, pos.walls_in_hand(me));
    let mut n = 0;
    let mut sum_d = 0;
    let mut min_d = i32::MAX;
    let mut sum_w = 0;
    let mut their_walls = 0;
    let mut their_d = 0;
    for s in pos.active_seats() {
        if s == me {
            continue;
        }
        let d = i32::from(pos.distance(s).unwrap_or(u8::MAX));
        n += 1;
        sum_d += d;
        min_d = min_d.min(d);
        their_walls = pos.walls_in_hand(s);
        their_d = pos.distance(s).unwrap_or(u8::MAX);
        sum_w += walls_value(p, their_walls);
    }
    if n == 0 {
        return step * 50;
    }
    if n == 1 {
        let mine = (pos.distance(me).unwrap_or(u8::MAX), pos.walls_in_hand(me));
        return evaluate_two(p, mine, (their_d, their_walls), pos.turn() == me);
    }
    // Blend in hundredths of a step so the mean keeps its fractions.
    let opp = leader * min_d * step + (100 - leader) * sum_d * step / n;
    opp / 100 - step * my_d + mine - sum_w / n + tempo
}
