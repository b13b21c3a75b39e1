import Foundation

/// A transform of 3D space as CSS writes them (`translate3d`, `rotateX`, `perspective`, ...): a 4x4 matrix that maps
/// column vectors (x, y, z, 1), with y down and z towards the viewer, as in CSS and the rest of the app's geometry.
/// `a.then(b)` applies `a` first; CSS's `transform: A B` is `B.then(A)` (the rightmost function applies first).
public struct Transform3D: Hashable, Sendable {
    /// The rows of the matrix.
    public var r0, r1, r2, r3: SIMD4<Double>

    public init(_ r0: SIMD4<Double>, _ r1: SIMD4<Double>, _ r2: SIMD4<Double>, _ r3: SIMD4<Double>) {
        self.r0 = r0; self.r1 = r1; self.r2 = r2; self.r3 = r3
    }

    public static let identity = Transform3D([1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1])

    /// CSS `translate3d(x, y, z)`.
    public static func translation(_ x: Double, _ y: Double, _ z: Double = 0) -> Transform3D {
        Transform3D([1, 0, 0, x], [0, 1, 0, y], [0, 0, 1, z], [0, 0, 0, 1])
    }
    /// CSS `scale3d(x, y, z)`.
    public static func scale(_ x: Double, _ y: Double, _ z: Double = 1) -> Transform3D {
        Transform3D([x, 0, 0, 0], [0, y, 0, 0], [0, 0, z, 0], [0, 0, 0, 1])
    }
    /// CSS `rotateX(degrees)`: the bottom edge comes towards the viewer for positive angles.
    public static func rotationX(degrees: Double) -> Transform3D {
        let (s, c) = Transform3D.sinCos(degrees)
        return Transform3D([1, 0, 0, 0], [0, c, -s, 0], [0, s, c, 0], [0, 0, 0, 1])
    }
    /// CSS `rotateY(degrees)`: the right edge goes away from the viewer for positive angles.
    public static func rotationY(degrees: Double) -> Transform3D {
        let (s, c) = Transform3D.sinCos(degrees)
        return Transform3D([c, 0, s, 0], [0, 1, 0, 0], [-s, 0, c, 0], [0, 0, 0, 1])
    }
    /// CSS `rotateZ(degrees)` (and `rotate`): clockwise on screen for positive angles.
    public static func rotationZ(degrees: Double) -> Transform3D {
        let (s, c) = Transform3D.sinCos(degrees)
        return Transform3D([c, -s, 0, 0], [s, c, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1])
    }
    /// CSS `perspective(d)`: the viewer at distance `d` in front of the plane z = 0, looking at the origin. A
    /// distance of 0 or less (or not finite) is none.
    public static func perspective(_ d: Double) -> Transform3D {
        guard d > 0, d.isFinite else { return .identity }
        return Transform3D([1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, -1 / d, 1])
    }

    /// Sine and cosine of an angle in degrees, exact at multiples of 90 (so 180° is a true half turn).
    static func sinCos(_ degrees: Double) -> (Double, Double) {
        let r = degrees.truncatingRemainder(dividingBy: 360)
        switch r {
        case 0: return (0, 1)
        case 90, -270: return (1, 0)
        case 180, -180: return (0, -1)
        case 270, -90: return (-1, 0)
        default:
            let a = r * .pi / 180
            return (sin(a), cos(a))
        }
    }

    /// The matrix product `self * t` (`t` applied first).
    public static func * (a: Transform3D, t: Transform3D) -> Transform3D {
        let c0 = SIMD4(t.r0.x, t.r1.x, t.r2.x, t.r3.x), c1 = SIMD4(t.r0.y, t.r1.y, t.r2.y, t.r3.y)
        let c2 = SIMD4(t.r0.z, t.r1.z, t.r2.z, t.r3.z), c3 = SIMD4(t.r0.w, t.r1.w, t.r2.w, t.r3.w)
        func row(_ r: SIMD4<Double>) -> SIMD4<Double> {
            SIMD4((r * c0).sum(), (r * c1).sum(), (r * c2).sum(), (r * c3).sum())
        }
        return Transform3D(row(a.r0), row(a.r1), row(a.r2), row(a.r3))
    }

    /// `self` applied first, then `t`.
    public func then(_ t: Transform3D) -> Transform3D { t * self }

    /// The same transform about `origin` (CSS's `transform-origin`): moved there, transformed, moved back.
    public func about(_ origin: Point, z: Double = 0) -> Transform3D {
        .translation(origin.x, origin.y, z) * self * .translation(-origin.x, -origin.y, -z)
    }

    /// The homogeneous image of the point (x, y, z, 1).
    public func apply(x: Double, y: Double, z: Double) -> SIMD4<Double> {
        let p = SIMD4(x, y, z, 1)
        return SIMD4((r0 * p).sum(), (r1 * p).sum(), (r2 * p).sum(), (r3 * p).sum())
    }

    /// How the plane z = 0 maps to the screen (z dropped after the projection): the 3x3 homography of columns x, y
    /// and w, rows x, y and w.
    public var planeHomography: Homography {
        Homography(r0.x, r0.y, r0.w, r1.x, r1.y, r1.w, r3.x, r3.y, r3.w)
    }

    /// Whether every entry is finite.
    public var isFinite: Bool {
        [r0, r1, r2, r3].allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite && $0.w.isFinite }
    }
}

/// A projective transform of the plane (a homography): (x, y) maps to (X / W, Y / W) with
/// (X, Y, W) = M (x, y, 1). What a flat picture turned in 3D and seen through a perspective is on screen, and what
/// pixman's 3x3 transforms take. Affine transforms are the ones with a last row (0, 0, 1).
public struct Homography: Hashable, Sendable {
    /// Rows of the matrix.
    public var m00, m01, m02, m10, m11, m12, m20, m21, m22: Double

    public init(_ m00: Double, _ m01: Double, _ m02: Double, _ m10: Double, _ m11: Double, _ m12: Double,
                _ m20: Double, _ m21: Double, _ m22: Double) {
        self.m00 = m00; self.m01 = m01; self.m02 = m02; self.m10 = m10; self.m11 = m11; self.m12 = m12
        self.m20 = m20; self.m21 = m21; self.m22 = m22
    }

    public static let identity = Homography(1, 0, 0, 0, 1, 0, 0, 0, 1)

    /// The affine transform `t` as a homography.
    public init(_ t: Transform2D) { self.init(t.a, t.c, t.tx, t.b, t.d, t.ty, 0, 0, 1) }

    /// The smallest w a point is drawn at: the plane's points at or behind the viewer (w <= this) are not drawn.
    public static let nearW = 1e-6

    /// The homogeneous image (X, Y, W) of `p`.
    public func homogeneous(_ p: Point) -> (x: Double, y: Double, w: Double) {
        (m00 * p.x + m01 * p.y + m02, m10 * p.x + m11 * p.y + m12, m20 * p.x + m21 * p.y + m22)
    }

    /// Where `p` lands, or nil when it is at or behind the viewer (w <= `nearW`).
    public func apply(_ p: Point) -> Point? {
        let (x, y, w) = homogeneous(p)
        guard w > Homography.nearW else { return nil }
        return Point(x / w, y / w)
    }

    /// `self` applied first, then the affine `t`.
    public func concatenating(_ t: Transform2D) -> Homography { Homography(t) * self }

    /// The affine `t` applied first, then `self`.
    public func after(_ t: Transform2D) -> Homography { self * Homography(t) }

    /// The matrix product (`b` applied first).
    public static func * (a: Homography, b: Homography) -> Homography {
        Homography(a.m00 * b.m00 + a.m01 * b.m10 + a.m02 * b.m20, a.m00 * b.m01 + a.m01 * b.m11 + a.m02 * b.m21,
                   a.m00 * b.m02 + a.m01 * b.m12 + a.m02 * b.m22,
                   a.m10 * b.m00 + a.m11 * b.m10 + a.m12 * b.m20, a.m10 * b.m01 + a.m11 * b.m11 + a.m12 * b.m21,
                   a.m10 * b.m02 + a.m11 * b.m12 + a.m12 * b.m22,
                   a.m20 * b.m00 + a.m21 * b.m10 + a.m22 * b.m20, a.m20 * b.m01 + a.m21 * b.m11 + a.m22 * b.m21,
                   a.m20 * b.m02 + a.m21 * b.m12 + a.m22 * b.m22)
    }

    /// The inverse, or nil when singular or not finite.
    public var inverted: Homography? {
        let c00 = m11 * m22 - m12 * m21, c01 = m12 * m20 - m10 * m22, c02 = m10 * m21 - m11 * m20
        let det = m00 * c00 + m01 * c01 + m02 * c02
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        let inv = Homography(c00 * k, (m02 * m21 - m01 * m22) * k, (m01 * m12 - m02 * m11) * k,
                             c01 * k, (m00 * m22 - m02 * m20) * k, (m02 * m10 - m00 * m12) * k,
                             c02 * k, (m01 * m20 - m00 * m21) * k, (m00 * m11 - m01 * m10) * k)
        return inv.isFinite ? inv : nil
    }

    /// Whether the last row is (0, 0, 1) to within `tolerance` (relative to m22): an affine transform.
    public func isAffine(tolerance: Double = 1e-12) -> Bool {
        abs(m20) <= tolerance * abs(m22) && abs(m21) <= tolerance * abs(m22) && m22 != 0
    }

    /// The affine transform, when it is one.
    public var affine: Transform2D? {
        guard isAffine() else { return nil }
        let k = 1 / m22
        return Transform2D(a: m00 * k, b: m10 * k, c: m01 * k, d: m11 * k, tx: m02 * k, ty: m12 * k)
    }

    /// Whether every entry is finite.
    public var isFinite: Bool {
        m00.isFinite && m01.isFinite && m02.isFinite && m10.isFinite && m11.isFinite && m12.isFinite
            && m20.isFinite && m21.isFinite && m22.isFinite
    }

    /// The four corners of `r` as drawn, in the order top-left, top-right, bottom-right, bottom-left of `r`; nil
    /// when a corner is at or behind the viewer.
    public func quad(_ r: Rect) -> [Point]? {
        var out: [Point] = []
        out.reserveCapacity(4)
        for p in [r.origin, Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)] {
            guard let q = apply(p) else { return nil }
            out.append(q)
        }
        return out
    }

    /// The part of the polygon `points` (in the plane, before the transform) in front of the viewer, mapped: the
    /// polygon clipped where w = `nearW` (w is affine in the plane, so the cut is a straight line there), then
    /// projected. Empty when none of it is in front.
    public func project(_ points: [Point]) -> [Point] {
        let w = points.map { m20 * $0.x + m21 * $0.y + m22 }
        if w.allSatisfy({ $0 > Homography.nearW }) { return points.compactMap(apply) }
        var kept: [Point] = []
        for k in points.indices {
            let a = points[k], b = points[(k + 1) % points.count]
            let wa = w[k], wb = w[(k + 1) % points.count]
            if wa > Homography.nearW { kept.append(a) }
            if (wa > Homography.nearW) != (wb > Homography.nearW) {
                // Slightly inside the near side, so the cut point projects.
                let t = (2 * Homography.nearW - wa) / (wb - wa)
                kept.append(Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t))
            }
        }
        return kept.compactMap(apply)
    }

    /// The bounding box of `r` as drawn (its part in front of the viewer), or nil when none of it is.
    public func bounds(of r: Rect) -> Rect? {
        let ps = project([r.origin, Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)])
        guard let first = ps.first else { return nil }
        var x0 = first.x, x1 = first.x, y0 = first.y, y1 = first.y
        for p in ps { x0 = min(x0, p.x); x1 = max(x1, p.x); y0 = min(y0, p.y); y1 = max(y1, p.y) }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }
}

extension Array where Element == Point {
    /// The signed area of the polygon (positive when its points run clockwise on screen, y down).
    public var signedArea: Double {
        guard count >= 3 else { return 0 }
        var s = 0.0
        for k in indices {
            let a = self[k], b = self[(k + 1) % count]
            s += a.x * b.y - b.x * a.y
        }
        return s / 2
    }

    /// Whether `p` lies inside the polygon (even-odd rule).
    public func polygonContains(_ p: Point) -> Bool {
        var inside = false
        var j = count - 1
        for i in indices {
            let a = self[i], b = self[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }
}
