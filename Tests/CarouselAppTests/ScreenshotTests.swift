import CarouselSupport
import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Foundation
import Testing

/// A screenshot taker and renderer in one, behaving as the backend's: the frame ended after `captureNextFrame` is
/// kept as `captured` (and not presented); others are `presented`.
@MainActor
final class RecordingTaker: ScreenshotTaker, Renderer {
    /// A request's first names (the series' later names come from `naming`).
    struct Request {
        var naming: @Sendable (Int) -> ScreenshotFiles
        var path: String { naming(1).png }
        var sidecar: String { naming(1).sidecar }
        var sidecarPath: String { naming(1).sidecarPath }
    }
    let recorder: DrawListRecorder
    var requests: [Request] = []
    var completions: [@MainActor (Result<String, Error>) -> Void] = []
    var captured: [ResolvedDraw]?
    var presented: [ResolvedDraw] = []
    private var armed = false

    init(size: Size) { recorder = DrawListRecorder(size: size) }

    func captureNextFrame(naming files: @escaping @Sendable (Int) -> ScreenshotFiles,
                          completion: @escaping @MainActor (Result<String, Error>) -> Void) {
        requests.append(Request(naming: files))
        completions.append(completion)
        armed = true
    }

    func finishSaves() {}

    var size: Size { recorder.size }
    func beginFrame(clearColor: Color) { recorder.beginFrame(clearColor: clearColor) }
    func endFrame() {
        recorder.endFrame()
        if armed { captured = recorder.draws; armed = false } else { presented = recorder.draws }
    }
    func save() { recorder.save() }
    func restore() { recorder.restore() }
    func concatenate(_ t: Transform2D) { recorder.concatenate(t) }
    func multiplyOpacity(_ o: Double) { recorder.multiplyOpacity(o) }
    func clip(to rect: Rect, cornerRadius: Double) { recorder.clip(to: rect, cornerRadius: cornerRadius) }
    func fill(_ rect: Rect, cornerRadius: Double, color: Color) { recorder.fill(rect, cornerRadius: cornerRadius, color: color) }
    func fillGradient(_ rect: Rect, cornerRadius: Double, gradient: HorizontalGradient) {
        recorder.fillGradient(rect, cornerRadius: cornerRadius, gradient: gradient)
    }
    func drawImage(_ image: ImageHandle, in rect: Rect, cornerRadius: Double, contentMode: ContentMode, opacity: Double) {
        recorder.drawImage(image, in: rect, cornerRadius: cornerRadius, contentMode: contentMode, opacity: opacity)
    }
    func drawShadow(for rect: Rect, cornerRadius: Double, shadow: Shadow) { recorder.drawShadow(for: rect, cornerRadius: cornerRadius, shadow: shadow) }
    func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color) { recorder.drawText(text, at: origin, font: font, color: color) }
    func measureText(_ text: String, font: FontSpec) -> Size { recorder.measureText(text, font: font) }
}

/// Runs a preview frame by frame into a `RecordingTaker`, as the window loop does.
@MainActor
final class TakerLoop {
    let preview: Preview
    let taker: RecordingTaker
    var time = 0.0

    init(preview: Preview, taker: RecordingTaker) {
        self.preview = preview; self.taker = taker
        frame()
    }
    func frame() {
        preview.update(to: time)
        if preview.needsFrame { preview.draw(into: taker) }
    }
    func wait(_ seconds: Double) {
        let end = time + seconds
        while time < end - 1e-9 { time = min(time + 1.0 / 60, end); frame() }
    }
    func send(_ events: InputEvent...) { events.forEach(preview.handle); frame() }
    func key(_ name: String, _ mods: Modifiers = []) { send(.keyDown(Key(name), mods, isRepeat: false), .keyUp(Key(name), mods)) }
}

@Suite("Screenshots in the app")
@MainActor
struct ScreenshotAppTests {
    /// 2026-11-22 04:48:12 UTC.
    let date = Date(timeIntervalSince1970: 1_795_322_892)
    let utc = TimeZone(identifier: "UTC")!

    func make(style: String = "expand", folder: String = "/shots") throws -> (Preview, TakerLoop) {
        let (preview, _) = try makePreview(style: style)
        let taker = RecordingTaker(size: preview.scene.size)
        let date = self.date
        preview.screenshots = ScreenshotSettings(folder: ScreenshotFolder(path: folder), taker: taker, date: { date },
                                                 home: "/home/ada")
        return (preview, TakerLoop(preview: preview, taker: taker))
    }

    // MARK: Names and folders

    @Test("Files are named by style and local time, with -2, -3 when taken")
    func names() {
        let f = ScreenshotFolder(path: "/p/Carousel Lab")
        #expect(f.pngPath(style: "expand", date: date, timeZone: utc) { _ in false } == "/p/Carousel Lab/expand-2026-11-22-044812.png")
        let taken: Set = ["/p/Carousel Lab/loop-2026-11-22-044812.png", "/p/Carousel Lab/loop-2026-11-22-044812-2.json"]
        #expect(f.pngPath(style: "loop", date: date, timeZone: utc) { taken.contains($0) } == "/p/Carousel Lab/loop-2026-11-22-044812-3.png")
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        #expect(f.pngPath(style: "paging", date: date, timeZone: tokyo) { _ in false } == "/p/Carousel Lab/paging-2026-11-22-134812.png")
        #expect(ScreenshotFolder.sidecarPath(for: "/a/b.png") == "/a/b.json")
        #expect(ScreenshotFolder.abbreviated("/home/ada/Pictures/x.png", home: "/home/ada") == "~/Pictures/x.png")
        #expect(ScreenshotFolder.abbreviated("/home/adam/x.png", home: "/home/ada") == "/home/adam/x.png")
    }

    @Test("The folder: --screenshots as given; else Carousel Lab in XDG_PICTURES_DIR, user-dirs.dirs or ~/Pictures (made if needed), never the current directory")
    func folders() throws {
        let home = try temporaryFolder("home").path
        let cwd = "/work/here"
        var dirs: Set<String> = []
        func resolve(_ option: String? = nil, env: [String: String] = [:]) -> String {
            ScreenshotFolder.resolve(option: option, environment: env, home: home, currentDirectory: cwd) { dirs.contains($0) }.path
        }
        #expect(resolve("shots") == "/work/here/shots")
        #expect(resolve("/abs/shots") == "/abs/shots")
        // Nothing exists yet: ~/Pictures/Carousel Lab (made at the first save), not the current directory (issue 39).
        #expect(resolve() == home + "/Pictures/Carousel Lab")
        #expect(resolve(env: ["XDG_PICTURES_DIR": "relative/pics"]) == home + "/Pictures/Carousel Lab", "a relative variable is ignored")
        dirs.insert(home + "/Pictures")
        #expect(resolve() == home + "/Pictures/Carousel Lab")
        try FileManager.default.createDirectory(atPath: home + "/.config", withIntermediateDirectories: true)
        try "# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\nXDG_PICTURES_DIR=\"$HOME/Bilder\"\n"
            .write(toFile: home + "/.config/user-dirs.dirs", atomically: true, encoding: .utf8)
        #expect(resolve() == home + "/Pictures/Carousel Lab", "an entry naming a missing folder is skipped")
        dirs.insert(home + "/Bilder")
        #expect(resolve() == home + "/Bilder/Carousel Lab")
        dirs.insert("/media/pics")
        #expect(resolve(env: ["XDG_PICTURES_DIR": "/media/pics"]) == "/media/pics/Carousel Lab")
        #expect(resolve("x", env: ["XDG_PICTURES_DIR": "/media/pics"]) == "/work/here/x")
        // An entry naming the home folder itself (xdg-user-dirs' way of saying there is none) is not a pictures folder.
        try "XDG_PICTURES_DIR=\"$HOME/\"\n".write(toFile: home + "/.config/user-dirs.dirs", atomically: true, encoding: .utf8)
        dirs.insert(home)
        #expect(resolve() == home + "/Pictures/Carousel Lab")
    }

    // MARK: Taking

    @Test("F12 saves the next frame, named by style and time, with a sidecar holding style, time, state and parameters")
    func f12() throws {
        let (p, loop) = try make()
        let f = try #require(p.itemFrame(2))
        loop.send(.pointerMove(Point(f.midX, f.midY)))
        loop.wait(0.5)
        loop.key("f12")
        let request = try #require(loop.taker.requests.first)
        #expect(loop.taker.requests.count == 1)
        let stem = "/shots/expand-" + Self.localStamp(date)
        #expect(request.path == stem + ".png")
        #expect(request.sidecarPath == stem + ".json")
        let json = try JSONParser.parse(request.sidecar)
        #expect(json["screenshot"] == .string((request.path as NSString).lastPathComponent))
        #expect(json["style"] == "expand")
        #expect(abs((json["time"]?.numberValue ?? 0) - loop.time) < 1e-4)
        #expect(json["size"] == .array([1280, 720]))
        #expect(json["state"]?["expanded"] == .number(2))
        #expect(json["parameters"]?["expandDuration"] == .number(0.4))
        #expect(json["items"]?.arrayValue?.isEmpty == false)
        #expect(json["input"]?.arrayValue?.count == 1)
        // Ctrl+P too: the name is taken when written, so a second one in the same second (of this window or another)
        // gets the series' next name, -2, with a sidecar naming it.
        loop.key("p", .ctrl)
        let second = try #require(loop.taker.requests.last)
        #expect(second.path == stem + ".png")
        let next = second.naming(2)
        #expect(next.png == stem + "-2.png" && next.sidecarPath == stem + "-2.json")
        #expect(try JSONParser.parse(next.sidecar)["screenshot"] == .string((next.png as NSString).lastPathComponent))
    }

    static func localStamp(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd-HHmmss"
        return f.string(from: date)
    }

    @Test("The saved frame leaves out the app's own overlays; the window's frame keeps them, with no extra frame")
    func chromeLeftOut() throws {
        let (p, loop) = try make()
        loop.key("f3")
        loop.key("comma")  // a message and the speed badge
        loop.key("f1")
        #expect(p.isHelpVisible)
        p.showProblem("params.json:3: invalid JSON")
        loop.frame()
        let before = loop.taker.presented.texts
        #expect(before.contains("1/2×"))
        #expect(before.contains("Speed 1/2×"))
        #expect(before.contains { $0.hasPrefix("idle  1/2×  expand") })
        #expect(before.contains("params.json:3: invalid JSON"))
        loop.key("f12")
        let captured = try #require(loop.taker.captured)
        // The help card draws each listed row's keys and meaning, and the toolbar its buttons.
        let helpTexts = Set(CommandTable.all.filter(\.isListed).flatMap { [$0.cardInput, $0.help] })
        let chrome = before.filter { $0 == "1/2×" || $0 == "Speed 1/2×" || $0.hasPrefix("idle  ") || $0.hasPrefix("params.json")
            || helpTexts.contains($0) || $0 == "Tune" || $0 == "Timeline" }
        #expect(chrome.count >= 6 + helpTexts.count)
        #expect(captured.texts.filter(chrome.contains).isEmpty, "\(captured.texts)")
        #expect(captured.texts.contains { $0.hasPrefix("Item") }, "the carousel is in it")
        #expect(loop.taker.presented.texts.contains("1/2×"), "the window still shows the badge")
        #expect(p.currentProblem == "params.json:3: invalid JSON")
    }

    @Test("Saved: the window says where the file went; failed: it shows the error and reports it, and goes on")
    func completion() throws {
        let (p, loop) = try make(folder: "/home/ada/Pictures/Carousel Lab")
        var reported: [String] = []
        p.report = { reported.append($0) }
        loop.key("f12")
        let path = try #require(loop.taker.requests.first?.path)
        loop.taker.completions[0](.success(path))
        loop.frame()
        #expect(p.currentMessage == "Saved ~/Pictures/Carousel Lab/\((path as NSString).lastPathComponent) · Ctrl+Shift+C copies it")
        struct DiskFull: Error, CustomStringConvertible { var description: String { "could not write PNG x.png: No space left on device" } }
        loop.key("f12")
        loop.taker.completions[1](.failure(DiskFull()))
        loop.frame()
        #expect(p.currentMessage == "screenshot not saved: could not write PNG x.png: No space left on device")
        #expect(reported == ["screenshot not saved: could not write PNG x.png: No space left on device"])
        loop.wait(1)
        #expect(!p.wantsQuit)
    }

    @Test("Without a window (capture) F12 explains that screenshots need one")
    func noTaker() throws {
        let (p, sim) = try makePreview()
        sim.key("f12")
        #expect(p.currentMessage == "Screenshots need a window (use carousel-lab capture)")
    }

    // MARK: Replaying a sidecar

    @Test("The sidecar's recorded input replays the session: capture's frame at the sidecar's time matches the window's")
    func sidecarReplays() throws {
        let (p, loop) = try make()
        // A session with hovering, a wheel burst, a pinned click, keys, a pause and slow motion in between.
        loop.wait(0.3)
        loop.send(.pointerMove(Point(300, 200)))
        loop.wait(0.25)
        loop.send(.pointerMove(Point(470, 250)), .pointerMove(Point(480, 250)))
        loop.wait(0.1)
        loop.key("space")
        loop.wait(2)
        loop.key("period"); loop.key("period")
        loop.key("space")
        loop.key("comma")
        loop.send(.wheel(dx: 0, dy: -1, precise: false, modifiers: [], at: Point(480, 250)))
        loop.wait(0.3)
        loop.key("comma"); loop.key("comma"); loop.key("comma")
        let f = try #require(p.itemFrame(5))
        loop.send(.pointerMove(Point(f.midX, f.midY)), .pointerDown(Point(f.midX, f.midY), .left), .pointerUp(Point(f.midX, f.midY), .left))
        loop.key("right")
        loop.wait(0.15)  // mid-animation
        loop.key("f12")
        let request = try #require(loop.taker.requests.first)
        let expected = try #require(loop.taker.captured)

        let sidecar = try JSONParser.parse(request.sidecar)
        let defaults = SidecarDefaults(json: sidecar)
        #expect(defaults.style == "expand")
        let input = try #require(defaults.input)
        #expect(!input.contains("space") && !input.contains("period") && !input.contains("comma") && !input.contains("f12"),
                "time control and screenshot keys are not part of the session: \(input)")

        let deck = Deck.sample(count: 12)
        let replay = try Preview(deck: deck, images: deck.fakeImageStore(), size: Size(1280, 720), style: defaults.style ?? "")
        replay.apply(.values(.applyFile(sidecar, file: "sidecar.json")))
        let recorder = DrawListRecorder(size: Size(1280, 720))
        let run = CaptureRun(preview: replay, script: try ScriptedInput.parse(input, size: Size(1280, 720))) { false }
        run.render(times: [try #require(defaults.time)], into: recorder) { _ in }
        // JSON keeps 4 decimals, so the time is within 0.05 ms of the window's: a few hundredths of a point at
        // full animation speed.
        #expect(Self.close(replay.layoutJSON()["state"], sidecar["state"], 0.05))
        #expect(Self.close(replay.layoutJSON()["items"], sidecar["items"], 0.05))
        #expect(recorder.draws.looksSame(as: expected, tolerance: 0.05), "the replayed frame differs")
    }

    /// Whether two JSON values are equal, numbers within `tolerance`.
    @Test("Values changed while the window ran are in the sidecar as timed set entries: capture of it draws the window's frame")
    func sidecarReplaysValueChanges() throws {
        let (p, loop) = try make(style: "paging")
        // Auto-advance off, then on again a second later, and a page duration changed from the panel's side.
        loop.key("a")
        loop.wait(1)
        loop.key("a")
        loop.wait(0.5)
        try p.setParameter("pageDuration", .number(0.9))
        loop.wait(3.3)  // a page change under way with the new duration
        loop.key("f12")
        let request = try #require(loop.taker.requests.first)
        let expected = try #require(loop.taker.captured)
        let sidecar = try JSONParser.parse(request.sidecar)
        let defaults = SidecarDefaults(json: sidecar)
        let input = try #require(defaults.input)
        #expect(input.contains("0 set autoAdvance false") && input.contains("set autoAdvance true") && input.contains("set pageDuration 0.9"),
                "the changes are in the input: \(input)")
        let deck = Deck.sample(count: 12)
        let replay = try Preview(deck: deck, images: deck.fakeImageStore(), size: Size(1280, 720), style: "paging")
        replay.apply(.values(.applyFile(sidecar, file: "sidecar.json")))
        let recorder = DrawListRecorder(size: Size(1280, 720))
        let run = CaptureRun(preview: replay, script: try ScriptedInput.parse(input, size: Size(1280, 720))) { false }
        run.render(times: [try #require(defaults.time)], into: recorder) { _ in }
        #expect(Self.close(replay.layoutJSON()["state"], sidecar["state"], 0.05), "\(replay.layoutJSON()["state"]?.serialized(indent: nil) ?? "")")
        #expect(recorder.draws.looksSame(as: expected, tolerance: 0.05), "the replayed frame differs")
    }

    static func close(_ a: JSONValue?, _ b: JSONValue?, _ tolerance: Double) -> Bool {
        switch (a, b) {
        case (.number(let x)?, .number(let y)?): return abs(x - y) <= tolerance
        case (.array(let x)?, .array(let y)?): return x.count == y.count && zip(x, y).allSatisfy { close($0, $1, tolerance) }
        case (.object(let x)?, .object(let y)?):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && close($0.value, $1.value, tolerance) }
        default: return a == b
        }
    }

    @Test("A style switched to starts a new recording, and the sidecar's time counts from when it appeared")
    func styleSwitchRestarts() throws {
        let (p, loop) = try make()
        loop.send(.pointerMove(Point(300, 200)))
        loop.wait(1)
        loop.key("3")
        #expect(p.definition.name == "loop")
        #expect(p.recording.count == 0)
        loop.wait(0.5)
        loop.send(.wheel(dx: 0, dy: -1, precise: false, modifiers: [], at: nil))
        loop.wait(0.5)
        loop.key("f12")
        let json = try JSONParser.parse(try #require(loop.taker.requests.first).sidecar)
        #expect(json["style"] == "loop")
        #expect(abs((json["time"]?.numberValue ?? 0) - 1.0) < 1e-3)
        let lines = json["input"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("0.5") == true && lines.first?.hasSuffix("wheel 0 -1") == true, "\(lines)")
    }
}
