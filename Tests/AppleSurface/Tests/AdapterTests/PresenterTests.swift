import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import PickerKitUIKit
@_spi(Surface) import PhotosUI
import SurfaceDevice
import Testing
@_spi(Surface) import UIKit

extension AppleSurfaceTests {
    /// `UIKitPresenter` against UIKit's presentation rules as devices follow them.
    @MainActor
    @Suite("UIKitPresenter")
    struct PresenterTests {
        @Test func itKeepsThePresenterContract() async {
            let phone = Phone()
            let violations = await PresenterContract.violations { UIKitPresenter(host: phone.host, photos: phone.photos) { _ in UIViewController() } }
            #expect(violations == [])
            phone.expectNoCrash()
        }

        @Test func aSwipedDownSheetIsOneCancelWithoutAttachAndThePickerIsFreeAgain() async throws {
            // The presenter reached the picker only through ProfilePicker(photoSource:presenter:).
            let phone = Phone(idiom: .pad)
            let button = UIView(frame: CGRect(x: 10, y: 10, width: 44, height: 44))
            phone.host.view.addSubview(button)
            let anchor = PopoverAnchor(sourceView: button, sourceRect: .zero, name: "button")
            try await phone.picker.selectFromPhotoLibrary(anchor: anchor)
            await phone.settle()
            let browser = try #require(phone.presented.first as? UIImagePickerController)
            #expect(browser.surfaceTapOutsidePopover())
            await phone.settle()
            phone.transcript.expect([
                "picker: start source photoLibrary",
                "picker: end cancelled (user)",
                "delegate: didCancel",
            ])
            #expect(phone.presented.isEmpty)
            try await phone.picker.selectFromPhotoLibrary(anchor: anchor)
            await phone.settle()
            #expect(phone.presented.first is UIImagePickerController, "not wedged: no sessionInProgress")
            phone.expectNoCrash()
            phone.transcript.clear()
        }

        @Test func aPopoverPointsAtTheWholeViewWhenItsAnchorHasNoRectangle() async throws {
            let phone = Phone(idiom: .pad)
            let button = UIView(frame: CGRect(x: 300, y: 20, width: 60, height: 40))
            phone.host.view.addSubview(button)
            try await phone.picker.selectFromPhotoLibrary(
                anchor: PopoverAnchor(sourceView: button, sourceRect: .zero, permittedArrowDirections: [.up], name: "button"))
            await phone.settle()
            let popover = try #require(phone.presented.first?.popoverPresentationController)
            #expect(popover.sourceView === button)
            #expect(popover.sourceRect == CGRect(x: 0, y: 0, width: 60, height: 40))
            #expect(popover.permittedArrowDirections == [.up])
            phone.expectNoCrash()
        }

        @Test func aBarButtonItemAnchorIsTheSourceItem() async throws {
            let phone = Phone(idiom: .pad)
            let item = UIBarButtonItem()
            try phone.picker.chooseSource(.actionSheet, anchor: PopoverAnchor(barButtonItem: item))
            await phone.settle()
            let sheet = try #require(phone.presented.first as? UIAlertController)
            #expect(sheet.popoverPresentationController?.sourceItem === item)
            phone.expectNoCrash()
        }

        @Test func anAnchorOnSomethingElseEndsTheSessionInsteadOfRaising() async throws {
            let phone = Phone(idiom: .pad)
            let notAView = NSObject()
            try phone.picker.chooseSource(.actionSheet, anchor: PopoverAnchor(sourceView: notAView, sourceRect: .zero, name: "model"))
            await phone.settle()
            #expect(phone.presented.isEmpty)
            phone.transcript.expect([
                "picker: start chooser actionSheet",
                "picker: end failed: the picker's screen could not be presented: the popover anchor model points at neither a UIView nor a UIBarButtonItem",
                "delegate: didFail the picker's screen could not be presented: the popover anchor model points at neither a UIView nor a UIBarButtonItem",
            ])
            phone.expectNoCrash()
        }

        @Test func aHostThatIsAlreadyPresentingRefusesAndThePickerIsNotWedged() async throws {
            let phone = Phone()
            let other = UIViewController()
            phone.host.present(other, animated: false)
            await phone.settle()
            try phone.picker.edit(try PickerScenario.photo(width: 4, height: 3))
            await phone.settle()
            #expect(phone.presented.map { $0 === other } == [true])
            phone.transcript.expect([
                "picker: start edit 4x3",
                "picker: end failed: the picker's screen could not be presented: the host view controller is already presenting UIViewController",
                "delegate: didFail the picker's screen could not be presented: the host view controller is already presenting UIViewController",
            ])
            #expect(phone.picker.pendingWork == [])
            other.dismiss(animated: false)
            await phone.settle()
            try phone.picker.edit(try PickerScenario.photo(width: 4, height: 3))
            await phone.settle()
            #expect(phone.presented.first is AppScreen)
            phone.expectNoCrash()
            phone.transcript.clear()
        }

        @Test func aSystemPickerForAPickerLoadingFromAnotherSourceIsRefused() async throws {
            let phone = Phone()
            // The app's picker loads from a source of its own, not the presenter's photos: what
            // the system picker delivered would be registered where the picker never looks.
            let delegate = RecordingDelegate(transcript: phone.transcript)
            let other = ProfilePicker(photoSource: SystemPhotoSource(), presenter: phone.presenter, delegate: delegate, hostInfo: .allDeclared)
            other.eventHandler = { event in
                if case .sessionStarted = event { delegate.sessionStarted() }
            }
            try await other.selectFromPhotoLibrary()
            await phone.settle()
            #expect(phone.presented.isEmpty, "nothing is shown")
            let reasons = delegate.callbacks.map { callback -> PresentationProblem? in
                if case let .failed(.presentationFailed(problem)) = callback { problem } else { nil }
            }
            #expect(reasons == [.needsSystemPhotoSource(.browser)])
            // The presenter's own picker, loading from its photos, shows the system picker.
            try await phone.picker.selectFromPhotoLibrary()
            await phone.settle()
            #expect(phone.presented.first is UIImagePickerController)
            phone.expectNoCrash()
        }

        @Test func aHostOffScreenOrReleasedRefusesInsteadOfReportingSuccess() async throws {
            let phone = Phone()
            phone.window.rootViewController = UIViewController()
            try phone.picker.edit(try PickerScenario.photo(width: 4, height: 3))
            await phone.settle()
            #expect(phone.transcript.lines.last == "delegate: didFail the picker's screen could not be presented: the host view controller UIViewController is not in a window")
            phone.presenter.host = nil
            try phone.picker.edit(try PickerScenario.photo(width: 4, height: 3))
            await phone.settle()
            #expect(phone.transcript.lines.last == "delegate: didFail the picker's screen could not be presented: the host view controller was released")
            #expect(phone.delegate.callbacks.count == 2)
            // The reasons are typed: an app tells them apart without reading the text.
            let reasons = phone.delegate.callbacks.map { callback -> PresentationProblem? in
                if case let .failed(.presentationFailed(problem)) = callback { problem } else { nil }
            }
            #expect(reasons == [.hostNotInWindow(host: "UIViewController"), .hostReleased])
            phone.expectNoCrash()
        }

        @Test func theSourceChooserIsAnActionSheetWhoseChoicesReachThePicker() async throws {
            let phone = Phone()
            try phone.picker.chooseSource(.actionSheet)
            await phone.settle()
            let sheet = try #require(phone.presented.first as? UIAlertController)
            #expect(sheet.preferredStyle == .actionSheet)
            #expect(sheet.actions.map(\.title) == ["Take photo", "Camera roll", "Photo library", "Cancel"])
            #expect(sheet.actions.map(\.style) == [.default, .default, .default, .cancel])
            sheet.surfaceTap("Photo library")
            await phone.settle()
            #expect(phone.presented.first is UIImagePickerController)
            phone.transcript.expect(["picker: start chooser actionSheet"])
            #expect(phone.picker.navigation.stack.map(\.screen.kind) == [.browser])
            (phone.presented.first as? UIImagePickerController)?.surfaceTapCancel()
            await phone.settle()
            #expect(phone.delegate.callbacks.count == 1)
            phone.expectNoCrash()
            phone.transcript.clear()
        }

        @Test func tappingOutsideTheChooserOnAPadIsItsCancel() async throws {
            let phone = Phone(idiom: .pad)
            let button = UIView(frame: CGRect(x: 0, y: 0, width: 44, height: 44))
            phone.host.view.addSubview(button)
            try phone.picker.chooseSource(.actionSheet, anchor: PopoverAnchor(sourceView: button, sourceRect: .zero))
            await phone.settle()
            #expect(phone.presented.first?.surfaceTapOutsidePopover() == true)
            await phone.settle()
            #expect(phone.presented.isEmpty)
            phone.transcript.expect(["picker: start chooser actionSheet", "picker: end cancelled (user)", "delegate: didCancel"])
            phone.expectNoCrash()
        }

        @Test func anAlertShowsOverThePresentedPicker() async throws {
            let phone = Phone()
            try await phone.picker.selectFromPhotoLibrary()
            await phone.settle()
            let browser = try #require(phone.presented.first as? UIImagePickerController)
            browser.surfacePick([.mediaType: "public.image", .imageURL: URL(fileURLWithPath: "/nonexistent/IMG.jpeg")])
            await phone.settle()
            let alert = try #require(phone.presented.last as? UIAlertController)
            #expect(phone.presented.count == 2 && alert.preferredStyle == .alert)
            #expect(alert.message == "The item could not be loaded. Try again or pick another.")
            phone.expectNoCrash()
            phone.transcript.clear()
        }
    }
}
