#if canImport(UIKit) && !os(tvOS) && !os(watchOS)
// iOS 16's SDK declares UIKit's accessibility traits as mutable globals
// (`UIKIT_EXTERN UIAccessibilityTraits UIAccessibilityTraitImage;`), which Swift 6 refuses to
// read; iOS 17's and later declare them `nonisolated static let`
// (https://developer.apple.com/documentation/uikit/uiaccessibilitytraits/image). This file, the
// one place PickerKit names a trait, imports UIKit as written before concurrency checking, so the
// same line compiles against both.
@preconcurrency import UIKit

extension UIAccessibilityTraits {
    /// The edit screen's photo: an image that VoiceOver adjusts (swiping up and down zooms).
    static var adjustableImage: UIAccessibilityTraits { [.image, .adjustable] }
    /// A trim handle: VoiceOver adjusts its time.
    static var adjustableHandle: UIAccessibilityTraits { .adjustable }
}
#endif
