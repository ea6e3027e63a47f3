import Foundation
import PickerImaging
import PickerKit
import PickerKitSwiftUI
import PickerKitUIKit
import SurfaceDevice
@_spi(Surface) import SwiftUI
import Testing
@_spi(Surface) import UIKit

extension AppleSurfaceTests {
    /// The avatar shown: `UIImage`, `CGImage` and SwiftUI `Image` from any `ImageBuffer`, in
    /// every orientation, and back to an `ImageBuffer` for `edit(_:)`.
    @MainActor
    @Suite("Image bridges")
    struct ImageBridgeTests {
        /// EXIF orientation → UIKit's and SwiftUI's, as Apple's pages list them (EXIF 6 is
        /// `.right`: the stored pixels are turned a quarter clockwise to be shown).
        static let table: [(ImageOrientation, UIImage.Orientation, Image.Orientation)] = [
            (.up, .up, .up), (.upMirrored, .upMirrored, .upMirrored), (.down, .down, .down),
            (.downMirrored, .downMirrored, .downMirrored), (.leftMirrored, .leftMirrored, .leftMirrored),
            (.right, .right, .right), (.rightMirrored, .rightMirrored, .rightMirrored), (.left, .left, .left),
        ]

        /// 3×2 stored pixels, each its own colour, with `orientation`.
        static func photo(_ orientation: ImageOrientation) throws -> PixelBuffer {
            var pixels = try PixelBuffer(width: 3, height: 2, orientation: orientation)
            for y in 0..<2 { for x in 0..<3 { pixels[x, y] = RGBA(UInt8(x * 80), UInt8(y * 200), 30) } }
            return pixels
        }

        @Test("a UIImage shows the buffer as the person sees it", arguments: 0..<8)
        func uiImage(row: Int) throws {
            let (exif, uiKit, _) = Self.table[row]
            let photo = try Self.photo(exif)
            let image = try photo.uiImage(scale: 2)
            #expect(image.imageOrientation == uiKit)
            #expect(image.scale == 2)
            #expect(image.size == CGSize(width: Double(photo.displaySize.width) / 2, height: Double(photo.displaySize.height) / 2))
            #expect(ImageOrientation(uiKit) == exif)
            // Back again, for edit(_:): the same picture, pixel for pixel, as shown.
            let back = try #require(CGImageBuffer(image))
            #expect(back.orientation == exif)
            let shown = try #require(try back.pixelBuffer()).asStraightRGBA().normalized()
            // An untagged buffer is shown as sRGB, and its pixels read back tagged so.
            #expect(shown == photo.normalized().tagged(.sRGB), "\(exif)")
        }

        @Test("a SwiftUI Image shows the buffer as the person sees it", arguments: 0..<8)
        func swiftUIImage(row: Int) throws {
            let (exif, _, swiftUI) = Self.table[row]
            let photo = try Self.photo(exif)
            let host = SurfaceHost(try Image(decorative: photo, scale: 3))
            let shown = try #require(host.screen.images.first)
            #expect(shown.surfaceOrientation == swiftUI)
            #expect(shown.surfaceScale == 3)
            let pixels = try #require(try CGImageBuffer(image: shown.surfaceCGImage, orientation: exif).pixelBuffer())
            #expect(pixels.asStraightRGBA().normalized() == photo.normalized().tagged(.sRGB), "\(exif)")
        }

        @Test func aDevicePhotoIsShownWithoutACopy() throws {
            let photo = try #require(try CGImageBuffer.make(from: try Self.photo(.right)))
            #expect(try photo.cgImage() === photo.image)
            let image = try photo.uiImage()
            #expect(image.cgImage === photo.image)
            #expect(image.imageOrientation == .right)
        }

        @Test func aBufferWithNoPixelsIsATypedError() throws {
            struct Opaque: ImageBuffer {
                var pixelSize: PixelSize { PixelSize(width: 1, height: 1) }
                var orientation: ImageOrientation { .up }
                func cropped(to rect: PixelRect) throws -> Opaque { self }
                func pixelBuffer() throws -> PixelBuffer? { nil }
                static func make(from pixels: PixelBuffer) throws -> Opaque? { nil }
            }
            #expect(throws: ImagingError.cannotRepresent(format: "CGImage", reason: "Opaque gives no pixels")) { try Opaque().cgImage() }
        }
    }
}
