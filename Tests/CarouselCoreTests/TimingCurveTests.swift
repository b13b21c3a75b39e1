import CarouselCore
import Foundation
import Testing

@Suite("Timing curves")
struct TimingCurveTests {
    /// The curve's exact point at parameter s: (x(s), y(s)) from the cubic Bernstein form.
    func point(_ b: CubicBezier, _ s: Double) -> (Double, Double) {
        let u = 1 - s
        return (3 * u * u * s * b.x1 + 3 * u * s * s * b.x2 + s * s * s, 3 * u * u * s * b.y1 + 3 * u * s * s * b.y2 + s * s * s)
    }

    @Test("Every preset matches its cubic-bezier definition within 1e-4", arguments: [
        CubicBezier.ease, .easeIn, .easeOut, .easeInOut, CubicBezier(0.165, 0.84, 0.44, 1), CubicBezier(0.4, 0, 0.2, 1),
    ])
    func presets(curve: CubicBezier) {
        for k in 0...40 {
            let s = Double(k) / 40
            let (x, y) = point(curve, s)
            #expect(abs(curve.progress(at: x) - y) < 1e-4, "at x=\(x)")
        }
    }

    @Test("Preset control points are the CSS ones")
    func controlPoints() {
        #expect(CubicBezier.easeInOut == CubicBezier(0.42, 0, 0.58, 1))
        #expect(CubicBezier.easeIn == CubicBezier(0.42, 0, 1, 1))
        #expect(CubicBezier.easeOut == CubicBezier(0, 0, 0.58, 1))
        #expect(CubicBezier.ease == CubicBezier(0.25, 0.1, 0.25, 1))
        #expect(abs(CubicBezier.easeInOut.progress(at: 0.5) - 0.5) < 1e-9)
        #expect(CubicBezier.easeIn.progress(at: 0.25) < 0.25)
        #expect(CubicBezier.easeOut.progress(at: 0.25) > 0.25)
    }

    @Test("Linear is the identity; ends are exact")
    func linear() {
        #expect(TimingCurve.linear.progress(at: 0.3) == 0.3)
        for c in [TimingCurve.ease, .easeIn, .easeOut, .easeInOut] {
            #expect(c.progress(at: 0) == 0)
            #expect(c.progress(at: 1) == 1)
        }
    }
}
