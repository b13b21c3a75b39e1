import CarouselSupport
import CarouselTesting
import Foundation
import Testing

/// The real window fed what the second hostile probe fed it (issue 40), through real X events on X servers of its
/// own: two windows pressing F12 in the same second, a window stopped and continued, a 1x1 window reopened.
@Suite("Window: second hostile probe", .serialized,
       .enabled(if: AppWindow.available && PrivateDisplay.available, "needs Xvfb, xdotool and a built carousel-lab"))
struct SecondProbeWindowTests {
    /// Runs xdotool with `arguments` against each app's display at once, and waits for all of them.
    func together(_ apps: [AppWindow], _ arguments: String...) throws {
        let runs = try apps.map { app in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            p.arguments = arguments
            p.environment = app.process.environment
            try p.run()
            return p
        }
        runs.forEach { $0.waitUntilExit() }
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
}
