import Foundation
import ImagingTestSupport
import PickerCodecs
import PickerImaging
import PickerKit
import PickerKitTesting
import PickerKitUIKit
import SurfaceDevice
import Testing
@_spi(Surface) import UIKit

extension AppleSurfaceTests {
    /// PickerKit's UIKit edit screen, which `UIKitPresenter` shows when the app makes none: what
    /// it draws, what fingers, the toolbar and VoiceOver do, and how it lays out.
    @MainActor
    @Suite("The UIKit edit screen")
    struct EditScreenTests {
        /// The scene of the headless editor snapshots (`EditorSnapshotTests`).
        static func scene() throws -> PixelBuffer {
            try PixelBuffer(width: EditorScene.width, height: EditorScene.height, bytes: EditorScene.rgba())
        }

        /// A phone at `screenScale` whose window is the snapshots' 160 × 240 viewport with the
        /// toolbar below it, the mask 10 points in: nothing edited yet.
        static func snapshotLayoutPhone(screenScale: Double = 1) -> Phone {
            var configuration = PickerConfiguration()
            configuration.editor.margin = 10
            let phone = Phone(configuration: configuration, ownScreens: false, screenScale: screenScale)
            phone.window.frame = CGRect(x: 0, y: 0, width: 160, height: 240 + ProfileEditViewController.toolbarHeight)
            return phone
        }

        /// A phone whose window is the snapshots' 160 × 240 viewport with the toolbar below it,
        /// editing the snapshots' scene on PickerKit's edit screen at scale 1.
        static func snapshotPhone() async throws -> (Phone, ProfileEditViewController) {
            let phone = snapshotLayoutPhone()
            try phone.picker.edit(try scene())
            await phone.settle()
            let screen = try #require(phone.presented.first as? ProfileEditViewController)
            return (phone, screen)
        }

        /// The photo layer's contents, once made (off the main thread), as pixels.
        static func contents(_ screen: ProfileEditViewController) async throws -> PixelBuffer {
            _ = await eventually("the photo layer has its contents") { screen.canvas.photo.contents != nil }
            let image = try #require(screen.canvas.photo.contents as? CGImage)
            return try #require(try CGImageBuffer(image: image, orientation: .up).pixelBuffer())
        }

        /// `t` as Core Graphics writes it.
        static func affine(_ t: EditorTransform) -> CGAffineTransform {
            CGAffineTransform(a: CGFloat(t.a), b: CGFloat(t.b), c: CGFloat(t.c), d: CGFloat(t.d), tx: CGFloat(t.tx), ty: CGFloat(t.ty))
        }

        /// The elements of `path`, as added.
        static func elements(_ path: CGPath?) -> [CGPath.SurfaceElement] {
            (path?.surfaceElements ?? []).map(\.element)
        }

        /// Expects the canvas's layers to be what `geometry` gives, in the default renderer's
        /// colours (black, outside at 40 %, a one-point white outline), the grid and the dial
        /// shown only `gesturing`.
        static func expectLayers(
            _ screen: ProfileEditViewController, _ geometry: EditorGeometry, gesturing: Bool,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let canvas = screen.canvas
            let placement = geometry.photoLayer
            #expect(canvas.photo.anchorPoint == .zero && canvas.photo.position == .zero, sourceLocation: sourceLocation)
            #expect(
                canvas.photo.bounds == CGRect(x: 0, y: 0, width: CGFloat(placement.size.width), height: CGFloat(placement.size.height)),
                sourceLocation: sourceLocation)
            #expect(canvas.photo.affineTransform() == affine(placement.transform), sourceLocation: sourceLocation)
            let overlay = geometry.overlay()
            let mask: CGPath.SurfaceElement = overlay.isRound ? .ellipse(overlay.mask) : .rect(overlay.mask)
            #expect(elements(canvas.dimming.path) == [.rect(CGRect(origin: .zero, size: overlay.viewport)), mask], sourceLocation: sourceLocation)
            #expect(canvas.dimming.fillRule == .evenOdd && canvas.dimming.fillColor?.components == [0, 0, 0, 0.6], sourceLocation: sourceLocation)
            #expect(elements(canvas.outline.path) == [mask] && canvas.outline.fillColor == nil, sourceLocation: sourceLocation)
            #expect(canvas.outline.strokeColor?.components == [1, 1, 1, 1] && canvas.outline.lineWidth == 1, sourceLocation: sourceLocation)
            #expect(!canvas.outline.isHidden, sourceLocation: sourceLocation)
            #expect(elements(canvas.grid.path) == overlay.grid.flatMap { [.move($0.from), .line($0.to)] }, sourceLocation: sourceLocation)
            #expect(canvas.grid.strokeColor?.components == [1, 1, 1, 0.5] && canvas.grid.fillColor == nil, sourceLocation: sourceLocation)
            #expect(elements(canvas.ticks.path) == overlay.guides.filter { $0.opacity == 0.5 }.map { .rect($0.rect) }, sourceLocation: sourceLocation)
            #expect(elements(canvas.marks.path) == overlay.guides.filter { $0.opacity == 1 }.map { .rect($0.rect) }, sourceLocation: sourceLocation)
            #expect(
                [canvas.grid.isHidden, canvas.ticks.isHidden, canvas.marks.isHidden] == Array(repeating: !gesturing, count: 3),
                "the grid and the dial \(gesturing ? "show" : "hide")", sourceLocation: sourceLocation)
            #expect(
                canvas.layer.sublayers == [canvas.photo, canvas.detail, canvas.dimming, canvas.grid, canvas.outline, canvas.ticks, canvas.marks],
                sourceLocation: sourceLocation)
            #expect(CATransaction.surfaceDepth == 0, "every transaction committed", sourceLocation: sourceLocation)
        }

        /// Whether `a` and `b` hold the same pixels (whatever their storage), saying how many differ.
        static func same(_ a: PixelBuffer, _ b: PixelBuffer) -> Comparison {
            Comparison(Snapshot.compare(a, b, tolerance: 0))
        }

        /// Expects `a` and `b` to hold the same pixels.
        static func expectSame(_ a: PixelBuffer, _ b: PixelBuffer, _ what: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
            let comparison = same(a, b)
            #expect(comparison.matches, "\(what) \(comparison)", sourceLocation: sourceLocation)
        }

        struct Comparison: CustomStringConvertible {
            let result: Snapshot.Comparison
            init(_ result: Snapshot.Comparison) { self.result = result }
            var matches: Bool { result.matches }
            var description: String {
                result.sizeMismatch ? "sizes differ" : "\(result.differingPixels) pixels differ, by up to \(result.maximumDifference)"
            }
        }

        static func touch(_ x: Double, _ y: Double, taps: Int = 1) -> UITouch {
            UITouch(surfaceAt: CGPoint(x: x, y: y), tapCount: taps)
        }

        @Test func thePhotoIsALayerPlacedByTheGeometryUnderTheOverlaysShapes() async throws {
            let (phone, screen) = try await Self.snapshotPhone()
            #expect(phone.picker.editorGeometry?.configuration.viewport == CGSize(width: 160, height: 284))
            #expect(phone.picker.editorGeometry?.configuration.safeArea == EdgeInsets(bottom: 44))
            #expect(screen.toolbar.frame == CGRect(x: 0, y: 240, width: 160, height: 44))
            #expect(screen.overrideUserInterfaceStyle == .dark && screen.view.backgroundColor?.surfaceName == "black")
            #expect(screen.canvas.backgroundColor?.cgColor.components == [0, 0, 0, 1])
            // The layer's contents are the photo upright (no larger than the screen's copy: itself).
            Self.expectSame(try await Self.contents(screen), try Self.scene())
            let geometry = try #require(phone.picker.editorGeometry)
            Self.expectLayers(screen, geometry, gesturing: false)
            // The mask of the snapshots' layout: 140 across, 10 in, centred above the toolbar.
            #expect(geometry.maskRect == CGRect(x: 10, y: 50, width: 140, height: 140))
            phone.expectNoCrash()
        }

        @Test func aPhotoWithoutPixelsEndsTheSessionSayingWhy() async throws {
            struct Opaque: ImageBuffer {
                var pixelSize: PixelSize { PixelSize(width: 40, height: 30) }
                var orientation: ImageOrientation { .up }
                func cropped(to rect: PixelRect) throws -> Opaque { self }
            }
            let phone = Phone(ownScreens: false)
            try phone.picker.edit(Opaque())
            await phone.settle()
            _ = await eventually("the session ends") { phone.delegate.callbacks.count == 1 }
            guard case let .failed(error) = phone.delegate.callbacks.last else {
                Issue.record("the session did not fail: \(phone.delegate.callbacks)")
                return
            }
            #expect("\(error)".contains("Opaque gives no pixels"), "\(error)")
            phone.expectNoCrash()
        }

        /// In Arabic the toolbar runs from the right, as its language reads; the photo, its
        /// pixels and the way a finger moves it do not mirror.
        @Test func inArabicTheBarsRunFromTheRightAndThePhotoDoesNotMirror() async throws {
            let phone = Self.snapshotLayoutPhone()
            let arabic = PickerStrings(language: "ar", locale: Locale(identifier: "ar-SA@numbers=arab"))
            phone.presenter.strings = arabic
            try phone.picker.edit(try Self.scene())
            await phone.settle()
            let screen = try #require(phone.presented.first as? ProfileEditViewController)
            #expect(screen.toolbar.effectiveUserInterfaceLayoutDirection == .rightToLeft)
            #expect(screen.view.semanticContentAttribute == .forceRightToLeft)
            let titles = (screen.toolbar.items ?? []).filter { !$0.isFlexibleSpace }.map(\.title)
            #expect(titles == ["إلغاء", "تدوير", "قلب", "تراجع", "إعادة", "اختيار"], "in reading order: the first is rightmost")
            // Undo's and redo's arrows are the right-to-left variants, whatever the app's direction.
            let images = (screen.toolbar.items ?? []).compactMap(\.image)
            #expect(images.map(\.surfaceLayoutDirection) == Array(repeating: .rightToLeft, count: images.count) && images.count == 4)
            // The photo is placed as in English: not mirrored.
            let geometry = try #require(phone.picker.editorGeometry)
            #expect(!geometry.isMirrored && geometry.photoLayer.transform.a > 0)
            Self.expectLayers(screen, geometry, gesturing: false)
            #expect(screen.canvas.accessibilityLabel == arabic[.photo])
            #expect(screen.canvas.accessibilityValue?.contains("١٠٠٪") == true, "\(screen.canvas.accessibilityValue ?? "nil")")
            // A finger moving left moves the photo left, as in English.
            let finger = Self.touch(80, 120)
            screen.canvas.surfaceTouches(.began, [finger])
            finger.surfaceMove(to: CGPoint(x: 60, y: 120))
            screen.canvas.surfaceTouches(.moved, [finger])
            screen.canvas.surfaceTouches(.ended, [finger])
            phone.transcript.expect([
                "picker: start edit 240x180",
                "picker: editor laid out 160x284: crop (30,0,180,180)",
                "picker: editor pan(-20,0): crop (56,0,180,180)",
                "picker: editor ended: crop (56,0,180,180)",
            ])
            // Back in English, the bars run from the left again, whatever the app's language.
            screen.strings = PickerStrings(language: .english)
            #expect(screen.toolbar.effectiveUserInterfaceLayoutDirection == .leftToRight)
            #expect(screen.toolbar.semanticContentAttribute == .forceLeftToRight)
            #expect((screen.toolbar.items ?? []).filter { !$0.isFlexibleSpace }.first?.title == "Cancel")
            #expect((screen.toolbar.items ?? []).compactMap(\.image).allSatisfy { $0.surfaceLayoutDirection == .leftToRight })
            phone.expectNoCrash()
        }

        @Test func twoFingersPinchWithTheGridShowingAndLiftingSettles() async throws {
            let (phone, screen) = try await Self.snapshotPhone()
            let a = Self.touch(30, 120), b = Self.touch(130, 120)
            screen.canvas.surfaceTouches(.began, [a, b])
            a.surfaceMove(to: CGPoint(x: 10, y: 120))
            b.surfaceMove(to: CGPoint(x: 150, y: 120))
            // The move is a new transform, the grid and the dial shown: no pixel is drawn.
            let work = EditorPixelWork.Counter()
            EditorPixelWork.count.withValue(work) { screen.canvas.surfaceTouches(.moved, [a, b]) }
            #expect(work.value == 0)
            Self.expectLayers(screen, try #require(phone.picker.editorGeometry), gesturing: true)
            screen.canvas.surfaceTouches(.ended, [a, b])
            Self.expectLayers(screen, try #require(phone.picker.editorGeometry), gesturing: false)
            phone.transcript.expect([
                "picker: start edit 240x180",
                "picker: editor laid out 160x284: crop (30,0,180,180)",
                "picker: editor pinch(1.4 at 80,120): crop (56,26,129,129)",
                "picker: editor ended: crop (56,26,129,129)",
            ])
            phone.expectNoCrash()
        }

        @Test func oneFingerPansAndADoubleTapZooms() async throws {
            let (phone, screen) = try await Self.snapshotPhone()
            let finger = Self.touch(80, 120)
            screen.canvas.surfaceTouches(.began, [finger])
            finger.surfaceMove(to: CGPoint(x: 60, y: 120))
            screen.canvas.surfaceTouches(.moved, [finger])
            screen.canvas.surfaceTouches(.ended, [finger])
            let first = Self.touch(100, 100), second = Self.touch(100, 100, taps: 2)
            screen.canvas.surfaceTouches(.began, [first])
            screen.canvas.surfaceTouches(.ended, [first])
            screen.canvas.surfaceTouches(.began, [second])
            screen.canvas.surfaceTouches(.ended, [second])
            phone.transcript.expect([
                "picker: start edit 240x180",
                "picker: editor laid out 160x284: crop (30,0,180,180)",
                "picker: editor pan(-20,0): crop (56,0,180,180)",
                "picker: editor ended: crop (56,0,180,180)",
                "picker: editor doubleTap(100,100): crop (125,39,72,72)",
            ])
            phone.expectNoCrash()
        }

        @Test func theToolbarsControlsReachTheWorkflow() async throws {
            let (phone, screen) = try await Self.snapshotPhone()
            func items() -> [UIBarButtonItem] { (screen.toolbar.items ?? []).filter { !$0.isFlexibleSpace } }
            func item(_ title: String) throws -> UIBarButtonItem { try #require(items().first { $0.title == title }) }
            #expect(items().map(\.title) == ["Cancel", "Rotate", "Flip", "Undo", "Redo", "Choose"])
            #expect(items().map(\.isEnabled) == [true, true, true, false, false, true])
            #expect(items().map { $0.image?.surfaceSystemName } == [
                nil, "rotate.right", "arrow.left.and.right.righttriangle.left.righttriangle.right", "arrow.uturn.backward",
                "arrow.uturn.forward", nil,
            ])
            #expect(screen.toolbar.items?.count == 11, "a flexible space between each pair")
            try item("Rotate").surfaceTap()
            try item("Flip").surfaceTap()
            #expect(items().map(\.isEnabled) == [true, true, true, true, false, true])
            try item("Undo").surfaceTap()
            #expect(items().map(\.isEnabled) == [true, true, true, true, true, true])
            try item("Redo").surfaceTap()
            try item("Choose").surfaceTap()
            #expect(items().map(\.isEnabled) == [true, false, false, false, false, false], "only Cancel while the crop renders")
            await phone.settle()
            #expect(phone.presented.isEmpty)
            phone.transcript.expect([
                "picker: start edit 240x180",
                "picker: editor laid out 160x284: crop (30,0,180,180)",
                "picker: editor turnRight: crop (0,30,180,180)",
                "picker: editor flipHorizontal: crop (0,30,180,180)",
                "picker: editor undo: crop (0,30,180,180)",
                "picker: editor redo: crop (0,30,180,180)",
                "picker: end finished public.image edited 180x180 from 240x180 crop (0,30,180,180)",
                "delegate: didFinish public.image edited 180x180 from 240x180 crop (0,30,180,180)",
            ])
            let edit = try #require(phone.delegate.lastResult?.editSession)
            // A turn right then a mirror: kept as a mirror then three turns right.
            #expect(edit.geometry.quarterTurns == 3 && edit.geometry.isMirrored)
            phone.expectNoCrash()
        }

        @Test func aRectangularMaskHasTheAspectMenu() async throws {
            var configuration = PickerConfiguration()
            configuration.editor.shape = .rectangle(aspectRatio: 3.0 / 4)
            let phone = Phone(configuration: configuration, ownScreens: false)
            try phone.picker.edit(try Self.scene())
            await phone.settle()
            let screen = try #require(phone.presented.first as? ProfileEditViewController)
            let aspect = try #require(screen.toolbar.items?.first { $0.title == "Aspect ratio" })
            #expect(aspect.primaryAction == nil && aspect.image?.surfaceSystemName == "aspectratio")
            let entries = (aspect.menu?.children ?? []).compactMap { $0 as? UIAction }
            #expect(entries.map(\.title) == ["Original", "Square", "3:4", "4:3", "9:16", "16:9"])
            #expect(entries.map(\.state) == [.off, .off, .on, .off, .off, .off])
            #expect(aspect.surfaceChoose("Square"))
            #expect(phone.picker.editorGeometry?.configuration.shape == .rectangle(aspectRatio: 1))
            let after = try #require(screen.toolbar.items?.first { $0.title == "Aspect ratio" })
            #expect((after.menu?.children ?? []).compactMap { ($0 as? UIAction)?.state } == [.off, .on, .off, .off, .off, .off])
            phone.expectNoCrash()
        }

        @Test func voiceOverReadsAndAdjustsThePhoto() async throws {
            let (phone, screen) = try await Self.snapshotPhone()
            let canvas = screen.canvas
            #expect(canvas.isAccessibilityElement && canvas.accessibilityTraits == [.image, .adjustable])
            #expect(canvas.accessibilityLabel == "Photo")
            #expect(canvas.accessibilityValue == phone.picker.editorGeometry?.accessibility(in: PickerStrings()).value)
            #expect(canvas.accessibilityCustomActions?.map(\.name) == [
                "Move up", "Move down", "Move left", "Move right", "Rotate", "Straighten clockwise", "Straighten counterclockwise", "Reset",
            ].filter { name in phone.picker.editorGeometry?.accessibility.actions.map(\.name).contains(name) ?? false })
            canvas.accessibilityIncrement()
            let zoomed = canvas.accessibilityValue
            #expect(zoomed?.hasPrefix("zoomed 125%") == true, "\(zoomed ?? "nil")")
            let left = try #require(canvas.accessibilityCustomActions?.first { $0.name == "Move left" })
            #expect(left.surfacePerform())
            canvas.accessibilityDecrement()
            phone.transcript.expect([
                "picker: start edit 240x180",
                "picker: editor laid out 160x284: crop (30,0,180,180)",
                "picker: editor pinch(1.25 at 80,120): crop (48,18,144,144)",
                "picker: editor ended: crop (48,18,144,144)",
                "picker: editor pan(35,0): crop (12,18,144,144)",
                "picker: editor ended: crop (12,18,144,144)",
                "picker: editor pinch(0.8 at 80,120): crop (0,0,180,180)",
                "picker: editor ended: crop (0,0,180,180)",
            ])
            phone.expectNoCrash()
        }

        @Test func theMaskStaysInTheSafeAreaThroughARotationAndASplitView() async throws {
            let phone = Phone(ownScreens: false)
            phone.window.surfaceSafeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
            try phone.picker.edit(try PickerScenario.photo(width: 400, height: 300))
            await phone.settle()
            let screen = try #require(phone.presented.first as? ProfileEditViewController)
            var geometry = try #require(phone.picker.editorGeometry)
            #expect(geometry.maskRect == CGRect(x: 15, y: 47 + (844 - 47 - 34 - 44 - 360) / 2.0, width: 360, height: 360))
            #expect(screen.toolbar.frame == CGRect(x: 0, y: 844 - 34 - 44, width: 390, height: 44))
            // Turned to landscape: the notch on the left, the home indicator below.
            phone.window.surfaceSafeAreaInsets = UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47)
            screen.view.frame = CGRect(x: 0, y: 0, width: 844, height: 390)
            screen.view.layoutIfNeeded()
            geometry = try #require(phone.picker.editorGeometry)
            #expect(geometry.maskRect == CGRect(x: 47 + (750 - 295) / 2.0, y: 15, width: 295, height: 295))
            #expect(screen.toolbar.frame == CGRect(x: 0, y: 390 - 21 - 44, width: 844, height: 44))
            // A third of an iPad in split view.
            phone.window.surfaceSafeAreaInsets = UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0)
            screen.view.frame = CGRect(x: 0, y: 0, width: 320, height: 1024)
            screen.view.layoutIfNeeded()
            geometry = try #require(phone.picker.editorGeometry)
            #expect(geometry.maskRect == CGRect(x: 15, y: 24 + (1024 - 24 - 20 - 44 - 290) / 2.0, width: 290, height: 290))
            #expect(geometry.cropRect == PixelRect(x: 50, y: 0, width: 300, height: 300), "the crop kept throughout")
            phone.expectNoCrash()
        }

        @Test func aPopoverWithUnsavedEditsStaysWhenTappedAway() async throws {
            let phone = Phone(idiom: .pad, ownScreens: false)
            let button = UIView(frame: CGRect(x: 10, y: 10, width: 44, height: 44))
            phone.host.view.addSubview(button)
            let file = try Photos.file(try Photos.jpeg(width: 400, height: 300), named: "IMG_0001.jpeg")
            try await phone.picker.selectFromPhotoLibrary(anchor: PopoverAnchor(sourceView: button, sourceRect: .zero, name: "button"))
            await phone.settle()
            let browser = try #require(phone.presented.first as? UIImagePickerController)
            #expect(browser.modalPresentationStyle == .popover)
            browser.surfacePick([.mediaType: "public.image", .imageURL: file])
            await phone.settle()
            let screen = try #require(browser.topViewController as? ProfileEditViewController)
            #expect(!screen.isModalInPresentation)
            let rotate = try #require(screen.toolbar.items?.first { $0.title == "Rotate" })
            rotate.surfaceTap()
            #expect(screen.isModalInPresentation)
            #expect(!browser.surfaceTapOutsidePopover(), "the edit is not thrown away by a tap outside")
            await phone.settle()
            #expect(phone.presented.first === browser)
            try #require(screen.toolbar.items?.first { $0.title == "Undo" }).surfaceTap()
            #expect(!screen.isModalInPresentation)
            #expect(browser.surfaceTapOutsidePopover())
            await phone.settle()
            #expect(phone.presented.isEmpty)
            #expect(phone.delegate.callbacks.count == 1)
            #expect(phone.transcript.lines.last == "delegate: didCancel")
            phone.expectNoCrash()
        }

        @Test func cancelOnAnEditScreenShownAloneEndsTheSession() async throws {
            let (phone, screen) = try await Self.snapshotPhone()
            try #require(screen.toolbar.items?.first { $0.title == "Cancel" }).surfaceTap()
            await phone.settle()
            #expect(phone.presented.isEmpty)
            #expect(phone.delegate.callbacks.count == 1)
            #expect(phone.transcript.lines.last == "delegate: didCancel")
            phone.expectNoCrash()
        }

        @Test func twoFingersTurningStraightenThePhoto() async throws {
            let (phone, screen) = try await Self.snapshotPhone()
            let a = Self.touch(30, 120), b = Self.touch(130, 120)
            screen.canvas.surfaceTouches(.began, [a, b])
            let (dimming, pointer) = (screen.canvas.dimming.path, screen.canvas.marks.path)
            // The second finger swings about the first, a twelfth of a turn clockwise, at the same distance.
            b.surfaceMove(to: CGPoint(x: 30 + 100 * cos(Double.pi / 6), y: 120 + 100 * sin(Double.pi / 6)))
            screen.canvas.surfaceTouches(.moved, [b])
            // The dial's pointer moved; the mask's shapes were not rebuilt.
            Self.expectLayers(screen, try #require(phone.picker.editorGeometry), gesturing: true)
            #expect(screen.canvas.dimming.path === dimming && screen.canvas.marks.path !== pointer)
            screen.canvas.surfaceTouches(.ended, [a, b])
            let angle = try #require(phone.picker.editorGeometry?.angle)
            #expect(abs(angle - 30) < 1e-9)
            phone.expectNoCrash()
        }

        @Test func theContentsAreMadeOnceAndEveryMoveSetsOnlyTheTransform() async throws {
            let phone = Self.snapshotLayoutPhone(screenScale: 3)
            // Stored turned (EXIF 6) and wider than the screen's copy (1600 px): the contents are
            // the photo upright, reduced.
            var photo = try PixelBuffer(width: 1200, height: 1650, orientation: .right)
            for y in stride(from: 0, to: 1650, by: 7) { for x in 0..<1200 { photo[x, y] = RGBA(UInt8(x % 251), UInt8(y % 241), 40) } }
            try phone.picker.edit(photo)
            await phone.settle()
            let screen = try #require(phone.presented.first as? ProfileEditViewController)
            Self.expectSame(try await Self.contents(screen), try EditorPreview.uprightCopy(of: photo))
            let contents = try #require(screen.canvas.photo.contents as? CGImage)
            #expect(contents.width == 1600 && contents.height == 1164)
            let placed = screen.canvas.photo.affineTransform()
            let work = EditorPixelWork.Counter()
            let finger = Self.touch(80, 120)
            try EditorPixelWork.count.withValue(work) {
                screen.canvas.surfaceTouches(.began, [finger])
                for step in 1...30 {
                    finger.surfaceMove(to: CGPoint(x: 80 + Double(step), y: 120 - Double(step) / 2))
                    screen.canvas.surfaceTouches(.moved, [finger])
                    // A pan once the finger is past the slop (10 points): the 9th move, 10.06 points.
                    Self.expectLayers(screen, try #require(phone.picker.editorGeometry), gesturing: step >= 9)
                }
                screen.canvas.surfaceTouches(.ended, [finger])
                // A turn and a mirror from the toolbar: the same contents, turned by the transform.
                try #require(screen.toolbar.items?.first { $0.title == "Rotate" }).surfaceTap()
                try #require(screen.toolbar.items?.first { $0.title == "Flip" }).surfaceTap()
            }
            #expect(work.value == 0, "no pixel work on the main thread, moving or at rest")
            let geometry = try #require(phone.picker.editorGeometry)
            #expect(geometry.quarterTurns == 3 && geometry.isMirrored)
            Self.expectLayers(screen, geometry, gesturing: false)
            #expect(screen.canvas.photo.affineTransform() != placed)
            #expect(screen.canvas.photo.contents as? CGImage === contents, "set once")
            phone.expectNoCrash()
        }

        @Test func zoomedInAtRestASharperCopyIsDrawnOffTheMainThreadAndSwappedIn() async throws {
            let phone = Self.snapshotLayoutPhone(screenScale: 3)
            // 2000 across: the layer's contents, 1600 across, hold 0.8 of its pixels.
            var photo = try PixelBuffer(width: 2000, height: 1500)
            for y in stride(from: 0, to: 1500, by: 5) { for x in 0..<2000 { photo[x, y] = RGBA(UInt8(x % 253), UInt8(y % 239), 90) } }
            try phone.picker.edit(photo)
            await phone.settle()
            let screen = try #require(phone.presented.first as? ProfileEditViewController)
            _ = try await Self.contents(screen)
            #expect(screen.canvas.detail.isHidden, "at 0.28 screen pixels a photo pixel, the contents are sharp enough")
            // VoiceOver zooms in six steps of 1.25: 1.07 screen pixels a photo pixel. The copy
            // is drawn, and none of it on the main thread.
            let work = EditorPixelWork.Counter()
            EditorPixelWork.count.withValue(work) { for _ in 0..<6 { screen.canvas.accessibilityIncrement() } }
            var geometry = try #require(phone.picker.editorGeometry)
            var detail = try #require(geometry.detail(contentsLongestSide: 1600, screenScale: 3))
            _ = await eventually("the sharper copy shows") { !screen.canvas.detail.isHidden }
            let image = try #require(screen.canvas.detail.contents as? CGImage)
            Self.expectSame(
                try #require(try CGImageBuffer(image: image, orientation: .up).pixelBuffer()),
                try photo.resampled(displayRect: detail.region, to: detail.size, filter: .area))
            #expect(work.value == 0)
            var placement = geometry.photoLayer.showing(detail.region)
            #expect(screen.canvas.detail.bounds == CGRect(x: 0, y: 0, width: CGFloat(detail.region.width), height: CGFloat(detail.region.height)))
            #expect(screen.canvas.detail.affineTransform() == Self.affine(placement.transform))
            // A finger moving hides it at once; the photo layer follows the finger.
            let finger = Self.touch(80, 120)
            screen.canvas.surfaceTouches(.began, [finger])
            finger.surfaceMove(to: CGPoint(x: 100, y: 120))
            screen.canvas.surfaceTouches(.moved, [finger])
            #expect(screen.canvas.detail.isHidden)
            Self.expectLayers(screen, try #require(phone.picker.editorGeometry), gesturing: true)
            screen.canvas.surfaceTouches(.ended, [finger])
            // At rest again: a new copy for where the photo is now.
            geometry = try #require(phone.picker.editorGeometry)
            detail = try #require(geometry.detail(contentsLongestSide: 1600, screenScale: 3))
            _ = await eventually("the sharper copy shows again") { !screen.canvas.detail.isHidden }
            placement = geometry.photoLayer.showing(detail.region)
            #expect(screen.canvas.detail.affineTransform() == Self.affine(placement.transform))
            #expect((screen.canvas.detail.contents as? CGImage)?.width == detail.size.width)
            phone.expectNoCrash()
        }

        @Test func theScreensGoWhenTheSessionEnds() async throws {
            weak var editScreen: ProfileEditViewController?
            do {
                let (phone, screen) = try await Self.snapshotPhone()
                editScreen = screen
                try #require(screen.toolbar.items?.first { $0.title == "Choose" }).surfaceTap()
                await phone.settle()
                #expect(phone.presented.isEmpty)
            }
            #expect(editScreen == nil, "nothing holds the edit screen once it is dismissed")
        }

        @Test func anAppsOwnEditScreenStillWins() async throws {
            let phone = Phone()
            try phone.picker.edit(try Self.scene())
            await phone.settle()
            #expect(phone.presented.first is AppScreen)
        }
    }
}
