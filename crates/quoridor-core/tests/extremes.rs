//! Extreme values for every public input of the rules (issue 18): numbers at and past their
//! ends, squares and walls off the board, seats not in the game. Each is refused (`None` or
//! an error) or answered, and none panics.

use quoridor_core::Players;
use quoridor_core::action::{ActionMap, action_count};
use quoridor_core::observation::{observation_len, observe, planes};
use quoridor_core::{
    Bitboard, BoardSize, Config, Direction, MAX_MOVES, MAX_WALLS_PER_PLAYER, Move, MoveList,
    Orientation, Outcome, Position, Seat, SeatSetup, SeatState, Setup, SetupError, Square, Variant,
    Wall, WallSet, default_walls, perft,
};

/// Every square of the largest board.
fn squares() -> Vec<Square> {
    (0..121).filter_map(Square::from_index).collect()
}

/// Every move that can be named: pawn moves to every square, walls at every anchor.
fn all_moves() -> Vec<Move> {
    let mut out: Vec<Move> = squares().into_iter().map(Move::Pawn).collect();
    for a in squares() {
        for o in [Orientation::Horizontal, Orientation::Vertical] {
            out.extend(Wall::new(a, o).map(Move::Wall));
        }
    }
    out
}

/// Positions of every board size and number of players, a finished one and one past its
/// middle.
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for size in BoardSize::ALL {
        for players in Players::ALL {
            let c = Config::default().with_size(size).with_players(players);
            out.push(Position::start(&c).expect("a start"));
        }
        let koth = Config::default().with_size(size).with_players(Players::Four);
        out.push(Position::start(&koth.with_variant(Variant::KingOfTheHill)).expect("koth"));
    }
    for text in [
        "5 S:c5:0,N:c4:0 - N 7",
        "9 S:e4:8,N:e6:9 e3h,d4v,f6v N 6",
        "7 S:d3:2,W:left1:5,N:d5:4 c2h N 17",
        "9 S:e1:127,N:e9:127 - S 4294967294/4294967295",
    ] {
        out.push(text.parse().expect("a position"));
    }
    out
}

#[test]
fn constructors_refuse_out_of_range_numbers() {
    for n in 0..=u8::MAX {
        assert_eq!(BoardSize::new(n).is_some(), matches!(n, 5 | 7 | 9 | 11), "size {n}");
        assert_eq!(BoardSize::try_from(n).is_ok(), BoardSize::new(n).is_some());
        assert_eq!(Square::from_index(n).is_some(), n < 121, "square {n}");
        for m in [0, 1, 9, 10, 11, 12, u8::MAX] {
            assert_eq!(Square::new(n, m).is_some(), n < 11 && m < 11, "square ({n}, {m})");
        }
        assert_eq!(Players::new(n).is_some(), (2..=4).contains(&n), "players {n}");
        assert_eq!(Players::try_from(n).ok(), Players::new(n));
    }
    for i in [4, 5, usize::MAX] {
        assert_eq!(Seat::from_index(i), None);
    }
    for sq in squares() {
        for o in [Orientation::Horizontal, Orientation::Vertical] {
            assert_eq!(Wall::new(sq, o).is_some(), sq.col() < 10 && sq.row() < 10, "{sq}");
        }
    }
    assert_eq!(Bitboard::from_bits(u128::MAX), None);
    assert_eq!(Bitboard::from_bits_truncate(u128::MAX).len(), 121);
    let mut list = MoveList::new();
    let e2 = Move::Pawn("e2".parse().expect("a square"));
    for _ in 0..MAX_MOVES {
        list.push(e2).expect("room");
    }
    assert!(list.push(e2).is_err());
}

#[test]
fn steps_off_the_board_are_none() {
    for size in BoardSize::ALL {
        for sq in squares() {
            for d in Direction::ALL {
                if let Some(t) = sq.step(d, size) {
                    assert!(t.on_board(size) && sq.on_board(size), "{sq} {d:?} on {size}");
                }
            }
        }
    }
}

#[test]
fn configurations_at_their_ends_are_checked() {
    for size in BoardSize::ALL {
        for players in Players::ALL {
            assert!(default_walls(size, players) >= 1);
            assert!(observation_len(size, players) >= planes(players) * 25);
            for walls in [None, Some(0), Some(MAX_WALLS_PER_PLAYER), Some(128), Some(u8::MAX)] {
                for limit in [None, Some(0), Some(1), Some(u32::MAX)] {
                    for first in Seat::ALL {
                        let c = Config::default()
                            .with_size(size)
                            .with_players(players)
                            .with_walls(walls)
                            .with_ply_limit(limit)
                            .with_first(first);
                        let ok = walls.is_none_or(|w| w <= MAX_WALLS_PER_PLAYER)
                            && limit != Some(0)
                            && c.seats().contains(&first);
                        assert_eq!(c.validate().is_ok(), ok, "{c:?}");
                        assert_eq!(Position::start(&c).is_ok(), ok, "{c:?}");
                        for s in Seat::ALL {
                            assert!(c.starting_walls(s) <= c.walls_per_player());
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn setups_with_extreme_fields_are_refused_with_the_rule() {
    let base = Position::default().to_setup();
    let far = Square::new(10, 10).expect("k11");
    let seat = |state, walls| Some(SeatSetup { state, walls });
    let mut cases: Vec<(Setup, SetupError)> = Vec::new();
    let mut s = base;
    s.seats[Seat::South] = seat(SeatState::Playing(far), 10);
    cases.push((s, SetupError::PawnOffBoard { seat: Seat::South, square: far, size: s.size }));
    let mut s = base;
    s.seats[Seat::South] = seat(SeatState::Playing("e1".parse().expect("e1")), u8::MAX);
    cases.push((s, SetupError::TooManyWalls { seat: Seat::South, walls: u8::MAX }));
    let mut s = base;
    s.seats[Seat::South] = seat(SeatState::Left(u8::MAX), 10);
    cases.push((s, SetupError::LeaveOrder));
    for (setup, want) in cases {
        assert_eq!(Position::try_from(setup), Err(want));
    }
    // The largest ply count plays on: the count stays at its maximum.
    let mut s = base;
    s.ply = u32::MAX;
    let mut pos = Position::try_from(s).expect("any ply count");
    pos.play("e2".parse().expect("a move")).expect("legal");
    assert_eq!(pos.ply(), u32::MAX);
    assert!(pos.pass_to(Seat::South).is_none()); // the ply count would overflow
    let mut s = base;
    s.ply_limit = Some(u32::MAX);
    s.ply = u32::MAX - 1;
    let mut pos = Position::try_from(s).expect("one ply left");
    pos.play("e2".parse().expect("a move")).expect("legal");
    assert_eq!(pos.outcome(), Some(Outcome::Draw));
}

#[test]
fn position_text_with_huge_numbers_is_refused() {
    for text in [
        "9 S:e1:256,N:e9:10 - S 0",
        "9 S:e1:128,N:e9:10 - S 0",
        "9 S:e1:99999999999999999999,N:e9:10 - S 0",
        "9 S:e1:10,N:e9:10 - S 4294967296",
        "9 S:e1:10,N:e9:10 - S 18446744073709551616",
        "9 S:e1:10,N:e9:10 - S 0/0",
        "9 S:e1:10,N:e9:10 - S 5/4",
        "9 S:e1:10,N:e9:10 - S 0/4294967296",
        "9 S:e1:10,N:e9:10 - S -1",
        "9 S:left256:10,N:e9:10 - N 0",
        "9 S:k11:10,N:e9:10 - S 0",
        "9 S:e1:10,N:e9:10 j9h S 0",
        "255 S:e1:10,N:e9:10 - S 0",
        "18446744073709551616 S:e1:10,N:e9:10 - S 0",
    ] {
        assert!(text.parse::<Position>().is_err(), "{text}");
    }
}

#[test]
fn actions_and_observations_refuse_what_is_not_on_the_board() {
    for size in BoardSize::ALL {
        for view in Seat::ALL {
            let map = ActionMap::new(size, view);
            let n = action_count(size);
            for id in (0..n + 3).chain([usize::MAX / 2, usize::MAX]) {
                let m = map.to_move(id);
                assert_eq!(m.is_some(), id < n, "{id} on {size}");
                if let Some(m) = m {
                    assert_eq!(map.action(m), Some(id));
                }
            }
            for m in all_moves() {
                if let Some(id) = map.action(m) {
                    assert!(id < n && map.to_move(id) == Some(m), "{m} on {size}");
                }
            }
        }
    }
    for pos in positions() {
        for view in Seat::ALL {
            let map = ActionMap::new(pos.size(), view);
            assert!(map.legal_mask(&pos, &mut []).is_err());
            let mut mask = vec![false; map.len()];
            assert!(map.legal_mask(&pos, &mut mask).is_ok());
            let other = BoardSize::ALL.into_iter().find(|&s| s != pos.size()).expect("a size");
            let wrong = ActionMap::new(other, view);
            assert!(wrong.legal_mask(&pos, &mut vec![false; wrong.len()]).is_err());
            let len = observation_len(pos.size(), pos.players());
            let mut obs = vec![0.0; len];
            assert_eq!(observe(&pos, view, &mut obs).is_ok(), pos.seats().any(|s| s == view));
            assert!(observe(&pos, view, &mut []).is_err());
            assert!(observe(&pos, view, &mut vec![0.0; len + 1]).is_err());
        }
    }
}

#[test]
fn position_queries_take_any_seat_square_wall_and_move() {
    let moves = all_moves();
    for pos in positions() {
        for seat in Seat::ALL {
            let playing = pos.is_active(seat);
            assert_eq!(pos.pawn(seat).is_some(), playing);
            let _ = (pos.walls_in_hand(seat), pos.leave_order(seat), pos.goal(seat));
            let _ = (pos.distance(seat), pos.shortest_path(seat).count(), pos.distance_map(seat));
            let _ = pos.ranking().rank(seat);
            assert!(playing || pos.distance(seat).is_none());
            let mut p = pos;
            assert_eq!(p.resign(seat).is_ok(), playing && !pos.is_game_over(), "{seat} in {pos}");
            if let Some(passed) = pos.pass_to(seat) {
                assert_eq!(passed.turn(), seat);
            }
            for sq in squares() {
                let d = pos.distance_from(seat, sq);
                assert!(d.is_none() || (playing && sq.on_board(pos.size())), "{seat} {sq}");
            }
            for m in &moves {
                if let Move::Wall(w) = *m {
                    let _ = pos.distance_after_wall(seat, w);
                }
            }
        }
        for sq in squares() {
            for d in Direction::ALL {
                assert!(!pos.can_step(sq, d) || sq.step(d, pos.size()).is_some(), "{sq} in {pos}");
            }
        }
        let legal = pos.legal_moves();
        assert_eq!(legal.len(), pos.count_legal_moves());
        for &m in &moves {
            let mut p = pos;
            assert_eq!(pos.is_legal(m), legal.as_slice().contains(&m), "{m} in {pos}");
            assert_eq!(pos.check(m).is_ok(), pos.is_legal(m));
            assert_eq!(p.play(m).is_ok(), pos.is_legal(m));
            if !pos.is_legal(m) {
                assert_eq!(p, pos, "a refused move changed {pos}");
            }
        }
        let _ = (pos.legal_walls(), pos.placeable_walls(), pos.turn_order().count());
        assert_eq!(perft(&pos, 0), 1);
        assert_eq!(perft(&pos, 1), if pos.is_game_over() { 0 } else { legal.len() as u64 });
    }
    let mut set = WallSet::new();
    for m in &moves {
        if let Move::Wall(w) = *m {
            if set.conflict_with(w).is_none() {
                assert!(set.insert(w));
            }
        }
    }
    assert!(!set.is_empty());
}

#[cfg(feature = "alloc")]
#[test]
fn games_refuse_extreme_records_tags_and_undos() {
    use quoridor_core::Game;
    let mut game = Game::new(&Config::default()).expect("a game");
    assert!(game.undo().is_none());
    assert!(game.undo().is_none());
    for (name, value) in [("", "x"), ("Result", "1-0"), ("Size", "9"), ("Event", "a\nb")] {
        assert!(game.set_tag(name, value).is_err(), "{name}: {value}");
    }
    assert!(game.set_tag("Event", &"x".repeat(100_000)).is_ok());
    for seat in [Seat::West, Seat::East] {
        assert!(game.resign(seat).is_err());
    }
    for record in [
        "[Size \"255\"]\n\n1. e2 e8 *\n",
        "[Size \"99999999999999999999\"]\n\n*\n",
        "[Players \"255\"]\n\n*\n",
        "[Walls \"256\"]\n\n*\n",
        "[PlyLimit \"0\"]\n\n*\n",
        "[PlyLimit \"4294967296\"]\n\n*\n",
        "99999999999999999999. e2 e8 *\n",
    ] {
        assert!(record.parse::<Game>().is_err(), "{record}");
    }
}
