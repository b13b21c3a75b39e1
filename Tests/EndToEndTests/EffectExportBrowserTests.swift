import CarouselClips
import CarouselStyles
import CarouselSupport
import CarouselTesting
import Foundation
import Testing

/// Each gallery effect's exported web page (CSS scroll-driven animations) in Debian's headless Chromium against the
/// app: the row held at ten scroll positions (at rest, then a drag held still at nine places between and on snap
/// points, with 1.5 s for the states' springs to settle), every item the app's `capture --layout` lists as visible
/// has the page element of the same deck index and progress, its bounding box within 1 px and its opacity within
/// 0.01. The page runs in real time (`Tests/Tools/chromium-eval.py` drives Chromium over its DevTools pipe): its
/// items' looks are the browser's scroll-driven animations, which follow the scroll position at the next frame, and
/// `--dump-dom` with a virtual time budget does not run frames reliably. A page whose keyframe is wrong fails the
/// same comparison. axe-core finds nothing on any gallery effect's page.
@MainActor
@Suite(.serialized) struct EffectExportBrowserTests {
    static var effects: [String] { EffectGallery.documents.map(\.name) }
    /// How far the drag has moved the row at each position (points; 0 is the row at rest).
    static let distances = [0, 37, 96, 161, 233, 302, 388, 451, 517, 640]
    /// When the pointer reaches each position, and when each is measured (the states' springs settled).
    nonisolated static func moveTime(_ k: Int) -> Double { 0.5 + 2 * Double(k) }
    nonisolated static func frameTime(_ k: Int) -> Double { 2 + 2 * Double(k) }

    struct Item {
        var index: Int
        var frame: [Double]
        var opacity: Double
        var progress: Double
    }

    struct Frame {
        var scroll: Double
        var items: [Item]
    }

    @Test("Every gallery effect's page, held at ten scroll positions, puts each item where capture --layout does: box within 1 px, opacity within 0.01")
    func pagesMatchTheApp() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for effect in Self.effects {
            let page = try Self.export(effect, into: folder)
            let (viewport, pageFrames) = try LiveBrowser.frames(page: page, distances: Self.distances)
            let appFrames = try Self.capture(effect, size: viewport, folder: folder)
            try #require(appFrames.count == Self.distances.count, "\(effect): \(appFrames.count) frames from capture")
            for (k, (app, page)) in zip(appFrames, pageFrames).enumerated() {
                #expect(abs(app.scroll - Double(Self.distances[k])) < 1e-3 && abs(page.scroll - app.scroll) < 1e-3,
                        "\(effect): the app scrolled to \(app.scroll), the page to \(page.scroll), for a drag of \(Self.distances[k])")
                #expect(!app.items.isEmpty, "\(effect) at \(app.scroll): the app shows nothing")
                for problem in Self.compare(page: page, app: app) { Issue.record("\(effect) at scroll \(app.scroll): \(problem)") }
            }
        }
    }

    /// Swiper configs as users write them: three per view with every coverflow option, a creative effect with
    /// `limitProgress`, `progressMultiplier`, per-side `origin`, opacity and shadow, and an endless coverflow of
    /// `slidesPerView: "auto"`.
    static let swiperConfigs = [
        ("swiper-coverflow", """
        {effect: 'coverflow', slidesPerView: 3, spaceBetween: 20, centeredSlides: true, width: 900, height: 400,
         coverflowEffect: {rotate: 40, stretch: 10, depth: 150, modifier: 1.2, scale: 0.9, slideShadows: true}}
        """),
        ("swiper-creative", """
        {effect: 'creative', slidesPerView: 1.5, spaceBetween: 10, centeredSlides: true, width: 600, height: 300,
         creativeEffect: {limitProgress: 2, progressMultiplier: 0.8,
           prev: {translate: ['-60%', '10%', -300], rotate: [10, 20, -8], scale: 0.7, opacity: 0.4, shadow: true, origin: 'left center'},
           next: {translate: ['70%', 0, -120], rotate: [0, -30, 5], scale: 0.9, opacity: 0.5}}}
        """),
        ("swiper-loop", "{effect: 'coverflow', slidesPerView: 'auto', centeredSlides: true, loop: true, coverflowEffect: {rotate: 30, depth: 80}}"),
    ]

    @Test("Three Swiper configs' pages, held at ten scroll positions, match capture --layout too")
    func swiperPagesMatchTheApp() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, options) in Self.swiperConfigs {
            let file = folder.appendingPathComponent("\(name).json").path
            try options.write(toFile: file, atomically: true, encoding: .utf8)
            let page = try Self.export(file, into: folder, name: name)
            let (viewport, pageFrames) = try LiveBrowser.frames(page: page, distances: Self.distances)
            let appFrames = try Self.capture(file, size: viewport, folder: folder, name: name)
            try #require(appFrames.count == Self.distances.count, "\(name): \(appFrames.count) frames from capture")
            for (app, page) in zip(appFrames, pageFrames) {
                #expect(abs(page.scroll - app.scroll) < 1e-3 && !app.items.isEmpty, "\(name): the app at \(app.scroll), the page at \(page.scroll)")
                for problem in Self.compare(page: page, app: app) { Issue.record("\(name) at scroll \(app.scroll): \(problem)") }
            }
        }
    }

    @Test("A page with a wrong keyframe (coverflow's turn reaching 50° at p = 1.2 instead of 1) fails the comparison")
    func aWrongKeyframeIsCaught() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = try Self.export("coverflow", into: folder)
        let text = try String(contentsOfFile: page, encoding: .utf8)
        let right = "  50.5% { --e-t0: var(--e-t0-k1);", wrong = "  50.6% { --e-t0: var(--e-t0-k1);"
        try #require(text.contains(right), "coverflow's page no longer has its rotateY keyframe at p = 1")
        try text.replacingOccurrences(of: right, with: wrong).write(toFile: page, atomically: true, encoding: .utf8)
        let (viewport, pageFrames) = try LiveBrowser.frames(page: page, distances: Self.distances)
        let appFrames = try Self.capture("coverflow", size: viewport, folder: folder)
        for (app, page) in zip(appFrames, pageFrames) {
            let problems = Self.compare(page: page, app: app)
            #expect(problems.contains { $0.contains(" px off") }, "the wrong keyframe went unnoticed at \(app.scroll)")
        }
    }

    @Test("axe-core finds no violation on any gallery effect's page: as exported, auto-advancing, under reduced motion")
    func axeFindsNothing() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for effect in Self.effects {
            let plain = try Browser.axeViolations(page: try Self.export(effect, into: folder))
            #expect(plain.isEmpty, "\(effect): \(plain)")
            let auto = try ExportAccessibilityTests.export(effect, json: #"{"autoAdvance": true, "autoAdvanceProgress": true}"#,
                                                           name: "\(effect)-auto", into: folder)
            let violations = try Browser.axeViolations(page: auto) + Browser.axeViolations(page: auto, flags: Browser.reducedMotion)
            #expect(violations.isEmpty, "\(effect), auto-advancing: \(violations)")
        }
    }

    @Test("An effect page is the WAI-ARIA carousel: slides \"N of M\", the rotation control first, one slide in the tab order; Right moves it and focus follows")
    func carouselPattern() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for effect in ["coverflow", "creative-1"] {
            let page = try ExportAccessibilityTests.export(effect, json: #"{"autoAdvance": true, "autoAdvanceInterval": 3}"#, name: effect, into: folder)
            let html = try String(contentsOfFile: page, encoding: .utf8)
            #expect(html.contains("<div class=\"scroller\" data-carousel-scroller></div>") && html.contains("element.dataset.carouselItem = \"\";"), "\(effect)")
            let rest = try LiveBrowser.measure(page: page, input: "", at: [0.5]).records[0]["a11y"]
            #expect(rest?["live"] == .string("off") && rest?["rotation"] == .string("Stop automatic slide show"), "\(effect): \(String(describing: rest))")
            let order = rest?["tabOrder"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(order == ["Stop automatic slide show", "1 of 21"], "\(effect): tab order \(order)")
            let moved = try LiveBrowser.measure(page: page, input: "0 focus; 0 key right", at: [1]).records[0]
            #expect(moved["a11y"]?["focused"] == .string("2 of 21") && moved["a11y"]?["focusRing"] == .string("solid"),
                    "\(effect): \(String(describing: moved["a11y"]))")
            #expect(moved["a11y"]?["rotating"] == .bool(false) && moved["a11y"]?["live"] == .string("polite"), "\(effect)")
            #expect(moved["state"]?["current"] == .number(1), "\(effect): \(String(describing: moved["state"]))")
        }
    }

    @Test("Reduced motion: a key's move cuts to its place (normally it glides with the snap curve), and a declared reduced form replaces the tracks")
    func reducedMotion() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = try Self.export("coverflow", into: folder)
        func offsets(_ flags: [String]) throws -> [Double] {
            try LiveBrowser.measure(page: page, input: "0 key right", at: [0.05, 3], flags: flags).records.map { $0["state"]?["scrollOffset"]?.numberValue ?? .nan }
        }
        let normal = try offsets([]), reduced = try offsets(Browser.reducedMotion)
        #expect(normal[1] > 100 && abs(normal[0] - normal[1]) > 1, "normally the row glides: \(normal)")
        #expect(abs(reduced[0] - reduced[1]) < 0.5 && abs(reduced[1] - normal[1]) < 0.5, "under reduced motion it cuts: \(reduced), normally \(normal)")
        // scale-and-fade declares an opacity-only reduced form: its neighbours keep their size.
        let fade = try Self.export("scale-and-fade", into: folder)
        func neighbour(_ flags: [String]) throws -> [Double] {
            let items = LiveBrowser.frame(try LiveBrowser.measure(page: fade, input: "", at: [0.5], flags: flags).records[0]).items
            return try #require(items.first { abs($0.progress + 1) < 0.01 }).frame
        }
        let shrunk = try neighbour([]), kept = try neighbour(Browser.reducedMotion)
        #expect(abs(shrunk[2] / kept[2] - 0.8) < 0.01, "the neighbour is \(shrunk[2]) wide normally, \(kept[2]) under reduced motion")
    }

    // MARK: Helpers

    /// Exports `effect`'s page (a gallery name or a file) with its defaults into `folder` as `name`.html; returns its path.
    static func export(_ effect: String, into folder: URL, name: String? = nil) throws -> String {
        let page = folder.appendingPathComponent("\(name ?? effect).html").path
        let result = try CLI.run(["export", "--style", effect, "--format", "html", "--out", page])
        #expect(result.status == 0 && result.lines.count == 1 && result.lines.first?.hasPrefix("carousel-lab: \(page): web page of \(effect), ") == true,
                "\(result.stderr)")
        return page
    }

    /// The app's frames: pressed where no item is, dragged to each distance and held there; one frame per position.
    static func capture(_ effect: String, size: [Double], folder: URL, name: String? = nil) throws -> [Frame] {
        var input = ["0.2 move 1250 12", "0.2 down 1250 12"]
        for (k, d) in distances.enumerated() { input.append("\(moveTime(k)) move \(1250 - d) 12") }
        let frames = folder.appendingPathComponent("\(name ?? effect)-frames")
        try? FileManager.default.removeItem(at: frames)
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        let result = try CLI.run(["capture", "--style", effect, "--size", "\(Int(size[0]))x\(Int(size[1]))", "--input", input.joined(separator: "; "),
                                  "--frames", "\(frameTime(0)):\(frameTime(distances.count - 1)):2",
                                  "--out", frames.appendingPathComponent("frame.png").path, "--layout", frames.appendingPathComponent("layout.json").path])
        #expect(result.status == 0, "\(result.stderr)")
        let layouts = try FileManager.default.contentsOfDirectory(atPath: frames.path).filter { $0.hasSuffix(".json") }.sorted()
        return try layouts.map { name in
            let json = try JSONParser.parse(try Data(contentsOf: frames.appendingPathComponent(name)))
            let items: [Item] = (json["items"]?.arrayValue ?? []).compactMap { item in
                guard item["visible"]?.boolValue == true, let i = item["index"]?.numberValue, let f = item["frame"]?.arrayValue?.compactMap(\.numberValue),
                      let o = item["opacity"]?.numberValue, let p = item["progress"]?.numberValue else { return nil }
                return Item(index: Int(i), frame: f, opacity: o, progress: p)
            }
            return Frame(scroll: json["state"]?["scrollOffset"]?.numberValue ?? .nan, items: items)
        }
    }

    /// What is wrong with the page's frame against the app's: each item the app shows needs the page's element of
    /// the same deck index at the same progress (within 0.01), its box within 1 px, its opacity within 0.01.
    static func compare(page: Frame, app: Frame) -> [String] {
        var problems: [String] = []
        for item in app.items {
            guard let match = page.items.first(where: { $0.index == item.index && abs($0.progress - item.progress) < 0.01 }) else {
                problems.append("image \(item.index) at progress \(item.progress) is not on the page")
                continue
            }
            let off = zip(match.frame, item.frame).map { abs($0 - $1) }.max() ?? .infinity
            if off > 1 { problems.append("image \(item.index) (p \(item.progress)): \(match.frame) on the page, \(item.frame) in the app, \(off) px off") }
            if abs(match.opacity - item.opacity) > 0.01 {
                problems.append("image \(item.index) (p \(item.progress)): opacity \(match.opacity) on the page, \(item.opacity) in the app")
            }
        }
        return problems
    }
}

/// Headless Chromium in real time, driven over its DevTools pipe by `Tests/Tools/chromium-eval.py`: the page's test
/// mode writes its result when it is done; console messages and exceptions fail the test.
enum LiveBrowser {
    static let tool = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tools/chromium-eval.py").path

    /// The page's frames with its row held at each of `distances` (at `moveTime`), read at each `frameTime`.
    static func frames(page: String, distances: [Int]) throws -> (viewport: [Double], frames: [EffectExportBrowserTests.Frame]) {
        let input = distances.enumerated().map { k, d in "\(EffectExportBrowserTests.moveTime(k)) scroll \(d)" }.joined(separator: "; ")
        let times = distances.indices.map(EffectExportBrowserTests.frameTime)
        let (viewport, records) = try measure(page: page, input: input, at: times)
        return (viewport, records.map(frame))
    }

    /// The test mode's records of `page` after `input`, at `times` (each with `items`, `state`, `a11y`); `flags` go to
    /// Chromium. Page errors fail the test.
    static func measure(page: String, input: String, at times: [Double], flags: [String] = []) throws -> (viewport: [Double], records: [JSONValue]) {
        let json = try result(Browser.testURL(page, input: input, at: times), flags: flags)
        let errors = json["errors"]?.arrayValue ?? []
        #expect(errors.isEmpty, "\(page): page errors: \(errors)")
        let viewport = json["viewport"]?.arrayValue?.compactMap(\.numberValue) ?? []
        let records = json["frames"]?.arrayValue ?? []
        guard viewport.count == 2, records.count == times.count else { throw BrowserError("\(page): a malformed test result") }
        return (viewport, records)
    }

    /// One record's items and scroll position.
    static func frame(_ frame: JSONValue) -> EffectExportBrowserTests.Frame {
        let items: [EffectExportBrowserTests.Item] = (frame["items"]?.arrayValue ?? []).compactMap { item in
            guard let i = item["index"]?.numberValue, let f = item["frame"]?.arrayValue?.compactMap(\.numberValue),
                  let o = item["opacity"]?.numberValue, let p = item["progress"]?.numberValue else { return nil }
            return EffectExportBrowserTests.Item(index: Int(i), frame: f, opacity: o, progress: p)
        }
        return EffectExportBrowserTests.Frame(scroll: frame["state"]?["scrollOffset"]?.numberValue ?? .nan, items: items)
    }

    /// The test mode's result (`<pre id="carousel-test">`) of `url`.
    static func result(_ url: String, flags: [String] = []) throws -> JSONValue {
        let chromium = try #require(Browser.executable, "chromium is not installed (scripts/setup.sh test installs it)")
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        // In a group of its own with the Chromium it starts.
        let exit = try ChildProcess("/usr/bin/python3", [tool, chromium, url, #"document.getElementById("carousel-test")?.textContent"#, "--timeout", "90",
                                                         "--disable-gpu", "--no-sandbox", "--hide-scrollbars", "--no-first-run", "--disable-extensions",
                                                         "--user-data-dir=\(profile.path)", "--window-size=1280,720"] + flags,
                                    output: .kept, group: .own).wait()
        let log = exit.standardError
        let messages = log.split(separator: "\n").filter { $0.hasPrefix("CONSOLE:") || $0.hasPrefix("chromium-eval:") }
        #expect(messages.isEmpty, "\(url): \(messages.joined(separator: " | "))")
        guard exit.succeeded, let text = try JSONParser.parse(exit.standardOutput).stringValue else {
            throw BrowserError("\(url): no result from the page: \(log.suffix(400))")
        }
        return try JSONParser.parse(Data(text.utf8))
    }
}
