//! A fixed set of positions searched to a fixed depth: the total node count is the search's
//! signature (it changes only when the search's behaviour does), and nodes per second
//! measure its speed.

use std::time::Duration;

use quoridor_core::Position;

use crate::engine::Engine;
use crate::time::Instant;
use crate::{EngineOptions, Limits};

/// The bench positions, in the position format: two players on 9x9 (opening, middle game,
/// a wall maze, an endgame with few walls), 7x7 and 5x5, three and four players, King of
/// the Hill.
pub const BENCH_FENS: &[&str] = &[
    "9 S:e1:10,N:e9:10 - S 0",
    "9 S:e3:10,N:e7:10 - S 4",
    "9 S:e2:9,N:e8:10 e3h N 3",
    "9 S:e4:8,N:e6:9 e3h,d4v,f6v N 6",
    "9 S:d5:6,N:e6:6 c3h,e3h,d4v,f6v,c6h,e7h,g5v,b2v S 15",
    "9 S:e5:3,N:d6:4 e3h,e4h,c4h,d4v,e5v,a5h,h8h,b5v,f3v,e7v,c3h,d7h,b2v N 21",
    "9 S:c6:1,N:g4:2 a5h,c5h,e5h,g5h,h3v,f2v,d7v,b3h,f7h,c2v,e8h,h6h,a7h,d3v,g8h,b8v,f4h N 30",
    "7 S:d1:8,N:d7:8 - S 0",
    "7 S:c4:5,N:e4:6 c3h,d5h,b4v,e2v,a5h S 9",
    "5 S:c2:2,N:c4:3 b2h,c3v S 4",
    "9 S:e1:7,W:a5:7,N:e9:7 - S 0",
    "9 S:e3:6,W:c5:7,N:e7:6 d5h,f4v W 5",
    "9 S:e1:5,W:a5:5,N:e9:5,E:i5:5 - S 0",
    "9k S:e1:4,W:a5:5,N:e9:5,E:i5:5 - S 0",
    "9k S:e3:4,W:c5:4,N:e7:5,E:g5:5 d6h,f4v W 5",
];

/// The bench positions (see [`BENCH_FENS`]).
///
/// # Panics
/// Never: the positions are constants, each read by this crate's tests.
#[must_use]
pub fn bench_positions() -> Vec<Position> {
    BENCH_FENS
        .iter()
        .map(|f| f.parse().unwrap_or_else(|e| panic!("bench position {f}: {e}")))
        .collect()
}

/// Totals of a bench run. Made by [`bench()`] only; it may tell more in later versions.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct BenchReport {
    /// Positions searched.
    pub positions: usize,
    /// Total nodes: deterministic for a given depth and engine version.
    pub nodes: u64,
    /// Nodes of the two-player positions alone: the two-player search's signature (the
    /// three- and four-player search may change without changing it).
    pub two_player_nodes: u64,
    /// Total time.
    pub time: Duration,
    /// Nodes per second over the whole run.
    pub nps: u64,
}

/// Searches every bench position to `depth` with a fresh 16 MiB engine each and adds up
/// the nodes (in three- and four-player positions, the tree search's playouts, its depth
/// counted as the alpha-beta search counts it).
///
/// ```
/// let a = quoridor_ai::bench(2);
/// let b = quoridor_ai::bench(2);
/// assert_eq!(a.nodes, b.nodes);
/// assert_eq!(a.positions, quoridor_ai::bench_positions().len());
/// ```
#[must_use]
pub fn bench(depth: u32) -> BenchReport {
    let positions = bench_positions();
    let start = Instant::now();
    let (mut nodes, mut two_player_nodes) = (0, 0);
    for pos in &positions {
        let mut engine = Engine::new(EngineOptions::default().with_hash_mb(16));
        if let Some(r) = engine.search(pos, &Limits::depth(depth), &mut |_| {}) {
            nodes += r.info.nodes;
            if pos.players() == 2 {
                two_player_nodes += r.info.nodes;
            }
        }
    }
    let time = start.elapsed();
    let nps = (u128::from(nodes) * 1_000_000_000 / time.as_nanos().max(1)) as u64;
    BenchReport { positions: positions.len(), nodes, two_player_nodes, time, nps }
}
