//! Tablebase files: written by the solver, read and probed by quoridor-ai, and played by
//! the engine. The probe is checked against fresh solves of the same positions (mirror
//! images included), damaged files against the reader, and the engine with a table in
//! games against one without.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use quoridor_ai::tablebase::{Tablebase, TablebaseError, Value};
use quoridor_ai::{Engine, EngineOptions, Limits, MultiPv, Score, SplitMix64};
use quoridor_core::{BoardSize, Config, Outcome, Position, Seat};
use quoridor_solve::{SolveOptions, solve, solve_start};

/// A directory of this test's own, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("qtb-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Solves the 5x5 start with `walls` each and writes its tablebase to `path`.
fn build(walls: u8, path: &Path) -> quoridor_solve::Solution {
    let options = SolveOptions::default().with_tablebase(Some(path.to_path_buf()));
    solve_start(BoardSize::MIN, walls, &options, &mut |_| {}).expect("a solve")
}

fn start(walls: u8) -> Position {
    Position::start(&Config::default().with_size(BoardSize::MIN).with_walls(Some(walls)))
        .expect("a start")
}

/// A position up to `plies` random legal moves from the 5x5 start with `walls` each.
fn random_position(rng: &mut SplitMix64, walls: u8, plies: usize) -> Position {
    let mut pos = start(walls);
    for _ in 0..plies {
        if pos.is_game_over() {
            break;
        }
        let moves = pos.legal_moves();
        pos.play(moves.as_slice()[rng.below(moves.len())]).expect("a legal move");
    }
    pos
}

/// The left-right mirror image of a 5x5 position, through its text: columns a..e become
/// e..a, and a wall anchored in column c moves to column 3 - c (a..d become d..a).
fn mirror(pos: &Position) -> Position {
    let text = pos.to_string();
    let flip = |s: &str, last: u8| -> String {
        let mut b = s.as_bytes().to_vec();
        b[0] = b'a' + (last - (b[0] - b'a'));
        String::from_utf8(b).expect("ascii")
    };
    let parts: Vec<&str> = text.split(' ').collect();
    let pawns: Vec<String> = parts[1]
        .split(',')
        .map(|p| {
            let f: Vec<&str> = p.split(':').collect();
            format!("{}:{}:{}", f[0], flip(f[1], 4), f[2])
        })
        .collect();
    let walls = if parts[2] == "-" {
        "-".to_string()
    } else {
        parts[2].split(',').map(|w| flip(w, 3)).collect::<Vec<_>>().join(",")
    };
    let out = format!("{} {} {walls} {}", parts[0], pawns.join(","), parts[3..].join(" "));
    out.parse().unwrap_or_else(|e| panic!("{out}: {e}"))
}

/// The text of `pos` with South holding `south` walls and North `north`.
fn with_walls_in_hand(pos: &Position, south: u8, north: u8) -> String {
    let text = pos.to_string();
    let mut parts: Vec<String> = text.split(' ').map(str::to_string).collect();
    parts[1] = parts[1]
        .split(',')
        .map(|p| {
            let f: Vec<&str> = p.split(':').collect();
            let h = if f[0] == "S" { south } else { north };
            format!("{}:{}:{h}", f[0], f[1])
        })
        .collect::<Vec<_>>()
        .join(",");
    parts.join(" ")
}

fn solved(pos: &Position) -> Value {
    solve(pos, &SolveOptions::default(), &mut |_| {}).expect("a solve").value.into()
}

/// The table's best move keeps its value: the position after it is worth one ply less for
/// the other side (or the game is won).
fn check_best(table: &Tablebase, pos: &Position, value: Value) {
    let (m, v) = table.best_move(pos).expect("a best move");
    assert_eq!(v, value, "{pos}");
    let mut next = *pos;
    next.play(m).expect("legal");
    match next.outcome() {
        Some(Outcome::Winner(s)) => assert!(s == pos.turn() && value == Value::Win(1), "{pos}"),
        Some(Outcome::Draw) => panic!("{pos}: a draw by the ply limit"),
        None => assert_eq!(table.probe(&next).map(Value::parent), Some(value), "{pos} {m}"),
    }
}

#[test]
fn a_written_table_reads_back_with_the_solve_s_values() {
    let dir = TempDir::new("round-trip");
    for walls in [0, 1] {
        let path = dir.0.join(format!("5x5-w{walls}.qtb"));
        let s = build(walls, &path);
        let bytes = std::fs::metadata(&path).expect("written").len();
        assert_eq!(s.stats.tablebase_bytes, Some(bytes));
        let table = Tablebase::open(&path).expect("a valid table");
        assert_eq!(table.size(), BoardSize::MIN);
        assert_eq!(table.root_walls_in_hand(), [walls, walls]);
        assert!(table.root_walls().is_empty());
        assert_eq!(table.levels(), 0..=2 * usize::from(walls));
        assert_eq!(table.states(), s.stats.states);
        assert_eq!(table.path(), Some(path.as_path()));
        let value: Value = s.value.into();
        assert_eq!(table.probe(&start(walls)), Some(value));
        check_best(&table, &start(walls), value);
        // No temporary file is left beside it.
        assert_eq!(std::fs::read_dir(&dir.0).expect("the directory").count(), walls as usize + 1);
    }
}

#[test]
fn the_probe_agrees_with_the_solver_on_random_positions_and_their_mirror_images() {
    let dir = TempDir::new("agree");
    let tables: Vec<Tablebase> = [1, 2]
        .into_iter()
        .map(|w| {
            let path = dir.0.join(format!("5x5-w{w}.qtb"));
            build(w, &path);
            Tablebase::open(&path).expect("a valid table")
        })
        .collect();
    let mut rng = SplitMix64::new(2019);
    let (mut mirrored, mut kinds) = (0, [0; 3]);
    for (walls, count) in [(1u8, 120), (2, 40)] {
        let table = &tables[usize::from(walls) - 1];
        let mut checked = 0;
        while checked < count {
            let pos = {
                let plies = rng.below(14);
                random_position(&mut rng, walls, plies)
            };
            if pos.is_game_over() {
                continue;
            }
            let image = mirror(&pos);
            let value = solved(&pos);
            assert_eq!(table.probe(&pos), Some(value), "{pos}");
            assert_eq!(table.probe(&image), Some(value), "{image}, the mirror image of {pos}");
            check_best(table, &pos, value);
            check_best(table, &image, value);
            mirrored += usize::from(pos.walls() != image.walls());
            kinds[match value {
                Value::Win(_) => 0,
                Value::Loss(_) => 1,
                Value::Draw => 2,
            }] += 1;
            checked += 1;
        }
    }
    assert!(kinds[0] > 10 && kinds[1] > 10, "wins, losses, draws: {kinds:?}");
    assert!(mirrored > 50, "only {mirrored} positions with an asymmetric wall set");
}

#[test]
fn a_table_answers_only_the_walls_in_hand_it_holds() {
    let dir = TempDir::new("layers");
    let path = dir.0.join("5x5-w1.qtb");
    build(1, &path);
    let table = Tablebase::open(&path).expect("a valid table");
    let mut rng = SplitMix64::new(5);
    let (mut held, mut not_held) = (0, 0);
    while held < 40 || not_held < 40 {
        let pos = {
            let plies = rng.below(10);
            random_position(&mut rng, 1, plies)
        };
        if pos.is_game_over() {
            continue;
        }
        // The same pawns and walls with every walls in hand from 0 to 2 each: only those
        // the one-wall game can reach are in the table.
        for (hs, hn) in (0..3u8).flat_map(|a| (0..3u8).map(move |b| (a, b))) {
            let text = with_walls_in_hand(&pos, hs, hn);
            let variant: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            let fits = hs <= 1 && hn <= 1 && variant.walls().len() + usize::from(hs + hn) == 2;
            match table.probe(&variant) {
                Some(v) => {
                    assert!(fits, "{variant}: answered, but these walls in hand are not held");
                    assert_eq!(v, solved(&variant), "{variant}");
                    held += 1;
                }
                None => {
                    assert!(!fits, "{variant}: in the table, yet not answered");
                    not_held += 1;
                }
            }
        }
    }
    // Other boards, players and finished games are not answered.
    for other in ["7 S:d1:1,N:d7:1 - S 0", "5 S:c4:0,N:a1:0 - S 9", "5 S:c1:1,W:a3:1,N:c5:1 - S 0"]
    {
        if let Ok(pos) = other.parse::<Position>() {
            assert_eq!(table.probe(&pos), None, "{other}");
        }
    }
}

fn invalid_reason(path: &Path) -> String {
    match Tablebase::open(path) {
        Err(e @ TablebaseError::Invalid { .. }) => {
            let text = e.to_string();
            assert!(text.contains(&path.display().to_string()), "{text}: the file is not named");
            text
        }
        Err(e) => panic!("{}: expected an invalid file, got {e}", path.display()),
        Ok(_) => panic!("{}: a damaged file was accepted", path.display()),
    }
}

#[test]
fn damaged_truncated_and_foreign_files_are_refused_with_their_name() {
    let dir = TempDir::new("damaged");
    let path = dir.0.join("5x5-w1.qtb");
    build(1, &path);
    let good = std::fs::read(&path).expect("written");
    let bad = dir.0.join("bad.qtb");
    let mut rng = SplitMix64::new(11);
    // Bit flips everywhere: the header, the level list, the wall sets, the values, the sum.
    let mut offsets: Vec<usize> = (0..120).collect();
    offsets.extend((0..300).map(|_| rng.below(good.len())));
    offsets.extend(good.len() - 8..good.len());
    for &i in &offsets {
        let mut b = good.clone();
        b[i] ^= 1 << rng.below(8);
        std::fs::write(&bad, &b).expect("written");
        invalid_reason(&bad);
    }
    for len in [0, 5, 8, 30, 60, 100, good.len() / 2, good.len() - 9, good.len() - 1] {
        std::fs::write(&bad, &good[..len]).expect("written");
        let reason = invalid_reason(&bad);
        assert!(len < 8 || reason.contains("truncated"), "{len} bytes: {reason}");
    }
    let mut longer = good.clone();
    longer.extend_from_slice(b"more");
    std::fs::write(&bad, &longer).expect("written");
    assert!(invalid_reason(&bad).contains("trailing"));
    // Random garbage, and garbage after a valid header: errors, never a panic.
    for round in 0..500 {
        let mut b: Vec<u8> = if round % 2 == 0 {
            (0..rng.below(400)).map(|_| rng.next_u64() as u8).collect()
        } else {
            good[..40 + rng.below(200)].to_vec()
        };
        if round % 4 == 1 {
            b.extend((0..rng.below(5000)).map(|_| rng.next_u64() as u8));
        }
        assert!(Tablebase::from_bytes(b).is_err());
    }
    // A checkpoint of the solver is not a tablebase.
    let ck = dir.0.join("ck");
    let options = SolveOptions::default().with_checkpoint(Some(ck.clone()));
    solve_start(BoardSize::MIN, 1, &options, &mut |_| {}).expect("a solve");
    let level = ck.join("level-000.qsc");
    assert!(invalid_reason(&level).contains("checkpoint"));
    // A missing file is an I/O error naming it.
    let missing = dir.0.join("missing.qtb");
    let e = Tablebase::open(&missing).expect_err("no such file");
    assert!(matches!(e, TablebaseError::Io { .. }) && e.to_string().contains("missing.qtb"));
}

#[test]
fn a_tablebase_does_not_go_with_checkpoints_or_a_finished_game() {
    let dir = TempDir::new("refused");
    let options = SolveOptions::default()
        .with_tablebase(Some(dir.0.join("t.qtb")))
        .with_checkpoint(Some(dir.0.join("ck")));
    assert!(solve_start(BoardSize::MIN, 1, &options, &mut |_| {}).is_err());
    let over: Position = "5 S:c4:0,N:a1:0 - S 9".parse().expect("a position");
    let options = SolveOptions::default().with_tablebase(Some(dir.0.join("t.qtb")));
    assert!(solve(&over, &options, &mut |_| {}).is_err());
    assert!(!dir.0.join("t.qtb").exists());
}

/// Plays a game from `pos`: `engines[0]` for South, `engines[1]` for North; returns the
/// outcome and the plies played (at most `max`).
fn play(engines: &mut [&mut Engine; 2], pos: &Position, max: u32) -> (Option<Outcome>, u32) {
    let mut p = *pos;
    let mut plies = 0;
    while !p.is_game_over() && plies < max {
        let e = &mut engines[usize::from(p.turn() != Seat::South)];
        let r = e.search(&p, &Limits::depth(3), &mut |_| {}).expect("not over");
        p.play(r.best).expect("the engine plays legal moves");
        plies += 1;
    }
    (p.outcome(), plies)
}

#[test]
fn the_engine_with_a_table_never_loses_a_position_the_table_wins() {
    let dir = TempDir::new("games");
    let path = dir.0.join("5x5-w2.qtb");
    build(2, &path);
    let table = Arc::new(Tablebase::open(&path).expect("a valid table"));
    let options = EngineOptions::default().with_hash_mb(4);
    let mut with = Engine::new(options.clone());
    with.add_tablebase(Arc::clone(&table));
    let mut with_too = Engine::new(options.clone());
    with_too.add_tablebase(Arc::clone(&table));
    let mut plain = Engine::new(options);
    let mut rng = SplitMix64::new(42);
    let (mut won, mut starts) = (0, 0);
    while starts < 40 {
        let walls = 1 + rng.below(2) as u8;
        let pos = {
            let plies = rng.below(8);
            random_position(&mut rng, walls, plies)
        };
        let Some(value) = table.probe(&pos) else { continue };
        starts += 1;
        // The engine reports the table's value and plays its move.
        let r = with.search(&pos, &Limits::depth(2), &mut |_| {}).expect("not over");
        assert_eq!(r.info.score, value.score(), "{pos}");
        assert_eq!(with.tablebase_value(&pos), Some(value));
        let best = table.move_values(&pos).expect("held");
        assert!(best.iter().any(|&(m, v)| m == r.best && v == value), "{pos}: {}", r.best);
        // Both sides from the table: the game lasts exactly the table's plies.
        if let Value::Win(n) | Value::Loss(n) = value {
            let (outcome, plies) = play(&mut [&mut with, &mut with_too], &pos, 300);
            assert_eq!(plies, n, "{pos}: {value}");
            let other = if pos.turn() == Seat::South { Seat::North } else { Seat::South };
            let winner = if matches!(value, Value::Win(_)) { pos.turn() } else { other };
            assert_eq!(outcome, Some(Outcome::Winner(winner)), "{pos}");
        }
        // The table's side against the plain engine, on either seat.
        for table_seat in [Seat::South, Seat::North] {
            let wins = match value {
                Value::Win(_) => pos.turn() == table_seat,
                Value::Loss(_) => pos.turn() != table_seat,
                Value::Draw => false,
            };
            let engines: &mut [&mut Engine; 2] = if table_seat == Seat::South {
                &mut [&mut with, &mut plain]
            } else {
                &mut [&mut plain, &mut with]
            };
            let (outcome, plies) = play(engines, &pos, 300);
            if wins {
                assert_eq!(outcome, Some(Outcome::Winner(table_seat)), "{pos}: {value}");
                let (Value::Win(n) | Value::Loss(n)) = value else { unreachable!() };
                assert!(plies <= n, "{pos}: won in {plies} plies, the table says {n}");
                won += 1;
            }
        }
    }
    assert!(won >= 20, "only {won} games started from a win for the table's side");
}

#[test]
fn the_analysis_gives_every_move_its_proven_value() {
    let dir = TempDir::new("analysis");
    let path = dir.0.join("5x5-w1.qtb");
    build(1, &path);
    let table = Arc::new(Tablebase::open(&path).expect("a valid table"));
    let mut engine = Engine::new(EngineOptions::default().with_hash_mb(4));
    engine.add_tablebase(Arc::clone(&table));
    let pos = start(1);
    let all = MultiPv::new(200).expect("lines");
    let a = engine.analyse(&pos, &Limits::depth(1), all, &mut |_| {}).expect("not over");
    let values = table.move_values(&pos).expect("held");
    assert_eq!(a.lines.len(), values.len());
    for line in &a.lines {
        let v = values.iter().find(|(m, _)| *m == line.mv).expect("a legal move").1;
        assert_eq!(line.score, v.score(), "{}", line.mv);
        assert_eq!(line.pv.first(), Some(&line.mv));
    }
    assert_eq!(a.best().score, Score::Loss(12));
    assert_eq!(a.best().pv.len(), 12, "the line of a loss in 12 plies");
    // Without the table, the same engine searches.
    engine.clear_tablebases();
    assert_eq!(engine.tablebase_value(&pos), None);
}

#[test]
fn the_search_takes_exact_values_from_a_table_below_the_root() {
    // A table of the one-wall game after c3h; the root, South holding two walls, is not in
    // it, but the position after South's c3h is.
    let dir = TempDir::new("nodes");
    let path = dir.0.join("c3h.qtb");
    let after: Position = "5 S:c1:1,N:c5:1 c3h N 1".parse().expect("a position");
    let options = SolveOptions::default().with_tablebase(Some(path.clone()));
    let value: Value = solve(&after, &options, &mut |_| {}).expect("a solve").value.into();
    let table = Arc::new(Tablebase::open(&path).expect("a valid table"));
    let root: Position = "5 S:c1:2,N:c5:1 - S 0".parse().expect("a position");
    assert_eq!(table.probe(&root), None);
    let mut engine = Engine::new(EngineOptions::default().with_hash_mb(4));
    engine.add_tablebase(table);
    assert_eq!(engine.tablebase_value(&root), None);
    let c3h = "c3h".parse().expect("a move");
    let limits = Limits::depth(1).with_searchmoves(vec![c3h]);
    let r = engine.search(&root, &limits, &mut |_| {}).expect("not over");
    assert_eq!(r.best, c3h);
    assert_eq!(r.info.depth, 1, "searched, not played from a table");
    assert_eq!(r.info.score, value.parent().score());
    // The principal variation goes on with the table's play to the end.
    let (Value::Win(n) | Value::Loss(n)) = value else { panic!("{value}") };
    assert_eq!(r.info.pv.len() as u32, n + 1);
}
