//! Winning chances: a search score as the mover's chance to win, and in three- and
//! four-player games each seat's chance.
//!
//! Two players: a table of the search score ([`TWO_PLAYER_TABLE`]), fitted by
//! `quoridor-train --chance` on self-play results (at each knot the share of points the side
//! to move scored, made non-decreasing), read linearly between knots, calibrated on games
//! kept out of the fit (`docs/ai.md`, "Winning chances"). A found win is 1 and a found
//! loss 0.
//!
//! Three and four players: the side to move's chance is read the same way in a table per
//! kind of game ([`MULTI_TABLES`], fitted by the same command on self-play games of that
//! kind). Every seat's chance ([`seat_chances`]) comes from the evaluation's conditional
//! logit (`crate::eval::multi_logit`, [`model_seat_chances`]): each seat's share read in a
//! fitted table per kind of game ([`SEAT_TABLES`], made the same way), then the seats'
//! chances scaled to sum to 1. Both are fitted mappings on top of the evaluation: when it
//! changes, the command that fits them is run again.

use quoridor_core::{Position, Seat};

use crate::Score;
use crate::eval::{MultiGame, chance_of_logit, multi_logit};
use crate::params::EvalParams;

pub use crate::chance_table::{MULTI_TABLES, SEAT_TABLES, TWO_PLAYER_TABLE};

/// The chance, 0 to 1, of a score `v` (centi-steps) in a table of (score, chance in
/// 1/10000) pairs sorted by score: linear between knots, the end values beyond the ends.
///
/// ```
/// use quoridor_ai::chance::chance_of_table;
/// let t = [(-100, 3000), (0, 4800), (100, 6000), (200, 8000)];
/// assert_eq!(chance_of_table(&t, 0), 0.48);
/// assert!((chance_of_table(&t, 150) - 0.7).abs() < 1e-12);
/// assert!((chance_of_table(&t, -50) - 0.39).abs() < 1e-12);
/// assert_eq!(chance_of_table(&t, 10_000), 0.8);
/// assert_eq!(chance_of_table(&t, -10_000), 0.3);
/// assert_eq!(chance_of_table(&[], 50), 0.5);
/// ```
#[must_use]
pub fn chance_of_table(table: &[(i32, u16)], v: i32) -> f64 {
    let at = |i: usize| f64::from(table[i].1) / 10_000.0;
    match table.iter().position(|&(x, _)| x >= v) {
        None if table.is_empty() => 0.5,
        None => at(table.len() - 1),
        Some(0) => at(0),
        Some(i) => {
            let (x0, x1) = (table[i - 1].0, table[i].0);
            let t = (f64::from(v) - f64::from(x0)) / f64::from((x1 - x0).max(1));
            at(i - 1) + t * (at(i) - at(i - 1))
        }
    }
}

/// The chance, 0 to 1, that the side to move of `pos` wins when the search scores it
/// `score` (draws count half), from the table of its kind of game ([`TWO_PLAYER_TABLE`],
/// [`MULTI_TABLES`]; a kind without a fitted table reads the evaluation's own logit).
///
/// ```
/// use quoridor_ai::{Score, chance::win_chance};
/// use quoridor_core::{Config, Players, Position};
/// let pos = Position::default();
/// // The side to move at 0.00 scores about half (the fitted table: 48.6%).
/// assert!((0.45..0.55).contains(&win_chance(&pos, Score::Eval(0))));
/// assert!(win_chance(&pos, Score::Eval(125)) > win_chance(&pos, Score::Eval(0)));
/// assert!(win_chance(&pos, Score::Eval(-125)) < win_chance(&pos, Score::Eval(0)));
/// assert_eq!(win_chance(&pos, Score::Win(5)), 1.0);
/// assert_eq!(win_chance(&pos, Score::Loss(4)), 0.0);
/// // Three players: a third, more or less, at 0.00; more ahead.
/// let three = Position::start(&Config::default().with_players(Players::Three)).unwrap();
/// assert!((0.2..0.5).contains(&win_chance(&three, Score::Eval(0))));
/// assert!(win_chance(&three, Score::Eval(300)) > win_chance(&three, Score::Eval(0)));
/// ```
#[must_use]
pub fn win_chance(pos: &Position, score: Score) -> f64 {
    let v = match score {
        Score::Win(_) => return 1.0,
        Score::Loss(_) => return 0.0,
        Score::Eval(v) => v,
    };
    match MultiGame::of(pos) {
        None => chance_of_table(&TWO_PLAYER_TABLE, v),
        Some(kind) => match MULTI_TABLES[kind.index()] {
            [] => logit_chance(kind, pos.active_seats().count(), v),
            table => chance_of_table(table, v),
        },
    }
}

/// The chance the evaluation's own model gives a score `v` of the side to move in a game
/// of `kind` with `players` still in it: the score is its logit against its fair share
/// times the game's scale.
///
/// ```
/// use quoridor_ai::chance::logit_chance;
/// use quoridor_ai::eval::MultiGame;
/// assert!((logit_chance(MultiGame::Three, 3, 0) - 1.0 / 3.0).abs() < 0.01);
/// assert!(logit_chance(MultiGame::Four, 4, 200) > 0.25);
/// ```
#[must_use]
pub fn logit_chance(kind: MultiGame, players: usize, v: i32) -> f64 {
    let scale = EvalParams::default().multi_scale[kind.index()].max(1);
    let others = players.max(2) as i32 - 1;
    let logit = i64::from(v) * 1000 / i64::from(scale);
    let logit = logit.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
    f64::from(chance_of_logit(logit, others)) / 1e6
}

/// Every active seat's chance to win `pos` (three or four players), summing to 1: its
/// share of the evaluation's conditional logit without search ([`model_seat_chances`]) read
/// in the fitted table of its kind of game ([`SEAT_TABLES`]), the seats' chances then
/// scaled to sum to 1. `None` in a two-player game or a finished one.
///
/// ```
/// use quoridor_ai::chance::seat_chances;
/// use quoridor_core::{Config, Players, Position};
/// let pos = Position::start(&Config::default().with_players(Players::Four)).unwrap();
/// let chances = seat_chances(&pos).unwrap();
/// assert_eq!(chances.len(), 4);
/// assert!((chances.iter().map(|(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-9);
/// assert!(seat_chances(&Position::default()).is_none());
/// ```
#[must_use]
pub fn seat_chances(pos: &Position) -> Option<Vec<(Seat, f64)>> {
    let kind = MultiGame::of(pos)?;
    let model = model_seat_chances(pos)?;
    let table = SEAT_TABLES[kind.index()];
    if table.is_empty() {
        return Some(model);
    }
    let read: Vec<(Seat, f64)> = model
        .iter()
        .map(|&(s, p)| (s, chance_of_table(table, (p * 10_000.0).round() as i32)))
        .collect();
    let total: f64 = read.iter().map(|(_, c)| c).sum();
    if total <= 0.0 {
        return Some(model);
    }
    Some(read.into_iter().map(|(s, c)| (s, c / total)).collect())
}

/// Every active seat's share of the evaluation's conditional logit, as the model gives it
/// (not calibrated), summing to 1; `None` in a two-player game or a finished one.
/// [`seat_chances`] reads these in a fitted table; `quoridor-train --chance` fits it.
///
/// ```
/// use quoridor_ai::chance::model_seat_chances;
/// use quoridor_core::Position;
/// let pos: Position = "9 S:e7:6,W:c5:7,N:e8:6 d5h,f4v W 5".parse().unwrap();
/// let shares = model_seat_chances(&pos).unwrap();
/// // South, two steps from home, leads.
/// assert!(shares[0].1 > shares[1].1 && shares[0].1 > shares[2].1);
/// assert!((shares.iter().map(|(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-9);
/// ```
#[must_use]
pub fn model_seat_chances(pos: &Position) -> Option<Vec<(Seat, f64)>> {
    if pos.is_game_over() || MultiGame::of(pos).is_none() {
        return None;
    }
    let params = EvalParams::default();
    let others = pos.active_seats().count() as f64 - 1.0;
    // exp(logit) = others · exp(u(me)) / Σ exp(u(other)) = w; the share e^u / Σ e^u is
    // w / (1 + w), in logs: ln w - ln(1 + w).
    let log_shares: Vec<(Seat, f64)> = pos
        .active_seats()
        .map(|s| {
            let ln_w = f64::from(multi_logit(&params, pos, s).unwrap_or(0)) / 1000.0
                - others.max(1.0).ln();
            (s, ln_w - softplus(ln_w))
        })
        .collect();
    let top = log_shares.iter().map(|&(_, l)| l).fold(f64::NEG_INFINITY, f64::max);
    let weights: Vec<(Seat, f64)> = log_shares.iter().map(|&(s, l)| (s, (l - top).exp())).collect();
    let total: f64 = weights.iter().map(|(_, w)| w).sum();
    Some(weights.into_iter().map(|(s, w)| (s, w / total)).collect())
}

/// `ln(1 + e^x)`, without overflow.
fn softplus(x: f64) -> f64 {
    if x > 0.0 { x + (-x).exp().ln_1p() } else { x.exp().ln_1p() }
}

/// Every active seat's chance when the side to move's is `mover` (from a search, say):
/// the others share the rest in proportion to their [`seat_chances`]. `None` in a
/// two-player game or a finished one.
///
/// ```
/// use quoridor_ai::chance::seat_chances_with;
/// use quoridor_core::{Config, Players, Position, Seat};
/// let pos = Position::start(&Config::default().with_players(Players::Three)).unwrap();
/// let c = seat_chances_with(&pos, 0.5).unwrap();
/// assert_eq!(c[0], (Seat::South, 0.5));
/// assert!((c.iter().map(|(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-9);
/// ```
#[must_use]
pub fn seat_chances_with(pos: &Position, mover: f64) -> Option<Vec<(Seat, f64)>> {
    let chances = seat_chances(pos)?;
    let me = pos.turn();
    let mover = mover.clamp(0.0, 1.0);
    let rest: f64 = chances.iter().filter(|&&(s, _)| s != me).map(|(_, p)| p).sum();
    let n = chances.len().saturating_sub(1).max(1) as f64;
    Some(
        chances
            .iter()
            .map(|&(s, p)| {
                let share = if rest > 0.0 { p / rest } else { 1.0 / n };
                (s, if s == me { mover } else { (1.0 - mover) * share })
            })
            .collect(),
    )
}

/// A chance as a whole percentage for display: `71%`; an evaluation never shows 0% or
/// 100%, which only a found win or loss shows.
///
/// ```
/// use quoridor_ai::{Score, chance::percent};
/// assert_eq!(percent(0.712, Score::Eval(125)), "71%");
/// assert_eq!(percent(0.999, Score::Eval(2000)), "99%");
/// assert_eq!(percent(1.0, Score::Win(3)), "100%");
/// ```
#[must_use]
pub fn percent(chance: f64, score: Score) -> String {
    let p = (chance * 100.0).round();
    let p = if matches!(score, Score::Eval(_)) { p.clamp(1.0, 99.0) } else { p };
    format!("{p:.0}%")
}

/// How a move is judged, by the winning chance it lost (points of percentage, 0 to 100):
/// the thresholds of `quoridor review` and of the page's review, like lichess's but
/// doubled, since Quoridor's scores swing more from ply to ply (`docs/cli.md`).
///
/// ```
/// use quoridor_ai::chance::Judgement;
/// assert_eq!(Judgement::of(false, 25.0), Judgement::Mistake);
/// assert_eq!(Judgement::of(false, f64::NAN), Judgement::Good);
/// assert_eq!(Judgement::of(true, 50.0).name(), "best");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Judgement {
    /// The engine's move.
    Best,
    /// Lost less than [`INACCURACY`] points.
    Good,
    /// Lost [`INACCURACY`] points or more.
    Inaccuracy,
    /// Lost [`MISTAKE`] points or more.
    Mistake,
    /// Lost [`BLUNDER`] points or more.
    Blunder,
}

/// Points of winning chance lost from which a move is an inaccuracy.
pub const INACCURACY: f64 = 10.0;
/// ... a mistake.
pub const MISTAKE: f64 = 20.0;
/// ... a blunder.
pub const BLUNDER: f64 = 30.0;

impl Judgement {
    /// The judgement of a move that lost `lost` points (`best`: it is the engine's move).
    #[must_use]
    pub fn of(best: bool, lost: f64) -> Judgement {
        match lost {
            _ if best => Judgement::Best,
            l if l >= BLUNDER => Judgement::Blunder,
            l if l >= MISTAKE => Judgement::Mistake,
            l if l >= INACCURACY => Judgement::Inaccuracy,
            _ => Judgement::Good,
        }
    }

    /// Its name: `best`, `good`, `inaccuracy`, `mistake`, `blunder`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Judgement::Best => "best",
            Judgement::Good => "good",
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }

    /// Whether it is an inaccuracy, a mistake or a blunder.
    #[must_use]
    pub fn is_error(self) -> bool {
        self >= Judgement::Inaccuracy
    }
}
