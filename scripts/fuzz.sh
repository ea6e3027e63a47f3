#!/usr/bin/env bash
# Builds PickerKit's libFuzzer harnesses (Fuzz/Harness/*.swift, driving Fuzz/Targets) with
# AddressSanitizer and runs each for a fixed time, from its seeds (Fuzz/seeds), the test
# fixtures and every past finding (Fuzz/regressions). Fails on any crash, timeout or
# out-of-memory, and says where the input that found it is.
#
# usage: scripts/fuzz.sh [SECONDS] [HARNESS...]    30 seconds each by default; every harness:
#        png netpbm jpeg pipeline edit-session icc
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
shift || true
harnesses=("$@")
if [ ${#harnesses[@]} -eq 0 ]; then harnesses=(png netpbm jpeg pipeline edit-session icc); fi
out=.build/fuzz
mkdir -p "$out/findings"
flags=(-O -swift-version 6 -parse-as-library -sanitize=fuzzer,address -package-name PickerKit)

# One static library per module, rebuilt when its sources change.
build() {
    local module=$1 sources=$2 library=$out/lib$1.a
    if [ -f "$library" ] && [ -z "$(find "$sources" -name '*.swift' -newer "$library" | head -1)" ]; then return; fi
    echo "fuzz: building $module"
    swiftc "${flags[@]}" -module-name "$module" -emit-module -emit-module-path "$out/$module.swiftmodule" \
        -emit-library -static -I "$out" $(find "$sources" -name '*.swift' | sort) -o "$library"
}
build PickerImaging Sources/PickerImaging
# The codecs and the workflow need only the imaging module: built side by side, one per core.
build PickerCodecs Sources/PickerCodecs &
codecs=$!
build PickerKit Sources/PickerKit &
kit=$!
wait "$codecs"
wait "$kit"
build PickerFuzzTargets Fuzz/Targets

status=0
for harness in "${harnesses[@]}"; do
    binary=$out/fuzz-$harness
    swiftc "${flags[@]}" -I "$out" "Fuzz/Harness/$harness.swift" -L "$out" \
        -lPickerFuzzTargets -lPickerKit -lPickerCodecs -lPickerImaging -o "$binary" 2> >(grep -v "Cannot export local symbol" >&2)
    corpus=$out/corpus/$harness
    mkdir -p "$corpus"
    starts=()
    for folder in "Fuzz/seeds/$harness" "Fuzz/regressions/$harness"; do
        if [ -d "$folder" ]; then starts+=("$folder"); fi
    done
    case $harness in
        png) cp Tests/PickerCodecsTests/Fixtures/png/*.png Tests/PickerCodecsTests/Fixtures/colour/*.png "$corpus/" ;;
        netpbm) cp Tests/PickerCodecsTests/Fixtures/png/*.pam "$corpus/" ;;
        jpeg) find Tests/PickerCodecsTests/Fixtures/jpeg Tests/PickerCodecsTests/Fixtures/colour -name '*.jpg' -size -64k -exec cp {} "$corpus/" \; ;;
    esac
    log=$out/$harness.log
    # Traps must reach libFuzzer as signals, not as Swift's backtraces.
    if SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=5 \
        -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$out/findings/$harness-" \
        "$corpus" "${starts[@]}" > "$log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
        echo "fuzz: $harness: $runs runs in ${seconds}s ($rate/s), no finding"
    else
        status=1
        tail -40 "$log" >&2
        echo "fuzz: $harness FOUND A BUG; the input is $(ls -t "$out/findings/$harness-"* 2>/dev/null | head -1)." >&2
        echo "      Copy it to Fuzz/regressions/$harness/ under a name that says what it was, fix the bug," >&2
        echo "      and swift test replays it from then on." >&2
    fi
done
exit $status
