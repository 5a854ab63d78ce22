//! The trainer from the outside: data made by the engine's self-play (the text form, and a
//! Parquet shard written by the Python package's `quoridor.selfplay`), every mode, the
//! weights files' provenance, and errors that name the bad input.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use quoridor_ai::selfplay::{COLUMNS, SelfPlay, SelfPlaySettings};
use quoridor_core::{BoardSize, Config, Game, Players};

fn train() -> Command {
    Command::cargo_bin("quoridor-train").expect("binary built")
}

fn stdout_of(args: &[&str]) -> String {
    let out = train().args(args).output().expect("runs");
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8")
}

/// The error message of a run that must fail with exit code 2.
fn error_of(args: &[&str]) -> String {
    let out = train().args(args).output().expect("runs");
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains("panicked"), "{err}");
    err
}

fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("quoridor-train-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Writes `games` self-play games in the text form, as `quoridor selfplay` does.
fn selfplay(
    path: &Path,
    size: u8,
    players: Players,
    games: u64,
    depth: Option<u32>,
    nodes: Option<u64>,
    seed: u64,
) {
    let config = Config::default()
        .with_size(BoardSize::try_from(size).unwrap())
        .with_players(players)
        .with_ply_limit(Some(300));
    let mut s = SelfPlaySettings::default();
    (s.depth, s.nodes, s.seed) = (depth, nodes, seed);
    let described = s.to_string();
    let run = SelfPlay::new(Game::new(&config).unwrap(), s);
    let mut text = COLUMNS.join("\t") + "\n";
    for g in 0..games {
        text.push_str(&run.play(g).text_lines("test", &described));
    }
    std::fs::write(path, text).unwrap();
}

fn shard() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/shard-000000000-000000012.parquet")
}

/// The header line of a weights file that starts with `prefix`.
fn header_line<'a>(source: &'a str, prefix: &str) -> &'a str {
    source.lines().find(|l| l.starts_with(prefix)).unwrap_or_else(|| panic!("{source}"))
}

/// The linear fit writes the weights with what made them: the data's hash (the same for
/// the same files in any order, another for other data), the engine and settings that
/// played the games, and the trainer's commit and settings.
#[test]
fn linear_fit_writes_weights_that_name_their_data() {
    let dir = temp_dir("linear");
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    selfplay(&a, 7, Players::Two, 8, Some(2), None, 4);
    selfplay(&b, 7, Players::Two, 8, Some(2), None, 5);
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let weights = dir.join("weights.rs");
    let w = weights.to_str().unwrap();
    // The search scores as the target (`--lambda 1`): a few games' results are too few to
    // say what a step is worth, the scores are not.
    let out = stdout_of(&[a, b, "--lambda", "1", "--out", w]);
    assert!(out.contains("shipped evaluation") && out.contains("fitted evaluation"), "{out}");
    let source = std::fs::read_to_string(&weights).unwrap();
    assert!(source.contains("pub const TWO_PLAYER: [i32; 20] = ["), "{source}");
    let numbers = source
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c == '-' || c.is_ascii_digit()));
    assert_eq!(numbers.count(), 20, "{source}");
    let data = header_line(&source, "//! Data: 2 file(s), SHA-256 ").to_string();
    let hash = data.split(' ').nth(5).unwrap().to_string();
    assert_eq!(hash.len(), 64, "{data}");
    let played = header_line(&source, "//! Played by: ");
    assert!(played.contains("quoridor-ai ") && played.contains(" commit test"), "{played}");
    let settings = header_line(&source, "//! Self-play settings: ");
    assert!(settings.contains("depth=2") && settings.contains("seed=4; "), "{settings}");
    let trained = header_line(&source, "//! Trained by quoridor-train (commit ");
    assert!(trained.ends_with("with: linear, lambda 1, l2 0.0001, max-score 5000."), "{trained}");
    // The other order: the same hash. One file: another.
    stdout_of(&[b, a, "--lambda", "1", "--out", w]);
    let again = std::fs::read_to_string(&weights).unwrap();
    assert_eq!(header_line(&again, "//! Data: "), data);
    stdout_of(&[a, "--lambda", "1", "--out", w]);
    let one = std::fs::read_to_string(&weights).unwrap();
    assert!(!one.contains(&hash) && one.contains("//! Data: 1 file(s), SHA-256 "), "{one}");
}

/// A Parquet shard with the schema of `python -m quoridor.selfplay` (seed 4, depth 2, 7x7,
/// 12 games) and the text form of the same games read as the same data: the fit prints the
/// same. The shard holds the engine's games: when its play changes, it is written again
/// from `quoridor selfplay --size 7 --depth 2 --games 12 --seed 4 --ply-limit 300` with
/// pyarrow, in the same schema (last: after the one-wall endgame tables and the tree's walls
/// scale; then after the linear weights refitted on the network's data).
#[test]
fn a_parquet_shard_and_the_text_of_the_same_games_fit_alike() {
    let dir = temp_dir("parquet");
    let text = dir.join("sp.txt");
    selfplay(&text, 7, Players::Two, 12, Some(2), None, 4);
    let from_text = stdout_of(&[text.to_str().unwrap(), "--lambda", "1"]);
    let from_shard = stdout_of(&[shard().to_str().unwrap(), "--lambda", "1"]);
    assert!(from_text.starts_with("487 positions (49 skipped)"), "{from_text}");
    assert_eq!(from_shard, from_text);
    // A directory stands for its shards.
    let shards = dir.join("shards");
    std::fs::create_dir_all(&shards).unwrap();
    std::fs::copy(shard(), shards.join("shard-000000000-000000012.parquet")).unwrap();
    assert_eq!(stdout_of(&[shards.to_str().unwrap(), "--lambda", "1"]), from_text);
    // The winning chances from the shard: the games are numbered, every seat's result named.
    let out = stdout_of(&["--chance", shard().to_str().unwrap(), "--validation", "0.25"]);
    assert!(out.starts_with("## two players\n\n12 games: fitted on 9"), "{out}");
}

/// Bad input is refused with its place and the reason, and no panic: a broken line, a file
/// that is not Parquet, an empty directory, a bad option value.
#[test]
fn bad_data_and_options_are_named() {
    let dir = temp_dir("bad");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, format!("{}\n9 S:e1:10,N:e9:10 - S 0\tx\t1\t0\n", COLUMNS.join("\t")))
        .unwrap();
    let err = error_of(&[bad.to_str().unwrap()]);
    assert!(err.contains("bad.txt:2") && err.contains("`x` is not a score"), "{err}");
    std::fs::write(&bad, "position\tscore\n").unwrap();
    assert!(error_of(&[bad.to_str().unwrap()]).contains("no `result` column"));
    let fake = dir.join("fake.parquet");
    std::fs::write(&fake, "not parquet").unwrap();
    assert!(error_of(&[fake.to_str().unwrap()]).contains("not a readable Parquet file"));
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    assert!(error_of(&[empty.to_str().unwrap()]).contains("holds no Parquet shard"));
    let err = error_of(&["--chance", bad.to_str().unwrap(), "--validation", "1.5"]);
    assert!(err.contains("`1.5` is not a share"), "{err}");
    assert!(error_of(&["--lambda", "2", "x.txt"]).contains("`2` is not a weight"));
    assert!(error_of(&["missing.txt"]).contains("cannot read `missing.txt`"));
}

/// `--chance` on small self-play files of two and three players: per kind, the calibration
/// tables on the games kept aside (the logistic curve's or the evaluation's logit's, the
/// fitted table's, and for three players every seat's chance by the model's shares and by
/// the fitted seat table); the written tables, with their provenance.
#[test]
fn chance_prints_the_scale_and_the_calibration() {
    let dir = temp_dir("chance");
    let (file, file3) = (dir.join("sp.txt"), dir.join("sp3.txt"));
    selfplay(&file, 9, Players::Two, 8, None, Some(300), 3);
    selfplay(&file3, 9, Players::Three, 8, None, Some(300), 4);
    let (f, f3) = (file.to_str().unwrap(), file3.to_str().unwrap());
    let out = stdout_of(&["--chance", f, "--validation", "0.25"]);
    assert!(out.starts_with("## two players\n\n8 games: fitted on 6"), "{out}");
    assert!(out.contains("chance = σ(score / "), "{out}");
    assert_eq!(out.lines().filter(|l| l.starts_with("| ") && l.contains("%")).count(), 20, "{out}");
    assert_eq!(out.matches("largest gap: ").count(), 2, "the logistic curve's and the table's");
    assert!(out.contains("table (score in centi-steps"), "{out}");
    let out = stdout_of(&["--chance", f, f3, "--validation", "0.25"]);
    assert!(out.contains("## two players") && out.contains("## three players"), "{out}");
    assert!(out.contains("the evaluation's own logit") && out.contains("seat table (share"));
    assert_eq!(out.matches("largest gap: ").count(), 2 + 4, "{out}");
    let table = dir.join("chance_table.rs");
    let t = table.to_str().unwrap();
    stdout_of(&["--chance", f3, "--validation", "0.25", "--out", t]);
    let text = std::fs::read_to_string(&table).unwrap();
    // Two players were not in the files: their table is the shipped one.
    let shipped = quoridor_ai::chance::TWO_PLAYER_TABLE;
    let two = format!("pub const TWO_PLAYER_TABLE: [(i32, u16); {}] = [", shipped.len());
    assert!(text.contains(&two) && text.contains("the table shipped"), "{text}");
    let three = text.split("MULTI_TABLES").nth(1).unwrap().split("    &[").nth(1).unwrap();
    assert!(three.lines().nth(1).is_some_and(|l| l.starts_with("        (")), "fitted: {text}");
    let seats = text.split("SEAT_TABLES").nth(1).unwrap().split("    &[").nth(1).unwrap();
    assert!(seats.lines().nth(1).is_some_and(|l| l.starts_with("        (")), "fitted: {text}");
    assert!(header_line(&text, "//! Data: 1 file(s), SHA-256 ").len() > 80, "{text}");
    assert!(header_line(&text, "//! Trained by ").contains("--chance, "), "{text}");
    assert!(text.contains("//! The data and settings of this fit (of three players):\n//! Data: "));
    // Fitted again on two-player games only: the three-player line keeps its count and
    // says, once however often it is kept, that the data named is not its data.
    let three_line = header_line(&text, "//! Three players: ").to_string();
    for _ in 0..2 {
        stdout_of(&["--chance", f, "--validation", "0.25", "--out", t]);
    }
    let text = std::fs::read_to_string(&table).unwrap();
    let kept = format!("{three_line} (an earlier fit, kept: not in this fit's files)");
    assert_eq!(header_line(&text, "//! Three players: "), kept, "{text}");
    assert!(header_line(&text, "//! Two players: ").ends_with(" games."), "{text}");
    assert!(text.contains("//! The data and settings of this fit (of two players):\n"));
}

/// `--multi` fits the three-player table from the games' named results and `--net` trains
/// a pass of the network; both weights files name their data and settings.
#[test]
fn multi_and_net_write_their_files_with_provenance() {
    let dir = temp_dir("multi-net");
    let three = dir.join("sp3.txt");
    selfplay(&three, 7, Players::Three, 90, Some(1), None, 6);
    let out_multi = dir.join("weights_multi.rs");
    let m = out_multi.to_str().unwrap();
    let out = stdout_of(&["--multi", three.to_str().unwrap(), "--out", m]);
    assert!(out.contains("three players: 90 games"), "{out}");
    let text = std::fs::read_to_string(&out_multi).unwrap();
    assert!(text.contains("pub const MULTI: [[i32; 12]; 3] = ["), "{text}");
    assert!(header_line(&text, "//! Trained by ").contains("--multi, "), "{text}");
    assert!(header_line(&text, "//! Self-play settings: ").contains("depth=1"), "{text}");
    // --fit-only fits the features named and keeps every other weight as shipped; the
    // kinds of game without data keep their weights and header lines.
    let only = dir.join("weights_only.rs");
    let o = only.to_str().unwrap();
    stdout_of(&["--multi", three.to_str().unwrap(), "--fit-only", "dist=1,vul", "--out", o]);
    let text = std::fs::read_to_string(&only).unwrap();
    let row = text.split("// three players\n    [").nth(1).unwrap().split(']').next().unwrap();
    let row: Vec<i32> = row.split(", ").map(|x| x.parse().unwrap()).collect();
    let shipped = quoridor_ai::params::MULTI[0];
    for (k, (&fitted, &was)) in row.iter().zip(&shipped).enumerate() {
        if k != 8 && k != 10 {
            assert_eq!(fitted, was, "feature {k} moved: {text}");
        }
    }
    assert!(header_line(&text, "//! Trained by ").contains("fit-only dist=1,vul"), "{text}");
    let kept = quoridor_ai::params::MULTI[2].map(|x| x.to_string()).join(", ");
    assert!(text.contains(&format!("// King of the Hill\n    [{kept}]")), "{text}");
    let args = ["--multi", three.to_str().unwrap(), "--fit-only", "dist,nope"];
    let out = train().args(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("`nope` is not a feature"), "{err}");

    let two = dir.join("sp.txt");
    selfplay(&two, 9, Players::Two, 24, None, Some(200), 7);
    let net = dir.join("net_weights.rs");
    let n = net.to_str().unwrap();
    let args = [two.to_str().unwrap(), "--net", "--epochs", "2", "--validation", "0.2"];
    let out = train().args(args).args(["--out", n]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("pass  1: network on top"), "{text}");
    if out.status.success() {
        let source = std::fs::read_to_string(&net).unwrap();
        assert!(source.contains("pub const ENABLED: bool = true;"), "{source}");
        assert!(header_line(&source, "//! Trained by ").contains("--net, "), "{source}");
    } else {
        // Two passes on a few games may not beat the untrained network: nothing is written.
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("nothing written") && !net.exists(), "{err}");
    }
}

/// `--multi --keep-walls` fits the race's weights around the shipped walls' weights, which
/// it prints and writes unchanged (a free fit moves them); without `--multi` it is refused.
#[test]
fn keep_walls_fits_around_the_shipped_walls() {
    let dir = temp_dir("keep-walls");
    let three = dir.join("sp3.txt");
    selfplay(&three, 7, Players::Three, 90, Some(1), None, 8);
    let f = three.to_str().unwrap();
    let walls_of = |out: &str| -> Vec<i32> {
        ["walls ", "walls^2", "walls*dist", "unanswered"]
            .iter()
            .map(|name| {
                let line = out.lines().find(|l| l.trim_start().starts_with(name)).unwrap();
                line.split_whitespace().last().unwrap().parse().unwrap()
            })
            .collect()
    };
    let shipped = quoridor_ai::params::MULTI[0][4..8].to_vec();
    let out = dir.join("weights_multi.rs");
    let kept = stdout_of(&["--multi", "--keep-walls", f, "--out", out.to_str().unwrap()]);
    assert_eq!(walls_of(&kept), shipped, "{kept}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(header_line(&text, "//! Trained by ").contains("keep-walls"), "{text}");
    let free = stdout_of(&["--multi", f]);
    assert_ne!(walls_of(&free), shipped, "{free}");
    assert!(error_of(&["--keep-walls", f]).contains("--multi"));
}

/// The files `quoridor selfplay` wrote before the columns were named (position, score,
/// result and game under a `#` line) read as the same data as the new form.
#[test]
fn older_four_column_files_are_still_read() {
    let dir = temp_dir("old");
    let new = dir.join("new.txt");
    selfplay(&new, 7, Players::Two, 12, Some(2), None, 4);
    let text = std::fs::read_to_string(&new).unwrap();
    let mut old = String::from("# quoridor selfplay: position<TAB>score<TAB>result<TAB>game\n");
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        old.push_str(&cols[..4].join("\t"));
        old.push('\n');
    }
    let old_path = dir.join("old.txt");
    std::fs::write(&old_path, old).unwrap();
    let from_new = stdout_of(&[new.to_str().unwrap(), "--lambda", "1"]);
    assert_eq!(stdout_of(&[old_path.to_str().unwrap(), "--lambda", "1"]), from_new);
    let weights = dir.join("w.rs");
    stdout_of(&[old_path.to_str().unwrap(), "--lambda", "1", "--out", weights.to_str().unwrap()]);
    let source = std::fs::read_to_string(&weights).unwrap();
    let played = header_line(&source, "//! Played by: ");
    assert!(played.contains("not recorded (an older file)"), "{source}");
}
