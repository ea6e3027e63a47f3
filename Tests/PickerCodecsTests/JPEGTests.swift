import Foundation
@testable import PickerImaging
@testable import PickerCodecs
import ImagingTestSupport
import Testing

/// The JPEG decoder against libjpeg-turbo's own decodes of the corpus in Fixtures/jpeg (made by
/// make_jpeg_fixtures.py with cjpeg, djpeg and Pillow).
@Suite("JPEG")
struct JPEGTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/jpeg")

    /// Every fixture with a reference decode beside it.
    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { ($0.hasSuffix(".ppm") || $0.hasSuffix(".pgm")) && !$0.dropLast(4).contains(".") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// The reference decode of fixture `name` at `scale` (djpeg's `-scale 1/N`).
    static func reference(_ name: String, scale: JPEG.Scale = .full) throws -> PixelBuffer {
        let base = name + (scale == .full ? "" : ".s\(scale.denominator)")
        let suffix = FileManager.default.fileExists(atPath: folder.appendingPathComponent(base + ".ppm").path) ? ".ppm" : ".pgm"
        return try Netpbm.decode(try data(base + suffix))
    }

    /// The stored red, green and blue samples of `image`, packed.
    static func rgb(_ image: PixelBuffer) -> [UInt8] {
        let count = image.width * image.height
        var rgb = [UInt8](repeating: 0, count: count * 3)
        image.bytes.withUnsafeBufferPointer { rgba in
            rgb.withUnsafeMutableBufferPointer { out in
                for i in 0..<count { out[3 * i] = rgba[4 * i]; out[3 * i + 1] = rgba[4 * i + 1]; out[3 * i + 2] = rgba[4 * i + 2] }
            }
        }
        return rgb
    }

    static func data(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }

    /// Stored samples of `image` (as RGB or gray; the references are not turned by the EXIF
    /// orientation) beside the reference's: how many differ and by how much at most.
    static func compare(_ image: PixelBuffer, _ reference: PixelBuffer) -> (samples: Int, differing: Int, worst: Int) {
        let upright = image
        var differing = 0, worst = 0, samples = 0
        let channels = reference.format == .gray8 ? 1 : 3
        for y in 0..<reference.height {
            for x in 0..<reference.width {
                let a = upright[x, y], b = reference[x, y]
                for (p, q) in [(a.r, b.r), (a.g, b.g), (a.b, b.b)].prefix(channels) {
                    samples += 1
                    let d = abs(Int(p) - Int(q))
                    if d > 0 { differing += 1 }
                    worst = max(worst, d)
                }
            }
        }
        return (samples, differing, worst)
    }

    @Test func theCorpusCoversWhatPhotosUse() {
        let names = Self.names
        #expect(names.count >= 50)
        for variant in ["base-444", "base-422", "base-420", "base-440", "base-411", "prog-420", "gray", "restart", "rgb", "cmyk", "exif"] {
            #expect(names.contains { $0.hasPrefix(variant) }, "\(variant)")
        }
    }

    @Test("decodes the same samples as libjpeg-turbo", arguments: names)
    func sameAsLibjpegTurbo(name: String) throws {
        let image = try JPEG.decode(try Self.data(name + ".jpg"))
        let reference = try Self.reference(name)
        #expect(image.pixelSize == reference.pixelSize)
        let result = Self.compare(image, reference)
        #expect(result.differing == 0, "\(name): \(result.differing) of \(result.samples) samples differ, by at most \(result.worst)")
    }

    /// CMYK's reference is Pillow's conversion, which djpeg cannot scale.
    static var scalable: [String] { names.filter { $0 != "cmyk" } }

    @Test("decodes at 1/2, 1/4 and 1/8 the same samples as djpeg -scale", arguments: scalable, [JPEG.Scale.half, .quarter, .eighth])
    func scaledSameAsLibjpegTurbo(name: String, scale: JPEG.Scale) throws {
        let data = try Self.data(name + ".jpg")
        let image = try JPEG.decode(data, scale: scale)
        let reference = try Self.reference(name, scale: scale)
        #expect(image.pixelSize == reference.pixelSize)
        #expect(image.pixelSize == scale.size(of: try JPEG.info(data).pixelSize))
        let result = Self.compare(image, reference)
        #expect(result.differing == 0, "\(name) 1/\(scale.denominator): \(result.differing) of \(result.samples) samples differ, by at most \(result.worst)")
    }

    /// Every scale of the VGA photo, baseline and progressive in three scan scripts (libjpeg's,
    /// and two ending on an interleaved DC refinement and on a chroma one); the 12 MP one at
    /// full size and at the half size a 1024² avatar reads (the debug build takes seconds for each).
    static let photoCases: [((String, Int, Int), JPEG.Scale)] =
        ["photo", "prog-photo", "prog-dc-last", "prog-cr-last"].flatMap { kind in
            JPEG.Scale.allCases.map { (("\(kind)-640x480-420", 640, 480), $0) }
        } + [.full, .half].map { (("photo-4032x3024-420", 4032, 3024), $0) }

    @Test("VGA and 12 MP photos decode to the reference pixels", arguments: photoCases)
    func photos(photo: (name: String, width: Int, height: Int), scale: JPEG.Scale) throws {
        let image = try JPEG.decode(try Self.data(photo.name + ".jpg"), scale: scale)
        #expect(image.pixelSize == PixelSize(width: photo.width / scale.denominator, height: photo.height / scale.denominator))
        let file = photo.name + (scale == .full ? "" : ".s\(scale.denominator)") + ".crc"
        let expected = try String(decoding: Self.data(file), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(String(format: "%08x", Checksum.crc32(Self.rgb(image))) == expected)
    }

    @Test(
        "a cropped decode is exactly the crop of the whole",
        arguments: ["base-420-33x21", "base-411-33x21", "base-422-17x9", "prog-440-64x48", "exif-right", "gray-33x21", "rgb"])
    func croppedDecode(name: String) throws {
        let data = try Self.data(name + ".jpg")
        for scale in JPEG.Scale.allCases {
            let whole = try JPEG.decode(data, scale: scale)
            let size = whole.displaySize
            let rects = [
                PixelRect(size: size), PixelRect(x: 0, y: 0, width: 1, height: 1),
                PixelRect(x: size.width - 1, y: size.height - 1, width: 1, height: 1),
                PixelRect(x: size.width / 3, y: size.height / 4, width: max(1, size.width / 2), height: max(1, size.height / 2)),
            ]
            for rect in rects {
                let part = try JPEG.decode(data, scale: scale, croppingTo: rect)
                let expected = try whole.cropped(to: rect)
                #expect(part.orientation == whole.orientation)
                #expect(part.normalized() == expected.normalized(), "\(name) 1/\(scale.denominator) \(rect)")
            }
            // Partly outside: clamped, as the whole image's crop clamps; wholly outside: an error.
            let reaching = PixelRect(x: size.width - 1, y: 0, width: 2, height: 1)
            #expect(try JPEG.decode(data, scale: scale, croppingTo: reaching).normalized() == (try whole.cropped(to: reaching)).normalized())
            let outside = PixelRect(x: size.width, y: 0, width: 2, height: 1)
            #expect(throws: ImagingError.cropOutsideImage(rect: outside, imageSize: size)) {
                try JPEG.decode(data, scale: scale, croppingTo: outside)
            }
        }
    }

    @Test("a large cropped decode, its planes sharing one block of memory, is exactly the crop of the whole")
    func largeCroppedDecode() throws {
        let data = try Self.data("photo-4032x3024-420.jpg")
        let whole = try JPEG.decode(data, scale: .half)
        // Three planes of about 1400² at half size: past the size that shares one block.
        for rect in [PixelRect(x: 200, y: 50, width: 1400, height: 1400), PixelRect(x: 0, y: 111, width: 2016, height: 1401)] {
            for threads in [1, 2] {
                let part = try JPEG.decode(data, options: DecodeOptions(scale: .half, crop: rect, threads: threads))
                #expect(part == DecodedImage(pixels: try whole.cropped(to: rect)), "\(rect), \(threads) thread(s)")
            }
        }
    }

    @Test func theVectorTransformsGiveTheScalarOnesSamples() {
        // Random blocks in the range a quality-1…100 8-bit encoder writes, sparse and dense,
        // and a few at the limits (which must not trap, whatever they give). Each density
        // comes in four shapes, as the 8×8 vector passes tell them apart: coefficients
        // anywhere, only in rows 0…3, only in columns 0…3, only in the top left 4×4.
        var generator = SeededRandomNumberGenerator(seed: 2_024)
        var coefficients = [Int16](repeating: 0, count: 64), quantization = [Int32](repeating: 1, count: 64)
        var workspace = [Int32](repeating: 0, count: 64)
        var vector = [UInt8](repeating: 0, count: 64), scalar = vector
        var checked = 0
        // Within rows 0…rows-1 and columns 0…columns-1.
        func shape(_ trial: Int) -> (rows: Int, columns: Int) { [(8, 8), (4, 8), (8, 4), (4, 4)][trial / 3 % 4] }
        var shaped = [Int](repeating: 0, count: 4)
        for trial in 0..<4000 {
            let density = [2, 8, 64][trial % 3], (rows, columns) = shape(trial)
            for i in 0..<64 {
                quantization[i] = Int32.random(in: 1...255, using: &generator)
                coefficients[i] = Int.random(in: 0..<64, using: &generator) < density && i / 8 < rows && i % 8 < columns
                    ? Int16.random(in: -2047...2047, using: &generator) / Int16(max(1, quantization[i] / 4)) : 0
            }
            // (Counted where the shape is filled out: an AC coefficient in its last row and column.)
            if coefficients[(rows - 1) * 8 + columns - 1] != 0 { shaped[trial / 3 % 4] += 1 }
            for size in [8, 4] {
                coefficients.withUnsafeBufferPointer { c in
                    quantization.withUnsafeBufferPointer { q in
                        workspace.withUnsafeMutableBufferPointer { ws in
                            vector.withUnsafeMutableBufferPointer { v in
                                scalar.withUnsafeMutableBufferPointer { s in
                                    if size == 8 {
                                        JPEGIDCT.transformVectors(c.baseAddress!, quantization: q.baseAddress!, workspace: ws.baseAddress!, into: v.baseAddress!, stride: 8)
                                        JPEGIDCT.transformScalar(c.baseAddress!, quantization: q.baseAddress!, workspace: ws.baseAddress!, into: s.baseAddress!, stride: 8)
                                    } else {
                                        JPEGIDCT.transform4(c.baseAddress!, quantization: q.baseAddress!, workspace: ws.baseAddress!, into: v.baseAddress!, stride: 8)
                                        JPEGIDCT.transform4Scalar(c.baseAddress!, quantization: q.baseAddress!, workspace: ws.baseAddress!, into: s.baseAddress!, stride: 8)
                                    }
                                }
                            }
                        }
                    }
                }
                let rows = (0..<size).flatMap { r in (0..<size).map { r * 8 + $0 } }
                #expect(rows.map { vector[$0] } == rows.map { scalar[$0] }, "size \(size), trial \(trial)")
                checked += 1
            }
        }
        #expect(checked == 8000)
        #expect(shaped.allSatisfy { $0 > 150 }, "\(shaped)")
        // Damaged data: any coefficients and tables. The 8×8 and 4×4 passes hold the
        // dequantized values in 16 bits and saturate between the passes, as libjpeg-turbo's SIMD
        // code does, vector and scalar alike.
        var saturating = 0, saturatingShaped = [Int](repeating: 0, count: 4)
        for trial in 0..<4000 {
            let (rows, columns) = shape(trial / 2)
            for i in 0..<64 {
                quantization[i] = Int32.random(in: 1...65535, using: &generator)
                coefficients[i] = i / 8 < rows && i % 8 < columns ? Int16.random(in: .min ... .max, using: &generator) : 0
            }
            coefficients.withUnsafeBufferPointer { c in
                quantization.withUnsafeBufferPointer { q in
                    workspace.withUnsafeMutableBufferPointer { ws in
                        if trial % 2 == 0 {
                            JPEGIDCT.transformVectors(c.baseAddress!, quantization: q.baseAddress!, workspace: ws.baseAddress!, into: &vector, stride: 8)
                            JPEGIDCT.transformScalar(c.baseAddress!, quantization: q.baseAddress!, workspace: ws.baseAddress!, into: &scalar, stride: 8)
                        } else {
                            JPEGIDCT.transform4(c.baseAddress!, quantization: q.baseAddress!, workspace: ws.baseAddress!, into: &vector, stride: 8)
                            JPEGIDCT.transform4Scalar(c.baseAddress!, quantization: q.baseAddress!, workspace: ws.baseAddress!, into: &scalar, stride: 8)
                        }
                        if ws.contains(where: { abs($0) == 32767 || $0 == -32768 }) {
                            saturating += 1
                            if trial % 2 == 0 { saturatingShaped[trial / 6 % 4] += 1 }
                        }
                    }
                }
            }
            let size = trial % 2 == 0 ? 8 : 4
            let samples = (0..<size).flatMap { r in (0..<size).map { r * 8 + $0 } }
            #expect(samples.map { vector[$0] } == samples.map { scalar[$0] }, "size \(size), trial \(trial)")
        }
        #expect(saturating > 2000)
        #expect(saturatingShaped.allSatisfy { $0 > 200 }, "\(saturatingShaped)")
        // Extremes: wrapped, not trapped.
        coefficients = [Int16](repeating: .max, count: 64)
        quantization = [Int32](repeating: 65535, count: 64)
        coefficients.withUnsafeBufferPointer { c in
            quantization.withUnsafeBufferPointer { q in
                workspace.withUnsafeMutableBufferPointer { ws in
                    vector.withUnsafeMutableBufferPointer { v in
                        for size in [8, 4, 2, 1] {
                            JPEGIDCT.transform(c.baseAddress!, size: size, quantization: q.baseAddress!, workspace: ws.baseAddress!, into: v.baseAddress!, stride: 8)
                        }
                    }
                }
            }
        }
    }

    @Test func theVectorColourConversionGivesTheTablesValues() {
        // Its literal factors are the tables' factors, split at 65536.
        let factors = ColourTables.vectorFactors
        #expect(factors.red == ColourTables.crRFactor - 65536)
        #expect(factors.blue == ColourTables.cbBFactor - 2 * 65536)
        #expect(factors.greenB == -ColourTables.cbGFactor)
        #expect(factors.greenR == 65536 - ColourTables.crGFactor)
        // Every Cb and Cr pair, at luma 0, 128 and 255 and a ramp: 8 lanes at a time against
        // the tables alone.
        let tables = ColourTables.shared
        var y = [UInt8](repeating: 0, count: 256), cb = y, cr = y
        var vector = [UInt8](repeating: 0, count: 1024), table = vector
        for luma in [0, 128, 255, -1] {
            for red in 0..<256 {
                for i in 0..<256 {
                    y[i] = UInt8(luma < 0 ? i : luma)
                    cb[i] = UInt8(i)
                    cr[i] = UInt8(red)
                }
                let converted = ColourTables.convertVectors(y: y, cb: cb, cr: cr, count: 256, into: &vector)
                #expect(converted == 256)
                table.withUnsafeMutableBufferPointer { out in
                    y.withUnsafeBufferPointer { y in
                        cb.withUnsafeBufferPointer { cb in
                            cr.withUnsafeBufferPointer { cr in
                                // Through the tables only: a count below 8 per call never reaches the vectors.
                                for x in stride(from: 0, to: 256, by: 4) {
                                    tables.convert(
                                        y: y.baseAddress! + x, cb: cb.baseAddress! + x, cr: cr.baseAddress! + x, count: 4,
                                        into: out.baseAddress! + 4 * x)
                                }
                            }
                        }
                    }
                }
                #expect(vector == table, "luma \(luma), Cr \(red)")
            }
        }
    }

    @Test func theVectorUpsamplingGivesTheScalarSamples() {
        // h2v2 triangle upsampling of random rows, every width from 3 to 64 (the vector loop
        // does the inner columns eight at a time; the scalar one does the rest).
        var generator = SeededRandomNumberGenerator(seed: 77)
        for width in 3...64 {
            for _ in 0..<20 {
                let this = (0..<width).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let that = (0..<width).map { _ in UInt8.random(in: 0...255, using: &generator) }
                var scalar = [UInt8](repeating: 0, count: 2 * width), vector = scalar
                JPEGPixels.fancyRows(this, that, count: width, into: &scalar)
                let from = JPEGPixels.fancyRowsVectors(this, that, count: width, into: &vector)
                #expect(from == (width >= 10 ? 1 + ((width - 10) / 8 + 1) * 8 : 1))
                JPEGPixels.fancyRows(this, that, count: width, into: &vector, from: from)
                #expect(vector == scalar, "width \(width)")
            }
        }
    }

    @Test func scalesAreChosenSoTheOutputLosesNothing() {
        let photo = PixelSize(width: 4032, height: 3024)
        #expect(JPEG.Scale.fitting(PixelSize(width: 2800, height: 2800), to: PixelSize(width: 1024, height: 1024)) == .half)
        #expect(JPEG.Scale.fitting(PixelSize(width: 2800, height: 2800), to: PixelSize(width: 350, height: 350)) == .eighth)
        #expect(JPEG.Scale.fitting(PixelSize(width: 2800, height: 2800), to: PixelSize(width: 351, height: 350)) == .quarter)
        #expect(JPEG.Scale.fitting(PixelSize(width: 2800, height: 2800), to: PixelSize(width: 1401, height: 10)) == .full)
        #expect(JPEG.Scale.fitting(photo, to: PixelSize(width: 0, height: 10)) == .full)
        #expect(JPEG.Scale.fitting(PixelSize(width: 10, height: 10), to: PixelSize(width: 20, height: 20)) == .full)
        #expect(JPEG.Scale.eighth.size(of: PixelSize(width: 17, height: 9)) == PixelSize(width: 3, height: 2))
        #expect(JPEG.Scale.half.size(of: PixelSize(width: 1, height: 1)) == PixelSize(width: 1, height: 1))
        #expect(JPEG.Scale.quarter.size(of: photo) == PixelSize(width: 1008, height: 756))
    }

    @Test func theEXIFOrientationComesWithTheImage() throws {
        let data = try Self.data("exif-right.jpg")
        #expect(try JPEG.decode(data).orientation == .right)
        #expect(try JPEG.info(data).orientation == .right)
    }

    @Test("info reads headers that end anywhere about its first read, or past it")
    func infoReadsLongHeaders() throws {
        let data = [UInt8](try Self.data("exif-right.jpg"))
        let original = try JPEG.info(Data(data))
        let sos = try #require((0..<(data.count - 1)).first { data[$0] == 0xFF && data[$0 + 1] == 0xDA })
        let headerEnd = sos + 2 + (Int(data[sos + 2]) << 8 | Int(data[sos + 3]))
        // APP15 segments (which say nothing) after SOI push the orientation's APP1, the frame
        // and the first scan's header along, to end on each byte about the first read's end.
        for end in Array((JPEG.headerPrefix - 3)...(JPEG.headerPrefix + 3)) + [200_000] {
            var padding: [UInt8] = [], left = end - headerEnd
            while left > 0 {
                let payload = min(left - 4, 60_000)
                padding += [0xFF, 0xEF, UInt8((payload + 2) >> 8), UInt8((payload + 2) & 0xFF)] + [UInt8](repeating: 0x55, count: payload)
                left -= payload + 4
            }
            let file = Data(data[0..<2] + padding + data[2...])
            #expect(file.count - data.count == end - headerEnd, "\(end)")
            #expect(try JPEG.info(file) == original, "\(end)")
            // Cut inside its headers, the file is cut short.
            #expect(throws: ImagingError.truncatedFile(format: .jpeg), "\(end)") { try JPEG.info(file.prefix(end - 1)) }
        }
    }

    @Test func infoReadsTheHeaders() throws {
        #expect(try JPEG.info(try Self.data("prog-420-33x21.jpg")).description
            == "JPEG 33x21 stored, 33x21 shown, orientation up (1), YCbCr 8-bit, sampling 2x2,1x1,1x1, progressive")
        #expect(try JPEG.info(try Self.data("gray-17x9.jpg")).layout == "gray 8-bit, sampling 1x1")
    }

    @Test func unsupportedCodingIsNamed() throws {
        #expect(throws: ImagingError.unsupportedFeature(format: "JPEG", feature: "arithmetic coding (SOF9)")) {
            try JPEG.decode(try Self.data("arithmetic.jpg"))
        }
        // Sampling factors 3×1 and 2×1: the chroma cannot be upsampled by a whole factor. (The
        // file is a fuzzing regression: this error once leaked the decoder's workspace.)
        let fractional = try Data(contentsOf: Self.folder.appendingPathComponent("../../../../Fuzz/regressions/jpeg/fractional-sampling.jpg"))
        for scale in JPEG.Scale.allCases {
            #expect(throws: ImagingError.unsupportedFeature(format: "JPEG", feature: "fractional sampling 2x1 of 3x1")) {
                try JPEG.decode(fractional, scale: scale)
            }
        }
    }

    @Test func damagedFilesGiveTypedErrors() throws {
        let good = [UInt8](try Self.data("base-420-64x48.jpg"))
        #expect(throws: ImagingError.unknownFormat) { try JPEG.decode(Data([0x89, 0x50])) }
        // Cut before the image data: nothing to show. (Cut inside it: JPEGDamageTests.)
        for cut in [2, 20, 200] {
            #expect(throws: ImagingError.truncatedFile(format: .jpeg)) { try JPEG.decode(Data(good.prefix(cut))) }
        }
        var huge = good
        // SOF0's height and width: 65535 × 65535 is past the pixel limit.
        if let sof = (0..<(good.count - 1)).first(where: { good[$0] == 0xFF && good[$0 + 1] == 0xC0 }) {
            huge[sof + 5] = 0xFF; huge[sof + 6] = 0xFF; huge[sof + 7] = 0xFF; huge[sof + 8] = 0xFF
        }
        #expect(throws: ImagingError.tooManyPixels(count: 65535 * 65535, limit: PixelBuffer.defaultPixelLimit)) { try JPEG.decode(Data(huge)) }
    }

    @Test func filesAreToldApartByContent() throws {
        let jpeg = try Self.data("base-420-17x9.jpg")
        #expect(ImageFileFormat(sniffing: jpeg) == .jpeg)
        #expect(ImageFileFormat(sniffing: PNG.encode(try PixelBuffer(width: 1, height: 1))) == .png)
        #expect(ImageFileFormat(sniffing: Data("P6\n1 1\n255\n".utf8)) == .ppm)
        #expect(ImageFileFormat(sniffing: Data("P3\n1 1\n255\n".utf8)) == .ppm)
        #expect(ImageFileFormat(sniffing: Data("P5 1 1 255\n".utf8)) == .pgm)
        #expect(ImageFileFormat(sniffing: Data("P7\nWIDTH 1\n".utf8)) == .pam)
        #expect(ImageFileFormat(sniffing: Data("P4\n1 1\n".utf8)) == nil, "PBM is not read")
        #expect(ImageFileFormat.allCases.filter(\.isNetpbm) == [.pam, .ppm, .pgm])
        #expect(ImageFileFormat(sniffing: Data("GIF89a".utf8)) == nil)
        #expect(try ImageFileFormat.decode(jpeg) == (try JPEG.decode(jpeg)))
        #expect(try ImageFileFormat.info(jpeg).format == .jpeg)
        #expect(throws: ImagingError.unknownFormat) { try ImageFileFormat.decode(Data("GIF89a".utf8)) }
    }
}
