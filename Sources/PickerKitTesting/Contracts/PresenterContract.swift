import PickerImaging
import PickerKit

/// The checks every ``Presenter`` must pass, to run against your own adapter in your test
/// target (on a simulator, for a UIKit one), as swift-log ships the checks a log handler must
/// pass. PickerKit's suite runs them against ``FakePresenter`` and ``PresentationModel``.
///
/// ```swift
/// @MainActor @Test func ourPresenterKeepsTheContract() async {
///     let violations = await PresenterContract.violations { UIKitPresenter(host: window.rootViewController!, photos: SystemPhotoSource()) }
///     #expect(violations == [])
/// }
/// ```
///
/// It presents a browser, pushes an edit screen on it, pops it, hides and shows the bar,
/// dismisses, and presents again, checking that each completion is called exactly once and
/// that every transition of the navigation stack reaches the proxy, will-show before did-show
/// (a did-show may come when the transition's animation ends, as UIKit's does).
@MainActor
public enum PresenterContract {
    /// The broken requirements, one line each; empty when `make()`'s presenter keeps them all.
    ///
    /// - Parameters:
    ///   - timeout: how long to wait for each completion, in real time.
    ///   - make: makes the presenter under test, ready to present.
    public static func violations(timeout: Duration = .seconds(5), _ make: () -> any Presenter) async -> [String] {
        let presenter = make()
        let proxy = ProxyLog()
        presenter.navigationProxy = proxy
        var violations: [String] = []
        let browser = Route(id: Route.ID(1), screen: .browser(source: .photoLibrary, mediaTypes: [.image]))
        let editor = Route(
            id: Route.ID(2),
            screen: .editor(EditorScreen(imageSize: PixelSize(width: 4, height: 3), cropRect: PixelRect(x: 1, y: 0, width: 3, height: 3))))

        func expectShown(_ route: Route, by step: String) async {
            let expected = ["will show \(route.id)", "did show \(route.id)"]
            _ = await waitUntil(timeout: timeout, minimumTurns: 200, yieldingTurns: 100) { proxy.lines.count >= expected.count }
            for _ in 0..<20 { await Task.yield() }
            if proxy.lines != expected { violations.append("\(step): the proxy heard \(proxy.lines), not \(expected)") }
            proxy.lines = []
        }

        let presented = await completions(timeout) { presenter.present(browser, style: .fullScreen, animated: true, completion: $0) }
        if presented != 1 { violations.append("present: the completion was called \(presented) times, not once") }
        await expectShown(browser, by: "present a navigation stack")
        presenter.push(editor, animated: false)
        await expectShown(editor, by: "push")
        presenter.setNavigationBarHidden(true, animated: false)
        presenter.pop(animated: false)
        await expectShown(browser, by: "pop")
        presenter.setNavigationBarHidden(false, animated: false)
        let dismissed = await completions(timeout) { presenter.dismiss(animated: true, completion: $0) }
        if dismissed != 1 { violations.append("dismiss: the completion was called \(dismissed) times, not once") }
        if !proxy.lines.isEmpty { violations.append("dismiss: the proxy heard \(proxy.lines)") }
        let again = await completions(timeout) { presenter.present(browser, style: .fullScreen, animated: false, completion: $0) }
        if again != 1 { violations.append("present after a dismiss: the completion was called \(again) times, not once") }
        _ = await completions(timeout) { presenter.dismiss(animated: false, completion: $0) }
        return violations
    }

    /// Calls `start` with a completion and counts its calls: waits for the first, then lets
    /// the main actor run a while longer to catch a second.
    static func completions(_ timeout: Duration, _ start: (@escaping @MainActor () -> Void) -> Void) async -> Int {
        let counter = Counter()
        start { counter.count += 1 }
        _ = await waitUntil(timeout: timeout, minimumTurns: 200, yieldingTurns: 0) { counter.count > 0 }
        for _ in 0..<50 { await Task.yield() }
        return counter.count
    }

    @MainActor
    final class Counter {
        var count = 0
    }

    @MainActor
    final class ProxyLog: NavigationProxy {
        var lines: [String] = []
        func navigation(willShow route: Route, animated: Bool) { lines.append("will show \(route.id)") }
        func navigation(didShow route: Route, animated: Bool) { lines.append("did show \(route.id)") }
    }
}
