/// Where a frame's main-thread CPU time goes, phase by phase, for `bench --breakdown` (issue 41): the bench sets
/// `clock` (the thread's CPU time), the phases measure themselves, and nothing is measured otherwise (the window's
/// run pays one nil check per phase).
///
/// Phases nest (layout runs inside the update, the present inside the draw): each phase's figure is its own time,
/// without the phases measured inside it.
@MainActor
public enum FramePhases {
    /// A part of a frame.
    public enum Phase: String, CaseIterable, Sendable {
        /// Input delivered to the window's model: routing, the styles' handlers, recording.
        case input
        /// The model's update: background work, timers, animation, every pane's scene advanced (layout apart).
        case update
        /// The styles' layout: frames, offsets and opacities from the animated state.
        case layout
        /// The paint pass into the frame's draw list (`DrawListRecorder`).
        case record
        /// The draw list compared with the last one: the damaged regions (`FrameDamage`).
        case diff
        /// The damaged regions drawn (`PartialRenderer`: compositing), the present apart.
        case draw
        /// The drawn pixels handed to the window system.
        case present
    }

    /// The clock phases are measured with, in seconds (nil: nothing is measured).
    public static var clock: (() -> Double)?
    /// Seconds per phase since the last `reset()`.
    public private(set) static var seconds: [Phase: Double] = [:]
    /// Time of the phases measured inside the one running, per level of nesting.
    private static var inner: [Double] = []

    /// Runs `body` as `phase`.
    @inline(__always)
    public static func measure<R>(_ phase: Phase, _ body: () throws -> R) rethrows -> R {
        guard let clock else { return try body() }
        let start = clock()
        inner.append(0)
        defer {
            let total = clock() - start
            let nested = inner.removeLast()
            seconds[phase, default: 0] += total - nested
            if !inner.isEmpty { inner[inner.count - 1] += total }
        }
        return try body()
    }

    /// Forgets the figures so far.
    public static func reset() { seconds = [:] }
}
