/// The offsets a scroll may rest at, ascending: a list, or a count and the offset of each index, computed when asked
/// (`lazy`), so a row of 100,000 items costs nothing when its targets change (an item expands, the spacing changes).
public struct SnapTargets {
    private enum Source { case list([Double]), lazy(count: Int, offset: (Int) -> Double) }
    private let source: Source

    /// Targets from a list (sorted ascending; near-duplicates allowed).
    public init(_ offsets: [Double]) { source = .list(offsets) }

    /// `count` targets, the `i`th at `offset(i)`: ascending by at least a point (item edges, pages).
    public static func lazy(count: Int, offset: @escaping (Int) -> Double) -> SnapTargets {
        SnapTargets(source: .lazy(count: max(count, 0), offset: offset))
    }

    private init(source: Source) { self.source = source }

    /// How many targets there are.
    public var count: Int {
        switch source { case .list(let a): a.count; case .lazy(let n, _): n }
    }

    /// The `i`th target.
    public subscript(i: Int) -> Double {
        switch source { case .list(let a): a[i]; case .lazy(_, let offset): offset(i) }
    }

    /// The targets a scroll over `0...maxOffset` rests at: each clamped into the range, without a target within half
    /// a point of the one before. A list is resolved at once (O(n)); lazy targets by two binary searches (every
    /// target at or before the start, within half a point, rests at the first's clamped offset; likewise at the end).
    func resolved(maxOffset m: Double) -> ResolvedSnapTargets {
        switch source {
        case .list(let targets):
            var out: [Double] = []
            out.reserveCapacity(targets.count)
            for t in targets {
                let c = min(max(t, 0), m)
                if let last = out.last, abs(last - c) <= 0.5 { continue }
                out.append(c)
            }
            return ResolvedSnapTargets(count: out.count) { out[$0] }
        case .lazy(let n, let offset):
            guard n > 0 else { return ResolvedSnapTargets(count: 0) { _ in 0 } }
            let clamp = { (t: Double) in min(max(t, 0), m) }
            guard m >= 1 else {
                // A range under a point holds at most two resting places: the first target's, and the first one more
                // than half a point after it (clamped offsets only grow, so a binary search finds it).
                let first = clamp(offset(0))
                let second = firstIndex(count: n, offset: offset) { clamp($0) > first + 0.5 }
                guard second < n else { return ResolvedSnapTargets(count: 1) { _ in first } }
                let end = clamp(offset(second))
                return ResolvedSnapTargets(count: 2) { $0 == 0 ? first : end }
            }
            let a = firstIndex(count: n, offset: offset) { $0 > 0.5 }       // targets resting at the start
            let b = firstIndex(count: n, offset: offset) { $0 >= m - 0.5 }  // the first resting at the end
            let head = a > 0 ? 1 : 0, tail = b < n ? 1 : 0
            let middle = b - a
            return ResolvedSnapTargets(count: head + middle + tail) { k in
                if k < head { return clamp(offset(0)) }
                if k < head + middle { return offset(a + k - head) }
                return clamp(offset(b))
            }
        }
    }

    /// The first index whose offset satisfies `isAfter` (which holds from some index on), or `count`.
    private func firstIndex(count n: Int, offset: (Int) -> Double, _ isAfter: (Double) -> Bool) -> Int {
        var lo = 0, hi = n
        while lo < hi {
            let mid = (lo + hi) / 2
            if isAfter(offset(mid)) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}

/// Snap targets clamped into a scroll range (see `SnapTargets.resolved`): ascending, at least half a point apart.
struct ResolvedSnapTargets {
    let count: Int
    private let offset: (Int) -> Double
    init(count: Int, offset: @escaping (Int) -> Double) { self.count = count; self.offset = offset }
    var isEmpty: Bool { count == 0 }
    subscript(i: Int) -> Double { offset(i) }
}
