import ImagingTestSupport
import PickerImaging
import Testing

/// The pure-Swift locator's skin model across the whole range of human skin, and the locator
/// on drawn people: found, framed alike whatever their skin tone, and nothing on plain photos.
@Suite("Attention locator")
struct AttentionLocatorTests {
    /// The ten colours of the Monk Skin Tone scale (Google, 2022), lightest to darkest.
    static let monkScale: [RGBA] = [
        RGBA(0xF6, 0xED, 0xE4), RGBA(0xF3, 0xE7, 0xDB), RGBA(0xF7, 0xEA, 0xD0), RGBA(0xEA, 0xDA, 0xBA),
        RGBA(0xD7, 0xBD, 0x96), RGBA(0xA0, 0x7E, 0x56), RGBA(0x82, 0x5C, 0x43), RGBA(0x60, 0x41, 0x34),
        RGBA(0x3A, 0x31, 0x2A), RGBA(0x29, 0x24, 0x20),
    ]

    @Test(arguments: monkScale)
    func everyMonkScaleColourIsSkin(colour: RGBA) {
        #expect(AttentionLocator.skinLikelihood(colour) >= 0.9)
    }

    /// Colours that are not skin: greys from white to black, sky, foliage, a shirt's blue, a
    /// traffic cone's orange, a pure red, violet, and a colour too dark to have a hue.
    @Test(arguments: [
        RGBA(255, 255, 255), RGBA(128, 128, 128), RGBA(20, 20, 20), RGBA(0, 0, 0),
        RGBA(135, 190, 235), RGBA(60, 130, 50), RGBA(40, 60, 140), RGBA(255, 110, 0),
        RGBA(220, 20, 30), RGBA(140, 60, 170), RGBA(9, 5, 3),
    ])
    func otherColoursAreNot(colour: RGBA) {
        #expect(AttentionLocator.skinLikelihood(colour) == 0)
    }

    /// A person drawn off centre on a blue-grey wall: black hair (near neutral: a warm black is
    /// as skin-like as the darkest skin, and merges with it), an oval face in `skin` with
    /// white eyes, dark pupils and brows, a neck, a navy shirt.
    static func person(skin: RGBA, width: Int = 640, height: Int = 480, centreX: Double = 180) throws -> PixelBuffer {
        var photo = try PixelBuffer(width: width, height: height)
        let cy = 190.0
        func inside(_ x: Double, _ y: Double, _ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) -> Bool {
            let dx = (x - cx) / rx, dy = (y - cy) / ry
            return dx * dx + dy * dy <= 1
        }
        for y in 0..<height {
            for x in 0..<width {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                // The wall, a little lighter towards the top.
                var colour = RGBA(UInt8(92 + y * 20 / height), UInt8(108 + y * 20 / height), 138)
                if py > cy + 110, abs(px - centreX) < 120 - max(0, 60 - (py - cy - 110)) { colour = RGBA(30, 40, 80) }  // shirt
                if abs(px - centreX) < 24, py > cy + 60, py <= cy + 112 { colour = skin }  // neck
                if inside(px, py, centreX, cy - 18, 72, 92) { colour = RGBA(16, 14, 14) }  // hair
                if inside(px, py, centreX, cy, 58, 76) {
                    colour = skin
                    for side in [-1.0, 1.0] {
                        let eyeX = centreX + side * 22
                        if inside(px, py, eyeX, cy - 14, 11, 6) { colour = RGBA(235, 235, 230) }
                        if inside(px, py, eyeX, cy - 14, 4, 5) { colour = RGBA(25, 20, 18) }
                        if abs(px - eyeX) < 13, abs(py - (cy - 30)) < 2.5 { colour = RGBA(22, 18, 16) }  // brow
                    }
                    if abs(px - centreX) < 16, abs(py - (cy + 36)) < 3 { colour = RGBA(120, 40, 45) }  // mouth
                }
                photo[x, y] = colour
            }
        }
        return photo
    }

    /// The drawn face: the oval from the brow to the chin, cheek to cheek.
    static let drawnFace = PixelRect(x: 122, y: 114, width: 116, height: 152)

    @Test(arguments: [0, 5, 9])
    func aDrawnPersonIsFoundAndFramed(tone: Int) throws {
        let photo = try Self.person(skin: Self.monkScale[tone])
        let regions = AttentionLocator().locate(photo)
        #expect(regions.count == 1 && regions.first?.kind == .face, "\(regions)")
        let face = try #require(regions.first).box
        // Within a copy pixel (640 / 192 ≈ 3.3 photo pixels), give or take one more, of the oval.
        let slack = 8
        #expect(abs(face.x - Self.drawnFace.x) <= slack && abs(face.maxX - Self.drawnFace.maxX) <= slack, "\(face)")
        #expect(abs(face.y - Self.drawnFace.y) <= slack && abs(face.maxY - Self.drawnFace.maxY) <= slack, "\(face)")
        let frame = SubjectFraming().crop(for: regions, in: photo.displaySize)
        #expect(frame.intersection(Self.drawnFace) == Self.drawnFace, "\(frame)")
    }

    /// Two people who differ only in skin tone, the lightest and the darkest of the scale (and
    /// every tone between), are found with the same face box and framed with the same crop.
    @Test func twoPeopleWhoDifferOnlyInSkinToneAreFramedAlike() throws {
        let lightest = try Self.person(skin: Self.monkScale[0])
        let expected = SubjectFraming().crop(for: AttentionLocator().locate(lightest), in: lightest.displaySize)
        #expect(expected != SubjectFraming().crop(for: [], in: lightest.displaySize))
        for (tone, skin) in Self.monkScale.enumerated().dropFirst() {
            let photo = try Self.person(skin: skin)
            let regions = AttentionLocator().locate(photo)
            #expect(regions.map(\.kind) == [.face], "tone \(tone + 1): \(regions)")
            #expect(SubjectFraming().crop(for: regions, in: photo.displaySize) == expected, "tone \(tone + 1)")
        }
    }

    @Test func plainPhotosHaveNoSubject() throws {
        // An even colour, even a skin colour: nothing stands out.
        for colour in [RGBA(92, 108, 138), Self.monkScale[4]] {
            var plain = try PixelBuffer(width: 300, height: 200)
            for y in 0..<200 { for x in 0..<300 { plain[x, y] = colour } }
            #expect(AttentionLocator().locate(plain) == [])
        }
        #expect(AttentionLocator().locate(try PixelBuffer(width: 1, height: 1)) == [])
    }

    /// No face, one bright, detailed patch: the salient region is around it.
    @Test func withoutAFaceTheSalientRegionIsWhereTheDetailIs() throws {
        var photo = try PixelBuffer(width: 400, height: 300)
        for y in 0..<300 {
            for x in 0..<400 {
                let inPatch = (280..<360).contains(x) && (40..<120).contains(y)
                photo[x, y] = inPatch ? ((x / 8 + y / 8) % 2 == 0 ? RGBA(230, 40, 200) : RGBA(20, 200, 240)) : RGBA(70, 90, 80)
            }
        }
        let regions = AttentionLocator().locate(photo)
        #expect(regions.map(\.kind) == [.salient], "\(regions)")
        let salient = try #require(regions.first).box
        let patch = PixelRect(x: 280, y: 40, width: 80, height: 80)
        #expect(salient.intersection(patch) == patch, "\(salient)")
    }

    @Test func theWorkingSideIsClamped() {
        #expect(AttentionLocator(workingSide: 4).workingSide == 32)
        #expect(AttentionLocator(workingSide: 1 << 40).workingSide == 1024)
        #expect(AttentionLocator(workingSide: 320).workingSide == 320)
    }

    @Test func aCancelledTaskIsNotLocated() async throws {
        let photo = try Self.person(skin: Self.monkScale[3])
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await AttentionLocator().regions(in: photo)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
