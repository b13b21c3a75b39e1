import CarouselCore
import CarouselStyles

/// The panes: duplicating, closing and bringing back variants, the focused one, styles, the deck, the window's size,
/// and the input each pane's style used (recorded while the window is live).
@MainActor
enum PanesReducer {
    static func reduce(_ state: inout WindowState, _ action: PaneAction) -> [Effect] {
        switch action {
        case .duplicate:
            let count = state.panes.count + 1
            let source = state.focused
            if let problem = PaneSplit.problem(count: count, styles: state.panes.map(\.styleName) + [source.styleName], in: state.size) {
                return message(&state, Message(problem, error: true))
            }
            var copy = PaneState(id: state.makePaneID(), name: "variant \(count)", style: source.style,
                                 parameters: source.currentParameters, start: state.time.sceneTime)
            copy.parameters = source.parameters
            state.panes.append(copy)
            state.focusedIndex = state.panes.count - 1
            return message(&state, Message("Variant \(count): a copy of \(source.name); the panel edits it"))
        case .close:
            guard state.panes.count > 1 else { return message(&state, Message("The last variant cannot be closed")) }
            let index = state.focusedIndex
            let closed = state.panes.remove(at: index)
            state.focusedIndex = min(index, state.panes.count - 1)
            state.closedPane = WindowState.ClosedPane(pane: closed, index: index)
            return message(&state, Message("Closed \(closed.name) · Ctrl+Z brings it back"))
        case .focus(let index):
            guard state.panes.indices.contains(index), index != state.focusedIndex else { return [] }
            state.focusedIndex = index
            return []
        case .switchStyle(let style, let announce):
            guard style != state.focused.style else { return [] }
            var effects = CaptureReducer.endClip(&state)
            leaveTimeline(&state)
            state.focused.switchStyle(to: style, at: state.time.sceneTime)
            if announce { effects += message(&state, Message("Style \(style.name)")) }
            return effects
        case .reloadStyle(let id, let style):
            guard let i = state.index(of: id) else { return [] }
            // A value the user set stays; one left at the old default takes the file's new default.
            let old = state.panes[i].currentParameters
            var values = Parameters(specs: StyleRegistry.schema(of: style))
            for spec in old.specs { if let value = old.values[spec.key], value != spec.defaultValue { try? values.set(spec.key, value) } }
            state.panes[i].parameters[state.panes[i].style.name] = nil
            state.panes[i].style = style
            state.panes[i].parameters[style.name] = values
            return [.replay(toStyleTime: state.playhead ?? state.focusedStyleTime)]
        case .replaceDeck(let deck, let source, let problems):
            guard !deck.items.isEmpty else { return [] }
            let effects = CaptureReducer.endClip(&state)
            leaveTimeline(&state)
            state.deck = DeckState(deck: deck, source: source, replaced: true, problems: problems, version: state.deck.version + 1)
            for i in state.panes.indices { state.panes[i].restart(at: state.time.sceneTime) }
            return effects
        case .resize(let size):
            state.size = Size(max(size.width, 1), max(size.height, 1))
            return []
        case .record(let id, let event):
            guard state.timeline.isLive, let i = state.index(of: id) else { return [] }
            let frames = state.paneFrames
            state.panes[i].recording.record(event, at: state.styleTime(of: state.panes[i]), size: frames[i].size)
            return []
        case .imagesChanged:
            return [.imagesChanged]
        }
    }

    /// Ctrl+Z just after Ctrl+W: the closed variant comes back in its place (its name, style, values and histories;
    /// its style starts again now), focused.
    static func reopen(_ state: inout WindowState) -> [Effect] {
        guard let closed = state.closedPane else { return [] }
        state.closedPane = nil
        var pane = closed.pane
        pane.restart(at: state.time.sceneTime)
        let at = min(closed.index, state.panes.count)
        state.panes.insert(pane, at: at)
        state.focusedIndex = at
        return message(&state, Message("Brought back \(pane.name)"))
    }

    /// A new style or deck starts a new recording: the timeline shows the newest moment again, live.
    private static func leaveTimeline(_ state: inout WindowState) {
        guard !state.timeline.isLive else { return }
        state.timeline.goLive()
        state.time.setPaused(state.timeline.wasPaused)
    }

    private static func message(_ state: inout WindowState, _ m: Message) -> [Effect] { ChromeReducer.reduce(&state, .message(m)) }
}
