//! Reading the self-play data: the text files of `quoridor selfplay` (the columns of
//! `quoridor_ai::selfplay::COLUMNS` under a line naming them, or the older four columns
//! under a `#` comment), the Parquet shards of the Python package's `quoridor.selfplay`
//! (the same columns), and directories of shards; and what the weights files say about the
//! data: a hash of the inputs, the engines and settings that played them.

use std::collections::BTreeSet;
use std::fs::File;
use std::io::{BufRead as _, BufReader, Read as _};
use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};
use parquet::file::reader::{FileReader as _, SerializedFileReader};
use parquet::record::{Field, Row as ParquetRow};
use quoridor_core::{Position, Seat};
use sha2::{Digest as _, Sha256};

/// One searched position of a self-play game.
pub struct Row {
    pub pos: Position,
    /// Search score from the side to move, centi-steps (`score_number`).
    pub score: i32,
    /// The side to move's points: 1, 0.5 or 0.
    pub result: f64,
    /// The game's number in its run, when the file has it.
    pub game: Option<u64>,
    /// The winner, when the file names every seat's result (`results`): `Some(None)` for a
    /// game nobody won.
    pub winner: Option<Option<Seat>>,
}

/// What was read besides the rows: for the weights files' header.
#[derive(Default)]
pub struct Provenance {
    /// Every input file, in the order read, with its SHA-256.
    pub files: Vec<(PathBuf, String)>,
    /// The distinct `engine commit` pairs and `settings` of the rows that have them.
    pub engines: BTreeSet<String>,
    pub settings: BTreeSet<String>,
}

impl Provenance {
    /// The data's hash: SHA-256 of the files' SHA-256 digests (hex, one a line, sorted), so
    /// that the order the files are given in does not matter. `sha256sum FILES | cut -c1-64
    /// | sort | sha256sum` computes the same.
    pub fn data_hash(&self) -> String {
        let mut digests: Vec<&str> = self.files.iter().map(|(_, d)| d.as_str()).collect();
        digests.sort_unstable();
        let mut h = Sha256::new();
        for d in digests {
            h.update(d.as_bytes());
            h.update(b"\n");
        }
        hex(&h.finalize())
    }

    /// The header lines (`//! ...`) a weights file gets: which data, which engine made it.
    pub fn header(&self, settings: &str) -> String {
        let mut s = format!(
            "//! Data: {} file(s), SHA-256 {} (of the files' SHA-256 digests, sorted).\n",
            self.files.len(),
            self.data_hash()
        );
        let list = |set: &BTreeSet<String>| -> String {
            if set.is_empty() {
                "not recorded (an older file)".to_string()
            } else {
                set.iter().cloned().collect::<Vec<_>>().join("; ")
            }
        };
        s.push_str(&format!("//! Played by: {}.\n", list(&self.engines)));
        s.push_str(&format!("//! Self-play settings: {}.\n", list(&self.settings)));
        s.push_str(&format!(
            "//! Trained by quoridor-train (commit {}) with: {settings}.\n",
            env!("QUORIDOR_COMMIT")
        ));
        s
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The files named: a directory stands for its `*.parquet` shards (by name).
///
/// # Errors
/// A directory that cannot be listed or holds no shard.
pub fn expand(paths: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut shards: Vec<PathBuf> = std::fs::read_dir(p)
                .with_context(|| format!("cannot list `{}`", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| is_parquet(f))
                .collect();
            if shards.is_empty() {
                bail!("`{}` holds no Parquet shard (*.parquet)", p.display());
            }
            shards.sort();
            out.extend(shards);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

fn is_parquet(p: &Path) -> bool {
    p.extension().is_some_and(|e| e == "parquet")
}

/// The SHA-256 of a file, hex.
fn file_hash(path: &Path) -> anyhow::Result<String> {
    let mut f = File::open(path).with_context(|| format!("cannot read `{}`", path.display()))?;
    let mut h = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = f.read(&mut buf).with_context(|| format!("cannot read `{}`", path.display()))?;
        if n == 0 {
            break;
        }
        h.update(&buf[..n]);
    }
    Ok(hex(&h.finalize()))
}

/// The named columns of a row (text or Parquet) before they are checked.
struct Cells<'a> {
    pos: &'a str,
    score: Option<i64>,
    score_text: &'a str,
    result: Option<f64>,
    result_text: &'a str,
    game: Option<&'a str>,
    game_number: Option<u64>,
    results: Option<&'a str>,
}

fn row_of(c: &Cells<'_>, where_: &dyn Fn() -> String) -> anyhow::Result<Row> {
    let pos: Position =
        c.pos.parse().map_err(|e| anyhow::anyhow!("{}: bad position: {e}", where_()))?;
    let score = c
        .score
        .and_then(|s| i32::try_from(s).ok())
        .ok_or_else(|| anyhow::anyhow!("{}: `{}` is not a score", where_(), c.score_text))?;
    let result = c.result.filter(|r| [0.0, 0.5, 1.0].contains(r)).ok_or_else(|| {
        anyhow::anyhow!("{}: `{}` is not a result (1, 0.5 or 0)", where_(), c.result_text)
    })?;
    let game = match (c.game, c.game_number) {
        (_, Some(g)) => Some(g),
        (Some(g), None) => Some(
            g.parse().map_err(|_| anyhow::anyhow!("{}: `{g}` is not a game number", where_()))?,
        ),
        (None, None) => None,
    };
    let winner = c.results.map(|r| winner_of(r, where_)).transpose()?;
    Ok(Row { pos, score, result, game, winner })
}

/// The winner named by a `results` cell (`S:0,N:1`): the seat with 1, none on a draw.
fn winner_of(cell: &str, where_: &dyn Fn() -> String) -> anyhow::Result<Option<Seat>> {
    let mut winner = None;
    for part in cell.split(',') {
        let bad = || anyhow::anyhow!("{}: `{cell}` is not every seat's result", where_());
        let (seat, points) = part.split_once(':').ok_or_else(bad)?;
        let seat: Seat = seat.parse().map_err(|_| bad())?;
        match points {
            "1" => winner = Some(seat),
            "0" | "0.5" => {}
            _ => return Err(bad()),
        }
    }
    Ok(winner)
}

/// What is called with every row and its place.
type RowFn<'a> = dyn FnMut(Row, &dyn Fn() -> String) -> anyhow::Result<()> + 'a;

/// Reads files one after another, keeping their provenance.
#[derive(Default)]
pub struct Reader {
    pub provenance: Provenance,
}

impl Reader {
    /// Calls `f` with every row of the data file `path` (text or Parquet) and the row's
    /// place (`file:line`, or `file:row N`).
    ///
    /// # Errors
    /// An unreadable or malformed file (the message names the place and the cell), or an
    /// error of `f`.
    pub fn for_each_row(
        &mut self,
        path: &Path,
        mut f: impl FnMut(Row, &dyn Fn() -> String) -> anyhow::Result<()>,
    ) -> anyhow::Result<()> {
        let digest = file_hash(path)?;
        self.provenance.files.push((path.to_path_buf(), digest));
        if is_parquet(path) {
            self.parquet_rows(path, &mut f)
        } else {
            self.text_rows(path, &mut f)
        }
    }

    /// Records a file read whole by its caller (a game record), for the data's hash.
    pub fn note_file(&mut self, path: &Path) -> anyhow::Result<()> {
        let digest = file_hash(path)?;
        self.provenance.files.push((path.to_path_buf(), digest));
        Ok(())
    }

    fn note(&mut self, engine: Option<&str>, commit: Option<&str>, settings: Option<&str>) {
        // Most rows repeat the last ones: look before allocating.
        if let (Some(e), Some(c)) = (engine, commit) {
            let known = self
                .provenance
                .engines
                .iter()
                .any(|x| x.strip_prefix(e).and_then(|r| r.strip_prefix(" commit ")) == Some(c));
            if !known {
                self.provenance.engines.insert(format!("{e} commit {c}"));
            }
        }
        if let Some(s) = settings.filter(|s| !self.provenance.settings.contains(*s)) {
            self.provenance.settings.insert(s.to_string());
        }
    }

    fn text_rows(&mut self, path: &Path, f: &mut RowFn<'_>) -> anyhow::Result<()> {
        let file = File::open(path).with_context(|| format!("cannot read `{}`", path.display()))?;
        // Column indices: from the header line, or the older files' four in a row.
        let mut index: Option<Index> = None;
        for (n, line) in BufReader::new(file).lines().enumerate() {
            let line = line.with_context(|| format!("cannot read `{}`", path.display()))?;
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let where_ = || format!("{}:{}", path.display(), n + 1);
            let cols: Vec<&str> = line.split('\t').collect();
            if index.is_none() && cols.first() == Some(&"position") {
                index = Some(Index::of(&cols, &where_)?);
                continue;
            }
            let ix = index.get_or_insert(Index::OLD);
            let cell = |i: Option<usize>| i.and_then(|i| cols.get(i).copied());
            let need = ix.score.max(ix.result).max(ix.position);
            if cols.len() <= need || ix.game.is_some_and(|g| cols.len() <= g) {
                bail!("{}: expected {} columns separated by tabs", where_(), ix.width());
            }
            let (score, result) = (cols[ix.score], cols[ix.result]);
            let cells = Cells {
                pos: cols[ix.position],
                score: score.parse().ok(),
                score_text: score,
                result: result.parse().ok(),
                result_text: result,
                game: cell(ix.game),
                game_number: None,
                results: cell(ix.results),
            };
            let row = row_of(&cells, &where_)?;
            self.note(cell(ix.engine), cell(ix.commit), cell(ix.settings));
            f(row, &where_)?;
        }
        Ok(())
    }

    fn parquet_rows(&mut self, path: &Path, f: &mut RowFn<'_>) -> anyhow::Result<()> {
        let bad = |e: parquet::errors::ParquetError| {
            anyhow::anyhow!("{}: not a readable Parquet file: {e}", path.display())
        };
        let file = File::open(path).with_context(|| format!("cannot read `{}`", path.display()))?;
        let reader = SerializedFileReader::new(file).map_err(bad)?;
        let names: Vec<String> = reader
            .metadata()
            .file_metadata()
            .schema_descr()
            .root_schema()
            .get_fields()
            .iter()
            .map(|t| t.name().to_string())
            .collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let ix = Index::of(&names, &|| path.display().to_string())?;
        for (n, row) in reader.get_row_iter(None).map_err(bad)?.enumerate() {
            let row: ParquetRow = row.map_err(bad)?;
            let where_ = || format!("{}: row {}", path.display(), n + 1);
            let fields: Vec<&Field> = row.get_column_iter().map(|(_, v)| v).collect();
            let text = |i: Option<usize>| match i.and_then(|i| fields.get(i)) {
                Some(Field::Str(s)) => Some(s.as_str()),
                _ => None,
            };
            let number = |i: usize| -> (Option<i64>, Option<f64>, String) {
                match fields.get(i) {
                    Some(Field::Int(v)) => {
                        (Some(i64::from(*v)), Some(f64::from(*v)), v.to_string())
                    }
                    Some(Field::Long(v)) => (Some(*v), Some(*v as f64), v.to_string()),
                    Some(Field::Short(v)) => {
                        (Some(i64::from(*v)), Some(f64::from(*v)), v.to_string())
                    }
                    Some(Field::Double(v)) => (None, Some(*v), v.to_string()),
                    Some(Field::Float(v)) => (None, Some(f64::from(*v)), v.to_string()),
                    Some(other) => (None, None, other.to_string()),
                    None => (None, None, "nothing".to_string()),
                }
            };
            let (score, _, score_text) = number(ix.score);
            let (_, result, result_text) = number(ix.result);
            let game = ix.game.map(number);
            let game_number = match &game {
                Some((Some(g), _, _)) => Some(
                    u64::try_from(*g)
                        .map_err(|_| anyhow::anyhow!("{}: `{g}` is not a game number", where_()))?,
                ),
                Some((None, _, text)) => {
                    bail!("{}: `{text}` is not a game number", where_())
                }
                None => None,
            };
            let pos = text(Some(ix.position))
                .ok_or_else(|| anyhow::anyhow!("{}: the position is not text", where_()))?;
            let cells = Cells {
                pos,
                score,
                score_text: &score_text,
                result,
                result_text: &result_text,
                game: None,
                game_number,
                results: text(ix.results),
            };
            let row = row_of(&cells, &where_)?;
            self.note(text(ix.engine), text(ix.commit), text(ix.settings));
            f(row, &where_)?;
        }
        Ok(())
    }
}

/// Where each column is.
struct Index {
    position: usize,
    score: usize,
    result: usize,
    game: Option<usize>,
    results: Option<usize>,
    engine: Option<usize>,
    commit: Option<usize>,
    settings: Option<usize>,
}

impl Index {
    /// The files written before the columns were named: position, score, result, game.
    const OLD: Index = Index {
        position: 0,
        score: 1,
        result: 2,
        game: Some(3),
        results: None,
        engine: None,
        commit: None,
        settings: None,
    };

    fn of(names: &[&str], where_: &dyn Fn() -> String) -> anyhow::Result<Index> {
        let find = |name: &str| names.iter().position(|&n| n == name);
        let need = |name: &str| {
            find(name).ok_or_else(|| anyhow::anyhow!("{}: no `{name}` column", where_()))
        };
        Ok(Index {
            position: need("position")?,
            score: need("score")?,
            result: need("result")?,
            game: find("game"),
            results: find("results"),
            engine: find("engine"),
            commit: find("commit"),
            settings: find("settings"),
        })
    }

    fn width(&self) -> usize {
        [Some(self.position), Some(self.score), Some(self.result), self.game]
            .into_iter()
            .flatten()
            .max()
            .unwrap_or(0)
            + 1
    }
}
