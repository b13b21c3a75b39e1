import CarouselCore
import CarouselSupport

/// The timeline's actions on the window (see `Timeline`).
extension Preview {
    /// Shows the focused pane's style time `t` (clamped to the strip), every pane replayed to the same moment of the
    /// one clock with its current values, paused. The first scrub from live marks the newest moment as the end.
    func scrub(to t: Double) {
        if timeline.isLive {
            timeline.end = focused.styleTime
            timeline.wasPaused = time.isPaused
        }
        timeline.isReplaying = false
        timeline.players = [:]
        let shown = min(max(t, timeline.start(end: timeline.end)), timeline.end)
        timeline.playhead = shown
        replayPanes(toStyleTime: shown)
        time.setPaused(true)
        timeControlChanged()
    }

    /// Makes every pane afresh at the moment `t` of the focused pane's style time (see `Pane.replayed(to:)`).
    func replayPanes(toStyleTime t: Double) {
        let scene = focused.styleStart + t
        paneSet.replaceEach { pane in checkpoints.replay(pane, to: scene - pane.styleStart) }
        for pane in panes { connect(pane) }
        time.seek(toScene: scene)
        pointer.reset()
        damage.invalidate()
    }

    /// Replays the recorded input from the playhead on the window's clock (from live: plays as Space does).
    func startReplay() {
        guard let playhead = timeline.playhead else { return }
        timeline.isReplaying = true
        timeline.players = [:]
        for pane in panes {
            let t = focused.styleStart + playhead - pane.styleStart
            timeline.players[pane.id] = ScriptPlayer(ScriptedInput(entries: pane.recording.entries.filter { $0.time > t }))
        }
        time.setPaused(false)
        timeControlChanged()
    }

    /// While replaying, delivers to every pane the recorded input due by scene time `sceneTime`, each entry at its own
    /// time; then loops the range, or goes live at the end.
    func advanceReplay(toScene sceneTime: Double) {
        guard timeline.isReplaying else { return }
        for pane in panes {
            guard let player = timeline.players[pane.id] else { continue }
            pane.isReplaying = true
            player.deliver(upTo: sceneTime - pane.styleStart, into: pane.styleClock)
            pane.isReplaying = false
        }
        let t = sceneTime - focused.styleStart
        timeline.playhead = t
        if let range = timeline.range, t >= range.upperBound {
            scrub(to: range.lowerBound)
            startReplay()
        } else if t >= timeline.end {
            goLive()
        }
    }

    /// Back to live input from the moment shown: what was recorded after it is dropped, and new input is recorded.
    func goLive() {
        for pane in panes { pane.recording.truncate(after: pane.styleTime) }
        timeline.playhead = nil
        timeline.isReplaying = false
        timeline.players = [:]
    }

    /// Leaves the timeline: the newest moment is shown again and the window is live, paused as it was before.
    func leaveTimeline() {
        checkpoints.clear()
        guard !timeline.isLive else { return }
        if timeline.playhead != timeline.end { replayPanes(toStyleTime: timeline.end) }
        goLive()
        time.setPaused(timeline.wasPaused)
        timeControlChanged()
    }

    /// Whether input for the panes may be delivered now: not while scrubbed (the moment shown stays); during a
    /// replay, new input takes the window live from that moment first.
    func admitsPaneInput(_ event: InputEvent) -> Bool {
        if timeline.isLive { return true }
        switch event {
        case .visibility, .resize: return true
        case .pointerLeave: return false
        default: break
        }
        if timeline.isReplaying {
            goLive()
            return true
        }
        return false
    }

    /// The graph follows the chosen channel of the focused item (the style's current item at the playhead) over the
    /// strip's span; it samples while the timeline is not live (a live span moves every frame).
    func updateGraph() {
        guard let index = timeline.graphChannel, index < definition.channels.count, !timeline.isLive else { return }
        let (start, end) = timelineStrip.window(timeline: timeline, liveTime: focused.styleTime)
        let item = ["expanded", "current", "active", "page"].lazy.compactMap { key -> Int? in
            guard case .number(let n)? = self.style.state.last(where: { $0.key == key })?.value else { return nil }
            return Int(n)
        }.first ?? 0
        channelGraph.update(pane: focused, channel: definition.channels[index], item: item, start: start, end: min(end, timeline.end),
                            span: start...end, playhead: timeline.playhead ?? end, track: timelineStrip.trackSpan)
    }

    /// About how many bytes the timeline holds: every pane's recorded input and the replays parked at its
    /// checkpoints (the frames are replayed, not kept).
    public var timelineBytes: Int { panes.reduce(0) { $0 + $1.recording.approximateBytes } + checkpoints.approximateBytes }

    /// Makes the timeline's missing checkpoints for up to `budget` seconds (between frames, while the strip is shown;
    /// half a 60 Hz frame by default, so they are all made within seconds and a frame is never late by more);
    /// returns whether more are missing.
    @discardableResult
    public func buildCheckpoints(budget: Double = 0.008) -> Bool {
        guard timeline.isShown else { return false }
        let end = timeline.isLive ? focused.styleTime : timeline.end
        return checkpoints.build(panes, upTo: end, budget: budget)
    }
}
