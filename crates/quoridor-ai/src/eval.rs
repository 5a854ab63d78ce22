//! Static evaluation, built on shortest path lengths: each player's distance to goal, walls
//! in hand, and whose turn it is. Every weight lives in [`crate::params`].
//!
//! Scores are in centi-steps: 100 is worth one step of path length.

use quoridor_core::{Position, Seat, Variant};

use crate::params::EvalParams;

pub use crate::params::{FEATURES, MULTI_FEATURES};

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
/// `docs/ai.md`); `evaluate(pos, a) == -evaluate(pos, b)`. With the walls' threats switched
/// on ([`EvalParams::with_threats`]; off as shipped), plus [`threat_term`].
///
/// Three and four players: `me`'s chance to win against its fair share, [`multi_logit`]
/// (a conditional logit of every player's [`features_multi`], fitted per [`MultiGame`]), in
/// centi-steps by the game's fitted scale. King of the Hill has weights of its own;
/// distances already lead to the centre.
///
/// ```
/// use quoridor_ai::eval::evaluate;
/// use quoridor_core::{Position, Seat, Variant};
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
    let n = pos.active_seats().count();
    if n < 2 || !pos.is_active(me) {
        return 0;
    }
    if n == 2 {
        let least = p.threat_least;
        return evaluate_two_with(p, pos, me, |s| pos.wall_threat_at_least(s, least).unwrap_or(0));
    }
    evaluate_multi(p, pos, me)
}

/// The two-player evaluation of `pos` (two players in the game, `me` among them) from
/// `me`'s view, with the walls' threats (when weighed) from `threat`: a seat's
/// [`Position::wall_threat_at_least`] from `p.threat_least` (the search keeps them in a
/// cache).
#[inline]
pub(crate) fn evaluate_two_with(
    p: &EvalParams,
    pos: &Position,
    me: Seat,
    threat: impl Fn(Seat) -> u8,
) -> i32 {
    let Some(opp) = pos.active_seats().find(|&s| s != me) else { return 0 };
    let mine = (pos.distance(me).unwrap_or(u8::MAX), pos.walls_in_hand(me));
    let theirs = (pos.distance(opp).unwrap_or(u8::MAX), pos.walls_in_hand(opp));
    let my_turn = pos.turn() == me;
    let mut v = evaluate_two(p, mine, theirs, my_turn);
    if p.weighs_threats(u32::from(mine.1) + u32::from(theirs.1)) {
        // A threat counts only while the other side holds a wall to carry it out.
        let my_threat = if theirs.1 > 0 { threat(me) } else { 0 };
        let their_threat = if mine.1 > 0 { threat(opp) } else { 0 };
        v = v.saturating_add(threat_term(p, my_threat, their_threat, my_turn));
    }
    v
}

/// The walls' threats' part of the two-player evaluation from the view of a player whose
/// path one wall could lengthen by at most `mine` steps, against an opponent's `theirs`
/// (each 0 when the other side has no wall to place), `my_turn` when that player is to
/// move: `w0·(theirs - mine) + w1·t·(mine + theirs)` with `t = ±1` by the turn and the
/// weights [`crate::params::THREATS`], in centi-steps, at most 2^20 either way whatever the
/// weights. It changes sign when the players swap places, as the rest of the evaluation
/// does.
///
/// ```
/// use quoridor_ai::eval::threat_term;
/// use quoridor_ai::params::EvalParams;
/// let p = EvalParams::default().with_threats(0);
/// assert!(threat_term(&p, 0, 2, true) > 0); // one wall would cost the opponent two steps
/// assert_eq!(threat_term(&p, 1, 3, true), -threat_term(&p, 3, 1, false));
/// ```
#[must_use]
#[inline]
pub fn threat_term(p: &EvalParams, mine: u8, theirs: u8, my_turn: bool) -> i32 {
    let (m, o) = (i64::from(mine), i64::from(theirs));
    let t = if my_turn { 1 } else { -1 };
    let sum = i64::from(p.threats[0]) * (o - m) + i64::from(p.threats[1]) * t * (m + o);
    // Division truncates towards zero and the clamp (at 2^20, far from any sane weight but
    // safe from overflow whatever the weights) is symmetric, so antisymmetry survives both.
    (sum / i64::from(WEIGHT_UNIT)).clamp(-(1 << 20), 1 << 20) as i32
}

/// The multi-player features' names, in order.
pub const MULTI_FEATURE_NAMES: [&str; MULTI_FEATURES] = [
    "dist",
    "turn",
    "race-margin",
    "race-leader",
    "walls",
    "walls^2",
    "walls*dist",
    "unanswered",
    "dist=1",
    "dist=2",
    "vul",
    "near-safe",
];

/// The games the multi-player evaluation has weights for: three players, four players, and
/// King of the Hill (each by the players still in the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiGame {
    /// Three players in the classic game.
    Three,
    /// Four players in the classic game.
    Four,
    /// King of the Hill, three or four players still in it.
    KingOfTheHill,
}

impl MultiGame {
    /// Every kind, in the order of the weight tables.
    pub const ALL: [MultiGame; 3] = [MultiGame::Three, MultiGame::Four, MultiGame::KingOfTheHill];

    /// The kind of `pos`, or `None` with fewer than three players in the game.
    #[must_use]
    pub fn of(pos: &Position) -> Option<MultiGame> {
        match (pos.variant(), pos.active_seats().count()) {
            (_, 0..=2) => None,
            (Variant::KingOfTheHill, _) => Some(MultiGame::KingOfTheHill),
            (_, 3) => Some(MultiGame::Three),
            _ => Some(MultiGame::Four),
        }
    }

    /// The index of this kind's weights in [`MultiGame::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Its name, as the weights file and the fitting tool write it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            MultiGame::Three => "three players",
            MultiGame::Four => "four players",
            MultiGame::KingOfTheHill => "King of the Hill",
        }
    }
}

/// The features of every player still in a game of three or four, in turn order from the
/// side to move (the player, then its features); `None` with fewer than three players in
/// the game. A player at distance `d` holding `w` walls, `t` plies from its turn (0 for the
/// side to move), among `n` players, the others at distances `d_j`:
///
/// | feature | value |
/// |---|---|
/// | dist | d |
/// | turn | t |
/// | race-margin | the race time of the best other minus its own, clamped to ±12, where the race time is n·d + t: the plies until it would arrive if nobody placed walls |
/// | race-leader | [race-margin > 0]: it wins that race |
/// | walls, walls^2 | w, w² |
/// | walls*dist | w · Σ d_j / (n - 1): walls are worth more while the others are far from home |
/// | unanswered | w when no other player holds a wall |
/// | dist=1, dist=2 | [d = 1], [d = 2] |
/// | vul | how far the best single wall would lengthen its path ([`vulnerability`], at most [`VUL_NEAR`]), when another player holds a wall |
/// | near-safe | [vul = 0 and d <= [`VUL_NEAR`]], when another player holds a wall: no wall can stop it any more, only a race |
///
/// The evaluation gives each player the score `u = β · f` and reads the chance that it
/// wins as `exp(u)` over the sum of every player's `exp(u)` (a conditional logit, the
/// model `quoridor-train --multi` fits). No feature multiplies a player's distance by
/// anything else, so that a step forward is worth the same whatever the walls: a fit that
/// made it worth less where the data are thin would teach the search to stay at home.
#[must_use]
pub fn features_multi(pos: &Position) -> Option<([Seat; 4], [[i32; MULTI_FEATURES]; 4], usize)> {
    features_multi_measured(pos, true)
}

/// [`features_multi`], the vulnerabilities measured only when `vul` (they cost a pass over
/// the walls: evaluations whose weights of them are zero skip it).
fn features_multi_measured(
    pos: &Position,
    vul: bool,
) -> Option<([Seat; 4], [[i32; MULTI_FEATURES]; 4], usize)> {
    let mut seats = [Seat::South; 4];
    let mut d = [0u8; 4];
    let mut w = [0u8; 4];
    let mut n = 0;
    for s in pos.turn_order() {
        seats[n] = s;
        d[n] = pos.distance(s)?;
        w[n] = pos.walls_in_hand(s);
        n += 1;
    }
    if n < 3 {
        return None;
    }
    let v = if vul { vulnerabilities(pos, &seats[..n]) } else { [UNKNOWN_VUL; 4] };
    Some((seats, features_multi_with(&d[..n], &w[..n], &v[..n]), n))
}

/// The index of the feature `vul` in a player's row of [`features_multi`].
pub(crate) const VUL: usize = 10;
/// The index of the feature `near-safe`.
pub(crate) const NEAR_SAFE: usize = 11;

/// The most a vulnerability counts, and the distance within which a player that no wall
/// can lengthen is `near-safe` (the features of [`features_multi`]).
pub const VUL_NEAR: u8 = 4;

/// A vulnerability not measured: its features are zero.
pub const UNKNOWN_VUL: u8 = u8::MAX;

/// How far one of `walls` would lengthen the path of `seat`, at most [`VUL_NEAR`]: 0 when
/// none of them lengthens it, or when the seat is not in the game.
#[must_use]
pub fn vulnerability(pos: &Position, seat: Seat, walls: &quoridor_core::WallSet) -> u8 {
    let Some(d) = pos.distance(seat) else { return 0 };
    let mut most = 0u8;
    for wall in walls {
        let after = pos.distance_after_wall(seat, wall).unwrap_or(u8::MAX);
        most = most.max(after.saturating_sub(d).min(VUL_NEAR));
        if most >= VUL_NEAR {
            break;
        }
    }
    most
}

/// The [`vulnerability`] of each of `seats` (at most four) to the walls that could be
/// placed in `pos`; [`UNKNOWN_VUL`] past them.
pub(crate) fn vulnerabilities(pos: &Position, seats: &[Seat]) -> [u8; 4] {
    let walls = pos.placeable_walls();
    let mut v = [UNKNOWN_VUL; 4];
    for (v, &s) in v.iter_mut().zip(seats) {
        *v = vulnerability(pos, s, &walls);
    }
    v
}

/// [`features_multi`] from the players' distances and walls in hand, in turn order from the
/// side to move (at most four; the rows past them are zero), vulnerabilities unknown.
#[must_use]
pub fn features_multi_of(dist: &[u8], walls_in_hand: &[u8]) -> [[i32; MULTI_FEATURES]; 4] {
    features_multi_with(dist, walls_in_hand, &[UNKNOWN_VUL; 4])
}

/// [`features_multi`] from the players' distances, walls in hand and vulnerabilities
/// ([`vulnerability`], [`UNKNOWN_VUL`] where not measured).
#[must_use]
pub fn features_multi_with(
    dist: &[u8],
    walls_in_hand: &[u8],
    vul: &[u8],
) -> [[i32; MULTI_FEATURES]; 4] {
    let n = dist.len().min(walls_in_hand.len()).min(4);
    let (mut d, mut w, mut v) = ([0i32; 4], [0i32; 4], [UNKNOWN_VUL; 4]);
    for i in 0..n {
        d[i] = i32::from(dist[i]);
        w[i] = i32::from(walls_in_hand[i]);
        v[i] = vul.get(i).copied().unwrap_or(UNKNOWN_VUL);
    }
    let walls: i32 = w.iter().sum();
    let dists: i32 = d.iter().sum();
    let race = |i: usize| n as i32 * d[i] + i as i32;
    let mut f = [[0; MULTI_FEATURES]; 4];
    for i in 0..n {
        let best_other = (0..n).filter(|&j| j != i).map(race).min().unwrap_or(0);
        let margin = (best_other - race(i)).clamp(-12, 12);
        let others_walls = walls - w[i];
        let x = &mut f[i];
        x[0] = d[i];
        x[1] = i as i32;
        x[2] = margin;
        x[3] = i32::from(margin > 0);
        x[4] = w[i];
        x[5] = w[i] * w[i];
        x[6] = w[i] * (dists - d[i]) / (n as i32 - 1).max(1);
        x[7] = if others_walls == 0 { w[i] } else { 0 };
        x[8] = i32::from(d[i] == 1);
        x[9] = i32::from(d[i] == 2);
        let measured = v[i] != UNKNOWN_VUL && others_walls > 0;
        x[VUL] = if measured { i32::from(v[i].min(VUL_NEAR)) } else { 0 };
        x[NEAR_SAFE] = i32::from(measured && v[i] == 0 && d[i] <= i32::from(VUL_NEAR));
    }
    f
}

/// Weights of the multi-player features are in thousandths of a logit.
pub const MULTI_WEIGHT_UNIT: i32 = 1000;

/// `1000 · ln(1 + exp(-x / 1000))` at x = 0, 125, 250, ... 8000: the softplus that
/// [`log_add_exp`] interpolates.
const SOFTPLUS: [i32; 65] = [
    693, 633, 576, 523, 474, 429, 387, 348, 313, 281, 252, 225, 201, 180, 160, 143, 127, 113, 100,
    89, 79, 70, 62, 55, 49, 43, 38, 34, 30, 26, 23, 21, 18, 16, 14, 13, 11, 10, 9, 8, 7, 6, 5, 5,
    4, 4, 3, 3, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0,
];

/// `1000 · ln(exp(a / 1000) + exp(b / 1000))` for scores in thousandths of a logit, in
/// integers (the same on every machine): the larger one plus a softplus of the difference,
/// read from a table and interpolated (within a thousandth of a logit).
#[inline]
fn log_add_exp(a: i32, b: i32) -> i32 {
    let (hi, diff) = if a >= b { (a, a - b) } else { (b, b - a) };
    let i = (diff / 125) as usize;
    if i + 1 >= SOFTPLUS.len() {
        return hi;
    }
    let frac = diff % 125;
    hi + SOFTPLUS[i] + (SOFTPLUS[i + 1] - SOFTPLUS[i]) * frac / 125
}

/// `1000 · ln(k)` for k = 0 to 3 other players: a player's fair share of the chances.
const LN_OTHERS: [i32; 4] = [0, 0, 693, 1099];

/// The chance, in logits (thousandths), that `me` wins a game of three or four players,
/// against its fair share: `u(me) - ln Σ exp(u(other)) + ln(others)`, where `u = β · f`
/// ([`features_multi`]). Zero when every player's chances are equal.
#[must_use]
pub fn multi_logit(p: &EvalParams, pos: &Position, me: Seat) -> Option<i32> {
    let kind = MultiGame::of(pos)?;
    let (seats, f, n) = features_multi_measured(pos, p.measures_vulnerability(kind))?;
    let i = seats[..n].iter().position(|&s| s == me)?;
    Some(multi_logit_of(p, kind, &f[..n], i))
}

/// [`multi_logit`] of the `i`-th player from every player's features, in thousandths of a
/// logit.
#[must_use]
pub fn multi_logit_of(
    p: &EvalParams,
    kind: MultiGame,
    f: &[[i32; MULTI_FEATURES]],
    i: usize,
) -> i32 {
    let beta = &p.multi[kind.index()];
    let u = |x: &[i32; MULTI_FEATURES]| -> i32 {
        let sum: i64 = x.iter().zip(beta).map(|(&a, &b)| i64::from(a) * i64::from(b)).sum();
        sum.clamp(-1 << 28, 1 << 28) as i32
    };
    let mut mine = 0;
    let mut others: Option<i32> = None;
    for (j, x) in f.iter().enumerate() {
        let v = u(x);
        if j == i {
            mine = v;
        } else {
            others = Some(others.map_or(v, |o| log_add_exp(o, v)));
        }
    }
    mine - others.unwrap_or(mine) + LN_OTHERS[f.len().saturating_sub(1).min(3)]
}

/// `1_000_000 · exp(-k / 8)` for k = 0 to 64, for [`exp_neg`].
const EXP_NEG: [u32; 65] = [
    1000000, 882497, 778801, 687289, 606531, 535261, 472367, 416862, 367879, 324652, 286505,
    252840, 223130, 196912, 173774, 153355, 135335, 119433, 105399, 93014, 82085, 72440, 63928,
    56416, 49787, 43937, 38774, 34218, 30197, 26649, 23518, 20754, 18316, 16163, 14264, 12588,
    11109, 9803, 8652, 7635, 6738, 5946, 5248, 4631, 4087, 3606, 3183, 2809, 2479, 2187, 1930,
    1703, 1503, 1327, 1171, 1033, 912, 805, 710, 627, 553, 488, 431, 380, 335,
];

/// `1_000_000 · exp(-x / 1000)` for `x >= 0` (thousandths), interpolated in a table: within
/// a few millionths; 0 past 8.
#[must_use]
pub(crate) fn exp_neg(x: i32) -> u32 {
    let x = x.max(0);
    let i = (x / 125) as usize;
    if i + 1 >= EXP_NEG.len() {
        return 0;
    }
    let frac = (x % 125) as u32;
    EXP_NEG[i] - (EXP_NEG[i] - EXP_NEG[i + 1]) * frac / 125
}

/// Every player's log-chance to win (thousandths of a logit, at most 0) from the players'
/// features in turn order ([`features_multi_of`]): `u_i - ln Σ exp(u_j)`, the conditional
/// logit of [`multi_logit`] for all players at once.
#[must_use]
pub(crate) fn multi_log_chances(
    p: &EvalParams,
    kind: MultiGame,
    f: &[[i32; MULTI_FEATURES]],
) -> [i32; 4] {
    let beta = &p.multi[kind.index()];
    let mut u = [0i32; 4];
    let n = f.len().min(4);
    for (i, x) in f.iter().take(n).enumerate() {
        let sum: i64 = x.iter().zip(beta).map(|(&a, &b)| i64::from(a) * i64::from(b)).sum();
        u[i] = sum.clamp(-1 << 28, 1 << 28) as i32;
    }
    let mut lse = u[0];
    for &v in &u[1..n] {
        lse = log_add_exp(lse, v);
    }
    let mut out = [i32::MIN / 2; 4];
    for i in 0..n {
        out[i] = (u[i] - lse).min(0);
    }
    out
}

/// The three- and four-player evaluation for `me` in centi-steps: [`multi_logit`] times the
/// fitted scale of the game (centi-steps per logit).
#[inline]
fn evaluate_multi(p: &EvalParams, pos: &Position, me: Seat) -> i32 {
    let (Some(kind), Some(logit)) = (MultiGame::of(pos), multi_logit(p, pos, me)) else {
        return 0;
    };
    let scale = p.multi_scale[kind.index()];
    (i64::from(logit) * i64::from(scale) / i64::from(MULTI_WEIGHT_UNIT)) as i32
}

/// `1_000_000 · σ(x / 1000)` at x = -8000, -7750, ... 8000, for [`chance_of_logit`].
const SIGMOID: [i32; 65] = [
    335, 431, 553, 710, 911, 1170, 1501, 1927, 2473, 3173, 4070, 5220, 6693, 8577, 10987, 14064,
    17986, 22977, 29312, 37327, 47426, 60087, 75858, 95349, 119203, 148047, 182426, 222700, 268941,
    320821, 377541, 437823, 500000, 562177, 622459, 679179, 731059, 777300, 817574, 851953, 880797,
    904651, 924142, 939913, 952574, 962673, 970688, 977023, 982014, 985936, 989013, 991423, 993307,
    994780, 995930, 996827, 997527, 998073, 998499, 998830, 999089, 999290, 999447, 999569, 999665,
];

/// The chance to win, in millionths, of a player whose [`multi_logit`] is `logit` among
/// `others` opponents (in integers, the same on every machine).
#[must_use]
pub fn chance_of_logit(logit: i32, others: i32) -> i32 {
    let x = logit.saturating_sub(LN_OTHERS[others.clamp(0, 3) as usize]).saturating_add(8000);
    if x <= 0 {
        return SIGMOID[0];
    }
    let i = (x / 250) as usize;
    if i + 1 >= SIGMOID.len() {
        return SIGMOID[SIGMOID.len() - 1];
    }
    let frac = x % 250;
    SIGMOID[i] + (SIGMOID[i + 1] - SIGMOID[i]) * frac / 250
}
