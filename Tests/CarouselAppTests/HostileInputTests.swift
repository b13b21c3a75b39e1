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

    /// Runs `body` and fails if it took longer than `seconds` (it must not wait on a FIFO).
    func quickly<R>(_ what: String, within seconds: Double = 0.5, _ body: () throws -> R) rethrows -> R {
        let started = Date()
        defer { #expect(Date().timeIntervalSince(started) < seconds, "\(what) returned at once") }
        return try body()
    }

    @Test("A state file that is a FIFO is refused at once, in one line, and not said to be replaced")
    func stateFileFIFO() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(path("state.json"), 0o644) == 0)
        let (state, problem) = quickly("StateFile.load") { StateFile(path: path("state.json")).load() }
        #expect(state == nil)
        #expect(problem == "\(path("state.json")): cannot read the state file: is a FIFO (named pipe), not a regular file; starting with defaults")
    }

    @Test("The watched parameter file replaced by a FIFO: the watcher refuses it at once, keeps the values and shows why")
    func watchedFileBecomesFIFO() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"itemWidth": 180}"#.write(toFile: path("p.json"), atomically: false, encoding: .utf8)
        let (preview, sim) = try makePreview()
        let watcher = ParameterFileWatcher(path: path("p.json"), preview: preview)
        watcher.load()
        preview.parameterFile = watcher
        #expect(mkfifo(path("fifo"), 0o644) == 0 && rename(path("fifo"), path("p.json")) == 0)
        quickly("two polls") { sim.wait(0.6) }
        #expect(preview.currentParameters.number("itemWidth") == 180, "the last good values stay")
        #expect(watcher.problem == "\(path("p.json")): cannot read the parameter file: is a FIFO (named pipe), not a regular file (keeping the last good values)",
                "\(watcher.problem ?? "none")")
    }

    @Test("A pasted or dropped deck file that is a FIFO is one problem line naming it, at once")
    func pastedFIFO() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(path("deck.json"), 0o644) == 0)
        let out = quickly("build") { DeckDrop.build([.path(path("deck.json"))], what: "paste", fetched: [:]) }
        #expect(out.deck == nil && out.problems == ["\(path("deck.json")): cannot read the deck file: is a FIFO (named pipe), not a regular file"])
    }

    @Test("A line that names nothing (javascript:) is a problem line, also beside good lines and in a dropped text")
    func lineNamingNothing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: folder.appendingPathComponent("a.png"))
        let (preview, _) = try makePreview()
        var reported: [String] = []
        preview.report = { reported.append($0) }
        let drops = DeckDrop()
        preview.deckDrops = drops
        drops.paste("javascript:alert(1)\n\(path("a.png"))\n", into: preview)
        #expect(preview.deck.items.map(\.image) == [path("a.png")])
        #expect(reported == ["\"javascript:alert(1)\": not a file, folder or http(s) URL; skipped"], "\(reported)")
        #expect(preview.currentMessage?.hasSuffix("; skipped \"javascript:alert(1)\": not a file, folder or http(s) URL; skipped") == true,
                "\(preview.currentMessage ?? "")")
        reported = []
        for step: DropEvent in [.begin, .text("javascript:void(0)"), .file(path("a.png")), .complete] { preview.handle(.drop(step)) }
        #expect(reported == ["\"javascript:void(0)\": not a file, folder or http(s) URL; skipped"], "\(reported)")
    }

    @Test("A paste of 400,000 lines: at most 10,000 are read, in the background, and the rest is said in one line")
    func hugePaste() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: folder.appendingPathComponent("a.png"))
        let (preview, _) = try makePreview()
        var reported: [String] = []
        preview.report = { reported.append($0) }
        let drops = DeckDrop()
        preview.deckDrops = drops
        let text = (0..<400_000).map { _ in path("a.png") }.joined(separator: "\n")
        quickly("the paste on the window's thread", within: 3) { drops.paste(text, into: preview) }
        #expect(preview.currentMessage == "Reading 10000 paths…")
        let deadline = Date().addingTimeInterval(30)
        while preview.deck.items.count != 10_000 && Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
            drops.pump(preview)
        }
        #expect(preview.deck.items.count == 10_000)
        #expect(reported == ["the text has 400000 lines; only the first 10000 were read"], "\(reported.prefix(3))")
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
        drops.paste("https://example.com/decks/trip.json", into: preview)
        let deadline = Date().addingTimeInterval(5)
        while !preview.deckReplaced && Date() < deadline {
            try await Task.sleep(nanoseconds: 10_000_000)
            drops.pump(preview)
        }
        // An absolute path in a deck from a URL is a path on that server.
        #expect(preview.deck.items.map(\.image) == ["https://example.com\(path("secret.jpg"))", "https://example.com/decks/ok.jpg"],
                "only network images")
        #expect(reported.count == 1 && reported[0].hasPrefix("https://example.com/decks/trip.json: item 1: \"file://")
                    && reported[0].hasSuffix("a deck from the network may name only http(s) images; skipped"), "\(reported)")
    }
}
