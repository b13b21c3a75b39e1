import CarouselClips
import CarouselTesting
import CarouselSupport
import CarouselCore
import Foundation
import Testing

/// An Xvfb server of its own, so these tests' resizes and pointer moves never meet the windows of tests running in
/// parallel on the shared display.
final class PrivateDisplay {
    private let server: ChildProcess
    /// ":N".
    let name: String

    static var available: Bool { TestRequirement.met(FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb")) }

    /// Starts Xvfb on the first free display from :200 and waits for its socket.
    init() throws {
        let fm = FileManager.default
        for n in 200..<260 where !fm.fileExists(atPath: "/tmp/.X11-unix/X\(n)") && !fm.fileExists(atPath: "/tmp/.X\(n)-lock") {
            let server = try ChildProcess("/usr/bin/Xvfb", [":\(n)", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"], errors: .discarded)
            let deadline = Date().addingTimeInterval(10)
            while server.isRunning && Date() < deadline {
                if fm.fileExists(atPath: "/tmp/.X11-unix/X\(n)") { self.server = server; name = ":\(n)"; return }
                Thread.sleep(forTimeInterval: 0.05)
            }
            // Another suite's server took this number first (its lock appeared after the check): the next one.
            guard !server.isRunning else { break }
        }
        throw DisplayError()
    }

    struct DisplayError: Error {}

    /// Kills the server (SIGKILL: nothing of it is worth an orderly end) and removes the socket and lock it leaves.
    deinit {
        server.kill(SIGKILL)
        server.wait()
        let n = name.dropFirst()
        for path in ["/tmp/.X11-unix/X\(n)", "/tmp/.X\(n)-lock"] { try? FileManager.default.removeItem(atPath: path) }
    }
}

/// The real window under Xvfb, resized to 1x1 and back and unmapped and mapped again (what minimising does to a
/// window) with xdotool, as a window manager or a user would.
@Suite("Window faults under Xvfb", .serialized,
       .enabled(if: AppWindow.available && PrivateDisplay.available, "needs Xvfb, xdotool and a built carousel-lab"))
struct WindowFaultTests {
    func size(_ layout: JSONValue?) -> [Double]? { layout?["size"]?.arrayValue?.compactMap(\.numberValue) }

    /// The layout once it has stopped changing for half a second (the app rewrites the file whenever it changes).
    func settled(_ app: AppWindow, timeout: Double = 20) -> JSONValue? {
        let deadline = Date().addingTimeInterval(timeout)
        var last = app.layout()?.serialized(), since = Date()
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            let now = app.layout()?.serialized()
            if now != last { last = now; since = Date() } else if now != nil && Date().timeIntervalSince(since) >= 0.5 { return app.layout() }
        }
        return nil
    }

    /// Every number in the items is finite (the layout writes non-finite numbers as null).
    func finite(_ layout: JSONValue?) -> Bool {
        guard let items = layout?["items"]?.arrayValue else { return false }
        return items.allSatisfy { item in
            (item["frame"]?.arrayValue ?? []).allSatisfy { $0.numberValue?.isFinite == true }
                && ["scale", "opacity", "cornerRadius"].allSatisfy { item[$0]?.numberValue?.isFinite == true }
        }
    }

    @Test("Resized to 1x1 and back, the window lays out sanely at each size and returns to the same layout")
    func resizeToOnePixelAndBack() throws {
        let display = try PrivateDisplay()
        let app = try AppWindow(["--style", "expand"], environment: ["DISPLAY": display.name])
        defer { withExtendedLifetime((display, app)) {} }  // the app first, then its X server, at the very end
        let id = try #require(app.windowID())
        let before = try #require(settled(app))
        #expect(size(before) == [1280, 720] && before["items"]?.arrayValue?.isEmpty == false)
        app.xdotool("windowsize", id, "1", "1")
        let tiny = app.wait(timeout: 10) { size($0) == [1, 1] }
        #expect(size(tiny) == [1, 1])
        #expect(finite(tiny))
        app.xdotool("windowsize", id, "1280", "720")
        let items = { (l: JSONValue?) in l?["items"]?.serialized(indent: nil) }
        let back = app.wait(timeout: 20) { size($0) == [1280, 720] && items($0) == items(before) }
        #expect(size(back) == [1280, 720])
        #expect(items(back) == items(before), "the same items in the same places as before")
        #expect(app.process.isRunning)
    }

    @Test("The window asks the window manager for a minimum size of 240x160; a size forced under it still lays out")
    func minimumSize() throws {
        let display = try PrivateDisplay()
        let app = try AppWindow(["--style", "expand"], environment: ["DISPLAY": display.name])
        defer { withExtendedLifetime((display, app)) {} }  // the app first, then its X server, at the very end
        let id = try #require(app.windowID())
        let hints = try app.start("/usr/bin/xprop", ["-id", id, "WM_NORMAL_HINTS"], output: .kept).wait().outputText
        #expect(hints.contains("minimum size: 240 by 160"), "WM_NORMAL_HINTS: \(hints)")
        // No window manager here to hold the minimum: xdotool can force a smaller size, and the app follows it.
        app.xdotool("key", "p")
        app.xdotool("windowsize", id, "120", "90")
        let small = app.wait(timeout: 10) { size($0) == [120, 90] }
        #expect(size(small) == [120, 90] && finite(small))
        #expect(app.process.isRunning)
    }

    @Test("Unmapped (minimised) and mapped again: auto-advance pauses while hidden and the app keeps running")
    func minimiseAndRestore() throws {
        let display = try PrivateDisplay()
        let app = try AppWindow(["--style", "loop", "--auto-advance", "1"], environment: ["DISPLAY": display.name])
        defer { withExtendedLifetime((display, app)) {} }  // the app first, then its X server, at the very end
        let id = try #require(app.windowID())
        app.xdotool("mousemove", "5", "5")
        #expect(app.wait { $0["state"]?["paused"] == .bool(false) } != nil)
        app.xdotool("windowunmap", id)
        let hidden = app.wait(timeout: 10) { $0["state"]?["paused"] == .bool(true) }
        #expect(hidden?["state"]?["paused"] == .bool(true))
        app.xdotool("windowmap", id)
        let shown = app.wait(timeout: 10) { $0["state"]?["paused"] == .bool(false) }
        #expect(shown?["state"]?["paused"] == .bool(false))
        #expect(finite(shown))
        #expect(app.process.isRunning)
    }
}
