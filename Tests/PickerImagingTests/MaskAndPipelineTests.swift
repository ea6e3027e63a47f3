@testable import PickerImaging
import Testing

@Suite("Circle mask and the avatar pipeline")
struct MaskAndPipelineTests {
    static func white(_ w: Int, _ h: Int, orientation: ImageOrientation = .up) throws -> PixelBuffer {
        try PixelBuffer(width: w, height: h, bytes: [UInt8](repeating: 255, count: w * h * 4), orientation: orientation)
    }

    @Test func theCircleCutOutHasAnAntiAliasedEdge() throws {
        let round = try Self.white(4, 4).masked(.circle)
        let alpha = (0..<4).map { y in (0..<4).map { x in round[x, y].a } }
        #expect(alpha == [[97, 234, 234, 97], [234, 255, 255, 234], [234, 255, 255, 234], [97, 234, 234, 97]])
        #expect(round[0, 0] == RGBA(255, 255, 255, 97), "straight colour is kept under partial alpha")
    }

    @Test func theCircleOnAColourCompositesOverIt() throws {
        let round = try Self.white(4, 4).masked(.circleOn(RGBA(0, 0, 0)))
        #expect(round[0, 0] == RGBA(97, 97, 97, 255))
        #expect(round[1, 0] == RGBA(234, 234, 234, 255))
        #expect(round[1, 1] == RGBA(255, 255, 255, 255))
    }

    @Test func theSquarePolicyChangesNothingButOrientation() throws {
        var image = try Self.white(3, 2, orientation: .left)
        image[0, 0] = RGBA(1, 2, 3, 4)
        let square = image.masked(.square)
        #expect(square == image.normalized())
    }

    @Test func maskingLeavesTheOriginalAndGivesTightRows() throws {
        // The mask writes into the image's own storage when nothing else holds it: a copy that
        // still shares it must not see the change.
        var image = try Self.white(5, 4)
        image[2, 2] = RGBA(9, 8, 7, 6)
        let before = image
        let round = image.masked(.circle)
        #expect(image == before)
        #expect(round[0, 0].a < 255 && round[2, 2] == RGBA(9, 8, 7, 6))
        // Rows farther apart than the pixels come back tightly packed, as a copy always was.
        var bytes = [UInt8](repeating: 255, count: 6 * 4 * 4)
        for y in 0..<4 { for x in 5 * 4..<6 * 4 { bytes[y * 24 + x] = 1 } }
        let strided = try PixelBuffer(width: 5, height: 4, bytes: bytes, rowStride: 24)
        let tight = strided.masked(.circle)
        #expect(tight.rowStride == 20)
        #expect(try tight == Self.white(5, 4).masked(.circle))
    }

    @Test func grayImagesBecomeRGBAWhenMasked() throws {
        let gray = try PixelBuffer(width: 2, height: 2, format: .gray8, bytes: [50, 50, 50, 50])
        let round = gray.masked(.circle)
        #expect(round.format == .rgba8)
        #expect(round[0, 0] == RGBA(50, 50, 50, 202), "coverage 1 − 0.707 + 0.5 at each corner pixel")
    }

    @Test func aSquareCropGivesAnExactlySquareAvatar() throws {
        let photo = try Self.white(515, 514)
        for side in [514, 513, 100, 1] {
            let avatar = try AvatarPipeline(
                crop: PixelRect(x: 1, y: 0, width: 514, height: 514), outputSize: PixelSize(width: side, height: side)
            ).render(photo)
            #expect(avatar.image.displaySize == PixelSize(width: side, height: side))
        }
    }

    @Test("the pipeline crops in display orientation and outputs upright", arguments: ImageOrientation.allCases)
    func pipelineHonoursOrientation(orientation: ImageOrientation) throws {
        var photo = try PixelBuffer(width: 12, height: 8, orientation: orientation)
        for y in 0..<8 { for x in 0..<12 { photo[x, y] = RGBA(UInt8(x * 20), UInt8(y * 30), 99) } }
        let crop = PixelRect(x: 2, y: 1, width: 6, height: 6)
        let avatar = try AvatarPipeline(crop: crop, outputSize: PixelSize(width: 3, height: 3), filter: .area).render(photo)
        let expected = try photo.cropped(to: crop).resampled(to: PixelSize(width: 3, height: 3), filter: .area).normalized()
        #expect(avatar.image == expected)
        #expect(avatar.image.orientation == .up)
    }

    @Test func theMaximumDimensionClampsKeepingTheAspect() throws {
        #expect(AvatarPipeline(crop: PixelRect(x: 0, y: 0, width: 1, height: 1), outputSize: PixelSize(width: 5000, height: 5000))
            .clampedOutputSize == PixelSize(width: 4096, height: 4096))
        #expect(AvatarPipeline(
            crop: PixelRect(x: 0, y: 0, width: 1, height: 1), outputSize: PixelSize(width: 3000, height: 1500), maximumDimension: 1000
        ).clampedOutputSize == PixelSize(width: 1000, height: 500))
        #expect(AvatarPipeline(
            crop: PixelRect(x: 0, y: 0, width: 1, height: 1), outputSize: PixelSize(width: 3000, height: 1), maximumDimension: 1000
        ).clampedOutputSize == PixelSize(width: 1000, height: 1))
    }

    @Test func upscalingPicksLanczosAndDownscalingArea() throws {
        var photo = try Self.white(10, 10)
        photo[4, 4] = RGBA(0, 0, 0)
        let crop = PixelRect(x: 2, y: 2, width: 6, height: 6)
        let up = try AvatarPipeline(crop: crop, outputSize: PixelSize(width: 15, height: 15)).render(photo)
        #expect(up.image == (try photo.resampled(displayRect: crop, to: PixelSize(width: 15, height: 15), filter: .lanczos3)))
        let down = try AvatarPipeline(crop: crop, outputSize: PixelSize(width: 4, height: 4)).render(photo)
        #expect(down.image == (try photo.resampled(displayRect: crop, to: PixelSize(width: 4, height: 4), filter: .area)))
    }

    @Test func anOpaquePhotoIsNeverCopiedAtFullSize() throws {
        let photo = try Self.white(1200, 900)
        let avatar = try AvatarPipeline(
            crop: PixelRect(x: 150, y: 0, width: 900, height: 900), outputSize: PixelSize(width: 100, height: 100), mask: .circle
        ).render(photo)
        #expect(avatar.peakExtraBytes < 900 * 900 * 4 / 10, "\(avatar.peakExtraBytes) bytes")
        var translucent = photo
        translucent[500, 500] = RGBA(255, 255, 255, 0)
        let premultiplied = try AvatarPipeline(
            crop: PixelRect(x: 150, y: 0, width: 900, height: 900), outputSize: PixelSize(width: 100, height: 100)
        ).render(translucent)
        #expect(premultiplied.peakExtraBytes >= 900 * 900 * 4, "transparency costs one crop-sized copy")
    }

    @Test func cropsOutsideThePhotoThrow() throws {
        let photo = try Self.white(10, 10)
        #expect(throws: ImagingError.cropOutsideImage(rect: PixelRect(x: 5, y: 5, width: 6, height: 6), imageSize: PixelSize(width: 10, height: 10))) {
            try AvatarPipeline(crop: PixelRect(x: 5, y: 5, width: 6, height: 6), outputSize: PixelSize(width: 2, height: 2)).render(photo)
        }
    }
}

/// The circle mask, run by run, against its definition pixel by pixel.
@Suite("Circle mask runs")
struct CircleMaskRunTests {
    /// The definition: inside r − ½ and opaque, the pixel; beyond r + ½, the outside colour;
    /// otherwise the pixel at its coverage, over the background.
    static func reference(_ image: PixelBuffer, _ mask: AvatarMask) -> PixelBuffer {
        let w = image.width, h = image.height
        let cx = Double(w) / 2, cy = Double(h) / 2, r = Double(min(w, h)) / 2
        let background: RGBA? = if case let .circleOn(colour) = mask { colour } else { nil }
        var out = image
        for y in 0..<h {
            for x in 0..<w {
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                let d2 = dx * dx, p = image[x, y]
                if d2 <= (r - 0.5) * (r - 0.5) - dy * dy && p.a == 255 {
                    out[x, y] = p
                } else if d2 >= (r + 0.5) * (r + 0.5) - dy * dy {
                    out[x, y] = background ?? RGBA(0, 0, 0, 0)
                } else {
                    let coverage = min(1, max(0, r - (d2 + dy * dy).squareRoot() + 0.5))
                    out[x, y] = PixelBuffer.composite(p, coverage: coverage, over: background)
                }
            }
        }
        return out
    }

    @Test(
        "matches the definition",
        arguments: [(1, 1), (2, 1), (3, 3), (7, 4), (16, 16), (33, 33), (64, 47), (101, 100)])
    func matchesTheDefinition(width: Int, height: Int) throws {
        for translucent in [false, true] {
            var image = try PixelBuffer(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    let a: UInt8 = translucent && (x + y) % 5 == 0 ? UInt8((x * 37) % 256) : 255
                    image[x, y] = RGBA(UInt8((x * 29) % 256), UInt8((y * 53) % 256), UInt8((x * y) % 256), a)
                }
            }
            for mask in [AvatarMask.circle, .circleOn(RGBA(10, 200, 30)), .circleOn(RGBA(0, 0, 0, 0)), .circleOn(RGBA(9, 8, 7, 100))] {
                #expect(image.masked(mask) == Self.reference(image, mask), "\(width)x\(height) \(mask) translucent \(translucent)")
            }
        }
    }
}
