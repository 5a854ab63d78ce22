//! Extreme values for every public limit and input of the engine (issue 18): each one is
//! refused (`None`) or saturates, and none panics.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use quoridor_ai::race::{RaceTable, RaceValue};
use quoridor_ai::{
    Bot, Clock, Engine, EngineBot, EngineOptions, GreedyBot, Level, Limits, RandomBot, Score,
};
use quoridor_core::Players;
use quoridor_core::{BoardSize, Config, Position, Seat, Square, Variant};

fn positions() -> Vec<Position> {
    let c = Config::default();
    let texts = [
        // A wall-less race (solved by the race table at the root) and a middle game.
        "5 S:c2:0,N:c4:0 - S 0",
        "9 S:e4:8,N:e6:9 e3h,d4v,f6v N 6",
    ];
    let mut out: Vec<Position> = texts.iter().map(|t| t.parse().expect("a position")).collect();
    out.push(Position::default());
    out.push(Position::start(&c.with_players(Players::Three)).expect("three players"));
    let koth = c.with_players(Players::Four).with_variant(Variant::KingOfTheHill);
    out.push(Position::start(&koth).expect("King of the Hill"));
    out
}

/// Limits at and past their ends, each with what it must come to: the deepest iteration
/// the search may report. Limits that would not end a search by themselves come with a
/// small depth.
fn extreme_limits() -> Vec<(&'static str, Limits, u32)> {
    let (zero, max) = (Duration::ZERO, Duration::MAX);
    let clock = |left, increment| Limits::default().with_clock(Clock::new(left, increment));
    vec![
        ("depth 0 (searches 1)", Limits::depth(0), 1),
        ("depth 1", Limits::depth(1), 1),
        ("depth u32::MAX (100 at most)", Limits::depth(u32::MAX).with_nodes(3_000), 100),
        ("nodes 0", Limits::nodes(0), 1),
        ("nodes 1", Limits::nodes(1), 1),
        ("nodes u64::MAX", Limits::nodes(u64::MAX).with_depth(2), 2),
        ("movetime 0", Limits::movetime(zero), 1),
        ("movetime 1 ns", Limits::movetime(Duration::from_nanos(1)), 1),
        ("movetime Duration::MAX", Limits::movetime(max).with_depth(2), 2),
        ("clock MAX + MAX", clock(max, max).with_depth(2), 2),
        ("clock MAX + 0", clock(max, zero).with_depth(2), 2),
        ("clock 0 + MAX", clock(zero, max), 1),
        ("clock 0 + 0", clock(zero, zero), 1),
        ("clock 1 ns + 1 ns", clock(Duration::from_nanos(1), Duration::from_nanos(1)), 1),
        (
            "every limit at its maximum",
            Limits::movetime(max)
                .with_clock(Clock::new(max, max))
                .with_nodes(u64::MAX)
                .with_depth(2),
            2,
        ),
    ]
}

#[test]
fn extreme_limits_saturate_and_still_give_a_legal_move() {
    for threads in [1, 2] {
        for pos in positions() {
            for (name, limits, deepest) in extreme_limits() {
                let mut engine =
                    Engine::new(EngineOptions::default().with_hash_mb(1).with_threads(threads));
                let begun = Instant::now();
                let r = engine
                    .search(&pos, &limits, &mut |_| {})
                    .unwrap_or_else(|| panic!("{name}: no move in {pos}"));
                assert!(pos.is_legal(r.best), "{name}: {} is illegal in {pos}", r.best);
                // The race table's exact line may be longer than any iteration.
                if !pos.active_seats().all(|s| pos.walls_in_hand(s) == 0) {
                    assert!(r.info.depth <= deepest, "{name}: depth {} in {pos}", r.info.depth);
                }
                assert!(begun.elapsed() < Duration::from_secs(30), "{name}: no time limit kept");
            }
        }
    }
}

#[test]
fn a_search_of_a_finished_game_is_none_whatever_the_limits() {
    let over: Position = "5 S:c5:0,N:c4:0 - N 7".parse().expect("South has won");
    assert!(over.is_game_over());
    for (name, limits, _) in extreme_limits() {
        let mut e = Engine::new(EngineOptions::default().with_hash_mb(1));
        assert!(e.search(&over, &limits, &mut |_| {}).is_none(), "{name}");
    }
}

#[test]
fn engine_options_at_their_ends_are_clamped() {
    let pos = Position::default();
    for (threads, used) in [(0, 1), (1, 1), (usize::MAX, 256)] {
        let mut e = Engine::new(EngineOptions::default().with_hash_mb(0).with_threads(threads));
        assert_eq!(e.options().threads, used);
        assert_eq!(e.options().hash_mb, 0); // one table entry, not none
        let r = e.search(&pos, &Limits::depth(1), &mut |_| {}).expect("a move");
        assert!(pos.is_legal(r.best));
        e.set_threads(usize::MAX);
        assert_eq!(e.options().threads, 256);
        e.set_threads(0);
        assert_eq!(e.options().threads, 1);
        assert_eq!(e.set_hash(0), 0);
    }
}

#[test]
fn evaluation_noise_at_its_ends_is_clamped() {
    let pos = Position::default();
    for noise in [i32::MIN, -1, 0, 10_000, 10_001, i32::MAX] {
        let mut e = Engine::new(EngineOptions::default().with_hash_mb(1));
        e.set_noise(noise);
        for p in positions() {
            let r = e.search(&p, &Limits::depth(2), &mut |_| {}).expect("a move");
            assert!(p.is_legal(r.best), "noise {noise}: {} in {p}", r.best);
        }
        // At most 10,000 either way, far from the win scores.
        let r = e.search(&pos, &Limits::depth(1), &mut |_| {}).expect("a move");
        assert!(matches!(r.info.score, Score::Eval(v) if v.abs() <= 10_000 + 1_000), "{noise}");
    }
}

#[test]
fn a_panicking_callback_stops_every_thread_and_leaves_the_engine_usable() {
    let pos = Position::default();
    let mut e = Engine::new(EngineOptions::default().with_hash_mb(1).with_threads(2));
    // A long time limit: helpers left running would keep the search going for it.
    let limits = Limits::movetime(Duration::from_secs(60));
    let begun = Instant::now();
    let caught = catch_unwind(AssertUnwindSafe(|| {
        e.search(&pos, &limits, &mut |_| panic!("callback failed"))
    }));
    let payload = caught.expect_err("the callback's panic comes back to the caller");
    assert_eq!(payload.downcast_ref::<&str>(), Some(&"callback failed"));
    assert!(begun.elapsed() < Duration::from_secs(20), "the helpers were not stopped");
    let r = e.search(&pos, &Limits::depth(2), &mut |_| {}).expect("a move");
    assert!(pos.is_legal(r.best));
}

#[test]
fn a_raised_stop_flag_with_no_other_limit_returns_at_once() {
    let pos = Position::default();
    for threads in [1, 2] {
        let mut e = Engine::new(EngineOptions::default().with_hash_mb(1).with_threads(threads));
        let stop = Arc::new(AtomicBool::new(true));
        let r = e.search(&pos, &Limits::default().with_stop(stop), &mut |_| {}).expect("a move");
        assert!(pos.is_legal(r.best));
    }
}

#[test]
fn scores_past_the_win_scores_saturate() {
    assert_eq!(Score::from_internal(i32::MAX), Score::Win(0));
    assert_eq!(Score::from_internal(i32::MIN), Score::Loss(0));
    assert_eq!(Score::from_internal(1_000_001), Score::Win(0));
    assert_eq!(Score::from_internal(-1_000_001), Score::Loss(0));
    for s in [Score::Win(0), Score::Win(u32::MAX), Score::Loss(u32::MAX), Score::Eval(i32::MIN)] {
        let v = s.to_internal();
        assert!((-1_000_000..=1_000_000).contains(&v), "{s:?}: {v}");
        assert_eq!(Score::from_internal(v).to_internal(), v);
    }
    assert_eq!(Score::Eval(i32::MAX).to_internal(), 1_000_000 - 10_000 - 1);
}

#[test]
fn levels_exist_from_1_to_10_only() {
    for l in [0, 11, 100, u8::MAX] {
        assert!(Level::new(l).is_none(), "level {l}");
    }
    let pos = Position::default();
    for l in 1..=10 {
        let level = Level::new(l).expect("a level");
        for players in Players::ALL {
            let limits = level.limits_for(players);
            assert!(limits.depth.is_some() || limits.nodes.is_some() || limits.movetime.is_some());
        }
    }
    for l in [1, 8] {
        let mut bot = EngineBot::with_level(Level::new(l).expect("a level"), u64::MAX);
        assert!(bot.choose(&pos).is_some_and(|m| pos.is_legal(m)), "level {l}");
    }
}

#[test]
fn bots_with_extreme_seeds_and_limits_play_legal_moves() {
    let pos = Position::default();
    let mut bots: Vec<Box<dyn Bot>> = vec![
        Box::new(RandomBot::new(0)),
        Box::new(RandomBot::new(u64::MAX)),
        Box::new(GreedyBot::new()),
        Box::new(EngineBot::new(Limits::nodes(0))),
        Box::new(EngineBot::new(Limits::movetime(Duration::ZERO))),
        Box::new(EngineBot::new(Limits::movetime(Duration::MAX).with_depth(1))),
    ];
    for bot in &mut bots {
        for p in positions() {
            assert!(bot.choose(&p).is_some_and(|m| p.is_legal(m)), "{p}");
        }
    }
    let over: Position = "5 S:c5:0,N:c4:0 - N 7".parse().expect("South has won");
    for bot in &mut bots {
        assert_eq!(bot.choose(&over), None);
    }
    assert!(pos.is_legal(GreedyBot::new().choose(&pos).expect("a move")));
}

/// Every square of the largest board for both pawns and every seat: the table answers for
/// the states of its race and refuses the rest, never reading another state's value.
#[test]
fn race_values_are_refused_off_the_board_and_agree_with_probes_on_it() {
    let maze: Position = "5 S:c1:0,N:c5:0 b2h,c3v S 0".parse().expect("a maze");
    let table = RaceTable::solve(&maze).expect("two players");
    let size = BoardSize::new(5).expect("5x5");
    let squares: Vec<Square> = (0..121).filter_map(Square::from_index).collect();
    assert_eq!(squares.len(), 121);
    let mut answered = 0;
    for &a in &squares {
        for &b in &squares {
            for seat in Seat::ALL {
                let v = table.value(seat, a, b);
                let other = if seat == Seat::South { Seat::North } else { Seat::South };
                let playable = matches!(seat, Seat::South | Seat::North)
                    && a.on_board(size)
                    && b.on_board(size)
                    && a != b
                    && !maze.goal(seat).contains(a);
                assert_eq!(v.is_some(), playable, "{seat} on {a}, other on {b}: {v:?}");
                if !playable || maze.goal(other).contains(b) {
                    continue;
                }
                // The same state as a position: the probe reads the same value.
                let text = |s: Seat, sq: Square| format!("{}:{sq}:0", s.letter());
                let (south, north) = if seat == Seat::South { (a, b) } else { (b, a) };
                let fen = format!(
                    "5 {},{} b2h,c3v {} 0",
                    text(Seat::South, south),
                    text(Seat::North, north),
                    seat.letter()
                );
                let pos: Position = fen.parse().expect("a race position");
                assert_eq!(table.probe(&pos), v, "{pos}");
                answered += 1;
            }
        }
    }
    // Per side to move: its pawn on one of the 20 squares off its goal, the other on one of
    // the 20 off its own, not the same square (5 x 20 + 15 x 19).
    assert_eq!(answered, 2 * 385);
    // Another maze, board or game: no answer.
    let other: Position = "5 S:c1:0,N:c5:0 - S 0".parse().expect("no walls");
    assert_eq!(table.probe(&other), None);
    assert_eq!(table.best_move(&other), None);
    let three =
        Position::start(&Config::default().with_players(Players::Three)).expect("three players");
    assert!(RaceTable::solve(&three).is_none());
    assert!(matches!(table.probe(&maze), Some(RaceValue::Win(_) | RaceValue::Loss(_))));
}
