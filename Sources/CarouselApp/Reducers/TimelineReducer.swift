import CarouselCore
import CarouselSupport

/// The timeline's actions: scrubbing, replaying, the loop range, the graph. The mode's transitions themselves are
/// `TimelineState`'s; here they meet the rest of the window: the time control (a moment shown is paused; scene time
/// is set to it), the recorded input (going live from a moment drops what came after it), and the runtime's replays.
@MainActor
enum TimelineReducer {
    static func reduce(_ state: inout WindowState, _ action: TimelineAction) -> [Effect] {
        switch action {
        case .toggleShown:
            state.timeline.setShown(!state.timeline.isShown)
            return state.timeline.isShown ? [] : resumeLive(&state)
        case .scrub(let t):
            return scrub(&state, to: t)
        case .step(let seconds):
            return scrub(&state, to: (state.playhead ?? state.focusedStyleTime) + seconds)
        case .toStart:
            return scrub(&state, to: state.timeline.start(end: state.timeline.end(liveTime: state.focusedStyleTime)))
        case .resumeLive:
            return resumeLive(&state)
        case .branch:
            guard !state.timeline.isLive else { return [] }
            let wasScrubbed = state.timeline.isScrubbed
            for i in state.panes.indices { state.panes[i].recording.truncate(after: state.styleTime(of: state.panes[i])) }
            state.timeline.goLive()
            if wasScrubbed { state.time.setPaused(state.timeline.wasPaused) }
            return []
        case .togglePlayback:
            switch state.timeline.mode {
            case .replaying: return scrub(&state, to: state.focusedStyleTime)
            case .scrubbed: return play(&state)
            case .live: return TimeReducer.reduce(&state, .togglePause)
            }
        case .play:
            if state.timeline.isScrubbed { return play(&state) }
            if state.time.isPaused { state.time.setPaused(false) }
            return []
        case .markRangeStart, .markRangeEnd:
            let start: Bool
            if case .markRangeStart = action { start = true } else { start = false }
            state.timeline.mark(rangeStart: start, at: state.playhead ?? state.focusedStyleTime, liveTime: state.focusedStyleTime)
            let r = state.timeline.range!
            return ChromeReducer.reduce(&state, .message(Message("Loop \(JSONValue.format(TimelineState.round3(r.lowerBound))) s to \(JSONValue.format(TimelineState.round3(r.upperBound))) s")))
        case .clearRange:
            state.timeline.clearRange()
            return []
        case .nextGraphChannel:
            let count = state.focused.style.channels.count
            state.timeline.graphChannel = state.timeline.graphChannel.map { $0 + 1 < count ? $0 + 1 : nil } ?? (count > 0 ? 0 : nil)
            return []
        case .setSpan(let seconds):
            state.timeline.span = seconds
            return []
        case .replayReached(let t):
            let (restart, _) = state.timeline.replayReached(t)
            guard let from = restart else { return [] }
            seek(&state, to: from)
            return [.replay(toStyleTime: from), .startReplay]
        }
    }

    /// Shows style time `t` of every pane (clamped to the strip), paused: the runtime replays each pane to it.
    static func scrub(_ state: inout WindowState, to t: Double) -> [Effect] {
        // A replay plays the whole input with the values as they are now: changes made along the way are not replayed.
        for i in state.panes.indices { state.panes[i].valueChanges = [] }
        let shown = state.timeline.scrub(to: t, liveTime: state.focusedStyleTime, timePaused: state.time.isPaused)
        state.time.setPaused(true)
        seek(&state, to: shown)
        return [.replay(toStyleTime: shown)]
    }

    /// Replays from the moment shown (see `TimelineState.play`), on the running clock.
    private static func play(_ state: inout WindowState) -> [Effect] {
        guard case .scrubbed(let at) = state.timeline.mode, let from = state.timeline.play() else { return [] }
        state.time.setPaused(false)
        guard from != at else { return [.startReplay] }
        seek(&state, to: from)
        return [.replay(toStyleTime: from), .startReplay]
    }

    /// Back to the newest moment, live: nothing recorded is dropped; time is paused again as it was before the
    /// timeline paused it (a replay that ran keeps running).
    static func resumeLive(_ state: inout WindowState) -> [Effect] {
        guard !state.timeline.isLive else { return [] }
        let end = state.timeline.end
        let atEnd = abs(state.focusedStyleTime - end) < 1e-9
        if state.timeline.isScrubbed { state.time.setPaused(state.timeline.wasPaused) }
        state.timeline.goLive()
        guard !atEnd else { return [] }
        seek(&state, to: end)
        return [.replay(toStyleTime: end)]
    }

    /// Scene time to the focused pane's style time `t` (every pane shares the clock).
    private static func seek(_ state: inout WindowState, to t: Double) {
        state.time.seek(toScene: state.focused.styleStart + t)
    }
}
