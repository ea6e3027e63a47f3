import Foundation
import PickerFuzzTargets
import PickerImaging
import PickerKit
import Testing

/// Every input the fuzzers start from (`Fuzz/seeds`) and every one that ever found a bug
/// (`Fuzz/regressions`), replayed through the same code the fuzzers drive. A trap here is a
/// regression; `scripts/fuzz.sh` says how to add a new finding.
@Suite("Fuzz findings stay fixed")
struct FuzzRegressionTests {
    static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz")

    static func inputs(_ folder: String, _ name: String) -> [URL] {
        let directory = fuzz.appendingPathComponent(folder).appendingPathComponent(name)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.sorted().map { directory.appendingPathComponent($0) }
    }

    @Test("replays the seeds and the findings", arguments: FuzzTargets.all.map(\.name))
    func replays(name: String) throws {
        let run = try #require(FuzzTargets.all.first { $0.name == name }?.run)
        let seeds = Self.inputs("seeds", name), findings = Self.inputs("regressions", name)
        // The png and jpeg fuzzers start from the test fixtures, which their own tests decode.
        #expect(!seeds.isEmpty || name == "png" || name == "jpeg", "\(name) has seeds")
        #expect(!findings.isEmpty, "every harness keeps its findings")
        for file in seeds + findings { run(try Data(contentsOf: file)) }
    }

    @Test func theFieldReportsAreAmongTheFindings() throws {
        let rects = Self.inputs("regressions", "pipeline").map { url in
            let data = try! Data(contentsOf: url)
            return PipelineParameters(data.suffix(PipelineParameters.size))
        }
        #expect(rects.contains { $0.crop == PixelRect(x: .max, y: 0, width: 1, height: 1) })
        #expect(rects.contains { $0.crop == PixelRect(x: 1, y: 1, width: .max, height: 1) })
        #expect(rects.contains { $0.outputSize.width == 1 << 51 })
    }

    @Test func pipelineParametersReadAsDocumented() {
        var bytes = [UInt8](repeating: 0, count: PipelineParameters.size)
        bytes[0] = 3; bytes[8] = 0xFF; for i in 9..<16 { bytes[i] = 0xFF }   // x 3, y -1
        bytes[16] = 7; bytes[24] = 5; bytes[32] = 64
        bytes[40] = 0b1011_0110                                            // turned, orientation 4, circle, bilinear
        bytes[41] = 0x2E; bytes[42] = 0xFF                                 // -210 tenths
        let parameters = PipelineParameters(Data(bytes))
        #expect(parameters.crop == PixelRect(x: 3, y: -1, width: 7, height: 5))
        #expect(parameters.outputSize == PixelSize(width: 64, height: 64))
        #expect(parameters.filter == .bilinear && parameters.mask == .circle && parameters.orientation == .downMirrored)
        #expect(parameters.angle == -21)
    }

    /// Saved sessions of each kind the editor makes: the edit-session fuzzer's seeds, and
    /// documents this release must keep reading.
    static func sessions() throws -> [(String, EditSession)] {
        var plain = try EditorGeometry(imageSize: PixelSize(width: 64, height: 48))
        plain.apply([.pinch(scale: 1.5, focus: CGPoint(x: 150, y: 300)), .ended])
        var turned = try EditorGeometry(imageSize: PixelSize(width: 40, height: 60), orientation: .right)
        turned.apply([.transform(.turnLeft), .transform(.flipHorizontal), .straighten(degrees: 7.5)])
        var configuration = EditorConfiguration()
        configuration.shape = .rectangle(aspectRatio: 4.0 / 3)
        configuration.allowsEmptySpace = true
        var loose = try EditorGeometry(imageSize: PixelSize(width: 30, height: 90), configuration: configuration)
        loose.apply([.pinch(scale: 0.4, focus: CGPoint(x: 10, y: 10)), .ended, .aspect(.ratio(16, 9))])
        var output = AvatarOutput()
        output.size = 32
        output.mask = .circleOn(RGBA(1, 2, 3))
        return [("plain", EditSession(geometry: plain, output: AvatarOutput())), ("turned", EditSession(geometry: turned, output: output)),
                ("loose", EditSession(geometry: loose, output: output))]
    }

    @Test func theSavedSessionSeedsStillDecodeToTheSameEdits() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let folder = Self.fuzz.appendingPathComponent("seeds/edit-session")
        for (name, session) in try Self.sessions() {
            let file = folder.appendingPathComponent(name + ".json")
            if ProcessInfo.processInfo.environment["PICKERKIT_WRITE_FUZZ_SEEDS"] == "1" {
                try encoder.encode(session).write(to: file)
            }
            #expect(try JSONDecoder().decode(EditSession.self, from: Data(contentsOf: file)) == session, "\(name)")
        }
    }
}
