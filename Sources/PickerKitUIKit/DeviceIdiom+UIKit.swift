#if canImport(UIKit)
import PickerKit
import UIKit

extension DeviceIdiom {
    /// This device's idiom, from `UIDevice.current.userInterfaceIdiom`: a pad, a Mac (Mac
    /// Catalyst), Apple Vision Pro, or a phone for anything else. `UIKitPresenter` and
    /// PickerKitSwiftUI's `PresentationModel()` use it.
    @MainActor
    public static var current: DeviceIdiom {
        let idiom = UIDevice.current.userInterfaceIdiom
        switch idiom {
        case .pad: return .pad
        case .mac: return .mac
        default:
            if #available(iOS 17, *), idiom == .vision { return .vision }
            return .phone
        }
    }
}
#endif
