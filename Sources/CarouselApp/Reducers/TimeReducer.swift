import CarouselCore

/// The time control every pane shares: pause, frame steps, slow motion, and each frame's wall time, which scene time
/// follows unless paused (and which runs the message's time out).
@MainActor
enum TimeReducer {
    static func reduce(_ state: inout WindowState, _ action: TimeAction) -> [Effect] {
        switch action {
        case .togglePause:
            state.time.togglePause()
            return ChromeReducer.reduce(&state, .message(Message(state.time.isPaused ? "Paused (. steps a frame)" : "Playing at \(state.time.speedText)")))
        case .stepFrame:
            if state.time.isPaused { state.time.step() } else { state.time.setPaused(true) }
            return []
        case .cycleSlowMotion:
            state.time.cycleSlowMotion()
            return ChromeReducer.reduce(&state, .message(Message("Speed \(state.time.speedText)")))
        case .tick(let wall):
            state.chrome.wall = wall
            _ = state.time.sceneTime(atWall: wall)
            ChromeReducer.runMessageClock(&state)
            state.timeline.followLive(state.focusedStyleTime)
            return []
        }
    }
}
