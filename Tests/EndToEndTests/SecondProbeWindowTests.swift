import CarouselApp
import CarouselCore
import CarouselSupport
import CarouselTesting
import Foundation
import SDLBackend
import Testing

/// The real window fed what the second hostile probe fed it (issue 40), through real X events on X servers of its
/// own: two windows pressing F12 in the same second, a window stopped and continued, a 1x1 window reopened.
@Suite("Window: second hostile probe", .serialized,
       .enabled(if: AppWindow.available && PrivateDisplay.available, "needs Xvfb, xdotool and a built carousel-lab"))
struct SecondProbeWindowTests {
    /// Runs xdotool with `arguments` against each app's display at once, and waits for all of them.
    func together(_ apps: [AppWindow], _ arguments: String...) throws {
        let runs = try apps.map { app in try app.start("/usr/bin/xdotool", arguments) }
        runs.forEach { $0.wait() }
    }

    func names(in dir: URL, _ ext: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasSuffix("." + ext) }.sorted()
    }

    /// Waits until `condition` holds (or `timeout` passes); returns whether it held.
    @discardableResult
    func wait(timeout: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }

    @Test("Two windows pressing F12 at the same moment, five times: ten screenshots, each with its own sidecar")
    func twoWindowsSameSecond() throws {
        let shots = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: shots) }
        let displays = try [PrivateDisplay(), PrivateDisplay()]
        let apps = try displays.map { try AppWindow(["--style", "stitch", "--screenshots", shots.path], environment: ["DISPLAY": $0.name]) }
        defer { withExtendedLifetime((displays, apps)) {} }  // the apps first, then their X servers
        for app in apps { _ = try #require(app.windowID()) }
        let rounds = 5
        for round in 1...rounds {
            try together(apps, "key", "F12")
            // Each window draws its screenshot's frame before the next key (two requests before one frame are one).
            wait(timeout: 5) { names(in: shots, "png").count >= 2 * round }
        }
        wait(timeout: 10) { names(in: shots, "png").count >= 2 * rounds && names(in: shots, "json").count >= 2 * rounds }
        let pngs = names(in: shots, "png"), sidecars = names(in: shots, "json")
        #expect(pngs.count == 2 * rounds, "\(pngs)")
        #expect(sidecars.map { ($0 as NSString).deletingPathExtension } == pngs.map { ($0 as NSString).deletingPathExtension })
        for sidecar in sidecars {
            let json = try JSONParser.parse(try Data(contentsOf: shots.appendingPathComponent(sidecar)))
            #expect(json["screenshot"] == .string((sidecar as NSString).deletingPathExtension + ".png"), "\(sidecar) names its own PNG")
        }
        #expect(!((try? FileManager.default.contentsOfDirectory(atPath: shots.path)) ?? []).contains(where: AtomicFile.isTemporary))
    }

    @Test("Stopped (SIGSTOP) for most of a second and continued: paging's clock goes on from where it was, no page skipped")
    func stoppedAndContinued() throws {
        let display = try PrivateDisplay()
        let app = try AppWindow(["--style", "paging", "--auto-advance", "0.5"], environment: ["DISPLAY": display.name])
        defer { withExtendedLifetime((display, app)) {} }
        _ = try #require(app.windowID())
        func time(_ l: JSONValue?) -> Double { l?["time"]?.numberValue ?? -1 }
        func page(_ l: JSONValue?) -> Double { l?["state"]?["page"]?.numberValue ?? -1 }
        app.xdotool("mousemove", "5", "5")  // off the window: hovering pauses auto-advance
        // Running: a page turned, and the layout being rewritten as the progress bar moves.
        let running = app.wait(timeout: 20) { page($0) >= 1 }
        #expect(page(running) >= 1, "auto-advance turns pages")
        // The freshest layout: the moment it changes, the window is stopped.
        let seen = time(app.layout())
        let before = app.wait(timeout: 5) { time($0) > seen }
        let pid = app.process.pid
        kill(pid, SIGSTOP)
        Thread.sleep(forTimeInterval: 0.9)  // under a second: the stop is what is measured
        kill(pid, SIGCONT)
        let after = app.wait(timeout: 10) { time($0) > time(before) }
        // The window's time went on by a frame or a few, not by the 0.9 s it was stopped.
        #expect(time(after) - time(before) < 0.5, "time \(time(before)) -> \(time(after)) across a 0.9 s stop")
        #expect(page(after) - page(before) <= 1, "page \(page(before)) -> \(page(after))")
        #expect(app.process.isRunning)
    }

    @Test("What the state remembers at least and what the window allows at least agree")
    @MainActor func minimumsAgree() {
        #expect(RememberedWindow.minimumSize == SDLWindowHost.minimumSize)
    }

    @Test("Opened at 1x1 and quit with Ctrl+Q: the next plain run opens at the window's minimum, 240x160, not 1x1")
    func tinyWindowIsNotRemembered() throws {
        let display = try PrivateDisplay()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let env = ["DISPLAY": display.name, "XDG_STATE_HOME": state]
        do {
            let app = try AppWindow(["--fresh", "--size", "1x1"], environment: env)
            let id = try #require(app.windowID())
            #expect(app.wait { $0["size"] == .array([1, 1]) } != nil)
            app.xdotool("key", "--window", id, "ctrl+q")
            let deadline = Date().addingTimeInterval(15)
            while app.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            #expect(!app.process.isRunning && app.process.wait().status == 0, "Ctrl+Q quit the 1x1 window")
        }
        let saved = try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: state + "/carousel-lab/state.json")))
        #expect(saved["size"]?["width"] == .number(240) && saved["size"]?["height"] == .number(160), "\(saved.serialized())")
        let app = try AppWindow([], environment: env)
        defer { withExtendedLifetime((display, app)) {} }
        let id = try #require(app.windowID())
        #expect(app.wait { $0["size"] == .array([240, 160]) }?["size"] == .array([240, 160]))
        let geometry = app.xdotoolOutput("getwindowgeometry", id)
        #expect(geometry.contains("Geometry: 240x160"), "\(geometry)")
    }
}
