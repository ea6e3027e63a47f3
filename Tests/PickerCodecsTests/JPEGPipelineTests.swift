import Foundation
@testable import PickerImaging
@testable import PickerCodecs
import Testing

/// The avatar pipeline straight from JPEG files: the reduced decode it picks, where the crop
/// lands on the reduced photo, and how close the result stays to the full decode's.
@Suite("JPEG avatar pipeline")
struct JPEGPipelineTests {
    static func data(_ name: String) throws -> Data { try JPEGTests.data(name) }

    /// PSNR of two images' RGB samples, in dB.
    static func psnr(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        #expect(a.displaySize == b.displaySize)
        var squares = 0.0, count = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                for (u, v) in [(p.r, q.r), (p.g, q.g), (p.b, q.b)] {
                    squares += pow(Double(u) - Double(v), 2)
                    count += 1
                }
            }
        }
        return squares == 0 ? .infinity : 10 * log10(255 * 255 / (squares / Double(count)))
    }

    @Test func theScaleIsTheSmallestThatKeepsTheOutputsPixels() {
        let crop = PixelRect(x: 400, y: 100, width: 2800, height: 2800)
        func scale(_ side: Int, _ filter: ResampleFilter? = nil, angle: Double = 0) -> JPEG.Scale {
            AvatarPipeline(crop: crop, outputSize: PixelSize(width: side, height: side), filter: filter, angle: angle).jpegScale
        }
        #expect(scale(1024) == .half)
        #expect(scale(1024, .area) == .half)
        #expect(scale(1024, angle: 7) == .half)
        #expect(scale(512) == .quarter)
        #expect(scale(256) == .eighth)
        #expect(scale(1401) == .full)
        #expect(scale(4000) == .full)
        #expect(scale(256, .lanczos3) == .full)
        #expect(scale(256, .bilinear) == .full)
        // The maximum dimension counts: 8000 is clamped to 4096, which this crop still covers.
        let clamped = AvatarPipeline(
            crop: PixelRect(x: 0, y: 0, width: 9000, height: 9000), outputSize: PixelSize(width: 8000, height: 8000))
        #expect(clamped.jpegScale == .half)
    }

    @Test func aTwelveMegapixelAvatarIsDecodedAtHalfSize() throws {
        let data = try Self.data("photo-4032x3024-420.jpg")
        var pipeline = AvatarPipeline(
            crop: PixelRect(x: 400, y: 100, width: 2800, height: 2800), outputSize: PixelSize(width: 1024, height: 1024))
        pipeline.threads = 1
        let rendering = try pipeline.render(jpeg: data)
        // Exactly the half-size decode, cropped on its own pixels.
        let half = try JPEG.decode(data, scale: .half)
        var onHalf = pipeline
        onHalf.crop = PixelRect(x: 200, y: 50, width: 1400, height: 1400)
        #expect(rendering.image.bytes == (try onHalf.render(half)).image.bytes)
        // Close to the full decode's avatar.
        let full = try pipeline.render(JPEG.decode(data))
        let quality = Self.psnr(rendering.image, full.image)
        #expect(quality >= 40, "\(quality) dB")
        // The memory held is one row of MCUs of coefficients (504 blocks across for luma, two
        // rows of them; 252 for each chroma component), the reduced crop, not the full photo,
        // and one output: upright, it is masked in its own storage.
        let coefficients = (504 * 2 + 252 + 252) * 128
        #expect(rendering.peakExtraBytes == coefficients + 1400 * 1400 * 4 + 1024 * 1024 * 4)
        // On two threads the pixels are the same; the coefficients held are a ring of eight
        // rows of MCUs, so the threads work on different rows.
        var twoThreads = pipeline
        twoThreads.threads = 2
        let threaded = try twoThreads.render(jpeg: data)
        #expect(threaded.image == rendering.image)
        #expect(threaded.peakExtraBytes == 8 * coefficients + 1400 * 1400 * 4 + 1024 * 1024 * 4)
        // A progressive file decoded whole holds every coefficient, 3 bytes per pixel for
        // 4:2:0, and 8 bytes of nonzero bits for each of its 72 blocks.
        #expect(try JPEG.header(JPEGTests.data("prog-420-64x48.jpg")).coefficientBytes == 64 * 48 * 3 + 72 * 8)
        #expect(try JPEG.header(JPEGTests.data("base-420-64x48.jpg")).coefficientBytes == (8 * 2 + 4 + 4) * 128)
        // A single component declared 2×2 is still walked a row of blocks at a time: the
        // estimate and the decode hold one row (8 blocks across, padded to whole MCUs).
        var gray = [UInt8](try JPEGTests.data("gray-64x48.jpg"))
        let sof = try #require((0..<(gray.count - 12)).first { gray[$0] == 0xFF && gray[$0 + 1] == 0xC0 })
        #expect(gray[sof + 9] == 1 && gray[sof + 11] == 0x11)
        gray[sof + 11] = 0x22
        let estimate = try JPEG.header(Data(gray)).coefficientBytes
        #expect(estimate == 8 * 128)
        var warnings: [ImagingWarning] = []
        var held = 0
        let decoded = try JPEG.decode(
            Data(gray), options: DecodeOptions(crop: PixelRect(x: 0, y: 0, width: 64, height: 48), pixelLimit: .max, threads: 1),
            warnings: &warnings, coefficientBytes: &held)
        #expect(held == estimate)
        #expect(decoded == (try JPEG.decode(JPEGTests.data("gray-64x48.jpg"))))
    }

    @Test func aCropOnReducedPixelsKeepsItsPlaceUnderEveryOrientation() throws {
        // exif-right.jpg is stored 64×48, shown 48×64 (orientation 6). At 1/4 it is 16×12
        // stored; the crop (8, 16, 32, 32) is (2, 4, 8, 8) of the reduced display.
        let data = try Self.data("exif-right.jpg")
        let pipeline = AvatarPipeline(crop: PixelRect(x: 8, y: 16, width: 32, height: 32), outputSize: PixelSize(width: 8, height: 8))
        #expect(pipeline.jpegScale == .quarter)
        var onQuarter = pipeline
        onQuarter.crop = PixelRect(x: 2, y: 4, width: 8, height: 8)
        let expected = try onQuarter.render(JPEG.decode(data, scale: .quarter)).image
        #expect(try pipeline.render(jpeg: data).image.bytes == expected.bytes)
        #expect(expected.displaySize == PixelSize(width: 8, height: 8))
    }

    @Test("a crop between reduced pixels stays close to the full decode's", arguments: [0.0, 10, -33])
    func cropBetweenPixels(angle: Double) throws {
        let data = try Self.data("photo-640x480-420.jpg")
        let pipeline = AvatarPipeline(
            crop: PixelRect(x: 101, y: 63, width: 403, height: 303), outputSize: PixelSize(width: 100, height: 75), angle: angle)
        #expect(pipeline.jpegScale == .quarter)
        let reduced = try pipeline.render(jpeg: data).image
        #expect(try pipeline.render(imageFile: data).image == reduced)
        let full = try pipeline.render(JPEG.decode(data)).image
        #expect(reduced.displaySize == full.displaySize)
        let quality = Self.psnr(reduced, full)
        #expect(quality >= 35, "\(quality) dB at \(angle)°")
    }

    @Test func badCropsAndFilesGiveTheFullPathsErrors() throws {
        let data = try Self.data("exif-right.jpg")
        let outside = AvatarPipeline(crop: PixelRect(x: 40, y: 0, width: 32, height: 32), outputSize: PixelSize(width: 4, height: 4))
        #expect(throws: ImagingError.cropOutsideImage(rect: outside.crop, imageSize: PixelSize(width: 48, height: 64))) {
            try outside.render(jpeg: data)
        }
        var nan = outside
        nan.angle = .nan
        #expect {
            try nan.render(jpeg: data)
        } throws: { error in
            guard case .invalidAngle(let angle) = error as? ImagingError else { return false }
            return angle.isNaN
        }
        #expect(throws: ImagingError.self) { try outside.render(jpeg: Data(data.prefix(300))) }
        #expect(throws: ImagingError.unknownFormat) { try outside.render(imageFile: Data([1, 2, 3])) }
    }
}
