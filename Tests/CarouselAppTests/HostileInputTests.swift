import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselSupport
import CarouselTesting
import Foundation
import Testing

/// What a hostile or careless user hands the window's model (issue 34), without a window: FIFOs where files are
/// expected, pastes of 400,000 lines or of lines that name nothing, a deck from the network naming local files.
@MainActor
@Suite("Hostile input to the window's model")
struct HostileInputTests {
    let folder: URL
    init() throws { folder = try temporaryFolder("hostile") }
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The lines a preview reported (stderr in the app).
    final class Lines { var all: [String] = [] }

    /// A preview taking drops and pastes, its reports collected, with one PNG (`a.png`) in the scratch folder.
    func previewTakingDrops() throws -> (Preview, DeckDrop, Lines) {
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: folder.appendingPathComponent("a.png"))
        let (preview, _) = try makePreview()
        let lines = Lines()
        preview.report = { lines.all.append($0) }
        let drops = DeckDrop()
        preview.deckDrops = drops
        return (preview, drops, lines)
    }

    /// Runs `body`, which must not wait on the FIFO at `fifo`: if it has not returned after `seconds`, a watchdog
    /// opens the FIFO's other end (again and again) so that any wait on it ends, and the test fails naming `what`. A
    /// hang fails the test instead of stopping the suite.
    func withoutWaiting<R>(on fifo: String, _ what: String, seconds: Double = 10, _ body: () throws -> R) rethrows -> R {
        let watchdog = FIFOWatchdog(fifo: fifo, after: seconds)
        defer { #expect(!watchdog.stop(), "\(what) waited on the FIFO \(fifo): a watchdog ended the wait after \(seconds) s") }
        return try body()
    }

    @Test("A state file that is a FIFO is refused at once, in one line, and not said to be replaced")
    func stateFileFIFO() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(path("state.json"), 0o644) == 0)
        let (state, problem) = withoutWaiting(on: path("state.json"), "StateFile.load") { StateFile(path: path("state.json")).load() }
        #expect(state == nil)
        #expect(problem == "\(path("state.json")): cannot read the state file: is a FIFO (named pipe), not a regular file; starting with defaults")
    }

    @Test("The watched parameter file replaced by a FIFO: the watcher refuses it at once, keeps the values and shows why")
    func watchedFileBecomesFIFO() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"itemWidth": 180}"#.write(toFile: path("p.json"), atomically: false, encoding: .utf8)
        let (preview, sim) = try makePreview()
        let watcher = ParameterFileWatcher(path: path("p.json"), context: preview)
        watcher.load()
        preview.watch(watcher)
        #expect(mkfifo(path("fifo"), 0o644) == 0 && rename(path("fifo"), path("p.json")) == 0)
        withoutWaiting(on: path("p.json"), "two polls of the watcher") { sim.wait(0.6) }
        #expect(preview.currentParameters.number("itemWidth") == 180, "the last good values stay")
        #expect(watcher.problem == "\(path("p.json")): cannot read the parameter file: is a FIFO (named pipe), not a regular file (keeping the last good values)",
                "\(watcher.problem ?? "none")")
    }

    @Test("A pasted or dropped deck file that is a FIFO is one problem line naming it, at once")
    func pastedFIFO() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(path("deck.json"), 0o644) == 0)
        let out = withoutWaiting(on: path("deck.json"), "DeckDrop.build") { DeckDrop.build([.path(path("deck.json"))], what: "paste", fetched: [:]) }
        #expect(out.deck == nil && out.problems == ["\(path("deck.json")): cannot read the deck file: is a FIFO (named pipe), not a regular file"])
    }

    @Test("A line that names nothing (javascript:) is a problem line, also beside good lines and in a dropped text")
    func lineNamingNothing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (preview, drops, lines) = try previewTakingDrops()
        drops.paste("javascript:alert(1)\n\(path("a.png"))\n").forEach(preview.apply)
        #expect(preview.deck.items.map(\.image) == [path("a.png")])
        #expect(lines.all == ["\"javascript:alert(1)\": not a file, folder or http(s) URL; skipped"], "\(lines.all)")
        #expect(preview.currentMessage?.hasSuffix("; skipped \"javascript:alert(1)\": not a file, folder or http(s) URL; skipped") == true,
                "\(preview.currentMessage ?? "")")
        lines.all = []
        for step: DropEvent in [.begin, .text("javascript:void(0)"), .file(path("a.png")), .complete] { preview.handle(.drop(step)) }
        #expect(lines.all == ["\"javascript:void(0)\": not a file, folder or http(s) URL; skipped"], "\(lines.all)")
    }

    @Test("A paste of 400,000 lines: at most 10,000 are read, in the background, and the rest is said in one line")
    func hugePaste() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (preview, drops, lines) = try previewTakingDrops()
        let text = (0..<400_000).map { _ in path("a.png") }.joined(separator: "\n")
        drops.paste(text).forEach(preview.apply)
        // On the window's thread, the text was only split into its first 10,000 lines; the deck is built in the
        // background and taken by a later update, so it is not there yet.
        #expect(preview.currentMessage == "Reading 10000 paths…")
        #expect(preview.deck.items.count != 10_000, "the deck was built on the window's thread")
        let deadline = Date().addingTimeInterval(30)
        while preview.deck.items.count != 10_000 && Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
            preview.update(to: preview.wall + 0.02)
        }
        #expect(preview.deck.items.count == 10_000)
        #expect(lines.all == ["the text has 400000 lines; only the first 10000 were read"], "\(lines.all.prefix(3))")
    }

    @Test("A deck fetched from a URL naming a local file: the file is refused, the network images load")
    func remoteDeckNamingLocalFiles() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: folder.appendingPathComponent("secret.jpg"))
        let deckJSON = #"{"items": ["file://\#(path("secret.jpg"))", "\#(path("secret.jpg"))", "ok.jpg"]}"#
        let drops = DeckDrop(fetcher: DropFetcher(image: { _ in .success(Data([0xFF, 0xD8, 0xFF])) },
                                                  document: { _ in .success(Data(deckJSON.utf8)) }))
        let (preview, _) = try makePreview()
        var reported: [String] = []
        preview.report = { reported.append($0) }
        preview.deckDrops = drops
        drops.paste("https://example.com/decks/trip.json").forEach(preview.apply)
        let deadline = Date().addingTimeInterval(5)
        while !preview.deckReplaced && Date() < deadline {
            try await Task.sleep(nanoseconds: 10_000_000)
            preview.update(to: preview.wall + 0.02)
        }
        // An absolute path in a deck from a URL is a path on that server.
        #expect(preview.deck.items.map(\.image) == ["https://example.com\(path("secret.jpg"))", "https://example.com/decks/ok.jpg"],
                "only network images")
        #expect(reported.count == 1 && reported[0].hasPrefix("https://example.com/decks/trip.json: item 1: \"file://")
                    && reported[0].hasSuffix("a deck from the network may name only http(s) images; skipped"), "\(reported)")
    }

    @Test("Ctrl+E whose web page fails (an image gone) says the .swift file was written, not \"export not saved\"")
    func partialExport() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: folder.appendingPathComponent("here.jpg"))
        let deck = Deck(name: "d", items: [DeckItem(image: path("here.jpg"), title: "Here"), DeckItem(image: path("gone.jpg"), title: "Gone")])
        let preview = try Preview(deck: deck, images: deck.fakeImageStore(), size: Size(800, 500), style: "expand")
        var reported: [String] = []
        preview.report = { reported.append($0) }
        let session = CodeExportSession(folder: ScreenshotFolder(path: out.path), home: "/nowhere")
        session.date = { Date(timeIntervalSince1970: 1_800_000_000) }
        preview.codeExports = session
        InputSimulator(driver: preview, size: Size(800, 500)).key("e", .ctrl)
        #expect(preview.waitForBackgroundWork(timeout: 30))
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(names.count == 1 && names[0].hasSuffix(".swift"), "the SwiftUI file was written: \(names)")
        #expect(reported.count == 1 && reported[0].hasPrefix("Exported \(names[0]) to \(out.path); the rest was not saved: \(path("gone.jpg")): cannot read the image: file not found"),
                "\(reported)")
        #expect(preview.currentMessage?.hasPrefix("Exported \(names[0]) to ") == true, "the window says it too (shortened)")
    }

    @Test("Script keys: letters, digits, F-keys, named keys and aliases pass; a word that is no key is an error listing the keys")
    func scriptKeys() throws {
        for good in ["a", "Z", "7", "f1", "F12", "f24", "left", "Return", "enter", "esc", "?", "question", "pageup", "space"] {
            #expect(ScriptedInput.isKeyName(good), "\(good)")
        }
        for bad in ["nope", "f25", "f0", "leftt", "é", "ctrl", ""] { #expect(!ScriptedInput.isKeyName(bad), "\(bad)") }
        #expect(throws: ScriptedInput.ParseError.self) { try ScriptedInput.parse("0.1 key nope", size: Size(100, 100)) }
        do { _ = try ScriptedInput.parse("0.2 wheel 0 -1e9", size: Size(100, 100)) } catch {
            #expect(error.problem == "wheel: -1000000000 is out of range (numbers must be within ±999999)")
        }
        do { _ = try ScriptedInput.parse("0.2 move 5", size: Size(100, 100)) } catch { #expect(error.problem == "move needs 2 numbers") }
    }

    @Test("A sidecar's values are checked as their flags: each problem names the file, line and key; the rest is read")
    func sidecarChecks() throws {
        let json = try JSONParser.parse(Data("""
            {"style": "loop", "size": [0, 600], "time": 1e308,
             "from": -5, "to": 2, "fps": 1e308, "input": [1]}
            """.utf8))
        let d = SidecarDefaults(json: json, file: "s.json")
        #expect(d.style == "loop" && d.size == nil && d.time == nil && d.from == nil && d.to == 2 && d.fps == nil && d.input == nil)
        #expect(d.problems == [
            #"s.json:1: "size" 0x600: each side must be 1...16384"#,
            #"s.json:1: "time" must be between 0 and 3600 seconds, got 1e+308"#,
            #"s.json:2: "from" must be between 0 and 3600 seconds, got -5"#,
            #"s.json:2: "fps" must be 1...120, got 1e+308"#,
            #"s.json:2: "input" should be a list of script lines"#,
        ], "\(d.problems)")
        let good = SidecarDefaults(json: try JSONParser.parse(Data(#"{"time": 2.5, "from": 1, "to": 3, "fps": 60, "size": [800, 600]}"#.utf8)))
        #expect(good.problems.isEmpty && good.time == 2.5 && good.fps == 60 && good.size == Size(800, 600))
    }
}

/// Ends a wait on a FIFO that lasted too long: after `seconds`, it opens the FIFO for writing without blocking (which
/// succeeds only while a reader waits on it) and closes it at once, so the reader's open returns and its read ends,
/// until stopped. `stop` says whether it had to.
final class FIFOWatchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var fired = false
    private let done = DispatchSemaphore(value: 0)

    init(fifo: String, after seconds: Double) {
        Thread.detachNewThread { [self] in
            guard done.wait(timeout: .now() + seconds) == .timedOut else { return }
            while !isStopped {
                let fd = open(fifo, O_WRONLY | O_NONBLOCK)
                if fd >= 0 { lock.lock(); fired = true; lock.unlock(); close(fd) }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
    }

    private var isStopped: Bool { lock.lock(); defer { lock.unlock() }; return stopped }

    /// Stops it; whether it had to end a wait.
    func stop() -> Bool {
        lock.lock(); stopped = true; let f = fired; lock.unlock()
        done.signal()
        return f
    }
}
