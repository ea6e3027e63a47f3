import Foundation
import PickerImaging
import PickerKit
import Testing

/// A saved edit decodes through the same checks as the initialisers: damaged or hostile
/// documents throw `DecodingError`, never trap (B24).
@Suite("Saved edits decode safely (B24)")
struct EditSessionDecodingTests {
    static func saved() throws -> (EditSession, [String: Any]) {
        var editor = try EditorGeometry(imageSize: PixelSize(width: 400, height: 300))
        editor.apply(.pinch(scale: 1.5, focus: editor.maskRect.center))
        editor.apply(.ended)
        var output = AvatarOutput()
        output.size = 128
        output.mask = .circle
        let session = EditSession(geometry: editor, output: output)
        let json = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(session)) as! [String: Any]
        return (session, json)
    }

    static func decode(_ json: [String: Any]) throws -> EditSession {
        try JSONDecoder().decode(EditSession.self, from: try JSONSerialization.data(withJSONObject: json))
    }

    @Test func aSessionRoundTripsWithItsFormatVersion() throws {
        let (session, json) = try Self.saved()
        #expect(json["version"] as? Int == 3)
        #expect(try Self.decode(json) == session)
    }

    @Test func aSessionSavedWithoutAVersionIsVersionOne() throws {
        var (session, json) = try Self.saved()
        json["version"] = nil
        #expect(try Self.decode(json) == session)
    }

    @Test func aVersionOneSessionDecodesUnturned() throws {
        var (session, json) = try Self.saved()
        var geometry = json["geometry"] as! [String: Any]
        geometry["quarterTurns"] = nil
        geometry["mirrored"] = nil
        json["geometry"] = geometry
        json["version"] = 1
        let decoded = try Self.decode(json)
        #expect(decoded == session)
        #expect(decoded.geometry.quarterTurns == 0 && !decoded.geometry.isMirrored)
    }

    @Test func aTurnedSessionRoundTripsAndRejectsFiveTurns() throws {
        var editor = try EditorGeometry(imageSize: PixelSize(width: 400, height: 300))
        editor.apply(.transform(.turnRight))
        editor.apply(.transform(.flipVertical))
        let session = EditSession(geometry: editor, output: AvatarOutput())
        var json = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(session)) as! [String: Any]
        #expect(try Self.decode(json) == session)
        var geometry = json["geometry"] as! [String: Any]
        geometry["quarterTurns"] = 5
        json["geometry"] = geometry
        #expect(throws: DecodingError.self) { try Self.decode(json) }
    }

    @Test func aVersionTwoSessionDecodesStraightAndRendersTheSamePixels() throws {
        // What version 2 wrote: turns and flips, no angle.
        var editor = try EditorGeometry(imageSize: PixelSize(width: 400, height: 300))
        editor.apply(.transform(.turnLeft))
        editor.apply([.pinch(scale: 1.7, focus: CGPoint(x: 120, y: 200)), .ended])
        var output = AvatarOutput()
        output.size = 64
        let session = EditSession(geometry: editor, output: output)
        var json = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(session)) as! [String: Any]
        var geometry = json["geometry"] as! [String: Any]
        geometry["angle"] = nil
        json["geometry"] = geometry
        json["version"] = 2
        let decoded = try Self.decode(json)
        #expect(decoded == session && decoded.geometry.angle == 0)
        let original = try PixelBuffer(width: 400, height: 300, bytes: (0..<480_000).map { UInt8(truncatingIfNeeded: $0 &* 7 / 3) })
        let rendered = try decoded.apply(to: original) as? PixelBuffer
        #expect(rendered == (try session.apply(to: original) as? PixelBuffer))
        #expect(rendered?.displaySize == PixelSize(width: 64, height: 64))
    }

    @Test func aStraightenedSessionRoundTripsAndRejectsAnglesBeyond45() throws {
        var editor = try EditorGeometry(imageSize: PixelSize(width: 400, height: 300))
        editor.apply(.straighten(degrees: -12.5))
        let session = EditSession(geometry: editor, output: AvatarOutput())
        var json = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(session)) as! [String: Any]
        #expect(try Self.decode(json) == session)
        #expect(try Self.decode(json).geometry.angle == -12.5)
        for angle in [45.5, -90, 1e300] {
            var geometry = json["geometry"] as! [String: Any]
            geometry["angle"] = angle
            json["geometry"] = geometry
            #expect(throws: DecodingError.self) { try Self.decode(json) }
        }
    }

    @Test func anUnknownVersionIsAClearError() throws {
        var (_, json) = try Self.saved()
        json["version"] = 7
        do {
            _ = try Self.decode(json)
            Issue.record("decoded version 7")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription == "edit session format version 7 is not one this build reads (1...3)")
        }
    }

    /// Each damage, as a change to the saved JSON, and the key the error names.
    @Test("hostile values throw DecodingError", arguments: [
        ("zoom 0", "zoom"), ("zoom -1", "zoom"), ("zoom 1e300", "zoom"), ("origin -4e300", "origin"),
        ("origin far right", "origin"), ("output size Int.max", "size"), ("output size 0", "size"),
        ("maximum dimension 0", "maximumDimension"), ("image Int.max wide", "configuration"), ("image 0 high", "configuration"),
        ("viewport 0", "configuration"), ("margin -5", "configuration"),
    ])
    func hostileValues(damage: String, key: String) throws {
        var (_, json) = try Self.saved()
        var geometry = json["geometry"] as! [String: Any]
        var output = json["output"] as! [String: Any]
        var configuration = geometry["configuration"] as! [String: Any]
        switch damage {
        case "zoom 0": geometry["zoom"] = 0.0
        case "zoom -1": geometry["zoom"] = -1.0
        case "zoom 1e300": geometry["zoom"] = 1e300
        case "origin -4e300": geometry["origin"] = [-4e300, 0.0]
        case "origin far right": geometry["origin"] = [5_000.0, 0.0]
        case "output size Int.max": output["size"] = Int.max
        case "output size 0": output["size"] = 0
        case "maximum dimension 0": output["maximumDimension"] = 0
        case "image Int.max wide": geometry["imageSize"] = ["width": Int.max, "height": 1]
        case "image 0 high": geometry["imageSize"] = ["width": 10, "height": 0]
        case "viewport 0": configuration["viewport"] = [0.0, 0.0]
        default: configuration["margin"] = -5.0
        }
        geometry["configuration"] = configuration
        json["geometry"] = geometry
        json["output"] = output
        do {
            let decoded = try Self.decode(json)
            Issue.record("decoded \(damage): \(decoded)")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.last?.stringValue == key, "\(context.debugDescription)")
        }
    }

    @Test func aGeometryMidGestureStillDecodes() throws {
        var editor = try EditorGeometry(imageSize: PixelSize(width: 400, height: 300))
        editor.apply(.pinch(scale: 0.2, focus: editor.maskRect.center))
        editor.apply(.pan(CGPoint(x: 40, y: -30)))
        let decoded = try JSONDecoder().decode(EditorGeometry.self, from: try JSONEncoder().encode(editor))
        #expect(decoded == editor)
    }
}
