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
    /// Upload-ready files on a device: the avatar written with ImageIO, its colours and its
    /// circle's edge as ImageFileOptions says.
    @MainActor
    @Suite("Upload-ready files on a device")
    struct UploadTests {
        static var displayP3: ColorProfile {
            get throws {
                let data = try #require(CGColorSpace(name: CGColorSpace.displayP3)?.copyICCData())
                return try ColorProfile(iccData: Data(referencing: data))
            }
        }

        /// A photo file in Display P3: a flat colour sRGB cannot show, and a gradient.
        static func displayP3JPEG(width: Int, height: Int) throws -> Data {
            var pixels = try PixelBuffer(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width { pixels[x, y] = x < width / 2 ? RGBA(230, 40, 30) : RGBA(UInt8(x * 255 / width), 160, 90) }
            }
            pixels.colorProfile = try displayP3
            return try JPEG.encode(pixels, options: JPEG.EncodingOptions(quality: 100, chroma: .full))
        }

        /// Picks `file` from the library on a phone set up for 100 px circular avatars, and
        /// chooses it as the editor opens.
        static func chosen(_ file: Data, configuration: PickerConfiguration = .profilePhoto(size: 100)) async throws -> ProfilePickerResult {
            let phone = Phone(configuration: configuration)
            try await phone.picker.selectFromPhotoLibrary()
            await phone.settle()
            let browser = try #require(phone.presented.first as? UIImagePickerController)
            browser.surfacePick([.mediaType: "public.image", .imageURL: try Photos.file(file, named: "IMG_0002.jpeg"), .originalImage: UIImage()])
            await phone.settle()
            let editor = try #require(phone.topScreen)
            phone.tap(.chooseTapped, on: editor.route.id)
            await phone.settle()
            phone.expectNoCrash()
            phone.transcript.clear()
            return try #require(phone.delegate.lastResult)
        }

        @Test func aDisplayP3PhotoGivesTaggedJPEGDataOrSRGBAsAsked() async throws {
            Device.current.reset()
            let p3 = try Self.displayP3
            let result = try await Self.chosen(try Self.displayP3JPEG(width: 300, height: 200))
            let avatar = try #require(result.image as? CGImageBuffer)
            #expect(avatar.image.colorSpace?.copyICCData().map { Data(referencing: $0) } == p3.iccData, "the avatar is in the photo's space")
            let pixels = try #require(try avatar.pixelBuffer()?.asStraightRGBA())
            #expect(pixels.colorProfile == p3)

            // Kept: a JPEG tagged Display P3, with the avatar's own values.
            let kept = try JPEG.decode(try avatar.fileData(.jpeg(quality: 1, colorOutput: .keepProfile, background: RGBA(0, 0, 0))))
            #expect(kept.colorProfile == p3)
            #expect(kept.pixelSize == PixelSize(width: 100, height: 100))
            let inside = kept[30, 50], source = pixels[30, 50]
            #expect(abs(Int(inside.r) - Int(source.r)) <= 2 && abs(Int(inside.g) - Int(source.g)) <= 2, "\(inside) against \(source)")

            // The default: converted to sRGB, and the file says sRGB.
            let converted = try JPEG.decode(try avatar.fileData(.jpeg(quality: 1, background: RGBA(0, 0, 0))))
            #expect(converted.colorProfile?.isSRGB == true)
            let expected = try pixels.convertedToSRGB().flattened(over: RGBA(0, 0, 0))
            #expect(expected[30, 50] != pixels[30, 50], "the red sRGB cannot show was converted")
            let sample = converted[30, 50], want = expected[30, 50]
            #expect(abs(Int(sample.r) - Int(want.r)) <= 2 && abs(Int(sample.g) - Int(want.g)) <= 2 && abs(Int(sample.b) - Int(want.b)) <= 2,
                    "\(sample) against \(want)")
            // PNG, kept: the profile and the exact values, alpha included.
            let png = try PNG.decode(try avatar.fileData(.png(colorOutput: .keepProfile)))
            #expect(png.colorProfile == p3)
            #expect(png.asStraightRGBA() == pixels)
            #expect(Device.current.colourConversions == [], "Core Graphics converted nothing: the conversion is PickerImaging's")
        }

        @Test func anAvatarMadeInSRGBIsAnSRGBImage() async throws {
            var configuration = PickerConfiguration.profilePhoto(size: 100)
            configuration.output.colorOutput = .sRGB
            let result = try await Self.chosen(try Self.displayP3JPEG(width: 300, height: 200), configuration: configuration)
            let avatar = try #require(result.image as? CGImageBuffer)
            #expect(avatar.image.colorSpace?.name == CGColorSpace.sRGB)
            let kept = try JPEG.decode(try avatar.fileData(.jpeg(quality: 1, colorOutput: .keepProfile)))
            #expect(kept.colorProfile?.isSRGB == true)
        }

        /// ImageIO writes a JPEG of an image with alpha by dropping the alpha: premultiplied
        /// edges come out dark, and transparent corners black. The file is composited first.
        @Test func halfTransparentEdgesGiveNoDarkFringe() async throws {
            var white = try PixelBuffer(width: 300, height: 200)
            for y in 0..<200 { for x in 0..<300 { white[x, y] = RGBA(255, 255, 255) } }
            let result = try await Self.chosen(try JPEG.encode(white, options: JPEG.EncodingOptions(quality: 100)))
            let avatar = try #require(result.image as? CGImageBuffer)
            let pixels = try #require(try avatar.pixelBuffer())
            #expect(pixels.format == .rgba8Premultiplied)
            let edge = (0..<100).flatMap { y in (0..<100).map { x in pixels[x, y] } }.filter { $0.a > 0 && $0.a < 255 }
            #expect(edge.count > 100 && edge.contains { $0.r < 200 }, "premultiplied edge pixels, dark until composited")
            let jpeg = try JPEG.decode(try avatar.fileData(.jpeg()))
            let all = (0..<100).flatMap { y in (0..<100).map { x in jpeg[x, y] } }
            #expect(all.allSatisfy { $0.r >= 253 && $0.g >= 253 && $0.b >= 253 }, "white over white, edges included")
            let overBlack = try JPEG.decode(try avatar.fileData(.jpeg(background: RGBA(0, 0, 0))))
            #expect(overBlack[0, 0].r <= 2 && overBlack[50, 50].r >= 253)
        }

        @Test func aFormatImageIOCannotWriteIsATypedError() throws {
            let photo = CGImageBuffer(image: try ImageTests.image(width: 8, height: 8), orientation: .up)
            let error = #expect(throws: ImagingError.self) { try photo.fileData(.heif()) }
            #expect(error == .unsupportedFeature(format: "HEIF", feature: "writing: ImageIO on this device has no encoder for it"))
            let notANumber = #expect(throws: ImagingError.self) { try photo.fileData(.jpeg(quality: .nan)) }
            if case let .invalidNumber(parameter, value)? = notANumber {
                #expect(parameter == "quality" && value.isNaN)
            } else {
                Issue.record("expected invalidNumber, got \(String(describing: notANumber))")
            }
        }
    }
}
