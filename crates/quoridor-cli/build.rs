//! Sets `QUORIDOR_COMMIT`, the commit the engine is built from, for the self-play data and
//! the weights files to name (`unknown` outside a git checkout), with `-dirty` after it when
//! the crates' sources differ from that commit (as `git describe --dirty` marks a build).
//! A packaged crate reads both from the `.cargo_vcs_info.json` that `cargo package` writes; a
//! checkout asks git, and the build script runs again when the checked-out commit changes
//! or a source of the workspace's crates does (their `src`, manifests and build script,
//! `Cargo.toml` and `Cargo.lock`: what the engine is made of; not the docs or the Python
//! files). The Python package and the trainer use this file as their build script too
//! (`build = "../quoridor-cli/build.rs"`), so that all three name the commit the same way.

use std::path::Path;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
}

/// The `"sha1"` of a `.cargo_vcs_info.json`, with `-dirty` after it when the file says
/// `"dirty": true` (a crate packaged with `--allow-dirty` from changed sources).
fn packaged_commit(dir: &str) -> Option<String> {
    let text = std::fs::read_to_string(Path::new(dir).join(".cargo_vcs_info.json")).ok()?;
    let start = text.find("\"sha1\"")? + "\"sha1\"".len();
    let rest = text[start..].trim_start().strip_prefix(':')?.trim_start().strip_prefix('"')?;
    let sha = &rest[..rest.find('"')?];
    let dirty = text.split_whitespace().collect::<String>().contains("\"dirty\":true");
    Some(if dirty { format!("{sha}-dirty") } else { sha.to_string() })
}

/// The paths, relative to the checkout's top, that the engine is built from: each crate's
/// `src` and manifest, this script, the workspace's manifest and lock file.
fn source_paths(top: &Path) -> Vec<String> {
    let mut paths = vec![
        "Cargo.toml".to_string(),
        "Cargo.lock".to_string(),
        "crates/quoridor-cli/build.rs".to_string(),
    ];
    let mut crates: Vec<String> = std::fs::read_dir(top.join("crates"))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| entry.path().is_dir())
        .filter_map(|entry| entry.file_name().into_string().ok())
        .collect();
    crates.sort();
    for name in crates {
        paths.push(format!("crates/{name}/src"));
        paths.push(format!("crates/{name}/Cargo.toml"));
    }
    paths.retain(|p| top.join(p).exists());
    paths
}

/// Whether the tracked files among `paths` differ from `HEAD` (staged or not): git lists
/// any; no `-dirty` when it cannot tell.
fn differs_from_head(paths: &[String]) -> bool {
    let specs: Vec<String> = paths.iter().map(|p| format!(":(top,literal){p}")).collect();
    let mut args = vec!["diff", "--name-only", "HEAD", "--"];
    args.extend(specs.iter().map(String::as_str));
    !paths.is_empty() && git(&args).is_some()
}

fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    println!("cargo:rerun-if-changed=build.rs");
    let commit = packaged_commit(&dir).or_else(|| {
        // Run again when HEAD moves: HEAD itself (another branch) and the branch's ref
        // (a new commit), loose or packed.
        for path in ["HEAD", "packed-refs"] {
            if let Some(p) = git(&["rev-parse", "--git-path", path]) {
                println!("cargo:rerun-if-changed={}", Path::new(&dir).join(p).display());
            }
        }
        let branch = git(&["symbolic-ref", "-q", "HEAD"]);
        if let Some(p) = branch.and_then(|b| git(&["rev-parse", "--git-path", &b])) {
            println!("cargo:rerun-if-changed={}", Path::new(&dir).join(p).display());
        }
        let head = git(&["rev-parse", "HEAD"])?;
        let Some(top) = git(&["rev-parse", "--show-toplevel"]) else { return Some(head) };
        let sources = source_paths(Path::new(&top));
        // A directory is scanned whole: any change under a crate's `src` runs this again.
        for p in &sources {
            println!("cargo:rerun-if-changed={}", Path::new(&top).join(p).display());
        }
        Some(if differs_from_head(&sources) { format!("{head}-dirty") } else { head })
    });
    println!("cargo:rustc-env=QUORIDOR_COMMIT={}", commit.as_deref().unwrap_or("unknown"));
}
