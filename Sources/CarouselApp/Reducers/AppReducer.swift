import CarouselCore
import CarouselStyles

/// The one reducer of the window: hands each action to its slice's reducer, which changes the state and returns the
/// effects to perform, and keeps the one rule that spans slices: Ctrl+Z brings back a variant just closed only until
/// the variants change (their number, styles or values); any other action leaves it.
@MainActor
public enum AppReducer {
    /// Applies `action` to `state`; returns the effects to perform, in order.
    public static func reduce(_ state: inout WindowState, _ action: AppAction) -> [Effect] {
        let variants = VariantsDigest(state)
        let effects: [Effect]
        switch action {
        case .values(let a): effects = ValuesReducer.reduce(&state, a)
        case .panes(let a): effects = PanesReducer.reduce(&state, a)
        case .timeline(let a): effects = TimelineReducer.reduce(&state, a)
        case .time(let a): effects = TimeReducer.reduce(&state, a)
        case .chrome(let a): effects = ChromeReducer.reduce(&state, a)
        case .capture(let a): effects = CaptureReducer.reduce(&state, a)
        case .quit:
            state.wantsQuit = true
            effects = []
        case .services(let s):
            state.services = s
            effects = []
        }
        if state.closedPane != nil, VariantsDigest(state) != variants, !isReopen(action) { state.closedPane = nil }
        return effects
    }

    private static func isReopen(_ action: AppAction) -> Bool {
        if case .values(.undo) = action { return true }
        if case .panes(.close) = action { return true }
        return false
    }

    /// What "the variants" are, for the closed pane's rule: each pane's identity, style and values.
    private struct VariantsDigest: Equatable {
        let panes: [Pane]
        struct Pane: Equatable { let id: PaneState.ID; let style: StyleDefinition; let values: [String: ParameterValue] }
        init(_ state: WindowState) {
            panes = state.panes.map { Pane(id: $0.id, style: $0.style, values: $0.currentParameters.values) }
        }
    }
}
