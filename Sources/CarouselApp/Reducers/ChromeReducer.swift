import CarouselCore

/// What the window shows above the panes: messages, the problem line, the status line, help, the panel, the checks,
/// the first-run hint, the keyboard focus's moves, and reduced motion.
@MainActor
enum ChromeReducer {
    static func reduce(_ state: inout WindowState, _ action: ChromeAction) -> [Effect] {
        switch action {
        case .message(let m):
            state.chrome.message = m
            state.chrome.messageDeadline = nil
            return m.isReported ? [.report(m.text)] : []
        case .clearMessage:
            state.chrome.message = nil
            state.chrome.messageDeadline = nil
            return []
        case .report(let line):
            return [.report(line)]
        case .problem(let text):
            state.chrome.problem = text
            return []
        case .toggleStatus:
            state.chrome.statusShown.toggle()
            return []
        case .toggleHelp:
            state.chrome.helpShown.toggle()
            return []
        case .escape:
            if state.chrome.helpShown { return reduce(&state, .toggleHelp) }
            return TimelineReducer.reduce(&state, .resumeLive)
        case .scrollHelp(let points):
            return [.scrollHelp(points)]
        case .togglePanel:
            state.chrome.panelOpen.toggle()
            return [.focusPanel(state.chrome.panelOpen)]
        case .toggleChecks:
            state.chrome.checksShown.toggle()
            return []
        case .showHint(let shown):
            state.chrome.hintShown = shown
            return []
        case .moveFocus(let forward):
            return [.moveFocus(forward: forward)]
        case .focusCarousel(let entered):
            return [.focusCarousel(entered)]
        case .toggleReducedMotion:
            state.motion = MotionState(reducesMotion: !state.motion.reducesMotion, source: .key)
            return reduce(&state, .message(Message(state.motion.reducesMotion
                ? "Reduced motion on: cuts and cross-fades, auto-advance waits for its play button" : "Reduced motion off")))
                + ValuesReducer.replayIfScrubbed(state)
        case .setReducedMotion(let reduced, let source):
            // The desktop's answer comes late: it does not undo what the command line or the key chose.
            if case .desktop = source, !state.motion.source.yieldsToDesktop { return [] }
            state.motion = MotionState(reducesMotion: reduced, source: source)
            return ValuesReducer.replayIfScrubbed(state)
        }
    }

    /// A message shown since the last frame starts its time on this frame (it may have come from input or a job
    /// long after the last frame drawn); one whose time is up goes.
    static func runMessageClock(_ state: inout WindowState) {
        guard let m = state.chrome.message else { return }
        if state.chrome.messageDeadline == nil, let seconds = m.seconds { state.chrome.messageDeadline = state.chrome.wall + seconds }
        if let d = state.chrome.messageDeadline, state.chrome.wall >= d {
            state.chrome.message = nil
            state.chrome.messageDeadline = nil
        }
    }
}
