#!/usr/bin/env bash
# The search's own time and nodes summed over the positions of a file (one a line, as the
# moves from the start; lines starting with # are skipped), each searched to a node count:
#   docs/positions/search-time.sh QUORIDOR_BINARY FILE NODES
# docs/strength.md, "2026-12-07 (ninth session)": target/release/quoridor
# docs/positions/titanium-154.txt 200000.
set -euo pipefail
q=$1 file=$2 nodes=$3
grep -v '^#' "$file" | while read -r moves; do
    "$q" analyse --moves "$moves" --nodes "$nodes" --color never |
        grep -E '^ +[0-9]+ +[-+a-z]' | tail -n 1
done | awk '{o = ($2 == "win" || $2 == "loss") ? 2 : 0; n += $(3 + o); t += $(5 + o)}
    END {printf "%d positions, %d nodes in %.2f s of search (%.0f nodes/s)\n", NR, n, t, n / t}'
