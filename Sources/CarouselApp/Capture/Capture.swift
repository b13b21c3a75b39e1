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

    public init(preview: Preview, script: ScriptedInput, waitForImages: @escaping () -> Bool) {
        self.preview = preview; self.script = script; self.waitForImages = waitForImages
    }

    /// Renders the frame at each time in `times` (ascending) into `renderer`, calling `emit` after each.
    public func render(times: [Double], into renderer: Renderer, emit: (Double) throws -> Void) rethrows {
        let player = ScriptPlayer(script)
        preview.update(to: 0)
        settleImages()
        for t in times {
            // Step in frames as a window would, so animations started by input begin at the event's time.
            var now = preview.scene.now
            while now < t {
                let next = min(now + 1.0 / 60, t, player.nextTime ?? .infinity)
                player.deliver(upTo: next, into: preview)
                preview.update(to: next)
                now = next
            }
            player.deliver(upTo: t, into: preview)
            preview.update(to: t)
            settleImages()
            preview.update(to: t)
            preview.draw(into: renderer)
            try emit(t)
        }
    }

    private func settleImages() {
        if waitForImages() { preview.imagesChanged() }
    }
}
