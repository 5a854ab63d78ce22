//! `quoridor-train --net`: trains the evaluation's network (`quoridor_ai::net`) on self-play
//! positions, on top of the shipped linear weights, and writes it as the source file the
//! engine is built with.
//!
//! The model: the probability that the side to move wins is `σ(k·e + g(me) - g(opp))`,
//! where `e` is the shipped evaluation without the network (centi-steps), `k` its fitted
//! scale, and `g` the network applied to each player's view. The network minimises the
//! cross-entropy against the same target as the linear fit, by Adam on mini-batches, in
//! floating point; the positions of the last games are kept aside, and the weights of the
//! pass with the lowest loss on them are kept. The weights are then rounded to the
//! engine's fixed point, and their output turned into centi-steps by `1/k`.

use std::io::Write;
use std::path::Path;

use anyhow::{Context as _, bail};
use quoridor_ai::SplitMix64;
use quoridor_ai::eval::{WEIGHT_UNIT, features};
use quoridor_ai::net::{HIDDEN, INPUTS, MAX_W1, Q, active_inputs};
use quoridor_ai::params::TWO_PLAYER;
use quoridor_core::{Position, Seat, Variant};

use crate::Args;
use crate::data::Provenance;
use crate::linear::{Sample, fit_scale, loss, sigmoid};

/// One position as the network sees it.
struct Item {
    /// Active inputs of the side to move's view, then of the other's.
    views: [Vec<u16>; 2],
    /// The linear evaluation, in logits.
    base: f64,
    target: f64,
    result: f64,
}

/// The network in floating point.
#[derive(Clone)]
struct Net {
    w1: Vec<f64>,
    b1: Vec<f64>,
    w2: Vec<f64>,
}

impl Net {
    fn new(rng: &mut SplitMix64) -> Net {
        let mut r = |scale: f64| (rng.next_u64() as f64 / u64::MAX as f64 * 2.0 - 1.0) * scale;
        Net {
            // Inputs start with no say: an input the data rarely shows keeps little.
            w1: vec![0.0; INPUTS * HIDDEN],
            b1: (0..HIDDEN).map(|_| 0.5 + r(0.1)).collect(),
            w2: (0..HIDDEN).map(|_| r(0.5)).collect(),
        }
    }

    fn zeros() -> Net {
        Net { w1: vec![0.0; INPUTS * HIDDEN], b1: vec![0.0; HIDDEN], w2: vec![0.0; HIDDEN] }
    }

    /// One view's first-layer sums.
    fn sums(&self, inputs: &[u16]) -> [f64; HIDDEN] {
        let mut a = [0.0; HIDDEN];
        a.copy_from_slice(&self.b1);
        for &i in inputs {
            let row = &self.w1[usize::from(i) * HIDDEN..(usize::from(i) + 1) * HIDDEN];
            for (x, w) in a.iter_mut().zip(row) {
                *x += w;
            }
        }
        a
    }

    fn logit(&self, item: &Item) -> f64 {
        let g = |inputs: &[u16]| -> f64 {
            self.sums(inputs).iter().zip(&self.w2).map(|(a, w)| a.clamp(0.0, 1.0) * w).sum()
        };
        item.base + g(&item.views[0]) - g(&item.views[1])
    }

    /// Adds `scale` times the gradient of the logit of `item` to `grad`.
    fn backward(&self, item: &Item, scale: f64, grad: &mut Net) {
        for (view, sign) in [(&item.views[0], 1.0), (&item.views[1], -1.0)] {
            let a = self.sums(view);
            for (j, &aj) in a.iter().enumerate() {
                grad.w2[j] += scale * sign * aj.clamp(0.0, 1.0);
                if aj > 0.0 && aj < 1.0 {
                    let d = scale * sign * self.w2[j];
                    grad.b1[j] += d;
                    for &i in view.iter() {
                        grad.w1[usize::from(i) * HIDDEN + j] += d;
                    }
                }
            }
        }
    }
}

/// Adam's running moments of every weight.
struct Adam {
    m: Net,
    v: Net,
    t: i32,
}

impl Adam {
    fn step(&mut self, net: &mut Net, grad: &Net, lr: f64, l2: f64) {
        self.t += 1;
        let (b1, b2, eps) = (0.9, 0.999, 1e-8);
        let c1 = 1.0 - f64::powi(b1, self.t);
        let c2 = 1.0 - f64::powi(b2, self.t);
        let update = |w: &mut [f64], g: &[f64], m: &mut [f64], v: &mut [f64]| {
            for k in 0..w.len() {
                let gk = g[k] + l2 * w[k];
                m[k] = b1 * m[k] + (1.0 - b1) * gk;
                v[k] = b2 * v[k] + (1.0 - b2) * gk * gk;
                w[k] -= lr * (m[k] / c1) / ((v[k] / c2).sqrt() + eps);
            }
        };
        update(&mut net.w1, &grad.w1, &mut self.m.w1, &mut self.v.w1);
        update(&mut net.b1, &grad.b1, &mut self.m.b1, &mut self.v.b1);
        update(&mut net.w2, &grad.w2, &mut self.m.w2, &mut self.v.w2);
    }
}

fn views(pos: &Position) -> [Vec<u16>; 2] {
    let me = pos.turn();
    let opp = if me == Seat::South { Seat::North } else { Seat::South };
    [me, opp].map(|seat| {
        let mut buf = [0u16; 32];
        let n = active_inputs(pos, seat, &mut buf);
        buf[..n].to_vec()
    })
}

/// The linear evaluation of `s` (centi-steps), without the network.
fn linear(s: &Sample) -> f64 {
    s.f.iter().zip(TWO_PLAYER).map(|(f, w)| f * f64::from(w)).sum::<f64>() / f64::from(WEIGHT_UNIT)
}

/// Trains the network, reports, and writes the weights.
pub(super) fn run(
    args: &Args,
    samples: &[Sample],
    skipped: usize,
    provenance: &Provenance,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let ours: Vec<&Sample> = samples
        .iter()
        .filter(|s| {
            s.pos.size().get() == quoridor_ai::net::SIDE
                && s.pos.players() == 2
                && s.pos.variant() == Variant::Classic
                && features(&s.pos, s.pos.turn()).is_some()
        })
        .collect();
    if ours.len() < 1000 {
        bail!(
            "{} positions of the 9x9 two-player game: too few to train the network (at least 1,000)",
            ours.len()
        );
    }
    let by_score: Vec<(f64, f64)> = ours.iter().map(|s| (s.score, s.result)).collect();
    let k_score = fit_scale(&by_score);
    let by_eval: Vec<(f64, f64)> = ours.iter().map(|s| (linear(s), s.result)).collect();
    let k = fit_scale(&by_eval);
    let items: Vec<Item> = ours
        .iter()
        .map(|s| Item {
            views: views(&s.pos),
            base: k * linear(s),
            target: (1.0 - args.lambda) * s.result + args.lambda * sigmoid(k_score * s.score),
            result: s.result,
        })
        .collect();
    let split = ((items.len() as f64) * (1.0 - args.validation)).round() as usize;
    let split = split.clamp(1, items.len() - 1);
    let (train, valid) = items.split_at(split);
    writeln!(
        out,
        "{} positions of the 9x9 two-player game ({} others or skipped): {} to train on, {} kept aside",
        items.len(),
        samples.len() - items.len() + skipped,
        train.len(),
        valid.len()
    )?;
    let valid_loss = |net: &Net| loss(valid.iter().map(|i| (sigmoid(net.logit(i)), i.result)));
    let base_loss = loss(valid.iter().map(|i| (sigmoid(i.base), i.result)));
    writeln!(
        out,
        "loss on results of the positions kept aside (cross-entropy; a coin scores 0.693):"
    )?;
    writeln!(out, "  linear evaluation, scale 1/{:.0}: {base_loss:.5}", 1.0 / k)?;
    let mut rng = SplitMix64::new(args.seed);
    let mut net = Net::new(&mut rng);
    let mut adam = Adam { m: Net::zeros(), v: Net::zeros(), t: 0 };
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut best = (valid_loss(&net), net.clone(), 0);
    for epoch in 1..=args.epochs {
        // Fisher-Yates with the project's generator.
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        for chunk in order.chunks(args.batch.max(1)) {
            let mut grad = Net::zeros();
            for &i in chunk {
                let item = &train[i];
                let p = sigmoid(net.logit(item));
                net.backward(item, (p - item.target) / chunk.len() as f64, &mut grad);
            }
            adam.step(&mut net, &grad, args.learning_rate, args.l2);
        }
        let v = valid_loss(&net);
        writeln!(out, "  pass {epoch:>2}: network on top, {v:.5}")?;
        if v < best.0 {
            best = (v, net.clone(), epoch);
        }
    }
    let (v, net, epoch) = best;
    writeln!(out, "kept pass {epoch} ({v:.5} against {base_loss:.5} without the network)")?;
    if epoch == 0 {
        bail!("no pass of training improved on the untrained network: nothing written");
    }
    if let Some(path) = &args.out {
        let header = provenance.header(&args.settings());
        write_source(path, &net, k, items.len(), base_loss, v, &header)?;
        writeln!(out, "network written to {}", path.display())?;
    }
    Ok(())
}

/// The network in the engine's fixed point, as `net_weights.rs`.
fn write_source(
    path: &Path,
    net: &Net,
    k: f64,
    positions: usize,
    before: f64,
    after: f64,
    provenance: &str,
) -> anyhow::Result<()> {
    let q = f64::from(Q);
    let bound = f64::from(MAX_W1);
    let fixed = |x: f64| (x * q).round().clamp(-bound, bound) as i16;
    let mut text = format!(
        "//! The network's weights (see `crate::net`), written by `quoridor-train --net` (see\n\
         //! `docs/ai.md`): do not edit by hand.\n//!\n\
         //! {positions} positions; cross-entropy on results of the positions kept aside\n\
         //! {before:.5} without the network, {after:.5} with it.\n\
         {provenance}\n\
         /// Whether a trained network is built in.\npub const ENABLED: bool = true;\n"
    );
    text.push_str(&format!(
        "/// First layer, input by input, in 1/256.\n#[rustfmt::skip]\npub static W1: [i16; {}] = [\n",
        INPUTS * HIDDEN
    ));
    for row in net.w1.chunks(HIDDEN) {
        let cells: Vec<String> = row.iter().map(|&w| fixed(w).to_string()).collect();
        text.push_str(&format!("    {},\n", cells.join(", ")));
    }
    text.push_str(&format!(
        "];\n/// First layer's biases, in 1/256.\n#[rustfmt::skip]\npub const B1: [i16; {HIDDEN}] = [\n"
    ));
    let cells: Vec<String> = net.b1.iter().map(|&w| fixed(w).to_string()).collect();
    text.push_str(&format!("    {},\n];\n", cells.join(", ")));
    text.push_str(&format!(
        "/// Output weights, in centi-steps for a unit fully on.\n#[rustfmt::skip]\npub const W2: [i32; {HIDDEN}] = [\n"
    ));
    let cells: Vec<String> = net
        .w2
        .iter()
        .map(|&w| ((w / k).round().clamp(-32_767.0, 32_767.0) as i32).to_string())
        .collect();
    text.push_str(&format!("    {},\n];\n", cells.join(", ")));
    std::fs::write(path, text).with_context(|| format!("cannot write `{}`", path.display()))
}
