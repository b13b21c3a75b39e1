import CarouselSupport
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
    /// Watches the `--params` file and applies it when it changes (the window sets it; capture does not).
    public var parameterFile: ParameterFileWatcher?
    /// Where and how F12 and Ctrl+P save screenshots; nil when there is no window to read back.
    public var screenshots: ScreenshotSettings?
    /// The input the active style received since it appeared, for screenshot sidecars.
    public let recording = InputRecorder()
    /// The scene time at which the active style appeared: the style's time 0, as in `capture`.
    public private(set) var styleStart: Double = 0

    private let container = Node(name: "style")
    private let overlay: Overlay
    private var pointer: Point?
    /// Wall-clock intervals between the frames of the current run of frames (F3).
    private var frameIntervals: [Double] = []
    private var lastDrawWall: Double?
    /// The scene time of the last frame drawn.
    private var paintedSceneTime: Double?
    private(set) var wall: Double = 0
    private var screenshotRequested = false
    private var screenshotsInFlight: Set<String> = []

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
        styleStart = scene.now
        recording.reset()
        applyCommonParameters()
        panel.styleChanged()
        connectHaptics()
        scene.setNeedsDisplay()
    }

    /// Seconds since the active style appeared (scene time, so pauses and slow motion count as they play).
    public var styleTime: Double { scene.now - styleStart }

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

    func toggleAutoAdvance() {
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
        recording.record(event, at: styleTime, size: scene.size)
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

    /// The app's own keys, before the style: runs the command the key press names in `CommandTable`, if any.
    private func handleAppKey(_ key: Key, _ mods: Modifiers) -> Bool {
        guard let command = CommandTable.command(for: key, mods, in: self) else { return false }
        command.perform(self, key: key)
        return true
    }

    // MARK: Commands

    /// Switches to the style numbered `number` (1-5, as the keys are) and says so.
    func switchStyle(number: Int) {
        guard (1...StyleRegistry.all.count).contains(number) else { return }
        try? switchStyle(to: StyleRegistry.all[number - 1].descriptor.name)
        overlay.show(message: "Style \(styleType.descriptor.name)")
    }

    /// Space: pauses or resumes every animation and timer.
    func togglePause() {
        time.togglePause()
        timeControlChanged()
        overlay.show(message: time.isPaused ? "Paused (. steps a frame)" : "Playing at \(speedText)")
    }

    /// `.`: the first press pauses on the current frame; each press while paused steps one 60 Hz frame.
    func stepFrame() {
        if time.isPaused { time.step() } else { time.setPaused(true) }
        timeControlChanged()
    }

    /// `,`: cycles slow motion.
    func cycleSlowMotion() {
        time.cycleSlowMotion()
        timeControlChanged()
        overlay.show(message: "Speed \(speedText)")
    }

    /// F3: shows or hides the status line.
    func toggleStatus() { overlay.toggleStatus(); scene.setNeedsDisplay() }

    /// F1: shows or hides the help card generated from the command table.
    func toggleHelp() { overlay.toggleHelp(lines: CommandTable.helpLines) }

    /// Ctrl+Q: asks the loop to end.
    func quit() { wantsQuit = true }

    var speedText: String { time.speed == 1 ? "1×" : "1/\(JSONValue.format((1 / time.speed).rounded()))×" }

    /// The speed badge: shown while paused or in slow motion ("Paused", "1/4×", "Paused · 1/4×"), else nil.
    public var speedBadge: String? {
        switch (time.isPaused, time.speed == 1) {
        case (false, true): nil
        case (true, true): "Paused"
        case (false, false): speedText
        case (true, false): "Paused · \(speedText)"
        }
    }

    private func timeControlChanged() {
        overlay.showBadge(speedBadge)
        refreshProgress()
        scene.setNeedsDisplay()
    }

    public func update(to wallTime: Double) {
        wall = wallTime
        parameterFile?.poll(wall: wallTime)
        overlay.advance(wall: wallTime)
        let t = time.sceneTime(atWall: wallTime)
        scene.advance(to: t)
        updatePauseReasons()
        if needsFrame { style.layout() }
    }

    /// The scene's answer, except that a paused scene whose time has not moved since the last frame drawn, with
    /// nothing changed, looks exactly like that frame: a paused window draws nothing.
    public var needsFrame: Bool {
        guard scene.needsFrame else { return false }
        return !(time.isPaused && !scene.hasUnpaintedChanges && paintedSceneTime == scene.now)
    }

    public var nextWakeTime: Double? {
        [sceneWakeTime, parameterFile?.nextPoll, overlay.messageDeadline].compactMap { $0 }.min()
    }

    private var sceneWakeTime: Double? {
        guard let t = scene.nextWakeTime else { return nil }
        if needsFrame { return wall }
        return time.wallTime(forScene: t)
    }

    public func draw(into renderer: Renderer) {
        if overlay.isStatusVisible { overlay.setStatus(statusText) }
        if screenshotRequested { captureScreenshot(into: renderer) }
        scene.paint(into: renderer, images: images)
        paintedSceneTime = scene.now
        noteFrameDrawn()
    }

    // MARK: Status (F3)

    /// A pause between frames longer than this starts a new run: idle time is not frame time.
    static let idleGap = 0.25

    private func noteFrameDrawn() {
        if let last = lastDrawWall {
            let dt = wall - last
            if dt > Preview.idleGap { frameIntervals.removeAll() } else if dt > 0 { frameIntervals.append(dt) }
            if frameIntervals.count > 60 { frameIntervals.removeFirst() }
        }
        lastDrawWall = wall
    }

    /// The F3 line: frame rate and mean frame time over the current run of frames (up to the last 60; "idle" when
    /// the frame follows a pause), playback speed, style and state. It is drawn with the frame, so it shows the
    /// figures as of the last frame drawn: when nothing moves, nothing is redrawn and the line stays as it was.
    private var statusText: String {
        let state = style.state.map { "\($0.key) \($0.value.serialized(indent: nil))" }.joined(separator: "  ")
        guard !frameIntervals.isEmpty else { return "idle  \(speedText)  \(styleType.descriptor.name)  \(state)" }
        let dt = frameIntervals.reduce(0, +) / Double(frameIntervals.count)
        return String(format: "%.0f fps  %.1f ms  %@  %@  %@", 1 / dt, dt * 1000, speedText, styleType.descriptor.name, state)
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

    /// Shows a problem at the top of the window until it is cleared with nil (a broken parameter file).
    public func showProblem(_ text: String?) {
        overlay.showProblem(text)
        scene.setNeedsDisplay()
    }

    /// The problem on screen, if any.
    public var currentProblem: String? { overlay.problemText }

    /// The F3 status line on screen, if shown.
    public var currentStatus: String? { overlay.statusText }

    /// The help card's lines, if shown.
    public var isHelpVisible: Bool { overlay.isHelpVisible }

    // MARK: Screenshots

    /// Asks for a screenshot of the next frame (F12, Ctrl+P).
    public func requestScreenshot() {
        guard screenshots != nil else {
            overlay.show(message: "Screenshots need a window (use carousel-lab capture)", error: true)
            return
        }
        screenshotRequested = true
        scene.setNeedsDisplay()
    }

    /// Draws the frame once more without the app's own overlays for the screenshot taker to read back.
    private func captureScreenshot(into renderer: Renderer) {
        screenshotRequested = false
        guard let settings = screenshots else { return }
        let png = settings.folder.pngPath(style: styleType.descriptor.name, date: settings.date()) {
            screenshotsInFlight.contains($0) || FileManager.default.fileExists(atPath: $0)
        }
        screenshotsInFlight.insert(png)
        let sidecar = screenshotSidecar(png: png).serialized() + "\n"
        settings.taker.captureNextFrame(to: png, sidecar: sidecar, sidecarPath: ScreenshotFolder.sidecarPath(for: png)) { [weak self] result in
            self?.screenshotFinished(png, result)
        }
        overlay.withChromeHidden { scene.paint(into: renderer, images: images) }
    }

    private func screenshotFinished(_ png: String, _ result: Result<String, Error>) {
        screenshotsInFlight.remove(png)
        switch result {
        case .success(let path):
            overlay.show(message: "Saved \(ScreenshotFolder.abbreviated(path, home: screenshots?.home ?? ""))")
        case .failure(let error):
            let line = "screenshot not saved: \(error)"
            report(line)
            overlay.show(message: line, seconds: 6, error: true)
        }
        scene.setNeedsDisplay()
    }

    /// A screenshot's sidecar: the layout (style, time, size, items, state, parameters), the PNG's file name, and the
    /// input since the style appeared, so `carousel-lab capture --params SIDECAR` draws the same frame.
    public func screenshotSidecar(png: String) -> JSONValue {
        var members = layoutJSON().members ?? []
        members.insert(JSONMember("screenshot", .string((png as NSString).lastPathComponent)), at: 0)
        members.append(JSONMember("input", .array(recording.script.split(separator: "\n").map { .string(String($0)) })))
        if recording.isTruncated { members.append(JSONMember("inputTruncated", .bool(true))) }
        return .object(members)
    }

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
            JSONMember("time", .number(styleTime)),
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
