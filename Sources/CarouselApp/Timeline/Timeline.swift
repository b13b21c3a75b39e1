import CarouselCore
import CarouselSupport

/// The window's timeline: what the user just did can be scrubbed back to and replayed with new values.
///
/// Every frame is a pure function of style time, values and the input delivered (that is how `capture --at` works),
/// and every pane records its input (`Pane.recording`). So the timeline keeps no frames: to show style time T it
/// makes each pane afresh and gives it its recorded input up to T exactly as `capture` gives a script
/// (`Pane.replayed(to:)`, `Replay.advance`), with the values it has now. A change of values while scrubbed plays the
/// same input again with the new values. Play replays the recorded input from the playhead on the window's clock;
/// new input for the panes during a replay takes the window live again from that moment (what was recorded after it
/// is dropped). All panes of a comparison share the one timeline.
///
/// States: live (no playhead: input goes to the panes and is recorded), scrubbed (paused at the playhead: input for
/// the panes is held back), replaying (the playhead moves with the clock and the recorded input is delivered).
@MainActor
public final class Timeline {
    /// How far back the strip reaches, in seconds (a setting: `run --timeline-seconds`).
    public var span: Double = 30
    /// Whether the strip is shown (`T`).
    public internal(set) var isShown = false
    /// The focused pane's style time shown, when not live.
    public internal(set) var playhead: Double?
    /// Whether the recorded input is being replayed from the playhead.
    public internal(set) var isReplaying = false
    /// The newest moment recorded, in the focused pane's style time: the end of the strip while not live.
    public internal(set) var end: Double = 0
    /// A range that loops while replaying, in style time.
    public internal(set) var range: ClosedRange<Double>?
    /// Whether time was paused before the timeline paused it (leaving the timeline puts it back).
    var wasPaused = false
    /// The channel the graph follows, an index into the focused style's `channels` (nil: no graph; `G` cycles).
    public internal(set) var graphChannel: Int?
    /// Each pane's recorded input still to deliver while replaying, by pane.
    var players: [Pane.ID: ScriptPlayer] = [:]

    /// Whether the window is live (no playhead).
    public var isLive: Bool { playhead == nil }
    /// Whether the window shows a moment of the timeline, paused.
    public var isScrubbed: Bool { playhead != nil && !isReplaying }

    /// The earliest moment the strip reaches, for the newest moment `end`.
    func start(end: Double) -> Double { max(0, end - span) }

    /// The layout file's `timeline`: the playhead (null when live), the strip's start and end, whether live, and
    /// the loop range.
    func json(liveEnd: Double) -> JSONValue {
        let e = isLive ? liveEnd : end
        return .object([
            JSONMember("playhead", playhead.map { .number(Timeline.round6($0)) } ?? .null),
            JSONMember("start", .number(Timeline.round6(start(end: e)))),
            JSONMember("end", .number(Timeline.round6(e))),
            JSONMember("live", .bool(isLive)),
            JSONMember("range", range.map { .array([.number(Timeline.round6($0.lowerBound)), .number(Timeline.round6($0.upperBound))]) } ?? .null),
        ])
    }

    static func round6(_ v: Double) -> Double { (v * 1e6).rounded() / 1e6 }
}

extension Timeline {
    static func round3(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
}

extension AppAction {
    /// Whether the action marks the start of the loop range.
    var isRangeStart: Bool { if case .markRangeStart = self { return true } else { return false } }
}
