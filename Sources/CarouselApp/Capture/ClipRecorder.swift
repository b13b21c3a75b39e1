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
                fps: Int = 30, home: String = NSHomeDirectory()) {
        self.folder = folder; self.executable = executable; self.deckPath = deckPath; self.gif = gif
        self.replaySeconds = replaySeconds; self.fps = fps; self.home = home
    }
}

/// Records the window as clips that are re-rendered, not grabbed from the screen: Ctrl+R marks a start and an end in
/// the focused pane's style time, Shift+F12 takes the last `replaySeconds`; either writes a clip sidecar (style,
/// values, every variant, the input delivered, from, to, fps) into the screenshots folder and runs this program's
/// `record --params SIDECAR` on it as a background job (`BackgroundRender`: it runs while the window waits, at a lower
/// priority), so the clip has every frame even when the window dropped some, and the window keeps its frame rate.
/// The window says when each file is ready, and where (`takeResults`).
@MainActor
public final class ClipRecorder: BackgroundWork {
    public var settings: ClipSettings
    /// Wakes the window loop from another thread (a clip finished).
    public var wake: @Sendable () -> Void = {}
    /// The wall-clock date for file names (injected; tests pass a fixed one).
    public var date: () -> Date = Date.init
    private unowned let context: AppContext
    /// The style time recording started at, while recording.
    public private(set) var startedAt: Double?
    private let finished = Mailbox<FinishedJob>()
    private var running = 0
    /// Where clip renders are held while the window works: the window loop's (`SDLWindowHost.backgroundJobs`).
    public let jobs: BackgroundJobs

    /// Records `context`'s focused pane into `settings.folder`, rendering as `jobs`.
    public init(settings: ClipSettings, context: AppContext, jobs: BackgroundJobs) {
        self.settings = settings; self.context = context; self.jobs = jobs
    }

    /// Whether a recording is under way (the badge shows).
    public var isRecording: Bool { startedAt != nil }
    /// Clips still being rendered.
    public var rendering: Int { running }

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
        var members = context.sidecar(named: (mp4 as NSString).lastPathComponent, kind: "clip").members ?? []
        members += [JSONMember("from", .number(start)), JSONMember("to", .number(end)), JSONMember("fps", .number(Double(settings.fps)))]
        do { try AtomicFile.write(JSONValue.object(members).serialized() + "\n", to: sidecarPath) } catch {
            report("\(what) not saved: \(error)")
            return
        }
        var outputs = [mp4]
        if settings.gif { outputs.append((mp4 as NSString).deletingPathExtension + ".gif") }
        context.show(message: "\(what) of \(String(format: "%.1f", end - start)) s: rendering \(abbreviated(mp4))…")
        for out in outputs { render(sidecar: sidecarPath, out: out, what: what, ownsSidecar: out == mp4) }
    }

    /// Runs `record` for one output as a background job; its end is picked up by `pump`. With `ownsSidecar`, the
    /// run removes the sidecar when it writes no clip (even when this window died meanwhile).
    private func render(sidecar: String, out: String, what: String, ownsSidecar: Bool) {
        var args = [settings.executable, "record", "--params", sidecar, "--out", out] + (ownsSidecar ? ["--discard-params-on-failure"] : [])
        // A deck dropped since the window opened is written beside the sidecar for `record` (removed when done).
        let droppedDeck: String?
        do {
            let deck = try context.deckArguments(deckPath: settings.deckPath, beside: (sidecar as NSString).deletingPathExtension)
            // `record` removes a deck written for it when it is done, even if the window is gone by then.
            args += deck.arguments + (deck.written != nil ? ["--remove-images-after"] : [])
            droppedDeck = deck.written
        } catch {
            report("\(what) not saved: \(error)")
            return
        }
        let job: BackgroundRender
        do throws(ClipError) { job = try BackgroundRender(args, jobs: jobs) } catch {
            if let droppedDeck { try? FileManager.default.removeItem(atPath: droppedDeck) }
            report("\(what) not saved: cannot run \(settings.executable): \(error.message)")
            return
        }
        running += 1
        let finished = self.finished, wake = self.wake, written = droppedDeck
        DispatchQueue.global().async {
            let (ok, lastLine) = job.wait()
            if let written { try? FileManager.default.removeItem(atPath: written) }
            finished.post(FinishedJob(out: out, what: what, ok: ok, message: lastLine))
            wake()
        }
    }

    /// Clips that finished rendering, as messages: where each is, or why it is not.
    public func takeResults() -> [AppAction] {
        finished.drain().flatMap { job -> [AppAction] in
            running -= 1
            guard job.ok else {
                let why = job.message.replacingOccurrences(of: "carousel-lab: ", with: "").replacingOccurrences(of: "Error: ", with: "")
                return [.message(.problem("\(job.what.lowercased()) not saved: \(why)"))]
            }
            return [.message(Message("Saved \(abbreviated(job.out)) · Ctrl+Shift+C copies it")), .saved(job.out)]
        }
    }

    public var isIdle: Bool { running == 0 }

    private func report(_ line: String) { context.apply(.message(.problem(line))) }

    private func abbreviated(_ path: String) -> String { ScreenshotFolder.abbreviated(path, home: settings.home) }
}

/// A clip render that ended.
struct FinishedJob: Sendable {
    let out: String
    let what: String
    let ok: Bool
    /// The renderer's last line on stderr (its summary, or its error).
    let message: String
}
