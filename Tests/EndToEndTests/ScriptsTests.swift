import CarouselSupport
import CarouselTesting
import Foundation
import SDLBackend
import Testing

/// Titles in every script, captured as a user would see them: Japanese, Arabic and emoji in real glyphs when the Noto
/// fonts are installed (the test set-up installs them), boxes for what no installed font has; Arabic right to left.
/// Whether the Noto fonts the tests need are installed (under `CI=true` the tests run and fail without them).
private var notoInstalled: Bool {
    TestRequirement.met(["/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"]
        .allSatisfy { FileManager.default.fileExists(atPath: $0) })
}

@Suite("Every script", .serialized, .enabled(if: CLI.available && notoInstalled, "needs the Noto fonts (scripts/setup.sh test)"))
struct ScriptsTests {
    /// DejaVu Sans alone (it has Latin, Greek, Cyrillic, Hebrew and Arabic, but no CJK and no colour emoji).
    static let dejaVuOnly = ["CAROUSEL_LAB_FONT_DIRS": "/usr/share/fonts/truetype/dejavu"]

    static let japanese = "東京の夜景", arabic = "مرحبا بالعالم", emoji = "Coffee ☕ 😀"
    /// As many characters as `japanese`, from a script no installed font has (Egyptian hieroglyphs are not in
    /// DejaVu Sans): what five boxes look like.
    static let fiveMissing = "\u{13000}\u{13001}\u{13002}\u{13003}\u{13004}"

    /// Captures the expand style with one item per title; returns each title's pixels (the strip under its image).
    static func titles(_ titles: [String], environment: [String: String] = [:], in dir: URL) throws -> [PixelImage] {
        let images = Golden.packageRoot.appendingPathComponent("Resources/images").path
        let photos = ["coffee", "cat", "fig", "pagoda"]
        let items = titles.enumerated().map { i, title in
            "{\"image\": \"\(images)/\(photos[i % photos.count]).jpg\", \"title\": \(JSONValue.string(title).serialized(indent: nil))}"
        }
        let deck = dir.appendingPathComponent("deck-\(UUID().uuidString).json").path
        try "{\"name\": \"Scripts\", \"items\": [\(items.joined(separator: ", "))]}".write(toFile: deck, atomically: true, encoding: .utf8)
        let png = dir.appendingPathComponent("titles-\(UUID().uuidString).png").path, layout = png + ".json"
        let r = try CLI.run(["capture", "--images", deck, "--style", "expand", "--size", "1100x400", "--at", "0.2",
                             "--out", png, "--layout", layout], environment: environment)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "no warnings: \(r.stderr)")
        let image = try PixelImage.load(png)
        let shown = try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: layout)))["items"]?.arrayValue ?? []
        return shown.prefix(titles.count).compactMap { item in
            guard let f = item["frame"]?.arrayValue?.compactMap(\.numberValue), f.count == 4 else { return nil }
            // The title sits under the 200-point image, in the item's width.
            return crop(image, x: Int(f[0]), y: Int(f[1]) + 202, width: Int(f[2]), height: 24)
        }
    }

    static func crop(_ image: PixelImage, x: Int, y: Int, width: Int, height: Int) -> PixelImage {
        var out: [UInt8] = []
        for row in y..<(y + height) {
            let start = (row * image.width + x) * 4
            out += image.rgba[start..<(start + width * 4)]
        }
        return PixelImage(width: width, height: height, rgba: out)
    }

    /// The columns holding ink (text lighter than the dark background).
    static func inkColumns(_ image: PixelImage) -> [Bool] {
        (0..<image.width).map { x in
            (0..<image.height).contains { y in image.rgba[(y * image.width + x) * 4] > 110 }
        }
    }

    /// Pixels of strong colour (an emoji's), not the grey of text.
    static func colourful(_ image: PixelImage) -> Int {
        stride(from: 0, to: image.rgba.count, by: 4).filter { i in
            let c = image.rgba[i..<(i + 3)]
            return Int(c.max()!) - Int(c.min()!) > 90
        }.count
    }

    @Test("Japanese shows its glyphs with Noto, boxes without; an emoji is in colour with Noto Color Emoji")
    func fallbackFonts() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let noto = try Self.titles([Self.japanese, Self.emoji, Self.fiveMissing], in: dir)
        let dejaVu = try Self.titles([Self.japanese, Self.emoji, Self.fiveMissing], environment: Self.dejaVuOnly, in: dir)
        try #require(noto.count == 3 && dejaVu.count == 3)
        // Without a font that has them, the five Japanese characters are the same five boxes as five hieroglyphs.
        #expect(dejaVu[0] == dejaVu[2], "Japanese without Noto CJK: boxes")
        #expect(Self.inkColumns(dejaVu[0]).contains(true), "the boxes are drawn, not left out")
        // With Noto CJK they are glyphs: not the boxes, and wider than one box each.
        #expect(noto[0] != dejaVu[0], "Japanese with Noto CJK: glyphs, not boxes")
        #expect(Self.inkColumns(noto[0]).filter { $0 }.count > Self.inkColumns(dejaVu[0]).filter { $0 }.count)
        // The emoji: colour with Noto Color Emoji, none with DejaVu's plain glyphs.
        #expect(Self.colourful(noto[1]) > 30, "colour emoji (\(Self.colourful(noto[1])) colourful pixels)")
        #expect(Self.colourful(dejaVu[1]) == 0)
    }

    @Test("Arabic is joined and laid out right to left: the first word is at the right end of the line")
    func rightToLeft() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let words = Self.arabic.split(separator: " ").map(String.init)
        let shots = try Self.titles([Self.arabic, words[0], words[1]], in: dir)
        try #require(shots.count == 3)
        let line = Self.inkColumns(shots[0]), first = Self.inkColumns(shots[1]), second = Self.inkColumns(shots[2])
        let lineEnd = (line.lastIndex(of: true) ?? 0) + 1
        let firstWidth = (first.lastIndex(of: true) ?? 0) - (first.firstIndex(of: true) ?? 0) + 1
        let secondWidth = (second.lastIndex(of: true) ?? 0) - (second.firstIndex(of: true) ?? 0) + 1
        // The line's ink ends with the first word's ink and starts with the second word's.
        let tail = Array(line[(lineEnd - firstWidth)..<lineEnd]), firstInk = Array(first[(first.firstIndex(of: true) ?? 0)...].prefix(firstWidth))
        let head = Array(line[(line.firstIndex(of: true) ?? 0)...].prefix(secondWidth))
        let secondInk = Array(second[(second.firstIndex(of: true) ?? 0)...].prefix(secondWidth))
        #expect(zip(tail, firstInk).filter { $0 != $1 }.count <= 2, "the first word ends the line")
        #expect(zip(head, secondInk).filter { $0 != $1 }.count <= 2, "the second word starts it")
        #expect(firstWidth != secondWidth, "the two words differ, so the order is seen")
    }
}
