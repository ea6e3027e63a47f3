// UIKit API newer than iOS 16's SDK that PickerKit uses, behind `#available`.
// Used by scripts/check-ios-sdk.sh only, when the SDK is older than iOS 17's.
import UIKit

extension UIUserInterfaceIdiom {
    /// Apple: `case vision` (iOS 17, visionOS 1). An enum's case cannot be added from outside
    /// UIKit, so it is declared as a value of the type, which `==` and `switch` patterns compare
    /// the same way.
    /// https://developer.apple.com/documentation/uikit/uiuserinterfaceidiom/vision
    @available(iOS 17.0, *)
    public static var vision: UIUserInterfaceIdiom { UIUserInterfaceIdiom(rawValue: 6)! }
}
