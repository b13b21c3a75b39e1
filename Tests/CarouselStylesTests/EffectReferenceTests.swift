import CarouselCore
import CarouselStyles
import CarouselSupport
import CarouselTesting
import Foundation
import Testing

/// Every item's quad and opacity in the layout JSON against the formula, computed here independently: Swiper's
/// maths (its `updateSlidesProgress` and the creative, coverflow and cards modules, transcribed as CSS transforms
/// with 4x4 matrices written in this file) and each gallery effect's tracks as closed formulas. At rest and in the
/// middle of a drag; within 0.01 pt and 0.01 of opacity.
@MainActor
@Suite("Effect quads against the formula")
struct EffectReferenceTests {
    /// A CSS transform matrix (row-major, column vectors), written out here rather than taken from the app.
    struct M {
        var m: [[Double]]
        static let identity = M(m: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
        static func * (a: M, b: M) -> M {
            var r = [[Double]](repeating: [0, 0, 0, 0], count: 4)
            for i in 0..<4 { for j in 0..<4 { for k in 0..<4 { r[i][j] += a.m[i][k] * b.m[k][j] } } }
            return M(m: r)
        }
        static func translate(_ x: Double, _ y: Double, _ z: Double = 0) -> M { M(m: [[1, 0, 0, x], [0, 1, 0, y], [0, 0, 1, z], [0, 0, 0, 1]]) }
        static func scale(_ x: Double, _ y: Double) -> M { M(m: [[x, 0, 0, 0], [0, y, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]) }
        static func rx(_ d: Double) -> M { let a = d * .pi / 180; return M(m: [[1, 0, 0, 0], [0, cos(a), -sin(a), 0], [0, sin(a), cos(a), 0], [0, 0, 0, 1]]) }
        static func ry(_ d: Double) -> M { let a = d * .pi / 180; return M(m: [[cos(a), 0, sin(a), 0], [0, 1, 0, 0], [-sin(a), 0, cos(a), 0], [0, 0, 0, 1]]) }
        static func rz(_ d: Double) -> M { let a = d * .pi / 180; return M(m: [[cos(a), -sin(a), 0, 0], [sin(a), cos(a), 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]) }
        static func perspective(_ d: Double) -> M { M(m: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, -1 / d, 1]]) }
        func point(_ x: Double, _ y: Double) -> Point {
            let v = (0..<4).map { m[$0][0] * x + m[$0][1] * y + m[$0][3] }
            return Point(v[0] / v[3], v[1] / v[3])
        }
    }

    /// One item as the formula says.
    struct Expected {
        var progress: Double
        var quad: [Point]
        var opacity: Double
        /// Whether it must be drawn (in front, facing the viewer, inside what the effect shows).
        var mustShow: Bool
    }

    /// An element's box at (`x`, `y`) sized `w` x `h` in its container, transformed by `t` about `origin` (unit
    /// point), in a container at `offset` in the window whose perspective `d` is about its centre `centre`.
    nonisolated static func quad(x: Double, y: Double, w: Double, h: Double, _ t: M, origin: Point = Point(0.5, 0.5), perspective d: Double?,
                     centre: Point, offset: Point) -> [Point] {
        let o = Point(x + origin.x * w, y + origin.y * h)
        var full = M.translate(o.x, o.y) * t * M.translate(-origin.x * w, -origin.y * h)
        if let d { full = M.translate(centre.x, centre.y) * M.perspective(d) * M.translate(-centre.x, -centre.y) * full }
        return [full.point(0, 0), full.point(w, 0), full.point(w, h), full.point(0, h)].map { Point($0.x + offset.x, $0.y + offset.y) }
    }

    nonisolated static func signedArea(_ q: [Point]) -> Double {
        (0..<4).reduce(0) { s, k in s + q[k].x * q[(k + 1) % 4].y - q[(k + 1) % 4].x * q[k].y } / 2
    }

    // MARK: Swiper

    /// Swiper's geometry for `options` in a container of `size` centred in a 1280 x 720 window, with the wrapper's
    /// translate `translate`, and `dragging` forwards (cards' swipe).
    struct Swiper {
        var effect: String
        var slidesPerView = 1.0, spaceBetween = 0.0, centeredSlides = false
        var size = Size(1280, 720)
        var count = 12
        // creative
        var prev: [String: Any] = [:], next: [String: Any] = [:], limitProgress = 1.0, multiplier = 1.0
        // coverflow
        var rotate = 50.0, stretch = 0.0, depth = 100.0, cfScale = 1.0, modifier = 1.0
        // cards
        var perSlideOffset = 8.0, perSlideRotate = 2.0

        var offset: Point { Point((1280 - size.width) / 2, (720 - size.height) / 2) }
        /// The container in the window: it cuts what it holds (`overflow: hidden`).
        var container: Rect { Rect(origin: offset, size: size) }
        var slideSize: Double { (size.width - (slidesPerView - 1) * spaceBetween) / slidesPerView }
        var centred: Bool { centeredSlides || effect == "cards" }
        /// updateSlides: snapGrid[0] (centred: the first slide's centre at the container's), minTranslate = -snapGrid[0].
        var minTranslate: Double { centred ? -(slideSize / 2 - size.width / 2) : 0 }

        func items(translate t: Double, dragForward: Bool) -> [Expected] {
            (0..<count).map { i in
                let s = slideSize, pitch = s + spaceBetween
                let slideOffset = Double(i) * pitch
                // updateSlidesProgress.
                let progress = (-t + (centred ? minTranslate : 0) - slideOffset) / pitch
                let centre = Point(size.width / 2, size.height / 2)
                switch effect {
                case "creative":
                    let p = min(max(progress, -limitProgress), limitProgress)
                    let data = p < 0 ? next : p > 0 ? prev : [:]
                    let k = abs(p * multiplier)
                    let tr = (data["translate"] as? [Any]) ?? [0.0, 0.0, 0.0]
                    func length(_ v: Any, _ base: Double) -> Double {
                        if let s = v as? String { return Double(s.dropLast())! / 100 * base }
                        return v as! Double
                    }
                    let ro = (data["rotate"] as? [Double]) ?? [0, 0, 0]
                    let sc = (data["scale"] as? Double) ?? 1, op = (data["opacity"] as? Double) ?? 1
                    let scale = p < 0 ? 1 + (1 - sc) * p * multiplier : 1 - (1 - sc) * p * multiplier
                    let opacity = p < 0 ? 1 + (1 - op) * p * multiplier : 1 - (1 - op) * p * multiplier
                    let origin = (data["origin"] as? Point) ?? Point(0.5, 0.5)
                    // virtualTranslate: each slide moved back by its offset; centred slides: the wrapper at 50% - s/2.
                    let wrapper = centred ? size.width / 2 - s / 2 : 0
                    let transform = M.translate(-slideOffset + length(tr[0], s) * k, length(tr[1], size.height) * k, length(tr[2], s) * k)
                        * M.rx(ro[0] * k) * M.ry(ro[1] * k) * M.rz(ro[2] * k) * M.scale(scale, scale)
                    let q = EffectReferenceTests.quad(x: wrapper + slideOffset, y: 0, w: s, h: size.height, transform, origin: origin,
                                                      perspective: 1200, centre: centre, offset: offset)
                    return Expected(progress: progress, quad: q, opacity: min(max(opacity, 0), 1),
                                    mustShow: abs(progress) <= limitProgress && EffectReferenceTests.signedArea(q) > 0 && opacity > 0.01)
                case "coverflow":
                    let c = (-t + size.width / 2 - slideOffset - s / 2) / s
                    let om = c * modifier
                    let transform = M.translate(stretch * om, 0, -depth * abs(om)) * M.rx(0) * M.ry(rotate * om)
                        * M.scale(1 - (1 - cfScale) * abs(om), 1 - (1 - cfScale) * abs(om))
                    let q = EffectReferenceTests.quad(x: slideOffset + t, y: 0, w: s, h: size.height, transform, perspective: 1200, centre: centre, offset: offset)
                    return Expected(progress: progress, quad: q, opacity: 1, mustShow: abs(c) < 1.5)
                default: // cards
                    let p = min(max(progress, -4), 4)
                    var tXAdd = perSlideOffset - abs(p) * 0.75
                    var rotate = -perSlideRotate * p
                    var scale = 1.0
                    var tY = 0.0
                    if dragForward && p > 0 && p < 1 {
                        let sub = pow(1 - abs((abs(p) - 0.5) / 0.5), 0.5)
                        rotate += -28 * p * sub
                        scale += -0.5 * sub
                        tXAdd += 96 * sub
                        tY = -25 * sub * abs(p) / 100 * size.height
                    }
                    let tX = -slideOffset - tXAdd * p / 100 * s
                    let sc = p < 0 ? 1 + (1 - scale) * p : 1 - (1 - scale) * p
                    let transform = M.translate(tX, tY, -100 * abs(p)) * M.rz(rotate) * M.scale(sc, sc)
                    let q = EffectReferenceTests.quad(x: minTranslate + slideOffset, y: 0, w: s, h: size.height, transform, origin: Point(0.5, 1),
                                                      perspective: 1200, centre: centre, offset: offset)
                    return Expected(progress: progress, quad: q, opacity: 1, mustShow: abs(progress) <= 4)
                }
            }
        }
    }

    // MARK: Checking

    /// Drives `definition` to rest, then drags it `drag` points forwards (the pointer moving against the axis),
    /// and compares the layout JSON with `expected(scroll)` both times.
    func check(_ definition: StyleDefinition, name: String, drag: Double = 120, settle: Double = 3, within: Rect = Rect(0, 0, 1280, 720),
               expected: (_ scroll: Double) -> [Expected]) throws {
        let h = try StyleHarness<EffectStyle>(definition: definition, deck: .sample(count: 12))
        let sim = InputSimulator(driver: h)
        sim.wait(settle)
        try compare(h, expected(0), "\(name) at rest", within: within)
        // Pressed where no item is (no hover, no press state), dragged by `drag`, held.
        sim.send(.pointerMove(Point(900, 12)), .pointerDown(Point(900, 12), .left))
        for k in 1...6 {
            sim.wait(1 / 60)
            sim.send(.pointerMove(Point(900 - drag * Double(k) / 6, 12)))
        }
        try compare(h, expected(drag), "\(name) mid-drag", within: within)
    }

    /// Every item in the layout is one the formula has, with its quad and opacity; every one the formula must show
    /// inside `window` is in the layout.
    func compare(_ h: StyleHarness<EffectStyle>, _ expected: [Expected], _ what: String, within window: Rect) throws {
        let items = h.items.map { $0.json(offsetBy: .zero) }
        #expect(!items.isEmpty, "\(what): no items")
        var matched = Set<Int>()
        for item in items {
            let progress = try #require(item["progress"]?.numberValue)
            guard let k = expected.indices.first(where: { abs(expected[$0].progress - progress) < 1e-3 }) else {
                Issue.record("\(what): an item at progress \(progress) the formula has no slot for")
                continue
            }
            matched.insert(k)
            let e = expected[k]
            let quad = try #require(item["quad"]?.arrayValue).map { p in Point(p.arrayValue![0].numberValue!, p.arrayValue![1].numberValue!) }
            for (a, b) in zip(quad, e.quad) {
                #expect(abs(a.x - b.x) <= 0.01 && abs(a.y - b.y) <= 0.01, "\(what): item at p = \(progress): corner \(a) against \(b)")
            }
            let opacity = try #require(item["opacity"]?.numberValue)
            #expect(abs(opacity - e.opacity) <= 0.01, "\(what): item at p = \(progress): opacity \(opacity) against \(e.opacity)")
        }
        for (k, e) in expected.enumerated() where e.mustShow && !matched.contains(k) {
            let xs = e.quad.map(\.x), ys = e.quad.map(\.y)
            let box = Rect(xs.min()!, ys.min()!, xs.max()! - xs.min()!, ys.max()! - ys.min()!)
            if box.intersects(window) { Issue.record("\(what): the item at p = \(e.progress) is not in the layout") }
        }
    }

    func swiper(_ text: String) throws -> StyleDefinition { try EffectFile.definition(path: "test.json", text: text) }

    // MARK: Swiper configs

    @Test("Swiper creative (translate %, rotate, scale, opacity, origin, limitProgress 2, multiplier 0.8, 1.5 per view, centred)")
    func swiperCreative() throws {
        let def = try swiper("""
        {effect: 'creative', slidesPerView: 1.5, spaceBetween: 10, centeredSlides: true, width: 600, height: 300,
         creativeEffect: {limitProgress: 2, progressMultiplier: 0.8,
           prev: {translate: ['-60%', '10%', -300], rotate: [10, 20, -8], scale: 0.7, opacity: 0.4, shadow: true, origin: 'left center'},
           next: {translate: ['70%', 0, -120], rotate: [0, -30, 5], scale: 0.9, opacity: 0.5}}}
        """)
        var s = Swiper(effect: "creative", slidesPerView: 1.5, spaceBetween: 10, centeredSlides: true, size: Size(600, 300))
        s.prev = ["translate": ["-60%", "10%", -300.0] as [Any], "rotate": [10.0, 20, -8], "scale": 0.7, "opacity": 0.4, "origin": Point(0, 0.5)]
        s.next = ["translate": ["70%", 0.0, -120.0] as [Any], "rotate": [0.0, -30, 5], "scale": 0.9, "opacity": 0.5, "origin": Point(1, 0.5)]
        s.next["origin"] = nil
        s.limitProgress = 2; s.multiplier = 0.8
        try check(def, name: "creative", within: s.container) { d in s.items(translate: s.minTranslate - d, dragForward: d > 0) }
    }

    @Test("Swiper coverflow (3 per view, spaceBetween 20, centred, stretch, scale, modifier)")
    func swiperCoverflow() throws {
        let def = try swiper("""
        {effect: 'coverflow', slidesPerView: 3, spaceBetween: 20, centeredSlides: true, width: 900, height: 400,
         coverflowEffect: {rotate: 40, stretch: 10, depth: 150, modifier: 1.2, scale: 0.9, slideShadows: true}}
        """)
        var s = Swiper(effect: "coverflow", slidesPerView: 3, spaceBetween: 20, centeredSlides: true, size: Size(900, 400))
        s.rotate = 40; s.stretch = 10; s.depth = 150; s.modifier = 1.2; s.cfScale = 0.9
        try check(def, name: "coverflow") { d in s.items(translate: s.minTranslate - d, dragForward: d > 0) }
    }

    @Test("Swiper coverflow, not centred: offsets from the container's centre")
    func swiperCoverflowStart() throws {
        let def = try swiper("{effect: 'coverflow', slidesPerView: 2.5, spaceBetween: 12, coverflowEffect: {rotate: 30, depth: 80}}")
        var s = Swiper(effect: "coverflow", slidesPerView: 2.5, spaceBetween: 12)
        s.rotate = 30; s.depth = 80
        try check(def, name: "coverflow start") { d in s.items(translate: -d, dragForward: d > 0) }
    }

    @Test("Swiper cards (perSlideOffset 10, perSlideRotate 3) with the swipe while dragging forwards")
    func swiperCards() throws {
        let def = try swiper("{effect: 'cards', width: 300, height: 400, cardsEffect: {perSlideOffset: 10, perSlideRotate: 3}}")
        var s = Swiper(effect: "cards", size: Size(300, 400))
        s.perSlideOffset = 10; s.perSlideRotate = 3
        try check(def, name: "cards") { d in s.items(translate: -d, dragForward: d > 0) }
    }

    @Test("Swiper's six creative demos, by their published options")
    func creativeDemos() throws {
        let sides: [(prev: [String: Any], next: [String: Any])] = [
            (["translate": [0.0, 0.0, -400.0]], ["translate": ["100%", 0.0, 0.0] as [Any]]),
            (["translate": ["-120%", 0.0, -500.0] as [Any]], ["translate": ["120%", 0.0, -500.0] as [Any]]),
            (["translate": ["-20%", 0.0, -1.0] as [Any]], ["translate": ["100%", 0.0, 0.0] as [Any]]),
            (["translate": [0.0, 0.0, -800.0], "rotate": [180.0, 0, 0]], ["translate": [0.0, 0.0, -800.0], "rotate": [-180.0, 0, 0]]),
            (["translate": ["-125%", 0.0, -800.0] as [Any], "rotate": [0.0, 0, -90]], ["translate": ["125%", 0.0, -800.0] as [Any], "rotate": [0.0, 0, 90]]),
            (["translate": ["-5%", 0.0, -200.0] as [Any], "rotate": [0.0, 100, 0], "origin": Point(0, 0.5)],
             ["translate": ["5%", 0.0, -200.0] as [Any], "rotate": [0.0, -100, 0], "origin": Point(1, 0.5)]),
        ]
        for (k, side) in sides.enumerated() {
            let def = try #require(EffectGallery.definition(named: "creative-\(k + 1)"))
            var s = Swiper(effect: "creative", size: Size(320, 240))
            s.prev = side.prev; s.next = side.next
            try check(def, name: "creative-\(k + 1)", drag: 100, within: s.container) { d in s.items(translate: -d, dragForward: d > 0) }
        }
    }

    // MARK: The gallery's own effects

    /// A row of `count` slots (a loop: every slot near the window) at scroll `s`: slot k's leading edge along x.
    func rowSlots(loop: Bool, around s: Double, pitch: Double, count: Int = 12) -> [Int] {
        let k = Int((s / pitch).rounded())
        return loop ? Array((k - 12)...(k + 12)) : Array(0..<count)
    }

    @Test("coverflow: rotateY 50 p, translateZ -100 |p|, 300-point squares, perspective 1200 about the centre")
    func coverflow() throws {
        let def = try #require(EffectGallery.definition(named: "coverflow"))
        try check(def, name: "coverflow") { d in
            rowSlots(loop: true, around: d, pitch: 300).map { k in
                let x = 490 + Double(k) * 300 - d
                let p = (640 - (x + 150)) / 300
                let q = Self.quad(x: x, y: 210, w: 300, h: 300, M.translate(0, 0, -100 * abs(p)) * M.ry(50 * p), perspective: 1200,
                                  centre: Point(640, 360), offset: .zero)
                return Expected(progress: p, quad: q, opacity: 1, mustShow: abs(p) < 1.6)
            }
        }
    }

    @Test("cards: -(8 - 0.75 |p|) p % across, -100 |p| deep, -2 p degrees, about the bottom centre, p within ±4")
    func cards() throws {
        let def = try #require(EffectGallery.definition(named: "cards"))
        try check(def, name: "cards") { d in
            (0..<12).map { k in
                let progress = (d - Double(k) * 360) / 360
                let p = min(max(progress, -4), 4)
                let t = M.translate(-(8 - 0.75 * abs(p)) * p / 100 * 360, 0, -100 * abs(p)) * M.rz(-2 * p)
                let q = Self.quad(x: 460, y: 120, w: 360, h: 480, t, origin: Point(0.5, 1), perspective: 1200, centre: Point(640, 360), offset: .zero)
                return Expected(progress: progress, quad: q, opacity: 1, mustShow: abs(progress) <= 4)
            }
        }
    }

    @Test("parallax: 2.4 per view, pulled 0.2 pitch per item towards the centre, scaled 1 -> 0.7 by p = ±2 (ease-out after)")
    func parallax() throws {
        let def = try #require(EffectGallery.definition(named: "parallax"))
        let w = (1280 - 1.4 * 24) / 2.4, pitch = w + 24
        try check(def, name: "parallax") { d in
            rowSlots(loop: true, around: d, pitch: pitch).map { k in
                let x = 640 - w / 2 + Double(k) * pitch - d
                let p = (640 - (x + w / 2)) / pitch
                let c = min(max(p, -2), 2)
                let scale = c < 0 ? 0.7 + (1 - 0.7) * (c + 2) / 2 : 1 + (0.7 - 1) * CubicBezier.easeOut.progress(at: c / 2)
                let q = Self.quad(x: x, y: 108, w: w, h: 504, M.translate(0.2 * pitch * p, 0) * M.scale(scale, scale), perspective: nil,
                                  centre: .zero, offset: .zero)
                return Expected(progress: p, quad: q, opacity: 1, mustShow: true)
            }
        }
    }

    @Test("scale-and-fade: 1.8 per view, scale 1 - 0.2 |p| and opacity 1 - 0.5 |p| within one item")
    func scaleAndFade() throws {
        let def = try #require(EffectGallery.definition(named: "scale-and-fade"))
        let w = (1280 - 0.8 * 16) / 1.8, pitch = w + 16
        try check(def, name: "scale-and-fade") { d in
            (0..<12).map { k in
                let x = 640 - w / 2 + Double(k) * pitch - d
                let p = (640 - (x + w / 2)) / pitch
                let c = min(abs(p), 1)
                let q = Self.quad(x: x, y: 90, w: w, h: 540, M.scale(1 - 0.2 * c, 1 - 0.2 * c), perspective: nil, centre: .zero, offset: .zero)
                return Expected(progress: p, quad: q, opacity: 1 - 0.5 * c, mustShow: true)
            }
        }
    }

    @Test("widen: the selected card 0.28 of the width, the others 0.11, 16 apart, snapped at the leading edge")
    func widen() throws {
        let def = try #require(EffectGallery.definition(named: "widen"))
        let narrow = 0.11 * 1280, wide = 0.28 * 1280, pitch = narrow + 16
        try check(def, name: "widen", drag: 40) { d in
            (0..<12).map { k in
                let x = Double(k) * pitch + (k > 0 ? wide - narrow : 0) - d
                let w = k == 0 ? wide : narrow
                let q = Self.quad(x: x, y: 180, w: w, h: 360, .identity, perspective: nil, centre: .zero, offset: .zero)
                return Expected(progress: -x / pitch, quad: q, opacity: 1, mustShow: true)
            }
        }
    }
}
