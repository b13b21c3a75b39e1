import CarouselCore
import CarouselStyles
import CarouselTesting
import Testing

/// The paging style (issue 8; styles.md "paging"): full-size pages, the page curve, both wraps, the input paths,
/// the dots, captions for failed images, live parameters and idleness.
@Suite("Paging style")
@MainActor
struct PagingStyleTests {
    let size = Size(1280, 720)
    /// The article's page change: ease-in-out (0.42, 0, 0.58, 1), here over the default 0.5 s.
    let easeInOut = CubicBezier(0.42, 0, 0.58, 1)
    let duration = 0.5

    // MARK: Helpers

    func make(count: Int = 5, size: Size? = nil, _ overrides: [String: ParameterValue] = [:])
        throws -> (StyleHarness<PagingStyle>, InputSimulator) {
        let s = size ?? self.size
        let h = try StyleHarness(PagingStyle.self, deck: .sample(count: count), size: s, overrides: overrides)
        return (h, InputSimulator(driver: h, size: s))
    }

    func page(_ h: StyleHarness<PagingStyle>) -> Int { Int(h.state("page")?.numberValue ?? -1) }
    func offset(_ h: StyleHarness<PagingStyle>) -> Double { h.state("scrollOffset")?.numberValue ?? .nan }

    /// Lets the page move finish and the scene go idle.
    func settle(_ sim: InputSimulator) { sim.wait(1.5) }

    /// The page dots drawn in the last frame (white fills), left to right.
    func dots(_ sim: InputSimulator) -> [ResolvedDraw] {
        sim.renderer.draws.filter { $0.kind == .fill(.white) }.sorted { $0.rect.x < $1.rect.x }
    }

    /// Where the centre of dot `k` is, from the indicator's geometry: dots `d` wide, `2d` apart, `d` of padding in a
    /// pill `3d` tall whose bottom is `inset` above the window's bottom, centred horizontally.
    func dotCentre(_ k: Int, count: Int, d: Double = 8, inset: Double = 24) -> Point {
        let width = Double(count) * 2 * d - d + 2 * d
        let left = (size.width - width) / 2
        return Point(left + d + Double(k) * 2 * d + d / 2, size.height - inset - 3 * d / 2)
    }

    // MARK: Pages

    @Test("At rest one page fills the window and is hit-tested as its deck item")
    func fullSizePage() throws {
        let (h, _) = try make()
        #expect(h.items.count == 1)
        #expect(h.items.first?.index == 0)
        #expect(h.items.first?.frame == Rect(origin: .zero, size: size))
        #expect(StyleSupport.item(at: Point(640, 300), in: h.scene) == 0)
        #expect(page(h) == 0 && offset(h) == 0)
    }

    @Test("The content mode parameter places the image: natural size but never larger than the page by default, the article's centre, fill and fit on request")
    func contentMode() throws {
        let (h, sim) = try make()
        #expect(sim.renderer.draws.images.map(\.kind) == [.image(ImageHandle(1), .scaleDown)])
        // Never drawn larger than the page: a copy within the page's budget serves.
        #expect(h.images.requestedSizes["/test/item0.jpg"] == Size(2560, 1440))
        let (centred, centredSim) = try make(["contentMode": .text("center")])
        #expect(centredSim.renderer.draws.images.map(\.kind) == [.image(ImageHandle(1), .center)])
        #expect(centred.images.requestedSizes["/test/item0.jpg"] == nil, "centred at natural size, drawn at full resolution")
        try h.set("contentMode", .text("fill"))
        sim.frame()
        #expect(sim.renderer.draws.images.map(\.kind) == [.image(ImageHandle(1), .fill)])
        try h.set("contentMode", .text("fit"))
        sim.frame()
        #expect(sim.renderer.draws.images.first?.kind == .image(ImageHandle(1), .fit))
        #expect(sim.renderer.draws.images.first?.rect == Rect(origin: .zero, size: size))
        // Fill and fit may use a copy scaled to the page (2x for high DPI); centre asks for the natural size.
        #expect(h.images.requestedSizes["/test/item0.jpg"] == Size(2560, 1440))
    }

    @Test("advance() scrolls to the next page along the page curve and lands exactly on it")
    func advanceFollowsCurve() throws {
        let (h, sim) = try make()
        h.style.advance()
        #expect(page(h) == 1)
        sim.wait(0.11)
        #expect(abs(offset(h) - 1280 * easeInOut.progress(at: 0.11 / duration)) < 0.01)
        // From 0.24 s, 60 Hz frames miss the move's end (0.26 s is not a whole number of frames).
        sim.wait(0.13)
        #expect(abs(offset(h) - 1280 * easeInOut.progress(at: 0.24 / duration)) < 0.01)
        // Two pages share the window mid-move, each a full window wide, side by side.
        #expect(h.items.map(\.index) == [0, 1])
        #expect(abs(h.items[1].frame.x - h.items[0].frame.maxX) < 1e-9)
        settle(sim)
        #expect(offset(h) == 1280)
        #expect(h.items.map(\.index) == [1])
        // The last frame drawn shows the page exactly in place, not a frame short of it.
        #expect(sim.renderer.draws.images.first?.rect == Rect(origin: .zero, size: size))
    }

    @Test("Pages come in order and, with wrap = rewind, the last page scrolls back across all pages to the first")
    func rewind() throws {
        let (h, sim) = try make(count: 3)
        var seen: [Int] = []
        for _ in 0..<3 {
            h.style.advance()
            settle(sim)
            seen.append(page(h))
        }
        #expect(seen == [1, 2, 0])
        // Replay the wrap and watch it: one animated scroll from 2 * 1280 to 0 through page 1.
        h.style.advance(); settle(sim)
        h.style.advance(); settle(sim)
        #expect(page(h) == 2)
        h.style.advance()
        #expect(page(h) == 0)
        var shown: Set<Int> = []
        var offsets: [Double] = []
        for _ in 0..<30 {
            sim.wait(1.0 / 60)
            offsets.append(offset(h))
            shown.formUnion(h.items.map(\.index))
        }
        #expect(shown.contains(1))
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0.1 <= $0.0 })
        #expect(abs(offsets[14] - 2560 * (1 - easeInOut.progress(at: 0.25 / duration))) < 0.01)
        settle(sim)
        #expect(offset(h) == 0 && page(h) == 0)
    }

    @Test("With wrap = seamless the last page continues to a copy of the first, then jumps to page 0 invisibly")
    func seamless() throws {
        let (h, sim) = try make(count: 3, ["wrap": .text("seamless")])
        h.style.advance(); settle(sim)
        h.style.advance(); settle(sim)
        #expect(page(h) == 2 && offset(h) == 2560)
        h.style.advance()
        #expect(page(h) == 0)
        sim.wait(duration / 2)
        // Forward, past the last page, towards the copy at 3 * 1280.
        #expect(abs(offset(h) - (2560 + 1280 * easeInOut.progress(at: 0.5))) < 0.01)
        #expect(h.items.map(\.index) == [2, 0])
        sim.wait(duration / 2 - 1e-6)
        let before = sim.renderer.draws
        #expect(offset(h) > 3839.99)
        sim.wait(2e-6)
        let after = sim.renderer.draws
        #expect(offset(h) == 0)
        #expect(h.items.map(\.index) == [0])
        #expect(h.items.first?.frame == Rect(origin: .zero, size: size))
        #expect(!after.images.isEmpty)
        #expect(before.looksSame(as: after), "the jump from the copy to page 0 must not change the frame")
        // And on: page 1 follows page 0 as usual.
        h.style.advance(); settle(sim)
        #expect(page(h) == 1 && offset(h) == 1280)
    }

    @Test("An advance while a seamless wrap is still moving goes on to page 1 without jumping back")
    func seamlessAdvanceMidWrap() throws {
        let (h, sim) = try make(count: 3, ["wrap": .text("seamless"), "pageCurve": .text("linear")])
        h.style.advance(); settle(sim)
        h.style.advance(); settle(sim)
        h.style.advance()
        sim.wait(duration * 0.6)
        let mid = offset(h)
        #expect(abs(mid - (2560 + 1280 * 0.6)) < 0.01)
        let before = sim.renderer.draws
        h.style.advance()
        sim.frame()
        #expect(page(h) == 1)
        // Re-based to the same picture: 0.6 of the way from the last page's copy to page 0.
        #expect(abs(offset(h) - (mid - 3 * 1280)) < 0.01)
        sim.send()
        #expect(sim.renderer.draws.looksSame(as: before))
        settle(sim)
        #expect(page(h) == 1 && offset(h) == 1280)
    }

    @Test("No advance with fewer than 2 items, and nothing breaks with none", arguments: [0, 1])
    func tooFewItems(count: Int) throws {
        let (h, sim) = try make(count: count)
        h.style.advance()
        sim.key("right")
        sim.wheel(dy: -1)
        sim.drag(from: Point(900, 300), to: Point(300, 300))
        settle(sim)
        #expect(page(h) == 0 && offset(h) == 0)
        #expect(h.items.count == count)
        #expect(!h.scene.needsFrame && h.scene.nextWakeTime == nil)
        #expect(dots(sim).isEmpty)
    }

    // MARK: Input

    @Test("Right and Left page; rewind stops at the ends, seamless wraps; Home and End jump")
    func keys() throws {
        let (h, sim) = try make(count: 4)
        sim.key("right"); settle(sim)
        #expect(page(h) == 1 && offset(h) == 1280)
        sim.key("left"); settle(sim)
        sim.key("left"); settle(sim)
        #expect(page(h) == 0 && offset(h) == 0)
        sim.key("end"); settle(sim)
        #expect(page(h) == 3)
        sim.key("right"); settle(sim)
        #expect(page(h) == 3 && offset(h) == 3840)
        sim.key("home"); settle(sim)
        #expect(page(h) == 0)

        let (s, ssim) = try make(count: 4, ["wrap": .text("seamless")])
        ssim.key("left")
        #expect(page(s) == 3)
        ssim.wait(duration / 2)
        #expect(offset(s) < 0 && offset(s) > -1280)
        settle(ssim)
        #expect(page(s) == 3 && offset(s) == 3840)
        ssim.key("right"); settle(ssim)
        #expect(page(s) == 0 && offset(s) == 0)
    }

    @Test("One wheel burst moves one page, whatever its length; the next burst the next page")
    func wheelBursts() throws {
        let (h, sim) = try make()
        for _ in 0..<8 { sim.wheel(dy: -1); sim.wait(0.02) }
        settle(sim)
        #expect(page(h) == 1 && offset(h) == 1280)
        for _ in 0..<8 { sim.wheel(dx: 12, dy: 0, precise: true); sim.wait(0.02) }
        settle(sim)
        #expect(page(h) == 2)
        sim.wheel(dy: 1)
        settle(sim)
        #expect(page(h) == 1 && offset(h) == 1280)
        // Ctrl+wheel is magnification, not paging.
        sim.wheel(dy: -1, modifiers: .ctrl)
        settle(sim)
        #expect(page(h) == 1)
    }

    @Test("A drag follows the pointer and reports interacting; a fling moves on a page, a slow short drag stays")
    func drag() throws {
        let (h, sim) = try make()
        sim.send(.pointerMove(Point(900, 300)), .pointerDown(Point(900, 300), .left))
        sim.wait(0.05)
        sim.send(.pointerMove(Point(800, 300)))
        #expect(h.style.isInteracting)
        #expect(offset(h) == 100)
        sim.wait(0.05)
        sim.send(.pointerMove(Point(700, 300)))
        #expect(offset(h) == 200)
        sim.send(.pointerUp(Point(700, 300), .left))
        #expect(!h.style.isInteracting)
        // 200 points in 0.1 s: a fling of 2000 points per second to the left, onto page 1.
        #expect(page(h) == 1)
        settle(sim)
        #expect(offset(h) == 1280)

        // A slow drag of 100 points comes back.
        sim.send(.pointerMove(Point(500, 300)), .pointerDown(Point(500, 300), .left))
        for k in 1...10 { sim.wait(0.2); sim.send(.pointerMove(Point(500 + Double(k) * 10, 300))) }
        sim.wait(0.2)
        sim.send(.pointerUp(Point(600, 300), .left))
        settle(sim)
        #expect(page(h) == 1 && offset(h) == 1280)

        // A long drag to the right moves back to page 0 even without a fling, and page 0 is the end.
        sim.drag(from: Point(100, 300), to: Point(1200, 300), duration: 2, steps: 40)
        settle(sim)
        #expect(page(h) == 0 && offset(h) == 0)
        sim.drag(from: Point(100, 300), to: Point(700, 300), duration: 0.1)
        settle(sim)
        #expect(page(h) == 0 && offset(h) == 0)
    }

    @Test("With wrap = seamless a drag past either end reaches the other end through a copy")
    func seamlessDrag() throws {
        let (h, sim) = try make(count: 4, ["wrap": .text("seamless")])
        sim.drag(from: Point(300, 300), to: Point(700, 300), duration: 0.1)
        #expect(page(h) == 3)
        #expect(h.items.map(\.index) == [3, 0])
        settle(sim)
        #expect(page(h) == 3 && offset(h) == 3 * 1280)
        sim.drag(from: Point(700, 300), to: Point(300, 300), duration: 0.1)
        settle(sim)
        #expect(page(h) == 0 && offset(h) == 0)
        #expect(h.items.map(\.index) == [0])
    }

    // MARK: Dots

    @Test("The dots: one per page, the current page's highlighted; a click on a dot goes to its page")
    func dotsReflectPage() throws {
        let (h, sim) = try make(count: 5)
        var d = dots(sim)
        #expect(d.count == 5)
        #expect(d.map(\.opacity) == [1, 0.4, 0.4, 0.4, 0.4])
        #expect(abs(d[2].rect.midX - dotCentre(2, count: 5).x) < 1e-9 && abs(d[2].rect.midY - dotCentre(2, count: 5).y) < 1e-9)
        h.style.advance(); settle(sim)
        d = dots(sim)
        #expect(d.map(\.opacity) == [0.4, 1, 0.4, 0.4, 0.4])
        let c = dotCentre(3, count: 5)
        sim.click(c.x, c.y)
        #expect(page(h) == 3)
        settle(sim)
        #expect(offset(h) == 3 * 1280)
        #expect(dots(sim).map(\.opacity) == [0.4, 0.4, 0.4, 1, 0.4])
        // Clicking a page outside the dots does not page.
        sim.click(200, 200)
        settle(sim)
        #expect(page(h) == 3)
        // Each dot's click target is its share of the pill: just right of dot 1's edge (in the gap) is dot 1, and a
        // click up to 4 points below the pill still counts; 6 points below does not.
        let one = dotCentre(1, count: 5)
        sim.click(one.x + 7, one.y); settle(sim)
        #expect(page(h) == 1)
        let four = dotCentre(4, count: 5), pillBottom = four.y + 12
        sim.click(four.x, pillBottom + 3); settle(sim)
        #expect(page(h) == 4)
        sim.click(dotCentre(0, count: 5).x, pillBottom + 6); settle(sim)
        #expect(page(h) == 4)
    }

    @Test("The dots can be turned off; a deck too long for dots shows page / count instead")
    func dotsOffAndLabel() throws {
        let (h, sim) = try make(count: 5, ["dots": .bool(false)])
        #expect(dots(sim).isEmpty)
        try h.set("dots", .bool(true))
        sim.frame()
        #expect(dots(sim).count == 5)

        let (big, bsim) = try make(count: 500)
        #expect(dots(bsim).isEmpty)
        #expect(bsim.renderer.draws.texts == ["1 / 500"])
        big.style.advance(); settle(bsim)
        #expect(bsim.renderer.draws.texts == ["2 / 500"])
        // Clicking the right half of the label goes on a page, the left half back.
        let bottom = size.height - 24 - 12
        bsim.click(660, bottom); settle(bsim)
        #expect(page(big) == 2)
        bsim.click(620, bottom); settle(bsim)
        #expect(page(big) == 1)
    }

    // MARK: Images

    @Test("A failed image shows its error message under the error placeholder")
    func failedCaption() throws {
        let (h, sim) = try make(count: 3)
        #expect(sim.renderer.draws.texts.isEmpty)
        h.images.failing["/test/item0.jpg"] = "http://127.0.0.1/item0.jpg: HTTP 404 Not Found"
        h.style.imagesChanged()
        sim.frame()
        #expect(sim.renderer.draws.texts.contains("http://127.0.0.1/item0.jpg: HTTP 404 Not Found"))
        let caption = sim.renderer.draws.first { $0.kind == .text("http://127.0.0.1/item0.jpg: HTTP 404 Not Found", FontSpec(size: 13), Color(1, 0.85, 0.8)) }
        #expect(caption.map { $0.rect.minY > size.height / 2 && abs($0.rect.midX - size.width / 2) < 1 } == true)
        // A long message is shortened to the page's width in its middle: a URL of 100 KB keeps its start, its end and
        // the reason after it (issue 40).
        let url = "http://127.0.0.1:1/" + String(repeating: "x", count: 100_000) + "/photo.jpg"
        h.images.failing["/test/item0.jpg"] = url + ": cannot connect (connection refused)"
        h.style.imagesChanged()
        sim.frame()
        let text = sim.renderer.draws.texts.first { $0.hasPrefix("http://") }
        #expect(text?.hasSuffix("/photo.jpg: cannot connect (connection refused)") == true, "\(text ?? "none")")
        #expect(text?.contains("…") == true)
        #expect((text?.count ?? 999) <= Int((size.width - 32) / (13 * 0.45)), "\(text?.count ?? 0) characters")
        // Loaded again: the caption goes.
        h.images.failing = [:]
        h.style.imagesChanged()
        sim.frame()
        #expect(!sim.renderer.draws.texts.contains { $0.hasPrefix("http://") })
    }

    // MARK: Live parameters, resize, large decks, idleness

    @Test("Page spacing and wrap apply live: a running move still lands on its page")
    func liveParameters() throws {
        let (h, sim) = try make()
        h.style.advance()
        sim.wait(0.2)
        try h.set("pageSpacing", .number(40))
        settle(sim)
        #expect(page(h) == 1 && offset(h) == 1320)
        try h.set("wrap", .text("seamless"))
        sim.frame()
        #expect(page(h) == 1 && offset(h) == 1320)
        #expect(h.items.first?.frame == Rect(origin: .zero, size: size))
        try h.set("wrap", .text("rewind"))
        h.style.advance(); settle(sim)
        #expect(page(h) == 2 && offset(h) == 2640)
    }

    @Test("A resize keeps the page and makes the page the new window size")
    func resize() throws {
        let (h, sim) = try make()
        h.style.advance(); h.style.advance(); settle(sim)
        sim.send(.resize(Size(800, 600)))
        #expect(page(h) == 2 && offset(h) == 1600)
        #expect(h.items.first?.frame == Rect(0, 0, 800, 600))
    }

    @Test("A deck of thousands keeps at most two pages in the tree, even rewinding across all of them")
    func largeDeck() throws {
        let (h, sim) = try make(count: 3000)
        sim.key("end"); settle(sim)
        #expect(page(h) == 2999)
        h.style.advance()
        var most = 0
        for _ in 0..<40 {
            sim.wait(1.0 / 60)
            most = max(most, h.container.children.first?.children.count ?? 0)
        }
        settle(sim)
        #expect(most <= 2 && most >= 1)
        #expect(page(h) == 0 && offset(h) == 0)
    }

    @Test("After a page settles nothing moves: no frames, no wake-ups")
    func idleAfterSettling() throws {
        for wrap in ["rewind", "seamless"] {
            let (h, sim) = try make(count: 3, ["wrap": .text(wrap)])
            for _ in 0..<3 {
                h.style.advance()
                sim.wait(1)
                #expect(!h.scene.needsFrame)
                #expect(h.scene.nextWakeTime == nil)
                #expect(!sim.frame())
            }
            sim.drag(from: Point(900, 300), to: Point(600, 300))
            sim.wait(2)
            #expect(!sim.frame() && h.scene.nextWakeTime == nil)
        }
    }
}
