@testable import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Testing

/// The timeline slice as state and effects: every action's change of the mode, the time control and the recorded
/// input, and the replays it asks the runtime for.
@Suite("Timeline reducer")
@MainActor
struct TimelineReducerTests {
    /// A window live at style time 5 with input recorded at 1, 2, 3 and 4 s, the strip shown.
    func recorded() -> ReducerHarness {
        var h = ReducerHarness()
        h.state.time.seek(toScene: 5)
        for t in [1.0, 2, 3, 4] { h.state.panes[0].recording.record(.pointerMove(Point(100 * t, 300)), at: t, size: Size(1280, 720)) }
        h.send(.timeline(.toggleShown)) { $0.timeline.setShown(true) }
        return h
    }

    @Test("A scrub from live marks the newest moment as the end, pauses, shows the moment and asks for a replay to it")
    func scrubFromLive() {
        var h = recorded()
        h.send(.timeline(.scrub(2.5)), [.replay(toStyleTime: 2.5)]) {
            _ = $0.timeline.scrub(to: 2.5, liveTime: 5, timePaused: false)
            $0.time.setPaused(true)
            $0.time.seek(toScene: 2.5)
        }
        #expect(h.state.timeline.mode == .scrubbed(at: 2.5) && h.state.timeline.end == 5 && h.state.playhead == 2.5)
        // Beyond the ends: clamped to the strip.
        h.send(.timeline(.scrub(9)), [.replay(toStyleTime: 5)]) { $0.timeline = { var t = $0.timeline; _ = t.scrub(to: 9, liveTime: 0, timePaused: true); return t }($0); $0.time.seek(toScene: 5) }
        h.send(.timeline(.step(-1)), [.replay(toStyleTime: 4)]) { _ = $0.timeline.scrub(to: 4, liveTime: 0, timePaused: true); $0.time.seek(toScene: 4) }
        h.send(.timeline(.toStart), [.replay(toStyleTime: 0)]) { _ = $0.timeline.scrub(to: 0, liveTime: 0, timePaused: true); $0.time.seek(toScene: 0) }
    }

    @Test("Space while scrubbed replays from the playhead on a running clock; again pauses it where it is; the end stays")
    func playAndPause() {
        var h = recorded()
        h.send(.timeline(.scrub(1)), [.replay(toStyleTime: 1)]) { _ = $0.timeline.scrub(to: 1, liveTime: 5, timePaused: false); $0.time.setPaused(true); $0.time.seek(toScene: 1) }
        h.send(.timeline(.togglePlayback), [.startReplay]) { _ = $0.timeline.play(); $0.time.setPaused(false) }
        #expect(h.state.timeline.mode == .replaying(from: 1, loop: nil))
        h.state.time.seek(toScene: 2.2)
        h.send(.timeline(.replayReached(2.2)))
        h.send(.timeline(.togglePlayback), [.replay(toStyleTime: 2.2)]) { _ = $0.timeline.scrub(to: 2.2, liveTime: 0, timePaused: false); $0.time.setPaused(true) }
        #expect(h.state.timeline.end == 5 && h.state.panes[0].recording.count == 4, "the recording keeps its end")
    }

    @Test("The replay reaching the end of the recording is live again, nothing dropped; round a loop it starts the loop again")
    func replayEnds() {
        var h = recorded()
        h.send(.timeline(.scrub(3)), [.replay(toStyleTime: 3)]) { _ = $0.timeline.scrub(to: 3, liveTime: 5, timePaused: false); $0.time.setPaused(true); $0.time.seek(toScene: 3) }
        h.send(.timeline(.markRangeStart)) {
            $0.timeline.mark(rangeStart: true, at: 3, liveTime: 3)
            $0.chrome.message = Message("Loop 3 s to 5 s")
        }
        h.send(.timeline(.play), [.startReplay]) { _ = $0.timeline.play(); $0.time.setPaused(false) }
        h.state.time.seek(toScene: 5)
        h.send(.timeline(.replayReached(5)), [.replay(toStyleTime: 3), .startReplay]) { $0.time.seek(toScene: 3) }
        #expect(h.state.timeline.mode == .replaying(from: 3, loop: 3...5))
        h.send(.timeline(.clearRange)) { $0.timeline.clearRange() }
        h.state.time.seek(toScene: 5.01)
        h.send(.timeline(.replayReached(5.01))) { _ = $0.timeline.replayReached(5.01) }
        #expect(h.state.timeline.isLive && h.state.panes[0].recording.count == 4)
    }

    @Test("A deliberate input while a moment is shown goes live from it: what was recorded after it is dropped; End and Escape go live at the newest moment")
    func branchAndResume() {
        var h = recorded()
        h.send(.timeline(.scrub(2.5)), [.replay(toStyleTime: 2.5)]) { _ = $0.timeline.scrub(to: 2.5, liveTime: 5, timePaused: false); $0.time.setPaused(true); $0.time.seek(toScene: 2.5) }
        var resumed = h
        resumed.send(.timeline(.resumeLive), [.replay(toStyleTime: 5)]) { $0.timeline.goLive(); $0.time.setPaused(false); $0.time.seek(toScene: 5) }
        var escaped = h
        escaped.send(.chrome(.escape), [.replay(toStyleTime: 5)]) { $0.timeline.goLive(); $0.time.setPaused(false); $0.time.seek(toScene: 5) }
        h.send(.timeline(.branch)) { $0.panes[0].recording.truncate(after: 2.5); $0.timeline.goLive(); $0.time.setPaused(false) }
        #expect(h.state.panes[0].recording.count == 2 && resumed.state.panes[0].recording.count == 4)
        // Live, the input is recorded again; while a moment is shown it is not.
        h.send(.panes(.record(1, .pointerMove(Point(5, 5))))) { $0.panes[0].recording.record(.pointerMove(Point(5, 5)), at: 2.5, size: Size(1280, 720)) }
    }

    @Test("Space live pauses time; hiding the strip while scrubbed goes live at the newest moment, paused as before")
    func liveSpaceAndHide() {
        var h = recorded()
        h.send(.timeline(.togglePlayback)) { $0.time.setPaused(true); $0.chrome.message = Message("Paused (. steps a frame)") }
        h.send(.timeline(.scrub(1)), [.replay(toStyleTime: 1)]) { _ = $0.timeline.scrub(to: 1, liveTime: 5, timePaused: true); $0.time.seek(toScene: 1) }
        h.send(.timeline(.toggleShown), [.replay(toStyleTime: 5)]) { $0.timeline.setShown(false); $0.timeline.goLive(); $0.time.seek(toScene: 5) }
        #expect(h.state.time.isPaused, "paused as it was before the timeline paused it")
    }

    @Test("G cycles the focused style's channels, then none; a loop that scrolled off the strip is forgotten; the span is a setting")
    func graphLoopSpan() {
        var h = recorded()
        let count = h.state.focused.style.channels.count
        for i in 0..<count { h.send(.timeline(.nextGraphChannel)) { $0.timeline.graphChannel = i } }
        h.send(.timeline(.nextGraphChannel)) { $0.timeline.graphChannel = nil }
        h.send(.timeline(.setSpan(2))) { $0.timeline.span = 2 }
        h.send(.timeline(.markRangeStart)) { $0.timeline.mark(rangeStart: true, at: 5, liveTime: 5); $0.chrome.message = Message("Loop 5 s to 5 s") }
        h.state.time.seek(toScene: 8)
        h.send(.time(.tick(wall: 1))) { $0.chrome.wall = 1; _ = $0.time.sceneTime(atWall: 1); $0.timeline.range = nil; $0.chrome.messageDeadline = 4 }
    }
}
