import CarouselCore
import CarouselSupport

/// The window's timeline, as a value: what the user just did can be scrubbed back to and replayed with new values.
///
/// Every frame is a pure function of style time, values and the input delivered (that is how `capture --at` works),
/// and every pane records its input (`PaneState.recording`). So the timeline keeps no frames: to show style time T
/// the window's runtime makes each pane afresh from its state and gives it its recorded input up to T exactly as
/// `capture` gives a script (`Replay.advance`), with the values it has now.
///
/// One mode, and its transitions here alone:
/// - `live`: input goes to the panes and is recorded.
/// - `scrubbed(at:)`: paused at a moment; a change of values plays the same input again with the new values.
/// - `replaying(from:loop:)`: the recorded input plays from a moment on the window's clock, through the end of the
///   recording or round the loop range again and again; the recording keeps its end. Only a deliberate input in the
///   carousel (a press, the wheel, a key it takes) or Escape / End takes the window live.
///
/// Times are the focused pane's style time; all panes of a comparison share the one timeline.
public struct TimelineState: Equatable, Sendable {
    /// What the window shows of the timeline.
    public enum Mode: Equatable, Sendable {
        /// The newest moment, with input delivered and recorded.
        case live
        /// Paused at style time `at`.
        case scrubbed(at: Double)
        /// Playing the recorded input from style time `from`, looping over `loop` when one is marked.
        case replaying(from: Double, loop: ClosedRange<Double>?)
    }

    public private(set) var mode: Mode = .live
    /// How far back the strip reaches, in seconds (a setting: `run --timeline-seconds`).
    public var span: Double = 30
    /// Whether the strip is shown (`T`).
    public internal(set) var isShown = false
    /// The newest moment recorded, in the focused pane's style time: the end of the strip while not live.
    public private(set) var end: Double = 0
    /// A range that loops while replaying, in style time.
    public internal(set) var range: ClosedRange<Double>?
    /// Whether time was paused before the timeline paused it (leaving the timeline puts it back).
    public private(set) var wasPaused = false
    /// The channel the graph follows, an index into the focused style's `channels` (nil: no graph; `G` cycles).
    public internal(set) var graphChannel: Int?

    public init() {}

    /// Whether the window is live.
    public var isLive: Bool { mode == .live }
    /// Whether the window shows a moment of the timeline, paused.
    public var isScrubbed: Bool { if case .scrubbed = mode { return true } else { return false } }
    /// Whether the recorded input is being replayed.
    public var isReplaying: Bool { if case .replaying = mode { return true } else { return false } }

    /// The earliest moment the strip reaches, for the newest moment `end`.
    public func start(end: Double) -> Double { max(0, end - span) }

    /// The strip's end: the newest moment recorded, or the live moment `liveTime`.
    public func end(liveTime: Double) -> Double { isLive ? liveTime : end }

    // MARK: Transitions

    /// Shows style time `t`, clamped to the strip, paused; returns the moment shown. From live, the newest moment
    /// (`liveTime`) becomes the end, and whether time was paused is kept for when the window goes live again.
    mutating func scrub(to t: Double, liveTime: Double, timePaused: Bool) -> Double {
        if isLive {
            end = liveTime
            wasPaused = timePaused
        }
        let shown = min(max(t, start(end: end)), end)
        mode = .scrubbed(at: shown)
        return shown
    }

    /// Replays from the moment shown (from the loop's start when the moment is outside the loop; at the end of the
    /// recording, the replay ends at once: live); returns where the replay starts, or nil when not scrubbed.
    mutating func play() -> Double? {
        guard case .scrubbed(let at) = mode else { return nil }
        var from = at
        if let range, !range.contains(at) { from = range.lowerBound }
        mode = .replaying(from: from, loop: range)
        return from
    }

    /// The replay reached style time `t`: past the loop's end it starts the loop again (returned: where to replay
    /// from); past the recording's end, the window is live again (nil).
    mutating func replayReached(_ t: Double) -> (restart: Double?, wentLive: Bool) {
        guard case .replaying(_, let loop) = mode else { return (nil, false) }
        if let loop, t >= loop.upperBound {
            mode = .replaying(from: loop.lowerBound, loop: loop)
            return (loop.lowerBound, false)
        }
        if t >= end {
            mode = .live
            return (nil, true)
        }
        return (nil, false)
    }

    /// Back to live at the moment shown: what was recorded after it is dropped by the caller (new input replaces it).
    mutating func goLive() { mode = .live }

    /// Shows or hides the strip; hiding it goes live at the newest moment.
    mutating func setShown(_ shown: Bool) { isShown = shown }

    /// Marks the loop range's start or end at `t`; the other end stays, or is the strip's start or end.
    mutating func mark(rangeStart: Bool, at t: Double, liveTime: Double) {
        let e = end(liveTime: liveTime)
        let other = range.map { rangeStart ? $0.upperBound : $0.lowerBound } ?? (rangeStart ? e : start(end: e))
        range = min(t, other)...max(t, other)
        if case .replaying(let from, _) = mode { mode = .replaying(from: from, loop: range) }
    }

    /// Clears the loop range.
    mutating func clearRange() {
        range = nil
        if case .replaying(let from, _) = mode { mode = .replaying(from: from, loop: nil) }
    }

    /// Live time moved on to `liveTime`: a loop that scrolled off the strip's start is forgotten.
    mutating func followLive(_ liveTime: Double) {
        guard isLive, let range, range.upperBound < start(end: liveTime) else { return }
        self.range = nil
    }

    /// The layout file's `timeline`: the playhead (`playhead`: null when live; it moves while replaying), the strip's
    /// start and end, whether live, replaying, and the loop range.
    func json(playhead: Double, liveEnd: Double) -> JSONValue {
        let e = end(liveTime: liveEnd)
        return .object([
            JSONMember("playhead", isLive ? .null : .number(TimelineState.round6(playhead))),
            JSONMember("start", .number(TimelineState.round6(start(end: e)))),
            JSONMember("end", .number(TimelineState.round6(e))),
            JSONMember("live", .bool(isLive)),
            JSONMember("replaying", .bool(isReplaying)),
            JSONMember("range", range.map { .array([.number(TimelineState.round6($0.lowerBound)), .number(TimelineState.round6($0.upperBound))]) } ?? .null),
        ])
    }

    static func round6(_ v: Double) -> Double { (v * 1e6).rounded() / 1e6 }
    static func round3(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
}
