import CarouselCore
import CarouselStyles
import CarouselTesting
import Testing

@MainActor
@Suite("Expand style")
struct ExpandStyleTests {
    typealias Harness = StyleHarness<ExpandStyle>
    let easeInOut = CubicBezier(0.42, 0, 0.58, 1)

    func make(_ count: Int = 12, overrides: [String: ParameterValue] = [:]) throws -> (Harness, InputSimulator) {
        let h = try Harness(deck: .sample(count: count), overrides: overrides)
        return (h, InputSimulator(driver: h))
    }

    func item(_ h: Harness, _ i: Int) -> LayoutItem? { h.items.first { $0.index == i } }
    func centre(_ h: Harness, _ i: Int) -> Point { item(h, i)!.frame.center }

    @Test("Items are 150 wide with 20 spacing, images 200 tall, radius 10")
    func collapsedRow() throws {
        let (h, _) = try make()
        let a = item(h, 0)!, b = item(h, 1)!
        #expect(a.frame.width == 150 && a.frame.height == 200)
        #expect(b.frame.x - a.frame.maxX == 20)
        #expect(a.cornerRadius == 10)
        #expect(a.frame.x == 24)
    }

    @Test("Hover widens the item along the ease-in-out curve over 0.4 s")
    func widthFollowsCurve() throws {
        let (h, sim) = try make()
        sim.move(centre(h, 1).x, centre(h, 1).y)
        let start = sim.time
        for k in 1...8 {
            sim.wait(0.05)
            let x = (sim.time - start) / 0.4
            let expected = 150 + 100 * easeInOut.progress(at: min(x, 1))
            #expect(abs(item(h, 1)!.frame.width - expected) < 0.01, "at \(k * 50) ms")
        }
        #expect(h.state("expanded") == .number(1))
    }

    @Test("The poster fades out and grows from its top-leading corner while the still fades in")
    func crossFade() throws {
        let (h, sim) = try make()
        sim.move(centre(h, 2).x, centre(h, 2).y)
        sim.wait(0.2)
        let e = h.style.expansion(of: 2, at: h.scene.now)
        #expect(abs(e - easeInOut.progress(at: 0.5)) < 1e-6)
        let images = sim.renderer.draws.images
        // Item 2's poster and still are the 3rd item's two image draws: find them by their on-screen size.
        let area = item(h, 2)!.frame
        let inArea = images.filter { abs($0.rect.minX - area.minX) < 0.01 && abs($0.rect.minY - area.minY) < 0.01 }
        #expect(inArea.count == 2)
        let poster = inArea[0], still = inArea[1]
        #expect(abs(poster.opacity - (1 - e)) < 1e-6)
        #expect(abs(still.opacity - e) < 1e-6)
        #expect(abs(poster.rect.width - 150 * (1 + 0.5 * e)) < 0.01)
        #expect(abs(poster.rect.height - 200 * (1 + 0.5 * e)) < 0.01)
        #expect(abs(still.rect.width - area.width) < 0.01)
        // Details appear with the still.
        #expect(sim.renderer.draws.texts.contains("Item 2"))
    }

    @Test("A hovered item partly outside the row comes into view by the least scroll, 0.1 s after it starts expanding, and stays under the pointer")
    func delayedScrollIntoView() throws {
        let (h, sim) = try make(20)
        // Item 7 straddles the right edge of a 1280 window: 24 + 7 * 170 = 1214 .. 1364.
        let f = item(h, 7)!.frame
        #expect(f.minX < 1280 && f.maxX > 1280)
        sim.move(f.minX + 20, f.midY)
        let start = sim.time
        sim.wait(0.1)
        #expect(h.state("scrollOffset") == .number(0))
        // The least scroll that shows the expanded item whole, 8 points inside the right edge: 1214 + 250 - 1272.
        let target = 1214.0 + 250 - 1272
        sim.wait(0.2)
        let x = (sim.time - start - 0.1) / 0.4
        let expected = target * easeInOut.progress(at: x)
        #expect(abs((h.state("scrollOffset")?.numberValue ?? -1) - expected) < 0.01)
        sim.wait(0.4)
        #expect(abs((h.state("scrollOffset")?.numberValue ?? -1) - target) < 0.01)
        let shown = item(h, 7)!.frame
        #expect(abs(shown.maxX - 1272) < 0.01 && shown.width == 250)
        #expect(shown.minX <= f.minX + 20 && f.minX + 20 <= shown.maxX, "the item left the pointer: \(shown)")
    }

    @Test("Hover never scrolls the item from under the pointer, even in the row's last 8 points", arguments: [1277.0, 1279])
    func revealKeepsThePointer(x: Double) throws {
        let (h, sim) = try make(20)
        let f = item(h, 7)!.frame
        sim.move(x, f.midY)
        sim.wait(1)
        #expect(h.state("expanded") == .number(7))
        let shown = item(h, 7)!.frame
        #expect(shown.minX <= x && x <= shown.maxX, "item 7 at \(shown), pointer at \(x)")
        // Shown as far as the pointer allows: its trailing edge at the pointer.
        #expect(abs(shown.maxX - x) < 0.01)
    }

    @Test("A pointer resting near the right edge, then moving 1 px at a time, keeps one item expanded under it; the row settles")
    func restingPointerDoesNotRunAway() throws {
        let (h, sim) = try make(20)
        let f = item(h, 7)!.frame
        var x = 1260.0
        let y = f.midY
        sim.move(x, y)
        var seen: Set<Int> = [], offsets: [Double] = []
        for step in 0..<120 {
            // Rest for 0.5 s, then 1 px to the left every frame: the pointer travels 70 px in all, inside item 7.
            if step >= 30 { x -= 1; sim.move(x, y) }
            sim.wait(1.0 / 60)
            if case .number(let n) = h.state("expanded") { seen.insert(Int(n)) }
            offsets.append(h.state("scrollOffset")?.numberValue ?? -1)
        }
        #expect(seen == [7], "expanded in turn: \(seen.sorted())")
        sim.wait(1)
        let settled = h.state("scrollOffset")?.numberValue ?? -1
        // One scroll, into view, and then the row stays where it came to rest.
        #expect(abs(settled - (1214 + 250 - 1272)) < 0.01 && offsets.suffix(40).allSatisfy { abs($0 - settled) < 0.01 }, "offsets \(offsets)")
        let shown = item(h, 7)!.frame
        #expect(shown.minX <= x && x <= shown.maxX)
        #expect(!h.scene.needsFrame)
    }

    @Test("The expansion follows the pointer to the item it moves to, and never stays on one it left")
    func expansionFollowsThePointer() throws {
        let (h, sim) = try make(20)
        let y = centre(h, 0).y
        for target in [2, 3, 1, 6, 5] {
            // Walk to the target's resting centre a few points at a time, then let the row settle.
            let goal = centre(h, target).x
            let from = h.scene.size.width / 2
            for k in 1...10 { sim.move(from + (goal - from) * Double(k) / 10, y); sim.wait(1.0 / 60) }
            sim.wait(1)
            let under = try #require(h.items.first { $0.frame.contains(Point(goal, y)) && $0.frame.width == 250 })
            #expect(h.state("expanded") == .number(Double(under.index)), "pointer at \(goal) over \(under.index)")
        }
        // Out of every item: nothing stays expanded.
        sim.move(centre(h, 2).x, 60)
        sim.wait(1)
        #expect(h.state("expanded") == .null)
    }

    @Test("The row moving under a still pointer expands nothing; the next move of the pointer does")
    func rowMovingUnderAStillPointer() throws {
        let (h, sim) = try make(30)
        let c = centre(h, 2)
        sim.move(c.x, c.y)
        sim.wait(1)
        #expect(h.state("expanded") == .number(2))
        // Two wheel bursts carry other items under the pointer; the expansion stays where it was.
        sim.wheel(dy: -1); sim.wait(0.5); sim.wheel(dy: -1); sim.wait(1)
        #expect(h.state("expanded") == .number(2))
        let under = try #require(h.items.first { $0.frame.contains(c) })
        #expect(under.index != 2)
        // A move of 1 px: the item under the pointer now expands.
        sim.move(c.x + 1, c.y)
        sim.wait(1)
        #expect(h.state("expanded") == .number(Double(under.index)))
        #expect(try #require(item(h, under.index)).frame.contains(Point(c.x + 1, c.y)))
    }

    @Test("A click pins the item and scrolls it to the scroll anchor, as the article's tap does; nearest only brings it into view",
          arguments: ["center", "leading", "nearest"])
    func clickScrollsToTheAnchor(anchor: String) throws {
        let (h, sim) = try make(20, overrides: ["scrollAnchor": .text(anchor)])
        let c = centre(h, 4)
        sim.move(c.x, c.y)
        sim.wait(1)
        // Hover alone: item 4 shows whole, so the row does not move.
        #expect(h.state("scrollOffset") == .number(0))
        sim.click(c.x, c.y)
        sim.wait(1)
        #expect(h.state("pinned") == .number(4))
        let x = 24.0 + 4 * 170, expected: Double
        switch anchor {
        case "center": expected = x + 125 - 640
        case "leading": expected = x - 24
        default: expected = 0
        }
        #expect(abs((h.state("scrollOffset")?.numberValue ?? -1) - expected) < 0.01)
    }

    @Test("A fully visible item does not scroll")
    func noScrollWhenVisible() throws {
        let (h, sim) = try make()
        sim.move(centre(h, 0).x, centre(h, 0).y)
        sim.wait(1)
        #expect(h.state("scrollOffset") == .number(0))
    }

    @Test("Leaving midway collapses from where it is, with no jump")
    func collapseFromMidway() throws {
        let (h, sim) = try make()
        sim.move(centre(h, 1).x, centre(h, 1).y)
        sim.wait(0.2)
        let before = item(h, 1)!.frame.width
        sim.send(.pointerLeave)
        #expect(abs(item(h, 1)!.frame.width - before) < 0.5)
        sim.wait(0.05)
        #expect(item(h, 1)!.frame.width < before)
        sim.wait(0.5)
        #expect(item(h, 1)!.frame.width == 150)
        #expect(h.state("expanded") == .null)
    }

    @Test("A resting pointer near a boundary never makes two items take turns")
    func noOscillation() throws {
        let (h, sim) = try make()
        // Rest just inside item 1's right edge: item 1 grows rightwards, item 2 is pushed away.
        let f = item(h, 1)!.frame
        sim.move(f.maxX - 1, f.midY)
        var expandedSeen: Set<Int> = []
        for _ in 0..<90 {
            sim.wait(1.0 / 60)
            if case .number(let n) = h.state("expanded") { expandedSeen.insert(Int(n)) }
        }
        #expect(expandedSeen == [1])
        // Jitter of a pixel or two at the old boundary keeps the same item.
        for dx in [0.0, 1, -1, 2, 0] {
            sim.move(f.maxX - 1 + dx, f.midY)
            sim.wait(0.05)
        }
        #expect(h.state("expanded") == .number(1))
    }

    @Test("A fast sweep across the row never leaves two items expanded or one stuck half-open")
    func fastSweep() throws {
        let (h, sim) = try make()
        let y = centre(h, 0).y
        for x in stride(from: 30.0, to: 1200, by: 37) { sim.move(x, y); sim.wait(1.0 / 120) }
        sim.send(.pointerLeave)
        sim.wait(1)
        #expect(h.items.allSatisfy { $0.frame.width == 150 })
        #expect(!h.scene.needsFrame)
    }

    @Test("Click pins: the pointer can leave; a second click or Escape unpins")
    func pinning() throws {
        let (h, sim) = try make()
        let c = centre(h, 3)
        sim.click(c.x, c.y)
        #expect(h.state("pinned") == .number(3))
        sim.send(.pointerLeave)
        sim.wait(0.6)
        #expect(h.state("expanded") == .number(3))
        sim.key("escape")
        sim.wait(0.6)
        #expect(h.state("expanded") == .null && h.state("pinned") == .null)
        let c2 = centre(h, 2)
        sim.click(c2.x, c2.y)
        sim.wait(0.6)
        sim.click(centre(h, 2).x, centre(h, 2).y)
        #expect(h.state("pinned") == .null)
        #expect(h.state("expanded") == .number(2))  // still hovered
    }

    @Test("A pinned item shows a pin mark in its image's top-trailing corner; hovering or unpinning shows none")
    func pinMark() throws {
        let (h, sim) = try make()
        /// The "Pinned" labels drawn in the last frame, with their rectangles.
        func marks() -> [ResolvedDraw] { sim.renderer.draws.filter { if case .text("Pinned", _, _) = $0.kind { true } else { false } } }
        sim.move(centre(h, 2).x, centre(h, 2).y)
        sim.wait(0.6)
        #expect(h.state("expanded") == .number(2) && marks().isEmpty, "an item expanded by hovering is not pinned")
        sim.click(centre(h, 2).x, centre(h, 2).y)
        sim.wait(0.1)
        #expect(h.state("pinned") == .number(2))
        let mark = try #require(marks().first)
        #expect(marks().count == 1)
        // Inside the pinned item's image, at its top-trailing corner, above the details (drawn after them).
        let image = try #require(item(h, 2)).frame
        #expect(image.contains(mark.rect.center) && mark.rect.minY - image.minY < 16 && image.maxX - mark.rect.maxX < 24)
        #expect(mark.rect.center.x > image.midX)
        // A pin's head is drawn with it: a small filled circle left of the label.
        #expect(sim.renderer.draws.contains { $0.kind == .fill(Color(hex: 0xf28b82)) && $0.rect.maxX <= mark.rect.minX && image.contains($0.rect.center) })
        // The mark follows the pin: Right moves the pin (and its mark) to the next item.
        sim.key("right")
        sim.wait(0.6)
        #expect(h.state("pinned") == .number(3))
        let moved = try #require(marks().first)
        #expect(try #require(item(h, 3)).frame.contains(moved.rect.center) && marks().count == 1)
        sim.key("escape")
        sim.wait(0.6)
        #expect(h.state("pinned") == .null && marks().isEmpty)
    }

    @Test("Left/Right move the expansion; Enter pins")
    func keyboard() throws {
        let (h, sim) = try make()
        sim.key("right")
        #expect(h.state("expanded") == .number(0))
        sim.key("right"); sim.key("right")
        #expect(h.state("expanded") == .number(2))
        sim.key("left")
        #expect(h.state("expanded") == .number(1))
        sim.key("return")
        #expect(h.state("pinned") == .number(1))
    }

    @Test("Auto-advance expands the next item and scrolls it into view, wrapping at the end")
    func advance() throws {
        let (h, sim) = try make(10)
        for _ in 0..<9 { h.style.advance(); sim.wait(0.6) }
        #expect(h.state("expanded") == .number(8))
        #expect(item(h, 8)!.visible && item(h, 8)!.frame.maxX <= 1280)
        h.style.advance(); h.style.advance()
        sim.wait(0.6)
        #expect(h.state("expanded") == .number(0))
    }

    @Test("The wheel scrolls one item per burst and snaps to an item edge")
    func wheelSnaps() throws {
        let (h, sim) = try make(30)
        for _ in 0..<5 { sim.wheel(dy: -1); sim.wait(0.02) }
        sim.wait(1)
        #expect(abs((h.state("scrollOffset")?.numberValue ?? 0) - 170) < 0.5)
        try h.set("snapping", .bool(false))
        sim.wait(0.5)
        sim.wheel(dy: -1)
        sim.wait(0.5)
        #expect(abs((h.state("scrollOffset")?.numberValue ?? 0) - 340) < 0.5)
    }

    @Test("A parameter change applies live without a jump in the animation's progress")
    func liveParameters() throws {
        let (h, sim) = try make()
        sim.move(centre(h, 1).x, centre(h, 1).y)
        sim.wait(0.2)
        let e = h.style.expansion(of: 1, at: h.scene.now)
        try h.set("expandedWidth", .number(300))
        sim.frame()
        #expect(h.style.expansion(of: 1, at: h.scene.now) == e)
        sim.wait(1)
        #expect(item(h, 1)!.frame.width == 300)
    }

    @Test("Idle: nothing needs a frame once the animation ends")
    func idle() throws {
        let (h, sim) = try make()
        sim.move(centre(h, 1).x, centre(h, 1).y)
        sim.wait(1)
        #expect(!h.scene.needsFrame)
        #expect(!sim.frame())
    }

    @Test("Long decks lay out only what is visible", arguments: [1, 100_000])
    func deckSizes(count: Int) throws {
        let (h, sim) = try make(count)
        #expect(h.items.count <= 9)
        #expect(h.items.count == min(count, 8))
        sim.key("right")
        sim.wait(1)
        #expect(h.state("expanded") == .number(0))
    }
}
