import CarouselClips
import CarouselTesting
import CarouselSupport
import CarouselCore
import Foundation
import SDLBackend
import Testing

extension WindowTests {
    /// The timeline in the real window, driven as a user would: a hover sweep, `T`, the playhead dragged back with
    /// the mouse, a value changed in the panel, and what the screen then shows (grabbed from the X server) against
    /// `capture` of the screenshot's sidecar taken there.
    @Suite("Timeline in the window")
    struct TimelineWindow {
        @Test("Scrub back with the mouse and retune in the panel: the screen shows what capture --params SIDECAR draws")
        func scrubAndRetune() throws {
            let dir = try CLI.folder()
            defer { try? FileManager.default.removeItem(at: dir) }
            let config = dir.appendingPathComponent("config").path
            let app = try AppWindow(["--style", "expand", "--size", "1280x720", "--screenshots", dir.path],
                                    environment: ["XDG_CONFIG_HOME": config])
            _ = try #require(app.layout())
            // A sweep across the row, then the pointer above it.
            for x in stride(from: 60, through: 1000, by: 20) {
                app.xdotool("mousemove", "\(x)", "350")
                Thread.sleep(forTimeInterval: 0.02)
            }
            app.xdotool("mousemove", "640", "60")
            Thread.sleep(forTimeInterval: 0.5)
            app.xdotool("key", "t")
            let live = app.wait { $0["timeline"]?["live"] == .bool(true) }
            let end = try #require(live?["timeline"]?["end"]?.numberValue)
            // Drag the playhead from the live end back to about a third of the way into the sweep.
            app.xdotool("mousemove", "1260", "680")
            app.xdotool("mousedown", "1")
            for x in stride(from: 1240, through: 500, by: -40) { app.xdotool("mousemove", "\(x)", "680") }
            app.xdotool("mouseup", "1")
            // The moment the drag ended on: once the app has taken every move (the playhead stays put).
            var scrubbed = try #require(app.wait { $0["timeline"]?["playhead"]?.numberValue != nil })
            while true {
                Thread.sleep(forTimeInterval: 0.4)
                let again = try #require(app.layout())
                if again["timeline"]?["playhead"] == scrubbed["timeline"]?["playhead"] { break }
                scrubbed = again
            }
            let playhead = try #require(scrubbed["timeline"]?["playhead"]?.numberValue)
            #expect(playhead < end - 0.5, "dragged back: playhead \(playhead) of \(end)")
            #expect(scrubbed["time"]?.numberValue.map { abs($0 - playhead) < 1e-6 } == true,
                    "the window shows the playhead's moment: time \(scrubbed["time"]?.numberValue ?? -1), playhead \(playhead), timeline \(scrubbed["timeline"].map { $0.serialized(indent: nil) } ?? "-")")
            // Retune the expansion's duration in the panel (its ninth row), three steps up, then close the panel. A
            // duration is what a live change cannot show mid-animation: only playing the input again with it can.
            app.xdotool("key", "p")
            for _ in 0..<8 { app.xdotool("key", "Down") }
            for _ in 0..<3 { app.xdotool("key", "Right") }
            app.xdotool("key", "p")
            let retuned = try #require(app.wait { $0["parameters"]?["expandDuration"]?.numberValue.map { $0 > 0.4 } == true && $0["panelOpen"] == .bool(false) })
            #expect(retuned["timeline"]?["playhead"]?.numberValue == playhead, "retuning kept the moment")
            Thread.sleep(forTimeInterval: 0.4)
            // The screenshot of this moment with its sidecar, drawn again by capture.
            let window = try #require(app.windowID())
            app.xdotool("key", "F12")
            let sidecar = try #require(TimelineWindow.file(in: dir.path, suffix: ".json", timeout: 20))
            let captured = dir.appendingPathComponent("capture.png").path
            let result = try CLI.run(["capture", "--params", sidecar, "--out", captured])
            try #require(result.status == 0, "\(result.stderr)")
            // What the screen shows (grabbed from the X server), above the strip and its graph, below the badges: the
            // carousel. A loaded machine draws the replay with the new value late: grabbed until it matches, up to 10 s.
            let grabbed = dir.appendingPathComponent("screen.png").path
            let capture = try PixelImage.load(captured).cropped(Rect(0, 60, 1280, 500))
            var screen: PixelImage
            var off: (count: Int, worst: Int)
            let deadline = Date().addingTimeInterval(10)
            repeat {
                try TimelineWindow.grab(window: window, to: grabbed)
                screen = try PixelImage.load(grabbed).cropped(Rect(0, 60, 1280, 500))
                let diff = screen.pixelsOff(from: capture, tolerance: 24)
                off = (diff.count, diff.worst)
                if off.count >= 200 { Thread.sleep(forTimeInterval: 0.3) }
            } while off.count >= 200 && Date() < deadline
            #expect(off.count < 200, "\(off.count) pixels differ between the screen and the capture (worst \(off.worst))")
            // And it is the retuned moment, not the live one: a capture at the live end differs.
            let liveCapture = dir.appendingPathComponent("live.png").path
            _ = try CLI.run(["capture", "--params", sidecar, "--at", JSONValue.format(end), "--out", liveCapture])
            #expect(try PixelImage.load(liveCapture).cropped(Rect(0, 60, 1280, 500)).pixelsOff(from: screen, tolerance: 24).count > 1000)
        }

        @Test("Space replays the sweep in the window from the playhead while the pointer wanders off; the recording keeps its end; paused frames are capture's")
        func replayInTheWindow() throws {
            let dir = try CLI.folder()
            defer { try? FileManager.default.removeItem(at: dir) }
            // A window smaller than the screen, the pointer outside it when it opens, as a user starts.
            let holder = try AppWindow.holdPointer(at: 1200, 700, seconds: 3)
            defer { holder.terminate() }
            let app = try AppWindow(["--style", "expand", "--size", "1000x600", "--screenshots", dir.path],
                                    environment: ["XDG_CONFIG_HOME": dir.appendingPathComponent("config").path])
            _ = try #require(app.layout())
            let window = try #require(app.windowID())
            app.xdotool("windowmove", window, "0", "0")
            // A slow sweep across the row (about 4 s), then the pointer above it.
            for x in stride(from: 40, through: 940, by: 20) {
                app.xdotool("mousemove", "\(x)", "300")
                Thread.sleep(forTimeInterval: 0.08)
            }
            app.xdotool("mousemove", "500", "40")
            app.wait { $0["state"]?["expanded"] == .null }
            app.xdotool("key", "t")
            app.xdotool("key", "Home")
            let start = try #require(app.wait { $0["timeline"]?["playhead"] == .number(0) })
            let end = try #require(start["timeline"]?["end"]?.numberValue)
            #expect(end > 3, "the sweep was recorded: \(end) s")
            app.xdotool("key", "shift+Right")
            try #require(app.wait { $0["timeline"]?["playhead"] == .number(1) } != nil, "Shift+Right: one second on")
            // Space replays; the pointer leaves the window and comes back above the row: the replay plays on.
            app.xdotool("key", "space")
            let playing = app.wait { $0["timeline"]?["replaying"] == .bool(true) }
            #expect(playing?["timeline"]?["live"] == .bool(false), "Space replays from the playhead")
            app.xdotool("mousemove", "1200", "700")
            app.xdotool("mousemove", "500", "40")
            app.xdotool("mousemove", "1200", "700")
            let later = try #require(app.wait(timeout: 10) { ($0["timeline"]?["playhead"]?.numberValue ?? 0) > 2 })
            #expect(later["timeline"]?["replaying"] == .bool(true), "still replaying after the pointer wandered: \(later["timeline"]?.serialized(indent: nil) ?? "")")
            #expect(later["timeline"]?["end"]?.numberValue == end, "the recording keeps its end")
            // Paused at one moment, then the strip's play button, paused at a later one: each frame on screen is the
            // one capture draws from the sidecar at that moment.
            var moments: [Double] = []
            for round in 0..<2 {
                if round == 1 {
                    app.xdotool("mousemove", "34", "558")
                    app.xdotool("click", "1")
                    app.xdotool("mousemove", "1200", "700")
                    let resumed = app.wait { $0["timeline"]?["replaying"] == .bool(true) }
                    #expect(resumed != nil, "the strip's play button replays from the playhead")
                    _ = app.wait(timeout: 10) { ($0["timeline"]?["playhead"]?.numberValue ?? 0) > moments[0] + 0.8 }
                }
                app.xdotool("key", "space")
                let paused = try #require(app.wait { $0["timeline"]?["replaying"] == .bool(false) && $0["timeline"]?["live"] == .bool(false) })
                let t = try #require(paused["timeline"]?["playhead"]?.numberValue)
                moments.append(t)
                for name in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] where name.hasSuffix(".json") || name.hasSuffix(".png") {
                    try? FileManager.default.removeItem(at: dir.appendingPathComponent(name))
                }
                app.xdotool("key", "F12")
                let sidecar = try #require(TimelineWindow.file(in: dir.path, suffix: ".json", timeout: 20))
                let captured = dir.appendingPathComponent("capture-\(round).png").path
                let result = try CLI.run(["capture", "--params", sidecar, "--out", captured])
                try #require(result.status == 0, "\(result.stderr)")
                try FileManager.default.removeItem(atPath: sidecar)
                // The carousel, below the toolbar, above the strip. The ghost of the recorded pointer (14 pt) is the
                // window's alone: up to 200 pixels of it may differ; a wrong moment differs by thousands.
                let area = Rect(0, 50, 1000, 400)
                let capture = try PixelImage.load(captured).cropped(area)
                let grabbed = dir.appendingPathComponent("screen-\(round).png").path
                var off = Int.max
                let deadline = Date().addingTimeInterval(10)
                repeat {
                    try TimelineWindow.grab(window: window, to: grabbed)
                    off = try PixelImage.load(grabbed).cropped(area).pixelsOff(from: capture, tolerance: 24).count
                    if off >= 400 { Thread.sleep(forTimeInterval: 0.2) }
                } while off >= 400 && Date() < deadline
                #expect(off < 400, "at \(t) s, \(off) pixels differ between the screen and capture of its sidecar")
                if off >= 400 { for f in [captured, grabbed] { try? FileManager.default.copyItem(atPath: f, toPath: "/tmp/dbg/" + (f as NSString).lastPathComponent) } }
            }
            #expect(moments[0] > 1.5 && moments[1] > moments[0] + 0.5, "two moments of the replay: \(moments)")
            // End: live again at the newest moment; nothing recorded was lost.
            app.xdotool("key", "End")
            let live = try #require(app.wait { $0["timeline"]?["live"] == .bool(true) })
            #expect((live["timeline"]?["end"]?.numberValue ?? 0) >= end, "live again at the newest moment, the recording kept")
        }

        @Test("A script of 100,000 moves, scrubs, plays and wheels: Ctrl+Q and SIGTERM end the window at once, its state saved", arguments: ["ctrl+q", "SIGTERM"])
        func quitDuringLongScript(_ how: String) throws {
            let dir = try CLI.folder()
            defer { try? FileManager.default.removeItem(at: dir) }
            var generator = SeededGenerator(seed: 40)
            var t = 0.0
            let lines = (0..<100_000).map { _ -> String in
                t += 0.0005
                switch Int.random(in: 0..<20, using: &generator) {
                case 0..<12: return "\(t) move \(Int.random(in: 0..<1280, using: &generator)) \(Int.random(in: 0..<720, using: &generator))"
                case 12..<15: return "\(t) scrub \(max(0, t - Double.random(in: 0...3, using: &generator)))"
                case 15..<18: return "\(t) play"
                default: return "\(t) wheel 0 1"
                }
            }
            let script = dir.appendingPathComponent("long.txt")
            try lines.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
            let state = dir.appendingPathComponent("state")
            let app = try AppWindow(["--style", "expand", "--size", "1280x720", "--input", "@" + script.path],
                                    environment: ["XDG_STATE_HOME": state.path, "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path])
            _ = try #require(app.layout())
            // The script is under way: its clock has moved on.
            _ = app.wait(timeout: 10) { ($0["time"]?.numberValue ?? 0) > 0.5 }
            if how == "ctrl+q" {
                let window = try #require(app.windowID())
                app.xdotool("key", "--window", window, "ctrl+q")
            } else {
                app.process.terminate()
            }
            let deadline = Date().addingTimeInterval(15)
            while app.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            #expect(!app.process.isRunning, "\(how) did not end the window within 15 s of a long script")
            #expect(FileManager.default.fileExists(atPath: state.appendingPathComponent("carousel-lab/state.json").path), "the state was saved")
        }

        /// Grabs X window `window` as it is on screen (Tests/Tools/x11-grab.py) into a PNG at `path`.
        static func grab(window: String, to path: String) throws {
            let exit = try ChildProcess("/usr/bin/python3", [Golden.packageRoot.appendingPathComponent("Tests/Tools/x11-grab.py").path, window, path]).wait()
            try #require(exit.succeeded, "x11-grab.py failed: \(exit.standardError)")
        }

        /// The first file in `dir` ending in `suffix`, waiting up to `timeout` seconds for one.
        static func file(in dir: String, suffix: String, timeout: Double) -> String? {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if let name = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).first(where: { $0.hasSuffix(suffix) }) {
                    return dir + "/" + name
                }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return nil
        }
    }
}

extension PixelImage {
    /// The pixels inside `rect` (whole pixels, clipped to the image).
    func cropped(_ rect: Rect) -> PixelImage {
        let x0 = max(Int(rect.x), 0), y0 = max(Int(rect.y), 0)
        let x1 = min(Int(rect.maxX), width), y1 = min(Int(rect.maxY), height)
        var out: [UInt8] = []
        out.reserveCapacity(max(x1 - x0, 0) * max(y1 - y0, 0) * 4)
        for y in y0..<max(y1, y0) {
            let start: Int = (y * width + x0) * 4, end: Int = (y * width + x1) * 4
            out += rgba[start..<end]
        }
        return PixelImage(width: max(x1 - x0, 0), height: max(y1 - y0, 0), rgba: out)
    }
}
