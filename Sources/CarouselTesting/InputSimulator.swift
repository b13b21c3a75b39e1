import CarouselCore

/// Drives a `FrameDriver` the way a user would, on a manual clock: each call delivers events, moves time and
/// renders the frame into a recording renderer, as the window loop does.
@MainActor
public final class InputSimulator {
    public let driver: FrameDriver
    public let renderer: DrawListRecorder
    /// Wall-clock time fed to the driver.
    public private(set) var time: Double = 0

    public init(driver: FrameDriver, size: Size = Size(1280, 720)) {
        self.driver = driver
        renderer = DrawListRecorder(size: size)
        frame()
    }

    /// Runs one loop iteration: update to the current time, draw if needed. Returns whether a frame was drawn.
    @discardableResult
    public func frame() -> Bool {
        driver.update(to: time)
        guard driver.needsFrame else { return false }
        driver.draw(into: renderer)
        return true
    }

    /// Moves time forward by `seconds`, running frames at 60 Hz as a window would.
    public func wait(_ seconds: Double, fps: Double = 60) {
        let end = time + seconds
        while time < end - 1e-9 {
            time = min(time + 1 / fps, end)
            frame()
        }
    }

    /// Delivers events now and runs a frame.
    public func send(_ events: InputEvent...) {
        for e in events { driver.handle(e) }
        frame()
    }

    public func move(_ x: Double, _ y: Double) { send(.pointerMove(Point(x, y))) }
    public func click(_ x: Double, _ y: Double) {
        send(.pointerMove(Point(x, y)), .pointerDown(Point(x, y), .left), .pointerUp(Point(x, y), .left))
    }
    public func wheel(dx: Double = 0, dy: Double, modifiers: Modifiers = [], precise: Bool = false) {
        send(.wheel(dx: dx, dy: dy, precise: precise, modifiers: modifiers, at: nil))
    }
    public func key(_ name: String, _ modifiers: Modifiers = []) {
        send(.keyDown(Key(name), modifiers, isRepeat: false), .keyUp(Key(name), modifiers))
    }
    /// A whole pinch from scale 1 to `scale`, over a few updates.
    public func pinch(to scale: Double) {
        send(.magnify(.begin, scale: 1, at: nil))
        for k in 1...4 { send(.magnify(.change, scale: 1 + (scale - 1) * Double(k) / 4, at: nil)) }
        send(.magnify(.end, scale: scale, at: nil))
    }
    /// A left-button drag from one point to another over `duration` seconds.
    public func drag(from a: Point, to b: Point, duration: Double = 0.2, steps: Int = 8) {
        send(.pointerMove(a), .pointerDown(a, .left))
        for k in 1...steps {
            time += duration / Double(steps)
            let t = Double(k) / Double(steps)
            send(.pointerMove(Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)))
        }
        send(.pointerUp(b, .left))
    }
}
