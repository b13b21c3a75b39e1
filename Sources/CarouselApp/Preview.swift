import CarouselCore
import CarouselStyles
import CarouselSupport
import Foundation

/// The app model: one window's worth of Carousel Lab. It holds the deck, one to four panes (`PaneSet`; each a
/// variant: style, values, history, recorded input, its own scene at the pane's size), the window's chrome above them
/// (the tuning panel and the overlay, in a scene of their own), and the one clock every pane runs on; it is the
/// `FrameDriver` the window loop (or a capture) runs. A single preview is one pane covering the window. Beside it:
/// what the keys do (`AppCommands`), the F3 line (`StatusLine`), screenshots (`ScreenshotSession`), and the layout
/// export and sidecars (`LayoutExport.swift`).
///
/// Frame order per loop iteration: `handle` each input event (the panel first, then the app's commands, then every
/// pane at the same position relative to it) -> `update(to:)` (time control maps wall time to scene time; every
/// pane's timers fire in order; each pane's style lays out when a frame is needed) -> `draw` when `needsFrame`.
/// Drawing changes nothing in the model.
@MainActor
public final class Preview: FrameDriver {
    /// The items every pane shows; replaced at runtime only through `replaceDeck` (a drop or a paste, `DeckDrop`).
    public private(set) var deck: Deck
    /// Where a replaced deck came from when one local path says it (a folder, a deck file), for the remembered
    /// state; nil when given at startup, fetched, or made from several sources.
    public private(set) var deckSource: String?
    /// Whether the deck was replaced since the window opened.
    public private(set) var deckReplaced = false
    /// The problems of the last deck loaded into the window (files skipped, items ignored), for the layout file.
    public private(set) var deckProblems: [String] = []
    /// Drops and pastes onto the window (nil where there is no window: capture, tests).
    public var deckDrops: DeckDrop?
    public let images: ImageStore
    /// The panes, their split and focus, and the input mirrored onto them.
    public let paneSet: PaneSet
    /// The panes, in reading order; the first is the reference the others' labels compare with.
    public var panes: [Pane] { paneSet.panes }
    /// The window's chrome: the tuning panel and the overlay, above every pane.
    public let chrome: Scene
    /// Pause, frame stepping and slow motion for every pane (the playback commands set it).
    public internal(set) var time = TimeControl()
    /// Whether the loop should end (Ctrl+Q).
    public internal(set) var wantsQuit = false
    /// Plays the click that stands in for a phone's haptic feedback (nil: silent).
    public var sound: SoundPlayer?
    /// Called with every one-line problem to report (the CLI prints them on stderr).
    public var report: (String) -> Void = { _ in }
    /// The system clipboard, for the tuning panel's export (Ctrl+C); nil where there is none (capture, tests).
    public var clipboard: Clipboard?
    /// The tuning panel (Tab).
    public private(set) lazy var panel = TuningPanel(preview: self)
    /// Where and how F12 and Ctrl+P save screenshots; nil when there is no window to read back.
    public var screenshots: ScreenshotSettings? {
        get { screenshotSession.settings }
        set { screenshotSession.settings = newValue }
    }

    /// Clips re-rendered from the recorded input (Ctrl+R, Shift+F12); nil where there is no window (capture, tests).
    public var clips: ClipRecorder? { didSet { overlay.showRecording(false) } }
    /// Ctrl+E's code export into the screenshots folder; nil where there is no window (capture, tests).
    public var codeExports: CodeExportSession?
    let overlay: Overlay
    /// The F3 status line.
    let statusLine: StatusLine
    /// What each frame redraws: only what changed since the last one.
    public let damage = FrameDamage()
    private lazy var screenshotSession = ScreenshotSession(preview: self)
    /// What the command table's app keys do.
    private lazy var commands = AppCommands(preview: self)
    /// The scene time of the last frame drawn.
    private var paintedSceneTime: Double?
    private(set) var wall: Double = 0

    /// Opens `styleName` on `deck` in a window of `size`: one pane.
    public convenience init(deck: Deck, images: ImageStore, size: Size, style styleName: String,
                            textMeasurer: any TextMeasurer = EstimatedTextMeasurer.shared) throws(PreviewError) {
        try self.init(deck: deck, images: images, size: size, variants: [Variant(name: "current", style: styleName)], textMeasurer: textMeasurer)
    }

    /// Opens one pane per variant (one to four) on `deck` in a window of `size`, split as `PaneSplit` chooses. A
    /// variant's values that do not apply are reported (`report`) and the rest applies. Every scene measures text
    /// with `textMeasurer` (the renderer's, in the app).
    public init(deck: Deck, images: ImageStore, size: Size, variants: [Variant],
                textMeasurer: any TextMeasurer = EstimatedTextMeasurer.shared) throws(PreviewError) {
        self.deck = deck
        self.images = images
        chrome = Scene(size: size, textMeasurer: textMeasurer)
        overlay = Overlay(scene: chrome)
        statusLine = StatusLine(overlay: overlay)
        paneSet = try PaneSet(deck: deck, images: images, variants: variants, textMeasurer: textMeasurer, chrome: chrome, overlay: overlay)
        chrome.root.addChild(overlay.root)
        overlay.layout(size: size)
        chrome.root.addChild(panel.root)
        paneSet.focusChanged = { [unowned self] in panel.styleChanged() }
        paneSet.paneAdded = { [unowned self] in connect($0) }
        for (pane, variant) in zip(panes, variants) {
            connect(pane)
            if let values = variant.values { startupProblems += pane.applyParameterFile(values, file: variant.file ?? variant.name) }
        }
        paneSet.refresh()
    }

    /// The problems found applying the variants' values when the preview opened, each naming its file, key and line
    /// (the rest applied).
    public private(set) var startupProblems: [String] = []

    private func connect(_ pane: Pane) {
        pane.haptic = { [weak self] in self?.sound?.playClick() }
        pane.onChange = { [weak self] pane in self?.paneChanged(pane) }
    }

    // MARK: The focused pane

    /// The focused pane.
    public var focused: Pane { paneSet.focused }
    /// The focused pane's scene.
    public var scene: Scene { focused.scene }
    /// The focused pane's style.
    public var style: any CarouselStyle { focused.style }
    /// The focused pane's style type.
    public var styleType: any CarouselStyle.Type { focused.styleType }
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

    /// The window's size in points.
    public var windowSize: Size { chrome.size }
    /// The current scene time (every pane's).
    public var now: Double { chrome.now }

    /// Switches the focused pane to another style, keeping each style's values.
    public func switchStyle(to name: String) throws(PreviewError) {
        // A recording ends where its style does: the input it replays starts when the style appeared.
        if StyleRegistry.style(named: name) != nil, name != focused.styleName { clips?.styleSwitched(from: styleTime) }
        try focused.switchStyle(to: name)
        overlay.showRecording(clips?.isRecording ?? false)
        damage.invalidate()
    }
    /// Sets one parameter of the focused pane live; throws a one-line message when the key or value is bad.
    public func setParameter(_ key: String, _ value: ParameterValue) throws(ParameterError) { try focused.setParameter(key, value) }
    /// Replaces the focused pane's active values and applies them live.
    public func setParameters(_ p: Parameters) { focused.setParameters(p) }
    /// Applies a parameter file's JSON to the focused pane; returns the problems.
    @discardableResult
    public func applyParameterFile(_ json: JSONValue, file: String) -> [String] { focused.applyParameterFile(json, file: file) }

    // MARK: The deck

    /// Replaces the deck of every pane: each pane's style is made anew on `deck` with the values it had (styles,
    /// values and undo histories are kept). `source` names where it came from when one local path does;
    /// `problems` are what was skipped loading it. An empty deck is refused (false) and the old one stays.
    @discardableResult
    public func replaceDeck(_ deck: Deck, source: String?, problems: [String] = []) -> Bool {
        guard !deck.items.isEmpty else { return false }
        // A recording ends where its deck does, as at a style switch.
        clips?.styleSwitched(from: styleTime)
        self.deck = deck
        deckSource = source
        deckReplaced = true
        deckProblems = problems
        paneSet.replaceDeck(deck)
        overlay.showRecording(clips?.isRecording ?? false)
        panel.styleChanged()
        paneSet.refresh()
        damage.invalidate()
        return true
    }

    private func paneChanged(_ pane: Pane) {
        if pane === focused { panel.parametersChanged() }
        paneSet.refresh()
    }

    // MARK: FrameDriver

    public func handle(_ incoming: InputEvent) {
        // The tuning panel first: it keeps what is over it, its keys while open, and typing.
        guard let event = panel.route(incoming) else { return }
        switch event {
        case .resize(let size):
            let s = Size(max(size.width, 1), max(size.height, 1))
            chrome.size = s
            overlay.layout(size: s)
            paneSet.layout()
            damage.invalidate()
            return
        case .visibility:
            paneSet.deliverToAll(event)
            return
        case .drop(let step):
            deckDrops?.handle(step, into: self)
            return
        case .keyDown(let key, let mods, _):
            // The app's own keys, before the panes.
            if commands.run(key, mods) { return }
        default:
            break
        }
        paneSet.deliver(event)
    }

    public func update(to wallTime: Double) {
        wall = wallTime
        for pane in panes { pane.parameterFile?.poll(wall: wallTime) }
        clips?.pump()
        codeExports?.pump(self)
        deckDrops?.pump(self)
        overlay.advance(wall: wallTime)
        let t = time.sceneTime(atWall: wallTime)
        for pane in panes { pane.advance(to: t) }
        chrome.advance(to: t)
        guard needsFrame else { return }
        statusLine.update(time: time, focused: focused)
        for pane in panes { pane.layoutIfNeeded() }
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
        return ([sceneWall, overlay.messageDeadline] + panes.map { $0.parameterFile?.nextPoll }).compactMap { $0 }.min()
    }

    public func draw(into renderer: Renderer) {
        screenshotSession.captureIfRequested(into: renderer)
        damage.paint(size: windowSize, into: renderer) { drawFrame(into: $0) }
        paintedSceneTime = now
        statusLine.frameDrawn(atWall: wall)
    }

    /// Draws every pane in its place (`PaneSet.paint`), then the chrome, as one frame.
    func drawFrame(into renderer: Renderer) {
        renderer.beginFrame(clearColor: panes[0].scene.clearColor)
        paneSet.paint(into: renderer, images: images)
        chrome.paintTree(into: renderer, images: images)
        renderer.endFrame()
    }

    /// An image finished loading or failed: styles re-measure, and the frame is redrawn.
    public func imagesChanged() {
        for pane in panes { pane.imagesChanged() }
        // A texture's pixels changed under the same drawing (an image decoded at a new size).
        damage.invalidate()
    }

    // MARK: Screenshots

    /// Asks for a screenshot of the next frame (F12, Ctrl+P).
    public func requestScreenshot() { screenshotSession.request() }
}

/// A one-line problem opening or switching a style.
public struct PreviewError: Error, CustomStringConvertible, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
