//! `quoridor fit --chance`: the scale of the two-player winning chance `σ(score / K)`
//! (`quoridor_ai::chance::TWO_PLAYER_SCALE`), fitted on the first games of `selfplay`
//! files, and its calibration on the last ones, kept out of the fit: per tenth of
//! predicted chance, the mean prediction against the observed share of points.

use std::io::{BufRead as _, BufReader, Write};

use anyhow::{Context as _, bail};
use quoridor_core::Position;

use super::{Args, fit_scale, sigmoid};

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
        let file = std::fs::File::open(path)
            .with_context(|| format!("cannot read `{}`", path.display()))?;
        for (n, line) in BufReader::new(file).lines().enumerate() {
            let line = line.with_context(|| format!("cannot read `{}`", path.display()))?;
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let where_ = || format!("{}:{}", path.display(), n + 1);
            let cols: Vec<&str> = line.split('\t').collect();
            let [pos, score, result, game, ..] = cols[..] else {
                bail!("{}: expected position, score, result and game separated by tabs", where_());
            };
            let pos: Position =
                pos.parse().map_err(|e| anyhow::anyhow!("{}: bad position: {e}", where_()))?;
            let score: i32 = score
                .parse()
                .map_err(|_| anyhow::anyhow!("{}: `{score}` is not a score", where_()))?;
            let result = match result {
                "1" => 1.0,
                "0" => 0.0,
                "0.5" => 0.5,
                _ => bail!("{}: `{result}` is not a result (1, 0.5 or 0)", where_()),
            };
            let game: u64 = game
                .parse()
                .map_err(|_| anyhow::anyhow!("{}: `{game}` is not a game number", where_()))?;
            if pos.active_seats().count() != 2 || score.abs() > args.max_score {
                continue;
            }
            out.push(Point { score: f64::from(score), result, game: (file_no, game) });
        }
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
    writeln!(
        out,
        "{} games: fitted on {} ({} positions), calibrated on the last {held} ({} positions)",
        games.len(),
        games.len() - held,
        train.len(),
        test.len()
    )?;
    writeln!(out, "chance = σ(score / {:.1}) (score in centi-steps)", 1.0 / k)?;
    writeln!(out)?;
    writeln!(out, "| predicted | positions | mean predicted | observed | gap |")?;
    writeln!(out, "|---|---|---|---|---|")?;
    let mut bins = [(0usize, 0.0f64, 0.0f64); 10];
    for p in &test {
        let q = sigmoid(k * p.score);
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
