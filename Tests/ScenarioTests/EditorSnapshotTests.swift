import Foundation
import ImagingTestSupport
import PickerImaging
import PickerCodecs
import PickerKit
import PickerKitTesting
import Testing

/// The edit screen's key states, rendered and compared with reference PNGs in
/// `__Snapshots__/EditorSnapshotTests/`.
@Suite("Edit screen snapshots")
struct EditorSnapshotTests {
    /// A 240×180 scene: sky over grass, a red square top left, a blue disc right, a yellow bar
    /// along the bottom, so a turn or a mirror shows at once.
    static func scene() throws -> PixelBuffer {
        try PixelBuffer(width: EditorScene.width, height: EditorScene.height, bytes: EditorScene.rgba())
    }

    static func configuration() -> EditorConfiguration {
        var c = EditorConfiguration()
        c.viewport = CGSize(width: 160, height: 240)
        c.margin = 10
        return c
    }

    static let renderer = EditorRenderer(scale: 1)

    @Test func initial() throws {
        let editor = try EditorGeometry(imageSize: PixelSize(width: 240, height: 180), configuration: Self.configuration())
        assertSnapshot(try Self.renderer.render(editor, image: Self.scene()), named: "editor-initial")
    }

    @Test func aTurnedPhotoLooksTheSame() throws {
        // Stored a quarter turn counter-clockwise, tagged to be turned back: EXIF 6. The stored
        // pixel (x, y) is the scene's (239 − y, x).
        let scene = try Self.scene()
        var stored = try PixelBuffer(width: 180, height: 240, orientation: .right)
        for y in 0..<240 { for x in 0..<180 { stored[x, y] = scene[239 - y, x] } }
        #expect(stored.displaySize == PixelSize(width: 240, height: 180))
        let editor = try EditorGeometry(imageSize: stored.displaySize, orientation: .right, configuration: Self.configuration())
        assertSnapshot(try Self.renderer.render(editor, image: stored), named: "editor-initial")
    }

    @Test func zoomedBesideTheRedSquare() throws {
        var editor = try EditorGeometry(imageSize: PixelSize(width: 240, height: 180), configuration: Self.configuration())
        editor.apply(.pinch(scale: 2.2, focus: CGPoint(x: 40, y: 100)))
        editor.apply(.ended)
        #expect(editor.cropRect == PixelRect(x: 51, y: 35, width: 82, height: 82))
        assertSnapshot(try Self.renderer.render(editor, image: Self.scene()), named: "editor-zoomed")
    }

    @Test func pannedToTheRightEdge() throws {
        var editor = try EditorGeometry(imageSize: PixelSize(width: 240, height: 180), configuration: Self.configuration())
        editor.apply(.pan(CGPoint(x: -500, y: 0)))
        assertSnapshot(try Self.renderer.render(editor, image: Self.scene()), named: "editor-pan-stretched")
        editor.apply(.ended)
        #expect(editor.cropRect == PixelRect(x: 60, y: 0, width: 180, height: 180))
        assertSnapshot(try Self.renderer.render(editor, image: Self.scene()), named: "editor-pan-settled")
    }

    @Test func emptySpaceAndARectangularMask() throws {
        var c = Self.configuration()
        c.allowsEmptySpace = true
        var loose = try EditorGeometry(imageSize: PixelSize(width: 240, height: 180), configuration: c)
        loose.apply(.pinch(scale: 0.2, focus: CGPoint(x: 80, y: 120)))
        loose.apply(.ended)
        assertSnapshot(try Self.renderer.render(loose, image: Self.scene()), named: "editor-empty-space")
        var r = Self.configuration()
        r.shape = .rectangle(aspectRatio: 4.0 / 3)
        let rectangle = try EditorGeometry(imageSize: PixelSize(width: 240, height: 180), configuration: r)
        assertSnapshot(try EditorRenderer(scale: 2).render(rectangle, image: Self.scene()), named: "editor-rectangle-2x")
    }

    @Test func theFinalAvatar() throws {
        var editor = try EditorGeometry(imageSize: PixelSize(width: 240, height: 180), configuration: Self.configuration())
        editor.apply(.pinch(scale: 1.5, focus: CGPoint(x: 120, y: 120)))
        editor.apply(.ended)
        var output = AvatarOutput()
        output.size = 96
        output.mask = .circle
        let avatar = try #require(try EditSession(geometry: editor, output: output).apply(to: Self.scene()) as? PixelBuffer)
        assertSnapshot(avatar, named: "avatar-circle")
    }
}

@Suite("Snapshot testing")
struct SnapshotSupportTests {
    @Test func comparesWithinTheTolerance() throws {
        var a = try PixelBuffer(width: 2, height: 1, bytes: [10, 10, 10, 255, 20, 20, 20, 255])
        let b = a
        a[1, 0] = RGBA(23, 20, 20)
        #expect(Snapshot.compare(a, b, tolerance: 3) == Snapshot.Comparison(differingPixels: 0, maximumDifference: 3, sizeMismatch: false))
        #expect(Snapshot.compare(a, b, tolerance: 2).differingPixels == 1)
        #expect(Snapshot.compare(a, try PixelBuffer(width: 1, height: 2), tolerance: 9).sizeMismatch)
        let diff = Snapshot.differenceImage(a, b, tolerance: 2)
        #expect(diff[0, 0] == RGBA(3, 3, 3) && diff[1, 0] == RGBA(255, 0, 0))
    }

    @Test func recordsAMissingReferenceAndWritesActualAndDiffOnMismatch() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let testFile = folder.appendingPathComponent("FakeTests.swift").path
        let image = try PixelBuffer(width: 3, height: 3, bytes: [UInt8](repeating: 200, count: 36))
        withKnownIssue { _ = assertSnapshot(image, named: "thing", record: false, filePath: testFile) }
        let reference = Snapshot.referenceURL(named: "thing", filePath: testFile)
        #expect(FileManager.default.fileExists(atPath: reference.path))
        #expect(assertSnapshot(image, named: "thing", record: false, filePath: testFile))
        var changed = image
        changed[1, 1] = RGBA(0, 0, 0)
        withKnownIssue { _ = assertSnapshot(changed, named: "thing", record: false, filePath: testFile) }
        let actual = try PNG.decode(Data(contentsOf: reference.deletingPathExtension().appendingPathExtension("actual.png")))
        let diff = try PNG.decode(Data(contentsOf: reference.deletingPathExtension().appendingPathExtension("diff.png")))
        #expect(actual[1, 1] == RGBA(0, 0, 0))
        #expect(diff[1, 1] == RGBA(255, 0, 0) && diff[0, 0] == RGBA(66, 66, 66))
    }

    @Test func textSnapshotsRecordCompareAndNameTheFirstDifferentLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let testFile = folder.appendingPathComponent("FakeTests.swift").path
        withKnownIssue { _ = assertSnapshot("one\ntwo", named: "said", record: false, filePath: testFile) }
        let reference = Snapshot.referenceURL(named: "said", filePath: testFile, pathExtension: "txt")
        #expect(reference.lastPathComponent == "said.txt" && reference.deletingLastPathComponent().lastPathComponent == "FakeTests")
        #expect(try String(decoding: Data(contentsOf: reference), as: UTF8.self) == "one\ntwo\n", "recorded with a final newline")
        #expect(assertSnapshot("one\ntwo\n", named: "said", record: false, filePath: testFile), "one final newline is not a difference")
        #expect(assertSnapshot("one\ntwo", named: "said", record: false, filePath: testFile))
        withKnownIssue { _ = assertSnapshot("one\n2", named: "said", record: false, filePath: testFile) }
        let actual = reference.deletingPathExtension().appendingPathExtension("actual.txt")
        #expect(try String(decoding: Data(contentsOf: actual), as: UTF8.self) == "one\n2")
        #expect(Snapshot.firstDifference("one\n2", "one\ntwo")! == (2, "2", "two"))
        #expect(Snapshot.firstDifference("one", "one\ntwo")! == (2, nil, "two"))
        #expect(Snapshot.firstDifference("one\n", "one")! == (2, "", nil), "a trailing newline is a difference")
        #expect(Snapshot.firstDifference("same", "same") == nil)
    }
}

extension EditorSnapshotTests {
    @Test("bad render scales are typed errors", arguments: [0, -1, Double.nan, 1e300, 0.001])
    func badScales(scale: Double) throws {
        let editor = try EditorGeometry(imageSize: PixelSize(width: 240, height: 180), configuration: Self.configuration())
        #expect(throws: PickerError.self) { try EditorRenderer(scale: scale).render(editor, image: Self.scene()) }
    }

    @Test func theImageMustBeTheOneEdited() throws {
        let editor = try EditorGeometry(imageSize: PixelSize(width: 240, height: 180), configuration: Self.configuration())
        #expect(throws: PickerError.imageMismatch(expected: PixelSize(width: 240, height: 180), actual: PixelSize(width: 180, height: 240))) {
            try Self.renderer.render(editor, image: try PixelBuffer(width: 180, height: 240))
        }
    }
}

/// The edit screen while a gesture is under way (the grid and the dial), turned and mirrored,
/// and straightened.
@Suite("Edit screen snapshots: grid and turns")
struct EditorGridSnapshotTests {
    @Test func theGridShowsWhileAGestureIsUnderWay() throws {
        var editor = try EditorGeometry(imageSize: PixelSize(width: 240, height: 180), configuration: EditorSnapshotTests.configuration())
        editor.apply(.pinch(scale: 1.4, focus: editor.maskRect.center))
        var renderer = EditorSnapshotTests.renderer
        renderer.showsGrid = true
        assertSnapshot(try renderer.render(editor, image: EditorSnapshotTests.scene()), named: "editor-grid")
    }

    @Test func aStraightenedPhotoSettled() throws {
        var editor = try EditorGeometry(imageSize: PixelSize(width: 240, height: 180), configuration: EditorSnapshotTests.configuration())
        editor.apply(.straighten(degrees: 12))
        assertSnapshot(try EditorSnapshotTests.renderer.render(editor, image: EditorSnapshotTests.scene()), named: "editor-straightened")
    }

    @Test func turningWithTwoFingersShowsTheDialAndWhereTheTopIs() throws {
        var editor = try EditorGeometry(imageSize: PixelSize(width: 240, height: 180), configuration: EditorSnapshotTests.configuration())
        editor.apply(.transform(.turnRight))
        editor.apply(.rotate(degrees: -20))
        var renderer = EditorSnapshotTests.renderer
        renderer.showsGrid = true
        assertSnapshot(try renderer.render(editor, image: EditorSnapshotTests.scene()), named: "editor-straightening")
    }

    @Test func aTurnedAndMirroredPhoto() throws {
        var editor = try EditorGeometry(imageSize: PixelSize(width: 240, height: 180), configuration: EditorSnapshotTests.configuration())
        editor.apply(.transform(.turnRight))
        editor.apply(.transform(.flipHorizontal))
        assertSnapshot(try EditorSnapshotTests.renderer.render(editor, image: EditorSnapshotTests.scene()), named: "editor-turned")
    }
}
