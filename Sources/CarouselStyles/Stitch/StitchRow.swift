import CarouselCore

/// The stitch style's measured row: each image's aspect ratio, their running sums, the row height and the
/// viewport, and the geometry that follows from them for any spacing.
///
/// Coordinates along the row are "strip coordinates": 0 is the leading edge of the first image, and image `i`
/// starts at `x(i) = height * (aspect[0] + ... + aspect[i-1]) + i * spacing`. With a scroll offset `o`, strip
/// coordinate `u` is drawn at window x `padding - o + u`, so offset `o` puts strip coordinate `o` on the row's
/// leading padding line. Every lookup is a binary search over the running sums: O(log n) for any deck size.
struct StitchRow: Equatable {
    /// Width over height of each image.
    private(set) var aspects: [Double]
    /// `prefix[i]` is the sum of the first `i` aspect ratios (count + 1 entries).
    private(set) var prefix: [Double]
    /// The height every image is fitted to.
    var height: Double
    /// Space before the first and after the last image, and above and below the row.
    var padding: Double
    /// The width of the window the row scrolls in.
    var viewportWidth: Double

    init(aspects: [Double], height: Double, padding: Double, viewportWidth: Double) {
        self.aspects = aspects
        var sums = [0.0]
        sums.reserveCapacity(aspects.count + 1)
        for a in aspects { sums.append(sums[sums.count - 1] + a) }
        prefix = sums
        self.height = height; self.padding = padding; self.viewportWidth = viewportWidth
    }

    var count: Int { aspects.count }

    // MARK: Positions

    /// The leading edge of image `i` in strip coordinates.
    func x(_ i: Int, spacing s: Double) -> Double { height * prefix[i] + Double(i) * s }

    /// The width of image `i`.
    func width(_ i: Int) -> Double { height * aspects[i] }

    /// The width of all images with their gaps (the clipping strip).
    func stripWidth(spacing s: Double) -> Double {
        count == 0 ? 0 : height * prefix[count] + Double(count - 1) * s
    }

    /// The offsets the row may rest at: from the start to the end of the content, or a single offset that centres
    /// content narrower than the viewport (negative, so the strip moves right).
    func offsetRange(spacing s: Double) -> ClosedRange<Double> {
        let extra = stripWidth(spacing: s) + 2 * padding - viewportWidth
        return extra >= 0 ? 0...extra : (extra / 2)...(extra / 2)
    }

    // MARK: Lookups

    /// The first image whose trailing edge lies after strip coordinate `u` (`count` when none does).
    func firstIndex(endingAfter u: Double, spacing s: Double) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if x(mid, spacing: s) + width(mid) > u { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// The last image whose leading edge is at or before strip coordinate `u` (0 when none is).
    func lastIndex(startingAtOrBefore u: Double, spacing s: Double) -> Int {
        var lo = 0, hi = count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if x(mid, spacing: s) <= u { lo = mid } else { hi = mid - 1 }
        }
        return max(lo, 0)
    }

    /// The first image that is mostly right of the leading padding line at offset `o`: its centre is at or after
    /// it (the "current" image; with a snapped offset, the image whose edge sits on the line).
    func mostlyVisibleIndex(offset o: Double, spacing s: Double) -> Int {
        guard count > 0 else { return 0 }
        var lo = 0, hi = count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if x(mid, spacing: s) + width(mid) / 2 >= o - 0.5 { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// How many gaps lie before strip coordinate `u`: `i` inside image `i`, fractional inside the gap after it.
    ///
    /// When the spacing changes by `d`, the content at `u` moves by `gaps * d`; shifting the offset by the same
    /// amount keeps it where it is on screen (the anchor rule).
    func gaps(before u: Double, spacing s: Double) -> Double {
        guard count > 1, u > 0 else { return 0 }
        let i = lastIndex(startingAtOrBefore: u, spacing: s)
        let end = x(i, spacing: s) + width(i)
        if u <= end || i == count - 1 || s <= 0 { return Double(i) }
        return Double(i) + min((u - end) / s, 1)
    }

    /// A place along the row that survives re-measuring: an image, a fraction of its width, and points beyond
    /// (into the gap after it, or before the row when negative).
    struct Position: Equatable {
        var index: Int
        var fraction: Double
        var extra: Double
    }

    /// The position of strip coordinate `u`.
    func position(at u: Double, spacing s: Double) -> Position {
        guard count > 0, u > 0 else { return Position(index: 0, fraction: 0, extra: u) }
        let i = lastIndex(startingAtOrBefore: u, spacing: s)
        let w = width(i), into = u - x(i, spacing: s)
        return into <= w ? Position(index: i, fraction: w > 0 ? into / w : 0, extra: 0)
                         : Position(index: i, fraction: 1, extra: into - w)
    }

    /// The strip coordinate of `position` in this row.
    func coordinate(of position: Position, spacing s: Double) -> Double {
        guard count > 0 else { return position.extra }
        let i = min(position.index, count - 1)
        // Points into a gap stay inside the gap when it narrows.
        let extra = position.extra > 0 && i < count - 1 ? min(position.extra, s) : position.extra
        return x(i, spacing: s) + position.fraction * width(i) + extra
    }
}
