import CarouselCore
import CarouselStyles
import CarouselSupport
import Foundation

/// The app model: one window's worth of Carousel Lab. It holds the deck, one to four panes (`PaneSet`; each a
/// variant: style, values, history, recorded input, its own scene at the pane's size), the window's chrome above them
/// (the tuning panel and the overlay, in a scene of their own), and the one clock every pane runs on; it is the
/// `FrameDriver` the window loop (or a capture) runs, and the `AppContext` its collaborators speak to.
///
/// Every change of its state is an `AppAction` applied by `apply` (`Preview+Apply.swift`), which sends each change
/// notice once. Beside it: the F3 line (`StatusLine`), screenshots (`ScreenshotSession`), and the layout export and
/// sidecars (`LayoutExport.swift`).
///
/// Frame order per loop iteration: `handle` each input event (keys: the panel's while it is open, then the command
/// table's actions, then every pane; pointer events through the chrome's `PointerRouter`: the panel, or the panes
/// at the same position relative to each) -> `update(to:)` (background work's results applied; time control maps
/// wall time to scene time; every pane's timers fire in order; each pane's style lays out when a frame is needed)
/// -> `draw` when `needsFrame`. Drawing changes nothing in the model.
@MainActor
public final class Preview: FrameDriver, AppContext {
    /// The items every pane shows; replaced at runtime only by `.replaceDeck` (a drop or a paste, `DeckDrop`).
    public internal(set) var deck: Deck
    /// Where a replaced deck came from when one local path says it (a folder, a deck file), for the remembered
    /// state; nil when given at startup, fetched, or made from several sources.
    public internal(set) var deckSource: String?
    /// Whether the deck was replaced since the window opened.
    public internal(set) var deckReplaced = false
    /// The problems of the last deck loaded into the window (files skipped, items ignored), for the layout file.
    public internal(set) var deckProblems: [String] = []
    /// Drops and pastes onto the window (nil where there is no window: capture, tests).
    public var deckDrops: DeckDrop? { didSet { replaceWork(oldValue, with: deckDrops) } }
    public let images: ImageStore
    /// The panes, their split and focus, and the input mirrored onto them.
    public let paneSet: PaneSet
    /// The panes, in reading order; the first is the reference the others' labels compare with.
    public var panes: [Pane] { paneSet.panes }
    /// The window's chrome: the tuning panel and the overlay, above every pane.
    public let chrome: Scene
    /// Routes the window's pointer events through the chrome's tree: the panel, or the panes (`PaneSet.target`).
    let pointer: PointerRouter
    /// The keyboard focus in the chrome's tree: each pane's stop (`PaneSet.focusStops`), then the panel while it is
    /// open (Tab, Shift+Tab); keys go to what has it first (`handle`).
    let focus: FocusRouter
    /// The ring around what has the keyboard focus, in the overlay's window-only layer.
    let focusRing = FocusRing()
    /// The checks panel (`C`): WCAG checks of the focused style and values.
    public private(set) lazy var checks = ChecksPanel(context: self, scene: chrome)
    /// Whether the user asked for less motion, for every pane (`Pane.reducesMotion`).
    public internal(set) var reducesMotion = false
    /// Where `reducesMotion` came from (the desktop's answer does not replace the command line's or the key's).
    public internal(set) var motionSource = MotionSource.standard
    /// Pause, frame stepping and slow motion for every pane (the playback actions set it).
    public internal(set) var time = TimeControl()
    /// What the user just did, to scrub back to and replay with new values (`T`).
    public let timeline = Timeline()
    /// Replays parked along the timeline, so a scrub replays little (made between frames while the strip is shown).
    let checkpoints = ReplayCheckpoints()
    /// Whether checkpoints are still being made (the loop wakes for them).
    private var checkpointsMissing = false
    /// Whether the loop should end (Ctrl+Q).
    public internal(set) var wantsQuit = false
    /// Plays the click that stands in for a phone's haptic feedback (nil: silent).
    public var sound: SoundPlayer?
    /// Called with every one-line problem to report (the CLI prints them on stderr).
    public var report: (String) -> Void = { _ in }
    /// The system clipboard, for the tuning panel's export (Ctrl+C); nil where there is none (capture, tests).
    public var clipboard: Clipboard?
    /// The tuning panel (Tab).
    public private(set) lazy var panel = TuningPanel(context: self, chrome: chrome)
    /// Where and how F12 and Ctrl+P save screenshots; nil when there is no window to read back.
    public var screenshots: ScreenshotSettings? {
        get { screenshotSession.settings }
        set { screenshotSession.settings = newValue }
    }

    /// Clips re-rendered from the recorded input (Ctrl+R, Shift+F12); nil where there is no window (capture, tests).
    public var clips: ClipRecorder? { didSet { replaceWork(oldValue, with: clips) } }
    /// Ctrl+E's code export into the screenshots folder; nil where there is none (capture, tests).
    public var codeExports: CodeExportSession? { didSet { replaceWork(oldValue, with: codeExports) } }
    /// The last file saved, handed on to the clipboard or the file manager (Ctrl+Shift+C, Ctrl+Shift+O).
    public let handoff = FileHandoff()
    /// The variant Ctrl+W just closed and where it was, while Ctrl+Z can bring it back.
    var lastClosed: (pane: Pane, index: Int)?
    /// Everything whose results come back to the main thread, drained at one point of `update`.
    private(set) var backgroundWork: [BackgroundWork] = []
    let overlay: Overlay
    /// The F3 status line.
    let statusLine: StatusLine
    /// What each frame redraws: only what changed since the last one.
    public let damage = FrameDamage()
    private(set) lazy var screenshotSession = ScreenshotSession(context: self)
    /// The timeline strip (`T`), in the overlay's window-only layer.
    private(set) lazy var timelineStrip = TimelineStrip(context: self, scene: chrome)
    /// The graph above the strip (`G`).
    private(set) lazy var channelGraph = ChannelGraph(scene: chrome)
    /// The toolbar in the top-left corner.
    private(set) lazy var toolbar = Toolbar(context: self, scene: chrome)
    /// The scene time of the last frame drawn.
    private var paintedSceneTime: Double?
    public private(set) var wall: Double = 0

    /// Opens `styleName` on `deck` in a window of `size`: one pane.
    public convenience init(deck: Deck, images: ImageStore, size: Size, style styleName: String,
                            textMeasurer: any TextMeasurer = EstimatedTextMeasurer.shared) throws(PreviewError) {
        try self.init(deck: deck, images: images, size: size, variants: [Variant(name: "variant 1", style: styleName)], textMeasurer: textMeasurer)
    }

    /// Opens one pane per variant (one to four) on `deck` in a window of `size`, split as `PaneSplit` chooses. A
    /// variant's values that do not apply are reported (`report`) and the rest applies. Every scene measures text
    /// with `textMeasurer` (the renderer's, in the app).
    public init(deck: Deck, images: ImageStore, size: Size, variants: [Variant],
                textMeasurer: any TextMeasurer = EstimatedTextMeasurer.shared) throws(PreviewError) {
        self.deck = deck
        self.images = images
        chrome = Scene(size: size, textMeasurer: textMeasurer)
        pointer = PointerRouter(scene: chrome)
        focus = FocusRouter(scene: chrome)
        overlay = Overlay(scene: chrome)
        statusLine = StatusLine(overlay: overlay)
        paneSet = try PaneSet(deck: deck, images: images, variants: variants, textMeasurer: textMeasurer, chrome: chrome, overlay: overlay)
        chrome.root.addChild(paneSet.target)
        chrome.root.addChild(overlay.root)
        overlay.layout(size: size)
        chrome.root.addChild(panel.root)
        overlay.windowOnly.addChild(timelineStrip.root)
        overlay.windowOnly.addChild(channelGraph.root)
        overlay.windowOnly.addChild(toolbar.root)
        overlay.windowOnly.addChild(focusRing.root)
        overlay.windowOnly.addChild(checks.root)
        paneSet.pointer = pointer
        paneSet.apply = { [unowned self] in apply($0) }
        paneSet.admits = { [unowned self] in admitsPaneInput($0) }
        paneSet.covered = { [unowned self] in panel.isVisible ? panel.frame : nil }
        overlay.bottomInset = { [unowned self] in messageInset }
        for (pane, variant) in zip(panes, variants) {
            connect(pane)
            if let values = variant.values { startupProblems += pane.applyParameterFile(values, file: variant.file ?? variant.name) }
        }
        backgroundWork.append(screenshotSession)
        backgroundWork.append(handoff)
        backgroundWork.append(checks)
        paneSet.refresh()
    }

    /// The problems found applying the variants' values when the preview opened, each naming its file, key and line
    /// (the rest applied).
    public private(set) var startupProblems: [String] = []

    /// Gives `pane` the window's click for its style's haptic.
    func connect(_ pane: Pane) {
        pane.haptic = { [weak self] in self?.sound?.playClick() }
    }

    /// Adds background work whose results `update` drains (the image store's decodes, in the window).
    public func addBackgroundWork(_ work: BackgroundWork) { backgroundWork.append(work) }

    private func replaceWork(_ old: BackgroundWork?, with new: BackgroundWork?) {
        if let old { backgroundWork.removeAll { $0 === old } }
        if let new { backgroundWork.append(new) }
    }

    // MARK: The focused pane

    /// The focused pane.
    public var focused: Pane { paneSet.focused }
    /// The focused pane, read-only, for collaborators.
    public var focusedPane: any PaneReading { focused }
    public func pane(_ id: Pane.ID) -> (any PaneReading)? { panes.first { $0.id == id } }
    public var isComparing: Bool { panes.count > 1 }
    /// The focused pane's scene.
    public var scene: Scene { focused.scene }
    /// The focused pane's style.
    public var style: any CarouselStyle { focused.style }
    /// The focused pane's style definition.
    public var definition: StyleDefinition { focused.definition }
    /// The focused pane's values per style.
    public var parameters: [String: Parameters] { focused.parameters }
    /// The focused pane's active values.
    public var currentParameters: Parameters { focused.currentParameters }
    /// The focused pane's auto-advance.
    public var autoAdvance: AutoAdvance { focused.autoAdvance }
    /// The input the focused pane's style received since it appeared.
    public var recording: InputRecorder { focused.recording }
    /// The scene time at which the focused pane's style appeared.
    public var styleStart: Double { focused.styleStart }
    /// Seconds since the focused pane's style appeared.
    public var styleTime: Double { focused.styleTime }
    /// The focused pane's watched parameter file (the window sets it; capture does not).
    public var parameterFile: ParameterFileWatcher? {
        get { focused.parameterFile }
        set { focused.parameterFile = newValue }
    }

    /// The window's title: the app, the focused pane's style and the deck ("Carousel Lab — expand — Sample photographs").
    public var windowTitle: String? { "Carousel Lab — \(focused.styleName) — \(deck.name)" }

    /// The window's size in points.
    public var windowSize: Size { chrome.size }
    /// The current scene time (every pane's; the timeline can take it back).
    public var now: Double { time.sceneTime }

    /// Switches the focused pane to another style, keeping each style's values.
    public func switchStyle(to name: String) throws(PreviewError) {
        guard StyleRegistry.style(named: name) != nil else {
            throw PreviewError("unknown style \"\(name)\" (styles: \(StyleRegistry.names.joined(separator: ", ")))")
        }
        apply(.switchStyle(name))
    }
    /// Sets one parameter of the focused pane live; throws a one-line message when the key or value is bad.
    public func setParameter(_ key: String, _ value: ParameterValue) throws(ParameterError) {
        var p = currentParameters
        try p.set(key, value)
        apply(.setValues(p))
    }
    /// Replaces the focused pane's active values and applies them live.
    public func setParameters(_ p: Parameters) { apply(.setValues(p)) }
    /// Applies a parameter file's JSON to the focused pane; returns the problems.
    @discardableResult
    public func applyParameterFile(_ json: JSONValue, file: String) -> [String] {
        var p = currentParameters
        let problems = p.apply(json: json, file: file)
        apply(.setValues(p))
        return problems
    }

    /// Replaces the deck of every pane (see `AppAction.replaceDeck`); an empty deck is refused (false) and the old
    /// one stays.
    @discardableResult
    public func replaceDeck(_ deck: Deck, source: String?, problems: [String] = []) -> Bool {
        guard !deck.items.isEmpty else { return false }
        apply(.replaceDeck(deck, source: source, problems: problems))
        return true
    }

    // MARK: FrameDriver

    /// Shows the first-run hint beside the toolbar (the executable does on a first launch: no remembered state).
    public func showFirstRunHint() { toolbar.showHint() }

    public func handle(_ incoming: InputEvent) {
        if case .keyDown = incoming { toolbar.hideHint() }
        // The tuning panel first: its keys while it is open, and typing.
        guard let event = panel.route(incoming) else { return }
        switch event {
        case .resize(let size):
            let s = Size(max(size.width, 1), max(size.height, 1))
            chrome.size = s
            overlay.layout(size: s)
            paneSet.layout()
            damage.invalidate()
        case .visibility:
            paneSet.deliverToAll(event)
        case .drop(let step):
            deckDrops?.handle(step).forEach(apply)
        case .keyDown:
            handleKey(event)
        case .focus(let entered):
            // A script's (or a sidecar's) `focus in` / `focus out`: the carousel gains or loses the focus as Tab gives it.
            focusCarousel(entered)
        case .pointerMove, .pointerDown, .pointerUp, .pointerLeave, .wheel, .magnify:
            if case .pointerDown = event { pressed(on: pointer.targets(at: event.location ?? .zero)) }
            // Without a position (the pointer outside the window), a wheel or pinch still reaches every pane.
            if pointer.route(event) == nil { paneSet.deliverToAll(event) }
        default:
            paneSet.deliverToAll(event)
        }
    }

    public func update(to wallTime: Double) {
        wall = wallTime
        for pane in panes { pane.parameterFile?.poll(wall: wallTime) }
        // Background work's results, at one point of the frame.
        for work in backgroundWork { work.takeResults().forEach(apply) }
        overlay.advance(wall: wallTime)
        let t = time.sceneTime(atWall: wallTime)
        advanceReplay(toScene: t)
        for pane in panes { pane.advance(to: t) }
        chrome.advance(to: t)
        toolbar.update(Toolbar.State(style: focused.styleName, panelOpen: panel.isVisible, timelineShown: timeline.isShown,
                                     recording: clips?.isRecording ?? false, helpShown: overlay.isHelpVisible))
        if timeline.isShown {
            timelineStrip.isPausedLive = time.isPaused
            timelineStrip.update(timeline: timeline, recording: focused.recording, liveTime: focused.styleTime, paneSize: focused.frame.size)
            updateGraph()
        }
        checkpointsMissing = timeline.isShown && !timeline.isLive && buildCheckpoints()
        guard needsFrame else { return }
        statusLine.update(time: time, focused: focused)
        for pane in panes { pane.layoutIfNeeded() }
        updateFocusRing()
    }

    /// How far messages are raised above their place at the window's bottom: over the timeline strip when it shows,
    /// and over the page dots of a pane along the bottom edge, with 6 pt between.
    var messageInset: Double {
        let height = chrome.size.height
        let controls = panes.compactMap { pane -> Double? in
            guard pane.frame.maxY >= height - 0.5, let c = pane.style.bottomControls else { return nil }
            return height - (pane.frame.minY + c.minY) - 20
        }
        return max(timeline.isShown ? TimelineStrip.height : 0, controls.max() ?? 0, 0)
    }

    /// Waits until no background work is in flight, applying results as they come, up to `timeout` seconds; returns
    /// whether all of it finished (at exit, so clips and exports are written, not lost; in tests).
    public func waitForBackgroundWork(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            for work in backgroundWork { work.takeResults().forEach(apply) }
            if backgroundWork.allSatisfy(\.isIdle) { return true }
            if Date() >= deadline { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Whether any pane or the chrome would draw differently, except that a paused window whose time has not moved
    /// since the last frame drawn, with nothing changed, looks exactly like that frame: a paused window draws nothing.
    public var needsFrame: Bool {
        let scenes = panes.map(\.scene) + [chrome]
        guard scenes.contains(where: \.needsFrame) else { return false }
        return !(time.isPaused && !scenes.contains(where: \.hasUnpaintedChanges) && paintedSceneTime == now)
    }

    public var nextWakeTime: Double? {
        let sceneWake = (panes.map(\.scene) + [chrome]).compactMap(\.nextWakeTime).min()
        let sceneWall = sceneWake.flatMap { needsFrame ? wall : time.wallTime(forScene: $0) }
        let building = checkpointsMissing ? wall + 1.0 / 60 : nil
        return ([sceneWall, overlay.messageDeadline, building] + panes.map { $0.parameterFile?.nextPoll }).compactMap { $0 }.min()
    }

    public func draw(into renderer: Renderer) { draw(into: renderer, windowChrome: true) }

    /// Draws the frame; without `windowChrome`, the picture alone, as `capture` and `record` draw it (no toolbar,
    /// messages, badges or timeline strip unless asked for with `--show-chrome`).
    public func draw(into renderer: Renderer, windowChrome: Bool) {
        screenshotSession.captureIfRequested(into: renderer) { drawPicture(into: $0) }
        damage.paint(size: windowSize, into: renderer) { drawFrame(into: $0, windowOnly: windowChrome) }
        paintedSceneTime = now
        statusLine.frameDrawn(atWall: wall)
    }

    /// Draws every pane in its place (`PaneSet.paint`), then the chrome, as one frame; `windowOnly` false leaves out
    /// what only the window shows (messages, the status line, help, badges, the focus ring: `Overlay.windowOnly`),
    /// as a screenshot does, without touching a node.
    func drawFrame(into renderer: Renderer, windowOnly: Bool = true) {
        renderer.beginFrame(clearColor: panes[0].scene.clearColor)
        paneSet.paint(into: renderer, images: images)
        if windowOnly {
            chrome.paintTree(into: renderer, images: images)
        } else {
            chrome.paintLayer(into: renderer, images: images, skipping: overlay.windowOnly)
        }
        renderer.endFrame()
    }

    /// Draws the picture a screenshot takes: the panes and what belongs with them (the panel, dividers), without what
    /// only the window shows (messages, badges, help, the timeline strip).
    public func drawPicture(into renderer: Renderer) { drawFrame(into: renderer, windowOnly: false) }

    /// An image finished loading or failed: styles re-measure, and the frame is redrawn.
    public func imagesChanged() { apply(.imagesChanged) }

    // MARK: Screenshots

    /// Asks for a screenshot of the next frame (F12, Ctrl+P).
    public func requestScreenshot() { apply(.requestScreenshot) }
}

/// A one-line problem opening or switching a style.
public struct PreviewError: Error, CustomStringConvertible, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
