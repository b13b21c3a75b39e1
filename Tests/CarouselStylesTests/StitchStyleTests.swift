import CarouselCore
import CarouselStyles
import CarouselTesting
import Testing

@MainActor
@Suite("Stitch style")
struct StitchStyleTests {
    typealias Harness = StyleHarness<StitchStyle>
    // styles.md, "All styles": CSS / SwiftUI control points.
    let easeIn = CubicBezier(0.42, 0, 1, 1)
    let easeOut = CubicBezier(0, 0, 0.58, 1)
    /// Deck.sample's image shapes, repeating.
    let shapes = [Size(400, 600), Size(600, 400), Size(500, 500), Size(800, 300), Size(300, 450)]

    func make(_ count: Int = 12, size: Size = Size(1280, 720), overrides: [String: ParameterValue] = [:]) throws -> (Harness, InputSimulator) {
        let h = try Harness(deck: .sample(count: count), size: size, overrides: overrides)
        return (h, InputSimulator(driver: h, size: size))
    }

    // MARK: Expected geometry, computed from styles.md

    /// Image `i`'s width fitted to a row of `height`.
    func width(_ i: Int, height: Double = 300) -> Double { height * shapes[i % 5].width / shapes[i % 5].height }
    /// Image `i`'s leading edge in strip coordinates (0 = the first image's leading edge).
    func leading(_ i: Int, spacing: Double = 8, height: Double = 300) -> Double {
        (0..<i).reduce(0) { $0 + width($1, height: height) } + Double(i) * spacing
    }
    func stripWidth(_ count: Int, spacing: Double, height: Double = 300) -> Double {
        leading(count - 1, spacing: spacing, height: height) + width(count - 1, height: height)
    }

    // MARK: Reading the style

    func item(_ h: Harness, _ i: Int) -> LayoutItem? { h.items.first { $0.index == i } }
    func gap(_ h: Harness, after i: Int) -> Double { item(h, i + 1)!.frame.minX - item(h, i)!.frame.maxX }
    func number(_ h: Harness, _ key: String) -> Double { h.state(key)?.numberValue ?? .nan }
    func seamless(_ h: Harness) -> Bool { h.state("seamless")?.boolValue ?? false }
    func clips(_ sim: InputSimulator) -> [(Rect, Double)] {
        sim.renderer.commands.compactMap { if case .clip(let r, let radius) = $0 { return (r, radius) } else { return nil } }
    }
    /// Scrolls with the Right key until image `i` rests on the leading padding.
    func scroll(_ sim: InputSimulator, toImage i: Int) {
        for _ in 0..<i { sim.key("right") }
        sim.wait(2)
    }

    // MARK: Layout

    @Test("Images are fitted to a 300-high row with padding 16, spacing 8 and corners 8, centred vertically")
    func normalRow() throws {
        let (h, _) = try make()
        for i in 0..<4 {
            let f = item(h, i)!.frame
            #expect(abs(f.width - width(i)) < 1e-9 && f.height == 300 && f.minY == 210)
            #expect(abs(f.minX - (16 + leading(i))) < 1e-9)
            #expect(item(h, i)!.cornerRadius == 8)
        }
        #expect(abs(gap(h, after: 0) - 8) < 1e-9)
        // A low window shrinks the row to the window height minus the padding.
        let (low, _) = try make(size: Size(1280, 200))
        #expect(item(low, 1)!.frame.height == 168 && item(low, 1)!.frame.minY == 16)
        #expect(abs(item(low, 1)!.frame.width - width(1, height: 168)) < 1e-9)
    }

    @Test("The whole row is clipped to one rounded rectangle of radius 8 in both states")
    func outerCorners() throws {
        let (h, sim) = try make()
        let normalStrip = Rect(16, 210, stripWidth(12, spacing: 8), 300)
        #expect(clips(sim).count == 1 && clips(sim)[0].1 == 8)
        #expect(sim.renderer.draws.images.allSatisfy { $0.clip.map { near($0, normalStrip) } == true && $0.cornerRadius == 8 })
        sim.pinch(to: 0.8)
        sim.wait(0.3)
        #expect(seamless(h))
        let seamlessStrip = Rect(16, 210, stripWidth(12, spacing: 0), 300)
        #expect(clips(sim).count == 1 && clips(sim)[0].1 == 8)
        #expect(sim.renderer.draws.images.allSatisfy { $0.clip.map { near($0, seamlessStrip) } == true && $0.cornerRadius == 0 })
        // The outer radius is a live parameter.
        try h.set("outerRadius", .number(20))
        sim.frame()
        #expect(clips(sim)[0].1 == 20)
    }

    func near(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-6) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.width - b.width) <= tolerance
            && abs(a.height - b.height) <= tolerance
    }

    // MARK: Thresholds and gestures

    @Test("Thresholds: 0.96 does nothing, 0.94 stitches, 1.04 does nothing, 1.06 unstitches")
    func thresholds() throws {
        let (h, sim) = try make()
        sim.pinch(to: 0.96); sim.wait(0.3)
        #expect(!seamless(h) && abs(gap(h, after: 0) - 8) < 1e-9)
        sim.pinch(to: 0.94); sim.wait(0.3)
        #expect(seamless(h) && gap(h, after: 0) == 0 && item(h, 0)!.cornerRadius == 0)
        sim.pinch(to: 1.04); sim.wait(0.3)
        #expect(seamless(h))
        sim.pinch(to: 1.06); sim.wait(0.3)
        #expect(!seamless(h) && abs(gap(h, after: 0) - 8) < 1e-9 && item(h, 0)!.cornerRadius == 8)
        // The thresholds are live parameters.
        try h.set("pinchInThreshold", .number(0.8))
        sim.pinch(to: 0.85); sim.wait(0.3)
        #expect(!seamless(h))
    }

    @Test("One gesture changes the state at most once, at the change event that crosses the threshold")
    func oneChangePerGesture() throws {
        let (h, sim) = try make(overrides: ["sound": .bool(true)])
        var haptics: [Bool] = []
        h.style.onHaptic = { haptics.append($0) }
        sim.send(.magnify(.begin, scale: 1, at: nil))
        #expect(h.style.isInteracting)
        sim.send(.magnify(.change, scale: 0.97, at: nil))
        #expect(!seamless(h))
        sim.send(.magnify(.change, scale: 0.93, at: nil))
        #expect(seamless(h))
        for s in [1.2, 0.8, 1.3] { sim.send(.magnify(.change, scale: s, at: nil)) }
        sim.send(.magnify(.end, scale: 1.3, at: nil))
        #expect(seamless(h) && haptics == [true])
        #expect(!h.style.isInteracting)
    }

    @Test("Ctrl+wheel ticks within the quiet time make one gesture; it ends after the quiet time")
    func wheelTicksAccumulate() throws {
        let (h, sim) = try make(overrides: ["sound": .bool(true)])
        var haptics: [Bool] = []
        h.style.onHaptic = { haptics.append($0) }
        sim.move(640, 360)
        // Rolling towards the user (dy = -1) pinches in: 1 / 1.1 < 0.95.
        sim.wheel(dy: -1, modifiers: .ctrl)
        #expect(seamless(h) && h.style.isInteracting)
        // Three ticks the other way reach 1.1^2 = 1.21 > 1.05, but in the same gesture: no second change.
        for _ in 0..<3 { sim.wait(0.1); sim.wheel(dy: 1, modifiers: .ctrl) }
        #expect(seamless(h) && haptics == [true])
        // The gesture ends exactly the quiet time after the last tick.
        sim.wait(0.24)
        #expect(h.style.isInteracting)
        sim.wait(0.02)
        #expect(!h.style.isInteracting)
        // The next tick starts a new gesture: 1.1 > 1.05 separates.
        sim.wheel(dy: 1, modifiers: .ctrl)
        #expect(!seamless(h) && haptics == [true, false])
        // The wheel doesn't scroll while Ctrl is held.
        sim.wait(1)
        #expect(number(h, "scrollOffset") == 0)
    }

    @Test("A row resting at its start or its end keeps that edge on the padding through a round trip")
    func edgesStayPinned() throws {
        let (h, sim) = try make()
        sim.move(640, 360)
        sim.pinch(to: 0.9); sim.wait(0.3)
        #expect(number(h, "scrollOffset") == 0 && item(h, 0)!.frame.minX == 16)
        sim.pinch(to: 1.1); sim.wait(0.3)
        #expect(number(h, "scrollOffset") == 0 && abs(item(h, 1)!.frame.minX - (16 + leading(1))) < 1e-9)

        // At the end: the last image's trailing edge stays 16 from the window's edge in both states.
        let maxOffset = stripWidth(12, spacing: 8) + 32 - 1280
        for _ in 0..<12 { sim.key("right") }
        sim.wait(2)
        #expect(abs(number(h, "scrollOffset") - maxOffset) < 1e-9)
        sim.pinch(to: 0.9)
        for _ in 0..<4 {
            sim.wait(0.05)
            #expect(abs(item(h, 11)!.frame.maxX - (1280 - 16)) < 1e-9)
        }
        #expect(abs(number(h, "scrollOffset") - (stripWidth(12, spacing: 0) + 32 - 1280)) < 1e-9)
        sim.pinch(to: 1.1)
        for _ in 0..<4 {
            sim.wait(0.05)
            #expect(abs(item(h, 11)!.frame.maxX - (1280 - 16)) < 1e-9)
        }
        #expect(abs(number(h, "scrollOffset") - maxOffset) < 1e-9)
    }

    @Test("The factor per tick and the quiet time are tunable")
    func wheelTuning() throws {
        let (h, sim) = try make(overrides: ["wheelFactorPerTick": .number(1.02), "gestureQuietTime": .number(0.5)])
        // 1.02^-k < 0.95 first at k = 3 (0.9423); 0.9612 at k = 2.
        #expect(1 / (1.02 * 1.02) > 0.95 && 1 / (1.02 * 1.02 * 1.02) < 0.95)
        sim.wheel(dy: -1, modifiers: .ctrl); sim.wait(0.3)
        sim.wheel(dy: -1, modifiers: .ctrl); sim.wait(0.3)
        #expect(!seamless(h))
        sim.wheel(dy: -1, modifiers: .ctrl)
        #expect(seamless(h))
        sim.wait(0.45)
        #expect(h.style.isInteracting)
        sim.wait(0.1)
        #expect(!h.style.isInteracting)
    }

    @Test("A real magnify gesture, Ctrl+minus and Ctrl+plus switch the state")
    func magnifySources() throws {
        let (h, sim) = try make()
        sim.pinch(to: 0.7)
        #expect(seamless(h))
        sim.pinch(to: 1.5)
        #expect(!seamless(h))
        // Ctrl+minus is one whole pinch-in gesture (1 / 1.1^2), Ctrl+plus one pinch-out (1.1^2).
        sim.key("minus", .ctrl)
        #expect(seamless(h))
        sim.key("plus", .ctrl)
        #expect(!seamless(h))
    }

    // MARK: Curves and durations

    @Test("Stitching runs ease-in over 0.2 s: spacing and radius follow the curve")
    func stitchCurve() throws {
        let (h, sim) = try make()
        sim.pinch(to: 0.9)
        let start = sim.time
        for _ in 0..<5 {
            sim.wait(0.04)
            let p = easeIn.progress(at: min((sim.time - start) / 0.2, 1))
            #expect(abs(gap(h, after: 2) - 8 * (1 - p)) < 1e-6, "at \(sim.time - start)")
            #expect(abs(item(h, 2)!.cornerRadius - 8 * (1 - p)) < 1e-6)
        }
        #expect(gap(h, after: 2) == 0)
    }

    @Test("Separating runs ease-out over 0.2 s")
    func unstitchCurve() throws {
        let (h, sim) = try make()
        sim.pinch(to: 0.9); sim.wait(0.3)
        sim.pinch(to: 1.1)
        let start = sim.time
        for _ in 0..<5 {
            sim.wait(0.04)
            let p = easeOut.progress(at: min((sim.time - start) / 0.2, 1))
            #expect(abs(gap(h, after: 2) - 8 * p) < 1e-6, "at \(sim.time - start)")
            #expect(abs(item(h, 2)!.cornerRadius - 8 * p) < 1e-6)
        }
    }

    @Test("Each direction's curve and duration are parameters")
    func tunedCurves() throws {
        let (h, sim) = try make(overrides: ["stitchCurve": .text("linear"), "stitchDuration": .number(0.5),
                                            "unstitchCurve": .text("cubic-bezier(0.2,0.7,0.4,1)"), "unstitchDuration": .number(0.4)])
        sim.pinch(to: 0.9)
        var start = sim.time
        for _ in 0..<5 {
            sim.wait(0.1)
            #expect(abs(gap(h, after: 0) - 8 * (1 - (sim.time - start) / 0.5)) < 1e-6)
        }
        sim.pinch(to: 1.1)
        start = sim.time
        let curve = CubicBezier(0.2, 0.7, 0.4, 1)
        for _ in 0..<4 {
            sim.wait(0.1)
            #expect(abs(gap(h, after: 0) - 8 * curve.progress(at: (sim.time - start) / 0.4)) < 1e-6)
        }
    }

    @Test("Pinching back mid-way continues from the spacing on screen, without a jump")
    func retarget() throws {
        let (h, sim) = try make()
        sim.pinch(to: 0.9)
        sim.wait(0.1)
        let p1 = easeIn.progress(at: 0.5)
        #expect(abs(gap(h, after: 1) - 8 * (1 - p1)) < 1e-6)
        sim.pinch(to: 1.1)
        #expect(!seamless(h))
        #expect(abs(gap(h, after: 1) - 8 * (1 - p1)) < 1e-6)
        let start = sim.time
        for _ in 0..<4 {
            sim.wait(0.05)
            let p = p1 * (1 - easeOut.progress(at: (sim.time - start) / 0.2))
            #expect(abs(gap(h, after: 1) - 8 * (1 - p)) < 1e-6)
        }
    }

    // MARK: The anchor rule

    @Test("The image under the pointer stays under the pointer while the gaps close and open")
    func anchorUnderPointer() throws {
        let (h, sim) = try make()
        scroll(sim, toImage: 3)
        #expect(abs(number(h, "scrollOffset") - leading(3)) < 1e-9)
        // Image 4 spans 16 + 800 + 8 = 824 ... 1024.
        let before = item(h, 4)!.frame
        #expect(abs(before.minX - 824) < 1e-9)
        sim.move(900, 360)
        sim.wheel(dy: -1, modifiers: .ctrl)
        for _ in 0..<6 {
            sim.wait(0.04)
            #expect(abs(item(h, 4)!.frame.minX - before.minX) < 1e-9)
            #expect(abs(item(h, 4)!.frame.width - before.width) < 1e-9)
        }
        // Four gaps of 8 closed before image 4: the offset moved back by 32.
        #expect(gap(h, after: 4) == 0 && gap(h, after: 3) == 0)
        #expect(abs(number(h, "scrollOffset") - (leading(3) - 32)) < 1e-9)
        // And back out, in a new gesture.
        sim.wait(0.3)
        sim.wheel(dy: 1, modifiers: .ctrl)
        for _ in 0..<6 {
            sim.wait(0.04)
            #expect(abs(item(h, 4)!.frame.minX - before.minX) < 1e-9)
        }
        #expect(abs(number(h, "scrollOffset") - leading(3)) < 1e-9)
        // Nothing needs a frame once it settled.
        sim.wait(0.3)
        #expect(!h.scene.needsFrame)
    }

    @Test("A pointer in a gap keeps its place in the gap: the two images close in on it")
    func anchorInGap() throws {
        let (h, sim) = try make()
        scroll(sim, toImage: 3)
        // The gap after image 4: 1024 ... 1032; the pointer a quarter in.
        sim.move(1026, 300)
        sim.pinch(to: 0.9)
        let start = sim.time
        for _ in 0..<5 {
            sim.wait(0.04)
            let g = 8 * (1 - easeIn.progress(at: min((sim.time - start) / 0.2, 1)))
            #expect(abs(item(h, 4)!.frame.maxX + 0.25 * g - 1026) < 1e-9)
            #expect(abs(item(h, 5)!.frame.minX - 0.75 * g - 1026) < 1e-9)
        }
    }

    @Test("With the pointer off the row, the content at the row's centre stays")
    func anchorAtCentre() throws {
        let (h, sim) = try make()
        scroll(sim, toImage: 1)
        // Image 1 at 16 ... 466; image 2 at 474 ... 774 holds the centre x = 640.
        #expect(abs(item(h, 2)!.frame.minX - 474) < 1e-9)
        sim.move(640, 40)
        sim.pinch(to: 0.9)
        let start = sim.time
        for _ in 0..<5 {
            sim.wait(0.04)
            let p = easeIn.progress(at: min((sim.time - start) / 0.2, 1))
            #expect(abs(item(h, 2)!.frame.minX - 474) < 1e-9)
            // The image before it closes the gap by moving right.
            #expect(abs(item(h, 1)!.frame.minX - (16 + 8 * p)) < 1e-9)
        }
    }

    @Test("A magnify gesture's own location is the anchor")
    func anchorAtGestureLocation() throws {
        let (h, sim) = try make()
        scroll(sim, toImage: 3)
        let at = Point(1100, 360)  // image 5: 1032 ... 1232
        let before = item(h, 5)!.frame.minX
        sim.send(.magnify(.begin, scale: 1, at: at), .magnify(.change, scale: 0.9, at: at), .magnify(.end, scale: 0.9, at: at))
        sim.wait(0.1)
        #expect(abs(item(h, 5)!.frame.minX - before) < 1e-9)
        sim.wait(0.2)
        #expect(abs(number(h, "scrollOffset") - (leading(3) - 5 * 8)) < 1e-9)
    }

    // MARK: Cue and sound

    @Test("A state change pulses a white ring around the row for the cue duration; the cue can be off")
    func visibleCue() throws {
        let (h, sim) = try make()
        func ring() -> ResolvedDraw? {
            sim.renderer.draws.first { if case .fill(let c) = $0.kind { return c.r == 1 && c.g == 1 && c.b == 1 } else { return false } }
        }
        #expect(ring() == nil)
        sim.pinch(to: 0.9)
        let r = try #require(ring())
        #expect(r.opacity == 1)
        #expect(near(r.rect, Rect(16, 210, stripWidth(12, spacing: 8), 300).outset(3)))
        // Over it, the strip paints the window's background, so the ring shows only as an outline, not in the gaps.
        let ringAt = sim.renderer.draws.firstIndex { $0 == r }!
        #expect(sim.renderer.draws[(ringAt + 1)...].contains {
            $0.kind == .fill(h.scene.clearColor) && near($0.rect, Rect(16, 210, stripWidth(12, spacing: 8), 300))
        })
        sim.wait(0.075)
        let fading = try #require(ring())
        #expect(abs(fading.opacity - (1 - easeOut.progress(at: 0.5))) < 1e-6)
        sim.wait(0.1)
        #expect(ring() == nil)
        try h.set("cue", .bool(false))
        sim.pinch(to: 1.1)
        #expect(ring() == nil && !seamless(h))
    }

    @Test("The click hook is called on each state change only when sound is on")
    func soundHook() throws {
        let (h, sim) = try make()
        var clicks: [Bool] = []
        h.style.onHaptic = { clicks.append($0) }
        sim.pinch(to: 0.9)
        #expect(clicks.isEmpty)
        try h.set("sound", .bool(true))
        sim.pinch(to: 1.1)
        sim.pinch(to: 0.9)
        #expect(clicks == [false, true])
    }

    // MARK: Scrolling

    @Test("The wheel scrolls one image per burst so an image edge meets the leading padding; snapping can be off")
    func wheelScrolling() throws {
        let (h, sim) = try make()
        sim.wheel(dy: -1)
        sim.wait(2)
        #expect(abs(number(h, "scrollOffset") - leading(1)) < 1e-9)
        #expect(abs(item(h, 1)!.frame.minX - 16) < 1e-9)
        #expect(number(h, "current") == 1)
        sim.wheel(dx: 1, dy: 0)
        sim.wait(2)
        #expect(abs(item(h, 2)!.frame.minX - 16) < 1e-9)
        sim.wheel(dy: 1)
        sim.wait(2)
        #expect(number(h, "current") == 1)
        // Seamless snap targets have no gaps.
        sim.pinch(to: 0.9)
        sim.wait(0.3)
        sim.wheel(dy: -1)
        sim.wait(2)
        #expect(abs(item(h, 2)!.frame.minX - 16) < 1e-9 && abs(number(h, "scrollOffset") - leading(2, spacing: 0)) < 1e-9)

        let (free, freeSim) = try make(overrides: ["snapping": .bool(false)])
        freeSim.wheel(dy: -1)
        freeSim.wait(1)
        #expect(number(free, "scrollOffset") == 80)
    }

    @Test("Left and Right scroll one image; advance moves to the next and wraps after the end")
    func keysAndAdvance() throws {
        let (h, sim) = try make()
        sim.key("right"); sim.key("right")
        sim.wait(2)
        #expect(number(h, "current") == 2 && abs(item(h, 2)!.frame.minX - 16) < 1e-9)
        sim.key("left")
        sim.wait(2)
        #expect(number(h, "current") == 1)
        h.style.advance()
        sim.wait(2)
        #expect(number(h, "current") == 2)
        sim.key("left"); sim.key("left"); sim.key("left")
        sim.wait(2)
        #expect(number(h, "scrollOffset") == 0)
    }

    @Test("A drag scrolls the row and settles with an image edge on the leading padding")
    func dragScrolls() throws {
        let (h, sim) = try make()
        sim.send(.pointerMove(Point(900, 360)), .pointerDown(Point(900, 360), .left), .pointerMove(Point(880, 360)))
        #expect(h.style.isInteracting)
        for k in 1...8 { sim.wait(0.02); sim.move(880 - Double(k) * 40, 360) }
        sim.send(.pointerUp(Point(560, 360), .left))
        #expect(!h.style.isInteracting)
        sim.wait(2)
        let offset = number(h, "scrollOffset")
        #expect(offset > 0)
        #expect((0..<12).contains { abs(leading($0) - offset) < 1e-9 })
    }

    // MARK: Deck sizes

    @Test("A one-image deck is centred, stitches, and ignores navigation")
    func oneImage() throws {
        let (h, sim) = try make(1)
        #expect(abs(item(h, 0)!.frame.minX - (1280 - 200) / 2) < 1e-9)
        #expect(number(h, "scrollOffset") == 0)
        sim.pinch(to: 0.9); sim.wait(0.3)
        #expect(seamless(h) && item(h, 0)!.cornerRadius == 0 && clips(sim)[0].1 == 8)
        h.style.advance()
        sim.key("right")
        sim.wheel(dy: -1)
        sim.wait(1)
        #expect(abs(item(h, 0)!.frame.minX - 540) < 1e-9 && number(h, "current") == 0)
    }

    @Test("A row narrower than the window stays centred while it stitches")
    func narrowRowCentred() throws {
        let (h, sim) = try make(3)
        sim.move(700, 360)
        sim.pinch(to: 0.9)
        let start = sim.time
        for _ in 0..<5 {
            sim.wait(0.04)
            let s = 8 * (1 - easeIn.progress(at: min((sim.time - start) / 0.2, 1)))
            #expect(abs(item(h, 0)!.frame.minX - (1280 - stripWidth(3, spacing: s)) / 2) < 1e-9)
        }
    }

    @Test("A 200-image deck lays out only visible images; advance walks to the end and wraps to the first")
    func longDeck() throws {
        let (h, sim) = try make(200)
        func visibleCount(offset: Double) -> Int {
            (0..<200).filter { i in
                let x = 16 - offset + leading(i)
                return x < 1280 && x + width(i) > 0
            }.count
        }
        #expect(h.items.count == visibleCount(offset: 0))
        #expect(h.items.allSatisfy { $0.visible })
        let maxOffset = stripWidth(200, spacing: 8) + 32 - 1280
        let steps = (0..<200).first { leading($0) >= maxOffset }!
        for _ in 0..<(steps - 1) { h.style.advance() }
        sim.wait(2)
        #expect(abs(number(h, "scrollOffset") - leading(steps - 1)) < 1e-6)
        #expect(h.items.count == visibleCount(offset: leading(steps - 1)))
        h.style.advance()
        sim.wait(2)
        #expect(abs(number(h, "scrollOffset") - maxOffset) < 1e-6)
        h.style.advance()
        sim.wait(2)
        #expect(number(h, "scrollOffset") == 0 && number(h, "current") == 0)
        #expect(h.items.count == visibleCount(offset: 0))
    }

    // MARK: Image sizes

    @Test("Widths come from the loaded image, else the deck's size, else square; re-measuring keeps the scroll")
    func remeasure() throws {
        let (h, sim) = try make()
        scroll(sim, toImage: 3)
        // Image 1 (deck 600x400) turns out to be 1000x500 once loaded: 150 wider.
        h.images.sizes["/test/item1.jpg"] = Size(1000, 500)
        h.style.imagesChanged()
        sim.frame()
        #expect(abs(item(h, 3)!.frame.minX - 16) < 1e-9)
        #expect(abs(number(h, "scrollOffset") - (leading(3) + 150)) < 1e-9)
        sim.key("left"); sim.key("left")
        sim.wait(2)
        #expect(abs(item(h, 1)!.frame.width - 600) < 1e-9)

        // No loaded size and no deck size: square.
        var deck = Deck.sample(count: 3)
        deck.items[1].size = nil
        let sq = try Harness(deck: deck)
        let sqSim = InputSimulator(driver: sq)
        // While images load, the deck's size counts (item 0: 400x600), and without one the image is square.
        sq.images.loading = ["/test/item0.jpg", "/test/item1.jpg"]
        sq.style.imagesChanged()
        sqSim.frame()
        #expect(item(sq, 0)!.frame.width == 200)
        #expect(item(sq, 1)!.frame.width == 300)
        sq.images.loading = []
        sq.images.sizes["/test/item1.jpg"] = Size(900, 300)
        sq.style.imagesChanged()
        sqSim.frame()
        #expect(item(sq, 1)!.frame.width == 900)
    }

    @Test("Resizing the window keeps the leading image on the leading padding")
    func resizeKeepsScroll() throws {
        let (h, sim) = try make()
        scroll(sim, toImage: 3)
        sim.send(.resize(Size(1000, 300)))
        // 300 - 2 * 16 = 268 high.
        #expect(item(h, 3)!.frame.height == 268)
        #expect(abs(item(h, 3)!.frame.minX - 16) < 1e-9)
        #expect(abs(number(h, "scrollOffset") - leading(3, height: 268)) < 1e-9)
    }

    // MARK: Idle and live parameters

    @Test("Idle after the animation: no frames, no timers")
    func idle() throws {
        let (h, sim) = try make()
        sim.move(640, 360)
        sim.wheel(dy: -1, modifiers: .ctrl)
        #expect(h.scene.needsFrame)
        sim.wait(0.1)
        #expect(h.scene.needsFrame)
        sim.wait(0.2)
        #expect(!h.scene.needsFrame && h.scene.nextWakeTime == nil)
        #expect(!sim.frame())
        sim.wait(1)
        #expect(!sim.frame())
    }

    @Test("Changing a parameter mid-animation neither jumps nor restarts the animation")
    func liveParameters() throws {
        let (h, sim) = try make()
        sim.pinch(to: 0.9)
        let start = sim.time
        sim.wait(0.1)
        let mid = gap(h, after: 0)
        try h.set("stitchDuration", .number(1))
        try h.set("stitchCurve", .text("linear"))
        sim.frame()
        #expect(abs(gap(h, after: 0) - mid) < 1e-12)
        sim.wait(0.05)
        #expect(abs(gap(h, after: 0) - 8 * (1 - easeIn.progress(at: (sim.time - start) / 0.2))) < 1e-6)
        sim.wait(0.05)
        #expect(gap(h, after: 0) == 0)

        // A new normal spacing mid-way applies at once with the same progress, and the anchor holds.
        scroll(sim, toImage: 3)
        sim.move(900, 360)
        let before = item(h, 4)!.frame.minX
        sim.pinch(to: 1.1)
        let back = sim.time
        sim.wait(0.1)
        try h.set("normalSpacing", .number(16))
        sim.frame()
        #expect(abs(gap(h, after: 4) - 16 * easeOut.progress(at: (sim.time - back) / 0.2)) < 1e-6)
        #expect(abs(item(h, 4)!.frame.minX - before) < 1e-9)
        sim.wait(0.2)
        #expect(abs(gap(h, after: 4) - 16) < 1e-9 && abs(item(h, 4)!.frame.minX - before) < 1e-9)
        #expect(!h.scene.needsFrame)
    }

    @Test("Every number of the article is a tunable parameter with its value as the default")
    func parameterDefaults() throws {
        let p = Parameters(specs: StitchStyle.descriptor.parameters)
        let numbers: [String: Double] = [
            "normalSpacing": 8, "normalRadius": 8, "seamlessSpacing": 0, "seamlessRadius": 0, "outerRadius": 8,
            "maxHeight": 300, "padding": 16, "pinchInThreshold": 0.95, "pinchOutThreshold": 1.05,
            "stitchDuration": 0.2, "unstitchDuration": 0.2, "wheelFactorPerTick": 1.1, "gestureQuietTime": 0.25,
        ]
        for (k, v) in numbers { #expect(p.number(k) == v, "\(k)") }
        #expect(p.curve("stitchCurve") == .easeIn && p.curve("unstitchCurve") == .easeOut)
        #expect(p.bool("cue") && !p.bool("sound") && p.bool("snapping"))
        #expect(StitchStyle.descriptor.name == "stitch")
    }
}
