//! Criterion benchmarks of the search: fixed-depth searches (one thread, a fresh table each
//! time, so every sample searches the same tree) of the two-player start and middle game and
//! of the bench's three- and four-player positions. Run with
//! `cargo bench -p quoridor-benches --bench search`. `quoridor bench` gives the node count
//! of the same kind of search (the signature); this gives its time.

// criterion_group! generates undocumented items.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use quoridor_ai::{Engine, EngineOptions, Limits, bench_positions};
use quoridor_core::Position;

fn search(pos: &Position, depth: u32) -> u64 {
    let mut engine = Engine::new(EngineOptions::default().with_hash_mb(16));
    let r = engine.search(pos, &Limits::depth(depth), &mut |_| {}).expect("a legal move");
    r.info.nodes
}

fn two_players(c: &mut Criterion) {
    let mut g = c.benchmark_group("search/two");
    g.sample_size(20);
    let start = Position::default();
    g.bench_function("start/depth8", |b| b.iter(|| search(black_box(&start), 8)));
    let middle: Position = "9 S:e4:8,N:e6:9 e3h,d4v,f6v N 6".parse().expect("bench position");
    g.bench_function("middle/depth8", |b| b.iter(|| search(black_box(&middle), 8)));
    g.finish();
}

fn multi_player(c: &mut Criterion) {
    let mut g = c.benchmark_group("search/multi");
    g.sample_size(20);
    for (i, pos) in bench_positions().iter().enumerate().filter(|(_, p)| p.players() > 2) {
        let name = format!("bench{i}-{}p/depth5", pos.players());
        g.bench_function(name, |b| b.iter(|| search(black_box(pos), 5)));
    }
    g.finish();
}

criterion_group!(benches, two_players, multi_player);
criterion_main!(benches);
