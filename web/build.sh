#!/usr/bin/env bash
# Builds the browser page into web/dist: the WebAssembly module of crates/quoridor-web, its
# JavaScript glue, and the static files. Serve it with
#   python3 -m http.server -d web/dist 8000
# Installs what it needs when missing: the wasm32-unknown-unknown target (rustup) and the
# wasm-bindgen CLI of exactly the version of the wasm-bindgen crate in Cargo.lock (`cargo
# install --locked`, with the dependency versions its authors tested, or without --locked
# when the registry has lost one of them: about 14 minutes the first time on a 2-core
# machine). The module is read from cargo's target directory, so a
# `CARGO_TARGET_DIR` (or a `build.target-dir` setting) is followed.
set -euo pipefail
cd "$(dirname "$0")/.."
web=web
dist=$web/dist

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
    # The CLI must match the crate exactly: the glue it writes is tied to the version.
    echo "build.sh: installing wasm-bindgen-cli $want (found: ${have:-none})" >&2
    # --locked takes the dependency versions its authors tested; when the registry no
    # longer has one of them (yanked: webpki-roots 1.0.11, seen 2026-12-04), the newest
    # compatible versions instead.
    cargo install --locked wasm-bindgen-cli --version "$want" ||
        cargo install wasm-bindgen-cli --version "$want"
fi

cargo build --locked --target wasm32-unknown-unknown --release -p quoridor-web
# Where cargo put it: CARGO_TARGET_DIR and the config's target-dir included.
target=$(cargo metadata --format-version 1 --no-deps |
    sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
if [ -z "$target" ]; then
    echo "build.sh: cargo metadata gave no target directory" >&2
    exit 1
fi
rm -rf "$dist"
mkdir -p "$dist/js"
wasm-bindgen --target web --no-typescript --out-dir "$dist/pkg" \
    "$target/wasm32-unknown-unknown/release/quoridor_web.wasm"
cp "$web/index.html" "$web/style.css" "$web/sw.js" "$dist/"
cp "$web"/js/*.js "$dist/js/"
echo "built $dist: $(wc -c < "$dist/pkg/quoridor_web_bg.wasm") bytes of WebAssembly"
