#!/usr/bin/env bash
# Holds PickerKit's public API to the release recorded in api/ (1.0.0, the commit that
# api/baseline.txt names). It fails when a public declaration of a library product is removed,
# renamed, narrowed (a public setter made internal, an open class made public), or changes its
# type, generic signature, conformances or throwing, or a case is added to an enum apps may
# switch over exhaustively, unless api/allowed-breaks.txt lets that break pass with the
# CHANGELOG.md line that records it. A case added to an enum api/open-enums.txt lists (those whose
# documentation says a minor version may add cases) passes.
#
#   scripts/check-api.sh              check the working tree (CI runs this)
#   scripts/check-api.sh --record     record the working tree's API as the baseline, for a new
#                                     major release: run it on the release commit, then commit api/
#
# The products that build on Linux (PickerKit, PickerImaging, PickerCodecs, PickerKitTesting) are
# compared by `swift package diagnose-api-breaking-changes`. The Apple adapters (PickerKitUIKit,
# PickerKitSwiftUI) are empty on Linux; their interface is dumped from the Apple surface's build
# of them (Tests/AppleSurface, as scripts/check-apple-adapters.sh builds it) and compared with
# swift-api-digester, the tool SwiftPM's command runs. Additions are not breaks and pass.
set -euo pipefail
cd "$(dirname "$0")/.."
products=(PickerKit PickerImaging PickerCodecs PickerKitTesting)
adapters=(PickerKitUIKit PickerKitSwiftUI)
surface=Tests/AppleSurface
# The same flags as CI's build, so the comparison reuses that build rather than starting another.
strict=(-Xswiftc -warnings-as-errors -Xswiftc -gline-tables-only)
digester=$(dirname "$(command -v swiftc)")/swift-api-digester
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# SwiftPM finds a baseline under the revision its treeish names. The recorded baseline is put
# under HEAD's revision, which every clone has (a shallow one too), so SwiftPM compares with it
# rather than checking out and building the 1.0.0 commit.
head=$(git rev-parse HEAD)
mkdir -p "$work/baselines/$head"

build_surface() {
    # Exactly check-apple-adapters.sh's build, so after it this is a no-op.
    swift build --package-path "$surface" --build-tests -Xswiftc -warnings-as-errors >"$work/surface.log" 2>&1 ||
        { cat "$work/surface.log" >&2; exit 1; }
}

if [ "${1:-}" = "--record" ]; then
    if [ -n "$(git status --porcelain -- Sources Package.swift)" ]; then
        echo "check-api.sh --record: Sources or Package.swift has uncommitted changes; record from a commit" >&2
        exit 1
    fi
    swift package "${strict[@]}" diagnose-api-breaking-changes "$head" --regenerate-baseline \
        --baseline-dir "$work/baselines" --products "${products[@]}" >"$work/record.log" 2>&1 || true
    for module in "${products[@]}"; do
        test -s "$work/baselines/$head/$module.json" || { cat "$work/record.log" >&2; exit 1; }
        cp "$work/baselines/$head/$module.json" "api/$module.json"
    done
    build_surface
    for module in "${adapters[@]}"; do
        "$digester" -dump-sdk -module "$module" -I "$surface/.build/debug/Modules" \
            -abort-on-module-fail -avoid-location -o "api/adapters/$module.json"
    done
    echo "$head" >api/baseline.txt
    echo "recorded the API of $head in api/; commit it, with api/baseline.txt"
    exit 0
fi

# 1. The allowlist: each break it lets pass sits under a `changelog:` line quoting, exactly, a
#    line of CHANGELOG.md, so no break passes unrecorded.
status=0
changelog=
while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in
        '' | '#'*) changelog= ;;
        'changelog: '*)
            changelog=${line#changelog: }
            if ! grep -qxF -- "$changelog" CHANGELOG.md; then
                echo "api/allowed-breaks.txt: '$changelog' is not a line of CHANGELOG.md" >&2
                status=1
            fi
            ;;
        *)
            if [ -z "$changelog" ]; then
                echo "api/allowed-breaks.txt: '$line' has no changelog: line above it" >&2
                status=1
            fi
            echo "$line" >>"$work/allowed.txt"
            ;;
    esac
done <api/allowed-breaks.txt
touch "$work/allowed.txt"
[ "$status" = 0 ] || exit "$status"

# breaks FILE: the breaks FILE reports (`API breakage: …`, one a line), less the cases added to
# the enums api/open-enums.txt lists.
open_enums=$(grep -vE '^(#|$)' api/open-enums.txt | sed 's/\./\\./g' | paste -sd'|' -)
breaks() {
    sed -n 's/.*\(API breakage: .*\)/\1/p' "$1" | sed 's/ \[#api-digester-breaking-change\]$//' |
        grep -vE "^API breakage: enumelement ($open_enums)\.[A-Za-z0-9_]+ has been added as a new enum case$" || true
}

# 2. The products that build here.
for module in "${products[@]}"; do
    cp "api/$module.json" "$work/baselines/$head/"
done
if swift package "${strict[@]}" diagnose-api-breaking-changes "$head" --baseline-dir "$work/baselines" \
    --breakage-allowlist-path "$work/allowed.txt" --products "${products[@]}" >"$work/core.log" 2>&1; then
    grep -E 'breaking change' "$work/core.log" || true
elif ! grep -q 'API breakage: ' "$work/core.log"; then
    # It failed before comparing: a build error, say.
    grep -vE '^\[[0-9]+/[0-9]+\]' "$work/core.log" >&2
    status=1
elif [ -n "$(breaks "$work/core.log")" ]; then
    breaks "$work/core.log" >&2
    echo "check-api.sh: the public API broke from $(cat api/baseline.txt) (1.0.0); see the README's Versioning section" >&2
    status=1
else
    echo "No breaking changes in ${products[*]}: $(grep -c 'API breakage: ' "$work/core.log") cases added to open enums (api/open-enums.txt)"
fi

# 3. The Apple adapters, as built on the Apple surface.
build_surface
for module in "${adapters[@]}"; do
    compared=0
    "$digester" -diagnose-sdk -module "$module" -I "$surface/.build/debug/Modules" \
        -baseline-path "api/adapters/$module.json" -breakage-allowlist-path "$work/allowed.txt" \
        -abort-on-module-fail -compiler-style-diags >"$work/$module.log" 2>&1 || compared=$?
    # Passed, or failed only on cases added to open enums.
    if [ "$compared" = 0 ] || { grep -q 'API breakage: ' "$work/$module.log" && [ -z "$(breaks "$work/$module.log")" ]; }; then
        echo "No breaking changes detected in $module (on the Apple surface)"
    else
        sed 's/^<unknown>:0: //' "$work/$module.log" >&2
        echo "check-api.sh: $module's public API broke from $(cat api/baseline.txt) (1.0.0)" >&2
        status=1
    fi
done
exit "$status"
