/// A value that animations can interpolate and springs can move: a vector space with a length.
public protocol VectorValue: Equatable, Sendable {
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    /// The value multiplied component-wise by `k`.
    func scaled(by k: Double) -> Self
    /// The largest absolute component, used to decide when a spring has settled.
    var magnitude: Double { get }
}

extension Double: VectorValue {
    public func scaled(by k: Double) -> Double { self * k }
}

extension Point: VectorValue {
    public func scaled(by k: Double) -> Point { Point(x * k, y * k) }
    public var magnitude: Double { max(abs(x), abs(y)) }
}

extension Size: VectorValue {
    public static func + (a: Size, b: Size) -> Size { Size(a.width + b.width, a.height + b.height) }
    public static func - (a: Size, b: Size) -> Size { Size(a.width - b.width, a.height - b.height) }
    public func scaled(by k: Double) -> Size { Size(width * k, height * k) }
    public var magnitude: Double { max(abs(width), abs(height)) }
}

extension Rect: VectorValue {
    public static func + (a: Rect, b: Rect) -> Rect { Rect(origin: a.origin + b.origin, size: a.size + b.size) }
    public static func - (a: Rect, b: Rect) -> Rect { Rect(origin: a.origin - b.origin, size: a.size - b.size) }
    public func scaled(by k: Double) -> Rect { Rect(origin: origin.scaled(by: k), size: size.scaled(by: k)) }
    public var magnitude: Double { max(origin.magnitude, size.magnitude) }
}

extension Color: VectorValue {
    public static let zero = Color(0, 0, 0, 0)
    public static func + (l: Color, r: Color) -> Color { Color(l.r + r.r, l.g + r.g, l.b + r.b, l.a + r.a) }
    public static func - (l: Color, r: Color) -> Color { Color(l.r - r.r, l.g - r.g, l.b - r.b, l.a - r.a) }
    public func scaled(by k: Double) -> Color { Color(r * k, g * k, b * k, a * k) }
    public var magnitude: Double { max(abs(r), abs(g), abs(b), abs(a)) }
}

/// Linear interpolation between two vector values: `t = 0` gives `a`, `t = 1` gives `b`.
@inlinable public func lerp<V: VectorValue>(_ a: V, _ b: V, _ t: Double) -> V { a + (b - a).scaled(by: t) }
