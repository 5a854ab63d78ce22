//! `quoridor fit --chance`: the two-player winning chance as a function of the search score,
//! fitted on the first games of `selfplay` files, and its calibration on the last ones,
//! kept out of the fit: per tenth of predicted chance, the mean prediction against the
//! observed share of points.
//!
//! The mapping is a table (`quoridor_ai::chance::TWO_PLAYER_TABLE`): at each knot of
//! `KNOTS` (centi-steps, either sign), the share of points of the side to move among the
//! positions nearest that score, made non-decreasing (pool adjacent violators), read
//! between knots linearly. Not symmetric: the side to move at 0.00 scores under half. For comparison the logistic curve
//! `σ(score / K)` is fitted too and its calibration printed.

use std::io::Write;

use anyhow::{Context as _, bail};

use super::{Args, fit_scale, for_each_row, sigmoid};

/// One position: the search score (centi-steps, side to move), the result for the side to
/// move (1, 0.5, 0) and the game it comes from (file, number).
struct Point {
    score: f64,
    result: f64,
    game: (usize, u64),
}

/// Reads the two-player positions of the files whose score is no found win or loss.
fn read(args: &Args) -> anyhow::Result<Vec<Point>> {
    let mut out = Vec::new();
    for (file_no, path) in args.files.iter().enumerate() {
        for_each_row(path, 4, "position, score, result and game", |row, where_| {
            let game = row.rest[0];
            let game: u64 = game
                .parse()
                .map_err(|_| anyhow::anyhow!("{}: `{game}` is not a game number", where_()))?;
            if row.pos.active_seats().count() != 2 || row.score.abs() > args.max_score {
                return Ok(());
            }
            out.push(Point {
                score: f64::from(row.score),
                result: row.result,
                game: (file_no, game),
            });
            Ok(())
        })?;
    }
    Ok(out)
}

/// Fits the scale on the first games, prints it and the calibration on the others.
///
/// # Errors
/// Unreadable or malformed files, or too few games to keep some aside.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let points = read(args)?;
    let mut games: Vec<(usize, u64)> = points.iter().map(|p| p.game).collect();
    games.sort_unstable();
    games.dedup();
    let held = ((games.len() as f64) * args.validation).round() as usize;
    if games.len() < 2 || held == 0 || held >= games.len() {
        bail!(
            "{} games: too few to fit on some and keep {:.0}% aside (--validation)",
            games.len(),
            args.validation * 100.0
        );
    }
    // The last games of each file... of all files in order: kept aside.
    let first_held = games[games.len() - held];
    let (test, train): (Vec<&Point>, Vec<&Point>) =
        points.iter().partition(|p| p.game >= first_held);
    let xs: Vec<(f64, f64)> = train.iter().map(|p| (p.score, p.result)).collect();
    let k = fit_scale(&xs);
    if k <= 0.0 {
        bail!("the fitted scale is not positive ({k}): are the scores from the side to move?");
    }
    let table = fit_table(&train);
    writeln!(
        out,
        "{} games: fitted on {} ({} positions), calibrated on the last {held} ({} positions)",
        games.len(),
        games.len() - held,
        train.len(),
        test.len()
    )?;
    writeln!(out, "\nlogistic: chance = σ(score / {:.1}) (score in centi-steps)", 1.0 / k)?;
    calibration(out, &test, |s| sigmoid(k * s))?;
    writeln!(out, "\ntable (score in centi-steps: chance of the side to move in 1/10000):")?;
    let knots: Vec<String> = table.iter().map(|&(x, p)| format!("{x}: {p}")).collect();
    writeln!(out, "{}", knots.join(", "))?;
    calibration(out, &test, |s| quoridor_ai::chance::chance_of_table(&table, s.round() as i32))?;
    if let Some(path) = &args.out {
        let mut text = String::from(
            "//! The two-player winning chance's table (see `crate::chance`), written by\n\
             //! `quoridor fit --chance` (see `docs/ai.md`): do not edit by hand.\n",
        );
        text.push_str(&format!(
            "//!\n//! {} positions of {} games.\n\n",
            train.len(),
            games.len() - held
        ));
        text.push_str(
            "/// (score in centi-steps, chance of the side to move in 1/10000), by score.\n\
             #[rustfmt::skip]\n",
        );
        text.push_str(&format!("pub const TWO_PLAYER_TABLE: [(i32, u16); {}] = [\n", table.len()));
        for (x, p) in &table {
            text.push_str(&format!("    ({x}, {p}),\n"));
        }
        text.push_str("];\n");
        std::fs::write(path, text).with_context(|| format!("cannot write `{}`", path.display()))?;
        writeln!(out, "table written to {}", path.display())?;
    }
    Ok(())
}

/// The table's knots from 0 up, in centi-steps (the table has them on both sides of 0).
const KNOTS: [i32; 27] = [
    0, 25, 50, 75, 100, 125, 150, 175, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800, 900, 1000,
    1250, 1500, 2000, 2500, 3000, 4000, 5000,
];

/// The table fitted on `points`: per knot (either sign), the share of points of the side to
/// move among the positions whose score is nearest that knot, made non-decreasing; knots
/// without positions are left out.
fn fit_table(points: &[&Point]) -> Vec<(i32, u16)> {
    let knots: Vec<i32> =
        KNOTS.iter().rev().map(|&k| -k).chain(KNOTS.iter().skip(1).copied()).collect();
    let mut sums = vec![(0.0f64, 0.0f64); knots.len()];
    for p in points {
        let i = knots
            .iter()
            .enumerate()
            .min_by(|x, y| {
                (f64::from(*x.1) - p.score).abs().total_cmp(&(f64::from(*y.1) - p.score).abs())
            })
            .map_or(0, |(i, _)| i);
        sums[i].0 += p.result;
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

/// Prints the calibration of `predict` (score to chance) on `test`, and its largest gap.
fn calibration(
    out: &mut dyn Write,
    test: &[&Point],
    predict: impl Fn(f64) -> f64,
) -> anyhow::Result<()> {
    writeln!(out)?;
    writeln!(out, "| predicted | positions | mean predicted | observed | gap |")?;
    writeln!(out, "|---|---|---|---|---|")?;
    let mut bins = [(0usize, 0.0f64, 0.0f64); 10];
    for p in test {
        let q = predict(p.score);
        let b = &mut bins[((q * 10.0) as usize).min(9)];
        b.0 += 1;
        b.1 += q;
        b.2 += p.result;
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
