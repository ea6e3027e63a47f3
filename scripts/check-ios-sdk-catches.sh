#!/usr/bin/env bash
# Shows that scripts/check-ios-sdk.sh catches the mistakes only Apple's SDK shows: each is put
# into a copy of the repository's sources, and the check must fail on it with the diagnostic
# Apple's declarations give, or the compiler's later passes give. Then the unchanged sources must
# pass, with every branch the check cannot see listed. Not run by CI (eleven runs of the check,
# about four minutes warm); run it after changing the check.
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

# catch NAME FILE EXPECTED CONTENT [WHERE]: CONTENT written to FILE in a fresh copy must make the
# check fail with a diagnostic matching EXPECTED, in FILE or in the files WHERE matches.
catch() {
    local name=$1 file=$2 expected=$3 content=$4 where=${5:-$2}
    rm -rf "$copy/repo"
    mkdir -p "$copy/repo/Tests" "$copy/repo/Examples"
    cp -R Sources scripts README.md "$copy/repo/"
    cp -R Tests/ImagingTestSupport "$copy/repo/Tests/"
    cp -R Examples/AvatarApp "$copy/repo/Examples/"
    printf '%s\n' "$content" >"$copy/repo/$file"
    if "$copy/repo/scripts/check-ios-sdk.sh" "$sdk" >"$copy/out" 2>&1; then
        echo "NOT CAUGHT: $name (the check passed)"
        status=1
    elif grep -E "^$where:[0-9]+:[0-9]+: error: .*$expected" "$copy/out" >"$copy/hit"; then
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

catch "a trim handle naming a UIKit accessibility trait, a mutable global in iOS 16 (the surface cannot tell)" \
    Sources/PickerKitUIKit/Mistake.swift "adjustable" \
'#if canImport(UIKit)
import UIKit

@MainActor
func mistake(_ handle: UIView) {
    handle.accessibilityTraits = .adjustable
}
#endif'

catch "a misspelled selector in runtime-only code (a gesture recognizer's action, which the surface cannot compile)" \
    Sources/PickerKitUIKit/Mistake.swift "pinchd" \
'#if canImport(ObjectiveC) && canImport(UIKit)
import UIKit

@MainActor
final class MistakeController: UIViewController {
    @objc func pinched(_ recognizer: UIPinchGestureRecognizer) {}

    func install() {
        view.addGestureRecognizer(UIPinchGestureRecognizer(target: self, action: #selector(pinchd(_:))))
    }
}
#endif'

catch "CGRect.width in a file whose imports bring no CoreGraphics overlay" Sources/PickerKit/Mistake.swift "width" \
'import Foundation

func mistake(_ rect: CGRect) -> Double {
    Double(rect.width)
}'

catch "a core module importing Observation, which iOS 16 lacks (the delta is the adapters' only)" \
    Sources/PickerKit/Mistake.swift "no such module 'Observation'" \
'import Observation

@Observable
final class Mistake {
    var value = 0
}'

catch "an error only the module-emitting step finds (definite initialization in an inlinable body)" \
    Sources/PickerKit/Mistake.swift "used before being initialized" \
'@inlinable
public func mistake(_ flag: Bool) -> Int {
    let value: Int
    if flag { value = 1 }
    return value
}'

catch "a value used before it is set in the example app (a SIL diagnostic)" \
    Examples/AvatarApp/Sources/Mistake.swift "used before being initialized" \
'#if canImport(UIKit)
import UIKit

@MainActor
func mistake(_ view: UIView) -> CGFloat {
    let width: CGFloat
    if view.isHidden { width = 1 }
    return width
}
#endif'

fence='```'
catch "a missing return in a README sample" README.md "missing return" \
"$(awk -v fence="$fence" '{ print } /^## Quick start/ {
    print ""; print fence "swift"; print "func mistake(_ flag: Bool) -> Int {"; print "    if flag { return 1 }"; print "}"; print fence }' README.md)" \
    ".*/readme-samples/Sample01.swift"

# The unchanged sources pass, and the listing of what the check cannot see names the Musl
# branches of an #if/#elseif chain.
rm -rf "$copy/repo"
mkdir -p "$copy/repo/Tests" "$copy/repo/Examples"
cp -R Sources scripts README.md "$copy/repo/"
cp -R Tests/ImagingTestSupport "$copy/repo/Tests/"
cp -R Examples/AvatarApp "$copy/repo/Examples/"
if ! "$copy/repo/scripts/check-ios-sdk.sh" "$sdk" >"$copy/out" 2>&1; then
    echo "FAILED: the unchanged sources do not pass"
    grep -E ' error: | warning: ' "$copy/out" | head -5
    status=1
fi
musl=$(grep -rlE '^[[:space:]]*#elseif canImport\(Musl\)' Sources | LC_ALL=C sort)
for file in $musl; do
    if grep -q "^not compiled for iOS: $file:[0-9]* (#elseif canImport(Musl))" "$copy/out"; then
        echo "listed: $file's Musl branch"
    else
        echo "NOT LISTED: $file's Musl branch"
        status=1
    fi
done

exit $status
