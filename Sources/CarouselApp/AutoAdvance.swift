import CarouselCore

/// Timer-driven auto-advance, a mode of every style: every `interval` seconds it calls `onAdvance`.
///
/// It pauses for any of several reasons (pointer over the carousel, a gesture, a hidden window) and resumes with
/// the remaining time kept, not from zero.
@MainActor
public final class AutoAdvance {
    /// Why auto-advance is waiting.
    public enum PauseReason: Hashable, Sendable {
        case pointerOver, interacting, hidden
        /// The carousel's rotation control paused it (its pause button, Enter or Space on the focused carousel, or
        /// the keyboard focus coming in, as the WAI-ARIA carousel pattern asks); it waits until that control starts it.
        case user
        /// Reduced motion: auto-advance does not start by itself; the rotation control starts it.
        case reducedMotion
    }

    private unowned let scene: Scene
    private var timer: TimerID?
    private var reasons: Set<PauseReason> = []
    /// Called at each advance.
    public var onAdvance: () -> Void = {}
    /// Seconds between advances.
    public private(set) var interval: Double = 3
    /// Whether the mode is on.
    public private(set) var isEnabled = false

    public init(scene: Scene) { self.scene = scene }

    /// Turns the mode on or off; turning it on starts a full interval.
    public func setEnabled(_ on: Bool) {
        guard on != isEnabled else { return }
        isEnabled = on
        scene.timers.cancel(timer)
        timer = nil
        if on { start(remaining: interval) }
        scene.setNeedsDisplay()
    }

    /// Changes the interval; the time already waited counts towards the new one.
    public func setInterval(_ seconds: Double) {
        let s = max(seconds, 0.1)
        guard s != interval else { return }
        let waited = timer.flatMap { id in scene.timers.remaining(id, at: scene.now).map { interval - $0 } } ?? 0
        interval = s
        if isEnabled { scene.timers.cancel(timer); start(remaining: max(s - waited, 0)) }
    }

    private func start(remaining: Double) {
        timer = scene.timers.schedule(at: scene.now + remaining, repeating: interval) { [weak self] in self?.fire() }
        if isPaused, let timer { scene.timers.pause(timer, at: scene.now) }
    }

    private func fire() {
        // A repeating timer reschedules itself; a fire while paused cannot happen (paused timers do not fire).
        onAdvance()
        scene.setNeedsDisplay()
    }

    /// Adds or removes a pause reason.
    public func setPaused(_ paused: Bool, for reason: PauseReason) {
        let was = isPaused
        if paused { reasons.insert(reason) } else { reasons.remove(reason) }
        guard was != isPaused, let timer else { return }
        if isPaused { scene.timers.pause(timer, at: scene.now) } else { scene.timers.resume(timer, at: scene.now) }
        scene.setNeedsDisplay()
    }

    /// Whether any reason holds it back.
    public var isPaused: Bool { !reasons.isEmpty }
    /// The current pause reasons.
    public var pauseReasons: Set<PauseReason> { reasons }

    /// Seconds until the next advance (frozen while paused), or nil when off.
    public var remaining: Double? { timer.flatMap { scene.timers.remaining($0, at: scene.now) } }

    /// Fraction of the interval elapsed, 0...1, or nil when off.
    public var progress: Double? { remaining.map { 1 - min(max($0 / interval, 0), 1) } }

    /// Stops the timer for good (style switched away).
    public func stop() { scene.timers.cancel(timer); timer = nil; isEnabled = false }
}
