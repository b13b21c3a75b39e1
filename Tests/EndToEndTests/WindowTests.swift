import CarouselTesting
import CarouselSupport
import CarouselCore
import Foundation
import Testing

/// Starts the real app in a window under the test's X server (Xvfb in CI), drives it with xdotool as a user
/// would, and reads what is on screen from the layout file the app keeps (`run --layout`).
final class AppWindow {
    let process = Process()
    let layoutPath: String

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

    /// Starts the app with `arguments`; `environment` is added to this process's (e.g. another `DISPLAY`, which
    /// `xdotool` then uses too).
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        layoutPath = FileManager.default.temporaryDirectory.appendingPathComponent("layout-\(UUID().uuidString).json").path
        process.executableURL = URL(fileURLWithPath: AppWindow.executable)
        process.arguments = ["run", "--layout", layoutPath] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait for the first frame.
        let deadline = Date().addingTimeInterval(20)
        while layout() == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    }

    deinit {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
        try? FileManager.default.removeItem(atPath: layoutPath)
    }

    /// The app's current layout, if written.
    func layout() -> JSONValue? {
        guard let data = FileManager.default.contents(atPath: layoutPath) else { return nil }
        return try? JSONParser.parse(data)
    }

    /// Puts the pointer at (`x`, `y`) before an app starts and keeps it there for `seconds`: Xvfb resets when its
    /// last client disconnects, which puts the pointer back at the screen's centre, so a plain `xdotool mousemove`
    /// before launch is undone before the window opens. This xdotool stays connected while it sleeps.
    static func holdPointer(at x: Int, _ y: Int, seconds: Int) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        p.arguments = ["mousemove", "\(x)", "\(y)", "sleep", "\(seconds)"]
        try p.run()
        Thread.sleep(forTimeInterval: 0.3)
        return p
    }

    /// Runs xdotool with `args`.
    func xdotool(_ args: String...) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        p.arguments = args
        p.environment = process.environment
        try? p.run()
        p.waitUntilExit()
    }

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

@Suite("Window under Xvfb", .serialized, .enabled(if: AppWindow.available, "needs DISPLAY (xvfb-run), xdotool and a built carousel-lab"))
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
