/// Identifies one scheduled timer so it can be cancelled, paused or resumed.
public struct TimerID: Hashable, Sendable {
    let raw: Int
}

/// Timers on the scene's clock: one-shot and repeating, pausable with the remaining time kept.
/// Timers fire from `Scene.advance(to:)` in time order, each at its exact due time.
@MainActor
public final class TimerQueue {
    struct Entry {
        var due: Double
        var interval: Double?
        var pausedRemaining: Double?
        var action: @MainActor () -> Void
    }
    private var entries: [Int: Entry] = [:]
    private var nextID = 0

    public init() {}

    /// Schedules `action` at time `due`; with an `interval` it repeats every `interval` seconds after that.
    @discardableResult
    public func schedule(at due: Double, repeating interval: Double? = nil, _ action: @escaping @MainActor () -> Void) -> TimerID {
        nextID += 1
        entries[nextID] = Entry(due: due, interval: interval.map { max($0, 0.001) }, action: action)
        return TimerID(raw: nextID)
    }

    /// Removes a timer; nothing happens when it already fired or was cancelled.
    public func cancel(_ id: TimerID?) { if let id { entries[id.raw] = nil } }

    /// Whether the timer is still scheduled (paused counts).
    public func isScheduled(_ id: TimerID?) -> Bool { id.map { entries[$0.raw] != nil } ?? false }

    /// Stops the timer's countdown at time `now`, keeping what was left.
    public func pause(_ id: TimerID, at now: Double) {
        guard var e = entries[id.raw], e.pausedRemaining == nil else { return }
        e.pausedRemaining = max(e.due - now, 0)
        entries[id.raw] = e
    }

    /// Restarts a paused timer's countdown at time `now` from the time it had left.
    public func resume(_ id: TimerID, at now: Double) {
        guard var e = entries[id.raw], let left = e.pausedRemaining else { return }
        e.pausedRemaining = nil
        e.due = now + left
        entries[id.raw] = e
    }

    /// Time left before the timer fires (frozen while paused), or nil when it is not scheduled.
    public func remaining(_ id: TimerID, at now: Double) -> Double? {
        guard let e = entries[id.raw] else { return nil }
        return e.pausedRemaining ?? max(e.due - now, 0)
    }

    /// The repeat interval of a timer, if it repeats.
    public func interval(_ id: TimerID) -> Double? { entries[id.raw]?.interval }

    /// The earliest due time of any running (unpaused) timer.
    public var nextDue: Double? { entries.values.filter { $0.pausedRemaining == nil }.map(\.due).min() }

    /// Removes and returns the earliest timer due at or before `t`, rescheduling it first when it repeats.
    func popDue(upTo t: Double) -> (due: Double, action: @MainActor () -> Void)? {
        guard let (key, e) = entries.filter({ $0.value.pausedRemaining == nil && $0.value.due <= t })
            .min(by: { ($0.value.due, $0.key) < ($1.value.due, $1.key) }) else { return nil }
        if let interval = e.interval {
            entries[key]!.due = e.due + interval
        } else {
            entries[key] = nil
        }
        return (e.due, e.action)
    }

    /// Removes every timer.
    public func removeAll() { entries.removeAll() }
}
