import CarouselSupport
import CarouselTesting
import Foundation
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
            Thread.sleep(forTimeInterval: 1)
            #expect(app.process.isRunning, "alive after animating with \(curve): \(app.stderr())")
        }
        #expect(quit(app) && app.process.terminationStatus == 0, "\(app.stderr())")
        #expect(savedState(scratch)?["style"] == .string("expand"), "the state was saved at exit")
    }
}
