#!/usr/bin/env bash
# Runs PickerImaging's bench and the Pillow/OpenCV reference side by side on this machine and
# prints the ratios the project's targets are stated in, then checks the crop's accuracy.
#   pip install pillow opencv-python-headless numpy
#   scripts/bench-compare.sh [path/to/shared/bench]
set -euo pipefail
cd "$(dirname "$0")/.."
ref=${1:-../shared/bench}
swift build -c release --product picker-image >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$ref/reference.py" --json > "$work/ref.json"
.build/release/picker-image bench --json > "$work/ours.json"
python3 "$ref/reference.py" --write-input "$work/in.pam" --write-output "$work/ref.pam"
.build/release/picker-image crop --rect 400,100,2800,2800 --size 1024 --filter area --mask none "$work/in.pam" "$work/ours.pam" >/dev/null
python3 - "$work/ref.json" "$work/ours.json" <<'PY'
import json, sys
ref, ours = (json.load(open(p)) for p in sys.argv[1:3])
rows = [
    ("area crop+scale vs Pillow BOX", ours["area_crop_scale_ms"], ref["pillow_box_ms"], 0.5),
    ("area crop+scale vs OpenCV INTER_AREA", ours["area_crop_scale_ms"], ref.get("opencv_area_ms"), 1.0),
    ("Lanczos crop+scale vs Pillow LANCZOS", ours["lanczos_crop_scale_ms"], ref["pillow_lanczos_ms"], None),
    ("Lanczos crop+scale vs libvips lanczos3", ours["lanczos_crop_scale_ms"], ref.get("vips_reduce_lanczos3_ms"), 0.8),
    ("bilinear crop+scale vs libvips linear", ours["bilinear_crop_scale_ms"], ref.get("vips_reduce_linear_ms"), 0.8),
    ("area crop+scale vs a copy of the crop", ours["area_crop_scale_ms"], ours["copy_crop_ms"], 2.0),
    ("pipeline (+ circle mask) vs area alone", ours["pipeline_circle_ms"], ours["area_crop_scale_ms"], 1.1),
    ("rotate-90 vs a copy of the photo", ours["rotate90_ms"], ours["copy_ms"], None),
    ("rotate-90 on every core vs the copy", ours["rotate90_threads_ms"], ours["copy_ms"], None),
    ("rotate-90 vs OpenCV", ours["rotate90_ms"], ref.get("opencv_rotate90_ms"), 1.0),
    ("rotate-90 vs Pillow", ours["rotate90_ms"], ref["pillow_rotate90_ms"], None),
    ("rotate-90 vs libvips", ours["rotate90_ms"], ref.get("vips_rotate90_ms"), None),
    ("copy vs numpy", ours["copy_ms"], ref["numpy_copy_ms"], None),
    ("area on every core vs one (speed-up)", ours["area_crop_scale_threads_ms"], ours["area_crop_scale_ms"], 1 / 1.8),
    ("Lanczos on every core vs one (speed-up)", ours["lanczos_crop_scale_threads_ms"], ours["lanczos_crop_scale_ms"], 1 / 1.7),
]
for name, a, b, target in rows:
    if b is None:
        continue
    verdict = "" if target is None else ("  ok (target <= %.2fx)" % target if a / b <= target else "  MISSED (target <= %.2fx)" % target)
    print(f"{name:40s} {a:8.2f} ms / {b:8.2f} ms = {a / b:5.2f}x{verdict}")
print(f"{'avatar pipeline (crop+scale+circle)':40s} {ours['pipeline_circle_ms']:8.2f} ms")
PY
printf '%-40s ' "area crop accuracy vs exact reference"; python3 "$ref/psnr.py" "$work/ours.pam" "$work/ref.pam"
