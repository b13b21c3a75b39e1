import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselSupport
import Foundation
import Testing

/// What a drop (or Ctrl+V) becomes: the deck file it writes, the problems it names, and what the window shows.
@Suite("Dropping files, folders, decks and URLs")
@MainActor
struct DeckDropTests {
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/images").path

    func drop(in dir: URL) -> DeckDrop { DeckDrop(file: dir.appendingPathComponent("state/dropped-deck.json").path) }

    @Test("Several images become one deck in the order given; a file that is not an image is named and skipped")
    func severalImages() throws {
        let dir = try temporaryFolder("drop")
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = dir.appendingPathComponent("notes.txt").path, fake = dir.appendingPathComponent("fake.jpg").path
        try "hello".write(toFile: text, atomically: true, encoding: .utf8)
        try "not a jpeg".write(toFile: fake, atomically: true, encoding: .utf8)
        let d = drop(in: dir)
        let plan = d.plan(["\(Self.images)/fig.jpg", text, "file://\(Self.images)/cat.jpg", fake, "/nonexistent/x.png"])
        #expect(plan.what == "2 images")
        #expect(plan.problems.count == 3)
        #expect(plan.problems[0].hasPrefix("\(text): not an image ("))
        #expect(plan.problems[1] == "\(fake): not an image (its bytes are not JPG); skipped")
        #expect(plan.problems[2].hasPrefix("/nonexistent/x.png: "))
        let deck = try Deck.load(path: try #require(plan.deckPath)).deck
        #expect(deck.items.map { ($0.image as NSString).lastPathComponent } == ["fig.jpg", "cat.jpg"])
        #expect(deck.items.map(\.title) == ["Fig", "Cat"])
    }

    @Test("A folder or a deck file dropped alone is opened as it is; URLs become items; nothing usable says so")
    func alone() throws {
        let dir = try temporaryFolder("drop")
        defer { try? FileManager.default.removeItem(at: dir) }
        let d = drop(in: dir)
        #expect(d.plan([Self.images]) == DeckDrop.Plan(deckPath: Self.images, problems: [], what: "the folder images"))
        #expect(d.plan(["/some/trip.json\n"]) == DeckDrop.Plan(deckPath: "/some/trip.json", problems: [], what: "the deck trip.json"))
        let url = d.plan(["https://example.com/photos/red-panda.jpg\nhttps://example.com/b.png"])
        #expect(url.what == "2 images")
        let deck = try Deck.load(path: try #require(url.deckPath)).deck
        #expect(deck.items.map(\.image) == ["https://example.com/photos/red-panda.jpg", "https://example.com/b.png"])
        #expect(deck.items.first?.title == "Red Panda")
        let nothing = d.plan(["ftp://example.com/a.jpg", "  "])
        #expect(nothing.deckPath == nil)
        #expect(nothing.problems == ["\"ftp://example.com/a.jpg\": not a file, folder or http(s) URL; skipped"])
    }

    @Test("Opened in the preview, every pane shows the new deck with its style and values; a failed drop keeps the deck")
    func openInPreview() throws {
        let dir = try temporaryFolder("drop")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (preview, sim) = try makePreview(style: "circular")
        try preview.focused.setParameter("spacing", .number(33))
        var reported: [String] = []
        preview.report = { reported.append($0) }
        preview.deckDrop = drop(in: dir)
        sim.send(.drop(["\(Self.images)/fig.jpg", "\(Self.images)/cat.jpg", "\(Self.images)/dogs.jpg"]))
        sim.wait(0.1)
        #expect(preview.deck.items.count == 3)
        #expect(preview.deckSource == dir.appendingPathComponent("state/dropped-deck.json").path)
        #expect(preview.styleType.descriptor.name == "circular" && preview.currentParameters.number("spacing") == 33)
        #expect(preview.layoutJSON()["items"]?.arrayValue?.compactMap { $0["image"]?.stringValue }.contains { $0.hasSuffix("fig.jpg") } == true)
        #expect(preview.currentMessage == "Deck: 3 images")
        // Nothing usable: the deck stays, and the window says why.
        preview.handle(.drop(["\(dir.path)/missing.jpg"]))
        #expect(preview.deck.items.count == 3)
        #expect(preview.currentMessage?.hasPrefix("\(dir.path)/missing.jpg: ") == true)
        #expect(reported.count == 1)
        // Ctrl+V with a URL on the clipboard opens it the same way.
        let clipboard = FakeClipboard()
        clipboard.content = "https://example.com/one.jpg"
        preview.clipboard = clipboard
        preview.handle(.keyDown(Key("v"), .ctrl, isRepeat: false))
        #expect(preview.deck.items.map(\.image) == ["https://example.com/one.jpg"])
    }
}
