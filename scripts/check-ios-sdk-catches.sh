#!/usr/bin/env bash
# Shows that scripts/check-ios-sdk.sh catches the mistakes only Apple's SDK shows: each is put
# into a copy of the repository's sources, and the check must fail on it with the diagnostic
# Apple's declarations give. Not run by CI (four runs of the check, about two minutes warm); run
# it after changing the check.
#
#   scripts/check-ios-sdk-catches.sh [SDK]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
sdk=${1:-$root/../shared/apple-sdk/iPhoneOS16.5.sdk}
export PICKERKIT_IOS_SDK_WORK=$root/.build/ios-sdk
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
status=0

# catch NAME FILE EXPECTED CONTENT: CONTENT written to FILE in a fresh copy must make the check
# fail with a diagnostic matching EXPECTED.
catch() {
    local name=$1 file=$2 expected=$3 content=$4
    rm -rf "$copy/repo"
    mkdir -p "$copy/repo/Tests" "$copy/repo/Examples"
    cp -R Sources scripts README.md "$copy/repo/"
    cp -R Tests/ImagingTestSupport "$copy/repo/Tests/"
    cp -R Examples/AvatarApp "$copy/repo/Examples/"
    printf '%s\n' "$content" >"$copy/repo/$file"
    if "$copy/repo/scripts/check-ios-sdk.sh" "$sdk" >"$copy/out" 2>&1; then
        echo "NOT CAUGHT: $name (the check passed)"
        status=1
    elif grep -E "^$file:[0-9]+:[0-9]+: error: .*$expected" "$copy/out" >"$copy/hit"; then
        echo "caught: $name: $(sed 's/^[^ ]* error: //' "$copy/hit" | head -1)"
    else
        echo "NOT CAUGHT: $name (the check failed, but not with '$expected' in $file)"
        grep -E ' error: ' "$copy/out" | head -5
        status=1
    fi
}

catch "a UIViewController subclass property named editing" Sources/PickerKitUIKit/Mistake.swift "override" \
'#if canImport(UIKit)
import UIKit

final class MistakeViewController: UIViewController {
    private var editing: Int? { nil }
}
#endif'

catch "a switch over an AVFoundation enum without @unknown default" Sources/PickerKitUIKit/Mistake.swift "unknown values" \
'#if canImport(AVFoundation)
import AVFoundation

func mistake(_ mode: AVCaptureDevice.FlashMode) -> Int {
    switch mode {
    case .off: 0
    case .on: 1
    case .auto: 2
    }
}
#endif'

catch "a misspelled UIKit method" Sources/PickerKitUIKit/Mistake.swift "has no member 'layoutIfNeded'" \
'#if canImport(UIKit)
import UIKit

@MainActor
func mistake(_ view: UIView) {
    view.layoutIfNeded()
}
#endif'

catch "CGRect.width in a file whose imports bring no CoreGraphics overlay" Sources/PickerKit/Mistake.swift "width" \
'import Foundation

func mistake(_ rect: CGRect) -> Double {
    Double(rect.width)
}'

exit $status
