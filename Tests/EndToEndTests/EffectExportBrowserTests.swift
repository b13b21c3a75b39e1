import CarouselStyles
import CarouselSupport
import CarouselTesting
import Foundation
import Testing

/// Each gallery effect's exported web page (CSS scroll-driven animations) in Debian's headless Chromium against the
/// app: the row held at ten scroll positions (at rest, then a drag held still at nine places between and on snap
/// points, with 1.5 s for the states' springs to settle), every item the app's `capture --layout` lists as visible
/// has the page element of the same deck index and progress, its bounding box within 1 px and its opacity within
/// 0.01. The page runs in real time (`HeadlessChromium`: one Chromium for every page of a test, driven over its
/// DevTools pipe): its items' looks are the browser's scroll-driven animations, which follow the scroll position at
/// the next frame, and `--dump-dom` with a virtual time budget does not run frames reliably. A page whose keyframe is
/// wrong fails the same comparison (against the app's frames the first test captured). axe-core finds nothing on any
/// gallery effect's page.
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
        let pages = try Self.effects.map { try Self.export($0, into: folder) }
        for (effect, (viewport, pageFrames)) in zip(Self.effects, try Self.frames(pages: pages)) {
            let appFrames = try Self.appFrames(effect, size: viewport)
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
        let files = try Self.swiperConfigs.map { name, options in
            let file = folder.appendingPathComponent("\(name).json").path
            try options.write(toFile: file, atomically: true, encoding: .utf8)
            return file
        }
        let pages = try zip(Self.swiperConfigs, files).map { config, file in try Self.export(file, into: folder, name: config.0) }
        for ((name, _), (file, (viewport, pageFrames))) in zip(Self.swiperConfigs, zip(files, try Self.frames(pages: pages))) {
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
        let (viewport, pageFrames) = try Self.frames(pages: [page])[0]
        let appFrames = try Self.appFrames("coverflow", size: viewport)
        try #require(appFrames.count == Self.distances.count, "\(appFrames.count) frames from capture")
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
        var checks: [(what: String, page: String, reducedMotion: Bool)] = []
        for effect in Self.effects {
            let auto = try ExportAccessibilityTests.export(effect, json: #"{"autoAdvance": true, "autoAdvanceProgress": true}"#,
                                                           name: "\(effect)-auto", into: folder)
            checks += [(effect, try Self.export(effect, into: folder), false), ("\(effect), auto-advancing", auto, false),
                       ("\(effect), auto-advancing under reduced motion", auto, true)]
        }
        for (check, violations) in zip(checks, try Browser.axeViolations(checks.map { ($0.page, $0.reducedMotion) })) {
            #expect(violations.isEmpty, "\(check.what): \(violations)")
        }
    }

    @Test("An effect page is the WAI-ARIA carousel: slides \"N of M\", the rotation control first, one slide in the tab order; Right moves it and focus follows")
    func carouselPattern() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let effects = ["coverflow", "creative-1"]
        let pages = try effects.map { try ExportAccessibilityTests.export($0, json: #"{"autoAdvance": true, "autoAdvanceInterval": 3}"#, name: $0, into: folder) }
        // At rest, and after focus and the Right key.
        let measured = try Browser.measure(pages.flatMap { [Browser.TestRun(page: $0, times: [0.5]), Browser.TestRun(page: $0, input: "0 focus; 0 key right", times: [1])] })
        for (k, (effect, page)) in zip(effects, pages).enumerated() {
            let html = try String(contentsOfFile: page, encoding: .utf8)
            #expect(html.contains("<div class=\"scroller\" data-carousel-scroller></div>") && html.contains("element.dataset.carouselItem = \"\";"), "\(effect)")
            let rest = measured[2 * k].records[0]["a11y"]
            #expect(rest?["live"] == .string("off") && rest?["rotation"] == .string("Stop automatic slide show"), "\(effect): \(String(describing: rest))")
            let order = rest?["tabOrder"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(order == ["Stop automatic slide show", "1 of 21"], "\(effect): tab order \(order)")
            let moved = measured[2 * k + 1].records[0]
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
        // scale-and-fade declares an opacity-only reduced form: its neighbours keep their size.
        let fade = try Self.export("scale-and-fade", into: folder)
        let measured = try Browser.measure([false, true].map { Browser.TestRun(page: page, input: "0 key right", times: [0.05, 3], reducedMotion: $0) }
                                           + [false, true].map { Browser.TestRun(page: fade, times: [0.5], reducedMotion: $0) })
        func offsets(_ m: Browser.Measured) -> [Double] { m.records.map { $0["state"]?["scrollOffset"]?.numberValue ?? .nan } }
        let normal = offsets(measured[0]), reduced = offsets(measured[1])
        #expect(normal[1] > 100 && abs(normal[0] - normal[1]) > 1, "normally the row glides: \(normal)")
        #expect(abs(reduced[0] - reduced[1]) < 0.5 && abs(reduced[1] - normal[1]) < 0.5, "under reduced motion it cuts: \(reduced), normally \(normal)")
        func neighbour(_ m: Browser.Measured) throws -> [Double] {
            try #require(Self.frame(m.records[0]).items.first { abs($0.progress + 1) < 0.01 }).frame
        }
        let shrunk = try neighbour(measured[2]), kept = try neighbour(measured[3])
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

    /// The app's frames of a gallery effect at `size` (see `capture`), captured once per test process: the test of a
    /// wrong keyframe compares against the frames the test of every effect captured.
    static func appFrames(_ effect: String, size: [Double]) throws -> [Frame] {
        let key = "\(effect) \(size)"
        if let frames = captured[key] { return frames }
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try capture(effect, size: size, folder: folder)
        captured[key] = frames
        return frames
    }
    static var captured: [String: [Frame]] = [:]

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

    /// Each page's frames with its row held at each of `distances` (at `moveTime`), read at each `frameTime`, all
    /// in one Chromium; with the page's viewport.
    static func frames(pages: [String]) throws -> [(viewport: [Double], frames: [Frame])] {
        let input = distances.enumerated().map { k, d in "\(moveTime(k)) scroll \(d)" }.joined(separator: "; ")
        let times = distances.indices.map(frameTime)
        return try Browser.measure(pages.map { Browser.TestRun(page: $0, input: input, times: times) }).map { ($0.viewport, $0.records.map(frame)) }
    }

    /// One test-mode record's items (with progress and opacity) and scroll position.
    static func frame(_ frame: JSONValue) -> Frame {
        let items: [Item] = (frame["items"]?.arrayValue ?? []).compactMap { item in
            guard let i = item["index"]?.numberValue, let f = item["frame"]?.arrayValue?.compactMap(\.numberValue),
                  let o = item["opacity"]?.numberValue, let p = item["progress"]?.numberValue else { return nil }
            return Item(index: Int(i), frame: f, opacity: o, progress: p)
        }
        return Frame(scroll: frame["state"]?["scrollOffset"]?.numberValue ?? .nan, items: items)
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
