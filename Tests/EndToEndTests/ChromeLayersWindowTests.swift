import CarouselSupport
import CarouselCore
import Foundation
import SDLBackend
import Testing

extension WindowTests {
    /// The chrome's one rule for its layers (issue 39), in the real window driven with xdotool and read off the
    /// screen: surfaces never overlap (the strip, graph and toolbar keep left of an open panel), marks keep to the
    /// picture, messages lie over everything in the picture area, nothing see-through lies over text.
    @Suite("The chrome's layers")
    struct ChromeLayers {
        /// The layout's `chrome` rectangle named `name`.
        static func rect(_ layout: JSONValue?, _ name: String) -> Rect? {
            guard let a = layout?["chrome"]?[name]?.arrayValue?.compactMap(\.numberValue), a.count == 4 else { return nil }
            return Rect(a[0], a[1], a[2], a[3])
        }

        /// How many pixels of `image` inside `area` are near white (text drawn on top).
        static func whitePixels(_ image: PixelImage, in area: Rect) -> Int {
            var n = 0
            for y in max(Int(area.minY), 0)..<min(Int(area.maxY), image.height) {
                for x in max(Int(area.minX), 0)..<min(Int(area.maxX), image.width) {
                    let i = (y * image.width + x) * 4
                    if image.rgba[i] > 220 && image.rgba[i + 1] > 220 && image.rgba[i + 2] > 220 { n += 1 }
                }
            }
            return n
        }

        /// How many pixels of `image` inside `area` are within 6 levels of `color`.
        static func pixels(_ image: PixelImage, in area: Rect, near color: (Int, Int, Int)) -> Int {
            var n = 0
            for y in max(Int(area.minY), 0)..<min(Int(area.maxY), image.height) {
                for x in max(Int(area.minX), 0)..<min(Int(area.maxX), image.width) {
                    let i = (y * image.width + x) * 4
                    if abs(Int(image.rgba[i]) - color.0) <= 6 && abs(Int(image.rgba[i + 1]) - color.1) <= 6 && abs(Int(image.rgba[i + 2]) - color.2) <= 6 { n += 1 }
                }
            }
            return n
        }

        @Test("Panel, strip, graph, a toast and a compared pane's outline at once: the strip and graph end at the panel, the toast is read over the graph, the outline never crosses the panel, the toolbar leaves the top pane's heading alone")
        func surfacesDoNotOverlap() throws {
            let dir = try CLI.folder()
            defer { try? FileManager.default.removeItem(at: dir) }
            let app = try AppWindow(["--style", "expand", "--size", "1280x720", "--compare", "current", "--compare", "current"],
                                    environment: ["XDG_CONFIG_HOME": dir.appendingPathComponent("config").path])
            let window = try #require(app.windowID())
            app.xdotool("windowmove", window, "0", "0")
            for x in stride(from: 60, through: 900, by: 40) { app.xdotool("mousemove", "\(x)", "200") }
            app.xdotool("mousemove", "500", "330")
            app.xdotool("key", "p")
            app.xdotool("key", "t")
            app.xdotool("key", "Home")
            app.xdotool("key", "g")
            app.xdotool("key", "ctrl+s")
            app.xdotool("key", "Return")
            let layout = try #require(app.wait { ChromeLayers.rect($0, "message") != nil && ChromeLayers.rect($0, "graph") != nil && ChromeLayers.rect($0, "panel") != nil })
            let panel = try #require(ChromeLayers.rect(layout, "panel")), strip = try #require(ChromeLayers.rect(layout, "strip"))
            let graph = try #require(ChromeLayers.rect(layout, "graph")), message = try #require(ChromeLayers.rect(layout, "message"))
            let toolbar = try #require(ChromeLayers.rect(layout, "toolbar"))
            #expect(strip.maxX <= panel.minX && graph.maxX <= panel.minX, "the strip \(strip) and graph \(graph) end at the panel \(panel)")
            #expect(message.maxX <= panel.minX && message.maxY <= graph.minY, "the toast \(message) lies in the picture, above the graph")
            #expect(toolbar.maxX <= panel.minX && toolbar.maxY <= 28, "the toolbar \(toolbar) keeps above the headings, left of the panel")
            // What the screen shows.
            let grabbed = dir.appendingPathComponent("screen.png").path
            try TimelineWindow.grab(window: window, to: grabbed)
            let screen = try PixelImage.load(grabbed)
            #expect(ChromeLayers.whitePixels(screen, in: Rect(message.minX + 8, message.minY + 6, message.width - 16, message.height - 12)) > 40, "the toast's words are on top, readable")
            // The panel under the strip's band is the panel's: no pixel of the strip's background there.
            let band = Rect(panel.minX + 1, strip.minY, panel.width - 2, strip.height)
            #expect(ChromeLayers.pixels(screen, in: band, near: (18, 19, 22)) < 20, "nothing of the strip shows through the panel")
            // The focused pane's outline (#8ab4f8) does not cross the panel's top.
            #expect(ChromeLayers.pixels(screen, in: Rect(panel.minX, 0, panel.width, 3), near: (138, 180, 248)) == 0, "the outline crosses the panel")
            // The top pane's heading is as capture draws it: the toolbar covers none of it.
            let capture = dir.appendingPathComponent("capture.png").path
            let r = try CLI.run(["capture", "--style", "expand", "--size", "1280x720", "--compare", "current", "--compare", "current", "--at", "0", "--out", capture])
            try #require(r.status == 0, "\(r.stderr)")
            let heading = Rect(20, 28, 260, 26)
            let off = screen.cropped(heading).pixelsOff(from: try PixelImage.load(capture).cropped(heading), tolerance: 24).count
            #expect(off < 20, "\(off) pixels of the heading differ from capture's: something covers it")
        }

        @Test("At 600 x 400 with the panel open, the toolbar keeps left of the panel and the panel's title is whole")
        func smallWindowPanelTitle() throws {
            let dir = try CLI.folder()
            defer { try? FileManager.default.removeItem(at: dir) }
            let app = try AppWindow(["--style", "expand", "--size", "600x400"], environment: ["XDG_CONFIG_HOME": dir.appendingPathComponent("config").path])
            let window = try #require(app.windowID())
            app.xdotool("key", "p")
            let layout = try #require(app.wait { ChromeLayers.rect($0, "panel") != nil })
            let panel = try #require(ChromeLayers.rect(layout, "panel")), toolbar = try #require(ChromeLayers.rect(layout, "toolbar"))
            #expect(toolbar.maxX <= panel.minX, "the toolbar \(toolbar) reaches into the panel \(panel)")
            let grabbed = dir.appendingPathComponent("screen.png").path
            try TimelineWindow.grab(window: window, to: grabbed)
            let screen = try PixelImage.load(grabbed)
            // The title's words ("Tuning · expand") in the panel's top left, nothing of the toolbar's blue "on" button.
            let title = Rect(panel.minX + 8, 6, min(panel.width - 16, 180), 22)
            #expect(ChromeLayers.whitePixels(screen, in: title) > 40, "the panel's title is drawn whole")
            #expect(ChromeLayers.pixels(screen, in: title, near: (58, 74, 104)) < 10, "a toolbar button over the panel's title")
        }
    }
}
