import CarouselCore
import CarouselStyles
import CarouselSupport
import Foundation

/// What tests, the checks and the executable read of the window, and the few ways they ask for a change. Each
/// reading is a view of `state` or of the runtime built from it; each change is an action (`apply`).
extension Preview {
    // MARK: Panes

    /// The panes' runtimes, in reading order.
    public var panes: [PaneRuntime] { runtime.makePendingReplay(); return runtime.panes.runtimes }
    /// The focused pane's runtime.
    public var focused: PaneRuntime { runtime.makePendingReplay(); return runtime.panes.focused }
    /// The focused pane's state.
    public var focusedPane: PaneState { state.focused }
    /// The panes' runtimes as the window lays them out.
    public var paneSet: PaneSet { runtime.panes }
    /// The focused pane's scene, style, definition, values and auto-advance.
    public var scene: Scene { focused.scene }
    public var style: any CarouselStyle { focused.style }
    public var definition: StyleDefinition { state.focused.style }
    public var currentParameters: Parameters { state.focused.currentParameters }
    public var autoAdvance: AutoAdvance { focused.autoAdvance }
    /// The input the focused pane's style received since it appeared.
    public var recording: InputRecording { state.focused.recording }
    /// Seconds since the focused pane's style appeared.
    public var styleTime: Double { state.focusedStyleTime }
    public var isComparing: Bool { state.isComparing }

    // MARK: Window

    public var windowSize: Size { state.size }
    /// The current scene time (every pane's; the timeline can take it back).
    public var now: Double { state.time.sceneTime }
    /// Wall time of the current frame, in seconds.
    public var wall: Double { state.chrome.wall }
    public var time: TimeControl { state.time }
    public var timeline: TimelineState { state.timeline }
    public var deck: Deck { state.deck.deck }
    public var deckSource: String? { state.deck.source }
    public var deckReplaced: Bool { state.deck.replaced }
    public var deckProblems: [String] { state.deck.problems }
    public var reducesMotion: Bool { state.motion.reducesMotion }
    public var motionSource: MotionSource { state.motion.source }
    /// What each frame redraws.
    public var damage: FrameDamage { runtime.damage }
    /// The window's chrome scene (the panel, the overlay) and its overlay.
    public var chrome: Scene { runtime.chrome }
    var overlay: Overlay { runtime.overlay }
    /// The tuning panel and the checks panel.
    public var panel: TuningPanel { runtime.panel }
    public var checks: ChecksPanel { runtime.checks }
    public var carouselHasFocus: Bool { runtime.carouselHasFocus }
    public var panelHasFocus: Bool { runtime.panelHasFocus }
    /// The message, the problem line, the F3 line on screen, if any; whether the help card shows.
    public var currentMessage: String? { state.chrome.message?.text }
    public var currentProblem: String? { state.chrome.problem }
    public var currentStatus: String? { runtime.statusLine.text }
    public var isHelpVisible: Bool { state.chrome.helpShown }
    /// The window's renderer and why it was chosen, and its display scale, shown at the end of the F3 line.
    public var rendererDescription: String {
        get { runtime.statusLine.rendererDescription }
        set { runtime.statusLine.rendererDescription = newValue }
    }
    /// Plays the click that stands in for a phone's haptic feedback (nil: silent).
    public var sound: SoundPlayer? {
        get { runtime.sound }
        set { runtime.sound = newValue }
    }

    // MARK: Changes, as actions

    /// Switches the focused pane to another built-in style, keeping each style's values.
    public func switchStyle(to name: String) throws(PreviewError) {
        guard let style = StyleRegistry.style(named: name) else {
            throw PreviewError("unknown style \"\(name)\" (styles: \(StyleRegistry.names.joined(separator: ", ")))")
        }
        apply(.panes(.switchStyle(style)))
    }
    /// Sets one parameter of the focused pane live; throws a one-line message when the key or value is bad.
    public func setParameter(_ key: String, _ value: ParameterValue) throws(ParameterError) {
        var p = currentParameters
        try p.set(key, value)
        apply(.values(.set(p)))
    }
    /// Replaces the focused pane's active values and applies them live.
    public func setParameters(_ p: Parameters) { apply(.values(.set(p))) }
    /// Replaces the deck of every pane; an empty deck is refused (false) and the old one stays.
    @discardableResult
    public func replaceDeck(_ deck: Deck, source: String?, problems: [String] = []) -> Bool {
        guard !deck.items.isEmpty else { return false }
        apply(.panes(.replaceDeck(deck, source: source, problems: problems)))
        return true
    }
    /// Shows a problem at the top of the window until it is cleared with nil (a broken parameter file).
    public func showProblem(_ text: String?) { apply(.chrome(.problem(text))) }
    /// Shows the first-run hint beside the toolbar (the executable does on a first launch).
    public func showFirstRunHint() { apply(.chrome(.showHint(true))) }
    /// Asks for a screenshot of the next frame (F12, Ctrl+P).
    public func requestScreenshot() { apply(.capture(.requestScreenshot)) }
    /// An image finished loading or failed: styles re-measure, and the frame is redrawn.
    public func imagesChanged() { apply(.panes(.imagesChanged)) }

    // MARK: Drawing

    /// Draws every pane and the chrome as one frame; `windowOnly` false leaves out what only the window shows.
    public func drawFrame(into renderer: Renderer, windowOnly: Bool = true) { runtime.drawFrame(into: renderer, windowOnly: windowOnly) }
    /// Draws the picture a screenshot takes: the panes and what belongs with them, without the window's own marks.
    public func drawPicture(into renderer: Renderer) { runtime.drawFrame(into: renderer, windowOnly: false) }

    // MARK: Layout

    /// What is on screen now, in the `capture --layout` format (`LayoutExport.layoutJSON`); with `chrome`, the
    /// window's own surfaces too (the window's layout file).
    public func layoutJSON(chrome: Bool = false) -> JSONValue { LayoutExport.layoutJSON(state, runtime, chrome: chrome) }
    /// A screenshot's sidecar (`LayoutExport.sidecar`).
    public func screenshotSidecar(png: String) -> JSONValue { sidecar(named: (png as NSString).lastPathComponent, kind: "screenshot") }
    /// The focused pane's style state plus the window's (auto-advance, pause), for `capture --layout` and sidecars.
    public var styleState: [JSONMember] { focused.state(timePaused: state.time.isPaused) }

    // MARK: Timeline

    /// About how many bytes the timeline holds: every pane's recorded input and the parked replays.
    public var timelineBytes: Int { state.panes.reduce(0) { $0 + $1.recording.approximateBytes } + runtime.replays.approximateBytes }
    /// Makes the timeline's missing checkpoints for up to `budget` seconds; returns whether more are missing.
    @discardableResult
    public func buildCheckpoints(budget: Double = 0.008) -> Bool {
        guard state.timeline.isShown else { return false }
        return runtime.replays.buildCheckpoints(for: state, runtime: runtime, budget: budget)
    }
}
