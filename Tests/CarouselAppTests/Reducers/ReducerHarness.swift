@testable import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Testing

/// Sends actions to the window's reducer alone, no runtime and no window, and asserts every change: each `send`
/// states how the state changes (`change` is applied to the state before the action) and which effects come back,
/// and anything else that changed fails the test, with the lines that differ (as TCA's TestStore asserts).
@MainActor
struct ReducerHarness {
    var state: WindowState

    /// A window of `size` on a twelve-item sample deck with one pane per style in `styles`.
    init(styles: [String] = ["expand"], size: Size = Size(1280, 720)) {
        let panes = styles.enumerated().map { PaneState(id: $0.offset + 1, name: "variant \($0.offset + 1)", style: StyleRegistry.style(named: $0.element)!, start: 0) }
        state = WindowState(size: size, deck: Deck.sample(count: 12), panes: panes)
    }

    /// Applies `action`; expects the state to equal the old state changed by `change`, and the effects `effects`.
    mutating func send(_ action: AppAction, _ effects: [Effect] = [], sourceLocation: SourceLocation = #_sourceLocation,
                       _ change: (inout WindowState) -> Void = { _ in }) {
        var expected = state
        change(&expected)
        let got = AppReducer.reduce(&state, action)
        #expect(got == effects, "effects of \(action)", sourceLocation: sourceLocation)
        if state != expected {
            Issue.record("state after \(action) differs (- expected, + actual):\n\(ReducerHarness.diff(expected, state))", sourceLocation: sourceLocation)
            state = expected
        }
    }

    /// Moves the window's clock on by `seconds` of wall time (a frame's tick), asserting only what ticks change.
    mutating func tick(_ seconds: Double) {
        let wall = state.chrome.wall + seconds
        _ = AppReducer.reduce(&state, .time(.tick(wall: wall)))
    }

    /// The lines of two values' dumps that differ.
    static func diff<T>(_ a: T, _ b: T) -> String {
        var da = "", db = ""
        dump(a, to: &da)
        dump(b, to: &db)
        let la = da.split(separator: "\n"), lb = db.split(separator: "\n")
        var out: [String] = []
        for i in 0..<max(la.count, lb.count) {
            let x = i < la.count ? String(la[i]) : "", y = i < lb.count ? String(lb[i]) : ""
            if x != y { out.append("- \(x)\n+ \(y)") }
            if out.count > 20 { break }
        }
        return out.joined(separator: "\n")
    }
}
