import CarouselCore
import CarouselSupport
import Foundation

/// The window's driver: the preview, plus scripted input replayed on the wall clock (`run --input`) and the
/// layout file kept up to date after drawn frames (`run --layout`).
@MainActor
public final class WindowDriver: FrameDriver {
    public let preview: Preview
    let player: ScriptPlayer
    /// The `run --layout` file, rewritten after each drawn frame that changed it.
    public let layoutFile: String?
    /// Prints one line on stderr (the stats line; a layout file that cannot be written).
    let report: (String) -> Void
    private var lastWritten: String?
    private var lastFailure: String?
    /// Frames drawn so far (`run --stats`).
    public private(set) var framesDrawn = 0
    /// The `run --stats` line, when asked for; printed on exit and whenever `statsRequest` is raised.
    public var statsLine: (() -> String)?
    /// Raised from a signal handler's queue; taken on the loop.
    public let statsRequest = RaisedFlag()
    /// Saves what the window remembers (`run`'s state file), whenever `saveRequest` is raised (SIGUSR2).
    public var saveState: (() -> Void)?
    /// Raised from a signal handler's queue; taken on the loop.
    public let saveRequest = RaisedFlag()

    public init(preview: Preview, script: ScriptedInput, layoutFile: String?, report: @escaping (String) -> Void) {
        self.preview = preview; player = ScriptPlayer(script); self.layoutFile = layoutFile; self.report = report
    }
    public func handle(_ event: InputEvent) { preview.handle(event) }
    public func update(to time: Double) {
        if statsRequest.take(), let statsLine { report(statsLine()) }
        if saveRequest.take() { saveState?() }
        // A script's entries a few milliseconds per update at most: the window answers Ctrl+Q and signals whatever
        // the script asks (it catches up over the next updates).
        behindScript = !player.deliver(upTo: time, into: preview, until: ProcessInfo.processInfo.systemUptime + 0.008)
        preview.update(to: time)
        // The timeline and the time it shows are written when they change, also when no frame follows (a paused
        // window, a scrub that draws nothing new): the file never lags the strip.
        let shown = WrittenMoment(timeline: preview.state.timeline, time: preview.state.focusedStyleTime, paused: preview.state.time.isPaused)
        if layoutFile != nil, shown != lastMoment, !preview.needsFrame { writeLayout() }
    }
    /// What the layout file last said of the timeline and its moment.
    private struct WrittenMoment: Equatable {
        var timeline: TimelineState
        var time: Double
        var paused: Bool
    }
    private var lastMoment: WrittenMoment?
    public var needsFrame: Bool { preview.needsFrame }
    public var nextWakeTime: Double? { behindScript ? 0 : [preview.nextWakeTime, player.nextTime].compactMap { $0 }.min() }
    /// Whether script entries due were left for the next update.
    private var behindScript = false
    public var wantsQuit: Bool { preview.wantsQuit }
    public var windowTitle: String? { preview.windowTitle }

    public func draw(into renderer: Renderer) {
        preview.draw(into: renderer)
        framesDrawn += 1
        writeLayout()
    }

    /// Writes the layout file when its text changed.
    private func writeLayout() {
        guard let layoutFile else { return }
        lastMoment = WrittenMoment(timeline: preview.state.timeline, time: preview.state.focusedStyleTime, paused: preview.state.time.isPaused)
        // Written only when it changed, whole or not at all, so readers never see half a file.
        let text = preview.layoutJSON(chrome: true).serialized() + "\n"
        guard text != lastWritten else { return }
        do {
            try AtomicFile.write(text, to: layoutFile)
            lastWritten = text
        } catch {
            // Said once per failure, not per frame: the next change tries again.
            if lastFailure != error.reason { report("\(layoutFile): cannot write the layout (\(error.reason))") }
            lastFailure = error.reason
        }
    }
}

/// A flag raised on one thread and taken on another.
public final class RaisedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    public init() {}
    public func raise() { lock.lock(); raised = true; lock.unlock() }
    /// Whether the flag was raised since the last take; lowers it.
    public func take() -> Bool { lock.lock(); defer { raised = false; lock.unlock() }; return raised }
}
