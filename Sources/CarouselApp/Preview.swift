import CarouselCore
import CarouselStyles
import CarouselSupport
import Foundation

/// The window's store: its state (`WindowState`, a value), the one way that state changes (`apply`: the reducers,
/// then their effects), and the frame loop's driver over the runtime built from it (`WindowRuntime`).
///
/// Frame order per loop iteration: `handle` each input event (routed by the runtime, which turns what it means into
/// actions) -> `update(to:)` (parameter files and background work's results applied as actions; the frame's tick
/// moves scene time; the runtime follows) -> `draw` when a frame is needed. Drawing changes nothing.
@MainActor
public final class Preview: FrameDriver, AppContext {
    public private(set) var state: WindowState
    /// What the window draws and routes, following `state`.
    public private(set) var runtime: WindowRuntime!
    private var runner: EffectRunner!
    /// Actions sent while one is applied (an effect's result, input routed during an effect) wait their turn here.
    private var queue: [AppAction] = []
    private var applying = false
    /// The parameter files the panes follow, watched while the window is open.
    public private(set) var watchers: [ParameterFileWatcher] = []
    /// The effect files the panes' styles came from, watched while the window is open (nil: read once, as capture).
    public var effectFiles: EffectFileWatchers?
    /// The problems found applying the variants' values when the preview opened, each naming its file, key and line.
    public private(set) var startupProblems: [String] = []

    /// Opens one pane per variant (one to four) on `deck` in a window of `size`, split as `PaneSplit` chooses. A
    /// variant's values that do not apply are listed in `startupProblems` and the rest applies. Every scene measures
    /// text with `textMeasurer` (the renderer's, in the app).
    public init(deck: Deck, images: ImageStore, size: Size, variants: [Variant],
                textMeasurer: any TextMeasurer = EstimatedTextMeasurer.shared) throws(PreviewError) {
        guard !variants.isEmpty else { throw PreviewError("no variant to show") }
        guard !deck.items.isEmpty else { throw PreviewError("the deck has no items") }
        if let problem = PaneSplit.problem(count: variants.count, styles: variants.map(\.style), in: size) { throw PreviewError(problem) }
        var panes: [PaneState] = []
        for (i, variant) in variants.enumerated() {
            guard let style = StyleRegistry.style(named: variant.style) else {
                throw PreviewError("unknown style \"\(variant.style)\" (styles: \(StyleRegistry.names.joined(separator: ", ")))")
            }
            var pane = PaneState(id: i + 1, name: variant.name, style: style, start: 0)
            if let values = variant.values {
                var p = pane.currentParameters
                startupProblems += p.apply(json: values, file: variant.file ?? variant.name)
                pane.setValues(p, at: 0, undo: nil)
            }
            panes.append(pane)
        }
        state = WindowState(size: size, deck: deck, panes: panes)
        runtime = WindowRuntime(state: state, images: images, context: self, textMeasurer: textMeasurer)
        runner = EffectRunner(runtime: runtime)
    }

    /// Opens `styleName` on `deck` in a window of `size`: one pane.
    public convenience init(deck: Deck, images: ImageStore, size: Size, style styleName: String,
                            textMeasurer: any TextMeasurer = EstimatedTextMeasurer.shared) throws(PreviewError) {
        try self.init(deck: deck, images: images, size: size, variants: [Variant(name: "variant 1", style: styleName)], textMeasurer: textMeasurer)
    }

    // MARK: The one way in

    /// Applies `action`: its reducer changes the state and returns effects, which the runner performs (what they give
    /// at once is applied next); then the runtime follows the state.
    public func apply(_ action: AppAction) {
        queue.append(action)
        guard !applying else { return }
        applying = true
        defer { applying = false }
        while !queue.isEmpty {
            let next = queue.removeFirst()
            let effects = AppReducer.reduce(&state, next)
            queue += runner.perform(effects, state)
            runtime.render(state)
        }
    }

    // MARK: Collaborators

    /// Called with every one-line problem to report (the CLI prints them on stderr).
    public var report: (String) -> Void {
        get { runner.report }
        set { runner.report = newValue }
    }
    /// The system clipboard; nil where there is none (capture, tests).
    public var clipboard: Clipboard? {
        get { runner.clipboard }
        set { runner.clipboard = newValue }
    }
    /// Clips (Ctrl+R, Shift+F12), code exports (Ctrl+E), drops and pastes, screenshots (F12): the window's; nil in
    /// capture and tests. Attaching one tells the state what the window can do.
    public var clips: ClipRecorder? { get { runner.clips } set { runner.clips = newValue; servicesChanged() } }
    public var codeExports: CodeExportSession? { get { runner.codeExports } set { runner.codeExports = newValue; servicesChanged() } }
    public var deckDrops: DeckDrop? { get { runner.deckDrops } set { runner.deckDrops = newValue; servicesChanged() } }
    public var screenshots: ScreenshotSettings? {
        get { runtime.screenshots.settings }
        set { runtime.screenshots.settings = newValue; servicesChanged() }
    }
    /// The last file saved, handed on to other programs.
    public var handoff: FileHandoff { runner.handoff }

    private func servicesChanged() {
        var s: WindowServices = []
        if screenshots != nil { s.insert(.screenshots) }
        if clips != nil { s.insert(.clips) }
        if codeExports != nil { s.insert(.exports) }
        if deckDrops != nil { s.insert(.deckDrops) }
        apply(.services(s))
    }

    /// Adds background work whose results `update` drains (the image store's decodes, in the window).
    public func addBackgroundWork(_ work: BackgroundWork) { runner.extraWork.append(work) }

    /// Follows the parameter file `watcher` watches for its pane.
    public func watch(_ watcher: ParameterFileWatcher) { watchers.append(watcher) }

    /// Waits until no background work is in flight, applying results as they come, up to `timeout` seconds; returns
    /// whether all of it finished (at exit, so clips and exports are written, not lost; in tests).
    public func waitForBackgroundWork(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            for work in runner.backgroundWork { work.takeResults().forEach(apply) }
            if runner.backgroundWork.allSatisfy(\.isIdle) { return true }
            if Date() >= deadline { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// The sidecar of a screenshot or clip named `name` (see `LayoutExport.sidecar`).
    public func sidecar(named name: String, kind: String) -> JSONValue { LayoutExport.sidecar(state, runtime, named: name, kind: kind) }

    // MARK: FrameDriver

    public func handle(_ event: InputEvent) { runtime.handle(event, drops: deckDrops) }

    public func update(to wallTime: Double) {
        for watcher in watchers { watcher.poll(wall: wallTime) }
        effectFiles?.poll(state, wall: wallTime).forEach(apply)
        // Background work's results, at one point of the frame.
        for work in runner.backgroundWork { work.takeResults().forEach(apply) }
        apply(.time(.tick(wall: wallTime)))
        runtime.advance(state)
        runtime.prepareFrame(state)
    }

    public var needsFrame: Bool { runtime.needsFrame(paused: state.time.isPaused, now: state.time.sceneTime) }

    public var nextWakeTime: Double? {
        let effectPoll = state.panes.contains { if case .file = $0.style.origin { true } else { false } } ? effectFiles?.nextPoll : nil
        return ([runtime.nextWakeTime(state, needsFrame: needsFrame), effectPoll] + watchers.map(\.nextPoll)).compactMap { $0 }.min()
    }

    public var wantsQuit: Bool { state.wantsQuit }
    public var windowTitle: String? { state.title }

    public func draw(into renderer: Renderer) { draw(into: renderer, windowChrome: true) }

    /// Draws the frame; without `windowChrome`, the picture alone, as `capture` and `record` draw it.
    public func draw(into renderer: Renderer, windowChrome: Bool) {
        runtime.draw(into: renderer, windowChrome: windowChrome, now: state.time.sceneTime, wall: state.chrome.wall)
    }
}

/// A one-line problem opening or switching a style.
public struct PreviewError: Error, CustomStringConvertible, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
