#!/usr/bin/env bash
# Compiles PickerKit's Apple adapters (Sources/PickerKitUIKit, Sources/PickerKitSwiftUI) against
# the Apple surface (Tests/AppleSurface: UIKit, Photos, PhotosUI, AVFoundation, SwiftUI, … as
# Apple declares them) in Swift 6 language mode with complete concurrency checking and warnings
# as errors, and runs their tests there (AdapterTests). It fails when:
#   - an adapter file imports a module that is neither Apple's nor PickerKit's, or reaches into
#     the surface's own hooks (`@_spi`, the surface's device, names starting with an underscore);
#   - an adapter file's opening `#if` is false on the surface, so the check would not see it;
#   - any adapter line does not compile (a type error, a misspelled UIKit call, a main-actor
#     violation), or compiles with a warning;
#   - an adapter test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
surface=Tests/AppleSurface
adapters=(Sources/PickerKitUIKit Sources/PickerKitSwiftUI)
apple='AVFoundation|CoreGraphics|CoreMedia|Foundation|ImageIO|Observation|Photos|PhotosUI|QuartzCore|SwiftUI|UIKit|UniformTypeIdentifiers|Vision'
pickerkit='PickerImaging|PickerKit|PickerKitUIKit'
status=0

# 1. Only Apple's API: the modules it imports, and nothing of the surface's own.
while IFS= read -r -d '' file; do
    while IFS= read -r module; do
        if ! [[ "$module" =~ ^($apple|$pickerkit)$ ]]; then
            echo "$file: imports $module, which is neither an Apple framework the surface models nor PickerKit's" >&2
            status=1
        fi
    done < <(sed -n 's/^[[:space:]]*\(@[A-Za-z_]*[[:space:]]*\)*import[[:space:]]\{1,\}\([A-Za-z_]*\).*/\2/p' "$file")
    if grep -nE '@_spi|SurfaceDevice|\bDevice\.current|KeyValueChanges|SurfaceHost|Animations\.|\.surface[A-Z]|\b_[A-Z][A-Za-z]*(Storage|Delegate)\b' "$file" >&2; then
        echo "$file: uses the surface's own hooks, which Apple's frameworks do not have" >&2
        status=1
    fi
done < <(find "${adapters[@]}" -name '*.swift' -print0)
[ "$status" = 0 ] || exit "$status"

# 2. Build the surface and the adapters on it, warnings as errors.
swift build --package-path "$surface" --build-tests -Xswiftc -warnings-as-errors

# 3. Every adapter file is compiled there: its opening condition holds on the surface. The one
#    exception is code that needs the Objective-C runtime (`#selector`, key commands, gesture
#    recognizers' actions), which Linux cannot compile: a file opening with
#    `#if canImport(ObjectiveC) && …` is listed, its other conditions must hold, and
#    scripts/check-ios-sdk.sh compiles it against Apple's SDK.
modules="$surface/.build/debug/Modules"
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
while IFS= read -r -d '' file; do
    condition=$(grep -m1 -E '^#if ' "$file" | sed 's/^#if //')
    if [[ "$condition" == 'canImport(ObjectiveC) && '* ]]; then
        echo "needs the Objective-C runtime, compiled by scripts/check-ios-sdk.sh only: $file"
        condition=${condition#'canImport(ObjectiveC) && '}
    fi
    printf '#if %s\nlet compiled = true\n#else\n#error("%s is hidden from the Apple surface by: #if %s")\n#endif\n' \
        "$condition" "$file" "$condition" > "$probe/probe.swift"
    if ! swiftc -typecheck -swift-version 6 -I "$modules" "$probe/probe.swift" >"$probe/out" 2>&1; then
        cat "$probe/out" >&2
        status=1
    fi
done < <(find "${adapters[@]}" -name '*.swift' -print0)
[ "$status" = 0 ] || exit "$status"

# 4. The adapters' tests, on the surface.
swift test --package-path "$surface" -Xswiftc -warnings-as-errors
