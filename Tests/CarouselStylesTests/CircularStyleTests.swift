import CarouselCore
import CarouselStyles
import CarouselTesting
import Testing

@Suite("Circular style")
@MainActor
struct CircularStyleTests {
    // The article's numbers (styles.md, section circular), restated here so the tests do not read them from the style.
    static let size = 70.0, spacing = 35.0, pitch = 105.0
    static let offsetFactor = 30.0, scaleOffset = 15.0, scaleFactor = 0.5
    static let rowLift = 30.0, highlightSize = 85.0, highlightOffset = 15.0
    static let window = Size(1000, 700)

    // MARK: Helpers

    /// The style at `size` with the article's lengths as they are (growing with the window off, unless `overrides`
    /// turns it on), so every number below is the article's.
    func make(count: Int = 12, size: Size = window, overrides: [String: ParameterValue] = [:])
        throws -> (StyleHarness<CircularStyle>, InputSimulator) {
        let overrides = overrides.merging(["growWithWindow": .bool(false)]) { given, _ in given }
        let h = try StyleHarness(CircularStyle.self, deck: .sample(count: count), size: size, overrides: overrides)
        return (h, InputSimulator(driver: h, size: size))
    }

    /// The expected downward shift and scale at progress `p`, `blend` of the way from Normal to Scaled,
    /// written out from styles.md.
    func expected(_ p: Double, blend: Double) -> (shift: Double, scale: Double) {
        let s = 1 - min(abs(p), 1)
        let normal = Self.offsetFactor * abs(p) + Self.scaleOffset * s
        let k = 1 + s * Self.scaleFactor
        let scaled = k * Self.offsetFactor * abs(p) + Self.scaleOffset * s
        return (normal + (scaled - normal) * blend, 1 + (k - 1) * blend)
    }

    func scrollOffset(_ h: StyleHarness<CircularStyle>) -> Double { h.state("scrollOffset")?.numberValue ?? .nan }
    func active(_ h: StyleHarness<CircularStyle>) -> Int { Int(h.state("active")?.numberValue ?? -1) }

    /// Checks every image that can be seen against the formulas: position from the scroll offset, shift and scale
    /// from its progress, and that the frame drawn matches.
    func expectArc(_ h: StyleHarness<CircularStyle>, _ sim: InputSimulator, blend: Double, count: Int,
                   sourceLocation: SourceLocation = #_sourceLocation) {
        let w = h.scene.size.width, lineY = h.scene.size.height / 2 - Self.rowLift
        let offset = scrollOffset(h)
        let items = h.items
        // Every image that overlaps the window horizontally is laid out.
        for i in 0..<count where abs(Double(i) * Self.pitch - offset) < w / 2 + Self.size / 2 {
            #expect(items.contains { $0.index == i && $0.visible }, "image \(i) missing at offset \(offset)", sourceLocation: sourceLocation)
        }
        let drawn = sim.renderer.draws.images
        for item in items where item.visible {
            let layoutCentreX = w / 2 + Double(item.index) * Self.pitch - offset
            let p = (w / 2 - layoutCentreX) / Self.size
            let e = expected(p, blend: blend)
            #expect(abs(item.frame.midX - layoutCentreX) < 1e-6, "x of \(item.index)", sourceLocation: sourceLocation)
            #expect(abs(item.frame.midY - (lineY + e.shift)) < 1e-6,
                    "y of \(item.index) at p \(p): \(item.frame.midY) vs \(lineY + e.shift)", sourceLocation: sourceLocation)
            #expect(abs(item.frame.width - Self.size * e.scale) < 1e-6, "width of \(item.index)", sourceLocation: sourceLocation)
            #expect(abs(item.frame.height - Self.size * e.scale) < 1e-6, "height of \(item.index)", sourceLocation: sourceLocation)
            #expect(abs(item.scale - e.scale) < 1e-6, "scale of \(item.index)", sourceLocation: sourceLocation)
            #expect(abs(item.cornerRadius - item.frame.width / 2) < 1e-6, "round \(item.index)", sourceLocation: sourceLocation)
            #expect(drawn.contains { abs($0.rect.x - item.frame.x) < 1e-6 && abs($0.rect.y - item.frame.y) < 1e-6
                    && abs($0.rect.width - item.frame.width) < 1e-6 }, "drawn \(item.index)", sourceLocation: sourceLocation)
        }
    }

    /// Checks that the row rests with one image exactly centred and nothing left to draw.
    func expectSettled(_ h: StyleHarness<CircularStyle>, pitch: Double = pitch, sourceLocation: SourceLocation = #_sourceLocation) {
        let offset = scrollOffset(h)
        let k = (offset / pitch).rounded()
        #expect(abs(offset - k * pitch) <= 0.5, "offset \(offset) not on an image", sourceLocation: sourceLocation)
        #expect(active(h) == Int(k), sourceLocation: sourceLocation)
        let centred = h.items.first { $0.index == Int(k) }
        #expect(centred.map { abs($0.frame.midX - h.scene.size.width / 2) <= 0.5 } == true,
                "image \(Int(k)) not centred", sourceLocation: sourceLocation)
        #expect(!h.needsFrame, "still drawing frames after settling", sourceLocation: sourceLocation)
        #expect(h.nextWakeTime == nil, sourceLocation: sourceLocation)
    }

    /// Presses at (x, rowLine) and drags left by `distance` in two moves, keeping the button down.
    func hold(_ h: StyleHarness<CircularStyle>, _ sim: InputSimulator, draggedBy distance: Double) {
        let y = h.scene.size.height / 2 - Self.rowLift, x = h.scene.size.width / 2
        sim.send(.pointerMove(Point(x, y)), .pointerDown(Point(x, y), .left))
        sim.wait(0.02)
        sim.send(.pointerMove(Point(x - distance / 2, y)))
        sim.wait(0.02)
        sim.send(.pointerMove(Point(x - distance, y)))
    }

    func isImage(_ d: ResolvedDraw) -> Bool { if case .image = d.kind { return true } else { return false } }

    func countNodes(_ node: Node) -> Int { 1 + node.children.reduce(0) { $0 + countNodes($1) } }

    /// White fills the size of the highlight in the last frame.
    func highlightDraws(_ sim: InputSimulator) -> [ResolvedDraw] {
        sim.renderer.draws.filter { $0.kind == .fill(.white) && abs($0.rect.width - Self.highlightSize) < 1e-6 }
    }

    // MARK: Formulas

    @Test("The public formulas are styles.md's: offset, s, scale and both modes' shifts")
    func formulas() {
        for p in [-3.2, -2, -1, -0.75, -0.3, 0, 0.01, 0.5, 1, 1.5, 2, 4.25] {
            let s = 1 - min(abs(p), 1)
            #expect(CircularStyle.arcOffset(progress: p, offsetFactor: 30) == 30 * abs(p))
            #expect(CircularStyle.centredness(progress: p) == s)
            #expect(abs(CircularStyle.scale(progress: p, scaleFactor: 0.5) - (1 + s / 2)) < 1e-12)
            #expect(abs(CircularStyle.normalShift(progress: p, offsetFactor: 30, scaleOffset: 15) - (30 * abs(p) + 15 * s)) < 1e-12)
            #expect(abs(CircularStyle.scaledShift(progress: p, offsetFactor: 30, scaleOffset: 15, scaleFactor: 0.5)
                        - ((1 + s / 2) * 30 * abs(p) + 15 * s)) < 1e-12)
            for b in [0, 0.25, 1.0] {
                let got = CircularStyle.placement(progress: p, blend: b, offsetFactor: 30, scaleOffset: 15, scaleFactor: 0.5)
                let want = expected(p, blend: b)
                #expect(abs(got.shift - want.shift) < 1e-12 && abs(got.scale - want.scale) < 1e-12)
            }
        }
        // styles.md's worked numbers: centred 15 below the line, |p| = 1 30 below, |p| = 2 60 below.
        #expect(CircularStyle.normalShift(progress: 0, offsetFactor: 30, scaleOffset: 15) == 15)
        #expect(CircularStyle.normalShift(progress: -1, offsetFactor: 30, scaleOffset: 15) == 30)
        #expect(CircularStyle.normalShift(progress: 2, offsetFactor: 30, scaleOffset: 15) == 60)
        // Progress is measured in image widths from the viewport's centre; images to the right have p < 0.
        #expect(CircularStyle.progress(imageCentreX: 605, viewportCentreX: 500, imageSize: 70) == -1.5)
    }

    @Test("Every styles.md number is a parameter default")
    func defaults() {
        let p = Parameters(specs: CircularStyle.descriptor.parameters)
        let numbers: [String: Double] = ["imageSize": 70, "spacing": 35, "offsetFactor": 30, "scaleOffset": 15, "scaleFactor": 0.5,
                                         "shadowOpacity": 0.15, "shadowRadius": 5, "shadowOffset": 5, "highlightSize": 85,
                                         "highlightOffset": 15, "rowLift": 30, "snapResponse": 0.4, "modeDuration": 0.35]
        for (key, value) in numbers { #expect(p.number(key) == value, "\(key)") }
        #expect(p.text("mode") == "normal")
        #expect(p.text("modeCurve") == "easeInOut")
        #expect(p.bool("shadow") && p.bool("highlight") && p.bool("snapping"))
        #expect(CircularStyle.descriptor.name == "circular")
        #expect(CircularStyle.descriptor.parameters.allSatisfy { !$0.meaning.isEmpty && !$0.label.isEmpty })
    }

    // MARK: The arc

    @Test("At rest the first image is centred, round, 15 below the row line, with the article's shadow")
    func rest() throws {
        let (h, sim) = try make()
        #expect(active(h) == 0 && scrollOffset(h) == 0)
        #expect(h.state("mode")?.stringValue == "normal")
        #expect(abs(h.style.rowLineY - (Self.window.height / 2 - Self.rowLift)) < 1e-9)
        let first = try #require(h.items.first { $0.index == 0 })
        #expect(first.frame == Rect(465, 350 - 30 + 15 - 35, 70, 70))
        expectArc(h, sim, blend: 0, count: 12)
        // Each image is drawn after its own round shadow: black 15 %, radius 5, offset (5, 5).
        let shadow = Shadow(color: Color(0, 0, 0, 0.15), radius: 5, offset: Point(5, 5))
        let draws = sim.renderer.draws
        for (k, d) in draws.enumerated() where isImage(d) {
            #expect(k > 0 && draws[k - 1].kind == .shadow(shadow) && draws[k - 1].rect == d.rect && d.cornerRadius == 35)
        }
    }

    @Test("Mid-drag at fractional offsets every visible image follows the formulas", arguments: [
        ("normal", 37.5), ("normal", 150), ("normal", 262.5), ("normal", 1000.3), ("scaled", 37.5), ("scaled", 150),
        ("scaled", 262.5), ("scaled", 1000.3),
    ])
    func arcWhileDragging(mode: String, distance: Double) throws {
        let (h, sim) = try make(overrides: ["mode": .text(mode)])
        hold(h, sim, draggedBy: distance)
        #expect(h.style.isInteracting)
        #expect(abs(scrollOffset(h) - distance) < 1e-9)
        expectArc(h, sim, blend: mode == "scaled" ? 1 : 0, count: 12)
        sim.send(.pointerUp(Point(0, 0), .left))
        #expect(!h.style.isInteracting)
        sim.wait(3)
        expectSettled(h)
        expectArc(h, sim, blend: mode == "scaled" ? 1 : 0, count: 12)
    }

    @Test("Mid-animation frames follow the formulas, and the snap decelerates smoothly onto the next image")
    func arcWhileSnapping() throws {
        for mode in ["normal", "scaled"] {
            let (h, sim) = try make(overrides: ["mode": .text(mode)])
            sim.key("right")
            var last = 0.0, steps: [Double] = []
            for _ in 0..<40 {
                sim.wait(1 / 60)
                let o = scrollOffset(h)
                expectArc(h, sim, blend: mode == "scaled" ? 1 : 0, count: 12)
                #expect(o >= last - 1e-9 && o <= Self.pitch + 1e-9, "critically damped: no overshoot")
                steps.append(o - last)
                last = o
            }
            // No jump: the first frame moves only part of the way, and the motion slows down towards the end.
            #expect(steps[0] > 0 && steps[0] < Self.pitch / 2)
            #expect(steps[20] < steps[3])
            sim.wait(2)
            expectSettled(h)
            #expect(active(h) == 1 && scrollOffset(h) == Self.pitch)
        }
    }

    // MARK: Wheel

    @Test("One trackpad burst moves one image; one wheel tick moves one image; horizontal wheels scroll too")
    func oneBurstOneImage() throws {
        let (h, sim) = try make()
        // A trackpad swipe with inertia: 30 precise events 10 ms apart, decaying.
        var delta = 40.0
        for _ in 0..<30 { sim.wheel(dy: -delta, precise: true); sim.wait(0.01); delta *= 0.9 }
        sim.wait(2)
        expectSettled(h)
        #expect(active(h) == 1)
        sim.wheel(dy: -1)
        sim.wait(2)
        #expect(active(h) == 2)
        sim.wheel(dy: 1)
        sim.wait(2)
        #expect(active(h) == 1)
        sim.wheel(dx: 1, dy: 0)
        sim.wait(2)
        #expect(active(h) == 2)
        expectSettled(h)
        // Ctrl+wheel is magnification: not ours.
        #expect(!h.style.handle(.wheel(dx: 0, dy: -1, precise: false, modifiers: .ctrl, at: nil)))
    }

    @Test("A long steady burst keeps moving, more than one image")
    func longBurst() throws {
        let (h, sim) = try make()
        for _ in 0..<60 { sim.wheel(dy: -1); sim.wait(1 / 60) }
        sim.wait(2)
        expectSettled(h)
        #expect(active(h) > 1)
    }

    @Test("After seeded random wheel input the row settles with an image centred within 0.5 px", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomWheel(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let (h, sim) = try make(count: 15)
        for _ in 0..<12 {
            let precise = Bool.random(using: &rng)
            let horizontal = Int.random(in: 0..<4, using: &rng) == 0
            var direction = Bool.random(using: &rng) ? 1.0 : -1.0
            var delta = precise ? Double.random(in: 3...80, using: &rng) : 1
            for _ in 0..<Int.random(in: 1...15, using: &rng) {
                if Int.random(in: 0..<8, using: &rng) == 0 { direction = -direction }
                sim.wheel(dx: horizontal ? direction * delta : 0, dy: horizontal ? 0 : -direction * delta, precise: precise)
                sim.wait(Double.random(in: 0.004...0.06, using: &rng))
                if precise { delta *= Double.random(in: 0.6...1.15, using: &rng) }
            }
            // Sometimes the next burst interrupts the snap, sometimes the row has settled.
            sim.wait(Double.random(in: 0...0.8, using: &rng))
        }
        sim.wait(3)
        expectSettled(h)
        expectArc(h, sim, blend: 0, count: 15)
        sim.wait(1)
        #expect(!sim.frame(), "idle: no frame after settling")
    }

    // MARK: Dragging

    @Test("After seeded random drags and flings the row settles with an image centred", arguments: [11, 12, 13, 14] as [UInt64])
    func randomDrags(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let (h, sim) = try make(count: 20)
        let y = Self.window.height / 2 - Self.rowLift
        for _ in 0..<8 {
            let from = Double.random(in: 200...800, using: &rng)
            let to = from + Double.random(in: -400...400, using: &rng)
            sim.drag(from: Point(from, y), to: Point(to, y), duration: Double.random(in: 0.05...0.6, using: &rng),
                     steps: Int.random(in: 3...12, using: &rng))
            sim.wait(Double.random(in: 0...0.7, using: &rng))
            if Bool.random(using: &rng) { sim.wheel(dy: Bool.random(using: &rng) ? -1 : 1) }
        }
        sim.wait(3)
        expectSettled(h)
        #expect(!h.style.isInteracting)
    }

    @Test("A fast fling moves on by at least one image in its direction; a slow short drag returns")
    func flings() throws {
        let (h, sim) = try make()
        let y = Self.window.height / 2 - Self.rowLift
        sim.drag(from: Point(600, y), to: Point(560, y), duration: 0.05, steps: 4)
        sim.wait(2)
        expectSettled(h)
        #expect(active(h) >= 1)
        let before = active(h)
        sim.drag(from: Point(500, y), to: Point(470, y), duration: 1.5, steps: 30)
        sim.wait(2)
        expectSettled(h)
        #expect(active(h) == before)
    }

    // MARK: Clicks and keys

    @Test("A click on an image scrolls it to the centre")
    func clickToCentre() throws {
        let (h, sim) = try make()
        for target in [3, 1] {
            let item = try #require(h.items.first { $0.index == target })
            sim.click(item.frame.midX, item.frame.midY)
            sim.wait(2)
            expectSettled(h)
            #expect(active(h) == target)
        }
        // A click beside the row selects nothing.
        sim.click(20, 690)
        sim.wait(1)
        #expect(active(h) == 1)
    }

    @Test("Left and Right step one image; advance() goes on and wraps to the first after the last")
    func keysAndAdvance() throws {
        let (h, sim) = try make(count: 4)
        sim.key("left")
        sim.wait(1)
        #expect(active(h) == 0)
        sim.key("right"); sim.key("right")
        sim.wait(2)
        #expect(active(h) == 2)
        sim.key("left")
        sim.wait(2)
        #expect(active(h) == 1)
        expectSettled(h)
        h.style.advance(); sim.wait(2)
        h.style.advance(); sim.wait(2)
        #expect(active(h) == 3)
        sim.key("right"); sim.wait(1)
        #expect(active(h) == 3)
        h.style.advance(); sim.wait(3)
        #expect(active(h) == 0)
        expectSettled(h)
    }

    // MARK: Mode

    @Test("M switches Normal and Scaled with an animation whose mid-way values lie between the two formulas")
    func modeAnimation() throws {
        let (h, sim) = try make()
        // Hold the row at a fractional offset so several images are partly centred.
        hold(h, sim, draggedBy: 40)
        sim.key("m")
        #expect(h.state("mode")?.stringValue == "scaled")
        sim.wait(0.35 / 2)
        // ease-in-out is symmetric: half-way in time is half-way in value.
        #expect(abs(h.style.modeBlend - 0.5) < 1e-6)
        expectArc(h, sim, blend: 0.5, count: 12)
        let w = Self.window.width, lineY = Self.window.height / 2 - Self.rowLift
        for item in h.items where item.visible {
            let p = (w / 2 - item.frame.midX) / Self.size
            let normal = expected(p, blend: 0), scaled = expected(p, blend: 1)
            if abs(p) < 1 {
                #expect(item.frame.midY - lineY > normal.shift && item.frame.midY - lineY < scaled.shift)
                #expect(item.scale > normal.scale && item.scale < scaled.scale)
            }
        }
        sim.wait(0.35 / 2)
        expectArc(h, sim, blend: 1, count: 12)
        sim.key("m")
        #expect(h.state("mode")?.stringValue == "normal")
        sim.wait(0.1)
        #expect(h.style.modeBlend > 0 && h.style.modeBlend < 1)
        sim.wait(0.3)
        expectArc(h, sim, blend: 0, count: 12)
        sim.send(.pointerUp(Point(0, 0), .left))
        sim.wait(2)
        expectSettled(h)
    }

    @Test("Clicking the picker's segments switches the mode")
    func pickerClicks() throws {
        let (h, sim) = try make()
        func label(_ text: String) throws -> Rect {
            try #require(sim.renderer.draws.first { if case .text(text, _, _) = $0.kind { return true } else { return false } }).rect
        }
        let scaled = try label("Scaled"), normal = try label("Normal")
        #expect(normal.midX < scaled.midX)
        sim.click(scaled.midX, scaled.midY)
        #expect(h.state("mode")?.stringValue == "scaled")
        sim.wait(1)
        expectSettled(h)
        #expect(active(h) == 0, "a click on the picker does not scroll")
        sim.click(normal.midX, normal.midY)
        #expect(h.state("mode")?.stringValue == "normal")
        sim.wait(1)
        expectArc(h, sim, blend: 0, count: 12)
    }

    @Test("The highlight circle is drawn behind the centre slot only in Normal mode")
    func highlight() throws {
        let (h, sim) = try make()
        let circle = try #require(highlightDraws(sim).first)
        let centre = Point(Self.window.width / 2, Self.window.height / 2 - Self.highlightOffset)
        #expect(circle.rect == Rect(centre.x - 42.5, centre.y - 42.5, 85, 85) && circle.cornerRadius == 42.5)
        #expect(sim.renderer.draws.contains { if case .shadow = $0.kind { return $0.rect == circle.rect } else { return false } })
        // With the defaults the centred image sits inside it, concentric, and is drawn after it.
        let first = try #require(h.items.first { $0.index == 0 })
        #expect(abs(first.frame.midY - centre.y) < 1e-9 && abs(first.frame.midX - centre.x) < 1e-9)
        let circleIndex = try #require(sim.renderer.draws.firstIndex { $0.kind == .fill(.white) })
        let imageIndex = try #require(sim.renderer.draws.firstIndex(where: isImage))
        #expect(circleIndex < imageIndex)
        // Back in its place when the row rests on the next image.
        sim.key("right"); sim.wait(1.5)
        #expect(highlightDraws(sim).first?.rect == circle.rect && highlightDraws(sim).first?.opacity == 1)
        sim.key("m"); sim.wait(0.1)
        let fading = try #require(highlightDraws(sim).first)
        #expect(fading.opacity > 0 && fading.opacity < 1)
        sim.wait(2)
        #expect(highlightDraws(sim).isEmpty)
        sim.key("m"); sim.wait(1)
        #expect(highlightDraws(sim).count == 1)
        try h.set("highlight", .bool(false)); sim.frame()
        #expect(highlightDraws(sim).isEmpty)
    }

    @Test("During a drag the highlight rings the image nearest the centre slot, fading as it leaves; half-way nothing white stands alone")
    func highlightDuringADrag() throws {
        let (h, sim) = try make()
        let y = Self.window.height / 2 - Self.rowLift
        sim.send(.pointerMove(Point(500, y)), .pointerDown(Point(500, y), .left))
        /// Drags the row to `dx` points from where it was pressed.
        func dragTo(_ dx: Double) { sim.send(.pointerMove(Point(500 - dx, y))); sim.wait(1.0 / 60) }
        dragTo(8); dragTo(20)
        #expect(abs(scrollOffset(h) - 20) < 1e-6)
        // Image 0, 20 points (p = 20/70) out of the slot: the highlight is concentric with it, partly faded.
        let image = try #require(h.items.first { $0.index == 0 }).frame
        let ring = try #require(highlightDraws(sim).first, "no highlight 20 points into the drag")
        #expect(abs(ring.rect.midX - image.midX) < 1e-6 && abs(ring.rect.midY - image.midY) < 1e-6, "ring \(ring.rect), image \(image)")
        let s = 1 - 20.0 / 70
        #expect(abs(ring.opacity - (2 * s - 1)) < 1e-6)
        // Half an image size (35 points) and more from any image's slot: no white disc at all, however large.
        for dx in [35.0, 52.5, 70] {
            dragTo(dx)
            #expect(!sim.renderer.draws.contains { $0.kind == .fill(.white) }, "a white disc at \(dx) points")
        }
        // Released, the row settles on an image and the highlight is whole around it again.
        sim.send(.pointerUp(Point(430, y), .left))
        sim.wait(2)
        let rested = try #require(highlightDraws(sim).first)
        let centred = try #require(h.items.first { $0.index == active(h) }).frame
        #expect(rested.opacity == 1 && abs(rested.rect.midX - centred.midX) < 1e-6 && abs(rested.rect.midY - centred.midY) < 1e-6)
    }

    // MARK: Idle

    @Test("Once settled nothing is drawn: no frames, no wake-ups")
    func idle() throws {
        let (h, sim) = try make()
        sim.key("right"); sim.key("m")
        sim.wait(2)
        expectSettled(h)
        for _ in 0..<5 {
            sim.wait(0.5)
            #expect(!sim.frame())
        }
        // A no-op event changes nothing either.
        sim.send(.pointerMove(Point(5, 5)))
        #expect(!h.needsFrame)
    }

    // MARK: Deck sizes

    @Test("A 1-item deck centres its image and stays centred whatever the input")
    func oneItem() throws {
        let (h, sim) = try make(count: 1)
        expectArc(h, sim, blend: 0, count: 1)
        sim.key("right"); sim.wheel(dy: -1); sim.wheel(dy: -30, precise: true)
        sim.drag(from: Point(600, 320), to: Point(300, 320), duration: 0.1, steps: 4)
        h.style.advance()
        sim.wait(2)
        expectSettled(h)
        #expect(active(h) == 0 && h.items.count == 1)
        sim.key("m"); sim.wait(1)
        expectArc(h, sim, blend: 1, count: 1)
    }

    @Test("A 2,000-item deck keeps nodes only for the images that can be seen")
    func largeDeck() throws {
        let (h, sim) = try make(count: 2000)
        let baseline = countNodes(h.container)
        #expect(baseline < 30)
        h.style.select(1999)
        var most = 0
        for _ in 0..<30 {
            sim.wait(1 / 60)
            most = max(most, countNodes(h.container))
            expectArc(h, sim, blend: 0, count: 2000)
        }
        #expect(most < 30, "nodes are pooled while thousands of images pass")
        sim.wait(3)
        expectSettled(h)
        #expect(active(h) == 1999)
        #expect(h.items.count < 20)
        h.style.advance()
        sim.wait(3)
        #expect(active(h) == 0)
        expectSettled(h)
    }

    // MARK: Live parameters, resizing, frame

    @Test("Parameters apply live: spacing keeps the active image centred, the mode parameter animates, the shadow toggles")
    func liveParameters() throws {
        let (h, sim) = try make()
        sim.key("right"); sim.key("right")
        sim.wait(0.1)
        try h.set("spacing", .number(10))
        sim.wait(2)
        expectSettled(h, pitch: 80)
        #expect(active(h) == 2)
        #expect(abs(scrollOffset(h) - 2 * 80) < 1e-9)
        let second = try #require(h.items.first { $0.index == 3 })
        #expect(abs(second.frame.midX - (Self.window.width / 2 + 80)) < 1e-9)
        try h.set("spacing", .number(Self.spacing))
        sim.wait(2)
        expectSettled(h)
        try h.set("mode", .text("scaled"))
        sim.wait(0.35 / 2)
        #expect(abs(h.style.modeBlend - 0.5) < 1e-6)
        sim.wait(1)
        expectArc(h, sim, blend: 1, count: 12)
        // M changes the mode without touching the parameter; applying another parameter keeps M's choice.
        sim.key("m"); sim.wait(1)
        try h.set("offsetFactor", .number(Self.offsetFactor))
        sim.wait(1)
        #expect(h.state("mode")?.stringValue == "normal")
        try h.set("shadow", .bool(false)); sim.frame()
        #expect(!sim.renderer.draws.contains { $0.kind == .shadow(Shadow(color: Color(0, 0, 0, 0.15), radius: 5, offset: Point(5, 5))) })
        try h.set("snapping", .bool(false))
        sim.wheel(dy: -1); sim.wait(1)
        #expect(abs(scrollOffset(h) - (2 * Self.pitch + 80)) < 1e-9, "free scrolling moves by the tick distance")
        try h.set("snapping", .bool(true))
        sim.wait(2)
        expectSettled(h)
    }

    @Test("Resizing keeps the active image centred and the row line at the window's middle less the lift")
    func resize() throws {
        let (h, sim) = try make()
        sim.key("right"); sim.wait(2)
        sim.send(.resize(Size(800, 600)))
        sim.wait(0.1)
        #expect(abs(h.style.rowLineY - (300 - Self.rowLift)) < 1e-9)
        expectSettled(h)
        expectArc(h, sim, blend: 0, count: 12)
    }

    @Test("The carousel frame is a band across the window holding every visible image and the highlight")
    func carouselFrame() throws {
        let (h, sim) = try make()
        for distance in [0.0, 150, 330] {
            if distance > 0 { hold(h, sim, draggedBy: distance) }
            let band = h.style.carouselFrame
            #expect(band.x == 0 && band.width == Self.window.width)
            #expect(band.minY >= 0 && band.maxY <= Self.window.height)
            for item in h.items where item.visible && item.frame.maxY < Self.window.height {
                #expect(band.minY <= item.frame.minY && item.frame.maxY <= band.maxY, "image \(item.index) outside the band")
            }
            if let circle = highlightDraws(sim).first { #expect(band.contains(circle.rect.center)) }
            if distance > 0 { sim.send(.pointerUp(Point(0, 0), .left)); sim.wait(2) }
        }
    }

    // MARK: Growing with the window

    @Test("Growing with the window multiplies every length by the shorter side / 390: the arc keeps its proportions")
    func growsWithTheWindow() throws {
        #expect(CircularStyle.windowScale(for: Size(1280, 720), growing: true) == 720.0 / 390)
        #expect(CircularStyle.windowScale(for: Size(390, 844), growing: true) == 1)
        #expect(CircularStyle.windowScale(for: Size(640, 360), growing: true) == 1, "never smaller than the article")
        #expect(CircularStyle.windowScale(for: Size(1280, 720), growing: false) == 1)
        #expect(Parameters(specs: CircularStyle.descriptor.parameters).bool("growWithWindow"), "on by default")
        let window = Size(1280, 720), k = 720.0 / 390
        let (grown, grownSim) = try make(size: window, overrides: ["growWithWindow": .bool(true)])
        let (plain, _) = try make(size: window)
        #expect(grown.style.windowScale == k && plain.style.windowScale == 1)
        #expect(grown.state("windowScale") == .number(k), "the layout export says how much the lengths grew")
        // Each image is k times the article's size, and k times as far from the centred image's centre.
        let centre = Point(window.width / 2, grown.style.rowLineY)
        let plainCentre = Point(window.width / 2, plain.style.rowLineY)
        #expect(abs(grown.style.rowLineY - (360 - k * Self.rowLift)) < 1e-9)
        let grownItems = Dictionary(uniqueKeysWithValues: grown.items.map { ($0.index, $0.frame) })
        var compared = 0
        for item in plain.items where item.visible {
            guard let f = grownItems[item.index], f.maxX < window.width, f.maxY < window.height else { continue }
            #expect(abs(f.width - k * item.frame.width) < 1e-6, "image \(item.index)")
            #expect(abs((f.midX - centre.x) - k * (item.frame.midX - plainCentre.x)) < 1e-6, "image \(item.index)")
            #expect(abs((f.midY - centre.y) - k * (item.frame.midY - plainCentre.y)) < 1e-6, "image \(item.index)")
            compared += 1
        }
        #expect(compared >= 3)
        // The highlight stays concentric with the centred image.
        let circle = try #require(grownSim.renderer.draws.first { $0.kind == .fill(.white) && abs($0.rect.width - k * Self.highlightSize) < 1e-9 })
        #expect(abs(circle.rect.midY - (360 - k * Self.highlightOffset)) < 1e-9)
    }

    @Test("A resized window scales the lengths again with the active image still centred")
    func growingFollowsResizes() throws {
        let (h, sim) = try make(size: Size(800, 500), overrides: ["growWithWindow": .bool(true)])
        sim.key("right"); sim.key("right"); sim.wait(2)
        #expect(h.style.windowScale == 500.0 / 390)
        sim.send(.resize(Size(1600, 900)))
        sim.wait(0.1)
        #expect(h.style.windowScale == 900.0 / 390)
        #expect(active(h) == 2)
        let centred = try #require(h.items.first { $0.index == 2 })
        #expect(abs(centred.frame.midX - 800) < 1e-6)
        #expect(abs(centred.frame.width - 900.0 / 390 * Self.size) < 1e-6)
    }
}
