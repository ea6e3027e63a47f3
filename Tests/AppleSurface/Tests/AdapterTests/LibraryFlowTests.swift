import Foundation
import PickerImaging
import PickerCodecs
import PickerKit
import PickerKitTesting
import PickerKitUIKit
@_spi(Surface) import ImageIO
@_spi(Surface) import PhotosUI
import SurfaceDevice
import Testing
@_spi(Surface) import UIKit

extension AppleSurfaceTests {
    /// The photo library through the system image picker, from the start to the delegate.
    @MainActor
    @Suite("The library through UIImagePickerController")
    struct LibraryFlowTests {
        @Test func aPickIsPushedOnThePickersOwnStackAndChooseFinishesInTheAssetsPixels() async throws {
            var configuration = PickerConfiguration()
            configuration.output.size = 100
            let phone = Phone(configuration: configuration)
            let photo = try Photos.jpeg(width: 1600, height: 1200)
            let file = try Photos.file(photo, named: "IMG_0001.jpeg")
            try await phone.picker.selectFromPhotoLibrary()
            await phone.settle()
            let browser = try #require(phone.presented.first as? UIImagePickerController)
            #expect(browser.sourceType == .photoLibrary && browser.mediaTypes == ["public.image"] && !browser.allowsEditing)
            browser.surfacePick([.mediaType: "public.image", .imageURL: file, .originalImage: UIImage()])
            await phone.settle()
            let editor = try #require(phone.topScreen)
            #expect(browser.viewControllers.count == 2 && browser.topViewController === editor, "pushed on the picker's own stack (B2)")
            #expect(browser.isNavigationBarHidden)
            phone.tap(.chooseTapped, on: editor.route.id)
            await phone.settle()
            #expect(phone.presented.isEmpty)
            phone.transcript.expect([
                "picker: start source photoLibrary",
                "picker: load picked-1 (public.image)",
                // The default output is 100 px at up to 5x zoom: 500 px of the short side are enough.
                "picker: loaded picked-1: image 667x500 up (1)",
                "user: chooseTapped on #2",
                "picker: end finished public.image edited 100x100 from 1600x1200 (loaded at 667x500) crop (200,0,1200,1200)",
                "delegate: didFinish public.image edited 100x100 from 1600x1200 (loaded at 667x500) crop (200,0,1200,1200)",
            ])
            #expect(!FileManager.default.fileExists(atPath: file.path), "the picker's file went with it")
            let session = try #require(phone.delegate.lastResult?.editSession)
            let original = try JPEG.decode(photo)
            #expect(try session.apply(to: original).displaySize == PixelSize(width: 100, height: 100), "the saved edit re-applies to the asset")
            phone.expectNoCrash()
        }

        @Test func cancelInThePickerEndsTheSessionOnceAndDismissesItOnce() async throws {
            let phone = Phone()
            try await phone.picker.selectFromSavedPhotosAlbum()
            await phone.settle()
            let browser = try #require(phone.presented.first as? UIImagePickerController)
            #expect(browser.sourceType == .savedPhotosAlbum)
            browser.surfaceTapCancel()
            await phone.settle()
            #expect(phone.presented.isEmpty)
            phone.transcript.expect([
                "picker: start source savedPhotosAlbum",
                "picker: end cancelled (user)",
                "delegate: didCancel",
            ])
            // The next session starts: nothing was left running.
            try await phone.picker.selectFromPhotoLibrary()
            await phone.settle()
            #expect(phone.presented.first is UIImagePickerController)
            phone.expectNoCrash()
            phone.transcript.clear()
        }

        @Test func cancelOnTheEditScreenGoesBackToThePickersGrid() async throws {
            let phone = Phone()
            let file = try Photos.file(try Photos.jpeg(width: 40, height: 30), named: "IMG.jpeg")
            try await phone.picker.selectFromPhotoLibrary()
            await phone.settle()
            let browser = try #require(phone.presented.first as? UIImagePickerController)
            browser.surfacePick([.mediaType: "public.image", .imageURL: file])
            await phone.settle()
            let editor = try #require(phone.topScreen)
            phone.tap(.cancelTapped, on: editor.route.id)
            await phone.settle()
            #expect(browser.viewControllers.count == 1 && !browser.isNavigationBarHidden)
            #expect(phone.picker.navigation.stack.map(\.id) == [Route.ID(1)])
            // The person swipes back instead, the next time: the picker follows.
            browser.surfacePick([.mediaType: "public.image", .imageURL: file])
            await phone.settle()
            browser.surfaceSwipeBack()
            await phone.settle()
            #expect(phone.picker.navigation.stack.map(\.id) == [Route.ID(1)])
            phone.expectNoCrash()
        }

        @Test func anImageWithNoFileIsTakenAsUIKitGaveIt() async throws {
            let phone = Phone()
            let cgImage = try #require(CGImage(surfacePixels: try PickerScenario.photo(width: 8, height: 6)))
            try await phone.picker.selectFromPhotoLibrary()
            await phone.settle()
            let browser = try #require(phone.presented.first as? UIImagePickerController)
            browser.surfacePick([.mediaType: "public.image", .originalImage: UIImage(cgImage: cgImage, scale: 1, orientation: .right)])
            await phone.settle()
            #expect(phone.picker.navigation.top?.screen == .editor(EditorScreen(
                imageSize: PixelSize(width: 6, height: 8), cropRect: PixelRect(x: 0, y: 1, width: 6, height: 6))))
            phone.expectNoCrash()
        }
    }
}
