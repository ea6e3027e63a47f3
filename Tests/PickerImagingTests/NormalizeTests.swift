import Foundation
import PickerImaging
import Testing

@Suite("Normalising orientation and alpha")
struct NormalizeTests {
    @Test("normalising bakes each orientation into the pixels", arguments: ImageOrientation.allCases)
    func normalizes(orientation: ImageOrientation) throws {
        let image = try PixelBufferCropTests.gradient(orientation)
        let upright = image.normalized()
        #expect(upright.orientation == .up)
        #expect(upright.pixelSize == image.displaySize)
        for y in 0..<upright.height {
            for x in 0..<upright.width { #expect(upright[x, y] == image.displayPixel(x: x, y: y)) }
        }
    }

    /// Quarter turns move pixels in vector lanes in optimized builds, in strips of 16 output
    /// rows, and every turn shares its rows among threads in bands of whole strips; these sizes
    /// leave rows past the strips, columns past the lanes (or no lanes at all), or both, and
    /// some rows are padded.
    /// Every way must show every pixel where the orientation puts it.
    @Test("turns in lanes and on threads give the plain gather's pixels", arguments: ImageOrientation.allCases)
    func lanesAndThreadsMatchThePlainGather(orientation: ImageOrientation) throws {
        let shapes = [(1, 1), (4, 16), (16, 4), (37, 21), (21, 37), (33, 48), (64, 17), (5, 70), (19, 23), (18, 70), (40, 3), (17, 2)]
        for (width, height) in shapes {
            // (13: rows not a whole number of pixels apart, which are packed first.)
            for padding in [0, 12, 13] {
                let stride = width * 4 + padding
                let bytes = (0..<(stride * height)).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 8) }
                let image = try PixelBuffer(width: width, height: height, bytes: bytes, rowStride: stride, orientation: orientation)
                let plain = image.normalized(threads: 1, inLanes: false)
                #expect(plain.pixelSize == image.displaySize)
                var mismatches = 0
                for y in 0..<plain.height {
                    for x in 0..<plain.width where plain[x, y] != image.displayPixel(x: x, y: y) { mismatches += 1 }
                }
                #expect(mismatches == 0, "\(width)x\(height) +\(padding)")
                for threads in [1, 2, 3] {
                    for lanes in [false, true] where threads > 1 || lanes {
                        let turned = Self.afterPoison(bytes: plain.bytes.count) { image.normalized(threads: threads, inLanes: lanes) }
                        #expect(turned == plain, "\(width)x\(height) +\(padding) \(threads) \(lanes)")
                    }
                }
            }
        }
    }

    /// `body`'s result, made just after an array of `bytes` bytes of a pattern no test image
    /// has in a whole row was freed: the allocator then likely hands that memory to `body`'s
    /// output, so a row it never writes shows instead of an earlier result's pixels.
    static func afterPoison<T>(bytes: Int, _ body: () -> T) -> T {
        do {
            let poison = [UInt8](repeating: 0xA5, count: bytes)
            withExtendedLifetime(poison) {}
        }
        return body()
    }

    @Test("any thread count gives the same pixels, in every format", arguments: [PixelFormat.rgba8, .rgba8Premultiplied, .gray8])
    func threadCountsAgree(format: PixelFormat) throws {
        let (width, height) = (45, 70)
        let bytes = (0..<(width * height * format.bytesPerPixel)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for orientation in ImageOrientation.allCases {
            let image = try PixelBuffer(width: width, height: height, format: format, bytes: bytes, orientation: orientation)
            let one = image.normalized(threads: 1)
            #expect(one.format == format && one.orientation == .up && one.pixelSize == image.displaySize)
            for threads in [2, 3, 4, 1000] {
                let turned = Self.afterPoison(bytes: one.bytes.count) { image.normalized(threads: threads) }
                #expect(turned == one, "\(orientation) \(threads)")
            }
        }
    }

    /// The threads a turn takes: those asked for, kept within 1…64 and to one per strip of 16
    /// output rows; unasked, every core from a million pixels (none below); none for an
    /// upright image, which is not copied.
    @Test func threadsTakenFollowTheCountAndTheSize() throws {
        let told = Recorder()
        let cores = PixelBuffer.automaticThreads(sourcePixels: 1_000_000)
        try TurnThreads.told.withValue(told) {
            let tall = try PixelBuffer(width: 100, height: 130, orientation: .down)  // 8 strips
            for threads in [-1, 0, 1, 2, 3, 8, 9, 100] { _ = tall.normalized(threads: threads) }
            _ = tall.normalized()
            _ = try PixelBuffer(width: 4000, height: 20, orientation: .upMirrored).normalized(threads: 4)  // 1 strip
            _ = try PixelBuffer(width: 1000, height: 1000, format: .gray8, orientation: .right).normalized()
            _ = try PixelBuffer(width: 1000, height: 999, orientation: .left).normalized()
            _ = try PixelBuffer(width: 1000, height: 1000, orientation: .up).normalized(threads: 4)
        }
        #expect(told.all == [1, 1, 1, 2, 3, 8, 8, 8, 1, 1, cores, 1])
    }

    /// A mask bakes a turn in on the threads its pipeline was given (a host keeping a core free
    /// for its interface gives one fewer): a 1024² avatar is past the million pixels that would
    /// take every core.
    @Test func masksTurnOnTheThreadsTheyAreGiven() throws {
        let told = Recorder()
        let cores = PixelBuffer.automaticThreads(sourcePixels: 1 << 20)
        let avatar = try PixelBuffer(width: 1024, height: 1024, orientation: .right)
        TurnThreads.told.withValue(told) {
            for (mask, threads) in [(AvatarMask.circle, 1), (.square, 1), (.circle, nil)] {
                var image = avatar
                image.applyMask(mask, threads: threads)
            }
        }
        #expect(told.all == [1, 1, cores])
    }

    @Test func unpremultipliesWithRounding() throws {
        let premultiplied = try PixelBuffer(
            width: 3, height: 1, format: .rgba8Premultiplied,
            bytes: [64, 32, 0, 128, 10, 20, 30, 0, 255, 255, 255, 255])
        let straight = premultiplied.unpremultiplied()
        #expect(straight.format == .rgba8)
        #expect(straight.bytes == [128, 64, 0, 128, 0, 0, 0, 0, 255, 255, 255, 255])
    }
}
