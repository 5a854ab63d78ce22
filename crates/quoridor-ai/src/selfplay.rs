//! Self-play: the engine against itself from random openings, every searched position kept
//! with its search score and the game's result: the data the evaluation is fitted on.
//!
//! Game `g` of a run depends only on the start, the [`SelfPlaySettings`] and `g` (its
//! opening is drawn from the seed and `g`, and every game is played by new engines), so games can be played in any order, in any process, and come out the same:
//! `quoridor selfplay` plays them one after another, the Python package's
//! `quoridor.selfplay` on as many workers as it has, by ranges. Only a time limit per move
//! (`movetime`) makes games depend on the machine.
//!
//! ```
//! use quoridor_ai::selfplay::{SelfPlay, SelfPlaySettings};
//! use quoridor_core::{BoardSize, Config, Game};
//!
//! let config = Config::default().with_size(BoardSize::try_from(5)?).with_ply_limit(Some(100));
//! let mut settings = SelfPlaySettings::default();
//! (settings.nodes, settings.seed) = (Some(200), 7);
//! let play = SelfPlay::new(Game::new(&config)?, settings);
//! let game = play.play(0);
//! assert!(!game.rows.is_empty());
//! assert_eq!(play.play(0), game); // the same game again
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::time::Duration;

use quoridor_core::{Game, Outcome, Position, Seat};

use crate::arena::random_opening;
use crate::{Engine, EngineOptions, Limits, Score, SplitMix64};

/// The engine as the data files name it: `quoridor-ai` and its version.
pub const ENGINE: &str = concat!("quoridor-ai ", env!("CARGO_PKG_VERSION"));

/// The columns of the data files, in the order of the text form (`quoridor selfplay`'s
/// first line names them, tab-separated); the Parquet shards of the Python package's
/// `quoridor.selfplay` have the same names. `docs/ai.md` describes each.
pub const COLUMNS: [&str; 10] = [
    "position", "score", "result", "game", "side", "ply", "results", "engine", "commit", "settings",
];

/// Nodes per move when no limit is given: games that do not depend on the machine.
pub const DEFAULT_NODES: u64 = 20_000;

/// How the games are played: the search per move, the openings, the table, the seed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SelfPlaySettings {
    /// Nodes per move. With no limit at all, [`DEFAULT_NODES`].
    pub nodes: Option<u64>,
    /// Depth per move, in plies.
    pub depth: Option<u32>,
    /// Milliseconds per move.
    pub movetime_ms: Option<u64>,
    /// Random moves played at the start of each game.
    pub opening_plies: u32,
    /// Percent of the random opening moves that are walls.
    pub opening_walls: u32,
    /// Transposition table per engine, in MiB.
    pub hash_mb: usize,
    /// The seed of the openings and of the engines.
    pub seed: u64,
}

impl Default for SelfPlaySettings {
    fn default() -> Self {
        SelfPlaySettings {
            nodes: None,
            depth: None,
            movetime_ms: None,
            opening_plies: 4,
            opening_walls: 25,
            hash_mb: 16,
            seed: 0,
        }
    }
}

impl SelfPlaySettings {
    /// The search limits of every move.
    #[must_use]
    pub fn limits(&self) -> Limits {
        let mut limits = Limits::default();
        let none = self.depth.is_none() && self.movetime_ms.is_none();
        limits.nodes = self.nodes.or(if none { Some(DEFAULT_NODES) } else { None });
        limits.depth = self.depth;
        limits.movetime = self.movetime_ms.map(Duration::from_millis);
        limits
    }
}

/// The settings as one line of `key=value` pairs (a `-` for a limit not set), the same in
/// every front end: the data files' `settings` column.
///
/// ```
/// let mut s = quoridor_ai::selfplay::SelfPlaySettings::default();
/// s.seed = 3;
/// assert_eq!(
///     s.to_string(),
///     "nodes=20000 depth=- movetime=- opening-plies=4 opening-walls=25 hash=16 seed=3"
/// );
/// ```
impl fmt::Display for SelfPlaySettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let limits = self.limits();
        let opt = |x: Option<u64>| x.map_or("-".to_string(), |v| v.to_string());
        write!(
            f,
            "nodes={} depth={} movetime={} opening-plies={} opening-walls={} hash={} seed={}",
            opt(limits.nodes),
            opt(self.depth.map(u64::from)),
            opt(self.movetime_ms),
            self.opening_plies,
            self.opening_walls,
            self.hash_mb,
            self.seed
        )
    }
}

/// One searched position of a self-play game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SelfPlayRow {
    /// The position searched (its side to move is the searcher).
    pub position: Position,
    /// The search score from the side to move, as [`score_number`] writes it.
    pub score: i32,
}

/// One self-play game: its number, the positions the engines searched, and how it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelfPlayGame {
    /// The game's number in its run (it fixes the opening).
    pub game: u64,
    /// Every searched position, in the order played (the random opening's are not).
    pub rows: Vec<SelfPlayRow>,
    /// The seats of the game, in turn order from the start.
    pub seats: Vec<Seat>,
    /// How the game ended: `None` when a search gave no move (a game cut short).
    pub outcome: Option<Outcome>,
}

impl SelfPlayGame {
    /// The points `seat` scored: 1 for the winner, 0 for the others, 0.5 for everyone in a
    /// game drawn at the ply limit or cut short.
    #[must_use]
    pub fn points(&self, seat: Seat) -> f64 {
        match self.outcome {
            Some(Outcome::Winner(w)) if w == seat => 1.0,
            Some(Outcome::Winner(_)) => 0.0,
            _ => 0.5,
        }
    }

    /// Every seat's points as `S:1,N:0` (seat letters in turn order from the start): the
    /// data files' `results` column.
    #[must_use]
    pub fn results(&self) -> String {
        let cells: Vec<String> = self
            .seats
            .iter()
            .map(|&s| format!("{}:{}", s.letter(), points_text(self.points(s))))
            .collect();
        cells.join(",")
    }
}

impl SelfPlayGame {
    /// The game's rows in the text form, one line each (tab-separated [`COLUMNS`], a
    /// newline after each), the engine built from `commit` and playing by `settings`.
    #[must_use]
    pub fn text_lines(&self, commit: &str, settings: &str) -> String {
        let results = self.results();
        let mut text = String::new();
        for r in &self.rows {
            let pos = r.position;
            let result = points_text(self.points(pos.turn()));
            text.push_str(&format!(
                "{pos}\t{}\t{result}\t{}\t{}\t{}\t{results}\t{ENGINE}\t{commit}\t{settings}\n",
                r.score,
                self.game,
                pos.turn().letter(),
                pos.ply()
            ));
        }
        text
    }
}

/// Points as the data files write them: `1`, `0.5` or `0`.
#[must_use]
pub fn points_text(points: f64) -> &'static str {
    if points >= 1.0 {
        "1"
    } else if points <= 0.0 {
        "0"
    } else {
        "0.5"
    }
}

/// A search score as a whole number of centi-steps for the data files: evaluations as they
/// are (within ±29,000), a win in `n` plies as `30000 - n`, a loss as `-30000 + n`.
///
/// ```
/// use quoridor_ai::{Score, selfplay::score_number};
/// assert_eq!(score_number(Score::Eval(-125)), -125);
/// assert_eq!(score_number(Score::Win(5)), 29_995);
/// ```
#[must_use]
pub fn score_number(s: Score) -> i32 {
    match s {
        Score::Win(n) => 30_000 - n.min(999) as i32,
        Score::Loss(n) => -30_000 + n.min(999) as i32,
        Score::Eval(v) => v.clamp(-29_000, 29_000),
    }
}

/// Plays self-play games from one start with one set of settings (new engines, one per
/// seat, for every game).
pub struct SelfPlay {
    start: Game,
    settings: SelfPlaySettings,
    limits: Limits,
    seats: Vec<Seat>,
}

impl fmt::Debug for SelfPlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SelfPlay")
            .field("start", &self.start.position().to_string())
            .field("settings", &self.settings)
            .finish_non_exhaustive()
    }
}

impl SelfPlay {
    /// Games from `start` (its ply limit ends games that nobody wins) under `settings`.
    #[must_use]
    pub fn new(start: Game, settings: SelfPlaySettings) -> SelfPlay {
        let seats: Vec<Seat> = start.position().seats().collect();
        let limits = settings.limits();
        SelfPlay { start, settings, limits, seats }
    }

    /// Fresh engines, one per seat: `Engine::new_game` clears the table and the history
    /// but keeps caches (race tables) whose presence changes a search, so a game played by
    /// engines that played another before it would not be the game played alone.
    fn engines(&self) -> Vec<Engine> {
        (0..self.seats.len() as u64)
            .map(|i| {
                Engine::new(
                    EngineOptions::default()
                        .with_hash_mb(self.settings.hash_mb)
                        .with_seed(self.settings.seed.wrapping_add(i)),
                )
            })
            .collect()
    }

    /// The settings the games are played with.
    #[must_use]
    pub fn settings(&self) -> &SelfPlaySettings {
        &self.settings
    }

    /// The start of every game, before its random opening.
    #[must_use]
    pub fn start(&self) -> &Game {
        &self.start
    }

    /// Plays game number `game`: the random opening that the seed and `game` draw, then the
    /// engines until the game ends.
    pub fn play(&self, game: u64) -> SelfPlayGame {
        let seed = self.settings.seed;
        let mut rng = SplitMix64::new(seed.wrapping_mul(0x2545_f491_4f6c_dd1d).wrapping_add(game));
        let mut played = self.start.clone();
        let opening = random_opening(
            played.position(),
            self.settings.opening_plies,
            self.settings.opening_walls,
            &mut rng,
        );
        for m in opening {
            if played.play(m).is_err() {
                break;
            }
        }
        let mut engines = self.engines();
        let mut rows = Vec::new();
        let mut cut_short = false;
        while !played.position().is_game_over() {
            let position = *played.position();
            let i = self.seats.iter().position(|&s| s == position.turn()).unwrap_or(0);
            let found = engines[i].search_game(&played, &self.limits, &mut |_| {});
            let Some(r) = found else {
                cut_short = true;
                break;
            };
            rows.push(SelfPlayRow { position, score: score_number(r.info.score) });
            if played.play(r.best).is_err() {
                cut_short = true;
                break;
            }
        }
        let outcome = if cut_short { None } else { played.outcome() };
        SelfPlayGame { game, rows, seats: self.seats.clone(), outcome }
    }
}

#[cfg(test)]
mod tests {
    use quoridor_core::{BoardSize, Config, Players};

    use super::*;

    fn start(size: u8, players: Players) -> Game {
        let config = Config::default()
            .with_size(BoardSize::try_from(size).unwrap())
            .with_players(players)
            .with_ply_limit(Some(120));
        Game::new(&config).unwrap()
    }

    /// A game played alone is the game played after others: the shards of a run can be
    /// played in any order, on any worker.
    #[test]
    fn a_game_does_not_depend_on_the_games_before_it() {
        // Game 8 of seed 1 after game 7 once differed from game 8 alone by one score: the
        // engines were kept between games, and `Engine::new_game` keeps caches.
        let settings = SelfPlaySettings { nodes: Some(20_000), seed: 1, ..Default::default() };
        let run = SelfPlay::new(start(9, Players::Two), settings.clone());
        let seventh = run.play(7);
        let after = run.play(8);
        let alone = SelfPlay::new(start(9, Players::Two), settings).play(8);
        assert_eq!(after, alone);
        assert_ne!(seventh.rows, after.rows, "openings differ by game");
        let settings = SelfPlaySettings { nodes: Some(2_000), seed: 11, ..Default::default() };
        let run = SelfPlay::new(start(7, Players::Three), settings.clone());
        let before: Vec<SelfPlayGame> = (0..3).map(|g| run.play(g)).collect();
        let alone = SelfPlay::new(start(7, Players::Three), settings);
        assert_eq!(alone.play(2), before[2]);
    }

    /// Every row is a position of the game not yet over, searched by its side to move, and
    /// the results name every seat once with the winner's point.
    #[test]
    fn rows_and_results_describe_the_game() {
        let settings = SelfPlaySettings { depth: Some(2), seed: 5, ..Default::default() };
        let run = SelfPlay::new(start(5, Players::Three), settings);
        let game = run.play(4);
        assert!(game.rows.len() > 3);
        assert!(game.rows.iter().all(|r| !r.position.is_game_over()));
        let results = game.results();
        assert_eq!(results.split(',').count(), 3, "{results}");
        match game.outcome {
            Some(Outcome::Winner(w)) => {
                assert!(results.contains(&format!("{}:1", w.letter())), "{results}");
                assert_eq!(results.matches(":0").count(), 2, "{results}");
            }
            _ => assert_eq!(results.matches(":0.5").count(), 3, "{results}"),
        }
    }

    #[test]
    fn the_default_limit_is_nodes_and_settings_read_as_one_line() {
        let s = SelfPlaySettings { depth: Some(3), seed: 1, ..Default::default() };
        assert_eq!(s.limits().nodes, None);
        assert_eq!(
            s.to_string(),
            "nodes=- depth=3 movetime=- opening-plies=4 opening-walls=25 hash=16 seed=1"
        );
        assert_eq!(SelfPlaySettings::default().limits().nodes, Some(DEFAULT_NODES));
    }
}
