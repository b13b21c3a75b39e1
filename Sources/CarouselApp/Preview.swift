import CarouselCore
import CarouselStyles
import Foundation

/// The app model: one window's worth of Carousel Lab. It owns the scene, the active style, every style's parameter
/// values, auto-advance and time control, and it is the `FrameDriver` the window loop (or a capture) runs.
///
/// Frame order per loop iteration: `handle` each input event -> `update(to:)` (time control maps wall time to scene
/// time; timers fire in order; then the style's layout pass when a frame is needed) -> `draw` when `needsFrame`.
@MainActor
public final class Preview: FrameDriver {
    public let scene: Scene
    public let deck: Deck
    public let images: ImageStore
    /// The active style.
    public private(set) var style: any CarouselStyle
    /// The active style's type.
    public private(set) var styleType: any CarouselStyle.Type
    /// Parameter values per style name, kept when switching away and back.
    public private(set) var parameters: [String: Parameters] = [:]
    public private(set) var time = TimeControl()
    public let autoAdvance: AutoAdvance
    public private(set) var wantsQuit = false
    /// Plays the click that stands in for a phone's haptic feedback (nil: silent).
    public var sound: SoundPlayer? { didSet { connectHaptics() } }
    /// Called with every one-line problem to report (the CLI prints them on stderr).
    public var report: (String) -> Void = { _ in }
    /// The system clipboard, for the tuning panel's export (Ctrl+C); nil where there is none (capture, tests).
    public var clipboard: Clipboard?
    /// The tuning panel (Tab).
    public private(set) lazy var panel = TuningPanel(preview: self)

    private let container = Node(name: "style")
    private let overlay: Overlay
    private var pointer: Point?
    private var frameTimes: [Double] = []
    private var lastDrawWall: Double?
    private(set) var wall: Double = 0

    /// Opens `styleName` on `deck` at `size`.
    public init(deck: Deck, images: ImageStore, size: Size, style styleName: String) throws(PreviewError) {
        guard let type = StyleRegistry.style(named: styleName) else {
            throw PreviewError("unknown style \"\(styleName)\" (styles: \(StyleRegistry.names.joined(separator: ", ")))")
        }
        guard !deck.items.isEmpty else { throw PreviewError("the deck has no items") }
        self.deck = deck
        self.images = images
        scene = Scene(size: size)
        overlay = Overlay(scene: scene)
        autoAdvance = AutoAdvance(scene: scene)
        container.frame = Rect(origin: .zero, size: size)
        scene.root.addChild(container)
        scene.root.addChild(overlay.root)
        overlay.layout(size: size)
        styleType = type
        let params = Parameters(specs: StyleRegistry.schema(of: type))
        parameters[type.descriptor.name] = params
        style = type.init(context: StyleContext(scene: scene, container: container, deck: deck, images: images), parameters: params)
        autoAdvance.onAdvance = { [weak self] in self?.advanceStyle() }
        applyCommonParameters()
        scene.root.addChild(panel.root)
        connectHaptics()
    }

    private func connectHaptics() {
        (style as? HapticFeedbackStyle)?.onHaptic = { [weak self] _ in self?.sound?.playClick() }
    }

    /// The active style's parameter values.
    public var currentParameters: Parameters { parameters[styleType.descriptor.name]! }

    // MARK: Styles and parameters

    /// Switches to another style, keeping each style's parameter values; the old style's timers stop.
    public func switchStyle(to name: String) throws(PreviewError) {
        guard let type = StyleRegistry.style(named: name) else { throw PreviewError("unknown style \"\(name)\"") }
        guard type != styleType else { return }
        style.tearDown()
        autoAdvance.stop()
        container.removeAllChildren()
        container.finishAnimations()
        styleType = type
        let params = parameters[name] ?? Parameters(specs: StyleRegistry.schema(of: type))
        parameters[name] = params
        style = type.init(context: StyleContext(scene: scene, container: container, deck: deck, images: images), parameters: params)
        applyCommonParameters()
        panel.styleChanged()
        connectHaptics()
        scene.setNeedsDisplay()
    }

    /// Sets one parameter of the active style live; throws a one-line message when the key or value is bad.
    public func setParameter(_ key: String, _ value: ParameterValue) throws(ParameterError) {
        var p = currentParameters
        try p.set(key, value)
        setParameters(p)
    }

    /// Replaces the active style's parameter values and applies them live.
    public func setParameters(_ p: Parameters) {
        parameters[styleType.descriptor.name] = p
        style.apply(p)
        applyCommonParameters()
        panel.parametersChanged()
        scene.setNeedsDisplay()
    }

    /// Applies a parameter file's JSON to the active style; returns the problems (each naming key and line).
    @discardableResult
    public func applyParameterFile(_ json: JSONValue, file: String) -> [String] {
        var p = currentParameters
        let problems = p.apply(json: json, file: file)
        setParameters(p)
        return problems
    }

    private func applyCommonParameters() {
        let p = currentParameters
        autoAdvance.setInterval(p.number("autoAdvanceInterval"))
        // No timer with fewer than 2 items: there is nothing to advance to (issue 8).
        autoAdvance.setEnabled(p.bool("autoAdvance") && deck.items.count >= 2)
        refreshProgress()
    }

    private func advanceStyle() {
        style.advance()
        refreshProgress()
    }

    private func refreshProgress() {
        let show = autoAdvance.isEnabled && currentParameters.bool("autoAdvanceProgress")
        overlay.showProgress(show ? autoAdvance.progress : nil, remaining: autoAdvance.remaining ?? 0,
                             running: !autoAdvance.isPaused && !time.isPaused, width: scene.size.width)
    }

    private func toggleAutoAdvance() {
        var p = currentParameters
        try? p.set("autoAdvance", .bool(!p.bool("autoAdvance")))
        setParameters(p)
        overlay.show(message: "Auto-advance \(autoAdvance.isEnabled ? "on, every \(JSONValue.format(autoAdvance.interval)) s" : "off")")
    }

    // MARK: FrameDriver

    public func handle(_ incoming: InputEvent) {
        // The tuning panel first: it keeps what is over it, its keys while open, and typing.
        guard let event = panel.route(incoming) else { return }
        switch event {
        case .resize(let size):
            let s = Size(max(size.width, 1), max(size.height, 1))
            scene.size = s
            container.frame = Rect(origin: .zero, size: s)
            overlay.layout(size: s)
            refreshProgress()
            scene.setNeedsDisplay()
            return
        case .visibility(let visible):
            autoAdvance.setPaused(!visible, for: .hidden)
            refreshProgress()
            return
        case .pointerMove(let p):
            pointer = p
        case .pointerLeave:
            pointer = nil
        case .keyDown(let key, let mods, _):
            if handleAppKey(key, mods) { return }
        default:
            break
        }
        _ = style.handle(event)
        updatePauseReasons()
    }

    private func updatePauseReasons() {
        let over = pointer.map { style.carouselFrame.contains($0) } ?? false
        let wasPaused = autoAdvance.isPaused
        autoAdvance.setPaused(over, for: .pointerOver)
        autoAdvance.setPaused(style.isInteracting, for: .interacting)
        if wasPaused != autoAdvance.isPaused { refreshProgress() }
    }

    /// The keys the app handles before the style: returns whether `key` was one.
    private func handleAppKey(_ key: Key, _ mods: Modifiers) -> Bool {
        if mods.contains(.ctrl) {
            if key.name == "q" { wantsQuit = true; return true }
            return false
        }
        switch key.name {
        case "1", "2", "3", "4", "5":
            let i = Int(key.name)! - 1
            if i < StyleRegistry.all.count {
                try? switchStyle(to: StyleRegistry.all[i].descriptor.name)
                overlay.show(message: "Style \(styleType.descriptor.name)")
            }
            return true
        case "a":
            toggleAutoAdvance(); return true
        case "space":
            time.togglePause()
            refreshProgress()
            overlay.show(message: time.isPaused ? "Paused (. steps a frame)" : "Playing at \(speedText)")
            scene.setNeedsDisplay()
            return true
        case "period":
            if time.isPaused { time.step(); scene.setNeedsDisplay() }
            return true
        case "s" where mods.contains(.shift), "comma":
            time.cycleSlowMotion()
            overlay.show(message: "Speed \(speedText)")
            return true
        case "f3":
            overlay.toggleStatus(); scene.setNeedsDisplay(); return true
        case "f1", "question", "slash" where mods.contains(.shift) || key.name != "slash":
            overlay.toggleHelp(lines: Preview.helpLines); return true
        case "escape" where overlay.isHelpVisible:
            overlay.toggleHelp(lines: []); return true
        default:
            return false
        }
    }

    var speedText: String { time.speed == 1 ? "1×" : "1/\(JSONValue.format((1 / time.speed).rounded()))×" }

    /// Every key and gesture, as the help card (F1 or ?) lists them.
    public static let helpLines = [
        "Carousel Lab: keys and gestures",
        "1-5  switch style (expand, stitch, loop, circular, paging)",
        "Wheel / Shift+wheel  scroll the row; it snaps when the wheel stops",
        "Left / Right  previous / next item;  Enter pins (expand)",
        "Ctrl+wheel, Ctrl+minus / Ctrl+plus, touchpad pinch  magnify (stitch)",
        "Click  select, pin or page;  drag  scroll (circular, paging)",
        "M  Normal / Scaled mode (circular)",
        "A  auto-advance on/off (pauses while the pointer is over the row)",
        "Space  pause all motion;  .  step one frame;  ,  slow motion",
        "F3  frame rate and state;  F1 or ?  this help;  Ctrl+Q  quit",
        "Tab  tuning panel: drag a slider (Shift: fine), double-click types",
        "  Panel open: Up/Down select, Left/Right adjust (Shift: finer),",
        "  Enter types or toggles, R resets one, Shift+R resets all",
        "Ctrl+Z / Ctrl+Shift+Z  undo / redo a parameter change",
        "Ctrl+S  save a preset;  Ctrl+C  copy the values as JSON and Swift",
    ]

    public func update(to wallTime: Double) {
        wall = wallTime
        let t = time.sceneTime(atWall: wallTime)
        scene.advance(to: t)
        updatePauseReasons()
        if scene.needsFrame { style.layout() }
    }

    public var needsFrame: Bool { scene.needsFrame }

    public var nextWakeTime: Double? {
        guard let t = scene.nextWakeTime else { return nil }
        if scene.needsFrame { return wall }
        return time.wallTime(forScene: t)
    }

    public func draw(into renderer: Renderer) {
        if overlay.isStatusVisible { overlay.setStatus(statusText) }
        scene.paint(into: renderer, images: images)
        if let last = lastDrawWall { frameTimes.append(wall - last); if frameTimes.count > 60 { frameTimes.removeFirst() } }
        lastDrawWall = wall
    }

    private var statusText: String {
        let dt = frameTimes.isEmpty ? 0 : frameTimes.reduce(0, +) / Double(frameTimes.count)
        let fps = dt > 0 ? 1 / dt : 0
        let state = style.state.map { "\($0.key) \($0.value.serialized(indent: nil))" }.joined(separator: "  ")
        return String(format: "%.0f fps  %.1f ms  %@  %@  %@", fps, dt * 1000, speedText, styleType.descriptor.name, state)
    }

    /// An image finished loading or failed: styles re-measure, and the frame is redrawn.
    public func imagesChanged() {
        style.imagesChanged()
        scene.setNeedsDisplay()
    }

    /// Shows a one-line message in the window (errors stay until the next message when `sticky`).
    public func show(message: String, error: Bool = false, sticky: Bool = false) {
        overlay.show(message: message, sticky: sticky, error: error)
    }

    /// The message on screen, if any.
    public var currentMessage: String? { overlay.currentMessage }
    public func clearMessage() { overlay.clearMessage() }

    // MARK: Export

    /// The style's state plus the app's (auto-advance, pause), for `capture --layout` and screenshot sidecars.
    public var state: [JSONMember] {
        style.state + [JSONMember("autoAdvance", .bool(autoAdvance.isEnabled)),
                       JSONMember("paused", .bool(time.isPaused || autoAdvance.isPaused))]
    }

    /// What is on screen now, in the `capture --layout` format.
    public func layoutJSON() -> JSONValue {
        let items: [JSONValue] = style.layoutItems().map { item in
            .object([
                JSONMember("index", .number(Double(item.index))),
                JSONMember("image", .string(item.image)),
                JSONMember("frame", .array([item.frame.x, item.frame.y, item.frame.width, item.frame.height].map { .number(round4($0)) })),
                JSONMember("scale", .number(round4(item.scale))),
                JSONMember("opacity", .number(round4(item.opacity))),
                JSONMember("cornerRadius", .number(round4(item.cornerRadius))),
                JSONMember("visible", .bool(item.visible)),
            ])
        }
        return .object([
            JSONMember("style", .string(styleType.descriptor.name)),
            JSONMember("time", .number(scene.now)),
            JSONMember("size", .array([.number(scene.size.width), .number(scene.size.height)])),
            JSONMember("items", .array(items)),
            JSONMember("state", .object(state)),
            JSONMember("parameters", currentParameters.json),
        ])
    }

    private func round4(_ v: Double) -> Double { (v * 10000).rounded() / 10000 }
}

/// A one-line problem opening or switching a style.
public struct PreviewError: Error, CustomStringConvertible, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Plays short sounds; the backend implements it with SDL audio.
@MainActor
public protocol SoundPlayer: AnyObject {
    /// A short click, like a phone's "heavy impact" haptic made audible.
    func playClick()
}
