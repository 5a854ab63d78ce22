//! Helpers shared by the integration tests: a seeded PRNG, configurations of every variant,
//! random legal playouts and the perft data files; and, in their own files (which the fuzz
//! crate includes by path too), the slow reference rules model (`reference.rs`) and the
//! check of every invariant of a position against it (`invariants.rs`).

#![allow(dead_code)]

pub mod invariants;
pub mod reference;

use quoridor_core::{BoardSize, Config, Move, Players, Position, Variant};

// ---------------------------------------------------------------------------------------------
// A seeded PRNG (splitmix64), so every random test is deterministic. A copy of its own rather
// than `quoridor_ai::SplitMix64`: quoridor-ai depends on this crate, and these tests stay
// independent of the crates under test.

/// splitmix64: tiny, fast, and good enough to pick moves.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    pub fn percent(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}

// ---------------------------------------------------------------------------------------------
// Configurations.

/// A configuration of `players` players on a `size` board with `walls` each (`None`: default).
pub fn config(size: u8, players: u8, variant: Variant, walls: Option<u8>) -> Config {
    let size = BoardSize::new(size).expect("a supported board size");
    Config::default()
        .with_size(size)
        .with_players(Players::new(players).expect("2 to 4 players"))
        .with_variant(variant)
        .with_walls(walls)
}

/// A spread of configurations: every size, 2/3/4 players, King of the Hill, default wall
/// counts and wall counts large enough to build mazes.
pub fn all_configs() -> Vec<Config> {
    let mut out = Vec::new();
    for size in [5u8, 7, 9, 11] {
        for players in [2u8, 3, 4] {
            out.push(config(size, players, Variant::Classic, None));
            // Many walls: up to about a quarter of the board's wall slots per player.
            let many = (((size - 1) * (size - 1)) / 2 / players).max(6);
            out.push(config(size, players, Variant::Classic, Some(many)));
        }
        out.push(config(size, 4, Variant::KingOfTheHill, None));
        let many = (((size - 1) * (size - 1)) / 8).max(6);
        out.push(config(size, 4, Variant::KingOfTheHill, Some(many)));
    }
    out
}

/// The legal moves of `pos`, sorted, so that random choices do not depend on the order in
/// which the engine lists them.
pub fn sorted_moves(pos: &Position) -> Vec<Move> {
    let mut v: Vec<Move> = pos.legal_moves().iter().copied().collect();
    v.sort();
    v
}

/// Picks a random legal move, a wall with probability `wall_percent` when one is legal.
pub fn random_move(pos: &Position, rng: &mut Rng, wall_percent: u64) -> Option<Move> {
    let moves = sorted_moves(pos);
    if moves.is_empty() {
        return None;
    }
    let walls: Vec<Move> = moves.iter().copied().filter(|m| matches!(m, Move::Wall(_))).collect();
    let pawns: Vec<Move> = moves.iter().copied().filter(|m| matches!(m, Move::Pawn(_))).collect();
    if !walls.is_empty() && (pawns.is_empty() || rng.percent(wall_percent)) {
        Some(walls[rng.below(walls.len())])
    } else {
        Some(pawns[rng.below(pawns.len())])
    }
}

/// Plays the moves (written in notation) from the start of `config`.
pub fn play_from_start(config: &Config, moves: &str) -> Position {
    let mut pos = Position::start(config).expect("valid config");
    for m in moves.split_whitespace() {
        let mv: Move = m.parse().unwrap_or_else(|e| panic!("bad move {m}: {e}"));
        pos.play(mv).unwrap_or_else(|e| panic!("illegal move {m} in {pos}: {e}"));
    }
    pos
}

// ---------------------------------------------------------------------------------------------
// Perft data files.

/// One block of a `.perft` file.
#[derive(Clone, Debug)]
pub struct PerftCase {
    /// The `id` line.
    pub id: String,
    /// The position.
    pub position: Position,
    /// (depth, count, slow) rows.
    pub rows: Vec<(u32, u64, bool)>,
}

/// Reads a `.perft` file (format in the header of `tests/data/classic.perft`).
pub fn read_perft_file(text: &str) -> Vec<PerftCase> {
    struct Block {
        id: String,
        moves: Option<String>,
        position: Option<String>,
        config: Config,
        rows: Vec<(u32, u64, bool)>,
    }
    let mut blocks: Vec<Block> = Vec::new();
    for (no, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        let here = || format!("line {}: `{line}`", no + 1);
        if key == "id" {
            blocks.push(Block {
                id: rest.to_string(),
                moves: None,
                position: None,
                config: Config::default(),
                rows: Vec::new(),
            });
            continue;
        }
        let block = blocks.last_mut().unwrap_or_else(|| panic!("{}: no `id` before", here()));
        match key {
            "moves" => block.moves = Some(rest.to_string()),
            "position" => block.position = Some(rest.to_string()),
            "config" => {
                for kv in rest.split_whitespace() {
                    let (k, v) = kv.split_once('=').unwrap_or_else(|| panic!("{}", here()));
                    let c = &mut block.config;
                    match k {
                        "size" => c.size = v.parse().unwrap_or_else(|_| panic!("{}", here())),
                        "players" => c.players = v.parse().unwrap_or_else(|_| panic!("{}", here())),
                        "variant" => c.variant = v.parse().unwrap_or_else(|_| panic!("{}", here())),
                        "walls" => {
                            c.walls = Some(v.parse().unwrap_or_else(|_| panic!("{}", here())))
                        }
                        "first" => c.first = v.parse().unwrap_or_else(|_| panic!("{}", here())),
                        _ => panic!("{}: unknown config key `{k}`", here()),
                    }
                }
            }
            "perft" => {
                let parts: Vec<&str> = rest.split_whitespace().collect();
                let (depth, count, slow) = match parts.as_slice() {
                    [d, c] => (d, c, false),
                    [d, c, "slow"] => (d, c, true),
                    _ => panic!("{}: expected `perft DEPTH COUNT [slow]`", here()),
                };
                block.rows.push((
                    depth.parse().unwrap_or_else(|_| panic!("{}", here())),
                    count.parse().unwrap_or_else(|_| panic!("{}", here())),
                    slow,
                ));
            }
            _ => panic!("{}: unknown key `{key}`", here()),
        }
    }
    blocks
        .into_iter()
        .map(|b| {
            let position = match (&b.position, &b.moves) {
                (Some(p), None) => {
                    p.parse::<Position>().unwrap_or_else(|e| panic!("{}: bad position: {e}", b.id))
                }
                (None, Some(m)) => play_from_start(&b.config, m),
                _ => panic!("{}: give exactly one of `moves` and `position`", b.id),
            };
            assert!(!b.rows.is_empty(), "{}: no perft rows", b.id);
            PerftCase { id: b.id, position, rows: b.rows }
        })
        .collect()
}

/// The perft data files, read and parsed: (file name, cases).
pub fn perft_files() -> Vec<(&'static str, Vec<PerftCase>)> {
    vec![
        ("classic.perft", read_perft_file(include_str!("../data/classic.perft"))),
        ("variants.perft", read_perft_file(include_str!("../data/variants.perft"))),
    ]
}
