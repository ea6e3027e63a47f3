import PickerImaging
import Testing

/// Turns and flips of what a person sees, as changes of orientation: exact for all 8 EXIF
/// orientations.
@Suite("Display transforms: quarter turns and flips")
struct DisplayTransformTests {
    /// A 3×2 stored image whose every pixel differs.
    static func photo(_ orientation: ImageOrientation) throws -> PixelBuffer {
        var photo = try PixelBuffer(width: 3, height: 2, orientation: orientation)
        for y in 0..<2 { for x in 0..<3 { photo[x, y] = RGBA(UInt8(10 * x + 1), UInt8(10 * y + 1), 7, 255) } }
        return photo
    }

    /// The displayed pixels of `image`, transformed by hand.
    static func byHand(_ image: PixelBuffer, _ transform: DisplayTransform) throws -> PixelBuffer {
        let shown = image.normalized()
        let size = transform.size(shown.displaySize)
        var out = try PixelBuffer(width: size.width, height: size.height)
        for y in 0..<shown.height {
            for x in 0..<shown.width {
                let target: (Int, Int)
                switch transform {
                case .turnRight: target = (shown.height - 1 - y, x)
                case .turnLeft: target = (y, shown.width - 1 - x)
                case .flipHorizontal: target = (shown.width - 1 - x, y)
                case .flipVertical: target = (x, shown.height - 1 - y)
                }
                out[target.0, target.1] = shown[x, y]
            }
        }
        return out
    }

    @Test("a transform is a change of orientation that shows exactly the transformed pixels", arguments: ImageOrientation.allCases)
    func exact(orientation: ImageOrientation) throws {
        for transform in DisplayTransform.allCases {
            var turned = try Self.photo(orientation)
            turned.orientation = orientation.applying(transform)
            #expect(turned.normalized() == (try Self.byHand(try Self.photo(orientation), transform)), "\(orientation) \(transform)")
        }
    }

    @Test func theGroupLawsHold() {
        for orientation in ImageOrientation.allCases {
            #expect(orientation.applying(.turnRight).applying(.turnLeft) == orientation)
            #expect(orientation.applying(.flipHorizontal).applying(.flipHorizontal) == orientation)
            #expect((0..<4).reduce(orientation) { o, _ in o.applying(.turnRight) } == orientation)
            #expect(orientation.applying(.flipVertical) == orientation.applying(.flipHorizontal).applying(.turnRight).applying(.turnRight))
        }
        #expect(ImageOrientation.up.applying(.turnRight) == .right)
        #expect(ImageOrientation.up.applying(.flipHorizontal) == .upMirrored)
        #expect(ImageOrientation.right.applying(.flipHorizontal) == .leftMirrored)
    }

    /// A person's edit (the mirror first, then the turns) as one change of orientation, which
    /// saved edits and the editor share: any count of turns, whole turns dropped.
    @Test func editsAreTheMirrorThenTheTurns() {
        for orientation in ImageOrientation.allCases {
            for mirrored in [false, true] {
                let flipped = mirrored ? orientation.applying(.flipHorizontal) : orientation
                var turned = flipped
                for turns in 0..<4 {
                    #expect(orientation.edited(mirrored: mirrored, quarterTurns: turns) == turned, "\(orientation) \(mirrored) \(turns)")
                    #expect(orientation.edited(mirrored: mirrored, quarterTurns: turns + 8) == turned)
                    #expect(orientation.edited(mirrored: mirrored, quarterTurns: turns - 4) == turned)
                    turned = turned.applying(.turnRight)
                }
            }
        }
        #expect(ImageOrientation.up.edited(mirrored: true, quarterTurns: 1) == .rightMirrored)
        #expect(ImageOrientation.right.edited(mirrored: false, quarterTurns: -1) == .up)
    }

    @Test func rectanglesMoveWithThePixels() {
        let size = PixelSize(width: 4, height: 3)
        #expect(DisplayTransform.turnRight.rect(PixelRect(x: 0, y: 0, width: 2, height: 1), size: size) == PixelRect(x: 2, y: 0, width: 1, height: 2))
        #expect(DisplayTransform.turnLeft.rect(PixelRect(x: 0, y: 0, width: 2, height: 1), size: size) == PixelRect(x: 0, y: 2, width: 1, height: 2))
        #expect(DisplayTransform.flipHorizontal.rect(PixelRect(x: 0, y: 1, width: 1, height: 1), size: size) == PixelRect(x: 3, y: 1, width: 1, height: 1))
        #expect(DisplayTransform.flipVertical.rect(PixelRect(x: 0, y: 0, width: 4, height: 1), size: size) == PixelRect(x: 0, y: 2, width: 4, height: 1))
    }
}
