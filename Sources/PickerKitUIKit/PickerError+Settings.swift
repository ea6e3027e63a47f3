#if canImport(UIKit)
import Foundation
import PickerKit
import UIKit

extension PickerError {
    /// The URL that opens this app's page in the Settings app, for an error the person can undo
    /// there (``PickerKit/PickerError/isFixableInSettings``: access they denied); `nil` for any
    /// other error.
    ///
    /// ```swift
    /// if let settings = error.settingsURL {
    ///     alert.addAction(UIAlertAction(title: "Open Settings", style: .default) { _ in UIApplication.shared.open(settings) })
    /// }
    /// ```
    @MainActor
    public var settingsURL: URL? {
        isFixableInSettings ? URL(string: UIApplication.openSettingsURLString) : nil
    }
}
#endif
