//! `quoridor match`: engine against engine over many games, with colours swapped, varied
//! openings, a progress bar, an Elo estimate, and every game saved as a record.

use std::io::{IsTerminal as _, Write};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context as _;
use quoridor_ai::arena::{self, GameReport, Schedule};
use quoridor_ai::params::EvalParams;
use quoridor_ai::{Bot, EngineBot, GreedyBot, Level, Limits, RandomBot};
use quoridor_core::{Game, Position, Seat};

use crate::external::ExternalBot;
use crate::options::{FirstSeat, PositionOptions};
use crate::util::{clock_seed, fmt_elo};

/// The ply limit of match games when none is given (the field's custom).
pub const DEFAULT_PLY_LIMIT: u32 = 300;

/// One side of a match.
#[derive(Debug, Clone)]
pub enum Side {
    /// The built-in engine, at a level or within limits.
    Engine {
        /// The spec as written.
        text: String,
        /// A playing level (limits, noise and random moves), when given alone.
        level: Option<Level>,
        /// The limits.
        limits: Limits,
        /// Search threads (1 unless `threads:N` is given).
        threads: usize,
        /// The transposition table in MiB, when `hash:MB` is given (else the bot's 16).
        hash_mb: Option<usize>,
        /// The walls' threats in the evaluation when `threats:N` or `threat-walls:K` is
        /// given (off as shipped): counted from N steps up (0 unless given), weighed while
        /// the walls in hand total at most K (always unless given).
        threats: Option<(u8, u8)>,
    },
    /// Uniformly random legal moves.
    Random,
    /// The greedy baseline.
    Greedy,
    /// Another program speaking the protocol.
    External {
        /// Its command line.
        command: String,
        /// Its time per move, passed with `set_movetime`.
        movetime: Option<Duration>,
    },
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Side::Engine { text, .. } => f.write_str(text),
            Side::Random => f.write_str("random"),
            Side::Greedy => f.write_str("greedy"),
            Side::External { command, movetime: Some(t) } => {
                write!(f, "movetime:{},cmd:{command}", t.as_millis())
            }
            Side::External { command, movetime: None } => write!(f, "cmd:{command}"),
        }
    }
}

const SIDE_RULE: &str = "a side is level:N (1-10), depth:D, nodes:N, movetime:MS, threads:T (1-256), \
hash:MB (1-65536), threats:N (0-255: the walls' threats in the evaluation, from N steps up), \
threat-walls:K (0-255: the threats weighed only while the walls in hand total at most K) (joined by \
commas), random, greedy, or cmd:COMMAND for an external engine (after movetime:MS, the time it is given per move)";

/// Reads a side: `level:5`, `depth:4,movetime:200`, `random`, `greedy`, `cmd:./engine --x`.
///
/// # Errors
/// Anything else, with the rule.
pub fn parse_side(s: &str) -> Result<Side, String> {
    let t = s.trim();
    match t {
        "random" => return Ok(Side::Random),
        "greedy" => return Ok(Side::Greedy),
        _ => {}
    }
    if let Some((prefix, cmd)) = split_external(t) {
        crate::util::split_command_line(cmd).map_err(|e| format!("`{s}`: {e}"))?;
        let movetime = match prefix {
            None => None,
            Some(p) => match p.split_once(':') {
                Some(("movetime", ms)) => Some(
                    parse_movetime(ms)
                        .ok_or_else(|| format!("`{p}` in `{s}` has a bad value: {SIDE_RULE}"))?,
                ),
                _ => {
                    return Err(format!(
                        "`{p}` in `{s}`: an external engine takes only movetime:MS before cmd:"
                    ));
                }
            },
        };
        return Ok(Side::External { command: cmd.trim().to_string(), movetime });
    }
    let mut level = None;
    let mut limits = Limits::default();
    let mut explicit = false;
    let mut threads = 1;
    let mut hash_mb = None;
    let mut threats = None;
    for part in t.split(',') {
        let (key, value) =
            part.split_once(':').ok_or_else(|| format!("`{s}` is not a side: {SIDE_RULE}"))?;
        let bad = || format!("`{part}` in `{s}` has a bad value: {SIDE_RULE}");
        match key {
            "level" => {
                let l = crate::options::parse_level(value)?;
                level = Some(l);
            }
            "depth" => {
                limits.depth = Some(
                    value
                        .parse::<u32>()
                        .ok()
                        .filter(|d| (1..=crate::options::DEPTH_MAX).contains(d))
                        .ok_or_else(bad)?,
                );
                explicit = true;
            }
            "nodes" => {
                limits.nodes = Some(value.parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(bad)?);
                explicit = true;
            }
            "movetime" => {
                limits.movetime = Some(parse_movetime(value).ok_or_else(bad)?);
                explicit = true;
            }
            "threads" => {
                threads = crate::options::parse_threads(value).map_err(|_| bad())?;
            }
            "hash" => {
                hash_mb = Some(crate::options::parse_hash(value).map_err(|_| bad())?);
            }
            "threats" => {
                let least = value.parse::<u8>().map_err(|_| bad())?;
                threats = Some((least, threats.map_or(u8::MAX, |(_, walls)| walls)));
            }
            "threat-walls" => {
                let walls = value.parse::<u8>().map_err(|_| bad())?;
                threats = Some((threats.map_or(0, |(least, _)| least), walls));
            }
            _ => return Err(format!("`{key}` in `{s}` is not a limit: {SIDE_RULE}")),
        }
    }
    if level.is_none() && !explicit {
        return Err(format!("`{s}` sets no level and no limit: {SIDE_RULE}"));
    }
    let limits = match (level, explicit) {
        (Some(l), true) => {
            let mut base = l.limits();
            base.depth = limits.depth.or(base.depth);
            base.nodes = limits.nodes.or(base.nodes);
            base.movetime = limits.movetime.or(base.movetime);
            base
        }
        (Some(l), false) => l.limits(),
        (None, _) => limits,
    };
    let level = if explicit { None } else { level };
    Ok(Side::Engine { text: t.to_string(), level, limits, threads, hash_mb, threats })
}

/// The engine of an engine side: its level or limits, threads and table (the bot's 16 MiB
/// when `hash_mb` is `None`), and the walls' threats in its evaluation when `threats` says
/// from how many steps up.
fn engine_bot(
    level: Option<Level>,
    limits: &Limits,
    (threads, hash_mb, threats): (usize, Option<usize>, Option<(u8, u8)>),
    seed: u64,
) -> EngineBot {
    let mut bot = match level {
        Some(l) => EngineBot::with_level(l, seed),
        None => EngineBot::new(limits.clone()),
    };
    bot.engine().set_threads(threads);
    if let Some(mb) = hash_mb {
        bot.engine().set_hash(mb);
    }
    if let Some((least, walls)) = threats {
        let mut p = EvalParams::default().with_threats(least);
        p.threat_walls = walls;
        bot.engine().set_eval_params(p);
    }
    bot
}

/// `cmd:COMMAND` or `LIMIT,cmd:COMMAND`: the limit (if any) and the command line.
fn split_external(t: &str) -> Option<(Option<&str>, &str)> {
    if let Some(cmd) = t.strip_prefix("cmd:") {
        return Some((None, cmd));
    }
    let at = t.find(",cmd:")?;
    Some((Some(&t[..at]), &t[at + ",cmd:".len()..]))
}

/// Milliseconds, 1 to a day.
fn parse_movetime(ms: &str) -> Option<Duration> {
    ms.parse::<u64>()
        .ok()
        .filter(|ms| (1..=crate::options::MOVETIME_MS_MAX).contains(ms))
        .map(Duration::from_millis)
}

impl Side {
    fn bot(&self, seed: u64, timeout: Duration) -> anyhow::Result<Box<dyn Bot>> {
        Ok(match self {
            Side::Engine { level, limits, threads, hash_mb, threats, .. } => {
                Box::new(engine_bot(*level, limits, (*threads, *hash_mb, *threats), seed))
            }
            Side::Random => Box::new(RandomBot::new(seed)),
            Side::Greedy => Box::new(GreedyBot::new()),
            Side::External { command, movetime } => {
                Box::new(ExternalBot::spawn(command, *movetime, timeout)?)
            }
        })
    }
}

/// Arguments of `quoridor match`.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Side A: level:N, depth:D, nodes:N, movetime:MS, threads:T, hash:MB (joined by
    /// commas), random, greedy, or cmd:COMMAND
    #[arg(value_name = "A", value_parser = parse_side)]
    pub a: Side,
    /// Side B, as side A
    #[arg(value_name = "B", value_parser = parse_side)]
    pub b: Side,
    /// Number of games (played in pairs with the colours swapped)
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: u32,
    /// Starts at game N of the --games (the same openings and seeds as the whole match):
    /// the rest of a match that was stopped
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub first_game: u32,
    /// Random moves played at the start of each pair of games (varied by --seed)
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=40))]
    pub opening_plies: u32,
    /// Percent of the random opening moves that are walls (the rest are pawn moves)
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=100))]
    pub opening_walls: u32,
    /// Directory where every game record is written
    #[arg(long, value_name = "DIR", default_value = "match-games")]
    pub save: PathBuf,
    /// Do not save the game records
    #[arg(long, conflicts_with = "save")]
    pub no_save: bool,
    /// Seconds an external engine may take to answer one command
    #[arg(long, value_name = "SECS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub timeout: u64,
    /// Print the summary as one JSON object
    #[arg(long)]
    pub json: bool,
    /// The position options: the board and the start position (ply limit 300 by default).
    #[command(flatten)]
    pub position: PositionOptions,
}

#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
}

/// Plays the match and prints one line per game and the summary.
///
/// # Errors
/// A bad option, an external engine that cannot be started, or a failed write.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    if args.first_game > args.games {
        anyhow::bail!(
            "--first-game {} is past the match's last game: --games {} plays games 1 to {}",
            args.first_game,
            args.games,
            args.games
        );
    }
    let start = start_game(&args.position)?;
    let seed = args.position.seed.unwrap_or_else(clock_seed);
    let timeout = Duration::from_secs(args.timeout);
    if !args.no_save {
        std::fs::create_dir_all(&args.save)
            .with_context(|| format!("cannot create the directory `{}`", args.save.display()))?;
    }
    let sides = [&args.a, &args.b];
    let schedule =
        Schedule::new(start.position(), seed).with_opening(args.opening_plies, args.opening_walls);
    let mut tally = Tally::default();
    let bar = std::io::stderr().is_terminal();
    for g in args.first_game - 1..args.games {
        let report =
            arena::play_game(&start, &schedule, g, |side, seed| sides[side].bot(seed, timeout))?;
        let GameReport { mut game, seats, winner, notes, .. } = report;
        match winner {
            Some(0) => tally.wins += 1,
            Some(_) => tally.losses += 1,
            None => tally.draws += 1,
        }
        let label = |side: usize| if side == 0 { "A" } else { "B" };
        let seats_text: Vec<String> =
            seats.iter().map(|s| format!("{}={}", s.seat.letter(), label(s.side))).collect();
        game.set_tag("Event", "quoridor match")?;
        game.set_tag("Round", &(g + 1).to_string())?;
        game.set_tag("Seed", &seed.to_string())?;
        for s in &seats {
            game.set_tag(&s.seat.to_string(), &format!("{}: {}", label(s.side), s.bot))?;
        }
        if !notes.is_empty() {
            game.set_tag("Termination", &notes.join("; "))?;
        }
        let file = args.save.join(format!("game-{:04}.txt", g + 1));
        if !args.no_save {
            std::fs::write(&file, game.to_string())
                .with_context(|| format!("cannot write `{}`", file.display()))?;
        }
        let result = match winner {
            Some(0) => "A wins",
            Some(_) => "B wins",
            None => "draw",
        };
        if bar {
            let _ = write!(std::io::stderr(), "\r\x1b[2K");
        }
        if !args.json {
            writeln!(
                out,
                "game {}/{}: {} {result} ({}, {} plies){}",
                g + 1,
                args.games,
                seats_text.join(" "),
                game.result_token(),
                game.position().ply(),
                if notes.is_empty() { String::new() } else { format!(" [{}]", notes.join("; ")) }
            )?;
            out.flush()?;
        }
        if bar {
            progress(g + 1, args.games, tally);
        }
    }
    if bar {
        let _ = writeln!(std::io::stderr());
    }
    summary(args, seed, tally, out)
}

/// The game a match (or self-play) starts from: the position options' start, with the ply
/// limit of matches when none is given.
pub(crate) fn start_game(p: &PositionOptions) -> anyhow::Result<Game> {
    let from_config = p.position.is_none() && p.game.is_none() && p.moves.is_none();
    if from_config {
        let mut config = p.config(FirstSeat::Seat(Seat::South))?;
        config.ply_limit = Some(config.ply_limit.unwrap_or(DEFAULT_PLY_LIMIT));
        return Game::new(&config).map_err(|e| anyhow::anyhow!("{e}"));
    }
    let pos = *p.game(FirstSeat::Seat(Seat::South))?.position();
    if pos.is_game_over() {
        anyhow::bail!(
            "the start position of the match is already finished ({})",
            crate::board::status(&pos)
        );
    }
    let mut setup = pos.to_setup();
    if setup.ply_limit.is_none() {
        setup.ply_limit = Some(pos.ply() + DEFAULT_PLY_LIMIT);
    }
    let pos = Position::try_from(setup).map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(Game::from_position(pos))
}

fn progress(done: u32, total: u32, t: Tally) {
    let width = 30usize;
    let filled = (done as usize * width) / (total.max(1) as usize);
    let bar: String = "#".repeat(filled) + &"-".repeat(width - filled);
    let _ = write!(
        std::io::stderr(),
        "\r[{bar}] {done}/{total}  A +{} ={} -{}",
        t.wins,
        t.draws,
        t.losses
    );
    let _ = std::io::stderr().flush();
}

fn summary(args: &Args, seed: u64, t: Tally, out: &mut dyn Write) -> anyhow::Result<()> {
    let games = t.wins + t.draws + t.losses;
    let e = arena::elo(t.wins, t.draws, t.losses);
    let finite = |x: f64| {
        if x.is_finite() {
            serde_json::json!((x * 10.0).round() / 10.0 + 0.0)
        } else {
            serde_json::Value::Null
        }
    };
    if args.json {
        let obj = serde_json::json!({
            "a": args.a.to_string(),
            "b": args.b.to_string(),
            "games": games,
            "wins": t.wins,
            "draws": t.draws,
            "losses": t.losses,
            "score": e.map(|e| e.score),
            "elo": e.map(|e| finite(e.elo)),
            "elo_low": e.map(|e| finite(e.low)),
            "elo_high": e.map(|e| finite(e.high)),
            "seed": seed,
            "records": if args.no_save { None } else { Some(args.save.display().to_string()) },
        });
        writeln!(out, "{obj}")?;
        return Ok(());
    }
    writeln!(out, "A: {}", args.a)?;
    writeln!(out, "B: {}", args.b)?;
    writeln!(out, "games {games}: A wins {}, draws {}, losses {}", t.wins, t.draws, t.losses)?;
    if let Some(e) = e {
        writeln!(
            out,
            "score {:.1}%, Elo difference {} (95% interval {} to {})",
            e.score * 100.0,
            fmt_elo(e.elo),
            fmt_elo(e.low),
            fmt_elo(e.high)
        )?;
    }
    if !args.no_save {
        writeln!(out, "records saved in {}", args.save.display())?;
    }
    writeln!(out, "seed {seed}")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_side_takes_a_table_size() {
        let Ok(Side::Engine { level, limits, threads, hash_mb, .. }) =
            parse_side("movetime:100,hash:256,threads:2")
        else {
            panic!("an engine side");
        };
        assert_eq!((hash_mb, threads), (Some(256), 2));
        let mut bot = engine_bot(level, &limits, (threads, hash_mb, None), 1);
        assert_eq!(bot.engine().options().hash_mb, 256);
        assert_eq!(bot.engine().options().threads, 2);
        // Without it, the bot's own 16 MiB.
        let Ok(Side::Engine { level, limits, threads, hash_mb, .. }) = parse_side("level:9") else {
            panic!("an engine side");
        };
        let mut bot = engine_bot(level, &limits, (threads, hash_mb, None), 1);
        assert_eq!(bot.engine().options().hash_mb, 16);
        for bad in ["depth:2,hash:0", "depth:2,hash:65537", "depth:2,hash:x", "hash:64"] {
            let err = parse_side(bad).expect_err(bad);
            assert!(err.contains("hash:") && err.contains("1-65536"), "{bad}: {err}");
        }
    }

    #[test]
    fn an_engine_side_takes_the_walls_threats() {
        let Ok(Side::Engine { threats, .. }) = parse_side("movetime:100,threats:3") else {
            panic!("an engine side");
        };
        assert_eq!(threats, Some((3, u8::MAX)));
        let Ok(Side::Engine { threats, .. }) = parse_side("threat-walls:6,nodes:500,threats:2")
        else {
            panic!("an engine side");
        };
        assert_eq!(threats, Some((2, 6)));
        let Ok(Side::Engine { threats, .. }) = parse_side("nodes:500,threat-walls:0") else {
            panic!("an engine side");
        };
        assert_eq!(threats, Some((0, 0)));
        let Ok(Side::Engine { threats, .. }) = parse_side("nodes:500") else {
            panic!("an engine side");
        };
        assert_eq!(threats, None);
        for bad in [
            "depth:2,threats:-1",
            "depth:2,threats:256",
            "depth:2,threats:x",
            "depth:2,threats:1.5",
            "depth:2,threat-walls:-1",
            "depth:2,threat-walls:256",
            "depth:2,threat-walls:",
        ] {
            let err = parse_side(bad).expect_err(bad);
            assert!(err.contains("threat") && err.contains("0-255"), "{bad}: {err}");
        }
    }
}
