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
/// The overlay says when each file is ready, and where.
@MainActor
public final class ClipRecorder {
    public var settings: ClipSettings
    /// Wakes the window loop from another thread (a clip finished).
    public var wake: @Sendable () -> Void = {}
    /// The wall-clock date for file names (injected; tests pass a fixed one).
    public var date: () -> Date = Date.init
    private unowned let preview: Preview
    /// The style time recording started at, while recording.
    public private(set) var startedAt: Double?
    private let finished = Mailbox<FinishedJob>()
    private var running = 0
    /// Where clip renders are held while the window works: the window loop's (`SDLWindowHost.backgroundJobs`).
    public let jobs: BackgroundJobs

    public init(settings: ClipSettings, preview: Preview, jobs: BackgroundJobs) {
        self.settings = settings; self.preview = preview; self.jobs = jobs
    }

    /// Whether a recording is under way (the badge shows).
    public var isRecording: Bool { startedAt != nil }
    /// Clips still being rendered.
    public var rendering: Int { running }

    /// Ctrl+R: starts recording, or stops and saves the clip from the start to now.
    public func toggle() {
        guard let start = startedAt else {
            startedAt = preview.styleTime
            preview.show(message: "Recording (Ctrl+R stops)")
            return
        }
        startedAt = nil
        save(from: start, to: preview.styleTime, what: "Clip")
    }

    /// Shift+F12: saves the last `replaySeconds` (as much as there is since the style appeared).
    public func saveReplay() {
        let end = preview.styleTime
        save(from: max(end - settings.replaySeconds, 0), to: end, what: "Replay")
    }

    /// The style switched: a recording under way ends there (its input started with the style).
    func styleSwitched(from end: Double) {
        guard let start = startedAt else { return }
        startedAt = nil
        save(from: start, to: end, what: "Clip")
    }

    private func save(from start: Double, to end: Double, what: String) {
        guard end - start >= 1.0 / Double(settings.fps) else {
            preview.show(message: "\(what) not saved: nothing to record yet", error: true)
            return
        }
        let folder = settings.folder.path
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            report("\(what) not saved: cannot create the folder \(folder)")
            return
        }
        let mp4 = settings.folder.path(style: preview.styleType.descriptor.name, date: date(), extensions: ["mp4", "gif"]) {
            FileManager.default.fileExists(atPath: $0)
        }
        let sidecarPath = (mp4 as NSString).deletingPathExtension + ".json"
        var members = preview.sidecar(named: (mp4 as NSString).lastPathComponent, kind: "clip").members ?? []
        members += [JSONMember("from", .number(start)), JSONMember("to", .number(end)), JSONMember("fps", .number(Double(settings.fps)))]
        do { try AtomicFile.write(JSONValue.object(members).serialized() + "\n", to: sidecarPath) } catch {
            report("\(what) not saved: \(error)")
            return
        }
        var outputs = [mp4]
        if settings.gif { outputs.append((mp4 as NSString).deletingPathExtension + ".gif") }
        preview.show(message: "\(what) of \(String(format: "%.1f", end - start)) s: rendering \(abbreviated(mp4))…")
        for out in outputs { render(sidecar: sidecarPath, out: out, what: what, ownsSidecar: out == mp4) }
    }

    /// Runs `record` for one output as a background job; its end is picked up by `pump`. With `ownsSidecar`, the
    /// run removes the sidecar when it writes no clip (even when this window died meanwhile).
    private func render(sidecar: String, out: String, what: String, ownsSidecar: Bool) {
        var args = [settings.executable, "record", "--params", sidecar, "--out", out] + (ownsSidecar ? ["--discard-params-on-failure"] : [])
        // A deck dropped since the window opened is written beside the sidecar for `record` (removed when done).
        var droppedDeck: String?
        if preview.deckReplaced {
            let path = (sidecar as NSString).deletingPathExtension + "-deck-\(UUID().uuidString.prefix(8)).json"
            do { try AtomicFile.write(preview.deck.json.serialized() + "\n", to: path) } catch {
                report("\(what) not saved: \(error)")
                return
            }
            droppedDeck = path
            args += ["--images", path, "--remove-images-after"]
        } else if let deck = settings.deckPath {
            args += ["--images", deck]
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

    /// Picks up clips that finished rendering and says so in the window (the loop calls it each iteration).
    public func pump() {
        for job in finished.drain() {
            running -= 1
            if job.ok {
                preview.show(message: "Saved \(abbreviated(job.out))")
            } else {
                let why = job.message.replacingOccurrences(of: "carousel-lab: ", with: "").replacingOccurrences(of: "Error: ", with: "")
                report("\(job.what.lowercased()) not saved: \(why)")
            }
        }
    }

    /// Waits until every clip being rendered is written (at exit), up to `timeout` seconds; returns whether all were.
    public func waitUntilIdle(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while running > 0 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            pump()
        }
        return running == 0
    }

    private func report(_ line: String) {
        preview.report(line)
        preview.show(message: line, seconds: 6, error: true)
    }

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
