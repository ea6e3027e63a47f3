import Foundation
import PickerImaging
import ImagingTestSupport
import Testing

@Suite("Resampling")
struct ResampleTests {
    static func gray(_ width: Int, _ height: Int, _ values: [UInt8], orientation: ImageOrientation = .up) throws -> PixelBuffer {
        try PixelBuffer(width: width, height: height, format: .gray8, bytes: values, orientation: orientation)
    }

    @Test func areaWeighsEachInputByTheFractionCovered() throws {
        // 3 → 2: output 0 covers [0, 1.5): 2/3 of pixel 0 and 1/3 of pixel 1.
        let out = try Self.gray(3, 1, [0, 90, 180]).resampled(to: PixelSize(width: 2, height: 1), filter: .area)
        #expect(out.bytes == [30, 150])
    }

    @Test func areaAveragesWholeBlocksExactly() throws {
        let image = try Self.gray(4, 2, [10, 20, 30, 40, 50, 60, 70, 81])
        let out = try image.resampled(to: PixelSize(width: 2, height: 1), filter: .area)
        #expect(out.bytes == [35, 55])  // (10+20+50+60)/4, (30+40+70+81)/4 = 55.25
    }

    @Test func bilinearUpscalingInterpolatesBetweenCentres() throws {
        let out = try Self.gray(2, 1, [0, 255]).resampled(to: PixelSize(width: 4, height: 1), filter: .bilinear)
        #expect(out.bytes == [0, 64, 191, 255])
    }

    @Test("every filter keeps a flat image flat", arguments: ResampleFilter.allCases)
    func flatStaysFlat(filter: ResampleFilter) throws {
        let image = try Self.gray(5, 4, [UInt8](repeating: 100, count: 20))
        for size in [PixelSize(width: 13, height: 11), PixelSize(width: 2, height: 3), PixelSize(width: 1, height: 1)] {
            #expect(try image.resampled(to: size, filter: filter).bytes.allSatisfy { $0 == 100 })
        }
    }

    @Test func lanczosMatchesADoublePrecisionReferenceAndClampsItsRinging() throws {
        let input: [Double] = [0, 0, 0, 255, 255, 255]
        let out = try Self.gray(6, 1, input.map { UInt8($0) }).resampled(to: PixelSize(width: 17, height: 1), filter: .lanczos3)
        func lanczos(_ x: Double) -> Double {
            let x = abs(x)
            if x < 1e-9 { return 1 }
            return x < 3 ? 3 * sin(.pi * x) * sin(.pi * x / 3) / (.pi * .pi * x * x) : 0
        }
        let expected: [Double] = (0..<17).map { i in
            let centre = (Double(i) + 0.5) * 6 / 17
            let taps = (0..<6).filter { abs(Double($0) + 0.5 - centre) < 3 }
            let weights = taps.map { lanczos(Double($0) + 0.5 - centre) }
            let value = zip(taps, weights).map { input[$0] * $1 }.reduce(0, +) / weights.reduce(0, +)
            return min(255, max(0, value.rounded()))
        }
        #expect(zip(out.bytes, expected).allSatisfy { abs(Double($0) - $1) <= 1 }, "\(out.bytes) vs \(expected)")
        #expect(out.bytes.contains(0) && out.bytes.contains(255))
        #expect(out.bytes[2] > 0, "ringing before the edge")
    }

    @Test func transparentPixelsLeaveNoDarkFringe() throws {
        let image = try PixelBuffer(width: 2, height: 1, bytes: [255, 0, 0, 255, 0, 0, 0, 0])
        let out = try image.resampled(to: PixelSize(width: 1, height: 1), filter: .area)
        #expect(out[0, 0] == RGBA(255, 0, 0, 128))
        #expect(out.format == .rgba8)
    }

    @Test("the same size is an exact copy, even with transparency", arguments: ResampleFilter.allCases)
    func sameSizeIsExact(filter: ResampleFilter) throws {
        let image = try PixelBuffer(width: 3, height: 1, bytes: [200, 100, 50, 3, 9, 8, 7, 0, 1, 2, 3, 255], orientation: .left)
        let out = try image.resampled(displayRect: PixelRect(x: 0, y: 0, width: 1, height: 3), to: PixelSize(width: 1, height: 3), filter: filter)
        #expect(out == image)
    }

    @Test func premultipliedInputStaysPremultiplied() throws {
        let image = try PixelBuffer(width: 2, height: 1, format: .rgba8Premultiplied, bytes: [200, 0, 0, 200, 0, 0, 0, 0])
        let out = try image.resampled(to: PixelSize(width: 1, height: 1), filter: .area)
        #expect(out.format == .rgba8Premultiplied)
        #expect(out[0, 0] == RGBA(100, 0, 0, 100))
    }

    @Test("area matches a double-precision reference within one level", arguments: 0..<40)
    func areaMatchesReference(seed: Int) throws {
        var rng = SeededRandomNumberGenerator(seed: UInt64(seed))
        let w = Int.random(in: 1...23, using: &rng), h = Int.random(in: 1...23, using: &rng)
        let ow = Int.random(in: 1...w, using: &rng), oh = Int.random(in: 1...h, using: &rng)
        let values = (0..<(w * h)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let out = try Self.gray(w, h, values).resampled(to: PixelSize(width: ow, height: oh), filter: .area)
        func coverage(_ n: Int, _ m: Int, _ i: Int, _ j: Int) -> Double {
            Double(max(0, min((i + 1) * n, (j + 1) * m) - max(i * n, j * m))) / Double(n)
        }
        for oy in 0..<oh {
            for ox in 0..<ow {
                var sum = 0.0
                for y in 0..<h {
                    for x in 0..<w { sum += coverage(h, oh, oy, y) * coverage(w, ow, ox, x) * Double(values[y * w + x]) }
                }
                #expect(abs(Double(out.bytes[oy * ow + ox]) - sum) <= 0.51 + 1e-9, "\(w)x\(h)→\(ow)x\(oh) at \(ox),\(oy)")
            }
        }
    }

    @Test("a display rect resamples like a crop then a resample", arguments: ImageOrientation.allCases)
    func displayRectsHonourOrientation(orientation: ImageOrientation) throws {
        var rng = SeededRandomNumberGenerator(seed: UInt64(orientation.rawValue))
        let values = (0..<(9 * 7)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let image = try Self.gray(9, 7, values, orientation: orientation)
        let rect = PixelRect(x: 1, y: 2, width: 5, height: 4)
        let size = PixelSize(width: 3, height: 2)
        let direct = try image.resampled(displayRect: rect, to: size, filter: .area)
        let staged = try image.cropped(to: rect).resampled(to: size, filter: .area)
        #expect(direct.displaySize == size)
        #expect(direct.orientation == orientation)
        #expect(direct.normalized().bytes == staged.normalized().bytes)
    }

    @Test func badRectsAndSizesThrow() throws {
        let image = try Self.gray(4, 4, [UInt8](repeating: 0, count: 16))
        #expect(throws: ImagingError.cropOutsideImage(rect: PixelRect(x: 2, y: 2, width: 3, height: 1), imageSize: PixelSize(width: 4, height: 4))) {
            try image.resampled(displayRect: PixelRect(x: 2, y: 2, width: 3, height: 1), to: PixelSize(width: 1, height: 1))
        }
        #expect(throws: ImagingError.invalidDimensions(width: 0, height: 3)) {
            try image.resampled(to: PixelSize(width: 0, height: 3))
        }
        #expect(throws: ImagingError.tooManyPixels(count: 200_000_000, limit: 100_000_000)) {
            try image.resampled(to: PixelSize(width: 20_000, height: 10_000))
        }
    }
}

/// Splitting the rows across threads changes nothing but the time.
@Suite("Resampling on several threads")
struct ThreadedResampleTests {
    @Test("gives the single-threaded pixels", arguments: ResampleFilter.allCases)
    func sameAsOneThread(filter: ResampleFilter) throws {
        let opaque = try StraightenTests.photo(width: 300, height: 211)
        let translucent = try StraightenTests.photo(width: 300, height: 211) { x, y in UInt8((x * 7 + y * 3) % 256) }
        var gray = try PixelBuffer(width: 300, height: 211, format: .gray8)
        for y in 0..<211 { for x in 0..<300 { gray[x, y] = RGBA(UInt8((x * y) % 251), 0, 0) } }
        for (name, image) in [("opaque", opaque), ("translucent", translucent), ("gray", gray)] {
            for orientation in [ImageOrientation.up, .right, .leftMirrored] {
                var photo = image
                photo.orientation = orientation
                let rect = PixelRect(x: 7, y: 5, width: photo.displaySize.width - 20, height: photo.displaySize.height - 13)
                for size in [PixelSize(width: 97, height: 61), PixelSize(width: 3, height: 2), PixelSize(width: 310, height: 9)] {
                    let one = try photo.resampled(displayRect: rect, to: size, filter: filter, threads: 1)
                    // (More threads than rows, and counts out of range, included.)
                    for threads in (size.height == 2 ? [2, 3, 1000, 0, -5] : [2, 3]) {
                        let many = try photo.resampled(displayRect: rect, to: size, filter: filter, threads: threads)
                        #expect(many == one, "\(name) \(orientation) \(size) on \(threads) threads")
                    }
                }
            }
        }
    }

    @Test func thePipelineGivesTheSamePixelsOnAnyNumberOfThreads() throws {
        let photo = try StraightenTests.photo(width: 300, height: 211)
        var pipeline = AvatarPipeline(
            crop: PixelRect(x: 20, y: 10, width: 180, height: 180), outputSize: PixelSize(width: 64, height: 64), mask: .circle)
        pipeline.threads = 1
        let one = try pipeline.render(photo).image
        for threads in [2, 4, nil] {
            pipeline.threads = threads
            #expect(try pipeline.render(photo).image == one)
        }
    }

    @Test func largeWorkUsesEveryCore() {
        #expect(PixelBuffer.automaticThreads(sourcePixels: 999_999) == 1)
        #expect(PixelBuffer.automaticThreads(sourcePixels: 2800 * 2800) == min(64, ProcessInfo.processInfo.activeProcessorCount))
    }
}
