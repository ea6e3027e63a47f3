#!/usr/bin/env bash
# Times the JPEG decoder and the JPEG avatar path beside Pillow on the same files, alternating
# the two tools ROUNDS times (3 by default) so that a busy moment touches both, and prints each
# one's median over the rounds, the ratio, and the goal for it: on one thread and on both cores
# (Pillow, libjpeg-turbo, decodes on one).
#   pip install pillow numpy
#   scripts/bench-jpeg.sh [ROUNDS] [path/to/shared/bench]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
ref=${2:-../shared/bench}
swift build -c release --product picker-image >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$ref/reference.py" --jpeg "$work" >/dev/null
for round in $(seq "$rounds"); do
    .build/release/picker-image bench --jpeg "$work" --json > "$work/ours-$round.json"
    python3 "$ref/reference.py" --jpeg "$work" --json > "$work/pillow-$round.json"
done
python3 - "$work" "$rounds" <<'PY'
import json, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
ours = [json.load(open(f"{work}/ours-{r}.json")) for r in range(1, rounds + 1)]
pillow = [json.load(open(f"{work}/pillow-{r}.json")) for r in range(1, rounds + 1)]
rows = [
    ("baseline 4:2:0, one thread", "jpeg_baseline420_ms", "pillow_jpeg_baseline420_ms", 1.25),
    ("progressive 4:2:0, one thread", "jpeg_progressive420_ms", "pillow_jpeg_progressive420_ms", 1.25),
    ("baseline 4:4:4, one thread", "jpeg_baseline444_ms", "pillow_jpeg_baseline444_ms", 1.25),
    ("avatar (1/2 decode, crop, 1024²), one thread", "jpeg_avatar_ms", "pillow_jpeg_draft_avatar_ms", 0.9),
    ("baseline 4:2:0, both cores", "jpeg_baseline420_threads_ms", "pillow_jpeg_baseline420_ms", 0.9),
    ("progressive 4:2:0, both cores", "jpeg_progressive420_threads_ms", "pillow_jpeg_progressive420_ms", 0.9),
    ("baseline 4:4:4, both cores", "jpeg_baseline444_threads_ms", "pillow_jpeg_baseline444_ms", 0.9),
    ("avatar, both cores", "jpeg_avatar_threads_ms", "pillow_jpeg_draft_avatar_ms", 0.6),
]
for name, a, b, goal in rows:
    x = statistics.median(o[a] for o in ours)
    y = statistics.median(p[b] for p in pillow)
    ratios = sorted(o[a] / p[b] for o, p in zip(ours, pillow))
    verdict = "ok" if x / y <= goal else "MISSED"
    print(f"{name:46s} {x:7.1f} ms / {y:7.1f} ms = {x / y:4.2f}x "
          f"(rounds {ratios[0]:.2f}-{ratios[-1]:.2f})  {verdict} (goal <= {goal:.2f}x)")
PY
