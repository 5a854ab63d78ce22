//! The linear fit (`quoridor-train` without a mode): fits the two-player evaluation's
//! weights to self-play positions by logistic regression, and writes them as the source
//! file the engine is built with.
//!
//! The model: the probability that the side to move wins is `σ(w · f)`, where `f` are the
//! features of `quoridor_ai::eval::features_two` from the side to move's view. The weights
//! minimise the cross-entropy against the target `(1 - λ)·result + λ·σ(score / K)`, where
//! the search score's scale `K` is fitted first (the result's logistic regression on the
//! score alone), by Newton's method with a little L2 regularisation. The fitted weights are
//! in logits; they are scaled so that one step of path difference is worth 100 (the
//! engine's unit) at the data's average number of walls in hand.

use std::io::Write;

use anyhow::{Context as _, bail};
use quoridor_ai::eval::{FEATURE_NAMES, FEATURES, WEIGHT_UNIT, features};
use quoridor_ai::params::TWO_PLAYER;
use quoridor_core::Position;

use crate::Args;
use crate::data::Reader;

/// One training position.
pub(crate) struct Sample {
    pub(crate) f: [f64; FEATURES],
    pub(crate) score: f64,
    pub(crate) result: f64,
    /// Walls in hand of both sides.
    walls: f64,
    pub(crate) pos: Position,
}

pub(crate) fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Reads every two-player position of the files (others are skipped).
pub(crate) fn read(args: &Args, reader: &mut Reader) -> anyhow::Result<(Vec<Sample>, usize)> {
    let mut out = Vec::new();
    let mut skipped = 0;
    for path in &args.files {
        reader.for_each_row(path, |row, _| {
            let pos = row.pos;
            let Some(f) = features(&pos, pos.turn()) else {
                skipped += 1;
                return Ok(());
            };
            if row.score.abs() > args.max_score {
                skipped += 1;
                return Ok(());
            }
            let walls = pos.active_seats().map(|s| f64::from(pos.walls_in_hand(s))).sum();
            let (score, result) = (f64::from(row.score), row.result);
            out.push(Sample { f: f.map(f64::from), score, result, walls, pos });
            Ok(())
        })?;
    }
    Ok((out, skipped))
}

/// Mean cross-entropy of predictions `p` against targets `t`.
pub(crate) fn loss(pairs: impl Iterator<Item = (f64, f64)>) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for (p, t) in pairs {
        let p = p.clamp(1e-12, 1.0 - 1e-12);
        sum -= t * p.ln() + (1.0 - t) * (1.0 - p).ln();
        n += 1;
    }
    sum / n.max(1) as f64
}

/// The scale `k` that best predicts results from `x` as `σ(k x)` (one-dimensional Newton).
pub(crate) fn fit_scale(xs: &[(f64, f64)]) -> f64 {
    let mut k = 0.005;
    for _ in 0..50 {
        let (mut g, mut h) = (0.0, 0.0);
        for &(x, t) in xs {
            let p = sigmoid(k * x);
            g += (p - t) * x;
            h += p * (1.0 - p) * x * x;
        }
        if h <= 0.0 {
            break;
        }
        let step = g / h;
        k -= step;
        if step.abs() < 1e-12 {
            break;
        }
    }
    k
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
pub(crate) fn solve<const N: usize>(mut a: Vec<[f64; N]>, mut b: [f64; N]) -> Option<[f64; N]> {
    for col in 0..N {
        let pivot = (col..N).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-15 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (pivot_row, pivot_b) = (a[col], b[col]);
        for (row, (r, rb)) in a.iter_mut().zip(b.iter_mut()).enumerate() {
            if row != col {
                let m = r[col] / pivot_row[col];
                if m != 0.0 {
                    for (x, p) in r.iter_mut().zip(&pivot_row).skip(col) {
                        *x -= m * p;
                    }
                    *rb -= m * pivot_b;
                }
            }
        }
    }
    let mut x = [0.0; N];
    for i in 0..N {
        x[i] = b[i] / a[i][i];
    }
    Some(x)
}

/// Logistic regression of `targets` on the samples' features (Newton's method).
fn fit_logistic(samples: &[Sample], targets: &[f64], l2: f64) -> [f64; FEATURES] {
    let mut w = [0.0; FEATURES];
    let n = samples.len() as f64;
    for _ in 0..30 {
        let mut g = [0.0; FEATURES];
        let mut h = vec![[0.0; FEATURES]; FEATURES];
        for (s, &t) in samples.iter().zip(targets) {
            let z: f64 = s.f.iter().zip(&w).map(|(a, b)| a * b).sum();
            let p = sigmoid(z);
            let d = p * (1.0 - p);
            for ((gi, hi), &fi) in g.iter_mut().zip(h.iter_mut()).zip(&s.f) {
                if fi == 0.0 {
                    continue;
                }
                *gi += (p - t) * fi;
                for (hij, &fj) in hi.iter_mut().zip(&s.f) {
                    *hij += d * fi * fj;
                }
            }
        }
        for (i, ((gi, hi), wi)) in g.iter_mut().zip(h.iter_mut()).zip(&w).enumerate() {
            *gi = *gi / n + l2 * wi;
            for hij in hi.iter_mut() {
                *hij /= n;
            }
            hi[i] += l2;
        }
        let Some(step) = solve(h, g) else { break };
        let mut size = 0.0f64;
        for i in 0..FEATURES {
            w[i] -= step[i];
            size = size.max(step[i].abs());
        }
        if size < 1e-9 {
            break;
        }
    }
    w
}

/// Fits the weights, prints the losses and the weights, and writes the source file.
///
/// # Errors
/// Unreadable or malformed files, too few positions, or a file that cannot be written.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut reader = Reader::default();
    let (samples, skipped) = read(args, &mut reader)?;
    if args.net {
        return crate::net::run(args, &samples, skipped, &reader.provenance, out);
    }
    if samples.len() < 100 {
        bail!(
            "{} two-player positions: too few to fit {FEATURES} weights (at least 100)",
            samples.len()
        );
    }
    writeln!(out, "{} positions ({skipped} skipped)", samples.len())?;
    // The search score's scale, for the target and for the report.
    let by_score: Vec<(f64, f64)> = samples.iter().map(|s| (s.score, s.result)).collect();
    let k_score = fit_scale(&by_score);
    let targets: Vec<f64> = samples
        .iter()
        .map(|s| (1.0 - args.lambda) * s.result + args.lambda * sigmoid(k_score * s.score))
        .collect();
    // The shipped evaluation, with its best scale.
    let current = |s: &Sample| -> f64 {
        s.f.iter().zip(TWO_PLAYER).map(|(f, w)| f * f64::from(w)).sum::<f64>()
            / f64::from(WEIGHT_UNIT)
    };
    let by_eval: Vec<(f64, f64)> = samples.iter().map(|s| (current(s), s.result)).collect();
    let k_eval = fit_scale(&by_eval);
    let results = || samples.iter().map(|s| s.result);
    let loss_score = loss(by_score.iter().map(|&(x, _)| sigmoid(k_score * x)).zip(results()));
    let loss_before = loss(by_eval.iter().map(|&(x, _)| sigmoid(k_eval * x)).zip(results()));
    let w = fit_logistic(&samples, &targets, args.l2);
    let z = |s: &Sample| -> f64 { s.f.iter().zip(&w).map(|(a, b)| a * b).sum() };
    let loss_after = loss(samples.iter().map(|s| sigmoid(z(s))).zip(results()));
    writeln!(out, "loss on results (cross-entropy, lower is better; a coin scores 0.693):")?;
    writeln!(out, "  search scores, scale 1/{:.0}:     {loss_score:.5}", 1.0 / k_score)?;
    writeln!(out, "  shipped evaluation, scale 1/{:.0}: {loss_before:.5}", 1.0 / k_eval)?;
    writeln!(out, "  fitted evaluation:                {loss_after:.5}")?;
    // Logits to centi-steps: one step of path difference is worth 100 at the mean walls.
    let mean_walls = samples.iter().map(|s| s.walls).sum::<f64>() / samples.len() as f64;
    let per_step = w[0] + w[1] * mean_walls;
    if per_step <= 0.0 {
        bail!("the fitted weight of a step of path is not positive ({per_step:.4}): more data?");
    }
    let scale = 100.0 / per_step;
    let ints: Vec<i32> =
        w.iter().map(|x| (x * scale * f64::from(WEIGHT_UNIT)).round() as i32).collect();
    // The file first: a report cut short (its reader gone) must not lose it.
    if let Some(path) = &args.out {
        let mut text = String::new();
        text.push_str(
            "//! The two-player evaluation's weights (see `crate::eval::features_two`), written by\n\
             //! `quoridor-train` (see `docs/ai.md`): do not edit by hand.\n",
        );
        text.push_str(&format!(
            "//!\n//! {} positions; cross-entropy on results {loss_before:.5} before, {loss_after:.5} after;\n//! lambda {}, l2 {}.\n",
            samples.len(),
            args.lambda,
            args.l2
        ));
        text.push_str(&reader.provenance.header(&args.settings()));
        text.push('\n');
        text.push_str(&format!(
            "/// One weight per feature, in 1/{WEIGHT_UNIT} centi-steps.\n#[rustfmt::skip]\npub const TWO_PLAYER: [i32; {FEATURES}] = [\n"
        ));
        for (name, v) in FEATURE_NAMES.iter().zip(&ints) {
            text.push_str(&format!("    {v}, // {name}\n"));
        }
        text.push_str("];\n");
        std::fs::write(path, text).with_context(|| format!("cannot write `{}`", path.display()))?;
    }
    writeln!(
        out,
        "one step = {per_step:.4} logits at {mean_walls:.1} walls in hand; weights in centi-steps:"
    )?;
    for (name, v) in FEATURE_NAMES.iter().zip(&ints) {
        writeln!(out, "  {name:<22} {:>9.1}", f64::from(*v) / f64::from(WEIGHT_UNIT))?;
    }
    if let Some(path) = &args.out {
        writeln!(out, "weights written to {}", path.display())?;
    }
    Ok(())
}
