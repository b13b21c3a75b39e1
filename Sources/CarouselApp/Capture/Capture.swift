import CarouselCore
import CarouselStyles

/// Renders frames headlessly on a manual clock: time 0 is when the style appears, scripted input is delivered at its
/// own times, and the frame at `at` is drawn after every event up to it. Image loading is awaited before the script
/// starts and before the frame is drawn, so the same command gives the same pixels every run.
@MainActor
public struct CaptureRun {
    public let preview: Preview
    public let script: ScriptedInput
    /// Blocks until the image store has nothing loading (the backend's wait); returns whether images changed.
    public let waitForImages: () -> Bool
    /// Whether frames show the window's own chrome too (toolbar, messages, badges, the timeline strip): off, the
    /// picture a screenshot takes.
    public var windowChrome = false

    public init(preview: Preview, script: ScriptedInput, windowChrome: Bool = false, waitForImages: @escaping () -> Bool) {
        self.preview = preview; self.script = script; self.windowChrome = windowChrome; self.waitForImages = waitForImages
    }

    /// Renders the frame at each time in `times` (ascending) into `renderer`, calling `emit` after each.
    public func render(times: [Double], into renderer: Renderer, emit: (Double) throws -> Void) rethrows {
        let player = ScriptPlayer(script)
        preview.update(to: 0)
        settleImages()
        var now = 0.0
        for t in times {
            Replay.advance(preview, from: now, to: t, player: player)
            now = max(now, t)
            settleImages()
            preview.update(to: t)
            preview.draw(into: renderer, windowChrome: windowChrome)
            try emit(t)
        }
    }

    private func settleImages() {
        if waitForImages() { preview.imagesChanged() }
    }
}

/// The headless window the checks drive (`AccessibilityCheck`).
extension Preview: CheckedWindow {
    public var focusRings: [FocusRing.Ring] { runtime.focusRing.rings }
}

/// How recorded or scripted input is played into a driver: the one way `capture`, `record` and the timeline's scrub
/// get to a moment, so they draw the same frame.
@MainActor
public enum Replay {
    /// Advances `driver` from time `from` to `to` as a window would: in steps of at most 1/60 s, each of `player`'s
    /// entries delivered at its own time (after updating the driver to it), so animations started by input begin at
    /// the event's time; the driver is left updated to `to`.
    public static func advance(_ driver: FrameDriver, from: Double, to t: Double, player: ScriptPlayer) {
        var now = from
        while now < t { now = step(driver, from: now, until: t, player: player) }
        player.deliver(upTo: t, into: driver)
        driver.update(to: t)
    }

    /// One step of `advance`: to the next 1/60 s, or the next entry's time, or `until`, whichever comes first; the
    /// entries due by then delivered, the driver updated there. Returns the time reached.
    @discardableResult
    public static func step(_ driver: FrameDriver, from now: Double, until t: Double = .infinity, player: ScriptPlayer) -> Double {
        let next = min(now + 1.0 / 60, t, player.nextTime ?? .infinity)
        player.deliver(upTo: next, into: driver)
        driver.update(to: next)
        return next
    }
}
