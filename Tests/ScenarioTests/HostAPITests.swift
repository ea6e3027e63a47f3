import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// What a host app writing against the documentation reaches without PickerKitTesting: a state
/// observation it can stop, the workflow's edit step, and a wait for the picker's work.
@MainActor
@Suite("The host's API")
struct HostAPITests {
    @Test func anObservationIsCancelledOnItsOwnAndTwoRegistrationsAreTwoCalls() throws {
        let s = PickerScenario(exhaustivity: .off)
        final class Screen {}
        let screen = Screen()
        var heard: [String] = []
        let first = s.picker.observeState(screen) { _ in heard.append("first") }
        let second = s.picker.observeState(screen) { _ in heard.append("second") }
        try s.picker.edit(try PickerScenario.photo(width: 4, height: 3))
        #expect(heard == ["first", "second"], "each registration is called once per change")
        first.cancel()
        #expect(first.isCancelled && !second.isCancelled)
        s.picker.send(.editorGesture(.transform(.turnRight)), from: Route.ID(1))
        #expect(heard == ["first", "second", "second"])
        second.cancel()
        second.cancel()
        s.picker.send(.editorGesture(.transform(.turnRight)), from: Route.ID(1))
        #expect(heard == ["first", "second", "second"], "no calls after both were cancelled")
        withExtendedLifetime(screen) {}
    }

    /// A handler that cancels a later registration stops it for the change being told; an
    /// observer released is dropped; an action that changes nothing tells nobody.
    @Test func observersHearOnlyChangesAndOnlyWhileLive() throws {
        let s = PickerScenario(exhaustivity: .off)
        final class Screen {}
        let kept = Screen()
        var released: Screen? = Screen()
        var heard: [String] = []
        var later: StateObservation?
        s.picker.observeState(kept) { _ in
            heard.append("first")
            later?.cancel()
        }
        later = s.picker.observeState(kept) { _ in heard.append("later") }
        s.picker.observeState(released!) { _ in heard.append("released") }
        try s.picker.edit(try PickerScenario.photo(width: 4, height: 3))
        #expect(heard == ["first", "released"], "the first handler cancelled the later one before its call")
        released = nil
        s.picker.send(.editorGesture(.transform(.turnRight)), from: Route.ID(99))
        #expect(heard == ["first", "released"], "a tap from a screen that is not shown changes nothing")
        s.picker.send(.editorGesture(.transform(.turnRight)), from: Route.ID(1))
        #expect(heard == ["first", "released", "first"])
        withExtendedLifetime(kept) {}
    }

    @Test func theWorkflowsEditStepIsPublicAndIdleAwaitsChoosesRender() async throws {
        let s = PickerScenario(exhaustivity: .off)
        try s.picker.edit(try PickerScenario.photo(width: 40, height: 30))
        // A host running its own store reads the step as the picker does.
        let step = try #require(s.picker.workflow.state.editing)
        #expect(step.geometry == s.picker.editing?.geometry)
        s.picker.send(.chooseTapped, from: step.route.id)
        #expect(s.picker.workflow.state.editing?.isRendering == true)
        let pending = await s.picker.idle()
        #expect(pending == [])
        #expect(s.delegate.callbacks.count == 1)
        #expect(s.picker.workflow.state.editing == nil)
    }
}
