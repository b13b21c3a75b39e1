import CarouselCore
import Foundation

/// Independent reference models the tests compare the core against. None of them calls the code under test.
enum Reference {
    /// The y of a CSS cubic-bezier at time fraction `x`, by bisection on the curve parameter (no Newton steps).
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if coordinate(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return coordinate((lo + hi) / 2, y1, y2)
    }

    /// CSS `ease-in-out`: cubic-bezier(0.42, 0, 0.58, 1).
    static func easeInOut(_ x: Double) -> Double { bezier(0.42, 0, 0.58, 1, at: x) }
    /// CSS `ease-out`: cubic-bezier(0, 0, 0.58, 1).
    static func easeOut(_ x: Double) -> Double { bezier(0, 0, 0.58, 1, at: x) }

    /// A damped harmonic oscillator `x'' = -ω² x - 2ζω x'` (unit mass), integrated with classical RK4.
    /// ω = 2π / response, as SwiftUI defines a spring's response.
    struct Oscillator {
        let omega: Double
        let zeta: Double
        private(set) var t = 0.0
        private(set) var x: Double
        private(set) var v: Double
        let dt: Double

        init(response: Double, dampingFraction: Double, x0: Double, v0: Double, dt: Double = 1e-5) {
            omega = 2 * Double.pi / response; zeta = dampingFraction; x = x0; v = v0; self.dt = dt
        }

        private func accel(_ x: Double, _ v: Double) -> Double { -omega * omega * x - 2 * zeta * omega * v }

        private mutating func step(_ h: Double) {
            let k1x = v, k1v = accel(x, v)
            let k2x = v + h / 2 * k1v, k2v = accel(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = accel(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = accel(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += h
        }

        /// Integrates forward to time `target` (never backwards) and returns displacement and velocity there.
        @discardableResult
        mutating func advance(to target: Double) -> (x: Double, v: Double) {
            while t + dt <= target { step(dt) }
            if target - t > 1e-15 { step(target - t) }
            return (x, v)
        }
    }

    /// A second-order one-sided (forward) difference: f'(t) from f(t), f(t+h), f(t+2h).
    static func forwardDerivative(_ f: (Double) -> Double, at t: Double, h: Double = 1e-4) -> Double {
        (-3 * f(t) + 4 * f(t + h) - f(t + 2 * h)) / (2 * h)
    }

    /// A second-order one-sided (backward) difference: f'(t) from f(t), f(t-h), f(t-2h).
    static func backwardDerivative(_ f: (Double) -> Double, at t: Double, h: Double = 1e-4) -> Double {
        (3 * f(t) - 4 * f(t - h) + f(t - 2 * h)) / (2 * h)
    }
}

/// Component-wise closeness of rectangles.
func isClose(_ a: Rect, _ b: Rect, _ tolerance: Double) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

/// Component-wise closeness of points.
func isClose(_ a: Point, _ b: Point, _ tolerance: Double) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// Component-wise closeness of transforms.
func isClose(_ a: Transform2D, _ b: Transform2D, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.a - b.a) <= tolerance && abs(a.b - b.b) <= tolerance && abs(a.c - b.c) <= tolerance
        && abs(a.d - b.d) <= tolerance && abs(a.tx - b.tx) <= tolerance && abs(a.ty - b.ty) <= tolerance
}
