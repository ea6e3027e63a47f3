import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import PickerKitUIKit
import SurfaceDevice
import Testing
@_spi(Surface) import UIKit

extension AppleSurfaceTests {
    /// CGImageBuffer: the app's CGImages and UIImages through the edit, with their colour kept.
    @MainActor
    @Suite("CGImageBuffer")
    struct ImageTests {
        /// A `width`×`height` opaque gradient in `space`.
        static func image(width: Int, height: Int, space: CFString = CGColorSpace.displayP3) throws -> CGImage {
            var bytes = [UInt8](repeating: 255, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    bytes[i] = UInt8(x * 255 / max(1, width - 1))
                    bytes[i + 1] = UInt8(y * 255 / max(1, height - 1))
                    bytes[i + 2] = 40
                }
            }
            let colorSpace = try #require(CGColorSpace(name: space))
            let provider = try #require(CGDataProvider(data: Data(bytes) as NSData))
            return try #require(CGImage(
                width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                space: colorSpace, bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipLast.rawValue),
                provider: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent))
        }

        @Test func aDisplayP3PhotoStaysDisplayP3ThroughTheEdit() async throws {
            Device.current.reset()
            let photo = CGImageBuffer(image: try Self.image(width: 40, height: 30), orientation: .up)
            var output = AvatarOutput()
            output.size = 10
            let edit = EditSession(geometry: try EditorGeometry(imageSize: photo.displaySize), output: output)
            let avatar = try #require(try edit.apply(to: photo) as? CGImageBuffer)
            #expect(avatar.pixelSize == PixelSize(width: 10, height: 10))
            #expect(avatar.image.colorSpace?.name == CGColorSpace.displayP3)
            #expect(Device.current.colourConversions == [], "no sample was converted to sRGB and back")
            // The same pixels a PixelBuffer of the same samples gives.
            let pixels = try #require(try photo.pixelBuffer())
            let expected = try #require(try edit.apply(to: pixels) as? PixelBuffer)
            #expect(try avatar.pixelBuffer()?.asStraightRGBA() == expected.asStraightRGBA())
        }

        /// An 8-bit bitmap cannot be made in an HDR or extended-range space: such a photo is read
        /// and its avatar made in Display P3, where before it had no pixels (the edit screen said
        /// so and ended the session).
        @Test(arguments: [CGColorSpace.itur_2100_PQ as String, CGColorSpace.itur_2100_HLG as String, CGColorSpace.extendedSRGB as String])
        func anHDRPhotoIsEditedInDisplayP3(space: String) async throws {
            Device.current.reset()
            let photo = CGImageBuffer(image: try Self.image(width: 40, height: 30, space: space as CFString), orientation: .right)
            let pixels = try #require(try photo.pixelBuffer(), "the photo has pixels")
            #expect(pixels.pixelSize == PixelSize(width: 40, height: 30) && pixels.orientation == .right)
            var output = AvatarOutput()
            output.size = 10
            let edit = EditSession(geometry: try EditorGeometry(imageSize: photo.displaySize), output: output)
            let avatar = try #require(try edit.apply(to: photo) as? CGImageBuffer)
            #expect(avatar.pixelSize == PixelSize(width: 10, height: 10))
            #expect(avatar.image.colorSpace?.name == CGColorSpace.displayP3)
            let crop = try photo.cropped(to: PixelRect(x: 0, y: 0, width: 6, height: 4))
            #expect(crop.image.colorSpace?.name == CGColorSpace.displayP3 && crop.displaySize == PixelSize(width: 6, height: 4))
            #expect(Device.current.exceptions == [])
            #expect(Device.current.warnings.allSatisfy { $0.hasPrefix("CGBitmapContextCreate: unsupported parameter combination") })
        }

        @Test func aCropHoldsItsOwnPixelsAndShowsWhatWasShown() throws {
            Device.current.reset()
            let photo = CGImageBuffer(image: try Self.image(width: 8, height: 6, space: CGColorSpace.sRGB), orientation: .right)
            let crop = try photo.cropped(to: PixelRect(x: 1, y: 2, width: 4, height: 3))
            #expect(crop.image.surfaceParent == nil, "the whole photo can be released")
            #expect(crop.displaySize == PixelSize(width: 4, height: 3) && crop.orientation == .right)
            let shown = try #require(try photo.pixelBuffer()).cropped(to: PixelRect(x: 1, y: 2, width: 4, height: 3))
            #expect(try crop.pixelBuffer()?.asStraightRGBA().normalized() == shown.asStraightRGBA().normalized())
            #expect(throws: ImagingError.self) { try photo.cropped(to: PixelRect(x: 50, y: 50, width: 2, height: 2)) }
        }

        @Test func editingAnImageTheAppHasFinishesWithItsOwnType() async throws {
            let phone = Phone()
            let uiImage = UIImage(cgImage: try Self.image(width: 60, height: 40), scale: 2, orientation: .right)
            try phone.picker.edit(try #require(CGImageBuffer(uiImage)))
            await phone.settle()
            let editor = try #require(phone.presented.first as? AppScreen)
            #expect(editor.route.screen == .editor(EditorScreen(
                imageSize: PixelSize(width: 40, height: 60), cropRect: PixelRect(x: 0, y: 10, width: 40, height: 40))))
            #expect(editor.modalPresentationStyle == .fullScreen)
            phone.tap(.chooseTapped, on: editor.route.id)
            await phone.settle()
            let result = try #require(phone.delegate.lastResult)
            #expect(result.editedImage is CGImageBuffer)
            #expect(result.editedImage?.displaySize == PixelSize(width: 40, height: 40))
            #expect(phone.presented.isEmpty)
            phone.transcript.expect([
                "picker: start edit 40x60",
                "user: chooseTapped on #1",
                "picker: end finished public.image edited 40x40 from 40x60 crop (0,10,40,40)",
                "delegate: didFinish public.image edited 40x40 from 40x60 crop (0,10,40,40)",
            ])
            phone.expectNoCrash()
        }
    }
}
