import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselSupport
import Foundation
import SDLBackend
import Testing

// MARK: Captures

/// Comparisons through the real renderer: every pane's style at its pane's size, the labels, the dividers.
@MainActor
@Suite("Compare captures", .serialized)
struct CompareCaptureTests {
    /// Captures `variants` (style, parameter JSON) at `at` seconds after `script`.
    static func capture(_ variants: [(String, String, String)], at: Double, script: String) throws -> (HeadlessCanvas, Preview) {
        let size = Size(1280, 720)
        let canvas = try Golden.canvas(size)
        let (deck, _) = try Deck.load(path: Golden.packageRoot.appendingPathComponent("Resources/deck.json").path)
        let list = try variants.map { Variant(name: $0.0, style: $0.1, values: try JSONParser.parse($0.2)) }
        let preview = try Preview(deck: deck, images: canvas.images, size: size, variants: list, textMeasurer: canvas.renderer)
        preview.paneSet.showsFocus = false
        let run = CaptureRun(preview: preview, script: try ScriptedInput.parse(script, size: size)) {
            _ = canvas.images.waitUntilLoaded(timeout: 30)
            return true
        }
        run.render(times: [at], into: canvas.renderer) { _ in }
        return (canvas, preview)
    }

    @Test("Two expand variants stacked as rows, the second item hovered in both, matches its golden capture")
    func twoPanes() throws {
        let (canvas, preview) = try Self.capture([("current", "expand", "{}"), ("slower", "expand", #"{"expandDuration": 0.8}"#)],
                                                 at: 0.3, script: "0.0 move 260 150")
        try Golden.check(canvas, "compare-2")
        let panes = try #require(preview.layoutJSON()["panes"]?.arrayValue)
        #expect(panes.map { $0["state"]?["expanded"] } == [.number(1), .number(1)])
        // The second pane's item is still narrower: its expansion takes twice as long.
        let widths = panes.compactMap { $0["items"]?.arrayValue?.first { $0["index"] == .number(1) }?["frame"]?.arrayValue?[2].numberValue }
        #expect(widths.count == 2 && widths[1] < widths[0])
    }

    @Test("Four variants in a 2x2 grid (the article's values, Slick, Glide, a spring), matches its golden capture")
    func fourPanes() throws {
        let (canvas, preview) = try Self.capture([
            ("article", "expand", "{}"),
            ("Slick", "expand", #"{"expandCurve": "ease", "expandDuration": 0.3}"#),
            ("Glide", "expand", #"{"expandCurve": "glide", "expandDuration": 0.4}"#),
            ("spring", "expand", #"{"expandCurve": "spring(0.5,0.6)"}"#),
        ], at: 0.25, script: "0.0 move 260 150")
        try Golden.check(canvas, "compare-4")
        #expect(preview.panes.map(\.frame) == [Rect(0, 0, 640, 360), Rect(640, 0, 640, 360), Rect(0, 360, 640, 360), Rect(640, 360, 640, 360)])
        #expect(preview.panes[3].labelLines == ["spring", "Expand curve easeInOut → spring(0.5,0.6)"])
        // Every pane shows its own row: a pixel of the first item's photo in each pane's top-left quarter.
        for f in preview.panes.map(\.frame) {
            let p = canvas.pixel(x: Int(f.x) + 60, y: Int(f.y) + 150)
            #expect(!(p.r == 0x20 && p.g == 0x21 && p.b == 0x24), "pane at \(f) shows only the background")
        }
    }
}

// MARK: Window

extension WindowTests {
    @Suite("Compare in the window")
    struct CompareWindow {
        @Test("Ctrl+D duplicates the pane, the panel changes the second only, a hover shows each pane's own value")
        func duplicateAndTune() throws {
            let app = try AppWindow(["--style", "expand"])
            _ = try #require(app.layout())
            app.xdotool("mousemove", "640", "700")
            app.xdotool("key", "ctrl+d")
            let two = app.wait { $0["panes"]?.arrayValue?.count == 2 }
            #expect(two?["panes"]?.arrayValue?[1]["focused"] == .bool(true))
            // The panel edits the focused (second) pane: type 400 into Expanded width (the second row, 132 pt down).
            app.xdotool("key", "p")
            app.xdotool("mousemove", "\(1280 - 14 - 32)", "132")
            app.xdotool("click", "--repeat", "2", "--delay", "80", "1")
            app.xdotool("type", "--delay", "30", "400")
            app.xdotool("key", "Return")
            app.xdotool("key", "p")
            let tuned = app.wait { $0["panes"]?.arrayValue?[1]["parameters"]?["expandedWidth"] == .number(400) }
            #expect(tuned?["panes"]?.arrayValue?[0]["parameters"]?["expandedWidth"] == .number(250))
            // Hover the second item of the first pane: both panes expand it, each to its own width.
            app.xdotool("mousemove", "260", "150")
            func width(_ l: JSONValue?, _ pane: Int) -> Double? {
                l?["panes"]?.arrayValue?[pane]["items"]?.arrayValue?.first { $0["index"] == .number(1) }?["frame"]?.arrayValue?[2].numberValue
            }
            let hovered = app.wait { width($0, 0) == 250 && width($0, 1) == 400 }
            #expect(width(hovered, 0) == 250)
            #expect(width(hovered, 1) == 400)
        }
    }
}
