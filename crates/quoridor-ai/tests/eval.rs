//! The evaluation: the shipped (fitted) weights load and make sense, and the evaluation is
//! antisymmetric and a function of the position alone (stable across the position format).

use quoridor_ai::eval::{FEATURES, evaluate, features, features_two};
use quoridor_ai::params::{EvalParams, TWO_PLAYER};
use quoridor_ai::{Bot, GreedyBot, RandomBot};
use quoridor_core::{Config, Position, Seat, Variant};

/// Positions of random and greedy play, walls included, on every board and player count.
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    let mut random = RandomBot::new(11);
    let mut greedy = GreedyBot::new();
    let size = |n| quoridor_core::BoardSize::new(n).expect("a board size");
    let c = Config::default();
    let configs = [
        c,
        c.with_size(size(5)),
        c.with_size(size(7)),
        c.with_size(size(11)),
        c.with_walls(Some(0)),
        c.with_players(3),
        c.with_players(4),
        c.with_players(4).with_variant(Variant::KingOfTheHill),
    ];
    for config in &configs {
        for g in 0..80 {
            let mut pos = Position::start(config).unwrap();
            for k in 0..(g * 3 % 40) {
                if pos.is_game_over() {
                    break;
                }
                let m = if k % 2 == 0 { random.choose(&pos) } else { greedy.choose(&pos) };
                pos.play_unchecked(m.unwrap());
            }
            if !pos.is_game_over() {
                out.push(pos);
            }
        }
    }
    out
}

#[test]
fn shipped_weights_load_and_value_a_step_of_path_and_the_walls_in_hand() {
    assert_eq!(EvalParams::default().two_player, TWO_PLAYER);
    assert!(TWO_PLAYER.iter().any(|&w| w != 0));
    // A step of path lead is worth something, and more walls in hand are worth more than
    // fewer, other things equal (the walls=k weights give the value of holding k walls).
    for walls in [0u8, 5, 10] {
        let ahead = features_two((5, walls), (6, walls), true);
        let level = features_two((6, walls), (6, walls), true);
        let value = |f: [i32; FEATURES]| -> i64 {
            f.iter().zip(TWO_PLAYER).map(|(a, b)| i64::from(*a) * i64::from(b)).sum()
        };
        assert!(value(ahead) > value(level), "a step ahead with {walls} walls each");
    }
    let value_of_walls = |x: u8| -> i64 {
        let f = features_two((8, x), (8, 5), true);
        f.iter().zip(TWO_PLAYER).map(|(a, b)| i64::from(*a) * i64::from(b)).sum()
    };
    assert!(value_of_walls(10) > value_of_walls(1), "ten walls against one");
}

#[test]
fn the_same_position_seen_from_either_side_scores_opposite() {
    let mut two = 0;
    for pos in positions() {
        let seats: Vec<Seat> = pos.active_seats().collect();
        if seats.len() == 2 {
            two += 1;
            let (a, b) = (seats[0], seats[1]);
            assert_eq!(evaluate(&pos, a), -evaluate(&pos, b), "{pos}");
            let (fa, fb) = (features(&pos, a).unwrap(), features(&pos, b).unwrap());
            for k in 0..FEATURES {
                assert_eq!(fa[k], -fb[k], "feature {k} of {pos}");
            }
        } else {
            assert!(features(&pos, seats[0]).is_none());
        }
    }
    assert!(two > 120, "{two} two-player positions");
}

#[test]
fn the_evaluation_survives_a_round_trip_through_the_position_format() {
    for pos in positions() {
        let again: Position = pos.to_string().parse().unwrap();
        for seat in pos.active_seats() {
            assert_eq!(evaluate(&pos, seat), evaluate(&again, seat), "{pos}");
        }
    }
}

#[test]
fn features_follow_their_definitions() {
    // Me: distance 4, 3 walls, to move; opponent: distance 7, no wall.
    let f = features_two((4, 3), (7, 0), true);
    assert_eq!(f[0], 3, "path");
    assert_eq!(f[1], 9, "path*walls");
    assert_eq!(f[2 + 2], 1, "walls=3");
    assert_eq!(f[12], 33, "walls*dist");
    assert_eq!((f[13], f[14]), (1, 1), "tempo, and tempo with a side out of walls");
    assert_eq!(f[15], 3, "unanswered");
    assert_eq!((f[16], f[17]), (4, 1), "the race lead of the only side with walls");
    assert_eq!(f[18], 0, "someone still has walls");
    assert_eq!(f[19], 9, "path-squared");
    // Neither has walls: who wins the race, by the lead (ties go to the side to move).
    assert_eq!(features_two((5, 0), (5, 0), true)[18], 1);
    assert_eq!(features_two((5, 0), (5, 0), false)[18], -1);
    assert_eq!(features_two((4, 0), (5, 0), false)[18], 1);
}

/// The network's sums kept up to date move by move (as the search does for the leaves it
/// evaluates without playing) equal the sums computed afresh, on every kind of move, for
/// a network with random weights (the shipped one may be all zeros).
#[test]
fn network_sums_after_a_move_equal_the_sums_afresh() {
    use quoridor_ai::net::{Accumulators, HIDDEN, INPUTS, Network, active_inputs};
    let mut rng = quoridor_ai::SplitMix64::new(0x9e37_79b9_7f4a_7c15);
    let mut next = move || rng.next_u64();
    let w1: Vec<i16> = (0..INPUTS * HIDDEN).map(|_| (next() % 201) as i16 - 100).collect();
    let b1: Vec<i16> = (0..HIDDEN).map(|_| (next() % 301) as i16 - 50).collect();
    let w2: Vec<i32> = (0..HIDDEN).map(|_| (next() % 401) as i32 - 200).collect();
    let net = Network {
        w1: w1.as_slice().try_into().unwrap(),
        b1: b1.as_slice().try_into().unwrap(),
        w2: w2.as_slice().try_into().unwrap(),
    };
    let (mut checked, mut nonzero) = (0, 0);
    for pos in positions() {
        if pos.size().get() != 9 || pos.players() != 2 || pos.variant() != Variant::Classic {
            continue;
        }
        let here = Accumulators::new(&net, &pos);
        for m in pos.legal_moves() {
            let mut child = pos;
            child.play_unchecked(m);
            if child.is_game_over() {
                continue;
            }
            let kept = here.after(&net, &pos, m);
            assert_eq!(kept, Accumulators::new(&net, &child), "{m} in {pos}");
            nonzero += usize::from(kept.correction(&net, Seat::South) != 0);
            checked += 1;
        }
        // Both views: pawns, every wall on the board, walls in hand, and the mover's turn.
        for seat in [Seat::South, Seat::North] {
            let mut inputs = [0u16; 32];
            let n = active_inputs(&pos, seat, &mut inputs);
            let expected = 2 + pos.walls().len() + 2 + usize::from(pos.turn() == seat);
            assert_eq!(n, expected, "{pos}");
            assert!(inputs[..n].iter().all(|&i| usize::from(i) < INPUTS));
        }
        assert_eq!(here.correction(&net, Seat::South), -here.correction(&net, Seat::North));
    }
    assert!(checked > 3_000 && nonzero > checked / 2, "{checked} moves, {nonzero} corrections");
}
