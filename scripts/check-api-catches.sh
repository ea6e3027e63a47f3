#!/usr/bin/env bash
# Shows that scripts/check-api.sh holds the public API: in a copy of the working tree, the
# unchanged sources must pass; then each break below is made, alone, and the check must fail
# with the message for it; an allowlisted break must pass only with its changelog line. Not run
# by CI (a fresh build of the package and the Apple surface, then a rebuild a mutation, about
# five minutes); run it after changing the check.
#
#   scripts/check-api-catches.sh
set -euo pipefail
cd "$(dirname "$0")/.."
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do
    if [ -e "$f" ] || [ -L "$f" ]; then mkdir -p "$copy/$(dirname "$f")" && cp -a "$f" "$copy/$f"; fi
done
(cd "$copy" && git init -q && git add -A && git -c user.name=check -c user.email=check@localhost commit -qm copy)
status=0

# check NAME EXPECT(pass|fail) PATTERN: runs the check in the copy; it must pass or fail as told,
# and its output must match PATTERN.
check() {
    local name=$1 expect=$2 pattern=$3 result
    if "$copy/scripts/check-api.sh" >"$copy/out" 2>&1; then result=pass; else result=fail; fi
    if [ "$result" != "$expect" ]; then
        echo "WRONG: $name: the check should $expect, it did not"
        grep -vE '^\[[0-9]+/[0-9]+\]' "$copy/out" | tail -8
        status=1
    elif ! grep -qE -- "$pattern" "$copy/out"; then
        echo "WRONG: $name: the check $result, but without '$pattern'"
        grep -vE '^\[[0-9]+/[0-9]+\]' "$copy/out" | tail -8
        status=1
    else
        echo "$result as it should: $name: $(grep -m1 -oE -- "$pattern" "$copy/out")"
    fi
}

# mutate FILE FROM TO: replaces FROM (a fixed string that must be there) with TO in the copy.
mutate() {
    python3 -c 'import sys; p,a,b=sys.argv[1:]; s=open(p).read(); assert a in s, a; open(p,"w").write(s.replace(a,b,1))' \
        "$copy/$1" "$2" "$3"
}
restore() { (cd "$copy" && git checkout -q -- .); }

check "the unchanged sources" pass "No breaking changes detected in PickerKitSwiftUI"

mutate Sources/PickerKit/Media/MovieSettings.swift "    case low
}" "    case low
    /// A mistake.
    case lowest
}"
check "a case added to an enum apps may switch over exhaustively (PickerKit)" fail "VideoQuality.lowest has been added as a new enum case"
restore

mutate Sources/PickerKit/Workflow/PickerEvent.swift "    case movieExportCancelled
" "    case movieExportCancelled
    /// A case a minor version may add.
    case movieExportPaused
"
mutate Sources/PickerKit/Workflow/PickerEvent.swift '        case .movieExportCancelled: "export cancelled"
' '        case .movieExportCancelled: "export cancelled"
        case .movieExportPaused: "export paused"
'
check "a case added to an enum api/open-enums.txt lists (PickerEvent)" pass "cases added to open enums"
restore

mutate Sources/PickerImaging/Colour/ColorProfile+ICC.swift "public static let maximumTagCount" "static let maximumTagCount"
check "a public declaration removed (PickerImaging)" fail "ColorProfile.maximumTagCount has been removed"
restore

mutate Sources/PickerCodecs/Files/DecodeOptions.swift "public var scanLimit: Int" "public internal(set) var scanLimit: Int"
check "a public setter made internal (PickerCodecs)" fail "DecodeOptions.scanLimit.Set\(\) has been removed"
restore

mutate Sources/PickerKitUIKit/UIKitPresenter.swift "public var usesSystemPickers = true" "public internal(set) var usesSystemPickers = true"
check "a public setter made internal (PickerKitUIKit, on the Apple surface)" fail "UIKitPresenter.usesSystemPickers.Set\(\) has been removed"

printf '%s\n' 'API breakage: accessor UIKitPresenter.usesSystemPickers.Set() has been removed' >>"$copy/api/allowed-breaks.txt"
check "that break allowlisted without a changelog line" fail "has no changelog: line above it"

printf '\n%s\n%s\n' 'changelog: - `UIKitPresenter.usesSystemPickers` is set once, by the initializer.' \
    'API breakage: accessor UIKitPresenter.usesSystemPickers.Set() has been removed' >"$copy/allowed"
cp "$copy/allowed" "$copy/api/allowed-breaks.txt"
check "that break allowlisted with a changelog line CHANGELOG.md does not have" fail "is not a line of CHANGELOG.md"

mutate CHANGELOG.md "## [Unreleased]" '## [Unreleased]

### Changed

- `UIKitPresenter.usesSystemPickers` is set once, by the initializer.'
check "that break allowlisted with its changelog line" pass "No breaking changes detected in PickerKitUIKit"
restore

mutate Sources/PickerKit/Coordinator/ProfilePicker.swift "public func idle(timeout: Duration = .seconds(5)) async -> [String]" \
    "public func idle(timeout: Duration = .seconds(5)) async throws -> [String]"
# Its callers in the package, and in the adapters' tests, are made to compile.
grep -rlE 'await [A-Za-z.]*\.idle\(' "$copy/Sources" "$copy/Tests/AppleSurface/Tests" |
    xargs sed -i -E 's/await ([A-Za-z.]*)\.idle\(/try! await \1.idle(/g'
check "a public method made throwing (PickerKit)" fail "ProfilePicker.idle\(timeout:\).*throw.*"
restore

exit "$status"
