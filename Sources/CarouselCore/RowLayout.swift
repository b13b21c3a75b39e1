/// The size of one item along a row: a fixed width, or a share of the space left after the fixed items.
public enum ItemWidth: Hashable, Sendable {
    case fixed(Double)
    case flexible(weight: Double)
}

/// A horizontal stack: items placed left to right with spacing and padding, vertically centred.
public struct RowLayout: Hashable, Sendable {
    public var spacing: Double
    public var padding: EdgeInsets
    public init(spacing: Double = 0, padding: EdgeInsets = .zero) { self.spacing = spacing; self.padding = padding }

    /// Frames for items of the given widths and heights inside `bounds`. Flexible items share the width the fixed
    /// items and spacing leave (never below 0); heights larger than the inner height are clamped.
    public func frames(widths: [ItemWidth], heights: [Double], in bounds: Rect) -> [Rect] {
        let inner = bounds.insetBy(padding)
        let fixed = widths.reduce(0.0) { if case .fixed(let w) = $1 { return $0 + w } else { return $0 } }
        let weights = widths.reduce(0.0) { if case .flexible(let k) = $1 { return $0 + max(k, 0) } else { return $0 } }
        let gaps = spacing * Double(max(widths.count - 1, 0))
        let free = max(inner.width - fixed - gaps, 0)
        var x = inner.minX
        var out: [Rect] = []
        out.reserveCapacity(widths.count)
        for (i, w) in widths.enumerated() {
            let width: Double
            switch w {
            case .fixed(let v): width = v
            case .flexible(let k): width = weights > 0 ? free * max(k, 0) / weights : 0
            }
            let h = min(i < heights.count ? heights[i] : inner.height, inner.height)
            out.append(Rect(x, inner.midY - h / 2, width, h))
            x += width + spacing
        }
        return out
    }

    /// The total width of items of `widths` with this spacing and horizontal padding.
    public func contentWidth(_ widths: [Double]) -> Double {
        widths.reduce(0, +) + spacing * Double(max(widths.count - 1, 0)) + padding.left + padding.right
    }
}
