import CarouselClips
import CarouselCore
import CarouselSupport
import Foundation

/// Where and how the window saves clips (Ctrl+R, Shift+F12).
public struct ClipSettings: Sendable {
    /// The folder, as for screenshots.
    public var folder: ScreenshotFolder
    /// This program, run as `record` to render each clip.
    public var executable: String
    /// The deck the window shows (`--images`), passed on to the renderer; nil for the bundled one.
    public var deckPath: String?
    /// Also write a GIF beside each MP4.
    public var gif: Bool
    /// How much an instant replay keeps, in seconds.
    public var replaySeconds: Double
    /// Frames per second of the clips.
    public var fps: Int
    /// The home folder, for `~` in messages.
    public var home: String

    public init(folder: ScreenshotFolder, executable: String, deckPath: String?, gif: Bool = false, replaySeconds: Double = 10,
                fps: Int = 30, home: String = UserHome.path()) {
        self.folder = folder; self.executable = executable; self.deckPath = deckPath; self.gif = gif
        self.replaySeconds = replaySeconds; self.fps = fps; self.home = home
    }
}

/// Records the window as clips that are re-rendered, not grabbed from the screen: Ctrl+R marks a start and an end in
/// the focused pane's style time, Shift+F12 takes the last `replaySeconds`; either writes a clip sidecar (style,
/// values, every variant, the input delivered, from, to, fps) into the screenshots folder and has `ClipJobs` render
/// it with this program's `record` in the background, so the clip has every frame even when the window dropped some,
/// and the window keeps its frame rate. The window's side of clips: the marks, the names, the sidecar's content, and
/// the results as actions (`takeResults`: where each file is, or why it is not).
@MainActor
public final class ClipRecorder: BackgroundWork {
    public var settings: ClipSettings
    /// Wakes the window loop from another thread (a clip finished).
    public var wake: @Sendable () -> Void {
        get { renders.wake }
        set { renders.wake = newValue }
    }
    /// The wall-clock date for file names (injected; tests pass a fixed one).
    public var date: () -> Date = Date.init
    private unowned let context: AppContext
    /// The style time recording started at, while recording.
    public private(set) var startedAt: Double?
    /// The renders under way.
    private let renders: ClipJobs

    /// Records `context`'s focused pane into `settings.folder`, rendering as `jobs` (the window loop's).
    public init(settings: ClipSettings, context: AppContext, jobs: BackgroundJobs) {
        self.settings = settings; self.context = context
        renders = ClipJobs(jobs: jobs)
    }

    /// Whether a recording is under way (the badge shows).
    public var isRecording: Bool { startedAt != nil }
    /// Clips still being rendered.
    public var rendering: Int { renders.running }

    /// Ctrl+R: starts recording, or stops and saves the clip from the start to now.
    public func toggle() {
        guard let start = startedAt else {
            startedAt = context.focusedPane.styleTime
            context.show(message: "Recording (Ctrl+R stops)")
            return
        }
        startedAt = nil
        save(from: start, to: context.focusedPane.styleTime, what: "Clip")
    }

    /// Shift+F12: saves the last `replaySeconds` (as much as there is since the style appeared).
    public func saveReplay() {
        let end = context.focusedPane.styleTime
        save(from: max(end - settings.replaySeconds, 0), to: end, what: "Replay")
    }

    /// The timeline's loop range as a clip (Ctrl+R while it is marked): the same frames `record` renders from the
    /// sidecar, with the current values.
    public func save(range: ClosedRange<Double>) {
        save(from: range.lowerBound, to: range.upperBound, what: "Loop")
    }

    /// The style switched: a recording under way ends there (its input started with the style).
    func styleSwitched(from end: Double) {
        guard let start = startedAt else { return }
        startedAt = nil
        save(from: start, to: end, what: "Clip")
    }

    private func save(from start: Double, to end: Double, what: String) {
        guard end - start >= 1.0 / Double(settings.fps) else {
            context.show(message: "\(what) not saved: nothing to record yet", error: true)
            return
        }
        let folder = settings.folder.path
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            report("\(what) not saved: cannot create the folder \(folder)")
            return
        }
        let mp4 = settings.folder.path(style: context.focusedPane.styleName, date: date(), extensions: ["mp4", "gif"]) {
            FileManager.default.fileExists(atPath: $0)
        }
        let sidecarPath = (mp4 as NSString).deletingPathExtension + ".json"
        let state = context.sidecar(named: (mp4 as NSString).lastPathComponent, kind: "clip").members ?? []
        do { try ClipJobs.writeSidecar(state, from: start, to: end, fps: settings.fps, at: sidecarPath) } catch {
            report("\(what) not saved: \(error)")
            return
        }
        var outputs = [mp4]
        if settings.gif { outputs.append((mp4 as NSString).deletingPathExtension + ".gif") }
        context.show(message: "\(what) of \(String(format: "%.1f", end - start)) s: rendering \(abbreviated(mp4))…")
        for out in outputs { render(sidecar: sidecarPath, out: out, what: what, ownsSidecar: out == mp4) }
    }

    /// Has `record` render one output in the background; with `ownsSidecar`, that run removes the sidecar when it
    /// writes no clip.
    private func render(sidecar: String, out: String, what: String, ownsSidecar: Bool) {
        // A deck dropped since the window opened is written beside the sidecar for `record` (removed when done).
        let deck: (arguments: [String], written: String?)
        do { deck = try context.deckArguments(deckPath: settings.deckPath, beside: (sidecar as NSString).deletingPathExtension) } catch {
            report("\(what) not saved: \(error)")
            return
        }
        do throws(ClipError) {
            try renders.start(executable: settings.executable, sidecar: sidecar, out: out, label: what, ownsSidecar: ownsSidecar,
                              deckArguments: deck.arguments, deckFile: deck.written)
        } catch {
            report("\(what) not saved: cannot run \(settings.executable): \(error.message)")
        }
    }

    /// Clips that finished rendering, as messages: where each is, or why it is not.
    public func takeResults() -> [AppAction] {
        renders.takeFinished().flatMap { job -> [AppAction] in
            if let why = job.failure { return [.message(.problem("\(job.label.lowercased()) not saved: \(why)"))] }
            return [.message(Message("Saved \(abbreviated(job.out)) · Ctrl+Shift+C copies it")), .saved(job.out)]
        }
    }

    public var isIdle: Bool { renders.running == 0 }

    private func report(_ line: String) { context.apply(.message(.problem(line))) }

    private func abbreviated(_ path: String) -> String { ScreenshotFolder.abbreviated(path, home: settings.home) }
}
