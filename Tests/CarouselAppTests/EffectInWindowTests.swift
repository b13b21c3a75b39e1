@testable import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselSupport
import CarouselTesting
import Foundation
import Testing

/// Effects as the window offers them (issue 38): the style menu's gallery, an effect file dropped or pasted, an
/// effect compared with a built-in style, sidecars that carry the effect.
@Suite("Effects in the window's model")
@MainActor
struct EffectInWindowTests {
    static func effectFile(_ folder: URL, name: String = "mine", tweak: (String) -> String = { $0 }) throws -> String {
        let text = try EffectGallery.files.first { $0.name.hasPrefix("coverflow") }!.text.replacingOccurrences(of: "\"name\": \"coverflow\"", with: "\"name\": \"\(name)\"")
        let path = folder.appendingPathComponent("\(name).effect.json").path
        try tweak(text).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("The style menu lists the gallery beside the five; a click on one shows it")
    func menuGallery() throws {
        let (p, sim) = try makePreview()
        sim.click(30, 16)  // the style button
        func find(_ n: Node) -> Node? { n.name == "toolbar.menu.cards" ? n : n.children.lazy.compactMap(find).first }
        let menu = try #require(find(p.chrome.root), "the gallery is in the menu")
        let f = menu.worldFrame(at: p.chrome.now)
        sim.click(f.midX, f.midY)
        #expect(p.focusedPane.styleName == "cards")
        #expect(p.currentMessage == "Style cards")
    }

    @Test("Ctrl+V with an effect file's path shows it; a broken effect file is named with its line and column; a deck file is still a deck")
    func pasteEffect() throws {
        let folder = try temporaryFolder("paste-effect")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (p, sim) = try makePreview()
        let clipboard = FakeClipboard()
        p.clipboard = clipboard
        p.deckDrops = DeckDrop()
        clipboard.text = try Self.effectFile(folder)
        sim.key("v", .ctrl)
        #expect(p.focusedPane.styleName == "mine")
        guard case .file(let path, _) = p.focusedPane.style.origin else { Issue.record("not from the file"); return }
        #expect(path.hasSuffix("mine.effect.json"))
        let broken = folder.appendingPathComponent("broken.effect.json").path
        try "{\n  \"tracks\": [\n    {\"property\": \"rotateY\", \"keys\": [[0, 0], [1, \"nope\"]]}\n  ]\n}\n".write(toFile: broken, atomically: true, encoding: .utf8)
        clipboard.text = broken
        sim.key("v", .ctrl)
        #expect(p.focusedPane.styleName == "mine", "a broken effect changes nothing")
        #expect(p.currentMessage?.hasPrefix(broken + ":3:") == true, "\(p.currentMessage ?? "none")")
        // A deck file is a deck, as before.
        let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Resources/images").standardizedFileURL.path
        let jpg = try #require(try FileManager.default.contentsOfDirectory(atPath: images).first { $0.hasSuffix(".jpg") })
        try FileManager.default.copyItem(atPath: images + "/" + jpg, toPath: folder.appendingPathComponent("red.png").path)
        let deckFile = folder.appendingPathComponent("trip.json").path
        try #"{"name": "Trip", "items": ["red.png"]}"#.write(toFile: deckFile, atomically: true, encoding: .utf8)
        clipboard.text = deckFile
        sim.key("v", .ctrl)
        #expect(p.deck.name == "Trip" && p.focusedPane.styleName == "mine", "\(p.currentMessage ?? "none")")
    }

    @Test("A sidecar carries an effect file's text: capture of it draws the effect after the file changed")
    func sidecarCarriesTheEffect() throws {
        let folder = try temporaryFolder("sidecar-effect")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.effectFile(folder, name: "carried")
        let deck = Deck.sample(count: 12)
        let p = try Preview(deck: deck, images: deck.fakeImageStore(), size: Size(1280, 720), style: path)
        let sidecar = p.sidecar(named: "x.png", kind: "screenshot")
        #expect(sidecar["effect"]?["text"]?.stringValue?.contains("\"name\": \"carried\"") == true)
        #expect(sidecar["variants"]?.arrayValue?.first?["effect"]?["path"]?.stringValue == path)
        let defaults = SidecarDefaults(json: sidecar)
        #expect(defaults.effectPath == path && defaults.effectText != nil && defaults.problems.isEmpty)
    }
}
