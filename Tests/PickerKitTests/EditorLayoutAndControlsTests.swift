import Foundation
import PickerImaging
import PickerKit
import Testing

/// The edit screen laid out anew (rotation, split view) and its toolbar's controls.
@Suite("The edit screen's layout and controls")
struct EditorLayoutAndControlsTests {
    static let portrait = CGSize(width: 390, height: 844)
    static let portraitSafe = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    static let landscape = CGSize(width: 844, height: 390)
    static let landscapeSafe = EdgeInsets(top: 0, left: 47, bottom: 21, right: 47)

    static func editor(_ shape: CropShape = .circle) throws -> EditorGeometry {
        var configuration = EditorConfiguration()
        configuration.viewport = portrait
        configuration.safeArea = portraitSafe
        configuration.shape = shape
        return try EditorGeometry(imageSize: PixelSize(width: 4032, height: 3024), configuration: configuration)
    }

    @Test func theMaskSitsInTheSafeAreaOfEachLayout() throws {
        let phone = try Self.editor()
        // Portrait phone: 390 wide less 15-point margins; centred in the safe area's 763 points.
        #expect(phone.maskRect == CGRect(x: 15, y: 47 + (763 - 360) / 2.0, width: 360, height: 360))
        // Landscape phone: the 369-point safe height less the margins, centred between the notch insets.
        let turned = try phone.laidOut(viewport: Self.landscape, safeArea: Self.landscapeSafe)
        #expect(turned.maskRect == CGRect(x: 47 + (750 - 339) / 2.0, y: 15, width: 339, height: 339))
        // An iPad's third of a split view: 320 × 1024 with the status bar.
        let split = try phone.laidOut(viewport: CGSize(width: 320, height: 1024), safeArea: EdgeInsets(top: 24, bottom: 20))
        #expect(split.maskRect == CGRect(x: 15, y: 24 + (980 - 290) / 2.0, width: 290, height: 290))
        // A rectangular mask keeps its aspect in each.
        let wide = try Self.editor(.rectangle(aspectRatio: 16.0 / 9)).laidOut(viewport: Self.landscape, safeArea: Self.landscapeSafe)
        #expect(wide.maskRect.height == 339)
        #expect(abs(Double(wide.maskRect.width) - 339 * 16 / 9) < 1e-9)
    }

    @Test func whatIsUnderTheMaskStaysUnderItAcrossARotation() throws {
        var editor = try Self.editor()
        editor.apply(.pinch(scale: 2.5, focus: editor.maskRect.center))
        editor.apply(.pan(CGPoint(x: 60, y: -25)))
        editor.apply(.ended)
        editor.apply(.transform(.turnRight))
        editor.apply(.straighten(degrees: 7))
        let crop = editor.cropRect
        let turned = try editor.laidOut(viewport: Self.landscape, safeArea: Self.landscapeSafe)
        #expect(turned.quarterTurns == 1 && turned.angle == 7 && !turned.isMirrored)
        #expect(Self.near(turned.cropRect, crop), "\(turned.cropRect) against \(crop)")
        let back = try turned.laidOut(viewport: Self.portrait, safeArea: Self.portraitSafe)
        #expect(back.cropRect == crop, "the round trip gives the same crop")
        #expect(abs(back.zoom - editor.zoom) < 1e-9)
    }

    @Test func theSameLayoutIsTheSameGeometry() throws {
        let editor = try Self.editor()
        #expect(try editor.laidOut(viewport: Self.portrait, safeArea: Self.portraitSafe) == editor)
    }

    @Test("layouts with no room for the mask are typed errors", arguments: [
        (CGSize.zero, EdgeInsets.zero), (CGSize(width: 390, height: 844), EdgeInsets(top: 500, bottom: 400)),
        (CGSize(width: Double.nan, height: 10), EdgeInsets.zero), (CGSize(width: 30, height: 30), EdgeInsets.zero),
        (CGSize(width: 390, height: 844), EdgeInsets(top: -1)),
    ])
    func badLayouts(viewport: CGSize, safeArea: EdgeInsets) throws {
        #expect(throws: PickerError.self) { try Self.editor().laidOut(viewport: viewport, safeArea: safeArea) }
    }

    static func near(_ a: PixelRect, _ b: PixelRect) -> Bool {
        abs(a.x - b.x) <= 1 && abs(a.y - b.y) <= 1 && abs(a.width - b.width) <= 1 && abs(a.height - b.height) <= 1
    }

    // MARK: Controls

    static func step(_ shape: CropShape = .circle) throws -> EditingStep {
        let geometry = try editor(shape)
        let image = try PixelBuffer(width: 4, height: 3, bytes: [UInt8](repeating: 200, count: 48))
        return EditingStep(
            root: nil, route: Route(id: Route.ID(1), screen: .editor(EditorScreen(imageSize: geometry.imageSize, cropRect: geometry.cropRect))),
            original: image, mediaType: .image, geometry: geometry)
    }

    @Test func aCircleMaskHasNoAspectMenuAndNothingToUndoAtFirst() throws {
        let controls = try Self.step().controls(strings: PickerStrings(language: .english))
        #expect(controls.map(\.description) == ["cancel", "turn", "flip", "undo (disabled)", "redo (disabled)", "choose"])
        #expect(controls.map(\.title) == ["Cancel", "Rotate", "Flip", "Undo", "Redo", "Choose"])
        #expect(controls.map(\.action) == [
            .cancelTapped, .editorGesture(.transform(.turnRight)), .editorGesture(.transform(.flipHorizontal)),
            .undoTapped, .redoTapped, .chooseTapped,
        ])
    }

    @Test func aRectangleOffersThePresetsWithTheCurrentOneChecked() throws {
        var step = try Self.step(.rectangle(aspectRatio: 16.0 / 9))
        var controls = step.controls(strings: PickerStrings(language: .english))
        #expect(controls.map(\.description) == [
            "cancel", "turn", "flip", "aspect [original, square, 3:4, 4:3, 9:16, *16:9]", "undo (disabled)", "redo (disabled)", "choose",
        ])
        let menu = try #require(controls.first { $0.kind == .aspect }).menu
        #expect(menu.map(\.title) == ["Original", "Square", "3:4", "4:3", "9:16", "16:9"])
        #expect(menu[1].action == .editorGesture(.aspect(.square)))
        // The photo's own aspect is 4:3 too: the first of the two is the one checked.
        step.geometry.apply(.aspect(.original))
        controls = step.controls(strings: PickerStrings(language: .english))
        #expect(controls[3].description == "aspect [*original, square, 3:4, 4:3, 9:16, 16:9]")
    }

    @Test func undoAndRedoFollowTheHistoryAndRenderingLeavesOnlyCancel() throws {
        var step = try Self.step()
        step.geometry.apply(.transform(.turnRight))
        step.history.commit(step.geometry)
        #expect(step.controls().map(\.isEnabled) == [true, true, true, true, false, true])
        if let before = step.history.undo(from: step.geometry) { step.geometry = before }
        #expect(step.controls().map(\.isEnabled) == [true, true, true, false, true, true])
        step.isRendering = true
        #expect(step.controls().map(\.isEnabled) == [true, false, false, false, false, false])
    }

    @Test func theControlsSpeakTheStringsLanguage() throws {
        let titles = try Self.step(.rectangle(aspectRatio: 1.5)).controls(strings: PickerStrings(language: .simplifiedChinese)).map(\.title)
        #expect(titles == ["取消", "旋转", "翻转", "比例", "撤销", "重做", "选取"])
    }
}
