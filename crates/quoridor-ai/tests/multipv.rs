//! Multi-PV (`Engine::analyse`): the first line is the single search's answer, the lines
//! are in order, distinct and legal, and the count is clamped to the legal moves.

use std::collections::HashSet;

use quoridor_ai::{Analysis, Engine, EngineOptions, Limits, MultiPv, Score};
use quoridor_core::{Config, Game, Players, Position};

const START: &str = "9 S:e1:10,N:e9:10 - S 0";
const MIDDLE: &str = "9 S:e4:8,N:e6:9 e3h,d4v,f6v N 6";
const LATE: &str = "9 S:d5:6,N:e6:6 c3h,e3h,d4v,f6v,c6h,e7h,g5v,b2v S 15";
/// No walls left: a solved race.
const RACE: &str = "9 S:e3:0,N:e6:0 c3h,e3h S 20";
const THREE: &str = "9 S:e3:6,W:c5:7,N:e7:6 d5h,f4v W 5";

fn engine() -> Engine {
    Engine::new(EngineOptions::default().with_hash_mb(16))
}

fn analyse(fen: &str, depth: u32, n: usize) -> (Position, Analysis) {
    let pos: Position = fen.parse().unwrap();
    let a = engine()
        .analyse(&pos, &Limits::depth(depth), MultiPv::new(n).unwrap(), &mut |_| {})
        .unwrap();
    (pos, a)
}

/// Every line starts with its move, is legal move by move, and the moves are distinct.
fn check_lines(pos: &Position, a: &Analysis) {
    let mut seen = HashSet::new();
    for c in &a.lines {
        assert_eq!(c.pv.first(), Some(&c.mv), "{pos}: the line starts with its move");
        assert!(seen.insert(c.mv), "{pos}: {} twice", c.mv);
        let mut p = *pos;
        for &m in &c.pv {
            assert!(p.is_legal(m), "{pos}: {m} illegal in the line of {}", c.mv);
            p.play_unchecked(m);
        }
    }
    assert!(a.lines.windows(2).all(|w| w[0].score >= w[1].score), "{pos}: scores in order");
}

#[test]
fn the_single_pv_search_is_a_line_and_leads_unless_beaten() {
    for (fen, depth) in [(START, 4), (MIDDLE, 5), (LATE, 4), (THREE, 3)] {
        let pos: Position = fen.parse().unwrap();
        let single = engine().search(&pos, &Limits::depth(depth), &mut |_| {}).unwrap();
        let (_, a) = analyse(fen, depth, 3);
        assert_eq!(a.lines.len(), 3, "{fen}");
        assert!(a.complete);
        assert_eq!(a.depth, single.info.depth, "{fen}");
        // The search's line is among the lines, whole; it leads unless a pass proved
        // another move better (the passes search every move with a full window, where the
        // search may have reduced it).
        let own = a.lines.iter().find(|c| c.mv == single.best).expect("the search's move");
        assert_eq!((own.score, &own.pv), (single.info.score, &single.info.pv), "{fen}");
        assert!(
            a.best().mv == single.best || a.best().score > single.info.score,
            "{fen}: {} leads without a better score",
            a.best().mv
        );
        check_lines(&pos, &a);
    }
}

#[test]
fn one_line_is_exactly_the_search() {
    let pos: Position = MIDDLE.parse().unwrap();
    let single = engine().search(&pos, &Limits::depth(5), &mut |_| {}).unwrap();
    let (_, a) = analyse(MIDDLE, 5, 1);
    assert_eq!(a.lines.len(), 1);
    assert_eq!(
        (a.best().mv, a.best().score, a.nodes),
        (single.best, single.info.score, single.info.nodes)
    );
}

#[test]
fn more_lines_than_legal_moves_gives_every_move() {
    // 5x5 with no walls in hand for North: few moves.
    let fen = "5 S:c2:1,N:c4:0 b2h,c3v S 4";
    let pos: Position = fen.parse().unwrap();
    let legal = pos.legal_moves().into_iter().count();
    for n in [legal, legal + 1, usize::MAX] {
        let (_, a) = analyse(fen, 3, n);
        assert_eq!(a.lines.len(), legal, "multipv {n}");
        assert!(a.complete);
        check_lines(&pos, &a);
    }
    // Every legal move of the start position.
    let (pos, a) = analyse(START, 2, 1000);
    assert_eq!(a.lines.len(), pos.count_legal_moves());
    check_lines(&pos, &a);
}

#[test]
fn zero_lines_cannot_be_asked_for() {
    assert_eq!(MultiPv::new(0), None);
    assert_eq!(MultiPv::default(), MultiPv::ONE);
}

#[test]
fn a_race_gives_every_move_its_exact_value() {
    let (pos, a) = analyse(RACE, 4, 10);
    assert_eq!(a.lines.len(), pos.count_legal_moves());
    check_lines(&pos, &a);
    assert!(a.lines.iter().all(|c| !matches!(c.score, Score::Eval(v) if v != 0)));
}

#[test]
fn lines_are_deterministic_and_the_same_from_a_game() {
    let (_, a) = analyse(MIDDLE, 4, 4);
    let (_, b) = analyse(MIDDLE, 4, 4);
    assert_eq!(a.lines, b.lines);
    assert_eq!(a.nodes, b.nodes);
    let mut game = Game::new(&Config::default().with_players(Players::Two)).unwrap();
    for m in ["e2", "e8", "e3", "e7"] {
        game.play(m.parse().unwrap()).unwrap();
    }
    let g = engine()
        .analyse_game(&game, &Limits::depth(3), MultiPv::new(2).unwrap(), &mut |_| {})
        .unwrap();
    let p = engine()
        .analyse(game.position(), &Limits::depth(3), MultiPv::new(2).unwrap(), &mut |_| {})
        .unwrap();
    assert_eq!(g.lines, p.lines);
}

#[test]
fn a_node_limit_is_shared_and_a_game_over_has_no_analysis() {
    let pos: Position = MIDDLE.parse().unwrap();
    let a = engine()
        .analyse(&pos, &Limits::nodes(3000), MultiPv::new(5).unwrap(), &mut |_| {})
        .unwrap();
    assert!(a.nodes <= 3000 + 2, "{} nodes", a.nodes);
    assert!(!a.lines.is_empty());
    check_lines(&pos, &a);
    let over: Position = "5 S:c5:2,N:c4:3 - N 7".parse().unwrap();
    assert!(over.is_game_over());
    assert!(engine().analyse(&over, &Limits::depth(2), MultiPv::ONE, &mut |_| {}).is_none());
}

#[test]
fn several_threads_give_distinct_ordered_lines() {
    let pos: Position = MIDDLE.parse().unwrap();
    let mut e = Engine::new(EngineOptions::default().with_hash_mb(16).with_threads(2));
    let a = e.analyse(&pos, &Limits::depth(4), MultiPv::new(3).unwrap(), &mut |_| {}).unwrap();
    assert_eq!(a.lines.len(), 3);
    check_lines(&pos, &a);
}

#[test]
fn searchmoves_restricts_the_root_and_ignores_illegal_moves() {
    let pos: Position = MIDDLE.parse().unwrap();
    let m = |s: &str| s.parse::<quoridor_core::Move>().unwrap();
    let only = vec![m("a1h"), m("e5"), m("h8v")];
    let limits = Limits::depth(4).with_searchmoves(only.clone());
    let r = engine().search(&pos, &limits, &mut |_| {}).unwrap();
    assert!(only.contains(&r.best), "{}", r.best);
    // All of them as lines, and no other.
    let a = engine().analyse(&pos, &limits, MultiPv::new(10).unwrap(), &mut |_| {}).unwrap();
    let mut moves: Vec<_> = a.lines.iter().map(|c| c.mv).collect();
    moves.sort_by_key(ToString::to_string);
    assert_eq!(moves, [m("a1h"), m("e5"), m("h8v")]);
    check_lines(&pos, &a);
    // An illegal move is left out; with none legal, every move is searched.
    let with_bad = Limits::depth(3).with_searchmoves(vec![m("e9"), m("a1h")]);
    assert_eq!(engine().search(&pos, &with_bad, &mut |_| {}).unwrap().best, m("a1h"));
    let none = Limits::depth(3).with_searchmoves(vec![m("e9")]);
    let free = engine().search(&pos, &Limits::depth(3), &mut |_| {}).unwrap();
    assert_eq!(engine().search(&pos, &none, &mut |_| {}).unwrap().best, free.best);
    // A solved race: the moves asked for, each with its exact value.
    let race: Position = RACE.parse().unwrap();
    let step = race
        .legal_moves()
        .into_iter()
        .find(|&x| x != engine().search(&race, &Limits::depth(2), &mut |_| {}).unwrap().best)
        .unwrap();
    let r = engine()
        .search(&race, &Limits::depth(4).with_searchmoves(vec![step]), &mut |_| {})
        .unwrap();
    assert_eq!(r.best, step);
    let all =
        engine().analyse(&race, &Limits::depth(4), MultiPv::new(99).unwrap(), &mut |_| {}).unwrap();
    let exact = all.lines.iter().find(|c| c.mv == step).unwrap().score;
    assert_eq!(r.info.score, exact);
}

/// A review on several threads: each reviews a run of consecutive positions with its own
/// engine on one thread, so two reviews on three threads agree, and every position is
/// analysed (a verdict per move, a chance per position).
#[test]
fn a_review_on_threads_divides_the_game_and_repeats_itself() {
    use quoridor_ai::review::review;
    let game: Game = "1. e2 e8 2. e3 e7 3. e4 e6 4. d4h e5 5. e3 d5h 6. c4v f5 *".parse().unwrap();
    let run = |threads: usize| {
        let mut engine =
            Engine::new(EngineOptions::default().with_hash_mb(4).with_threads(threads));
        let mut told = Vec::new();
        let r =
            review(&mut engine, &game, &Limits::depth(4), &mut |n, total| told.push((n, total)));
        assert_eq!(engine.options().threads, threads, "the engine keeps its threads");
        (r, told)
    };
    let (a, told) = run(3);
    let (b, _) = run(3);
    assert_eq!(a.moves.len(), 12);
    assert_eq!(a.chances.len(), 13);
    let key = |r: &quoridor_ai::review::GameReview| {
        r.moves.iter().map(|m| (m.best, m.before, m.after, m.judgement)).collect::<Vec<_>>()
    };
    assert_eq!(key(&a), key(&b));
    assert_eq!(told.last(), Some(&(13, 13)), "{told:?}");
    assert!(told.windows(2).all(|w| w[0].0 <= w[1].0), "{told:?}");
    // One thread and three judge the same moves the engine's.
    let (one, _) = run(1);
    assert_eq!(one.moves.len(), 12);
}

/// Three players: South, West and North step forward and back, back at the start. South's
/// natural step `e2` now brings back a position the game went through: analysed as a game,
/// the search sees the repetition (which nobody wins) and prefers another move; analysed as
/// a lone position, `e2` is best.
#[test]
fn a_game_analysed_by_depth_knows_its_repetitions() {
    let mut game = Game::new(&Config::default().with_players(Players::Three)).unwrap();
    for m in ["e2", "b5", "e8", "e1", "a5", "e9"] {
        game.play(m.parse().unwrap()).unwrap();
    }
    let again: quoridor_core::Move = "e2".parse().unwrap();
    let all = MultiPv::new(usize::MAX).unwrap();
    let score_of = |a: &Analysis| a.lines.iter().find(|c| c.mv == again).unwrap().score;
    let mut depths = Vec::new();
    let in_game = engine()
        .analyse_game_by_depth(&game, &Limits::depth(2), all, &mut |i| depths.push(i.depth))
        .unwrap();
    assert_eq!(depths.last(), Some(&2));
    let alone =
        engine().analyse_by_depth(game.position(), &Limits::depth(2), all, &mut |_| {}).unwrap();
    assert_eq!(alone.lines[0].mv, again);
    assert_ne!(in_game.lines[0].mv, again);
    assert!(score_of(&in_game) < score_of(&alone));
    assert_eq!(in_game.lines.len(), alone.lines.len());
    check_lines(game.position(), &in_game);
}
