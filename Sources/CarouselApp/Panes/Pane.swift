import CarouselCore
import CarouselStyles
import CarouselSupport

/// One variant on screen, the unit the window holds: its own scene at the pane's size (so a style lays out a pane
/// as it lays out a window of that size), the active style, every style's parameter values, the undo history per
/// style, auto-advance with its progress bar, and the input the style received (for sidecars and clips).
///
/// A single preview is one pane covering the window; a comparison is two to four. Every pane's scene runs on the
/// window's one clock (`Preview` advances them to the same time), and input reaches every pane at the same position
/// relative to it, so variants differ only by their values.
@MainActor
public final class Pane: PaneReading {
    /// A pane's identity within the process.
    public typealias ID = Int
    private static var nextID = 0
    public private(set) var id: ID
    /// The pane's scene: its size is the pane's size; the style sees nothing else.
    public let scene: Scene
    /// Delivers input to the style: pointer events through the scene's tree (the style's own targets, such as
    /// stitch's row or circular's picker, then the style itself).
    private var input: StyleInput!
    /// The items the style shows (replaced with `replaceDeck`).
    public private(set) var deck: Deck
    public let images: ImageStore
    /// Where the pane sits in the window, in window points.
    public private(set) var frame: Rect
    /// The variant's name as its label shows it: "variant 1", a file's name, or a preset ("Slick").
    public var name: String
    /// The active style.
    public private(set) var style: any CarouselStyle
    /// The active style's type.
    public private(set) var styleType: any CarouselStyle.Type
    /// Parameter values per style name, kept when switching away and back.
    public private(set) var parameters: [String: Parameters] = [:]
    /// Undo histories per style name (the window records the panel's edits of the focused pane into its own).
    public internal(set) var histories: [String: ParameterHistory] = [:]
    public let autoAdvance: AutoAdvance
    /// The input the active style received since it appeared, in the pane's coordinates and the style's time.
    public private(set) var recording = InputRecorder()
    /// While the timeline replays recorded input into this pane, the input is not recorded again.
    var isReplaying = false
    /// The scene time at which the active style appeared: the style's time 0, as in `capture`.
    public private(set) var styleStart: Double
    /// The parameter file whose values this pane follows, watched while the window is open (nil: none).
    public var parameterFile: ParameterFileWatcher?
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

    /// Opens `styleName` on `deck` in a pane at `frame`, with `parameters` for that style when given; its nodes
    /// measure text with `textMeasurer`.
    public init(deck: Deck, images: ImageStore, frame: Rect, style styleName: String, parameters: Parameters? = nil,
                name: String = "variant 1", time: Double = 0, textMeasurer: any TextMeasurer = EstimatedTextMeasurer.shared) throws(PreviewError) {
        guard let type = StyleRegistry.style(named: styleName) else {
            throw PreviewError("unknown style \"\(styleName)\" (styles: \(StyleRegistry.names.joined(separator: ", ")))")
        }
        guard !deck.items.isEmpty else { throw PreviewError("the deck has no items") }
        self.deck = deck
        self.images = images
        self.frame = frame
        self.name = name
        Pane.nextID += 1
        id = Pane.nextID
        scene = Scene(size: frame.size, time: time, textMeasurer: textMeasurer)
        styleStart = time
        chrome = PaneChrome(scene: scene)
        autoAdvance = AutoAdvance(scene: scene)
        container.frame = Rect(origin: .zero, size: frame.size)
        scene.root.addChild(container)
        scene.root.addChild(chrome.root)
        chrome.layout(size: frame.size)
        styleType = type
        let params = parameters ?? Parameters(specs: StyleRegistry.schema(of: type))
        self.parameters[type.descriptor.name] = params
        style = type.init(context: StyleContext(scene: scene, container: container, deck: deck, images: images), parameters: params)
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
            style.apply(currentParameters)
            applyCommonParameters()
            scene.setNeedsDisplay()
        }
    }

    /// This variant as it was at style time `t` of its recorded input, played with the values it has now: a new pane
    /// made at its style's start, given the recorded input up to `t` exactly as `capture` gives a script
    /// (`Replay.advance`), that takes this pane's place (its identity, name, values, histories, recording and parameter
    /// file). The frame it then draws is the one `capture --at t` draws with that input and these values.
    func replayed(to t: Double) -> Pane {
        let (fresh, player) = replayStart()
        Replay.advance(fresh.styleClock, from: 0, to: max(t, 0), player: player)
        fresh.finishReplay(haptic: haptic)
        return fresh
    }

    /// A new pane for this variant at its style's start, and the player of its recorded input: `replayed(to:)` and
    /// the graphs' sampler advance them (`Replay.advance`), then call `finishReplay`.
    func replayStart() -> (Pane, ScriptPlayer) {
        // The style exists (this pane shows it), so this cannot throw.
        let fresh = try! Pane(deck: deck, images: images, frame: frame, style: styleName, parameters: currentParameters,
                              name: name, time: styleStart, textMeasurer: scene.textMeasurer)
        fresh.reducesMotion = reducesMotion
        fresh.id = id
        fresh.parameters = parameters
        fresh.histories = histories
        fresh.recording = recording
        fresh.parameterFile = parameterFile
        fresh.timePaused = timePaused
        fresh.isReplaying = true
        // As capture does once the images it waited for are in (a no-op when the style measured them already).
        fresh.imagesChanged()
        return (fresh, ScriptPlayer(ScriptedInput(entries: recording.entries)))
    }

    /// Takes `pane`'s place after a replay made ahead (`ReplayCheckpoints`): its name, frame, histories and parameter
    /// file as they are now, and its haptics.
    func adopt(_ pane: Pane) {
        name = pane.name
        histories = pane.histories
        parameterFile = pane.parameterFile
        setFrame(pane.frame)
        finishReplay(haptic: pane.haptic)
    }

    /// Ends a replay: the pane records input again and clicks for its haptics.
    func finishReplay(haptic: (() -> Void)?) {
        isReplaying = false
        self.haptic = haptic
    }

    /// The pane driven on its style's clock (time 0 is when its style appeared), as `Replay` drives a capture.
    var styleClock: FrameDriver { PaneClock(pane: self) }

    // MARK: Values changed while the style ran

    /// A value set while the style ran: its key, the value it had before and the one it got, at a style time.
    struct ValueChange: Equatable {
        var time: Double
        var key: String
        var old: ParameterValue
        var new: ParameterValue
    }

    /// The values changed since the style appeared (the A key, a parameter file, the panel), so a sidecar can play
    /// them back where they happened (`scriptLines`) and `capture` draws the frame the window showed.
    private(set) var valueChanges: [ValueChange] = []

    private func logChanges(from before: Parameters, to after: Parameters) {
        for spec in after.specs {
            guard let old = before.values[spec.key], let new = after.values[spec.key], old != new else { continue }
            valueChanges.append(ValueChange(time: styleTime, key: spec.key, old: old, new: new))
        }
    }

    /// The input the style received, and the values changed while it ran as `set` entries, in time order: what a
    /// sidecar's `input` holds. A sidecar's values are those at its end; each key that had another value when the
    /// style started is first set back to it at time 0 (a change at time 0 itself, such as a `--params` file, is
    /// where the style started).
    var scriptLines: [String] {
        var start: [String: ParameterValue] = [:]
        for change in valueChanges where start[change.key] == nil { start[change.key] = change.time <= 0 ? change.new : change.old }
        for change in valueChanges where change.time <= 0 { start[change.key] = change.new }
        let final = currentParameters.values
        let t0 = start.keys.sorted().filter { start[$0] != final[$0] }.map { (time: 0.0, line: "0 set \($0) \(Pane.scriptValue(start[$0]!))") }
        let sets = valueChanges.filter { $0.time > 0 }.map {
            (time: $0.time, line: "\(InputRecorder.format($0.time, decimals: 6)) set \($0.key) \(Pane.scriptValue($0.new))")
        }
        let inputs = zip(recording.entries, recording.script.split(separator: "\n")).map { (time: $0.0.time, line: String($0.1)) }
        // A stable merge: at equal times, values first (they shaped what the input met).
        return (t0 + sets + inputs).enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element.line)
    }

    /// A value as a script's `set` writes it: a number, true / false, or a JSON string.
    static func scriptValue(_ value: ParameterValue) -> String {
        switch value {
        case .number(let n): JSONValue.format(n)
        case .bool(let b): b ? "true" : "false"
        case .text(let t): JSONValue.string(t).serialized(indent: nil)
        }
    }

    /// A new pane showing the same variant (style and every style's values) at `frame`, named `name`.
    func duplicate(frame: Rect, name: String) -> Pane {
        // The style exists (this pane shows it), so this cannot throw.
        let copy = try! Pane(deck: deck, images: images, frame: frame, style: styleType.descriptor.name,
                             parameters: currentParameters, name: name, time: scene.now, textMeasurer: scene.textMeasurer)
        copy.parameters = parameters
        copy.reducesMotion = reducesMotion
        return copy
    }

    private func connectHaptics() {
        (style as? HapticFeedbackStyle)?.onHaptic = { [weak self] _ in self?.haptic?() }
    }

    // MARK: Styles and parameters

    /// The active style's name.
    public var styleName: String { styleType.descriptor.name }

    /// The active style's values.
    public var currentParameters: Parameters { parameters[styleType.descriptor.name]! }

    /// The undo history of `style`'s values in this pane.
    public func history(for style: String) -> ParameterHistory { histories[style] ?? ParameterHistory() }

    /// Seconds since the active style appeared (scene time, so pauses and slow motion count as they play).
    public var styleTime: Double { scene.now - styleStart }

    /// Switches to another style, keeping each style's values; the old style's timers stop.
    public func switchStyle(to name: String) throws(PreviewError) {
        guard let type = StyleRegistry.style(named: name) else { throw PreviewError("unknown style \"\(name)\"") }
        guard type != styleType else { return }
        styleType = type
        parameters[name] = parameters[name] ?? Parameters(specs: StyleRegistry.schema(of: type))
        rebuildStyle()
    }

    /// Shows `deck` instead: the active style is made anew on it with the same values (every style's values and
    /// undo histories are kept); the recorded input starts again, as after a style switch.
    func replaceDeck(_ deck: Deck) {
        self.deck = deck
        rebuildStyle()
    }

    /// Tears the active style down and makes `styleType` anew on the current deck with its values.
    private func rebuildStyle() {
        style.tearDown()
        autoAdvance.stop()
        container.removeAllChildren()
        container.finishAnimations()
        style = styleType.init(context: StyleContext(scene: scene, container: container, deck: deck, images: images),
                               parameters: currentParameters)
        styleStart = scene.now
        recording.reset()
        valueChanges = []
        input.reset()
        // The rotation control starts afresh with the new recording; a carousel that has the keyboard focus says so
        // at its time 0, so a replay of the recording finds it focused.
        rotationRequested = false
        autoAdvance.setPaused(false, for: .user)
        applyCommonParameters()
        if hasKeyboardFocus { handle(.focus(true)) }
        connectHaptics()
    }

    /// Sets one parameter of the active style live; throws a one-line message when the key or value is bad.
    public func setParameter(_ key: String, _ value: ParameterValue) throws(ParameterError) {
        var p = currentParameters
        try p.set(key, value)
        setParameters(p)
    }

    /// Replaces the active style's values and applies them live, mid-animation.
    public func setParameters(_ p: Parameters) {
        if !isReplaying, let before = parameters[styleType.descriptor.name] { logChanges(from: before, to: p) }
        parameters[styleType.descriptor.name] = p
        style.apply(p)
        applyCommonParameters()
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
        let show = autoAdvance.isEnabled && currentParameters[StyleRegistry.SharedKey.autoAdvanceProgress]
        chrome.showProgress(show ? autoAdvance.progress : nil, remaining: autoAdvance.remaining ?? 0,
                            running: !autoAdvance.isPaused && !timePaused)
        let button = autoAdvance.isEnabled && currentParameters[StyleRegistry.SharedKey.autoAdvancePauseButton]
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
        timePaused = paused
        refreshProgress()
    }

    // MARK: Frame and time

    /// Moves the pane to `frame` in the window; a new size lays the style out for it.
    func setFrame(_ frame: Rect) {
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
        if !isReplaying { recording.record(event, at: styleTime, size: scene.size) }
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

    /// Shows the comparison label: the name and, for every pane but the first, how its values differ from
    /// `reference`'s, left of `covered` (the open tuning panel, in window points) where it covers the pane; hides it
    /// with nil.
    func showLabel(comparedWith reference: Pane?, covered: Rect? = nil) {
        guard let reference else { chrome.showLabel(nil); return }
        let inset = covered.map { $0.intersects(frame) ? max(frame.maxX - $0.minX, 0) : 0 } ?? 0
        chrome.showLabel(name, differences: reference === self ? [] : differences(from: reference), rightInset: inset)
    }

    /// How this pane's values differ from `reference`'s, one line per parameter, named as the panel names it
    /// ("Expand duration 0.4 → 0.6 s"); a different style is one line ("style expand → stitch").
    public func differences(from reference: Pane) -> [String] {
        guard reference.styleType == styleType else {
            return ["style \(reference.styleType.descriptor.name) → \(styleType.descriptor.name)"]
        }
        let mine = currentParameters, theirs = reference.currentParameters
        return mine.specs.compactMap { spec in
            guard let a = theirs.values[spec.key], let b = mine.values[spec.key], a != b else { return nil }
            var unit = ""
            if case .number(_, _, _, let u) = spec.kind, !u.isEmpty { unit = " " + u }
            return "\(spec.label) \(a) → \(b)\(unit)"
        }
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
        style.layoutItems().map { item in
            let f = item.frame.offsetBy(frame.x, frame.y)
            return .object([
                JSONMember("index", .number(Double(item.index))),
                JSONMember("image", .string(item.image)),
                JSONMember("frame", .array([f.x, f.y, f.width, f.height].map { .number(Pane.round4($0)) })),
                JSONMember("scale", .number(Pane.round4(item.scale))),
                JSONMember("opacity", .number(Pane.round4(item.opacity))),
                JSONMember("cornerRadius", .number(Pane.round4(item.cornerRadius))),
                JSONMember("visible", .bool(item.visible)),
            ])
        }
    }

    static func round4(_ v: Double) -> Double { (v * 10000).rounded() / 10000 }
}

/// A pane as a `FrameDriver` on its style's clock: `update(to: t)` moves its scene to style time `t` (timers fire in
/// order) and lays the style out when a frame is needed, `handle` delivers input as the window does.
@MainActor
final class PaneClock: FrameDriver {
    let pane: Pane
    init(pane: Pane) { self.pane = pane }
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
