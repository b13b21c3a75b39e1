// MARK: - Geometry primitives. Coordinates are y-down window points, as in SDL and SwiftUI.

/// A point in window coordinates (y grows downwards).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(0, 0)
    public var description: String { "(\(x), \(y))" }
    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, k: Double) -> Point { Point(a.x * k, a.y * k) }
}

/// A width and a height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(0, 0)
    public var description: String { "\(width)x\(height)" }
    /// Width over height; 1 for an empty size.
    public var aspectRatio: Double { height > 0 && width > 0 ? width / height : 1 }

    /// The largest size with this aspect ratio that fits inside `bounds`.
    public func aspectFit(in bounds: Size) -> Size {
        guard width > 0, height > 0 else { return .zero }
        let k = min(bounds.width / width, bounds.height / height)
        return Size(width * k, height * k)
    }

    /// The smallest size with this aspect ratio that covers `bounds`.
    public func aspectFill(_ bounds: Size) -> Size {
        guard width > 0, height > 0 else { return .zero }
        let k = max(bounds.width / width, bounds.height / height)
        return Size(width * k, height * k)
    }
}

/// An axis-aligned rectangle: origin is the top-left corner.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        origin = Point(x, y); size = Size(width, height)
    }
    public init(x: Double, y: Double, width: Double, height: Double) { self.init(x, y, width, height) }
    public static let zero = Rect(0, 0, 0, 0)
    public var description: String { "[\(x), \(y), \(width), \(height)]" }

    public var x: Double { get { origin.x } set { origin.x = newValue } }
    public var y: Double { get { origin.y } set { origin.y = newValue } }
    public var width: Double { get { size.width } set { size.width = newValue } }
    public var height: Double { get { size.height } set { size.height = newValue } }
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var center: Point { Point(midX, midY) }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether `p` lies inside (left and top edges inclusive, right and bottom exclusive).
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
    /// Whether the two rectangles overlap with a non-empty area.
    public func intersects(_ r: Rect) -> Bool { !intersection(r).isEmpty }
    /// The overlap of two rectangles, or an empty rect at the origin of `self` when they do not overlap.
    public func intersection(_ r: Rect) -> Rect {
        let x0 = max(minX, r.minX), y0 = max(minY, r.minY)
        let x1 = min(maxX, r.maxX), y1 = min(maxY, r.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x0, y0, x1 - x0, y1 - y0) : Rect(x0, y0, 0, 0)
    }
    /// The smallest rectangle holding both.
    public func union(_ r: Rect) -> Rect {
        if isEmpty { return r }
        if r.isEmpty { return self }
        let x0 = min(minX, r.minX), y0 = min(minY, r.minY)
        return Rect(x0, y0, max(maxX, r.maxX) - x0, max(maxY, r.maxY) - y0)
    }
    /// Grown by `dx` on the left and right and `dy` on the top and bottom (negative shrinks).
    public func insetBy(_ insets: EdgeInsets) -> Rect {
        Rect(x + insets.left, y + insets.top, width - insets.left - insets.right, height - insets.top - insets.bottom)
    }
    public func offsetBy(_ dx: Double, _ dy: Double) -> Rect { Rect(x + dx, y + dy, width, height) }
    public func outset(_ d: Double) -> Rect { Rect(x - d, y - d, width + 2 * d, height + 2 * d) }

    /// A rect of `content` size placed inside `self` by the content mode (fill and centre may overflow `self`).
    public func placing(_ content: Size, mode: ContentMode) -> Rect {
        let s: Size
        switch mode {
        case .fill: s = content.aspectFill(size)
        case .fit: s = content.aspectFit(in: size)
        case .center: s = content
        case .scaleDown: s = content.width <= size.width && content.height <= size.height ? content : content.aspectFit(in: size)
        case .stretch: s = size
        }
        return Rect(midX - s.width / 2, midY - s.height / 2, s.width, s.height)
    }
}

/// Distances from each edge, used for padding.
public struct EdgeInsets: Hashable, Sendable {
    public var top, left, bottom, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// The same inset on all four edges.
    public init(all d: Double) { self.init(top: d, left: d, bottom: d, right: d) }
    public static let zero = EdgeInsets()
}

/// How an image is placed in a rectangle of another aspect ratio.
public enum ContentMode: String, Sendable, CaseIterable, Codable {
    /// Aspect-fill: cover the rectangle, crop what overflows.
    case fill
    /// Aspect-fit: the whole image inside the rectangle, letter-boxed.
    case fit
    /// Natural size, centred (UIKit's `.center`), cropped to the rectangle.
    case center
    /// Natural size, centred, but never larger than the rectangle: a larger image is scaled down to fit (aspect kept),
    /// as CSS's `object-fit: scale-down`.
    case scaleDown
    /// Stretched to the rectangle, aspect ratio lost.
    case stretch
}

/// A 2D affine transform `[a b; c d] + (tx, ty)`, mapping `(x, y)` to `(a x + c y + tx, b x + d y + ty)`.
public struct Transform2D: Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public static func translation(_ dx: Double, _ dy: Double) -> Transform2D {
        Transform2D(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }
    public static func scale(_ sx: Double, _ sy: Double) -> Transform2D {
        Transform2D(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    /// A scale by `s` that keeps `anchor` fixed.
    public static func scale(_ s: Double, about anchor: Point) -> Transform2D {
        Transform2D(a: s, b: 0, c: 0, d: s, tx: anchor.x * (1 - s), ty: anchor.y * (1 - s))
    }
    public var isIdentity: Bool { self == .identity }
    /// Whether the transform only scales and translates (no rotation or skew): what the SDL renderer supports.
    public var isAxisAligned: Bool { b == 0 && c == 0 }
    /// `self` applied first, then `t`.
    public func concatenating(_ t: Transform2D) -> Transform2D {
        Transform2D(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                        c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                        tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    public func apply(_ p: Point) -> Point { Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }
    /// The bounding box of the transformed rectangle.
    /// (Four corners in scalars, no arrays: the paint pass asks this for every node of every frame.)
    public func apply(_ r: Rect) -> Rect {
        let p0 = apply(r.origin), p1 = apply(Point(r.maxX, r.minY)), p2 = apply(Point(r.minX, r.maxY)), p3 = apply(Point(r.maxX, r.maxY))
        let minX = min(p0.x, p1.x, p2.x, p3.x), minY = min(p0.y, p1.y, p2.y, p3.y)
        return Rect(minX, minY, max(p0.x, p1.x, p2.x, p3.x) - minX, max(p0.y, p1.y, p2.y, p3.y) - minY)
    }
    /// The inverse transform, or nil when it is singular.
    public var inverted: Transform2D? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform2D(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }
    /// The horizontal scale factor (length of the transformed x unit vector).
    public var scaleX: Double { (a * a + b * b).squareRoot() }
}

/// An RGBA colour with components in 0...1.
/// A fill whose colour goes from `leading` at its left edge to `trailing` at its right edge, linearly.
public struct HorizontalGradient: Hashable, Sendable {
    public var leading: Color
    public var trailing: Color
    public init(from leading: Color, to trailing: Color) { self.leading = leading; self.trailing = trailing }

    /// The colour at `fraction` of the width (0 at the left edge, 1 at the right; clamped).
    public func color(at fraction: Double) -> Color {
        let t = min(max(fraction, 0), 1)
        return Color(leading.r + (trailing.r - leading.r) * t, leading.g + (trailing.g - leading.g) * t,
                     leading.b + (trailing.b - leading.b) * t, leading.a + (trailing.a - leading.a) * t)
    }
}

public struct Color: Hashable, Sendable {
    public var r, g, b, a: Double
    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    /// From 0xRRGGBB and an alpha.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(Double((hex >> 16) & 0xff) / 255, Double((hex >> 8) & 0xff) / 255, Double(hex & 0xff) / 255, alpha)
    }
    public func withAlpha(_ alpha: Double) -> Color { Color(r, g, b, alpha) }
    public static let black = Color(0, 0, 0)
    public static let white = Color(1, 1, 1)
    public static let clear = Color(0, 0, 0, 0)
}
