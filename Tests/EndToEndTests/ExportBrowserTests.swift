import CarouselClips
import CarouselSupport
import SDLBackend
import CarouselTesting
import Foundation
import Testing

/// Exported web pages in a real browser (Debian's Chromium, headless): every style's page, with a non-default value
/// for every parameter, loads without a console message and lays its images out where `capture --layout` puts them
/// (within 1 px); expand's hovered item and paging's pages move as the app's do at 0.1, 0.2 and 0.3 s (within 2 px),
/// with the page's animations paused and sought through the Web Animations API by the page's test mode.
@Suite(.serialized) struct ExportBrowserTests {
    static let styles = ["expand", "stitch", "loop", "circular", "paging"]

    @Test("Every style's page loads without a console message and matches capture --layout at rest within 1 px")
    func pagesMatchTheAppAtRest() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = try Self.styles.map { try Self.export($0, into: folder) }
        // At 1 s: the app applies a file's values after the style opens, so a mode set there animates in first.
        let measured = try Browser.measure(pages.map { Browser.TestRun(page: $0, times: [1]) })
        for (style, measured) in zip(Self.styles, measured) {
            let app = try Self.capture(style, size: measured.viewport, input: nil, at: [1], folder: folder)
            try Self.compare(page: measured.frames[0], app: app[0], tolerance: 1, style: style)
        }
    }

    @Test("Expand's hovered item and paging's pages at 0.1, 0.2 and 0.3 s match the app within 2 px")
    func timingMatchesTheApp() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Expand: hover the second item (its expansion waits the tuned hover delay, then runs the tuned curve).
        // Paging: the Right key moves to the next page with the tuned page curve.
        let cases = [("expand", "0 move 290 300"), ("paging", "0 key right")], times = [0.1, 0.2, 0.3]
        let runs = try cases.map { style, input in Browser.TestRun(page: try Self.export(style, into: folder), input: input, times: times) }
        for ((style, input), measured) in zip(cases, try Browser.measure(runs)) {
            let app = try Self.capture(style, size: measured.viewport, input: input, at: times, folder: folder)
            for (k, t) in times.enumerated() {
                try Self.compare(page: measured.frames[k], app: app[k], tolerance: 2, style: "\(style) at \(t) s")
            }
            // The motion is real: the frames at 0.1 and 0.3 s differ by more than the tolerance.
            let moved = zip(app[0], app[2]).contains { abs($0.frame[0] - $1.frame[0]) + abs($0.frame[2] - $1.frame[2]) > 10 }
            #expect(moved, "\(style): nothing moved between 0.1 and 0.3 s")
        }
    }

    @Test("Expand's expanded item shows every detail line where the app draws them (the page dropped the last line and sat 20 px lower)")
    func expandDetailsMatchTheApp() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("expand.html").path
        #expect(try CLI.run(["export", "--style", "expand", "--format", "html", "--out", page]).status == 0)
        // The pointer rests on the second item (Cameraman: title, licence and size, author, source) until it is open.
        let input = "0 move 290 300", pagePNG = folder.appendingPathComponent("page.png").path
        try Browser.screenshots([(Browser.TestRun(page: page, input: input, times: [1]), pagePNG)])
        let appPNG = folder.appendingPathComponent("app.png").path, layout = folder.appendingPathComponent("app.json").path
        let result = try CLI.run(["capture", "--style", "expand", "--size", "1280x720", "--input", input, "--at", "1",
                                  "--out", appPNG, "--layout", layout])
        #expect(result.status == 0, "\(result.stderr)")
        let items = try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: layout)))["items"]?.arrayValue ?? []
        let second = items.first { $0["index"]?.numberValue == 1 }?["frame"]?.arrayValue?.compactMap(\.numberValue)
        let frame = try #require(second)
        // The details panel's text: rows with near-white pixels over the darkened still, left part of the panel.
        func textRows(_ png: String) throws -> [ClosedRange<Int>] {
            let image = try PixelImage.load(png)
            let x0 = Int(frame[0]) + 10, x1 = Int(frame[0]) + 130, y0 = Int(frame[1]), y1 = Int(frame[1] + 200)
            var rows: [ClosedRange<Int>] = [], start: Int?
            for y in y0..<y1 {
                let lit = (x0..<x1).contains { x in
                    let i = (y * image.width + x) * 4
                    return image.rgba[i] > 200 && image.rgba[i + 1] > 200 && image.rgba[i + 2] > 200
                }
                if lit, start == nil { start = y }
                if !lit, let s = start { rows.append(s...(y - 1)); start = nil }
            }
            // One line's descenders can stand apart from it by a row or two of antialiasing: join them to it.
            return rows.reduce(into: []) { lines, row in
                if let last = lines.last, row.lowerBound - last.upperBound <= 3 { lines[lines.count - 1] = last.lowerBound...row.upperBound }
                else { lines.append(row) }
            }
        }
        let app = try textRows(appPNG), page_ = try textRows(pagePNG)
        #expect(app.count == 4, "the app draws \(app.count) lines: \(app)")
        #expect(page_.count == app.count, "the page draws \(page_.count) lines, the app \(app.count): page \(page_), app \(app)")
        // Each line's top (its capitals) where the app's is, within 2 px.
        for (p, a) in zip(page_, app) { #expect(abs(p.lowerBound - a.lowerBound) <= 2, "a line at \(p) in the page, \(a) in the app") }
    }

    @Test("A phone's portrait photograph (EXIF Orientation 6, and 5 and 8) stands upright in the page as in the app: stitch's boxes match within 1 px, also when the images load before the page's script runs")
    func orientedPhotosMatchTheApp() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Stitch sizes each image by its aspect ratio: the page measures it in Chromium (which applies the EXIF
        // orientation), the app from its decoder.
        let deck = folder.appendingPathComponent("phone")
        try FileManager.default.createDirectory(at: deck, withIntermediateDirectories: true)
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/Images")
        for (n, name) in [(6, "a-portrait.jpg"), (1, "b-upright.jpg"), (8, "c-turned-left.jpg"), (5, "d-transposed.jpg"), (3, "e-upside-down.jpg")] {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent("orientation-\(n).jpg"), to: deck.appendingPathComponent(name))
        }
        let page = try Self.export("stitch", into: folder, images: deck.path)
        // The page measures an image when it has loaded, which can be before its script runs (the images from a
        // cache, or the parser waiting, as on a loaded machine): a copy waits 0.2 s, while the images load, then
        // for a script file, while their load events fire, before the page's script.
        let late = folder.appendingPathComponent("stitch-late-script.html").path
        let text = try String(contentsOfFile: page, encoding: .utf8)
        let script = "\n<script>\n\"use strict\";"
        try #require(text.contains(script), "the page's script is not where the test expects it")
        try "".write(to: folder.appendingPathComponent("blocker.js"), atomically: true, encoding: .utf8)
        try text.replacingOccurrences(of: script, with: """
            <script>const until = performance.now() + 200; while (performance.now() < until);</script><script src="blocker.js"></script>
            """ + script).write(toFile: late, atomically: true, encoding: .utf8)
        let measured = try Browser.measure([page, late].map { Browser.TestRun(page: $0, times: [1]) })
        let app = try Self.capture("stitch", size: measured[0].viewport, input: nil, at: [1], folder: folder, images: deck.path)
        try Self.compare(page: measured[0].frames[0], app: app[0], tolerance: 1, style: "stitch over EXIF-oriented photos")
        try Self.compare(page: measured[1].frames[0], app: app[0], tolerance: 1, style: "stitch over EXIF-oriented photos loaded before its script")
        // Every one is upright: 16 x 24, two thirds as wide as it is tall.
        for item in app[0] { #expect(abs(item.frame[2] / item.frame[3] - 2.0 / 3) < 0.02, "image \(item.index): \(item.frame)") }
    }

    @Test("Expand's page: a pointer resting over the partly shown item at the right edge, then moving 1 px at a time, keeps that item expanded under it, brought into view by the least scroll, as the app does")
    func expandRowStaysUnderARestingPointer() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("expand.html").path
        #expect(try CLI.run(["export", "--style", "expand", "--format", "html", "--out", page]).status == 0)
        // Item 7 starts at 24 + 7 * 170 = 1214 and runs past the right edge. The pointer rests at 1260 until the row
        // has settled (0.6 s), then moves 1 px left every 1/60 s for 1.2 s.
        var entries = ["0 move 1260 350"], x = 1260
        for k in 0..<72 { x -= 1; entries.append("\(0.6 + Double(k) / 60) move \(x) 350") }
        let input = entries.joined(separator: "; ")
        let times = [0.55, 3.0]
        let measured = try Browser.measure(page: page, input: input, at: times)
        try #require(measured.viewport.first == 1280, "the page's viewport is \(measured.viewport)")
        for record in measured.records {
            #expect(record["state"]?["expanded"] == .number(7), "expanded: \(record["state"]?.serialized(indent: nil) ?? "none")")
        }
        // The least scroll that shows item 7 whole, 8 px inside the right edge; the pointer still over it.
        let offset = measured.records[1]["state"]?["scrollOffset"]?.numberValue ?? -1
        #expect(abs(offset - (1214 + 250 - 1272)) < 0.5, "scroll offset \(offset)")
        let seven = try #require(measured.frames[1].first { $0.index == 7 }?.frame)
        #expect(seven[0] <= Double(x) && Double(x) <= seven[0] + seven[2] && abs(seven[2] - 250) < 0.5, "item 7 at \(seven), pointer at \(x)")
        // Where the app puts every item after the same input.
        let appFrames = folder.appendingPathComponent("app.json").path
        let result = try CLI.run(["capture", "--style", "expand", "--size", "1280x\(Int(measured.viewport[1]))", "--input", input,
                                  "--at", "3", "--out", folder.appendingPathComponent("app.png").path, "--layout", appFrames])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: appFrames)))
        #expect(json["state"]?["expanded"] == .number(7))
        let app = (json["items"]?.arrayValue ?? []).compactMap { item -> Item? in
            guard item["visible"]?.boolValue == true, let i = item["index"]?.numberValue,
                  let f = item["frame"]?.arrayValue?.compactMap(\.numberValue) else { return nil }
            return Item(index: Int(i), frame: f)
        }
        try Self.compare(page: measured.frames[1], app: app, tolerance: 1, style: "expand after the resting pointer")
    }

    // MARK: Helpers

    struct Item: Equatable {
        var index: Int
        var frame: [Double]
    }

    /// Exports `style`'s page with `ExportTestValues` into `folder`; returns the page's path.
    static func export(_ style: String, into folder: URL, images: String? = nil) throws -> String {
        let params = folder.appendingPathComponent("\(style)-values.json").path
        try ExportTestValues.json[style]!.write(toFile: params, atomically: true, encoding: .utf8)
        let page = folder.appendingPathComponent("\(style).html").path
        let result = try CLI.run(["export", "--style", style, "--format", "html", "--params", params, "--out", page]
                                 + (images.map { ["--images", $0] } ?? []))
        // Nothing but the line that names what was written.
        #expect(result.status == 0 && result.lines.count == 1 && result.lines.first?.hasPrefix("carousel-lab: \(page): web page of \(style), ") == true,
                "\(result.stderr)")
        return page
    }

    /// The app's visible items at `times` with the same values, size and input.
    static func capture(_ style: String, size: [Double], input: String?, at times: [Double], folder: URL, images: String? = nil) throws -> [[Item]] {
        try times.map { t in
            let layout = folder.appendingPathComponent("\(style)-\(t).json").path
            var args = ["capture", "--style", style, "--params", folder.appendingPathComponent("\(style)-values.json").path,
                        "--size", "\(Int(size[0]))x\(Int(size[1]))", "--at", "\(t)", "--out", folder.appendingPathComponent("\(style).png").path,
                        "--layout", layout]
            if let input { args += ["--input", input] }
            if let images { args += ["--images", images] }
            let result = try CLI.run(args)
            #expect(result.status == 0, "\(result.stderr)")
            let json = try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: layout)))
            return (json["items"]?.arrayValue ?? []).compactMap { item in
                guard item["visible"]?.boolValue == true, let i = item["index"]?.numberValue,
                      let f = item["frame"]?.arrayValue?.compactMap(\.numberValue) else { return nil }
                return Item(index: Int(i), frame: f)
            }
        }
    }

    /// Every item the app shows has a page element of the same deck index within `tolerance` on each of x, y, w, h.
    static func compare(page: [Item], app: [Item], tolerance: Double, style: String) throws {
        #expect(!app.isEmpty, "\(style): the app shows nothing")
        for item in app {
            let candidates = page.filter { $0.index == item.index }
            let nearest = candidates.min { abs($0.frame[0] - item.frame[0]) < abs($1.frame[0] - item.frame[0]) }
            guard let nearest else { Issue.record("\(style): the page has no image \(item.index)"); continue }
            let off = zip(nearest.frame, item.frame).map { abs($0 - $1) }.max() ?? .infinity
            #expect(off <= tolerance, "\(style): image \(item.index) at \(nearest.frame) in the page, \(item.frame) in the app")
        }
    }
}

/// Exported pages in headless Chromium (`HeadlessChromium`: one launch for all the pages a test hands it): a page's
/// test mode and what it wrote into its DOM, axe-core on a page, or a screenshot.
enum Browser {
    struct Measured {
        var viewport: [Double]
        var frames: [[ExportBrowserTests.Item]]
        /// Each time's whole record: `items`, `state` (the style's), `a11y` (`CarouselAccessibility.snapshot()`).
        var records: [JSONValue]
    }

    /// A page in its test mode: `input` replayed on its stopped clock, what is on screen recorded at `times`, with
    /// the user's "reduce motion" setting or without.
    struct TestRun {
        var page: String
        var input = ""
        var times: [Double]
        var reducedMotion = false
        var url: String { Browser.testURL(page, input: input, at: times) }
    }

    /// The page's URL with the test mode's fragment: `input` replayed on the stopped clock, frames at `times`.
    static func testURL(_ page: String, input: String, at times: [Double]) -> String {
        var query = URLComponents()
        query.queryItems = [URLQueryItem(name: "test", value: nil), URLQueryItem(name: "input", value: input),
                            URLQueryItem(name: "at", value: times.map { "\($0)" }.joined(separator: ","))]
        return URL(fileURLWithPath: page).absoluteString + "#" + (query.percentEncodedQuery ?? "")
    }

    /// What the test mode writes once it is done.
    static let testResult = #"document.getElementById("carousel-test")?.textContent"#

    /// Each run's records, all in one Chromium; any console message (an error, a missing image) or page error fails
    /// the test.
    static func measure(_ runs: [TestRun]) throws -> [Measured] {
        let answers = try HeadlessChromium.run(runs.map { HeadlessChromium.Page(url: $0.url, expression: testResult, reducedMotion: $0.reducedMotion) })
        return try zip(runs, answers).map { run, answer in
            #expect(answer.messages.isEmpty, "\(run.page): console messages: \(answer.messages.joined(separator: " | "))")
            guard let text = answer.value?.stringValue else { throw BrowserError("\(run.url): no result from the page: \(answer.error ?? "")") }
            let json = try JSONParser.parse(Data(text.utf8))
            let errors = json["errors"]?.arrayValue ?? []
            #expect(errors.isEmpty, "\(run.page): page errors: \(errors)")
            let records = json["frames"]?.arrayValue ?? []
            let frames: [[ExportBrowserTests.Item]] = records.map { frame in
                (frame["items"]?.arrayValue ?? []).compactMap { item in
                    guard let i = item["index"]?.numberValue, let f = item["frame"]?.arrayValue?.compactMap(\.numberValue) else { return nil }
                    return ExportBrowserTests.Item(index: Int(i), frame: f)
                }
            }
            let viewport = json["viewport"]?.arrayValue?.compactMap(\.numberValue) ?? []
            guard viewport.count == 2, frames.count == run.times.count else { throw BrowserError("\(run.page): a malformed test result: \(text.prefix(300))") }
            return Measured(viewport: viewport, frames: frames, records: records)
        }
    }

    /// One page's records (a Chromium for it alone).
    static func measure(page: String, input: String, at times: [Double], reducedMotion: Bool = false) throws -> Measured {
        try measure([TestRun(page: page, input: input, times: times, reducedMotion: reducedMotion)])[0]
    }

    /// axe-core's violations on each page (every rule axe runs by default: WCAG 2.x A and AA and its best practices),
    /// as `id: nodes` lines, all in one Chromium. Each page is copied beside itself with axe-core
    /// (`scripts/axe-core.sh`) and a call of `axe.run` added after its load.
    static func axeViolations(_ pages: [(page: String, reducedMotion: Bool)]) throws -> [[String]] {
        let runner = """
            <script src="\(URL(fileURLWithPath: try AxeCore.script()).absoluteString)"></script>
            <script>
            addEventListener("load", () => setTimeout(() => axe.run(document).then(result => {
              const out = document.createElement("pre");
              out.id = "axe-result";
              out.textContent = JSON.stringify(result.violations.map(v => `${v.id}: ${v.nodes.map(n => n.target.join(" ")).join(", ")}`));
              document.body.appendChild(out);
            }), 200));
            </script>
            </body>
            """
        var copies: [String: String] = [:]
        defer { for copy in copies.values { try? FileManager.default.removeItem(atPath: copy) } }
        for page in Set(pages.map(\.page)) {
            let copy = (page as NSString).deletingPathExtension + "-axe.html"
            let text = try String(contentsOfFile: page, encoding: .utf8)
            try text.replacingOccurrences(of: "</body>", with: runner).write(toFile: copy, atomically: true, encoding: .utf8)
            copies[page] = copy
        }
        let answers = try HeadlessChromium.run(pages.map {
            HeadlessChromium.Page(url: URL(fileURLWithPath: copies[$0.page]!).absoluteString,
                                  expression: #"document.getElementById("axe-result")?.textContent"#, reducedMotion: $0.reducedMotion)
        })
        return try zip(pages, answers).map { page, answer in
            guard let text = answer.value?.stringValue else { throw BrowserError("\(page.page): axe-core gave no result: \(answer.error ?? "")") }
            return (try JSONParser.parse(Data(text.utf8)).arrayValue ?? []).compactMap(\.stringValue)
        }
    }

    /// A PNG of each run's viewport (1280 x 720) once its test mode is done, all in one Chromium.
    static func screenshots(_ shots: [(run: TestRun, png: String)]) throws {
        let answers = try HeadlessChromium.run(shots.map {
            HeadlessChromium.Page(url: $0.run.url, expression: testResult, reducedMotion: $0.run.reducedMotion, screenshot: $0.png)
        })
        for (shot, answer) in zip(shots, answers) where answer.value == nil || !FileManager.default.fileExists(atPath: shot.png) {
            throw BrowserError("\(shot.run.url): no screenshot: \(answer.error ?? "")")
        }
    }
}

/// axe-core's `axe.min.js`, as `scripts/axe-core.sh` provides it (from PyPI's axe-playwright-python, cached).
enum AxeCore {
    static func script() throws -> String {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/axe-core.sh").path
        let exit = try ChildProcess("/bin/bash", [script], output: .kept, errors: .kept).wait()
        let path = exit.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard exit.succeeded, FileManager.default.fileExists(atPath: path) else {
            throw BrowserError("scripts/axe-core.sh could not provide axe.min.js: \(exit.standardError.suffix(400))")
        }
        return path
    }
}

struct BrowserError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
