import CarouselSupport
import CarouselTesting
import Foundation
import Testing

/// Whether the drag source can run: python3 with python3-xlib (under `CI=true` the test runs and fails without it).
private var xdndToolAvailable: Bool {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    p.arguments = ["-c", "import Xlib"]
    p.standardError = FileHandle.nullDevice
    guard (try? p.run()) != nil else { return TestRequirement.met(false) }
    p.waitUntilExit()
    return TestRequirement.met(p.terminationStatus == 0)
}

/// Files dropped on the real window with XDND, as a file manager drops them (Tests/Tools/xdnd-drop.py, python3-xlib).
@Suite("Drag and drop under Xvfb", .serialized,
       .enabled(if: AppWindow.available && PrivateDisplay.available && xdndToolAvailable, "needs Xvfb, xdotool, python3-xlib"))
struct DropWindowTests {
    static let tool = Golden.packageRoot.appendingPathComponent("Tests/Tools/xdnd-drop.py").path
    static let images = Golden.packageRoot.appendingPathComponent("Resources/images").path

    func drop(_ items: [String], on id: String, display: String) throws -> (status: Int32, stderr: String) {
        let p = Process(), err = Pipe()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = [Self.tool, id, "400", "300"] + items
        p.environment = ["DISPLAY": display, "PATH": "/usr/bin:/bin"]
        p.standardError = err
        try p.run()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    @Test("Two images and a broken file dropped: the deck is the two images in order, the broken one is named, and the next run opens the dropped deck")
    func dropFiles() throws {
        let display = try PrivateDisplay()
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let broken = dir.appendingPathComponent("broken.jpg").path
        try "not a jpeg".write(toFile: broken, atomically: true, encoding: .utf8)
        let env = ["DISPLAY": display.name, "XDG_STATE_HOME": dir.appendingPathComponent("state").path]
        let holder = try AppWindow.holdPointer(at: 1900, 1060, seconds: 60, display: display.name)  // outside the window
        defer { holder.terminate() }
        do {
            let app = try AppWindow(["--style", "expand"], environment: env, captureStderr: true)
            defer { withExtendedLifetime(app) {} }
            let id = try #require(app.windowID())
            let result = try drop(["\(Self.images)/cat.jpg", broken, "\(Self.images)/fig.jpg"], on: id, display: display.name)
            #expect(result.status == 0, "the drag source: \(result.stderr)")
            let l = app.wait { ($0["items"]?.arrayValue?.count ?? 0) == 2 }
            let shown = l?["items"]?.arrayValue?.compactMap { $0["image"]?.stringValue.map { ($0 as NSString).lastPathComponent } }
            #expect(shown == ["cat.jpg", "fig.jpg"])
            #expect(app.stderr().contains("\(broken): not an image (its bytes are not JPG); skipped"), "\(app.stderr())")
            app.xdotool("key", "--window", id, "ctrl+q")
            let deadline = Date().addingTimeInterval(10)
            while app.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        }
        // Reopened: the dropped deck is remembered.
        let again = try AppWindow([], environment: env)
        let l = again.wait { ($0["items"]?.arrayValue?.count ?? 0) == 2 }
        #expect(l?["items"]?.arrayValue?.first?["image"]?.stringValue?.hasSuffix("cat.jpg") == true)
        withExtendedLifetime(display) {}
    }
}
