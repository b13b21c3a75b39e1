import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Testing

/// The app's own keys (issue 9): number keys switch style, F3 shows frame rate, frame time and the style's state,
/// F1 or ? shows every key.
@Suite("App keys")
@MainActor
struct PreviewKeysTests {
    @Test("1-5 switch to expand, stitch, loop, circular and paging, each announced")
    func numberKeys() throws {
        let (p, sim) = try makePreview()
        for (key, name) in [("2", "stitch"), ("3", "loop"), ("4", "circular"), ("5", "paging"), ("1", "expand")] {
            sim.key(key)
            #expect(p.definition.name == name)
            #expect(p.currentMessage == "Style \(name)")
            #expect(p.layoutJSON()["style"] == .string(name))
        }
    }

    @Test("A style keeps its tuned values when switched away and back")
    func valuesKept() throws {
        let (p, sim) = try makePreview()
        try p.setParameter("itemWidth", .number(120))
        sim.key("3")
        sim.key("1")
        #expect(p.currentParameters.number("itemWidth") == 120)
        #expect(p.itemFrame(0)?.width == 120)
    }

    @Test("F3 shows frame rate, frame time, speed, style and state, updated as frames are drawn")
    func statusLine() throws {
        let (p, sim) = try makePreview()
        #expect(p.currentStatus == nil)
        sim.key("f3")
        let f = try #require(p.itemFrame(3))
        sim.move(f.midX, f.midY)
        sim.wait(0.5)
        let line = try #require(p.currentStatus)
        // 60 Hz frames on the manual clock: 60 fps and 16.7 ms.
        #expect(line.hasPrefix("60 fps  16.7 ms  1×  expand  "), "\(line)")
        #expect(line.contains("expanded 3"))
        #expect(line.contains("scrollOffset 0"))
        #expect(sim.renderer.draws.texts.contains(line), "drawn in the window")
        sim.key("comma")
        sim.wait(0.1)
        #expect(p.currentStatus?.contains("1/2×") == true)
        sim.key("f3")
        #expect(p.currentStatus == nil)
        #expect(!sim.renderer.draws.texts.contains { $0.contains(" fps ") })
    }

    @Test("F1, ? and Shift+/ show the card of every key; F1 or Escape hides it")
    func help() throws {
        let (p, sim) = try makePreview()
        for open in [("f1", Modifiers()), ("question", []), ("slash", .shift)] {
            sim.key(open.0, open.1)
            #expect(p.isHelpVisible, "\(open.0)")
            #expect(sim.renderer.draws.texts.contains("Carousel Lab: keys and gestures"))
            sim.key("escape")
            #expect(!p.isHelpVisible)
        }
        sim.key("slash")
        #expect(!p.isHelpVisible, "a plain / is not ?")
        sim.key("f1"); sim.key("f1")
        #expect(!p.isHelpVisible)
    }

    @Test("The help card names every app key")
    func helpComplete() {
        let text = CommandTable.helpLines.joined(separator: "\n")
        for key in ["1-5", "wheel", "Left / Right", "Enter", "Ctrl+wheel", "pinch", "click", "drag", "M ", "A ", "Space", ". ",
                    ", ", "1/2, 1/4, 1/10", "F12", "Ctrl+P", "F3", "F1 or ?", "Ctrl+Q", "Tab", "Ctrl+Z", "Ctrl+S", "Ctrl+C"] {
            #expect(text.contains(key), "\(key)")
        }
    }
}
