import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting

/// `swift run avatar-demo`: the whole headless flow on a built-in image — source chooser,
/// photo library, pick, edit, Choose — through the real coordinator and the testing fakes.
/// Prints the session transcript and writes the cropped avatar beside you.
@main
struct AvatarDemo {
    @MainActor
    static func main() async {
        do {
            let output = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? "avatar.pam")
            let result = try await run()
            let avatar = result.avatar.pamData()
            try avatar.write(to: output)
            for line in result.transcript { print(line) }
            print("crop rect: \(result.cropRect)")
            print("output: \(result.avatar.displaySize) written to \(output.path)")
        } catch {
            FileHandle.standardError.write(Data("avatar-demo: \(error)\n".utf8))
            exit(1)
        }
    }

    /// What a demo run produced.
    struct Outcome {
        var transcript: [String]
        var cropRect: PixelRect
        var avatar: PixelBuffer
    }

    /// Runs the flow on the built-in photo.
    @MainActor
    static func run() async throws -> Outcome {
        let scenario = PickerScenario(items: [.image("IMG_0001", try builtInPhoto())])
        try scenario.picker.chooseSource()
        scenario.user.chooseSource(.photoLibrary)
        await scenario.settle()
        scenario.user.pickItem(at: 0)
        await scenario.settle()
        scenario.user.tapChoose()
        guard let result = scenario.delegate.lastResult, let crop = result.cropRect,
            let avatar = result.editedImage as? PixelBuffer
        else { throw DemoError.noResult(transcript: scenario.transcript.lines) }
        return Outcome(transcript: scenario.transcript.lines, cropRect: crop, avatar: avatar)
    }

    /// A 640×480 landscape photo, drawn: a sky-to-ground gradient and a round face in the middle.
    static func builtInPhoto() throws -> PixelBuffer {
        var photo = try PixelBuffer(width: 640, height: 480)
        for y in 0..<480 {
            for x in 0..<640 {
                let dx = x - 320, dy = y - 230
                if dx * dx + dy * dy < 150 * 150 {
                    photo[x, y] = RGBA(236, 188, 150)
                } else {
                    photo[x, y] = RGBA(UInt8(60 + y / 4), UInt8(120 + y / 6), UInt8(220 - y / 3))
                }
            }
        }
        return photo
    }

    enum DemoError: Error, CustomStringConvertible {
        /// The session ended without an edited image; the transcript says why.
        case noResult(transcript: [String])

        var description: String {
            switch self {
            case let .noResult(transcript):
                "the session ended without a result:\n" + transcript.joined(separator: "\n")
            }
        }
    }
}
