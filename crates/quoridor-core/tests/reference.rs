//! The fast engine against a deliberately slow, obviously correct reference model
//! (`tests/common/reference.rs`, compared by `tests/common/invariants.rs`) on thousands of
//! random positions of every variant, every move played checked against the reference's own
//! play, and reference perft against the fast perft, including every row of the perft data
//! files that the reference can afford.

mod common;

use std::collections::BTreeSet;

use common::invariants::check_position;
use common::reference::{RefState, RefWall, cell};
use common::{Rng, all_configs, perft_files};
use quoridor_core::{Config, Move, Position, Seat, Variant, perft};

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

/// Checks `pos` (every invariant, and the fast engine against the reference on every
/// question it answers) and counts what it covers.
fn check_and_count(pos: &Position, cov: &mut Coverage) {
    let (r, expected) = check_position(pos);
    cov.positions += 1;
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
        let fitting = r.every_wall().filter(|&w| r.wall_fits(w));
        cov.path_rule_rejections +=
            fitting.filter(|w| !expected.contains(&Move::Wall(w.to_wall()))).count();
    }
    // The reference's shortcut for the path rule against its literal rule, which searches
    // once per wall and player (so only every tenth position).
    if cov.positions % 10 == 0 && r.outcome().is_none() {
        let literal: BTreeSet<RefWall> = r.every_wall().filter(|&w| r.wall_legal(w)).collect();
        assert_eq!(r.wall_moves(), literal, "the reference's wall shortcut, position {pos}");
    }
    // `wall_threat` against the literal rule, wall by wall (every tenth position too).
    if cov.positions % 10 == 5 {
        for s in r.active() {
            let t = reference_threat(&r, s);
            assert_eq!(pos.wall_threat(s), Some(t), "wall_threat of {s} in {pos}");
            // From a size up, where bounds rule most walls out.
            for least in 1..=5 {
                assert_eq!(
                    pos.wall_threat_at_least(s, least),
                    Some(if t >= least { t } else { 0 }),
                    "wall_threat_at_least {least} of {s} in {pos}"
                );
            }
        }
    }
}

/// The most steps one placeable wall (the path rule kept for every player, whoever holds
/// walls) adds to `seat`'s distance, by a search per wall and player; 0 once the game is over.
fn reference_threat(r: &RefState, seat: Seat) -> u8 {
    if r.outcome().is_some() {
        return 0;
    }
    let from = r.pawns[seat.index()].expect("active");
    let before = r.distance(seat).expect("a path");
    r.every_wall()
        .filter(|&w| r.wall_placeable(w))
        .filter_map(|w| r.bfs_with(seat, from, Some(w)))
        .map(|after| u8::try_from(after - before).expect("a small gain"))
        .max()
        .unwrap_or(0)
}

/// Plays random games from `config`, checking every position and every transition against
/// the reference, and counts what they cover in `cov`.
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
            check_and_count(&pos, cov);
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
/// slots) x (players) x (squares per search). An upper bound: the reference searches again
/// only for the walls that block a player's path (`RefState::wall_moves`). The fast perft
/// only estimates the cost here; the count compared is the reference's own.
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
/// release when timed with the reference's literal path rule, before its shortcut:
/// `cargo test --release -p quoridor-core --test reference -- --ignored`), except
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
