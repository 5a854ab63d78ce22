//! The engine's one-wall endgame tables (`quoridor_ai::one_wall`) against the solver on
//! random 5x5 and 7x7 positions where one side holds one wall and the other none.

use quoridor_ai::one_wall::OneWallTable;
use quoridor_ai::race::RaceValue;
use quoridor_ai::{Engine, EngineOptions, Limits, SplitMix64};
use quoridor_core::{BoardSize, Config, Outcome, Position, Seat};
use quoridor_solve::{SolveOptions, Value, solve};

fn value(v: RaceValue) -> Value {
    match v {
        RaceValue::Win(n) => Value::Win(n),
        RaceValue::Loss(n) => Value::Loss(n),
        RaceValue::Draw => Value::Draw,
    }
}

/// A random position of the game with `walls` each on a `size` board where one side holds
/// one wall and the other none.
fn one_wall_position(rng: &mut SplitMix64, size: u8, walls: u8) -> Position {
    let config = Config::default().with_size(BoardSize::new(size).expect("a size"));
    loop {
        let mut pos = Position::start(&config.with_walls(Some(walls))).expect("a start");
        let plies = rng.below(40);
        for _ in 0..plies {
            if pos.is_game_over() {
                break;
            }
            let moves = pos.legal_moves();
            pos.play(moves.as_slice()[rng.below(moves.len())]).expect("legal");
            let hands = (pos.walls_in_hand(Seat::South), pos.walls_in_hand(Seat::North));
            if !pos.is_game_over() && matches!(hands, (1, 0) | (0, 1)) && rng.below(3) == 0 {
                return pos;
            }
        }
    }
}

fn check(pos: &Position) -> Value {
    let table = OneWallTable::solve(pos).expect("one wall against none");
    let exact = solve(pos, &SolveOptions::default(), &mut |_| {}).expect("a solve").value;
    let probed = table.probe(pos).map(value);
    assert_eq!(probed, Some(exact), "{pos}");
    // Every move's value agrees with the solver's value of the position after it.
    let (best, v) = table.best_move(pos).expect("a move");
    assert_eq!(value(v), exact, "{pos}: best move {best}");
    for (m, v) in table.move_values(pos).expect("every move") {
        let mut next = *pos;
        next.play(m).expect("legal");
        let after = match next.outcome() {
            Some(Outcome::Winner(_)) => Value::Win(1),
            _ => {
                solve(&next, &SolveOptions::default(), &mut |_| {}).expect("a solve").value.parent()
            }
        };
        assert_eq!(value(v), after, "{pos}: {m}");
        assert!(!after.is_better_than(exact), "{pos}: {m} is better than the value");
    }
    // The engine plays it from a table at the root, with the exact score.
    let mut engine = Engine::new(EngineOptions::default().with_hash_mb(1));
    let r = engine.search(pos, &Limits::depth(1), &mut |_| {}).expect("not over");
    assert_eq!(r.info.score, quoridor_ai::tablebase::Value::from(exact).score(), "{pos}");
    let v = table.move_values(pos).and_then(|vs| vs.into_iter().find(|&(m, _)| m == r.best));
    assert_eq!(v.map(|(_, v)| value(v)), Some(exact), "{pos}: the engine's {}", r.best);
    exact
}

#[test]
fn the_one_wall_tables_agree_with_the_solver_on_5x5_and_7x7() {
    let mut rng = SplitMix64::new(1919);
    let mut kinds = [0; 3];
    for (size, walls, count) in [(5, 2, 60), (5, 3, 20), (7, 2, 15)] {
        for _ in 0..count {
            let pos = one_wall_position(&mut rng, size, walls);
            kinds[match check(&pos) {
                Value::Win(_) => 0,
                Value::Loss(_) => 1,
                Value::Draw => 2,
            }] += 1;
        }
    }
    assert!(kinds[0] > 5 && kinds[1] > 5, "wins, losses, draws: {kinds:?}");
}

#[test]
fn a_position_that_is_not_one_wall_against_none_has_no_table() {
    for text in ["5 S:c1:1,N:c5:1 - S 0", "5 S:c1:0,N:c5:0 - S 0", "5 S:c1:2,N:c5:0 - S 0"] {
        let pos: Position = text.parse().expect("a position");
        assert!(OneWallTable::solve(&pos).is_none(), "{text}");
    }
    let pos: Position = "5 S:c1:1,N:c5:0 c3h S 1".parse().expect("a position");
    let table = OneWallTable::solve(&pos).expect("one wall against none");
    let other: Position = "5 S:c1:0,N:c5:1 c3h S 1".parse().expect("a position");
    assert_eq!(table.probe(&other), None, "the wall in the other hand");
}
