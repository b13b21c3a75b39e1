import CarouselApp
import CarouselCore
import CarouselStyles
import Foundation
import Testing

@Suite("Deck loading")
struct DeckTests {
    func temp() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("deck-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("The bundled deck lists 21 photos with sizes and details")
    func bundledDeck() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Resources/deck.json").path
        let (deck, warnings) = try Deck.load(path: path)
        #expect(warnings.isEmpty)
        #expect(deck.items.count == 21)
        #expect(deck.items.allSatisfy { FileManager.default.fileExists(atPath: $0.image) })
        #expect(deck.items.allSatisfy { $0.size != nil && $0.detail("licence") != nil && $0.detail("author") != nil })
    }

    @Test("A folder becomes a deck sorted by name, titled by file name")
    func folder() throws {
        let dir = temp()
        for n in ["b-two.png", "a-one.jpg", "notes.txt", "c_three.JPEG"] {
            #expect(FileManager.default.createFile(atPath: dir.appendingPathComponent(n).path, contents: Data([1])))
        }
        let (deck, _) = try Deck.load(path: dir.path)
        #expect(deck.items.map(\.title) == ["A One", "B Two", "C Three"])
    }

    @Test("A missing folder, an empty folder and malformed JSON give one-line errors naming the file")
    func errors() throws {
        let dir = temp()
        #expect(throws: DeckError.self) { try Deck.load(path: dir.path + "/nope") }
        do { _ = try Deck.load(path: dir.path); Issue.record("empty folder accepted") } catch {
            #expect(error.message.contains(dir.path) && error.message.contains("no images"))
        }
        let bad = dir.appendingPathComponent("deck.json")
        try "{\n  \"items\": [\n    {\"image\": \"a.jpg\",}\n  ]\n}".write(to: bad, atomically: true, encoding: .utf8)
        do { _ = try Deck.load(path: bad.path); Issue.record("bad JSON accepted") } catch {
            #expect(error.message.hasPrefix(bad.path + ":3:"))
            #expect(!error.message.contains("\n"))
        }
    }

    @Test("Bad items are skipped with a warning; the rest loads")
    func partial() throws {
        let dir = temp()
        let file = dir.appendingPathComponent("deck.json")
        try #"{"items": [{"image": "a.jpg", "title": "A", "width": 10, "height": 20}, {"title": 3}, 5, "b.png"]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let (deck, warnings) = try Deck.load(path: file.path)
        #expect(deck.items.count == 2)
        #expect(deck.items[0].size == Size(10, 20))
        #expect(deck.items[0].image == dir.appendingPathComponent("a.jpg").standardizedFileURL.path)
        #expect(warnings.count == 2)
    }
}
