//! Search behaviour: legality everywhere, forced wins, limits, determinism.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use quoridor_ai::{
    Bot, Engine, EngineBot, EngineOptions, GreedyBot, Level, Limits, RandomBot, Score, SearchResult,
};
use quoridor_core::Players;
use quoridor_core::{Config, Move, Position, Seat, Variant};

fn engine() -> Engine {
    Engine::new(EngineOptions::default().with_hash_mb(2))
}

fn configs() -> Vec<Config> {
    let size = |n| quoridor_core::BoardSize::new(n).expect("a board size");
    let c = Config::default();
    vec![
        c,
        c.with_size(size(5)),
        c.with_size(size(7)),
        c.with_size(size(11)).with_walls(Some(4)),
        c.with_players(Players::Three),
        c.with_players(Players::Four),
        c.with_players(Players::Four).with_size(size(7)),
        c.with_players(Players::Four).with_variant(Variant::KingOfTheHill),
        c.with_ply_limit(Some(30)),
    ]
}

/// Positions reached by random play (random moves, with walls less often).
fn random_positions(config: &Config, count: usize, seed: u64) -> Vec<Position> {
    let mut out = Vec::new();
    let mut bot = RandomBot::new(seed);
    let mut greedy = GreedyBot::new();
    for g in 0..count {
        let mut pos = Position::start(config).unwrap();
        let plies = 3 + g * 7 % 40;
        for k in 0..plies {
            if pos.is_game_over() {
                break;
            }
            let m = if k % 3 == 0 { bot.choose(&pos) } else { greedy.choose(&pos) }.unwrap();
            assert!(pos.is_legal(m));
            pos.play_unchecked(m);
        }
        if !pos.is_game_over() {
            out.push(pos);
        }
    }
    out
}

/// The search's move is legal in `pos`, and so is its principal variation, move by move.
fn assert_legal_result(pos: &Position, r: &SearchResult) {
    assert!(pos.is_legal(r.best), "{} illegal in {pos}", r.best);
    let mut p = *pos;
    for &m in &r.info.pv {
        assert!(p.is_legal(m), "pv move {m} illegal in {p}");
        p.play_unchecked(m);
    }
}

#[test]
fn never_returns_an_illegal_move() {
    for (i, config) in configs().iter().enumerate() {
        for pos in random_positions(config, 6, i as u64) {
            for limits in [Limits::depth(1), Limits::depth(3), Limits::nodes(1500)] {
                let r = engine().search(&pos, &limits, &mut |_| {}).expect("game not over");
                assert_legal_result(&pos, &r);
            }
        }
    }
}

#[test]
fn with_the_walls_threats_the_search_stays_legal_deterministic_and_different() {
    let on = |least| {
        let mut e = engine();
        e.set_eval_params(quoridor_ai::params::EvalParams::default().with_threats(least));
        e
    };
    for least in [0, 3] {
        for (i, config) in configs().iter().enumerate() {
            for pos in random_positions(config, 3, 40 + i as u64) {
                let r = on(least).search(&pos, &Limits::depth(3), &mut |_| {}).unwrap();
                assert_legal_result(&pos, &r);
            }
        }
    }
    let pos: Position = "9 S:e4:8,N:e6:9 e3h,d4v,f6v N 6".parse().unwrap();
    let a = on(0).search(&pos, &Limits::depth(5), &mut |_| {}).unwrap();
    let b = on(0).search(&pos, &Limits::depth(5), &mut |_| {}).unwrap();
    assert_eq!((a.best, a.info.nodes, a.info.score), (b.best, b.info.nodes, b.info.score));
    let off = engine().search(&pos, &Limits::depth(5), &mut |_| {}).unwrap();
    assert_ne!((a.info.nodes, a.info.score), (off.info.nodes, off.info.score));
}

#[test]
fn the_walls_threats_are_weighed_only_below_their_walls_in_hand() {
    let with = |walls: u8| {
        let mut e = engine();
        let mut p = quoridor_ai::params::EvalParams::default().with_threats(0);
        p.threat_walls = walls;
        e.set_eval_params(p);
        e
    };
    // The debug build checks every leaf valued without playing against the played leaf,
    // on both sides of the limit.
    for walls in [0, 4, 6, 12] {
        for (i, config) in configs().iter().enumerate() {
            for pos in random_positions(config, 3, 70 + i as u64) {
                let r = with(walls).search(&pos, &Limits::depth(3), &mut |_| {}).unwrap();
                assert_legal_result(&pos, &r);
            }
        }
    }
    let key = |r: quoridor_ai::SearchResult| (r.best, r.info.nodes, r.info.score);
    let depth = Limits::depth(5);
    // 17 walls in hand: five plies leave at least 12, so a limit of 6 is the search without
    // threats, node for node ...
    let many: Position = "9 S:e4:8,N:e6:9 e3h,d4v,f6v N 6".parse().unwrap();
    let off = engine().search(&many, &depth, &mut |_| {}).unwrap();
    let late = with(6).search(&many, &depth, &mut |_| {}).unwrap();
    assert_eq!(key(late), key(off));
    // ... and with 4 the search that always weighs them.
    let few: Position = "9 S:e4:3,N:e6:1 e3h,d4v,f6v,a3h,c3h,e7h,g7h,b5v,h2v N 16".parse().unwrap();
    let always = with(u8::MAX).search(&few, &depth, &mut |_| {}).unwrap();
    let late = with(6).search(&few, &depth, &mut |_| {}).unwrap();
    assert_eq!(key(late), key(always.clone()));
    let off = engine().search(&few, &depth, &mut |_| {}).unwrap();
    assert_ne!(key(always), key(off));
}

#[test]
fn game_over_gives_none() {
    let pos: Position = "5 S:c5:0,N:c3:0 - N 9".parse().unwrap();
    assert!(pos.is_game_over());
    assert!(engine().search(&pos, &Limits::depth(3), &mut |_| {}).is_none());
}

#[test]
fn takes_an_immediate_win() {
    for fen in [
        "9 S:e8:5,N:a2:5 - S 20",
        "9 S:a3:3,W:h5:3,N:c6:3 - W 20",
        "9 S:b3:3,W:c8:3,N:f7:3,E:b5:3 - E 30",
        "9k S:e4:3,W:c5:3,N:e7:3,E:g8:3 - S 30",
    ] {
        let pos: Position = fen.parse().unwrap();
        let r = engine().search(&pos, &Limits::depth(3), &mut |_| {}).unwrap();
        let mut p = pos;
        p.play(r.best).unwrap();
        assert!(p.is_game_over(), "{fen}: played {}", r.best);
        assert_eq!(r.info.score, Score::Win(1), "{fen}");
    }
}

#[test]
fn finds_the_decisive_wall() {
    // Found by exhaustive check with the race tables: every pawn move loses, exactly one
    // wall wins.
    for (fen, wall) in [
        ("5 S:c3:1,N:e3:0 d3h,c4h,a1v,b1v,d1v,a4v S 6", "d2h"),
        ("5 S:b2:1,N:a3:0 b3h,d3h,b4h,d1v,a3v,d4v S 6", "a1h"),
    ] {
        let pos: Position = fen.parse().unwrap();
        let r = engine().search(&pos, &Limits::depth(3), &mut |_| {}).unwrap();
        assert_eq!(r.best, wall.parse::<Move>().unwrap(), "{fen}");
        assert!(matches!(r.info.score, Score::Win(_)), "{fen}: {}", r.info.score);
    }
}

#[test]
fn a_pawn_move_that_keeps_the_last_wall_in_hand_can_win_as_fast_as_the_wall() {
    // Once listed with the two positions above as "every pawn move loses, only a1v wins":
    // that check let South place no wall after a pawn move. The solver (quoridor-solve)
    // says d1 wins in 13 plies and e2 and a1v both in 9; the engine plays the exact
    // endgame of one wall against none from its table.
    let pos: Position = "5 S:e1:1,N:c2:0 b1h,c2h,c1v,d2v,a3v,b3v S 6".parse().unwrap();
    let r = engine().search(&pos, &Limits::depth(3), &mut |_| {}).unwrap();
    assert_eq!(r.info.score, Score::Win(9));
    assert!(["e2", "a1v"].contains(&r.best.to_string().as_str()), "{}", r.best);
}

#[test]
fn a_jump_wins_the_race_for_the_longer_distance() {
    // North is 5 steps from row 1, South 4 from row 9, North to move: counting steps says
    // South wins, but North jumps over South and arrives first.
    let pos: Position = "9 S:e5:0,N:e6:0 - N 10".parse().unwrap();
    assert!(pos.distance(Seat::North) > pos.distance(Seat::South));
    let r = engine().search(&pos, &Limits::depth(2), &mut |_| {}).unwrap();
    assert_eq!(r.best, "e4".parse::<Move>().unwrap());
    assert!(matches!(r.info.score, Score::Win(_)), "{}", r.info.score);
}

#[test]
fn depth_limit_is_kept_and_reported() {
    let pos = Position::default();
    let mut depths = Vec::new();
    let r = engine().search(&pos, &Limits::depth(4), &mut |i| depths.push(i.depth)).unwrap();
    assert_eq!(depths, [1, 2, 3, 4]);
    assert_eq!(r.info.depth, 4);
}

#[test]
fn node_limit_is_kept_and_deterministic() {
    let pos: Position = "9 S:e4:8,N:e6:9 e3h,d4v,f6v N 6".parse().unwrap();
    let a = engine().search(&pos, &Limits::nodes(20_000), &mut |_| {}).unwrap();
    let b = engine().search(&pos, &Limits::nodes(20_000), &mut |_| {}).unwrap();
    assert!(a.info.nodes <= 20_000, "{}", a.info.nodes);
    assert_eq!((a.best, a.info.nodes, a.info.depth), (b.best, b.info.nodes, b.info.depth));
    assert_eq!(a.info.pv, b.info.pv);
}

#[test]
fn depth_searches_are_deterministic() {
    for fen in quoridor_ai::bench::BENCH_FENS.iter().take(4) {
        let pos: Position = fen.parse().unwrap();
        let a = engine().search(&pos, &Limits::depth(4), &mut |_| {}).unwrap();
        let b = engine().search(&pos, &Limits::depth(4), &mut |_| {}).unwrap();
        assert_eq!((a.best, a.info.nodes, a.info.score), (b.best, b.info.nodes, b.info.score));
    }
}

#[test]
fn a_raised_stop_flag_ends_the_search_with_a_legal_move() {
    let pos = Position::default();
    let stop = Arc::new(AtomicBool::new(true));
    let limits = Limits::default().with_stop(stop);
    let r = engine().search(&pos, &limits, &mut |_| {}).unwrap();
    assert!(pos.is_legal(r.best));
}

#[test]
fn an_infinite_search_stops_when_told() {
    let pos = Position::default();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let limits = Limits::default().with_stop(Arc::clone(&stop));
    let handle = std::thread::spawn(move || {
        let mut e = engine();
        e.search(&pos, &limits, &mut |_| {}).unwrap()
    });
    std::thread::sleep(std::time::Duration::from_millis(100));
    flag.store(true, Ordering::Relaxed);
    let r = handle.join().unwrap();
    assert!(pos.is_legal(r.best));
}

#[test]
fn levels_play_legal_moves() {
    for l in 1..=7 {
        let level = Level::new(l).unwrap();
        let mut bot = EngineBot::with_level(level, 3);
        let mut pos = Position::default();
        for _ in 0..6 {
            let m = bot.choose(&pos).unwrap();
            assert!(pos.is_legal(m), "level {l}: {m}");
            pos.play_unchecked(m);
        }
    }
}

/// The page says why a level played its move: the search's information, or that the move
/// was one of the level's random pawn moves, for which no information comes.
#[test]
fn a_levels_random_move_is_known_and_reports_no_information() {
    let level = Level::new(1).unwrap();
    let pos: Position = "9 S:e2:10,N:e9:10 - N 1".parse().unwrap();
    let (mut random, mut searched) = (0, 0);
    for seed in 0..60 {
        let mut bot = EngineBot::with_level(level, seed);
        assert!(!bot.last_move_random(), "before the first move");
        let mut iterations = 0;
        let m = bot.choose_with_info(&pos, &mut |_| iterations += 1).unwrap();
        assert!(pos.is_legal(m));
        if bot.last_move_random() {
            assert_eq!(iterations, 0, "seed {seed}: a random move has no search");
            assert!(bot.last_search().is_none(), "seed {seed}");
            assert!(matches!(m, Move::Pawn(_)), "seed {seed}: {m}");
            random += 1;
        } else {
            assert!(iterations > 0, "seed {seed}: a searched move reports its iterations");
            assert_eq!(bot.last_search().and_then(|i| i.pv.first()), Some(&m), "seed {seed}");
            searched += 1;
        }
    }
    // Level 1 plays 20% of its moves at random.
    assert!(random > 0 && searched > random, "{random} random, {searched} searched");
    // From level 5 on, no move is played at random; the final information's line starts
    // with the move played, the tree search's of three and four players too.
    for fen in [
        "9 S:e2:10,N:e9:10 - N 1",
        "9 S:e3:6,W:c5:7,N:e7:6 d5h,f4v W 5",
        "9k S:e3:4,W:c5:4,N:e7:5,E:g5:5 d6h,f4v W 5",
    ] {
        let pos: Position = fen.parse().unwrap();
        for l in [3, 5, 7] {
            let mut bot = EngineBot::with_level(Level::new(l).unwrap(), 2);
            let m = bot.choose_with_info(&pos, &mut |_| {}).unwrap();
            if l >= 5 {
                assert!(!bot.last_move_random(), "{fen} level {l}");
            }
            if !bot.last_move_random() {
                let info = bot.last_search().expect("searched");
                assert_eq!(info.pv.first(), Some(&m), "{fen} level {l}");
            }
        }
    }
}

#[test]
fn greedy_walls_a_leader_and_walks_otherwise() {
    let mut g = GreedyBot::new();
    // North is far closer: South walls it.
    let pos: Position = "9 S:g1:10,N:c3:10 - S 12".parse().unwrap();
    assert!(matches!(g.choose(&pos), Some(Move::Wall(_))));
    // South is closer: it walks.
    let pos: Position = "9 S:e7:10,N:e9:10 - S 12".parse().unwrap();
    assert_eq!(g.choose(&pos), Some("e8".parse().unwrap()));
}

#[test]
fn blocks_an_opponent_about_to_win_in_multi_player_games() {
    // West (3 players) and the King of the Hill leader are one step from their goals; the
    // side to move must wall them off or lose at once.
    for (fen, threat) in [
        ("9 S:e1:7,W:h5:7,N:e8:7 - S 10", Seat::West),
        ("9k S:b2:5,W:e4:5,N:h8:5,E:a9:5 - S 12", Seat::West),
    ] {
        let pos: Position = fen.parse().unwrap();
        assert_eq!(pos.distance(threat), Some(1), "{fen}");
        let r = engine().search(&pos, &Limits::depth(3), &mut |_| {}).unwrap();
        let mut p = pos;
        p.play(r.best).unwrap();
        assert!(p.distance(threat).unwrap() > 1, "{fen}: {} leaves {threat} one step away", r.best);
    }
}

#[test]
fn clock_and_movetime_searches_return_legal_moves() {
    let pos = Position::default();
    let clock = quoridor_ai::Clock::new(
        std::time::Duration::from_millis(200),
        std::time::Duration::from_millis(5),
    );
    for limits in [
        Limits::default().with_clock(clock),
        Limits::movetime(std::time::Duration::from_millis(5)),
        Limits::movetime(std::time::Duration::ZERO),
    ] {
        let r = engine().search(&pos, &limits, &mut |_| {}).unwrap();
        assert!(pos.is_legal(r.best));
    }
}

#[test]
fn a_two_player_time_per_move_is_spent_to_its_deadline() {
    // Three walls each, far from the goals: the best move settles within a few
    // iterations, and a search that stopped as under a clock (no new iteration once 30% of
    // the time is gone, as before) returned in about half of it. A time per move is not
    // banked, so the search uses it to the deadline (0.95 t - 1 ms). A busy machine only
    // makes the search take longer, never shorter.
    let pos: Position = "9 S:e2:3,N:e8:3 - S 5".parse().unwrap();
    let t = std::time::Duration::from_millis(1000);
    let started = std::time::Instant::now();
    let r = engine().search(&pos, &Limits::movetime(t), &mut |_| {}).unwrap();
    let spent = started.elapsed();
    assert!(spent >= t * 9 / 10, "{spent:?} of {t:?}");
    assert!(pos.is_legal(r.best));
}

#[test]
fn win_scores_prefer_the_faster_win() {
    // South wins at once with e9; the engine must not dawdle.
    let pos: Position = "9 S:e8:0,N:a2:0 - S 20".parse().unwrap();
    let r = engine().search(&pos, &Limits::depth(5), &mut |_| {}).unwrap();
    assert_eq!(r.best, "e9".parse::<Move>().unwrap());
    assert_eq!(r.info.score, Score::Win(1));
}

fn threaded(threads: usize) -> Engine {
    Engine::new(EngineOptions::default().with_hash_mb(2).with_threads(threads))
}

#[test]
fn threaded_searches_return_legal_moves_in_every_variant() {
    let mut e = threaded(3);
    for (i, config) in configs().iter().enumerate() {
        for pos in random_positions(config, 3, 100 + i as u64) {
            for limits in [Limits::depth(3), Limits::nodes(3000)] {
                let r = e.search(&pos, &limits, &mut |_| {}).expect("game not over");
                assert_legal_result(&pos, &r);
            }
        }
    }
}

#[test]
fn threads_share_the_node_limit_and_report_every_thread_s_nodes() {
    let pos: Position = "9 S:e4:8,N:e6:9 e3h,d4v,f6v N 6".parse().unwrap();
    let r = threaded(2).search(&pos, &Limits::nodes(40_000), &mut |_| {}).unwrap();
    assert!(r.info.nodes <= 40_000, "{}", r.info.nodes);
    // Both threads searched: more than one thread's share.
    assert!(r.info.nodes > 20_000, "{}", r.info.nodes);
}

#[test]
fn threaded_depth_searches_reach_the_depth_and_find_forced_wins() {
    let mut e = threaded(2);
    let mut depths = Vec::new();
    let r =
        e.search(&Position::default(), &Limits::depth(5), &mut |i| depths.push(i.depth)).unwrap();
    assert_eq!(depths, [1, 2, 3, 4, 5]);
    assert_eq!(r.info.depth, 5);
    let pos: Position = "5 S:c3:1,N:e3:0 d3h,c4h,a1v,b1v,d1v,a4v S 6".parse().unwrap();
    let r = e.search(&pos, &Limits::depth(3), &mut |_| {}).unwrap();
    assert_eq!(r.best, "d2h".parse::<Move>().unwrap());
    assert!(matches!(r.info.score, Score::Win(_)), "{}", r.info.score);
}

#[test]
fn a_threaded_infinite_search_stops_when_told() {
    let pos = Position::default();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let limits = Limits::default().with_stop(stop);
    let handle =
        std::thread::spawn(move || threaded(2).search(&pos, &limits, &mut |_| {}).unwrap());
    std::thread::sleep(std::time::Duration::from_millis(100));
    flag.store(true, Ordering::Relaxed);
    let r = handle.join().unwrap();
    assert!(pos.is_legal(r.best));
}

#[test]
fn set_threads_changes_the_thread_count_and_back_to_one_is_deterministic() {
    let pos: Position = "9 S:e4:8,N:e6:9 e3h,d4v,f6v N 6".parse().unwrap();
    let mut e = threaded(1);
    e.set_threads(4);
    assert_eq!(e.options().threads, 4);
    let r = e.search(&pos, &Limits::depth(4), &mut |_| {}).unwrap();
    assert!(pos.is_legal(r.best));
    e.set_threads(0);
    assert_eq!(e.options().threads, 1);
    assert_eq!(e.set_hash(2), 2);
    assert_eq!(e.options().hash_mb, 2);
    e.new_game();
    let a = e.search(&pos, &Limits::depth(4), &mut |_| {}).unwrap();
    let b = engine().search(&pos, &Limits::depth(4), &mut |_| {}).unwrap();
    assert_eq!((a.best, a.info.nodes, a.info.score), (b.best, b.info.nodes, b.info.score));
}

/// The bench's node count is the search's signature (`quoridor bench`, depth 5): it changes
/// only when the search's behaviour does. A change of behaviour updates this number and
/// `docs/performance.md` together; a change that should not alter behaviour must leave it.
/// The two-player positions' part is the two-player search's own signature: the three- and
/// four-player tree search (issue 17) left it as it was (71,202 of the 313,377 before it);
/// race tables built only far from the horizon (`params::RACE_BUILD_DEPTH`) made it 71,329,
/// the evaluation network switched on (`net_weights.rs`) 81,049, the linear weights
/// refitted on the network's data (with the network trained again on top) 64,469, and the
/// network trained again on its own games as well 61,018.
#[test]
fn bench_signature_is_pinned() {
    let report = quoridor_ai::bench(5);
    assert_eq!(report.two_player_nodes, TWO_PLAYER_SIGNATURE);
    assert_eq!(report.nodes, BENCH_SIGNATURE);
}

const TWO_PLAYER_SIGNATURE: u64 = 61_018;
const BENCH_SIGNATURE: u64 = 99_317;

/// Waits until `ponder` has searched for `ms` milliseconds, then stops it.
fn ponder_for(ponder: quoridor_ai::Ponder, ms: u64) -> (Engine, u64) {
    std::thread::sleep(std::time::Duration::from_millis(ms));
    ponder.stop_with_nodes()
}

#[test]
fn pondering_searches_until_stopped_and_gives_the_engine_back() {
    for config in configs() {
        let mut game = quoridor_core::Game::new(&config).unwrap();
        let mut engine = Engine::new(EngineOptions::default().with_hash_mb(1));
        let ours = engine.search_game(&game, &Limits::depth(2), &mut |_| {}).unwrap();
        game.play(ours.best).unwrap();
        let ponder = engine.ponder(&game);
        let (mut engine, nodes) = ponder_for(ponder, 150);
        assert!(nodes > 0, "{config:?}: the ponder searched nothing");
        if config.players == Players::Two {
            assert!(engine.hashfull() > 0, "{config:?}: the table is empty after pondering");
        }
        // The engine plays on from what it found.
        let theirs = game.position().legal_moves().first().copied().unwrap();
        game.play(theirs).unwrap();
        let next = engine.search_game(&game, &Limits::depth(2), &mut |_| {}).unwrap();
        assert!(game.position().is_legal(next.best), "{config:?}");
    }
}

#[test]
fn pondering_a_finished_game_ends_at_once() {
    let pos: Position = "5 S:c5:1,N:c2:1 - N 9".parse().unwrap();
    let game = quoridor_core::Game::from_position(pos);
    let ponder = engine().ponder(&game);
    for _ in 0..1000 {
        if ponder.is_finished() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(ponder.is_finished(), "no search in a finished game");
    let (mut engine, nodes) = ponder.stop_with_nodes();
    assert_eq!(nodes, 0);
    let start = quoridor_core::Game::default();
    assert!(engine.search_game(&start, &Limits::depth(1), &mut |_| {}).is_some());
}

#[test]
fn a_dropped_ponder_stops_its_thread() {
    let mut game = quoridor_core::Game::default();
    game.play("e2".parse().unwrap()).unwrap();
    let started = std::time::Instant::now();
    drop(engine().ponder(&game));
    // Without a limit the search would run for minutes.
    assert!(started.elapsed() < std::time::Duration::from_secs(30));
}
