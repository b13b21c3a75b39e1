import CarouselClips
import CarouselCore
import CarouselSupport
import Foundation
import SDLBackend

/// Which renderer the benchmark measures.
public enum BenchRenderer: String, Sendable, CaseIterable {
    /// SDL's software renderer on an off-screen surface in this process (no display needed); the probes open
    /// software windows (the dummy video driver when there is no display).
    case software
    /// The app's window with its default renderer (`auto`: software into the window's framebuffer unless a GPU driver draws OpenGL). Needs a display.
    case window
    /// The app's window with the accelerated renderer (OpenGL; Mesa llvmpipe under Xvfb). Needs a display.
    case accelerated

    /// Whether this mode opens a window in the benchmark's own process.
    public var needsDisplay: Bool { self != .software }

    /// How the probes' windows draw.
    var windowRendering: WindowRendering { self == .accelerated ? .accelerated : .auto }

    /// The environment child processes run with: without a display, SDL's dummy video driver (a software
    /// framebuffer in memory).
    func childEnvironment(base: [String: String]) -> [String: String] {
        var env = base
        if (env["DISPLAY"] ?? "").isEmpty && (env["WAYLAND_DISPLAY"] ?? "").isEmpty { env["SDL_VIDEODRIVER"] = "dummy" }
        return env
    }
}

/// Where the frame benchmark draws: a real window driven by its own event loop, or the software renderer on an
/// off-screen surface driven by a plain loop that does the same steps (images, update, draw).
@MainActor
final class BenchTarget {
    private let host: SDLWindowHost?
    private let canvas: HeadlessCanvas?
    let renderer: SDLRenderer
    /// The SDL render driver's name.
    let rendererName: String
    /// Jobs that run only while the loop waits: the window's (`SDLWindowHost.backgroundJobs`), or the plain loop's.
    let jobs = BackgroundJobs()
    /// The shortest time between two frames: 0 (the default) draws them back to back; 1/60 paces them as the window
    /// does on a 60 Hz display, waiting between them.
    var frameInterval: Double {
        get { host?.frameInterval ?? plainFrameInterval }
        set { if let host { host.frameInterval = newValue } else { plainFrameInterval = newValue } }
    }
    private var plainFrameInterval = 0.0

    init(renderer kind: BenchRenderer, size: Size) throws {
        switch kind {
        case .window, .accelerated:
            let host = try SDLWindowHost(title: "Carousel Lab bench", size: size, rendering: kind.windowRendering)
            // Frames back to back: each simulated 60 Hz frame is drawn as soon as the last one is done.
            host.frameInterval = 0
            self.host = host; canvas = nil
            host.backgroundJobs = jobs
            renderer = host.renderer
            rendererName = host.rendererChoice.description
        case .software:
            let canvas = try HeadlessCanvas(width: Int(size.width), height: Int(size.height))
            self.canvas = canvas; host = nil
            renderer = canvas.renderer
            rendererName = "software (off-screen)"
        }
    }

    var images: SDLImageStore { renderer.images }
    var size: Size { renderer.size }

    /// Runs `driver` until it wants to quit, calling `imagesChanged` when decoded images arrive.
    func run(_ driver: FrameDriver, imagesChanged: @escaping @MainActor () -> Void) {
        if let host {
            host.onImagesChanged = imagesChanged
            host.run(driver: driver)
            return
        }
        // The window loop's steps: background jobs held while it works, and let run while it waits for the next frame.
        defer { jobs.release() }
        var due = ProcessMetrics.monotonic()
        while !driver.wantsQuit {
            jobs.hold()
            if images.pump() { imagesChanged() }
            driver.update(to: ProcessMetrics.monotonic())
            if driver.wantsQuit { break }
            if driver.needsFrame { driver.draw(into: renderer) }
            guard plainFrameInterval > 0 else { continue }
            jobs.release()
            let now = ProcessMetrics.monotonic()
            due = max(due + plainFrameInterval, now)
            Thread.sleep(forTimeInterval: due - now)
        }
    }
}
