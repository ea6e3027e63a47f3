import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

@Suite("Editor geometry (B6, B19, B21, B24)")
struct EditorGeometryTests {
    static let photo = PixelSize(width: 4032, height: 3024)

    @Test func theMaskIsCentredAndTheImageAspectFillsIt() throws {
        let editor = try EditorGeometry(imageSize: Self.photo)
        #expect(editor.maskRect == CGRect(x: 15, y: 161, width: 345, height: 345))
        #expect(editor.zoom == 345.0 / 3024)
        #expect(editor.imageFrame.midX == editor.maskRect.midX && editor.imageFrame.midY == editor.maskRect.midY)
        #expect(editor.cropRect == PixelRect(x: 504, y: 0, width: 3024, height: 3024))
        #expect(editor.contentInsets == EdgeInsets(top: 161, left: 15, bottom: 161, right: 15))
    }

    @Test func theSafeAreaAndMarginPlaceTheMask() throws {
        var configuration = EditorConfiguration()
        configuration.viewport = CGSize(width: 390, height: 844)
        configuration.safeArea = EdgeInsets(top: 47, bottom: 34)
        configuration.margin = 20
        let editor = try EditorGeometry(imageSize: Self.photo, configuration: configuration)
        #expect(editor.maskRect == CGRect(x: 20, y: 47 + (763 - 350) / 2.0, width: 350, height: 350))
    }

    @Test func rectangularMasksKeepTheirAspect() throws {
        var configuration = EditorConfiguration()
        configuration.shape = .rectangle(aspectRatio: 16.0 / 9)
        let editor = try EditorGeometry(imageSize: PixelSize(width: 3000, height: 3000), configuration: configuration)
        #expect(editor.maskRect.width == 345)
        #expect(abs(Double(editor.maskRect.height) - 345 * 9 / 16) < 1e-9)
        #expect(editor.cropRect == PixelRect(x: 0, y: 656, width: 3000, height: 1688))
    }

    @Test func pinchingAboutTheMaskCentreZoomsTheCrop() throws {
        var editor = try EditorGeometry(imageSize: Self.photo)
        editor.apply(.pinch(scale: 2, focus: editor.maskRect.center))
        editor.apply(.ended)
        #expect(editor.cropRect == PixelRect(x: 1260, y: 756, width: 1512, height: 1512))
    }

    @Test func panningStopsAtTheImageEdgeOnceSettled() throws {
        var editor = try EditorGeometry(imageSize: Self.photo)
        editor.apply(.pan(CGPoint(x: 10_000, y: 0)))
        #expect(editor.imageFrame.minX > editor.maskRect.minX, "a gesture may stretch past the edge")
        #expect(editor.imageFrame.minX <= editor.maskRect.minX + editor.maskRect.width * 0.25 + 1e-9, "but only a little")
        editor.apply(.ended)
        #expect(editor.imageFrame.minX == editor.maskRect.minX)
        #expect(editor.cropRect == PixelRect(x: 0, y: 0, width: 3024, height: 3024))
    }

    @Test func zoomStaysBetweenItsLimits() throws {
        var editor = try EditorGeometry(imageSize: Self.photo)
        editor.apply(.pinch(scale: 100, focus: .zero))
        editor.apply(.ended)
        #expect(editor.zoom == editor.maximumZoom)
        #expect(editor.cropRect.width == 605, "3024 / 5, rounded")
        editor.apply(.pinch(scale: 0.0001, focus: .zero))
        editor.apply(.ended)
        #expect(editor.zoom == editor.minimumZoom)
    }

    @Test func theMaximumZoomCanKeepEnoughOutputPixels() throws {
        var configuration = EditorConfiguration()
        configuration.maximumZoom = .minimumOutputPixels(1024)
        var editor = try EditorGeometry(imageSize: Self.photo, configuration: configuration)
        editor.apply(.pinch(scale: 50, focus: editor.maskRect.center))
        editor.apply(.ended)
        #expect(editor.cropRect.width == 1024)
        #expect(!editor.isLowResolution(forOutputSide: 1024))
        #expect(editor.isLowResolution(forOutputSide: 1025))
    }

    @Test func emptySpaceLetsTheImageShrinkInsideTheMaskCentred() throws {
        var configuration = EditorConfiguration()
        configuration.allowsEmptySpace = true
        var editor = try EditorGeometry(imageSize: Self.photo, configuration: configuration)
        #expect(editor.cropRect == PixelRect(x: 504, y: 0, width: 3024, height: 3024), "still starts aspect-filled")
        editor.apply(.pinch(scale: 0.1, focus: .zero))
        editor.apply(.ended)
        #expect(editor.zoom == editor.minimumZoom)
        #expect(editor.imageFrame.width == editor.maskRect.width)
        #expect(abs(Double(editor.imageFrame.midY - editor.maskRect.midY)) < 1e-9, "centred where it is smaller")
        #expect(editor.cropRect == PixelRect(x: 0, y: -504, width: 4032, height: 4032))
    }

    @Test func doubleTapZoomsInAboutThePointThenBackOut() throws {
        var editor = try EditorGeometry(imageSize: Self.photo)
        let start = editor
        editor.apply(.doubleTap(editor.maskRect.center))
        #expect(abs(editor.zoom - start.zoom * 2.5) < 1e-12)
        #expect(editor.cropRect == PixelRect(x: 1411, y: 907, width: 1210, height: 1210))
        editor.apply(.doubleTap(CGPoint(x: 1, y: 1)))
        #expect(editor == start)
    }

    @Test("bad input is ignored, never propagated", arguments: [
        EditorGesture.pan(CGPoint(x: Double.nan, y: 0)), .pan(CGPoint(x: 0, y: Double.infinity)),
        .pinch(scale: 0, focus: .zero), .pinch(scale: -2, focus: .zero), .pinch(scale: .nan, focus: .zero),
        .pinch(scale: 2, focus: CGPoint(x: Double.nan, y: 0)), .doubleTap(CGPoint(x: 0, y: -Double.infinity)),
    ])
    func badInputIsIgnored(gesture: EditorGesture) throws {
        var editor = try EditorGeometry(imageSize: Self.photo)
        let before = editor
        editor.apply(gesture)
        #expect(editor == before)
    }

    @Test("bad layouts are typed errors that name the problem", arguments: [
        (PixelSize(width: 0, height: 3), EditorConfiguration(), EditorLayoutProblem.imageSize(PixelSize(width: 0, height: 3)),
         "the image is 0x3; each side must be 1...1048576 pixels"),
        (PixelSize(width: .max, height: 1), EditorConfiguration(), .imageSize(PixelSize(width: .max, height: 1)),
         "the image is \(Int.max)x1; each side must be 1...1048576 pixels"),
        (photo, { var c = EditorConfiguration(); c.viewport = CGSize(width: 0, height: 100); return c }(),
         .viewport(width: 0, height: 100), "the viewport is 0x100 points"),
        (photo, { var c = EditorConfiguration(); c.viewport = CGSize(width: 1e300, height: 100); return c }(),
         .viewport(width: 1e300, height: 100), "the viewport is 1e+300x100 points"),
        (photo, { var c = EditorConfiguration(); c.margin = 200; return c }(), .noRoomForMask,
         "the safe area and margin leave no room for the mask"),
        (photo, { var c = EditorConfiguration(); c.margin = -1; return c }(), .insets(parameter: "margin", value: -1), "margin is -1.0; insets and margin must be finite, not negative and at most 100000 points"),
        (photo, { var c = EditorConfiguration(); c.maximumZoom = .factor(0.5); return c }(), .zoomFactor(0.5), "zoom factor 0.5 is below 1"),
        (photo, { var c = EditorConfiguration(); c.shape = .rectangle(aspectRatio: 0); return c }(), .aspectRatio(0), "aspect ratio 0.0"),
    ])
    func badLayouts(size: PixelSize, configuration: EditorConfiguration, problem: EditorLayoutProblem, message: String) {
        #expect(throws: PickerError.invalidEditorLayout(problem)) { try EditorGeometry(imageSize: size, configuration: configuration) }
        #expect(problem.description == message)
    }

    @Test("the crop maps to stored pixels", arguments: ImageOrientation.allCases)
    func rawCrop(orientation: ImageOrientation) throws {
        var editor = try EditorGeometry(imageSize: orientation.displaySize(forRaw: Self.photo), orientation: orientation)
        editor.apply(.pinch(scale: 3, focus: CGPoint(x: 40, y: 200)))
        editor.apply(.ended)
        let raw = editor.rawCropRect
        #expect(orientation.displayRect(forRaw: raw, rawSize: Self.photo) == editor.cropRect)
        #expect(PixelRect(size: Self.photo).contains(raw))
    }

    @Test func aSessionRestoresTheSameCropAfterEncoding() throws {
        var editor = try EditorGeometry(imageSize: Self.photo, orientation: .right)
        editor.apply(.pinch(scale: 1.7, focus: CGPoint(x: 100, y: 250)))
        editor.apply(.pan(CGPoint(x: -33, y: 12)))
        editor.apply(.ended)
        let data = try JSONEncoder().encode(editor)
        let decoded = try JSONDecoder().decode(EditorGeometry.self, from: data)
        #expect(decoded == editor)
        let reopened = try EditorGeometry(
            imageSize: Self.photo, orientation: .right, configuration: editor.configuration, restoring: editor.cropRect)
        #expect(reopened.cropRect == editor.cropRect)
    }
}
