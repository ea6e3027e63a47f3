import Foundation
import PickerKit
import PickerKitUIKit
import Testing
import UIKit

extension AppleSurfaceTests {
    /// What an app builds an "Open Settings" button from.
    @MainActor
    @Suite("Errors for the developer and the person")
    struct ErrorTests {
        @Test func onlyAccessThePersonDeniedOpensSettings() {
            #expect(PickerError.authorizationDenied(.camera).settingsURL == URL(string: UIApplication.openSettingsURLString))
            #expect(PickerError.authorizationDenied(.photoLibrary).settingsURL?.absoluteString == "app-settings:")
            #expect(PickerError.authorizationRestricted(.camera).settingsURL == nil, "a policy is not undone in Settings")
            #expect(PickerError.missingUsageDescription(.camera).settingsURL == nil)
        }
    }
}
