import CarouselClips
import CarouselTesting
import CarouselSupport
import CarouselApp
import CarouselCore
import CarouselStyles
import Foundation
import SDLBackend
import Testing

/// Runs the built `carousel-lab` with `arguments`; returns its exit status and standard error.
func runCLI(_ arguments: [String], timeout: Double = 120) throws -> (status: Int32, stderr: String) {
    let exit = try ChildProcess(AppWindow.executable, arguments).wait(timeout: timeout)
    return (exit.statusOrSignal, exit.standardError)
}

var cliAvailable: Bool { TestRequirement.met(FileManager.default.isExecutableFile(atPath: AppWindow.executable)) }

/// Whether two images match within the golden tolerance (mean channel difference under 1.5, under 0.5 % of pixels
/// off by more than 24 levels).
func matchesWithinGoldenTolerance(_ a: PixelImage, _ b: PixelImage) -> Bool {
    let d = a.difference(to: b)
    return d.meanAbs < 1.5 && d.fractionOver < 0.005
}

/// Issue 9's screenshot promise, end to end: a screenshot's sidecar reproduces its pixels through `capture`, and
/// `capture --frames` writes the documented numbered sequence.
@MainActor
@Suite("Screenshots and sequences", .serialized)
struct WorkflowTests {
    let deckPath = Golden.packageRoot.appendingPathComponent("Resources/deck.json").path

    /// Takes a screenshot the way the window does (F12 handled by the preview, the frame read back by the
    /// backend's screenshotter, saved off the main thread), at `time` after `script`; returns the PNG's path.
    func screenshot(style: String, script: String, at time: Double, params: [String: ParameterValue] = [:],
                    into dir: URL) throws -> String {
        let size = Size(1280, 720)
        let canvas = try HeadlessCanvas(width: 1280, height: 720)
        let (deck, _) = try Deck.load(path: deckPath)
        let preview = try Preview(deck: deck, images: canvas.images, size: size, style: style)
        for (k, v) in params { try preview.setParameter(k, v) }
        let shots = Screenshotter(renderer: canvas.renderer)
        preview.screenshots = ScreenshotSettings(folder: ScreenshotFolder(path: dir.path), taker: shots)
        // F12 is part of the script, delivered at `time` like any key: the frame at `time` is the one saved.
        let run = CaptureRun(preview: preview, script: try ScriptedInput.parse(script + "; \(time) key f12", size: size)) {
            _ = canvas.images.waitUntilLoaded(timeout: 30)
            return true
        }
        run.render(times: [time], into: canvas.renderer) { _ in }
        #expect(preview.waitForBackgroundWork(timeout: 30), "the save finished and its message came back")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") }
        try #require(pngs.count == 1, "\(pngs)")
        #expect(preview.currentMessage?.hasPrefix("Saved ") == true)
        return dir.appendingPathComponent(pngs[0]).path
    }

    @Test("A screenshot mid-animation, after input, is reproduced by `capture --params SIDECAR` alone", .enabled(if: cliAvailable))
    func sidecarReproducesPixels() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Hover item 1 at 0.2 s: it expands over 0.4 s with a tuned curve; the shot is at 0.45 s, mid-way.
        let png = try screenshot(style: "expand", script: "0.2 move 270 350", at: 0.45,
                                 params: ["expandCurve": .text("cubic-bezier(0.2,0.8,0.2,1)"), "itemWidth": .number(140)], into: dir)
        let sidecar = ScreenshotFolder.sidecarPath(for: png)
        let json = try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: sidecar)))
        #expect(json["time"] == .number(0.45))
        #expect(json["input"] == .array(["0.2 move 270 350"]))
        #expect(json["parameters"]?["itemWidth"] == .number(140))
        let width = try #require(json["items"]?.arrayValue?.first { $0["index"] == .number(1) }?["frame"]?.arrayValue?[2].numberValue)
        #expect(width > 150 && width < 250, "mid-animation: \(width)")

        let out = dir.appendingPathComponent("reproduced.png").path
        let (status, stderr) = try runCLI(["capture", "--params", sidecar, "--out", out])
        #expect(status == 0, "\(stderr)")
        #expect(stderr.isEmpty, "no parameter problems: \(stderr)")
        let shot = try PixelImage.load(png), again = try PixelImage.load(out)
        #expect(shot.width == 1280 && shot.height == 720)
        let d = shot.difference(to: again)
        let matches = matchesWithinGoldenTolerance(shot, again)
        #expect(matches, "mean \(d.meanAbs), \(d.fractionOver * 100) % of pixels")
        #expect(d.meanAbs == 0, "same renderer, same time: identical pixels (mean \(d.meanAbs))")

        // The sidecar is what makes it so: the default capture at that time (no input, default values) differs.
        let plain = dir.appendingPathComponent("plain.png").path
        #expect(try runCLI(["capture", "--style", "expand", "--at", "0.45", "--out", plain]).status == 0)
        let differs = !matchesWithinGoldenTolerance(shot, try PixelImage.load(plain))
        #expect(differs)
    }

    @Test("`--frames 0.2:0.4:0.1` writes OUT-00200.png, OUT-00300.png, OUT-00400.png: three different frames of an animation", .enabled(if: cliAvailable))
    func frameSequence() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("hover.png").path
        let layout = dir.appendingPathComponent("hover.json").path
        let (status, stderr) = try runCLI(["capture", "--style", "expand", "--input", "0.1 move 270 350", "--frames", "0.2:0.4:0.1",
                                           "--out", out, "--layout", layout])
        #expect(status == 0, "\(stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == ["hover-00200.json", "hover-00200.png", "hover-00300.json", "hover-00300.png", "hover-00400.json", "hover-00400.png"])
        let frames = try ["00200", "00300", "00400"].map { try PixelImage.load(dir.appendingPathComponent("hover-\($0).png").path) }
        #expect(frames[0].difference(to: frames[1]).meanAbs > 0.1)
        #expect(frames[1].difference(to: frames[2]).meanAbs > 0.1)
        // Each layout is its frame's: the item widens from frame to frame (0.1 s into 0.4, then 0.2, then 0.3).
        let widths = try ["00200", "00300", "00400"].map { n -> Double in
            let l = try JSONParser.parse(try Data(contentsOf: dir.appendingPathComponent("hover-\(n).json")))
            #expect(l["time"] == .number(Double(n)! / 1000))
            return l["items"]?.arrayValue?.first { $0["index"] == .number(1) }?["frame"]?.arrayValue?[2].numberValue ?? 0
        }
        #expect(widths[0] > 150 && widths[0] < widths[1] && widths[1] < widths[2] && widths[2] < 250, "\(widths)")
        // Each frame is the single capture at its time, within the golden tolerance: the software renderer draws an
        // image that rests at one size from a copy scaled once, so a frame's history can move a filtered edge pixel.
        let single = dir.appendingPathComponent("single.png").path
        #expect(try runCLI(["capture", "--style", "expand", "--input", "0.1 move 270 350", "--at", "0.3", "--out", single]).status == 0)
        let d = try PixelImage.load(single).difference(to: frames[1])
        #expect(d.meanAbs < 1.5 && d.fractionOver < 0.005, "\(d)")
    }

    @Test("A broken parameter file stops capture with one line naming the file and line", .enabled(if: cliAvailable))
    func brokenParamsForCapture() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let params = dir.appendingPathComponent("p.json").path
        try "{\n  \"itemWidth\": 120,\n  oops\n}".write(toFile: params, atomically: true, encoding: .utf8)
        let (status, stderr) = try runCLI(["capture", "--params", params, "--out", dir.appendingPathComponent("x.png").path])
        #expect(status != 0)
        #expect(stderr.contains("\(params):3: invalid JSON"), "\(stderr)")
        #expect(stderr.split(separator: "\n").count == 1, "\(stderr)")
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("workflow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// The window's workflow under Xvfb: F12 and Ctrl+P save screenshots; saving the parameter file updates the window.
/// In the window suite, so these run one at a time with its other tests: windows opened side by side would overlap,
/// and keys go to the window under the pointer.
extension WindowTests {
    func waitForFiles(in dir: String, count: Int, timeout: Double = 10) -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var names: [String] = []
        while Date() < deadline {
            names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
            if names.count >= count { return names }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return names
    }

    @Test("F12 and Ctrl+P save a PNG of the window's size and its JSON sidecar to --screenshots")
    func f12SavesScreenshot() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shots-\(UUID().uuidString)/Carousel Lab").path
        defer { try? FileManager.default.removeItem(atPath: (dir as NSString).deletingLastPathComponent) }
        let app = try AppWindow(["--style", "expand", "--screenshots", dir])
        let item2 = try #require(AppWindow.frame(app.layout(), 2))
        app.xdotool("mousemove", "\(Int(item2.midX))", "\(Int(item2.midY))")
        // Expanded and settled (the layout file is written after each frame drawn).
        app.wait { $0["state"]?["expanded"] == .number(2) && AppWindow.frame($0, 2)?.width == 250 }
        app.xdotool("key", "F12")
        let names = waitForFiles(in: dir, count: 2)
        try #require(names.count == 2, "\(names)")
        #expect(names[0].hasPrefix("expand-") && names[0].hasSuffix(".json"))
        #expect(names[1] == (names[0] as NSString).deletingPathExtension + ".png")
        let image = try PixelImage.load("\(dir)/\(names[1])")
        #expect(image.width == 1280 && image.height == 720)
        let sidecar = try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(names[0])")))
        #expect(sidecar["style"] == "expand")
        #expect(sidecar["screenshot"] == .string(names[1]))
        #expect(sidecar["state"]?["expanded"] == .number(2))
        #expect(sidecar["parameters"]?.members?.isEmpty == false)
        // Ctrl+P too (the second in the same second is named -2).
        app.xdotool("mousemove", "\(Int(item2.midX))", "\(Int(item2.midY))")
        app.xdotool("key", "ctrl+p")
        let more = waitForFiles(in: dir, count: 4)
        #expect(more.count == 4, "\(more)")
        #expect(app.process.isRunning)
        // capture replays the sidecar into the same layout; only the renderers differ (the window's GPU renderer and
        // capture's software renderer filter photos differently), so the pixels are close, not identical.
        let again = "\(dir)/../again.png"
        let (status, stderr) = try runCLI(["capture", "--params", "\(dir)/\(names[0])", "--out", again])
        #expect(status == 0, "\(stderr)")
        let d = try PixelImage.load(again).difference(to: image)
        #expect(d.meanAbs < 3, "mean \(d.meanAbs), \(d.fractionOver * 100) % of pixels")
        let plain = "\(dir)/../plain.png"
        #expect(try runCLI(["capture", "--style", "expand", "--at", "\(sidecar["time"]?.numberValue ?? 1)", "--out", plain]).status == 0)
        #expect(try PixelImage.load(plain).difference(to: image).meanAbs > 3, "without the recorded input nothing is expanded")
    }

    /// How soon the watcher sees a save (every 0.25 s of the app's wall time) is `ParameterFileWatcherTests`'s, on the
    /// watcher's own clock; here, that the window follows the file and survives a broken save.
    @Test("Saving the --params file updates the window; a broken save changes nothing and says why")
    func hotReload() throws {
        let params = FileManager.default.temporaryDirectory.appendingPathComponent("params-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: params) }
        try #"{"itemWidth": 130}"#.write(toFile: params, atomically: false, encoding: .utf8)
        let app = try AppWindow(["--style", "expand", "--params", params])
        let first = app.wait { AppWindow.frame($0, 0)?.width == 130 }
        #expect(AppWindow.frame(first, 0)?.width == 130)
        try #"{"itemWidth": 110}"#.write(toFile: params, atomically: false, encoding: .utf8)
        let l = app.wait(timeout: 30) { AppWindow.frame($0, 0)?.width == 110 }
        #expect(AppWindow.frame(l, 0)?.width == 110, "the window followed the saved file within 30 s")
        // A broken save changes nothing; the app keeps running and shows the problem line once it has read it.
        try "{\"itemWidth\": ".write(toFile: params, atomically: false, encoding: .utf8)
        let broken = app.wait(timeout: 30) { $0["chrome"]?["problem"].map { $0 != .null } == true }
        #expect(broken?["chrome"]?["problem"].map { $0 != .null } == true, "the problem line showed within 30 s")
        #expect(AppWindow.frame(broken, 0)?.width == 110)
        #expect(app.process.isRunning)
    }
}
