import CarouselClips
import CarouselTesting
import CarouselSupport
import CarouselCore
import Foundation
import Testing

/// Starts the real app in a window under the test's X server (Xvfb in CI), drives it with xdotool as a user
/// would, and reads what is on screen from the layout file the app keeps (`run --layout`).
final class AppWindow {
    let process: ChildProcess
    let layoutPath: String
    /// The app's environment: this process's with the test's additions (xdotool and xprop run in it, on its display).
    let environment: [String: String]

    /// Whether the window tests run: a display, xdotool and the built app (under `CI=true` always: they fail instead).
    static var available: Bool {
        TestRequirement.met(ProcessInfo.processInfo.environment["DISPLAY"] != nil
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") && FileManager.default.isExecutableFile(atPath: executable))
    }
    /// The app under test: `$CAROUSEL_LAB_EXECUTABLE` (e.g. a sanitized build), else the debug build.
    static var executable: String {
        ProcessInfo.processInfo.environment["CAROUSEL_LAB_EXECUTABLE"]
            ?? Golden.packageRoot.appendingPathComponent(".build/debug/carousel-lab").path
    }

    /// Where the app remembers its window unless the test gives `XDG_STATE_HOME`: a folder of its own, so no test
    /// opens where another left off.
    private var ownStateFolder: String?

    /// Starts the app with `arguments`; `environment` is added to this process's (e.g. another `DISPLAY`, which
    /// `xdotool` then uses too). With `captureStderr`, what the app prints is kept for `stderr()`; else it goes to
    /// this process's standard error.
    init(_ arguments: [String], environment: [String: String] = [:], captureStderr: Bool = false) throws {
        layoutPath = FileManager.default.temporaryDirectory.appendingPathComponent("layout-\(UUID().uuidString).json").path
        var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if environment["XDG_STATE_HOME"] == nil {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString)").path
            env["XDG_STATE_HOME"] = folder
            ownStateFolder = folder
        }
        self.environment = env
        process = try ChildProcess(program: AppWindow.executable, arguments: ["run", "--layout", layoutPath] + arguments,
                                   errors: captureStderr ? .kept : .inherited, environment: env, group: .thisInterruptible)
        // Wait for the first frame (a debug build beside the CI's release build and other test processes can take
        // many seconds), or for the app to end without one.
        let deadline = Date().addingTimeInterval(60)
        while layout() == nil && process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    }

    deinit {
        if process.isRunning { process.terminate(); process.wait(timeout: 20) }
        try? FileManager.default.removeItem(atPath: layoutPath)
        if let ownStateFolder { try? FileManager.default.removeItem(atPath: ownStateFolder) }
    }

    /// What the app printed on standard error so far (with `captureStderr`).
    func stderr() -> String { process.errorOutput }

    /// The app's current layout, if written.
    func layout() -> JSONValue? {
        guard let data = FileManager.default.contents(atPath: layoutPath) else { return nil }
        return try? JSONParser.parse(data)
    }

    /// Puts the pointer at (`x`, `y`) before an app starts and keeps it there for `seconds`: Xvfb resets when its
    /// last client disconnects, which puts the pointer back at the screen's centre, so a plain `xdotool mousemove`
    /// before launch is undone before the window opens. This xdotool stays connected while it sleeps.
    static func holdPointer(at x: Int, _ y: Int, seconds: Int) throws -> ChildProcess {
        let p = try ChildProcess("/usr/bin/xdotool", ["mousemove", "\(x)", "\(y)", "sleep", "\(seconds)"])
        Thread.sleep(forTimeInterval: 0.3)
        return p
    }

    /// Starts `program` with `arguments` in the app's environment (on its display); with `output: .kept`, what it
    /// prints is in its `Exit`.
    func start(_ program: String, _ arguments: [String], output: ChildProcess.Output = .discarded) throws -> ChildProcess {
        try ChildProcess(program: program, arguments: arguments, output: output, environment: environment, group: .thisInterruptible)
    }

    /// The X window of the app's process (waits up to 10 s for it to appear).
    func windowID() -> String? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let ids = xdotoolOutput("search", "--pid", "\(process.pid)", "--name", "Carousel Lab").split(separator: "\n")
            if let id = ids.last { return String(id) }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }

    /// What xdotool with `args` prints.
    func xdotoolOutput(_ args: String...) -> String {
        (try? start("/usr/bin/xdotool", args, output: .kept))?.wait().outputText ?? ""
    }

    /// Runs xdotool with `args`, one run every 50 ms at most: the pace of input the window tests were written for
    /// (Foundation's `Process` took that long to see a child end). At ChildProcess's pace (a few milliseconds a run) a
    /// loaded machine's window takes a drag's moves late, and a test that waits for the layout to keep still reads it
    /// before they are in; and a sweep records a shorter timeline.
    func xdotool(_ args: String...) {
        let started = Date()
        _ = try? start("/usr/bin/xdotool", args).wait()
        let left = AppWindow.inputPace - Date().timeIntervalSince(started)
        if left > 0 { Thread.sleep(forTimeInterval: left) }
    }

    /// The least time an `xdotool` run takes, in seconds.
    static let inputPace = 0.05

    /// Waits until `condition` holds on the layout (or `timeout` passes); returns the last layout seen.
    @discardableResult
    func wait(timeout: Double = 5, until condition: (JSONValue) -> Bool) -> JSONValue? {
        let deadline = Date().addingTimeInterval(timeout)
        var last: JSONValue?
        while Date() < deadline {
            last = layout()
            if let l = last, condition(l) { return l }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return last
    }

    /// The frame of item `index` in the layout.
    static func frame(_ layout: JSONValue?, _ index: Int) -> Rect? {
        guard let f = layout?["items"]?.arrayValue?.first(where: { $0["index"] == .number(Double(index)) })?["frame"]?.arrayValue?
            .compactMap(\.numberValue), f.count == 4 else { return nil }
        return Rect(f[0], f[1], f[2], f[3])
    }
}

@Suite("Window under Xvfb", .serialized, .sharedDisplay, .enabled(if: AppWindow.available, "needs DISPLAY (xvfb-run), xdotool and a built carousel-lab"))
struct WindowTests {
    @Test("Hovering an item with the pointer expands it in the real window")
    func hoverExpands() throws {
        let app = try AppWindow(["--style", "expand"])
        let first = try #require(app.layout())
        let item2 = try #require(AppWindow.frame(first, 2))
        app.xdotool("mousemove", "\(Int(item2.midX))", "\(Int(item2.midY))")
        let l = app.wait { $0["state"]?["expanded"] == .number(2) && AppWindow.frame($0, 2)?.width == 250 }
        #expect(l?["state"]?["expanded"] == .number(2))
        #expect(AppWindow.frame(l, 2)?.width == 250)
    }

    @Test("Scrolling the wheel moves the row by one item and it snaps")
    func wheelScrolls() throws {
        let app = try AppWindow(["--style", "expand"])
        app.xdotool("mousemove", "640", "650")  // below the row: no hover
        app.xdotool("click", "5")
        let l = app.wait { ($0["state"]?["scrollOffset"]?.numberValue ?? 0) == 170 }
        #expect(l?["state"]?["scrollOffset"] == .number(170))
    }
}
