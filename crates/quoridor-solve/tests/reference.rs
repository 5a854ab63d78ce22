//! The solver against references that share nothing with it: a plain exhaustive minimax over
//! quoridor-core's own move generation, and the engine's race tables for wall-less positions.

use std::collections::HashMap;

use quoridor_ai::SplitMix64;
use quoridor_ai::race::{RaceTable, RaceValue};
use quoridor_core::{BoardSize, Config, Position, Seat, WallSet};
use quoridor_solve::{SolveOptions, Value, solve, solve_start};

type Key = (WallSet, Option<quoridor_core::Square>, Option<quoridor_core::Square>, u8, u8, Seat);

/// Everything that decides the future of a two-player position (not the ply count).
fn key(pos: &Position) -> Key {
    (
        pos.walls(),
        pos.pawn(Seat::South),
        pos.pawn(Seat::North),
        pos.walls_in_hand(Seat::South),
        pos.walls_in_hand(Seat::North),
        pos.turn(),
    )
}

/// Deliberately simple exact minimax with cycles: build the whole graph of positions
/// reachable from `root`, then compute "the side to move wins within d plies" and "loses
/// within d plies" for d = 0, 1, 2, ... from the previous d, until nothing changes. What is
/// never won or lost is a draw. The first d that wins is the fastest win; the first d by which
/// every line loses is the slowest loss.
fn reference(root: &Position) -> Value {
    let mut index: HashMap<Key, usize> = HashMap::new();
    let mut positions = vec![*root];
    let mut children: Vec<Vec<usize>> = Vec::new();
    index.insert(key(root), 0);
    let mut i = 0;
    while i < positions.len() {
        let pos = positions[i];
        let mut kids = Vec::new();
        if !pos.is_game_over() {
            for m in pos.legal_moves() {
                let mut next = pos;
                next.play(m).expect("a legal move");
                let id = *index.entry(key(&next)).or_insert_with(|| {
                    positions.push(next);
                    positions.len() - 1
                });
                kids.push(id);
            }
        }
        children.push(kids);
        i += 1;
    }
    // Some(d): won (or lost) within d plies, d the least such.
    let mut win: Vec<Option<u32>> = vec![None; positions.len()];
    let mut loss: Vec<Option<u32>> =
        positions.iter().map(|p| p.is_game_over().then_some(0)).collect();
    for d in 1.. {
        let mut changed = false;
        let (prev_win, prev_loss) = (win.clone(), loss.clone());
        for x in 0..positions.len() {
            if win[x].is_some() || loss[x].is_some() || children[x].is_empty() {
                continue;
            }
            if children[x].iter().any(|&c| prev_loss[c].is_some()) {
                win[x] = Some(d);
                changed = true;
            } else if children[x].iter().all(|&c| prev_win[c].is_some()) {
                loss[x] = Some(d);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    match (win[0], loss[0]) {
        (Some(d), _) => Value::Win(d),
        (_, Some(d)) => Value::Loss(d),
        _ => Value::Draw,
    }
}

fn start(walls: u8) -> Position {
    start_on(BoardSize::MIN, walls)
}

fn start_on(size: BoardSize, walls: u8) -> Position {
    Position::start(&Config::default().with_size(size).with_walls(Some(walls))).expect("a start")
}

/// A position `plies` random legal moves from the 5x5 start with `walls` walls each (fewer
/// when the game ends first).
fn random_position(rng: &mut SplitMix64, walls: u8, plies: usize) -> Position {
    random_position_on(rng, BoardSize::MIN, walls, plies)
}

fn random_position_on(rng: &mut SplitMix64, size: BoardSize, walls: u8, plies: usize) -> Position {
    let mut pos = start_on(size, walls);
    for _ in 0..plies {
        if pos.is_game_over() {
            break;
        }
        let moves = pos.legal_moves();
        let m = moves.as_slice()[rng.below(moves.len())];
        pos.play(m).expect("a legal move");
    }
    pos
}

fn solved(pos: &Position) -> quoridor_solve::Solution {
    solve(pos, &SolveOptions::default(), &mut |_| {}).expect("a solve")
}

/// The best move keeps the value: the position after it, solved on its own, is worth one
/// ply less for the other side.
fn check_best(pos: &Position, s: &quoridor_solve::Solution) {
    let Some(best) = s.best else {
        assert!(pos.is_game_over(), "{pos}: no best move");
        return;
    };
    let mut next = *pos;
    next.play(best).expect("the best move is legal");
    let after = solved(&next);
    assert_eq!(after.value.parent(), s.value, "{pos}: best move {best} does not keep the value");
}

#[test]
fn start_with_no_walls_and_one_wall_agrees_with_minimax() {
    for walls in [0, 1] {
        let pos = start(walls);
        let s = solved(&pos);
        assert_eq!(s.value, reference(&pos), "5x5 start, {walls} walls");
        check_best(&pos, &s);
    }
}

#[test]
fn random_positions_with_few_walls_in_hand_agree_with_minimax() {
    let mut rng = SplitMix64::new(19);
    let mut checked = 0;
    let mut kinds = [0usize; 3];
    while checked < 60 {
        // Start with 2 walls each; keep positions with at most 2 walls left in all.
        let plies = 2 + rng.below(10);
        let pos = random_position(&mut rng, 2, plies);
        let in_hand = pos.walls_in_hand(Seat::South) + pos.walls_in_hand(Seat::North);
        if in_hand > 2 {
            continue;
        }
        let s = solved(&pos);
        assert_eq!(s.value, reference(&pos), "{pos}");
        check_best(&pos, &s);
        kinds[match s.value {
            Value::Win(_) => 0,
            Value::Loss(_) => 1,
            Value::Draw => 2,
        }] += 1;
        checked += 1;
    }
    // The sample must hold both wins and losses to mean anything.
    assert!(kinds[0] > 0 && kinds[1] > 0, "{kinds:?}");
}

#[test]
fn wall_less_positions_agree_with_the_race_tables() {
    let mut rng = SplitMix64::new(7);
    let mut checked = 0;
    while checked < 200 {
        let plies = 6 + rng.below(20);
        let pos = random_position(&mut rng, 3, plies);
        if pos.is_game_over()
            || pos.walls_in_hand(Seat::South) + pos.walls_in_hand(Seat::North) != 0
        {
            continue;
        }
        let table = RaceTable::solve(&pos).expect("two players");
        let race = match table.probe(&pos).expect("a race position") {
            RaceValue::Win(n) => Value::Win(n),
            RaceValue::Loss(n) => Value::Loss(n),
            RaceValue::Draw => Value::Draw,
        };
        assert_eq!(solved(&pos).value, race, "{pos}");
        checked += 1;
    }
}

#[test]
fn on_7x7_the_solver_agrees_with_the_race_tables_and_with_minimax() {
    let seven = BoardSize::new(7).expect("7x7");
    let mut rng = SplitMix64::new(77);
    let (mut races, mut walled) = (0, 0);
    while races < 40 || walled < 3 {
        let plies = 4 + rng.below(30);
        let pos = random_position_on(&mut rng, seven, 4, plies);
        let in_hand = pos.walls_in_hand(Seat::South) + pos.walls_in_hand(Seat::North);
        if pos.is_game_over() || in_hand > 1 {
            continue;
        }
        let s = solved(&pos);
        if in_hand == 0 && races < 40 {
            let race = RaceTable::solve(&pos).expect("two players").probe(&pos);
            let race = match race.expect("a race position") {
                RaceValue::Win(n) => Value::Win(n),
                RaceValue::Loss(n) => Value::Loss(n),
                RaceValue::Draw => Value::Draw,
            };
            assert_eq!(s.value, race, "{pos}");
            races += 1;
        } else if in_hand == 1 && walled < 3 {
            assert_eq!(s.value, reference(&pos), "{pos}");
            check_best(&pos, &s);
            walled += 1;
        }
    }
}

#[test]
fn a_draw_by_endless_play_is_found() {
    // Found by solving random positions (1 in about 1,000 with few walls in hand): whoever
    // places a wall first or leaves the standoff loses, so both shuffle forever.
    let pos: Position = "5 S:c1:1,N:c5:1 c3h,d4h,d1v,b3v S 4".parse().expect("a position");
    let s = solved(&pos);
    assert_eq!(s.value, Value::Draw);
    assert_eq!(reference(&pos), Value::Draw);
    check_best(&pos, &s);
}

#[test]
fn the_small_starts_have_their_known_values() {
    // The engine proves both (`quoridor analyse --size 5 --walls 1`: South loses in 12).
    let solve0 = solve_start(BoardSize::MIN, 0, &SolveOptions::default(), &mut |_| {}).unwrap();
    assert_eq!(solve0.value, Value::Loss(8));
    let solve1 = solve_start(BoardSize::MIN, 1, &SolveOptions::default(), &mut |_| {}).unwrap();
    assert_eq!(solve1.value, Value::Loss(12));
}

#[test]
fn a_finished_game_is_lost_for_the_side_to_move() {
    let pos: Position = "5 S:c4:0,N:a1:0 - S 9".parse().expect("a position");
    let s = solved(&pos);
    assert_eq!(s.value, Value::Loss(0));
    assert_eq!(s.best, None);
}
