import CarouselApp
import CarouselCore
import CarouselStyles
import Foundation
import SDLBackend
import Testing

// MARK: Captures

@MainActor
@Suite("Paging captures", .serialized)
struct PagingCaptureTests {
    @Test("One auto-advance after 3 s: page 1 fills the page frame, matching its golden capture")
    func afterOneAdvance() throws {
        let (canvas, preview) = try Golden.capture(style: "paging", at: 4.0)
        try Golden.check(canvas, "paging")
        let layout = preview.layoutJSON()
        // Auto-advance is on by default at 3 s; the page change (0.5 s) has settled by 4 s.
        #expect(layout.stateBool("autoAdvance") == true)
        #expect(layout.stateNumber("page") == 1)
        #expect(layout.stateNumber("scrollOffset") == 1280)
        #expect(layout.itemFrames.map(\.index) == [1])
        #expect(layout.frame(of: 1) == Rect(0, 48, 1280, 604))
    }

    @Test("A 1600 x 1065 photograph is fitted whole to the page frame, centred, clear of the toolbar above and the dots below")
    func largePhotoFitted() throws {
        // Page 13 of the bundled deck is creek.jpg, 1600 x 1065: in the 1280 x 604 frame (y 48 to 652, 8 pt above
        // the dots' 24 pt cells) it fits at 907 x 604.
        let script = (1...13).map { "\(0.05 * Double($0)) key right" }.joined(separator: "; ")
        let (canvas, preview) = try Golden.capture(style: "paging", at: 2.5, script: script)
        #expect(preview.layoutJSON().stateNumber("page") == 13)
        let background = canvas.pixel(x: 5, y: 5)
        func isBackground(_ x: Int, _ y: Int) -> Bool {
            let p = canvas.pixel(x: x, y: y)
            return abs(Int(p.r) - Int(background.r)) + abs(Int(p.g) - Int(background.g)) + abs(Int(p.b) - Int(background.b)) < 6
        }
        let width = 1600.0 * 604 / 1065, left = Int(((1280 - width) / 2).rounded())
        for y in stride(from: 60, to: 650, by: 40) {
            #expect(isBackground(5, y) && isBackground(left - 3, y) && isBackground(1280 - left + 2, y), "margins at y \(y)")
            #expect(!isBackground(left + 3, y) || !isBackground(left + 6, y), "the photo's left edge at y \(y)")
        }
        // The photo reaches the frame's top and bottom and no further: nothing of it under the toolbar's room or by
        // the dots.
        #expect(!isBackground(640, 49) && !isBackground(640, 650))
        #expect(isBackground(640, 46) && isBackground(300, 20) && isBackground(300, 656) && isBackground(300, 700))
    }

    @Test("Small images are scaled up to the page frame: a 512 px photograph and a 1 x 1 pixel fill its height")
    func smallImagesScaledUp() throws {
        // Page 0 of the bundled deck is a 512 x 512 photograph: 604 x 604 in the frame (x 338 to 942), centred.
        let (canvas, _) = try Golden.capture(style: "paging", at: 1)
        let background = canvas.pixel(x: 5, y: 5)
        func differs(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ q: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
            abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b)) >= 6
        }
        #expect(differs(canvas.pixel(x: 640, y: 50), background) && differs(canvas.pixel(x: 640, y: 650), background))
        #expect(differs(canvas.pixel(x: 340, y: 356), background) && !differs(canvas.pixel(x: 320, y: 356), background))
        // A deck of one red 1 x 1 PNG: the pixel becomes the frame's 604 x 604 square (it was one pixel on an empty page).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paging-1x1-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("dot.png").path
        try Data(PagingCaptureTests.redPixelPNG).write(to: URL(fileURLWithPath: png))
        let one = try Golden.canvas(Size(1280, 720))
        let preview = try Preview(deck: Deck(name: "dot", items: [DeckItem(image: png, title: "dot")]), images: one.images,
                                  size: Size(1280, 720), style: "paging", textMeasurer: one.renderer)
        CaptureRun(preview: preview, script: ScriptedInput(entries: [])) { _ = one.images.waitUntilLoaded(timeout: 30); return true }
            .render(times: [1], into: one.renderer) { _ in }
        for (x, y) in [(640, 360), (345, 60), (935, 648)] {
            let p = one.pixel(x: x, y: y)
            #expect(p.r > 200 && p.g < 60 && p.b < 60, "(\(x), \(y)): \(p)")
        }
        #expect(one.pixel(x: 640, y: 20).r < 200 && one.pixel(x: 300, y: 360).r < 200)
    }

    /// A 1 x 1 PNG of one red pixel.
    static let redPixelPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01,
        0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41,
        0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0x00, 0x00, 0x03, 0x01, 0x01, 0x00, 0xC9, 0xFE, 0x92, 0xEF, 0x00, 0x00, 0x00,
        0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}

// MARK: Window

/// Nested in `WindowTests` (serialized, enabled only with a display): one app window at a time shares the pointer.
extension WindowTests {
    @Suite("Paging window under Xvfb")
    struct Paging {
        @Test("With the pointer off the window, auto-advance turns two pages, one per interval")
        func twoAdvances() throws {
            // An 800x500 window centred on the 1280x720 screen, so the pointer can rest outside it: a pointer over the
            // pages (the whole window) pauses auto-advance.
            let app = try AppWindow(["--style", "paging", "--size", "800x500", "--auto-advance", "1"])
            app.xdotool("mousemove", "5", "5")
            let running = app.wait { $0.stateBool("paused") == false }
            #expect(running?.stateBool("paused") == false)
            #expect(running?.stateBool("autoAdvance") == true)

            let one = app.wait { $0.stateNumber("page") == 1 }
            #expect(one?.stateNumber("page") == 1)
            let two = app.wait { $0.stateNumber("page") == 2 && $0.stateNumber("scrollOffset") == 1600 }
            #expect(two?.stateNumber("page") == 2)
            #expect(two?.stateNumber("scrollOffset") == 1600)
            #expect(two?.frame(of: 2) == Rect(0, 48, 800, 500 - 48 - 68))
        }

        @Test("Launched with the pointer outside the window, auto-advance runs from the start: two advances within 7 s of style time")
        func launchWithPointerOutside() throws {
            let holder = try AppWindow.holdPointer(at: 5, 5, seconds: 40)
            defer { holder.kill(SIGKILL); holder.wait() }
            let app = try AppWindow(["--style", "paging", "--size", "800x500"])
            #expect(app.layout()?.stateBool("paused") == false)
            // The style's own clock, not the test's: a loaded machine starts the window late, not the timer.
            let two = app.wait(timeout: 30) { $0.stateNumber("page") == 2 }
            #expect(two?.stateNumber("page") == 2)
            #expect((two?["time"]?.numberValue ?? .infinity) < 8, "\(two?["time"] ?? .null)")
        }

        @Test("Launched with the pointer resting over the pages, auto-advance waits until the pointer leaves")
        func launchWithPointerOver() throws {
            let holder = try AppWindow.holdPointer(at: 640, 360, seconds: 8)
            defer { holder.kill(SIGKILL); holder.wait() }
            let app = try AppWindow(["--style", "paging", "--size", "800x500", "--auto-advance", "1"])
            let paused = app.wait(timeout: 2) { $0.stateBool("paused") == true }
            #expect(paused?.stateBool("paused") == true)
            // By the app's own clock, one and a half intervals pass with the pointer still over the pages (moved by a
            // point to wake the idle window): an auto-advance that ran would have turned the page at 1 s.
            let later = app.waitForAppTime(1.5, pointerAt: 400, 250)
            #expect(later != nil, "the window's clock reached 1.5 s within 30 s")
            #expect(later?.stateNumber("page") == 0 && later?.stateBool("paused") == true, "page \(later?.stateNumber("page") ?? -1) at \(later?.appTime ?? -1) s")
            app.xdotool("mousemove", "5", "5")
            let one = app.wait(timeout: 3) { $0.stateNumber("page") == 1 }
            #expect(one?.stateNumber("page") == 1)
        }
    }
}
