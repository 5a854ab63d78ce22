//! The evaluation: the shipped (fitted) weights load and make sense, and the evaluation is
//! antisymmetric and a function of the position alone (stable across the position format).

use quoridor_ai::eval::{
    FEATURES, MULTI_FEATURES, MultiGame, chance_of_logit, evaluate, evaluate_with, features,
    features_multi_of, features_two, multi_logit, multi_logit_of, threat_term,
};
use quoridor_ai::params::{EvalParams, MULTI, TWO_PLAYER};
use quoridor_ai::{Bot, GreedyBot, RandomBot};
use quoridor_core::Players;
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
        c.with_players(Players::Three),
        c.with_players(Players::Four),
        c.with_players(Players::Four).with_variant(Variant::KingOfTheHill),
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
    assert!(MULTI.iter().all(|t| t[0] < 0), "a step of distance costs in every kind of game");
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
fn the_walls_threats_add_their_term_and_keep_the_evaluation_antisymmetric() {
    let off = EvalParams::default();
    let mut differs = 0;
    for least in [0, 3] {
        let on = off.with_threats(least);
        for pos in positions() {
            let seats: Vec<Seat> = pos.active_seats().collect();
            if seats.len() != 2 {
                // Three and four players: no threats.
                assert_eq!(evaluate_with(&on, &pos, seats[0]), evaluate_with(&off, &pos, seats[0]));
                continue;
            }
            let (a, b) = (seats[0], seats[1]);
            assert_eq!(evaluate_with(&on, &pos, a), -evaluate_with(&on, &pos, b), "{pos}");
            // Each threat counts while the other side holds a wall to carry it out.
            let counted = |s: Seat, other: Seat| {
                let t = pos.wall_threat(s).unwrap();
                if pos.walls_in_hand(other) > 0 && t >= least { t } else { 0 }
            };
            let term = threat_term(&on, counted(a, b), counted(b, a), pos.turn() == a);
            let plus = evaluate_with(&off, &pos, a) + term;
            assert_eq!(evaluate_with(&on, &pos, a), plus, "{pos} from {least}");
            differs += usize::from(term != 0);
        }
    }
    assert!(differs > 100, "{differs} positions where the threats count");
    // Extreme weights: no overflow, still antisymmetric.
    let mut wild = off.with_threats(0);
    for threats in [[i32::MAX, i32::MIN], [i32::MIN, i32::MAX], [i32::MAX, i32::MAX]] {
        wild.threats = threats;
        assert_eq!(threat_term(&wild, 0, 255, true), -threat_term(&wild, 255, 0, false));
        assert!(threat_term(&wild, 0, 255, true).abs() <= 1 << 20);
        for pos in positions().iter().filter(|p| p.active_seats().count() == 2) {
            let seats: Vec<Seat> = pos.active_seats().collect();
            let (a, b) = (seats[0], seats[1]);
            assert_eq!(evaluate_with(&wild, pos, a), -evaluate_with(&wild, pos, b), "{pos}");
        }
    }
    assert_eq!(threat_term(&wild, 0, 255, true), 1 << 20, "clamped");
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

/// A position set up with more walls than a game can place has more inputs than
/// `active_inputs` holds: the sums count them all, afresh as after a move.
#[test]
fn network_sums_count_every_wall_of_a_crowded_board() {
    use quoridor_ai::net::{Accumulators, HIDDEN, INPUTS, Network};
    let w1: Vec<i16> = (0..INPUTS * HIDDEN).map(|i| (i % 37) as i16 - 18).collect();
    let (b1, w2) = ([3i16; HIDDEN], [50i32; HIDDEN]);
    let net = Network { w1: w1.as_slice().try_into().unwrap(), b1: &b1, w2: &w2 };
    let pos: Position = "9 S:a1:80,N:e5:79 c1h,f1h,h1h,d2h,h2h,a3h,a4h,h4h,a5h,g5h,b6h,e6h,g6h,\
        c7h,f7h,h7h,d8h,g8h,a1v,e1v,c2v,f2v,b3v,d3v,g3v,h3v,f4v,c5v,a6v,d6v,f6v,h6v,e7v,g7v,\
        a8v,b8v,c8v,f8v,h8v S 47/49"
        .parse()
        .unwrap();
    let here = Accumulators::new(&net, &pos);
    let mut checked = 0;
    for m in pos.legal_moves() {
        let mut child = pos;
        child.play_unchecked(m);
        assert_eq!(here.after(&net, &pos, m), Accumulators::new(&net, &child), "{m} in {pos}");
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn multi_player_features_follow_their_definitions() {
    // Turn order from the side to move: distances 6, 4, 9; walls 2, 0, 5 (three players).
    let f = features_multi_of(&[6, 4, 9], &[2, 0, 5]);
    // Race times n·d + t: 18, 13, 29.
    assert_eq!(f[0][..4], [6, 0, 13 - 18, 0], "dist, turn, race-margin, race-leader");
    assert_eq!(f[1][..4], [4, 1, 18 - 13, 1]);
    assert_eq!(f[2][..4], [9, 2, -12, 0], "the margin is clamped to 12 plies");
    assert_eq!((f[0][4], f[0][5]), (2, 4), "walls, walls^2");
    assert_eq!(f[0][6], 2 * (4 + 9) / 2, "walls times the others' mean distance");
    assert_eq!(f[1][7], 0, "no walls, nothing unanswered");
    assert_eq!((f[1][8], f[1][9]), (0, 0));
    let g = features_multi_of(&[1, 2, 5, 5], &[3, 0, 0, 0]);
    assert_eq!(g[0][7], 3, "walls against players who hold none");
    assert_eq!((g[0][8], g[1][9]), (1, 1), "dist=1, dist=2");
    assert_eq!(g[3][..4], [5, 3, -12, 0], "the fourth player's row: 4 - 16 clamped");
    assert_eq!(features_multi_of(&[3, 3, 3], &[1, 1, 1])[3], [0; MULTI_FEATURES], "no fourth");
}

#[test]
fn multi_player_chances_sum_to_one_and_follow_the_leader() {
    let p = EvalParams::default();
    let mut seen = 0;
    for pos in positions() {
        let Some(kind) = MultiGame::of(&pos) else { continue };
        seen += 1;
        let n = pos.active_seats().count() as i32;
        let chances: Vec<i32> = pos
            .active_seats()
            .map(|s| chance_of_logit(multi_logit(&p, &pos, s).unwrap(), n - 1))
            .collect();
        let sum: i32 = chances.iter().sum();
        // The integer tables are within a few thousandths of the exact softmax.
        assert!((sum - 1_000_000).abs() < 12_000, "{pos}: chances {chances:?} ({kind:?})");
        for s in pos.active_seats() {
            let here = multi_logit(&p, &pos, s).unwrap();
            assert!(here.abs() < 20_000, "{pos}: a logit of {here} thousandths");
        }
    }
    assert!(seen > 150, "{seen} positions of three or four players");
    // A step forward is worth something in every kind of game, whatever the walls.
    for kind in MultiGame::ALL {
        for walls in 0..=7u8 {
            let (d, w) = ([8, 8, 8, 8], [walls; 4]);
            let n = if kind == MultiGame::Three { 3 } else { 4 };
            let mut nearer = d;
            nearer[1] = 7;
            let base = features_multi_of(&d[..n], &w[..n]);
            let ahead = features_multi_of(&nearer[..n], &w[..n]);
            assert!(
                multi_logit_of(&p, kind, &ahead[..n], 1) > multi_logit_of(&p, kind, &base[..n], 1),
                "{kind:?} with {walls} walls each"
            );
        }
    }
}

#[test]
fn equal_chances_give_an_even_score() {
    let p = EvalParams::default();
    for (d, w) in [([5u8, 5, 5], [3u8, 3, 3]), ([7, 7, 7], [0, 0, 0])] {
        let f = features_multi_of(&d, &w);
        // Rows differ only by the turn, so the side to move is a little ahead; a player's
        // logit is against its fair share: the sum over players is about zero.
        let sum: i32 = (0..3).map(|i| multi_logit_of(&p, MultiGame::Three, &f[..3], i)).sum();
        assert!(sum.abs() < 300, "{d:?} {w:?}: {sum}");
    }
    // The integer sigmoid is interpolated between table points a quarter logit apart.
    assert!((chance_of_logit(0, 3) - 250_000).abs() < 2_000, "a fair share of four");
    assert_eq!(chance_of_logit(0, 1), 500_000);
    assert!(chance_of_logit(i32::MAX, 2) <= 1_000_000 && chance_of_logit(i32::MIN, 2) >= 0);
}

#[test]
fn vulnerability_is_how_far_one_wall_lengthens_a_path() {
    use quoridor_ai::eval::{
        UNKNOWN_VUL, VUL_NEAR, features_multi, features_multi_with, vulnerability,
    };
    // South one step from home on e8: c8h and f8h leave no wall that can close e8-e9
    // (d8h and e8h would overlap them), so no single wall lengthens its path.
    let safe: Position = "9 S:e8:8,W:a5:9,N:e3:9 c8h,f8h S 3".parse().unwrap();
    let walls = safe.placeable_walls();
    assert_eq!(vulnerability(&safe, Seat::South, &walls), 0);
    let (seats, f, n) = features_multi(&safe).unwrap();
    assert_eq!((seats[0], n), (Seat::South, 3));
    assert_eq!((f[0][10], f[0][11]), (0, 1), "vul, near-safe");
    // Without those walls, d8h or e8h sends it round by a side-step.
    let open: Position = "9 S:e8:10,W:a5:9,N:e3:9 - S 3".parse().unwrap();
    let walls = open.placeable_walls();
    assert_eq!(vulnerability(&open, Seat::South, &walls), 1);
    let (_, f, _) = features_multi(&open).unwrap();
    assert_eq!((f[0][10], f[0][11]), (1, 0));
    // Every player against a brute force over the walls, capped at VUL_NEAR.
    for pos in positions() {
        let Some((seats, f, n)) = features_multi(&pos) else { continue };
        let walls = pos.placeable_walls();
        for i in 0..n {
            let d = pos.distance(seats[i]).unwrap();
            let most = walls
                .iter()
                .map(|w| pos.distance_after_wall(seats[i], w).unwrap().saturating_sub(d))
                .max()
                .unwrap_or(0)
                .min(VUL_NEAR);
            let others_hold: bool = (0..n).any(|j| j != i && pos.walls_in_hand(seats[j]) > 0);
            assert_eq!(f[i][10], if others_hold { i32::from(most) } else { 0 }, "{pos}");
        }
    }
    // Unknown vulnerabilities (the default of `features_multi_of`) give the features zero.
    let g = features_multi_with(&[1, 3, 5], &[2, 2, 2], &[UNKNOWN_VUL; 3]);
    assert_eq!((g[0][10], g[0][11]), (0, 0));
}
