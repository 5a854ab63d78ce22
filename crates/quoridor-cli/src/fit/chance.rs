//! `quoridor fit --chance`: the winning chances, fitted on the first games of `selfplay`
//! files and calibrated on the last ones, kept out of the fit: per tenth of predicted
//! chance, the mean prediction against the observed share of points.
//!
//! For each kind of game the files hold (two players, three, four, King of the Hill):
//! - the side to move's chance by its search score, a table
//!   (`quoridor_ai::chance::TWO_PLAYER_TABLE`, `MULTI_TABLES`): at each knot of `KNOTS`
//!   (centi-steps, either sign), the share of points of the side to move among the
//!   positions nearest that score, made non-decreasing (pool adjacent violators), read
//!   between knots linearly. Not symmetric: the side to move at 0.00 scores under half.
//!   For two players the logistic curve `σ(score / K)` is fitted too and its calibration
//!   printed, for comparison; for three and four players the evaluation's own logit;
//! - three and four players: every seat's chance from the evaluation's conditional logit
//!   (`quoridor_ai::chance::seat_shares`) at a temperature fitted by maximum likelihood of
//!   the winners (`SEAT_TEMPERATURE`), against the model as it is.
//!
//! Games of three or four players without a winner (the ply limit) tell nothing of who
//! wins and are left out. `--out` writes `chance_table.rs`: the kinds found in the files
//! get their fitted tables, the others keep the shipped ones.

use std::collections::BTreeMap;
use std::io::Write;

use anyhow::{Context as _, bail};
use quoridor_ai::chance::{
    MULTI_TABLES, SEAT_TEMPERATURE, TWO_PLAYER_TABLE, chance_of_table, logit_chance, seat_shares,
};
use quoridor_ai::eval::MultiGame;
use quoridor_core::Position;

use super::{Args, fit_scale, for_each_row, sigmoid};

/// A kind of game: two players (`None`) or one of the multi-player kinds.
type Kind = Option<usize>;

/// One position: the search score (centi-steps, side to move), the result for the side to
/// move (1, 0.5, 0) and the game it comes from (file, number); with three or four players
/// also every seat's share of the evaluation's model (at temperature 1) and the winner's
/// index among them.
struct Point {
    score: f64,
    result: f64,
    game: (usize, u64),
    seats: Option<(Vec<f64>, usize)>,
    /// Whether the score is a found win or loss, or beyond `--max-score`: left out of the
    /// table (the seats' chances still count).
    decided: bool,
}

/// The name of a kind.
fn kind_name(kind: Kind) -> &'static str {
    kind.map_or("two players", |k| MultiGame::ALL[k].name())
}

/// Reads every position of the files, by kind of game.
fn read(args: &Args) -> anyhow::Result<BTreeMap<Kind, Vec<Point>>> {
    let mut out: BTreeMap<Kind, Vec<Point>> = BTreeMap::new();
    for (file_no, path) in args.files.iter().enumerate() {
        // The rows of the game being read, until its number changes.
        let mut rows: Vec<(Position, f64, f64)> = Vec::new();
        let mut current: Option<u64> = None;
        let mut finish = |rows: &mut Vec<(Position, f64, f64)>, game: u64| {
            add_game(&mut out, std::mem::take(rows), (file_no, game), args.max_score);
        };
        for_each_row(path, 4, "position, score, result and game", |row, where_| {
            let game = row.rest[0];
            let game: u64 = game
                .parse()
                .map_err(|_| anyhow::anyhow!("{}: `{game}` is not a game number", where_()))?;
            if let Some(g) = current.filter(|&g| g != game) {
                finish(&mut rows, g);
            }
            current = Some(game);
            rows.push((row.pos, f64::from(row.score), row.result));
            Ok(())
        })?;
        if let Some(g) = current {
            finish(&mut rows, g);
        }
    }
    Ok(out)
}

/// Adds the positions of one game.
fn add_game(
    out: &mut BTreeMap<Kind, Vec<Point>>,
    rows: Vec<(Position, f64, f64)>,
    game: (usize, u64),
    max_score: i32,
) {
    // The winner: the side to move of a position whose result is 1.
    let winner = rows.iter().find(|r| r.2 == 1.0).map(|r| r.0.turn());
    for (pos, score, result) in rows {
        let kind = MultiGame::of(&pos).map(MultiGame::index);
        let seats = match kind {
            None => None,
            Some(_) => {
                // No winner, or the winner no longer in this position's model: left out.
                let Some(w) = winner else { continue };
                let Some(shares) = seat_shares(&pos, 1.0) else { continue };
                let Some(i) = shares.iter().position(|&(s, _)| s == w) else { continue };
                Some((shares.into_iter().map(|(_, p)| p).collect(), i))
            }
        };
        let decided = score.abs() > f64::from(max_score);
        out.entry(kind).or_default().push(Point { score, result, game, seats, decided });
    }
}

/// The fitted mappings of one kind.
struct Fitted {
    table: Vec<(i32, u16)>,
    /// Positions and games fitted on.
    positions: usize,
    games: usize,
    /// Three and four players: the seats' temperature.
    temperature: Option<f64>,
}

/// Fits each kind on its first games, prints the calibrations on the others, and writes the
/// tables when asked.
///
/// # Errors
/// Unreadable or malformed files, too few games to keep some aside, a failed write.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let data = read(args)?;
    if data.is_empty() {
        bail!("no position in the files");
    }
    let mut fitted: BTreeMap<Kind, Fitted> = BTreeMap::new();
    for (&kind, points) in &data {
        writeln!(out, "## {}\n", kind_name(kind))?;
        fitted.insert(kind, fit_kind(args, kind, points, out)?);
    }
    if let Some(path) = &args.out {
        std::fs::write(path, source(&fitted))
            .with_context(|| format!("cannot write `{}`", path.display()))?;
        writeln!(out, "tables written to {}", path.display())?;
    }
    Ok(())
}

/// Fits one kind of game and prints its calibrations.
fn fit_kind(
    args: &Args,
    kind: Kind,
    points: &[Point],
    out: &mut dyn Write,
) -> anyhow::Result<Fitted> {
    let mut games: Vec<(usize, u64)> = points.iter().map(|p| p.game).collect();
    games.sort_unstable();
    games.dedup();
    let held = ((games.len() as f64) * args.validation).round() as usize;
    if games.len() < 2 || held == 0 || held >= games.len() {
        bail!(
            "{}: {} games, too few to fit on some and keep {:.0}% aside (--validation)",
            kind_name(kind),
            games.len(),
            args.validation * 100.0
        );
    }
    // The last games of all files in order: kept aside.
    let first_held = games[games.len() - held];
    let (test, train): (Vec<&Point>, Vec<&Point>) =
        points.iter().partition(|p| p.game >= first_held);
    let scored = |v: &[&Point]| -> Vec<(f64, f64)> {
        v.iter().filter(|p| !p.decided).map(|p| (p.score, p.result)).collect()
    };
    let (train_scores, test_scores) = (scored(&train), scored(&test));
    writeln!(
        out,
        "{} games: fitted on {} ({} positions), calibrated on the last {held} ({} positions)",
        games.len(),
        games.len() - held,
        train_scores.len(),
        test_scores.len()
    )?;
    let table = fit_table(&train_scores);
    match kind {
        None => {
            let k = fit_scale(&train_scores);
            if k <= 0.0 {
                bail!(
                    "the fitted scale is not positive ({k}): are the scores from the side to move?"
                );
            }
            writeln!(out, "\nlogistic: chance = σ(score / {:.1}) (score in centi-steps)", 1.0 / k)?;
            calibration(out, test_scores.iter().map(|&(s, r)| (sigmoid(k * s), r)))?;
        }
        Some(k) => {
            writeln!(out, "\nthe evaluation's own logit (the engine's scale):")?;
            let kind = MultiGame::ALL[k];
            let logit = test.iter().filter(|p| !p.decided).filter_map(|p| {
                let players = p.seats.as_ref()?.0.len();
                Some((logit_chance(kind, players, p.score.round() as i32), p.result))
            });
            calibration(out, logit)?;
        }
    }
    writeln!(out, "\ntable (score in centi-steps: chance of the side to move in 1/10000):")?;
    let knots: Vec<String> = table.iter().map(|&(x, p)| format!("{x}: {p}")).collect();
    writeln!(out, "{}", knots.join(", "))?;
    calibration(
        out,
        test_scores.iter().map(|&(s, r)| (chance_of_table(&table, s.round() as i32), r)),
    )?;
    let temperature = if kind.is_some() {
        let seats = |v: &[&Point]| -> Vec<(Vec<f64>, usize)> {
            v.iter().filter_map(|p| p.seats.clone()).collect()
        };
        let (train_seats, test_seats) = (seats(&train), seats(&test));
        let t = fit_temperature(&train_seats);
        writeln!(out, "\nevery seat's chance, the evaluation's model as it is (temperature 1):")?;
        calibration(out, seat_pairs(&test_seats, 1.0))?;
        writeln!(out, "\nevery seat's chance at the fitted temperature {t:.3}:")?;
        calibration(out, seat_pairs(&test_seats, t))?;
        Some(t)
    } else {
        None
    };
    writeln!(out)?;
    Ok(Fitted { table, positions: train_scores.len(), games: games.len() - held, temperature })
}

/// Every (seat chance at temperature `t`, won) pair of the positions.
fn seat_pairs(points: &[(Vec<f64>, usize)], t: f64) -> impl Iterator<Item = (f64, f64)> + '_ {
    points.iter().flat_map(move |(shares, w)| {
        tempered(shares, t)
            .into_iter()
            .enumerate()
            .map(move |(i, p)| (p, f64::from(u8::from(i == *w))))
    })
}

/// Shares raised to `1 / t`, summing to 1.
fn tempered(shares: &[f64], t: f64) -> Vec<f64> {
    let logs: Vec<f64> = shares.iter().map(|&p| p.max(1e-300).ln() / t).collect();
    let top = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let w: Vec<f64> = logs.iter().map(|&l| (l - top).exp()).collect();
    let total: f64 = w.iter().sum();
    w.into_iter().map(|x| x / total).collect()
}

/// The temperature that maximises the likelihood of the winners (golden section on its
/// logarithm, from 0.05 to 20).
fn fit_temperature(points: &[(Vec<f64>, usize)]) -> f64 {
    let nll = |ln_t: f64| -> f64 {
        let t = ln_t.exp();
        points.iter().map(|(s, w)| -tempered(s, t)[*w].max(1e-300).ln()).sum()
    };
    let (mut a, mut b) = (0.05f64.ln(), 20f64.ln());
    let r = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let (c, d) = (b - r * (b - a), a + r * (b - a));
        if nll(c) < nll(d) {
            b = d;
        } else {
            a = c;
        }
    }
    ((a + b) / 2.0).exp()
}

/// The table's knots from 0 up, in centi-steps (the table has them on both sides of 0).
const KNOTS: [i32; 27] = [
    0, 25, 50, 75, 100, 125, 150, 175, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800, 900, 1000,
    1250, 1500, 2000, 2500, 3000, 4000, 5000,
];

/// The table fitted on (score, result) pairs: per knot (either sign), the share of points
/// of the side to move among the positions whose score is nearest that knot, made
/// non-decreasing; knots without positions are left out.
fn fit_table(points: &[(f64, f64)]) -> Vec<(i32, u16)> {
    let knots: Vec<i32> =
        KNOTS.iter().rev().map(|&k| -k).chain(KNOTS.iter().skip(1).copied()).collect();
    let mut sums = vec![(0.0f64, 0.0f64); knots.len()];
    for &(score, result) in points {
        let i = knots
            .iter()
            .enumerate()
            .min_by(|x, y| {
                (f64::from(*x.1) - score).abs().total_cmp(&(f64::from(*y.1) - score).abs())
            })
            .map_or(0, |(i, _)| i);
        sums[i].0 += result;
        sums[i].1 += 1.0;
    }
    // Pool adjacent violators: blocks of (mean, weight, knots) that never decrease.
    let mut blocks: Vec<(f64, f64, usize)> = Vec::new();
    for &(sum, n) in sums.iter().filter(|s| s.1 > 0.0) {
        blocks.push((sum / n, n, 1));
        while blocks.len() > 1 && blocks[blocks.len() - 2].0 > blocks[blocks.len() - 1].0 {
            let (m2, w2, c2) = blocks.pop().expect("two blocks");
            let (m1, w1, c1) = blocks.pop().expect("two blocks");
            blocks.push(((m1 * w1 + m2 * w2) / (w1 + w2), w1 + w2, c1 + c2));
        }
    }
    let values = blocks.into_iter().flat_map(|(m, _, c)| std::iter::repeat_n(m, c));
    let kept = knots.iter().zip(&sums).filter(|(_, s)| s.1 > 0.0).map(|(k, _)| *k);
    kept.zip(values).map(|(k, v)| (k, (v * 10_000.0).round() as u16)).collect()
}

/// Prints the calibration of (predicted, observed) pairs: per tenth of predicted chance,
/// the pairs, the mean prediction, the mean observed and the gap; then the largest gap.
fn calibration(out: &mut dyn Write, pairs: impl Iterator<Item = (f64, f64)>) -> anyhow::Result<()> {
    writeln!(out)?;
    writeln!(out, "| predicted | positions | mean predicted | observed | gap |")?;
    writeln!(out, "|---|---|---|---|---|")?;
    let mut bins = [(0usize, 0.0f64, 0.0f64); 10];
    for (q, r) in pairs {
        let b = &mut bins[((q * 10.0) as usize).min(9)];
        b.0 += 1;
        b.1 += q;
        b.2 += r;
    }
    let mut worst: (f64, usize) = (0.0, 0);
    for (i, &(n, pred, obs)) in bins.iter().enumerate() {
        if n == 0 {
            writeln!(out, "| {}-{}% | 0 | - | - | - |", i * 10, i * 10 + 10)?;
            continue;
        }
        let (pred, obs) = (100.0 * pred / n as f64, 100.0 * obs / n as f64);
        let gap = obs - pred;
        if gap.abs() > worst.0 {
            worst = (gap.abs(), i);
        }
        writeln!(
            out,
            "| {}-{}% | {n} | {pred:.1}% | {obs:.1}% | {gap:+.1} |",
            i * 10,
            i * 10 + 10
        )?;
    }
    writeln!(out)?;
    writeln!(out, "largest gap: {:.1} points ({}-{}%)", worst.0, worst.1 * 10, worst.1 * 10 + 10)?;
    Ok(())
}

/// `chance_table.rs`: the fitted kinds' tables and temperatures, the shipped ones for the
/// others.
fn source(fitted: &BTreeMap<Kind, Fitted>) -> String {
    let mut s = String::from(
        "//! The winning chances' tables (see `crate::chance`), written by `quoridor fit --chance`\n\
         //! (see `docs/ai.md`): do not edit by hand.\n//!\n",
    );
    let about = |kind: Kind| match fitted.get(&kind) {
        Some(f) => format!("{} positions of {} games", f.positions, f.games),
        None => "as shipped before (not in the files of the last fit)".to_string(),
    };
    s.push_str(&format!("//! Two players: {}.\n", about(None)));
    for k in 0..MultiGame::ALL.len() {
        let name = MultiGame::ALL[k].name();
        s.push_str(&format!(
            "//! {}{}: {}.\n",
            name[..1].to_uppercase(),
            &name[1..],
            about(Some(k))
        ));
    }
    let table_text = |t: &[(i32, u16)], indent: &str| -> String {
        t.iter().map(|(x, p)| format!("{indent}({x}, {p}),\n")).collect()
    };
    let two: Vec<(i32, u16)> =
        fitted.get(&None).map_or(TWO_PLAYER_TABLE.to_vec(), |f| f.table.clone());
    s.push_str(
        "\n/// Two players: (score in centi-steps, chance of the side to move in 1/10000), by score.\n\
         #[rustfmt::skip]\n",
    );
    s.push_str(&format!("pub const TWO_PLAYER_TABLE: [(i32, u16); {}] = [\n", two.len()));
    s.push_str(&table_text(&two, "    "));
    s.push_str("];\n");
    s.push_str(
        "\n/// Three players, four players, King of the Hill (`crate::eval::MultiGame::ALL`'s order):\n\
         /// the side to move's chance by its search score, as [`TWO_PLAYER_TABLE`]; empty when not\n\
         /// fitted (the evaluation's own logit then).\n\
         #[rustfmt::skip]\n\
         pub const MULTI_TABLES: [&[(i32, u16)]; 3] = [\n",
    );
    let mut temps = Vec::new();
    for k in 0..MultiGame::ALL.len() {
        let (table, t) = match fitted.get(&Some(k)) {
            Some(f) => (
                f.table.clone(),
                f.temperature.map_or(SEAT_TEMPERATURE[k], |t| (t * 1000.0).round() as u32),
            ),
            None => (MULTI_TABLES[k].to_vec(), SEAT_TEMPERATURE[k]),
        };
        if table.is_empty() {
            s.push_str("    &[],\n");
        } else {
            s.push_str("    &[\n");
            s.push_str(&table_text(&table, "        "));
            s.push_str("    ],\n");
        }
        temps.push(t.max(1).to_string());
    }
    s.push_str("];\n");
    s.push_str(
        "\n/// The same kinds: the temperature of every seat's chance from the evaluation's model, in\n\
         /// thousandths (1000: the model as fitted).\n",
    );
    s.push_str(&format!("pub const SEAT_TEMPERATURE: [u32; 3] = [{}];\n", temps.join(", ")));
    s
}
