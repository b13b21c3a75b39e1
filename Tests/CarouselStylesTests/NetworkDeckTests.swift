import CarouselCore
import CarouselStyles
import Foundation
import Testing

/// A deck fetched from a URL may name only network images (issue 34: a remote deck naming `file:///...` showed the
/// local file, F12 captured it and Ctrl+E copied it into the export's images folder). A local deck may name both.
@Suite("Decks from the network name only network images")
struct NetworkDeckTests {
    let remote = URL(string: "https://example.com/decks/")!

    func parse(_ json: String, base: URL) throws -> (Deck, [String]) {
        let (deck, warnings) = try Deck.parse(Data(json.utf8), source: "trip.json", base: base)
        return (deck, warnings)
    }

    @Test("file:// images, absolute paths through a file:// base, and file:// stills are refused, each in one line; http(s) items stay")
    func localImagesRefused() throws {
        let json = """
            {"items": ["file:///etc/passwd", {"image": "file:///home/me/private.jpg"}, "a.jpg",
                       {"image": "https://cdn.example.org/b.jpg", "still": "file:///home/me/still.png"}, "FILE:///x.png"]}
            """
        let (deck, warnings) = try parse(json, base: remote)
        #expect(deck.items.map(\.image) == ["https://example.com/decks/a.jpg", "https://cdn.example.org/b.jpg"])
        #expect(deck.items[1].still == nil)
        #expect(warnings == [
            "trip.json: item 1: \"file:///etc/passwd\": a deck from the network may name only http(s) images; skipped",
            "trip.json: item 2: \"file:///home/me/private.jpg\": a deck from the network may name only http(s) images; skipped",
            "trip.json:2: item 4: \"still\" \"file:///home/me/still.png\": a deck from the network may name only http(s) images; ignored",
            "trip.json: item 5: \"FILE:///x.png\": a deck from the network may name only http(s) images; skipped",
        ], "\(warnings)")
        let based = try parse(#"{"base": "file:///home/me/", "items": ["a.jpg", "https://ok.example/c.jpg"]}"#, base: remote)
        #expect(based.0.items.map(\.image) == ["https://ok.example/c.jpg"], "a file:// base does not make local paths allowed")
        #expect(throws: DeckError("trip.json: the deck has no usable items")) { try parse(#"["file:///a.jpg"]"#, base: remote) }
    }

    @Test("A local deck still names local files and URLs alike")
    func localDeckUnchanged() throws {
        let (deck, warnings) = try parse(#"["file:///photos/a.jpg", "/photos/b.jpg", "c.jpg", "https://x.example/d.jpg"]"#,
                                         base: URL(fileURLWithPath: "/decks/"))
        #expect(warnings.isEmpty)
        #expect(deck.items.map(\.image) == ["file:///photos/a.jpg", "/photos/b.jpg", "/decks/c.jpg", "https://x.example/d.jpg"])
    }
}
