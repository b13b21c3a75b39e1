import CarouselSupport
import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Foundation
import Testing

/// Drops and pastes become the deck (`DeckDrop`, `Preview.replaceDeck`), without a window: files made in a scratch
/// folder, URLs answered by a fake fetcher.
@MainActor
@Suite("Deck drop and paste")
struct DeckDropTests {
    /// A scratch folder with two real images (PNG and JPEG signatures), a broken one, a folder of images and a deck.
    final class Files {
        let root: URL
        init() throws {
            root = try temporaryFolder("deck-drop")
            try write("red.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 24))
            try write("blue.jpg", [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 24))
            try write("broken.jpg", Array("not an image at all".utf8))
            try FileManager.default.createDirectory(at: root.appendingPathComponent("shots"), withIntermediateDirectories: true)
            try write("shots/b-2.jpg", [0xFF, 0xD8, 0xFF, 0xE0])
            try write("shots/a-1.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            try write("deck.json", Array(#"{"name": "Trip", "items": ["shots/a-1.png", {"image": "red.png", "title": "Red"}]}"#.utf8))
        }
        func write(_ name: String, _ bytes: [UInt8]) throws { try Data(bytes).write(to: root.appendingPathComponent(name)) }
        func path(_ name: String) -> String { root.appendingPathComponent(name).path }
        deinit { try? FileManager.default.removeItem(at: root) }
    }

    func images(_ deck: Deck?) -> [String] { deck?.items.map { ($0.image as NSString).lastPathComponent } ?? [] }

    // MARK: Building

    @Test("Several sources make one deck in the order given; a broken file is reported by name and skipped")
    func orderKeptBrokenSkipped() throws {
        let f = try Files()
        let out = DeckDrop.build([.path(f.path("blue.jpg")), .path(f.path("broken.jpg")), .path(f.path("shots")), .path(f.path("red.png"))],
                                 what: "drop", fetched: [:])
        #expect(images(out.deck) == ["blue.jpg", "a-1.png", "b-2.jpg", "red.png"])
        #expect(out.problems == ["broken.jpg: not an image, folder or deck file"])
        #expect(out.message == "Deck: 4 images from the drop; skipped broken.jpg: not an image, folder or deck file", "\(out.message)")
        #expect(out.deck?.name == "Dropped images" && out.source == nil)
    }

    @Test("A folder alone: its images by name, the deck named and remembered after it")
    func folder() throws {
        let f = try Files()
        let out = DeckDrop.build([.path(f.path("shots"))], what: "drop", fetched: [:])
        #expect(images(out.deck) == ["a-1.png", "b-2.jpg"])
        #expect(out.deck?.name == "shots" && out.source == f.path("shots") && out.problems.isEmpty)
        #expect(out.message == "Deck: 2 images from \"shots\"")
    }

    @Test("A deck file: its items, images resolved beside it, its name and title kept")
    func deckFile() throws {
        let f = try Files()
        let out = DeckDrop.build([.path(f.path("deck.json"))], what: "drop", fetched: [:])
        #expect(out.deck?.items.map(\.image) == [f.path("shots/a-1.png"), f.path("red.png")])
        #expect(out.deck?.name == "Trip" && out.deck?.items[1].title == "Red")
        #expect(out.source == f.path("deck.json"), "a deck file is remembered; a single image is not:")
        #expect(DeckDrop.build([.path(f.path("red.png"))], what: "drop", fetched: [:]).source == nil)
        let bad = try Files()
        try bad.write("deck.json", Array("{\"items\": [".utf8))
        let broken = DeckDrop.build([.path(bad.path("deck.json")), .path(bad.path("red.png"))], what: "drop", fetched: [:])
        #expect(images(broken.deck) == ["red.png"])
        #expect(broken.problems.count == 1 && broken.problems[0].contains("deck.json:1: invalid JSON"), "\(broken.problems)")
    }

    @Test("A drop with nothing usable says so and makes no deck; a missing file is named")
    func nothingUsable() throws {
        let f = try Files()
        let out = DeckDrop.build([.path(f.path("broken.jpg")), .path(f.path("gone.png"))], what: "drop", fetched: [:])
        #expect(out.deck == nil && out.problems.count == 2)
        #expect(out.problems[1].hasSuffix("gone.png: file not found"), "\(out.problems)")
        #expect(out.message.hasPrefix("Nothing loaded from the drop: broken.jpg: not an image") && out.message.hasSuffix("(+1 more); the deck is unchanged"),
                "\(out.message)")
        #expect(DeckDrop.build([], what: "drop", fetched: [:]).message == "Nothing to load from the drop (for a link, copy it and press Ctrl+V); the deck is unchanged")
    }

    @Test("Dropped or pasted text: a line per source, file:// URLs become paths, comments skipped, other text is a problem")
    func textSources() {
        let (sources, problems) = DeckDrop.sources(fromText: "# from a file manager\r\nfile:///home/me/My%20Photos/a.jpg\r\nhttps://example.com/deck.json\n\nhello\n/tmp/x.png")
        #expect(sources == [.path("/home/me/My Photos/a.jpg"), .url("https://example.com/deck.json"), .path("/tmp/x.png")])
        #expect(problems == ["\"hello\": not a file, folder or http(s) URL; skipped"])
        #expect(DeckDrop.isDeckURL("https://example.com/decks/trip.JSON?v=2") && !DeckDrop.isDeckURL("https://example.com/a.jpg"))
    }

    @Test("A deck fetched from a URL: relative images resolve against the URL, absolute and base keys too")
    func remoteDeck() throws {
        let json = #"{"items": ["a.jpg", "../up/b.png", "https://cdn.example.org/c.jpg", "/root.jpg"]}"#
        let (deck, _) = try Deck.parse(Data(json.utf8), source: "https://example.com/decks/trip.json",
                                       base: URL(string: "https://example.com/decks/")!)
        #expect(deck.items.map(\.image) == ["https://example.com/decks/a.jpg", "https://example.com/up/b.png",
                                            "https://cdn.example.org/c.jpg", "https://example.com/root.jpg"])
        #expect(deck.name == "trip.json")
        let based = #"{"base": "photos", "items": ["a.jpg"]}"#
        let (d2, _) = try Deck.parse(Data(based.utf8), source: "https://example.com/decks/trip.json", base: URL(string: "https://example.com/decks/")!)
        #expect(d2.items.map(\.image) == ["https://example.com/decks/photos/a.jpg"])
    }

    @Test("URLs: an image is one item (fetched first), a .json a deck read with its URL as base, a failure named and skipped")
    func urls() {
        let fetched: [String: Result<Data, DeckError>] = [
            "https://example.com/pics/sunset.jpg": .success(Data([0xFF, 0xD8, 0xFF])),
            "https://example.com/decks/trip.json": .success(Data(#"["one.jpg", "two.jpg"]"#.utf8)),
            "https://example.com/page": .failure(DeckError("https://example.com/page: is an HTML page, not an image")),
        ]
        let out = DeckDrop.build([.url("https://example.com/pics/sunset.jpg"), .url("https://example.com/page"),
                                  .url("https://example.com/decks/trip.json")], what: "paste", fetched: fetched)
        #expect(out.deck?.items.map(\.image) == ["https://example.com/pics/sunset.jpg", "https://example.com/decks/one.jpg",
                                                 "https://example.com/decks/two.jpg"])
        #expect(out.deck?.items[0].title == "Sunset")
        #expect(out.problems == ["https://example.com/page: is an HTML page, not an image"])
        let offline = DeckDrop.build([.url("https://example.com/a.jpg")], what: "drop", fetched: [:])
        #expect(offline.deck == nil && offline.problems == ["https://example.com/a.jpg: URLs cannot be fetched here"])
    }

    @Test("A deck written as JSON (for a clip's record run after a drop) reads back as the same deck")
    func deckJSONRoundTrip() throws {
        let f = try Files()
        var deck = Deck.sample(count: 3)
        deck.items[1].still = "/test/still.jpg"
        deck.items.append(DeckItem(image: "https://example.com/a b.jpg", title: "Remote"))
        try Data(deck.json.serialized().utf8).write(to: f.root.appendingPathComponent("written.json"))
        let (read, warnings) = try Deck.load(path: f.path("written.json"))
        #expect(read == deck && warnings.isEmpty, "\(warnings)")
    }

    // MARK: Into the window's model

    @Test("A drop replaces the deck of every pane; styles, values and undo history stay; the layout lists the deck and its problems")
    func dropReplacesEveryPane() throws {
        let f = try Files()
        let (preview, sim) = try makePreview(style: "circular")
        var reported: [String] = []
        preview.report = { reported.append($0) }
        preview.deckDrops = DeckDrop()
        var edited = preview.currentParameters
        try edited.set("autoAdvance", .bool(true))
        preview.apply(.values(.set(edited, undo: UndoLabel("Auto-advance"))))
        preview.apply(.panes(.duplicate))
        try preview.switchStyle(to: "paging")
        let values = preview.state.panes.map { $0.parameters.mapValues { $0.json.serialized() } }
        for step: DropEvent in [.begin, .file(f.path("red.png")), .file(f.path("broken.jpg")), .file(f.path("blue.jpg")), .complete] {
            preview.handle(.drop(step))
        }
        sim.wait(0.1)
        #expect(preview.panes.allSatisfy { images($0.deck) == ["red.png", "blue.jpg"] })
        #expect(images(preview.deck) == ["red.png", "blue.jpg"])
        #expect(preview.state.panes.map(\.styleName) == ["circular", "paging"])
        #expect(preview.state.panes.map { $0.parameters.mapValues { $0.json.serialized() } } == values)
        #expect(preview.state.panes[0].histories["circular"] != nil)
        // Every pane's style shows the new images (paging shows one page at a time).
        for pane in preview.layoutJSON()["panes"]?.arrayValue ?? [] {
            let shown = Set(pane["items"]?.arrayValue?.compactMap { $0["image"]?.stringValue } ?? [])
            #expect(!shown.isEmpty && shown.isSubset(of: ["red.png", "blue.jpg"]), "\(pane["label"] ?? .null): \(shown)")
        }
        let deck = preview.layoutJSON()["deck"]
        #expect(deck?["count"] == .number(2) && deck?["images"] == .array([.string(f.path("red.png")), .string(f.path("blue.jpg"))]))
        #expect(deck?["problems"]?.arrayValue?.count == 1)
        #expect(reported.count == 1 && reported[0].hasPrefix("broken.jpg: not an image"))
        #expect(preview.currentMessage?.hasPrefix("Deck: 2 images from the drop; skipped broken.jpg") == true, "\(preview.currentMessage ?? "")")
    }

    @Test("A drop of nothing usable keeps the old deck and says so")
    func brokenDropKeepsDeck() throws {
        let f = try Files()
        let (preview, _) = try makePreview()
        var reported: [String] = []
        preview.report = { reported.append($0) }
        preview.deckDrops = DeckDrop()
        let old = preview.deck
        for step: DropEvent in [.begin, .file(f.path("broken.jpg")), .complete] { preview.handle(.drop(step)) }
        #expect(preview.deck == old && preview.panes[0].deck == old && !preview.deckReplaced)
        #expect(preview.currentMessage?.hasSuffix("the deck is unchanged") == true && reported.count == 1)
        for step: DropEvent in [.begin, .complete] { preview.handle(.drop(step)) }
        #expect(preview.deck == old && preview.currentMessage?.hasPrefix("Nothing to load from the drop") == true)
        #expect(!preview.replaceDeck(Deck(name: "empty", items: []), source: nil), "an empty deck is refused")
    }

    @Test("Ctrl+V pastes the clipboard's paths as the deck")
    func pasteWithCtrlV() throws {
        let f = try Files()
        let (preview, sim) = try makePreview()
        let clipboard = FakeClipboard()
        preview.clipboard = clipboard
        preview.deckDrops = DeckDrop()
        clipboard.text = "\(f.path("shots"))\n\(f.path("red.png"))\n"
        sim.key("v", .ctrl)
        #expect(images(preview.deck) == ["a-1.png", "b-2.jpg", "red.png"])
        #expect(preview.currentMessage == "Deck: 3 images from the paste")
        clipboard.text = "just words"
        sim.key("v", .ctrl)
        #expect(images(preview.deck) == ["a-1.png", "b-2.jpg", "red.png"])
        #expect(preview.currentMessage?.hasPrefix("Nothing to paste: \"just words\"") == true, "\(preview.currentMessage ?? "")")
    }

    @Test("A URL is fetched in the background; the window applies the result at its next update")
    func urlFetchedInBackground() async throws {
        let (preview, _) = try makePreview()
        let drops = DeckDrop(fetcher: DropFetcher(image: { _ in .success(Data([0xFF, 0xD8, 0xFF])) },
                                                  document: { url in .failure(DeckError("\(url): HTTP 404")) }))
        preview.deckDrops = drops
        preview.handle(.drop(.text("https://example.com/pics/sunset.jpg")))
        preview.handle(.drop(.complete))
        #expect(preview.currentMessage?.hasPrefix("Fetching") == true)
        let deadline = Date().addingTimeInterval(5)
        while preview.deck.items.count != 1 && Date() < deadline {
            try await Task.sleep(nanoseconds: 10_000_000)
            preview.update(to: preview.wall + 0.01)
        }
        #expect(preview.deck.items.map(\.image) == ["https://example.com/pics/sunset.jpg"])
        #expect(preview.currentMessage == "Deck: 1 image from \"sunset.jpg\"")
    }

    // MARK: Images that cannot be read

    @Test("With an image check, the deck message names the images that cannot be read and why, cut in names, never in reasons")
    func unreadableImagesNamed() throws {
        let f = try Files()
        let check: DeckDrop.ImageCheck = { source in
            source.hasSuffix("b-2.jpg") ? "corrupt or truncated JPEG image (it ends before its end-of-image marker)" : nil
        }
        let out = DeckDrop.build([.path(f.path("shots"))], what: "drop", fetched: [:], check: check)
        #expect(out.message == "Deck: 2 images from \"shots\", 1 could not be read: b-2.jpg (corrupt or truncated JPEG image)", "\(out.message)")
        #expect(out.unreadable.images.map(\.source) == [f.path("shots/b-2.jpg")])
        // Not skipped: the deck keeps them (their tiles say why), and their own lines come from the image store.
        #expect(out.problems.isEmpty && out.deck?.items.count == 2)
        // Without a check the message is the deck alone.
        #expect(DeckDrop.build([.path(f.path("shots"))], what: "drop", fetched: [:]).message == "Deck: 2 images from \"shots\"")
        // With a skipped source too, the unreadable images come first.
        let both = DeckDrop.build([.path(f.path("shots")), .path(f.path("broken.jpg"))], what: "drop", fetched: [:], check: check)
        #expect(both.message == "Deck: 2 images from the drop, 1 could not be read: b-2.jpg (corrupt or truncated JPEG image); skipped broken.jpg: not an image, folder or deck file", "\(both.message)")
    }

    @Test("The list names three images, counts the rest, and cuts a long name in its middle")
    func unreadableSummary() {
        let long = "/photos/" + String(repeating: "holiday-", count: 10) + "final.jpg"
        let list = UnreadableImages([("/a/empty.jpg", "empty file (0 bytes)"), (long, "image too large (30000x30000, 900 megapixels; the limit is 100); not decoded"),
                                     ("https://example.com/p/c.png?x=1", "HTTP 404 Not Found"), ("/d.jpg", "file not found")])
        let summary = list.summary ?? ""
        #expect(summary.hasPrefix("4 could not be read: empty.jpg (empty file), holiday-holiday-hol…ay-holiday-final.jpg (image too large), c.png (HTTP 404 Not Found) (+1 more)"), "\(summary)")
        #expect(UnreadableImages.shortName(long).count == UnreadableImages.nameLimit)
        #expect(UnreadableImages.gist("broken symbolic link (points to /x)") == "broken symbolic link")
        #expect(UnreadableImages([]).summary == nil)
    }

    @Test("A drop checked in the background: the deck and the message naming its unreadable images come together")
    func checkedDropInBackground() async throws {
        let f = try Files()
        let (preview, _) = try makePreview()
        let drops = DeckDrop()
        drops.imageCheck = { $0.hasSuffix("a-1.png") ? "empty file (0 bytes)" : nil }
        preview.deckDrops = drops
        for step: DropEvent in [.begin, .file(f.path("shots")), .complete] { preview.handle(.drop(step)) }
        #expect(preview.currentMessage == "Reading 1 path…")
        let deadline = Date().addingTimeInterval(5)
        while preview.deck.items.count != 2 && Date() < deadline {
            try await Task.sleep(nanoseconds: 10_000_000)
            preview.update(to: preview.wall + 0.01)
        }
        #expect(images(preview.deck) == ["a-1.png", "b-2.jpg"])
        #expect(preview.currentMessage == "Deck: 2 images from \"shots\", 1 could not be read: a-1.png (empty file)")
        #expect(drops.isIdle)
    }

    @Test("The opening deck is checked in the background: a deck line on stderr and in the window when images cannot be read, nothing otherwise")
    func openingDeckChecked() async throws {
        let (preview, _) = try makePreview()
        var reported: [String] = []
        preview.report = { reported.append($0) }
        let drops = DeckDrop()
        let broken = preview.deck.items[1].image
        drops.imageCheck = { $0 == broken ? "empty file (0 bytes)" : nil }
        preview.deckDrops = drops
        drops.checkOpeningDeck(preview.deck)
        let deadline = Date().addingTimeInterval(5)
        while !drops.isIdle && Date() < deadline {
            try await Task.sleep(nanoseconds: 10_000_000)
            preview.update(to: preview.wall + 0.01)
        }
        let name = (preview.deck.items[1].image as NSString).lastPathComponent
        let line = "Deck: \(preview.deck.items.count) images from \"\(preview.deck.name)\", 1 could not be read: \(name) (empty file)"
        #expect(reported == [line])
        #expect(preview.currentMessage == line)
        // All fine: not a word.
        reported = []
        drops.imageCheck = { _ in nil }
        drops.checkOpeningDeck(preview.deck)
        while !drops.isIdle && Date() < deadline.addingTimeInterval(5) {
            try await Task.sleep(nanoseconds: 10_000_000)
            preview.update(to: preview.wall + 0.01)
        }
        #expect(reported.isEmpty)
    }
}
