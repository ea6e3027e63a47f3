import Foundation
import PickerCodecs
import PickerImaging
import PickerKit
import PickerKitTesting
import PickerKitUIKit
@_spi(Surface) import ImageIO
@_spi(Surface) import PhotosUI
import SurfaceDevice
import Testing
@_spi(Surface) import UIKit

extension AppleSurfaceTests {
    /// Saved edits on a device: the photo is loaded reduced, the edit is in its full-resolution
    /// pixels, and the saved edit reopens in a new picker on the same crop.
    @MainActor
    @Suite("Saved edits on a device")
    struct SavedEditTests {
        @Test func aSavedEditReopensInANewPickerOnTheSameCropAfterAReducedLoad() async throws {
            let configuration = PickerConfiguration.profilePhoto(size: 100)
            let phone = Phone(configuration: configuration)
            let photo = try Photos.jpeg(width: 1600, height: 1200)
            try await phone.picker.selectFromPhotoLibrary()
            await phone.settle()
            let browser = try #require(phone.presented.first as? UIImagePickerController)
            browser.surfacePick([.mediaType: "public.image", .imageURL: try Photos.file(photo, named: "IMG_0001.jpeg"), .originalImage: UIImage()])
            await phone.settle()
            let editor = try #require(phone.topScreen)
            phone.tap(.editorGesture(.pinch(scale: 1.7, focus: CGPoint(x: 120, y: 300))), on: editor.route.id)
            phone.tap(.editorGesture(.ended), on: editor.route.id)
            phone.tap(.chooseTapped, on: editor.route.id)
            await phone.settle()
            let result = try #require(phone.delegate.lastResult)
            let original = try #require(result.originalImage as? CGImageBuffer)
            #expect(original.pixelSize == PixelSize(width: 667, height: 500), "loaded reduced")
            #expect(original.fullResolutionPixelSize == PixelSize(width: 1600, height: 1200))
            let crop = try #require(result.cropRect)
            #expect(crop != PixelRect(x: 200, y: 0, width: 1200, height: 1200), "the person moved the photo")

            let saved = try await SavedEdit(original: original, session: try #require(result.editSession))
            #expect(saved.originalFile == photo, "the photo's own file, not the reduced pixels")
            let document = try JSONEncoder().encode(saved)

            // A later launch: a new picker reads the document and reopens the editor on it.
            let later = Phone(configuration: configuration)
            let read = try JSONDecoder().decode(SavedEdit.self, from: document)
            let reopened = try await read.original(largestSide: later.picker.configuration.largestUsefulSide(for: read.displaySize))
            #expect(reopened.pixelSize == PixelSize(width: 667, height: 500))
            #expect(reopened.fullResolutionPixelSize == PixelSize(width: 1600, height: 1200))
            try later.picker.edit(reopened, restoring: read.session)
            await later.settle()
            let again = try #require(later.presented.first as? AppScreen ?? later.topScreen, "the edit screen, presented full screen")
            later.tap(.chooseTapped, on: again.route.id)
            await later.settle()
            #expect(later.delegate.lastResult?.cropRect == crop, "the same crop, in the full-resolution photo's pixels")
            #expect(later.delegate.lastResult?.image?.displaySize == PixelSize(width: 100, height: 100))
            later.expectNoCrash()
            phone.transcript.clear()
            later.transcript.clear()
        }

        /// An image with no file of its own (the app's, or an avatar) is saved as a lossless PNG
        /// copy, written and read with ImageIO.
        @Test func anImageWithNoFileIsSavedAsALosslessCopy() async throws {
            var pixels = try PixelBuffer(width: 6, height: 4, orientation: .left)
            for y in 0..<4 { for x in 0..<6 { pixels[x, y] = RGBA(UInt8(x * 40), UInt8(y * 60), 200) } }
            let image = try #require(try CGImageBuffer.make(from: pixels))
            #expect(image.file == nil)
            let session = EditSession(geometry: try EditorGeometry(imageSize: image.displaySize), output: AvatarOutput())
            let saved = try await SavedEdit(original: image, session: session)
            #expect(ImageFileFormat(sniffing: saved.originalFile) == .png)
            #expect(saved.orientation == .left && saved.fullResolutionPixelSize == PixelSize(width: 6, height: 4))
            let back = try await saved.original()
            #expect(back.orientation == .left && back.fullResolutionPixelSize == nil)
            #expect(try #require(try back.pixelBuffer()).asStraightRGBA() == pixels.tagged(.sRGB), "pixel for pixel, in sRGB")
        }

        @Test func aSessionOfAnotherPhotoIsRefused() async throws {
            let image = try #require(try CGImageBuffer.make(from: try PixelBuffer(width: 6, height: 4)))
            let session = EditSession(geometry: try EditorGeometry(imageSize: PixelSize(width: 4, height: 6)), output: AvatarOutput())
            await #expect(throws: PickerError.imageMismatch(expected: PixelSize(width: 4, height: 6), actual: PixelSize(width: 6, height: 4))) {
                _ = try await SavedEdit(original: image, session: session)
            }
        }
    }
}
