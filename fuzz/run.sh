#!/usr/bin/env bash
# Runs one fuzz target for a bounded time: fuzz/run.sh TARGET SECONDS [extra libFuzzer flags]
# Needs the nightly toolchain; installs cargo-fuzz when it is missing. New inputs that add
# coverage go to fuzz/corpus/TARGET (commit the small, interesting ones); a crash is saved
# under fuzz/artifacts/TARGET and makes the script fail.
set -euo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 TARGET SECONDS [libFuzzer flags...]" >&2
    echo "targets: $(sed -n 's/^name = "\(.*\)"$/\1/p' "$(dirname "$0")/Cargo.toml" | grep -v "^quoridor" | tr '\n' ' ')" >&2
    exit 2
fi
target=$1
seconds=$2
shift 2
cd "$(dirname "$0")"
if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi
features=()
case "$target" in
    engine_session | search_smoke) features=(--features engine) ;;
esac
mkdir -p "corpus/$target"
# Fuzz into a scratch corpus seeded from the committed one, so the committed seeds stay small.
work="target/corpus/$target"
mkdir -p "$work"
exec cargo +nightly fuzz run "${features[@]}" "$target" "$work" "corpus/$target" -- \
    -max_total_time="$seconds" -print_final_stats=1 "$@"
