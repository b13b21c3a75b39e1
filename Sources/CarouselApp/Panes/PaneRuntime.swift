import CarouselCore
import CarouselStyles
import CarouselSupport

/// What one pane draws and how it answers input, built from its `PaneState`: its own scene at the pane's size (so a
/// style lays out a pane as it lays out a window of that size), the style made from the state's definition and
/// values, auto-advance with its progress bar, the rotation control and the comparison label (`PaneChrome`).
///
/// It holds no state of the window's: the pane's identity, name, values, histories and recorded input are in
/// `PaneState`; what a runtime has beyond them (scroll positions, animations, timers) is what its recorded input
/// makes, so the timeline replaces a runtime by making a new one from the state and replaying the input into it
/// (`PaneRuntime.replayed`), and nothing is copied by hand. Every pane's scene runs on the window's one clock.
@MainActor
public final class PaneRuntime {
    /// The pane this runtime draws.
    public let id: PaneState.ID
    /// The pane's scene: its size is the pane's size; the style sees nothing else.
    public let scene: Scene
    /// Delivers input to the style: pointer events through the scene's tree (the style's own targets, such as
    /// stitch's row or circular's picker, then the style itself).
    private var input: StyleInput!
    /// The items the style shows, and which of the window's decks they are (`DeckState.version`).
    public let deck: Deck
    var deckVersion = 0
    public let images: ImageStore
    /// Where the pane sits in the window, in window points.
    public private(set) var frame: Rect
    /// The style's definition, and the style made from it.
    public let definition: StyleDefinition
    public private(set) var style: any CarouselStyle
    public let autoAdvance: AutoAdvance
    /// The scene time at which the style appeared: the style's time 0, as in `capture`.
    public let styleStart: Double
    /// The values the style has now (the state's, applied live when they change: `apply`).
    public private(set) var parameters: Parameters
    /// While the timeline replays recorded input into this pane, what it receives is not recorded again.
    var isReplaying = false
    /// Called with each event the style used, to be recorded (not while replaying).
    var onRecord: (InputEvent) -> Void = { _ in }
    /// Plays the stitch style's haptic as a click (nil: silent).
    var haptic: (() -> Void)? { didSet { connectHaptics() } }

    private let container = Node(name: "style")
    let chrome: PaneChrome
    /// The pointer in pane coordinates while it is over the pane (or mirrored onto it), else nil.
    private(set) var pointer: Point?
    /// Whether time is paused (the window's time control); the progress bar stops moving.
    private var timePaused = false
    /// Whether the window's keyboard focus is on this pane's carousel, as its input says (`.focus` events, recorded):
    /// Enter and Space then reach its rotation control when the style does not use them.
    public private(set) var hasKeyboardFocus = false
    /// Whether the rotation control started auto-advance since the style appeared: under reduced motion auto-advance
    /// waits for that (recorded input: a click on the button, or a key).
    private var rotationRequested = false

    /// Makes the runtime of `pane` at `frame` on `deck`, its scene at the style's start (`pane.styleStart`); its nodes
    /// measure text with `textMeasurer`.
    public init(_ pane: PaneState, frame: Rect, deck: Deck, images: ImageStore, reducesMotion: Bool = false,
                textMeasurer: any TextMeasurer = EstimatedTextMeasurer.shared) {
        id = pane.id
        self.deck = deck
        self.images = images
        self.frame = frame
        definition = pane.style
        parameters = pane.currentParameters
        styleStart = pane.styleStart
        scene = Scene(size: Size(max(frame.width, 1), max(frame.height, 1)), time: pane.styleStart, textMeasurer: textMeasurer)
        scene.reducesMotion = reducesMotion
        chrome = PaneChrome(scene: scene)
        autoAdvance = AutoAdvance(scene: scene)
        container.frame = Rect(origin: .zero, size: scene.size)
        scene.root.addChild(container)
        scene.root.addChild(chrome.root)
        chrome.layout(size: scene.size)
        style = pane.style.makeStyle(context: StyleContext(scene: scene, container: container, deck: deck, images: images), parameters: parameters)
        autoAdvance.onAdvance = { [weak self] in self?.advanceStyle() }
        chrome.onRotationControl = { [unowned self] in toggleRotation() }
        input = StyleInput(scene: scene) { [unowned self] in style }
        applyCommonParameters()
    }

    /// Whether the user asked for less motion (the window's setting): the scene's (`Scene.reducesMotion`), which the
    /// style reads as motions start; setting it applies the style's values again (a style that keeps animations in
    /// its settings takes the reduced ones), and auto-advance then waits for its rotation control.
    public var reducesMotion: Bool {
        get { scene.reducesMotion }
        set {
            guard newValue != scene.reducesMotion else { return }
            scene.reducesMotion = newValue
            style.apply(parameters)
            applyCommonParameters()
            scene.setNeedsDisplay()
        }
    }

    /// `pane` as it was at style time `t` of its recorded input, played with the values it has now: a new runtime
    /// made at its style's start and given the recorded input up to `t` exactly as `capture` gives a script
    /// (`Replay.advance`). The frame it then draws is the one `capture --at t` draws with that input and these values.
    static func replayed(_ pane: PaneState, to t: Double, frame: Rect, deck: Deck, images: ImageStore, reducesMotion: Bool,
                         timePaused: Bool, textMeasurer: any TextMeasurer) -> PaneRuntime {
        let (fresh, player) = replayStart(pane, frame: frame, deck: deck, images: images, reducesMotion: reducesMotion,
                                          timePaused: timePaused, textMeasurer: textMeasurer)
        Replay.advance(fresh.styleClock, from: 0, to: max(t, 0), player: player)
        fresh.isReplaying = false
        return fresh
    }

    /// A new runtime of `pane` at its style's start, replaying (nothing it receives is recorded), and the player of
    /// its recorded input: `replayed` and the checkpoints advance them (`Replay.advance`), then end the replay.
    static func replayStart(_ pane: PaneState, frame: Rect, deck: Deck, images: ImageStore, reducesMotion: Bool,
                            timePaused: Bool, textMeasurer: any TextMeasurer) -> (PaneRuntime, ScriptPlayer) {
        let fresh = PaneRuntime(pane, frame: frame, deck: deck, images: images, reducesMotion: reducesMotion, textMeasurer: textMeasurer)
        fresh.timePaused = timePaused
        fresh.isReplaying = true
        // As capture does once the images it waited for are in (a no-op when the style measured them already).
        fresh.imagesChanged()
        return (fresh, ScriptPlayer(pane.recording.entries))
    }

    /// The pane driven on its style's clock (time 0 is when its style appeared), as `Replay` drives a capture.
    var styleClock: FrameDriver { PaneClock(pane: self) }

    private func connectHaptics() {
        (style as? HapticFeedbackStyle)?.onHaptic = { [weak self] _ in self?.haptic?() }
    }

    // MARK: Values

    /// The active style's name.
    public var styleName: String { definition.name }

    /// Seconds since the style appeared (scene time, so pauses and slow motion count as they play).
    public var styleTime: Double { scene.now - styleStart }

    /// Whether values were applied to the running style after it was made (a live edit): it is then no longer what a
    /// replay of its input with its values makes.
    private(set) var valuesChangedWhileRunning = false

    /// Applies the state's values live, mid-animation, when they differ from those the style has.
    func apply(_ p: Parameters) {
        guard p != parameters else { return }
        parameters = p
        valuesChangedWhileRunning = true
        style.apply(p)
        applyCommonParameters()
        scene.setNeedsDisplay()
    }

    /// Stops the style's timers and auto-advance for good (the runtime is replaced or its pane closed).
    func tearDown() {
        style.tearDown()
        autoAdvance.stop()
    }

    private func applyCommonParameters() {
        let p = parameters
        // Under reduced motion auto-advance does not start by itself (before it is enabled, so it starts held).
        autoAdvance.setPaused(scene.reducesMotion && !rotationRequested, for: .reducedMotion)
        autoAdvance.setInterval(p[StyleRegistry.SharedKey.autoAdvanceInterval])
        // No timer with fewer than 2 items: there is nothing to advance to.
        autoAdvance.setEnabled(p[StyleRegistry.SharedKey.autoAdvance] && deck.items.count >= 2)
        refreshProgress()
    }

    private func advanceStyle() {
        style.advance()
        refreshProgress()
    }

    /// Redraws the progress bar and the rotation control from auto-advance's state.
    func refreshProgress() {
        let show = autoAdvance.isEnabled && parameters[StyleRegistry.SharedKey.autoAdvanceProgress]
        chrome.showProgress(show ? autoAdvance.progress : nil, remaining: autoAdvance.remaining ?? 0,
                            running: !autoAdvance.isPaused && !timePaused)
        let button = autoAdvance.isEnabled && parameters[StyleRegistry.SharedKey.autoAdvancePauseButton]
        chrome.showRotationControl(button ? (isRotating ? .pause : .play) : nil)
    }

    // MARK: Rotation control

    /// Whether auto-advance is on and neither paused by the rotation control nor held by reduced motion (it may still
    /// wait for the pointer to leave, a gesture to end or the window to show).
    public var isRotating: Bool {
        autoAdvance.isEnabled && autoAdvance.pauseReasons.isDisjoint(with: [.user, .reducedMotion])
    }

    /// The carousel's rotation control (its pause / play button, Enter or Space on the focused carousel): pauses
    /// auto-advance that rotates, else starts it, which under reduced motion is the request it waits for.
    func toggleRotation() {
        guard autoAdvance.isEnabled else { return }
        if isRotating {
            autoAdvance.setPaused(true, for: .user)
        } else {
            rotationRequested = true
            autoAdvance.setPaused(false, for: .user)
            autoAdvance.setPaused(false, for: .reducedMotion)
        }
        refreshProgress()
    }

    /// The rotation control's button on screen, in the pane's coordinates, when it shows.
    var rotationControlFrame: Rect? { chrome.rotationControlFrame }

    /// The window's time control paused or resumed.
    func setTimePaused(_ paused: Bool) {
        guard paused != timePaused else { return }
        timePaused = paused
        refreshProgress()
    }

    // MARK: Frame and time

    /// Moves the pane to `frame` in the window; a new size lays the style out for it.
    func setFrame(_ frame: Rect) {
        guard frame != self.frame else { return }
        let sizeChanged = frame.size != self.frame.size
        self.frame = frame
        // Where the pane is drawn is no node's: the frame is owed whether or not its size changed.
        scene.setNeedsDisplay()
        guard sizeChanged else { return }
        let s = Size(max(frame.width, 1), max(frame.height, 1))
        scene.size = s
        container.frame = Rect(origin: .zero, size: s)
        chrome.layout(size: s)
        refreshProgress()
    }

    /// Advances the pane's scene to `time` (timers fire in order) and lays the style out when a frame is needed.
    func advance(to time: Double) {
        scene.advance(to: time)
        updatePauseReasons()
    }

    /// Lays the style out for the current time when its scene needs a frame.
    func layoutIfNeeded() {
        if scene.needsFrame { FramePhases.measure(.layout) { style.layout() } }
    }

    // MARK: Input

    /// Delivers `event`, in the pane's coordinates, to the style, and records it (a key only when the carousel used
    /// it); returns whether it was used.
    @discardableResult
    func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .visibility(let visible):
            autoAdvance.setPaused(!visible, for: .hidden)
            refreshProgress()
            return true
        case .resize:
            return false
        case .focus(let entered):
            record(event)
            hasKeyboardFocus = entered
            // The WAI-ARIA carousel pattern: rotation stops when the keyboard focus comes in, until asked again.
            if entered && isRotating { autoAdvance.setPaused(true, for: .user) }
            refreshProgress()
            return true
        case .keyDown:
            let used = input.deliver(event) || rotationKey(event)
            if used { record(event) }
            updatePauseReasons()
            return used
        case .pointerMove(let p):
            pointer = p
        case .pointerLeave:
            pointer = nil
        default:
            break
        }
        record(event)
        let used = input.deliver(event)
        updatePauseReasons()
        return used
    }

    private func record(_ event: InputEvent) {
        if !isReplaying { onRecord(event) }
    }

    /// Enter or Space on the focused carousel that the style left: the rotation control's keys.
    private func rotationKey(_ event: InputEvent) -> Bool {
        guard hasKeyboardFocus, autoAdvance.isEnabled, case .keyDown(let key, let mods, _) = event, mods.isEmpty,
              key.name == "return" || key.name == "space" else { return false }
        toggleRotation()
        return true
    }

    private func updatePauseReasons() {
        let over = pointer.map { style.carouselFrame.contains($0) } ?? false
        let wasPaused = autoAdvance.isPaused
        autoAdvance.setPaused(over, for: .pointerOver)
        autoAdvance.setPaused(style.isInteracting, for: .interacting)
        if wasPaused != autoAdvance.isPaused { refreshProgress() }
    }

    /// An image finished loading or failed: the style re-measures.
    func imagesChanged() {
        style.imagesChanged()
        scene.setNeedsDisplay()
    }

    // MARK: Label

    /// Shows the comparison label (`name` and how the values differ from the first pane's), left of `covered` (the
    /// open tuning panel, in window points) where it covers the pane; hides it with nil.
    func showLabel(_ name: String?, differences: [String], covered: Rect?) {
        guard let name else { chrome.showLabel(nil); return }
        let inset = covered.map { $0.intersects(frame) ? max(frame.maxX - $0.minX, 0) : 0 } ?? 0
        chrome.showLabel(name, differences: differences, rightInset: inset)
    }

    /// The label's lines as shown, or nil when hidden.
    public var labelLines: [String]? { chrome.labelLines }

    // MARK: Export

    /// The style's state plus the pane's (auto-advance, pause), for `capture --layout` and sidecars.
    func state(timePaused: Bool) -> [JSONMember] {
        style.state + [JSONMember("autoAdvance", .bool(autoAdvance.isEnabled)),
                       JSONMember("paused", .bool(timePaused || autoAdvance.isPaused))]
    }

    /// The pane's laid-out items in the `capture --layout` format, frames moved into window coordinates.
    func layoutItems() -> [JSONValue] {
        style.layoutItems().map { $0.json(offsetBy: frame.origin) }
    }

}

/// A pane as a `FrameDriver` on its style's clock: `update(to: t)` moves its scene to style time `t` (timers fire in
/// order) and lays the style out when a frame is needed, `handle` delivers input as the window does.
@MainActor
final class PaneClock: FrameDriver {
    let pane: PaneRuntime
    init(pane: PaneRuntime) { self.pane = pane }
    func handle(_ event: InputEvent) { pane.handle(event) }
    func update(to time: Double) {
        pane.advance(to: pane.styleStart + time)
        pane.layoutIfNeeded()
    }
    var needsFrame: Bool { pane.scene.needsFrame }
    var nextWakeTime: Double? { pane.scene.nextWakeTime.map { $0 - pane.styleStart } }
    var wantsQuit: Bool { false }
    func draw(into renderer: Renderer) { pane.scene.paint(into: renderer, images: pane.images) }
}
