@_spi(Surface) import AVFoundation
import Foundation
import PickerKit
import PickerKitTesting
import PickerKitUIKit
import SurfaceDevice
import Testing
@_spi(Surface) import UIKit

extension AppleSurfaceTests {
    /// The sources as a button's `UIMenu`.
    @MainActor
    @Suite("The source menu")
    struct SourceMenuTests {
        @Test func theMenuOffersTheSourcesAndAChoiceStartsIt() async throws {
            let phone = Phone()
            let menu = phone.picker.makeSourceMenu()
            let actions = menu.children.compactMap { $0 as? UIAction }
            #expect(menu.title == phone.picker.sourceMenu().title)
            #expect(actions.map(\.title) == phone.picker.sourceMenu().options.map(\.title))
            // A menu offers the camera and the library, as the system's own menus word them.
            #expect(actions.map(\.title) == ["Camera", "Gallery"])
            try #require(actions.count == 2)
            actions[1].surfacePerform()
            _ = await phone.waitFor { phone.presented.first is UIImagePickerController }
            await phone.settle()
            let browser = try #require(phone.presented.first as? UIImagePickerController)
            #expect(browser.sourceType == .photoLibrary)
            phone.expectNoCrash()
        }

        @Test func aSourceThatCannotStartReportsWhy() async throws {
            let phone = Phone()
            Device.current.cameraAccess = .denied
            var failures: [PickerError] = []
            let menu = phone.picker.makeSourceMenu { failures.append($0) }
            let camera = try #require(menu.children.compactMap { $0 as? UIAction }.first { $0.title == "Camera" })
            camera.surfacePerform()
            _ = await phone.waitFor { !failures.isEmpty }
            #expect(failures == [.authorizationDenied(.camera)])
            #expect(phone.presented.isEmpty)
            phone.expectNoCrash()
        }
    }
}
