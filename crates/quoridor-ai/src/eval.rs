//! Static evaluation, built on shortest path lengths: each player's distance to goal, walls
//! in hand, and whose turn it is. Every weight lives in [`crate::params`].
//!
//! Scores are in centi-steps: 100 is worth one step of path length.

use quoridor_core::{Position, Seat};

use crate::params::EvalParams;

/// Value of holding `n` walls.
#[inline]
fn walls_value(p: &EvalParams, n: u8) -> i32 {
    p.walls_in_hand[usize::from(n).min(p.walls_in_hand.len() - 1)]
}

/// The two-player evaluation from the point of view of a player at distance `my_d` holding
/// `my_walls`, against an opponent at `opp_d` holding `opp_walls`: what [`evaluate_with`]
/// computes for two players, from the parts (the search evaluates leaves without playing
/// the move that leads to them).
#[inline]
pub(crate) fn evaluate_two(
    p: &EvalParams,
    (my_d, my_walls): (u8, u8),
    (opp_d, opp_walls): (u8, u8),
    my_turn: bool,
) -> i32 {
    let tempo = if my_turn { p.tempo } else { -p.tempo };
    p.step * (i32::from(opp_d) - i32::from(my_d)) + walls_pair(p, my_walls, opp_walls) + tempo
}

/// The two-player wall term for the side holding `mine` against `theirs`: the difference of
/// the values of the walls in hand, the walls of a side whose opponent has none worth
/// `unanswered_walls` percent.
#[inline]
fn walls_pair(p: &EvalParams, mine: u8, theirs: u8) -> i32 {
    let (m, t) = (walls_value(p, mine), walls_value(p, theirs));
    if theirs == 0 {
        m * p.unanswered_walls / 100
    } else if mine == 0 {
        -t * p.unanswered_walls / 100
    } else {
        m - t
    }
}

/// The evaluation of `pos` from the point of view of `me` (which must be in the game), with
/// the default weights.
///
/// Two players: the difference of shortest distances, the value of walls in hand (more for
/// walls the opponent cannot answer, having none), and a bonus for the side to move;
/// `evaluate(pos, a) == -evaluate(pos, b)`.
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
    let (step, tempo_bonus, leader) = (p.step, p.tempo, p.leader_weight);
    let my_d = i32::from(pos.distance(me).unwrap_or(u8::MAX));
    let tempo = if pos.turn() == me { tempo_bonus } else { -tempo_bonus };
    let mine = walls_value(p, pos.walls_in_hand(me));
    let mut n = 0;
    let mut sum_d = 0;
    let mut min_d = i32::MAX;
    let mut sum_w = 0;
    let mut their_walls = 0;
    for s in pos.active_seats() {
        if s == me {
            continue;
        }
        let d = i32::from(pos.distance(s).unwrap_or(u8::MAX));
        n += 1;
        sum_d += d;
        min_d = min_d.min(d);
        their_walls = pos.walls_in_hand(s);
        sum_w += walls_value(p, their_walls);
    }
    if n == 0 {
        return step * 50;
    }
    if n == 1 {
        return step * (sum_d - my_d) + walls_pair(p, pos.walls_in_hand(me), their_walls) + tempo;
    }
    // Blend in hundredths of a step so the mean keeps its fractions.
    let opp = leader * min_d * step + (100 - leader) * sum_d * step / n;
    opp / 100 - step * my_d + mine - sum_w / n + tempo
}
