@testable import PickerKit
import PickerKitTesting
import Testing

/// The queue of presenter calls and session ends, as a value: what it hands out, in which order,
/// and what a released presenter or a session that ends before it showed does to it.
@MainActor
@Suite("The presenter queue")
struct PresenterQueueTests {
    let transcript = Transcript()
    let browser = Route(id: Route.ID(1), screen: .browser(source: .photoLibrary, mediaTypes: [.image]))
    let camera = Route(id: Route.ID(2), screen: .camera(device: .rear, mediaTypes: [.image]))

    /// Takes every entry the queue hands out now, as `"s1 present #1"`, `"s1 end cancelled (user)"`.
    static func drain(_ queue: inout PresenterQueue) -> [String] {
        var taken: [String] = []
        while let entry = queue.next() {
            switch entry {
            case let .call(effect, _, session):
                let call = switch effect {
                case let .present(route, _, _): "present \(route.id)"
                case .dismiss: "dismiss"
                case let .push(route, _): "push \(route.id)"
                case .pop: "pop"
                default: "\(effect)"
                }
                taken.append("s\(session) \(call)")
            case let .deliver(outcome, session):
                let end = switch outcome {
                case .finished: "finished"
                case let .cancelled(reason): "cancelled (\(reason.rawValue))"
                case let .failed(error): "failed: \(error)"
                }
                taken.append("s\(session) end \(end)")
            }
        }
        return taken
    }

    @Test("hands out calls in order, and nothing while a transition animates")
    func waitsForEachTransition() {
        let presenter = FakePresenter(transcript: transcript)
        var queue = PresenterQueue()
        queue.append(.present(browser, .fullScreen, animated: true), to: presenter, session: 1)
        queue.append(.push(camera, animated: true), to: presenter, session: 1)
        let first = queue.next()
        #expect(first.map { if case .call(.present, _, 1) = $0 { true } else { false } } == true)
        let id = queue.begin("the presentation of #1", on: presenter)
        #expect(queue.transition?.what == "the presentation of #1")
        let taken = Self.drain(&queue)
        #expect(taken == [])
        #expect(!queue.isIdle)
        let ended = queue.end(id)
        #expect(ended)
        let again = queue.end(id)
        #expect(!again, "a second completion of the same transition is ignored")
        let taken2 = Self.drain(&queue)
        #expect(taken2 == ["s1 push #2"])
        #expect(queue.isIdle)
    }

    @Test("a session's end waits for the dismissal queued before it")
    func theEndFollowsTheDismissal() {
        let presenter = FakePresenter(transcript: transcript)
        var queue = PresenterQueue()
        queue.append(.dismiss(animated: true), to: presenter, session: 1)
        queue.appendEnd(.cancelled(.user), session: 1)
        #expect(queue.hasPendingEnd)
        let dismissal = queue.next()
        #expect(dismissal.map { if case .call(.dismiss, _, 1) = $0 { true } else { false } } == true)
        let id = queue.begin("a dismissal", on: presenter)
        let taken = Self.drain(&queue)
        #expect(taken == [])
        #expect(queue.hasPendingEnd, "the end is held while the dismissal animates")
        let ended = queue.end(id)
        #expect(ended)
        let taken2 = Self.drain(&queue)
        #expect(taken2 == ["s1 end cancelled (user)"])
        #expect(!queue.hasPendingEnd)
        #expect(queue.isIdle)
    }

    @Test("a released presenter's animation holds nothing back")
    func aReleasedPresenterReleasesTheQueue() {
        var presenter: FakePresenter? = FakePresenter(transcript: transcript)
        let next = FakePresenter(transcript: transcript)
        var queue = PresenterQueue()
        queue.append(.present(browser, .fullScreen, animated: true), to: presenter, session: 1)
        _ = queue.next()
        _ = queue.begin("the presentation of #1", on: presenter!)
        queue.appendEnd(.cancelled(.presenterGone), session: 1)
        queue.append(.present(camera, .fullScreen, animated: true), to: next, session: 2)
        #expect(!queue.isReady)
        presenter = nil
        #expect(queue.transition == nil)
        #expect(queue.isReady)
        let taken = Self.drain(&queue)
        #expect(taken == ["s1 end cancelled (presenter gone)", "s2 present #2"])
    }

    @Test("a session that ends before its presentation was sent drops it and its later calls")
    func anUnsentPresentationIsDropped() {
        let presenter = FakePresenter(transcript: transcript)
        var queue = PresenterQueue()
        // Session 1's dismissal animates; session 2's presentation and push wait behind it.
        queue.append(.dismiss(animated: true), to: presenter, session: 1)
        _ = queue.next()
        let id = queue.begin("a dismissal", on: presenter)
        queue.appendEnd(.cancelled(.user), session: 1)
        queue.append(.present(browser, .fullScreen, animated: true), to: presenter, session: 2)
        queue.append(.push(camera, animated: true), to: presenter, session: 2)
        let ended = queue.dropUnsent(session: 2)
        #expect(ended)
        let again = queue.dropUnsent(session: 2)
        #expect(!again, "nothing of session 2 is left to drop")
        queue.appendEnd(.cancelled(.host), session: 2)
        let ended2 = queue.end(id)
        #expect(ended2)
        let taken = Self.drain(&queue)
        #expect(taken == ["s1 end cancelled (user)", "s2 end cancelled (host)"])
    }

    @Test("a presentation already sent is not dropped: it needs its dismissal")
    func aSentPresentationStays() {
        let presenter = FakePresenter(transcript: transcript)
        var queue = PresenterQueue()
        queue.append(.present(browser, .fullScreen, animated: true), to: presenter, session: 1)
        _ = queue.next()
        _ = queue.begin("the presentation of #1", on: presenter)
        queue.append(.push(camera, animated: true), to: presenter, session: 1)
        let again = queue.dropUnsent(session: 1)
        #expect(!again)
        #expect(queue.entries.count == 1)
    }
}
