//! Sets `QUORIDOR_COMMIT`, the commit the engine is built from, for the self-play data and
//! the weights files to name (`unknown` outside a git checkout). A packaged crate reads it
//! from the `.cargo_vcs_info.json` that `cargo package` writes; a checkout asks git, and the
//! build script runs again when the checked-out commit changes. The Python package and the
//! trainer include this file as their build script too (`include!`), so that all three name
//! the commit the same way.

use std::path::Path;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
}

/// The `"sha1"` of a `.cargo_vcs_info.json`.
fn packaged_commit(dir: &str) -> Option<String> {
    let text = std::fs::read_to_string(Path::new(dir).join(".cargo_vcs_info.json")).ok()?;
    let start = text.find("\"sha1\"")? + "\"sha1\"".len();
    let rest = text[start..].trim_start().strip_prefix(':')?.trim_start().strip_prefix('"')?;
    Some(rest[..rest.find('"')?].to_string())
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
        git(&["rev-parse", "HEAD"])
    });
    println!("cargo:rustc-env=QUORIDOR_COMMIT={}", commit.as_deref().unwrap_or("unknown"));
}
