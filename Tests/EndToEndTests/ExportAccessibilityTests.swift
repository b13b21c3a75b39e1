import CarouselSupport
import CarouselApp
import CarouselStyles
import CarouselTesting
import SDLBackend
import Foundation
import Testing

/// The exported pages' accessibility (issue 32) in Debian's headless Chromium: axe-core finds nothing on any style's
/// page (as exported, tuned, with auto-advance, and under reduced motion); the pages follow the WAI-ARIA carousel
/// pattern (a labelled region, slides as groups "N of M", a rotation control, `aria-live` off while rotating and
/// polite when not, one slide in the tab order, focus following the current slide with a visible ring); and
/// Chromium's emulated reduced motion (`--force-prefers-reduced-motion`) gives each style's reduced behaviour.
@Suite(.serialized) struct ExportAccessibilityTests {
    static let styles = ExportBrowserTests.styles

    /// Exports `style`'s page with the parameter file `json` (nil: the defaults) as `name`.html into `folder`.
    static func export(_ style: String, json: String?, name: String, into folder: URL) throws -> String {
        var args = ["export", "--style", style, "--format", "html"]
        if let json {
            let params = folder.appendingPathComponent("\(name).json").path
            try json.write(toFile: params, atomically: true, encoding: .utf8)
            args += ["--params", params]
        }
        let page = folder.appendingPathComponent("\(name).html").path
        let result = try CLI.run(args + ["--out", page])
        #expect(result.status == 0, "\(result.stderr)")
        return page
    }

    @Test("axe-core finds no violation on any style's page: defaults, tuned, auto-advancing, under reduced motion")
    func axeFindsNothing() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var checks: [(what: String, page: String, reducedMotion: Bool)] = []
        for style in Self.styles {
            let auto = try Self.export(style, json: #"{"autoAdvance": true, "autoAdvanceProgress": true}"#, name: "\(style)-auto", into: folder)
            checks += [
                ("\(style), defaults", try Self.export(style, json: nil, name: "\(style)-defaults", into: folder), false),
                ("\(style), tuned", try Self.export(style, json: ExportTestValues.json[style]!, name: "\(style)-tuned", into: folder), false),
                ("\(style), auto-advance", auto, false),
                ("\(style), reduced motion", auto, true),
            ]
        }
        for (check, violations) in zip(checks, try Browser.axeViolations(checks.map { ($0.page, $0.reducedMotion) })) {
            #expect(violations.isEmpty, "\(check.what): \(violations)")
        }
    }

    @Test("Every page is the WAI-ARIA carousel: region, slides \"N of M\", rotation control, live region, tab order, focus ring")
    func carouselPattern() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = try Deck.load(path: try #require(ResourceLocator.bundledDeck())).deck.items.count
        let pages = try Self.styles.map { try Self.export($0, json: #"{"autoAdvance": true, "autoAdvanceInterval": 3}"#, name: $0, into: folder) }
        // At rest, and after focus and the Right key.
        let measured = try Browser.measure(pages.flatMap { [Browser.TestRun(page: $0, times: [0.5]), Browser.TestRun(page: $0, input: "0 focus; 0 key right", times: [1])] })
        for (k, (style, page)) in zip(Self.styles, pages).enumerated() {
            let html = try String(contentsOfFile: page, encoding: .utf8)
            #expect(html.contains("<main>\n<section id=\"carousel\" aria-roledescription=\"carousel\" aria-label=\"Sample photographs\">"), "\(style)")

            // At rest: rotating, so the slides are not a live region; Tab reaches the rotation control, then one slide.
            let rest = measured[2 * k].records[0]["a11y"]
            #expect(rest?["live"] == .string("off") && rest?["rotating"] == .bool(true), "\(style): \(String(describing: rest))")
            #expect(rest?["rotation"] == .string("Stop automatic slide show"), "\(style)")
            let order = rest?["tabOrder"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let slides = order.filter { $0.range(of: #"^\d+ of \d+$"#, options: .regularExpression) != nil }
            #expect(order.first == "Stop automatic slide show" && slides.count == 1 && slides.first?.hasSuffix(" of \(count)") == true,
                    "\(style): tab order \(order)")

            // The arrow key moves the current slide (the one in the tab order); keyboard focus on it follows, shows a
            // ring, stops rotation (the rotation control then offers to start it) and makes the slides polite.
            let moved = measured[2 * k + 1].records[0]["a11y"]
            let movedSlide = moved?["tabOrder"]?.arrayValue?.compactMap(\.stringValue).first { $0.hasSuffix(" of \(count)") }
            #expect(moved?["focused"]?.stringValue == movedSlide && movedSlide != nil, "\(style): focus \(String(describing: moved))")
            #expect(movedSlide != slides.first || style == "expand", "\(style): Right did not move the current slide")
            #expect(moved?["focusRing"] == .string("solid"), "\(style): no focus ring")
            #expect(moved?["rotating"] == .bool(false) && moved?["live"] == .string("polite")
                    && moved?["rotation"] == .string("Start automatic slide show"), "\(style): \(String(describing: moved))")
        }
    }

    @Test("The focus ring is seen: keyboard focus on the current slide paints hundreds of ring-blue pixels more")
    func focusRingIsVisible() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        /// Pixels of the ring's colour (#8ab4f8) in the screenshot `png`.
        func ringPixels(_ png: String) throws -> Int {
            // Through a buffer pointer: a debug build counting through the array retains it for every pixel.
            try PixelImage.load(png).rgba.withUnsafeBufferPointer { rgba in
                var count = 0
                for i in stride(from: 0, to: rgba.count, by: 4)
                where abs(Int(rgba[i]) - 0x8a) < 12 && abs(Int(rgba[i + 1]) - 0xb4) < 12 && abs(Int(rgba[i + 2]) - 0xf8) < 12 {
                    count += 1
                }
                return count
            }
        }
        // Each style's page at 0.5 s without focus and with keyboard focus on the current slide.
        var shots: [(run: Browser.TestRun, png: String)] = []
        for style in Self.styles {
            let page = try Self.export(style, json: nil, name: style, into: folder)
            for (n, input) in ["", "0 focus"].enumerated() {
                shots.append((Browser.TestRun(page: page, input: input, times: [0.5]), folder.appendingPathComponent("\(style)-\(n).png").path))
            }
        }
        try Browser.screenshots(shots)
        for (k, style) in Self.styles.enumerated() {
            let without = try ringPixels(shots[2 * k].png), with = try ringPixels(shots[2 * k + 1].png)
            #expect(with - without > 300, "\(style): \(with) ring pixels with focus, \(without) without")
        }
    }

    @Test("Enter / Space act: expand pins, stitch stitches, the others stop and start auto-advance")
    func enterAndSpaceAct() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = #"{"autoAdvance": true, "autoAdvanceInterval": 3}"#
        let rotating = ["loop", "circular", "paging"]
        var runs = [Browser.TestRun(page: try Self.export("expand", json: json, name: "expand", into: folder), input: "0 key right; 0 key return", times: [1]),
                    Browser.TestRun(page: try Self.export("stitch", json: json, name: "stitch", into: folder), input: "0 key space", times: [2])]
        for style in rotating {
            let page = try Self.export(style, json: json, name: style, into: folder)
            runs += [Browser.TestRun(page: page, input: "0 key space", times: [0.5]), Browser.TestRun(page: page, input: "0 key space; 0 key space", times: [0.5])]
        }
        let measured = try Browser.measure(runs)
        let expand = measured[0].records[0]["state"]
        #expect(expand?["pinned"] == .number(0), "\(String(describing: expand))")
        let stitch = measured[1].records[0]["state"]
        #expect(stitch?["seamless"] == .bool(true), "\(String(describing: stitch))")
        for (k, style) in rotating.enumerated() {
            #expect(measured[2 + 2 * k].records[0]["a11y"]?["rotating"] == .bool(false), "\(style): Space did not stop auto-advance")
            #expect(measured[3 + 2 * k].records[0]["a11y"]?["rotating"] == .bool(true), "\(style): Space did not start it again")
        }
    }

    /// For each style: an input that starts a move, and the state value that moves.
    /// For each style: an input that starts a move, the state value that moves, and how close counts as there (a
    /// loop's position is in cards, the others are in pixels). Expand: the eighth item is partly out of the window,
    /// so expanding it scrolls it into view.
    static let moves: [(style: String, input: String, key: String, tolerance: Double)] = [
        ("paging", "0 key right", "scrollOffset", 0.5),
        ("expand", Array(repeating: "0 key right", count: 8).joined(separator: "; "), "scrollOffset", 0.5),
        ("loop", "0 key right", "position", 0.001),
        ("circular", "0 key right", "scrollOffset", 0.5),
        ("stitch", "0 key minus ctrl", "spacing", 0.5),
    ]

    @Test("Reduced motion: paging changes page in place, expand comes into view without the glide, loop and circular snap, stitch's spacing changes at once")
    func reducedMotionMovesAtOnce() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let times = [0.05, 0.15, 3]
        // Each style's move, normally and under reduced motion; then paging's page at 0.05 s under reduced motion.
        var runs: [Browser.TestRun] = []
        for (style, input, _, _) in Self.moves {
            let page = try Self.export(style, json: #"{"autoAdvance": false}"#, name: style, into: folder)
            runs += [false, true].map { Browser.TestRun(page: page, input: input, times: times, reducedMotion: $0) }
        }
        let paging = try Self.export("paging", json: nil, name: "paging-place", into: folder)
        runs.append(Browser.TestRun(page: paging, input: "0 key right", times: [0.05], reducedMotion: true))
        let measured = try Browser.measure(runs)
        for (k, (style, _, key, tolerance)) in Self.moves.enumerated() {
            func values(_ m: Browser.Measured) -> [Double] { m.records.map { $0["state"]?[key]?.numberValue ?? .nan } }
            let normal = values(measured[2 * k]), reduced = values(measured[2 * k + 1])
            // The move is real (it ends away from where it started) and, normally, still under way at 0.05 s...
            #expect(abs(normal[2] - normal[0]) > tolerance && abs(normal[2] - normal[1]) > tolerance,
                    "\(style): normally nothing is moving at 0.05 and 0.15 s: \(normal)")
            // ...and under reduced motion it is done at once: never in transit.
            #expect(abs(reduced[0] - reduced[2]) < tolerance && abs(reduced[1] - reduced[2]) < tolerance
                    && abs(reduced[2] - normal[2]) < tolerance,
                    "\(style): under reduced motion \(key) is \(reduced) at \(times) s (normally \(normal))")
        }
        // Paging: the page shown is exactly in place at 0.05 s.
        let frames = measured[2 * Self.moves.count].frames[0]
        #expect(frames.count == 1 && frames[0].index == 1 && abs(frames[0].frame[0]) < 0.5, "\(frames)")
    }

    @Test("Reduced motion: auto-advance waits until the rotation control starts it")
    func reducedMotionStopsAutoAdvance() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = try Self.export("paging", json: #"{"autoAdvance": true, "autoAdvanceInterval": 1}"#, name: "paging", into: folder)
        let measured = try Browser.measure([Browser.TestRun(page: page, times: [1.5]), Browser.TestRun(page: page, times: [1.5], reducedMotion: true),
                                            Browser.TestRun(page: page, input: "0 key space", times: [1.05], reducedMotion: true)])
        let normal = measured[0].records[0]
        #expect(normal["state"]?["page"] == .number(1) && normal["a11y"]?["rotating"] == .bool(true), "\(normal)")
        let reduced = measured[1].records[0]
        #expect(reduced["state"]?["page"] == .number(0) && reduced["a11y"]?["rotating"] == .bool(false)
                && reduced["a11y"]?["rotation"] == .string("Start automatic slide show"), "\(reduced)")
        // Started by the user (Space acts as the rotation control does on paging), it runs, with its page change in place.
        let started = measured[2]
        #expect(started.records[0]["state"]?["page"] == .number(1) && started.frames[0].first?.frame[0] == 0, "\(started.records[0])")
    }
}
