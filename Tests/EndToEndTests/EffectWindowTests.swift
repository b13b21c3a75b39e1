import CarouselSupport
import CarouselCore
import Foundation
import SDLBackend
import Testing

extension WindowTests {
    /// An effect file in the real window (issue 38): saved while the window runs, it applies within a moment; a broken
    /// save is named with its line and column on screen and on stderr and the last good effect stays; a screenshot's
    /// sidecar carries the effect, so capture draws the same frame after the file changed again.
    @Suite("Effects from files in the window")
    struct EffectWindow {
        static func quads(_ layout: JSONValue?) -> [[Double]] {
            (layout?["items"]?.arrayValue ?? []).map { ($0["quad"]?.arrayValue ?? []).flatMap { $0.arrayValue?.compactMap(\.numberValue) ?? [] } }
        }

        @Test("Saved while it runs, an effect file applies; a broken save is named (file:line:column) and the last good effect stays; the sidecar draws after another change")
        func hotReloadAndBrokenFile() throws {
            let dir = try CLI.folder()
            defer { try? FileManager.default.removeItem(at: dir) }
            let gallery = Golden.packageRoot.appendingPathComponent("Sources/CarouselStyles/Effect/Gallery/coverflow.effect.json")
            let original = try String(contentsOf: gallery, encoding: .utf8).replacingOccurrences(of: "\"name\": \"coverflow\"", with: "\"name\": \"mine\"")
            let file = dir.appendingPathComponent("mine.effect.json")
            try original.write(to: file, atomically: true, encoding: .utf8)
            let shots = dir.appendingPathComponent("shots")
            let app = try AppWindow(["--style", file.path, "--size", "1000x600", "--screenshots", shots.path],
                                    environment: ["XDG_CONFIG_HOME": dir.appendingPathComponent("config").path], captureStderr: true)
            let first = try #require(app.wait { $0["style"] == .string("mine") && !EffectWindow.quads($0).isEmpty })
            let before = EffectWindow.quads(first)
            // Saved with the covers twice as tall: the window follows.
            try original.replacingOccurrences(of: "\"aspectRatio\": 1,", with: "\"aspectRatio\": 0.5,").write(to: file, atomically: true, encoding: .utf8)
            let tall = try #require(app.wait { EffectWindow.quads($0) != before && !EffectWindow.quads($0).isEmpty }, "the saved effect applies")
            let tallQuads = EffectWindow.quads(tall)
            // A broken save: named, and nothing changes.
            try "{\n  \"layout\": {\"itemLength\": 0.3,\n  \"bogus\": 1}\n}\n".write(to: file, atomically: true, encoding: .utf8)
            let broken = app.wait { $0["chrome"]?["problem"] != .null && $0["chrome"]?["problem"] != nil }
            #expect(broken != nil, "the window shows the problem")
            #expect(EffectWindow.quads(broken) == tallQuads, "the last good effect stays")
            let deadline = Date().addingTimeInterval(5)
            while !app.stderr().contains("mine.effect.json:3:") && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            #expect(app.stderr().contains("mine.effect.json:3:"), "stderr names the file, line and column: \(app.stderr())")
            // Fixed again: the problem goes.
            try original.write(to: file, atomically: true, encoding: .utf8)
            let fixed = app.wait { $0["chrome"]?["problem"] == .null && EffectWindow.quads($0) == before }
            #expect(fixed != nil, "the fixed file applies and the problem goes")
            // F12; then the file changes again; capture of the sidecar draws the screenshot's frame.
            let window = try #require(app.windowID())
            app.xdotool("key", "--window", window, "F12")
            let sidecar = try #require(TimelineWindow.file(in: shots.path, suffix: ".json", timeout: 20))
            let png = String(sidecar.dropLast(".json".count)) + ".png"
            try original.replacingOccurrences(of: "\"aspectRatio\": 1,", with: "\"aspectRatio\": 2,").write(to: file, atomically: true, encoding: .utf8)
            let captured = dir.appendingPathComponent("capture.png").path
            let r = try CLI.run(["capture", "--params", sidecar, "--out", captured])
            try #require(r.status == 0, "\(r.stderr)")
            let off = try PixelImage.load(captured).pixelsOff(from: PixelImage.load(png), tolerance: 24).count
            #expect(off < 100, "\(off) pixels differ between the screenshot and capture of its sidecar after the file changed")
        }
    }
}
