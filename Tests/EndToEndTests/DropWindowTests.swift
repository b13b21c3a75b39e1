import CarouselClips
import CarouselSupport
import CarouselTesting
import Foundation
import Testing

/// The XDND drag source the drop tests run, and whether it can run (python3-xlib from Debian).
enum DragSource {
    static let tool = Golden.packageRoot.appendingPathComponent("Tests/Tools/xdnd-drop.py").path
    static var available: Bool {
        TestRequirement.met(FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/Xlib/__init__.py"))
    }
}

/// Files dropped onto the real window by a real XDND drag source (`Tests/Tools/xdnd-drop.py`, python3-xlib), as a
/// file manager drops them: SDL receives the drop, the app makes the deck, the layout file shows it.
@Suite("Drag and drop onto the window under Xvfb", .serialized,
       .enabled(if: AppWindow.available && PrivateDisplay.available && DragSource.available,
                "needs Xvfb, xdotool, python3-xlib and a built carousel-lab"))
struct DropWindowTests {
    static func image(_ name: String) -> String { Golden.packageRoot.appendingPathComponent("Resources/images/\(name)").path }

    /// Runs the drag source: drops `paths` at (`x`, `y`) in window `id`; returns its exit status and what it said.
    /// With `asText`, the paths or URLs go as text/plain lines, as a browser's dragged text does.
    func drop(_ paths: [String], on id: String, at x: Int, _ y: Int, display: String, asText: Bool = false) throws -> (Int32, String) {
        let exit = try ChildProcess(program: "/usr/bin/python3", arguments: [DragSource.tool] + (asText ? ["--text"] : []) + [id, "\(x)", "\(y)"] + paths,
                                    environment: ["DISPLAY": display, "PATH": "/usr/bin:/bin"], group: .thisInterruptible).wait()
        return (exit.statusOrSignal, exit.standardError)
    }

    @Test("Two images and a broken file dropped at once: the deck is the two images in order, in the style chosen before; the broken one is reported and skipped; a folder dropped next replaces it and is remembered")
    func dropsFilesOntoTheWindow() throws {
        let display = try PrivateDisplay()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("drop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let broken = scratch.appendingPathComponent("broken.jpg").path
        try Data("this is no photograph".utf8).write(to: URL(fileURLWithPath: broken))
        let shots = scratch.appendingPathComponent("shots").path
        // A user's start: the pointer outside the window, a fresh config folder.
        let pointer = try AppWindow.holdPointer(at: 1900, 1060, seconds: 60)
        defer { pointer.terminate() }
        let app = try AppWindow(["--size", "900x560", "--screenshots", shots],
                                environment: ["DISPLAY": display.name, "XDG_CONFIG_HOME": scratch.appendingPathComponent("config").path,
                                              "XDG_STATE_HOME": scratch.appendingPathComponent("state").path],
                                captureStderr: true)
        defer { withExtendedLifetime((display, app)) {} }
        let id = try #require(app.windowID())
        let before = try #require(app.layout())
        #expect(before["deck"]?["count"]?.numberValue ?? 0 > 2, "the sample deck first")
        app.xdotool("key", "--window", id, "4")
        #expect(app.wait { $0["style"] == .string("circular") } != nil)

        let files = [DropWindowTests.image("cat.jpg"), broken, DropWindowTests.image("coffee.jpg")]
        let (status, said) = try drop(files, on: id, at: 450, 280, display: display.name)
        #expect(status == 0, "the drag source: \(said)")
        let after = app.wait { $0["deck"]?["count"] == .number(2) }
        let deck = try #require(after?["deck"], "\(app.layout()?["deck"]?.serialized() ?? "no layout")")
        #expect(deck["images"] == .array([.string(DropWindowTests.image("cat.jpg")), .string(DropWindowTests.image("coffee.jpg"))]))
        let problems = deck["problems"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(problems.count == 1 && problems[0].hasPrefix("broken.jpg: not an image"), "\(problems)")
        #expect(app.stderr().contains("broken.jpg: not an image"), "reported on stderr: \(app.stderr())")
        // The style chosen before the drop shows the new deck; its items are the dropped images.
        #expect(after?["style"] == .string("circular"))
        let shown = Set(after?["items"]?.arrayValue?.compactMap { $0["image"]?.stringValue } ?? [])
        #expect(shown == ["cat.jpg", "coffee.jpg"], "\(shown)")

        // What the user sees: a screenshot of the window after the drop.
        app.xdotool("key", "--window", id, "F12")
        let deadline = Date().addingTimeInterval(10)
        var png: String?
        while png == nil && Date() < deadline {
            png = (try? FileManager.default.contentsOfDirectory(atPath: shots))?.first { $0.hasSuffix(".png") }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(png != nil, "F12 saved a screenshot")
        if let png, let keep = ProcessInfo.processInfo.environment["CAROUSEL_LAB_KEEP_SCREENSHOT"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(atPath: shots + "/" + png, toPath: keep)
        }

        // A folder dropped next: its images, by name, replace the deck; nothing to report.
        let folder = scratch.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["dahlia.jpg", "creek.jpg", "citrus.jpg"] {
            try FileManager.default.copyItem(atPath: DropWindowTests.image(name), toPath: folder.appendingPathComponent(name).path)
        }
        let (again, said2) = try drop([folder.path], on: id, at: 300, 200, display: display.name)
        #expect(again == 0, "\(said2)")
        let third = app.wait { $0["deck"]?["count"] == .number(3) }
        #expect(third?["deck"]?["images"]?.arrayValue?.compactMap { $0.stringValue.map { ($0 as NSString).lastPathComponent } }
                == ["citrus.jpg", "creek.jpg", "dahlia.jpg"])
        #expect(third?["deck"]?["problems"] == .array([]) && third?["deck"]?["source"] == .string(folder.path))

        // The dropped folder is remembered as the deck for the next run.
        app.xdotool("key", "--window", id, "ctrl+q")
        let end = Date().addingTimeInterval(15)
        while app.process.isRunning && Date() < end { Thread.sleep(forTimeInterval: 0.05) }
        let state = try JSONParser.parse(try Data(contentsOf: scratch.appendingPathComponent("state/carousel-lab/state.json")))
        #expect(state["deck"] == .string(folder.path), "\(state.serialized())")
    }

    @Test("A deck URL dropped as text is fetched and read with its URL as base; the images load from the server")
    func dropsADeckURL() throws {
        let display = try PrivateDisplay()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("drop-url-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let jpeg = { (name: String) in TestHTTPServer.Route(body: Array(try! Data(contentsOf: URL(fileURLWithPath: DropWindowTests.image(name)))), contentType: "image/jpeg") }
        let server = try TestHTTPServer(routes: [
            "/decks/trip.json": .init(body: Array(#"{"name": "Trip", "items": ["dahlia.jpg", {"image": "../more/creek.jpg", "title": "Creek"}]}"#.utf8),
                                      contentType: "application/json"),
            "/decks/dahlia.jpg": jpeg("dahlia.jpg"), "/more/creek.jpg": jpeg("creek.jpg"),
        ])
        let pointer = try AppWindow.holdPointer(at: 1900, 1060, seconds: 60)
        defer { pointer.terminate() }
        let app = try AppWindow(["--size", "900x560", "--style", "expand"],
                                environment: ["DISPLAY": display.name, "XDG_CONFIG_HOME": scratch.appendingPathComponent("config").path,
                                              "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path],
                                captureStderr: true)
        defer { withExtendedLifetime((display, app, server)) {} }
        let id = try #require(app.windowID())
        let (status, said) = try drop([server.url("/decks/trip.json")], on: id, at: 450, 280, display: display.name, asText: true)
        #expect(status == 0, "\(said)")
        let after = app.wait(timeout: 10) { $0["deck"]?["name"] == .string("Trip") }
        #expect(after?["deck"]?["images"] == .array([.string(server.url("/decks/dahlia.jpg")), .string(server.url("/more/creek.jpg"))]),
                "\(app.layout()?["deck"]?.serialized() ?? "no layout")")
        let deadline = Date().addingTimeInterval(10)
        while (server.requests("/decks/dahlia.jpg") == 0 || server.requests("/more/creek.jpg") == 0) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(server.requests("/decks/trip.json") == 1 && server.requests("/decks/dahlia.jpg") == 1 && server.requests("/more/creek.jpg") == 1)
        #expect(!app.stderr().contains("trip.json"), "no problem reported: \(app.stderr())")
    }
}
