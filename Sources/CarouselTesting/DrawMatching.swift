import CarouselCore

extension Array where Element == ResolvedDraw {
    /// The image draws, in paint order.
    public var images: [ResolvedDraw] { filter { if case .image = $0.kind { return true } else { return false } } }
    /// The text draws' strings, in paint order.
    public var texts: [String] { compactMap { if case .text(let s, _, _) = $0.kind { return s } else { return nil } } }

    /// Whether `expected` appears in this list in order (other draws may come between), each matched by `isClose`.
    public func containsSubsequence(_ expected: [ResolvedDraw], tolerance: Double = 0.01) -> Bool {
        var i = 0
        for d in self where i < expected.count && d.isClose(to: expected[i], tolerance: tolerance) { i += 1 }
        return i == expected.count
    }

    /// Whether two frames show the same thing: the same draws in the same order, within `tolerance`.
    public func looksSame(as other: [ResolvedDraw], tolerance: Double = 0.01) -> Bool {
        count == other.count && zip(self, other).allSatisfy { $0.isClose(to: $1, tolerance: tolerance) }
    }
}
