#!/usr/bin/env bash
# Type-checks every PickerKit module that ships for iPhone against Apple's own iPhoneOS SDK, for
# arm64-apple-ios16.0 (the package's declared minimum), in Swift 6 language mode (complete
# concurrency checking) with warnings as errors: PickerImaging, PickerCodecs, PickerKit,
# PickerKitTesting (with ImagingTestSupport, which it re-exports), PickerKitUIKit and
# PickerKitSwiftUI, then the README's code samples and Examples/AvatarApp, those two lowered to
# SIL as well for the diagnostics that run there.
#
#   scripts/check-ios-sdk.sh [SDK]
#
# SDK defaults to ../shared/apple-sdk/iPhoneOS16.5.sdk beside the repository (the interfaces of
# Apple's iOS SDK: headers, module maps, API notes and Swift interfaces; the folder is named 16.5,
# and its SDKSettings.json, which the check reads and prints, says iOS 16.4); any iPhoneOS SDK
# directory works. On a Mac, check against Xcode's own SDK with Xcode's toolchain:
#
#   scripts/check-ios-sdk.sh "$(xcrun --sdk iphoneos --show-sdk-path)"
#
# (on macOS the script runs `xcrun --sdk iphoneos swiftc` with Xcode's resource directory; on
# Linux, the toolchain's swiftc with a resource directory holding none of Linux's module maps).
#
# An SDK older than iOS 17's lacks API that PickerKit uses behind `#available` (the Observation
# module, the camera's rotation coordinator, …) and the Swift 5.9 library API Xcode 15 and later
# back-deploy to iOS 16 (`MainActor.assumeIsolated`): scripts/ios-sdk-delta/ declares it, one
# file per framework, each declaration citing Apple's page (README.md there). The delta is used
# only with such an SDK, and only for the modules that need it: the Apple adapters, the README's
# samples and the example app. Its modules sit in a folder of their own, on those modules' search
# path only, so a core module that imports Observation fails as it would on iOS 16.
#
# Every file is checked with `MemberImportVisibility` on, so a file that uses an extension's
# members (`CGRect.width`) must import the module that declares them, as the package builds it.
# Every file's diagnostics are printed, not only the first failing batch's
# (-continue-building-after-errors). The code the check cannot see — branches of `#if` that are
# false for iOS, the targets that do not ship for iPhone — is listed with the reason.
#
# It fails on any error or warning, in either step (the type-check, or emitting the module the
# next modules import). Logs are in .build/ios-sdk/<module>.log.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
sdk_in=${1:-$root/../shared/apple-sdk/iPhoneOS16.5.sdk}
[ -d "$sdk_in" ] || { echo "check-ios-sdk: no SDK at $sdk_in" >&2; exit 2; }
sdk_in=$(cd "$sdk_in" && pwd)
# Where the mended SDK, the module cache, the modules and the logs go (scripts/check-ios-sdk-catches.sh
# shares one between copies of the repository, so its runs start warm).
work=${PICKERKIT_IOS_SDK_WORK:-$root/.build/ios-sdk}
mkdir -p "$work"
target=arm64-apple-ios16.0
started=$SECONDS

# The SDK's version, from SDKSettings.json ("Version":"16.4").
version=$(sed -n 's/.*"Version" *: *"\([0-9][0-9.]*\)".*/\1/p' "$sdk_in/SDKSettings.json" 2>/dev/null | head -1)
[ -n "$version" ] || { echo "check-ios-sdk: $sdk_in/SDKSettings.json gives no Version" >&2; exit 2; }

# The compiler and its resource directory.
if [ "$(uname)" = Darwin ]; then
    swiftc=(xcrun --sdk iphoneos swiftc)
    resource=()
    sdk=$sdk_in
else
    swiftc=(swiftc)
    bin=$(dirname "$(readlink -f "$(command -v swiftc)")")
    # Linux's resource directory maps Glibc and friends; Apple's SDK brings Darwin's. Keep only
    # the compiler's own clang headers and shims, plus the API notes Xcode's toolchain ships.
    rd=$work/resource
    rm -rf "$rd"
    mkdir -p "$rd/apinotes"
    ln -s "$bin/../lib/swift/clang" "$rd/clang"
    ln -s "$bin/../lib/swift/shims" "$rd/shims"
    cp "$bin/../lib/swift/apinotes/std.apinotes" "$rd/apinotes/"
    if [ -d "$sdk_in/../toolchain-apinotes" ]; then cp "$sdk_in"/../toolchain-apinotes/*.apinotes "$rd/apinotes/"; fi
    resource=(-resource-dir "$rd")
    # An SDK copied without its symbolic links (an archive that stores a link as a file holding
    # its target's path: usr/include/pthread.h reads "pthread/pthread.h") is mended in a copy
    # under .build; one whose links are intact is used where it is.
    links=$(cd "$sdk_in" && find usr/include -type f -size -200c -print0 | while IFS= read -r -d '' f; do
        content=$(head -c 200 "$f")
        if [[ "$content" != *$'\n'* && "$content" =~ ^[A-Za-z0-9_./-]+\.h$ && -f "$(dirname "$f")/$content" ]]; then
            printf '%s\t%s\n' "$f" "$content"
        fi
    done)
    if [ -z "$links" ]; then
        sdk=$sdk_in
    else
        sdk=$work/$(basename "$sdk_in")
        stamp="$sdk_in"$'\n'"$links"
        if [ ! -f "$sdk.stamp" ] || [ "$(cat "$sdk.stamp")" != "$stamp" ]; then
            rm -rf "$sdk"
            cp -a "$sdk_in" "$sdk"
            chmod -R u+w "$sdk"
            while IFS=$'\t' read -r f link; do
                rm "$sdk/$f"
                ln -s "$link" "$sdk/$f"
            done <<<"$links"
            printf '%s' "$stamp" >"$sdk.stamp"
        fi
        echo "SDK: $(wc -l <<<"$links") header links of $sdk_in are stored as files; mended in a copy under .build"
    fi
fi
cache=$work/module-cache
modules=$work/modules
# The delta's modules, apart: only the modules that use the delta see them.
delta_modules=$work/delta-modules
rm -rf "$modules" "$delta_modules"
mkdir -p "$cache" "$modules" "$delta_modules"
base=(-target "$target" -sdk "$sdk" "${resource[@]}" -module-cache-path "$cache" -swift-version 6
    -enable-upcoming-feature MemberImportVisibility -package-name pickerkit -I "$modules")
common=("${base[@]}" -warnings-as-errors)
echo "SDK: iOS $version ($sdk_in), target $target"

status=0
failed=()
# compile NAME [flags --] FILES...: type-checks the files, every body included, then emits the
# module for the ones after it, bodies skipped: they were checked in the first pass, and lowering
# typed-throws bodies to SIL against a Swift 5.8 standard library crashes today's compiler.
# Either step failing fails the check. COMPILE_INTO names another folder for the module.
# COMPILE_SIL=1 also lowers the files to SIL, which runs the diagnostics a type-check does not:
# definite initialization, missing returns, sending values across isolation (for the README's
# samples and the example app, whose bodies the standard library's lowering handles).
compile() {
    local name=$1 into=${COMPILE_INTO:-$modules}
    shift
    local extra=()
    if [[ " $* " == *" -- "* ]]; then
        while [ "$1" != -- ]; do extra+=("$1"); shift; done
        shift
    fi
    local log=$work/$name.log
    local begun=$SECONDS
    if ! "${swiftc[@]}" -typecheck -parse-as-library -module-name "$name" "${common[@]}" "${extra[@]}" -j 2 \
        -continue-building-after-errors "$@" >"$log" 2>&1; then
        status=1
        failed+=("$name")
    fi
    if [ -n "${COMPILE_SIL:-}" ] && ! "${swiftc[@]}" -emit-sil -wmo -parse-as-library -module-name "$name" "${common[@]}" "${extra[@]}" \
        -o "$work/$name.sil" "$@" >>"$log" 2>&1; then
        status=1
        [[ " ${failed[*]} " == *" $name "* ]] || failed+=("$name")
    fi
    if ! "${swiftc[@]}" -emit-module -wmo -parse-as-library -module-name "$name" "${common[@]}" "${extra[@]}" \
        -Xfrontend -experimental-skip-non-inlinable-function-bodies -emit-module-path "$into/$name.swiftmodule" \
        "$@" >>"$log" 2>&1; then
        status=1
        [[ " ${failed[*]} " == *" $name "* ]] || failed+=("$name")
        echo "$name: emitting the module failed:" >>"$log"
    fi
    # A file's diagnostics, and the driver's own (a compiler crash is "error: compile command
    # failed due to signal 11").
    local errors warnings
    errors=$(grep -E '^([^ ].*: )?error: ' "$log" | sort -u | grep -c . || true)
    warnings=$(grep -E '^[^ ].*: warning: ' "$log" | sort -u | grep -c . || true)
    printf '%-20s %3d files  %3d errors  %3d warnings  (%d s)\n' "$name" "$#" "$errors" "$warnings" $((SECONDS - begun))
    grep -E '^(([^ ].*: )?error|[^ ].*: warning): ' "$log" | sort -u | sed "s|^$root/||" || true
}

swift_files() { find "$@" -name '*.swift' | LC_ALL=C sort; }

# The delta, for an SDK older than iOS 17's: Observation as a module of its own, the rest as one
# module that the adapters, the samples and the app import implicitly.
delta=()
delta_dir=scripts/ios-sdk-delta
if [ "${version%%.*}" -lt 17 ]; then
    echo "delta: iOS $version predates iOS 17; declaring $(grep -c 'Apple: ' "$delta_dir"/*.swift | awk -F: '{ n += $2 } END { print n }') declarations from $delta_dir"
    COMPILE_INTO=$delta_modules compile Observation "$delta_dir/Observation.swift"
    COMPILE_INTO=$delta_modules compile IOSSDKDelta -I "$delta_modules" -- $(ls "$delta_dir"/*.swift | grep -v '/Observation.swift$')
    delta=(-I "$delta_modules" -Xfrontend -import-module -Xfrontend IOSSDKDelta)
fi

compile PickerImaging $(swift_files Sources/PickerImaging)
compile PickerCodecs $(swift_files Sources/PickerCodecs)
# PickerKit ships resources (its strings), so SwiftPM and Xcode give it a generated accessor,
# `Bundle.module`, that the sources use: a stand-in with the same declaration, finding the
# bundle where an app, a framework or a command-line tool keeps it. Where the SDK marks Bundle
# Sendable (Xcode 16's iOS 18 SDK and later, the ones that build Swift 6) it is SwiftPM's own
# `static let module`; iOS 16's SDK does not, and there the stand-in is `nonisolated(unsafe)`
# (which, on a Sendable Bundle, is a warning). A probe asks the SDK.
sendable_probe=$work/bundle-sendable.swift
printf 'import Foundation
func needsSendable(_: some Sendable) {}
func probe() { needsSendable(Bundle.main) }
' >"$sendable_probe"
if "${swiftc[@]}" -typecheck -parse-as-library "${common[@]}" "$sendable_probe" >/dev/null 2>&1; then
    isolation=""
else
    isolation="nonisolated(unsafe) "
fi
accessor=$work/resource_bundle_accessor.swift
cat >"$accessor" <<SWIFT
import Foundation

private final class ResourceBundleFinder {}

extension Foundation.Bundle {
    ${isolation}static let module: Bundle = {
        let name = "PickerKit_PickerKit.bundle"
        let places = [Bundle.main.resourceURL, Bundle(for: ResourceBundleFinder.self).resourceURL, Bundle.main.bundleURL]
        for place in places {
            if let url = place?.appendingPathComponent(name), let bundle = Bundle(url: url) { return bundle }
        }
        Swift.fatalError("no resource bundle \\(name)")
    }()
}
SWIFT
compile PickerKit $(swift_files Sources/PickerKit) "$accessor"
compile ImagingTestSupport $(swift_files Tests/ImagingTestSupport)
compile PickerKitTesting $(swift_files Sources/PickerKitTesting)
compile PickerKitUIKit "${delta[@]}" -- $(swift_files Sources/PickerKitUIKit)
compile PickerKitSwiftUI "${delta[@]}" -- $(swift_files Sources/PickerKitSwiftUI)

# The README's samples from its quick start to its state machine, one file each (a sample that
# imports nothing is given PickerKit and PickerImaging, which the README's prose says it uses).
samples=$work/readme-samples
rm -rf "$samples"
mkdir -p "$samples"
awk -v dir="$samples" '
    /^## Quick start/ { on = 1 } /^## The state machine/ { on = 0 }
    on && /^```swift$/ { n++; file = sprintf("%s/Sample%02d.swift", dir, n); inside = 1; next }
    inside && /^```$/ { inside = 0; next }
    inside { print > file }' README.md
for file in "$samples"/*.swift; do
    if ! grep -q '^import ' "$file"; then
        { printf 'import PickerImaging\nimport PickerKit\n'; cat "$file"; } >"$file.tmp" && mv "$file.tmp" "$file"
    fi
done
COMPILE_SIL=1 compile ReadmeSamples "${delta[@]}" -- $(swift_files "$samples")
COMPILE_SIL=1 compile AvatarApp "${delta[@]}" -- $(swift_files Examples/AvatarApp)

# What the check cannot see, said rather than skipped: each branch of an `#if` in the checked
# files that is false for iOS (a probe compiled for the target, the delta's modules in sight, warns
# for each), and the targets
# that do not ship for iPhone.
probe=$work/branches.swift
checked=(Sources/PickerImaging Sources/PickerCodecs Sources/PickerKit Sources/PickerKitTesting
    Sources/PickerKitUIKit Sources/PickerKitSwiftUI Tests/ImagingTestSupport Examples/AvatarApp)
swift_files "${checked[@]}" | while IFS= read -r file; do
    awk -v file="$file" '
        function emit(expr, line) { printf "#if %s\n#else\n#warning(\"%s:%d\")\n#endif\n", expr, file, line }
        /^[[:space:]]*#if / { c = $0; sub(/^[[:space:]]*#if /, "", c); d++; seen[d] = "(" c ")"; emit(seen[d], NR); next }
        /^[[:space:]]*#elseif / { c = $0; sub(/^[[:space:]]*#elseif /, "", c); emit("!(" seen[d] ") && (" c ")", NR); seen[d] = seen[d] " || (" c ")"; next }
        /^[[:space:]]*#else/ { emit("!(" seen[d] ")", NR); next }
        /^[[:space:]]*#endif/ { d--; next }' "$file"
done >"$probe"
"${swiftc[@]}" -typecheck -parse-as-library "${base[@]}" -I "$delta_modules" "$probe" 2>&1 | sed -n 's/^.*warning: \([^ ]*:[0-9]*\)$/\1/p' | sort -u | while IFS= read -r place; do
    condition=$(sed -n "${place##*:}p" "${place%:*}" | sed 's/^[[:space:]]*//')
    echo "not compiled for iOS: $place ($condition)"
done || true
echo "not shipped for iPhone, not checked: Examples/AvatarDemo (the command-line demo), Sources/picker-image (a command-line tool), Fuzz/Targets (the fuzzers), the test targets"

echo "check-ios-sdk: $((SECONDS - started)) s"
if [ "$status" != 0 ]; then
    echo "check-ios-sdk: failed in ${failed[*]} (logs in $work)" >&2
fi
exit "$status"
