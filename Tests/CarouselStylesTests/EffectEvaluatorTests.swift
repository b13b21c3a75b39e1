import CarouselCore
import CarouselStyles
import Foundation
import Testing

/// The evaluator's numbers: tracks interpolate with their easings, clamp or extend outside their keys, combine per
/// property; names resolve through parameters, derived values and the layout.
@Suite("Effect evaluator")
struct EffectEvaluatorTests {
    func resolve(_ text: String, values: [String: Double] = [:], overrides: [String: Double] = [:], area: Size = Size(1000, 500)) throws -> ResolvedEffect {
        EffectEvaluator.resolve(try EffectParser.document(text: text, file: "t.json"), values: values, overrides: overrides, area: area, count: 10)
    }

    @Test("Layout names: item length from itemsPerView and spacing, cross size from the aspect ratio, pitch")
    func layout() throws {
        let r = try resolve(#"{"layout": {"itemsPerView": 3, "spacing": 20, "aspectRatio": 2}}"#)
        #expect(abs(r.env.item.width - (1000 - 2 * 20) / 3) < 1e-9)
        #expect(abs(r.env.item.height - 160) < 1e-9)
        #expect(abs(r.env.pitch - 340) < 1e-9)
        let v = try resolve(#"{"layout": {"axis": "vertical", "itemLength": 0.5, "itemCross": 0.8}}"#)
        #expect(v.env.item == Size(800, 250))
    }

    @Test("Keys: linear and eased segments, clamped or extended outside, percentages of the item")
    func tracks() throws {
        let r = try resolve("""
        {"layout": {"itemLength": 0.2},
         "parameters": {"a": {"default": 40, "min": 0, "max": 90}},
         "tracks": [
           {"property": "rotateY", "keys": [[-1, "-a"], [0, 0, "easeIn"], [1, "a"]]},
           {"property": "translateX", "keys": [[0, 0], [1, "50%"]], "outside": "extend"},
           {"property": "opacity", "keys": [[-2, 0], [0, 1, "hold"], [2, 0]]},
           {"property": "scale", "keys": [[0, 1], [1, 0.5]]},
           {"property": "scale", "keys": [[0, 1], [1, 0.5]]}
         ]}
        """)
        #expect(r.look(at: -0.5).rotateY == -20)
        #expect(abs(r.look(at: 0.5).rotateY - 40 * CubicBezier.easeIn.progress(at: 0.5)) < 1e-12)
        #expect(r.look(at: 3).rotateY == 40 && r.look(at: -7).rotateY == -40)
        #expect(r.look(at: 1).translateX == 100)
        #expect(r.look(at: 2.5).translateX == 250)
        #expect(r.look(at: -1).translateX == -100)
        #expect(r.look(at: -1).opacity == 0.5)
        #expect(r.look(at: 1).opacity == 1 && r.look(at: 2).opacity == 0)
        #expect(r.look(at: 0.5).scaleX == 0.75 * 0.75)
        let other = try resolve("""
        {"parameters": {"a": {"default": 40, "min": 0, "max": 90}},
         "tracks": [{"property": "rotateY", "keys": [[0, 0], [1, "a"]]}]}
        """, values: ["a": 80])
        #expect(other.look(at: 1).rotateY == 80)
    }

    @Test("Derived values follow parameters and overrides; an expression easing reads t")
    func derived() throws {
        let text = """
        {"parameters": {"k": {"default": 2, "min": 0, "max": 10}},
         "derived": {"twice": "k * 2", "gate": "0"},
         "tracks": [{"property": "translateY", "keys": [[0, 0, "t * t"], [1, "twice * (1 + gate)"]]}]}
        """
        #expect(try resolve(text).look(at: 0.5).translateY == 4 * 0.25)
        #expect(try resolve(text, values: ["k": 3]).look(at: 1).translateY == 6)
        #expect(try resolve(text, overrides: ["gate": 1]).look(at: 1).translateY == 8)
    }

    @Test("The transform: CSS's translate3d, rotations and scale about the origin, then the perspective")
    func transform() throws {
        let r = try resolve("""
        {"layout": {"itemLength": 0.2, "itemCross": 0.4}, "perspective": 1000,
         "tracks": [{"property": "rotateY", "keys": [[0, 0], [1, 90]]}]}
        """)
        let size = r.env.item
        #expect(size == Size(200, 200))
        // Turned edge-on at p = 1: the item's vertical midline stays, its edges meet there.
        let m = r.transform(r.look(at: 1), itemOrigin: Point(400, 150), size: size, viewOrigin: .zero)
        let quad = try #require(m.planeHomography.quad(Rect(0, 0, 200, 200)))
        #expect(abs(quad[0].x - 500) < 1e-9 && abs(quad[1].x - 500) < 1e-9)
        // At p = 0.5 (45°), the right edge goes back: it is drawn shorter than the left.
        let half = r.transform(r.look(at: 0.5), itemOrigin: Point(400, 150), size: size, viewOrigin: .zero).planeHomography
        let q = try #require(half.quad(Rect(0, 0, 200, 200)))
        #expect(q[2].y - q[1].y < q[3].y - q[0].y)
        #expect(q[0].x > 400 && q[1].x < 600)
    }
}
