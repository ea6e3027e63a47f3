import Testing
import PickerImaging

@Suite("ImageOrientation")
struct ImageOrientationTests {
    /// A 3×2 gray image whose pixels are 1…6 in reading order.
    static func numbered(_ orientation: ImageOrientation) throws -> PixelBuffer {
        try PixelBuffer(
            width: 3, height: 2, format: .gray8, bytes: [1, 2, 3, 4, 5, 6], orientation: orientation)
    }

    static func displayGrid(_ buffer: PixelBuffer) -> [[UInt8]] {
        let size = buffer.displaySize
        return (0..<size.height).map { y in (0..<size.width).map { x in buffer.displayPixel(x: x, y: y).r } }
    }

    static let expectedDisplays: [(ImageOrientation, [[UInt8]])] = [
        (.up, [[1, 2, 3], [4, 5, 6]]),
        (.upMirrored, [[3, 2, 1], [6, 5, 4]]),
        (.down, [[6, 5, 4], [3, 2, 1]]),
        (.downMirrored, [[4, 5, 6], [1, 2, 3]]),
        (.leftMirrored, [[1, 4], [2, 5], [3, 6]]),
        (.right, [[4, 1], [5, 2], [6, 3]]),
        (.rightMirrored, [[6, 3], [5, 2], [4, 1]]),
        (.left, [[3, 6], [2, 5], [1, 4]]),
    ]

    @Test("each EXIF orientation shows the stored pixels as a person sees them", arguments: expectedDisplays)
    func displayLayout(orientation: ImageOrientation, expected: [[UInt8]]) throws {
        #expect(Self.displayGrid(try Self.numbered(orientation)) == expected)
    }

    @Test("raw and display points are inverse bijections", arguments: ImageOrientation.allCases)
    func pointsRoundTrip(orientation: ImageOrientation) {
        let raw = PixelSize(width: 5, height: 3)
        let display = orientation.displaySize(forRaw: raw)
        var seen = Set<[Int]>()
        for y in 0..<display.height {
            for x in 0..<display.width {
                let r = orientation.rawPoint(forDisplayX: x, y: y, rawSize: raw)
                #expect((0..<raw.width).contains(r.x) && (0..<raw.height).contains(r.y))
                seen.insert([r.x, r.y])
                let back = orientation.displayPoint(forRawX: r.x, y: r.y, rawSize: raw)
                #expect(back.x == x && back.y == y)
            }
        }
        #expect(seen.count == 15)
    }

    @Test("rects map to the raw pixels that show inside them, and back", arguments: ImageOrientation.allCases)
    func rectsRoundTrip(orientation: ImageOrientation) {
        let raw = PixelSize(width: 7, height: 4)
        let display = orientation.displaySize(forRaw: raw)
        for y in 0..<display.height {
            for x in 0..<display.width {
                for h in 1...(display.height - y) {
                    for w in 1...(display.width - x) {
                        let rect = PixelRect(x: x, y: y, width: w, height: h)
                        let rawRect = orientation.rawRect(forDisplay: rect, rawSize: raw)
                        #expect(PixelRect(size: raw).contains(rawRect))
                        #expect(rawRect.width * rawRect.height == w * h)
                        let corner = orientation.rawPoint(forDisplayX: x + w - 1, y: y, rawSize: raw)
                        #expect(corner.x >= rawRect.x && corner.x < rawRect.maxX)
                        #expect(corner.y >= rawRect.y && corner.y < rawRect.maxY)
                        #expect(orientation.displayRect(forRaw: rawRect, rawSize: raw) == rect)
                    }
                }
            }
        }
    }

    @Test func documentedExample() {
        let raw = PixelSize(width: 4032, height: 3024)
        #expect(ImageOrientation.right.displaySize(forRaw: raw) == PixelSize(width: 3024, height: 4032))
        #expect(
            ImageOrientation.right.rawRect(
                forDisplay: PixelRect(x: 0, y: 0, width: 10, height: 20), rawSize: raw)
                == PixelRect(x: 0, y: 3014, width: 20, height: 10))
    }

    @Test func exifValuesOutsideOneToEightThrow() throws {
        #expect(try ImageOrientation(exif: 6) == .right)
        #expect(throws: ImagingError.invalidOrientation(0)) { try ImageOrientation(exif: 0) }
        #expect(throws: ImagingError.invalidOrientation(9)) { try ImageOrientation(exif: 9) }
    }
}
