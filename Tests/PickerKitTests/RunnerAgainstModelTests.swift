import Foundation
@testable import PickerKit
import PickerKitTesting
import Testing

/// The real runner held to the explored model: seeded walks drive a ``ProfilePicker`` with
/// fakes and a ``PickerModel`` with the same events, and after each event compare what the
/// presenter was asked to do and which callbacks came, line for line.
@MainActor
@Suite("The runner does what the explored model does")
struct RunnerAgainstModelTests {
    /// The events both sides can take the same way. (The camera, the delegate's release, a
    /// pick's task and the deadlines are explored in the model alone: after a deadline the
    /// picker calls a presenter whose given-up transition still animates, which the fake
    /// presenter reports as a test failure.)
    static let events: [PickerModel.Event] = [
        .startEdit, .startLibrary, .startChooser, .tap(0), .tap(1), .staleTap, .completeOldest, .releasePresenter,
        .replacePresenter, .hostCancel, .advanceNothing,
    ]

    @MainActor
    final class Host: ProfilePickerDelegate {
        let transcript = Transcript()
        let source: FakePhotoSource
        let animations = FakeAnimations()
        let clock = ManualClock()
        let holder: PickerModel.Holder
        var presenter: FakePresenter?
        let picker: ProfilePicker

        init(holder: PickerModel.Holder) throws {
            self.holder = holder
            source = FakePhotoSource(transcript: transcript, items: [.image("IMG", try PixelBuffer(width: 2, height: 2))])
            source.sources = [.photoLibrary: [.image], .camera: [.image]]
            picker = ProfilePicker(photoSource: source, hostInfo: .allDeclared, clock: clock)
            picker.transitionClock = clock
            picker.configuration.transitionDeadline = PickerModel.deadline
            picker.delegate = self
            replacePresenter()
        }

        deinit { clock.cancelSleepers() }

        func replacePresenter() {
            let presenter = FakePresenter(transcript: transcript)
            presenter.transitionMode = holder == .immediate ? .immediate : .manual
            if holder == .animations { presenter.animations = animations }
            self.presenter = presenter
            picker.presenter = presenter
        }

        func profilePicker(_ picker: ProfilePicker, didFinishWith result: ProfilePickerResult) { transcript.record("delegate", "callback") }
        func profilePickerDidCancel(_ picker: ProfilePicker) { transcript.record("delegate", "callback") }
        func profilePicker(_ picker: ProfilePicker, didFailWith error: PickerError) { transcript.record("delegate", "callback") }

        /// Applies `event` as the host, the person or time would.
        func apply(_ event: PickerModel.Event) async {
            let photo = try! PixelBuffer(width: 2, height: 2)
            switch event {
            case .startEdit: _ = try? picker.edit(photo)
            case .startLibrary: _ = try? await picker.select(from: .photoLibrary)
            case .startChooser: _ = try? picker.chooseSource()
            case let .tap(index):
                if let top = picker.navigation.top {
                    let actions = PickerModel.actions(on: top.screen.kind)
                    if actions.indices.contains(index) { picker.send(actions[index], from: top.id) }
                }
            case .staleTap:
                if let top = picker.navigation.top, top.id.rawValue > 1 { picker.send(.cancelTapped, from: Route.ID(top.id.rawValue - 1)) }
            case .completeOldest:
                if holder == .animations { animations.finish() } else { presenter?.completeTransitions() }
            case .releasePresenter: presenter = nil
            case .replacePresenter: replacePresenter()
            case .hostCancel: picker.cancel()
            default: break
            }
        }
    }

    /// The lines of `heard` that say what the presenter was asked to do or a callback, without
    /// presenter numbers: `"present #1"`, `"callback"`.
    static func modelLines(_ heard: [String]) -> [String] {
        heard.compactMap { line in
            if line.hasPrefix("deliver") { return "callback" }
            guard line.hasPrefix("presenter"), let colon = line.firstIndex(of: ":") else { return nil }
            return String(line[line.index(colon, offsetBy: 2)...])
        }
    }

    static func runnerLines(_ lines: ArraySlice<String>) -> [String] {
        lines.compactMap { line in
            if line == "delegate: callback" { return "callback" }
            guard line.hasPrefix("presenter: ") else { return nil }
            let call = line.dropFirst("presenter: ".count)
            if call.hasPrefix("present ") { return "present " + call.split(separator: " ")[1] }
            if call.hasPrefix("push ") { return "push " + call.split(separator: " ")[1] }
            if call.hasPrefix("dismiss") { return "dismiss" }
            if call.hasPrefix("pop") { return "pop" }
            if call == "navigation bar hidden" { return "bar hidden" }
            if call == "navigation bar shown" { return "bar shown" }
            return nil
        }
    }

    @Test("seeded walks: the same presenter calls and callbacks, step by step", arguments: PickerModel.Holder.allCases)
    func walks(holder: PickerModel.Holder) async throws {
        var compared = 0
        for walk in 0..<60 {
            var rng = SeededRandomNumberGenerator(seed: UInt64(7_000 + walk))
            let host = try Host(holder: holder)
            var model = PickerModel(holder: holder, instantClock: false)
            var trail: [String] = []
            for _ in 0..<25 {
                let event = Self.events.randomElement(using: &rng)!
                // The model decides whether the event can happen (a completion needs one held).
                var next = model
                guard next.apply(event) else { continue }
                // The fakes end every transition they held when asked (those that begin meanwhile
                // wait for the next time).
                let heldBefore = model.held.count
                var heard = next.heard
                for _ in 1..<max(1, heldBefore) where event == .completeOldest {
                    next.apply(.completeOldest)
                    heard += next.heard
                }
                // Background work (a load, a render) ends before the next event, on both sides.
                while !next.work.isEmpty {
                    next.apply(.workFinishes)
                    heard += next.heard
                }
                let mark = host.transcript.lines.count
                await host.apply(event)
                for _ in 0..<20 { await Task.yield() }
                var turns = 0
                while host.picker.pendingWork.contains(where: { !$0.hasSuffix("(animating)") }), turns < 2_000 {
                    turns += 1
                    if turns < 200 { await Task.yield() } else { try? await Task.sleep(for: .milliseconds(1)) }
                }
                for _ in 0..<10 { await Task.yield() }
                model = next
                trail.append("\(event)")
                let expected = Self.modelLines(heard)
                let actual = Self.runnerLines(host.transcript.lines[mark...])
                compared += 1
                #expect(actual == expected, "\(holder) walk \(walk) after \(trail.joined(separator: ", ")): the runner \(actual), the model \(expected)")
                #expect(host.picker.navigation.top?.id == model.workflow.state.topRoute?.id, "\(holder) walk \(walk): \(trail)")
                #expect(host.picker.isSessionActive == (model.workflow.state.session != nil || model.machine.hasPendingEnd))
                #expect(model.violations == [])
                if actual != expected { return }
            }
        }
        #expect(compared > 60 * 15)
    }
}
