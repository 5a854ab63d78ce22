//! Criterion benchmarks of the rules engine's hot loop: shortest distance, wall legality,
//! move generation, observations and masks of legal action ids, and perft. Run with
//! `cargo bench -p quoridor-benches --bench rules`.

// criterion_group! generates undocumented items.
#![allow(missing_docs)]

use std::hint::black_box;

use bitvec::prelude::*;
use criterion::{Criterion, criterion_group, criterion_main};
use quoridor_core::action::{ActionMap, action_count};
use quoridor_core::observation::{observation_len, observe};
use quoridor_core::{Direction, Move, Position, Seat, Square, perft};

/// The wall maze of docs/rules.md (North to move, many walls).
const MAZE: &str = "e2 e8 e3 e7 e4 e6 e3h e4h d4 c4h e5v a5h h8h d6 b5v f3v e7v c3h d7h b2v h6h";
/// A middle game: pawns half-way, six walls.
const MIDDLE: &str = "e2 e8 e3 e7 e4 e6 e3h e4h d4 c4h e5v a5h";

fn after(moves: &str) -> Position {
    let mut pos = Position::default();
    for m in moves.split_whitespace() {
        pos.play(m.parse::<Move>().expect("bench move parses")).expect("bench move is legal");
    }
    pos
}

/// Open-step masks rebuilt from the public API, for the stand-alone flood fills below.
fn open_masks(pos: &Position) -> [u128; 4] {
    let mut open = [0u128; 4];
    for col in 0..pos.size().get() {
        for row in 0..pos.size().get() {
            let sq = Square::new(col, row).expect("on board");
            for (i, d) in Direction::ALL.into_iter().enumerate() {
                if pos.can_step(sq, d) {
                    open[i] |= sq.bb().bits();
                }
            }
        }
    }
    open
}

/// Breadth-first distance on `u128` bitboards (the representation the library uses).
fn distance_u128(open: &[u128; 4], from: u128, goal: u128) -> Option<u8> {
    let (mut seen, mut frontier, mut d) = (from, from, 0u8);
    while frontier & goal == 0 {
        frontier = (((frontier & open[0]) << 11)
            | ((frontier & open[1]) << 1)
            | ((frontier & open[2]) >> 11)
            | ((frontier & open[3]) >> 1))
            & !seen;
        if frontier == 0 {
            return None;
        }
        seen |= frontier;
        d += 1;
    }
    Some(d)
}

type Bits = BitArr!(for 128, in u64, Lsb0);

fn to_bits(x: u128) -> Bits {
    let mut b = Bits::ZERO;
    b.data = [x as u64, (x >> 64) as u64];
    b
}

/// The same search on `bitvec` arrays, to compare the two representations.
fn distance_bitvec(open: &[Bits; 4], from: Bits, goal: Bits) -> Option<u8> {
    let (mut seen, mut frontier, mut d) = (from, from, 0u8);
    while !(frontier & goal).any() {
        let mut n = frontier & open[0];
        n.shift_end(11);
        let mut e = frontier & open[1];
        e.shift_end(1);
        let mut s = frontier & open[2];
        s.shift_start(11);
        let mut w = frontier & open[3];
        w.shift_start(1);
        frontier = (n | e | s | w) & !seen;
        if !frontier.any() {
            return None;
        }
        seen |= frontier;
        d += 1;
    }
    Some(d)
}

fn benches(c: &mut Criterion) {
    let start = Position::default();
    let middle = after(MIDDLE);
    let maze = after(MAZE);

    let open = open_masks(&middle);
    let from = middle.pawn(Seat::South).expect("south plays").bb().bits();
    let goal = middle.goal(Seat::South).bits();
    let open_bits = open.map(to_bits);
    let (from_bits, goal_bits) = (to_bits(from), to_bits(goal));
    assert_eq!(distance_u128(&open, from, goal), middle.distance(Seat::South));
    assert_eq!(distance_bitvec(&open_bits, from_bits, goal_bits), middle.distance(Seat::South));

    let mut g = c.benchmark_group("distance");
    let south = middle.pawn(Seat::South).expect("south plays");
    g.bench_function("distance_from/middle", |b| {
        b.iter(|| black_box(&middle).distance_from(black_box(Seat::South), black_box(south)))
    });
    let north = maze.pawn(Seat::North).expect("north plays");
    g.bench_function("distance_from/maze", |b| {
        b.iter(|| black_box(&maze).distance_from(black_box(Seat::North), black_box(north)))
    });
    for (name, pos) in [("start", &start), ("middle", &middle), ("maze", &maze)] {
        g.bench_function(format!("wall_threat/{name}"), |b| {
            b.iter(|| black_box(pos).wall_threat(black_box(Seat::South)))
        });
        g.bench_function(format!("wall_threat_at_least_3/{name}"), |b| {
            b.iter(|| black_box(pos).wall_threat_at_least(black_box(Seat::South), black_box(3)))
        });
    }
    g.bench_function("flood_u128/middle", |b| {
        b.iter(|| distance_u128(black_box(&open), black_box(from), black_box(goal)))
    });
    g.bench_function("flood_bitvec/middle", |b| {
        b.iter(|| {
            distance_bitvec(black_box(&open_bits), black_box(from_bits), black_box(goal_bits))
        })
    });
    g.finish();

    let mut g = c.benchmark_group("walls");
    let walls: Vec<Move> = (0..8u8)
        .flat_map(|col| (0..8u8).map(move |row| (col, row)))
        .flat_map(|(col, row)| {
            let a = Square::new(col, row).expect("anchor");
            ["h", "v"].map(|o| format!("{a}{o}").parse::<Move>().expect("wall parses"))
        })
        .collect();
    g.bench_function("is_legal_all_128/maze", |b| {
        b.iter(|| walls.iter().filter(|&&m| black_box(&maze).is_legal(m)).count())
    });
    g.bench_function("legal_walls/middle", |b| b.iter(|| black_box(&middle).legal_walls()));
    g.bench_function("legal_walls/maze", |b| b.iter(|| black_box(&maze).legal_walls()));
    g.finish();

    let mut g = c.benchmark_group("movegen");
    g.bench_function("legal_moves/start", |b| b.iter(|| black_box(&start).legal_moves().len()));
    g.bench_function("legal_moves/middle", |b| b.iter(|| black_box(&middle).legal_moves().len()));
    g.bench_function("legal_moves/maze", |b| b.iter(|| black_box(&maze).legal_moves().len()));
    g.bench_function("count_legal_moves/middle", |b| {
        b.iter(|| black_box(&middle).count_legal_moves())
    });
    g.bench_function("play_wall/middle", |b| {
        let m: Move = "g2h".parse().expect("wall parses");
        b.iter(|| {
            let mut p = *black_box(&middle);
            p.play_unchecked(black_box(m));
            p
        })
    });
    g.finish();

    // What a learning environment asks of every position: its observation and its mask of
    // legal action ids, seen from the side to move (North in the maze) and from the other side.
    let mut g = c.benchmark_group("encode");
    let mut obs = vec![0.0f32; observation_len(maze.size(), maze.players())];
    let mut mask = vec![false; action_count(maze.size())];
    for view in [Seat::North, Seat::South] {
        g.bench_function(format!("observe/maze/{view}"), |b| {
            b.iter(|| observe(black_box(&maze), black_box(view), &mut obs))
        });
        let map = ActionMap::new(maze.size(), view);
        g.bench_function(format!("legal_mask/maze/{view}"), |b| {
            b.iter(|| map.legal_mask(black_box(&maze), &mut mask))
        });
        let (pawns, walls) = (maze.pawn_moves(), maze.legal_walls());
        g.bench_function(format!("moves_mask/maze/{view}"), |b| {
            b.iter(|| map.moves_mask(black_box(pawns), black_box(walls), &mut mask))
        });
    }
    g.finish();

    let mut g = c.benchmark_group("perft");
    g.sample_size(20);
    g.bench_function("perft3/start", |b| b.iter(|| perft(black_box(&start), 3)));
    g.bench_function("perft3/maze", |b| b.iter(|| perft(black_box(&maze), 3)));
    g.finish();
}

criterion_group!(rules, benches);
criterion_main!(rules);
