@_spi(Surface) import AVFoundation
import Foundation
import PickerKit
import PickerKitTesting
import PickerKitUIKit
import SurfaceDevice
import Testing
@_spi(Surface) import UIKit

extension AppleSurfaceTests {
    /// PickerKit's UIKit movie preview, which `UIKitPresenter` pushes on the system image
    /// picker's stack when the app makes none: the person trims with the handles (or VoiceOver),
    /// plays the part kept, and Choose exports it with `AVMovieExporter`.
    @MainActor
    @Suite("The UIKit movie preview")
    struct MoviePreviewScreenTests {
        /// A phone whose app leaves every screen to PickerKit, movies only, at most 20 s, the
        /// AVFoundation exporter set, the person having picked a surface movie of `seconds` in
        /// the library; and the preview screen.
        static func preview(
            seconds: Double = 40, strings: PickerStrings = PickerStrings(language: .english),
            configure: (inout PickerConfiguration) -> Void = { _ in }
        ) async throws -> (Phone, ProfileMoviePreviewViewController, URL) {
            AVAssetExportSession.surfaceReset()
            var configuration = PickerConfiguration()
            configuration.mediaTypes = [.movie]
            configuration.movie.maximumDuration = .seconds(20)
            configure(&configuration)
            let phone = Phone(configuration: configuration, ownScreens: false)
            phone.presenter.strings = strings
            phone.picker.movieExporter = AVMovieExporter()
            let movie = try Photos.file(Photos.movie(seconds: seconds), named: "MOV_\(UUID().uuidString.prefix(8)).mov")
            try await phone.picker.selectFromPhotoLibrary()
            await phone.settle()
            let browser = try #require(phone.presented.first as? UIImagePickerController)
            browser.surfacePick([.mediaType: "public.movie", .mediaURL: movie])
            await phone.settle()
            let screen = try #require(browser.topViewController as? ProfileMoviePreviewViewController)
            return (phone, screen, movie)
        }

        /// The grey level of each frame's image, `nil` where it has none yet.
        static func levels(_ layers: [CALayer]) -> [UInt8?] {
            layers.map { layer in ((layer.contents as? CGImage)?.dataProvider?.data).flatMap { ($0 as Data).first } }
        }

        /// A finger put down on the trim bar `x` points from its track's left end, moved to each
        /// of `moves`, and lifted.
        static func drag(_ bar: MovieTrimBarView, from x: CGFloat, through moves: [CGFloat]) {
            // The bar's origin in its window: a touch at the window's origin is at minus that.
            let origin = UITouch(surfaceAt: .zero).location(in: bar)
            func point(_ x: CGFloat) -> CGPoint {
                CGPoint(x: x + MovieTrimBarView.handleWidth / 2 - origin.x, y: bar.bounds.midY - origin.y)
            }
            let finger = UITouch(surfaceAt: point(x))
            bar.surfaceTouches(.began, [finger])
            for x in moves {
                finger.surfaceMove(to: point(x))
                bar.surfaceTouches(.moved, [finger])
            }
            bar.surfaceTouches(.ended, [finger])
        }

        @Test func aFortySecondMovieIsTrimmedByTheHandlesThenExportedWithThatRangeAndTheQualitysPreset() async throws {
            let (phone, screen, movie) = try await Self.preview()
            let bar = screen.trimBar
            // The phone is 390 pt wide: the bar is 358 pt inside its 16 pt margins, and its track
            // 342 pt between the handles' middles, 8.55 pt a second.
            #expect(bar.frame.width == 358 && bar.frame.height == ProfileMoviePreviewViewController.trimBarHeight)
            #expect(bar.startHandle.frame == CGRect(x: 0, y: 0, width: 16, height: 56))
            #expect(bar.endHandle.frame == CGRect(x: 171, y: 0, width: 16, height: 56), "20 s of 40 kept at first")
            #expect(screen.keptLabel.text == "0:20")
            #expect(CameraScreenTests.items(screen.toolbar).map(\.title) == ["Cancel", "Play", "Choose"])
            #expect(screen.progressView.isHidden)

            // The start dragged to 10 s; the end pulled to 35 s, which the workflow holds at 30.
            let picked = try #require(phone.picker.moviePreview?.url.lastPathComponent)
            Self.drag(bar, from: 2, through: [40, 85.5])
            #expect(phone.picker.moviePreview?.trim == .seconds(10)...(.seconds(20)))
            #expect(bar.startHandle.frame.midX == 8 + 85.5)
            Self.drag(bar, from: 175, through: [250, 299.25])
            #expect(phone.picker.moviePreview?.trim == .seconds(10)...(.seconds(30)))
            #expect(bar.endHandle.frame.midX == 8 + 256.5)
            #expect(screen.keptLabel.text == "0:20")
            #expect([bar.startHandle, bar.endHandle].map(\.accessibilityValue) == ["0:10", "0:30"])
            // A handle that moves shows its frame: the player is at the end handle's time.
            #expect(screen.player?.currentTime().seconds == 30)

            try CameraScreenTests.item(screen.toolbar, "Choose").surfaceTap()
            #expect(phone.picker.moviePreview?.exportProgress != nil)
            #expect(!screen.progressView.isHidden)
            #expect(CameraScreenTests.items(screen.toolbar).map(\.isEnabled) == [true, true, false], "Choose is busy while it exports")
            #expect(await phone.waitFor { phone.delegate.callbacks.count == 1 })
            await phone.settle()
            let result = try #require(phone.delegate.lastResult)
            let exported = try #require(result.mediaURL)
            #expect(exported != movie && exported.pathExtension == "mov")
            #expect(result.movieTrim == .seconds(10)...(.seconds(30)))
            #expect(AVAssetExportSession.surfaceExportsStarted == [
                "AVAssetExportPresetMediumQuality com.apple.quicktime-movie 10.0s+20.0s \(exported.lastPathComponent)",
            ])
            #expect(try String(contentsOf: exported, encoding: .utf8) == "SURFACE-MOVIE 20.0\nPRESET AVAssetExportPresetMediumQuality\n")
            #expect(phone.presented.isEmpty)
            phone.transcript.expect([
                "picker: start source photoLibrary",
                "picker: load picked-1 (public.movie)",
                "picker: loaded picked-1: movie \(picked) 40s",
                // The first finger takes the start near it, and drags it to 10 s.
                "picker: trim 0.234s–20s",
                "picker: trim 4.678s–20s",
                "picker: trim 10s–20s",
                // The second takes the end near it (at 175 pt: 20.468 s) and pulls it past 30 s.
                "picker: trim 10s–20.468s",
                "picker: trim 10s–29.24s",
                "picker: trim 10s–30s",
                "picker: export \(picked) 10s–30s medium",
                "picker: exported \(exported.lastPathComponent)",
                "picker: end finished public.movie url \(exported.lastPathComponent) trim 10s–30s quality medium",
                "delegate: didFinish public.movie url \(exported.lastPathComponent) trim 10s–30s quality medium",
            ])
            phone.expectNoCrash()
            try FileManager.default.removeItem(at: exported)
        }

        @Test func cancelDuringTheExportDeletesThePartialFileAndKeepsThePreview() async throws {
            let (phone, screen, _) = try await Self.preview()
            AVAssetExportSession.surfaceHoldExports()
            defer { AVAssetExportSession.surfaceFinishExports() }
            try CameraScreenTests.item(screen.toolbar, "Choose").surfaceTap()
            #expect(await phone.waitFor { AVAssetExportSession.surfaceExportsStarted.count == 1 })
            let name = try #require(AVAssetExportSession.surfaceExportsStarted.first?.split(separator: " ").last)
            let partial = FileManager.default.temporaryDirectory.appendingPathComponent(String(name))
            #expect(try String(contentsOf: partial, encoding: .utf8) == "SURFACE-MOVIE-PARTIAL\n", "AVFoundation is writing it")
            #expect(!screen.progressView.isHidden && screen.progressView.progress == 0)

            try CameraScreenTests.item(screen.toolbar, "Cancel").surfaceTap()
            await phone.settle()
            #expect(!FileManager.default.fileExists(atPath: partial.path), "the picker deleted what the export wrote")
            #expect(screen.progressView.isHidden)
            #expect(CameraScreenTests.items(screen.toolbar).map(\.isEnabled) == [true, true, true])
            #expect(phone.picker.moviePreview?.trim == .zero...(.seconds(20)), "the preview and its trim stay")
            #expect(phone.delegate.callbacks.isEmpty)
            // The held export let go: cancelled, it writes nothing more.
            AVAssetExportSession.surfaceFinishExports()
            try await Task.sleep(for: .milliseconds(50))
            #expect(!FileManager.default.fileExists(atPath: partial.path))
            phone.expectNoCrash()
        }

        @Test func voiceOverMovesEachHandleASecondAndReadsItsTime() async throws {
            let (phone, screen, _) = try await Self.preview()
            let bar = screen.trimBar
            #expect([bar.startHandle, bar.endHandle].map(\.isAccessibilityElement) == [true, true])
            #expect([bar.startHandle, bar.endHandle].map(\.accessibilityTraits) == [.adjustable, .adjustable])
            #expect([bar.startHandle, bar.endHandle].map(\.accessibilityLabel) == ["Trim start", "Trim end"])
            #expect([bar.startHandle, bar.endHandle].map(\.accessibilityValue) == ["0:00", "0:20"])
            bar.endHandle.accessibilityDecrement()
            #expect(phone.picker.moviePreview?.trim == .zero...(.seconds(19)))
            #expect(bar.endHandle.accessibilityValue == "0:19")
            #expect(screen.keptLabel.text == "0:19")
            bar.startHandle.accessibilityIncrement()
            bar.startHandle.accessibilityIncrement()
            #expect(phone.picker.moviePreview?.trim == .seconds(2)...(.seconds(19)))
            #expect(bar.startHandle.accessibilityValue == "0:02")
            #expect(bar.startHandle.frame.midX == 8 + 17.1)
            // The end stops at the maximum, 20 s after the start.
            for _ in 0..<5 { bar.endHandle.accessibilityIncrement() }
            #expect(phone.picker.moviePreview?.trim == .seconds(2)...(.seconds(22)))
            #expect(bar.endHandle.accessibilityValue == "0:22")
            phone.expectNoCrash()
        }

        @Test func rightToLeftTheMoviesStartIsAtTheRight() async throws {
            let (phone, screen, _) = try await Self.preview(strings: PickerStrings(language: "ar"))
            let bar = screen.trimBar
            #expect(screen.view.semanticContentAttribute == .forceRightToLeft)
            #expect(bar.semanticContentAttribute == .forceRightToLeft)
            #expect(bar.startHandle.frame.midX == CGFloat(8 + 342), "the start at the track's right end")
            #expect(bar.endHandle.frame.midX == CGFloat(8 + 171))
            #expect(bar.startHandle.accessibilityLabel == PickerStrings(language: "ar")[.trimStart])
            #expect(bar.endHandle.accessibilityValue == "0:20")
            // The frames run the other way: the movie's start at the right.
            #expect(await phone.waitFor { Self.levels(bar.frameLayers).allSatisfy { $0 != nil } })
            #expect(Self.levels(bar.frameLayers) == [234, 192, 150, 108, 67, 25, 2])
            // Dragging the start leftwards moves it later into the movie.
            Self.drag(bar, from: 340, through: [256.5])
            #expect(phone.picker.moviePreview?.trim == .seconds(10)...(.seconds(20)))
            #expect(CameraScreenTests.items(screen.toolbar).map(\.title) == [PickerStrings(language: "ar")[.cancel], PickerStrings(language: "ar")[.play], PickerStrings(language: "ar")[.choose]])
            phone.expectNoCrash()
        }

        @Test func playPlaysOnlyThePartKeptAndReadsPauseWhilePlaying() async throws {
            let (phone, screen, _) = try await Self.preview()
            let player = try #require(screen.player)
            screen.trimBar.endHandle.accessibilityDecrement()
            screen.trimBar.startHandle.accessibilityIncrement()
            #expect(phone.picker.moviePreview?.trim == .seconds(1)...(.seconds(19)))
            #expect(player.currentTime().seconds == 1, "the start handle moved last: its frame shows")
            #expect(screen.toolbar.items?.compactMap { $0.image?.surfaceSystemName } == ["play.fill"])
            #expect(CameraScreenTests.items(screen.toolbar).map(\.title) == ["Cancel", "Play", "Choose"])
            try CameraScreenTests.item(screen.toolbar, "Play").surfaceTap()
            #expect(player.rate == 1)
            #expect(player.currentItem?.forwardPlaybackEndTime == CMTime(value: 11_400, timescale: 600), "it stops at 19 s")
            #expect(await phone.waitFor { CameraScreenTests.items(screen.toolbar).map(\.title) == ["Cancel", "Pause", "Choose"] })
            #expect(screen.toolbar.items?.compactMap { $0.image?.surfaceSystemName } == ["pause.fill"])
            player.surfacePlay(for: 30)
            #expect(player.currentTime().seconds == 19 && player.rate == 0)
            #expect(await phone.waitFor { CameraScreenTests.items(screen.toolbar).map(\.title) == ["Cancel", "Play", "Choose"] })
            // Played through: Play starts the part kept again.
            try CameraScreenTests.item(screen.toolbar, "Play").surfaceTap()
            #expect(player.currentTime().seconds == 1 && player.rate == 1)
            player.surfacePlay(for: 3)
            #expect(player.currentTime().seconds == 4)
            #expect(await phone.waitFor { CameraScreenTests.items(screen.toolbar).map(\.title) == ["Cancel", "Pause", "Choose"] })
            try CameraScreenTests.item(screen.toolbar, "Pause").surfaceTap()
            #expect(player.rate == 0 && player.currentTime().seconds == 4)
            #expect(await phone.waitFor { CameraScreenTests.items(screen.toolbar).map(\.title) == ["Cancel", "Play", "Choose"] })
            // Moving a handle stops the movie and shows that handle's frame.
            try CameraScreenTests.item(screen.toolbar, "Play").surfaceTap()
            #expect(player.currentTime().seconds == 4 && player.rate == 1, "inside the part kept: it plays on from there")
            screen.trimBar.endHandle.accessibilityDecrement()
            #expect(player.rate == 0 && player.currentTime().seconds == 18)
            #expect(phone.transcript.lines.filter { $0.hasPrefix("picker: playing") }.count == 4)
            phone.expectNoCrash()
        }

        @Test func theTrackIsFilledWithFramesOfTheMovie() async throws {
            let (phone, screen, _) = try await Self.preview()
            let layers = screen.trimBar.frameLayers
            // 342 pt of track in frames 56 pt wide: six, and a seventh of 6 pt.
            #expect(layers.map(\.frame.minX) == [0, 56, 112, 168, 224, 280, 336])
            #expect(layers.map(\.frame.width) == [56, 56, 56, 56, 56, 56, 6])
            #expect(layers.allSatisfy { $0.contentsGravity == .resizeAspectFill && $0.masksToBounds })
            #expect(await phone.waitFor { layers.allSatisfy { $0.contents != nil } })
            let images = layers.compactMap { $0.contents as? CGImage }
            // Twice the bar's height at the screen's scale of 1, 16:9 within 112 by 112.
            #expect(images.map(\.width) == Array(repeating: 112, count: 7))
            #expect(images.map(\.height) == Array(repeating: 63, count: 7))
            // Each shows the moment under its middle: the surface's frames are as grey as they
            // are far into the movie (3.275 s of 40 is level 20).
            #expect(Self.levels(layers) == [20, 62, 104, 146, 187, 229, 252])
            phone.expectNoCrash()
        }

        @Test func withEditingOffThereIsNoTrimBar() async throws {
            let (phone, screen, _) = try await Self.preview(seconds: 5) { configuration in
                configuration.allowsEditing = false
                configuration.movie.quality = .high
            }
            #expect(screen.trimBar.isHidden && screen.keptLabel.isHidden, "no handles for VoiceOver to find")
            #expect(screen.trimBar.frame.height == 0 && screen.keptLabel.frame.height == 0)
            #expect(screen.trimBar.frameLayers.isEmpty)
            #expect(screen.movieView.frame == CGRect(x: 0, y: 0, width: 390, height: 800))
            try CameraScreenTests.item(screen.toolbar, "Choose").surfaceTap()
            await phone.settle()
            let url = try #require(phone.delegate.lastResult?.mediaURL)
            #expect(try String(contentsOf: url, encoding: .utf8) == "SURFACE-MOVIE 5.0", "kept whole at high quality: the file as it is")
            #expect(AVAssetExportSession.surfaceExportsStarted == [])
            phone.expectNoCrash()
        }
    }
}
