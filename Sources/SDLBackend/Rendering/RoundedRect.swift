import CarouselCore

/// Corner radii in the order top-left, top-right, bottom-right, bottom-left (clockwise in y-down space).
struct CornerRadii: Equatable {
    var topLeft, topRight, bottomRight, bottomLeft: Double

    init(_ topLeft: Double, _ topRight: Double, _ bottomRight: Double, _ bottomLeft: Double) {
        self.topLeft = topLeft; self.topRight = topRight; self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }

    init(all r: Double) { self.init(r, r, r, r) }

    static let zero = CornerRadii(all: 0)

    subscript(corner: Int) -> Double {
        get {
            switch corner {
            case 0: topLeft
            case 1: topRight
            case 2: bottomRight
            default: bottomLeft
            }
        }
        set {
            switch corner {
            case 0: topLeft = newValue
            case 1: topRight = newValue
            case 2: bottomRight = newValue
            default: bottomLeft = newValue
            }
        }
    }
}

/// An axis-aligned rectangle with a radius per corner, in device pixels: the shape every fill, image, shadow and
/// clip of `SDLRenderer` is reduced to.
struct RoundedRect: Equatable {
    var rect: Rect
    var radii: CornerRadii

    init(_ rect: Rect, radii: CornerRadii) {
        self.rect = rect
        self.radii = radii
        clampRadii()
    }

    init(_ rect: Rect, radius: Double) { self.init(rect, radii: CornerRadii(all: radius)) }

    /// The outward direction of corner `k` (0 top-left, clockwise): -1 or +1 on each axis.
    static func outwardSign(_ k: Int) -> (x: Double, y: Double) {
        switch k {
        case 0: (-1, -1)
        case 1: (1, -1)
        case 2: (1, 1)
        default: (-1, 1)
        }
    }

    /// The corner point `k` of `r` (0 top-left, clockwise).
    static func corner(_ k: Int, of r: Rect) -> Point {
        switch k {
        case 0: Point(r.minX, r.minY)
        case 1: Point(r.maxX, r.minY)
        case 2: Point(r.maxX, r.maxY)
        default: Point(r.minX, r.maxY)
        }
    }

    var isEmpty: Bool { rect.isEmpty }
    var hasRoundCorners: Bool { radii.topLeft > 0 || radii.topRight > 0 || radii.bottomRight > 0 || radii.bottomLeft > 0 }

    /// Keeps every radius within half the shorter side and non-negative.
    mutating func clampRadii() {
        let limit = max(0, min(rect.width, rect.height) / 2)
        for k in 0..<4 { radii[k] = min(max(radii[k], 0), limit) }
    }

    /// The overlap of two rounded rectangles, approximated by a rounded rectangle: the overlap of the two rects,
    /// with each corner rounded by whichever shape cuts it more (see `cut(corner:at:)`). Nil when they do not overlap.
    func intersection(_ other: RoundedRect) -> RoundedRect? {
        let r = rect.intersection(other.rect)
        guard !r.isEmpty else { return nil }
        var radii = CornerRadii.zero
        for k in 0..<4 {
            let p = RoundedRect.corner(k, of: r)
            radii[k] = max(cut(corner: k, at: p), other.cut(corner: k, at: p))
        }
        return RoundedRect(r, radii: radii)
    }

    /// Whether `other` lies entirely inside this shape: inside its rect, and each of its corners rounded at least
    /// as much as this shape's rounding demands at that point.
    func covers(_ other: RoundedRect) -> Bool {
        guard rect.contains(rect: other.rect) else { return false }
        for k in 0..<4 where cut(corner: k, at: RoundedRect.corner(k, of: other.rect)) > other.radii[k] + 1e-6 { return false }
        return true
    }

    /// The radius a corner of type `k` placed at `p` (a point inside `rect`) needs to follow this shape's rounded
    /// corner `k`: the full radius when `p` is that corner, 0 when `p` lies outside the corner's square or inside
    /// its arc, and in between (the mean of the two distances from `p` to where the arc crosses the edges through
    /// `p`) when `p` lies in the part of the corner square the arc cuts away.
    func cut(corner k: Int, at p: Point) -> Double {
        let rc = radii[k]
        guard rc > 0 else { return 0 }
        let c = RoundedRect.corner(k, of: rect)
        let s = RoundedRect.outwardSign(k)
        // Distances from the corner inwards along each axis.
        let dx = (c.x - p.x) * s.x, dy = (c.y - p.y) * s.y
        let eps = 1e-6
        if dx >= rc || dy >= rc { return 0 }
        if dx <= eps && dy <= eps { return rc }
        let ox = rc - dx, oy = rc - dy
        if ox * ox + oy * oy <= rc * rc { return 0 }
        let alongX = rc - (max(0, rc * rc - oy * oy)).squareRoot() - dx
        let alongY = rc - (max(0, rc * rc - ox * ox)).squareRoot() - dy
        return max(0, (alongX + alongY) / 2)
    }
}
