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

    /// The tool's process, started at the first request and again after one failed; one request at a time.
    final class ToolSession: @unchecked Sendable {
        private let lock = NSLock()
        private var process: Process?
        private var input: FileHandle?
        private var output: FileHandle?
        private var pending = Data()
        private let logLock = NSLock()
        private var log = Data()
        private var exitHandled = false

        /// Writes `request` as a line and reads `count` lines of answer; stops the tool when they take longer than
        /// `seconds` or it fails.
        func ask(_ request: String, lines count: Int, within seconds: Double) throws -> [String] {
            lock.lock()
            defer { lock.unlock() }
            let (process, input, output) = try started()
            let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: killer)
            defer { killer.cancel() }
            do {
                try input.write(contentsOf: Data((request + "\n").utf8))
                return try (0..<count).map { _ in try readLine(output) }
            } catch {
                stop()
                throw BrowserError("chromium-eval.py failed (\(error)): \(logTail())")
            }
        }

        private func started() throws -> (Process, FileHandle, FileHandle) {
            if let process, process.isRunning, let input, let output { return (process, input, output) }
            stop()
            let chromium = try #require(HeadlessChromium.executable, "chromium is not installed (scripts/setup.sh test installs it)")
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            p.arguments = [HeadlessChromium.tool, chromium, "--disable-gpu", "--no-sandbox", "--hide-scrollbars", "--no-first-run",
                           "--disable-extensions", "--window-size=\(viewport[0]),\(viewport[1])"]
            let inPipe = Pipe(), outPipe = Pipe(), errPipe = Pipe()
            p.standardInput = inPipe
            p.standardOutput = outPipe
            p.standardError = errPipe
            try p.run()
            if !exitHandled {
                exitHandled = true
                atexit { HeadlessChromium.session.close() }
            }
            DispatchQueue.global().async { [self] in
                while true {
                    let chunk = errPipe.fileHandleForReading.availableData
                    if chunk.isEmpty { return }
                    logLock.lock()
                    log = (log + chunk).suffix(4000)
                    logLock.unlock()
                }
            }
            (process, input, output, pending) = (p, inPipe.fileHandleForWriting, outPipe.fileHandleForReading, Data())
            return (p, inPipe.fileHandleForWriting, outPipe.fileHandleForReading)
        }

        /// Ends the tool's input and waits (up to 15 s) for it to close Chromium and end.
        func close() {
            lock.lock()
            defer { lock.unlock() }
            guard let process else { return }
            try? input?.close()
            let deadline = Date().addingTimeInterval(15)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            stop()
        }

        /// Ends the tool's input (it closes Chromium) and forgets it.
        private func stop() {
            try? input?.close()
            if let process, process.isRunning { process.terminate() }
            (process, input, output, pending) = (nil, nil, nil, Data())
        }

        private func readLine(_ output: FileHandle) throws -> String {
            while true {
                if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<end], as: UTF8.self)
                    pending = Data(pending[(end + 1)...])
                    return line
                }
                let chunk = output.availableData
                if chunk.isEmpty { throw BrowserError("the tool ended") }
                pending.append(chunk)
            }
        }

        private func logTail() -> String {
            logLock.lock()
            defer { logLock.unlock() }
            return String(decoding: log, as: UTF8.self)
        }
    }
}
