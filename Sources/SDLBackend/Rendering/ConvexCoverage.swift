import CarouselCore

/// The anti-aliased coverage of a convex polygon as A8 bytes: each pixel's share of four sub-scanlines, each
/// measured exactly across the row (the polygon's left and right edges walked once from its top to its bottom).
/// A projected drawing's outline (a rectangle or rounded rectangle, projected and cut to a rectangle) is convex.
/// Rows are written whole: the span inside every sub-scanline filled at once, only the few edge pixels added up, so
/// a mask costs about a memset of its box (pixman's general rasteriser samples 15 x 17 points a pixel).
enum ConvexCoverage {
    /// Sub-scanlines per pixel row.
    static let rows = 4

    /// Writes the coverage of `polygon` (coordinates relative to the mask's top-left pixel corner) into `mask`
    /// (`width` x `height` bytes, `stride` apart), every byte of it. Points in either turning order.
    static func fill(_ polygon: [Point], into mask: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int) {
        for y in 0..<height { (mask + y * stride).initialize(repeating: 0, count: width) }
        let n = polygon.count
        guard n >= 3, width > 0, height > 0 else { return }
        // The chains from the topmost point to the bottommost, one each way round.
        let (top, bottom) = extremes(of: polygon)
        var a = Chain(polygon: polygon, from: top, to: bottom, step: 1)
        var b = Chain(polygon: polygon, from: top, to: bottom, step: -1)
        let first = max(Int(polygon[top].y.rounded(.down)), 0), last = min(Int(polygon[bottom].y.rounded(.up)), height)
        guard first < last else { return }
        let weight = 256.0 / Double(rows)
        var lefts = [Double](repeating: 0, count: rows), rights = [Double](repeating: 0, count: rows)
        for y in first..<last {
            let row = mask + y * stride
            var any = false, every = true
            var innerL = -Double.infinity, innerR = Double.infinity  // the span every sub-scanline covers
            var outerL = Double.infinity, outerR = -Double.infinity
            for s in 0..<rows {
                let sy = Double(y) + (Double(s) + 0.5) / Double(rows)
                guard let xa = a.x(at: sy), let xb = b.x(at: sy) else { lefts[s] = 0; rights[s] = 0; every = false; continue }
                let l = max(min(xa, xb), 0), r = max(min(max(xa, xb), Double(width)), l)
                lefts[s] = l; rights[s] = r
                if r > l { any = true } else { every = false }
                innerL = max(innerL, l); innerR = min(innerR, r)
                outerL = min(outerL, l); outerR = max(outerR, r)
            }
            guard any else { continue }
            if !every { innerL = 0; innerR = 0 }
            // Pixels wholly inside every sub-scanline's span: full.
            let fullFrom = Int(innerL.rounded(.up)), fullTo = Int(innerR.rounded(.down))
            if fullTo > fullFrom { (row + fullFrom).update(repeating: 255, count: fullTo - fullFrom) }
            // The rest of [outerL, outerR): each sub-scanline's share of each pixel.
            let from = max(Int(outerL.rounded(.down)), 0), to = min(Int(outerR.rounded(.up)), width)
            guard from < to else { continue }
            // The edge pixels left and right of the full span (the whole of [from, to) when there is none).
            let leftEnd = fullTo > fullFrom ? min(max(fullFrom, from), to) : to
            let rightStart = fullTo > fullFrom ? max(min(fullTo, to), leftEnd) : to
            for x in from..<leftEnd { row[x] = ConvexCoverage.share(of: x, lefts, rights, weight) }
            for x in rightStart..<to { row[x] = ConvexCoverage.share(of: x, lefts, rights, weight) }
        }
    }

    /// Pixel `x`'s coverage: the sub-scanline spans' shares of it, in 1/255.
    @inline(__always)
    private static func share(of x: Int, _ lefts: [Double], _ rights: [Double], _ weight: Double) -> UInt8 {
        var c = 0.0
        let x0 = Double(x), x1 = x0 + 1
        for s in 0..<rows { c += max(0, min(rights[s], x1) - max(lefts[s], x0)) }
        return UInt8(min(c * weight, 255).rounded())
    }

    /// The indices of the polygon's topmost and bottommost points (the first of each when several share a y).
    static func extremes(of polygon: [Point]) -> (top: Int, bottom: Int) {
        var top = 0, bottom = 0
        for k in 1..<polygon.count {
            if polygon[k].y < polygon[top].y { top = k }
            if polygon[k].y > polygon[bottom].y { bottom = k }
        }
        return (top, bottom)
    }

    /// Sets to 0 every pixel of `mask` lying wholly inside the convex `polygon` and at least `margin` pixels from its
    /// edge (what an opaque drawing above will cover).
    static func clear(inside polygon: [Point], mask: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, margin: Int = 1) {
        let n = polygon.count
        guard n >= 3 else { return }
        let (top, bottom) = extremes(of: polygon)
        var a = Chain(polygon: polygon, from: top, to: bottom, step: 1)
        var b = Chain(polygon: polygon, from: top, to: bottom, step: -1)
        let first = max(Int(polygon[top].y.rounded(.up)), 0), last = min(Int(polygon[bottom].y.rounded(.down)) - 1, height - 1)
        guard first <= last else { return }
        for y in first...last {
            // A convex polygon's span over a row is narrowest at the row's top or bottom edge.
            guard let a0 = a.x(at: Double(y)), let b0 = b.x(at: Double(y)), let a1 = a.x(at: Double(y + 1)), let b1 = b.x(at: Double(y + 1)) else { continue }
            let l = max(min(a0, b0), min(a1, b1)), r = min(max(a0, b0), max(a1, b1))
            let from = max(Int(l.rounded(.up)) + margin, 0), to = min(Int(r.rounded(.down)) - margin, width)
            if to > from { (mask + y * stride + from).update(repeating: 0, count: to - from) }
        }
    }

    /// One side of the polygon walked downwards: the edge holding the current y, advanced as y grows.
    private struct Chain {
        let polygon: [Point]
        let to: Int
        let step: Int
        var k: Int

        init(polygon: [Point], from: Int, to: Int, step: Int) {
            self.polygon = polygon; self.to = to; self.step = step; k = from
        }

        /// The chain's x at `y`, or nil above its top or below its bottom.
        mutating func x(at y: Double) -> Double? {
            let n = polygon.count
            while k != to {
                let next = (k + step + n) % n
                if polygon[next].y >= y {
                    let a = polygon[k], b = polygon[next]
                    if a.y > y { return nil }
                    let dy = b.y - a.y
                    return dy > 1e-12 ? a.x + (b.x - a.x) * (y - a.y) / dy : max(a.x, b.x)
                }
                k = next
            }
            return nil
        }
    }
}
