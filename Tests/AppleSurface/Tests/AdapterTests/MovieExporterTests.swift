@_spi(Surface) import AVFoundation
import Foundation
import PickerKit
import PickerKitTesting
import PickerKitUIKit
import SurfaceDevice
import Testing

extension AppleSurfaceTests {
    /// AVMovieExporter against AVAssetExportSession as documented, driven by the picker: the
    /// trim the person kept becomes the session's time range, the quality its preset.
    @MainActor
    @Suite("AVMovieExporter")
    struct MovieExporterTests {
        /// A surface movie of `seconds` in the temporary directory, and a scenario whose library
        /// holds it, editing on, at most 20 s, with the AVFoundation exporter (iOS 16's
        /// completion-handler API with `completionHandler`, else iOS 18's awaited export).
        static func scenario(seconds: Int = 40, content: String? = nil, completionHandler: Bool = false) throws -> (PickerScenario, URL) {
            Device.current.reset()
            AVAssetExportSession.surfaceReset()
            let movie = FileManager.default.temporaryDirectory.appendingPathComponent("surface-\(UUID().uuidString).mov")
            try Data((content ?? "SURFACE-MOVIE \(seconds)").utf8).write(to: movie)
            var configuration = PickerConfiguration()
            configuration.mediaTypes = [.movie]
            configuration.movie.maximumDuration = .seconds(20)
            let s = PickerScenario(
                items: [.movie("MOV_1", url: movie, duration: .seconds(seconds))], configuration: configuration, exhaustivity: .off)
            let exporter = AVMovieExporter()
            exporter.usesCompletionHandler = completionHandler
            s.picker.movieExporter = exporter
            return (s, movie)
        }

        static func openPreview(_ s: PickerScenario) async throws {
            try await s.picker.selectFromPhotoLibrary()
            s.user.pickItem(at: 0)
            await s.settle()
            #expect(s.picker.navigation.top?.screen.kind == .moviePreview)
        }

        @Test(arguments: [false, true])
        func itKeepsTheMovieExporterContract(completionHandler: Bool) async throws {
            let (_, movie) = try Self.scenario(seconds: 8)
            let violations = await MovieExporterContract.violations(movie: movie, duration: .seconds(8)) {
                let exporter = AVMovieExporter()
                exporter.usesCompletionHandler = completionHandler
                return exporter
            }
            #expect(violations == [])
            // The cancelled-early export never reached AVFoundation; the other two did.
            #expect(AVAssetExportSession.surfaceExportsStarted.count == 2)
            #expect(Device.current.exceptions == [])
            try FileManager.default.removeItem(at: movie)
        }

        @Test func presetsAndTimeRanges() {
            #expect(AVMovieExporter.presetName(for: .high) == AVAssetExportPresetHighestQuality)
            #expect(AVMovieExporter.presetName(for: .medium) == AVAssetExportPresetMediumQuality)
            #expect(AVMovieExporter.presetName(for: .low) == AVAssetExportPresetLowQuality)
            let range = AVMovieExporter.timeRange(.milliseconds(10_500)...(.seconds(30)))
            #expect(range.start == CMTime(value: 6_300, timescale: 600))
            #expect(range.duration == CMTime(value: 11_700, timescale: 600))
        }

        @Test(arguments: [false, true])
        func aFortySecondMovieTrimmedToTwentyIsExportedWithThatRangeAndTheQualitysPreset(completionHandler: Bool) async throws {
            let (s, movie) = try Self.scenario(completionHandler: completionHandler)
            try await Self.openPreview(s)
            // The handles hold at most 20 s apart: asked for 10–35 s, they keep 10–30 s.
            s.user.trim(from: .seconds(10), to: .seconds(35))
            s.user.tapChoose()
            await eventually("the session finishes", timeout: .seconds(5)) { s.delegate.callbacks.count == 1 }
            let result = try #require(s.delegate.lastResult)
            let exported = try #require(result.mediaURL)
            #expect(exported != movie)
            #expect(result.movieTrim == .seconds(10)...(.seconds(30)))
            #expect(AVAssetExportSession.surfaceExportsStarted == [
                "AVAssetExportPresetMediumQuality com.apple.quicktime-movie 10.0s+20.0s \(exported.lastPathComponent)",
            ])
            #expect(try String(contentsOf: exported, encoding: .utf8) == "SURFACE-MOVIE 20.0\nPRESET AVAssetExportPresetMediumQuality\n")
            #expect(exported.pathExtension == "mov")
            #expect(s.transcript.lines.contains("picker: exported \(exported.lastPathComponent)"))
            #expect(Device.current.exceptions == [])
            try FileManager.default.removeItem(at: exported)
            try FileManager.default.removeItem(at: movie)
        }

        @Test(arguments: [false, true])
        func cancelDuringTheExportCancelsTheSessionAndLeavesNoFile(completionHandler: Bool) async throws {
            let (s, movie) = try Self.scenario(completionHandler: completionHandler)
            AVAssetExportSession.surfaceHoldExports()
            try await Self.openPreview(s)
            s.user.tapChoose()
            await eventually("the export starts") { AVAssetExportSession.surfaceExportsStarted.count == 1 }
            let name = try #require(AVAssetExportSession.surfaceExportsStarted.first?.split(separator: " ").last)
            let destination = FileManager.default.temporaryDirectory.appendingPathComponent(String(name))
            s.user.tapCancel()
            #expect(s.transcript.lines.suffix(2) == ["user: cancel on #2", "picker: export cancelled"])
            #expect(await s.picker.idle(timeout: .seconds(2)) == [], "the export task has ended")
            // The held export is let go: cancelled, it writes nothing.
            AVAssetExportSession.surfaceFinishExports()
            for _ in 0..<20 { await Task.yield() }
            try await Task.sleep(for: .milliseconds(50))
            #expect(!FileManager.default.fileExists(atPath: destination.path))
            #expect(s.picker.navigation.top?.screen.kind == .moviePreview)
            #expect(s.delegate.callbacks.isEmpty)
            try FileManager.default.removeItem(at: movie)
        }

        @Test(arguments: [false, true])
        func aFileThatIsNotAMovieFailsAsAnAlertAndThePreviewStays(completionHandler: Bool) async throws {
            let (s, movie) = try Self.scenario(content: "not a movie", completionHandler: completionHandler)
            try await Self.openPreview(s)
            s.user.tapChoose()
            await eventually("the alert shows") { !s.presenter.alerts.isEmpty }
            #expect(s.presenter.alerts == [.movieExportFailed(ErrorCause(AVError(.unknown)))])
            #expect(s.picker.navigation.top?.screen.kind == .moviePreview)
            #expect(s.delegate.callbacks.isEmpty)
            try FileManager.default.removeItem(at: movie)
        }
    }
}
