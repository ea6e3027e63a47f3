@testable import PickerKit
import Testing

/// The transition machine as a value: exactly what each event hands out, in order.
@Suite("The transition machine")
struct TransitionMachineTests {
    let browser = Route(id: Route.ID(1), screen: .browser(source: .photoLibrary, mediaTypes: [.image]))
    let editor = Route(
        id: Route.ID(2), screen: .editor(EditorScreen(imageSize: PixelSize(width: 4, height: 3), cropRect: PixelRect(x: 1, y: 0, width: 3, height: 3))))

    /// Feeds `event`, then takes everything due, as the runner does; returns it all as lines.
    static func step(_ machine: inout TransitionMachine, _ event: TransitionMachine.Event) -> [String] {
        var lines = machine.handle(event).map(line)
        while let output = machine.next() { lines.append(line(output)) }
        #expect(!machine.hasDueEntry)
        return lines
    }

    static func line(_ output: TransitionMachine.Output) -> String {
        switch output {
        case let .send(effect, session, transition):
            "s\(session) \(PickerModel.line(effect))" + (transition.map { " (transition \($0))" } ?? "")
        case let .deliver(outcome, session): "s\(session) end \(outcome.logged)"
        case let .ended(id): "ended \(id)"
        case let .gaveUp(what, reason): "gave up \(what): \(reason)"
        }
    }

    @Test func aCallWaitsForTheTransitionBeforeItAndASecondCompletionIsIgnored() {
        var machine = TransitionMachine()
        #expect(Self.step(&machine, .call(.present(browser, .fullScreen, animated: true), session: 1)) == ["s1 present #1 (transition 1)"])
        #expect(Self.step(&machine, .call(.push(editor, animated: false), session: 1)) == [])
        #expect(Self.step(&machine, .call(.setNavigationBarHidden(true), session: 1)) == [])
        #expect(machine.pendingWork == ["the presentation of #1 (animating)"])
        #expect(machine.phase(of: 1) == .animating)
        #expect(Self.step(&machine, .completionCalled(1)) == ["ended 1", "s1 push #2", "s1 bar hidden"])
        #expect(Self.step(&machine, .completionCalled(1)) == [], "a second completion changes nothing")
        #expect(machine.phase(of: 1) == .completed)
        #expect(machine.isIdle)
    }

    @Test func anEndWaitsForTheDismissalBeforeIt() {
        var machine = TransitionMachine()
        _ = Self.step(&machine, .call(.present(browser, .fullScreen, animated: true), session: 1))
        _ = Self.step(&machine, .completionCalled(1))
        #expect(Self.step(&machine, .call(.dismiss(animated: true), session: 1)) == ["s1 dismiss (transition 2)"])
        #expect(Self.step(&machine, .sessionEnded(.cancelled(.host), session: 1)) == [])
        #expect(machine.hasPendingEnd)
        #expect(machine.pendingSession == 1)
        #expect(Self.step(&machine, .completionCalled(2)) == ["ended 2", "s1 end cancelled (host)"])
        #expect(!machine.hasPendingEnd)
        #expect(machine.isIdle)
    }

    /// The presenter goes while its dismissal animates, its completion held by the animation:
    /// the end waits for that completion, not for the host.
    @Test func aPresenterThatGoesDoesNotEndItsTransition() {
        var machine = TransitionMachine()
        _ = Self.step(&machine, .call(.present(browser, .fullScreen, animated: true), session: 1))
        #expect(Self.step(&machine, .presenterGone(session: 1)) == [])
        #expect(machine.phase(of: 1) == .presenterGone)
        #expect(machine.pendingWork == ["the presentation of #1 (animating)"])
        #expect(Self.step(&machine, .call(.dismiss(animated: true), session: 1)) == [], "nothing more is sent to a presenter gone")
        #expect(Self.step(&machine, .sessionEnded(.cancelled(.presenterGone), session: 1)) == [])
        #expect(Self.step(&machine, .completionCalled(1)) == ["ended 1", "s1 end cancelled (presenter gone)"])
        #expect(machine.presenterlessSessions.isEmpty, "nothing of the session is kept once it is delivered")
        #expect(machine.isIdle)
    }

    @Test func aReleasedCompletionOrADeadlineGivesTheTransitionUpAndALateCompletionIsIgnored() {
        var machine = TransitionMachine()
        _ = Self.step(&machine, .call(.present(browser, .fullScreen, animated: true), session: 1))
        _ = Self.step(&machine, .sessionEnded(.cancelled(.host), session: 1))
        #expect(Self.step(&machine, .completionReleased(1)) == [
            "gave up the presentation of #1: its completion was released uncalled (the presenter went)", "ended 1", "s1 end cancelled (host)",
        ])
        #expect(machine.phase(of: 1) == .givenUp(.completionReleased))
        _ = Self.step(&machine, .call(.present(browser, .fullScreen, animated: true), session: 2))
        #expect(Self.step(&machine, .deadlinePassed(2, after: .seconds(4))) == ["gave up the presentation of #1: no completion within 4s", "ended 2"])
        #expect(Self.step(&machine, .completionCalled(2)) == [], "the late completion is ignored")
        #expect(Self.step(&machine, .deadlinePassed(1, after: .seconds(4))) == [], "so is the deadline of a transition already over")
        #expect(machine.isIdle)
    }

    @Test func aSessionThatEndsBeforeItsPresentationWasSentDropsWhatItQueued() {
        var machine = TransitionMachine()
        // Session 1's dismissal animates; session 2's presentation and push wait behind it.
        _ = Self.step(&machine, .call(.dismiss(animated: true), session: 1))
        _ = Self.step(&machine, .sessionEnded(.cancelled(.user), session: 1))
        _ = Self.step(&machine, .call(.present(browser, .fullScreen, animated: true), session: 2))
        _ = Self.step(&machine, .call(.push(editor, animated: false), session: 2))
        #expect(Self.step(&machine, .call(.dismiss(animated: true), session: 2)) == [], "no dismissal for what never showed")
        _ = Self.step(&machine, .sessionEnded(.cancelled(.host), session: 2))
        #expect(machine.entries.count == 2)
        #expect(Self.step(&machine, .completionCalled(1)) == ["ended 1", "s1 end cancelled (user)", "s2 end cancelled (host)"])
    }

    @Test func aPresentationAlreadySentIsNotDropped() {
        var machine = TransitionMachine()
        _ = Self.step(&machine, .call(.present(browser, .fullScreen, animated: true), session: 1))
        _ = Self.step(&machine, .call(.push(editor, animated: false), session: 1))
        #expect(Self.step(&machine, .call(.dismiss(animated: true), session: 1)) == [])
        #expect(Self.step(&machine, .completionCalled(1)) == ["ended 1", "s1 push #2", "s1 dismiss (transition 2)"])
    }
}
