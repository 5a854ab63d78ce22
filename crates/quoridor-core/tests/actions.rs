//! Action ids and observations: every id of every size and view round-trips, the legal mask
//! agrees with the legal moves on random games of every variant, and observations follow
//! the position seen from each seat.

mod common;

use std::collections::BTreeSet;

use common::invariants::every_move;
use common::{Rng, all_configs, random_move};
use quoridor_core::action::{ActionMap, action_count, mirror_action};
use quoridor_core::observation::{mirror_observation, observation_len, observe, planes};
use quoridor_core::{
    BoardSize, Config, Move, Players, Position, Seat, SeatState, Square, Variant, Wall, WallSet,
};

fn size(n: u8) -> BoardSize {
    BoardSize::new(n).expect("a supported size")
}

#[test]
fn every_id_of_every_size_and_view_round_trips() {
    for size in BoardSize::ALL {
        for view in Seat::ALL {
            let map = ActionMap::new(size, view);
            assert_eq!(map.len(), action_count(size));
            let mut seen = BTreeSet::new();
            for id in 0..map.len() {
                let m = map.to_move(id).unwrap_or_else(|| panic!("{id} on {size} from {view}"));
                assert_eq!(map.action(m), Some(id), "{m} on {size} from {view}");
                assert!(seen.insert(m), "{m} has two ids");
            }
            assert_eq!(map.to_move(map.len()), None);
            // Every move on the board has an id; every move off it has none.
            for m in every_move() {
                let on = match m {
                    Move::Pawn(sq) => sq.on_board(size),
                    Move::Wall(w) => w.on_board(size),
                };
                assert_eq!(map.action(m).is_some(), on, "{m} on {size}");
            }
        }
    }
    assert_eq!(BoardSize::ALL.map(action_count), [57, 121, 209, 321]);
}

#[test]
fn south_ids_follow_the_board_as_written() {
    let map = ActionMap::new(size(9), Seat::South);
    let id = |s: &str| map.action(s.parse().unwrap()).unwrap();
    assert_eq!([id("a1"), id("i1"), id("a2"), id("i9")], [0, 8, 9, 80]);
    assert_eq!([id("a1h"), id("h1h"), id("a2h"), id("h8h")], [81, 88, 89, 144]);
    assert_eq!([id("a1v"), id("h8v")], [145, 208]);
}

#[test]
fn each_seat_sees_its_own_moves_like_south_sees_its_own() {
    // The same moves from each seat's start, seen from that seat, have the same ids.
    let config = Config::default().with_players(Players::Four);
    let start = Position::start(&config).unwrap();
    let ids = |seat: Seat| {
        let mut setup = start.to_setup();
        setup.turn = seat;
        let pos = Position::try_from(setup).unwrap();
        let map = ActionMap::new(size(9), seat);
        let mut mask = vec![false; map.len()];
        map.legal_mask(&pos, &mut mask).unwrap();
        mask
    };
    let south = ids(Seat::South);
    for seat in [Seat::West, Seat::North, Seat::East] {
        assert_eq!(ids(seat), south, "{seat}");
    }
}

#[test]
fn legal_masks_agree_with_legal_moves_in_random_games_of_every_variant() {
    let mut rng = Rng::new(12);
    for config in all_configs() {
        for game in 0..3 {
            let mut pos = Position::start(&config).unwrap();
            for _ in 0..60 {
                let legal: BTreeSet<Move> = pos.legal_moves().iter().copied().collect();
                for view in pos.seats().collect::<Vec<_>>() {
                    let map = ActionMap::new(config.size, view);
                    let mut mask = vec![true; map.len()];
                    map.legal_mask(&pos, &mut mask).unwrap();
                    let from_mask: BTreeSet<Move> = (0..map.len())
                        .filter(|&id| mask[id])
                        .map(|id| map.to_move(id).unwrap())
                        .collect();
                    assert_eq!(from_mask, legal, "{pos} from {view} (game {game})");
                    let mut again = vec![true; map.len()];
                    map.moves_mask(pos.pawn_moves(), pos.legal_walls(), &mut again).unwrap();
                    assert_eq!(again, mask, "{pos} from {view} (game {game})");
                }
                match random_move(&pos, &mut rng, 40) {
                    Some(m) => pos.play(m).unwrap(),
                    None => break,
                }
            }
        }
    }
}

/// The observation as a map from (plane, row, column) to value, for the nonzero values.
fn nonzero(obs: &[f32], size: u8) -> Vec<(usize, usize, usize, f32)> {
    let n = usize::from(size);
    obs.iter()
        .enumerate()
        .filter(|(_, v)| **v != 0.0)
        .map(|(i, v)| (i / (n * n), i % (n * n) / n, i % n, *v))
        .collect()
}

#[test]
fn observation_of_a_two_player_game() {
    let pos: Position = "9 S:e2:9,N:e8:10 e3h,c5v N 4".parse().unwrap();
    assert_eq!(observation_len(size(9), Players::Two), 8 * 81);
    let mut obs = vec![f32::NAN; observation_len(size(9), Players::Two)];
    observe(&pos, Seat::South, &mut obs).unwrap();
    let walls: Vec<_> = nonzero(&obs, 9).into_iter().filter(|t| t.0 < 2).collect();
    assert_eq!(walls, [(0, 2, 4, 1.0), (1, 4, 2, 1.0)]);
    let at = |obs: &[f32], p: usize, r: usize, c: usize| obs[p * 81 + r * 9 + c];
    assert_eq!(at(&obs, 2, 1, 4), 1.0); // South's pawn on e2
    assert_eq!(at(&obs, 3, 0, 0), 0.9); // 9 walls of 10
    assert!(obs[4 * 81..5 * 81].iter().all(|&x| x == 0.0)); // South is not to move
    assert_eq!(at(&obs, 5, 7, 4), 1.0); // North's pawn on e8
    assert_eq!(at(&obs, 6, 8, 8), 1.0);
    assert!(obs[7 * 81..8 * 81].iter().all(|&x| x == 1.0)); // North to move

    // Seen from North, the board is turned: e3h becomes d6h, c5v becomes f4v.
    observe(&pos, Seat::North, &mut obs).unwrap();
    let walls: Vec<_> = nonzero(&obs, 9).into_iter().filter(|t| t.0 < 2).collect();
    assert_eq!(walls, [(0, 5, 3, 1.0), (1, 3, 5, 1.0)]);
    assert_eq!(at(&obs, 2, 1, 4), 1.0); // North's pawn, e8 turned to e2
    assert!(obs[4 * 81..5 * 81].iter().all(|&x| x == 1.0));
    assert_eq!(at(&obs, 5, 7, 4), 1.0); // South's pawn on e2, turned to e8
}

#[test]
fn a_start_looks_the_same_to_the_first_player_from_every_seat() {
    for (players, variant) in [
        (Players::Two, Variant::Classic),
        (Players::Three, Variant::Classic),
        (Players::Four, Variant::Classic),
        (Players::Four, Variant::KingOfTheHill),
    ] {
        for size in BoardSize::ALL {
            let mut seen = Vec::new();
            for first in players.seats().iter().copied() {
                let config = Config::default()
                    .with_size(size)
                    .with_players(players)
                    .with_variant(variant)
                    .with_first(first);
                let pos = Position::start(&config).unwrap();
                let mut obs = vec![0.0; observation_len(size, players)];
                observe(&pos, first, &mut obs).unwrap();
                assert_eq!(obs.len(), planes(players) * usize::from(size.get()).pow(2));
                seen.push((first, obs));
            }
            // Three players: the empty slot differs by seat, so compare two- and four-player
            // games only.
            if players != 3 {
                for (first, obs) in &seen[1..] {
                    assert_eq!(*obs, seen[0].1, "{players} players, size {size}, {first} first");
                }
            }
        }
    }
}

#[test]
fn observation_slots_run_in_turn_order_from_the_observer() {
    // Three players, West observing: North is one place on (slot 1, the left), East is
    // absent (slot 2), South is three places on (slot 3, the right).
    let config = Config::default().with_players(Players::Three);
    let pos = Position::start(&config).unwrap();
    let mut obs = vec![0.0; observation_len(size(9), Players::Three)];
    observe(&pos, Seat::West, &mut obs).unwrap();
    let pawns: Vec<_> = nonzero(&obs, 9)
        .into_iter()
        .filter(|t| t.0 >= 2 && (t.0 - 2) % 3 == 0)
        .map(|t| (t.0, t.1, t.2))
        .collect();
    // West on its bottom row; North (e9) on the left edge; South (e1) on the right edge.
    assert_eq!(pawns, [(2, 0, 4), (5, 4, 0), (11, 4, 8)]);
    assert!(obs[8 * 81..11 * 81].iter().all(|&x| x == 0.0));
    // South is to move: slot 3's to-move plane.
    assert!(obs[13 * 81..14 * 81].iter().all(|&x| x == 1.0));
}

#[test]
fn a_player_who_left_has_no_pawn_and_no_walls_in_the_observation() {
    let config = Config::default().with_players(Players::Four);
    let mut pos = Position::start(&config).unwrap();
    pos.resign(Seat::North).unwrap();
    let mut obs = vec![0.0; observation_len(size(9), Players::Four)];
    observe(&pos, Seat::South, &mut obs).unwrap();
    assert!(obs[8 * 81..11 * 81].iter().all(|&x| x == 0.0));
    assert!(obs[5 * 81..6 * 81].contains(&1.0));
}

#[test]
fn a_finished_game_has_no_side_to_move_and_no_legal_action() {
    let pos: Position = "5 S:c5:3,N:c4:3 - N 9".parse().unwrap();
    assert!(pos.is_game_over());
    let mut obs = vec![0.0; observation_len(size(5), Players::Two)];
    observe(&pos, Seat::South, &mut obs).unwrap();
    assert!(obs[4 * 25..5 * 25].iter().chain(&obs[7 * 25..8 * 25]).all(|&x| x == 0.0));
    let map = ActionMap::new(size(5), Seat::North);
    let mut mask = vec![true; map.len()];
    map.legal_mask(&pos, &mut mask).unwrap();
    assert!(mask.iter().all(|&x| !x));
}

#[test]
fn buffers_boards_and_seats_that_do_not_fit_are_refused_untouched() {
    use quoridor_core::action::EncodeError;
    let pos = Position::default();
    let map = ActionMap::new(size(9), Seat::South);
    let mut short = vec![true; 10];
    assert_eq!(
        map.legal_mask(&pos, &mut short),
        Err(EncodeError::Length { expected: 209, found: 10 })
    );
    assert!(short.iter().all(|&x| x));
    let mut mask = vec![true; action_count(size(7))];
    let err = ActionMap::new(size(7), Seat::South).legal_mask(&pos, &mut mask).unwrap_err();
    assert_eq!(err.to_string(), "the position is on a 9x9 board, not 7x7");
    let mut obs = vec![0.5; observation_len(size(9), Players::Two)];
    assert_eq!(observe(&pos, Seat::West, &mut obs), Err(EncodeError::NotInGame(Seat::West)));
    assert!(obs.iter().all(|&x| x == 0.5));
    assert_eq!(
        observe(&pos, Seat::South, &mut obs[1..]).unwrap_err().to_string(),
        "the buffer holds 647 values, but 648 are needed"
    );
}

/// The mirror image of a position, left to right: pawns and wall anchors change columns,
/// everything else stays.
fn mirrored(pos: &Position) -> Position {
    let mut setup = pos.to_setup();
    let n = pos.size().get();
    for (_, seat) in setup.seats.iter_mut() {
        if let Some(s) = seat {
            if let SeatState::Playing(sq) = s.state {
                s.state = SeatState::Playing(Square::new(n - 1 - sq.col(), sq.row()).unwrap());
            }
        }
    }
    let mut walls = WallSet::new();
    for w in setup.walls {
        let anchor = Square::new(n - 2 - w.anchor().col(), w.anchor().row()).unwrap();
        walls.insert(Wall::new(anchor, w.orientation()).unwrap());
    }
    setup.walls = walls;
    Position::try_from(setup).unwrap()
}

#[test]
fn mirrored_ids_are_the_ids_of_the_mirrored_moves() {
    for size in BoardSize::ALL {
        let n = size.get();
        let south = ActionMap::new(size, Seat::South);
        for id in 0..south.len() {
            let mirror = |m: Move| match m {
                Move::Pawn(sq) => Move::Pawn(Square::new(n - 1 - sq.col(), sq.row()).unwrap()),
                Move::Wall(w) => {
                    let a = Square::new(n - 2 - w.anchor().col(), w.anchor().row()).unwrap();
                    Move::Wall(Wall::new(a, w.orientation()).unwrap())
                }
            };
            let m = south.to_move(id).unwrap();
            assert_eq!(mirror_action(size, id), south.action(mirror(m)), "{m} on {size}");
            assert_eq!(mirror_action(size, mirror_action(size, id).unwrap()), Some(id));
        }
        assert_eq!(mirror_action(size, south.len()), None);
        assert_eq!(mirror_action(size, usize::MAX), None);
    }
}

#[test]
fn the_mirror_image_of_a_two_player_position_has_mirrored_observations_and_masks() {
    let mut rng = Rng::new(31);
    let configs = all_configs().into_iter().filter(|c| c.players == Players::Two);
    for config in configs {
        let size = config.size;
        let mut pos = Position::start(&config).unwrap();
        for _ in 0..60 {
            let image = mirrored(&pos);
            for view in [Seat::South, Seat::North] {
                let mut obs = vec![0.0; observation_len(size, Players::Two)];
                let mut expected = obs.clone();
                observe(&pos, view, &mut obs).unwrap();
                observe(&image, view, &mut expected).unwrap();
                let original = obs.clone();
                mirror_observation(size, &mut obs).unwrap();
                assert_eq!(obs, expected, "{pos} from {view}");
                mirror_observation(size, &mut obs).unwrap();
                assert_eq!(obs, original, "mirroring twice gives {pos} back");

                let map = ActionMap::new(size, view);
                let (mut mask, mut image_mask) = (vec![false; map.len()], vec![false; map.len()]);
                map.legal_mask(&pos, &mut mask).unwrap();
                map.legal_mask(&image, &mut image_mask).unwrap();
                for (id, &legal) in mask.iter().enumerate() {
                    let m = mirror_action(size, id).unwrap();
                    assert_eq!(legal, image_mask[m], "{pos} from {view}, id {id}");
                }
            }
            assert_eq!(pos.distance(Seat::South), image.distance(Seat::South));
            match random_move(&pos, &mut rng, 50) {
                Some(m) => pos.play(m).unwrap(),
                None => break,
            }
        }
    }
}

#[test]
fn only_two_player_observations_are_mirrored() {
    use quoridor_core::action::EncodeError;
    let mut obs = vec![0.5; observation_len(size(9), Players::Four)];
    assert_eq!(
        mirror_observation(size(9), &mut obs),
        Err(EncodeError::Length { expected: 8 * 81, found: 14 * 81 })
    );
    assert!(obs.iter().all(|&x| x == 0.5));
}

#[test]
fn a_mask_of_given_moves_leaves_out_what_is_off_the_board() {
    use quoridor_core::Bitboard;
    use quoridor_core::action::EncodeError;
    let map = ActionMap::new(size(5), Seat::North);
    let mut pawns = Bitboard::EMPTY;
    for sq in ["a1", "e5", "i9", "k11"] {
        pawns.insert(sq.parse().unwrap());
    }
    let mut walls = WallSet::new();
    for w in ["d4h", "e4v", "h8h"] {
        walls.insert(w.parse().unwrap());
    }
    let mut mask = vec![true; map.len()];
    map.moves_mask(pawns, walls, &mut mask).unwrap();
    let ids: Vec<usize> = (0..map.len()).filter(|&i| mask[i]).collect();
    let expected: BTreeSet<usize> =
        ["a1", "e5", "d4h"].iter().map(|m| map.action(m.parse().unwrap()).unwrap()).collect();
    assert_eq!(ids.into_iter().collect::<BTreeSet<_>>(), expected);
    let mut short = vec![true; 3];
    assert_eq!(
        map.moves_mask(pawns, walls, &mut short),
        Err(EncodeError::Length { expected: 57, found: 3 })
    );
    assert_eq!(short, [true; 3]);
}

/// The observation of `pos` from `view`, value by value from the module docs and the views
/// of `ActionMap` (no bitboards): the slow reference of `observe`.
fn reference_observation(pos: &Position, view: Seat) -> Vec<f32> {
    let size = pos.size();
    let players = pos.players();
    let n = usize::from(size.get());
    let nn = n * n;
    let map = ActionMap::new(size, view);
    let mut obs = vec![0.0f32; observation_len(size, players)];
    for w in pos.walls() {
        let seen = map.view_wall(w).unwrap();
        let plane = match seen.orientation() {
            quoridor_core::Orientation::Horizontal => 0,
            quoridor_core::Orientation::Vertical => 1,
        };
        let a = seen.anchor();
        obs[plane * nn + usize::from(a.row()) * n + usize::from(a.col())] = 1.0;
    }
    let slots = if players == Players::Two { 2 } else { 4 };
    let default = f32::from(quoridor_core::default_walls(size, players));
    for slot in 0..slots {
        let offset = if slots == 2 { 2 * slot } else { slot };
        let seat = Seat::ALL[(view.index() + offset) % 4];
        let base = (2 + 3 * slot) * nn;
        if let Some(sq) = pos.pawn(seat) {
            let seen = map.view_square(sq).unwrap();
            obs[base + usize::from(seen.row()) * n + usize::from(seen.col())] = 1.0;
            let walls = pos.walls_in_hand(seat);
            if walls > 0 {
                obs[base + nn..base + 2 * nn].fill(f32::from(walls) / default);
            }
        }
        if !pos.is_game_over() && pos.turn() == seat {
            obs[base + 2 * nn..base + 3 * nn].fill(1.0);
        }
    }
    obs
}

/// The mask of the moves `pawns` and `walls` seen through `map`, id by id from
/// `ActionMap::action`: the slow reference of `moves_mask`.
fn reference_mask(map: ActionMap, pawns: quoridor_core::Bitboard, walls: WallSet) -> Vec<bool> {
    let mut mask = vec![false; map.len()];
    let moves = pawns.iter().map(Move::Pawn).chain(walls.iter().map(Move::Wall));
    for id in moves.filter_map(|m| map.action(m)) {
        mask[id] = true;
    }
    mask
}

#[test]
fn observations_and_masks_agree_with_the_slow_reference_in_random_games_of_every_variant() {
    let mut rng = Rng::new(2026);
    let mut checked = 0;
    for config in all_configs() {
        for game in 0..4 {
            let mut pos = Position::start(&config).unwrap();
            for _ in 0..200 {
                let len = observation_len(config.size, config.players);
                for view in Seat::ALL {
                    let map = ActionMap::new(config.size, view);
                    let mut mask = vec![rng.percent(50); map.len()];
                    map.legal_mask(&pos, &mut mask).unwrap();
                    let expected = reference_mask(map, pos.pawn_moves(), pos.legal_walls());
                    assert_eq!(mask, expected, "{pos} from {view} (game {game})");
                    if !pos.seats().any(|s| s == view) {
                        continue;
                    }
                    // Whatever the buffer held before, every value is written.
                    let mut obs = vec![if rng.percent(50) { f32::NAN } else { 0.5 }; len];
                    observe(&pos, view, &mut obs).unwrap();
                    let expected = reference_observation(&pos, view);
                    let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                    assert_eq!(bits(&obs), bits(&expected), "{pos} from {view} (game {game})");
                    checked += 1;
                }
                match random_move(&pos, &mut rng, 60) {
                    Some(m) => pos.play(m).unwrap(),
                    None => break,
                }
            }
        }
    }
    assert!(checked > 20_000, "{checked}");
}

#[test]
fn masks_of_any_given_moves_agree_with_the_slow_reference() {
    use quoridor_core::Bitboard;
    let mut rng = Rng::new(99);
    let every_wall = common::invariants::every_wall();
    for _ in 0..2000 {
        // Any squares of the largest board, any walls: on the board or off it.
        let density = rng.below(101) as u64;
        let pawns: Bitboard = common::invariants::every_square()
            .into_iter()
            .filter(|_| rng.percent(density))
            .collect();
        let mut walls = WallSet::new();
        for &w in &every_wall {
            if rng.percent(density) {
                walls.insert(w);
            }
        }
        for size in BoardSize::ALL {
            for view in Seat::ALL {
                let map = ActionMap::new(size, view);
                let mut mask = vec![rng.percent(50); map.len()];
                map.moves_mask(pawns, walls, &mut mask).unwrap();
                assert_eq!(mask, reference_mask(map, pawns, walls), "{size} from {view}");
            }
        }
    }
}
