//! The fast engine against a deliberately slow, obviously correct reference model
//! (`tests/common/mod.rs`) on thousands of random positions of every variant, and reference
//! perft against the fast perft, including every row of the perft data files that the
//! reference can afford.

mod common;

use std::collections::BTreeSet;

use common::{Cell, RefState, RefWall, Rng, all_configs, cell, every_move, perft_files};
use quoridor_core::{Config, Move, PlayError, Position, Seat, Variant, perft};

/// What the random positions covered, so that a change that stops them from reaching the
/// interesting cases fails loudly instead of silently testing less.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    game_over: usize,
    with_leaver: usize,
    eliminations: usize,
    cascades: usize,
    resignations: usize,
    straight_jumps: usize,
    side_steps: usize,
    mazes: usize,
    path_rule_rejections: usize,
    no_walls_in_hand: usize,
}

/// Whether `e` is a true reason, by the reference, for the move `m` being illegal.
fn error_is_right(r: &RefState, m: Move, e: &PlayError) -> bool {
    let me = r.pawns[r.turn.index()].expect("the side to move is in the game");
    let hands = r.hands[r.turn.index()];
    let adjacent = |a: Cell, b: Cell| (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1;
    match (m, e) {
        (_, PlayError::GameOver(o)) => r.outcome() == Some(*o),
        _ if r.outcome().is_some() => false,
        (Move::Pawn(to), PlayError::OffBoard(s)) => *s == to && !r.on_board(cell(to)),
        (Move::Pawn(to), PlayError::Occupied(s)) => {
            *s == to && r.on_board(cell(to)) && r.occupied(cell(to))
        }
        (Move::Pawn(to), PlayError::BlockedByWall { from, to: t }) => {
            let (f, t2) = (cell(*from), cell(*t));
            let d = (t2.0 - f.0, t2.1 - f.1);
            *t == to
                && f == me
                && r.on_board(t2)
                && !r.occupied(t2)
                && adjacent(f, t2)
                && !r.open(f, d)
        }
        (Move::Pawn(to), PlayError::Unreachable { from, to: t }) => {
            let t2 = cell(*t);
            *t == to
                && cell(*from) == me
                && r.on_board(t2)
                && !r.occupied(t2)
                && (!adjacent(me, t2) || r.open(me, (t2.0 - me.0, t2.1 - me.1)))
        }
        (Move::Wall(_), PlayError::NoWallsLeft(s)) => *s == r.turn && hands == 0,
        _ if hands == 0 => false,
        (Move::Wall(w), PlayError::WallOffBoard(x)) => {
            *x == w && !RefWall::from_wall(w).on_board(r.size)
        }
        (Move::Wall(w), PlayError::WallOverlaps { wall, placed }) => {
            let (rw, p) = (RefWall::from_wall(w), RefWall::from_wall(*placed));
            *wall == w && rw.on_board(r.size) && r.walls.contains(&p) && (p == rw || p.overlaps(rw))
        }
        (Move::Wall(w), PlayError::WallCrosses { wall, placed }) => {
            let (rw, p) = (RefWall::from_wall(w), RefWall::from_wall(*placed));
            *wall == w && rw.on_board(r.size) && r.walls.contains(&p) && p.crosses(rw)
        }
        (Move::Wall(w), PlayError::WallCutsOff { wall, seat }) => {
            let rw = RefWall::from_wall(w);
            let fits = rw.on_board(r.size)
                && !r.walls.iter().any(|&p| p == rw || p.overlaps(rw) || p.crosses(rw));
            let pawn = r.pawns[seat.index()];
            *wall == w && fits && pawn.is_some_and(|c| r.bfs_with(*seat, c, Some(rw)).is_none())
        }
        _ => false,
    }
}

/// Compares every question the engine answers about `pos` with the reference.
fn check_position(pos: &Position, cov: &mut Coverage) {
    let r = RefState::from_position(pos);
    let ctx = || format!("position {pos}");
    cov.positions += 1;

    // The state reads back exactly (and the position string round-trips).
    assert_eq!(pos.to_string().parse::<Position>().as_ref(), Ok(pos), "{}", ctx());
    assert_eq!(pos.zobrist(), common::rebuilt_zobrist(pos), "{}", ctx());

    // End of the game.
    assert_eq!(pos.outcome(), r.outcome(), "{}", ctx());
    assert_eq!(pos.is_game_over(), r.outcome().is_some(), "{}", ctx());
    if r.outcome().is_some() {
        cov.game_over += 1;
    }
    if !r.leavers.is_empty() {
        cov.with_leaver += 1;
    }
    if r.walls.len() as i32 >= (r.size - 1) * (r.size - 1) * 3 / 8 {
        cov.mazes += 1;
    }
    if r.hands[r.turn.index()] == 0 {
        cov.no_walls_in_hand += 1;
    }

    // Goals and distances (reference BFS), and the shortest path the engine keeps.
    for s in Seat::ALL {
        let expected = r.distance(s);
        assert_eq!(pos.distance(s).map(u32::from), expected, "distance of {s}, {}", ctx());
        let path: Vec<Cell> = pos.shortest_path(s).map(cell).collect();
        match expected {
            None => assert!(path.is_empty(), "{}", ctx()),
            Some(d) => {
                assert_eq!(path.len() as u32, d + 1, "path of {s}, {}", ctx());
                assert_eq!(Some(path[0]), r.pawns[s.index()], "{}", ctx());
                assert!(r.is_goal(s, path[path.len() - 1]), "path of {s} ends off goal");
                for pair in path.windows(2) {
                    let d = (pair[1].0 - pair[0].0, pair[1].1 - pair[0].1);
                    assert!(
                        common::DIRS.contains(&d) && r.open(pair[0], d),
                        "path of {s} takes a blocked step {pair:?}, {}",
                        ctx()
                    );
                }
            }
        }
        if pos.seats().any(|t| t == s) {
            let goal: BTreeSet<Cell> = pos.goal(s).iter().map(cell).collect();
            let mut expected_goal = BTreeSet::new();
            for c in 0..r.size {
                for row in 0..r.size {
                    if r.is_goal(s, (c, row)) {
                        expected_goal.insert((c, row));
                    }
                }
            }
            assert_eq!(goal, expected_goal, "goal of {s}, {}", ctx());
        }
    }

    // The distance map, from every square (every tenth position: it costs a search per
    // square).
    if cov.positions % 10 == 0 {
        for s in pos.active_seats() {
            let map = pos.distance_map(s);
            for col in 0..r.size {
                for row in 0..r.size {
                    let expected = r.bfs(s, (col, row)).map_or(u8::MAX, |d| d as u8);
                    let at = common::square((col, row));
                    assert_eq!(map[at.index() as usize], expected, "map of {s} at {at}, {}", ctx());
                }
            }
        }
    }

    // Who is in the game.
    assert_eq!(pos.players() as usize, r.seats.len(), "{}", ctx());
    for s in Seat::ALL {
        assert_eq!(pos.is_active(s), r.pawns[s.index()].is_some(), "{}", ctx());
    }

    // Ranking.
    let ranking = pos.ranking();
    let expected_ranks = r.ranking();
    for s in Seat::ALL {
        assert_eq!(ranking.rank(s), expected_ranks[s.index()], "rank of {s}, {}", ctx());
    }

    // Moves: the list as a set, the bulk count, and is_legal / check for every nameable move.
    let expected = r.legal_moves();
    let list = pos.legal_moves();
    let got: BTreeSet<Move> = list.iter().copied().collect();
    assert_eq!(got.len(), list.len(), "legal_moves lists a move twice, {}", ctx());
    if got != expected {
        let extra: Vec<&Move> = got.difference(&expected).collect();
        let missing: Vec<&Move> = expected.difference(&got).collect();
        panic!("legal_moves differs: extra {extra:?}, missing {missing:?}, {}", ctx());
    }
    assert_eq!(pos.count_legal_moves(), expected.len(), "count_legal_moves, {}", ctx());
    let pawn_moves: BTreeSet<Move> = pos.pawn_moves().iter().map(Move::Pawn).collect();
    let expected_pawn: BTreeSet<Move> =
        expected.iter().copied().filter(|m| matches!(m, Move::Pawn(_))).collect();
    assert_eq!(pawn_moves, expected_pawn, "pawn_moves, {}", ctx());
    let wall_moves: BTreeSet<Move> = pos.legal_walls().iter().map(Move::Wall).collect();
    let expected_walls: BTreeSet<Move> =
        expected.iter().copied().filter(|m| matches!(m, Move::Wall(_))).collect();
    assert_eq!(wall_moves, expected_walls, "legal_walls, {}", ctx());
    assert_eq!(pos.legal_walls().len(), expected_walls.len(), "legal_walls, {}", ctx());
    for m in every_move() {
        let legal = expected.contains(&m);
        assert_eq!(pos.is_legal(m), legal, "is_legal({m}), {}", ctx());
        match pos.check(m) {
            Ok(()) => assert!(legal, "check({m}) accepts an illegal move, {}", ctx()),
            Err(e) => {
                assert!(!legal, "check({m}) refuses a legal move: {e}, {}", ctx());
                assert!(
                    error_is_right(&r, m, &e),
                    "check({m}) gives the wrong reason: {e}, {}",
                    ctx()
                );
            }
        }
    }

    // Coverage of the pawn rules and the path rule.
    if let Some(me) = r.pawns[r.turn.index()] {
        for m in &expected {
            if let Move::Pawn(sq) = m {
                let to = cell(*sq);
                let (dc, dr) = ((to.0 - me.0).abs(), (to.1 - me.1).abs());
                if dc + dr == 2 && (dc == 0 || dr == 0) {
                    cov.straight_jumps += 1;
                } else if dc == 1 && dr == 1 {
                    cov.side_steps += 1;
                }
            }
        }
    }
    if r.outcome().is_none() && r.hands[r.turn.index()] > 0 {
        for m in every_move() {
            if let Move::Wall(w) = m {
                let rw = RefWall::from_wall(w);
                let fits = rw.on_board(r.size)
                    && !r.walls.iter().any(|&p| p == rw || p.overlaps(rw) || p.crosses(rw));
                if fits && !expected.contains(&m) {
                    cov.path_rule_rejections += 1;
                }
            }
        }
    }
}

/// Plays random games from `config`, checking every position and every transition against
/// the reference. Returns the number of positions checked.
fn random_games(
    config: &Config,
    seed: u64,
    (games, max_plies): (usize, usize),
    (wall_percents, resign_percent): (&[u64], u64),
    cov: &mut Coverage,
) {
    let mut rng = Rng::new(seed);
    for _ in 0..games {
        let mut pos = Position::start(config).expect("valid config");
        assert_eq!(RefState::from_position(&pos), RefState::start(config), "start of {config:?}");
        let wall_percent = wall_percents[rng.below(wall_percents.len())];
        for _ in 0..max_plies {
            check_position(&pos, cov);
            if pos.is_game_over() {
                break;
            }
            let mut expected = RefState::from_position(&pos);
            if rng.percent(resign_percent) {
                let active: Vec<Seat> = pos.active_seats().collect();
                let seat = active[rng.below(active.len())];
                pos.resign(seat).expect("a player in the game may resign");
                expected.resign(seat);
                cov.resignations += 1;
            } else {
                let m = common::random_move(&pos, &mut rng, wall_percent)
                    .expect("a game that goes on has a legal move");
                let leavers_before = expected.leavers.len();
                pos.play(m).unwrap_or_else(|e| panic!("{m} refused in {pos}: {e}"));
                expected.play(m);
                let gone = expected.leavers.len() - leavers_before;
                cov.eliminations += gone;
                cov.cascades += usize::from(gone >= 2);
            }
            assert_eq!(RefState::from_position(&pos), expected, "after a ply, now {pos}");
        }
    }
}

fn random_positions_of_size(size: u8, seed: u64) {
    let mut cov = Coverage::default();
    for (i, config) in all_configs().iter().filter(|c| c.size.get() == size).enumerate() {
        // Larger boards cost more per position; fewer, longer games keep the time even.
        let shape = match size {
            5 => (9, 80),
            7 => (6, 90),
            9 => (4, 100),
            _ => (3, 100),
        };
        let resign = if config.players > 2 { 2 } else { 1 };
        random_games(config, seed ^ ((i as u64) << 32), shape, (&[15, 50, 85], resign), &mut cov);
    }
    println!("size {size}: {cov:?}");
    // The random games must reach the cases that matter, or the comparison means little.
    assert!(cov.positions >= 1000, "{cov:?}");
    assert!(cov.game_over > 0, "{cov:?}");
    assert!(cov.with_leaver > 0, "{cov:?}");
    assert!(cov.straight_jumps > 0, "{cov:?}");
    assert!(cov.side_steps > 0, "{cov:?}");
    assert!(cov.mazes > 0, "{cov:?}");
    assert!(cov.path_rule_rejections > 0, "{cov:?}");
    assert!(cov.no_walls_in_hand > 0, "{cov:?}");
}

#[test]
fn random_positions_5x5_agree_with_reference() {
    random_positions_of_size(5, 0x5151_0005);
}

#[test]
fn random_positions_7x7_agree_with_reference() {
    random_positions_of_size(7, 0x5151_0007);
}

#[test]
fn random_positions_9x9_agree_with_reference() {
    random_positions_of_size(9, 0x5151_0009);
}

#[test]
fn random_positions_11x11_agree_with_reference() {
    random_positions_of_size(11, 0x5151_0011);
}

/// Four players on a small board with many walls and a strong bias towards walls box pawns
/// in: the eliminations must agree with the reference too.
#[test]
fn eliminations_in_random_play_agree_with_reference() {
    let mut cov = Coverage::default();
    for (i, walls) in [6u8, 8, 10].into_iter().enumerate() {
        for variant in [Variant::Classic, Variant::KingOfTheHill] {
            let config = common::config(5, 4, variant, Some(walls));
            random_games(&config, 0xE11 + i as u64, (80, 60), (&[90, 97], 0), &mut cov);
        }
    }
    println!("eliminations: {cov:?}");
    assert!(cov.eliminations >= 8, "{cov:?}");
}

#[test]
fn start_positions_follow_the_rules() {
    for config in all_configs() {
        let pos = Position::start(&config).expect("valid config");
        assert_eq!(RefState::from_position(&pos), RefState::start(&config), "{config:?}");
    }
    for first in Seat::ALL {
        let config = common::config(9, 4, Variant::KingOfTheHill, None);
        let config = config.with_first(first);
        let pos = Position::start(&config).expect("valid config");
        assert_eq!(RefState::from_position(&pos), RefState::start(&config), "{config:?}");
    }
}

/// The reference's work for a perft row, roughly: (nodes one ply above the leaves) x (wall
/// slots) x (players) x (squares per search). The fast perft only estimates the cost here;
/// the count compared is the reference's own.
fn reference_cost(pos: &Position, depth: u32) -> u64 {
    let n = u64::from(pos.size().get());
    let players = pos.active_seats().count() as u64;
    perft(pos, depth - 1) * 2 * (n - 1) * (n - 1) * players * n * n
}

/// Rows up to this cost run in every test run.
const QUICK: u64 = 10_000_000;
/// Rows past this cost would take the reference a quarter of an hour or more; only published
/// figures may be there. (Once run by hand: the reference reproduces the published wall-maze
/// depth 4, 31,286,935, in about ten minutes.)
const HOURS: u64 = 5_000_000_000;

/// Compares the reference's perft with the rows whose cost lies in `costs`.
fn check_rows_with_reference(costs: std::ops::RangeInclusive<u64>) {
    let mut checked = 0;
    for (file, cases) in perft_files() {
        for case in cases {
            for &(depth, count, _slow) in &case.rows {
                let cost = reference_cost(&case.position, depth);
                if cost > HOURS {
                    assert_eq!(
                        file, "classic.perft",
                        "{} perft {depth}: too deep to check",
                        case.id
                    );
                }
                if !costs.contains(&cost) {
                    continue;
                }
                let r = RefState::from_position(&case.position);
                let t = std::time::Instant::now();
                assert_eq!(r.perft(depth), count, "{file} {} perft {depth} (reference)", case.id);
                println!("{} d{depth} cost {cost}: {:.2}s", case.id, t.elapsed().as_secs_f64());
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
}

/// Every figure of the data files (that the reference can count quickly) is the reference's
/// figure too; in particular the project's own figures in `variants.perft`.
#[test]
fn perft_files_agree_with_reference() {
    check_rows_with_reference(0..=QUICK);
}

/// The other rows of the data files, counted by the reference (about twenty minutes in
/// release: `cargo test --release -p quoridor-core --test reference -- --ignored`), except
/// the published 9x9 depth-4 figures, which would take the reference far longer.
#[test]
#[ignore]
fn perft_files_deep_rows_agree_with_reference() {
    check_rows_with_reference(QUICK + 1..=HOURS);
}

/// Reference perft against fast perft after random openings of every variant.
#[test]
fn reference_perft_agrees_after_random_openings() {
    let mut rng = Rng::new(0xBEEF);
    for config in all_configs() {
        let mut pos = Position::start(&config).expect("valid config");
        let plies = 4 + rng.below(12);
        for _ in 0..plies {
            match common::random_move(&pos, &mut rng, 60) {
                Some(m) => pos.play(m).expect("legal"),
                None => break,
            }
        }
        let depth = match config.size.get() {
            5 => 3,
            11 => 1,
            _ => 2,
        };
        let r = RefState::from_position(&pos);
        assert_eq!(perft(&pos, depth), r.perft(depth), "perft {depth} of {pos}");
    }
}

/// Perft's last two plies are counted in bulk (most walls without being placed). Checked
/// against playing every move and counting the moves after it, on positions of every variant
/// along random games that build mazes, with and without walls in hand and pawns face to
/// face; a sample also against the reference.
#[test]
fn bulk_two_ply_count_agrees_with_playing_every_move() {
    let mut rng = Rng::new(0xB01C);
    let (mut positions, mut with_reference) = (0, 0);
    for config in all_configs() {
        let games = if config.players == 2 { 12 } else { 4 };
        for _ in 0..games {
            let mut pos = Position::start(&config).expect("valid config");
            let wall_percent = [30, 70, 95][rng.below(3)];
            while !pos.is_game_over() {
                let played: u64 = pos
                    .legal_moves()
                    .iter()
                    .map(|&m| {
                        let mut next = pos;
                        next.play(m).expect("a listed move is legal");
                        next.legal_moves().len() as u64
                    })
                    .sum();
                assert_eq!(perft(&pos, 2), played, "perft 2 of {pos}");
                positions += 1;
                if config.size.get() <= 7 && rng.percent(3) {
                    assert_eq!(played, RefState::from_position(&pos).perft(2), "{pos}");
                    with_reference += 1;
                }
                let Some(m) = common::random_move(&pos, &mut rng, wall_percent) else { break };
                pos.play(m).expect("legal");
            }
        }
    }
    println!("{positions} positions, {with_reference} also against the reference");
    assert!(positions > 3000 && with_reference > 50, "{positions} {with_reference}");
}
