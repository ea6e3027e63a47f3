import Foundation
import PickerImaging
import Testing

/// Every public PickerImaging entry point that takes a size, rectangle, scale, angle or count,
/// given hostile numbers: each works or throws a typed error, and none traps (a trap would end
/// the test run).
@Suite("Hostile sizes, rectangles and angles")
struct HostileSizeAndAngleTests {
    static let integers: [Int] = [0, -1, 1, .min, .max, .max / 2 + 1, 1 << 31, -(1 << 31), 1 << 51]
    static let reals: [Double] = [
        0, -0.0, -1, .nan, .infinity, -.infinity, 1e300, -1e300, 1e308, -1e308, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude / 4, 1e-300, 0x1p31, 0x1p53, 0x1p53 + 2,
    ]

    static func image() throws -> PixelBuffer {
        try PixelBuffer(width: 6, height: 4, bytes: (0..<96).map { UInt8($0 * 2) }, orientation: .right)
    }

    /// Runs `body`, which may throw only `ImagingError`.
    static func typed(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        do { try body() } catch { #expect(error is ImagingError, "\(error)", sourceLocation: sourceLocation) }
    }

    @Test("rectangles", arguments: integers)
    func rectangles(value: Int) throws {
        let image = try Self.image()
        for rect in [PixelRect(x: value, y: 0, width: 2, height: 2), PixelRect(x: 0, y: value, width: 2, height: 2),
                     PixelRect(x: 1, y: 1, width: value, height: 2), PixelRect(x: 1, y: 1, width: 2, height: value),
                     PixelRect(x: value, y: value, width: value, height: value)] {
            // Edges saturate, so the questions an image asks of a rectangle have true answers.
            _ = (rect.maxX, rect.maxY, rect.isEmpty, rect.description)
            let inside = image.displayBounds.contains(rect)
            #expect(inside == (rect.x >= 0 && rect.y >= 0 && rect.width > 0 && rect.height > 0 && rect.x <= 4 - rect.width && rect.y <= 6 - rect.height) || rect.isEmpty)
            if let part = rect.intersection(image.displayBounds) { #expect(image.displayBounds.contains(part)) }
            for orientation in ImageOrientation.allCases {
                _ = orientation.rawRect(forDisplay: rect, rawSize: image.pixelSize)
                _ = orientation.displayRect(forRaw: rect, rawSize: image.pixelSize)
                _ = orientation.rawPoint(forDisplayX: rect.x, y: rect.width, rawSize: image.pixelSize)
                _ = orientation.displayPoint(forRawX: rect.y, y: rect.height, rawSize: PixelSize(width: value, height: value))
            }
            for transform in DisplayTransform.allCases {
                _ = transform.rect(rect, size: PixelSize(width: value, height: 3))
                _ = transform.size(PixelSize(width: value, height: value))
            }
            Self.typed { _ = try image.cropped(to: rect) }
            Self.typed { _ = try image.resampled(displayRect: rect, to: PixelSize(width: 3, height: 3), filter: .lanczos3) }
            Self.typed { _ = try image.resampled(displayRect: rect, rotatedBy: 5, to: PixelSize(width: 3, height: 3)) }
            Self.typed { _ = try AvatarPipeline(crop: rect, outputSize: PixelSize(width: 3, height: 3), mask: .circle).render(image) }
            Self.typed { _ = try AvatarPipeline(crop: rect, outputSize: PixelSize(width: 3, height: 3), angle: 12).render(image) }
        }
    }

    @Test("the rectangles from the field reports fail cleanly")
    func reportedRectangles() throws {
        let image = try Self.image()
        // A crop reaching past the image is clamped to it.
        #expect(try image.cropped(to: PixelRect(x: 1, y: 1, width: .max, height: 1)).displaySize == PixelSize(width: 3, height: 1))
        for rect in [PixelRect(x: .max, y: 0, width: 1, height: 1), PixelRect(x: 1, y: 1, width: .max, height: 1)] {
            if rect.x == .max {
                #expect(throws: ImagingError.cropOutsideImage(rect: rect, imageSize: image.displaySize)) { try image.cropped(to: rect) }
            }
            #expect(throws: ImagingError.cropOutsideImage(rect: rect, imageSize: image.displaySize)) {
                try AvatarPipeline(crop: rect, outputSize: PixelSize(width: 16, height: 16)).render(image)
            }
        }
        #expect(PixelRect(x: .max, y: 0, width: 1, height: 1).maxX == .max)
        #expect(PixelRect(x: .min, y: 0, width: .max, height: 1).intersection(PixelRect(x: .min, y: 0, width: .max, height: 1))?.width == .max)
    }

    @Test("sizes", arguments: integers)
    func sizes(value: Int) throws {
        let image = try Self.image()
        for size in [PixelSize(width: value, height: 3), PixelSize(width: 3, height: value), PixelSize(width: value, height: value)] {
            _ = (size.pixelCount, size.isEmpty, size.transposed)
            Self.typed { _ = try PixelBuffer(width: size.width, height: size.height) }
            Self.typed { _ = try PixelBuffer(width: 3, height: 3, format: .gray8, pixelLimit: value) }
            Self.typed { _ = try PixelBuffer(width: size.width, height: size.height, bytes: [1, 2, 3, 4], rowStride: value) }
            Self.typed { _ = try image.resampled(to: size, filter: .bilinear) }
            Self.typed { _ = try image.resampled(displayRect: PixelRect(x: 0, y: 0, width: 4, height: 6), rotatedBy: -3, to: size) }
            for maximum in [value, 64, 1] {
                let pipeline = AvatarPipeline(crop: PixelRect(x: 0, y: 0, width: 4, height: 4), outputSize: size, maximumDimension: maximum)
                let clamped = pipeline.clampedOutputSize, longest = max(size.width, size.height)
                if maximum > 0, !size.isEmpty, longest > maximum {
                    #expect(max(clamped.width, clamped.height) == maximum && min(clamped.width, clamped.height) >= 1)
                } else {
                    #expect(clamped == size)
                }
                Self.typed { _ = try pipeline.render(image) }
            }
        }
    }

    @Test func aHugeOutputSizeIsClampedNotOverflowed() throws {
        // 2^51 × 4096 does not fit in an Int: the clamp still gives the right answer.
        let pipeline = AvatarPipeline(
            crop: PixelRect(x: 0, y: 0, width: 4, height: 4), outputSize: PixelSize(width: 1 << 51, height: 1 << 50))
        #expect(pipeline.clampedOutputSize == PixelSize(width: 4096, height: 2048))
        let square = AvatarPipeline(crop: PixelRect(x: 0, y: 0, width: 4, height: 4), outputSize: PixelSize(width: .max, height: .max))
        #expect(square.clampedOutputSize == PixelSize(width: 4096, height: 4096))
    }

    @Test("angles, centres and scales", arguments: reals)
    func anglesCentresAndScales(value: Double) throws {
        let image = try Self.image()
        let size = PixelSize(width: 3, height: 3)
        Self.typed { _ = try image.resampled(displayRect: PixelRect(x: 0, y: 0, width: 4, height: 4), rotatedBy: value, to: size) }
        Self.typed { _ = try image.resampled(centreX: value, centreY: 2, scale: 1, rotatedBy: 3, to: size) }
        Self.typed { _ = try image.resampled(centreX: 2, centreY: 2, scale: value, rotatedBy: 3, to: size) }
        Self.typed { _ = try AvatarPipeline(crop: PixelRect(x: 0, y: 0, width: 4, height: 4), outputSize: size, angle: value).render(image) }
        let rect = PixelRect(x: 0, y: 0, width: 4, height: 4)
        if value.isFinite {
            // Any finite angle is a turn: whole turns drop out, exactly.
            let turned = try image.resampled(displayRect: rect, rotatedBy: value, to: size)
            let reduced = try image.resampled(displayRect: rect, rotatedBy: value.truncatingRemainder(dividingBy: 360), to: size)
            #expect(turned == reduced, "\(value)")
            let piped = try AvatarPipeline(crop: rect, outputSize: size, angle: value).render(image).image
            #expect(piped.bytes.count == 36)
        } else {
            func isInvalidAngle(_ error: any Error) -> Bool {
                guard case let .invalidAngle(angle)? = error as? ImagingError else { return false }
                return angle.isNaN ? value.isNaN : angle == value
            }
            #expect(performing: { try image.resampled(displayRect: rect, rotatedBy: value, to: size) }, throws: isInvalidAngle)
            #expect(performing: { try AvatarPipeline(crop: rect, outputSize: size, angle: value).render(image) }, throws: isInvalidAngle)
        }
    }
}
