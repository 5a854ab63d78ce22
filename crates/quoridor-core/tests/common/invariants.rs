//! Every invariant of a position, and the fast engine against the slow reference
//! (`reference.rs`, the sibling module) on every question it answers. The integration tests
//! (`tests/reference.rs`, the corpus replays) and the fuzzers (`fuzz/src/lib.rs` includes this
//! file by path) run the same [`check_position`], so it uses nothing but `quoridor_core`,
//! `std` and the reference.

use std::collections::BTreeSet;

use quoridor_core::{Direction, Move, Orientation, PlayError, Position, Seat, Square, Wall};

use super::reference::{Cell, DIRS, RefState, RefWall, cell, square};

/// Every square of the largest board (so also squares off smaller boards).
pub fn every_square() -> Vec<Square> {
    (0..11).flat_map(|row| (0..11).map(move |col| square((col, row)))).collect()
}

/// Every wall that can be named (anchors a1 to j10, both orientations).
pub fn every_wall() -> Vec<Wall> {
    let orientations = [Orientation::Horizontal, Orientation::Vertical];
    every_square()
        .into_iter()
        .flat_map(|sq| orientations.into_iter().filter_map(move |o| Wall::new(sq, o)))
        .collect()
}

/// Every move that can be named: every pawn destination and every wall.
pub fn every_move() -> Vec<Move> {
    let mut out: Vec<Move> = every_square().into_iter().map(Move::Pawn).collect();
    out.extend(every_wall().into_iter().map(Move::Wall));
    out
}

/// The Zobrist key of `pos` rebuilt from its plain data (`Position::try_from` computes it
/// from scratch), to compare with the key the position kept up to date move by move.
pub fn rebuilt_zobrist(pos: &Position) -> u64 {
    Position::try_from(pos.to_setup()).expect("the setup of a position is legal").zobrist()
}

/// Whether `e` is a true reason, by the reference, for the move `m` being illegal.
pub fn reason_is_right(r: &RefState, m: Move, e: &PlayError) -> bool {
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
            let pawn = r.pawns[seat.index()];
            *wall == w
                && r.wall_fits(rw)
                && pawn.is_some_and(|c| r.bfs_with(*seat, c, Some(rw)).is_none())
        }
        _ => false,
    }
}

/// Checks every invariant of `pos` and compares the fast engine with the reference on every
/// question it answers; panics at the first disagreement. Returns the reference's state and
/// legal moves, for callers that count what the positions covered.
pub fn check_position(pos: &Position) -> (RefState, BTreeSet<Move>) {
    let setup = pos.to_setup();
    let r = RefState::from_position(pos);
    let ctx = || format!("position {pos}");
    assert_eq!(RefState::from_setup(&setup), r, "the getters and to_setup disagree, {}", ctx());

    // Who is in the game: pawns on the board, on distinct squares, exactly the occupied ones.
    assert_eq!(usize::from(pos.players()), r.seats.len(), "{}", ctx());
    let mut squares = BTreeSet::new();
    for s in Seat::ALL {
        assert_eq!(pos.is_active(s), r.pawns[s.index()].is_some(), "{s}, {}", ctx());
        if let Some(sq) = pos.pawn(s) {
            assert!(sq.on_board(pos.size()), "{s} on {sq} is off the board, {}", ctx());
            assert!(squares.insert(sq), "two pawns on {sq}, {}", ctx());
        }
    }
    assert_eq!(pos.occupied().len(), squares.len(), "{}", ctx());
    assert!(squares.iter().all(|&sq| pos.occupied().contains(sq)), "{}", ctx());

    // Hash and text.
    assert_eq!(pos.zobrist(), rebuilt_zobrist(pos), "incremental hash differs, {}", ctx());
    let written = pos.to_string();
    let back: Position = match written.parse() {
        Ok(p) => p,
        Err(e) => panic!("position {written:?} does not read back: {e}"),
    };
    assert_eq!(back, *pos);
    assert_eq!(back.zobrist(), pos.zobrist());
    assert_eq!(back.to_setup(), setup, "to_setup does not read back");

    // The end of the game.
    let outcome = r.outcome();
    assert_eq!(pos.outcome(), outcome, "{}", ctx());
    assert_eq!(pos.is_game_over(), outcome.is_some(), "{}", ctx());

    // Open steps.
    for c in r.cells() {
        for (dir, d) in Direction::ALL.into_iter().zip(DIRS) {
            let open = r.open(c, d);
            assert_eq!(pos.can_step(square(c), dir), open, "{:?} from {c:?}, {}", dir, ctx());
        }
    }

    // Goals, distances, shortest paths and distance maps.
    for s in Seat::ALL {
        let expected = r.distance(s);
        assert_eq!(pos.distance(s).map(u32::from), expected, "distance of {s}, {}", ctx());
        let path: Vec<Cell> = pos.shortest_path(s).map(cell).collect();
        match expected {
            None => assert!(path.is_empty(), "path of {s}, {}", ctx()),
            Some(d) => {
                assert_eq!(path.len() as u32, d + 1, "path of {s}, {}", ctx());
                assert_eq!(Some(path[0]), r.pawns[s.index()], "{}", ctx());
                assert!(r.is_goal(s, path[path.len() - 1]), "path of {s} ends off goal");
                for pair in path.windows(2) {
                    let d = (pair[1].0 - pair[0].0, pair[1].1 - pair[0].1);
                    assert!(
                        DIRS.contains(&d) && r.open(pair[0], d),
                        "path of {s} takes a blocked step {pair:?}, {}",
                        ctx()
                    );
                }
                let map = pos.distance_map(s);
                let want = r.distance_map(s);
                for c in r.cells() {
                    let at = square(c);
                    let d = want[r.cell_index(c)].map(|d| d as u8);
                    assert_eq!(map.get(at), d, "map of {s} at {at}, {}", ctx());
                }
            }
        }
        if r.seats.contains(&s) {
            let goal: BTreeSet<Cell> = pos.goal(s).iter().map(cell).collect();
            let expected_goal: BTreeSet<Cell> = r.cells().filter(|&c| r.is_goal(s, c)).collect();
            assert_eq!(goal, expected_goal, "goal of {s}, {}", ctx());
        }
    }

    // Ranking.
    let ranking = pos.ranking();
    let expected_ranks = r.ranking();
    for s in Seat::ALL {
        assert_eq!(ranking.rank(s), expected_ranks[s.index()], "rank of {s}, {}", ctx());
    }

    // Moves: the list as a set, the bulk count, the pawn moves and walls apart, and
    // `is_legal` / `check` (with the reason it gives) for every nameable move.
    let expected = r.legal_moves();
    if outcome.is_none() {
        assert!(!expected.is_empty(), "the side to move has no legal action, {}", ctx());
    }
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
    let walls = pos.legal_walls();
    let wall_moves: BTreeSet<Move> = walls.iter().map(Move::Wall).collect();
    let expected_walls: BTreeSet<Move> =
        expected.iter().copied().filter(|m| matches!(m, Move::Wall(_))).collect();
    assert_eq!(wall_moves, expected_walls, "legal_walls, {}", ctx());
    assert_eq!(walls.len(), expected_walls.len(), "legal_walls, {}", ctx());
    assert_eq!(walls.horizontal().len() + walls.vertical().len(), walls.len(), "{}", ctx());
    for m in every_move() {
        let legal = expected.contains(&m);
        assert_eq!(pos.is_legal(m), legal, "is_legal({m}), {}", ctx());
        match pos.check(m) {
            Ok(()) => assert!(legal, "check({m}) accepts an illegal move, {}", ctx()),
            Err(e) => {
                assert!(!legal, "check({m}) refuses a legal move: {e}, {}", ctx());
                assert!(
                    reason_is_right(&r, m, &e),
                    "check({m}) gives the wrong reason: {e}, {}",
                    ctx()
                );
            }
        }
    }

    // Every pawn move and an even sample of about 16 walls play the same through `play` and
    // `play_unchecked`, leaving a correct hash.
    let step = (list.len() / 16).max(1);
    for (i, &m) in list.iter().enumerate() {
        if matches!(m, Move::Wall(_)) && i % step != 0 {
            continue;
        }
        let mut unchecked = *pos;
        unchecked.play_unchecked(m);
        let mut checked = *pos;
        assert_eq!(checked.play(m), Ok(()), "{m}, {}", ctx());
        assert_eq!(unchecked, checked, "{m}, {}", ctx());
        assert_eq!(checked.zobrist(), rebuilt_zobrist(&checked), "hash after {m}, {}", ctx());
    }
    (r, expected)
}
