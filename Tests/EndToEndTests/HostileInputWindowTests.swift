import CarouselClips
import CSDL2
import CarouselSupport
import CarouselTesting
import Foundation
import SDLBackend
import Testing

/// The real window, under an X server of its own, fed what a hostile or careless user feeds it (issue 34): a curve
/// whose overshoot no renderer can draw, hot-reloaded; FIFOs where files are expected; signals a closed terminal or
/// a script sends; a remembered deck that went bad. The window must keep running, stay responsive, say what happened
/// in one line, and remember its state.
@Suite("Hostile input to the window under Xvfb", .serialized,
       .enabled(if: AppWindow.available && PrivateDisplay.available, "needs Xvfb, xdotool and a built carousel-lab"))
struct HostileInputWindowTests {
    /// A scratch folder: the state lives in `state/`, files to feed the window beside it.
    final class Scratch {
        let root: String
        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root + "/state/carousel-lab", withIntermediateDirectories: true)
        }
        func path(_ name: String) -> String { root + "/" + name }
        var stateFile: String { path("state/carousel-lab/state.json") }
        /// Writes `text` to `name` by renaming a finished file over it, as editors save.
        func write(_ name: String, _ text: String) throws {
            try text.write(toFile: path(name + ".new"), atomically: false, encoding: .utf8)
            guard rename(path(name + ".new"), path(name)) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    /// Ctrl+Q, then waits up to 15 s for the app to end; whether it did.
    @discardableResult
    func quit(_ app: AppWindow) -> Bool {
        app.xdotool("key", "ctrl+q")
        return waitForExit(app, timeout: 15)
    }

    func waitForExit(_ app: AppWindow, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while app.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return !app.process.isRunning
    }

    /// Kills the app if it is still running (a window stuck on a file ignores SIGTERM: the test fails, never hangs).
    func stop(_ app: AppWindow) {
        if app.process.isRunning { HostileInputWindowTests.killAndWait(app) }
    }

    func savedState(_ scratch: Scratch) -> JSONValue? {
        FileManager.default.contents(atPath: scratch.stateFile).flatMap { try? JSONParser.parse($0) }
    }

    @Test("A params file hot-reloaded with cubic-bezier(0.2,1e9,0.2,1): hovering and stepping animate without a crash; Ctrl+Q saves the state")
    func extremeCurveHotReloaded() throws {
        let display = try PrivateDisplay()
        let scratch = try Scratch()
        try scratch.write("p.json", #"{"expandCurve": "easeInOut"}"#)
        let app = try AppWindow(["--style", "expand", "--params", scratch.path("p.json")],
                                environment: ["DISPLAY": display.name, "XDG_STATE_HOME": scratch.path("state")], captureStderr: true)
        defer { withExtendedLifetime((display, app)) {} }
        defer { stop(app) }
        #expect(app.windowID() != nil)
        for curve in ["cubic-bezier(0.2,1e9,0.2,1)", "cubic-bezier(0.2,-1e308,0.2,1e308)"] {
            try scratch.write("p.json", #"{"expandCurve": "\#(curve)", "scrollCurve": "\#(curve)"}"#)
            #expect(app.wait(timeout: 10) { $0["parameters"]?["expandCurve"] == .string(curve) } != nil, "reloaded \(curve)")
            for x in ["270", "500", "800", "270"] {
                app.xdotool("mousemove", x, "350")
                Thread.sleep(forTimeInterval: 0.15)
            }
            app.xdotool("key", "Right")
            app.xdotool("key", "End")
            // Until the row stands still at its end (or the window is gone: a crashed one writes nothing more).
            #expect(app.waitUntilStill(), "the row came to rest within 15 s with \(curve)")
            #expect(app.process.isRunning, "alive after animating with \(curve): \(app.stderr())")
        }
        #expect(quit(app) && app.process.wait().status == 0, "\(app.stderr())")
        #expect(savedState(scratch)?["style"] == .string("expand"), "the state was saved at exit")
    }

    /// Starts the app on a private display with its state in `scratch`, stderr kept.
    func start(_ scratch: Scratch, _ display: PrivateDisplay, _ arguments: [String] = []) throws -> AppWindow {
        try AppWindow(arguments, environment: ["DISPLAY": display.name, "XDG_STATE_HOME": scratch.path("state")], captureStderr: true)
    }

    /// Presses `key` and waits until the layout shows `style`: whether the window answered within `timeout`.
    func answers(_ app: AppWindow, key: String, style: String, timeout: Double = 5) -> Bool {
        app.xdotool("key", key)
        return app.wait(timeout: timeout) { $0["style"] == .string(style) } != nil
    }

    @Test("state.json is a FIFO: the window opens with defaults at once and says so in one line; Ctrl+Q still quits")
    func stateFileFIFO() throws {
        let display = try PrivateDisplay()
        let scratch = try Scratch()
        #expect(mkfifo(scratch.stateFile, 0o644) == 0)
        let app = try start(scratch, display)
        defer { withExtendedLifetime((display, app)) {} }
        defer { stop(app) }
        #expect(app.layout() != nil, "the window opened")
        #expect(answers(app, key: "2", style: "stitch"))
        let lines = app.stderr().split(separator: "\n").filter { $0.contains("state.json") }
        #expect(lines == ["carousel-lab: \(scratch.stateFile): cannot read the state file: is a FIFO (named pipe), not a regular file; starting with defaults"], "\(lines)")
        #expect(quit(app), "Ctrl+Q quits")
    }

    @Test("A remembered deck that is a FIFO, a device or a folder without images: the bundled deck opens with one line saying so, and is remembered instead",
          arguments: ["fifo", "/dev/zero", "empty folder"])
    func rememberedDeckUnusable(kind: String) throws {
        let display = try PrivateDisplay()
        let scratch = try Scratch()
        var deck = kind
        if kind == "fifo" { deck = scratch.path("deck.json"); #expect(mkfifo(deck, 0o644) == 0) }
        if kind == "empty folder" { deck = scratch.path("empty"); try FileManager.default.createDirectory(atPath: deck, withIntermediateDirectories: true) }
        try #"{"version": 1, "size": {"width": 1000, "height": 700}, "style": "loop", "deck": "\#(deck)", "panelOpen": false}"#
            .write(toFile: scratch.stateFile, atomically: true, encoding: .utf8)
        let app = try start(scratch, display)
        defer { withExtendedLifetime((display, app)) {} }
        defer { stop(app) }
        let opened = app.wait(timeout: 10) { $0["style"] == .string("loop") }
        #expect(opened?["deck"]?["name"] == .string("Sample photographs"), "the bundled deck: \(opened?["deck"] ?? .null)")
        let notices = app.stderr().split(separator: "\n").filter { $0.contains("remembered deck") }
        #expect(notices.count == 1 && notices[0].hasPrefix("carousel-lab: the remembered deck cannot be used (\(deck): ")
                    && notices[0].hasSuffix("showing the bundled photographs (--images chooses a deck)"), "\(notices)")
        #expect(quit(app) && app.process.wait().status == 0)
        #expect(savedState(scratch).map { $0["deck"] == nil } == true, "the bundled deck is remembered from now on")
    }

    @Test("The watched --params file replaced by a FIFO: the window keeps answering, says so, and quits on Ctrl+Q")
    func watchedParamsBecomesFIFO() throws {
        let display = try PrivateDisplay()
        let scratch = try Scratch()
        try scratch.write("p.json", #"{"itemWidth": 180}"#)
        let app = try start(scratch, display, ["--style", "expand", "--params", scratch.path("p.json")])
        defer { withExtendedLifetime((display, app)) {} }
        defer { stop(app) }
        #expect(app.wait { $0["parameters"]?["itemWidth"] == .number(180) } != nil)
        #expect(mkfifo(scratch.path("fifo"), 0o644) == 0)
        #expect(rename(scratch.path("fifo"), scratch.path("p.json")) == 0)
        // Met by the watcher: a failed read is said once the next poll finds the file unchanged.
        #expect(Waiting.until(timeout: 30, poll: 0.05) { app.stderr().contains("is a FIFO") }, "the watcher said so within 30 s")
        #expect(answers(app, key: "2", style: "stitch"), "the window answers keys")
        #expect(app.stderr().contains("\(scratch.path("p.json")): cannot read the parameter file: is a FIFO (named pipe), not a regular file"), "\(app.stderr())")
        #expect(quit(app))
    }

    @Test("SIGHUP (the terminal closed) ends the window with its state saved; SIGUSR2 saves it and the window stays open")
    func hangUpSavesState() throws {
        let display = try PrivateDisplay()
        let scratch = try Scratch()
        do {
            let app = try start(scratch, display)
            defer { withExtendedLifetime((display, app)) {} }
            defer { stop(app) }
            #expect(answers(app, key: "4", style: "circular"))
            app.process.kill(SIGUSR2)
            let deadline = Date().addingTimeInterval(5)
            while savedState(scratch)?["style"] != .string("circular") && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            #expect(savedState(scratch)?["style"] == .string("circular"), "SIGUSR2 saved the state")
            #expect(app.process.isRunning, "and the window is still open")
            #expect(answers(app, key: "3", style: "loop"))
            app.process.kill(SIGHUP)
            #expect(waitForExit(app, timeout: 15) && app.process.wait().status == 0)
        }
        #expect(savedState(scratch)?["style"] == .string("loop"), "SIGHUP saved the state")
    }

    @Test("A remembered style that is unknown: one line naming the state file and the styles; the window opens in expand")
    func rememberedUnknownStyle() throws {
        let display = try PrivateDisplay()
        let scratch = try Scratch()
        try #"{"version": 1, "size": {"width": 900, "height": 600}, "style": "bogus", "panelOpen": false}"#
            .write(toFile: scratch.stateFile, atomically: true, encoding: .utf8)
        let app = try start(scratch, display)
        defer { withExtendedLifetime((display, app)) {} }
        defer { stop(app) }
        #expect(app.wait { $0["style"] == .string("expand") && $0["size"] == .array([900, 600]) } != nil, "the size is kept")
        let lines = app.stderr().split(separator: "\n").filter { $0.contains("state.json") }
        #expect(lines == ["carousel-lab: \(scratch.stateFile): unknown style \"bogus\" (styles: expand, stitch, loop, circular, paging); opening expand"],
                "\(lines)")
        #expect(quit(app))
    }

    @Test("A remembered gallery effect (coverflow) opens again, with no line about the state file")
    func rememberedGalleryEffect() throws {
        let display = try PrivateDisplay()
        let scratch = try Scratch()
        try #"{"version": 1, "size": {"width": 900, "height": 600}, "style": "coverflow", "panelOpen": false}"#
            .write(toFile: scratch.stateFile, atomically: true, encoding: .utf8)
        let app = try start(scratch, display)
        defer { withExtendedLifetime((display, app)) {} }
        defer { stop(app) }
        #expect(app.wait { $0["style"] == .string("coverflow") && $0["size"] == .array([900, 600]) } != nil, "coverflow reopened")
        #expect(app.stderr().split(separator: "\n").filter { $0.contains("state.json") }.isEmpty, "\(app.stderr())")
        #expect(quit(app))
    }

    @Test("The window killed while its background clip is stopped: the clip's run ends and takes its sidecar with it",
          .enabled(if: RecordTests.ffmpegAvailable))
    func killedWindowLeavesNoSidecar() throws {
        let display = try PrivateDisplay()
        let scratch = try Scratch()
        let shots = scratch.path("shots")
        let app = try start(scratch, display, ["--style", "expand", "--screenshots", shots])
        defer { withExtendedLifetime((display, app)) {} }
        defer { stop(app) }
        #expect(app.layout() != nil)
        app.xdotool("mousemove", "270", "350")
        // 1.2 s of input to replay, by the app's clock: the clip's run takes a while.
        #expect(app.waitForAppTime(1.2, pointerAt: 270, 350) != nil, "the window's clock reached 1.2 s within 30 s")
        let files = { (try? FileManager.default.contentsOfDirectory(atPath: shots)) ?? [] }
        // A run can finish its clip before the test stops it (a loaded machine schedules the test late): that attempt
        // shows nothing, its files are removed and a longer replay is taken, up to three times.
        var job: pid_t = 0
        for attempt in 1...3 {
            app.xdotool("key", "shift+F12")
            // The clip's `record` run, in a process group of its own: stopped, as the window stops it while it works.
            job = 0
            let deadline = Date().addingTimeInterval(10)
            while job == 0 && Date() < deadline {
                job = Self.recordJob(sidecarIn: shots) ?? 0
                Thread.sleep(forTimeInterval: 0.02)
            }
            guard job > 0 else { break }
            // Past its start: a run killed before it answers SIGHUP (in its first milliseconds, or stopped by the
            // window before them on a loaded machine) has no handler yet. It answers once SIGHUP shows as caught.
            let answersBy = Date().addingTimeInterval(30)
            while !Self.answersHangup(job) && Self.isAlive(job) && Date() < answersBy { Thread.sleep(forTimeInterval: 0.005) }
            // Stopped for sure, as the window stops it while it draws a frame, and the window held still (it continues
            // its jobs when it next waits) until it is killed.
            let window = app.process.pid
            // The window first: until every thread of it has stopped, it may still continue the job.
            kill(window, SIGSTOP)
            let stopBy = Date().addingTimeInterval(5)
            while !Self.isStopped(window) && Date() < stopBy { Thread.sleep(forTimeInterval: 0.001) }
            kill(-getpgid(job), SIGSTOP)
            while !Self.isStopped(job) && Self.isAlive(job) && Date() < stopBy { Thread.sleep(forTimeInterval: 0.001) }
            if Self.isStopped(job) && !files().contains(where: { $0.hasSuffix(".mp4") }) { break }
            print("attempt \(attempt): the record run finished before it was stopped (\(files())); again with a longer replay")
            kill(window, SIGCONT)
            kill(-getpgid(job), SIGCONT)
            let finishBy = Date().addingTimeInterval(30)
            while Self.isAlive(job) && Date() < finishBy { Thread.sleep(forTimeInterval: 0.05) }
            for name in files() { try? FileManager.default.removeItem(atPath: shots + "/" + name) }
            job = 0
        }
        #expect(job > 0 && Self.isStopped(job), "a record run was stopped while it worked")
        #expect(job > 0 && Self.answersHangup(job), "the record run answers SIGHUP")
        defer { if job > 0 { kill(job, SIGKILL) } }  // never left stopped, whatever happens
        #expect(files().filter { $0.hasSuffix(".json") }.count == 1, "the window wrote the clip's sidecar")
        Self.killAndWait(app)
        // Orphaned while stopped, the job gets SIGHUP and SIGCONT from the kernel: it ends without a clip.
        let end = Date().addingTimeInterval(20)
        while Self.isAlive(job) && Date() < end { Thread.sleep(forTimeInterval: 0.1) }
        let left = files()
        #expect(left.isEmpty, "no sidecar naming a clip that was never written, no temporary file: \(left)")
    }

    /// Whether `pid` catches SIGHUP (its SigCgt mask in /proc).
    static func answersHangup(_ pid: pid_t) -> Bool {
        let status = String(decoding: FileManager.default.contents(atPath: "/proc/\(pid)/status") ?? Data(), as: UTF8.self)
        return status.split(separator: "\n").contains { line in
            guard line.hasPrefix("SigCgt:"), let mask = UInt64(line.split(separator: "\t").last ?? "", radix: 16) else { return false }
            return mask & (1 << (UInt64(SIGHUP) - 1)) != 0
        }
    }

    /// Kills `app` and waits (up to 10 s) until it has exited, as /proc says (it is reaped when `app` goes).
    static func killAndWait(_ app: AppWindow) {
        let pid = app.process.pid
        kill(pid, SIGKILL)
        let deadline = Date().addingTimeInterval(10)
        while isAlive(pid) && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    }

    /// Whether `pid` exists and has not exited (an exited child waiting for its parent shows state Z).
    static func isAlive(_ pid: pid_t) -> Bool {
        let stat = String(decoding: FileManager.default.contents(atPath: "/proc/\(pid)/stat") ?? Data(), as: UTF8.self)
        guard let state = stat.split(separator: ")").last?.split(separator: " ").first else { return false }
        return state != "Z" && state != "X"
    }

    /// Whether `pid` is stopped: every thread of it in state T in /proc (the kernel counts a process as a stopped
    /// job, one an orphaned group's SIGHUP goes to, only once all of them are).
    static func isStopped(_ pid: pid_t) -> Bool {
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return !threads.isEmpty && threads.allSatisfy { thread in
            let stat = String(decoding: FileManager.default.contents(atPath: "/proc/\(pid)/task/\(thread)/stat") ?? Data(), as: UTF8.self)
            return stat.split(separator: ")").last?.split(separator: " ").first == "T"
        }
    }

    /// The `record` process rendering a clip whose sidecar is in `folder`.
    static func recordJob(sidecarIn folder: String) -> pid_t? {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(name), let raw = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") else { continue }
            let args = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if args.count > 3, args.contains("record"), args.contains(where: { $0.hasPrefix(folder + "/") }), args[0].hasSuffix("carousel-lab") {
                return pid
            }
        }
        return nil
    }
}

/// Pastes into the real window on the test run's display (this process owns the X clipboard through SDL and
/// answers the window's request for it while it pumps events). It takes its turn on that display: its windows used to
/// open over the window suite's and take their keys.
@MainActor
@Suite("Hostile pastes into the window under Xvfb", .serialized, .sharedDisplay,
       .enabled(if: AppWindow.available, "needs DISPLAY (xvfb-run), xdotool and a built carousel-lab"))
struct HostilePasteWindowTests {
    /// Puts `text` on the clipboard, presses Ctrl+V in `app`, and answers the window's clipboard request until the
    /// window has taken the text: it shows a message (reading the paste, or what came of it).
    func paste(_ text: String, into app: AppWindow) throws {
        #expect(SDLSubsystems.start(SDL_INIT_VIDEO) == 0)
        try SDLClipboard().setText(text)
        #expect(app.layout()?.messageFrame == nil, "no message before the paste")
        let key = try ChildProcess("/usr/bin/xdotool", ["key", "ctrl+v"])
        let deadline = Date().addingTimeInterval(30)
        var taken = false, looked = Date.distantPast
        while key.isRunning || !taken {
            SDL_PumpEvents()
            // The layout now and then: the pump must keep up with the window's requests for a long text's pieces.
            if !taken, Date().timeIntervalSince(looked) > 0.05 { taken = app.layout()?.messageFrame != nil; looked = Date() }
            guard Date() < deadline else { break }
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(taken, "the window took the paste within 30 s")
    }

    func cleanup() { SDLSubsystems.stop(SDL_INIT_VIDEO) }

    /// Kills the app if it is still running (a window stuck on a FIFO ignores SIGTERM: the test fails, never hangs).
    func stop(_ app: AppWindow) {
        if app.process.isRunning { HostileInputWindowTests.killAndWait(app) }
    }

    @Test("A pasted deck path that is a FIFO: one problem line naming it, the deck unchanged, the window answers and quits")
    func pastedFIFO() throws {
        defer { cleanup() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paste-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/deck.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        let app = try AppWindow(["--style", "expand"], captureStderr: true)
        defer { stop(app) }
        try paste(fifo + "\n", into: app)
        app.xdotool("key", "2")
        #expect(app.wait(timeout: 5) { $0["style"] == .string("stitch") } != nil, "the window answers after the paste")
        #expect(app.stderr().contains("\(fifo): cannot read the deck file: is a FIFO (named pipe), not a regular file"), "\(app.stderr())")
        #expect(app.layout()?["deck"]?["name"] == .string("Sample photographs"))
        app.xdotool("key", "ctrl+q")
        let deadline = Date().addingTimeInterval(10)
        while app.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!app.process.isRunning, "Ctrl+Q quits")
    }

    @Test("A 400,000-line paste: the window keeps answering keys while it is read, and says the rest was not read")
    func hugePaste() throws {
        defer { cleanup() }
        let app = try AppWindow(["--style", "expand"], captureStderr: true)
        defer { stop(app) }
        let text = (0..<400_000).map { "/nonexistent/\($0).jpg" }.joined(separator: "\n")
        try paste(text, into: app)
        app.xdotool("key", "2")
        // A window stuck on the paste does not answer: the key's style never shows (how much of the text is read, the
        // first 10,000 lines, is checked below and in the model's tests).
        #expect(app.wait(timeout: 30) { $0["style"] == .string("stitch") } != nil, "the window answered no key within 30 s of taking the paste")
        let deadline = Date().addingTimeInterval(20)
        while !app.stderr().contains("only the first") && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        #expect(app.stderr().contains("carousel-lab: the text has 400000 lines; only the first 10000 were read"), "\(app.stderr().prefix(500))")
        #expect(app.layout()?["deck"]?["name"] == .string("Sample photographs"), "nothing usable: the deck is unchanged")
    }
}
