//! `quoridor-train --chance`: the winning chances, fitted on the first games of `selfplay`
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
//! - three and four players: every seat's chance from its share of the evaluation's
//!   conditional logit (`quoridor_ai::chance::model_seat_chances`), a table made the same
//!   way (knots every 2.5 points of share, the share of those seats that won, made
//!   non-decreasing; `SEAT_TABLES`), the seats' chances then scaled to sum to 1; its
//!   calibration against the model's shares as they are.
//!
//! Games of three or four players without a winner (the ply limit) tell nothing of who
//! wins and are left out, and so are their positions with only two players still in. `--out` writes `chance_table.rs`: the kinds found in the files
//! get their fitted tables, the others keep the shipped ones.

use std::collections::BTreeMap;
use std::io::Write;

use anyhow::{Context as _, bail};
use quoridor_ai::chance::{
    MULTI_TABLES, SEAT_TABLES, TWO_PLAYER_TABLE, chance_of_table, logit_chance, model_seat_chances,
};
use quoridor_ai::eval::MultiGame;
use quoridor_core::{Position, Seat};

use crate::Args;
use crate::data::{Provenance, Reader};
use crate::linear::{fit_scale, sigmoid};

/// A kind of game: two players (`None`) or one of the multi-player kinds.
type Kind = Option<usize>;

/// One position: the search score (centi-steps, side to move), the result for the side to
/// move (1, 0.5, 0) and the game it comes from (file, number); with three or four players
/// also every seat's share of the evaluation's model and the winner's index among them.
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
fn read(args: &Args, reader: &mut Reader) -> anyhow::Result<BTreeMap<Kind, Vec<Point>>> {
    let mut out: BTreeMap<Kind, Vec<Point>> = BTreeMap::new();
    for (file_no, path) in args.files.iter().enumerate() {
        // The rows of the game being read, until its number changes, and the winner its
        // rows name (files with every seat's result).
        let mut rows: Vec<(Position, f64, f64)> = Vec::new();
        let mut named: Option<Option<Seat>> = None;
        let mut current: Option<u64> = None;
        let mut finish = |rows: &mut Vec<(Position, f64, f64)>, named, game: u64| {
            add_game(&mut out, std::mem::take(rows), named, (file_no, game), args.max_score);
        };
        reader.for_each_row(path, |row, where_| {
            let game = row.game.ok_or_else(|| anyhow::anyhow!("{}: no game number", where_()))?;
            if let Some(g) = current.filter(|&g| g != game) {
                finish(&mut rows, named.take(), g);
            }
            current = Some(game);
            named = named.or(row.winner);
            rows.push((row.pos, f64::from(row.score), row.result));
            Ok(())
        })?;
        if let Some(g) = current {
            finish(&mut rows, named, g);
        }
    }
    Ok(out)
}

/// Adds the positions of one game.
fn add_game(
    out: &mut BTreeMap<Kind, Vec<Point>>,
    rows: Vec<(Position, f64, f64)>,
    named: Option<Option<Seat>>,
    game: (usize, u64),
    max_score: i32,
) {
    // The winner: as the rows name it, else the side to move of a position whose result
    // is 1.
    let winner = named.unwrap_or_else(|| rows.iter().find(|r| r.2 == 1.0).map(|r| r.0.turn()));
    for (pos, score, result) in rows {
        let kind = MultiGame::of(&pos).map(MultiGame::index);
        if kind.is_none() && pos.players().get() > 2 {
            // Two players left of three or four: neither game's table.
            continue;
        }
        let seats = match kind {
            None => None,
            Some(_) => {
                // No winner, or the winner no longer in this position's model: left out.
                let Some(w) = winner else { continue };
                let Some(shares) = model_seat_chances(&pos) else { continue };
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
    /// Three and four players: the seats' table.
    seats: Option<Vec<(i32, u16)>>,
}

/// Fits each kind on its first games, prints the calibrations on the others, and writes the
/// tables when asked.
///
/// # Errors
/// Unreadable or malformed files, too few games to keep some aside, a failed write.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut reader = Reader::default();
    let data = read(args, &mut reader)?;
    if data.is_empty() {
        bail!("no position in the files");
    }
    let mut fitted: BTreeMap<Kind, Fitted> = BTreeMap::new();
    for (&kind, points) in &data {
        writeln!(out, "## {}\n", kind_name(kind))?;
        fitted.insert(kind, fit_kind(args, kind, points, out)?);
    }
    if let Some(path) = &args.out {
        // The file written before says what the tables kept from it were fitted on.
        let before = std::fs::read_to_string(path).unwrap_or_default();
        std::fs::write(path, source(&fitted, &before, &reader.provenance, &args.settings()))
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
    let table = fit_table(&train_scores, &score_knots());
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
    let seat_table = if kind.is_some() {
        let pairs = |v: &[&Point]| -> Vec<(Vec<f64>, usize)> {
            v.iter().filter_map(|p| p.seats.clone()).collect()
        };
        let (train_seats, test_seats) = (pairs(&train), pairs(&test));
        let shares: Vec<(f64, f64)> = train_seats
            .iter()
            .flat_map(|(s, w)| s.iter().enumerate().map(move |(i, &p)| (p * 10_000.0, won(i, *w))))
            .collect();
        let seats = fit_table(&shares, &SHARE_KNOTS);
        writeln!(out, "\nevery seat's chance, the evaluation's model's share as it is:")?;
        calibration(
            out,
            test_seats
                .iter()
                .flat_map(|(s, w)| s.iter().enumerate().map(move |(i, &p)| (p, won(i, *w)))),
        )?;
        writeln!(out, "\nseat table (share of the model: chance, both in 1/10000):")?;
        let knots: Vec<String> = seats.iter().map(|&(x, p)| format!("{x}: {p}")).collect();
        writeln!(out, "{}", knots.join(", "))?;
        calibration(
            out,
            test_seats.iter().flat_map(|(s, w)| {
                read_seats(&seats, s).into_iter().enumerate().map(move |(i, p)| (p, won(i, *w)))
            }),
        )?;
        Some(seats)
    } else {
        None
    };
    writeln!(out)?;
    Ok(Fitted {
        table,
        positions: train_scores.len(),
        games: games.len() - held,
        seats: seat_table,
    })
}

/// 1 for the seat that won, 0 for the others.
fn won(i: usize, winner: usize) -> f64 {
    f64::from(u8::from(i == winner))
}

/// Every seat's chance from the model's shares, as `quoridor_ai::chance::seat_chances`
/// reads them in `table`.
fn read_seats(table: &[(i32, u16)], shares: &[f64]) -> Vec<f64> {
    let read: Vec<f64> =
        shares.iter().map(|&p| chance_of_table(table, (p * 10_000.0).round() as i32)).collect();
    let total: f64 = read.iter().sum();
    if total > 0.0 { read.iter().map(|c| c / total).collect() } else { shares.to_vec() }
}

/// The seat table's knots: every 2.5 points of share, in 1/10000.
const SHARE_KNOTS: [i32; 41] = {
    let mut k = [0; 41];
    let mut i = 0;
    while i < 41 {
        k[i] = 250 * i as i32;
        i += 1;
    }
    k
};

/// The table's knots from 0 up, in centi-steps (the table has them on both sides of 0).
const KNOTS: [i32; 27] = [
    0, 25, 50, 75, 100, 125, 150, 175, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800, 900, 1000,
    1250, 1500, 2000, 2500, 3000, 4000, 5000,
];

/// The score knots of the tables, both signs.
fn score_knots() -> Vec<i32> {
    KNOTS.iter().rev().map(|&k| -k).chain(KNOTS.iter().skip(1).copied()).collect()
}

/// The table fitted on (x, result) pairs: per knot, the mean result among the pairs whose x
/// is nearest that knot, made non-decreasing; knots without pairs are left out.
fn fit_table(points: &[(f64, f64)], knots: &[i32]) -> Vec<(i32, u16)> {
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
    // Positions of one game share its result: a bin of few positions rests on fewer games.
    let big = bins
        .iter()
        .enumerate()
        .filter(|(_, b)| b.0 >= 1000)
        .map(|(i, &(n, pred, obs))| ((100.0 * (obs - pred) / n as f64).abs(), i));
    if let Some((gap, i)) = big.max_by(|a, b| a.0.total_cmp(&b.0)) {
        writeln!(
            out,
            "largest gap in tenths of 1000 positions or more: {gap:.1} points ({}-{}%)",
            i * 10,
            i * 10 + 10
        )?;
    }
    Ok(())
}

/// How the header marks a kind whose table an earlier fit made (its data is not the data
/// the header names).
const EARLIER: &str = "(an earlier fit, kept: not in this fit's files)";

/// `chance_table.rs`: the fitted kinds' tables, the shipped ones for the others.
/// `before` is the file written before (its note of what a kept table was fitted on is
/// kept too).
fn source(
    fitted: &BTreeMap<Kind, Fitted>,
    before: &str,
    provenance: &Provenance,
    settings: &str,
) -> String {
    let mut s = String::from(
        "//! The winning chances' tables (see `crate::chance`), written by `quoridor-train --chance`\n\
         //! (see `docs/ai.md`): do not edit by hand.\n//!\n",
    );
    let kinds = std::iter::once(None).chain((0..MultiGame::ALL.len()).map(Some));
    for kind in kinds {
        let name = kind_name(kind);
        let head = format!("//! {}{}: ", name[..1].to_uppercase(), &name[1..]);
        let about = match fitted.get(&kind) {
            Some(f) => format!("{} positions of {} games.", f.positions, f.games),
            None => before.lines().find_map(|l| l.strip_prefix(head.as_str())).map_or(
                "the table shipped (not in the files of the last fit).".to_string(),
                |old| {
                    // A kept table's line says so once, however many fits keep it.
                    if old.contains(EARLIER) || old.starts_with("the table shipped") {
                        old.to_string()
                    } else {
                        format!("{old} {EARLIER}")
                    }
                },
            ),
        };
        s.push_str(&format!("{head}{about}\n"));
    }
    let names: Vec<&str> = fitted.keys().map(|&k| kind_name(k)).collect();
    s.push_str(&format!("//! The data and settings of this fit (of {}):\n", names.join(", ")));
    s.push_str(&provenance.header(settings));
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
    // Three and four players: the side to move's tables, or the seats'.
    let multi = |seats: bool| {
        let shipped = if seats { SEAT_TABLES } else { MULTI_TABLES };
        let mut t = String::new();
        for (k, old) in shipped.iter().enumerate() {
            let new = fitted
                .get(&Some(k))
                .map(|f| if seats { f.seats.clone() } else { Some(f.table.clone()) });
            let table = new.flatten().unwrap_or_else(|| old.to_vec());
            if table.is_empty() {
                t.push_str("    &[],\n");
            } else {
                t.push_str("    &[\n");
                t.push_str(&table_text(&table, "        "));
                t.push_str("    ],\n");
            }
        }
        t
    };
    s.push_str(&multi(false));
    s.push_str("];\n");
    s.push_str(
        "\n/// The same kinds: every seat's chance by its share of the evaluation's model (both in\n\
         /// 1/10000), by share; empty when not fitted (the model's shares then).\n\
         #[rustfmt::skip]\n\
         pub const SEAT_TABLES: [&[(i32, u16)]; 3] = [\n",
    );
    s.push_str(&multi(true));
    s.push_str("];\n");
    s
}
