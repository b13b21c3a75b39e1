/// The window loop's time, where wall time enters the app: seconds of a monotonic clock since the loop started, less
/// every gap the loop did not ask for.
///
/// A process that is stopped (SIGSTOP, Ctrl+Z in its terminal, a debugger's breakpoint, a frozen cgroup while a
/// laptop suspends) finds the wall clock moved on when it continues. Handed to the model as it is, that jump is
/// elapsed animation time: paging's auto-advance fired ten times at once and the timeline's window lost everything
/// before the stop. The loop says how long it means to wait (`willWait`) before it sleeps; when the clock is read
/// again, time beyond that wait longer than `pauseThreshold` (a few frames) is a pause, and the clock does not advance
/// across it. Waiting for input for an hour is time passing; being stopped for an hour is not.
struct LoopClock {
    /// The longest gap that is still time passing: a few frames (a slow frame, the scheduler's delay on a busy
    /// machine). A longer one is left out.
    static let pauseThreshold = 0.25

    /// Seconds of the monotonic source.
    private let read: () -> Double
    private let origin: Double
    private var lastRead: Double
    /// When the wait the loop announced ends, in the source's seconds.
    private var waitEnd = -Double.infinity
    /// Seconds left out so far.
    private(set) var pausedSeconds = 0.0

    /// A clock starting at 0 now, reading `read` (seconds of a monotonic source).
    init(read: @escaping () -> Double) {
        self.read = read
        origin = read()
        lastRead = origin
    }

    /// The loop's time now.
    mutating func now() -> Double {
        let t = read()
        let gap = t - max(lastRead, waitEnd)
        if gap > LoopClock.pauseThreshold { pausedSeconds += gap }
        lastRead = t
        waitEnd = -.infinity
        return t - origin - pausedSeconds
    }

    /// Says the loop is about to wait up to `seconds` for input or its next deadline: a gap that long is time
    /// passing, not a pause.
    mutating func willWait(_ seconds: Double) {
        waitEnd = read() + max(seconds, 0)
    }
}
