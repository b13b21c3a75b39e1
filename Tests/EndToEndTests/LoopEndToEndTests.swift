import CarouselApp
import CarouselCore
import Foundation
import SDLBackend
import Testing

// MARK: Captures

@MainActor
@Suite("Loop captures", .serialized)
struct LoopCaptureTests {
    @Test("The resting row, the first card selected and centred, matches its golden capture")
    func restingRow() throws {
        let (canvas, preview) = try Golden.capture(style: "loop", at: 1.0)
        try Golden.check(canvas, "loop")
        let layout = preview.layoutJSON()
        #expect(layout.stateNumber("current") == 0)
        let selected = try #require(layout.frame(of: 0))
        #expect(abs(selected.midX - 640) <= 0.5)
        #expect(selected.width == layout.parameter("selectedWidth"))
        // Neighbours keep the spacing on both sides of the larger selected card, and the row fills the window.
        let spacing = try #require(layout.parameter("spacing"))
        #expect(layout.hasGaps(spacing), "gaps \(layout.gaps)")
        let frames = layout.itemFrames.map(\.frame)
        #expect((frames.first?.minX ?? 1) <= 0 && (frames.last?.maxX ?? 0) >= 1280)
        // The strip wraps: the card left of the first is the last item of the deck.
        let left = try #require(layout.itemFrames.last { $0.frame.maxX < selected.minX })
        #expect(left.index == (try BundledDeck.count) - 1)
    }

    @Test("The issue's drag (down at 640, moves to 520 and 400, up): the strip follows mid-drag and settles two cards on")
    func issueDrag() throws {
        let script = "0.2 down 640 360; 0.3 move 520 360; 0.4 move 400 360; 0.5 up 400 360"
        let (_, before) = try Golden.capture(style: "loop", at: 0.1)
        let start = try #require(before.layoutJSON().stateNumber("position"))
        let pitch = try #require(before.layoutJSON().parameter("cardWidth")) + (try #require(before.layoutJSON().parameter("spacing")))
        let (_, during) = try Golden.capture(style: "loop", at: 0.45, script: script)
        #expect(abs((during.layoutJSON().stateNumber("position") ?? 0) - (start + 240 / pitch)) < 1e-3, "240 pt of pointer is 240 pt of strip")
        let (_, after) = try Golden.capture(style: "loop", at: 2, script: script)
        let layout = after.layoutJSON()
        #expect(layout.stateNumber("current") == 2)
        #expect(layout.stateNumber("position") == start + 2)
        let selected = try #require(layout.frame(of: 2))
        #expect(abs(selected.midX - 640) <= 0.5)
    }
}

// MARK: Window

/// Nested in `WindowTests` (serialized, enabled only with a display): one app window at a time shares the pointer.
extension WindowTests {
    @Suite("Loop window under Xvfb")
    struct Loop {
        /// Clicks the card `pick` chooses among the fully visible ones, then checks that it becomes the selection, lands
        /// on its slot of the middle copy, and settles centred at the selected width. `inFirstCopy` says whether the
        /// clicked card's strip slot is before the middle copy (the selection then re-centres before it animates).
        private func clickSelects(inFirstCopy: Bool, _ pick: ([LaidOutItem]) -> LaidOutItem?) throws {
            let app = try AppWindow(["--style", "loop"])
            let first = try #require(app.layout())
            let count = try BundledDeck.count
            let copies = Int(try #require(first.parameter("copies")))
            let middleStart = count * (copies / 2)
            let startSlot = try #require(first.stateNumber("slot"))
            let card = try #require(pick(first.itemFrames.filter { $0.frame.minX >= 0 && $0.frame.maxX <= 1280 }))
            // The clicked card's strip slot: the selected slot plus its distance in cards from the centred one.
            let row = first.itemFrames
            let centre = try #require(row.firstIndex { abs($0.frame.midX - 640) <= 0.5 })
            let clickedSlot = Int(startSlot) + (row.firstIndex { $0.frame == card.frame }! - centre)
            #expect((clickedSlot < middleStart) == inFirstCopy, "clicked slot \(clickedSlot), middle copy from \(middleStart)")
            #expect(clickedSlot != Int(startSlot))
            app.xdotool("mousemove", "\(Int(card.frame.midX))", "\(Int(card.frame.midY))")
            app.xdotool("click", "1")

            let seen = app.layouts { l in
                l.frame(of: card.index).map { abs($0.midX - 640) <= 0.5 } == true
                    && abs((l.stateNumber("position") ?? 0) - Double(middleStart + card.index)) < 0.01
            }
            let selected = try #require(seen.first { $0.stateNumber("current") == Double(card.index) })
            // Selection keeps the strip position in the middle copy, whichever copy the clicked card was in.
            #expect(selected.stateNumber("slot") == Double(middleStart + card.index))
            // The clicked card slides straight from where it was clicked to the centre: the re-centring is invisible
            // and the strip never takes the long way round to another copy of the same picture.
            let path = seen.compactMap { $0.frame(of: card.index)?.midX }
            let lo = min(card.frame.midX, 640) - 0.5, hi = max(card.frame.midX, 640) + 0.5
            #expect(path.count >= 3 && path.allSatisfy { (lo...hi).contains($0) }, "card \(card.index) went through \(path)")
            let frame = try #require(seen.last?.frame(of: card.index))
            #expect(abs(frame.midX - 640) <= 0.5, "card \(card.index) at \(frame)")
            #expect(abs(frame.width - (first.parameter("selectedWidth") ?? 0)) < 0.5)
        }

        @Test("Clicking the leftmost visible card (in the first copy) selects it through the re-centring and centres it")
        func clickLeftmost() throws {
            try clickSelects(inFirstCopy: true) { $0.first }
        }

        @Test("Clicking the rightmost visible card selects it and centres it")
        func clickRightmost() throws {
            try clickSelects(inFirstCopy: false) { $0.last }
        }

        @Test("Dragging the strip with the mouse moves it with the pointer; released, it settles on the nearest card (issue 33)")
        func dragStrip() throws {
            let app = try AppWindow(["--style", "loop"])
            let first = try #require(app.layout())
            let start = try #require(first.stateNumber("position"))
            let pitch = try #require(first.parameter("cardWidth")) + (try #require(first.parameter("spacing")))
            app.xdotool("mousemove", "640", "360", "mousedown", "1", "mousemove", "600", "360", "sleep", "0.05", "mousemove", "520", "360",
                        "sleep", "0.05", "mousemove", "400", "360")
            // Held at 400: the strip has followed the pointer 240 pt.
            let held = app.wait { abs(($0.stateNumber("position") ?? 0) - (start + 240 / pitch)) < 0.01 }
            #expect(abs((held?.stateNumber("position") ?? 0) - (start + 240 / pitch)) < 0.01, "\(held?.stateNumber("position") ?? -1)")
            Thread.sleep(forTimeInterval: 0.3)
            app.xdotool("mouseup", "1")
            let settled = app.wait { $0.stateNumber("position") == start + 2 && $0.frame(of: 2).map { abs($0.midX - 640) <= 0.5 } == true }
            #expect(settled?.stateNumber("current") == 2)
            #expect(settled?.stateNumber("position") == start + 2)
        }
    }
}
