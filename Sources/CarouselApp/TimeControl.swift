import CarouselSupport

/// Maps wall-clock time to scene time: pause, frame stepping and slow motion for every animation and timer.
public struct TimeControl: Sendable, Equatable {
    /// The playback speeds offered, slowest last.
    public static let speeds: [Double] = [1, 0.5, 0.25, 0.1]
    /// Scene seconds per wall second.
    public private(set) var speed: Double = 1
    public private(set) var isPaused = false
    /// The current scene time.
    public private(set) var sceneTime: Double = 0
    private var lastWall: Double?

    public init() {}

    /// Advances scene time to match wall time `wall`; returns the new scene time.
    public mutating func sceneTime(atWall wall: Double) -> Double {
        if let last = lastWall, !isPaused { sceneTime += max(wall - last, 0) * speed }
        lastWall = wall
        return sceneTime
    }

    /// The wall time at which scene time reaches `scene`, or nil while paused.
    public func wallTime(forScene scene: Double) -> Double? {
        guard !isPaused else { return nil }
        return (lastWall ?? 0) + max(scene - sceneTime, 0) / speed
    }

    public mutating func togglePause() { isPaused.toggle() }
    /// Moves scene time to `scene`, backwards too (the timeline's playhead); wall time keeps its place.
    public mutating func seek(toScene scene: Double) { sceneTime = scene }
    public mutating func setPaused(_ p: Bool) { isPaused = p }
    /// Moves scene time one 60 Hz frame forward (meant for when paused).
    public mutating func step(frames: Int = 1) { sceneTime += Double(frames) / 60 }
    public mutating func setSpeed(_ s: Double) { speed = min(max(s, 0.01), 4) }
    /// The next slower speed in `speeds`, wrapping back to 1.
    public mutating func cycleSlowMotion() {
        let i = TimeControl.speeds.firstIndex(of: speed) ?? 0
        speed = TimeControl.speeds[(i + 1) % TimeControl.speeds.count]
    }

    /// The speed as messages and the F3 line write it: "1×", "1/4×".
    public var speedText: String { speed == 1 ? "1×" : "1/\(JSONValue.format((1 / speed).rounded()))×" }

    /// The speed badge: shown while paused or in slow motion ("Paused", "1/4×", "Paused · 1/4×"), else nil.
    public var speedBadge: String? {
        switch (isPaused, speed == 1) {
        case (false, true): nil
        case (true, true): "Paused"
        case (false, false): speedText
        case (true, false): "Paused · \(speedText)"
        }
    }
}
