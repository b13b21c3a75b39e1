import CarouselTesting
import CSDL2
import CSDL2Image
import CX11
import CarouselCore
import Foundation
import Testing
@testable import SDLBackend

@MainActor
@Suite("PNG output")
struct PNGTests {
    @Test func savePNGWritesAReadablePNGAndNoTempFile() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let c = try HeadlessCanvas(width: 40, height: 30)
        c.renderer.beginFrame(clearColor: Color(0, 0, 1))
        c.renderer.fill(Rect(0, 0, 20, 30), cornerRadius: 0, color: Color(1, 0, 0))
        c.renderer.endFrame()
        let path = dir.appendingPathComponent("frame.png").path
        try c.savePNG(to: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["frame.png"])
        let loaded = IMG_Load(path)  // outside #require: the macro would let the C string die before the call
        let s = try #require(loaded)
        defer { SDL_FreeSurface(s) }
        #expect(s.pointee.w == 40 && s.pointee.h == 30)
        let back = try #require(SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888.rawValue, 0))
        defer { SDL_FreeSurface(back) }
        let row = back.pointee.pixels!.assumingMemoryBound(to: UInt32.self)
        #expect(row[5] & 0xffffff == 0xff0000)
        #expect(row[35] & 0xffffff == 0x0000ff)
        #expect(c.pixels().count == 40 * 30 * 4)
    }

    @Test func savePNGIntoAMissingFolderFailsClearly() throws {
        let c = try HeadlessCanvas(width: 4, height: 4)
        #expect {
            try c.savePNG(to: "/nonexistent-folder-xyz/frame.png")
        } throws: { error in
            "\(error)" == "could not write PNG /nonexistent-folder-xyz/frame.png: folder /nonexistent-folder-xyz does not exist"
        }
    }

    @Test func headlessCanvasNeedsNoDisplay() throws {
        // The canvas never initialises video: it works with or without DISPLAY.
        let c = try HeadlessCanvas(width: 8, height: 8)
        #expect(c.renderer.size == Size(8, 8))
        #expect(throws: SDLBackendError.self) { try HeadlessCanvas(width: 0, height: 8) }
    }
}

/// Quits after a few frames; records what it was given.
@MainActor
final class ScriptDriver: FrameDriver {
    var events: [InputEvent] = []
    var frames = 0
    var maxFrames: Int
    var drawn = false
    var lastTime = 0.0
    init(maxFrames: Int) { self.maxFrames = maxFrames }
    func handle(_ event: InputEvent) { events.append(event) }
    func update(to time: Double) { lastTime = time }
    var needsFrame: Bool { frames < maxFrames }
    var nextWakeTime: Double? { frames < maxFrames ? lastTime : lastTime + 0.05 }
    /// Called as each frame is drawn, before it.
    var onDraw: (() -> Void)?
    func draw(into renderer: Renderer) {
        onDraw?()
        renderer.beginFrame(clearColor: .black)
        for i in 0..<12 {
            renderer.fill(Rect(Double(i) * 60, 20, 300, 450), cornerRadius: 16, color: Color(0.2, 0.4, 0.8))
            renderer.drawText("Card \(i)", at: Point(Double(i) * 60 + 10, 480), font: FontSpec(size: 14), color: .white)
        }
        renderer.endFrame()
        frames += 1
    }
    var wantsQuit: Bool { frames >= maxFrames && lastTime > 0.3 }
}

let hasDisplay = TestRequirement.met(ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false)

@MainActor
@Suite("Window (only with DISPLAY, e.g. under xvfb-run)", .serialized, .sharedDisplay, .enabled(if: hasDisplay))
struct WindowTests {
    @Test func windowRunsFramesDeliversGesturesAndQuits() throws {
        let host = try SDLWindowHost(title: "carousel-lab test", size: Size(800, 600))
        #expect(host.size.width > 0)
        let driver = ScriptDriver(maxFrames: 5)
        host.pushMultigesture(dDist: 0.1, x: 0.5, y: 0.5)
        host.run(driver: driver)
        #expect(driver.frames == 5)
        #expect(driver.events.contains(.magnify(.begin, scale: 1, at: Point(400, 300))))
        #expect(driver.events.contains { if case .magnify(.end, _, _) = $0 { return true } else { return false } })
    }

    @Test("Work handed to afterFirstFrame runs once, after the first complete frame is presented, not before")
    func afterFirstFrameRunsOnceTheFirstFrameIsOnScreen() throws {
        let host = try SDLWindowHost(title: "carousel-lab first frame", size: Size(400, 300))
        let driver = ScriptDriver(maxFrames: 4)
        var framesBefore: [Int] = []
        host.afterFirstFrame { [unowned driver] in framesBefore.append(driver.frames) }
        host.run(driver: driver)
        #expect(framesBefore == [1])
        #expect(host.renderer.hasPresentedCompleteFrame)
    }

    @Test("The code pages are released a second time, a while after the first complete frame, not before")
    func codePagesReleasedAgainAfterTheFirstFrame() throws {
        let host = try SDLWindowHost(title: "carousel-lab code pages", size: Size(400, 300))
        host.codeReleaseDelay = 0.1
        host.run(driver: ScriptDriver(maxFrames: 2))
        #expect(host.renderer.hasPresentedCompleteFrame && host.releasedCodeAgain)
        // Not before its time: a window that quits sooner has released them once only.
        let early = try SDLWindowHost(title: "carousel-lab code pages early", size: Size(400, 300))
        early.codeReleaseDelay = 60
        early.run(driver: ScriptDriver(maxFrames: 2))
        #expect(early.renderer.hasPresentedCompleteFrame && !early.releasedCodeAgain)
    }

    @Test("Touchpad pinches are listened for once the first frame is on screen, not on the way to it")
    func pinchesAreListenedForFromTheFirstFrame() throws {
        let host = try SDLWindowHost(title: "carousel-lab pinch after first frame", size: Size(400, 300))
        #expect(!host.listensForPinches)
        let driver = ScriptDriver(maxFrames: 3)
        var listeningAtFrames: [Bool] = []
        driver.onDraw = { [unowned host] in listeningAtFrames.append(host.listensForPinches) }
        host.run(driver: driver)
        #expect(listeningAtFrames == [false, true, true])
    }

    /// A partial frame laid out for the old size, presented after SDL learnt of a resize (the soak's crash: X11
    /// killed the app with BadValue for a rectangle starting past the new edge). Its regions are clipped to the window.
    @Test func partialFrameAfterAShrinkPresentsOnlyWhatIsInside() throws {
        let host = try SDLWindowHost(title: "carousel-lab shrink", size: Size(400, 300))
        let renderer = host.renderer
        renderer.beginFrame(clearColor: .black)
        renderer.fill(Rect(0, 0, 400, 300), cornerRadius: 0, color: Color(0.2, 0.4, 0.8))
        renderer.endFrame()
        host.setSizeForTesting(200, 150)
        renderer.beginFrame(clearColor: .black, regions: [Rect(300, 200, 80, 60), Rect(150, 100, 100, 100)])
        for region in [Rect(300, 200, 80, 60), Rect(150, 100, 100, 100)] { renderer.fill(region, cornerRadius: 0, color: .white) }
        renderer.endFrame()
        #expect(SDLRenderer.clip(SDL_Rect(x: 300, y: 200, w: 80, h: 60), width: 200, height: 150) == nil)
        let inside = try #require(SDLRenderer.clip(SDL_Rect(x: 150, y: 100, w: 100, h: 100), width: 200, height: 150))
        #expect((inside.x, inside.y, inside.w, inside.h) == (150, 100, 50, 50))
        #expect(SDLRenderer.clip(SDL_Rect(x: -5, y: -5, w: 10, h: 10), width: 200, height: 150).map { ($0.x, $0.w) }! == (0, 5))
    }

    @Test func pinchSelectionSucceedsOnTheX11Window() throws {
        _ = carousel_set_hint("SDL_VIDEODRIVER", "x11")
        #expect(SDLSubsystems.start(SDL_INIT_VIDEO) == 0)
        let window = SDL_CreateWindow("pinch", 0, 0, 100, 100, SDL_WINDOW_HIDDEN.rawValue)  // not inside #require (see above)
        let w = try #require(window)
        defer { SDL_DestroyWindow(w) }
        switch X11PinchSource.open(for: w) {
        case .success(let (display, _)): XCloseDisplay(display)
        case .failure(let e): Issue.record("selection failed: \(e.message)")
        }
        #expect(X11PinchSource.make(for: w, wake: {}) != nil)
    }
}
