import Foundation
import Testing

/// The behaviours article (Sources/PickerKit/PickerKit.docc/Behaviours.md) is where B1…B24 are
/// defined: every number once, in order, each naming test files that exist and mention it.
@Suite("The behaviours article")
struct BehaviourArticleTests {
    @Test func everyBehaviourIsDefinedOnceAndPointsAtTestsThatNameIt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(contentsOf: root.appendingPathComponent("Sources/PickerKit/PickerKit.docc/Behaviours.md"), encoding: .utf8)
        let rows = article.split(separator: "\n").filter { $0.hasPrefix("| B") }
        #expect(rows.map { String($0.split(separator: "|")[0]).trimmingCharacters(in: .whitespaces) } == (1...24).map { "B\($0)" })
        let tests = root.appendingPathComponent("Tests")
        let files = FileManager.default.enumerator(atPath: tests.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.contains(".build") } ?? []
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let number = cells[0]
            for name in cells[2].split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard let path = files.first(where: { $0.hasSuffix("/\(name).swift") }) else {
                    Issue.record("\(number) names \(name), which is no test file")
                    continue
                }
                let source = try String(contentsOf: tests.appendingPathComponent(path), encoding: .utf8)
                #expect(source.range(of: "\\b\(number)\\b", options: .regularExpression) != nil, "\(name) does not mention \(number)")
            }
        }
    }
}
