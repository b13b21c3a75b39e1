import CarouselCore
import CarouselTesting
import Testing

/// Whatever the model says (a curve overshooting by 1e9, a NaN), what the paint pass hands a renderer is finite and
/// within a window size of the scene on every side; sane geometry is handed over untouched (issue 34).
@MainActor
@Suite("Paint limits: no absurd geometry reaches the renderer")
struct PaintLimitsTests {
    let size = Size(400, 300)
    let shadow = Shadow(color: Color(0, 0, 0, 0.5), radius: 12, offset: Point(0, 4))

    /// The scene grown by four times its larger side on every side: where every drawing must lie.
    var reach: Rect { Rect(origin: .zero, size: size).outset(1600) }

    /// A card (shadow, background, image, text) under `parent`, painted; the recorder's draws.
    func paint(card frame: Rect, scale: Double = 1, cornerRadius: Double = 8, parentOffset: Point = .zero) -> [ResolvedDraw] {
        let scene = Scene(size: size)
        let images = FakeImageStore()
        let parent = Node(name: "parent", frame: Rect(0, 0, 400, 300))
        parent.offset = parentOffset
        let card = Node(name: "card", frame: frame)
        card.scale = scale
        card.cornerRadius = cornerRadius
        card.shadow = shadow
        card.background = Color(1, 0, 0)
        card.image = ImageContent(images.handle(for: "a.jpg", maxPixelSize: nil), contentMode: .fill)
        card.text = TextContent("Card", font: FontSpec(size: 14), color: .white)
        let child = Node(name: "child", frame: Rect(10, 10, 40, 30))
        child.background = Color(0, 0, 1)
        card.addChild(child)
        parent.addChild(card)
        scene.root.addChild(parent)
        let recorder = DrawListRecorder(size: size)
        scene.paint(into: recorder, images: images)
        return recorder.draws
    }

    func problems(_ draws: [ResolvedDraw]) -> [String] {
        draws.compactMap { d in
            let numbers = [d.rect.x, d.rect.y, d.rect.width, d.rect.height, d.cornerRadius, d.scale]
            if !numbers.allSatisfy(\.isFinite) { return "\(d.kind): not finite \(numbers)" }
            if d.rect.minX < reach.minX || d.rect.maxX > reach.maxX || d.rect.minY < reach.minY || d.rect.maxY > reach.maxY {
                return "\(d.kind): \(d.rect) beyond \(reach)"
            }
            return nil
        }
    }

    @Test("A card 1e9 points wide (expand's width under cubic-bezier(0.2,1e9,0.2,1)): drawn cut to the reach, no shadow or text")
    func hugeWidth() {
        let draws = paint(card: Rect(194, 100, 1.6e9, 200))
        #expect(problems(draws) == [])
        let fill = draws.first { $0.kind == .fill(Color(1, 0, 0)) }
        #expect(fill?.rect == Rect(194, 100, reach.maxX - 1 - 194, 200), "the part within the reach is kept where it was")
        #expect(!draws.contains { if case .shadow = $0.kind { true } else { false } })
        #expect(!draws.contains { if case .text = $0.kind { true } else { false } })
        #expect(draws.contains { $0.kind == .fill(Color(0, 0, 1)) && $0.rect == Rect(204, 110, 40, 30) }, "its children still draw")
    }

    @Test("Scales of 1e9 and 1e-300, offsets of -1e12, and extreme corner radii: every drawing finite and inside the reach",
          arguments: [1e9, 1e5, 65, 1e-300, -1e9])
    func extremeScale(scale: Double) {
        for offset in [Point.zero, Point(-1e12, 0), Point(0, 3e15)] {
            for radius in [8, 1e300, -1e300] {
                #expect(problems(paint(card: Rect(100, 100, 200, 100), scale: scale, cornerRadius: radius, parentOffset: offset)) == [],
                        "scale \(scale), offset \(offset), radius \(radius)")
            }
        }
    }

    @Test("NaN and infinite presentations are not drawn at all (nor their subtree); the rest of the scene is")
    func notFinite() {
        for frame in [Rect(.nan, 0, 10, 10), Rect(0, 0, .infinity, 10), Rect(-.infinity, 0, 10, 10), Rect(0, 0, 10, .nan)] {
            let draws = paint(card: frame)
            #expect(problems(draws) == [])
            #expect(!draws.contains { $0.kind == .fill(Color(0, 0, 1)) }, "\(frame): its child is not drawn either")
        }
        let nanScale = paint(card: Rect(10, 10, 100, 100), scale: .nan)
        #expect(problems(nanScale) == [] && nanScale.isEmpty)
    }

    @Test("Sane geometry is handed over exactly: a card partly off screen keeps its rectangle, shadow and text")
    func saneUntouched() {
        let draws = paint(card: Rect(250, 200, 300, 200), scale: 1.5, cornerRadius: 500)
        #expect(draws.contains { $0.kind == .fill(Color(1, 0, 0)) && $0.rect == Rect(175, 150, 450, 300) && $0.cornerRadius == 750 })
        #expect(draws.contains { if case .shadow = $0.kind { true } else { false } })
        #expect(draws.contains { if case .text = $0.kind { true } else { false } })
    }

    @Test("A far-away container that does not clip still paints children brought back on screen")
    func farContainerChildren() {
        let scene = Scene(size: size)
        let strip = Node(name: "strip", frame: Rect(-3e7, 0, 10, 300))
        let item = Node(name: "item", frame: Rect(3e7 + 50, 20, 100, 100))
        item.background = Color(0, 1, 0)
        strip.addChild(item)
        scene.root.addChild(strip)
        let recorder = DrawListRecorder(size: size)
        scene.paint(into: recorder, images: nil)
        #expect(recorder.draws.map(\.rect) == [Rect(50, 20, 100, 100)])
    }

    @Test("A bezier's progress stays finite and within the limit whatever its y control points", arguments: [1e9, 1e308, -1e308, 1e5])
    func bezierProgress(y: Double) {
        for curve in [CubicBezier(0.2, y, 0.2, 1), CubicBezier(0.2, y, 0.2, -y), CubicBezier(0, y, 1, y)] {
            for k in 0...100 {
                let x = Double(k) / 100
                let p = curve.progress(at: x), s = curve.slope(at: x)
                #expect(p.isFinite && abs(p) <= CubicBezier.progressLimit && s.isFinite, "\(curve) at \(x): \(p), slope \(s)")
            }
        }
        #expect(CubicBezier(0.2, 3, 0.2, 1).progress(at: 0.3) > 1.5, "an ordinary overshoot is kept")
    }
}
