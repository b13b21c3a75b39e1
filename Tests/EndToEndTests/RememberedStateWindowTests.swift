import CarouselSupport
import Foundation
import Testing

/// The window remembers itself between runs, as a user finds it: resized, moved, another style, the panel open,
/// closed with Ctrl+Q, opened again.
@Suite("Remembered window under Xvfb", .serialized,
       .enabled(if: AppWindow.available && PrivateDisplay.available, "needs Xvfb, xdotool and a built carousel-lab"))
struct RememberedStateWindowTests {
    /// The window's position and size as xdotool sees them: [x, y, width, height].
    func geometry(_ app: AppWindow, _ id: String) -> [Int] {
        let text = app.xdotoolOutput("getwindowgeometry", id)
        // "Window N\n  Position: 100,80 (screen: 0)\n  Geometry: 900x600"
        let numbers = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        return numbers.count >= 6 ? [numbers[1], numbers[2], numbers[4], numbers[5]] : []
    }

    func quit(_ app: AppWindow) {
        app.xdotool("key", "ctrl+q")
        let deadline = Date().addingTimeInterval(15)
        while app.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    }

    @Test("Resize, move, switch style, open the panel, close; reopen: same size, place, style and panel; --fresh and flags win over it")
    func reopensWhereItWas() throws {
        let display = try PrivateDisplay()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let env = ["DISPLAY": display.name, "XDG_STATE_HOME": state]
        do {
            let pointer = try AppWindow.holdPointer(at: 1900, 1060, seconds: 60)  // outside the window, as a user starts
            defer { pointer.terminate() }
            let app = try AppWindow([], environment: env)
            let id = try #require(app.windowID())
            #expect(app.layout()?["style"] == .string("expand") && app.layout()?["size"] == .array([1280, 720]))
            app.xdotool("windowsize", id, "900", "600")
            app.xdotool("windowmove", id, "100", "80")
            #expect(app.wait { $0["size"] == .array([900, 600]) } != nil)
            app.xdotool("key", "--window", id, "4")
            #expect(app.wait { $0["style"] == .string("circular") } != nil)
            app.xdotool("key", "--window", id, "p")
            Thread.sleep(forTimeInterval: 0.3)
            quit(app)
            #expect(!app.process.isRunning && app.process.wait().status == 0)
        }
        let saved = try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: state + "/carousel-lab/state.json")))
        #expect(saved["panelOpen"] == .bool(true), "\(saved.serialized())")

        // Reopened with no flags: where it was, as it was.
        do {
            let app = try AppWindow([], environment: env)
            let id = try #require(app.windowID())
            let l = app.wait { $0["style"] == .string("circular") && $0["size"] == .array([900, 600]) }
            #expect(l != nil, "\(app.layout()?["style"] ?? .null) \(app.layout()?["size"] ?? .null)")
            #expect(geometry(app, id) == [100, 80, 900, 600])
            #expect(l?["panelOpen"] == .bool(true))
            quit(app)
        }
        // Flags win over what is remembered, and --fresh ignores it.
        do {
            let app = try AppWindow(["--style", "loop", "--size", "700x500"], environment: env)
            #expect(app.wait { $0["style"] == .string("loop") && $0["size"] == .array([700, 500]) && $0["panelOpen"] == .bool(true) } != nil)
            quit(app)
        }
        do {
            let app = try AppWindow(["--fresh"], environment: env)
            #expect(app.wait { $0["style"] == .string("expand") && $0["size"] == .array([1280, 720]) && $0["panelOpen"] == .bool(false) } != nil)
            quit(app)
        }
    }

    @Test("A corrupt state file: one line naming it, the window opens with defaults, and the file is replaced at exit")
    func corruptStateIsReplaced() throws {
        let display = try PrivateDisplay()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let file = state + "/carousel-lab/state.json"
        try FileManager.default.createDirectory(atPath: state + "/carousel-lab", withIntermediateDirectories: true)
        try "{\"size\": {\"width\": 9".write(toFile: file, atomically: true, encoding: .utf8)
        let app = try AppWindow([], environment: ["DISPLAY": display.name, "XDG_STATE_HOME": state], captureStderr: true)
        #expect(app.wait { $0["style"] == .string("expand") && $0["size"] == .array([1280, 720]) } != nil)
        let lines = app.stderr().split(separator: "\n")
        #expect(lines.filter { $0.contains("state.json") } == ["carousel-lab: \(file): not valid JSON (line 1, column 21: unexpected end of input in an object); starting with defaults and replacing it"],
                "\(lines)")
        quit(app)
        let replaced = try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(replaced["style"] == .string("expand") && replaced["size"]?["width"] == .number(1280))
    }
}
