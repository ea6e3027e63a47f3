#!/usr/bin/env bash
# Times `picker-image bench` rows for two builds side by side: BASE (any commit, built in a
# temporary worktree) against the working tree, alternating ROUNDS rounds of 5 runs each so a
# busy moment touches both, and prints for each row and build the fastest round, the lower
# quartile and the median. On a machine whose speed drifts, compare the fastest rounds.
#   scripts/bench-ab.sh BASE ROWS [ROUNDS]
#   scripts/bench-ab.sh HEAD~1 jpeg_avatar,jpeg_baseline420_ms 10
# ROWS are `--only` prefixes. JPEG rows decode the files reference.py --jpeg writes: in
# $JPEG_DIR when it is set, otherwise in a temporary folder (pip install pillow numpy).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
    echo "usage: scripts/bench-ab.sh BASE ROWS [ROUNDS]" >&2
    exit 2
fi
base=$1 rows=$2 rounds=${3:-8}
work=$(mktemp -d)
tree="$work/base"
cleanup() {
    git worktree remove --force "$tree" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
git worktree add --detach --quiet "$tree" "$base"
(cd "$tree" && swift build -c release --product picker-image >/dev/null)
swift build -c release --product picker-image >/dev/null
# The JPEG rows and the others are separate workloads (`bench --jpeg DIR` runs only the former).
jpeg_rows=$(tr ',' '\n' <<<"$rows" | grep '^jpeg' | paste -sd, || true)
other_rows=$(tr ',' '\n' <<<"$rows" | grep -v '^jpeg' | paste -sd, || true)
if [ -n "$jpeg_rows" ]; then
    folder=${JPEG_DIR:-"$work/jpeg"}
    if [ ! -f "$folder/baseline420.jpg" ]; then
        mkdir -p "$folder"
        python3 ../shared/bench/reference.py --jpeg "$folder" >/dev/null
    fi
fi
# One round of BINARY's rows, each line prefixed with LABEL.
round() {
    if [ -n "$jpeg_rows" ]; then "$1" bench --jpeg "$folder" --only "$jpeg_rows" --runs 5 | sed "s/^/$2 /"; fi
    if [ -n "$other_rows" ]; then "$1" bench --only "$other_rows" --runs 5 | sed "s/^/$2 /"; fi
}
label=$(git rev-parse --short "$base")
for _ in $(seq "$rounds"); do
    round "$tree/.build/release/picker-image" "$label"
    round .build/release/picker-image tree
done > "$work/times"
python3 - "$work/times" <<'PY'
import collections, statistics, sys
times = collections.defaultdict(list)
for line in open(sys.argv[1]):
    parts = line.split()
    # (Rows only: the bench's ratio lines have more fields.)
    if len(parts) == 3:
        build, row, value = parts
        times[row, build].append(float(value))
for (row, build), values in sorted(times.items()):
    values.sort()
    print(f"{row:32s} {build:8s} fastest {values[0]:8.2f}  quartile {values[len(values) // 4]:8.2f}"
          f"  median {statistics.median(values):8.2f} ms")
PY
