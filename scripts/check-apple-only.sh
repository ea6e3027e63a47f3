#!/usr/bin/env bash
# Fails when a Swift file of an Apple-only target (the adapters, and the example app that Xcode
# builds) is not wholly inside one `#if canImport(...)`:
# its first line of code must open the block and its last must close it, with nothing outside.
# On Linux those files build to nothing, so a line outside the block would break the build only
# on Apple platforms, where PickerKit's CI cannot look.
set -euo pipefail
cd "$(dirname "$0")/.."
apple_only=(Sources/PickerKitUIKit Sources/PickerKitSwiftUI Examples/AvatarApp/Sources)
status=0
for dir in "${apple_only[@]}"; do
    while IFS= read -r -d '' file; do
        awk -v file="$file" '
            /^[[:space:]]*$/ || /^[[:space:]]*\/\// { next }
            {
                code++
                if (code == 1 && $0 !~ /^#if canImport\(/) { print file ": the first line of code is not #if canImport(...)"; bad = 1 }
                if (code > 1 && depth == 0) { print file ": code outside the #if canImport block: " $0; bad = 1 }
                if ($0 ~ /^[[:space:]]*#if/) depth++
                if ($0 ~ /^[[:space:]]*#endif/) depth--
            }
            END { exit bad }' "$file" >&2 || status=1
    done < <(find "$dir" -name '*.swift' -print0)
done
exit $status
