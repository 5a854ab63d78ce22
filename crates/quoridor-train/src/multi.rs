//! `quoridor-train --multi`: fits the three- and four-player evaluation's weights to self-play
//! games, one table per kind of game (`quoridor_ai::eval::MultiGame`), and writes them as the
//! source file the engine is built with.
//!
//! The model is a conditional logit: each player still in the game gets the score
//! `u = β · f` from its features (`quoridor_ai::eval::features_multi`), and the chance that
//! it wins is `exp(u)` over the sum of every player's `exp(u)`. The weights maximise the
//! likelihood of the games' winners (Newton's method, a little L2 regularisation); games
//! without a winner (the ply limit) tell nothing and are left out. The last games of each
//! kind are kept aside to report the loss on positions the fit did not see. The scale that
//! turns logits into the engine's centi-steps makes one step of a player's own path worth
//! about 100 on average over the data, as in two-player games.

use std::collections::HashMap;
use std::io::Write;

use anyhow::{Context as _, bail};
use quoridor_ai::eval::{
    MULTI_FEATURE_NAMES, MULTI_FEATURES, MULTI_WEIGHT_UNIT, MultiGame, features_multi,
    features_multi_of, multi_logit_of,
};
use quoridor_ai::params::{EvalParams, MULTI, MULTI_SCALE};
use quoridor_core::{Game, Outcome, Position, Seat};

use crate::Args;
use crate::data::Reader;
use crate::linear::solve;

const F: usize = MULTI_FEATURES;

/// One position: every player's features (turn order) and which of them won.
struct Sample {
    f: Vec<[f64; F]>,
    winner: usize,
    /// Distances and walls in hand, in turn order (for the scale).
    dist: Vec<u8>,
    walls: Vec<u8>,
}

/// The samples of one kind of game, game by game (in the order the files give them).
#[derive(Default)]
struct Data {
    games: Vec<Vec<Sample>>,
}

/// Reads every position of three or more players whose game has a winner still playing in
/// it, grouped by kind of game and by game.
fn read(args: &Args, reader: &mut Reader) -> anyhow::Result<(HashMap<usize, Data>, usize)> {
    let mut data: HashMap<usize, Data> = HashMap::new();
    let mut skipped = 0;
    for path in &args.files {
        let head = read_head(path)?;
        if head.trim_start().starts_with('[') {
            // A game record (`quoridor match --save` writes one per game): its positions.
            reader.note_file(path)?;
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read `{}`", path.display()))?;
            let game: Game = text
                .parse()
                .map_err(|e| anyhow::anyhow!("{}: bad game record: {e}", path.display()))?;
            let winner = match game.outcome() {
                Some(Outcome::Winner(w)) => Some(w),
                _ => None,
            };
            let rows: Vec<Position> =
                game.positions().filter(|p| !p.is_game_over()).copied().collect();
            add_game(&mut data, rows, winner, &mut skipped);
            continue;
        }
        // The rows of the game being read, and its winner: as the rows name it (every
        // seat's result), else the side to move of a row whose result is 1.
        let mut rows: Vec<Position> = Vec::new();
        let mut winner: Option<Seat> = None;
        let mut game_id: Option<Option<u64>> = None;
        reader.for_each_row(path, |row, _| {
            if game_id != Some(row.game) {
                add_game(&mut data, std::mem::take(&mut rows), winner.take(), &mut skipped);
                game_id = Some(row.game);
            }
            match row.winner {
                Some(named) => winner = named,
                None if row.result == 1.0 => winner = Some(row.pos.turn()),
                None => {}
            }
            rows.push(row.pos);
            Ok(())
        })?;
        add_game(&mut data, rows, winner, &mut skipped);
    }
    Ok((data, skipped))
}

/// The start of a file: enough to tell a game record from a data file.
fn read_head(path: &std::path::Path) -> anyhow::Result<String> {
    use std::io::Read as _;
    let mut buf = [0u8; 256];
    let mut f =
        std::fs::File::open(path).with_context(|| format!("cannot read `{}`", path.display()))?;
    let n = f.read(&mut buf).with_context(|| format!("cannot read `{}`", path.display()))?;
    Ok(String::from_utf8_lossy(&buf[..n]).into_owned())
}

/// Adds the positions of one game, won by `winner` (none: the ply limit), to `data`.
fn add_game(
    data: &mut HashMap<usize, Data>,
    rows: Vec<Position>,
    winner: Option<Seat>,
    skipped: &mut usize,
) {
    let mut by_kind: HashMap<usize, Vec<Sample>> = HashMap::new();
    for pos in rows {
        let Some(kind) = MultiGame::of(&pos) else { continue };
        match winner.and_then(|w| sample_of(&pos, w)) {
            Some(s) => by_kind.entry(kind.index()).or_default().push(s),
            None => *skipped += 1,
        }
    }
    for (k, samples) in by_kind {
        data.entry(k).or_default().games.push(samples);
    }
}

fn sample_of(pos: &Position, winner: Seat) -> Option<Sample> {
    let (seats, f, n) = features_multi(pos)?;
    let winner = seats[..n].iter().position(|&s| s == winner)?;
    let order: Vec<Seat> = seats[..n].to_vec();
    Some(Sample {
        f: f[..n].iter().map(|x| x.map(f64::from)).collect(),
        winner,
        dist: order.iter().map(|&s| pos.distance(s).unwrap_or(0)).collect(),
        walls: order.iter().map(|&s| pos.walls_in_hand(s)).collect(),
    })
}

/// Each player's chance to win under the weights `w`.
fn chances(s: &Sample, w: &[f64; F]) -> Vec<f64> {
    let u: Vec<f64> = s.f.iter().map(|x| x.iter().zip(w).map(|(a, b)| a * b).sum()).collect();
    let top = u.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = u.iter().map(|v| (v - top).exp()).collect();
    let sum: f64 = e.iter().sum();
    e.iter().map(|v| v / sum).collect()
}

/// Mean negative log-likelihood of the winners.
fn loss<'a>(samples: impl Iterator<Item = &'a Sample>, w: &[f64; F]) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for s in samples {
        sum -= chances(s, w)[s.winner].max(1e-12).ln();
        n += 1;
    }
    sum / n.max(1) as f64
}

/// Least worth of a step forward in every state the constraints check, in logits.
const MIN_STEP: f64 = 0.05;

/// The linear constraints `c · β <= -MIN_STEP` that keep a step forward worth something
/// to the player who takes it and never worth something to the others: `dist` at most
/// `-MIN_STEP`, `race-margin` and `race-leader` at least zero. The data of engines that wall
/// the race leader teach that staying behind while walls remain is worth more than a step;
/// engines that all believe it never leave home (every game then ends at the ply limit).
fn step_constraints() -> Vec<[f64; F]> {
    let unit = |k: usize, sign: f64| {
        let mut c = [0.0; F];
        c[k] = sign;
        c
    };
    vec![unit(0, 1.0), unit(2, -1.0), unit(3, -1.0)]
}

/// The slack each constraint of [`step_constraints`] allows.
const SLACK: [f64; 3] = [MIN_STEP, 0.0, 0.0];

/// The features of the walls in hand: `walls`, `walls^2`, `walls*dist`, `unanswered`.
const WALL_FEATURES: core::ops::Range<usize> = 4..8;

/// The conditional logit's weights (Newton's method), with the constraints of
/// [`step_constraints`] kept by a quadratic penalty; the weights `fixed` gives stay as
/// they are.
fn fit(
    samples: &[&Sample],
    l2: f64,
    constraints: &[[f64; F]],
    fixed: &[Option<f64>; F],
) -> [f64; F] {
    let mut w = fixed.map(|x| x.unwrap_or(0.0));
    let n = samples.len() as f64;
    for _ in 0..40 {
        let mut g = [0.0; F];
        let mut h = vec![[0.0; F]; F];
        for s in samples {
            let p = chances(s, &w);
            let mut mean = [0.0; F];
            for (x, &pi) in s.f.iter().zip(&p) {
                for k in 0..F {
                    mean[k] += pi * x[k];
                }
            }
            for k in 0..F {
                g[k] += mean[k] - s.f[s.winner][k];
            }
            for (x, &pi) in s.f.iter().zip(&p) {
                for a in 0..F {
                    if x[a] == 0.0 {
                        continue;
                    }
                    for b in 0..F {
                        h[a][b] += pi * x[a] * x[b];
                    }
                }
            }
            for a in 0..F {
                for b in 0..F {
                    h[a][b] -= mean[a] * mean[b];
                }
            }
        }
        for (i, (gi, hi)) in g.iter_mut().zip(h.iter_mut()).enumerate() {
            *gi = *gi / n + l2 * w[i];
            for hij in hi.iter_mut() {
                *hij /= n;
            }
            hi[i] += l2;
        }
        const PENALTY: f64 = 100.0;
        for (c, slack) in constraints.iter().zip(SLACK) {
            let excess: f64 = c.iter().zip(&w).map(|(a, b)| a * b).sum::<f64>() + slack;
            if excess > 0.0 {
                for a in 0..F {
                    g[a] += 2.0 * PENALTY * excess * c[a];
                    for b in 0..F {
                        h[a][b] += 2.0 * PENALTY * c[a] * c[b];
                    }
                }
            }
        }
        for (k, x) in fixed.iter().enumerate() {
            if x.is_some() {
                g[k] = 0.0;
                for (a, row) in h.iter_mut().enumerate() {
                    row[k] = 0.0;
                    if a == k {
                        *row = [0.0; F];
                        row[k] = 1.0;
                    }
                }
            }
        }
        let Some(step) = solve(h, g) else { break };
        let mut size = 0.0f64;
        for i in 0..F {
            w[i] -= step[i];
            size = size.max(step[i].abs());
        }
        if size < 1e-9 {
            break;
        }
    }
    w
}

/// Logits a step of its own path costs the side to move, on average over `samples`, with
/// the weights as the engine rounds them.
fn logits_per_step(samples: &[&Sample], kind: MultiGame, ints: &[i32; F]) -> f64 {
    let mut p = EvalParams::default();
    p.multi[kind.index()] = *ints;
    let (mut sum, mut n) = (0.0, 0usize);
    for s in samples {
        let logit = |d0: u8| {
            let mut d = s.dist.clone();
            d[0] = d0;
            let f = features_multi_of(&d, &s.walls);
            multi_logit_of(&p, kind, &f[..d.len()], 0)
        };
        if s.dist[0] >= 2 {
            sum += f64::from(logit(s.dist[0] - 1) - logit(s.dist[0])) / 1000.0;
            n += 1;
        }
    }
    sum / n.max(1) as f64
}

/// Fits every kind of game the files hold, prints the losses and the weights, and writes
/// the source file (the shipped weights of the kinds without data kept).
///
/// # Errors
/// Unreadable or malformed files, no kind with enough positions, or a file that cannot be
/// written.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut reader = Reader::default();
    if let Some(bad) = args.fit_only.iter().find(|n| !MULTI_FEATURE_NAMES.contains(&n.as_str())) {
        bail!(
            "--fit-only: `{bad}` is not a feature of the multi-player evaluation (they are {})",
            MULTI_FEATURE_NAMES.join(", ")
        );
    }
    let (data, skipped) = read(args, &mut reader)?;
    let mut tables = MULTI;
    let mut scales = MULTI_SCALE;
    let mut notes = Vec::new();
    let mut fitted = Vec::new();
    writeln!(out, "{skipped} positions skipped (no winner, or the winner had left)")?;
    for kind in MultiGame::ALL {
        let Some(d) = data.get(&kind.index()) else { continue };
        let count: usize = d.games.iter().map(Vec::len).sum();
        if count < 1000 {
            writeln!(out, "{}: {count} positions, too few to fit (at least 1000)", kind.name())?;
            continue;
        }
        // The last tenth of the games is kept aside.
        let held = (d.games.len() / 10).max(1);
        let (train, test) = d.games.split_at(d.games.len() - held);
        let train: Vec<&Sample> = train.iter().flatten().collect();
        let test: Vec<&Sample> = test.iter().flatten().collect();
        let players = train.first().map_or(3, |s| s.f.len());
        let shipped: [f64; F] = MULTI[kind.index()].map(|x| f64::from(x) / 1000.0);
        let mut fixed = [None; F];
        if args.keep_walls {
            for k in WALL_FEATURES {
                fixed[k] = Some(shipped[k]);
            }
        }
        if !args.fit_only.is_empty() {
            for (k, x) in fixed.iter_mut().enumerate() {
                if !args.fit_only.iter().any(|n| n == MULTI_FEATURE_NAMES[k]) {
                    *x = Some(shipped[k]);
                }
            }
        }
        let w = fit(&train, args.l2, &step_constraints(), &fixed);
        let ints = w.map(|x| (x * f64::from(MULTI_WEIGHT_UNIT)).round() as i32);
        let per_step = logits_per_step(&train, kind, &ints);
        if per_step <= 0.0 {
            bail!("{}: a step of path is not worth a positive chance ({per_step:.4})", kind.name());
        }
        let scale = (100.0 / per_step).round() as i32;
        writeln!(
            out,
            "{}: {} games, {count} positions ({} kept aside)",
            kind.name(),
            d.games.len(),
            test.len()
        )?;
        writeln!(
            out,
            "  loss on the winners (lower is better; equal chances score {:.4}):",
            (players as f64).ln()
        )?;
        writeln!(
            out,
            "    shipped weights:  {:.5} (kept aside {:.5})",
            loss(train.iter().copied(), &shipped),
            loss(test.iter().copied(), &shipped)
        )?;
        writeln!(
            out,
            "    fitted weights:   {:.5} (kept aside {:.5})",
            loss(train.iter().copied(), &w),
            loss(test.iter().copied(), &w)
        )?;
        writeln!(
            out,
            "  one step = {per_step:.4} logits: {scale} centi-steps per logit; weights in thousandths of a logit:"
        )?;
        for (name, v) in MULTI_FEATURE_NAMES.iter().zip(&ints) {
            writeln!(out, "    {name:<14} {v:>7}")?;
        }
        notes.push(format!(
            "{}: {} games, {count} positions; loss {:.5} on the kept-aside games",
            kind.name(),
            d.games.len(),
            loss(test.iter().copied(), &w)
        ));
        tables[kind.index()] = ints;
        scales[kind.index()] = scale;
        fitted.push(kind.index());
    }
    if notes.is_empty() {
        bail!("no positions of three or four players with enough games to fit");
    }
    if let Some(path) = &args.out {
        let mut text = String::new();
        text.push_str(
            "//! The three- and four-player evaluation's weights (see `crate::eval::features_multi`),\n\
             //! written by `quoridor-train --multi` (see `docs/ai.md`): do not edit by hand.\n//!\n",
        );
        for n in &notes {
            text.push_str(&format!("//! {n}; l2 {}.\n", args.l2));
        }
        // The notes of the kinds not fitted now stay as the file had them (their weights too).
        let before = std::fs::read_to_string(path).unwrap_or_default();
        for kind in MultiGame::ALL.iter().filter(|k| !fitted.contains(&k.index())) {
            let head = format!("//! {}: ", kind.name());
            if let Some(line) = before.lines().find(|l| l.starts_with(&head)) {
                text.push_str(line);
                text.push('\n');
            }
        }
        text.push_str(&reader.provenance.header(&args.settings()));
        text.push_str(&format!(
            "\n/// One table per `crate::eval::MultiGame`, one weight per feature, in thousandths of a logit.\n#[rustfmt::skip]\npub const MULTI: [[i32; {F}]; 3] = [\n"
        ));
        for (kind, t) in MultiGame::ALL.iter().zip(&tables) {
            text.push_str(&format!("    // {}\n    [", kind.name()));
            let cells: Vec<String> = t.iter().map(i32::to_string).collect();
            text.push_str(&cells.join(", "));
            text.push_str("],\n");
        }
        text.push_str("];\n\n/// Centi-steps per logit, per `crate::eval::MultiGame`.\n");
        text.push_str(&format!(
            "pub const MULTI_SCALE: [i32; 3] = [{}, {}, {}];\n",
            scales[0], scales[1], scales[2]
        ));
        std::fs::write(path, text).with_context(|| format!("cannot write `{}`", path.display()))?;
        writeln!(out, "weights written to {}", path.display())?;
    }
    Ok(())
}
