import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting

/// The demo's work, apart from `main` so a test can run it.
enum DemoCommand {
    /// Runs the demo with `arguments`; returns the exit code. Errors are one line to `complain`
    /// (standard error): 2 for bad arguments, 1 for anything else.
    @MainActor
    static func run(
        _ arguments: [String], say: (String) -> Void = { print($0) }, complain: (String) -> Void = DemoCommand.complain
    ) async -> Int32 {
        let options: DemoOptions
        do { options = try DemoOptions(parsing: arguments) } catch {
            complain("\(error.message) (see --help)")
            return 2
        }
        if options.help {
            say(DemoOptions.usage)
            return 0
        }
        if options.benchChoose {
            do {
                for line in try await ChooseBench.run() { say(line) }
                return 0
            } catch {
                complain("\(error)")
                return 1
            }
        }
        if options.pick == .movie {
            for line in await MovieDemo.run() { say(line) }
            return 0
        }
        if options.benchGestures {
            do {
                for line in try GestureBench.run() { say(line) }
                return 0
            } catch {
                complain("\(error)")
                return 1
            }
        }
        do {
            let outcome = try await DemoRun(options: options, progress: Progress.onTerminal).run()
            for line in outcome.transcript { say(line) }
            let turned = outcome.angle == 0 ? "" : " turned \(outcome.angle)°"
            say("crop rect: \(outcome.cropRect)\(turned) of \(outcome.photoSize) (orientation \(outcome.orientation))")
            say("avatar: \(outcome.avatarSize) written to \(outcome.avatarPath)")
            say("edit screen: \(outcome.previewSize) written to \(outcome.previewPath)")
            for line in outcome.editScreen { say(line) }
            if let path = outcome.sessionPath { say("edit session written to \(path)") }
            return 0
        } catch {
            complain("\(error)")
            return 1
        }
    }

    /// Writes `message` to standard error as one line.
    static func complain(_ message: String) {
        FileHandle.standardError.write(Data("avatar-demo: \(message)\n".utf8))
    }
}

/// Status lines for long steps, on standard error, only when it is a terminal.
enum Progress {
    static func onTerminal(_ line: String) {
        guard isatty(STDERR_FILENO) == 1 else { return }
        FileHandle.standardError.write(Data("\(line)\n".utf8))
    }
}
