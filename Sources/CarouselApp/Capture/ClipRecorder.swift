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
/// the focused pane's style time (the start is the state's: `CaptureState.clipStart`), Shift+F12 takes the last
/// `replaySeconds`; either writes a clip sidecar (style,
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
    /// The renders under way.
    private let renders: ClipJobs

    /// Records `context`'s focused pane into `settings.folder`, rendering as `jobs` (the window loop's).
    public init(settings: ClipSettings, context: AppContext, jobs: BackgroundJobs) {
        self.settings = settings; self.context = context
        renders = ClipJobs(jobs: jobs)
    }

    /// Clips still being rendered.
    public var rendering: Int { renders.running }

    /// Shift+F12: saves the last `replaySeconds` up to style time `end` (as much as there is since the style appeared)
    /// of the focused pane, whose style is `style`; returns the message to show.
    func saveReplay(end: Double, style: String) -> [AppAction] {
        save(from: max(end - settings.replaySeconds, 0), to: end, what: "Replay", style: style)
    }

    /// Saves the clip of the focused pane (style `style`) from style time `start` to `end` (Ctrl+R's marks, the
    /// timeline's loop, a recording ended by a style switch): its sidecar is written, and `record` renders it in the
    /// background. Returns the message to show: that it renders, or why it is not saved.
    func save(from start: Double, to end: Double, what: String, style: String) -> [AppAction] {
        guard end - start >= 1.0 / Double(settings.fps) else {
            return [.message(Message("\(what) not saved: nothing to record yet", error: true))]
        }
        let folder = settings.folder.path
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            return problem("\(what) not saved: cannot create the folder \(folder)")
        }
        let mp4 = settings.folder.path(style: style, date: date(), extensions: ["mp4", "gif"]) {
            FileManager.default.fileExists(atPath: $0)
        }
        let sidecarPath = (mp4 as NSString).deletingPathExtension + ".json"
        let state = context.sidecar(named: (mp4 as NSString).lastPathComponent, kind: "clip").members ?? []
        do { try ClipJobs.writeSidecar(state, from: start, to: end, fps: settings.fps, at: sidecarPath) } catch {
            return problem("\(what) not saved: \(error)")
        }
        var outputs = [mp4]
        if settings.gif { outputs.append((mp4 as NSString).deletingPathExtension + ".gif") }
        var messages: [AppAction] = [.message(Message("\(what) of \(String(format: "%.1f", end - start)) s: rendering \(abbreviated(mp4))…"))]
        for out in outputs { messages += render(sidecar: sidecarPath, out: out, what: what, ownsSidecar: out == mp4) }
        return messages
    }

    /// Has `record` render one output in the background; with `ownsSidecar`, that run removes the sidecar when it
    /// writes no clip.
    private func render(sidecar: String, out: String, what: String, ownsSidecar: Bool) -> [AppAction] {
        // A deck dropped since the window opened is written beside the sidecar for `record` (removed when done).
        let deck: (arguments: [String], written: String?)
        do { deck = try context.deckArguments(deckPath: settings.deckPath, beside: (sidecar as NSString).deletingPathExtension) } catch {
            return problem("\(what) not saved: \(error)")
        }
        do throws(ClipError) {
            try renders.start(executable: settings.executable, sidecar: sidecar, out: out, label: what, ownsSidecar: ownsSidecar,
                              deckArguments: deck.arguments, deckFile: deck.written)
        } catch {
            return problem("\(what) not saved: cannot run \(settings.executable): \(error.message)")
        }
        return []
    }

    /// Clips that finished rendering, as messages: where each is, or why it is not.
    public func takeResults() -> [AppAction] {
        renders.takeFinished().flatMap { job -> [AppAction] in
            if let why = job.failure { return [.message(.problem("\(job.label.lowercased()) not saved: \(why)"))] }
            return [.message(Message("Saved \(abbreviated(job.out)) · Ctrl+Shift+C copies it")), .capture(.saved(job.out))]
        }
    }

    public var isIdle: Bool { renders.running == 0 }

    private func problem(_ line: String) -> [AppAction] { [.message(.problem(line))] }

    private func abbreviated(_ path: String) -> String { ScreenshotFolder.abbreviated(path, home: settings.home) }
}
