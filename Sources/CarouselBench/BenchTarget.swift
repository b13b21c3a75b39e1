import CarouselCore
import Foundation
import SDLBackend

/// Which renderer the benchmark measures.
public enum BenchRenderer: String, Sendable, CaseIterable {
    /// SDL's software renderer: off-screen in this process (no display needed); in child processes, a window with
    /// `SDL_RENDER_DRIVER=software` and `SDL_FRAMEBUFFER_ACCELERATION=0` (the dummy video driver without a display).
    case software
    /// The window's default renderer (OpenGL; Mesa llvmpipe under Xvfb). Needs a display.
    case window

    /// The environment child processes run with for this renderer.
    func childEnvironment(base: [String: String]) -> [String: String] {
        var env = base
        if self == .software {
            env["SDL_RENDER_DRIVER"] = "software"
            env["SDL_FRAMEBUFFER_ACCELERATION"] = "0"
            if (env["DISPLAY"] ?? "").isEmpty && (env["WAYLAND_DISPLAY"] ?? "").isEmpty { env["SDL_VIDEODRIVER"] = "dummy" }
        }
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

    init(renderer kind: BenchRenderer, size: Size) throws {
        switch kind {
        case .window:
            let host = try SDLWindowHost(title: "Carousel Lab bench", size: size)
            self.host = host; canvas = nil
            renderer = host.renderer
            rendererName = host.rendererName
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
        while !driver.wantsQuit {
            if images.pump() { imagesChanged() }
            driver.update(to: 0)
            if driver.wantsQuit { break }
            if driver.needsFrame { driver.draw(into: renderer) }
        }
    }
}
