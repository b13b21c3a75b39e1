import Foundation

/// A cubic-bezier timing function through (0,0), (x1,y1), (x2,y2), (1,1), as in CSS and SwiftUI's UnitCurve.
public struct CubicBezier: Hashable, Sendable {
    public let x1, y1, x2, y2: Double
    /// Creates the curve; x1 and x2 are clamped to 0...1 so the curve is a function of time.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1); self.y1 = y1; self.x2 = min(max(x2, 0), 1); self.y2 = y2
    }

    public static let ease = CubicBezier(0.25, 0.1, 0.25, 1)
    public static let easeIn = CubicBezier(0.42, 0, 1, 1)
    public static let easeOut = CubicBezier(0, 0, 0.58, 1)
    public static let easeInOut = CubicBezier(0.42, 0, 0.58, 1)

    // Bernstein form of one coordinate with endpoints 0 and 1.
    @inline(__always) private func bez(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
    @inline(__always) private func bezDerivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The curve parameter whose x coordinate is `x` (Newton's method, falling back to bisection).
    public func parameter(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var s = x
        for _ in 0..<8 {
            let err = bez(s, x1, x2) - x
            if abs(err) < 1e-9 { return s }
            let d = bezDerivative(s, x1, x2)
            if abs(d) < 1e-9 { break }
            s -= err / d
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<60 {
            let v = bez(s, x1, x2)
            if abs(v - x) < 1e-10 { break }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    /// How far progress may overshoot, either way: y control points are any finite number (as in CSS), but an
    /// animated value 1e308 times its change would make every layout's arithmetic overflow, so progress (and its
    /// slope) is held within this many times the change. A curve that reaches it is absurd anyway.
    public static let progressLimit = 1000.0

    /// Progress (y) at time fraction `x` in 0...1, within `progressLimit`.
    public func progress(at x: Double) -> Double {
        let y = bez(parameter(forX: x), y1, y2)
        // NaN: both control points near the largest doubles, one each way (infinity minus infinity).
        guard !y.isNaN else { return min(max(x, 0), 1) }
        return min(max(y, -Self.progressLimit), Self.progressLimit)
    }

    /// d(progress)/d(x) at time fraction `x`, within 1000 times `progressLimit`.
    public func slope(at x: Double) -> Double {
        let s = parameter(forX: x)
        let dx = bezDerivative(s, x1, x2)
        let slope = dx > 1e-9 ? bezDerivative(s, y1, y2) / dx : 0
        let limit = 1000 * Self.progressLimit
        return slope.isNaN ? 0 : min(max(slope, -limit), limit)
    }
}

/// A damped spring, as SwiftUI describes it: `response` is the period of the undamped oscillation in seconds,
/// `dampingFraction` 1 is critical damping (no overshoot), below 1 bounces.
public struct Spring: Hashable, Sendable {
    public let response: Double
    public let dampingFraction: Double
    public init(response: Double = 0.5, dampingFraction: Double = 0.825) {
        self.response = max(response, 0.001); self.dampingFraction = max(dampingFraction, 0)
    }
    /// SwiftUI's newer parameters: perceptual `duration` and `bounce` in -1...1 (0 = critically damped).
    public init(duration: Double, bounce: Double) {
        let b = min(max(bounce, -0.99), 0.99)
        self.init(response: duration, dampingFraction: b >= 0 ? 1 - b : 1 / (1 + b))
    }
    /// SwiftUI's `Animation.default` since iOS 17.
    public static let swiftUIDefault = Spring(response: 0.55, dampingFraction: 1)
    /// SwiftUI's `.spring()`.
    public static let standard = Spring(response: 0.5, dampingFraction: 0.825)

    var omega: Double { 2 * Double.pi / response }

    /// Displacement from the target at time `t` for initial displacement `x0` and velocity `v0` (unit mass).
    public func displacement(at t: Double, x0: Double, v0: Double) -> Double {
        let w = omega, z = dampingFraction
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return exp(-z * w * t) * (x0 * cos(wd * t) + (v0 + z * w * x0) / wd * sin(wd * t))
        } else if z == 1 {
            return exp(-w * t) * (x0 + (v0 + w * x0) * t)
        } else {
            let r = (z * z - 1).squareRoot()
            let r1 = -w * (z - r), r2 = -w * (z + r)
            let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// Velocity (d displacement / dt) at time `t`.
    public func velocity(at t: Double, x0: Double, v0: Double) -> Double {
        let h = 1e-5
        return (displacement(at: t + h, x0: x0, v0: v0) - displacement(at: max(t - h, 0), x0: x0, v0: v0))
            / (t >= h ? 2 * h : h + t)
    }

    /// Time after which the displacement stays below `tolerance`, for displacement `x0` and velocity `v0`.
    public func settlingTime(x0: Double, v0: Double, tolerance: Double) -> Double {
        if abs(x0) <= tolerance && abs(v0) <= tolerance { return 0 }
        // Step forward until both displacement and velocity stay small for a whole response period.
        let step = 1.0 / 240
        var t = 0.0, calmSince: Double? = nil
        while t < 60 {
            let calm = abs(displacement(at: t, x0: x0, v0: v0)) <= tolerance
                && abs(velocity(at: t, x0: x0, v0: v0)) <= tolerance * omega
            if calm {
                if calmSince == nil { calmSince = t }
                if t - calmSince! >= response / 2 { return calmSince! }
            } else {
                calmSince = nil
            }
            t += step
        }
        return t
    }
}

/// How progress runs from 0 to 1 over an animation.
public enum TimingCurve: Hashable, Sendable {
    case linear
    case bezier(CubicBezier)
    /// A physical spring: its duration comes from its settling time, and it carries velocity when retargeted.
    case spring(Spring)

    public static let ease = TimingCurve.bezier(.ease)
    public static let easeIn = TimingCurve.bezier(.easeIn)
    public static let easeOut = TimingCurve.bezier(.easeOut)
    public static let easeInOut = TimingCurve.bezier(.easeInOut)

    /// Progress at time fraction `x` for the curves that have a fixed duration (springs return `x`).
    public func progress(at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        switch self {
        case .linear: return x
        case .bezier(let b): return b.progress(at: x)
        case .spring: return x
        }
    }
}

/// An animation: a timing curve, a duration (ignored by springs) and a delay before it starts.
public struct Animation: Hashable, Sendable {
    public var curve: TimingCurve
    public var duration: Double
    public var delay: Double
    public init(curve: TimingCurve, duration: Double = 0.35, delay: Double = 0) {
        self.curve = curve; self.duration = max(duration, 0); self.delay = max(delay, 0)
    }
    public static func linear(_ duration: Double = 0.35) -> Animation { Animation(curve: .linear, duration: duration) }
    public static func easeIn(_ duration: Double = 0.35) -> Animation { Animation(curve: .easeIn, duration: duration) }
    public static func easeOut(_ duration: Double = 0.35) -> Animation { Animation(curve: .easeOut, duration: duration) }
    public static func easeInOut(_ duration: Double = 0.35) -> Animation { Animation(curve: .easeInOut, duration: duration) }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825) -> Animation {
        Animation(curve: .spring(Spring(response: response, dampingFraction: dampingFraction)))
    }
    public static func spring(duration: Double, bounce: Double) -> Animation {
        Animation(curve: .spring(Spring(duration: duration, bounce: bounce)))
    }
    /// SwiftUI's `Animation.default` on current systems: a critically damped spring with response 0.55.
    public static let `default` = Animation(curve: .spring(.swiftUIDefault))
    /// The same animation starting `seconds` later.
    public func delay(_ seconds: Double) -> Animation { var a = self; a.delay = max(seconds, 0); return a }
}
