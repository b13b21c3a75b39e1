import CarouselSupport
import Foundation
import Testing

/// Debian's headless Chromium, launched once for many pages: `Tests/Tools/chromium-eval.py` drives it over its
/// DevTools pipe, opens each page in a new tab in real time (with a 1280 x 720 viewport, and the user's "reduce
/// motion" setting emulated or not), waits until an expression gives a value, and optionally writes a screenshot.
/// A launch costs more CPU than a page, so tests hand it every page they need at once.
enum HeadlessChromium {
    static let executable = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let tool = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tools/chromium-eval.py").path
    /// Every page's viewport (points): the app's default window size.
    static let viewport = [1280, 720]
    /// How long one page may take (seconds).
    static let pageTimeout = 60.0

    /// One page to open.
    struct Page {
        var url: String
        /// JavaScript evaluated until it gives something other than null or undefined (a promise is awaited).
        var expression: String
        /// Whether the page sees `prefers-reduced-motion: reduce`.
        var reducedMotion = false
        /// Where to write a PNG of the viewport once the expression has its value.
        var screenshot: String?
    }

    /// What a page gave: the expression's value (nil with an error), and its console messages, exceptions and log
    /// entries (a missing image).
    struct Answer {
        var value: JSONValue?
        var messages: [String]
        var error: String?
    }

    /// Opens `pages` one after another in one Chromium; their answers, in order.
    static func run(_ pages: [Page]) throws -> [Answer] {
        if pages.isEmpty { return [] }
        let chromium = try #require(executable, "chromium is not installed (scripts/setup.sh test installs it)")
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let request: JSONValue = .object([
            JSONMember("timeout", .number(pageTimeout)),
            JSONMember("pages", .array(pages.map { page in
                var fields = [JSONMember("url", .string(page.url)), JSONMember("expression", .string(page.expression)),
                              JSONMember("viewport", .array(viewport.map { .number(Double($0)) })),
                              JSONMember("reducedMotion", .bool(page.reducedMotion))]
                if let png = page.screenshot { fields.append(JSONMember("screenshot", .string(png))) }
                return .object(fields)
            })),
        ])
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = [tool, chromium, "--disable-gpu", "--no-sandbox", "--hide-scrollbars", "--no-first-run", "--disable-extensions",
                       "--user-data-dir=\(profile.path)", "--window-size=\(viewport[0]),\(viewport[1])"]
        let input = Pipe(), out = Pipe(), err = Pipe()
        p.standardInput = input
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // The tool ends each page within its time-out; this is for a tool that hangs.
        let killer = DispatchWorkItem { if p.isRunning { p.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + Double(pages.count) * (pageTimeout + 15) + 30, execute: killer)
        defer { killer.cancel() }
        nonisolated(unsafe) var log = Data()
        let logRead = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { log = err.fileHandleForReading.readDataToEndOfFile(); logRead.signal() }
        input.fileHandleForWriting.write(Data(request.serialized(indent: nil).utf8))
        try input.fileHandleForWriting.close()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        logRead.wait()
        let lines = output.split(separator: UInt8(ascii: "\n"))
        guard p.terminationStatus == 0, lines.count == pages.count else {
            throw BrowserError("chromium-eval.py answered \(lines.count) of \(pages.count) pages (status \(p.terminationStatus)): "
                               + String(decoding: log, as: UTF8.self).suffix(400))
        }
        return try lines.map { line in
            let json = try JSONParser.parse(Data(line))
            return Answer(value: json["error"]?.stringValue == nil ? json["value"] : nil,
                          messages: (json["messages"]?.arrayValue ?? []).compactMap(\.stringValue), error: json["error"]?.stringValue)
        }
    }
}
