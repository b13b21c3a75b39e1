import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselSupport
import CarouselTesting
import Foundation
import Testing

/// Two to four variants side by side, on one clock, driven by the same input (issue 16).
@Suite("Compare")
@MainActor
struct CompareTests {
    /// A comparison of `variants` (style, parameter JSON) on the sample deck in a 1280x720 window.
    func compare(_ variants: [(String, String)], size: Size = Size(1280, 720)) throws -> (Preview, InputSimulator) {
        let deck = Deck.sample(count: 12)
        let list = try variants.enumerated().map { i, v in
            Variant(name: "variant \(i + 1)", style: v.0, values: try JSONParser.parse(v.1))
        }
        let preview = try Preview(deck: deck, images: deck.fakeImageStore(), size: size, variants: list)
        #expect(preview.startupProblems.isEmpty)
        return (preview, InputSimulator(driver: preview, size: size))
    }

    /// Pane `pane`'s entry in the layout export.
    func paneJSON(_ p: Preview, _ pane: Int) -> JSONValue? { p.layoutJSON()["panes"]?.arrayValue?[pane] }

    /// The frame of item `index` in pane `pane`, in window points.
    func frame(_ p: Preview, pane: Int, item index: Int) -> Rect? {
        guard let f = paneJSON(p, pane)?["items"]?.arrayValue?.first(where: { $0["index"] == .number(Double(index)) })?["frame"]?
            .arrayValue?.compactMap(\.numberValue), f.count == 4 else { return nil }
        return Rect(f[0], f[1], f[2], f[3])
    }

    @Test("Expand at 0.4 s and 0.8 s: the pointer over the second item of the first pane expands the second item of both, each along CSS ease-in-out for its own duration")
    func mirroredHoverOwnDurations() throws {
        let (p, sim) = try compare([("expand", #"{"expandDuration": 0.4}"#), ("expand", #"{"expandDuration": 0.8}"#)])
        // Rows stacked: the row styles keep the window's width.
        #expect(p.panes.map(\.frame) == [Rect(0, 0, 1280, 360), Rect(0, 360, 1280, 360)])
        let item1 = try #require(frame(p, pane: 0, item: 1))
        sim.move(item1.midX, item1.midY)
        sim.wait(0.2)
        for (pane, duration) in [(0, 0.4), (1, 0.8)] {
            let width = try #require(frame(p, pane: pane, item: 1)).width
            let expected = 150 + 100 * CubicBezier.easeInOut.progress(at: 0.2 / duration)
            #expect(abs(width - expected) < 0.01, "pane \(pane): \(width) against \(expected)")
            #expect(paneJSON(p, pane)?["state"]?["expanded"] == .number(1))
        }
        // The second pane's item is where the first one's is, one pane lower.
        #expect(try #require(frame(p, pane: 1, item: 1)).minY == item1.minY + 360)
        #expect(paneJSON(p, 1)?["differences"] == .array([.string("Expand duration 0.4 → 0.8 s")]))
        #expect(p.panes[1].labelLines == ["variant 2", "Expand duration 0.4 → 0.8 s"])
        #expect(p.panes[0].labelLines == ["variant 1"])
    }

    @Test("A wheel burst moves both rows by one item; pausing freezes both")
    func wheelAndPause() throws {
        let (p, sim) = try compare([("expand", #"{"expandDuration": 0.4}"#), ("expand", #"{"expandDuration": 0.8}"#)])
        sim.move(640, 330)  // below the first pane's row: nothing hovered
        sim.wheel(dy: -1)
        sim.wait(1)
        for pane in 0...1 { #expect(paneJSON(p, pane)?["state"]?["scrollOffset"] == .number(170), "pane \(pane)") }
        let item2 = try #require(frame(p, pane: 0, item: 2))
        sim.move(item2.midX, item2.midY)
        sim.wait(0.1)
        sim.key("space")
        let frozen = [frame(p, pane: 0, item: 2), frame(p, pane: 1, item: 2)]
        sim.wait(1)
        #expect([frame(p, pane: 0, item: 2), frame(p, pane: 1, item: 2)] == frozen)
        #expect(!p.needsFrame)
        sim.key("space")
        sim.wait(1)
        #expect(frame(p, pane: 0, item: 2)?.width == 250 && frame(p, pane: 1, item: 2)?.width == 250)
    }

    @Test("Loop with two springs: one key press moves both strips by one card, each along its own spring")
    func springsOnOneClock() throws {
        let (p, sim) = try compare([("loop", #"{"selectionCurve": "spring(0.3,0.7)"}"#), ("loop", #"{"selectionCurve": "spring(0.6,0.7)"}"#)])
        let start = try (0...1).map { try #require(paneJSON(p, $0)?["state"]?["scrollOffset"]?.numberValue) }
        sim.key("right")
        sim.wait(0.15)
        let pitch = 108.0  // card 100 + spacing 8
        for (pane, response) in [(0, 0.3), (1, 0.6)] {
            let offset = try #require(paneJSON(p, pane)?["state"]?["scrollOffset"]?.numberValue)
            let moved = start[pane] - offset
            let expected = pitch * (1 - Spring(response: response, dampingFraction: 0.7).displacement(at: 0.15, x0: 1, v0: 0))
            #expect(abs(moved - expected) < 0.5, "pane \(pane): moved \(moved), spring says \(expected)")
        }
        sim.wait(3)
        for pane in 0...1 { #expect(abs((start[pane] - (paneJSON(p, pane)?["state"]?["scrollOffset"]?.numberValue ?? 0)) - pitch) < 0.01) }
    }

    @Test("The panel edits the focused variant only, with an undo history per variant; Ctrl+D duplicates, Ctrl+W closes")
    func focusPanelAndKeys() throws {
        let (p, sim) = try makePreview()
        sim.key("d", .ctrl)
        #expect(p.panes.count == 2 && p.state.focusedIndex == 1)
        try p.setParameter("expandDuration", .number(0.9))
        #expect(p.state.panes[0].currentParameters.number("expandDuration") == 0.4)
        #expect(p.state.panes[1].currentParameters.number("expandDuration") == 0.9)
        sim.key("1", .ctrl)
        #expect(p.state.focusedIndex == 0)
        // A click in a pane focuses it.
        sim.click(640, 600)
        #expect(p.state.focusedIndex == 1)
        for _ in 0..<2 { sim.key("d", .ctrl) }
        #expect(p.panes.count == 4)
        #expect(p.panes.map(\.frame) == [Rect(0, 0, 640, 360), Rect(640, 0, 640, 360), Rect(0, 360, 640, 360), Rect(640, 360, 640, 360)])
        sim.key("d", .ctrl)
        #expect(p.panes.count == 4)
        #expect(p.currentMessage?.contains("at most 4") == true)
        sim.key("w", .ctrl)
        #expect(p.panes.count == 3)
        for _ in 0..<3 { sim.key("w", .ctrl) }
        #expect(p.panes.count == 1)
        #expect(p.currentMessage == "The last variant cannot be closed")
        #expect(p.panes[0].frame == Rect(0, 0, 1280, 720))
    }

    @Test("Paging variants stand side by side; three row variants stack only when the window is tall enough")
    func splits() {
        #expect(PaneSplit.frames(count: 2, styles: ["paging", "paging"], in: Size(1280, 720)) == [Rect(0, 0, 640, 720), Rect(640, 0, 640, 720)])
        #expect(PaneSplit.arrangement(count: 3, styles: ["expand", "expand", "expand"], in: Size(1280, 720)) == .grid)
        #expect(PaneSplit.arrangement(count: 3, styles: ["expand", "expand", "expand"], in: Size(1920, 1080)) == .rows)
        #expect(PaneSplit.problem(count: 4, styles: [], in: Size(300, 200)) != nil)
        #expect(PaneSplit.problem(count: 5, styles: [], in: Size(1280, 720)) == "at most 4 variants can be compared, got 5")
        let frames = PaneSplit.frames(count: 4, styles: [], in: Size(1281, 721))
        #expect(frames.map(\.maxX).max() == 1281 && frames.map(\.maxY).max() == 721)
    }

    @Test("The README and the user guide say how compare splits the window as PaneSplit does: row variants stacked, never all \"side by side\"")
    func docsSayHowPanesStand() throws {
        // What the docs describe: two expand variants in the default window, two paging ones.
        #expect(PaneSplit.arrangement(count: 2, styles: ["expand", "expand"], in: Size(1280, 720)).words == "stacked as rows")
        #expect(PaneSplit.arrangement(count: 2, styles: ["paging", "paging"], in: Size(1280, 720)).words == "side by side")
        for document in ["README.md", "docs/user-guide.md"] {
            let text = try String(contentsOfFile: GeneratedBlock.path(document), encoding: .utf8)
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(!text.contains("variants side by side"), "\(document) says every comparison stands side by side")
            #expect(text.contains("stacked as rows"), "\(document) does not say row variants are stacked")
        }
    }

    @Test("Bad variants are one line each: unknown preset, unreadable file, too many, too small a window")
    func badVariants() throws {
        let presets = PresetStore(shippedRoot: nil, userRoot: "/nonexistent")
        let current = Variant(name: "current", style: "expand")
        #expect(throws: ParameterFileError.self) { try Variant.load("preset:expand/Nope", current: current, presets: presets) }
        #expect(throws: ParameterFileError.self) { try Variant.load("preset:nostyle/x", current: current, presets: presets) }
        #expect(throws: ParameterFileError.self) { try Variant.load("/nonexistent/v.json", current: current, presets: presets) }
        let deck = Deck.sample(count: 4)
        #expect(throws: PreviewError("a 300x200 window cannot show 2 variants stacked as rows (each needs at least 200x120)")) {
            try Preview(deck: deck, images: deck.fakeImageStore(), size: Size(300, 200), variants: [current, current])
        }
    }

    @Test("A comparison's sidecar records every variant; its variants come back from it")
    func sidecarRecordsVariants() throws {
        let (p, sim) = try compare([("expand", #"{"expandDuration": 0.4}"#), ("stitch", "{}")])
        sim.move(260, 150)
        let sidecar = p.sidecar(named: "x.png", kind: "screenshot")
        let variants = try #require(Variant.recorded(in: sidecar, file: "x.json"))
        #expect(variants.map(\.style) == ["expand", "stitch"])
        #expect(variants[1].values?["normalSpacing"] == .number(8))
        #expect(sidecar["variants"]?.arrayValue?[0]["input"]?.arrayValue?.isEmpty == false)
    }

    @Test("Labels name the panel's parameters, show every difference up to eight, and stay clear of the open panel")
    func labelsReadable() throws {
        let (p, sim) = try compare([("expand", "{}"), ("expand", #"{"expandDuration": 0.8, "spacing": 30, "itemWidth": 160}"#)])
        let label = try #require(p.panes[1].labelLines)
        #expect(label.first == "variant 2")
        #expect(label.contains("Expand duration 0.4 → 0.8 s"), "\(label)")
        #expect(label.count == 4, "every difference, none hidden behind \"+1 more\": \(label)")
        sim.key("p")
        let panel = p.panel.frame
        for pane in p.panes {
            let chrome = try #require(pane.scene.root.children.first { $0.name == "pane.chrome" })
            let box = try #require(chrome.children.first { $0.name == "pane.label" })
            let onScreen = box.frame.offsetBy(pane.frame.x, pane.frame.y)
            #expect(!onScreen.intersects(panel), "\(pane.id)'s label is under the panel")
        }
        #expect(p.panel.root.children.compactMap { $0.children.first { $0.name == "panel.title" }?.text?.string }.first?.contains("variant 2") == true
                || p.layoutJSON()["panelOpen"] == .bool(true))
    }

    @Test("Ctrl+W, then Ctrl+Z, brings the tuned variant back with its values and history; another change first makes it final")
    func closeIsUndoable() throws {
        let (p, sim) = try compare([("expand", "{}"), ("expand", #"{"expandDuration": 0.8}"#)])
        sim.key("2", .ctrl)
        var tuned = p.currentParameters
        try tuned.set("spacing", .number(33))
        p.apply(.values(.set(tuned, undo: UndoLabel("Spacing"))))
        sim.key("w", .ctrl)
        #expect(p.panes.count == 1 && p.currentMessage?.contains("Ctrl+Z") == true)
        sim.key("z", .ctrl)
        #expect(p.panes.count == 2, "the variant is back")
        #expect(p.focusedPane.name == "variant 2" && p.currentParameters.number("spacing") == 33 && p.currentParameters.number("expandDuration") == 0.8)
        #expect(p.focusedPane.history(for: "expand").undoSteps.count == 1, "with its history")
        // Closed again, then something else changed: Ctrl+Z undoes that, and the variant stays closed.
        sim.key("w", .ctrl)
        sim.key("a")
        sim.key("z", .ctrl)
        #expect(p.panes.count == 1)
    }
}
