import CarouselApp
import CarouselCore
import Foundation
import SDLBackend
import Testing

// MARK: Captures

@MainActor
@Suite("Paging captures", .serialized)
struct PagingCaptureTests {
    @Test("One auto-advance after 3 s: page 1 fills the window, matching its golden capture")
    func afterOneAdvance() throws {
        let (canvas, preview) = try Golden.capture(style: "paging", at: 4.0)
        try Golden.check(canvas, "paging")
        let layout = preview.layoutJSON()
        // Auto-advance is on by default at 3 s; the page change (0.5 s) has settled by 4 s.
        #expect(layout.stateBool("autoAdvance") == true)
        #expect(layout.stateNumber("page") == 1)
        #expect(layout.stateNumber("scrollOffset") == 1280)
        #expect(layout.itemFrames.map(\.index) == [1])
        #expect(layout.frame(of: 1) == Rect(0, 0, 1280, 720))
    }

    @Test("A 1600 x 1065 photograph is shown whole, scaled down to the page's height and centred, not cropped")
    func largePhotoScaledDown() throws {
        // Page 13 of the bundled deck is creek.jpg, 1600 x 1065: on a 1280 x 720 page it fits at 1082 x 720.
        let script = (1...13).map { "\(0.05 * Double($0)) key right" }.joined(separator: "; ")
        let (canvas, preview) = try Golden.capture(style: "paging", at: 2.5, script: script)
        #expect(preview.layoutJSON().stateNumber("page") == 13)
        let (small, _) = try Golden.capture(style: "paging", at: 1)  // page 0: a 512 px photo, the window's colour around it
        let background = small.pixel(x: 5, y: 5)
        func isBackground(_ x: Int, _ y: Int) -> Bool {
            let p = canvas.pixel(x: x, y: y)
            return abs(Int(p.r) - Int(background.r)) + abs(Int(p.g) - Int(background.g)) + abs(Int(p.b) - Int(background.b)) < 6
        }
        let width = 1600.0 * 720 / 1065, left = Int(((1280 - width) / 2).rounded())
        for y in stride(from: 20, to: 700, by: 40) {
            #expect(isBackground(5, y) && isBackground(left - 3, y) && isBackground(1280 - left + 2, y), "margins at y \(y)")
            #expect(!isBackground(left + 3, y) || !isBackground(left + 6, y), "the photo's left edge at y \(y)")
        }
        // The photo reaches the page's top and bottom (scaled to the height, not shrunk further).
        #expect(!isBackground(640, 1) && !isBackground(640, 718))
    }
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
            #expect(two?.frame(of: 2) == Rect(0, 0, 800, 500))
        }

        @Test("Launched with the pointer outside the window, auto-advance runs from the start: two advances within 7 s of style time")
        func launchWithPointerOutside() throws {
            let holder = try AppWindow.holdPointer(at: 5, 5, seconds: 40)
            defer { kill(holder.processIdentifier, SIGKILL); holder.waitUntilExit() }
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
            defer { kill(holder.processIdentifier, SIGKILL); holder.waitUntilExit() }
            let app = try AppWindow(["--style", "paging", "--size", "800x500", "--auto-advance", "1"])
            let paused = app.wait(timeout: 2) { $0.stateBool("paused") == true }
            #expect(paused?.stateBool("paused") == true)
            Thread.sleep(forTimeInterval: 1.5)
            #expect(app.layout()?.stateNumber("page") == 0)
            app.xdotool("mousemove", "5", "5")
            let one = app.wait(timeout: 3) { $0.stateNumber("page") == 1 }
            #expect(one?.stateNumber("page") == 1)
        }
    }
}
