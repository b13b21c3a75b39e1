import CarouselCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Jobs (process groups: a clip's `record` and its encoders) that run only while the window waits. The window's loop
/// calls `hold()` when it wakes to work (input, animation, a frame) and `release()` just before it waits again; held
/// jobs are stopped (SIGSTOP to the group) and continued (SIGCONT) at those two points, so the window's frames never
/// share the machine with them, and they get all of it while the window waits (between frames, or all the time when
/// nothing moves). With no job, both calls do nothing. A window that works without waiting for longer than
/// `longestHold` (its frames slower than its display, e.g. on a loaded machine) does not starve its jobs: they run
/// from then until it next waits, sharing the machine as ordinary processes would.
///
/// A job is removed as soon as it ends (before its process id could be reused). If the window dies while its jobs are
/// stopped, the kernel continues them: their group is orphaned (SIGHUP, then SIGCONT), which `record` answers as Ctrl+C.
public final class BackgroundJobs: IdleTimeJobs, @unchecked Sendable {
    private let lock = NSLock()
    private var groups: Set<pid_t> = []
    private var held = false
    /// When the current hold began (`clock`), while held.
    private var heldSince = 0.0
    /// The jobs were let run during this hold (it lasted longer than `longestHold`).
    private var overdue = false
    /// Whether the jobs are stopped now (under `lock`).
    private var stopped: Bool { held && !overdue }
    /// The longest the jobs are stopped at a time, in seconds.
    public let longestHold: Double
    private let clock: @Sendable () -> Double

    /// Jobs stopped for at most `longestHold` seconds at a time, by `clock` (seconds; the monotonic clock by default).
    public init(longestHold: Double = 0.1, clock: @escaping @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }) {
        self.longestHold = longestHold
        self.clock = clock
    }

    /// Adds a running job: the process group `group` (a child started in a group of its own). Stopped at once if the
    /// window is at work.
    public func add(group: pid_t) {
        lock.lock(); defer { lock.unlock() }
        groups.insert(group)
        if stopped { kill(-group, SIGSTOP) }
    }

    /// Removes a job that ended; continues it if it was stopped (in case it had not quite ended).
    public func remove(group: pid_t) {
        lock.lock(); defer { lock.unlock() }
        guard groups.remove(group) != nil else { return }
        if stopped { kill(-group, SIGCONT) }
    }

    /// Jobs running or stopped.
    public var count: Int {
        lock.lock(); defer { lock.unlock() }
        return groups.count
    }

    /// Whether the jobs are stopped for the window's work.
    public var isHeld: Bool {
        lock.lock(); defer { lock.unlock() }
        return stopped
    }

    /// The window woke to work: stops every job until `release()`, or until this hold has lasted `longestHold`
    /// (checked at each call: the window's loop calls it at every turn).
    public func hold() {
        lock.lock(); defer { lock.unlock() }
        guard !held else {
            if !overdue && clock() - heldSince > longestHold {
                overdue = true
                signal(SIGCONT)
            }
            return
        }
        held = true
        overdue = false
        heldSince = clock()
        signal(SIGSTOP)
    }

    /// The window is about to wait: continues every job.
    public func release() {
        lock.lock(); defer { lock.unlock() }
        guard held else { return }
        held = false
        if !overdue { signal(SIGCONT) }
    }

    /// Sends `signal` to every job (under `lock`).
    private func signal(_ signal: Int32) {
        for group in groups { kill(-group, signal) }
    }
}
