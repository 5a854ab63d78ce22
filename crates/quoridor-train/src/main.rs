//! `quoridor-train`: fits the engine's evaluation to self-play data and writes the weights
//! as the source files the engine is built with (`crates/quoridor-ai/src/weights.rs`,
//! `net_weights.rs`, `weights_multi.rs`, `chance_table.rs`). A tool of the project, not of
//! its users: it is not published, and the `quoridor` binary does not carry it.
//!
//! - `linear`: the two-player evaluation's weights (logistic regression, Newton's method);
//! - `net`: the network on top of them (`--net`);
//! - `multi`: the three- and four-player conditional logit (`--multi`);
//! - `chance`: the winning chances' tables (`--chance`);
//! - `data`: reading the text files and Parquet shards, and the provenance every weights
//!   file's header gives (a hash of the data, the engines and settings that played it, this
//!   tool's commit and settings).
//!
//! Exit codes: 0 on success, 2 on bad input or any other error, with a one-line message.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

mod chance;
mod data;
mod linear;
mod multi;
mod net;

/// The command line of `quoridor-train`.
#[derive(Debug, Clone, Parser)]
#[command(
    name = "quoridor-train",
    version,
    about = "Fit the engine's evaluation to self-play data: the linear weights, the network (--net), the three- and four-player weights (--multi), the winning chances (--chance)"
)]
pub struct Args {
    /// Data: text files of `quoridor selfplay`, Parquet shards of `python -m
    /// quoridor.selfplay`, directories of shards (their *.parquet), and with --multi game
    /// records of `quoridor match --save`
    #[arg(value_name = "FILE|DIR", required = true)]
    pub files: Vec<PathBuf>,
    /// Where the weights go, as a Rust source file (e.g. crates/quoridor-ai/src/weights.rs);
    /// without it they are only printed
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Weight of the search score in the target, 0 (results only) to 1 (scores only)
    #[arg(long, default_value_t = 0.0, value_parser = parse_lambda)]
    pub lambda: f64,
    /// Positions with a search score beyond this (centi-steps; found wins and losses) are
    /// left out: the evaluation is never asked about them
    #[arg(long, default_value_t = 5000, value_name = "CS")]
    pub max_score: i32,
    /// L2 regularisation strength
    #[arg(long, default_value_t = 1e-4, value_name = "X")]
    pub l2: f64,
    /// Train the network (`quoridor_ai::net`) on top of the shipped linear weights instead
    /// of fitting those; `--out` then names the network's source file
    /// (crates/quoridor-ai/src/net_weights.rs)
    #[arg(long)]
    pub net: bool,
    /// Network training: passes over the data
    #[arg(long, default_value_t = 12, value_name = "N", requires = "net")]
    pub epochs: u32,
    /// Network training: Adam's learning rate
    #[arg(long, default_value_t = 2e-3, value_name = "X", requires = "net")]
    pub learning_rate: f64,
    /// Network training: positions per step
    #[arg(long, default_value_t = 256, value_name = "N", requires = "net")]
    pub batch: usize,
    /// Network training and `--chance`: the share of the data (its last games) kept aside
    /// to measure the loss the network reaches, or the calibration of the chances, on
    /// positions not fitted on
    #[arg(long, default_value_t = 0.05, value_name = "X", value_parser = parse_share)]
    pub validation: f64,
    /// Network training: the random seed of the initial weights and the shuffles
    #[arg(long, default_value_t = 1, value_name = "N", requires = "net")]
    pub seed: u64,
    /// Fit the three- and four-player evaluation (`quoridor_ai::eval::features_multi`, one
    /// table per kind of game found in the files) instead; `--out` then names its source
    /// file (crates/quoridor-ai/src/weights_multi.rs)
    #[arg(long, conflicts_with = "net")]
    pub multi: bool,
    /// With --multi: keep the shipped weights of the walls in hand (`walls`, `walls^2`,
    /// `walls*dist`, `unanswered`) and fit the others around them. A fit of who wins from
    /// the position sees walls still to be placed only through the results, so their worth
    /// is set by matches (`docs/ai.md`)
    #[arg(long, requires = "multi")]
    pub keep_walls: bool,
    /// With --multi: fit only these features (their names, comma-separated, e.g.
    /// `vul,near-safe`) and keep the shipped weights of every other: how a feature is added
    /// to weights that matches have tuned
    #[arg(long, requires = "multi", value_delimiter = ',', value_name = "NAMES")]
    pub fit_only: Vec<String>,
    /// Fit the two-player winning chance of a search score on the results instead (a
    /// table; `--out` then names crates/quoridor-ai/src/chance_table.rs), and print its
    /// calibration per tenth on the last games (`--validation`, their share)
    #[arg(long, conflicts_with_all = ["net", "multi"])]
    pub chance: bool,
}

fn parse_share(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x > 0.0 && x < 1.0 => Ok(x),
        _ => Err(format!("`{s}` is not a share: expected a number between 0 and 1")),
    }
}

fn parse_lambda(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("`{s}` is not a weight: expected a number from 0 to 1")),
    }
}

impl Args {
    /// The settings of this fit, as a weights file's header gives them.
    fn settings(&self) -> String {
        let mode = if self.net {
            "--net"
        } else if self.multi {
            "--multi"
        } else if self.chance {
            "--chance"
        } else {
            "linear"
        };
        let mut s =
            format!("{mode}, lambda {}, l2 {}, max-score {}", self.lambda, self.l2, self.max_score);
        if self.net {
            s.push_str(&format!(
                ", epochs {}, learning-rate {}, batch {}, validation {}, seed {}",
                self.epochs, self.learning_rate, self.batch, self.validation, self.seed
            ));
        } else if self.chance {
            s.push_str(&format!(", validation {}", self.validation));
        } else if self.keep_walls {
            s.push_str(", keep-walls");
        }
        if !self.fit_only.is_empty() {
            s.push_str(&format!(", fit-only {}", self.fit_only.join(",")));
        }
        s
    }
}

fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut args = args.clone();
    args.files = data::expand(&args.files)?;
    if args.multi {
        multi::run(&args, out)
    } else if args.chance {
        chance::run(&args, out)
    } else {
        linear::run(&args, out)
    }
}

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(a) => a,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = write!(std::io::stdout(), "{e}");
                return ExitCode::SUCCESS;
            }
            // clap's first paragraph, on one line: a message such as "the following required
            // arguments were not provided:" names the arguments on the lines below it.
            let text = e.to_string();
            let lines: Vec<&str> = text
                .lines()
                .map(str::trim)
                .skip_while(|l| l.is_empty())
                .take_while(|l| !l.is_empty())
                .collect();
            let first = lines.join(" ");
            let first = first.strip_prefix("error: ").unwrap_or(&first);
            let first = if first.is_empty() { "bad arguments" } else { first };
            let _ = writeln!(
                std::io::stderr(),
                "quoridor-train: {first} (see `quoridor-train --help`)"
            );
            return ExitCode::from(2);
        }
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match run(&args, &mut out).and_then(|()| Ok(out.flush()?)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let msg = format!("{e:#}").replace('\n', " ");
            let _ = writeln!(std::io::stderr(), "quoridor-train: {msg}");
            ExitCode::from(2)
        }
    }
}
