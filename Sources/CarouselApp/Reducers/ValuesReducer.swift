import CarouselCore
import CarouselStyles
import CarouselSupport

/// The variants' values: edits from the panel, parameter files and scripts, undo and redo, auto-advance. Values
/// changed while the timeline shows a moment play the same input again with them (`Effect.replay`).
@MainActor
enum ValuesReducer {
    static func reduce(_ state: inout WindowState, _ action: ValueAction) -> [Effect] {
        switch action {
        case .set(let p, let id, let undo):
            guard let i = id.map({ state.index(of: $0) }) ?? state.focusedIndex else { return [] }
            state.panes[i].setValues(p, at: state.changeTime(of: state.panes[i]), undo: undo)
            return replayIfScrubbed(state)
        case .applyFile(let json, let file, let id):
            guard let i = id.map({ state.index(of: $0) }) ?? state.focusedIndex else { return [] }
            var p = state.panes[i].currentParameters
            let problems = p.apply(json: json, file: file)
            state.panes[i].setValues(p, at: state.changeTime(of: state.panes[i]), undo: nil)
            return problems.map { .report($0) } + replayIfScrubbed(state)
        case .setScripted(let key, let value):
            var p = state.focused.currentParameters
            do { try p.set(key, value) } catch {
                return ChromeReducer.reduce(&state, .message(.problem("set: \(error.message)")))
            }
            return reduce(&state, .set(p, undo: UndoLabel(p.spec(key)?.label ?? key)))
        case .recordUndo(let label, let before):
            let style = state.focused.styleName, now = state.focused.currentParameters.values
            state.focused.histories[style, default: ParameterHistory()].record(label, from: before, to: now)
            return []
        case .undo:
            if state.closedPane != nil { return PanesReducer.reopen(&state) }
            return step(&state, redo: false)
        case .redo:
            return step(&state, redo: true)
        case .toggleAutoAdvance:
            let on = !state.focused.currentParameters[StyleRegistry.SharedKey.autoAdvance]
            for i in state.panes.indices {
                var p = state.panes[i].currentParameters
                try? p.set(StyleRegistry.SharedKey.autoAdvance.name, .bool(on))
                state.panes[i].setValues(p, at: state.changeTime(of: state.panes[i]), undo: nil)
            }
            let interval = state.focused.currentParameters[StyleRegistry.SharedKey.autoAdvanceInterval]
            let enabled = on && state.deck.deck.items.count >= 2
            return ChromeReducer.reduce(&state, .message(Message("Auto-advance \(enabled ? "on, every \(JSONValue.format(interval)) s" : "off")")))
                + replayIfScrubbed(state)
        }
    }

    /// Undo or redo in the focused pane's active style, with its message.
    private static func step(_ state: inout WindowState, redo: Bool) -> [Effect] {
        let style = state.focused.styleName
        var history = state.focused.history(for: style)
        guard let step = redo ? history.redo() : history.undo() else {
            return ChromeReducer.reduce(&state, .message(Message(redo ? "Nothing to redo" : "Nothing to undo")))
        }
        state.focused.histories[style] = history
        var p = state.focused.currentParameters
        for (k, v) in redo ? step.after : step.before { try? p.set(k, v) }
        state.focused.setValues(p, at: state.changeTime(of: state.focused), undo: nil)
        return ChromeReducer.reduce(&state, .message(Message("\(redo ? "Redo" : "Undo"): \(step.label)"))) + replayIfScrubbed(state)
    }

    /// While the timeline shows a moment, the same input is played again with the new values.
    static func replayIfScrubbed(_ state: WindowState) -> [Effect] {
        guard case .scrubbed(let t) = state.timeline.mode else { return [] }
        return [.replay(toStyleTime: t)]
    }
}
