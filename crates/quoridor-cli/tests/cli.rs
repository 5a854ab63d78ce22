//! Runs the real `quoridor` binary: every subcommand, exit codes, JSON shapes, the engine
//! protocol through stdin/stdout, and `play` driven through its standard input.

use std::io::{Read, Write};
use std::process::{Command as StdCommand, Stdio};

use assert_cmd::Command;
use predicates::prelude::*;
use quoridor_core::Players;
use quoridor_core::{Config, Move, Position, Variant, perft, perft_divide};
use serde_json::Value;

fn quoridor() -> Command {
    let mut cmd = Command::cargo_bin("quoridor").expect("binary built");
    cmd.env("NO_COLOR", "1");
    cmd
}

fn stdout_of(args: &[&str]) -> String {
    let out = quoridor().args(args).output().expect("runs");
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8")
}

fn json_of(args: &[&str]) -> Value {
    serde_json::from_str(stdout_of(args).trim()).expect("one JSON value")
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("quoridor-cli-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn pos_after(moves: &str) -> Position {
    let mut pos = Position::default();
    for m in moves.split_whitespace() {
        pos.play(m.parse::<Move>().unwrap()).unwrap();
    }
    pos
}

#[test]
fn perft_matches_the_library() {
    assert_eq!(stdout_of(&["perft", "2"]), "16677\n");
    assert_eq!(stdout_of(&["perft", "2", "--moves", "e2 e8 e3h"]), "15918\n");
    assert_eq!(stdout_of(&["perft", "0"]), "1\n");
    let seven = quoridor_core::BoardSize::new(7).unwrap();
    let config = Config::default()
        .with_size(seven)
        .with_players(Players::Four)
        .with_variant(Variant::KingOfTheHill);
    let pos = Position::start(&config).unwrap();
    let out = stdout_of(&["perft", "2", "--size", "7", "--players", "4", "--variant", "koth"]);
    assert_eq!(out.trim(), perft(&pos, 2).to_string());
    let pos3 = Position::start(
        &Config::default().with_players(Players::Three).with_first(quoridor_core::Seat::West),
    )
    .unwrap();
    let out = stdout_of(&["perft", "2", "--players", "3", "--first", "W"]);
    assert_eq!(out.trim(), perft(&pos3, 2).to_string());
}

#[test]
fn perft_divide_lists_every_move_then_the_total() {
    let pos = pos_after("e2 e8");
    let mut expected = String::new();
    let total = perft_divide(&pos, 2, |m, n| expected.push_str(&format!("{m} {n}\n")));
    expected.push_str(&format!("{total}\n"));
    let out = quoridor().args(["perft", "2", "--divide", "--moves", "e2 e8"]).output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("nodes/s") && err.contains(" s "), "{err}");
    let v = json_of(&["perft", "1", "--divide", "--json"]);
    assert_eq!(v["nodes"], 131);
    assert_eq!(v["depth"], 1);
    assert_eq!(v["divide"].as_object().unwrap().len(), 131);
}

#[test]
fn moves_lists_the_legal_moves() {
    let out = stdout_of(&["moves"]);
    let lines: Vec<&str> = out.lines().collect();
    let expected: Vec<String> =
        Position::default().legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(lines, expected);
    let v = json_of(&["moves", "--json", "--position", "5 S:c1:0,N:c5:0 - S 0"]);
    assert_eq!(v, serde_json::json!(["b1", "d1", "c2"]));
}

#[test]
fn bad_input_exits_2_with_one_line_naming_the_token() {
    let cases: &[(&[&str], &str)] = &[
        (&["perft", "1", "--size", "8"], "`8`"),
        (&["moves", "--players", "5"], "`5`"),
        (&["moves", "--variant", "chess"], "`chess`"),
        (&["moves", "--moves", "e2 e8 e3h e3v"], "e3v"),
        (&["moves", "--moves", "e2 zz"], "`zz`"),
        (&["moves", "--position", "9 S:e1:10 - S"], "5 fields"),
        (&["moves", "--players", "2", "--variant", "koth"], "King of the Hill"),
        (&["moves", "--first", "W"], "West"),
        (&["moves", "--game", "/nonexistent/record.txt"], "/nonexistent/record.txt"),
        (&["frobnicate"], "frobnicate"),
        (&["analyse", "--level", "11"], "`11`"),
        (&["match", "level:3", "chess"], "`chess`"),
        (&["match", "level:3", "threads:2"], "`threads:2` sets no level and no limit"),
        (&["match", "level:3", "depth:2,threads:0"], "`threads:0`"),
        (&["analyse", "--threads", "0"], "`0` is not a thread count"),
        (&["analyse", "--hash", "0"], "`0` is not a table size"),
        (&["analyse", "--multipv", "0"], "`0` is not a number of lines"),
        (&["analyse", "--multipv", "-3"], "-3"),
        (&["analyse", "--multipv", "many"], "`many` is not a number of lines"),
        (&["engine", "--threads", "999"], "`999`"),
        (&["match", "level:3"], "not provided: <B>"),
        (&["selfplay", "--games", "2"], "not provided: --out <FILE>"),
    ];
    for (args, token) in cases {
        let out = quoridor().args(*args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(token), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// `analyse --multipv 3` from the start and on a middle-game position: three moves with
/// scores and lines, the first the single search's at the same depth, scores in order.
#[test]
fn analyse_multipv_prints_the_best_moves_in_order() {
    for moves in ["", "e2 e8 e3 e7 e4 e6 d5h c6v"] {
        let single = json_of(&["analyse", "--json", "--depth", "4", "--moves", moves]);
        let multi =
            json_of(&["analyse", "--json", "--depth", "4", "--multipv", "3", "--moves", moves]);
        let (s, m) = (&single["search"], &multi["search"]);
        assert_eq!(m["best"], s["best"], "{moves}");
        assert_eq!(m["score"], s["score"], "{moves}");
        assert_eq!(m["multipv"], 3);
        assert_eq!(m["complete"], true);
        let c = m["candidates"].as_array().expect("candidates");
        assert_eq!(c.len(), 3, "{moves}");
        assert_eq!(c[0]["move"], s["best"]);
        assert_eq!(c[0]["score"], s["score"]);
        let evals: Vec<i64> = c.iter().map(|l| l["score"]["eval"].as_i64().unwrap()).collect();
        assert!(evals.windows(2).all(|w| w[0] >= w[1]), "{moves}: {evals:?}");
        for l in c {
            assert_eq!(l["pv"][0], l["move"]);
            let p = l["chance"].as_f64().unwrap();
            assert!(p > 0.0 && p < 1.0, "{l}");
        }
        assert_eq!(m["chance"], c[0]["chance"]);
        assert_eq!(s["candidates"].as_array().map(Vec::len), Some(1));
        // Every line of every depth, as Stockfish's MultiPV prints them; the last depth's
        // are the candidates.
        let per_depth = m["lines"].as_array().expect("lines");
        assert_eq!(per_depth.len(), 4 * 3, "{moves}");
        for (i, l) in per_depth.iter().enumerate() {
            assert_eq!(l["depth"], i / 3 + 1, "{l}");
            assert_eq!(l["multipv"], i % 3 + 1, "{l}");
        }
        for (l, cand) in per_depth[9..].iter().zip(c) {
            assert_eq!((&l["pv"], &l["score"]), (&cand["pv"], &cand["score"]), "{moves}");
        }
        let single_lines = s["lines"].as_array().unwrap();
        assert_eq!(single_lines.len(), 4);
        assert!(single_lines.iter().all(|l| l["multipv"] == 1));

        let text = stdout_of(&["analyse", "--depth", "4", "--multipv", "3", "--moves", moves]);
        assert!(text.contains("candidates 3 at depth 4"), "{text}");
        let head = text.lines().position(|l| l.starts_with("depth  line")).expect("head");
        let rows: Vec<Vec<&str>> =
            text.lines().skip(head + 1).take(12).map(|l| l.split_whitespace().collect()).collect();
        for (i, (w, l)) in rows.iter().zip(per_depth).enumerate() {
            assert_eq!(
                (w[0], w[1]),
                ((i / 3 + 1).to_string().as_str(), (i % 3 + 1).to_string().as_str())
            );
            assert_eq!(w[2], l["score"]["text"].as_str().unwrap(), "{text}");
        }
        assert!(text.lines().nth(head + 13).unwrap().starts_with("best"), "{text}");
        let rows: Vec<&str> =
            text.lines().skip_while(|l| !l.starts_with("candidates")).skip(1).collect();
        assert_eq!(rows.len(), 3, "{text}");
        for (i, (row, l)) in rows.iter().zip(c).enumerate() {
            let w: Vec<&str> = row.split_whitespace().collect();
            assert_eq!(w[0], (i + 1).to_string());
            assert_eq!(w[1], l["move"].as_str().unwrap(), "{text}");
            assert_eq!(w[2], l["score"]["text"].as_str().unwrap(), "{text}");
            let pct = format!("({:.0}%)", 100.0 * l["chance"].as_f64().unwrap());
            assert_eq!(w[3], pct, "{text}");
        }
    }
    // More lines than legal moves: every move, however many were asked for.
    let v = json_of(&[
        "analyse",
        "--json",
        "--depth",
        "2",
        "--position",
        "5 S:c2:1,N:c4:0 b2h,c3v S 4",
        "--multipv",
        "99999999999999999999999",
    ]);
    let legal = v["legal_moves"].as_u64().unwrap() as usize;
    assert_eq!(v["search"]["candidates"].as_array().unwrap().len(), legal);
}

/// `analyse --moves` analyses the game, not only its last position: in three players,
/// back at the start after everyone stepped forward and back, South's `e2` brings back a
/// position the game went through, a repetition to the engine as in `genmove` and `match`;
/// the same position given alone has `e2` as its best move.
#[test]
fn analyse_of_moves_knows_the_game_s_repetitions() {
    let args = ["analyse", "--json", "--depth", "2"];
    let mut in_game = args.to_vec();
    in_game.extend(["--players", "3", "--moves", "e2 b5 e8 e1 a5 e9"]);
    let v = json_of(&in_game);
    assert_ne!(v["search"]["best"], "e2", "{v}");
    let position = v["position"].as_str().unwrap().to_string();
    let mut alone = args.to_vec();
    alone.extend(["--position", &position]);
    let v = json_of(&alone);
    assert_eq!(v["search"]["best"], "e2", "{v}");
}

#[test]
fn analyse_shows_board_distances_status_and_search() {
    let out = stdout_of(&["analyse", "--moves", "e2 e8 e3h", "--depth", "2"]);
    for needle in [
        "┌",
        "━━━━━━━",
        "South",
        "North",
        "dist",
        "status    in progress, North to move",
        "moves     128 legal",
        "depth",
        "best",
        "verdict",
        "9 S:e2:9,N:e8:10 e3h N 3",
    ] {
        assert!(out.contains(needle), "missing {needle:?} in\n{out}");
    }
    assert!(!out.contains('\x1b'), "no colours when piped");
    let threaded = stdout_of(&["analyse", "--depth", "4", "--threads", "2", "--hash", "8"]);
    assert!(threaded.contains("depth 4, 2 threads, South to move"), "{threaded}");
    assert!(threaded.contains("best"), "{threaded}");
    let colored = stdout_of(&["analyse", "--no-search", "--color", "always"]);
    assert!(colored.contains('\x1b'));
}

#[test]
fn analyse_json_shape() {
    let v = json_of(&["analyse", "--json", "--depth", "2", "--size", "7"]);
    for key in [
        "position",
        "size",
        "players",
        "variant",
        "turn",
        "ply",
        "status",
        "winner",
        "ranking",
        "seats",
        "walls",
        "legal_moves",
        "search",
    ] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    assert_eq!(v["size"], 7);
    assert_eq!(v["status"], "playing");
    assert_eq!(v["seats"][0]["seat"], "S");
    assert_eq!(v["seats"][0]["distance"], 6);
    assert_eq!(v["seats"][0]["threat"], 1);
    assert_eq!(v["seats"][0]["path"].as_array().unwrap().len(), 6);
    let search = &v["search"];
    assert!(search["best"].is_string());
    assert!(search["score"]["text"].is_string());
    assert_eq!(search["lines"].as_array().unwrap().len(), 2);
    assert!(search["pv"].is_array() && search["nodes"].is_u64() && search["nps"].is_u64());

    let v = json_of(&["analyse", "--json", "--position", "5 S:c5:1,N:c2:1 - N 9"]);
    assert_eq!(v["status"], "won");
    assert_eq!(v["winner"], "S");
    assert_eq!(v["search"], Value::Null);
    assert_eq!(v["ranking"][0]["seat"], "S");
}

#[test]
fn analyse_every_variant() {
    for args in [
        &["--size", "5"][..],
        &["--players", "3", "--size", "7"][..],
        &["--players", "4", "--variant", "koth"][..],
        &["--players", "4", "--walls", "2", "--first", "E"][..],
    ] {
        let mut all = vec!["analyse", "--depth", "1"];
        all.extend_from_slice(args);
        let out = stdout_of(&all);
        assert!(out.contains("best"), "{all:?}\n{out}");
    }
}

#[test]
fn validate_reports_the_first_illegal_move() {
    let dir = temp_dir("validate");
    let good = dir.join("good.txt");
    std::fs::write(&good, "[Size \"9\"]\n\n1. e2 e8 2. e3h e7 *\n").unwrap();
    quoridor()
        .args(["validate", good.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("valid, 4 plies"));
    let v = json_of(&["validate", "--json", good.to_str().unwrap()]);
    assert_eq!(v["valid"], true);
    assert_eq!(v["plies"], 4);
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "1. e2 e8 2. e3h e3v *\n").unwrap();
    quoridor().args(["validate", bad.to_str().unwrap()]).assert().code(2).stderr(
        predicate::str::contains("ply 4")
            .and(predicate::str::contains("e3v"))
            .and(predicate::str::contains("crosses")),
    );
    quoridor()
        .args(["validate", "-"])
        .write_stdin("[Size \"5\"]\n\n1. c2 c4 2. c3 b3h *\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("-: valid, 4 plies"));
    // --game reads the same records.
    let out = stdout_of(&["moves", "--game", good.to_str().unwrap(), "--json"]);
    assert!(out.starts_with('['));
}

#[test]
fn engine_protocol_session() {
    let input = "1 protocol_version\nname\n\n# a comment\nplay e2\nplay e2\nplay zz\n7 bogus\n\
                 boardsize 8\nboardsize 5\nset_depth 2\ngenmove\ndist\nwinner\nundo\nposition\n\
                 position 5 S:c5:1,N:c2:1 - N 9\nwinner\ngenmove\nlegal_moves\nshowboard\nquit\nname\n";
    let out = quoridor().arg("engine").write_stdin(input).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let replies: Vec<&str> = text.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(replies[0], "=1 2");
    assert_eq!(replies[1], "= quoridor");
    assert_eq!(replies[2], "=");
    assert!(replies[3].starts_with("? illegal move `e2`"), "{}", replies[3]);
    assert!(replies[4].starts_with("? `zz` is not a move"), "{}", replies[4]);
    assert!(replies[5].starts_with("?7 unknown command `bogus`"), "{}", replies[5]);
    assert!(replies[6].starts_with("? ") && replies[6].contains('8'), "{}", replies[6]);
    assert_eq!(replies[7], "=");
    assert_eq!(replies[8], "=");
    let mv = replies[9].strip_prefix("= ").expect("genmove answers a move");
    let start =
        Position::start(&Config::default().with_size(quoridor_core::BoardSize::MIN)).unwrap();
    assert!(start.is_legal(mv.parse().unwrap()), "{mv}");
    assert!(replies[10].starts_with("= S:") && replies[10].contains(" N:"), "{}", replies[10]);
    assert_eq!(replies[11], "= none");
    assert_eq!(replies[12], "=");
    assert_eq!(replies[13], "= 5 S:c1:5,N:c5:5 - S 0");
    assert_eq!(replies[14], "=");
    assert_eq!(replies[15], "= S");
    assert!(replies[16].starts_with("? the game is over"), "{}", replies[16]);
    assert_eq!(replies[17], "=", "no legal move once the game is over");
    assert!(
        replies[18].starts_with("=\n") && replies[18].contains("South wins"),
        "{}",
        replies[18]
    );
    assert_eq!(replies[19], "=");
    assert_eq!(replies.len(), 20, "nothing after quit: {text}");
}

/// A GTP-style client sets the options in its own order: players after variant, first
/// seat before players; a conflict left at `clear_board` is refused and named.
#[test]
fn engine_takes_the_settings_in_any_order() {
    let input = "variant koth\nfirst E\nboardsize 7\nplayers 4\nclear_board\nposition\n\
                 players 2\nclear_board\nplay e2\nvariant classic\nfirst S\nclear_board\n\
                 position\nquit\n";
    let out = quoridor().arg("engine").write_stdin(input).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let replies: Vec<&str> = text.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(replies.len(), 14, "{text}");
    assert!(replies[..5].iter().all(|&r| r == "="), "{text}");
    let seven = quoridor_core::BoardSize::new(7).unwrap();
    let koth = Config::default()
        .with_size(seven)
        .with_players(Players::Four)
        .with_variant(Variant::KingOfTheHill)
        .with_first(quoridor_core::Seat::East);
    assert_eq!(replies[5], format!("= {}", Position::start(&koth).unwrap()));
    assert_eq!(replies[6], "=");
    assert!(replies[7].starts_with("? `variant koth` conflicts with `players 2`"), "{text}");
    assert!(replies[8].starts_with("? `variant koth` conflicts with `players 2`"), "{text}");
    assert_eq!(replies[9], "=");
    assert_eq!(replies[10], "=");
    assert_eq!(replies[11], "=");
    let classic = Config::default().with_size(seven);
    assert_eq!(replies[12], format!("= {}", Position::start(&classic).unwrap()));
}

#[test]
fn engine_survives_garbage() {
    let mut input: Vec<u8> = b"play \xff\xfe\n\x01\x02\tname\t\n".to_vec();
    input.extend_from_slice("position 9 S:e1:10,N:e9:10 e3h,e3v S 0\n".as_bytes());
    input.extend_from_slice(&[b'x'; 5000]);
    input.extend_from_slice(
        b"\n99999999999999999999999 name\nplay S\nplay e2 e3 e4\nwalls 300\nname",
    );
    let out = quoridor().arg("engine").write_stdin(input).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let replies: Vec<&str> = text.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(replies.len(), 9, "{text}");
    assert!(replies[0].starts_with('?'));
    assert_eq!(replies[1], "= quoridor");
    assert!(replies[2].starts_with("? bad position"));
    assert!(replies[3].starts_with("? unknown command"));
    assert_eq!(replies[4], "=99999999999999999999999 quoridor");
    assert!(replies[5..8].iter().all(|r| r.starts_with('?')), "{text}");
    assert_eq!(replies[8], "= quoridor", "a last line without a newline is still read");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn a_hint_knows_the_games_past() {
    // Three players back at the start: alone, South's best is e2 again, which in the game
    // repeats the position after its first move (a draw). The hint searches the game.
    let out = quoridor()
        .args(["play", "--players", "3", "--first", "S", "--human", "all", "--hint-time", "100"])
        .write_stdin("e2\nb5\ne8\ne1\na5\ne9\nhint\nquit\n")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let hint = text.lines().find(|l| l.contains("hint: ")).expect("a hint");
    assert!(!hint.contains("hint: e2 "), "{hint}");
}

#[test]
fn play_through_standard_input() {
    let dir = temp_dir("play");
    let record = dir.join("game.txt");
    let input = format!("e2\ne9h\nzz\nhint\nundo\ne2\nsave {}\nresign\nquit\n", record.display());
    let out = quoridor()
        .args(["play", "--first", "S", "--level", "1", "--seed", "3", "--hint-time", "20"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    for needle in [
        "South (human) vs North (level1)",
        "ply 1: South plays e2",
        "ply 2: North (level1) plays",
        "illegal move `e9h`: wall e9h is not wholly on the board",
        "`zz` is not a move",
        "hint: ",
        "undone: back to ply 0",
        "saved to",
        "South resigns",
        "game over: North wins",
        "dist",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.contains("1. e2 "), "{saved}");
    quoridor().args(["validate", record.to_str().unwrap()]).assert().success();
}

#[test]
fn play_ponders_while_people_think() {
    // Two people and two engines in four players: the engine seat next after each person
    // thinks meanwhile, and stops for its own move, an undo and the end of the game.
    let out = quoridor()
        .args(["play", "--players", "4", "--human", "S,N", "--first", "S", "--movetime", "30"])
        .args(["--ponder", "--seed", "9"])
        .write_stdin("e2\nboard\ne8\nundo\ne8\nresign\nresign\nquit\n")
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    for needle in [
        "ply 1: South plays e2",
        "ply 2: West (engine) plays",
        "ply 3: North plays e8",
        "ply 4: East (engine) plays",
        "undone: back to ply 2",
        "North resigns",
        "South resigns",
        "game over: ",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
}

#[test]
fn play_engine_vs_engine_and_human_vs_human() {
    let out = stdout_of(&[
        "play",
        "--human",
        "none",
        "--size",
        "5",
        "--players",
        "4",
        "--variant",
        "koth",
        "--level",
        "1",
        "--seed",
        "5",
        "--ply-limit",
        "60",
    ]);
    assert!(out.contains("game over: "), "{out}");
    let out = quoridor()
        .args(["play", "--human", "all", "--size", "5", "--first", "N"])
        .write_stdin("c4\nc2\nundo\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("North (human) vs") || text.contains("South (human) vs North (human)"),
        "{text}"
    );
    assert!(
        text.contains("ply 2: South plays c2") && text.contains("undone: back to ply 1"),
        "{text}"
    );
}

#[test]
fn match_with_builtin_bots_and_an_external_engine() {
    let dir = temp_dir("match");
    let out = stdout_of(&[
        "match",
        "level:1",
        "random",
        "--games",
        "2",
        "--size",
        "5",
        "--seed",
        "9",
        "--save",
        dir.to_str().unwrap(),
    ]);
    assert!(out.contains("game 1/2") && out.contains("game 2/2"), "{out}");
    assert!(out.contains("Elo difference") && out.contains("95% interval"), "{out}");
    for g in ["game-0001.txt", "game-0002.txt"] {
        let path = dir.join(g);
        quoridor().args(["validate", path.to_str().unwrap()]).assert().success();
    }
    let exe = assert_cmd::cargo::cargo_bin("quoridor");
    let side = format!("cmd:{} engine --depth 1", exe.display());
    let v = json_of(&[
        "match",
        &side,
        "greedy",
        "--games",
        "2",
        "--size",
        "5",
        "--no-save",
        "--json",
        "--seed",
        "1",
        "--ply-limit",
        "80",
    ]);
    assert_eq!(v["games"], 2);
    let threaded = json_of(&[
        "match",
        "depth:2,threads:2",
        "greedy",
        "--games",
        "2",
        "--size",
        "5",
        "--no-save",
        "--json",
    ]);
    assert_eq!(threaded["games"], 2);
    let total =
        v["wins"].as_u64().unwrap() + v["draws"].as_u64().unwrap() + v["losses"].as_u64().unwrap();
    assert_eq!(total, 2);
    assert!(v.get("elo").is_some() && v.get("elo_low").is_some() && v.get("elo_high").is_some());
}

/// `--first-game` plays the rest of a match: the same games as the whole match from there.
#[test]
fn match_resumes_at_a_given_game() {
    let (whole, rest) = (temp_dir("match-whole"), temp_dir("match-rest"));
    let args = |dir: &std::path::Path, first: &str| -> Vec<String> {
        let mut v: Vec<String> = ["match", "depth:1", "greedy", "--games", "4", "--size", "5"]
            .map(String::from)
            .to_vec();
        v.extend(
            ["--opening-plies", "3", "--opening-walls", "50", "--seed", "21"].map(String::from),
        );
        v.extend(["--first-game".into(), first.into(), "--save".into(), dir.display().to_string()]);
        v
    };
    let out = stdout_of(&args(&whole, "1").iter().map(String::as_str).collect::<Vec<_>>());
    assert!(out.contains("games 4:"), "{out}");
    let out = stdout_of(&args(&rest, "3").iter().map(String::as_str).collect::<Vec<_>>());
    assert!(
        out.contains("game 3/4") && out.contains("game 4/4") && out.contains("games 2:"),
        "{out}"
    );
    assert!(!out.contains("game 1/4") && !rest.join("game-0001.txt").exists(), "{out}");
    for g in ["game-0003.txt", "game-0004.txt"] {
        let a = std::fs::read_to_string(whole.join(g)).unwrap();
        let b = std::fs::read_to_string(rest.join(g)).unwrap();
        assert_eq!(a, b, "{g}");
    }
    // Past the last game: an error naming the option, nothing played.
    let bad = quoridor()
        .args(["match", "greedy", "random", "--games", "4", "--first-game", "5", "--no-save"])
        .assert()
        .failure();
    let err = String::from_utf8_lossy(&bad.get_output().stderr).to_string();
    assert!(err.contains("--first-game 5") && err.contains("--games 4"), "{err}");
    quoridor().args(["match", "greedy", "random", "--first-game", "0"]).assert().failure();
}

#[test]
fn bench_prints_nodes_and_nps() {
    let out = stdout_of(&["bench", "--depth", "1", "--perft-depth", "1"]);
    let last = out.lines().last().unwrap();
    assert!(last.ends_with(" nps") && last.contains(" nodes "), "{out}");
    assert!(out.contains("perft 1") && out.contains("distance"), "{out}");
}

#[test]
fn closed_pipe_exits_quietly() {
    let exe = assert_cmd::cargo::cargo_bin("quoridor");
    let mut child = StdCommand::new(exe)
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 2];
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"name\n").unwrap();
    stdin.flush().unwrap();
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let lines = "legal_moves\n".repeat(2000);
    let _ = stdin.write_all(lines.as_bytes());
    drop(stdin);
    let status = child.wait().unwrap();
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert_eq!(status.code(), Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
}

#[test]
fn help_and_version() {
    quoridor().arg("--version").assert().success().stdout(predicate::str::contains("quoridor"));
    let help = stdout_of(&["--help"]);
    for sub in ["analyse", "moves", "perft", "play", "match", "bench", "engine", "validate"] {
        assert!(help.contains(sub), "{sub}");
    }
}

#[test]
fn random_first_seat_is_repeatable_with_a_seed() {
    let args =
        ["analyse", "--no-search", "--json", "--players", "4", "--first", "random", "--seed", "7"];
    let a = json_of(&args);
    let b = json_of(&args);
    assert_eq!(a["turn"], b["turn"]);
    let seats: Vec<Value> = (0..8)
        .map(|seed| {
            let seed = seed.to_string();
            json_of(&[
                "analyse",
                "--no-search",
                "--json",
                "--players",
                "4",
                "--first",
                "random",
                "--seed",
                &seed,
            ])["turn"]
                .clone()
        })
        .collect();
    assert!(seats.iter().any(|s| s != &seats[0]), "eight seeds all drew {}", seats[0]);
}

#[test]
fn bench_json_shape() {
    let v = json_of(&["bench", "--depth", "1", "--perft-depth", "1", "--json"]);
    assert_eq!(v["perft"]["nodes"], 131);
    assert!(v["nodes"].is_u64() && v["nps"].is_u64() && v["positions"].is_u64());
    assert!(v["distance"]["ns_per_call"].is_number());
}

/// An external engine that does not know `position` is told the game the standard way:
/// settings, `clear_board`, every move with `play`, its time with `set_movetime`, then
/// `genmove`; the match plays out with no forfeit.
#[test]
fn match_drives_an_external_engine_with_the_standard_command_flow() {
    let dir = temp_dir("proxy");
    let log = dir.join("commands.txt");
    let proxy = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/gtp_proxy.py");
    let exe = assert_cmd::cargo::cargo_bin("quoridor");
    let side = format!(
        "movetime:40,cmd:python3 {proxy} {} {} engine --depth 1",
        log.display(),
        exe.display()
    );
    let v = json_of(&[
        "match",
        &side,
        "depth:1",
        "--games",
        "2",
        "--size",
        "5",
        "--save",
        dir.join("games").to_str().unwrap(),
        "--json",
        "--seed",
        "3",
        "--ply-limit",
        "60",
    ]);
    assert_eq!(v["games"], 2);
    let text = std::fs::read_to_string(&log).expect("the proxy wrote its log");
    let lines: Vec<&str> = text.lines().collect();
    assert!(!lines.contains(&"position") && !lines.iter().any(|l| l.starts_with("position ")));
    for want in ["boardsize 5", "players 2", "clear_board", "set_movetime 40", "genmove"] {
        assert!(lines.contains(&want), "`{want}` missing from {lines:?}");
    }
    // The moves before each genmove are the game's moves, told once each.
    assert!(lines.iter().any(|l| l.starts_with("play ")), "{lines:?}");
    let clear = lines.iter().position(|&l| l == "clear_board").unwrap();
    let first_genmove = lines.iter().position(|&l| l == "genmove").unwrap();
    assert!(clear < first_genmove);
    // No forfeit: a refused command or a game out of step would have ended a game early.
    for g in ["game-0001.txt", "game-0002.txt"] {
        let record = std::fs::read_to_string(dir.join("games").join(g)).expect("record");
        assert!(!record.contains("Termination"), "{record}");
    }
}

/// `selfplay` writes a line naming the columns, then one line per searched position: the
/// position, the score, the result from the side to move, the game, the side, the ply,
/// every seat's result, the engine, its commit and the settings. The same seed plays the
/// same games. `fit` is no longer a subcommand: it moved to `quoridor-train`.
#[test]
fn selfplay_writes_the_named_columns_and_fit_moved_out() {
    let dir = temp_dir("selfplay");
    let data = dir.join("data.txt");
    let data_arg = data.to_str().unwrap();
    let args = ["selfplay", "--games", "12", "--depth", "2", "--size", "7", "--seed", "4"];
    quoridor().args(args).args(["--out", data_arg]).assert().success();
    let text = std::fs::read_to_string(&data).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(quoridor_cli::selfplay::header().as_str()));
    let mut rows = 0;
    let mut result_of = std::collections::HashMap::new();
    for line in lines {
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 10, "{line}");
        let pos: Position = cols[0].parse().unwrap();
        assert!(!pos.is_game_over() && pos.size().get() == 7, "{line}");
        cols[1].parse::<i32>().unwrap();
        assert!(["0", "0.5", "1"].contains(&cols[2]), "{line}");
        let game: u32 = cols[3].parse().unwrap();
        assert!(game < 12);
        assert_eq!(cols[4], pos.turn().letter().to_string(), "{line}");
        assert_eq!(cols[5], pos.ply().to_string(), "{line}");
        // Every seat's result names the side to move's.
        let own = format!("{}:{}", cols[4], cols[2]);
        assert!(cols[6].split(',').any(|c| c == own) && cols[6].split(',').count() == 2, "{line}");
        assert!(cols[7].starts_with("quoridor-ai ") && !cols[8].is_empty(), "{line}");
        assert_eq!(
            cols[9],
            "nodes=- depth=2 movetime=- opening-plies=4 opening-walls=25 hash=16 seed=4"
        );
        // Within a game, a seat's positions all carry the same result.
        let seen = result_of.entry((game, pos.turn())).or_insert(cols[2]);
        assert_eq!(*seen, cols[2], "{line}");
        rows += 1;
    }
    assert!(rows > 100, "{rows} positions");
    // The same seed, the same games (to standard output this time).
    let again = quoridor().args(args).args(["--out", "-"]).output().unwrap();
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
    // `fit` is gone from the user's binary.
    let fit = quoridor().args(["fit", data_arg]).output().unwrap();
    assert_eq!(fit.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&fit.stderr).contains("unrecognized subcommand"));
}

/// `quoridor review` on a sparring record (titanium against quoridor-ai, 2000 ms a move):
/// the table, the JSON, an annotated record that `validate` accepts, and an SVG.
#[test]
fn review_prints_the_table_json_annotated_record_and_graph() {
    let record = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/titanium-2000ms.txt");
    let dir = temp_dir("review");
    let annotated = dir.join("annotated.txt");
    let graph = dir.join("graph.svg");
    let (a, g) = (annotated.to_str().unwrap(), graph.to_str().unwrap());
    let text =
        stdout_of(&["review", "--game", record, "--depth", "4", "--annotate", a, "--graph", g]);
    assert!(text.starts_with("review    9x9 classic, 2 players, 60 moves, depth 4"), "{text}");
    let rows = text
        .lines()
        .filter(|l| l.trim_start().split(' ').next().is_some_and(|w| w.parse::<u32>().is_ok()))
        .count();
    assert_eq!(rows, 60, "{text}");
    assert!(text.contains("South  accuracy") && text.contains("North  accuracy"), "{text}");
    let v = json_of(&["review", "--game", record, "--depth", "4", "--json"]);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 60);
    assert_eq!(v["south_chance"].as_array().unwrap().len(), 61);
    assert_eq!(v["result"], "N+");
    for m in moves {
        let lost = m["chance_lost"].as_f64().unwrap();
        let verdict = m["verdict"].as_str().unwrap();
        let expected = if m["move"] == m["best"] {
            "best"
        } else if lost >= 30.0 {
            "blunder"
        } else if lost >= 20.0 {
            "mistake"
        } else if lost >= 10.0 {
            "inaccuracy"
        } else {
            "good"
        };
        assert_eq!(verdict, expected, "{m}");
        assert_eq!(m["line"][0], m["best"]);
    }
    let chances = v["chances"].as_array().unwrap();
    assert_eq!(chances.len(), 61);
    for (c, south) in chances.iter().zip(v["south_chance"].as_array().unwrap()) {
        let (s, n) = (c["S"].as_f64().unwrap(), c["N"].as_f64().unwrap());
        assert!((s + n - 1.0).abs() < 2e-4 && (s - south.as_f64().unwrap()).abs() < 1e-9, "{c}");
    }
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 2);
    for p in players {
        let acc = p["accuracy"].as_f64().unwrap();
        assert!((0.0..=100.0).contains(&acc), "{p}");
        assert_eq!(p["moves"], 30);
    }
    // The annotated record reads back as the same game, verdicts in its comments.
    let out = stdout_of(&["validate", a]);
    assert!(out.contains("valid, 60 plies, result N+"), "{out}");
    let ann = std::fs::read_to_string(&annotated).unwrap();
    assert!(ann.contains("[Annotator \"quoridor review, depth 4 per position\"]"), "{ann}");
    let errors = moves.iter().filter(|m| m["verdict"] != "best" && m["verdict"] != "good").count();
    assert_eq!(ann.matches("{ ").count(), errors, "{ann}");
    let svg = std::fs::read_to_string(&graph).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""), "{svg}");
    assert!(svg.trim_end().ends_with("</svg>") && svg.contains("<polyline"));
    assert_eq!(svg.matches("<circle").count(), errors + 3, "a mark per error and the legend's");
    // The same game from --moves; bad input is an error, not a panic.
    let moves_text: Vec<&str> = moves.iter().map(|m| m["move"].as_str().unwrap()).collect();
    let again =
        json_of(&["review", "--moves", &moves_text[..6].join(" "), "--depth", "3", "--json"]);
    assert_eq!(again["moves"].as_array().unwrap().len(), 6);
    for (args, token) in [
        (&["review", "--depth", "3"][..], "no move to review"),
        (&["review", "--moves", "e2 e2"][..], "`e2`"),
    ] {
        let out = quoridor().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(token) && !err.contains("panicked"), "{args:?}: {err}");
    }
}

/// `quoridor review` of three- and four-player games and King of the Hill (records that
/// `match --save` writes): every move judged by its mover's chance, every seat's chance at
/// every position summing to 1, the annotated record valid, a curve per seat.
#[test]
fn review_judges_three_and_four_player_games() {
    let dir = temp_dir("review-multi");
    for (players, variant, seats) in [("3", "classic", 3), ("4", "classic", 4), ("4", "koth", 4)] {
        let save = dir.join(format!("{players}-{variant}"));
        let s = save.to_str().unwrap();
        let args = ["match", "level:4", "level:2", "--players", players, "--variant", variant];
        let out = quoridor()
            .args(args)
            .args(["--games", "1", "--seed", "8", "--save", s])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let record = save.join("game-0001.txt");
        let r = record.to_str().unwrap();
        let v = json_of(&["review", "--game", r, "--depth", "3", "--json"]);
        let moves = v["moves"].as_array().unwrap();
        let plies = moves.len();
        assert!(plies > 10, "{v}");
        for m in moves {
            let (before, after) =
                (m["chance_before"].as_f64().unwrap(), m["chance_after"].as_f64().unwrap());
            let lost = m["chance_lost"].as_f64().unwrap();
            if m["move"] == m["best"] {
                assert_eq!((m["verdict"].as_str(), lost), (Some("best"), 0.0), "{m}");
            } else {
                assert!((lost - (100.0 * (before - after)).max(0.0)).abs() < 0.06, "{m}");
            }
        }
        let chances = v["chances"].as_array().unwrap();
        assert_eq!(chances.len(), plies + 1);
        for c in chances {
            let c = c.as_object().unwrap();
            assert_eq!(c.len(), seats, "{c:?}");
            let sum: f64 = c.values().map(|p| p.as_f64().unwrap()).sum();
            assert!((sum - 1.0).abs() < 1e-3, "{c:?}");
        }
        assert_eq!(v["players"].as_array().unwrap().len(), seats);
        let (ann, svg) = (save.join("annotated.txt"), save.join("graph.svg"));
        let (a, g) = (ann.to_str().unwrap(), svg.to_str().unwrap());
        let text =
            stdout_of(&["review", "--game", r, "--depth", "3", "--annotate", a, "--graph", g]);
        assert!(text.contains(&format!("{seats} players, {plies} moves, depth 3")), "{text}");
        assert!(stdout_of(&["validate", a]).contains(&format!("valid, {plies} plies")));
        let picture = std::fs::read_to_string(&svg).unwrap();
        assert!(picture.contains("Each seat's winning chance"), "{picture}");
        assert_eq!(picture.matches("<polyline").count(), seats, "a curve per seat");
    }
}

/// Multi-player analyses show each seat's chance; two-player ones do not.
#[test]
fn analyse_shows_every_seats_chance_in_multi_player_games() {
    let v = json_of(&["analyse", "--json", "--depth", "2", "--players", "4"]);
    let chances = v["seat_chances"].as_array().expect("four seats");
    let sum: f64 = chances.iter().map(|c| c["chance"].as_f64().unwrap()).sum();
    assert_eq!(chances.len(), 4);
    assert!((sum - 1.0).abs() < 1e-3, "{sum}");
    assert!(json_of(&["analyse", "--json", "--no-search"])["seat_chances"].is_null());
}

/// `quoridor analysis` through the real binary: answers as lines, errors as objects, the
/// session going on until the end of the input.
#[test]
fn analysis_answers_json_lines_on_stdin() {
    let input = concat!(
        "{\"id\": 1, \"moves\": [\"e2\", \"e8\"], \"turns\": [2], \"depth\": 3, \"multipv\": 2}\n",
        "{\"id\": 2, \"moves\": [\"e2\", \"e2\"]}\n",
        "\n",
        "{\"id\": 3, \"turns\": [0], \"nodes\": 500}\n",
    );
    let out = quoridor().arg("analysis").write_stdin(input).output().unwrap();
    assert!(out.status.success());
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!((lines[0]["id"].as_u64(), lines[0]["turn"].as_u64()), (Some(1), Some(2)));
    assert_eq!(lines[0]["candidates"].as_array().unwrap().len(), 2);
    assert_eq!(lines[1]["id"], 2);
    assert_eq!(lines[1]["field"], "moves");
    assert!(lines[1]["error"].as_str().unwrap().contains("move 2 `e2` (North) is illegal"));
    assert_eq!(lines[2]["id"], 3);
    assert_eq!(lines[2]["status"], "playing");
}
