import Foundation
@testable import PickerKit
import Testing

/// Every order of events the picker and its host can meet, to a depth, explored breadth first
/// over ``PickerModel`` (the real workflow and transition machine, the runner's glue, the host's
/// side), merging the states already seen: after every event, exactly one callback per session,
/// and only once its screens have gone or can no longer complete; the presenter never called
/// while its own transition animates, unless that transition was given up; nothing due left
/// waiting for a host call; and from every state reached, the sessions end, each once, and
/// nothing is retained.
@Suite("The transitions, explored exhaustively")
struct TransitionExplorationTests {
    /// The depth explored: 8 by default; `PICKERKIT_EXPLORE_DEPTH` sets it (the sanitizer runs
    /// of CI explore less deep).
    static let depth = ProcessInfo.processInfo.environment["PICKERKIT_EXPLORE_DEPTH"].flatMap(Int.init) ?? 8

    struct Exploration {
        var states = 0
        var depthReached = 0
        var transitions = 0
        var violations: [String] = []
    }

    /// Explores from a fresh model to `depth` events.
    static func explore(_ root: PickerModel, depth: Int) -> Exploration {
        var result = Exploration()
        var seen: Set<String> = [root.key]
        var frontier: [(model: PickerModel, path: [PickerModel.Event])] = [(root, [])]
        for level in 1...depth {
            var next: [(model: PickerModel, path: [PickerModel.Event])] = []
            for (model, path) in frontier {
                for event in PickerModel.Event.all {
                    var successor = model
                    guard successor.apply(event) else { continue }
                    result.transitions += 1
                    let key = successor.key
                    guard seen.insert(key).inserted else { continue }
                    let trail = (path + [event]).map { "\($0)" }.joined(separator: ", ")
                    var problems = successor.violations
                    if problems.isEmpty { problems = successor.settledViolations() }
                    if !problems.isEmpty, result.violations.count < 20 {
                        result.violations.append("\(trail): \(problems.joined(separator: "; "))")
                    }
                    successor.violations = []
                    next.append((successor, path + [event]))
                    result.depthReached = level
                }
            }
            frontier = next
        }
        result.states = seen.count
        return result
    }

    @Test("every order of events to the depth keeps the contract", arguments: PickerModel.Holder.allCases, [false, true])
    func everyOrderKeepsTheContract(holder: PickerModel.Holder, instantClock: Bool) {
        let result = Self.explore(PickerModel(holder: holder, instantClock: instantClock), depth: Self.depth)
        #expect(result.violations == [])
        #expect(result.depthReached == Self.depth, "the exploration reached its depth")
        print("explored \(holder) completions, \(instantClock ? "instant" : "manual") clock: \(result.states) distinct states, \(result.transitions) events applied, depth \(result.depthReached)")
    }
}
