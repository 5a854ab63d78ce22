//! The exact race solver against a plain exhaustive search built on the rules crate.

use std::collections::HashMap;

use quoridor_ai::race::{RaceTable, RaceValue};
use quoridor_ai::{Bot, RandomBot};
use quoridor_core::{BoardSize, Config, Move, Position, Seat, SeatSetup, SeatState, Square};

/// Every race state of the maze of `maze` as a position (South pawn, North pawn, turn).
fn states(maze: &Position) -> Vec<Position> {
    let size = maze.size().get();
    let squares: Vec<Square> =
        (0..size).flat_map(|r| (0..size).map(move |c| Square::new(c, r).unwrap())).collect();
    let mut out = Vec::new();
    for &s in &squares {
        for &n in &squares {
            for turn in [Seat::South, Seat::North] {
                let mut setup = maze.to_setup();
                setup.seats[Seat::South] =
                    Some(SeatSetup { state: SeatState::Playing(s), walls: 0 });
                setup.seats[Seat::North] =
                    Some(SeatSetup { state: SeatState::Playing(n), walls: 0 });
                setup.turn = turn;
                setup.ply_limit = None;
                if let Ok(p) = Position::try_from(setup) {
                    out.push(p);
                }
            }
        }
    }
    out
}

fn key(p: &Position) -> (Option<Square>, Option<Square>, Seat) {
    (p.pawn(Seat::South), p.pawn(Seat::North), p.turn())
}

/// Plain exhaustive solution by rounds: after round k every state decided within k plies
/// is known (won: some move reaches a lost state; lost: every move reaches a won state).
fn exhaustive(maze: &Position) -> HashMap<(Option<Square>, Option<Square>, Seat), RaceValue> {
    let all = states(maze);
    let mut val = HashMap::new();
    for p in &all {
        if p.is_game_over() {
            // Whoever just moved has arrived: the side to move has lost.
            val.insert(key(p), RaceValue::Loss(0));
        }
    }
    for k in 1..400u32 {
        let mut new = Vec::new();
        for p in &all {
            if val.contains_key(&key(p)) {
                continue;
            }
            let mut all_won = true;
            let mut wins = false;
            for &m in p.legal_moves().iter() {
                let mut c = *p;
                c.play_unchecked(m);
                match val.get(&key(&c)) {
                    Some(RaceValue::Loss(_)) => wins = true,
                    Some(RaceValue::Win(_)) => {}
                    _ => all_won = false,
                }
            }
            if wins {
                new.push((key(p), RaceValue::Win(k)));
            } else if all_won {
                new.push((key(p), RaceValue::Loss(k)));
            }
        }
        if new.is_empty() {
            break;
        }
        val.extend(new);
    }
    val
}

#[test]
fn race_tables_agree_with_exhaustive_search_on_5x5() {
    let mut bot = RandomBot::new(11);
    for g in 0..6 {
        // A random maze: random walls from a start with walls in hand.
        let config = Config::default().with_size(BoardSize::MIN).with_walls(Some(4));
        let mut pos = Position::start(&config).unwrap();
        let mut placed = 0;
        while placed < 2 + g && !pos.is_game_over() {
            let m = bot.choose(&pos).unwrap();
            if matches!(m, Move::Wall(_)) {
                placed += 1;
            }
            pos.play_unchecked(m);
        }
        let table = RaceTable::solve(&pos).unwrap();
        let truth = exhaustive(&pos);
        let mut decided = 0;
        for p in states(&pos) {
            let want = truth.get(&key(&p)).copied().unwrap_or(RaceValue::Draw);
            if p.is_game_over() {
                continue;
            }
            assert_eq!(table.probe(&p), Some(want), "{p}");
            decided += usize::from(want != RaceValue::Draw);
        }
        assert!(decided > 100);
    }
}

#[test]
fn race_moves_match_the_rules() {
    // The table's own move generator must agree with the rules crate: compare the best
    // move's legality over many states.
    let pos: Position = "7 S:d1:0,N:d7:0 b3h,c4v,d2h,e5v S 0".parse().unwrap();
    let table = RaceTable::solve(&pos).unwrap();
    for p in states(&pos) {
        if p.is_game_over() {
            continue;
        }
        let (m, v) = table.best_move(&p).unwrap();
        assert!(p.is_legal(m), "{m} in {p}");
        let mut c = p;
        c.play_unchecked(m);
        let after = if c.is_game_over() { RaceValue::Loss(0) } else { table.probe(&c).unwrap() };
        match v {
            RaceValue::Win(n) => assert_eq!(after, RaceValue::Loss(n - 1), "{p}"),
            RaceValue::Loss(n) => assert_eq!(after, RaceValue::Win(n - 1), "{p}"),
            RaceValue::Draw => assert_eq!(after, RaceValue::Draw),
        }
    }
}

#[test]
fn shorter_distance_does_not_always_win() {
    // Both without walls; North to move is farther from its goal, yet wins by a jump.
    let pos: Position = "9 S:e5:0,N:e6:0 - N 10".parse().unwrap();
    let table = RaceTable::solve(&pos).unwrap();
    assert!(matches!(table.probe(&pos), Some(RaceValue::Win(_))));
}
