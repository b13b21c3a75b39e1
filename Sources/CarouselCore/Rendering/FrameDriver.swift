/// What a window's event loop drives: the app model. The backend owns the loop and calls these in the documented
/// frame order: `handle` for each pending input event, then `update(to:)`, then `draw` only when `needsFrame`.
/// Between frames it sleeps until input arrives or `nextWakeTime` is reached.
@MainActor
public protocol FrameDriver: AnyObject {
    /// Delivers one input event.
    func handle(_ event: InputEvent)
    /// Moves the model to wall-clock time `time` (seconds since the loop started): timers fire, animations progress.
    func update(to time: Double)
    /// Whether the frame at the current time differs from the last one drawn.
    var needsFrame: Bool { get }
    /// The wall-clock time at which the driver next needs `update`, or nil when it can sleep until input.
    var nextWakeTime: Double? { get }
    /// Draws the current frame.
    func draw(into renderer: Renderer)
    /// Set when the user asked to quit.
    var wantsQuit: Bool { get }
    /// The window's title now (what it shows and the desktop lists), or nil to leave it.
    var windowTitle: String? { get }
}

extension FrameDriver {
    public var windowTitle: String? { nil }
}

/// Work that runs only while a window's loop waits (another process rendering a clip): the loop calls `hold()` each
/// time it wakes to work and `release()` just before it waits again, and once more when it ends.
public protocol IdleTimeJobs: AnyObject, Sendable {
    /// The loop woke to work: the jobs give it the machine (called at every turn of the loop while it works).
    func hold()
    /// The loop is about to wait: the jobs run.
    func release()
}
