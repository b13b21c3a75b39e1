import CSDL2
import CX11
import CarouselCore
import CarouselSupport
import Foundation

/// How a window draws.
public enum WindowRendering: String, Sendable, CaseIterable {
    /// SDL's software renderer straight into the window's framebuffer, with `SDL_FRAMEBUFFER_ACCELERATION=0` so no
    /// OpenGL driver is loaded. The default: with the renderer's shapes reduced to fills and blits it draws these
    /// frames faster than Mesa's llvmpipe does, and in a quarter of the memory (docs/performance.md).
    case software
    /// SDL's accelerated renderer (OpenGL; Mesa llvmpipe on a machine without a GPU), with vsync.
    case accelerated
    /// The default: accelerated when OpenGL is a hardware driver, software otherwise (see `RendererChoice`).
    case auto
}

/// A resizable, high-DPI-aware window with a software or accelerated renderer, its image store, and the event loop
/// that drives a `FrameDriver` at most once per display refresh.
///
/// Wiring: create the host, hand `imageStore` to the app model (it is bound to this window's renderer), and either
/// let the model pump the store itself or set `onImagesChanged` to mark the scene as needing a frame (e.g.
/// `scene.setNeedsDisplay()`), then call `run(driver:)`.
/// Image decodes finishing on background threads wake the loop by themselves.
@MainActor
public final class SDLWindowHost {
    private let context: RendererContext
    private let window: OpaquePointer
    /// The window's renderer.
    public let renderer: SDLRenderer
    /// The image store bound to the window's renderer.
    public var imageStore: SDLImageStore { renderer.images }
    /// Called on the main thread when images finished loading (or failed), before `update`: mark the frame dirty. When
    /// nil, the loop leaves the store to the driver (the app's model pumps it with its other background work).
    public var onImagesChanged: (@MainActor () -> Void)?
    /// The SDL render driver in use ("opengl", "software", ...).
    public let rendererName: String
    /// The renderer chosen and why (`--renderer auto` decides by the machine): the F3 line, `--stats`, `bench`.
    public let rendererChoice: RendererChoice
    /// The display scale the window uses and where it came from.
    public let displayScale: DisplayScale
    /// Saves frames of this window as PNGs off the frame loop (hand it to the app as its `ScreenshotTaker`).
    public let screenshotter: Screenshotter
    /// Jobs that run only while the loop waits (clips rendering): held when it wakes to work, released before it
    /// waits again, so a frame never shares the machine with them.
    public var backgroundJobs: (any IdleTimeJobs)?
    /// Work that waits for the first complete frame (`afterFirstFrame`).
    private var firstFrameWork: [@MainActor () -> Void] = []
    /// How long work handed to `afterFirstFrame` waits at most, in seconds (images that take long to come).
    static let firstFrameWait = 1.0
    private var translator: EventTranslator
    private var pinch: X11PinchSource?
    /// Whether touchpad pinches are listened for (from the first frame on; for tests).
    var listensForPinches: Bool { pinch != nil }
    private let wakeEventType: UInt32
    /// Wakes the loop from any thread, so the driver's `update` runs soon (for work that arrives from elsewhere).
    public let wake: @Sendable () -> Void
    /// Returns the allocator's free memory to the system every 10 s of the loop.
    private var trim = PeriodicTrim(interval: 10)
    /// How long the loop's last memory trim took, in seconds (`run --stats`).
    public var lastTrimDuration: Double { trim.lastDuration }
    /// The loop's time: the wall clock less the gaps the loop did not wait for (a stopped process's).
    private var clock = LoopClock(read: SDLWindowHost.monotonicSeconds)
    /// The shortest time between two frames drawn, in seconds: one refresh of the window's display (60 Hz when the
    /// display does not say). A software renderer has no vsync to hold it back.
    public var frameInterval: Double
    /// How long the first frame waits at most for a picture to show, in seconds from the loop's start (nil: one
    /// `frameInterval`): it is drawn as soon as one image is ready (or none is loading). A first frame of
    /// placeholders that the images replace a few milliseconds later costs the start a whole frame, and the frame
    /// with the images then waits for the next refresh; the images after the first (expand's row) come in the
    /// frames that follow, and images slower than this (large, remote) show their placeholders meanwhile.
    public var firstImagesWait: Double?
    /// How long after the first complete frame the executable's code pages are released a second time, in seconds
    /// (the first time is at that frame: `SDLRenderer`). The start's last steps touch much of the code again (an
    /// idle expand window held 10 MB of it, 3 MB after the second release).
    public var codeReleaseDelay = 1.0
    /// Whether the code pages were released the second time (see `codeReleaseDelay`).
    public private(set) var releasedCodeAgain = false

    /// The smallest size the user can make the window, in points: the tuning panel still shows a usable slider
    /// (200 pt wide, beside 40 pt of the style) and the title with three rows. The window manager enforces it; a
    /// bare X server (Xvfb, xdotool) can still force any size down to 1x1, which the app lays out as well.
    public static let minimumSize = Size(240, 160)

    /// Opens a window of `size` points titled `title`, drawn by `rendering`, with its top-left corner at `position`
    /// when that is on a display (a remembered place), else centred. Throws `SDLBackendError.noDisplay` when no
    /// display is available (run `carousel-lab capture` for headless use instead).
    ///
    /// `scale` is `--scale`: device pixels per point. Without it, on X11 the scale is the desktop's (`DisplayScale`);
    /// on Wayland the compositor's output scale, which SDL applies itself. `mapped: false` keeps the window off the
    /// screen (it draws, but takes no input and hides nothing): for tests of its renderer beside other windows.
    public init(title: String, size: Size, position: (x: Int, y: Int)? = nil, scale requestedScale: Double? = nil,
                rendering requested: WindowRendering = .auto, mapped: Bool = true) throws {
        _ = carousel_set_hint("SDL_RENDER_SCALE_QUALITY", "1")
        _ = carousel_set_hint("SDL_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR", "0")
        _ = carousel_set_hint("SDL_MOUSE_FOCUS_CLICKTHROUGH", "1")
        if let why = SDLWindowHost.missingDisplay(ProcessInfo.processInfo.environment) { throw SDLBackendError.noDisplay(why) }
        // The X display SDL will use is opened once before SDL tries it, to name it when it does not open; the
        // desktop's Xft.dpi (the display scale) is read on that connection rather than on one more of its own.
        var xftDpi: Double?, xftDpiRead = false
        let opens = { (name: String) -> Bool in
            guard let display = XOpenDisplay(name) else { return false }
            defer { XCloseDisplay(display) }
            xftDpi = XResourceManagerString(display).flatMap { DisplayScale.xftDpi(inResources: String(cString: $0)) }
            xftDpiRead = true
            return true
        }
        if let display = SDLWindowHost.unreachableDisplay(ProcessInfo.processInfo.environment, opens: opens) {
            throw SDLBackendError.displayUnreachable(display)
        }
        // With only an X display named, X11 is asked for by name, twice if need be: left to itself, SDL falls from a
        // passing X11 failure (an X server busy with other clients) to Wayland, whose library prints a line about
        // XDG_RUNTIME_DIR on stderr (a CI soak caught one), and then to an invisible off-screen driver.
        let videoAndEvents = SDL_INIT_VIDEO | SDL_INIT_EVENTS
        let started = SDLWindowHost.x11Named(ProcessInfo.processInfo.environment) != nil
            ? SDLSubsystems.start(videoAndEvents, driver: "x11") == 0 || SDLSubsystems.start(videoAndEvents, driver: "x11") == 0
            : SDLSubsystems.start(videoAndEvents) == 0
        guard started else {
            throw SDLBackendError.noDisplay(RendererContext.lastError())
        }
        // SDL falls back to an invisible off-screen driver when nothing else works: a window nobody sees. With an X
        // display named, X11 is asked for once more by name: its own error says what failed (and a passing failure,
        // an X server busy with other clients, is not the user's).
        var driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        let environment = ProcessInfo.processInfo.environment
        if ["offscreen", "dummy"].contains(driver) && environment["SDL_VIDEODRIVER"] == nil {
            SDLSubsystems.stop(SDL_INIT_VIDEO)
            var why = "SDL found only its invisible \(driver) video driver"
            if !(environment["DISPLAY"] ?? "").isEmpty {
                if SDLSubsystems.start(SDL_INIT_VIDEO, driver: "x11") == 0 {
                    driver = "x11"
                } else {
                    why += " (x11: \(RendererContext.lastError()))"
                }
            }
            if driver != "x11" { throw SDLBackendError.noDisplay(why) }
        }
        // On X11 a window's size is in device pixels: the app scales itself. Elsewhere SDL gives a drawable larger
        // than the window (in points) and the ratio is the scale; `--scale` multiplies it.
        displayScale = driver == "x11" ? DisplayScale.resolve(option: requestedScale, xftDpi: { xftDpiRead ? xftDpi : DisplayScale.readXftDpi() })
            : DisplayScale(factor: DisplayScale.clamped(requestedScale ?? 1), source: requestedScale == nil ? "\(driver)" : "--scale")
        let u = displayScale.factor
        var choice = RendererChoice.resolve(requested)
        let rendering = choice.rendering
        // The software renderer's framebuffer without OpenGL (SDL otherwise loads it to probe acceleration).
        if rendering == .software { _ = carousel_set_hint("SDL_FRAMEBUFFER_ACCELERATION", "0") }
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_HIDDEN.rawValue
        let centred = Int32(carousel_windowpos_centered())
        let place = position.flatMap { SDLWindowHost.isOnADisplay($0) ? (Int32($0.x), Int32($0.y)) : nil } ?? (centred, centred)
        guard let window = SDL_CreateWindow(title, place.0, place.1, Int32((size.width * u).rounded()), Int32((size.height * u).rounded()), flags) else {
            throw SDLBackendError.noDisplay("cannot create a window: \(RendererContext.lastError())")
        }
        // A window asked for smaller than the minimum opens at the size asked for, and cannot be made smaller.
        SDL_SetWindowMinimumSize(window, Int32((min(SDLWindowHost.minimumSize.width, size.width) * u).rounded()),
                                 Int32((min(SDLWindowHost.minimumSize.height, size.height) * u).rounded()))
        var sdlRenderer: OpaquePointer?
        if rendering == .accelerated {
            sdlRenderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
            if sdlRenderer == nil {
                let why = RendererContext.lastError()
                printError("carousel-lab: no accelerated renderer (\(why)); using software")
                choice = RendererChoice(rendering: .software, reason: "no accelerated renderer: \(why)")
            }
        }
        if sdlRenderer == nil { sdlRenderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) }
        guard let sdlRenderer else {
            let why = RendererContext.lastError()
            SDL_DestroyWindow(window)
            throw SDLBackendError.creationFailed("a renderer: \(why)")
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(sdlRenderer, &info)
        rendererName = info.name.map { String(cString: $0) } ?? "unknown"
        rendererChoice = choice
        self.window = window
        var mode = SDL_DisplayMode()
        let display = SDL_GetWindowDisplayIndex(window)
        let hz = display >= 0 && SDL_GetCurrentDisplayMode(display, &mode) == 0 ? Double(mode.refresh_rate) : 0
        frameInterval = 1 / (hz >= 24 ? hz : 60)
        context = RendererContext(renderer: sdlRenderer, window: window, surface: nil)
        let (pixels, scale, points) = SDLWindowHost.measure(window: window, renderer: sdlRenderer, userScale: u)
        renderer = SDLRenderer(context: context, pixelSize: pixels, scale: scale, presents: true)
        translator = EventTranslator(windowSize: points, windowUnitsPerPoint: u)
        translator.pointerIsOutside = { [window] in SDLWindowHost.pointerPosition(in: window, unitsPerPoint: u) == nil }
        wakeEventType = SDL_RegisterEvents(1)
        let wakeType = wakeEventType
        let wake: @Sendable () -> Void = {
            var e = SDL_Event()
            e.type = wakeType
            _ = SDL_PushEvent(&e)
        }
        self.wake = wake
        screenshotter = Screenshotter(renderer: renderer, wake: wake)
        renderer.images.wake = wake
        if mapped { SDL_ShowWindow(window) }
        // Touchpad pinches are listened for once the first frame is on screen: their X connection and XInput
        // queries (a millisecond) are not on the way to the first picture, and no pinch comes before it.
        afterFirstFrame { [unowned self] in
            pinch = X11PinchSource.make(for: window, wake: wake)
            pinch?.scale = renderer.scale
        }
        SDL_StartTextInput()
    }

    /// Why there is no display to open a window on, judging by the environment, or nil when there may be one:
    /// neither `DISPLAY` nor `WAYLAND_DISPLAY` is set and no `SDL_VIDEODRIVER` was chosen (a console user can set
    /// `SDL_VIDEODRIVER=kmsdrm`).
    static func missingDisplay(_ environment: [String: String]) -> String? {
        let set = { (name: String) in !(environment[name] ?? "").isEmpty }
        if set("DISPLAY") || set("WAYLAND_DISPLAY") || set("SDL_VIDEODRIVER") { return nil }
        return "DISPLAY and WAYLAND_DISPLAY are not set"
    }

    /// The X display `DISPLAY` names when SDL would use it (no Wayland display, no other video driver chosen) and it
    /// cannot be opened; nil otherwise. Asked before SDL tries, which would fall through to Wayland (printing its own
    /// line about XDG_RUNTIME_DIR) and then to an invisible off-screen driver, so the message could only say "no
    /// display available". `opens` tries a display name (XOpenDisplay).
    static func unreachableDisplay(_ environment: [String: String], opens: (String) -> Bool = x11DisplayOpens) -> String? {
        guard let name = x11Named(environment) else { return nil }
        return opens(name) ? nil : name
    }

    /// The X display `DISPLAY` names when it is the only display SDL would use (no Wayland display, no other video
    /// driver chosen); nil otherwise.
    static func x11Named(_ environment: [String: String]) -> String? {
        guard let name = environment["DISPLAY"], !name.isEmpty, (environment["WAYLAND_DISPLAY"] ?? "").isEmpty,
              ["", "x11"].contains(environment["SDL_VIDEODRIVER"] ?? "") else { return nil }
        return name
    }

    /// Whether an X connection to `name` opens (it is closed again at once).
    nonisolated private static func x11DisplayOpens(_ name: String) -> Bool {
        guard let display = XOpenDisplay(name) else { return false }
        XCloseDisplay(display)
        return true
    }

    /// The window size in points.
    public var size: Size { renderer.size }

    /// The window's top-left corner on the desktop, in the window system's pixels.
    public var position: (x: Int, y: Int) {
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        return (Int(x), Int(y))
    }

    /// Whether a window placed at `position` has its top-left corner on some display, at least 64 pixels inside its
    /// right and bottom edges (a remembered place on a monitor since unplugged is not).
    static func isOnADisplay(_ position: (x: Int, y: Int)) -> Bool {
        (0..<max(SDL_GetNumVideoDisplays(), 0)).contains { i in
            var r = SDL_Rect()
            guard SDL_GetDisplayBounds(i, &r) == 0 else { return false }
            return position.x >= Int(r.x) && position.x + 64 <= Int(r.x + r.w) && position.y >= Int(r.y) && position.y + 64 <= Int(r.y + r.h)
        }
    }

    /// Resizes the window and lets SDL learn of it (its size and surface change) without telling the renderer, as
    /// happens between a frame's layout and its present when the user drags the window's edge.
    func setSizeForTesting(_ w: Int32, _ h: Int32) {
        SDL_SetWindowSize(window, w, h)
        SDL_PumpEvents()
    }

    /// The pointer's position in `window`'s points when it is inside the window, from the window system's global
    /// pointer state (an X server round trip: used at launch and until the first enter or leave, not per motion).
    /// `unitsPerPoint`: the window system's units per point (the display scale on X11).
    static func pointerPosition(in window: OpaquePointer, unitsPerPoint: Double) -> Point? {
        var gx: Int32 = 0, gy: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        _ = SDL_GetGlobalMouseState(&gx, &gy)
        SDL_GetWindowPosition(window, &wx, &wy)
        SDL_GetWindowSize(window, &w, &h)
        let x = gx - wx, y = gy - wy
        guard x >= 0, y >= 0, x < w, y < h else { return nil }
        return Point(Double(x) / unitsPerPoint, Double(y) / unitsPerPoint)
    }

    /// The drawable's pixels, device pixels per point, and the window's size in points: SDL's window size is in
    /// the window system's units, `userScale` of them per point (1 where SDL scales, as on Wayland).
    private static func measure(window: OpaquePointer, renderer: OpaquePointer, userScale u: Double) -> ((Int, Int), Double, Size) {
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        let scale = (w > 0 && pw > 0 ? Double(pw) / Double(w) : 1) * u
        return ((Int(pw), Int(ph)), scale, Size(Double(w) / u, Double(h) / u))
    }

    /// Seconds since `run` started, less the time the process was stopped (`LoopClock`).
    private func now() -> Double { clock.now() }

    /// Seconds of SDL's monotonic counter.
    nonisolated private static func monotonicSeconds() -> Double {
        Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
    }

    /// Waits up to `milliseconds` for an event into `event`, telling the clock first (a wait is time passing).
    private func waitForEvent(_ event: inout SDL_Event, milliseconds: Int32) -> Bool {
        clock.willWait(Double(milliseconds) / 1000)
        return SDL_WaitEventTimeout(&event, milliseconds) != 0
    }

    /// Runs `work` once the loop has presented its first complete frame (every image it shows decoded), or
    /// `firstFrameWait` seconds into the loop if that comes first: start-up work the first picture does not need (a
    /// child process asking the desktop, a deck's check) then does not share the machine with it.
    public func afterFirstFrame(_ work: @escaping @MainActor () -> Void) { firstFrameWork.append(work) }

    /// Runs the loop until SDL_QUIT or `driver.wantsQuit`: each iteration delivers pending input (SDL events, touch
    /// gestures, touchpad pinches), turns finished image decodes into textures, updates the driver to the current
    /// time, draws and presents if it needs a frame and the next display refresh has come (it waits for input until
    /// then; the first frame also waits, up to `firstImagesWait`, for the images it shows), and otherwise sleeps in
    /// `SDL_WaitEventTimeout` until input, an image, a pinch, or `driver.nextWakeTime`. `backgroundJobs` run only
    /// while it waits.
    public func run(driver: FrameDriver) {
        clock = LoopClock(read: SDLWindowHost.monotonicSeconds)
        // Where the pointer is at launch, from the window system: over the window it hovers what is under it; else
        // nothing is hovered until it comes in (SDL itself says nothing until the pointer moves).
        if let p = SDLWindowHost.pointerPosition(in: window, unitsPerPoint: displayScale.factor) { driver.handle(.pointerMove(p)) }
        var quit = false
        var event = SDL_Event()
        var haveEvent = false
        var lastFrame = -Double.infinity
        var completeAt: Double?
        var shownTitle: String?
        let started = now()
        // Background jobs run while the loop waits, and go on after it ends.
        defer { backgroundJobs?.release() }
        while !quit {
            backgroundJobs?.hold()
            // 1. Input: the event that ended the last wait, then everything pending. After a wait the clock catches
            // up first, so what the input starts (a hover's animation, a drag's release and its velocity) starts
            // now, not at the frame before the wait.
            if haveEvent { driver.update(to: now()) }
            while haveEvent || SDL_PollEvent(&event) != 0 {
                haveEvent = false
                if event.type == SDL_QUIT.rawValue { quit = true }
                deliver(event, to: driver)
            }
            let t = now()
            if let pinch { for e in pinch.poll() { driver.handle(e) } }
            if let end = translator.expireMagnify(now: t) { driver.handle(end) }
            // 2. Images decoded in the background, for a driver that does not take them itself (the app's model
            // drains the store as one of its background works).
            if let onImagesChanged, imageStore.pump() { onImagesChanged() }
            // 3. Time, then draw.
            driver.update(to: t)
            if let title = driver.windowTitle, title != shownTitle {
                SDL_SetWindowTitle(window, title)
                carousel_x11_set_title(window, title)
                shownTitle = title
            }
            trim.runIfDue(now: t)
            if !firstFrameWork.isEmpty, renderer.hasPresentedCompleteFrame || t - started >= Self.firstFrameWait {
                let work = firstFrameWork
                firstFrameWork.removeAll()
                for w in work { w() }
            }
            if quit || driver.wantsQuit { break }
            if driver.needsFrame {
                let t = now()
                let imagesDue = started + (firstImagesWait ?? frameInterval)
                if lastFrame == -.infinity, imageStore.isLoading, !imageStore.hasHadReadyImage, t < imagesDue {
                    // The first frame waits for a picture (each decode's end wakes the loop).
                    backgroundJobs?.release()
                    haveEvent = waitForEvent(&event, milliseconds: Int32(((imagesDue - t) * 1000).rounded(.up)))
                    continue
                }
                let due = lastFrame + frameInterval
                if t < due - 0.0005 {
                    // Too soon after the last frame: take input until the frame is due, then update and draw.
                    backgroundJobs?.release()
                    haveEvent = waitForEvent(&event, milliseconds: Int32(((due - t) * 1000).rounded(.up)))
                    continue
                }
                // Keep the cadence when a wait overshot a little; start afresh after a pause.
                lastFrame = t - due < frameInterval ? due : t
                driver.draw(into: renderer)
                continue
            }
            // 4. Sleep until something happens; the pixel memory kept for the next layers goes back to the system
            // once a second has passed without drawing any (waking for that if need be).
            backgroundJobs?.release()
            var timeout = waitTimeout(driver: driver, now: now())
            if let left = PixelMemoryPool.shared.drainIfUnused(for: 1) { timeout = min(timeout, Int32((left * 1000).rounded(.up))) }
            // The code pages the start's last steps touched again (the frames after the first, the work after the
            // first frame) go too, `codeReleaseDelay` after the first complete frame; what the frames need comes back.
            if !releasedCodeAgain, renderer.hasPresentedCompleteFrame {
                let since = now() - (completeAt ?? now())
                if completeAt == nil { completeAt = now() }
                if since >= codeReleaseDelay {
                    MemoryPolicy.releaseCodePages()
                    releasedCodeAgain = true
                } else {
                    timeout = min(timeout, Int32(((codeReleaseDelay - since) * 1000).rounded(.up)))
                }
            }
            haveEvent = waitForEvent(&event, milliseconds: timeout)
        }
        // Screenshots still being written are finished, not lost.
        if !screenshotter.waitUntilIdle(timeout: 10) { printError("carousel-lab: a screenshot was still being written at exit") }
    }

    /// Milliseconds to wait: until the driver's next wake time or a magnification ends; 250 ms at most while images
    /// load (their completion also wakes the loop), 16 ms while a touchpad pinch is in progress; a day otherwise.
    private func waitTimeout(driver: FrameDriver, now t: Double) -> Int32 {
        var deadline = driver.nextWakeTime ?? .infinity
        if let m = translator.magnifyDeadline { deadline = min(deadline, m) }
        var ms = deadline.isFinite ? max(0, (deadline - t) * 1000).rounded(.up) : 86_400_000
        if imageStore.isLoading { ms = min(ms, 250) }
        if !firstFrameWork.isEmpty { ms = min(ms, 250) }
        if pinch?.inProgress == true { ms = min(ms, 16) }
        return Int32(min(ms, 86_400_000))
    }

    private func deliver(_ event: SDL_Event, to driver: FrameDriver) {
        if event.type == wakeEventType { return }
        if event.type == SDL_WINDOWEVENT.rawValue, SDL_WindowEventID(rawValue: UInt32(event.window.event)) == SDL_WINDOWEVENT_SIZE_CHANGED {
            let (pixels, scale, _) = SDLWindowHost.measure(window: window, renderer: context.renderer, userScale: displayScale.factor)
            renderer.setPixelSize(pixels.0, pixels.1, scale: scale)
            pinch?.scale = scale
        }
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetMouseState(&x, &y)
        let mouse = Point(Double(x) / displayScale.factor, Double(y) / displayScale.factor)
        let events = translator.translate(event, modState: SDL_GetModState().rawValue, mouse: mouse, now: now())
        // A dropped file's or text's string is SDL's to allocate and ours to free.
        if event.type == SDL_DROPFILE.rawValue || event.type == SDL_DROPTEXT.rawValue, let raw = event.drop.file { SDL_free(raw) }
        for e in events { driver.handle(e) }
    }

    /// Pushes an `SDL_MULTIGESTURE` (for tests and scripted input without a touchscreen).
    func pushMultigesture(dDist: Float, x: Float, y: Float) {
        var e = SDL_Event()
        e.type = SDL_MULTIGESTURE.rawValue
        e.mgesture.dDist = dDist
        e.mgesture.x = x
        e.mgesture.y = y
        e.mgesture.numFingers = 2
        _ = SDL_PushEvent(&e)
    }
}

/// Asks a running `SDLWindowHost` loop to quit, from any thread (pushes `SDL_QUIT`; e.g. from a signal handler's
/// thread or a watchdog).
public func pushQuit() {
    var e = SDL_Event()
    e.type = SDL_QUIT.rawValue
    _ = SDL_PushEvent(&e)
}
