import Foundation
@testable import PickerCodecs
import PickerImaging
import Testing

/// One decode per format, its options in one value, its warnings in its result: every option
/// reaches the decoder, and the result is what the plain functions give, with what they drop.
@Suite("Decoding with DecodeOptions")
struct DecodeOptionsTests {
    @Test func theDefaultsAreThePlainDecodes() {
        let options = DecodeOptions()
        #expect(options.scale == .full)
        #expect(options.crop == nil)
        #expect(options.pixelLimit == PixelBuffer.defaultPixelLimit)
        #expect(options.scanLimit == JPEG.defaultScanLimit)
        #expect(options.threads == nil)
    }

    @Test("JPEG: each scale is libjpeg-turbo's (djpeg -scale), each crop that part of it",
          arguments: ["base-420-33x21", "base-422-17x9", "prog-440-64x48", "gray-33x21"])
    func jpegOptions(name: String) throws {
        let data = try JPEGTests.data(name + ".jpg")
        for scale in JPEG.Scale.allCases {
            let whole = try JPEG.decode(data, options: DecodeOptions(scale: scale))
            #expect(whole.warnings == [])
            let reference = try JPEGTests.reference(name, scale: scale)
            #expect(whole.pixels.pixelSize == reference.pixelSize)
            #expect(JPEGTests.compare(whole.pixels, reference).differing == 0, "\(name) 1/\(scale.denominator)")
            let shown = whole.pixels.displaySize
            let crop = PixelRect(x: shown.width / 4, y: shown.height / 3, width: max(1, shown.width / 2), height: max(1, shown.height / 2))
            let part = try JPEG.decode(data, options: DecodeOptions(scale: scale, crop: crop))
            #expect(part == DecodedImage(pixels: try whole.pixels.cropped(to: crop)), "\(name) 1/\(scale.denominator) \(crop)")
        }
    }

    @Test("the threads asked for reach the decoder, whole and cropped: two tell of their rows as they write them")
    func threadsReachTheDecoder() throws {
        let data = try JPEGTests.data("photo-4032x3024-420.jpg")
        final class Rows: @unchecked Sendable {
            var told = 0
        }
        var pixels: [PixelBuffer] = []
        for crop in [nil, PixelRect(x: 100, y: 60, width: 1800, height: 1400)] {
            for threads in [1, 2] {
                let rows = Rows()
                var warnings: [ImagingWarning] = []
                var coefficientBytes = 0
                let decoded = try JPEG.decode(
                    data, options: DecodeOptions(scale: .half, crop: crop, threads: threads), warnings: &warnings,
                    coefficientBytes: &coefficientBytes, rowsWritten: { count, _, _, _ in rows.told = count })
                #expect((rows.told > 0) == (threads == 2), "\(threads) thread(s), crop \(String(describing: crop))")
                #expect(threads == 1 || rows.told == decoded.height, "the last call has every row")
                pixels.append(decoded)
            }
        }
        #expect(pixels[0] == pixels[1] && pixels[2] == pixels[3], "the same pixels on any number of threads")
        #expect(pixels[2] == (try pixels[0].cropped(to: PixelRect(x: 100, y: 60, width: 1800, height: 1400))))
    }

    @Test func theLimitsReachTheDecoderWholeAndCropped() throws {
        let data = try JPEGTests.data("base-420-64x48.jpg")
        let crop = PixelRect(x: 0, y: 0, width: 8, height: 8)
        for part in [nil, crop] {
            #expect(throws: ImagingError.tooManyPixels(count: 64 * 48, limit: 100)) {
                try JPEG.decode(data, options: DecodeOptions(crop: part, pixelLimit: 100))
            }
        }
        // The scan limit, which the cropped decode also keeps.
        let scans = JPEGWorkLimitTests.manyScans(width: 8, height: 8, scans: 20)
        for part in [nil, crop] {
            #expect(throws: ImagingError.workLimitExceeded(format: .jpeg, reason: "more than 10 scans (DecodeOptions.scanLimit raises it)")) {
                try JPEG.decode(scans, options: DecodeOptions(crop: part, scanLimit: 10))
            }
            #expect(try JPEG.decode(scans, options: DecodeOptions(crop: part, scanLimit: 21)).pixels.displaySize == PixelSize(width: 8, height: 8))
        }
    }

    @Test func aCropOutsideIsTheOneCropRuleInEveryFormat() throws {
        let photo = try PixelBuffer(width: 6, height: 4, format: .rgba8, bytes: (0..<96).map { UInt8($0) })
        let files = [PNG.encode(photo), Netpbm.encodePAM(photo), try JPEG.encode(photo)]
        for file in files {
            let clamped = try ImageFileFormat.decode(file, options: DecodeOptions(crop: PixelRect(x: 4, y: 2, width: 10, height: 10)))
            #expect(clamped.pixels.displaySize == PixelSize(width: 2, height: 2), "partly outside: clamped")
            #expect(throws: ImagingError.cropOutsideImage(rect: PixelRect(x: 6, y: 0, width: 1, height: 1), imageSize: PixelSize(width: 6, height: 4))) {
                try ImageFileFormat.decode(file, options: DecodeOptions(crop: PixelRect(x: 6, y: 0, width: 1, height: 1)))
            }
        }
    }

    @Test func pngAndNetpbmCropExactlyAndRefuseAReducedScale() throws {
        let photo = try PixelBuffer(width: 5, height: 3, format: .rgba8, bytes: (0..<60).map { UInt8($0 * 4) })
        let crop = PixelRect(x: 1, y: 1, width: 3, height: 2)
        for (file, format) in [(PNG.encode(photo), "PNG"), (Netpbm.encodePAM(photo), "PAM")] {
            #expect(try ImageFileFormat.decode(file, options: DecodeOptions()) == DecodedImage(pixels: photo))
            let part = try ImageFileFormat.decode(file, options: DecodeOptions(crop: crop))
            // Rows 1 and 2, columns 1 to 3: samples (y·5 + x)·4 + channel, times 4.
            #expect(part.pixels.bytes == [96, 100, 104, 108, 112, 116, 120, 124, 128, 132, 136, 140, 176, 180, 184, 188, 192, 196, 200, 204, 208, 212, 216, 220])
            #expect(part.warnings == [])
            for scale in [JPEG.Scale.half, .quarter, .eighth] {
                #expect(throws: ImagingError.unsupportedFeature(
                    format: format, feature: "decoding at 1/\(scale.denominator) scale (only JPEG reduces while decoding)")) {
                    try ImageFileFormat.decode(file, options: DecodeOptions(scale: scale, crop: crop))
                }
            }
        }
        #expect(throws: ImagingError.unknownFormat) { try ImageFileFormat.decode(Data("nope".utf8), options: DecodeOptions()) }
    }

    @Test func warningsComeBackWithThePixelsAndThePlainDecodeDropsThem() throws {
        // A PNG whose ancillary chunk has a bad CRC: skipped, said once, the same pixels.
        let photo = try PNGChunkTests.photo()
        let data = PNGChunkTests.inserting(PNGChunkTests.chunk("tEXt", [1, 2, 3], damaged: true), into: PNG.encode(photo))
        let decoded = try ImageFileFormat.decode(data, options: DecodeOptions())
        #expect(decoded == DecodedImage(pixels: photo, warnings: [.skippedChunk(format: .png, chunk: "tEXt", reason: "CRC mismatch")]))
        #expect(try PNG.decode(data, options: DecodeOptions(crop: PixelRect(x: 0, y: 0, width: 2, height: 2))).warnings == decoded.warnings)
        #expect(try PNG.decode(data) == photo)
        // A damaged JPEG, whole and cropped to what the damage reaches.
        let cut = try JPEGDamageTests.data("cut-baseline")
        let damaged = try JPEG.decode(cut, options: DecodeOptions())
        #expect(damaged.warnings == JPEGDamageTests.damage(
            "scan 1: no data for 28 of its 48 MCUs; \(JPEGDamageTests.lost)", "the file ends before its end-of-image marker"))
        #expect(damaged.pixels == (try JPEG.decode(cut)))
        // The file's render gives the decoder's warnings in its rendering.
        let pipeline = AvatarPipeline(crop: PixelRect(x: 0, y: 0, width: 128, height: 96), outputSize: PixelSize(width: 32, height: 24))
        #expect(try pipeline.render(jpeg: cut).warnings == damaged.warnings)
        let small = AvatarPipeline(crop: PixelRect(size: photo.displaySize), outputSize: PixelSize(width: 3, height: 3))
        #expect(try small.render(imageFile: data).warnings == decoded.warnings)
        #expect(try small.render(photo).warnings.isEmpty)
    }
}
