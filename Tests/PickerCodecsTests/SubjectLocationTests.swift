import Foundation
import PickerCodecs
import PickerImaging
import Testing

/// The pure-Swift locator on real photos of people: it finds the face where a reference
/// detector does, whole and in crops that put the person to one side, and the framing then
/// holds the face.
@Suite("Subject location on real photos")
struct SubjectLocationTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/people")

    static func photo(_ name: String) throws -> PixelBuffer {
        try JPEG.decode(Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// A reference detector's face box in each photo (see Fixtures/people/README.md).
    static let references = [
        "astronaut.jpg": PixelRect(x: 176, y: 66, width: 96, height: 96),
        "hopper.jpg": PixelRect(x: 34, y: 20, width: 58, height: 58),
    ]

    /// The one face found agrees with the reference: its centre lies in the reference box,
    /// it covers at least three quarters of that box, and it is no more than twice as tall
    /// (the reference runs from the brows to the mouth, a face from the hair to the chin).
    static func expectFace(_ regions: [SubjectRegion], near reference: PixelRect, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(regions.count == 1, "\(regions)", sourceLocation: sourceLocation)
        guard let face = regions.first else { return }
        #expect(face.kind == .face, sourceLocation: sourceLocation)
        #expect(face.confidence >= 0.6, sourceLocation: sourceLocation)
        let centre = (x: face.box.x + face.box.width / 2, y: face.box.y + face.box.height / 2)
        #expect((reference.x..<reference.maxX).contains(centre.x) && (reference.y..<reference.maxY).contains(centre.y),
                "\(face) against \(reference)", sourceLocation: sourceLocation)
        let overlap = face.box.intersection(reference) ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
        #expect(Double(overlap.width * overlap.height) >= 0.75 * Double(reference.width * reference.height),
                "\(face) against \(reference)", sourceLocation: sourceLocation)
        #expect(face.box.height <= 2 * reference.height, "\(face) against \(reference)", sourceLocation: sourceLocation)
    }

    @Test(arguments: ["astronaut.jpg", "hopper.jpg"])
    func theFaceIsFoundWhereAReferenceDetectorFindsIt(name: String) async throws {
        let photo = try Self.photo(name)
        let reference = try #require(Self.references[name])
        Self.expectFace(try await AttentionLocator().regions(in: photo), near: reference)
        // The framing holds the whole face.
        let frame = SubjectFraming().crop(for: AttentionLocator().locate(photo), in: photo.displaySize)
        #expect(frame.intersection(reference) == reference, "\(frame)")
    }

    /// Crops that put the person to the left, to the right, and in a landscape photo: the face
    /// is found in each, and the opening crop holds it whole, centred across where the photo
    /// allows.
    @Test(arguments: [
        PixelRect(x: 120, y: 0, width: 392, height: 300),  // she stands to the left
        PixelRect(x: 0, y: 0, width: 330, height: 300),  // to the right
        PixelRect(x: 0, y: 0, width: 300, height: 512),  // a tall photo, her face near its right edge
        PixelRect(x: 60, y: 20, width: 452, height: 250),  // landscape, her face high in it
    ])
    func theFaceIsFoundOffCentre(rect: PixelRect) throws {
        let photo = try Self.photo("astronaut.jpg").cropped(to: rect)
        let reference = try #require(Self.references["astronaut.jpg"]).offsetBy(dx: -rect.x, dy: -rect.y)
        let regions = AttentionLocator().locate(photo)
        Self.expectFace(regions, near: reference)
        let frame = SubjectFraming().crop(for: regions, in: photo.displaySize)
        #expect(frame.intersection(reference) == reference, "\(frame)")
        let faceCentre = regions[0].box.x * 2 + regions[0].box.width
        let frameCentre = frame.x * 2 + frame.width
        #expect(abs(faceCentre - frameCentre) <= 2 || frame.x == 0 || frame.maxX == photo.displaySize.width, "\(frame)")
    }

    /// A photo stored on its side (orientation 6, as a phone held upright writes it) gives the
    /// same face, in the upright photo's pixels.
    @Test func regionsAreInTheUprightPhotosPixels() throws {
        let upright = try Self.photo("astronaut.jpg")
        var turned = upright
        turned.orientation = .left
        var stored = turned.normalized()
        // Stored turned a quarter anticlockwise, shown turned a quarter clockwise: upright again.
        stored.orientation = .right
        #expect(stored.displaySize == upright.displaySize)
        #expect(AttentionLocator().locate(stored) == AttentionLocator().locate(upright))
    }
}

extension PixelRect {
    fileprivate func offsetBy(dx: Int, dy: Int) -> PixelRect { PixelRect(x: x + dx, y: y + dy, width: width, height: height) }
}
