/// Turns a stream of wheel events into discrete steps so that one burst moves one item.
///
/// Trackpads and free-spinning wheels send dozens of events per gesture (inertia included); stepping on every one
/// skips several items. Rules (after Swiper's wheel module): an event more than `burstGap` after the previous one
/// starts a burst and steps once; within a burst a further step needs the direction to flip, a precise delta that
/// grows past `growth` times the previous one (a new push during inertia), or `repeatInterval` since the last step
/// with deltas that are not shrinking (a wheel held spinning keeps moving at a steady pace).
public struct WheelBurstFilter: Sendable {
    public var burstGap: Double = 0.15
    public var repeatInterval: Double = 0.3
    public var growth: Double = 1.5
    private var lastTime: Double?
    private var lastDelta = 0.0
    private var lastStep = -Double.infinity

    public init() {}

    /// The step for a wheel delta at time `t`: +1, -1 or 0 (absorbed into the current burst).
    public mutating func step(delta: Double, precise: Bool, at t: Double) -> Int {
        guard delta != 0 else { return 0 }
        let dir = delta > 0 ? 1 : -1
        defer { lastTime = t; lastDelta = delta }
        var steps = false
        if let last = lastTime, t - last <= burstGap {
            if (lastDelta > 0) != (delta > 0) {
                steps = true
            } else if precise && abs(delta) > abs(lastDelta) * growth {
                steps = true
            } else if t - lastStep >= repeatInterval && abs(delta) >= abs(lastDelta) {
                steps = true
            }
        } else {
            steps = true
        }
        if steps { lastStep = t }
        return steps ? dir : 0
    }

    /// Whether a burst is still in progress at time `t`.
    public func isInBurst(at t: Double) -> Bool { lastTime.map { t - $0 <= burstGap } ?? false }
}
