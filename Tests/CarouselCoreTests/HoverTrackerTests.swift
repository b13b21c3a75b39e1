import CarouselCore
import Testing

@MainActor
@Suite("Hover tracker")
struct HoverTrackerTests {
    /// Two adjacent items in a row; the hovered one can grow and push its neighbour right.
    final class Row {
        var frames: [Rect] = [Rect(0, 0, 100, 100), Rect(100, 0, 100, 100)]
        func itemAt(_ p: Point) -> Int? { frames.indices.last { frames[$0].contains(p) } }
        func frameOf(_ i: Int) -> Rect? { frames.indices.contains(i) ? frames[i] : nil }
        /// Item `i` grows by `dw` to the right and pushes the items after it.
        func grow(_ i: Int, by dw: Double) {
            frames[i].size.width += dw
            for j in frames.indices where j > i { frames[j].origin.x += dw }
        }
    }

    func move(_ hover: HoverTracker, _ row: Row, _ x: Double, _ y: Double = 50) -> Bool {
        hover.pointerMoved(to: Point(x, y), itemAt: row.itemAt, frameOf: row.frameOf)
    }

    @Test("The hover changes only when the pointer moves, not when the layout moves under it")
    func noChangeWithoutPointerMovement() {
        let row = Row(), hover = HoverTracker(hysteresis: 6)
        #expect(move(hover, row, 150))
        #expect(hover.hovered == 1)
        // Item 0 grows to 180 wide under the resting pointer at x = 150: nothing is re-evaluated.
        row.grow(0, by: 80)
        #expect(row.itemAt(Point(150, 50)) == 0)
        #expect(hover.hovered == 1)
        #expect(hover.pointer == Point(150, 50))
    }

    @Test("Entering an item hovers it; a move within the same item reports no change")
    func basicHover() {
        let row = Row(), hover = HoverTracker()
        #expect(hover.hovered == nil)
        #expect(move(hover, row, 50))
        #expect(hover.hovered == 0)
        #expect(!move(hover, row, 60))
        #expect(!move(hover, row, 40, 10))
        #expect(hover.hovered == 0)
    }

    @Test("Pointer jitter within the hysteresis margin at a boundary keeps the hovered item")
    func jitterKeepsItem() {
        let row = Row(), hover = HoverTracker(hysteresis: 6)
        #expect(move(hover, row, 95))
        #expect(hover.hovered == 0)
        // The hovered item grows to 120 and pushes item 1 to start at 120; the pointer follows to the new edge.
        row.grow(0, by: 20)
        for x in [118.0, 121, 124, 119, 125.5, 117, 122] {
            #expect(!move(hover, row, x), "at x=\(x)")
            #expect(hover.hovered == 0, "at x=\(x)")
        }
        // Once item 1 has the hover, jitter back across the edge keeps item 1.
        #expect(move(hover, row, 160))
        #expect(hover.hovered == 1)
        for x in [121.0, 118, 115, 119] {
            #expect(!move(hover, row, x), "at x=\(x)")
            #expect(hover.hovered == 1, "at x=\(x)")
        }
    }

    @Test("Jitter within the margin over empty space keeps the item; leaving the margin drops it")
    func marginOverGap() {
        let row = Row(), hover = HoverTracker(hysteresis: 6)
        row.frames[1].origin.x = 130  // a 30-point gap
        #expect(move(hover, row, 98))
        for x in [102.0, 105.9, 101] {
            #expect(!move(hover, row, x))
            #expect(hover.hovered == 0)
        }
        #expect(move(hover, row, 107))
        #expect(hover.hovered == nil)
    }

    @Test("Moving clearly into the other item switches the hover")
    func clearMoveSwitches() {
        let row = Row(), hover = HoverTracker(hysteresis: 6)
        #expect(move(hover, row, 95))
        row.grow(0, by: 20)
        #expect(move(hover, row, 127))
        #expect(hover.hovered == 1)
        #expect(move(hover, row, 20))
        #expect(hover.hovered == 0)
    }

    @Test("pointerLeft clears the hover and the pointer, and reports whether anything changed")
    func pointerLeft() {
        let row = Row(), hover = HoverTracker()
        _ = move(hover, row, 50)
        #expect(hover.pointerLeft())
        #expect(hover.hovered == nil && hover.pointer == nil)
        #expect(!hover.pointerLeft())
        _ = move(hover, row, 150)
        hover.reset()
        #expect(hover.hovered == nil)
        #expect(hover.pointer == Point(150, 50))
    }
}
