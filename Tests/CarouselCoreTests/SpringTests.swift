import CarouselCore
import Foundation
import Testing

@Suite("Springs")
struct SpringTests {
    /// Runs a spring animation of a Double from `from` to `to` starting at time 0.
    func animate(_ from: Double, _ to: Double, _ animation: Animation) -> AnimatedValue<Double> {
        var value = AnimatedValue(from)
        value.set(to, animation: animation, at: 0)
        return value
    }

    /// The first time after which the reference oscillator's displacement stays within `tolerance` (checked for 3 s).
    func referenceSettlingTime(response: Double, dampingFraction: Double, x0: Double, v0: Double = 0,
                               tolerance: Double) -> Double {
        var osc = Reference.Oscillator(response: response, dampingFraction: dampingFraction, x0: x0, v0: v0, dt: 1e-5)
        var lastOutside = 0.0
        var t = 0.0
        while t < 6 {
            t += 1e-4
            if abs(osc.advance(to: t).x) > tolerance { lastOutside = t }
        }
        return lastOutside
    }

    @Test("The default spring (critically damped, response 0.55) follows the oscillator and settles on time",
          arguments: [(1.0, 0.001), (300.0, 0.005)])
    func criticallyDampedSettles(distance: Double, tolerance: Double) throws {
        let value = animate(0, distance, .default)
        var osc = Reference.Oscillator(response: 0.55, dampingFraction: 1, x0: -distance, v0: 0)
        let end = try #require(value.endTime)
        var t = 0.0
        var previous = 0.0
        while t < end {
            let expected = distance + osc.advance(to: t).x
            let actual = value.value(at: t)
            #expect(abs(actual - expected) <= 1e-7 * distance, "at t=\(t)")
            #expect(actual >= previous - 1e-12 && actual <= distance, "critical damping never overshoots (t=\(t))")
            previous = actual
            t += 0.005
        }
        // The settling time is when the displacement falls within the tolerance for good, to within a frame.
        let reference = referenceSettlingTime(response: 0.55, dampingFraction: 1, x0: -distance, tolerance: tolerance)
        #expect(reference > 0.7 && reference < 1.3, "reference settling time \(reference)")
        #expect(abs(end - reference) <= 1.0 / 60, "settles at \(end), reference \(reference)")
        // Within tolerance at its settling time (the jump to the model at the end is invisible)...
        #expect(abs(value.value(at: end - 1e-6) - distance) <= tolerance)
        #expect(value.value(at: end) == distance)
        #expect(!value.isAnimating(at: end))
        // ...and not long before: a tenth of a second earlier it is still visibly moving.
        #expect(abs(value.value(at: end - 0.1) - distance) > tolerance)
    }

    @Test("An underdamped spring (damping 0.5) overshoots by exp(-πζ/√(1-ζ²)) and matches the oscillator")
    func underdampedOvershoots() throws {
        let zeta = 0.5, response = 0.5
        let value = animate(0, 100, .spring(response: response, dampingFraction: zeta))
        var osc = Reference.Oscillator(response: response, dampingFraction: zeta, x0: -100, v0: 0)
        let end = try #require(value.endTime)
        var peak = -Double.infinity, peakTime = 0.0
        var t = 0.0
        while t < end {
            let actual = value.value(at: t)
            #expect(abs(actual - (100 + osc.advance(to: t).x)) <= 1e-6, "at t=\(t)")
            if actual > peak { peak = actual; peakTime = t }
            t += 0.0005
        }
        let expectedOvershoot = 100 * exp(-Double.pi * zeta / (1 - zeta * zeta).squareRoot())
        #expect(abs((peak - 100) - expectedOvershoot) < 0.01, "overshoot \(peak - 100), expected \(expectedOvershoot)")
        // The first peak is half a damped period after the start.
        let omegaD = 2 * Double.pi / response * (1 - zeta * zeta).squareRoot()
        #expect(abs(peakTime - Double.pi / omegaD) < 0.001)
        // Once it stops, the oscillator stays within the tolerance for good: the final jump is invisible.
        var after = Reference.Oscillator(response: response, dampingFraction: zeta, x0: -100, v0: 0)
        after.advance(to: end)
        var s = end
        while s < end + 2 { s += 0.001; #expect(abs(after.advance(to: s).x) <= 0.005 + 1e-9, "at \(s)") }
        #expect(value.value(at: end) == 100)
    }

    @Test("An overdamped spring (damping 1.5) approaches monotonically without overshoot")
    func overdampedNoOvershoot() throws {
        let value = animate(0, 100, .spring(response: 0.4, dampingFraction: 1.5))
        var osc = Reference.Oscillator(response: 0.4, dampingFraction: 1.5, x0: -100, v0: 0)
        let end = try #require(value.endTime)
        var previous = 0.0
        var t = 0.0
        while t < end {
            let actual = value.value(at: t)
            #expect(abs(actual - (100 + osc.advance(to: t).x)) <= 1e-6, "at t=\(t)")
            #expect(actual >= previous - 1e-12 && actual <= 100, "at t=\(t)")
            previous = actual
            t += 0.002
        }
        #expect(abs(value.value(at: end - 1e-6) - 100) <= 0.005)
        // Overdamped is slower than critical damping with the same response.
        let critical = animate(0, 100, .spring(response: 0.4, dampingFraction: 1))
        #expect(end > critical.endTime!)
    }

    @Test("Spring(duration:bounce:) maps to response = duration and SwiftUI's damping fraction")
    func durationBounceMapping() {
        let cases: [(bounce: Double, damping: Double)] = [(0, 1), (0.3, 0.7), (0.5, 0.5), (-0.5, 2), (-0.2, 1.25)]
        for c in cases {
            let s = Spring(duration: 0.6, bounce: c.bounce)
            #expect(s.response == 0.6)
            #expect(abs(s.dampingFraction - c.damping) < 1e-12, "bounce \(c.bounce)")
        }
        // Bounce is clamped to -0.99...0.99.
        #expect(abs(Spring(duration: 1, bounce: 3).dampingFraction - 0.01) < 1e-12)
        #expect(abs(Spring(duration: 1, bounce: -3).dampingFraction - 100) < 1e-9)
        #expect(Animation.spring(duration: 0.6, bounce: 0.3).curve == .spring(Spring(response: 0.6, dampingFraction: 0.7)))
        // A positive bounce overshoots; bounce 0 does not.
        let bouncy = animate(0, 1, .spring(duration: 0.5, bounce: 0.4))
        let flat = animate(0, 1, .spring(duration: 0.5, bounce: 0))
        let samples = stride(from: 0.0, to: 1.5, by: 0.002)
        #expect(samples.contains { bouncy.value(at: $0) > 1.01 })
        #expect(!samples.contains { flat.value(at: $0) > 1 })
    }

    @Test("Retargeting mid-spring keeps both value and velocity (no kink) and continues as the oscillator would",
          arguments: [(0.6, 300.0), (0.6, -50.0), (1.0, 40.0)])
    func retargetKeepsVelocity(damping: Double, newTarget: Double) throws {
        let animation = Animation.spring(response: 0.5, dampingFraction: damping)
        let t1 = 0.12
        let before = animate(0, 100, animation)
        var after = before
        after.set(newTarget, animation: animation, at: t1)

        let valueBefore = before.value(at: t1), valueAfter = after.value(at: t1)
        #expect(abs(valueAfter - valueBefore) <= 1e-9)
        // Velocity by finite differences: left of the retarget on the old curve, right of it on the new one.
        let vBefore = Reference.backwardDerivative({ before.value(at: $0) }, at: t1, h: 1e-5)
        let vAfter = Reference.forwardDerivative({ after.value(at: $0) }, at: t1, h: 1e-5)
        #expect(abs(vBefore) > 100, "the spring is moving fast at the retarget (\(vBefore))")
        #expect(abs(vAfter - vBefore) <= 1e-3 * abs(vBefore), "velocity \(vBefore) -> \(vAfter)")

        // From there, it is the oscillator started at (displacement, velocity) relative to the new target.
        var osc = Reference.Oscillator(response: 0.5, dampingFraction: damping, x0: valueBefore - newTarget, v0: vBefore)
        let end = try #require(after.endTime)
        var t = t1
        while t < end {
            t += 0.01
            let expected = newTarget + osc.advance(to: t - t1).x
            if t < end {
                #expect(abs(after.value(at: t) - expected) <= 1e-3, "at t=\(t)")
            } else {
                // The run ends when the oscillator is within a hundredth of a point: the final jump is invisible.
                #expect(abs(expected - newTarget) <= 0.01, "at t=\(t)")
                #expect(after.value(at: t) == newTarget)
            }
        }
    }

    @Test("An explicit start velocity (a fling) is the spring's initial velocity")
    func flingVelocity() {
        var value = AnimatedValue(0.0)
        value.set(200, animation: .spring(response: 0.4, dampingFraction: 1), at: 2, velocity: 800)
        #expect(value.value(at: 2) == 0)
        let v0 = Reference.forwardDerivative({ value.value(at: $0) }, at: 2, h: 1e-5)
        #expect(abs(v0 - 800) < 0.5, "initial velocity \(v0)")
        var osc = Reference.Oscillator(response: 0.4, dampingFraction: 1, x0: -200, v0: 800)
        for k in 1...40 {
            let t = Double(k) * 0.02
            #expect(abs(value.value(at: 2 + t) - (200 + osc.advance(to: t).x)) <= 1e-6, "at +\(t)")
        }
        let end = value.endTime!
        #expect(abs(value.value(at: end - 1e-6) - 200) <= 0.01)
    }
}
