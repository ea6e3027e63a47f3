import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

// The state-machine article's host-run loop (Sources/PickerKit/PickerKit.docc/TheStateMachine.md),
// compiled and run here; `theArticlesSamplesAreTheseOnes` checks the article still shows them.

// Article: store
/// A host's own store: it keeps the workflow, feeds it actions one at a time and performs the
/// effects itself. This host browses its own photos, shows no camera, and renders on the spot.
@MainActor
final class PickerStore {
    private(set) var workflow = Workflow()
    private(set) var shown: [Route] = []
    private(set) var log: [String] = []
    private(set) var outcome: SessionEnd?
    let facts = DeviceFacts(
        sources: [.photoLibrary: [.image]], cameras: nil, canRecordMovies: false, hostInfo: .allDeclared, idiom: .phone)
    private let photos: [String: any ImageBuffer]
    private var queue: [WorkflowAction] = []

    init(photos: [String: any ImageBuffer]) { self.photos = photos }

    /// Reduces `action`, performs its effects in order, then the actions they sent.
    func send(_ action: WorkflowAction) {
        queue.append(action)
        guard queue.count == 1 else { return }  // already draining: it is reduced in its turn
        while let next = queue.first {
            for effect in workflow.reduce(next) { perform(effect) }
            queue.removeFirst()
        }
    }

    private func perform(_ effect: WorkflowEffect) {
        switch effect {
        case let .emit(event): log.append(event.description)
        case let .present(route, _, _): shown = [route]
        case let .push(route, _): shown.append(route)
        case .pop: shown.removeLast()
        case .dismiss: shown = []
        case let .checkAccess(source, session):
            send(.response(session: session, .accessAnswered(source, .authorized, asked: false)))
        case let .load(item, _, slot, session):
            let result: Result<PickedMedia, PickerError> = photos[item.id].map { .success(.image($0)) }
                ?? .failure(.itemLoadFailed(itemID: item.id, cause: "no such photo"))
            send(.response(session: session, .loaded(item, slot: slot, result)))
        case let .render(edit, original, route, session):
            let result: Result<any ImageBuffer, PickerError>
            do { result = .success(try edit.apply(to: original)) } catch { result = .failure(error) }
            send(.response(session: session, .rendered(result, edit, route: route)))
        case let .deliver(outcome, _): self.outcome = outcome
        default: break  // alerts, the camera, timers: nothing this host offers
        }
    }
}
// Article: end

/// The workflow run by a host's own loop, as a TCA- or Redux-style store would run it: the
/// reducer and its effects are a supported API, not the picker's internals.
@MainActor
@Suite("A host-run workflow loop")
struct HostRunLoopTests {
    @Test func theArticlesLoopPicksCropsAndFinishes() throws {
        let photo = try PickerScenario.photo(width: 4, height: 3)
        // Article: usage
        let store = PickerStore(photos: ["IMG_1": photo])   // a 4×3 photo
        store.send(.start(
            .source(.photoLibrary), anchor: nil, configuration: PickerConfiguration(), facts: store.facts,
            requiresDelegate: false))
        // store.shown: [#1 browser(photoLibrary, [public.image])]
        store.send(.user(.itemPicked(PickedItem(id: "IMG_1")), route: store.shown[0].id, at: .zero))
        // store.shown: [#1 browser(…), #2 editor(4x3 crop (1,0,3,3))]
        store.send(.user(.chooseTapped, route: store.shown[1].id, at: .zero))
        // store.outcome: .finished, the 3×3 crop; store.shown: []
        // Article: end
        #expect(store.log == [
            "start source photoLibrary",
            "load IMG_1 (public.image)",
            "loaded IMG_1: image 4x3 up (1)",
            "end finished public.image edited 3x3 from 4x3 crop (1,0,3,3)",
        ])
        #expect(store.shown == [])
        guard case let .finished(result) = store.outcome else {
            Issue.record("not finished: \(String(describing: store.outcome))")
            return
        }
        #expect(result.editedImage?.displaySize == PixelSize(width: 3, height: 3))
        #expect(result.cropRect == PixelRect(x: 1, y: 0, width: 3, height: 3))
        #expect(store.workflow.state == .idle)
    }

    @Test func theLoopsValuesCompareAndCross() throws {
        // The workflow's values are Equatable (a store diffs them) and Sendable (a store may
        // keep them off the main actor).
        let photo = try PickerScenario.photo(width: 4, height: 3)
        let a = PickerStore(photos: ["IMG_1": photo]), b = PickerStore(photos: ["IMG_1": photo])
        let start = WorkflowAction.start(
            .source(.photoLibrary), anchor: nil, configuration: PickerConfiguration(), facts: a.facts, requiresDelegate: false)
        a.send(start)
        b.send(start)
        #expect(a.workflow.state == b.workflow.state)
        a.send(.user(.itemPicked(PickedItem(id: "IMG_1")), route: a.shown[0].id, at: .zero))
        #expect(a.workflow.state != b.workflow.state)
        let crossing: any Sendable = a.workflow.state
        #expect((crossing as? WorkflowState) == a.workflow.state)
    }

    @Test func theArticlesSamplesAreTheseOnes() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/PickerKit/PickerKit.docc/TheStateMachine.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let blocks = article.components(separatedBy: "```swift\n").dropFirst().map {
            String($0[..<$0.range(of: "```")!.lowerBound])
        }
        #expect(blocks.count == 2)
        for block in blocks {
            let indented = block.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n")
            #expect(source.contains(block) || source.contains(indented), "article sample not run here:\n\(block)")
        }
    }
}
