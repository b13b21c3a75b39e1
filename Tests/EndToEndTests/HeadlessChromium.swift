import CarouselClips
import CarouselSupport
import Foundation
import Testing

/// Debian's headless Chromium, launched once for the test process: `Tests/Tools/chromium-eval.py` drives it over its
/// DevTools pipe, opens each page in a new tab in real time (with a 1280 x 720 viewport, and the user's "reduce
/// motion" setting emulated or not), waits until an expression gives a value, and optionally writes a screenshot.
/// A launch costs more CPU than a page, so every test hands its pages to the same Chromium, one batch at a time;
/// at the test process's exit the tool's input ends and the exit waits for it to close Chromium; a tool that failed
/// is started again.
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

    /// Opens `pages` one after another in the test process's Chromium; their answers, in order.
    static func run(_ pages: [Page]) throws -> [Answer] {
        if pages.isEmpty { return [] }
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
        let lines = try session.ask(request.serialized(indent: nil), lines: pages.count,
                                    within: Double(pages.count) * (pageTimeout + 15) + 30)
        return try lines.map { line in
            let json = try JSONParser.parse(Data(line.utf8))
            return Answer(value: json["error"]?.stringValue == nil ? json["value"] : nil,
                          messages: (json["messages"]?.arrayValue ?? []).compactMap(\.stringValue), error: json["error"]?.stringValue)
        }
    }

    static let session = ToolSession()

    /// The tool's process, started at the first request and again after one failed; one request at a time. Its
    /// answers go to a file read as it grows (ChildProcess keeps a pipe's output only whole, at the end), its log to
    /// another.
    final class ToolSession: @unchecked Sendable {
        private let lock = NSLock()
        private var process: ChildProcess?
        private var output: FileHandle?
        private var pending = Data()
        private var files: (output: String, log: String)?
        private var exitHandled = false

        /// Writes `request` as a line and reads `count` lines of answer; stops the tool when they take longer than
        /// `seconds` or it fails.
        func ask(_ request: String, lines count: Int, within seconds: Double) throws -> [String] {
            lock.lock()
            defer { lock.unlock() }
            let (process, output) = try started()
            let killer = DispatchWorkItem { if process.isRunning { process.kill(SIGTERM, toGroup: true) } }
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: killer)
            defer { killer.cancel() }
            do {
                guard let input = process.input else { throw BrowserError("the tool has no input") }
                try input.write(contentsOf: Data((request + "\n").utf8))
                return try (0..<count).map { _ in try readLine(output, of: process) }
            } catch {
                stop()
                throw BrowserError("chromium-eval.py failed (\(error)): \(logTail())")
            }
        }

        private func started() throws -> (ChildProcess, FileHandle) {
            if let process, process.isRunning, let output { return (process, output) }
            stop()
            let chromium = try #require(HeadlessChromium.executable, "chromium is not installed (scripts/setup.sh test installs it)")
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-eval-\(UUID().uuidString)").path
            let paths = (output: base + ".out", log: base + ".log")
            #expect(FileManager.default.createFile(atPath: paths.output, contents: nil))
            // In a group of its own with the Chromium it starts.
            let p = try ChildProcess(program: "/usr/bin/python3",
                                     arguments: [HeadlessChromium.tool, chromium, "--disable-gpu", "--no-sandbox", "--hide-scrollbars", "--no-first-run",
                                                 "--disable-extensions", "--window-size=\(viewport[0]),\(viewport[1])"],
                                     input: .pipe, output: .file(paths.output), errors: .file(paths.log), group: .own)
            guard let reader = FileHandle(forReadingAtPath: paths.output) else { throw BrowserError("cannot read \(paths.output)") }
            if !exitHandled {
                exitHandled = true
                atexit { HeadlessChromium.session.close() }
            }
            (process, output, pending, files) = (p, reader, Data(), paths)
            return (p, reader)
        }

        /// Ends the tool's input and waits (up to 15 s) for it to close Chromium and end.
        func close() {
            lock.lock()
            defer { lock.unlock() }
            guard let process else { return }
            try? process.input?.close()
            _ = process.wait(timeout: 15)
            stop()
        }

        /// Ends the tool's input (it closes Chromium) and forgets it and its files.
        private func stop() {
            if let process {
                try? process.input?.close()
                if process.isRunning { process.kill(SIGTERM, toGroup: true) }
            }
            try? output?.close()
            if let files { for path in [files.output, files.log] { try? FileManager.default.removeItem(atPath: path) } }
            (process, output, pending, files) = (nil, nil, Data(), nil)
        }

        /// The next line the tool wrote, waiting for it while the tool runs.
        private func readLine(_ output: FileHandle, of process: ChildProcess) throws -> String {
            while true {
                if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<end], as: UTF8.self)
                    pending = Data(pending[(end + 1)...])
                    return line
                }
                let chunk = output.availableData
                if chunk.isEmpty {
                    if !process.isRunning, output.availableData.isEmpty { throw BrowserError("the tool ended") }
                    usleep(10_000)
                }
                pending.append(chunk)
            }
        }

        private func logTail() -> String {
            guard let files, let data = FileManager.default.contents(atPath: files.log) else { return "" }
            return String(decoding: data.suffix(4000), as: UTF8.self)
        }
    }
}
