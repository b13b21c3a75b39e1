import CarouselApp
import CarouselCore
import CarouselStyles
import Foundation
import Testing

@Suite("Deck loading with bad input: report, keep going with what is valid")
struct DeckReliabilityTests {
    let dir: URL

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("deck-rel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: path(name), atomically: true, encoding: .utf8)
        return path(name)
    }

    func loadError(_ path: String) -> String? {
        do { _ = try Deck.load(path: path); return nil } catch { return error.message }
    }

    // MARK: Folders

    @Test("A folder with a symbolic-link loop, a broken link, a FIFO and a subfolder named .jpg loads at once; those items stay (they will show the error placeholder)")
    func folderWithTraps() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(FileManager.default.createFile(atPath: path("a.jpg"), contents: Data([0xFF, 0xD8])))
        try FileManager.default.createSymbolicLink(atPath: path("b-loop.jpg"), withDestinationPath: "b-loop.jpg")
        try FileManager.default.createSymbolicLink(atPath: path("c-broken.png"), withDestinationPath: "nowhere.png")
        #expect(mkfifo(path("d-pipe.png"), 0o644) == 0)
        try FileManager.default.createDirectory(atPath: path("e-folder.jpg"), withIntermediateDirectories: false)
        // A loop through folders: the deck is not recursive, so it is never followed.
        try FileManager.default.createSymbolicLink(atPath: path("up"), withDestinationPath: ".")
        let started = Date()
        let (deck, warnings) = try Deck.load(path: dir.path)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(deck.items.map(\.fileName) == ["a.jpg", "b-loop.jpg", "c-broken.png", "d-pipe.png", "e-folder.jpg"])
        #expect(warnings.isEmpty)
    }

    @Test("A folder with no images, a symbolic-link loop and a broken link as the deck path: one line each, naming the path")
    func unusablePaths() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(FileManager.default.createFile(atPath: path("readme.txt"), contents: Data("hi".utf8)))
        #expect(loadError(dir.path)?.hasPrefix("\(dir.path): no images in this folder") == true)
        try FileManager.default.createSymbolicLink(atPath: path("loop"), withDestinationPath: "loop")
        #expect(loadError(path("loop")) == "\(path("loop")): symbolic link loop")
        try FileManager.default.createSymbolicLink(atPath: path("gone"), withDestinationPath: "missing-folder")
        #expect(loadError(path("gone")) == "\(path("gone")): broken symbolic link (points to missing-folder)")
        #expect(loadError(path("nope")) == "\(path("nope")): no such file or folder")
    }

    // MARK: Deck files

    @Test("Wrong types, unknown keys and out-of-range sizes are reported with their line and ignored; the items load")
    func wrongTypes() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try write("deck.json", """
        {"name": 7, "items": [
          {"image": "a.jpg", "title": 12, "width": "wide", "height": 20},
          {"image": "b.jpg", "colour": "red", "width": -5, "height": 1e7},
          {"image": "c.jpg", "details": ["x"], "still": false},
          {"image": "d.jpg", "details": {"year": 1984, "ok": "yes", "bad": null}}
        ], "extra": true}
        """)
        let (deck, warnings) = try Deck.load(path: file)
        #expect(deck.items.map(\.fileName) == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        #expect(deck.name == "deck.json")
        #expect(deck.items[0].title == "A", "a wrong-typed title falls back to the file name")
        #expect(deck.items.allSatisfy { $0.size == nil })
        #expect(deck.items[3].details.map(\.key) == ["year", "ok"])
        #expect(warnings == [
            "\(file):1: \"name\" should be a string, got a number; ignored",
            "\(file):6: unknown key \"extra\" (known: name, base, items); ignored",
            "\(file):2: item 1: \"title\" should be a string, got a number; ignored",
            "\(file):2: item 1: \"width\" should be a number of pixels, got a string; ignored",
            "\(file):3: item 2: unknown key \"colour\" (known: image, title, still, width, height, details); ignored",
            "\(file):3: item 2: \"width\" -5 is out of range 1...999999; ignored",
            "\(file):3: item 2: \"height\" 10000000 is out of range 1...999999; ignored",
            "\(file):4: item 3: \"details\" should be an object, got an array; ignored",
            "\(file):4: item 3: \"still\" should be a string, got a boolean; ignored",
            "\(file):5: item 4: detail \"bad\" should be a string or a number, got null; ignored",
        ])
    }

    @Test("Duplicate items are reported and both kept; items without an image are skipped")
    func duplicates() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try write("deck.json", #"["a.jpg", {"image": "a.jpg", "title": "Again"}, {"title": "no image"}, "b.jpg"]"#)
        let (deck, warnings) = try Deck.load(path: file)
        #expect(deck.items.map(\.title) == ["A", "Again", "B"])
        #expect(warnings == ["\(file): item 2: a.jpg is listed twice; kept both",
                             "\(file): item 3: \"image\" is missing or not a string; skipped"])
    }

    @Test("Malformed JSON, a number too large for a double and a deck of nothing usable are one-line errors with the line")
    func malformed() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases: [(String, String)] = [
            ("{\n\"items\": [\"a.jpg\"\n", ":3: invalid JSON: unexpected end of input in an array"),
            ("{\"items\": [\n{\"image\": \"a.jpg\", \"width\": 1e999}]}", ":2: invalid JSON: number 1e999 is out of range"),
            ("[1, 2, null]", ": the deck has no usable items"),
            ("\"just a string\"", ": expected a deck object or an array of items, got a string"),
            ("{\"name\": \"x\"}", ": expected an \"items\" array"),
            ("", ":1: invalid JSON: unexpected end of input"),
        ]
        for (k, (text, expected)) in cases.enumerated() {
            let file = try write("bad\(k).json", text)
            let message = loadError(file)
            #expect(message == file + expected)
        }
    }

    @Test("A deck file over 8 MB is refused without reading it all; a device that never ends is refused too")
    func huge() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = path("big.json")
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        let h = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        try h.truncate(atOffset: UInt64(Deck.maxFileSize + 1))   // a sparse file: 8 MB of zero bytes
        try h.close()
        #expect(loadError(big) == "\(big): the deck file is larger than 8 MB; not read")
        #expect(loadError("/dev/zero") == "/dev/zero: the deck file is larger than 8 MB; not read")
    }

    @Test("Many problems are capped at 20 lines and a count of the rest")
    func manyWarnings() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try write("deck.json", "[" + (0..<50).map { _ in "\"same.jpg\"" }.joined(separator: ",") + "]")
        let (deck, warnings) = try Deck.load(path: file)
        #expect(deck.items.count == 50)
        #expect(warnings.count == 21)
        #expect(warnings.last == "... and 29 more problems in the deck")
    }

    @Test("A title longer than 500 characters is cut, with a note")
    func longTitle() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try write("deck.json", #"[{"image": "a.jpg", "title": "\#(String(repeating: "x", count: 5000))"}]"#)
        let (deck, warnings) = try Deck.load(path: file)
        #expect(deck.items[0].title.count == 500)
        #expect(warnings == ["\(file):1: item 1: \"title\" is longer than 500 characters; cut"])
    }

    @Test("A deck file that is a FIFO is refused at once when the window reads it (.refuse), by name")
    func fifoDeck() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-deck-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/deck.json", 0o644) == 0)
        #expect(throws: DeckError("\(dir)/deck.json: cannot read the deck file: is a FIFO (named pipe), not a regular file")) {
            try Deck.load(path: dir + "/deck.json", streams: .refuse)
        }
    }
}
