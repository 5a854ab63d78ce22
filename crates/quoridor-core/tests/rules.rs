//! One test (or a few) for each rule and each decision of docs/rules.md, on positions built from
//! the position string or from moves played from the start.

mod common;

use quoridor_core::{
    Bitboard, BoardSize, Config, Direction, Move, Outcome, ParsePositionError,
    ParsePositionErrorKind, PlayError, Position, ResignError, Seat, SeatSetup, SeatState, Setup,
    SetupError, Square, Variant, Wall, WallSet, default_walls,
};
use quoridor_core::{PerSeat, Players};

fn size(n: u8) -> BoardSize {
    BoardSize::new(n).unwrap_or_else(|| panic!("{n} is not a board size"))
}

fn pos(s: &str) -> Position {
    s.parse().unwrap_or_else(|e| panic!("`{s}`: {e}"))
}

fn sq(s: &str) -> Square {
    s.parse().unwrap_or_else(|e| panic!("`{s}`: {e}"))
}

fn wall(s: &str) -> Wall {
    s.parse().unwrap_or_else(|e| panic!("`{s}`: {e}"))
}

fn mv(s: &str) -> Move {
    s.parse().unwrap_or_else(|e| panic!("`{s}`: {e}"))
}

/// The pawn destinations of the side to move, sorted by name.
fn pawn_moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.pawn_moves().iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn names(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn play(p: &mut Position, m: &str) {
    p.play(mv(m)).unwrap_or_else(|e| panic!("{m} in {p}: {e}"));
}

fn start(size: u8, players: u8, variant: Variant) -> Position {
    Position::start(&common::config(size, players, variant, None)).expect("valid config")
}

// ---------------------------------------------------------------------------------------------
// Board, seats, turns.

#[test]
fn start_squares_and_goals_of_every_seat() {
    let p = start(9, 4, Variant::Classic);
    let at = |s| p.pawn(s).map(|q| q.to_string());
    assert_eq!(at(Seat::South).as_deref(), Some("e1"));
    assert_eq!(at(Seat::West).as_deref(), Some("a5"));
    assert_eq!(at(Seat::North).as_deref(), Some("e9"));
    assert_eq!(at(Seat::East).as_deref(), Some("i5"));
    let goal = |s| {
        let mut v: Vec<String> = p.goal(s).iter().map(|q| q.to_string()).collect();
        v.sort();
        v.join(" ")
    };
    assert_eq!(goal(Seat::South), "a9 b9 c9 d9 e9 f9 g9 h9 i9");
    assert_eq!(goal(Seat::West), "i1 i2 i3 i4 i5 i6 i7 i8 i9");
    assert_eq!(goal(Seat::North), "a1 b1 c1 d1 e1 f1 g1 h1 i1");
    assert_eq!(goal(Seat::East), "a1 a2 a3 a4 a5 a6 a7 a8 a9");
    let k = start(7, 4, Variant::KingOfTheHill);
    for s in Seat::ALL {
        assert_eq!(k.goal(s).iter().map(|q| q.to_string()).collect::<Vec<_>>(), ["d4"]);
    }
    let small = start(5, 4, Variant::Classic);
    let squares: Vec<String> =
        Seat::ALL.iter().map(|&s| small.pawn(s).expect("in game").to_string()).collect();
    assert_eq!(squares, ["c1", "a3", "c5", "e3"]);
}

#[test]
fn seats_of_two_three_and_four_players() {
    let seats = |n| start(9, n, Variant::Classic).active_seats().collect::<Vec<_>>();
    assert_eq!(seats(2), [Seat::South, Seat::North]);
    assert_eq!(seats(3), [Seat::South, Seat::West, Seat::North]);
    assert_eq!(seats(4), Seat::ALL);
}

#[test]
fn turns_run_south_west_north_east_skipping_absent_seats() {
    let mut p = start(9, 3, Variant::Classic);
    let mut order = Vec::new();
    for m in ["e2", "b5", "e8", "e3"] {
        order.push(p.turn());
        play(&mut p, m);
    }
    assert_eq!(order, [Seat::South, Seat::West, Seat::North, Seat::South]);

    let config = Config::default().with_players(Players::Four).with_first(Seat::North);
    let mut p = Position::start(&config).expect("valid");
    let mut order = Vec::new();
    for m in ["e8", "h5", "e2", "b5", "e7"] {
        order.push(p.turn());
        play(&mut p, m);
    }
    assert_eq!(order, [Seat::North, Seat::East, Seat::South, Seat::West, Seat::North]);
}

#[test]
fn first_seat_is_a_parameter() {
    let config = Config::default().with_first(Seat::North);
    let p = Position::start(&config).expect("valid");
    assert_eq!(p.turn(), Seat::North);
    assert_eq!(
        Position::start(&Config::default().with_first(Seat::East)).unwrap_err(),
        quoridor_core::ConfigError::FirstSeat { first: Seat::East, players: Players::Two }
    );
}

// ---------------------------------------------------------------------------------------------
// Walls in hand.

#[test]
fn wall_counts_follow_the_table() {
    for (players, walls) in [(2, 10), (3, 7), (4, 5)] {
        let p = start(9, players, Variant::Classic);
        for s in p.active_seats() {
            assert_eq!(p.walls_in_hand(s), walls, "{players} players");
        }
    }
}

#[test]
fn wall_counts_scale_with_the_board() {
    // round(table * (N-1)/8), halves up, at least 1.
    let expected: [(u8, [u8; 3]); 4] =
        [(5, [5, 4, 3]), (7, [8, 5, 4]), (9, [10, 7, 5]), (11, [13, 9, 6])];
    for (size, counts) in expected {
        for (players, walls) in [2u8, 3, 4].into_iter().zip(counts) {
            let n = Players::new(players).unwrap();
            assert_eq!(default_walls(self::size(size), n), walls, "{size}x{size}");
            let p = start(size, players, Variant::Classic);
            for s in p.active_seats() {
                assert_eq!(p.walls_in_hand(s), walls, "{size}x{size}, {players} players");
            }
        }
    }
    // At least one, whatever the number of players.
    assert!(Players::ALL.iter().all(|&n| default_walls(BoardSize::MIN, n) >= 1));
}

#[test]
fn explicit_wall_counts() {
    let config = common::config(7, 3, Variant::Classic, Some(12));
    let p = Position::start(&config).expect("valid");
    assert!(p.active_seats().all(|s| p.walls_in_hand(s) == 12));
    let p = Position::start(&common::config(9, 2, Variant::Classic, Some(0))).expect("valid");
    assert_eq!(p.walls_in_hand(Seat::South), 0);
    assert_eq!(p.count_legal_moves(), 3, "no walls in hand: pawn moves only");
}

#[test]
fn king_of_the_hill_first_player_gets_one_wall_fewer() {
    let p = start(9, 4, Variant::KingOfTheHill);
    let hands: Vec<u8> = Seat::ALL.iter().map(|&s| p.walls_in_hand(s)).collect();
    assert_eq!(hands, [4, 5, 5, 5]);
    let config = Config::default()
        .with_players(Players::Four)
        .with_variant(Variant::KingOfTheHill)
        .with_walls(Some(7))
        .with_first(Seat::North);
    let p = Position::start(&config).expect("valid");
    let hands: Vec<u8> = Seat::ALL.iter().map(|&s| p.walls_in_hand(s)).collect();
    assert_eq!(hands, [7, 7, 6, 7]);
    // Not in the classic four-player game.
    let p = start(9, 4, Variant::Classic);
    assert!(Seat::ALL.iter().all(|&s| p.walls_in_hand(s) == 5));
}

#[test]
fn no_walls_left_means_moving_the_pawn() {
    let mut p = pos("9 S:e1:0,N:e9:10 - S 0");
    assert_eq!(pawn_moves(&p), names(&["d1", "e2", "f1"]));
    assert_eq!(p.legal_moves().len(), 3);
    assert_eq!(p.play(mv("e3h")), Err(PlayError::NoWallsLeft(Seat::South)));
    play(&mut p, "e2");
    assert_eq!(p.legal_moves().len(), 131, "North still holds its walls");
}

// ---------------------------------------------------------------------------------------------
// Moving the pawn.

#[test]
fn step_in_four_directions_not_diagonally() {
    let p = pos("9 S:e4:10,N:e9:10 - S 6");
    assert_eq!(pawn_moves(&p), names(&["d4", "e3", "e5", "f4"]));
    assert!(!p.is_legal(mv("f5")));
    assert_eq!(p.check(mv("f5")), Err(PlayError::Unreachable { from: sq("e4"), to: sq("f5") }));
}

#[test]
fn passing_is_not_allowed() {
    // Staying on one's own square is no move.
    let p = Position::default();
    assert!(!p.is_legal(mv("e1")));
    assert!(p.check(mv("e1")).is_err());
    assert!(!p.legal_moves().contains(&mv("e1")));
}

#[test]
fn board_edge_stops_a_step() {
    let p = pos("9 S:a1:10,N:e9:10 - S 6");
    assert_eq!(pawn_moves(&p), names(&["a2", "b1"]));
}

#[test]
fn wall_stops_a_step() {
    // e4h blocks e4-e5 and f4-f5; d4v blocks d4-e4 and d5-e5.
    let p = pos("9 S:e4:10,N:e9:10 d4v,e4h S 6");
    assert_eq!(pawn_moves(&p), names(&["e3", "f4"]));
    assert_eq!(p.check(mv("e5")), Err(PlayError::BlockedByWall { from: sq("e4"), to: sq("e5") }));
    assert_eq!(p.check(mv("d4")), Err(PlayError::BlockedByWall { from: sq("e4"), to: sq("d4") }));
}

#[test]
fn straight_jump_over_an_adjacent_pawn() {
    let p = pos("9 S:e4:10,N:e5:10 - S 6");
    assert_eq!(pawn_moves(&p), names(&["d4", "e3", "e6", "f4"]));
    // No side-steps when the straight jump is possible.
    assert!(!p.is_legal(mv("d5")) && !p.is_legal(mv("f5")));
    assert_eq!(p.check(mv("e5")), Err(PlayError::Occupied(sq("e5"))));
}

#[test]
fn jump_in_every_direction() {
    for (me, other, jump) in
        [("e4", "e5", "e6"), ("e6", "e5", "e4"), ("d5", "e5", "f5"), ("f5", "e5", "d5")]
    {
        let p = pos(&format!("9 S:{me}:10,N:{other}:10 - S 6"));
        assert!(pawn_moves(&p).contains(&jump.to_string()), "{me} over {other}: {p:?}");
    }
}

#[test]
fn side_step_when_a_wall_stands_behind() {
    // e5h stands behind North's pawn.
    let p = pos("9 S:e4:10,N:e5:10 e5h S 6");
    assert_eq!(pawn_moves(&p), names(&["d4", "d5", "e3", "f4", "f5"]));
    assert_eq!(p.check(mv("e6")), Err(PlayError::Unreachable { from: sq("e4"), to: sq("e6") }));
}

#[test]
fn side_step_when_the_board_edge_is_behind() {
    // Jumping west from b5 over a5 would leave the board.
    let p = pos("9 S:b5:10,N:a5:10 - S 6");
    assert_eq!(pawn_moves(&p), names(&["a4", "a6", "b4", "b6", "c5"]));
    // Jumping north from e8 over e9: side-steps onto the goal row.
    let p = pos("9 S:e8:10,N:e9:10 - S 6");
    assert_eq!(pawn_moves(&p), names(&["d8", "d9", "e7", "f8", "f9"]));
}

#[test]
fn side_step_when_a_pawn_is_behind_and_never_two_pawns() {
    // West on e6 stands behind North on e5: no jump over two pawns, side-steps instead.
    let p = pos("9 S:e4:7,W:e6:7,N:e5:7 - S 6");
    assert_eq!(pawn_moves(&p), names(&["d4", "d5", "e3", "f4", "f5"]));
    assert!(!p.is_legal(mv("e6")) && !p.is_legal(mv("e7")));
    assert_eq!(p.check(mv("e7")), Err(PlayError::Unreachable { from: sq("e4"), to: sq("e7") }));
}

#[test]
fn side_step_blocked_by_a_wall_beside_the_jumped_pawn() {
    // d5v stands between e5 and d5: only the side-step to f5 is left.
    let p = pos("9 S:e4:10,N:e5:10 d5v,e5h S 6");
    assert_eq!(pawn_moves(&p), names(&["d4", "e3", "f4", "f5"]));
    assert!(!p.is_legal(mv("d5")));
}

#[test]
fn side_step_blocked_by_the_board_edge_or_a_pawn() {
    // South on a4 behind North on a5, wall a5h behind North: west of a5 is off the board.
    let p = pos("9 S:a4:10,N:a5:10 a5h S 6");
    assert_eq!(pawn_moves(&p), names(&["a3", "b4", "b5"]));
    // A pawn on a side square: no side-step there, and no jump over it either.
    let p = pos("9 S:e4:7,W:d5:7,N:e5:7 e5h S 6");
    assert_eq!(pawn_moves(&p), names(&["d4", "e3", "f4", "f5"]));
    assert!(!p.is_legal(mv("c5")) && !p.is_legal(mv("d5")));
}

#[test]
fn no_jump_through_a_wall_to_the_adjacent_pawn() {
    // e4h stands between the two pawns: neither a jump nor a side-step.
    let p = pos("9 S:e4:10,N:e5:10 e4h S 6");
    assert_eq!(pawn_moves(&p), names(&["d4", "e3", "f4"]));
}

#[test]
fn side_step_with_everything_around() {
    // Four pawns: South on e4 next to North (e5, walled behind), West (d4) and East (f4).
    let p = pos("9 S:e4:5,W:d4:5,N:e5:5,E:f4:5 e5h S 6");
    // Over e5 (wall behind): d5, f5. Over d4 to c4; over f4 to g4. Step e3.
    assert_eq!(pawn_moves(&p), names(&["c4", "d5", "e3", "f5", "g4"]));
}

#[test]
fn worked_example_side_step_because_of_a_wall() {
    let mut p = Position::default();
    for m in "e2 e8 e3 e7 e4 e6 e5 e6h".split(' ') {
        play(&mut p, m);
    }
    assert_eq!(p.turn(), Seat::South);
    assert_eq!(pawn_moves(&p), names(&["d5", "f5", "e4", "d6", "f6"]));
    assert_eq!(p.legal_moves().len(), 129);
    assert_eq!(p.count_legal_moves(), 129);
    assert_eq!(quoridor_core::perft(&p, 1), 129);
    assert!(!p.is_legal(mv("e7")));
}

#[test]
fn pawns_are_never_captured() {
    let mut p = pos("9 S:e4:10,N:e5:10 - S 6");
    play(&mut p, "e6");
    assert_eq!(p.pawn(Seat::North), Some(sq("e5")));
    assert_eq!(p.pawn(Seat::South), Some(sq("e6")));
}

// ---------------------------------------------------------------------------------------------
// Placing walls.

#[test]
fn a_wall_blocks_the_two_steps_its_name_says() {
    let p = pos("9 S:e1:10,N:e9:10 e3h,b6v N 2");
    assert!(!p.can_step(sq("e3"), Direction::North) && !p.can_step(sq("e4"), Direction::South));
    assert!(!p.can_step(sq("f3"), Direction::North) && !p.can_step(sq("f4"), Direction::South));
    assert!(p.can_step(sq("d3"), Direction::North) && p.can_step(sq("g3"), Direction::North));
    assert!(p.can_step(sq("e3"), Direction::East) && p.can_step(sq("e4"), Direction::East));
    assert!(!p.can_step(sq("b6"), Direction::East) && !p.can_step(sq("c6"), Direction::West));
    assert!(!p.can_step(sq("b7"), Direction::East) && !p.can_step(sq("c7"), Direction::West));
    assert!(p.can_step(sq("b5"), Direction::East) && p.can_step(sq("b8"), Direction::East));
    assert!(p.can_step(sq("b6"), Direction::North));
}

#[test]
fn there_are_128_walls_on_the_empty_board() {
    let p = Position::default();
    let walls = p.legal_walls();
    assert_eq!((walls.horizontal().len(), walls.vertical().len(), walls.len()), (64, 64, 128));
    assert_eq!(walls.iter().count(), 128);
    assert!(walls.iter().all(|w| p.is_legal(Move::Wall(w))));
    assert_eq!(start(5, 2, Variant::Classic).count_legal_moves(), 3 + 32);
    assert_eq!(start(11, 2, Variant::Classic).count_legal_moves(), 3 + 200);
}

#[test]
fn walls_must_lie_wholly_on_the_board() {
    let p = Position::default();
    for w in ["i1h", "i1v", "a9h", "a9v", "i9h", "j1h", "a10v"] {
        assert_eq!(p.check(mv(w)), Err(PlayError::WallOffBoard(wall(w))), "{w}");
    }
    assert!(p.is_legal(mv("h8h")) && p.is_legal(mv("h8v")) && p.is_legal(mv("a1h")));
    let small = start(5, 2, Variant::Classic);
    assert_eq!(small.check(mv("e1h")), Err(PlayError::WallOffBoard(wall("e1h"))));
    assert_eq!(small.check(mv("a5v")), Err(PlayError::WallOffBoard(wall("a5v"))));
    assert!(small.is_legal(mv("d4v")));
    let big = start(11, 2, Variant::Classic);
    assert!(big.is_legal(mv("j10h")) && big.is_legal(mv("i9v")));
}

#[test]
fn horizontal_walls_overlap_cross_and_touch() {
    let p = pos("9 S:e1:10,N:e9:10 e3h N 1");
    let overlap = |w: &str| PlayError::WallOverlaps { wall: wall(w), placed: wall("e3h") };
    for w in ["e3h", "d3h", "f3h"] {
        assert_eq!(p.check(mv(w)), Err(overlap(w)), "{w}");
    }
    assert_eq!(
        p.check(mv("e3v")),
        Err(PlayError::WallCrosses { wall: wall("e3v"), placed: wall("e3h") })
    );
    // End to end, and T-junctions (a vertical wall touching the middle or an end).
    for w in ["c3h", "g3h", "e2v", "e4v", "d3v", "f3v", "d2v", "f4v", "e2h", "e4h"] {
        assert!(p.is_legal(mv(w)), "{w} touches e3h and is legal");
    }
}

#[test]
fn vertical_walls_overlap_cross_and_touch() {
    let p = pos("9 S:e1:10,N:e9:10 e3v N 1");
    let overlap = |w: &str| PlayError::WallOverlaps { wall: wall(w), placed: wall("e3v") };
    for w in ["e3v", "e2v", "e4v"] {
        assert_eq!(p.check(mv(w)), Err(overlap(w)), "{w}");
    }
    assert_eq!(
        p.check(mv("e3h")),
        Err(PlayError::WallCrosses { wall: wall("e3h"), placed: wall("e3v") })
    );
    for w in ["e1v", "e5v", "d3h", "f3h", "e2h", "e4h", "d3v", "f3v"] {
        assert!(p.is_legal(mv(w)), "{w} touches e3v and is legal");
    }
}

#[test]
fn wall_that_closes_the_last_path_is_illegal() {
    // South on a1 of 5x5: a1h and c1h close row 1's way north except through e1; d1v would
    // close that too.
    let p = pos("5 S:a1:3,N:c5:3 a1h,c1h S 2");
    assert_eq!(
        p.check(mv("d1v")),
        Err(PlayError::WallCutsOff { wall: wall("d1v"), seat: Seat::South })
    );
    // Making the path longer is legal: after d2h, South must go round by c2.
    assert_eq!(p.distance(Seat::South), Some(8));
    let mut longer = p;
    play(&mut longer, "d2h");
    assert_eq!(longer.distance(Seat::South), Some(10));
}

#[test]
fn path_rule_protects_every_player_not_only_the_mover() {
    // North on c5 of 5x5, a4h and c4h placed: d4v would shut North in. South may not.
    let p = pos("5 S:c1:3,N:a5:3 a4h,c4h S 2");
    assert_eq!(
        p.check(mv("d4v")),
        Err(PlayError::WallCutsOff { wall: wall("d4v"), seat: Seat::North })
    );
}

#[test]
fn pawns_are_transparent_for_the_path_rule() {
    // South's only way out of row 1 runs through e1 and e2, where North's pawn stands; the
    // path counts anyway, and a wall elsewhere stays legal.
    let p = pos("5 S:a1:3,N:e2:3 a1h,c1h S 2");
    assert_eq!(p.distance(Seat::South), Some(8));
    assert!(p.is_legal(mv("a3h")));
    assert_eq!(
        p.check(mv("d1v")),
        Err(PlayError::WallCutsOff { wall: wall("d1v"), seat: Seat::South })
    );
}

#[test]
fn path_rule_ignores_players_who_left() {
    // West's start corner a3 closed by a2h, a3h and b2v: illegal while West plays ...
    let playing = pos("5 S:c1:4,W:a3:4,N:c5:4 a2h,a3h S 3");
    assert_eq!(
        playing.check(mv("b2v")),
        Err(PlayError::WallCutsOff { wall: wall("b2v"), seat: Seat::West })
    );
    // ... legal once West has left the game.
    let left = pos("5 S:c1:4,W:left1:4,N:c5:4 a2h,a3h S 3");
    assert!(left.is_legal(mv("b2v")));
}

#[test]
fn king_of_the_hill_path_rule_asks_for_a_path_to_the_centre() {
    // Three walls around c3 on 5x5; the fourth would close the crown to everyone.
    let p = pos("5k S:c1:2,W:a3:3,N:c5:3,E:e3:3 b2v,b3h,c2h S 3");
    assert_eq!(
        p.check(mv("c3v")),
        Err(PlayError::WallCutsOff { wall: wall("c3v"), seat: Seat::South })
    );
    // In the classic game the same wall is legal: nobody races to c3.
    let classic = pos("5 S:c1:2,W:a3:3,N:c5:3,E:e3:3 b2v,b3h,c2h S 3");
    assert!(classic.is_legal(mv("c3v")));
}

#[test]
fn a_legal_wall_costs_one_wall_in_hand_and_stays() {
    let mut p = Position::default();
    play(&mut p, "e3h");
    assert_eq!(p.walls_in_hand(Seat::South), 9);
    assert!(p.walls().contains(wall("e3h")));
    play(&mut p, "e8");
    play(&mut p, "e2");
    assert!(p.walls().contains(wall("e3h")));
    assert_eq!(p.walls().len(), 1);
}

// ---------------------------------------------------------------------------------------------
// End of the game.

#[test]
fn reaching_the_goal_wins_at_once() {
    let mut p = pos("9 S:e8:10,N:e2:10 - S 20");
    play(&mut p, "e9");
    assert_eq!(p.outcome(), Some(Outcome::Winner(Seat::South)));
    assert!(p.is_game_over());
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.count_legal_moves(), 0);
    assert_eq!(p.check(mv("e1")), Err(PlayError::GameOver(Outcome::Winner(Seat::South))));
    assert_eq!(p.resign(Seat::North), Err(ResignError::GameOver(Outcome::Winner(Seat::South))));
    // North wins on row 1, West on the right-hand column, East on column a.
    let mut p = pos("9 S:e5:10,N:e2:10 - N 20");
    play(&mut p, "e1");
    assert_eq!(p.outcome(), Some(Outcome::Winner(Seat::North)));
    let mut p = pos("9 S:e1:5,W:h5:5,N:e9:5,E:i4:5 - W 20");
    play(&mut p, "i5");
    assert_eq!(p.outcome(), Some(Outcome::Winner(Seat::West)));
    let mut p = pos("9 S:e1:5,W:a4:5,N:e9:5,E:b5:5 - E 20");
    play(&mut p, "a5");
    assert_eq!(p.outcome(), Some(Outcome::Winner(Seat::East)));
}

#[test]
fn winning_by_a_side_step_onto_the_goal() {
    let mut p = pos("9 S:e8:10,N:e9:10 - S 20");
    play(&mut p, "d9");
    assert_eq!(p.outcome(), Some(Outcome::Winner(Seat::South)));
}

#[test]
fn king_of_the_hill_is_won_on_the_centre_only() {
    let mut p = pos("9k S:e4:4,W:a5:5,N:a9:5,E:i5:5 - S 20");
    play(&mut p, "e5");
    assert_eq!(p.outcome(), Some(Outcome::Winner(Seat::South)));
    // The top row is no goal in King of the Hill.
    let mut p = pos("9k S:e8:4,W:a5:5,N:a9:5,E:i5:5 - S 20");
    play(&mut p, "e9");
    assert_eq!(p.outcome(), None);
    assert_eq!(p.distance(Seat::South), Some(4));
}

#[test]
fn king_of_the_hill_needs_four_players() {
    let config =
        Config::default().with_variant(Variant::KingOfTheHill).with_players(Players::Three);
    assert_eq!(
        Position::start(&config).unwrap_err(),
        quoridor_core::ConfigError::KingOfTheHillPlayers(Players::Three)
    );
}

#[test]
fn resigning_in_a_two_player_game_hands_the_win_over() {
    let mut p = Position::default();
    p.resign(Seat::North).expect("North may resign on South's turn");
    assert_eq!(p.outcome(), Some(Outcome::Winner(Seat::South)));
    assert_eq!(p.pawn(Seat::North), None);
    assert_eq!(p.leave_order(Seat::North), Some(1));
}

#[test]
fn resigning_in_a_three_player_game_takes_the_pawn_off() {
    let mut p = pos("9 S:e4:7,W:e5:7,N:e9:7 - W 4");
    // West resigns on its own turn: the turn passes on, its pawn stops blocking.
    p.resign(Seat::West).expect("in the game");
    assert_eq!(p.outcome(), None);
    assert_eq!(p.turn(), Seat::North);
    assert_eq!(p.pawn(Seat::West), None);
    assert!(!p.occupied().contains(sq("e5")));
    assert_eq!(p.distance(Seat::West), None);
    assert_eq!(p.active_seats().collect::<Vec<_>>(), [Seat::South, Seat::North]);
    play(&mut p, "e8");
    assert_eq!(p.turn(), Seat::South, "turns skip West");
    assert!(p.is_legal(mv("e5")), "e5 is free now");
    assert_eq!(p.resign(Seat::West), Err(ResignError::NotInGame(Seat::West)));
    assert_eq!(p.resign(Seat::East), Err(ResignError::NotInGame(Seat::East)));
    // Its walls are out of play but still written in the position.
    assert_eq!(p.walls_in_hand(Seat::West), 7);
    // A resignation out of turn keeps the turn.
    let mut p = pos("9 S:e4:7,W:a5:7,N:e9:7 - S 4");
    p.resign(Seat::North).expect("in the game");
    assert_eq!(p.turn(), Seat::South);
    assert_eq!(p.outcome(), None);
}

#[test]
fn last_player_standing_wins() {
    let mut p = start(9, 4, Variant::Classic);
    p.resign(Seat::West).expect("in the game");
    p.resign(Seat::North).expect("in the game");
    assert_eq!(p.outcome(), None);
    p.resign(Seat::South).expect("in the game");
    assert_eq!(p.outcome(), Some(Outcome::Winner(Seat::East)));
    let r = p.ranking();
    let ranks: Vec<Option<u8>> = Seat::ALL.iter().map(|&s| r.rank(s)).collect();
    assert_eq!(ranks, [Some(2), Some(4), Some(3), Some(1)]);
}

/// South's a1h takes West's last move away: West (on a1, no walls in hand, East on c1 behind
/// South on b1) is eliminated and the turn passes to North.
#[test]
fn a_player_left_without_any_action_is_eliminated() {
    let before = pos("5 S:b1:3,W:a1:0,N:c5:3,E:c1:3 - S 10");
    assert_eq!(pawn_moves(&before), names(&["a2", "b2", "d1"]));
    // Before the wall West could still go north, or side-step round South (East is behind).
    let west_to_move = pos("5 S:b1:3,W:a1:0,N:c5:3,E:c1:3 - W 10");
    assert_eq!(pawn_moves(&west_to_move), names(&["a2", "b2"]));
    let mut p = before;
    play(&mut p, "a1h");
    assert_eq!(p.pawn(Seat::West), None);
    assert_eq!(p.leave_order(Seat::West), Some(1));
    assert_eq!(p.turn(), Seat::North);
    assert_eq!(p.outcome(), None);
    assert!(!p.occupied().contains(sq("a1")));
    let r = p.ranking();
    assert_eq!(r.rank(Seat::West), Some(4));
    // The same setup with West to move is not a legal position: West would have gone.
    let boxed = "5 S:b1:2,W:a1:0,N:c5:3,E:c1:3 a1h W 11".parse::<Position>();
    assert_eq!(boxed, Err(ParsePositionError::from(SetupError::NoLegalAction(Seat::West))));
    // The position after the elimination reads back.
    assert_eq!(p.to_string(), "5 S:b1:2,W:left1:0,N:c5:3,E:c1:3 a1h N 11");
    assert_eq!(pos(&p.to_string()), p);
}

#[test]
fn a_player_with_no_pawn_move_but_a_legal_wall_stays() {
    let mut p = pos("5 S:b1:3,W:a1:1,N:c5:3,E:c1:3 - S 10");
    play(&mut p, "a1h");
    assert_eq!(p.turn(), Seat::West);
    assert!(p.pawn_moves().is_empty());
    assert!(p.legal_moves().iter().all(|m| matches!(m, Move::Wall(_))));
    assert!(p.count_legal_moves() > 0);
    assert_eq!(p.outcome(), None);
}

#[test]
fn elimination_then_resignation_leaves_the_last_player_the_winner() {
    let mut p = pos("5 S:b1:3,W:a1:0,N:left1:3,E:c1:3 - S 10");
    play(&mut p, "a1h");
    assert_eq!(p.pawn(Seat::West), None);
    assert_eq!(p.turn(), Seat::East);
    assert_eq!(p.outcome(), None);
    p.resign(Seat::East).expect("in the game");
    assert_eq!(p.outcome(), Some(Outcome::Winner(Seat::South)));
    let r = p.ranking();
    let ranks: Vec<Option<u8>> = Seat::ALL.iter().map(|&s| r.rank(s)).collect();
    assert_eq!(ranks, [Some(1), Some(3), Some(4), Some(2)]);
}

#[test]
fn ranking_shares_equal_distances() {
    // West and North are both 7 from their goals, East 8.
    let mut p = pos("9 S:e8:5,W:b5:5,N:c8:5,E:i5:5 - S 20");
    let ranks = |p: &Position| Seat::ALL.iter().map(|&s| p.ranking().rank(s)).collect::<Vec<_>>();
    assert_eq!(ranks(&p), [Some(1), Some(2), Some(2), Some(4)], "while the game goes on");
    play(&mut p, "e9");
    assert_eq!(p.outcome(), Some(Outcome::Winner(Seat::South)));
    assert_eq!(ranks(&p), [Some(1), Some(2), Some(2), Some(4)]);
    let order: Vec<(Seat, u8)> = p.ranking().iter().collect();
    assert_eq!(order, [(Seat::South, 1), (Seat::West, 2), (Seat::North, 2), (Seat::East, 4)]);
}

#[test]
fn ranking_puts_leavers_last_later_leaver_first() {
    let mut p = pos("9 S:e8:5,W:b5:5,N:c8:5,E:i5:5 - S 20");
    p.resign(Seat::West).expect("in the game");
    p.resign(Seat::East).expect("in the game");
    play(&mut p, "e9");
    let ranks: Vec<Option<u8>> = Seat::ALL.iter().map(|&s| p.ranking().rank(s)).collect();
    assert_eq!(ranks, [Some(1), Some(4), Some(2), Some(3)]);
    // A seat not in the game has no rank.
    let two = Position::default();
    assert_eq!(two.ranking().rank(Seat::West), None);
}

#[test]
fn winner_ranks_first_even_when_others_are_closer() {
    // West reaches its goal while South and North are nearer to theirs.
    let mut p = pos("9 S:e8:5,W:h5:5,N:e2:5,E:i4:5 - W 20");
    play(&mut p, "i5");
    let ranks: Vec<Option<u8>> = Seat::ALL.iter().map(|&s| p.ranking().rank(s)).collect();
    // South 1 away, North 1 away, East 8 away.
    assert_eq!(ranks, [Some(2), Some(1), Some(2), Some(4)]);
}

#[test]
fn ply_limit_ends_the_game_drawn() {
    let config = Config::default().with_ply_limit(Some(4));
    let mut p = Position::start(&config).expect("valid");
    for m in ["e2", "e8", "e3"] {
        play(&mut p, m);
        assert_eq!(p.outcome(), None);
    }
    play(&mut p, "e7");
    assert_eq!(p.outcome(), Some(Outcome::Draw));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.check(mv("e4")), Err(PlayError::GameOver(Outcome::Draw)));
    assert_eq!(p.to_string(), "9 S:e3:10,N:e7:10 - S 4/4");
    let ranks: Vec<Option<u8>> = Seat::ALL.iter().map(|&s| p.ranking().rank(s)).collect();
    assert_eq!(ranks, [Some(1), None, Some(1), None]);
    // No limit by default.
    assert_eq!(Position::default().ply_limit(), None);
    // Winning on the last ply is a win, not a draw.
    let mut p = pos("9 S:e8:10,N:e2:10 - S 9/10");
    play(&mut p, "e9");
    assert_eq!(p.outcome(), Some(Outcome::Winner(Seat::South)));
}

// ---------------------------------------------------------------------------------------------
// Errors and their messages.

#[test]
fn every_play_error_names_the_rule() {
    let cases: [(&str, &str, PlayError, &str); 10] = [
        (
            "9 S:e8:10,N:e2:10 - S 20",
            "e9 e1",
            PlayError::GameOver(Outcome::Winner(Seat::South)),
            "the game is over (South wins)",
        ),
        ("5 S:c1:5,N:c5:5 - S 0", "f1", PlayError::OffBoard(sq("f1")), "f1 is not on the board"),
        (
            "9 S:e4:10,N:e5:10 - S 6",
            "e5",
            PlayError::Occupied(sq("e5")),
            "e5 is occupied by a pawn",
        ),
        (
            "9 S:e4:10,N:e9:10 e4h S 6",
            "e5",
            PlayError::BlockedByWall { from: sq("e4"), to: sq("e5") },
            "a wall stands between e4 and e5",
        ),
        (
            "9 S:e1:10,N:e9:10 - S 0",
            "e3",
            PlayError::Unreachable { from: sq("e1"), to: sq("e3") },
            "the pawn on e1 cannot reach e3: not a free step, a straight jump over a pawn, or a side-step around one whose jump is blocked",
        ),
        (
            "9 S:e1:0,N:e9:10 - S 0",
            "e3h",
            PlayError::NoWallsLeft(Seat::South),
            "South has no walls left",
        ),
        (
            "5 S:c1:5,N:c5:5 - S 0",
            "e1h",
            PlayError::WallOffBoard(wall("e1h")),
            "wall e1h is not wholly on the board",
        ),
        (
            "9 S:e1:10,N:e9:10 e3h S 1",
            "d3h",
            PlayError::WallOverlaps { wall: wall("d3h"), placed: wall("e3h") },
            "wall d3h overlaps the placed wall e3h",
        ),
        (
            "9 S:e1:10,N:e9:10 e3h S 1",
            "e3v",
            PlayError::WallCrosses { wall: wall("e3v"), placed: wall("e3h") },
            "wall e3v crosses the placed wall e3h",
        ),
        (
            "5 S:a1:3,N:c5:3 a1h,c1h S 2",
            "d1v",
            PlayError::WallCutsOff { wall: wall("d1v"), seat: Seat::South },
            "wall d1v would cut South off from its goal",
        ),
    ];
    for (position, moves, error, message) in cases {
        let mut p = pos(position);
        let moves: Vec<&str> = moves.split(' ').collect();
        for m in &moves[..moves.len() - 1] {
            play(&mut p, m);
        }
        let last = mv(moves[moves.len() - 1]);
        let before = p;
        assert_eq!(p.check(last), Err(error.clone()), "{position} {last}");
        assert!(!p.is_legal(last));
        assert_eq!(p.play(last), Err(error.clone()), "{position} {last}");
        assert_eq!(p, before, "a refused move changes nothing");
        assert_eq!(p.zobrist(), before.zobrist());
        assert_eq!(error.to_string(), message);
    }
}

#[test]
fn wall_already_placed_is_an_overlap() {
    let p = pos("9 S:e1:10,N:e9:10 e3h S 1");
    assert_eq!(
        p.check(mv("e3h")),
        Err(PlayError::WallOverlaps { wall: wall("e3h"), placed: wall("e3h") })
    );
}

fn setup_error(s: &str) -> SetupError {
    match s.parse::<Position>().map_err(|e| e.kind().clone()) {
        Err(ParsePositionErrorKind::Setup(e)) => e,
        other => panic!("`{s}`: expected a setup error, got {other:?}"),
    }
}

#[test]
fn every_setup_error() {
    let cases: Vec<(&str, SetupError)> = vec![
        ("9 S:e1:10,W:a5:10 - S 0", SetupError::Seats),
        ("9 W:a5:10,N:e9:10 - N 0", SetupError::Seats),
        ("9 S:e1:10 - S 0", SetupError::Seats),
        ("9k S:e1:10,N:e9:10 - S 0", SetupError::KingOfTheHillPlayers),
        ("9 S:e1:200,N:e9:10 - S 0", SetupError::TooManyWalls { seat: Seat::South, walls: 200 }),
        ("9 S:e1:10,W:left2:7,N:e9:7 - S 3", SetupError::LeaveOrder),
        ("9 S:e1:5,W:left1:5,N:e9:5,E:left1:5 - S 3", SetupError::LeaveOrder),
        ("9 S:e1:5,W:left4:5,N:e9:5 - S 3", SetupError::LeaveOrder),
        ("9 S:e1:5,W:left0:5,N:e9:5 - S 3", SetupError::LeaveOrder),
        ("9 S:e1:5,W:left255:5,N:e9:5 - S 3", SetupError::LeaveOrder),
        ("9 S:e1:128,N:e9:10 - S 0", SetupError::TooManyWalls { seat: Seat::South, walls: 128 }),
        ("9 - - S 0", SetupError::Seats),
        ("9 S:left1:10,N:left2:10 - S 3", SetupError::NoPlayers),
        (
            "5 S:e9:5,N:c5:5 - S 0",
            SetupError::PawnOffBoard { seat: Seat::South, square: sq("e9"), size: size(5) },
        ),
        (
            "9 S:e5:10,N:e5:10 - S 0",
            SetupError::PawnsOverlap { first: Seat::South, second: Seat::North, square: sq("e5") },
        ),
        ("5 S:c1:5,N:c5:5 e1h S 0", SetupError::WallOffBoard(wall("e1h"))),
        ("9 S:e1:10,N:e9:10 e3h,e3v S 0", SetupError::WallsConflict(wall("e3h"), wall("e3v"))),
        ("9 S:e1:10,N:e9:10 d3h,e3h S 0", SetupError::WallsConflict(wall("d3h"), wall("e3h"))),
        ("5 S:a1:5,N:c5:5 a1h,b1v S 0", SetupError::NoPath(Seat::South)),
        ("9 S:e1:10,N:e9:10 - W 0", SetupError::TurnNotInGame(Seat::West)),
        ("9 S:e1:10,N:left1:10 - N 3", SetupError::TurnNotInGame(Seat::North)),
        ("9 S:e9:10,N:e1:10 - S 5", SetupError::TwoWinners(Seat::South, Seat::North)),
        ("9 S:e1:10,N:e9:10 - S 5/4", SetupError::PlyLimit { ply: 5, limit: 4 }),
        ("9 S:e1:10,N:e9:10 - S 0/0", SetupError::PlyLimit { ply: 0, limit: 0 }),
        ("5 S:b1:3,W:a1:0,N:c5:3,E:c1:3 a1h W 11", SetupError::NoLegalAction(Seat::West)),
    ];
    for (s, e) in cases {
        assert_eq!(setup_error(s), e, "{s}");
        let message = ParsePositionError::from(e.clone()).to_string();
        assert_eq!(message, format!("illegal position: {e}"));
    }
    // Walls in hand: the format reads any count a setup holds; the rules allow 127.
    assert!("9 S:e1:127,N:e9:10 - S 0".parse::<Position>().is_ok());
    assert_eq!(
        SetupError::TooManyWalls { seat: Seat::South, walls: 128 }.to_string(),
        "South holds 128 walls: at most 127"
    );
    // A few messages in full.
    assert_eq!(
        SetupError::PawnsOverlap { first: Seat::South, second: Seat::North, square: sq("e5") }
            .to_string(),
        "South and North both stand on e5"
    );
    assert_eq!(SetupError::NoPath(Seat::East).to_string(), "East has no path to its goal");
    assert_eq!(
        SetupError::NoLegalAction(Seat::West).to_string(),
        "West is to move but has no legal action (it would have been eliminated)"
    );
}

#[test]
fn setup_round_trips_through_plain_data() {
    let p = pos("9 S:e4:5,W:left1:5,N:e6:4,E:f5:5 e5h,c3v E 9");
    let setup: Setup = p.into();
    assert_eq!(setup.seats[Seat::West], Some(SeatSetup { state: SeatState::Left(1), walls: 5 }));
    assert_eq!(
        setup.seats[Seat::South],
        Some(SeatSetup { state: SeatState::Playing(sq("e4")), walls: 5 })
    );
    assert_eq!(setup.walls, [wall("e5h"), wall("c3v")].into_iter().collect::<WallSet>());
    assert_eq!(Position::try_from(setup), Ok(p));
    assert_eq!(setup.to_string(), p.to_string());
    assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup));
}

#[test]
fn position_parse_errors_name_the_token() {
    let cases: [(&str, &str); 18] = [
        ("9 S:e1:10,N:e9:10 - S", "found 4"),
        ("", "found 1"),
        ("9 S:e1:10,N:e9:10  - S 0", "found 6"),
        ("8 S:e1:10,N:e9:10 - S 0", "`8`"),
        ("9x S:e1:10,N:e9:10 - S 0", "`9x`"),
        ("13 S:e1:10,N:e9:10 - S 0", "`13`"),
        ("9 X:e1:10,N:e9:10 - S 0", "`X:e1:10`"),
        ("9 S:z1:10,N:e9:10 - S 0", "`S:z1:10`"),
        ("9 S:e1,N:e9:10 - S 0", "`S:e1`"),
        ("9 S:left:10,N:e9:10 - S 0", "`S:left:10`"),
        ("9 S:left256:10,N:e9:10 - S 0", "`S:left256:10`"),
        ("9 S:e1:256,N:e9:10 - S 0", "`S:e1:256`"),
        ("9 S:e1:ten,N:e9:10 - S 0", "`S:e1:ten`"),
        ("9 N:e9:10,S:e1:10 - S 0", "`S:e1:10`"),
        ("9 S:e1:10,N:e9:10 e3x S 0", "`e3x`"),
        ("9 S:e1:10,N:e9:10 e3h,e3h S 0", "`e3h`"),
        ("9 S:e1:10,N:e9:10 - Q 0", "`Q`"),
        ("9 S:e1:10,N:e9:10 - S 5/x", "`5/x`"),
    ];
    for (s, token) in cases {
        let e = s.parse::<Position>().expect_err(s);
        assert!(!matches!(e.kind(), ParsePositionErrorKind::Setup(_)), "{s}: {e}");
        match e.token() {
            Some(t) => assert_eq!(format!("`{t}`"), token, "{s}"),
            None => assert!(token.starts_with("found"), "{s}: {e}"),
        }
        let message = e.to_string();
        assert!(message.contains(token), "`{s}`: message `{message}` should name {token}");
    }
    let kind = |s: &str| s.parse::<Setup>().map_err(|e| e.kind().clone());
    assert_eq!(
        kind("9 S:e1:10,N:e9:10 e3h,e3h S 0"),
        Err(ParsePositionErrorKind::DuplicateWall(wall("e3h")))
    );
    assert_eq!(kind("9 S:e1:10,N:e9:10 - S"), Err(ParsePositionErrorKind::Fields(4)));
    assert_eq!(kind("8 S:e1:10,N:e9:10 - S 0"), Err(ParsePositionErrorKind::Size));
    assert_eq!(kind("09 S:e1:10,N:e9:10 - S 0"), Err(ParsePositionErrorKind::Size));
    assert_eq!(
        "8 S:e1:10,N:e9:10 - S 0".parse::<Setup>().unwrap_err().to_string(),
        "bad size `8`: the side must be odd, from 5 to 11, with `k` after it for King of the Hill"
    );
    assert_eq!(
        "9 S:e1:256,N:e9:10 - S 0".parse::<Setup>().unwrap_err().to_string(),
        "bad seat entry `S:e1:256`: walls in hand is a whole number (a legal position allows 0 to 127, MAX_WALLS_PER_PLAYER)"
    );
}

#[test]
fn move_parse_errors_name_the_token() {
    for bad in ["z1", "e0", "e12", "k5h", "e3x", "", "e", "3e", "E3"] {
        let e = bad.parse::<Move>().expect_err(bad);
        assert_eq!(e.token(), bad);
        if !bad.is_empty() {
            assert!(e.to_string().contains(&format!("`{bad}`")), "{bad}: {e}");
        }
    }
    assert!("l1".parse::<Square>().is_err());
    assert!("j10h".parse::<Wall>().is_ok());
    assert!("k10h".parse::<Wall>().is_err());
    assert!("j11h".parse::<Wall>().is_err());
}

#[test]
fn notation_round_trips_for_every_square_and_wall() {
    for s in common::invariants::every_square() {
        assert_eq!(s.to_string().parse::<Square>(), Ok(s));
        assert_eq!(Move::Pawn(s).to_string().parse::<Move>(), Ok(Move::Pawn(s)));
    }
    for w in common::invariants::every_wall() {
        assert_eq!(w.to_string().parse::<Wall>(), Ok(w));
        assert_eq!(Move::Wall(w).to_string().parse::<Move>(), Ok(Move::Wall(w)));
    }
    assert_eq!(common::invariants::every_wall().len(), 200);
}

#[test]
fn other_programs_conventions_are_not_ours() {
    // Our e3h lies between rows 3 and 4 (anchor south-west of the centre): after it, e3 cannot
    // step north, while e2 still can.
    let mut p = Position::default();
    play(&mut p, "e3h");
    assert!(!p.can_step(sq("e3"), Direction::North));
    assert!(p.can_step(sq("e2"), Direction::North));
}

// ---------------------------------------------------------------------------------------------
// The API fixes of release 0.1, one regression test each.

/// Regression: a `Setup` of size 8 printed but did not read back. A size is now a
/// `BoardSize`, so no such setup can be built, and every setup of every size reads back,
/// legal or not.
#[test]
fn setup_of_every_size_round_trips() {
    assert_eq!(BoardSize::new(8), None);
    assert_eq!(
        BoardSize::try_from(8).unwrap_err().to_string(),
        "`8` is not a board size: the side must be odd, from 5 to 11"
    );
    for size in BoardSize::ALL {
        for players in Players::ALL {
            let start = Position::start(&Config::default().with_size(size).with_players(players))
                .expect("valid config");
            let setup = start.to_setup();
            assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup), "{setup}");
            assert!(setup.to_string().starts_with(&format!("{} ", size.get())));
        }
        // Illegal setups read back too: no seats, a leaving number past 3, more walls than
        // allowed, a pawn off the board, overlapping walls, a ply past the limit.
        let odd = Setup {
            size,
            variant: Variant::KingOfTheHill,
            seats: PerSeat::new([
                Some(SeatSetup { state: SeatState::Playing(sq("k11")), walls: 255 }),
                Some(SeatSetup { state: SeatState::Left(200), walls: 0 }),
                None,
                Some(SeatSetup { state: SeatState::Left(0), walls: 128 }),
            ]),
            walls: [wall("e3h"), wall("e3v"), wall("f3h"), wall("j10v")].into_iter().collect(),
            turn: Seat::North,
            ply: u32::MAX,
            ply_limit: Some(0),
        };
        assert_eq!(odd.to_string().parse::<Setup>(), Ok(odd), "{odd}");
        assert!(Position::try_from(odd).is_err());
        let empty = Setup { seats: PerSeat::new([None; 4]), walls: WallSet::new(), ..odd };
        assert_eq!(empty.to_string().parse::<Setup>(), Ok(empty), "{empty}");
        assert_eq!(Position::try_from(empty), Err(SetupError::Seats));
    }
}

/// Regression: the position format refused more than 255 walls in hand while its message
/// said "0 to 127". A setup holds any `u8`; a legal position holds at most
/// `MAX_WALLS_PER_PLAYER`, and both messages say so.
#[test]
fn walls_in_hand_in_the_position_format_agree_with_the_rules() {
    assert_eq!(quoridor_core::MAX_WALLS_PER_PLAYER, 127);
    assert!("9 S:e1:127,N:e9:10 - S 0".parse::<Position>().is_ok());
    let e = "9 S:e1:128,N:e9:10 - S 0".parse::<Position>().unwrap_err();
    assert_eq!(e.to_string(), "illegal position: South holds 128 walls: at most 127");
    let e = "9 S:e1:256,N:e9:10 - S 0".parse::<Setup>().unwrap_err();
    assert!(e.to_string().contains("`S:e1:256`") && e.to_string().contains("0 to 127"), "{e}");
}

/// Regression: a resignation naming no seat was reported as a bad tag.
#[cfg(feature = "alloc")]
#[test]
fn a_bad_resignation_in_a_record_is_a_resignation_error() {
    use quoridor_core::{Game, ParseRecordError};
    let e = "1. e2 e8 X:resigns *".parse::<Game>().unwrap_err();
    assert_eq!(e, ParseRecordError::ResignSeat { token: "X:resigns".to_string() });
    assert_eq!(
        e.to_string(),
        "`X:resigns` is not a resignation: a resignation is written SEAT:resigns, with the seat S, W, N or E"
    );
    // A resignation of a seat that is not in the game is refused by the rules.
    let e = "1. e2 e8 W:resigns *".parse::<Game>().unwrap_err();
    assert!(matches!(e, ParseRecordError::Resign { .. }), "{e}");
    // A bad size tag names the tag, the value and the rule.
    let e = "[Size \"8\"]\n\n*".parse::<Game>().unwrap_err();
    assert_eq!(e.to_string(), "tag Size has a bad value `8`: the side must be odd, from 5 to 11");
}

/// `Position::start` passes on the rule a configuration breaks, not a stand-in.
#[test]
fn start_reports_the_rule_the_config_breaks() {
    use quoridor_core::ConfigError;
    let d = Config::default();
    assert_eq!(Position::start(&d.with_walls(Some(128))), Err(ConfigError::Walls(128)));
    assert_eq!(Position::start(&d.with_ply_limit(Some(0))), Err(ConfigError::PlyLimit));
    for size in BoardSize::ALL {
        for (players, variant) in [
            (Players::Two, Variant::Classic),
            (Players::Three, Variant::Classic),
            (Players::Four, Variant::KingOfTheHill),
        ] {
            let c = d.with_size(size).with_players(players).with_variant(variant);
            let pos = Position::start(&c).expect("every valid configuration starts");
            assert_eq!(pos.size(), size);
        }
    }
}

/// Regression: `MoveList::push` dropped moves past its capacity in release builds. The
/// capacity holds every legal move of the largest board: at most 200 walls (an empty 11 x 11
/// board; placed walls only take room) plus the pawn moves, which never pass 8 (four
/// directions, at most two side-steps each). The pawn moves are tried here for every way
/// three pawns can stand round the mover, with and without a wall behind each of them.
#[test]
fn a_move_list_holds_every_legal_move_of_the_largest_board() {
    let empty = Position::start(&Config::default().with_size(BoardSize::MAX)).expect("valid");
    assert_eq!(empty.legal_walls().len(), 200);
    // Within two steps of f6, where a pawn can take part in a jump or side-step.
    let near: Vec<Square> =
        ["f7", "g6", "f5", "e6", "f8", "h6", "f4", "d6", "e7", "g7", "e5", "g5"]
            .into_iter()
            .map(sq)
            .collect();
    // Walls behind the four neighbours: blocking f7-f8, g6-h6, f5-f4 and e6-d6.
    let behind = [wall("f7h"), wall("g5v"), wall("e4h"), wall("d5v")];
    let (mut most_pawn, mut most) = (0, 0);
    let mut positions = 0;
    for a in 0..near.len() {
        for b in a + 1..near.len() {
            for c in b + 1..near.len() {
                for mask in 0..16u8 {
                    let walls: WallSet =
                        (0..4).filter(|i| mask & (1 << i) != 0).map(|i| behind[i]).collect();
                    let playing =
                        |s: Square| Some(SeatSetup { state: SeatState::Playing(s), walls: 60 });
                    let setup = Setup {
                        size: BoardSize::MAX,
                        variant: Variant::Classic,
                        seats: PerSeat::new([
                            playing(sq("f6")),
                            playing(near[a]),
                            playing(near[b]),
                            playing(near[c]),
                        ]),
                        walls,
                        turn: Seat::South,
                        ply: 0,
                        ply_limit: None,
                    };
                    let Ok(pos) = Position::try_from(setup) else { continue };
                    positions += 1;
                    let list = pos.legal_moves();
                    assert_eq!(list.len(), pos.count_legal_moves(), "{pos}");
                    assert!(list.len() <= quoridor_core::MAX_MOVES, "{pos}");
                    assert!(pos.pawn_moves().len() <= 8, "{pos}");
                    most_pawn = most_pawn.max(pos.pawn_moves().len());
                    most = most.max(list.len());
                }
            }
        }
    }
    assert_eq!(positions, 220 * 16);
    // Two pawns in line behind walls give four side-steps, plus the two free steps.
    assert_eq!(most_pawn, 6);
    assert!(most >= 200, "{most}");
}

/// `Game::set_tag` used to answer `false` for a refused tag; it now says which rule the tag
/// breaks, and the game keeps its tags.
#[cfg(feature = "alloc")]
#[test]
fn a_refused_tag_says_why() {
    use quoridor_core::{Game, TagError};
    let mut game = Game::default();
    assert_eq!(game.set_tag("Event", "Club"), Ok(()));
    assert_eq!(game.set_tag("Result", "S+"), Err(TagError::Computed("Result".to_string())));
    assert_eq!(game.set_tag("", "x"), Err(TagError::Name(String::new())));
    assert_eq!(game.set_tag("Round 2", "x"), Err(TagError::Name("Round 2".to_string())));
    assert_eq!(game.set_tag("Event", "a\nb"), Err(TagError::LineBreak("Event".to_string())));
    assert_eq!(game.tag("Event"), Some("Club"));
    assert_eq!(
        game.set_tag("Round 2", "x").unwrap_err().to_string(),
        "`Round 2` is not a tag name: a name is made of letters, digits and `_`"
    );
}

/// `pass_to` is the position that validating the same setup with the new side to move and
/// one more ply gives (pawns, walls, walls in hand, hash, outcome, legal moves), on random
/// positions of every variant; `turn_order` lists the seats still in, from the side to
/// move; `placeable_walls` are the legal walls of a player who holds one.
#[test]
fn passing_the_turn_is_the_validated_position_with_another_side_to_move() {
    let mut rng = common::Rng::new(41);
    let mut checked = 0;
    for config in common::all_configs() {
        for _game in 0..4 {
            let mut pos = Position::start(&config).unwrap();
            while !pos.is_game_over() {
                let order: Vec<Seat> = pos.turn_order().collect();
                assert_eq!(order[0], pos.turn(), "{pos}");
                assert_eq!(order.len(), pos.active_seats().count(), "{pos}");
                let mut sorted = order.clone();
                sorted.sort_by_key(|s| (s.index() + 4 - pos.turn().index()) % 4);
                assert_eq!(order, sorted, "{pos}: seats in turn order");
                for seat in Seat::ALL {
                    let mut setup = pos.to_setup();
                    setup.turn = seat;
                    setup.ply += 1;
                    let validated = Position::try_from(setup).ok();
                    let passed = pos.pass_to(seat);
                    assert_eq!(passed.is_some(), validated.is_some(), "{pos} to {seat}");
                    if let (Some(a), Some(b)) = (passed, validated) {
                        assert_eq!(a, b, "{pos} to {seat}");
                        assert_eq!(a.zobrist(), b.zobrist(), "{pos} to {seat}");
                        assert_eq!(a.outcome(), b.outcome(), "{pos} to {seat}");
                        assert_eq!(common::sorted_moves(&a), common::sorted_moves(&b));
                        for s in a.active_seats() {
                            assert_eq!(a.distance(s), b.distance(s), "{pos} to {seat}");
                        }
                        checked += 1;
                    }
                }
                let mut holding = pos.to_setup();
                if let Some(st) = holding.seats[pos.turn()].as_mut() {
                    st.walls = st.walls.max(1);
                }
                if let Ok(holding) = Position::try_from(holding) {
                    assert_eq!(pos.placeable_walls(), holding.legal_walls(), "{pos}");
                }
                let Some(m) = common::random_move(&pos, &mut rng, 30) else { break };
                pos.play(m).unwrap();
            }
        }
    }
    assert!(checked > 2000, "{checked} passes checked");
    let over: Position = "9 S:e9:10,N:e8:10 - N 9".parse().unwrap();
    assert!(over.is_game_over() && over.pass_to(Seat::South).is_none());
}

/// `pawn_moves_from` with the real pawns is `pawn_moves`, in random games of every variant;
/// with pawns elsewhere it follows the same rule (checked on the moved position).
#[test]
fn pawn_moves_from_follows_the_pawn_rule() {
    let mut rng = common::Rng::new(77);
    let mut checked = 0;
    for config in common::all_configs() {
        for _ in 0..6 {
            let mut p = Position::start(&config).expect("valid config");
            for _ in 0..40 {
                if p.is_game_over() {
                    break;
                }
                let me = p.turn();
                let others: Bitboard =
                    p.active_seats().filter(|&s| s != me).filter_map(|s| p.pawn(s)).collect();
                let here = p.pawn(me).expect("the side to move has a pawn");
                assert_eq!(p.pawn_moves_from(here, others), p.pawn_moves(), "{p}");
                // Its own square among the others changes nothing; no pawns, the open steps.
                let mut with_self = others;
                with_self.insert(here);
                assert_eq!(p.pawn_moves_from(here, with_self), p.pawn_moves(), "{p}");
                let free = p.pawn_moves_from(here, Bitboard::EMPTY);
                for sq in free {
                    assert_eq!(here.col().abs_diff(sq.col()) + here.row().abs_diff(sq.row()), 1);
                }
                checked += 1;
                let Some(m) = common::random_move(&p, &mut rng, 30) else { break };
                p.play(m).expect("a legal move");
            }
        }
    }
    assert!(checked > 1000, "{checked} positions");
    // Off the board: nothing.
    let p = start(5, 2, Variant::Classic);
    assert!(p.pawn_moves_from(sq("h8"), Bitboard::EMPTY).is_empty());
}
