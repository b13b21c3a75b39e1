import CarouselCore
import Testing

@Suite("Geometry")
struct GeometryTests {
    @Test("aspectFit is the largest same-ratio size inside; aspectFill the smallest covering")
    func aspect() {
        let portrait = Size(400, 600), landscape = Size(800, 300)
        let box = Size(300, 300)
        #expect(portrait.aspectFit(in: box) == Size(200, 300))
        #expect(portrait.aspectFill(box) == Size(300, 450))
        #expect(landscape.aspectFit(in: box) == Size(300, 112.5))
        #expect(landscape.aspectFill(box) == Size(800, 300))
        // Ratio kept, one side matching the box exactly.
        for s in [portrait, landscape, Size(123, 77)] {
            for b in [Size(300, 300), Size(1280, 720), Size(50, 400)] {
                let fit = s.aspectFit(in: b), fill = s.aspectFill(b)
                #expect(abs(fit.width / fit.height - s.width / s.height) < 1e-12)
                #expect(abs(fill.width / fill.height - s.width / s.height) < 1e-12)
                #expect(fit.width <= b.width + 1e-9 && fit.height <= b.height + 1e-9)
                #expect(abs(fit.width - b.width) < 1e-9 || abs(fit.height - b.height) < 1e-9)
                #expect(fill.width >= b.width - 1e-9 && fill.height >= b.height - 1e-9)
                #expect(abs(fill.width - b.width) < 1e-9 || abs(fill.height - b.height) < 1e-9)
            }
        }
        #expect(Size.zero.aspectFit(in: box) == .zero)
        #expect(Size(0, 10).aspectFill(box) == .zero)
        #expect(Size.zero.aspectRatio == 1)
    }

    @Test("Rect.placing centres the content for every content mode")
    func placing() {
        let r = Rect(100, 50, 300, 200)
        let content = Size(400, 100)  // 4:1
        #expect(r.placing(content, mode: .fit) == Rect(100, 112.5, 300, 75))
        #expect(r.placing(content, mode: .fill) == Rect(-150, 50, 800, 200))
        #expect(r.placing(content, mode: .center) == Rect(50, 100, 400, 100))
        #expect(r.placing(content, mode: .stretch) == r)
        // Scale-down: the natural size when it fits, else aspect-fit; never larger than the rectangle.
        #expect(r.placing(content, mode: .scaleDown) == Rect(100, 112.5, 300, 75))
        #expect(r.placing(Size(200, 100), mode: .scaleDown) == Rect(150, 100, 200, 100))
        #expect(r.placing(Size(300, 200), mode: .scaleDown) == r)
        #expect(Rect(0, 0, 1280, 720).placing(Size(1600, 1065), mode: .scaleDown).size == Size(1600 * 720 / 1065, 720))
        for mode in ContentMode.allCases {
            let p = r.placing(Size(37, 91), mode: mode)
            #expect(abs(p.midX - r.midX) < 1e-9 && abs(p.midY - r.midY) < 1e-9, "\(mode)")
        }
    }

    @Test("Rect containment, intersection and union")
    func rects() {
        let a = Rect(0, 0, 100, 50), b = Rect(80, 40, 100, 100)
        #expect(a.contains(Point(0, 0)) && !a.contains(Point(100, 10)) && !a.contains(Point(10, 50)))
        #expect(a.intersection(b) == Rect(80, 40, 20, 10))
        #expect(a.intersects(b))
        #expect(!a.intersects(Rect(100, 0, 10, 10)), "touching edges do not overlap")
        #expect(a.intersection(Rect(200, 200, 5, 5)).isEmpty)
        #expect(a.union(b) == Rect(0, 0, 180, 140))
        #expect(a.union(.zero) == a && Rect.zero.union(b) == b)
        #expect(a.insetBy(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == Rect(2, 1, 94, 46))
        #expect(a.outset(5) == Rect(-5, -5, 110, 60))
    }

    @Test("Transform2D: concatenation applies self first, then the argument")
    func concatenation() {
        let s = Transform2D.scale(2, 3), t = Transform2D.translation(10, 20)
        let p = Point(1, 1)
        #expect(s.concatenating(t).apply(p) == Point(12, 23))
        #expect(t.concatenating(s).apply(p) == Point(22, 63))
        #expect(s.concatenating(t).apply(p) == t.apply(s.apply(p)))
        // Associativity and identity on a general (rotating, skewing) transform.
        let g = Transform2D(a: 0.8, b: 0.6, c: -0.6, d: 0.8, tx: 5, ty: -7)
        let h = Transform2D(a: 1.5, b: 0.2, c: 0.1, d: 0.7, tx: -3, ty: 4)
        #expect(isClose(g.concatenating(h).concatenating(s), g.concatenating(h.concatenating(s))))
        #expect(g.concatenating(.identity) == g && Transform2D.identity.concatenating(g) == g)
        for q in [Point(0, 0), Point(3, -4), Point(-10, 7.5)] {
            #expect(isClose(g.concatenating(h).apply(q), h.apply(g.apply(q)), 1e-12))
        }
        #expect(Transform2D.identity.isIdentity && !t.isIdentity)
        #expect(s.isAxisAligned && !g.isAxisAligned)
        #expect(abs(g.scaleX - 1) < 1e-12 && s.scaleX == 2)
    }

    @Test("Transform2D: the inverse undoes the transform; singular ones have none")
    func inverse() throws {
        let g = Transform2D(a: 1.5, b: 0.2, c: 0.1, d: 0.7, tx: -3, ty: 4)
        let inv = try #require(g.inverted)
        #expect(isClose(g.concatenating(inv), .identity, 1e-12))
        #expect(isClose(inv.concatenating(g), .identity, 1e-12))
        for q in [Point(0, 0), Point(3, -4), Point(100, 7.5)] {
            #expect(isClose(inv.apply(g.apply(q)), q, 1e-12))
        }
        #expect(Transform2D.scale(0, 1).inverted == nil)
        #expect(Transform2D(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0).inverted == nil)
        #expect(Transform2D(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted == nil)
    }

    @Test("Transform2D: scale about a point keeps that point fixed and scales distances from it")
    func scaleAbout() {
        let anchor = Point(50, 20)
        let m = Transform2D.scale(3, about: anchor)
        #expect(m.apply(anchor) == anchor)
        #expect(m.apply(Point(60, 20)) == Point(80, 20))
        #expect(m.apply(Point(50, 10)) == Point(50, -10))
        // The same as translate(-anchor), scale, translate(+anchor).
        let composed = Transform2D.translation(-50, -20).concatenating(.scale(3, 3)).concatenating(.translation(50, 20))
        #expect(isClose(m, composed))
        // Bounding box of a transformed rectangle.
        #expect(m.apply(Rect(40, 10, 20, 20)) == Rect(20, -10, 60, 60))
        let flip = Transform2D(a: -1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(flip.apply(Rect(10, 0, 5, 5)) == Rect(-15, 0, 5, 5))
    }

    @Test("Colours from hex and lerp between vector values")
    func colorsAndLerp() {
        #expect(Color(hex: 0xFF8000) == Color(1, 128.0 / 255, 0))
        #expect(Color(hex: 0x000000, alpha: 0.5) == Color(0, 0, 0, 0.5))
        #expect(lerp(Color(0, 0, 0, 0), Color(1, 0.5, 0, 1), 0.5) == Color(0.5, 0.25, 0, 0.5))
        #expect(lerp(Rect(0, 0, 10, 10), Rect(10, 20, 30, 50), 0.25) == Rect(2.5, 5, 15, 20))
        #expect(lerp(Point(1, 1), Point(3, -1), 1) == Point(3, -1))
        #expect(Rect(-5, 2, 3, -9).magnitude == 9)
    }
}
