import Foundation

/// A source of time in seconds. The frame loop reads it once per frame; tests and capture step it by hand.
public protocol SceneClock: AnyObject {
    /// The current time in seconds, monotonic.
    var now: Double { get }
}

/// The real monotonic clock, counting from its creation.
public final class SystemClock: SceneClock {
    private let origin = DispatchTime.now().uptimeNanoseconds
    public init() {}
    public var now: Double { Double(DispatchTime.now().uptimeNanoseconds - origin) / 1e9 }
}

/// A clock that moves only when told to: the same steps give the same frames, every run.
public final class ManualClock: SceneClock {
    public private(set) var now: Double
    public init(_ start: Double = 0) { now = start }
    /// Moves time forward by `seconds` (never backwards).
    public func advance(by seconds: Double) { now += max(seconds, 0) }
    /// Moves time to `t` if it is later than now.
    public func set(_ t: Double) { now = max(now, t) }
}
