import CarouselSupport
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
        for style in Self.styles {
            let page = try Self.export(style, into: folder)
            // At 1 s: the app applies a file's values after the style opens, so a mode set there animates in first.
            let measured = try Browser.measure(page: page, input: "", at: [1])
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
        for (style, input) in [("expand", "0 move 290 300"), ("paging", "0 key right")] {
            let page = try Self.export(style, into: folder)
            let times = [0.1, 0.2, 0.3]
            let measured = try Browser.measure(page: page, input: input, at: times)
            let app = try Self.capture(style, size: measured.viewport, input: input, at: times, folder: folder)
            for (k, t) in times.enumerated() {
                try Self.compare(page: measured.frames[k], app: app[k], tolerance: 2, style: "\(style) at \(t) s")
            }
            // The motion is real: the frames at 0.1 and 0.3 s differ by more than the tolerance.
            let moved = zip(app[0], app[2]).contains { abs($0.frame[0] - $1.frame[0]) + abs($0.frame[2] - $1.frame[2]) > 10 }
            #expect(moved, "\(style): nothing moved between 0.1 and 0.3 s")
        }
    }

    // MARK: Helpers

    struct Item: Equatable {
        var index: Int
        var frame: [Double]
    }

    /// Exports `style`'s page with `ExportTestValues` into `folder`; returns the page's path.
    static func export(_ style: String, into folder: URL) throws -> String {
        let params = folder.appendingPathComponent("\(style)-values.json").path
        try ExportTestValues.json[style]!.write(toFile: params, atomically: true, encoding: .utf8)
        let page = folder.appendingPathComponent("\(style).html").path
        let result = try CLI.run(["export", "--style", style, "--format", "html", "--params", params, "--out", page])
        // Nothing but the line that names what was written.
        #expect(result.status == 0 && result.lines.count == 1 && result.lines.first?.hasPrefix("carousel-lab: \(page): web page of \(style), ") == true,
                "\(result.stderr)")
        return page
    }

    /// The app's visible items at `times` with the same values, size and input.
    static func capture(_ style: String, size: [Double], input: String?, at times: [Double], folder: URL) throws -> [[Item]] {
        try times.map { t in
            let layout = folder.appendingPathComponent("\(style)-\(t).json").path
            var args = ["capture", "--style", style, "--params", folder.appendingPathComponent("\(style)-values.json").path,
                        "--size", "\(Int(size[0]))x\(Int(size[1]))", "--at", "\(t)", "--out", folder.appendingPathComponent("\(style).png").path,
                        "--layout", layout]
            if let input { args += ["--input", input] }
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

/// Headless Chromium from Debian: loads a page in its test mode and reads what the page wrote into its DOM.
enum Browser {
    static let executable = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    struct Measured {
        var viewport: [Double]
        var frames: [[ExportBrowserTests.Item]]
    }

    /// Loads `page` with `input` replayed on its stopped clock and its frames measured at `times`; fails on any
    /// console message (an error, a missing image) or a page error.
    static func measure(page: String, input: String, at times: [Double]) throws -> Measured {
        let chromium = try #require(executable, "chromium is not installed (scripts/setup.sh test installs it)")
        var query = URLComponents()
        query.queryItems = [URLQueryItem(name: "test", value: nil), URLQueryItem(name: "input", value: input),
                            URLQueryItem(name: "at", value: times.map { "\($0)" }.joined(separator: ","))]
        let url = URL(fileURLWithPath: page).absoluteString + "#" + (query.percentEncodedQuery ?? "")
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: chromium)
        p.arguments = ["--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars", "--no-first-run", "--disable-extensions",
                       "--user-data-dir=\(profile.path)", "--window-size=1280,720", "--enable-logging=stderr", "--v=0",
                       "--dump-dom", url]
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let logPath = profile.appendingPathComponent("stderr.txt").path
        FileManager.default.createFile(atPath: logPath, contents: nil)
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle(forWritingAtPath: logPath)
        try p.run()
        let killer = DispatchWorkItem { if p.isRunning { p.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: killer)
        let dom = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        killer.cancel()
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        let console = log.split(separator: "\n").filter { $0.contains(":CONSOLE") }
        #expect(console.isEmpty, "\(page): console messages: \(console.joined(separator: " | "))")
        guard let start = dom.range(of: "<pre id=\"carousel-test\" hidden=\"\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            throw BrowserError("\(page): the page wrote no test result (exit \(p.terminationStatus)): \(log.suffix(400))")
        }
        let body = String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&amp;", with: "&")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
        let json = try JSONParser.parse(body)
        let errors = json["errors"]?.arrayValue ?? []
        #expect(errors.isEmpty, "\(page): page errors: \(errors)")
        let frames: [[ExportBrowserTests.Item]] = (json["frames"]?.arrayValue ?? []).map { frame in
            (frame["items"]?.arrayValue ?? []).compactMap { item in
                guard let i = item["index"]?.numberValue, let f = item["frame"]?.arrayValue?.compactMap(\.numberValue) else { return nil }
                return ExportBrowserTests.Item(index: Int(i), frame: f)
            }
        }
        let viewport = json["viewport"]?.arrayValue?.compactMap(\.numberValue) ?? []
        guard viewport.count == 2, frames.count == times.count else { throw BrowserError("\(page): a malformed test result: \(body.prefix(300))") }
        return Measured(viewport: viewport, frames: frames)
    }
}

struct BrowserError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
