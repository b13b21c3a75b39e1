import Foundation

/// The figures of the F3 status line: the wall-clock intervals between the frames of the current run of frames.
@MainActor
final class FrameStats {
    /// A pause between frames longer than this starts a new run: idle time is not frame time.
    static let idleGap = 0.25
    /// The most intervals averaged.
    static let window = 60

    private var intervals: [Double] = []
    private var lastDrawWall: Double?

    /// A frame was drawn at wall time `wall`.
    func frameDrawn(atWall wall: Double) {
        if let last = lastDrawWall {
            let dt = wall - last
            if dt > FrameStats.idleGap { intervals.removeAll() } else if dt > 0 { intervals.append(dt) }
            if intervals.count > FrameStats.window { intervals.removeFirst() }
        }
        lastDrawWall = wall
    }

    /// The F3 line: frames per second and mean frame time over the current run of frames (up to the last 60), or
    /// "idle" for a frame that follows a pause, then `speed`, `style` and `state`.
    func line(speed: String, style: String, state: String) -> String {
        guard !intervals.isEmpty else { return "idle  \(speed)  \(style)  \(state)" }
        let dt = intervals.reduce(0, +) / Double(intervals.count)
        return String(format: "%.0f fps  %.1f ms  %@  %@  %@", 1 / dt, dt * 1000, speed, style, state)
    }
}
