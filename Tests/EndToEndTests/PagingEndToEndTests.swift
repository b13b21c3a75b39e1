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

        @Test("Launched with the pointer outside the window, auto-advance runs from the start: two advances within 7 s (issue 21.1)")
        func launchWithPointerOutside() throws {
            let holder = try AppWindow.holdPointer(at: 5, 5, seconds: 12)
            defer { kill(holder.processIdentifier, SIGKILL); holder.waitUntilExit() }
            let started = Date()
            let app = try AppWindow(["--style", "paging", "--size", "800x500"])
            #expect(app.layout()?.stateBool("paused") == false)
            let two = app.wait(timeout: 7.5) { $0.stateNumber("page") == 2 }
            #expect(two?.stateNumber("page") == 2)
            #expect(Date().timeIntervalSince(started) < 8)
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
