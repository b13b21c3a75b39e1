import CarouselCore
import Foundation
import Testing

/// The real window under Xvfb, resized to 1x1 and back and unmapped and mapped again (what minimising does to a
/// window) with xdotool, as a window manager or a user would.
@Suite("Window faults under Xvfb", .serialized, .enabled(if: AppWindow.available, "needs DISPLAY (xvfb-run), xdotool and a built carousel-lab"))
struct WindowFaultTests {
    /// The X window of the app's process.
    func windowID(_ app: AppWindow) -> String? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let p = Process(), out = Pipe()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            p.arguments = ["search", "--pid", "\(app.process.processIdentifier)", "--name", "Carousel Lab"]
            p.standardOutput = out
            p.standardError = FileHandle.nullDevice
            try? p.run()
            p.waitUntilExit()
            let ids = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
            if let id = ids.last { return String(id) }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }

    func size(_ layout: JSONValue?) -> [Double]? { layout?["size"]?.arrayValue?.compactMap(\.numberValue) }

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
        let app = try AppWindow(["--style", "expand"])
        let id = try #require(windowID(app))
        let before = try #require(app.wait { size($0) == [1280, 720] && $0["items"]?.arrayValue?.isEmpty == false })
        app.xdotool("windowsize", id, "1", "1")
        let tiny = app.wait(timeout: 10) { size($0) == [1, 1] }
        #expect(size(tiny) == [1, 1])
        #expect(finite(tiny))
        app.xdotool("windowsize", id, "1280", "720")
        let items = { (l: JSONValue?) in l?["items"]?.serialized(indent: nil) }
        let back = app.wait(timeout: 10) { size($0) == [1280, 720] && items($0) == items(before) }
        #expect(size(back) == [1280, 720])
        #expect(items(back) == items(before), "the same items in the same places as before")
        #expect(app.process.isRunning)
    }

    @Test("Unmapped (minimised) and mapped again: auto-advance pauses while hidden and the app keeps running")
    func minimiseAndRestore() throws {
        let app = try AppWindow(["--style", "loop", "--auto-advance", "1"])
        let id = try #require(windowID(app))
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
