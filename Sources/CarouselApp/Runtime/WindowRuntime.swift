import CarouselCore
import CarouselStyles
import CarouselSupport
import Foundation

/// Everything the window draws and routes, built from `WindowState` and following it: each pane's runtime
/// (`PaneSet`), the chrome's scene with the tuning panel, the overlay (messages, help, status, badges, focus), the
/// toolbar, the timeline strip and graph, the checks panel; the pointer and keyboard routers; the timeline's replays
/// and their checkpoints; what each frame redraws.
///
/// It changes no state: input it routes and what it sees (a replay reaching its end) go to the store as actions
/// (`AppContext.apply`). `render(_:)` makes it follow the state after every action: each view compares what it
/// shows with the state and changes only what differs, so each change is noticed once.
@MainActor
public final class WindowRuntime {
    public let images: ImageStore
    let textMeasurer: any TextMeasurer
    /// The window's chrome: the tuning panel and the overlay, above every pane.
    public let chrome: Scene
    /// The panes' runtimes.
    public let panes = PaneSet()
    /// Routes the window's pointer events through the chrome's tree: the panel, or the panes (`PaneSet.target`).
    let pointer: PointerRouter
    /// The keyboard focus in the chrome's tree: each pane's stop, then the panel while it is open.
    let focus: FocusRouter
    /// The ring around what has the keyboard focus, in the overlay's window-only layer.
    let focusRing = FocusRing()
    let overlay: Overlay
    /// The F3 status line.
    let statusLine: StatusLine
    /// What each frame redraws: only what changed since the last one.
    public let damage = FrameDamage()
    /// The timeline's replays: checkpoints parked along it, and each pane's player while it replays in real time.
    let replays: TimelineReplays
    /// The store: where actions go, and the state read.
    unowned let context: AppContext
    /// The tuning panel (P).
    public private(set) lazy var panel = TuningPanel(context: context, chrome: chrome)
    /// The checks panel (`C`): WCAG checks of the focused style and values.
    public private(set) lazy var checks = ChecksPanel(context: context, scene: chrome)
    /// F12's screenshots, read back from the frame drawn.
    private(set) lazy var screenshots = ScreenshotSession(context: context)
    /// The timeline strip (`T`) and its graph (`G`), in the overlay's window-only layer.
    private(set) lazy var timelineStrip = TimelineStrip(context: context, scene: chrome)
    private(set) lazy var channelGraph = ChannelGraph(scene: chrome)
    /// The toolbar in the top-left corner.
    private(set) lazy var toolbar = Toolbar(context: context, scene: chrome)
    /// What the views were last made to show: each is redone only when its part of the state changed.
    private var shown = Shown()
    /// The scene time of the last frame drawn.
    private var paintedSceneTime: Double?

    private struct Shown {
        var size: Size?
        var edited: (pane: PaneState.ID, style: StyleDefinition)?
        var values: Parameters?
        var labels: [[String]]?
        var problem: String??
        var message: Message??
        var badge: String??
        var panelOpen = false
        var timelineShown = false
        var graph: Int??
        var helpShown = false
        var statusShown = false
        var checksShown = false
        var hintShown = false
    }

    /// The runtime of `state` (one pane per state pane), whose actions go to `context`; every scene measures text with
    /// `textMeasurer` (the renderer's, in the app).
    init(state: WindowState, images: ImageStore, context: AppContext, textMeasurer: any TextMeasurer) {
        self.images = images
        self.textMeasurer = textMeasurer
        self.context = context
        chrome = Scene(size: state.size, textMeasurer: textMeasurer)
        pointer = PointerRouter(scene: chrome)
        focus = FocusRouter(scene: chrome)
        overlay = Overlay(scene: chrome)
        statusLine = StatusLine(overlay: overlay)
        replays = TimelineReplays()
        chrome.root.addChild(panes.target)
        chrome.root.addChild(overlay.root)
        overlay.layout(size: state.size)
        chrome.root.addChild(panel.root)
        overlay.windowOnly.addChild(timelineStrip.root)
        overlay.windowOnly.addChild(channelGraph.root)
        overlay.windowOnly.addChild(toolbar.root)
        overlay.windowOnly.addChild(focusRing.root)
        overlay.windowOnly.addChild(checks.root)
        panes.pointer = pointer
        panes.apply = { [unowned context] in context.apply($0) }
        panes.admits = { [unowned self] in admits($0) }
        panes.showMirroredPointer = { [unowned overlay] in overlay.showMirroredPointer(source: $0, local: $1, frames: $2) }
        overlay.bottomInset = { [unowned self] in messageInset }
        overlay.badgeLeft = { [unowned self] in toolbar.buttonsMaxX + 6 }
        render(state)
    }

    /// Makes the runtime of pane `pane` at `frame` for `state` (its style at its start; a live pane).
    func makePane(_ pane: PaneState, frame: Rect, state: WindowState) -> PaneRuntime {
        let r = PaneRuntime(pane, frame: frame, deck: state.deck.deck, images: images, reducesMotion: state.motion.reducesMotion,
                            textMeasurer: textMeasurer)
        connect(r, deckVersion: state.deck.version)
        // A style made while scene time ran on starts at its start and catches up (nothing to replay: it is new).
        r.advance(to: state.time.sceneTime)
        return r
    }

    /// Wires a pane's runtime to the window: the click for its haptics, the recording of the input it uses.
    func connect(_ r: PaneRuntime, deckVersion: Int) {
        r.deckVersion = deckVersion
        r.haptic = { [weak self] in self?.sound?.playClick() }
        r.onRecord = { [unowned context, id = r.id] event in
            // A deliberate input the carousel took while a moment was shown: live from that moment first.
            if !context.state.timeline.isLive { context.apply(.timeline(.branch)) }
            context.apply(.panes(.record(id, event)))
        }
    }

    /// Plays the click that stands in for a phone's haptic feedback (nil: silent).
    public var sound: SoundPlayer?

    // MARK: Following the state

    /// Makes every view follow `state`: the panes' runtimes (made, replaced, moved, their values applied), the
    /// panel, the overlay, the toolbar, the strip and graph, the checks; what changed is redrawn.
    func render(_ state: WindowState) {
        followLive(state)
        if shown.size != state.size {
            chrome.size = state.size
            overlay.layout(size: state.size)
            panel.layout(size: state.size)
            damage.invalidate()
            shown.size = state.size
        }
        let focusedBefore = panes.focusedIndex
        if pending == nil, panes.sync(state, make: { makePane($0, frame: $1, state: state) }) {
            pointer.reset()
            damage.invalidate()
            replays.panesChanged()
        }
        if panes.focusedIndex != focusedBefore {
            followFocusedPane()
            chrome.setNeedsDisplay()
        }
        renderPanel(state)
        renderArea(state)
        renderOverlay(state)
        renderTimeline(state)
        if shown.checksShown != state.chrome.checksShown { checks.setShown(state.chrome.checksShown); shown.checksShown = state.chrome.checksShown }
        checks.follow(style: state.focused.styleName, values: state.focused.currentParameters, deck: state.deck.version)
        toolbar.update(Toolbar.State(style: state.focused.styleName, panelOpen: state.chrome.panelOpen, timelineShown: state.timeline.isShown,
                                     recording: state.capture.clipStart != nil, helpShown: state.chrome.helpShown, hint: state.chrome.hintShown,
                                     maxX: overlay.pictureArea.maxX - 8))
    }

    private func renderPanel(_ state: WindowState) {
        if shown.panelOpen != state.chrome.panelOpen {
            state.chrome.panelOpen ? panel.show() : panel.hide()
            shown.panelOpen = state.chrome.panelOpen
        }
        let edited = (pane: state.focused.id, style: state.focused.style)
        if shown.edited.map({ $0.pane != edited.pane || $0.style != edited.style }) ?? true {
            shown.edited = edited
            shown.values = state.focused.currentParameters
            panel.styleChanged()
        } else if shown.values != state.focused.currentParameters {
            shown.values = state.focused.currentParameters
            panel.parametersChanged()
        }
        let labels = state.panes.map { [$0.name] + (state.isComparing ? $0.differences(from: state.panes[0]) : []) }
            + [[state.chrome.panelOpen ? "\(panel.frame)" : ""], [state.isComparing ? "compared" : ""]]
        if shown.labels != labels {
            shown.labels = labels
            panes.showLabels(state, covered: state.chrome.panelOpen ? panel.frame : nil)
            overlay.showPanes(frames: state.isComparing ? state.paneFrames : [], focused: state.isComparing && panes.showsFocus ? state.focusedIndex : nil)
        }
    }

    /// Where the picture shows (`Overlay.pictureArea`): the window less an open panel and the strip with its graph.
    func pictureArea(_ state: WindowState) -> Rect {
        let right = state.chrome.panelOpen ? panel.frame.minX : state.size.width
        let strip = state.timeline.isShown ? TimelineStrip.height + (state.timeline.graphChannel != nil ? ChannelGraph.height : 0) : 0
        return Rect(0, 0, max(right, 1), max(state.size.height - strip, 1))
    }

    /// The surfaces and marks follow the picture area when it changes (the panel opened, the strip shown, a resize):
    /// the strip and the toolbar keep left of the panel, messages and marks inside it.
    private func renderArea(_ state: WindowState) {
        let area = pictureArea(state)
        guard area != overlay.pictureArea else { return }
        overlay.pictureArea = area
        overlay.showMirroredPointer(source: nil, local: .zero, frames: [])
        timelineStrip.width = area.width
        // Shown again where the area puts them.
        shown.message = nil
        shown.problem = nil
        shown.badge = nil
        shown.labels = nil
        renderPanel(state)
    }

    private func renderOverlay(_ state: WindowState) {
        if shown.message != .some(state.chrome.message) {
            if let m = state.chrome.message {
                overlay.show(message: m.text, error: m.isError)
            } else {
                overlay.clearMessage()
            }
            shown.message = .some(state.chrome.message)
        }
        if shown.problem != .some(state.chrome.problem) { overlay.showProblem(state.chrome.problem); shown.problem = .some(state.chrome.problem) }
        // While paused, the badge reads the moment shown too: "Paused · 1.23 s".
        let badge = state.time.speedBadge.map { state.time.isPaused ? "\($0) · \(String(format: "%.2f", state.focusedStyleTime)) s" : $0 }
        if shown.badge != .some(badge) { overlay.showBadge(badge); shown.badge = .some(badge) }
        if shown.helpShown != state.chrome.helpShown {
            state.chrome.helpShown ? overlay.helpCard.show() : overlay.helpCard.hide()
            shown.helpShown = state.chrome.helpShown
        }
        if shown.statusShown != state.chrome.statusShown { overlay.setStatusShown(state.chrome.statusShown); shown.statusShown = state.chrome.statusShown }
    }

    private func renderTimeline(_ state: WindowState) {
        if shown.timelineShown != state.timeline.isShown {
            timelineStrip.setShown(state.timeline.isShown)
            if !state.timeline.isShown { replays.clear() }
            shown.timelineShown = state.timeline.isShown
        }
        let graph = state.timeline.isShown ? state.timeline.graphChannel : nil
        if shown.graph != .some(graph) { channelGraph.show(graph != nil); shown.graph = .some(graph) }
    }

    /// Where the window's own surfaces and marks are, in window points, for the layout file (`chrome`): the picture
    /// area, the panel, the strip, the graph, the toolbar, the badge, the message and the problem line, each when
    /// shown.
    var chromeJSON: JSONValue {
        func rect(_ r: Rect?) -> JSONValue { r.map { .array([$0.x, $0.y, $0.width, $0.height].map { .number(LayoutItem.round4($0)) }) } ?? .null }
        return .object([
            JSONMember("picture", rect(overlay.pictureArea)),
            JSONMember("panel", rect(panel.isVisible ? panel.frame : nil)),
            JSONMember("strip", rect(timelineStrip.isShown ? timelineStrip.root.frame : nil)),
            JSONMember("graph", rect(channelGraph.isShown ? channelGraph.root.frame : nil)),
            JSONMember("toolbar", rect(toolbar.root.frame)),
            JSONMember("badge", rect(overlay.badgeFrame)),
            JSONMember("message", rect(overlay.messageFrame)),
            JSONMember("problem", rect(overlay.problemFrame)),
        ])
    }

    /// How far messages are raised above their place at the window's bottom: over the timeline strip when it shows,
    /// and over the page dots of a pane along the bottom edge, with 6 pt between.
    var messageInset: Double {
        let height = chrome.size.height
        let controls = panes.runtimes.compactMap { r -> Double? in
            guard r.frame.maxY >= height - 0.5, let c = r.style.bottomControls else { return nil }
            return height - (r.frame.minY + c.minY) - 20
        }
        // Above the strip (the picture area ends there), else above a pane's dots.
        return timelineStrip.isShown ? 0 : max(controls.max() ?? 0, 0)
    }

    // MARK: Time

    /// Moves every pane to the state's scene time (timers fire in order); while the timeline replays, delivers the
    /// recorded input due by then and says how far the replay got (`.timeline(.replayReached)`); makes missing
    /// checkpoints between frames while the strip shows; updates the strip, graph and focus ring.
    func advance(_ state: WindowState) {
        let t = state.time.sceneTime
        let slice = slicesReplays ? ProcessInfo.processInfo.systemUptime + 0.008 : nil
        switch state.timeline.mode {
        case .scrubbed:
            // A moment shown: nothing moves. Its replay is made when it is drawn or meets input (in the window, a few
            // milliseconds per update meanwhile).
            if slicesReplays { makePendingReplay(until: slice) }
            chrome.advance(to: t)
            return
        case .replaying:
            // A replay that reaches the end with nothing changed is the live window put aside: no need to make it.
            if pending != nil, let s = stash, s.key == stashKey(state), state.focusedStyleTime >= state.timeline.end {
                restoreStash()
            } else if makePendingReplay(until: slice) {
                replays.deliver(upToScene: t, into: panes.runtimes)
            } else {
                chrome.advance(to: t)
                return
            }
        case .live:
            break
        }
        for r in panes.runtimes { r.advance(to: t) }
        chrome.advance(to: t)
        if state.timeline.isReplaying { context.apply(.timeline(.replayReached(state.focusedStyleTime))) }
    }

    /// Frame work after time moved: the strip and graph follow the timeline, checkpoints are made while the strip
    /// shows, the panes lay out, the status line and focus ring follow.
    func prepareFrame(_ state: WindowState) {
        if state.timeline.isShown {
            timelineStrip.isPausedLive = state.time.isPaused
            timelineStrip.update(timeline: state.timeline, playhead: state.playhead, recording: state.focused.recording,
                                 liveTime: state.focusedStyleTime, paneSize: panes.focused.frame.size)
            updateGraph(state)
        }
        overlay.showGhostPointer(state.timeline.isLive ? nil : panes.focused.pointer.map { Point($0.x + panes.focused.frame.x, $0.y + panes.focused.frame.y) })
        checkpointsMissing = state.timeline.isShown && !state.timeline.isLive && pending == nil && replays.buildCheckpoints(for: state, runtime: self)
        guard needsFrame(paused: state.time.isPaused, now: state.time.sceneTime) else { return }
        statusLine.update(time: state.time, focused: panes.focused)
        for r in panes.runtimes { r.layoutIfNeeded() }
        updateFocusRing()
    }

    /// Whether checkpoints are still being made (the loop wakes for them).
    private var checkpointsMissing = false

    /// The graph follows the chosen channel of the focused item (the style's current item at the playhead) over the
    /// strip's span; it samples while the timeline is not live (a live span moves every frame).
    private func updateGraph(_ state: WindowState) {
        let definition = state.focused.style
        guard let index = state.timeline.graphChannel, index < definition.channels.count else { return }
        let item = ["expanded", "current", "active", "page"].lazy.compactMap { key -> Int? in
            guard case .number(let n)? = self.panes.focused.style.state.last(where: { $0.key == key })?.value else { return nil }
            return Int(n)
        }.first ?? 0
        let track = timelineStrip.trackSpan
        // Live, the moment runs on: the graph says how to get one instead of showing what it sampled before.
        guard !state.timeline.isLive else {
            channelGraph.showLive(channel: definition.channels[index], item: item, width: track.x + track.width + TimelineStrip.margin)
            return
        }
        let (start, end) = timelineStrip.window(timeline: state.timeline, liveTime: state.focusedStyleTime)
        let pane = state.focused, frame = panes.focused.frame
        channelGraph.update(pane: pane, channel: definition.channels[index], item: item, start: start, end: min(end, state.timeline.end),
                            loop: state.timeline.range, playhead: state.playhead ?? end, track: track) { [unowned self] in
            replayStart(pane, frame: frame, state: state)
        }
    }

    // MARK: The timeline's replays

    /// A new runtime of `pane` at its style's start, replaying, and the player of its recorded input.
    func replayStart(_ pane: PaneState, frame: Rect, state: WindowState) -> (PaneRuntime, ScriptPlayer) {
        let (r, player) = PaneRuntime.replayStart(pane, frame: frame, deck: state.deck.deck, images: images,
                                                  reducesMotion: state.motion.reducesMotion, timePaused: state.time.isPaused,
                                                  textMeasurer: textMeasurer)
        r.deckVersion = state.deck.version
        return (r, player)
    }

    /// Makes every pane afresh at the focused pane's style time `t` of `state` (`PaneRuntime.replayed`), from the
    /// nearest checkpoint when there is one; lazily: the replay is begun here and made when something needs the panes
    /// (a frame, input, the layout: `makePendingReplay`), so scrubs that follow one another before a frame cost
    /// nothing each. The first scrub from live puts the live runtimes aside (`stash`); going back to the newest
    /// moment with nothing changed (End, Escape, a replay played to its end) shows them again instead of a replay,
    /// which would make the same.
    func replay(toStyleTime t: Double, _ state: WindowState) {
        let key = stashKey(state)
        discardPending()
        if runtimesAreLive {
            // A runtime whose values changed while it ran is not what a replay makes: nothing to come back to.
            stash = panes.runtimes.contains(where: \.valuesChangedWhileRunning) ? nil : Stash(runtimes: panes.runtimes, key: key)
            runtimesAreLive = false
        }
        if state.timeline.isLive, let stash, stash.key == key {
            restoreStash()
            return
        }
        let scene = state.focused.styleStart + t
        let frames = state.paneFrames
        pending = PendingReplay(replays: state.panes.enumerated().map { i, pane in
            replays.begin(pane, to: scene - pane.styleStart, key: replays.key(state, pane: i, frame: frames[i])) {
                replayStart(pane, frame: frames[i], state: state)
            }
        }, deckVersion: state.deck.version)
    }

    /// Whether the window said, in this pause, that the carousel takes no keys while paused.
    private var saidPausedKeys = false

    /// Whether a replay of much input is made a few milliseconds per update, the last frame showing meanwhile (the
    /// window: it answers input, Ctrl+Q and signals between slices), or at once (capture, record, tests).
    public var slicesReplays = false

    /// A replay begun and not yet made: the runtimes it makes, and the deck they show.
    private struct PendingReplay {
        var replays: [TimelineReplays.Replaying]
        let deckVersion: Int
    }
    private var pending: PendingReplay?

    /// The live runtimes a scrub put aside, and what they were made for (`stashKey`).
    private struct Stash {
        let runtimes: [PaneRuntime]
        let key: String
    }
    private var stash: Stash?
    /// Whether the runtimes shown are the live window's (not a replay's).
    private var runtimesAreLive = true

    /// What the panes' runtimes depend on: for each pane its style, start, values, input, size, the deck and reduced
    /// motion.
    private func stashKey(_ state: WindowState) -> String {
        let frames = state.paneFrames
        return state.panes.indices.map { replays.key(state, pane: $0, frame: frames[$0]) }.joined(separator: "|")
    }

    /// Whether a replay is still being made.
    var isReplayPending: Bool { pending != nil }

    /// Makes the pending replay, whole or, with `deadline`, until the clock passes it; returns whether it is made.
    /// Once made, its runtimes are the panes'.
    @discardableResult
    func makePendingReplay(until deadline: Double? = nil) -> Bool {
        guard var p = pending else { return true }
        for i in p.replays.indices where !replays.advance(&p.replays[i], until: deadline) {
            pending = p
            return false
        }
        pending = nil
        let made = p.replays.map(\.runtime)
        for r in made { connect(r, deckVersion: p.deckVersion) }
        for r in panes.runtimes where !(stash?.runtimes.contains { $0 === r } ?? false) { r.tearDown() }
        panes.install(made)
        pointer.reset()
        damage.invalidate()
        return true
    }

    /// The live runtimes again, instead of any replay.
    private func restoreStash() {
        guard let s = stash else { return }
        discardPending()
        for r in panes.runtimes where !s.runtimes.contains(where: { $0 === r }) { r.tearDown() }
        panes.install(s.runtimes)
        stash = nil
        runtimesAreLive = true
        pointer.reset()
        damage.invalidate()
    }

    private func discardPending() {
        guard let p = pending else { return }
        for r in p.replays { r.runtime.tearDown() }
        pending = nil
    }

    /// The window is live again: the runtimes shown are live ones; what was put aside is not needed.
    private func followLive(_ state: WindowState) {
        guard state.timeline.isLive, !runtimesAreLive else { return }
        makePendingReplay()
        if let s = stash {
            for r in s.runtimes where !panes.runtimes.contains(where: { $0 === r }) { r.tearDown() }
            stash = nil
        }
        runtimesAreLive = true
    }

    /// Plays the recorded input from the moment shown on the window's clock.
    func startReplay(_ state: WindowState) {
        replays.start(state.panes.map { ($0.id, $0.recording.entries, state.styleTime(of: $0)) })
    }

    /// Whether input for the panes may be delivered now. Live: always. While a moment is shown or replayed, only a
    /// deliberate input: a press, the wheel, a pinch, a key (not held down); when the carousel takes it, it is
    /// recorded, which takes the window live from that moment first (`connect`: `.timeline(.branch)`), and a key
    /// it does not take changes nothing. Moves, releases, the pointer leaving and the focus are held back, so a
    /// replay plays on while the pointer wanders.
    private func admits(_ event: InputEvent) -> Bool {
        // Paused, a key would start a motion the frame cannot show until time runs again, when every key pressed
        // meanwhile would play at once: it is dropped, and the window says why (once per pause).
        if context.state.timeline.isLive, context.state.time.isPaused, case .keyDown = event {
            if !saidPausedKeys { context.apply(.message(Message("Paused: the carousel takes keys again when Space resumes"))) }
            saidPausedKeys = true
            return false
        }
        saidPausedKeys = saidPausedKeys && context.state.time.isPaused
        guard !context.state.timeline.isLive else { return true }
        switch event {
        case .visibility, .resize, .pointerDown, .wheel, .magnify: return true
        case .keyDown(_, _, let isRepeat): return !isRepeat
        default: return false
        }
    }

    // MARK: Input

    /// Routes one input event: the panel first (its keys while it is open, typing), then resizes, drops, keys
    /// (`handleKey`), the pointer through the chrome's tree, and what is left to every pane.
    func handle(_ incoming: InputEvent, drops: DeckDrop?) {
        // Input meets the moment shown: a replay asked for is made first.
        makePendingReplay()
        if case .keyDown = incoming, context.state.chrome.hintShown { context.apply(.chrome(.showHint(false))) }
        guard let event = panel.route(incoming) else { return }
        switch event {
        case .resize(let size):
            context.apply(.panes(.resize(size)))
        case .visibility:
            panes.deliverToAll(event)
        case .drop(let step):
            drops?.handle(step).forEach(context.apply)
        case .keyDown:
            handleKey(event)
        case .focus(let entered):
            // A script's (or a sidecar's) `focus in` / `focus out`: the carousel gains or loses the focus as Tab gives it.
            focusCarousel(entered)
        case .pointerMove, .pointerDown, .pointerUp, .pointerLeave, .wheel, .magnify:
            if case .pointerDown = event { pressed(on: pointer.targets(at: event.location ?? .zero)) }
            // Without a position (the pointer outside the window), a wheel or pinch still reaches every pane.
            if pointer.route(event) == nil { panes.deliverToAll(event) }
        default:
            panes.deliverToAll(event)
        }
    }

    // MARK: Drawing

    /// Whether any pane or the chrome would draw differently, except that a paused window whose time has not moved
    /// since the last frame drawn, with nothing changed, looks exactly like that frame: a paused window draws nothing.
    func needsFrame(paused: Bool, now: Double) -> Bool {
        let scenes = panes.runtimes.map(\.scene) + [chrome]
        guard scenes.contains(where: \.needsFrame) else { return false }
        return !(paused && !scenes.contains(where: \.hasUnpaintedChanges) && paintedSceneTime == now)
    }

    /// The wall time the loop must wake at: a scene's timer or animation, the message's deadline, checkpoints still to
    /// make.
    func nextWakeTime(_ state: WindowState, needsFrame: Bool) -> Double? {
        let sceneWake = (panes.runtimes.map(\.scene) + [chrome]).compactMap(\.nextWakeTime).min()
        let sceneWall = sceneWake.flatMap { needsFrame ? state.chrome.wall : state.time.wallTime(forScene: $0) }
        let building = checkpointsMissing || (slicesReplays && pending != nil) ? state.chrome.wall + 1.0 / 60 : nil
        let message = state.chrome.message.flatMap { _ in state.chrome.messageDeadline ?? state.chrome.wall }
        return [sceneWall, message, building].compactMap { $0 }.min()
    }

    /// Draws the frame; without `windowChrome`, the picture alone, as `capture` and `record` draw it (no toolbar,
    /// messages, badges or timeline strip unless asked for with `--show-chrome`).
    func draw(into renderer: Renderer, windowChrome: Bool, now: Double, wall: Double) {
        if !slicesReplays { makePendingReplay() }
        screenshots.captureIfRequested(into: renderer) { drawFrame(into: $0, windowOnly: false) }
        damage.paint(size: chrome.size, into: renderer) { drawFrame(into: $0, windowOnly: windowChrome) }
        paintedSceneTime = now
        statusLine.frameDrawn(atWall: wall)
    }

    /// Draws every pane in its place, then the chrome, as one frame; `windowOnly` false leaves out what only the
    /// window shows (messages, the status line, help, badges, the focus ring: `Overlay.windowOnly`), as a screenshot
    /// does, without touching a node.
    func drawFrame(into renderer: Renderer, windowOnly: Bool = true) {
        if !slicesReplays { makePendingReplay() }
        renderer.beginFrame(clearColor: panes.runtimes[0].scene.clearColor)
        panes.paint(into: renderer, images: images, window: Rect(origin: .zero, size: chrome.size))
        if windowOnly {
            chrome.paintTree(into: renderer, images: images)
        } else {
            chrome.paintLayer(into: renderer, images: images, skipping: overlay.windowOnly)
        }
        renderer.endFrame()
    }

    /// An image finished loading or failed: styles re-measure, and the next frame redraws what changed (a picture
    /// whose pixels changed is told by its version, `ImageFacts`).
    func imagesChanged() {
        for r in panes.runtimes { r.imagesChanged() }
    }
}
