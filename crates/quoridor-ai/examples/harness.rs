//! A small harness for speed and strength measurements (not part of the test suite).
//!
//! ```text
//! cargo run --release -p quoridor-ai --example harness -- bench 6
//! cargo run --release -p quoridor-ai --example harness -- search "9 S:e1:10,N:e9:10 - S 0" depth 10
//! cargo run --release -p quoridor-ai --example harness -- match engine:100 greedy 20 [players] [size]
//! cargo run --release -p quoridor-ai --example harness -- timecheck
//! ```
//! A bot is `random`, `greedy`, `engine:MS` (milliseconds per move), `smp:MS` (the same
//! on `THREADS` threads, default 2), `nodes:N`, `depth:D` or `level:L`. `search` and
//! `timecheck` use `THREADS` threads (default 1).

use std::time::{Duration, Instant};

use quoridor_ai::params::{EvalParams, SearchParams};
use quoridor_ai::{Bot, EngineBot, GreedyBot, Level, Limits, RandomBot};
use quoridor_core::{BoardSize, Config, Outcome, Position, Variant};

fn bot(spec: &str, seed: u64) -> Box<dyn Bot> {
    let (kind, arg) = spec.split_once(':').unwrap_or((spec, ""));
    let num = || arg.parse::<u64>().expect("number after ':'");
    match kind {
        "random" => Box::new(RandomBot::new(seed)),
        "greedy" => Box::new(GreedyBot::new()),
        "engine" => Box::new(EngineBot::new(Limits::movetime(Duration::from_millis(num())))),
        "smp" => {
            let mut bot = EngineBot::new(Limits::movetime(Duration::from_millis(num())));
            bot.engine().set_threads(threads(2));
            Box::new(bot)
        }
        // The engine with weights from the environment: B_WALLS (11 numbers), B_TEMPO.
        // `engineB:MS` thinks MS per move, `nodesB:N` searches N nodes.
        "engineB" | "nodesB" => {
            let limits = if kind == "engineB" {
                Limits::movetime(Duration::from_millis(num()))
            } else {
                Limits::nodes(num())
            };
            let mut bot = EngineBot::new(limits);
            let mut p = EvalParams::default();
            if let Ok(w) = std::env::var("B_WALLS") {
                let v: Vec<i32> = w.split(',').map(|x| x.parse().unwrap()).collect();
                p.walls_in_hand.copy_from_slice(&v);
            }
            if let Ok(t) = std::env::var("B_LEADER") {
                p.leader_weight = t.parse().unwrap();
            }
            if let Ok(t) = std::env::var("B_UNANSWERED") {
                p.unanswered_walls = t.parse().unwrap();
            }
            if let Ok(t) = std::env::var("B_TEMPO") {
                p.tempo = t.parse().unwrap();
            }
            bot.engine().set_eval_params(p);
            let mut sp = SearchParams::default();
            if let Ok(v) = std::env::var("B_LMR") {
                sp.lmr_move = v.parse().unwrap();
            }
            if let Ok(v) = std::env::var("B_MINGAIN") {
                sp.min_wall_gain = v.parse().unwrap();
            }
            bot.engine().set_search_params(sp);
            Box::new(bot)
        }
        "nodes" => Box::new(EngineBot::new(Limits::nodes(num()))),
        "depth" => Box::new(EngineBot::new(Limits::depth(num() as u32))),
        "level" => {
            Box::new(EngineBot::with_level(Level::new(num() as u8).expect("level 1..10"), seed))
        }
        _ => panic!("unknown bot {spec}"),
    }
}

/// Threads from the environment's `THREADS`, or `default`.
fn threads(default: usize) -> usize {
    std::env::var("THREADS").map_or(default, |s| s.parse().expect("THREADS: a number"))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bench") => {
            let d = args.get(1).map_or(6, |s| s.parse().unwrap());
            let r = quoridor_ai::bench(d);
            println!(
                "bench depth {d}: {} positions, {} nodes, {:.3} s, {} nps",
                r.positions,
                r.nodes,
                r.time.as_secs_f64(),
                r.nps
            );
        }
        Some("search") => {
            let pos: Position = args[1].parse().expect("position");
            let limits = match args[2].as_str() {
                "depth" => Limits::depth(args[3].parse().unwrap()),
                "nodes" => Limits::nodes(args[3].parse().unwrap()),
                _ => Limits::movetime(Duration::from_millis(args[3].parse().unwrap())),
            };
            let mut engine = quoridor_ai::Engine::new(
                quoridor_ai::EngineOptions::default().with_threads(threads(1)),
            );
            let r = engine
                .search(&pos, &limits, &mut |i| {
                    let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
                    println!(
                        "depth {:2} score {:>10} nodes {:>10} nps {:>9} time {:>6} ms pv {}",
                        i.depth,
                        i.score.to_string(),
                        i.nodes,
                        i.nps,
                        i.time.as_millis(),
                        pv.join(" ")
                    );
                })
                .expect("game not over");
            println!("best {} ({} ms total)", r.best, r.info.time.as_millis());
        }
        Some("timecheck") => {
            // Timed searches on the bench positions and positions of random play: how far
            // past its time does a search return? The allowance is 5% + 10 ms.
            let mut positions = quoridor_ai::bench_positions();
            let mut rnd = RandomBot::new(5);
            for players in [2u8, 3, 4] {
                let mut pos = Position::start(&Config::default().with_players(players)).unwrap();
                for _ in 0..20 {
                    if pos.is_game_over() {
                        break;
                    }
                    positions.push(pos);
                    pos.play_unchecked(rnd.choose(&pos).unwrap());
                }
            }
            let mut engine = quoridor_ai::Engine::new(
                quoridor_ai::EngineOptions::default().with_threads(threads(1)),
            );
            for ms in [10u64, 50, 100, 250] {
                let t = Duration::from_millis(ms);
                let (mut worst, mut over, mut n) = (Duration::ZERO, 0, 0);
                for pos in &positions {
                    let start = Instant::now();
                    let r = engine.search(pos, &Limits::movetime(t), &mut |_| {}).unwrap();
                    let spent = start.elapsed();
                    assert!(pos.is_legal(r.best));
                    worst = worst.max(spent.saturating_sub(t));
                    let late = spent > t + t / 20 + Duration::from_millis(10);
                    if late {
                        println!("  late: {} ms in {pos}", spent.as_millis());
                    }
                    over += usize::from(late);
                    n += 1;
                }
                println!(
                    "movetime {ms} ms: {n} searches, worst overrun {:.1} ms, {over} past 5% + 10 ms",
                    worst.as_secs_f64() * 1e3
                );
            }
            let clock = quoridor_ai::Clock::new(Duration::from_secs(5), Duration::from_millis(50));
            let mut worst = Duration::ZERO;
            for pos in &positions {
                let start = Instant::now();
                let l = Limits::default().with_clock(clock);
                engine.search(pos, &l, &mut |_| {}).unwrap();
                worst = worst.max(start.elapsed());
            }
            println!("clock 5 s + 50 ms: longest move {} ms", worst.as_millis());
        }
        Some("match") => {
            let a = &args[1];
            let b = &args[2];
            let games: u64 = args.get(3).map_or(10, |s| s.parse().unwrap());
            // Players: 2, 3, 4, or 4k for King of the Hill.
            let players_arg = args.get(4).map_or("2", String::as_str);
            let koth = players_arg.ends_with('k');
            let players: u8 = players_arg.trim_end_matches('k').parse().unwrap();
            let size: BoardSize = args.get(5).map_or(BoardSize::CLASSIC, |s| s.parse().unwrap());
            let random_plies: usize = std::env::var("OPENING").map_or(2, |s| s.parse().unwrap());
            // FIRST=N plays games N.. instead of 0.. (to split a long match across cores).
            let first: u64 = std::env::var("FIRST").map_or(0, |s| s.parse().unwrap());
            let mut wins = [0u64; 3];
            let mut worst_overrun = Duration::ZERO;
            let start = Instant::now();
            for g in first..first + games {
                // Bot A takes seat g % players; the others are B.
                let variant = if koth { Variant::KingOfTheHill } else { Variant::Classic };
                let config = Config::default()
                    .with_players(players)
                    .with_size(size)
                    .with_variant(variant)
                    .with_ply_limit(Some(300));
                let mut pos = Position::start(&config).expect("config");
                // Each pair of games (seats swapped) starts from the same random opening.
                let mut opening = RandomBot::new(1000 + g / 2);
                for _ in 0..random_plies {
                    let m = opening.choose(&pos).expect("move");
                    pos.play_unchecked(m);
                }
                let seats: Vec<_> = pos.seats().collect();
                let a_seat = seats[(g as usize) % seats.len()];
                let mut bots: Vec<Box<dyn Bot>> = seats
                    .iter()
                    .enumerate()
                    .map(|(i, &s)| bot(if s == a_seat { a } else { b }, g * 7 + i as u64))
                    .collect();
                while !pos.is_game_over() {
                    let i = seats.iter().position(|&s| s == pos.turn()).unwrap();
                    let t = Instant::now();
                    let m = bots[i].choose(&pos).expect("move");
                    let spent = t.elapsed();
                    if let Some(ms) = a.strip_prefix("engine:").filter(|_| seats[i] == a_seat) {
                        let allowed = Duration::from_millis(ms.parse().unwrap());
                        worst_overrun = worst_overrun.max(spent.saturating_sub(allowed));
                        if spent > allowed + Duration::from_millis(5) {
                            eprintln!("overrun {} ms in {pos}", (spent - allowed).as_millis());
                        }
                    }
                    assert!(pos.is_legal(m), "illegal move {m} in {pos}");
                    if std::env::var("SHOW").is_ok_and(|v| v == "2") {
                        eprintln!("    {pos}");
                    }
                    if std::env::var_os("SHOW").is_some() {
                        let d: Vec<_> =
                            pos.active_seats().map(|s| pos.distance(s).unwrap()).collect();
                        eprintln!(
                            "{:>3} {} {m:5} {} ms  dist {d:?}",
                            pos.ply(),
                            pos.turn(),
                            spent.as_millis()
                        );
                    }
                    pos.play_unchecked(m);
                }
                match pos.outcome() {
                    Some(Outcome::Winner(s)) if s == a_seat => wins[0] += 1,
                    Some(Outcome::Draw) => wins[1] += 1,
                    _ => wins[2] += 1,
                }
                eprintln!(
                    "game {g}: {a} as {a_seat}: {:?} after {} plies",
                    pos.outcome(),
                    pos.ply()
                );
            }
            println!(
                "{a} vs {b} ({players} players, {size}x{size}): {} wins, {} draws, {} losses of {games} ({:.0} s; worst overrun of {a}: {} ms)",
                wins[0],
                wins[1],
                wins[2],
                start.elapsed().as_secs_f64(),
                worst_overrun.as_millis()
            );
        }
        _ => eprintln!(
            "usage: harness bench D | search FEN depth|nodes|ms N | match A B GAMES [PLAYERS] [SIZE]"
        ),
    }
}
