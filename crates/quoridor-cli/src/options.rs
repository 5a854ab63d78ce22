//! The position options shared by every subcommand that takes a position.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context as _, bail};
use quoridor_core::{BoardSize, Config, Game, Move, Players, Seat, Variant};

use quoridor_ai::SplitMix64;
use quoridor_ai::tablebase::Tablebase;

/// The longest move time any command or protocol line accepts, in milliseconds (a day).
pub const MOVETIME_MS_MAX: u64 = 86_400_000;
/// The deepest search depth any command or protocol line accepts, in plies.
pub const DEPTH_MAX: u32 = 64;

/// Who moves first: a seat, or drawn at random.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstSeat {
    /// This seat.
    Seat(Seat),
    /// Drawn at random (with `--seed` for a reproducible draw).
    Random,
}

fn parse_first(s: &str) -> Result<FirstSeat, String> {
    if s.eq_ignore_ascii_case("random") {
        return Ok(FirstSeat::Random);
    }
    s.parse::<Seat>().map(FirstSeat::Seat).map_err(|e| format!("{e}, or `random`"))
}

/// Reads a board size: odd, 5 to 11.
///
/// # Errors
/// Anything else, with the rule.
pub fn parse_size(s: &str) -> Result<BoardSize, String> {
    s.parse::<BoardSize>().map_err(|e| e.to_string())
}

/// Reads a number of players: 2, 3 or 4.
///
/// # Errors
/// Anything else, with the rule.
pub fn parse_players(s: &str) -> Result<Players, String> {
    s.parse::<Players>().map_err(|e| e.to_string())
}

/// Reads a number of walls per player, 0 to [`quoridor_core::MAX_WALLS_PER_PLAYER`].
///
/// # Errors
/// Anything else, with the rule.
pub fn parse_walls(s: &str) -> Result<u8, String> {
    match s.parse::<u8>() {
        Ok(n) if n <= quoridor_core::MAX_WALLS_PER_PLAYER => Ok(n),
        _ => Err(format!(
            "`{s}` is not a wall count: walls per player are a number from 0 to {}",
            quoridor_core::MAX_WALLS_PER_PLAYER
        )),
    }
}

fn parse_variant(s: &str) -> Result<Variant, String> {
    s.parse::<Variant>().map_err(|e| e.to_string())
}

fn parse_ply_limit(s: &str) -> Result<u32, String> {
    match s.parse::<u32>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("`{s}` is not a ply limit: expected a whole number of plies, at least 1")),
    }
}

/// `--size`, `--players`, `--variant`, `--walls`, `--first`, `--seed`, `--ply-limit`, and the
/// position itself: `--moves`, `--position` or `--game`. Without any, the start position.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct PositionOptions {
    /// Board side: odd, 5 to 11 [default: 9]
    #[arg(long, value_name = "N", value_parser = parse_size, help_heading = "Position")]
    pub size: Option<BoardSize>,
    /// Number of players: 2, 3 or 4 [default: 2]
    #[arg(long, value_name = "2|3|4", value_parser = parse_players, help_heading = "Position")]
    pub players: Option<Players>,
    /// Rules variant: classic, or koth (King of the Hill, 4 players) [default: classic]
    #[arg(long, value_name = "classic|koth", value_parser = parse_variant, help_heading = "Position")]
    pub variant: Option<Variant>,
    /// Walls per player, overriding the default for the size and players
    #[arg(long, value_name = "W", value_parser = parse_walls, help_heading = "Position")]
    pub walls: Option<u8>,
    /// The seat that moves first: S, W, N, E (or south ...), or random
    #[arg(long, value_name = "SEAT|random", value_parser = parse_first, help_heading = "Position")]
    pub first: Option<FirstSeat>,
    /// Seed for `--first random` (and anything else drawn at random)
    #[arg(long, value_name = "SEED", help_heading = "Position")]
    pub seed: Option<u64>,
    /// End the game drawn after this many plies
    #[arg(long, value_name = "PLIES", value_parser = parse_ply_limit, help_heading = "Position")]
    pub ply_limit: Option<u32>,
    /// Moves played from the start (or from --position / --game), e.g. "e2 e8 e3h"
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true, help_heading = "Position")]
    pub moves: Option<String>,
    /// A position in the project's position format, e.g. "9 S:e1:10,N:e9:10 - S 0"
    #[arg(
        long,
        value_name = "STRING",
        conflicts_with_all = ["game", "size", "players", "variant", "walls", "first", "ply_limit"],
        help_heading = "Position"
    )]
    pub position: Option<String>,
    /// A game record file; its last position
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["size", "players", "variant", "walls", "first", "ply_limit"],
        help_heading = "Position"
    )]
    pub game: Option<PathBuf>,
}

impl PositionOptions {
    /// The configuration given by the options, with the first seat drawn if asked;
    /// `default_first` is used when `--first` is not given.
    ///
    /// # Errors
    /// When the configuration breaks a rule.
    pub fn config(&self, default_first: FirstSeat) -> anyhow::Result<Config> {
        let mut config = Config::default();
        if let Some(n) = self.size {
            config.size = n;
        }
        if let Some(p) = self.players {
            config.players = p;
        }
        if let Some(v) = self.variant {
            config.variant = v;
        }
        config.walls = self.walls;
        config.ply_limit = self.ply_limit;
        config.first = match self.first.unwrap_or(default_first) {
            FirstSeat::Seat(s) => s,
            FirstSeat::Random => {
                let seats = config.seats();
                if seats.is_empty() {
                    Seat::South
                } else {
                    let mut rng =
                        SplitMix64::new(self.seed.unwrap_or_else(crate::util::clock_seed));
                    seats[rng.below(seats.len())]
                }
            }
        };
        config.validate().map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok(config)
    }

    /// The game the options describe: the start of the configuration, the `--position` or
    /// the `--game` record, then the `--moves`, each checked.
    ///
    /// # Errors
    /// A bad option, an unreadable file, a bad record or position, or an illegal move, with
    /// the rule it breaks.
    pub fn game(&self, default_first: FirstSeat) -> anyhow::Result<Game> {
        let mut game = if let Some(text) = &self.position {
            let pos = text
                .trim()
                .parse::<quoridor_core::Position>()
                .map_err(|e| anyhow::anyhow!("bad --position `{}`: {e}", text.trim()))?;
            Game::from_position(pos)
        } else if let Some(path) = &self.game {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read game record `{}`", path.display()))?;
            text.parse::<Game>()
                .map_err(|e| anyhow::anyhow!("bad game record `{}`: {e}", path.display()))?
        } else {
            let config = self.config(default_first)?;
            Game::new(&config).map_err(|e| anyhow::anyhow!("{e}"))?
        };
        if let Some(moves) = &self.moves {
            play_moves(&mut game, moves)?;
        }
        Ok(game)
    }
}

/// Plays a list of moves separated by spaces or commas (move numbers like `1.` are skipped).
///
/// # Errors
/// The first token that is not a move or not legal, with the rule it breaks.
pub fn play_moves(game: &mut Game, moves: &str) -> anyhow::Result<()> {
    let tokens = moves.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty());
    for (i, token) in tokens.filter(|t| !is_move_number(t)).enumerate() {
        let mv: Move =
            token.parse().map_err(|e| anyhow::anyhow!("--moves, move {}: {e}", i + 1))?;
        let seat = game.position().turn();
        if let Err(e) = game.play(mv) {
            bail!("--moves, move {} `{token}` ({seat}) is illegal: {e}", i + 1);
        }
    }
    Ok(())
}

fn is_move_number(t: &str) -> bool {
    t.strip_suffix('.').is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// `--depth`, `--nodes`, `--movetime`, `--level`: how long the engine thinks.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct SearchOptions {
    /// Search to this depth (plies)
    #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..=i64::from(DEPTH_MAX)), help_heading = "Engine")]
    pub depth: Option<u32>,
    /// Search this many nodes at most
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..), help_heading = "Engine")]
    pub nodes: Option<u64>,
    /// Search for this many milliseconds
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=MOVETIME_MS_MAX), help_heading = "Engine")]
    pub movetime: Option<u64>,
    /// Playing level, 1 (beginner) to 10 (full strength): its search limits
    #[arg(long, value_name = "1-10", value_parser = parse_level, help_heading = "Engine")]
    pub level: Option<quoridor_ai::Level>,
    /// Search threads (more than one shares the hash table; only one is deterministic)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_threads, help_heading = "Engine")]
    pub threads: usize,
    /// Transposition table size in MiB
    #[arg(long, value_name = "MB", value_parser = parse_hash, help_heading = "Engine")]
    pub hash: Option<usize>,
    /// An exact table written by `quoridor solve --tablebase` (repeatable): the positions it
    /// holds are played from it and scored as proven
    #[arg(long, value_name = "FILE", help_heading = "Engine")]
    pub tablebase: Vec<PathBuf>,
}

/// Reads and checks tablebase files.
///
/// # Errors
/// The first file that cannot be read or is not a valid tablebase (the error names it).
pub fn load_tablebases(files: &[PathBuf]) -> anyhow::Result<Vec<Arc<Tablebase>>> {
    files.iter().map(|f| Ok(Arc::new(Tablebase::open(f)?))).collect()
}

/// Reads a thread count, 1 to 256.
///
/// # Errors
/// Anything else, with the rule.
pub fn parse_threads(s: &str) -> Result<usize, String> {
    s.parse::<usize>()
        .ok()
        .filter(|n| (1..=quoridor_ai::params::MAX_THREADS).contains(n))
        .ok_or_else(|| {
            format!("`{s}` is not a thread count: from 1 to {}", quoridor_ai::params::MAX_THREADS)
        })
}

/// The largest transposition table the CLI accepts, in MiB (64 GiB).
pub const MAX_HASH_MB: usize = 65_536;

/// Reads a table size in MiB, 1 to 65536.
///
/// # Errors
/// Anything else, with the rule.
pub fn parse_hash(s: &str) -> Result<usize, String> {
    s.parse::<usize>().ok().filter(|n| (1..=MAX_HASH_MB).contains(n)).ok_or_else(|| {
        format!("`{s}` is not a table size: a whole number of MiB from 1 to {MAX_HASH_MB}")
    })
}

/// Reads a playing level, 1 to 10.
///
/// # Errors
/// Anything else, with the rule.
pub fn parse_level(s: &str) -> Result<quoridor_ai::Level, String> {
    s.parse::<u8>().ok().and_then(quoridor_ai::Level::new).ok_or_else(|| {
        format!("`{s}` is not a level: levels run from 1 (beginner) to 10 (full strength)")
    })
}

impl SearchOptions {
    /// The engine's options: `--threads`, and `--hash` or `default_hash_mb`.
    #[must_use]
    pub fn engine_options(&self, default_hash_mb: usize) -> quoridor_ai::EngineOptions {
        quoridor_ai::EngineOptions::default()
            .with_hash_mb(self.hash.unwrap_or(default_hash_mb))
            .with_threads(self.threads)
    }

    /// The tables of `--tablebase`, read and checked.
    ///
    /// # Errors
    /// A file that cannot be read or is not a valid tablebase (the error names it).
    pub fn tablebases(&self) -> anyhow::Result<Vec<Arc<Tablebase>>> {
        load_tablebases(&self.tablebase)
    }

    /// An engine with these options and the tables of `--tablebase`.
    ///
    /// # Errors
    /// As [`SearchOptions::tablebases`].
    pub fn engine(&self, default_hash_mb: usize) -> anyhow::Result<quoridor_ai::Engine> {
        let tables = self.tablebases()?;
        let mut engine = quoridor_ai::Engine::new(self.engine_options(default_hash_mb));
        for t in tables {
            engine.add_tablebase(t);
        }
        Ok(engine)
    }

    /// Whether any limit was given.
    #[must_use]
    pub fn is_set(&self) -> bool {
        self.depth.is_some()
            || self.nodes.is_some()
            || self.movetime.is_some()
            || self.level.is_some()
    }

    /// The limits: the level's, narrowed by every explicit limit; `fallback` when none is
    /// given.
    #[must_use]
    pub fn limits(&self, fallback: quoridor_ai::Limits) -> quoridor_ai::Limits {
        if !self.is_set() {
            return fallback;
        }
        let mut limits = self.level.map(|l| l.limits()).unwrap_or_default();
        if let Some(d) = self.depth {
            limits.depth = Some(d);
        }
        if let Some(n) = self.nodes {
            limits.nodes = Some(n);
        }
        if let Some(ms) = self.movetime {
            limits.movetime = Some(std::time::Duration::from_millis(ms));
        }
        limits
    }
}
